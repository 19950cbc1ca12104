// F2F (f32<->f64, f32->f16/bf16 in the rounding modes, overflow,
// subnormals, f16->f32), I2F/F2I 64-bit forms (rounding, saturation, NaN),
// FRND (f32, .F64), FMNMX (-0 < +0, NaN ignored, canonical NaN).
.launch grid=1 block=1
.buffer s u32[20] = 0
.buffer d u64[6] = 0
.param s
.param d
    LDC.64 R10, c[0x0][0x100] ;
    MOV R0, 0x3eaaaaab ;                 // f32(1/3)
    F2F.F16.F32 R1, R0 ;                 // RN: 0x3555
    F2F.F16.F32.RP R2, R0 ;              // 0x3556
    F2F.BF16.F32 R3, R0 ;                // RN: up, 0x3eab
    F2F.BF16.F32.RZ R4, R0 ;             // 0x3eaa
    STG.E.128 [R10.64], R1 ;
    MOV R0, 0x47886000 ;                 // 70000.0
    F2F.F16.F32 R1, R0 ;                 // overflow RN: +inf 0x7c00
    F2F.F16.F32.RZ R2, R0 ;              // largest finite 0x7bff
    MOV R0, 0x35800000 ;                 // 2^-20
    F2F.F16.F32 R3, R0 ;                 // f16 subnormal 0x0010
    MOV R0, 0xbc00 ;                     // f16 -1.0
    F2F.F32.F16 R4, R0 ;                 // 0xbf800000
    STG.E.128 [R10.64+0x10], R1 ;
    MOV R0, 0x55555555 ;
    MOV R1, 0x3fd55555 ;                 // f64(1/3)
    F2F.F32.F64 R2, R0 ;                 // RN: 0x3eaaaaab
    F2F.F32.F64.RZ R3, R0 ;              // 0x3eaaaaaa
    MOV R0, 0xbfc00000 ;                 // -1.5f
    FRND.FLOOR R4, R0 ;                  // -2.0
    MOV R0, 0x40200000 ;                 // 2.5f
    FRND R5, R0 ;                        // ties to even: 2.0
    STG.E.128 [R10.64+0x20], R2 ;
    MOV R0, 0x80000000 ;                 // -0.0
    FMNMX R2, R0, RZ, PT ;               // min(-0, +0) = -0
    FMNMX R3, RZ, R0, !PT ;              // max(+0, -0) = +0
    MOV R1, 0x7fc00000 ;                 // NaN
    FMNMX R4, R1, 1.0, !PT ;             // NaN ignored: 1.0
    FMNMX R5, R1, R1, PT ;               // two NaNs: canonical
    STG.E.128 [R10.64+0x30], R2 ;
    MOV R0, 0xe0ad78ec ;                 // -1e20f
    F2I.S64.TRUNC R2, R0 ;               // saturates: INT64_MIN
    MOV R0, RZ ;
    MOV R1, 0x40040000 ;                 // 2.5
    F2I.F64 R4, R0 ;                     // ties to even: 2
    MOV R1, 0x41e65a0b ;
    MOV R0, 0xc0000000 ;                 // 3e9
    F2I.F64 R5, R0 ;                     // saturates: 0x7fffffff
    MOV R1, 0xfff80000 ;                 // NaN
    F2I.F64.TRUNC R6, R0 ;               // 0
    STG.E [R10.64+0x40], R4 ;
    STG.E [R10.64+0x44], R5 ;
    STG.E [R10.64+0x48], R6 ;
    LDC.64 R10, c[0x0][0x108] ;
    STG.E.64 [R10.64], R2 ;
    MOV R0, RZ ;
    MOV R1, 0x80000000 ;                 // -2^63 as s64
    I2F.F64.S64 R2, R0 ;                 // -2^63 exactly
    STG.E.64 [R10.64+0x8], R2 ;
    MOV R0, 0xffffffff ;
    MOV R1, 0xffffffff ;                 // 2^64 - 1
    I2F.U64 R2, R0 ;                     // f32 RN: 2^64
    I2F.U64.RZ R3, R0 ;                  // 0x5f7fffff
    STG.E.64 [R10.64+0x10], R2 ;
    I2F.F64.U32 R2, R0 ;                 // 4294967295.0
    STG.E.64 [R10.64+0x18], R2 ;
    MOV R0, RZ ;
    MOV R1, 0xbfe00000 ;                 // -0.5
    FRND.F64.CEIL R2, R0 ;               // -0.0
    STG.E.64 [R10.64+0x20], R2 ;
    MOV R0, 0x3eaaaaab ;
    F2F.F64.F32 R2, R0 ;                 // exact widening
    STG.E.64 [R10.64+0x28], R2 ;
    EXIT ;
.expect s = {0x3555, 0x3556, 0x3eab, 0x3eaa, 0x7c00, 0x7bff, 0x10, 0xbf800000, 0x3eaaaaab, 0x3eaaaaaa, 0xc0000000, 0x40000000, 0x80000000, 0, 0x3f800000, 0x7fffffff, 2, 0x7fffffff, 0, 0}
.expect d = {0x8000000000000000, 0xc3e0000000000000, 0x5f7fffff5f800000, 0x41efffffffe00000, 0x8000000000000000, 0x3fd5555560000000}
