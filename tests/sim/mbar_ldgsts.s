// LDGSTS groups: each thread copies in[tid] (group 0) and in[32 + tid]
// (group 1) into shared memory, committing each group with LDGDEPBAR.
// Copies land copy-latency (here 100) cycles after issue, so a load right
// after the issue still sees the old shared value (0); DEPBAR.LE SB0, 0x1
// waits for all but the newest group (group 0 is there, group 1 maybe not:
// here not yet), DEPBAR.LE SB0, 0x0 for all.  Also .64/.128 sizes and a
// wait on SB1 (nothing in flight: returns at once).  Per warp one
// instruction issues per cycle.
.launch grid=1 block=32 shared=0x400 copy-latency=100
.init R1 = tid
.buffer in u32[128] = iota
.buffer out u32[160] = 0
.param in
.param out
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        SHF.L.U32 R2, R1, 0x2, RZ ;             // tid * 4
        IMAD.WIDE.U32 R12, R2, 0x1, R8 ;        // &in[tid]
        IMAD.WIDE.U32 R14, R2, 0x1, R10 ;       // &out[tid]
        LDGSTS.E [R2], [R12.64] ;
        LDGDEPBAR ;
        NOP $sched(15) ;                         // group 1 issues 15 cycles later
        LDGSTS.E [R2+0x80], [R12.64+0x80] ;
        LDGDEPBAR ;
        DEPBAR.LE SB1, 0x0 ;
        LDS R4, [R2] ;                           // not landed yet: 0
        STG.E [R14.64], R4 ;
        DEPBAR.LE SB0, 0x1 ;
        LDS R4, [R2] ;                           // group 0: in[tid]
        LDS R5, [R2+0x80] ;                      // group 1 not yet: 0
        STG.E [R14.64+0x80], R4 ;
        STG.E [R14.64+0x100], R5 ;
        DEPBAR.LE SB0, 0x0 ;
        LDS R5, [R2+0x80] ;
        STG.E [R14.64+0x180], R5 ;
        // 8 and 16 bytes per thread: in[64 + 2*tid .. ] as .64, 4 lanes x .128
        SHF.L.U32 R3, R1, 0x3, RZ ;              // tid * 8
        IMAD.WIDE.U32 R16, R3, 0x1, R8 ;
        LDGSTS.E.64 [R3+0x100], [R16.64+0x100] ;
        LDGDEPBAR ;
        DEPBAR.LE SB0, 0x0 ;
        LDS R6, [R3+0x104] ;                     // in[64 + 2*tid + 1]
        STG.E [R14.64+0x200], R6 ;
        EXIT ;
.expect out = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 65, 67, 69, 71, 73, 75, 77, 79, 81, 83, 85, 87, 89, 91, 93, 95, 97, 99, 101, 103, 105, 107, 109, 111, 113, 115, 117, 119, 121, 123, 125, 127}
