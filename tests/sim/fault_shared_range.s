// Shared memory is static + dynamic size; one byte past it faults.
.launch grid=1 block=32 shared=64
.init R1 = tid
.expect-error "shared store of 4 bytes at 0x40: out of range"
    SHF.L.U32 R2, R1, 0x2, RZ ;
    STS [R2+0x4], R1 ;
    EXIT ;
