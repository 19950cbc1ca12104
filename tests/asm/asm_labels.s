// Labels, forward references, PC-relative targets (the word stores
// (target - (pc + 16)) >> 4) and the listing style of the seeds.
.text.k:
        /*0000*/  BRA `(.L_end) ;                 // => BRA 0x40
        /*0010*/  BSSY B0, `(.L_sync) ;           // => BSSY B0, 0x30
        /*0020*/  BRA .L_end ;                    // => BRA 0x40
.L_sync:
        /*0030*/  BSYNC B0 ;
.L_end:
        /*0040*/  BRA `(.text.k) ;                // => BRA 0x0
        /*0050*/  BRA `(.L_end + 0x20) ;          // => BRA 0x60
        /*0060*/  EXIT ;
        /*0070*/  BRA 0x70 ;                      // => BRA 0x70
        /*0090*/  EXIT ;                          // warning: listing address 0x90 differs from the real address 0x80
