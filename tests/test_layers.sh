#!/bin/sh
# test_layers.sh - the architecture of doc/ARCHITECTURE.md, checked on the
# real sources and the real library: data flows one way (a file includes
# only its own layer or the layers below it), no two files include each
# other, directly or in a circle, curses is included by the terminal code
# alone, and the core library keeps no mutable globals and neither prints
# nor exits.
set -u
top=${top_srcdir:-.}
build=${top_builddir:-.}
src=$(cd "$top/src" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_layers.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
. "$top/tests/lib/tap.sh"

# Every quoted include as "FILE INCLUDED", paths from src/.
(cd "$src" && find . -name '*.[ch]' | sed 's|^\./||' | sort) >"$tmp/files"
while read -r f; do
	sed -n 's/^#include "\([^"]*\)".*/\1/p' "$src/$f" | while read -r inc; do
		case "$inc" in
		config.h) ;; # made by configure
		*/*) echo "$f $inc" ;;
		*) echo "$f $(dirname "$f")/$inc" | sed 's|^\([^ ]*\) \./|\1 |' ;;
		esac
	done
done <"$tmp/files" >"$tmp/edges"
cp "$tmp/edges" "$tmp/src-edges"

# result DESCRIPTION PROBLEMS: ok when there are none, else each problem.
result() {
	if [ -z "$2" ]; then
		tap_ok "$1"
	else
		tap_not_ok "$1" "$2"
	fi
}

# 1. Every include names a file of src/.
missing=$(while read -r f inc; do
	[ -f "$src/$inc" ] || echo "$f includes $inc"
done <"$tmp/src-edges")
result "every include names a file of src/" "$missing"

# 2. Layers: base < path < data < world < mind < game < session < ui < main.
rank() {
	case "$1" in
	core/base/*) echo 0 ;;
	core/path/*) echo 1 ;;
	core/data/*) echo 2 ;;
	core/world/*) echo 3 ;;
	core/mind/*) echo 4 ;;
	core/game.*) echo 5 ;;
	session/*) echo 6 ;;
	ui/*) echo 7 ;;
	main.c) echo 8 ;;
	*) echo 99 ;;
	esac
}
upward=$(while read -r f inc; do
	[ "$(rank "$f")" -ge "$(rank "$inc")" ] || echo "$f -> $inc"
done <"$tmp/src-edges")
result "data flows one way: no file includes a layer above its own" \
	"$upward"
unknown=$(while read -r f; do
	[ "$(rank "$f")" != 99 ] || echo "$f"
done <"$tmp/files")
result "every source file belongs to a layer" "$unknown"

# 3. No circle of includes, however long: a depth-first walk of the graph.
circle=$(awk '
	{ n[$1]++; to[$1, n[$1]] = $2; node[$1] = 1; node[$2] = 1 }
	function walk(v,   i, w) {
		state[v] = 1
		for (i = 1; i <= n[v]; i++) {
			w = to[v, i]
			if (state[w] == 1) { print v " -> " w; found = 1 }
			else if (!state[w]) walk(w)
		}
		state[v] = 2
	}
	END { for (v in node) if (!state[v]) walk(v) }
' "$tmp/src-edges")
result "no two files include each other, directly or in a circle" \
	"$circle"

# 4. curses only in the terminal code.
cursed=$(cd "$src" && grep -l '#include <n\{0,1\}curses' $(cat "$tmp/files") |
	grep -v '^ui/term\.c$')
result "only src/ui/term.c includes curses" "$cursed"

# 5. The core library: no mutable globals, no printing, no exiting.
lib="$build/src/core/libhunted.a"
if [ -f "$lib" ] && command -v nm >/dev/null && command -v objdump >/dev/null
then
	globals=$(objdump -t "$lib" |
		awk '$3 == "O" && ($4 == ".data" || $4 == ".bss" ||
		     $4 ~ /^\.(data|bss)\./) && $4 !~ /rel\.ro/ { print $NF }')
	result "the core keeps no mutable globals" "$globals"
	calls=$(nm -u "$lib" | awk '{ print $2 }' | grep -Ex \
		'(__)?(v?f?printf|puts|fputs|putchar|fputc|putc|fwrite|perror|exit|_exit|abort|__[a-z]*printf_chk|stdout|stderr)' |
		sort -u)
	result "the core neither prints nor exits" "$calls"
else
	tap_skip "the core library's symbols (no $lib, or no binutils)"
	tap_skip "the core library's calls"
fi
tap_done
