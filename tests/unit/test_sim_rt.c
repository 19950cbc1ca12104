/*
 * test_sim_rt.c - companion handlers on programs built through the codec
 * (sim_prog.h): integer, float, special registers, constants, loads,
 * stores and memory faults.  the tests/sim files cover the same through the
 * assembler; these pin the handlers independently of it.
 */
#include <math.h>

#include "sim_prog.h"

/* Create, give one buffer (address as the first parameter), run. */
static simt_status run_with_buffer(sp_prog *p, uint32_t threads, uint64_t bytes,
				   uint64_t *addr)
{
	simt_status st = simt_sim_new((simt_isa *)p->isa, p->obj, "main", &p->sim, &p->d);
	if (st != SIMT_OK)
		return st;
	if (bytes) {
		simt_sim_alloc(p->sim, bytes, addr, &p->d);
		simt_sim_set_params(p->sim, addr, 8, &p->d);
	}
	sim_mem_set_inits(sim_ctx_of(p->sim)->mem, p->inits, p->ninits);
	simt_launch l;
	simt_launch_init(&l);
	l.block[0] = threads;
	l.max_cycles = 100000;
	return simt_sim_run(p->sim, &l, &p->d);
}

static uint32_t lane_reg(sp_prog *p, int reg, int lane)
{
	return sp_warp(p, 0)->r[reg][lane];
}

static uint32_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

TEST(sim_rt_iadd3_carry_and_x)
{
	sp_prog p;
	sp_init(&p);
	/* R2 = lane + 0xffffffff + 1 : carries out for every lane */
	sp_add(&p, "IADD3_I", "rd=R2 pu=P0 pv=P1 ra=R1 b=-1 c=R3");
	sp_add(&p, "IADD3_X_R", "rd=R4 ra=RZ b=RZ c=RZ pp=P0 pq=P1");
	sp_add(&p, "EXIT_X", "");
	sp_reg(&p, 1, SIM_INIT_LANE, 0);
	sp_reg(&p, 3, SIM_INIT_VALUE, 1);
	CHECK_EQ(sp_run(&p, 32), SIMT_OK);
	CHECK_EQ(lane_reg(&p, 2, 0), 0);
	CHECK_EQ(lane_reg(&p, 2, 5), 5);
	CHECK_EQ(sp_warp(&p, 0)->p[0], 0xffffffffu); /* bit 32 of the sum */
	CHECK_EQ(sp_warp(&p, 0)->p[1], 0);
	CHECK_EQ(lane_reg(&p, 4, 7), 1); /* carry-in P0 */
	sp_free(&p);
}

TEST(sim_rt_imad_forms)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "IMAD_I", "rd=R2 ra=R1 b=-3 c=R5");              /* lo  */
	sp_add(&p, "IMAD_I", "rd=R6 ra=R1 b=0x10000000 c=RZ mode=HI sign=U32");
	sp_add(&p, "IMAD_I", "rd=R8 ra=R1 b=-2 c=R10 mode=WIDE");    /* pair */
	sp_add(&p, "EXIT_X", "");
	sp_reg(&p, 1, SIM_INIT_LANE, 0);
	sp_reg(&p, 5, SIM_INIT_VALUE, 100);
	sp_reg(&p, 10, SIM_INIT_VALUE, 0);
	sp_reg(&p, 11, SIM_INIT_VALUE, 1);
	CHECK_EQ(sp_run(&p, 32), SIMT_OK);
	CHECK_EQ(lane_reg(&p, 2, 4), 88);
	CHECK_EQ(lane_reg(&p, 6, 31), 1);          /* 31 * 2^28 >> 32 */
	/* lane 3: -6 + 2^32 = 0x0000_0000_ffff_fffa */
	CHECK_EQ(lane_reg(&p, 8, 3), 0xfffffffau);
	CHECK_EQ(lane_reg(&p, 9, 3), 0);
	sp_free(&p);
}

TEST(sim_rt_isetp_sel_lop3_shf)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "ISETP_I", "pu=P0 pv=P1 ra=R1 b=16 cmp=LT bop=AND pp=PT");
	sp_add(&p, "SEL_I", "rd=R2 ra=R1 b=-1 pp=P0");
	sp_add(&p, "LOP3_LUT_R", "rd=R3 ra=R1 b=R4 c=RZ lut=0xc0 pp=PT"); /* a & b */
	sp_add(&p, "SHF_I", "rd=R5 ra=RZ b=4 c=R6 dir=R type=S32 hi=HI");
	sp_add(&p, "ISETP_I", "pu=P2 pv=P3 ra=R6 b=0 cmp=GE sign=U32 bop=OR pp=!P0");
	sp_add(&p, "EXIT_X", "");
	sp_reg(&p, 1, SIM_INIT_LANE, 0);
	sp_reg(&p, 4, SIM_INIT_VALUE, 6);
	sp_reg(&p, 6, SIM_INIT_VALUE, 0x80000000u);
	CHECK_EQ(sp_run(&p, 32), SIMT_OK);
	sim_warp *w = sp_warp(&p, 0);
	CHECK_EQ(w->p[0], 0x0000ffffu);
	CHECK_EQ(w->p[1], 0xffff0000u);
	CHECK_EQ(lane_reg(&p, 2, 3), 3);
	CHECK_EQ(lane_reg(&p, 2, 20), 0xffffffffu);
	CHECK_EQ(lane_reg(&p, 3, 7), 6);
	CHECK_EQ(lane_reg(&p, 5, 0), 0xf8000000u); /* arithmetic */
	CHECK_EQ(w->p[2], 0xffffffffu);
	sp_free(&p);
}

TEST(sim_rt_flo_popc_iabs_imnmx)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "FLO_R", "rd=R2 b=R1 sign=U32");
	sp_add(&p, "FLO_R", "rd=R3 b=R1 sign=U32 sh=SH");
	sp_add(&p, "POPC_R", "rd=R4 b=R1");
	sp_add(&p, "IABS_R", "rd=R5 b=R7");
	sp_add(&p, "IMNMX_I", "rd=R6 ra=R1 b=10 pp=PT");
	sp_add(&p, "IMNMX_I", "rd=R8 ra=R1 b=10 pp=!PT");
	sp_add(&p, "EXIT_X", "");
	sp_reg(&p, 1, SIM_INIT_LANE, 0);
	sp_reg(&p, 7, SIM_INIT_VALUE, (uint32_t)-5);
	CHECK_EQ(sp_run(&p, 32), SIMT_OK);
	CHECK_EQ(lane_reg(&p, 2, 0), 0xffffffffu);
	CHECK_EQ(lane_reg(&p, 2, 5), 2);
	CHECK_EQ(lane_reg(&p, 3, 5), 29);
	CHECK_EQ(lane_reg(&p, 4, 7), 3);
	CHECK_EQ(lane_reg(&p, 5, 0), 5);
	CHECK_EQ(lane_reg(&p, 6, 12), 10);
	CHECK_EQ(lane_reg(&p, 8, 3), 10);
	CHECK_EQ(lane_reg(&p, 8, 12), 12);
	sp_free(&p);
}

TEST(sim_rt_float_rounding_and_conversions)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "FADD_R", "rd=R2 ra=R1 b=R3");            /* 1 + 2^-24: RN -> 1 */
	sp_add(&p, "FADD_R", "rd=R4 ra=R1 b=R3 rnd=RP");     /* RP -> 1 + 2^-23 */
	sp_add(&p, "FFMA_R", "rd=R5 ra=R1 b=R1 c=R6");       /* 1*1 + (-1) = 0 */
	sp_add(&p, "F2I_R", "rd=R7 b=R8");                   /* NaN -> 0 */
	sp_add(&p, "F2I_R", "rd=R9 b=R10");                  /* 3e9 -> INT_MAX */
	sp_add(&p, "F2I_R", "rd=R11 b=R12 rnd=FLOOR");       /* -2.5 -> -3 */
	sp_add(&p, "F2I_R", "rd=R13 b=R12");                 /* -2.5 -> -2 (even) */
	sp_add(&p, "I2F_R", "rd=R14 b=R15 src=U32");         /* 0xffffffff -> 2^32 */
	sp_add(&p, "MUFU_R", "rd=R16 b=R17 op=SQRT");
	sp_add(&p, "FSETP_R", "pu=P0 pv=P1 ra=R8 b=R1 cmp=NEU bop=AND pp=PT");
	sp_add(&p, "FMUL_R", "rd=R18 ra=R19 b=R19 ftz=FTZ");  /* tiny^2 -> +0 */
	sp_add(&p, "EXIT_X", "");
	sp_reg(&p, 1, SIM_INIT_VALUE, fbits(1.0f));
	sp_reg(&p, 3, SIM_INIT_VALUE, fbits(0x1p-24f));
	sp_reg(&p, 6, SIM_INIT_VALUE, fbits(-1.0f));
	sp_reg(&p, 8, SIM_INIT_VALUE, 0x7fc00000u);
	sp_reg(&p, 10, SIM_INIT_VALUE, fbits(3e9f));
	sp_reg(&p, 12, SIM_INIT_VALUE, fbits(-2.5f));
	sp_reg(&p, 15, SIM_INIT_VALUE, 0xffffffffu);
	sp_reg(&p, 17, SIM_INIT_VALUE, fbits(2.0f));
	sp_reg(&p, 19, SIM_INIT_VALUE, fbits(1e-20f));
	CHECK_EQ(sp_run(&p, 32), SIMT_OK);
	CHECK_EQ(lane_reg(&p, 2, 0), fbits(1.0f));
	CHECK_EQ(lane_reg(&p, 4, 0), fbits(1.0f + 0x1p-23f));
	CHECK_EQ(lane_reg(&p, 5, 0), 0);
	CHECK_EQ(lane_reg(&p, 7, 0), 0);
	CHECK_EQ(lane_reg(&p, 9, 0), 0x7fffffffu);
	CHECK_EQ(lane_reg(&p, 11, 0), (uint32_t)-3);
	CHECK_EQ(lane_reg(&p, 13, 0), (uint32_t)-2);
	CHECK_EQ(lane_reg(&p, 14, 0), fbits(4294967296.0f));
	CHECK_EQ(lane_reg(&p, 16, 0), fbits(sqrtf(2.0f)));
	CHECK_EQ(sp_warp(&p, 0)->p[0], 0xffffffffu);
	CHECK_EQ(lane_reg(&p, 18, 0), 0);
	sp_free(&p);
}

TEST(sim_rt_s2r_ldc_stg_ldg)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "S2R_X", "rd=R0 sr=SR_TID.X");
	sp_add(&p, "S2R_X", "rd=R7 sr=SR_LANEMASK_LT");
	sp_add(&p, "LDC_X", "rd=R2 ra=RZ bank=0 off=0x100 size=64");
	sp_add(&p, "LDC_X", "rd=R6 ra=RZ bank=0 off=0x0");            /* ntid.x */
	sp_add(&p, "IMAD_I", "rd=R2 ra=R0 b=4 c=R2 mode=WIDE sign=U32");
	sp_add(&p, "STG_X", "ra=R2 rb=R0 off=0x0");
	sp_add(&p, "LDG_X", "rd=R4 ra=R2 off=0x0 size=U16");
	sp_add(&p, "EXIT_X", "");
	uint64_t addr = 0;
	CHECK_EQ(run_with_buffer(&p, 64, 256, &addr), SIMT_OK);
	uint32_t out[64];
	CHECK_EQ(simt_sim_read(p.sim, addr, out, sizeof out, &p.d), SIMT_OK);
	for (int k = 0; k < 64; k++)
		CHECK_EQ(out[k], k);
	CHECK_EQ(lane_reg(&p, 4, 9), 9);
	CHECK_EQ(lane_reg(&p, 6, 9), 64);
	CHECK_EQ(lane_reg(&p, 7, 4), 0xf);
	sp_free(&p);
}

TEST(sim_rt_memory_faults_are_located)
{
	static const struct {
		const char *op, *fields, *text;
	} cases[] = {
		{"STG_X", "ra=R2 rb=R0 off=0x400", "unmapped address"},   /* past the buffer */
		{"STG_X", "ra=R2 rb=R0 off=0x2", "misaligned"},
		{"LDS_X", "rd=R4 ra=RZ off=0x10", "shared load of 4 bytes at 0x10: out of range"},
		{"LDC_X", "rd=R4 ra=RZ bank=3 off=0x0", "constant load"},
		{"LDG_X", "rd=R4 ra=RZ off=0x0", "global load of 4 bytes at 0x0"},
	};
	for (size_t k = 0; k < UTIL_ARRAY_LEN(cases); k++) {
		sp_prog p;
		sp_init(&p);
		sp_add(&p, "LDC_X", "rd=R2 ra=RZ bank=0 off=0x100 size=64");
		sp_add(&p, cases[k].op, cases[k].fields);
		sp_add(&p, "EXIT_X", "");
		uint64_t addr = 0;
		CHECK_EQ(run_with_buffer(&p, 32, 1024, &addr), SIMT_ERR_RUNTIME);
		if (!sp_diag_has(&p, cases[k].text))
			test_fail(__FILE__, __LINE__, "case %zu: no '%s' in: %s", k,
				  cases[k].text, p.d.count ? p.d.items[0].message : "-");
		sp_free(&p);
	}
}

/* Every LOP3 table against the definition, on the fast and general paths. */
TEST(sim_rt_lop3_every_table)
{
	for (unsigned lut = 0; lut < 256; lut++) {
		sp_prog p;
		sp_init(&p);
		char f[96];
		snprintf(f, sizeof f, "rd=R4 ra=R1 b=R2 c=R3 lut=%u pu=P0 pp=PT", lut);
		sp_add(&p, "LOP3_LUT_R", f);
		sp_add(&p, "EXIT_X", "");
		sp_reg(&p, 1, SIM_INIT_VALUE, 0xf0f0f0f0u);
		sp_reg(&p, 2, SIM_INIT_VALUE, 0xccccccccu);
		sp_reg(&p, 3, SIM_INIT_VALUE, 0xaaaaaaaau);
		CHECK_EQ(sp_run(&p, 32), SIMT_OK);
		uint32_t want = lut * 0x01010101u;
		CHECK_EQ(lane_reg(&p, 4, 17), want);
		CHECK_EQ(sp_warp(&p, 0)->p[0], want ? 0xffffffffu : 0);
		sp_free(&p);
	}
}
