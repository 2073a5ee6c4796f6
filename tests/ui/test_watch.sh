#!/bin/bash
# SPDX-License-Identifier: MIT
# test_watch.sh - watch mode (--watch) in a real terminal (tmux, as
# test_travel.sh drives it): the game starts paused (--pace 0) with the
# AI view on; turns stepped one at a time until a goblin hunts, and the
# view follows it and says why; a step forward and a step back move the
# turn counter and bring back the same screen; + and - pace it; any
# other key takes over, says so, and moves the player, and the watch's
# keys are the game's again, and its save keeps the watched turns;
# space pauses and plays; q quits, asked first, keeping nothing; when
# the hunter dies the view follows the next, saying why; the end of a
# game gives way to the next.  No check waits for
# turns to pass or depends on how many did: the turns checked are
# stepped by keys.
#
# Skipped (exit 77) only when tmux is not installed.  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup watch
export HUNTED_DATA=$data
unset NO_COLOR

# The turn on the status line.
turn() { screen | sed -n 's/^HP [0-9]*\/[0-9]*  Turn \([0-9]*\) .*/\1/p'; }
# The map's rows: the screen above the status line, the side panel off.
map_rows() { screen | sed -n '1,9p' | cut -c1-29; }

# Two goblins in a hall between the player and the stairs.
cat >"$tmp/hunt.txt" <<HUNT
include "$data/monsters.txt"
dungeon hunt
	title "The watched hunt"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'g' floor monster goblin
legend '>' stairs exit
MAP
#############################
#@..........................#
#...........................#
#.........g.................#
#...........................#
#...........................#
#...................g.......#
#..........................>#
#############################
ENDMAP
HUNT

# Its own folder for saves and scores: a watched game is not kept until
# the player takes it over.
session 80 24 "XDG_DATA_HOME=$tmp/xdg $bin --watch --map $tmp/hunt.txt --seed 1 --pace 0"

# 1. It starts paused, the AI view on, the keys said.
wait_for '^HP 30/30  Turn 0 .*WATCH paused 250ms' ||
	bad "start: no 'WATCH paused' on the status line"
wait_for 'AI VIEW' || bad "start: the AI view is not on"
wait_for '^Watch mode: space pauses, \. and , step' ||
	bad "start: the watch's keys are not said"
ok "--watch starts paused (--pace 0) with the AI view on"

# 2. Stepped a turn at a time until a goblin hunts: the view follows it
# and says who and why; the panel shows it chasing.
for ((i = 0; i < 20; i++)); do
	screen | grep -q 'The view follows goblin#[0-9]: it saw you' && break
	t=$(turn)
	keys . || break
	[ "$(turn)" = $((t + 1)) ] || bad "step: turn $(turn) after $t"
done
wait_for 'The view follows goblin#0: it saw you\.' ||
	bad "follow: the view does not say it follows goblin#0"
wait_for '^goblin#0 chase \|' ||
	bad "follow: the stats line does not show goblin#0 chasing"
ok "the AI view follows the goblin that hunts, and says why"

# 3. One turn forward and back: the counter moves and comes back, the
# map as it was.
t=$(turn)
before=$(map_rows)
keys .
[ "$(turn)" = $((t + 1)) ] || bad "forward: turn $(turn), expected $((t + 1))"
keys ,
wait_for "^Back to turn $t\." || bad "back: no 'Back to turn $t.'"
[ "$(turn)" = "$t" ] || bad "back: turn $(turn), expected $t"
[ "$(map_rows)" = "$before" ] || bad "back: the map is not as it was on turn $t"
keys .
[ "$(turn)" = $((t + 1)) ] || bad "forward again: turn $(turn), expected $((t + 1))"
ok "a step forward and a step back move the turn and come back"

# 4. + and - pace it, saying so.
keys +
wait_for '^A turn every 125 ms\.' || bad "+: not said"
keys -
wait_for '^A turn every 250 ms\.' || bad "-: not said"
ok "+ and - change the pace"

# 5. Any other key takes over: said, the watch gone from the status
# line, and the key moves the player (left, or right by a wall).
t=$(turn)
pos=$(screen | awk '{ i = index(substr($0, 1, 29), "@"); if (i) { print i - 1, NR - 1; exit } }')
col=${pos% *}
row=${pos#* }
left=$(screen | sed -n "$((row + 1))p" | cut -c"$col")
if [ "$left" = . ]; then k=h; else k=l; fi
keys "$k"
wait_for '^You have the controls\.' || bad "take over: not said"
screen | grep -q WATCH && bad "take over: WATCH still on the status line"
[ "$(turn)" = $((t + 1)) ] || bad "take over: turn $(turn), expected $((t + 1))"
now=$(screen | awk '{ i = index(substr($0, 1, 29), "@"); if (i) { print i - 1, NR - 1; exit } }')
[ "$now" != "$pos" ] || bad "take over: the player did not move ($pos)"
ok "a key takes over, says so, and moves the player"

# 6. The watch's keys are the game's now: . waits a turn, , picks up
# (nothing there), no step back.
t=$(turn)
backs=$(screen | grep -c '^Back to turn')
keys .
[ "$(turn)" = $((t + 1)) ] || bad "game: . did not wait a turn"
keys ,
[ "$(turn)" -ge $((t + 1)) ] || bad "game: , stepped back"
[ "$(screen | grep -c '^Back to turn')" -le "$backs" ] ||
	bad "game: , still steps back"
ok "after the take-over the keys are the game's"

# 7. The game taken over is kept whole, the watched turns included: S
# saves it, and headless play resumes it on the turn it was saved.
t=$(turn)
keys S
wait_for 'Save the game and quit\? \(y/n\)' || bad "save: not asked"
$T send-keys -t g y
wait_for '^\[exit 0\]' || bad "save: no exit 0"
XDG_DATA_HOME=$tmp/xdg "$bin" --headless --save "$tmp/xdg/hunted/save.rec" \
	--turns 1 >"$tmp/out" 2>"$tmp/err" || bad "resume: exit $?"
grep -q "^summary: turns=$((t + 1)) " "$tmp/out" ||
	bad "resume: not resumed on turn $t: $(cat "$tmp/out" "$tmp/err")"
ok "the game taken over is saved whole and resumes"

# 8. Space pauses and plays, saying so, in a game that plays by itself
# (a turn every 10 s: how many pass does not matter here).
session 80 24 "XDG_DATA_HOME=$tmp/xdg2 $bin --watch --map $tmp/hunt.txt --seed 1 --pace 10000"
wait_for 'WATCH playing 10000ms' || bad "play: no 'WATCH playing'"
keys ' '
wait_for 'WATCH paused 10000ms' || bad "pause: no 'WATCH paused'"
wait_for '^Paused: \. and , step a turn\.' || bad "pause: not said"
keys ' '
wait_for 'WATCH playing 10000ms' || bad "play: no 'WATCH playing' again"
wait_for '^Playing\.' || bad "play: not said"
ok "space pauses and plays the watched game"

# 9. q asks, and quitting leaves the watched game unkept: no score, no
# morgue file, no save.
keys q
wait_for 'Really quit\? \(y/n\)' || bad "quit: not asked"
screen | grep -q 'You have the controls' && bad "quit: q took over"
$T send-keys -t g y
wait_for '^\[exit 0\]' || bad "quit: no exit 0"
[ -z "$(ls -A "$tmp/xdg2/hunted" 2>/dev/null)" ] ||
	bad "quit: the watched game was kept: $(ls "$tmp/xdg2/hunted")"
ok "q quits a watched game, asked first, and keeps nothing of it"

# 10. Another monster takes over the hunt: with --hunt both goblins hunt
# from the start; the view follows the nearer, and when it dies, the
# other, saying why.
session 80 24 "XDG_DATA_HOME=$tmp/xdg3 $bin --watch --hunt --map $tmp/hunt.txt --seed 1 --pace 0"
wait_for '^HP 30/30  Turn 0 .*WATCH paused' || bad "hunt: did not start"
for ((i = 0; i < 40; i++)); do
	screen | grep -q 'The view follows goblin#1' && break
	keys . || break
done
wait_for 'The view follows goblin#1: it sees you \(goblin#0 is dead\)\.' ||
	bad "hunt: the view does not say it follows goblin#1 now, and why"
wait_for '^goblin#1 chase \|' ||
	bad "hunt: the stats line does not show goblin#1 chasing"
ok "when another monster takes over the hunt, the view follows it and says why"

# 11. As an attract mode: the end of a game gives way to the next seed's
# (the tutorial is won in a few turns; how many does not matter).
session 80 24 "XDG_DATA_HOME=$tmp/xdg4 $bin --watch --data-dir $fixed --map tutorial --seed 1 --pace 50"
wait_for 'A new game: seed [0-9]+\.' || bad "next: no new game after the end"
keys ' '
wait_for 'WATCH paused' || bad "next: space does not pause"
screen | grep '^HP' | grep -q '  seed 1  ' && bad "next: still seed 1"
[ -z "$(ls -A "$tmp/xdg4/hunted" 2>/dev/null)" ] ||
	bad "next: the watched games were kept: $(ls "$tmp/xdg4/hunted")"
ok "the end of a watched game gives way to the next seed's, unkept"

tap_done
