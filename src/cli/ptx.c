/*
 * ptx.c - `simt ptx`: the PTX front end.
 *   simt ptx --check IN.ptx        report every error; exit 1 if any
 *   simt ptx --dump IN.ptx [-o F]  print the parsed module back as PTX
 *   simt ptx IN.ptx -o OUT.o [--arch sm_XX] [-v]   lower to an ELF object
 *   simt ptx -S IN.ptx [-o OUT.s]  print the lowered assembly (PTX line beside
 *                                  each instruction; `simt as` reassembles it)
 *   --dump-after=PASS (cfg uniform sync isel peephole dead ifconv regalloc frame), --verify-each
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "simt/ptx.h"
#include "simt/simt.h"
#include "util/util.h"

static const char usage_text[] =
	"usage: simt ptx --check IN.ptx...\n"
	"       simt ptx --dump IN.ptx [-o OUT.ptx]\n"
	"  --check  parse and check against the ptxas rules; every error is\n"
	"           printed as file:line:col with the source line\n"
	"  --dump   print the parsed module back as PTX\n"
	"       simt ptx IN.ptx -o OUT.o [--arch sm_75|sm_80|sm_90] [-v]\n"
	"       simt ptx -S IN.ptx [-o OUT.s]\n"
	"  -o       write the ELF object (the same object `simt as` writes)\n"
	"  -S       print the lowered assembly, PTX line beside each instruction\n"
	"  -v       resource report per kernel (registers, barriers, shared, local)\n"
	"  --arch   the target the PTX must be for (default: its .target)\n"
	"  --dump-after=PASS   print the IR after cfg|uniform|sync|isel|peephole|dead|ifconv|regalloc|frame\n"
	"  --verify-each       run the verifier after every pass\n";

/* text to path (a cli_out: atomic, refused when it names the input `in`)
 * or, without a path, to standard output; 0 or 1 as the command's exit. */
static int write_text(const char *in, const char *path, const char *text,
		      size_t len)
{
	if (!path) {
		cli_out_write(cli_stdout(), text, len);
		return 0;
	}
	cli_out o;
	const char *inputs[] = {in};
	if (!cli_out_open(&o, "ptx", path, inputs, 1))
		return 1;
	cli_out_write(&o, text, len);
	return cli_out_commit(&o);
}

static int one(const char *in, bool check, bool dump, const char *out)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_ptx *m = NULL;
	size_t len = 0;
	bool mapped = false;
	char *text = cli_read_input(in, &len, &mapped);
	simt_status st = SIMT_ERR_IO;
	if (text)
		st = simt_ptx_read(cli_input_name(in), text, len, &m, &d);
	else
		fprintf(stderr, "simt ptx: cannot read '%s': %s\n", in, strerror(errno));
	cli_release_input(text, len, mapped);
	int rc = st == SIMT_OK ? 0 : 1;
	if (m && check && simt_ptx_check(m, &d) != SIMT_OK)
		rc = 1;
	cli_print_diags(&d);
	if (m && dump && rc == 0) {
		char *dumped = NULL;
		size_t dlen = 0;
		if (simt_ptx_dump(m, &dumped, &dlen) == SIMT_OK)
			rc = write_text(in, out, dumped, dlen);
		else
			rc = 1;
		free(dumped);
	}
	if (st == SIMT_ERR_NOMEM)
		fprintf(stderr, "%s: %s\n", in, simt_strerror(st));
	simt_ptx_free(m);
	simt_diags_free(&d);
	return rc;
}

typedef struct lower_cli {
	bool S, v, verify_each;
	const char *arch, *dump_after, *isa_dir;
} lower_cli;

static int lower_one(const char *in, const char *out, const lower_cli *lc)
{
	simt_diags d;
	simt_diags_init(&d);
	int rc = 0;
	size_t len = 0;
	bool mapped = false;
	char *text = cli_read_input(in, &len, &mapped);
	if (!text) {
		fprintf(stderr, "simt ptx: cannot read '%s': %s\n", in, strerror(errno));
		return 1;
	}
	simt_ptx *m = NULL;
	simt_status st = simt_ptx_read(cli_input_name(in), text, len, &m, &d);
	cli_release_input(text, len, mapped);
	if (st == SIMT_OK)
		st = simt_ptx_check(m, &d);
	if (st == SIMT_OK && lc->arch) {
		/* --arch: the module's .target must be that architecture */
		const char *want = lc->arch;
		char *dumped = NULL;
		if (simt_ptx_dump(m, &dumped, NULL) == SIMT_OK && dumped) {
			const char *t = strstr(dumped, ".target ");
			if (!t || strncmp(t + 8, want, strlen(want))) {
				fprintf(stderr, "%s: the PTX is not for %s\n", in, want);
				st = SIMT_ERR_ARG;
			}
		}
		free(dumped);
	}
	char *asm_text = NULL, *report = NULL, *dump = NULL;
	simt_ptx_lower_opts o_ = {lc->dump_after, lc->verify_each};
	/* An object is lowered once, by simt_ptx_assemble (which gives the -v
	 * report too); a separate lowering only for -S or --dump-after. */
	bool object = !lc->S && out;
	if (st == SIMT_OK && (!object || lc->dump_after))
		st = simt_ptx_lower(m, &o_, &asm_text, lc->v ? &report : NULL, &dump, &d);
	if (dump && *dump)
		cli_out_puts(cli_stdout(), dump);
	simt_isa *isa = NULL;
	if (st == SIMT_OK && object) {
		isa = cli_load_isa(lc->isa_dir);
		simt_object *obj = NULL;
		free(report);
		report = NULL;
		if (!isa) {
			st = SIMT_ERR_ARG;
		} else if ((st = simt_ptx_assemble(isa, m, &o_, &obj, NULL,
						    lc->v ? &report : NULL, &d)) == SIMT_OK) {
			/* lowered again: the object's line tables name the PTX and
			 * CUDA lines (simt_ptx_assemble), not the lowered text */
			uint8_t *image = NULL;
			size_t n = 0;
			if ((st = simt_object_write(obj, &image, &n, &d)) == SIMT_OK)
				rc = write_text(in, out, (const char *)image, n);
			free(image);
		}
		simt_object_free(obj);
	}
	if (st == SIMT_OK && lc->S)
		rc = write_text(in, out, asm_text, strlen(asm_text));
	if (st == SIMT_OK && lc->v && report)
		fputs(report, stderr);
	cli_print_diags(&d);
	if (st != SIMT_OK)
		rc = 1;
	if (isa)
		simt_isa_free(isa);
	free(asm_text);
	free(report);
	free(dump);
	simt_ptx_free(m);
	simt_diags_free(&d);
	return rc;
}

int cli_ptx(int argc, char **argv)
{
	const char *out = NULL;
	bool check = false, dump = false;
	lower_cli lc = {0};
	const char *ins[256];
	int nin = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--check"))
			check = true;
		else if (!strcmp(argv[i], "--dump"))
			dump = true;
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "-S"))
			lc.S = true;
		else if (!strcmp(argv[i], "-v"))
			lc.v = true;
		else if (!strcmp(argv[i], "--verify-each"))
			lc.verify_each = true;
		else if (!strcmp(argv[i], "--arch") && i + 1 < argc)
			lc.arch = argv[++i];
		else if (!strcmp(argv[i], "--isa") && i + 1 < argc)
			lc.isa_dir = argv[++i];
		else if (!strncmp(argv[i], "--dump-after=", 13)) {
			lc.dump_after = argv[i] + 13;
			if (!simt_ptx_pass_known(lc.dump_after)) {
				fprintf(stderr, "simt ptx: unknown pass '%s' (", lc.dump_after);
				for (unsigned k = 0; simt_ptx_pass_name(k); k++)
					fprintf(stderr, "%s%s", k ? " " : "", simt_ptx_pass_name(k));
				fprintf(stderr, ")\n");
				return 2;
			}
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return cli_usage(usage_text, true);
		else if (argv[i][0] == '-' && argv[i][1])
			return cli_usage(usage_text, false);
		else if (nin < 256)
			ins[nin++] = argv[i];
		else
			return cli_usage(usage_text, false);
	}
	bool lower = lc.S || lc.v || lc.dump_after || lc.verify_each || (out && !dump);
	if (!nin || (!check && !dump && !lower) || ((dump || lower) && nin != 1 && out))
		return cli_usage(usage_text, false);
	int rc = 0;
	void *heap = cli_heap_huge();
	for (int i = 0; i < nin; i++) {
		if (lower && !check && !dump)
			rc |= lower_one(ins[i], out, &lc);
		else
			rc |= one(ins[i], check, dump, out);
	}
	free(heap);
	return rc;
}
