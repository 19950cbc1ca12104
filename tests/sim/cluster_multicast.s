// A multicast bulk copy: rank 0 copies 256 bytes of src once to the
// shared memory (offset 0x100) of ranks 0, 1 and 3 (mask 0xb); each of
// them had armed its own mbarrier at 0x0 (1 participant, an arrival
// expecting 256 bytes), and the copy's bytes complete the phase in each
// receiving CTA separately.  Rank 2, not in the mask, never waits.  CTA r
// of the mask writes out[r*64 + j] = shared[0x100 + 4j] + 1000*r.
// Expected: tests/sim/ref/cluster_ref.py (multicast).
.launch grid=4 block=32 cluster=4 shared=0x200 copy-latency=100
.buffer src u32[64] = iota
.buffer out u32[256] = zero
.param src
.param out
.expect out = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031, 1032, 1033, 1034, 1035, 1036, 1037, 1038, 1039, 1040, 1041, 1042, 1043, 1044, 1045, 1046, 1047, 1048, 1049, 1050, 1051, 1052, 1053, 1054, 1055, 1056, 1057, 1058, 1059, 1060, 1061, 1062, 1063, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3000, 3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009, 3010, 3011, 3012, 3013, 3014, 3015, 3016, 3017, 3018, 3019, 3020, 3021, 3022, 3023, 3024, 3025, 3026, 3027, 3028, 3029, 3030, 3031, 3032, 3033, 3034, 3035, 3036, 3037, 3038, 3039, 3040, 3041, 3042, 3043, 3044, 3045, 3046, 3047, 3048, 3049, 3050, 3051, 3052, 3053, 3054, 3055, 3056, 3057, 3058, 3059, 3060, 3061, 3062, 3063}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CLUSTER_CTARANK ;
        ISETP.EQ.AND P0, PT, R0, RZ, PT ;
        ISETP.EQ.U32.AND P5, PT, R1, 0x2, PT ;    // rank 2: not a receiver
   @P0  MBAR.INIT [0x0], 0x1 ;
        ISETP.NE.U32.AND P6, PT, R1, 0x2, P0 ;    // thread 0 of ranks 0, 1, 3
   @P6  MBAR.ARRIVE.EXPECT_TX RZ, [0x0], 0x100 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        ISETP.EQ.U32.AND P1, PT, R1, RZ, P0 ;     // thread 0 of rank 0
   @!P1 BRA `(.L_wait) ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        MOV R4, 0x100 ;
        MOV R5, 0x100 ;
        MOV R6, RZ ;
        MOV R7, 0xb ;
        UBLKCP.MULTICAST [R4], [R8.64], R5, [R6], R7 ;
.L_wait:
   @P5  EXIT ;
        MBAR.TRY.WAIT.PARITY P2, [0x0], 0x0 ;
        SHF.L.U32 R10, R0, 0x2, RZ ;
        LDS R11, [R10+0x100] ;
        LDS R12, [R10+0x180] ;
        IMAD R13, R1, 0x3e8, RZ ;
        IADD3 R11, R11, R13, RZ ;
        IADD3 R12, R12, R13, RZ ;
        IMAD R14, R1, 0x40, R0 ;
        MOV R8, c[0x0][0x108] ;
        MOV R9, c[0x0][0x10c] ;
        IMAD.WIDE.U32 R16, R14, 0x4, R8 ;
        STG.E [R16.64], R11 ;
        STG.E [R16.64+0x80], R12 ;
        EXIT ;
