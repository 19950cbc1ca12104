#!/bin/sh
# stats.sh [LOG...] - one line per libFuzzer run log of tests/fuzz/run.sh
# (default: build/fuzz/logs/*.log): target, start, wall seconds (log name
# to last write), executions, final cov/ft, how it ended; then the totals
# per target.  For tests/fuzz/RESULTS.md.
[ $# -gt 0 ] || set -- build/fuzz/logs/*-????????-??????.log
for f in "$@"; do
	n=$(basename "$f" .log)
	t=${n%-*-*}
	d=${n#"$t"-}
	start=$(date -u -d "$(echo "$d" | sed -E 's/(....)(..)(..)-(..)(..)(..)/\1-\2-\3 \4:\5:\6/')" +%s)
	end=$(stat -c %Y "$f")
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$f" | tail -n 1)
	[ -n "$execs" ] || execs=$(grep -E '^#[0-9]+' "$f" | tail -n 1 | sed -E 's/^#([0-9]+).*/\1/')
	cov=$(grep -E '^#[0-9]+.*cov:' "$f" | tail -n 1 | sed -E 's/.*cov: ([0-9]+) ft: ([0-9]+).*/\1 \2/')
	how=ok
	grep -q 'SUMMARY: libFuzzer: timeout' "$f" && how=timeout
	grep -q -E 'deadly signal|ERROR: AddressSanitizer|runtime error|fuzz oracle' "$f" && how=CRASH
	grep -q 'DONE' "$f" || [ $how != ok ] || how=stopped
	echo "$t $d $((end - start)) ${execs:-0} ${cov:-0 0} $how"
done | awk '{print; s[$1]+=$3; e[$1]+=$4; if ($5>c[$1]) c[$1]=$5; if ($6>ft[$1]) ft[$1]=$6}
END {for (t in s) printf "TOTAL %s %d s (%.1f h) %d execs, max cov %d ft %d\n", t, s[t], s[t]/3600, e[t], c[t], ft[t]}'
