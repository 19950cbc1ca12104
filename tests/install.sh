#!/bin/sh
# install.sh - `make install` into a temporary prefix, then build
# examples/libsimt/app.c against the *installed* tree with pkg-config (shared
# and static), run both, and check that the shared object exports only
# simt_* symbols.  Prints "ok ..." / "FAIL ..." lines and a closing line.
set -u
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if make -s install PREFIX="$tmp/p" >"$tmp/log" 2>&1; then ok "make install"; else
	bad "make install"; cat "$tmp/log"; echo "$pass passed, $fail failed"; exit 1
fi
for f in bin/simt lib/libsimt.a lib/libsimt.so lib/pkgconfig/simt.pc \
	include/simt/simt.h share/man/man1/simt.1; do
	[ -e "$tmp/p/$f" ] && ok "installed $f" || bad "installed $f"
done
soname=$(readelf -d "$tmp/p/lib/libsimt.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = "libsimt.so.$(sed -n 's/^#define SIMT_VERSION_MAJOR //p' include/simt/simt.h)" ] \
	&& ok "soname $soname" || bad "soname '$soname'"
others=$(nm -D --defined-only "$tmp/p/lib/libsimt.so" | awk '{print $3}' | grep -v '^simt_')
[ -z "$others" ] && ok "nm -D: only simt_* symbols" || bad "nm -D exports: $others"
export PKG_CONFIG_PATH="$tmp/p/lib/pkgconfig"
cc -std=c11 -Wall -Werror -o "$tmp/app" examples/libsimt/app.c \
	$(pkg-config --cflags --libs simt) 2>"$tmp/log" && ok "cc app.c \$(pkg-config --cflags --libs simt)" || { bad "cc app.c"; cat "$tmp/log"; }
out=$(LD_LIBRARY_PATH="$tmp/p/lib" "$tmp/app" 2>&1)
[ "$out" = "libsimt $(build/simt --version | sed 's/.* //')
0 of 64 outputs wrong" ] && ok "app (shared) runs" || bad "app (shared): $out"
cc -std=c11 -Wall -Werror -o "$tmp/app_static" examples/libsimt/app.c \
	$(pkg-config --cflags simt) "$tmp/p/lib/libsimt.a" -lm 2>"$tmp/log" \
	&& "$tmp/app_static" >/dev/null && ok "app (static) runs" || bad "app (static)"
[ "$("$tmp/p/bin/simt" --version)" = "$(build/simt --version)" ] && ok "installed simt --version" || bad "installed simt --version"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
