// Shared memory (dynamic size from .launch shared=N) exchanged across a
// barrier, per-thread local memory (STL/LDL: the same offset is private to
// each thread), and generic LD/ST through the windows of c[0x0][0x20]
// (shared) and c[0x0][0x28] (local).  Two warps.
.launch grid=1 block=64 shared=256
.init R1 = tid
.buffer out u32[64] = 0
.buffer gen u32[64] = 0
.param out
.param gen
    SHF.L.U32 R2, R1, 0x2, RZ ;          // tid * 4
    IADD3 R3, R1, 0x64, RZ ;             // tid + 100
    STS [R2], R3 ;
    STL [0x10], R1 ;                     // every thread: its own tid
    BAR.SYNC 0x0 ;
    IADD3 R4, R1, 0x1, RZ ;
    LOP3.LUT R4, R4, 0x3f, RZ, 0xc0, !PT ;   // (tid + 1) % 64
    SHF.L.U32 R4, R4, 0x2, RZ ;
    LDS R5, [R4] ;                       // neighbour's tid + 100
    LDL R6, [0x10] ;                     // own tid back
    IADD3 R5, R5, R6, RZ ;               // 2 * tid + 101 (tid 63: 63 + 100)
    LDC.64 R8, c[0x0][0x100] ;
    IMAD.WIDE.U32 R8, R2, 0x1, R8 ;
    STG.E [R8.64], R5 ;
    // generic: shared window + tid * 4 reads what STS wrote
    LDC.64 R10, c[0x0][0x20] ;
    IMAD.WIDE.U32 R10, R2, 0x1, R10 ;
    LD.E R12, [R10.64] ;
    // generic store into local memory, read back with LDL
    LDC.64 R14, c[0x0][0x28] ;
    ST.E [R14.64+0x20], R12 ;
    LDL R13, [0x20] ;
    // generic store to global memory
    LDC.64 R16, c[0x0][0x108] ;
    IMAD.WIDE.U32 R16, R2, 0x1, R16 ;
    ST.E [R16.64], R13 ;
    EXIT ;
.expect out = {101, 103, 105, 107, 109, 111, 113, 115, 117, 119, 121, 123, 125, 127, 129, 131, 133, 135, 137, 139, 141, 143, 145, 147, 149, 151, 153, 155, 157, 159, 161, 163, 165, 167, 169, 171, 173, 175, 177, 179, 181, 183, 185, 187, 189, 191, 193, 195, 197, 199, 201, 203, 205, 207, 209, 211, 213, 215, 217, 219, 221, 223, 225, 163}
.expect gen = {100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163}
