#!/bin/sh
# sim_bench.sh - simulator speed on eight kernels, each beside the same
# computation in plain C (bench/native.c) run in the same invocation.
#
#   sh bench/sim_bench.sh            print the table
#   sh bench/sim_bench.sh --record   also append it to bench/RESULTS.md
#
# Times are CPU seconds of the process (CLOCK_PROCESS_CPUTIME_ID), not wall
# time, so a loaded machine does not distort them.  The simulator's run time
# is the kernel run alone (`simt run --stats`: "run cpu seconds"); the total
# adds assembly and buffer set-up.  Rates and slowdown use the run time; the
# native time covers the same work (for the stream: per repetition, buffers
# already touched).
# Each row also checks that the simulator and the native code produce the
# same output checksum (sum of the output words mod 2^32).
set -e
cd "$(dirname "$0")/.."
SIMT=${SIMT:-build/simt}
NATIVE=build/bench_native
[ -x "$SIMT" ] || make build/simt >/dev/null
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -pthread -o "$NATIVE" bench/native.c

checksum() { # sum of the values of "name = {a, b, ...}" mod 2^32
	tr -d '{}' | sed 's/^[^=]*= //' | tr ',' '\n' |
		awk '{ s = (s + $1) % 4294967296 } END { printf "%.0f\n", s }'
}

# bench NAME KERNEL "SIMT ARGS" PRINT-BUFFER "NATIVE ARGS" [NATIVE-REPS]
rows=""
bench() {
	name=$1 kernel=$2 args=$3 buf=$4 nargs=$5 reps=${6:-1}
	out=$($SIMT run "bench/$kernel" $args --print "$buf" --stats 2>/tmp/simt_bench_stats.$$)
	stats=$(grep '^cycles' /tmp/simt_bench_stats.$$)
	rm -f /tmp/simt_bench_stats.$$
	sim_sum=$(echo "$out" | checksum)
	tinst=$(echo "$stats" | sed -E 's/.*thread instructions ([0-9]+),.*/\1/')
	winst=$(echo "$stats" | sed -E 's/.*warp instructions ([0-9]+),.*/\1/')
	secs=$(echo "$stats" | sed -E 's/.*run cpu seconds ([0-9.]+).*/\1/')
	total=$(echo "$stats" | sed -E 's/.*total cpu seconds ([0-9.]+).*/\1/')
	nat=$($NATIVE $nargs)
	nat_sum=${nat% *}
	if [ "$reps" -gt 1 ]; then # time a repeated run, per repetition
		nat_secs=$($NATIVE $(echo "$nargs" | sed -E "s/ 1\$/ $reps/") | awk -v r="$reps" '{ printf "%.6f", $2 / r }')
	else
		nat_secs=${nat#* }
	fi
	ok=same; [ "$sim_sum" = "$nat_sum" ] || ok="DIFFERENT ($sim_sum vs $nat_sum)"
	row=$(awk -v n="$name" -v t="$tinst" -v w="$winst" -v s="$secs" -v tt="$total" -v ns="$nat_secs" -v ok="$ok" 'BEGIN {
		printf "| %s | %.0f | %.3f | %.3f | %.3g | %.3g | %.5f | %.0fx | %s |", n, t, s, tt, t / s, w / s, ns, s / ns, ok }')
	echo "$row"
	rows="$rows$row
"
}

header="| kernel | thread instr | sim run CPU s | sim total CPU s | thread-instr/s | warp-instr/s | native CPU s | slowdown | output |
|---|---:|---:|---:|---:|---:|---:|---:|---|"
echo "$header"
bench "(a) ALU loop, 64x256 threads, 4000 iterations" sim_alu.s \
	"--grid 64 --block 256 --buffer out=u32[16384]:0 --param out --param u32:4000" out "alu 16384 4000"
bench "(b) divergent loop, BSSY/BSYNC, 64x256, 2000+lane iterations" sim_diverge.s \
	"--grid 64 --block 256 --buffer out=u32[16384]:0 --param out --param u32:2000" out "diverge 16384 2000"
bench "(c) barriers, 64x256, 1000 rounds of 2 BAR.SYNC" sim_barrier.s \
	"--grid 64 --block 256 --shared 1024 --buffer out=u32[16384]:0 --param out --param u32:1000" out "barrier 64 256 1000"
bench "(d) load/store stream, 2^22 elements, 256x256 threads" sim_stream.s \
	"--grid 256 --block 256 --buffer x=u32[4194304]:iota --buffer y=u32[4194304]:0 --param x --param y --param u32:4194304" y "stream 4194304 1" 20

bench "(e) contended global atomics, 64x256 threads x 500 ATOMG.ADD into 64 bins" sim_histogram.s \
	"--grid 64 --block 256 --buffer h=u32[64]:0 --param h --param u32:500" h "histogram 16384 500"
bench "(f) nested divergence, BSSY/BSYNC B0 loop + B1 if/else, 64x256, 1000+lane iterations" sim_nested.s \
	"--grid 64 --block 256 --buffer out=u32[16384]:0 --param out --param u32:1000" out "nested 16384 1000"
bench "(g) shared-memory tree reduction, BAR.SYNC per step, 512x256 threads, 8 tiles per CTA" sim_treered.s \
	"--grid 512 --block 256 --shared 1024 --buffer x=u32[1048576]:iota --buffer out=u32[512]:0 --param x --param out --param u32:8" out "treered 512 8"
bench "(g1) the same, 1 tile per CTA" sim_treered.s \
	"--grid 512 --block 256 --shared 1024 --buffer x=u32[131072]:iota --buffer out=u32[512]:0 --param x --param out --param u32:1" out "treered 512 1"

if [ "$1" = "--record" ]; then
	{
		echo
		echo "## Simulator speed ($(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $(nproc) CPUs)"
		echo
		echo "Command: \`sh bench/sim_bench.sh --record\` (CPU seconds; rates and"
		echo "slowdown use the simulator's run time without assembly and buffer set-up;"
		echo "slowdown = simulator run CPU time / native C CPU time for the same"
		echo "computation, \`cc -O2\`)."
		echo
		echo "$header"
		printf "%s" "$rows"
	} >>bench/RESULTS.md
fi
