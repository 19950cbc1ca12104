#!/bin/sh
# ab_bench.sh BEFORE AFTER [RUNS] - two simulator binaries on the kernels of
# bench/mbar_bench.sh and bench/sim_bench.sh, alternating (run r: BEFORE's
# two scripts, then AFTER's), RUNS times (default 5), for a noisy shared
# machine: per kernel the medians of the simulator run CPU seconds and of
# the per-run slowdowns against the native twin measured in the same
# script run.  Outputs must say "same" in every run.
#
#   cp build/simt /tmp/simt.before     # before the change
#   nice sh bench/ab_bench.sh /tmp/simt.before build/simt 5
set -e
cd "$(dirname "$0")/.."
BEFORE=$1 AFTER=$2 RUNS=${3:-5}
[ -x "$BEFORE" ] && [ -x "$AFTER" ] || {
	echo "usage: sh bench/ab_bench.sh BEFORE AFTER [RUNS]" >&2
	exit 2
}
tmp=${TMPDIR:-/tmp}/ab_bench.$$
: >"$tmp"
for r in $(seq "$RUNS"); do
	for who in before after; do
		bin=$BEFORE; [ "$who" = after ] && bin=$AFTER
		for s in mbar_bench sim_bench; do
			SIMT=$bin sh "bench/$s.sh" 2>/dev/null | grep '^| (' |
				sed "s/^/$who $s /" >>"$tmp" || true
		done
	done
done
awk -F'|' '
function med(list,   n, a, i, j, t) {
	n = split(list, a, " ")
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
	split($1, h, " "); who = h[1]; src = h[2]
	name = $2; gsub(/^ +| +$/, "", name)
	# simulator run CPU s: column 5 of mbar_bench (after cycles and
	# thread instructions), 4 of sim_bench; native s two before the end
	sim = src == "mbar_bench" ? $5 : $4
	nat = $(NF - 3); ok = $(NF - 1); gsub(/ /, "", ok)
	key = src ": " name
	if (!(key in seen)) { seen[key] = 1; order[++nk] = key }
	S[key, who] = S[key, who] " " sim
	R[key, who] = R[key, who] " " (sim / nat); n[key, who]++
	if (ok != "same") bad[key] = 1
}
END {
	print "| kernel | runs | before: sim s | before: slowdown | after: sim s | after: slowdown | outputs |"
	print "|---|---:|---:|---:|---:|---:|---|"
	for (k = 1; k <= nk; k++) {
		key = order[k]
		printf "| %s | %d | %.3f | %.1fx | %.3f | %.1fx | %s |\n", key,
		       n[key, "after"], med(S[key, "before"]), med(R[key, "before"]),
		       med(S[key, "after"]), med(R[key, "after"]),
		       bad[key] ? "DIFFERENT" : "same"
	}
}' "$tmp"
rm -f "$tmp"
