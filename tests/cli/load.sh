# load.sh - every load failure of simt run / simt test is a clear error
# with exit 1 (issue 9, item 3); docs/cli.md, "Loading".
. "$(dirname "$0")/lib.sh"

case_ "run: a missing source is exit 1 with the reason"
run 1 run missing.s
err_is "simt run: cannot read 'missing.s': No such file or directory"

case_ "run: a missing object is exit 1 with the reason"
run 1 run missing.o
err_is "simt run: cannot read 'missing.o': No such file or directory"

case_ "run: an object that is not ELF is exit 1, the file untouched"
echo "not an object" > notelf.o
keep notelf.o
run 1 run notelf.o
err_is "notelf.o: error: not an ELF file"
same notelf.o

case_ "run: a truncated object is exit 1 with a diagnostic"
"$SIMT" as "$DATA/store.s" -o full.o
head -c 100 full.o > cut.o
run 1 run cut.o
err_has "cut.o: error:"

case_ "run: a directory is exit 1 with the reason"
mkdir dir.s
run 1 run dir.s
err_has "simt run: cannot read 'dir.s'"

case_ "run: 40 bit-flipped objects each end in exit 0 or 1, never a signal"
"$SIMT" as "$DATA/store.s" -o good.o
size=$(wc -c < good.o)
seed=12345
i=0
while [ $i -lt 40 ]; do
	cp good.o m.o
	seed=$(( (seed * 1103515245 + 12345) % 2147483648 ))
	bit=$(( seed % (size * 8) ))
	at=$(( bit / 8 ))
	byte=$(od -An -tu1 -j $at -N1 m.o | tr -d ' ')
	printf "$(printf '\\%03o' $(( byte ^ (1 << (bit % 8)) )))" |
		dd of=m.o bs=1 seek=$at conv=notrunc 2>/dev/null
	"$SIMT" run m.o --max-cycles 2000 --block 4 --buffer 'out=u32[4]:0' --param out \
		>/dev/null 2>"$T/err"
	rc=$?
	[ $rc -le 1 ] || no "mutant $i (bit $bit): exit $rc: $(head -c 200 "$T/err")"
	[ $rc -eq 0 ] || [ -s "$T/err" ] || no "mutant $i (bit $bit): exit $rc without a message"
	i=$((i + 1))
done

case_ "test: a missing file is a FAIL line and exit 1"
run 1 test missing.s
out_is "FAIL missing.s: cannot read the file: No such file or directory
0 passed, 1 failed"

case_ "run: a source of /dev/zero is refused at 256 MiB, not read forever"
run 1 run /dev/zero
err_is "simt run: cannot read '/dev/zero': File too large"

case_ "run: file(/dev/zero) reads exactly the buffer's size"
printf '.buffer y u8[16] = file(/dev/zero)\nmain:\n        EXIT ;\n' > z.s
run 0 run z.s --print y
out_is "y = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}"
err_is ""

case_ "run: --buffer ...:file(/dev/zero) reads exactly the buffer's size"
run 0 run "$DATA/store.s" --buffer 'y=u8[4]:file(/dev/zero)' --print y
out_is "y = {0, 0, 0, 0}"

case_ "run: a shorter file() is zero-padded with a warning"
printf 'abc' > short.bin
run 0 run "$DATA/store.s" --buffer 'y=u8[6]:file(short.bin)' --print y
out_is "y = {97, 98, 99, 0, 0, 0}"
err_has "warning: file(short.bin) has 3 bytes for 6: the last 3 are zero"

case_ "run: a longer file() gives its first bytes"
printf 'abcdef' > long.bin
run 0 run "$DATA/store.s" --buffer 'y=u8[2]:file(long.bin)' --print y
out_is "y = {97, 98}"
err_is ""

case_ "run: --print of an unknown buffer is a usage error before the run"
run 2 run "$DATA/store.s" --print nope
err_is "simt run: --print: no buffer 'nope' (buffers: 'out')"
out_is ""

case_ "run: --print of a known buffer"
run 0 run "$DATA/store.s" --print out
out_is "out = {0, 1, 2, 3}"

case_ "run: the cycle limit says how to raise it"
run 1 run "$DATA/spin.s" --max-cycles 1000
err_has "kernel 'main', CTA (0,0,0): cycle limit 1000 reached (raise with --max-cycles N or .launch max-cycles=N)"

case_ "run, as, test: a directory as the input names the reason, not an I/O error"
mkdir d
run 1 run d
err_is "simt run: cannot read 'd': Is a directory"
run 1 as d
err_is "simt as: cannot read 'd': Is a directory"
run 1 test d
out_has "cannot read the file: Is a directory"

case_ "as: a source of 1 MiB or more (read into huge pages, not mapped) assembles as the same text from standard input"
awk 'BEGIN { print ".section .text.big"
	for (i = 0; i < 40000; i++)
		printf "        IADD3 R%d, R%d, 0x%x, RZ ;\n", i % 200, (i * 7) % 200, i
	print "        EXIT ;" }' > big.s
[ "$(wc -c < big.s)" -ge 1048576 ] || no "big.s is under 1 MiB"
run 0 as big.s -o file.o
"$SIMT" as - -o stdin.o < big.s || no "as - failed"
# the same code (the line tables name big.s and <stdin>)
"$SIMT" dis file.o > file.dis && "$SIMT" dis stdin.o > stdin.dis ||
	no "dis failed"
[ "$(wc -l < file.dis)" -gt 40000 ] || no "file.o lacks instructions"
cmp -s file.dis stdin.dis || no "the code differs"

finish
