// BUG (init): shared array filled only by the even threads, then read by all.
// Twin: uninit_shared_ok.s.
.expect-error "PC 0x00a0 (uninit_shared.s:19): `LDS R7, [R6]`: --check=init: read of 4 bytes at shared 0xfc (sh+0xfc) by lane 0 reads shared memory that no thread has written (uninitialised)"
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[64] = zero
.param out
        .shared sh, 256
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
        LOP3.LUT R3, R0, 0x1, RZ, 0xc0, !PT ;
        ISETP.EQ.U32.AND P0, PT, R3, RZ, PT ;
        @P0 STS [R14+`(sh)], R0 ;
        BAR.SYNC 0x0 ;
        LOP3.LUT R6, R0, 0x3f, RZ, 0x3c, !PT ;
        SHF.L.U32 R6, R6, 0x2, RZ ;
        LDS R7, [R6+`(sh)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
