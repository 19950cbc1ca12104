/*
 * object.h - the in-memory object (internal): what the assembler produces,
 * what the ELF writer serialises and the ELF reader rebuilds, what the
 * disassembler and the simulator load.  Layout of the ELF image: see
 * docs/object-format.md (cubin-like sections, private e_machine).
 */
#ifndef SIMT_OBJ_OBJECT_H
#define SIMT_OBJ_OBJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "obj/lines.h"
#include "simt/simt.h"
#include "util/util.h"

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

/* An indirect branch (BRX, ...) and the targets it may jump to, from the
 * source's (*"BRANCH_TARGETS ..."*) annotation; byte offsets in the text. */
typedef struct obj_branch {
	uint32_t offset;
	int ntargets;
	uint32_t *targets;
} obj_branch;

/* Per-kernel attributes, stored in .nv.info.<kernel>. */
typedef struct obj_kernel {
	char *name;
	int text;                /* section index of .text.<name> */
	uint32_t nregs;          /* highest GPR used + 1            */
	uint32_t nbarriers;      /* highest barrier id used + 1     */
	uint32_t nmbarriers;     /* mbarrier objects                */
	uint32_t shared_size;    /* static shared bytes             */
	uint32_t param_size;     /* bytes of parameters at c[0][0x100] */
	int nparams;
	uint32_t *param_offset, *param_size_of;
	int nexits;
	uint32_t *exit_offsets;  /* byte offsets of EXIT instructions */
	int nbranches;
	obj_branch *branches;    /* ascending offsets                */
	obj_linetab lines;       /* .nv.simt.lines.<name> (lines.h)  */
	uint32_t cluster[3];     /* required cluster shape (.cluster_dims,
				    PTX .reqnctapercluster); 0,0,0: any */
} obj_kernel;

struct simt_object {
	int nsections;
	obj_section *sections;
	int nsymbols;
	obj_symbol *symbols;
	int nkernels;
	obj_kernel *kernels;
	/* name -> first index, kept by obj_add_section/obj_add_symbol so that
	 * obj_find_* cost O(1) (building an object of N kernels is linear) */
	util_names secnames, symnames;
};

/* Constructors used by the assembler and the ELF reader. */
simt_object *obj_new(void);
int obj_add_section(simt_object *o, const char *name, obj_sec_kind kind);
int obj_add_symbol(simt_object *o, const char *name);
int obj_find_section(const simt_object *o, const char *name);
int obj_find_symbol(const simt_object *o, const char *name);

/*
 * Helpers for building objects (object.c).  Index-returning calls give -1
 * and boolean ones false when memory runs out.
 *
 * obj_add_section sets the defaults of its kind: TEXT PROGBITS ALLOC|EXEC
 * align 128; CONST PROGBITS ALLOC align 4, bank from ".nv.constantN...";
 * SHARED NOBITS ALLOC|WRITE align 16; INFO/OTHER PROGBITS align 1.
 *
 * obj_add_kernel makes a whole kernel: ".text.<name>", ".nv.constant0.<name>"
 * (0x100 zero bytes: the launch area of docs/launch-abi.md) and the global
 * STT_FUNC symbol <name> at offset 0 of the text; returns the kernel index.
 * The writer emits the kernel symbol's size as the text size when it is 0.
 */
int obj_add_kernel(simt_object *o, const char *name);
/* Only the kernels[] entry (text section index given), for the reader. */
int obj_add_kernel_entry(simt_object *o, const char *name, int text);
/* Append n bytes (data NULL: zeros) to a section; returns the offset or -1.
 * For NOBITS sections only the size grows. */
int64_t obj_section_append(obj_section *s, const void *data, size_t n);
bool obj_add_reloc(simt_object *o, int section, uint64_t offset,
		   obj_reloc_type type, int symbol, int64_t addend);
/* Next parameter of kernel k, aligned to its size (PTX .param layout); grows
 * .nv.constant0.<k>.  Returns the parameter's c[0x0] offset or -1. */
int64_t obj_kernel_add_param(simt_object *o, int k, uint32_t size);
bool obj_kernel_add_exit(simt_object *o, int k, uint32_t offset);
/* An indirect branch at offset with n targets (copied); offsets ascend. */
bool obj_kernel_add_branch(simt_object *o, int k, uint32_t offset,
			   const uint32_t *targets, int n);
/* Constant bank section N of kernel k (created when missing), or -1. */
int obj_kernel_const(simt_object *o, int k, int bank);
/* Shared section of kernel k (created when missing), or -1.  Grow it with
 * obj_section_append(s, NULL, n); its size is the kernel's static shared size
 * (the writer takes kernels[k].shared_size when it is larger, and the
 * reader sets both). */
int obj_kernel_shared(simt_object *o, int k);

#endif
