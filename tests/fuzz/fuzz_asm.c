/*
 * fuzz_asm.c - libFuzzer target for the assembler: any bytes as a source
 * file must give SIMT_OK or a located error, never a crash, hang or leak.
 * Build and run: make fuzz-asm FUZZ_SECONDS=N (tests/fuzz/README.md)
 * (corpus tests/fuzz/corpus/asm, started from tests/asm and examples).  Each input is also fed,
 * line by line, to asm_line (the single-instruction entry point).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "simt/simt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static simt_isa *isa;
	if (!isa && simt_isa_load_builtin(&isa, NULL) != SIMT_OK)
		abort();
	simt_diags d;
	simt_diags_init(&d);
	simt_object *o = NULL;
	simt_assemble(isa, "fuzz.s", (const char *)data, size, &o, &d);
	if (o) {
		uint8_t *image = NULL;
		size_t len = 0;
		simt_object_write(o, &image, &len, &d);
		free(image);
	}
	simt_object_free(o);
	simt_diags_free(&d);
	/* the first line through the single-instruction path */
	char line[256];
	size_t n = 0;
	while (n < size && n < sizeof line - 1 && data[n] != '\n' && data[n])
		n++;
	memcpy(line, data, n);
	line[n] = '\0';
	isa_word w;
	simt_diags_init(&d);
	asm_line(isa, line, 0x100, &w, &d);
	simt_diags_free(&d);
	return 0;
}
