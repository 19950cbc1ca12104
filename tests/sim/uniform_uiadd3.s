// UIADD3: three-input add; the optional UPu, UPv receive the carry as a
// count (k = sum >> 32 is 0, 1 or 2: UPu = k >= 1, UPv = k >= 2), as IADD3.
.launch grid=1 block=32
.init UR1 = 1
.init UR2 = 2
.init UR3 = 3
.init UR10 = 0xffffffff
.init UP4 = 1
main:
        UIADD3 UR4, UR1, UR2, UR3 ;
.expect UR4 = 6
        UIADD3 UR5, UR1, -0x2, URZ ;
.expect UR5 = 0xffffffff
        UIADD3 UR6, UP0, UP1, UR10, UR10, UR10 ;   // 0x2fffffffd: k = 2
.expect UR6 = 0xfffffffd
.expect UP0 = 1
.expect UP1 = 1
        UIADD3 UR7, UP2, UP3, UR10, 0x1, URZ ;     // 0x100000000: k = 1
.expect UR7 = 0
.expect UP2 = 1
.expect UP3 = 0
        UIADD3 UR8, UP4, UR1, 0x1, URZ ;           // k = 0
.expect UR8 = 2
.expect UP4 = 0
        UIADD3 UR9, URZ, 0x7fffffff, UR1 ;
.expect UR9 = 0x80000000
        EXIT ;
