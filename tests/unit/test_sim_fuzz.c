/*
 * test_sim_fuzz.c - the simulator never crashes or hangs: random programs
 * of random words of every opcode of the builtin ISA (random field values,
 * so also illegal encodings and wild branch targets), 2 warps, a cycle
 * limit.  Every run must end with SIMT_OK or a located runtime error.
 * Run under the sanitizer build by `make check`.
 */
#include "sim_prog.h"

static uint64_t fz = 0x9e3779b97f4a7c15ull;
static uint64_t fz_next(void)
{
	fz ^= fz << 13;
	fz ^= fz >> 7;
	fz ^= fz << 17;
	return fz;
}

/* Random field values of op: constants forced, others random. */
static void random_fields(const isa_opcode *op, uint64_t *f)
{
	codec_defaults(op, f);
	for (int k = 0; k < op->nfields; k++) {
		const isa_field *fd = &op->fields[k];
		if (fd->is_const)
			continue;
		uint64_t v = fz_next();
		if (fd->width < 64)
			v &= (1ull << fd->width) - 1;
		if (fz_next() % 4 == 0) /* small values are more interesting */
			v &= 0x3;
		const isa_type *t = fd->type;
		if (t->cls == ISA_KIND_ENUM && t->nvalues > 0 && fz_next() % 16) {
			v %= (uint64_t)t->nvalues; /* mostly valid values */
			while (!t->values[v])
				v = (v + 1) % (uint64_t)t->nvalues;
		}
		f[k] = v;
	}
}

/* One random word of op, valid for its opcode 15 times out of 16. */
static void random_word(sp_prog *p, const isa_opcode *op)
{
	uint64_t f[ISA_MAX_FIELDS];
	char why[160];
	bool want_valid = fz_next() % 16 != 0;
	for (int tries = 0; tries < 16; tries++) {
		random_fields(op, f);
		if (!want_valid || !codec_validate(op, f, why, sizeof why))
			break;
	}
	uint8_t word[16];
	codec_store(codec_encode(op, f), word);
	obj_section_append(&p->obj->sections[p->text], word, 16);
}

TEST(sim_fuzz_random_programs_terminate)
{
	sp_prog p;
	sp_init(&p);
	int nops = p.isa->nopcodes;
	sp_free(&p);
	int ok = 0, stopped = 0;
	for (int n = 0; n < 2000; n++) {
		sp_init(&p);
		int len = 4 + (int)(fz_next() % 24);
		for (int k = 0; k < len; k++)
			random_word(&p, p.isa->opcodes[fz_next() % (uint64_t)nops]);
		sp_add(&p, "EXIT_X", "");
		sp_pred(&p, 0, (uint32_t)fz_next());
		sp_reg(&p, 1, SIM_INIT_LANE, 0);
		simt_launch l;
		simt_launch_init(&l);
		l.block[0] = 64;
		l.max_cycles = 3000;
		l.policy = (simt_policy)(n % 3);
		l.seed = (uint64_t)n;
		simt_status st = sp_run_launch(&p, &l);
		CHECK(st == SIMT_OK || st == SIMT_ERR_RUNTIME);
		if (st == SIMT_OK)
			ok++;
		else {
			stopped++;
			CHECK(p.d.errors > 0);
		}
		sp_free(&p);
	}
	CHECK(ok > 0);
	CHECK(stopped > 0);
}
