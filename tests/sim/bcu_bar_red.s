// BAR.RED over 2 warps (64 threads): POPC of (tid odd) = 32, AND of
// (tid < 64) = true, OR of (tid == 5) = true, AND of (tid odd) = false.
// The 2-operand form takes barrier id Rb[3:0] and count Rb[15:4]
// (Rb = 0x402: barrier 2, count 0x40).  B2R.RESULT reads the warp's copy.
.launch grid=1 block=64
.buffer out u32[64] = zero
.param out
.expect out[0] = 0x1120
.expect out[1] = 0x1120
.expect out[63] = 0x1120
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        LOP3.LUT P1, RZ, R0, 0x1, RZ, 0xc0, !PT ;
        BAR.RED.POPC 0x1, 0x40, P1 ;
        B2R.RESULT R10, PT ;
        ISETP.LT.U32.AND P2, PT, R0, 0x40, PT ;
        BAR.RED.AND 0x1, 0x40, P2 ;
        B2R.RESULT RZ, P3 ;
        ISETP.EQ.U32.AND P2, PT, R0, 0x5, PT ;
        MOV R7, 0x402 ;
        BAR.RED.OR R7, P2 ;
        B2R.RESULT RZ, P4 ;
        BAR.RED.AND R7, P1 ;
        B2R.RESULT RZ, P5 ;
        MOV R5, R10 ;
   @P3  IADD3 R5, R5, 0x100, RZ ;
   @P4  IADD3 R5, R5, 0x1000, RZ ;
   @P5  IADD3 R5, R5, 0x10000, RZ ;
        STG.E [R2.64], R5 ;
        EXIT ;
