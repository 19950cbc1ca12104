// Reuse of a shared buffer before its asynchronous copy completed: stage 0
// is copied into buf, then stage 1 into the same buf without waiting for
// the first copy.  PTX orders no two cp.async operations: they may
// complete in either order, and the kernel expects the issue order (stage
// 1 last).  The copy engine's timing always completes them in issue order,
// so a plain run passes; `simt explore` chooses the completion order
// (choice `copy`) and finds stage 0 landing last (out = tid); its schedule
// file replays it (tests/explore.sh).  Twin: copy_order_fixed.s.
.launch grid=1 block=32
.buffer in u32[64] = iota
.buffer out u32[32] = zero
.param in
.param out
.expect out = {32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63}
        .shared buf, 128
main:
        S2R R0, SR_TID.X ;
        LDC.64 R8, c[0x0][0x100] ;              // in
        LDC.64 R10, c[0x0][0x108] ;             // out
        SHF.L.U32 R2, R0, 0x2, RZ ;
        IMAD.WIDE.U32 R12, R2, 0x1, R8 ;        // &in[tid]
        IMAD.WIDE.U32 R14, R2, 0x1, R10 ;       // &out[tid]
        LDGSTS.E [R2+`(buf)], [R12.64] ;        // stage 0: in[tid]
        LDGDEPBAR ;
        LDGSTS.E [R2+`(buf)], [R12.64+0x80] ;   // stage 1: in[tid + 32], same buffer
        LDGDEPBAR ;
        DEPBAR.LE SB0, 0x0 ;                    // both groups complete
        LDS R4, [R2+`(buf)] ;
        STG.E [R14.64], R4 ;                    // expects stage 1
        EXIT ;
