# outputs.sh - every output is written atomically, never over an input,
# and a write that fails is exit 1 with "simt: cannot write FILE: reason"
# (issue 9, item 1); docs/cli.md, "Outputs".
. "$(dirname "$0")/lib.sh"

# ---- simt as --------------------------------------------------------------

case_ "as: a source named kernel.o is not overwritten (default output kernel.o.o)"
cp "$DATA/store.s" kernel.o
keep kernel.o
run 0 as kernel.o
same kernel.o
exists kernel.o.o
run 0 run kernel.o.o --block 4 --buffer 'out=u32[4]:0' --param out --print out
out_is "out = {0, 1, 2, 3}"

case_ "as: default output replaces the extension (k.s -> k.o, k -> k.o)"
cp "$DATA/store.s" k.s
cp "$DATA/store.s" k
run 0 as k.s
exists k.o
rm k.o
run 0 as k
exists k.o
no_temps

case_ "as: -o naming the input is refused, the source untouched"
cp "$DATA/store.s" k.s
keep k.s
run 1 as k.s -o k.s
err_is "simt as: output 'k.s' is the input 'k.s': refusing to overwrite it (name another file with -o)"
same k.s

case_ "as: -o naming the input through another path is refused"
mkdir d
cp "$DATA/store.s" d/k.s
keep d/k.s
run 1 as d/k.s -o ./d/../d/k.s
err_has "refusing to overwrite it"
same d/k.s

case_ "as: -o naming a hard link of the input is refused"
cp "$DATA/store.s" k.s
ln k.s alias.s
keep k.s
run 1 as k.s -o alias.s
err_has "simt as: output 'alias.s' is the input 'k.s'"
same k.s

case_ "as: -o naming a symbolic link to the input is refused"
cp "$DATA/store.s" k.s
ln -s k.s sym.s
keep k.s
run 1 as k.s -o sym.s
err_has "refusing to overwrite it"
same k.s

case_ "as: a source with errors leaves an existing output as it was"
printf 'main:\n        NOSUCH R1 ;\n' > bad.s
echo "previous object" > bad.o
keep bad.o
run 1 as bad.s -o bad.o
err_has "bad.s:2:9: error:"
same bad.o
no_temps

case_ "as: output into a missing directory is exit 1 with the reason"
cp "$DATA/store.s" k.s
run 1 as k.s -o nodir/k.o
err_is "simt: cannot write nodir/k.o: No such file or directory"

case_ "as: -o /dev/full is exit 1"
cp "$DATA/store.s" k.s
run 1 as k.s -o /dev/full
err_is "simt: cannot write /dev/full: No space left on device"

case_ "as: -o over a symbolic link replaces the file it names, not the link"
cp "$DATA/store.s" k.s
echo old > target.o
ln -s target.o link.o
run 0 as k.s -o link.o
[ -L link.o ] || no "link.o is no longer a symbolic link"
run 0 run target.o --block 4 --buffer 'out=u32[4]:0' --param out --print out
out_is "out = {0, 1, 2, 3}"

case_ "as: an existing output keeps its mode"
cp "$DATA/store.s" k.s
echo old > k.o
chmod 640 k.o
run 0 as k.s -o k.o
[ "$(stat -c %a k.o)" = 640 ] || no "mode is $(stat -c %a k.o)"

# ---- simt dis -------------------------------------------------------------

case_ "dis: an input that is not ELF leaves -o FILE untouched"
echo "not an object" > notelf.o
echo "keep me" > keep.txt
keep keep.txt
run 1 dis notelf.o -o keep.txt
err_is "notelf.o: error: not an ELF file"
same keep.txt
no_temps

case_ "dis: -o naming the object is refused (no SIGBUS)"
"$SIMT" as "$DATA/store.s" -o k.o
keep k.o
run 1 dis k.o -o k.o
err_is "simt dis: output 'k.o' is the input 'k.o': refusing to overwrite it (name another file with -o)"
same k.o

case_ "dis: the listing to -o FILE is the listing on standard output"
"$SIMT" as "$DATA/store.s" -o k.o
run 0 dis k.o -o k.dis
run 0 dis k.o
cmp -s k.dis "$T/out" || no "k.dis differs from the standard output listing"
no_temps

case_ "dis: standard output to /dev/full is exit 1"
"$SIMT" as "$DATA/store.s" -o k.o
run_sh 1 '"$SIMT" dis k.o >/dev/full'
err_is "simt: cannot write standard output: No space left on device"

# ---- simt run -------------------------------------------------------------

case_ "run: --trace /dev/full is exit 1"
run 1 run "$DATA/store.s" --trace /dev/full
err_is "simt: cannot write /dev/full: No space left on device"

case_ "run: --print to a full standard output is exit 1"
run_sh 1 '"$SIMT" run "$DATA/store.s" --print out >/dev/full'
err_is "simt: cannot write standard output: No space left on device"

case_ "run: --trace writes one line per issued instruction"
run 0 run "$DATA/store.s" --trace t.jsonl
[ "$(wc -l < t.jsonl)" -eq 5 ] || no "t.jsonl has $(wc -l < t.jsonl) lines"
no_temps

case_ "run: --trace naming the program is refused"
cp "$DATA/store.s" k.s
keep k.s
run 1 run k.s --trace k.s
err_has "simt run: output 'k.s' is the input 'k.s'"
same k.s

case_ "run: --trace naming a file() input is refused"
printf 'abcd' > in.bin
keep in.bin
run 1 run "$DATA/store.s" --buffer 'y=u8[4]:file(in.bin)' --trace in.bin
err_has "simt run: output 'in.bin' is the input 'in.bin'"
same in.bin

case_ "run: a program that does not load leaves an existing trace as it was"
echo "old trace" > t.jsonl
keep t.jsonl
run 1 run missing.s --trace t.jsonl
same t.jsonl

case_ "run: the trace of a run that stops with an error is kept"
run 1 run "$DATA/spin.s" --max-cycles 20 --trace t.jsonl
[ "$(wc -l < t.jsonl)" -eq 21 ] || no "t.jsonl has $(wc -l < t.jsonl) lines"

# ---- simt test, simt isa ----------------------------------------------------

case_ "test: a full standard output is exit 1"
run_sh 1 '"$SIMT" test "$DATA/store.s" >/dev/full'
err_is "simt: cannot write standard output: No space left on device"

case_ "test: a passing file"
run 0 test "$DATA/store.s"
out_is "ok $DATA/store.s
1 passed, 0 failed"

case_ "test: --junit naming a test file is refused, the file untouched"
cp "$DATA/store.s" k.s
keep k.s
run 1 test --junit k.s k.s
err_is "simt test: output 'k.s' is the input 'k.s': refusing to overwrite it (name another file with -o)"
same k.s

case_ "test: --junit /dev/full is exit 1"
run 1 test --junit /dev/full "$DATA/store.s"
err_is "simt: cannot write /dev/full: No space left on device"

case_ "test: --junit FILE is written whole"
run 0 test --junit j.xml "$DATA/store.s"
grep -q '<testsuite name="simt test" tests="1" failures="0"' j.xml || no "j.xml: $(head -c 200 j.xml)"
no_temps

case_ "--version to a full standard output is exit 1"
run_sh 1 '"$SIMT" --version >/dev/full'
err_is "simt: cannot write standard output: No space left on device"

case_ "isa dump: a full standard output is exit 1"
run_sh 1 '"$SIMT" isa dump --json >/dev/full'
err_is "simt: cannot write standard output: No space left on device"

case_ "isa dump -o FILE equals the dump on standard output"
run 0 isa dump --json -o dump.json
"$SIMT" isa dump --json > dump.stdout
cmp -s dump.json dump.stdout || no "dump.json differs"

case_ "isa dump -o /dev/full is exit 1"
run 1 isa dump --json -o /dev/full
err_is "simt: cannot write /dev/full: No space left on device"

case_ "isa check: a full standard output is exit 1"
run_sh 1 '"$SIMT" isa check >/dev/full'
err_is "simt: cannot write standard output: No space left on device"

case_ "isa doc -o DIR writes every page, no temporaries"
run 0 isa doc -o docs
exists docs/README.md
exists docs/BRA.md
no_temps docs

case_ "isa doc -o under a file is exit 1 with the reason"
echo x > plain
run 1 isa doc -o plain/docs
err_is "simt isa doc: cannot create directory 'plain/docs': Not a directory"

case_ "help to a full standard output is exit 1"
run_sh 1 '"$SIMT" --help >/dev/full'
err_is "simt: cannot write standard output: No space left on device"

finish
