#!/bin/sh
# dis_bench.sh [N] - disassembly speed of simtkit against
# `llvm-mc -arch=amdgcn -mcpu=gfx900 -disassemble` (LLVM's TableGen-driven
# GPU disassembler), N instructions each (default 200000).  Run from the
# repository root after `make build/simt`.
#
#  1. random: N random valid words of the builtin ISA (bench/dis_gen.c:
#     every opcode equally likely, random fields - the hardest case for
#     branch prediction, many float immediates), `simt dis --raw`;
#  2. program: when the assembler benchmark's generators exist
#     (bench/gen_simt.awk, bench/gen_amd.awk), the N-line realistic program
#     assembled to an object, `simt dis FILE.o`, against llvm-mc on the
#     encodings of the AMD program of the same size.
#
# Time is CPU time (task-clock, mean of 5 runs by perf stat; /usr/bin/time
# otherwise): these machines are shared, and wall time mostly measures the
# other jobs.  The AMD input without the generators: 16 typical gfx900
# instructions repeated to N lines.
set -e
N=${1:-200000}
OUT=build/bench
mkdir -p "$OUT"
SIMT=build/simt
MC=${LLVM_MC:-llvm-mc}

cpu() {
	if perf stat -x, -e task-clock -r 5 -o "$OUT/time.txt" "$@" > /dev/null 2>&1; then
		awk -F, '/task-clock/ { print $1 / 1000 }' "$OUT/time.txt"
	else
		/usr/bin/time -f "%U %S" -o "$OUT/time.txt" "$@" > /dev/null
		awk '{ print $1 + $2 }' "$OUT/time.txt"
	fi
}

report() { # report WHAT N SIMT_SECONDS LLVM_SECONDS
	printf '%-9s simt dis %8.1f ms %10.0f inst/s | llvm-mc %8.1f ms %9.0f inst/s | %5.1fx\n' \
		"$1" "$(echo "$3 * 1000" | bc -l)" "$(echo "$2 / $3" | bc -l)" \
		"$(echo "$4 * 1000" | bc -l)" "$(echo "$2 / $4" | bc -l)" \
		"$(echo "$4 / $3" | bc -l)"
}

# ---- AMD input ----------------------------------------------------------
if [ -f bench/gen_amd.awk ]; then
	awk -v n="$N" -f bench/gen_amd.awk > "$OUT/dis_amd.s"
else
	cat > "$OUT/dis_amd_mix.s" <<'AMD'
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
	awk -v n="$N" 'NR == FNR { l[NR - 1] = $0; k = NR; next }
		END { for (i = 0; i < n; i++) print l[i % k] }' \
		"$OUT/dis_amd_mix.s" /dev/null > "$OUT/dis_amd.s"
fi
"$MC" -arch=amdgcn -mcpu=gfx900 -show-encoding "$OUT/dis_amd.s" 2>/dev/null |
	sed -n 's/.*encoding: \[\(.*\)\]/\1/p' | tr ',' ' ' |
	sed 's/\bA\b/0x00/g' > "$OUT/dis_amd.hex"   # fixup bytes -> 0
namd=$(wc -l < "$OUT/dis_amd.hex")
tl=$(cpu "$MC" -arch=amdgcn -mcpu=gfx900 -disassemble "$OUT/dis_amd.hex")

# ---- 1. random words ------------------------------------------------------
cc -std=c11 -O2 -Iinclude -Isrc -o "$OUT/dis_gen" bench/dis_gen.c build/libsimt.a -lm
"$OUT/dis_gen" "$N" > "$OUT/dis_words.bin"
ts=$(cpu "$SIMT" dis --raw "$OUT/dis_words.bin")
echo "N = $N simtkit instructions, $namd AMD instructions"
report random "$N" "$ts" "$(echo "$tl * $N / $namd" | bc -l)"

# ---- 2. a realistic program -----------------------------------------------
if [ -f bench/gen_simt.awk ]; then
	awk -v n="$N" -f bench/gen_simt.awk > "$OUT/dis_prog.s"
	"$SIMT" as "$OUT/dis_prog.s" -o "$OUT/dis_prog.o"
	ni=$("$SIMT" dis --no-labels "$OUT/dis_prog.o" | grep -c '^        /\*')
	tp=$(cpu "$SIMT" dis "$OUT/dis_prog.o")
	report program "$ni" "$tp" "$(echo "$tl * $ni / $namd" | bc -l)"
fi
