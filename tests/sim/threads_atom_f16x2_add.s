// atom_f16x2_add.s with every CTA a group of its own (resident=1 cta-group=1) on
// two worker threads: the CTAs' atomics on the same words run as host
// atomics at the same time (src/sim/atomic.c, docs/semantics.md "CTAs on
// worker threads"), and the order-independent result is the same.
// ATOM.E.ADD.F16x2: each binary16 half added with round-to-nearest-even,
// subnormals kept (PTX atom.add.noftz.f16x2).  64 threads of 2 CTAs add
// (lo -0.5, hi 0.5) to (1.0, 1.0): every partial sum is exact, so any order
// gives (-31.0, 33.0).  Then one lane adds two f16 subnormals (kept) and
// rounds 2050 + 1.0 in the high half: a tie between 2050 and 2052, to the
// even 2052.
.launch grid=2 block=32 policy=random:3 resident=1 cta-group=1 threads=2
.buffer h u32[2] = {0x3c003c00, 0x68010001}
.param h
.expect h = {0x5020cfc0, 0x68020002}
main:
        LDC.64 R2, c[0x0][0x100] ;
        MOV R4, 0x3800b800 ;             // hi 0.5, lo -0.5
        ATOMG.E.ADD.F16x2 R5, [R2.64], R4 ;
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        LOP3.LUT R0, R0, R1, RZ, 0xfc, !PT ;
        ISETP.NE.AND P0, PT, R0, RZ, PT ;
        @P0 EXIT ;
        MOV R4, 0x3c000001 ;             // hi 1.0, lo the smallest subnormal
        RED.E.ADD.F16x2 [R2.64+0x4], R4 ;
        EXIT ;
