// The correct twin of histogram_plain.s (shared-memory histogram incremented with load/add/store instead of an atomic): clean under --check=race,sync,init.
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[4] = zero
.param out
        .shared bins, 16
.expect out = {16, 16, 16, 16}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ISETP.LT.U32.AND P0, PT, R0, 0x4, PT ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
   @P0  STS [R14+`(bins)], RZ ;
        BAR.SYNC 0x0 ;
        LOP3.LUT R3, R0, 0x3, RZ, 0xc0, !PT ;
        SHF.L.U32 R3, R3, 0x2, RZ ;
        MOV R4, 0x1 ;
        ATOMS.ADD RZ, [R3+`(bins)], R4 ;
        BAR.SYNC 0x0 ;
   @!P0 EXIT ;
        LDS R7, [R14+`(bins)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
