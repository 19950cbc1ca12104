// A shuffle source outside the group: lanes 0-15 shuffle down by 8 in the
// group 0x0000ffff with clamp 31, so lane 8 would read lane 16, which is
// not a member (PTX: undefined).  The run stops instead of inventing a value.
.launch grid=1 block=32
.expect-error "SHFL: lane 8 reads lane 16, which is not a live member of its group 0x0000ffff"
main:
        S2R R0, SR_LANEID ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
   @P0  SHFL.DOWN PT, R1, R0, 0x8, 0x1f, 0xffff ;
        EXIT ;
