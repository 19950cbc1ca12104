#!/usr/bin/env python3
"""timeline_check.py FILE.json... - validate Chrome/Perfetto trace-event JSON
as `simt run --timeline` writes it (docs/timeline.md); standard library only.

Checks, per file:
  - the JSON object form: {"traceEvents": [...]} (displayTimeUnit ms|ns)
  - every event: a known phase; integer pid (and tid where the phase has
    one); a non-negative number ts except for metadata; a string name
    where the phase requires one; args an object
  - metadata (M): process_name / thread_name / *_sort_index with the
    right argument; every pid has a process_name, every (pid, tid) that
    carries slices or flows a thread_name
  - B/E: on each (pid, tid) the B and E events nest like parentheses in
    file order, with non-decreasing ts; an E never closes before its B;
    nothing is left open at the end
  - flows (s/t/f): each id has exactly one s and one f, f.ts >= s.ts, and
    each s/f lies inside a slice open on its track at that point
  - counters (C): args of numbers only
Prints one summary line per file; exits 1 on the first file with errors
(all its errors listed).
"""
import json
import sys

PHASES = set("BEXiICMstfbenPOND")
NEED_TID = set("BEXistf")
NEED_NAME = set("BXCMsf")
META = {"process_name": "name", "thread_name": "name",
        "process_sort_index": "sort_index", "thread_sort_index": "sort_index",
        "process_labels": "labels"}


def check(path):
    errors = []

    def err(i, msg):
        if len(errors) < 50:
            errors.append("%s: event %d: %s" % (path, i, msg))

    with open(path, encoding="utf-8") as f:
        try:
            doc = json.load(f)
        except json.JSONDecodeError as e:
            return ["%s: not JSON: %s" % (path, e)], {}
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        return ["%s: not an object with a traceEvents list" % path], {}
    if doc.get("displayTimeUnit", "ms") not in ("ms", "ns"):
        errors.append("%s: displayTimeUnit must be ms or ns" % path)
    events = doc["traceEvents"]
    stacks = {}          # (pid, tid) -> [(name, ts)]
    last_ts = {}         # (pid, tid) -> ts of the last B/E
    proc_named, thread_named = set(), set()
    used_tracks, pids = set(), set()
    flows = {}           # id -> {"s": ts, "f": ts}
    stats = {"events": len(events), "slices": 0, "flows": 0, "counters": 0}
    for i, e in enumerate(events):
        if not isinstance(e, dict):
            err(i, "not an object")
            continue
        ph = e.get("ph")
        if ph not in PHASES:
            err(i, "unknown phase %r" % ph)
            continue
        if not isinstance(e.get("pid"), int):
            err(i, "pid must be an integer")
            continue
        pid = e["pid"]
        pids.add(pid)
        if ph in NEED_TID and not isinstance(e.get("tid"), int):
            err(i, "phase %s needs an integer tid" % ph)
            continue
        if ph in NEED_NAME and not isinstance(e.get("name"), str):
            err(i, "phase %s needs a name" % ph)
        if "args" in e and not isinstance(e["args"], dict):
            err(i, "args must be an object")
        if ph != "M":
            ts = e.get("ts")
            if not isinstance(ts, (int, float)) or isinstance(ts, bool) or ts < 0:
                err(i, "ts must be a non-negative number")
                continue
        track = (pid, e.get("tid"))
        if ph == "M":
            key = META.get(e.get("name"))
            if key is None:
                err(i, "unknown metadata %r" % e.get("name"))
            elif key not in e.get("args", {}):
                err(i, "metadata %s needs args.%s" % (e["name"], key))
            if e.get("name") == "process_name":
                proc_named.add(pid)
            if e.get("name") == "thread_name":
                if not isinstance(e.get("tid"), int):
                    err(i, "thread_name needs a tid")
                thread_named.add(track)
        elif ph in "BE":
            used_tracks.add(track)
            if ts < last_ts.get(track, 0):
                err(i, "ts %s goes back on track %s (last %s)" %
                    (ts, track, last_ts[track]))
            last_ts[track] = ts
            st = stacks.setdefault(track, [])
            if ph == "B":
                st.append((e.get("name"), ts))
            elif not st:
                err(i, "E without an open B on track %s" % (track,))
            else:
                name, bts = st.pop()
                if ts < bts:
                    err(i, "E at %s before its B %r at %s" % (ts, name, bts))
                stats["slices"] += 1
        elif ph == "C":
            stats["counters"] += 1
            args = e.get("args", {})
            if not args or not all(isinstance(v, (int, float)) and
                                    not isinstance(v, bool)
                                    for v in args.values()):
                err(i, "counter args must be numbers")
        elif ph in "stf":
            used_tracks.add(track)
            fid = e.get("id")
            if not isinstance(fid, (int, str)):
                err(i, "flow event needs an id")
                continue
            rec = flows.setdefault(fid, {})
            if ph in rec and ph != "t":
                err(i, "flow id %r has a second %s" % (fid, ph))
            rec[ph] = ts
            if not stacks.get(track):
                err(i, "flow %s of id %r is not inside a slice of track %s"
                    % (ph, fid, track))
            if ph == "f" and e.get("bp") not in (None, "e"):
                err(i, "flow end binding point must be 'e'")
    for track, st in stacks.items():
        for name, ts in st:
            errors.append("%s: slice %r at %s on track %s never ends" %
                          (path, name, ts, track))
    for fid, rec in flows.items():
        if "s" not in rec or "f" not in rec:
            errors.append("%s: flow %r lacks its %s" %
                          (path, fid, "start" if "s" not in rec else "end"))
        elif rec["f"] < rec["s"]:
            errors.append("%s: flow %r ends before it starts" % (path, fid))
    stats["flows"] = len(flows)
    for pid in sorted(pids - proc_named):
        errors.append("%s: pid %d has no process_name" % (path, pid))
    for track in sorted(used_tracks - thread_named):
        errors.append("%s: track %s has no thread_name" % (path, track))
    stats["tracks"] = len(used_tracks)
    return errors, stats


def main(argv):
    if len(argv) < 2:
        print("usage: timeline_check.py FILE.json...", file=sys.stderr)
        return 2
    status = 0
    for path in argv[1:]:
        errors, s = check(path)
        if errors:
            for e in errors:
                print(e)
            print("FAIL %s" % path)
            status = 1
        else:
            print("ok %s: %d events, %d slices (B/E), %d flows, %d counters, "
                  "%d tracks" % (path, s["events"], s["slices"], s["flows"],
                                 s["counters"], s["tracks"]))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
