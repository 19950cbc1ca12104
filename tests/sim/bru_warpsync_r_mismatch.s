// Members of one WARPSYNC.R group must give the same mask: lane 0 names
// lanes 0-1 (0x3) while lane 1 names only itself (0x2).
.launch grid=1 block=2
.init P0 = mask 0x00000001
.expect-error "WARPSYNC.R group members with different masks"
main:
        MOV R7, 0x2 ;
   @P0  MOV R7, 0x3 ;
        WARPSYNC R7 ;
        EXIT ;
