/*
 * api.c - the public simulator API (include/simt/sim.h): load a kernel of
 * an object (text predecoded once, constant banks, relocations), device
 * memory for the host, launches, read-back of registers after a run.
 *
 * Requires: a checked ISA and an object from the assembler or the ELF
 * reader.  Produces: a simt_sim; all failures as status + diagnostics.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/object.h"
#include "sim/hb.h"
#include "sim/mbarrier.h"
#include "sim/mem.h"
#include "sim/sim.h"

struct simt_sim {
	sim_ctx c;
	bool ran;
	uint64_t allocated; /* global bytes allocated (SIMT_MAX_GLOBAL) */
	simt_stop last;     /* where the launch stands (simt_sim_status) */
	uint64_t global_base; /* the object's global data (0: none)        */
	uint32_t kcluster[3]; /* the kernel's required cluster shape (0: any) */
};

void sim_free_ctas(sim_ctx *c);

/* A named region of a space (simt_sim_name). */
struct sim_name {
	int space;
	uint64_t addr, size;
	char *name;
};

static simt_status name_symbols(simt_sim *s, const simt_object *o, int k,
				uint64_t global);

void simt_launch_init(simt_launch *l)
{
	memset(l, 0, sizeof *l);
	l->grid[0] = l->grid[1] = l->grid[2] = 1;
	l->block[0] = 32;
	l->block[1] = l->block[2] = 1;
	l->policy = SIMT_POLICY_RR;
}

simt_status simt_launch_memory(simt_launch *l, const char *text,
			       simt_diags *d)
{
	if (strcmp(text, "sc") == 0) {
		l->memory = SIMT_MEMORY_SC;
	} else if (strcmp(text, "relaxed") == 0) {
		l->memory = SIMT_MEMORY_RELAXED;
	} else {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "unknown memory model '%s' (sc, relaxed)", text);
		return SIMT_ERR_ARG;
	}
	return SIMT_OK;
}

void simt_sim_set_chooser(simt_sim *s, simt_chooser_fn *fn, void *user,
			  unsigned flags)
{
	s->c.chooser = fn;
	s->c.chooser_user = fn ? user : NULL;
	s->c.choose_flags = fn ? flags : 0;
}

void simt_sim_set_footprint(simt_sim *s, simt_footprint *f)
{
	s->c.fp = f;
	s->c.fp_lost = false;
}

simt_status simt_launch_policy(simt_launch *l, const char *text,
			       simt_diags *d)
{
	if (strcmp(text, "rr") == 0 || strcmp(text, "round-robin") == 0) {
		l->policy = SIMT_POLICY_RR;
	} else if (strcmp(text, "greedy") == 0) {
		l->policy = SIMT_POLICY_GREEDY;
	} else if (strncmp(text, "random", 6) == 0 &&
		   (text[6] == 0 || text[6] == ':')) {
		char *end = NULL;
		l->policy = SIMT_POLICY_RANDOM;
		errno = 0;
		l->seed = text[6] && isdigit((unsigned char)text[7])
				  ? strtoull(text + 7, &end, 0) : 0;
		if (text[6] && (!end || *end || errno == ERANGE)) {
			util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				  "bad seed in policy '%s' (random:SEED, SEED a "
				  "whole number below 2^64)", text);
			return SIMT_ERR_ARG;
		}
	} else {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "unknown policy '%s' (rr, greedy, random:SEED)", text);
		return SIMT_ERR_ARG;
	}
	return SIMT_OK;
}

simt_status simt_launch_checks(simt_launch *l, const char *list,
			       simt_diags *d)
{
	static const struct {
		uint32_t bit;
		const char *name;
	} checks[] = {
#define SIMT_X_CHECK(e, bit, name, what) {bit, name},
		SIMT_CHECK_LIST(SIMT_X_CHECK)
#undef SIMT_X_CHECK
	};
	uint32_t bits = 0;
	for (const char *p = list; p && *p;) {
		size_t n = strcspn(p, ",");
		uint32_t bit = 0;
		if (n == 3 && !strncmp(p, "all", 3))
			bit = ~0u;
		else if (n == 4 && !strncmp(p, "none", 4))
			bit = 0, bits = 0;
		for (size_t k = 0; k < sizeof checks / sizeof *checks; k++)
			if (strlen(checks[k].name) == n && !strncmp(p, checks[k].name, n))
				bit = checks[k].bit;
		if (!bit && !(n == 4 && !strncmp(p, "none", 4))) {
			util_buf names = {0};
			for (size_t k = 0; k < sizeof checks / sizeof *checks; k++)
				util_buf_printf(&names, "%s, ", checks[k].name);
			util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				  "unknown check '%.*s' (%sall, none)", (int)n, p,
				  names.data ? names.data : "");
			util_buf_free(&names);
			return SIMT_ERR_ARG;
		}
		bits |= bit;
		p += n + (p[n] == ',');
	}
	uint32_t known = 0;
	for (size_t k = 0; k < sizeof checks / sizeof *checks; k++)
		known |= checks[k].bit;
	l->checks = bits & known;
	return SIMT_OK;
}

static int find_kernel(const simt_object *o, const char *name)
{
	for (int k = 0; k < o->nkernels; k++)
		if (!name || strcmp(o->kernels[k].name, name) == 0)
			return k;
	return -1;
}

/* Value of symbol s: text symbols are kernel-relative byte offsets. */
static uint64_t sym_value(const simt_object *o, int s)
{
	return s >= 0 && s < o->nsymbols ? o->symbols[s].value : 0;
}

/* Apply the relocations of a section to a private copy of its bytes. */
static simt_status relocate(const simt_object *o, const obj_section *sec,
			    uint8_t *data, simt_diags *d)
{
	for (int r = 0; r < sec->nrelocs; r++) {
		const obj_reloc *rl = &sec->relocs[r];
		uint64_t v = sym_value(o, rl->symbol) + (uint64_t)rl->addend;
		size_t need = rl->type == OBJ_R_ABS32 ? 4 : rl->type == OBJ_R_ABS64 ? 8 : 16;
		if (rl->offset + need > sec->size) {
			util_diag(d, SIMT_SEV_ERROR, sec->name, NULL, 0, 0,
				  "relocation at 0x%llx is outside the section",
				  (unsigned long long)rl->offset);
			return SIMT_ERR_OBJECT;
		}
		uint8_t *p = data + rl->offset;
		if (rl->type == OBJ_R_ABS32) {
			uint32_t x = (uint32_t)v;
			memcpy(p, &x, 4);
		} else if (rl->type == OBJ_R_ABS64) {
			memcpy(p, &v, 8);
		} else if (rl->type == OBJ_R_ABS64_SHIFT4) {
			uint64_t lo, hi;
			memcpy(&lo, p, 8);
			memcpy(&hi, p + 8, 8);
			util_bits_set(&lo, &hi, 32, 50, v >> 4);
			memcpy(p, &lo, 8);
			memcpy(p + 8, &hi, 8);
		}
	}
	return SIMT_OK;
}

static simt_status load_consts(simt_sim *s, const simt_object *o, int k,
			       simt_diags *d)
{
	for (int j = 0; j < o->nsections; j++) {
		const obj_section *sec = &o->sections[j];
		if (sec->kind != OBJ_SEC_CONST || sec->kernel != k || !sec->data)
			continue;
		uint8_t *copy = malloc(sec->size ? sec->size : 1);
		if (!copy)
			return SIMT_ERR_NOMEM;
		memcpy(copy, sec->data, sec->size);
		simt_status st = relocate(o, sec, copy, d);
		bool ok = st == SIMT_OK &&
			  sim_mem_const_write(s->c.mem, (unsigned)sec->bank, 0,
					      copy, (uint32_t)sec->size);
		free(copy);
		if (st != SIMT_OK)
			return st;
		if (!ok) {
			util_diag(d, SIMT_SEV_ERROR, sec->name, NULL, 0, 0,
				  "constant bank %d does not fit", sec->bank);
			return SIMT_ERR_OBJECT;
		}
	}
	return SIMT_OK;
}

/* Highest GPR row the code names, for the livelock hash. */
/*
 * Module global data (docs/launch-abi.md): the object's `.nv.global`
 * section (PTX `.global` variables) is allocated in global memory at load,
 * with its initial bytes (zeros for NOBITS); its address goes to
 * c[0x0][0x30], where code reads it.  At most one such section.
 */
static simt_status load_globals(simt_sim *s, const simt_object *o, simt_diags *d)
{
	bool seen = false;
	for (int j = 0; j < o->nsections; j++) {
		const obj_section *sec = &o->sections[j];
		if (strcmp(sec->name, ".nv.global") && strncmp(sec->name, ".nv.global.", 11))
			continue;
		if (seen) {
			util_diag(d, SIMT_SEV_ERROR, sec->name, NULL, 0, 0,
				  "more than one global data section (.nv.global*) in the object");
			return SIMT_ERR_OBJECT;
		}
		seen = true;
		uint64_t addr;
		simt_status st = simt_sim_alloc(s, sec->size ? sec->size : 1, &addr, d);
		if (st == SIMT_OK && sec->data && sec->size)
			st = simt_sim_write(s, addr, sec->data, sec->size, d);
		if (st != SIMT_OK)
			return st;
		if (!sim_mem_const_write(s->c.mem, 0, 0x30, &addr, 8))
			return SIMT_ERR_NOMEM;
		s->global_base = addr;
	}
	return SIMT_OK;
}

static int rows_used(const sim_ctx *c)
{
	int n = 0;
	for (uint64_t k = 0; k < c->ncode; k++)
		for (int j = 0; j < c->code[k].nops; j++) {
			const sim_opnd *o = &c->code[k].op[j];
			if ((o->kind == SIM_O_REG || o->kind == SIM_O_ADDR ||
			     o->kind == SIM_O_CMEM) && o->reg < SIM_RZ) {
				int top = o->reg + (o->width > 32 ? 2 : 1);
				n = top > n ? top : n;
			}
		}
	return n + (n & 1) > SIM_RZ ? SIM_RZ - 1 : n + (n & 1);
}

/* Rows a reused warp slot must clear: every row an operand of the code
 * names, plus 3 after the highest (a .128 access writes 4 consecutive
 * rows from the one it names); everything when that reaches RZ (pairs and
 * vectors that run into RZ go to the sink, which is cleared too). */
static int rows_dirty(const sim_ctx *c)
{
	int n = 0;
	for (uint64_t k = 0; k < c->ncode; k++)
		for (int j = 0; j < c->code[k].nops; j++) {
			const sim_opnd *o = &c->code[k].op[j];
			if ((o->kind == SIM_O_REG || o->kind == SIM_O_ADDR ||
			     o->kind == SIM_O_CMEM) && o->reg < SIM_RZ &&
			    o->reg + 4 > n)
				n = o->reg + 4;
		}
	return n >= SIM_RZ ? SIM_NROWS : n;
}

static simt_status load_text(simt_sim *s, const simt_object *o, int k,
			     simt_diags *d)
{
	const obj_kernel *kn = &o->kernels[k];
	if (kn->text < 0 || kn->text >= o->nsections) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "kernel '%s' has no text section", kn->name);
		return SIMT_ERR_OBJECT;
	}
	const obj_section *sec = &o->sections[kn->text];
	if (sec->size % SIM_INST_SIZE) {
		util_diag(d, SIMT_SEV_ERROR, sec->name, NULL, 0, 0,
			  "text size %zu is not a multiple of 16", sec->size);
		return SIMT_ERR_OBJECT;
	}
	uint8_t *copy = malloc(sec->size ? sec->size : 1);
	if (!copy)
		return SIMT_ERR_NOMEM;
	if (sec->size)
		memcpy(copy, sec->data, sec->size);
	simt_status st = relocate(o, sec, copy, d);
	if (st == SIMT_OK)
		st = sim_predecode(&s->c, copy, sec->size, d);
	free(copy);
	s->c.rows_used = rows_used(&s->c);
	s->c.rows_dirty = rows_dirty(&s->c);
	return st;
}

simt_status simt_sim_new(const simt_isa *isa, const simt_object *obj,
			 const char *kernel, simt_sim **out, simt_diags *d)
{
	*out = NULL;
	int k = obj ? find_kernel(obj, kernel) : -1;
	if (!isa || k < 0) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "no kernel named '%s' in the object",
			  kernel ? kernel : "(first)");
		return SIMT_ERR_ARG;
	}
	simt_sim *s = calloc(1, sizeof *s);
	if (!s)
		return SIMT_ERR_NOMEM;
	s->c.isa = isa;
	s->c.kernel = util_strdup(obj->kernels[k].name);
	s->c.mem = sim_mem_new();
	s->c.static_shared = obj->kernels[k].shared_size;
	memcpy(s->kcluster, obj->kernels[k].cluster, sizeof s->kcluster);
	simt_launch_init(&s->c.launch);
	simt_status st = s->c.kernel && s->c.mem ? SIMT_OK : SIMT_ERR_NOMEM;
	if (st == SIMT_OK && obj->kernels[k].shared_size > SIMT_MAX_SHARED) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "kernel '%s' declares %llu bytes of static shared memory "
			  "(at most %u per CTA, docs/limits.md)", obj->kernels[k].name,
			  (unsigned long long)obj->kernels[k].shared_size, SIMT_MAX_SHARED);
		st = SIMT_ERR_OBJECT;
	}
	if (st == SIMT_OK && !obj_lines_copy(&s->c.lines, &obj->kernels[k].lines))
		st = SIMT_ERR_NOMEM;
	if (st == SIMT_OK)
		st = load_text(s, obj, k, d);
	if (st == SIMT_OK)
		st = load_consts(s, obj, k, d);
	if (st == SIMT_OK)
		st = load_globals(s, obj, d);
	if (st == SIMT_OK)
		st = name_symbols(s, obj, k, s->global_base);
	if (st != SIMT_OK) {
		simt_sim_free(s);
		return st;
	}
	*out = s;
	return SIMT_OK;
}

void simt_sim_free(simt_sim *s)
{
	if (!s)
		return;
	sim_par_pool_free(&s->c);
	sim_sched_free(&s->c);
	sim_rec_free(&s->c);
	sim_free_ctas(&s->c);
	sim_async_free(&s->c);
	hb_free(&s->c);
	for (int k = 0; k < s->c.nnames; k++)
		free(s->c.names[k].name);
	free(s->c.names);
	sim_mem_free(s->c.mem);
	free(s->c.code);
	obj_lines_free(&s->c.lines);
	free(s->c.kernel);
	free(s->c.stop_text);
	free(s);
}

simt_status simt_sim_name(simt_sim *s, int space, uint64_t addr,
			  uint64_t size, const char *name, simt_diags *d)
{
	sim_ctx *c = &s->c;
	if ((space != SIMT_SPACE_GLOBAL && space != SIMT_SPACE_SHARED) || !name) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "simt_sim_name: space %d: only global and shared "
			  "regions are named", space);
		return SIMT_ERR_ARG;
	}
	struct sim_name *n = realloc(c->names, (size_t)(c->nnames + 1) * sizeof *n);
	if (!n)
		return SIMT_ERR_NOMEM;
	c->names = n;
	n[c->nnames] = (struct sim_name){space, addr, size ? size : 1,
					 util_strdup(name)};
	if (!n[c->nnames].name)
		return SIMT_ERR_NOMEM;
	c->nnames++;
	return SIMT_OK;
}

const char *sim_name_of(const sim_ctx *c, sim_space sp, uint64_t addr,
			uint64_t *off)
{
	int space = sp == SIM_SPACE_SHARED ? SIMT_SPACE_SHARED : SIMT_SPACE_GLOBAL;
	if (sp != SIM_SPACE_SHARED && sp != SIM_SPACE_GLOBAL)
		return NULL;
	for (int k = c->nnames - 1; k >= 0; k--) {
		const struct sim_name *n = &c->names[k];
		if (n->space == space && addr - n->addr < n->size) {
			*off = addr - n->addr;
			return n->name;
		}
	}
	return NULL;
}

char *simt_sim_check_json(const simt_sim *s)
{
	return hb_json(&s->c);
}

/* Name the object's symbols in the kernel's shared section and in the
 * global data section (placed at `global`, 0: none). */
static simt_status name_symbols(simt_sim *s, const simt_object *o, int k,
				uint64_t global)
{
	int sh = -1;
	char want[512];
	snprintf(want, sizeof want, ".nv.shared.%s", o->kernels[k].name);
	for (int j = 0; j < o->nsections; j++)
		if (!strcmp(o->sections[j].name, want))
			sh = j;
	for (int j = 0; j < o->nsymbols; j++) {
		const obj_symbol *y = &o->symbols[j];
		if (y->section < 0 || !y->name || !*y->name)
			continue;
		const char *sec = o->sections[y->section].name;
		simt_status st = SIMT_OK;
		if (y->section == sh)
			st = simt_sim_name(s, SIMT_SPACE_SHARED, y->value, y->size,
					   y->name, NULL);
		else if (global && (!strcmp(sec, ".nv.global") ||
				    !strncmp(sec, ".nv.global.", 11)))
			st = simt_sim_name(s, SIMT_SPACE_GLOBAL, global + y->value,
					   y->size, y->name, NULL);
		if (st != SIMT_OK)
			return st;
	}
	return SIMT_OK;
}

simt_status simt_sim_alloc(simt_sim *s, uint64_t size, uint64_t *addr,
			   simt_diags *d)
{
	if (size > SIMT_MAX_GLOBAL - s->allocated) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "allocating %llu bytes of global memory would pass the "
			  "limit of %llu MiB in all (%llu bytes allocated, "
			  "docs/limits.md)", (unsigned long long)size,
			  (unsigned long long)(SIMT_MAX_GLOBAL >> 20),
			  (unsigned long long)s->allocated);
		return SIMT_ERR_ARG;
	}
	simt_status st = sim_mem_alloc(s->c.mem, size, addr, d);
	if (st == SIMT_OK)
		s->allocated += size;
	return st;
}

simt_status simt_sim_write(simt_sim *s, uint64_t addr, const void *src,
			   uint64_t len, simt_diags *d)
{
	if (sim_mem_host_write(s->c.mem, addr, src, len))
		return SIMT_OK;
	util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "write of %llu bytes at 0x%llx is outside the allocated buffers",
		  (unsigned long long)len, (unsigned long long)addr);
	return SIMT_ERR_ARG;
}

simt_status simt_sim_read(simt_sim *s, uint64_t addr, void *dst, uint64_t len,
			  simt_diags *d)
{
	if (sim_mem_host_read(s->c.mem, addr, dst, len))
		return SIMT_OK;
	util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "read of %llu bytes at 0x%llx is outside the allocated buffers",
		  (unsigned long long)len, (unsigned long long)addr);
	return SIMT_ERR_ARG;
}

simt_status simt_sim_set_const(simt_sim *s, unsigned bank, uint32_t off,
			       const void *bytes, size_t len, simt_diags *d)
{
	if (len <= UINT32_MAX &&
	    sim_mem_const_write(s->c.mem, bank, off, bytes, (uint32_t)len))
		return SIMT_OK;
	util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "constant bank %u: %zu bytes at 0x%x do not fit", bank, len,
		  off);
	return SIMT_ERR_ARG;
}

simt_status simt_sim_set_params(simt_sim *s, const void *bytes, size_t len,
				simt_diags *d)
{
	return simt_sim_set_const(s, 0, 0x100, bytes, len, d);
}

simt_status simt_sim_set_inits(simt_sim *s, const simt_reg_init *v, int n,
			       simt_diags *d)
{
	sim_reg_init *r = n > 0 ? malloc((size_t)n * sizeof *r) : NULL;
	if (n < 0 || (n > 0 && (!v || !r))) {
		free(r);
		return n > 0 && v ? SIMT_ERR_NOMEM : SIMT_ERR_ARG;
	}
	for (int k = 0; k < n; k++) {
		const simt_reg_init *t = &v[k];
		/* the register files an init may name, and their sizes */
		int file = t->rf == SIMT_REG_R    ? SIM_INIT_R
			   : t->rf == SIMT_REG_P  ? SIM_INIT_P
			   : t->rf == SIMT_REG_UR ? SIM_INIT_UR
			   : t->rf == SIMT_REG_UP ? SIM_INIT_UP
						  : -1;
		unsigned limit = file == SIM_INIT_R ? SIM_RZ
				 : file == SIM_INIT_UR ? SIM_URZ
						       : SIM_PT; /* = SIM_UPT */
		bool per_lane = t->kind != SIMT_RINIT_VALUE;
		if (file < 0 || t->index >= limit) {
			util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				  "register init %d: no such register", k);
			free(r);
			return SIMT_ERR_ARG;
		}
		if (!per_lane && t->value >> 32) {
			util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				  "register init %d: value 0x%llx does not fit 32 bits",
				  k, (unsigned long long)t->value);
			free(r);
			return SIMT_ERR_ARG;
		}
		if (per_lane && file != SIM_INIT_R) {
			util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				  "register init %d: only a general register takes "
				  "a per-lane value (lane, tid)", k);
			free(r);
			return SIMT_ERR_ARG;
		}
		if (file == SIM_INIT_UP && t->value > 1) {
			util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				  "register init %d: a uniform predicate is 0 or 1", k);
			free(r);
			return SIMT_ERR_ARG;
		}
		r[k] = (sim_reg_init){(uint8_t)file, (int)t->index,
				      t->kind == SIMT_RINIT_LANE  ? SIM_INIT_LANE
				      : t->kind == SIMT_RINIT_TID ? SIM_INIT_TID
								 : SIM_INIT_VALUE,
				      t->value};
	}
	bool ok = sim_mem_set_inits(s->c.mem, r, n);
	/* a row an init writes is cleared with the named ones (sched.c,
	 * warp_init) and read back by simt_sim_reg */
	for (int k = 0; ok && k < n; k++)
		if (r[k].file == SIM_INIT_R && r[k].reg + 1 > s->c.rows_dirty)
			s->c.rows_dirty = r[k].reg + 1;
	free(r);
	return ok ? SIMT_OK : SIMT_ERR_NOMEM;
}

simt_status simt_sim_set_local_size(simt_sim *s, uint32_t bytes, simt_diags *d)
{
	if (bytes > SIMT_MAX_LOCAL) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "local memory of %u bytes per thread: at most %u "
			  "(docs/limits.md)", bytes, SIMT_MAX_LOCAL);
		return SIMT_ERR_ARG;
	}
	sim_mem_set_local_size(s->c.mem, bytes);
	return SIMT_OK;
}

/* Each field of a launch within its limit (docs/limits.md); one
 * diagnostic per field that is not. */
static bool launch_ok(const simt_sim *s, const simt_launch *l, simt_diags *d)
{
	static const char xyz[] = "xyz";
	static const uint32_t gmax[3] = {SIMT_MAX_GRID_X, SIMT_MAX_GRID_Y, SIMT_MAX_GRID_Z};
	static const uint32_t bmax[3] = {SIMT_MAX_BLOCK_X, SIMT_MAX_BLOCK_Y, SIMT_MAX_BLOCK_Z};
	int n = 0;
	uint64_t t = (uint64_t)l->block[0] * l->block[1] * l->block[2];
	for (int k = 0; k < 3; k++) {
		if (l->grid[k] == 0 || l->grid[k] > gmax[k])
			n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				       "grid %c = %u: must be 1..%u", xyz[k],
				       l->grid[k], gmax[k]);
		if (l->block[k] == 0 || l->block[k] > bmax[k])
			n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				       "block %c = %u: must be 1..%u", xyz[k],
				       l->block[k], bmax[k]);
	}
	if (!n && t > SIMT_MAX_BLOCK_THREADS)
		n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			       "block (%u,%u,%u) has %llu threads: at most %u per CTA",
			       l->block[0], l->block[1], l->block[2],
			       (unsigned long long)t, SIMT_MAX_BLOCK_THREADS);
	if ((uint64_t)s->c.static_shared + l->dyn_shared > SIMT_MAX_SHARED)
		n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			       "shared memory of %llu bytes per CTA (%u static + %u "
			       "dynamic): at most %u (227 KiB)",
			       (unsigned long long)s->c.static_shared + l->dyn_shared,
			       s->c.static_shared, l->dyn_shared, SIMT_MAX_SHARED);
	if (l->max_cycles > SIMT_MAX_CYCLES)
		n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			       "max-cycles %llu: at most %llu",
			       (unsigned long long)l->max_cycles, SIMT_MAX_CYCLES);
	if (l->copy_latency > SIMT_MAX_COPY_LATENCY)
		n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			       "copy latency %u: at most %u cycles", l->copy_latency,
			       SIMT_MAX_COPY_LATENCY);
	if (l->resident > SIMT_MAX_RESIDENT)
		n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			       "%u resident CTAs: at most %u", l->resident,
			       SIMT_MAX_RESIDENT);
	if (l->threads > SIMT_MAX_THREADS)
		n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			       "%u worker threads: at most %u", l->threads,
			       SIMT_MAX_THREADS);
	n += !sim_cluster_launch_ok(l, d); /* cluster.c */
	const uint32_t known = 0
#define SIMT_X_BIT(e, bit, name, what) | (bit)
		SIMT_CHECK_LIST(SIMT_X_BIT)
#undef SIMT_X_BIT
		;
	if (l->checks & ~known)
		n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			       "unknown check bits 0x%x", l->checks & ~known);
	if ((unsigned)l->memory > SIMT_MEMORY_RELAXED)
		n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			       "unknown memory model %u", l->memory);
	if ((unsigned)l->policy > SIMT_POLICY_RANDOM)
		n++, util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			       "unknown scheduling policy %d", (int)l->policy);
	return n == 0;
}

/* The launch l0 runs as (*eff): a kernel built with a cluster shape
 * (.cluster_dims, CUDA's __cluster_dims__) runs with it; a launch that
 * asks for another shape is refused, as CUDA refuses it
 * (docs/semantics.md); then checked.  False (reported to d) when refused. */
static bool effective(const simt_sim *s, const simt_launch *l0,
		      simt_launch *eff, simt_diags *d)
{
	*eff = *l0;
	if (s->kcluster[0]) {
		const uint32_t *c = l0->cluster, *k = s->kcluster;
		if (!c[0] && !c[1] && !c[2]) {
			memcpy(eff->cluster, k, sizeof eff->cluster);
		} else if (c[0] != k[0] || c[1] != k[1] || c[2] != k[2]) {
			util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				  "kernel '%s' was built for clusters of (%u,%u,%u) "
				  "(.cluster_dims, __cluster_dims__); the launch asks for "
				  "(%u,%u,%u)", s->c.kernel, k[0], k[1], k[2], c[0], c[1],
				  c[2]);
			return false;
		}
	}
	return launch_ok(s, eff, d);
}

/* Start a launch: checked, state set up, nothing issued. */
simt_status simt_sim_start(simt_sim *s, const simt_launch *l0, simt_diags *d)
{
	s->last = SIMT_STOP_ERROR;
	simt_launch eff;
	const simt_launch *l = &eff;
	if (!effective(s, l0, &eff, d))
		return SIMT_ERR_ARG;
	s->c.launch = *l;
	s->c.diags = d;
	s->c.nchecked = 0;
	s->ran = true;
	simt_status st = sim_start(&s->c);
	s->c.diags = NULL;
	if (st == SIMT_OK)
		s->last = SIMT_STOP_RUNNING;
	return st;
}

/* Advance the launch in progress until u's conditions (absolute; NULL:
 * none) or its end; the diagnostics of what happens go to d. */
static simt_status advance(simt_sim *s, const sim_until *u, simt_stop *stop,
			   simt_diags *d)
{
	simt_stop why = SIMT_STOP_ERROR;
	s->c.diags = d;
	simt_status st = sim_advance(&s->c, u, &why);
	s->c.diags = NULL;
	if (st == SIMT_OK && SIMT_STOP_ENDED(why) && s->c.nchecked)
		st = SIMT_ERR_RUNTIME; /* the run finished; a check reported */
	s->last = why;
	if (stop)
		*stop = why;
	return st;
}

/* The launch set-up a run of l can have before it (docs/library.md):
 * its worker threads started (par.c), or, on the calling thread, its CTA
 * slots allocated and cleared (sched.c).  A launch the run will refuse
 * gets no slots (the run reports it). */
void simt_sim_prepare(simt_sim *s, const simt_launch *l)
{
	if (!s || !l)
		return;
	sim_par_prepare(&s->c, l);
	simt_launch eff;
	simt_diags quiet;
	simt_diags_init(&quiet);
	if (effective(s, l, &eff, &quiet))
		sim_sched_prepare(&s->c, &eff);
	simt_diags_free(&quiet);
}

simt_status simt_sim_run(simt_sim *s, const simt_launch *l, simt_diags *d)
{
	s->c.whole_run = true; /* sim_start may hand CTA groups to threads */
	simt_status st = simt_sim_start(s, l, d);
	s->c.whole_run = false;
	return st == SIMT_OK ? advance(s, NULL, NULL, d) : st;
}

/* now + n, saturating; n 0 means no target. */
static uint64_t target(uint64_t now, uint64_t n)
{
	return n == 0 || n > UINT64_MAX - now ? UINT64_MAX : now + n;
}

simt_status simt_sim_run_until(simt_sim *s, const simt_until *u,
			       simt_stop *stop, simt_diags *d)
{
	sim_until v = {UINT64_MAX, UINT64_MAX, NULL, 0, false};
	if (u) {
		if (u->npcs < 0 || (u->npcs && !u->pcs)) {
			util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				  "simt_until: %d breakpoints without a list",
				  u->npcs);
			return SIMT_ERR_ARG;
		}
		v.steps = target(s->c.steps, u->steps);
		v.cycle = target(s->c.cycle, u->cycles);
		v.pcs = u->pcs;
		v.npcs = u->npcs;
		v.sync = u->sync != 0;
	}
	if (!s->c.sched) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "no launch in progress (start one with simt_sim_start)");
		if (stop)
			*stop = s->last;
		return SIMT_ERR_ARG;
	}
	/* With no condition this is simt_sim_run's loop as it is. */
	bool any = u && (u->steps || u->cycles || u->npcs || u->sync);
	return advance(s, any ? &v : NULL, stop, d);
}

simt_status simt_sim_step(simt_sim *s, uint64_t n, simt_stop *stop,
			  simt_diags *d)
{
	simt_until u = {0};
	u.steps = n ? n : 1;
	return simt_sim_run_until(s, &u, stop, d);
}

simt_status simt_sim_step_cycles(simt_sim *s, uint64_t n, simt_stop *stop,
				 simt_diags *d)
{
	simt_until u = {0};
	u.cycles = n ? n : 1;
	return simt_sim_run_until(s, &u, stop, d);
}

simt_stop simt_sim_status(const simt_sim *s)
{
	return s->last;
}

simt_status simt_sim_on_retire(simt_sim *s, simt_retire_fn *fn, void *user)
{
	s->c.retire_fn = fn;
	s->c.retire_user = user;
	if (fn && sim_rec_alloc(&s->c))
		return SIMT_OK;
	sim_rec_free(&s->c);
	s->c.retire_fn = NULL;
	return fn ? SIMT_ERR_NOMEM : SIMT_OK;
}

void simt_sim_get_stats(const simt_sim *s, simt_sim_stats *out)
{
	out->cycles = s->c.cycle;
	out->steps = s->c.steps;
	out->thread_insts = s->c.thread_insts;
	out->workers = s->c.par_workers;
	out->worker_cpu_max = s->c.par_cpu_max;
	out->worker_cpu_sum = s->c.par_cpu_sum;
	out->worker_cpu_span = s->c.par_cpu_span;
}

/* The state of CTA cta after a run or during a launch, or NULL (no run,
 * out of the grid, not launched yet, or released and not kept). */
static const sim_cta *find_cta(const simt_sim *s, const uint32_t cta[3])
{
	const sim_ctx *c = &s->c;
	const uint32_t *g = c->launch.grid;
	if (!s->ran || !c->ctas || c->ctas_prepared)
		return NULL; /* no run, or the slots of the next one */
	for (int k = 0; k < 3; k++)
		if (cta[k] >= g[k])
			return NULL;
	uint64_t ci = cta[0] + (uint64_t)g[0] * (cta[1] + (uint64_t)g[1] * cta[2]);
	const sim_cta *t = NULL;
	if (c->kept && ci < c->nctas)
		t = &c->ctas[ci];
	for (uint64_t k = 0; !c->kept && k < c->nctas; k++)
		if (c->ctas[k].warps && c->ctas[k].lin == ci)
			t = &c->ctas[k];
	return t && t->warps ? t : NULL;
}

/* The warp and lane of a thread after a run, or NULL. */
static const sim_warp *find_thread(const simt_sim *s, const uint32_t cta[3],
				   const uint32_t tid[3], int *lane)
{
	const uint32_t *b = s->c.launch.block;
	const sim_cta *t = find_cta(s, cta);
	for (int k = 0; k < 3; k++)
		if (tid[k] >= b[k])
			return NULL;
	uint64_t ti = tid[0] + (uint64_t)b[0] * (tid[1] + (uint64_t)b[1] * tid[2]);
	if (!t || ti / 32 >= (uint64_t)t->nwarps)
		return NULL;
	*lane = (int)(ti % 32);
	return &t->warps[ti / 32];
}

static simt_status no_cta(const uint32_t cta[3], const char *what,
			  simt_diags *d)
{
	util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "no state for %s of CTA (%u,%u,%u) (no launch, out of range, "
		  "not launched yet, or finished and not kept)", what, cta[0],
		  cta[1], cta[2]);
	return SIMT_ERR_ARG;
}

simt_status simt_sim_warp(const simt_sim *s, const uint32_t cta[3], int warp,
			  simt_warp_state *out, simt_diags *d)
{
	const sim_cta *t = find_cta(s, cta);
	if (!t || warp < 0 || warp >= t->nwarps)
		return no_cta(cta, "a warp", d);
	const sim_warp *w = &t->warps[warp];
	static const simt_warp_status st[] = {
		[SIM_W_READY] = SIMT_WARP_READY, [SIM_W_BAR] = SIMT_WARP_BAR,
		[SIM_W_SLEEP] = SIMT_WARP_SLEEP, [SIM_W_MBAR] = SIMT_WARP_MBAR,
		[SIM_W_EXITED] = SIMT_WARP_EXITED};
	memset(out, 0, sizeof *out);
	out->status = st[w->state];
	out->pc = w->active_pc;
	out->lanes = w->nlanes_mask;
	out->active = w->active;
	out->valid = w->valid;
	out->exited = w->nlanes_mask & ~w->valid;
	out->yield = w->yield;
	out->sleep = w->sleep;
	memcpy(out->breg, w->breg, sizeof out->breg);
	out->bar_id = w->state == SIM_W_BAR ? w->bar_id : -1;
	out->mbar_addr = w->state == SIM_W_MBAR ? w->mbar_addr : 0;
	out->clock = w->clock;
	out->steps = w->steps;
	return SIMT_OK;
}

simt_status simt_sim_barrier(const simt_sim *s, const uint32_t cta[3],
			     unsigned id, simt_barrier_state *out,
			     simt_diags *d)
{
	const sim_cta *t = find_cta(s, cta);
	if (!t || id >= SIM_NBARRIERS)
		return no_cta(cta, "a barrier", d);
	const sim_barrier *b = &t->bar[id];
	memset(out, 0, sizeof *out);
	out->kind = b->kind;
	out->arrived = b->count;
	out->expected = b->expected;
	out->arrived_warps = b->arrived;
	out->waiting_warps = b->waiting;
	out->redop = b->redop;
	out->red = b->redop == 2 ? b->red_popc : b->red_acc_pred;
	out->state = sim_bar_state(b);
	return SIMT_OK;
}

simt_status simt_sim_mbarrier(const simt_sim *s, const uint32_t cta[3],
			      uint32_t addr, simt_mbarrier_state *out,
			      simt_diags *d)
{
	const sim_cta *t = find_cta(s, cta);
	if (!t || !t->shared || addr % 8 || addr > t->shared_size ||
	    t->shared_size - addr < 8)
		return no_cta(cta, "an mbarrier (shared memory of a resident "
			      "CTA, 8-byte aligned)", d);
	memset(out, 0, sizeof *out);
	memcpy(&out->word, t->shared + addr, 8);
	for (size_t k = 0; t->async && k < t->async->nobj; k++)
		if (t->async->obj[k].addr == addr)
			out->valid = t->async->obj[k].state == MB_VALID;
	out->phase = MB_PHASE(out->word);
	out->expected = MB_PART(out->word);
	out->pending = MB_PEND(out->word);
	out->tx = MB_TX(out->word);
	return SIMT_OK;
}

simt_status simt_sim_read_shared(const simt_sim *s, const uint32_t cta[3],
				 uint32_t off, void *dst, uint32_t len,
				 simt_diags *d)
{
	const sim_cta *t = find_cta(s, cta);
	if (!t || !t->shared || off > t->shared_size ||
	    t->shared_size - off < len)
		return no_cta(cta, "the shared memory range", d);
	memcpy(dst, t->shared + off, len);
	return SIMT_OK;
}

uint64_t simt_sim_cycle(const simt_sim *s)
{
	return s->c.cycle;
}

const char *simt_stop_name(simt_stop k)
{
	static const char *const names[] = {
		"running", "steps", "cycles", "breakpoint", "sync", "done",
		"fault", "exception", "deadlock", "livelock", "limit", "error"};
	return (unsigned)k < sizeof names / sizeof *names ? names[k] : "?";
}

simt_status simt_sim_reg(const simt_sim *s, const uint32_t cta[3],
			 const uint32_t tid[3], simt_regfile rf,
			 unsigned index, uint64_t *value, simt_diags *d)
{
	int l = 0;
	const sim_warp *w = find_thread(s, cta, tid, &l);
	unsigned limit = rf == SIMT_REG_R ? 256 : rf == SIMT_REG_P ? 8 :
			 rf == SIMT_REG_UR ? 64 : rf == SIMT_REG_B ? 16 :
			 rf == SIMT_REG_UP ? 8 : 1;
	if (!w || index >= limit) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "no state for thread (%u,%u,%u) of CTA (%u,%u,%u), "
			  "register %u (no run, out of range, or CTA not kept)",
			  tid[0], tid[1], tid[2], cta[0], cta[1], cta[2], index);
		return SIMT_ERR_ARG;
	}
	switch (rf) {
	case SIMT_REG_R: /* rows no operand or init names: never written,
			  * not cleared (sched.c, warp_init) */
		*value = index < (unsigned)s->c.rows_dirty || index >= SIM_RZ ? w->r[index][l] : 0;
		break;
	case SIMT_REG_P: *value = index == 7 ? 1 : (w->p[index] >> l) & 1; break;
	case SIMT_REG_UR: *value = w->ur[index]; break;
	case SIMT_REG_UP: *value = index == SIM_UPT ? 1 : w->up[index] & 1; break;
	case SIMT_REG_B: *value = w->breg[index]; break;
	case SIMT_REG_PC:
		*value = (w->active >> l & 1) ? w->active_pc : sim_rpc(w, (uint32_t)l);
		break;
	}
	return SIMT_OK;
}

sim_ctx *sim_ctx_of(simt_sim *s)
{
	return &s->c;
}
