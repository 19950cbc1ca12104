// R2UR copies a general register into a uniform register: the value of the
// lowest lane of pmask (active lanes whose P guard is true).  With
// check=uniform every lane of pmask must hold that value; lanes whose guard
// is false, and inactive lanes, are not compared.  A guard true in no lane
// leaves URd unchanged.  (The divergent case: uniform_r2ur_divergent.s,
// uniform_r2ur_check.s.)
.launch grid=1 block=64 check=uniform
.init R1 = 0x55
.init UR6 = 0x99
main:
        S2R R0, SR_LANEID ;
        R2UR UR4, R1 ;                          // the same in every lane
.expect UR4 = 0x55
        ISETP.GE.U32.AND P0, PT, R0, 0x5, PT ;  // P0: lanes 5-31
        MOV R3, R0 ;
   @P0  MOV R3, 0x77 ;                          // lanes 0-4 differ, not guarded
   @P0  R2UR UR5, R3 ;
.expect UR5 = 0x77
  @!PT  R2UR UR6, R0 ;                          // no lane: UR6 keeps its value
.expect UR6 = 0x99
  @!P0  BRA `(.L_low) ;                         // lanes 5-31 stay active
        R2UR UR7, R3 ;                          // inactive lanes 0-4 not compared
.expect UR7 = 0x77
        EXIT ;
.L_low:
        EXIT ;
