// Lanes of one warp waiting for each other's arrivals: lanes 0-15 need
// phase 0 of an object of 16 participants, which lanes 16-31 complete.
// The waiting lanes run first (fall-through of the divergent BRA) and poll
// with MBAR.TEST.WAIT.PARITY + YIELD, which hands the warp to the other
// lane group (a parked MBAR.TRY.WAIT would park the whole warp:
// docs/semantics.md).  out[tid] = 1 for every waiting lane once through.
.launch grid=1 block=32 shared=64
.init R1 = tid
.init P0 = mask 0x1
.buffer out u32[32] = 0
.param out
@P0     MBAR.INIT [0x8], 0x10 ;
        ISETP.LT.U32.AND P1, PT, R1, 0x10, PT ;
        BSSY B0, `(join) ;
@!P1    BRA `(arrivers) ;
poll:
        MBAR.TEST.WAIT.PARITY P2, [0x8], 0x0 ;
@!P2    YIELD ;
@!P2    BRA `(poll) ;
        MOV R5, 0x1 ;
        BRA `(join) ;
arrivers:
        MBAR.ARRIVE RZ, [0x8] ;
        MOV R5, 0x2 ;
join:
        BSYNC B0 ;
        LDC.64 R8, c[0x0][0x100] ;
        SHF.L.U32 R2, R1, 0x2, RZ ;
        IMAD.WIDE.U32 R8, R2, 0x1, R8 ;
        STG.E [R8.64], R5 ;
        EXIT ;
.expect out = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}
