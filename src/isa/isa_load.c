/*
 * isa_load.c - the entry points: parse every text, resolve, check.
 *
 * Contract: isa_load() returns SIMT_OK with a model that is parsed,
 * resolved and checked (isa_check), or an error status, diagnostics in d
 * and *out = NULL.  SIMT_ERR_PARSE covers syntax and resolution errors,
 * SIMT_ERR_CHECK the consistency checks, SIMT_ERR_NOMEM allocation failure.
 * Resolution runs only when every file parsed cleanly, the checks only on a
 * resolved model (so one mistake does not cascade).  The decode table is
 * not the model's business: codec_isa_load() (src/codec/load.c) adds it.
 */
#include <stdlib.h>
#include <string.h>

#include "isa/isa_priv.h"

static bool copy_inputs(isa_model *m, const char *const *names, const char *const *texts, int n)
{
	m->files = calloc((size_t)n + 1, sizeof *m->files);
	m->sources = calloc((size_t)n + 1, sizeof *m->sources);
	if (!m->files || !m->sources)
		return false;
	for (int i = 0; i < n; i++) {
		m->files[i] = util_strdup(names && names[i] ? names[i] : "<input>");
		m->sources[i] = util_strdup(texts[i] ? texts[i] : "");
		m->nfiles = i + 1;
		if (!m->files[i] || !m->sources[i])
			return false;
	}
	return true;
}

simt_status isa_load(const char *const *names, const char *const *texts, int n,
		     isa_model **out, simt_diags *d)
{
	simt_diags local;
	simt_diags_init(&local);
	if (!d)
		d = &local;
	if (out)
		*out = NULL;
	if (!out || n < 0 || (n > 0 && !texts))
		return SIMT_ERR_ARG;
	isa_model *m = calloc(1, sizeof *m);
	isa_ast ast = {0};
	simt_status st = SIMT_OK;
	int before = d->errors;
	if (!m || !copy_inputs(m, names, texts, n)) {
		st = SIMT_ERR_NOMEM;
		goto done;
	}
	for (int i = 0; i < n && !ast.nomem; i++)
		isa_parse_file(m, &ast, i, d);
	if (!ast.nomem && d->errors == before)
		isa_resolve(m, &ast, d);
	if (ast.nomem)
		st = SIMT_ERR_NOMEM;
	else if (d->errors != before)
		st = SIMT_ERR_PARSE;
	else if (isa_check(m, d) != SIMT_OK)
		st = SIMT_ERR_CHECK;
done:
	isa_ast_free(&ast);
	if (st != SIMT_OK)
		isa_free(m);
	else
		*out = m;
	simt_diags_free(&local);
	return st;
}

simt_status isa_load_builtin(isa_model **out, simt_diags *d)
{
	if (isa_builtin_count == 0) {
		if (out)
			*out = NULL;
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "this libsimt was built without ISA files (isa/*.isa)");
		return SIMT_ERR_ARG;
	}
	return isa_load(isa_builtin_names, isa_builtin_texts, isa_builtin_count, out, d);
}
