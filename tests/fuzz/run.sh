#!/bin/sh
# run.sh T SECONDS  - run build/fuzz/fuzz_T for SECONDS (nice 19), growing
#                     the corpus tests/fuzz/corpus/T.tar.xz (unpacked into
#                     build/fuzz/corpus/T/, packed again after the run;
#                     seeded from
#                     build/fuzz/seeds/T/, made by seeds.sh, when present);
#                     crashes land in build/fuzz/artifacts/T/.  The final
#                     libFuzzer statistics go to build/fuzz/logs/T.log.
# run.sh --merge T  - minimise the corpus (-merge=1) and pack it again.
# FUZZ_JOBS / FUZZ_FLAGS add libFuzzer options; see tests/fuzz/README.md.
set -e
merge=0
if [ "$1" = --merge ]; then merge=1; shift; fi
t=$1
secs=${2:-60}
bin=build/fuzz/fuzz_$t
corpus=build/fuzz/corpus/$t
packed=tests/fuzz/corpus/$t.tar.xz
seeds=build/fuzz/seeds/$t
# The committed corpus is one deterministic xz tarball per target (the
# inputs compress 20-50x; tests/fuzz/README.md): unpacked once into build/.
if [ ! -d "$corpus" ] && [ -f "$packed" ]; then
	mkdir -p build/fuzz/corpus
	xz -dc "$packed" | tar -xf - -C build/fuzz/corpus
fi
pack() {
	mkdir -p tests/fuzz/corpus
	tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner \
		-cf - -C build/fuzz/corpus "$t" | xz -6 >"$packed.tmp" &&
		mv "$packed.tmp" "$packed"
}
case $t in
isa|ptx) opts="-max_len=65536" ;;
asm) opts="-max_len=16384" ;;
elf) opts="-max_len=8192" ;;
words) opts="-max_len=1032" ;;
run_obj) opts="-max_len=16384" ;;
# generated programs: long inputs from the start (-len_control=0), else
# libFuzzer grows its length limit so slowly at a few runs per second that
# an hour of fuzz_policy stayed below 33-byte programs
sim|policy) opts="-max_len=4096 -len_control=0" ;;
*) opts="-max_len=4096" ;;
esac
mkdir -p "$corpus" "build/fuzz/artifacts/$t" build/fuzz/logs
[ -d "$seeds" ] || seeds=
export SIMT_TEST_DIR=tests
if [ $merge = 1 ]; then
	tmp=build/fuzz/merge-$t
	rm -rf "$tmp" && mkdir -p "$tmp"
	nice -n 19 "$bin" -merge=1 $opts -timeout=30 "$tmp" "$corpus" $seeds \
		>"build/fuzz/logs/$t.merge.log" 2>&1
	rm -rf "$corpus" && mv "$tmp" "$corpus"
	pack
	echo "$t: corpus $(ls "$corpus" | wc -l) files, $(du -sk "$corpus" | cut -f1) KiB" \
		"($(($(wc -c <"$packed") / 1024)) KiB packed in $packed)"
	exit 0
fi
log=build/fuzz/logs/$t-$(date +%Y%m%d-%H%M%S).log
echo "== fuzz $t for ${secs}s (log $log)"
# -timeout: 60 s, far above any input's run (well under a second alone) on
# a machine shared by many jobs at nice 19; a real hang never ends.
nice -n 19 "$bin" -max_total_time="$secs" -timeout=60 -rss_limit_mb=2048 \
	-print_final_stats=1 -artifact_prefix="build/fuzz/artifacts/$t/" \
	$opts ${FUZZ_FLAGS:-} "$corpus" $seeds >"$log" 2>&1 || {
	echo "fuzz $t: FAILED, see $log and build/fuzz/artifacts/$t/"
	tail -n 40 "$log"
	exit 1
}
pack
grep -E '^#[0-9]+.*(DONE|cov:)' "$log" | tail -n 1
grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log"
