/*
 * print.c - the canonical text of one instruction (DESIGN.md "Instruction
 * word and text"; choices in docs/disassembler.md):
 * `[@[!]Pg ]MNEMONIC{.MOD} op, op, ... [$sched(S[,Y])] [$req(MASK)] [$wsb(N)]`.
 *
 * Contract: requires field values that codec_decode accepted (or that the
 * assembler encoded): every enum value names a value of its type.  Produces
 * text that the assembler reads back into the same word; the round-trip
 * unit test (tests/unit/test_roundtrip.c) holds this file to that.  The
 * printer is on the disassembler's hot path: it formats numbers by hand and
 * never allocates except to grow the output buffer.
 */
#include "asm/dis.h"
#include "codec/codec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the output cursor ------------------------------------------------- */

/*
 * A cursor into the util_buf being appended to: p and end live in registers
 * while one instruction is printed, and the buffer's own length is updated
 * once at the end (pb_close).  Growing goes through util_buf.
 */
typedef struct pbuf {
	char *p, *end;
	util_buf *b;
} pbuf;

#define PB_CHUNK 512 /* room asked for at once; one line rarely needs more */

/* Where p and end point while the buffer has no memory (never written):
 * pb_room then needs no NULL test. */
static char pb_none[1];

static bool pb_grow(pbuf *pb, size_t n)
{
	util_buf *b = pb->b;
	if (b->failed)
		return false;
	b->len = b->data ? (size_t)(pb->p - b->data) : 0;
	size_t len = b->len;
	char pad[PB_CHUNK];
	memset(pad, ' ', sizeof pad);
	for (size_t want = n + PB_CHUNK; !b->failed && want;) {
		size_t k = want < sizeof pad ? want : sizeof pad;
		util_buf_putn(b, pad, k); /* grows the buffer by doubling */
		want -= k;
	}
	b->len = len;
	if (b->failed || !b->data) {
		pb->p = pb->end = pb_none;
		return false;
	}
	b->data[len] = '\0';
	pb->p = b->data + len;
	pb->end = b->data + b->cap - 1; /* keep room for the NUL */
	return true;
}

static inline pbuf pb_open(util_buf *b)
{
	pbuf pb = {b->data ? b->data + b->len : pb_none,
		   b->data ? b->data + b->cap - 1 : pb_none, b};
	if (!b->data || (size_t)(pb.end - pb.p) < PB_CHUNK)
		pb_grow(&pb, PB_CHUNK);
	return pb;
}

static void pb_close(pbuf *pb)
{
	util_buf *b = pb->b;
	if (b->failed || !b->data)
		return;
	b->len = (size_t)(pb->p - b->data);
	b->data[b->len] = '\0';
}

static inline bool pb_room(pbuf *pb, size_t n)
{
	return (size_t)(pb->end - pb->p) >= n || pb_grow(pb, n);
}

static inline void pputn(pbuf *pb, const char *s, size_t n)
{
	if (!pb_room(pb, n))
		return;
	memcpy(pb->p, s, n);
	pb->p += n;
}

static inline void pputc(pbuf *pb, char c)
{
	if (pb_room(pb, 1))
		*pb->p++ = c;
}

/* Short names: copy until the NUL without a separate strlen pass. */
static inline void pputs(pbuf *pb, const char *s)
{
	while (*s) {
		if (!pb_room(pb, 1))
			return;
		char *p = pb->p, *e = pb->end;
		while (*s && p < e)
			*p++ = *s++;
		pb->p = p;
	}
}

/* ---- small formatting helpers ------------------------------------------ */

/* The n low hex digits of v at p (two digits per table read). */
static void hex_digits(char *p, uint64_t v, int n)
{
	static const char pairs[513] =
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
		"202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
		"404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
		"606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
		"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
		"a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
		"c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
		"e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
	int i = n;
	for (; i >= 2; i -= 2, v >>= 8)
		memcpy(p + i - 2, pairs + 2 * (v & 255), 2);
	if (i)
		p[0] = "0123456789abcdef"[v & 15];
}

/* Numbers are written straight into the buffer (no temporary copies). */
static void put_hex(pbuf *out, uint64_t v)
{
	int n = v ? (67 - __builtin_clzll(v)) / 4 : 1; /* hex digits */
	if (!pb_room(out, (size_t)n + 2))
		return;
	char *p = out->p;
	p[0] = '0';
	p[1] = 'x';
	hex_digits(p + 2, v, n);
	out->p += n + 2;
}

static void put_dec(pbuf *out, uint64_t v)
{
	static const char pairs[201] =
		"00010203040506070809101112131415161718192021222324"
		"25262728293031323334353637383940414243444546474849"
		"50515253545556575859606162636465666768697071727374"
		"75767778798081828384858687888990919293949596979899";
	if (!pb_room(out, 20))
		return;
	char *p = out->p;
	if (v < 10) {
		p[0] = (char)('0' + v);
		out->p += 1;
	} else if (v < 100) {
		memcpy(p, pairs + 2 * v, 2);
		out->p += 2;
	} else if (v < 1000) {
		p[0] = (char)('0' + v / 100);
		memcpy(p + 1, pairs + 2 * (v % 100), 2);
		out->p += 3;
	} else if (v < 10000) {
		memcpy(p, pairs + 2 * (v / 100), 2);
		memcpy(p + 2, pairs + 2 * (v % 100), 2);
		out->p += 4;
	} else {
		char tmp[24];
		int n = sizeof tmp;
		do {
			tmp[--n] = (char)('0' + v % 10);
			v /= 10;
		} while (v);
		memcpy(p, tmp + n, sizeof tmp - (size_t)n);
		out->p += sizeof tmp - (size_t)n;
	}
}

/* Signed hex: 0x10, -0x10. */
static void put_shex(pbuf *out, int64_t v)
{
	if (v < 0) {
		pputc(out, '-');
		put_hex(out, (uint64_t)0 - (uint64_t)v);
	} else {
		put_hex(out, (uint64_t)v);
	}
}

static uint64_t ones(int width)
{
	return width >= 64 ? ~UINT64_C(0) : width <= 0 ? 0 : (UINT64_C(1) << width) - 1;
}

static int64_t sext(uint64_t v, int width)
{
	if (width >= 64)
		return (int64_t)v;
	uint64_t sign = UINT64_C(1) << (width - 1);
	v &= ones(width);
	return (int64_t)((v ^ sign) - sign);
}

/* A float literal that reads back to the same bits (textsyntax: Float32). */
static void put_f32(pbuf *out, uint32_t bits)
{
	float f;
	memcpy(&f, &bits, sizeof f);
	if (isnan(f)) {
		if (bits == 0x7fc00000u)
			pputs(out, "+QNAN");
		else
			put_hex(out, bits);
		return;
	}
	if (isinf(f)) {
		pputs(out, f < 0 ? "-INF" : "+INF");
		return;
	}
	char s[320]; /* %.*g of a double may need 310 bytes */
	if (f == (float)(int32_t)f && fabsf(f) < 16777216.0f) {
		/* integral: exact as an integer, the common case in code */
		snprintf(s, sizeof s, "%s%ld", signbit(f) ? "-" : "",
			 labs((long)f));
	} else {
		/* The shortest %g precision that reads back: if p digits do,
		 * so do p + 1, hence a binary search over 1..9. */
		int lo = 1, hi = 9;
		while (lo < hi) {
			int mid = (lo + hi) / 2;
			snprintf(s, sizeof s, "%.*g", mid, (double)f);
			if (strtof(s, NULL) == f)
				hi = mid;
			else
				lo = mid + 1;
		}
		snprintf(s, sizeof s, "%.*g", lo, (double)f);
	}
	if (!strpbrk(s, ".e"))
		strcat(s, ".0"); /* "1" would read as an integer */
	pputs(out, s);
}

/* ---- labels ----------------------------------------------------------- */

int dis_label_find(const dis_labels *l, uint64_t addr)
{
	if (!l)
		return -1;
	if (l->mark) {
		uint64_t off = addr - l->base, i = off / 16;
		if (addr < l->base || off % 16 || i >= l->nwords ||
		    !((l->mark[i / 64] >> (i % 64)) & 1))
			return -1;
		uint64_t below = l->mark[i / 64] & ((UINT64_C(1) << (i % 64)) - 1);
		return (int)l->rank[i / 64] + __builtin_popcountll(below);
	}
	int lo = 0, hi = l->count;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (l->addrs[mid] < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo < l->count && l->addrs[lo] == addr) ? lo : -1;
}

static void put_label(pbuf *out, const dis_labels *l, int i)
{
	if (l->names && l->names[i]) {
		pputs(out, l->names[i]);
		return;
	}
	pputn(out, ".L_x_", 5);
	put_dec(out, (uint64_t)i);
}

void dis_label_name(const dis_labels *l, int i, util_buf *out)
{
	pbuf pb = pb_open(out);
	put_label(&pb, l, i);
	pb_close(&pb);
}

/* ---- operands ---------------------------------------------------------- */

/* Is the .not/.bitnot companion of field i set (differs from its default)? */
static inline bool negated(const codec_opinfo *c, const uint64_t *fields,
			   int i)
{
	int k = c->modifier[i];
	return k >= 0 && fields[k] != c->value[k];
}

static inline bool at_default(const codec_opinfo *c, const uint64_t *fields,
			      int i)
{
	return ((c->default_fields >> i) & 1) && fields[i] == c->value[i];
}

/* '!' for x.not, '~' for x.bitnot. */
static char negation_char(const codec_opinfo *info, int i)
{
	return (info->bitnot_fields >> i) & 1 ? '~' : '!';
}

static void put_reg(pbuf *out, const isa_type *t, uint64_t v, bool pair)
{
	if (v == ones(t->width)) {
		pputs(out, t->zero);
		return;
	}
	pputs(out, t->prefix);
	if (pair) {
		pputc(out, '[');
		put_dec(out, v);
		pputc(out, ':');
		put_dec(out, v + 1);
		pputc(out, ']');
	} else {
		put_dec(out, v);
	}
}

static void put_cmem(pbuf *out, const isa_type *t, uint64_t v)
{
	pputs(out, "c[");
	put_hex(out, (v >> (t->bank_pos & 63)) & ones(t->bank_width));
	pputs(out, "][");
	put_hex(out, (v >> (t->off_pos & 63)) & ones(t->off_width));
	pputc(out, ']');
}

/* The value of an immediate field as text shows it (before PCRel). */
static int64_t imm_value(const isa_field *f, uint64_t v)
{
	return f->type->cls == ISA_KIND_SIMM ? sext(v, f->width) : (int64_t)v;
}

/* Value v of field i from the texts codec_build rendered; false: none. */
static inline bool put_text(pbuf *out, const codec_opinfo *c, int i,
			    uint64_t v)
{
	if (v >= c->ntext[i])
		return false; /* also: no table (ntext 0) */
	const codec_text *t = &c->text[i][v];
	if (!t->len || !pb_room(out, sizeof *t))
		return false;
	memcpy(out->p, t, sizeof *t); /* s comes first; len is overwritten */
	out->p += t->len;
	return true;
}

/* put_value without a rendered text. */
static void put_value_slow(pbuf *out, const isa_opcode *op, int i,
			   uint64_t v, bool pair)
{
	const isa_field *f = &op->fields[i];
	const isa_type *t = f->type;
	switch (t->cls) {
	case ISA_KIND_ENUM:
		pputs(out, v < (uint64_t)t->nvalues && t->values[v]
					   ? t->values[v] : "?");
		break;
	case ISA_KIND_REG:
		put_reg(out, t, v, pair);
		break;
	case ISA_KIND_UIMM:
		put_hex(out, v);
		break;
	case ISA_KIND_SIMM:
		put_shex(out, sext(v, f->width));
		break;
	case ISA_KIND_F32:
		put_f32(out, (uint32_t)v);
		break;
	case ISA_KIND_CMEM:
		put_cmem(out, t, v);
		break;
	}
}

/* A plain field value by its kind (no operand format applied). */
static inline void put_value(pbuf *out, const isa_opcode *op,
			     const codec_opinfo *c, int i,
			     const uint64_t *fields, bool pair)
{
	if (pair || !put_text(out, c, i, fields[i]))
		put_value_slow(out, op, i, fields[i], pair);
}

/* Inside brackets: R2, R2+0x10, R2-0x10, R2.64+0x10, 0x10 (ra = RZ). */
static void put_address(pbuf *out, const isa_opcode *op,
			const codec_opinfo *info, const isa_operand *o,
			const uint64_t *fields, bool wide)
{
	int ra = o->sub[0], off = o->sub[1];
	bool rz = true;
	if (ra >= 0) {
		const isa_type *t = op->fields[ra].type;
		rz = t->cls == ISA_KIND_REG && fields[ra] == ones(t->width);
		if (!rz) {
			put_value(out, op, info, ra, fields, false);
			if (wide)
				pputn(out, ".64", 3);
		}
	}
	int64_t v = off >= 0 ? imm_value(&op->fields[off], fields[off]) : 0;
	if (rz) {
		put_shex(out, v);
	} else if (v < 0) {
		put_shex(out, v);
	} else if (v > 0) {
		pputc(out, '+');
		put_hex(out, (uint64_t)v);
	}
}

bool dis_pcrel_target(const isa_opcode *op, int i, const uint64_t *fields,
		      uint64_t pc, uint64_t *target)
{
	const isa_operand *o = &op->operands[i];
	if (o->fmt != ISA_FMT_PCREL)
		return false;
	const isa_field *f = &op->fields[o->field];
	int64_t rel = imm_value(f, fields[o->field]);
	/* & 63: a description with a silly shift must not make this UB */
	*target = pc + 16 + ((uint64_t)rel << (o->shift & 63));
	return true;
}

/* Operand i after its '!'/'~' (put_operand). */
static void put_operand_body(pbuf *out, const isa_opcode *op,
			     const codec_opinfo *info, int i,
			     const uint64_t *fields, uint64_t pc,
			     const dis_labels *labels)
{
	bool wide = (info->addr64_operands >> i) & 1;
	const isa_operand *o = &op->operands[i];
	const isa_field *f = &op->fields[o->field];
	uint64_t target;
	switch (o->fmt) {
	case ISA_FMT_PLAIN:
		put_value(out, op, info, o->field, fields,
			  o->bitwidth == 64 && f->type->cls == ISA_KIND_REG);
		break;
	case ISA_FMT_SHIFT:
		put_shex(out, (int64_t)((uint64_t)imm_value(f, fields[o->field])
					<< (o->shift & 63)));
		break;
	case ISA_FMT_PCREL: {
		dis_pcrel_target(op, i, fields, pc, &target);
		int l = dis_label_find(labels, target);
		if (l >= 0)
			put_label(out, labels, l);
		else
			put_hex(out, target);
		break;
	}
	case ISA_FMT_ADDR:
		pputc(out, '[');
		put_address(out, op, info, o, fields, wide);
		pputc(out, ']');
		break;
	case ISA_FMT_CADDR:
		pputs(out, "c[");
		put_hex(out, fields[o->field]);
		pputs(out, "][");
		put_address(out, op, info, o, fields, wide);
		pputc(out, ']');
		break;
	}
}

static void put_operand(pbuf *out, const isa_opcode *op,
			const codec_opinfo *info, int i,
			const uint64_t *fields, uint64_t pc,
			const dis_labels *labels)
{
	int field = op->operands[i].field;
	if (negated(info, fields, field))
		pputc(out, negation_char(info, field));
	put_operand_body(out, op, info, i, fields, pc, labels);
}

/* Omitted when the field and its .not/.bitnot are at their defaults. */
static bool omitted(const codec_opinfo *info, const isa_operand *o,
		    const uint64_t *fields)
{
	if (!at_default(info, fields, o->field) || negated(info, fields, o->field))
		return false;
	for (int s = 0; s < 2; s++)
		if ((o->fmt == ISA_FMT_ADDR || o->fmt == ISA_FMT_CADDR) &&
		    o->sub[s] >= 0 && o->sub[s] != o->field &&
		    !at_default(info, fields, o->sub[s]))
			return false;
	return true;
}

static void put_operands(pbuf *out, const isa_opcode *op,
			 const codec_opinfo *info, const uint64_t *fields,
			 uint64_t pc, const dis_labels *labels)
{
	bool first = true;
	for (int i = 0; i < op->noperands; i++) {
		const isa_operand *o = &op->operands[i];
		if (((info->skip_operands >> i) & 1) || omitted(info, o, fields))
			continue;
		if (pb_room(out, 2)) { /* " " before the first, else ", " */
			memcpy(out->p, &", "[first], 2); /* may copy the NUL */
			out->p += 2 - (size_t)first;
		}
		first = false;
		put_operand(out, op, info, i, fields, pc, labels);
	}
}

/* ---- guard, modifiers, control slots ------------------------------------ */

static void put_guard(pbuf *out, const isa_opcode *op,
		      const codec_opinfo *info, const uint64_t *fields)
{
	int g = op->guard;
	if (g < 0 || (at_default(info, fields, g) && !negated(info, fields, g)))
		return;
	pputc(out, '@');
	if (negated(info, fields, g))
		pputc(out, '!');
	put_value(out, op, info, g, fields, false);
	pputc(out, ' ');
}

static void put_mods(pbuf *out, const isa_opcode *op,
		     const codec_opinfo *info, const uint64_t *fields)
{
	for (int k = 0; k < op->nmods; k++) {
		int i = op->mods[k];
		if (at_default(info, fields, i))
			continue;
		pputc(out, '.');
		put_value(out, op, info, i, fields, false);
	}
}

static bool ctl_set(const codec_opinfo *c, const uint64_t *fields, int i)
{
	return i >= 0 && fields[i] != c->value[i];
}

static void put_slot(pbuf *out, const char *name, uint64_t v)
{
	pputs(out, name);
	put_dec(out, v);
	pputc(out, ')');
}

static void put_control(pbuf *out, const codec_opinfo *c,
			const isa_opcode *op, const uint64_t *fields)
{
	if (ctl_set(c, fields, c->stall) || ctl_set(c, fields, c->yield)) {
		pputs(out, " $sched(");
		put_dec(out, c->stall >= 0 ? fields[c->stall] : 0);
		if (ctl_set(c, fields, c->yield)) {
			pputc(out, ',');
			put_dec(out, fields[c->yield]);
		}
		pputc(out, ')');
	}
	if (ctl_set(c, fields, c->req)) {
		pputs(out, " $req(");
		put_hex(out, fields[c->req]);
		pputc(out, ')');
	}
	if (ctl_set(c, fields, c->wsb))
		put_slot(out, " $wsb(", fields[c->wsb]);
}

static void print_inst(const isa_model *m, const isa_opcode *op,
		       const uint64_t *fields, uint64_t pc,
		       const dis_labels *labels, pbuf *out)
{
	codec_opinfo local;
	const codec_opinfo *info = codec_info(m, op);
	if (!info) {
		codec_info_compute(op, &local);
		info = &local;
	}
	put_guard(out, op, info, fields);
	if (info->mnemonic_len)
		pputn(out, op->mnemonic, info->mnemonic_len);
	else
		pputs(out, op->mnemonic);
	put_mods(out, op, info, fields);
	put_operands(out, op, info, fields, pc, labels);
	put_control(out, info, op, fields);
}

void dis_print_inst(const isa_model *m, const isa_opcode *op,
		    const uint64_t *fields, uint64_t pc,
		    const dis_labels *labels, util_buf *out)
{
	pbuf pb = pb_open(out);
	print_inst(m, op, fields, pc, labels, &pb);
	pb_close(&pb);
}

/* ---- print plans ----------------------------------------------------------- */

/*
 * The plan of one opcode says what print_inst tests and calls, with all that
 * does not depend on the word decided once, on the opcode's first word in a
 * listing: the operands that can never show (the guard, the parts of an
 * Address) are left out, each operand's printer is chosen, and every "is
 * this at its default" question (guard, modifiers, operands, control slots)
 * becomes one masked compare on the raw word (ptest).  print_planned prints
 * exactly what print_inst prints: bench/dis_identity.sh compares listings.
 */

/*
 * Where a plan reads a field's value: straight from the word, as one
 * 128-bit number (decoding extracts only what validation and the general
 * printers read).  Same value as codec_decode's: a constant is its value
 * (mask 0).
 */
typedef unsigned __int128 word128;

typedef struct wfield {
	uint64_t mask, cval;
	uint8_t pos;
} wfield;

static inline uint64_t wf_get(const wfield *f, word128 x)
{
	return ((uint64_t)(x >> f->pos) & f->mask) | f->cval;
}

static inline word128 w128(isa_word w)
{
	return ((word128)w.hi << 64) | w.lo;
}

static wfield wf_of(const isa_opcode *op, int i)
{
	wfield f = {0, 0, 0};
	if (i < 0 || i >= op->nfields)
		return f;
	const isa_field *d = &op->fields[i];
	if (d->is_const) {
		f.cval = d->value;
		return f;
	}
	/* isa_check keeps fields inside the word; clamp anyway, as
	 * extraction_order does (decode.c) */
	int width = d->width < 1 ? 1 : d->width > 64 ? 64 : d->width;
	f.mask = ones(width);
	f.pos = (uint8_t)(d->pos < 0 ? 0 : d->pos > 127 ? 127 : d->pos);
	return f;
}

/* Differs from the defaults when (w & m) != v; m = 0, v = 1: always;
 * all zero: never. */
typedef struct ptest {
	uint64_t mlo, mhi, vlo, vhi;
} ptest;

static inline bool ptest_hit(const ptest *t, isa_word w)
{
	return ((w.lo & t->mlo) ^ t->vlo) | ((w.hi & t->mhi) ^ t->vhi);
}

/* Add "field f differs from its value" (fields[i] != value[i]) to t. */
static void ptest_add(ptest *t, bool *always, const isa_field *f)
{
	if (f->is_const)
		return; /* codec_decode copies the value: never differs */
	uint64_t o = ones(f->width);
	if ((f->value & ~o) || f->pos < 0 || f->pos + f->width > 128) {
		*always = true; /* a value the field cannot hold */
		return;
	}
	unsigned __int128 m = (unsigned __int128)o << f->pos;
	unsigned __int128 v = (unsigned __int128)f->value << f->pos;
	t->mlo |= (uint64_t)m;
	t->mhi |= (uint64_t)(m >> 64);
	t->vlo |= (uint64_t)v;
	t->vhi |= (uint64_t)(v >> 64);
}

static void ptest_done(ptest *t, bool always)
{
	if (always)
		*t = (ptest){0, 0, 1, 0};
}

/* The test "field i (>= 0) differs from its value"; never for i < 0. */
static ptest ptest_of(const isa_opcode *op, int i)
{
	ptest t = {0, 0, 0, 0};
	bool always = false;
	if (i >= 0)
		ptest_add(&t, &always, &op->fields[i]);
	ptest_done(&t, always);
	return t;
}

enum {
	PK_TEXT,  /* plain enum/register value: rendered text, else slow */
	PK_VALUE, /* plain value, printed by its kind (put_value_slow) */
	PK_PAIR,  /* plain 64-bit register pair: R[2:3] */
	PK_UIMM,  /* plain unsigned immediate: 0x.. */
	PK_SIMM,  /* plain signed immediate: 0x.., -0x.. */
	PK_CMEM,  /* plain constant-bank reference: c[0x..][0x..] */
	PK_ADDR,  /* [ra(.64)+off] with a rendered ra and an immediate off */
	PK_PCREL, /* a branch target: its label, else its address */
	PK_OTHER  /* Shift, other addresses: put_operand_body */
};

/* plan_operand.flags */
enum {
	PO_SHOW = 1, /* shown only when the show test hits (else always) */
	PO_NEG = 2,  /* may carry a '!'/'~' (else never) */
	PO_WIDE = 4, /* PK_ADDR: ".64" after the base */
	PO_RZ = 8    /* PK_ADDR: the base is a register (all ones: RZ) */
};

typedef struct plan_operand {
	ptest show; /* hit: shown (some field off its default, or negated) */
	ptest neg;  /* hit: its .not/.bitnot is set */
	wfield f, fra, foff; /* the field; PK_ADDR: ra and off */
	const codec_text *text; /* PK_TEXT: the texts of the field's values */
	uint32_t ntext;
	uint8_t kind, index, field, flags;
	char negc;  /* '!' or '~' */
	/* PK_SIMM, PK_PCREL: the field's width; PK_PCREL: shift; PK_ADDR: the
	 * base ra (-1: none) and the offset off (-1: none), off's width when
	 * signed (0: unsigned); PK_CMEM: bank and offset positions/widths */
	int8_t ra, off;
	uint8_t width, shift, bank_pos, off_pos;
	uint64_t rz, bank_mask, off_mask; /* PK_ADDR: ra's RZ value */
} plan_operand;

typedef struct plan_mod {
	ptest show;
	wfield f;
	const codec_text *text;
	uint32_t ntext;
	uint8_t field;
} plan_mod;

typedef struct dis_plan {
	const codec_opinfo *c;
	int guard;          /* field, or -1: no guard can show */
	ptest guard_show, guard_neg;
	wfield fguard;
	const codec_text *gtext;
	uint32_t gntext;
	ptest control;      /* hit: some control slot shows */
	ptest sched, yield, req, wsb; /* the control slots */
	ptest any_mod;      /* hit: some modifier shows */
	uint8_t nmods, nops;
	uint16_t room;      /* what the guard, mnemonic, modifiers and
			       operands write at most, but for slow values */
	uint8_t mnlen;      /* 0: mnemonic longer than mn, printed from op */
	char mn[24];        /* mnemonic, NUL-padded (copied whole) */
	plan_mod mods[ISA_MAX_FIELDS];
	plan_operand ops[ISA_MAX_OPERANDS];
	codec_fieldset set; /* what decoding extracts: what is printed */
} dis_plan;

struct dis_plans {
	const isa_model *m;
	uint64_t addr_pc; /* the address column of the last line printed: */
	size_t addr_len;  /* 0: none yet */
	char addr[32];    /* "        / *0010* / " (put_prefix), as text */
	int n;
	dis_plan *plan[]; /* by opcode index, NULL until its first word */
};

dis_plans *dis_plans_new(const isa_model *m)
{
	if (!m || !m->decoder || m->decoder->nopcodes <= 0)
		return NULL;
	int n = m->decoder->nopcodes;
	dis_plans *p = calloc(1, sizeof *p + (size_t)n * sizeof p->plan[0]);
	if (!p)
		return NULL;
	p->m = m;
	p->n = n;
	return p;
}

void dis_plans_free(dis_plans *p)
{
	for (int i = 0; p && i < p->n; i++) {
		if (p->plan[i])
			codec_fieldset_free(&p->plan[i]->set);
		free(p->plan[i]);
	}
	free(p);
}

static bool has_default(const codec_opinfo *c, int i)
{
	return (c->default_fields >> i) & 1;
}

static uint64_t bit(int i)
{
	return i >= 0 && i < 64 ? UINT64_C(1) << i : 0;
}

/* The room one operand takes at most, when it has no slow value:
 * ", " and '!', then c[0x<16>][0x<16>] or [R<15>.64+0x<16>]. */
#define OP_ROOM 48

/* The printer of operand o (and what it needs in x). */
static uint8_t plan_kind(const isa_opcode *op, const codec_opinfo *c,
			 const isa_operand *o, plan_operand *x)
{
	const isa_field *f = &op->fields[o->field];
	const isa_type *t = f->type;
	switch (o->fmt) {
	case ISA_FMT_PLAIN:
		if (o->bitwidth == 64 && t->cls == ISA_KIND_REG)
			return PK_PAIR;
		if (c->ntext[o->field])
			return PK_TEXT;
		if (t->cls == ISA_KIND_UIMM)
			return PK_UIMM;
		if (t->cls == ISA_KIND_SIMM && f->width >= 1 && f->width <= 64) {
			x->width = (uint8_t)f->width;
			return PK_SIMM;
		}
		if (t->cls == ISA_KIND_CMEM) {
			x->bank_pos = (uint8_t)(t->bank_pos & 63);
			x->off_pos = (uint8_t)(t->off_pos & 63);
			x->bank_mask = ones(t->bank_width);
			x->off_mask = ones(t->off_width);
			return PK_CMEM;
		}
		return PK_VALUE;
	case ISA_FMT_PCREL:
		if (t->cls == ISA_KIND_SIMM && (f->width < 1 || f->width > 64))
			return PK_OTHER;
		x->width = t->cls == ISA_KIND_SIMM ? (uint8_t)f->width : 0;
		x->shift = (uint8_t)(o->shift & 63);
		return PK_PCREL;
	case ISA_FMT_ADDR: {
		int ra = o->sub[0], off = o->sub[1];
		if (ra >= ISA_MAX_FIELDS || off >= ISA_MAX_FIELDS)
			return PK_OTHER;
		x->ra = (int8_t)(ra >= 0 ? ra : -1);
		x->off = (int8_t)(off >= 0 ? off : -1);
		if ((c->addr64_operands >> x->index) & 1)
			x->flags |= PO_WIDE;
		if (ra >= 0 && op->fields[ra].type->cls == ISA_KIND_REG) {
			x->flags |= PO_RZ;
			x->rz = ones(op->fields[ra].type->width);
		}
		if (off >= 0 && op->fields[off].type->cls == ISA_KIND_SIMM) {
			int w = op->fields[off].width;
			if (w < 1 || w > 64)
				return PK_OTHER;
			x->width = (uint8_t)w;
		}
		return PK_ADDR;
	}
	default:
		return PK_OTHER;
	}
}

static dis_plan *plan_build(const isa_model *m, const isa_opcode *op,
			    const codec_opinfo *c)
{
	dis_plan *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	/* the printers read the word (wfield); decoding extracts what the
	 * general printer put_operand_body and the label pass (PCRel) read */
	uint64_t need = 0;
	p->c = c;
	int g = op->guard;
	p->guard = g >= 0 && g < op->nfields ? g : -1;
	p->fguard = wf_of(op, p->guard);
	if (p->guard >= 0) {
		p->gtext = c->text[p->guard];
		p->gntext = c->ntext[p->guard];
	}
	if (p->guard >= 0) {
		bool always = !has_default(c, g);
		ptest_add(&p->guard_show, &always, &op->fields[g]);
		if (c->modifier[g] >= 0)
			ptest_add(&p->guard_show, &always,
				  &op->fields[c->modifier[g]]);
		ptest_done(&p->guard_show, always);
		p->guard_neg = ptest_of(op, c->modifier[g]);
	}
	size_t len = c->mnemonic_len ? c->mnemonic_len : strlen(op->mnemonic);
	if (len < sizeof p->mn && len) {
		memcpy(p->mn, op->mnemonic, len);
		p->mnlen = (uint8_t)len;
	}
	bool any = false;
	for (int k = 0; k < op->nmods; k++) {
		int i = op->mods[k];
		plan_mod *x = &p->mods[p->nmods++];
		x->field = (uint8_t)i;
		x->f = wf_of(op, i);
		x->text = c->text[i];
		x->ntext = c->ntext[i];
		x->show = ptest_of(op, i);
		ptest_done(&x->show, !has_default(c, i));
		any = any || !has_default(c, i);
		ptest_add(&p->any_mod, &any, &op->fields[i]);
	}
	ptest_done(&p->any_mod, any);
	for (int i = 0; i < op->noperands && i < 32; i++) {
		const isa_operand *o = &op->operands[i];
		if ((c->skip_operands >> i) & 1)
			continue;
		plan_operand *x = &p->ops[p->nops++];
		const isa_field *f = &op->fields[o->field];
		x->index = (uint8_t)i;
		x->field = (uint8_t)o->field;
		x->negc = negation_char(c, o->field);
		x->neg = ptest_of(op, c->modifier[o->field]);
		x->kind = plan_kind(op, c, o, x);
		x->f = wf_of(op, o->field);
		if (x->kind == PK_TEXT) {
			x->text = c->text[o->field];
			x->ntext = c->ntext[o->field];
		}
		if (x->kind == PK_ADDR) {
			x->fra = wf_of(op, x->ra);
			x->foff = wf_of(op, x->off);
		}
		if (x->kind == PK_OTHER)
			need |= bit(o->field) | bit(o->sub[0]) | bit(o->sub[1]);
		if (o->fmt == ISA_FMT_PCREL)
			need |= bit(o->field);
		/* omitted(): the field, its negation and an Address's parts */
		bool always = !has_default(c, o->field);
		ptest_add(&x->show, &always, f);
		if (c->modifier[o->field] >= 0)
			ptest_add(&x->show, &always,
				  &op->fields[c->modifier[o->field]]);
		for (int s = 0; s < 2; s++) {
			int sub = o->sub[s];
			if ((o->fmt != ISA_FMT_ADDR && o->fmt != ISA_FMT_CADDR) ||
			    sub < 0 || sub == o->field)
				continue;
			always = always || !has_default(c, sub);
			ptest_add(&x->show, &always, &op->fields[sub]);
		}
		ptest_done(&x->show, always);
		if (!always)
			x->flags |= PO_SHOW;
		if (x->neg.mlo | x->neg.mhi | x->neg.vlo | x->neg.vhi)
			x->flags |= PO_NEG;
	}
	bool always = false;
	if (c->stall >= 0)
		ptest_add(&p->sched, &always, &op->fields[c->stall]);
	if (c->yield >= 0)
		ptest_add(&p->sched, &always, &op->fields[c->yield]);
	ptest_done(&p->sched, always);
	p->yield = ptest_of(op, c->yield);
	p->req = ptest_of(op, c->req);
	p->wsb = ptest_of(op, c->wsb);
	/* the three slots in one test: their fields do not overlap */
	const int slots[] = {c->stall, c->yield, c->req, c->wsb};
	always = false;
	for (size_t s = 0; s < sizeof slots / sizeof slots[0]; s++)
		if (slots[s] >= 0)
			ptest_add(&p->control, &always, &op->fields[slots[s]]);
	ptest_done(&p->control, always);
	codec_fieldset_init(m, op, need, &p->set);
	/* '@' '!' text ' ', mnemonic, '.' text each, ", " '!' text each */
	p->room = (uint16_t)(sizeof(codec_text) + 3 + sizeof p->mn +
			     (sizeof(codec_text) + 1) * p->nmods +
			     OP_ROOM * p->nops + 8);
	return p;
}

/* Field i of op as codec_decode extracts it from w. */
static uint64_t word_field(const isa_opcode *op, int i, isa_word w)
{
	const isa_field *f = &op->fields[i];
	return f->is_const ? f->value : util_bits_get(w.lo, w.hi, f->pos, f->width);
}

/* A value's rendered text at out->p, room reserved; false: none. */
static inline bool put_text_raw(pbuf *out, const codec_opinfo *c, int i,
				uint64_t v)
{
	if (v >= c->ntext[i])
		return false;
	const codec_text *t = &c->text[i][v];
	memcpy(out->p, t, sizeof *t); /* s comes first; len is overwritten */
	out->p += t->len;
	return t->len != 0;
}

/* A value that has no rendered text: the checked printers, then the room
 * of the plan again (false: out of memory). */
static bool put_slow(pbuf *out, const dis_plan *p, const isa_opcode *op,
		     int i, uint64_t v, bool pair)
{
	put_value_slow(out, op, i, v, pair);
	return pb_room(out, p->room);
}

/* The raw printers below write into room already reserved and return
 * the new end: 0x.. (hex digits by pairs), -0x.., c[0x..][0x..]. */
static inline char *hex_raw(char *p, uint64_t v)
{
	int n = v ? (67 - __builtin_clzll(v)) / 4 : 1; /* hex digits */
	p[0] = '0';
	p[1] = 'x';
	hex_digits(p + 2, v, n);
	return p + 2 + n;
}

static inline char *shex_raw(char *p, int64_t v)
{
	if (v < 0) {
		*p++ = '-';
		return hex_raw(p, (uint64_t)0 - (uint64_t)v);
	}
	return hex_raw(p, (uint64_t)v);
}

static char *cmem_raw(char *p, const plan_operand *x, uint64_t v)
{
	memcpy(p, "c[", 2);
	p = hex_raw(p + 2, (v >> x->bank_pos) & x->bank_mask);
	memcpy(p, "][", 2);
	p = hex_raw(p + 2, (v >> x->off_pos) & x->off_mask);
	*p++ = ']';
	return p;
}

/* PK_ADDR: what put_operand_body prints for an Address operand. */
static bool put_addr_planned(pbuf *out, const dis_plan *p,
			     const isa_opcode *op, const plan_operand *x,
			     isa_word w)
{
	*out->p++ = '[';
	bool rz = true;
	if (x->ra >= 0) {
		uint64_t r = wf_get(&x->fra, w128(w));
		rz = (x->flags & PO_RZ) && r == x->rz;
		if (!rz) {
			if (!put_text_raw(out, p->c, x->ra, r) &&
			    !put_slow(out, p, op, x->ra, r, false))
				return false;
			if (x->flags & PO_WIDE) {
				memcpy(out->p, ".64", 3);
				out->p += 3;
			}
		}
	}
	int64_t v = 0;
	if (x->off >= 0) {
		uint64_t o = wf_get(&x->foff, w128(w));
		v = x->width ? sext(o, x->width) : (int64_t)o;
	}
	char *q = out->p;
	if (rz || v < 0) {
		q = shex_raw(q, v);
	} else if (v > 0) {
		*q++ = '+';
		q = hex_raw(q, (uint64_t)v);
	}
	*q++ = ']';
	out->p = q;
	return true;
}

/* PK_PCREL: the label at the target, else the target's address. */
static bool put_pcrel_planned(pbuf *out, const dis_plan *p,
			      const plan_operand *x, uint64_t v, uint64_t pc,
			      const dis_labels *labels)
{
	int64_t rel = x->width ? sext(v, x->width) : (int64_t)v;
	uint64_t target = pc + 16 + ((uint64_t)rel << x->shift);
	int l = dis_label_find(labels, target);
	if (l < 0) {
		out->p = hex_raw(out->p, target);
		return true;
	}
	put_label(out, labels, l);
	return pb_room(out, p->room);
}

/* A value's rendered text at q (room reserved), else NULL. */
static inline char *text_at(char *q, const codec_text *t, uint32_t n,
			    uint64_t v)
{
	if (v >= n || !t[v].len)
		return NULL;
	memcpy(q, &t[v], sizeof t[v]); /* s comes first; len is overwritten */
	return q + t[v].len;
}

/*
 * print_inst by plan p.  The cursor lives in q while the text goes into
 * the room reserved at the start (and again after each value printed the
 * general way, which moves out->p itself: put_slow and friends).
 */
static void run_plan(pbuf *out, const dis_plan *p, const isa_opcode *op,
		     const uint64_t *fields, isa_word w, uint64_t pc,
		     const dis_labels *labels)
{
	const codec_opinfo *c = p->c;
	word128 x128 = w128(w);
	/* Everything up to the control slots goes into reserved room (the
	 * buffer cannot grow: the text is lost anyway). */
	if (!pb_room(out, p->room))
		return;
	char *q = out->p, *t;
	if (p->guard >= 0 && ptest_hit(&p->guard_show, w)) {
		*q++ = '@';
		if (ptest_hit(&p->guard_neg, w))
			*q++ = '!';
		uint64_t v = wf_get(&p->fguard, x128);
		if ((t = text_at(q, p->gtext, p->gntext, v))) {
			q = t;
		} else {
			out->p = q;
			if (!put_slow(out, p, op, p->guard, v, false))
				return;
			q = out->p;
		}
		*q++ = ' ';
	}
	if (p->mnlen) {
		memcpy(q, p->mn, sizeof p->mn);
		q += p->mnlen;
	} else {
		out->p = q;
		pputs(out, op->mnemonic);
		if (!pb_room(out, p->room))
			return;
		q = out->p;
	}
	if (ptest_hit(&p->any_mod, w))
		for (const plan_mod *x = p->mods, *e = x + p->nmods; x < e; x++) {
			if (!ptest_hit(&x->show, w))
				continue;
			*q++ = '.';
			uint64_t v = wf_get(&x->f, x128);
			if ((t = text_at(q, x->text, x->ntext, v))) {
				q = t;
				continue;
			}
			out->p = q;
			if (!put_slow(out, p, op, x->field, v, false))
				return;
			q = out->p;
		}
	size_t first = 1;
	for (const plan_operand *x = p->ops, *e = x + p->nops; x < e; x++) {
		if ((x->flags & PO_SHOW) && !ptest_hit(&x->show, w))
			continue;
		memcpy(q, &", "[first], 2); /* may copy the NUL */
		q += 2 - first;
		first = 0;
		if ((x->flags & PO_NEG) && ptest_hit(&x->neg, w))
			*q++ = x->negc;
		uint64_t v = wf_get(&x->f, x128);
		switch (x->kind) {
		case PK_TEXT:
			if ((t = text_at(q, x->text, x->ntext, v))) {
				q = t;
				continue;
			}
			break;
		case PK_UIMM:
			q = hex_raw(q, v);
			continue;
		case PK_SIMM:
			q = shex_raw(q, sext(v, x->width));
			continue;
		case PK_CMEM:
			q = cmem_raw(q, x, v);
			continue;
		default:
			break;
		}
		/* the printers that move out->p themselves */
		bool room;
		out->p = q;
		switch (x->kind) {
		case PK_ADDR:
			room = put_addr_planned(out, p, op, x, w);
			break;
		case PK_PCREL:
			room = put_pcrel_planned(out, p, x, v, pc, labels);
			break;
		case PK_TEXT:
		case PK_VALUE:
			room = put_slow(out, p, op, x->field, v, false);
			break;
		case PK_PAIR:
			room = put_slow(out, p, op, x->field, v, true);
			break;
		default:
			put_operand_body(out, op, c, x->index, fields, pc, labels);
			room = pb_room(out, p->room);
			break;
		}
		if (!room)
			return;
		q = out->p;
	}
	out->p = q;
	if (!ptest_hit(&p->control, w))
		return;
	if (ptest_hit(&p->sched, w)) {
		pputs(out, " $sched(");
		put_dec(out, c->stall >= 0 ? word_field(op, c->stall, w) : 0);
		if (ptest_hit(&p->yield, w)) {
			pputc(out, ',');
			put_dec(out, word_field(op, c->yield, w));
		}
		pputc(out, ')');
	}
	if (ptest_hit(&p->req, w)) {
		pputs(out, " $req(");
		put_hex(out, word_field(op, c->req, w));
		pputc(out, ')');
	}
	if (ptest_hit(&p->wsb, w))
		put_slot(out, " $wsb(", word_field(op, c->wsb, w));
}

static dis_plan *plan_new(dis_plans *plans, const isa_opcode *op)
{
	if (op->index < 0 || op->index >= plans->n)
		return NULL;
	const codec_opinfo *c = codec_info(plans->m, op);
	dis_plan *p = c ? plan_build(plans->m, op, c) : NULL;
	plans->plan[op->index] = p;
	return p;
}

/* The plan of op, built on its first word; NULL: out of memory. */
static inline dis_plan *plan_of(dis_plans *plans, const isa_opcode *op)
{
	if (!plans)
		return NULL;
	dis_plan *p = op->index >= 0 && op->index < plans->n
			      ? plans->plan[op->index] : NULL;
	return p ? p : plan_new(plans, op);
}

/* dis_plans_decode, also giving the plan of the opcode (NULL: none). */
static inline const isa_opcode *decode_planned(dis_plans *plans, isa_word w,
					       uint64_t *fields,
					       dis_plan **plan)
{
	const isa_opcode *op = codec_find(plans->m, w);
	*plan = NULL;
	if (!op)
		return NULL;
	dis_plan *p = plan_of(plans, op);
	if (!p)
		return codec_decode(plans->m, w, fields, NULL);
	*plan = p;
	return codec_accepts(plans->m, op, &p->set, w, fields) ? op : NULL;
}

const isa_opcode *dis_plans_decode(dis_plans *plans, isa_word w,
				   uint64_t *fields)
{
	dis_plan *p;
	return decode_planned(plans, w, fields, &p);
}

/* print_inst by the plan of op (NULL plans, or out of memory: print_inst). */
static void print_planned(dis_plans *plans, const isa_model *m,
			  const isa_opcode *op, const uint64_t *fields,
			  isa_word w, uint64_t pc, const dis_labels *labels,
			  pbuf *out)
{
	dis_plan *p = plan_of(plans, op);
	if (p)
		run_plan(out, p, op, fields, w, pc, labels);
	else
		print_inst(m, op, fields, pc, labels, out);
}

/* ---- whole listing lines (dis.c) ---------------------------------------- */

#define HEX_COLUMN 64 /* where the raw-word comment starts */

/* The indentation and the optional address column (4 to 16 digits). */
static void put_prefix(pbuf *out, uint64_t pc, bool addr)
{
	if (!pb_room(out, 32))
		return;
	char *p = out->p;
	memcpy(p, "        /*", 10);
	if (!addr) {
		out->p += 8;
		return;
	}
	int digits = pc >> 16 ? (67 - __builtin_clzll(pc)) / 4 : 4;
	hex_digits(p + 10, pc, digits);
	memcpy(p + 10 + digits, "*/ ", 3);
	out->p += 13 + digits;
}

/* Pads to HEX_COLUMN (at least one space), then / * 0x<hi> 0x<lo> * /. */
static void put_hex_comment(pbuf *out, size_t col, isa_word w)
{
	size_t pad = col < HEX_COLUMN ? HEX_COLUMN - col : 1;
	if (!pb_room(out, pad + 44))
		return;
	char *p = out->p;
	memset(p, ' ', pad);
	p += pad;
	memcpy(p, "/* 0x", 5);
	hex_digits(p + 5, w.hi, 16);
	memcpy(p + 21, " 0x", 3);
	hex_digits(p + 24, w.lo, 16);
	memcpy(p + 40, " */", 3);
	out->p = p + 43;
}

void dis_print_prefix(util_buf *out, uint64_t pc, unsigned flags)
{
	pbuf pb = pb_open(out);
	put_prefix(&pb, pc, flags & SIMT_DIS_ADDR);
	pb_close(&pb);
}

void dis_print_hex_comment(util_buf *out, size_t line_start, isa_word w)
{
	size_t col = out->len - line_start;
	pbuf pb = pb_open(out);
	put_hex_comment(&pb, col, w);
	pb_close(&pb);
}

/*
 * put_prefix with the address column of consecutive words kept as text in
 * plans and counted up in place: + 16 is + 1 on the next-to-last digit.
 */
static void put_prefix_counted(pbuf *out, dis_plans *pl, uint64_t pc)
{
	char *a = pl->addr;
	bool counted = false;
	if (pl->addr_len && pc == pl->addr_pc + 16) {
		for (size_t i = pl->addr_len - 5; i >= 10 && !counted; i--) {
			char c = a[i];
			a[i] = c == 'f' ? '0' : c == '9' ? 'a' : (char)(c + 1);
			counted = c != 'f';
		}
	}
	if (!counted) { /* a jump, or the column grows by a digit */
		int digits = pc >> 16 ? (67 - __builtin_clzll(pc)) / 4 : 4;
		memcpy(a, "        /*", 10);
		hex_digits(a + 10, pc, digits);
		memcpy(a + 10 + digits, "*/ ", 3);
		pl->addr_len = 13 + (size_t)digits;
	}
	pl->addr_pc = pc;
	if (!pb_room(out, sizeof pl->addr))
		return;
	memcpy(out->p, a, sizeof pl->addr);
	out->p += pl->addr_len;
}

/* put_prefix_counted, inline for the common step: the 16s digit of the
 * last address goes up by one without a carry. */
static inline void put_prefix_next(pbuf *out, dis_plans *pl, uint64_t pc)
{
	if (pl->addr_len && pc == pl->addr_pc + 16 &&
	    (size_t)(out->end - out->p) >= sizeof pl->addr) {
		char *d = &pl->addr[pl->addr_len - 5];
		if (*d != 'f' && *d != '9') {
			++*d;
			pl->addr_pc = pc;
			memcpy(out->p, pl->addr, sizeof pl->addr);
			out->p += pl->addr_len;
			return;
		}
	}
	put_prefix_counted(out, pl, pc);
}

void dis_print_line(const isa_model *m, dis_plans *plans,
		    const isa_opcode *op, const uint64_t *fields, uint64_t pc,
		    isa_word w, unsigned flags, const dis_labels *labels,
		    const char *annot, const char *trailer, util_buf *out)
{
	pbuf pb = pb_open(out);
	if (out->failed || !out->data)
		return;
	size_t start = (size_t)(pb.p - out->data);
	if (plans && (flags & SIMT_DIS_ADDR))
		put_prefix_counted(&pb, plans, pc);
	else
		put_prefix(&pb, pc, flags & SIMT_DIS_ADDR);
	print_planned(plans, m, op, fields, w, pc, labels, &pb);
	if (annot) {
		pputc(&pb, ' ');
		pputn(&pb, annot, strlen(annot));
	}
	pputn(&pb, " ;", 2);
	if ((flags & SIMT_DIS_HEX) && !out->failed)
		put_hex_comment(&pb, (size_t)(pb.p - out->data) - start, w);
	if (trailer)
		pputn(&pb, trailer, strlen(trailer));
	pputc(&pb, '\n');
	pb_close(&pb);
}


/*
 * Lines of words first.. of code (a run without annotations or line notes):
 * what put_line (dis.c) prints for each, with the cursor kept across lines
 * and each word decoded once.  Stops before a word that does not decode,
 * at end, or when the text passes limit bytes.
 */
size_t dis_print_run(dis_plans *plans, const uint8_t *code, size_t first,
		     size_t end, uint64_t base, unsigned flags,
		     const dis_labels *labels, util_buf *out, size_t limit)
{
	pbuf pb = pb_open(out);
	if (out->failed || !out->data || !plans)
		return first;
	bool addr = flags & SIMT_DIS_ADDR, hex = flags & SIMT_DIS_HEX;
	const uint64_t *mark = labels && labels->count ? labels->mark : NULL;
	size_t i = first;
	for (; i < end && (size_t)(pb.p - out->data) < limit; i++) {
		isa_word w;
		memcpy(&w.lo, code + 16 * i, 8);
		memcpy(&w.hi, code + 16 * i + 8, 8);
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
		w = codec_load(code + 16 * i);
#endif
		uint64_t pc = base + 16 * i, fields[ISA_MAX_FIELDS];
		dis_plan *p;
		const isa_opcode *op = decode_planned(plans, w, fields, &p);
		if (!op || !p)
			break;
		if (mark && (mark[i / 64] >> (i % 64)) & 1) {
			put_label(&pb, labels, dis_label_find(labels, pc));
			pputn(&pb, ":\n", 2);
		}
		char *start = pb.p;
		if (addr)
			put_prefix_next(&pb, plans, pc);
		else
			put_prefix(&pb, pc, false);
		run_plan(&pb, p, op, fields, w, pc, labels);
		pputn(&pb, " ;", 2);
		if (hex && !out->failed)
			put_hex_comment(&pb, (size_t)(pb.p - start), w);
		pputc(&pb, '\n');
		if (out->failed)
			break;
	}
	pb_close(&pb);
	return i;
}
