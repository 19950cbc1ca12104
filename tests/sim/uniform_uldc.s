// ULDC loads a constant word into a uniform register, ULDC.64 a pair
// UR[d:d+1] (low word first).  Bank 0: launch words (docs/launch-abi.md:
// ntid.x at 0x0, nctaid.x at 0xc) and the parameters from 0x100 (u32 at
// 0x100, u64 at 0x108).  A pair starting at UR62 drops its high word (URZ).
// A guard-false ULDC does nothing at all: no load, so no fault even for an
// address outside every bank.
.launch grid=2 block=64
.param u32:0xcafe
.param u64:0x1122334455667788
.init UR10 = 0x5
main:
        ULDC UR4, c[0x0][0x100] ;
.expect UR4 = 0xcafe
        ULDC.64 UR6, c[0x0][0x108] ;
.expect UR6 = 0x55667788
.expect UR7 = 0x11223344
        ULDC UR8, c[0x0][0x0] ;
.expect UR8 = 64
        ULDC UR9, c[0x0][0xc] ;
.expect UR9 = 2
  @!UPT ULDC UR10, c[0x0][0x100] ;
.expect UR10 = 0x5
  @!UPT ULDC UR11, c[0x11][0xfff0] ;
.expect UR11 = 0
        ULDC.64 UR62, c[0x0][0x108] ;
.expect UR62 = 0x55667788
.expect UR63 = 0
        EXIT ;
