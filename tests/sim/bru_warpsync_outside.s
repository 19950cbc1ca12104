// A lane executing WARPSYNC outside its own membermask is a runtime error.
.launch grid=1 block=32
.expect-error "WARPSYNC lane outside its own membermask"
main:
        WARPSYNC 0x0000ffff ;
        EXIT ;
