// Address 0 is never mapped: a load through a null pointer faults.
.launch grid=1 block=32
.expect-error "global load of 4 bytes at 0x0: unmapped address (32 lanes)"
    MOV R2, RZ ;
    MOV R3, RZ ;
    LDG.E R4, [R2.64] ;
    EXIT ;
