#!/bin/sh
# choice_overhead.sh PRE_SIMT [REPS] - the cost of the choice points and
# memory-model hooks on plain runs: the sim_bench.sh kernels (a)-(g1) run
# alternately by PRE_SIMT (a simt built before them) and build/simt, REPS
# times each (default 3); prints the smallest kernel-run CPU time of each
# (`--stats`: "run cpu seconds") and the ratio after/before.
cd "$(dirname "$0")/.."
pre=$1
reps=${2:-3}
post=build/simt
t() { "$1" run "bench/$2" $3 --stats 2>&1 >/dev/null |
	sed -n 's/.*run cpu seconds \([0-9.]*\).*/\1/p'; }
echo "| kernel | before (s) | after (s) | after/before |"
echo "|---|---:|---:|---:|"
sed -n '/^bench "/{N;s/\n//;p}' bench/sim_bench.sh |
while IFS= read -r line; do
	name=$(echo "$line" | sed 's/^bench "\([^"]*\)".*/\1/' | cut -c1-4)
	file=$(echo "$line" | sed 's/^bench "[^"]*" \([^ ]*\).*/\1/')
	args=$(echo "$line" | sed 's/^[^\\]*\\[^"]*"\([^"]*\)".*/\1/')
	b=9e9 a=9e9
	k=0
	while [ "$k" -lt "$reps" ]; do
		x=$(t "$pre" "$file" "$args"); b=$(awk -v p="$b" -v q="$x" 'BEGIN{print (q<p)?q:p}')
		x=$(t "$post" "$file" "$args"); a=$(awk -v p="$a" -v q="$x" 'BEGIN{print (q<p)?q:p}')
		k=$((k + 1))
	done
	echo "| $name $file | $b | $a | $(awk -v p="$b" -v q="$a" 'BEGIN{printf "%.2f", q/p}') |"
done
