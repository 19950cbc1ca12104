// --check=sync (here `.launch check=sync`) reports the .NOCOMPLETE arrival
// that leaves nothing pending - PTX leaves it undefined - with the source
// line, and does not stop the run (the run then ends with an error; the
// unit test sim_check_sync_reports_and_runs_on checks the stores after it).
.launch grid=1 block=32 shared=64 check=sync
.init P0 = mask 0x1
.expect-error "PC 0x0010 (mbar_check_sync.s:9): `@P0 MBAR.ARRIVE.NOCOMPLETE RZ, [0x8], 0x2`: --check=sync: MBAR.ARRIVE.NOCOMPLETE leaves no arrival and no byte pending: PTX leaves this undefined (the arrival must not complete the phase); the seed suppresses the completion and the phase stays open (mbarrier at shared 0x8: count 2; now participants 2, pending 0, tx 0, phase 0)"
@P0     MBAR.INIT [0x8], 0x2 ;
@P0     MBAR.ARRIVE.NOCOMPLETE RZ, [0x8], 0x2 ;
        EXIT ;
