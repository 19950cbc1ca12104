// Every error of a file is reported, each at its line and column; the
// statement after an error assembles normally.
BAR.SYNC 0x10 ;                 // error: immediate out of range for UImm4 barid (0..0xf)
BAR.SYNC 0x0, 0x1000 ;          // error: immediate out of range for UImm12 cnt (0..0xfff)
BAR.SYNC 0x0 ;
FOO R1 ;                        // error: unknown instruction 'FOO'
BAR.FOO 0x0 ;                   // error: unknown modifier .FOO for BAR
BAR.SYNC.ARV 0x0 ;              // error: repeated modifier .ARV
BAR 0x0 ;                       // error: BAR needs one of .SYNC .ARV
BAR.RED.AND R5, R5, P0 ;        // error: no form of BAR.RED takes (register, register, predicate)
BAR.SYNC R255 ;                 // error: register R255 out of range
BAR.SYNC 0x0 $sched(16) ;       // error: $sched stall value 16 out of range (0..15)
BAR.SYNC 0x0 $wsb(8) ;          // error: $wsb value 8 out of range (0..7)
BAR.SYNC 0x0 $req(64) ;         // error: $req value 64 out of range (0..63)
BAR.SYNC 0x0 $foo(1) ;          // error: unknown control slot '$foo'
BRA `(.nowhere) ;               // error: undefined symbol '.nowhere'
BRA 0x48 ;                      // error: is not a multiple of 16
.L_dup:
.L_dup:                         // error: label '.L_dup' is already defined
.bogus 1                        // error: unknown directive '.bogus'
BAR.SYNC 0x0 extra ;            // error: unexpected 'extra' after the operands
BAR.SYNC 0x0, ;                 // error: expected an operand
BAR.SYNC 0x0 # ;                // error: unexpected character
BAR.SYNC `(1 / 0) ;             // error: division by zero
.align 3                        // error: .align takes a power of two
@P9 BAR.SYNC 0x0 ;              // error: 'P9' is not a Pred guard predicate
BRX R6 `(.L_a - .data_nowhere) ; // error: undefined symbol '.data_nowhere'
.L_a:
EXIT ;
