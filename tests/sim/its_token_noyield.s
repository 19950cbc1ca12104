// The token ring of its_token_yield.s without the YIELD: the lanes that do
// not hold the token spin forever without handing the warp over (nothing
// in the loop is a switch point), so the run must stop with a diagnosis
// that names the spinning lanes and their PC - never hang.
.launch grid=1 block=32 shared=4
.expect-error "lanes 0xfffffffe, PC 0x0030 (its_token_noyield.s:14): `LDS R1, [0x0]`: livelock"
.buffer order u32[32] = zero
.param order
main:
        S2R R0, SR_LANEID ;
        MOV R12, c[0x0][0x100] ;
        MOV R13, c[0x0][0x104] ;
.L_spin:
        LDS R1, [0x0] ;
        ISETP.EQ.U32.AND P0, PT, R1, R0, PT ;
   @P0  BRA `(.L_go) ;

        BRA `(.L_spin) ;
.L_go:
        IADD3 R2, R0, 0x1, RZ ;
        STS [0x0], R2 ;
        IMAD.WIDE.U32 R4, R0, 0x4, R12 ;
        STG.E [R4.64], R2 ;
        EXIT ;
