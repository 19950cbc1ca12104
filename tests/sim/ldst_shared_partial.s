// LDS/STS of a partial warp of more than 6 lanes (src/sim/ldst.c:
// lanes_outside checks them branch-free over all 32, masked): the lanes
// off hold addresses outside the array and misaligned ones, which must
// not fault; the even lanes store tid + 0x100 at their partner's word
// (tid ^ 1) and read it back from there, the odd lanes keep 0.
.launch grid=1 block=32 shared=128
.init R1 = tid
.buffer out u32[32] = 0
.param out
    LOP3.LUT R3, R1, 0x1, RZ, 0xc0, !PT ;
    ISETP.EQ.U32.AND P0, PT, R3, RZ, PT ;  // even lanes: 16
    LOP3.LUT R2, R1, 0x1, RZ, 0x3c, !PT ;  // tid ^ 1
    SHF.L.U32 R2, R2, 0x2, RZ ;            // its word
    @!P0 MOV R2, 0x1001 ;                  // odd: outside, misaligned
    IADD3 R4, R1, 0x100, RZ ;
    MOV R5, RZ ;
    @P0 STS [R2], R4 ;
    @P0 LDS R5, [R2] ;
    LDC.64 R6, c[0x0][0x100] ;
    SHF.L.U32 R3, R1, 0x2, RZ ;
    IADD3 R6, P1, R6, R3, RZ ;
    IADD3.X R7, R7, RZ, RZ, P1, !PT ;
    STG.E [R6.64], R5 ;
    EXIT ;
.expect out = {0x100, 0, 0x102, 0, 0x104, 0, 0x106, 0, 0x108, 0, 0x10a, 0, 0x10c, 0, 0x10e, 0, 0x110, 0, 0x112, 0, 0x114, 0, 0x116, 0, 0x118, 0, 0x11a, 0, 0x11c, 0, 0x11e, 0}
