/*
 * testrun.c - carry out a parsed test file (simt_testfile_run).
 *
 * Requires: a simt_testfile from simt_testfile_parse (+ directives).
 * Produces: a verdict with a one-line reason, the final buffer contents
 * and the run's counters; every diagnostic of the program (assembly,
 * faults, deadlocks, ...) goes to the caller's list.  Order: assemble,
 * create the simulator, allocate and fill buffers, lay out parameters
 * (declaration order, each aligned to its size, like PTX .param), set
 * register inits, run, read buffers back, compare expectations.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

#include "simt/sim.h"
#include "simt/testfile.h"
#include "util/util.h"

/* State of one run, released by finish(). */
typedef struct run {
	simt_testfile *tf;
	const simt_test_opts *o;
	simt_test_result *r;
	simt_diags *d;       /* caller's list                         */
	simt_diags pd;       /* the program's diagnostics of this run  */
	simt_object *own;    /* assembled here                         */
	simt_sim *sim;
	uint64_t *addr;      /* address of each buffer                 */
} run;

static void set_reason(run *u, const char *fmt, ...) SIMT_PRINTF(2, 3);
static void set_reason(run *u, const char *fmt, ...)
{
	if (u->r->reason)
		return;
	util_buf b = {0};
	va_list ap;
	va_start(ap, fmt);
	util_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	u->r->reason = util_buf_take(&b);
}

/* The first error message of the program, for the one-line reason. */
static const char *first_error(const simt_diags *pd)
{
	for (int k = 0; k < pd->count; k++)
		if (pd->items[k].severity == SIMT_SEV_ERROR)
			return pd->items[k].message;
	return "no diagnostic";
}

/* msg with every occurrence of path replaced by its last component
 * (malloc'ed; NULL when path has no directory or is absent). */
static char *strip_dir(const char *msg, const char *path)
{
	const char *base = strrchr(path, '/');
	if (!base || !strstr(msg, path))
		return NULL;
	base++;
	util_buf b = {0};
	size_t n = strlen(path);
	for (const char *p = msg, *q; *p; p = q + n) {
		if (!(q = strstr(p, path))) {
			util_buf_puts(&b, p);
			break;
		}
		util_buf_putn(&b, p, (size_t)(q - p));
		util_buf_puts(&b, base);
	}
	return util_buf_take(&b);
}

/*
 * Does some message contain text?  Source locations in run-time
 * diagnostics name the program by the path it was run as; text may name it
 * by its file name alone ("bcu_deadlock.s:7"), so that expectations do not
 * depend on the directory `simt test` runs from.
 */
static bool diags_contain(const simt_diags *pd, const char *text,
			  const char *path)
{
	for (int k = 0; k < pd->count; k++) {
		const char *m = pd->items[k].message;
		if (!m)
			continue;
		if (strstr(m, text))
			return true;
		char *s = strip_dir(m, path);
		bool hit = s && strstr(s, text);
		free(s);
		if (hit)
			return true;
	}
	return false;
}

/* Copy the program's diagnostics into the caller's list. */
static void forward(run *u)
{
	if (!u->d)
		return;
	for (int k = 0; k < u->pd.count; k++) {
		const simt_diag *g = &u->pd.items[k];
		int before = u->d->count;
		/* run-time stops carry no file: name the program they come from */
		util_diag(u->d, g->severity, g->file ? g->file : u->tf->name, NULL,
			  0, 0, "%s", g->message);
		if (u->d->count == before)
			return; /* the list is full */
		simt_diag *n = &u->d->items[u->d->count - 1];
		n->line = g->line;
		n->col = g->col;
		n->source_line = util_strdup(g->source_line);
	}
}

static bool setup_buffers(run *u)
{
	simt_testfile *tf = u->tf;
	u->addr = calloc((size_t)tf->nbuffers + 1, sizeof *u->addr);
	if (!u->addr)
		return false;
	for (int k = 0; k < tf->nbuffers; k++) {
		simt_tbuffer *b = &tf->buffers[k];
		size_t size = (size_t)b->count * (size_t)simt_elem_size(b->type);
		uint8_t *data = malloc(size);
		bool ok = data &&
			  simt_values_fill(&b->init, b->type, b->count, data,
					   tf->name, &u->pd) == SIMT_OK &&
			  simt_sim_alloc(u->sim, size, &u->addr[k], &u->pd) == SIMT_OK &&
			  simt_sim_write(u->sim, u->addr[k], data, size, &u->pd) == SIMT_OK;
		free(data);
		/* the checks' reports name the buffer (--check=race,init) */
		ok = ok && simt_sim_name(u->sim, SIMT_SPACE_GLOBAL, u->addr[k],
					 size, b->name, &u->pd) == SIMT_OK;
		if (!ok) {
			set_reason(u, "buffer '%s': %s", b->name, first_error(&u->pd));
			return false;
		}
	}
	return true;
}

/* Parameter bytes: declaration order, each aligned to its own size. */
static bool setup_params(run *u)
{
	simt_testfile *tf = u->tf;
	uint8_t bytes[0x1000];
	size_t len = 0;
	for (int k = 0; k < tf->nparams; k++) {
		simt_tparam *p = &tf->params[k];
		size_t size = (size_t)simt_elem_size(p->type);
		uint64_t v = p->bits;
		if (p->buffer) {
			int b = simt_testfile_buffer(tf, p->buffer, strlen(p->buffer));
			if (b < 0) {
				set_reason(u, "%s:%d: .param names no buffer '%s'",
					   tf->name, p->loc.line, p->buffer);
				return false;
			}
			v = u->addr[b];
		}
		len = (len + size - 1) / size * size;
		if (len + size > sizeof bytes) {
			set_reason(u, "parameters exceed %zu bytes", sizeof bytes);
			return false;
		}
		memcpy(bytes + len, &v, size); /* little-endian host and target */
		len += size;
	}
	if (simt_sim_set_params(u->sim, bytes, len, &u->pd) != SIMT_OK) {
		set_reason(u, "parameters: %s", first_error(&u->pd));
		return false;
	}
	return true;
}

static bool setup_inits(run *u)
{
	simt_testfile *tf = u->tf;
	simt_reg_init v[256 + 8];
	int n = 0;
	for (int k = 0; k < tf->ninits && n < (int)UTIL_ARRAY_LEN(v); k++) {
		const simt_tinit *t = &tf->inits[k];
		simt_regfile rf = t->uniform ? (t->pred ? SIMT_REG_UP : SIMT_REG_UR)
				  : t->pred ? SIMT_REG_P : SIMT_REG_R;
		v[n++] = (simt_reg_init){
			rf, (unsigned)t->reg,
			t->kind == SIMT_TINIT_LANE  ? SIMT_RINIT_LANE
			: t->kind == SIMT_TINIT_TID ? SIMT_RINIT_TID
						    : SIMT_RINIT_VALUE,
			t->value};
	}
	if (tf->has_local &&
	    simt_sim_set_local_size(u->sim, tf->local, &u->pd) != SIMT_OK)
		return false;
	return simt_sim_set_inits(u->sim, v, n, &u->pd) == SIMT_OK;
}

/* The file's launch into l; false, with its diagnostics in d, on a bad
 * policy, check list or memory model. */
static bool launch_of(run *u, simt_launch *l, simt_diags *d)
{
	simt_testfile *tf = u->tf;
	simt_launch_init(l);
	if (tf->has_grid)
		memcpy(l->grid, tf->grid, sizeof l->grid);
	if (tf->has_block)
		memcpy(l->block, tf->block, sizeof l->block);
	if (tf->has_shared)
		l->dyn_shared = tf->shared;
	if (tf->has_max_cycles)
		l->max_cycles = tf->max_cycles;
	if (tf->has_resident)
		l->resident = tf->resident;
	if (tf->has_threads)
		l->threads = tf->threads;
	if (tf->has_cta_group)
		l->cta_group = tf->cta_group;
	if (tf->has_copy_latency)
		l->copy_latency = tf->copy_latency;
	if (tf->has_cluster)
		memcpy(l->cluster, tf->cluster, sizeof l->cluster);
	if ((tf->has_policy && simt_launch_policy(l, tf->policy, d) != SIMT_OK) ||
	    (tf->checks && simt_launch_checks(l, tf->checks, d) != SIMT_OK) ||
	    (tf->memory && simt_launch_memory(l, tf->memory, d) != SIMT_OK))
		return false;
	/* register expectations read finished CTAs: keep them (only then) */
	for (int k = 0; k < tf->nexpects; k++)
		l->keep |= tf->expects[k].kind != SIMT_TEXPECT_BUFFER;
	l->trace = u->o ? u->o->trace : NULL;
	l->trace_user = u->o ? u->o->trace_user : NULL;
	return true;
}

static bool make_launch(run *u, simt_launch *l)
{
	if (launch_of(u, l, &u->pd))
		return true;
	set_reason(u, "%s", first_error(&u->pd));
	return false;
}

/* Start the launch's worker threads (if it uses more than one) while the
 * buffers are set up (simt_sim_prepare); a bad launch is reported by
 * make_launch, in its place. */
static void prepare(run *u)
{
	simt_launch l;
	simt_diags quiet;
	simt_diags_init(&quiet);
	if (launch_of(u, &l, &quiet))
		simt_sim_prepare(u->sim, &l);
	simt_diags_free(&quiet);
}

/* Equal elements: bit-exact, except that any NaN matches any NaN. */
static bool same(simt_elem t, const uint8_t *x, const uint8_t *y)
{
	if (t == SIMT_F32) {
		float a, b;
		memcpy(&a, x, 4);
		memcpy(&b, y, 4);
		if (isnan(a) && isnan(b))
			return true;
	} else if (t == SIMT_F64) {
		double a, b;
		memcpy(&a, x, 8);
		memcpy(&b, y, 8);
		if (isnan(a) && isnan(b))
			return true;
	}
	return !memcmp(x, y, (size_t)simt_elem_size(t));
}

/*
 * .expect URn / UPn: the register in every warp of every CTA, read through
 * simt_sim_reg with the warp's first thread.
 */
static void check_uniform(run *u, const simt_texpect *e, const simt_launch *l)
{
	simt_testfile *tf = u->tf;
	simt_regfile rf = e->kind == SIMT_TEXPECT_UP ? SIMT_REG_UP : SIMT_REG_UR;
	uint64_t want = e->values.bits[0];
	uint64_t nthreads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
	uint64_t nwarps = (nthreads + 31) / 32, bad = 0, total = 0;
	uint32_t at_cta[3] = {0, 0, 0};
	uint64_t at_warp = 0, at_got = 0;
	uint32_t cta[3];
	for (cta[2] = 0; cta[2] < l->grid[2]; cta[2]++)
	for (cta[1] = 0; cta[1] < l->grid[1]; cta[1]++)
	for (cta[0] = 0; cta[0] < l->grid[0]; cta[0]++)
	for (uint64_t w = 0; w < nwarps; w++) {
		uint64_t t = w * 32;
		uint32_t tid[3] = {(uint32_t)(t % l->block[0]),
				   (uint32_t)(t / l->block[0] % l->block[1]),
				   (uint32_t)(t / ((uint64_t)l->block[0] * l->block[1]))};
		uint64_t got;
		if (simt_sim_reg(u->sim, cta, tid, rf, (unsigned)e->reg, &got,
				 &u->pd) != SIMT_OK) {
			set_reason(u, "%s:%d: cannot read %s of CTA (%u,%u,%u) warp %llu: %s",
				   tf->name, e->loc.line, e->name, cta[0], cta[1],
				   cta[2], (unsigned long long)w, first_error(&u->pd));
			return;
		}
		total++;
		if (got != want && !bad++) {
			memcpy(at_cta, cta, sizeof at_cta);
			at_warp = w;
			at_got = got;
		}
	}
	if (bad)
		set_reason(u, "%s:%d: %s = 0x%llx in CTA (%u,%u,%u) warp %llu, "
			   "expected 0x%llx (%llu of %llu warps differ)",
			   tf->name, e->loc.line, e->name, (unsigned long long)at_got,
			   at_cta[0], at_cta[1], at_cta[2],
			   (unsigned long long)at_warp, (unsigned long long)want,
			   (unsigned long long)bad, (unsigned long long)total);
}

static void check_expect(run *u, const simt_texpect *e)
{
	simt_testfile *tf = u->tf;
	int b = simt_testfile_buffer(tf, e->name, strlen(e->name));
	const simt_tbuffer *buf = &tf->buffers[b];
	int size = simt_elem_size(buf->type);
	uint32_t first = e->index >= 0 ? (uint32_t)e->index : 0;
	uint32_t n = e->index >= 0 ? 1 : buf->count;
	uint8_t *want = malloc((size_t)n * (size_t)size);
	if (!want || simt_values_fill(&e->values, buf->type, n, want, tf->name,
				      &u->pd) != SIMT_OK) {
		free(want);
		set_reason(u, "%s:%d: cannot build the expected values", tf->name,
			   e->loc.line);
		return;
	}
	const uint8_t *got = u->r->final[b] + (size_t)first * (size_t)size;
	uint32_t bad = 0, at = 0;
	for (uint32_t k = 0; k < n; k++)
		if (!same(buf->type, got + (size_t)k * size, want + (size_t)k * size) &&
		    !bad++)
			at = k;
	if (bad) {
		char g[48], x[48];
		simt_elem_format(buf->type, got + (size_t)at * size, g, sizeof g);
		simt_elem_format(buf->type, want + (size_t)at * size, x, sizeof x);
		set_reason(u, "%s:%d: %s[%u] = %s, expected %s (%u of %u elements differ)",
			   tf->name, e->loc.line, e->name, first + at, g, x, bad, n);
	}
	free(want);
}

static bool read_back(run *u)
{
	simt_testfile *tf = u->tf;
	u->r->nbuffers = tf->nbuffers;
	u->r->final = calloc((size_t)tf->nbuffers + 1, sizeof *u->r->final);
	if (!u->r->final)
		return false;
	for (int k = 0; k < tf->nbuffers; k++) {
		size_t size = (size_t)tf->buffers[k].count *
			      (size_t)simt_elem_size(tf->buffers[k].type);
		u->r->final[k] = malloc(size);
		if (!u->r->final[k] ||
		    simt_sim_read(u->sim, u->addr[k], u->r->final[k], size, &u->pd) != SIMT_OK)
			return false;
	}
	return true;
}

/* Verdict for a file whose program must fail with a given message. */
static void judge_error(run *u, bool failed)
{
	u->r->program_failed = failed;
	const char *want = u->tf->expect_error;
	if (!failed)
		set_reason(u, "expected an error containing \"%s\", but the run succeeded",
			   want);
	else if (!diags_contain(&u->pd, want, u->tf->name))
		set_reason(u, "expected an error containing \"%s\", got: %s", want,
			   first_error(&u->pd));
	u->r->passed = u->r->reason == NULL;
}

/* Assemble (unless given an object) and create the simulator. */
static bool load(run *u, const simt_isa *isa, bool *program_failed)
{
	simt_testfile *tf = u->tf;
	const simt_object *obj = u->o ? u->o->object : NULL;
	if (!obj) {
		if (simt_assemble(isa, tf->name, tf->asm_text, strlen(tf->asm_text),
				  &u->own, &u->pd) != SIMT_OK) {
			*program_failed = true;
			set_reason(u, "assembly failed: %s", first_error(&u->pd));
			return false;
		}
		obj = u->own;
	}
	const char *k = u->o && u->o->kernel ? u->o->kernel
			: simt_object_kernel_count(obj) > 0 ? simt_object_kernel_name(obj, 0)
							     : "main";
	if (simt_sim_new(isa, obj, k, &u->sim, &u->pd) != SIMT_OK) {
		*program_failed = true;
		set_reason(u, "%s", first_error(&u->pd));
		return false;
	}
	return true;
}

/*
 * The run window's wall clock.  On Linux by the system call, not the
 * vDSO: the first vDSO clock read of a process maps its two data pages by
 * page faults (41-48 us on the x86_64 VM of bench/RESULTS.md, "run windows
 * without page faults", session 16), a system call costs ~1.2 us there, and
 * a `simt run` reads this clock twice and no other through the vDSO.
 */
static void wall_clock(struct timespec *t)
{
#if defined(__linux__) && defined(SYS_clock_gettime)
	if (syscall(SYS_clock_gettime, CLOCK_MONOTONIC, t) == 0)
		return;
#endif
	clock_gettime(CLOCK_MONOTONIC, t);
}

static void execute(run *u, const simt_isa *isa)
{
	bool failed = false;
	simt_launch l;
	if (!load(u, isa, &failed)) {
		u->r->program_failed = failed;
		if (u->tf->expect_error && failed) {
			free(u->r->reason);
			u->r->reason = NULL;
			judge_error(u, true);
		}
		return;
	}
	prepare(u);
	if (!setup_buffers(u) || !setup_params(u) || !make_launch(u, &l))
		return;
	if (!setup_inits(u)) {
		set_reason(u, "out of memory");
		return;
	}
	struct timespec t0, t1, w0, w1;
	wall_clock(&w0);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	if (u->o && u->o->run)
		failed = u->o->run(u->o->run_user, u->sim, &l, &u->pd) != SIMT_OK;
	else
		failed = simt_sim_run(u->sim, &l, &u->pd) != SIMT_OK;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
	wall_clock(&w1);
	u->r->run_seconds = (double)(t1.tv_sec - t0.tv_sec) +
			    1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
	u->r->run_wall = (double)(w1.tv_sec - w0.tv_sec) +
			 1e-9 * (double)(w1.tv_nsec - w0.tv_nsec);
	u->r->program_failed = failed;
	simt_sim_stats st;
	simt_sim_get_stats(u->sim, &st);
	u->r->cycles = st.cycles;
	u->r->steps = st.steps;
	u->r->thread_insts = st.thread_insts;
	u->r->workers = st.workers;
	u->r->worker_cpu_max = st.worker_cpu_max;
	u->r->worker_cpu_sum = st.worker_cpu_sum;
	u->r->worker_cpu_span = st.worker_cpu_span;
	if (u->tf->expect_error) {
		judge_error(u, failed);
		return;
	}
	if (failed) {
		set_reason(u, "%s", first_error(&u->pd));
		return;
	}
	if (!read_back(u)) {
		set_reason(u, "cannot read the buffers back");
		return;
	}
	for (int k = 0; k < u->tf->nexpects && !u->r->reason; k++) {
		const simt_texpect *e = &u->tf->expects[k];
		if (e->kind == SIMT_TEXPECT_BUFFER)
			check_expect(u, e);
		else
			check_uniform(u, e, &l);
	}
	u->r->passed = u->r->reason == NULL;
}

simt_status simt_testfile_run(const simt_isa *isa, simt_testfile *tf,
			      const simt_test_opts *opts, simt_test_result *r,
			      simt_diags *d)
{
	memset(r, 0, sizeof *r);
	run u = {tf, opts, r, d, {0}, NULL, NULL, NULL};
	simt_diags_init(&u.pd);
	execute(&u, isa);
	if (!r->passed && !r->reason)
		set_reason(&u, "failed");
	forward(&u);
	simt_diags_free(&u.pd);
	simt_sim_free(u.sim);
	simt_object_free(u.own);
	free(u.addr);
	return SIMT_OK;
}

void simt_test_result_free(simt_test_result *r)
{
	for (int k = 0; k < r->nbuffers && r->final; k++)
		free(r->final[k]);
	free(r->final);
	free(r->reason);
	memset(r, 0, sizeof *r);
}
