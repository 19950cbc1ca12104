#!/bin/sh
# limit_bench.sh [SIMT] - how long an endless loop runs before the default
# cycle limit (SIMT_DEFAULT_MAX_CYCLES, docs/limits.md) stops it: CPU
# seconds (user + system) of `simt run` and the message it ends with.
#
#   sh bench/limit_bench.sh                   # build/simt
#   sh bench/limit_bench.sh build/san/simt    # the sanitizer build
cd "$(dirname "$0")/.."
SIMT=${1:-build/simt}
mkdir -p build/bench
echo "| program | simt run CPU s | exit | how it stopped |"
echo "|---|---:|---:|---|"
row() { # row NAME ARGS...
	name=$1
	shift
	/usr/bin/time -f "%U %S" -o build/bench/limit.time "$SIMT" run "$@" \
		>/dev/null 2>build/bench/limit.err
	rc=$?
	secs=$(awk 'END { printf "%.2f", $1 + $2 }' build/bench/limit.time)
	why=$(grep -o 'livelock\|cycle limit [0-9]* reached' build/bench/limit.err | head -n 1)
	echo "| $name | $secs | $rc | $why |"
}
row "BRA to itself, 1 warp" bench/endless_bra.s
row "counting loop, 1 warp" bench/endless_count.s
row "counting loop, 64 CTAs x 128 threads" bench/endless_count.s --grid 64 --block 128
