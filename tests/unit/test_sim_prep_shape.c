/*
 * test_sim_prep_shape.c - a word whose opcode lacks the operands its
 * handler reads (possible with a user's --isa) is not refused at load: the
 * optype's prep hook installs sim_exec_malformed, which raises when the word
 * is issued (docs/semantics.md, "Operand shapes").  The builtin ISA always
 * has the shapes, so the operands are dropped by hand from a predecoded
 * instruction and the optype's prep hook (from the SIM_OPS registry) is
 * called again.
 */
#include <string.h>

#include "sim_prog.h"

static sim_prep_fn *prep_of(const char *optype)
{
#define PREP_ROW(n, e, p, f)                                                   \
	if (!strcmp(#n, optype))                                               \
		return p;
	SIM_OPS(PREP_ROW)
#undef PREP_ROW
	return NULL;
}

/* Predecode `opname assigns`, keep its first `keep` operands, run the prep
 * hook again: i->why when refused, NULL when accepted. */
static const char *refusal(const char *opname, const char *assigns, int keep)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, opname, assigns);
	sp_add(&p, "EXIT_X", "");
	const char *why = "(not predecoded)";
	if (simt_sim_new((simt_isa *)p.isa, p.obj, "main", &p.sim, &p.d) == SIMT_OK) {
		sim_inst i = sim_ctx_of(p.sim)->code[0];
		sim_prep_fn *prep = prep_of(i.opc->optype->name);
		CHECK(prep != NULL);
		CHECK(i.exec != sim_exec_malformed);
		if (keep < i.nops)
			i.nops = (uint8_t)keep;
		why = "(no prep hook)";
		if (prep) {
			CHECK_EQ(prep(sim_ctx_of(p.sim), &i, &p.d), SIMT_OK);
			why = i.exec == sim_exec_malformed ? i.why : NULL;
			/* issued (and raising) even when no lane's guard holds */
			if (why)
				CHECK(i.flags & SIM_F_CTRL);
		}
	}
	sp_free(&p);
	return why;
}

TEST(sim_prep_shape_refusals)
{
	CHECK(refusal("BSYNC_X", "breg=B0", 1) == NULL);
	CHECK_STR(refusal("BSYNC_X", "breg=B0", 0), "breg");
	CHECK(refusal("LEPC_I", "rd=R4", 1) == NULL);
	CHECK_STR(refusal("LEPC_I", "rd=R4", 0), "rd first");
	CHECK(refusal("NANOSLEEP_I", "vb=0x1000", 1) == NULL);
	CHECK_STR(refusal("NANOSLEEP_I", "vb=0x1000", 0), "one operand");
	CHECK(refusal("B2R_I", "mode=WARP rd=R2", 2) == NULL);
	CHECK_STR(refusal("B2R_I", "mode=WARP rd=R2", 1), "rd, barid");
	CHECK(refusal("B2R_RESULT_X", "rd=R3 pu=P2", 2) == NULL);
	CHECK_STR(refusal("B2R_RESULT_X", "rd=R3 pu=P2", 1), "rd, pu");
	CHECK(refusal("VOTE_I", "rd=R1 pu=P1 pp=P0 mode=ANY mask=0xffffffff", 4) == NULL);
	CHECK_STR(refusal("VOTE_I", "rd=R1 pu=P1 pp=P0 mode=ANY mask=0xffffffff", 1),
		  "membermask, registers and predicates as isa/warp.isa declares them");
	/* the uniform datapath (uniform.c): the slots each handler reads */
	CHECK(refusal("R2UR_X", "rd=4 ra=R1", 2) == NULL);
	CHECK_STR(refusal("R2UR_X", "rd=4 ra=R1", 1), "URd, Ra");
	CHECK(refusal("UMOV_I", "rd=4 b=0x5", 2) == NULL);
	CHECK_STR(refusal("UMOV_I", "rd=4 b=0x5", 1), "URd, b");
	CHECK(refusal("UISETP_U", "pu=UP0 pv=UPT ra=1 b=2 pp=UPT cmp=LT bop=AND", 5) == NULL);
	CHECK_STR(refusal("UISETP_U", "pu=UP0 pv=UPT ra=1 b=2 pp=UPT cmp=LT bop=AND", 3),
		  "UPu, UPv, URa, b");
	CHECK(refusal("UPLOP3_LUT_X", "pu=UP0 pv=UPT pa=UP1 pb=UP2 pc=UPT lut=0x80 lutv=0x0", 7) == NULL);
	CHECK_STR(refusal("UPLOP3_LUT_X", "pu=UP0 pv=UPT pa=UP1 pb=UP2 pc=UPT lut=0x80 lutv=0x0", 6),
		  "UPu, UPv, UPa, UPb, UPc, lut, lutv");
}
