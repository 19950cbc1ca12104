# checks.sh - `simt run --check=race,init --check-report FILE.json` and
# `simt test --check-report` (docs/checks.md, "Report file"): the JSON names both accesses, the buffer
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

case_ "test --check-report: one JSON for the suite, per file and in total"
cp "$DATA/../../bugs/global_same_slot.s" "$DATA/../../bugs/global_same_slot_ok.s" .
run 0 test --check=race --check-report r.json global_same_slot.s global_same_slot_ok.s
out_has "2 passed, 0 failed"
python3 - r.json <<'PY' || no "suite report JSON: $(cat r.json)"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["files"] == 2 and r["files_with_reports"] == 1
assert r["races"] == 1 and r["uninitialised"] == 0
a, b = r["results"]
assert a["file"] == "global_same_slot.s" and a["ok"] is True and a["check"]["races"] == 1
(x,) = a["check"]["reports"]
assert x["check"] == "race" and x["name"] == "out"
assert b["file"] == "global_same_slot_ok.s" and b["check"]["reports"] == []
PY

case_ "test --check-report=FILE with -j 2: the same report, files in order"
cp "$DATA/../../bugs/global_same_slot.s" "$DATA/../../bugs/global_same_slot_ok.s" .
run 0 test -j 2 --check=race --check-report=r.json global_same_slot.s global_same_slot_ok.s
python3 -c 'import json; r = json.load(open("r.json")); assert [x["file"] for x in r["results"]] == ["global_same_slot.s", "global_same_slot_ok.s"] and r["races"] == 1' ||
	no "-j 2 report: $(cat r.json)"

case_ "test --check-report: a file that does not parse has check null"
printf '.launch grid=bad\n' >c.s
run 1 test --check-report r.json c.s
python3 -c 'import json; r = json.load(open("r.json")); assert r["results"][0]["check"] is None and r["results"][0]["ok"] is False' ||
	no "null report: $(cat r.json)"

case_ "test --check-report naming a test file is refused"
cp "$DATA/../../bugs/global_same_slot_ok.s" k.s
keep k.s
run 1 test k.s --check-report k.s
same k.s

finish
