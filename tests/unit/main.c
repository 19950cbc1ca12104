/* main.c - runs the registered unit tests; argv[1] filters by substring. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

typedef struct {
	const char *name, *file;
	test_fn fn;
} entry;

static entry tests[1024];
static int ntests;
static int failures_in_current;

void test_register(const char *name, test_fn fn, const char *file)
{
	if (ntests < (int)(sizeof tests / sizeof tests[0]))
		tests[ntests++] = (entry){name, file, fn};
}

void test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	if (failures_in_current++ >= 10)
		return; /* keep the output readable */
	fprintf(stdout, "    %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

const char *test_dir(void)
{
	const char *d = getenv("SIMT_TEST_DIR");
	return d ? d : "tests";
}

static int by_name(const void *a, const void *b)
{
	const entry *x = a, *y = b;
	int c = strcmp(x->file, y->file);
	return c ? c : strcmp(x->name, y->name);
}

int main(int argc, char **argv)
{
	int passed = 0, failed = 0;
	qsort(tests, (size_t)ntests, sizeof tests[0], by_name);
	for (int i = 0; i < ntests; i++) {
		if (argc > 1 && !strstr(tests[i].name, argv[1]))
			continue;
		failures_in_current = 0;
		tests[i].fn();
		fflush(stdout);
		if (failures_in_current) {
			printf("FAIL %s\n", tests[i].name);
			failed++;
		} else {
			printf("ok   %s\n", tests[i].name);
			passed++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
