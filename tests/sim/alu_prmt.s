// PRMT: byte permute of c:a by the selector's nibbles (bit 3 repeats the
// sign of the chosen byte); immediate and register selectors.
.launch grid=1 block=32
.buffer out u32[8] = 0
.param out
    LDC.64 R16, c[0x0][0x100] ;
    MOV R2, 0x84838281 ;
    MOV R3, 0x08070605 ;
    PRMT R4, R2, 0x3210, R3 ;
    PRMT R5, R2, 0x7654, R3 ;
    PRMT R6, R2, 0x8880, RZ ;
    PRMT R7, R2, 0x4441, RZ ;
    MOV R8, 0x0b1d ;
    PRMT R9, R2, R8, R3 ;
    STG.E [R16.64], R4 ;
    STG.E [R16.64+0x4], R5 ;
    STG.E [R16.64+0x8], R6 ;
    STG.E [R16.64+0xc], R7 ;
    STG.E [R16.64+0x10], R9 ;
    EXIT ;
.expect out[0] = 0x84838281
.expect out[1] = 0x08070605
.expect out[2] = 0xffffff81
.expect out[3] = 0x00000082
.expect out[4] = 0x81ff8200
