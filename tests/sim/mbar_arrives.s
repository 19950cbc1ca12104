// ARRIVES.LDGSTSBAR: an arrival on an mbarrier once all of the thread's
// earlier LDGSTS have landed.  Object A (32 participants): every lane
// copies in[tid] then ARRIVES.LDGSTSBAR.NOINC (the asynchronous arrival
// counts against the participants); MBAR.TRY.WAIT.PARITY on A then sees
// the data.  Object B (32 participants) with the default (pending raised
// by one at issue, so the asynchronous arrival is not a participant):
// every lane also arrives with MBAR.ARRIVE; the phase completes only when
// both kinds of arrival are in.  out[tid] = A's data, out[32+tid] = B's.
.launch grid=1 block=32 shared=0x200 copy-latency=300
.init R1 = tid
.init P0 = mask 0x1
.buffer in u32[64] = iota
.buffer out u32[64] = 0
.param in
.param out
@P0     MBAR.INIT [0x0], 0x20 ;
@P0     MBAR.INIT [0x8], 0x20 ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        SHF.L.U32 R2, R1, 0x2, RZ ;
        IMAD.WIDE.U32 R12, R2, 0x1, R8 ;
        IMAD.WIDE.U32 R14, R2, 0x1, R10 ;
        LDGSTS.E [R2+0x100], [R12.64] ;
        ARRIVES.LDGSTSBAR.NOINC [0x0] ;
        MBAR.TRY.WAIT.PARITY P1, [0x0], 0x0 ;
        LDS R4, [R2+0x100] ;
        STG.E [R14.64], R4 ;
        LDGSTS.E [R2+0x180], [R12.64+0x80] ;
        ARRIVES.LDGSTSBAR [0x8] ;
        MBAR.ARRIVE RZ, [0x8] ;
        LDS.64 R6, [0x8] ;                        // pending 32: the copies
        MBAR.TRY.WAIT.PARITY P1, [0x8], 0x0 ;
        LDS R4, [R2+0x180] ;
        IADD3 R4, R4, R7, RZ ;                    // + high word (0)
        ISETP.EQ.AND P2, PT, R6, 0x2000020, PT ;   // low word: pending 32
        SEL R5, R4, 0xdead, P2 ;
        STG.E [R14.64+0x80], R5 ;
        EXIT ;
.expect out = iota
