// strong_flag.s with a weak (plain STG/LDG) flag: the race checker reports
// the flag's write and read as a race.
.expect-error "--check=race: write of 4 bytes at global 0x10000000 (flag)"
.launch grid=2 block=32 policy=random:21 check=race,sync,init
.buffer flag u32[1] = zero
.buffer data u32[32] = zero
.buffer out u32[32] = zero
.param flag
.param data
.param out
main:
        S2R R0, SR_LANEID ;
        S2R R1, SR_CTAID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R10 ;
        ISETP.NE.U32.AND P0, PT, R1, RZ, PT ;
   @!P0 BRA `(.Lconsumer) ;
        IADD3 R4, R0, 0x64, RZ ;
        STG.E [R2.64], R4 ;
        FENCE.ACQ_REL.GPU ;
        MOV R5, 0x1 ;
        STG.E [R8.64], R5 ;
        EXIT ;
.Lconsumer:
        LDG.E R6, [R8.64] ;
        ISETP.EQ.U32.AND P1, PT, R6, RZ, PT ;
   @P1  BRA `(.Lconsumer) ;
        FENCE.ACQ_REL.GPU ;
        LDG.E R4, [R2.64] ;
        LDC.64 R12, c[0x0][0x110] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R12 ;
        STG.E [R2.64], R4 ;
        EXIT ;
