#!/bin/sh
# run.sh [good|bug|both] - build and run the co-simulation with Verilator
# (make cosim; docs/cosim.md).  good: the DUT must match libsimt; bug: the
# DUT built with +define+COSIM_BUG must fail (the run exits non-zero with a
# MISMATCH line); both (default): the two, and the bug variant's failure is
# the test's success.  Needs build/libsimt.a and verilator (Debian package).
set -u
what=${1:-both}
top=$(pwd)
command -v verilator >/dev/null 2>&1 || {
	echo "cosim: verilator not found (apt-get install verilator)"; exit 1; }
build() { # build VARIANT [DEFINE]
	dir=build/cosim/$1
	mkdir -p "$dir"
	verilator --binary -j 2 -Wno-fatal --top-module tb -Mdir "$dir" $2 \
		-CFLAGS "-I$top/include" -o Vtb \
		"$top/examples/cosim/dut.sv" "$top/examples/cosim/tb.sv" "$top/examples/cosim/shim.c" \
		"$top/build/libsimt.a" -LDFLAGS "-lm -pthread" \
		>"$dir/build.log" 2>&1 || { cat "$dir/build.log"; echo "cosim: build of $1 failed"; exit 1; }
}
status=0
if [ "$what" != bug ]; then
	build good ""
	echo "== cosim: DUT against libsimt (examples/diverge.s)"
	if build/cosim/good/Vtb +program=examples/diverge.s; then
		echo "cosim good: passed"
	else
		echo "cosim good: FAILED"; status=1
	fi
fi
if [ "$what" != good ]; then
	build bug "+define+COSIM_BUG"
	echo "== cosim: DUT with an injected bug (COSIM_BUG: wrong branch mask)"
	out=build/cosim/bug/run.log
	build/cosim/bug/Vtb +program=examples/diverge.s >"$out" 2>&1
	rc=$?
	cat "$out"
	if [ "$what" = bug ]; then
		echo "cosim bug variant: exit $rc"
		exit $rc
	fi
	if [ $rc -ne 0 ] && grep -q '^MISMATCH at cycle' "$out"; then
		echo "cosim bug variant: failed as it must (exit $rc, mismatch reported)"
	else
		echo "cosim bug variant: FAILED TO FAIL (exit $rc)"; status=1
	fi
fi
exit $status
