/*
 * special.c - S2R (special registers) and LDC (constant loads).
 *
 * Requires: rt_prep() ran; sim_rt_prep_s2r() resolved the SR_* name of
 * S2R's operand into aux[2] (names compared without "SR_", '.' and '_',
 * so SR_TID.X and SR_TID_X both work).  LDC reads c[bank][Ra + off] per
 * lane (Ra = RZ: one uniform read), size from .U8/.S8/.U16/.S16/.64.
 */
#include <ctype.h>
#include <string.h>

#include "sim/rt.h"

#define LANES for (int l = 0; l < SIM_LANES; l++)

/* X-macro: special registers (enum, normalised name). */
#define RT_SREGS(X)                                                            \
	X(TID_X, "TIDX") X(TID_Y, "TIDY") X(TID_Z, "TIDZ")                     \
	X(CTAID_X, "CTAIDX") X(CTAID_Y, "CTAIDY") X(CTAID_Z, "CTAIDZ")         \
	X(NTID_X, "NTIDX") X(NTID_Y, "NTIDY") X(NTID_Z, "NTIDZ")               \
	X(NCTAID_X, "NCTAIDX") X(NCTAID_Y, "NCTAIDY") X(NCTAID_Z, "NCTAIDZ")   \
	X(LANEID, "LANEID") X(WARPID, "WARPID") X(LM_EQ, "LANEMASKEQ")         \
	X(LM_LT, "LANEMASKLT") X(LM_LE, "LANEMASKLE") X(LM_GT, "LANEMASKGT")   \
	X(LM_GE, "LANEMASKGE") X(CLOCKLO, "CLOCKLO") X(CLOCKHI, "CLOCKHI")     \
	X(CLOCK, "CLOCK") X(NWARPID, "NWARPID") X(SMID, "SMID")                \
	X(NSMID, "NSMID") X(GTIMERLO, "GLOBALTIMERLO")                         \
	X(GTIMERHI, "GLOBALTIMERHI")                                           \
	X(CLUSTERID_X, "CLUSTERIDX") X(CLUSTERID_Y, "CLUSTERIDY")             \
	X(CLUSTERID_Z, "CLUSTERIDZ") X(NCLUSTERID_X, "NCLUSTERIDX")           \
	X(NCLUSTERID_Y, "NCLUSTERIDY") X(NCLUSTERID_Z, "NCLUSTERIDZ")         \
	X(CLUSTER_CTAID_X, "CLUSTERCTAIDX") X(CLUSTER_CTAID_Y, "CLUSTERCTAIDY") \
	X(CLUSTER_CTAID_Z, "CLUSTERCTAIDZ")                                   \
	X(CLUSTER_NCTAID_X, "CLUSTERNCTAIDX")                                 \
	X(CLUSTER_NCTAID_Y, "CLUSTERNCTAIDY")                                 \
	X(CLUSTER_NCTAID_Z, "CLUSTERNCTAIDZ")                                 \
	X(CLUSTER_CTARANK, "CLUSTERCTARANK")                                  \
	X(CLUSTER_NCTARANK, "CLUSTERNCTARANK")                                \
	X(IS_EXPLICIT_CLUSTER, "ISEXPLICITCLUSTER")

enum {
#define RT_X_ENUM(e, s) SR_##e,
	RT_SREGS(RT_X_ENUM)
#undef RT_X_ENUM
	SR_COUNT
};

static const char *const sr_names[] = {
#define RT_X_NAME(e, s) s,
	RT_SREGS(RT_X_NAME)
#undef RT_X_NAME
};

simt_status sim_rt_prep_s2r(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	const char *name = rt_enum_name(i, sim_slot(i, RT_ENUM));
	char norm[32];
	size_t n = 0;
	if (!strncmp(name, "SR_", 3))
		name += 3;
	for (; *name && n + 1 < sizeof norm; name++)
		if (*name != '.' && *name != '_')
			norm[n++] = (char)toupper((unsigned char)*name);
	norm[n] = '\0';
	for (int k = 0; k < SR_COUNT; k++)
		if (!strcmp(norm, sr_names[k])) {
			i->aux[2] = k;
			return SIMT_OK;
		}
	i->aux[2] = -1; /* raises when issued */
	return SIMT_OK;
}

/* Value of special register sr for every lane. */
void rt_sreg(sim_warp *w, int sr, uint32_t v[SIM_LANES])
{
	const sim_ctx *c = w->ctx;
	uint32_t u = 0;
	switch (sr) {
	case SR_TID_X: case SR_TID_Y: case SR_TID_Z:
		memcpy(v, w->tid[sr - SR_TID_X], sizeof w->tid[0]);
		return;
	case SR_LANEID:
		LANES v[l] = (uint32_t)l;
		return;
	case SR_LM_EQ: LANES v[l] = 1u << l; return;
	case SR_LM_LT: LANES v[l] = (1u << l) - 1; return;
	case SR_LM_LE: LANES v[l] = (uint32_t)((2ull << l) - 1); return;
	case SR_LM_GT: LANES v[l] = ~(uint32_t)((2ull << l) - 1); return;
	case SR_LM_GE: LANES v[l] = ~((1u << l) - 1); return;
	case SR_CTAID_X: case SR_CTAID_Y: case SR_CTAID_Z:
		u = w->cta->id[sr - SR_CTAID_X];
		break;
	case SR_NTID_X: case SR_NTID_Y: case SR_NTID_Z:
		u = c->launch.block[sr - SR_NTID_X];
		break;
	case SR_NCTAID_X: case SR_NCTAID_Y: case SR_NCTAID_Z:
		u = c->launch.grid[sr - SR_NCTAID_X];
		break;
	case SR_WARPID: u = (uint32_t)w->id; break;
	case SR_CLOCKLO: case SR_CLOCK: u = (uint32_t)c->cycle; break;
	case SR_CLOCKHI: u = (uint32_t)(c->cycle >> 32); break;
	/* one nanosecond per cycle; the golden model is one SM */
	case SR_GTIMERLO: u = (uint32_t)c->cycle; break;
	case SR_GTIMERHI: u = (uint32_t)(c->cycle >> 32); break;
	case SR_NWARPID: u = (uint32_t)w->cta->nwarps; break;
	case SR_SMID: u = 0; break;
	case SR_NSMID: u = 1; break;
	default: /* the cluster registers, in cluster.c's order */
		if (sr >= SR_CLUSTERID_X && sr <= SR_IS_EXPLICIT_CLUSTER)
			u = sim_cluster_sreg(c, w->cta, sr - SR_CLUSTERID_X);
		break;
	}
	LANES v[l] = u;
}

void sim_rt_s2r(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t v[SIM_LANES];
	if (i->aux[2] < 0) {
		sim_raise(w, i, pmask, SIM_STOP_EXCEPTION,
			  "S2R: special register '%s' is not modelled",
			  rt_enum_name(i, sim_slot(i, RT_ENUM)));
		return;
	}
	rt_sreg(w, (int)i->aux[2], v);
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/* Access size in bytes from .U8 .S8 .U16 .S16 .64 .128 (32 bits default). */
unsigned rt_size(const sim_inst *i, bool *sign)
{
	*sign = rt_has(i, RT_M(S8) | RT_M(S16));
	if (rt_has(i, RT_M(U8) | RT_M(S8)))
		return 1;
	if (rt_has(i, RT_M(U16) | RT_M(S16)))
		return 2;
	if (rt_has(i, RT_M(B64)))
		return 8;
	if (rt_has(i, RT_M(B128)))
		return 16;
	return 4;
}

/* Registers d..d+n of lane l from the loaded bytes (sign/zero extended). */
void rt_unpack(sim_warp *w, const sim_inst *i, int l, const uint8_t *bytes,
	       unsigned size, bool sign)
{
	int k = sim_slot(i, RT_D0);
	uint32_t x = 0;
	if (size < 4) {
		memcpy(&x, bytes, size);
		if (sign)
			x = size == 1 ? (uint32_t)(int32_t)(int8_t)x
				      : (uint32_t)(int32_t)(int16_t)x;
		rt_dst(w, i, k, 0)[l] = x;
		return;
	}
	for (unsigned h = 0; h < size / 4; h++) {
		memcpy(&x, bytes + 4 * h, 4);
		rt_dst(w, i, k, (int)h)[l] = x;
	}
}

/*
 * LDC: the bank, index register and offset are found by field name (bank,
 * ra, off), or in one c[bank][Ra+off] operand when predecode made one.
 */
simt_status rt_prep_ldc(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	int k = sim_slot(i, RT_S0);
	if (k != RT_NONE && i->op[k].kind == SIM_O_CMEM) {
		i->aux[2] = i->op[k].bank;
		i->aux[3] = (int64_t)((uint64_t)i->op[k].reg << 32 |
				      (uint32_t)i->op[k].imm);
		return SIMT_OK;
	}
	int kb = sim_opnd_find(i, "bank"), kr = sim_opnd_find(i, "ra");
	int ko = sim_opnd_find(i, "off");
	i->aux[2] = kb < 0 ? 0 : i->op[kb].imm;
	uint64_t reg = kr < 0 ? SIM_RZ : i->op[kr].reg;
	uint32_t off = ko < 0 ? 0 : (uint32_t)i->op[ko].imm;
	i->aux[3] = (int64_t)(reg << 32 | off);
	return SIMT_OK;
}

void sim_rt_ldc(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	unsigned bank = (unsigned)i->aux[2];
	unsigned reg = (unsigned)((uint64_t)i->aux[3] >> 32);
	uint32_t off = (uint32_t)i->aux[3];
	bool sign;
	unsigned size = rt_size(i, &sign);
	uint8_t bytes[16];
	const sim_cbank *b = sim_mem_bank(w->ctx->mem, bank);
	if (reg >= SIM_RZ && size >= 4 && b && !(off & (size - 1)) &&
	    off < b->size && b->size - off >= size) {
		/* one address for the warp, inside the bank (the checks of
		   sim_mem_const_read): each word of it fills a row */
		int k = sim_slot(i, RT_D0);
		for (unsigned h = 0; h < size / 4; h++) {
			uint32_t v;
			memcpy(&v, b->data + off + 4 * h, 4);
			rt_fill(rt_dst(w, i, k, (int)h), v, pmask);
		}
		return;
	}
	if (reg >= SIM_RZ) {
		/* one address for the warp: one value per destination row,
		   as rt_unpack extends and splits it */
		if (!sim_mem_const_read(w, i, bank, off, size, bytes))
			return;
		uint32_t x[4] = {0};
		memcpy(x, bytes, size);
		if (size < 4 && sign)
			x[0] = size == 1 ? (uint32_t)(int32_t)(int8_t)x[0]
					 : (uint32_t)(int32_t)(int16_t)x[0];
		int k = sim_slot(i, RT_D0);
		for (unsigned h = 0; h < (size + 3) / 4; h++) {
			rt_fill(rt_dst(w, i, k, (int)h), x[h], pmask);
		}
		return;
	}
	/* a word per lane (a table indexed by the thread): every lane's word
	   checked (aligned, inside the bank), then read, each lane's index
	   before its destination; else lane by lane, and a lane that faults
	   stops there as sim_mem_const_read reports it */
	const uint32_t *x = w->r[reg];
	if (size == 4 && b && b->size >= 4) {
		uint32_t bad = 0, last = b->size - 4;
		for (uint32_t m = pmask; m; m &= m - 1) {
			uint32_t a = off + x[sim_ffs(m)];
			bad |= (a & 3) | (uint32_t)(a > last);
		}
		if (!bad) {
			uint32_t *d = rt_dst(w, i, sim_slot(i, RT_D0), 0);
			for (uint32_t m = pmask; m; m &= m - 1) {
				int l = (int)sim_ffs(m);
				memcpy(&d[l], b->data + (uint32_t)(off + x[l]), 4);
			}
			return;
		}
	}
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		if (!sim_mem_const_read(w, i, bank, off + x[l], size, bytes))
			return;
		rt_unpack(w, i, l, bytes, size, sign);
	}
}
