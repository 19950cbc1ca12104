/*
 * match.c - mnemonic index, opcode selection by operand shape, field filling.
 *
 * Requires: a resolved isa_model (isa.h contract) and a parsed instruction.
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
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "codec/codec.h"

/* ---- the index ------------------------------------------------------------- */

/* Results of the __Exception rules of one opcode, keyed by the values of
 * the (few) fields the rules read: most instructions repeat them. */
#define EXC_SLOTS 256
#define EXC_KEYS 4
typedef struct exc_cache {
	bool usable;
	int nf;
	int f[EXC_KEYS];
	unsigned char valid[EXC_SLOTS];
	uint64_t key[EXC_SLOTS][EXC_KEYS];
} exc_cache;

/* What the index knows of every opcode from the start: which operand
 * entries are written in text and how many may be (info_shape). */
typedef struct asm_opshape {
	int nentries;                 /* operand entries written in text */
	int nmin;                     /* of which not optional */
	bool skip[ISA_MAX_OPERANDS];  /* guard, sub-operands of [..] / c[][] */
	bool addr64[ISA_MAX_OPERANDS];
} asm_opshape;

/* The rest, made when the opcode is first a candidate (info_get): a
 * process assembling a few lines touches the info of a few opcodes. */
typedef struct asm_opinfo {
	asm_opshape sh;
	/* encoding: the constants and the defaults of the other fields
	 * pre-encoded (base); an instruction puts the fields it wrote over it */
	isa_word base;
	uint64_t enc_fields;          /* bit f: field f is not a constant */
	unsigned char pos[ISA_MAX_FIELDS], width[ISA_MAX_FIELDS];
	signed char freg[ISA_MAX_FIELDS]; /* field's Register kind (index), -1 */
	uint64_t gpr_fields;          /* bit f: field f is an R register */
	int stall, yield, wsb, req;   /* control field indices, -1 if none */
	int barid;                    /* field "barid" or -1 */
	bool bar_reg;                 /* BAR/BAR.RED form with a register id */
	bool is_exit;
	uint64_t defaults[ISA_MAX_FIELDS];
} asm_opinfo;

typedef struct asm_optype {
	const char *mnem;
	int len;
	int first, count; /* into asm_index.ops */
} asm_optype;

typedef struct asm_modres {
	signed char state;   /* 0: not resolved yet, 1: ok, -1: error */
	signed char bad;     /* failing modifier index, -1 none */
	signed char why;     /* 1 unknown, 2 repeated, 3 missing */
	signed char missing; /* index in op->mods of a missing field */
	int nset;
	int field[ASM_MAX_MODS];
	uint64_t value[ASM_MAX_MODS];
} asm_modres;

/*
 * The selection of one dotted word for one operand signature: which
 * candidate won and how its operand entries map to the written operands.
 * The selection depends only on the operands' shapes (asm_operand.sig), so
 * a line with the same word and the same shapes reuses it without running
 * match_from.  Only successful selections are kept (errors search again and
 * report exactly as before).
 */
#define PLAN_BITS 12 /* a direct-mapped table of 4096 selections */

/* What the fast path does for one operand entry of a plan (fast_fill). */
typedef enum fast_kind {
	FA_REG,  /* a plain register: its number (or the zero register)  */
	FA_INT,  /* a number into a UImm/SImm field                       */
	FA_MEM,  /* [Ra{.64}{+off}]: the base register and the offset     */
	FA_CMEM, /* c[bank][off] into a constant-kind field               */
	FA_SYM   /* a label (`(name) or a branch target): a fixup         */
} fast_kind;


typedef struct fast_act {
	unsigned char kind; /* fast_kind */
	unsigned char k;    /* written operand */
	unsigned char e;    /* FA_SYM: the operand entry (the fixup's) */
	unsigned char fi;   /* FA_SYM: the field */
	bool has_f, has_g;
	asm_fast_field f;       /* REG/INT/CMEM: the field; MEM: the base register */
	asm_fast_field g;       /* MEM: the offset */
	/* CMEM: the constant kind's layout */
	unsigned char bank_pos, off_pos;
	uint64_t bank_lim, off_lim;
} fast_act;

/*
 * An enum operand of a guess (ASM_G_ENUM): the other names of its type
 * that give the same selection, found as lines write them (ge_value).  A
 * name gives the same selection when every candidate the search tries
 * (up to the one chosen) takes it at exactly the entries that take the
 * name the selection was made with: then no candidate's match_from can
 * tell the two apart, whatever the other operands are.
 */
#define GE_MAX 4   /* per plan */
#define GE_KEYS 16 /* names per operand */
typedef struct genum {
	unsigned char k;     /* written operand */
	int n;               /* names looked at */
	asm_fast_field f;        /* the enum field */
	asm_operand orig;    /* the operand the selection was made with */
	uint64_t key[GE_KEYS]; /* names of at most 8 bytes, zero-padded */
	unsigned char len[GE_KEYS];
	short val[GE_KEYS];  /* encoding; -1: another selection */
} genum;

typedef struct asm_plan {
	/* what every line that uses the plan reads, first: the key, then
	 * the fast path's fields, the operand actions last (a line reads its
	 * plan from the start on, a few cache lines) */
	const struct asm_word *word; /* NULL: empty slot */
	int n;               /* written operands */
	int nact;
	bool fast;
	/* what the rest of the fast path needs of the opcode */
	bool has_gmod, has_exc, bar_reg, is_exit, has_barid;
	const isa_opcode *op;
	/* the operand plan: when every entry is a register, a number, an
	 * address, a constant or an enum value, the word of the opcode with
	 * its modifiers and enum operands in place (base) and what each
	 * other entry puts over it (act) */
	isa_word base;
	uint64_t sig[ASM_MAX_OPERANDS];
	const isa_type *guard_type; /* NULL: no guard field */
	asm_fast_field guard, gmod, barid;
	fast_act act[ISA_MAX_OPERANDS];
	bool has_ctl[4];            /* stall, yield, req, wsb */
	asm_fast_field ctl[4];
	uint64_t unknown;           /* fields a line of the plan writes */
	uint32_t syms;              /* bit k: written operand k is a label */
	int nge;                    /* enum operands of the guess */
	int ge[GE_MAX];             /* their genum (index in asm_index.genums) */
	/* the selection, for lines the fast path does not take */
	int cand;            /* index among the optype's candidates */
	signed char map[ISA_MAX_OPERANDS];
	uint32_t plain_reg;  /* bit e: entry e takes a plain register (put_reg) */
	/* how its lines look in the text (guess_build; n -1: fast is false
	 * or some operand cannot be told by its bytes alone) */
	bool guessed;        /* guess_build ran */
	int gi;              /* its guess: index + 1 in asm_index.guesses (0:
			      * none; kept apart so that the plans, copied
			      * as they grow, stay small) */
} asm_plan;

typedef struct asm_word {
	const char *s;
	int len;
	int optype;          /* -1: unknown mnemonic */
	int mlen;            /* length of the mnemonic part */
	int nmods;
	int mod_off[ASM_MAX_MODS], mod_len[ASM_MAX_MODS];
	asm_modres *res;     /* per opcode of the optype */
	bool cached;         /* in asm_index.words (selections may name it) */
	int last;            /* its last selection: index + 1 in plans (0:
			      * none; the slot may hold another word's by now) */
} asm_word;

typedef struct hslot {
	const char *s;
	int len;
	int value;
} hslot;

#define MAX_REGKINDS 16

typedef struct regkind {
	const isa_type *t;
	int plen, zlen;
} regkind;

typedef struct eslot {            /* enum value name -> encoding, per type */
	const isa_type *t;
	const char *s;
	int len;
	int value;
} eslot;

/*
 * What classify and shape_sig find out about an operand name, kept per
 * name: a listing names the same few hundred registers and predicates on
 * every line.  Two-way, by the name's bytes (names of up to 16); 32 bytes
 * a slot, so that the table (32 KiB) stays in the first-level cache: the
 * name's enum hash is not kept (operand_hashes works it out for the lines
 * that need it), and names that are neither a register, an enum value nor
 * a float (labels: thousands, each named a few times) are not kept, so
 * they do not push the registers out.
 * (Working a numbered register out from its bytes instead costs more:
 * 351 M against 324 M instructions on build/bench/simt.s.)
 */
#define NAME_BITS 10
typedef struct name_slot {
	uint64_t k[2];     /* the name, zero-padded */
	uint32_t regnum;   /* reg_masks: at most 9 digits */
	uint32_t enum_id;  /* name_sig's enum id + 1 (0: none) */
	uint16_t regmask, zeromask; /* MAX_REGKINDS bits */
	uint8_t len;       /* 0: empty slot */
	bool special;      /* INF, QNAN, NAN */
} name_slot;

#define GUARD_SLOTS 16
#define MNEM_SLOTS 256

struct asm_index {
	const isa_model *m;
	/* the name cache: 1 << NAME_BITS slots, each the index + 1 of its name
	 * (0: empty) in names, which are dense in the order they came (the
	 * few hundred names of a listing on few cache lines; a page is
	 * touched when a name is first kept in it) */
	uint16_t *name_ix;
	name_slot *names;
	int nnamed;
	int nreg;
	regkind reg[MAX_REGKINDS];
	int ecap;
	eslot *enums;
	int nnames;           /* distinct enum value names (ids under ANY_ENUM) */
	bool numbered_in_enums; /* an enum value is spelled like R5 or UR3 */
	uint32_t reg_first[256]; /* kinds whose prefix or zero starts so */
	/* guess_build: kinds whose prefix and digits no other name of the
	 * index spells (the name's bits in the signature are then the same
	 * for every number); the first bytes of names that are neither a
	 * register, an enum value nor a special float whatever follows */
	uint32_t digits_ok;
	bool label_first[256];
	int noptypes;
	asm_optype *optypes;
	const isa_opcode **ops;
	short *nent, *nmin;   /* per entry of ops: operand counts (max, min) */
	asm_opshape *shape;   /* by opcode index */
	asm_opinfo **info;    /* by opcode index, NULL until info_get */
	exc_cache **exc;      /* by opcode index, NULL until first used */
	int hcap;
	hslot *h;             /* mnemonic -> optype */
	int wcap, wcount;
	asm_word *words;      /* dotted word cache (keys point into the source) */
	/* word -> index in words: the hash beside index + 1 (0: empty), a
	 * small table next to the dense words */
	struct wslot {
		uint32_t hash;
		int word;
	} *wh;
	/* selections: a direct-mapped table of 1 << PLAN_BITS (index + 1 into
	 * plans, 0: empty; allocated on use) and the plans themselves, dense
	 * (the few a listing uses share cache lines and pages) */
	uint16_t *plan_ix;
	asm_plan *plans;
	int nplans, cplans;
	genum *genums;        /* the enum operands of the guesses */
	int ngenums, cgenums;
	asm_guess *guesses;   /* of the plans that have one (asm_plan.gi) */
	int nguesses, cguesses;
	/* guards (@P3, @!UP0): (guard type, name of at most 8 bytes) -> the
	 * encoding enum_find gives (-1: none), direct-mapped; t NULL: empty */
	struct gslot {
		const isa_type *t;
		uint64_t k;
		int len, value;
	} guards[GUARD_SLOTS];
	/* asm_guess_find: cached words of at most 16 bytes by their bytes
	 * (two 8-byte loads, no hash of each byte), direct-mapped; w NULL:
	 * empty */
	struct mslot {
		uint64_t k[2];
		int len;
		asm_word *w;
	} mnems[MNEM_SLOTS];
};

static uint32_t hash(const char *s, int len)
{
	return asm_hash(s, len);
}

static inline uint64_t load8(const char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static inline bool same(const char *a, const char *b, int len)
{
	if (len < 8) {
		for (int i = 0; i < len; i++)
			if (a[i] != b[i])
				return false;
		return true;
	}
	/* 8 bytes at a time, the last 8 overlapping the ones before */
	for (int i = 0; i + 8 < len; i += 8)
		if (load8(a + i) != load8(b + i))
			return false;
	return load8(a + len - 8) == load8(b + len - 8);
}

static uint32_t type_hash(const isa_type *t)
{
	uintptr_t p = (uintptr_t)t;
	return (uint32_t)(p >> 4) * 2654435761u;
}

/* Encoding of enum value `name` (hash h) in type t, or -1. */
static int enum_find(const struct asm_index *ix, const isa_type *t,
		     const char *s, int len, uint32_t h)
{
	uint32_t i = (h ^ type_hash(t)) & (uint32_t)(ix->ecap - 1);
	for (;; i = (i + 1) & (uint32_t)(ix->ecap - 1)) {
		const eslot *e = &ix->enums[i];
		if (!e->t)
			return -1;
		if (e->t == t && e->len == len && same(e->s, s, len))
			return e->value;
	}
}

/* Which Register kinds of the index spell name (bit i: ix->reg[i]), which
 * of them as their zero register, and the register number. */
static inline void reg_masks(const struct asm_index *ix, const char *name, int nlen,
		      uint32_t *regmask, uint32_t *zeromask, uint64_t *regnum)
{
	*regmask = *zeromask = 0;
	*regnum = 0;
	for (uint32_t m = ix->reg_first[(unsigned char)name[0]]; m; m &= m - 1) {
		int i = __builtin_ctz(m);
		const regkind *r = &ix->reg[i];
		if (r->zlen == nlen && same(r->t->zero, name, nlen)) {
			*zeromask |= 1u << i;
			*regmask |= 1u << i;
			continue;
		}
		if (nlen <= r->plen || nlen > r->plen + 9 ||
		    !same(r->t->prefix, name, r->plen))
			continue;
		uint64_t v = 0;
		int k = r->plen;
		for (; k < nlen && name[k] >= '0' && name[k] <= '9'; k++)
			v = v * 10 + (uint64_t)(name[k] - '0');
		if (k == nlen) {
			*regmask |= 1u << i;
			*regnum = v;
		}
	}
}

/* A key that no real type has: names of every enum type. */
#define ANY_ENUM(ix) ((const isa_type *)(const void *)(ix))

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
			uint32_t k = (hash(t->values[v], len) ^ type_hash(t)) &
				     (uint32_t)(ix->ecap - 1);
			while (ix->enums[k].t && !(ix->enums[k].t == t &&
						   ix->enums[k].len == len &&
						   same(ix->enums[k].s, t->values[v], len)))
				k = (k + 1) & (uint32_t)(ix->ecap - 1);
			ix->enums[k] = (eslot){t, t->values[v], len, v};
			/* and under ANY_ENUM: "some enum spells this name" */
			const isa_type *any = ANY_ENUM(ix);
			k = (hash(t->values[v], len) ^ type_hash(any)) &
			    (uint32_t)(ix->ecap - 1);
			while (ix->enums[k].t && !(ix->enums[k].t == any &&
						   ix->enums[k].len == len &&
						   same(ix->enums[k].s, t->values[v], len)))
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
static int hfind_hashed(const hslot *h, int cap, const char *s, int len,
			uint32_t hv)
{
	uint32_t i = hv & (uint32_t)(cap - 1);
	for (;; i = (i + 1) & (uint32_t)(cap - 1)) {
		if (!h[i].s)
			return -1;
		if (h[i].len == len && same(h[i].s, s, len))
			return h[i].value;
	}
}

static int hfind(const hslot *h, int cap, const char *s, int len)
{
	return hfind_hashed(h, cap, s, len, hash(s, len));
}

static void hput(hslot *h, int cap, const char *s, int len, int value)
{
	uint32_t i = hash(s, len) & (uint32_t)(cap - 1);
	while (h[i].s) {
		if (h[i].len == len && !memcmp(h[i].s, s, (size_t)len))
			return; /* first wins */
		i = (i + 1) & (uint32_t)(cap - 1);
	}
	h[i] = (hslot){s, len, value};
}

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

/* The field part of an opcode's info (registers, positions, defaults,
 * the pre-encoded word), made when the opcode is first a candidate: a
 * process assembling a few lines does not pay for every opcode.  NULL:
 * out of memory. */
static asm_opinfo *info_get(struct asm_index *ix, const isa_opcode *op)
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

simt_status asm_index_build(const isa_model *m, struct asm_index **out)
{
	struct asm_index *ix = calloc(1, sizeof *ix);
	*out = NULL;
	if (!ix)
		return SIMT_ERR_NOMEM;
	ix->m = m;
	int n = m->nopcodes;
	ix->ops = calloc((size_t)n + 1, sizeof *ix->ops);
	ix->nent = calloc((size_t)n + 1, sizeof *ix->nent);
	ix->nmin = calloc((size_t)n + 1, sizeof *ix->nmin);
	ix->shape = calloc((size_t)n + 1, sizeof *ix->shape);
	ix->info = calloc((size_t)n + 1, sizeof *ix->info);
	ix->exc = calloc((size_t)n + 1, sizeof *ix->exc);
	ix->optypes = calloc((size_t)n + 1, sizeof *ix->optypes);
	ix->hcap = 16;
	while (ix->hcap < 2 * (n + m->naliases) + 16)
		ix->hcap *= 2;
	ix->h = calloc((size_t)ix->hcap, sizeof *ix->h);
	ix->wcap = 4096;
	ix->words = calloc((size_t)ix->wcap / 2, sizeof *ix->words);
	ix->wh = calloc((size_t)ix->wcap, sizeof *ix->wh);
	ix->name_ix = calloc((size_t)1 << NAME_BITS, sizeof *ix->name_ix);
	ix->names = malloc(((size_t)1 << NAME_BITS) * sizeof *ix->names);
	if (!ix->name_ix || !ix->names ||
	    !ix->ops || !ix->nent || !ix->nmin || !ix->shape || !ix->info ||
	    !ix->exc || !ix->optypes || !ix->h || !ix->words || !ix->wh ||
	    !enums_build(ix) || !group_optypes(ix)) {
		asm_index_free(ix);
		return SIMT_ERR_NOMEM;
	}
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
	free(ix->enums);
	free(ix->h);
	free(ix->optypes);
	free(ix->nent);
	free(ix->nmin);
	for (int i = 0; ix->info && i < ix->m->nopcodes; i++)
		free(ix->info[i]);
	for (int i = 0; ix->exc && i < ix->m->nopcodes; i++)
		free(ix->exc[i]);
	free(ix->info);
	free(ix->exc);
	free(ix->genums);
	free(ix->guesses);
	free(ix->shape);
	free(ix->ops);
	free(ix);
}

/* ---- mnemonic and modifiers ---------------------------------------------- */

/* Split a dotted word: the longest prefix naming an optype. */
static void split_word(const struct asm_index *ix, asm_word *w)
{
	w->optype = -1;
	w->nmods = 0;
	int len = w->len;
	while (len > 0) {
		int t = hfind(ix->h, ix->hcap, w->s, len);
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

/* Are the len (< 8) bytes at a and b, both in the source text that ends
 * at end, the same?  One masked 8-byte compare when both have 8 bytes
 * before the end (little-endian: the first bytes are the low ones). */
static inline bool same_short(const char *a, const char *b, int len,
			      const char *end)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (end - a >= 8 && end - b >= 8)
		return !((load8(a) ^ load8(b)) &
			 ((UINT64_C(1) << (8 * len)) - 1));
#else
	(void)end;
#endif
	return same(a, b, len);
}

/* The cached word spelled s (hv: its asm_hash), or NULL. */
static inline asm_word *find_word(const asm_ctx *c, const char *s, int len,
				  uint32_t hv)
{
	const struct asm_index *ix = c->ix;
	const char *end = c->text + c->len;
	for (uint32_t i = hv & (uint32_t)(ix->wcap - 1); ix->wh[i].word;
	     i = (i + 1) & (uint32_t)(ix->wcap - 1)) {
		asm_word *w = &ix->words[ix->wh[i].word - 1];
		if (ix->wh[i].hash == hv && w->len == len &&
		    (len < 8 ? same_short(w->s, s, len, end) : same(w->s, s, len)))
			return w;
	}
	return NULL;
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
	uint32_t i = hv & (uint32_t)(ix->wcap - 1);
	while (ix->wh[i].word)
		i = (i + 1) & (uint32_t)(ix->wcap - 1);
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
	if (ix->wcount < ix->wcap / 2 && !c->single && tmp->res) {
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
static void classify(const struct asm_index *ix, asm_operand *o)
{
	o->regmask = o->zeromask = 0;
	o->regnum = 0;
	if (o->kind == ASM_O_PAIR) {
		for (int i = 0; i < ix->nreg; i++)
			if (ix->reg[i].plen == o->nlen &&
			    same(ix->reg[i].t->prefix, o->name, o->nlen))
				o->regmask |= 1u << i;
		o->regnum = o->pair_lo;
		return;
	}
	if (o->kind != ASM_O_NAME && !o->has_reg)
		return;
	reg_masks(ix, o->name, o->nlen, &o->regmask, &o->zeromask, &o->regnum);
	if (maybe_enum(ix, o))
		o->hash = hash(o->name, o->nlen);
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
	classify(ix, o);
	uint64_t ns = name_sig(ix, o);
	if (o->regmask || ns) {
		uint16_t *x = ix->name_ix;
		uint16_t at = x[i] && x[i ^ 1] ? x[i ^ 1] : (uint16_t)++ix->nnamed;
		if (x[i])
			x[i ^ 1] = x[i];
		x[i] = at;
		ix->names[at - 1] = (name_slot){{k[0], k[1]}, (uint32_t)o->regnum,
						(uint32_t)(ns >> 32),
						(uint16_t)o->regmask,
						(uint16_t)o->zeromask,
						(uint8_t)o->nlen, (ns >> 8 & 1) != 0};
	}
	return (uint64_t)o->regmask << 9 | (o->kind == ASM_O_NAME ? ns : 0);
}

/* The cache's name at slot i when it is the one of length len and bytes k */
static inline const name_slot *name_at(const struct asm_index *ix, size_t i,
				       int len, const uint64_t k[2])
{
	const name_slot *n = ix->name_ix[i] ? &ix->names[ix->name_ix[i] - 1] : NULL;
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
		classify(ix, o);
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
	const name_slot *n = name_at(ix, i, o->nlen, k);
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
			o->hash = hash(o->name, o->nlen);
	}
}

/* The key of (word, signatures) in the selection table: the word's seed,
 * then plan_key_step with each operand's signature in turn. */
static inline uint64_t plan_key_seed(const asm_word *w)
{
	return (uint64_t)(uintptr_t)w * UINT64_C(0x9e3779b97f4a7c15);
}

static inline uint64_t plan_key_step(uint64_t h, uint64_t sig)
{
	return (h ^ sig) * UINT64_C(0xff51afd7ed558ccd);
}

/* The slot of key h (plan_key_*) in the selection table. */
static uint16_t *plan_slot(struct asm_index *ix, const asm_word *w, uint64_t h)
{
	if (!w->cached)
		return NULL;
	if (!ix->plan_ix &&
	    !(ix->plan_ix = calloc((size_t)1 << PLAN_BITS, sizeof *ix->plan_ix)))
		return NULL; /* no table: every line searches */
	return &ix->plan_ix[h >> (64 - PLAN_BITS)];
}

static const asm_plan *plan_find(const struct asm_index *ix,
				 const uint16_t *slot, const asm_word *w,
				 const asm_inst_text *it)
{
	const asm_plan *p = slot && *slot ? &ix->plans[*slot - 1] : NULL;
	if (!p || p->word != w || p->n != it->noperands)
		return NULL;
	for (int i = 0; i < p->n; i++)
		if (p->sig[i] != it->ops[i].sig)
			return NULL;
	return p;
}

static isa_word encode(const asm_opinfo *in, const uint64_t *fields,
		       uint64_t touched);
static int enum_find(const struct asm_index *ix, const isa_type *t,
		     const char *s, int len, uint32_t h);

static uint64_t mask_of(int w);

/* Does e read only fields outside unknown (a field the opcode lacks makes
 * the rule fail, which is as good as known)? */
static bool reads_known(const isa_opcode *op, const isa_expr *e,
			uint64_t unknown)
{
	if (!e)
		return true;
	if (e->op == ISA_E_FIELD) {
		int f = isa_field_find(op, e->str);
		return f < 0 || !(unknown >> f & 1);
	}
	return reads_known(op, e->a, unknown) && reads_known(op, e->b, unknown);
}

/* Is the __Exception condition e false (or failing) whatever the unknown
 * fields hold?  A conjunction is when one side is (isa_expr_eval: an AND
 * is true only when both sides evaluate and are true); any other node
 * only when it reads known fields alone and evaluates so. */
static bool never_fires(const isa_opcode *op, const isa_expr *e,
			const uint64_t *vals, uint64_t unknown)
{
	if (e->op == ISA_E_AND)
		return never_fires(op, e->a, vals, unknown) ||
		       never_fires(op, e->b, vals, unknown);
	if (!reads_known(op, e, unknown))
		return false;
	int64_t r = 0;
	return !isa_expr_eval(op, e, vals, &r) || !r;
}

/* Can a rule of op fire on a word that is base but for the unknown
 * fields?  IMAD's rule for .WIDE, IADD3's for its carry predicates...
 * cannot on the plans of most lines, which then skip asm_check_exceptions
 * (its cache misses on every new register number). */
static bool exc_possible(const isa_opcode *op, isa_word base, uint64_t unknown)
{
	uint64_t vals[ISA_MAX_FIELDS];
	for (int f = 0; f < op->nfields; f++)
		vals[f] = util_bits_get(base.lo, base.hi, op->fields[f].pos,
					op->fields[f].width);
	for (int i = 0; i < op->nexc; i++)
		if (!never_fires(op, op->exc[i]->cond, vals, unknown))
			return true;
	return false;
}

static void fast_field_of(const isa_opcode *op, const asm_opinfo *in, int f,
			  asm_fast_field *ff)
{
	const isa_field *fd = &op->fields[f];
	ff->pos = (unsigned char)fd->pos;
	ff->width = (unsigned char)fd->width;
	ff->enc = in->enc_fields >> f & 1;
	ff->gpr = in->gpr_fields >> f & 1;
	ff->sgn = fd->type->cls == ISA_KIND_SIMM;
	ff->rk = in->freg[f];
	ff->mask = mask_of(fd->width);
	ff->lim = mask_of(fd->type->width);
	int pos = fd->pos;
	bool enc = ff->enc;
	if (pos >= 64) {
		ff->mlo = 0;
		ff->slo = 0;
		ff->mhi = enc ? ff->mask << (pos - 64) : 0;
		ff->shr1 = ff->shr2 = 0;
		ff->shl = (unsigned char)(pos - 64);
	} else {
		ff->mlo = enc ? ff->mask << pos : 0;
		ff->slo = (unsigned char)pos;
		/* v >> (64 - pos) as two shifts (pos 0: nothing, 64 bits) */
		ff->mhi = enc && pos + fd->width > 64 ? ff->mask >> (64 - pos) : 0;
		ff->shr1 = 1;
		ff->shr2 = (unsigned char)(63 - pos);
		ff->shl = 0;
	}
}

static inline bool numeric_kind(const isa_type *t)
{
	return t->cls == ISA_KIND_UIMM || t->cls == ISA_KIND_SIMM;
}

/*
 * The operand plan of a selection (asm_plan.fast): false when some entry
 * needs fill_operand (labels, expressions, floats, pairs, c[][Ra]...).
 * The base word is what asm_match's filling gives for everything but the
 * entries in act and the guard and control slots, which fast_fill puts.
 */
static bool plan_fast(const struct asm_index *ix, asm_plan *p,
		      const asm_inst_text *it, const signed char *map,
		      const isa_opcode *op, const asm_modres *res)
{
	const asm_opinfo *in = ix->info[op->index];
	uint64_t fields[ISA_MAX_FIELDS];
	uint64_t touched = 0;
	memcpy(fields, in->defaults, sizeof(uint64_t) * (size_t)op->nfields);
	for (int i = 0; i < res->nset; i++) {
		fields[res->field[i]] = res->value[i];
		touched |= UINT64_C(1) << res->field[i];
	}
	if (in->barid >= 0 && !(in->enc_fields >> in->barid & 1))
		return false; /* update_kernel reads barid from the word */
	p->nact = 0;
	uint64_t unknown = 0; /* fields a line of this plan writes */
	for (int e = 0; e < op->noperands; e++) {
		if (map[e] < 0)
			continue;
		const asm_operand *o = &it->ops[map[e]];
		const isa_operand *d = &op->operands[e];
		const isa_field *fd = &op->fields[d->field];
		const isa_type *t = fd->type;
		int kind = -1;
		for (int k = 0; k < 4; k++) {
			int f = k == 0 ? d->field : k == 1 ? d->sub[0]
				: k == 2 ? d->sub[1] : fd->modifier;
			if (f >= 0)
				touched |= UINT64_C(1) << f;
		}
		if ((o->lnot || o->bitnot) && fd->modifier >= 0)
			fields[fd->modifier] = 1;
		if (d->fmt == ISA_FMT_ADDR) {
			if (o->kind == ASM_O_MEM && !o->expr &&
			    (d->sub[1] < 0 || numeric_kind(op->fields[d->sub[1]].type)))
				kind = FA_MEM;
		} else if (d->fmt != ISA_FMT_CADDR &&
			   (o->kind == ASM_O_EXPR ||
			    (o->kind == ASM_O_NAME && (d->fmt == ISA_FMT_PCREL ||
						       d->fmt == ISA_FMT_SHIFT)))) {
			kind = FA_SYM; /* fill_operand's defer_expr */
		} else if (d->fmt != ISA_FMT_PLAIN || o->kind == ASM_O_EXPR) {
			kind = -1;
		} else if (t->cls == ISA_KIND_ENUM && o->kind == ASM_O_NAME) {
			fields[d->field] = (uint64_t)enum_find(ix, t, o->name, o->nlen,
							       o->hash);
			continue;
		} else if (p->plain_reg >> e & 1) {
			kind = FA_REG;
		} else if (numeric_kind(t) && o->kind == ASM_O_INT) {
			kind = FA_INT;
		} else if (t->cls == ISA_KIND_CMEM && o->kind == ASM_O_CMEM) {
			kind = FA_CMEM;
		}
		if (kind < 0)
			return false;
		for (int k = 0; k < 3; k++) {
			int uf = k == 0 ? d->field : d->sub[k - 1];
			if (uf >= 0)
				unknown |= UINT64_C(1) << uf;
		}
		fast_act *a = &p->act[p->nact++];
		memset(a, 0, sizeof *a);
		a->kind = (unsigned char)kind;
		a->k = (unsigned char)map[e];
		a->e = (unsigned char)e;
		a->fi = (unsigned char)d->field;
		if (kind == FA_SYM)
			continue; /* the word keeps the field's default */
		int f = kind == FA_MEM ? d->sub[0] : d->field;
		int g = kind == FA_MEM ? d->sub[1] : -1;
		if ((a->has_f = f >= 0))
			fast_field_of(op, in, f, &a->f);
		if ((a->has_g = g >= 0))
			fast_field_of(op, in, g, &a->g);
		if (kind == FA_CMEM) {
			a->bank_pos = (unsigned char)t->bank_pos;
			a->off_pos = (unsigned char)t->off_pos;
			a->bank_lim = mask_of(t->bank_width);
			a->off_lim = mask_of(t->off_width);
		}
	}
	p->base = encode(in, fields, touched);
	p->op = op;
	p->guard_type = NULL;
	if (op->guard >= 0) {
		const isa_field *gd = &op->fields[op->guard];
		p->guard_type = gd->type;
		fast_field_of(op, in, op->guard, &p->guard);
		if ((p->has_gmod = gd->modifier >= 0))
			fast_field_of(op, in, gd->modifier, &p->gmod);
	}
	int slots[6] = {op->guard, op->guard >= 0 ? op->fields[op->guard].modifier : -1,
			in->stall, in->yield, in->req, in->wsb};
	for (int i = 0; i < 6; i++)
		if (slots[i] >= 0)
			unknown |= UINT64_C(1) << slots[i];
	p->has_exc = exc_possible(op, p->base, unknown);
	p->unknown = unknown;
	p->bar_reg = in->bar_reg;
	p->is_exit = in->is_exit;
	if ((p->has_barid = in->barid >= 0))
		fast_field_of(op, in, in->barid, &p->barid);
	int ctl[4] = {in->stall, in->yield, in->req, in->wsb};
	for (int i = 0; i < 4; i++)
		if ((p->has_ctl[i] = ctl[i] >= 0)) {
			fast_field_of(op, in, ctl[i], &p->ctl[i]);
			p->ctl[i].lim = p->ctl[i].mask;
		}
	return true;
}

/* How the name of o (classified) looks in every line with its signature:
 * a register of a kind in digits_ok as its prefix and digits, anything
 * else as its bytes; false when it is longer than 16 bytes. */
static bool guess_name(const struct asm_index *ix, const asm_operand *o,
		       asm_gname *g)
{
	memset(g, 0, sizeof *g);
	uint32_t m = o->regmask;
	if (m && !(m & (m - 1)) && !o->zeromask && (ix->digits_ok & m)) {
		const regkind *r = &ix->reg[__builtin_ctz(m)];
		g->digits = true;
		g->len = (unsigned char)r->plen;
		memcpy(g->k, r->t->prefix, (size_t)r->plen);
		return true;
	}
	if (o->nlen > 16)
		return false;
	g->len = (unsigned char)o->nlen;
	memcpy(g->k, o->name, (size_t)o->nlen);
	g->zeromask = o->zeromask;
	g->regnum = (uint32_t)o->regnum;
	return true;
}

/* A genum for operand k (o) of plan p when it is a plain enum operand of
 * at most 8 bytes whose field no other encoded field overlaps (so that
 * putting another value over the plan's word is what encoding it gives). */
static bool ge_new(struct asm_index *ix, asm_plan *p, const asm_operand *o,
		   int k)
{
	const isa_opcode *op = p->op;
	const asm_opinfo *in = ix->info[op->index];
	int f = -1;
	for (int e = 0; e < op->noperands; e++)
		if (p->map[e] == k && op->operands[e].fmt == ISA_FMT_PLAIN &&
		    op->fields[op->operands[e].field].type->cls == ISA_KIND_ENUM)
			f = op->operands[e].field;
	if (f < 0 || o->nlen > 8 || p->nge == GE_MAX)
		return false;
	const isa_field *fd = &op->fields[f];
	for (int f2 = 0; f2 < op->nfields; f2++) {
		const isa_field *x = &op->fields[f2];
		if (f2 != f && (in->enc_fields >> f2 & 1) &&
		    x->pos < fd->pos + fd->width && fd->pos < x->pos + x->width)
			return false;
	}
	if (!util_grow((void **)&ix->genums, &ix->cgenums, ix->ngenums + 1,
		       sizeof *ix->genums))
		return false;
	genum *ge = &ix->genums[ix->ngenums];
	memset(ge, 0, sizeof *ge);
	ge->k = (unsigned char)k;
	fast_field_of(op, in, f, &ge->f);
	ge->orig = *o;
	ge->orig.hash = hash(o->name, o->nlen); /* (shape_ok reads it) */
	p->ge[p->nge++] = ix->ngenums++;
	return true;
}

static inline bool fast_reg(const asm_fast_field *f, const asm_operand *o,
			    int nregs, isa_word *w, uint32_t *maxreg);

/* Do the fields n fields put into a word (those that are encoded) have
 * no bit in common?  Then the order they are put in does not matter. */
static bool disjoint(const asm_fast_field *const *f, int n)
{
	uint64_t lo = 0, hi = 0;
	for (int i = 0; i < n; i++) {
		if ((lo & f[i]->mlo) || (hi & f[i]->mhi))
			return false;
		lo |= f[i]->mlo;
		hi |= f[i]->mhi;
	}
	return true;
}

/*
 * The fields of the guess's operands from the plan's actions (what scan.c
 * puts for each), and the guess's word: the plan's with the puts of the
 * operands that are the same on every line of the guess (a register
 * spelled exactly, the register [off] leaves out) already made.  False
 * when the fields overlap (fast_fill's order would matter) or such an
 * operand is out of range.
 */
static bool guess_fields(const struct asm_index *ix, asm_plan *p,
			 const asm_inst_text *it)
{
	asm_guess *g = &ix->guesses[p->gi - 1];
	const asm_fast_field *all[2 * ISA_MAX_OPERANDS + GE_MAX + 6];
	int nall = 0;
	g->base = p->base;
	g->maxreg = 0;
	p->syms = 0;
	for (int i = 0; i < p->nact; i++) {
		const fast_act *a = &p->act[i];
		asm_gop *q = &g->op[a->k];
		const asm_operand *o = &it->ops[a->k];
		if (a->has_f)
			all[nall++] = &a->f;
		if (a->has_g)
			all[nall++] = &a->g;
		switch ((fast_kind)a->kind) {
		case FA_REG:
			if (q->kind != ASM_G_NAME)
				return false;
			if (q->nm.digits) {
				q->has_f = true;
				q->f = a->f;
			} else if (!fast_reg(&a->f, o, 1, &g->base, &g->maxreg)) {
				return false;
			}
			break;
		case FA_INT:
			if (q->kind != ASM_G_INT)
				return false;
			q->has_f = true;
			q->f = a->f;
			break;
		case FA_MEM:
			if (q->kind != ASM_G_MEM)
				return false;
			q->has_g = a->has_g;
			q->g = a->g;
			if (a->has_f && o->has_reg) {
				if (q->nm.digits) {
					q->has_f = true;
					q->f = a->f;
				} else if (!fast_reg(&a->f, o, o->is64 ? 2 : 1,
						     &g->base, &g->maxreg)) {
					return false;
				}
			} else if (a->has_f) {
				asm_fast_put(&g->base, &a->f, a->f.lim);
			}
			break;
		case FA_CMEM:
			if (q->kind != ASM_G_CMEM)
				return false;
			q->has_f = true;
			q->f = a->f;
			q->bank_pos = a->bank_pos;
			q->off_pos = a->off_pos;
			q->bank_lim = a->bank_lim;
			q->off_lim = a->off_lim;
			break;
		case FA_SYM:
			p->syms |= 1u << a->k;
			q->sym = true;
			break;
		}
	}
	if (p->guard_type) {
		all[nall++] = &p->guard;
		if (p->has_gmod)
			all[nall++] = &p->gmod;
	}
	for (int i = 0; i < 4; i++)
		if (p->has_ctl[i])
			all[nall++] = &p->ctl[i];
	for (int k = 0; k < it->noperands; k++) {
		const asm_gop *q = &g->op[k];
		bool sym = p->syms >> k & 1;
		if ((q->kind == ASM_G_INT || q->kind == ASM_G_CMEM) && !q->has_f)
			return false; /* every value has its field */
		if ((q->kind == ASM_G_NAME && q->nm.digits && !q->has_f) ||
		    (q->kind == ASM_G_TICK || q->kind == ASM_G_LABEL) != sym)
			return false;
	}
	for (int i = 0; i < p->nge; i++)
		all[nall++] = &ix->genums[p->ge[i]].f;
	return disjoint(all, nall);
}

/*
 * The guess of a fast plan from the line that made it: for each operand
 * the bytes that give it the signature it has (a register's prefix and
 * digits, a name's exact spelling, an integer, an address of the same
 * form), so that a line read by it needs no name looked up.
 */
static void guess_build(struct asm_index *ix, asm_plan *p,
			const asm_inst_text *it)
{
	p->nge = 0;
	if (!p->fast)
		return;
	if (!p->gi) {
		if (!util_grow((void **)&ix->guesses, &ix->cguesses,
			       ix->nguesses + 1, sizeof *ix->guesses))
			return;
		p->gi = ++ix->nguesses;
	}
	asm_guess *g = &ix->guesses[p->gi - 1];
	g->n = -1;
	g->plan = (int)(p - ix->plans);
	for (int k = 0; k < it->noperands; k++) {
		const asm_operand *o = &it->ops[k];
		asm_gop *q = &g->op[k];
		memset(q, 0, sizeof *q);
		switch (o->kind) {
		case ASM_O_NAME:
			if (!o->lnot && !o->bitnot &&
			    ix->label_first[(unsigned char)o->name[0]]) {
				q->kind = ASM_G_LABEL;
				break;
			}
			q->pre = o->lnot ? '!' : o->bitnot ? '~' : 0;
			if (ge_new(ix, p, o, k)) {
				q->kind = ASM_G_ENUM;
				break;
			}
			q->kind = ASM_G_NAME;
			if (!guess_name(ix, o, &q->nm))
				return;
			break;
		case ASM_O_INT:
			q->kind = ASM_G_INT;
			break;
		case ASM_O_MEM:
			if (o->expr || (o->has_reg && !guess_name(ix, o, &q->nm)))
				return;
			q->kind = ASM_G_MEM;
			q->has_reg = o->has_reg;
			q->is64 = o->is64;
			break;
		case ASM_O_CMEM:
			if (o->has_reg || o->expr)
				return;
			q->kind = ASM_G_CMEM;
			break;
		case ASM_O_EXPR:
			q->kind = ASM_G_TICK;
			break;
		default: /* pairs, floats */
			return;
		}
	}
	if (guess_fields(ix, p, it))
		g->n = it->noperands;
	g->label_first = ix->label_first;
}

static const asm_plan *plan_add(struct asm_index *ix, uint16_t *slot,
				const asm_word *w, const asm_inst_text *it,
				int cand, const signed char *map,
				const isa_opcode *op, const asm_modres *res)
{
	if (!slot)
		return NULL;
	if (!*slot) { /* a new plan; a slot in use gets its plan replaced */
		if (!util_grow((void **)&ix->plans, &ix->cplans, ix->nplans + 1,
			       sizeof *ix->plans))
			return NULL;
		*slot = (uint16_t)++ix->nplans;
		ix->plans[ix->nplans - 1].gi = 0;
	}
	asm_plan *p = &ix->plans[*slot - 1];
	int nentries = op->noperands;
	p->plain_reg = 0;
	for (int e = 0; e < nentries; e++) {
		const isa_operand *d = &op->operands[e];
		const asm_operand *o = map[e] >= 0 ? &it->ops[map[e]] : NULL;
		if (o && o->kind == ASM_O_NAME && !o->lnot && !o->bitnot &&
		    d->fmt == ISA_FMT_PLAIN && d->bitwidth != 64 &&
		    op->fields[d->field].type->cls == ISA_KIND_REG)
			p->plain_reg |= 1u << e;
	}
	p->word = w;
	p->op = op;
	p->n = it->noperands;
	p->cand = cand;
	for (int i = 0; i < it->noperands; i++)
		p->sig[i] = it->ops[i].sig;
	memcpy(p->map, map, (size_t)nentries);
	p->fast = plan_fast(ix, p, it, map, op, res);
	/* the guess is made when a second line takes the selection (most
	 * selections of a small file are used once) */
	p->guessed = false;
	if (p->gi)
		ix->guesses[p->gi - 1].n = -1;
	p->nge = 0;
	return p;
}

static inline bool reg_ok(const asm_opinfo *in, int f, const asm_operand *o)
{
	return f >= 0 && in->freg[f] >= 0 && (o->regmask >> in->freg[f]) & 1u;
}

static bool shape_ok(const struct asm_index *ix, const isa_opcode *op,
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
	if (k < it->noperands && shape_ok(ix, op, in, e, &it->ops[k])) {
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

static uint64_t mask_of(int w)
{
	return w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
}

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
	if (fmt == ISA_FMT_PCREL) {
		int64_t diff = (int64_t)(mag - (pc + 16));
		if (neg)
			diff = (int64_t)(0 - mag - (pc + 16));
		to_magneg(diff, &mag, &neg);
	}
	if (fmt == ISA_FMT_SHIFT || fmt == ISA_FMT_PCREL) {
		if (shift > 0 && shift < 64 && (mag & mask_of(shift))) {
			asm_error(c, col, "%s %s0x%llx is not a multiple of %llu",
				  fmt == ISA_FMT_PCREL ? "branch distance" : "offset",
				  neg ? "-" : "", (unsigned long long)mag,
				  (unsigned long long)1 << shift);
			return false;
		}
		if (shift > 0 && shift < 64) {
			/* exact division of a multiple: shift the magnitude */
			mag >>= shift;
		}
	}
	if (!asm_fits(sgn, fd->width, mag, neg)) {
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
				expr, c->line, col, c->line_start};
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
			c->line, col, c->line_start};
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
			  hash(it->guard->s, it->guard->len));
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

/* v into the width bits at pos of w (replacing what was there) */
static inline void put_bits(isa_word *w, int pos, int width, uint64_t v)
{
	uint64_t m = mask_of(width);
	v &= m;
	if (pos >= 64) {
		w->hi = (w->hi & ~(m << (pos - 64))) | v << (pos - 64);
		return;
	}
	w->lo = (w->lo & ~(m << pos)) | v << pos;
	if (pos + width > 64)
		w->hi = (w->hi & ~(m >> (64 - pos))) | v >> (64 - pos);
}

/* codec_encode for the hot path (same result): the opcode's word of
 * defaults and constants with the fields the instruction wrote put over
 * it (constants keep their value whatever fields[] holds). */
static isa_word encode(const asm_opinfo *in, const uint64_t *fields,
		       uint64_t touched)
{
	isa_word w = in->base;
	for (touched &= in->enc_fields; touched; touched &= touched - 1) {
		int f = __builtin_ctzll(touched);
		put_bits(&w, in->pos[f], in->width[f], fields[f]);
	}
	return w;
}

/* util_bits_get, inline for the hot path */
static inline uint64_t get_bits(isa_word w, int pos, int width)
{
	uint64_t v = pos >= 64 ? w.hi >> (pos - 64)
		     : pos == 0 ? w.lo : (w.lo >> pos) | (w.hi << (64 - pos));
	return width >= 64 ? v : v & ((UINT64_C(1) << width) - 1);
}

bool asm_check_exceptions(asm_ctx *c, const isa_opcode *op, isa_word w,
			  int col)
{
	if (!op->nexc)
		return true;
	exc_cache *x = c->ix->exc[op->index];
	if (!x && (x = c->ix->exc[op->index] = calloc(1, sizeof *x))) {
		/* made on first use: most opcodes never are */
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

/* The register of o for the field (fill_reg without pairs), counted
 * toward the kernel's registers: false when it is out of range (fill_reg
 * reports it). */
static inline bool fast_reg(const asm_fast_field *f, const asm_operand *o,
			    int nregs, isa_word *w, uint32_t *maxreg)
{
	bool zero = f->rk >= 0 && ((o->zeromask >> f->rk) & 1u);
	if (zero) {
		asm_fast_put(w, f, f->lim);
		return true;
	}
	if (o->regnum >= f->lim)
		return false;
	if (f->gpr && o->regnum + (uint64_t)nregs > *maxreg)
		*maxreg = (uint32_t)(o->regnum + (uint64_t)nregs);
	asm_fast_put(w, f, o->regnum);
	return true;
}

/* A number (mag, neg) into the field: false when it does not fit. */
static inline bool fast_num(const asm_fast_field *f, uint64_t mag, bool neg,
			    isa_word *w)
{
	if (!asm_fits(f->sgn, f->width, mag, neg))
		return false;
	asm_fast_put(w, f, neg ? 0 - mag : mag);
	return true;
}

/* enum_find of a guard's name in its type, through the guard cache */
static int guard_find(struct asm_index *ix, const isa_type *t, const char *s,
		      int len)
{
	if (len > 8)
		return enum_find(ix, t, s, len, hash(s, len));
	uint64_t k = 0;
	for (int i = 0; i < len; i++)
		k |= (uint64_t)(unsigned char)s[i] << (8 * i);
	uint64_t h = (k ^ (uint64_t)(uintptr_t)t) * UINT64_C(0x9e3779b97f4a7c15);
	struct gslot *g = &ix->guards[h >> 60];
	if (g->t != t || g->k != k || g->len != len) {
		g->t = t;
		g->k = k;
		g->len = len;
		g->value = enum_find(ix, t, s, len, hash(s, len));
	}
	return g->value;
}

/*
 * The word of an instruction whose selection has an operand plan: the
 * plan's base word (w; a guessed line's enum operands put over it) with
 * the guard, the registers, numbers and addresses
 * put over it - what asm_match's filling gives, without its field array,
 * reading only the plan.  False (nothing done) when some value would be
 * an error: the filling then runs and reports it exactly as before.
 */
/* fast_fill's guard, control slots and labels ('.', evaluated now, is
 * not the fast path's) */
static inline bool fast_guard(asm_ctx *c, const asm_plan *plan,
		       const asm_inst_text *it, isa_word *w)
{
	if (!it->has_guard)
		return true;
	if (!plan->guard_type)
		return false;
	int v = guard_find(c->ix, plan->guard_type, it->guard->s, it->guard->len);
	if (v < 0 || (it->guard_not && !plan->has_gmod))
		return false;
	asm_fast_put(w, &plan->guard, (uint64_t)v);
	if (it->guard_not)
		asm_fast_put(w, &plan->gmod, 1);
	return true;
}

static inline bool fast_ctl(const asm_plan *plan, const asm_inst_text *it,
		     isa_word *w)
{
	if (!it->has_sched && !it->has_req && !it->has_wsb)
		return true;
	bool given[4] = {it->has_sched, it->has_yield, it->has_req, it->has_wsb};
	uint64_t v[4] = {it->stall, it->yield, it->req, it->wsb};
	for (int i = 0; i < 4; i++) {
		if (!given[i])
			continue;
		if (!plan->has_ctl[i] || v[i] > plan->ctl[i].lim)
			return false;
		asm_fast_put(w, &plan->ctl[i], v[i]);
	}
	return true;
}

static inline bool fast_sym_ok(const asm_ctx *c, const asm_operand *o)
{
	return !c->single && (o->kind == ASM_O_EXPR ? o->expr->op == 's'
				: !(o->nlen == 1 && o->name[0] == '.'));
}

static bool fast_fill(asm_ctx *c, const asm_plan *plan,
		      const asm_inst_text *it, isa_word w, isa_word *out,
		      uint32_t *maxreg, int *nsym)
{
	uint32_t mr = 0;
	*nsym = 0;
	if (!fast_guard(c, plan, it, &w))
		return false;
	for (int i = 0; i < plan->nact; i++) {
		const fast_act *a = &plan->act[i];
		const asm_operand *o = &it->ops[a->k];
		switch ((fast_kind)a->kind) {
		case FA_REG:
			if (!fast_reg(&a->f, o, 1, &w, &mr))
				return false;
			break;
		case FA_INT:
			if (!fast_num(&a->f, o->mag, o->neg, &w))
				return false;
			break;
		case FA_MEM:
			if (a->has_f && o->has_reg) {
				if (!fast_reg(&a->f, o, o->is64 ? 2 : 1, &w, &mr))
					return false;
			} else if (a->has_f) {
				asm_fast_put(&w, &a->f, a->f.lim);
			}
			if (!a->has_g) {
				if (o->mag)
					return false;
			} else if (!fast_num(&a->g, o->mag, o->neg, &w)) {
				return false;
			}
			break;
		case FA_CMEM:
			if (o->bank > a->bank_lim || o->neg || o->mag > a->off_lim)
				return false;
			asm_fast_put(&w, &a->f,
				 (o->bank << a->bank_pos) | (o->mag << a->off_pos));
			break;
		case FA_SYM:
			if (!fast_sym_ok(c, o))
				return false;
			++*nsym;
			break;
		}
	}
	if (!fast_ctl(plan, it, &w))
		return false;
	*out = w;
	*maxreg = mr;
	return true;
}

/* The fixups of the labels of a line fast_fill took (defer_expr's, with
 * the expression node fill_operand makes of a plain branch target). */
static bool fast_syms(asm_ctx *c, const asm_plan *plan,
		      const asm_inst_text *it, uint64_t off)
{
	bool ok = true;
	for (int i = 0; i < plan->nact; i++) {
		const fast_act *a = &plan->act[i];
		if (a->kind != FA_SYM)
			continue;
		const asm_operand *o = &it->ops[a->k];
		asm_expr *x = o->expr;
		if (o->kind != ASM_O_EXPR) {
			if (!(x = asm_alloc(c, sizeof *x))) {
				ok = false;
				continue;
			}
			x->op = 's';
			x->name = o->name;
			x->len = o->nlen;
			x->col = o->col;
		}
		asm_fixup fx = {ASM_FIX_FIELD, c->cur, off, 0, plan->op, a->e,
				a->fi, x, c->line, o->col, c->line_start};
		/* looked up once, when the fixups are resolved (a lookup now
		 * misses for every forward reference and is made again) */
		asm_sym_note(c, x, false);
		ok &= asm_add_fixup(c, &fx);
	}
	return ok;
}

/* update_kernel for a word the fast path made */
static void fast_kernel(asm_ctx *c, const asm_plan *p, isa_word w,
			uint32_t maxreg, uint64_t off)
{
	if (c->single || c->cur < 0 || c->secs[c->cur].kernel < 0)
		return;
	asm_kernel *k = &c->kernels[c->secs[c->cur].kernel];
	if (maxreg > k->maxreg)
		k->maxreg = maxreg;
	if (p->bar_reg) {
		k->nbar = 16;
	} else if (p->has_barid) {
		uint64_t barid = get_bits(w, p->barid.pos, p->barid.width);
		if (barid + 1 > k->nbar)
			k->nbar = (uint32_t)barid + 1;
	}
	if (p->is_exit &&
	    util_grow((void **)&k->exits, &k->cexits, k->nexits + 1, sizeof *k->exits))
		k->exits[k->nexits++] = (uint32_t)off;
}

/* Does every candidate up to the plan's take v at the entries that take
 * orig (genum)? */
static bool same_profile(struct asm_index *ix, const asm_plan *p,
			 const asm_operand *orig, const asm_operand *v)
{
	const asm_optype *ot = &ix->optypes[p->word->optype];
	for (int i = 0; i <= p->cand; i++) {
		if (ix->nent[ot->first + i] < p->n || ix->nmin[ot->first + i] > p->n)
			continue;
		const isa_opcode *op = ix->ops[ot->first + i];
		const asm_opinfo *in = info_get(ix, op);
		if (!in)
			return false;
		for (int e = 0; e < op->noperands; e++)
			if (!in->sh.skip[e] &&
			    shape_ok(ix, op, in, e, orig) != shape_ok(ix, op, in, e, v))
				return false;
	}
	return true;
}

/* The encoding of the name of o in the enum operand ge of plan p when
 * the line keeps p's selection (and, when p's rules cannot fire, still
 * cannot with it); -1 otherwise.  Each name is worked out once. */
static int ge_value(struct asm_index *ix, const asm_plan *p, genum *ge,
		    const asm_operand *o)
{
	if (o->nlen > 8)
		return -1;
	uint64_t key = 0;
	for (int i = 0; i < o->nlen; i++)
		key |= (uint64_t)(unsigned char)o->name[i] << (8 * i);
	for (int i = 0; i < ge->n; i++)
		if (ge->key[i] == key && ge->len[i] == o->nlen)
			return ge->val[i];
	if (ge->n == GE_KEYS)
		return -1;
	asm_operand v = ge->orig;
	v.name = o->name;
	v.nlen = o->nlen;
	classify(ix, &v);
	v.hash = hash(v.name, v.nlen);
	int code = -1;
	const isa_opcode *op = p->op;
	for (int e = 0; e < op->noperands; e++)
		if (p->map[e] == ge->k)
			code = enum_find(ix, op->fields[op->operands[e].field].type,
					 v.name, v.nlen, v.hash);
	if (code >= 0 && !same_profile(ix, p, &ge->orig, &v))
		code = -1;
	if (code >= 0 && !p->has_exc) {
		isa_word b = p->base;
		asm_fast_put(&b, &ge->f, (uint64_t)code);
		if (exc_possible(op, b, p->unknown))
			code = -1;
	}
	ge->key[ge->n] = key;
	ge->len[ge->n] = (unsigned char)o->nlen;
	ge->val[ge->n++] = (short)code;
	return code;
}

/* The rest of asm_match for a word fast_fill made: the fixups of its
 * labels (whose rules run when they are resolved) or its rules, and the
 * kernel's bookkeeping. */
static bool fast_done(asm_ctx *c, const asm_plan *plan,
		      const asm_inst_text *it, uint64_t off, isa_word w,
		      uint32_t maxreg, int nsym)
{
	bool ok = nsym ? fast_syms(c, plan, it, off)
		       : !plan->has_exc ||
				 asm_check_exceptions(c, plan->op, w, it->mnem->col);
	fast_kernel(c, plan, w, maxreg, off);
	return ok;
}

const asm_guess *asm_guess_find(asm_ctx *c, const char *s, int len)
{
	const asm_word *w;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (len <= 16 && c->text + c->len - s >= 16) {
		/* the first len bytes are the low ones */
		uint64_t k0 = load8(s), k1 = load8(s + 8);
		if (len < 8) {
			k0 &= (UINT64_C(1) << (8 * len)) - 1;
			k1 = 0;
		} else if (len < 16) {
			k1 &= (UINT64_C(1) << (8 * (len - 8))) - 1;
		}
		uint64_t h = (k0 * UINT64_C(0x9e3779b97f4a7c15) ^ k1) *
			     UINT64_C(0xff51afd7ed558ccd);
		struct mslot *m = &c->ix->mnems[h >> 56];
		if (!m->w || m->k[0] != k0 || m->k[1] != k1 || m->len != len) {
			asm_word *found = find_word(c, s, len, hash(s, len));
			if (!found)
				return NULL;
			*m = (struct mslot){{k0, k1}, len, found};
		}
		w = m->w;
	} else
#endif
	if (!(w = find_word(c, s, len, hash(s, len))))
		return NULL;
	if (!w->last)
		return NULL;
	const asm_plan *p = &c->ix->plans[w->last - 1];
	if (p->word != w || !p->gi)
		return NULL;
	const asm_guess *g = &c->ix->guesses[p->gi - 1];
	return g->n >= 0 ? g : NULL;
}

bool asm_guess_fill(asm_ctx *c, const asm_guess *g, asm_inst_text *it,
		    isa_word w, uint32_t maxreg)
{
	const asm_plan *p = &c->ix->plans[g->plan];
	for (int i = 0; i < p->nge; i++) {
		genum *ge = &c->ix->genums[p->ge[i]];
		int v = ge_value(c->ix, p, ge, &it->ops[ge->k]);
		if (v < 0)
			return false;
		asm_fast_put(&w, &ge->f, (uint64_t)v);
	}
	int nsym = 0;
	for (uint32_t m = p->syms; m; m &= m - 1, nsym++)
		if (!fast_sym_ok(c, &it->ops[__builtin_ctz(m)]))
			return false;
	if (!fast_guard(c, p, it, &w) || !fast_ctl(p, it, &w))
		return false;
	it->word = w;
	it->maxreg = maxreg;
	it->nsym = nsym;
	it->plan = p;
	return true;
}

bool asm_match_guessed(asm_ctx *c, const asm_inst_text *it, uint64_t off,
		       isa_word *w, const isa_opcode **opp)
{
	*w = it->word;
	*opp = it->plan->op;
	return fast_done(c, it->plan, it, off, it->word, it->maxreg, it->nsym);
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
	uint16_t *slot = plan_slot(c->ix, wd, key);
	const asm_plan *plan = plan_find(c->ix, slot, wd, it);
	if (plan) {
		op = plan->op;
		wd->last = (int)(plan - c->ix->plans) + 1;
		if (!plan->guessed) {
			asm_plan *p = &c->ix->plans[wd->last - 1];
			p->guessed = true;
			guess_build(c->ix, p, it);
		}
		uint32_t maxreg;
		int nsym;
		if (plan->fast &&
		    fast_fill(c, plan, it, plan->base, w, &maxreg, &nsym)) {
			*opp = op;
			ok = fast_done(c, plan, it, off, *w, maxreg, nsym);
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
		asm_opinfo *in = info_get(c->ix, cand);
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
		plan = plan_add(c->ix, slot, wd, it, i, map, cand, r);
		if (plan)
			wd->last = (int)(plan - c->ix->plans) + 1;
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
	*w = encode(in, fields, s.touched);
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
