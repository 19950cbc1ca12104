// --policy random:SEED stays reproducible with CTA groups on threads: each
// group draws from its own stream, seeded from the seed and the group's
// first CTA (docs/semantics.md, "CTAs on worker threads").  600 CTAs of two
// warps (three groups, two threads); in each CTA both warps store their
// warp id to one shared word without ordering, then after BAR.SYNC thread
// 0 adds the winner (the last store: 0 or 1) into won[0].  Which warp wins
// is the random scheduler's choice, so won[0] pins the streams: the same
// with --threads 1 and 2 (tests/threads.sh), another number for another
// seed (random:6: 282).
.launch grid=600 block=64 shared=4 policy=random:5 threads=2
.buffer won u32[1] = zero
.param won
.expect won = {304}
main:
        S2R R0, SR_TID.X ;
        SHF.R.U32.HI R1, RZ, 0x5, R0 ;
        STS [RZ], R1 ;
        BAR.SYNC 0x0 ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        LDS R2, [RZ] ;
        LDC.64 R8, c[0x0][0x100] ;
        ATOMG.E.ADD R6, [R8.64], R2 ;
        EXIT ;
