#!/bin/sh
# SPDX-License-Identifier: MIT
# test_layers.sh - the architecture of doc/ARCHITECTURE.md, checked on the
# real sources and the real library: data flows one way (a file includes
# only its own layer or the layers below it), no two files include each
# other, directly or in a circle, nor do their modules (a .c with its .h),
# curses is included by the terminal code alone, and the core library
# keeps no mutable globals and neither prints nor exits.  One awk reads
# every include of every file at once.
set -u
top=${top_srcdir:-.}
build=${top_builddir:-.}
src=$(cd "$top/src" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_layers.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
. "$top/tests/lib/tap.sh"

# Every quoted include as "FILE INCLUDED", paths from src/, in one pass
# over all the sources (one awk, however many includes).
(cd "$src" && find . -name '*.[ch]' | sed 's|^\./||' | sort) >"$tmp/files"
# shellcheck disable=SC2046
(cd "$src" && awk '
	FNR == 1 { dir = FILENAME; if (!sub(/\/[^\/]*$/, "", dir)) dir = "" }
	/^#include "/ {
		inc = $0
		sub(/^#include "/, "", inc)
		sub(/".*/, "", inc)
		if (inc == "config.h") next # made by configure
		if (inc !~ /\// && dir != "") inc = dir "/" inc
		print FILENAME, inc
	}' $(cat "$tmp/files")) >"$tmp/src-edges"

# result DESCRIPTION PROBLEMS: ok when there are none, else each problem.
result() {
	if [ -z "$2" ]; then
		tap_ok "$1"
	else
		tap_not_ok "$1" "$2"
	fi
}

# 1. Every include names a file of src/.
missing=$(awk 'NR == FNR { file[$1] = 1; next }
	!($2 in file) { print $1 " includes " $2 }' "$tmp/files" "$tmp/src-edges")
result "every include names a file of src/" "$missing"

# 2. Layers: base < path < data < world < mind < game < session < ui < main.
rank='
	function rank(f) {
		if (f ~ /^core\/base\//) return 0
		if (f ~ /^core\/path\//) return 1
		if (f ~ /^core\/data\//) return 2
		if (f ~ /^core\/world\//) return 3
		if (f ~ /^core\/mind\//) return 4
		if (f ~ /^core\/game\.[ch]$/) return 5
		if (f ~ /^session\//) return 6
		if (f ~ /^ui\//) return 7
		if (f == "main.c") return 8
		return 99
	}'
upward=$(awk "$rank"' rank($1) < rank($2) { print $1 " -> " $2 }' \
	"$tmp/src-edges")
result "data flows one way: no file includes a layer above its own" \
	"$upward"
unknown=$(awk "$rank"' rank($1) == 99' "$tmp/files")
result "every source file belongs to a layer" "$unknown"

# 3. No circle of includes, however long: a depth-first walk of the
# graph that prints each circle it closes, as "a -> b -> ... -> a".
circles='
	{ if (!(($1, $2) in seen)) { seen[$1, $2] = 1; n[$1]++; to[$1, n[$1]] = $2 }
	  node[$1] = 1; node[$2] = 1 }
	function walk(v,   i, w, k, c) {
		state[v] = 1
		stack[++depth] = v
		for (i = 1; i <= n[v]; i++) {
			w = to[v, i]
			if (state[w] == 1) {
				for (k = depth; stack[k] != w; k--)
					;
				c = w
				for (k++; k <= depth; k++)
					c = c " -> " stack[k]
				print c " -> " w
			} else if (!state[w])
				walk(w)
		}
		depth--
		state[v] = 2
	}
	END { for (v in node) if (!state[v]) walk(v) }'
circle=$(awk "$circles" "$tmp/src-edges" | sort)
result "no two files include each other, directly or in a circle" \
	"$circle"

# 3b. Nor of modules: a .c and its .h are one module, and a folder's
# private X_impl.h belongs to X, its front door; an include inside one
# module is no edge.
circle=$(awk '{
		for (i = 1; i <= 2; i++) {
			m = $i
			sub(/\.[ch]$/, "", m)
			sub(/_impl$/, "", m)
			mod[i] = m
		}
		if (mod[1] != mod[2]) print mod[1], mod[2]
	}' "$tmp/src-edges" | awk "$circles" | sort)
if [ -z "$circle" ]; then
	tap_ok "no circle of modules (a .c with its .h, X_impl.h with X)"
else
	tap_not_ok "no circle of modules (a .c with its .h, X_impl.h with X)" \
		"$circle"
fi

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
