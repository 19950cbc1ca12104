/*
 * elf_write.c - simt_object_write: serialise an in-memory object as an ELF64
 * relocatable image laid out like a CUDA cubin (docs/object-format.md).
 *
 * Contract: requires an object built through object.c (the assembler or the
 * reader); checks what the format needs (section and symbol indices, text
 * sizes multiple of 16, power-of-two alignments, relocation bounds) and
 * reports a broken object as SIMT_ERR_ARG.  Produces, in this order:
 *   0 null, 1 .shstrtab, 2 .strtab, 3 .symtab, one .nv.info.<k> per kernel,
 *   one .nv.simt.lines.<k> per kernel with a line table (obj/lines.h),
 *   then every in-memory section (except OBJ_SEC_INFO ones, which the writer
 *   makes itself), each followed by its .rela<name> when it has relocations.
 * Symbols: null, one STT_SECTION symbol per emitted section that has none in
 * memory, the local symbols, then the global ones (sh_info = first global).
 * The image is deterministic: the same object always gives the same bytes.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "obj/elf.h"
#include "obj/object.h"
#include "util/util.h"

/* One section header to be written, with the bytes it points at. */
typedef struct wsec {
	uint32_t name, type, link, info;
	uint64_t flags, align, entsize, offset, size;
	const uint8_t *data; /* NULL: zeros (or NOBITS) */
	const obj_linetab *lines; /* the bytes come from obj_lines_emit */
} wsec;

/* Growable byte buffer for the tables the writer builds. */
typedef struct bytes {
	uint8_t *p;
	size_t n, cap;
	bool failed;
} bytes;

typedef struct writer {
	const simt_object *o;
	simt_diags *d;
	wsec *secs;
	int nsecs;
	bytes shstr, str, sym;
	bytes *owned; /* per-section buffers (.nv.info, .rela) */
	int nowned;
	int *sec_of;  /* in-memory section -> ELF index (0: not emitted) */
	int *sym_of;  /* in-memory symbol -> ELF symbol index */
	/* facts gathered in one pass each (prepare), so that writing an object
	 * of N kernels is linear, not N x sections or N x symbols */
	uint64_t *shared;  /* kernel -> static shared size (shared_size)   */
	bool *has_secsym;  /* section -> it has an STT_SECTION symbol      */
	bool *has_entry;   /* section .text.K -> a global function K at 0   */
	util_names knames; /* kernel name -> first kernel of that name      */
	int nlocals;  /* ELF symbols with STB_LOCAL, null included */
	bool nomem, bad;
} writer;

static uint8_t *bytes_grow(bytes *b, size_t n)
{
	if (b->failed)
		return NULL;
	if (b->n + n > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap < b->n + n)
			cap *= 2;
		uint8_t *p = realloc(b->p, cap);
		if (!p) {
			b->failed = true;
			return NULL;
		}
		b->p = p;
		b->cap = cap;
	}
	uint8_t *at = b->p + b->n;
	memset(at, 0, n);
	b->n += n;
	return at;
}

static void bytes_put(bytes *b, int width, uint64_t v)
{
	uint8_t *p = bytes_grow(b, (size_t)width);
	if (p)
		elf_put(p, width, v);
}

/* Append a NUL-terminated string to a string table; returns its offset. */
static uint32_t strtab_add(bytes *b, const char *s)
{
	uint32_t at = (uint32_t)b->n;
	size_t n = strlen(s) + 1;
	uint8_t *p = bytes_grow(b, n);
	if (p)
		memcpy(p, s, n);
	return at;
}

static void bad(writer *w, const char *fmt, ...) SIMT_PRINTF(2, 3);
static void bad(writer *w, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	util_vdiag(w->d, SIMT_SEV_ERROR, NULL, NULL, 0, 0, fmt, ap);
	va_end(ap);
	w->bad = true;
}

static wsec *add_sec(writer *w, const char *name, uint32_t type)
{
	wsec *s = &w->secs[w->nsecs++];
	memset(s, 0, sizeof *s);
	s->name = strtab_add(&w->shstr, name);
	s->type = type;
	s->align = 1;
	return s;
}

static bytes *new_owned(writer *w)
{
	bytes *b = &w->owned[w->nowned++];
	memset(b, 0, sizeof *b);
	return b;
}

/* One .nv.info record carrying n u32 values. */
static void info_rec(bytes *b, int attr, const uint32_t *v, int n)
{
	bytes_put(b, 1, OBJ_INFO_FMT_SVAL);
	bytes_put(b, 1, (uint64_t)attr);
	bytes_put(b, 2, (uint64_t)n * 4);
	for (int i = 0; i < n; i++)
		bytes_put(b, 4, v[i]);
}

static void info_u32(bytes *b, int attr, uint32_t v)
{
	info_rec(b, attr, &v, 1);
}

/* Static shared size of kernel k: the larger of the attribute and the
 * .nv.shared.<k> sections (w->shared, from prepare). */
static uint64_t shared_size(const writer *w, int k)
{
	return w->shared[k];
}

/* One pass over the kernels, sections and symbols for the facts above. */
static bool prepare(writer *w)
{
	const simt_object *o = w->o;
	w->shared = calloc((size_t)o->nkernels + 1, sizeof *w->shared);
	w->has_secsym = calloc((size_t)o->nsections + 1, sizeof *w->has_secsym);
	w->has_entry = calloc((size_t)o->nsections + 1, sizeof *w->has_entry);
	if (!w->shared || !w->has_secsym || !w->has_entry)
		return false;
	for (int k = 0; k < o->nkernels; k++) {
		w->shared[k] = o->kernels[k].shared_size;
		if (!util_names_add(&w->knames, o->kernels[k].name,
				    strlen(o->kernels[k].name), k))
			return false;
	}
	for (int i = 0; i < o->nsections; i++) {
		const obj_section *s = &o->sections[i];
		if (s->kind == OBJ_SEC_SHARED && s->kernel >= 0 &&
		    s->kernel < o->nkernels && s->size > w->shared[s->kernel])
			w->shared[s->kernel] = s->size;
	}
	for (int y = 0; y < o->nsymbols; y++) {
		const obj_symbol *s = &o->symbols[y];
		if (s->section < 0 || s->section >= o->nsections)
			continue;
		const char *sn = o->sections[s->section].name;
		if (s->type == ELF_STT_SECTION)
			w->has_secsym[s->section] = true;
		if (s->type == ELF_STT_FUNC && s->bind != ELF_STB_LOCAL &&
		    s->value == 0 && !strncmp(sn, ".text.", 6) &&
		    !strcmp(s->name, sn + 6))
			w->has_entry[s->section] = true;
	}
	return true;
}

/* Is symbol s kernel k's entry for some k: a global function at the
 * start of its text section, named like the kernel?  (A local symbol of
 * the same name elsewhere in the text is not: found by fuzz_elf.) */
static bool is_kernel_entry(const writer *w, const obj_symbol *s)
{
	const simt_object *o = w->o;
	if (s->bind == ELF_STB_LOCAL || s->value != 0)
		return false;
	int k = util_names_find(&w->knames, s->name, strlen(s->name));
	if (k < 0)
		return false;
	if (o->kernels[k].text == s->section)
		return true;
	for (k = 0; k < o->nkernels; k++) /* kernels sharing a name: rare */
		if (s->section == o->kernels[k].text &&
		    strcmp(s->name, o->kernels[k].name) == 0)
			return true;
	return false;
}

/* What the reader will demand of kernel k: its code section .text.<k>
 * and a global function <k> at the start of it. */
static void check_kernel(writer *w, int k)
{
	const simt_object *o = w->o;
	const obj_kernel *kn = &o->kernels[k];
	if (kn->text < 0 || kn->text >= o->nsections ||
	    o->sections[kn->text].kind != OBJ_SEC_TEXT ||
	    strncmp(o->sections[kn->text].name, ".text.", 6) != 0 ||
	    strcmp(o->sections[kn->text].name + 6, kn->name) != 0)
		return bad(w, "kernel %s: code section is not .text.%s", kn->name,
			   kn->name);
	if (w->has_entry[kn->text])
		return;
	bad(w, "kernel %s: no global function symbol %s at the start of its "
	       "code", kn->name, kn->name);
}

/* INDIRECT_BRANCH_TARGETS record of one branch: what the reader accepts. */
static void branch_rec(writer *w, const obj_kernel *kn, const obj_branch *br,
		       bytes *b)
{
	const simt_object *o = w->o;
	uint64_t tsize = kn->text >= 0 && kn->text < o->nsections
				 ? o->sections[kn->text].size : 0;
	bool ok = br->ntargets > 0 && br->ntargets < 0x3fff &&
		  br->offset % 16 == 0 && br->offset < tsize &&
		  (br == kn->branches || br->offset > br[-1].offset);
	for (int t = 0; ok && t < br->ntargets; t++)
		ok = br->targets[t] % 16 == 0 && br->targets[t] < tsize;
	if (!ok)
		return bad(w, "kernel %s: branch targets of the instruction at "
			      "0x%lx are not instructions of the kernel (or not "
			      "in ascending order)", kn->name, (long)br->offset);
	bytes_put(b, 1, OBJ_INFO_FMT_SVAL);
	bytes_put(b, 1, OBJ_INFO_INDIRECT_BRANCH_TARGETS);
	bytes_put(b, 2, 4 * ((uint64_t)br->ntargets + 1));
	bytes_put(b, 4, br->offset);
	for (int t = 0; t < br->ntargets; t++)
		bytes_put(b, 4, br->targets[t]);
}

static void build_info(writer *w, int k, bytes *b)
{
	const obj_kernel *kn = &w->o->kernels[k];
	check_kernel(w, k);
	info_u32(b, OBJ_INFO_REGCOUNT, kn->nregs);
	info_u32(b, OBJ_INFO_NUM_BARRIERS, kn->nbarriers);
	info_u32(b, OBJ_INFO_NUM_MBARRIERS, kn->nmbarriers);
	uint64_t sh = shared_size(w, k);
	if (sh > UINT32_MAX)
		bad(w, "kernel %s: shared size %ld too large", kn->name, (long)sh);
	info_u32(b, OBJ_INFO_SHARED_SIZE, (uint32_t)sh);
	uint32_t cbank[3] = {0, OBJ_PARAM_BASE, kn->param_size};
	info_rec(b, OBJ_INFO_PARAM_CBANK, cbank, 3);
	for (int i = 0; i < kn->nparams; i++) {
		uint32_t p[3] = {(uint32_t)i, kn->param_offset[i], kn->param_size_of[i]};
		info_rec(b, OBJ_INFO_KPARAM_INFO, p, 3);
	}
	if (kn->nexits > 0)
		info_rec(b, OBJ_INFO_EXIT_INSTR_OFFSETS, kn->exit_offsets, kn->nexits);
	for (int i = 0; i < kn->nbranches; i++)
		branch_rec(w, kn, &kn->branches[i], b);
	if (kn->cluster[0] || kn->cluster[1] || kn->cluster[2]) {
		if (!kn->cluster[0] || !kn->cluster[1] || !kn->cluster[2])
			bad(w, "kernel %s: cluster shape (%u,%u,%u) has a zero", kn->name,
			    kn->cluster[0], kn->cluster[1], kn->cluster[2]);
		info_rec(b, OBJ_INFO_CLUSTER_DIMS, kn->cluster, 3);
	}
}

/* Checks of one in-memory section that the format depends on. */
static void check_section(writer *w, int i)
{
	const obj_section *s = &w->o->sections[i];
	if ((s->align & (s->align - 1)) || s->align > ELF_MAX_ALIGN)
		bad(w, "section %s: alignment %ld is not a power of two up to %u",
		    s->name, (long)s->align, ELF_MAX_ALIGN);
	if (s->kind == OBJ_SEC_TEXT && s->size % 16)
		bad(w, "section %s: size %ld is not a multiple of 16",
		    s->name, (long)s->size);
	if (s->kernel < -1 || s->kernel >= w->o->nkernels)
		bad(w, "section %s: kernel %ld out of range", s->name,
		    (long)s->kernel);
	if (s->sh_type != ELF_SHT_NOBITS && s->size && !s->data)
		bad(w, "section %s: %ld bytes without data", s->name,
		    (long)s->size);
	if (s->kind == OBJ_SEC_INFO)
		return;
	if (elf_reserved_name(s->name))
		bad(w, "section %s: the name is reserved for the writer's own "
		       "sections", s->name);
	for (int r = 0; r < s->nrelocs; r++) {
		const obj_reloc *rl = &s->relocs[r];
		int width = rl->type == OBJ_R_ABS32 ? 4
			    : rl->type == OBJ_R_ABS64 ? 8 : SIMT_INST_SIZE;
		if (rl->symbol < 0 || rl->symbol >= w->o->nsymbols)
			bad(w, "section %s: relocation %ld names symbol %ld",
			    s->name, (long)r, (long)rl->symbol);
		if (rl->type < OBJ_R_ABS64_SHIFT4 || rl->type > OBJ_R_ABS64)
			bad(w, "section %s: relocation %ld has type %ld", s->name,
			    (long)r, (long)rl->type);
		if (s->sh_type == ELF_SHT_NOBITS || rl->offset > s->size ||
		    s->size - rl->offset < (uint64_t)width ||
		    (rl->type == OBJ_R_ABS64_SHIFT4 && rl->offset % SIMT_INST_SIZE))
			bad(w, "section %s: relocation %ld at 0x%lx is outside it",
			    s->name, (long)r, (long)rl->offset);
	}
}

/* The ELF symbol table: null, section symbols, locals, globals. */
static void build_symtab(writer *w)
{
	const simt_object *o = w->o;
	bytes *b = &w->sym;
	int n = 1;
	bytes_grow(b, ELF_SYM_SIZE);
	strtab_add(&w->str, "");
	for (int i = 0; i < o->nsections; i++) {
		if (!w->sec_of[i] || w->has_secsym[i])
			continue;
		bytes_put(b, 4, strtab_add(&w->str, o->sections[i].name));
		bytes_put(b, 1, ELF_ST_INFO(ELF_STB_LOCAL, ELF_STT_SECTION));
		bytes_put(b, 1, 0);
		bytes_put(b, 2, (uint64_t)w->sec_of[i]);
		bytes_put(b, 8, 0);
		bytes_put(b, 8, 0);
		n++;
	}
	for (int pass = 0; pass < 2; pass++) {
		for (int y = 0; y < o->nsymbols; y++) {
			const obj_symbol *s = &o->symbols[y];
			if ((s->bind == ELF_STB_LOCAL) != (pass == 0))
				continue;
			if (s->section < -1 || s->section >= o->nsections ||
			    (s->section >= 0 && !w->sec_of[s->section])) {
				bad(w, "symbol %s: section %ld cannot be written",
				    s->name, (long)s->section);
				continue;
			}
			uint64_t size = s->size;
			if (size == 0 && s->type == ELF_STT_FUNC && s->section >= 0 &&
			    is_kernel_entry(w, s))
				size = o->sections[s->section].size;
			w->sym_of[y] = n++;
			bytes_put(b, 4, strtab_add(&w->str, s->name));
			bytes_put(b, 1, ELF_ST_INFO(s->bind, s->type));
			bytes_put(b, 1, s->other);
			bytes_put(b, 2, s->section < 0 ? ELF_SHN_UNDEF
						       : (uint64_t)w->sec_of[s->section]);
			bytes_put(b, 8, s->value);
			bytes_put(b, 8, size);
		}
		if (pass == 0)
			w->nlocals = n;
	}
}

static void build_rela(writer *w, const obj_section *s, bytes *b)
{
	for (int r = 0; r < s->nrelocs; r++) {
		const obj_reloc *rl = &s->relocs[r];
		int sym = rl->symbol >= 0 && rl->symbol < w->o->nsymbols
				  ? w->sym_of[rl->symbol] : 0;
		bytes_put(b, 8, rl->offset);
		bytes_put(b, 8, (uint64_t)sym << 32 | (uint32_t)rl->type);
		bytes_put(b, 8, (uint64_t)rl->addend);
	}
}

/* Kernels that get a .nv.simt.lines.<k> section. */
static int nline_tables(const simt_object *o)
{
	int n = 0;
	for (int k = 0; k < o->nkernels; k++)
		n += !obj_lines_empty(&o->kernels[k].lines);
	return n;
}

/* Decide the ELF index of every emitted in-memory section. */
static int number_sections(writer *w)
{
	int n = 4 + w->o->nkernels + nline_tables(w->o);
	for (int i = 0; i < w->o->nsections; i++) {
		const obj_section *s = &w->o->sections[i];
		if (s->kind == OBJ_SEC_INFO)
			continue;
		w->sec_of[i] = n++;
		n += s->nrelocs > 0;
	}
	return n;
}

/* .nv.simt.lines.<k> of kernel k (lines.h), after the .nv.info ones. */
static void add_lines(writer *w, int k)
{
	const simt_object *o = w->o;
	const obj_kernel *kn = &o->kernels[k];
	char *name = util_format("%s%s", OBJ_LINES_PREFIX, kn->name);
	wsec *s = add_sec(w, name ? name : "", ELF_SHT_PROGBITS);
	free(name);
	w->nomem |= !name;
	int t = kn->text;
	uint64_t tsize = t >= 0 && t < o->nsections ? o->sections[t].size : 0;
	char why[160];
	if (obj_lines_invalid(&kn->lines, tsize, why, sizeof why))
		bad(w, "kernel %s: line table: %s", kn->name, why);
	s->flags = ELF_SHF_INFO_LINK;
	s->info = t >= 0 && t < o->nsections ? (uint32_t)w->sec_of[t] : 0;
	s->align = 4;
	s->lines = &kn->lines; /* encoded while the image is written */
	s->size = obj_lines_size(&kn->lines);
}

static void fill_sections(writer *w)
{
	const simt_object *o = w->o;
	wsec *s;
	add_sec(w, "", ELF_SHT_NULL)->align = 0;
	s = add_sec(w, ".shstrtab", ELF_SHT_STRTAB); /* data set at the end */
	s = add_sec(w, ".strtab", ELF_SHT_STRTAB);
	s = add_sec(w, ".symtab", ELF_SHT_SYMTAB);
	s->link = 2;
	s->align = 8;
	s->entsize = ELF_SYM_SIZE;
	for (int k = 0; k < o->nkernels; k++) {
		char *name = util_format(".nv.info.%s", o->kernels[k].name);
		s = add_sec(w, name ? name : "", ELF_SHT_SIMT_INFO);
		free(name);
		w->nomem |= !name;
		bytes *b = new_owned(w);
		build_info(w, k, b);
		s->flags = ELF_SHF_INFO_LINK;
		s->link = 3;
		int t = o->kernels[k].text;
		s->info = t >= 0 && t < o->nsections ? (uint32_t)w->sec_of[t] : 0;
		s->align = 4;
		s->data = b->p; /* fixed up after all buffers are built */
		s->size = b->n;
	}
	for (int k = 0; k < o->nkernels; k++)
		if (!obj_lines_empty(&o->kernels[k].lines))
			add_lines(w, k);
	for (int i = 0; i < o->nsections; i++) {
		const obj_section *m = &o->sections[i];
		if (!w->sec_of[i])
			continue;
		check_section(w, i);
		s = add_sec(w, m->name, m->sh_type);
		s->flags = m->sh_flags & ~(uint64_t)ELF_SHF_INFO_LINK;
		s->align = m->align ? m->align : 1;
		s->data = m->data;
		s->size = m->kind == OBJ_SEC_SHARED && m->kernel >= 0 &&
				  m->kernel < o->nkernels
			      ? shared_size(w, m->kernel) : m->size;
		if (m->kernel >= 0 && m->kernel < o->nkernels &&
		    m->kind != OBJ_SEC_TEXT && o->kernels[m->kernel].text >= 0 &&
		    o->kernels[m->kernel].text < o->nsections) {
			s->info = (uint32_t)w->sec_of[o->kernels[m->kernel].text];
			s->flags |= ELF_SHF_INFO_LINK;
		}
		if (m->nrelocs == 0)
			continue;
		char *name = util_format(".rela%s", m->name);
		s = add_sec(w, name ? name : "", ELF_SHT_RELA);
		free(name);
		w->nomem |= !name;
		bytes *b = new_owned(w);
		build_rela(w, m, b);
		s->flags = ELF_SHF_INFO_LINK;
		s->link = 3;
		s->info = (uint32_t)w->sec_of[i];
		s->align = 8;
		s->entsize = ELF_RELA_SIZE;
		s->data = b->p;
		s->size = b->n;
	}
}

static void put_ehdr(uint8_t *p, uint64_t shoff, int shnum)
{
	static const uint8_t ident[16] = {0x7f, 'E', 'L', 'F', ELF_CLASS64,
					  ELF_DATA2LSB, ELF_EV_CURRENT,
					  ELF_OSABI_NONE};
	memcpy(p, ident, 16);
	elf_put(p + 16, 2, ELF_ET_REL);
	elf_put(p + 18, 2, ELF_EM_SIMT);
	elf_put(p + 20, 4, ELF_EV_CURRENT);
	elf_put(p + 40, 8, shoff);
	elf_put(p + 48, 4, ELF_EF_SIMT_VERSION);
	elf_put(p + 52, 2, ELF_EHDR_SIZE);
	elf_put(p + 58, 2, ELF_SHDR_SIZE);
	elf_put(p + 60, 2, (uint64_t)shnum);
	elf_put(p + 62, 2, 1);
}

static void put_shdr(uint8_t *p, const wsec *s)
{
	elf_put(p + 0, 4, s->name);
	elf_put(p + 4, 4, s->type);
	elf_put(p + 8, 8, s->flags);
	elf_put(p + 24, 8, s->offset);
	elf_put(p + 32, 8, s->size);
	elf_put(p + 40, 4, s->link);
	elf_put(p + 44, 4, s->info);
	elf_put(p + 48, 8, s->align);
	elf_put(p + 56, 8, s->entsize);
}

/* Place every section; returns the offset of the section headers and the
 * size of the image in *len. */
static uint64_t place(writer *w, size_t *len)
{
	uint64_t at = ELF_EHDR_SIZE;
	for (int i = 1; i < w->nsecs; i++) {
		wsec *s = &w->secs[i];
		uint64_t a = s->align ? s->align : 1;
		at = (at + a - 1) & ~(a - 1);
		s->offset = at;
		if (s->type != ELF_SHT_NOBITS)
			at += s->size;
	}
	uint64_t shoff = (at + 7) & ~(uint64_t)7;
	*len = (size_t)shoff + (size_t)w->nsecs * ELF_SHDR_SIZE;
	return shoff;
}

static void put_zeros(simt_write_fn put, void *ctx, uint64_t n)
{
	static const char zeros[256];
	for (; n > sizeof zeros; n -= sizeof zeros)
		put(ctx, zeros, sizeof zeros);
	if (n)
		put(ctx, zeros, (size_t)n);
}

/*
 * The image in order, handed to put(ctx, piece, n): the header, every
 * section's bytes straight from where they are (no copy into one image),
 * the zeros of alignment gaps, the section headers.  place() came first.
 */
static void emit(const writer *w, uint64_t shoff, simt_write_fn put,
		 void *ctx)
{
	uint8_t hdr[ELF_EHDR_SIZE] = {0};
	put_ehdr(hdr, shoff, w->nsecs);
	put(ctx, (const char *)hdr, sizeof hdr);
	uint64_t at = ELF_EHDR_SIZE;
	for (int i = 1; i < w->nsecs; i++) {
		const wsec *s = &w->secs[i];
		if (s->type == ELF_SHT_NOBITS || !s->size)
			continue;
		put_zeros(put, ctx, s->offset - at);
		if (s->lines)
			obj_lines_emit(s->lines, put, ctx);
		else if (s->data)
			put(ctx, (const char *)s->data, (size_t)s->size);
		else
			put_zeros(put, ctx, s->size);
		at = s->offset + s->size;
	}
	put_zeros(put, ctx, shoff - at);
	uint8_t sh[16 * ELF_SHDR_SIZE];
	for (int i = 0; i < w->nsecs; i += 16) {
		int n = w->nsecs - i < 16 ? w->nsecs - i : 16;
		memset(sh, 0, sizeof sh);
		for (int k = 0; k < n; k++)
			put_shdr(sh + (size_t)k * ELF_SHDR_SIZE, &w->secs[i + k]);
		put(ctx, (const char *)sh, (size_t)n * ELF_SHDR_SIZE);
	}
}

/* Point the table sections at their finished buffers. */
static void finish_tables(writer *w)
{
	w->secs[1].data = w->shstr.p;
	w->secs[1].size = w->shstr.n;
	w->secs[2].data = w->str.p;
	w->secs[2].size = w->str.n;
	w->secs[3].data = w->sym.p;
	w->secs[3].size = w->sym.n;
	w->secs[3].info = (uint32_t)w->nlocals;
	w->nomem |= w->shstr.failed || w->str.failed || w->sym.failed;
	for (int i = 0; i < w->nowned; i++)
		w->nomem |= w->owned[i].failed;
}

static void writer_free(writer *w)
{
	free(w->secs);
	free(w->shstr.p);
	free(w->str.p);
	free(w->sym.p);
	for (int i = 0; i < w->nowned; i++)
		free(w->owned[i].p);
	free(w->owned);
	free(w->sec_of);
	free(w->sym_of);
	free(w->shared);
	free(w->has_secsym);
	free(w->has_entry);
	util_names_free(&w->knames);
}

/* Check o and build the writer's tables; SIMT_OK when emit() may run. */
static simt_status prepare_all(writer *w, const simt_object *o, simt_diags *d)
{
	*w = (writer){.o = o, .d = d};
	size_t ns = (size_t)o->nsections + 1, ny = (size_t)o->nsymbols + 1;
	w->sec_of = calloc(ns, sizeof *w->sec_of);
	w->sym_of = calloc(ny, sizeof *w->sym_of);
	w->owned = calloc(2 * (size_t)o->nkernels + ns, sizeof *w->owned);
	int total = w->sec_of ? number_sections(w) : 0;
	w->secs = calloc((size_t)total + 1, sizeof *w->secs);
	if (!w->sec_of || !w->sym_of || !w->owned || !w->secs || !prepare(w))
		return SIMT_ERR_NOMEM;
	if (total >= (int)ELF_SHN_LORESERVE) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "object has %d sections, more than ELF allows", total);
		return SIMT_ERR_ARG;
	}
	build_symtab(w); /* needs sec_of only; fills sym_of for relas */
	fill_sections(w);
	finish_tables(w);
	UTIL_ASSERT(w->nsecs == total);
	return w->nomem ? SIMT_ERR_NOMEM : w->bad ? SIMT_ERR_ARG : SIMT_OK;
}

typedef struct copy_out {
	uint8_t *p;
	size_t n;
} copy_out;

static void copy_put(void *ctx, const char *p, size_t n)
{
	copy_out *o = ctx;
	memcpy(o->p + o->n, p, n);
	o->n += n;
}

simt_status simt_object_write(const simt_object *o, uint8_t **image,
			      size_t *len, simt_diags *d)
{
	if (!o || !image || !len)
		return SIMT_ERR_ARG;
	*image = NULL;
	*len = 0;
	writer w;
	simt_status st = prepare_all(&w, o, d);
	if (st == SIMT_OK) {
		size_t n;
		uint64_t shoff = place(&w, &n);
		copy_out out = {malloc(n), 0};
		if (!out.p) {
			st = SIMT_ERR_NOMEM;
		} else {
			emit(&w, shoff, copy_put, &out);
			UTIL_ASSERT(out.n == n);
			*image = out.p;
			*len = n;
		}
	}
	writer_free(&w);
	return st;
}

simt_status simt_object_write_stream(const simt_object *o,
				     simt_write_fn write, void *ctx,
				     simt_diags *d)
{
	if (!o || !write)
		return SIMT_ERR_ARG;
	writer w;
	simt_status st = prepare_all(&w, o, d);
	if (st == SIMT_OK) {
		size_t n;
		emit(&w, place(&w, &n), write, ctx);
	}
	writer_free(&w);
	return st;
}
