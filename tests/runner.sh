#!/bin/sh
# runner.sh SIMT - `simt test` as a regression runner: -j N gives the same
# output as -j 1, shards 1..N together run every file exactly once, the
# JUnit report is well-formed XML with the right counts, TAP has its plan,
# and bad -j/--shard values are usage errors (exit 2).
set -u
simt=${1:-build/simt}
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(ls tests/sim/*.s)
# a failing file, so failure paths are reported too
printf '.buffer out u32[1] = 0\n.param out\n.expect out[0] = 1\nmain:\n EXIT ;\n' >"$tmp/fails.s"

"$simt" test -j 1 $files "$tmp/fails.s" >"$tmp/j1" 2>"$tmp/j1.err"; r1=$?
"$simt" test -j 2 $files "$tmp/fails.s" >"$tmp/j2" 2>"$tmp/j2.err"; r2=$?
[ $r1 = 1 ] && [ $r2 = 1 ] && cmp -s "$tmp/j1" "$tmp/j2" && cmp -s "$tmp/j1.err" "$tmp/j2.err" \
	&& ok "-j 2 prints exactly what -j 1 prints (exit 1 with a failing file)" \
	|| bad "-j 2 differs from -j 1 (exit $r1/$r2)"
"$simt" test -j2 $files "$tmp/fails.s" >"$tmp/j2b" 2>/dev/null
cmp -s "$tmp/j1" "$tmp/j2b" && ok "-j2 (one word, as make takes it) is -j 2" || bad "-j2 differs from -j 2"
tail -n 1 "$tmp/j1" | grep -qx "$(echo $files | wc -w) passed, 1 failed" \
	&& ok "closing line counts the failing file" || bad "closing line: $(tail -n 1 "$tmp/j1")"

for k in 1 2 3; do
	"$simt" test --shard $k/3 -j 2 $files >"$tmp/s$k" 2>/dev/null
done
cat "$tmp/s1" "$tmp/s2" "$tmp/s3" | sed -n 's/^ok //p' | sort >"$tmp/union"
echo $files | tr ' ' '\n' | sort >"$tmp/all"
cmp -s "$tmp/union" "$tmp/all" && ok "shards 1..3 run every file exactly once" \
	|| bad "shards 1..3 do not partition the files"
"$simt" test --shard 2/3 $files >"$tmp/again" 2>/dev/null
cmp -s "$tmp/s2" "$tmp/again" && ok "a shard is deterministic" || bad "shard 2/3 changed between runs"

"$simt" test -j 2 --junit "$tmp/r.xml" $files "$tmp/fails.s" >/dev/null 2>&1
python3 - "$tmp/r.xml" "$(echo $files | wc -w)" <<'PY' && ok "JUnit report: well-formed, counts right" || bad "JUnit report"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suite = root.find("testsuite")
cases = suite.findall("testcase")
n = int(sys.argv[2]) + 1
assert root.tag == "testsuites" and len(cases) == n, (root.tag, len(cases))
assert suite.get("tests") == str(n) and suite.get("failures") == "1"
failed = [c for c in cases if c.find("failure") is not None]
assert len(failed) == 1 and failed[0].get("name").endswith("fails.s")
assert "expected 1" in failed[0].find("failure").get("message")
PY

"$simt" test --tap $files "$tmp/fails.s" >"$tmp/tap" 2>/dev/null
n=$(($(echo $files | wc -w) + 1))
[ "$(sed -n 2p "$tmp/tap")" = "1..$n" ] && [ "$(grep -c '^ok ' "$tmp/tap")" = $((n - 1)) ] \
	&& [ "$(grep -c '^not ok ' "$tmp/tap")" = 1 ] && ok "TAP: plan and one 'not ok'" || bad "TAP output"

for a in "-j 0" "-j x" "-j0" "-jx" "--shard 4/3" "--shard 0/2" "--shard 2"; do
	"$simt" test $a tests/sim/bru_bra_if_else.s >/dev/null 2>&1
	[ $? = 2 ] && ok "simt test $a: usage error" || bad "simt test $a: not exit 2"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
