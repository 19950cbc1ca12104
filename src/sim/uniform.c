/*
 * uniform.c - the uniform datapath (isa/uniform.isa): R2UR, S2UR, ULDC,
 * UMOV, UIADD3, UIMAD, ULOP3.LUT, UISETP, UPLOP3.LUT, USEL, USHF.
 *
 * Requires: rt_prep() ran (operand roles in aux[0], modifiers in aux[1],
 * rt.h; UR destinations and UP operands take the register and predicate
 * roles) and sim_un_prep() checked the shape the handler reads.
 * Produces: one value per warp in w->ur[] / w->up[].  The handlers are
 * plain: the prologue calls them when pmask != 0, which for a U*
 * instruction (guard = a uniform predicate, sim_guard) means "the guard is
 * true" - the warp always has active lanes when it issues - so each U*
 * instruction executes exactly once per issue, whatever lanes are active.
 * R2UR is guarded by P and reads the lowest lane of pmask; with
 * --check=uniform (SIMT_CHECK_UNIFORM) other lanes of pmask holding another
 * value are reported (sim_check_report: the run goes on, then fails).
 * Rules and the tests that pin them: docs/semantics.md, "Uniform datapath".
 */
#include "sim/rt.h"

/* ---- operands: one value each ---------------------------------------------- */

/* 32-bit source of role slot s (UR, immediate, constant); absent reads 0. */
static uint32_t u_src(sim_warp *w, const sim_inst *i, int s)
{
	int k = sim_slot(i, s);
	return k == RT_NONE ? 0 : sim_src32(w, i, k, 0);
}

/* Uniform predicate of role slot s, `!` applied; absent reads true. */
static uint32_t u_psrc(const sim_warp *w, const sim_inst *i, int s)
{
	int k = sim_slot(i, s);
	return k == RT_NONE ? 1 : sim_upred(w, i->op[k].reg, i->op[k].neg);
}

/* Write word h (0, or 1 for the high half of a pair) of the UR destination;
 * URZ and a pair past UR62 land in the sink. */
static void u_dst(sim_warp *w, const sim_inst *i, unsigned h, uint32_t v)
{
	unsigned r = i->op[sim_slot(i, RT_D0)].reg + h;
	w->ur[r >= SIM_URZ ? SIM_URSINK : r] = v;
}

/* Write the uniform predicate of destination slot s (UPT: the sink). */
static void u_pdst(sim_warp *w, const sim_inst *i, int s, uint32_t v)
{
	int k = sim_slot(i, s);
	if (k != RT_NONE)
		w->up[i->op[k].reg] = v & 1;
}

/* ---- the shapes the handlers read ------------------------------------------ */

#define SLOT(s) (1u << (s))

/* Role slots each optype needs (a user's --isa may drop operands). */
static const struct {
	uint16_t optype;
	uint16_t slots;
	const char *need;
} shapes[] = {
	{SIM_OP_R2UR, SLOT(RT_D0) | SLOT(RT_S0), "URd, Ra"},
	{SIM_OP_S2UR, SLOT(RT_D0) | SLOT(RT_ENUM), "URd, SR"},
	{SIM_OP_ULDC, SLOT(RT_D0) | SLOT(RT_S0), "URd, c[bank][off]"},
	{SIM_OP_UMOV, SLOT(RT_D0) | SLOT(RT_S0), "URd, b"},
	{SIM_OP_UIADD3, SLOT(RT_D0) | SLOT(RT_S0) | SLOT(RT_S1) | SLOT(RT_S2),
	 "URd, URa, b, URc"},
	{SIM_OP_UIMAD, SLOT(RT_D0) | SLOT(RT_S0) | SLOT(RT_S1) | SLOT(RT_S2),
	 "URd, URa, b, URc"},
	{SIM_OP_ULOP3_LUT,
	 SLOT(RT_D0) | SLOT(RT_S0) | SLOT(RT_S1) | SLOT(RT_S2) | SLOT(RT_S3),
	 "URd, URa, b, URc, lut"},
	{SIM_OP_UISETP, SLOT(RT_PD0) | SLOT(RT_PD1) | SLOT(RT_S0) | SLOT(RT_S1),
	 "UPu, UPv, URa, b"},
	{SIM_OP_UPLOP3_LUT,
	 SLOT(RT_PD0) | SLOT(RT_PD1) | SLOT(RT_PS0) | SLOT(RT_PS1) |
		 SLOT(RT_PS2) | SLOT(RT_S0) | SLOT(RT_S1),
	 "UPu, UPv, UPa, UPb, UPc, lut, lutv"},
	{SIM_OP_USEL, SLOT(RT_D0) | SLOT(RT_S0) | SLOT(RT_S1) | SLOT(RT_PS0),
	 "URd, URa, b, UPp"},
	{SIM_OP_USHF, SLOT(RT_D0) | SLOT(RT_S0) | SLOT(RT_S1) | SLOT(RT_S2),
	 "URd, URa, b, URc"},
};

/* The operand of slot s exists and has a kind in the set `kinds`. */
static bool has(const sim_inst *i, int s, unsigned kinds)
{
	int k = sim_slot(i, s);
	return k != RT_NONE && (kinds >> i->op[k].kind & 1);
}

#define K(kind) (1u << (kind))

/*
 * rt_prep, then the shape: the slots the optype's handler reads exist;
 * register destinations are uniform registers and every predicate operand
 * is a uniform one; sources are uniform (UR, immediate, constant), except
 * R2UR's general register; S2UR resolves its special register as S2R does.
 */
simt_status sim_un_prep(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = i->optype == SIM_OP_S2UR ? sim_rt_prep_s2r(c, i, d)
						  : rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	size_t row = 0;
	while (row < UTIL_ARRAY_LEN(shapes) && shapes[row].optype != i->optype)
		row++;
	if (row == UTIL_ARRAY_LEN(shapes))
		return sim_prep_need(i, false, "an optype of the uniform datapath");
	const unsigned usrc = K(SIM_O_UREG) | K(SIM_O_IMM) | K(SIM_O_CMEM);
	bool ok = true;
	for (int s = 0; s < RT_NSLOTS; s++) {
		bool need = shapes[row].slots >> s & 1;
		if (!need && sim_slot(i, s) == RT_NONE)
			continue;
		unsigned kinds = usrc;
		if (s == RT_D0 || s == RT_D1)
			kinds = K(SIM_O_UREG);
		else if (s == RT_PD0 || s == RT_PD1 || s == RT_PS0 ||
			 s == RT_PS1 || s == RT_PS2)
			kinds = K(SIM_O_UPRED);
		else if (s == RT_ENUM)
			kinds = K(SIM_O_ENUM);
		else if (s == RT_ADDR)
			kinds = 0;
		if (i->optype == SIM_OP_R2UR && s == RT_S0)
			kinds = K(SIM_O_REG);
		if (i->optype == SIM_OP_ULDC && s == RT_S0)
			kinds = K(SIM_O_CMEM);
		ok = ok && has(i, s, kinds);
	}
	return sim_prep_need(i, ok, shapes[row].need);
}

/* ---- R2UR, S2UR, ULDC, UMOV ------------------------------------------------ */

/*
 * R2UR: URd = Ra of the lowest lane of pmask.  --check=uniform: every lane
 * of pmask should hold that value; lanes that differ are reported (named
 * with the PC, once per instruction) and the lowest lane's value is taken.
 */
void sim_un_r2ur(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	int k = sim_slot(i, RT_S0);
	uint32_t first = sim_ffs(pmask);
	uint32_t v = sim_src32(w, i, k, (int)first);
	if (w->ctx->launch.checks & SIMT_CHECK_UNIFORM) {
		uint32_t differ = 0;
		for (uint32_t m = pmask & (pmask - 1); m; m &= m - 1) {
			uint32_t l = sim_ffs(m);
			differ |= (uint32_t)(sim_src32(w, i, k, (int)l) != v) << l;
		}
		if (differ) {
			uint32_t l = sim_ffs(differ);
			sim_check_report(w, i, differ, SIMT_CHECK_UNIFORM,
					 "R2UR of a value that is not uniform: "
					 "lane %u has 0x%x, lanes 0x%08x differ "
					 "(lane %u has 0x%x); lane %u's value is "
					 "taken", first, v, differ, l,
					 sim_src32(w, i, k, (int)l), first);
		}
	}
	u_dst(w, i, 0, v);
}

/* S2UR: a warp-uniform special register (the same code as S2R). */
void sim_un_s2ur(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t v[SIM_LANES];
	if (i->aux[2] < 0) {
		sim_raise(w, i, pmask, SIM_STOP_EXCEPTION,
			  "S2UR: special register '%s' is not modelled",
			  rt_enum_name(i, sim_slot(i, RT_ENUM)));
		return;
	}
	rt_sreg(w, (int)i->aux[2], v);
	u_dst(w, i, 0, v[sim_ffs(pmask)]);
}

/* ULDC: one constant word, or with .64 a pair into UR[d:d+1]. */
void sim_un_uldc(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const sim_opnd *o = &i->op[sim_slot(i, RT_S0)];
	bool sign;
	unsigned size = rt_size(i, &sign) == 8 ? 8 : 4;
	uint32_t v[2] = {0, 0};
	if (!sim_mem_const_read(w, i, o->bank, (uint32_t)o->imm, size, v))
		return;
	u_dst(w, i, 0, v[0]);
	if (size == 8)
		u_dst(w, i, 1, v[1]);
}

void sim_un_umov(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	u_dst(w, i, 0, u_src(w, i, RT_S0));
}

/* ---- arithmetic and logic ------------------------------------------------------ */

/* UIADD3: URd = URa + b + URc; UPu, UPv = the carry as a count (IADD3). */
void sim_un_uiadd3(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint64_t s = (uint64_t)u_src(w, i, RT_S0) + u_src(w, i, RT_S1) +
		     u_src(w, i, RT_S2);
	u_dst(w, i, 0, (uint32_t)s);
	u_pdst(w, i, RT_PD0, (s >> 32) >= 1);
	u_pdst(w, i, RT_PD1, (s >> 32) >= 2);
}

/* UIMAD: URd = low 32 bits of URa * b + URc. */
void sim_un_uimad(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	u_dst(w, i, 0, u_src(w, i, RT_S0) * u_src(w, i, RT_S1) + u_src(w, i, RT_S2));
}

/* ULOP3.LUT: URd = lut(URa, b, URc); UPu = (URd != 0). */
void sim_un_ulop3(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t e[8];
	rt_lut_entries(u_src(w, i, RT_S3) & 0xff, e);
	uint32_t r = rt_lut3(e, u_src(w, i, RT_S0), u_src(w, i, RT_S1),
			     u_src(w, i, RT_S2));
	u_dst(w, i, 0, r);
	u_pdst(w, i, RT_PD0, r != 0);
}

/* UISETP: UPu = cmp(URa, b) BOP UPp; UPv = !cmp(URa, b) BOP UPp. */
void sim_un_uisetp(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint64_t mods = (uint64_t)i->aux[1];
	uint32_t a[SIM_LANES], b[SIM_LANES]; /* rt_icmp compares rows */
	for (int l = 0; l < SIM_LANES; l++) {
		a[l] = u_src(w, i, RT_S0);
		b[l] = u_src(w, i, RT_S1);
	}
	uint32_t t = rt_icmp(mods, (mods & RT_M(U32)) != 0, a, b) & 1;
	uint32_t p = u_psrc(w, i, RT_PS0);
	u_pdst(w, i, RT_PD0, rt_bool_op(mods, t, p));
	u_pdst(w, i, RT_PD1, rt_bool_op(mods, !t, p));
}

/* UPLOP3.LUT: UPu = lut(UPa, UPb, UPc), UPv = lutv(UPa, UPb, UPc). */
void sim_un_uplop3(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	unsigned x = u_psrc(w, i, RT_PS0) << 2 | u_psrc(w, i, RT_PS1) << 1 |
		     u_psrc(w, i, RT_PS2);
	u_pdst(w, i, RT_PD0, u_src(w, i, RT_S0) >> x);
	u_pdst(w, i, RT_PD1, u_src(w, i, RT_S1) >> x);
}

/* USEL: URd = UPp ? URa : b. */
void sim_un_usel(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	bool p = u_psrc(w, i, RT_PS0);
	u_dst(w, i, 0, p ? u_src(w, i, RT_S0) : u_src(w, i, RT_S1));
}

/* USHF: the funnel shift of SHF on URc:URa. */
void sim_un_ushf(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	u_dst(w, i, 0, rt_shf1((uint64_t)i->aux[1], u_src(w, i, RT_S0),
			       u_src(w, i, RT_S1), u_src(w, i, RT_S2)));
}
