// A BRA that only some lanes take, to a target outside the kernel's code:
// the jump goes through the branch handler (lanes 0-15 move to the
// target, the others go on and exit) and the warp's next record is
// computed from its PC after the control instruction (sim_ip): the lanes
// that jumped raise when they issue there.
.launch grid=1 block=32
.init R1 = tid
.expect-error "lanes 0x0000ffff, PC 0x1000: `<no instruction>`: PC 0x1000 is outside the kernel's code or misaligned"
    ISETP.LT.U32.AND P0, PT, R1, 0x10, PT ;
    @P0 BRA 0x1000 ;
    EXIT ;
