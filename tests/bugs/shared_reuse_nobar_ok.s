// The correct twin of shared_reuse_nobar.s (shared tile overwritten for the next round while other warps still read the previous one (missing second __syncthreads)): clean under --check=race,sync,init.
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[64] = zero
.param out
        .shared sh, 256
.expect out = {382, 380, 378, 376, 374, 372, 370, 368, 366, 364, 362, 360, 358, 356, 354, 352, 350, 348, 346, 344, 342, 340, 338, 336, 334, 332, 330, 328, 326, 324, 322, 320, 318, 316, 314, 312, 310, 308, 306, 304, 302, 300, 298, 296, 294, 292, 290, 288, 286, 284, 282, 280, 278, 276, 274, 272, 270, 268, 266, 264, 262, 260, 258, 256}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
        LOP3.LUT R6, R0, 0x3f, RZ, 0x3c, !PT ;
        SHF.L.U32 R6, R6, 0x2, RZ ;
        STS [R14+`(sh)], R0 ;
        BAR.SYNC 0x0 ;
        LDS R4, [R6+`(sh)] ;
        BAR.SYNC 0x0 ;
        IADD3 R5, R0, 0x100, RZ ;
        STS [R14+`(sh)], R5 ;
        BAR.SYNC 0x0 ;
        LDS R5, [R6+`(sh)] ;
        IADD3 R4, R4, R5, RZ ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R4 ;
        EXIT ;
