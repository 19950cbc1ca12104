// BREV (isa/alu.isa, a simtkit companion): bit i of the result is bit
// 31 - i of the source; register, immediate and constant sources, a
// guarded BREV that leaves its destination alone, and per-lane values
// (BREV of the lane id puts it in the top five bits).
.launch grid=1 block=32
.buffer out u32[8] = 0
.buffer lanes u32[32] = 0
.param out
.param lanes
    LDC.64 R10, c[0x0][0x100] ;
    MOV R1, 0xf0f0ff00 ;
    BREV R2, R1 ;
    MOV R3, 0x12345678 ;
    BREV R3, R3 ;                                // in place
    BREV R4, 0x1 ;
    BREV R5, RZ ;
    BREV R6, c[0x0][0x100] ;                     // the low word of out's address
    MOV R7, 0xdeadbeef ;
    BREV R7, R7 ;
    MOV R8, 0x55 ;
    ISETP.NE.AND P0, PT, RZ, RZ, PT ;            // false
    @P0 BREV R8, 0xffffffff ;                    // not executed: R8 stays 0x55
    MOV R9, 0xffffffff ;
    BREV R9, R9 ;
    S2R R0, SR_LANEID ;
    ISETP.NE.AND P1, PT, R0, RZ, PT ;
    @P1 BRA `(.L_lanes) ;
    STG.E [R10.64], R2 ;
    STG.E [R10.64+0x4], R3 ;
    STG.E [R10.64+0x8], R4 ;
    STG.E [R10.64+0xc], R5 ;
    STG.E [R10.64+0x10], R7 ;
    STG.E [R10.64+0x14], R8 ;
    STG.E [R10.64+0x18], R9 ;
    BREV R6, R6 ;                                // twice: the value back
    LDC R12, c[0x0][0x100] ;
    LOP3.LUT R6, R6, R12, RZ, 0x3c, !PT ;        // xor: 0 when equal
    STG.E [R10.64+0x1c], R6 ;
.L_lanes:
    LDC.64 R12, c[0x0][0x108] ;
    BREV R14, R0 ;
    IMAD.WIDE.U32 R12, R0, 0x4, R12 ;
    STG.E [R12.64], R14 ;
    EXIT ;
.expect out = {0x00ff0f0f, 0x1e6a2c48, 0x80000000, 0, 0xf77db57b, 0x55, 0xffffffff, 0}
.expect lanes = {0x0, 0x80000000, 0x40000000, 0xc0000000, 0x20000000, 0xa0000000, 0x60000000, 0xe0000000, 0x10000000, 0x90000000, 0x50000000, 0xd0000000, 0x30000000, 0xb0000000, 0x70000000, 0xf0000000, 0x8000000, 0x88000000, 0x48000000, 0xc8000000, 0x28000000, 0xa8000000, 0x68000000, 0xe8000000, 0x18000000, 0x98000000, 0x58000000, 0xd8000000, 0x38000000, 0xb8000000, 0x78000000, 0xf8000000}
