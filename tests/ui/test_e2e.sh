#!/bin/bash
# SPDX-License-Identifier: MIT
# test_e2e.sh - the real game in a real terminal: tmux runs hunted in a
# detached session of a fixed size, keys go in with send-keys and the
# screen comes back with capture-pane.  Every check polls for the text it
# expects (no fixed sleeps decide a result).  The exit status and the stty
# modes are printed by a non-interactive wrapper shell after the game, so
# a terminal left in raw mode is seen.
#
# Skipped (exit 77) only when tmux is not installed.  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup e2e
export HUNTED_DATA=$data
unset NO_COLOR
# The terminal game always keeps its saves, high scores and morgue files
# in $XDG_DATA_HOME/hunted: here, never in the real home.
export XDG_DATA_HOME=$tmp/xdg
xdg=$XDG_DATA_HOME/hunted

# dismiss_more: a key (space, which is no command) at each --More--
# until none is left; every page seen is kept in $tmp/pages, which
# seen REGEX searches.  After each key it waits for the screen to change,
# so that a slow redraw is neither taken for the next page nor sent a
# second key that would pass a page unseen.
dismiss_more() {
	local i j page
	: >"$tmp/pages"
	for ((i = 0; i < 20; i++)); do
		page=$(screen)
		printf '%s\n' "$page" >>"$tmp/pages"
		printf '%s\n' "$page" | grep -q -- '--More--' || return 0
		$T send-keys -t g Space
		for ((j = 0; j < wait_secs * 20; j++)); do
			[ "$(screen)" != "$page" ] && break
			sleep 0.05
		done
	done
	return 1
}
seen() {
	grep -Eq -- "$1" "$tmp/pages" && return 0
	{ echo "--- pages:"; cat "$tmp/pages"; } >&2
	return 1
}

# Checks the game has ended with status $1 and a restored terminal.
check_restored() {
	local what=$1 want=$2
	# The wrapper prints "[end]" once stty is done: wait for all of it.
	wait_for "^\[end\]" || {
		bad "$what: no [end] line: the game did not end, or left the terminal raw"
		return
	}
	screen | grep -q "^\[exit $want\]" ||
		bad "$what: exit status is not $want ($(screen | grep '^\[exit'))"
	[ "$($T display -p -t g '#{alternate_on}')" = 0 ] ||
		bad "$what: still in the alternate screen"
	screen | grep -Eq '(^|[ ;])icanon' && screen | grep -Eq '(^|[ ;])echo' ||
		bad "$what: the terminal was not given back its modes (icanon, echo)"
	screen | grep -Eq -- '-icanon|(^| )-echo( |$)' &&
		bad "$what: raw modes left behind"
	ok "$what"
}

# A small arena: a door next to the player, a goblin that sees it.
cat >"$tmp/arena.txt" <<ARENA
include "$data/monsters.txt"
dungeon arena
	title "The test arena"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'g' floor monster goblin
legend '+' door_closed
legend '>' stairs exit
MAP
#############################
#...........................#
#..@+.......................#
#...........................#
#...........................#
#.........g.................#
#...........................#
#..........................>#
#############################
ENDMAP
ARENA

# 1. Start on a fixed seed, no --map: the campaign's first level, its
# map, the player, the status line with the depth.
start_game 80 24 --seed 42
wait_for '^HP 30/30  Turn 0  Keys -  Depth 1/11 ambush  seed 42' ||
	bad "start: no status line with the depth"
wait_for '#####' || bad "start: no map"
[ -n "$(player_at)" ] || bad "start: no player"
wait_for 'The wall in the middle' || bad "start: no title message"
ok "start on seed 42 shows the campaign's first level, @ and the status line"

# 2. Moving: vi-key, arrow and keypad (application mode) move the @.
read -r x0 y0 <<<"$(player_at)"
$T send-keys -t g l
wait_for '^HP 30/30  Turn 1 ' || bad "move: the turn did not pass"
read -r x1 y1 <<<"$(player_at)"
[ "$x1" = $((x0 + 1)) ] && [ "$y1" = "$y0" ] || bad "move: @ went from $x0,$y0 to $x1,$y1 on 'l'"
$T send-keys -t g Down
wait_for '^HP 30/30  Turn 2 ' || bad "move: Down did not take a turn"
read -r x2 y2 <<<"$(player_at)"
[ "$y2" = $((y1 + 1)) ] || bad "move: Down went from $x1,$y1 to $x2,$y2"
$T send-keys -t g KP9
wait_for '^HP 30/30  Turn 3 ' || bad "move: keypad 9 did not take a turn"
read -r x3 y3 <<<"$(player_at)"
[ "$x3" = $((x2 + 1)) ] && [ "$y3" = $((y2 - 1)) ] || bad "move: KP9 went from $x2,$y2 to $x3,$y3"
ok "l, Down and keypad 9 move the player"

# Home is the keypad's 7 with NumLock off: up-left.
$T send-keys -t g Home
wait_for '^HP 30/30  Turn 4 ' || bad "move: Home did not take a turn"
read -r x4 y4 <<<"$(player_at)"
[ "$x4" = $((x3 - 1)) ] && [ "$y4" = $((y3 - 1)) ] || bad "move: Home went from $x3,$y3 to $x4,$y4"
x3=$x4 y3=$y4
ok "Home (keypad 7, NumLock off) moves up-left"

# Colours, and none with NO_COLOR.
$T capture-pane -e -p -t g | grep -q $'\033\[3[0-7]' || bad "colour: no colours drawn"
ok "the map is drawn in colour"

# Message history.
$T send-keys -t g C-p
wait_for '^Message history \([0-9]+\)' || bad "history: Ctrl-P shows nothing"
wait_for 'The wall in the middle' || bad "history: the first message is missing"
$T send-keys -t g Escape
wait_for '^HP 30/30' || bad "history: did not return"
ok "Ctrl-P shows the message history"

# 3. Help.
$T send-keys -t g '?'
wait_for '^ hunted - keys' || bad "help: no help screen"
$T send-keys -t g Escape
wait_for '^HP 30/30' || bad "help: did not return to the map"
ok "? shows the help, a key returns"

# 4. Look mode: a cursor that moves, and Esc.
$T send-keys -t g '\;'
wait_for "^Look: \\($x3,$y3\\) .*you are here" || bad "look: no description of the player's cell"
$T send-keys -t g l
wait_for "^Look: \\($((x3 + 1)),$y3\\)" || bad "look: the cursor did not move"
$T send-keys -t g Escape
wait_gone '^Look:' || bad "look: Esc did not leave"
$T send-keys -t g x
wait_for "^Look: \\($x3,$y3\\)" || bad "look: x does not look"
$T send-keys -t g Escape
wait_gone '^Look:' || bad "look: Esc did not leave"
ok "look mode describes the cell under a moving cursor"

# 5. Quit with confirmation; the terminal comes back.
$T send-keys -t g q
wait_for 'Really quit\? \(y/n\)' || bad "quit: no confirmation"
$T send-keys -t g n
wait_for 'the hunt goes on' || bad "quit: n did not cancel"
$T send-keys -t g C-c
wait_for 'Really quit\? \(y/n\)' || bad "quit: Ctrl-C asks nothing"
$T send-keys -t g y
check_restored "q then y exits 0 with the terminal restored" 0

# 6. Doors: open with o, close with c.
start_game 80 24 --map "$tmp/arena.txt" --seed 1 --no-watch
wait_for '^HP 30/30' || bad "door: no game"
# The shut door hides its row of the room behind it.
wait_for '^#\.\.@\+$' || bad "door: the closed door is not beside the player"
$T send-keys -t g o l
wait_for "^#\\.\\.@'\\." || bad "door: o l did not open it"
wait_for 'You open' || bad "door: no message for opening"
$T send-keys -t g c l
# What was seen through it stays on the map, remembered.
wait_for '^#\.\.@\+\.' || bad "door: c l did not close it"
ok "o and c open and close the door"

# 7. The AI view shows the goblin's path; step mode expands nodes once
# v has given the view the keys.
$T send-keys -t g '`'
wait_for '\[AI VIEW\] v: its keys' || bad "ai view: not on, or the game has not the keys"
$T send-keys -t g .
wait_for '^goblin#0 (chase|search) ' || bad "ai view: the goblin is not after the player"
screen | head -8 | grep -q '\*' || bad "ai view: no path drawn"
wait_for 'expanded [0-9]+ open [0-9]+ \| path [0-9]+ cost [0-9]+' ||
	bad "ai view: no stats line"
ok "the AI view draws the chasing goblin's path and stats"
$T send-keys -t g v
wait_for '\[AI VIEW has the keys: v/Esc\]' || bad "v: the view did not take the keys"
$T send-keys -t g s
wait_for 'step 0/[0-9]+' || bad "step: not at the start of the search"
$T send-keys -t g n
wait_for 'step 1/[0-9]+' || bad "step: n did not expand a node"
$T send-keys -t g n
wait_for 'step 2/[0-9]+' || bad "step: a second n did not expand"
screen | head -8 | grep -q 'O' || bad "step: no current node drawn"
$T send-keys -t g b
wait_for 'step 1/[0-9]+' || bad "step: b did not step back"
wait_for 'step 1/[0-9]+: expands ' || bad "step: no narration of step 1"
$T send-keys -t g J 3 Enter
wait_for 'step 3/[0-9]+' || bad "step: J 3 Enter did not jump to step 3"
$T send-keys -t g N
# Finished: the step count equals the total, e.g. "step 37/37".
wait_for 'step ([0-9]+)/\1([^0-9]|$)' || bad "step: N did not finish the search"
$T send-keys -t g A
wait_for '^goblin#0 (chase|search) \| Dijkstra' || bad "step: A did not switch to Dijkstra"
ok "step mode: n expands one node, b steps back, J jumps, N finishes, A switches algorithm"
$T send-keys -t g z
wait_for '^\+-------\+-------\+' || bad "boxes: z drew no cell boxes"
wait_for 'box: f \^ / g h' || bad "boxes: the legend does not explain the boxes"
$T send-keys -t g z
wait_gone '^\+-------\+' || bad "boxes: z did not go back to the map"
ok "z draws the search as cell boxes, and z again the map"
# While the view has the keys a game key does nothing and says how to get
# them back; Esc gives them back.
turn=$(screen | sed -n 's/^HP [0-9/]*  Turn \([0-9]*\) .*/\1/p')
$T send-keys -t g l
wait_for 'The AI view has the keys: v or Esc gives them back' ||
	bad "view keys: l did not say the view has the keys"
screen | grep -q "^HP [0-9/]*  Turn $turn " || bad "view keys: l played a turn"
$T send-keys -t g Escape
wait_for '\[AI VIEW\] v: its keys' || bad "view keys: Esc did not give the keys back"
ok "while the view has the keys, l moves nothing and says so; Esc gives them back"
# D* Lite beside the others: a first plan, then a turn later a repair of
# it, for a handful of expansions where the shown A* starts over (step
# mode off, whose narration has the panel, and the goblin's own settings).
$T send-keys -t g v s 0 r
wait_for 'D\* Lite planned afresh' || bad "D* Lite: r shows no first plan"
$T send-keys -t g Escape .
wait_for 'D\* Lite repaired its search' || bad "D* Lite: no repair a turn later"
wait_for '^ *\|  D\* Lite  *[0-9]+  *[0-9]+' || bad "D* Lite: no row in the table"
$T send-keys -t g v r Escape
wait_gone 'D\* Lite repaired' || bad "D* Lite: r again did not take it away"
ok "r repairs the same query by D* Lite from turn to turn"

# 8. Too small, then a full redraw when it grows; a prompt survives it.
# While too small, game keys do nothing; q asks and n answers.
turn=$(screen | sed -n 's/^HP [0-9/]*  Turn \([0-9]*\) .*/\1/p')
$T resize-window -t g -x 30 -y 10
wait_for '^terminal too small: 30x10,' || bad "resize: no too-small message"
wait_for '^need 80x24' || bad "resize: the message does not fit"
wait_for 'the game waits; q quits' || bad "small: no word on the keys"
$T send-keys -t g l l l o g
$T send-keys -t g q
wait_for 'Really quit\? \(y/n\)' || bad "small: q does not ask"
$T send-keys -t g n
wait_gone 'Really quit' || bad "small: n does not answer"
$T send-keys -t g l q
wait_for 'Really quit\? \(y/n\)' || bad "small: no prompt"
$T send-keys -t g l
$T resize-window -t g -x 100 -y 30
wait_for '^HP 30/30 .*\[AI VIEW\]' || bad "resize: no redraw at 100x30"
wait_for '^#############################' || bad "resize: no map after growing"
wait_for 'Really quit\? \(y/n\)' || bad "resize: the prompt was lost"
screen | grep -q "^HP [0-9/]*  Turn $turn " ||
	bad "small: keys played turns while the screen was too small"
screen | grep -q 'which way' && bad "small: o started a prompt"
$T send-keys -t g n
wait_for 'the hunt goes on' || bad "resize: the prompt does not answer after a resize"
$T send-keys -t g '?'
wait_for '^ hunted - keys' || bad "resize: no help"
$T resize-window -t g -x 90 -y 28
wait_for '^ hunted - keys' || bad "resize: help lost on resize"
$T send-keys -t g Escape
wait_for '^HP 30/30' || bad "resize: help did not return"
ok "30x10 says too small and only quits, 100x30 redraws everything, prompts and help survive"

# 9. SIGTERM: exit 143, terminal restored, the game saved (and the save
# put away here, or the next game of the same options would resume it).
pid=$(pgrep -f "^$bin --map $tmp/arena.txt" | head -1)
[ -n "$pid" ] || bad "sigterm: no game process"
kill -TERM "$pid"
check_restored "SIGTERM exits 143 with the terminal restored" 143
wait_for '^Saved on level 1, turn [0-9]+, in ' || bad "SIGTERM: not saved"
rm -f "$xdg/save.rec"
ok "SIGTERM saves the game"

# SIGHUP (the terminal went away) and SIGINT: the same, 129 and 130,
# once two turns are played; a game of fewer turns has nothing to save,
# and the save of another game is left as it is.
for sig in HUP:129 INT:130; do
	start_game 80 24 --map "$tmp/arena.txt" --seed 1 --no-watch
	wait_for '^HP 30/30  Turn 0 ' || bad "SIG${sig%%:*}: no game"
	pid=$(pgrep -f "^$bin --map $tmp/arena.txt" | head -1)
	kill -"${sig%%:*}" "$pid"
	check_restored "SIG${sig%%:*} on turn 0 exits ${sig##*:} with the terminal restored" "${sig##*:}"
	[ -f "$xdg/save.rec" ] && bad "SIG${sig%%:*}: a game of turn 0 was saved"
	start_game 80 24 --map "$tmp/arena.txt" --seed 1 --no-watch
	wait_for '^HP 30/30  Turn 0 ' || bad "SIG${sig%%:*}: no game"
	$T send-keys -t g j l
	wait_for '^HP 30/30  Turn 2 ' || bad "SIG${sig%%:*}: the moves did not pass"
	pid=$(pgrep -f "^$bin --map $tmp/arena.txt" | head -1)
	kill -"${sig%%:*}" "$pid"
	check_restored "SIG${sig%%:*} exits ${sig##*:} with the terminal restored" "${sig##*:}"
	grep -q '^end 2 [0-9a-f]\{16\}$' "$xdg/save.rec" || bad "SIG${sig%%:*}: no save of turn 2"
	rm -f "$xdg/save.rec"
	ok "SIG${sig%%:*} saves the game of two turns, not one of none"
done

# A terminal without colours: monochrome, the same map.
session 80 24 "TERM=vt100 $bin --map $tmp/arena.txt --seed 1 --no-watch"
wait_for '^#\.\.@\+' || bad "vt100: no map"
$T capture-pane -e -p -t g | grep -q $'\033\[3[0-7]' && bad "vt100: colours drawn"
$T send-keys -t g q y
check_restored "a terminal without colours gets a monochrome game" 0

# 10. A crash: the terminal is restored, then the default action.
start_game 80 24 --map "$tmp/arena.txt" --seed 1 --no-watch
wait_for '^HP 30/30' || bad "crash: no game"
pid=$(pgrep -f "^$bin --map $tmp/arena.txt" | head -1)
kill -SEGV "$pid"
check_restored "SIGSEGV: the terminal is restored before the crash" 139

# Every other signal whose default action ends the process: the terminal
# is restored first, then the default action (a core dump for SIGQUIT).
for sig in QUIT:131 USR1:138 USR2:140 ALRM:142 PIPE:141 VTALRM:154 \
	RTMIN+3:$((128 + $(kill -l RTMIN) + 3)); do
	start_game 80 24 --map "$tmp/arena.txt" --seed 1 --no-watch
	wait_for '^HP 30/30' || bad "SIG${sig%%:*}: no game"
	pid=$(pgrep -f "^$bin --map $tmp/arena.txt" | head -1)
	kill -s "${sig%%:*}" "$pid"
	check_restored "SIG${sig%%:*}: the terminal is restored, then exit ${sig##*:}" "${sig##*:}"
done

# 11. Live reload: an edit appears, a broken edit keeps the old map.
cp "$tmp/arena.txt" "$tmp/live.txt"
start_game 80 24 --map "$tmp/live.txt" --seed 1
wait_for '^HP 30/30' || bad "reload: no game"
sed -i 's/^#\.\.@+\.\.\.\.\.\.\./#.#@+......./' "$tmp/live.txt"
wait_for '^#\.#@\+' || bad "reload: the edit did not appear"
wait_for 'Reloaded the data files' || bad "reload: no message"
sed -i 's/^legend .>. stairs exit/legend '"'"'>'"'"' stairz exit/' "$tmp/live.txt"
wait_for 'Reload failed' || bad "reload: a broken file was not reported"
wait_for "live.txt:[0-9]+:[0-9]+: error: unknown terrain 'stairz'" ||
	bad "reload: no file:line:col error in the panel"
$T send-keys -t g Escape
wait_for '^#\.#@\+' || bad "reload: the old map did not stay"
$T send-keys -t g q y
check_restored "reload: edits are taken, errors shown, old map kept" 0

# 12. Monochrome with NO_COLOR, and a recorded game watched in the
# terminal: pause, single step, the AI view.
"$bin" --headless --map tutorial --seed 1 --turns 30 --record "$tmp/game.rec" \
	>/dev/null 2>&1 || bad "replay: recording failed"
session 80 24 "NO_COLOR=1 $bin --replay $tmp/game.rec"
wait_for 'REPLAY playing' || bad "replay: not playing"
$T send-keys -t g ' '
wait_for 'REPLAY paused' || bad "replay: space did not pause"
t1=$(screen | sed -n 's/^HP [0-9/]*  Turn \([0-9]*\) .*/\1/p')
$T send-keys -t g .
wait_for "^HP [0-9/]*  Turn $((t1 + 1)) " || bad "replay: . did not step one turn from $t1"
$T send-keys -t g '`'
wait_for '\[AI VIEW\]' || bad "replay: no AI view"
wait_for '^goblin#0 ' || bad "replay: the AI view follows nobody"
$T capture-pane -e -p -t g | grep -q $'\033\[3[0-7]' && bad "NO_COLOR: colours drawn"
$T send-keys -t g -- +
$T send-keys -t g ' '
wait_for 'REPLAY (ended|playing)' || bad "replay: did not resume"
wait_for 'End of the recording' || bad "replay: did not reach the end"
$T send-keys -t g q
check_restored "a recording plays in the terminal: pause, step, AI view, NO_COLOR" 0

# 12b. Without colour every kind of ground still reads apart: on the
# default dungeon shallow and deep water, lava, the locked gate and mud
# have glyphs of their own (seen whole in the AI view, which at 100x30
# draws the whole map, seen or not).
session 100 30 "NO_COLOR=1 $bin --map default --seed 1 --no-watch --ai-view"
wait_for '^HP 30/30' || bad "NO_COLOR glyphs: no game"
for g in '~' '}' '{' '=' ',' '"' 'T'; do
	screen | head -12 | grep -qF -- "$g" || bad "NO_COLOR glyphs: no '$g' on the map"
done
$T capture-pane -e -p -t g | grep -q $'\033\[3[0-7]' && bad "NO_COLOR: colours drawn"
$T send-keys -t g q y
check_restored "NO_COLOR: water, deep water, lava, the gate and mud each have their glyph" 0

# 12c. Field of view and memory, without colours: a goblin behind a
# shut door is not drawn, and is once the door opens; shut again, the room
# behind it stays on the map, dimmed (an attribute, so it reads without
# colour), and look calls it remembered; a rat in a room never seen is
# drawn only by the AI view, which draws every monster.
cat >"$tmp/fov.txt" <<FOV
include "$data/monsters.txt"
dungeon fov
	title "Behind the doors"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'g' floor monster goblin
legend 'r' floor monster rat
legend '+' door_closed
legend '>' stairs exit
MAP
####################
#.....#......#.....#
#.@...+...g..+..r..#
#.....#......#.....#
#>....#......#.....#
####################
ENDMAP
FOV
# map_has CHAR: CHAR is drawn in the map's columns of its rows.
map_has() { screen | grep '^#' | cut -c1-20 | grep -qF -- "$1"; }
# wait_map CHAR [gone]: polls until CHAR is drawn (or is no more).
wait_map() {
	local i
	for ((i = 0; i < wait_secs * 20; i++)); do
		if map_has "$1"; then [ -z "${2:-}" ] && return 0
		else [ -n "${2:-}" ] && return 0; fi
		sleep 0.05
	done
	return 1
}
dim() { $T capture-pane -e -p -t g | grep -q $'\033\[\([0-9;]*;\)\{0,1\}2[;m]'; }
session 80 24 "NO_COLOR=1 $bin --map $tmp/fov.txt --seed 1 --no-watch"
wait_for '^HP 30/30  Turn 0 ' || bad "fov: no game"
wait_for '^#\.@\.\.\.\+$' || bad "fov: the row ends elsewhere than at the shut door"
map_has g && bad "fov: the goblin behind the shut door is drawn"
map_has r && bad "fov: the rat two rooms away is drawn"
dim && bad "fov: something is drawn dim before anything was left behind"
$T send-keys -t g l l l
wait_for '^#\.\.\.\.@\+$' || bad "fov: the player did not reach the door"
map_has g && bad "fov: the goblin is drawn through the shut door"
ok "a monster behind a shut door is not drawn"
$T send-keys -t g o l
wait_for 'You open the door' || bad "fov: o l did not open the door"
wait_map g || bad "fov: the goblin is not drawn once the door is open"
map_has r && bad "fov: the rat behind the second door is drawn"
ok "opening the door shows the goblin behind it, not the rat beyond"
$T send-keys -t g c l
wait_for 'You close the door' || bad "fov: c l did not close the door"
wait_map g gone || bad "fov: the goblin is still drawn behind the shut door"
wait_for '^#\.\.\.\.@\+\.\.' || bad "fov: the room seen behind the door is forgotten"
dim || bad "fov: the remembered room is not drawn dim"
$T send-keys -t g '\;' l l
wait_for '^Look: \(7,2\) remembered: ' || bad "fov: look does not call the room remembered"
$T send-keys -t g l l l l l l l l
wait_for '^Look: \(15,2\) unexplored' || bad "fov: look does not call the unseen room unexplored"
$T send-keys -t g Escape
wait_gone '^Look:' || bad "fov: Esc did not leave look mode"
ok "shut again, the room stays remembered and dim; look tells remembered from unexplored"
$T send-keys -t g '`'
wait_for 'AI VIEW: whole map' || bad "fov: the AI view does not say it shows the whole map"
wait_map r || bad "fov: the AI view does not draw the rat"
wait_map g || bad "fov: the AI view does not draw the goblin"
$T send-keys -t g '`'
wait_gone 'AI VIEW' || bad "fov: the AI view did not go"
wait_map r gone || bad "fov: the rat is drawn without the AI view"
$T send-keys -t g q y
check_restored "the AI view draws every monster, seen or not" 0

# 13. Not a terminal: refused with a pointer to --headless.
"$bin" --seed 1 </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 1 ] && grep -q -- '--headless' "$tmp/err" ||
	bad "no terminal: exit $rc, $(cat "$tmp/err")"
ok "refuses to start without a terminal"

# 14. Bad data: the problems as --check prints them, exit 1, and the
# terminal never touched (run inside tmux to see no alternate screen).
sed 's/^legend .>. stairs exit/legend '"'"'>'"'"' stairz exit/' "$tmp/arena.txt" >"$tmp/bad.txt"
start_game 80 24 --map "$tmp/bad.txt"
wait_for "bad.txt:[0-9]+:[0-9]+: error: unknown terrain 'stairz'" ||
	bad "bad data: no file:line:col error"
check_restored "bad data: errors printed before the terminal is touched, exit 1" 1

# 15. Escaping: the game's "escaped in N turns" and the headless
# summary's turns= count the same turns, the winning move included.
cat >"$tmp/escape.txt" <<ESCAPE
include "$data/monsters.txt"
dungeon escape
	title "Three steps to the stairs"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'g' floor monster goblin
legend '>' stairs exit
MAP
#######
#@..>.#
#######
#.....#
#g....#
#######
ENDMAP
ESCAPE
"$bin" --headless --no-timing --map "$tmp/escape.txt" --keys lll \
	>"$tmp/out" 2>&1
grep -q '^summary: turns=3 .* won=1 seed=[0-9]* depth=1$' "$tmp/out" ||
	bad "escape: headless summary $(cat "$tmp/out")"
grep -q '^end: Escaped from level 1 on turn 3\. Score 2094\.$' "$tmp/out" ||
	bad "escape: headless end line $(cat "$tmp/out")"
start_game 80 24 --map "$tmp/escape.txt"
wait_for '^HP 30/30  Turn 0 ' || bad "escape: no status line"
$T send-keys -t g l l l
wait_for '^Escaped from level 1 on turn 3\. Score 2094\. --More--$' ||
	bad "escape: the game did not say 3 turns"
wait_for '^HP 30/30  Turn 3 .*ESCAPED' || bad "escape: the status line"
$T send-keys -t g Space
wait_for '^ Escaped from level 1 on turn 3\.$' || bad "escape: no end screen"
$T send-keys -t g q
wait_for '^Escaped from level 1 on turn 3\. Score 2094\.$' ||
	bad "escape: the last word is not 3 turns"
check_restored "escaping in 3 turns: the game and the summary agree" 0

# 16. The natural experiment with the AI view on: a goblin chasing the
# player through a doorway; the player closes the door in its face with
# the game's own keys, and the view shows the goblin re-plan.
start_game 80 24 --map "$top/tests/fixtures/doorway.txt" --hunt --ai-view --seed 1 --no-watch
wait_for '\[AI VIEW\] v: its keys' || bad "doorway: the view is not on"
$T send-keys -t g l
wait_for '^goblin#0 chase ' || bad "doorway: the goblin does not chase"
# The goblin's path runs through the open door beside the player.
wait_for '^#\.\.\.@\*' || bad "doorway: no path drawn through the door"
$T send-keys -t g c l
wait_for '^You close the door\.' || bad "doorway: c l did not close the door with the view on"
wait_for 'The goblin re-plans \(path changed\)' ||
	bad "doorway: no re-plan said for the goblin"
wait_for 'cache re-planned 1 ago: 5,2 broke it' ||
	bad "doorway: the view does not show the cell that broke the path"
# A chaser's goal moves: searched again by A*, never a D* Lite context.
wait_for 'broke it; A\*: [0-9]+ expanded' ||
	bad "doorway: the view does not say the goblin searched again by A*"
screen | grep -q 'D\* Lite lent\|repaired by D\* Lite\|holds a D\* Lite' &&
	bad "doorway: the view says the chasing goblin used D* Lite"
screen | grep -q '^HP 30/30  Turn 2 ' || bad "doorway: closing the door was not a turn"
$T send-keys -t g v k
wait_for 'goblin#0 re-planned:' || bad "doorway: no re-plan history under k"
wait_for 're-planned: turn 2 *$' && wait_for '\| +5,2 changed; turn 1 new' || bad "doorway: the history does not name the door"
wait_for 'turn 1 new' || bad "doorway: the history misses the first plan"
ok "with the AI view on, c l closes the door in the goblin's face and the view shows it re-plan by A*, and its history"
$T send-keys -t g q y
check_restored "the doorway game quits cleanly" 0

# 17. The sandbox: the tutorial as a drawing board for the goblin's search.
# A wall painted beside the player, undone, painted again; the start moved;
# the dungeon saved as a map file that --check accepts and --map plays.
# Never while recording.
# (On the tutorial as it was before it varied with the seed.)
mkdir "$tmp/sandbox"
session 80 24 "cd $tmp/sandbox && $bin --data-dir $fixed --map tutorial --seed 1 --ai-view --no-watch"
wait_for '^HP 30/30' || bad "sandbox: no game"
$T send-keys -t g v S
wait_for '^SANDBOX 16,6 floor \| brush wall' || bad "sandbox: S did not open it at the player"
$T send-keys -t g h Space
wait_for '^SANDBOX 15,6 wall ' || bad "sandbox: space did not paint a wall left of the player"
$T send-keys -t g U
wait_for '^SANDBOX 15,6 floor ' || bad "sandbox: U did not undo the wall"
$T send-keys -t g Space k k k k l s
wait_for '^SANDBOX 16,2 floor ' || bad "sandbox: the cursor did not move"
wait_for 'goal 16,2|guard, goal' || bad "sandbox: no panel"
# The mouse, as an xterm reports it (ESC [ M, then the button, column
# and row, each plus 32, counted from 1): a left click on 3,9 puts the
# cursor there and paints; a right click on 5,9 only moves the cursor.
click() {
	$T send-keys -t g -l "$(printf '\033[M%b%b%b' \
		"\\x$(printf %x $((32 + $3)))" "\\x$(printf %x $((33 + $1)))" \
		"\\x$(printf %x $((33 + $2)))")"
}
click 3 9 0
click 3 9 3
wait_for '^SANDBOX 3,9 wall ' || bad "sandbox: a click did not paint a wall at 3,9"
click 5 9 2
click 5 9 3
wait_for '^SANDBOX 5,9 floor ' || bad "sandbox: a right click did not move the cursor to 5,9"
click 16 2 2
click 16 2 3
wait_for '^SANDBOX 16,2 floor ' || bad "sandbox: a right click did not move the cursor back"
$T send-keys -t g w
wait_for 'Saved hunted-sandbox-1.txt' || bad "sandbox: w did not save"
f=$tmp/sandbox/hunted-sandbox-1.txt
"$bin" --check "$f" >"$tmp/out" 2>&1 ||
	bad "sandbox: the saved map fails --check: $(cat "$tmp/out")"
"$bin" --headless --map "$f" --turns 3 --no-timing >"$tmp/out" 2>&1 ||
	bad "sandbox: the saved map does not play: $(cat "$tmp/out")"
# Row 6: the painted wall left of the player; row 2: the goblin moved.
sed -n '/^MAP$/,/^ENDMAP$/p' "$f" | sed -n 8p | grep -q '^#\.\.\.\.\.\.\.\.\.\.#\.\.\.#@\.\.\.\.#$' ||
	bad "sandbox: the saved map does not have the painted wall"
sed -n '/^MAP$/,/^ENDMAP$/p' "$f" | sed -n 4p | grep -q '^#\.\{15\}g\.\{4\}#$' ||
	bad "sandbox: the saved map does not have the goblin where it was put"
sed -n '/^MAP$/,/^ENDMAP$/p' "$f" | sed -n 11p | grep -q '^#\.\.#\.\.\.\.\.\.\.#' ||
	bad "sandbox: the saved map does not have the wall painted with the mouse"
# C clears to floor (the tutorial's wall too), U brings it all back.
$T send-keys -t g j j j j h C
wait_for '^SANDBOX 15,6 floor ' || bad "sandbox: C did not clear the painted wall"
$T send-keys -t g U
wait_for '^SANDBOX 15,6 wall ' || bad "sandbox: U did not undo the clearing"
$T send-keys -t g Escape
wait_for 'Sandbox closed' || bad "sandbox: Esc did not close it"
$T send-keys -t g q y
check_restored "the sandbox paints (keys and mouse), undoes, moves the start, clears and saves a map that plays" 0
session 80 24 "cd $tmp/sandbox && $bin --map tutorial --ai-view --record $tmp/sandbox/r.rec --no-watch"
wait_for '^HP 30/30' || bad "sandbox: no game"
$T send-keys -t g v S
wait_for 'No sandbox while recording or replaying' || bad "sandbox: opened while recording"
$T send-keys -t g Escape q y
check_restored "no sandbox while recording" 0

# 18. A lesson from start to end: page 1 at step 0, space through the
# pages to the last with the path drawn, PgUp back, q to leave.
start_game 80 24 --lesson wall --no-watch
wait_for '^1\. The wall in the middle - page 1/5' || bad "lesson: no first page"
wait_for 'step 0/[0-9]+: the start' || bad "lesson: page 1 is not at step 0"
$T send-keys -t g Space
wait_for 'page 2/5' || bad "lesson: space did not turn the page"
wait_for 'step 1/[0-9]+: expands' || bad "lesson: page 2 is not at step 1"
$T send-keys -t g Space Space Space
wait_for 'page 5/5' || bad "lesson: not at the last page"
screen | head -10 | grep -q '\*' || bad "lesson: the last page draws no path"
$T send-keys -t g Space
wait_for 'page 5/5' || bad "lesson: space past the last page moved"
$T send-keys -t g PPage
wait_for 'page 4/5' || bad "lesson: PgUp did not go back"
$T send-keys -t g q y
check_restored "a lesson from its first page to its last and back" 0

# 19. Death: the last messages wait behind --More--, then the end screen
# says how the game ended, its score and the high scores with this game
# marked; the terminal's last word says it again, and the morgue file and
# the high-score list are written in $XDG_DATA_HOME/hunted.
cat >"$tmp/pit.txt" <<PIT
include "$data/monsters.txt"
dungeon pit
	title "The pit"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'o' floor monster orc
legend '>' stairs exit
MAP
#######
#.....#
#.@o.>#
#.....#
#######
ENDMAP
PIT
rm -rf "$xdg"
start_game 80 24 --map "$tmp/pit.txt" --seed 1 --no-watch
wait_for '^HP 30/30  Turn 0 ' || bad "death: no game"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
	$T send-keys -t g .
	wait_for "^HP [0-9]+/30  Turn $i " || bad "death: turn $i did not pass"
done
wait_for '^Killed by an orc on level 1, turn 13\. Score 101\. --More--$' ||
	bad "death: no end sentence behind --More--"
wait_for '^You die\.\.\. The orc got you\.$' || bad "death: the last message is not shown"
wait_for '^HP 0/30  Turn 13 .*DEAD' || bad "death: the status line"
$T send-keys -t g l
wait_for '^ Killed by an orc on level 1, turn 13\.$' || bad "death: no end screen"
wait_for '^ Score 101 \(level 1: 100, 0 kills: 0, 13 turns: 1\)$' || bad "death: no score"
wait_for '^ Seed 1: hunted --map .*pit\.txt --seed 1 plays' ||
	bad "death: no seed to play it again"
wait_for "^ Morgue file: /" || bad "death: no morgue file named"
wait_for "^ High scores: this game is 1st of 1 in" || bad "death: no rank"
wait_for '^>  1     101  [0-9-]{10}  pit          Killed by an orc on level 1, turn 13\.$' ||
	bad "death: this game is not marked in the high scores"
$T capture-pane -e -p -t g | grep -q $'^\033\[[0-9;]*7m' || bad "death: the marked game is not in reverse video"
ok "death: --More--, then the end screen with the end, the score and the marked high score"
$T send-keys -t g j
wait_for '^HP 0/30  Turn 13 .*DEAD' || bad "death: a key did not show the map"
wait_for '^The end of the game: q leaves\.$' || bad "death: no word on leaving"
$T send-keys -t g q
wait_for '^Killed by an orc on level 1, turn 13\. Score 101\.$' || bad "death: no last word"
wait_for "^High scores: #1 of 1 in /" || bad "death: the last word has no rank"
check_restored "death: the end screen, then q leaves" 0
morgue=$(ls "$xdg"/morgue-*-1.txt 2>/dev/null | head -1)
[ -n "$morgue" ] || bad "death: no morgue file in $xdg"
grep -q '^Killed by an orc on level 1, turn 13\.$' "$morgue" || bad "death: the morgue does not say how"
grep -q '^#\.@o\.>#$' "$morgue" || bad "death: the morgue has not the final map"
grep -q '^101 [0-9-]* 1 1 13 0 pit Killed by an orc on level 1, turn 13\.$' "$xdg/scores.txt" ||
	bad "death: the high-score list has not the game: $(cat "$xdg/scores.txt")"
ok "death: the morgue file and the high-score list are written"

# 20. S saves and quits, once asked; the next start without options (or
# with the same) resumes the game where it was, the save kept on disk
# until the game ends and is recorded; a start asking for another game
# leaves the save alone.
rm -rf "$xdg"
start_game 80 24 --map "$tmp/arena.txt" --seed 3 --no-watch
wait_for '^HP 30/30  Turn 0 ' || bad "save: no game"
$T send-keys -t g j l
wait_for '^HP 30/30  Turn 2 ' || bad "save: the moves did not pass"
read -r sx sy <<<"$(player_at)"
$T send-keys -t g S
wait_for '^Save the game and quit\? \(y/n\)$' || bad "save: S does not ask"
$T send-keys -t g n
wait_for '^Not saved; the hunt goes on\.$' || bad "save: n did not cancel"
$T send-keys -t g S
wait_for '^Save the game and quit\? \(y/n\)$' || bad "save: S does not ask again"
$T send-keys -t g y
wait_for "^Saved on level 1, turn 2, in /" ||
	bad "save: the last word does not say where"
check_restored "S then y saves and exits 0" 0
[ -f "$xdg/save.rec" ] || bad "save: no $xdg/save.rec"
grep -q '^end 2 [0-9a-f]\{16\}$' "$xdg/save.rec" || bad "save: the save has not 2 turns"
ls "$xdg"/morgue-* >/dev/null 2>&1 && bad "save: a saved game left a morgue file"
ok "the save holds the two turns, and no morgue file is written"
start_game 80 24 --map tutorial --seed 1 --no-watch
wait_for '--More--' || bad "save: the long messages do not wait"
dismiss_more || bad "save: --More-- does not go"
seen 'A game saved on turn 2 \(.*arena\.txt\) waits in' ||
	bad "save: another game does not say a save waits"
$T send-keys -t g q y
check_restored "another game leaves the save alone" 0
[ -f "$xdg/save.rec" ] || bad "save: another game took the save"
ok "a start that asks for another game says the save waits, and leaves it"
start_game 80 24 --no-watch
wait_for '^HP 30/30  Turn 2 .*arena  seed 3' || bad "resume: the game was not resumed at turn 2"
wait_for '^Resumed the game saved on turn 2\.$' || bad "resume: not said"
[ "$(player_at)" = "$sx $sy" ] || bad "resume: the player is at $(player_at), was at $sx $sy"
[ -f "$xdg/save.rec" ] || bad "resume: the save is gone while the game is played"
$T send-keys -t g l
wait_for '^HP 30/30  Turn 3 ' || bad "resume: the game does not go on"
ok "the next start without options resumes the saved game and keeps the save"
$T send-keys -t g q y
check_restored "the resumed game quits" 0
[ -f "$xdg/save.rec" ] && bad "resume: the save outlives the game's end"
wait_for '^Quit on level 1, turn 3\. Score 100\.$' || bad "resume: quitting is not said"
grep -q ' arena Quit on level 1, turn 3\.$' "$xdg/scores.txt" || bad "resume: the quit is not in the high scores"
ok "quitting a game ends it: said, and in the high scores"

# 21. --More--: four monsters round the player spot it and strike in
# one turn (the sightings folded into one line); the messages that do
# not fit wait, and the key that shows the next page is not a move.
cat >"$tmp/more.txt" <<MORE
include "$data/monsters.txt"
dungeon more
	title "Watched from every side"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'g' floor monster goblin
legend 'r' floor monster rat
legend 'w' floor monster wolf
legend 'k' floor monster kobold
legend '>' stairs exit
MAP
#####################
#...................#
#........g.r........#
#.........@.........#
#........w.k........#
#...................#
#..................>#
#####################
ENDMAP
MORE
start_game 80 24 --map "$tmp/more.txt" --seed 1 --no-watch
wait_for '^HP 30/30  Turn 0 ' || bad "more: no game"
$T send-keys -t g .
wait_for ' --More--$' || bad "more: no --More-- after the third message"
screen | grep -q '^4 monsters spot you!$' || bad "more: the first page does not start with the turn's first message"
screen | grep -q 'kobold' && bad "more: the last monster's blow is shown before its page"
read -r mx my <<<"$(player_at)"
$T send-keys -t g l
wait_for '^The kobold (hits|misses) you' || bad "more: l did not show the next page"
dismiss_more
screen | grep -Eq '^HP [0-9]+/30  Turn 1 ' || bad "more: the key at --More-- played a turn"
[ "$(player_at)" = "$mx $my" ] || bad "more: the key at --More-- moved the player"
$T send-keys -t g l
wait_for '^HP [0-9]+/30  Turn 2 ' || bad "more: l does not move once the messages are read"
ok "--More-- holds the messages that do not fit, and its key is not a move"
$T send-keys -t g q y
check_restored "the --More-- game quits" 0

# 22. A damaged save: said with its file and line, moved aside, and a new
# game begins.
rm -rf "$xdg"
mkdir -p "$xdg"
"$bin" --headless --map "$tmp/arena.txt" --seed 3 --keys jl --save "$xdg/save.rec" \
	>/dev/null 2>&1 || bad "damaged: no save made"
# Turn 2's checksum changed, and the end line's with it.
sum=$(sed -n 's/^turn 2 l //p' "$xdg/save.rec")
[ -n "$sum" ] || bad "damaged: no turn 2 in the save"
sed -i "s/$sum/0000000000000000/g" "$xdg/save.rec"
# The same options as the save's: it is the game asked for, and the new
# game after it is seeded.
start_game 80 24 --map "$tmp/arena.txt" --seed 3 --no-watch
wait_for '--More--' || bad "damaged: the long messages do not wait"
dismiss_more || bad "damaged: --More-- does not go"
seen "^$xdg/save\\.rec:12: the saved game plays" && seen "turn 2 \\(saved checksum 0{16}, got" ||
	bad "damaged: the file, the line and what is wrong are not said"
seen 'The save could not be resumed: it is now' || bad "damaged: not said it was moved aside"
wait_for '^HP 30/30  Turn 0 .*arena  seed 3' || bad "damaged: no new game"
ls "$xdg"/save.rec.bad-* >/dev/null 2>&1 || bad "damaged: the save was not moved aside"
[ -f "$xdg/save.rec" ] && bad "damaged: the save is still there"
$T send-keys -t g q y
check_restored "a damaged save is said, moved aside, and a new game begins" 0

# 23. Down the stairs: the run's first level is the ambush; on seed 21
# seven steps down and fourteen west, below the wall, reach its stairs
# ahead of its hunters, and the game goes on on level 2 with the depth on
# the status line, the turns carried and the player grown by 5 hit points
# and healed.
start_game 80 24 --seed 21 --no-watch
wait_for 'Depth 1/11 ambush' || bad "descend: not on level 1"
$T send-keys -t g j j j j j j j h h h h h h h h h h h h h h
wait_for 'You go down the stairs to level 2\.' ||
	bad "descend: no message of the way down"
wait_for '^HP 35/35  Turn 21  Keys -  Depth 2/11 doors  seed 21' ||
	bad "descend: the status line does not say level 2"
wait_for '^Doors and keys' || bad "descend: no title of the new level"
[ -n "$(player_at)" ] || bad "descend: no player on level 2"
$T send-keys -t g q y
check_restored "the stairs lead down to level 2, which the status line shows" 0

# 24. The terminal first: with a save waiting, a start on a terminal
# hunted cannot draw on (an unknown TERM, dumb, no TERM) says so, points
# to --headless and leaves the save byte for byte; the next start
# resumes it.
rm -rf "$xdg"
mkdir -p "$xdg"
"$bin" --headless --map "$tmp/arena.txt" --seed 3 --keys jl --save "$xdg/save.rec" \
	>/dev/null 2>&1 || bad "terminals: no save made"
cp "$xdg/save.rec" "$tmp/save.orig"
for term in TERM=nosuch-terminal TERM=dumb "-u TERM"; do
	session 200 24 "env $term $bin --no-watch"
	check_restored "env $term: refused" 1
	screen | grep -q -- 'play with --headless' || bad "env $term: no pointer to --headless"
	cmp -s "$xdg/save.rec" "$tmp/save.orig" || bad "env $term: the save was touched"
done
start_game 80 24 --no-watch
wait_for '^Resumed the game saved on turn 2\.$' || bad "terminals: the save was not resumed after"
$T send-keys -t g q y
check_restored "the save resumed after the refused terminals quits" 0
ok "no TERM, an unknown TERM and dumb are refused, the save left for the next start"

# 25. A waiting save's notice behind --More-- does not eat the first key
# of another game: the key plays.
"$bin" --headless --map "$tmp/arena.txt" --seed 3 --keys jl --save "$xdg/save.rec" \
	>/dev/null 2>&1 || bad "first key: no save made"
start_game 80 24 --map tutorial --seed 1 --no-watch
wait_for '--More--' || bad "first key: no --More--"
$T send-keys -t g .
wait_for '^HP 30/30  Turn 1 ' || bad "first key: the first key did not play"
$T send-keys -t g q y
check_restored "first key: quits" 0
ok "the first key of a game passes the notices held at its start and plays"

# 26. Ctrl-Z stops the game with the terminal given back to the shell;
# fg brings it back, drawn again, and it goes on.
session 80 24 "env PS1='sh\$ ' bash --norc --noprofile -i"
wait_for '^sh\$' || bad "ctrl-z: no shell"
$T send-keys -t g "$bin --map $tmp/arena.txt --seed 1 --no-watch" Enter
wait_for '^HP 30/30  Turn 0 ' || bad "ctrl-z: no game"
$T send-keys -t g C-z
wait_for 'Stopped' || bad "ctrl-z: the game did not stop"
[ "$($T display -p -t g '#{alternate_on}')" = 0 ] || bad "ctrl-z: the terminal was not given back"
$T send-keys -t g fg Enter
wait_for '^HP 30/30  Turn 0 ' || bad "ctrl-z: not drawn again"
$T send-keys -t g j
wait_for '^HP 30/30  Turn 1 ' || bad "ctrl-z: the game does not go on"
$T send-keys -t g q y
wait_for '^Quit on level 1' || bad "ctrl-z: the game did not quit"
$T send-keys -t g exit Enter
check_restored "ctrl-z: the game and the shell end" 0
ok "Ctrl-Z stops the game with the terminal restored, and fg brings it back"

# 27. A reload that finds the same bytes changes nothing: the game can
# still be saved.  One that changes the data makes the game unsaveable;
# SIGHUP then ends it and records it.
rm -rf "$xdg"
cp "$tmp/arena.txt" "$tmp/same.txt"
start_game 80 24 --map "$tmp/same.txt" --seed 1 --no-watch
wait_for '^HP 30/30  Turn 0 ' || bad "same reload: no game"
$T send-keys -t g j l
wait_for '^HP 30/30  Turn 2 ' || bad "same reload: the moves did not pass"
$T send-keys -t g R
wait_for 'The data files are as they were' || bad "same reload: not said"
$T send-keys -t g S
wait_for '^Save the game and quit\? \(y/n\)$' || bad "same reload: S does not ask"
$T send-keys -t g y
check_restored "same reload: saved" 0
grep -q '^end 2 ' "$xdg/save.rec" || bad "same reload: not saved"
rm -f "$xdg/save.rec"
start_game 80 24 --map "$tmp/same.txt" --seed 1 --no-watch
wait_for '^HP 30/30  Turn 0 ' || bad "changed reload: no game"
$T send-keys -t g j l
wait_for '^HP 30/30  Turn 2 ' || bad "changed reload: the moves did not pass"
sed -i 's/^#\.\.@+\.\.\.\.\.\.\./#.#@+......./' "$tmp/same.txt"
$T send-keys -t g R
wait_for 'Reloaded the data files' || bad "changed reload: no reload"
pid=$(pgrep -f "^$bin --map $tmp/same.txt" | head -1)
kill -HUP "$pid"
check_restored "changed reload: SIGHUP exits 129" 129
screen | grep -q 'it ends here and is recorded' || bad "changed reload: not said"
grep -q ' arena Quit on level 1, turn 2\.$' "$xdg/scores.txt" ||
	bad "changed reload: not in the high scores: $(cat "$xdg/scores.txt" 2>&1)"
grep -q '^Not replayable: the data files changed' "$xdg"/morgue-* || bad "changed reload: the morgue does not say"
ok "a reload of the same bytes keeps the game saveable; after a real one SIGHUP records it"

# 28. SIGKILL just after a reload that changed the data (the test-only
# hook, at the reload): the next start resumes the game, or, when its
# save no longer replays, records it.  Never neither.
rm -rf "$xdg"
cp "$tmp/arena.txt" "$tmp/same.txt"
session 80 24 "env HUNTED_FAULT=KILL:reload:1 $bin --map $tmp/same.txt --seed 1 --no-watch"
wait_for '^HP 30/30  Turn 0 ' || bad "killed reload: no game"
$T send-keys -t g j l
wait_for '^HP 30/30  Turn 2 ' || bad "killed reload: the moves did not pass"
sed -i 's/^#\.\.@+\.\.\.\.\.\.\./#.#@+......./' "$tmp/same.txt"
$T send-keys -t g R
# (Killed, the game leaves the terminal raw and the wrapper's lines
# scroll: its last one is waited for.)
wait_for '\[end\]' || bad "killed reload: not killed: $(screen | tail -5)"
[ -f "$xdg/save.rec" ] || bad "killed reload: no save left"
start_game 200 24 --no-watch
wait_for '^HP ' || bad "killed reload: no next game"
if screen | grep -q 'Resumed the game saved on turn 2'; then
	:
elif grep -q ' arena Lost on level 1, turn 2: the save could not be resumed\.$' "$xdg/scores.txt" 2>/dev/null; then
	screen | grep -q 'is in the high scores' || bad "killed reload: the record is not said"
else
	bad "killed reload: neither resumed nor recorded: $(screen | head -5)"
fi
$T send-keys -t g q y
check_restored "killed reload: the next game quits" 0
ok "a game killed after a reload is resumed or recorded by the next start"

# 29. True ends: a campaign game that ends on level 2 (the ambush's
# stairs, then waiting for a monster) names the seed the status line shows
# and level 2 on the end screen, in the morgue and in the high scores.
rm -rf "$xdg"
start_game 100 30 --seed 21 --no-watch
wait_for 'Depth 1/11 ambush' || bad "true end: not on level 1"
$T send-keys -t g j j j j j j j h h h h h h h h h h h h h h
wait_for '^HP [0-9]+/35  Turn 21  Keys -  Depth 2/11 doors  seed 21' || bad "true end: not on level 2"
# One wait at a time, each answered by the screen, until the death.
for ((i = 0; i < 600; i++)); do
	page=$(screen)
	printf '%s\n' "$page" | grep -q 'Killed by' && break
	$T send-keys -t g .
	for ((j = 0; j < wait_secs * 20; j++)); do
		[ "$(screen)" != "$page" ] && break
		sleep 0.05
	done
done
wait_for '^Killed by an? [a-z]+ on level 2, turn [0-9]+\. Score [0-9]+\. --More--$' || bad "true end: no death on level 2"
$T send-keys -t g Space
wait_for '^ Seed 21: hunted .*plays this dungeon again\.' || bad "true end: the end screen has another seed: $(screen | grep -i seed)"
$T send-keys -t g q
check_restored "true end: the game ends" 0
grep -q '^Seed: 21$' "$xdg"/morgue-* || bad "true end: the morgue has another seed"
grep -q '^Dungeon: doors, level 2 of the campaign$' "$xdg"/morgue-* || bad "true end: the morgue names another level: $(grep '^Dungeon' "$xdg"/morgue-*)"
grep -q ' 21 2 [0-9]* [0-9]* doors Killed by an* [a-z]* on level 2' "$xdg/scores.txt" ||
	bad "true end: the high scores have another seed or level: $(tail -1 "$xdg/scores.txt")"
ok "a game ended on level 2 names the status line's seed and level 2 on the end screen, in the morgue and the scores"

tap_done
