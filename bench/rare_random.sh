#!/bin/sh
# rare_random.sh [N] - tests/explore/rare_claim.s under `--policy
# random:SEED` for seeds 1..N (default 1000): how many runs show the bug
# (the .expect fails), against `simt explore`, which finds it and writes a
# schedule that replays it.  Prints one line per method.
cd "$(dirname "$0")/.."
n=${1:-1000}
SIMT=build/simt
f=tests/explore/rare_claim.s
fails=0
s=1
while [ "$s" -le "$n" ]; do
	"$SIMT" run "$f" --policy "random:$s" >/dev/null 2>&1 || fails=$((fails + 1))
	s=$((s + 1))
done
echo "simt run $f --policy random:SEED, seeds 1-$n: $fails/$n runs show the bug"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$SIMT" explore "$f" --bound 2 -o "$tmp" | grep -E 'differs|fails the test|schedules explored'
if "$SIMT" run "$f" --schedule "$tmp" >/dev/null 2>&1; then
	echo "replay: the schedule did NOT reproduce the bug"
else
	echo "replay: simt run --schedule reproduces the bug"
fi
