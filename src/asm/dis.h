/*
 * dis.h - the disassembler (internal): one-instruction printer (print.c)
 * and whole-buffer listing (dis.c).
 *
 * Pipeline of dis.c: pass 1 decodes every word once and collects the
 * PC-relative targets that land inside the buffer and the targets the
 * object records for its indirect branches (labels .L_x_N, numbered in
 * address order); pass 2 prints each word with print.c, the labels on
 * their own lines before the instruction they name.
 */
#ifndef SIMT_ASM_DIS_H
#define SIMT_ASM_DIS_H

#include <stdint.h>
#include <string.h>

#include "isa/isa.h"
#include "obj/object.h"
#include "simt/simt.h"
#include "util/util.h"

/*
 * Appends to a util_buf without a function call when it has room: the
 * printer emits a dozen small pieces per instruction.
 */
static inline void dis_putn(util_buf *b, const char *s, size_t n)
{
	if (b->len + n < b->cap && !b->failed) {
		memcpy(b->data + b->len, s, n);
		b->len += n;
		b->data[b->len] = '\0';
	} else {
		util_buf_putn(b, s, n);
	}
}

static inline void dis_puts(util_buf *b, const char *s)
{
	dis_putn(b, s, strlen(s));
}

static inline void dis_putc(util_buf *b, char c)
{
	dis_putn(b, &c, 1);
}

/*
 * Labels known to the printer, named .L_x_<index> (or names[i]), in one of
 * two forms: a sorted list of addresses, or (dis.c) a bitmap over the
 * instructions of a buffer - bit i of mark: a label at base + 16 i - with
 * rank[j] = the number of labels before word 64 j, so that finding one is
 * O(1).
 */
typedef struct dis_labels {
	int count;
	const uint64_t *addrs;     /* ascending; NULL when mark is used */
	const char *const *names;  /* optional */
	uint64_t base;
	size_t nwords;
	const uint64_t *mark;
	const uint32_t *rank;
} dis_labels;

/* Index of the label at addr, or -1. */
int dis_label_find(const dis_labels *l, uint64_t addr);
/* Append the name of label i. */
void dis_label_name(const dis_labels *l, int i, util_buf *out);

/*
 * Append the canonical text of one instruction (textsyntax: guard, mnemonic,
 * modifiers, operands, control slots; no trailing ';') to out.  fields[]
 * holds one value per field of op; pc is the instruction's address.  When
 * labels is not NULL, PC-relative targets that hit a label print its name.
 */
void dis_print_inst(const isa_model *m, const isa_opcode *op,
		    const uint64_t *fields, uint64_t pc,
		    const dis_labels *labels, util_buf *out);

/*
 * The print plans of one listing (print.c): per opcode, built on its first
 * word, what the printer tests and calls for it.  dis_plans_new returns NULL
 * when m has no decode table (or memory is short): printing then goes the
 * general way.  plans is NULL or belongs to the model of the words printed.
 */
typedef struct dis_plans dis_plans;
dis_plans *dis_plans_new(const isa_model *m);
void dis_plans_free(dis_plans *p);
/*
 * codec_decode through the plans: the opcode of w when codec_decode accepts
 * it, else NULL; fields[] gets only the fields the plan of that opcode prints
 * (and validation reads), so it is for dis_print_line with the same plans.
 */
const isa_opcode *dis_plans_decode(dis_plans *plans, isa_word w,
				   uint64_t *fields);

/*
 * Append the whole listing line of a decoded word w at pc: the indentation,
 * the address column (flags & SIMT_DIS_ADDR), the instruction (printed by
 * its plan when plans is not NULL), " " annot
 * (when not NULL), " ;", the raw-word comment at column 64 (flags &
 * SIMT_DIS_HEX), trailer (when not NULL) and a newline.
 */
void dis_print_line(const isa_model *m, dis_plans *plans,
		    const isa_opcode *op, const uint64_t *fields, uint64_t pc,
		    isa_word w, unsigned flags, const dis_labels *labels,
		    const char *annot, const char *trailer, util_buf *out);

/*
 * The lines of words first..end-1 of code (16 bytes each, word k at base +
 * 16 k) as dis_print_line prints them with no annotation and no trailer,
 * each preceded by its label line when labels marks it (labels->mark); stops
 * before a word that does not decode and once out holds limit bytes or
 * more.  Returns the index of the first word not printed.  plans is not
 * NULL.
 */
size_t dis_print_run(dis_plans *plans, const uint8_t *code, size_t first,
		     size_t end, uint64_t base, unsigned flags,
		     const dis_labels *labels, util_buf *out, size_t limit);

/*
 * The pieces of that line for a word that does not decode (dis.c): the
 * indentation and address column, and the raw-word comment padded to
 * column 64 counted from line_start (an offset into out).
 */
void dis_print_prefix(util_buf *out, uint64_t pc, unsigned flags);
void dis_print_hex_comment(util_buf *out, size_t line_start, isa_word w);

/*
 * The PC-relative target of operand i of op, when that operand is a PCRel
 * one: returns true and sets *target.
 */
bool dis_pcrel_target(const isa_opcode *op, int i, const uint64_t *fields,
		      uint64_t pc, uint64_t *target);

/*
 * What an object knows about one kernel beyond its words: the listing of
 * that kernel's text uses it (NULL for bare words).  Offsets are relative
 * to the base address of the listing.
 *   lines     with SIMT_DIS_LINES: "  // file:line" after each instruction
 *             that has a row (and " (file:line)" for an origin row);
 *   branches  indirect branches with known targets (INDIRECT_BRANCH_TARGETS):
 *             with SIMT_DIS_LABELS, labels at the targets and the
 *             (*"BRANCH_TARGETS ..."*) annotation on the branch, so that the
 *             listing reassembles to the same .nv.info.
 */
typedef struct dis_extra {
	const obj_linetab *lines;
	const obj_branch *branches;
	int nbranches;
} dis_extra;

/*
 * Disassemble len bytes (a multiple of 16, else the tail is reported) at
 * address base, appending to out.  flags: SIMT_DIS_ADDR, SIMT_DIS_HEX,
 * SIMT_DIS_LABELS, SIMT_DIS_LINES (x may be NULL).  When write is not NULL, out is handed to it and emptied
 * whenever it passes DIS_FLUSH bytes (the caller flushes the rest).
 * Undecodable words print as .word lines and add a diagnostic (file = name);
 * returns SIMT_OK, or SIMT_ERR_DECODE when some word did not decode (the
 * text is complete either way), or SIMT_ERR_NOMEM.
 */
#define DIS_FLUSH 65536
simt_status dis_buffer(const isa_model *m, const char *name,
		       const uint8_t *code, size_t len, uint64_t base,
		       unsigned flags, const dis_extra *x, util_buf *out,
		       simt_write_fn write, void *ctx, simt_diags *d);

#endif
