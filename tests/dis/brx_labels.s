// brx_labels.s - a jump table reached through BRX, for the listing test
// (tests/unit/test_dis_listing.c): `simt dis --lines` of this object must
// print brx_labels.dis exactly - .L_x_N labels at every case (from the
// BRANCH_TARGETS annotation, which the object keeps in .nv.info), at the
// BRA/BSSY targets, and the source line of every instruction - and that
// listing must reassemble to the same object (line tables aside).
        .section .text.brx_labels,"ax",@progbits
.text.brx_labels:
        BSSY B0, `(.Ljoin) ;
        IMAD.SHL.U32 R6, R6, 0x4, RZ ;
        LDC R6, c[0x2][R6] ;
        SHF.R.S32.HI R7, RZ, 0x1f, R6 ;
.Lbrx:
        BRX R6, `(.text.brx_labels - . - 0x10) (*"BRANCH_TARGETS .Lc0,.Lc1,.Lc2"*) ;
.Lc0:
        IADD3 R4, R4, 0x1, RZ ;
        BRA `(.Ljoin) ;
.Lc1:
        SHF.L.U32 R4, R4, 0x1, RZ ;
        BRA `(.Ljoin) ;
.Lc2:
        IADD3 R4, R4, -0x3, RZ ;
.Ljoin:
        BSYNC B0 ;
        EXIT ;

        .section .nv.constant2.brx_labels,"a",@progbits
        .word (.Lc0 - .text.brx_labels)
        .word (.Lc1 - .text.brx_labels)
        .word (.Lc2 - .text.brx_labels)
