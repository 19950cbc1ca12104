/*
 * elf_read.c - simt_object_read: validate an ELF64 image and rebuild the
 * in-memory object (sections, symbols, relocations, kernels with their
 * .nv.info attributes).  Format: docs/object-format.md.
 *
 * Contract: accepts any byte string.  Every field is checked before it is
 * used (bounds with overflow-safe arithmetic, string tables NUL-terminated,
 * indices in range, counts consistent); a malformed image yields
 * SIMT_ERR_OBJECT and one diagnostic "NAME: error: ..." naming the section
 * or symbol at fault, never a crash and never a partial object.
 * Phases: header -> section headers -> string/symbol tables -> contents ->
 * symbols -> relocations -> kernels (.nv.info) -> line tables.  A phase runs only when the
 * previous ones found no error, so each can trust what they checked.
 * Consumed rather than kept: the null section, .shstrtab, .strtab, .symtab,
 * .rela* (into obj_section.relocs), .nv.info.* (into obj_kernel) and
 * .nv.simt.lines.* (into obj_kernel.lines).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "obj/elf.h"
#include "obj/object.h"
#include "util/util.h"

/* One section header, decoded. */
typedef struct rsec {
	const char *name; /* into the image's .shstrtab (checked) */
	uint32_t type, link, info;
	uint64_t flags, offset, size, align, entsize;
	int mem;          /* in-memory section index, -1 if consumed */
} rsec;

typedef struct reader {
	const uint8_t *img;
	size_t len;
	const char *file;
	simt_diags *d;
	simt_object *o;
	int shnum;
	rsec *secs;
	int symtab;       /* ELF index of .symtab */
	uint64_t nsyms;   /* entries in .symtab, null included */
	bool *entry;      /* in-memory section .text.K -> a global function K at
			     offset 0 (read_kernels: one pass, not one per kernel) */
	bool failed, nomem;
} reader;

static void fail(reader *r, const char *fmt, ...) SIMT_PRINTF(2, 3);
static void fail(reader *r, const char *fmt, ...)
{
	va_list ap;
	if (r->failed)
		return; /* the first problem is the one worth reading */
	va_start(ap, fmt);
	util_vdiag(r->d, SIMT_SEV_ERROR, r->file, NULL, 0, 0, fmt, ap);
	va_end(ap);
	r->failed = true;
}

static uint64_t get(const reader *r, uint64_t at, int n)
{
	return elf_get(r->img + at, n);
}

/* Does [off, off+size) lie inside the image? */
static bool in_file(const reader *r, uint64_t off, uint64_t size)
{
	return off <= r->len && size <= r->len - off;
}

static const char *sname(const reader *r, int i)
{
	return r->secs && r->secs[i].name ? r->secs[i].name : "?";
}

/* ---- header and section headers ------------------------------------- */

static void read_header(reader *r)
{
	static const uint8_t magic[4] = {0x7f, 'E', 'L', 'F'};
	if (r->len < ELF_EHDR_SIZE || memcmp(r->img, magic, 4) != 0)
		return fail(r, "not an ELF file");
	if (r->img[4] != ELF_CLASS64 || r->img[5] != ELF_DATA2LSB)
		return fail(r, "not a 64-bit little-endian ELF file");
	if (r->img[6] != ELF_EV_CURRENT || get(r, 20, 4) != ELF_EV_CURRENT)
		return fail(r, "unknown ELF version");
	if (get(r, 16, 2) != ELF_ET_REL)
		return fail(r, "ELF type %u is not a relocatable object",
			    (unsigned)get(r, 16, 2));
	if (get(r, 18, 2) != ELF_EM_SIMT)
		return fail(r, "ELF machine 0x%x is not simtkit's (0x%x)",
			    (unsigned)get(r, 18, 2), ELF_EM_SIMT);
	uint32_t flags = (uint32_t)get(r, 48, 4);
	if (flags != ELF_EF_SIMT_VERSION)
		return fail(r, "unsupported e_flags 0x%x (object format version %u)",
			    flags, flags & ELF_EF_SIMT_VERSION_MASK);
	if (get(r, 52, 2) != ELF_EHDR_SIZE || get(r, 58, 2) != ELF_SHDR_SIZE)
		return fail(r, "unexpected ELF header or section header size");
	if (get(r, 32, 8) != 0 || get(r, 56, 2) != 0)
		return fail(r, "relocatable object with program headers");
	uint64_t shoff = get(r, 40, 8);
	r->shnum = (int)get(r, 60, 2);
	if (r->shnum < 1 || r->shnum >= (int)ELF_SHN_LORESERVE)
		return fail(r, "section count %d out of range", r->shnum);
	if (shoff % 8 || !in_file(r, shoff, (uint64_t)r->shnum * ELF_SHDR_SIZE))
		return fail(r, "section header table (offset 0x%llx, %d entries) "
			       "extends past end of file",
			    (unsigned long long)shoff, r->shnum);
	if (get(r, 62, 2) >= (uint64_t)r->shnum)
		return fail(r, "section name table index %u out of range",
			    (unsigned)get(r, 62, 2));
}

static bool known_type(uint32_t t)
{
	return t == ELF_SHT_PROGBITS || t == ELF_SHT_SYMTAB ||
	       t == ELF_SHT_STRTAB || t == ELF_SHT_RELA ||
	       t == ELF_SHT_NOBITS || t == ELF_SHT_SIMT_INFO;
}

/* Decode and bound-check one section header (names come later). */
static void read_shdr(reader *r, int i)
{
	uint64_t at = get(r, 40, 8) + (uint64_t)i * ELF_SHDR_SIZE;
	rsec *s = &r->secs[i];
	s->type = (uint32_t)get(r, at + 4, 4);
	s->flags = get(r, at + 8, 8);
	s->offset = get(r, at + 24, 8);
	s->size = get(r, at + 32, 8);
	s->link = (uint32_t)get(r, at + 40, 4);
	s->info = (uint32_t)get(r, at + 44, 4);
	s->align = get(r, at + 48, 8);
	s->entsize = get(r, at + 56, 8);
	s->mem = -1;
	if (i == 0) {
		if (s->type != ELF_SHT_NULL || s->size || s->offset || s->link ||
		    s->info || get(r, at, 4))
			fail(r, "section 0 is not the null section");
	}
}

/* Type, flags, alignment and file range of one section (names known). */
static void check_shdr(reader *r, int i)
{
	const rsec *s = &r->secs[i];
	const char *n = s->name;
	if (!known_type(s->type))
		return fail(r, "section %d (%s) has unsupported type 0x%x", i, n,
			    s->type);
	if (s->flags & ~(uint64_t)(ELF_SHF_WRITE | ELF_SHF_ALLOC |
				   ELF_SHF_EXECINSTR | ELF_SHF_INFO_LINK))
		return fail(r, "section %d (%s) has unsupported flags 0x%llx", i,
			    n, (unsigned long long)s->flags);
	if ((s->align & (s->align - 1)) || s->align > ELF_MAX_ALIGN)
		return fail(r, "section %d (%s): alignment %llu is not a power of "
			       "two up to %u", i, n, (unsigned long long)s->align,
			    ELF_MAX_ALIGN);
	if (s->type != ELF_SHT_NOBITS && !in_file(r, s->offset, s->size))
		return fail(r, "section %d (%s) extends past end of file", i, n);
	if (s->type != ELF_SHT_NOBITS && s->align > 1 && s->offset % s->align)
		return fail(r, "section %d (%s): offset 0x%llx is not aligned to "
			       "%llu", i, n, (unsigned long long)s->offset,
			    (unsigned long long)s->align);
}

/* Names are printable ASCII (they appear in diagnostics and listings);
 * returns the first other byte, 0 if none. */
static int bad_char(const char *s)
{
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return (unsigned char)*s;
	return 0;
}

/* Is [off, off+size) of the image a string table (ends with a NUL)? */
static bool strtab_ok(const reader *r, const rsec *s)
{
	return s->type == ELF_SHT_STRTAB && s->size > 0 &&
	       r->img[s->offset] == '\0' &&
	       r->img[s->offset + s->size - 1] == '\0';
}

static int by_name(const void *a, const void *b)
{
	const rsec *x = *(const rsec *const *)a, *y = *(const rsec *const *)b;
	return strcmp(x->name, y->name);
}

/* Section names identify sections (obj_find_section): no two alike. */
static void check_unique_names(reader *r)
{
	const rsec **v = malloc((size_t)r->shnum * sizeof *v);
	if (!v) {
		r->nomem = true;
		return;
	}
	for (int i = 1; i < r->shnum; i++)
		v[i - 1] = &r->secs[i];
	qsort(v, (size_t)r->shnum - 1, sizeof *v, by_name);
	for (int i = 1; i < r->shnum - 1; i++)
		if (strcmp(v[i]->name, v[i - 1]->name) == 0) {
			int a = (int)(v[i - 1] - r->secs), b = (int)(v[i] - r->secs);
			fail(r, "section %d (%s): name used by section %d too",
			     a > b ? a : b, v[i]->name, a > b ? b : a);
			break;
		}
	free(v);
}

static void read_names(reader *r)
{
	int x = (int)get(r, 62, 2);
	const rsec *t = &r->secs[x];
	if (t->type == ELF_SHT_STRTAB && !in_file(r, t->offset, t->size))
		return fail(r, "section %d (section names) extends past end of "
			       "file", x);
	if (!strtab_ok(r, t))
		return fail(r, "section %d (section names) is not a string table", x);
	uint64_t at = get(r, 40, 8);
	for (int i = 0; i < r->shnum; i++) {
		uint32_t n = (uint32_t)get(r, at + (uint64_t)i * ELF_SHDR_SIZE, 4);
		if (n >= t->size)
			return fail(r, "section %d: name offset 0x%x outside the "
				       "section name table", i, n);
		const char *nm = (const char *)r->img + t->offset + n;
		if (bad_char(nm))
			return fail(r, "section %d: name has the unprintable byte "
				       "0x%02x", i, bad_char(nm));
		r->secs[i].name = nm;
	}
	check_unique_names(r);
}

/* ---- symbol table --------------------------------------------------------- */

static void find_symtab(reader *r)
{
	r->symtab = 0;
	for (int i = 1; i < r->shnum; i++) {
		if (r->secs[i].type != ELF_SHT_SYMTAB)
			continue;
		if (r->symtab)
			return fail(r, "section %d (%s): second symbol table", i,
				    sname(r, i));
		r->symtab = i;
	}
	if (!r->symtab)
		return fail(r, "no symbol table");
	const rsec *s = &r->secs[r->symtab];
	int i = r->symtab;
	if (s->entsize != ELF_SYM_SIZE || s->size % ELF_SYM_SIZE || s->size == 0)
		return fail(r, "section %d (%s): entry size %llu, size %llu do not "
			       "hold 24-byte symbols", i, s->name,
			    (unsigned long long)s->entsize,
			    (unsigned long long)s->size);
	r->nsyms = s->size / ELF_SYM_SIZE;
	if (s->link == 0 || s->link >= (uint32_t)r->shnum ||
	    !strtab_ok(r, &r->secs[s->link]))
		return fail(r, "section %d (%s): link %u is not a string table", i,
			    s->name, s->link);
	if (s->info == 0 || s->info > r->nsyms)
		return fail(r, "section %d (%s): first global %u out of range", i,
			    s->name, s->info);
}

/* ---- contents ------------------------------------------------------------ */

static obj_sec_kind kind_of(const char *name)
{
	if (strncmp(name, ".text.", 6) == 0)
		return OBJ_SEC_TEXT;
	if (strncmp(name, ".nv.constant", 12) == 0 && name[12] >= '0' &&
	    name[12] <= '9')
		return OBJ_SEC_CONST;
	if (strncmp(name, ".nv.shared.", 11) == 0)
		return OBJ_SEC_SHARED;
	return OBJ_SEC_OTHER;
}

/* Copy one PROGBITS/NOBITS section into the object. */
static void read_content(reader *r, int i)
{
	rsec *s = &r->secs[i];
	obj_sec_kind k = kind_of(s->name);
	if (elf_reserved_name(s->name))
		return fail(r, "section %d (%s): code or data section with a "
			       "reserved name", i, s->name);
	if (k == OBJ_SEC_TEXT &&
	    (s->type != ELF_SHT_PROGBITS || !(s->flags & ELF_SHF_EXECINSTR)))
		return fail(r, "section %d (%s): code section is not executable "
			       "PROGBITS", i, s->name);
	if (k == OBJ_SEC_TEXT && s->size % SIMT_INST_SIZE)
		return fail(r, "section %d (%s): size 0x%llx is not a multiple of "
			       "16", i, s->name, (unsigned long long)s->size);
	if (s->size > SIZE_MAX / 4)
		return fail(r, "section %d (%s) is too large", i, s->name);
	int m = obj_add_section(r->o, s->name, k);
	if (m < 0) {
		r->nomem = true;
		return;
	}
	obj_section *ms = &r->o->sections[m];
	ms->sh_type = s->type;
	ms->sh_flags = s->flags & ~(uint64_t)ELF_SHF_INFO_LINK;
	ms->align = s->align;
	/* copied straight from the image (NULL: zeros; NOBITS stores none) */
	const uint8_t *src = s->type != ELF_SHT_NOBITS && s->size
				     ? r->img + s->offset : NULL;
	if (obj_section_append(ms, src, (size_t)s->size) < 0) {
		r->nomem = true;
		return;
	}
	s->mem = m;
}

/* A line table section: consumed by read_lines, not kept as a section. */
static bool is_lines(const rsec *s)
{
	return s->type == ELF_SHT_PROGBITS &&
	       strncmp(s->name, OBJ_LINES_PREFIX, strlen(OBJ_LINES_PREFIX)) == 0;
}

static void read_contents(reader *r)
{
	for (int i = 1; i < r->shnum && !r->failed && !r->nomem; i++)
		if ((r->secs[i].type == ELF_SHT_PROGBITS ||
		     r->secs[i].type == ELF_SHT_NOBITS) && !is_lines(&r->secs[i]))
			read_content(r, i);
}

/* ---- symbols -------------------------------------------------------------- */

static void read_symbol(reader *r, uint64_t i)
{
	const rsec *t = &r->secs[r->symtab], *st = &r->secs[t->link];
	uint64_t at = t->offset + i * ELF_SYM_SIZE;
	uint32_t name = (uint32_t)get(r, at, 4);
	uint8_t info = r->img[at + 4];
	uint16_t shndx = (uint16_t)get(r, at + 6, 2);
	uint64_t value = get(r, at + 8, 8), size = get(r, at + 16, 8);
	int bind = ELF_ST_BIND(info), type = ELF_ST_TYPE(info);
	if (name >= st->size)
		return fail(r, "symbol %llu: name offset 0x%x outside %s",
			    (unsigned long long)i, name, sname(r, (int)t->link));
	const char *nm = (const char *)r->img + st->offset + name;
	if (bad_char(nm))
		return fail(r, "symbol %llu: name has the unprintable byte 0x%02x",
			    (unsigned long long)i, bad_char(nm));
	if (bind != ELF_STB_LOCAL && bind != ELF_STB_GLOBAL && bind != ELF_STB_WEAK)
		return fail(r, "symbol %llu (%s): unknown binding %d",
			    (unsigned long long)i, nm, bind);
	if ((bind == ELF_STB_LOCAL) != (i < t->info))
		return fail(r, "symbol %llu (%s): %s symbol on the wrong side of "
			       "the first global (%u)", (unsigned long long)i, nm,
			    bind == ELF_STB_LOCAL ? "local" : "global", t->info);
	if (type > ELF_STT_SECTION)
		return fail(r, "symbol %llu (%s): unknown type %d",
			    (unsigned long long)i, nm, type);
	int sec = -1;
	if (shndx != ELF_SHN_UNDEF) {
		if (shndx >= r->shnum || r->secs[shndx].mem < 0)
			return fail(r, "symbol %llu (%s): section index %u does "
				       "not name a code or data section",
				    (unsigned long long)i, nm, shndx);
		sec = r->secs[shndx].mem;
		uint64_t ss = r->secs[shndx].size;
		if (value > ss || size > ss - value)
			return fail(r, "symbol %llu (%s): [0x%llx, +0x%llx) lies "
				       "outside section %u (%s)",
				    (unsigned long long)i, nm,
				    (unsigned long long)value,
				    (unsigned long long)size, shndx,
				    sname(r, shndx));
	} else if (type == ELF_STT_SECTION) {
		return fail(r, "symbol %llu: section symbol without a section",
			    (unsigned long long)i);
	}
	if (type == ELF_STT_SECTION && !*nm)
		nm = r->secs[shndx].name;
	int y = obj_add_symbol(r->o, nm);
	if (y < 0) {
		r->nomem = true;
		return;
	}
	obj_symbol *s = &r->o->symbols[y];
	*s = (obj_symbol){s->name, sec, value, size, (uint8_t)bind,
			  (uint8_t)type, r->img[at + 5]};
}

static void read_symbols(reader *r)
{
	const rsec *t = &r->secs[r->symtab];
	const uint8_t *z = r->img + t->offset;
	for (int b = 0; b < ELF_SYM_SIZE; b++)
		if (z[b])
			return fail(r, "symbol 0 is not the null symbol");
	for (uint64_t i = 1; i < r->nsyms && !r->failed && !r->nomem; i++)
		read_symbol(r, i);
}

/* ---- relocations ---------------------------------------------------------- */

static int reloc_width(uint32_t type)
{
	switch (type) {
	case OBJ_R_ABS64_SHIFT4: return SIMT_INST_SIZE; /* a whole instruction */
	case OBJ_R_ABS32: return 4;
	case OBJ_R_ABS64: return 8;
	default: return 0;
	}
}

static void read_rela(reader *r, int i)
{
	const rsec *s = &r->secs[i];
	if (s->entsize != ELF_RELA_SIZE || s->size % ELF_RELA_SIZE)
		return fail(r, "section %d (%s): entry size %llu, size %llu do not "
			       "hold 24-byte relocations", i, s->name,
			    (unsigned long long)s->entsize,
			    (unsigned long long)s->size);
	if (s->link != (uint32_t)r->symtab)
		return fail(r, "section %d (%s): link %u is not the symbol table",
			    i, s->name, s->link);
	if (s->info == 0 || s->info >= (uint32_t)r->shnum ||
	    r->secs[s->info].mem < 0 || r->secs[s->info].type == ELF_SHT_NOBITS)
		return fail(r, "section %d (%s): relocated section %u is not a "
			       "code or data section", i, s->name, s->info);
	const rsec *t = &r->secs[s->info];
	obj_section *m = &r->o->sections[t->mem];
	if (m->nrelocs)
		return fail(r, "section %d (%s): second relocation section for %s",
			    i, s->name, t->name);
	for (uint64_t k = 0; k < s->size / ELF_RELA_SIZE; k++) {
		uint64_t at = s->offset + k * ELF_RELA_SIZE;
		uint64_t off = get(r, at, 8), info = get(r, at + 8, 8);
		uint64_t sym = info >> 32;
		uint32_t type = (uint32_t)info;
		int w = reloc_width(type);
		if (!w)
			return fail(r, "section %d (%s): relocation %llu has "
				       "unknown type %u", i, s->name,
				    (unsigned long long)k, type);
		if (sym == 0 || sym >= r->nsyms)
			return fail(r, "section %d (%s): relocation %llu names "
				       "symbol %llu of %llu", i, s->name,
				    (unsigned long long)k, (unsigned long long)sym,
				    (unsigned long long)r->nsyms);
		if (off > t->size || t->size - off < (uint64_t)w ||
		    (type == OBJ_R_ABS64_SHIFT4 && off % SIMT_INST_SIZE))
			return fail(r, "section %d (%s): relocation %llu at 0x%llx "
				       "lies outside %s", i, s->name,
				    (unsigned long long)k, (unsigned long long)off,
				    t->name);
		if (!obj_add_reloc(r->o, t->mem, off, (obj_reloc_type)type,
				   (int)sym - 1, (int64_t)get(r, at + 16, 8))) {
			r->nomem = true;
			return;
		}
	}
}

static void read_relas(reader *r)
{
	for (int i = 1; i < r->shnum && !r->failed && !r->nomem; i++)
		if (r->secs[i].type == ELF_SHT_RELA)
			read_rela(r, i);
}

/* ---- kernels -------------------------------------------------------------- */

static bool known_attr(int attr)
{
	switch (attr) {
#define OBJ_X_CASE(name, num, shape) case num:
		OBJ_INFO_ATTRS(OBJ_X_CASE)
#undef OBJ_X_CASE
		return true;
	default:
		return false;
	}
}

/* Apply one .nv.info record to kernel kn (payload: n u32 values at p). */
static void info_record(reader *r, int i, int k, int attr, const uint8_t *p,
			int n, uint32_t *seen)
{
	obj_kernel *kn = &r->o->kernels[k];
	const char *nm = r->secs[i].name;
	bool many = attr == OBJ_INFO_KPARAM_INFO ||
		    attr == OBJ_INFO_INDIRECT_BRANCH_TARGETS; /* one per item */
	int want = attr == OBJ_INFO_PARAM_CBANK || attr == OBJ_INFO_KPARAM_INFO ||
			   attr == OBJ_INFO_CLUSTER_DIMS ? 3
		   : attr == OBJ_INFO_EXIT_INSTR_OFFSETS ? -1
		   : attr == OBJ_INFO_INDIRECT_BRANCH_TARGETS ? -2 : 1;
	if (!known_attr(attr))
		return fail(r, "section %d (%s): unknown attribute 0x%x", i, nm, attr);
	if ((want > 0 && n != want) || (want < 0 && n < -want))
		return fail(r, "section %d (%s): attribute 0x%x has %d values", i,
			    nm, attr, n);
	if (!many && (*seen & (1u << attr)))
		return fail(r, "section %d (%s): attribute 0x%x given twice", i, nm,
			    attr);
	*seen |= 1u << attr;
	uint32_t v0 = (uint32_t)elf_get(p, 4);
	switch ((obj_info_attr)attr) {
	case OBJ_INFO_REGCOUNT: kn->nregs = v0; return;
	case OBJ_INFO_NUM_BARRIERS: kn->nbarriers = v0; return;
	case OBJ_INFO_NUM_MBARRIERS: kn->nmbarriers = v0; return;
	case OBJ_INFO_SHARED_SIZE: kn->shared_size = v0; return;
	case OBJ_INFO_CLUSTER_DIMS:
		for (int c = 0; c < 3; c++)
			kn->cluster[c] = (uint32_t)elf_get(p + 4 * c, 4);
		if (!kn->cluster[0] || !kn->cluster[1] || !kn->cluster[2])
			return fail(r, "section %d (%s): cluster shape (%u,%u,%u) has a zero",
				    i, nm, kn->cluster[0], kn->cluster[1], kn->cluster[2]);
		return;
	case OBJ_INFO_PARAM_CBANK:
		if (v0 != 0 || elf_get(p + 4, 4) != OBJ_PARAM_BASE ||
		    elf_get(p + 8, 4) > UINT32_MAX - OBJ_PARAM_BASE)
			return fail(r, "section %d (%s): parameters must start at "
				       "c[0x0][0x100]", i, nm);
		kn->param_size = (uint32_t)elf_get(p + 8, 4);
		return;
	case OBJ_INFO_KPARAM_INFO: {
		uint32_t off = (uint32_t)elf_get(p + 4, 4);
		uint32_t size = (uint32_t)elf_get(p + 8, 4);
		if (v0 != (uint32_t)kn->nparams)
			return fail(r, "section %d (%s): parameter %u out of order",
				    i, nm, v0);
		if (!(*seen & (1u << OBJ_INFO_PARAM_CBANK)) ||
		    off > kn->param_size || size > kn->param_size - off)
			return fail(r, "section %d (%s): parameter %u [0x%x, +0x%x) "
				       "outside the parameter area", i, nm, v0,
				    off, size);
		size_t want_n = (size_t)kn->nparams + 1;
		uint32_t *po = realloc(kn->param_offset, want_n * sizeof *po);
		if (po)
			kn->param_offset = po;
		uint32_t *ps = po ? realloc(kn->param_size_of, want_n * sizeof *ps)
				  : NULL;
		if (ps)
			kn->param_size_of = ps;
		if (!po || !ps) {
			r->nomem = true;
			return;
		}
		po[kn->nparams] = off;
		ps[kn->nparams] = size;
		kn->nparams++;
		return;
	}
	case OBJ_INFO_INDIRECT_BRANCH_TARGETS: {
		uint64_t tsize = r->o->sections[kn->text].size;
		uint32_t t[0x4000];
		for (int e = 0; e < n; e++) {
			uint32_t off = (uint32_t)elf_get(p + 4 * e, 4);
			if (off % SIMT_INST_SIZE || off >= tsize)
				return fail(r, "section %d (%s): branch %s 0x%x is "
					       "not an instruction of the kernel",
					    i, nm, e ? "target" : "at", off);
			if (e)
				t[e - 1] = off;
		}
		if (kn->nbranches && v0 <= kn->branches[kn->nbranches - 1].offset)
			return fail(r, "section %d (%s): branch targets of 0x%x "
				       "out of order", i, nm, v0);
		if (!obj_kernel_add_branch(r->o, k, v0, t, n - 1))
			r->nomem = true;
		return;
	}
	case OBJ_INFO_EXIT_INSTR_OFFSETS: {
		uint64_t tsize = r->o->sections[kn->text].size;
		for (int e = 0; e < n; e++) {
			uint32_t off = (uint32_t)elf_get(p + 4 * e, 4);
			if (off % SIMT_INST_SIZE || off >= tsize)
				return fail(r, "section %d (%s): EXIT offset 0x%x is "
					       "not an instruction of the kernel",
					    i, nm, off);
			if (!obj_kernel_add_exit(r->o, k, off)) {
				r->nomem = true;
				return;
			}
		}
		return;
	}
	}
}

static void read_info_records(reader *r, int i, int k)
{
	const rsec *s = &r->secs[i];
	const uint8_t *p = r->img + s->offset;
	uint64_t at = 0;
	uint32_t seen = 0;
	while (at < s->size && !r->failed && !r->nomem) {
		if (s->size - at < 4)
			return fail(r, "section %d (%s): truncated attribute at 0x%llx",
				    i, s->name, (unsigned long long)at);
		int fmt = p[at], attr = p[at + 1];
		uint32_t size = (uint32_t)elf_get(p + at + 2, 2);
		if (fmt != OBJ_INFO_FMT_SVAL || size % 4 || size > s->size - at - 4)
			return fail(r, "section %d (%s): malformed attribute at 0x%llx "
				       "(format 0x%x, size %u)", i, s->name,
				    (unsigned long long)at, fmt, size);
		info_record(r, i, k, attr, p + at + 4, (int)(size / 4), &seen);
		at += 4 + size;
	}
	if (!r->failed && !(seen & (1u << OBJ_INFO_PARAM_CBANK)))
		fail(r, "section %d (%s): no PARAM_CBANK attribute", i, s->name);
}

/* Is there a global function NAME at offset 0 of section text, text being
 * .text.NAME?  (Section symbols may carry any name, so a name lookup alone
 * is not enough.)  r->entry answers it, filled by find_entries. */
static void find_entries(reader *r)
{
	const simt_object *o = r->o;
	r->entry = calloc((size_t)o->nsections + 1, sizeof *r->entry);
	if (!r->entry) {
		r->nomem = true;
		return;
	}
	for (int y = 0; y < o->nsymbols; y++) {
		const obj_symbol *s = &o->symbols[y];
		if (s->section < 0 || s->section >= o->nsections)
			continue;
		const char *sn = o->sections[s->section].name;
		if (s->type == ELF_STT_FUNC && s->bind != ELF_STB_LOCAL &&
		    s->value == 0 && !strncmp(sn, ".text.", 6) &&
		    !strcmp(s->name, sn + 6))
			r->entry[s->section] = true;
	}
}

static bool kernel_symbol(const reader *r, const char *name, int text)
{
	const char *sn = r->o->sections[text].name;
	return r->entry[text] && !strncmp(sn, ".text.", 6) && !strcmp(sn + 6, name);
}

/* Kernel for one .nv.info.<k> section: its text, its symbol, its records. */
static void read_kernel(reader *r, int i)
{
	const rsec *s = &r->secs[i];
	const char *kname = s->name + strlen(".nv.info.");
	if (strncmp(s->name, ".nv.info.", 9) != 0 || !*kname)
		return fail(r, "section %d (%s): attribute section not named "
			       ".nv.info.<kernel>", i, s->name);
	if (s->link != (uint32_t)r->symtab)
		return fail(r, "section %d (%s): link %u is not the symbol table",
			    i, s->name, s->link);
	if (s->info == 0 || s->info >= (uint32_t)r->shnum ||
	    r->secs[s->info].mem < 0 ||
	    strncmp(r->secs[s->info].name, ".text.", 6) != 0 ||
	    strcmp(r->secs[s->info].name + 6, kname) != 0)
		return fail(r, "section %d (%s): info %u is not section .text.%s",
			    i, s->name, s->info, kname);
	int text = r->secs[s->info].mem;
	if (!kernel_symbol(r, kname, text))
		return fail(r, "section %d (%s): no global function symbol %s at "
			       "the start of .text.%s", i, s->name, kname, kname);
	int k = obj_add_kernel_entry(r->o, kname, text);
	if (k < 0) {
		r->nomem = true;
		return;
	}
	r->o->sections[text].kernel = k;
	read_info_records(r, i, k);
}

/* Owning kernel of sections linked to a text section (SHF_INFO_LINK), and
 * the consistency of the static shared size. */
static void link_sections(reader *r)
{
	for (int i = 1; i < r->shnum && !r->failed; i++) {
		const rsec *s = &r->secs[i];
		if (s->mem < 0 || !(s->flags & ELF_SHF_INFO_LINK) ||
		    kind_of(s->name) == OBJ_SEC_TEXT)
			continue;
		if (s->info == 0 || s->info >= (uint32_t)r->shnum ||
		    r->secs[s->info].mem < 0 ||
		    kind_of(r->secs[s->info].name) != OBJ_SEC_TEXT)
			return fail(r, "section %d (%s): info %u is not a code "
				       "section", i, s->name, s->info);
		obj_section *m = &r->o->sections[s->mem];
		m->kernel = r->o->sections[r->secs[s->info].mem].kernel;
		if (m->kind == OBJ_SEC_SHARED && m->kernel >= 0 &&
		    m->size != r->o->kernels[m->kernel].shared_size)
			return fail(r, "section %d (%s): size 0x%llx differs from "
				       "the kernel's SHARED_SIZE 0x%x", i, s->name,
				    (unsigned long long)m->size,
				    r->o->kernels[m->kernel].shared_size);
	}
}

/* One .nv.simt.lines.<k> section into kernels[k].lines (obj/lines.h). */
static void read_lines(reader *r, int i)
{
	const rsec *s = &r->secs[i];
	const char *kname = s->name + strlen(OBJ_LINES_PREFIX);
	if (s->flags != ELF_SHF_INFO_LINK || s->link != 0)
		return fail(r, "section %d (%s): line table with flags 0x%llx, "
			       "link %u (wants flags I, link 0)", i, s->name,
			    (unsigned long long)s->flags, s->link);
	if (s->info == 0 || s->info >= (uint32_t)r->shnum ||
	    r->secs[s->info].mem < 0 ||
	    strncmp(r->secs[s->info].name, ".text.", 6) != 0 ||
	    strcmp(r->secs[s->info].name + 6, kname) != 0 ||
	    r->o->sections[r->secs[s->info].mem].kernel < 0)
		return fail(r, "section %d (%s): info %u is not the code section "
			       "of kernel %s", i, s->name, s->info, kname);
	const obj_section *text = &r->o->sections[r->secs[s->info].mem];
	obj_kernel *kn = &r->o->kernels[text->kernel];
	if (!obj_lines_empty(&kn->lines))
		return fail(r, "section %d (%s): second line table of kernel %s",
			    i, s->name, kname);
	char why[200];
	int st = obj_lines_decode(&kn->lines, r->img + s->offset, (size_t)s->size,
				  text->size, why, sizeof why);
	if (st < 0)
		r->nomem = true;
	else if (st > 0)
		fail(r, "section %d (%s): %s", i, s->name, why);
	else if (obj_lines_empty(&kn->lines))
		fail(r, "section %d (%s): empty line table", i, s->name);
}

static void read_kernels(reader *r)
{
	find_entries(r);
	for (int i = 1; i < r->shnum && !r->failed && !r->nomem; i++)
		if (r->secs[i].type == ELF_SHT_SIMT_INFO)
			read_kernel(r, i);
	if (!r->failed && !r->nomem)
		link_sections(r);
	for (int i = 1; i < r->shnum && !r->failed && !r->nomem; i++)
		if (is_lines(&r->secs[i]))
			read_lines(r, i);
}

simt_status simt_object_read(const uint8_t *image, size_t len,
			     const char *name, simt_object **out, simt_diags *d)
{
	if (!out || (!image && len))
		return SIMT_ERR_ARG;
	*out = NULL;
	reader r = {.img = image, .len = len, .file = name ? name : "<object>",
		    .d = d};
	read_header(&r);
	if (!r.failed) {
		r.secs = calloc((size_t)r.shnum, sizeof *r.secs);
		r.o = obj_new();
		r.nomem = !r.secs || !r.o;
	}
	for (int i = 0; !r.failed && !r.nomem && i < r.shnum; i++)
		read_shdr(&r, i);
	if (!r.failed && !r.nomem)
		read_names(&r);
	for (int i = 1; !r.failed && !r.nomem && i < r.shnum; i++)
		check_shdr(&r, i);
	if (!r.failed && !r.nomem)
		find_symtab(&r);
	if (!r.failed && !r.nomem)
		read_contents(&r);
	if (!r.failed && !r.nomem)
		read_symbols(&r);
	if (!r.failed && !r.nomem)
		read_relas(&r);
	if (!r.failed && !r.nomem)
		read_kernels(&r);
	free(r.secs);
	free(r.entry);
	if (r.failed || r.nomem) {
		simt_object_free(r.o);
		return r.failed ? SIMT_ERR_OBJECT : SIMT_ERR_NOMEM;
	}
	*out = r.o;
	return SIMT_OK;
}
