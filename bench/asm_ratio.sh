#!/bin/sh
# bench/asm_ratio.sh - the assembler and disassembler against llvm-mc by CPU
# time of the whole process (perf stat task-clock), measured in the same
# run, alternating, and given as medians: the steadier figure on a shared
# machine (bench/RESULTS.md, "Assembler speed, session 8").
#
#   sh bench/asm_ratio.sh [ROUNDS]      (default 7; run from the repo root
#                                        after `sh bench/run.sh` made the
#                                        inputs in build/bench)
#   SIMT=path (default build/simt), LLVM_MC=path, SIMT_BEFORE=path: also
#   that build's `as`, alternating with SIMT's (a before/after ratio).
#
# Each round: `simt as` (perf stat -r 10), the before build's (-r 10; the
# two in turn first),
# llvm-mc -filetype=obj (-r 2), `simt dis` (-r 10), llvm-mc -disassemble
# (-r 2); per command the median (and the minimum) over the rounds of the
# per-round means.  Ratio = llvm-mc's milliseconds / simtkit's, on the same
# 192,001 instructions.  Outputs go to /dev/shm (or $TMPDIR).  Round i runs
# every command pinned to CPU (i - 1) mod the CPUs (`taskset -c`; PIN=0: not
# pinned): this VM's two vCPUs are at times 1.7x apart in speed
# (bench/threads_bench.sh, "Unequal CPUs"), so both sides of a round share
# a CPU and every command has as many rounds on each.
set -e
rounds=${1:-7}
SIMT=${SIMT:-build/simt}
MC=${LLVM_MC:-llvm-mc}
in=build/bench
out=/dev/shm
[ -d "$out" ] && [ -w "$out" ] || out=${TMPDIR:-/tmp}
for f in simt.s amd.s amd.hex; do
	[ -f "$in/$f" ] || { echo "asm_ratio.sh: $in/$f missing (run sh bench/run.sh)" >&2; exit 1; }
done
"$SIMT" as "$in/simt.s" -o "$in/simt.o"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# ms N CMD...: perf stat -r N task-clock of CMD, mean milliseconds.  The
# pinning wraps perf, not CMD: `perf stat taskset -c K simt` would count
# taskset's own start (a dynamically linked program: ~3 ms on this VM, 10 %
# of `simt as`) as simt's (session 15, bench/RESULTS.md).
ms() {
	n=$1
	shift
	$pin perf stat -r "$n" -x, -e task-clock "$@" 2>&1 >/dev/null |
		awk -F, '/task-clock/ { print $1 }'
}
ncpu=$(nproc)
i=0
while [ "$i" -lt "$rounds" ]; do
	i=$((i + 1))
	pin=""
	[ "${PIN:-1}" = 0 ] || [ "$ncpu" -lt 2 ] || ! command -v taskset >/dev/null ||
		pin="taskset -c $(((i - 1) % ncpu))"
	# the two builds in turn first: the first `as` after llvm-mc's
	# 0.7 s runs pays more (its huge pages are found or compacted then)
	if [ -n "$SIMT_BEFORE" ] && [ $((i % 2)) -eq 0 ]; then
		echo "before $(ms 10 "$SIMT_BEFORE" as "$in/simt.s" -o "$out/asm_ratio.o")" >>"$log"
		echo "as $(ms 10 "$SIMT" as "$in/simt.s" -o "$out/asm_ratio.o")" >>"$log"
	else
		echo "as $(ms 10 "$SIMT" as "$in/simt.s" -o "$out/asm_ratio.o")" >>"$log"
		if [ -n "$SIMT_BEFORE" ]; then
			echo "before $(ms 10 "$SIMT_BEFORE" as "$in/simt.s" -o "$out/asm_ratio.o")" >>"$log"
		fi
	fi
	echo "mc $(ms 2 "$MC" -arch=amdgcn -mcpu=gfx900 -filetype=obj "$in/amd.s" -o "$out/asm_ratio.amd.o")" >>"$log"
	echo "dis $(ms 10 "$SIMT" dis "$in/simt.o" -o /dev/null)" >>"$log"
	echo "mcdis $(ms 2 "$MC" -arch=amdgcn -mcpu=gfx900 -disassemble "$in/amd.hex" -o /dev/null)" >>"$log"
done
rm -f "$out/asm_ratio.o" "$out/asm_ratio.amd.o"
# median NAME: the median of NAME's rounds (ms)
median() {
	grep "^$1 " "$log" | awk '{ print $2 }' | sort -n |
		awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
minimum() {
	grep "^$1 " "$log" | awk '{ print $2 }' | sort -n | head -n 1
}
for k in as before mc dis mcdis; do
	grep -q "^$k " "$log" || continue
	printf '%-7s median %8.2f ms   min %8.2f ms   rounds:' "$k" "$(median "$k")" "$(minimum "$k")"
	grep "^$k " "$log" | awk '{ printf " %.1f", $2 }'
	echo
done
awk -v a="$(median as)" -v m="$(median mc)" -v d="$(median dis)" -v md="$(median mcdis)" 'BEGIN {
	printf "assemble: %.1fx llvm-mc (median CPU time)\n", m / a
	printf "disasm:   %.1fx llvm-mc (median CPU time)\n", md / d }'
# the same ratios per round (both sides on one CPU at about the same time),
# their median: the estimate that a round on a slower vCPU does not skew
awk '$1 == "as" { a[++na] = $2 } $1 == "mc" { m[++nm] = $2 }
	$1 == "dis" { d[++nd] = $2 } $1 == "mcdis" { md[++nmd] = $2 }
	function med(v, n,   i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
		return v[int((n + 1) / 2)]
	}
	END {
		for (i = 1; i <= na; i++) { ra[i] = m[i] / a[i]; rd[i] = md[i] / d[i] }
		printf "per round: assemble %.1fx, disasm %.1fx llvm-mc (median of the rounds\x27 ratios)\n",
			med(ra, na), med(rd, na)
	}' "$log"
if [ -n "$SIMT_BEFORE" ]; then
	awk -v a="$(median as)" -v b="$(median before)" -v m="$(median mc)" 'BEGIN {
	printf "before:   %.1fx llvm-mc;  after/before CPU time %.2f\n", m / b, a / b }'
fi
echo "load: $(uptime | sed 's/.*load average/load average/')"
