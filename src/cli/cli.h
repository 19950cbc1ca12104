/*
 * cli.h - the `simt` command (internal to src/cli).  One file per
 * subcommand; main.c dispatches from the table below.  Only the CLI prints.
 */
#ifndef SIMT_CLI_H
#define SIMT_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "simt/simt.h"

/* X-macro: name, handler, one-line help. */
#define CLI_COMMANDS(X)                                                        \
	X(as, cli_as, "assemble a source file into an ELF object")             \
	X(dis, cli_dis, "disassemble an object or raw words")                  \
	X(isa, cli_isa, "check, dump or document ISA description files")       \
	X(run, cli_run, "run a kernel on the simulator")                       \
	X(test, cli_test, "run self-checking simulator test files")

#define CLI_X_DECL(name, fn, help) int fn(int argc, char **argv);
CLI_COMMANDS(CLI_X_DECL)
#undef CLI_X_DECL

struct util_buf;
/* Append every diagnostic of d, formatted, to out. */
void cli_format_diags(const simt_diags *d, struct util_buf *out);
/* Print every diagnostic of d to stderr; returns d->errors. */
int cli_print_diags(const simt_diags *d);
/* Load the ISA: --isa DIR when given (dir may be NULL for the builtin). */
simt_isa *cli_load_isa(const char *dir);
/* The whole of path: mapped when it is a non-empty regular file (*mapped
 * set), else read into one allocation; NULL with errno set on failure.
 * Give it back with cli_release_input(). */
char *cli_read_input(const char *path, size_t *len, bool *mapped);
void cli_release_input(char *data, size_t len, bool mapped);

#endif
