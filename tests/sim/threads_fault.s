// A stop is reported as a sequential run of the CTA groups would report
// it: the lowest group that stops (docs/semantics.md, "CTAs on worker
// threads").  1024 CTAs of one warp, four groups of 256, two threads.  CTA
// 300 (group 1) spins 20000 times, then stores to address 0; CTA 900
// (group 3) stores to address 0 at once.  With two threads group 3 usually
// faults first, yet the report is CTA 300's; group 3 is dropped.
.launch grid=1024 block=32 threads=2
.expect-error "CTA (300,0,0), warp 0, lanes 0xffffffff, PC 0x00c0"
main:
        S2R R1, SR_CTAID.X ;
        ISETP.EQ.U32.AND P0, PT, R1, 0x384, PT ;
   @P0  BRA `(fault) ;
        ISETP.NE.U32.AND P1, PT, R1, 0x12c, PT ;
   @P1  EXIT ;
        MOV R4, RZ ;
spin:
        IADD3 R4, R4, 0x1, RZ ;
        ISETP.LT.U32.AND P2, PT, R4, 0x4e20, PT ;
   @P2  BRA `(spin) ;
        NOP ;
        NOP ;
        NOP ;
fault:
        STG.E [RZ.64], R4 ;
        EXIT ;
