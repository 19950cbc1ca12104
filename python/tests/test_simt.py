"""Unit tests of the ctypes binding: python3 -m unittest discover python/tests
(run by make check against build/libsimt.so)."""
import os
import struct
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import simt  # noqa: E402

DIVERGE = """
k:
  S2R R0, SR_TID.X ;
  LOP3.LUT P0, RZ, R0, 0x1, RZ, 0xc0, !PT ;
  BSSY B0, `(.L_join) ;
@P0 BRA `(.L_odd) ;
  IADD3 R1, R0, 0x100, RZ ;
  BRA `(.L_sync) ;
.L_odd:
  IMAD.SHL.U32 R1, R0, 0x2, RZ ;
.L_sync:
  BSYNC B0 ;
.L_join:
  LDC.64 R2, c[0x0][0x100] ;
  IMAD.WIDE.U32 R2, R0, 0x4, R2 ;
  STG.E [R2.64], R1 ;
  EXIT ;
"""

DEADLOCK = """
k:
  S2R R0, SR_TID.X ;
  ISETP.LT.U32.AND P0, PT, R0, 0x20, PT ;
@P0 BAR.SYNC 0x0, 0x40 ;
  EXIT ;
"""

CLUSTER = """k:
        S2R R1, SR_CLUSTER_CTARANK ;
        S2R R2, SR_CLUSTER_NCTARANK ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        EXIT ;
"""


UNIFORM = """
k:
  S2R R0, SR_LANEID ;
  R2UR UR4, R0 ;
  UISETP.EQ.AND UP1, UPT, UR4, URZ, UPT ;
  EXIT ;
"""


class Binding(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.isa = simt.Isa()

    def test_version(self):
        self.assertRegex(simt.version(), r"^\d+\.\d+\.\d+$")

    def test_assemble_disassemble_roundtrip(self):
        obj = self.isa.assemble(DIVERGE, "d.s")
        self.assertEqual(obj.kernels(), ["k"])
        self.assertEqual(len(obj.code("k")), 12 * 16)
        text = self.isa.disassemble(obj)
        again = self.isa.assemble(text, "again.s")
        self.assertEqual(again.code("k"), obj.code("k"))

    def test_source_loc(self):
        obj = simt.Object.from_bytes(self.isa.assemble(DIVERGE, "d.s").image())
        self.assertEqual(obj.source_loc("k", 0x0), ("d.s", 3, 3))
        self.assertEqual(obj.source_loc("k", 0x30), ("d.s", 6, 1))
        self.assertIsNone(obj.source_loc("k", 0x1000))

    def test_object_image_roundtrip(self):
        obj = self.isa.assemble(DIVERGE)
        image = obj.image()
        self.assertEqual(image[:4], b"\x7fELF")
        back = simt.Object.from_bytes(image)
        self.assertEqual(back.code(0), obj.code(0))

    def test_assembly_error_is_located(self):
        with self.assertRaises(simt.Error) as e:
            self.isa.assemble("k:\n  FROB R1 ;\n", "bad.s")
        self.assertEqual(e.exception.status_text, "assembly error")
        self.assertTrue(e.exception.diagnostics[0].startswith("bad.s:2:"))

    def test_bad_object_is_refused(self):
        with self.assertRaises(simt.Error) as e:
            simt.Object.from_bytes(b"not an ELF file")
        self.assertEqual(e.exception.status_text, "malformed object file")

    def run_diverge(self, threads, policy="rr"):
        sim = simt.Sim(self.isa, self.isa.assemble(DIVERGE))
        out = sim.alloc(4 * threads)
        sim.params(simt.pack_params(out))
        stats = sim.run(block=threads, policy=policy)
        return sim, struct.unpack(f"<{threads}I", sim.read(out, 4 * threads)), stats

    def test_run_divergent_kernel(self):
        _, got, stats = self.run_diverge(64)
        want = tuple(2 * t if t & 1 else t + 256 for t in range(64))
        self.assertEqual(got, want)
        self.assertEqual(stats.steps, 2 * 13)  # 2 warps, both paths

    def test_policies_agree(self):
        outs = {self.run_diverge(96, p)[1] for p in ("rr", "greedy", "random:7")}
        self.assertEqual(len(outs), 1)

    def test_registers_after_run(self):
        sim, _, _ = self.run_diverge(32)
        self.assertEqual(sim.reg("R", 1, tid=(5, 0, 0)), 10)
        self.assertEqual(sim.reg("R", 1, tid=(6, 0, 0)), 6 + 256)

    def test_trace_lines(self):
        sim = simt.Sim(self.isa, self.isa.assemble(DIVERGE))
        out = sim.alloc(128)
        sim.params(simt.pack_params(out))
        lines = []
        sim.run(block=32, trace=lines.append)
        self.assertEqual(len(lines), 13)
        self.assertTrue(all(l.startswith("{") for l in lines))

    def test_threads_do_not_change_results(self):
        # 300 CTAs in groups of 64 (docs/semantics.md, "CTAs on worker
        # threads"): 1 and 2 threads give the same memory, counts, trace
        # and registers (kept CTAs of every group stay readable)
        src = """k:
  S2R R0, SR_TID.X ;
  S2R R1, SR_CTAID.X ;
  IMAD R4, R1, 0x20, R0 ;
  LDC.64 R2, c[0x0][0x100] ;
  IMAD.WIDE.U32 R2, R4, 0x4, R2 ;
  STG.E [R2.64], R1 ;
  EXIT ;
"""
        got = []
        for threads in (1, 2):
            sim = simt.Sim(self.isa, self.isa.assemble(src))
            out = sim.alloc(4 * 32 * 300)
            sim.params(simt.pack_params(out))
            lines = []
            stats = sim.run(grid=300, block=32, trace=lines.append,
                            threads=threads, cta_group=64)
            words = struct.unpack("<9600I", sim.read(out, 4 * 9600))
            got.append((words, stats.steps, stats.cycles, lines,
                        sim.reg("R", 1, cta=(299, 0, 0))))
            # how the run used the threads (simt_sim_stats): none with
            # one; two workers, whose CPU seconds add up, with two
            self.assertEqual(stats.workers, 0 if threads == 1 else 2)
            self.assertLessEqual(stats.worker_cpu_max, stats.worker_cpu_sum)
            self.assertLessEqual(stats.worker_cpu_span,
                                 stats.worker_cpu_sum + 1e-9)
        self.assertEqual(got[0], got[1])
        self.assertEqual(got[0][0][32 * 299], 299)
        self.assertEqual(got[0][4], 299)

    def test_cluster_launch(self):
        sim = simt.Sim(self.isa, self.isa.assemble(CLUSTER))
        sim.run(grid=(4, 2), block=32, cluster=(2, 2))
        self.assertEqual(sim.reg("R", 1, cta=(3, 1, 0)), 3)  # rank (1,1) -> 3
        self.assertEqual(sim.reg("R", 2, cta=(3, 1, 0)), 4)
        with self.assertRaises(simt.Error):
            sim.run(grid=3, block=32, cluster=2)  # 3 is not a multiple of 2

    def test_deadlock_raises_runtime_stop(self):
        sim = simt.Sim(self.isa, self.isa.assemble(DEADLOCK))
        with self.assertRaises(simt.RuntimeStop) as e:
            sim.run(block=64)
        self.assertIn("deadlock", "\n".join(e.exception.diagnostics))

    def test_uniform_registers_and_checks(self):
        sim = simt.Sim(self.isa, self.isa.assemble(UNIFORM))
        sim.run(block=64)  # lane 0's value, silently
        for t in (0, 40):
            self.assertEqual(sim.reg("UR", 4, tid=(t, 0, 0)), 0)
            self.assertEqual(sim.reg("UP", 1, tid=(t, 0, 0)), 1)
        with self.assertRaises(simt.RuntimeStop) as e:
            sim.run(block=64, checks="uniform")
        self.assertIn("--check=uniform: R2UR of a value that is not uniform",
                      "\n".join(e.exception.diagnostics))
        with self.assertRaises(simt.Error):
            sim.run(block=64, checks="bogus")
    def test_check_sync(self):
        prog = ("k:\n  S2R R0, SR_TID.X ;\n"
                "  ISETP.EQ.U32.AND P0, PT, R0, RZ, PT ;\n"
                "@P0 MBAR.INIT [0x8], 0x1 ;\n"
                "@P0 MBAR.ARRIVE.NOCOMPLETE RZ, [0x8] ;\n  EXIT ;\n")
        simt.Sim(self.isa, self.isa.assemble(prog, "c.s")).run(shared=64)
        sim = simt.Sim(self.isa, self.isa.assemble(prog, "c.s"))
        with self.assertRaises(simt.RuntimeStop) as e:
            sim.run(shared=64, checks="sync")
        self.assertIn("PC 0x0030 (c.s:5)", "\n".join(e.exception.diagnostics))
        self.assertIn("--check=sync", "\n".join(e.exception.diagnostics))

    def test_memory_write_read(self):
        sim = simt.Sim(self.isa, self.isa.assemble(DIVERGE))
        a = sim.alloc(16)
        sim.write(a, b"0123456789abcdef")
        self.assertEqual(sim.read(a + 4, 4), b"4567")
        with self.assertRaises(simt.Error):
            sim.read(a + 4096 * 1024, 4)

    def test_pack_params_alignment(self):
        self.assertEqual(simt.pack_params(("I", 7), 0x10),
                         struct.pack("<I4xQ", 7, 0x10))


if __name__ == "__main__":
    unittest.main()
