#!/bin/sh
# kernels_bench.sh [SIMT] - CPU seconds (user + system) of `simt as` and
# `simt dis` on sources of 5000, 10000 and 20000 kernels
# (bench/gen_kernels.awk).  Linear means the time doubles with the count.
#
#   sh bench/kernels_bench.sh                 # build/simt
#   sh bench/kernels_bench.sh /path/to/simt   # another build (e.g. before a change)
set -e
cd "$(dirname "$0")/.."
SIMT=${1:-build/simt}
dir=build/bench/kernels
mkdir -p "$dir"
cpu() { # cpu CMD...: prints user+sys CPU seconds of CMD
	/usr/bin/time -f "%U %S" -o "$dir/time" "$@" >/dev/null 2>&1 || true
	awk '{ printf "%.2f", $1 + $2 }' "$dir/time"
}
echo "| kernels | source lines | simt as CPU s | simt dis CPU s |"
echo "|---:|---:|---:|---:|"
for n in 5000 10000 20000; do
	awk -v n=$n -f bench/gen_kernels.awk > "$dir/k$n.s"
	a=$(cpu "$SIMT" as "$dir/k$n.s" -o "$dir/k$n.o")
	d=$(cpu "$SIMT" dis "$dir/k$n.o" -o "$dir/k$n.dis")
	echo "| $n | $(wc -l < "$dir/k$n.s") | $a | $d |"
done
