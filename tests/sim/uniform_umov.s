// UMOV copies a 32-bit immediate (a link-time label expression too) or a
// uniform register.  A write to URZ is dropped.  The guard is a uniform
// predicate: @UP0 (true) executes, @!UP0 does not.
.launch grid=1 block=64
.init UR6 = 0x5
.init UR9 = 0x2
.init UP0 = 1
main:
        UMOV UR4, 0xdeadbeef ;
.expect UR4 = 0xdeadbeef
        UMOV UR5, UR4 ;
.expect UR5 = 0xdeadbeef
        UMOV UR6, URZ ;
.expect UR6 = 0
        UMOV URZ, 0x5 ;
.expect UR63 = 0
        UMOV UR7, `(.L_end) ;
.expect UR7 = 0x80
   @UP0 UMOV UR8, 0x1 ;
.expect UR8 = 1
  @!UP0 UMOV UR9, 0x1 ;
.expect UR9 = 2
        NOP ;
.L_end:
        EXIT ;
