/*
 * dump.c - ptx_module -> PTX text.
 *
 * Requires: a module from ptx_parse (checked or not).
 * Produces: PTX that ptxas accepts and that parses back to the same module:
 * dump(parse(dump(m))) == dump(m) byte for byte (tests/unit/test_ptx.c).
 * Modifiers print in the order they were written; numbers in the spelling
 * they were written in (hex, octal, binary, 0f/0d bits, decimal float);
 * calls print on one line.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ptx/ptx.h"
#include "util/util.h"

static void put_uint(util_buf *b, uint64_t v, int spell)
{
	switch (spell) {
	case PTX_IMM_HEX: util_buf_printf(b, "0x%" PRIX64, v); break;
	case PTX_IMM_OCT: util_buf_printf(b, "0%" PRIo64, v); break;
	case PTX_IMM_BIN: {
		char tmp[72];
		int n = 0;
		do {
			tmp[n++] = (char)('0' + (v & 1));
			v >>= 1;
		} while (v);
		util_buf_puts(b, "0b");
		while (n)
			util_buf_putc(b, tmp[--n]);
		break;
	}
	default: util_buf_printf(b, "%" PRIu64, v); break;
	}
}

static void put_float(util_buf *b, uint64_t bits, int spell)
{
	if (spell == PTX_IMM_F32) {
		util_buf_printf(b, "0f%08" PRIX64, bits & 0xffffffffu);
		return;
	}
	double f;
	memcpy(&f, &bits, sizeof f);
	if (spell == PTX_IMM_F64 || !isfinite(f)) {
		util_buf_printf(b, "0d%016" PRIX64, bits);
		return;
	}
	char tmp[64];
	snprintf(tmp, sizeof tmp, "%.17g", f);
	util_buf_puts(b, tmp);
	if (!strpbrk(tmp, ".e"))
		util_buf_puts(b, ".0");
}

static void put_init(util_buf *b, const ptx_init *in)
{
	switch (in->kind) {
	case PTX_INIT_INT:
		if (in->has_off) {
			util_buf_putc(b, '-');
			put_uint(b, (uint64_t)0 - in->ival, in->spell);
		} else {
			put_uint(b, in->ival, in->spell);
		}
		break;
	case PTX_INIT_FLOAT:
		if (in->has_off)
			util_buf_putc(b, '-');
		put_float(b, in->ival, in->spell);
		break;
	case PTX_INIT_SYM:
		if (in->generic)
			util_buf_printf(b, "generic(%s)", in->sym);
		else
			util_buf_puts(b, in->sym);
		if (in->has_off)
			util_buf_printf(b, "+%" PRId64, (int64_t)in->ival);
		break;
	case PTX_INIT_LIST:
		util_buf_putc(b, '{');
		for (int i = 0; i < in->nitems; i++) {
			if (i)
				util_buf_puts(b, ", ");
			put_init(b, in->items[i]);
		}
		util_buf_putc(b, '}');
		break;
	}
}

static const char *const link_names[] = {"", ".visible ", ".extern ", ".weak ", ".common "};

static void put_var(util_buf *b, const ptx_var *v)
{
	util_buf_printf(b, "%s.%s", link_names[v->linkage], ptx_space_names[v->space]);
	if (v->align)
		util_buf_printf(b, " .align %d", v->align);
	if (v->vec)
		util_buf_printf(b, " .v%d", v->vec);
	util_buf_printf(b, " .%s", ptx_types[v->type].name);
	if (v->ptr) {
		util_buf_puts(b, " .ptr");
		if (v->ptr_space)
			util_buf_printf(b, " .%s", ptx_space_names[v->ptr_space]);
		if (v->ptr_align)
			util_buf_printf(b, " .align %d", v->ptr_align);
	}
	util_buf_printf(b, " %s", v->name);
	for (int i = 0; i < v->ndims; i++) {
		if (v->dims[i])
			util_buf_printf(b, "[%" PRIu64 "]", v->dims[i]);
		else
			util_buf_puts(b, "[]");
	}
	if (v->init) {
		util_buf_puts(b, " = ");
		put_init(b, v->init);
	}
}

static void put_opd(util_buf *b, const ptx_fn *f, const ptx_opd *o)
{
	char tmp[128];
	if (o->neg && o->kind != PTX_OPD_IMM)
		util_buf_putc(b, '!');
	switch (o->kind) {
	case PTX_OPD_REG:
		util_buf_puts(b, ptx_reg_name(o, tmp, sizeof tmp));
		break;
	case PTX_OPD_SREG:
		util_buf_puts(b, ptx_sregs[o->sreg].name);
		if (o->comp)
			util_buf_printf(b, ".%c", o->comp);
		break;
	case PTX_OPD_IMM:
		if (o->neg)
			util_buf_putc(b, '-');
		if (o->is_float)
			put_float(b, o->ival, o->spell);
		else
			put_uint(b, o->ival, o->spell);
		if (o->unsigned_sfx)
			util_buf_putc(b, 'U');
		break;
	case PTX_OPD_SYM:
		if (o->label >= 0 && f)
			util_buf_puts(b, f->labels[o->label].name);
		else
			util_buf_puts(b, o->name ? o->name : "_");
		if (o->has_off)
			util_buf_printf(b, "+%" PRId64, (int64_t)o->ival);
		break;
	case PTX_OPD_ADDR:
		util_buf_putc(b, '[');
		if (o->base) {
			put_opd(b, f, o->base);
			if (o->has_off)
				util_buf_printf(b, "+%" PRId64, (int64_t)o->ival);
		} else {
			put_uint(b, o->ival, o->spell);
		}
		for (int i = 0; i < o->nitems; i++) {
			util_buf_puts(b, ", ");
			put_opd(b, f, o->items[i]);
		}
		util_buf_putc(b, ']');
		break;
	case PTX_OPD_VEC:
	case PTX_OPD_LIST:
		util_buf_putc(b, o->kind == PTX_OPD_VEC ? '{' : '(');
		for (int i = 0; i < o->nitems; i++) {
			if (i)
				util_buf_puts(b, ", ");
			put_opd(b, f, o->items[i]);
		}
		util_buf_putc(b, o->kind == PTX_OPD_VEC ? '}' : ')');
		break;
	case PTX_OPD_SINK:
		util_buf_putc(b, '_');
		break;
	case PTX_OPD_PAIR:
		put_opd(b, f, o->items[0]);
		util_buf_putc(b, '|');
		put_opd(b, f, o->items[1]);
		break;
	}
}

/* The opcode with its modifiers in written order. */
void ptx_insn_name(const ptx_insn *in, util_buf *b)
{
	const char *name = ptx_opcodes[in->op].name;
	if (in->bar_cta) {
		const char *dot = strchr(name, '.');
		util_buf_putn(b, name, (size_t)(dot - name));
		util_buf_puts(b, ".cta");
		util_buf_puts(b, dot);
	} else {
		util_buf_puts(b, name);
	}
	for (int i = 0; i < in->nmods; i++) {
		const ptx_mod *md = &in->mods[i];
		util_buf_putc(b, '.');
		if (md->cls == PTX_MC_TYPE)
			util_buf_puts(b, ptx_types[md->val].name);
		else if (md->cls == PTX_MC_SPACE)
			util_buf_puts(b, ptx_space_names[md->val]);
		else
			util_buf_puts(b, ptx_mod_names[md->val]);
	}
}

static void put_insn(util_buf *b, const ptx_fn *f, const ptx_insn *in)
{
	util_buf_putc(b, '\t');
	if (in->guard) {
		util_buf_putc(b, '@');
		put_opd(b, f, in->guard);
		util_buf_putc(b, ' ');
	}
	ptx_insn_name(in, b);
	for (int i = 0; i < in->nopd; i++) {
		util_buf_puts(b, i ? ", " : " \t");
		put_opd(b, f, in->opd[i]);
	}
	util_buf_puts(b, ";\n");
}

static void put_params(util_buf *b, const ptx_params *ps, const char *sep)
{
	util_buf_putc(b, '(');
	for (int i = 0; i < ps->n; i++) {
		util_buf_puts(b, i ? "," : "");
		util_buf_puts(b, i || strchr(sep, '\n') ? sep : "");
		put_var(b, ps->items[i]);
	}
	if (ps->n && strchr(sep, '\n'))
		util_buf_putc(b, '\n');
	util_buf_putc(b, ')');
}

static void put_proto(util_buf *b, const ptx_proto *pr)
{
	util_buf_puts(b, "\t.callprototype ");
	if (pr->has_ret) {
		put_params(b, &pr->ret, " ");
		util_buf_putc(b, ' ');
	}
	util_buf_puts(b, "_ ");
	put_params(b, &pr->args, " ");
	if (pr->noreturn)
		util_buf_puts(b, " .noreturn");
	util_buf_puts(b, ";\n");
}

static void put_dims(util_buf *b, const char *dir, const int *v, int n)
{
	if (!n)
		return;
	util_buf_puts(b, dir);
	for (int i = 0; i < n; i++)
		util_buf_printf(b, "%s%d", i ? ", " : " ", v[i]);
	util_buf_putc(b, '\n');
}

static void put_stmt(util_buf *b, const ptx_fn *f, const ptx_stmt *st)
{
	switch (st->kind) {
	case PTX_ST_INSN:
		put_insn(b, f, st->u.insn);
		break;
	case PTX_ST_LABEL:
		util_buf_printf(b, "%s:\n", f->labels[st->u.label].name);
		break;
	case PTX_ST_REG: {
		const ptx_reg *r0 = st->u.reg.regs[0];
		util_buf_puts(b, "\t.reg");
		if (r0->vec)
			util_buf_printf(b, " .v%d", r0->vec);
		util_buf_printf(b, " .%s ", ptx_types[r0->type].name);
		for (int i = 0; i < st->u.reg.nregs; i++) {
			const ptx_reg *r = st->u.reg.regs[i];
			util_buf_printf(b, "%s%s", i ? ", " : "", r->name);
			if (r->count)
				util_buf_printf(b, "<%d>", r->count);
		}
		util_buf_puts(b, ";\n");
		break;
	}
	case PTX_ST_VAR:
		util_buf_putc(b, '\t');
		put_var(b, st->u.var);
		util_buf_puts(b, ";\n");
		break;
	case PTX_ST_OPEN:
		util_buf_puts(b, "\t{\n");
		break;
	case PTX_ST_CLOSE:
		util_buf_puts(b, "\t}\n");
		break;
	case PTX_ST_LOC:
		util_buf_printf(b, "\t.loc\t%d %d %d%s\n", st->u.loc.file, st->u.loc.line,
				st->u.loc.col, st->loc_extra ? st->loc_extra : "");
		break;
	case PTX_ST_PRAGMA:
		util_buf_printf(b, "\t.pragma %s;\n", st->u.pragma);
		break;
	case PTX_ST_BRTARGETS:
		util_buf_puts(b, "\t.branchtargets ");
		for (int i = 0; i < st->u.brt.ntargets; i++) {
			util_buf_puts(b, i ? ", " : "");
			put_opd(b, f, st->u.brt.targets[i]);
		}
		util_buf_puts(b, ";\n");
		break;
	case PTX_ST_CALLPROTO:
		put_proto(b, st->u.proto);
		break;
	}
}

static void put_fn(util_buf *b, const ptx_fn *f)
{
	util_buf_printf(b, "%s%s ", link_names[f->linkage], f->is_entry ? ".entry" : ".func");
	if (f->has_ret) {
		put_params(b, &f->ret, " ");
		util_buf_putc(b, ' ');
	}
	util_buf_puts(b, f->name);
	if (f->params.n || !f->is_entry)
		put_params(b, &f->params, "\n\t");
	else
		util_buf_puts(b, "()");
	util_buf_putc(b, '\n');
	if (f->noreturn)
		util_buf_puts(b, ".noreturn\n");
	put_dims(b, ".maxntid", f->maxntid, f->nmaxntid);
	put_dims(b, ".reqntid", f->reqntid, f->nreqntid);
	put_dims(b, ".reqnctapercluster", f->reqnctapercluster, f->nreqnctapercluster);
	if (f->explicitcluster)
		util_buf_puts(b, ".explicitcluster\n");
	if (f->maxclusterrank)
		util_buf_printf(b, ".maxclusterrank %d\n", f->maxclusterrank);
	if (f->minnctapersm)
		util_buf_printf(b, ".minnctapersm %d\n", f->minnctapersm);
	if (f->maxnreg)
		util_buf_printf(b, ".maxnreg %d\n", f->maxnreg);
	for (int i = 0; i < f->npragmas; i++)
		util_buf_printf(b, ".pragma %s;\n", f->pragmas[i]);
	if (!f->has_body) {
		util_buf_puts(b, ";\n\n");
		return;
	}
	util_buf_puts(b, "{\n");
	for (int i = 0; i < f->nstmts; i++)
		put_stmt(b, f, &f->stmts[i]);
	util_buf_puts(b, "}\n\n");
}

static void put_section(util_buf *b, const ptx_item *it)
{
	util_buf_printf(b, "\t.section\t%s\n\t{\n", it->section.name);
	for (int i = 0; i < it->section.nlines; i++) {
		const ptx_section_line *ln = &it->section.lines[i];
		if (ln->label) {
			util_buf_printf(b, "%s:\n", ln->label);
			continue;
		}
		util_buf_printf(b, ".%s ", ptx_types[ln->type].name);
		for (int k = 0; k < ln->nvals; k++) {
			util_buf_puts(b, k ? "," : "");
			put_init(b, ln->vals[k]);
		}
		util_buf_putc(b, '\n');
	}
	util_buf_puts(b, "\t}\n");
}

void ptx_dump(const ptx_module *m, util_buf *b)
{
	if (m->version_major)
		util_buf_printf(b, ".version %d.%d\n", m->version_major, m->version_minor);
	if (m->target || m->ntarget_extra) {
		util_buf_puts(b, ".target ");
		if (m->target)
			util_buf_puts(b, m->target);
		for (int i = 0; i < m->ntarget_extra; i++)
			util_buf_printf(b, "%s%s", i || m->target ? ", " : "", m->target_extra[i]);
		util_buf_putc(b, '\n');
	}
	if (m->address_size)
		util_buf_printf(b, ".address_size %d\n", m->address_size);
	util_buf_putc(b, '\n');
	for (int i = 0; i < m->nitems; i++) {
		const ptx_item *it = m->items[i];
		switch (it->kind) {
		case PTX_ITEM_VAR:
			put_var(b, it->var);
			util_buf_puts(b, ";\n");
			break;
		case PTX_ITEM_FN:
			put_fn(b, it->fn);
			break;
		case PTX_ITEM_FILE:
			util_buf_printf(b, "\t.file\t%d \"%s\"%s\n", it->file.index, it->file.path,
					it->file.extra ? it->file.extra : "");
			break;
		case PTX_ITEM_SECTION:
			put_section(b, it);
			break;
		case PTX_ITEM_PRAGMA:
			util_buf_printf(b, ".pragma %s;\n", it->pragma);
			break;
		}
	}
}
