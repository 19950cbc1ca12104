/*
 * tables.c - the PTX vocabulary tables generated from ops.h, their lookups,
 * the module arena and the name map.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx.h"
#include "util/util.h"

const ptx_type_info ptx_types[PTX_T_COUNT] = {
	{"", 0, 0},
#define PTX_X(id, s, bits, kind) {s, bits, kind},
	PTX_TYPES(PTX_X)
#undef PTX_X
};

const char *const ptx_space_names[PTX_SP_COUNT] = {
	"",
#define PTX_X(id, s) s,
	PTX_SPACES(PTX_X)
#undef PTX_X
};

const ptx_opcode_info ptx_opcodes[PTX_OP_COUNT] = {
	{"", 0, 0, 0, "", 0, 0},
#define PTX_X(id, name, lo, hi, cls, shape, sm, ver) {name, lo, hi, cls, shape, sm, ver},
	PTX_OPCODES(PTX_X)
#undef PTX_X
};

const char *const ptx_mod_names[PTX_MOD_COUNT] = {
	"",
#define PTX_X(cls, id, s) s,
	PTX_MODS(PTX_X)
#undef PTX_X
};

const unsigned char ptx_mod_classes[PTX_MOD_COUNT] = {
	PTX_MC_FLAG,
#define PTX_X(cls, id, s) PTX_MC_##cls,
	PTX_MODS(PTX_X)
#undef PTX_X
};

const struct ptx_sreg_info ptx_sregs[PTX_SREG_COUNT] = {
	{"", 0, 0},
#define PTX_X(id, s, bits, comp) {s, bits, comp},
	PTX_SREGS(PTX_X)
#undef PTX_X
};

/* ---- arena ------------------------------------------------------------------ */

struct ptx_chunk {
	ptx_chunk *next;
	size_t used, cap;
	_Alignas(16) unsigned char data[];
};

void *ptx_alloc_raw(ptx_arena *a, size_t size)
{
	size = (size + 15) & ~(size_t)15;
	ptx_chunk *c = a->head;
	if (!c || c->cap - c->used < size) {
		size_t cap = size > 60000 ? size : 60000;
		c = malloc(sizeof *c + cap);
		if (!c) {
			if (a->oom)
				longjmp(*a->oom, 1);
			UTIL_ASSERT(!"ptx arena exhausted without a handler");
		}
		c->next = a->head;
		c->used = 0;
		c->cap = cap;
		a->head = c;
	}
	void *p = c->data + c->used;
	c->used += size;
	return p;
}

void *ptx_alloc(ptx_arena *a, size_t size)
{
	void *p = ptx_alloc_raw(a, size);
	memset(p, 0, size);
	return p;
}

char *ptx_strndup(ptx_arena *a, const char *s, size_t n)
{
	char *p = ptx_alloc_raw(a, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void ptx_arena_free(ptx_arena *a)
{
	while (a->head) {
		ptx_chunk *n = a->head->next;
		free(a->head);
		a->head = n;
	}
}

/* ---- name map --------------------------------------------------------------- */

static uint32_t hash(const char *s, int len)
{
	uint32_t h = 2166136261u;
	for (int i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

void *ptx_map_get(const ptx_map *m, const char *key, int len)
{
	if (!m->cap)
		return NULL;
	for (uint32_t i = hash(key, len) & (uint32_t)(m->cap - 1);;
	     i = (i + 1) & (uint32_t)(m->cap - 1)) {
		if (!m->keys[i])
			return NULL;
		if (m->klen[i] == len && !memcmp(m->keys[i], key, (size_t)len))
			return m->vals[i];
	}
}

static void put_raw(ptx_map *m, const char *key, int len, void *v)
{
	uint32_t i = hash(key, len) & (uint32_t)(m->cap - 1);
	for (; m->keys[i]; i = (i + 1) & (uint32_t)(m->cap - 1)) {
		if (m->klen[i] == len && !memcmp(m->keys[i], key, (size_t)len)) {
			m->vals[i] = v;
			return;
		}
	}
	m->keys[i] = key;
	m->klen[i] = len;
	m->vals[i] = v;
	m->count++;
}

/* Keys must outlive the map (they point into the arena). */
void ptx_map_put(ptx_arena *a, ptx_map *m, const char *key, int len, void *v)
{
	if ((m->count + 1) * 2 > m->cap) {
		ptx_map old = *m;
		m->cap = old.cap ? old.cap * 2 : 16;
		m->keys = ptx_alloc(a, (size_t)m->cap * sizeof *m->keys);
		m->klen = ptx_alloc(a, (size_t)m->cap * sizeof *m->klen);
		m->vals = ptx_alloc(a, (size_t)m->cap * sizeof *m->vals);
		m->count = 0;
		for (int i = 0; i < old.cap; i++)
			if (old.keys[i])
				put_raw(m, old.keys[i], old.klen[i], old.vals[i]);
	}
	put_raw(m, key, len, v);
}

/* ---- lookups ---------------------------------------------------------------- */

/* Spelling lengths, computed at compile time so a lookup compares lengths
 * first and runs memcmp only on candidates of the right size. */
static const unsigned char type_len[PTX_T_COUNT] = {
	0,
#define PTX_X(id, s, bits, kind) sizeof s - 1,
	PTX_TYPES(PTX_X)
#undef PTX_X
};
static const unsigned char space_len[PTX_SP_COUNT] = {
	0,
#define PTX_X(id, s) sizeof s - 1,
	PTX_SPACES(PTX_X)
#undef PTX_X
};
static const unsigned char mod_len[PTX_MOD_COUNT] = {
	0,
#define PTX_X(cls, id, s) sizeof s - 1,
	PTX_MODS(PTX_X)
#undef PTX_X
};
static const unsigned char sreg_len[PTX_SREG_COUNT] = {
	0,
#define PTX_X(id, s, bits, comp) sizeof s - 1,
	PTX_SREGS(PTX_X)
#undef PTX_X
};
static const unsigned char opcode_len[PTX_OP_COUNT] = {
	0,
#define PTX_X(id, name, lo, hi, cls, shape, sm, ver) sizeof name - 1,
	PTX_OPCODES(PTX_X)
#undef PTX_X
};

#define EQ(lens, names, t) \
	((lens)[t] == len && (names)[t][0] == s[0] && !memcmp((names)[t], s, (size_t)len))

ptx_type ptx_type_lookup(const char *s, int len)
{
	for (int t = 1; t < PTX_T_COUNT; t++)
		if (type_len[t] == len && !memcmp(ptx_types[t].name, s, (size_t)len))
			return (ptx_type)t;
	return PTX_T_NONE;
}

ptx_space ptx_space_lookup(const char *s, int len)
{
	for (int t = 1; t < PTX_SP_COUNT; t++)
		if (EQ(space_len, ptx_space_names, t))
			return (ptx_space)t;
	return PTX_SP_NONE;
}

ptx_modid ptx_mod_lookup(const char *s, int len, bool prefer_cmp)
{
	ptx_modid found = PTX_MOD_NONE;
	for (int t = 1; t < PTX_MOD_COUNT; t++) {
		if (!EQ(mod_len, ptx_mod_names, t))
			continue;
		if (!found)
			found = (ptx_modid)t;
		if ((ptx_mod_classes[t] == PTX_MC_CMP) == prefer_cmp)
			return (ptx_modid)t;
	}
	return found;
}

ptx_sreg_id ptx_sreg_lookup(const char *s, int len)
{
	for (int t = 1; t < PTX_SREG_COUNT; t++)
		if (sreg_len[t] == len && !memcmp(ptx_sregs[t].name, s, (size_t)len))
			return (ptx_sreg_id)t;
	return PTX_SREG_NONE;
}

/* The opcodes chained by (first letter, length): the parser looks up every
 * dotted prefix of every instruction, longest first.  Built once. */
#define OP_BUCKETS 256
static short op_head[OP_BUCKETS], op_next[PTX_OP_COUNT];
static pthread_once_t op_once = PTHREAD_ONCE_INIT;

static unsigned op_bucket(const char *s, int len)
{
	return ((unsigned char)s[0] * 31u + (unsigned)len) % OP_BUCKETS;
}

static void op_index(void)
{
	for (int b = 0; b < OP_BUCKETS; b++)
		op_head[b] = 0;
	for (int t = PTX_OP_COUNT - 1; t >= 1; t--) { /* lowest first in a chain */
		unsigned b = op_bucket(ptx_opcodes[t].name, opcode_len[t]);
		op_next[t] = op_head[b];
		op_head[b] = (short)t;
	}
}

ptx_opcode ptx_opcode_lookup(const char *s, int len)
{
	if (len <= 0)
		return PTX_OP_NONE;
	pthread_once(&op_once, op_index);
	for (int t = op_head[op_bucket(s, len)]; t; t = op_next[t])
		if (opcode_len[t] == len && !memcmp(ptx_opcodes[t].name, s, (size_t)len))
			return (ptx_opcode)t;
	return PTX_OP_NONE;
}

const char *ptx_reg_name(const ptx_opd *o, char *buf, size_t size)
{
	/* what snprintf(buf, size, "%s%d", name, index) writes, without it
	 * (the lowering names every register operand through here) */
	if (!size)
		return buf;
	size_t n = strnlen(o->reg->name, size - 1);
	memcpy(buf, o->reg->name, n);
	if (o->index >= 0) {
		char t[12];
		int i = (int)sizeof t;
		unsigned u = (unsigned)o->index;
		do
			t[--i] = (char)('0' + u % 10);
		while (u /= 10);
		for (; i < (int)sizeof t && n + 1 < size; i++)
			buf[n++] = t[i];
	}
	buf[n] = '\0';
	return buf;
}

void ptx_error(ptx_module *m, simt_diags *d, ptx_pos pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (d)
		util_vdiag(d, SIMT_SEV_ERROR, m->path, m->src, pos.line, pos.col,
			   fmt, ap);
	va_end(ap);
}

void ptx_module_free(ptx_module *m)
{
	if (!m)
		return;
	ptx_arena a = m->arena; /* the module lives in its own arena */
	ptx_arena_free(&a);
}
