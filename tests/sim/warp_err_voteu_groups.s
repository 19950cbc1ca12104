// VOTEU writes one uniform result, so its issuing lanes must form one
// group; two register-mask groups issuing together are an error.
.launch grid=1 block=32
.expect-error "VOTEU: the issuing lanes 0xffffffff form more than one group (one is 0x0000ffff)"
main:
        S2R R0, SR_LANEID ;
        MOV R7, 0xffff ;
        ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;
   @P0  MOV R7, 0xffff0000 ;
        VOTEU.ANY UR4, UPT, PT, R7 ;
        EXIT ;
