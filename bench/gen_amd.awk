# gen_amd.awk - a 200,000-line AMD GCN (gfx900) file with a similar mix:
# VALU, SALU, scalar and global loads, waits, branches to labels.
# usage: awk -v n=200000 -f gen_amd.awk > amd.s
function r(k) { return int(rand() * k) }
BEGIN {
	srand(7)
	if (!n) n = 200000
	print ".text"
	blk = 0
	for (i = 0; i < n; i++) {
		if (i % 25 == 0) { printf "BB_%d:\n", blk++; i++ }
		x = r(100)
		if (x < 20) printf "  v_add_u32 v%d, v%d, v%d\n", r(200), r(200), r(200)
		else if (x < 30) printf "  v_mul_f32 v%d, v%d, v%d\n", r(200), r(200), r(200)
		else if (x < 36) printf "  v_fma_f32 v%d, v%d, v%d, v%d\n", r(200), r(200), r(200), r(200)
		else if (x < 42) { s = 2 * r(40); printf "  s_load_dwordx2 s[%d:%d], s[4:5], 0x%x\n", s, s + 1, 4 * r(256) }
		else if (x < 50) { s = 2 * r(50); printf "  global_load_dword v%d, v[%d:%d], off\n", r(200), s, s + 1 }
		else if (x < 56) { s = 2 * r(50); printf "  global_store_dword v[%d:%d], v%d, off\n", s, s + 1, r(200) }
		else if (x < 64) printf "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"
		else if (x < 72) { t = blk - 2 + r(4); if (t < 0) t = 0; printf "  s_cbranch_scc0 BB_%d\n", t }
		else if (x < 76) printf "  s_branch BB_%d\n", blk + 1
		else if (x < 84) printf "  s_add_u32 s%d, s%d, 0x%x\n", r(90), r(90), r(4096)
		else if (x < 90) printf "  v_cmp_gt_u32 vcc, v%d, v%d\n", r(200), r(200)
		else if (x < 94) printf "  v_and_b32 v%d, v%d, v%d\n", r(200), r(200), r(200)
		else if (x < 97) printf "  s_barrier\n"
		else printf "  v_mov_b32 v%d, 0x%x\n", r(200), r(65536)
	}
	for (k = blk; k < blk + 4; k++) printf "BB_%d:\n", k
	print "  s_endpgm"
}
