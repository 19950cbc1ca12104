#!/usr/bin/env bash
# ptx-verdicts.sh: run ptxas on every PTX snippet under tests/ptx/check and
# record (default) or verify (--check) its verdict in the snippet's header.
#
# Header, on the first lines of each snippet (see tests/ptx/check/README.md):
#   // ptxas-arch: sm_80            the .target of the module (ptxas -arch=)
#   // ptxas-verdict: ok|error      ptxas's exit status: 0 -> ok, else error
#   // ptxas-message: <text>        errors only: ptxas's first error/fatal line,
#                                   without the leading "ptxas FILE, "
#   // rule: <id>                   errors only: the docs/ptx-rules.md rule id
#                                   the simtkit checker must name (written by
#                                   hand; this script keeps it, never invents it)
#
# Usage: tools/ptx-verdicts.sh [--check] [FILE.ptx ...]
#   default  rewrite the ptxas-* header lines of each snippet from ptxas's run
#   --check  rewrite nothing; report every snippet whose header differs from
#            what ptxas says now, or whose rule line is missing/misplaced;
#            exit 1 if any
# ptxas is taken from $PTXAS, else from PATH. Snippets run one at a time.
set -u

check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi

root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/tests/ptx/check"
PTXAS=${PTXAS:-ptxas}
if ! command -v "$PTXAS" >/dev/null 2>&1; then
	echo "ptx-verdicts: ptxas not found (set PTXAS or put it on PATH)" >&2
	exit 2
fi

if [ $# -gt 0 ]; then files=("$@"); else files=("$dir"/*.ptx); fi

# Families, longest first so that cp_async_bulk_x is not taken for cp_async.
families="scope_order cp_async_bulk cp_async atom_vec bar_warp mbarrier activemask
	membar fence atom red vote shfl match redux bar elect sreg target types undef"

# family_of FILE -> sets fam
family_of() {
	local base=${1##*/} f
	fam=""
	for f in $families; do
		case "$base" in
		"$f"_*) [ ${#f} -gt ${#fam} ] && fam=$f ;;
		esac
	done
	fam=${fam:-other}
}

is_header() {
	case "$1" in
	"// ptxas-arch: "* | "// ptxas-verdict: "* | "// ptxas-message: "* | "// rule: "*) return 0 ;;
	esac
	return 1
}

# run_ptxas FILE ARCH -> sets verdict, message
run_ptxas() {
	local out line
	out=$("$PTXAS" -arch="$2" "$1" -o /dev/null 2>&1)
	if [ $? -eq 0 ]; then
		verdict=ok message=""
		return
	fi
	verdict=error
	line=$(printf '%s\n' "$out" | grep -m1 -E '(error|fatal) *:')
	[ -n "$line" ] || line=$(printf '%s\n' "$out" | head -n1)
	line=${line#ptxas }
	line=${line#"$1, "}
	message=$line
}

# make_header ARCH VERDICT MESSAGE RULE -> sets new (the header text)
make_header() {
	new="// ptxas-arch: $1"$'\n'"// ptxas-verdict: $2"
	if [ "$2" = error ]; then
		new+=$'\n'"// ptxas-message: $3"
		[ -n "$4" ] && new+=$'\n'"// rule: $4"
	fi
	return 0
}

total=0 bad=0
declare -A nok nerr
for f in "${files[@]}"; do
	[ -f "$f" ] || { echo "ptx-verdicts: no such file: $f" >&2; bad=$((bad + 1)); continue; }
	total=$((total + 1))
	# Split the file into its header block and the module text after it.
	old="" rule="" arch="" nhdr=0 inhdr=1
	while IFS= read -r l; do
		if [ $inhdr -eq 1 ] && is_header "$l"; then
			[ $nhdr -gt 0 ] && old+=$'\n'
			old+=$l; nhdr=$((nhdr + 1))
			case "$l" in "// rule: "*) rule=${l#// rule: } ;; esac
			continue
		fi
		inhdr=0
		if [[ $l =~ ^[[:space:]]*\.target[[:space:]]+([A-Za-z0-9_]+) ]]; then
			arch=${BASH_REMATCH[1]}
			break
		fi
	done <"$f"
	if [ -z "$arch" ]; then
		echo "$f: no .target directive" >&2; bad=$((bad + 1)); continue
	fi

	run_ptxas "$f" "$arch"
	make_header "$arch" "$verdict" "$message" "$rule"

	if [ $check -eq 1 ]; then
		problem=""
		[ "$old" != "$new" ] && problem="header differs from ptxas"
		[ "$verdict" = error ] && [ -z "$rule" ] && problem="error without a rule line"
		[ "$verdict" = ok ] && [ -n "$rule" ] && problem="rule line on a snippet ptxas accepts"
		if [ -n "$problem" ]; then
			bad=$((bad + 1))
			echo "MISMATCH ${f##*/}: $problem"
			diff <(printf '%s\n' "$old") <(printf '%s\n' "$new") | sed 's/^/    /'
		fi
	else
		[ "$verdict" = ok ] && [ -n "$rule" ] &&
			echo "note: ${f##*/}: ptxas accepts it now; dropped 'rule: $rule'" && rule=""
		[ "$verdict" = error ] && [ -z "$rule" ] &&
			{ echo "note: ${f##*/}: ptxas rejects it but it has no rule line; add one"; bad=$((bad + 1)); }
		# The message names a line of this file, so rewrite until the header
		# length (and with it every line number) stops moving.
		body=$(tail -n +$((nhdr + 1)) "$f"; echo x)
		body=${body%x}
		for _ in 1 2 3; do
			make_header "$arch" "$verdict" "$message" "$rule"
			[ "$old" = "$new" ] && break
			printf '%s\n%s' "$new" "$body" >"$f.tmp" && mv "$f.tmp" "$f"
			old=$new
			run_ptxas "$f" "$arch"
		done
	fi
	family_of "$f"
	if [ "$verdict" = ok ]; then nok[$fam]=$(( ${nok[$fam]:-0} + 1 )); else nerr[$fam]=$(( ${nerr[$fam]:-0} + 1 )); fi
done

printf '%-14s %5s %7s\n' family valid invalid
tv=0 ti=0
for fam in $(printf '%s\n' "${!nok[@]}" "${!nerr[@]}" | sort -u); do
	printf '%-14s %5d %7d\n' "$fam" "${nok[$fam]:-0}" "${nerr[$fam]:-0}"
	tv=$((tv + ${nok[$fam]:-0})) ti=$((ti + ${nerr[$fam]:-0}))
done
printf '%-14s %5d %7d\n' total "$tv" "$ti"
if [ $check -eq 1 ]; then
	echo "$total snippets checked against ptxas: $bad mismatches"
else
	echo "$total snippets recorded; $bad need attention"
fi
[ $bad -eq 0 ]
