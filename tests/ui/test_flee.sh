#!/bin/bash
# SPDX-License-Identifier: MIT
# test_flee.sh - a hurt monster flees in the real game: a coward (a kind
# that flees at the first scratch) hit once runs away by its safety map;
# the AI view says why it flees, with its numbers, draws the safety map
# as its m layer, and the coward keeps moving away from the player.
#
# Skipped (exit 77) only when tmux is not installed.  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup flee
export HUNTED_DATA=$data
export XDG_DATA_HOME=$tmp/xdg

cat >"$tmp/flee.txt" <<EOF
include "$data/monsters.txt"
monster coward
	glyph 'c' color red speed 100 hp 40 attack 1 accuracy 10 sight 20
	opens_doors no drift 0 budget 0 flee 99
	description "Runs at the first scratch."
dungeon flee
	title "flee"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'c' floor monster coward
legend '>' stairs exit
MAP
##############################
#............................#
#..@c........................#
#............................#
#...........................>#
##############################
ENDMAP
EOF

# The coward's column and row on the screen (the map's rows and columns
# only: the panel's words beside it hold c's).
coward_at() {
	screen | head -6 | cut -c1-30 | awk '{ i = index($0, "c"); if (i) { print i - 1, NR - 1; exit } }'
}
# How far the coward is from the player, in king's moves.
apart() {
	local px py cx cy dx dy
	read -r px py <<<"$(player_at)"
	read -r cx cy <<<"$(coward_at)"
	[ -n "${cx:-}" ] || { echo -1; return; }
	dx=$((cx > px ? cx - px : px - cx))
	dy=$((cy > py ? cy - py : py - cy))
	echo $((dx > dy ? dx : dy))
}
# key KEY TURN: sends KEY and waits for the status line's turn TURN.
key() {
	$T send-keys -t g "$1"
	wait_for "^HP [0-9]+/30  Turn $2 " || bad "key $1: turn $2 not reached"
}

start_game 130 40 --map "$tmp/flee.txt" --seed 1 --no-watch --ai-view
wait_for '^HP 30/30  Turn 0 ' || bad "the game did not start"
key l 1
wait_for 'You hit the coward' || bad "the coward was not hit"
# The panel wraps the line at its width.
wait_for '\| +fleeing: hurt, [0-9]+ of 40 HP' ||
	bad "the AI view does not say the coward flees because it is hurt"
wait_for '\(flees at 99% or below\);' ||
	bad "the AI view does not give the coward's flee threshold"
ok "the AI view says why a monster flees, with its numbers"

d0=$(apart)
key . 2
d1=$(apart)
key . 3
d2=$(apart)
key . 4
d3=$(apart)
[ "$d0" -ge 1 ] && [ "$d1" -gt "$d0" ] && [ "$d2" -gt "$d1" ] &&
	[ "$d3" -gt "$d2" ] ||
	bad "the coward does not move away: $d0, $d1, $d2, $d3 moves from the player"
ok "the fleeing monster moves away from the player"

keys v m
wait_for '\| +fleeing: safety map 0-9 a-z' ||
	bad "m does not draw the safety map"
# The layer's values fill the room around the coward.
screen | sed -n 2p | grep -Eq '^#[0-9a-z+@c]{28}#' ||
	bad "the safety map's values are not drawn over the room"
ok "m draws the fleeing monster's safety map"

tap_done
