/*
 * codec_fixture.h - a small ISA model built by hand (no description parser
 * involved), so the codec and the printer are tested on exact, known
 * layouts: seed-like BAR_I and BRA_X (a 50-bit signed offset at bit 32 that
 * crosses the 64-bit boundary), a load with an Address operand and a 64-bit
 * register pair, a float immediate, a constant-bank operand with .bitnot.
 * Field conventions follow DESIGN.md; control fields as in isa/base.isa.
 */
#ifndef SIMT_CODEC_FIXTURE_H
#define SIMT_CODEC_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

typedef struct fx_model {
	isa_model m;
	isa_opcode ops[8];
	isa_opcode *opptr[8];
	isa_type t_optype, t_stype, t_pred, t_pmodi, t_reg, t_barmode, t_bracond,
		t_u1, t_u3, t_u4, t_u6, t_u12, t_s24, t_s50, t_f32, t_cmem;
} fx_model;

static char *fx_optype_names[256];
static char *fx_stype_names[] = {"I", "R", "X", "U", "C"};
static char *fx_pred_names[] = {"P0", "P1", "P2", "P3", "P4", "P5", "P6", "PT"};
static char *fx_bool_names[] = {"False", "True"};
static char *fx_barmode_names[] = {"SYNC", "ARV"};
static char *fx_bracond_names[] = {"NoCond", "DIV", "CONV", NULL};

static void fx_enum(isa_type *t, const char *name, int width, char **values,
		    int n)
{
	t->name = (char *)name;
	t->width = width;
	t->cls = ISA_KIND_ENUM;
	t->values = values;
	t->nvalues = n;
}

static void fx_kind(isa_type *t, const char *name, int width, isa_kind_class c)
{
	t->name = (char *)name;
	t->width = width;
	t->cls = c;
}

/* Add a field; def: "=d" when has_def, "==c" when is_const. */
static int fx_field(isa_opcode *op, const char *name, int pos, int width,
		    const isa_type *t, int kind /* 0 plain, 1 default, 2 const */,
		    uint64_t value)
{
	isa_field *f = &op->fields[op->nfields];
	memset(f, 0, sizeof *f);
	f->name = (char *)name;
	f->pos = pos;
	f->width = width;
	f->type = t;
	f->has_default = kind == 1;
	f->is_const = kind == 2;
	f->value = value;
	f->operand = -1;
	f->base = -1;
	f->modifier = -1;
	return op->nfields++;
}

static int fx_find(const isa_opcode *op, const char *name)
{
	for (int i = 0; i < op->nfields; i++)
		if (!strcmp(op->fields[i].name, name))
			return i;
	return -1;
}

static void fx_set_bits(isa_word *w, int pos, int width, uint64_t v)
{
	util_bits_set(&w->lo, &w->hi, pos, width, v);
}

/* Common part: control fields, guard, optype/stype constants. */
static void fx_begin(fx_model *x, isa_opcode *op, const char *name,
		     const char *mnemonic, uint64_t optype, uint64_t stype)
{
	memset(op, 0, sizeof *op);
	op->name = (char *)name;
	op->mnemonic = (char *)mnemonic;
	fx_field(op, "stall", 109, 4, &x->t_u4, 1, 0);
	fx_field(op, "yield", 113, 1, &x->t_u1, 1, 0);
	fx_field(op, "wsb", 114, 3, &x->t_u3, 1, 7);
	fx_field(op, "req", 117, 6, &x->t_u6, 1, 0);
	fx_field(op, "pg", 12, 3, &x->t_pred, 1, 7);
	fx_field(op, "pg.not", 15, 1, &x->t_pmodi, 1, 0);
	fx_field(op, "optype", 0, 8, &x->t_optype, 2, optype);
	fx_field(op, "stype", 8, 4, &x->t_stype, 2, stype);
}

/* Operands from an order list; links .not/.bitnot; masks; mods. */
static void fx_finish(isa_opcode *op, const char *const *order, int n)
{
	for (int i = 0; i < op->nfields; i++) {
		isa_field *f = &op->fields[i];
		const char *dot = strchr(f->name, '.');
		if (dot) {
			char base[32];
			memcpy(base, f->name, (size_t)(dot - f->name));
			base[dot - f->name] = '\0';
			f->base = fx_find(op, base);
			op->fields[f->base].modifier = i;
		}
		fx_set_bits(&op->used_mask, f->pos, f->width, ~UINT64_C(0));
		if (f->is_const) {
			fx_set_bits(&op->fixed_mask, f->pos, f->width, ~UINT64_C(0));
			fx_set_bits(&op->fixed_value, f->pos, f->width, f->value);
		}
	}
	op->guard = fx_find(op, "pg");
	for (int k = 0; k < n; k++) {
		isa_operand *o = &op->operands[op->noperands];
		memset(o, 0, sizeof *o);
		o->field = fx_find(op, order[k]);
		o->sub[0] = o->sub[1] = -1;
		o->optional = op->fields[o->field].has_default;
		op->fields[o->field].operand = op->noperands++;
	}
	for (int i = 0; i < op->nfields; i++) {
		const isa_field *f = &op->fields[i];
		if (f->type->cls == ISA_KIND_ENUM && f->operand < 0 &&
		    !f->is_const && f->base < 0)
			op->mods[op->nmods++] = i;
	}
}

static isa_operand *fx_operand(isa_opcode *op, const char *field)
{
	int f = fx_find(op, field);
	return &op->operands[op->fields[f].operand];
}

enum { FX_BAR = 0x01, FX_BRA = 0x05, FX_LDG = 0x40, FX_MOV = 0x41 };

static void fx_types(fx_model *x)
{
	fx_optype_names[FX_BAR] = "BAR";
	fx_optype_names[FX_BRA] = "BRA";
	fx_optype_names[FX_LDG] = "LDG";
	fx_optype_names[FX_MOV] = "MOV";
	fx_enum(&x->t_optype, "Optype", 8, fx_optype_names, 256);
	fx_enum(&x->t_stype, "SType", 4, fx_stype_names, 5);
	fx_enum(&x->t_pred, "Pred", 3, fx_pred_names, 8);
	fx_enum(&x->t_pmodi, "PModi", 1, fx_bool_names, 2);
	fx_enum(&x->t_barmode, "BARMode", 1, fx_barmode_names, 2);
	fx_enum(&x->t_bracond, "BRACond", 2, fx_bracond_names, 4);
	fx_kind(&x->t_reg, "Reg", 8, ISA_KIND_REG);
	x->t_reg.prefix = "R";
	x->t_reg.zero = "RZ";
	fx_kind(&x->t_u1, "UImm1", 1, ISA_KIND_UIMM);
	fx_kind(&x->t_u3, "UImm3", 3, ISA_KIND_UIMM);
	fx_kind(&x->t_u4, "UImm4", 4, ISA_KIND_UIMM);
	fx_kind(&x->t_u6, "UImm6", 6, ISA_KIND_UIMM);
	fx_kind(&x->t_u12, "UImm12", 12, ISA_KIND_UIMM);
	fx_kind(&x->t_s24, "SImm24", 24, ISA_KIND_SIMM);
	fx_kind(&x->t_s50, "SImm50", 50, ISA_KIND_SIMM);
	fx_kind(&x->t_f32, "F32Imm", 32, ISA_KIND_F32);
	fx_kind(&x->t_cmem, "CMem", 22, ISA_KIND_CMEM);
	x->t_cmem.bank_pos = 16;
	x->t_cmem.bank_width = 6;
	x->t_cmem.off_pos = 0;
	x->t_cmem.off_width = 16;
}

/* BAR_I: BAR.{SYNC,ARV} barid, cnt (cnt = 0 by default). */
static void fx_bar_i(fx_model *x, isa_opcode *op)
{
	fx_begin(x, op, "BAR_I", "BAR", FX_BAR, 0);
	fx_field(op, "mode", 80, 1, &x->t_barmode, 0, 0);
	fx_field(op, "barid", 40, 4, &x->t_u4, 0, 0);
	fx_field(op, "cnt", 44, 12, &x->t_u12, 1, 0);
	static const char *const order[] = {"pg", "barid", "cnt"};
	fx_finish(op, order, 3);
}

/* BRA_X: [.DIV|.CONV] [!]pp, target (PCRel SImm50 at 32, shift 4). */
static void fx_bra_x(fx_model *x, isa_opcode *op)
{
	fx_begin(x, op, "BRA_X", "BRA", FX_BRA, 2);
	fx_field(op, "offset", 32, 50, &x->t_s50, 0, 0);
	fx_field(op, "cond", 82, 2, &x->t_bracond, 1, 0);
	fx_field(op, "pp", 98, 3, &x->t_pred, 1, 7);
	fx_field(op, "pp.not", 101, 1, &x->t_pmodi, 1, 0);
	static const char *const order[] = {"pg", "pp", "offset"};
	fx_finish(op, order, 3);
	isa_operand *o = fx_operand(op, "offset");
	o->fmt = ISA_FMT_PCREL;
	o->shift = 4;
}

/* LDG_R: LDG.E.64 R[2:3], [R4.64+0x10] (rd pair, Address(ra, off)). */
static void fx_ldg(fx_model *x, isa_opcode *op)
{
	fx_begin(x, op, "LDG_R", "LDG", FX_LDG, 1);
	fx_field(op, "rd", 16, 8, &x->t_reg, 0, 0);
	fx_field(op, "ra", 24, 8, &x->t_reg, 0, 0);
	fx_field(op, "off", 32, 24, &x->t_s24, 1, 0);
	static const char *const order[] = {"pg", "rd", "ra", "off"};
	fx_finish(op, order, 4);
	fx_operand(op, "rd")->bitwidth = 64;
	isa_operand *o = fx_operand(op, "ra");
	o->bitwidth = 64;
	o->fmt = ISA_FMT_ADDR;
	o->sub[0] = fx_find(op, "ra");
	o->sub[1] = fx_find(op, "off");
}

/* MOV_F: MOV rd, float ; MOV_C: MOV rd, [~]c[bank][off]. */
static void fx_mov(fx_model *x, isa_opcode *f, isa_opcode *c)
{
	fx_begin(x, f, "MOV_F", "MOV", FX_MOV, 0);
	fx_field(f, "rd", 16, 8, &x->t_reg, 0, 0);
	fx_field(f, "fimm", 32, 32, &x->t_f32, 0, 0);
	static const char *const of[] = {"pg", "rd", "fimm"};
	fx_finish(f, of, 3);
	fx_begin(x, c, "MOV_C", "MOV", FX_MOV, 4);
	fx_field(c, "rd", 16, 8, &x->t_reg, 0, 0);
	fx_field(c, "vb", 32, 22, &x->t_cmem, 0, 0);
	fx_field(c, "vb.bitnot", 97, 1, &x->t_pmodi, 1, 0);
	static const char *const oc[] = {"pg", "rd", "vb"};
	fx_finish(c, oc, 3);
}

/* Build the fixture; the caller runs codec_build and codec_free. */
static void fx_build(fx_model *x)
{
	memset(x, 0, sizeof *x);
	fx_types(x);
	fx_bar_i(x, &x->ops[0]);
	fx_bra_x(x, &x->ops[1]);
	fx_ldg(x, &x->ops[2]);
	fx_mov(x, &x->ops[3], &x->ops[4]);
	x->m.nopcodes = 5;
	for (int i = 0; i < 5; i++) {
		x->ops[i].index = i;
		x->opptr[i] = &x->ops[i];
	}
	x->m.opcodes = x->opptr;
}

#endif
