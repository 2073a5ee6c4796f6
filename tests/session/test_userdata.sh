#!/bin/sh
# SPDX-License-Identifier: MIT
# test_userdata.sh - the run in data and the player's own files: the
# campaign is campaign.txt, checked like any data file and replaced with
# --campaign FILE; a map, a lesson or a campaign in the player's folder
# ($XDG_DATA_HOME/hunted/) joins the shipped ones or stands in for one of
# its name; the player's monsters.txt changes one monster kind without a
# copy of the others; --check says where each file came from.  One TAP
# result per check (tests/lib/tap.sh).
set -u
top=$(cd "${top_srcdir:-.}" && pwd)
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_userdata.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
data="$top/data"
mine="$tmp/xdg/hunted"
unset HUNTED_DATA
export XDG_DATA_HOME="$tmp/xdg"

# The status line of a game's first turn, headless.
status() {
	"$bin" --data-dir "$data" --headless --no-timing --turns 1 --keys . \
		--dump-screen "$@" </dev/null 2>"$tmp/err" |
		grep '^|HP ' | head -n 1
}

# 1. The shipped campaign passes --check, level by level.
"$bin" --data-dir "$data" --check "$data/campaign.txt" >"$tmp/out" \
	2>"$tmp/err"
tap_is $? 0 "the shipped campaign passes --check"
tap_test "--check says what the campaign's first level plays" \
	grep -q "^  level 1 ambush: $data/maps/ambush.txt (shipped)\$" \
	"$tmp/out"
tap_test "...and its last, generated" \
	grep -q "^  level 11 deep3: generated 128x50, 26 monsters\$" "$tmp/out"

# 2. A campaign's mistakes: FILE:LINE:COL, the line and a caret.
cat >"$tmp/bad.txt" <<'BAD'
level one map tutorial
level two map mazy
level three width 80 height 3 monsters 2
levle five map maze
level four width 80 height 30
BAD
(cd "$tmp" && "$bin" --data-dir "$data" --check bad.txt) >"$tmp/out" \
	2>"$tmp/err"
tap_is $? 1 "a broken campaign: --check exits 1"
cat >"$tmp/want" <<'WANT'
bad.txt:3:29: error: 'height' must be an integer from 10 to 4096, got '3'
    level three width 80 height 3 monsters 2
                                ^
bad.txt:4:1: error: unknown keyword 'levle'; did you mean 'level'?
    levle five map maze
    ^
bad.txt:5:1: error: level 'four' needs 'monsters' (how many to place)
    level four width 80 height 30
    ^
bad.txt:2:1: error: level 'two': no map named 'mazy'; did you mean 'maze'?
    level two map mazy
    ^
WANT
if cmp -s "$tmp/want" "$tmp/err"; then
	tap_ok "a broken campaign: each mistake at its line and column"
else
	tap_not_ok "a broken campaign: each mistake at its line and column" \
		"$(diff "$tmp/want" "$tmp/err")"
fi

# 3. --campaign FILE plays another run.
printf 'level first map maze\nlevel last width 30 height 12 monsters 1\n' \
	>"$tmp/two.txt"
case $(status --campaign "$tmp/two.txt") in
*"Depth 1/2 maze"*) tap_ok "--campaign FILE plays its own levels" ;;
*) tap_not_ok "--campaign FILE plays its own levels" "$(cat "$tmp/err")" ;;
esac
# Its recording keeps it, so the replay plays the same levels.
"$bin" --data-dir "$data" --campaign "$tmp/two.txt" --headless --no-timing \
	--turns 30 --autopilot careful --seed 4 --record "$tmp/two.rec" \
	</dev/null >"$tmp/played" 2>&1
"$bin" --data-dir "$data" --replay "$tmp/two.rec" --headless --no-timing \
	</dev/null >"$tmp/replayed" 2>&1
tap_test "a recording of --campaign FILE says which" \
	grep -q "^campaign $tmp/two.txt\$" "$tmp/two.rec"
if [ "$(tail -n 2 "$tmp/played")" = "$(tail -n 2 "$tmp/replayed")" ]; then
	tap_ok "...and replays to the same end"
else
	tap_not_ok "...and replays to the same end" \
		"$(tail -n 2 "$tmp/played" "$tmp/replayed")"
fi
case $(status) in
*"Depth 1/11 ambush"*) tap_ok "without it, the shipped campaign" ;;
*) tap_not_ok "without it, the shipped campaign" "$(cat "$tmp/err")" ;;
esac

# A generated level's monsters are of the kinds it names; a kind that is
# none is reported at its level, with the nearest name.
printf 'level pen width 40 height 20 monsters 8 kind jailer\n' >"$tmp/pen.txt"
"$bin" --data-dir "$data" --campaign "$tmp/pen.txt" --headless --no-timing \
	--turns 1 --keys . --view-keys v --dump-screen </dev/null >"$tmp/out" \
	2>&1
tap_test "a level's 'kind jailer': the monster followed is a jailer" \
	grep -q '| jailer#[0-9]* (Tab)' "$tmp/out"
tap_test "...and no monster of another kind is in the dungeon" \
	sh -c "! sed -n '2,18p' '$tmp/out' | cut -c1-42 | grep -q '[grk]'"
printf 'level pen width 40 height 20 monsters 8 kind jailr\n' >"$tmp/pen.txt"
(cd "$tmp" && "$bin" --data-dir "$data" --check pen.txt) >"$tmp/out" \
	2>"$tmp/err"
tap_test "a level's unknown kind: --check says so at its line" \
	grep -q "^pen.txt:1:1: error: level 'pen': no monster kind named 'jailr'; did you mean 'jailer'?\$" \
	"$tmp/err"

# 4. A modder's level joins the run from the player's folder: a new map,
# and a campaign that starts with it, over the shipped one; the shipped
# data is not touched.
mkdir -p "$mine/maps" "$mine/lessons"
cat >"$mine/maps/mine.txt" <<'EOM'
include "../monsters.txt"
dungeon mine title "Mine"
legend '#' wall
legend '.' floor
legend '@' floor player
legend '>' stairs exit
legend 'g' floor monster goblin
MAP
########
#@..g.>#
########
ENDMAP
EOM
{ echo "level mine map mine"; cat "$data/campaign.txt"; } \
	>"$mine/campaign.txt"
s=$(status)
case $s in
*"Depth 1/12 mine"*) tap_ok "a level of the player's folder joins the run" ;;
*) tap_not_ok "a level of the player's folder joins the run" \
	"$s $(cat "$tmp/err")" ;;
esac
"$bin" --data-dir "$data" --headless --no-timing --turns 1 --keys . \
	--dump-screen </dev/null >"$tmp/out" 2>&1
tap_test "...and plays its map, its goblin a 'g'" grep -q '^|#@\.*g\.*>#' \
	"$tmp/out"

# 5. One monster kind changed by the player's monsters.txt, the others
# as shipped.
printf "monster goblin glyph 'Q' hp 3\n" >"$mine/monsters.txt"
"$bin" --data-dir "$data" --headless --no-timing --turns 1 --keys . \
	--dump-screen </dev/null >"$tmp/out" 2>&1
tap_test "the player's goblin is the one the game uses" \
	grep -q '^|#@\.*Q\.*>#' "$tmp/out"
"$bin" --data-dir "$data" --map kennels --headless --no-timing --turns 1 \
	</dev/null >"$tmp/out" 2>"$tmp/err"
tap_is $? 0 "a shipped map still plays, with the shipped kinds beside it"

# 6. --check says where each file came from.
"$bin" --data-dir "$data" --check "$mine/maps/mine.txt" \
	"$mine/campaign.txt" >"$tmp/out" 2>"$tmp/err"
tap_is $? 0 "the player's files pass --check"
cat >"$tmp/want" <<WANT
$mine/maps/mine.txt: ok
  read $mine/maps/mine.txt (yours)
  read $data/monsters.txt (shipped)
  read $data/terrain.txt (shipped)
  read $mine/monsters.txt (yours, over the shipped one)
  monster goblin: changed at $mine/monsters.txt:1
$mine/campaign.txt: ok
  read $mine/campaign.txt (yours, over the shipped one)
  level 1 mine: $mine/maps/mine.txt (yours)
  level 2 ambush: $data/maps/ambush.txt (shipped)
WANT
head -n 10 "$tmp/out" >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then
	tap_ok "--check says where each file came from"
else
	tap_not_ok "--check says where each file came from" \
		"$(diff "$tmp/want" "$tmp/got")"
fi

# 7. A map of the player's named like a shipped one stands in for it; a
# lesson of the player's joins the list.
sed 's/dungeon mine title "Mine"/dungeon maze title "My maze"/' \
	"$mine/maps/mine.txt" >"$mine/maps/maze.txt"
"$bin" --data-dir "$data" --map maze --headless --no-timing --turns 1 \
	--keys . --dump-screen </dev/null >"$tmp/out" 2>&1
tap_test "the player's maze stands in for the shipped one" \
	grep -q '^|My maze' "$tmp/out"
"$bin" --data-dir "$data" --map mne --headless --turns 1 </dev/null \
	>"$tmp/out" 2>&1
tap_test "a map name that is none: the player's maps are among those listed" \
	grep -q "maps/mne.txt: error: no map named 'mne'; .*, mine, .*did you mean 'mine'?" \
	"$tmp/out"
cp "$data/lessons/wall.txt" "$mine/lessons/mywall.txt"
"$bin" --data-dir "$data" --lesson >"$tmp/out" 2>&1
tap_test "a lesson of the player's joins the lesson list" \
	grep -q '^  mywall ' "$tmp/out"

# 8. The sandbox's w writes a file that plays from any folder: it
# includes monsters.txt by its name in the data folder, and keeps the
# map's own glyphs (the open door "'", the stairs '>').  The shipped
# doors vary with the seed: the copy of one fixed layout is the map.
rm -rf "$mine"
fixed="$top/tests/fixtures/fixed"
mkdir -p "$tmp/sb" "$tmp/elsewhere"
(cd "$tmp/sb" && "$bin" --data-dir "$fixed" --map doors --headless \
	--no-timing --turns 1 --keys . --view-keys vSw --dump-screen \
	</dev/null >"$tmp/out" 2>&1)
tap_test "the sandbox's w saves the dungeon" \
	test -f "$tmp/sb/hunted-sandbox-1.txt"
mv "$tmp/sb/hunted-sandbox-1.txt" "$tmp/elsewhere/drawn.txt"
tap_test "...including monsters.txt by its data folder name" \
	grep -q '^include "monsters.txt"$' "$tmp/elsewhere/drawn.txt"
(cd "$tmp/elsewhere" && "$bin" --data-dir "$fixed" --check drawn.txt) \
	>"$tmp/out" 2>&1
tap_is $? 0 "the saved file passes --check from another folder"
# The monsters took a turn: only they may differ.
sed -n '/^MAP$/,/^ENDMAP$/p' "$tmp/elsewhere/drawn.txt" | tr rgjo .... \
	>"$tmp/drawn"
sed -n '/^MAP$/,/^ENDMAP$/p' "$fixed/maps/doors.txt" | tr rgjo .... \
	>"$tmp/doors"
if cmp -s "$tmp/doors" "$tmp/drawn"; then
	tap_ok "the saved map has the map's own glyphs"
else
	tap_not_ok "the saved map has the map's own glyphs" \
		"$(diff "$tmp/doors" "$tmp/drawn")"
fi

tap_done
