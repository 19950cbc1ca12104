// atom_u64_minmax.s with every CTA a group of its own (resident=1 cta-group=1) on
// two worker threads: the CTAs' atomics on the same words run as host
// atomics at the same time (src/sim/atomic.c, docs/semantics.md "CTAs on
// worker threads"), and the order-independent result is the same.
// 64-bit MIN/MAX under contention, 3 CTAs x 64 threads (random
// scheduling): thread g offers v = (g * 0x9e3779b9 mod 2^32) << 32 | g,
// whose high halves cover both signs.  m[0] MIN.U64, m[1] MAX.U64,
// m[2] MIN.S64, m[3] MAX.S64, m[4] ATOMS.MAX.S64 of the CTA, added up per
// CTA into m[4] by thread 0 (RED.E.ADD.U64 of the three shared maxima).
.launch grid=3 block=64 shared=8 policy=random:9 resident=1 cta-group=1 threads=2
.buffer m u64[5] = {0xffffffffffffffff, 0, 0x7fffffffffffffff, 0x8000000000000000, 0}
.param m
.expect m = {0x0, 0xff34781000000090, 0x80e38d59000000a1, 0x7f9a3c0800000048, 0x7746d70400000124}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        S2R R12, SR_NTID.X ;
        IMAD R4, R1, R12, R0 ;                // low word: g
        IMAD R5, R4, -0x61c88647, RZ ;        // high word (0x9e3779b9)
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ATOMG.E.MIN.U64 RZ, [R8.64], R4 ;
        ATOMG.E.MAX.U64 RZ, [R8.64+0x8], R4 ;
        ATOMG.E.MIN.S64 RZ, [R8.64+0x10], R4 ;
        ATOMG.E.MAX.S64 RZ, [R8.64+0x18], R4 ;
        ISETP.NE.U32.AND P0, PT, R0, 0x0, PT ;
        MOV R6, RZ ;
        MOV R7, 0x80000000 ;
   @!P0 STS.64 [RZ], R6 ;
        BAR.SYNC 0x0 ;
        ATOMS.MAX.S64 R10, [RZ], R4 ;
        BAR.SYNC 0x0 ;
   @P0  EXIT ;
        LDS.64 R6, [RZ] ;
        RED.E.ADD.U64 [R8.64+0x20], R6 ;
        EXIT ;
