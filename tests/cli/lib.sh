# lib.sh - helpers of the command-line tests (tests/cli/*.sh, run by
# tests/cli.sh).  A test file is a list of cases; each case runs simt on
# files it makes in a fresh directory and states what must happen next to
# the command:
#
#   case_ "simt as k.s -o k.s is refused"     start a case (title)
#   keep k.s                                   remember a file's bytes
#   run 1 as k.s -o k.s                        simt ARGS...: exit status must be 1
#   err_has "refusing to overwrite"            standard error contains the text
#   same k.s                                   the file is byte-identical to kept
#
# Other checks: out_is TEXT (standard output is exactly TEXT), out_has,
# err_is, exists FILE, absent FILE, no_temps (no temporary left beside the
# outputs).  $SIMT is the binary under test (absolute), $DATA the directory
# of tests/cli/data.  A case passes when all its checks pass; the file ends
# with `finish`, which prints "N passed, N failed".
set -u
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
pass=0
fail=0
title=""
bad=0

case_() {
	end_case
	title=$1
	bad=0
	rm -rf "$T/work" && mkdir "$T/work" && cd "$T/work" || exit 1
}

end_case() {
	[ -n "$title" ] || return 0
	if [ "$bad" -eq 0 ]; then
		pass=$((pass + 1))
		echo "ok $title"
	else
		fail=$((fail + 1))
	fi
	title=""
}

no() { # no MESSAGE: a failed check of the current case
	echo "FAIL $title: $1"
	bad=1
}

run() { # run STATUS ARGS...: simt ARGS, stdout/stderr kept for the checks
	want=$1
	shift
	"$SIMT" "$@" >"$T/out" 2>"$T/err"
	got=$?
	[ "$got" -eq "$want" ] || no "simt $*: exit $got, expected $want ($(head -c 300 "$T/err"))"
}

run_sh() { # run_sh STATUS 'SHELL TEXT': for redirections (>/dev/full); $SIMT set
	want=$1
	sh -c "$2" >"$T/out" 2>"$T/err"
	got=$?
	[ "$got" -eq "$want" ] || no "$2: exit $got, expected $want ($(head -c 300 "$T/err"))"
}

err_has() { grep -qF -- "$1" "$T/err" || no "stderr lacks '$1': $(head -c 300 "$T/err")"; }
err_is() { [ "$(cat "$T/err")" = "$1" ] || no "stderr is '$(head -c 300 "$T/err")', expected '$1'"; }
out_has() { grep -qF -- "$1" "$T/out" || no "stdout lacks '$1': $(head -c 300 "$T/out")"; }
out_is() { [ "$(cat "$T/out")" = "$1" ] || no "stdout is '$(head -c 300 "$T/out")', expected '$1'"; }
exists() { [ -e "$1" ] || no "$1 does not exist"; }
absent() { [ ! -e "$1" ] || no "$1 exists"; }

keep() { # keep FILE...: copies to compare with `same`
	mkdir -p "$T/kept"
	for f in "$@"; do cp -p "$f" "$T/kept/$(echo "$f" | tr / _)"; done
}

same() { # same FILE...: byte-identical to what keep saw
	for f in "$@"; do
		cmp -s "$f" "$T/kept/$(echo "$f" | tr / _)" || no "$f changed"
	done
}

no_temps() { # no_temps [DIR]: no temporary file (.NAME.XXXXXX) left behind
	left=$(find "${1:-.}" -name '.*.??????' 2>/dev/null)
	[ -z "$left" ] || no "temporaries left: $left"
}

finish() {
	end_case
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
