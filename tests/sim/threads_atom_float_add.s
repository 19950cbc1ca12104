// atom_float_add.s with every CTA a group of its own (resident=1 cta-group=1) on
// two worker threads: the CTAs' atomics on the same words run as host
// atomics at the same time (src/sim/atomic.c, docs/semantics.md "CTAs on
// worker threads"), and the order-independent result is the same.
// Float atomics with an order-independent exact result: 4 CTAs x 64
// threads (random scheduling) add v = 0.25 * (g % 8) - 0.5 with
// ATOMG.E.ADD.F32 and ATOM.E.ADD.F64 (the generic form, on global memory);
// every partial sum is a multiple of 0.25 below 2^20, so any order gives
// exactly 256 * 0.375 = 96.  Then one lane adds the smallest subnormal to
// 0.0 in binary32 (flushed to +0, PTX atom.add.f32) and in binary64 (kept).
.launch grid=4 block=64 policy=random:5 resident=1 cta-group=1 threads=2
.buffer f32s f32[2] = zero
.buffer f64s f64[2] = zero
.param f32s
.param f64s
.expect f32s = {96.0, 0.0}
.expect f64s = {96.0, 0x1}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        S2R R12, SR_NTID.X ;
        IMAD R13, R1, R12, R0 ;
        LOP3.LUT R4, R13, 0x7, RZ, 0xc0, !PT ;
        IADD3 R4, R4, -0x2, RZ ;
        I2F R4, R4 ;
        FMUL R4, R4, 0.25 ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        MOV R10, c[0x0][0x108] ;
        MOV R11, c[0x0][0x10c] ;
        ATOMG.E.ADD.F32 RZ, [R8.64], R4 ;
        // binary64 of v: exact from the binary32 (sign, exponent rebias)
        FSETP.EQ.AND P1, PT, R4, RZ, PT ;
        LOP3.LUT R6, R4, 0x80000000, RZ, 0xc0, !PT ;
        SHF.R.U32.HI R5, RZ, 0x17, R4 ;
        LOP3.LUT R5, R5, 0xff, RZ, 0xc0, !PT ;
        IADD3 R5, R5, 0x380, RZ ;
        SHF.L.U32 R5, R5, 0x14, RZ ;
        LOP3.LUT R7, R4, 0x7fffff, RZ, 0xc0, !PT ;
        SHF.R.U32.HI R14, RZ, 0x3, R7 ;
        LOP3.LUT R15, R5, R14, R6, 0xfe, !PT ;
        SHF.L.U32 R14, R7, 0x1d, RZ ;
   @P1  MOV R15, RZ ;
   @P1  MOV R14, RZ ;
        ATOM.E.ADD.F64 RZ, [R10.64], R14 ;
        ISETP.NE.U32.AND P0, PT, R13, 0x0, PT ;
   @P0  EXIT ;
        MOV R4, 0x1 ;
        ATOMG.E.ADD.F32 RZ, [R8.64+0x4], R4 ;
        MOV R14, 0x1 ;
        MOV R15, RZ ;
        ATOMG.E.ADD.F64 RZ, [R10.64+0x8], R14 ;
        EXIT ;
