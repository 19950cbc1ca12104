/*
 * test_sim_api.c - the public simulator API: launches with several CTAs
 * and 3-D blocks, register read-back per thread, argument errors.
 */
#include "sim_prog.h"

TEST(sim_api_grid_block_and_reg_readback)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "LEPC_I", "rd=R4");
	sp_add(&p, "EXIT_X", "");
	sp_reg(&p, 6, SIM_INIT_TID, 0);
	simt_launch l;
	simt_launch_init(&l);
	l.grid[0] = 2;
	l.grid[1] = 3;
	l.block[0] = 8;
	l.block[1] = 4;
	l.block[2] = 2; /* 64 threads: 2 warps */
	CHECK_EQ(sp_run_launch(&p, &l), SIMT_OK);
	simt_sim_stats st;
	simt_sim_get_stats(p.sim, &st);
	CHECK_EQ(st.steps, 2 * 6 * 2);
	CHECK_EQ(st.thread_insts, 2 * 6 * 64);
	uint64_t v = 0;
	const uint32_t cta[3] = {1, 2, 0}, tid[3] = {3, 2, 1};
	CHECK_EQ(simt_sim_reg(p.sim, cta, tid, SIMT_REG_R, 6, &v, &p.d), SIMT_OK);
	CHECK_EQ(v, 3 + 8 * 2 + 32 * 1); /* flat thread index */
	CHECK_EQ(simt_sim_reg(p.sim, cta, tid, SIMT_REG_R, 4, &v, &p.d), SIMT_OK);
	CHECK_EQ(v, 0);                  /* LEPC at 0x0 */
	CHECK_EQ(simt_sim_reg(p.sim, cta, tid, SIMT_REG_P, 7, &v, &p.d), SIMT_OK);
	CHECK_EQ(v, 1);
	const uint32_t bad[3] = {2, 0, 0};
	CHECK_EQ(simt_sim_reg(p.sim, bad, tid, SIMT_REG_R, 6, &v, &p.d), SIMT_ERR_ARG);
	CHECK(sp_diag_has(&p, "no state for thread"));
	sp_free(&p);
}

TEST(sim_api_bad_launch_and_kernel)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "EXIT_X", "");
	simt_launch l;
	simt_launch_init(&l);
	l.block[0] = 2048;
	CHECK_EQ(sp_run_launch(&p, &l), SIMT_ERR_ARG);
	CHECK(sp_diag_has(&p, "bad launch"));
	simt_sim *s = NULL;
	CHECK_EQ(simt_sim_new((simt_isa *)p.isa, p.obj, "nope", &s, &p.d), SIMT_ERR_ARG);
	CHECK(s == NULL);
	CHECK(sp_diag_has(&p, "no kernel named 'nope'"));
	sp_free(&p);
}

/* Inits of uniform registers and predicates reach every warp; the API
 * refuses URZ/UPT, per-lane kinds and UP values other than 0/1; UP reads
 * back per warp (UPT reads 1). */
TEST(sim_api_uniform_inits_and_readback)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "EXIT_X", "");
	simt_sim *s = NULL;
	CHECK_EQ(simt_sim_new((simt_isa *)p.isa, p.obj, "main", &s, &p.d), SIMT_OK);
	const simt_reg_init ok[] = {
		{SIMT_REG_UR, 62, SIMT_RINIT_VALUE, 0x1234},
		{SIMT_REG_UP, 6, SIMT_RINIT_VALUE, 1},
	};
	CHECK_EQ(simt_sim_set_inits(s, ok, 2, &p.d), SIMT_OK);
	static const struct {
		simt_reg_init v;
		const char *msg;
	} bad[] = {
		{{SIMT_REG_UR, 63, SIMT_RINIT_VALUE, 1}, "no such register"},
		{{SIMT_REG_UP, 7, SIMT_RINIT_VALUE, 1}, "no such register"},
		{{SIMT_REG_UR, 4, SIMT_RINIT_LANE, 0}, "per-lane value"},
		{{SIMT_REG_UP, 0, SIMT_RINIT_VALUE, 2}, "0 or 1"},
		{{SIMT_REG_B, 0, SIMT_RINIT_VALUE, 1}, "no such register"},
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		simt_diags d;
		simt_diags_init(&d);
		CHECK_EQ(simt_sim_set_inits(s, &bad[k].v, 1, &d), SIMT_ERR_ARG);
		CHECK(d.count == 1 && strstr(d.items[0].message, bad[k].msg));
		simt_diags_free(&d);
	}
	simt_launch l;
	simt_launch_init(&l);
	l.grid[0] = 2;
	l.block[0] = 64;
	CHECK_EQ(simt_sim_run(s, &l, &p.d), SIMT_OK);
	for (uint32_t c = 0; c < 2; c++)
		for (uint32_t t = 0; t < 64; t += 32) {
			const uint32_t cta[3] = {c, 0, 0}, tid[3] = {t + 5, 0, 0};
			uint64_t v = 0;
			CHECK_EQ(simt_sim_reg(s, cta, tid, SIMT_REG_UR, 62, &v, &p.d), SIMT_OK);
			CHECK_EQ(v, 0x1234);
			CHECK_EQ(simt_sim_reg(s, cta, tid, SIMT_REG_UP, 6, &v, &p.d), SIMT_OK);
			CHECK_EQ(v, 1);
			CHECK_EQ(simt_sim_reg(s, cta, tid, SIMT_REG_UP, 0, &v, &p.d), SIMT_OK);
			CHECK_EQ(v, 0);
			CHECK_EQ(simt_sim_reg(s, cta, tid, SIMT_REG_UP, 7, &v, &p.d), SIMT_OK);
			CHECK_EQ(v, 1);
		}
	const uint32_t cta[3] = {0, 0, 0}, tid[3] = {0, 0, 0};
	uint64_t v;
	CHECK_EQ(simt_sim_reg(s, cta, tid, SIMT_REG_UP, 8, &v, &p.d), SIMT_ERR_ARG);
	simt_sim_free(s);
	sp_free(&p);
}
