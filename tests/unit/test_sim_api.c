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

/* Shared memory per CTA is at most 227 KiB, static + dynamic; more is
 * refused before any allocation (fuzz_run_obj found objects asking for
 * 832 MiB of static shared memory: seconds of calloc per run). */
TEST(sim_api_shared_limit)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "EXIT_X", "");
	p.obj->kernels[p.k].shared_size = 0x1000;
	simt_launch l;
	simt_launch_init(&l);
	l.dyn_shared = 227 * 1024 - 0x1000;
	CHECK_EQ(sp_run_launch(&p, &l), SIMT_OK);
	l.dyn_shared++;
	CHECK_EQ(simt_sim_run(p.sim, &l, &p.d), SIMT_ERR_ARG);
	CHECK(sp_diag_has(&p, "kernel 'main': 232449 bytes of shared memory per "
			      "CTA (static 4096 + dynamic 228353) exceed the "
			      "limit of 232448 (227 KiB)"));
	sp_free(&p);
}
