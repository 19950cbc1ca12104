#!/bin/sh
# trace_compare.sh OLD NEW [POLICIES] - a fast path changes nothing: every
# simulator test file (tests/sim, tests/bugs, tests/explore, tests/litmus,
# the self-checking examples, the PTX corpus of tests/ptx/passing.txt) runs
# under the OLD and the NEW simt binary with `--threads 1`, once per
# scheduling policy (default "rr greedy random:1"), and the two runs must
# agree on the exit status, stdout (every buffer of the file printed),
# stderr (diagnostics and the counts of --stats, without the times) and the
# whole --trace; then once more without --trace (the plain issue path,
# sched.c, is taken only when nothing observes an issue), where they must
# agree on the exit status, stdout and stderr.  One line per file and
# policy that differs, then
# "N passed, N failed".  A run that does not end within TC_TIMEOUT seconds
# (default 60: a spin-wait under the greedy policy runs to the cycle
# limit) is reported as TIMEOUT and counted apart, not compared.  Not part of `make check` (it needs two binaries):
# run it before delivering a change to a simulator hot path, e.g.
#
#   cp build/simt /tmp/simt.before && <change> && make &&
#   sh tests/trace_compare.sh /tmp/simt.before build/simt
root=$(cd "$(dirname "$0")/.." && pwd)
abs() { (cd "$(dirname "$1")" && echo "$(pwd)/$(basename "$1")"); }
OLD=$(abs "$1")
NEW=$(abs "$2")
POLICIES=${3:-rr greedy random:1}
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
p=0
f=0
t=0

files="tests/sim/*.s tests/bugs/*.s tests/explore/*.s tests/litmus/*.s
	$(grep -l '^\.expect' examples/*.s)"
files="$files $(sh tests/ptx_files.sh)"

# run BIN TAG FILE POLICY [notrace]: outputs of one run into
# $tmp/TAG.{out,err,rc,trace} (no .trace with notrace)
run() {
	if [ "$5" = notrace ]; then
		timeout "${TC_TIMEOUT:-60}" "$1" run "$3" $prints --threads 1 --policy "$4" --stats \
			>"$tmp/$2.out" 2>"$tmp/$2.err"
	else
		timeout "${TC_TIMEOUT:-60}" "$1" run "$3" $prints --threads 1 --policy "$4" --stats \
			--trace "$tmp/$2.trace" >"$tmp/$2.out" 2>"$tmp/$2.err"
	fi
	echo $? >"$tmp/$2.rc"
	sed -i -E 's/, run cpu seconds .*//' "$tmp/$2.err"
}

for file in $files; do
	[ -f "$file" ] || continue
	prints=$(sed -n -E 's/^(\/\/! *)?\.buffer +([A-Za-z_][A-Za-z0-9_]*).*/--print \2/p' "$file" | tr '\n' ' ')
	for pol in $POLICIES; do
	for mode in trace notrace; do
		# .a.trace.XXXXXX: the partial trace of a run the timeout killed
		# (simt writes a trace beside its name and renames it when done);
		# greedy spin-waits leave ~1 GB each, so they go too
		rm -f "$tmp"/a.* "$tmp"/b.* "$tmp"/.a.* "$tmp"/.b.*
		run "$OLD" a "$file" "$pol" "$mode"
		run "$NEW" b "$file" "$pol" "$mode"
		if [ "$(cat "$tmp/a.rc")" = 124 ] || [ "$(cat "$tmp/b.rc")" = 124 ]; then
			echo "TIMEOUT $file ($pol, $mode)"
			t=$((t + 1))
			continue
		fi
		bad=""
		for x in rc out err trace; do
			[ -f "$tmp/a.$x" ] || : >"$tmp/a.$x"
			[ -f "$tmp/b.$x" ] || : >"$tmp/b.$x"
			cmp -s "$tmp/a.$x" "$tmp/b.$x" || bad="$bad $x"
		done
		if [ -n "$bad" ]; then
			echo "FAIL $file ($pol, $mode): differs in$bad"
			f=$((f + 1))
		else
			p=$((p + 1))
		fi
	done
	done
done
echo "$p passed, $f failed ($t timed out)"
[ "$f" -eq 0 ]
