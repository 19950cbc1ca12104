// The last word of the code is not a control instruction: the warp's
// PC passes the end of the code and its next issue raises (the plain
// step's next record is then the extra record past the code).
.launch grid=2 block=64
.init R1 = tid
.expect-error "warp 0, lanes 0xffffffff, PC 0x0020: `<no instruction>`: PC 0x20 is outside the kernel's code or misaligned"
    IADD3 R2, R1, 0x1, RZ ;
    IADD3 R3, R2, 0x1, RZ ;
