// BAR.ARV needs a count > 0.
.launch grid=1 block=64
.expect-error "BAR.ARV with count 0"
main:
        MOV R1, 0x0 ;
        BAR.ARV 0x2, R1 ;
        EXIT ;
