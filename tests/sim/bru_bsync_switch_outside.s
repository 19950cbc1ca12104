// BSYNC switch order: B0 holds lanes 0-15 only.  Lanes 0-7 spin with
// YIELD on a flag that lanes 16-31 (not members of B0) set.  Lanes 8-15
// reach BSYNC B0: the missing members (0-7) are yield lanes, so BSYNC
// switches to a non-yield lane OUTSIDE B0 (mask_ny_nb) - lanes 16-31 set
// the flag and exit.  EXIT prefers non-yield lanes: 8-15 retry the BSYNC,
// now only yield lanes are missing -> yield release.  Last, 0-7 see the
// flag and fully synchronise at BSYNC.
.launch grid=1 block=32
.buffer out u32[32] = zero
.buffer flag u32[1] = zero
.param out
.param flag
.init P0 = mask 0x000000ff
.init P1 = mask 0xffff0000
.expect out = {0x11,0x11,0x11,0x11,0x11,0x11,0x11,0x11,2,2,2,2,2,2,2,2,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        MOV R12, c[0x0][0x108] ;
        MOV R13, c[0x0][0x10c] ;
   @P1  BRA `(.L_setter) ;
        BSSY B0, `(.L_join) ;
  @!P0  BRA `(.L_member) ;
.L_spin:
        LDG.E R5, [R12.64] ;
        ISETP.NE.AND P2, PT, R5, RZ, PT ;
   @P2  BRA `(.L_got) ;
        YIELD ;
        BRA `(.L_spin) ;
.L_got:
        IADD3 R5, R5, 0x10, RZ ;
        BRA `(.L_join) ;
.L_member:
        MOV R5, 0x2 ;
.L_join:
        BSYNC B0 ;
        STG.E [R2.64], R5 ;
        EXIT ;
.L_setter:
        MOV R6, 0x1 ;
        STG.E [R12.64], R6 ;
        MOV R5, 0x3 ;
        STG.E [R2.64], R5 ;
        EXIT ;
