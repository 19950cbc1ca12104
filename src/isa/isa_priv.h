/*
 * isa_priv.h - what the passes of src/isa share and nobody else needs:
 * tokens (isa_lex.c), the parse results that still hold names instead of
 * pointers (isa_parse.c -> isa_model.c), and the resolution helpers used
 * by the checks, the dump and the docs.  isa.h stays the one header the
 * other modules read; this one never leaves src/isa.
 */
#ifndef SIMT_ISA_PRIV_H
#define SIMT_ISA_PRIV_H

#include "isa/isa.h"

/* ---- tokens ---------------------------------------------------------- */

typedef enum isa_tok_kind {
	ISA_T_EOF,
	ISA_T_IDENT,   /* name, may contain dots: pg.not, SR_TID.X      */
	ISA_T_NUMBER,  /* decimal or 0x hex                              */
	ISA_T_STRING,  /* "..." (text without quotes in the token)       */
	ISA_T_KEYWORD, /* __Name                                         */
	ISA_T_PUNCT,   /* one of < > , ; : [ ] ( ) = == != ! ~ & && ... */
	ISA_T_OTHER    /* a byte that starts no token (UTF-8 prose, ...) */
} isa_tok_kind;

typedef struct isa_tok {
	isa_tok_kind kind;
	const char *text; /* into the source */
	size_t len;
	uint64_t num;     /* ISA_T_NUMBER; num_ok false when it overflowed */
	bool num_ok;
	bool bol;         /* first token on its line */
	size_t pos;       /* byte offset */
	int line, col;
} isa_tok;

typedef struct isa_lexer {
	const char *src;
	size_t len, pos;
	int line, col;
	bool bol;         /* no token yet on the current line */
} isa_lexer;

void isa_lex_init(isa_lexer *lx, const char *src, size_t len);
isa_tok isa_lex_next(isa_lexer *lx);
/* Move to byte offset pos (must be a line start or a position already lexed). */
void isa_lex_seek(isa_lexer *lx, size_t pos, int line, int col);
bool isa_tok_is(const isa_tok *t, const char *s);

/* ---- parse results that still name things ------------------------------- */

typedef enum isa_raw_kind { ISA_RAW_NONE, ISA_RAW_NUMBER, ISA_RAW_NAME } isa_raw_kind;

typedef struct isa_raw_value {   /* a default or constant as written */
	isa_raw_kind kind;
	bool neg;
	uint64_t num;
	char *name;
	isa_loc loc;
} isa_raw_value;

typedef struct isa_raw_field {   /* parallel to isa_class.fields */
	char *type_name;
	isa_loc type_loc;
	isa_raw_value val;
} isa_raw_field;

typedef struct isa_raw_class {
	isa_class *cls;
	int nparents;
	char **parent_names;
	isa_loc *parent_locs;
	int *parent_idx;     /* resolved parents, index in ast->classes */
	int nparent_idx;
	isa_raw_field *fields;
	int fields_cap;
	isa_loc *order_locs, *in_locs, *out_locs, *bitwidth_locs;
	int order_cap, in_cap, out_cap, bitwidth_cap, format_cap, exc_cap, docs_cap;
} isa_raw_class;

typedef struct isa_raw_alias {
	char *mnemonic;   /* as written (BAR_RESULT) */
	char *target;
	isa_loc loc, target_loc;
} isa_raw_alias;

typedef struct isa_ast {
	int nclasses, classes_cap;
	isa_raw_class *classes;
	int naliases, aliases_cap;
	isa_raw_alias *aliases;
	int types_cap, mclasses_cap, opcodes_cap; /* capacities of the model's arrays */
	bool nomem;
} isa_ast;

/* Parse one file (index file of m) into m (types, classes) and ast. */
void isa_parse_file(isa_model *m, isa_ast *ast, int file, simt_diags *d);
void isa_ast_free(isa_ast *ast);

/* Resolve the parsed declarations into opcodes; errors go to d. */
void isa_resolve(isa_model *m, isa_ast *ast, simt_diags *d);

/* Free one class, one type, one expression (used by isa_free). */
void isa_class_free(isa_class *c);
void isa_type_free(isa_type *t);
void isa_expr_free(isa_expr *e);

/* The class that declares Order/InList/... nearest to c (breadth first in
 * parent order), or NULL.  what: one of the ISA_NEAR_* selectors. */
typedef enum isa_near {
	ISA_NEAR_ORDER, ISA_NEAR_IN, ISA_NEAR_OUT
} isa_near;
const isa_class *isa_nearest(const isa_class *c, isa_near what);

/* Printable value of a field's default/constant (enum name or number). */
const char *isa_value_name(const isa_field *f, char *buf, size_t size);

#endif
