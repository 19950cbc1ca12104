/*
 * test_examples.c - every program in examples/ assembles with the builtin
 * ISA without a diagnostic (the README runs them; this keeps them from
 * rotting when the ISA or the assembler changes).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "simt/simt.h"
#include "util/util.h"
#include "test.h"

static void assemble_file(const simt_isa *isa, const char *path)
{
	size_t len = 0;
	char *text = util_read_file(path, &len);
	if (!text) {
		test_fail(__FILE__, __LINE__, "cannot read %s", path);
		return;
	}
	simt_diags d;
	simt_diags_init(&d);
	simt_object *obj = NULL;
	simt_status s = simt_assemble(isa, path, text, len, &obj, &d);
	for (int i = 0; i < d.count; i++)
		test_fail(__FILE__, __LINE__, "%s:%d:%d: %s", path, d.items[i].line,
			  d.items[i].col, d.items[i].message);
	CHECK(s == SIMT_OK && obj && simt_object_kernel_count(obj) == 1);
	simt_object_free(obj);
	simt_diags_free(&d);
	free(text);
}

TEST(examples_assemble)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_isa *isa = NULL;
	CHECK(simt_isa_load_builtin(&isa, &d) == SIMT_OK);
	simt_diags_free(&d);
	char *dir = util_format("%s/../examples", test_dir());
	DIR *dp = dir && isa ? opendir(dir) : NULL;
	int n = 0;
	struct dirent *e;
	while (dp && (e = readdir(dp)) != NULL) {
		size_t l = strlen(e->d_name);
		if (l < 3 || strcmp(e->d_name + l - 2, ".s") != 0)
			continue;
		char *path = util_format("%s/%s", dir, e->d_name);
		assemble_file(isa, path);
		free(path);
		n++;
	}
	if (dp)
		closedir(dp);
	CHECK(n >= 3);
	free(dir);
	simt_isa_free(isa);
}
