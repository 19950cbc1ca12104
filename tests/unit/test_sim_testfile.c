/* test_sim_testfile.c - the directive parser of self-checking test files. */
#include <stdio.h>

#include "simt/sim.h"
#include "simt/testfile.h"
#include "test.h"

static const char good[] =
	"// a test\n"
	".launch grid=2,3 block=64 shared=128 policy=random:7 max-cycles=1000\n"
	"//! .buffer out f32[3] = {1.5, -0.0, 0x7fc00001}\n"
	".buffer in s16[] = {-1, 2, 0x7fff}\n"
	".buffer r u64[4] = random(42)\n"
	".param out\n"
	".param u8:255\n"
	".init R3 = lane\n"
	".init R4 = -2.5 // comment.\n"
	".init P1 = mask 0xffff\n"
	"    EXIT ;\n"
	".expect out[1] = -0.0\n"
	".expect in = iota\n";

TEST(sim_testfile_parses_directives)
{
	simt_testfile tf;
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(simt_testfile_parse("t.s", good, sizeof good - 1, &tf, &d), SIMT_OK);
	CHECK_EQ(d.count, 0);
	CHECK(tf.has_grid && tf.grid[0] == 2 && tf.grid[1] == 3 && tf.grid[2] == 1);
	CHECK_EQ(tf.block[0], 64);
	CHECK_EQ(tf.shared, 128);
	CHECK_STR(tf.policy, "random:7");
	CHECK_EQ(tf.max_cycles, 1000);
	CHECK_EQ(tf.nbuffers, 3);
	CHECK_EQ(tf.buffers[0].init.bits[1], 0x80000000u);
	CHECK_EQ(tf.buffers[0].init.bits[2], 0x7fc00001u);
	CHECK_EQ(tf.buffers[1].count, 3);
	CHECK_EQ(tf.buffers[1].init.bits[0], 0xffff);
	CHECK_EQ(tf.nparams, 2);
	CHECK_STR(tf.params[0].buffer, "out");
	CHECK_EQ(tf.params[1].bits, 255);
	CHECK_EQ(tf.ninits, 3);
	CHECK_EQ(tf.inits[1].value, 0xc0200000u);
	CHECK(tf.inits[2].pred && tf.inits[2].value == 0xffff);
	CHECK_EQ(tf.nexpects, 2);
	CHECK_EQ(tf.expects[0].index, 1);
	/* directives are blanked, instructions kept, lines unchanged */
	CHECK(strstr(tf.asm_text, ".launch") == NULL);
	CHECK(strstr(tf.asm_text, "EXIT") != NULL);
	CHECK_EQ(strlen(tf.asm_text), sizeof good - 1);
	/* generated values are reproducible */
	uint64_t a[4], b[4];
	CHECK_EQ(simt_values_fill(&tf.buffers[2].init, SIMT_U64, 4, (uint8_t *)a, "t", &d), SIMT_OK);
	CHECK_EQ(simt_values_fill(&tf.buffers[2].init, SIMT_U64, 4, (uint8_t *)b, "t", &d), SIMT_OK);
	CHECK(memcmp(a, b, sizeof a) == 0 && a[0] != a[1]);
	/* a command-line override replaces the buffer of the same name */
	CHECK_EQ(simt_testfile_directive(&tf, ".buffer out f32[2] = 0", &d), SIMT_OK);
	CHECK_EQ(tf.nbuffers, 3);
	CHECK_EQ(tf.buffers[0].count, 2);
	simt_testfile_free(&tf);
	simt_diags_free(&d);
}

/* Uniform registers and predicates: .init, .expect (every warp), and the
 * opt-in checks of .launch check=LIST. */
TEST(sim_testfile_uniform_directives)
{
	static const char text[] =
		".launch check=uniform\n"
		".init UR4 = 0x10\n"
		".init UR62 = -1\n"
		".init UP6 = 1\n"
		".buffer UR5 u32[1] = 0\n"
		".expect UR5 = 3\n"          /* a buffer named like a register */
		".expect UR63 = 0\n"
		".expect UP7 = 1\n"
		"    EXIT ;\n";
	simt_testfile tf;
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(simt_testfile_parse("u.s", text, sizeof text - 1, &tf, &d), SIMT_OK);
	CHECK_EQ(d.count, 0);
	CHECK_STR(tf.checks, "uniform");
	CHECK_EQ(tf.ninits, 3);
	CHECK(tf.inits[0].uniform && !tf.inits[0].pred && tf.inits[0].reg == 4 &&
	      tf.inits[0].value == 0x10);
	CHECK(tf.inits[1].uniform && tf.inits[1].value == 0xffffffffu);
	CHECK(tf.inits[2].uniform && tf.inits[2].pred && tf.inits[2].reg == 6 &&
	      tf.inits[2].value == 1);
	CHECK_EQ(tf.nexpects, 3);
	CHECK_EQ(tf.expects[0].kind, SIMT_TEXPECT_BUFFER);
	CHECK(tf.expects[1].kind == SIMT_TEXPECT_UR && tf.expects[1].reg == 63 &&
	      tf.expects[1].values.bits[0] == 0);
	CHECK(tf.expects[2].kind == SIMT_TEXPECT_UP && tf.expects[2].reg == 7 &&
	      tf.expects[2].values.bits[0] == 1);
	/* a later check= replaces the list */
	CHECK_EQ(simt_testfile_directive(&tf, ".launch check=none", &d), SIMT_OK);
	CHECK_STR(tf.checks, "none");
	simt_testfile_free(&tf);
	simt_diags_free(&d);
}

TEST(sim_testfile_errors_are_located)
{
	static const struct {
		const char *text, *msg;
		int col;
	} cases[] = {
		{".launch grid=0\n", "grid x = 0: must be 1..2147483647", 14},
		/* every number is range-checked where it is read (docs/limits.md) */
		{".launch grid=1,65536\n", "grid y = 65536: must be 1..65535", 16},
		{".launch block=1,1,65\n", "block z = 65: must be 1..64", 19},
		{".launch block=1024,2\n", "block of 2048 threads: at most 1024", 15},
		{".launch shared=4294967312\n", "shared=4294967312: must be 0..232448", 16},
		{".launch local=4294967296\n", "local=4294967296: must be 1..65536", 15},
		{".launch local=0\n", "local=0: must be 1..65536", 15},
		{".launch copy-latency=4294967296\n",
		 "copy-latency=4294967296: must be 1..1000000", 22},
		{".launch max-cycles=1000000000001\n",
		 "max-cycles=1000000000001: must be 1..1000000000000", 20},
		{".launch resident=4097\n", "resident=4097: must be 1..4096", 18},
		{".launch shared=99999999999999999999\n", "number larger than 2^64-1", 16},
		{".launch policy=random:-1\n", "bad seed in policy 'random:-1'", 16},
		{".launch policy=random:99999999999999999999\n", "bad seed", 16},
		{".buffer b u8[268435457] = 0\n", "count must be 1..268435456", 14},
		{".buffer b u32[67108865] = 0\n", "larger than 256 MiB", 9},
		{".launch warp=3\n", "unknown .launch key 'warp'", 9},
		{".buffer b u33[4] = 0\n", "expected a type", 11},
		{".buffer b u8[4] = {1, 2, 3}\n", "3 values given for 4 elements", 9},
		{".buffer b u8[2] = {1, 256}\n", "value does not fit u8", 23},
		{".expect nope = 0\n", "no buffer named 'nope'", 9},
		{".buffer b u8[2] = 0\n.expect b[2] = 1\n", "index 2 outside 'b'", 11},
		{".init R255 = 1\n", "expected a register", 7},
		{".init P0 = 5\n", "mask 0xHEX", 12},
		{".expect-error \"open\n", "unterminated string", 15},
		{"  //! .param f32:x\n", "bad f32 value", 18},
		{".init UR63 = 1\n", "UR0..UR62", 7},
		{".init UR4 = lane\n", "one value per warp", 13},
		{".init UP7 = 1\n", "UP0..UP6", 7},
		{".init UP1 = 2\n", "a uniform predicate is 0 or 1", 13},
		{".expect UR64 = 1\n", "no buffer named 'UR64'", 9},
		{".expect UP0 = 3\n", "a uniform predicate is 0 or 1", 15},
		{".expect UR4 = 1 2\n", "unexpected text after the value", 17},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		simt_testfile tf;
		simt_diags d;
		simt_diags_init(&d);
		simt_status st = simt_testfile_parse("e.s", cases[k].text,
						     strlen(cases[k].text), &tf, &d);
		CHECK(st != SIMT_OK);
		const simt_diag *g = d.count ? &d.items[d.count - 1] : NULL;
		if (!g || !strstr(g->message, cases[k].msg) || g->col != cases[k].col)
			test_fail(__FILE__, __LINE__, "case %zu: got '%s' at col %d", k,
				  g ? g->message : "-", g ? g->col : 0);
		simt_testfile_free(&tf);
		simt_diags_free(&d);
	}
}

/* Run a test text; returns the verdict, reason copied into why. */
static bool run_text(const char *text, char *why, size_t n, bool *program_failed)
{
	static simt_isa *isa;
	simt_diags d;
	simt_diags_init(&d);
	if (!isa)
		simt_isa_load_builtin(&isa, &d);
	simt_testfile tf;
	simt_test_result r;
	bool ok = false;
	why[0] = 0;
	if (simt_testfile_parse("r.s", text, strlen(text), &tf, &d) == SIMT_OK &&
	    simt_testfile_run(isa, &tf, NULL, &r, &d) == SIMT_OK) {
		ok = r.passed;
		snprintf(why, n, "%s", r.reason ? r.reason : "");
		*program_failed = r.program_failed;
		simt_test_result_free(&r);
	}
	simt_testfile_free(&tf);
	simt_diags_free(&d);
	return ok;
}

TEST(sim_testfile_run_verdicts)
{
	static const struct {
		const char *text;
		bool pass, program_failed;
		const char *reason;
	} cases[] = {
		{".buffer o u32[2] = 0\n.param o\n.launch block=2\n.init R1 = lane\n"
		 "LDC.64 R2, c[0x0][0x100] ;\nIMAD.WIDE.U32 R2, R1, 0x4, R2 ;\n"
		 "STG.E [R2.64], R1 ;\nEXIT ;\n.expect o = {0, 1}\n", true, false, ""},
		{".buffer o u32[2] = 0\n.param o\n.launch block=2\n.init R1 = lane\n"
		 "LDC.64 R2, c[0x0][0x100] ;\nSTG.E [R2.64], R1 ;\nEXIT ;\n.expect o = {0, 1}\n",
		 false, false, "r.s:8: o[0] = 1, expected 0 (2 of 2 elements differ)"}, /* lane 1 wins */
		{"EXIT ;\n.expect-error \"unmapped\"\n", false, false,
		 "expected an error containing \"unmapped\", but the run succeeded"},
		{"LDG.E R4, [R2.64] ;\nEXIT ;\n.expect-error \"misaligned\"\n", false, true,
		 "expected an error containing \"misaligned\", got: "},
		{"BOGUS R1 ;\n.expect-error \"unknown\"\n", true, true, ""},
		{"BOGUS R1 ;\n", false, true, "assembly failed: "},
		{".param nothere\nEXIT ;\n", false, false, "r.s:1: .param names no buffer 'nothere'"},
		/* uniform registers: per warp, every warp checked */
		{".launch grid=2 block=64\n.init UR4 = 7\nUIADD3 UR4, UR4, 0x1, URZ ;\n"
		 "EXIT ;\n.expect UR4 = 8\n", true, false, ""},
		{".launch grid=2 block=64\n.init UR4 = 7\nS2UR UR5, SR_WARPID ;\n"
		 "UIADD3 UR4, UR4, UR5, URZ ;\nEXIT ;\n.expect UR4 = 7\n", false, false,
		 "r.s:6: UR4 = 0x8 in CTA (0,0,0) warp 1, expected 0x7 (2 of 4 warps differ)"},
		{".init UP2 = 1\nUPLOP3.LUT UP3, UPT, UP2, UPT, UPT, 0x0f, 0x0 ;\n"
		 "EXIT ;\n.expect UP3 = 1\n", false, false,
		 "r.s:4: UP3 = 0x0 in CTA (0,0,0) warp 0, expected 0x1 (1 of 1 warps differ)"},
		/* check=uniform: silent off, stops on */
		{".init R1 = lane\nR2UR UR4, R1 ;\nEXIT ;\n.expect UR4 = 0\n", true, false, ""},
		{".launch check=uniform\n.init R1 = lane\nR2UR UR4, R1 ;\nEXIT ;\n"
		 ".expect UR4 = 0\n", false, true,
		 "kernel 'main', CTA (0,0,0), warp 0, lanes 0xfffffffe, PC 0x0000 "
		 "(r.s:3): `R2UR UR4, R1`: --check=uniform: R2UR of a value that "
		 "is not uniform: lane 0 has 0x0, lanes 0xfffffffe differ (lane 1 "
		 "has 0x1); lane 0's value is taken"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		char why[512];
		bool failed = false;
		bool pass = run_text(cases[k].text, why, sizeof why, &failed);
		if (pass != cases[k].pass || strncmp(why, cases[k].reason, strlen(cases[k].reason)) ||
		    (cases[k].program_failed && !failed))
			test_fail(__FILE__, __LINE__, "case %zu: pass=%d reason '%s'", k, pass, why);
	}
}
