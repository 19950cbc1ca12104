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

/* launch.keep: finished CTAs' registers are kept only when asked; without
 * it a grid bigger than the resident set reuses the slots, and only the
 * last resident CTAs can be read (docs/library.md). */
static simt_status keep_run(sp_prog *p, uint32_t keep)
{
	sp_init(p);
	sp_add(p, "LEPC_I", "rd=R4");
	sp_add(p, "EXIT_X", "");
	sp_reg(p, 6, SIM_INIT_TID, 0);
	simt_launch l;
	simt_launch_init(&l);
	l.grid[0] = 8;
	l.block[0] = 256; /* 8 warps: 2 CTAs resident by default */
	l.keep = keep;
	return sp_run_launch(p, &l);
}

TEST(sim_api_keep_state_only_on_request)
{
	const uint32_t first[3] = {0, 0, 0}, last[3] = {7, 0, 0};
	const uint32_t tid[3] = {37, 0, 0};
	uint64_t v = 0;
	sp_prog p;
	CHECK_EQ(keep_run(&p, 0), SIMT_OK);
	CHECK_EQ(sim_ctx_of(p.sim)->nctas, 2); /* two slots, reused */
	CHECK_EQ(simt_sim_reg(p.sim, first, tid, SIMT_REG_R, 6, &v, &p.d),
		 SIMT_ERR_ARG);
	CHECK(sp_diag_has(&p, "CTA not kept"));
	CHECK_EQ(simt_sim_reg(p.sim, last, tid, SIMT_REG_R, 6, &v, &p.d), SIMT_OK);
	CHECK_EQ(v, 37);
	sp_free(&p);
	CHECK_EQ(keep_run(&p, 1), SIMT_OK);
	CHECK_EQ(sim_ctx_of(p.sim)->nctas, 8); /* one slot per CTA */
	v = 0;
	CHECK_EQ(simt_sim_reg(p.sim, first, tid, SIMT_REG_R, 6, &v, &p.d), SIMT_OK);
	CHECK_EQ(v, 37);
	CHECK_EQ(simt_sim_reg(p.sim, last, tid, SIMT_REG_R, 6, &v, &p.d), SIMT_OK);
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
	CHECK(sp_diag_has(&p, "block x = 2048: must be 1..1024"));
	simt_sim *s = NULL;
	CHECK_EQ(simt_sim_new((simt_isa *)p.isa, p.obj, "nope", &s, &p.d), SIMT_ERR_ARG);
	CHECK(s == NULL);
	CHECK(sp_diag_has(&p, "no kernel named 'nope'"));
	sp_free(&p);
}

/* Every launch field and size of the public API within its limit
 * (docs/limits.md): one row per limit, the field set just above it. */
TEST(sim_api_limits)
{
	static const struct {
		int field;
		uint64_t value;
		const char *msg;
	} cases[] = {
		{0, 0x80000000u, "grid x = 2147483648: must be 1..2147483647"},
		{1, 65536, "grid y = 65536: must be 1..65535"},
		{2, 65536, "grid z = 65536: must be 1..65535"},
		{3, 0, "block x = 0: must be 1..1024"},
		{4, 1025, "block y = 1025: must be 1..1024"},
		{5, 65, "block z = 65: must be 1..64"},
		{6, 33, "block (32,33,1) has 1056 threads: at most 1024 per CTA"},
		{7, (227u << 10) + 1, "shared memory of 232449 bytes per CTA (0 static + 232449 dynamic): at most 232448"},
		{8, 1000000000001ull, "max-cycles 1000000000001: at most 1000000000000"},
		{9, 1000001, "copy latency 1000001: at most 1000000 cycles"},
		{10, 4097, "4097 resident CTAs: at most 4096"},
		{11, 7, "unknown scheduling policy 7"},
		{12, 0x80000000u, "unknown check bits 0x80000000"},
		{13, 9, "cluster (9,1,1) has 9 CTAs: a cluster has 1 to 8 CTAs"},
		{14, 0, "cluster (1,0,1) has 0 CTAs"},
		{15, 2, "grid (1,1,1) is not a multiple of the cluster (1,1,2): grid z = 1 is not divisible by cluster z = 2"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		sp_prog p;
		sp_init(&p);
		sp_add(&p, "EXIT_X", "");
		simt_launch l;
		simt_launch_init(&l);
		uint64_t v = cases[k].value;
		switch (cases[k].field) {
		case 0: case 1: case 2: l.grid[cases[k].field] = (uint32_t)v; break;
		case 3: case 4: case 5: l.block[cases[k].field - 3] = (uint32_t)v; break;
		case 6: l.block[1] = (uint32_t)v; break;
		case 7: l.dyn_shared = (uint32_t)v; break;
		case 8: l.max_cycles = v; break;
		case 9: l.copy_latency = (uint32_t)v; break;
		case 10: l.resident = (uint32_t)v; break;
		case 11: l.policy = (simt_policy)v; break;
		case 12: l.checks = (uint32_t)v; break;
		case 13: l.cluster[0] = (uint32_t)v; l.cluster[1] = l.cluster[2] = 1; break;
		case 14: l.cluster[0] = l.cluster[2] = 1; l.cluster[1] = (uint32_t)v; break;
		case 15: l.cluster[0] = l.cluster[1] = 1; l.cluster[2] = (uint32_t)v; break;
		}
		if (sp_run_launch(&p, &l) != SIMT_ERR_ARG || !sp_diag_has(&p, cases[k].msg))
			test_fail(__FILE__, __LINE__, "case %zu: got '%s'", k,
				  p.d.count ? p.d.items[0].message : "-");
		sp_free(&p);
	}
	/* local memory per thread and global memory in all */
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "EXIT_X", "");
	CHECK_EQ(simt_sim_new((simt_isa *)p.isa, p.obj, "main", &p.sim, &p.d), SIMT_OK);
	CHECK_EQ(simt_sim_set_local_size(p.sim, (64u << 10) + 1, &p.d), SIMT_ERR_ARG);
	CHECK(sp_diag_has(&p, "local memory of 65537 bytes per thread: at most 65536"));
	CHECK_EQ(simt_sim_set_local_size(p.sim, 64u << 10, &p.d), SIMT_OK);
	uint64_t a;
	CHECK_EQ(simt_sim_alloc(p.sim, 1ull << 40, &a, &p.d), SIMT_ERR_ARG);
	CHECK(sp_diag_has(&p, "allocating 1099511627776 bytes of global memory would pass "
			      "the limit of 1024 MiB in all (0 bytes allocated"));
	/* register inits are 32-bit values and lane masks */
	simt_reg_init wide[] = {{SIMT_REG_R, 1, SIMT_RINIT_VALUE, 1ull << 32}};
	CHECK_EQ(simt_sim_set_inits(p.sim, wide, 1, &p.d), SIMT_ERR_ARG);
	CHECK(sp_diag_has(&p, "register init 0: value 0x100000000 does not fit 32 bits"));
	simt_reg_init mask[] = {{SIMT_REG_P, 0, SIMT_RINIT_VALUE, 0x1ffffffffull}};
	CHECK_EQ(simt_sim_set_inits(p.sim, mask, 1, &p.d), SIMT_ERR_ARG);
	CHECK_EQ(simt_sim_alloc(p.sim, 4096, &a, &p.d), SIMT_OK);
	CHECK_EQ(simt_sim_alloc(p.sim, (1ull << 30) - 4095, &a, &p.d), SIMT_ERR_ARG);
	CHECK(sp_diag_has(&p, "(4096 bytes allocated"));
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
