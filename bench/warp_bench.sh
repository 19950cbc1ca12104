#!/bin/sh
# warp_bench.sh - simulator speed on the warp-shuffle reduction kernel
# (bench/warp_shfl_reduce.s) beside the same computation in plain C
# (bench/warp_native.c, cc -O2), run in the same invocation.
#
#   sh bench/warp_bench.sh            print the table
#   sh bench/warp_bench.sh --record   also append it to bench/RESULTS.md
#
# Times are CPU seconds of the process (as bench/sim_bench.sh measures
# them): the simulator's run time is the kernel alone (`simt run --stats`,
# "run cpu seconds").  Each row checks that both produce the same checksum
# (sum of the per-warp outputs mod 2^32).
set -e
cd "$(dirname "$0")/.."
SIMT=${SIMT:-build/simt}
NATIVE=build/warp_native
[ -x "$SIMT" ] || make build/simt >/dev/null
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -o "$NATIVE" bench/warp_native.c

checksum() { # sum of the values of "name = {a, b, ...}" mod 2^32
	tr -d '{}' | sed 's/^[^=]*= //' | tr ',' '\n' |
		awk '{ s = (s + $1) % 4294967296 } END { printf "%.0f\n", s }'
}

rows=""
# bench NAME GRID BLOCK ITERS
bench() {
	name=$1 grid=$2 block=$3 iters=$4
	threads=$((grid * block))
	stats_file=/tmp/simt_warp_bench.$$
	out=$($SIMT run bench/warp_shfl_reduce.s --grid "$grid" --block "$block" \
		--buffer "out=u32[$((threads / 32))]:0" --param out --param "u32:$iters" \
		--print out --stats 2>"$stats_file")
	stats=$(grep '^cycles' "$stats_file")
	rm -f "$stats_file"
	sim_sum=$(echo "$out" | checksum)
	tinst=$(echo "$stats" | sed -E 's/.*thread instructions ([0-9]+),.*/\1/')
	winst=$(echo "$stats" | sed -E 's/.*warp instructions ([0-9]+),.*/\1/')
	secs=$(echo "$stats" | sed -E 's/.*run cpu seconds ([0-9.]+).*/\1/')
	nat=$($NATIVE "$threads" "$iters")
	nat_sum=${nat% *} nat_secs=${nat#* }
	ok=same; [ "$sim_sum" = "$nat_sum" ] || ok="DIFFERENT ($sim_sum vs $nat_sum)"
	row=$(awk -v n="$name" -v t="$tinst" -v w="$winst" -v s="$secs" -v ns="$nat_secs" -v ok="$ok" 'BEGIN {
		printf "| %s | %.0f | %.3f | %.3g | %.3g | %.5f | %.0fx | %s |", n, t, s, t / s, w / s, ns, s / ns, ok }')
	echo "$row"
	rows="$rows$row
"
}

header="| kernel | thread instr | sim run CPU s | thread-instr/s | warp-instr/s | native CPU s | slowdown | output |
|---|---:|---:|---:|---:|---:|---:|---|"
echo "$header"
bench "shuffle reduction, 64x256 threads, 1000 rounds of 5 SHFL.DOWN" 64 256 1000
bench "shuffle reduction, 16x1024 threads, 2000 rounds" 16 1024 2000

if [ "$1" = "--record" ]; then
	{
		echo
		echo "## Warp-shuffle reduction ($(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $(nproc) CPUs)"
		echo
		echo "Command: \`sh bench/warp_bench.sh --record\` (kernel"
		echo "\`bench/warp_shfl_reduce.s\`: per round 1 IMAD, 5 SHFL.DOWN + 5 IADD3,"
		echo "4 loop instructions; native: \`bench/warp_native.c\`, \`cc -O2\`; CPU"
		echo "seconds; slowdown = simulator run CPU time / native CPU time)."
		echo
		echo "$header"
		printf "%s" "$rows"
	} >>bench/RESULTS.md
fi
