// BAR.ARV counts without blocking: warps 0-1 (producers) write shared
// memory then BAR.ARV 0x1, 0x80; warps 2-3 (consumers) BAR.SYNC 0x1, 0x80
// and read what the producers wrote (the producer sleeps first, so the
// consumers really wait).  Consumers write 1000 + producer value.
.launch grid=1 block=128 shared=256
.buffer out u32[128] = zero
.param out
.expect out[0] = 0
.expect out[64] = 1000
.expect out[65] = 1001
.expect out[127] = 1063
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        ISETP.GE.U32.AND P1, PT, R0, 0x40, PT ;
   @P1  BRA `(.L_consumer) ;
        NANOSLEEP 0x100 ;
        IMAD.SHL.U32 R4, R0, 0x4, RZ ;
        STS [R4], R0 ;
        BAR.ARV 0x1, 0x80 ;
        EXIT ;
.L_consumer:
        BAR.SYNC 0x1, 0x80 ;
        IADD3 R6, R0, -0x40, RZ ;
        IMAD.SHL.U32 R6, R6, 0x4, RZ ;
        LDS R5, [R6] ;
        IADD3 R5, R5, 0x3e8, RZ ;
        STG.E [R2.64], R5 ;
        EXIT ;
