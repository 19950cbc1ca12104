/*
 * decode.c - 128-bit words -> opcode and field values (the decoding half).
 *
 * Contract: codec_build() requires a resolved, conflict-free model and
 * produces m->decoder, a table indexed by the 12 low bits of a word (optype
 * bits 0-7 and stype bits 8-11 by the conventions of DESIGN.md).  Each of the
 * 4096 buckets lists the opcodes whose fixed bits agree with that key; an
 * opcode that leaves some key bits free is listed in every bucket it can
 * match, so the table stays correct for any description, and with the
 * project's ISA each bucket holds at most one or two candidates.
 * codec_decode() then compares the whole fixed mask of those candidates,
 * rejects bits set outside the opcode's fields and validates the values
 * (codec_validate).  No allocation per word.
 */
#include "codec/codec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_BITS CODEC_KEY_BITS
#define KEY_COUNT (1u << KEY_BITS)
#define KEY_MASK (KEY_COUNT - 1u)

static uint64_t ones(int width)
{
	return width >= 64 ? ~UINT64_C(0) : width <= 0 ? 0 : (UINT64_C(1) << width) - 1;
}

/* Can an enum field of this width hold a value that names nothing? */
static bool has_holes(const isa_field *f)
{
	const isa_type *t = f->type;
	if (f->width < 63 && (uint64_t)t->nvalues < (UINT64_C(1) << f->width))
		return true;
	for (int v = 0; v < t->nvalues && (uint64_t)v <= ones(f->width); v++)
		if (!t->values[v])
			return true;
	return false;
}

/* Bitwidth of the operand that uses field i (0 if none). */
static int field_bitwidth(const isa_opcode *op, int i)
{
	for (int k = 0; k < op->noperands; k++)
		if (op->operands[k].field == i)
			return op->operands[k].bitwidth;
	return 0;
}

/* Field f is printed inside an Address/ConstAddress operand before k. */
static bool inside_memory_operand(const isa_opcode *op, int k, int f)
{
	for (int j = 0; j < k; j++) {
		const isa_operand *o = &op->operands[j];
		if ((o->fmt == ISA_FMT_ADDR || o->fmt == ISA_FMT_CADDR) &&
		    (o->sub[0] == f || o->sub[1] == f))
			return true;
	}
	return false;
}

/* For a small enum: bit v set when value v names something; else 0. */
static uint64_t enum_valid_bits(const isa_field *f)
{
	const isa_type *t = f->type;
	if (t->cls != ISA_KIND_ENUM || f->width > 6)
		return 0;
	uint64_t bits = 0;
	for (int v = 0; v < t->nvalues && v < (1 << f->width); v++)
		if (t->values[v])
			bits |= UINT64_C(1) << v;
	return bits;
}

/* Group the fields by the half of the word they live in (see codec.h). */
static void extraction_order(const isa_opcode *op, codec_opinfo *out)
{
	int n = 0;
	for (int pass = 0; pass < 4; pass++) {
		for (int i = 0; i < op->nfields; i++) {
			const isa_field *f = &op->fields[i];
			int where = f->is_const                 ? 3
				    : f->pos + f->width <= 64   ? 0
				    : f->pos >= 64              ? 1
								: 2;
			if (where != pass)
				continue;
			out->order[n] = (uint8_t)i;
			/* isa_check keeps widths in 1..64; clamp anyway */
			out->width[n] = (uint8_t)(f->width < 1 ? 1 : f->width > 64 ? 64 : f->width);
			out->mask[n] = ones(out->width[n]);
			out->shift[n++] = (uint8_t)(f->pos >= 64 ? f->pos - 64 : f->pos);
			if (pass == 0)
				out->nlo++;
			else if (pass == 1)
				out->nhi++;
			else if (pass == 2)
				out->ncross++;
			else
				out->nconst++;
		}
	}
}

static void printer_facts(const isa_opcode *op, codec_opinfo *out)
{
	for (int k = 0; k < op->noperands && k < 32; k++) {
		const isa_operand *o = &op->operands[k];
		if (o->field == op->guard || inside_memory_operand(op, k, o->field))
			out->skip_operands |= UINT32_C(1) << k;
		if ((o->fmt == ISA_FMT_ADDR || o->fmt == ISA_FMT_CADDR) &&
		    o->sub[0] >= 0 &&
		    (field_bitwidth(op, o->sub[0]) == 64 ||
		     (o->sub[0] == o->field && o->bitwidth == 64)))
			out->addr64_operands |= UINT32_C(1) << k;
	}
	out->nfields = op->nfields;
	extraction_order(op, out);
	for (int i = 0; i < op->nfields && i < 64; i++) {
		int m = op->fields[i].modifier;
		out->modifier[i] = (int8_t)m;
		out->pos[i] = (uint8_t)op->fields[i].pos;
		out->enum_valid[i] = enum_valid_bits(&op->fields[i]);
		out->value[i] = op->fields[i].value;
		if (op->fields[i].has_default)
			out->default_fields |= UINT64_C(1) << i;
		const char *dot = m >= 0 ? strrchr(op->fields[m].name, '.') : NULL;
		if (dot && !strcmp(dot, ".bitnot"))
			out->bitnot_fields |= UINT64_C(1) << i;
	}
}

void codec_info_compute(const isa_opcode *op, codec_opinfo *out)
{
	memset(out, 0, sizeof *out);
	for (int i = 0; i < op->nfields && i < 64; i++) {
		const isa_field *f = &op->fields[i];
		if (f->type->cls == ISA_KIND_ENUM && !f->is_const && has_holes(f))
			out->enum_check |= UINT64_C(1) << i;
	}
	for (int i = 0; i < op->noperands; i++) {
		const isa_operand *o = &op->operands[i];
		if (o->bitwidth == 64 && o->fmt == ISA_FMT_PLAIN &&
		    op->fields[o->field].type->cls == ISA_KIND_REG)
			out->pair_check |= UINT64_C(1) << o->field;
		if (o->fmt == ISA_FMT_PCREL)
			out->has_pcrel = true;
	}
	printer_facts(op, out);
	out->stall = isa_field_find(op, ISA_FIELD_STALL);
	out->yield = isa_field_find(op, ISA_FIELD_YIELD);
	out->wsb = isa_field_find(op, ISA_FIELD_WSB);
	out->req = isa_field_find(op, ISA_FIELD_REQ);
}

/* ---- pre-rendered value texts (codec_text) ------------------------------ */

/* t = a followed by the decimal digits of v (when digits); len 0 if too long. */
static void text_set(codec_text *t, const char *a, bool digits, unsigned v)
{
	char num[12];
	size_t la = strlen(a), ln = 0;
	if (digits)
		do {
			memmove(num + 1, num, ln++);
			num[0] = (char)('0' + v % 10);
			v /= 10;
		} while (v);
	if (la + ln > sizeof t->s)
		return;
	memcpy(t->s, a, la);
	memcpy(t->s + la, num, ln);
	t->len = (uint8_t)(la + ln);
}

/* The texts of every value of ty (an enum, or a register of <= 8 bits),
 * as print.c prints them; NULL (n = 0) for other types. */
static codec_text *render_type(const isa_type *ty, uint32_t *n, bool *nomem)
{
	*n = 0;
	if (ty->cls == ISA_KIND_ENUM && ty->nvalues > 0 && ty->nvalues <= 4096)
		*n = (uint32_t)ty->nvalues;
	else if (ty->cls == ISA_KIND_REG && ty->width >= 1 && ty->width <= 8 &&
		 ty->prefix && ty->zero)
		*n = 1u << ty->width;
	if (!*n)
		return NULL;
	codec_text *t = calloc(*n, sizeof *t);
	if (!t) {
		*nomem = true;
		*n = 0;
		return NULL;
	}
	for (uint32_t v = 0; v < *n; v++) {
		if (ty->cls == ISA_KIND_ENUM)
			text_set(&t[v], ty->values[v] ? ty->values[v] : "", false, 0);
		else if (v == *n - 1)
			text_set(&t[v], ty->zero, false, 0);
		else
			text_set(&t[v], ty->prefix, true, v);
	}
	return t;
}

/* Attach the texts of every enum/register field; one table per type. */
static bool render_texts(isa_model *m, struct codec_table *t)
{
	size_t cap = 64;
	while (cap < 2 * (size_t)m->ntypes + 64)
		cap *= 2;
	const isa_type **key = calloc(cap, sizeof *key);
	int *slot = calloc(cap, sizeof *slot);
	t->texts = calloc(cap, sizeof *t->texts);
	uint32_t *count = calloc(cap, sizeof *count);
	bool nomem = !key || !slot || !t->texts || !count;
	for (int o = 0; !nomem && o < m->nopcodes; o++) {
		const isa_opcode *op = m->opcodes[o];
		codec_opinfo *info = &t->info[o];
		info->mnemonic_len = strlen(op->mnemonic);
		for (int i = 0; i < op->nfields && !nomem; i++) {
			const isa_type *ty = op->fields[i].type;
			size_t h = ((uintptr_t)ty >> 4) & (cap - 1);
			while (key[h] && key[h] != ty)
				h = (h + 1) & (cap - 1);
			if (!key[h]) {
				if ((size_t)t->ntexts + 1 >= cap / 2)
					continue; /* table full: printed the slow way */
				key[h] = ty;
				slot[h] = t->ntexts;
				t->texts[t->ntexts] = render_type(ty, &count[t->ntexts], &nomem);
				t->ntexts++;
			}
			info->text[i] = t->texts[slot[h]];
			info->ntext[i] = count[slot[h]];
		}
	}
	free(key);
	free(slot);
	free(count);
	return !nomem;
}

/*
 * Visit every 12-bit key op can match: its fixed key bits, all settings of
 * the free ones.  Counts (count != NULL) or places op at cursor[key].
 */
static void for_each_key(const isa_opcode *op, uint32_t *count,
			 uint32_t *cursor, const isa_opcode **cand)
{
	uint32_t km = (uint32_t)(op->fixed_mask.lo & KEY_MASK);
	uint32_t kv = (uint32_t)(op->fixed_value.lo & km);
	uint32_t free_bits = KEY_MASK & ~km;
	for (uint32_t s = free_bits;; s = (s - 1) & free_bits) {
		uint32_t key = kv | s;
		if (count)
			count[key]++;
		else
			cand[cursor[key]++] = op;
		if (!s)
			break;
	}
}

simt_status codec_build(isa_model *m, simt_diags *d)
{
	codec_free(m->decoder);
	m->decoder = NULL;
	uint32_t *count = NULL;
	struct codec_table *t = calloc(1, sizeof *t);
	if (!t)
		goto nomem;
	/* Pass 1 counts the members of each bucket, pass 2 places them in
	 * opcode order; each opcode visits only the keys it matches. */
	count = calloc(KEY_COUNT + 1, sizeof *count);
	if (!count)
		goto nomem;
	for (int i = 0; i < m->nopcodes; i++)
		for_each_key(m->opcodes[i], count, NULL, NULL);
	size_t total = 0;
	for (uint32_t k = 0; k < KEY_COUNT; k++) {
		t->start[k] = (uint32_t)total;
		total += count[k];
		count[k] = t->start[k]; /* now the fill cursor of bucket k */
	}
	t->start[KEY_COUNT] = (uint32_t)total;
	t->cand = malloc((total ? total : 1) * sizeof *t->cand);
	t->info = calloc((size_t)m->nopcodes + 1, sizeof *t->info);
	if (!t->cand || !t->info)
		goto nomem;
	t->nopcodes = m->nopcodes;
	for (int i = 0; i < m->nopcodes; i++) {
		UTIL_ASSERT(m->opcodes[i]->index == i);
		codec_info_compute(m->opcodes[i], &t->info[i]);
	}
	t->rules = codec_rules_build(m);
	if (!t->rules || !render_texts(m, t))
		goto nomem;
	for (int i = 0; i < m->nopcodes; i++)
		for_each_key(m->opcodes[i], NULL, count, t->cand);
	for (uint32_t k = 0; k < KEY_COUNT; k++)
		for (uint32_t i = t->start[k]; i < t->start[k + 1]; i++)
			if (t->info[t->cand[i]->index].has_pcrel)
				t->pcrel_keys[k / 64] |= UINT64_C(1) << (k % 64);
	free(count);
	m->decoder = t;
	return SIMT_OK;
nomem:
	free(count);
	codec_free(t);
	util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "out of memory building the decode table");
	return SIMT_ERR_NOMEM;
}

void codec_free(struct codec_table *t)
{
	if (!t)
		return;
	free(t->cand);
	free(t->info);
	for (int i = 0; i < t->ntexts; i++)
		free(t->texts[i]);
	free(t->texts);
	codec_rules_free(t->rules);
	free(t);
}

static bool fixed_match(const isa_opcode *op, isa_word w)
{
	return (w.lo & op->fixed_mask.lo) == op->fixed_value.lo &&
	       (w.hi & op->fixed_mask.hi) == op->fixed_value.hi;
}

/* The one opcode whose fixed bits match w, or NULL. */
static inline const isa_opcode *lookup(const struct codec_table *t, isa_word w)
{
	uint32_t k = (uint32_t)(w.lo & KEY_MASK);
	for (uint32_t i = t->start[k]; i < t->start[k + 1]; i++)
		if (fixed_match(t->cand[i], w))
			return t->cand[i];
	return NULL;
}

/* rules NULL: evaluate the rules with isa_expr_eval (no table built). */
static const char *validate(const isa_opcode *op, const codec_opinfo *info,
			   const codec_rules *rules, const uint64_t *fields,
			   char *buf, size_t size)
{
	for (uint64_t b = info->enum_check; b; b &= b - 1) {
		int i = __builtin_ctzll(b);
		const isa_field *f = &op->fields[i];
		const isa_type *ty = f->type;
		if (info->enum_valid[i] && ((info->enum_valid[i] >> fields[i]) & 1))
			continue;
		if (fields[i] >= (uint64_t)ty->nvalues || !ty->values[fields[i]]) {
			snprintf(buf, size,
				 "field %s of %s holds %#llx, which names no %s value",
				 f->name, op->name, (unsigned long long)fields[i],
				 ty->name);
			return buf;
		}
	}
	for (uint64_t b = info->pair_check; b; b &= b - 1) {
		int i = __builtin_ctzll(b);
		const isa_field *f = &op->fields[i];
		if (fields[i] != ones(f->width) && (fields[i] & 1)) {
			snprintf(buf, size,
				 "operand %s of %s is a 64-bit register pair but "
				 "its base register %s%llu is odd",
				 f->name, op->name, f->type->prefix,
				 (unsigned long long)fields[i]);
			return buf;
		}
	}
	if (rules)
		return op->nexc ? codec_rules_check(rules, op, fields) : NULL;
	for (int i = 0; i < op->nexc; i++) {
		int64_t r = 0;
		if (isa_expr_eval(op, op->exc[i]->cond, fields, &r) && r)
			return op->exc[i]->message;
	}
	return NULL;
}

const char *codec_validate(const isa_opcode *op, const uint64_t *fields,
			   char *buf, size_t size)
{
	codec_opinfo info;
	codec_info_compute(op, &info);
	return validate(op, &info, NULL, fields, buf, size);
}

/*
 * util_bits_get on the compact layout of codec_opinfo: this runs for every
 * field of every word, so fields are grouped by word half (one shift and
 * one mask each), the few that cross bit 64 use a 128-bit shift, and
 * constants are copied, not extracted.
 */
static void extract(const codec_opinfo *c, isa_word w, uint64_t *fields)
{
#define WIDTH_MASK(k) (c->mask[k])
	int k = 0;
#pragma GCC unroll 4
	for (int e = c->nlo; k < e; k++)
		fields[c->order[k]] = (w.lo >> c->shift[k]) & WIDTH_MASK(k);
#pragma GCC unroll 4
	for (int e = k + c->nhi; k < e; k++)
		fields[c->order[k]] = (w.hi >> c->shift[k]) & WIDTH_MASK(k);
	unsigned __int128 x = ((unsigned __int128)w.hi << 64) | w.lo;
	for (int e = k + c->ncross; k < e; k++)
		fields[c->order[k]] = (uint64_t)(x >> c->shift[k]) & WIDTH_MASK(k);
#undef WIDTH_MASK
	for (int e = k + c->nconst; k < e; k++)
		fields[c->order[k]] = c->value[c->order[k]];
}

/* Bits of the fields that rule node i reads. */
static uint64_t rule_fields(const codec_rules *r, int i, int depth)
{
	if (i < 0 || i >= r->nnodes || depth > 200)
		return ~UINT64_C(0); /* cannot tell: all */
	const cx_node *x = &r->nodes[i];
	switch (x->op) {
	case ISA_E_INT:
	case ISA_E_STR:
		return 0;
	case ISA_E_FIELD:
		return x->v >= 0 && x->v < 64 ? UINT64_C(1) << x->v
					      : ~UINT64_C(0);
	case ISA_E_NOT:
	case ISA_E_NEG:
	case ISA_E_BITNOT:
		return rule_fields(r, x->a, depth + 1);
	default:
		return rule_fields(r, x->a, depth + 1) |
		       rule_fields(r, x->b, depth + 1);
	}
}

/*
 * The bits of each field that rule node i depends on, into mask[] (by
 * field): all of a field's bits, but only those of c where every use of
 * the field is `field & c` with a constant c >= 0.  False: cannot tell.
 */
static bool rule_masks(const codec_rules *r, int i, int depth, uint64_t *mask,
		       uint64_t *used)
{
	if (i < 0 || i >= r->nnodes || depth > 200)
		return false;
	const cx_node *x = &r->nodes[i];
	const cx_node *a = x->a >= 0 && x->a < r->nnodes ? &r->nodes[x->a] : NULL;
	const cx_node *b = x->b >= 0 && x->b < r->nnodes ? &r->nodes[x->b] : NULL;
	switch (x->op) {
	case ISA_E_INT:
	case ISA_E_STR:
		return true;
	case ISA_E_FIELD:
		if (x->v < 0 || x->v >= ISA_MAX_FIELDS)
			return false;
		mask[x->v] = ~UINT64_C(0);
		*used |= UINT64_C(1) << x->v;
		return true;
	case ISA_E_NOT:
	case ISA_E_NEG:
	case ISA_E_BITNOT:
		return rule_masks(r, x->a, depth + 1, mask, used);
	case ISA_E_BAND:
		for (int s = 0; s < 2 && a && b; s++) {
			const cx_node *f = s ? b : a, *c = s ? a : b;
			if (f->op == ISA_E_FIELD && c->op == ISA_E_INT &&
			    c->v >= 0 && f->v >= 0 && f->v < ISA_MAX_FIELDS) {
				mask[f->v] |= (uint64_t)c->v;
				*used |= UINT64_C(1) << f->v;
				return true;
			}
		}
		/* fall through */
	default:
		return rule_masks(r, x->a, depth + 1, mask, used) &&
		       rule_masks(r, x->b, depth + 1, mask, used);
	}
}

/* The memo of s for the rules of op, when their fields fit in
 * CODEC_MEMO_BITS bits (each field by its low bits that matter). */
static void memo_init(const struct codec_table *t, const isa_opcode *op,
		      codec_fieldset *s)
{
	const codec_rules *r = t->rules;
	if (!r || !op->nexc || (r->table && r->table[op->index]))
		return; /* no rules, or the compiled table answers */
	uint64_t mask[ISA_MAX_FIELDS] = {0}, used = 0;
	for (int x = 0; x < op->nexc; x++)
		if (!rule_masks(r, r->roots[r->first[op->index] + x], 0, mask,
				&used))
			return;
	int bits = 0;
	for (uint64_t b = used; b; b &= b - 1) {
		int i = __builtin_ctzll(b);
		const isa_field *f = &op->fields[i];
		if (i >= op->nfields || f->is_const || s->memo_nf == CODEC_MEMO_FIELDS)
			return;
		int width = f->width < 1 ? 1 : f->width > 64 ? 64 : f->width;
		/* the low bits up to the highest one that matters */
		uint64_t m = mask[i] & ones(width);
		int w = m ? 64 - __builtin_clzll(m) : 1;
		if (bits + w > CODEC_MEMO_BITS)
			return;
		s->memo_f[s->memo_nf] = (uint8_t)i;
		s->memo_shift[s->memo_nf] = (uint8_t)bits;
		s->memo_mask[s->memo_nf++] = ones(w);
		bits += w;
	}
	s->memo = calloc((size_t)1 << bits, 1);
}

void codec_fieldset_free(codec_fieldset *s)
{
	free(s->memo);
	s->memo = NULL;
}

void codec_fieldset_init(const isa_model *m, const isa_opcode *op,
			 uint64_t need, codec_fieldset *s)
{
	const struct codec_table *t = m->decoder;
	const codec_opinfo *c = &t->info[op->index];
	need |= c->enum_check | c->pair_check;
	const codec_rules *r = t->rules;
	for (int x = 0; x < op->nexc; x++)
		need |= r ? rule_fields(r, r->roots[r->first[op->index] + x], 0)
			  : ~UINT64_C(0);
	memset(s, 0, sizeof *s);
	int n = 0, k = 0;
	uint8_t part[4] = {c->nlo, c->nhi, c->ncross, c->nconst};
	for (int g = 0; g < 4; g++)
		for (int e = k + part[g]; k < e; k++) {
			int i = c->order[k];
			if (!((need >> i) & 1))
				continue;
			s->order[n] = (uint8_t)i;
			if (g == 3) {
				s->cval[n++] = c->value[i];
				continue;
			}
			s->pos[n] = (uint8_t)(g == 1 ? c->shift[k] + 64 : c->shift[k]);
			s->mask[n++] = c->mask[k];
		}
	s->n = (uint8_t)n;
	for (uint64_t b = c->enum_check; b; b &= b - 1) {
		int i = __builtin_ctzll(b);
		if (!c->enum_valid[i]) {
			s->slow = true;
			continue;
		}
		s->enum_f[s->nenum] = (uint8_t)i;
		s->enum_valid[s->nenum++] = c->enum_valid[i];
	}
	for (uint64_t b = c->pair_check; b; b &= b - 1) {
		int i = __builtin_ctzll(b);
		s->pair_f[s->npair] = (uint8_t)i;
		s->pair_rz[s->npair++] = ones(op->fields[i].width);
	}
	s->rules = op->nexc > 0;
	memo_init(t, op, s);
	if (!s->memo)
		s->memo_nf = 0;
}

bool codec_accepts_slow(const isa_model *m, const isa_opcode *op,
			const uint64_t *fields)
{
	const struct codec_table *t = m->decoder;
	char buf[8];
	return !validate(op, &t->info[op->index], t->rules, fields, buf,
			 sizeof buf);
}

const isa_opcode *codec_lookup(const isa_model *m, isa_word w)
{
	return lookup(m->decoder, w);
}

const isa_opcode *codec_decode(const isa_model *m, isa_word w,
			       uint64_t *fields, const char **why)
{
	static const char no_opcode[] = "no opcode has these fixed bits";
	static const char stray[] = "bits are set outside the opcode's fields";
	static const char invalid[] = "a field value is not valid for its opcode";
	const char *dummy;
	if (!why)
		why = &dummy;
	UTIL_ASSERT(m->decoder);
	const isa_opcode *op = lookup(m->decoder, w);
	if (!op) {
		*why = no_opcode;
		return NULL;
	}
	if ((w.lo & ~op->used_mask.lo) | (w.hi & ~op->used_mask.hi)) {
		*why = stray;
		return NULL;
	}
	const codec_opinfo *info = &m->decoder->info[op->index];
	extract(info, w, fields);
	char buf[8];
	if (validate(op, info, m->decoder->rules, fields, buf, sizeof buf)) {
		*why = invalid;
		return NULL;
	}
	*why = NULL;
	return op;
}

/* "bits 90-95" / "bit 90": the first run of set bits in x (128-bit). */
static void first_run(isa_word x, char *buf, size_t size)
{
	int lo = -1, hi = -1;
	for (int b = 0; b < ISA_WORD_BITS; b++) {
		bool set = util_bits_get(x.lo, x.hi, b, 1);
		if (set && lo < 0)
			lo = b;
		if (set)
			hi = b;
		else if (lo >= 0)
			break;
	}
	if (lo == hi)
		snprintf(buf, size, "bit %d", lo);
	else
		snprintf(buf, size, "bits %d-%d", lo, hi);
}

const char *codec_explain(const isa_model *m, isa_word w, char *buf,
			  size_t size)
{
	const isa_opcode *op = lookup(m->decoder, w);
	if (!op) {
		snprintf(buf, size,
			 "no opcode has these fixed bits (optype 0x%02x, stype 0x%x)",
			 (unsigned)(w.lo & 0xff), (unsigned)((w.lo >> 8) & 0xf));
		return buf;
	}
	isa_word stray = {w.lo & ~op->used_mask.lo, w.hi & ~op->used_mask.hi};
	if (stray.lo | stray.hi) {
		char bits[32];
		first_run(stray, bits, sizeof bits);
		snprintf(buf, size, "%s %s set but no field of %s covers them",
			 bits, strchr(bits, '-') ? "are" : "is", op->name);
		return buf;
	}
	uint64_t fields[ISA_MAX_FIELDS];
	extract(&m->decoder->info[op->index], w, fields);
	const char *why = codec_validate(op, fields, buf, size);
	if (!why)
		snprintf(buf, size, "the word decodes as %s", op->name);
	else if (why != buf)
		snprintf(buf, size, "%s: %s", op->name, why);
	return buf;
}
