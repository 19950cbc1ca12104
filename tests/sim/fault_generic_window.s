// A generic address in the shared window but past the CTA's shared size
// faults as a shared access.
.launch grid=1 block=32 shared=16
.expect-error "shared load of 4 bytes at 0x7f0000000010 (generic): out of range"
    LDC.64 R2, c[0x0][0x20] ;
    LD.E R4, [R2.64+0x10] ;
    EXIT ;
