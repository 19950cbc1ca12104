#!/usr/bin/env python3
"""random_programs.py [N] [SEED] - generate N random divergent kernels (default
1000), assemble and run each on libsimt, and check every output against a
Python model of the same program.

Each program: every thread starts with x = tid, then runs a random sequence
of blocks; a block either applies one ALU operation to x (add, xor, shift,
multiply by a constant) or is an if/else on a random bit of x, reconverged
with BSSY/BSYNC, whose two sides apply different operations.  Finally the
thread stores x to out[tid].  The grid (1-2 CTAs of 32-128 threads) and the
scheduling policy are random too; the output never depends on the schedule,
so any difference is a simulator (or binding) bug.
"""
import os
import random
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import simt  # noqa: E402

M32 = 0xFFFFFFFF


def rand_op(rng):
    k = rng.randrange(4)
    c = rng.randrange(1, 0x100)
    if k == 0:
        return f"IADD3 R1, R1, {c:#x}, RZ ;", lambda x: (x + c) & M32
    if k == 1:
        return f"LOP3.LUT R1, R1, {c:#x}, RZ, 0x3c, !PT ;", lambda x: x ^ c
    if k == 2:
        s = c & 7
        return f"SHF.L.U32 R1, R1, {s:#x}, RZ ;", lambda x: (x << s) & M32
    return f"IMAD R1, R1, {c:#x}, RZ ;", lambda x: (x * c) & M32


def program(rng):
    lines = ["k:", "  S2R R0, SR_TID.X ;", "  S2R R4, SR_CTAID.X ;",
             "  S2R R5, SR_NTID.X ;", "  IMAD R6, R4, R5, R0 ;",
             "  MOV R1, R6 ;"]
    model = []
    for b in range(rng.randrange(1, 8)):
        if rng.random() < 0.5:
            text, f = rand_op(rng)
            lines.append("  " + text)
            model.append(("op", f))
            continue
        bit = rng.randrange(6)
        then = [rand_op(rng) for _ in range(rng.randrange(1, 3))]
        other = [rand_op(rng) for _ in range(rng.randrange(0, 3))]
        lines += [f"  LOP3.LUT P0, RZ, R1, {1 << bit:#x}, RZ, 0xc0, !PT ;",
                  f"  BSSY B0, `(.L_j{b}) ;",
                  f"@P0 BRA `(.L_t{b}) ;"]
        lines += ["  " + t for t, _ in other]
        lines += [f"  BRA `(.L_s{b}) ;", f".L_t{b}:"]
        lines += ["  " + t for t, _ in then]
        lines += [f".L_s{b}:", "  BSYNC B0 ;", f".L_j{b}:"]
        model.append(("if", bit, [f for _, f in then], [f for _, f in other]))
    lines += ["  LDC.64 R2, c[0x0][0x100] ;",
              "  IMAD.WIDE.U32 R2, R6, 0x4, R2 ;",
              "  STG.E [R2.64], R1 ;", "  EXIT ;"]
    return "\n".join(lines) + "\n", model


def expect(model, x):
    for step in model:
        if step[0] == "op":
            x = step[1](x)
        else:
            for f in (step[2] if (x >> step[1]) & 1 else step[3]):
                x = f(x)
    return x


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    isa = simt.Isa()
    thread_insts = 0
    for i in range(n):
        text, model = program(rng)
        grid, block = rng.randrange(1, 3), rng.choice((32, 64, 96, 128))
        policy = rng.choice(("rr", "greedy", f"random:{rng.randrange(1000)}"))
        sim = simt.Sim(isa, isa.assemble(text, f"random{i}.s"))
        out = sim.alloc(4 * grid * block)
        sim.params(simt.pack_params(out))
        thread_insts += sim.run(grid=grid, block=block, policy=policy).thread_insts
        got = struct.unpack(f"<{grid * block}I", sim.read(out, 4 * grid * block))
        want = tuple(expect(model, t) for t in range(grid * block))
        if got != want:
            bad = next(t for t in range(len(got)) if got[t] != want[t])
            print(f"program {i} ({policy}): out[{bad}] = {got[bad]:#x}, "
                  f"expected {want[bad]:#x}\n{text}")
            return 1
    print(f"{n} random programs ran and matched the model "
          f"({thread_insts} thread-instructions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
