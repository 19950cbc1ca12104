#!/bin/sh
# litmus.sh SIMT [FILES...] - the litmus tests of tests/litmus/ (written by
# tests/litmus/gen.py) under `simt explore --outcomes`: no outcome a file
# lists as forbidden is ever reached, every outcome it lists as allowed is,
# and no outcome outside its lists appears.
# Prints "FAIL file: why" lines and the closing "N passed, N failed".
simt=${1:-build/simt}
[ $# -gt 0 ] && shift
files=${*:-tests/litmus/*.s}
bound=${LITMUS_BOUND:-6}
pass=0
fail=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for f in $files; do
	obs=$(sed -n 's|^// observe: ||p' "$f")
	if ! "$simt" explore "$f" --outcomes --observe "$obs" --bound "$bound" \
		--budget 200000 >"$tmp" 2>&1; then
		echo "FAIL $f: simt explore failed:"
		sed 's/^/  /' "$tmp"
		fail=$((fail + 1))
		continue
	fi
	outs=$(sed -n 's/^outcome \(.*\)  (.*/\1/p' "$tmp")
	why=""
	for o in $(sed -n 's|^// forbidden: ||p' "$f" | tr ' ' '_'); do
		o=$(echo "$o" | tr '_' ' ')
		echo "$outs" | grep -qxF "$o" && why="$why; forbidden $o reached"
	done
	for o in $(sed -n 's|^// allowed: ||p' "$f" | tr ' ' '_'); do
		o=$(echo "$o" | tr '_' ' ')
		echo "$outs" | grep -qxF "$o" || why="$why; allowed $o not reached"
	done
	listed=$(sed -n 's#^// \(allowed\|forbidden\): ##p' "$f")
	for o in $(echo "$outs" | tr ' ' '_'); do
		o=$(echo "$o" | tr '_' ' ')
		echo "$listed" | grep -qxF "$o" || why="$why; unexpected outcome $o"
	done
	if [ -n "$why" ]; then
		echo "FAIL $f${why#;}" | sed 's/FAIL \([^ ]*\) /FAIL \1: /'
		grep '^outcome\|schedules explored' "$tmp" | sed 's/^/  /'
		fail=$((fail + 1))
	else
		echo "ok $f ($(echo "$outs" | wc -l) outcomes, $(sed -n 's/^\([0-9]*\) schedules explored.*/\1/p' "$tmp") schedules)"
		pass=$((pass + 1))
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
