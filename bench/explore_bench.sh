#!/bin/sh
# explore_bench.sh [--record] - `simt explore` speed (schedules per CPU
# second) and the reduction of partial-order reduction: the schedules that
# cover a bound with it against the schedules without it (--no-por, a choice
# before every issue) under the same bound, capped at a budget (">=" marks
# a capped count).  Kernels: the fixed twins of tests/explore, small
# synchronisation tests of tests/sim, four litmus tests, and the fixed
# kernels of tests/bugs when there are some.  SIMT=PATH picks the binary
# (default build/simt), to compare two builds.
#
#   sh bench/explore_bench.sh            print the table
#   sh bench/explore_bench.sh --record   also append it to bench/RESULTS.md
cd "$(dirname "$0")/.."
SIMT=${SIMT:-build/simt}
[ -x "$SIMT" ] || make build/simt >/dev/null
BOUND=${BOUND:-2}
CAP=${CAP:-20000}
kernels="tests/explore/lastblock_fence.s tests/explore/rare_claim_fixed.s
tests/explore/private_stores.s
tests/sim/atom_flag_handoff.s tests/sim/cta_flag_handshake.s
tests/sim/bcu_bar_sync.s tests/litmus/MP_relacq_2cta.s
tests/litmus/SB_membar_gpu_1cta.s tests/litmus/IRIW_nofence_2cta.s
tests/litmus/WRC_relacq_1cta.s"
for f in tests/bugs/*_ok.s; do
	[ -f "$f" ] && kernels="$kernels $f"
done

field() { # field REGEX FILE: the number before REGEX in explore's summary
	sed -n "s|.* \([0-9.]*\) $1.*|\1|p;s|^\([0-9.]*\) $1.*|\1|p" "$2" | head -n 1
}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
table="| kernel | memory | schedules (POR) | choice points / schedule | schedules/s | schedules (no POR) | POR reduction |
|---|---|---:|---:|---:|---:|---:|"
for k in $kernels; do
	[ -f "$k" ] || continue
	"$SIMT" explore "$k" --bound "$BOUND" --budget "$CAP" >"$tmp" 2>&1
	n=$(field "schedules explored" "$tmp")
	cp=$(field "choice points" "$tmp")
	rate=$(field "schedules/s" "$tmp")
	mem=$(sed -n 's/.*memory \([a-z]*\)).*/\1/p' "$tmp" | head -n 1)
	capped=$(grep -c "budget reached" "$tmp")
	"$SIMT" explore "$k" --bound "$BOUND" --budget "$CAP" --no-por >"$tmp" 2>&1
	m=$(field "schedules explored" "$tmp")
	mcapped=$(grep -c "budget reached" "$tmp")
	[ -n "$n" ] || continue
	ge=""; [ "$capped" -gt 0 ] && ge=">="
	mge=""; [ "$mcapped" -gt 0 ] && mge=">="
	red=$(awk -v a="$n" -v b="$m" 'BEGIN { if (a > 0) printf "%.1fx", b / a; else print "-" }')
	[ -n "$mge" ] && red=">=$red"
	per=$(awk -v a="$n" -v c="$cp" 'BEGIN { if (a > 0) printf "%.1f", c / a }')
	row="| $k | $mem | $ge$n | $per | $rate | $mge$m | $red |"
	table="$table
$row"
done
echo "$table"
if [ "$1" = "--record" ]; then
	{
		echo
		echo "## simt explore: schedules/s and partial-order reduction ($(date -u +%Y-%m-%d))"
		echo
		echo "Command: \`sh bench/explore_bench.sh --record\` (bound $BOUND, budget $CAP schedules"
		echo "per run; CPU seconds of the explorer process, machine shared with other jobs)."
		echo "\"POR reduction\" = schedules without partial-order reduction / schedules with it,"
		echo "both covering the same bound (>= when the run without it hit the budget first)."
		echo
		echo "$table"
	} >>bench/RESULTS.md
fi
