/*
 * api.c - the public PTX API (simt/ptx.h): read = lex + parse into a module
 * that owns its arena and a copy of its text; check; dump; free.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "obj/object.h"
#include "ptx/ptx.h"
#include "ptx/lower_api.h"
#include "simt/ptx.h"
#include "simt/simt.h"
#include "util/util.h"

struct simt_ptx {
	ptx_module m;
};

simt_status simt_ptx_read(const char *name, const char *text, size_t len,
			  simt_ptx **out, simt_diags *d)
{
	*out = NULL;
	jmp_buf jb;
	ptx_arena a = {0};
	a.oom = &jb;
	/* every allocation below goes through m->arena once m exists */
	ptx_module *volatile m = NULL;
	if (setjmp(jb)) {
		if (m)
			ptx_module_free(m);
		else
			ptx_arena_free(&a);
		return SIMT_ERR_NOMEM;
	}
	simt_ptx *h = ptx_alloc(&a, sizeof *h);
	m = &h->m;
	m->arena = a;
	m->path = ptx_strndup(&m->arena, name ? name : "<ptx>", strlen(name ? name : "<ptx>"));
	m->src = ptx_strndup(&m->arena, text, len);
	m->len = len;
	ptx_ctx c = {0};
	c.m = m;
	c.d = d;
	ptx_lex(&c, m->src, len);
	ptx_parse(&c);
	m->arena.oom = NULL;
	*out = h;
	return c.errors ? SIMT_ERR_PARSE : SIMT_OK;
}

simt_status simt_ptx_read_file(const char *path, simt_ptx **out, simt_diags *d)
{
	size_t len = 0;
	char *text = util_read_file(path, &len);
	*out = NULL;
	if (!text) {
		util_diag(d, SIMT_SEV_ERROR, path, NULL, 0, 0, "%s", strerror(errno));
		return SIMT_ERR_IO;
	}
	simt_status st = simt_ptx_read(path, text, len, out, d);
	free(text);
	return st;
}

simt_status simt_ptx_check(simt_ptx *h, simt_diags *d)
{
	return ptx_check(&h->m, d) ? SIMT_ERR_CHECK : SIMT_OK;
}

simt_status simt_ptx_dump(const simt_ptx *h, char **text, size_t *len)
{
	util_buf b = {0};
	ptx_dump(&h->m, &b);
	if (b.failed) {
		util_buf_free(&b);
		*text = NULL;
		return SIMT_ERR_NOMEM;
	}
	if (len)
		*len = b.len;
	*text = util_buf_take(&b);
	if (!*text)
		*text = util_strdup("");
	return *text ? SIMT_OK : SIMT_ERR_NOMEM;
}

void simt_ptx_free(simt_ptx *h)
{
	if (h)
		ptx_module_free(&h->m);
}

/* ---- lowering ------------------------------------------------------------- */

bool simt_ptx_pass_known(const char *name)
{
	return ptx_lower_pass_known(name);
}

const char *simt_ptx_pass_name(unsigned i)
{
	return ptx_lower_pass_name(i);
}

/* The lowering; *lines (when asked) gets one ptx_text_line per line of
 * *asm_text. */
static simt_status lower(simt_ptx *h, const simt_ptx_lower_opts *o, char **asm_text,
			 char **report, char **dump, ptx_text_line **lines, size_t *nlines,
			 simt_diags *d)
{
	util_buf text = {0}, rep = {0}, dmp = {0}, map = {0};
	ptx_lower_opts lo = {0};
	if (o) {
		lo.dump_after = o->dump_after;
		lo.verify_each = o->verify_each;
	}
	jmp_buf jb;
	jmp_buf *saved = h->m.arena.oom;
	h->m.arena.oom = &jb;
	int errors;
	if (setjmp(jb)) {
		h->m.arena.oom = saved;
		util_buf_free(&text);
		util_buf_free(&rep);
		util_buf_free(&dmp);
		util_buf_free(&map);
		return SIMT_ERR_NOMEM;
	}
	errors = ptx_lower_module(&h->m, &lo, &text, report ? &rep : NULL, &dmp,
				  lines ? &map : NULL, d);
	h->m.arena.oom = saved;
	if (asm_text) {
		*asm_text = util_buf_take(&text);
		if (!*asm_text)
			*asm_text = util_strdup("");
	}
	if (report) {
		*report = util_buf_take(&rep);
		if (!*report)
			*report = util_strdup("");
	}
	if (dump) {
		*dump = util_buf_take(&dmp);
		if (!*dump)
			*dump = util_strdup("");
	}
	if (lines) {
		*nlines = map.len / sizeof(ptx_text_line);
		*lines = (ptx_text_line *)util_buf_take(&map);
	}
	util_buf_free(&text);
	util_buf_free(&rep);
	util_buf_free(&dmp);
	util_buf_free(&map);
	return errors ? SIMT_ERR_CHECK : SIMT_OK;
}

simt_status simt_ptx_lower(simt_ptx *h, const simt_ptx_lower_opts *o,
			   char **asm_text, char **report, char **dump,
			   simt_diags *d)
{
	return lower(h, o, asm_text, report, dump, NULL, NULL, d);
}

/* The name of the module's .file idx, NULL when there is none. */
static const char *cuda_file(const ptx_module *m, int idx)
{
	for (int i = 0; i < m->nitems; i++)
		if (m->items[i]->kind == PTX_ITEM_FILE && m->items[i]->file.index == idx)
			return m->items[i]->file.path;
	return NULL;
}

/* The assembler's line tables name lines of the lowered text; make the
 * site table name the PTX lines and the origin table the CUDA lines of the
 * .loc in force (docs/ptx.md "Diagnostics").  False when out of memory. */
static bool remap_lines(simt_object *obj, const ptx_module *m, ptx_text_line *map,
			size_t nmap)
{
	/* a record made by the lowering (a BSYNC stub before a join, the
	 * EXIT of a body that falls off its end) takes the location of the
	 * next record of its kernel, else of the one before */
	for (size_t i = nmap; i-- > 0;)
		if (!map[i].ptx_line && i + 1 < nmap && map[i + 1].ptx_line > 0)
			map[i] = map[i + 1];
	for (size_t i = 1; i < nmap; i++)
		if (!map[i].ptx_line && map[i - 1].ptx_line > 0)
			map[i] = map[i - 1];
	for (int k = 0; k < obj->nkernels; k++) {
		obj_linetab *old = &obj->kernels[k].lines;
		obj_linetab nt = {0};
		bool ok = true;
		int fp = obj_lines_file(&nt, m->path);
		ok &= fp >= 0;
		for (int i = 0; ok && i < old->nrows[OBJ_LINES_SITE]; i++) {
			const obj_line *r = &old->rows[OBJ_LINES_SITE][i];
			if (r->file == OBJ_LINE_NOFILE) {
				ok &= obj_lines_add(&nt, OBJ_LINES_SITE, r->pc, OBJ_LINE_NOFILE, 0, 0);
				if (nt.nrows[OBJ_LINES_ORIGIN])
					ok &= obj_lines_add(&nt, OBJ_LINES_ORIGIN, r->pc, OBJ_LINE_NOFILE, 0, 0);
				continue;
			}
			size_t l = r->line ? r->line - 1 : nmap;
			const ptx_text_line *e = l < nmap ? &map[l] : NULL;
			if (e && e->ptx_line > 0) {
				ok &= obj_lines_add(&nt, OBJ_LINES_SITE, r->pc, (unsigned)fp, (uint32_t)e->ptx_line, 0);
			} else {
				int f = obj_lines_file(&nt, old->files[r->file]);
				ok &= f >= 0 && obj_lines_add(&nt, OBJ_LINES_SITE, r->pc, (unsigned)f, r->line, r->col);
			}
			const char *cn = e && e->cuda_line ? cuda_file(m, e->cuda_file) : NULL;
			if (cn) {
				int f = obj_lines_file(&nt, cn);
				ok &= f >= 0 && obj_lines_add(&nt, OBJ_LINES_ORIGIN, r->pc, (unsigned)f,
							     (uint32_t)e->cuda_line, 0);
			} else if (nt.nrows[OBJ_LINES_ORIGIN]) {
				ok &= obj_lines_add(&nt, OBJ_LINES_ORIGIN, r->pc, OBJ_LINE_NOFILE, 0, 0);
			}
		}
		if (!ok) {
			obj_lines_free(&nt);
			return false;
		}
		obj_lines_free(old);
		*old = nt;
	}
	return true;
}

simt_status simt_ptx_assemble(const simt_isa *isa, simt_ptx *m, const simt_ptx_lower_opts *o,
			      simt_object **out, char **asm_text, char **report, simt_diags *d)
{
	char *s = NULL;
	ptx_text_line *map = NULL;
	size_t nmap = 0;
	*out = NULL;
	simt_status st = lower(m, o, &s, report, NULL, &map, &nmap, d);
	if (st == SIMT_OK) {
		size_t n = strlen(s);
		const char *name = m->m.path;
		char *aname = util_format("%s (lowered)", name ? name : "<ptx>");
		st = simt_assemble(isa, aname ? aname : "<ptx>", s, n, out, d);
		free(aname);
		if (st == SIMT_OK && !remap_lines(*out, &m->m, map, nmap)) {
			simt_object_free(*out);
			*out = NULL;
			st = SIMT_ERR_NOMEM;
		}
	}
	free(map);
	if (asm_text)
		*asm_text = s;
	else
		free(s);
	return st;
}

simt_status simt_ptx_compile(const simt_isa *isa, const char *name,
			     const char *text, size_t len,
			     const simt_ptx_lower_opts *o, simt_object **out,
			     char **asm_text, char **report, simt_diags *d)
{
	simt_ptx *m = NULL;
	*out = NULL;
	if (asm_text)
		*asm_text = NULL;
	simt_status st = simt_ptx_read(name, text, len, &m, d);
	if (st == SIMT_OK)
		st = simt_ptx_check(m, d);
	if (st == SIMT_OK)
		st = simt_ptx_assemble(isa, m, o, out, asm_text, report, d);
	simt_ptx_free(m);
	return st;
}
