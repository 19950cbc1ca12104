/*
 * predecode.c - kernel text -> sim_inst[] (one exec record per 16-byte word).
 *
 * Requires: a checked ISA model with its decode table; the kernel's text.
 * Produces: c->code[k] for the word at c->code_base + 16 k, with the handler
 * of its optype (from SIM_OPS), the guard and pp resolved to predicate rows,
 * operands in Order<> order resolved to register rows (destination RZ/PT
 * mapped to the sink rows), immediates sign-extended and scaled by their
 * CvtIShift/PCRel shift, constant references split into bank and offset.
 * A word that does not decode, or whose optype has no handler, still gets a
 * record: executing it raises a located exception (data may sit in text).
 */
#include <stdlib.h>
#include <string.h>

#include "codec/codec.h"
#include "sim/sim.h"

typedef struct sim_op_row {
	const char *name;
	sim_optype op;
	sim_exec_fn *exec;
	sim_prep_fn *prep;
	uint32_t flags;
} sim_op_row;

static const sim_op_row sim_op_table[] = {
#define SIM_X_ROW(n, e, p, f) {#n, SIM_OP_##n, e, p, f},
	SIM_OPS(SIM_X_ROW)
#undef SIM_X_ROW
};

static void sim_exec_undecoded(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_raise(w, i, w->active, SIM_STOP_EXCEPTION,
		  "word does not decode: %s", i->why ? i->why : "unknown");
}

static void sim_exec_unhandled(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_raise(w, i, w->active, SIM_STOP_EXCEPTION,
		  "no execution handler for %s", i->opc->optype->name);
}

static const sim_op_row *sim_op_lookup(const char *name)
{
	for (size_t k = 0; k < UTIL_ARRAY_LEN(sim_op_table); k++)
		if (strcmp(sim_op_table[k].name, name) == 0)
			return &sim_op_table[k];
	return NULL;
}

uint64_t sim_field(const sim_inst *i, const char *name, uint64_t def)
{
	if (!i->opc)
		return def;
	int f = isa_field_find(i->opc, name);
	return f < 0 ? def : i->fields[f];
}

int sim_opnd_find(const sim_inst *i, const char *name)
{
	for (int k = 0; k < i->nops; k++) {
		int f = i->op[k].field;
		if (f >= 0 && strcmp(i->opc->fields[f].name, name) == 0)
			return k;
	}
	return -1;
}

bool sim_opnd_out(const sim_inst *i, int k)
{
	int f = i->op[k].field;
	if (f < 0 || !i->opc)
		return false;
	int o = i->opc->fields[f].operand;
	return o >= 0 && i->opc->operands[o].out;
}

uint64_t sim_slots_pack(const int *ks, int n)
{
	uint64_t aux = ~0ull;
	for (int s = 0; s < n; s++)
		if (ks[s] >= 0 && ks[s] < SIM_SLOT_NONE) {
			aux &= ~(0xFull << (4 * s));
			aux |= (uint64_t)ks[s] << (4 * s);
		}
	return aux;
}

static int64_t sim_sext(uint64_t v, int width)
{
	if (width >= 64)
		return (int64_t)v;
	uint64_t m = 1ull << (width - 1);
	v &= (1ull << width) - 1;
	return (int64_t)((v ^ m) - m);
}

static bool sim_type_is(const isa_type *t, const char *name)
{
	for (; t; t = t->family_of)
		if (strcmp(t->name, name) == 0)
			return true;
	return false;
}

/* Value of the .not/.bitnot modifier of field f, 0 if it has none. */
static uint8_t sim_neg_of(const isa_opcode *op, const uint64_t *fields, int f)
{
	int m = op->fields[f].modifier;
	return m >= 0 ? (uint8_t)(fields[m] != 0) : 0;
}

/* Resolve one Order<> operand into o. */
static void sim_resolve(const isa_opcode *op, const uint64_t *fields,
			const isa_operand *od, sim_opnd *o)
{
	const isa_field *f = &op->fields[od->field];
	const isa_type *t = f->type;
	uint64_t v = fields[od->field];
	memset(o, 0, sizeof *o);
	o->field = (int16_t)od->field;
	o->width = (uint8_t)(od->bitwidth ? od->bitwidth : 32);
	o->neg = sim_neg_of(op, fields, od->field);
	if (t->cls == ISA_KIND_REG) {
		bool ur = t->prefix && strcmp(t->prefix, "UR") == 0;
		o->kind = ur ? SIM_O_UREG : SIM_O_REG;
		uint64_t zero = (1ull << f->width) - 1;
		if (v == zero)
			o->reg = od->out ? (ur ? SIM_URSINK : SIM_RSINK)
					 : (ur ? SIM_URZ : SIM_RZ);
		else
			o->reg = (uint16_t)v;
	} else if (t->cls == ISA_KIND_CMEM) {
		o->kind = SIM_O_CMEM;
		o->bank = (uint8_t)((v >> t->bank_pos) & ((1ull << t->bank_width) - 1));
		o->imm = (int64_t)((v >> t->off_pos) & ((1ull << t->off_width) - 1));
		o->reg = SIM_RZ;
	} else if (t->cls == ISA_KIND_ENUM) {
		if (sim_type_is(t, "Pred") || sim_type_is(t, "UPred")) {
			o->kind = sim_type_is(t, "Pred") ? SIM_O_PRED : SIM_O_UPRED;
			o->reg = (uint16_t)(v == 7 && od->out ? SIM_PSINK : v);
		} else if (sim_type_is(t, "BReg")) {
			o->kind = SIM_O_BREG;
			o->reg = (uint16_t)(v & 15);
		} else {
			o->kind = SIM_O_ENUM;
			o->imm = (int64_t)v;
		}
	} else {
		o->kind = SIM_O_IMM;
		o->imm = t->cls == ISA_KIND_SIMM ? sim_sext(v, f->width)
						 : (int64_t)v;
		if (od->fmt == ISA_FMT_SHIFT || od->fmt == ISA_FMT_PCREL)
			o->imm = (int64_t)((uint64_t)o->imm << od->shift);
	}
	if (od->fmt == ISA_FMT_ADDR || od->fmt == ISA_FMT_CADDR) {
		int ra = od->sub[0], off = od->sub[1];
		o->kind = od->fmt == ISA_FMT_ADDR ? SIM_O_ADDR : SIM_O_CMEM;
		if (od->fmt == ISA_FMT_CADDR)
			o->bank = (uint8_t)v;
		o->reg = SIM_RZ;
		if (ra >= 0 && fields[ra] != (1ull << op->fields[ra].width) - 1)
			o->reg = (uint16_t)fields[ra];
		o->imm = 0;
		if (off >= 0)
			o->imm = op->fields[off].type->cls == ISA_KIND_SIMM
					 ? sim_sext(fields[off], op->fields[off].width)
					 : (int64_t)fields[off];
	}
}

/* Guard, pp and the operand list of a decoded word. */
static void sim_fill(sim_inst *i, const sim_op_row *row)
{
	const isa_opcode *op = i->opc;
	i->pg = SIM_PT;
	i->pp = SIM_PT;
	if (op->guard >= 0) {
		i->pg = (uint8_t)i->fields[op->guard];
		i->pg_not = sim_neg_of(op, i->fields, op->guard);
		i->pg_up = sim_type_is(op->fields[op->guard].type, "UPred");
	}
	int ppf = isa_field_find(op, "pp");
	bool pp_guard = ppf >= 0 && row && (row->flags & SIM_F_PPGUARD);
	if (pp_guard) {
		i->pp = (uint8_t)i->fields[ppf];
		i->pp_not = sim_neg_of(op, i->fields, ppf);
	}
	i->pg_xor = i->pg_not ? -1 : 0;
	i->pp_xor = i->pp_not ? -1 : 0;
	for (int k = 0; k < op->noperands && i->nops < SIM_MAX_OPNDS; k++) {
		const isa_operand *od = &op->operands[k];
		if (od->field == op->guard || (pp_guard && od->field == ppf))
			continue;
		sim_resolve(op, i->fields, od, &i->op[i->nops++]);
	}
	/* the issue distance: stall 0 counts as 1 (sched.c, sim.h's step) */
	uint8_t stall = (uint8_t)sim_field(i, ISA_FIELD_STALL, 1);
	i->stall = stall ? stall : 1;
	i->yield = (uint8_t)sim_field(i, ISA_FIELD_YIELD, 0);
	i->wsb = (uint8_t)sim_field(i, ISA_FIELD_WSB, 7);
	i->req = (uint8_t)sim_field(i, ISA_FIELD_REQ, 0);
	i->sem = (uint8_t)sim_field(i, "sem", 0);
	i->scope = (uint8_t)sim_field(i, "scope", 1);
}

simt_status sim_predecode_one(sim_ctx *c, sim_inst *i, const uint8_t *word,
			      uint64_t pc, simt_diags *d)
{
	memset(i, 0, sizeof *i);
	i->pc = pc;
	for (int b = 0; b < 16; b++) /* little-endian, bits 0..127 */
		i->word[b / 8] |= (uint64_t)word[b] << (8 * (b % 8));
	i->pg = i->pp = SIM_PT;
	i->stall = 1;
	i->exec = sim_exec_undecoded;
	i->flags = SIM_F_CTRL;
	i->opc = codec_decode(c->isa, codec_load(word), i->fields, &i->why);
	if (!i->opc)
		return SIMT_OK;
	const sim_op_row *row = sim_op_lookup(i->opc->optype->name);
	sim_fill(i, row);
	if (!row) {
		i->exec = sim_exec_unhandled;
		return SIMT_OK;
	}
	i->exec = row->exec;
	i->optype = (uint16_t)row->op;
	i->flags = row->flags;
	simt_status st = row->prep ? row->prep(c, i, d) : SIMT_OK;
	/* what every issue would otherwise test again (warp.c, sim_step) */
	if (i->pg == SIM_PT && !i->pg_not && !i->pg_up && i->pp == SIM_PT &&
	    !i->pp_not)
		i->flags |= SIM_F_NOGUARD;
	return st;
}

simt_status sim_predecode(sim_ctx *c, const uint8_t *code, uint64_t len,
			  simt_diags *d)
{
	c->ncode = len / SIM_INST_SIZE;
	/* and code[ncode]: sim_warp.ip of a PC outside the code (sim_ip), a
	   control record that raises as sim_fetch_bad's does */
	c->code = calloc(c->ncode + 1, sizeof *c->code);
	if (!c->code)
		return SIMT_ERR_NOMEM;
	sim_inst *off = &c->code[c->ncode];
	off->exec = sim_exec_off_code;
	off->flags = SIM_F_CTRL;
	off->pg = off->pp = SIM_PT;
	off->stall = 1;
	off->pc = c->code_base + c->ncode * SIM_INST_SIZE;
	for (uint64_t k = 0; k < c->ncode; k++) {
		simt_status st = sim_predecode_one(c, &c->code[k],
						   code + k * SIM_INST_SIZE,
						   c->code_base + k * SIM_INST_SIZE, d);
		if (st != SIMT_OK)
			return st;
	}
	return SIMT_OK;
}

uint32_t sim_src32(sim_warp *w, const sim_inst *i, int opnd, int lane)
{
	const sim_opnd *o = &i->op[opnd];
	uint32_t v = 0;
	switch (o->kind) {
	case SIM_O_REG: v = w->r[o->reg][lane]; break;
	case SIM_O_UREG: v = w->ur[o->reg]; break;
	case SIM_O_IMM:
	case SIM_O_ENUM: v = (uint32_t)o->imm; break;
	case SIM_O_CMEM: {
		uint32_t off = (uint32_t)o->imm + w->r[o->reg][lane];
		if (!sim_mem_const_read(w, i, o->bank, off, 4, &v))
			v = 0;
		break;
	}
	case SIM_O_PRED: v = (w->p[o->reg] >> lane) & 1; break;
	case SIM_O_BREG: v = w->breg[o->reg]; break;
	default: break;
	}
	return o->neg && o->kind != SIM_O_PRED ? ~v : v;
}

uint64_t sim_src64(sim_warp *w, const sim_inst *i, int opnd, int lane)
{
	const sim_opnd *o = &i->op[opnd];
	uint64_t v = 0;
	switch (o->kind) {
	case SIM_O_REG:
		v = w->r[o->reg][lane];
		if (o->reg < SIM_RZ - 1)
			v |= (uint64_t)w->r[o->reg + 1][lane] << 32;
		break;
	case SIM_O_UREG:
		v = w->ur[o->reg];
		if (o->reg < SIM_URZ - 1)
			v |= (uint64_t)w->ur[o->reg + 1] << 32;
		break;
	case SIM_O_IMM:
	case SIM_O_ENUM: v = (uint64_t)o->imm; break;
	case SIM_O_CMEM: {
		uint32_t off = (uint32_t)o->imm + w->r[o->reg][lane];
		if (!sim_mem_const_read(w, i, o->bank, off, 8, &v))
			v = 0;
		break;
	}
	default: return sim_src32(w, i, opnd, lane);
	}
	return o->neg ? ~v : v;
}

/* Handler of an instruction whose operands the prep hook refused (i->why). */
void sim_exec_malformed(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_raise(w, i, w->active, SIM_STOP_EXCEPTION,
		  "the operands of %s do not have the form the simulator "
		  "executes (%s)", i->opc->name, i->why);
}

int sim_enum_index(const sim_inst *i, const char *field,
		   const char *const *names, int def)
{
	int f = isa_field_find(i->opc, field);
	if (f < 0)
		return def;
	const isa_type *t = i->opc->fields[f].type;
	uint64_t v = i->fields[f];
	if (!t || t->cls != ISA_KIND_ENUM || v >= (uint64_t)t->nvalues ||
	    !t->values[v])
		return -1;
	for (int k = 0; names[k]; k++)
		if (!strcmp(names[k], t->values[v]))
			return k;
	return -1;
}

bool sim_opnd_is(const sim_inst *i, const char *name, int kind)
{
	int k = sim_opnd_find(i, name);
	return k >= 0 && i->op[k].kind == kind;
}

simt_status sim_prep_need(sim_inst *i, bool ok, const char *need)
{
	if (!ok) {
		i->why = need;
		i->exec = sim_exec_malformed;
		i->flags = SIM_F_CTRL;
	}
	return SIMT_OK;
}
