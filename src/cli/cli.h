/*
 * cli.h - the `simt` command (internal to src/cli).  One file per
 * subcommand; main.c dispatches from the table below.  Only the CLI prints.
 */
#ifndef SIMT_CLI_H
#define SIMT_CLI_H

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

/* Print every diagnostic of d to stderr; returns d->errors. */
int cli_print_diags(const simt_diags *d);
/* Load the ISA: --isa DIR when given (dir may be NULL for the builtin). */
simt_isa *cli_load_isa(const char *dir);

#endif
