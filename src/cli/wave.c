/*
 * wave.c - `simt run --timeline FILE.json` and `--vcd FILE.vcd`: pictures
 * of a launch built on the library's retire records (docs/timeline.md).
 *
 * Requires: the launch is run through cli_wave_run (a simt_test_run_fn),
 * which sets the retire callback and a trace hook (for the instruction
 * text), then runs the launch to its end.  Produces, through cli_out:
 *
 *   timeline  Chrome / Perfetto trace-event JSON.  1 cycle = 1 us of "ts".
 *             pid = CTA linear id + 1, one process per CTA; tid 1 + 2*W:
 *             warp W (slices "run" for bursts of issues, named waits at
 *             BAR / mbarrier / DEPBAR / NANOSLEEP); tid 2 + 2*W: warp W's
 *             convergence waits (BSYNC / WARPSYNC lanes parked);
 *             tid 1000 + N: CTA barrier N (a slice per phase); tid 2000 + K:
 *             the K-th mbarrier of the CTA (a slice per phase); flow events
 *             from an async copy (UBLKCP, ARRIVES) to the mbarrier phase it
 *             completes; counter "active lanes" per warp.
 *   vcd       per warp: pc, active, exited (32-bit), status (3-bit: 0 ready,
 *             1 BAR, 2 sleep, 3 mbarrier, 4 exited); per CTA barrier used:
 *             arrived threads (11 bits).  1 cycle = 1 ns.
 *
 * Values are the state after each issue, at the cycle after it; a warp's
 * state changes made by others (a barrier release) show at its next issue.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "simt/sim.h"
#include "util/util.h"

#define WAVE_GAP 16       /* cycles without an issue that end a burst   */
#define WAVE_MAX_WARPS (1u << 20)
#define WAVE_MAX_MBARS 256

typedef struct wwarp {
	bool seen, in_burst, waiting, conv_open;
	uint64_t burst_start, last_issue;
	uint32_t conv_lanes;
	int lanes_count; /* last counter value (-1: none yet) */
	/* VCD: last values written */
	uint64_t v_pc;
	uint32_t v_active, v_exited;
	int v_status;
} wwarp;

typedef struct wmbar {
	uint64_t cta;         /* linear id */
	uint32_t addr;
	int tid;
	bool open, alive;
	unsigned phase;
	int nflows, flows[64]; /* flow ids waiting for this phase */
} wmbar;

struct cli_wave {
	cli_out *json, *vcd;
	simt_sim *sim;
	uint32_t grid[3];
	int wpc;               /* warps per CTA */
	uint64_t nctas;
	wwarp *warps;          /* nctas * wpc */
	bool *cta_seen;
	uint16_t *bar_open;    /* per CTA: bit N = barrier N slice open */
	uint16_t *bar_used;    /* per CTA: barriers with a VCD signal */
	uint16_t *bar_value;   /* per CTA * 16: last VCD value */
	wmbar mbars[WAVE_MAX_MBARS];
	int nmbars, mbar_tid_next;
	int next_flow;
	bool first_event, failed;
	char asm_text[256];    /* the instruction of the issue in progress */
	simt_test_trace_fn *inner;
	void *inner_user;
	util_buf vcd_body;
	uint64_t vcd_time;
	bool vcd_time_set;
	uint64_t last_cycle;
};

static void cta_xyz(const cli_wave *w, uint64_t lin, uint32_t out[3])
{
	out[0] = (uint32_t)(lin % w->grid[0]);
	out[1] = (uint32_t)(lin / w->grid[0] % w->grid[1]);
	out[2] = (uint32_t)(lin / ((uint64_t)w->grid[0] * w->grid[1]));
}

static uint64_t cta_lin(const cli_wave *w, const uint32_t c[3])
{
	return c[0] + (uint64_t)w->grid[0] * (c[1] + (uint64_t)w->grid[1] * c[2]);
}

/* ---- JSON ------------------------------------------------------------------ */

static void ev(cli_wave *w, const char *fmt, ...) SIMT_PRINTF(2, 3);
static void ev(cli_wave *w, const char *fmt, ...)
{
	if (!w->json)
		return;
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	cli_out_puts(w->json, w->first_event ? "\n" : ",\n");
	cli_out_puts(w->json, buf);
	w->first_event = false;
}

static void name_thread(cli_wave *w, uint64_t pid, int tid, const char *fmt,
			int arg, uint32_t addr)
{
	char name[128];
	snprintf(name, sizeof name, fmt, arg, addr);
	ev(w, "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%llu,\"tid\":%d,"
	   "\"args\":{\"name\":\"%s\"}}", (unsigned long long)pid, tid, name);
	ev(w, "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":%llu,"
	   "\"tid\":%d,\"args\":{\"sort_index\":%d}}", (unsigned long long)pid,
	   tid, tid);
}

static void see_cta(cli_wave *w, uint64_t lin)
{
	if (w->cta_seen[lin])
		return;
	w->cta_seen[lin] = true;
	uint32_t c[3];
	cta_xyz(w, lin, c);
	ev(w, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%llu,"
	   "\"args\":{\"name\":\"CTA (%u,%u,%u)\"}}",
	   (unsigned long long)lin + 1, c[0], c[1], c[2]);
	ev(w, "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%llu,"
	   "\"args\":{\"sort_index\":%llu}}", (unsigned long long)lin + 1,
	   (unsigned long long)lin);
}

static void slice(cli_wave *w, char ph, uint64_t pid, int tid, uint64_t ts,
		  const char *name, const char *args)
{
	if (ph == 'B')
		ev(w, "{\"ph\":\"B\",\"pid\":%llu,\"tid\":%d,\"ts\":%llu,"
		   "\"name\":\"%s\",\"cat\":\"simt\",\"args\":{%s}}",
		   (unsigned long long)pid, tid, (unsigned long long)ts, name,
		   args ? args : "");
	else
		ev(w, "{\"ph\":\"E\",\"pid\":%llu,\"tid\":%d,\"ts\":%llu}",
		   (unsigned long long)pid, tid, (unsigned long long)ts);
}

/* ---- VCD ---------------------------------------------------------------------- */

/* Identifier code n: printable characters '!'..'~'. */
static void vcd_id(uint64_t n, char out[8])
{
	int k = 0;
	do {
		out[k++] = (char)('!' + n % 94);
		n /= 94;
	} while (n && k < 7);
	out[k] = 0;
}

/* Signals: per warp 4 (pc, active, exited, status), then per CTA 16
 * barriers, numbered from 0. */
static uint64_t warp_sig(const cli_wave *w, uint64_t lin, int warp, int k)
{
	return ((lin * (uint64_t)w->wpc + (uint64_t)warp) * 4u) + (uint64_t)k;
}

static uint64_t bar_sig(const cli_wave *w, uint64_t lin, int bar)
{
	return w->nctas * (uint64_t)w->wpc * 4u + lin * 16u + (uint64_t)bar;
}

static void vcd_at(cli_wave *w, uint64_t t)
{
	if (w->vcd_time_set && t <= w->vcd_time)
		return;
	w->vcd_time = t;
	w->vcd_time_set = true;
	util_buf_printf(&w->vcd_body, "#%llu\n", (unsigned long long)t);
}

static void vcd_value(cli_wave *w, uint64_t sig, int bits, uint64_t v)
{
	char id[8], b[72];
	vcd_id(sig, id);
	int n = 0;
	for (int k = bits - 1; k >= 0; k--)
		b[n++] = (char)('0' + (v >> k & 1));
	b[n] = 0;
	util_buf_printf(&w->vcd_body, "b%s %s\n", b, id);
}

/* ---- the hooks ------------------------------------------------------------------ */

/* The mnemonic of the instruction text (guard skipped) into m. */
static void mnemonic(const char *text, char *m, size_t size)
{
	if (*text == '@')
		text += strcspn(text, " ") + (text[strcspn(text, " ")] == ' ');
	size_t n = strcspn(text, " ;");
	if (n >= size)
		n = size - 1;
	memcpy(m, text, n);
	m[n] = 0;
}

static void on_trace(void *user, const char *json)
{
	cli_wave *w = user;
	const char *a = strstr(json, "\"asm\":\"");
	w->asm_text[0] = 0;
	if (a) {
		a += 7;
		size_t n = 0;
		while (a[n] && a[n] != '"' && n + 1 < sizeof w->asm_text)
			n++;
		memcpy(w->asm_text, a, n);
		w->asm_text[n] = 0;
	}
	if (w->inner)
		w->inner(w->inner_user, json);
}

static wmbar *find_mbar(cli_wave *w, uint64_t lin, uint32_t addr)
{
	for (int k = 0; k < w->nmbars; k++)
		if (w->mbars[k].cta == lin && w->mbars[k].addr == addr)
			return &w->mbars[k];
	if (w->nmbars == WAVE_MAX_MBARS)
		return NULL;
	wmbar *m = &w->mbars[w->nmbars++];
	memset(m, 0, sizeof *m);
	m->cta = lin;
	m->addr = addr;
	m->alive = true;
	int used = 0;
	for (int k = 0; k < w->nmbars - 1; k++)
		used += w->mbars[k].cta == lin;
	m->tid = 2000 + used;
	simt_mbarrier_state st;
	uint32_t c[3];
	cta_xyz(w, lin, c);
	if (simt_sim_mbarrier(w->sim, c, addr, &st, NULL) == SIMT_OK)
		m->phase = st.phase;
	name_thread(w, lin + 1, m->tid, "mbarrier 0x%x", (int)addr, 0);
	return m;
}

/* Phase changes and new phases of every mbarrier seen, at cycle t. */
static void poll_mbars(cli_wave *w, uint64_t t)
{
	for (int k = 0; k < w->nmbars; k++) {
		wmbar *m = &w->mbars[k];
		if (!m->alive)
			continue;
		uint32_t c[3];
		cta_xyz(w, m->cta, c);
		simt_mbarrier_state st;
		if (simt_sim_mbarrier(w->sim, c, m->addr, &st, NULL) != SIMT_OK) {
			if (m->open)
				slice(w, 'E', m->cta + 1, m->tid, t, NULL, NULL);
			m->open = m->alive = false;
			continue;
		}
		if (st.phase != m->phase) {
			if (!m->open) { /* completed between two issues */
				char args[96];
				snprintf(args, sizeof args, "\"phase\":%u", m->phase);
				slice(w, 'B', m->cta + 1, m->tid, t, "phase", args);
			}
			for (int f = 0; f < m->nflows; f++)
				ev(w, "{\"ph\":\"f\",\"bp\":\"e\",\"id\":%d,\"pid\":%llu,"
				   "\"tid\":%d,\"ts\":%llu,\"name\":\"copy\","
				   "\"cat\":\"async\"}", m->flows[f],
				   (unsigned long long)m->cta + 1, m->tid,
				   (unsigned long long)t);
			m->nflows = 0;
			slice(w, 'E', m->cta + 1, m->tid, t, NULL, NULL);
			m->open = false;
			m->phase = st.phase;
		}
		if (!m->open && st.valid &&
		    (st.pending < st.expected || st.tx > 0 || m->nflows)) {
			char args[128];
			snprintf(args, sizeof args, "\"phase\":%u,\"expected\":%u",
				 st.phase, st.expected);
			slice(w, 'B', m->cta + 1, m->tid, t, "phase", args);
			m->open = true;
		}
	}
}

/* CTA barriers of the CTA: a slice from the first arrival to release. */
static void poll_bars(cli_wave *w, uint64_t lin, const uint32_t c[3],
		      uint64_t t)
{
	for (unsigned b = 0; b < 16; b++) {
		simt_barrier_state st;
		if (simt_sim_barrier(w->sim, c, b, &st, NULL) != SIMT_OK)
			return;
		bool open = w->bar_open[lin] >> b & 1;
		if (st.arrived && !open) {
			char name[32], args[128];
			snprintf(name, sizeof name, "BAR %u phase", b);
			snprintf(args, sizeof args, "\"expected\":%u,\"kind\":\"%s\"",
				 st.expected, st.kind == 2 ? "RED" : "SYNC");
			slice(w, 'B', lin + 1, 1000 + (int)b, t, name, args);
			w->bar_open[lin] |= (uint16_t)(1u << b);
		} else if (!st.arrived && open) {
			slice(w, 'E', lin + 1, 1000 + (int)b, t + 1, NULL, NULL);
			w->bar_open[lin] &= (uint16_t)~(1u << b);
		}
		if (st.arrived || open) {
			if (!(w->bar_used[lin] >> b & 1))
				name_thread(w, lin + 1, 1000 + (int)b,
					    "barrier %d", (int)b, 0);
			w->bar_used[lin] |= (uint16_t)(1u << b);
		}
		if (w->vcd && (w->bar_used[lin] >> b & 1) &&
		    w->bar_value[lin * 16 + b] != st.arrived) {
			vcd_at(w, t + 1);
			vcd_value(w, bar_sig(w, lin, (int)b), 11, st.arrived);
			w->bar_value[lin * 16 + b] = (uint16_t)st.arrived;
		}
	}
}

static void start_wait(cli_wave *w, wwarp *x, uint64_t pid, int tid,
		       const simt_retire *r, const char *m,
		       const simt_warp_state *ws)
{
	char name[96], args[160] = "";
	uint64_t t = r->cycle + 1;
	if (ws->status == SIMT_WARP_BAR) {
		simt_barrier_state b;
		snprintf(name, sizeof name, "wait BAR %d", ws->bar_id);
		if (simt_sim_barrier(w->sim, r->cta, (unsigned)ws->bar_id, &b,
				     NULL) == SIMT_OK)
			snprintf(args, sizeof args, "\"arrived\":%u,\"expected\":%u",
				 b.arrived, b.expected);
	} else if (ws->status == SIMT_WARP_MBAR && !strncmp(m, "DEPBAR", 6)) {
		snprintf(name, sizeof name, "wait DEPBAR (copies)");
	} else if (ws->status == SIMT_WARP_MBAR) {
		snprintf(name, sizeof name, "wait mbarrier 0x%x", ws->mbar_addr);
		snprintf(args, sizeof args, "\"instruction\":\"%s\"", m);
	} else {
		snprintf(name, sizeof name, "sleep (%s)", m);
	}
	slice(w, 'B', pid, tid, t, name, args);
	x->waiting = true;
}

static void on_retire(void *user, const simt_retire *r)
{
	cli_wave *w = user;
	uint64_t lin = cta_lin(w, r->cta), t = r->cycle, pid = lin + 1;
	if (lin >= w->nctas || r->warp < 0 || r->warp >= w->wpc)
		return;
	wwarp *x = &w->warps[lin * (uint64_t)w->wpc + (uint64_t)r->warp];
	int tid = 1 + 2 * r->warp, ctid = 2 + 2 * r->warp;
	char m[32];
	mnemonic(w->asm_text, m, sizeof m);
	w->last_cycle = t + 1;
	see_cta(w, lin);
	if (!x->seen) {
		x->seen = true;
		x->lanes_count = -1;
		x->v_status = -1;
		name_thread(w, pid, tid, "warp %d", r->warp, 0);
		name_thread(w, pid, ctid, "warp %d convergence", r->warp, 0);
	}
	/* bursts and waits on the warp track */
	if (x->waiting) {
		slice(w, 'E', pid, tid, t, NULL, NULL);
		x->waiting = false;
	}
	if (x->in_burst && t - x->last_issue > WAVE_GAP) {
		slice(w, 'E', pid, tid, x->last_issue + 1, NULL, NULL);
		x->in_burst = false;
	}
	if (!x->in_burst) {
		char args[64];
		snprintf(args, sizeof args, "\"pc\":\"0x%04llx\"",
			 (unsigned long long)r->pc);
		slice(w, 'B', pid, tid, t, "run", args);
		x->in_burst = true;
		x->burst_start = t;
	}
	x->last_issue = t;
	if (r->has_mbar && (!strcmp(m, "UBLKCP") || !strncmp(m, "ARRIVES", 7))) {
		wmbar *mb = find_mbar(w, lin, r->mbar);
		int id = ++w->next_flow;
		ev(w, "{\"ph\":\"s\",\"id\":%d,\"pid\":%llu,\"tid\":%d,\"ts\":%llu,"
		   "\"name\":\"copy\",\"cat\":\"async\"}", id,
		   (unsigned long long)pid, tid, (unsigned long long)t);
		if (mb && mb->nflows < 64)
			mb->flows[mb->nflows++] = id;
		else if (w->json) /* no flow end: close it where it starts */
			ev(w, "{\"ph\":\"f\",\"bp\":\"e\",\"id\":%d,\"pid\":%llu,"
			   "\"tid\":%d,\"ts\":%llu,\"name\":\"copy\","
			   "\"cat\":\"async\"}", id, (unsigned long long)pid, tid,
			   (unsigned long long)t);
	} else if (r->has_mbar) {
		find_mbar(w, lin, r->mbar);
	}
	simt_warp_state ws;
	bool have = simt_sim_warp(w->sim, r->cta, r->warp, &ws, NULL) == SIMT_OK;
	if (r->blocked && have) {
		slice(w, 'E', pid, tid, t + 1, NULL, NULL);
		x->in_burst = false;
		start_wait(w, x, pid, tid, r, m, &ws);
	}
	if (!r->valid_after && x->in_burst) { /* the warp exited */
		slice(w, 'E', pid, tid, t + 1, NULL, NULL);
		x->in_burst = false;
	}
	/* convergence waits: lanes parked at BSYNC / WARPSYNC */
	uint32_t parked = r->active & ~r->active_after & r->valid_after;
	if (x->conv_open && ((r->active_after & x->conv_lanes) == x->conv_lanes ||
			     !r->valid_after)) {
		slice(w, 'E', pid, ctid, t + 1, NULL, NULL);
		x->conv_open = false;
	}
	if ((!strcmp(m, "BSYNC") || !strncmp(m, "WARPSYNC", 8)) && parked) {
		if (x->conv_open)
			slice(w, 'E', pid, ctid, t + 1, NULL, NULL);
		x->conv_lanes = (x->conv_open ? x->conv_lanes : 0) | parked;
		char name[48], args[128];
		snprintf(name, sizeof name, "%s wait", m);
		snprintf(args, sizeof args, "\"waiting\":\"0x%08x\",\"running\":"
			 "\"0x%08x\",\"pc\":\"0x%04llx\"", x->conv_lanes,
			 r->active_after, (unsigned long long)r->pc);
		slice(w, 'B', pid, ctid, t + 1, name, args);
		x->conv_open = true;
	}
	/* counters */
	int n = __builtin_popcount(r->active_after);
	if (n != x->lanes_count) {
		ev(w, "{\"ph\":\"C\",\"pid\":%llu,\"ts\":%llu,\"name\":"
		   "\"active lanes\",\"args\":{\"warp %d\":%d}}",
		   (unsigned long long)pid, (unsigned long long)t, r->warp, n);
		x->lanes_count = n;
	}
	if (!strncmp(m, "BAR", 3) || !strcmp(m, "EXIT") || w->bar_open[lin])
		poll_bars(w, lin, r->cta, t);
	if (w->nmbars)
		poll_mbars(w, t);
	/* VCD */
	if (w->vcd && have) {
		uint32_t exited = ws.exited;
		if (ws.pc != x->v_pc || ws.active != x->v_active ||
		    exited != x->v_exited || (int)ws.status != x->v_status)
			vcd_at(w, t + 1);
		if (ws.pc != x->v_pc || x->v_status < 0)
			vcd_value(w, warp_sig(w, lin, r->warp, 0), 32, ws.pc & 0xffffffffu);
		if (ws.active != x->v_active || x->v_status < 0)
			vcd_value(w, warp_sig(w, lin, r->warp, 1), 32, ws.active);
		if (exited != x->v_exited || x->v_status < 0)
			vcd_value(w, warp_sig(w, lin, r->warp, 2), 32, exited);
		if ((int)ws.status != x->v_status)
			vcd_value(w, warp_sig(w, lin, r->warp, 3), 3, (uint64_t)ws.status);
		x->v_pc = ws.pc;
		x->v_active = ws.active;
		x->v_exited = exited;
		x->v_status = (int)ws.status;
	}
}

/* ---- the run ---------------------------------------------------------------- */

cli_wave *cli_wave_new(cli_out *json, cli_out *vcd, simt_test_trace_fn *inner,
		       void *inner_user)
{
	cli_wave *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->json = json;
	w->vcd = vcd;
	w->inner = inner;
	w->inner_user = inner_user;
	w->first_event = true;
	if (json)
		cli_out_puts(json, "{\"displayTimeUnit\":\"ns\",\"otherData\":"
			     "{\"generator\":\"simt run --timeline\",\"time\":"
			     "\"1 us of ts = 1 cycle\"},\"traceEvents\":[");
	return w;
}

simt_status cli_wave_run(void *user, simt_sim *s, const simt_launch *l,
			 simt_diags *d)
{
	cli_wave *w = user;
	simt_launch l2 = *l;
	uint64_t threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
	w->sim = s;
	memcpy(w->grid, l->grid, sizeof w->grid);
	w->wpc = (int)((threads + 31) / 32);
	w->nctas = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
	if (w->nctas * (uint64_t)w->wpc > WAVE_MAX_WARPS) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "--timeline/--vcd: the launch has %llu warps; pictures "
			  "are drawn for at most %u", (unsigned long long)
			  (w->nctas * (uint64_t)w->wpc), WAVE_MAX_WARPS);
		w->failed = true;
		return SIMT_ERR_ARG;
	}
	w->warps = calloc(w->nctas * (uint64_t)w->wpc, sizeof *w->warps);
	w->cta_seen = calloc(w->nctas, sizeof *w->cta_seen);
	w->bar_open = calloc(w->nctas, sizeof *w->bar_open);
	w->bar_used = calloc(w->nctas, sizeof *w->bar_used);
	w->bar_value = calloc(w->nctas * 16, sizeof *w->bar_value);
	if (!w->warps || !w->cta_seen || !w->bar_open || !w->bar_used ||
	    !w->bar_value) {
		w->failed = true;
		return SIMT_ERR_NOMEM;
	}
	l2.trace = on_trace;
	l2.trace_user = w;
	simt_status st = simt_sim_on_retire(s, on_retire, w);
	if (st == SIMT_OK)
		st = simt_sim_start(s, &l2, d);
	if (st == SIMT_OK)
		st = simt_sim_run_until(s, NULL, NULL, d);
	simt_sim_on_retire(s, NULL, NULL);
	return st;
}

/* Close what is open at the end of the launch. */
static void close_all(cli_wave *w)
{
	uint64_t t = w->last_cycle;
	for (uint64_t k = 0; w->warps && k < w->nctas * (uint64_t)w->wpc; k++) {
		wwarp *x = &w->warps[k];
		uint64_t pid = k / (uint64_t)w->wpc + 1;
		int warp = (int)(k % (uint64_t)w->wpc);
		if (x->in_burst || x->waiting)
			slice(w, 'E', pid, 1 + 2 * warp, t, NULL, NULL);
		if (x->conv_open)
			slice(w, 'E', pid, 2 + 2 * warp, t, NULL, NULL);
	}
	for (uint64_t lin = 0; w->bar_open && lin < w->nctas; lin++)
		for (int b = 0; b < 16; b++)
			if (w->bar_open[lin] >> b & 1)
				slice(w, 'E', lin + 1, 1000 + b, t, NULL, NULL);
	for (int k = 0; k < w->nmbars; k++) {
		wmbar *m = &w->mbars[k];
		for (int f = 0; f < m->nflows; f++) /* copies that never completed
						       a phase: end at the last cycle */
			ev(w, "{\"ph\":\"f\",\"bp\":\"e\",\"id\":%d,\"pid\":%llu,"
			   "\"tid\":%d,\"ts\":%llu,\"name\":\"copy\","
			   "\"cat\":\"async\"}", m->flows[f],
			   (unsigned long long)m->cta + 1, m->tid,
			   (unsigned long long)t);
		if (m->open)
			slice(w, 'E', m->cta + 1, m->tid, t, NULL, NULL);
	}
}

static void write_vcd(cli_wave *w)
{
	cli_out *o = w->vcd;
	cli_out_puts(o, "$comment simt run --vcd: per-warp PC, masks, status; "
		     "CTA barrier arrivals (docs/timeline.md) $end\n"
		     "$timescale 1ns $end\n$scope module launch $end\n");
	for (uint64_t lin = 0; w->warps && lin < w->nctas; lin++) {
		uint32_t c[3];
		bool any = false;
		for (int j = 0; j < w->wpc; j++)
			any |= w->warps[lin * (uint64_t)w->wpc + (uint64_t)j].seen;
		if (!any)
			continue;
		cta_xyz(w, lin, c);
		cli_out_printf(o, "$scope module cta_%u_%u_%u $end\n", c[0], c[1], c[2]);
		static const char *const names[4] = {"pc", "active", "exited", "status"};
		static const int widths[4] = {32, 32, 32, 3};
		for (int j = 0; j < w->wpc; j++) {
			if (!w->warps[lin * (uint64_t)w->wpc + (uint64_t)j].seen)
				continue;
			cli_out_printf(o, "$scope module warp_%d $end\n", j);
			for (int k = 0; k < 4; k++) {
				char id[8];
				vcd_id(warp_sig(w, lin, j, k), id);
				cli_out_printf(o, "$var wire %d %s %s $end\n", widths[k],
					       id, names[k]);
			}
			cli_out_puts(o, "$upscope $end\n");
		}
		for (int b = 0; b < 16; b++)
			if (w->bar_used[lin] >> b & 1) {
				char id[8];
				vcd_id(bar_sig(w, lin, b), id);
				cli_out_printf(o, "$var wire 11 %s barrier_%d_arrived $end\n",
					       id, b);
			}
		cli_out_puts(o, "$upscope $end\n");
	}
	cli_out_puts(o, "$upscope $end\n$enddefinitions $end\n");
	/* barriers start at 0 (their first change is in the body) */
	cli_out_puts(o, "#0\n$dumpvars\n");
	for (uint64_t lin = 0; w->bar_used && lin < w->nctas; lin++)
		for (int b = 0; b < 16; b++)
			if (w->bar_used[lin] >> b & 1) {
				char id[8];
				vcd_id(bar_sig(w, lin, b), id);
				cli_out_printf(o, "b0 %s\n", id);
			}
	cli_out_puts(o, "$end\n");
	if (w->vcd_body.data)
		cli_out_write(o, w->vcd_body.data, w->vcd_body.len);
	cli_out_printf(o, "#%llu\n", (unsigned long long)w->last_cycle + 1);
}

void cli_wave_finish(cli_wave *w)
{
	if (!w)
		return;
	close_all(w);
	if (w->json)
		cli_out_puts(w->json, "\n]}\n");
	if (w->vcd)
		write_vcd(w);
	util_buf_free(&w->vcd_body);
	free(w->warps);
	free(w->cta_seen);
	free(w->bar_open);
	free(w->bar_used);
	free(w->bar_value);
	free(w);
}
