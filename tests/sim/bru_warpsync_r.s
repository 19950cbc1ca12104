// WARPSYNC.R with per-lane masks in two groups (lanes 0-15: 0x0000ffff,
// lanes 16-31: 0xffff0000), entered from an even/odd divergence.  When all
// have arrived the lowest synchronised group is released alone (one group
// per release, like WARPSYNC.EXCLUSIVE); the other group waits at the
// WARPSYNC and is released after the first exits.  Each group records its
// ActiveMask with BSSY/BMOV.CLEAR.
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.init P0 = mask 0x55555555
.expect out = {0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0x0000ffff,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        ISETP.LT.U32.AND P1, PT, R0, 0x10, PT ;
        MOV R7, 0xffff0000 ;
   @P1  MOV R7, 0x0000ffff ;
   @P0  BRA `(.L_else) ;
        MOV R5, 0x1 ;
        BRA `(.L_common) ;
.L_else:
        MOV R5, 0x2 ;
.L_common:
        WARPSYNC R7 ;
        BSSY B1, `(.L_end) ;
        BMOV.CLEAR R10, B1 ;
        STG.E [R2.64], R10 ;
.L_end:
        EXIT ;
