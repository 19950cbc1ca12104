/*
 * test_sim_bru.c - the branch unit against the pseudo-code of seed 001,
 * one directed program per pseudo-code branch (docs/semantics.md lists
 * which test pins which decision).  Programs are built with sim_prog.h.
 */
#include "sim_prog.h"

static uint32_t lanes_where(sp_prog *p, int w, int reg, uint32_t value)
{
	uint32_t m = 0;
	for (int l = 0; l < 32; l++)
		m |= (uint32_t)(sp_warp(p, w)->r[reg][l] == value) << l;
	return m;
}

/* if/else under BSSY/BSYNC: fall-through first, switch at BSYNC, reconverge. */
TEST(sim_bru_if_else_reconverges)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "BSSY_I", "breg=B0 syncpoint=4");
	sp_add(&p, "BRA_X", "pg=P0 offset=2");      /* 0x10: @P0 BRA 0x40 */
	sp_add(&p, "LEPC_I", "rd=R2");              /* 0x20 */
	sp_add(&p, "BRA_X", "offset=1");            /* 0x30: BRA 0x50 */
	sp_add(&p, "LEPC_I", "rd=R4");              /* 0x40 */
	sp_add(&p, "BSYNC_X", "breg=B0");           /* 0x50 */
	sp_add(&p, "LEPC_I", "rd=R6");              /* 0x60 */
	sp_add(&p, "EXIT_X", "");                   /* 0x70 */
	sp_pred(&p, 0, 0x0000ffffu);
	CHECK_EQ(sp_run(&p, 32), SIMT_OK);
	CHECK_EQ(lanes_where(&p, 0, 4, 0x40), 0x0000ffffu);
	CHECK_EQ(lanes_where(&p, 0, 2, 0x20), 0xffff0000u);
	CHECK_EQ(lanes_where(&p, 0, 6, 0x60), 0xffffffffu);
	CHECK_EQ(sim_ctx_of(p.sim)->steps, 9);
	CHECK_EQ(sp_warp(&p, 0)->state, SIM_W_EXITED);
	CHECK_EQ(sp_warp(&p, 0)->valid, 0);
	CHECK(strstr(p.trace_last, "\"asm\":\"EXIT\"") != NULL);
	sp_free(&p);
}
