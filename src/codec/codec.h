/*
 * codec.h - 128-bit instruction words <-> field values (internal).
 *
 *  127      123 122   117 116 114 113 112  109 108      98 97 ...  32 31  24 23  16 15 14 12 11  8 7     0
 * +----------+---------+------+---+--------+-------------+-----------+------+------+--+-----+-----+-------+
 * | reserved | req (6) | wsb  | Y | stall  | extra preds | Rb / imm  |  Ra  |  Rd  |! | Pg  |stype|optype |
 * +----------+---------+------+---+--------+-------------+-----------+------+------+--+-----+-----+-------+
 * (the conventions of DESIGN.md; the exact fields of each opcode come from the ISA model)
 *
 * Contract: codec_build() runs once per model (codec_isa_load does it) and makes a
 * decode table keyed on the fixed bits, so decoding never scans every opcode.
 * codec_decode() accepts a word only when exactly one opcode's fixed bits
 * match and no bit outside that opcode's fields is set.
 */
#ifndef SIMT_CODEC_H
#define SIMT_CODEC_H

#include "isa/isa.h"

simt_status codec_build(isa_model *m, simt_diags *d);
void codec_free(struct codec_table *t);

/* codec_isa_load = isa_load + codec_build: the model every consumer of words needs.  Release
 * it with codec_isa_free (isa_free would leak the decode table). */
simt_status codec_isa_load(const char *const *names, const char *const *texts,
		       int n, isa_model **out, simt_diags *d);
simt_status codec_isa_builtin(isa_model **out, simt_diags *d);
void codec_isa_free(isa_model *m);

/*
 * The built-in ISA snapshot: the model and decode table that
 * codec_isa_parse_builtin() makes, written out as static const data at build
 * time by tools/isa_snap.c (build/gen/isa_snap.c; the generator itself links
 * tools/isa_snap_stub.c, where it is NULL).  codec_isa_builtin() returns a
 * copy of this struct (static_data set), so loading the built-in ISA costs
 * one allocation; codec_isa_parse_builtin() always parses the isa/ files.
 */
extern const isa_model *const codec_snapshot;
simt_status codec_isa_parse_builtin(isa_model **out, simt_diags *d);

/* Word bytes (little-endian) <-> isa_word. */
isa_word codec_load(const uint8_t bytes[16]);
void codec_store(isa_word w, uint8_t bytes[16]);

/*
 * Decode w: returns the opcode (fields[] filled, one value per field of the
 * opcode) or NULL with *why set to a static explanation ("no opcode has these
 * fixed bits", "bits 90-95 are set but no field of BAR_I covers them").
 */
const isa_opcode *codec_decode(const isa_model *m, isa_word w,
			       uint64_t *fields, const char **why);

/* Encode field values (constants are forced to their value). */
isa_word codec_encode(const isa_opcode *op, const uint64_t *fields);

/* Fill fields[] with the defaults and constants of op (0 elsewhere). */
void codec_defaults(const isa_opcode *op, uint64_t *fields);

/*
 * Checks field values that fit their widths but still name no instruction:
 * an enum value that is a hole of its type, an odd base register for a
 * 64-bit register pair, an __Exception rule that holds.  Returns NULL when
 * the values are valid, else the reason (written into buf, or a rule's
 * message).  codec_decode applies it to every word it accepts.
 */
const char *codec_validate(const isa_opcode *op, const uint64_t *fields,
			   char *buf, size_t size);

/*
 * Facts about one opcode that consumers on hot paths need per word, derived
 * once by codec_build (codec_info) or on demand (codec_info_compute).
 */
/*
 * The text of one small field value, rendered once by codec_build for the
 * printers: an enum value's name or a register's name ("R12", "RZ").
 * len 0: no pre-rendered text (hole, or longer than s).  The printer may
 * copy all of s and then advance by len.
 */
typedef struct codec_text {
	char s[15];
	uint8_t len; /* last: a printer may copy all 16 bytes, then advance */
} codec_text;

typedef struct codec_opinfo {
	int stall, yield, wsb, req; /* control field indices, -1 if absent */
	uint64_t enum_check;        /* bit i: field i is an enum with holes  */
	uint64_t pair_check;        /* bit i: field i is a 64-bit reg pair   */
	bool has_pcrel;             /* some operand is PCRel                 */
	/* for printers: */
	uint32_t skip_operands;     /* bit k: operand k is the guard or is
				       printed inside an Address operand   */
	uint32_t addr64_operands;   /* bit k: Address operand k, 64-bit base */
	uint64_t bitnot_fields;     /* bit i: field i's modifier is x.bitnot */
	uint64_t default_fields;    /* bit i: field i has a default          */
	int nfields;
	uint8_t pos[ISA_MAX_FIELDS];     /* fields[i].pos, compact           */
	/* extraction order: fields in bits 0-63, in 64-127, across bit 64,
	 * constants (by count); shift = pos, or pos - 64 in the high half */
	uint8_t nlo, nhi, ncross, nconst;
	uint8_t order[ISA_MAX_FIELDS];
	uint8_t shift[ISA_MAX_FIELDS];
	uint8_t width[ISA_MAX_FIELDS];   /* in extraction order (1..64)      */
	uint64_t mask[ISA_MAX_FIELDS];   /* in extraction order: ones(width) */
	uint64_t enum_valid[ISA_MAX_FIELDS]; /* enum_check fields of width
						<= 6: bit v = value v named */
	int8_t modifier[ISA_MAX_FIELDS]; /* fields[i].modifier, compact      */
	uint64_t value[ISA_MAX_FIELDS];  /* fields[i].value (default/const)  */
	/* set by codec_build only (codec_info_compute leaves them 0/NULL): */
	const codec_text *text[ISA_MAX_FIELDS]; /* by field: text of value v
						   for v < ntext[i]       */
	uint32_t ntext[ISA_MAX_FIELDS];
	size_t mnemonic_len;             /* strlen(op->mnemonic)             */
} codec_opinfo;

void codec_info_compute(const isa_opcode *op, codec_opinfo *out);

/* The decode table (decode.c; here so that codec_info can be inline). */
#define CODEC_KEY_BITS 12
struct codec_table {
	uint32_t start[(1u << CODEC_KEY_BITS) + 1]; /* bucket k = cand[start[k]
						       .. start[k+1]) */
	const isa_opcode **cand;
	int nopcodes;
	codec_opinfo *info;            /* by isa_opcode.index */
	struct codec_rules *rules;     /* compiled __Exception rules */
	codec_text **texts;            /* one table per rendered type */
	int ntexts;
	/* bit k: bucket k holds an opcode with a PCRel operand */
	uint64_t pcrel_keys[(1u << CODEC_KEY_BITS) / 64];
};

/* Can word w be an instruction with a PCRel operand (cheap pre-test)? */
static inline bool codec_may_pcrel(const isa_model *m, isa_word w)
{
	unsigned k = (unsigned)(w.lo & ((1u << CODEC_KEY_BITS) - 1));
	return (m->decoder->pcrel_keys[k / 64] >> (k % 64)) & 1;
}

/* The cached facts of op, or NULL when the model has no decode table. */
static inline const codec_opinfo *codec_info(const isa_model *m,
					     const isa_opcode *op)
{
	const struct codec_table *t = m ? m->decoder : NULL;
	if (!t || op->index < 0 || op->index >= t->nopcodes)
		return NULL;
	return &t->info[op->index];
}

/* The opcode whose fixed bits match w (no further checks), or NULL. */
const isa_opcode *codec_lookup(const isa_model *m, isa_word w);

/* codec_lookup, inline for loops over every word of a buffer. */
static inline const isa_opcode *codec_find(const isa_model *m, isa_word w)
{
	const struct codec_table *t = m->decoder;
	unsigned k = (unsigned)(w.lo & ((1u << CODEC_KEY_BITS) - 1));
	for (uint32_t i = t->start[k]; i < t->start[k + 1]; i++) {
		const isa_opcode *op = t->cand[i];
		if ((w.lo & op->fixed_mask.lo) == op->fixed_value.lo &&
		    (w.hi & op->fixed_mask.hi) == op->fixed_value.hi)
			return op;
	}
	return NULL;
}

/*
 * Decoding only some fields of one opcode: the extraction list of
 * codec_opinfo cut down to the fields a consumer reads plus those that
 * validation reads (enum holes, register pairs, __Exception rules).
 */
#define CODEC_MEMO_BITS 16  /* at most 64 KiB of answers per opcode */
#define CODEC_MEMO_FIELDS 8
typedef struct codec_fieldset {
	/* field order[k] = (word >> pos[k]) & mask[k] | cval[k], the word as
	 * one 128-bit number (a constant: mask 0, cval its value) */
	uint8_t n;
	uint8_t order[ISA_MAX_FIELDS];
	uint8_t pos[ISA_MAX_FIELDS];
	uint64_t mask[ISA_MAX_FIELDS], cval[ISA_MAX_FIELDS];
	/* validation, decided once: enum fields with holes, each with the
	 * bit set of its named values; register pairs, each with its RZ
	 * value; slow: some enum check needs the general test; rules: the
	 * opcode has __Exception rules */
	uint8_t nenum, npair;
	bool slow, rules;
	uint8_t enum_f[ISA_MAX_FIELDS], pair_f[ISA_MAX_FIELDS];
	uint64_t enum_valid[ISA_MAX_FIELDS], pair_rz[ISA_MAX_FIELDS];
	/* The answers of rules that have no table (codec_rules_check), kept
	 * as they are found: memo[key] = 0 unknown, 1 no rule holds, 2 one
	 * does; key = the values the rules depend on side by side (field
	 * memo_f[k], its low memo_width[k] bits at memo_shift[k]).  NULL:
	 * none (too many bits, or out of memory).  codec_fieldset_free. */
	uint8_t *memo;
	uint8_t memo_nf;
	uint8_t memo_f[CODEC_MEMO_FIELDS], memo_shift[CODEC_MEMO_FIELDS];
	uint64_t memo_mask[CODEC_MEMO_FIELDS];
} codec_fieldset;

/* The set of op for the fields in need (bit i: field i); m has its
 * decode table.  Release with codec_fieldset_free. */
void codec_fieldset_init(const isa_model *m, const isa_opcode *op,
			 uint64_t need, codec_fieldset *s);
void codec_fieldset_free(codec_fieldset *s);

/* codec_accepts' general validation (codec_validate's), for s->slow. */
bool codec_accepts_slow(const isa_model *m, const isa_opcode *op,
			const uint64_t *fields);

const char *codec_rules_check(const struct codec_rules *r,
			      const isa_opcode *op, const uint64_t *fields);

/*
 * For op = codec_find(m, w): true exactly when codec_decode(m, w) accepts w
 * (and returns op); fills the fields of s (others are left as they were).
 * Inline: the disassembler calls it for every word.
 */
static inline bool codec_accepts(const isa_model *m, const isa_opcode *op,
				 const codec_fieldset *s, isa_word w,
				 uint64_t *fields)
{
	if ((w.lo & ~op->used_mask.lo) | (w.hi & ~op->used_mask.hi))
		return false;
	unsigned __int128 x = ((unsigned __int128)w.hi << 64) | w.lo;
	for (int k = 0; k < s->n; k++)
		fields[s->order[k]] =
			((uint64_t)(x >> s->pos[k]) & s->mask[k]) | s->cval[k];
	if (s->slow)
		return codec_accepts_slow(m, op, fields);
	/* validate() (decode.c), with what it tests decided by the set: an
	 * enum value is named exactly when its bit is set (width <= 6) */
	for (int j = 0; j < s->nenum; j++)
		if (!((s->enum_valid[j] >> fields[s->enum_f[j]]) & 1))
			return false;
	for (int j = 0; j < s->npair; j++) {
		uint64_t v = fields[s->pair_f[j]];
		if ((v & 1) && v != s->pair_rz[j])
			return false;
	}
	if (!s->rules)
		return true;
	if (!s->memo)
		return !codec_rules_check(m->decoder->rules, op, fields);
	size_t key = 0;
	for (int j = 0; j < s->memo_nf; j++)
		key |= (size_t)(fields[s->memo_f[j]] & s->memo_mask[j])
		       << s->memo_shift[j];
	if (!s->memo[key])
		s->memo[key] = codec_rules_check(m->decoder->rules, op, fields)
				       ? 2 : 1;
	return s->memo[key] == 1;
}

/*
 * The __Exception rules of every opcode compiled for fast checks (rules.c);
 * same meaning as isa_expr_eval.  codec_build makes them.
 */
typedef struct codec_rules codec_rules;
/* The compiled form (defined here, not in rules.c, so that the snapshot
 * generator tools/isa_snap.c can write it out as data). */
typedef struct cx_node {
	isa_expr_op op; /* ISA_E_STR here means "no value" */
	int a, b;       /* children, node indices */
	int64_t v;      /* ISA_E_INT: value; ISA_E_FIELD: field index */
} cx_node;

/*
 * When the rules of an opcode read at most CX_TABLE_BITS bits of fields in
 * all, their answer for every combination of those values is computed
 * once: res[index] = 0 (no rule holds) or 1 + the first rule that holds,
 * index = the fields' values side by side (field k at bit shift[k]).
 */
#define CX_TABLE_BITS 8
#define CX_TABLE_FIELDS 8
typedef struct cx_table {
	int nf;                      /* 0: no table, interpret the trees */
	uint8_t f[CX_TABLE_FIELDS], shift[CX_TABLE_FIELDS], width[CX_TABLE_FIELDS];
	uint8_t res[1 << CX_TABLE_BITS];
} cx_table;

struct codec_rules {
	cx_node *nodes;
	int nnodes, cap;
	int *first;     /* by opcode index: its first entry in roots */
	int *roots;     /* the root node of each rule, opcode by opcode */
	cx_table **table; /* by opcode index, NULL: none */
	int ntable;
	bool nomem;
};

codec_rules *codec_rules_build(const isa_model *m); /* NULL: out of memory */
void codec_rules_free(codec_rules *r);
/* codec_rules_check (above): the message of the first rule of op that
 * holds for fields, or NULL. */

/*
 * The detailed reason why w does not decode (bit ranges, field names, values),
 * written into buf; returns buf.  For diagnostics, off the hot path.
 */
const char *codec_explain(const isa_model *m, isa_word w, char *buf,
			  size_t size);

#endif
