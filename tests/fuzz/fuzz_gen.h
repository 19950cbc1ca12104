/*
 * fuzz_gen.h - fuzzer bytes -> a random valid kernel (assembly text, then
 * simt_assemble in-process), for fuzz_sim.c and fuzz_policy.c.
 *
 * Every byte the generator reads decides one choice; when the input runs
 * out every choice reads 0, which closes the program (structured code is
 * always well formed: each BSSY has its BSYNC, each loop its bounded
 * counter, every branch target is a label of the program, EXIT last).
 *
 * Two modes:
 *   wild (fuzz_sim): barriers with random ids and counts anywhere (also in
 *     divergent code), random membermasks for collectives and WARPSYNC,
 *     ifs with or without BSSY/BSYNC, mbarrier operations with random
 *     counts anywhere, shared-memory races; deadlocks, exceptions and
 *     livelocks are expected outcomes.
 *   race-free (fuzz_policy): the result cannot depend on the order in
 *     which warps issue.  Each thread writes only its own global slot and
 *     its own shared slot; it reads another thread's shared slot only
 *     between two BAR.SYNC 0x0 that every warp executes at top level
 *     (count 0: exited warps count); every if and loop reconverges
 *     (BSSY/BSYNC) before the next top-level barrier; collectives use the
 *     current active mask (VOTE.ANY) as membermask; atomics are
 *     commutative with no return value used; the mbarrier / async-copy
 *     block runs once at the start while every thread is alive and
 *     converged (UBLKCP + expect_tx on an mbarrier, LDGSTS + DEPBAR,
 *     ARRIVES on a second mbarrier), and its data is read only after the
 *     waits; nothing reads the clock or tests an mbarrier without waiting.
 *
 * Registers: R0 lane, R1 tid (init), R3 ctaid.x, R4 cfg value, R5 global
 * thread index, R6 tid*4, R7 neighbour's tid*4, R8:R9 global buffer (init),
 * R10:R11 this thread's output slot, R12-R17 data, R18:R19 atomics area,
 * R20-R23 loop counters (by depth), R24 membermask, R25-R27 temporaries,
 * R28:R29 mbarrier token, R30:R31 input area, R32 bulk size, R40+d the
 * lanes of the structured region at depth d (R40: every lane), R50+d the
 * jumping side of the if at depth d.  P0 random
 * (init), P1-P4 data predicates, P5 wait results, P6 tid == 0.
 * Shared (FZ_GEN_SHARED bytes): 0x0-0x3f eight mbarrier objects, 0x40-0xff
 * atomics words, 0x100-0x2ff one word per thread, 0x300-0x4ff LDGSTS
 * destinations, 0x600-0x7ff UBLKCP destination.
 * Global buffer (FZ_BUF_BYTES): 0x0-0xfff 8 bytes per thread of output
 * (global index * 8), 0x1000-0x10ff atomics, 0x2000-0x3fff input (never
 * written by the program).
 */
#ifndef SIMT_FUZZ_GEN_H
#define SIMT_FUZZ_GEN_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_sim.h"

#define FZ_GEN_SHARED 0x800u
#define FZ_GEN_MAX_INSTS 400

typedef struct fz_gen {
	const uint8_t *p;
	size_t n, i;
	bool wild;
	unsigned threads; /* per CTA */
	int label;        /* next label number */
	int ninst;        /* instructions emitted */
	char *text;
	size_t len, cap;
	bool oom;
} fz_gen;

static inline unsigned fg_u8(fz_gen *g)
{
	return g->i < g->n ? g->p[g->i++] : 0;
}

/* A choice among n (n >= 1). */
static inline unsigned fg_pick(fz_gen *g, unsigned n)
{
	return fg_u8(g) % n;
}

static inline bool fg_more(const fz_gen *g)
{
	return g->i < g->n && g->ninst < FZ_GEN_MAX_INSTS;
}

static inline void fg_emit(fz_gen *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void fg_emit(fz_gen *g, const char *fmt, ...)
{
	char line[256];
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (k < 0 || (size_t)k >= sizeof line - 2)
		abort(); /* a generator bug */
	size_t need = g->len + (size_t)k + 2;
	if (need > g->cap) {
		size_t cap = g->cap ? 2 * g->cap : 4096;
		while (cap < need)
			cap *= 2;
		char *t = realloc(g->text, cap);
		if (!t) {
			g->oom = true;
			return;
		}
		g->text = t;
		g->cap = cap;
	}
	memcpy(g->text + g->len, line, (size_t)k);
	g->len += (size_t)k;
	g->text[g->len++] = '\n';
	g->text[g->len] = '\0';
	if (line[0] == ' ')
		g->ninst++;
}

static inline int fg_label(fz_gen *g)
{
	return g->label++;
}

/* "@P1 " / "@!P3 " / "" : a guard from P0-P4 (P0 and P6 in wild mode). */
static inline const char *fg_guard(fz_gen *g, char *buf, size_t size)
{
	unsigned k = fg_pick(g, 8);
	if (k >= 5 + (g->wild ? 2 : 0)) {
		buf[0] = '\0';
		return buf;
	}
	unsigned p = k < 5 ? k : 6;
	snprintf(buf, size, "@%sP%u ", fg_pick(g, 2) ? "!" : "", p);
	return buf;
}

static inline unsigned fg_data(fz_gen *g)
{
	return 12 + fg_pick(g, 6);
}

static inline unsigned fg_pred(fz_gen *g)
{
	return 1 + fg_pick(g, 4);
}

static const char *const fg_cmp[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};

/* One ALU instruction on the data registers (or a predicate). */
static void fg_alu(fz_gen *g)
{
	char gd[16];
	const char *gu = fg_guard(g, gd, sizeof gd);
	unsigned d = fg_data(g), a = fg_data(g), b = fg_data(g);
	unsigned imm = fg_u8(g) | fg_u8(g) << 8;
	static const unsigned srcs[] = {0, 1, 3, 4, 5, 12, 13, 14, 15, 16, 17};
	unsigned s = srcs[fg_pick(g, sizeof srcs / sizeof srcs[0])];
	switch (fg_pick(g, 10)) {
	case 0:
		fg_emit(g, "   %sIADD3 R%u, R%u, R%u, RZ ;", gu, d, a, s);
		break;
	case 1:
		fg_emit(g, "   %sIADD3 R%u, R%u, 0x%x, RZ ;", gu, d, s, imm);
		break;
	case 2:
		fg_emit(g, "   %sLOP3.LUT R%u, R%u, R%u, R%u, 0x%x, !PT ;", gu, d,
			a, b, s, fg_u8(g));
		break;
	case 3:
		fg_emit(g, "   %sIMAD R%u, R%u, 0x%x, R%u ;", gu, d, s, imm & 0xff, a);
		break;
	case 4:
		fg_emit(g, "   %sSHF.L.U32 R%u, R%u, 0x%x, RZ ;", gu, d, s,
			fg_pick(g, 32));
		break;
	case 5:
		fg_emit(g, "   %sPOPC R%u, R%u ;", gu, d, a);
		break;
	case 6:
	case 7:
		fg_emit(g, "   %sISETP.%s.U32.AND P%u, PT, R%u, 0x%x, PT ;", gu,
			fg_cmp[fg_pick(g, 6)], fg_pred(g), s, imm & 0x3f);
		break;
	case 8:
		fg_emit(g, "   %sLOP3.LUT P%u, RZ, R%u, 0x%x, RZ, 0xc0, !PT ;", gu,
			fg_pred(g), s, 1u << fg_pick(g, 8));
		break;
	default:
		fg_emit(g, "   %sSEL R%u, R%u, R%u, P%u ;", gu, d, a, s, fg_pred(g));
		break;
	}
}

/* Shared and global memory: own slots (race-free) or anyone's (wild). */
static void fg_mem(fz_gen *g)
{
	char gd[16];
	const char *gu = fg_guard(g, gd, sizeof gd);
	unsigned d = fg_data(g);
	unsigned slot = g->wild && fg_pick(g, 2) ? 7 : 6;
	switch (fg_pick(g, 5)) {
	case 0:
		fg_emit(g, "   %sSTS [R6+0x100], R%u ;", gu, d);
		break;
	case 1:
		fg_emit(g, "   %sLDS R%u, [R%u+0x100] ;", gu, d, slot);
		break;
	case 2:
		fg_emit(g, "   %sSTG.E [R10.64+0x%x], R%u ;", gu, fg_pick(g, 2) * 4, d);
		break;
	case 3:
		fg_emit(g, "   %sLDG.E R%u, [R30.64+0x%x] ;", gu, d,
			fg_pick(g, 256) * 4);
		break;
	default:
		if (g->wild) /* someone else's output slot */
			fg_emit(g, "   %sSTG.E [R8.64+0x%x], R%u ;", gu,
				fg_pick(g, 512) * 8, d);
		else
			fg_emit(g, "   %sLDS R%u, [R6+0x100] ;", gu, d);
		break;
	}
}

/*
 * Membermask in R24 with the lanes converged on it: the lanes of the
 * current structured region (R40+depth, kept by fg_if/fg_loop with
 * ballots) after a WARPSYNC on them - lanes left behind by YIELD or
 * NANOSLEEP, or by an if without BSSY, join there - or (wild, rarely) a
 * random mask.
 */
static void fg_mask(fz_gen *g, int depth)
{
	if (g->wild && fg_pick(g, 16) == 0) {
		fg_emit(g, "        MOV R24, 0x%x ;",
			fg_u8(g) | fg_u8(g) << 8 | fg_u8(g) << 16 | fg_u8(g) << 24);
		return;
	}
	fg_emit(g, "        WARPSYNC R%d ;", 40 + depth);
	fg_emit(g, "        MOV R24, R%d ;", 40 + depth);
}

static const char *const fg_redux[] = {"SUM", "MIN", "MAX", "AND", "OR",
				       "XOR", "MIN.S32", "MAX.S32"};
static const char *const fg_shfl[] = {"IDX", "UP", "DOWN", "BFLY"};

static void fg_collective(fz_gen *g, int depth)
{
	unsigned d = fg_data(g), a = fg_data(g);
	fg_mask(g, depth);
	switch (fg_pick(g, 8)) {
	case 0:
		fg_emit(g, "        VOTE.%s R%u, P%u, P%u, R24 ;",
			(const char *[]){"ALL", "ANY", "EQ"}[fg_pick(g, 3)], d,
			fg_pred(g), fg_pick(g, 5));
		break;
	case 1: /* the highest live member is always a valid source */
		fg_emit(g, "        VOTE.ANY R25, PT, PT, R24 ;");
		fg_emit(g, "        FLO.U32 R25, R25 ;");
		fg_emit(g, "        SHFL.IDX PT, R%u, R%u, R25, 0x1f, R24 ;", d, a);
		break;
	case 2:
		if (g->wild) {
			fg_emit(g, "        SHFL.%s P%u, R%u, R%u, 0x%x, 0x%x, R24 ;",
				fg_shfl[fg_pick(g, 4)], fg_pred(g), d, a,
				fg_pick(g, 32), fg_pick(g, 32) | fg_pick(g, 32) << 8);
			break;
		}
		/* fall through */
	case 3:
		fg_emit(g, "        MATCH.ANY R%u, R%u, R24 ;", d, a);
		break;
	case 4:
		fg_emit(g, "        MATCH.ALL R%u, P%u, R%u, R24 ;", d, fg_pred(g), a);
		break;
	case 5:
		fg_emit(g, "        REDUX.%s R%u, R%u, R24 ;", fg_redux[fg_pick(g, 8)],
			d, a);
		break;
	case 6:
		fg_emit(g, "        ELECT P%u, R%u, R24 ;", fg_pred(g), d);
		break;
	default:
		fg_emit(g, "        VOTE.ANY R%u, PT, P%u, R24 ;", d, fg_pred(g));
		break;
	}
}

static const char *const fg_atom[] = {"ADD", "MIN", "MAX", "AND", "OR", "XOR"};

static void fg_atomic(fz_gen *g)
{
	char gd[16];
	const char *gu = fg_guard(g, gd, sizeof gd);
	/* race-free: one operation per word (ADD then OR is not OR then ADD) */
	unsigned a = fg_data(g), kop = fg_pick(g, 6);
	unsigned off = g->wild ? fg_pick(g, 16) * 4 : kop * 8 + fg_pick(g, 2) * 4;
	const char *op = fg_atom[kop];
	char rd[8] = "RZ"; /* race-free: the old value is never used */
	if (g->wild)
		snprintf(rd, sizeof rd, "R%u", fg_data(g));
	switch (fg_pick(g, 4)) {
	case 0:
		fg_emit(g, "   %sATOMS.%s %s, [0x%x], R%u ;", gu, op, rd,
			0x40 + off, a);
		break;
	case 1:
		fg_emit(g, "   %sATOMG.E.%s %s, [R18.64+0x%x], R%u ;", gu, op, rd,
			off, a);
		break;
	case 2:
		fg_emit(g, "   %sRED.E.%s [R18.64+0x%x], R%u ;", gu, op, off, a);
		break;
	default:
		fg_emit(g, "   %sMEMBAR.%s ;", gu,
			(const char *[]){"CTA", "GPU"}[fg_pick(g, 2)]);
		break;
	}
}

/* Branch-unit odds and ends that keep the structure valid. */
static void fg_bru(fz_gen *g, int depth)
{
	char gd[16];
	const char *gu = fg_guard(g, gd, sizeof gd);
	unsigned k = fg_pick(g, 5);
	/* YIELD and NANOSLEEP lanes may miss a BSYNC and, by the seed's
	   lowest-lane-first switching, starve other yield lanes into a
	   livelock the simulator reports; race-free programs should mostly
	   complete, so they yield rarely */
	if (!g->wild && k <= 1 && fg_pick(g, 4))
		k = 3;
	if (!g->wild && k != 2)
		gu = ""; /* a guarded YIELD/NANOSLEEP/WARPSYNC splits the warp
			    for good; race-free code reconverges everywhere */
	switch (k) {
	case 0:
		fg_emit(g, "   %sYIELD ;", gu);
		break;
	case 1:
		fg_emit(g, "   %sNANOSLEEP 0x%x ;", gu, fg_u8(g));
		break;
	case 2:
		fg_emit(g, "   %sEXIT ;", gu);
		break;
	case 3:
		if (g->wild) {
			fg_emit(g, "   %sWARPSYNC 0x%x ;", gu,
				fg_pick(g, 8) ? 0xffffffffu
					      : fg_u8(g) | fg_u8(g) << 8 |
							fg_u8(g) << 16 | fg_u8(g) << 24);
			break;
		}
		/* fall through */
	default:
		fg_emit(g, "   %sWARPSYNC R%d ;", gu, 40 + depth);
		break;
	}
}

/* CTA barriers anywhere with random ids, counts and kinds (wild only). */
static void fg_bar_wild(fz_gen *g)
{
	char gd[16];
	const char *gu = fg_guard(g, gd, sizeof gd);
	/* counts mostly within the CTA's warps (else an exception) */
	unsigned warps = (g->threads + 31) / 32;
	unsigned id = fg_pick(g, 4), cnt = fg_pick(g, warps + 2) * 32;
	switch (fg_pick(g, 6)) {
	case 0:
		fg_emit(g, "   %sBAR.SYNC 0x%x, 0x%x ;", gu, id, cnt);
		break;
	case 1:
		fg_emit(g, "   %sBAR.ARV 0x%x, 0x%x ;", gu, id, cnt ? cnt : 32);
		break;
	case 2:
		fg_emit(g, "   %sBAR.RED.%s 0x%x, 0x%x, %sP%u ;", gu,
			(const char *[]){"AND", "OR", "POPC"}[fg_pick(g, 3)], id,
			cnt, fg_pick(g, 2) ? "!" : "", fg_pick(g, 5));
		fg_emit(g, "        B2R.RESULT R%u, P%u ;", fg_data(g), fg_pred(g));
		break;
	case 3: /* a register count: any value, checked when executed */
		fg_emit(g, "        MOV R25, 0x%x ;", fg_pick(g, 8) == 0
					? fg_u8(g) | fg_pick(g, 16) << 8
					: fg_pick(g, warps + 1) * 32);
		fg_emit(g, "   %sBAR.SYNC 0x%x, R25 ;", gu, id);
		break;
	case 4:
		fg_emit(g, "        B2R.BAR R25, 0x%x ;", id);
		if (fg_pick(g, 8) == 0)
			fg_emit(g, "        LOP3.LUT R25, R25, 0x%x, RZ, 0x3c, !PT ;",
				fg_u8(g));
		fg_emit(g, "   %sR2B.BAR 0x%x, R25 ;", gu, id);
		break;
	default:
		fg_emit(g, "   %sBAR.SYNC 0x0 ;", gu);
		break;
	}
}

/* mbarrier and copy-engine operations anywhere (wild only). */
static void fg_mbar_wild(fz_gen *g)
{
	char gd[16];
	const char *gu = fg_guard(g, gd, sizeof gd);
	/* mostly the objects the prologue initialises */
	unsigned m = (fg_pick(g, 4) ? fg_pick(g, 2) : fg_pick(g, 8)) * 8;
	unsigned n = fg_pick(g, 4);
	switch (fg_pick(g, 12)) {
	case 0:
		fg_emit(g, "   %sMBAR.INIT [0x%x], 0x%x ;", gu, m, 1 + fg_u8(g));
		break;
	case 1:
		fg_emit(g, "   %sMBAR.ARRIVE%s R[28:29], [0x%x]%s ;", gu,
			(const char *[]){"", ".DROP", ".NOCOMPLETE",
					 ".DROP.NOCOMPLETE"}[n],
			m, fg_pick(g, 2) ? ", 0x2" : "");
		break;
	case 2:
		fg_emit(g, "   %sMBAR.ARRIVE.EXPECT_TX RZ, [0x%x], 0x%x ;", gu, m,
			fg_u8(g) * 16);
		break;
	case 3:
		fg_emit(g, "   %sMBAR.EXPECT.TX [0x%x], R%u ;", gu, m, fg_data(g));
		break;
	case 4:
		fg_emit(g, "   %sMBAR.COMPLETE.TX [0x%x], 0x%x ;", gu, m, fg_u8(g));
		break;
	case 5:
		fg_emit(g, "   %sMBAR.TRY.WAIT.PARITY P5, [0x%x], 0x%x%s ;", gu, m,
			fg_pick(g, 2), fg_pick(g, 2) ? ", 0x40" : "");
		break;
	case 6:
		fg_emit(g, "   %sMBAR.TRY.WAIT P5, [0x%x], R[28:29] ;", gu, m);
		break;
	case 7:
		fg_emit(g, "   %sMBAR.TEST.WAIT%s P5, [0x%x], %s ;", gu,
			n & 1 ? ".PARITY" : "", m, n & 1 ? "0x1" : "R[28:29]");
		break;
	case 8:
		fg_emit(g, "   %sLDGSTS.E [R6+0x300], [R30.64+0x%x] ;", gu,
			fg_pick(g, 64) * 4);
		fg_emit(g, "   %sLDGDEPBAR ;", fg_pick(g, 2) ? gu : "");
		break;
	case 9:
		fg_emit(g, "   %sDEPBAR.LE SB0, 0x%x ;", gu, fg_pick(g, 3));
		break;
	case 10:
		fg_emit(g, "   %sARRIVES.LDGSTSBAR%s [0x%x] ;", gu,
			n & 1 ? ".NOINC" : "", m);
		break;
	default:
		fg_emit(g, "        MOV R32, 0x%x ;", fg_pick(g, 33) * 16);
		fg_emit(g, "   %sUBLKCP [0x600], [R30.64+0x%x], R32, [0x%x] ;", gu,
			fg_pick(g, 16) * 16, m);
		if (g->wild && fg_pick(g, 4) == 0)
			fg_emit(g, "   %sMBAR.INVAL [0x%x] ;", gu, m);
		break;
	}
}

static void fg_block(fz_gen *g, int depth, int budget);

/* if / if-else on a data predicate, reconverging with BSSY/BSYNC (always
 * in race-free mode).  The lanes of each side: a ballot of the jump
 * condition among the region's lanes, taken before the branch (R40+d+1
 * for the fall-through side, R50+d for the jumping side). */
static void fg_if(fz_gen *g, int depth, int budget)
{
	bool sync = !g->wild || fg_pick(g, 4) != 0;
	bool has_else = fg_pick(g, 2);
	int l_else = fg_label(g), l_join = fg_label(g);
	unsigned p = fg_pred(g);
	const char *neg = fg_pick(g, 2) ? "!" : "";
	fg_emit(g, "        WARPSYNC R%d ;", 40 + depth);
	fg_emit(g, "        VOTE.ANY R%d, PT, %sP%u, R%d ;", 50 + depth, neg, p,
		40 + depth);
	fg_emit(g, "        LOP3.LUT R%d, R%d, R%d, RZ, 0x30, !PT ;", 41 + depth,
		40 + depth, 50 + depth);
	if (sync)
		fg_emit(g, "        BSSY B%d, `(.L_%d) ;", depth, l_join);
	fg_emit(g, "   @%sP%u BRA `(.L_%d) ;", neg, p, has_else ? l_else : l_join);
	fg_block(g, depth + 1, budget / 2);
	if (has_else) {
		fg_emit(g, "        BRA `(.L_%d) ;", l_join);
		fg_emit(g, ".L_%d:", l_else);
		fg_emit(g, "        MOV R%d, R%d ;", 41 + depth, 50 + depth);
		fg_block(g, depth + 1, budget / 2);
	}
	fg_emit(g, ".L_%d:", l_join);
	/* Lanes that jump straight onto the BSYNC stay in the B register
	   (seed 001: BSYNC clears only ActiveMask; docs/semantics.md), and
	   in a divergent loop the stale bits make two BSYNCs hand control
	   back and forth (a livelock the simulator reports).  Race-free code
	   lands on a NOP first, so every lane clears its own bit. */
	if (sync && (!g->wild || fg_pick(g, 2)))
		fg_emit(g, "        NOP ;");
	if (sync)
		fg_emit(g, "        BSYNC B%d ;", depth);
}

/* A loop of 1-4 trips per lane (divergent), with an early BREAK. */
static void fg_loop(fz_gen *g, int depth, int budget)
{
	int l_top = fg_label(g), l_end = fg_label(g);
	unsigned c = 20 + (unsigned)depth, src = fg_data(g);
	unsigned p = fg_pred(g);
	bool brk = fg_pick(g, 2);
	int m = 41 + depth; /* the lanes of this iteration */
	fg_emit(g, "        MOV R%d, R%d ;", m, 40 + depth);
	fg_emit(g, "        BSSY B%d, `(.L_%d) ;", depth, l_end);
	fg_emit(g, "        LOP3.LUT R%u, R%u, 0x3, RZ, 0xc0, !PT ;", c, src);
	fg_emit(g, "        IADD3 R%u, R%u, 0x1, RZ ;", c, c);
	fg_emit(g, ".L_%d:", l_top);
	fg_block(g, depth + 1, budget);
	if (brk) {
		fg_emit(g, "        WARPSYNC R%d ;", m);
		fg_emit(g, "        VOTE.ANY R%d, PT, !P%u, R%d ;", m, p, m);
		fg_emit(g, "   @P%u BREAK B%d ;", p, depth);
		fg_emit(g, "   @P%u BRA `(.L_%d) ;", p, l_end);
	}
	fg_emit(g, "        IADD3 R%u, R%u, -0x1, RZ ;", c, c);
	fg_emit(g, "        ISETP.NE.U32.AND P5, PT, R%u, RZ, PT ;", c);
	fg_emit(g, "        WARPSYNC R%d ;", m);
	fg_emit(g, "        VOTE.ANY R%d, PT, P5, R%d ;", m, m);
	fg_emit(g, "   @P5 BRA `(.L_%d) ;", l_top);
	fg_emit(g, ".L_%d:", l_end);
	fg_emit(g, "        BSYNC B%d ;", depth);
}

/* Race-free exchange through shared memory between two top-level
 * barriers: every warp executes both (count 0 counts exited warps). */
static void fg_exchange(fz_gen *g)
{
	/* lanes left behind by YIELD or NANOSLEEP (which BSYNC may release
	   without) join here first: the warp arrives once per barrier */
	fg_emit(g, "        WARPSYNC 0xffffffff ;");
	fg_emit(g, "        STS [R6+0x100], R%u ;", fg_data(g));
	fg_emit(g, "        BAR.SYNC 0x0 ;");
	fg_emit(g, "        LDS R%u, [R7+0x100] ;", fg_data(g));
	if (fg_pick(g, 2))
		fg_emit(g, "        BAR.RED.%s 0x1, 0x0, P%u ;",
			(const char *[]){"AND", "OR", "POPC"}[fg_pick(g, 3)],
			fg_pick(g, 5));
	else
		fg_emit(g, "        BAR.SYNC 0x0 ;");
	fg_emit(g, "        B2R.RESULT R%u, P%u ;", fg_data(g), fg_pred(g));
}

/* Up to budget statements at nesting depth (0: top level). */
static void fg_block(fz_gen *g, int depth, int budget)
{
	for (int k = 0; k < budget && fg_more(g); k++) {
		unsigned c = fg_pick(g, 16);
		if (c >= 14 && depth < (c == 14 ? 4 : 2)) {
			if (c == 14)
				fg_if(g, depth, budget - k);
			else
				fg_loop(g, depth, (budget - k) / 2);
			continue;
		}
		switch (c) {
		case 0: case 1: case 2: case 3: case 4:
			fg_alu(g);
			break;
		case 5: case 6:
			fg_mem(g);
			break;
		case 7: case 8:
			fg_collective(g, depth);
			break;
		case 9:
			fg_atomic(g);
			break;
		case 10:
			fg_bru(g, depth);
			break;
		case 11:
			if (g->wild)
				fg_bar_wild(g);
			else if (depth == 0)
				fg_exchange(g);
			else
				fg_alu(g);
			break;
		case 12:
			if (g->wild)
				fg_mbar_wild(g);
			else
				fg_mem(g);
			break;
		default:
			if (depth == 0 && fg_pick(g, 4) == 0)
				return; /* end this block early */
			fg_alu(g);
			break;
		}
	}
}

/* The prologue: identity registers, addresses, predicates; then (race-free
 * mode, or wild by choice) the converged mbarrier / copy block. */
static void fg_prologue(fz_gen *g)
{
	fg_emit(g, "        S2R R0, SR_LANEID ;");
	fg_emit(g, "        VOTE.ANY R40, PT, PT ;"); /* converged: every lane */
	fg_emit(g, "        S2R R3, SR_CTAID.X ;");
	fg_emit(g, "        IMAD R5, R3, 0x80, R1 ;");
	fg_emit(g, "        IMAD.WIDE.U32 R10, R5, 0x8, R8 ;");
	fg_emit(g, "        SHF.L.U32 R6, R1, 0x2, RZ ;");
	fg_emit(g, "        IADD3 R7, R1, 0x%x, RZ ;", 1 + fg_pick(g, 127));
	fg_emit(g, "        LOP3.LUT R7, R7, 0x7f, RZ, 0xc0, !PT ;");
	if (g->threads < 128) /* a neighbour inside the CTA */
		fg_emit(g, "        ISETP.GE.U32.AND P5, PT, R7, 0x%x, PT ;",
			g->threads);
	if (g->threads < 128)
		fg_emit(g, "   @P5 IADD3 R7, R7, -0x%x, RZ ;", g->threads);
	if (g->threads < 64) /* still beyond: use slot 0 */
		fg_emit(g, "   @P5 ISETP.GE.U32.AND P5, PT, R7, 0x%x, PT ;",
			g->threads);
	if (g->threads < 64)
		fg_emit(g, "   @P5 MOV R7, RZ ;");
	fg_emit(g, "        SHF.L.U32 R7, R7, 0x2, RZ ;");
	fg_emit(g, "        MOV R25, 0x1000 ;");
	fg_emit(g, "        IMAD.WIDE.U32 R18, R25, 0x1, R8 ;");
	fg_emit(g, "        MOV R25, 0x2000 ;");
	fg_emit(g, "        IMAD.WIDE.U32 R30, R25, 0x1, R8 ;");
	fg_emit(g, "        ISETP.EQ.U32.AND P6, PT, R1, RZ, PT ;");
	for (unsigned r = 12; r < 18; r++)
		fg_emit(g, "        IMAD R%u, R5, 0x%x, R4 ;", r, fg_u8(g) | 1);
	for (unsigned p = 1; p < 5; p++)
		fg_emit(g, "        LOP3.LUT P%u, RZ, R%u, 0x%x, RZ, 0xc0, !PT ;", p,
			fg_pick(g, 2) ? 0 : 1, 1u << fg_pick(g, 6));
	if (!g->wild || fg_pick(g, 4)) {
		/* bulk copy of 0x200 input bytes completing tx on mbarrier 0x0;
		   LDGSTS of one word per thread; ARRIVES on mbarrier 0x8 */
		fg_emit(g, "   @P6 MBAR.INIT [0x0], 0x1 ;");
		fg_emit(g, "   @P6 MBAR.INIT [0x8], 0x%x ;", g->threads);
		fg_emit(g, "        BAR.SYNC 0x0 ;");
		fg_emit(g, "        MOV R32, 0x200 ;");
		fg_emit(g, "   @P6 MBAR.ARRIVE.EXPECT_TX RZ, [0x0], 0x200 ;");
		fg_emit(g, "   @P6 UBLKCP [0x600], [R30.64+0x%x], R32, [0x0] ;",
			fg_pick(g, 16) * 0x100);
		fg_emit(g, "        LDGSTS.E [R6+0x300], [R30.64+0x%x] ;",
			fg_pick(g, 8) * 4);
		fg_emit(g, "        LDGDEPBAR ;");
		fg_emit(g, "        ARRIVES.LDGSTSBAR.NOINC [0x8] ;");
		fg_emit(g, "        DEPBAR.LE SB0, 0x0 ;");
		fg_emit(g, "        LDS R%u, [R6+0x300] ;", fg_data(g));
		fg_emit(g, "        MBAR.TRY.WAIT.PARITY P5, [0x0], 0x0 ;");
		fg_emit(g, "        LOP3.LUT R25, R6, 0x1fc, RZ, 0xc0, !PT ;");
		fg_emit(g, "        LDS R%u, [R25+0x600] ;", fg_data(g));
		fg_emit(g, "        MBAR.TRY.WAIT.PARITY P5, [0x8], 0x0 ;");
	}
}

/*
 * The kernel for bytes p[0..n) (threads per CTA known: counts and
 * neighbours depend on it).  Returns malloc'ed text (NULL: out of memory).
 */
static inline char *fz_gen_program(const uint8_t *p, size_t n, bool wild,
				   unsigned threads)
{
	fz_gen g = {.p = p, .n = n, .wild = wild, .threads = threads};
	fg_emit(&g, "main:");
	fg_prologue(&g);
	fg_block(&g, 0, 64);
	fg_emit(&g, "        LOP3.LUT R12, R12, R14, R16, 0x96, !PT ;");
	fg_emit(&g, "        LOP3.LUT R13, R13, R15, R17, 0x96, !PT ;");
	fg_emit(&g, "        STG.E [R10.64], R12 ;");
	fg_emit(&g, "        STG.E [R10.64+0x4], R13 ;");
	fg_emit(&g, "        EXIT ;");
	if (g.oom) {
		free(g.text);
		return NULL;
	}
	return g.text;
}

/* Assemble the generated program of bytes p[0..n) (wild: fuzz_sim's
 * programs; else fuzz_policy's race-free ones), or abort: a generator bug. */
static inline simt_object *fz_build(const uint8_t *p, size_t n, bool wild,
				    unsigned threads)
{
	char *text = fz_gen_program(p, n, wild, threads);
	if (!text)
		abort();
	if (getenv("FZ_PRINT"))
		fprintf(stderr, "%s", text);
	simt_diags d;
	simt_diags_init(&d);
	simt_object *o = NULL;
	if (simt_assemble(fz_isa(), "gen.s", text, strlen(text), &o, &d) != SIMT_OK) {
		fprintf(stderr, "%s", text);
		fz_die("the generated program does not assemble", "", &d);
	}
	simt_diags_free(&d);
	free(text);
	return o;
}

#endif
