/*
 * object.h - the in-memory object (internal): what the assembler produces,
 * what the ELF writer serialises and the ELF reader rebuilds, what the
 * disassembler and the simulator load.  Layout of the ELF image: see
 * docs/object-format.md (cubin-like sections, private e_machine).
 */
#ifndef SIMT_ASM_OBJECT_H
#define SIMT_ASM_OBJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simt/simt.h"

typedef enum obj_sec_kind {
	OBJ_SEC_TEXT,     /* .text.<kernel>                      */
	OBJ_SEC_CONST,    /* .nv.constantN.<kernel>              */
	OBJ_SEC_SHARED,   /* .nv.shared.<kernel>, NOBITS         */
	OBJ_SEC_INFO,     /* .nv.info.<kernel>, made by the writer */
	OBJ_SEC_OTHER     /* any other section named in the source */
} obj_sec_kind;

/* Relocation kinds (r_type values, documented in docs/object-format.md). */
typedef enum obj_reloc_type {
	OBJ_R_NONE = 0,
	OBJ_R_ABS64_SHIFT4 = 1, /* CALL.ABS/RET.ABS offset field: (S+A) >> 4 */
	OBJ_R_ABS32 = 2,        /* .word symbol: S+A                           */
	OBJ_R_ABS64 = 3         /* .dword symbol: S+A                          */
} obj_reloc_type;

typedef struct obj_reloc {
	uint64_t offset;     /* byte offset in the section */
	obj_reloc_type type;
	int symbol;          /* index into simt_object.symbols */
	int64_t addend;
} obj_reloc;

typedef struct obj_section {
	char *name;
	obj_sec_kind kind;
	uint32_t sh_type;    /* SHT_PROGBITS, SHT_NOBITS, ... */
	uint64_t sh_flags;
	uint64_t align;
	uint8_t *data;       /* NULL for NOBITS */
	size_t size;
	int nrelocs;
	obj_reloc *relocs;
	int kernel;          /* owning kernel index or -1 */
	int bank;            /* OBJ_SEC_CONST: constant bank number */
} obj_section;

typedef struct obj_symbol {
	char *name;
	int section;         /* index into sections, -1 if undefined */
	uint64_t value, size;
	uint8_t bind;        /* STB_LOCAL / STB_GLOBAL */
	uint8_t type;        /* STT_NOTYPE / STT_FUNC / STT_OBJECT / STT_SECTION */
	uint8_t other;
} obj_symbol;

/* Per-kernel attributes, stored in .nv.info.<kernel>. */
typedef struct obj_kernel {
	char *name;
	int text;                /* section index of .text.<name> */
	uint32_t nregs;          /* highest GPR used + 1            */
	uint32_t nbarriers;      /* highest barrier id used + 1     */
	uint32_t shared_size;    /* static shared bytes             */
	uint32_t param_size;     /* bytes of parameters at c[0][0x100] */
	int nparams;
	uint32_t *param_offset, *param_size_of;
	int nexits;
	uint32_t *exit_offsets;  /* byte offsets of EXIT instructions */
} obj_kernel;

struct simt_object {
	int nsections;
	obj_section *sections;
	int nsymbols;
	obj_symbol *symbols;
	int nkernels;
	obj_kernel *kernels;
};

/* Constructors used by the assembler and the ELF reader. */
simt_object *obj_new(void);
int obj_add_section(simt_object *o, const char *name, obj_sec_kind kind);
int obj_add_symbol(simt_object *o, const char *name);
int obj_find_section(const simt_object *o, const char *name);
int obj_find_symbol(const simt_object *o, const char *name);

#endif
