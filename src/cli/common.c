/* common.c - helpers shared by the subcommands. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"

int cli_print_diags(const simt_diags *d)
{
	char small[1024];
	for (int i = 0; i < d->count; i++) {
		size_t n = simt_diag_format(&d->items[i], small, sizeof small);
		if (n < sizeof small) {
			fputs(small, stderr);
			continue;
		}
		char *big = malloc(n + 1);
		if (!big)
			continue;
		simt_diag_format(&d->items[i], big, n + 1);
		fputs(big, stderr);
		free(big);
	}
	if (d->limit && d->errors > d->limit)
		fprintf(stderr, "(%d more errors not shown)\n", d->errors - d->limit);
	return d->errors;
}
