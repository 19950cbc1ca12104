// Two WARPSYNC sites whose lanes never meet: each site switches to the
// lanes parked at the other one, forever, with no memory write and no
// state change.  The simulator reports a livelock naming both PCs.
.launch grid=1 block=32
.init P0 = mask 0x0000ffff
.expect-error "livelock"
main:
   @P0  BRA `(.L_b) ;
        WARPSYNC 0xffffffff ;
        EXIT ;
.L_b:
        WARPSYNC 0xffffffff ;
        EXIT ;
