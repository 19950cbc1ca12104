// BAR.SYNC with count 0 completes when count + 32 * exited warps equals
// 32 * warps of the CTA.  Block of 80 threads: 3 warps, the last one
// partial (16 lanes) but counting as a whole warp.  Warp 1 exits before
// the barrier; warps 0 and 2 pass it (2*32 + 1*32 = 3*32).
.launch grid=1 block=80
.buffer out u32[80] = zero
.param out
.expect out[0] = 5
.expect out[31] = 5
.expect out[32] = 0
.expect out[63] = 0
.expect out[64] = 5
.expect out[79] = 5
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        ISETP.LT.U32.AND P1, PT, R0, 0x20, PT ;
        ISETP.GE.U32.OR P1, PT, R0, 0x40, P1 ;
  @!P1  EXIT ;
        BAR.SYNC 0x3 ;
        MOV R5, 0x5 ;
        STG.E [R2.64], R5 ;
        EXIT ;
