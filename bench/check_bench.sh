#!/bin/sh
# check_bench.sh - cost of the race checker: each simulator benchmark kernel
# (bench/sim_*.s, the workloads of sim_bench.sh at a smaller size) run
# plainly and with --check=race in the same invocation; the slowdown is the
# ratio of the kernel run times (`simt run --stats`: "run cpu seconds", CPU
# time of the process, so a loaded machine does not distort the ratio).
# The goal (issue 14) is a slowdown under 5x.  SIMT=path picks another
# build (to compare two versions on the same machine state).
#
#   sh bench/check_bench.sh            print the table
#   sh bench/check_bench.sh --record   also append it to bench/RESULTS.md
set -e
cd "$(dirname "$0")/.."
SIMT=${SIMT:-build/simt}
[ -x "$SIMT" ] || make build/simt >/dev/null

secs() { # secs KERNEL ARGS... -> run cpu seconds (median of 5)
	k=$1
	shift
	for r in 1 2 3 4 5; do
		$SIMT run "bench/$k" "$@" --stats 2>&1 >/dev/null |
			sed -n 's/.*run cpu seconds \([0-9.]*\).*/\1/p'
	done | sort -n | sed -n 3p
}

rows=""
bench() { # bench NAME KERNEL ARGS...
	name=$1
	shift
	plain=$(secs "$@")
	race=$(secs "$@" --check=race)
	ratio=$(awk -v p="$plain" -v r="$race" 'BEGIN { printf "%.1f", (p > 0) ? r / p : 0 }')
	row="| $name | $plain | $race | ${ratio}x |"
	echo "$row"
	rows="$rows$row
"
}

header="| kernel | plain run s | --check=race run s | slowdown |
|---|---:|---:|---:|"
echo "$header"
bench "(a) ALU loop, 16x256, 1000 iterations" sim_alu.s \
	--grid 16 --block 256 --buffer out=u32[4096]:0 --param out --param u32:1000
bench "(b) divergent loop, BSSY/BSYNC, 16x256, 500+lane" sim_diverge.s \
	--grid 16 --block 256 --buffer out=u32[4096]:0 --param out --param u32:500
bench "(c) barriers, 16x256, 250 rounds of 2 BAR.SYNC" sim_barrier.s \
	--grid 16 --block 256 --shared 1024 --buffer out=u32[4096]:0 --param out --param u32:250
bench "(d) load/store stream, 2^18 elements, 64x256" sim_stream.s \
	--grid 64 --block 256 --buffer x=u32[262144]:iota --buffer y=u32[262144]:0 --param x --param y --param u32:262144
bench "(e) contended global atomics, 16x256 x 100 ATOMG.ADD, 64 bins" sim_histogram.s \
	--grid 16 --block 256 --buffer h=u32[64]:0 --param h --param u32:100
bench "(f) nested divergence, 16x256, 250+lane" sim_nested.s \
	--grid 16 --block 256 --buffer out=u32[4096]:0 --param out --param u32:250
bench "(g) shared-memory tree reduction, 128x256, 2 tiles" sim_treered.s \
	--grid 128 --block 256 --shared 1024 --buffer x=u32[65536]:iota --buffer out=u32[128]:0 --param x --param out --param u32:2

if [ "$1" = "--record" ]; then
	{
		echo
		echo "## Race checker cost ($(date -u +%Y-%m-%d))"
		echo
		echo "\`sh bench/check_bench.sh --record\`: each kernel run plainly and with"
		echo "\`--check=race\` (happens-before checker, docs/checks.md) in one invocation;"
		echo "CPU seconds of the kernel run, median of 5.  Goal: under 5x."
		echo
		echo "$header"
		printf "%s" "$rows"
	} >>bench/RESULTS.md
fi
