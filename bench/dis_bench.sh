#!/bin/sh
# dis_bench.sh [N] - disassembly speed: `simt dis --raw` on N (default
# 200000) random valid words of the builtin ISA against
# `llvm-mc -arch=amdgcn -mcpu=gfx900 -disassemble` on N AMD GPU instructions
# (a realistic mix, hex bytes one instruction per line).  CPU time (mean of 5 runs) each;
# prints instructions/s (CPU time) and the ratio.  Run from the repository root after
# `make build/simt`.
set -e
N=${1:-200000}
OUT=build/bench
mkdir -p "$OUT"
cc -std=c11 -O2 -Iinclude -Isrc -o "$OUT/dis_gen" bench/dis_gen.c build/libsimt.a -lm
"$OUT/dis_gen" "$N" > "$OUT/dis_words.bin"

# AMD input: encode a mix once with llvm-mc, repeat the byte lines N times.
cat > "$OUT/amd_mix.s" <<'AMD'
v_add_u32 v1, v2, v3
s_load_dwordx2 s[0:1], s[4:5], 0x0
global_load_dword v1, v[2:3], off
s_waitcnt vmcnt(0)
s_cbranch_scc0 4
v_mul_f32 v0, v1, v2
s_mov_b32 s0, 0x1234
v_mov_b32 v0, 1.0
v_fma_f32 v0, v1, v2, v3
global_store_dword v[4:5], v6, off
s_barrier
v_cmp_gt_u32 vcc, v1, v2
s_and_saveexec_b64 s[2:3], vcc
v_lshlrev_b32 v1, 2, v0
s_add_u32 s0, s0, 4
v_cndmask_b32 v0, v1, v2, vcc
AMD
llvm-mc -arch=amdgcn -mcpu=gfx900 -show-encoding "$OUT/amd_mix.s" |
	sed -n 's/.*encoding: \[\(.*\)\]/\1/p' | tr ',' ' ' > "$OUT/amd_mix.hex"
lines=$(wc -l < "$OUT/amd_mix.hex")
awk -v n="$N" -v k="$lines" 'NR==FNR { l[NR-1]=$0; next } END { for (i = 0; i < n; i++) print l[i % k] }' \
	"$OUT/amd_mix.hex" /dev/null > "$OUT/amd_dis.hex"

# cpu CMD...: CPU seconds (task-clock, mean of 5 runs, by perf stat; falls
# back to /usr/bin/time) - the machines are shared, so wall time mostly
# measures the other jobs.
cpu() {
	if perf stat -x, -e task-clock -r 5 -o "$OUT/time.txt" "$@" > /dev/null 2>&1; then
		awk -F, '/task-clock/ { print $1 / 1000 }' "$OUT/time.txt"
	else
		/usr/bin/time -f "%U %S" -o "$OUT/time.txt" "$@" > /dev/null
		awk '{ print $1 + $2 }' "$OUT/time.txt"
	fi
}
ts=$(cpu build/simt dis --raw "$OUT/dis_words.bin")
tl=$(cpu llvm-mc -arch=amdgcn -mcpu=gfx900 -disassemble "$OUT/amd_dis.hex")
printf 'simt dis --raw : %d words   %.3f s  %.0f inst/s\n' "$N" "$ts" "$(echo "$N / $ts" | bc -l)"
printf 'llvm-mc -disassemble (gfx900): %d inst  %.3f s  %.0f inst/s\n' "$N" "$tl" "$(echo "$N / $tl" | bc -l)"
printf 'ratio: %.1fx\n' "$(echo "$tl / $ts" | bc -l)"
