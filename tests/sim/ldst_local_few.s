// LDL/STL with at most 8 lanes (src/sim/ldst.c: local_few, the handlers
// of one size each) and with 9 (local_dense): 32-, 64- and 128-bit, the
// lanes at one address (a stack pointer) and at their own, a negative
// offset, a load that overwrites its own address register in the few
// path; checked against the values the lanes put there, one row of 4
// words per lane.
.launch grid=1 block=32 local=128
.init R1 = tid
.buffer out u32[128] = 0
.param out
    MOV R20, RZ ;
    MOV R21, RZ ;
    MOV R22, RZ ;
    MOV R23, RZ ;
    MOV R2, 0x20 ;                         // one address for every lane
    LOP3.LUT R3, R1, 0x3, RZ, 0xc0, !PT ;
    SHF.L.U32 R3, R3, 0x4, RZ ;            // (tid & 3) * 16: 0..0x30
    ISETP.LT.U32.AND P0, PT, R1, 0x3, PT ; // lanes 0-2
    ISETP.GE.U32.AND P1, PT, R1, 0x17, PT ; // lanes 23-31: 9
    IADD3 R4, R1, 0x300, RZ ;
    IADD3 R5, R1, 0x500, RZ ;
    IADD3 R6, R1, 0x700, RZ ;
    IADD3 R7, R1, 0x900, RZ ;
    @P0 STL [R2+0x8], R4 ;                 // few, one address
    @P0 LDL R20, [R2+0x8] ;
    @P0 STL.64 [R3+0x10], R4 ;             // few, each its own
    @P0 LDL.64 R8, [R3+0x10] ;
    @P0 IADD3 R21, R8, R9, RZ ;
    @P0 STL.128 [R3+0x40], R4 ;            // few, 128-bit: 0x40..0x70
    @P0 LDL.128 R12, [R3+0x40] ;
    @P0 IADD3 R22, R12, R15, RZ ;
    @P0 IADD3 R10, R3, 0x50, RZ ;
    @P0 LDL.64 R10, [R10-0x40] ;           // the address register overwritten
    @P0 IADD3 R23, R10, R11, RZ ;
    @P1 STL [R3+0x4], R6 ;                 // 9 lanes: the dense path
    @P1 LDL R20, [R3+0x4] ;
    @P1 STL.64 [R2+0x28], R6 ;
    @P1 LDL.64 R8, [R2+0x28] ;
    @P1 IADD3 R21, R8, R9, RZ ;
    LDC.64 R16, c[0x0][0x100] ;
    SHF.L.U32 R3, R1, 0x4, RZ ;            // 16 tid bytes: lane tid's row
    IADD3 R16, P2, R16, R3, RZ ;
    IADD3.X R17, R17, RZ, RZ, P2, !PT ;
    STG.E [R16.64], R20 ;
    STG.E [R16.64+0x4], R21 ;
    STG.E [R16.64+0x8], R22 ;
    STG.E [R16.64+0xc], R23 ;
    EXIT ;
.expect out = {0x300, 0x800, 0xc00, 0x800, 0x301, 0x802, 0xc02, 0x802, 0x302, 0x804, 0xc04, 0x804, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x717, 0x102e, 0, 0, 0x718, 0x1030, 0, 0, 0x719, 0x1032, 0, 0, 0x71a, 0x1034, 0, 0, 0x71b, 0x1036, 0, 0, 0x71c, 0x1038, 0, 0, 0x71d, 0x103a, 0, 0, 0x71e, 0x103c, 0, 0, 0x71f, 0x103e, 0, 0}
