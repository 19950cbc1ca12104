#!/usr/bin/env python3
"""gen.py - writes the litmus tests of tests/litmus/ (run: python3 gen.py).

Each test is a simulator test file under --memory=relaxed: every thread is
lane 0 of its own warp; x is m[0], y is m[1]; loaded values go to out[].
Variants: the fence slot between each thread's two accesses holds nothing,
FENCE.SC.CTA (fence.cta), MEMBAR.GPU (fence.sc.gpu / membar.gl) or
FENCE.ACQ_REL.GPU (what the PTX front end emits for st.release and
ld.acquire: the release fence before the store, the acquire fence after the
load); the threads run in one CTA or alternate between two CTAs (thread k
in CTA k % 2).  LB also comes with a dependency instead of a fence in both
threads: `data` (the stored value is computed from the loaded one: r & 0,
plus 1) and `ctrl` (the store is guarded by a predicate computed from the
loaded value, always true).

The allowed and forbidden outcomes come from the PTX memory model (PTX ISA,
"Memory Consistency Model"; Lustig et al., ASPLOS'19): a fence orders only
when its scope contains both threads (fence.cta across two CTAs does not);
MP, LB, WRC and CoRR need only release/acquire (acq_rel) ordering; SB, IRIW
and 2+2W need fence.sc.  CoRR's weak outcome is forbidden by coherence
whatever the fences, and so is CoRW's (a load never reads its own
thread's later store).  LB's weak outcome is allowed without a fence (the
store may be performed before the load: docs/memory-model.md, load
buffering) and forbidden by a fence holding both threads or by a dependency
in each (PTX's No-Thin-Air axiom: rf with the syntactic dependencies is
acyclic).  tests/litmus.sh checks that explore never reaches a forbidden
outcome, reaches every allowed one and nothing outside the lists.
"""
import itertools
import os

FENCES = {
    "nofence": None,
    "fence_cta": "FENCE.SC.CTA",
    "membar_gpu": "MEMBAR.GPU",
    "relacq": "FENCE.ACQ_REL.GPU",
}

# op: ("st", loc, value) | ("ld", loc, out_index); "F" marks the fence slot.
TESTS = {
    "MP": {
        "threads": [[("st", 0, 1), "F", ("st", 1, 1)],
                    [("ld", 1, 0), "F", ("ld", 0, 1)]],
        "observe": "out", "nout": 2,
        "weak": [(1, 0)], "needs": "acqrel",
        "pairs": [(0, 1)],
        "text": "T0: x=1; F; y=1.  T1: r0=y; F; r1=x.",
    },
    "SB": {
        "threads": [[("st", 0, 1), "F", ("ld", 1, 0)],
                    [("st", 1, 1), "F", ("ld", 0, 1)]],
        "observe": "out", "nout": 2,
        "weak": [(0, 0)], "needs": "sc",
        "pairs": [(0, 1)],
        "text": "T0: x=1; F; r0=y.  T1: y=1; F; r1=x.",
    },
    "LB": {
        "threads": [[("ld", 0, 0), "F", ("st", 1, 1)],
                    [("ld", 1, 1), "F", ("st", 0, 1)]],
        "observe": "out", "nout": 2,
        "weak": [(1, 1)], "needs": "acqrel",
        "pairs": [(0, 1)], "deps": ["data", "ctrl"],
        "text": "T0: r0=x; F; y=1.  T1: r1=y; F; x=1.",
    },
    "IRIW": {
        "threads": [[("st", 0, 1)], [("st", 1, 1)],
                    [("ld", 0, 0), "F", ("ld", 1, 1)],
                    [("ld", 1, 2), "F", ("ld", 0, 3)]],
        "observe": "out", "nout": 4,
        "weak": [(1, 0, 1, 0)], "needs": "sc",
        "pairs": [(2, 3)],
        "text": "T0: x=1.  T1: y=1.  T2: r0=x; F; r1=y.  T3: r2=y; F; r3=x.",
    },
    "WRC": {
        "threads": [[("st", 0, 1)],
                    [("ld", 0, 0), "F", ("st", 1, 1)],
                    [("ld", 1, 1), "F", ("ld", 0, 2)]],
        "observe": "out", "nout": 3,
        "weak": [(1, 1, 0)], "needs": "acqrel",
        "pairs": [(1, 2)],
        "text": "T0: x=1.  T1: r0=x; F; y=1.  T2: r1=y; F; r2=x.",
    },
    "CoRR": {
        "threads": [[("st", 0, 1)],
                    [("ld", 0, 0), "F", ("ld", 0, 1)]],
        "observe": "out", "nout": 2,
        "weak": [(1, 0)], "needs": "never",
        "pairs": [(0, 1)],
        "text": "T0: x=1.  T1: r0=x; F; r1=x.",
    },
    "CoRW": {
        "threads": [[("ld", 0, 0), "F", ("st", 0, 1)],
                    [("st", 0, 2)]],
        "observe": "out", "nout": 1,
        "weak": [(1,)], "needs": "never",
        "pairs": [(0, 1)],
        "text": "T0: r0=x; F; x=1.  T1: x=2.",
        "values": [0, 1, 2],
    },
    "2+2W": {
        "threads": [[("st", 0, 1), "F", ("st", 1, 2)],
                    [("st", 1, 1), "F", ("st", 0, 2)]],
        "observe": "m", "nout": 0,
        "weak": [(1, 1)], "needs": "sc",
        "pairs": [(0, 1)],
        "text": "T0: x=1; F; y=2.  T1: y=1; F; x=2.  Outcome: final (x, y).",
        "values": [1, 2],
    },
}


# Dependencies in place of the fence (LB only): the instructions between
# the load (into R20) and the store, and how the store changes.
DEPS = {
    "data": ["LOP3.LUT R7, R20, RZ, RZ, 0xc0, !PT ;  // r & 0",
             "IADD3 R7, R7, 0x1, RZ ;             // stores 1, depends on r"],
    "ctrl": ["ISETP.GE.U32.AND P2, PT, R20, RZ, PT ;  // always true, depends on r"],
}


def effective(fence, needs, threads, pairs, nctas):
    """Does the fence forbid the weak outcome for these thread pairs?"""
    if needs == "never" or fence in DEPS:
        return True
    if fence is None:
        return False
    if fence == "FENCE.ACQ_REL.GPU" and needs == "sc":
        return False
    same_cta = all(nctas == 1 or a % 2 == b % 2 for a, b in pairs)
    if fence == "FENCE.SC.CTA":
        return same_cta
    return True


def outcomes(t):
    n = len(t["weak"][0])
    vals = t.get("values", [0, 1])
    return list(itertools.product(vals, repeat=n))


def fmt(o):
    return "{" + ", ".join(str(v) for v in o) + "}"


def code(t, fence, nctas):
    th = t["threads"]
    lines = [
        "main:",
        "        S2R R0, SR_TID.X ;",
        "        S2R R1, SR_CTAID.X ;",
        "        S2R R2, SR_LANEID ;",
        "        ISETP.NE.U32.AND P0, PT, R2, RZ, PT ;",
        "   @P0  EXIT ;",
        "        SHF.R.U32.HI R3, RZ, 0x5, R0 ;",
    ]
    if nctas == 2:
        lines.append("        IMAD R4, R3, 0x2, R1 ;         // thread = warp * 2 + CTA")
    else:
        lines.append("        MOV R4, R3 ;                   // thread = warp")
    lines += [
        "        LDC.64 R12, c[0x0][0x100] ;    // m: x = m[0], y = m[1]",
        "        LDC.64 R14, c[0x0][0x108] ;    // out",
        "        MOV R5, 0x1 ;",
        "        MOV R6, 0x2 ;",
    ]
    if fence in DEPS:  # the values the dependency recomputes, there already
        lines += ["        MOV R7, 0x1 ;                  // what the store would write early",
                  "        ISETP.EQ.U32.AND P2, PT, RZ, RZ, PT ;  // and its guard, true early"]
    for k in range(len(th)):
        lines.append("        ISETP.EQ.U32.AND P1, PT, R4, 0x%x, PT ;" % k)
        lines.append("   @P1  BRA `(.T%d) ;" % k)
    lines.append("        EXIT ;")
    for k, ops in enumerate(th):
        lines.append(".T%d:" % k)
        loads = []
        dep = None
        for op in ops:
            if op == "F":
                if fence in DEPS:
                    dep = fence
                    lines += ["        " + x for x in DEPS[fence]]
                elif fence:
                    lines.append("        %s ;" % fence)
                continue
            if op[0] == "st":
                reg = "R5" if op[2] == 1 else "R6"
                if dep == "data":
                    reg = "R7"
                guard = "   @P2  " if dep == "ctrl" else "        "
                lines.append(guard + "STG.E [R12.64+0x%x], %s ;" % (4 * op[1], reg))
            else:
                r = 20 + len(loads)
                loads.append((r, op[2]))
                lines.append("        LDG.E R%d, [R12.64+0x%x] ;" % (r, 4 * op[1]))
        for r, idx in loads:
            lines.append("        STG.E [R14.64+0x%x], R%d ;" % (4 * idx, r))
        lines.append("        EXIT ;")
    return lines


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for old in os.listdir(here):
        if old.endswith(".s"):
            os.remove(os.path.join(here, old))
    count = 0
    for name, t in TESTS.items():
        nthreads = len(t["threads"])
        variants = list(FENCES.items()) + [(d, d) for d in t.get("deps", [])]
        for vname, fence in variants:
            for nctas in (1, 2):
                eff = effective(fence, t["needs"], t["threads"], t["pairs"], nctas)
                allowed, forbidden = [], []
                for o in outcomes(t):
                    (forbidden if o in t["weak"] and eff else allowed).append(o)
                fname = "%s_%s_%dcta.s" % (name.replace("+", "p"), vname, nctas)
                block = 32 * (nthreads if nctas == 1 else (nthreads + 1) // 2)
                obs = t["observe"]
                out = []
                what = ("a %s dependency" % fence if fence in DEPS
                        else fence or "no fence")
                out.append("// %s, %s, threads in %s (generated by tests/litmus/gen.py)"
                           % (name, what,
                              "one CTA" if nctas == 1 else "two CTAs (thread k in CTA k%2)"))
                out.append("// " + t["text"] + "  x = m[0], y = m[1]; F: "
                           + (what if fence in DEPS else fence or "nothing"))
                out.append("// observe: %s" % obs)
                for o in allowed:
                    out.append("// allowed: %s=%s" % (obs, fmt(o)))
                for o in forbidden:
                    out.append("// forbidden: %s=%s" % (obs, fmt(o)))
                out.append(".launch grid=%d block=%d memory=relaxed" % (nctas, block))
                out.append(".buffer m u32[2] = zero")
                out.append(".buffer out u32[%d] = zero" % max(t["nout"], 1))
                out.append(".param m")
                out.append(".param out")
                out += code(t, fence, nctas)
                with open(os.path.join(here, fname), "w") as f:
                    f.write("\n".join(out) + "\n")
                count += 1
    print("gen.py: %d litmus tests" % count)


if __name__ == "__main__":
    main()
