// .shared NAME, SIZE[, ALIGN] misuse (docs/assembler.md, ".shared"): every
// error at its line; the variables that are right still lay out.
        .section .text.k,"ax",@progbits
k:
        .shared buf, 16
        .shared buf, 8                  // error: 'buf' is already defined (line 5)
.L_here:
        .shared .L_here, 4              // error: '.L_here' is already defined (line 7)
        .shared odd, 4, 3               // error: .shared alignment 3 is not a power of two up to 4096
        .shared zero, 0                 // error: .shared size must be 1..0xc000 bytes
        .shared big, 0xbff8             // error: static shared memory of .nv.shared.k would be 0xc008 bytes, more than the 0xc000 (48 KiB) a kernel may have (use dynamic shared memory)
        .shared fits, 0xbff0            // 0x10 + 0xbff0: exactly 48 KiB
        .shared more, 1                 // error: static shared memory of .nv.shared.k would be 0xc001 bytes
        .shared                         // error: expected 'NAME, SIZE[, ALIGN]'
        .shared x, 4, 8, 1              // error: unexpected ',' at the end of the directive
        .size buf, 32                   // error: .size of 'buf' is 0x20, but its .shared (line 5) declared 0x10 bytes
        .size fits, 0xbff0
        EXIT ;
        .section .nv.constant2.k,"a",@progbits
        .shared c2, 4                   // error: .shared outside a kernel's code (.nv.constant2.k): switch to its .text.<kernel> section first
