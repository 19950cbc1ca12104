// store.s - the program of the command-line tests (tests/cli/*.sh): four
// threads store their index, out = {0, 1, 2, 3}.
.launch grid=1 block=4
.buffer out u32[4] = zero
.param out
.expect out = {0, 1, 2, 3}
main:
        S2R R0, SR_TID.X ;
        LDC.64 R2, c[0x0][0x100] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R2 ;
        STG.E [R2.64], R0 ;
        EXIT ;
