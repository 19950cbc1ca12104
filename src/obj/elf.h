/*
 * elf.h - the ELF64 subset that simtkit objects use (internal to the object
 * writer and reader).  Own definitions rather than the system's <elf.h>, so
 * the format is spelled out in one place and builds anywhere; the values are
 * the standard gABI ones.  Every structure is read and written field by field
 * in little-endian order (elf_get/elf_put), never by casting the image, so
 * neither host byte order nor image alignment matters.
 *
 * Image layout written by elf_write.c (see docs/object-format.md):
 *
 *   +--------------------+ 0
 *   | ELF header (64 B)  |
 *   +--------------------+ 0x40
 *   | section contents,  |  each at its sh_addralign; NOBITS take no bytes
 *   |  in section order  |
 *   +--------------------+ (8-aligned)
 *   | section headers    |  e_shnum * 64 bytes
 *   +--------------------+
 *
 * ELF header (64 bytes)                 Section header (64 bytes)
 *   0  e_ident[16]                        0  sh_name      u32
 *  16  e_type      u16  (ET_REL)          4  sh_type      u32
 *  18  e_machine   u16  (EM_SIMT)         8  sh_flags     u64
 *  20  e_version   u32  (1)              16  sh_addr      u64
 *  24  e_entry     u64  (0)              24  sh_offset    u64
 *  32  e_phoff     u64  (0)              32  sh_size      u64
 *  40  e_shoff     u64                   40  sh_link      u32
 *  48  e_flags     u32                   44  sh_info      u32
 *  52  e_ehsize    u16  (64)             48  sh_addralign u64
 *  54  e_phentsize u16  (0)              56  sh_entsize   u64
 *  56  e_phnum     u16  (0)
 *  58  e_shentsize u16  (64)            Symbol (24 bytes)
 *  60  e_shnum     u16                    0  st_name u32   4 st_info u8
 *  62  e_shstrndx  u16                    5  st_other u8   6 st_shndx u16
 *                                         8  st_value u64 16 st_size u64
 * Rela (24 bytes)
 *   0  r_offset u64   8  r_info u64 (sym << 32 | type)   16  r_addend s64
 */
#ifndef SIMT_OBJ_ELF_H
#define SIMT_OBJ_ELF_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define ELF_EHDR_SIZE 64
#define ELF_SHDR_SIZE 64
#define ELF_SYM_SIZE 24
#define ELF_RELA_SIZE 24

/* e_ident */
#define ELF_CLASS64 2
#define ELF_DATA2LSB 1
#define ELF_EV_CURRENT 1
#define ELF_OSABI_NONE 0

#define ELF_ET_REL 1
/* Private machine number for this ISA (not EM_CUDA = 190: no tool may
 * mistake these words for NVIDIA SASS).  0x5173 reads "Sq" in ASCII. */
#define ELF_EM_SIMT 0x5173
/* e_flags: bits 0-7 object format version, the rest must be zero. */
#define ELF_EF_SIMT_VERSION 1u
#define ELF_EF_SIMT_VERSION_MASK 0xffu

/* Section types and flags. */
#define ELF_SHT_NULL 0
#define ELF_SHT_PROGBITS 1
#define ELF_SHT_SYMTAB 2
#define ELF_SHT_STRTAB 3
#define ELF_SHT_RELA 4
#define ELF_SHT_NOBITS 8
#define ELF_SHT_LOPROC 0x70000000u
#define ELF_SHT_SIMT_INFO ELF_SHT_LOPROC /* .nv.info.<kernel> */

#define ELF_SHF_WRITE 0x1u
#define ELF_SHF_ALLOC 0x2u
#define ELF_SHF_EXECINSTR 0x4u
#define ELF_SHF_INFO_LINK 0x40u

/* Largest sh_addralign simtkit writes or reads (keeps images small). */
#define ELF_MAX_ALIGN 0x1000u

#define ELF_SHN_UNDEF 0
#define ELF_SHN_LORESERVE 0xff00u

/* Symbols. */
#define ELF_STB_LOCAL 0
#define ELF_STB_GLOBAL 1
#define ELF_STB_WEAK 2
#define ELF_STT_NOTYPE 0
#define ELF_STT_OBJECT 1
#define ELF_STT_FUNC 2
#define ELF_STT_SECTION 3
#define ELF_ST_INFO(b, t) ((uint8_t)(((b) << 4) | ((t)&0xf)))
#define ELF_ST_BIND(i) ((i) >> 4)
#define ELF_ST_TYPE(i) ((i)&0xf)

/*
 * .nv.info records: format u8, attribute u8, size u16, then size bytes of
 * payload (u32 values, little-endian).  One X-macro row per attribute:
 * name, number, payload shape.  Numbers are simtkit's own (documented in
 * docs/object-format.md), not NVIDIA's EIATTR values.
 */
#define OBJ_INFO_FMT_SVAL 0x04 /* sized payload follows */

#define OBJ_INFO_ATTRS(X)                                                      \
	X(REGCOUNT, 0x01, "u32 registers used (highest GPR + 1)")               \
	X(NUM_BARRIERS, 0x02, "u32 barriers used (highest id + 1)")             \
	X(NUM_MBARRIERS, 0x03, "u32 mbarrier objects")                         \
	X(SHARED_SIZE, 0x04, "u32 static shared bytes")                         \
	X(PARAM_CBANK, 0x05, "u32 bank, u32 offset, u32 size of parameters")    \
	X(KPARAM_INFO, 0x06, "u32 ordinal, u32 offset, u32 size; one per param") \
	X(EXIT_INSTR_OFFSETS, 0x07, "u32 byte offset of each EXIT")             \
	X(INDIRECT_BRANCH_TARGETS, 0x08,                                        \
	  "u32 offset of an indirect branch, u32 offset of each of its targets; " \
	  "one record per branch, ascending")                                    \
	X(CLUSTER_DIMS, 0x09, "u32 x, y, z: the cluster shape the kernel requires")

typedef enum obj_info_attr {
#define OBJ_X_ATTR(name, num, shape) OBJ_INFO_##name = num,
	OBJ_INFO_ATTRS(OBJ_X_ATTR)
#undef OBJ_X_ATTR
} obj_info_attr;

/* Names the writer gives its own sections: no section of the object may
 * use them (prefixes .nv.info, .nv.simt.lines and .rela; exact .shstrtab
 * .strtab .symtab). */
static inline bool elf_reserved_name(const char *n)
{
	return strncmp(n, ".nv.info", 8) == 0 || strncmp(n, ".rela", 5) == 0 ||
	       strncmp(n, ".nv.simt.lines", 14) == 0 ||
	       strcmp(n, ".shstrtab") == 0 || strcmp(n, ".strtab") == 0 ||
	       strcmp(n, ".symtab") == 0;
}

/* Parameters live in constant bank 0 from this offset (docs/launch-abi.md). */
#define OBJ_PARAM_BASE 0x100u

/* Little-endian access to an image; callers have checked the bounds. */
static inline uint64_t elf_get(const uint8_t *p, int n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* the image's byte order is the host's: one load for the usual
	 * sizes (the line table reads four of these per row) */
	if (n == 2) {
		uint16_t v16;
		memcpy(&v16, p, 2);
		return v16;
	}
	if (n == 4) {
		uint32_t v32;
		memcpy(&v32, p, 4);
		return v32;
	}
	if (n == 8) {
		uint64_t v64;
		memcpy(&v64, p, 8);
		return v64;
	}
#endif
	uint64_t v = 0;
	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static inline void elf_put(uint8_t *p, int n, uint64_t v)
{
	for (int i = 0; i < n; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

#endif
