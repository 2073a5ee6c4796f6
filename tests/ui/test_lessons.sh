#!/bin/sh
# SPDX-License-Identifier: MIT
# test_lessons.sh - the lessons that retell the tutorials show the
# tutorials' own numbers: each check dumps one page of a lesson and looks
# for the values the lesson's text promises (the golden dumps in
# test_screen.sh hold the whole screens).  One TAP result per check.
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
HUNTED_DATA=${HUNTED_DATA:-$(cd "$top/data" && pwd)}
export HUNTED_DATA
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_lessons.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# page LESSON N: dump page N (1-based) of LESSON into $tmp/out.
page() {
	turn=''
	k=1
	while [ "$k" -lt "$2" ]; do
		turn="$turn "
		k=$((k + 1))
	done
	"$bin" --headless --no-timing --dump-screen --lesson "$1" --keys '' \
		--view-keys "$turn" >"$tmp/out" 2>&1 ||
		tap_fail "lesson $1 page $2: exit $?"
}

# has TEXT WHAT: the last dump shows TEXT.
has() {
	grep -qF -- "$1" "$tmp/out" || tap_fail "$2: '$1' not on screen"
}

page grid7 1
has 'path 15 cost 140' 'grid7: the path costs 140'
tap_check "the 7x7 grid: 14 steps of 10, path cost 140"
page grid7 2
has 'E 3,6 new: g 10 h 30 f 40' 'grid7: east neighbour'
has 'N 2,5 new: g 10 h 50 f 60' 'grid7: north neighbour'
tap_check "the 7x7 grid: the first step's f 40 and 60"

page euclid 1
has 'W 1,2 new: g 10 h 59 f 69' 'euclid: west (the tutorials 7)'
has 'E 3,2 new: g 10 h 39 f 49' 'euclid: east (the tutorials 5)'
has 'NE 3,1 new: g 14 h 40 f 54' 'euclid: north-east (the tutorials 5.54)'
has 'f 7. East: g 1, h 4, f 5.' 'euclid: the tutorials values'
tap_check "Euclid: the tutorials' 7, 5, 5.54 beside hunted's 69, 49, 54"

page forest 2
has 'BFS 4-way (steps, costs ignored)' 'forest: BFS page'
has 'path 8 cost 150' 'forest: BFS walks through'
tap_check "the forest: BFS walks through it, cost 150"
page forest 3
has 'path 14 cost 130' 'forest: Dijkstra goes round'
tap_check "the forest: Dijkstra goes round it, cost 130"

page classic 1
has 'E 3,3 new: g 10 h 30 f 40' 'classic: C at F 40 = G 10 + H 30'
has 'NE 3,2 new: g 14 h 40 f 54' 'classic: diagonal 54 = 14 + 40'
has 'N 2,2 new: g 10 h 50 f 60' 'classic: the others 60'
has 'NW 1,2 new: g 14 h 60 f 74' 'classic: and 74'
tap_check "the classic figure: F 40, 54, 60 and 74 under Manhattan h"
page classic 2
has 'expands 3,3' 'classic: step 2 expands C'
has 'not better: N S SW NW' 'classic: G 14 is not replaced by 20'
tap_check "the classic figure: G 14 is kept, not replaced by 10 + 10"

# Step 3 takes one of two cells with the same f, g and h: g did not
# decide it, the order they were pushed in did.
"$bin" --headless --no-timing --dump-screen --lesson classic --keys '' \
	--view-keys nn >"$tmp/out" 2>&1 || tap_fail "classic step 3: exit $?"
has 'step 3/12: expands 3,2' 'classic: step 3'
sed -n 's/^|.* | *//p' "$tmp/out" | tr '\n' ' ' | grep -qF \
	'tied with 1: same g and h: the first pushed goes first' ||
	tap_fail "classic step 3: the tie is not said to go by push order"
tap_check "a full tie (same g and h) is not said to go by the higher g"

page rings 1
has 'step 20/58' 'rings: BFS after 20 steps'
page rings 3
has ' BFS          58    60' 'rings: BFS expands 58'
has ' A*            7    60' 'rings: A* expands 7'
tap_check "rings: BFS expands 58 cells where A* expands 7"

page errata 1
has 'SE 3,3 new: g 42 h 0 f 42' 'errata: the goal pushed at g 42'
tap_check "errata: the goal enters the open list at g 42"
page errata 2
has 'path 3 cost 40' 'errata: the true path costs 40'
tap_check "errata: taken off the list, the goal's path costs 40"
# e stops the view's search early, as three tutorials do: the path it
# shows then costs 42; e again, and it is back to 40.
"$bin" --headless --no-timing --dump-screen --lesson errata --keys '' \
	--view-keys ' e' >"$tmp/out" 2>&1 || tap_fail "errata e: exit $?"
has 'path 2 cost 42' 'errata: the early stop returns the dearer path'
"$bin" --headless --no-timing --dump-screen --lesson errata --keys '' \
	--view-keys ' ee' >"$tmp/out" 2>&1 || tap_fail "errata ee: exit $?"
has 'path 3 cost 40' 'errata: e again stops when the goal leaves the list'
tap_check "errata: e stops early at 42, e again finds 40"

page errata 3
has 'w=10 (f=g+w*h)' 'errata: A* with a large h'
has 'path 2 cost 42' 'errata: large h goes greedy'
has ' greedy        2    42' 'errata: greedy alike'
tap_check "errata: a large h makes A* greedy, not breadth-first"
page errata 4
has 'BFS no-corner (steps, costs ignored)' 'errata: BFS beside it'
has 'expanded 7 open 8' 'errata: BFS spreads in rings'
tap_check "errata: breadth-first search shown beside greedy"

tap_done
