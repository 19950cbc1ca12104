#!/bin/sh
# mbar_bench.sh - simulator speed on the mbarrier pipeline
# (bench/mbar_pipeline.s: bulk copies with expect_tx, 4 stages, parity
# waits) beside the same computation in plain C (bench/mbar_native.c),
# run in the same invocation.
#
#   sh bench/mbar_bench.sh            print the table
#   sh bench/mbar_bench.sh --record   also append it to bench/RESULTS.md
#
# CPU seconds of the process (CLOCK_PROCESS_CPUTIME_ID).  The simulator's
# time is the kernel run alone (`simt run --stats`: "run cpu seconds"); the
# native time is per repetition of a repeated run (the computation is too
# short to time once).  The row checks that both produce the same output
# checksum (sum of the output words mod 2^32).
set -e
cd "$(dirname "$0")/.."
SIMT=${SIMT:-build/simt}
NATIVE=build/mbar_native
[ -x "$SIMT" ] || make build/simt >/dev/null
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -o "$NATIVE" bench/mbar_native.c

checksum() { # sum of the values of "name = {a, b, ...}" mod 2^32
	tr -d '{}' | sed 's/^[^=]*= //' | tr ',' '\n' |
		awk '{ s = (s + $1) % 4294967296 } END { printf "%.0f\n", s }'
}

rows=""
# bench NAME CTAS NTILES LATENCY
bench() {
	name=$1 ctas=$2 ntiles=$3 lat=$4
	n=$((ctas * ntiles * 64))
	stats_file=/tmp/simt_mbar_bench.$$
	out=$($SIMT run bench/mbar_pipeline.s --grid "$ctas" --block 96 \
		--shared 0x500 --copy-latency "$lat" \
		--buffer "in=u32[$n]:iota" --buffer "out=u32[$n]:0" \
		--param in --param out --param "u32:$ntiles" \
		--print out --stats 2>"$stats_file")
	stats=$(grep '^cycles' "$stats_file")
	rm -f "$stats_file"
	sim_sum=$(echo "$out" | checksum)
	cycles=$(echo "$stats" | sed -E 's/^cycles ([0-9]+),.*/\1/')
	tinst=$(echo "$stats" | sed -E 's/.*thread instructions ([0-9]+),.*/\1/')
	winst=$(echo "$stats" | sed -E 's/.*warp instructions ([0-9]+),.*/\1/')
	secs=$(echo "$stats" | sed -E 's/.*run cpu seconds ([0-9.]+).*/\1/')
	nat=$($NATIVE "$ctas" "$ntiles" 50)
	nat_sum=${nat% *}
	nat_secs=${nat#* }
	ok=same; [ "$sim_sum" = "$nat_sum" ] || ok="DIFFERENT ($sim_sum vs $nat_sum)"
	row=$(awk -v n="$name" -v c="$cycles" -v t="$tinst" -v w="$winst" -v s="$secs" -v ns="$nat_secs" -v ok="$ok" 'BEGIN {
		printf "| %s | %.0f | %.0f | %.3f | %.3g | %.3g | %.6f | %.0fx | %s |", n, c, t, s, t / s, w / s, ns, s / ns, ok }')
	echo "$row"
	rows="$rows$row
"
}

header="| kernel | cycles | thread instr | sim run CPU s | thread-instr/s | warp-instr/s | native CPU s | slowdown | output |
|---|---:|---:|---:|---:|---:|---:|---:|---|"
echo "$header"
bench "(e) mbarrier pipeline, 256 CTAs x 96 threads, 128 tiles/CTA, 4 stages, copy latency 64" 256 128 64
bench "(f) same, copy latency 1000 (waits dominate)" 256 128 1000

if [ "$1" = "--record" ]; then
	{
		echo
		echo "## mbarrier pipeline speed ($(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $(nproc) CPUs)"
		echo
		echo "Command: \`sh bench/mbar_bench.sh --record\` (CPU seconds; the"
		echo "simulator's run time without assembly and set-up; slowdown ="
		echo "simulator run CPU time / native C CPU time, \`cc -O2\`, for the same"
		echo "tiles, copies and arithmetic).  Per CTA one producer lane issues a"
		echo "UBLKCP per 256-byte tile and 64 consumer threads wait on parity;"
		echo "thread instructions count the issuing warps' active lanes."
		echo
		echo "$header"
		printf "%s" "$rows"
	} >>bench/RESULTS.md
fi
