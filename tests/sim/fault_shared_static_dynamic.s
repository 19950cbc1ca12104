// Shared memory = static (.nv.shared.main, 64 bytes) + dynamic (.launch
// shared=16): offset 0x4c is the last word, 0x50 faults.
.launch block=32 shared=16
.init R1 = tid
.buffer out u32[1] = 0
.param out
main:
    STS [0x4c], R1 ;
    LDS R2, [0x4c] ;
    LDC.64 R4, c[0x0][0x100] ;
    @!P0 STG.E [R4.64], R2 ;
    LDS R3, [0x50] ;
    EXIT ;
.init P0 = mask 0xfffffffe
.expect-error "shared load of 4 bytes at 0x50: out of range"
	.section .nv.shared.main,"aw",@nobits
	.zero 64
