#!/bin/sh
# ptx_files.sh - prints the PTX corpus's test files, one per line: each
# kernel of tests/ptx/passing.txt for sm_75, sm_80 and sm_90, or for the
# architectures its .cu names on a "// Targets: sm_90" line (clusters).
# Run from the repository's root; tests/run.sh, tests/threads.sh and
# tests/trace_compare.sh take their corpus from here.
for n in $(grep -v '^#' tests/ptx/passing.txt); do
	archs=$(sed -n 's/^\/\/ Targets: *//p' "tests/ptx/$n.cu" | head -n 1 |
		tr ' ,' '\n\n' | sed -n 's/^sm_\([0-9][0-9]*\)$/\1/p')
	[ -n "$archs" ] || archs="75 80 90"
	for a in $archs; do echo "tests/ptx/$n.sm_$a.ptx"; done
done
