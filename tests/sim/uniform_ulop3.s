// ULOP3.LUT: bit i of URd is lut[a_i << 2 | b_i << 1 | c_i]; with the
// canonical inputs a = 0xf0.., b = 0xcc.., c = 0xaa.. the result repeats
// the table.  The optional leading UPu receives "result != 0".
.launch grid=1 block=32
.init UR1 = 0xf0f0f0f0
.init UR2 = 0xcccccccc
.init UR3 = 0xaaaaaaaa
.init UP0 = 1
main:
        ULOP3.LUT UR4, UR1, UR2, UR3, 0xc0, !UPT ;
.expect UR4 = 0xc0c0c0c0
        ULOP3.LUT UR5, UR1, UR2, UR3, 0xfc, !UPT ;
.expect UR5 = 0xfcfcfcfc
        ULOP3.LUT UR6, UR1, UR2, UR3, 0x96, !UPT ;
.expect UR6 = 0x96969696
        ULOP3.LUT UR7, UR1, UR2, UR3, 0xe8, !UPT ;  // majority: the general tree
.expect UR7 = 0xe8e8e8e8
        ULOP3.LUT UP0, UR8, UR1, 0xf, URZ, 0xc0, !UPT ;
.expect UR8 = 0
.expect UP0 = 0
        ULOP3.LUT UP1, UR9, UR1, 0xff, URZ, 0xc0, !UPT ;
.expect UR9 = 0xf0
.expect UP1 = 1
        EXIT ;
