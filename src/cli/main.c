/* main.c - `simt SUBCOMMAND ...`: dispatch to one file per subcommand. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#include <fcntl.h>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "cli/cli.h"

static const struct {
	const char *name;
	int (*fn)(int, char **);
	const char *help;
} commands[] = {
#define CLI_X_ROW(name, fn, help) {#name, fn, help},
	CLI_COMMANDS(CLI_X_ROW)
#undef CLI_X_ROW
};

/* The usage text: on stdout when asked for (exit 0), else on stderr (2). */
static int usage(bool asked)
{
	util_buf b = {0};
	util_buf_puts(&b, "usage: simt COMMAND [ARGS...]\n       simt --version\n\ncommands:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		util_buf_printf(&b, "  %-6s %s\n", commands[i].name, commands[i].help);
	util_buf_puts(&b, "\n'simt COMMAND --help' describes one command.\n");
	char *text = util_buf_take(&b);
	int rc = cli_usage(text ? text : "usage: simt COMMAND [ARGS...]\n", asked);
	free(text);
	return rc;
}

/*
 * A short process's heap on 2 MiB pages (`simt ptx`, `simt as`, `simt run`; bench/RESULTS.md,
 * "PTX compile time, session 16").  A compile touches 0.3-2 MB of fresh
 * heap, one 4 KiB page fault for each page, and on a virtual machine a
 * fault costs ~12 us: a third of a compile's CPU time went to them.  With
 * glibc's malloc this makes the main heap one range advised
 * MADV_HUGEPAGE, whose 2 MiB regions fault in once each:
 * - blocks below HEAP_BLOCKS come from the heap, not from an mmap each
 *   (the assembler's 10 MB plan tables: an mmap, a fault per page touched
 *   and an munmap each, before);
 * - the heap grows by HEAP_PAD beyond each request and is not trimmed
 *   below it, so a compile's heap is one range advised once;
 * - the advice needs the 2 MiB region untouched: the block returned
 *   (free it at the end) fills the heap from its current top up to just
 *   below the first 2 MiB boundary past it, so that the next allocations
 *   start at that boundary.  Its own pages are not touched.  It is under
 *   2 MiB + the top's size, so HEAP_BLOCKS must stay above that: an
 *   mmap'd filler would fill nothing.
 * Nothing of the output depends on it; where it cannot apply (not glibc,
 * a sanitizer's allocator, transparent huge pages "never" or absent) it
 * does nothing.  The price is resident memory: the 2 MiB regions touched,
 * a few MB for a compile, and one small file read.
 */
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__) && \
	defined(MADV_HUGEPAGE) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
#define CLI_HEAP_HUGE 1
/* Transparent huge pages on ("always" or "madvise"): without them the
 * malloc parameters below would only cost (calloc then clears blocks an
 * mmap gave zeroed). */
static bool huge_pages_on(void)
{
	char buf[64];
	int fd = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	return !strstr(buf, "[never]");
}
#endif

void *cli_heap_huge(void)
{
#ifdef CLI_HEAP_HUGE
	enum { HEAP_BLOCKS = 32 << 20, HEAP_PAD = 32 << 20 };
	const uintptr_t huge = (uintptr_t)1 << 21;
	if (!huge_pages_on() || mallopt(M_MMAP_THRESHOLD, HEAP_BLOCKS) != 1 ||
	    mallopt(M_TRIM_THRESHOLD, 2 * HEAP_PAD) != 1 || mallopt(M_TOP_PAD, HEAP_PAD) != 1)
		return NULL;
	/* the free block at the heap's end (keepcost) reaches the break:
	 * a request for more than it extends the heap by HEAP_PAD more, and
	 * puts the new top's header 32 bytes below the boundary a */
	uintptr_t room = (uintptr_t)mallinfo2().keepcost;
	uintptr_t top = (uintptr_t)sbrk(0) - room;
	uintptr_t a = (top + room + 4096 + huge - 1) & ~(huge - 1);
	void *fill = malloc(a - top - 48);
	uintptr_t end = (uintptr_t)sbrk(0);
	if (fill && end > a + huge)
		(void)madvise((void *)a, (end - a) & ~(huge - 1), MADV_HUGEPAGE);
	return fill;
#else
	return NULL;
#endif
}

/* Every path out of the command ends in cli_exit(): standard output and
 * standard error are checked there (common.c, "How the CLI writes"). */
int main(int argc, char **argv)
{
	if (argc < 2)
		return cli_exit(usage(false));
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return cli_exit(usage(true));
	if (!strcmp(argv[1], "--version")) {
		cli_out_printf(cli_stdout(), "simt (simtkit) %s\n", simt_version());
		return cli_exit(0);
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (!strcmp(argv[1], commands[i].name))
			return cli_exit(commands[i].fn(argc - 1, argv + 1));
	fprintf(stderr, "simt: unknown command '%s'\n", argv[1]);
	return cli_exit(usage(false));
}
