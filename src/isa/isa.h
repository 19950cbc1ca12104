/*
 * isa.h - the ISA model built from description files (internal).
 *
 * Pipeline: isa_lex.c (tokens) -> isa_parse.c (declarations) -> isa_model.c
 * (name resolution, inheritance, per-opcode field lists, fixed bits) ->
 * isa_check.c (checks, decode conflicts) -> consumers: codec, assembler,
 * disassembler, docs, simulator predecode.
 *
 * Contract: an isa_model returned by isa_load() with SIMT_OK is fully
 * resolved and checked: every opcode has its flattened field list, operand
 * order, fixed mask/value; no two opcodes can match one word.  Consumers may
 * rely on that and never re-validate.
 *
 * Description language (see docs/isa-language.md):
 *   __DefBitFieldType NAME<w>   value; value; ...      enum, value i encodes i
 *   __DefOperandKind  NAME[<w>] = Register("R", "RZ") | Unsigned() | Signed()
 *                               | Float32() | ConstMem(bankpos, bankw, offpos, offw)
 *        a kind named UImm/SImm/... with no width is a family: UImm12 is the
 *        12-bit member (the digits after the name give the width).
 *   __DefGroup NAME [: [PARENTS]]   __DefOptype NAME : [PARENTS]
 *   __DefOpcode NAME : [OPTYPE, GROUPS...]
 *   __DefAlias MNEMONIC : OPTYPE    (extension: accepted spelling, e.g. BAR_RESULT)
 *   sections inside a class: __Encoding (field<pos, width> Type name[=d|==c];)
 *   __OperandInfo (InList/OutList/Order/Bitwidth/AsmFormat + prose),
 *   __Exception (EncodingError<Kind, "msg"> = expr;), __Syntax, __Description,
 *   __Semantics, __Examples, __ModifierInfo (prose, kept verbatim).
 */
#ifndef SIMT_ISA_INTERNAL_H
#define SIMT_ISA_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simt/diag.h"
#include "util/util.h"

#define ISA_WORD_BITS 128
#define ISA_MAX_FIELDS 48   /* fields of one opcode after inheritance */
#define ISA_MAX_OPERANDS 16 /* entries of one Order<> list */

typedef struct isa_model isa_model;

/* A source position: file index into isa_model.files, 1-based line/col. */
typedef struct isa_loc {
	int file;
	int line;
	int col;
} isa_loc;

/* ---- operand kinds and bit-field types --------------------------------- */

typedef enum isa_kind_class {
	ISA_KIND_ENUM,     /* __DefBitFieldType: named values               */
	ISA_KIND_REG,      /* Register(prefix, zero): R0..R254, RZ          */
	ISA_KIND_UIMM,     /* Unsigned(): N-bit unsigned immediate          */
	ISA_KIND_SIMM,     /* Signed(): N-bit two's complement immediate    */
	ISA_KIND_F32,      /* Float32(): 32-bit IEEE immediate              */
	ISA_KIND_CMEM      /* ConstMem(...): c[bank][offset] packed in bits  */
} isa_kind_class;

typedef struct isa_type {
	char *name;
	int width;            /* bits; for a family member, the N of UImmN  */
	isa_kind_class cls;
	/* ISA_KIND_ENUM: values[i] is the name of encoding i (NULL = hole) */
	int nvalues;
	char **values;
	/* ISA_KIND_REG */
	char *prefix;         /* "R", "UR" */
	char *zero;           /* "RZ": the all-ones encoding */
	/* ISA_KIND_CMEM: positions inside the field */
	int bank_pos, bank_width, off_pos, off_width;
	bool family;          /* UImm with no width: members are made on use */
	const struct isa_type *family_of; /* member -> family               */
	isa_loc loc;
} isa_type;

/* Index of an enum value name in t, or -1. */
int isa_enum_find(const isa_type *t, const char *name, size_t len);

/* ---- exception expressions ----------------------------------------------- */

typedef enum isa_expr_op {
	ISA_E_INT,   /* value                                    */
	ISA_E_STR,   /* "DIV": an enum value name, str           */
	ISA_E_FIELD, /* field name, resolved per opcode           */
	ISA_E_NOT, ISA_E_NEG, ISA_E_BITNOT,
	ISA_E_AND, ISA_E_OR,                  /* logical */
	ISA_E_EQ, ISA_E_NE, ISA_E_LT, ISA_E_LE, ISA_E_GT, ISA_E_GE,
	ISA_E_ADD, ISA_E_SUB, ISA_E_MUL, ISA_E_DIV, ISA_E_MOD,
	ISA_E_BAND, ISA_E_BOR, ISA_E_BXOR, ISA_E_SHL, ISA_E_SHR
} isa_expr_op;

typedef struct isa_expr {
	isa_expr_op op;
	int64_t value;
	char *str;               /* ISA_E_STR text, ISA_E_FIELD name */
	struct isa_expr *a, *b;
	isa_loc loc;
} isa_expr;

typedef struct isa_exception {
	char *kind;    /* IllegalBitFieldValue, ... */
	char *message;
	isa_expr *cond; /* true = the encoding is illegal */
	isa_loc loc;
} isa_exception;

/* ---- fields ------------------------------------------------------------ */

typedef struct isa_field {
	char *name;          /* "pg", "pg.not", "ura.bitnot", "mode"        */
	int pos, width;
	const isa_type *type;
	bool has_default;
	bool is_const;       /* "== value": fixed bits of the opcode         */
	uint64_t value;      /* encoded default or constant                  */
	isa_loc loc;
	/* Resolved per opcode by isa_model.c: */
	int operand;         /* index in isa_opcode.order, or -1             */
	int base;            /* for "x.not"/"x.bitnot": field index of x     */
	int modifier;        /* for x: field index of its .not/.bitnot, or -1 */
} isa_field;

/* How an operand is written in text (AsmFormat and its extensions). */
typedef enum isa_fmt {
	ISA_FMT_PLAIN,     /* as the field's kind prints it                 */
	ISA_FMT_SHIFT,     /* CvtIShift(x, n): text = field << n            */
	ISA_FMT_PCREL,     /* PCRel(x, n): text = pc + 16 + (field << n)    */
	ISA_FMT_ADDR,      /* Address(ra, off): [ra+off], [ra.64+off]       */
	ISA_FMT_CADDR      /* ConstAddress(bank, ra, off): c[bank][ra+off]  */
} isa_fmt;

typedef struct isa_operand {
	int field;          /* index in isa_opcode.fields                    */
	int bitwidth;       /* Bitwidth<x> = n; 0 when not given             */
	isa_fmt fmt;
	int shift;          /* SHIFT / PCREL                                 */
	int sub[2];         /* ADDR: ra, off; CADDR: ra, off (field indices, -1 if none) */
	bool in, out;       /* listed in InList / OutList                    */
	bool optional;      /* has a default: may be omitted in text         */
} isa_operand;

/* ---- classes: groups, optypes, opcodes --------------------------------- */

typedef enum isa_class_kind { ISA_GROUP, ISA_OPTYPE, ISA_OPCODE } isa_class_kind;

typedef struct isa_doc {   /* one prose section, verbatim */
	char *section;         /* "Description", "Semantics", "Examples", ... */
	char *text;
} isa_doc;

typedef struct isa_class {
	isa_class_kind kind;
	char *name;
	int nparents;
	struct isa_class **parents;
	/* as written in this class only */
	int nfields;
	isa_field *fields;
	int norder;            /* -1: no Order<> here */
	char **order;
	int nin, nout;         /* -1: not given */
	char **in, **out;
	int nbitwidth;
	char **bitwidth_name;
	int *bitwidth;
	int nformat;
	struct isa_format_decl *formats;
	int nexc;
	isa_exception *exc;
	int ndocs;
	isa_doc *docs;
	char *syntax;          /* __Syntax text */
	isa_loc loc;
} isa_class;

typedef struct isa_format_decl {
	char *operand;         /* AsmFormat<operand> = ... */
	isa_fmt fmt;
	int shift;
	char *args[3];
	isa_loc loc;
} isa_format_decl;

typedef struct isa_word {
	uint64_t lo, hi;       /* bits 0..63, 64..127 */
} isa_word;

/* A resolved, encodable opcode. */
typedef struct isa_opcode {
	int index;                 /* position in isa_model.opcodes          */
	const isa_class *cls;      /* the __DefOpcode                         */
	const isa_class *optype;   /* its __DefOptype ancestor               */
	char *name;                /* "BAR_RIR"                               */
	char *mnemonic;            /* "BAR" (optype name, '_' read as '.')   */
	int nfields;
	isa_field fields[ISA_MAX_FIELDS]; /* ancestors first, then own       */
	int noperands;
	isa_operand operands[ISA_MAX_OPERANDS]; /* in Order<> order, guard first */
	int guard;                 /* field index of pg, or -1                */
	int nexc;
	const isa_exception **exc; /* from all ancestors                      */
	isa_word fixed_mask;       /* bits fixed by "==" constants            */
	isa_word fixed_value;
	isa_word used_mask;        /* bits covered by any field               */
	int nmods;                 /* modifier fields: enum, not operands,    */
	int mods[ISA_MAX_FIELDS];  /* not const, in field order               */
} isa_opcode;

typedef struct isa_alias {
	char *mnemonic;            /* accepted spelling, '.' form             */
	const isa_class *optype;
} isa_alias;

struct isa_model {
	int nfiles;
	char **files;              /* paths, for locations                   */
	char **sources;            /* file texts (kept for diagnostics)      */
	int ntypes;
	isa_type **types;
	int nclasses;
	isa_class **classes;
	int nopcodes;
	isa_opcode **opcodes;
	int naliases;
	isa_alias *aliases;
	/* name -> index of types, classes, opcodes (the first of a name), kept
	 * as they are added; a model built by hand leaves them empty and is
	 * searched linearly */
	util_names type_names, class_names, opcode_names;
	struct codec_table *decoder; /* built once by codec_build()         */
	struct asm_index *asm_index; /* mnemonic lookup, built on demand     */
	/* true: everything but this struct is the build-time snapshot's static,
	 * read-only data (codec_isa_builtin); isa_free frees only the struct */
	bool static_data;
};

/* Well-known control fields of the root group ALL (see base.isa). */
#define ISA_FIELD_STALL "stall"
#define ISA_FIELD_YIELD "yield"
#define ISA_FIELD_WSB "wsb"
#define ISA_FIELD_REQ "req"

/* ---- entry points -------------------------------------------------------- */

/*
 * Parse and resolve description texts.  names[i] labels texts[i] in
 * diagnostics.  Returns SIMT_OK and a model in *out, or an error status with
 * diagnostics appended to d (and *out NULL).  Never crashes on any input.
 */
simt_status isa_load(const char *const *names, const char *const *texts,
		     int n, isa_model **out, simt_diags *d);

/* Run the checks of `simt isa check` on a loaded model. */
simt_status isa_check(const isa_model *m, simt_diags *d);

/* The model built from the ISA files compiled into the library, parsed
 * (codec_isa_builtin gives the same model from the build-time snapshot). */
simt_status isa_load_builtin(isa_model **out, simt_diags *d);
/* The texts of the isa/ files, embedded by tools/embed.c (build/gen/isa_builtin.c). */
extern const int isa_builtin_count;
extern const char *const isa_builtin_names[];
extern const char *const isa_builtin_texts[];

void isa_free(isa_model *m);

const isa_type *isa_type_find(const isa_model *m, const char *name);
const isa_class *isa_class_find(const isa_model *m, const char *name);
const isa_opcode *isa_opcode_find(const isa_model *m, const char *name);
int isa_field_find(const isa_opcode *op, const char *name); /* -1 if none */

/* Evaluate an exception condition for field values vals[] of op. */
bool isa_expr_eval(const isa_opcode *op, const isa_expr *e,
		   const uint64_t *vals, int64_t *result);
/*
 * The value of the string operand e (ISA_E_STR) of a condition of op, other
 * being its sibling: the index of the value it names when other is an
 * enum-typed field, else True = 1 / False = 0; false when it has none.
 */
bool isa_expr_string(const isa_opcode *op, const isa_expr *e,
		     const isa_expr *other, int64_t *result);

/* Record a diagnostic at a model location. */
void isa_error(const isa_model *m, simt_diags *d, isa_loc loc,
	       const char *fmt, ...) SIMT_PRINTF(4, 5);

/* JSON dump of the model (simt isa dump --json) and Markdown docs. */
char *isa_dump_json(const isa_model *m);
/* The Markdown reference, page by page: fn gets each file name
 * ("README.md", "<OPTYPE>.md") and its text, and returns false to stop.
 * SIMT_ERR_IO when fn stopped or a page did not fit in memory. */
typedef bool isa_doc_page_fn(void *user, const char *name, const char *text,
			     size_t len);
simt_status isa_doc_pages(const isa_model *m, isa_doc_page_fn *fn, void *user);

#endif
