// `(...) link-time expressions: '.', labels, section names, + - * /, parens.
.text.brx:
        BRX R6, `(.text.brx - . - 0x10) ;            // => BRX R6, -0x10
.Lbase:
        BRX R6 `(((.text.brx - .) - 0x10)) ;          // => BRX R6, -0x20
        BRX R6, `((.Lnext - .Lbase) * 2 - 0x60) ;     // => BRX R6, -0x20
.Lnext:
        BRX R6, `(-(0x10 * 3)) ;                       // => BRX R6, -0x30
        BRX R6, `(0x100 / 0x10 - 0x20) ;               // => BRX R6, -0x10
        BAR.SYNC `(2 + 3), `(0x20 * 2) ;               // => BAR.SYNC 0x5, 0x40
        EXIT ;
