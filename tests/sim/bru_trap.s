// TRAP stops the run with a located exception naming the lanes and code.
.launch grid=1 block=32
.init P0 = mask 0x00000003
.expect-error "lanes 0x00000003, PC 0x0010 (bru_trap.s:7): `@P0 TRAP 0x7`: TRAP (code 0x7)"
main:
        NOP ;
   @P0  TRAP 0x7 ;
        EXIT ;
