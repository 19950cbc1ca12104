/*
 * replay_main.c - the main() that turns a libFuzzer target into a plain
 * program (built without libFuzzer, under ASan/UBSan by `make check`):
 * every FILE argument (directories: every file inside, sorted) is read and
 * passed once to LLVMFuzzerTestOneInput.  The target aborts on a broken
 * oracle and the sanitizers abort on a report, so surviving is passing:
 * one line "ok FILE" per input, then "N passed, 0 failed".
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int passed;

static void replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "FAIL %s: cannot open\n", path);
		exit(1);
	}
	size_t cap = 4096, n = 0;
	uint8_t *buf = malloc(cap);
	for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
		n += got;
		if (n == cap) {
			uint8_t *p = realloc(buf, cap *= 2);
			if (!p)
				free(buf);
			buf = p;
		}
	}
	fclose(f);
	if (!buf) {
		fprintf(stderr, "FAIL %s: out of memory\n", path);
		exit(1);
	}
	/* an exact-size copy, so ASan sees reads past the input's end */
	uint8_t *exact = malloc(n ? n : 1);
	if (!exact)
		exit(1);
	memcpy(exact, buf, n);
	free(buf);
	fprintf(stderr, "replay %s\n", path); /* names the input of a crash */
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	printf("ok %s\n", path);
	passed++;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void replay(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		replay_file(path);
		return;
	}
	DIR *dir = opendir(path);
	char **names = NULL;
	size_t n = 0;
	for (struct dirent *e; dir && (e = readdir(dir));) {
		if (e->d_name[0] == '.')
			continue;
		char **p = realloc(names, (n + 1) * sizeof *names);
		size_t len = strlen(path) + strlen(e->d_name) + 2;
		if (!p || !(p[n] = malloc(len)))
			exit(1);
		names = p;
		snprintf(names[n++], len, "%s/%s", path, e->d_name);
	}
	if (dir)
		closedir(dir);
	if (n)
		qsort(names, n, sizeof *names, by_name);
	for (size_t k = 0; k < n; k++) {
		replay(names[k]);
		free(names[k]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	for (int k = 1; k < argc; k++)
		replay(argv[k]);
	printf("%d passed, 0 failed\n", passed);
	return 0;
}
