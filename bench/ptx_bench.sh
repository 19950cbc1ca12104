#!/bin/sh
# ptx_bench.sh [--record] - PTX front-end throughput: `simt ptx --check` over
# every corpus file of tests/ptx (parse + all checks, one process for all
# files) against `ptxas` (CUDA 13, -arch from each file's .target, output
# to /dev/null) on the same files.  Wall time, median of 5 runs each; rate
# in PTX lines per second.  --record appends the table to bench/RESULTS.md.
set -e
cd "$(dirname "$0")/.."
SIMT=${SIMT:-build/simt}
RUNS=${RUNS:-5}
files=$(ls tests/ptx/*.ptx)
nfiles=$(echo "$files" | wc -l)
lines=$(cat $files | wc -l)
now() { date +%s.%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
simt_times=""
for r in $(seq $RUNS); do
	t0=$(now); $SIMT ptx --check $files >/dev/null; t1=$(now)
	simt_times="$simt_times $(echo "$t1 - $t0" | bc -l)"
done
ptxas_times=""
if command -v ptxas >/dev/null; then
	for r in $(seq $RUNS); do
		t0=$(now)
		for f in $files; do
			arch=$(grep -m1 -o '^\.target sm_[0-9]*a\?' "$f" | cut -d' ' -f2)
			ptxas -arch="$arch" "$f" -o /dev/null
		done
		t1=$(now)
		ptxas_times="$ptxas_times $(echo "$t1 - $t0" | bc -l)"
	done
fi
ms=$(echo $simt_times | tr ' ' '\n' | median)
mp=$(echo $ptxas_times | tr ' ' '\n' | median)
rate=$(echo "$lines / $ms" | bc -l)
out=$(cat <<EOT

## PTX front end: parse + check vs ptxas ($(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $(nproc) CPUs)

Command: \`sh bench/ptx_bench.sh --record\` (wall time, median of $RUNS runs;
$nfiles corpus files of tests/ptx, $lines PTX lines; simt reads and checks
all files in one process, ptxas compiles each file to /dev/null).

| tool | median wall s | PTX lines/s | vs ptxas |
|---|---:|---:|---:|
| simt ptx --check | $(printf %.4f $ms) | $(printf %.3g $rate) | $(printf %.0fx $(echo "${mp:-0} / $ms" | bc -l)) faster |
| ptxas (CUDA 13.0) | $(printf %.3f ${mp:-0}) | $(printf %.3g $(echo "$lines / ${mp:-1}" | bc -l)) | 1x |
EOT
)
echo "$out"
[ "$1" = --record ] && echo "$out" >> bench/RESULTS.md
exit 0
