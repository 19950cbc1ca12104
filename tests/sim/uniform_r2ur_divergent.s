// Without check=uniform (the default), R2UR of a register whose lanes differ
// is silent: it takes the lowest lane of the guard.  The same program with
// the check on is reported and fails (uniform_r2ur_check.s); `simt run FILE
// --check=uniform`
// and `simt test --check=uniform FILE` turn it on for this file too.
.launch grid=1 block=32
main:
        S2R R0, SR_LANEID ;
        IADD3 R1, R0, 0x10, RZ ;                // lane + 0x10
        R2UR UR4, R1 ;                          // lane 0
.expect UR4 = 0x10
        ISETP.GE.U32.AND P0, PT, R0, 0x3, PT ;
   @P0  R2UR UR5, R1 ;                          // lane 3, the lowest of P0
.expect UR5 = 0x13
        R2UR URZ, R1 ;                          // discarded
.expect UR63 = 0
        EXIT ;
