// A member lane that is live but not converged: lanes 0-15 branch away,
// lanes 16-31 (which run first, as BRA's fall-through group) issue a
// whole-warp SHFL.  PTX's shfl.sync would wait for them; simtkit requires
// the convergence to be explicit (a WARPSYNC before the collective) and
// reports the diverged lanes.
.launch grid=1 block=32
.expect-error "SHFL: member lanes 0x0000ffff are live but not converged with the issuing lanes 0xffff0000"
main:
        S2R R0, SR_LANEID ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
   @P0  BRA `(.L1) ;
        SHFL.BFLY PT, R1, R0, 0x1, 0x1f ;
.L1:
        EXIT ;
