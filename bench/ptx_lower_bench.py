#!/usr/bin/env python3
"""ptx_lower_bench.py [--record] [--runs N] - the PTX front end against ptxas
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
   count and clock), in total over the corpus.

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


def main():
    record = "--record" in sys.argv
    runs = 5
    if "--runs" in sys.argv:
        runs = int(sys.argv[sys.argv.index("--runs") + 1])
    names = kernels()
    # a kernel with a "// Targets:" line (sm_90 only) has fewer files
    files = [(n, a, os.path.join(ROOT, "tests", "ptx", "%s.sm_%s.ptx" % (n, a))) for n in names for a in ARCHS
             if os.path.exists(os.path.join(ROOT, "tests", "ptx", "%s.sm_%s.ptx" % (n, a)))]
    tmp = tempfile.mkdtemp(prefix="ptxbench")
    simt_cmds, ptxas_cmds = [], []
    for n, a, f in files:
        simt_cmds.append([SIMT, "ptx", f, "-o", os.path.join(tmp, "%s.%s.o" % (n, a))])
        ptxas_cmds.append(["ptxas", "-O3", "-arch=sm_" + a, f, "-o", os.path.join(tmp, "%s.%s.cubin" % (n, a))])

    # 1. compile time, interleaved so both see the same machine
    st, pt = [], []
    for _ in range(runs):
        st.append(cpu_of(simt_cmds))
        pt.append(cpu_of(ptxas_cmds))
    ms, mp = statistics.median(st), statistics.median(pt)

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

    # 3. simulation rate
    thr = cpu = 0.0
    for n, a, f in files:
        out = subprocess.run([SIMT, "run", f, "--stats"], capture_output=True, text=True).stderr
        out += subprocess.run([SIMT, "run", f, "--stats"], capture_output=True, text=True).stdout
        m = re.search(r"thread instructions (\d+), run cpu seconds ([0-9.]+)", out)
        if m:
            thr += int(m.group(1))
            cpu += float(m.group(2))
    rate = thr / cpu if cpu else 0.0

    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    over = [r for r in rows if r[5] > 1.5]
    lines = [
        "",
        "## PTX front end: lowering against ptxas -O3 (%s, %d CPUs)" % (now, os.cpu_count()),
        "",
        "Command: `python3 bench/ptx_lower_bench.py --record` (%d kernels of"
        " tests/ptx/passing.txt x sm_75/80/90 = %d files; CPU seconds of the"
        " child processes, median of %d runs)." % (len(names), len(files), runs),
        "",
        "| measure | simt ptx | ptxas -O3 | ratio |",
        "|---|---:|---:|---:|",
        "| compile, CPU s for all files | %.3f | %.3f | %.1fx faster |" % (ms, mp, mp / ms if ms else 0),
        "| instructions (.text / 16), total | %d | %d | %.2fx of ptxas |" % (tot_s, tot_p, tot_s / tot_p if tot_p else 0),
        "| worst kernel, instructions vs ptxas | | | %.2fx |" % worst,
        "",
        "Simulation of the same files with their own launches (`simt run F --stats`):"
        " %d thread instructions in %.3f CPU s of simulation = **%.3g thread"
        " instructions/s**, %.0fx GPGPU-Sim's functional mode as the issue measured"
        " it on this machine kind (4.6 M/s vector add, 9.1 M/s reduction; GPGPU-Sim"
        " is not packaged for Debian, so it is not rerun here)." % (thr, cpu, rate, rate / 9.1e6),
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
