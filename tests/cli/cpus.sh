# cpus.sh - `--threads` left out runs one worker per CPU the process may run
# on (its affinity mask), not per online CPU (docs/semantics.md, "CTAs on
# worker threads"): under `taskset -c 0` a launch of four CTA groups runs
# on the calling thread alone ("workers 0" in --stats), and with two CPUs
# on two workers.  Needs taskset and two CPUs; without them, no case.
. "$(dirname "$0")/lib.sh"

args="run $DATA/store.s --grid 4 --block 4 --resident-ctas 1 --cta-group 1 --stats"
if command -v taskset >/dev/null && [ "$(nproc --all)" -ge 2 ] &&
	taskset -c 0,1 true 2>/dev/null; then
	case_ "run: --threads by default: one CPU in the affinity mask, no worker"
	run_sh 0 "taskset -c 0 $SIMT $args"
	err_has "workers 0,"

	case_ "run: --threads by default: two CPUs in the affinity mask, two workers"
	run_sh 0 "taskset -c 0,1 $SIMT $args"
	err_has "workers 2,"

	case_ "run: an explicit --threads 2 under a one-CPU mask still runs two workers"
	run_sh 0 "taskset -c 0 $SIMT $args --threads 2"
	err_has "workers 2,"
fi

finish
