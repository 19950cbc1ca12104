// spin.s - a loop that never ends (the register changes every iteration,
// so no livelock is seen): only the cycle limit stops it.
main:
        MOV R0, 0x0 ;
.L_top:
        IADD3 R0, R0, 0x1, RZ ;
        ISETP.NE.AND P0, PT, R0, -0x1, PT ;
@P0     BRA `(.L_top) ;
        EXIT ;
