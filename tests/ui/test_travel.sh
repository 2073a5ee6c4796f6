#!/bin/bash
# SPDX-License-Identifier: MIT
# test_travel.sh - the player's own path-finding in the real game, in a
# real terminal (tmux, as test_e2e.sh drives it): travel to a cell picked
# with the look cursor and to the stairs, shown before the first step;
# travel stopped by a monster coming into view; explore seeing the whole
# tutorial; a run along a corridor stopping at its door; rest until
# healed, and rest stopped by a monster; the player's search in the AI
# view.  Every check polls for the text it expects.
#
# Skipped (exit 77) only when tmux is not installed.  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup travel
export HUNTED_DATA=$data
unset NO_COLOR

# start ARGS...: hunted in a new 80x24 tmux server, waiting for its
# status line.
start() {
	# Each game its own folder: a game left running is saved when its
	# server goes, and must not be resumed by the next.
	session 80 24 "XDG_DATA_HOME=$tmp/xdg$((n + 1)) $bin $*"
	wait_for '^HP [0-9]+/[0-9]+' || bad "the game did not start: $*"
}

# 1. Travel to a cell picked with the look cursor: the route is drawn
# and waits for Enter; then the player walks there.  The tutorial with
# no monster, the player at (16,6).
start --data-dir "$fixed" --map tutorial --seed 1 --monsters 0
keys _ l l j j Enter
wait_for 'Travel to 18,8: 2 steps, cost 28\. Enter goes' ||
	bad "travel: the route's line is not shown"
[ "$(screen | sed -n 8p | cut -c18)" = '*' ] ||
	bad "travel: the route is not drawn before the first step"
[ "$(player_at)" = "16 6" ] || bad "travel: the player moved before Enter"
keys Enter
wait_for 'You arrive\.' || bad "travel: no 'You arrive.'"
[ "$(player_at)" = "18 8" ] || bad "travel: the player is at $(player_at), not 18 8"
ok "travel to a picked cell is shown first, and walked after Enter"

# 1b. The same by mouse: a click (the terminal's report of a left press
# and release at 18,8) shows the route, a click on the same cell goes.
click() { # COLUMN ROW
	local x y
	x=$(printf "\\$(printf %o $((33 + $1)))")
	y=$(printf "\\$(printf %o $((33 + $2)))")
	$T send-keys -t g -l $'\e[M '"$x$y"
	$T send-keys -t g -l $'\e[M#'"$x$y"
}
start --data-dir "$fixed" --map tutorial --seed 1 --monsters 0
click 18 8
wait_for 'Travel to 18,8: 2 steps' || bad "click: the route is not shown"
[ "$(player_at)" = "16 6" ] || bad "click: the player moved before the second click"
click 18 8
wait_for 'You arrive\.' || bad "click: the second click did not go"
[ "$(player_at)" = "18 8" ] || bad "click: the player is at $(player_at), not 18 8"
ok "a click on the map shows the route, a second click walks it"

# 2. > travels to the stairs (shown first), > again goes: the level is
# left by them.
keys '>'
wait_for 'Travel to 20,11: 3 steps' || bad "stairs: the route is not shown"
keys Escape
wait_for 'Travel cancelled\.' || bad "stairs: Esc does not cancel"
[ "$(player_at)" = "18 8" ] || bad "stairs: Esc moved the player"
keys '>' '>'
wait_for 'escape down the stairs' || bad "stairs: > > did not take the stairs"
ok "> travels to the stairs, Esc cancels"

# 3. A travel stops the moment a monster comes into view, and says so:
# round the tutorial's wall towards the goblin.
start --data-dir "$fixed" --map tutorial --seed 1
keys _ h h h h h h k k k k k Enter
wait_for 'Travel to 10,1' || bad "monster: the route is not shown"
keys Enter
wait_for 'You stop: a goblin comes into view\.' ||
	bad "monster: the travel did not stop for the goblin"
[ "$(player_at)" != "10 1" ] || bad "monster: the travel went on to its end"
ok "a travel stops when a monster comes into view"

# 3b. So do a travel to the stairs (> >) and one to a clicked cell
# (two clicks): a statue, which never moves, comes into view round the
# corner half-way along the corridor.
cat >"$tmp/stairs.txt" <<EOF
include "$data/monsters.txt"
monster statue
	glyph 'Q' color white speed 1 hp 5 attack 1 sight 1
	description "Never moves."
dungeon stairs
	title "Stairs"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'Q' floor monster statue
legend '>' stairs exit
MAP
##########
#@......>#
#####.####
#####Q####
##########
ENDMAP
EOF
start --map "$tmp/stairs.txt" --seed 1
keys '>'
wait_for 'Travel to 8,1: 7 steps' || bad "stairs: the route is not shown"
keys '>'
wait_for 'You stop: a statue comes into view\.' ||
	bad "stairs: the travel did not stop for the statue"
[ "$(player_at)" != "8 1" ] || bad "stairs: the travel went on to the stairs"
start --map "$tmp/stairs.txt" --seed 1
click 8 1
wait_for 'Travel to 8,1: 7 steps' || bad "click: the route is not shown"
click 8 1
wait_for 'You stop: a statue comes into view\.' ||
	bad "click: the travel did not stop for the statue"
[ "$(player_at)" != "8 1" ] || bad "click: the travel went on to its end"
ok "a travel to the stairs or to a click stops when a monster comes into view"

# 4. Explore sees the whole tutorial (no monster), and says so.
start --data-dir "$fixed" --map tutorial --seed 1 --monsters 0
keys X
wait_for '^Explored\.' || bad "explore: no 'Explored.'"
screen | head -13 | tr '@' '.' >"$tmp/explored"
sed -n '/^MAP$/,/^ENDMAP$/p' "$fixed/maps/tutorial.txt" | sed '1d;$d' |
	tr '@g' '..' >"$tmp/tutorial"
diff "$tmp/tutorial" "$tmp/explored" >&2 ||
	bad "explore: the screen does not show the whole tutorial"
ok "explore sees all of the tutorial and says 'Explored.'"

# 5. A run along a corridor, round its bend, stops at the door.
cat >"$tmp/corridor.txt" <<EOF
include "$data/monsters.txt"
dungeon corridor
	title "A corridor"
legend '#' wall
legend '.' floor
legend '@' floor player
legend '+' door_closed
legend '>' stairs exit
MAP
##########
#@.....###
######.###
######.###
######+###
#........#
#.......>#
##########
ENDMAP
EOF
start --map "$tmp/corridor.txt" --seed 1
keys L
wait_for 'You stop at a door\.' || bad "run: it did not stop at the door"
[ "$(player_at)" = "6 3" ] || bad "run: the player is at $(player_at), not 6 3"
[ "$(screen | sed -n 5p | cut -c7)" = + ] || bad "run: the door was opened"
ok "a run follows the corridor and stops at its door"

# 6. Rest: hurt by a rat, rested until whole; then hurt by an orc, the
# rest is stopped by a hound coming round on its rounds (the seeds are
# ones where the rat and the orc do hurt).
cat >"$tmp/rest.txt" <<EOF
include "$data/monsters.txt"
dungeon rest
	title "Rest"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'r' floor monster rat
legend 'o' floor monster orc
legend 'h' floor monster hound
legend '>' stairs exit
MAP
##############################
#............................#
#..@r........................#
#............................#
#............................#
##########.###################
##########.###################
##########.###################
##########.###################
##########.###################
##########.###################
##########.###################
##########.###################
##########h.................>#
##############################
ENDMAP
EOF
start --map "$tmp/rest.txt" --seed 2
$T send-keys -t g . l l l l l Space
wait_for 'You kill the rat!' || bad "rest: the rat was not killed"
keys Z
wait_for 'You rest until healed\.' || bad "rest: no 'You rest until healed.'"
wait_for '^HP 30/30' || bad "rest: not healed"
ok "rest until healed"

sed 's/^#\.\.@r/#..@o/; s/^##########\.#########/######.#############/;
	s/^##########h\.\.\.\./######h......../' \
	"$tmp/rest.txt" >"$tmp/rest2.txt"
start --map "$tmp/rest2.txt" --seed 3
$T send-keys -t g . l l l l l l l l Space
wait_for 'You kill the orc!' || bad "rest: the orc was not killed"
keys Z
wait_for 'You stop: a hound comes into view\.' ||
	bad "rest: the hound did not stop the rest"
screen | grep -q '^HP 30/30' && bad "rest: healed before the hound came"
ok "rest is stopped by a monster coming into view"

# 7. The AI view follows you like a monster: Tab reaches you while an
# explore is under way (its Dijkstra map is the layer m draws) and while
# a travel's route waits, whose search step mode narrates.
# The default dungeon: an explore long enough to be followed.
start --data-dir "$fixed" --map default --seed 1 --monsters 0 --ai-view
keys X Tab
wait_for '\|  explore to [0-9]+,[0-9]+' ||
	bad "AI view: Tab does not reach your explore"
keys v m
wait_for 'explore map: moves' || bad "AI view: m does not draw the explore map"
wait_for '^Explored\.' || bad "AI view: the explore did not go on to its end"
start --data-dir "$fixed" --map tutorial --seed 1 --monsters 0 --ai-view
keys '>'
wait_for 'Travel to 20,11' || bad "AI view: the route is not shown"
keys Tab
wait_for '\|  travel, goal 20,11' || bad "AI view: Tab does not reach your travel"
[ "$(screen | sed -n 12p | cut -c21)" = G ] || bad "AI view: no goal G drawn at 20,11"
keys v s n n n
wait_for '^you travel \| A\* octile no-corner w=1 .*\| step 3/' ||
	bad "AI view: step mode does not step your search"
wait_for 'step 3/[0-9]+: expands' || bad "AI view: the step is not narrated"
keys Escape Enter
wait_for 'escape down the stairs' || bad "AI view: the travel did not go after Enter"
ok "the AI view shows, maps and steps your explore and travel"

# 8. Headless play walks as the terminal does: a travel begun by
# --view-keys after turns already played, with a monster in view from
# its start, goes on to its end in both, and both end on the same turn
# and cell.
cat >"$tmp/seen.txt" <<EOF
include "$data/monsters.txt"
monster statue
	glyph 'Q' color white speed 1 hp 5 attack 1 sight 1
	description "Never moves."
dungeon seen
	title "Seen"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'Q' floor monster statue
legend '>' stairs exit
MAP
###########
#@.......>#
#.#########
#Q#########
###########
ENDMAP
EOF
"$bin" --map "$tmp/seen.txt" --seed 1 --headless --keys ... --turns 3 \
	--dump-screen --view-keys _lllll.. >"$tmp/seen.out" 2>&1 ||
	bad "headless: the game did not run"
grep -q '^|You arrive\.' "$tmp/seen.out" ||
	bad "headless: the travel did not go on to its end: $(grep '^|You' "$tmp/seen.out")"
start --map "$tmp/seen.txt" --seed 1
keys . . . _ l l l l l . .
wait_for 'You arrive\.' || bad "terminal: the travel did not go on to its end"
[ "$(player_at)" = "6 1" ] || bad "terminal: the player is at $(player_at), not 6 1"
a=$(grep -o '^|HP .*Turn [0-9]*' "$tmp/seen.out" | cut -c2-)
b=$(screen | grep -o '^HP .*Turn [0-9]*')
[ -n "$a" ] && [ "$a" = "$b" ] || bad "headless '$a', terminal '$b'"
grep -q '^|#\.\.\.\.\.@\.\.>#' "$tmp/seen.out" ||
	bad "headless: the player did not end at 6,1"
ok "a walk begun after turns played passes a monster in view, headless as in the terminal"

tap_done
