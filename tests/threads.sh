#!/bin/sh
# threads.sh SIMT - the results of a run do not depend on --threads
# (docs/semantics.md, "CTAs on worker threads").  Every simulator test file
# (tests/sim/*.s, the self-checking examples), the bug catalogue
# (tests/bugs/*.s) and the PTX corpus kernels (tests/ptx/passing.txt) run
# with `simt run --threads 1` and `--threads 2`, twice: with the default CTA
# groups (256 CTAs: most test grids are one group) and with --cta-group 1
# (a group per resident set, so every grid larger than its resident count
# is several groups and runs on both threads).  Compared: the exit status,
# stdout with every buffer of the file printed, stderr (diagnostics, the
# cycle and instruction counts of --stats without the times) and, for runs
# of at most 200000 warp instructions, the trace of each CTA (the lines of
# --trace split by CTA, each CTA's in order).  One line per file and mode
# that differs, then "N passed, N failed".
# The guarantee holds for programs whose CTAs do not communicate through
# global memory.  The files below do (a CTA waits for another's flag, the
# last CTA to arrive does the final step, a CTA reads what the earlier
# CTAs of its group added): with --cta-group 1 their CTAs are in different
# groups, which race on two threads, so they are compared in the default
# mode only, where the CTAs that communicate are in one group.
root=$(cd "$(dirname "$0")/.." && pwd)
SIMT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
p=0
f=0

files="tests/sim/*.s $(grep -l '^\.expect' examples/*.s) tests/bugs/*.s"
files="$files $(sh tests/ptx_files.sh)"

# run FILE TAG ARGS...: outputs of one run into $tmp/TAG.{out,err,rc}
run() {
	file=$1 tag=$2
	shift 2
	"$SIMT" run "$file" $prints "$@" >"$tmp/$tag.out" 2>"$tmp/$tag.err"
	echo $? >"$tmp/$tag.rc"
	# the times of --stats differ from run to run; the counts may not
	sed -i -E 's/, run cpu seconds .*//' "$tmp/$tag.err"
}

# per_cta TRACE: its lines grouped by CTA, each CTA's in trace order
per_cta() {
	awk '{ i = index($0, "\"cta\":["); k = substr($0, i, 24);
	       sub(/\].*/, "", k); print k "\t" NR "\t" $0 }' "$1" |
		sort -t "$(printf '\t')" -k1,1 -k2,2n | cut -f1,3-
}

same() { # same A B: the two runs' outputs are equal
	cmp -s "$tmp/$1.out" "$tmp/$2.out" && cmp -s "$tmp/$1.err" "$tmp/$2.err" &&
		cmp -s "$tmp/$1.rc" "$tmp/$2.rc"
}

racing="tests/sim/cta_flag_sequential.s tests/sim/red_grid_lastblock.s
	tests/sim/atom_flag_handoff.s tests/sim/atom_cas_counter.s
	tests/sim/threads_red_group.s
	tests/ptx/grid_reduce_lastblock.sm_75.ptx tests/ptx/grid_reduce_lastblock.sm_80.ptx
	tests/ptx/grid_reduce_lastblock.sm_90.ptx"

for file in $files; do
	prints=$(sed -n -E 's/^(\/\/! *)?\.buffer +([A-Za-z_][A-Za-z0-9_]*).*/--print \2/p' "$file" | tr '\n' ' ')
	modes="default group1"
	case " $(echo $racing) " in *" $file "*) modes=default ;; esac
	for mode in $modes; do
		g=""
		[ $mode = group1 ] && g="--cta-group 1"
		run "$file" a --threads 1 $g --stats
		run "$file" b --threads 2 $g --stats
		if ! same a b; then
			echo "FAIL $file ($mode): outputs differ between --threads 1 and 2"
			diff "$tmp/a.err" "$tmp/b.err" | head -n 6
			f=$((f + 1))
			continue
		fi
		steps=$(sed -n -E 's/^cycles [0-9]+, warp instructions ([0-9]+).*/\1/p' "$tmp/a.err")
		if [ -n "$steps" ] && [ "$steps" -le 200000 ]; then
			run "$file" c --threads 1 $g --trace "$tmp/c.jsonl"
			run "$file" d --threads 2 $g --trace "$tmp/d.jsonl"
			per_cta "$tmp/c.jsonl" >"$tmp/c.cta"
			per_cta "$tmp/d.jsonl" >"$tmp/d.cta"
			if ! same c d || ! cmp -s "$tmp/c.cta" "$tmp/d.cta"; then
				echo "FAIL $file ($mode): traces differ between --threads 1 and 2"
				diff "$tmp/c.cta" "$tmp/d.cta" | head -n 4
				f=$((f + 1))
				continue
			fi
		fi
		echo "ok $file ($mode)"
		p=$((p + 1))
	done
done
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
