// A BRA to itself in one warp: the livelock detector stops it at once
// (the whole warp state repeats); bench/limit_bench.sh.
main:
        BRA `(main) ;
