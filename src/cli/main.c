/* main.c - `simt SUBCOMMAND ...`: dispatch to one file per subcommand. */
#include <stdio.h>
#include <string.h>

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

static void usage(FILE *f)
{
	fprintf(f, "usage: simt COMMAND [ARGS...]\n       simt --version\n\ncommands:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-6s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\n'simt COMMAND --help' describes one command.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("simt (simtkit) %s\n", simt_version());
		return 0;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "simt: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
