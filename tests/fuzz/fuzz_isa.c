/*
 * fuzz_isa.c - libFuzzer target for the description-language front end:
 * any byte sequence, loaded after tests/isa/base.isa (so that resolution and
 * the checks run too, not only the parser), must return a status without
 * crashing, hanging or leaking.  Build and run: make fuzz-isa.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

static char *base_text;

static const char *base(void)
{
	if (!base_text) {
		const char *dir = getenv("SIMT_TEST_DIR");
		char *p = util_format("%s/isa/base.isa", dir ? dir : "tests");
		base_text = p ? util_read_file(p, NULL) : NULL;
		free(p);
		if (!base_text)
			base_text = util_strdup("");
	}
	return base_text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	const char *names[2] = {"base.isa", "fuzz.isa"};
	const char *texts[2] = {base(), text};
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = NULL;
	/* alone, and after the base definitions */
	if (isa_load(names + 1, texts + 1, 1, &m, &d) == SIMT_OK)
		isa_free(m);
	simt_diags_clear(&d);
	m = NULL;
	if (isa_load(names, texts, 2, &m, &d) == SIMT_OK) {
		char *json = isa_dump_json(m);
		free(json);
		isa_free(m);
	}
	simt_diags_free(&d);
	free(text);
	return 0;
}
