/*
 * test_sim_checks.c - opt-in checks (simt_launch.checks, --check=LIST):
 * parsing of the list, and that a report does not stop the run (the stores
 * after it happen), is made once per instruction, and makes the run end
 * with SIMT_ERR_RUNTIME; without the check the same program runs clean.
 */
#include <stdlib.h>
#include <string.h>

#include "simt/sim.h"
#include "test.h"

TEST(sim_check_list_parse)
{
	simt_launch l;
	simt_launch_init(&l);
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(l.checks, 0);
	CHECK_EQ(simt_launch_checks(&l, "sync", &d), SIMT_OK);
	CHECK_EQ(l.checks, SIMT_CHECK_SYNC);
	CHECK_EQ(simt_launch_checks(&l, "none", &d), SIMT_OK);
	CHECK_EQ(l.checks, 0);
	CHECK_EQ(simt_launch_checks(&l, "all", &d), SIMT_OK);
	CHECK_EQ(l.checks, SIMT_CHECK_SYNC | SIMT_CHECK_UNIFORM |
			   SIMT_CHECK_RACE | SIMT_CHECK_INIT);
	CHECK_EQ(simt_launch_checks(&l, "race,init", &d), SIMT_OK);
	CHECK_EQ(l.checks, SIMT_CHECK_RACE | SIMT_CHECK_INIT);
	CHECK_EQ(simt_launch_checks(&l, "uniform", &d), SIMT_OK);
	CHECK_EQ(l.checks, SIMT_CHECK_UNIFORM);
	CHECK_EQ(simt_launch_checks(&l, "uniform,sync", &d), SIMT_OK);
	CHECK_EQ(l.checks, SIMT_CHECK_SYNC | SIMT_CHECK_UNIFORM);
	CHECK_EQ(simt_launch_checks(&l, "sync", &d), SIMT_OK);
	CHECK_EQ(simt_launch_checks(&l, "sync,races", &d), SIMT_ERR_ARG);
	CHECK(d.count == 1 && strcmp(d.items[0].message,
				     "unknown check 'races' (sync, uniform, race, init, all, none)") == 0);
	CHECK_EQ(l.checks, SIMT_CHECK_SYNC); /* unchanged after an error */
	simt_diags_free(&d);
}

/* Lane 0 makes the same undefined .NOCOMPLETE arrival twice (a loop), then
 * stores 42. */
static const char prog[] =
	"main:\n"
	"        LDC.64 R8, c[0x0][0x100] ;\n"
	"        MOV R5, 0x2 ;\n"
	".Lloop:\n"
	"@P0     MBAR.INIT [0x8], 0x2 ;\n"
	"@P0     MBAR.ARRIVE.NOCOMPLETE RZ, [0x8], 0x2 ;\n"
	"@P0     MBAR.INVAL [0x8] ;\n"
	"        IADD3 R5, R5, -0x1, RZ ;\n"
	"        ISETP.NE.AND P1, PT, R5, RZ, PT ;\n"
	"@P1     BRA `(.Lloop) ;\n"
	"        MOV R6, 0x2a ;\n"
	"@P0     STG.E [R8.64], R6 ;\n"
	"        EXIT ;\n";

/* Run prog with the given checks; *out = the stored word. */
static simt_status run(uint32_t checks, uint32_t *out, simt_diags *d)
{
	simt_isa *isa = NULL;
	simt_object *o = NULL;
	simt_sim *s = NULL;
	simt_status st = SIMT_ERR_ARG;
	*out = 0;
	if (simt_isa_load_builtin(&isa, d) == SIMT_OK &&
	    simt_assemble(isa, "c.s", prog, strlen(prog), &o, d) == SIMT_OK &&
	    simt_sim_new(isa, o, NULL, &s, d) == SIMT_OK) {
		uint64_t buf = 0;
		simt_reg_init p0 = {SIMT_REG_P, 0, SIMT_RINIT_VALUE, 1};
		simt_launch l;
		simt_launch_init(&l);
		l.dyn_shared = 64;
		l.checks = checks;
		CHECK_EQ(simt_sim_alloc(s, 4, &buf, d), SIMT_OK);
		CHECK_EQ(simt_sim_set_params(s, &buf, 8, d), SIMT_OK);
		CHECK_EQ(simt_sim_set_inits(s, &p0, 1, d), SIMT_OK);
		st = simt_sim_run(s, &l, d);
		CHECK_EQ(simt_sim_read(s, buf, out, 4, d), SIMT_OK);
	}
	simt_sim_free(s);
	simt_object_free(o);
	simt_isa_free(isa);
	return st;
}

TEST(sim_check_sync_reports_and_runs_on)
{
	simt_diags d;
	simt_diags_init(&d);
	uint32_t v = 0;
	CHECK_EQ(run(0, &v, &d), SIMT_OK);
	CHECK_EQ(d.count, 0);
	CHECK_EQ(v, 42);
	CHECK_EQ(run(SIMT_CHECK_SYNC, &v, &d), SIMT_ERR_RUNTIME);
	CHECK_EQ(v, 42); /* the run went on after the report */
	CHECK_EQ(d.count, 1); /* two arrivals at one PC: one report */
	CHECK(d.count && strstr(d.items[0].message,
				"lanes 0x00000001, PC 0x0030 (c.s:6): `@P0 MBAR."
				"ARRIVE.NOCOMPLETE RZ, [0x8], 0x2`: --check=sync: "
				"MBAR.ARRIVE.NOCOMPLETE leaves no arrival and no "
				"byte pending"));
	simt_diags_free(&d);
}
