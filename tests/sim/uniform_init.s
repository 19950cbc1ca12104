// .init URn / UPn give every warp's uniform registers and predicates a
// value before its first issue; .expect URn / UPn check them in every warp
// after the run (tests/sim/README.md).  Four warps in two CTAs, the last
// warp of each CTA partial (block 40).  Each warp adds 1 to UR4 once: the
// uniform register file is per warp (shared, it would end at +4).
// Registers nobody sets start at 0; URZ reads 0 and UPT reads 1.
.launch grid=2 block=40
.init UR4 = 0x12345678
.init UR5 = -3
.init UR62 = 1.5
.init UP0 = 1
.init UP6 = 0
.expect UR62 = 0x3fc00000
.expect UR9 = 0
.expect UR63 = 0
.expect UP6 = 0
.expect UP7 = 1
main:
        UIADD3 UR4, UR4, 0x1, URZ ;
.expect UR4 = 0x12345679
        USEL UR6, UR5, URZ, UP0 ;
.expect UR6 = 0xfffffffd
        USEL UR7, URZ, 0x2a, UP6 ;
.expect UR7 = 0x2a
        UPLOP3.LUT UP1, UP2, UP0, UP6, UPT, 0x80, 0xbf ;
.expect UP1 = 0
.expect UP2 = 1
.expect UP0 = 1
        EXIT ;
