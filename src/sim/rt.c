/*
 * rt.c - predecode of the companion instructions (see rt.h): operand roles
 * from the ISA's operand lists and kinds, modifiers from enum value names.
 *
 * Requires: i->opc, i->fields and i->op[] filled by predecode.c.
 * Produces: i->aux[0] (role slots) and i->aux[1] (RT_MOD_* bits).
 */
#include "sim/rt.h"

#include <string.h>

static const char *const mod_names[] = {
#define RT_X_NAME(e, s) s,
	RT_MODS(RT_X_NAME)
#undef RT_X_NAME
};

static const char *value_name(const isa_field *f, uint64_t v)
{
	const isa_type *t = f->type;
	if (!t || t->cls != ISA_KIND_ENUM || v >= (uint64_t)t->nvalues || !t->values[v])
		return "";
	return t->values[v];
}

const char *rt_enum_name(const sim_inst *i, int k)
{
	if (k == RT_NONE || !i->opc || i->op[k].field < 0)
		return "";
	return value_name(&i->opc->fields[i->op[k].field], i->fields[i->op[k].field]);
}

static uint64_t mod_bit(const char *name)
{
	for (size_t m = 0; m < UTIL_ARRAY_LEN(mod_names); m++)
		if (!strcmp(name, mod_names[m]))
			return 1ull << m;
	return 0;
}

/* Put operand k into the first free slot of the list; false when full. */
static bool place(uint64_t *aux, const int *slots, int nslots, int k)
{
	for (int s = 0; s < nslots; s++)
		if (((*aux >> (4 * slots[s])) & 0xF) == RT_NONE) {
			*aux &= ~(0xFull << (4 * slots[s]));
			*aux |= (uint64_t)k << (4 * slots[s]);
			return true;
		}
	return false;
}

simt_status rt_prep(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	static const int dsts[] = {RT_D0, RT_D1}, pdsts[] = {RT_PD0, RT_PD1},
			 srcs[] = {RT_S0, RT_S1, RT_S2, RT_S3},
			 psrcs[] = {RT_PS0, RT_PS1, RT_PS2}, enums[] = {RT_ENUM},
			 addrs[] = {RT_ADDR};
	uint64_t aux = ~0ull;
	uint64_t mods = 0;
	if (!i->opc)
		return SIMT_OK;
	for (int k = 0; k < i->nops && k < 15; k++) {
		const sim_opnd *o = &i->op[k];
		bool out = sim_opnd_out(i, k);
		bool ok = true;
		switch (o->kind) {
		case SIM_O_REG:
			ok = out ? place(&aux, dsts, 2, k) : place(&aux, srcs, 4, k);
			break;
		case SIM_O_UREG: /* a destination only in the uniform datapath */
			ok = out ? place(&aux, dsts, 2, k) : place(&aux, srcs, 4, k);
			break;
		case SIM_O_IMM: case SIM_O_CMEM:
			ok = place(&aux, srcs, 4, k);
			break;
		case SIM_O_PRED: case SIM_O_UPRED:
			ok = out ? place(&aux, pdsts, 2, k) : place(&aux, psrcs, 3, k);
			break;
		case SIM_O_ENUM:
			ok = place(&aux, enums, 1, k);
			mods |= mod_bit(rt_enum_name(i, k));
			break;
		case SIM_O_ADDR:
			ok = place(&aux, addrs, 1, k);
			break;
		default:
			break;
		}
		if (!ok) { /* a user's --isa file may list more operands */
			util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				  "%s at 0x%llx: more operands of one role than the "
				  "%s handler reads", i->opc->name,
				  (unsigned long long)i->pc, i->opc->mnemonic);
			return SIMT_ERR_CHECK;
		}
	}
	for (int m = 0; m < i->opc->nmods; m++) {
		int f = i->opc->mods[m];
		mods |= mod_bit(value_name(&i->opc->fields[f], i->fields[f]));
	}
	i->aux[0] = (int64_t)aux;
	i->aux[1] = (int64_t)mods;
	return SIMT_OK;
}

/* Two rows of 32 words compared with their lane 0 in one pass: an OR of
 * differences, branch-free, so that it vectorises (eight lanes per AVX2
 * instruction, four per SSE2 one). */
RT_LANE_CLONES_EXTERN
bool rt_rows_uniform(const uint32_t *a, const uint32_t *b, uint32_t bmask)
{
	uint32_t d = 0;
	if (!bmask) { /* row a alone */
		_Pragma("GCC unroll 8")
		for (int l = 0; l < SIM_LANES; l++)
			d |= a[l] ^ a[0];
		return d == 0;
	}
	_Pragma("GCC unroll 8")
	for (int l = 0; l < SIM_LANES; l++)
		d |= (a[l] ^ a[0]) | ((b[l] ^ b[0]) & bmask);
	return d == 0;
}
