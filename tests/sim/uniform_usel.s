// USEL: URd = UPp ? URa : b.  `USEL URd, URZ, 0x1, !UPp` turns a uniform
// predicate into 0/1 (UPp true gives 1).
.launch grid=1 block=32
.init UR1 = 0x11
.init UR2 = 0x22
.init UP0 = 1
main:
        USEL UR4, UR1, UR2, UP0 ;
.expect UR4 = 0x11
        USEL UR5, UR1, UR2, UP1 ;
.expect UR5 = 0x22
        USEL UR6, UR1, -0x5, !UP0 ;
.expect UR6 = 0xfffffffb
        USEL UR7, URZ, 0x1, !UP0 ;                  // UP0 true: 1
.expect UR7 = 1
        USEL UR8, URZ, 0x1, !UP1 ;                  // UP1 false: 0
.expect UR8 = 0
        EXIT ;
