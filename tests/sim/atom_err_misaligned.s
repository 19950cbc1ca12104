// A 64-bit atomic must be 8-byte aligned: lane 0 names buf + 4.
.launch grid=1 block=1
.buffer buf u64[2] = zero
.param buf
.expect-error "misaligned"
main:
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        MOV R4, 0x1 ;
        MOV R5, RZ ;
        ATOMG.E.ADD.U64 R6, [R8.64+0x4], R4 ;
        EXIT ;
