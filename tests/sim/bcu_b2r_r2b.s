// The barrier state word (docs/semantics.md): B2R.BAR while one warp is
// blocked in BAR.RED.POPC reads count 1 (bits 6:0), expected 2 (13:7),
// kind RED (15:14 = 2), op POPC (17:16 = 2), running popc 32 (29:19).
// R2B.BAR writes it back unchanged (a save/restore mid-reduction) and the
// reduction still completes with 64.  After it, B2R.WARP reads the warp's
// copy: count 2, expected 2, RED, POPC, popc 64.
.launch grid=1 block=64
.buffer out u32[64] = zero
.param out
.expect out[32] = 0x01028101
.expect out[33] = 0x40
.expect out[34] = 0x02028102
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
   @P1  NANOSLEEP 0x40 ;
   @P1  B2R.BAR R10, 0x1 ;
   @P1  R2B.BAR 0x1, R10 ;
        BAR.RED.POPC 0x1, 0x40, PT ;
        B2R.RESULT R11, PT ;
        B2R.WARP R12 ;
  @!P1  EXIT ;
        MOV R4, c[0x0][0x100] ;
        MOV R5, c[0x0][0x104] ;
        ISETP.EQ.U32.AND P2, PT, R0, 0x20, PT ;
  @!P2  EXIT ;
        STG.E [R4.64+0x80], R10 ;
        STG.E [R4.64+0x84], R11 ;
        STG.E [R4.64+0x88], R12 ;
        EXIT ;
