// MBAR.INIT (seed 002 "init"): participants := N, pending := N, tx := 0,
// phase := 0.  The object is an ordinary 64-bit shared word: LDS.64 reads
// it (layout: participants bits 0-19, pending 20-39, tx 40-59, phase 63).
// Lane 0 initialises two objects (immediate and register count); every
// lane reads both words back.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.init R1 = tid
.buffer out u32[4] = 0
.param out
        MOV R4, 0xfffff ;                   // the largest count
@P0     MBAR.INIT [0x8], 0x40 ;
@P0     MBAR.INIT [0x10], R4 ;
        BAR.SYNC 0x0 ;
        LDS.64 R6, [0x8] ;
        LDS.64 R10, [0x10] ;
        LDC.64 R8, c[0x0][0x100] ;
@P0     STG.E.64 [R8.64], R6 ;
@P0     STG.E.64 [R8.64+0x8], R10 ;
        EXIT ;
// 0x40 | 0x40 << 20 = 0x04000040; 0xfffff | 0xfffff << 20 = 0xfffff_fffff
.expect out = {0x04000040, 0x0, 0xffffffff, 0xff}
