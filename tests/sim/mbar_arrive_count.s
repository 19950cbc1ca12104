// MBAR.ARRIVE with a count operand (immediate and register), and several
// lanes arriving on one object in one instruction: they act one after
// another in lane order, so each lane's token shows the arrivals of the
// lanes below it.  Object of 40 participants; 32 lanes arrive with count 1
// (pending 40 -> 8), lane 0 arrives with 5 (-> 3), lane 0 with R5 = 3
// completes the phase.  Out: per lane the low word of its token, then the
// final word.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.init R1 = tid
.buffer tok u32[32] = 0
.buffer fin u64[1] = 0
.param tok
.param fin
        LDC.64 R8, c[0x0][0x100] ;
        SHF.L.U32 R2, R1, 0x2, RZ ;
        IMAD.WIDE.U32 R8, R2, 0x1, R8 ;
@P0     MBAR.INIT [0x8], 0x28 ;
        BAR.SYNC 0x0 ;
        MBAR.ARRIVE R[10:11], [0x8], 0x1 ;
        STG.E [R8.64], R10 ;
        MOV R5, 0x3 ;
@P0     MBAR.ARRIVE RZ, [0x8], 0x5 ;
@P0     MBAR.ARRIVE RZ, [0x8], R5 ;          // pending 3 -> 0: phase 1
        LDS.64 R12, [0x8] ;
        LDC.64 R14, c[0x0][0x108] ;
@P0     STG.E.64 [R14.64], R12 ;
        EXIT ;
// lane l token: participants 0x28, pending 0x28 - l
.expect tok = {0x2800028, 0x2700028, 0x2600028, 0x2500028, 0x2400028, 0x2300028, 0x2200028, 0x2100028, 0x2000028, 0x1f00028, 0x1e00028, 0x1d00028, 0x1c00028, 0x1b00028, 0x1a00028, 0x1900028, 0x1800028, 0x1700028, 0x1600028, 0x1500028, 0x1400028, 0x1300028, 0x1200028, 0x1100028, 0x1000028, 0xf00028, 0xe00028, 0xd00028, 0xc00028, 0xb00028, 0xa00028, 0x900028}
.expect fin = {0x8000000002800028}
