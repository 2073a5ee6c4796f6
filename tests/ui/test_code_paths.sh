#!/bin/sh
# SPDX-License-Identifier: MIT
# test_code_paths.sh - one path at a time over a search, and the search's
# markers never hidden by a path.  With * (every monster's path) on, the
# others' paths leave every open and closed cell and every jump point of
# the shown search as it was, and jump point search's jump points all
# show (the JSON trace's pushes, checked on a golden screen), as does
# the X of a cell that broke a path; while a search is stepped, only the
# followed monster's path is drawn.
#
# UPDATE_GOLDEN=1 rewrites the golden files instead of comparing.  One
# TAP result per check (tests/lib/tap.sh).
set -u
set -f
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
golden=$top/tests/golden
HUNTED_DATA=${HUNTED_DATA:-$(cd "$top/data" && pwd)}
export HUNTED_DATA
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_code_paths.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
command -v python3 >/dev/null 2>&1 ||
	tap_skip_all "no python3 (Debian package python3)"

# dump OUT KEYS ARGS...: the screen dump after the view's KEYS into OUT,
# written in $tmp (where E leaves its files).
dump() {
	local out=$1 keys=$2
	shift 2
	(cd "$tmp" && "$bin" --headless --no-timing --dump-screen "$@" \
		--ai-view --view-keys "$keys") >"$tmp/$out" 2>/dev/null
}

# map FILE: the map's part of the screen (left of the side panel, above
# the status line).
map() {
	awk '/^screen /{on = 1; next} on && /^\|HP /{exit}
	     on {i = index($0, "AI VIEW"); print substr($0, 2,
	         (NR == 2 && i ? i - 4 : w)); if (NR == 2) w = i - 4}' "$1"
}

# kept BEFORE AFTER: every o and : of BEFORE's map is still there in
# AFTER's; prints the cells where one is not.
kept() {
	map "$1" >"$tmp/kb"
	map "$2" >"$tmp/ka"
	python3 - "$tmp/kb" "$tmp/ka" <<'PY'
import sys
b = open(sys.argv[1]).read().split("\n")
a = open(sys.argv[2]).read().split("\n")
for y, (rb, ra) in enumerate(zip(b, a)):
    for x, (cb, ca) in enumerate(zip(rb, ra)):
        if cb in "o:" and ca != cb:
            print("%d,%d: %s became %s" % (x, y, cb, ca))
PY
}

# The kennels (seed 3) four turns in: the wolf (Tab twice) searches by
# A*, and the others' paths cross its open and closed cells.
wolf='--map kennels --seed 3 --keys ....'
# shellcheck disable=SC2086
{
dump wolf.out 'v<tab><tab>' $wolf
dump wolf-all.out 'v<tab><tab>*' $wolf
}
grep -q '^ai: wolf#5 ' "$tmp/wolf-all.out" || tap_fail "Tab twice is not the wolf"
map "$tmp/wolf.out" >"$tmp/m1"
map "$tmp/wolf-all.out" >"$tmp/m2"
cmp -s "$tmp/m1" "$tmp/m2" && tap_fail "* draws no other path on the map"
err=$(kept "$tmp/wolf.out" "$tmp/wolf-all.out")
[ -z "$err" ] || tap_fail "* hides the search's markers: $err"
tap_check "*: the others' paths hide no open or closed cell of the search"

# Stepped, the search shows its own path alone: * changes nothing on the
# map, part way through and at the end.
for step in sn sN; do
	# shellcheck disable=SC2086
	{
	dump step.out "v<tab><tab>$step" $wolf
	dump step-all.out "v<tab><tab>*$step" $wolf
	}
	map "$tmp/step.out" >"$tmp/m1"
	map "$tmp/step-all.out" >"$tmp/m2"
	cmp -s "$tmp/m1" "$tmp/m2" ||
		tap_fail "$step: * draws other paths over a stepped search"
done
grep -q "others' in their colour" "$tmp/step-all.out" &&
	tap_fail "stepped: the legend names the others' paths"
# shellcheck disable=SC2086
dump step-key.out 'v<tab><tab>sn*' $wolf
grep -q "Every monster's path shown when step mode ends" "$tmp/step-key.out" ||
	tap_fail "* in step mode does not say the paths wait for its end"
tap_check "stepped: only the followed monster's path is drawn"

# Jump point search with * on: the bat (seed 3) under the others' paths;
# its golden screen, and every jump point of its trace (the exported
# JSON's pushes) shows o or : but its own cell and the goal's.
# shellcheck disable=SC2086
dump jps.out 'v*E' $wolf
tap_golden "$golden/paths-jps-all.txt" "$tmp/jps.out"
tap_check "golden screen paths-jps-all"
map "$tmp/jps.out" >"$tmp/jmap"
json=$(find "$tmp" -name 'hunted-search-t4-bat*.json' | head -1)
[ -n "$json" ] || tap_fail "E wrote no trace of the bat's search"
err=$(python3 - "$json" "$tmp/jmap" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
rows = open(sys.argv[2]).read().split("\n")
if t["algorithm"] != "A*" or not any(e["kind"] == "expand" for e in t["events"]):
    print("not a search of jump points"); sys.exit()
ends = {tuple(t["start"]), tuple(t["goal"])}
n = 0
for e in t["events"]:
    cell = (e.get("x"), e.get("y"))
    if e["kind"] != "push" or cell in ends:
        continue
    n += 1
    shown = rows[cell[1]][cell[0]]
    if shown not in "o:":
        print("jump point %d,%d shows %s" % (cell[0], cell[1], shown))
if n < 2:
    print("only %d jump points" % n)
PY
)
[ -z "$err" ] || tap_fail "$err"
grep -q '^ai: bat#3 .*JPS' "$tmp/jps.out" || tap_fail "the bat does not search by JPS"
tap_check "JPS with *: every jump point of the trace shows its marker"

# The cell that broke a kept path (k: X) stays over the path that runs
# through it: the player closes the door in a chasing goblin's face and
# its new path goes through the door again (the layer of paths alone
# shows * there), with * on.
doorway=$(cd "$top/tests/fixtures" && pwd)/doorway.txt
dump door.out 'vk*' --map "$doorway" --hunt --seed 1 --keys lcl
grep -q 'cache re-planned 1 ago: 5,2' "$tmp/door.out" ||
	tap_fail "closing the door does not break the goblin's path at 5,2"
[ "$(sed -n '/^layer paths:/{n;n;n;p;}' "$tmp/door.out" | cut -c7)" = '*' ] ||
	tap_fail "the goblin's new path does not run through the door"
[ "$(sed -n 4p "$tmp/door.out" | cut -c7)" = X ] ||
	tap_fail "the path hides the X of the cell that broke it"
tap_check "k and *: the cell that broke a path stays X over the path"

tap_done
