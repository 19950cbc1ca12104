/*
 * asm.h - the assembler (internal).
 *
 * Pipeline, one file per phase:
 *   lex.c       source bytes -> tokens of one statement (every token has its
 *               line and column; comments and listing addresses skipped)
 *   expr.c      `(...)` link-time expressions and directive operands: parse
 *               into a small tree, evaluate to (section, offset) or a symbol
 *   parse.c     instruction statement -> guard, mnemonic word, operands with
 *               their shape (register, name, number, float, c[][], [..]),
 *               control slots $sched/$req/$wsb
 *   index.c     the index of the ISA (index.h, private to index.c,
 *               match.c, plan.c): optypes, mnemonic and enum tables,
 *               register kinds, operand shapes, field info
 *   match.c     picks the opcode whose Order<> fits the operand shapes
 *               (isa file order, optional operands skipped with
 *               backtracking) and fills/range-checks the fields
 *   plan.c      the selections kept per (word, shapes), their operand
 *               plans and guesses, and the fast path that fills by them
 *   directive.c .section/.align/.word/... and the label/symbol table
 *   asm.c       the driver: statements in order, fixups resolved at the end
 *               (forward references), exceptions, the simt_object
 *
 * Contract: simt_assemble() never prints, never aborts on any input; every
 * problem is a located diagnostic (file:line:col) and the whole file is
 * checked (the statement after an error is assembled normally).
 */
#ifndef SIMT_ASM_INTERNAL_H
#define SIMT_ASM_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "obj/object.h"
#include "isa/isa.h"

/* A small function of the hot path that must be inlined into its callers
 * (a call there costs more than its body: saved registers, the moves of
 * its arguments). */
#if defined(__GNUC__)
#define ASM_INLINE inline __attribute__((always_inline))
#else
#define ASM_INLINE inline
#endif

/* ---- tokens (lex.c) ------------------------------------------------------ */

typedef enum asm_tok_kind {
	ASM_T_END,   /* end of statement: newline, ';' or end of input */
	ASM_T_IDENT, /* R5, BAR.RED.AND, .L_x_1, .text.k, $sched, SR_TID.X */
	ASM_T_INT,   /* 0x1f, 42 (magnitude; '-' is a separate token) */
	ASM_T_FLOAT, /* 1.5, 1e+10 */
	ASM_T_STR,   /* "..." (s/len exclude the quotes) */
	ASM_T_ANNOT, /* (*"BRANCH_TARGETS .L1,.L2"*) (s/len: the inner text) */
	ASM_T_PUNCT, /* one of , [ ] ( ) + - * / ~ ! @ : ` { } | */
	ASM_T_BAD    /* a lexical error; msg says which */
} asm_tok_kind;

typedef struct asm_tok {
	asm_tok_kind kind;
	char c;        /* ASM_T_PUNCT character; ';' or '\n' for ASM_T_END */
	int len;
	const char *s; /* into the source text */
	int col;       /* 1-based */
	uint64_t ival;
	double fval;
	const char *msg; /* ASM_T_BAD */
} asm_tok;

/* t is the punctuation character ch / the identifier spelled exactly s */
static inline bool asm_tok_punct(const asm_tok *t, char ch)
{
	return t->kind == ASM_T_PUNCT && t->c == ch;
}

static inline bool asm_tok_ident(const asm_tok *t, const char *s)
{
	size_t n = strlen(s);
	return t->kind == ASM_T_IDENT && (size_t)t->len == n && !memcmp(t->s, s, n);
}

/* FNV-1a, the hash of the assembler's name tables; a scanner can compute
 * it with asm_hash_step while it reads the bytes. */
#define ASM_HASH_INIT 2166136261u

static inline uint32_t asm_hash_step(uint32_t h, unsigned char ch)
{
	return (h ^ ch) * 16777619u;
}

static inline uint32_t asm_hash(const char *s, int len)
{
	uint32_t h = ASM_HASH_INIT;
	for (int i = 0; i < len; i++)
		h = asm_hash_step(h, (unsigned char)s[i]);
	return h;
}

/* The float names INF, QNAN, NAN: true when s[0..len) is one, and its value
 * in *f (when f is not NULL).  parse.c */
bool asm_special_float(const char *s, int len, double *f);

/* Character classes of the lexer (lex.c; filled by asm_lex_init), one
 * table lookup per byte; scan.c reads them too. */
enum {
	ASM_C_ID = 1,
	ASM_C_IDSTART = 2,
	ASM_C_DIGIT = 4,
	ASM_C_HEX = 8,
	ASM_C_SPACE = 16,
	ASM_C_PUNCT = 32
};
extern unsigned char asm_char_class[256];

typedef struct asm_lexer {
	const char *p, *end;
	const char *line_start;
	int line;
	/* the last listing comment of the current line: / *0010* / */
	bool has_listing;
	uint64_t listing_addr;
	int listing_col;
	/* scan.c: one past the last '\n' of the text (text: none), where
	 * the last line (lex.c's) starts; NULL before it was looked for */
	const char *text, *scan_end;
} asm_lexer;

#define ASM_MAX_TOKS 96

void asm_lex_init(asm_lexer *lx, const char *text, size_t len);
/*
 * Read the tokens of the next statement into toks (at most max, the last is
 * always ASM_T_END).  *line / *line_start describe where the statement starts.
 * Returns the number of tokens, 0 at the end of input.  A statement with more
 * than max tokens ends with an ASM_T_BAD token.
 */
int asm_lex_statement(asm_lexer *lx, asm_tok *toks, int max, int *line,
		      const char **line_start);

/* ---- expressions (expr.c) ------------------------------------------------ */

typedef struct asm_expr {
	char op;             /* 'n' number, 's' symbol, '.', 'u' negate, + - * / */
	bool keyed;          /* 's': hash and head hold the name's lookup key */
	int col;
	int len;             /* 's': name length */
	uint32_t hash;       /* 's' when keyed (asm_sym_note) */
	const char *name;    /* 's': into the source text */
	int sym;             /* 's': the symbol's index + 1 when known (0: look
			      * the name up) */
	int64_t v;           /* 'n' */
	uint64_t head;       /* 's' when keyed */
	struct asm_expr *a, *b;
} asm_expr;

/* A value: absolute (sec < 0 and sym < 0), an offset into a section, or an
 * offset from an undefined/external symbol (a relocation is needed). */
typedef struct asm_value {
	int64_t v;
	int sec;
	int sym;
} asm_value;

/* Where each instruction of a source went (for the data-driven tests). */
typedef struct asm_lineinfo {
	int line;
	int sec;          /* internal section index */
	uint64_t pc;
	isa_word word;    /* final word (after fixups) */
	bool ok;          /* no error on this line */
} asm_lineinfo;

typedef struct asm_linemap {
	int count, cap;
	asm_lineinfo *items;
} asm_linemap;

/* ---- the assembly context (asm.c) ----------------------------------------- */

typedef struct asm_sym {
	const char *name;
	int len;
	uint32_t hash;
	uint64_t head;    /* the name's first 8 bytes, zero-padded: a lookup
			   * compares it, not the name far back in the source */
	int sec;          /* -1: not (yet) defined */
	uint64_t value;
	bool global, defined;
	uint8_t type;     /* STT_* */
	asm_expr *size;   /* .size expression, evaluated at the end */
	int size_line, size_col;
	const char *size_line_start;
	int64_t var_size; /* .shared: the size it declared, -1 otherwise */
	int line, col;    /* first definition or reference */
	int obj;          /* index in the object's symbols, -1 */
} asm_sym;

typedef struct asm_section {
	char *name;
	obj_sec_kind kind;
	int kernel;       /* kernel index for TEXT, -1 otherwise */
	int bank;
	uint64_t base;    /* address of offset 0 (0 except for asm_line) */
	uint8_t *data;
	size_t size, cap;
	uint64_t align;
	bool nobits;
	char *flags;      /* "ax" */
	char *type;       /* progbits, nobits, SHT_CUDA_CONSTANT_B2 ... */
	int nrelocs, crelocs;
	obj_reloc *relocs;
	/* TEXT: where each instruction was written, as the rows of the
	 * kernel's line table (obj/lines.h; file 0, the source), handed to
	 * the object as they are; clines: the capacity in bytes */
	int nlines;
	size_t clines;
	obj_line *lines;
} asm_section;

typedef enum asm_fix_kind {
	ASM_FIX_FIELD, /* an instruction operand */
	ASM_FIX_DATA   /* .byte/.short/.word/.dword */
} asm_fix_kind;

typedef struct asm_fixup {
	asm_fix_kind kind;
	int sec;
	uint64_t offset;  /* byte offset of the word / datum in sec */
	int size;         /* ASM_FIX_DATA: 1, 2, 4, 8 */
	const isa_opcode *op;
	int operand;      /* index in op->operands */
	int field;        /* field that receives the value */
	asm_expr *expr;
	int line, col;
	const char *line_start;
	/* ASM_FIX_FIELD of an operand plan whose rules cannot fire whatever
	 * the fields the line writes hold (plan.c: asm_plan.has_exc false):
	 * its word's rules need no check when it is resolved */
	bool no_rules;
} asm_fixup;

typedef struct asm_annot {
	const char *s;
	int len, line, col;
	const char *line_start;
	int sec;
	uint64_t off;      /* offset of the annotated instruction in sec */
} asm_annot;

typedef struct asm_kernel {
	char *name;
	int text;          /* section index */
	uint32_t maxreg;   /* highest GPR + 1 */
	uint32_t nbar;
	int nexits, cexits;
	uint32_t *exits;
	int nparams, cparams;
	uint32_t *param_off, *param_size;
	uint32_t param_end;
	int nbranches, cbranches;
	obj_branch *branches; /* BRANCH_TARGETS annotations, targets in the arena */
	uint32_t cluster[3];  /* .cluster_dims (0,0,0: none) */
} asm_kernel;

typedef struct asm_arena_block {
	struct asm_arena_block *next;
	size_t used, cap;
	_Alignas(16) unsigned char data[];
} asm_arena_block;

struct asm_index;

typedef struct asm_ctx {
	const isa_model *m;
	struct asm_index *ix;
	const char *file, *text;
	size_t len;
	simt_diags *d;
	int errors;
	bool nomem;
	/* the statement being assembled */
	int line;
	const char *line_start;
	asm_lexer lx;
	/* sections and symbols */
	int nsecs, csecs;
	asm_section *secs;
	util_names secnames; /* section name -> index (asm_section_open) */
	bool text_guessed; /* the first text section got its size guess */
	int cur;           /* current section, -1 before any */
	int nkernels, ckernels;
	asm_kernel *kernels;
	asm_sym *syms;
	int nsyms;
	size_t csyms;      /* bytes */
	/* open addressing (sym -1: empty); the hash beside the index, so a
	 * probe reads a symbol only when its hash is the one looked for.  A
	 * slot is 8 bytes: the table of a big listing (32k slots) stays in
	 * the second-level cache, where its lookups at the end (one per
	 * label reference, in no order the cache could follow) missed with
	 * 24-byte slots (bench/RESULTS.md, "Assembler speed, session 15") */
	struct asm_symslot {
		uint32_t hash;
		int sym;
	} *symhash;
	int symhash_cap;
	bool symhash_arena; /* symhash is in the arena (asm_sym_reserve's) */
	int nfix;
	size_t cfix;       /* bytes */
	asm_fixup *fix;
	int nannots, cannots;
	asm_annot *annots;
	asm_arena_block *arena;
	bool single;       /* asm_line: one instruction, no object */
	asm_linemap *map;  /* optional: where each instruction went */
} asm_ctx;

/* asm.c: diagnostics at the current statement, allocation */
void asm_error(asm_ctx *c, int col, const char *fmt, ...) SIMT_PRINTF(3, 4);
void asm_warning(asm_ctx *c, int col, const char *fmt, ...) SIMT_PRINTF(3, 4);
void asm_diag_at(asm_ctx *c, simt_severity sev, int line,
		 const char *line_start, int col, const char *fmt, ...)
	SIMT_PRINTF(6, 7);
void *asm_alloc(asm_ctx *c, size_t n); /* arena; zeroed; NULL = out of memory */
bool asm_grow(void **p, size_t *cap, size_t used, size_t need); /* bytes */
bool asm_emit(asm_ctx *c, const void *bytes, size_t n);
uint64_t asm_here(const asm_ctx *c);   /* offset in the current section */
int asm_section_open(asm_ctx *c, const char *name, size_t len, int col);
int asm_default_section(asm_ctx *c, const char *kernel, size_t len);
bool asm_add_fixup(asm_ctx *c, const asm_fixup *f);
bool asm_add_reloc(asm_ctx *c, int sec, uint64_t off, obj_reloc_type t,
		   int sym, int64_t addend);

/* Static shared memory of one kernel: at most 48 KiB, CUDA's limit for
 * static __shared__ data (more needs dynamic shared memory, .launch
 * shared=N).  docs/assembler.md, ".shared". */
#define ASM_MAX_STATIC_SHARED 0xc000u

/* symbols (directive.c) */
int asm_sym_lookup(asm_ctx *c, const char *name, int len, bool create);
/* Room for n symbols at once (false: out of memory). */
bool asm_sym_reserve(asm_ctx *c, int n);
/* The name's lookup key into the symbol node e ('s'), so that looking it
 * up at the end does not read the source text again; with lookup, also
 * its index + 1 into e->sym when the symbol is known now (0: not yet). */
void asm_sym_note(asm_ctx *c, asm_expr *e, bool lookup);
/* The symbol node e names (its index), -1 when it is not in the table */
int asm_sym_of(asm_ctx *c, const asm_expr *e);
bool asm_define_label(asm_ctx *c, const asm_tok *t);
/* a directive statement (toks[0] is the directive name) */
void asm_directive(asm_ctx *c, asm_tok *toks, int n);
bool asm_is_directive(const asm_tok *t);

/* expressions (expr.c) */
asm_expr *asm_expr_parse(asm_ctx *c, const asm_tok *toks, int *i);
/* `( expr ) : toks[*i] is the backtick */
asm_expr *asm_expr_backtick(asm_ctx *c, const asm_tok *toks, int *i);
bool asm_expr_has_symbols(const asm_expr *e);
/*
 * Evaluate e with `.` = dot in section sec.  Undefined symbols make a
 * symbol-relative value when allow_reloc, an error otherwise.  Errors are
 * reported at the expression (current statement location of c).
 */
bool asm_expr_eval(asm_ctx *c, const asm_expr *e, int sec, uint64_t dot,
		   bool allow_reloc, asm_value *out);

/* instructions (parse.c + match.c) */
typedef enum asm_okind {
	ASM_O_NAME,  /* R5, RZ, P0, PT, B3, SR_TID.X, a label */
	ASM_O_PAIR,  /* R[8:9] */
	ASM_O_INT,   /* 0x10, -0x10 */
	ASM_O_FLOAT, /* 1.5, -INF */
	ASM_O_EXPR,  /* `(expr) */
	ASM_O_CMEM,  /* c[bank][off], c[bank][Ra+off] */
	ASM_O_MEM    /* [Ra+off], [Ra.64+off], [off] */
} asm_okind;

typedef struct asm_operand {
	asm_okind kind;
	int col;
	bool lnot;        /* '!' */
	bool bitnot;      /* '~' */
	/* NAME / PAIR prefix / MEM and CMEM base register */
	const char *name;
	int nlen;
	bool has_reg;     /* MEM/CMEM: a register inside the brackets */
	bool is64;        /* MEM: Ra.64 */
	int reg_col;
	uint32_t pair_lo, pair_hi;
	/* INT / offset of MEM and CMEM (neg: value is -mag) */
	uint64_t mag;
	bool neg;
	asm_expr *expr;   /* EXPR, or a MEM/CMEM offset written `(...) */
	int off_col;
	double fval;
	/* CMEM */
	uint64_t bank;
	int bank_col;
	/* filled by match.c once per instruction: the name's hash, which
	 * register kinds spell it (bit i: the index's i-th Register kind) */
	uint32_t hash;
	uint32_t regmask, zeromask;
	uint64_t regnum;
	uint64_t sig;     /* everything opcode selection looks at (match.c) */
} asm_operand;

#define ASM_MAX_OPERANDS 16
#define ASM_MAX_MODS 12

typedef struct asm_inst_text {
	bool has_guard, guard_not;
	const asm_tok *guard;
	const asm_tok *mnem;
	uint32_t mnem_hash; /* asm_hash of the mnemonic word */
	int noperands;
	asm_operand ops[ASM_MAX_OPERANDS];
	int sched_col, req_col, wsb_col;
	bool has_sched, has_yield, has_req, has_wsb;
	uint64_t stall, yield, req, wsb;
	/* scan.c's guessed line (asm_guess_fill): the selection it used, and
	 * fast_fill's word, register count and number of labels; NULL plan:
	 * a line read the general way, for asm_match */
	const struct asm_plan *plan;
	isa_word word;
	uint32_t maxreg;
	int nsym;
} asm_inst_text;

/*
 * One field as a fast path writes it (plan.c's operand plans, scan.c's
 * guessed lines): where, how wide, what it takes, read from the opcode
 * once when the plan is made.
 */
typedef struct asm_fast_field {
	unsigned char pos, width;
	bool enc;            /* encoded (a constant field keeps its value) */
	bool gpr;            /* an R register: counts toward the kernel's */
	bool sgn;            /* SImm */
	signed char rk;      /* its Register kind (index), -1 */
	uint64_t mask;       /* (1 << width) - 1 */
	/* asm_fast_put's branch-free write: the field's bits in each half of
	 * the word (both 0 for a field that is not encoded), the shift that
	 * puts a value's bits into the low half, and the two right shifts and
	 * left shift that put its bits into the high half */
	uint64_t mlo, mhi;
	unsigned char slo, shr1, shr2, shl;
	uint64_t lim;        /* registers: the type's all-ones value (the zero
			      * register's number); control slots: mask */
} asm_fast_field;

/* v into the field when it is encoded (the rule of index.h's encode()) */
static inline void asm_fast_put(isa_word *w, const asm_fast_field *f,
				uint64_t v)
{
	/* most fields lie in one half: one masked write */
	if (!f->mhi) {
		w->lo = (w->lo & ~f->mlo) | (v << f->slo & f->mlo);
	} else if (!f->mlo) {
		w->hi = (w->hi & ~f->mhi) | (v << f->shl & f->mhi);
	} else {
		w->lo = (w->lo & ~f->mlo) | (v << f->slo & f->mlo);
		w->hi = (w->hi & ~f->mhi) |
			((v >> f->shr1 >> f->shr2) << f->shl & f->mhi);
	}
}

/* Does the number (mag, neg: the value is -mag) fit a field of w bits? */
static inline bool asm_fits(bool is_signed, int w, uint64_t mag, bool neg)
{
	if (!is_signed)
		return !neg && mag <= (w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1);
	uint64_t lim = w >= 64 ? (UINT64_C(1) << 63) : (UINT64_C(1) << (w - 1));
	return neg ? mag <= lim : mag < lim;
}

/*
 * How the operands of a selection look in the text (plan.c makes it from
 * the line that made the selection; scan.c reads a line by it).  Every
 * line this reads has the selection's operand signatures, so it takes the
 * same selection without looking a name up, and scan.c puts each value
 * into the word as it reads it (with the checks fast_fill makes: a value
 * that fails one sends the line the general way).
 */
typedef enum asm_gkind {
	ASM_G_NAME,  /* a name: nm                                          */
	ASM_G_INT,   /* an integer, with an optional sign                   */
	ASM_G_MEM,   /* [Ra{.64}{+-off}] (base register nm) or [off]        */
	ASM_G_CMEM,  /* c[bank][off]                                        */
	ASM_G_TICK,  /* `(name)                                             */
	ASM_G_LABEL, /* a name that no register or enum value starts like   */
	ASM_G_ENUM,  /* a name, its value looked up by asm_guess_fill       */
	ASM_G_REG,   /* NAME with a one-byte prefix and digits, no '!'/'~',
		      * not a label, its register field f (the common case,
		      * read first)                                          */
	ASM_G_MEMR,  /* MEM whose base register is so, its field f           */
	ASM_G_EXACT  /* NAME of exact bytes (RZ, PT, !PT), not a label, no
		      * field of its own                                     */
} asm_gkind;

typedef struct asm_gname {
	bool digits;       /* the register prefix k[0] (plen bytes) and 1-9
			    * digits; else exactly the len bytes of k */
	unsigned char len;
	uint64_t k[2];     /* zero-padded */
	uint32_t regnum;
} asm_gname;

typedef struct asm_gop {
	unsigned char kind; /* asm_gkind */
	char pre;           /* NAME, ENUM: '!', '~' or 0 */
	bool has_reg, is64; /* MEM */
	bool has_f, has_g;  /* f, g are the operand's fields */
	bool sym;           /* a label (its column is kept for the fixup) */
	asm_gname nm;       /* NAME, MEM with has_reg */
	/* NAME with digits: the register field; INT, CMEM: the field; MEM:
	 * the base register (f) and the offset (g) */
	asm_fast_field f, g;
	unsigned char bank_pos, off_pos; /* CMEM: the constant's layout */
	uint64_t bank_lim, off_lim;
} asm_gop;

typedef struct asm_guess {
	int n;             /* written operands; -1: no guess */
	int plan;          /* the selection's (plan.c) */
	const bool *label_first; /* LABEL: the first bytes it may have */
	/* the plan's word with what the operands that are always the same
	 * put (exact register names, [off]'s absent register) and their
	 * register count */
	isa_word base;
	uint32_t maxreg;
	asm_gop op[ASM_MAX_OPERANDS];
} asm_guess;

/* parse.c: toks[*i] is the first token after the labels */
bool asm_parse_inst(asm_ctx *c, asm_tok *toks, int n, asm_inst_text *it);

/*
 * scan.c: the next statement of c->lx when it is a plain instruction, read
 * in one pass over its bytes into *it (guard and mnemonic in tok[0..1]; the
 * column of its first token in *col).  Returns 1 (read; c->line and
 * c->line_start describe it), 2 (read by the guess of its word's last
 * selection and filled: it->plan and it->word, for asm_match_guessed),
 * 0 (not a plain instruction: the lexer is at its start, lex.c and parse.c
 * take it) or -1 (end of input).
 */
int asm_scan_inst(asm_ctx *c, asm_inst_text *it, asm_tok tok[2], int *col);

/* plan.c */
/* In index.h, inline for scan.c: asm_guess_find, the guess of the last
 * selection of the cached dotted word s, or NULL; asm_guess_fill, the
 * rest of the operand plan's filling for a line read by guess g, whose
 * operands made w (registers up to maxreg): enum operands, labels, guard
 * and control slots (into it->plan, word, maxreg, nsym); false (nothing
 * done) when a value would be an error - the line then goes the general
 * way, which reports it. */
/* asm_match_guessed (index.h, inline for asm.c): asm_match of a line
 * asm_guess_fill took - its fixups, rules and kernel bookkeeping, the
 * word it made to *w. */
/* index.c */
simt_status asm_index_build(const isa_model *m, struct asm_index **out);
void asm_index_free(struct asm_index *ix);
/* match.c */
/*
 * Assemble one parsed instruction at offset `off` of the current section:
 * picks the opcode, fills fields, emits fixups for expressions; the word goes
 * to *w.  Returns false after reporting an error.
 */
bool asm_match(asm_ctx *c, const asm_inst_text *it, uint64_t off,
	       isa_word *w, const isa_opcode **opp);
/* Put a resolved fixup value into the field of an instruction word. */
/* A fixup's common case, a plain label defined in the fixup's section
 * for its own PC-relative integer field, in range: put in *w (what
 * asm_expr_eval and asm_fix_field make of it); false: not so, nothing
 * done (asm_fix_field decides and says why). */
bool asm_fix_label(asm_ctx *c, const asm_fixup *f, isa_word *w);
bool asm_fix_field(asm_ctx *c, const asm_fixup *f, asm_value val,
		   isa_word *w);
/* Run the __Exception rules of op on the fields of w. */
bool asm_check_exceptions(asm_ctx *c, const isa_opcode *op, isa_word w,
			  int col);

/* simt_assemble, also filling map (may be NULL) even when errors occur. */
simt_status asm_assemble(const isa_model *m, const char *name,
			 const char *text, size_t len, simt_object **out,
			 simt_diags *d, asm_linemap *map);

/* Single-instruction entry point (round-trip tests): no labels, `.` = pc. */
simt_status asm_line(const isa_model *m, const char *text, uint64_t pc,
		     isa_word *out, simt_diags *d);

#endif
