#!/bin/sh
# SPDX-License-Identifier: MIT
# test_screen.sh - what the game draws, as text: --dump-screen prints the
# screen the terminal would show (and with --ai-view every AI layer over
# the whole map) after a seeded headless game.  Golden files hold them.
# Also checks that drawing the AI view every turn changes nothing in the
# game (the recordings are byte-identical) and the dump's usage errors.
#
# UPDATE_GOLDEN=1 rewrites the golden files instead of comparing.  One
# TAP result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
golden=$top/tests/golden
HUNTED_DATA=${HUNTED_DATA:-$(cd "$top/data" && pwd)}
export HUNTED_DATA
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_screen.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

bad() {
	tap_fail "$*"
}

screen_golden() {
	name=$1
	shift
	"$bin" --headless --no-timing --dump-screen "$@" >"$tmp/$name.out" \
		2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 0 ] || { cat "$tmp/err" >&2; bad "$name: exit $rc"; }
	tap_golden "$golden/$name.txt" "$tmp/$name.out"
	tap_check "golden screen $name"
}

# The screens whose point is one situation (a door opened on a room, a
# step of a search, a jam) play the shipped levels as they were before
# they varied with the seed: tests/fixtures/fixed.
fixed=$top/tests/fixtures/fixed

# The game screen: map, status line, message log, and the layer of what
# the player sees and remembers.
screen_golden screen-doors --map doors --seed 7 --turns 20
# Field of view: a door opened on the rat's room shows the rat and the
# room in line with the doorway, the other monsters stay unseen; shut
# again and left behind, the room and the corridor stay, remembered as
# last seen, and the rat is not drawn.
screen_golden screen-fov-door --data-dir "$fixed" --map doors --seed 7 --keys 'lllllllllkok'
screen_golden screen-fov-memory --data-dir "$fixed" --map doors --seed 7 \
	--keys 'lllllllllkokckhhhhhhhhh'
# map_rows FILE: the map's columns of the screen in a dump of the doors
# map (40 x 14).
map_rows() { sed -n '2,15p' "$1" | cut -c2-41; }
map_rows "$tmp/screen-fov-door.out" | grep -q r ||
	bad "fov: the rat seen through the door is not drawn"
map_rows "$tmp/screen-fov-door.out" | grep -q '[gjo]' &&
	bad "fov: a monster out of sight is drawn"
map_rows "$tmp/screen-fov-memory.out" | grep -q '[rgjo]' &&
	bad "fov: a monster behind a shut door is drawn"
map_rows "$tmp/screen-fov-memory.out" | sed -n 4p | grep -q '^#\.\.\.\.\.\.\.+  \.\.\.$' ||
	bad "fov: the rat's room is not remembered"
"$bin" --headless --no-timing --dump-screen --data-dir "$fixed" --map doors --seed 7 \
	--keys 'lllllllllkokckhhhhhhhhh' --ai-view >"$tmp/fov-ai.out" 2>&1 ||
	bad "fov: the AI view's dump failed"
for m in r g j o; do
	map_rows "$tmp/fov-ai.out" | grep -q "$m" ||
		bad "fov: the AI view does not draw the monster '$m'"
done
grep -q '| AI VIEW: whole map (? keys)' "$tmp/fov-ai.out" ||
	bad "fov: the AI view does not say it draws the whole map"
[ "$(tail -1 "$tmp/fov-ai.out")" = "$(tail -1 "$tmp/screen-fov-memory.out")" ] ||
	bad "fov: the AI view changed the game"
tap_check "the screen draws the monsters in sight, the AI view all of them"
# The AI view on the tutorial: the goblin's search around the wall, f
# values, the comparison of the algorithms, every layer.
screen_golden screen-tutorial-ai --map tutorial --seed 1 --keys '....' \
	--ai-view --view-keys vf
# Step mode after five expansions (v gives the view the keys): open,
# closed and the current node.
screen_golden screen-tutorial-step --map tutorial --seed 1 --keys '....' \
	--ai-view --view-keys 'vsnnnnn'
# Weighted A* and another heuristic, chosen with W and H.
screen_golden screen-tutorial-weighted --map tutorial --seed 1 \
	--keys '....' --ai-view --view-keys 'vWWHg'
# The inspector: look mode with the AI view on, two cells left of the
# player, inside the goblin's search.
screen_golden screen-inspector --map tutorial --seed 1 --keys '....' \
	--ai-view --view-keys 'x<left><left>'
# A larger terminal, the help screen, and one too small.
screen_golden screen-help --map tutorial --seed 1 --keys '.' \
	--view-keys '?'
# The help's page on the ground: each terrain and what a step onto it
# costs, from the data.
screen_golden screen-help-ground --map tutorial --seed 1 --keys '.' \
	--view-keys '??'
# Look says what a step onto the ground costs, from the data.
"$bin" --headless --no-timing --dump-screen --map elements --seed 1 \
	--keys '.' --view-keys 'x<right><right><right><right><right><right><right><right>' \
	>"$tmp/look.out" 2>&1 || bad "look: the dump failed"
grep -q '^|Look: (9,1) Sticky mud\. Moving onto it takes 3 turns\.' "$tmp/look.out" ||
	bad "look: what a step onto mud costs is not said"
tap_check "look says what a step onto the ground costs"
screen_golden screen-small --map tutorial --seed 1 --keys '.' \
	--screen 30x10

# With the view on, the game keeps its keys until v gives them to the
# view: f and o are the game's (o asks for a direction), and the layers
# stay as they were.
"$bin" --headless --no-timing --dump-screen --map tutorial --seed 1 \
	--keys '....' --ai-view --view-keys 'fo' >"$tmp/keys.out" 2>&1 ||
	bad "view keys: the dump failed"
grep -q '| on: p o$' "$tmp/keys.out" || bad "view keys: f or o changed a layer"
grep -q '^|Open which way? (direction, Esc)' "$tmp/keys.out" ||
	bad "view keys: o did not ask which door to open"
grep -q '\[AI VIEW\] v: its keys' "$tmp/keys.out" ||
	bad "view keys: the status line does not say who has the keys"
tap_check "with the AI view on, f and o are the game's until v"

# layers_add FILE: in a dump's g, h and f layers, every cell that shows a
# value in all three shows g + h = f (0-9, a-z; '+' is past z and left
# out).  Prints the cells that do not add up, nothing when all do.
layers_add() {
	awk '
	function val(ch) { return index("0123456789abcdefghijklmnopqrstuvwxyz", ch) - 1 }
	/^layer / { layer = $2; sub(":", "", layer); if (layer == "g") rows = 0; row = 0; next }
	/^\|/ && (layer == "g" || layer == "h" || layer == "f") {
		cell[layer, row++] = substr($0, 2); if (row > rows) rows = row
	}
	END {
		for (y = 0; y < rows; y++) {
			n = length(cell["g", y])
			for (x = 1; x <= n; x++) {
				g = val(substr(cell["g", y], x, 1))
				h = val(substr(cell["h", y], x, 1))
				f = val(substr(cell["f", y], x, 1))
				# A monster drawn over the layers is the same
				# character in all three: not a value.
				if (substr(cell["g", y], x, 1) == substr(cell["f", y], x, 1) &&
				    substr(cell["h", y], x, 1) == substr(cell["f", y], x, 1))
					continue
				if (g >= 0 && h >= 0 && f >= 0 && g + h != f)
					printf "%d,%d: g %d + h %d != f %d\n", x - 1, y, g, h, f
			}
		}
	}' "$1"
}

# The values drawn are true: A*'s g, h and f add up cell by cell, and
# each algorithm's are drawn in its own unit, which the legend and the
# header name.
"$bin" --headless --no-timing --dump-screen --map tutorial --seed 1 \
	--keys '....' --ai-view --view-keys vf >"$tmp/astar.out" 2>&1 ||
	bad "A* layers: the dump failed"
layers_add "$tmp/astar.out" >"$tmp/sums"
[ -s "$tmp/sums" ] && bad "A*: g + h != f on screen: $(head -3 "$tmp/sums")"
grep -q '^layer f:' "$tmp/astar.out" || bad "A*: no f layer in the dump"
grep -q '| f=g+h, /10: 0-9 a-z +' "$tmp/astar.out" ||
	bad "A*: the legend does not give the unit"
tap_check "A*: g + h = f in every cell drawn, the unit in the legend"
# The legend names the layer shown: g and h by what they are, never by
# f's rule; h under Dijkstra is said to be unused.
legend_of() { # VIEW-KEYS: the panel's rows of the dump after v VIEW-KEYS
	"$bin" --headless --no-timing --dump-screen --map tutorial --seed 1 \
		--keys '....' --ai-view --view-keys "v$1" 2>&1 |
		sed -n '/^screen/,/^|HP/p' | cut -c53-
}
legend_of g >"$tmp/leg"
grep -q '^ g = cost, /10: 0-9 a-z +' "$tmp/leg" || bad "g layer: legend $(cat "$tmp/leg")"
legend_of h >"$tmp/leg"
grep -q '^ h = estimate, /10: 0-9 a-z +' "$tmp/leg" || bad "h layer: legend"
grep -q 'f=g+h' "$tmp/leg" && bad "h layer: the legend names f"
legend_of Ah >"$tmp/leg"
grep -q '^ h unused: all 0' "$tmp/leg" || bad "Dijkstra's h layer: legend"
tap_check "the legend names the layer shown: g, h or f"
"$bin" --headless --no-timing --dump-screen --map tutorial --seed 1 \
	--keys '....' --ai-view --view-keys vAAAg >"$tmp/bfs.out" 2>&1 ||
	bad "BFS layers: the dump failed"
grep -q '| BFS no-corner (steps, costs ignored) (changed' "$tmp/bfs.out" ||
	bad "BFS: the header does not say it counts steps"
grep -q '| g=f=steps: 0-9 a-z +' "$tmp/bfs.out" ||
	bad "BFS: the legend does not say the values are steps"
# Counted in steps, the cells a few steps away show 2 and more (divided
# by the step cost they were all 0 or 1).
sed -n '/^layer g:/,/^layer h:/p' "$tmp/bfs.out" | grep -q '[2-9a-z]' ||
	bad "BFS: g is not drawn in steps"
tap_check "BFS: g in steps, and the header and legend say so"
"$bin" --headless --no-timing --dump-screen --map tutorial --seed 1 \
	--keys '....' --ai-view --view-keys vA >"$tmp/dij.out" 2>&1 ||
	bad "Dijkstra: the dump failed"
grep -q '^ai: goblin#0 .* | Dijkstra no-corner (f=g, no h) (changed' \
	"$tmp/dij.out" || bad "Dijkstra: the header names a heuristic"
tap_check "Dijkstra: the header says it uses no heuristic"

# Layers compose: one layer of values at a time (c then h leaves h
# alone), and the markers stay over it: the path keeps the values it
# crosses (drawn in reverse video, no '*' hiding them), and the legend
# names what is on screen and nothing else.
"$bin" --headless --no-timing --dump-screen --map tutorial --seed 1 \
	--keys '....' --ai-view --view-keys vch >"$tmp/ch.out" 2>&1 ||
	bad "layers: the dump failed"
grep -q '| on: p o h$' "$tmp/ch.out" || bad "layers: c and h both on"
sed -n '2,13p' "$tmp/ch.out" | cut -c1-23 | grep -q '[*]' &&
	bad "layers: a '*' hides a value of the h layer"
grep -q '| reverse: path$' "$tmp/ch.out" ||
	bad "layers: the legend does not say how the path is drawn"
grep -q '| underlined: open$' "$tmp/ch.out" ||
	bad "layers: the legend does not say how open cells are drawn"
grep -Eq '\| (o open|1-9 cost)' "$tmp/ch.out" &&
	bad "layers: the legend names symbols that are not on screen"
tap_check "one layer of values at a time, markers over it, the legend of what is shown"
"$bin" --headless --no-timing --dump-screen --map default --seed 1 --keys '' --ai-view \
	--view-keys vk >"$tmp/k.out" 2>&1 || bad "k: the dump failed"
grep -q '| same query:  expanded cost$' "$tmp/k.out" ||
	bad "k: the path caches replaced the comparison"
grep -q '| path cache, nearest first$' "$tmp/k.out" ||
	bad "k: no path caches"
tap_check "k shows the path caches beside the comparison, not instead of it"

# Narrated stepping: the step in words (the cell expanded and why, what
# became of each neighbour), back as well as forward, and a jump to a
# step number: stepping back to step 5, or jumping to it, draws exactly
# what five steps forward draw.
screen_at() { # VIEW-KEYS: the map, panel, status and stats lines
	"$bin" --headless --no-timing --dump-screen --data-dir "$fixed" --map tutorial --seed 1 \
		--keys '....' --ai-view --view-keys "$1" 2>&1 | sed -n 2,22p
}
screen_at vsnnnnn >"$tmp/fwd"
grep -q '| step 5/48: expands 9,6$' "$tmp/fwd" || bad "narration: no step line"
grep -q '| lowest f 110 (g 40 h 70)$' "$tmp/fwd" || bad "narration: no why"
grep -q '| E 10,6 new: g 50 h 60 f 110$' "$tmp/fwd" ||
	bad "narration: no new neighbour"
grep -q '| not better: N S SW NW$' "$tmp/fwd" ||
	bad "narration: the neighbours that were not better"
grep -q '| closed: W$' "$tmp/fwd" || bad "narration: the closed neighbour"
grep -q '| open list (16), first:$' "$tmp/fwd" || bad "narration: no open list"
grep -q '|  10,6 f 110 g 50 h 60$' "$tmp/fwd" ||
	bad "narration: the open list does not start with the lowest f"
tap_check "step mode narrates a step: the cell, why, each neighbour, the open list"
screen_at vsnnnnnnnbb >"$tmp/back"
cmp -s "$tmp/fwd" "$tmp/back" ||
	bad "b: back from step 7 twice is not step 5: $(diff "$tmp/fwd" "$tmp/back" | head -4)"
screen_at 'vsJ5<enter>' >"$tmp/jump"
cmp -s "$tmp/fwd" "$tmp/jump" ||
	bad "J 5 Enter is not step 5: $(diff "$tmp/fwd" "$tmp/jump" | head -4)"
screen_at 'vsNB' | grep -q '| step 0/48: the start 5,6 is$' ||
	bad "B: not back at the start"
tap_check "b steps back, J jumps, B goes to the start: the same screens as stepping forward"

# Why this heuristic: T shows A* under every heuristic, whether each is
# admissible under the rule and costs, and what one that is not costs
# over the optimal path.  On this generated dungeon, for the jailer,
# Manhattan on the 8-way grid expands fewer nodes (94 against octile's
# 129) and pays 6 more; on a 4-way grid it is admissible.
"$bin" --headless --no-timing --dump-screen --generate 60x30 --seed 125 \
	--keys '' --ai-view --view-keys 'v<tab>T' >"$tmp/h.out" 2>&1 ||
	bad "heuristics: the dump failed"
grep -q '| A\* by h:  adm expanded cost$' "$tmp/h.out" || bad "heuristics: no table"
grep -q '|  manhattan no      94   416$' "$tmp/h.out" ||
	bad "heuristics: Manhattan on 8-way not inadmissible, or not 94/416"
grep -q '| >octile    yes    129   410$' "$tmp/h.out" ||
	bad "heuristics: octile is not the current, admissible one"
grep -q '| over optimal: manhattan +6$' "$tmp/h.out" ||
	bad "heuristics: the penalty is not shown"
screen_at vDDT | grep -q '|  manhattan yes ' ||
	bad "heuristics: Manhattan on 4-way is not admissible"
tap_check "T: every heuristic, admissible or not under the rule, and its cost over optimal"

# Cell boxes (z): the classic figure, each cell a box with f top left,
# the arrow to its parent top right, g bottom left, h bottom right; in
# every box of A*'s search f = g + h.
screen_golden screen-tutorial-boxes --map tutorial --seed 1 --keys '....' \
	--ai-view --view-keys 'vzsnnnnn'
screen_at vz >"$tmp/boxes"
awk -F'|' '
	/^\|\+-/ { top = NR; next }
	NR == top + 1 { for (i = 3; i < NF; i++) { split($i, a, " "); f[i] = a[1] } }
	NR == top + 3 {
		for (i = 3; i < NF; i++) {
			n = split($i, a, " ")
			if (n == 2 && f[i] != "") {
				boxes++
				if (a[1] + a[2] != f[i]) print "f " f[i] " != g " a[1] " + h " a[2]
			}
		}
	}
	END { if (boxes < 12) print "only " boxes " boxes with values" }
' "$tmp/boxes" >"$tmp/sums"
[ -s "$tmp/sums" ] && bad "cell boxes: $(head -3 "$tmp/sums")"
tap_check "cell boxes: f = g + h in every box of A*'s search"

# The dump of the AI view on a fixed map, every kind that may walk one
# on a shared map (--strategy distmap), after TURNS turns and VIEW-KEYS,
# in $tmp/dm.out; WHAT names the check.
map_dump() { # MAP TURNS VIEW-KEYS WHAT
	"$bin" --headless --no-timing --dump-screen --data-dir "$fixed" \
		--map "$1" --seed 1 --hunt --strategy distmap --turns "$2" \
		--ai-view --view-keys "$3" >"$tmp/dm.out" 2>&1 ||
		bad "$4: the dump failed"
}

# What the monsters use is visible: with shared distance maps (the fixed
# crowd, one seed: the shipped one varies) m draws the map the goblins
# walk, the moves left to the player in every cell, then (m again) the
# way downhill from each.
map_dump crowd 3 vm "distance map"
grep -q '| shared map: moves 0-9 a-z +$' "$tmp/dm.out" ||
	bad "distance map: no legend"
grep -q 'fedcba9876543@1112345' "$tmp/dm.out" ||
	bad "distance map: the distances do not fall to the player"
map_dump crowd 3 vmm "distance map"
grep -q '>>>>>>>>@/^\\<<<<' "$tmp/dm.out" ||
	bad "distance map: the downhill arrows do not point at the player"
screen_at vm | grep -q '| no shared map for this kind$' ||
	bad "distance map: a kind without one is not said"
tap_check "m draws the shared distance map the chasers walk, and its way downhill"

# A hound's shared map is breadth-first's: it counts steps, one a step
# straight across the mud to the player, where a map of costs counts
# three moves a step of mud.
map_dump hounds 1 vm "hounds' map"
grep -q '| shared map: steps 0-9 a-z +$' "$tmp/dm.out" ||
	bad "hounds' map: its legend does not say steps"
grep -q 'fedcba987654321@' "$tmp/dm.out" ||
	bad "hounds' map: the steps do not fall by one across the mud"
tap_check "m draws a hound's shared map in steps, straight across the mud"

# A jam under the automatic strategy plans cooperatively, visibly: on
# the crowd map the rats, goblins and orcs jam in their room's doorway,
# and on turn 12 the sixth monster Tab selects (a rat going back to its
# post through the doorway) holds reserved cells, numbered by the turn
# it holds them, and the panel says so.
tabs=$(printf '<tab>%.0s' $(seq 1 6))
"$bin" --headless --no-timing --dump-screen --data-dir "$fixed" --map crowd --seed 3 \
	--monsters 40 --turns 12 --ai-view --view-keys "v$tabs" >"$tmp/jam.out" 2>&1 ||
	bad "jam: the dump failed"
grep -q '| rat#3 (Tab)$' "$tmp/jam.out" || bad "jam: not the rat selected"
grep -q '| cache cooperative (reserved 6 steps) |' "$tmp/jam.out" ||
	bad "jam: the rat's cooperative plan is not said"
grep -q '^|#rgwg:r1r\*r56:o' "$tmp/jam.out" &&
	grep -q '^|#oroo::r23:' "$tmp/jam.out" ||
	bad "jam: the rat's reserved cells are not numbered"
tap_check "a jam under the automatic strategy: the cooperative plan shown"

# Jump point search in the algorithm cycle (A four times): its jump
# points and the jumps between them, narrated step by step; refused, and
# said so, where costs vary.
screen_at vAAAAsnn >"$tmp/jps"
grep -q '| JPS octile no-corner (f=g+h, jump points' "$tmp/jps" ||
	bad "JPS view: no header"
grep -q '^|#......../--O........#' "$tmp/jps" ||
	bad "JPS view: the jump NE and then east to 12,2 is not drawn"
grep -q '^|#......./..#.\\.......#' "$tmp/jps" ||
	bad "JPS view: the diagonal jumps from the goblin and 12,2 are not drawn"
grep -q '| -|/\\ jumps' "$tmp/jps" || bad "JPS view: the legend has no jumps"
screen_at vAAAAsn | grep -q '| jump NE to 12,2: new g 86 h$' ||
	bad "JPS view: the first step does not say its jumps"
"$bin" --headless --no-timing --dump-screen --data-dir "$fixed" --map default --seed 42 --keys '........' \
	--ai-view --view-keys vAAAA 2>&1 | grep -q '^ai: expanded 0 open 0 | JPS n/a, costs vary' ||
	bad "JPS view: a map with terrain costs is not said to be refused"
tap_check "A reaches jump point search: its jump points, jumps and steps drawn"

# The path never hides a jump point: on the jump point search lesson's
# last page, every jump point of the open layer (o open, : closed) is
# still o or : on the screen, the path's in reverse video.
"$bin" --headless --no-timing --dump-screen --lesson jps --keys '' \
	--view-keys '  ' >"$tmp/jpath" 2>&1 || bad "JPS path: exit $?"
grep -q '\*' "$tmp/jpath" || bad "JPS path: no path drawn"
awk '/^screen /{s = 1; next} s && /^\|/ {scr[++n] = $0; next} {s = 0}
     /^layer open:/ {o = 1; m = 0; next} /^layer / {o = 0}
     o { m++; for (x = 2; x <= length($0); x++) {
		c = substr($0, x, 1)
		if ((c == "o" || c == ":") && substr(scr[m], x, 1) != c)
			printf "%d,%d: %s hidden by %s\n", x - 2, m - 1, c,
			       substr(scr[m], x, 1) } }' "$tmp/jpath" >"$tmp/hidden"
[ -s "$tmp/hidden" ] && bad "JPS path: $(head -3 "$tmp/hidden")"
grep -q '| \*/reverse: path  -|/\\ jumps' "$tmp/jpath" ||
	bad "JPS path: the legend does not say the path is reversed over them"
tap_check "the path never hides a jump point"

# Lessons: --lesson lists them in order with their pages; every page of
# every shipped lesson is a golden dump (space turns the page), and every
# page's text ends on screen (its last word is drawn).
"$bin" --lesson >"$tmp/lessons" 2>&1 || bad "--lesson: exit $?"
grep -q '^  wall         1\. The wall in the middle (5 pages)$' "$tmp/lessons" ||
	bad "--lesson: the list does not start with lesson 1: $(head -3 "$tmp/lessons")"
tap_check "--lesson lists the lessons in order"
for f in "$top"/data/lessons/*.txt; do
	lesson=$(basename "$f" .txt)
	pages=$(grep -c '^page ' "$f")
	k=0
	turn=''
	while [ "$k" -lt "$pages" ]; do
		k=$((k + 1))
		screen_golden "lesson-$lesson-$k" --lesson "$lesson" --keys '' \
			--view-keys "$turn"
		last=$(awk -v k="$k" '/^page /{n++} n == k && /^\ttext /{print}' "$f" |
			sed 's/.* \([^ ]*\)"$/\1/')
		grep -qF -- "$last" "$tmp/lesson-$lesson-$k.out" ||
			bad "lesson $lesson page $k: its text is cut before '$last'"
		tap_check "lesson $lesson page $k: all of its text on screen"
		turn="$turn "
	done
done
"$bin" --lesson nosuch >"$tmp/out" 2>&1
[ $? -eq 1 ] && grep -q "no lesson named 'nosuch'; hunted --lesson lists them" "$tmp/out" ||
	bad "--lesson nosuch: $(cat "$tmp/out")"
tap_check "--lesson with an unknown name says how to list them"

# Nothing hidden by the panel: at 100x30 the default dungeon (76 wide)
# is drawn whole with the panel under it, in two columns; at 80x24 the
# view keeps the monster it follows in sight with the player when both
# fit, and when they do not, whoever has the keys wins.
"$bin" --headless --no-timing --dump-screen --map default --screen 100x30 --seed 1 --keys '' \
	--ai-view >"$tmp/wide.out" 2>&1 || bad "wide: the dump failed"
sed -n '2,13p' "$tmp/wide.out" >"$tmp/wide.map"
grep -q '>#$' "$tmp/wide.map" || bad "wide: the exit is not on screen"
grep -q 'j' "$tmp/wide.map" || bad "wide: the jailer is not on screen"
grep -q '^| AI VIEW: whole map (? keys) *| same query:  expanded cost$' "$tmp/wide.out" ||
	bad "wide: the panel is not under the map in two columns"
tap_check "100x30: the whole default dungeon, the panel under it"
"$bin" --headless --no-timing --dump-screen --data-dir "$fixed" --map default --seed 1 --keys '' --ai-view \
	--view-keys '<tab><tab><tab>' >"$tmp/far.out" 2>&1 ||
	bad "far: the dump failed"
grep -q 'jailer#5 (Tab)' "$tmp/far.out" || bad "far: Tab did not pick the jailer"
sed -n '2,13p' "$tmp/far.out" | grep -q '@' ||
	bad "far: with the game's keys the player is not on screen"
"$bin" --headless --no-timing --dump-screen --data-dir "$fixed" --map default --seed 1 --keys '' --ai-view \
	--view-keys 'v<tab><tab><tab>' >"$tmp/far.out" 2>&1 ||
	bad "far: the dump failed"
sed -n '2,13p' "$tmp/far.out" | cut -c1-51 | grep -q 'j' ||
	bad "far: with the view's keys the jailer it follows is not on screen"
tap_check "80x24: the followed monster in sight when the view has the keys"
# Panel lines are not cut: the table's statuses are short, and a long
# cache line goes on on the next row.
"$bin" --headless --no-timing --dump-screen --map cave --seed 1 --keys '' --ai-view \
	--view-keys '<tab>' >"$tmp/cave.out" 2>&1 || bad "cave: the dump failed"
grep -q '|  BFS  *[0-9]* budget$' "$tmp/cave.out" ||
	bad "cave: the BFS row of the table is cut: $(grep '|  BFS' "$tmp/cave.out")"
tap_check "the comparison's statuses fit the panel"

# Jump point search in the comparison: on the shipped default dungeon the
# goblin's grid has terrain costs (and other monsters' crowd costs), which
# jump point search refuses; the row says so, where A* answers.
"$bin" --headless --no-timing --dump-screen --map default --seed 42 --keys '........' \
	--ai-view >"$tmp/jps.out" 2>&1 || bad "default dungeon AI view failed"
tap_check "the AI view on the default dungeon"
grep -q '^compare: JPS expanded=0 cost=0 status=n/a: costs vary$' \
	"$tmp/jps.out" || bad "JPS row on a map with terrain costs"
tap_check "the JPS comparison row says costs vary"
grep -q '|  JPS      n/a: costs vary' "$tmp/jps.out" ||
	bad "JPS row on screen on a map with terrain costs"
tap_check "the JPS row on screen says costs vary"
grep -q '^compare: A\* expanded=[1-9][0-9]* cost=[1-9][0-9]* status=found$' \
	"$tmp/jps.out" || bad "A* row beside the refused JPS row"
tap_check "A* answers beside the refused JPS row"

# The hierarchy (y): its row in the table, the cheapest way's cost, its
# subgoals, and a layer with the subgoal path's points in turn and the
# path of cells between the rat and the player.
"$bin" --headless --no-timing --dump-screen --map default --seed 1 --keys '' \
	--ai-view --view-keys vy >"$tmp/hpa.out" 2>&1 || bad "hierarchy: the dump failed"
grep -Eq '\|  subgoals +[0-9]+ +[0-9]+ \+0\.0%' "$tmp/hpa.out" ||
	bad "hierarchy: no row in the table: $(grep 'subgoals' "$tmp/hpa.out")"
grep -Eq '\| hierarchy: [1-9][0-9]* subgoals,' "$tmp/hpa.out" ||
	bad "hierarchy: the panel does not say its subgoals"
hcost=$(sed -n 's/^compare: subgoals expanded=[0-9]* cost=\([0-9]*\) status=found$/\1/p' "$tmp/hpa.out")
dcost=$(sed -n 's/^compare: Dijkstra expanded=[0-9]* cost=\([0-9]*\) status=found$/\1/p' "$tmp/hpa.out")
[ -n "$hcost" ] && [ -n "$dcost" ] && [ "$hcost" -eq "$dcost" ] ||
	bad "hierarchy: cost '$hcost' against the cheapest '$dcost'"
sed -n '/^layer hierarchy:$/,/^end:/p' "$tmp/hpa.out" | sed '1d;$d' >"$tmp/hpa.layer"
for d in 1 2; do
	[ "$(grep -o "$d" "$tmp/hpa.layer" | wc -l)" = 1 ] ||
		bad "hierarchy: the subgoal path's point $d is not drawn once"
done
[ "$(grep -o '!' "$tmp/hpa.layer" | wc -l)" -ge 20 ] || bad "hierarchy: too few subgoals drawn"
[ "$(grep -o '\*' "$tmp/hpa.layer" | wc -l)" -ge 10 ] || bad "hierarchy: no refined path"
grep -q '^layer paths:$' "$tmp/hpa.out" && ! sed -n '/^layer paths:$/,/^layer open:$/p' "$tmp/hpa.out" | grep -q '!' ||
	bad "hierarchy: its marks leak into the other layers"
grep -q '! subgoal' "$tmp/hpa.out" || bad "hierarchy: the legend does not say what ! is"
tap_check "y shows the hierarchy: its table row, subgoals, subgoal path and cells"

# D* Lite (r): its row beside the others, the same cost as Dijkstra's on
# the first plan, and n/a where the settings are not its own.
"$bin" --headless --no-timing --dump-screen --map default --seed 1 --keys '' \
	--ai-view --view-keys vr >"$tmp/dl.out" 2>&1 || bad "D* Lite: the dump failed"
dl=$(sed -n 's/^|  *|  D\* Lite  *[0-9][0-9]*  *\([0-9][0-9]*\)$/\1/p' "$tmp/dl.out")
dj=$(sed -n 's/^compare: Dijkstra expanded=[0-9]* cost=\([0-9]*\) status=found$/\1/p' "$tmp/dl.out")
[ -n "$dl" ] && [ "$dl" = "$dj" ] || bad "D* Lite: cost '$dl' against Dijkstra's '$dj'"
grep -q '| D\* Lite planned afresh; from' "$tmp/dl.out" || bad "D* Lite: the first plan is not said"
"$bin" --headless --no-timing --dump-screen --map default --seed 1 --keys '' \
	--ai-view --view-keys vrAA 2>&1 | grep -q '| D\* Lite: n/a (A\* with w=1' ||
	bad "D* Lite: greedy settings not said n/a"
tap_check "r runs the same query by D* Lite beside the others"

# The AI layers must not touch the game: the same game recorded with the
# AI view drawn every turn and without is byte-identical.
"$bin" --headless --map doors --seed 7 --turns 200 --no-timing \
	--record "$tmp/plain.rec" >"$tmp/plain.out" 2>&1 ||
	bad "plain game failed"
"$bin" --headless --map doors --seed 7 --turns 200 --no-timing \
	--record "$tmp/ai.rec" --dump-screen --ai-view \
	--view-keys 'vogfack*s' >"$tmp/ai.out" 2>&1 || bad "AI view game failed"
tap_check "the same game plays with and without the AI view drawn"
cmp -s "$tmp/plain.rec" "$tmp/ai.rec" ||
	bad "drawing the AI view changed the game"
tap_check "drawing the AI view changes nothing in the recording"
[ "$(tail -1 "$tmp/plain.out")" = "$(tail -1 "$tmp/ai.out")" ] ||
	bad "drawing the AI view changed the summary"
tap_check "drawing the AI view changes nothing in the summary"

# Usage: dump options need --headless and --dump-screen.
for args in "--dump-screen" "--view-keys x --headless" \
	"--screen 10 --headless --dump-screen" \
	"--headless --dump-screen --view-keys <nope>"; do
	# shellcheck disable=SC2086
	"$bin" $args >"$tmp/out" 2>"$tmp/err"
	rc=$?
	case "$args" in
	*nope*) want=1 ;;
	*) want=2 ;;
	esac
	[ "$rc" = "$want" ] || bad "'$args': exit $rc, want $want"
	[ -s "$tmp/err" ] || bad "'$args': no message"
	tap_check "usage: '$args' exits $want with a message"
done

# The manual page documents every option --help lists.
for o in $("$bin" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
	grep -q -- "$(echo "$o" | sed 's/-/\\\\-/g')" "$top/doc/hunted.6.in" ||
		bad "doc/hunted.6.in does not document $o"
done
tap_check "the manual page documents every option --help lists"

tap_done
