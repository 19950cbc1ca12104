// BUG (init): local array element read before it was written (an uninitialised local variable).
// Twin: uninit_local_ok.s.
.expect-error "PC 0x0060 (uninit_local.s:14): `LDL R5, [0x4]`: --check=init: read of 4 bytes at local 0x4 by lane 0 reads local memory that no thread has written (uninitialised)"
.launch grid=1 block=32 check=race,sync,init
.buffer out u32[32] = zero
.param out
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        STL [0x0], R0 ;
        NOP ;
        LDL R4, [0x0] ;
        LDL R5, [0x4] ;
        IADD3 R4, R4, R5, RZ ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R4 ;
        EXIT ;
