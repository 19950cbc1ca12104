// CGABAR.ARV / CGABAR.WAIT order the CTAs of a cluster: two phases in a
// cluster of 2 CTAs (grid 4: two clusters), 64 threads each.  Phase 1:
// every thread writes tid+1 into its own shared memory, then arrives and
// waits; it then reads the other CTA's word (MAPA) - never 0, since the
// writer arrived after its store.  Phase 2 (.RELAXED arrive): the same
// with 2*(tid+1), read back after the second wait.  Lanes 48-63 of each
// CTA exited before the first arrival: exited threads are not waited for.
// The greedy policy runs one warp as long as it can, so the early CTA
// reaches CGABAR.WAIT long before the other arrives.
.launch grid=4 block=64 cluster=2 shared=512 policy=greedy
.buffer out u32[256] = zero
.param out
.expect out = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CLUSTERID.X ;
        S2R R2, SR_CLUSTER_CTARANK ;
        ISETP.GE.U32.AND P0, PT, R0, 0x30, PT ;
   @P0  EXIT ;
        SHF.L.U32 R3, R0, 0x2, RZ ;          // 4t
        IADD3 R4, R0, 0x1, RZ ;
        STS [R3], R4 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        LOP3.LUT R5, R2, 0x1, RZ, 0x3c, !PT ; // the other rank
        MAPA R6, R3, R5 ;
        LDS R7, [R6] ;
        // out[cluster*128 + t] = phase 1 value of the other CTA
        IMAD R8, R1, 0x80, R0 ;
        MOV R10, c[0x0][0x100] ;
        MOV R11, c[0x0][0x104] ;
        IMAD.WIDE.U32 R12, R8, 0x4, R10 ;
        ISETP.EQ.U32.AND P1, PT, R2, RZ, PT ;
        SHF.L.U32 R9, R4, 0x1, RZ ;
        STS [R3+0x100], R9 ;
        CGABAR.ARV.RELAXED ;
        CGABAR.WAIT ;
        LDS R14, [R6+0x100] ;
   @P1  STG.E [R12.64], R7 ;                 // rank 0 reports both phases
   @P1  STG.E [R12.64+0x100], R14 ;
        CGABAR.ARV ;                         // nobody exits while read
        CGABAR.WAIT ;
        EXIT ;
