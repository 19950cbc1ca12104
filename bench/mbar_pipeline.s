// mbar_pipeline.s - the mbarrier pipeline benchmark: per CTA, lane 0 of
// warp 0 streams ntiles tiles of 256 bytes from global memory into a
// 4-stage shared-memory ring with UBLKCP (ARRIVE.EXPECT_TX on full[s]);
// 64 consumer threads (warps 1, 2) wait on full[s] by parity, compute
// out = 3 * in + t, and arrive on empty[s] so the producer may refill the
// stage.  Parameters: in, out (u32 buffers, ntiles * 64 words per CTA),
// ntiles (u32).  Launch: block 96, shared 0x500.
// Shared: full[s] 0x0 + 8s, empty[s] 0x20 + 8s, buffer s 0x100 + 0x100 s.
main:
        S2R R1, SR_TID.X ;
        S2R R0, SR_CTAID.X ;
        LDC R7, c[0x0][0x110] ;                   // ntiles
        IMAD R29, R0, R7, RZ ;                    // first tile of this CTA
        ISETP.GE.U32.AND P1, PT, R1, 0x20, PT ;   // consumers
        ISETP.EQ.AND P0, PT, R1, RZ, PT ;         // the producer
@P0     MBAR.INIT [0x0], 0x1 ;
@P0     MBAR.INIT [0x8], 0x1 ;
@P0     MBAR.INIT [0x10], 0x1 ;
@P0     MBAR.INIT [0x18], 0x1 ;
@P0     MBAR.INIT [0x20], 0x40 ;
@P0     MBAR.INIT [0x28], 0x40 ;
@P0     MBAR.INIT [0x30], 0x40 ;
@P0     MBAR.INIT [0x38], 0x40 ;
        BAR.SYNC 0x0 ;
        MOV R20, RZ ;                             // t
@P1     BRA `(consumer) ;
@!P0    EXIT ;
        LDC.64 R8, c[0x0][0x100] ;
        MOV R25, 0x100 ;
produce:
        LOP3.LUT R21, R20, 0x3, RZ, 0xc0, !PT ;   // s = t & 3
        SHF.R.U32 R22, R20, 0x2, RZ ;
        LOP3.LUT R22, R22, 0x1, RZ, 0xc0, !PT ;   // parity of this use
        SHF.L.U32 R23, R21, 0x3, RZ ;             // full[s]
        SHF.L.U32 R24, R21, 0x8, RZ ;             // buffer s - 0x100
        ISETP.GE.U32.AND P2, PT, R20, 0x4, PT ;
        LOP3.LUT R26, R22, 0x1, RZ, 0x3c, !PT ;   // parity of the previous use
@P2     MBAR.TRY.WAIT.PARITY P3, [R23+0x20], R26 ;
        MBAR.ARRIVE.EXPECT_TX RZ, [R23], 0x100 ;
        IADD3 R27, R29, R20, RZ ;                 // global tile index
        IMAD.WIDE.U32 R10, R27, 0x100, R8 ;
        UBLKCP [R24+0x100], [R10.64], R25, [R23] ;
        IADD3 R20, R20, 0x1, RZ ;
        ISETP.LT.U32.AND P4, PT, R20, R7, PT ;
@P4     BRA `(produce) ;
        EXIT ;
consumer:
        IADD3 R4, R1, -0x20, RZ ;                 // c
        SHF.L.U32 R2, R4, 0x2, RZ ;
        LDC.64 R14, c[0x0][0x108] ;
consume:
        LOP3.LUT R21, R20, 0x3, RZ, 0xc0, !PT ;
        SHF.R.U32 R22, R20, 0x2, RZ ;
        LOP3.LUT R22, R22, 0x1, RZ, 0xc0, !PT ;
        SHF.L.U32 R23, R21, 0x3, RZ ;
        SHF.L.U32 R24, R21, 0x8, RZ ;
        MBAR.TRY.WAIT.PARITY P3, [R23], R22 ;
        IADD3 R27, R24, R2, RZ ;
        LDS R5, [R27+0x100] ;
        MBAR.ARRIVE RZ, [R23+0x20] ;
        IMAD R5, R5, 0x3, R20 ;                   // 3 * in + t
        IADD3 R28, R29, R20, RZ ;
        IMAD R28, R28, 0x40, R4 ;
        IMAD.WIDE.U32 R12, R28, 0x4, R14 ;
        STG.E [R12.64], R5 ;
        IADD3 R20, R20, 0x1, RZ ;
        ISETP.LT.U32.AND P4, PT, R20, R7, PT ;
@P4     BRA `(consume) ;
        EXIT ;
