/*
 * lines.h - the line table of a kernel (internal to src/obj and its
 * clients): for each instruction of .text.<k>, the source line that
 * produced it.  Stored in the section .nv.simt.lines.<k> (PROGBITS, flags I,
 * sh_link 0, sh_info = .text.<k>, align 4), one per kernel that has one, made
 * by the ELF writer from obj_kernel.lines and consumed by the reader, like
 * .nv.info.<k>.  Format documented in docs/object-format.md, "Line table".
 *
 * Two tables share one list of file names:
 *   table 0, SITE:   where the instruction was written - the .s line for the
 *                    assembler, the PTX line for the PTX front end;
 *   table 1, ORIGIN: the source that text came from, when a front end knows
 *                    it - the CUDA line of a PTX `.loc` (empty for assembly).
 * A row holds from its pc up to the next row's pc of the same table (or the
 * end of the text); pcs are strictly increasing within a table; a row whose
 * file is OBJ_LINE_NOFILE says "no location from here on".
 *
 * Section layout (little-endian; offsets from the start of the section):
 *
 *     0 +------------------------------+
 *       | u32 nfiles                   |
 *     4 | u32 nrows0   (table 0, site) |
 *     8 | u32 nrows1   (table 1, origin)
 *    12 | u32 strsize                  |
 *    16 +------------------------------+
 *       | u32 name[nfiles]             |  offset of each file name in strings
 *       +------------------------------+
 *       | row[nrows0]                  |  table 0, 12 bytes a row
 *       | row[nrows1]                  |  table 1
 *       +------------------------------+
 *       | strings[strsize]             |  NUL-terminated printable names
 *       +------------------------------+
 *   size = 16 + 4 nfiles + 12 (nrows0 + nrows1) + strsize, exactly
 *
 *   row:  0          4          8          10         12
 *         +----------+----------+----------+----------+
 *         |  pc u32  | line u32 | file u16 | col u16  |
 *         +----------+----------+----------+----------+
 *   pc    byte offset in .text.<k>: a multiple of 16 inside the text
 *   line  1-based (0 exactly when file is OBJ_LINE_NOFILE)
 *   file  index into name[], or OBJ_LINE_NOFILE
 *   col   1-based column, 0 when unknown (wider columns are stored as 0)
 */
#ifndef SIMT_OBJ_LINES_H
#define SIMT_OBJ_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OBJ_LINES_PREFIX ".nv.simt.lines."
#define OBJ_LINES_HDR 16u  /* header bytes            */
#define OBJ_LINES_ROW 12u  /* bytes per row           */
/* Header words and row fields: byte offsets, named once. */
#define OBJ_LH_NFILES 0
#define OBJ_LH_NROWS0 4
#define OBJ_LH_NROWS1 8
#define OBJ_LH_STRSIZE 12
#define OBJ_LR_PC 0
#define OBJ_LR_LINE 4
#define OBJ_LR_FILE 8
#define OBJ_LR_COL 10
#define OBJ_LINE_NOFILE 0xffffu
#define OBJ_LINES_MAXFILES 0xffffu /* file indices are u16, NOFILE excluded */

enum { OBJ_LINES_SITE, OBJ_LINES_ORIGIN, OBJ_LINES_NTABLES };

typedef struct obj_line {
	uint32_t pc, line;
	uint16_t file, col;
} obj_line;

typedef struct obj_linetab {
	int nfiles;
	char **files;
	int nrows[OBJ_LINES_NTABLES];
	obj_line *rows[OBJ_LINES_NTABLES];
} obj_linetab;

/* Index of file name (added when new), -1 when out of memory or full.
 * Bytes outside printable ASCII are stored as '?', an empty name as "?". */
int obj_lines_file(obj_linetab *t, const char *name);
/*
 * Append a row to table tab: pc must be above the table's last pc (the
 * caller's order).  A row with the location of the row before it is not
 * stored (that row already holds).  file = OBJ_LINE_NOFILE ends a range.
 * False when out of memory.
 */
bool obj_lines_add(obj_linetab *t, int tab, uint32_t pc, unsigned file,
		   uint32_t line, uint32_t col);
/* The row of table tab that holds at pc, NULL when none does (or it is a
 * NOFILE row).  Binary search. */
const obj_line *obj_lines_find(const obj_linetab *t, int tab, uint64_t pc);
bool obj_lines_empty(const obj_linetab *t);
/* Deep copy (dst is overwritten, not freed); false when out of memory. */
bool obj_lines_copy(obj_linetab *dst, const obj_linetab *src);
void obj_lines_free(obj_linetab *t);

/* The first rule of the format that t breaks for a text of text_size bytes
 * (a message into why), or false when t is well-formed. */
bool obj_lines_invalid(const obj_linetab *t, uint64_t text_size, char *why,
		       size_t size);
/* Section bytes of t (malloc'ed into *out); false when out of memory. */
bool obj_lines_encode(const obj_linetab *t, uint8_t **out, size_t *len);
/* The same bytes handed to put(ctx, piece, n) in order, without building
 * them in one buffer (the ELF writer's stream); obj_lines_size of them. */
typedef void (*obj_put_fn)(void *ctx, const char *p, size_t n);
size_t obj_lines_size(const obj_linetab *t);
void obj_lines_emit(const obj_linetab *t, obj_put_fn put, void *ctx);
/*
 * Read section bytes into t (empty on entry).  Returns 0 on success, 1 when
 * the bytes break the format (message in why; t is freed), -1 when out of
 * memory.  Checks everything obj_lines_invalid does.
 */
int obj_lines_decode(obj_linetab *t, const uint8_t *p, size_t n,
		     uint64_t text_size, char *why, size_t size);

#endif
