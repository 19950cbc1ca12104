// The correct form of warp_err_diverged.s: the lanes diverge, then a
// WARPSYNC on the whole warp converges them before the collective (as
// ptxas emits `WARPSYNC mask; SHFL` for shfl.sync in divergent code).
// Lanes 0-15 add 0x100 on their branch; afterwards a butterfly exchange
// over the whole warp: out[lane] = value of lane ^ 1.
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.expect out = {0x101, 0x100, 0x103, 0x102, 0x105, 0x104, 0x107, 0x106, 0x109, 0x108, 0x10b, 0x10a, 0x10d, 0x10c, 0x10f, 0x10e, 0x211, 0x210, 0x213, 0x212, 0x215, 0x214, 0x217, 0x216, 0x219, 0x218, 0x21b, 0x21a, 0x21d, 0x21c, 0x21f, 0x21e}
main:
        S2R R0, SR_LANEID ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        MOV R4, R0 ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
   @P0  BRA `(.L1) ;
        IADD3 R4, R4, 0x200, RZ ;
        BRA `(.L2) ;
.L1:
        IADD3 R4, R4, 0x100, RZ ;
.L2:
        WARPSYNC 0xffffffff ;
        SHFL.BFLY PT, R5, R4, 0x1, 0x1f ;
        STG.E [R2.64], R5 ;
        EXIT ;
