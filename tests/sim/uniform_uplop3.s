// UPLOP3.LUT: UPu = lut[a << 2 | b << 1 | c], UPv = lutv[same index] over
// three uniform predicates (each with an optional `!`).
.launch grid=1 block=32
.init UP0 = 1
.init UP1 = 0
.init UP2 = 1
.init UP6 = 1
main:
        UPLOP3.LUT UP3, UP4, UP0, UP1, UP2, 0x80, 0x7f ;  // index 5
.expect UP3 = 0
.expect UP4 = 1
        UPLOP3.LUT UP5, UPT, !UP1, UP0, UPT, 0xc0, 0x0 ;  // index 7: a & b
.expect UP5 = 1
        UPLOP3.LUT UP6, UPT, UP1, UPT, UPT, 0xf0, 0x0 ;   // index 3: a
.expect UP6 = 0
        EXIT ;
