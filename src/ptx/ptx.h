/*
 * ptx.h - the PTX front end's in-memory module (internal to libsimt).
 *
 * One typed representation from parse to instruction selection:
 *
 *   ptx_module ── items (in source order): .file, variables, functions,
 *   │              .section blocks, .pragma
 *   └─ ptx_fn ─── params, return params, attributes (.maxntid ...),
 *                 stmts[]: a flat, basic-block-friendly list of
 *                   INSN   one instruction (opcode + typed modifiers +
 *                          operands + guard + the .loc in force)
 *                   LABEL  a label (index into fn->labels)
 *                   DECL   .reg/.local/.shared/.param declaration
 *                   OPEN/CLOSE  a nested { } scope (kept for printing only:
 *                          names are resolved at parse time, so passes
 *                          never need scopes)
 *                   LOC    a .loc line (also copied into every INSN after it)
 *                   PRAGMA, BRTARGETS (.branchtargets), CALLPROTO
 *
 * Lowering passes are plain functions `void pass(ptx_fn *)` over this
 * (STYLE.md 13): a CFG pass splits stmts at LABELs and at bra/brx/ret/exit.
 *
 * Register operands point at their declaration (ptx_reg) plus an index for
 * `%r<N>` ranges; labels and symbols are resolved after the whole function /
 * module has been read.  Every node carries its source position.  All memory
 * belongs to the module's arena: ptx_module_free() releases everything.
 */
#ifndef SIMT_PTX_PTX_H
#define SIMT_PTX_PTX_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simt/diag.h"
#include "util/util.h"

/* Modifier-class bits used by the opcode table (ops.h). */
enum {
	M_T = 1 << 0,     /* types */
	M_SP = 1 << 1,    /* state spaces */
	M_SEM = 1 << 2,   /* .relaxed .acquire ... */
	M_SCOPE = 1 << 3, /* .cta .gpu .sys .cluster .gl */
	M_RND = 1 << 4,   /* .rn .rz ... */
	M_CMP = 1 << 5,   /* .eq .lt ... */
	M_OP = 1 << 6,    /* .add .and .up .ballot ... */
	M_VEC = 1 << 7,   /* .v2 .v4 */
	M_CACHE = 1 << 8, /* .ca .cg ... */
	M_MODE = 1 << 9,  /* .lo .hi .wide */
	M_F = 1 << 10,    /* any flag */
};

#include "ptx/ops.h"

/* ---- vocabulary ----------------------------------------------------------- */

typedef enum ptx_type {
	PTX_T_NONE,
#define PTX_X(id, s, bits, kind) PTX_T_##id,
	PTX_TYPES(PTX_X)
#undef PTX_X
	PTX_T_COUNT
} ptx_type;

typedef enum ptx_space {
	PTX_SP_NONE,
#define PTX_X(id, s) PTX_SP_##id,
	PTX_SPACES(PTX_X)
#undef PTX_X
	PTX_SP_COUNT
} ptx_space;

typedef enum ptx_mod_class {
	PTX_MC_TYPE,
	PTX_MC_SPACE,
	PTX_MC_SEM,
	PTX_MC_SCOPE,
	PTX_MC_RND,
	PTX_MC_CMP,
	PTX_MC_OP,
	PTX_MC_VEC,
	PTX_MC_CACHE,
	PTX_MC_MODE,
	PTX_MC_FLAG,
	PTX_MC_COUNT
} ptx_mod_class;

/*
 * Every modifier other than types and spaces, one enum over all classes
 * (PTX_MOD_RELAXED, PTX_MOD_CTA, ...); ptx_mod_info gives class and spelling.
 */
typedef enum ptx_modid {
	PTX_MOD_NONE,
#define PTX_X(cls, id, s) PTX_MOD_##id,
	PTX_MODS(PTX_X)
#undef PTX_X
	PTX_MOD_COUNT
} ptx_modid;

typedef enum ptx_sreg_id {
	PTX_SREG_NONE,
#define PTX_X(id, s, bits, comp) PTX_SREG_##id,
	PTX_SREGS(PTX_X)
#undef PTX_X
	PTX_SREG_COUNT
} ptx_sreg_id;

typedef enum ptx_opcode {
	PTX_OP_NONE,
#define PTX_X(id, name, lo, hi, cls, shape, sm, ver) PTX_OP_##id,
	PTX_OPCODES(PTX_X)
#undef PTX_X
	PTX_OP_COUNT
} ptx_opcode;

typedef struct ptx_type_info {
	const char *name;
	int bits;
	char kind; /* b u s f p x */
} ptx_type_info;

typedef struct ptx_opcode_info {
	const char *name;
	int min_ops, max_ops;
	unsigned classes; /* M_ bits */
	const char *shape;
	int min_sm, min_ptx;
} ptx_opcode_info;

extern const ptx_type_info ptx_types[PTX_T_COUNT];
extern const char *const ptx_space_names[PTX_SP_COUNT];
extern const ptx_opcode_info ptx_opcodes[PTX_OP_COUNT];
extern const char *const ptx_mod_names[PTX_MOD_COUNT];
extern const unsigned char ptx_mod_classes[PTX_MOD_COUNT];
extern const struct ptx_sreg_info {
	const char *name;
	int bits;
	int has_comp;
} ptx_sregs[PTX_SREG_COUNT];

/* ---- positions, arena, names ---------------------------------------------- */

typedef struct ptx_pos {
	int line, col; /* 1-based, in the module's file */
} ptx_pos;

/* The .loc in force: CUDA file index (0: none), line, column. */
typedef struct ptx_loc {
	int file, line, col;
} ptx_loc;

typedef struct ptx_chunk ptx_chunk;
typedef struct ptx_arena {
	ptx_chunk *head;
	jmp_buf *oom; /* longjmp here when an allocation fails */
} ptx_arena;

void *ptx_alloc(ptx_arena *a, size_t size); /* zeroed, 16-byte aligned */
void *ptx_alloc_raw(ptx_arena *a, size_t size); /* the same, not zeroed */
char *ptx_strndup(ptx_arena *a, const char *s, size_t n);
void ptx_arena_free(ptx_arena *a);

/* String -> pointer map (open addressing, arena-backed keys). */
typedef struct ptx_map {
	const char **keys;
	int *klen;
	void **vals;
	int cap, count;
} ptx_map;
void *ptx_map_get(const ptx_map *m, const char *key, int len);
void ptx_map_put(ptx_arena *a, ptx_map *m, const char *key, int len, void *v);

/* ---- declarations ----------------------------------------------------------- */

typedef enum ptx_linkage {
	PTX_LINK_NONE,
	PTX_LINK_VISIBLE,
	PTX_LINK_EXTERN,
	PTX_LINK_WEAK,
	PTX_LINK_COMMON
} ptx_linkage;

/* A variable initialiser: a value, a symbol (+offset), or a { list }. */
typedef struct ptx_init ptx_init;
struct ptx_init {
	enum { PTX_INIT_INT, PTX_INIT_FLOAT, PTX_INIT_SYM, PTX_INIT_LIST } kind;
	int spell;       /* PTX_IMM_* spelling of numbers */
	bool generic;    /* generic(sym) */
	uint64_t ival;   /* INT (two's complement), FLOAT bits */
	const char *sym; /* SYM name (+ival offset when has_off) */
	bool has_off;
	ptx_init **items; /* LIST */
	int nitems;
	ptx_pos pos;
};

/*
 * A variable of any state space (also .param of kernels and of call
 * sequences, and the `.reg` declarations of ptx_reg below share nothing with
 * it: registers are ptx_reg).  dims[i] == 0 with ndims > 0 is `[]`.
 */
typedef struct ptx_var {
	const char *name;
	ptx_pos pos;
	ptx_linkage linkage;
	ptx_space space;
	ptx_type type;
	int vec;          /* 0, 2, 4 (.v2/.v4) */
	int align;        /* 0: not given */
	int ndims;
	uint64_t dims[4];
	ptx_init *init;   /* NULL: none */
	bool ptr;         /* kernel param .ptr */
	ptx_space ptr_space;
	int ptr_align;
	bool used;        /* referenced by some operand */
} ptx_var;

/* `.reg .TYPE name` or `.reg .TYPE name<N>` (count = N, a range). */
typedef struct ptx_reg {
	const char *name;
	ptx_pos pos;
	ptx_type type;
	int vec;   /* .reg .v2 .f32 v; */
	int count; /* 0: single register; N: the range name0..name{N-1} */
} ptx_reg;

/* ---- operands ------------------------------------------------------------- */

enum {
	PTX_IMM_DEC, /* 42 */
	PTX_IMM_HEX, /* 0x2A */
	PTX_IMM_OCT, /* 052 */
	PTX_IMM_BIN, /* 0b101010 */
	PTX_IMM_F32, /* 0f3F800000 */
	PTX_IMM_F64, /* 0d3FF0000000000000 */
	PTX_IMM_DECFLOAT /* 1.5, 1e3 (a double) */
};

typedef enum ptx_opd_kind {
	PTX_OPD_REG,   /* reg (+index for ranges) */
	PTX_OPD_SREG,  /* %tid.x ... */
	PTX_OPD_IMM,   /* integer or float literal */
	PTX_OPD_SYM,   /* variable, function or label name (+offset) */
	PTX_OPD_ADDR,  /* [base+off]: base is REG, SYM or none */
	PTX_OPD_VEC,   /* {a, b, c, d} */
	PTX_OPD_LIST,  /* ( a, b ) in call */
	PTX_OPD_SINK,  /* _ */
	PTX_OPD_PAIR   /* d|p dual destination */
} ptx_opd_kind;

typedef struct ptx_opd ptx_opd;
struct ptx_opd {
	ptx_opd_kind kind;
	ptx_pos pos;
	bool neg;         /* !p (predicate source) */
	bool unsigned_sfx; /* 42U */
	int spell;        /* IMM: PTX_IMM_* */
	bool is_float;    /* IMM: a floating literal (bits in ival) */
	uint64_t ival;    /* IMM value; SYM/ADDR offset */
	bool has_off;     /* SYM/ADDR: "+off" written */
	/* REG */
	ptx_reg *reg;
	int index;        /* for ranges; -1 otherwise */
	/* SREG */
	ptx_sreg_id sreg;
	char comp;        /* 'x' 'y' 'z' or 0 */
	/* SYM: resolved target (one of) */
	const char *name;
	ptx_var *var;
	struct ptx_fn *fn;
	int label;        /* index into fn->labels, -1 if not a label */
	/* ADDR: base (REG/SYM/none) */
	ptx_opd *base;
	/* VEC, LIST, PAIR */
	ptx_opd **items;
	int nitems;
};

/* ---- instructions and statements ------------------------------------------- */

typedef struct ptx_mod {
	uint8_t cls; /* ptx_mod_class */
	uint8_t val; /* ptx_type / ptx_space / ptx_modid */
} ptx_mod;

#define PTX_MAX_MODS 16
#define PTX_MAX_OPDS 8

typedef struct ptx_insn {
	ptx_opcode op;
	ptx_pos pos;      /* of the opcode (guard: guard_pos) */
	ptx_loc loc;      /* the .loc in force */
	/* guard @p / @!p */
	ptx_opd *guard;
	/* modifiers, typed: */
	ptx_type type[3]; /* in written order: cvt.f32.s32 -> {F32, S32} */
	int ntypes;
	ptx_space space, space2; /* cp.async.shared.global: SHARED, GLOBAL */
	ptx_modid sem, scope, rnd, cmp, op2, boolop, cache, mode;
	int vec;          /* 0, 2, 4, 8 */
	uint64_t flags[3]; /* bit (PTX_MOD_x) set for FLAG-class modifiers */
	/* modifiers as written, for printing */
	ptx_mod mods[PTX_MAX_MODS];
	int nmods;
	int nameparts;    /* how many dotted parts the opcode name had */
	bool bar_cta;     /* bar.cta.sync / barrier.cta.sync */
	/* operands */
	ptx_opd *opd[PTX_MAX_OPDS];
	int nopd;
} ptx_insn;

static inline bool ptx_insn_has(const ptx_insn *in, ptx_modid m)
{
	return (in->flags[m / 64] >> (m % 64)) & 1;
}

typedef enum ptx_stmt_kind {
	PTX_ST_INSN,
	PTX_ST_LABEL,
	PTX_ST_REG,      /* .reg declaration */
	PTX_ST_VAR,      /* .local/.shared/.param/.global/.const in a body */
	PTX_ST_OPEN,
	PTX_ST_CLOSE,
	PTX_ST_LOC,
	PTX_ST_PRAGMA,
	PTX_ST_BRTARGETS, /* .branchtargets L1, L2; (after its LABEL) */
	PTX_ST_CALLPROTO  /* .callprototype (after its LABEL) */
} ptx_stmt_kind;

typedef struct ptx_proto ptx_proto;

typedef struct ptx_stmt {
	ptx_stmt_kind kind;
	ptx_pos pos;
	union {
		ptx_insn *insn;
		int label;         /* LABEL */
		struct {           /* REG: one .reg line declares several */
			ptx_reg **regs;
			int nregs;
		} reg;
		ptx_var *var;      /* VAR */
		ptx_loc loc;       /* LOC */
		const char *pragma; /* PRAGMA: the string(s) without quotes */
		struct {           /* BRTARGETS */
			ptx_opd **targets;
			int ntargets;
		} brt;
		ptx_proto *proto;  /* CALLPROTO */
	} u;
	/* LOC: the rest of the line (function_name/inlined_at), verbatim */
	const char *loc_extra;
} ptx_stmt;

typedef struct ptx_label {
	const char *name;
	ptx_pos pos;   /* of the definition; line 0: never defined */
	int stmt;      /* index of its LABEL stmt, -1 if undefined */
	ptx_proto *proto;  /* when it names a .callprototype */
	int brtargets;     /* stmt index of its .branchtargets, -1 */
	ptx_pos first_use;
	bool as_value;     /* first used as a value, not as a branch target */
	bool as_call;      /* first used by a call */
} ptx_label;

/* A parameter list: ( .param .b32 a, .reg .u32 b ... ). */
typedef struct ptx_params {
	ptx_var **items;
	int n;
} ptx_params;

struct ptx_proto {
	ptx_params ret, args;
	bool has_ret;
	bool noreturn;
};

typedef struct ptx_fn {
	const char *name;
	ptx_pos pos;
	bool is_entry;     /* .entry (else .func) */
	ptx_linkage linkage;
	bool has_ret;      /* .func (ret) name */
	ptx_params ret, params;
	bool has_body;     /* a definition, not only a prototype */
	bool noreturn;
	/* performance-tuning directives; 0 = absent */
	int maxntid[3], nmaxntid;
	int reqntid[3], nreqntid;
	int reqnctapercluster[3], nreqnctapercluster;
	int minnctapersm, maxnreg, maxclusterrank;
	bool explicitcluster;
	const char **pragmas; /* .pragma before the body */
	int npragmas;
	/* body */
	ptx_stmt *stmts;
	int nstmts, capstmts;
	ptx_label *labels;
	int nlabels, caplabels;
	ptx_map label_map;
} ptx_fn;

/* .section NAME { label: / .bN v, v, ... } (debug sections): kept verbatim
 * as lines of items. */
typedef struct ptx_section_line {
	const char *label;  /* a label line, or NULL */
	ptx_type type;      /* .b8/.b32/.b64 data */
	ptx_init **vals;
	int nvals;
} ptx_section_line;

typedef struct ptx_item {
	enum { PTX_ITEM_VAR, PTX_ITEM_FN, PTX_ITEM_FILE, PTX_ITEM_SECTION,
	       PTX_ITEM_PRAGMA } kind;
	ptx_pos pos;
	ptx_var *var;
	ptx_fn *fn;
	struct {                 /* FILE */
		int index;
		const char *path;    /* without quotes, escapes kept */
		const char *extra;   /* ", timestamp, size" verbatim or NULL */
	} file;
	struct {                 /* SECTION */
		const char *name;
		ptx_section_line *lines;
		int nlines;
	} section;
	const char *pragma;
} ptx_item;

typedef struct ptx_module {
	ptx_arena arena;
	const char *path;     /* for diagnostics */
	const char *src;      /* the text (owned by the caller) */
	size_t len;
	int version_major, version_minor;
	ptx_pos version_pos;
	const char *target;   /* "sm_90a" */
	int sm;               /* 90 */
	bool sm_a;            /* the "a" suffix */
	const char **target_extra; /* texmode_independent, debug, ... */
	int ntarget_extra;
	ptx_pos target_pos;
	int address_size;     /* 0: not given */
	ptx_item **items;
	int nitems, capitems;
	ptx_map globals;      /* name -> ptx_item (var or fn) */
} ptx_module;

/* ---- the phases ------------------------------------------------------------- */

/* Token kinds of the lexer. */
typedef enum ptx_tok_kind {
	PTX_TK_EOF,
	PTX_TK_ID,     /* identifiers and dotted opcodes: ld.global.u32, %r1 */
	PTX_TK_DIR,    /* .directive (also .shared::cta) */
	PTX_TK_INT,
	PTX_TK_FLOAT,
	PTX_TK_STRING,
	PTX_TK_PUNCT   /* one character: , ; : { } [ ] ( ) + - < > @ ! | = */
} ptx_tok_kind;

typedef struct ptx_tok {
	ptx_tok_kind kind;
	int len;
	const char *s;
	ptx_pos pos;
	int spell;      /* INT/FLOAT: PTX_IMM_* */
	bool usfx;      /* INT: U suffix */
	bool overflow;  /* INT: did not fit 64 bits */
	uint64_t ival;  /* INT value, FLOAT bits (F32 bits for 0f) */
} ptx_tok;

/* The parser's working state; also used by check.c for diagnostics. */
typedef struct ptx_ctx {
	ptx_module *m;
	simt_diags *d;
	ptx_tok *toks;
	int ntoks, cap;
	int i;
	int errors;
} ptx_ctx;

/* lex.c: tokenise the whole text into c->toks; false on allocation failure
 * (errors are reported through c). */
void ptx_lex(ptx_ctx *c, const char *text, size_t len);
/* parse.c: tokens -> module items; reports every syntax/name error. */
void ptx_parse(ptx_ctx *c);
/* check.c: the ptxas rules; reports every violation; returns error count. */
int ptx_check(ptx_module *m, simt_diags *d);
/* dump.c: the module as PTX text that ptxas accepts. */
void ptx_dump(const ptx_module *m, struct util_buf *b);

/* The opcode and its modifiers as written ("ld.global.nc.v4.u32"). */
void ptx_insn_name(const ptx_insn *in, struct util_buf *b);

/* Report a located error. */
void ptx_error(ptx_module *m, simt_diags *d, ptx_pos pos, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Lookups over the tables (tables.c). */
ptx_type ptx_type_lookup(const char *s, int len);
ptx_space ptx_space_lookup(const char *s, int len);
ptx_modid ptx_mod_lookup(const char *s, int len, bool prefer_cmp);
ptx_sreg_id ptx_sreg_lookup(const char *s, int len);
ptx_opcode ptx_opcode_lookup(const char *s, int len);

/* Name of register operand o ("%r12"), into buf. */
const char *ptx_reg_name(const ptx_opd *o, char *buf, size_t size);

void ptx_module_free(ptx_module *m);

#endif
