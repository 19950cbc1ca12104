// .shared NAME, SIZE (docs/assembler.md): two variables in the kernel's
// static shared memory, used by name.  `vals` (32 words) is filled by every
// thread and read back reversed after a barrier; `total` (one word, after
// `vals`) is summed with a shared atomic.  The first word of out holds the
// offsets of the two variables, the static shared size needs no .launch
// shared=N (.nv.shared.main is 0x84 bytes: no dynamic part here).
.launch grid=1 block=32
.init R1 = tid
.buffer out u32[34] = 0
.param out
        .shared vals, 0x80
        .shared total, 4
main:
        ISETP.EQ.U32.AND P0, PT, R1, RZ, PT ;
   @P0  STS [`(total)], RZ ;                     // total = 0 (shared memory
        WARPSYNC 0xffffffff ;                    // starts undefined)
        IMAD.SHL.U32 R2, R1, 0x4, RZ ;           // this thread's word
        STS [R2+`(vals)], R1 ;
        ATOMS.ADD RZ, [`(total)], R1 ;
        BAR.SYNC 0x0 ;
        LOP3.LUT R3, R2, 0x7c, RZ, 0x3c, !PT ;   // word 31 - tid (tid ^ 31)
        LDS R4, [R3+`(vals)] ;
        LDC.64 R8, c[0x0][0x100] ;
        IMAD.WIDE.U32 R10, R1, 0x4, R8 ;
        STG.E [R10.64+0x8], R4 ;                 // out[2 + tid] = 31 - tid
        LDS R5, [`(total)] ;
        MOV R6, `(total) ;
        STG.E [R8.64], R6 ;                      // out[0] = offset of total
        STG.E [R8.64+0x4], R5 ;                  // out[1] = 0 + 1 + ... + 31
        EXIT ;
.expect out = {0x80, 496, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
