// Control slots, guards, negated predicates, defaults written explicitly.
BAR.SYNC 0x0 $sched(3) ;                   // => BAR.SYNC 0x0 $sched(3)
BAR.SYNC 0x0 $sched(3,1) $req(0x5) ;       // => BAR.SYNC 0x0 $sched(3,1) $req(0x5)
B2R R4, 0x2 $wsb(2) ;
@!P2 BAR.ARV 0x1, 0x20 ;                   // => @!P2 BAR.ARV 0x1, 0x20
@PT BAR.ARV 0x1, 0x20 ;                    // => BAR.ARV 0x1, 0x20
BAR.RED.POPC 0x0, 0x40, !P1 ;              // => BAR.RED.POPC 0x0, 0x40, !P1
B2R.BAR R4, 0x2 ;                          // => B2R R4, 0x2
BAR.RESULT R0, PT ;                        // => B2R.RESULT R0
B2R.RESULT R0, P3 ;                        // => B2R.RESULT R0, P3
BAR.SYNC 0, 64 ;                           // => BAR.SYNC 0x0, 0x40
BAR.SYNC 0x0;  BAR.ARV 0x1, 0x20
EXIT
