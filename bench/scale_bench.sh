#!/bin/sh
# scale_bench.sh [--record] - time and peak memory of one small kernel
# (bench/sim_scale.s: 64 threads per CTA, a barrier, one store per CTA) on
# grids of 1, 1k, 64k and 1M CTAs, with /usr/bin/time (user+sys CPU
# seconds, maximum resident set).  Flat RSS and linear time are the goal of
# issue 13; the per-CTA column makes a cliff visible.
set -e
cd "$(dirname "$0")/.."
SIMT=${SIMT:-build/simt}
[ -x "$SIMT" ] || make build/simt >/dev/null
rows=""
for g in 1 1024 65536 1048576; do
	r=$(/usr/bin/time -f "%U %S %M" "$SIMT" run bench/sim_scale.s --grid $g --block 64 \
		--buffer "out=u32[$g]:0" --param out 2>&1 >/dev/null | tail -n 1)
	row=$(echo "$r" | awk -v g=$g '{ c = $1 + $2; printf "| %d | %.2f | %.2f | %.0f |", g, c, c * 1e6 / g, $3 / 1024 }')
	echo "$row"
	rows="$rows$row
"
done
header="| CTAs | CPU s | CPU us per CTA | peak RSS MB |
|---:|---:|---:|---:|"
if [ "$1" = "--record" ]; then
	{
		echo
		echo "## Grid scale ($(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $(nproc) CPUs)"
		echo
		echo "Command: \`sh bench/scale_bench.sh --record\` (bench/sim_scale.s, 64 threads"
		echo "per CTA; /usr/bin/time user+sys CPU seconds and maximum resident set)."
		echo
		echo "$header"
		printf "%s" "$rows"
	} >>bench/RESULTS.md
fi
