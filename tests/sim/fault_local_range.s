// Local memory is private per thread and bounded (.launch local=N bytes).
.launch grid=1 block=32 local=16
.expect-error "local load of 4 bytes at 0x10: out of range"
    STL [0xc], RZ ;
    LDL R4, [0x10] ;
    EXIT ;
