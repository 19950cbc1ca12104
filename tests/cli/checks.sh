# checks.sh - `simt run --check=race,init --check-report FILE.json`
# (docs/checks.md, "Report file"): the JSON names both accesses, the buffer
# and the reason; a clean run writes an empty report list; the report file
# is an output like the others (not over the input).
. "$(dirname "$0")/lib.sh"

case_ "run --check-report: a race in JSON with both accesses, the buffer and why"
cp "$DATA/../../bugs/global_same_slot.s" k.s
run 1 run k.s --check-report r.json
err_has "--check=race: write of 4 bytes at global 0x10000000 (out)"
err_has "--check summary: 1 race (1 occurrence)"
python3 - r.json <<'PY' || no "report JSON: $(cat r.json)"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["kernel"] == "main" and r["races"] == 1 and r["uninitialised"] == 0
(x,) = r["reports"]
assert x["check"] == "race" and x["space"] == "global" and x["name"] == "out"
assert x["size"] == 4 and x["count"] == 1 and x["why"].startswith("they are in different CTAs")
assert x["access"]["kind"] == "write" and x["access"]["cta"] == [1, 0, 0]
assert x["other"]["cta"] == [0, 0, 0] and x["other"]["instruction"] == "STG.E [R2.64], R4"
assert x["access"]["file"].endswith("k.s") and x["access"]["line"] == x["other"]["line"]
PY

case_ "run --check-report: the twin writes an empty list and exits 0"
cp "$DATA/../../bugs/global_same_slot_ok.s" k.s
run 0 run k.s --check-report=r.json
out_is ""
python3 -c 'import json,sys; r=json.load(open("r.json")); assert r["reports"] == [] and r["races"] == 0' ||
	no "clean report: $(cat r.json)"

case_ "run --check-report naming the program is refused"
cp "$DATA/../../bugs/global_same_slot_ok.s" k.s
keep k.s
run 1 run k.s --check-report k.s
same k.s

finish
