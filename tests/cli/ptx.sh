# ptx.sh - options of `simt ptx` (docs/ptx.md, "Commands"): the passes
# --dump-after names come from the pipeline's one table (src/ptx/lower.c).
. "$(dirname "$0")/lib.sh"

case_ "ptx: --dump-after of an unknown pass lists the pipeline's passes"
cp "$DATA/store.ptx" k.ptx
run 2 ptx --dump-after=bogus k.ptx
err_is "simt ptx: unknown pass 'bogus' (cfg uniform sync isel peephole dead ifconv regalloc frame)"
run 0 ptx --dump-after=dead k.ptx
out_has "// after dead: kernel"

case_ "ptx: --help names the same passes as the pass table (its list is kept by hand)"
cp "$DATA/store.ptx" k.ptx
run 2 ptx --dump-after=bogus k.ptx
passes=$(sed -e 's/.*(//' -e 's/)$//' -e 's/ /|/g' "$T/err")
run 0 ptx --help
out_has "$passes"

finish
