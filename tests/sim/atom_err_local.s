// A generic atomic whose address falls in the local window (c[0x0][0x28]):
// PTX defines atomics on global and shared memory only, so it is a fault.
.launch grid=1 block=32
.expect-error "atomic on local memory"
main:
        MOV R2, c[0x0][0x28] ;
        MOV R3, c[0x0][0x2c] ;
        MOV R4, 0x1 ;
        ATOM.E.ADD R5, [R2.64+0x10], R4 ;
        EXIT ;
