#!/bin/sh
# median_bench.sh [RUNS] - the simulator-against-native slowdowns of
# bench/sim_bench.sh, bench/warp_bench.sh and bench/mbar_bench.sh as the
# median of RUNS runs (default 5) of each script, for a noisy machine.
#
#   sh bench/median_bench.sh                  # build/simt, 5 runs
#   SIMT=/tmp/simt.before sh bench/median_bench.sh 7
#
# Each run of a script measures the simulator and the native twin in the
# same invocation; a row's slowdown is computed per run (simulator run CPU
# seconds / native CPU seconds) and the median of those ratios is printed,
# with the medians of the two times.  The output checksums of every run
# must say "same".
#
# Each run of the three scripts is pinned to one CPU (`taskset -c`), CPU 0
# for the first run, CPU 1 for the second, and so on (PIN=0: not pinned):
# the two vCPUs of this VM are at times 1.7x apart in speed (the header of
# bench/threads_bench.sh), and a ratio whose simulator run and native run
# landed on different CPUs measured the CPUs, not simt.  Pinned, both sides
# of every ratio ran on the same CPU within seconds of each other.
set -e
cd "$(dirname "$0")/.."
RUNS=${1:-5}
tmp=${TMPDIR:-/tmp}/median_bench.$$
: >"$tmp"
ncpu=$(nproc)
pin=""
[ "${PIN:-1}" = 0 ] || [ "$ncpu" -lt 2 ] || ! command -v taskset >/dev/null || pin=1
for r in $(seq "$RUNS"); do
	run=""
	[ -z "$pin" ] || run="taskset -c $(((r - 1) % ncpu))"
	for s in sim_bench warp_bench mbar_bench; do
		$run sh "bench/$s.sh" | grep '^| ' | grep -v '^| kernel' |
			sed "s/^/$s /" >>"$tmp" || true
	done
done 2>/dev/null
echo "| kernel | runs | sim run CPU s (median) | native CPU s (median) | slowdown (median of per-run ratios) | outputs |"
echo "|---|---:|---:|---:|---:|---|"
# Columns differ between the scripts (each line starts with the script's
# name): the simulator run time is column 3 of warp_bench, 4 of the others
# (after the instruction counts); the native time precedes the slowdown.
awk -F'|' '
function med(list,   n, a, i, j, t) {
	n = split(list, a, " ")
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
	name = $2; gsub(/^ +| +$/, "", name)
	src = $1; gsub(/ +$/, "", src)
	name = src ": " name
	nf = NF - 1                      # last field is empty (trailing |)
	ok = $nf; gsub(/^ +| +$/, "", ok)
	nat = $(nf - 2) + 0
	sim = $1 ~ /^mbar_bench/ ? $5 + 0 : $4 + 0
	if (!(name in cnt)) order[++n] = name
	cnt[name]++
	sims[name] = sims[name] " " sim
	nats[name] = nats[name] " " nat
	if (nat > 0) ratios[name] = ratios[name] " " sim / nat
	if (ok != "same") bad[name] = ok
}
END {
	for (k = 1; k <= n; k++) {
		m = order[k]
		printf "| %s | %d | %.3f | %.5f | %.1fx | %s |\n", m, cnt[m],
			med(sims[m]), med(nats[m]), med(ratios[m]),
			(m in bad) ? bad[m] : "same"
	}
}' "$tmp"
rm -f "$tmp"
