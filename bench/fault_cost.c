/*
 * fault_cost.c - what a page fault costs on this machine.
 *
 *   cc -O2 -static bench/fault_cost.c -o /tmp/fault_cost
 *   taskset -c 0 perf stat -r 10 -e task-clock,page-faults /tmp/fault_cost MODE N
 *
 * Touches N pages of fresh anonymous memory, one byte each, after mapping
 * them in one of four ways (MODE):
 *
 *   none      nothing: the process's own start, for subtraction
 *   small     4 KiB pages (MADV_NOHUGEPAGE): one fault a page
 *   populate  4 KiB pages populated by MADV_POPULATE_WRITE before the
 *             loop: no fault, the kernel's per-page work remains
 *   huge      2 MiB pages (MADV_HUGEPAGE, aligned): one fault a huge page;
 *             N counts huge pages
 *
 * The difference of two modes' task-clock over N is the cost of one page
 * of that kind; bench/RESULTS.md "What a page fault costs here" has the
 * readings and why they matter to the short runs the benches time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

#define SMALL ((size_t)4096)
#define HUGE ((size_t)2 << 20)

static char *map(size_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("fault_cost: mmap");
		exit(1);
	}
	return p;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: fault_cost none|small|populate|huge N\n");
		return 2;
	}
	const char *mode = argv[1];
	size_t n = strtoul(argv[2], NULL, 10), step = SMALL;
	char *p;
	if (!strcmp(mode, "none")) {
		return 0;
	} else if (!strcmp(mode, "small") || !strcmp(mode, "populate")) {
		p = map(n * SMALL);
		madvise(p, n * SMALL, MADV_NOHUGEPAGE);
		if (mode[0] == 'p' && madvise(p, n * SMALL, MADV_POPULATE_WRITE) != 0) {
			perror("fault_cost: MADV_POPULATE_WRITE");
			return 1;
		}
	} else if (!strcmp(mode, "huge")) {
		char *raw = map((n + 1) * HUGE);
		p = (char *)(((uintptr_t)raw + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
		madvise(p, n * HUGE, MADV_HUGEPAGE);
		step = HUGE;
	} else {
		fprintf(stderr, "fault_cost: unknown mode '%s'\n", mode);
		return 2;
	}
	for (size_t i = 0; i < n; i++)
		p[i * step] = 1;
	return 0;
}
