"""Stepping, inspection and retired-instruction iteration through the
ctypes binding (python3 -m unittest discover python/tests)."""
import os
import struct
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import simt  # noqa: E402
from test_simt import DIVERGE, DEADLOCK  # noqa: E402

BARRIER = """
k:
  S2R R0, SR_TID.X ;
  IMAD.SHL.U32 R4, R0, 0x4, RZ ;
  STS [R4], R0 ;
  BAR.SYNC 0x0 ;
  EXIT ;
"""


class Stepping(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.isa = simt.Isa()

    def sim(self, text):
        s = simt.Sim(self.isa, self.isa.assemble(text, "t.s"))
        out = s.alloc(4 * 64)
        s.params(simt.pack_params(out))
        return s, out

    def test_instructions_give_the_pc_mask_sequence(self):
        s, out = self.sim(DIVERGE)
        recs = list(s.instructions(grid=1, block=32))
        self.assertEqual([r.pc for r in recs],
                         [0x00, 0x10, 0x20, 0x30, 0x40, 0x50, 0x70, 0x60,
                          0x70, 0x80, 0x90, 0xa0, 0xb0])
        self.assertEqual(recs[3].exec, 0xaaaaaaaa)       # @P0 BRA: odd lanes
        self.assertEqual(recs[4].active, 0x55555555)     # even lanes first
        self.assertEqual(recs[7].active, 0xaaaaaaaa)     # then the odd ones
        self.assertEqual(recs[9].active, 0xffffffff)     # reconverged
        self.assertEqual([r.step for r in recs], list(range(13)))
        # S2R R0 writes each lane's id
        w = recs[0].writes[0]
        self.assertEqual((w.regfile, w.index), ("R", 0))
        self.assertEqual(w.values, {l: l for l in range(32)})
        # STG: one store of R1 per lane at out + 4 * tid
        (a,) = recs[11].accesses
        self.assertTrue(a.store)
        self.assertEqual(a.space, "global")
        self.assertEqual(a.addr[5], out + 20)
        self.assertEqual(struct.unpack("<I", a.data[5])[0], 10)
        self.assertNotEqual(recs[0].word, 0)
        self.assertEqual(s.status(), "done")
        self.assertEqual(s.read(out, 8), struct.pack("<II", 256, 2))

    def test_stepping_matches_run(self):
        s1, o1 = self.sim(DIVERGE)
        t1 = []
        st1 = s1.run(grid=1, block=64, trace=t1.append)
        s2, o2 = self.sim(DIVERGE)
        t2 = []
        s2.start(grid=1, block=64, trace=t2.append)
        n = 0
        while s2.step() == "steps":
            n += 1
        self.assertEqual(t1, t2)
        self.assertEqual(n, st1.steps)
        self.assertEqual(s2.stats().cycles, st1.cycles)
        self.assertEqual(s1.read(o1, 256), s2.read(o2, 256))

    def test_breakpoint_and_warp_state(self):
        s, _ = self.sim(DIVERGE)
        s.start(grid=1, block=32)
        self.assertEqual(s.run_until(pcs=[0x70]), "breakpoint")
        w = s.warp(0)
        self.assertEqual(w.pc, 0x70)
        self.assertEqual(w.status, "ready")
        self.assertEqual(w.active, 0x55555555)
        self.assertEqual(w.breg[0], 0xffffffff)
        self.assertEqual(s.reg("PC", 0, tid=(1, 0, 0)), 0x60)  # parked
        self.assertEqual(s.reg("R", 1, tid=(2, 0, 0)), 0x102)
        self.assertEqual(s.run_until(), "done")
        self.assertEqual(s.warp(0).exited, 0xffffffff)

    def test_sync_pause_and_barrier_state(self):
        s, _ = self.sim(BARRIER)
        s.start(grid=1, block=64, shared=256)
        self.assertEqual(s.run_until(sync=True), "sync")
        b = s.barrier(0)
        self.assertEqual((b.arrived, b.kind), (32, 1))
        self.assertEqual(bin(b.waiting_warps).count("1"), 1)
        first = b.waiting_warps.bit_length() - 1
        self.assertEqual(s.warp(first).status, "bar")
        self.assertEqual(s.warp(first).bar_id, 0)
        tid = 32 * first + 3
        self.assertEqual(s.read_shared(4 * tid, 4), struct.pack("<I", tid))
        self.assertEqual(s.run_until(sync=True), "sync")
        self.assertEqual(s.barrier(0).arrived, 0)  # released
        self.assertEqual(s.run_until(), "done")

    def test_step_cycles(self):
        s, _ = self.sim(DIVERGE)
        s.start(grid=1, block=32)
        self.assertEqual(s.step_cycles(5), "cycles")
        self.assertGreaterEqual(s.cycle(), 5)
        self.assertEqual(s.run_until(), "done")

    def test_deadlock_ends_the_iteration_with_runtime_stop(self):
        s, _ = self.sim(DEADLOCK)
        recs = []
        with self.assertRaises(simt.RuntimeStop) as e:
            for r in s.instructions(grid=1, block=64):
                recs.append(r)
        self.assertIn("deadlock", " ".join(e.exception.diagnostics).lower())
        self.assertEqual(s.status(), "deadlock")
        self.assertTrue(any(r.blocked for r in recs))

    def test_no_launch(self):
        s, _ = self.sim(DIVERGE)
        with self.assertRaises(simt.Error):
            s.step()
        with self.assertRaises(simt.Error):
            s.warp(0)


if __name__ == "__main__":
    unittest.main()
