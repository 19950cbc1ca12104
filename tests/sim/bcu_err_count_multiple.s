// A barrier count that is not a multiple of 32 is a runtime exception (an
// immediate count is already rejected by the assembler; a register count
// is checked when the BAR executes).
.launch grid=1 block=64
.expect-error "barrier count is not a multiple of 32 (barrier 1, count 48"
main:
        MOV R1, 0x30 ;
        BAR.SYNC 0x1, R1 ;
        EXIT ;
