// BUG (race): every CTA writes its result to the same output word (index by thread, not by block).
// Twin: global_same_slot_ok.s.
.expect-error "PC 0x0080 (global_same_slot.s:16): `STG.E [R2.64], R4`: --check=race: write of 4 bytes at global 0x10000000 (out) by lane 0 races with the write of 4 bytes by CTA (0,0,0) warp 0 lane 0 at PC 0x0080 (global_same_slot.s:16) `STG.E [R2.64], R4`: they are in different CTAs and no release/acquire pair of GPU scope (a fence or .RELEASE/.ACQUIRE atomic on one location, observed) orders them"
.launch grid=2 block=32 check=race,sync,init
.buffer out u32[2] = zero
.param out
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        IADD3 R4, R1, 0x1, RZ ;
        STG.E [R2.64], R4 ;
        EXIT ;
