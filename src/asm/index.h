/*
 * index.h - the assembler's index of the ISA (private to match.c, plan.c
 * and index.c).
 *
 * The index is built once per model (index.c): optypes and their opcodes,
 * the mnemonic and enum-name hash tables, register kinds, each opcode's
 * operand shape and (on first use) its field info.  While a file is
 * assembled it keeps what lines repeat: the dotted words, the names, the
 * selections with their operand plans and the guesses (plan.c).  match.c
 * selects and fills the general way.  The small lookups every stage makes
 * are inline here.
 */
#ifndef SIMT_ASM_INDEX_H
#define SIMT_ASM_INDEX_H

#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"

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
	int val[GE_KEYS];    /* encoding; -1: another selection */
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
	int prev;            /* the one before it, the same way (scan.c tries
			      * its guess second: MOV R1, 0x1 / MOV R2, c[..] */
} asm_word;

/* a new last selection for w (asm_match) */
static inline void asm_word_last(asm_word *w, int last)
{
	if (w->last != last) {
		w->prev = w->last;
		w->last = last;
	}
}

typedef struct asm_hslot {
	const char *s;
	int len;
	int value;
} asm_hslot;

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
typedef struct asm_name_slot {
	uint64_t k[2];     /* the name, zero-padded */
	uint32_t regnum;   /* reg_masks: at most 9 digits */
	uint32_t enum_id;  /* name_sig's enum id + 1 (0: none) */
	uint16_t regmask, zeromask; /* MAX_REGKINDS bits */
	uint8_t len;       /* 0: empty slot */
	bool special;      /* INF, QNAN, NAN */
} asm_name_slot;

#define ASM_WORDS_MAX 2048 /* dotted words cached per index */
#define GUARD_SLOTS 16
#define MNEM_SLOTS 256

/*
 * The index.  The tables of the model alone (register kinds, enum names,
 * optypes and their opcodes, the mnemonic table, operand shapes, what a
 * guess may rely on) are built by asm_index_build, or for the built-in ISA
 * taken from the snapshot (asm_index_snapshot: tools/isa_snap.c writes them
 * as static const data; tables_static then says not to free them); the
 * rest is per process and fills as files are assembled.
 */
struct asm_index {
	const isa_model *m;
	bool tables_static;
	/* the name cache: 1 << NAME_BITS slots, each the index + 1 of its name
	 * (0: empty) in names, which are dense in the order they came (the
	 * few hundred names of a listing on few cache lines; a page is
	 * touched when a name is first kept in it) */
	uint16_t *name_ix;
	asm_name_slot *names;
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
	asm_hslot *h;             /* mnemonic -> optype */
	int wcap, wcount;     /* wh's slots (a power of two), words kept */
	asm_word *words;      /* dotted word cache (keys point into the source;
			       * at most ASM_WORDS_MAX, never moved) */
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

static inline uint64_t load8(const char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static inline bool asm_same(const char *a, const char *b, int len)
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

/* The enum table's hash of a type: from what the type is, not where it
 * lies, so that the table the snapshot holds (built in another process) is
 * laid out as one built here would be.  Types alike in these collide and
 * probe further; the key compares the type itself. */
static inline uint32_t type_hash(const isa_type *t)
{
	uint32_t k = (uint32_t)t->nvalues << 8 ^ (uint32_t)t->width ^
		     (uint32_t)(unsigned char)t->name[0] << 20;
	return k * 2654435761u;
}

/* Encoding of enum value `name` (hash h) in type t, or -1. */
static inline int enum_find(const struct asm_index *ix, const isa_type *t,
		     const char *s, int len, uint32_t h)
{
	uint32_t i = (h ^ type_hash(t)) & (uint32_t)(ix->ecap - 1);
	for (;; i = (i + 1) & (uint32_t)(ix->ecap - 1)) {
		const eslot *e = &ix->enums[i];
		if (!e->t)
			return -1;
		if (e->t == t && e->len == len && asm_same(e->s, s, len))
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
		if (r->zlen == nlen && asm_same(r->t->zero, name, nlen)) {
			*zeromask |= 1u << i;
			*regmask |= 1u << i;
			continue;
		}
		if (nlen <= r->plen || nlen > r->plen + 9 ||
		    !asm_same(r->t->prefix, name, r->plen))
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

/* A key that no real type has: names of every enum type (index.c). */
extern const isa_type asm_any_enum;
#define ANY_ENUM(ix) ((void)(ix), &asm_any_enum)

static inline uint64_t mask_of(int w)
{
	return w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
}

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
static inline isa_word asm_encode(const asm_opinfo *in, const uint64_t *fields,
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
	return asm_same(a, b, len);
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
		    (len < 8 ? same_short(w->s, s, len, end) : asm_same(w->s, s, len)))
			return w;
	}
	return NULL;
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


/* The slot of key h (plan_key_*) in the selection table (NULL: no
 * table, or a word that is not cached). */
static inline uint16_t *asm_plan_slot(struct asm_index *ix, const asm_word *w, uint64_t h)
{
	if (!w->cached)
		return NULL;
	if (!ix->plan_ix &&
	    !(ix->plan_ix = calloc((size_t)1 << PLAN_BITS, sizeof *ix->plan_ix)))
		return NULL; /* no table: every line searches */
	return &ix->plan_ix[h >> (64 - PLAN_BITS)];
}

/* The selection in a slot of the table when it is word w's for the
 * line's signatures, else NULL. */
static inline const asm_plan *asm_plan_find(const struct asm_index *ix,
						 const uint16_t *slot,
						 const asm_word *w,
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

/* index.c */
/* The optype whose mnemonic (or __DefAlias) is s, or -1. */
int asm_optype_find(const struct asm_index *ix, const char *s, int len);
/* The field info of op (made on first use); NULL: out of memory. */
asm_opinfo *asm_info_get(struct asm_index *ix, const isa_opcode *op);

/* match.c */
/* Which register kinds spell the operand's name, its number and (when it
 * may be an enum value) its hash. */
void asm_classify(const struct asm_index *ix, asm_operand *o);
/* The index of the built-in ISA's snapshot with its model tables filled
 * and every per-process part empty (build/gen/isa_snap.c), or NULL. */
extern const struct asm_index *const asm_index_snapshot;

/* Does written operand o fit operand entry e of op by its shape? */
bool asm_shape_ok(const struct asm_index *ix, const isa_opcode *op,
		  const asm_opinfo *in, int e, const asm_operand *o);

/* plan.c: the selections, their operand plans and guesses */
/* ge_value's lookup of a name it has not seen (key: its bytes) */
int asm_ge_miss(struct asm_index *ix, const asm_plan *p, genum *ge,
		const asm_operand *o, uint64_t key);
/* Keep the selection (candidate cand of the optype, op, entry map, its
 * modifiers res) that line it made in slot; its operand plan with it. */
const asm_plan *asm_plan_add(struct asm_index *ix, uint16_t *slot,
			     const asm_word *w, const asm_inst_text *it,
			     int cand, const signed char *map,
			     const isa_opcode *op, const asm_modres *res);
/* The guess of plan p, from a second line it took. */
void asm_guess_build(struct asm_index *ix, asm_plan *p, const asm_inst_text *it);
/* The word of a line with plan's operand plan (false: some value would
 * be an error, nothing done); the rest, asm_fast_done, is below. */
bool asm_fast_fill(asm_ctx *c, const asm_plan *plan, const asm_inst_text *it,
		   isa_word w, isa_word *out, uint32_t *maxreg, int *nsym);
/* The fixups of the labels of a line the plan filled */
bool asm_fast_syms(asm_ctx *c, const asm_plan *plan, const asm_inst_text *it,
		   uint64_t off);

/* ---- scan.c's guessed lines, and the steps plan.c's asm_fast_fill
 * shares with them (inline: a line's steps, not calls) ---- */

/* The guess of w's selection sel (index + 1 in plans, 0: none), or NULL */
static inline const asm_guess *asm_guess_of(const asm_ctx *c,
					    const asm_word *w, int sel)
{
	if (!sel)
		return NULL;
	const asm_plan *p = &c->ix->plans[sel - 1];
	if (p->word != w || !p->gi)
		return NULL;
	const asm_guess *g = &c->ix->guesses[p->gi - 1];
	return g->n >= 0 ? g : NULL;
}

/* The slot of asm_guess_find's cache for the word of bytes k0, k1 */
static inline struct mslot *mnem_slot(struct asm_index *ix, uint64_t k0,
				      uint64_t k1)
{
	uint64_t h = (k0 * UINT64_C(0x9e3779b97f4a7c15) ^ k1) *
		     UINT64_C(0xff51afd7ed558ccd);
	return &ix->mnems[h >> 56];
}

/*
 * asm_guess_find without the identifier's end: the word at s as far as
 * its first byte <= ' ' (found 8 bytes at a time), when the cache holds
 * that word; its length (the guess in *gp, the word in *wp), 0 when not
 * so.  Exact: every word in the cache was read to the end of its
 * identifier (scan.c is asm_guess_find's one caller), so its bytes are
 * identifier bytes, and a byte <= ' ' ends one; any other line is read
 * the way before (scan.c).
 */
static ASM_INLINE int asm_guess_cached(asm_ctx *c, const char *s,
				       const asm_word **wp,
				       const asm_guess **gp)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (c->text + c->len - s < 17)
		return 0;
	const uint64_t ones = UINT64_C(0x0101010101010101);
	uint64_t k0 = load8(s), k1 = load8(s + 8);
	/* the lowest byte < 0x21 is flagged exactly (a borrow only runs
	 * upwards from a flagged byte) */
	uint64_t t0 = (k0 - 0x21 * ones) & ~k0 & (ones << 7),
		 t1 = (k1 - 0x21 * ones) & ~k1 & (ones << 7);
	int len;
	if (t0) {
		len = __builtin_ctzll(t0) >> 3;
		k0 &= (UINT64_C(1) << (8 * len)) - 1;
		k1 = 0;
	} else if (t1) {
		len = 8 + (__builtin_ctzll(t1) >> 3);
		k1 &= (UINT64_C(1) << (8 * (len - 8))) - 1;
	} else if ((unsigned char)s[16] < 0x21) {
		len = 16;
	} else {
		return 0;
	}
	const struct mslot *m = mnem_slot(c->ix, k0, k1);
	if (!len || !m->w || m->k[0] != k0 || m->k[1] != k1 || m->len != len)
		return 0;
	*wp = m->w;
	*gp = asm_guess_of(c, m->w, m->w->last);
	return len;
#else
	return 0;
#endif
}

/* The guess of the last selection of the cached dotted word s (the word
 * in *wp), or NULL (asm.h) */
static ASM_INLINE const asm_guess *asm_guess_find(asm_ctx *c, const char *s,
						  int len, const asm_word **wp)
{
	const asm_word *w;
	*wp = NULL;
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
		struct mslot *m = mnem_slot(c->ix, k0, k1);
		if (!m->w || m->k[0] != k0 || m->k[1] != k1 || m->len != len) {
			asm_word *found = find_word(c, s, len, asm_hash(s, len));
			if (!found)
				return NULL;
			*m = (struct mslot){{k0, k1}, len, found};
		}
		w = m->w;
	} else
#endif
	if (!(w = find_word(c, s, len, asm_hash(s, len))))
		return NULL;
	*wp = w;
	return asm_guess_of(c, w, w->last);
}

/* enum_find of a guard's name in its type, through the guard cache */
static inline int guard_find(struct asm_index *ix, const isa_type *t,
			     const char *s, int len)
{
	if (len > 8)
		return enum_find(ix, t, s, len, asm_hash(s, len));
	uint64_t k = 0;
	for (int i = 0; i < len; i++)
		k |= (uint64_t)(unsigned char)s[i] << (8 * i);
	uint64_t h = (k ^ (uint64_t)(uintptr_t)t) * UINT64_C(0x9e3779b97f4a7c15);
	struct gslot *g = &ix->guards[h >> 60];
	if (g->t != t || g->k != k || g->len != len) {
		g->t = t;
		g->k = k;
		g->len = len;
		g->value = enum_find(ix, t, s, len, asm_hash(s, len));
	}
	return g->value;
}

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

/* The encoding of the name of o in the enum operand ge of plan p when
 * the line keeps p's selection (and, when p's rules cannot fire, still
 * cannot with it); -1 otherwise.  Each name is worked out once
 * (asm_ge_miss). */
static inline int ge_value(struct asm_index *ix, const asm_plan *p, genum *ge,
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
	return asm_ge_miss(ix, p, ge, o, key);
}

/* The rest of asm_fast_fill for a line read by guess g (asm.h) */
static ASM_INLINE bool asm_guess_fill(asm_ctx *c, const asm_guess *g,
				      asm_inst_text *it, isa_word w,
				      uint32_t maxreg)
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


/* update_kernel for a word the fast path made */
static ASM_INLINE void fast_kernel(asm_ctx *c, const asm_plan *p, isa_word w,
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

/* The rest of asm_match for a word fast_fill made: the fixups of its
 * labels (whose rules run when they are resolved) or its rules, and the
 * kernel's bookkeeping. */
static ASM_INLINE bool asm_fast_done(asm_ctx *c, const asm_plan *plan,
				     const asm_inst_text *it, uint64_t off,
				     isa_word w, uint32_t maxreg, int nsym)
{
	bool ok = nsym ? asm_fast_syms(c, plan, it, off)
		       : !plan->has_exc ||
				 asm_check_exceptions(c, plan->op, w, it->mnem->col);
	fast_kernel(c, plan, w, maxreg, off);
	return ok;
}

/* asm_match of a line asm_guess_fill took (asm.h) */
static ASM_INLINE bool asm_match_guessed(asm_ctx *c, const asm_inst_text *it,
					 uint64_t off, isa_word *w,
					 const isa_opcode **opp)
{
	*w = it->word;
	*opp = it->plan->op;
	return asm_fast_done(c, it->plan, it, off, it->word, it->maxreg, it->nsym);
}
#endif
