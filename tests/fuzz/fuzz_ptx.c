/*
 * fuzz_ptx.c - libFuzzer target for the PTX front end: any bytes as a .ptx
 * file must give SIMT_OK or located errors, never a crash, hang, leak or
 * sanitizer report.  Every input is read, checked and dumped; an input that
 * reads without error must also round-trip: dump(read(dump(m))) == dump(m)
 * (a difference aborts, so libFuzzer keeps it as a crasher).
 * Build and run: make fuzz-ptx FUZZ_SECONDS=1800 (tests/fuzz/README.md).
 * Crashers found are kept under tests/ptx/fuzz-regress/ (parsed by the unit
 * tests).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "simt/ptx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_ptx *m = NULL;
	simt_status st = simt_ptx_read("fuzz.ptx", (const char *)data, size, &m, &d);
	if (m)
		simt_ptx_check(m, &d);
	if (m && st == SIMT_OK) {
		char *t1 = NULL, *t2 = NULL;
		size_t n1 = 0, n2 = 0;
		if (simt_ptx_dump(m, &t1, &n1) == SIMT_OK) {
			simt_ptx *m2 = NULL;
			simt_diags d2;
			simt_diags_init(&d2);
			if (simt_ptx_read("dump.ptx", t1, n1, &m2, &d2) != SIMT_OK)
				abort(); /* the dump of a good module must read back */
			if (simt_ptx_dump(m2, &t2, &n2) != SIMT_OK || n1 != n2 ||
			    memcmp(t1, t2, n1) != 0)
				abort(); /* and print the same */
			simt_ptx_free(m2);
			simt_diags_free(&d2);
		}
		free(t1);
		free(t2);
	}
	simt_ptx_free(m);
	simt_diags_free(&d);
	return 0;
}
