/*
 * test_sim_threads.c - the life cycle of a handle's worker threads
 * (src/sim/par.c, docs/architecture.md): one handle runs launch after
 * launch on its parked threads, with more threads than it started, with
 * one, with a grid too small for two, and frees them at the end.  Every
 * thread of every CTA adds 1 into one word (contended from every group),
 * so a launch whose workers were handed the wrong groups, ran one twice
 * or not at all shows in the word and in the counts.
 */
#include <dirent.h>
#include <string.h>
#include <unistd.h>

#include "simt/simt.h"
#include "simt/sim.h"
#include "test.h"

static const char add_one[] =
	"main:\n"
	"    LDC.64 R2, c[0x0][0x100] ;\n"
	"    MOV R4, 0x1 ;\n"
	"    ATOMG.E.ADD RZ, [R2.64], R4 ;\n"
	"    EXIT ;\n";

/* A handle on add_one (NULL, with a failed check, when a step fails). */
static simt_sim *open_add_one(simt_isa **isa, simt_object **o)
{
	simt_sim *s = NULL;
	CHECK_EQ(simt_isa_load_builtin(isa, NULL), SIMT_OK);
	if (*isa)
		CHECK_EQ(simt_assemble(*isa, "t.s", add_one, strlen(add_one), o,
				       NULL), SIMT_OK);
	if (*o)
		CHECK_EQ(simt_sim_new(*isa, *o, NULL, &s, NULL), SIMT_OK);
	return s;
}

/* grid CTAs of 32 threads, 2 resident, in groups of 4 CTAs. */
static simt_launch launch_of(uint32_t grid, uint32_t threads)
{
	simt_launch l;
	simt_launch_init(&l);
	l.grid[0] = grid;
	l.block[0] = 32;
	l.resident = 2;
	l.cta_group = 4;
	l.threads = threads;
	return l;
}

static void run_on(simt_sim *s, uint64_t addr, uint32_t grid, uint32_t threads,
		   uint32_t workers)
{
	uint32_t before = 0, after = 0;
	CHECK_EQ(simt_sim_read(s, addr, &before, 4, NULL), SIMT_OK);
	simt_launch l = launch_of(grid, threads);
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
	simt_sim *s = open_add_one(&isa, &o);
	uint64_t addr = 0;
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

/* The process's threads (Linux: /proc/self/task), -1 elsewhere. */
static int threads_now(void)
{
	DIR *d = opendir("/proc/self/task");
	if (!d)
		return -1;
	int n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* simt_sim_prepare starts the threads of a launch that will use them, and
 * none for one that runs on the calling thread alone; the launches after
 * it give the same results as without it. */
TEST(sim_threads_prepare_starts_only_what_a_launch_uses)
{
	simt_isa *isa = NULL;
	simt_object *o = NULL;
	simt_sim *s = open_add_one(&isa, &o);
	uint64_t addr = 0;
	int t0 = threads_now();
	bool multi = sysconf(_SC_NPROCESSORS_ONLN) >= 2 && t0 > 0;
	if (s) {
		CHECK_EQ(simt_sim_alloc(s, 4, &addr, NULL), SIMT_OK);
		CHECK_EQ(simt_sim_set_params(s, &addr, 8, NULL), SIMT_OK);
		simt_launch one = launch_of(4, 2), seq = launch_of(64, 1),
			    zero = launch_of(0, 2), dflt;
		simt_launch_init(&dflt); /* 1 CTA */
		simt_sim_prepare(s, &one);  /* one group               */
		simt_sim_prepare(s, &seq);  /* --threads 1             */
		simt_sim_prepare(s, &zero); /* no CTAs: the run's error */
		simt_sim_prepare(s, &dflt);
		simt_sim_prepare(s, NULL);
		simt_sim_prepare(NULL, &one);
		if (t0 > 0)
			CHECK_EQ(threads_now(), t0);
		run_on(s, addr, 4, 2, 0);
		simt_launch two = launch_of(64, 2);
		simt_sim_prepare(s, &two);
		if (multi)
			CHECK(threads_now() > t0);
		run_on(s, addr, 64, 2, 2);
		simt_sim_prepare(s, &two); /* started: nothing more     */
		int t1 = threads_now();
		run_on(s, addr, 64, 2, 2);
		CHECK_EQ(threads_now(), t1);
	}
	simt_sim_free(s);
	if (t0 > 0)
		CHECK_EQ(threads_now(), t0);
	simt_object_free(o);
	simt_isa_free(isa);
}
