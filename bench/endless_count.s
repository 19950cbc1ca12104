// A loop that never ends but changes a register every iteration, so only
// the cycle limit stops it (bench/limit_bench.sh runs it with one warp and
// with 64 CTAs of 128 threads).
main:
        MOV R0, 0x0 ;
.L_top:
        IADD3 R0, R0, 0x1, RZ ;
        ISETP.NE.AND P0, PT, R0, -0x1, PT ;
@P0     BRA `(.L_top) ;
        EXIT ;
