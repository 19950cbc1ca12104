#!/bin/sh
# python.sh - the ctypes binding against build/libsimt.so: its unit tests
# (python3 -m unittest) and the 1,000-random-programs example; and the
# CPU reference of the cluster test programs (tests/sim/ref/cluster_ref.py).
set -u
export SIMT_LIB="$PWD/build/libsimt.so"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
pass=0 fail=0
python3 -m unittest discover -s python/tests >"$log" 2>&1
ran=$(sed -n 's/^Ran \([0-9]*\) tests\{0,1\} .*/\1/p' "$log")
bad=$(sed -n 's/^FAILED (\(.*\))/\1/p' "$log" | tr ',' '\n' | sed -n 's/.*=\([0-9]*\)/\1/p' | awk "{s+=\$1} END{print s+0}")
bad=${bad:-0}
[ -n "$ran" ] || { cat "$log"; ran=0; bad=1; }
[ "$bad" -gt 0 ] && cat "$log"
pass=$((ran - bad)); fail=$bad
if out=$(python3 python/examples/random_programs.py 1000 2>&1); then
	echo "ok $out"; pass=$((pass + 1))
else
	echo "FAIL random programs: $out"; fail=$((fail + 1))
fi
# the cluster programs' expectations equal their CPU reference
if out=$(python3 tests/sim/ref/cluster_ref.py --check 2>&1); then
	echo "ok cluster reference (tests/sim/ref/cluster_ref.py)"; pass=$((pass + 1))
else
	echo "FAIL cluster reference: $out"; fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
