/*
 * test_ptx.c - the PTX front end.
 *
 *  - every corpus file (the .ptx files of tests/ptx and tests/ptx/reader) reads and
 *    checks without a diagnostic and round-trips byte for byte:
 *    dump(read(dump(m))) == dump(m);
 *  - the IR of tests/ptx/reader/features.ptx (scopes and shadowing, ranges,
 *    .loc, labels, branch tables, literal spellings, pairs and sinks);
 *  - exact diagnostics (file:line:col, message, rule, caret) for errors;
 *  - the check snippets (the .ptx files of tests/ptx/check, headers `// ptxas-verdict:`
 *    and `// rule:`): simtkit's verdict equals ptxas's, and a rejection
 *    names the snippet's rule;
 *  - the fuzzer's regression inputs (the files of tests/ptx/fuzz-regress) read, check
 *    and dump without a crash, and round-trip when they read cleanly.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx.h"
#include "simt/ptx.h"
#include "test.h"
#include "util/util.h"

/* The handle is a module (api.c: struct simt_ptx { ptx_module m; }). */
static ptx_module *mod(simt_ptx *h)
{
	return (ptx_module *)(void *)h;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted paths of dir/ entries ending in suffix ("" for all files). */
static int list_dir(const char *dir, const char *suffix, char ***out)
{
	DIR *d = opendir(dir);
	*out = NULL;
	if (!d)
		return 0;
	int n = 0, cap = 0;
	char **v = NULL;
	struct dirent *e;
	size_t sl = strlen(suffix);
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (e->d_name[0] == '.' || l < sl || strcmp(e->d_name + l - sl, suffix))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			v = realloc(v, (size_t)cap * sizeof *v);
		}
		v[n++] = util_format("%s/%s", dir, e->d_name);
	}
	closedir(d);
	if (n)
		qsort(v, (size_t)n, sizeof *v, by_name);
	*out = v;
	return n;
}

static void free_list(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static char *first_diag(const simt_diags *d)
{
	if (!d->count)
		return util_strdup("");
	size_t n = simt_diag_format(&d->items[0], NULL, 0);
	char *buf = malloc(n + 1);
	simt_diag_format(&d->items[0], buf, n + 1);
	return buf;
}

/* read (+ check) clean, then dump(read(dump)) == dump. */
static void roundtrip_file(const char *path, bool check)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_ptx *m = NULL;
	simt_status st = simt_ptx_read_file(path, &m, &d);
	if (st == SIMT_OK && check)
		st = simt_ptx_check(m, &d);
	if (st != SIMT_OK) {
		char *msg = first_diag(&d);
		test_fail(__FILE__, __LINE__, "%s: %s (%s)", path, simt_strerror(st), msg);
		free(msg);
	}
	char *t1 = NULL, *t2 = NULL;
	size_t n1 = 0, n2 = 0;
	if (m && simt_ptx_dump(m, &t1, &n1) == SIMT_OK) {
		simt_ptx *m2 = NULL;
		simt_diags_clear(&d);
		CHECK_EQ(simt_ptx_read("dump.ptx", t1, n1, &m2, &d), SIMT_OK);
		if (m2 && simt_ptx_dump(m2, &t2, &n2) == SIMT_OK &&
		    (n1 != n2 || memcmp(t1, t2, n1)))
			test_fail(__FILE__, __LINE__, "%s: dump does not round-trip", path);
		simt_ptx_free(m2);
	} else {
		test_fail(__FILE__, __LINE__, "%s: no dump", path);
	}
	free(t1);
	free(t2);
	simt_ptx_free(m);
	simt_diags_free(&d);
}

TEST(ptx_corpus_roundtrip)
{
	const char *dirs[] = {"ptx", "ptx/reader"};
	int total = 0;
	for (size_t k = 0; k < 2; k++) {
		char *dir = util_format("%s/%s", test_dir(), dirs[k]);
		char **v;
		int n = list_dir(dir, ".ptx", &v);
		for (int i = 0; i < n; i++)
			roundtrip_file(v[i], true);
		total += n;
		free_list(v, n);
		free(dir);
	}
	CHECK(total >= 2);
}

static ptx_fn *find_fn(ptx_module *m, const char *name)
{
	for (int i = 0; i < m->nitems; i++)
		if (m->items[i]->kind == PTX_ITEM_FN && m->items[i]->fn->has_body &&
		    !strcmp(m->items[i]->fn->name, name))
			return m->items[i]->fn;
	return NULL;
}

/* The n-th instruction of f with opcode op. */
static ptx_insn *nth_insn(ptx_fn *f, ptx_opcode op, int n)
{
	for (int i = 0; i < f->nstmts; i++)
		if (f->stmts[i].kind == PTX_ST_INSN && f->stmts[i].u.insn->op == op && n-- == 0)
			return f->stmts[i].u.insn;
	return NULL;
}

TEST(ptx_features_ir)
{
	char *path = util_format("%s/ptx/reader/features.ptx", test_dir());
	simt_diags d;
	simt_diags_init(&d);
	simt_ptx *h = NULL;
	CHECK_EQ(simt_ptx_read_file(path, &h, &d), SIMT_OK);
	free(path);
	if (!h) {
		simt_diags_free(&d);
		return;
	}
	ptx_module *m = mod(h);
	CHECK_EQ(m->version_major * 10 + m->version_minor, 85);
	CHECK_EQ(m->sm, 90);
	CHECK_EQ(m->address_size, 64);
	ptx_fn *f = find_fn(m, "kern");
	CHECK(f != NULL);
	if (!f)
		goto out;
	CHECK(f->is_entry);
	CHECK_EQ(f->linkage, PTX_LINK_VISIBLE);
	CHECK_EQ(f->maxntid[0], 128);
	CHECK_EQ(f->nmaxntid, 3);
	CHECK_EQ(f->minnctapersm, 2);
	CHECK_EQ(f->params.n, 2);
	CHECK(f->params.items[0]->ptr);
	CHECK_EQ(f->params.items[0]->ptr_space, PTX_SP_GLOBAL);
	CHECK_EQ(f->params.items[0]->ptr_align, 16);
	/* the .loc in force is copied into each instruction */
	ptx_insn *setp = nth_insn(f, PTX_OP_SETP, 0);
	CHECK(setp && setp->loc.file == 1 && setp->loc.line == 11 && setp->loc.col == 5);
	CHECK(setp && setp->cmp == PTX_MOD_LT && setp->type[0] == PTX_T_U32);
	CHECK_EQ(setp->pos.line, 61);
	ptx_insn *bra = nth_insn(f, PTX_OP_BRA, 0);
	CHECK(bra && bra->guard && bra->guard->neg && bra->guard->reg->type == PTX_T_PRED);
	CHECK(bra && bra->opd[0]->label >= 0 &&
	      !strcmp(f->labels[bra->opd[0]->label].name, "$L__BB0_2"));
	/* d|p pair of shfl, with its mode and immediates as written */
	ptx_insn *shfl = nth_insn(f, PTX_OP_SHFL_SYNC, 0);
	CHECK(shfl && shfl->op2 == PTX_MOD_BFLY && shfl->opd[0]->kind == PTX_OPD_PAIR);
	CHECK(shfl && shfl->opd[3]->spell == PTX_IMM_HEX && shfl->opd[3]->ival == 0x1f);
	/* literals: 0b1010 and 017 keep their spelling */
	ptx_insn *m6 = nth_insn(f, PTX_OP_MOV, 4), *m7 = nth_insn(f, PTX_OP_MOV, 5);
	CHECK(m6 && m6->opd[1]->spell == PTX_IMM_BIN && m6->opd[1]->ival == 10);
	CHECK(m7 && m7->opd[1]->spell == PTX_IMM_OCT && m7->opd[1]->ival == 15);
	ptx_insn *mf = nth_insn(f, PTX_OP_MOV, 3);
	CHECK(mf && mf->opd[1]->is_float && mf->opd[1]->spell == PTX_IMM_F32 &&
	      mf->opd[1]->ival == 0x3F800000);
	/* nested scope: the inner %r1 is another register than the outer %r1 */
	ptx_insn *outer = nth_insn(f, PTX_OP_LD, 1);    /* ld.param.u32 %r1 */
	ptx_insn *inner = nth_insn(f, PTX_OP_MOV, 6);   /* mov.u32 %r1, 7 */
	CHECK(outer && inner && outer->opd[0]->reg != inner->opd[0]->reg);
	CHECK(outer && outer->opd[0]->reg->count == 20 && outer->opd[0]->index == 1);
	CHECK(inner && inner->opd[0]->reg->count == 0 && inner->opd[0]->index == -1);
	/* inline-asm names */
	ptx_insn *tmp = nth_insn(f, PTX_OP_MOV, 8);
	CHECK(tmp && !strcmp(tmp->opd[0]->reg->name, "$r1") &&
	      !strcmp(tmp->opd[1]->reg->name, "%temp"));
	/* ld.global.nc.v2.f32 {%f1, _}, [%rd1+8] */
	ptx_insn *ld = nth_insn(f, PTX_OP_LD, 2);
	CHECK(ld && ld->vec == 2 && ptx_insn_has(ld, PTX_MOD_NC) && ld->space == PTX_SP_GLOBAL);
	CHECK(ld && ld->opd[0]->kind == PTX_OPD_VEC && ld->opd[0]->items[1]->kind == PTX_OPD_SINK);
	CHECK(ld && ld->opd[1]->kind == PTX_OPD_ADDR && ld->opd[1]->ival == 8);
	/* red.release.gpu.global.add.u32: typed modifiers */
	ptx_insn *red = nth_insn(f, PTX_OP_RED, 0);
	CHECK(red && red->sem == PTX_MOD_RELEASE && red->scope == PTX_MOD_GPU &&
	      red->op2 == PTX_MOD_ADD && red->space == PTX_SP_GLOBAL);
	/* brx.idx: the label names a .branchtargets with four entries */
	ptx_insn *brx = nth_insn(f, PTX_OP_BRX_IDX, 0);
	CHECK(brx != NULL);
	if (brx) {
		ptx_label *l = &f->labels[brx->opd[1]->label];
		CHECK(l->brtargets >= 0);
		if (l->brtargets >= 0)
			CHECK_EQ(f->stmts[l->brtargets].u.brt.ntargets, 4);
	}
	/* indirect call through a .callprototype */
	ptx_insn *call = nth_insn(f, PTX_OP_CALL, 0);
	CHECK(call && call->nopd == 4 && call->opd[0]->kind == PTX_OPD_LIST);
	CHECK(call && f->labels[call->opd[3]->label].proto != NULL);
out:
	simt_ptx_free(h);
	simt_diags_free(&d);
}

/* One source; expect exactly the diagnostics given (formatted, joined). */
static void expect_diags(int line, const char *src, const char *want)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_ptx *m = NULL;
	simt_ptx_read("t.ptx", src, strlen(src), &m, &d);
	if (m)
		simt_ptx_check(m, &d);
	util_buf b = {0};
	for (int i = 0; i < d.count; i++) {
		char buf[1024];
		simt_diag_format(&d.items[i], buf, sizeof buf);
		util_buf_puts(&b, buf);
	}
	const char *got = b.data ? b.data : "";
	if (strcmp(got, want))
		test_fail(__FILE__, line, "diagnostics:\n%s\nwanted:\n%s", got, want);
	util_buf_free(&b);
	simt_ptx_free(m);
	simt_diags_free(&d);
}

#define HEAD ".version 8.5\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n" \
	".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .f32 %f<4>;\n.reg .pred %p<2>;\n"

TEST(ptx_error_messages)
{
	expect_diags(__LINE__, HEAD "add.f32 %f1, %rd1, %f2;\nret;\n}\n",
		     "t.ptx:10:14: error: operand 2 of add.f32: %rd1 is a .b64 register, not usable as .f32 [types.reg-size]\n"
		     " add.f32 %f1, %rd1, %f2;\n"
		     "              ^\n");
	expect_diags(__LINE__, HEAD "atom.const.add.f64 %f1, [%rd1], %f2;\nret;\n}\n",
		     "t.ptx:10:20: error: operand 1 of atom.const.add.f64: %f1 is a .f32 register, not usable as .f64 [atom.operand-type]\n"
		     " atom.const.add.f64 %f1, [%rd1], %f2;\n"
		     "                    ^\n"
		     "t.ptx:10:33: error: operand 3 of atom.const.add.f64: %f2 is a .f32 register, not usable as .f64 [atom.operand-type]\n"
		     " atom.const.add.f64 %f1, [%rd1], %f2;\n"
		     "                                 ^\n"
		     "t.ptx:10:1: error: atom.const.add.f64 needs .global or .shared, not .const [atom.space]\n"
		     " atom.const.add.f64 %f1, [%rd1], %f2;\n"
		     " ^\n");
	/* every error is reported, not only the first */
	expect_diags(__LINE__, HEAD "bar.sync 16;\nmembar.gpu;\nredux.sync.add.f32 %f1, %f2, -1;\nbra L9;\nret;\n}\n",
		     "t.ptx:13:5: error: undefined label L9 [undef.label]\n"
		     " bra L9;\n"
		     "     ^\n"
		     "t.ptx:10:10: error: barrier number 16 is out of range 0..15 [bar.id-range]\n"
		     " bar.sync 16;\n"
		     "          ^\n"
		     "t.ptx:11:1: error: membar takes .cta, .gl or .sys, not .gpu (fence.acq_rel.gpu is the fence of that scope) [membar.level]\n"
		     " membar.gpu;\n"
		     " ^\n"
		     "t.ptx:12:1: error: redux.sync on .f32 needs .target sm_100 or higher (this module targets sm_80) [redux.f32-target]\n"
		     " redux.sync.add.f32 %f1, %f2, -1;\n"
		     " ^\n"
		     "t.ptx:12:1: error: redux.sync on .f32 needs PTX ISA .version 8.6 or later (this module is .version 8.5) [redux.f32-target]\n"
		     " redux.sync.add.f32 %f1, %f2, -1;\n"
		     " ^\n"
		     "t.ptx:12:1: error: redux.sync.add does not take .f32 [redux.op-type]\n"
		     " redux.sync.add.f32 %f1, %f2, -1;\n"
		     " ^\n");
	expect_diags(__LINE__, HEAD "ld.global.seq_cst.gpu.u32 %r1, [%rd1];\nmov.u32 %r1, %q1;\nret;\n}\n",
		     "t.ptx:10:10: error: unknown modifier .seq_cst on ld [mem.seq-cst]\n"
		     " ld.global.seq_cst.gpu.u32 %r1, [%rd1];\n"
		     "          ^\n"
		     "t.ptx:11:14: error: undefined register %q1 [undef.register]\n"
		     " mov.u32 %r1, %q1;\n"
		     "              ^\n");
	/* a clean module has no diagnostics */
	expect_diags(__LINE__, HEAD "mov.u32 %r1, (1<<5)-1;\nret;\n}\n", "");
}

/* The value of a `// key: value` header line, or NULL. */
static char *header(const char *text, const char *key)
{
	const char *p = strstr(text, key);
	if (!p)
		return NULL;
	p += strlen(key);
	while (*p == ' ')
		p++;
	size_t n = strcspn(p, "\r\n");
	while (n && p[n - 1] == ' ')
		n--;
	return util_strndup(p, n);
}

TEST(ptx_check_snippets)
{
	char *dir = util_format("%s/ptx/check", test_dir());
	char **v;
	int n = list_dir(dir, ".ptx", &v), agree = 0, rules = 0, rules_ok = 0;
	for (int i = 0; i < n; i++) {
		size_t len;
		char *text = util_read_file(v[i], &len);
		if (!text)
			continue;
		char *verdict = header(text, "// ptxas-verdict:");
		char *rule = header(text, "// rule:");
		simt_diags d;
		simt_diags_init(&d);
		simt_ptx *m = NULL;
		simt_status st = simt_ptx_read(v[i], text, len, &m, &d);
		if (m && simt_ptx_check(m, &d) != SIMT_OK)
			st = SIMT_ERR_CHECK;
		const char *mine = st == SIMT_OK ? "ok" : "error";
		if (verdict && !strcmp(verdict, mine)) {
			agree++;
		} else {
			char *msg = first_diag(&d);
			test_fail(__FILE__, __LINE__, "%s: ptxas says %s, simtkit %s %s", v[i],
				  verdict ? verdict : "?", mine, msg);
			free(msg);
		}
		if (rule && *rule && st != SIMT_OK) {
			char *tag = util_format("[%s]", rule);
			bool found = false;
			for (int k = 0; k < d.count && !found; k++)
				found = strstr(d.items[k].message, tag) != NULL;
			rules++;
			rules_ok += found;
			if (!found) {
				char *msg = first_diag(&d);
				test_fail(__FILE__, __LINE__, "%s: no diagnostic names rule %s: %s", v[i],
					  rule, msg);
				free(msg);
			}
			free(tag);
		}
		free(verdict);
		free(rule);
		free(text);
		simt_ptx_free(m);
		simt_diags_free(&d);
	}
	if (n)
		printf("    ptx check snippets: %d of %d verdicts agree with ptxas, %d of %d rules\n",
		       agree, n, rules_ok, rules);
	free_list(v, n);
	free(dir);
}

TEST(ptx_fuzz_regressions)
{
	char *dir = util_format("%s/ptx/fuzz-regress", test_dir());
	char **v;
	int n = list_dir(dir, "", &v);
	for (int i = 0; i < n; i++) {
		size_t len;
		char *text = util_read_file(v[i], &len);
		if (!text)
			continue;
		simt_diags d;
		simt_diags_init(&d);
		simt_ptx *m = NULL;
		simt_status st = simt_ptx_read(v[i], text, len, &m, &d);
		if (m)
			simt_ptx_check(m, &d);
		if (m && st == SIMT_OK)
			roundtrip_file(v[i], false); /* it may fail checks */
		simt_ptx_free(m);
		simt_diags_free(&d);
		free(text);
	}
	free_list(v, n);
	free(dir);
}
