// An issuing lane outside its own membermask: all 32 lanes issue a VOTE
// whose mask leaves out lane 0.
.launch grid=1 block=32
.expect-error "VOTE: lanes 0x00000001 are not in their own membermask"
main:
        VOTE.ANY R0, PT, PT, 0xfffffffe ;
        EXIT ;
