// warp_shfl_reduce.s - the shuffle-reduction bench kernel (bench/warp_bench.sh).
// Thread g starts with v = g; each of `iters` rounds (parameter 2) steps
// v = v * 1664525 + k and folds the warp's 32 values with SHFL.DOWN by 16,
// 8, 4, 2, 1; lane 0 accumulates the warp sums and writes out[g / 32].
// 15 instructions per round: 1 IMAD, 5 SHFL, 5 IADD3, loop control 4.
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        S2R R12, SR_NTID.X ;
        IMAD R13, R1, R12, R0 ;
        MOV R4, R13 ;
        MOV R10, RZ ;
        MOV R11, RZ ;
        LDC R20, c[0x0][0x108] ;
.Lround:
        IMAD R4, R4, 0x19660d, R11 ;
        SHFL.DOWN PT, R6, R4, 0x10, 0x1f ;
        IADD3 R5, R4, R6, RZ ;
        SHFL.DOWN PT, R6, R5, 0x8, 0x1f ;
        IADD3 R5, R5, R6, RZ ;
        SHFL.DOWN PT, R6, R5, 0x4, 0x1f ;
        IADD3 R5, R5, R6, RZ ;
        SHFL.DOWN PT, R6, R5, 0x2, 0x1f ;
        IADD3 R5, R5, R6, RZ ;
        SHFL.DOWN PT, R6, R5, 0x1, 0x1f ;
        IADD3 R5, R5, R6, RZ ;
        IADD3 R10, R10, R5, RZ ;
        IADD3 R11, R11, 0x1, RZ ;
        ISETP.NE.U32.AND P0, PT, R11, R20, PT ;
   @P0  BRA `(.Lround) ;
        S2R R7, SR_LANEID ;
        ISETP.NE.U32.AND P0, PT, R7, RZ, PT ;
   @P0  EXIT ;
        SHF.R.U32.HI R13, RZ, 0x5, R13 ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R13, 0x4, R8 ;
        STG.E [R2.64], R10 ;
        EXIT ;
