#!/bin/sh
# bench/run.sh - assembler and disassembler throughput of simtkit against
# llvm-mc (AMDGPU, gfx900) on 200,000-line inputs of a similar mix.
#
#   sh bench/run.sh [LINES]        (default 200000; run from the repo root)
#   RUNS=N (default 5), SIMT=path (default build/simt), LLVM_MC=path,
#   SIMT_BEFORE=path: also runs that build's `as` in the same runs (one
#   more row and ratio: a before/after comparison under the same load)
#
# Each command runs RUNS times (default 5, the four commands interleaved
# run by run); the best wall-clock time counts, and the CPU time shown is
# the median of the runs - perf's task-clock when perf works, else
# user+sys from /usr/bin/time: on a shared, loaded machine the CPU-time
# ratio is the steadier figure.  Instructions/s = instructions
# of the input / seconds.  Ratio = simtkit instructions/s over llvm-mc's.
# Inputs are generated deterministically by bench/gen_simt.awk and
# bench/gen_amd.awk into build/bench/.
set -e
n=${1:-200000}
out=build/bench
mkdir -p "$out"
# SIMT=/path/to/simt compares another build (e.g. before/after a change)
if [ -z "$SIMT" ]; then
	make -s build/simt >/dev/null
	SIMT=build/simt
fi
MC=${LLVM_MC:-llvm-mc}

awk -v n="$n" -f bench/gen_simt.awk >"$out/simt.s"
awk -v n="$n" -f bench/gen_amd.awk >"$out/amd.s"

# instruction lines: not a label, not a directive
count() { grep -c -v -E '^[A-Za-z_.][A-Za-z0-9_.]*:|^[[:space:]]*\.|^[[:space:]]*$' "$1"; }
ni_simt=$(count "$out/simt.s")
ni_amd=$(count "$out/amd.s")

# AMD words for the disassembler: the encodings llvm-mc prints, one line each
$MC -arch=amdgcn -mcpu=gfx900 -show-encoding "$out/amd.s" 2>/dev/null |
	sed -n 's/.*encoding: \[\(.*\)\]/\1/p' | tr ',' ' ' |
	sed 's/\bA\b/0x00/g' >"$out/amd.hex"   # fixup bytes (branch offsets) -> 0

now() { date +%s%N; }
runs=${RUNS:-5}
# one NAME CMD...: runs CMD once, appends "wall_us cpu_seconds" to
# $out/NAME.runs
one() {
	name=$1
	shift
	t0=$(now)
	if command -v perf >/dev/null 2>&1 &&
		perf stat -x, -e task-clock -o "$out/time.txt" true >/dev/null 2>&1; then
		perf stat -x, -e task-clock -o "$out/time.txt" "$@" >/dev/null 2>"$out/err.txt" || true
		c=$(awk -F, '/task-clock/ { print $1 / 1000 }' "$out/time.txt")
	elif command -v /usr/bin/time >/dev/null 2>&1; then
		/usr/bin/time -f "%U %S" -o "$out/time.txt" "$@" >/dev/null 2>"$out/err.txt" || true
		c=$(awk '{print $1 + $2}' "$out/time.txt")
	else
		"$@" >/dev/null 2>"$out/err.txt" || true
		c=0
	fi
	t1=$(now)
	echo "$(( (t1 - t0) / 1000 )) $c" >>"$out/$name.runs"
}
# summary NAME: "seconds cpu_seconds": the best wall time, the median CPU
summary() {
	w=$(sort -n "$out/$1.runs" | head -n 1 | cut -d' ' -f1)
	c=$(cut -d' ' -f2 "$out/$1.runs" | sort -g |
		awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
	awk -v us="$w" -v c="$c" 'BEGIN { printf "%.4f %.4f\n", us / 1e6, c }'
}

report() { # name instructions "seconds cpu"
	echo "$3" | awk -v name="$1" -v n="$2" '{ printf "%-34s %8d insts %8.4f s (cpu %7.4f s) %12.0f insts/s\n", name, n, $1, $2, n / $1 }'
}

rm -f "$out"/as.runs "$out"/dis.runs "$out"/mc.runs "$out"/mcd.runs "$out"/asb.runs
i=0
while [ "$i" -lt "$runs" ]; do
	[ -z "$SIMT_BEFORE" ] || one asb $SIMT_BEFORE as "$out/simt.s" -o "$out/simt_before.o"
	one as $SIMT as "$out/simt.s" -o "$out/simt.o"
	one dis $SIMT dis "$out/simt.o"
	one mc $MC -arch=amdgcn -mcpu=gfx900 -filetype=obj "$out/amd.s" -o "$out/amd.o"
	one mcd $MC -arch=amdgcn -mcpu=gfx900 -disassemble "$out/amd.hex"
	i=$((i + 1))
done
r_as=$(summary as)
r_dis=$(summary dis)
r_mc=$(summary mc)
r_mcd=$(summary mcd)

echo "inputs: $out/simt.s ($ni_simt instructions), $out/amd.s ($ni_amd instructions)"
report "simt as" "$ni_simt" "$r_as"
report "llvm-mc -filetype=obj (gfx900)" "$ni_amd" "$r_mc"
report "simt dis" "$ni_simt" "$r_dis"
report "llvm-mc -disassemble (gfx900)" "$ni_amd" "$r_mcd"
ratio() {
	echo "$2 $3 $4 $5" | awk -v name="$1" -v a="$6" -v b="$7" \
		'{ printf "%-10s %6.1fx faster (wall), %6.1fx (cpu)\n", name, (a / $1) / (b / $3), ($4 > 0 && $2 > 0) ? (a / $2) / (b / $4) : 0 }'
}
ratio "assemble:" $r_as $r_mc "$ni_simt" "$ni_amd"
if [ -n "$SIMT_BEFORE" ]; then
	r_asb=$(summary asb)
	report "simt as (SIMT_BEFORE)" "$ni_simt" "$r_asb"
	ratio "before:" $r_asb $r_mc "$ni_simt" "$ni_amd"
	ratio "after/before:" $r_as $r_asb "$ni_simt" "$ni_simt"
	cmp "$out/simt.o" "$out/simt_before.o" && echo "objects: identical"
fi
ratio "disasm:" $r_dis $r_mcd "$ni_simt" "$ni_amd"
