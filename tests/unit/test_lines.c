/*
 * test_lines.c - the line table end to end: what the assembler records,
 * simt_object_source_loc, the ELF round trip, a second (origin) table as
 * the PTX front end will write it, and where the locations show: simt dis
 * --lines, run-time diagnostics, trace lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/object.h"
#include "simt/sim.h"
#include "test.h"
#include "util/util.h"

static const char src[] =
	"// t.s\n"
	"main:\n"
	"        MOV R1, 0x1 ;\n"
	"   @P0  IADD3 R1, R1, 0x1, RZ ; MOV R2, R1 ;\n"
	"        TRAP 0x5 ;\n";

static simt_object *assemble(const simt_isa *isa, const char *text)
{
	simt_object *o = NULL;
	CHECK_EQ(simt_assemble(isa, "dir/t.s", text, strlen(text), &o, NULL),
		 SIMT_OK);
	return o;
}

/* Written and read back: what a tool gets from disk. */
static simt_object *round_trip(const simt_object *o)
{
	uint8_t *img = NULL;
	size_t len = 0;
	simt_object *back = NULL;
	CHECK_EQ(simt_object_write(o, &img, &len, NULL), SIMT_OK);
	if (img)
		CHECK_EQ(simt_object_read(img, len, "t.o", &back, NULL), SIMT_OK);
	free(img);
	return back;
}

TEST(lines_assembler_records_every_instruction)
{
	simt_isa *isa = NULL;
	CHECK_EQ(simt_isa_load_builtin(&isa, NULL), SIMT_OK);
	simt_object *o = isa ? assemble(isa, src) : NULL;
	simt_object *b = o ? round_trip(o) : NULL;
	static const struct {
		uint64_t pc;
		int found;
		uint32_t line, col;
	} want[] = {
		{0x00, 1, 3, 9}, {0x10, 1, 4, 4}, {0x20, 1, 4, 33},
		{0x30, 1, 5, 9}, {0x40, 0, 0, 0}, /* past the text */
		{0x08, 0, 0, 0},                  /* not an instruction */
	};
	for (size_t i = 0; b && i < UTIL_ARRAY_LEN(want); i++) {
		simt_srcloc l;
		CHECK_EQ(simt_object_source_loc(b, 0, want[i].pc, &l), want[i].found);
		if (!want[i].found) {
			CHECK(l.file == NULL && l.line == 0);
			continue;
		}
		CHECK_STR(l.file, "dir/t.s");
		CHECK_EQ(l.line, want[i].line);
		CHECK_EQ(l.col, want[i].col);
		CHECK(l.orig_file == NULL && l.orig_line == 0);
	}
	simt_srcloc l;
	CHECK_EQ(simt_object_source_loc(b, 1, 0, &l), 0); /* no kernel 1 */
	CHECK_EQ(simt_object_source_loc(NULL, 0, 0, &l), 0);
	simt_object_free(o);
	simt_object_free(b);
	simt_isa_free(isa);
}

TEST(lines_rows_merge_and_lookup)
{
	obj_linetab t = {0};
	int f = obj_lines_file(&t, "a.ptx");
	CHECK_EQ(f, 0);
	CHECK_EQ(obj_lines_file(&t, "b\x01.cu"), 1); /* stored as b?.cu */
	CHECK_STR(t.files[1], "b?.cu");
	CHECK_EQ(obj_lines_file(&t, "a.ptx"), 0);
	/* three machine instructions of PTX line 7, then line 9, then none */
	CHECK(obj_lines_add(&t, OBJ_LINES_SITE, 0x00, 0, 7, 5));
	CHECK(obj_lines_add(&t, OBJ_LINES_SITE, 0x10, 0, 7, 5));
	CHECK(obj_lines_add(&t, OBJ_LINES_SITE, 0x20, 0, 7, 5));
	CHECK(obj_lines_add(&t, OBJ_LINES_SITE, 0x30, 0, 9, 5));
	CHECK(obj_lines_add(&t, OBJ_LINES_SITE, 0x50, OBJ_LINE_NOFILE, 0, 0));
	CHECK_EQ(t.nrows[OBJ_LINES_SITE], 3);
	const obj_line *r = obj_lines_find(&t, OBJ_LINES_SITE, 0x20);
	CHECK(r && r->line == 7);
	r = obj_lines_find(&t, OBJ_LINES_SITE, 0x40);
	CHECK(r && r->line == 9);
	CHECK(obj_lines_find(&t, OBJ_LINES_SITE, 0x50) == NULL);
	CHECK(obj_lines_find(&t, OBJ_LINES_ORIGIN, 0x0) == NULL);
	char why[160];
	CHECK(!obj_lines_invalid(&t, 0x60, why, sizeof why));
	CHECK(obj_lines_invalid(&t, 0x50, why, sizeof why));
	CHECK_STR(why, "site row 2 (pc 0x50, file 65535, line 0): pc lies "
		       "outside the text");
	obj_lines_free(&t);
}

/* The PTX front end's case: a site table (PTX lines) and an origin table
 * (CUDA lines from .loc), built through the obj API. */
static simt_object *with_origin(const simt_isa *isa)
{
	simt_object *o = assemble(isa, src);
	if (!o)
		return NULL;
	obj_linetab *t = &o->kernels[0].lines;
	obj_lines_free(t);
	int ptx = obj_lines_file(t, "k.ptx"), cu = obj_lines_file(t, "k.cu");
	CHECK(obj_lines_add(t, OBJ_LINES_SITE, 0x00, (unsigned)ptx, 40, 2));
	CHECK(obj_lines_add(t, OBJ_LINES_SITE, 0x20, (unsigned)ptx, 41, 2));
	CHECK(obj_lines_add(t, OBJ_LINES_ORIGIN, 0x00, (unsigned)cu, 7, 3));
	CHECK(obj_lines_add(t, OBJ_LINES_ORIGIN, 0x30, (unsigned)cu, 8, 0));
	return o;
}

static void collect(void *user, const char *json)
{
	util_buf *b = user;
	util_buf_puts(b, json);
	util_buf_putc(b, '\n');
}

TEST(lines_origin_table_in_listing_diagnostics_and_trace)
{
	simt_isa *isa = NULL;
	CHECK_EQ(simt_isa_load_builtin(&isa, NULL), SIMT_OK);
	simt_object *m = isa ? with_origin(isa) : NULL;
	simt_object *o = m ? round_trip(m) : NULL;
	simt_srcloc l;
	if (o) {
		CHECK_EQ(simt_object_source_loc(o, 0, 0x30, &l), 2);
		CHECK_STR(l.file, "k.ptx");
		CHECK_EQ(l.line, 41);
		CHECK_STR(l.orig_file, "k.cu");
		CHECK_EQ(l.orig_line, 8);
		CHECK_EQ(l.orig_col, 0);
	}
	char *text = NULL;
	if (o)
		CHECK_EQ(simt_disassemble_object(isa, o, "t.o", SIMT_DIS_LINES,
						 &text, NULL), SIMT_OK);
	CHECK(text && strstr(text, "MOV R2, R1 ;  // k.ptx:41 (k.cu:7)\n"));
	CHECK(text && strstr(text, "TRAP 0x5 ;  // k.ptx:41 (k.cu:8)\n"));
	free(text);
	simt_sim *s = NULL;
	simt_diags d;
	simt_diags_init(&d);
	util_buf trace = {0};
	if (o)
		CHECK_EQ(simt_sim_new(isa, o, NULL, &s, &d), SIMT_OK);
	if (s) {
		simt_launch ln;
		simt_launch_init(&ln);
		ln.trace = collect;
		ln.trace_user = &trace;
		CHECK_EQ(simt_sim_run(s, &ln, &d), SIMT_ERR_RUNTIME);
		CHECK(d.count == 1 && strstr(d.items[0].message,
					     "PC 0x0030 (k.ptx:41, k.cu:8): "
					     "`TRAP 0x5`: TRAP (code 0x5)"));
		CHECK(trace.data &&
		      strstr(trace.data, "\"pc\":\"0x0000\",\"asm\":\"MOV R1, "
					 "0x1\",\"src\":\"k.ptx:40\",\"orig\":"
					 "\"k.cu:7\",\"next_pc\""));
	}
	simt_sim_free(s);
	util_buf_free(&trace);
	simt_diags_free(&d);
	simt_object_free(m);
	simt_object_free(o);
	simt_isa_free(isa);
}

TEST(lines_trace_names_the_source_line)
{
	simt_isa *isa = NULL;
	CHECK_EQ(simt_isa_load_builtin(&isa, NULL), SIMT_OK);
	simt_object *o = isa ? assemble(isa, "main:\n  MOV R1, 0x1 ;\n  EXIT ;\n")
			     : NULL;
	simt_sim *s = NULL;
	util_buf trace = {0};
	if (o)
		CHECK_EQ(simt_sim_new(isa, o, NULL, &s, NULL), SIMT_OK);
	if (s) {
		simt_launch ln;
		simt_launch_init(&ln);
		ln.trace = collect;
		ln.trace_user = &trace;
		CHECK_EQ(simt_sim_run(s, &ln, NULL), SIMT_OK);
		CHECK(trace.data &&
		      strstr(trace.data, "\"pc\":\"0x0010\",\"asm\":\"EXIT\","
					 "\"src\":\"dir/t.s:3\",\"next_pc\""));
	}
	simt_sim_free(s);
	util_buf_free(&trace);
	simt_object_free(o);
	simt_isa_free(isa);
}
