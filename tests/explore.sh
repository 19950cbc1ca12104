#!/bin/sh
# explore.sh SIMT - `simt explore` and `simt run --schedule` on the kernels
# of tests/explore/: each buggy kernel's finding is a schedule file that
# replays the failure, each fixed twin comes out the same under every
# schedule within the bound; bad schedule files get located errors.
# Prints "ok/FAIL name" lines and the closing "N passed, N failed".
simt=${1:-build/simt}
d=tests/explore
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; sed 's/^/  /' "$tmp/out"; fail=$((fail + 1)); }

# expect NAME RC TEXT CMD...: CMD exits with RC and prints TEXT (stdout or
# stderr, fixed string)
expect() {
	name=$1 rc=$2 text=$3
	shift 3
	"$@" >"$tmp/out" 2>&1
	got=$?
	if [ "$got" != "$rc" ]; then
		bad "$name" "exit $got, expected $rc"
	elif [ -n "$text" ] && ! grep -qF -- "$text" "$tmp/out"; then
		bad "$name" "no '$text' in the output"
	else
		ok "$name"
	fi
}

# The last-block reduction without a fence: a plain relaxed run already
# returns a wrong sum; explore finds a schedule, and its file replays it.
expect "lastblock: plain --memory=relaxed run sums wrong" 1 "out[0] = 70, expected 100" \
	"$simt" run $d/lastblock_nofence.s
expect "lastblock: explore finds a wrong sum" 1 "schedule written to $tmp/lb.sched" \
	"$simt" explore $d/lastblock_nofence.s --bound 2 -o "$tmp/lb.sched"
expect "lastblock: the schedule file says memory relaxed" 0 "memory relaxed" \
	cat "$tmp/lb.sched"
expect "lastblock: --schedule replays the wrong sum" 1 "out[0] = 70, expected 100" \
	"$simt" run $d/lastblock_nofence.s --schedule "$tmp/lb.sched"
expect "lastblock: the replay met every choice" 1 "replayed the 10 choices" \
	"$simt" run $d/lastblock_nofence.s --schedule "$tmp/lb.sched"
expect "lastblock: --schedule --trace keeps the trace" 1 "" \
	"$simt" run $d/lastblock_nofence.s --schedule "$tmp/lb.sched" --trace "$tmp/lb.jsonl"
if [ -s "$tmp/lb.jsonl" ]; then ok "lastblock: trace written"; else bad "lastblock: trace written" "empty"; fi
expect "lastblock with fences: every schedule the same" 0 \
	"every schedule within bound 3 exits with the same outputs" \
	"$simt" explore $d/lastblock_fence.s --bound 3

# The rare claim: round-robin and random policies never show it
# (bench/rare_random.sh: 0 of 1000 seeds); explore does, and replays it.
expect "rare_claim: round-robin run passes" 0 "" "$simt" run $d/rare_claim.s
expect "rare_claim: explore finds the failure" 1 "out={57005}" \
	"$simt" explore $d/rare_claim.s --bound 2 -o "$tmp/rc.sched"
expect "rare_claim: --schedule replays it" 1 "out[0] = 57005, expected 0" \
	"$simt" run $d/rare_claim.s --schedule "$tmp/rc.sched"
expect "rare_claim_fixed: every schedule the same" 0 \
	"every schedule within bound 3 exits with the same outputs" \
	"$simt" explore $d/rare_claim_fixed.s --bound 3
expect "rare_claim_fixed: the same without partial-order reduction" 0 \
	"every schedule within bound 2 exits with the same outputs" \
	"$simt" explore $d/rare_claim_fixed.s --bound 2 --no-por

# Copy completion order: two cp.async copies into one buffer complete in
# issue order under the engine's timing; explore chooses the other order.
expect "copy_order: a plain run passes" 0 "" "$simt" run $d/copy_order.s
expect "copy_order: explore finds stage 0 landing last" 1 "out={0, 1, 2, 3," \
	"$simt" explore $d/copy_order.s --bound 2 -o "$tmp/co.sched"
expect "copy_order: the schedule is one copy choice" 0 "copy 2 1" cat "$tmp/co.sched"
expect "copy_order: --schedule replays it" 1 "out[0] = 0, expected 32" \
	"$simt" run $d/copy_order.s --schedule "$tmp/co.sched"
expect "copy_order_fixed: every schedule the same" 0 \
	"every schedule within bound 3 exits with the same outputs" \
	"$simt" explore $d/copy_order_fixed.s --bound 3

# Address-aware reduction: a warp's accesses to words no other warp
# touches are not interleaving points.
expect "private_stores: 3 schedules cover bound 2" 0 "3 schedules explored" \
	"$simt" explore $d/private_stores.s --bound 2
expect "private_stores: one shared word" 0 "footprint: 1 words shared between warps, 1 restarts" \
	"$simt" explore $d/private_stores.s --bound 2
expect "lastblock: the schedule file lists the shared words" 0 "shared 0x10000000 4" \
	cat "$tmp/lb.sched"

# Schedule files that do not fit.
printf 'memory relaxed\nwarp 1 0\n' >"$tmp/bad.sched"
expect "schedule: a bad line is located" 1 "$tmp/bad.sched:2: error: not a schedule line" \
	"$simt" run $d/rare_claim.s --schedule "$tmp/bad.sched"
expect "schedule: another program's schedule is refused" 1 "does not match the program" \
	"$simt" run $d/rare_claim.s --schedule "$tmp/lb.sched"
expect "schedule: a missing file" 1 "cannot read schedule" \
	"$simt" run $d/rare_claim.s --schedule "$tmp/none.sched"
expect "explore: a bad budget" 2 "--budget wants N schedules or a time" \
	"$simt" explore $d/rare_claim.s --budget soon
expect "explore: a time budget" 0 "schedules explored" \
	"$simt" explore $d/rare_claim_fixed.s --budget 5s
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
