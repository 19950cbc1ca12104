// CTA groups (docs/semantics.md, "CTAs on worker threads").  520 CTAs of
// one warp: the default group is 256 CTAs, so CTAs 0-255, 256-511 and
// 512-519 are three groups, each on its own scheduler from cycle 0, run by
// two worker threads.  Every CTA whose first instruction issues at cycle 0
// adds 1 to starts[0]: one warp issues per cycle in a group, so that is
// the first CTA of each group, 3 (one group, --cta-group 4096: 1).  Every
// thread also
// adds its CTA id into sum[0] with ATOMG (atomics of groups on different
// threads stay atomic): 32 * (0 + 1 + ... + 519) = 4318080 = 0x41e380.
.launch grid=520 block=32 threads=2
.buffer starts u32[1] = zero
.buffer sum u32[1] = zero
.param starts
.param sum
.expect starts = {3}
.expect sum = {0x41e380}
main:
        S2R R0, SR_CLOCKLO ;
        S2R R1, SR_CTAID.X ;
        S2R R2, SR_TID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        ISETP.EQ.U32.AND P0, PT, R0, RZ, PT ;
        ISETP.EQ.U32.AND P0, PT, R2, RZ, P0 ;
        MOV R5, 0x1 ;
   @P0  ATOMG.E.ADD R6, [R8.64], R5 ;
        ATOMG.E.ADD R7, [R10.64], R1 ;
        EXIT ;
