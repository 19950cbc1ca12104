#!/usr/bin/env python3
"""ptx_lower_bench.py [--record] [--runs N] [--corpus] - the PTX front end against ptxas
on the kernels that run (tests/ptx/passing.txt), all three architectures.

Three measures, each in the same run:

1. compile time: `simt ptx F -o OUT.o` against `ptxas -O3 -arch=sm_XX F -o
   OUT.cubin`, one process per file for both; CPU seconds (user + sys of
   the children, so the load of a shared machine counts less than in wall
   time), median of N runs over the whole set;
2. code size: instructions of each kernel = size of its `.text.<kernel>`
   section / 16, read with `readelf -SW` from both objects (ptxas pads a
   kernel's text with a self-branch and NOPs to a multiple of 128 bytes;
   simt pads the same way, so both counts include their padding);
3. simulation rate: `simt run F --stats` with the file's own `//!` launch;
   thread instructions per CPU second of the run (the simulator's own
   count and clock), in total over the corpus;
4. simulation rate of scaled-up launches (a second measure, closer to the
   full-size runs GPGPU-Sim's figures come from): the vector add of
   bench/ptx/vector_add.cu (2^20 elements) and the corpus's shared-memory
   reduction (tests/ptx/reduce_smem_tree.sm_80.ptx without its `//!`
   lines, 1024 CTAs of 256 threads), each over 10 M thread instructions,
   their outputs checked against a reference computed here; run with
   `--threads 1` (one host thread, as GPGPU-Sim's functional mode runs;
   with two workers the run CPU seconds also count the second thread's
   cost, which on this 2-vCPU VM moves by +-30% from run to run).

--corpus runs measure 3 alone, with `--threads 1` and the default threads,
and lists the ten files that take the longest.
SIMT_BEFORE=path/to/an/older/simt adds that binary to measures 1, 3 and 4,
interleaved with SIMT run by run, for before/after ratios in one run.
ptxas and readelf must be on PATH; nothing of this runs in `make check`.
--record appends the tables to bench/RESULTS.md.
"""
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from datetime import datetime, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIMT = os.environ.get("SIMT", os.path.join(ROOT, "build", "simt"))
BEFORE = os.environ.get("SIMT_BEFORE")
GPGPU_SIM_VADD, GPGPU_SIM_RED = 4.6e6, 9.1e6  # thread instructions/s (issue 11)
ARCHS = ("75", "80", "90")


def kernels():
    names = []
    with open(os.path.join(ROOT, "tests", "ptx", "passing.txt")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                names.append(line)
    return names


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def cpu_of(cmds):
    t0 = child_cpu()
    for c in cmds:
        run(c)
    return child_cpu() - t0


def text_sizes(path):
    """{kernel: instructions} from the .text.<kernel> sections of an ELF."""
    out = subprocess.run(["readelf", "-SW", path], check=True, capture_output=True, text=True).stdout
    sizes = {}
    for line in out.splitlines():
        m = re.search(r"\.text\.(\S+)\s+PROGBITS\s+\S+\s+\S+\s+([0-9a-f]+)", line)
        if m:
            sizes[m.group(1)] = int(m.group(2), 16) // 16
    return sizes


STATS = r"thread instructions (\d+), run cpu seconds ([0-9.]+)"


def corpus_runs(simt, files, threads=None):
    """{file: (thread instructions, run CPU seconds)} of the files' own
    launches (`--stats` prints the run's CPU seconds to the microsecond)."""
    res = {}
    extra = ["--threads", str(threads)] if threads else []
    for n, a, f in files:
        out = subprocess.run([simt, "run", f, "--stats"] + extra, capture_output=True, text=True).stderr
        m = re.search(STATS, out)
        if m:
            res[f] = (int(m.group(1)), float(m.group(2)))
    return res


def corpus_rate(simt, files, threads=None):
    """(thread instructions, run CPU seconds) over the files' own launches."""
    res = corpus_runs(simt, files, threads)
    return sum(t for t, c in res.values()), sum(c for t, c in res.values())


def printed(text, name):
    """The values `--print name` wrote."""
    m = re.search(r"^%s = \{([^}]*)\}" % re.escape(name), text, re.M)
    return [int(float(x)) for x in m.group(1).split(",")] if m else None


VADD_N = 1 << 20
RED_GRID = 1024


def scaled_runs(simt, tmp):
    """[(name, thread instructions, run CPU s, outputs checked)] of the
    scaled-up vector add and reduction."""
    res = []
    n = VADD_N
    p = subprocess.run([simt, "run", os.path.join(ROOT, "bench", "ptx", "vector_add.sm_80.ptx"),
                        "--grid", str(n // 256), "--block", "256",
                        "--buffer", "a=f32[%d]:iota" % n, "--buffer", "b=f32[%d]:iota" % n,
                        "--buffer", "c=f32[%d]:zero" % n, "--param", "a", "--param", "b",
                        "--param", "c", "--param", "u32:%d" % n, "--print", "c", "--stats",
                        "--threads", "1"],
                       capture_output=True, text=True)
    m = re.search(STATS, p.stderr)
    ok = printed(p.stdout, "c") == [2 * i for i in range(n)]
    res.append(("vector add, 2^20 elements (bench/ptx/vector_add.sm_80.ptx)",
                int(m.group(1)) if m else 0, float(m.group(2)) if m else 0.0, ok))
    # the corpus reduction without its own launch directives
    src = os.path.join(ROOT, "tests", "ptx", "reduce_smem_tree.sm_80.ptx")
    bare = os.path.join(tmp, "reduce_smem_tree.sm_80.ptx")
    with open(src) as f, open(bare, "w") as o:
        o.writelines(l for l in f if not l.startswith("//!"))
    g = RED_GRID
    p = subprocess.run([simt, "run", bare, "--grid", str(g), "--block", "256",
                        "--buffer", "in=u32[%d]:iota" % (g * 256), "--buffer", "out=u32[%d]:zero" % g,
                        "--param", "in", "--param", "out", "--print", "out", "--stats",
                        "--threads", "1"],
                       capture_output=True, text=True)
    m = re.search(STATS, p.stderr)
    want = [sum((x * x + 1) & 0xffffffff for x in range(b * 256, b * 256 + 256)) & 0xffffffff
            for b in range(g)]
    ok = printed(p.stdout, "out") == want
    res.append(("shared-memory reduction, 1024 CTAs x 256 (tests/ptx/reduce_smem_tree.sm_80.ptx)",
                int(m.group(1)) if m else 0, float(m.group(2)) if m else 0.0, ok))
    return res


def corpus_main(files, runs, record):
    """--corpus: measure 3 alone, with `--threads 1` and the default
    threads, SIMT and SIMT_BEFORE alternating file set by file set; the
    aggregate of each run, the median over runs, and the ten files that
    take the most run CPU seconds (median per file, `--threads 1`)."""
    sims = [SIMT] + ([BEFORE] if BEFORE else [])
    modes = [1, None]
    got = {(b, t): [] for b in sims for t in modes}
    for _ in range(runs):
        for t in modes:
            for b in sims:
                got[(b, t)].append(corpus_runs(b, files, t))

    def agg(b, t):  # median run by rate: (thr, cpu, rate)
        rows = sorted((sum(x[0] for x in r.values()), sum(x[1] for x in r.values())) for r in got[(b, t)])
        rows = sorted(((a, c, a / c if c else 0.0) for a, c in rows), key=lambda x: x[2])
        return rows[len(rows) // 2]

    def per_file(b, t):
        fs = got[(b, t)][0].keys()
        return {f: (got[(b, t)][0][f][0], statistics.median(r[f][1] for r in got[(b, t)] if f in r)) for f in fs}

    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    load = os.getloadavg()
    lines = [
        "",
        "### PTX corpus rate (%s, %d CPUs, load average %.2f %.2f %.2f at the end)" % (
            now, os.cpu_count(), *load),
        "",
        "Command: `%sSIMT=%s python3 bench/ptx_lower_bench.py --corpus --runs %d` (%d files of"
        " tests/ptx_files.sh, each `simt run F --stats` with its own `//!` launch; the sum of"
        " thread instructions over the sum of run CPU seconds; the median of %d runs, the"
        " binaries alternating)." % ("SIMT_BEFORE=%s " % BEFORE if BEFORE else "",
                                     os.path.relpath(SIMT, ROOT), runs, len(files), runs),
        "",
        "| binary | threads | thread instructions | run CPU s | thread instructions/s |"
        " x 4.6 M/s (vector add) | x 9.1 M/s (reduction) |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for b in sims:
        for t in modes:
            a, c, r = agg(b, t)
            lines.append("| %s | %s | %d | %.6f | %.3g | %.0fx | %.0fx |" % (
                "SIMT_BEFORE" if b == BEFORE and b != SIMT else "SIMT", t or "default", a, c, r,
                r / GPGPU_SIM_VADD, r / GPGPU_SIM_RED))
    pf = per_file(SIMT, 1)
    pb = per_file(BEFORE, 1) if BEFORE else {}
    top = sorted(pf, key=lambda f: -pf[f][1])[:10]
    lines += [
        "",
        "Top 10 files by run CPU seconds (`--threads 1`, median per file):",
        "",
        "| file | thread instructions | run CPU ms | thread instructions/s |%s" % (
            " before, ms | before/after |" if BEFORE else ""),
        "|---|---:|---:|---:|%s" % ("---:|---:|" if BEFORE else ""),
    ]
    for f in top:
        t, c = pf[f]
        extra = ""
        if BEFORE and f in pb:
            extra = " %.3f | %.2fx |" % (pb[f][1] * 1e3, pb[f][1] / c if c else 0.0)
        lines.append("| %s | %d | %.3f | %.3g |%s" % (os.path.relpath(f, ROOT), t, c * 1e3,
                                                       t / c if c else 0.0, extra))
    lines.append("")
    text = "\n".join(lines)
    print(text)
    if record:
        with open(os.path.join(ROOT, "bench", "RESULTS.md"), "a") as f:
            f.write(text)


def main():
    record = "--record" in sys.argv
    runs = 5
    if "--runs" in sys.argv:
        runs = int(sys.argv[sys.argv.index("--runs") + 1])
    names = kernels()
    # a kernel with a "// Targets:" line (sm_90 only) has fewer files
    files = [(n, a, os.path.join(ROOT, "tests", "ptx", "%s.sm_%s.ptx" % (n, a))) for n in names for a in ARCHS
             if os.path.exists(os.path.join(ROOT, "tests", "ptx", "%s.sm_%s.ptx" % (n, a)))]
    if "--corpus" in sys.argv:
        corpus_main(files, runs, record)
        return
    tmp = tempfile.mkdtemp(prefix="ptxbench")
    simt_cmds, ptxas_cmds = [], []
    for n, a, f in files:
        simt_cmds.append([SIMT, "ptx", f, "-o", os.path.join(tmp, "%s.%s.o" % (n, a))])
        ptxas_cmds.append(["ptxas", "-O3", "-arch=sm_" + a, f, "-o", os.path.join(tmp, "%s.%s.cubin" % (n, a))])

    before_cmds = [[BEFORE] + c[1:-1] + [c[-1] + ".before"] for c in simt_cmds] if BEFORE else []

    # 1. compile time, interleaved so both (all three) see the same machine;
    # each run pinned to one CPU (CPU 0, 1, 0, ...), the children with it:
    # this VM's two vCPUs are at times 1.7x apart in speed (bench/
    # threads_bench.sh, "Unequal CPUs"), so simt and ptxas of one run share
    # a CPU, and the ratio is the median of the runs' own ratios
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    st, pt, bt = [], [], []
    for r in range(runs):
        if len(cpus) > 1:
            os.sched_setaffinity(0, {cpus[r % len(cpus)]})
        st.append(cpu_of(simt_cmds))
        pt.append(cpu_of(ptxas_cmds))
        if BEFORE:
            bt.append(cpu_of(before_cmds))
    if len(cpus) > 1:
        os.sched_setaffinity(0, set(cpus))
    ratio = statistics.median(p / s for s, p in zip(st, pt) if s)
    ms, mp = statistics.median(st), statistics.median(pt)
    mb = statistics.median(bt) if bt else 0.0
    same = all(open(c[-1], "rb").read() == open(b[-1], "rb").read()
               for c, b in zip(simt_cmds, before_cmds))

    # 2. code size
    rows = []
    tot_s = tot_p = 0
    worst = 0.0
    for n, a, f in files:
        s = text_sizes(os.path.join(tmp, "%s.%s.o" % (n, a)))
        p = text_sizes(os.path.join(tmp, "%s.%s.cubin" % (n, a)))
        for k in sorted(s):
            if k not in p:
                continue
            tot_s += s[k]
            tot_p += p[k]
            r = s[k] / p[k]
            worst = max(worst, r)
            rows.append((n, a, k, s[k], p[k], r))

    # 3. simulation rate over the corpus, 4. scaled-up launches: the rate of
    # the run with the median CPU time of N (interleaved with SIMT_BEFORE)
    sims = [SIMT] + ([BEFORE] if BEFORE else [])
    corpus = {b: [] for b in sims}
    scaled = {b: [] for b in sims}
    for _ in range(runs):
        for b in sims:
            corpus[b].append(corpus_rate(b, files))
            scaled[b].append(scaled_runs(b, tmp))

    def med(rows):  # by CPU seconds: (thr, cpu) or (name, thr, cpu, ok)
        return sorted(rows, key=lambda r: r[-1] if len(r) == 2 else r[2])[len(rows) // 2]

    thr, cpu = med(corpus[SIMT])
    rate = thr / cpu if cpu else 0.0
    scaled_med = [med([r[k] for r in scaled[SIMT]]) for k in range(2)]
    scaled_ok = all(x[3] for r in scaled[SIMT] for x in r)

    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    over = [r for r in rows if r[5] > 1.5]
    lines = [
        "",
        "## PTX front end: lowering against ptxas -O3 (%s, %d CPUs)" % (now, os.cpu_count()),
        "",
        "Command: `python3 bench/ptx_lower_bench.py --record` (%d kernels of"
        " tests/ptx/passing.txt x sm_75/80/90 = %d files; CPU seconds of the"
        " child processes, median of %d runs, each run pinned to one CPU in turn;"
        " the compile ratio: the median of the runs' own ratios)." % (len(names), len(files), runs),
        "",
        "| measure | simt ptx | ptxas -O3 | ratio |",
        "|---|---:|---:|---:|",
        "| compile, CPU s for all files | %.3f | %.3f | %.1fx faster |" % (ms, mp, ratio),
    ] + ([
        "| compile, CPU s, SIMT_BEFORE (%s) | %.3f | | %.2fx of before; objects %s |" % (
            BEFORE, mb, ms / mb if mb else 0, "identical" if same else "DIFFER"),
    ] if BEFORE else []) + [
        "| instructions (.text / 16), total | %d | %d | %.2fx of ptxas |" % (tot_s, tot_p, tot_s / tot_p if tot_p else 0),
        "| worst kernel, instructions vs ptxas | | | %.2fx |" % worst,
        "",
        "Simulation of the same files with their own launches (`simt run F --stats`):"
        " %d thread instructions in %.3f CPU s of simulation = **%.3g thread"
        " instructions/s**, %.0fx GPGPU-Sim's functional mode as the issue measured"
        " it on this machine kind (4.6 M/s vector add, 9.1 M/s reduction; GPGPU-Sim"
        " is not packaged for Debian, so it is not rerun here)." % (thr, cpu, rate, rate / 9.1e6),
        "",
    ] + ([
        "Same with SIMT_BEFORE: %.3g thread instructions/s." % (
            (lambda t, c: t / c if c else 0)(*med(corpus[BEFORE]))),
        "",
    ] if BEFORE else []) + [
        "Second measure, scaled-up launches (`simt run` with --grid/--buffer/--param on the"
        " command line, `--threads 1`; run CPU seconds of the median run of %d; outputs %s):" % (
            runs, "checked against the reference, all equal" if scaled_ok else "WRONG in some run"),
        "",
        "| launch | thread instructions | run CPU s | thread instructions/s | x GPGPU-Sim |%s" % (
            " before, instructions/s |" if BEFORE else ""),
        "|---|---:|---:|---:|---:|%s" % ("---:|" if BEFORE else ""),
    ] + [
        "| %s | %d | %.4f | %.3g | %.0fx of %.1f M/s |%s" % (
            r[0], r[1], r[2], r[1] / r[2] if r[2] else 0,
            (r[1] / r[2] if r[2] else 0) / (GPGPU_SIM_VADD if k == 0 else GPGPU_SIM_RED),
            (GPGPU_SIM_VADD if k == 0 else GPGPU_SIM_RED) / 1e6,
            (" %.3g |" % (lambda x: x[1] / x[2] if x[2] else 0)(med([q[k] for q in scaled[BEFORE]])))
            if BEFORE else "")
        for k, r in enumerate(scaled_med)
    ] + [
        "",
        "Kernels above 1.5x of ptxas's instruction count: %s." % (
            ", ".join("%s sm_%s %.2fx (%d vs %d)" % (r[0], r[1], r[5], r[3], r[4]) for r in over) or "none"),
        "",
        "<details><summary>per kernel</summary>",
        "",
        "| kernel | arch | simt | ptxas | ratio |",
        "|---|---|---:|---:|---:|",
    ]
    for n, a, k, s, p, r in rows:
        lines.append("| %s | sm_%s | %d | %d | %.2f |" % (k, a, s, p, r))
    lines += ["", "</details>", ""]
    text = "\n".join(lines)
    print(text)
    if record:
        with open(os.path.join(ROOT, "bench", "RESULTS.md"), "a") as f:
            f.write(text)


if __name__ == "__main__":
    main()
