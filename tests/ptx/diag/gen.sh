#!/bin/sh
# gen.sh - regenerate the PTX of the front-end diagnosis kernels (needs nvcc;
# the tests never run it).  Each X.cu is compiled in /tmp/simtkit-ptx-diag
# (so the .file names do not depend on the checkout) with
# nvcc -ptx -O3 -lineinfo -arch=sm_80, and X.sm_80.ptx gets the //! block
# kept in X.directives on top.
set -e
cd "$(dirname "$0")"
mkdir -p /tmp/simtkit-ptx-diag
for cu in *.cu; do
	x=${cu%.cu}
	cp "$cu" /tmp/simtkit-ptx-diag/
	(cd /tmp/simtkit-ptx-diag && nvcc -ptx -O3 -lineinfo -arch=sm_80 "$cu" -o "$x.sm_80.ptx")
	cat "$x.directives" /tmp/simtkit-ptx-diag/"$x.sm_80.ptx" >"$x.sm_80.ptx"
done
