#!/bin/sh
# seeds.sh T - write starting inputs for fuzz target T to build/fuzz/seeds/T/
# from the test data of the tree (needs build/simt and readelf).  Only used
# to start a corpus; tests/fuzz/corpus/T.tar.xz is what is kept.
#   isa:     tests/isa/*.isa, tests/isa/bad/*.isa, isa/*.isa
#   asm:     tests/asm/*.s, tests/asm/fuzz/*.s, examples/*.s, tests/sim/*.s
#   elf:     tests/object/good/*
#   ptx:     tests/ptx/*.ptx, tests/ptx/check/*.ptx, tests/ptx/fuzz-regress/*
#   run_obj: 8 launch bytes + the object of each tests/sim/*.s
#   words:   8 launch bytes + the text of each tests/sim/*.s
set -e
t=$1
out=build/fuzz/seeds/$t
rm -rf "$out" && mkdir -p "$out"
# the 8 launch bytes of fuzz_sim.h: 2 CTAs, 64 threads, rr, shared 0x1c0
hdr() { printf '\001\077\000\000\007\377\000\000'; }
text_of() { # text_of OBJ: the bytes of its first .text.* section
	set -- $(readelf -S -W "$1" | sed -n 's/.*\] \.text\.[^ ]* *PROGBITS *[0-9a-f]* \([0-9a-f]*\) \([0-9a-f]*\).*/\1 \2/p' | head -n 1)
	[ -n "$1" ] || return 0
	dd if="$obj" bs=1 skip=$((0x$1)) count=$((0x$2)) 2>/dev/null
}
case $t in
isa)	for f in tests/isa/*.isa tests/isa/bad/*.isa isa/*.isa; do
		cp "$f" "$out/$(echo "$f" | tr / _)"
	done ;;
asm) cp tests/asm/*.s tests/asm/fuzz/*.s examples/*.s tests/sim/*.s "$out/" ;;
elf) cp tests/object/good/* "$out/" ;;
ptx)	for f in tests/ptx/*.ptx tests/ptx/check/*.ptx tests/ptx/fuzz-regress/*; do
		[ -f "$f" ] && cp "$f" "$out/$(echo "$f" | tr / _)"
	done ;;
run_obj|words)
	for s in tests/sim/*.s; do
		obj=build/fuzz/seeds/tmp.o
		build/simt as "$s" -o "$obj" 2>/dev/null || continue
		n=$(basename "$s" .s)
		if [ "$t" = run_obj ]; then
			{ hdr; cat "$obj"; } >"$out/$n"
		else
			{ hdr; text_of "$obj"; } | head -c 1032 >"$out/$n"
		fi
	done
	rm -f build/fuzz/seeds/tmp.o ;;
esac
echo "$t: $(ls "$out" | wc -l) seeds in $out"
