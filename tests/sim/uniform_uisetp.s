// UISETP: UPu = cmp(URa, b) BOP UPp, UPv = !cmp(URa, b) BOP UPp; signed
// unless .U32.
.launch grid=1 block=32
.init UR1 = -1
.init UR2 = 1
.init UP0 = 1
main:
        UISETP.LT.AND UP1, UP2, UR1, UR2, UPT ;     // -1 < 1
.expect UP1 = 1
.expect UP2 = 0
        UISETP.LT.U32.AND UP3, UP4, UR1, UR2, UPT ; // 0xffffffff < 1
.expect UP3 = 0
.expect UP4 = 1
        UISETP.EQ.OR UP5, UPT, UR2, 0x2, UP0 ;      // false OR true
.expect UP5 = 1
        UISETP.NE.XOR UP6, UP0, UR2, 0x1, !UPT ;    // false XOR false, true XOR false
.expect UP6 = 0
.expect UP0 = 1
        EXIT ;
