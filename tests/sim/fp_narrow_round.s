// F2F to f16/bf16 (src/sim/fp64.c: round_narrow, integer rounding of the
// double's bits): ties to even both ways, a carry into the next binade,
// a subnormal rounding up to the least normal, RM/RP of a negative
// value, values below the least subnormal in RN/RP/RM, bf16 overflow in
// RN and RZ, f64 -> f16 just above a tie (one rounding, not two), NaN.
.launch grid=1 block=1
.buffer s u32[16] = 0
.param s
    LDC.64 R10, c[0x0][0x100] ;
    MOV R0, 0x3f801000 ;                 // 1 + 2^-11: a tie
    F2F.F16.F32 R4, R0 ;                 // to even: 0x3c00
    MOV R0, 0x3f803000 ;                 // 1 + 3 * 2^-11: a tie
    F2F.F16.F32 R5, R0 ;                 // to even: 0x3c02
    MOV R0, 0x44fffccd ;                 // 2047.9
    F2F.F16.F32 R6, R0 ;                 // carries: 2048 0x6800
    MOV R0, 0x387ff000 ;                 // 2^-14 - 2^-26
    F2F.F16.F32 R7, R0 ;                 // the least normal 0x0400
    STG.E.128 [R10.64], R4 ;
    MOV R0, 0xbeaaaaab ;                 // -1/3
    F2F.F16.F32.RM R4, R0 ;              // 0xb556
    F2F.F16.F32.RP R5, R0 ;              // 0xb555
    MOV R0, 0x30800000 ;                 // 2^-30
    F2F.F16.F32 R6, R0 ;                 // 0
    F2F.F16.F32.RP R7, R0 ;              // the least subnormal 0x0001
    STG.E.128 [R10.64+0x10], R4 ;
    MOV R0, 0xb0800000 ;                 // -2^-30
    F2F.F16.F32.RM R4, R0 ;              // 0x8001
    MOV R0, 0x7f7fffff ;                 // the largest f32
    F2F.BF16.F32 R5, R0 ;                // +inf 0x7f80
    F2F.BF16.F32.RZ R6, R0 ;             // the largest bf16 0x7f7f
    MOV R0, 0x7fc00000 ;
    F2F.F16.F32 R7, R0 ;                 // NaN: 0x7fff
    STG.E.128 [R10.64+0x20], R4 ;
    MOV R0, 0x1000 ;
    MOV R1, 0x3ff00200 ;                 // f64 1 + 2^-11 + 2^-40
    F2F.F16.F64 R4, R0 ;                 // above the tie: 0x3c01
    F2F.BF16.F64.RZ R5, R0 ;             // 0x3f80
    F2F.BF16.F64.RP R6, R0 ;             // 0x3f81
    MOV R7, RZ ;
    STG.E.128 [R10.64+0x30], R4 ;
    EXIT ;
.expect s = {0x3c00, 0x3c02, 0x6800, 0x400, 0xb556, 0xb555, 0, 1, 0x8001, 0x7f80, 0x7f7f, 0x7fff, 0x3c01, 0x3f80, 0x3f81, 0}
