// MAPA to a rank outside the cluster is a run-time error naming the rank
// and the cluster size (PTX leaves it undefined; the simulator diagnoses).
.launch grid=4 block=32 cluster=4
.expect-error "`MAPA R3, R2, R4`: MAPA: CTA rank 4 is outside the cluster of 4 CTAs (ranks 0..3)"
main:
        S2R R2, SR_TID.X ;
        S2R R4, SR_CLUSTER_NCTARANK ;
        MAPA R3, R2, R4 ;
        EXIT ;
