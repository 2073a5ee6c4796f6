#!/bin/sh
# SPDX-License-Identifier: MIT
# test_house.sh - what keeps the house readable, checked on the real
# sources: no file of src/ over 1,250 lines, no function over 120 lines
# but the path engine's three hot loops (each says so in its comment),
# and every source, build and test file of the project starting with
# its SPDX licence line.  One TAP result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"

max_file=1250
max_fn=120
# The hot loops: one switch-free body each, specialised by the compiler
# per heuristic and rule, which a split would cost a call per node.
hot="src/core/path/bucket.c:bucket_loop src/core/path/heap.c:heap_loop src/core/path/jps.c:jps_search"

cd "$top" || exit 99
files=$(find src -name '*.[ch]' | sort)

# 1. File sizes.
for f in $files; do
	n=$(wc -l <"$f")
	[ "$n" -le "$max_file" ] || tap_fail "$f: $n lines (at most $max_file)"
done
tap_check "no file in src/ over $max_file lines"

# 2. Function sizes: a definition starts at the last line before its '{'
# in column 0 that opens with a name and a parenthesis and does not end
# in ';', and ends at the next '}' in column 0.
for f in $files; do
	case $f in *.c) ;; *) continue ;; esac
	awk -v f="$f" -v max="$max_fn" '
		{ l = $0; gsub(/__attribute__\(\([^)]*\)\)/, "", l) }
		l ~ /^[A-Za-z_][A-Za-z0-9_ \t*]*\(/ && l !~ /;[ \t]*$/ && !opened {
			name = l; sub(/\(.*/, "", name); sub(/.*[ \t*]/, "", name)
			start = NR
		}
		/^{/ && start { opened = 1 }
		/^}/ && opened {
			if (NR - start > max) print f ":" name ":" NR - start
			start = opened = 0
		}' "$f"
done >"${TMPDIR:-/tmp}/test_house.$$"
while IFS=: read -r f name n; do
	case " $hot " in
	*" $f:$name "*)
		# Allowed, and its comment must say why.
		awk -v n="$name" '/^\/\*/ { c = "" } { c = c $0 }
			$0 ~ "^" n "\\(" { exit !(c ~ /hot loop/) }' "$f" ||
			tap_fail "$f: $name: a hot loop whose comment does not say so"
		;;
	*) tap_fail "$f: $name is $n lines (at most $max_fn)" ;;
	esac
done <"${TMPDIR:-/tmp}/test_house.$$"
rm -f "${TMPDIR:-/tmp}/test_house.$$"
tap_check "no function over $max_fn lines but the three hot loops"

# 3. The licence: LICENSE at the top, an SPDX line at the head of every
# file of code, build and test the project wrote (the fixtures and the
# golden files keep their own attributions; the Autotools' scripts in
# build-aux are theirs).
[ -f LICENSE ] && grep -q '^MIT License' LICENSE ||
	tap_fail "LICENSE: not the MIT licence"
if [ -d .git ] && command -v git >/dev/null 2>&1; then
	list=$(git ls-files)
else
	list=$(find . -type f | sed 's|^\./||')
fi
for f in $list; do
	case $f in
	*.c | *.h | *.sh | *.mk | Makefile.am | configure.ac | .ci/run | \
		build-aux/install-deps.sh) ;;
	*) continue ;;
	esac
	case $f in
	tests/fixtures/* | tests/golden/* | tests/fuzz/corpus*/* | \
		build-aux/tap-driver.sh | hunted-*/* | _*/* | config.h | */config.h) continue ;;
	esac
	[ -f "$f" ] || continue
	head -n 3 "$f" | grep -q 'SPDX-License-Identifier: MIT' ||
		tap_fail "$f: no SPDX line"
done
tap_check "LICENSE is MIT, and every source file says so (SPDX)"

tap_done
