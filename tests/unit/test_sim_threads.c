/*
 * test_sim_threads.c - the life cycle of a handle's worker threads
 * (src/sim/par.c, docs/architecture.md): one handle runs launch after
 * launch on its parked threads, with more threads than it started, with
 * one, with a grid too small for two, and frees them at the end.  Every
 * thread of every CTA adds 1 into one word (contended from every group),
 * so a launch whose workers were handed the wrong groups, ran one twice
 * or not at all shows in the word and in the counts.
 */
#include <string.h>

#include "simt/simt.h"
#include "simt/sim.h"
#include "test.h"

static const char add_one[] =
	"main:\n"
	"    LDC.64 R2, c[0x0][0x100] ;\n"
	"    MOV R4, 0x1 ;\n"
	"    ATOMG.E.ADD RZ, [R2.64], R4 ;\n"
	"    EXIT ;\n";

/* Run grid CTAs of 32 threads, 2 resident, in groups of 4 CTAs. */
static void run_on(simt_sim *s, uint64_t addr, uint32_t grid, uint32_t threads,
		   uint32_t workers)
{
	uint32_t before = 0, after = 0;
	CHECK_EQ(simt_sim_read(s, addr, &before, 4, NULL), SIMT_OK);
	simt_launch l;
	simt_launch_init(&l);
	l.grid[0] = grid;
	l.block[0] = 32;
	l.resident = 2;
	l.cta_group = 4;
	l.threads = threads;
	CHECK_EQ(simt_sim_run(s, &l, NULL), SIMT_OK);
	simt_sim_stats st;
	simt_sim_get_stats(s, &st);
	CHECK_EQ(st.workers, workers);
	CHECK_EQ(st.steps, (uint64_t)grid * 4);
	CHECK_EQ(simt_sim_read(s, addr, &after, 4, NULL), SIMT_OK);
	CHECK_EQ(after - before, 32 * grid);
}

TEST(sim_threads_handle_keeps_its_workers)
{
	simt_isa *isa = NULL;
	simt_object *o = NULL;
	simt_sim *s = NULL;
	uint64_t addr = 0;
	CHECK_EQ(simt_isa_load_builtin(&isa, NULL), SIMT_OK);
	if (isa)
		CHECK_EQ(simt_assemble(isa, "t.s", add_one, strlen(add_one), &o,
				       NULL), SIMT_OK);
	if (o)
		CHECK_EQ(simt_sim_new(isa, o, NULL, &s, NULL), SIMT_OK);
	if (s) {
		CHECK_EQ(simt_sim_alloc(s, 4, &addr, NULL), SIMT_OK);
		CHECK_EQ(simt_sim_set_params(s, &addr, 8, NULL), SIMT_OK);
		run_on(s, addr, 64, 2, 2); /* 16 groups on two threads       */
		run_on(s, addr, 64, 2, 2); /* again: the same parked thread  */
		run_on(s, addr, 64, 4, 4); /* more than the handle started   */
		run_on(s, addr, 64, 1, 0); /* one thread: the others idle    */
		run_on(s, addr, 4, 2, 0);  /* one group: no second thread    */
		run_on(s, addr, 12, 4, 3); /* three groups: three workers    */
		run_on(s, addr, 64, 3, 3);
	}
	simt_sim_free(s); /* joins them (ThreadSanitizer, memcheck: no leak) */
	simt_object_free(o);
	simt_isa_free(isa);
}
