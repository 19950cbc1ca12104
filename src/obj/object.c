/*
 * object.c - the in-memory object: construction helpers for the assembler
 * and the ELF reader, lookups, release, and the public kernel accessors.
 *
 * Contract: every array of a simt_object grows through this file; the
 * capacity of an array is implicit (the next power of two >= its count), so
 * object.h needs no capacity fields.  Nothing here validates user input: the
 * assembler and the reader do that before they call in.
 */
#include "obj/object.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/elf.h"
#include "util/util.h"

/* Make room for one more element in an array holding n elements; the
 * capacity of n elements is 0 for none, else max(8, next power of two). */
static bool grow1(void **items, size_t n, size_t elem)
{
	bool full = n == 0 || (n >= 8 && (n & (n - 1)) == 0);
	if (!full)
		return true;
	size_t cap = n == 0 ? 8 : n * 2;
	void *p = realloc(*items, cap * elem);
	if (!p)
		return false;
	*items = p;
	return true;
}

/* Capacity for bytes: the next power of two >= n (at least 64). */
static size_t byte_cap(size_t n)
{
	size_t c = 64;
	while (c < n)
		c *= 2;
	return c;
}

simt_object *obj_new(void)
{
	return calloc(1, sizeof(simt_object));
}

/* Bank number N of a ".nv.constantN..." name, 0 when absent. */
static int const_bank(const char *name)
{
	const char *p = name + strlen(".nv.constant");
	int bank = 0;
	if (strncmp(name, ".nv.constant", strlen(".nv.constant")) != 0)
		return 0;
	while (*p >= '0' && *p <= '9' && bank < 1000)
		bank = bank * 10 + (*p++ - '0');
	return bank;
}

int obj_add_section(simt_object *o, const char *name, obj_sec_kind kind)
{
	static const struct {
		uint32_t type;
		uint64_t flags, align;
	} defaults[] = {
		[OBJ_SEC_TEXT] = {ELF_SHT_PROGBITS, ELF_SHF_ALLOC | ELF_SHF_EXECINSTR, 128},
		[OBJ_SEC_CONST] = {ELF_SHT_PROGBITS, ELF_SHF_ALLOC, 4},
		[OBJ_SEC_SHARED] = {ELF_SHT_NOBITS, ELF_SHF_ALLOC | ELF_SHF_WRITE, 16},
		[OBJ_SEC_INFO] = {ELF_SHT_SIMT_INFO, 0, 4},
		[OBJ_SEC_OTHER] = {ELF_SHT_PROGBITS, 0, 1},
	};
	if (!grow1((void **)&o->sections, (size_t)o->nsections, sizeof(obj_section)))
		return -1;
	char *copy = util_strdup(name);
	if (!copy || !util_names_add(&o->secnames, copy, strlen(copy), o->nsections)) {
		free(copy);
		return -1;
	}
	obj_section *s = &o->sections[o->nsections];
	memset(s, 0, sizeof *s);
	s->name = copy;
	s->kind = kind;
	s->sh_type = defaults[kind].type;
	s->sh_flags = defaults[kind].flags;
	s->align = defaults[kind].align;
	s->kernel = -1;
	s->bank = kind == OBJ_SEC_CONST ? const_bank(name) : 0;
	return o->nsections++;
}

int obj_add_symbol(simt_object *o, const char *name)
{
	if (!grow1((void **)&o->symbols, (size_t)o->nsymbols, sizeof(obj_symbol)))
		return -1;
	char *copy = util_strdup(name);
	if (!copy || !util_names_add(&o->symnames, copy, strlen(copy), o->nsymbols)) {
		free(copy);
		return -1;
	}
	obj_symbol *y = &o->symbols[o->nsymbols];
	memset(y, 0, sizeof *y);
	y->name = copy;
	y->section = -1;
	y->bind = ELF_STB_LOCAL;
	y->type = ELF_STT_NOTYPE;
	return o->nsymbols++;
}

int obj_find_section(const simt_object *o, const char *name)
{
	return util_names_find(&o->secnames, name, strlen(name));
}

int obj_find_symbol(const simt_object *o, const char *name)
{
	return util_names_find(&o->symnames, name, strlen(name));
}

int64_t obj_section_append(obj_section *s, const void *data, size_t n)
{
	size_t at = s->size;
	if (n > SIZE_MAX / 2 - at)
		return -1;
	if (s->sh_type != ELF_SHT_NOBITS && n) {
		size_t cap = s->data ? byte_cap(at) : 0;
		if (at + n > cap && byte_cap(at + n) >= UTIL_BIG) {
			/* a big section (a read object's code): huge pages */
			uint8_t *p = util_alloc_big(byte_cap(at + n));
			if (!p)
				return -1;
			if (at)
				memcpy(p, s->data, at);
			free(s->data);
			s->data = p;
		} else if (at + n > cap) {
			uint8_t *p = realloc(s->data, byte_cap(at + n));
			if (!p)
				return -1;
			s->data = p;
		}
		if (data)
			memcpy(s->data + at, data, n);
		else
			memset(s->data + at, 0, n);
	}
	s->size = at + n;
	return (int64_t)at;
}

bool obj_add_reloc(simt_object *o, int section, uint64_t offset,
		   obj_reloc_type type, int symbol, int64_t addend)
{
	obj_section *s = &o->sections[section];
	if (!grow1((void **)&s->relocs, (size_t)s->nrelocs, sizeof(obj_reloc)))
		return false;
	s->relocs[s->nrelocs++] = (obj_reloc){offset, type, symbol, addend};
	return true;
}

/* Section named PREFIX<kernel name> of kernel k, created when missing. */
static int kernel_section(simt_object *o, int k, const char *prefix,
			  obj_sec_kind kind)
{
	char *name = util_format("%s%s", prefix, o->kernels[k].name);
	if (!name)
		return -1;
	int s = obj_find_section(o, name);
	if (s < 0) {
		s = obj_add_section(o, name, kind);
		if (s >= 0)
			o->sections[s].kernel = k;
	}
	free(name);
	return s;
}

int obj_kernel_const(simt_object *o, int k, int bank)
{
	char prefix[32];
	snprintf(prefix, sizeof prefix, ".nv.constant%d.", bank);
	return kernel_section(o, k, prefix, OBJ_SEC_CONST);
}

int obj_kernel_shared(simt_object *o, int k)
{
	return kernel_section(o, k, ".nv.shared.", OBJ_SEC_SHARED);
}

int obj_add_kernel_entry(simt_object *o, const char *name, int text)
{
	if (!grow1((void **)&o->kernels, (size_t)o->nkernels, sizeof(obj_kernel)))
		return -1;
	obj_kernel *kn = &o->kernels[o->nkernels];
	memset(kn, 0, sizeof *kn);
	kn->name = util_strdup(name);
	kn->text = text;
	if (!kn->name)
		return -1;
	return o->nkernels++;
}

int obj_add_kernel(simt_object *o, const char *name)
{
	int k = obj_add_kernel_entry(o, name, -1);
	if (k < 0)
		return -1;
	int t = kernel_section(o, k, ".text.", OBJ_SEC_TEXT);
	int c = obj_kernel_const(o, k, 0);
	if (t < 0 || c < 0)
		return -1;
	o->kernels[k].text = t;
	if (o->sections[c].size < OBJ_PARAM_BASE &&
	    obj_section_append(&o->sections[c], NULL,
			       OBJ_PARAM_BASE - o->sections[c].size) < 0)
		return -1;
	int y = obj_add_symbol(o, name);
	if (y < 0)
		return -1;
	o->symbols[y].section = t;
	o->symbols[y].bind = ELF_STB_GLOBAL;
	o->symbols[y].type = ELF_STT_FUNC;
	return k;
}

int64_t obj_kernel_add_param(simt_object *o, int k, uint32_t size)
{
	obj_kernel *kn = &o->kernels[k];
	uint32_t align = 1;
	while (align < size && align < 16)
		align *= 2;
	uint32_t off = (kn->param_size + align - 1) & ~(align - 1);
	uint32_t *po = realloc(kn->param_offset, (size_t)(kn->nparams + 1) * sizeof *po);
	if (!po)
		return -1;
	kn->param_offset = po;
	uint32_t *ps = realloc(kn->param_size_of, (size_t)(kn->nparams + 1) * sizeof *ps);
	if (!ps)
		return -1;
	kn->param_size_of = ps;
	po[kn->nparams] = off;
	ps[kn->nparams] = size;
	kn->nparams++;
	kn->param_size = off + size;
	int c = obj_kernel_const(o, k, 0);
	if (c < 0)
		return -1;
	obj_section *s = &o->sections[c];
	if (s->size < OBJ_PARAM_BASE + kn->param_size &&
	    obj_section_append(s, NULL, OBJ_PARAM_BASE + kn->param_size - s->size) < 0)
		return -1;
	return (int64_t)(OBJ_PARAM_BASE + off);
}

bool obj_kernel_add_exit(simt_object *o, int k, uint32_t offset)
{
	obj_kernel *kn = &o->kernels[k];
	uint32_t *p = realloc(kn->exit_offsets, (size_t)(kn->nexits + 1) * sizeof *p);
	if (!p)
		return false;
	kn->exit_offsets = p;
	p[kn->nexits++] = offset;
	return true;
}

bool obj_kernel_add_branch(simt_object *o, int k, uint32_t offset,
			   const uint32_t *targets, int n)
{
	obj_kernel *kn = &o->kernels[k];
	obj_branch *b = realloc(kn->branches,
				(size_t)(kn->nbranches + 1) * sizeof *b);
	if (!b)
		return false;
	kn->branches = b;
	uint32_t *t = malloc((size_t)(n > 0 ? n : 1) * sizeof *t);
	if (!t)
		return false;
	if (n > 0)
		memcpy(t, targets, (size_t)n * sizeof *t);
	b[kn->nbranches++] = (obj_branch){offset, n, t};
	return true;
}

void simt_object_free(simt_object *o)
{
	if (!o)
		return;
	for (int i = 0; i < o->nsections; i++) {
		free(o->sections[i].name);
		free(o->sections[i].data);
		free(o->sections[i].relocs);
	}
	for (int i = 0; i < o->nsymbols; i++)
		free(o->symbols[i].name);
	for (int i = 0; i < o->nkernels; i++) {
		free(o->kernels[i].name);
		free(o->kernels[i].param_offset);
		free(o->kernels[i].param_size_of);
		free(o->kernels[i].exit_offsets);
		obj_lines_free(&o->kernels[i].lines);
		for (int b = 0; b < o->kernels[i].nbranches; b++)
			free(o->kernels[i].branches[b].targets);
		free(o->kernels[i].branches);
	}
	free(o->sections);
	free(o->symbols);
	free(o->kernels);
	util_names_free(&o->secnames);
	util_names_free(&o->symnames);
	free(o);
}

int simt_object_kernel_count(const simt_object *o)
{
	return o ? o->nkernels : 0;
}

const char *simt_object_kernel_name(const simt_object *o, int k)
{
	if (!o || k < 0 || k >= o->nkernels)
		return NULL;
	return o->kernels[k].name;
}

int simt_object_source_loc(const simt_object *o, int k, uint64_t pc,
			   simt_srcloc *out)
{
	if (out)
		memset(out, 0, sizeof *out);
	if (!o || !out || k < 0 || k >= o->nkernels || pc % SIMT_INST_SIZE)
		return 0;
	const obj_kernel *kn = &o->kernels[k];
	if (kn->text < 0 || pc >= o->sections[kn->text].size)
		return 0;
	const obj_line *s = obj_lines_find(&kn->lines, OBJ_LINES_SITE, pc);
	const obj_line *g = obj_lines_find(&kn->lines, OBJ_LINES_ORIGIN, pc);
	if (s)
		*out = (simt_srcloc){kn->lines.files[s->file], s->line, s->col,
				     NULL, 0, 0};
	if (g) {
		out->orig_file = kn->lines.files[g->file];
		out->orig_line = g->line;
		out->orig_col = g->col;
	}
	return (s != NULL) + (g != NULL);
}

const uint8_t *simt_object_kernel_code(const simt_object *o, int k, size_t *len)
{
	if (!o || k < 0 || k >= o->nkernels || o->kernels[k].text < 0) {
		if (len)
			*len = 0;
		return NULL;
	}
	const obj_section *s = &o->sections[o->kernels[k].text];
	if (len)
		*len = s->size;
	return s->data;
}
