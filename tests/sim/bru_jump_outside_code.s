// A taken BRA whose target is outside the kernel's code: the whole warp
// jumps (the plain issue path's own jump, sim.h SIM_F_JUMP, whose target
// record is the extra one past the code) and its next issue raises, as
// an issue at a PC outside the code always has (docs/architecture.md).
.launch grid=1 block=64
.init R1 = tid
.expect-error "lanes 0xffffffff, PC 0x1000: `<no instruction>`: PC 0x1000 is outside the kernel's code or misaligned"
    IADD3 R2, R1, 0x1, RZ ;
    BRA 0x1000 ;
    EXIT ;
