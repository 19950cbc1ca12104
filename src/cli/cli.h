/*
 * cli.h - the `simt` command (internal to src/cli).  One file per
 * subcommand; main.c dispatches from the table below.  Only the CLI prints.
 */
#ifndef SIMT_CLI_H
#define SIMT_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "simt/simt.h"
#include "simt/testfile.h"
#include "util/util.h"

/* X-macro: name, handler, one-line help. */
#define CLI_COMMANDS(X)                                                        \
	X(as, cli_as, "assemble a source file into an ELF object")             \
	X(dis, cli_dis, "disassemble an object or raw words")                  \
	X(isa, cli_isa, "check, dump or document ISA description files")       \
	X(ptx, cli_ptx, "check PTX or print it back (the PTX front end)")     \
	X(run, cli_run, "run a kernel on the simulator")                       \
	X(test, cli_test, "run self-checking simulator test files")            \
	X(explore, cli_explore, "run a test file under every schedule within a bound")

#define CLI_X_DECL(name, fn, help) int fn(int argc, char **argv);
CLI_COMMANDS(CLI_X_DECL)
#undef CLI_X_DECL

/*
 * Outputs (the rule is written at the top of common.c).  A cli_out is a
 * file the command produces, written to a temporary file in the target's
 * directory and renamed over the target by cli_out_commit() only when every
 * write succeeded; or standard output (cli_stdout()), checked once at exit
 * by cli_exit().  Writes never fail loudly on their own: the first error is
 * kept and reported by the commit ("simt: cannot write FILE: reason").
 */
typedef struct cli_out {
	FILE *f;
	char *path;   /* the target as the user named it; NULL: standard output */
	char *tmp;    /* temporary beside the target; NULL: written in place   */
	int err;      /* errno of the first failed write, 0 while all is well  */
} cli_out;

/*
 * Open path for a command `cmd` ("as", "dis", ...); "-" is standard output
 * (written in place, checked like a file).  Refused, with a
 * message on stderr, when path names one of the ninputs inputs (same
 * st_dev and st_ino, or the same path text when it does not exist yet) or
 * when no temporary can be created.  Targets that exist and are not
 * regular files (/dev/null, a pipe) are written in place.  Returns false
 * after printing why.
 */
bool cli_out_open(cli_out *o, const char *cmd, const char *path,
		  const char *const *inputs, int ninputs);
/* Standard output as a cli_out (one per process). */
cli_out *cli_stdout(void);
void cli_out_write(cli_out *o, const void *data, size_t len);
void cli_out_puts(cli_out *o, const char *s);
void cli_out_printf(cli_out *o, const char *fmt, ...)
	SIMT_PRINTF(2, 3);
/* Hand what was written so far to the file (keeps the first error). */
void cli_out_flush(cli_out *o);
/* Flush, close and rename over the target (no fsync, docs/cli.md); 0 on success, else 1
 * after "simt: cannot write FILE: reason" on stderr (the temporary is
 * removed and the target left as it was). */
int cli_out_commit(cli_out *o);
/* Drop an output: the temporary is removed, the target untouched. */
void cli_out_discard(cli_out *o);
/* End of the process: checks standard output (flush, close) and standard
 * error; returns the exit status (rc, or 1 when rc was 0 and a write
 * failed). */
int cli_exit(int rc);
/* The heap of a short process on 2 MiB pages (main.c); free the block it
 * returns (may be NULL) when the command ends. */
void *cli_heap_huge(void);
/* A command's usage text: on stdout and 0 when asked for (--help), else
 * on stderr and 2. */
int cli_usage(const char *text, bool asked);
/* A whole number from the command line: decimal or 0x hex, no sign, no
 * trailing text, at most max; false (after "simt CMD: OPT: ..." on stderr)
 * otherwise. */
bool cli_number(const char *cmd, const char *opt, const char *text,
		uint64_t max, uint64_t *out);

/* The opt-in run-time checks (SIMT_CHECK_LIST), one per line, for usage
 * texts. */
void cli_print_checks(cli_out *o);
struct util_buf;
/* Append every diagnostic of d, formatted, to out. */
void cli_format_diags(const simt_diags *d, struct util_buf *out);
/* Print every diagnostic of d to stderr; returns d->errors. */
int cli_print_diags(const simt_diags *d);
/* Load the ISA: --isa DIR when given (dir may be NULL for the builtin). */
simt_isa *cli_load_isa(const char *dir);
/* The whole of path ("-": standard input): mapped when it is a non-empty
 * regular file of less than UTIL_BIG bytes (*mapped set), else read into
 * one allocation (huge pages from UTIL_BIG on); NULL with
 * errno set on failure
 * (EFBIG above UTIL_INPUT_MAX bytes, docs/limits.md).
 * Give it back with cli_release_input(). */
char *cli_read_input(const char *path, size_t *len, bool *mapped);
void cli_release_input(char *data, size_t len, bool mapped);
/* The name diagnostics give an input: "<stdin>" for "-", else path. */
const char *cli_input_name(const char *path);

/* What a program is: by its name's extension (.o, .ptx, else assembly),
 * or, for standard input ("-"), by its content (ELF magic; a PTX module's
 * .version directive at the start of a line). */
typedef enum cli_prog_kind {
	CLI_PROG_SOURCE, CLI_PROG_OBJECT, CLI_PROG_PTX
} cli_prog_kind;
cli_prog_kind cli_program_kind(const char *path, const char *data, size_t len);
/* Read INPUT (a path or "-") as a program for `simt COMMAND`: an object
 * (with an empty test), PTX (the test from its //! lines, then compiled)
 * or an assembly test file (parsed, and assembled when ASSEMBLE; the
 * caller may assemble later with its own options).  *TF is always safe to
 * simt_testfile_free.  Returns 0, or 1 with the reasons in D (an unreadable
 * file is said on stderr). */
int cli_load_program(const char *command, const char *input, simt_isa *isa,
		     bool assemble, simt_testfile *tf, simt_object **obj,
		     simt_diags *d);


/*
 * wave.c: `simt run --timeline/--vcd`.  cli_wave_new takes the opened
 * outputs (either may be NULL) and the trace callback to forward to;
 * cli_wave_run is the simt_test_opts.run hook (user: the cli_wave);
 * cli_wave_finish closes what is open, writes the rest and frees.
 */
typedef struct cli_wave cli_wave;
cli_wave *cli_wave_new(cli_out *json, cli_out *vcd, simt_test_trace_fn *inner,
		       void *inner_user);
simt_test_run_fn cli_wave_run;
void cli_wave_finish(cli_wave *w);

/*
 * explore.c: `simt run --schedule FILE`.  cli_replay_new reads the file
 * (NULL after a message on stderr); cli_replay_relaxed says whether it was
 * explored under --memory=relaxed; cli_replay_hook wraps opts->run so the
 * run takes the file's choices; cli_replay_finish says whether the run met
 * them all (message on stderr, 1 when not) and frees.
 */
typedef struct cli_replay cli_replay;
cli_replay *cli_replay_new(const char *path);
bool cli_replay_relaxed(const cli_replay *r);
void cli_replay_hook(cli_replay *r, simt_test_opts *opts);
int cli_replay_finish(cli_replay *r, const char *path);

#endif
