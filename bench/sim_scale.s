// Scale: 64 threads per CTA, one barrier, thread 0 of each CTA stores its
// CTA id.  Parameter: out (u32[grid]).
main:
    S2R R0, SR_TID.X ;
    S2R R1, SR_CTAID.X ;
    BAR.SYNC 0x0 ;
    ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
    @P0 EXIT ;
    LDC.64 R10, c[0x0][0x100] ;
    IMAD.WIDE.U32 R10, R1, 0x4, R10 ;
    IADD3 R2, R1, 0x1, RZ ;
    STG.E [R10.64], R2 ;
    EXIT ;
