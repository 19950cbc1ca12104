// Distributed-shared-memory histogram (CUDA's cluster.map_shared_rank
// pattern): grid 8 = two clusters of 4 CTAs, 64 threads each.  The 64
// bins of a cluster are spread over its CTAs: rank r owns bins 16r..16r+15
// in its shared memory.  Thread g = cta*64 + t computes
// v = (g * 0x9e3779b1 mod 2^32) >> 26 and adds 1 to bin v in the CTA of
// rank v/16 with MAPA + ATOMS.ADD; a cluster barrier before (every CTA of
// the cluster has started) and after (every add is done); then each CTA
// writes its own 16 bins to out[cluster*64 + 16r + b].  The random policy
// interleaves all warps of the cluster.  Expected:
// tests/sim/ref/cluster_ref.py (histogram).
.launch grid=8 block=64 cluster=4 shared=64 policy=random:3
.buffer out u32[128] = zero
.param out
.expect out = {5, 3, 5, 4, 3, 5, 4, 4, 4, 4, 3, 5, 3, 4, 4, 5, 3, 5, 4, 3, 4, 4, 4, 5, 3, 4, 5, 3, 4, 3, 5, 4, 4, 4, 4, 4, 4, 4, 4, 5, 3, 5, 4, 4, 3, 5, 3, 5, 3, 4, 4, 5, 3, 4, 5, 3, 5, 3, 4, 4, 4, 4, 5, 3, 4, 4, 4, 3, 5, 3, 5, 4, 4, 3, 5, 4, 4, 5, 3, 4, 5, 3, 4, 5, 3, 5, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 5, 4, 4, 4, 4, 4, 4, 3, 4, 4, 5, 3, 5, 4, 3, 5, 3, 4, 5, 4, 4, 5, 3, 4, 4, 4, 4, 4, 4, 4}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        S2R R2, SR_CLUSTER_CTARANK ;
        S2R R3, SR_CLUSTERID.X ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
   @P0  STS [R14], RZ ;                      // own bins start at zero
        CGABAR.ARV ;
        CGABAR.WAIT ;
        IMAD R4, R1, 0x40, R0 ;              // g
        IMAD R5, R4, -0x61c8864f, RZ ;       // * 0x9e3779b1
        SHF.R.U32.HI R5, RZ, 0x1a, R5 ;      // v (6 bits)
        SHF.R.U32.HI R6, RZ, 0x4, R5 ;       // owner rank v / 16
        LOP3.LUT R7, R5, 0xf, RZ, 0xc0, !PT ; // bin in the owner
        SHF.L.U32 R7, R7, 0x2, RZ ;
        MAPA R8, R7, R6 ;
        MOV R9, 0x1 ;
        ATOMS.ADD RZ, [R8], R9 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
   @!P0 EXIT ;
        LDS R10, [R14] ;
        IMAD R11, R3, 0x40, R0 ;
        IMAD R11, R2, 0x10, R11 ;            // cluster*64 + 16r + t
        MOV R12, c[0x0][0x100] ;
        MOV R13, c[0x0][0x104] ;
        IMAD.WIDE.U32 R12, R11, 0x4, R12 ;
        STG.E [R12.64], R10 ;
        EXIT ;
