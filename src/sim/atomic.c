/*
 * atomic.c - atomics and memory ordering: ATOM (generic), ATOMG (global),
 * ATOMS (shared), RED (generic, no result), MEMBAR, FENCE, FENCE.PROXY
 * (isa/atomic.isa; semantics in docs/semantics.md, "Warp collectives,
 * atomics and fences").
 *
 * Requires: predecode.c made one SIM_O_ADDR operand of [Ra+off].
 * sim_at_prep() resolves, once:
 *   aux[0]  operand indices: bits 0-3 rd, 4-7 address, 8-11 rb, 12-15 rc
 *           (0xF: absent)
 *   aux[1]  the operation (AT_ADD ...), from the value name of `op`
 *   aux[2]  the type (AT_U32 ...), from the value name of `type`
 * Produces: memory and Rd.  The lanes of pmask run one after another in
 * ascending lane order, each a whole read-modify-write, so lanes (and
 * warps, which issue one instruction at a time) that hit one word see each
 * other's updates: every atomic is indivisible and the result is exact.
 * On a worker thread (CTA groups, par.c) each lane's read-modify-write is a
 * host atomic (rmw_host), so the atomics of groups on other threads on the
 * same word stay indivisible from it.
 * The simulator's memory is sequentially consistent, so orderings, scopes
 * and fences need no action here (the ISA validates their spelling).
 */
#include <math.h>
#include <string.h>

#include "sim/hb.h"
#include "sim/mem.h"
#include "sim/rt.h"
#include "sim/sim.h"

#define AT_OPS(X)                                                              \
	X(ADD) X(MIN) X(MAX) X(INC) X(DEC) X(AND) X(OR) X(XOR) X(EXCH) X(CAS)
#define AT_TYPES(X) X(U32) X(S32) X(U64) X(S64) X(F32) X(F64) X(F16x2)

enum {
#define AT_X_ENUM(n) AT_##n,
	AT_OPS(AT_X_ENUM)
};
enum {
	AT_TYPES(AT_X_ENUM)
#undef AT_X_ENUM
};
static const char *const op_names[] = {
#define AT_X_NAME(n) #n,
	AT_OPS(AT_X_NAME) NULL
};
static const char *const type_names[] = {AT_TYPES(AT_X_NAME) NULL};
#undef AT_X_NAME

_Static_assert(AT_ADD == SIM_RED_ADD, "sim_mem_red adds inline");

static bool is64(int type);

/* The rows of a 32-bit atomic's operands that at_fast reads, in prow[]
 * (sim_row_off; RZ's row, always zero, for RZ and an absent operand; the
 * sink for a destination RZ or none), written by sim_at_prep. */
enum { AT_ALO, AT_AHI, AT_B, AT_C, AT_D };

static uint16_t at_row(const sim_inst *i, int k, bool dst)
{
	unsigned r = k < 0 ? SIM_RZ : i->op[k].reg;
	return sim_row_off(r < SIM_RZ ? r : dst ? SIM_RSINK : SIM_RZ);
}

simt_status sim_at_prep(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	if (!i->opc)
		return SIMT_OK;
	int addr = -1;
	for (int k = 0; k < i->nops; k++)
		if (i->op[k].kind == SIM_O_ADDR)
			addr = k;
	int ks[4] = {sim_opnd_find(i, "rd"), addr, sim_opnd_find(i, "rb"),
		     sim_opnd_find(i, "rc")};
	i->aux[0] = (int64_t)sim_slots_pack(ks, 4);
	i->aux[1] = sim_enum_index(i, "op", op_names, -1);
	i->aux[2] = sim_enum_index(i, "type", type_names, AT_U32);
	bool ret = i->optype != SIM_OP_RED;
	bool ok = i->aux[1] >= 0 && i->aux[2] >= 0 && addr >= 0 && ks[2] >= 0 &&
		  i->op[ks[2]].kind == SIM_O_REG &&
		  (!ret || (ks[0] >= 0 && i->op[ks[0]].kind == SIM_O_REG)) &&
		  (ks[3] < 0 || i->op[ks[3]].kind == SIM_O_REG);
	if (ok && !is64((int)i->aux[2])) {
		const sim_opnd *a = &i->op[addr];
		i->prow[AT_ALO] = at_row(i, addr, false);
		i->prow[AT_AHI] = sim_row_off(a->width == 64 && a->reg + 1 < SIM_RZ
						      ? a->reg + 1 : SIM_RZ);
		i->prow[AT_B] = at_row(i, ks[2], false);
		i->prow[AT_C] = at_row(i, ks[3], false);
		i->prow[AT_D] = at_row(i, ret ? ks[0] : -1, true);
	}
	return sim_prep_need(i, ok, "an op, a type, [address], registers Rb "
				    "(Rd, Rc) as isa/atomic.isa declares them");
}

/* ---- the operations -------------------------------------------------------- */

static bool is64(int type)
{
	return type == AT_U64 || type == AT_S64 || type == AT_F64;
}

/* Flush a binary32 subnormal to a zero of the same sign (atom.add.f32). */
static float ftz(float x)
{
	return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

static uint64_t add_float(int type, uint64_t a, uint64_t b)
{
	if (type == AT_F16x2)
		return sim_fp_f16x2_add((uint32_t)a, (uint32_t)b);
	if (type == AT_F32) {
		float x, y;
		uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b;
		memcpy(&x, &a32, 4);
		memcpy(&y, &b32, 4);
		float r = ftz(ftz(x) + ftz(y));
		uint32_t u;
		memcpy(&u, &r, 4);
		return u;
	}
	double x, y, r;
	memcpy(&x, &a, 8);
	memcpy(&y, &b, 8);
	r = x + y;
	uint64_t u;
	memcpy(&u, &r, 8);
	return u;
}

/* b < a in the order of the type (integers only: MIN/MAX). */
static bool less(int type, uint64_t b, uint64_t a)
{
	switch (type) {
	case AT_S32: return (int32_t)b < (int32_t)a;
	case AT_S64: return (int64_t)b < (int64_t)a;
	default: return b < a;
	}
}

/* New memory value for old, operands b and c (values of the type's width). */
static inline uint64_t apply(int op, int type, uint64_t old, uint64_t b, uint64_t c)
{
	switch (op) {
	case AT_ADD:
		return type == AT_F32 || type == AT_F64 || type == AT_F16x2 ? add_float(type, old, b)
							: old + b;
	case AT_MIN: return less(type, b, old) ? b : old;
	case AT_MAX: return less(type, old, b) ? b : old;
	case AT_INC: return (uint32_t)old >= (uint32_t)b ? 0 : old + 1;
	case AT_DEC:
		return (uint32_t)old == 0 || (uint32_t)old > (uint32_t)b ? b : old - 1;
	case AT_AND: return old & b;
	case AT_OR: return old | b;
	case AT_XOR: return old ^ b;
	case AT_EXCH: return b;
	default: return old == b ? c : old; /* AT_CAS */
	}
}

/* 32- or 64-bit value of register operand k in lane l (RZ / absent: 0). */
static uint64_t reg_val(const sim_warp *w, const sim_inst *i, int k, int l,
			bool wide)
{
	if (k == SIM_SLOT_NONE)
		return 0;
	unsigned r = i->op[k].reg;
	if (r >= SIM_RZ)
		return 0;
	return w->r[r][l] | (wide && r + 1 < SIM_RZ ? (uint64_t)w->r[r + 1][l] << 32 : 0);
}

/* The rows of register operand k: low word and, when wide, high word
 * (zero rows for RZ, an absent operand or a missing high word), as
 * reg_val reads them lane by lane. */
static void reg_rows(const sim_warp *w, const sim_inst *i, int k, bool wide,
		     const uint32_t **lo, const uint32_t **hi)
{
	static const uint32_t zero[SIM_LANES];
	unsigned r = k == SIM_SLOT_NONE ? SIM_RZ : i->op[k].reg;
	*lo = r < SIM_RZ ? w->r[r] : zero;
	*hi = wide && r + 1 < SIM_RZ ? w->r[r + 1] : zero;
}

/* ---- the handler ------------------------------------------------------------------ */

/* Every lane's address hi:lo + imm, all 32 lanes (those outside the
 * instruction's mask are not used): branch-free, so that it vectorises
 * (four lanes a step in the AVX2 clone, where the scalar loop took four
 * instructions a lane). */
RT_LANE_CLONES
static void lane_addrs(const uint32_t *lo, const uint32_t *hi, uint64_t imm,
		       uint64_t addr[SIM_LANES])
{
	for (int l = 0; l < SIM_LANES; l++)
		addr[l] = ((uint64_t)hi[l] << 32 | lo[l]) + imm;
}

/* Per-lane addresses; false after raising for a generic address in local. */
static bool at_addresses(sim_warp *w, const sim_inst *i, uint32_t pmask,
			 sim_space sp, uint64_t addr[SIM_LANES])
{
	static const uint32_t zero[SIM_LANES];
	const sim_opnd *o = &i->op[sim_slot(i, 1)];
	unsigned r = o->reg;
	/* rows of Ra (low, high word): all 32 lanes at once, no lane branch */
	const uint32_t *lo = r < SIM_RZ ? w->r[r] : zero;
	const uint32_t *hi = o->width == 64 && r + 1 < SIM_RZ ? w->r[r + 1] : zero;
	lane_addrs(lo, hi, (uint64_t)o->imm, addr);
	uint32_t local = 0;
	if (sp == SIM_SPACE_GENERIC)
		for (uint32_t m = pmask; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			uint64_t off;
			if (sim_generic_space(addr[l], &off) == SIM_SPACE_LOCAL)
				local |= 1u << l;
		}
	if (local) {
		sim_raise(w, i, local, SIM_STOP_FAULT,
			  "atomic on local memory (generic address 0x%llx of "
			  "lane %u): PTX defines atomics on global and shared "
			  "memory only", (unsigned long long)addr[sim_ffs(local)],
			  sim_ffs(local));
		return false;
	}
	return true;
}

/* An atomic's accesses for the retire record (retire.c): a load of the old
 * values and a store of what ptr[] holds now. */
static void record(sim_warp *w, sim_space sp, uint32_t pmask,
		   const uint64_t addr[SIM_LANES], unsigned size,
		   const uint64_t old[SIM_LANES], uint8_t *const ptr[SIM_LANES])
{
	uint8_t a[SIM_LANES][16], b[SIM_LANES][16];
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		memcpy(a[l], &old[l], size);
		memcpy(b[l], ptr[l], size);
	}
	sim_rec_access(w, sp, false, pmask, addr, size, (const uint8_t(*)[16])a);
	sim_rec_access(w, sp, true, pmask, addr, size, (const uint8_t(*)[16])b);
}

/* 32-bit integer ATOM.ADD on resolved pointers, lanes in ascending order
 * (what apply() does for it, without its per-lane switch). */
static void add32(sim_warp *w, const sim_inst *i, uint32_t pmask,
		  uint8_t *const ptr[SIM_LANES], uint64_t old[SIM_LANES])
{
	static const uint32_t zero[SIM_LANES];
	int k = sim_slot(i, 2);
	unsigned r = k == SIM_SLOT_NONE ? SIM_RZ : i->op[k].reg;
	const uint32_t *b = r < SIM_RZ ? w->r[r] : zero;
	if (w->ctx->par) { /* other workers' atomics: host atomics (par.c) */
		for (uint32_t m = pmask; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			old[l] = __atomic_fetch_add((uint32_t *)(void *)ptr[l],
						    b[l], __ATOMIC_SEQ_CST);
		}
		return;
	}
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		uint32_t v;
		memcpy(&v, ptr[l], 4);
		old[l] = v;
		v += b[l];
		memcpy(ptr[l], &v, 4);
	}
}

/* apply() for the 32-bit integer types (s: AT_S32). */
static inline uint32_t op32(int op, bool s, uint32_t o, uint32_t x, uint32_t y)
{
	switch (op) {
	case AT_ADD: return o + x;
	case AT_MIN: return (s ? (int32_t)x < (int32_t)o : x < o) ? x : o;
	case AT_MAX: return (s ? (int32_t)o < (int32_t)x : o < x) ? x : o;
	case AT_INC: return o >= x ? 0 : o + 1;
	case AT_DEC: return o == 0 || o > x ? x : o - 1;
	case AT_AND: return o & x;
	case AT_OR: return o | x;
	case AT_XOR: return o ^ x;
	case AT_EXCH: return x;
	default: return o == x ? y : o; /* AT_CAS */
	}
}

/*
 * The 32-bit integer operations on resolved pointers, lanes in ascending
 * order, each a whole read-modify-write, operands straight from the
 * register rows.  False for the other types, which take apply().
 */
static bool serial32(int op, int type, uint32_t pmask,
		     uint8_t *const ptr[SIM_LANES], const uint32_t *b,
		     const uint32_t *c, uint64_t old[SIM_LANES])
{
	if (type != AT_U32 && type != AT_S32)
		return false;
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		uint32_t o, v;
		memcpy(&o, ptr[l], 4);
		old[l] = o;
		v = op32(op, type == AT_S32, o, b[l], c[l]);
		memcpy(ptr[l], &v, 4);
	}
	return true;
}

/*
 * One lane's read-modify-write as a host atomic, for CTA groups on worker
 * threads (par.c): no other worker's atomic on the word comes between its
 * read and its write.  The operation is apply()'s, retried until the word
 * did not change under it (ADD on integers, AND, OR, XOR and EXCH are
 * single host instructions).  Sequentially consistent, as the simulator's
 * memory is: the stores before it are visible to whoever sees its result.
 * p is aligned to size (sim_mem_resolve faults misaligned addresses).
 */
static uint64_t rmw_host(uint8_t *p, unsigned size, int op, int type,
			 uint64_t b, uint64_t c)
{
	const int mo = __ATOMIC_SEQ_CST;
	bool integer = type != AT_F32 && type != AT_F64 && type != AT_F16x2;
	if (size == 4) {
		uint32_t *q = (uint32_t *)(void *)p, x = (uint32_t)b;
		switch (op) {
		case AT_ADD:
			if (integer)
				return __atomic_fetch_add(q, x, mo);
			break;
		case AT_AND: return __atomic_fetch_and(q, x, mo);
		case AT_OR: return __atomic_fetch_or(q, x, mo);
		case AT_XOR: return __atomic_fetch_xor(q, x, mo);
		case AT_EXCH: return __atomic_exchange_n(q, x, mo);
		default: break;
		}
		uint32_t old = __atomic_load_n(q, __ATOMIC_RELAXED);
		while (!__atomic_compare_exchange_n(
			q, &old, (uint32_t)apply(op, type, old, b, c), true, mo,
			__ATOMIC_RELAXED))
			;
		return old;
	}
	uint64_t *q = (uint64_t *)(void *)p;
	switch (op) {
	case AT_ADD:
		if (integer)
			return __atomic_fetch_add(q, b, mo);
		break;
	case AT_AND: return __atomic_fetch_and(q, b, mo);
	case AT_OR: return __atomic_fetch_or(q, b, mo);
	case AT_XOR: return __atomic_fetch_xor(q, b, mo);
	case AT_EXCH: return __atomic_exchange_n(q, b, mo);
	default: break;
	}
	uint64_t old = __atomic_load_n(q, __ATOMIC_RELAXED);
	while (!__atomic_compare_exchange_n(q, &old, apply(op, type, old, b, c),
					    true, mo, __ATOMIC_RELAXED))
		;
	return old;
}

uint64_t sim_at_combine(int op, int type, uint64_t acc, uint64_t b)
{
	return apply(op, type, acc, b, 0);
}

void sim_at_host_apply(uint8_t *p, unsigned size, int op, int type,
		       uint64_t v)
{
	rmw_host(p, size, op, type, v, 0);
}

/*
 * The atomic can be deferred on a worker (sim_mem_red, memdev.c): nobody
 * reads its old values (RED, or Rd is RZ), and its operation on integers
 * is commutative and associative, so combining the operands per word and
 * applying them later leaves the same memory as applying them one by one
 * in any order (not the float adds: their rounding depends on the order;
 * not INC, DEC, EXCH, CAS).  Only relaxed ones (the default): an acquire
 * or release RED is an ordering point.
 */
static bool deferrable(const sim_warp *w, const sim_inst *i, int op, int type)
{
	const sim_ctx *c = w->ctx;
	int kd = sim_slot(i, 0);
	if (!c->par || c->rec || c->hb || c->rx || c->fp || i->sem != 0 ||
	    (kd != SIM_SLOT_NONE && i->op[kd].reg < SIM_RZ))
		return false;
	if (type == AT_F32 || type == AT_F64 || type == AT_F16x2)
		return false;
	return op == AT_ADD || op == AT_AND || op == AT_OR || op == AT_XOR ||
	       op == AT_MIN || op == AT_MAX;
}

/* ---- the warp-wide path ------------------------------------------------------
 *
 * The common shape: an atomic with no observer of its accesses (no
 * retire record, race checker, relaxed memory or explorer's footprint) on
 * the main thread, whose lanes' addresses are aligned and lie in the CTA's
 * shared array or in one mapped global page (a generic ATOM or RED: all of
 * them in the shared window, or all outside the windows).  One pass over the lanes
 * computes and checks the addresses; a second runs the read-modify-writes
 * in ascending lane order with the operation chosen once, outside the
 * loop.  Each lane reads its operands before it writes its result, and
 * every lane reads and writes only its own column of the rows, so Rd may
 * be Ra, Rb or Rc: memory and Rd end as the lane-by-lane path leaves them.
 */

/* The operand rows (zero rows for RZ or an absent operand) and the result
 * rows (a scratch row for RZ or a missing high word). */
typedef struct at_rows {
	const uint32_t *blo, *bhi, *clo, *chi;
	uint32_t *dlo, *dhi;
} at_rows;

/*
 * CAS of the lanes of pmask on one 32-bit word whose value is v (a CAS
 * loop's round: every lane compares with the value it read), as AT_LOOP
 * runs them, in ascending lane order: each lane before the first whose
 * compare value is the word's fails and reads v, that lane reads v and
 * stores its new value, and the lanes after it run the same way from
 * there; one pass over the compare row b finds each such lane.  A lane's
 * compare and new values (b, c) are read before its destination (d) is
 * written (the rows may be one register).  Returns the word's value after
 * the last.
 */
RT_LANE_CLONES
static uint32_t cas_one32(uint32_t v, uint32_t pmask, const uint32_t *b,
			  const uint32_t *c, uint32_t *d)
{
	while (pmask) {
		uint32_t hit = 0;
		for (int l = 0; l < SIM_LANES; l++) /* it vectorises */
			hit |= b[l] == v ? sim_lane_bit[l] : 0;
		hit &= pmask;
		uint32_t upto = hit ? hit ^ (hit - 1) : 0xffffffffu;
		uint32_t next = hit ? c[sim_ffs(hit)] : v;
		rt_fill(d, v, pmask & upto);
		v = next;
		pmask &= ~upto;
	}
	return v;
}

/* Lane l's word is base + (addr[l] & amask), or base itself for every
 * lane when one is set: then the word's value stays in a host register
 * from the first lane to the last, read and written back once.  The
 * operation is apply()'s, inlined with a constant op. */
#define AT_LOOP(T, B, C, D)                                                    \
	if (one) {                                                             \
		T v;                                                           \
		memcpy(&v, base, sizeof v);                                    \
		for (uint32_t m = pmask; m; m &= m - 1) {                     \
			int l = (int)sim_ffs(m);                               \
			T o = v;                                               \
			v = (T)apply(OP, type, o, B, C);                       \
			D;                                                     \
		}                                                              \
		memcpy(base, &v, sizeof v);                                    \
	} else {                                                               \
		for (uint32_t m = pmask; m; m &= m - 1) {                     \
			int l = (int)sim_ffs(m);                               \
			uint8_t *p = base + (addr[l] & amask);                 \
			T o, v;                                                \
			memcpy(&o, p, sizeof o);                               \
			v = (T)apply(OP, type, o, B, C);                       \
			memcpy(p, &v, sizeof v);                               \
			D;                                                     \
		}                                                              \
	}
#define AT_LOOP32                                                              \
	AT_LOOP(uint32_t, rw->blo[l], rw->clo[l], rw->dlo[l] = o)
#define AT_LOOP64                                                              \
	AT_LOOP(uint64_t, rw->blo[l] | (uint64_t)rw->bhi[l] << 32,             \
		rw->clo[l] | (uint64_t)rw->chi[l] << 32,                       \
		(rw->dlo[l] = (uint32_t)o, rw->dhi[l] = (uint32_t)(o >> 32)))

static void at_rmw(int op, int type, uint32_t pmask, uint8_t *base,
		   uint64_t amask, const uint64_t addr[SIM_LANES], bool one,
		   const at_rows *rw)
{
	bool wide = is64(type);
	if (one && op == AT_CAS && !wide) { /* a CAS loop's round */
		uint32_t v;
		memcpy(&v, base, 4);
		v = cas_one32(v, pmask, rw->blo, rw->clo, rw->dlo); /* not rw:
			   its address kept out of a call, so that the loops
			   below keep its rows in registers */
		memcpy(base, &v, 4);
		return;
	}
	switch (op) {
#define AT_X_CASE(n)                                                           \
	case AT_##n: {                                                         \
		enum { OP = AT_##n };                                          \
		if (wide) {                                                    \
			AT_LOOP64                                              \
		} else {                                                       \
			AT_LOOP32                                              \
		}                                                              \
		break;                                                         \
	}
		AT_OPS(AT_X_CASE)
#undef AT_X_CASE
	default: break;
	}
}
#undef AT_LOOP
#undef AT_LOOP32
#undef AT_LOOP64

/* Nonzero when a lane of pmask holds an address other than (h0:x0): a
 * branch-free pass over all 32 lanes (it vectorises; 8 lanes a step in
 * the AVX2 clone). */
RT_LANE_CLONES
static uint32_t at_differ(const uint32_t *alo, const uint32_t *ahi,
			  uint32_t x0, uint32_t h0, uint32_t pmask)
{
	uint32_t diff = 0;
	for (int l = 0; l < SIM_LANES; l++) /* the lane's bit: a table, not a
					       shift by l (SSE2 has none) */
		diff |= ((alo[l] ^ x0) | (ahi[l] ^ h0)) &
			(0u - (uint32_t)((pmask & sim_lane_bit[l]) != 0));
	return diff;
}

/* The warp-wide path; false, with nothing done, when the shape does not
 * fit (the general path then runs, and reports the faults). */
static bool at_fast(sim_warp *w, const sim_inst *i, uint32_t pmask,
		    sim_space sp, int op, int type)
{
	static const uint32_t zero[SIM_LANES];
	uint32_t scratch[2][SIM_LANES];
	const sim_ctx *c = w->ctx;
	if (c->par || c->rec || c->hb || c->rx || c->fp)
		return false;
	bool wide = is64(type);
	uint64_t size = wide ? 8 : 4;
	const sim_opnd *a = &i->op[sim_slot(i, 1)];
	const uint32_t *alo, *ahi;
	if (wide) {
		alo = a->reg < SIM_RZ ? w->r[a->reg] : zero;
		ahi = a->width == 64 && a->reg + 1 < SIM_RZ ? w->r[a->reg + 1] : zero;
	} else { /* planned by sim_at_prep */
		alo = rt_prow(w, i, AT_ALO);
		ahi = rt_prow(w, i, AT_AHI);
	}
	uint64_t addr[SIM_LANES], lo, hi, bits;
	/* one word for every lane (a counter, a histogram's hot bin)?  A
	   branch-free pass over all 32 lanes (it vectorises): the lanes of
	   pmask whose address registers differ from the first one's */
	int l0 = (int)sim_ffs(pmask);
	const uint32_t x0 = alo[l0], h0 = ahi[l0];
	bool one = !at_differ(alo, ahi, x0, h0, pmask);
	if (one) {
		lo = hi = bits = ((uint64_t)h0 << 32 | x0) + (uint64_t)a->imm;
	} else {
		/* every lane's address (those outside pmask are not used),
		   then the span and the alignment bits of the pmask lanes */
		lo = UINT64_MAX, hi = 0, bits = 0;
		lane_addrs(alo, ahi, (uint64_t)a->imm, addr);
		for (uint32_t m = pmask; m; m &= m - 1) {
			uint64_t x = addr[sim_ffs(m)];
			lo = x < lo ? x : lo;
			hi = x > hi ? x : hi;
			bits |= x;
		}
	}
	if (sp == SIM_SPACE_GENERIC) {
		/* one space for every lane: global outside the windows (a
		   page of one is a page of all), shared inside its window
		   (offsets: the low 32 bits, the window being aligned to its
		   size); local and mixed spaces take the general path */
		uint64_t off;
		sp = sim_generic_space(lo, &off);
		if (sp == SIM_SPACE_SHARED &&
		    sim_generic_space(hi, &off) == SIM_SPACE_SHARED) {
			lo -= SIM_SHARED_WINDOW;
			hi -= SIM_SHARED_WINDOW;
		} else if (sp != SIM_SPACE_GLOBAL) {
			return false;
		}
	}
	uint64_t amask;
	uint8_t *base = bits & (size - 1) ? NULL
		: sim_mem_resolve_span(w, sp, lo, hi, (unsigned)size, &amask);
	if (!base)
		return false;
	if (one)
		base += lo & amask;
	at_rows rw;
	if (wide) {
		reg_rows(w, i, sim_slot(i, 2), wide, &rw.blo, &rw.bhi);
		reg_rows(w, i, sim_slot(i, 3), wide, &rw.clo, &rw.chi);
		int kd = sim_slot(i, 0);
		unsigned rd = kd == SIM_SLOT_NONE ? SIM_RZ : i->op[kd].reg;
		rw.dlo = rd < SIM_RZ ? w->r[rd] : scratch[0];
		rw.dhi = rd + 1 < SIM_RZ ? w->r[rd + 1] : scratch[1];
	} else {
		rw.blo = rt_prow(w, i, AT_B);
		rw.clo = rt_prow(w, i, AT_C);
		rw.dlo = rt_prow(w, i, AT_D);
		rw.bhi = rw.chi = zero; /* not read */
		rw.dhi = scratch[1];
	}
	at_rmw(op, type, pmask, base, amask, addr, one, &rw);
	w->ctx->mem_writes++;
	return true;
}

static void atomic(sim_warp *w, const sim_inst *i, uint32_t pmask, sim_space sp)
{
	int op = (int)i->aux[1], type = (int)i->aux[2];
	if (at_fast(w, i, pmask, sp, op, type))
		return;
	bool wide = is64(type);
	unsigned size = wide ? 8 : 4;
	uint64_t addr[SIM_LANES], old[SIM_LANES], b[SIM_LANES], c[SIM_LANES];
	uint8_t *ptr[SIM_LANES];
	if (!at_addresses(w, i, pmask, sp, addr))
		return;
	if (sp != SIM_SPACE_SHARED && deferrable(w, i, op, type)) {
		static const uint32_t zero[SIM_LANES];
		unsigned r = i->op[sim_slot(i, 2)].reg; /* Rb (prep checked) */
		const uint32_t *lo = r < SIM_RZ ? w->r[r] : zero;
		const uint32_t *hi = wide && r + 1 < SIM_RZ ? w->r[r + 1] : zero;
		if (sim_mem_red(w, sp, pmask, addr, size, op, type, lo, hi)) {
			w->ctx->mem_writes++;
			return;
		}
	} else if (w->ctx->par) { /* an ordering point: apply the deferred */
		sim_mem_red_flush(w->ctx->mem);
	}
	if (!sim_mem_resolve(w, sp, pmask, addr, size, ptr)) {
		uint8_t data[SIM_LANES][16];
		if (sim_mem_load(w, i, sp, pmask, addr, size, data))
			sim_raise(w, i, pmask, SIM_STOP_FAULT,
				  "atomic: address not resolvable");
		return;
	}
	if (op == AT_ADD && (type == AT_U32 || type == AT_S32) && !w->ctx->rx) {
		add32(w, i, pmask, ptr, old); /* the common case, specialised */
		goto done;
	}
	if (w->ctx->par) { /* worker threads: lane by lane, host atomics */
		for (uint32_t m = pmask; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			b[l] = reg_val(w, i, sim_slot(i, 2), l, wide);
			c[l] = reg_val(w, i, sim_slot(i, 3), l, wide);
			old[l] = rmw_host(ptr[l], size, op, type, b[l], c[l]);
		}
		goto done;
	}
	const uint32_t *blo, *bhi, *clo, *chi;
	reg_rows(w, i, sim_slot(i, 2), wide, &blo, &bhi);
	reg_rows(w, i, sim_slot(i, 3), wide, &clo, &chi);
	if (!w->ctx->rx && serial32(op, type, pmask, ptr, blo, clo, old))
		goto done;
	for (uint32_t m = pmask; m; m &= m - 1) { /* one lane at a time */
		int l = (int)sim_ffs(m);
		uint64_t bl = blo[l] | (uint64_t)bhi[l] << 32;
		uint64_t cl = clo[l] | (uint64_t)chi[l] << 32;
		uint64_t v;
		if (wide) {
			memcpy(&v, ptr[l], 8);
		} else {
			uint32_t x;
			memcpy(&x, ptr[l], 4);
			v = x;
		}
		old[l] = v;
		v = apply(op, type, v, bl, cl);
		if (wide) {
			memcpy(ptr[l], &v, 8);
		} else {
			uint32_t x = (uint32_t)v;
			memcpy(ptr[l], &x, 4);
		}
		if (w->ctx->rx) /* relaxed.c: its order and scope */
			sim_rx_rmw(w, ptr[l], size, old[l], i->sem, i->scope);
	}
done:
	w->ctx->mem_writes++;
	if (w->ctx->rec) /* retire record: the old values, then the new */
		record(w, sp, pmask, addr, size, old, ptr);
	if (w->ctx->hb) {
		hb_access(w, i, sp, pmask, addr, size, HB_ATOMIC);
		hb_atomic_order(w, i, sp, pmask, addr);
	}
	int kd = sim_slot(i, 0);
	if (kd == SIM_SLOT_NONE || i->op[kd].reg >= SIM_RZ)
		return; /* no result, or RZ (the sink) */
	unsigned r = i->op[kd].reg;
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		if (r < SIM_RZ)
			w->r[r][l] = (uint32_t)old[l];
		if (wide && r + 1 < SIM_RZ)
			w->r[r + 1][l] = (uint32_t)(old[l] >> 32);
	}
}

void sim_at_atom(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	atomic(w, i, pmask, SIM_SPACE_GENERIC);
}

void sim_at_atomg(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	atomic(w, i, pmask, SIM_SPACE_GLOBAL);
}

void sim_at_atoms(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	atomic(w, i, pmask, SIM_SPACE_SHARED);
}

void sim_at_red(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	atomic(w, i, pmask, SIM_SPACE_GENERIC);
}

/* MEMBAR, FENCE, FENCE.PROXY: ordering points of a sequentially consistent
 * memory that the copy engine shares with the generic proxy: nothing to do
 * (docs/semantics.md). */
void sim_at_fence(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	if (w->ctx->par) /* deferred reductions (sim_mem_red) land first */
		sim_mem_red_flush(w->ctx->mem);
	/* ordering points for the race checker (--check=race) only */
	if (w->ctx->hb && i->optype != SIM_OP_FENCE_PROXY)
		hb_fence(w, i, pmask);
	if (!w->ctx->rx || !pmask) /* under --memory=relaxed: relaxed.c */
		return;
	if (i->optype == SIM_OP_MEMBAR)
		sim_rx_fence(w, true, i->scope);
	else if (i->optype == SIM_OP_FENCE)
		sim_rx_fence(w, i->sem == 0, i->scope);
}
