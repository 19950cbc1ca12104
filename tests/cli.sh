#!/bin/sh
# cli.sh SIMT - runs every command-line test file tests/cli/*.sh (except
# lib.sh) against the simt binary SIMT and prints one closing line
# "N passed, N failed" (tests/run.sh adds it to the total).
root=$(cd "$(dirname "$0")/.." && pwd)
SIMT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
DATA=$root/tests/cli/data
export SIMT DATA
p=0
f=0
for t in "$root"/tests/cli/*.sh; do
	[ "$(basename "$t")" = lib.sh ] && continue
	out=$(cd "$root" && sh "$t" 2>&1)
	echo "$out" | grep -v '^ok ' | grep -v -E '^[0-9]+ passed, [0-9]+ failed$' |
		sed "s|^|$(basename "$t"): |"
	line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
	if [ -z "$line" ]; then
		echo "$(basename "$t"): no closing line (crashed?)"
		f=$((f + 1))
		continue
	fi
	p=$((p + $(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')))
	f=$((f + $(echo "$line" | sed -E 's/.* ([0-9]+) failed$/\1/')))
done
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
