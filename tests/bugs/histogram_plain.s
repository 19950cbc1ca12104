// BUG (race): shared-memory histogram incremented with load/add/store instead of an atomic.
// Twin: histogram_plain_ok.s.
.expect-error "PC 0x00c0 (histogram_plain.s:21): `STS [R3], R5`: --check=race: write of 4 bytes at shared 0x0 (bins) by lane 0 races with the read of 4 bytes by CTA (0,0,0) warp 1 lane 0 at PC 0x00a0 (histogram_plain.s:19) `LDS R5, [R3]`: no barrier between them; the last common barrier is BAR.SYNC 0 at 0x0060 (histogram_plain.s:15)"
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[4] = zero
.param out
        .shared bins, 16
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
        LDS R5, [R3+`(bins)] ;
        IADD3 R5, R5, R4, RZ ;
        STS [R3+`(bins)], R5 ;
        BAR.SYNC 0x0 ;
   @!P0 EXIT ;
        LDS R7, [R14+`(bins)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
