// Producer/consumer pipeline with multicast bulk copies and mbarriers
// (the Hopper TMA-multicast pattern): grid 8 = two clusters of 4 CTAs, 96
// threads each.  Thread 0 of rank 0 is the producer; warps 1-2 of every CTA
// (64 consumers) consume.  4 tiles of 256 bytes (src = iota) go through 2
// shared stages (buffers 0x100 / 0x200).  Per CTA: full[s] at 8s (1
// participant); in rank 0 only: empty[s] at 0x10 + 8s (256 participants:
// every consumer of the cluster arrives there remotely after reading).
// For tile k, stage s = k & 1, parity (k >> 1) & 1: the producer waits
// on empty[s] for the previous use of the stage (k >= 2), arrives on
// full[s] of each CTA of the cluster expecting 256 bytes (remote arrivals
// through MAPA), and issues one UBLKCP.MULTICAST to mask 0xf; the copy's
// bytes complete full[s] in every CTA.  Consumer c of CTA r waits on its
// full[s], adds (r+1) * word c of the tile to out[cluster*16 + 4r + k]
// (RED.E.ADD), and arrives on rank 0's empty[s].  Every thread ends with
// a cluster barrier, so no CTA exits while others still arrive on its
// mbarriers.  Expected: tests/sim/ref/cluster_ref.py (pipeline).
.launch grid=8 block=96 cluster=4 shared=0x300 policy=random:17
.buffer src u32[256] = iota
.buffer out u32[32] = zero
.param src
.param out
.expect out = {2016, 6112, 10208, 14304, 4032, 12224, 20416, 28608, 6048, 18336, 30624, 42912, 8064, 24448, 40832, 57216, 2016, 6112, 10208, 14304, 4032, 12224, 20416, 28608, 6048, 18336, 30624, 42912, 8064, 24448, 40832, 57216}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CLUSTER_CTARANK ;
        S2R R30, SR_CLUSTERID.X ;
        ISETP.EQ.AND P0, PT, R0, RZ, PT ;          // thread 0
        ISETP.EQ.U32.AND P1, PT, R1, RZ, P0 ;      // the producer
   @P0  MBAR.INIT [0x0], 0x1 ;
   @P0  MBAR.INIT [0x8], 0x1 ;
   @P1  MBAR.INIT [0x10], 0x100 ;
   @P1  MBAR.INIT [0x18], 0x100 ;
        CGABAR.ARV ;                               // publish the mbarriers
        CGABAR.WAIT ;
        MOV R20, RZ ;                              // k
        ISETP.GE.U32.AND P2, PT, R0, 0x20, PT ;    // consumers
   @P2  BRA `(.L_consumer) ;
   @!P1 EXIT ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        MOV R25, 0x100 ;                           // tile bytes
        MOV R26, 0xf ;                             // every CTA
.L_produce:
        LOP3.LUT R21, R20, 0x1, RZ, 0xc0, !PT ;    // s
        SHF.R.U32.HI R22, RZ, 0x1, R20 ;
        LOP3.LUT R22, R22, 0x1, RZ, 0xc0, !PT ;    // parity of this use
        LOP3.LUT R27, R22, 0x1, RZ, 0x3c, !PT ;    // of the previous use
        SHF.L.U32 R23, R21, 0x3, RZ ;              // full[s]
        SHF.L.U32 R24, R21, 0x8, RZ ;
        IADD3 R24, R24, 0x100, RZ ;                // buffer s
        ISETP.GE.U32.AND P3, PT, R20, 0x2, PT ;
   @P3  MBAR.TRY.WAIT.PARITY P4, [R23+0x10], R27 ;
        MOV R28, RZ ;                              // rank
.L_arm:
        MAPA R29, R23, R28 ;
        MBAR.ARRIVE.EXPECT_TX RZ, [R29], 0x100 ;
        IADD3 R28, R28, 0x1, RZ ;
        ISETP.LT.U32.AND P5, PT, R28, 0x4, PT ;
   @P5  BRA `(.L_arm) ;
        IMAD.WIDE.U32 R10, R20, 0x100, R8 ;        // src + 256k
        UBLKCP.MULTICAST [R24], [R10.64], R25, [R23], R26 ;
        IADD3 R20, R20, 0x1, RZ ;
        ISETP.LT.U32.AND P5, PT, R20, 0x4, PT ;
   @P5  BRA `(.L_produce) ;
        BRA `(.L_end) ;
.L_consumer:
        IADD3 R4, R0, -0x20, RZ ;                  // c
        SHF.L.U32 R2, R4, 0x2, RZ ;
        IADD3 R3, R1, 0x1, RZ ;                    // weight r+1
        MOV R14, c[0x0][0x108] ;
        MOV R15, c[0x0][0x10c] ;
        IMAD R16, R30, 0x10, RZ ;
        IMAD R16, R1, 0x4, R16 ;                   // cluster*16 + 4r
.L_consume:
        LOP3.LUT R21, R20, 0x1, RZ, 0xc0, !PT ;
        SHF.R.U32.HI R22, RZ, 0x1, R20 ;
        LOP3.LUT R22, R22, 0x1, RZ, 0xc0, !PT ;
        SHF.L.U32 R23, R21, 0x3, RZ ;
        SHF.L.U32 R24, R21, 0x8, RZ ;
        MBAR.TRY.WAIT.PARITY P4, [R23], R22 ;
        IADD3 R27, R24, R2, RZ ;
        LDS R5, [R27+0x100] ;
        MAPA R29, R23, RZ ;
        MBAR.ARRIVE RZ, [R29+0x10] ;               // rank 0's empty[s]
        IMAD R5, R5, R3, RZ ;
        IADD3 R17, R16, R20, RZ ;
        IMAD.WIDE.U32 R12, R17, 0x4, R14 ;
        RED.E.ADD [R12.64], R5 ;
        IADD3 R20, R20, 0x1, RZ ;
        ISETP.LT.U32.AND P5, PT, R20, 0x4, PT ;
   @P5  BRA `(.L_consume) ;
.L_end:
        CGABAR.ARV ;
        CGABAR.WAIT ;
        EXIT ;
