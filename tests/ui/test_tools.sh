#!/bin/bash
# SPDX-License-Identifier: MIT
# test_tools.sh - the player's tools in the real game in a real terminal
# (tmux, as test_e2e.sh): each tool picked up, used with i and a, and the
# change it made that a monster re-plans by, named on the screen by the
# AI view or the messages.  Every check polls for the text it expects.
#
# Skipped (exit 77) only when tmux is not installed.  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup tools
export HUNTED_DATA=$data
export XDG_DATA_HOME=$tmp/xdg0

# start MAP ARGS...: a new game of $tmp/MAP.txt in a wide terminal, with
# the AI view on (a fresh server, and no save left by the last game).
start() {
	local map=$1
	shift
	# A folder of its own: the last game, saved as its server goes,
	# must not be resumed.
	export XDG_DATA_HOME=$tmp/xdg$((n + 1))
	session 130 40 \
		"$bin --map $tmp/$map.txt --seed 1 --no-watch --ai-view $*"
	wait_for '^HP 30/30  Turn 0 ' || bad "$map: the game did not start"
}

# key KEY TURN: sends KEY and waits for the status line's turn TURN.
key() {
	$T send-keys -t g "$1"
	wait_for "^HP [0-9]+/30  Turn $2 " || bad "key $1: turn $2 not reached"
}

# map NAME TOOL-LEGEND ROWS...: a map file with the shipped kinds.
map() {
	local name=$1 legend=$2
	shift 2
	{
		echo "include \"$data/monsters.txt\""
		echo "dungeon $name"
		echo "	title \"$name\""
		echo "legend '#' wall"
		echo "legend '.' floor"
		echo "legend '@' floor player"
		echo "legend 'g' floor monster goblin"
		echo "legend \"'\" door_open"
		echo "legend '>' stairs exit"
		echo "$legend"
		echo MAP
		printf '%s\n' "$@"
		echo ENDMAP
	} >"$tmp/$name.txt"
}

# 1. Caltrops: a hunting goblin's way is through the near gap; caltrops
# thrown into it make it dear, and the goblin goes round by the far gap.
map caltrops "legend 'C' floor key caltrops_bag" \
	'#################' \
	'#.....@C........#' \
	'#...............#' \
	'#######.####.####' \
	'#...............#' \
	'#...............#' \
	'#...............#' \
	'#...............#' \
	'#...............#' \
	'#.......g......>#' \
	'#################'
start caltrops --hunt
key l 1
$T send-keys -t g i
wait_for 'Pack: 1 caltrops bag\. \(a uses one\)' || bad "caltrops: i does not list the pack"
$T send-keys -t g a
wait_for 'Throw the caltrops bag which way\?' || bad "caltrops: a does not ask which way"
key j 2
wait_for 'You use the caltrops bag\.' || bad "caltrops: not used"
wait_for 'cache re-planned 1 ago: the caltrops bag at 7,3' ||
	bad "caltrops: the goblin's re-plan does not name the caltrops"
# Its path (*) now runs through the far gap, not the near one.
screen | sed -n 4p | grep -q '^#######\^####\*####' ||
	bad "caltrops: the goblin does not go round by the far gap"
ok "caltrops: the goblin re-plans round them, and the AI view says why"

# 2. A noise-maker thrown down the corridor: the goblin out of sight,
# within hearing, goes to look.
map noise "legend 'N' floor key noisemaker" \
	'##########################' \
	'#@N.....................>#' \
	'#############.############' \
	'#...........g............#' \
	'##########################'
start noise
key l 1
$T send-keys -t g a
wait_for 'Throw the noisemaker which way\?' || bad "noise: a does not ask which way"
key l 2
wait_for 'The goblin hears the noisemaker at 8,1 and comes to look' ||
	bad "noise: the goblin does not hear it"
wait_for 'cache fresh \(heard the noisemaker\)' ||
	bad "noise: the goblin's re-plan does not name the noisemaker"
ok "noise-maker: the goblin goes to look, and the AI view says why"

# 3. A wedge: the open door beside the player shut and wedged; the
# goblin's way is gone.
map wedge "legend 'W' floor key wedge" \
	'##################' \
	"#>@W'...........g#" \
	'##################'
start wedge --hunt
key l 1
$T send-keys -t g a
wait_for 'Wedge with the wedge which way\?' || bad "wedge: a does not ask which way"
key l 2
wait_for 'You use the wedge\.' || bad "wedge: not used"
wait_for 'cache re-planned 1 ago: the wedge at 4,1' ||
	bad "wedge: the goblin's re-plan does not name the wedge"
screen | sed -n 2p | grep -q '^#>\.@X' || bad "wedge: the door is not wedged"
ok "wedge: the door shut for good, and the AI view says why"

# 4. Smoke: the goblin that sees the player loses it, and searches where
# it saw it last.
map smoke "legend 'S' floor key smoke_bomb" \
	'########################' \
	'#.....@S...............#' \
	'#.............g........#' \
	'#>.....................#' \
	'########################'
start smoke
key l 1
wait_for '^goblin#0 chase' || bad "smoke: the goblin does not hunt"
key a 2
wait_for 'The goblin lost sight of you in the smoke; it heads for 7,1\.' ||
	bad "smoke: the goblin does not lose sight"
wait_for '^goblin#0 search' || bad "smoke: the goblin does not search"
# The AI view's panel: its new mode and goal, the spot the smoke hid.
wait_for '\| +search, goal 7,1' ||
	bad "smoke: the AI view does not show the search of the last spot"
ok "smoke: the goblin loses sight and searches, and the messages and the AI view say why"

# 5. A tool's use is a command like any other: a recording keeps its
# letters (a, the item's letter, the direction) and replays exactly.
"$bin" --map "$tmp/caltrops.txt" --seed 1 --headless --hunt \
	--keys "la1j....." --record "$tmp/caltrops.rec" >/dev/null 2>&1 ||
	bad "record: the game did not run"
grep -q '^turn 2 a1j [0-9a-f]*$' "$tmp/caltrops.rec" ||
	bad "record: the use is not recorded as a1j"
"$bin" --headless --replay "$tmp/caltrops.rec" >/dev/null 2>&1 ||
	bad "record: the replay diverges"
ok "a tool's use is recorded as its letters and replays exactly"

tap_done
