/*
 * load.c - a usable ISA: the description model (src/isa) plus its decode
 * table (codec_build), and the public simt_isa_* entry points (simt.h).
 *
 * Contract: codec_isa_load() returns SIMT_OK with a checked model whose decoder
 * is built, or an error status with diagnostics and *out = NULL.  The
 * built-in ISA comes from the build-time snapshot (codec_snapshot, codec.h):
 * the same model, already parsed, checked and with its decoder, as data.  Models
 * made here are released with codec_isa_free(), which frees the decoder the
 * model layer knows nothing about.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec.h"
#include "simt/simt.h"

static simt_status with_decoder(simt_status st, isa_model **out, simt_diags *d)
{
	if (st != SIMT_OK)
		return st;
	st = codec_build(*out, d);
	if (st != SIMT_OK) {
		codec_isa_free(*out);
		*out = NULL;
	}
	return st;
}

simt_status codec_isa_load(const char *const *names, const char *const *texts,
		       int n, isa_model **out, simt_diags *d)
{
	return with_decoder(isa_load(names, texts, n, out, d), out, d);
}

simt_status codec_isa_parse_builtin(isa_model **out, simt_diags *d)
{
	return with_decoder(isa_load_builtin(out, d), out, d);
}

/* The snapshot's struct copied, its sources pointed at the embedded texts
 * (for diagnostics that quote a line); everything else is shared. */
simt_status codec_isa_builtin(isa_model **out, simt_diags *d)
{
	if (!codec_snapshot)
		return codec_isa_parse_builtin(out, d);
	if (!out)
		return SIMT_ERR_ARG;
	isa_model *m = malloc(sizeof *m);
	if (!m) {
		*out = NULL;
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0, "out of memory loading the ISA");
		return SIMT_ERR_NOMEM;
	}
	*m = *codec_snapshot;
	m->sources = (char **)isa_builtin_texts;
	*out = m;
	return SIMT_OK;
}

void codec_isa_free(isa_model *m)
{
	if (!m)
		return;
	if (m->static_data) {
		isa_free(m);
		return;
	}
	codec_free(m->decoder);
	m->decoder = NULL;
	isa_free(m);
}

/* ---- public API (simt.h) ---------------------------------------------- */


simt_status simt_isa_load_builtin(simt_isa **out, simt_diags *d)
{
	return codec_isa_builtin(out, d);
}

simt_status simt_isa_load_files(const char *const *paths, int n, simt_isa **out,
				simt_diags *d)
{
	if (out)
		*out = NULL;
	if (!out || n < 0 || (n > 0 && !paths))
		return SIMT_ERR_ARG;
	char **texts = calloc((size_t)n + 1, sizeof *texts);
	if (!texts)
		return SIMT_ERR_NOMEM;
	simt_status st = SIMT_OK;
	for (int i = 0; i < n; i++) {
		texts[i] = util_read_file(paths[i], NULL);
		if (!texts[i]) {
			util_diag(d, SIMT_SEV_ERROR, paths[i], NULL, 0, 0, "cannot read: %s",
				  strerror(errno));
			st = SIMT_ERR_IO;
		}
	}
	if (st == SIMT_OK)
		st = codec_isa_load(paths, (const char *const *)texts, n, out, d);
	for (int i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	return st;
}

simt_status simt_isa_check(const simt_isa *isa, simt_diags *d)
{
	if (!isa)
		return SIMT_ERR_ARG;
	return isa_check(isa, d);
}

void simt_isa_free(simt_isa *isa)
{
	codec_isa_free(isa);
}
