// A 16-lane LDS (ldst.c: lanes_outside, branch-free over all 32, masked)
// where lanes 14 and 15 are past the CTA's 64 bytes: the fast path leaves
// it to the general path, which reports them.
.launch grid=1 block=32 shared=64
.init R1 = tid
.expect-error "shared load of 4 bytes at 0x40: out of range (2 lanes)"
    ISETP.LT.U32.AND P0, PT, R1, 0x10, PT ; // lanes 0-15
    SHF.L.U32 R2, R1, 0x2, RZ ;             // 4 tid: 0..0x3c
    @P0 LDS R4, [R2+0x8] ;                  // lanes 14, 15: 0x40, 0x44
    EXIT ;
