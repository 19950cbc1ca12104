# stdio.sh - "-" names standard input or standard output for every file
# argument of as, dis, ptx, run, test and isa (issue 12, item 1);
# docs/cli.md, "Standard input and output".
. "$(dirname "$0")/lib.sh"
TESTS=$(cd "$DATA/../.." && pwd)
ISA=$(cd "$TESTS/../isa" && pwd)

case_ "as: source from standard input, object to standard output, read back by dis -"
run_sh 0 "\"$SIMT\" as - -o - < \"$DATA/store.s\" > k.o"
run 0 as "$DATA/store.s" -o ref.o
run_sh 0 "\"$SIMT\" dis - < k.o > from_stdin.txt"
run 0 dis ref.o -o from_file.txt
cmp -s from_stdin.txt from_file.txt || no "dis - differs from dis FILE"

case_ "as: standard input without -o writes a.o"
run_sh 0 "\"$SIMT\" as - < \"$DATA/store.s\""
exists a.o
run 0 run a.o --block 4 --buffer 'out=u32[4]:0' --param out --print out
out_is "out = {0, 1, 2, 3}"

case_ "as: errors in standard input are located as <stdin>"
run_sh 1 "printf 'main: FOO R1 ;\n' | \"$SIMT\" as - -o k.o"
err_has "<stdin>:1:7: error: unknown instruction 'FOO'"
absent k.o

case_ "as: -o - to a full standard output is exit 1"
run_sh 1 "\"$SIMT\" as - -o - < \"$DATA/store.s\" > /dev/full"
err_has "simt: cannot write standard output: No space left on device"

case_ "ptx: -S and -o from standard input equal those of the file"
cp "$DATA/store.ptx" k.ptx
run_sh 0 "\"$SIMT\" ptx - -o - < k.ptx > a.o"
run 0 ptx k.ptx -o b.o
# the objects differ only in the line table's file name: <stdin> vs k.ptx
run 0 dis a.o -o a.txt
run 0 dis b.o -o b.txt
cmp -s a.txt b.txt || no "the code from standard input differs"
run_sh 0 "\"$SIMT\" ptx -S - < k.ptx > a.s"
run 0 ptx -S k.ptx -o b.s
sed 's/(from [^,]*,/(from X,/' a.s > a1.s
sed 's/(from [^,]*,/(from X,/' b.s > b1.s
cmp -s a1.s b1.s || no "-S from standard input differs beyond the file name"

case_ "ptx: --check of standard input names <stdin>"
run_sh 1 "printf '.version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k() { bogus; }\n' | \"$SIMT\" ptx --check -"
err_has "<stdin>:4:23: error: unknown instruction 'bogus'"

case_ "run: a source, an object and a PTX module from standard input"
run_sh 0 "\"$SIMT\" run - --block 4 --buffer 'out=u32[4]:0' --param out --print out < \"$DATA/store.s\""
out_is "out = {0, 1, 2, 3}"
run 0 as "$DATA/store.s" -o k.o
run_sh 0 "\"$SIMT\" run - --block 4 --buffer 'out=u32[4]:0' --param out --print out < k.o"
out_is "out = {0, 1, 2, 3}"
run_sh 0 "\"$SIMT\" run - --block 4 --buffer 'out=u32[4]:0' --param out --print out < \"$DATA/store.ptx\""
out_is "out = {0, 1, 2, 3}"

case_ "run: errors in standard input are located as <stdin>"
run_sh 1 "printf 'main:\n  FOO R1 ;\n' | \"$SIMT\" run -"
err_has "<stdin>:2:3: error: unknown instruction 'FOO'"

case_ "run: a PTX kernel with parameters from standard input (its .param lines are PTX)"
run_sh 0 "\"$SIMT\" run - < \"$TESTS/ptx/acquire_release.sm_80.ptx\""

case_ "test: a test file from standard input, beside files and with -j 2"
run_sh 0 "\"$SIMT\" test - < \"$TESTS/sim/alu_prmt.s\""
out_is "ok <stdin>
1 passed, 0 failed"
run_sh 0 "\"$SIMT\" test -j 2 \"$TESTS/sim/alu_prmt.s\" - \"$TESTS/sim/alu_logic_shift.s\" < \"$TESTS/ptx/acquire_release.sm_80.ptx\""
out_is "ok $TESTS/sim/alu_prmt.s
ok <stdin>
ok $TESTS/sim/alu_logic_shift.s
3 passed, 0 failed"

case_ "test: a failing test from standard input is named <stdin>"
run_sh 1 "printf '.expect-error \"nothing like this\"\nmain:\n  EXIT ;\n' | \"$SIMT\" test -"
out_has "FAIL <stdin>: expected an error containing \"nothing like this\""

case_ "test: standard input twice is a usage error"
run_sh 2 "\"$SIMT\" test - - < \"$TESTS/sim/alu_prmt.s\""
err_is "simt test: standard input ('-') given twice"

case_ "isa: one description file from standard input, the same model as from the file"
files=$(ls "$ISA"/*.isa | grep -v '/base.isa$' | tr '\n' ' ')
run_sh 0 "\"$SIMT\" isa dump --json \"$ISA/base.isa\" $files > file.json"
run_sh 0 "\"$SIMT\" isa dump --json - $files < \"$ISA/base.isa\" > stdin.json"
cmp -s file.json stdin.json || no "the model read from standard input differs"
run_sh 0 "\"$SIMT\" isa check - $files < \"$ISA/base.isa\""
out_has "opcodes"

case_ "isa: errors in standard input are located as <stdin>; - twice is refused"
run_sh 1 "printf 'bogus line\n' | \"$SIMT\" isa check \"$ISA/base.isa\" -"
err_has "<stdin>:1:1: error: expected a declaration"
run_sh 1 "\"$SIMT\" isa check - - < \"$ISA/base.isa\""
err_has "simt isa: standard input ('-') given twice"
run_sh 1 "printf 'a\\000b' | \"$SIMT\" isa check -"
err_has "<stdin>: not a text file (contains a NUL byte)"

finish
