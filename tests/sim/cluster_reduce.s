// Cluster-wide reduction with cluster barriers (CUDA's cluster.sync()):
// grid 8 = two clusters of 4 CTAs, 64 threads each.  Thread g = cta*64 + t
// holds x = (7*g*g + 3) & 0xfff.  Each CTA sums its threads into its own
// shared word with ATOMS.ADD; after a cluster barrier, thread 0 of every
// CTA reads the partial sums of all CTAs of its cluster through MAPA + LDS
// and writes the cluster's total to out[cta]; a last cluster barrier
// keeps every CTA (and its shared memory) alive until all have read.
// Expected: tests/sim/ref/cluster_ref.py (reduction).
.launch grid=8 block=64 cluster=4 shared=16 policy=random:9
.buffer out u32[8] = zero
.param out
.expect out = {514432, 514432, 514432, 514432, 551296, 551296, 551296, 551296}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        ISETP.EQ.U32.AND P0, PT, R0, RZ, PT ;
   @P0  STS [RZ], RZ ;
        CGABAR.ARV ;                         // cluster.sync(): every
        CGABAR.WAIT ;                        // partial is zero
        IMAD R2, R1, 0x40, R0 ;              // g
        IMAD R3, R2, R2, RZ ;
        IMAD R3, R3, 0x7, RZ ;
        IADD3 R3, R3, 0x3, RZ ;
        LOP3.LUT R3, R3, 0xfff, RZ, 0xc0, !PT ; // x
        ATOMS.ADD RZ, [RZ], R3 ;
        CGABAR.ARV ;                         // cluster.sync(): every
        CGABAR.WAIT ;                        // partial is complete
        BSSY B0, `(.L_done) ;               // reconverge before the
   @!P0 BRA `(.L_done) ;                     // barrier (docs/semantics.md)
        S2R R4, SR_CLUSTER_NCTARANK ;
        MOV R5, RZ ;                         // rank
        MOV R6, RZ ;                         // total
.L_sum:
        MAPA R7, RZ, R5 ;
        LDS R8, [R7] ;
        IADD3 R6, R6, R8, RZ ;
        IADD3 R5, R5, 0x1, RZ ;
        ISETP.LT.U32.AND P1, PT, R5, R4, PT ;
   @P1  BRA `(.L_sum) ;
        MOV R10, c[0x0][0x100] ;
        MOV R11, c[0x0][0x104] ;
        IMAD.WIDE.U32 R12, R1, 0x4, R10 ;
        STG.E [R12.64], R6 ;
.L_done:
        BSYNC B0 ;
        CGABAR.ARV ;                         // cluster.sync() before
        CGABAR.WAIT ;                        // exit: no CTA exits while
        EXIT ;                               // its partial is read
