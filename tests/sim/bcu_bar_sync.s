// BAR.SYNC 0x0 (count 0: every live warp) orders shared-memory traffic
// between 4 warps: each thread stores its id, synchronises, then reads the
// id of thread 127 - tid.  Warp 3 sleeps 0x200 cycles before its store,
// so without the barrier warp 0 would read before warp 3 wrote.
.launch grid=1 block=128 shared=512
.buffer out u32[128] = zero
.param out
.expect out = {127,126,125,124,123,122,121,120,119,118,117,116,115,114,113,112,111,110,109,108,107,106,105,104,103,102,101,100,99,98,97,96,95,94,93,92,91,90,89,88,87,86,85,84,83,82,81,80,79,78,77,76,75,74,73,72,71,70,69,68,67,66,65,64,63,62,61,60,59,58,57,56,55,54,53,52,51,50,49,48,47,46,45,44,43,42,41,40,39,38,37,36,35,34,33,32,31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        IMAD.SHL.U32 R4, R0, 0x4, RZ ;
        ISETP.GE.U32.AND P2, PT, R0, 0x60, PT ;
   @P2  NANOSLEEP 0x200 ;
        STS [R4], R0 ;
        BAR.SYNC 0x0 ;
        LOP3.LUT R6, R0, 0x7f, RZ, 0x3c, !PT ;
        IMAD.SHL.U32 R6, R6, 0x4, RZ ;
        LDS R5, [R6] ;
        STG.E [R2.64], R5 ;
        EXIT ;
