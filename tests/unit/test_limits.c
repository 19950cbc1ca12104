/*
 * test_limits.c - docs/limits.md lists every limit of SIMT_LIMIT_LIST
 * (include/simt/sim.h) with its value: a row "| `NAME` | VALUE |" per
 * entry, so the table cannot drift from the code.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt/sim.h"
#include "util/util.h"
#include "test.h"

TEST(limits_documented_with_their_values)
{
	static const struct {
		const char *name;
		uint64_t value;
	} limits[] = {
#define X(name, where) {#name, (uint64_t)(name)},
		SIMT_LIMIT_LIST(X)
#undef X
	};
	char *path = util_format("%s/../docs/limits.md", test_dir());
	char *doc = path ? util_read_file(path, NULL) : NULL;
	CHECK(doc != NULL);
	for (size_t k = 0; doc && k < sizeof limits / sizeof limits[0]; k++) {
		char row[128];
		snprintf(row, sizeof row, "| `%s` | %" PRIu64 " |", limits[k].name,
			 limits[k].value);
		if (!strstr(doc, row))
			test_fail(__FILE__, __LINE__, "docs/limits.md has no row '%s'", row);
	}
	free(doc);
	free(path);
}
