// Members of one group that name different membermasks: lane 0 names
// lanes 0-1, lane 1 names only itself (the rest name 0xfffffffc).
.launch grid=1 block=32
.expect-error "MATCH: members of one group name different membermasks (lane 0: 0x00000003, lane 1: 0x00000002)"
main:
        S2R R0, SR_LANEID ;
        MOV R7, 0xfffffffc ;
        ISETP.EQ.U32.AND P0, PT, R0, 0x0, PT ;
   @P0  MOV R7, 0x3 ;
        ISETP.EQ.U32.AND P0, PT, R0, 0x1, PT ;
   @P0  MOV R7, 0x2 ;
        MATCH.ANY R1, R0, R7 ;
        EXIT ;
