/*
 * plan.c - the selections the assembler keeps, their operand plans and
 * guesses, and the fast path that uses them.
 *
 * Requires: a selection asm_match made (the dotted word, the operands'
 * signatures, the chosen opcode, its entry map and modifiers).
 * Produces: the selection kept in the index (asm_plan_add; found again by
 * word and signatures, asm_plan_find); its operand plan when every entry
 * is a register, number, address, constant, enum value or label
 * (plan_fast: the opcode's word with the fixed fields encoded, and what
 * each other entry puts over it); its guess of how the operands look in
 * the text (asm_guess_build, for scan.c's asm_guess_find); and the words
 * of the lines that take them (asm_fast_fill, asm_guess_fill), with the
 * checks the general filling makes: any value that would be an error
 * steps back and match.c fills and reports it exactly as before.
 */
#include <stdlib.h>
#include <string.h>

#include "asm/index.h"

/* Does e read only fields outside unknown (a field the opcode lacks makes
 * the rule fail, which is as good as known)? */
static bool reads_known(const isa_opcode *op, const isa_expr *e,
			uint64_t unknown)
{
	if (!e)
		return true;
	if (e->op == ISA_E_FIELD) {
		int f = isa_field_find(op, e->str);
		return f < 0 || !(unknown >> f & 1);
	}
	return reads_known(op, e->a, unknown) && reads_known(op, e->b, unknown);
}

/* Is the __Exception condition e false (or failing) whatever the unknown
 * fields hold?  A conjunction is when one side is (isa_expr_eval: an AND
 * is true only when both sides evaluate and are true); any other node
 * only when it reads known fields alone and evaluates so. */
static bool never_fires(const isa_opcode *op, const isa_expr *e,
			const uint64_t *vals, uint64_t unknown)
{
	if (e->op == ISA_E_AND)
		return never_fires(op, e->a, vals, unknown) ||
		       never_fires(op, e->b, vals, unknown);
	if (!reads_known(op, e, unknown))
		return false;
	int64_t r = 0;
	return !isa_expr_eval(op, e, vals, &r) || !r;
}

/* Can a rule of op fire on a word that is base but for the unknown
 * fields?  IMAD's rule for .WIDE, IADD3's for its carry predicates...
 * cannot on the plans of most lines, which then skip asm_check_exceptions
 * (its cache misses on every new register number). */
static bool exc_possible(const isa_opcode *op, isa_word base, uint64_t unknown)
{
	uint64_t vals[ISA_MAX_FIELDS];
	for (int f = 0; f < op->nfields; f++)
		vals[f] = util_bits_get(base.lo, base.hi, op->fields[f].pos,
					op->fields[f].width);
	for (int i = 0; i < op->nexc; i++)
		if (!never_fires(op, op->exc[i]->cond, vals, unknown))
			return true;
	return false;
}

static void fast_field_of(const isa_opcode *op, const asm_opinfo *in, int f,
			  asm_fast_field *ff)
{
	const isa_field *fd = &op->fields[f];
	ff->pos = (unsigned char)fd->pos;
	ff->width = (unsigned char)fd->width;
	ff->enc = in->enc_fields >> f & 1;
	ff->gpr = in->gpr_fields >> f & 1;
	ff->sgn = fd->type->cls == ISA_KIND_SIMM;
	ff->rk = in->freg[f];
	ff->mask = mask_of(fd->width);
	ff->lim = mask_of(fd->type->width);
	int pos = fd->pos;
	bool enc = ff->enc;
	if (pos >= 64) {
		ff->mlo = 0;
		ff->slo = 0;
		ff->mhi = enc ? ff->mask << (pos - 64) : 0;
		ff->shr1 = ff->shr2 = 0;
		ff->shl = (unsigned char)(pos - 64);
	} else {
		ff->mlo = enc ? ff->mask << pos : 0;
		ff->slo = (unsigned char)pos;
		/* v >> (64 - pos) as two shifts (pos 0: nothing, 64 bits) */
		ff->mhi = enc && pos + fd->width > 64 ? ff->mask >> (64 - pos) : 0;
		ff->shr1 = 1;
		ff->shr2 = (unsigned char)(63 - pos);
		ff->shl = 0;
	}
}

static inline bool numeric_kind(const isa_type *t)
{
	return t->cls == ISA_KIND_UIMM || t->cls == ISA_KIND_SIMM;
}

/*
 * The operand plan of a selection (asm_plan.fast): false when some entry
 * needs fill_operand (labels, expressions, floats, pairs, c[][Ra]...).
 * The base word is what asm_match's filling gives for everything but the
 * entries in act and the guard and control slots, which fast_fill puts.
 */
static bool plan_fast(const struct asm_index *ix, asm_plan *p,
		      const asm_inst_text *it, const signed char *map,
		      const isa_opcode *op, const asm_modres *res)
{
	const asm_opinfo *in = ix->info[op->index];
	uint64_t fields[ISA_MAX_FIELDS];
	uint64_t touched = 0;
	memcpy(fields, in->defaults, sizeof(uint64_t) * (size_t)op->nfields);
	for (int i = 0; i < res->nset; i++) {
		fields[res->field[i]] = res->value[i];
		touched |= UINT64_C(1) << res->field[i];
	}
	if (in->barid >= 0 && !(in->enc_fields >> in->barid & 1))
		return false; /* update_kernel reads barid from the word */
	p->nact = 0;
	uint64_t unknown = 0; /* fields a line of this plan writes */
	for (int e = 0; e < op->noperands; e++) {
		if (map[e] < 0)
			continue;
		const asm_operand *o = &it->ops[map[e]];
		const isa_operand *d = &op->operands[e];
		const isa_field *fd = &op->fields[d->field];
		const isa_type *t = fd->type;
		int kind = -1;
		for (int k = 0; k < 4; k++) {
			int f = k == 0 ? d->field : k == 1 ? d->sub[0]
				: k == 2 ? d->sub[1] : fd->modifier;
			if (f >= 0)
				touched |= UINT64_C(1) << f;
		}
		if ((o->lnot || o->bitnot) && fd->modifier >= 0)
			fields[fd->modifier] = 1;
		if (d->fmt == ISA_FMT_ADDR) {
			if (o->kind == ASM_O_MEM && !o->expr &&
			    (d->sub[1] < 0 || numeric_kind(op->fields[d->sub[1]].type)))
				kind = FA_MEM;
		} else if (d->fmt != ISA_FMT_CADDR &&
			   (o->kind == ASM_O_EXPR ||
			    (o->kind == ASM_O_NAME && (d->fmt == ISA_FMT_PCREL ||
						       d->fmt == ISA_FMT_SHIFT)))) {
			kind = FA_SYM; /* fill_operand's defer_expr */
		} else if (d->fmt != ISA_FMT_PLAIN || o->kind == ASM_O_EXPR) {
			kind = -1;
		} else if (t->cls == ISA_KIND_ENUM && o->kind == ASM_O_NAME) {
			fields[d->field] = (uint64_t)enum_find(ix, t, o->name, o->nlen,
							       o->hash);
			continue;
		} else if (p->plain_reg >> e & 1) {
			kind = FA_REG;
		} else if (numeric_kind(t) && o->kind == ASM_O_INT) {
			kind = FA_INT;
		} else if (t->cls == ISA_KIND_CMEM && o->kind == ASM_O_CMEM) {
			kind = FA_CMEM;
		}
		if (kind < 0)
			return false;
		for (int k = 0; k < 3; k++) {
			int uf = k == 0 ? d->field : d->sub[k - 1];
			if (uf >= 0)
				unknown |= UINT64_C(1) << uf;
		}
		fast_act *a = &p->act[p->nact++];
		memset(a, 0, sizeof *a);
		a->kind = (unsigned char)kind;
		a->k = (unsigned char)map[e];
		a->e = (unsigned char)e;
		a->fi = (unsigned char)d->field;
		if (kind == FA_SYM)
			continue; /* the word keeps the field's default */
		int f = kind == FA_MEM ? d->sub[0] : d->field;
		int g = kind == FA_MEM ? d->sub[1] : -1;
		if ((a->has_f = f >= 0))
			fast_field_of(op, in, f, &a->f);
		if ((a->has_g = g >= 0))
			fast_field_of(op, in, g, &a->g);
		if (kind == FA_CMEM) {
			a->bank_pos = (unsigned char)t->bank_pos;
			a->off_pos = (unsigned char)t->off_pos;
			a->bank_lim = mask_of(t->bank_width);
			a->off_lim = mask_of(t->off_width);
		}
	}
	p->base = asm_encode(in, fields, touched);
	p->op = op;
	p->guard_type = NULL;
	if (op->guard >= 0) {
		const isa_field *gd = &op->fields[op->guard];
		p->guard_type = gd->type;
		fast_field_of(op, in, op->guard, &p->guard);
		if ((p->has_gmod = gd->modifier >= 0))
			fast_field_of(op, in, gd->modifier, &p->gmod);
	}
	int slots[6] = {op->guard, op->guard >= 0 ? op->fields[op->guard].modifier : -1,
			in->stall, in->yield, in->req, in->wsb};
	for (int i = 0; i < 6; i++)
		if (slots[i] >= 0)
			unknown |= UINT64_C(1) << slots[i];
	p->has_exc = exc_possible(op, p->base, unknown);
	p->unknown = unknown;
	p->bar_reg = in->bar_reg;
	p->is_exit = in->is_exit;
	if ((p->has_barid = in->barid >= 0))
		fast_field_of(op, in, in->barid, &p->barid);
	int ctl[4] = {in->stall, in->yield, in->req, in->wsb};
	for (int i = 0; i < 4; i++)
		if ((p->has_ctl[i] = ctl[i] >= 0)) {
			fast_field_of(op, in, ctl[i], &p->ctl[i]);
			p->ctl[i].lim = p->ctl[i].mask;
		}
	return true;
}

/* How the name of o (classified) looks in every line with its signature:
 * a register of a kind in digits_ok as its prefix and digits, anything
 * else as its bytes; false when it is longer than 16 bytes. */
static bool guess_name(const struct asm_index *ix, const asm_operand *o,
		       asm_gname *g)
{
	memset(g, 0, sizeof *g);
	uint32_t m = o->regmask;
	if (m && !(m & (m - 1)) && !o->zeromask && (ix->digits_ok & m)) {
		const regkind *r = &ix->reg[__builtin_ctz(m)];
		g->digits = true;
		g->len = (unsigned char)r->plen;
		memcpy(g->k, r->t->prefix, (size_t)r->plen);
		return true;
	}
	if (o->nlen > 16)
		return false;
	g->len = (unsigned char)o->nlen;
	memcpy(g->k, o->name, (size_t)o->nlen);
	g->regnum = (uint32_t)o->regnum;
	return true;
}

/* A genum for operand k (o) of plan p when it is a plain enum operand of
 * at most 8 bytes whose field no other encoded field overlaps (so that
 * putting another value over the plan's word is what encoding it gives). */
static bool ge_new(struct asm_index *ix, asm_plan *p, const asm_operand *o,
		   int k)
{
	const isa_opcode *op = p->op;
	const asm_opinfo *in = ix->info[op->index];
	int f = -1;
	for (int e = 0; e < op->noperands; e++)
		if (p->map[e] == k && op->operands[e].fmt == ISA_FMT_PLAIN &&
		    op->fields[op->operands[e].field].type->cls == ISA_KIND_ENUM)
			f = op->operands[e].field;
	if (f < 0 || o->nlen > 8 || p->nge == GE_MAX)
		return false;
	const isa_field *fd = &op->fields[f];
	for (int f2 = 0; f2 < op->nfields; f2++) {
		const isa_field *x = &op->fields[f2];
		if (f2 != f && (in->enc_fields >> f2 & 1) &&
		    x->pos < fd->pos + fd->width && fd->pos < x->pos + x->width)
			return false;
	}
	if (!util_grow((void **)&ix->genums, &ix->cgenums, ix->ngenums + 1,
		       sizeof *ix->genums))
		return false;
	genum *ge = &ix->genums[ix->ngenums];
	memset(ge, 0, sizeof *ge);
	ge->k = (unsigned char)k;
	fast_field_of(op, in, f, &ge->f);
	ge->orig = *o;
	ge->orig.hash = asm_hash(o->name, o->nlen); /* (shape_ok reads it) */
	p->ge[p->nge++] = ix->ngenums++;
	return true;
}

static inline bool fast_reg(const asm_fast_field *f, const asm_operand *o,
			    int nregs, isa_word *w, uint32_t *maxreg);

/* Do the fields n fields put into a word (those that are encoded) have
 * no bit in common?  Then the order they are put in does not matter. */
static bool disjoint(const asm_fast_field *const *f, int n)
{
	uint64_t lo = 0, hi = 0;
	for (int i = 0; i < n; i++) {
		if ((lo & f[i]->mlo) || (hi & f[i]->mhi))
			return false;
		lo |= f[i]->mlo;
		hi |= f[i]->mhi;
	}
	return true;
}

/*
 * The fields of the guess's operands from the plan's actions (what scan.c
 * puts for each), and the guess's word: the plan's with the puts of the
 * operands that are the same on every line of the guess (a register
 * spelled exactly, the register [off] leaves out) already made.  False
 * when the fields overlap (fast_fill's order would matter) or such an
 * operand is out of range.
 */
static bool guess_fields(const struct asm_index *ix, asm_plan *p,
			 const asm_inst_text *it)
{
	asm_guess *g = &ix->guesses[p->gi - 1];
	const asm_fast_field *all[2 * ISA_MAX_OPERANDS + GE_MAX + 6];
	int nall = 0;
	g->base = p->base;
	g->maxreg = 0;
	p->syms = 0;
	for (int i = 0; i < p->nact; i++) {
		const fast_act *a = &p->act[i];
		asm_gop *q = &g->op[a->k];
		const asm_operand *o = &it->ops[a->k];
		if (a->has_f)
			all[nall++] = &a->f;
		if (a->has_g)
			all[nall++] = &a->g;
		switch ((fast_kind)a->kind) {
		case FA_REG:
			if (q->kind != ASM_G_NAME)
				return false;
			if (q->nm.digits) {
				q->has_f = true;
				q->f = a->f;
			} else if (!fast_reg(&a->f, o, 1, &g->base, &g->maxreg)) {
				return false;
			}
			break;
		case FA_INT:
			if (q->kind != ASM_G_INT)
				return false;
			q->has_f = true;
			q->f = a->f;
			break;
		case FA_MEM:
			if (q->kind != ASM_G_MEM)
				return false;
			q->has_g = a->has_g;
			q->g = a->g;
			if (a->has_f && o->has_reg) {
				if (q->nm.digits) {
					q->has_f = true;
					q->f = a->f;
				} else if (!fast_reg(&a->f, o, o->is64 ? 2 : 1,
						     &g->base, &g->maxreg)) {
					return false;
				}
			} else if (a->has_f) {
				asm_fast_put(&g->base, &a->f, a->f.lim);
			}
			break;
		case FA_CMEM:
			if (q->kind != ASM_G_CMEM)
				return false;
			q->has_f = true;
			q->f = a->f;
			q->bank_pos = a->bank_pos;
			q->off_pos = a->off_pos;
			q->bank_lim = a->bank_lim;
			q->off_lim = a->off_lim;
			break;
		case FA_SYM:
			p->syms |= 1u << a->k;
			q->sym = true;
			break;
		}
	}
	if (p->guard_type) {
		all[nall++] = &p->guard;
		if (p->has_gmod)
			all[nall++] = &p->gmod;
	}
	for (int i = 0; i < 4; i++)
		if (p->has_ctl[i])
			all[nall++] = &p->ctl[i];
	for (int k = 0; k < it->noperands; k++) {
		const asm_gop *q = &g->op[k];
		bool sym = p->syms >> k & 1;
		if ((q->kind == ASM_G_INT || q->kind == ASM_G_CMEM) && !q->has_f)
			return false; /* every value has its field */
		if ((q->kind == ASM_G_NAME && q->nm.digits && !q->has_f) ||
		    (q->kind == ASM_G_TICK || q->kind == ASM_G_LABEL) != sym)
			return false;
	}
	for (int i = 0; i < p->nge; i++)
		all[nall++] = &ix->genums[p->ge[i]].f;
	if (!disjoint(all, nall))
		return false;
	for (int k = 0; k < it->noperands; k++) {
		asm_gop *q = &g->op[k];
		if (q->kind == ASM_G_NAME && q->nm.digits && q->nm.len == 1 &&
		    !q->pre && !q->sym && q->has_f)
			q->kind = ASM_G_REG;
		else if (q->kind == ASM_G_MEM && q->has_reg && q->nm.digits &&
			 q->nm.len == 1 && q->has_f)
			q->kind = ASM_G_MEMR;
		else if (q->kind == ASM_G_NAME && !q->nm.digits && !q->sym &&
			 !q->has_f && q->nm.len >= 1)
			q->kind = ASM_G_EXACT;
	}
	return true;
}

/*
 * The guess of a fast plan from the line that made it: for each operand
 * the bytes that give it the signature it has (a register's prefix and
 * digits, a name's exact spelling, an integer, an address of the same
 * form), so that a line read by it needs no name looked up.
 */
void asm_guess_build(struct asm_index *ix, asm_plan *p,
			const asm_inst_text *it)
{
	p->nge = 0;
	if (!p->fast)
		return;
	if (!p->gi) {
		if (!ix->guesses &&
		    !(ix->guesses = malloc(((size_t)1 << PLAN_BITS) * sizeof *ix->guesses)))
			return;
		ix->cguesses = 1 << PLAN_BITS;
		p->gi = ++ix->nguesses;
	}
	asm_guess *g = &ix->guesses[p->gi - 1];
	g->n = -1;
	g->plan = (int)(p - ix->plans);
	for (int k = 0; k < it->noperands; k++) {
		const asm_operand *o = &it->ops[k];
		asm_gop *q = &g->op[k];
		memset(q, 0, sizeof *q);
		switch (o->kind) {
		case ASM_O_NAME:
			if (!o->lnot && !o->bitnot &&
			    ix->label_first[(unsigned char)o->name[0]]) {
				q->kind = ASM_G_LABEL;
				break;
			}
			q->pre = o->lnot ? '!' : o->bitnot ? '~' : 0;
			if (ge_new(ix, p, o, k)) {
				q->kind = ASM_G_ENUM;
				break;
			}
			q->kind = ASM_G_NAME;
			if (!guess_name(ix, o, &q->nm))
				return;
			break;
		case ASM_O_INT:
			q->kind = ASM_G_INT;
			break;
		case ASM_O_MEM:
			if (o->expr || (o->has_reg && !guess_name(ix, o, &q->nm)))
				return;
			q->kind = ASM_G_MEM;
			q->has_reg = o->has_reg;
			q->is64 = o->is64;
			break;
		case ASM_O_CMEM:
			if (o->has_reg || o->expr)
				return;
			q->kind = ASM_G_CMEM;
			break;
		case ASM_O_EXPR:
			q->kind = ASM_G_TICK;
			break;
		default: /* pairs, floats */
			return;
		}
	}
	if (guess_fields(ix, p, it))
		g->n = it->noperands;
	g->label_first = ix->label_first;
}

/* The plans (and their guesses, asm_guess_build): at most one per slot of
 * the selection table, so room for them all is reserved at the first: the
 * array never moves, and its pages are touched as plans come (an array
 * doubling from 8 was copied and touched at about twice its final size:
 * 2.6 KB a plan).  False: out of memory. */
static bool plans_reserve(struct asm_index *ix)
{
	if (!ix->plans &&
	    !(ix->plans = malloc(((size_t)1 << PLAN_BITS) * sizeof *ix->plans)))
		return false;
	ix->cplans = 1 << PLAN_BITS;
	return true;
}

const asm_plan *asm_plan_add(struct asm_index *ix, uint16_t *slot,
				const asm_word *w, const asm_inst_text *it,
				int cand, const signed char *map,
				const isa_opcode *op, const asm_modres *res)
{
	if (!slot)
		return NULL;
	if (!*slot) { /* a new plan; a slot in use gets its plan replaced */
		if (!plans_reserve(ix))
			return NULL;
		*slot = (uint16_t)++ix->nplans;
		ix->plans[ix->nplans - 1].gi = 0;
	}
	asm_plan *p = &ix->plans[*slot - 1];
	int nentries = op->noperands;
	p->plain_reg = 0;
	for (int e = 0; e < nentries; e++) {
		const isa_operand *d = &op->operands[e];
		const asm_operand *o = map[e] >= 0 ? &it->ops[map[e]] : NULL;
		if (o && o->kind == ASM_O_NAME && !o->lnot && !o->bitnot &&
		    d->fmt == ISA_FMT_PLAIN && d->bitwidth != 64 &&
		    op->fields[d->field].type->cls == ISA_KIND_REG)
			p->plain_reg |= 1u << e;
	}
	p->word = w;
	p->op = op;
	p->n = it->noperands;
	p->cand = cand;
	for (int i = 0; i < it->noperands; i++)
		p->sig[i] = it->ops[i].sig;
	memcpy(p->map, map, (size_t)nentries);
	p->fast = plan_fast(ix, p, it, map, op, res);
	/* the guess is made when a second line takes the selection (most
	 * selections of a small file are used once) */
	p->guessed = false;
	if (p->gi)
		ix->guesses[p->gi - 1].n = -1;
	p->nge = 0;
	return p;
}


/* The register of o for the field (fill_reg without pairs), counted
 * toward the kernel's registers: false when it is out of range (fill_reg
 * reports it). */
static inline bool fast_reg(const asm_fast_field *f, const asm_operand *o,
			    int nregs, isa_word *w, uint32_t *maxreg)
{
	bool zero = f->rk >= 0 && ((o->zeromask >> f->rk) & 1u);
	if (zero) {
		asm_fast_put(w, f, f->lim);
		return true;
	}
	if (o->regnum >= f->lim)
		return false;
	if (f->gpr && o->regnum + (uint64_t)nregs > *maxreg)
		*maxreg = (uint32_t)(o->regnum + (uint64_t)nregs);
	asm_fast_put(w, f, o->regnum);
	return true;
}

/* A number (mag, neg) into the field: false when it does not fit. */
static inline bool fast_num(const asm_fast_field *f, uint64_t mag, bool neg,
			    isa_word *w)
{
	if (!asm_fits(f->sgn, f->width, mag, neg))
		return false;
	asm_fast_put(w, f, neg ? 0 - mag : mag);
	return true;
}

/*
 * The word of an instruction whose selection has an operand plan: the
 * plan's base word (w; a guessed line's enum operands put over it) with
 * the guard, the registers, numbers and addresses
 * put over it - what asm_match's filling gives, without its field array,
 * reading only the plan.  False (nothing done) when some value would be
 * an error: the filling then runs and reports it exactly as before.
 */
bool asm_fast_fill(asm_ctx *c, const asm_plan *plan,
		      const asm_inst_text *it, isa_word w, isa_word *out,
		      uint32_t *maxreg, int *nsym)
{
	uint32_t mr = 0;
	*nsym = 0;
	if (!fast_guard(c, plan, it, &w))
		return false;
	for (int i = 0; i < plan->nact; i++) {
		const fast_act *a = &plan->act[i];
		const asm_operand *o = &it->ops[a->k];
		switch ((fast_kind)a->kind) {
		case FA_REG:
			if (!fast_reg(&a->f, o, 1, &w, &mr))
				return false;
			break;
		case FA_INT:
			if (!fast_num(&a->f, o->mag, o->neg, &w))
				return false;
			break;
		case FA_MEM:
			if (a->has_f && o->has_reg) {
				if (!fast_reg(&a->f, o, o->is64 ? 2 : 1, &w, &mr))
					return false;
			} else if (a->has_f) {
				asm_fast_put(&w, &a->f, a->f.lim);
			}
			if (!a->has_g) {
				if (o->mag)
					return false;
			} else if (!fast_num(&a->g, o->mag, o->neg, &w)) {
				return false;
			}
			break;
		case FA_CMEM:
			if (o->bank > a->bank_lim || o->neg || o->mag > a->off_lim)
				return false;
			asm_fast_put(&w, &a->f,
				 (o->bank << a->bank_pos) | (o->mag << a->off_pos));
			break;
		case FA_SYM:
			if (!fast_sym_ok(c, o))
				return false;
			++*nsym;
			break;
		}
	}
	if (!fast_ctl(plan, it, &w))
		return false;
	*out = w;
	*maxreg = mr;
	return true;
}

/* The fixups of the labels of a line fast_fill took (defer_expr's, with
 * the expression node fill_operand makes of a plain branch target). */
bool asm_fast_syms(asm_ctx *c, const asm_plan *plan, const asm_inst_text *it,
		   uint64_t off)
{
	bool ok = true;
	for (int i = 0; i < plan->nact; i++) {
		const fast_act *a = &plan->act[i];
		if (a->kind != FA_SYM)
			continue;
		const asm_operand *o = &it->ops[a->k];
		asm_expr *x = o->expr;
		if (o->kind != ASM_O_EXPR) {
			if (!(x = asm_alloc(c, sizeof *x))) {
				ok = false;
				continue;
			}
			x->op = 's';
			x->name = o->name;
			x->len = o->nlen;
			x->col = o->col;
		}
		asm_fixup fx = {ASM_FIX_FIELD, c->cur, off, 0, plan->op, a->e,
				a->fi, x, c->line, o->col, c->line_start,
				!plan->has_exc};
		/* looked up once, when the fixups are resolved (a lookup now
		 * misses for every forward reference and is made again) */
		asm_sym_note(c, x, false);
		ok &= asm_add_fixup(c, &fx);
	}
	return ok;
}

/* Does every candidate up to the plan's take v at the entries that take
 * orig (genum)? */
static bool same_profile(struct asm_index *ix, const asm_plan *p,
			 const asm_operand *orig, const asm_operand *v)
{
	const asm_optype *ot = &ix->optypes[p->word->optype];
	for (int i = 0; i <= p->cand; i++) {
		if (ix->nent[ot->first + i] < p->n || ix->nmin[ot->first + i] > p->n)
			continue;
		const isa_opcode *op = ix->ops[ot->first + i];
		const asm_opinfo *in = asm_info_get(ix, op);
		if (!in)
			return false;
		for (int e = 0; e < op->noperands; e++)
			if (!in->sh.skip[e] &&
			    asm_shape_ok(ix, op, in, e, orig) != asm_shape_ok(ix, op, in, e, v))
				return false;
	}
	return true;
}

/* ge_value (index.h) for a name ge has not looked at (key: its bytes):
 * worked out, and kept while there is room. */
int asm_ge_miss(struct asm_index *ix, const asm_plan *p, genum *ge,
		const asm_operand *o, uint64_t key)
{
	if (ge->n == GE_KEYS)
		return -1;
	asm_operand v = ge->orig;
	v.name = o->name;
	v.nlen = o->nlen;
	asm_classify(ix, &v);
	v.hash = asm_hash(v.name, v.nlen);
	int code = -1;
	const isa_opcode *op = p->op;
	for (int e = 0; e < op->noperands; e++)
		if (p->map[e] == ge->k)
			code = enum_find(ix, op->fields[op->operands[e].field].type,
					 v.name, v.nlen, v.hash);
	if (code >= 0 && !same_profile(ix, p, &ge->orig, &v))
		code = -1;
	if (code >= 0 && !p->has_exc) {
		isa_word b = p->base;
		asm_fast_put(&b, &ge->f, (uint64_t)code);
		if (exc_possible(op, b, p->unknown))
			code = -1;
	}
	ge->key[ge->n] = key;
	ge->len[ge->n] = (unsigned char)o->nlen;
	ge->val[ge->n++] = code;
	return code;
}
