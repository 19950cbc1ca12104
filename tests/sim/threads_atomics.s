// Atomics of CTA groups on two worker threads contend on the same words
// (docs/semantics.md, "CTAs on worker threads"; src/sim/atomic.c: each
// lane's read-modify-write is a host atomic).  64 CTAs x 64 threads, every
// CTA a group of 8 (the resident count), g = the global thread index
// 0..4095; each op's result is independent of the order, so a lost or torn
// update shows (and no thread loops on a result: the instruction counts
// are the same at any --threads, tests/threads.sh):
//   w[0]  ATOMG.ADD 1                 -> 4096
//   w[1]  ATOMG.MIN.S32 g - 1000      -> -1000
//   w[2:3] RED.ADD.U64 0x100000001    -> 0x0000100000001000
//   w[4:5] ATOMG.MAX.S64 g - 5000     -> -905 (from INT64_MIN)
//   w[6]  ATOMG.MAX.U32 3g            -> 12285
//   w[7]  ATOMG.AND ~(1 << lane)      -> 0 (from all ones)
//   w[8]  ATOMG.OR 1 << lane          -> all ones
//   w[9]  ATOMG.XOR g + 1             -> 4096 (1 ^ 2 ^ ... ^ 4096)
//   w[10] ATOMG.ADD.F32 1.0           -> 4096.0
//   w[11] ATOMG.INC bound 0xffffffff  -> 4096
//   w[12] ATOMG.CAS 0 -> 1             -> 1
//   w[13] ATOMG.DEC bound 0xffffffff   -> 0xf000 (from 0x10000)
//   w[14:15] ATOM.ADD.F64 1.0 (generic) -> 4096.0
.launch grid=64 block=64 cta-group=1 threads=2
.buffer w u32[16] = {0, 0, 0, 0, 0, 0x80000000, 0, 0xffffffff, 0, 0, 0, 0, 0, 0x10000, 0, 0}
.param w
.expect w = {0x1000, 0xfffffc18, 0x1000, 0x1000, 0xfffffc77, 0xffffffff, 0x2ffd, 0x0, 0xffffffff, 0x1000, 0x45800000, 0x1000, 0x1, 0xf000, 0x0, 0x40b00000}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        S2R R3, SR_LANEID ;
        IMAD R2, R1, 0x40, R0 ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        MOV R4, 0x1 ;
        ATOMG.E.ADD RZ, [R8.64], R4 ;
        IADD3 R4, R2, -0x3e8, RZ ;
        ATOMG.E.MIN.S32 RZ, [R8.64+0x4], R4 ;
        MOV R4, 0x1 ;
        MOV R5, 0x1 ;
        RED.E.ADD.U64 [R8.64+0x8], R4 ;
        IADD3 R4, R2, -0x1388, RZ ;
        SHF.R.S32.HI R5, RZ, 0x1f, R4 ;
        ATOMG.E.MAX.S64 RZ, [R8.64+0x10], R4 ;
        IMAD R4, R2, 0x3, RZ ;
        ATOMG.E.MAX RZ, [R8.64+0x18], R4 ;
        MOV R4, 0x1 ;
        SHF.L.U32 R4, R4, R3, RZ ;
        LOP3.LUT R5, RZ, R4, RZ, 0x33, !PT ;
        ATOMG.E.AND RZ, [R8.64+0x1c], R5 ;
        ATOMG.E.OR RZ, [R8.64+0x20], R4 ;
        IADD3 R4, R2, 0x1, RZ ;
        ATOMG.E.XOR RZ, [R8.64+0x24], R4 ;
        MOV R4, 0x3f800000 ;
        ATOMG.E.ADD.F32 RZ, [R8.64+0x28], R4 ;
        MOV R4, 0xffffffff ;
        ATOMG.E.INC RZ, [R8.64+0x2c], R4 ;
        MOV R5, 0x1 ;
        ATOMG.E.CAS R6, [R8.64+0x30], RZ, R5 ;
        ATOMG.E.DEC RZ, [R8.64+0x34], R4 ;
        MOV R4, 0x0 ;
        MOV R5, 0x3ff00000 ;
        ATOM.E.ADD.F64 RZ, [R8.64+0x38], R4 ;
        EXIT ;
