#!/bin/bash
# SPDX-License-Identifier: MIT
# test_crowd.sh - a crowd's messages in the real game, with the AI view
# on: sixteen monsters of four kinds round the player spot it in one
# turn, and the message line says so once ("10 monsters spot you!", the
# ones it sees),
# with no --More-- to press; wolves that see the player from beyond its
# sight are not in the messages at all.
#
# Skipped (exit 77) only when tmux is not installed.  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup crowd
export HUNTED_DATA=$data
export XDG_DATA_HOME=$tmp/xdg

cat >"$tmp/crowd.txt" <<EOF
include "$data/monsters.txt"
dungeon crowd
	title "crowd"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'r' floor monster rat
legend 'g' floor monster goblin
legend 'o' floor monster orc
legend 'k' floor monster kobold
legend 'w' floor monster wolf
legend '>' stairs exit
MAP
##########################################
#........................................#
#.....rgok....w..........................#
#.....gokr....w..........................#
#.@...okrg...............................#
#.....krgo....w..........................#
#.............w.........................>#
##########################################
ENDMAP
EOF

start_game 120 40 --map "$tmp/crowd.txt" --seed 1 --no-watch --ai-view
wait_for '^HP 30/30  Turn 0 ' || bad "the game did not start"
$T send-keys -t g .
wait_for 'Turn 1 ' || bad "turn 1 was not reached"
wait_for 'monsters spot you!' ||
	bad "the sightings are not folded into one line"
screen | grep -Eq '^1[0-6] monsters spot you!' ||
	bad "the folded line does not count the monsters in sight"
ok "a crowd spotting the player is one line, with its count"

screen | grep -q -- '--More--' &&
	bad "the first turn of a crowd asks for --More--"
ok "no --More-- for the crowd's first turn"

screen | grep -q 'wolf spots you' &&
	bad "wolves the player cannot see are in the messages"
ok "what the player did not see is not in the messages"

tap_done
