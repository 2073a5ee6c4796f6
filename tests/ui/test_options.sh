#!/bin/bash
# SPDX-License-Identifier: MIT
# test_options.sh - the player's own files in a real terminal: an options
# file in $XDG_CONFIG_HOME/hunted/ sets the game's defaults (the command
# line still wins), and the shipped Dvorak key map, named by it, moves
# the player with d h t n and shows the keys as bound in the help (?).
# A mistake in either file is reported as FILE:LINE:COL and the game
# starts all the same, with the default options and keys.
#
# tmux runs hunted in a detached session of a fixed size, as in
# test_e2e.sh; every check polls for the text it expects.  Skipped (exit
# 77) only when tmux is not installed.  One TAP result per check.
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup options
export HUNTED_DATA=$data
export XDG_CONFIG_HOME=$tmp/config
cfg=$XDG_CONFIG_HOME/hunted
mkdir -p "$cfg"

# start ARGS...: the game in a new tmux server, its stderr in $tmp/err.
start() {
	# A game of its own: no save of the last one is resumed.
	export XDG_DATA_HOME=$tmp/xdg-$((n + 1))
	session 80 24 "$bin $* 2>'$tmp/err'"
}

# step KEY DX DY TURN: KEY moves the player by DX, DY and ends turn TURN.
step() {
	local x0 y0 x1 y1
	read -r x0 y0 <<<"$(player_at)"
	$T send-keys -t g "$1"
	wait_for "^HP [0-9]+/[0-9]+  Turn $4 " || { bad "'$1' took no turn"; return; }
	read -r x1 y1 <<<"$(player_at)"
	[ "$x1" = $((x0 + $2)) ] && [ "$y1" = $((y0 + $3)) ] ||
		bad "'$1' moved the player from $x0,$y0 to $x1,$y1, not by $2,$3"
}

# An open arena, nobody in it.
cat >"$tmp/arena.txt" <<ARENA
include "$data/monsters.txt"
dungeon arena
legend '#' wall
legend '.' floor
legend '@' floor player
legend '>' stairs exit
MAP
###########
#.........#
#....@....#
#.........#
#........>#
###########
ENDMAP
ARENA

# 1. The options file: a seed, the map, the Dvorak key map, no colours.
cat >"$cfg/options.txt" <<'OPTIONS'
# My hunted.
seed 4242
map "ARENA"
keymap dvorak
no-watch yes
no-color yes
OPTIONS
sed -i "s|ARENA|$tmp/arena.txt|" "$cfg/options.txt"
start
wait_for '^HP [0-9]+/[0-9]+  Turn 0 .*seed 4242' ||
	bad "the options file's seed and map are not the game's"
$T capture-pane -e -p -t g | grep -q $'\033\[3[0-7]' &&
	bad "colours drawn though options.txt says no-color yes"
tap_check "options.txt gives the game its seed, its map and no colours"
step d -1 0 1
step h 0 1 2
step t 0 -1 3
step n 1 0 4
step f -1 -1 5
step b 1 1 6
step g 1 -1 7
step x -1 1 8
tap_check "the Dvorak key map: d h t n f g x b move west, south, north, east, diagonally"
read -r x0 y0 <<<"$(player_at)"
$T send-keys -t g j k l
$T send-keys -t g .
wait_for '^HP [0-9]+/[0-9]+  Turn 9 ' || bad "'.' did not wait a turn"
read -r x1 y1 <<<"$(player_at)"
[ "$x1,$y1" = "$x0,$y0" ] || bad "j k l still move the player ($x0,$y0 to $x1,$y1)"
screen | grep -q '^HP [0-9]*/[0-9]*  Turn 9 ' || bad "j k l took turns"
tap_check "the Dvorak key map: j k l no longer move"
$T send-keys -t g '?'
wait_for 'arrows dhtnfgxb 1-9' || bad "the help does not show the keys as bound"
tap_check "the help (?) shows the movement keys as bound"
$T send-keys -t g Escape
[ -s "$tmp/err" ] && bad "a good options file and key map: $(cat "$tmp/err")"
tap_check "a good options file and key map: nothing on stderr"

# 2. The command line wins over the options file.
start --seed 7 --no-color=no
wait_for '^HP [0-9]+/[0-9]+  Turn 0 .*seed 7$' || bad "--seed 7 did not win"
$T capture-pane -e -p -t g | grep -q $'\033\[3[0-7]' ||
	bad "--no-color=no did not bring the colours back"
tap_check "the command line wins over options.txt (--seed 7 --no-color=no)"

# 3. A mistake in the options file: said at FILE:LINE:COL, and the game
# starts with the defaults (the campaign, the default keys).
printf 'seed 4242\nai-veiw yes\n' >"$cfg/options.txt"
start
wait_for '^HP [0-9]+/[0-9]+  Turn 0 .*Depth 1/' ||
	bad "a broken options file: the game did not start with the defaults"
grep -q "^$cfg/options.txt:2:1: error: unknown option 'ai-veiw'; did you mean 'ai-view'?" "$tmp/err" ||
	bad "a broken options file: no FILE:LINE:COL error ($(cat "$tmp/err"))"
screen | grep -q 'seed 4242' && bad "a broken options file was half taken"
tap_check "options.txt with a mistake: FILE:LINE:COL, and the game starts with the defaults"

# 4. A mistake in the key map: said at FILE:LINE:COL, and the default
# keys (h moves west).
cp "$data/keymaps/dvorak.txt" "$cfg/keys.txt"
echo "bind move wset 'q'" >>"$cfg/keys.txt"
printf 'map "%s"\nseed 1\n' "$tmp/arena.txt" >"$cfg/options.txt"
start
wait_for '^HP [0-9]+/[0-9]+  Turn 0 ' || bad "a broken key map: the game did not start"
line=$(wc -l <"$cfg/keys.txt")
grep -q "^$cfg/keys.txt:$line:11: error: 'wset' is no action of 'move'.*did you mean 'west'?" "$tmp/err" ||
	bad "a broken key map: no FILE:LINE:COL error ($(cat "$tmp/err"))"
step h -1 0 1
tap_check "keys.txt with a mistake: FILE:LINE:COL, and the default keys"

# 5. Headless play reads the options file too, but a lesson keeps its
# own game (seed 1) whatever the file says.
printf 'seed 4242\n' >"$cfg/options.txt"
"$bin" --headless --turns 1 --map tutorial | grep -q ' seed=4242 ' ||
	tap_fail "headless play did not take the options file's seed"
"$bin" --headless --turns 1 --lesson wall | grep -q ' seed=1 ' ||
	tap_fail "a lesson took the options file's seed"
tap_check "headless play takes options.txt; a lesson keeps its own seed"

# 6. The shipped key maps read without a word, and --list-keys shows
# their keys, --keymap before it or after.
for k in dvorak azerty no-vi-keys; do
	"$bin" --list-keys --keymap "$k" >"$tmp/keys-$k" 2>"$tmp/err" ||
		tap_fail "$k: --list-keys failed"
	[ -s "$tmp/err" ] && tap_fail "$k: $(cat "$tmp/err")"
done
grep -q "^game	d	move" "$tmp/keys-dvorak" ||
	tap_fail "dvorak: d does not move"
grep -q "^game	(	wait a turn" "$tmp/keys-azerty" ||
	tap_fail "azerty: ( does not wait"
grep -q "^game	[hjklyubn]	" "$tmp/keys-no-vi-keys" &&
	tap_fail "no-vi-keys: a vi key still moves"
grep -q "^game	Left	move" "$tmp/keys-no-vi-keys" ||
	tap_fail "no-vi-keys: the arrows no longer move"
tap_check "the shipped key maps: read clean, and --list-keys shows them"
tap_done
