// Deferred reductions on worker threads (docs/semantics.md, "CTAs on
// worker threads"; src/sim/memdev.c, sim_mem_red): on a worker, an ATOMG or
// RED whose result goes nowhere, of an integer ADD, AND, OR, XOR, MIN or
// MAX, is combined per word and applied later; the worker's own accesses
// to those words see it applied.  16 CTAs x 64 threads, a group per 2 CTAs
// (8 groups on two threads); CTA k owns the 8 words v[8k..8k+7] and
// o[2k..2k+1], so every result is the one --threads 1 gives:
//   v0  64 x ADD tid+1, BAR, LDG by thread 0 -> o0   = 2080 (a load sees them)
//   v1  64 x ADD 1, BAR, STG 42 by thread 0          = 42 (the store comes last)
//   v2:v3 = 10 << 32: ADD.U32 50 on v3, MIN.U64 5 << 32, ADD.U32 100 on
//         v3 -> v3 = 105 (the two adds combined before the MIN give 5: ops
//         of two widths on the same bytes are not combined across)
//   v4:v5 = 10 << 32: ADD.U64 50 << 32, MIN.U32 5 on v5, ADD.U64 100 << 32
//         -> v5 = 105
//   v6  64 x ADD 3, BAR, ATOMG.ADD with a result -> o1 = 192 (it sees them)
//   v7  = 0x80000000: 64 x MAX.S32 tid - 100          = -37
.launch grid=16 block=64 cta-group=1 resident=2 threads=2
.buffer v u32[128] = 0
.buffer o u32[32] = 0
.param v
.param o
.expect v = {2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb, 2080, 42, 0, 105, 0, 105, 192, 0xffffffdb}
.expect o = {2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192, 2080, 192}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        MOV R10, c[0x0][0x108] ;
        MOV R11, c[0x0][0x10c] ;
        IMAD.WIDE.U32 R8, R1, 0x20, R8 ;
        IMAD.WIDE.U32 R10, R1, 0x8, R10 ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
        MOV R4, 0xa ;
        MOV R5, 0x80000000 ;
   @!P0 STG.E [R8.64+0xc], R4 ;
   @!P0 STG.E [R8.64+0x14], R4 ;
   @!P0 STG.E [R8.64+0x1c], R5 ;
        BAR.SYNC 0x0 ;
        IADD3 R4, R0, 0x1, RZ ;
        ATOMG.E.ADD RZ, [R8.64], R4 ;
        MOV R4, 0x1 ;
        ATOMG.E.ADD RZ, [R8.64+0x4], R4 ;
        MOV R4, 0x3 ;
        RED.E.ADD [R8.64+0x18], R4 ;
        IADD3 R4, R0, -0x64, RZ ;
        ATOMG.E.MAX.S32 RZ, [R8.64+0x1c], R4 ;
        MOV R4, 0x32 ;
   @!P0 ATOMG.E.ADD RZ, [R8.64+0xc], R4 ;
        MOV R4, RZ ;
        MOV R5, 0x5 ;
   @!P0 ATOMG.E.MIN.U64 RZ, [R8.64+0x8], R4 ;
        MOV R4, 0x64 ;
   @!P0 ATOMG.E.ADD RZ, [R8.64+0xc], R4 ;
        MOV R4, RZ ;
        MOV R5, 0x32 ;
   @!P0 ATOMG.E.ADD.U64 RZ, [R8.64+0x10], R4 ;
        MOV R4, 0x5 ;
   @!P0 ATOMG.E.MIN RZ, [R8.64+0x14], R4 ;
        MOV R4, RZ ;
        MOV R5, 0x64 ;
   @!P0 ATOMG.E.ADD.U64 RZ, [R8.64+0x10], R4 ;
        BAR.SYNC 0x0 ;
   @P0  EXIT ;
        LDG.E R4, [R8.64] ;
        STG.E [R10.64], R4 ;
        MOV R4, 0x2a ;
        STG.E [R8.64+0x4], R4 ;
        ATOMG.E.ADD R6, [R8.64+0x18], RZ ;
        STG.E [R10.64+0x4], R6 ;
        EXIT ;
