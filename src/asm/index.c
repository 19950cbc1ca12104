/*
 * index.c - the assembler's index of an ISA model, built once per model.
 *
 * Requires: a resolved isa_model (isa.h contract).
 * Produces: struct asm_index (index.h): the opcodes grouped by optype in
 * isa file order, the mnemonic and __DefAlias hash table, enum value names
 * per type (and under ANY_ENUM), the register kinds and which first bytes
 * start them, what a guess may rely on (guess_tables), every opcode's
 * operand shape, and each opcode's field info when it is first a
 * candidate (asm_info_get).  The caches a file fills as it is assembled
 * (words, names, selections, guesses) start empty and are freed here.
 */
#include <stdlib.h>
#include <string.h>

#include "asm/index.h"
#include "codec/codec.h"

/* Does s[0..len) start with p[0..plen) and go on in digits only? */
static bool digits_after(const char *s, int len, const char *p, int plen)
{
	if (len < plen || memcmp(s, p, (size_t)plen))
		return false;
	for (int i = plen; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* ix->digits_ok and ix->label_first (what guess_build may rely on). */
static void guess_tables(struct asm_index *ix)
{
	const isa_model *m = ix->m;
	for (int i = 0; i < ix->nreg && !ix->numbered_in_enums; i++) {
		const regkind *r = &ix->reg[i];
		bool ok = r->plen <= 8;
		for (int j = 0; j < ix->nreg && ok; j++) {
			const regkind *q = &ix->reg[j];
			/* no other prefix is one of ours plus digits or the
			 * other way round, no zero register is spelled so */
			if (j != i && (digits_after(q->t->prefix, q->plen, r->t->prefix, r->plen) ||
				       digits_after(r->t->prefix, r->plen, q->t->prefix, q->plen)))
				ok = false;
			if (q->t->zero && digits_after(q->t->zero, q->zlen, r->t->prefix, r->plen))
				ok = false;
		}
		if (ok)
			ix->digits_ok |= 1u << i;
	}
	for (int ch = 0; ch < 256; ch++)
		ix->label_first[ch] = ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z') ||
				      ch == '_' || ch == '.' || ch >= 0x80;
	ix->label_first['I'] = ix->label_first['Q'] = ix->label_first['N'] = false;
	for (int ch = 0; ch < 256; ch++)
		if (ix->reg_first[ch])
			ix->label_first[ch] = false;
	for (int i = 0; i < m->ntypes; i++) {
		const isa_type *t = m->types[i];
		for (int v = 0; t->cls == ISA_KIND_ENUM && v < t->nvalues; v++)
			if (t->values[v])
				ix->label_first[(unsigned char)t->values[v][0]] = false;
	}
}

static bool enums_build(struct asm_index *ix)
{
	const isa_model *m = ix->m;
	int total = 0;
	for (int i = 0; i < m->ntypes; i++)
		if (m->types[i]->cls == ISA_KIND_ENUM)
			total += m->types[i]->nvalues;
	ix->ecap = 64;
	while (ix->ecap < 4 * total + 64)
		ix->ecap *= 2;
	ix->enums = calloc((size_t)ix->ecap, sizeof *ix->enums);
	if (!ix->enums)
		return false;
	for (int i = 0; i < m->ntypes; i++) {
		const isa_type *t = m->types[i];
		if (t->cls == ISA_KIND_REG && ix->nreg < MAX_REGKINDS && t->prefix) {
			ix->reg_first[(unsigned char)t->prefix[0]] |= 1u << ix->nreg;
			if (t->zero)
				ix->reg_first[(unsigned char)t->zero[0]] |= 1u << ix->nreg;
			ix->reg[ix->nreg++] = (regkind){t, (int)strlen(t->prefix),
							t->zero ? (int)strlen(t->zero) : -1};
		}
		if (t->cls != ISA_KIND_ENUM)
			continue;
		for (int v = t->nvalues - 1; v >= 0; v--) {
			/* first spelling wins: insert from the end, overwrite */
			if (!t->values[v])
				continue;
			int len = (int)strlen(t->values[v]);
			uint32_t k = (asm_hash(t->values[v], len) ^ type_hash(t)) &
				     (uint32_t)(ix->ecap - 1);
			while (ix->enums[k].t && !(ix->enums[k].t == t &&
						   ix->enums[k].len == len &&
						   asm_same(ix->enums[k].s, t->values[v], len)))
				k = (k + 1) & (uint32_t)(ix->ecap - 1);
			ix->enums[k] = (eslot){t, t->values[v], len, v};
			/* and under ANY_ENUM: "some enum spells this name" */
			const isa_type *any = ANY_ENUM(ix);
			k = (asm_hash(t->values[v], len) ^ type_hash(any)) &
			    (uint32_t)(ix->ecap - 1);
			while (ix->enums[k].t && !(ix->enums[k].t == any &&
						   ix->enums[k].len == len &&
						   asm_same(ix->enums[k].s, t->values[v], len)))
				k = (k + 1) & (uint32_t)(ix->ecap - 1);
			if (!ix->enums[k].t)
				ix->enums[k] = (eslot){any, t->values[v], len,
							ix->nnames++};
		}
	}
	for (int i = 0; i < m->ntypes; i++) {
		const isa_type *t = m->types[i];
		for (int v = 0; t->cls == ISA_KIND_ENUM && v < t->nvalues; v++) {
			uint32_t regmask, zeromask;
			uint64_t num;
			if (!t->values[v])
				continue;
			reg_masks(ix, t->values[v], (int)strlen(t->values[v]),
				  &regmask, &zeromask, &num);
			if (regmask & ~zeromask)
				ix->numbered_in_enums = true;
		}
	}
	guess_tables(ix);
	return true;
}

static int regkind_of(const struct asm_index *ix, const isa_type *t)
{
	for (int i = 0; i < ix->nreg; i++)
		if (ix->reg[i].t == t)
			return i;
	return -1;
}

/* The value of s in h, whose hash is hv; -1 when absent. */
static int hfind_hashed(const asm_hslot *h, int cap, const char *s, int len,
			uint32_t hv)
{
	uint32_t i = hv & (uint32_t)(cap - 1);
	for (;; i = (i + 1) & (uint32_t)(cap - 1)) {
		if (!h[i].s)
			return -1;
		if (h[i].len == len && asm_same(h[i].s, s, len))
			return h[i].value;
	}
}

static int hfind(const asm_hslot *h, int cap, const char *s, int len)
{
	return hfind_hashed(h, cap, s, len, asm_hash(s, len));
}

static void hput(asm_hslot *h, int cap, const char *s, int len, int value)
{
	uint32_t i = asm_hash(s, len) & (uint32_t)(cap - 1);
	while (h[i].s) {
		if (h[i].len == len && !memcmp(h[i].s, s, (size_t)len))
			return; /* first wins */
		i = (i + 1) & (uint32_t)(cap - 1);
	}
	h[i] = (asm_hslot){s, len, value};
}


/* The field part of an opcode's info (registers, positions, defaults,
 * the pre-encoded word), made when the opcode is first a candidate: a
 * process assembling a few lines does not pay for every opcode.  NULL:
 * out of memory. */
asm_opinfo *asm_info_get(struct asm_index *ix, const isa_opcode *op)
{
	asm_opinfo *in = ix->info[op->index];
	if (in)
		return in;
	if (!(in = calloc(1, sizeof *in)))
		return NULL;
	ix->info[op->index] = in;
	in->sh = ix->shape[op->index];
	for (int f = 0; f < op->nfields; f++) {
		const isa_field *fd = &op->fields[f];
		in->freg[f] = (signed char)regkind_of(ix, fd->type);
		if (fd->type->prefix && !strcmp(fd->type->prefix, "R"))
			in->gpr_fields |= UINT64_C(1) << f;
		in->pos[f] = (unsigned char)fd->pos;
		in->width[f] = (unsigned char)fd->width;
		if (!fd->is_const)
			in->enc_fields |= UINT64_C(1) << f;
	}
	in->stall = isa_field_find(op, ISA_FIELD_STALL);
	in->yield = isa_field_find(op, ISA_FIELD_YIELD);
	in->wsb = isa_field_find(op, ISA_FIELD_WSB);
	in->req = isa_field_find(op, ISA_FIELD_REQ);
	in->barid = isa_field_find(op, "barid");
	in->is_exit = !strcmp(op->mnemonic, "EXIT");
	in->bar_reg = in->barid < 0 && (!strcmp(op->mnemonic, "BAR") ||
					!strcmp(op->mnemonic, "BAR.RED"));
	codec_defaults(op, in->defaults);
	in->base = codec_encode(op, in->defaults);
	return in;
}

/* The operand shape of an opcode (which entries are written, how many
 * may be), made for every opcode when the index is built. */
static void info_shape(const isa_opcode *op, asm_opshape *in)
{
	for (int e = 0; e < op->noperands; e++) {
		const isa_operand *o = &op->operands[e];
		if (o->field == op->guard)
			in->skip[e] = true;
		if (o->fmt != ISA_FMT_ADDR && o->fmt != ISA_FMT_CADDR)
			continue;
		/* e owns [..]: later entries naming its parts are not written */
		if (in->skip[e])
			continue;
		for (int k = 0; k < op->noperands; k++) {
			int f = op->operands[k].field;
			if (k != e && (f == o->sub[0] || f == o->sub[1]))
				in->skip[k] = k > e || in->skip[k];
			if (f == o->sub[0] && op->operands[k].bitwidth == 64)
				in->addr64[e] = true;
		}
		if (o->field == o->sub[0] && o->bitwidth == 64)
			in->addr64[e] = true;
	}
	for (int e = 0; e < op->noperands; e++) {
		in->nentries += !in->skip[e];
		in->nmin += !in->skip[e] && !op->operands[e].optional;
	}
}

/*
 * ix->ops: the opcodes grouped by optype, the groups in the order of their
 * first opcode, file order inside each group; ix->optypes: the groups.
 * One pass to number the groups (a small table keyed by the optype), one to
 * count, one to place.  False: out of memory.
 */
static bool group_optypes(struct asm_index *ix)
{
	const isa_model *m = ix->m;
	int n = m->nopcodes, cap = 16;
	while (cap < 2 * n)
		cap *= 2;
	const isa_class **key = calloc((size_t)cap, sizeof *key);
	int *val = malloc((size_t)cap * sizeof *val);
	int *group = malloc(((size_t)n + 1) * sizeof *group);
	int *at = calloc((size_t)n + 1, sizeof *at);
	bool ok = key && val && group && at;
	for (int i = 0; ok && i < n; i++) {
		const isa_class *t = m->opcodes[i]->optype;
		uint32_t h = (uint32_t)((uintptr_t)t >> 4) * 2654435761u;
		uint32_t k = h & (uint32_t)(cap - 1);
		while (key[k] && key[k] != t)
			k = (k + 1) & (uint32_t)(cap - 1);
		if (!key[k]) {
			key[k] = t;
			val[k] = ix->noptypes;
			asm_optype *g = &ix->optypes[ix->noptypes++];
			g->mnem = m->opcodes[i]->mnemonic;
			g->len = (int)strlen(g->mnem);
		}
		group[i] = val[k];
		ix->optypes[group[i]].count++;
	}
	for (int g = 0, first = 0; ok && g < ix->noptypes; g++) {
		ix->optypes[g].first = first;
		at[g] = first;
		first += ix->optypes[g].count;
	}
	for (int i = 0; ok && i < n; i++) {
		const isa_opcode *op = m->opcodes[i];
		int k = at[group[i]]++;
		info_shape(op, &ix->shape[op->index]);
		ix->nent[k] = (short)ix->shape[op->index].nentries;
		ix->nmin[k] = (short)ix->shape[op->index].nmin;
		ix->ops[k] = op;
	}
	for (int g = 0; ok && g < ix->noptypes; g++)
		hput(ix->h, ix->hcap, ix->optypes[g].mnem, ix->optypes[g].len, g);
	free(key);
	free(val);
	free(group);
	free(at);
	return ok;
}

const isa_type asm_any_enum = {.name = ""};

/* The model tables of m (struct asm_index above); false: out of memory. */
static bool tables_build(struct asm_index *ix, const isa_model *m)
{
	int n = m->nopcodes;
	ix->ops = calloc((size_t)n + 1, sizeof *ix->ops);
	ix->nent = calloc((size_t)n + 1, sizeof *ix->nent);
	ix->nmin = calloc((size_t)n + 1, sizeof *ix->nmin);
	ix->shape = calloc((size_t)n + 1, sizeof *ix->shape);
	ix->optypes = calloc((size_t)n + 1, sizeof *ix->optypes);
	ix->hcap = 16;
	while (ix->hcap < 2 * (n + m->naliases) + 16)
		ix->hcap *= 2;
	ix->h = calloc((size_t)ix->hcap, sizeof *ix->h);
	if (!ix->ops || !ix->nent || !ix->nmin || !ix->shape || !ix->optypes || !ix->h ||
	    !enums_build(ix) || !group_optypes(ix))
		return false;
	for (int a = 0; a < m->naliases; a++) {
		for (int t = 0; t < ix->noptypes; t++) {
			if (ix->ops[ix->optypes[t].first]->optype ==
			    m->aliases[a].optype) {
				hput(ix->h, ix->hcap, m->aliases[a].mnemonic,
				     (int)strlen(m->aliases[a].mnemonic), t);
				break;
			}
		}
	}
	return true;
}

simt_status asm_index_build(const isa_model *m, struct asm_index **out)
{
	/* the built-in ISA (a copy of the snapshot's model shares its types)
	 * takes its tables from the snapshot */
	const struct asm_index *snap = asm_index_snapshot;
	bool builtin = snap && m->static_data && codec_snapshot &&
		       m->types == codec_snapshot->types;
	struct asm_index *ix = builtin ? malloc(sizeof *ix) : calloc(1, sizeof *ix);
	*out = NULL;
	if (!ix)
		return SIMT_ERR_NOMEM;
	if (builtin)
		*ix = *snap;
	ix->m = m;
	int n = m->nopcodes;
	ix->info = calloc((size_t)n + 1, sizeof *ix->info);
	ix->exc = calloc((size_t)n + 1, sizeof *ix->exc);
	ix->wcap = 64; /* grows (words_room, match.c) */
	ix->words = calloc(ASM_WORDS_MAX, sizeof *ix->words);
	ix->wh = calloc((size_t)ix->wcap, sizeof *ix->wh);
	ix->name_ix = calloc((size_t)1 << NAME_BITS, sizeof *ix->name_ix);
	ix->names = malloc(((size_t)1 << NAME_BITS) * sizeof *ix->names);
	if (!ix->name_ix || !ix->names || !ix->info || !ix->exc || !ix->words || !ix->wh ||
	    (!builtin && !tables_build(ix, m))) {
		asm_index_free(ix);
		return SIMT_ERR_NOMEM;
	}
	*out = ix;
	return SIMT_OK;
}

void asm_index_free(struct asm_index *ix)
{
	if (!ix)
		return;
	for (int i = 0; i < ix->wcount; i++)
		free(ix->words[i].res);
	free(ix->plans);
	free(ix->plan_ix);
	free(ix->names);
	free(ix->name_ix);
	free(ix->words);
	free(ix->wh);
	if (!ix->tables_static) {
		free(ix->enums);
		free(ix->h);
		free(ix->optypes);
		free(ix->nent);
		free(ix->nmin);
		free(ix->shape);
		free(ix->ops);
	}
	for (int i = 0; ix->info && i < ix->m->nopcodes; i++)
		free(ix->info[i]);
	for (int i = 0; ix->exc && i < ix->m->nopcodes; i++)
		free(ix->exc[i]);
	free(ix->info);
	free(ix->exc);
	free(ix->genums);
	free(ix->guesses);
	free(ix);
}

int asm_optype_find(const struct asm_index *ix, const char *s, int len)
{
	return hfind(ix->h, ix->hcap, s, len);
}
