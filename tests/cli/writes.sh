# writes.sh - the rule at the top of src/cli/common.c: in src/cli every
# fwrite/fprintf/fputs/fputc/putchar/puts/printf/fclose/fflush/perror is
# either on stderr or inside the checked output functions of common.c
# (cli_out_*, and cli_read_input's fclose of an input).
root=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/lib.sh"

case_ "src/cli writes only through cli_out or to stderr"
ls "$root"/src/cli/*.c >/dev/null || no "no sources in $root/src/cli"
left=$(cd "$root" && awk '
	/^[a-z].*\(/ { fn = $0; sub(/\(.*/, "", fn); sub(/.* \**/, "", fn) }
	/(^|[^_a-z])(fwrite|fprintf|vfprintf|fputs|fputc|putchar|puts|printf|fclose|fflush|perror)[ \t]*\(/ {
		if ($0 ~ /stderr/) next
		if (FILENAME ~ /common\.c$/ && fn ~ /^(cli_out_write|cli_out_printf|cli_out_flush|cli_out_commit|cli_out_discard|cli_read_input)$/) next
		print FILENAME ":" FNR ": " $0
	}' src/cli/*.c)
[ -z "$left" ] || no "unchecked writes: $left"

finish
