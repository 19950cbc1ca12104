#!/usr/bin/env python3
"""CPU reference for the cluster test programs (tests/sim/cluster_*.s).

Computes, from the programs' specifications (written again here in plain
Python, not from the simulator), the `.expect` line of each program, and
with --check compares them with the lines checked into the test files.

    python3 tests/sim/ref/cluster_ref.py          # print the lines
    python3 tests/sim/ref/cluster_ref.py --check  # exit 1 on a mismatch
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SIM = os.path.dirname(HERE)
M32 = 0xffffffff


def lin_ids(grid):
    for z in range(grid[2]):
        for y in range(grid[1]):
            for x in range(grid[0]):
                yield (x, y, z)


def sregs(grid, cluster, explicit):
    """cluster_sregs*.s: out[lin*16 + k] = the 15 cluster registers."""
    out = [0] * (grid[0] * grid[1] * grid[2] * 16)
    n = cluster[0] * cluster[1] * cluster[2]
    for lin, cid in enumerate(lin_ids(grid)):
        cc = [cid[k] % cluster[k] for k in range(3)]
        vals = [cid[k] // cluster[k] for k in range(3)]
        vals += [grid[k] // cluster[k] for k in range(3)]
        vals += cc
        vals += list(cluster)
        vals += [cc[0] + cluster[0] * (cc[1] + cluster[1] * cc[2]), n,
                 1 if explicit else 0]
        out[lin * 16:lin * 16 + 15] = vals
    return out


def dsmem(nctas=8, csize=4, block=32):
    """cluster_dsmem.s: CTA r of a cluster of 4 stores r*100+t at its
    shared[4t]; after a cluster barrier each thread reads its right
    neighbour's (rank (r+1)%4) word through MAPA + LDS (out), keeps the
    MAPA result (map), adds r+1 to rank 0's word at 0x80 with ATOMS (cnt
    of rank 0: the sum over the cluster), and stores r with a generic ST
    at 0x100+4t of rank (r+3)%4, then reads its own 0x100+4t (back)."""
    out, mp, back, cnt = [], [], [], []
    for cta in range(nctas):
        r = cta % csize
        nb = (r + 1) % csize
        for t in range(block):
            out.append(nb * 100 + t)
            mp.append((nb + 1) << 24 | 4 * t)
            back.append((r + 1) % csize)
        cnt.append(block * sum(range(1, csize + 1)) if r == 0 else 0)
    return out, mp, back, cnt


def hist_value(g):
    return ((g * 2654435761) & M32) >> 26  # 64 bins


def histogram(nctas=8, block=64, csize=4, nbins=64):
    """cluster_dsmem_histogram.s: per cluster, a 64-bin histogram of
    hist_value(g) over the cluster's threads; CTA rank r owns bins
    16r..16r+15 and writes them to out[cluster*64 + bin]."""
    out = [0] * (nctas // csize * nbins)
    for cta in range(nctas):
        for t in range(block):
            g = cta * block + t
            out[cta // csize * nbins + hist_value(g)] += 1
    return out


def reduce_value(g):
    return (g * g * 7 + 3) & 0xfff


def reduction(nctas=8, block=64, csize=4):
    """cluster_reduce.s: out[cta] = the sum of reduce_value(g) over every
    thread of the CTA's cluster."""
    sums = {}
    for cta in range(nctas):
        for t in range(block):
            g = cta * block + t
            sums[cta // csize] = sums.get(cta // csize, 0) + reduce_value(g)
    return [sums[cta // csize] & M32 for cta in range(nctas)]


def pipeline(nclusters=2, ntiles=4, tile=64, csize=4):
    """cluster_multicast_pipeline.s: src[i] = i (u32, ntiles*tile words);
    rank 0's producer multicasts tile k to every CTA of its cluster; the 64
    consumers of CTA r add (r+1) * word into out[cluster*16 + r*4 + k], so
    out[...] = (r+1) * sum(tile k)."""
    src = list(range(ntiles * tile))
    out = []
    for _ in range(nclusters):
        for r in range(csize):
            for k in range(ntiles):
                out.append(((r + 1) * sum(src[k * tile:(k + 1) * tile])) & M32)
    return out


def multicast(csize=4, mask=0xb, words=64):
    """cluster_multicast.s: rank 0 multicasts src[0..63] (= i) to the ranks
    of mask; CTA r of the mask writes out[r*64 + j] = src[j] + 1000*r, the
    others leave their part 0."""
    out = []
    for r in range(csize):
        out += [(j + 1000 * r) if mask >> r & 1 else 0 for j in range(words)]
    return out


def ptx_reduce(nctas=8, csize=4, block=32):
    """tests/ptx/cluster/cluster_reduce.sm_90.ptx: CTA rank r stores
    (r+1)*10 + t; thread t sums word t over the ranks of its cluster."""
    return [sum((r + 1) * 10 + t for r in range(csize))
            for cta in range(nctas) for t in range(block)]


def fmt(name, vals):
    return ".expect %s = {%s}" % (name, ", ".join(str(v) for v in vals))


CASES = [
    ("cluster_dsmem.s", "out", lambda: dsmem()[0]),
    ("cluster_dsmem.s", "map", lambda: dsmem()[1]),
    ("cluster_dsmem.s", "back", lambda: dsmem()[2]),
    ("cluster_dsmem.s", "cnt", lambda: dsmem()[3]),
    ("cluster_sregs.s", "out", lambda: sregs((4, 2, 1), (2, 2, 1), True)),
    ("cluster_sregs_default.s", "out", lambda: sregs((3, 1, 1), (1, 1, 1), False)),
    ("cluster_dsmem_histogram.s", "out", histogram),
    ("cluster_reduce.s", "out", reduction),
    ("cluster_multicast_pipeline.s", "out", pipeline),
    ("cluster_multicast.s", "out", multicast),
    ("../ptx/cluster/cluster_reduce.sm_90.ptx", "out", ptx_reduce),
]


def main():
    check = "--check" in sys.argv[1:]
    bad = 0
    for fname, buf, fn in CASES:
        line = fmt(buf, fn())
        path = os.path.join(SIM, fname)
        if not check:
            print("%s: %s" % (fname, line))
            continue
        if not os.path.exists(path):
            print("missing %s" % fname)
            bad += 1
            continue
        with open(path) as f:
            lines = [l.strip()[4:] if l.strip().startswith("//! ") else l.strip()
                     for l in f]
            lines = [l for l in lines if l.startswith(".expect %s " % buf)]
        if line in lines:
            print("ok %s" % fname)
        else:
            print("MISMATCH %s: reference says\n  %s" % (fname, line))
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
