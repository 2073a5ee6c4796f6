#!/bin/sh
# SPDX-License-Identifier: MIT
# test_datadir.sh - where the game finds its data: --data-dir, then
# $HUNTED_DATA, then the data/ of the build tree the program runs from
# (found from the program's own location), then the installed
# $(pkgdatadir).  A copy of a built tree plays its own data, never the
# files of the tree it was copied from; a map name that names no map is
# answered with the maps there are.
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
topdata=$(cd "$top/data" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_datadir.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
unset HUNTED_DATA

# Where the game says it falls back to, from its --help.
pkgdatadir=$("$bin" --help | sed -n 's/.*runs from one, else \(.*\)$/\1/p')
tap_test "--help names the installed data directory" [ -n "$pkgdatadir" ]

# A copy of the built tree in another folder: the program, a Makefile
# (what marks a build tree), and its own data/ with one map more.
copy="$tmp/copy"
mkdir -p "$copy/src"
cp "$bin" "$copy/src/hunted"
: >"$copy/Makefile"
cp -R "$top/data" "$copy/data"
chmod -R u+w "$copy/data"
cat >"$copy/data/maps/lair.txt" <<'EOF'
include "../monsters.txt"

dungeon lair
	title "A lair that only the copy has"

legend '#' wall
legend '.' floor
legend '@' floor player
legend 'r' floor monster rat
legend '>' stairs exit

MAP
##########
#@......r#
#.......>#
##########
ENDMAP
EOF

"$copy/src/hunted" --headless --no-timing --map lair --turns 3 \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
tap_is "$rc" 0 "a copy of the tree plays a map only its own data/ has"
tap_test "...and says what happened" grep -q '^summary: .*monsters=1 ' \
	"$tmp/out"

# The copy's default dungeon is its own too.
cp "$copy/data/maps/lair.txt" "$copy/data/maps/default.txt"
"$copy/src/hunted" --headless --no-timing --map default --turns 3 \
	>"$tmp/out" 2>&1
tap_test "the copy's own default dungeon is the one played" \
	grep -q '^summary: .*monsters=1 ' "$tmp/out"
"$bin" --headless --no-timing --map default --turns 3 \
	--data-dir "$top/data" >"$tmp/orig" 2>&1
rc=$?
orig=$(sed -n 's/^summary: .* monsters=\([0-9]*\) .*/\1/p' "$tmp/orig")
[ "$rc" = 0 ] || tap_fail "the original tree: exit status $rc, not 0"
if [ -z "$orig" ]; then
	tap_fail "the original tree: no summary: $(tail -n 1 "$tmp/orig")"
elif [ "$orig" = 1 ]; then
	tap_fail "the original tree played the copy's one monster"
fi
tap_check "...while the original tree's default has its own monsters"

# $HUNTED_DATA comes before the program's tree, --data-dir before both.
HUNTED_DATA="$top/data" "$copy/src/hunted" --headless --map lair \
	--turns 1 >/dev/null 2>"$tmp/err"
rc=$?
tap_is "$rc" 1 "\$HUNTED_DATA comes before the program's own tree"
HUNTED_DATA="$top/data" "$copy/src/hunted" --headless --map lair \
	--data-dir "$copy/data" --turns 1 >/dev/null 2>&1
rc=$?
tap_is "$rc" 0 "--data-dir comes before \$HUNTED_DATA"

# Without a data/ beside it the copy falls back to the installed data,
# never to the tree it was copied from.
rm -rf "$copy/data"
"$copy/src/hunted" --headless --map lair --turns 1 >/dev/null 2>"$tmp/err"
rc=$?
tap_is "$rc" 1 "a copy without data/ cannot play its lair"
tap_test "...and looks for it in the installed data" \
	grep -q "^$pkgdatadir/maps/lair.txt:" "$tmp/err"
tap_test "...never in the tree it was copied from" \
	sh -c "! grep -q '$topdata/' '$tmp/err'"

# A map name that names no map: the maps there are, and the nearest.
"$bin" --headless --data-dir "$top/data" --map crowed --turns 1 \
	>/dev/null 2>"$tmp/err"
rc=$?
tap_is "$rc" 1 "an unknown map name is an error"
tap_test "...that lists the maps there are" \
	grep -q "no map named 'crowed'; the maps in .*/maps are: ambush, cave, crowd, default, doors, elements, kennels, maze, tutorial" \
	"$tmp/err"
tap_test "...and suggests the nearest" grep -q "did you mean 'crowd'?" \
	"$tmp/err"
tap_done
