// .shared layout: variables in declaration order, each at the next multiple
// of its alignment - ALIGN when given (a power of two), else the largest
// power of two <= SIZE, at most 16 (GNU as .comm).  The static shared size
// is the end of the last one (0xb4 here): the word at e+0x60 (0xb0..0xb3)
// exists without any dynamic shared memory.
.launch grid=1 block=32
.init P0 = mask 0x1
.buffer out u32[6] = 0
.param out
        .shared a, 1            // 0x00: align 1
        .shared b, 6            // 0x04: align 4
        .shared c, 8            // 0x10: align 8 (0x0a rounded up)
        .shared d, 3, 64        // 0x40: explicit align 64
        .shared e, 100          // 0x50: align 16 (0x43 rounded up), ends at 0xb4
main:
        LDC.64 R8, c[0x0][0x100] ;
        MOV R2, `(a) ;
        MOV R3, `(b) ;
        MOV R4, `(c) ;
        MOV R5, `(d) ;
        MOV R6, `(e) ;
        MOV R7, 0x5a5a ;
@P0     STS [`(e + 0x60)], R7 ;
@P0     LDS R7, [`(e + 0x60)] ;
@P0     STG.E [R8.64], R2 ;
@P0     STG.E [R8.64+0x4], R3 ;
@P0     STG.E [R8.64+0x8], R4 ;
@P0     STG.E [R8.64+0xc], R5 ;
@P0     STG.E [R8.64+0x10], R6 ;
@P0     STG.E [R8.64+0x14], R7 ;
        EXIT ;
.expect out = {0x0, 0x4, 0x10, 0x40, 0x50, 0x5a5a}
