/*
 * warp_ops.c - the warp collectives: VOTE, VOTEU, SHFL, MATCH, REDUX, ELECT
 * (isa/warp.isa; semantics in docs/semantics.md, "Warp collectives,
 * atomics and fences").
 *
 * Requires: predecode.c filled i->op[] (pp stays an operand: these rows do
 * not set SIM_F_PPGUARD).  sim_wp_prep() finds the operands by field name
 * and the modifiers by value name, once:
 *   aux[0]  operand index per WP_* slot, 4 bits each (0xF: absent)
 *   aux[1]  index of the mode / op value name in the optype's name table
 *   aux[2]  WP_U64, WP_NAN, WP_ABS flags and the REDUX type (WP_TYPE)
 *   aux[3]  SHFL with immediate lane and clamp: WP_PERM, and in bits 0-31
 *           the lanes whose source is in range; lane_src[] holds the
 *           source lane of every lane (the permutation depends only on
 *           the mode, b and c, so it is computed here once).  When it is
 *           two runs of consecutive lanes (DOWN and UP without segments),
 *           WP_RUNS and the runs: lanes [0, n) read from l + d0, lanes
 *           [n, 32) from l + d1 (WP_RUN_N, WP_RUN_D0, WP_RUN_D1)
 * Produces: destination registers and predicates of the lanes of pmask.
 *
 * Every collective first checks its groups (wp_groups): each issuing lane
 * must be in its own membermask, every live member of a lane's mask must
 * be issuing, and all members of a group must name the same mask.  The
 * group of lane l is then mask(l) & ValidMask, and the groups partition
 * pmask.  A violation stops the run with the lanes and the PC.
 */
#include <math.h>
#include <string.h>

#include "sim/hb.h"
#include "sim/sim.h"

enum { WP_RD, WP_PU, WP_RA, WP_B, WP_C, WP_MASK, WP_PP, WP_NSLOTS };

#define WP_U64 1u          /* MATCH.U64                          */
#define WP_NAN 2u          /* REDUX.NAN                          */
#define WP_ABS 4u          /* REDUX.ABS                          */
#define WP_TYPE(aux) (((aux) >> 4) & 3) /* REDUX: 0 U32, 1 S32, 2 F32 */
#define WP_PERM (1ull << 32) /* SHFL: aux[3] and lane_src[] are valid */
#define WP_RUNS (1ull << 33) /* SHFL: ... and the permutation is two runs */
#define WP_RUN_N(aux) ((int)((aux) >> 40 & 63))
#define WP_RUN_D0(aux) ((int)((aux) >> 48 & 63) - 32)
#define WP_RUN_D1(aux) ((int)((aux) >> 56 & 63) - 32)

/* Value names the handlers understand, per field; the index is the code. */
static const char *const vote_modes[] = {"ALL", "ANY", "EQ", NULL};
static const char *const shfl_modes[] = {"IDX", "UP", "DOWN", "BFLY", NULL};
static const char *const match_modes[] = {"ANY", "ALL", NULL};
static const char *const redux_ops[] = {"SUM", "MIN", "MAX", "AND", "OR", "XOR", NULL};
static const char *const redux_types[] = {"U32", "S32", "F32", NULL};
enum { V_ALL, V_ANY, V_EQ };
enum { S_IDX, S_UP, S_DOWN, S_BFLY };
enum { M_ANY, M_ALL };
enum { R_SUM, R_MIN, R_MAX, R_AND, R_OR, R_XOR };
enum { T_U32, T_S32, T_F32 };

/* ---- predecode ---------------------------------------------------------- */

static uint32_t shfl_src(int mode, const uint32_t *b, const uint32_t *c,
			 uint32_t j[SIM_LANES]);

/* SHFL with immediate b and c: its permutation into lane_src, once. */
static void shfl_prep_perm(sim_inst *i)
{
	const sim_opnd *ob = &i->op[sim_slot(i, WP_B)], *oc = &i->op[sim_slot(i, WP_C)];
	if (ob->kind != SIM_O_IMM || oc->kind != SIM_O_IMM)
		return;
	uint32_t b[SIM_LANES], c[SIM_LANES], j[SIM_LANES];
	for (int l = 0; l < SIM_LANES; l++) {
		b[l] = (uint32_t)ob->imm;
		c[l] = (uint32_t)oc->imm;
	}
	uint32_t inr = shfl_src((int)i->aux[1], b, c, j);
	for (int l = 0; l < SIM_LANES; l++)
		i->lane_src[l] = (uint8_t)j[l];
	uint64_t aux = WP_PERM | inr;
	/* two runs of consecutive sources: the first ends where the offset
	   changes, the second must keep its own offset to lane 31 */
	int d0 = (int)j[0], n = 1;
	while (n < SIM_LANES && (int)j[n] - n == d0)
		n++;
	int d1 = n < SIM_LANES ? (int)j[n] - n : 0, e = n;
	while (e < SIM_LANES && (int)j[e] - e == d1)
		e++;
	if (e == SIM_LANES)
		aux |= WP_RUNS | (uint64_t)n << 40 | (uint64_t)(d0 + 32) << 48 |
		       (uint64_t)(d1 + 32) << 56;
	i->aux[3] = (int64_t)aux;
}

/* Operand k exists and has one of the kinds of the bit set `kinds`. */
static bool has(const sim_inst *i, int k, unsigned kinds)
{
	return k != SIM_SLOT_NONE && (kinds >> i->op[k].kind & 1);
}
#define K(x) (1u << (x))

simt_status sim_wp_prep(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	static const char *const fields[WP_NSLOTS] = {"rd", "pu", "ra", "b",
						      "c", "mask", "pp"};
	if (!i->opc)
		return SIMT_OK;
	int ks[WP_NSLOTS];
	for (int s = 0; s < WP_NSLOTS; s++)
		ks[s] = sim_opnd_find(i, fields[s]);
	i->aux[0] = (int64_t)sim_slots_pack(ks, WP_NSLOTS);
	const char *const *modes = i->optype == SIM_OP_SHFL    ? shfl_modes
				   : i->optype == SIM_OP_MATCH ? match_modes
				   : i->optype == SIM_OP_REDUX ? redux_ops
							   : vote_modes;
	int mode = sim_enum_index(i, i->optype == SIM_OP_REDUX ? "op" : "mode", modes, 0);
	int type = sim_enum_index(i, "type", redux_types, T_U32);
	static const char *const u64[] = {"U32", "U64", NULL};
	static const char *const nan[] = {"NoNAN", "NAN", NULL};
	static const char *const abs_[] = {"NoABS", "ABS", NULL};
	int size = sim_enum_index(i, "size", u64, 0);
	int fnan = sim_enum_index(i, "nan", nan, 0), fabs_ = sim_enum_index(i, "abs", abs_, 0);
	i->aux[1] = mode;
	i->aux[2] = (size == 1 ? WP_U64 : 0) | (fnan == 1 ? WP_NAN : 0) |
		    (fabs_ == 1 ? WP_ABS : 0) | (uint64_t)(type & 3) << 4;

	/* The shapes the handlers read (a user's --isa may differ). */
	const unsigned val = K(SIM_O_REG) | K(SIM_O_IMM);
	bool ok = mode >= 0 && type >= 0 && size >= 0 && fnan >= 0 &&
		  fabs_ >= 0 && has(i, sim_slot(i, WP_MASK), val);
	if (i->optype == SIM_OP_VOTEU)
		ok = ok && has(i, sim_slot(i, WP_RD), K(SIM_O_UREG)) &&
		     has(i, sim_slot(i, WP_PU), K(SIM_O_UPRED)) &&
		     has(i, sim_slot(i, WP_PP), K(SIM_O_PRED));
	else if (i->optype == SIM_OP_VOTE)
		ok = ok && has(i, sim_slot(i, WP_RD), K(SIM_O_REG)) &&
		     has(i, sim_slot(i, WP_PU), K(SIM_O_PRED)) &&
		     has(i, sim_slot(i, WP_PP), K(SIM_O_PRED));
	else if (i->optype == SIM_OP_SHFL)
		ok = ok && has(i, sim_slot(i, WP_RD), K(SIM_O_REG)) &&
		     has(i, sim_slot(i, WP_RA), K(SIM_O_REG)) &&
		     has(i, sim_slot(i, WP_B), val) && has(i, sim_slot(i, WP_C), val) &&
		     has(i, sim_slot(i, WP_PU), K(SIM_O_PRED));
	else if (i->optype == SIM_OP_ELECT)
		ok = ok && has(i, sim_slot(i, WP_PU), K(SIM_O_PRED)) &&
		     has(i, sim_slot(i, WP_RD), K(SIM_O_REG));
	else /* MATCH, REDUX */
		ok = ok && has(i, sim_slot(i, WP_RD), K(SIM_O_REG)) &&
		     has(i, sim_slot(i, WP_RA), K(SIM_O_REG));
	if (ok && i->optype == SIM_OP_SHFL)
		shfl_prep_perm(i);
	return sim_prep_need(i, ok, "membermask, registers and predicates as "
				    "isa/warp.isa declares them");
}

/* ---- groups ---------------------------------------------------------------- */

/* Value of operand k (register or immediate) in lane l. */
static uint32_t val32(const sim_warp *w, const sim_inst *i, int k, int l)
{
	const sim_opnd *o = &i->op[k];
	return o->kind == SIM_O_REG ? w->r[o->reg][l] : (uint32_t)o->imm;
}

/*
 * The group of every lane of pmask into g[] (membermask & ValidMask), after
 * checking the three rules of the file comment.  false after sim_raise().
 */
static bool wp_groups(sim_warp *w, const sim_inst *i, uint32_t pmask,
		      uint32_t g[SIM_LANES])
{
	int km = sim_slot(i, WP_MASK);
	const char *name = i->opc->optype->name;
	uint32_t outside = 0, missing = 0;
	bool uniform = i->op[km].kind == SIM_O_IMM;
	if (uniform) { /* one mask for all lanes: one group */
		uint32_t mm = (uint32_t)i->op[km].imm, grp = mm & w->valid;
		outside = pmask & ~mm;
		missing = grp & ~pmask;
		for (int l = 0; l < SIM_LANES; l++)
			g[l] = grp;
	} else {
		const uint32_t *row = w->r[i->op[km].reg];
		memset(g, 0, SIM_LANES * sizeof *g);
		for (uint32_t m = pmask; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			if (!(row[l] >> l & 1))
				outside |= 1u << l;
			g[l] = row[l] & w->valid;
			missing |= g[l] & ~pmask;
		}
	}
	if (outside) {
		sim_raise(w, i, outside, SIM_STOP_EXCEPTION,
			  "%s: lanes 0x%08x are not in their own membermask",
			  name, outside);
		return false;
	}
	if (missing & ~w->active) {
		sim_raise(w, i, missing & ~w->active, SIM_STOP_EXCEPTION,
			  "%s: member lanes 0x%08x are live but not converged "
			  "with the issuing lanes 0x%08x (not in ActiveMask)",
			  name, missing & ~w->active, pmask);
		return false;
	}
	if (missing) {
		sim_raise(w, i, missing, SIM_STOP_EXCEPTION,
			  "%s: member lanes 0x%08x are active but do not execute "
			  "it (guard false)", name, missing);
		return false;
	}
	if (w->ctx->hb) /* a collective orders its group's lanes */
		hb_warp_join(w, pmask);
	if (uniform)
		return true;
	/* Each group once: lane l's group G holds l and only issuing lanes
	   (checked above); when every member's group is G, the pairs of the
	   loop below within G all agree.  A mismatch: the loop names it. */
	uint32_t done = 0, differ = 0;
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		if (done >> l & 1)
			continue;
		for (uint32_t o = g[l]; o; o &= o - 1)
			differ |= g[sim_ffs(o)] ^ g[l];
		done |= g[l];
	}
	if (!differ)
		return true;
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		for (uint32_t o = g[l]; o; o &= o - 1) {
			int k = (int)sim_ffs(o);
			if (g[k] != g[l]) {
				sim_raise(w, i, (1u << l) | (1u << k),
					  SIM_STOP_EXCEPTION,
					  "%s: members of one group name different "
					  "membermasks (lane %d: 0x%08x, lane %d: "
					  "0x%08x)", name, l, val32(w, i, km, l), k,
					  val32(w, i, km, k));
				return false;
			}
		}
	}
	return true;
}

/* Write bits v of the lanes of g into destination predicate slot s. */
static void put_pred(sim_warp *w, const sim_inst *i, int s, uint32_t v, uint32_t g)
{
	int k = sim_slot(i, s);
	if (k == SIM_SLOT_NONE)
		return;
	uint32_t *p = &w->p[i->op[k].reg];
	*p = (*p & ~g) | (v & g);
}

/* Register row of destination slot s (the sink when absent). */
static uint32_t *dst_row(sim_warp *w, const sim_inst *i, int s)
{
	int k = sim_slot(i, s);
	return k == SIM_SLOT_NONE ? w->r[SIM_RSINK] : w->r[i->op[k].reg];
}

static uint32_t vote(int mode, uint32_t ballot, uint32_t g)
{
	bool r = mode == V_ALL   ? ballot == g
		 : mode == V_ANY ? ballot != 0
				 : ballot == 0 || ballot == g;
	return r ? g : 0;
}

static uint32_t ballot_of(const sim_warp *w, const sim_inst *i, uint32_t g)
{
	const sim_opnd *p = &i->op[sim_slot(i, WP_PP)];
	return sim_pred(w, p->reg, p->neg) & g;
}

/* ---- VOTE / VOTEU --------------------------------------------------------------- */

void sim_wp_vote(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t g[SIM_LANES];
	if (!wp_groups(w, i, pmask, g))
		return;
	uint32_t *rd = dst_row(w, i, WP_RD);
	for (uint32_t rem = pmask; rem;) {
		uint32_t grp = g[sim_ffs(rem)];
		uint32_t b = ballot_of(w, i, grp);
		for (uint32_t m = grp; m; m &= m - 1)
			rd[sim_ffs(m)] = b;
		put_pred(w, i, WP_PU, vote((int)i->aux[1], b, grp), grp);
		rem &= ~grp;
	}
}

void sim_wp_voteu(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t g[SIM_LANES];
	if (!wp_groups(w, i, pmask, g))
		return;
	uint32_t grp = g[sim_ffs(pmask)];
	if (grp != pmask) {
		sim_raise(w, i, pmask, SIM_STOP_EXCEPTION,
			  "VOTEU: the issuing lanes 0x%08x form more than one "
			  "group (one is 0x%08x); a uniform result needs one",
			  pmask, grp);
		return;
	}
	uint32_t b = ballot_of(w, i, grp);
	w->ur[i->op[sim_slot(i, WP_RD)].reg] = b;
	w->up[i->op[sim_slot(i, WP_PU)].reg] = vote((int)i->aux[1], b, grp) != 0;
}

/* ---- SHFL ------------------------------------------------------------------------ */

/* Row of 32 values of operand k (register row, or an immediate spread). */
static const uint32_t *row_of(const sim_warp *w, const sim_inst *i, int k,
			      uint32_t tmp[SIM_LANES])
{
	const sim_opnd *o = &i->op[k];
	if (o->kind == SIM_O_REG)
		return w->r[o->reg];
	for (int l = 0; l < SIM_LANES; l++)
		tmp[l] = (uint32_t)o->imm;
	return tmp;
}

/*
 * Source lane j[l] of every lane (PTX shfl.sync) and the in-range mask.
 * One loop per mode, no branch inside: the compiler vectorises them.
 */
static uint32_t shfl_src(int mode, const uint32_t *b, const uint32_t *c,
			 uint32_t j[SIM_LANES])
{
	uint8_t in[SIM_LANES];
#define SHFL_LOOP(SRC, OK)                                                     \
	for (int l = 0; l < SIM_LANES; l++) {                                  \
		int bval = (int)(b[l] & 31), seg = (int)(c[l] >> 8 & 31);      \
		int max_lane = (l & seg) | ((int)(c[l] & 31) & ~seg);          \
		int s = (SRC);                                                 \
		bool ok = (OK);                                                \
		in[l] = ok;                                                    \
		j[l] = (uint32_t)(ok ? s : l);                                 \
	}
	switch (mode) {
	case S_UP: SHFL_LOOP(l - bval, s >= max_lane) break;
	case S_DOWN: SHFL_LOOP(l + bval, s <= max_lane) break;
	case S_BFLY: SHFL_LOOP(l ^ bval, s <= max_lane) break;
	default: SHFL_LOOP((l & seg) | (bval & ~seg), s <= max_lane) break;
	}
#undef SHFL_LOOP
	uint32_t m = 0;
	for (int l = 0; l < SIM_LANES; l++)
		m |= (uint32_t)in[l] << l;
	return m;
}

/*
 * SHFL whose lane, clamp and membermask are immediates: one group, the
 * permutation from predecode.  The same result as the general path below;
 * false (nothing done) when a rule is broken, so that the general path
 * reports it with its usual diagnostic.
 */
static bool shfl_fixed(sim_warp *w, const sim_inst *i, uint32_t pmask,
		       uint32_t mm)
{
	uint32_t grp = mm & w->valid;
	const uint8_t *j = i->lane_src;
	if ((pmask & ~mm) | (grp & ~pmask))
		return false;
	if (grp != 0xffffffffu) { /* a source outside the group? */
		uint32_t bad = 0;
		for (int l = 0; l < SIM_LANES; l++)
			bad |= (~grp >> j[l] & 1) << l;
		if (bad & pmask)
			return false;
	}
	if (w->ctx->hb) /* a collective orders its group's lanes */
		hb_warp_join(w, pmask);
	const uint32_t *a = w->r[i->op[sim_slot(i, WP_RA)].reg];
	uint32_t tmp[SIM_LANES];
	uint32_t *rd = dst_row(w, i, WP_RD);
	/* the whole warp into a row other than the source: gather straight
	   into it, else into tmp and merge the pmask lanes */
	bool direct = pmask == 0xffffffffu && rd != a;
	uint32_t *out = direct ? rd : tmp;
	uint64_t aux = (uint64_t)i->aux[3];
	if (aux & WP_RUNS) { /* two runs: a copy each */
		int n = WP_RUN_N(aux);
		/* through the library's memmove: inlined, a copy of a
		   variable size becomes `rep movs`, whose start-up costs more
		   than these few bytes */
		memmove(out, a + WP_RUN_D0(aux), (size_t)n * sizeof *out);
		memmove(out + n, a + n + WP_RUN_D1(aux),
			(size_t)(SIM_LANES - n) * sizeof *out);
	} else {
		for (int l = 0; l < SIM_LANES; l++)
			out[l] = a[j[l]];
	}
	if (direct)
		;
	else if (pmask == 0xffffffffu)
		memcpy(rd, tmp, sizeof tmp);
	else
		for (int l = 0; l < SIM_LANES; l++) { /* merge the pmask lanes */
			uint32_t take = 0u - (uint32_t)((pmask & sim_lane_bit[l]) != 0);
			rd[l] = (tmp[l] & take) | (rd[l] & ~take);
		}
	put_pred(w, i, WP_PU, (uint32_t)i->aux[3], pmask);
	return true;
}

void sim_wp_shfl(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t g[SIM_LANES], out[SIM_LANES], j[SIM_LANES];
	uint32_t tb[SIM_LANES], tc[SIM_LANES];
	const sim_opnd *om = &i->op[sim_slot(i, WP_MASK)];
	if (((uint64_t)i->aux[3] & WP_PERM) && om->kind == SIM_O_IMM &&
	    shfl_fixed(w, i, pmask, (uint32_t)om->imm))
		return;
	if (!wp_groups(w, i, pmask, g))
		return;
	const uint32_t *a = w->r[i->op[sim_slot(i, WP_RA)].reg];
	const uint32_t *b = row_of(w, i, sim_slot(i, WP_B), tb);
	const uint32_t *c = row_of(w, i, sim_slot(i, WP_C), tc);
	uint32_t inr = shfl_src((int)i->aux[1], b, c, j), bad = 0;
	for (int l = 0; l < SIM_LANES; l++)
		out[l] = a[j[l]];
	if ((g[0] & g[31]) != 0xffffffffu) { /* not one whole-warp group */
		for (int l = 0; l < SIM_LANES; l++)
			bad |= (~g[l] >> j[l] & 1) << l;
		bad &= pmask;
	}
	if (bad) {
		int l = (int)sim_ffs(bad);
		sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION,
			  "SHFL: lane %d reads lane %u, which is not a live "
			  "member of its group 0x%08x (undefined in PTX)",
			  l, j[l], g[l]);
		return;
	}
	uint32_t *rd = dst_row(w, i, WP_RD);
	if (pmask == 0xffffffffu)
		memcpy(rd, out, sizeof out);
	else
		for (uint32_t m = pmask; m; m &= m - 1)
			rd[sim_ffs(m)] = out[sim_ffs(m)];
	put_pred(w, i, WP_PU, inr, pmask);
}

/* ---- MATCH -------------------------------------------------------------------------- */

void sim_wp_match(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t g[SIM_LANES], out[SIM_LANES], all = 0;
	if (!wp_groups(w, i, pmask, g))
		return;
	unsigned r = i->op[sim_slot(i, WP_RA)].reg;
	bool wide = (i->aux[2] & WP_U64) && r < SIM_RZ;
	uint64_t v[SIM_LANES];
	for (int l = 0; l < SIM_LANES; l++)
		v[l] = w->r[r][l] | (wide ? (uint64_t)w->r[r + 1][l] << 32 : 0);
	/* the lanes of one group with one value share their answer: found
	   once for the first of them (wp_groups checked that the members of
	   a group name the same group) */
	uint32_t done = 0;
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		if (done >> l & 1)
			continue;
		uint32_t same = 0;
		for (uint32_t o = g[l]; o; o &= o - 1)
			same |= (uint32_t)(v[sim_ffs(o)] == v[l]) << sim_ffs(o);
		done |= same;
		for (uint32_t o = same; o; o &= o - 1) {
			int k = (int)sim_ffs(o);
			if (i->aux[1] == M_ANY)
				out[k] = same;
			else {
				out[k] = same == g[k] ? g[k] : 0;
				all |= (uint32_t)(same == g[k]) << k;
			}
		}
	}
	uint32_t *rd = dst_row(w, i, WP_RD);
	for (uint32_t m = pmask; m; m &= m - 1)
		rd[sim_ffs(m)] = out[sim_ffs(m)];
	if (i->aux[1] == M_ALL)
		put_pred(w, i, WP_PU, all, pmask);
}

/* ---- REDUX -------------------------------------------------------------------------- */

static float f32_of(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* a before b in the order of MIN (-0 below +0; neither is NaN). */
static bool f32_less(uint32_t a, uint32_t b)
{
	if (((a | b) & 0x7fffffffu) == 0)
		return (a >> 31) > (b >> 31);
	return f32_of(a) < f32_of(b);
}

#define F32_CANON_NAN 0x7fffffffu

/* One step of the reduction: acc op x. */
static uint32_t redux_step(int op, int type, uint32_t acc, uint32_t x)
{
	bool less;
	switch (op) {
	case R_SUM: return acc + x;
	case R_AND: return acc & x;
	case R_OR: return acc | x;
	case R_XOR: return acc ^ x;
	default: break;
	}
	if (type == T_S32)
		less = (int32_t)x < (int32_t)acc;
	else if (type == T_F32)
		less = f32_less(x, acc);
	else
		less = x < acc;
	return (op == R_MIN) == less ? x : acc;
}

/* Reduce the lanes of g of row a. */
static uint32_t redux_group(const sim_inst *i, const uint32_t *a, uint32_t g)
{
	int op = (int)i->aux[1], type = (int)WP_TYPE((uint64_t)i->aux[2]);
	if (type != T_F32) {
		uint32_t acc = a[sim_ffs(g)];
		for (uint32_t m = g & (g - 1); m; m &= m - 1)
			acc = redux_step(op, type, acc, a[sim_ffs(m)]);
		return acc;
	}
	bool any = false, saw_nan = false;
	uint32_t acc = 0;
	for (uint32_t m = g; m; m &= m - 1) {
		uint32_t x = a[sim_ffs(m)];
		if (i->aux[2] & WP_ABS)
			x &= 0x7fffffffu;
		if (isnan(f32_of(x))) {
			saw_nan = true;
			continue;
		}
		acc = any ? redux_step(op, type, acc, x) : x;
		any = true;
	}
	if (!any || (saw_nan && (i->aux[2] & WP_NAN)))
		return F32_CANON_NAN;
	return acc;
}

void sim_wp_redux(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t g[SIM_LANES];
	if (!wp_groups(w, i, pmask, g))
		return;
	const uint32_t *a = w->r[i->op[sim_slot(i, WP_RA)].reg];
	uint32_t res[SIM_LANES];
	for (uint32_t rem = pmask; rem;) {
		uint32_t grp = g[sim_ffs(rem)];
		uint32_t v = redux_group(i, a, grp);
		for (uint32_t m = grp; m; m &= m - 1)
			res[sim_ffs(m)] = v;
		rem &= ~grp;
	}
	uint32_t *rd = dst_row(w, i, WP_RD);
	for (uint32_t m = pmask; m; m &= m - 1)
		rd[sim_ffs(m)] = res[sim_ffs(m)];
}

/* ---- ELECT -------------------------------------------------------------------------- */

void sim_wp_elect(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t g[SIM_LANES];
	if (!wp_groups(w, i, pmask, g))
		return;
	uint32_t *rd = dst_row(w, i, WP_RD), leaders = 0;
	for (uint32_t rem = pmask; rem;) {
		uint32_t grp = g[sim_ffs(rem)], leader = sim_ffs(grp);
		leaders |= 1u << leader;
		for (uint32_t m = grp; m; m &= m - 1)
			rd[sim_ffs(m)] = leader;
		rem &= ~grp;
	}
	put_pred(w, i, WP_PU, leaders, pmask);
}
