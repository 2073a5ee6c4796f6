#!/bin/sh
# SPDX-License-Identifier: MIT
# test_code.sh - the AI view's code panel (C): the search's loop as
# pseudocode with the line the trace is on marked.  Every kind of trace
# event is shown once, on the tutorial's goblin (A*), the sealed goblin
# of the nopath lesson and the kennels' zombie out of budget, and each
# has its golden screen (tests/golden/code-KIND.txt) whose marked line
# must be that kind's;
# the frontier form (Dijkstra, greedy, BFS) and jump point search have
# theirs; the panel fits 80x24 and is wider at 160x50, where the map
# beside it marks the neighbour the line speaks of (N).
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
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_code.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# dots N: N dots, a line each.
dots() {
	local i=0 s=''
	while [ "$i" -lt "$1" ]; do
		s="$s."
		i=$((i + 1))
	done
	printf '%s' "$s"
}

# code NAME LINE SAID ARGS...: the golden screen NAME, whose marked line
# (">") reads LINE and whose words under the code read SAID.
code() {
	local name=$1 line=$2 said=$3
	shift 3
	"$bin" --headless --no-timing --dump-screen "$@" >"$tmp/$name.out" \
		2>/dev/null || tap_fail "$name: exit $?"
	tap_golden "$golden/$name.txt" "$tmp/$name.out"
	grep -q ">[ 0-9][0-9] $line" "$tmp/$name.out" ||
		tap_fail "$name: the marked line is not '$line'"
	grep -qF "$said" "$tmp/$name.out" ||
		tap_fail "$name: does not say '$said'"
	grep -q '^cut: ' "$tmp/$name.out" &&
		tap_fail "$name: $(grep '^cut: ' "$tmp/$name.out")"
	tap_check "code panel: $name"
}

# The tutorial's goblin one turn in: n takes the first step (its
# expansion), each dot a line of it.
tut='--map tutorial --seed 1 --keys . --ai-view'
# shellcheck disable=SC2086
{
code code-start 'open = \[start\]' 'the start goes on the list, g 0' \
	$tut --view-keys vC
code code-expand '  current = the cell in open with the lowest f' \
	'the lowest priority leaves the list' $tut --view-keys vCn
code code-neighbour '  for each neighbour next of current:' \
	'the next neighbour' $tut --view-keys "vCn$(dots 1)"
code code-cost '    new_cost = g\[current\] + cost(current, next)' \
	'its cost by this way' $tut --view-keys "vCn$(dots 2)"
code code-push '      f = new_cost + h(next); push next on open' \
	'cheaper this way: parent set, pushed' $tut --view-keys "vCn$(dots 3)"
code code-skip-wall '    if next is a wall: skip it' \
	'a wall (or off the map): skipped' $tut --view-keys "vCn$(dots 8)"
code code-skip-corner '    if the step cuts a corner: skip it' \
	'the step would cut a corner: skipped' $tut --view-keys "vCn$(dots 16)"
code code-not-better '    if next not in open or new_cost < g\[next\]:' \
	'no cheaper than it was: left alone' $tut --view-keys "vCn$(dots 25)"
code code-skip-closed '    if next is closed: skip it' \
	'closed, and no cheaper: skipped' $tut --view-keys "vCn$(dots 33)"
code code-goal '  if current == goal: stop, the path is found' \
	'the goal leaves the list: path found' $tut --view-keys "vCN."
# The sealed goblin's search ends with its open list empty.
code code-no-path '# open is empty: no path' \
	'nothing left to look at: no path' --lesson nopath --keys '' \
	--view-keys "CN$(dots 17)"
# The kennels' zombie (seed 2) spends its budget of 40 before it finds
# the player: its search ends on the budget's line.
code code-budget '# out of budget: stop before the goal' \
	'the budget is spent: the search stops' --map kennels --seed 2 \
	--keys . --ai-view --view-keys "v<tab>CN$(dots 30)"
# The frontier form: Dijkstra (A once), greedy (twice), BFS (three
# times); jump point search (four times) reads the open and closed lists
# with jumps for neighbours.
code code-dijkstra '    new_cost = cost_so_far\[current\] + cost(current, next)' \
	'its cost by this way' $tut --view-keys "vACn$(dots 2)"
code code-greedy '      frontier.put(next, priority)' \
	'cheaper this way: parent set, pushed' $tut --view-keys "vAACn$(dots 3)"
code code-bfs '    new_cost = cost_so_far\[current\] + 1' \
	'its cost by this way' $tut --view-keys "vAAACn$(dots 2)"
code code-jps '  for each jump point next from current:' \
	'the next neighbour' $tut --view-keys "vAAAACn$(dots 1)"
# 160 columns: the code beside the map, the marked line's value beside it.
code code-wide '      f = new_cost + h(next); push next on open  <- ' \
	'cheaper this way' $tut --screen 160x50 --view-keys "vCn$(dots 3)"
}
grep -q ' 7     if next not in cost_so_far:$' "$tmp/code-greedy.out" ||
	tap_fail "greedy: cost_so_far is not only asked whether it has next"
grep -q ' 9       priority = heuristic(goal, next)$' "$tmp/code-greedy.out" ||
	tap_fail "greedy: the priority is not the heuristic"
tap_check "greedy best-first never lowers a cost, and sorts by h"
# At 160 columns the map stays beside the code.
grep -q '^|#\.\.\.' "$tmp/code-wide.out" ||
	tap_fail "160x50: the map is not beside the code"
tap_check "160x50: the map stays beside the code panel"

# Beside the map the cell the marked line speaks of is marked N: for
# every kind of event about a neighbour, the cell the values name next
# (the map drawn from 0,0: the dump's row y+2, column x+2), and none on
# an expansion's line.  (A monster on the cell keeps its glyph, as on
# the current one: line 56, a closed cell, is not the goblin's.)
# next_at FILE: the map's character at the values' next x,y, or "none".
next_at() {
	local xy x y
	xy=$(sed -n 's/^| *current .*  next \([0-9]*\),\([0-9]*\).*/\1 \2/p' "$1")
	[ -n "$xy" ] || { echo none; return; }
	x=${xy% *}
	y=${xy#* }
	sed -n "$((y + 2))p" "$1" | cut -c"$((x + 2))"
}
# shellcheck disable=SC2086
{
code code-wide-wall '    if next is a wall: skip it' 'a wall (or off the map)' \
	$tut --screen 160x50 --view-keys "vCn$(dots 8)"
}
for n in 1 2 3 8 16 25 56; do
	# shellcheck disable=SC2086
	"$bin" --headless --no-timing --dump-screen $tut --screen 160x50 \
		--view-keys "vCn$(dots $n)" >"$tmp/next.out" 2>/dev/null
	at=$(next_at "$tmp/next.out")
	[ "$at" = N ] || tap_fail "line $n of the step: next is drawn '$at', not N"
	[ "$(sed -n '2,14p' "$tmp/next.out" | cut -c1-23 | grep -o N | wc -l)" = 1 ] ||
		tap_fail "line $n of the step: not exactly one N on the map"
done
grep -q 'on the map: O current, N next' "$tmp/code-wide.out" ||
	tap_fail "160x50: the panel does not say what O and N mark"
# shellcheck disable=SC2086
"$bin" --headless --no-timing --dump-screen $tut --screen 160x50 \
	--view-keys "vCn" >"$tmp/exp.out" 2>/dev/null
sed -n '2,14p' "$tmp/exp.out" | cut -c1-23 | grep -q N &&
	tap_fail "an expansion's line marks a neighbour"
tap_check "160x50: the neighbour the line speaks of is marked N on the map"

# A line on and a line back come to the same screen; the search's first
# and last lines say they are.
sed -n '/^screen/,/^|HP/p' "$tmp/code-cost.out" >"$tmp/cost.scr"
# shellcheck disable=SC2086
"$bin" --headless --no-timing --dump-screen $tut --view-keys "vCn.....,,," \
	>"$tmp/back.out" 2>/dev/null
sed -n '/^screen/,/^|HP/p' "$tmp/back.out" >"$tmp/back.scr"
cmp -s "$tmp/back.scr" "$tmp/cost.scr" ||
	tap_fail "five lines on and three back is not the second line"
# shellcheck disable=SC2086
"$bin" --headless --no-timing --dump-screen $tut --view-keys "vC," \
	>"$tmp/first.out" 2>/dev/null
grep -q 'The search starts on this line' "$tmp/first.out" ||
	tap_fail "a line back from the first does not say it is the first"
tap_check "lines step back as they step on"

tap_done
