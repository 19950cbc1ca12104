#!/bin/sh
# timeline.sh SIMT - `simt run --timeline/--vcd` over several tests/sim files:
# the JSON through tests/timeline_check.py (trace-event format: phases,
# pids/tids, B/E nesting, flows, counters), the VCD read back by GTKWave's
# vcd2fst (Debian gtkwave; skipped with a message when it is absent), and the
# validator itself must reject a broken timeline.  Closing line "N passed, N
# failed" (tests/run.sh counts it).
simt=${1:-build/simt}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
have_vcd2fst=1
command -v vcd2fst >/dev/null 2>&1 || {
	have_vcd2fst=0
	echo "vcd2fst not found (Debian package gtkwave): VCD files are not read back"
}
# divergence + BSYNC, CTA barriers, BAR.RED, WARPSYNC, async copies to
# mbarriers (flows), several CTAs, NANOSLEEP
for f in bru_bra_if_else bcu_bar_sync bcu_bar_red bru_warpsync_i mbar_arrives \
	mbar_pipeline cta_interleave cta_bar_while_other_runs bru_nanosleep; do
	src=tests/sim/$f.s
	if ! "$simt" run "$src" --timeline "$tmp/$f.json" --vcd "$tmp/$f.vcd" \
		>"$tmp/out" 2>&1; then
		bad "$f: simt run failed"; cat "$tmp/out"; continue
	fi
	if python3 tests/timeline_check.py "$tmp/$f.json"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
	fi
	if [ $have_vcd2fst = 1 ]; then
		if vcd2fst "$tmp/$f.vcd" "$tmp/$f.fst" >"$tmp/v" 2>&1 &&
			! grep -qi 'error' "$tmp/v" && [ -s "$tmp/$f.fst" ] &&
			grep -q '^\$var wire 32 .* pc \$end' "$tmp/$f.vcd"; then
			ok "$f.vcd: vcd2fst read it ($(grep -c '^\$var' "$tmp/$f.vcd") signals)"
		else
			bad "$f.vcd: vcd2fst"; cat "$tmp/v"
		fi
	fi
done
# the flows of an async copy end on the mbarrier track they complete
if grep -q '"ph":"f","bp":"e"' "$tmp/mbar_pipeline.json" &&
	grep -q '"name":"wait mbarrier' "$tmp/mbar_pipeline.json"; then
	ok "mbar_pipeline: copy flows and mbarrier waits"
else
	bad "mbar_pipeline: copy flows and mbarrier waits"
fi
# the divergent example: its BSYNC parks one half of the warp
if "$simt" run examples/diverge.s --timeline "$tmp/diverge.json" >/dev/null &&
	python3 tests/timeline_check.py "$tmp/diverge.json" >/dev/null &&
	grep -q '"name":"BSYNC wait".*"waiting":"0x55555555","running":"0xaaaaaaaa"' \
		"$tmp/diverge.json"; then
	ok "diverge: BSYNC wait names the parked and the running lanes"
else
	bad "diverge: BSYNC wait"
fi
if grep -q '"name":"wait BAR 0"' "$tmp/bcu_bar_sync.json"; then
	ok "bcu_bar_sync: BAR waits named"
else
	bad "bcu_bar_sync: BAR waits named"
fi
# a deadlock: the run fails, the pictures are kept, closed and valid
"$simt" run tests/sim/bcu_deadlock.s --timeline "$tmp/dl.json" --vcd "$tmp/dl.vcd" \
	>/dev/null 2>&1
if python3 tests/timeline_check.py "$tmp/dl.json" >/dev/null &&
	grep -q '"name":"wait BAR 5"' "$tmp/dl.json" && [ -s "$tmp/dl.vcd" ]; then
	ok "deadlock: timeline kept, the BAR 5 waits open to the end"
else
	bad "deadlock: timeline kept"
fi
# outputs follow the CLI's rule: never over an input, atomic
cp tests/sim/bcu_bar_sync.s "$tmp/in.s"
if "$simt" run "$tmp/in.s" --timeline "$tmp/in.s" >/dev/null 2>&1 ||
	! cmp -s tests/sim/bcu_bar_sync.s "$tmp/in.s"; then
	bad "--timeline over the program is refused"
else
	ok "--timeline over the program is refused"
fi
echo keep >"$tmp/old.jsonl"
if "$simt" run "$tmp/in.s" --trace "$tmp/old.jsonl" --timeline "$tmp/in.s" >/dev/null 2>&1 ||
	[ "$(cat "$tmp/old.jsonl")" != keep ]; then
	bad "a refused output leaves the other outputs untouched"
else
	ok "a refused output leaves the other outputs untouched"
fi
# the validator rejects an unmatched B and a flow without its end
grep -v '"ph":"E"' "$tmp/bcu_bar_sync.json" | sed '$!b' >"$tmp/broken.json"
sed -e 's/"ph":"E","pid":1,"tid":1,/"ph":"E","pid":1,"tid":77,/' \
	"$tmp/bcu_bar_sync.json" >"$tmp/broken2.json"
grep -v '"ph":"f"' "$tmp/mbar_pipeline.json" >"$tmp/broken3.json"
for b in broken broken2 broken3; do
	if python3 tests/timeline_check.py "$tmp/$b.json" >"$tmp/v" 2>&1; then
		bad "validator accepted $b.json"
	else
		ok "validator rejects $b.json: $(head -n 1 "$tmp/v")"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
