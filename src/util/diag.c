/* diag.c - simt_diags list and formatting (public API of diag.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt/diag.h"
#include "util/util.h"

static const char *const status_names[] = {
#define SIMT_X_NAME(name, text) text,
	SIMT_STATUS_LIST(SIMT_X_NAME)
#undef SIMT_X_NAME
};

const char *simt_strerror(simt_status status)
{
	if ((unsigned)status >= UTIL_ARRAY_LEN(status_names))
		return "unknown status";
	return status_names[status];
}

void simt_diags_init(simt_diags *d)
{
	memset(d, 0, sizeof *d);
}

void simt_diags_clear(simt_diags *d)
{
	for (int i = 0; i < d->count; i++) {
		free(d->items[i].file);
		free(d->items[i].message);
		free(d->items[i].source_line);
	}
	d->count = 0;
	d->errors = 0;
}

void simt_diags_free(simt_diags *d)
{
	simt_diags_clear(d);
	free(d->items);
	d->items = NULL;
	d->capacity = 0;
}

size_t simt_diag_format(const simt_diag *g, char *buf, size_t size)
{
	static const char *const sev[] = {"error", "warning", "note"};
	util_buf b = {0};
	if (g->file && g->line > 0 && g->col > 0)
		util_buf_printf(&b, "%s:%d:%d: ", g->file, g->line, g->col);
	else if (g->file && g->line > 0)
		util_buf_printf(&b, "%s:%d: ", g->file, g->line);
	else if (g->file)
		util_buf_printf(&b, "%s: ", g->file);
	util_buf_printf(&b, "%s: %s\n", sev[g->severity], g->message);
	if (g->source_line) {
		util_buf_printf(&b, " %s\n ", g->source_line);
		size_t n = strlen(g->source_line);
		for (int i = 1; i < g->col && (size_t)(i - 1) < n; i++)
			util_buf_putc(&b, g->source_line[i - 1] == '\t' ? '\t' : ' ');
		if (g->col > 0)
			util_buf_puts(&b, "^\n");
		else
			b.len--, b.data[b.len] = '\0';
	}
	size_t need = b.len;
	if (size) {
		size_t k = need < size - 1 ? need : size - 1;
		if (b.data)
			memcpy(buf, b.data, k);
		buf[k] = '\0';
	}
	util_buf_free(&b);
	return need;
}
