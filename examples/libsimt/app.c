/*
 * app.c - a program built against an installed libsimt:
 *   cc app.c $(pkg-config --cflags --libs simt)
 * Assembles a divergent kernel, runs it on 64 threads and checks every
 * output: out[tid] = odd tid ? 2*tid : tid + 256.  Exit 0 when all match.
 */
#include <stdio.h>
#include <string.h>

#include <simt/sim.h>
#include <simt/simt.h>

static const char kernel[] =
	"k:\n"
	"  S2R R0, SR_TID.X ;\n"
	"  LOP3.LUT P0, RZ, R0, 0x1, RZ, 0xc0, !PT ;\n"
	"  BSSY B0, `(.L_join) ;\n"
	"@P0 BRA `(.L_odd) ;\n"
	"  IADD3 R1, R0, 0x100, RZ ;\n"
	"  BRA `(.L_sync) ;\n"
	".L_odd:\n"
	"  IMAD.SHL.U32 R1, R0, 0x2, RZ ;\n"
	".L_sync:\n"
	"  BSYNC B0 ;\n"
	".L_join:\n"
	"  LDC.64 R2, c[0x0][0x100] ;\n"
	"  IMAD.WIDE.U32 R2, R0, 0x4, R2 ;\n"
	"  STG.E [R2.64], R1 ;\n"
	"  EXIT ;\n";

static int fail(const char *what, simt_status st, const simt_diags *d)
{
	char buf[512];
	fprintf(stderr, "app: %s: %s\n", what, simt_strerror(st));
	for (int i = 0; i < d->count; i++) {
		simt_diag_format(&d->items[i], buf, sizeof buf);
		fprintf(stderr, "%s\n", buf);
	}
	return 1;
}

int main(void)
{
	simt_diags d;
	simt_isa *isa = NULL;
	simt_object *obj = NULL;
	simt_sim *sim = NULL;
	simt_status st;
	uint64_t out;
	uint32_t v[64];
	int bad = 0;

	simt_diags_init(&d);
	printf("libsimt %s\n", simt_version());
	if ((st = simt_isa_load_builtin(&isa, &d)) != SIMT_OK)
		return fail("isa", st, &d);
	if ((st = simt_assemble(isa, "k.s", kernel, sizeof kernel - 1, &obj, &d)) != SIMT_OK)
		return fail("assemble", st, &d);
	if ((st = simt_sim_new(isa, obj, "k", &sim, &d)) != SIMT_OK)
		return fail("sim", st, &d);
	if ((st = simt_sim_alloc(sim, sizeof v, &out, &d)) != SIMT_OK ||
	    (st = simt_sim_set_params(sim, &out, sizeof out, &d)) != SIMT_OK)
		return fail("setup", st, &d);
	simt_launch l;
	simt_launch_init(&l);
	l.block[0] = 64;
	if ((st = simt_sim_run(sim, &l, &d)) != SIMT_OK)
		return fail("run", st, &d);
	if ((st = simt_sim_read(sim, out, v, sizeof v, &d)) != SIMT_OK)
		return fail("read", st, &d);
	for (uint32_t t = 0; t < 64; t++)
		bad += v[t] != ((t & 1) ? 2 * t : t + 256);
	printf("%d of 64 outputs wrong\n", bad);
	simt_sim_free(sim);
	simt_object_free(obj);
	simt_isa_free(isa);
	simt_diags_free(&d);
	return bad != 0;
}
