/*
 * test_sim_golden.c - seed 001's getGoldenBranchCondition, transcribed into
 * C over bool arrays exactly as the Python reads (np.any / np.all, boolean
 * indexing), compared with the simulator on thousands of random (valid,
 * active, predicate, UR mask, modifier) cases: once against the mask
 * function and once by issuing the real BRA word on a warp in that state.
 */
#include "sim_prog.h"

enum { M_NONE, M_U, M_DIV, M_CONV };

static bool any(const bool *a) { for (int l = 0; l < 32; l++) if (a[l]) return true; return false; }

/* np.all(x[sel]) / np.all(~x[sel]): True on an empty selection. */
static bool all_sel(const bool *x, const bool *sel, bool neg)
{
	for (int l = 0; l < 32; l++)
		if (sel[l] && (neg ? x[l] : !x[l]))
			return false;
	return true;
}

static void golden(const bool *act, const bool *val, const bool *pg, int modi,
		   const bool *ur, bool *out)
{
	bool pgv[32], t[32];
	for (int l = 0; l < 32; l++) {
		pgv[l] = pg[l] && act[l];
		out[l] = false;
	}
	if (!ur) {
		for (int l = 0; l < 32; l++)
			t[l] = pgv[l] ^ val[l];
		bool is_div = any(t);
		if (modi == M_NONE)
			memcpy(out, pgv, sizeof pgv);
		else if (modi == M_U) {
			bool a = all_sel(pgv, act, false);
			for (int l = 0; l < 32; l++)
				if (act[l])
					out[l] = a;
		} else if (modi == M_DIV) {
			if (is_div)
				memcpy(out, pgv, sizeof pgv);
		} else if (!is_div) {
			memcpy(out, pgv, sizeof pgv);
		}
		return;
	}
	for (int l = 0; l < 32; l++)
		t[l] = (val[l] ^ act[l]) && ur[l];
	bool is_div;
	if (any(t)) {
		is_div = true;
	} else if (!(all_sel(pgv, act, false) || all_sel(pgv, act, true))) {
		for (int l = 0; l < 32; l++)
			t[l] = act[l] && !pg[l] && ur[l];
		is_div = any(t);
	} else {
		is_div = false;
	}
	bool v = modi == M_DIV ? any(pgv) && is_div : any(pgv) && !is_div;
	for (int l = 0; l < 32; l++)
		if (act[l])
			out[l] = v;
}

static void to_bools(uint32_t m, bool *b)
{
	for (int l = 0; l < 32; l++)
		b[l] = m >> l & 1;
}

static uint32_t to_mask(const bool *b)
{
	uint32_t m = 0;
	for (int l = 0; l < 32; l++)
		m |= (uint32_t)b[l] << l;
	return m;
}

static uint64_t rng = 0x1234567;
static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)rng;
}

/* A random mask biased toward the interesting shapes (all, none, halves). */
static uint32_t rnd_mask(void)
{
	switch (rnd() % 6) {
	case 0: return ~0u;
	case 1: return 0;
	case 2: return 0x0000ffffu << (rnd() % 2 * 16);
	case 3: return 1u << (rnd() % 32);
	default: return rnd();
	}
}

typedef struct bcase {
	uint32_t valid, active, pg, ur;
	int modi;
	bool has_ur;
} bcase;

static bcase rnd_case(void)
{
	bcase c;
	do {
		c.valid = rnd_mask();
		c.active = rnd_mask() & c.valid;
	} while (!c.active);
	c.pg = rnd_mask();
	c.ur = rnd_mask();
	c.has_ur = rnd() % 2;
	c.modi = c.has_ur ? M_DIV + (int)(rnd() % 2) : (int)(rnd() % 4);
	return c;
}

static uint32_t golden_mask(const bcase *c)
{
	bool a[32], v[32], g[32], u[32], out[32];
	to_bools(c->active, a);
	to_bools(c->valid, v);
	to_bools(c->pg, g);
	to_bools(c->ur, u);
	golden(a, v, g, c->modi, c->has_ur ? u : NULL, out);
	return to_mask(out);
}

TEST(sim_golden_branch_condition_mask)
{
	int bad = 0;
	for (int n = 0; n < 20000 && bad < 5; n++) {
		bcase c = rnd_case();
		uint32_t want = golden_mask(&c);
		uint32_t got = sim_bra_mask(c.active, c.valid, c.pg, c.modi,
					    c.has_ur, c.ur);
		if (got != want) {
			bad++;
			test_fail(__FILE__, __LINE__,
				  "v=%08x a=%08x pg=%08x ur=%08x(%d) modi=%d: "
				  "golden %08x sim %08x", c.valid, c.active, c.pg,
				  c.ur, c.has_ur, c.modi, want, got);
		}
	}
}

/* Issue the real BRA words on a warp in each random state. */
TEST(sim_golden_branch_condition_issue)
{
	sp_prog p;
	sp_init(&p);
	static const char *mod[] = {"NoCond", "U", "DIV", "CONV"};
	char buf[96];
	for (int m = 0; m < 4; m++) { /* BRA_X.mod @P0 -> 0x200 */
		snprintf(buf, sizeof buf, "cond=%s pg=P0 offset=%d", mod[m],
			 (0x200 - (m * 16 + 16)) / 16);
		sp_add(&p, "BRA_X", buf);
	}
	for (int m = 2; m < 4; m++) { /* BRA_U.mod @P0 UR4 -> 0x200 */
		snprintf(buf, sizeof buf, "cond=%s pg=P0 ura=UR4 offset=%d",
			 mod[m], (0x200 - (m * 16 + 48)) / 16);
		sp_add(&p, "BRA_U", buf);
	}
	sp_add(&p, "EXIT_X", "");
	CHECK_EQ(sp_run(&p, 32), SIMT_OK);
	sim_warp *w = sp_warp(&p, 0);
	int bad = 0;
	for (int n = 0; n < 5000 && bad < 5; n++) {
		bcase c = rnd_case();
		uint64_t pc = c.has_ur ? (uint64_t)(64 + 16 * (c.modi - M_DIV))
				       : (uint64_t)(16 * c.modi);
		w->state = SIM_W_READY;
		w->valid = c.valid;
		w->active = c.active;
		w->active_pc = pc;
		w->p[0] = c.pg;
		w->ur[4] = c.ur;
		sim_rpc_reset(w, 0x1000);
		sim_step(w);
		uint32_t b = golden_mask(&c);
		uint32_t want_active = b == 0 || b == c.active ? c.active
							       : c.active & ~b;
		uint64_t want_pc = b == c.active ? 0x200 : pc + 16;
		bool ok = w->active == want_active && w->active_pc == want_pc;
		for (int l = 0; l < 32; l++)
			if (b != c.active && (b >> l & 1) && sim_rpc(w, (uint32_t)l) != 0x200)
				ok = false;
		if (!ok) {
			bad++;
			test_fail(__FILE__, __LINE__,
				  "v=%08x a=%08x pg=%08x ur=%08x(%d) modi=%d: "
				  "golden %08x, sim active %08x pc %llx", c.valid,
				  c.active, c.pg, c.ur, c.has_ur, c.modi, b,
				  w->active, (unsigned long long)w->active_pc);
		}
	}
	sp_free(&p);
}
