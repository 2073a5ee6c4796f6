#!/bin/bash
# SPDX-License-Identifier: MIT
# test_viewkeys_e2e.sh - every key of the AI view says what it did, in the
# real game at 80x24: each key of the view's tables (the keys it keeps
# while the game has them, and its own while it has them) is pressed in
# turn and the newest line of the log must say what that key did, word
# for word; the step keys that move say it on the stats line (the step
# shown) or the code panel's title (the line), and say why when they
# cannot move.  test_viewkeys.sh checks that every key changes the lines
# under the map; this one reads what they say.
#
# Skipped (exit 77) only when tmux is not installed.  One TAP result per
# group of keys (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup viewkeys
export HUNTED_DATA=$data
export XDG_DATA_HOME=$tmp/xdg

# newest: the newest line of the log, the last line with text.
newest() { screen | sed '/^ *$/d' | tail -n 1; }

# says KEY TEXT: KEY pressed, the newest line of the log reads TEXT (a
# fixed string, with " (xN)" after it when it repeats).
says() {
	local i
	keys "$1"
	for ((i = 0; i < wait_secs * 20; i++)); do
		case $(newest) in
		"$2" | "$2 (x"[0-9]*")") return 0 ;;
		esac
		sleep 0.05
	done
	bad "$1 does not say '$2' (the log's newest line: '$(newest)')"
}

# shows KEY REGEX: KEY pressed, a line of the screen matches REGEX.
shows() {
	keys "$1"
	wait_for "$2" || bad "$1 does not show '$2'"
}

cd "$tmp" || exit 99
start_game 80 24 --map tutorial --seed 1 --no-watch
wait_for '^HP 30/30  Turn 0 ' || bad "the game did not start"
keys .
wait_for '^HP 30/30  Turn 1 ' || bad "a turn did not pass"

# The keys the view keeps while the game has its keys.
says '`' 'AI view on: the game keeps its keys, v gives them to the view.'
says Tab 'Following goblin#0.'
says F2 'AI view off.'
says F2 'AI view on: the game keeps its keys, v gives them to the view.'
says v 'The AI view has the keys (? lists them); v or Esc gives them back to the game.'
ok '` F2 Tab v say what they did'

# The layers, each on and off.
says p 'Paths hidden.'
says p 'Paths shown.'
says '*' "Every monster's path shown."
says '*' "Only the followed monster's path shown."
says o 'Open and closed cells hidden.'
says o 'Open and closed cells shown.'
says g 'Layer g: the cost so far.'
says h 'Layer h: the estimate to the goal.'
says f "Layer f: the open list's key."
says f 'Value layer off.'
says a "Arrows to each cell's parent shown."
says a 'Parent arrows off.'
says c "Layer: each cell's cost."
says c 'Cost layer off.'
says m 'Shared map: distance to the goal.'
says m 'Shared map: arrows downhill.'
says m 'Shared map off.'
says k 'Path caches and re-plans shown.'
says k 'Path caches hidden.'
ok 'p * o g h f a c m k say what they did'

# The tables and the other searches beside the shown one.
says T 'Heuristics table: A* by each heuristic.'
says T 'Heuristics table off.'
says z 'Cell boxes: f top left, g bottom left, h bottom right, the arrow to the parent.'
says z 'Cell boxes off.'
says y 'Hierarchy: ! subgoals, 0-9 the subgoal path, * its cells.'
says y 'Hierarchy off.'
says r 'D* Lite: the same query, repaired after each change instead of searched again.'
says r 'D* Lite off.'
ok 'T z y r say what they did'

# The search's settings, and back to the monster's own.
says H 'Heuristic: chebyshev.'
says D 'Diagonal rule: always.'
says W 'Weight: 1.5.'
says A 'Algorithm: Dijkstra.'
says t 'Ties: first in, first out (no tie-breaking).'
says t 'Ties: toward the lower h.'
says e 'Early stop: the search ends when the goal enters the open list (a mistake).'
says e 'Early stop off: the search ends when the goal leaves the open list.'
says 0 "The monster's own settings again."
ok 'H D W A t e 0 say what they did'

# Step mode: the keys that move say it on the stats line, the others why
# they cannot.
says s 'Step mode: n next, b back, N end, B start, J jump to a step.'
says b 'Step 0: the search starts here.'
shows n ' \| step 1/5$'
shows N ' \| step 5/5$'
says n 'The search ends at step 5.'
says N 'The search ends at step 5.'
shows B ' \| step 0/5$'
says B 'Step 0: the search starts here.'
says J 'Jump to step: type it, then Enter (Esc cancels).'
keys 3
shows Enter ' \| step 3/5$'
says J 'Jump to step: type it, then Enter (Esc cancels).'
keys 9 9
says Enter 'The search has 5 steps: step 5 shown.'
says s 'Step mode off.'
ok 's b n N B J say what they did'

# The code panel: . and , move its marked line, and say why not at the
# search's ends.
says C 'Code panel: . next line, , back, n b a whole step.'
says , 'The search starts on this line.'
shows . 'line 2/96$'
shows , 'line 1/96$'
says C 'Code panel off.'
ok 'C . , say what they did'

# Export, the sandbox, the list of keys, a key the view does not know,
# and the keys back to the game.
keys E
wait_for '^Exported the search: hunted-search-t1-goblin0\.json \(trace\)' ||
	bad "E does not name the files it wrote"
[ -s "$tmp/hunted-search-t1-goblin0.json" ] || bad "E wrote no trace"
# The sandbox's own mode line is under its message.
shows S '^Sandbox: space paints wall \(\[ \]\), s start, g goal, U undo, C clear, w save\.$'
says Escape 'Sandbox closed; the dungeon stays as drawn.'
shows '?' 'While the AI view has the keys \(v\)'
keys Escape
wait_gone 'While the AI view has the keys \(v\)' || bad "Esc does not close the list"
says u 'The AI view has the keys: v or Esc gives them back to the game.'
says Escape 'The game has the keys again; v gives them to the AI view.'
says v 'The AI view has the keys (? lists them); v or Esc gives them back to the game.'
says v 'The game has the keys again; v gives them to the AI view.'
says '`' 'AI view off.'
ok 'E S ? Esc v and an unknown key say what they did'

tap_done
