// The correct twin of uninit_local.s (local array element read before it was written (an uninitialised local variable)): clean under --check=race,sync,init.
.launch grid=1 block=32 check=race,sync,init
.buffer out u32[32] = zero
.param out
.expect out = {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        STL [0x0], R0 ;
        STL [0x4], R0 ;
        LDL R4, [0x0] ;
        LDL R5, [0x4] ;
        IADD3 R4, R4, R5, RZ ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R4 ;
        EXIT ;
