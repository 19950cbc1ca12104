#!/bin/sh
# run.sh BUILD_DIR... - runs every test suite against each build variant
# (normal, sanitizer) and prints one closing line "N passed, N failed".
# Suites: unit tests (tests/unit, which also drive the data-driven files under
# tests/asm, tests/isa, tests/dis, tests/object), simulator test files
# (tests/sim/*.s and the self-checking examples/*.s), the bug catalogue
# (tests/bugs/*.s, race/sync/init checks), the PTX corpus kernels
# of tests/ptx/passing.txt, the command-line tests (tests/cli/*.sh through
# tests/cli.sh: exit codes, messages, files left byte-identical), the fuzz
# regressions (tests/fuzz/regress/T/ through the replay build of each fuzz
# target), the include layering (tests/layering.sh), and one check that the
# generated docs/isa is current, the --timeline/--vcd pictures
# (tests/timeline.sh), the litmus tests of the relaxed memory model
# (tests/litmus.sh), schedule exploration with replay (tests/explore.sh)
# and the independence of results from --threads (tests/threads.sh).
total_pass=0
total_fail=0
status=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
first=$1

count() { # count SUITE-NAME: reads the runner's closing line from $log
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	if [ -z "$line" ]; then
		echo "$1: no closing line (crashed?)"
		total_fail=$((total_fail + 1))
		status=1
		return
	fi
	p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
	f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
	total_pass=$((total_pass + p))
	total_fail=$((total_fail + f))
	echo "$1: $line"
}

for b in "$@"; do
	echo "== $b: unit tests"
	"$b/unit_tests" >"$log" 2>&1 || status=1
	grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
	count "$b unit"
	if ls tests/sim/*.s >/dev/null 2>&1; then
		echo "== $b: simulator test files"
		"$b/simt" test tests/sim/*.s $(grep -l '^\.expect' examples/*.s) \
			tests/ptx/cluster/*.ptx >"$log" 2>&1 || status=1
		grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
		count "$b sim"
		# The cluster kernels under the relaxed memory model: the cluster
		# barrier and remote mbarrier arrivals publish the arriving warp's
		# stores to the other CTAs (docs/semantics.md, Clusters).
		echo "== $b: cluster kernels, --memory=relaxed"
		"$b/simt" test --memory=relaxed tests/ptx/cluster/*.ptx \
			tests/ptx/cluster_*.sm_90.ptx \
			$(grep -l '^//! \.launch' tests/ptx/lower/cluster_*.ptx) \
			>"$log" 2>&1 || status=1
		grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
		count "$b cluster-relaxed"
	fi
	if ls tests/bugs/*.s >/dev/null 2>&1; then
		# The bug catalogue (tests/bugs/README.md): every buggy kernel
		# found with its report (.expect-error), every twin clean.
		echo "== $b: bug catalogue (--check=race,sync,init)"
		"$b/simt" test tests/bugs/*.s >"$log" 2>&1 || status=1
		grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
		count "$b bugs"
	fi
	if [ -f tests/ptx/passing.txt ]; then
		# The PTX corpus kernels that lower and pass, each on the PTX of
		# all three architectures (tests/ptx/passing.txt), or of those
		# its .cu names on a "// Targets: sm_90" line (clusters).
		echo "== $b: PTX corpus (tests/ptx/passing.txt)"
		files=$(sh tests/ptx_files.sh)
		"$b/simt" test $files >"$log" 2>&1 || status=1
		grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
		count "$b ptx"
	fi
	# Lowering tests that carry //! directives also run on the simulator;
	# the kernels of tests/ptx/diag must stop with a diagnosis naming their
	# CUDA line (.expect-error).
	lowered=$(grep -l -E '^//! \.(expect|launch)' tests/ptx/lower/*.ptx 2>/dev/null || true)
	diag=$(ls tests/ptx/diag/*.ptx 2>/dev/null || true)
	if [ -n "$lowered$diag" ]; then
		echo "== $b: PTX lowering tests and diagnoses on the simulator"
		"$b/simt" test $lowered $diag >"$log" 2>&1 || status=1
		grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
		count "$b ptx-lower"
	fi
	echo "== $b: command-line tests"
	sh tests/cli.sh "$b/simt" >"$log" 2>&1 || status=1
	grep -v -E '^[0-9]+ passed, [0-9]+ failed' "$log"
	count "$b cli"
	echo "== $b: simt test as a runner (-j, --shard, --junit, --tap)"
	sh tests/runner.sh "$b/simt" >"$log" 2>&1 || status=1
	grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
	count "$b runner"
	echo "== $b: --threads 1 and 2 give the same results (tests/threads.sh)"
	sh tests/threads.sh "$b/simt" >"$log" 2>&1 || status=1
	grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
	count "$b threads"
	echo "== $b: litmus tests (tests/litmus.sh: simt explore, --memory=relaxed)"
	sh tests/litmus.sh "$b/simt" >"$log" 2>&1 || status=1
	grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
	count "$b litmus"
	echo "== $b: schedule exploration (tests/explore.sh)"
	sh tests/explore.sh "$b/simt" >"$log" 2>&1 || status=1
	grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
	count "$b explore"
done
# Fuzz regressions: every file of tests/fuzz/regress/T/ through the
# sanitizer build of fuzz target T (tests/fuzz/README.md).
for r in build/san/fuzz/replay_*; do
	[ -x "$r" ] || continue
	t=${r##*/replay_}
	[ -d "tests/fuzz/regress/$t" ] || continue
	echo "== fuzz regressions: $t"
	SIMT_TEST_DIR=tests "$r" "tests/fuzz/regress/$t" >"$log" 2>&1 || status=1
	grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed' |
		grep -v '^replay ' | tail -n 30
	count "fuzz $t"
done
# Includes point down the pipeline only.
if sh tests/layering.sh; then
	echo "layering: ok"
	total_pass=$((total_pass + 1))
else
	total_fail=$((total_fail + 1))
fi
# make install into a temporary prefix; an app built against it with pkg-config.
echo "== install"
sh tests/install.sh >"$log" 2>&1 || status=1
grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
count "install"
# simt run --timeline / --vcd: the trace-event JSON validated, the VCD read
# back by vcd2fst (tests/timeline.sh).
echo "== timeline and VCD"
sh tests/timeline.sh "$first/simt" >"$log" 2>&1 || status=1
grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
count "timeline"
# The Python binding over build/libsimt.so.
echo "== python"
sh tests/python.sh >"$log" 2>&1 || status=1
grep -v '^ok ' "$log" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
count "python"
# The generated ISA reference must match the ISA it documents.
docs=$(mktemp -d)
if "$first/simt" isa doc -o "$docs" >/dev/null 2>&1 && diff -r docs/isa "$docs" >/dev/null; then
	echo "docs/isa: up to date"
	total_pass=$((total_pass + 1))
else
	echo "FAIL docs/isa is stale: run 'make docs'"
	total_fail=$((total_fail + 1))
fi
rm -rf "$docs"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ] && exit $status
exit 1
