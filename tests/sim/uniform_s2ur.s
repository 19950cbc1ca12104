// S2UR reads the warp-uniform special registers.  Grid 3x2, block 32x2
// (two warps per CTA).  The grid and block sizes are the same everywhere
// (.expect); each warp stores ctaid.x | ctaid.y << 8 | warpid << 16 at
// out[(ctaid.y * 3 + ctaid.x) * 2 + warpid], index, value and address all
// computed on the uniform datapath (ULDC.64 of the buffer parameter, a
// 64-bit add with the carry through UP0 and USEL).  The cycle counter
// advances between two reads (UP1 = clock2 > clock1).
.launch grid=3,2 block=32,2
.buffer out u32[12] = 0
.param out
.expect out = {0x0, 0x10000, 0x1, 0x10001, 0x2, 0x10002, 0x100, 0x10100, 0x101, 0x10101, 0x102, 0x10102}
main:
        S2UR UR22, SR_CLOCKLO ;
        S2UR UR4, SR_CTAID.X ;
        S2UR UR5, SR_CTAID.Y ;
        S2UR UR6, SR_CTAID.Z ;
.expect UR6 = 0
        S2UR UR7, SR_NTID.X ;
.expect UR7 = 32
        S2UR UR8, SR_NTID.Y ;
.expect UR8 = 2
        S2UR UR9, SR_NTID.Z ;
.expect UR9 = 1
        S2UR UR10, SR_NCTAID.X ;
.expect UR10 = 3
        S2UR UR11, SR_NCTAID.Y ;
.expect UR11 = 2
        S2UR UR12, SR_NCTAID.Z ;
.expect UR12 = 1
        S2UR UR13, SR_WARPID ;
        S2UR UR14, SR_CLOCKHI ;
.expect UR14 = 0
        UIMAD UR16, UR5, UR10, UR4 ;            // ctaid.y * nctaid.x + ctaid.x
        UIMAD UR16, UR16, 0x2, UR13 ;           // * 2 warps + warpid
        USHF.L.U32 UR17, UR16, 0x2, URZ ;       // byte offset
        USHF.L.U32 UR18, UR5, 0x8, URZ ;
        USHF.L.U32 UR19, UR13, 0x10, URZ ;
        ULOP3.LUT UR20, UR4, UR18, UR19, 0xfe, !UPT ;
        ULDC.64 UR24, c[0x0][0x100] ;
        UIADD3 UR24, UP0, UR24, UR17, URZ ;
        USEL UR26, URZ, 0x1, !UP0 ;             // the carry
        UIADD3 UR25, UR25, UR26, URZ ;
        MOV R2, UR24 ;
        MOV R3, UR25 ;
        MOV R5, UR20 ;
        STG.E [R2.64], R5 ;                     // every lane: same word
        S2UR UR23, SR_CLOCKLO ;
        UISETP.GT.U32.AND UP1, UPT, UR23, UR22, UPT ;
.expect UP1 = 1
        EXIT ;
