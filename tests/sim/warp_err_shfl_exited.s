// A shuffle with immediate operands whose source lane exited: after lanes
// 28-31 exited, lane 24 shuffles down by 4 (clamp 31) from lane 28, which
// is no longer a live member of the default mask.  The run stops.
.launch grid=1 block=32
.expect-error "SHFL: lane 24 reads lane 28, which is not a live member of its group 0x0fffffff"
main:
        S2R R0, SR_LANEID ;
        ISETP.GE.U32.AND P0, PT, R0, 0x1c, PT ;
   @P0  EXIT ;
        SHFL.DOWN PT, R1, R0, 0x4, 0x1f ;
        EXIT ;
