#!/bin/sh
# layering.sh - includes point down the pipeline only (docs/architecture.md).
# Each rule: a module, then the modules it must not include.  Prints one
# "FAIL layering: ..." line per offending file; exit 1 when there is one.
status=0
rule() { # rule MODULE FORBIDDEN...
	m=$1; shift
	for up in "$@"; do
		for f in $(grep -l "include \"$up/" src/$m/*.[ch] 2>/dev/null); do
			echo "FAIL layering: $f includes $up/ (above $m)"
			status=1
		done
	done
}
rule util isa codec obj asm ptx sim check cli
rule isa codec obj asm ptx sim check cli
rule codec obj asm ptx sim check cli
rule obj isa codec asm ptx sim check cli
rule asm ptx sim check cli
rule ptx sim check cli
rule sim asm ptx check cli
rule check sim asm ptx cli
exit $status
