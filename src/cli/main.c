/* main.c - `simt SUBCOMMAND ...`: dispatch to one file per subcommand. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
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
