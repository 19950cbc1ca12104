// Deferred reductions of a whole warp (src/sim/memdev.c, sim_mem_red's
// full-warp ADD loop, and the lanes it leaves to the lane-by-lane loop):
// 16 CTAs x 64 threads on two worker threads, every CTA a group.
//   a: u32[2048]; thread t adds t+1 to word (t & 1) * 1024 + (t >> 1 & 3):
//      the two words of a pair are 4 KiB apart, so they share a slot of the
//      direct-mapped table and every lane evicts its neighbour's word;
//      a[j] = 16 * sum(2j+1+8m, m<8) = 256j + 3712,
//      a[1024+j] = 16 * sum(2j+2+8m, m<8) = 256j + 3840.
//   d: u64[2]; thread t adds 0xffffffff (.U64) to d[t & 1]: 512 adds each,
//      carries into the high word, 512 * 0xffffffff = 0x1fffffffe00.
// The final memory is the one --threads 1 gives (tests/threads.sh runs both).
.launch grid=16 block=64 cta-group=1 resident=2 threads=2
.buffer a u32[2048] = 0
.buffer d u64[2] = 0
.param a
.param d
.expect a[0] = 3712
.expect a[1] = 3968
.expect a[2] = 4224
.expect a[3] = 4480
.expect a[1024] = 3840
.expect a[1025] = 4096
.expect a[1026] = 4352
.expect a[1027] = 4608
.expect d = {0x1fffffffe00, 0x1fffffffe00}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        LOP3.LUT R2, R0, 0x1, RZ, 0xc0, !PT ;   // t & 1
        SHF.R.U32.HI R3, RZ, 0x1, R0 ;
        LOP3.LUT R3, R3, 0x3, RZ, 0xc0, !PT ;   // t >> 1 & 3
        IMAD R3, R2, 0x400, R3 ;                // word index
        IMAD.WIDE.U32 R10, R3, 0x4, R8 ;
        IADD3 R4, R0, 0x1, RZ ;
        ATOMG.E.ADD RZ, [R10.64], R4 ;
        MOV R12, c[0x0][0x108] ;
        MOV R13, c[0x0][0x10c] ;
        IMAD.WIDE.U32 R12, R2, 0x8, R12 ;
        MOV R6, 0xffffffff ;
        MOV R7, RZ ;
        RED.E.ADD.U64 [R12.64], R6 ;
        EXIT ;
