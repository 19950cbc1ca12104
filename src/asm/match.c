/*
 * match.c - opcode selection by operand shape, field filling, fixups.
 *
 * Requires: the index of a resolved isa_model (index.c) and a parsed
 * instruction.
 * Produces: the encoded word of the first opcode (isa file order) of the
 * mnemonic's optype whose Order<> list fits the written operands, with every
 * field range-checked; expressions that name symbols become fixups that the
 * driver resolves at the end.
 *
 * Selection, the way LLVM's AsmMatcher works: the dotted word is split at the
 * longest prefix that names an optype (or a __DefAlias); the rest are
 * modifiers, resolved against each candidate opcode's enum modifier fields.
 * Each candidate's operand list is matched against the written operands by
 * shape only (a name is a register if the field's kind parses it, a
 * predicate if the field's enum lists it, ...), optional operands (fields
 * with a default) are skipped with backtracking.  Range errors are reported
 * after selection, so "0x1000 out of range" is not turned into "no form".
 * A selection is kept with its operand plan (plan.c): a line with the same
 * word and operand shapes skips the search, and one the plan can fill
 * skips the field array.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/index.h"
#include "codec/codec.h"

/* ---- mnemonic and modifiers ---------------------------------------------- */

/* Split a dotted word: the longest prefix naming an optype. */
static void split_word(const struct asm_index *ix, asm_word *w)
{
	w->optype = -1;
	w->nmods = 0;
	int len = w->len;
	while (len > 0) {
		int t = asm_optype_find(ix, w->s, len);
		if (t >= 0) {
			w->optype = t;
			break;
		}
		while (len > 0 && w->s[len - 1] != '.')
			len--;
		if (len > 0)
			len--; /* drop the dot */
	}
	w->mlen = len;
	if (w->optype < 0)
		return;
	int p = len;
	while (p < w->len) {
		int q = p + 1;
		while (q < w->len && w->s[q] != '.')
			q++;
		if (w->nmods < ASM_MAX_MODS) {
			w->mod_off[w->nmods] = p + 1;
			w->mod_len[w->nmods] = q - p - 1;
		}
		w->nmods++;
		p = q;
	}
}

/* Room in ix->wh for one more word (at most half full): the table doubles
 * as words come, up to twice ASM_WORDS_MAX slots, so that a short file
 * clears and touches a small one.  False: out of memory (the word is then
 * not cached). */
static bool words_room(struct asm_index *ix)
{
	if (2 * (ix->wcount + 1) <= ix->wcap)
		return true;
	int cap = 2 * ix->wcap;
	struct wslot *wh = calloc((size_t)cap, sizeof *wh);
	if (!wh)
		return false;
	for (int k = 0; k < ix->wcap; k++) {
		if (!ix->wh[k].word)
			continue;
		uint32_t i = ix->wh[k].hash & (uint32_t)(cap - 1);
		while (wh[i].word)
			i = (i + 1) & (uint32_t)(cap - 1);
		wh[i] = ix->wh[k];
	}
	free(ix->wh);
	ix->wh = wh;
	ix->wcap = cap;
	return true;
}

/* The word spelled s: the cached one, else split now (and cached when
 * there is room; else in *tmp, which the caller frees). */
static asm_word *lookup_word(asm_ctx *c, const char *s, int len,
			     uint32_t hv, asm_word *tmp)
{
	struct asm_index *ix = c->ix;
	asm_word *found = find_word(c, s, len, hv);
	if (found)
		return found;
	memset(tmp, 0, sizeof *tmp);
	tmp->s = s;
	tmp->len = len;
	split_word(ix, tmp);
	if (tmp->optype >= 0 && tmp->nmods <= ASM_MAX_MODS) {
		tmp->res = calloc((size_t)ix->optypes[tmp->optype].count,
				  sizeof *tmp->res);
		if (!tmp->res)
			c->nomem = true;
	}
	if (ix->wcount < ASM_WORDS_MAX && !c->single && tmp->res && words_room(ix)) {
		uint32_t i = hv & (uint32_t)(ix->wcap - 1);
		while (ix->wh[i].word)
			i = (i + 1) & (uint32_t)(ix->wcap - 1);
		tmp->cached = true;
		ix->words[ix->wcount] = *tmp;
		ix->wh[i] = (struct wslot){hv, ++ix->wcount}; /* i: the empty slot */
		return &ix->words[ix->wcount - 1];
	}
	return tmp;
}

static void resolve_mods(const isa_opcode *op, const asm_word *w,
			 asm_modres *r)
{
	r->state = 1;
	r->bad = -1;
	r->missing = -1;
	r->nset = 0;
	bool set[ISA_MAX_FIELDS] = {false};
	for (int i = 0; i < w->nmods; i++) {
		const char *s = w->s + w->mod_off[i];
		int len = w->mod_len[i];
		/* a dotted value name (.STRONG.GPU) spans two modifiers: the
		 * longer reading first */
		if (i + 1 < w->nmods) {
			int l2 = w->mod_off[i + 1] + w->mod_len[i + 1] - w->mod_off[i];
			for (int k = 0; k < op->nmods; k++)
				if (isa_enum_find(op->fields[op->mods[k]].type, s,
						  (size_t)l2) >= 0) {
					len = l2;
					i++;
					break;
				}
		}
		/* the first field naming it that is still unset (F2F.F64.F32:
		 * two fields of one type), else the first naming it */
		int f = -1, first = -1;
		for (int k = 0; k < op->nmods && f < 0; k++)
			if (isa_enum_find(op->fields[op->mods[k]].type, s,
					  (size_t)len) >= 0) {
				if (first < 0)
					first = op->mods[k];
				if (!set[op->mods[k]])
					f = op->mods[k];
			}
		if (f < 0)
			f = first;
		if (f < 0 || set[f]) {
			r->state = -1;
			r->bad = (signed char)i;
			r->why = f < 0 ? 1 : 2;
			return;
		}
		set[f] = true;
		r->field[r->nset] = f;
		r->value[r->nset++] = (uint64_t)isa_enum_find(
			op->fields[f].type, s, (size_t)len);
	}
	for (int k = 0; k < op->nmods; k++) {
		const isa_field *f = &op->fields[op->mods[k]];
		if (!set[op->mods[k]] && !f->has_default && !f->is_const) {
			r->state = -1;
			r->why = 3;
			r->missing = (signed char)k;
			return;
		}
	}
}

/* ---- operand shapes ----------------------------------------------------- */

/* Register number of name in kind t; false if t does not spell it. */
static bool reg_parse(const isa_type *t, const char *s, int len, uint64_t *num,
		      bool *zero)
{
	*zero = false;
	if (t->zero && (int)strlen(t->zero) == len && !memcmp(t->zero, s, (size_t)len)) {
		*zero = true;
		*num = t->width >= 64 ? UINT64_MAX : (UINT64_C(1) << t->width) - 1;
		return true;
	}
	int pl = t->prefix ? (int)strlen(t->prefix) : 0;
	if (!t->prefix || len <= pl || len > pl + 9 || memcmp(t->prefix, s, (size_t)pl))
		return false;
	uint64_t v = 0;
	for (int i = pl; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*num = v;
	return true;
}

static bool is_numeric(const isa_type *t)
{
	return t->cls == ISA_KIND_UIMM || t->cls == ISA_KIND_SIMM;
}

/*
 * Can the name be an enum value (or INF, QNAN, NAN)?  A numbered register
 * name (R5, UR3; not a zero register like RZ, which is also a rounding
 * mode) is not, unless the ISA has an enum value spelled so.  Names that
 * are not get no hash (enum_find answers -1 for them whatever the hash).
 */
static inline bool maybe_enum(const struct asm_index *ix, const asm_operand *o)
{
	return !o->regmask || o->zeromask || ix->numbered_in_enums;
}

/* Which Register kinds of the index spell the operand's name (once per
 * operand, so shape checks are bit tests). */
void asm_classify(const struct asm_index *ix, asm_operand *o)
{
	o->regmask = o->zeromask = 0;
	o->regnum = 0;
	if (o->kind == ASM_O_PAIR) {
		for (int i = 0; i < ix->nreg; i++)
			if (ix->reg[i].plen == o->nlen &&
			    asm_same(ix->reg[i].t->prefix, o->name, o->nlen))
				o->regmask |= 1u << i;
		o->regnum = o->pair_lo;
		return;
	}
	if (o->kind != ASM_O_NAME && !o->has_reg)
		return;
	reg_masks(ix, o->name, o->nlen, &o->regmask, &o->zeromask, &o->regnum);
	if (maybe_enum(ix, o))
		o->hash = asm_hash(o->name, o->nlen);
}

/* shape_sig's bits for the name of o (classified by reg_masks) */
static uint64_t name_sig(const struct asm_index *ix, const asm_operand *o)
{
	if (!maybe_enum(ix, o))
		return 0; /* enum id 0: none */
	uint64_t s = 0;
	if (asm_special_float(o->name, o->nlen, NULL))
		s |= 1u << 8;
	int id = enum_find(ix, ANY_ENUM(ix), o->name, o->nlen, o->hash);
	return s | (uint64_t)(uint32_t)(id + 1) << 32;
}

/*
 * The operand's shape signature: every property shape_ok reads.  For a
 * name that is the enum value names it spells (one id per distinct name,
 * so P0 and PT differ but all labels are alike) and whether it is a
 * special float; names that cannot be either (maybe_enum) need no lookup.
 */
static uint64_t shape_sig(const struct asm_index *ix, const asm_operand *o)
{
	uint64_t s = (uint64_t)o->kind | (uint64_t)o->lnot << 3 |
		     (uint64_t)o->bitnot << 4 | (uint64_t)o->has_reg << 5 |
		     (uint64_t)o->is64 << 6 | (uint64_t)(o->expr != NULL) << 7 |
		     (uint64_t)o->regmask << 9;
	return o->kind == ASM_O_NAME ? s | name_sig(ix, o) : s;
}

/* The name's bytes, zero-padded to 16 (nlen <= 16); end: the end of the
 * source text holding it, which 8-byte loads must not pass. */
static inline void name_key(const asm_operand *o, const char *end,
			    uint64_t k[2])
{
	int n = o->nlen;
	k[0] = k[1] = 0;
#if !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
	end = o->name; /* the masks below keep the low bytes: bytes one by one */
#endif
	if (end - o->name < 16) {
		unsigned char *kb = (unsigned char *)k;
		for (int i = 0; i < n; i++)
			kb[i] = (unsigned char)o->name[i];
		return;
	}
	/* little-endian: the first n bytes are the low ones */
	uint64_t a = load8(o->name), b = load8(o->name + 8);
	if (n >= 8) {
		k[0] = a;
		k[1] = n >= 16 ? b : b & ((UINT64_C(1) << (8 * (n - 8))) - 1);
	} else {
		k[0] = a & ((UINT64_C(1) << (8 * n)) - 1);
	}
}

/* A name not in the cache (its two-way set: slots i and i ^ 1): classify
 * it, keep it in slot i (the older name moving to the other way, whose
 * name is dropped and its place in names reused) unless it is a label;
 * the bits classify_sig adds for it. */
static uint64_t name_miss(struct asm_index *ix, asm_operand *o, size_t i,
			  const uint64_t k[2])
{
	asm_classify(ix, o);
	uint64_t ns = name_sig(ix, o);
	if (o->regmask || ns) {
		uint16_t *x = ix->name_ix;
		uint16_t at = x[i] && x[i ^ 1] ? x[i ^ 1] : (uint16_t)++ix->nnamed;
		if (x[i])
			x[i ^ 1] = x[i];
		x[i] = at;
		ix->names[at - 1] = (asm_name_slot){{k[0], k[1]}, (uint32_t)o->regnum,
						(uint32_t)(ns >> 32),
						(uint16_t)o->regmask,
						(uint16_t)o->zeromask,
						(uint8_t)o->nlen, (ns >> 8 & 1) != 0};
	}
	return (uint64_t)o->regmask << 9 | (o->kind == ASM_O_NAME ? ns : 0);
}

/* The cache's name at slot i when it is the one of length len and bytes k */
static inline const asm_name_slot *name_at(const struct asm_index *ix, size_t i,
				       int len, const uint64_t k[2])
{
	const asm_name_slot *n = ix->name_ix[i] ? &ix->names[ix->name_ix[i] - 1] : NULL;
	return n && n->len == len && n->k[0] == k[0] && n->k[1] == k[1] ? n : NULL;
}

/* classify() and shape_sig() of an operand, through the name cache
 * (inlined into its one caller, asm_match: called for every operand, the
 * call costs ~4% of the instructions of a listing) */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline uint64_t classify_sig(struct asm_index *ix, asm_operand *o,
			     const char *end)
{
	bool named = o->kind == ASM_O_NAME || (o->kind != ASM_O_PAIR && o->has_reg);
	if (!named || o->nlen > 16) {
		asm_classify(ix, o);
		return shape_sig(ix, o);
	}
	uint64_t s = (uint64_t)o->kind | (uint64_t)o->lnot << 3 |
		     (uint64_t)o->bitnot << 4 | (uint64_t)o->has_reg << 5 |
		     (uint64_t)o->is64 << 6 | (uint64_t)(o->expr != NULL) << 7;
	uint64_t k[2];
	name_key(o, end, k);
	uint64_t h = (k[0] * UINT64_C(0x9e3779b97f4a7c15) ^ k[1]) *
		     UINT64_C(0xff51afd7ed558ccd);
	/* two ways: the slot and its neighbour (the newest name first) */
	size_t i = (size_t)((h ^ (uint64_t)o->nlen) >> (64 - NAME_BITS));
	const asm_name_slot *n = name_at(ix, i, o->nlen, k);
	if (!n && !(n = name_at(ix, i ^ 1, o->nlen, k)))
		return s | name_miss(ix, o, i, k);
	o->regmask = n->regmask;
	o->zeromask = n->zeromask;
	o->regnum = n->regnum;
	s |= (uint64_t)o->regmask << 9;
	return o->kind == ASM_O_NAME
		       ? s | (uint64_t)n->special << 8 | (uint64_t)n->enum_id << 32
		       : s;
}

/* The enum hash of each name operand that can be an enum value (what
 * classify gives it; a name found in the name cache has none): every
 * step after fast_fill may look enum values up. */
static void operand_hashes(const struct asm_index *ix, asm_inst_text *it)
{
	for (int k = 0; k < it->noperands; k++) {
		asm_operand *o = &it->ops[k];
		bool named = o->kind == ASM_O_NAME ||
			     (o->kind != ASM_O_PAIR && o->has_reg);
		if (named && maybe_enum(ix, o))
			o->hash = asm_hash(o->name, o->nlen);
	}
}


static inline bool reg_ok(const asm_opinfo *in, int f, const asm_operand *o)
{
	return f >= 0 && in->freg[f] >= 0 && (o->regmask >> in->freg[f]) & 1u;
}

bool asm_shape_ok(const struct asm_index *ix, const isa_opcode *op,
		     const asm_opinfo *in, int e, const asm_operand *o)
{
	const isa_operand *d = &op->operands[e];
	const isa_field *f = &op->fields[d->field];
	const isa_type *t = f->type;
	if (o->lnot && (f->modifier < 0 || t->cls != ISA_KIND_ENUM))
		return false;
	if (o->bitnot && (f->modifier < 0 || t->cls == ISA_KIND_ENUM))
		return false;
	switch (d->fmt) {
	case ISA_FMT_ADDR:
		return o->kind == ASM_O_MEM &&
		       (!o->has_reg || (reg_ok(in, d->sub[0], o) &&
					o->is64 == in->sh.addr64[e]));
	case ISA_FMT_CADDR:
		return o->kind == ASM_O_CMEM && !o->is64 &&
		       (!o->has_reg || reg_ok(in, d->sub[0], o));
	case ISA_FMT_PCREL:
	case ISA_FMT_SHIFT:
		/* a bare name is a label unless it spells a register or an
		 * enum value (URZ, P0, B1 are never labels) */
		return o->kind == ASM_O_INT || o->kind == ASM_O_EXPR ||
		       (o->kind == ASM_O_NAME && !o->lnot && !o->bitnot &&
			!o->regmask &&
			enum_find(ix, ANY_ENUM(ix), o->name, o->nlen, o->hash) < 0);
	case ISA_FMT_PLAIN:
		break;
	}
	switch (t->cls) {
	case ISA_KIND_ENUM:
		return o->kind == ASM_O_NAME &&
		       enum_find(ix, t, o->name, o->nlen, o->hash) >= 0;
	case ISA_KIND_REG:
		if (o->kind == ASM_O_PAIR)
			return d->bitwidth == 64 && reg_ok(in, d->field, o);
		return o->kind == ASM_O_NAME && reg_ok(in, d->field, o);
	case ISA_KIND_UIMM:
	case ISA_KIND_SIMM:
		return o->kind == ASM_O_INT || o->kind == ASM_O_EXPR;
	case ISA_KIND_F32:
		return o->kind == ASM_O_FLOAT || o->kind == ASM_O_INT ||
		       (o->kind == ASM_O_NAME &&
			asm_special_float(o->name, o->nlen, NULL));
	case ISA_KIND_CMEM:
		return o->kind == ASM_O_CMEM && !o->has_reg && !o->expr;
	}
	return false;
}

/* Map operand entries to written operands; map[e] = index or -1. */
static bool match_from(const struct asm_index *ix, const isa_opcode *op,
		       const asm_opinfo *in, const asm_inst_text *it, int e,
		       int k, signed char *map)
{
	while (e < op->noperands && in->sh.skip[e])
		map[e++] = -1;
	if (e == op->noperands)
		return k == it->noperands;
	if (k < it->noperands && asm_shape_ok(ix, op, in, e, &it->ops[k])) {
		map[e] = (signed char)k;
		if (match_from(ix, op, in, it, e + 1, k + 1, map))
			return true;
	}
	if (op->operands[e].optional) {
		map[e] = -1;
		return match_from(ix, op, in, it, e + 1, k, map);
	}
	return false;
}

/* ---- values -> fields ---------------------------------------------------- */


/* Does the signed/unsigned value (mag, neg) fit a w-bit field? */
static void range_text(bool is_signed, int w, int shift, char *buf, size_t n)
{
	if (!is_signed) {
		uint64_t hi = mask_of(w);
		if (shift && w + shift < 64)
			hi <<= shift;
		snprintf(buf, n, "0..0x%llx", (unsigned long long)hi);
		return;
	}
	int ww = w + shift > 64 ? 64 : w + shift;
	uint64_t lim = UINT64_C(1) << (ww - 1);
	uint64_t hi = shift ? lim - (UINT64_C(1) << shift) : lim - 1;
	snprintf(buf, n, "-0x%llx..0x%llx", (unsigned long long)lim,
		 (unsigned long long)hi);
}

static void to_magneg(int64_t v, uint64_t *mag, bool *neg)
{
	*neg = v < 0;
	*mag = *neg ? 0 - (uint64_t)v : (uint64_t)v;
}

enum { FN_OK, FN_MULTIPLE, FN_RANGE };

/* The number (*mag, *neg) as a field of width bits holds it, formatted
 * per fmt/shift (PCREL: the distance from pc + 16; SHIFT, PCREL: divided
 * by 1 << shift); FN_MULTIPLE (*mag, *neg the distance or offset) when it
 * is not a multiple of that, FN_RANGE when it does not fit. */
static int format_number(isa_fmt fmt, int shift, bool sgn, int width,
			 uint64_t pc, uint64_t *mag, bool *neg)
{
	if (fmt == ISA_FMT_PCREL) {
		int64_t diff = (int64_t)(*mag - (pc + 16));
		if (*neg)
			diff = (int64_t)(0 - *mag - (pc + 16));
		to_magneg(diff, mag, neg);
	}
	if ((fmt == ISA_FMT_SHIFT || fmt == ISA_FMT_PCREL) && shift > 0 &&
	    shift < 64) {
		if (*mag & mask_of(shift))
			return FN_MULTIPLE;
		*mag >>= shift; /* exact division of a multiple */
	}
	return asm_fits(sgn, width, *mag, *neg) ? FN_OK : FN_RANGE;
}

/*
 * Convert the written number (mag, neg) for field f of op, formatted per
 * fmt/shift (PLAIN, SHIFT: byte offset, PCREL: absolute target at pc).
 */
static bool number_to_field(asm_ctx *c, const isa_opcode *op, int f,
			    isa_fmt fmt, int shift, uint64_t mag, bool neg,
			    uint64_t pc, int col, uint64_t *out)
{
	const isa_field *fd = &op->fields[f];
	const isa_type *t = fd->type;
	bool sgn = t->cls == ISA_KIND_SIMM;
	char rng[96];
	if (t->cls == ISA_KIND_F32) {
		if (neg || mag > 0xffffffffu) {
			asm_error(c, col, "float bits 0x%llx do not fit in 32 bits",
				  (unsigned long long)mag);
			return false;
		}
		*out = mag;
		return true;
	}
	if (!is_numeric(t)) {
		asm_error(c, col, "operand %s takes a %s, not a number", fd->name,
			  t->name);
		return false;
	}
	int bad = format_number(fmt, shift, sgn, fd->width, pc, &mag, &neg);
	if (bad == FN_MULTIPLE) {
		asm_error(c, col, "%s %s0x%llx is not a multiple of %llu",
			  fmt == ISA_FMT_PCREL ? "branch distance" : "offset",
			  neg ? "-" : "", (unsigned long long)mag,
			  (unsigned long long)1 << shift);
		return false;
	}
	if (bad == FN_RANGE) {
		range_text(sgn, fd->width, fmt == ISA_FMT_PLAIN ? 0 : shift, rng,
			   sizeof rng);
		if (fmt == ISA_FMT_PCREL)
			asm_error(c, col, "branch target out of range of %s (distance %s)",
				  t->name, rng);
		else
			asm_error(c, col, "immediate out of range for %s %s (%s)",
				  t->name, fd->name, rng);
		return false;
	}
	*out = (neg ? 0 - mag : mag) & mask_of(fd->width);
	return true;
}

static bool float_bits(asm_ctx *c, const asm_operand *o, uint64_t *out)
{
	float f;
	double special = 0;
	if (o->kind == ASM_O_NAME && asm_special_float(o->name, o->nlen, &special)) {
		f = (float)special;
	} else if (o->kind == ASM_O_INT) {
		/* an integer is the raw bits (hex or decimal) */
		if (o->mag > 0xffffffffu && !o->neg) {
			asm_error(c, o->col, "float bits do not fit in 32 bits");
			return false;
		}
		*out = o->neg ? (uint64_t)(uint32_t)(0 - (uint32_t)o->mag) : o->mag;
		return true;
	} else {
		if (isfinite(o->fval) && fabs(o->fval) > 3.4028234663852886e38) {
			asm_error(c, o->col, "float %g out of range", o->fval);
			return false;
		}
		f = (float)o->fval;
	}
	uint32_t b;
	memcpy(&b, &f, 4);
	*out = b;
	return true;
}

/* ---- filling ------------------------------------------------------------- */

typedef struct fill_state {
	const isa_opcode *op;
	const asm_opinfo *in;
	uint64_t *fields;
	uint64_t pc;
	uint64_t off;
	uint32_t maxreg;
	bool deferred;
	uint64_t touched; /* bit f: fields[f] may differ from its default */
} fill_state;

static inline void touch(fill_state *s, int f)
{
	if (f >= 0)
		s->touched |= UINT64_C(1) << f;
}

static bool defer_expr(asm_ctx *c, fill_state *s, int e, int f,
		       asm_expr *expr, int col)
{
	/* evaluate now when no symbol is involved */
	if (!asm_expr_has_symbols(expr)) {
		asm_value v;
		if (!asm_expr_eval(c, expr, c->cur, s->pc, false, &v))
			return false;
		asm_fixup fx = {ASM_FIX_FIELD, c->cur, s->off, 0, s->op, e, f,
				expr, c->line, col, c->line_start, false};
		isa_word w = codec_encode(s->op, s->fields);
		if (!asm_fix_field(c, &fx, v, &w))
			return false;
		const isa_field *fd = &s->op->fields[f];
		s->fields[f] = util_bits_get(w.lo, w.hi, fd->pos, fd->width);
		return true;
	}
	if (c->single) {
		asm_error(c, col, "symbols cannot be used in a single instruction");
		return false;
	}
	asm_fixup fx = {ASM_FIX_FIELD, c->cur, s->off, 0, s->op, e, f, expr,
			c->line, col, c->line_start, false};
	s->deferred = true;
	if (expr->op == 's') /* a label seen before: its index, while the name is at hand */
		asm_sym_note(c, expr, true);
	return asm_add_fixup(c, &fx);
}

static void count_reg(fill_state *s, int f, uint64_t num, int nregs)
{
	if ((s->in->gpr_fields >> f & 1) && num + (uint64_t)nregs > s->maxreg)
		s->maxreg = (uint32_t)(num + (uint64_t)nregs);
}

/*
 * fill_reg for a plain register operand (entry in asm_plan.plain_reg: a
 * name, no !/~, not a pair) when its number is in range; false leaves it to
 * fill_operand, which reports the error.
 */
static inline bool put_reg(fill_state *s, int f, const asm_operand *o)
{
	int rk = s->in->freg[f];
	uint64_t lim = mask_of(s->op->fields[f].type->width);
	bool zero = (o->zeromask >> rk) & 1u;
	if (!zero && o->regnum >= lim)
		return false;
	if (!zero)
		count_reg(s, f, o->regnum, 1);
	s->fields[f] = zero ? lim : o->regnum;
	touch(s, f);
	return true;
}

/* A register operand (plain, pair base or memory base) into field f. */
static bool fill_reg(asm_ctx *c, fill_state *s, int f, const asm_operand *o,
		     int col, bool pair64)
{
	const isa_type *t = s->op->fields[f].type;
	int rk = s->in->freg[f];
	bool zero = rk >= 0 && ((o->zeromask >> rk) & 1u);
	uint64_t lim = mask_of(t->width);
	uint64_t num = zero ? lim : o->regnum;
	if (!zero && num >= lim) {
		asm_error(c, col, "register %s%llu out of range (%s0..%s%llu, %s)",
			  t->prefix, (unsigned long long)num, t->prefix, t->prefix,
			  (unsigned long long)lim - 1, t->zero ? t->zero : "");
		return false;
	}
	if (pair64 && !zero && (num & 1)) {
		asm_error(c, col, "64-bit register pair must start at an even register, not %s%llu",
			  t->prefix, (unsigned long long)num);
		return false;
	}
	if (!zero)
		count_reg(s, f, num, pair64 ? 2 : 1);
	s->fields[f] = num;
	return true;
}

static bool fill_mem(asm_ctx *c, fill_state *s, int e, const asm_operand *o)
{
	const isa_operand *d = &s->op->operands[e];
	int ra = d->sub[0], off = d->sub[1];
	if (d->fmt == ISA_FMT_CADDR) {
		uint64_t v;
		if (!number_to_field(c, s->op, d->field, ISA_FMT_PLAIN, 0, o->bank,
				     false, s->pc, o->bank_col, &v))
			return false;
		s->fields[d->field] = v;
	}
	if (ra >= 0) {
		if (o->has_reg) {
			if (!fill_reg(c, s, ra, o, o->reg_col, false))
				return false;
			if (o->is64)
				count_reg(s, ra, s->fields[ra], 2);
		} else {
			s->fields[ra] = mask_of(s->op->fields[ra].type->width);
		}
	}
	if (off < 0) {
		if (o->mag || o->expr) {
			asm_error(c, o->off_col, "this address takes no offset");
			return false;
		}
		return true;
	}
	if (o->expr)
		return defer_expr(c, s, e, off, o->expr, o->off_col);
	uint64_t v;
	if (!number_to_field(c, s->op, off, ISA_FMT_PLAIN, 0, o->mag, o->neg,
			     s->pc, o->off_col, &v))
		return false;
	s->fields[off] = v;
	return true;
}

static bool fill_cmem_kind(asm_ctx *c, fill_state *s, int f,
			   const asm_operand *o)
{
	const isa_type *t = s->op->fields[f].type;
	if (o->bank > mask_of(t->bank_width)) {
		asm_error(c, o->bank_col, "constant bank 0x%llx out of range (0..0x%llx)",
			  (unsigned long long)o->bank,
			  (unsigned long long)mask_of(t->bank_width));
		return false;
	}
	if (o->neg || o->mag > mask_of(t->off_width)) {
		asm_error(c, o->off_col, "constant offset out of range (0..0x%llx)",
			  (unsigned long long)mask_of(t->off_width));
		return false;
	}
	s->fields[f] = (o->bank << t->bank_pos) | (o->mag << t->off_pos);
	return true;
}

static bool fill_operand(asm_ctx *c, fill_state *s, int e,
			 const asm_operand *o)
{
	const isa_operand *d = &s->op->operands[e];
	int f = d->field;
	const isa_field *fd = &s->op->fields[f];
	const isa_type *t = fd->type;
	touch(s, f); /* and what [..] and c[..][..] fill */
	touch(s, d->sub[0]);
	touch(s, d->sub[1]);
	touch(s, fd->modifier);
	if ((o->lnot || o->bitnot) && fd->modifier >= 0)
		s->fields[fd->modifier] = 1;
	if (d->fmt == ISA_FMT_ADDR || d->fmt == ISA_FMT_CADDR)
		return fill_mem(c, s, e, o);
	if (o->kind == ASM_O_EXPR)
		return defer_expr(c, s, e, f, o->expr, o->col);
	if (o->kind == ASM_O_NAME && (d->fmt == ISA_FMT_PCREL || d->fmt == ISA_FMT_SHIFT)) {
		asm_expr *x = asm_alloc(c, sizeof *x);
		if (!x)
			return false;
		x->op = (o->nlen == 1 && o->name[0] == '.') ? '.' : 's';
		x->name = o->name;
		x->len = o->nlen;
		x->col = o->col;
		return defer_expr(c, s, e, f, x, o->col);
	}
	switch (t->cls) {
	case ISA_KIND_ENUM:
		s->fields[f] = (uint64_t)enum_find(c->ix, t, o->name, o->nlen, o->hash);
		return true;
	case ISA_KIND_REG:
		if (o->kind == ASM_O_PAIR) {
			if (o->pair_hi != o->pair_lo + 1) {
				asm_error(c, o->col, "register pair %.*s[%u:%u] must name two consecutive registers",
					  o->nlen, o->name, o->pair_lo, o->pair_hi);
				return false;
			}
			return fill_reg(c, s, f, o, o->col, true);
		}
		return fill_reg(c, s, f, o, o->col, d->bitwidth == 64);
	case ISA_KIND_F32:
		return float_bits(c, o, &s->fields[f]);
	case ISA_KIND_CMEM:
		return fill_cmem_kind(c, s, f, o);
	case ISA_KIND_UIMM:
	case ISA_KIND_SIMM:
		return number_to_field(c, s->op, f, d->fmt, d->shift, o->mag, o->neg,
				       s->pc, o->col, &s->fields[f]);
	}
	return false;
}

static bool fill_control(asm_ctx *c, fill_state *s, int f, bool given,
			 uint64_t v, int col, const char *what)
{
	if (!given)
		return true;
	if (f < 0) {
		asm_error(c, col, "%s has no %s field", s->op->name, what);
		return false;
	}
	int w = s->op->fields[f].width;
	if (v > mask_of(w)) {
		asm_error(c, col, "%s value %llu out of range (0..%llu)", what,
			  (unsigned long long)v, (unsigned long long)mask_of(w));
		return false;
	}
	s->fields[f] = v;
	touch(s, f);
	return true;
}

static bool fill_guard(asm_ctx *c, fill_state *s, const asm_inst_text *it)
{
	if (!it->has_guard)
		return true;
	const isa_opcode *op = s->op;
	if (op->guard < 0) {
		asm_error(c, it->guard->col, "%s takes no guard predicate", op->mnemonic);
		return false;
	}
	const isa_field *g = &op->fields[op->guard];
	int v = enum_find(c->ix, g->type, it->guard->s, it->guard->len,
			  asm_hash(it->guard->s, it->guard->len));
	if (v < 0) {
		asm_error(c, it->guard->col, "'%.*s' is not a %s guard predicate",
			  it->guard->len, it->guard->s, g->type->name);
		return false;
	}
	s->fields[op->guard] = (uint64_t)v;
	touch(s, op->guard);
	touch(s, g->modifier);
	if (it->guard_not) {
		if (g->modifier < 0) {
			asm_error(c, it->guard->col, "the guard of %s cannot be negated",
				  op->mnemonic);
			return false;
		}
		s->fields[g->modifier] = 1;
	}
	return true;
}

/* ---- diagnostics ---------------------------------------------------------- */

static const char *shape_name(const struct asm_index *ix, const asm_operand *o)
{
	switch (o->kind) {
	case ASM_O_PAIR:
		return "register pair";
	case ASM_O_INT:
		return "immediate";
	case ASM_O_FLOAT:
		return "float";
	case ASM_O_EXPR:
		return "expression";
	case ASM_O_CMEM:
		return o->has_reg ? "indexed constant" : "constant";
	case ASM_O_MEM:
		return "memory address";
	case ASM_O_NAME:
		break;
	}
	for (int i = 0; i < ix->m->ntypes; i++) {
		const isa_type *t = ix->m->types[i];
		uint64_t num;
		bool zero;
		if (t->cls == ISA_KIND_REG && reg_parse(t, o->name, o->nlen, &num, &zero))
			return !strcmp(t->prefix, "R") ? "register"
			       : !strcmp(t->prefix, "UR") ? "uniform register"
							   : "register";
		if (t->cls == ISA_KIND_ENUM &&
		    isa_enum_find(t, o->name, (size_t)o->nlen) >= 0) {
			if (!strcmp(t->name, "Pred"))
				return "predicate";
			if (!strcmp(t->name, "UPred"))
				return "uniform predicate";
			if (!strcmp(t->name, "BReg"))
				return "B register";
			if (o->nlen > 3 && !memcmp(o->name, "SR_", 3))
				return "special register";
			return t->name;
		}
	}
	return "label";
}

static void form_text(const isa_opcode *op, const asm_opshape *in,
		      util_buf *b)
{
	util_buf_puts(b, op->mnemonic);
	for (int k = 0; k < op->nmods; k++) {
		const isa_field *f = &op->fields[op->mods[k]];
		util_buf_printf(b, f->has_default ? "{.%s}" : ".%s", f->name);
	}
	bool first = true;
	for (int e = 0; e < op->noperands; e++) {
		if (in->skip[e])
			continue;
		const isa_operand *d = &op->operands[e];
		const isa_field *f = &op->fields[d->field];
		util_buf_puts(b, first ? " " : ", ");
		first = false;
		if (d->optional)
			util_buf_putc(b, '{');
		if (d->fmt == ISA_FMT_ADDR)
			util_buf_printf(b, "[%s%s+%s]",
					d->sub[0] >= 0 ? op->fields[d->sub[0]].type->name : "",
					in->addr64[e] ? ".64" : "",
					d->sub[1] >= 0 ? op->fields[d->sub[1]].type->name : "0");
		else if (d->fmt == ISA_FMT_CADDR)
			util_buf_printf(b, "c[%s][%s+%s]", f->type->name,
					d->sub[0] >= 0 ? op->fields[d->sub[0]].type->name : "",
					d->sub[1] >= 0 ? op->fields[d->sub[1]].type->name : "0");
		else if (d->bitwidth == 64 && f->type->cls == ISA_KIND_REG)
			util_buf_printf(b, "%s[n:n+1]", f->type->prefix);
		else
			util_buf_puts(b, f->type->name);
		if (d->optional)
			util_buf_putc(b, '}');
	}
}

static void no_form_error(asm_ctx *c, const asm_optype *ot,
			  const asm_inst_text *it, const asm_word *w)
{
	util_buf b = {0};
	util_buf_printf(&b, "no form of %.*s takes (", w->mlen, w->s);
	for (int k = 0; k < it->noperands; k++) {
		const asm_operand *o = &it->ops[k];
		const char *what = shape_name(c->ix, o);
		if (!strcmp(what, "label"))
			util_buf_printf(&b, "%slabel or unknown name '%.*s'",
					k ? ", " : "", o->nlen, o->name);
		else
			util_buf_printf(&b, "%s%s", k ? ", " : "", what);
	}
	util_buf_puts(&b, "); forms: ");
	for (int i = 0; i < ot->count; i++) {
		const isa_opcode *op = c->ix->ops[ot->first + i];
		if (i)
			util_buf_puts(&b, " | ");
		form_text(op, &c->ix->shape[op->index], &b);
	}
	int col = it->noperands ? it->ops[0].col : it->mnem->col;
	asm_error(c, col, "%s", b.data ? b.data : "no form matches");
	util_buf_free(&b);
}

static void mod_error(asm_ctx *c, const isa_opcode *op, const asm_word *w,
		      const asm_modres *r, int col)
{
	util_buf b = {0};
	if (r->why == 3) {
		const isa_field *f = &op->fields[op->mods[r->missing]];
		util_buf_printf(&b, "%.*s needs one of", w->mlen, w->s);
		for (int v = 0; v < f->type->nvalues; v++)
			if (f->type->values[v])
				util_buf_printf(&b, " .%s", f->type->values[v]);
	} else {
		int i = r->bad;
		util_buf_printf(&b, "%s modifier .%.*s for %.*s; modifiers:",
				r->why == 1 ? "unknown" : "repeated", w->mod_len[i],
				w->s + w->mod_off[i], w->mlen, w->s);
		for (int k = 0; k < op->nmods; k++) {
			const isa_type *t = op->fields[op->mods[k]].type;
			for (int v = 0; v < t->nvalues; v++)
				if (t->values[v])
					util_buf_printf(&b, " .%s", t->values[v]);
		}
		if (!op->nmods)
			util_buf_puts(&b, " (none)");
	}
	asm_error(c, col, "%s", b.data ? b.data : "bad modifier");
	util_buf_free(&b);
}

/* ---- the entry point ----------------------------------------------------- */

static void exc_fields(const isa_opcode *op, const isa_expr *e, exc_cache *x)
{
	if (!e || !x->usable)
		return;
	if (e->op == ISA_E_FIELD) {
		int f = isa_field_find(op, e->str);
		for (int i = 0; i < x->nf; i++)
			if (x->f[i] == f)
				return;
		if (f < 0 || x->nf == EXC_KEYS) {
			x->usable = false;
			return;
		}
		x->f[x->nf++] = f;
	}
	exc_fields(op, e->a, x);
	exc_fields(op, e->b, x);
}



bool asm_check_exceptions(asm_ctx *c, const isa_opcode *op, isa_word w,
			  int col)
{
	if (!op->nexc)
		return true;
	exc_cache *x = c->ix->exc[op->index];
	if (!x && (x = c->ix->exc[op->index] = malloc(sizeof *x))) {
		/* made on first use: most opcodes never are; the keys are
		 * read only where valid[] says so, so only the part before
		 * them is cleared (its pages alone are touched now) */
		memset(x, 0, offsetof(exc_cache, key));
		x->usable = true;
		for (int i = 0; i < op->nexc; i++)
			exc_fields(op, op->exc[i]->cond, x);
	}
	uint64_t key[EXC_KEYS] = {0};
	unsigned slot = 0;
	if (x && x->usable) {
		uint64_t h = 0;
		for (int i = 0; i < x->nf; i++) {
			const isa_field *f = &op->fields[x->f[i]];
			key[i] = get_bits(w, f->pos, f->width);
			h = (h ^ key[i]) * UINT64_C(0x9e3779b97f4a7c15);
		}
		/* the high bits: constant offsets step by 4 or 8 */
		slot = (unsigned)(h >> 56) % EXC_SLOTS;
		if (x->valid[slot]) {
			bool same_key = true;
			for (int i = 0; i < EXC_KEYS; i++)
				same_key &= x->key[slot][i] == key[i];
			if (same_key)
				return true;
		}
	}
	uint64_t fields[ISA_MAX_FIELDS];
	for (int f = 0; f < op->nfields; f++)
		fields[f] = util_bits_get(w.lo, w.hi, op->fields[f].pos,
					  op->fields[f].width);
	bool ok = true;
	for (int i = 0; i < op->nexc; i++) {
		int64_t r = 0;
		if (isa_expr_eval(op, op->exc[i]->cond, fields, &r) && r) {
			asm_error(c, col, "%s", op->exc[i]->message);
			ok = false;
		}
	}
	if (ok && x && x->usable) {
		x->valid[slot] = 1;
		memcpy(x->key[slot], key, sizeof key);
	}
	return ok;
}

/* barid: the value of the opcode's barid field (when it has one) */
static void update_kernel(asm_ctx *c, const fill_state *s, uint64_t barid)
{
	if (c->single || c->cur < 0 || c->secs[c->cur].kernel < 0)
		return;
	asm_kernel *k = &c->kernels[c->secs[c->cur].kernel];
	const asm_opinfo *in = s->in;
	if (s->maxreg > k->maxreg)
		k->maxreg = s->maxreg;
	if (in->bar_reg)
		k->nbar = 16;
	else if (in->barid >= 0 && barid + 1 > k->nbar)
		k->nbar = (uint32_t)barid + 1;
	if (in->is_exit &&
	    util_grow((void **)&k->exits, &k->cexits, k->nexits + 1, sizeof *k->exits))
		k->exits[k->nexits++] = (uint32_t)s->off;
}

bool asm_match(asm_ctx *c, const asm_inst_text *it, uint64_t off,
	       isa_word *w, const isa_opcode **opp)
{
	asm_word tmp;
	asm_word *wd = find_word(c, it->mnem->s, it->mnem->len, it->mnem_hash);
	if (!wd)
		wd = lookup_word(c, it->mnem->s, it->mnem->len, it->mnem_hash,
				 &tmp);
	bool ok = false;
	if (wd->optype < 0) {
		asm_error(c, it->mnem->col, "unknown instruction '%.*s'",
			  it->mnem->len, it->mnem->s);
		goto out;
	}
	if (wd->nmods > ASM_MAX_MODS || !wd->res) {
		asm_error(c, it->mnem->col, "too many modifiers");
		goto out;
	}
	const asm_optype *ot = &c->ix->optypes[wd->optype];
	/* each operand's signature, and on the way the selection key */
	uint64_t key = plan_key_seed(wd);
	for (int k = 0; k < it->noperands; k++) {
		asm_operand *o = (asm_operand *)&it->ops[k];
		o->sig = classify_sig(c->ix, o, c->text + c->len);
		key = plan_key_step(key, o->sig);
	}
	const isa_opcode *op = NULL, *mod_bad = NULL;
	const asm_modres *res = NULL, *bad_res = NULL;
	signed char map[ISA_MAX_OPERANDS];
	uint16_t *slot = asm_plan_slot(c->ix, wd, key);
	const asm_plan *plan = asm_plan_find(c->ix, slot, wd, it);
	if (plan) {
		op = plan->op;
		asm_word_last(wd, (int)(plan - c->ix->plans) + 1);
		if (!plan->guessed) {
			asm_plan *p = &c->ix->plans[wd->last - 1];
			p->guessed = true;
			asm_guess_build(c->ix, p, it);
		}
		uint32_t maxreg;
		int nsym;
		if (plan->fast &&
		    asm_fast_fill(c, plan, it, plan->base, w, &maxreg, &nsym)) {
			*opp = op;
			ok = asm_fast_done(c, plan, it, off, *w, maxreg, nsym);
			goto out;
		}
		res = &wd->res[plan->cand];
		memcpy(map, plan->map, (size_t)op->noperands);
	}
	operand_hashes(c->ix, (asm_inst_text *)it);
	for (int i = 0; i < ot->count && !op; i++) {
		int n = it->noperands;
		if (c->ix->nent[ot->first + i] < n || c->ix->nmin[ot->first + i] > n)
			continue;
		const isa_opcode *cand = c->ix->ops[ot->first + i];
		asm_opinfo *in = asm_info_get(c->ix, cand);
		if (!in) {
			c->nomem = true;
			continue;
		}
		if (!match_from(c->ix, cand, in, it, 0, 0, map))
			continue;
		asm_modres *r = &wd->res[i];
		if (!r->state)
			resolve_mods(cand, wd, r);
		if (r->state < 0) {
			if (!mod_bad) {
				mod_bad = cand;
				bad_res = r;
			}
			continue;
		}
		op = cand;
		res = r;
		plan = asm_plan_add(c->ix, slot, wd, it, i, map, cand, r);
		if (plan)
			asm_word_last(wd, (int)(plan - c->ix->plans) + 1);
	}
	if (!op) {
		if (mod_bad) {
			int col = it->mnem->col;
			if (bad_res->why != 3)
				col += wd->mod_off[bad_res->bad];
			mod_error(c, mod_bad, wd, bad_res, col);
		} else {
			no_form_error(c, ot, it, wd);
		}
		goto out;
	}
	const asm_opinfo *in = c->ix->info[op->index];
	uint64_t fields[ISA_MAX_FIELDS];
	memcpy(fields, in->defaults, sizeof(uint64_t) * (size_t)op->nfields);
	fill_state s = {op, in, fields, 0, off, 0, false, 0};
	s.pc = c->cur >= 0 ? c->secs[c->cur].base + off : off;
	ok = true;
	for (int i = 0; i < res->nset; i++) {
		fields[res->field[i]] = res->value[i];
		touch(&s, res->field[i]);
	}
	ok &= fill_guard(c, &s, it);
	for (int e = 0; e < op->noperands; e++) {
		if (map[e] < 0)
			continue;
		const asm_operand *o = &it->ops[map[e]];
		bool plain = plan && (plan->plain_reg >> e & 1);
		if (!plain || !put_reg(&s, op->operands[e].field, o))
			ok &= fill_operand(c, &s, e, o);
	}
	if (it->has_sched || it->has_req || it->has_wsb) {
		ok &= fill_control(c, &s, in->stall, it->has_sched, it->stall, it->sched_col, "$sched stall");
		ok &= fill_control(c, &s, in->yield, it->has_yield, it->yield, it->sched_col, "$sched yield");
		ok &= fill_control(c, &s, in->req, it->has_req, it->req, it->req_col, "$req");
		ok &= fill_control(c, &s, in->wsb, it->has_wsb, it->wsb, it->wsb_col, "$wsb");
	}
	if (!ok)
		goto out;
	*w = asm_encode(in, fields, s.touched);
	*opp = op;
	if (!s.deferred)
		ok = asm_check_exceptions(c, op, *w, it->mnem->col);
	update_kernel(c, &s, in->barid >= 0 ? fields[in->barid] : 0);
out:
	if (wd == &tmp)
		free(tmp.res);
	return ok;
}

/* ---- fixups --------------------------------------------------------------- */

bool asm_fix_label(asm_ctx *c, const asm_fixup *fx, isa_word *w)
{
	const isa_opcode *op = fx->op;
	const isa_operand *d = &op->operands[fx->operand];
	const isa_field *fd = &op->fields[fx->field];
	if (fx->expr->op != 's' || d->field != fx->field ||
	    d->fmt != ISA_FMT_PCREL || !is_numeric(fd->type))
		return false;
	int k = asm_sym_of(c, fx->expr);
	if (k < 0 || !c->syms[k].defined || c->syms[k].sec != fx->sec)
		return false;
	uint64_t mag;
	bool neg;
	to_magneg((int64_t)c->syms[k].value, &mag, &neg);
	if (format_number(ISA_FMT_PCREL, d->shift, fd->type->cls == ISA_KIND_SIMM,
			  fd->width, c->secs[fx->sec].base + fx->offset, &mag,
			  &neg) != FN_OK)
		return false;
	util_bits_set(&w->lo, &w->hi, fd->pos, fd->width,
		      (neg ? 0 - mag : mag) & mask_of(fd->width));
	return true;
}

bool asm_fix_field(asm_ctx *c, const asm_fixup *fx, asm_value val,
		   isa_word *w)
{
	const isa_opcode *op = fx->op;
	const isa_operand *d = &op->operands[fx->operand];
	bool own = d->field == fx->field;
	isa_fmt fmt = own ? d->fmt : ISA_FMT_PLAIN;
	if (fmt == ISA_FMT_ADDR || fmt == ISA_FMT_CADDR)
		fmt = ISA_FMT_PLAIN;
	const asm_section *sec = &c->secs[fx->sec];
	uint64_t pc = sec->base + fx->offset;
	bool external = val.sym >= 0 && !c->syms[val.sym].defined;
	if (fmt == ISA_FMT_SHIFT && val.sym >= 0 &&
	    (external || c->syms[val.sym].global) && !c->single) {
		/* CALL.ABS `(symbol): the linker/loader fills it in */
		return asm_add_reloc(c, fx->sec, fx->offset, OBJ_R_ABS64_SHIFT4,
				     val.sym, val.v);
	}
	if (external) {
		asm_error(c, fx->col, "undefined symbol '%.*s'",
			  c->syms[val.sym].len, c->syms[val.sym].name);
		return false;
	}
	if (fmt == ISA_FMT_PCREL && val.sec >= 0 && val.sec != fx->sec) {
		asm_error(c, fx->col, "branch target is in section %s, not in %s",
			  c->secs[val.sec].name, sec->name);
		return false;
	}
	uint64_t mag;
	bool neg;
	to_magneg(val.v, &mag, &neg);
	if (fmt == ISA_FMT_PCREL && !neg) {
		/* absolute target */
	}
	uint64_t v;
	if (!number_to_field(c, op, fx->field, fmt, d->shift, mag, neg, pc,
			     fx->col, &v))
		return false;
	const isa_field *fd = &op->fields[fx->field];
	util_bits_set(&w->lo, &w->hi, fd->pos, fd->width, v);
	return true;
}
