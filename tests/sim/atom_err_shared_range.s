// ATOMS beyond the CTA's shared memory (16 bytes): a located fault.
.launch grid=1 block=32 shared=16
.expect-error "out of range"
main:
        MOV R4, 0x1 ;
        ATOMS.ADD R5, [0x10], R4 ;
        EXIT ;
