#!/bin/bash
# SPDX-License-Identifier: MIT
# test_code_e2e.sh - the code panel in the real game at 80x24: the AI
# view shown, given the keys (v), C opens the code beside the search on
# its first line; n takes the first step, each dot a line on and each
# comma a line back, the marked line and the values of current, next,
# new_cost and f following them; b steps back a whole expansion.  At
# 160x50, beside the map, the neighbour the line speaks of is marked
# even under a monster.
#
# Skipped (exit 77) only when tmux is not installed.  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup code
export HUNTED_DATA=$data
export XDG_DATA_HOME=$tmp/xdg

# marked N TEXT: the marked line is line N and reads TEXT.
marked() {
	wait_for "^ >[ 0-9]?$1 +$2" ||
		bad "the marked line is not line $1 ($2)"
}

start_game 80 24 --map tutorial --seed 1 --no-watch --ai-view
wait_for '^HP 30/30  Turn 0 ' || bad "the game did not start"
keys .
wait_for '^HP 30/30  Turn 1 ' || bad "a turn did not pass"
keys v C
wait_for 'CODE: A\* \(open/closed\)  step 0/5, line 1/96' ||
	bad "C does not open the code panel"
marked 1 'open = \[start\]; closed = \[\]; g\[start\] = 0'
wait_for '^ current none yet  f 40' || bad "the start's values are not shown"
ok "C opens the code panel on the first line, the start pushed"

keys n
marked 3 'current = the cell in open with the lowest f'
wait_for '^ current 11,3 g 0$' || bad "current is not shown after n"
keys .
marked 6 'for each neighbour next of current:'
wait_for '^ current 11,3 g 0  next 11,2$' || bad "next is not shown"
keys .
marked 10 'new_cost = g\[current\] \+ cost\(current, next\)'
wait_for '^ current 11,3 g 0  next 11,2  new_cost 10$' ||
	bad "new_cost is not shown"
keys .
marked 13 'f = new_cost \+ h\(next\); push next on open  <- 54'
wait_for '^ current 11,3 g 0  next 11,2  new_cost 10  f 54$' ||
	bad "the priority is not shown"
wait_for 'line 5/96' || bad "the title does not count the lines"
ok "dots step the search line by line with its values"

keys , ,
marked 6 'for each neighbour next of current:'
wait_for '^ current 11,3 g 0  next 11,2$' ||
	bad "two lines back do not show the values as they were"
keys ,
marked 3 'current = the cell in open with the lowest f'
keys ,
marked 1 'open = \[start\]'
wait_for 'step 0/5, line 1/96' || bad "the first line is not step 0"
ok "commas step the search back line by line"

keys n n b
marked 3 'current = the cell in open with the lowest f'
wait_for 'step 1/5, line 2/96' || bad "b does not step back an expansion"
ok "n and b step whole expansions in the code panel"

keys C
wait_gone 'CODE: ' || bad "C does not close the code panel"
ok "C closes the code panel"

# At 160x50 the map stays beside the code, and the neighbour the line
# speaks of is marked there even under a monster: on the 33rd line of the
# first step, the goblin's own cell, closed, shows the goblin in the
# neighbour's colours (reverse video, cyan) instead of its own.
# cell_sgr ROW COL: the SGR state (reverse, foreground) of the screen's
# cell, from capture-pane -e.
cell_sgr() {
	$T capture-pane -e -p -t g | sed -n "$1p" | python3 -c '
import re, sys
line, col = sys.stdin.read(), int(sys.argv[1])
rev, fg, x = 0, 39, 0
for tok in re.findall(r"\x1b\[([0-9;]*)m|(.)", line):
    if tok[1]:
        if x == col:
            print(rev, fg); break
        x += 1
        continue
    codes = [int(c) for c in tok[0].split(";") if c] or [0]
    for c in codes:
        if c == 0: rev, fg = 0, 39
        elif c == 7: rev = 1
        elif c == 27: rev = 0
        elif 30 <= c <= 37 or 90 <= c <= 97 or c == 39: fg = c
' "$2"
}
if command -v python3 >/dev/null 2>&1; then
	start_game 160 50 --map tutorial --seed 1 --no-watch --ai-view
	wait_for '^HP 30/30  Turn 0 ' || bad "the game did not start at 160x50"
	keys . v C n
	for ((i = 0; i < 33; i++)); do
		keys .
	done
	wait_for '> 9     if next is closed: skip it  <- 11,3$' ||
		bad "the 33rd line is not the goblin's cell, closed"
	[ "$(cell_sgr 4 11)" = "1 36" ] ||
		bad "the goblin's cell is drawn '$(cell_sgr 4 11)', not reverse cyan"
	ok "160x50: the neighbour under a monster is marked in its colours"
else
	tap_skip "160x50: the neighbour under a monster" "no python3"
fi

tap_done
