#!/bin/sh
# gen.sh - regenerate the PTX of the front-end diagnosis kernels (needs nvcc;
# the tests never run it).  Each X.cu is compiled in /tmp/simtkit-ptx-diag
# (so the .file names do not depend on the checkout) with
# nvcc -ptx -O3 -lineinfo -arch=sm_80 (or the architecture of its
# "// Targets: sm_XX" line, e.g. sm_90 for clusters), and X.sm_XX.ptx gets
# the //! block kept in X.directives on top.
#   gen.sh [X ...]     the named kernels (default: all)
set -e
cd "$(dirname "$0")"
mkdir -p /tmp/simtkit-ptx-diag
if [ $# -gt 0 ]; then list=$(for x in "$@"; do echo "$x.cu"; done); else list=$(ls *.cu); fi
for cu in $list; do
	x=${cu%.cu}
	a=$(sed -n 's/^\/\/ Targets: *sm_\([0-9][0-9]*\).*/\1/p' "$cu" | head -n 1)
	[ -n "$a" ] || a=80
	cp "$cu" /tmp/simtkit-ptx-diag/
	(cd /tmp/simtkit-ptx-diag && nvcc -ptx -O3 -lineinfo -arch=sm_$a "$cu" -o "$x.sm_$a.ptx")
	cat "$x.directives" /tmp/simtkit-ptx-diag/"$x.sm_$a.ptx" >"$x.sm_$a.ptx"
done
