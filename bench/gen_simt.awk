# gen_simt.awk - a 200,000-line kernel of this ISA for the assembler
# benchmark: ALU, memory, barriers, predicates, branches to labels,
# BSSY/BSYNC pairs, listing-style spacing.  Deterministic (fixed seed).
# usage: awk -v n=200000 -f gen_simt.awk > simt.s
function r(k) { return int(rand() * k) }
function reg() { return "R" r(200) }
BEGIN {
	srand(7)
	if (!n) n = 200000
	print ".text.bench:"
	blk = 0
	for (i = 0; i < n; i++) {
		if (i % 25 == 0) { printf ".L_%d:\n", blk++; i++ }
		x = r(100)
		if (x < 12) printf "        IADD3 %s, %s, 0x%x, RZ ;\n", reg(), reg(), r(4096)
		else if (x < 20) printf "        IMAD %s, %s, %s, %s ;\n", reg(), reg(), reg(), reg()
		else if (x < 26) printf "        ISETP.GE.U32.AND P%d, PT, %s, %s, PT ;\n", r(7), reg(), reg()
		else if (x < 32) printf "        LOP3.LUT %s, %s, %s, RZ, 0xc0, !PT ;\n", reg(), reg(), reg()
		else if (x < 37) printf "        SHF.R.S32.HI %s, RZ, 0x1f, %s ;\n", reg(), reg()
		else if (x < 42) printf "        MOV %s, c[0x0][0x%x] ;\n", reg(), 0x100 + 4 * r(64)
		else if (x < 48) printf "        LDG.E %s, [R%d.64+0x%x] ;\n", reg(), 2 * r(100), 4 * r(256)
		else if (x < 53) printf "        STG.E [R%d.64+0x%x], %s ;\n", 2 * r(100), 4 * r(256), reg()
		else if (x < 57) printf "        LDS %s, [%s+0x%x] ;\n", reg(), reg(), 4 * r(1024)
		else if (x < 60) printf "        STS [%s], %s ;\n", reg(), reg()
		else if (x < 64) printf "        FFMA %s, %s, %s, %s ;\n", reg(), reg(), reg(), reg()
		else if (x < 67) printf "        S2R %s, SR_TID.X ;\n", reg()
		else if (x < 70) printf "        BAR.SYNC 0x%x ;\n", r(16)
		else if (x < 72) printf "        BAR.ARV 0x%x, 0x%x ;\n", r(16), 32 * (1 + r(32))
		else if (x < 74) printf "        BAR.RED.POPC 0x%x, 0x40, !P%d ;\n", r(16), r(7)
		else if (x < 80) { t = blk - 2 + r(4); if (t < 0) t = 0; printf "  @P%d    BRA `(.L_%d) ;\n", r(7), t }
		else if (x < 83) printf "        BRA .L_%d ;\n", blk + 1
		else if (x < 86) printf "        BSSY B%d, `(.L_%d) ;\n", r(16), blk + 1
		else if (x < 89) printf "        BSYNC B%d ;\n", r(16)
		else if (x < 92) printf "        WARPSYNC 0xffffffff ;\n"
		else if (x < 95) printf "        SEL %s, %s, %s, P%d ;\n", reg(), reg(), reg(), r(7)
		else if (x < 97) printf "        MOV %s, 0x%x $sched(2) ;\n", reg(), r(65536)
		else printf "  @!P0  EXIT ;\n"
	}
	for (k = blk; k < blk + 4; k++) printf ".L_%d:\n", k
	print "        EXIT ;"
}
