// Deferred reductions outlive the CTA that made them (docs/semantics.md,
// "Deferred reductions", session 15): on a worker they land when the
// worker next touches the word, issues another atomic or a fence, or its
// group ends - not when the CTA exits.  8 CTAs x 64 threads, groups of 4
// CTAs run one at a time (resident=1), 2 groups on two threads.  CTA k of
// group g first reads c[g] (thread 0, into o[k]), then every thread adds
// 1 to c[g] with RED: each CTA must see the 64 adds of every earlier CTA
// of its group, which exited with them still pending in the worker's
// table, and the host the 256 of each group after the launch.
.launch grid=8 block=64 cta-group=4 resident=1 threads=2
.buffer c u32[2] = 0
.buffer o u32[8] = {7, 7, 7, 7, 7, 7, 7, 7}
.param c
.param o
.expect c = {256, 256}
.expect o = {0, 64, 128, 192, 0, 64, 128, 192}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        SHF.R.U32.HI R2, RZ, 0x2, R1 ;
        IMAD.WIDE.U32 R8, R2, 0x4, R8 ;
        IMAD.WIDE.U32 R10, R1, 0x4, R10 ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @!P0 LDG.E R4, [R8.64] ;
   @!P0 STG.E [R10.64], R4 ;
        BAR.SYNC 0x0 ;
        MOV R4, 0x1 ;
        RED.E.ADD [R8.64], R4 ;
        EXIT ;
