// USHF: funnel shift of URc:URa (URc high) by b, as SHF: 32-bit types
// clamp the count at 32, 64-bit types take it modulo 64, .HI returns the
// high word, signed types shift right arithmetically.
.launch grid=1 block=32
.init UR1 = 0x80000001
.init UR2 = 0x12345678
.init UR3 = 40
main:
        USHF.L.U32 UR4, UR1, 0x4, URZ ;
.expect UR4 = 0x10
        USHF.R.S32.HI UR5, URZ, 0x1f, UR1 ;         // the sign of UR1
.expect UR5 = 0xffffffff
        USHF.L.U64.HI UR6, UR1, 0x4, UR2 ;
.expect UR6 = 0x23456788
        USHF.R.U32 UR7, UR2, UR3, URZ ;             // count clamped to 32
.expect UR7 = 0
        USHF.R.U64 UR8, UR2, UR3, UR1 ;             // 0x8000000112345678 >> 40
.expect UR8 = 0x800000
        USHF.R.S64 UR9, UR2, 0x44, UR1 ;            // count 68 & 63 = 4
.expect UR9 = 0x11234567
        EXIT ;
