#!/bin/sh
# SPDX-License-Identifier: MIT
# test_save.sh - the end of a game, saved games, high scores and morgue
# files, by the real binary without a terminal:
#
# - a game saved and resumed (--save FILE), once or twice, comes to the
#   same end as the game never interrupted: the same end line and
#   summary, byte for byte, the same events, and a recording of it that
#   replays; the save is a recording itself;
# - a save that is damaged, cut short, of another version or that no
#   longer plays the same is said (FILE:LINE: error: what), moved aside
#   (never deleted), and a new game is played; a save of another game is
#   left alone;
# - with --morgue a finished game leaves a morgue file and its line in
#   the high-score list, in $XDG_DATA_HOME/hunted (or ~/.local/share),
#   here always a temporary folder; bad or unwritable files are said and
#   the game's result still printed.
#
# One TAP result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
data=$(cd "$top/data" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_save.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
# Never the real home.
export XDG_DATA_HOME="$tmp/xdg"
export HOME="$tmp/home"
xdg=$XDG_DATA_HOME/hunted
version=$("$bin" --version | sed 's/^hunted //')

bad() {
	tap_fail "$*"
}

# play OUT ARGS...: a headless game with its timings zeroed, stdout to
# OUT, stderr to OUT.err.
play() {
	out=$1
	shift
	"$bin" --headless --no-timing "$@" >"$out" 2>"$out.err"
}

# keys_from STRING FROM [TO]: the keys FROM..TO (from 1), as cut -c.
keys_from() {
	printf '%s\n' "$1" | cut -c"$2-${3:-}"
}

# The game of the split runs (seed 30 of the doors dungeon, which varies
# with the seed): an orc kills the player on turn 30, after the player
# killed three monsters.
game="--map doors --seed 30 --monsters 12"
keys=llllllllkkkkhhhhjjjjllllllllllllllllllllllllllllllllllllllllj
# shellcheck disable=SC2086
play "$tmp/whole" $game --log --keys "$keys" || bad "the whole game: exit $?"
grep -q '^end: Killed by an orc on level 1, turn 30\. Score 253\.$' "$tmp/whole" ||
	bad "the whole game does not end as expected: $(tail -2 "$tmp/whole")"
tap_check "a game played whole: killed by an orc on turn 30, with three kills"

# 1. Saved after k keys, resumed with the rest: the same end.
for k in 1 5 12 20; do
	rm -f "$tmp/s.rec"
	# shellcheck disable=SC2086
	play "$tmp/a" $game --log --keys "$(keys_from "$keys" 1 "$k")" \
		--save "$tmp/s.rec" || bad "split at $k: the first part exits $?"
	# (A key into a wall takes no turn: the turns are counted.)
	n=$(sed -n 's/^end: Saved on level 1, turn \([0-9]*\)\. Score [0-9]*\.$/\1/p' "$tmp/a")
	[ -n "$n" ] || bad "split at $k: the first part does not say it is saved: $(tail -2 "$tmp/a")"
	grep -q "saved in $tmp/s.rec" "$tmp/a.err" || bad "split at $k: not said where"
	[ -f "$tmp/s.rec" ] || bad "split at $k: no save"
	play "$tmp/b" --log --keys "$(keys_from "$keys" $((k + 1)))" \
		--save "$tmp/s.rec" || bad "split at $k: the second part exits $?"
	grep -qi "resumed the game saved on turn $n\\." "$tmp/b.err" ||
		bad "split at $k: the resume is not said: $(cat "$tmp/b.err")"
	tail -2 "$tmp/whole" >"$tmp/whole.end"
	tail -2 "$tmp/b" >"$tmp/b.end"
	cmp -s "$tmp/whole.end" "$tmp/b.end" || {
		diff "$tmp/whole.end" "$tmp/b.end" >&2
		bad "split at $k: another end"
	}
	# Every event of the game, once: before the save, then after it.
	{ grep -v '^end: \|^summary: ' "$tmp/a"; cat "$tmp/b"; } >"$tmp/ab"
	cmp -s "$tmp/whole" "$tmp/ab" || {
		diff "$tmp/whole" "$tmp/ab" | head >&2
		bad "split at $k: the events differ"
	}
	# The game is over: resumed once, the save is gone.
	[ -f "$tmp/s.rec" ] && bad "split at $k: the save outlived the game"
	tap_check "saved after $k turns and resumed: the same events and end, byte for byte"
done

# Saved twice, resumed twice; the last part recorded whole (--record)
# replays to the same end.
rm -f "$tmp/s.rec"
# shellcheck disable=SC2086
play "$tmp/a" $game --keys "$(keys_from "$keys" 1 7)" --save "$tmp/s.rec"
play "$tmp/b" --keys "$(keys_from "$keys" 8 15)" --save "$tmp/s.rec"
nt=$(sed -n 's/^end: Saved on level 1, turn \([0-9]*\)\..*/\1/p' "$tmp/b")
[ -n "$nt" ] && [ "$nt" -ge 10 ] || bad "twice: the second part is not saved: $(cat "$tmp/b")"
cp "$tmp/s.rec" "$tmp/saved.rec"
play "$tmp/c" --keys "$(keys_from "$keys" 16)" --save "$tmp/s.rec" \
	--record "$tmp/whole.rec" || bad "twice: the last part exits $?"
grep -v '^[0-9]*: ' "$tmp/whole" >"$tmp/whole.end"
cmp -s "$tmp/whole.end" "$tmp/c" || {
	diff "$tmp/whole.end" "$tmp/c" >&2
	bad "twice: another end"
}
tap_is "$(grep -c '^turn ' "$tmp/whole.rec")" 30 \
	"a resumed game's recording has every turn of the game, the saved ones too"
play "$tmp/r" --replay "$tmp/whole.rec" || bad "the resumed game's recording does not replay: exit $?"
cmp -s "$tmp/whole.end" "$tmp/r" || bad "the resumed game's recording replays to another end"
tap_check "saved twice and resumed twice: the same end, and a recording that replays to it"

# The save is a recording of the game so far, with the version of hunted.
sed -n 2,3p "$tmp/saved.rec" >"$tmp/head"
printf 'hunted-recording 2\nversion %s\n' "$version" | cmp -s - "$tmp/head" ||
	bad "the save does not begin with its format and version: $(cat "$tmp/head")"
tap_is "$(tail -1 "$tmp/saved.rec" | cut -d' ' -f1-2)" "end $nt" "the save ends with its turns"
play "$tmp/r" --replay "$tmp/saved.rec" || bad "the save does not replay: exit $?"
grep -q "^end: Still alive on level 1, turn $nt\\." "$tmp/r" || bad "the save replays to another turn"
tap_check "a save is a recording: --replay plays it"

# 2. Damaged saves: said with the file, the line and what is wrong, moved
# aside, and a new game played as if there were none.
fresh="$game --keys llkkhhjj"
# shellcheck disable=SC2086
play "$tmp/fresh" $fresh || bad "fresh game: exit $?"
# damaged NAME LINE MESSAGE: the save in $tmp/d.rec, prepared by the
# caller, refused at LINE (0: the whole file) with MESSAGE.
damaged() {
	name=$1 line=$2 msg=$3
	cp "$tmp/d.rec" "$tmp/d.orig"
	rm -f "$tmp"/d.rec.bad-*
	# shellcheck disable=SC2086
	play "$tmp/out" $fresh --save "$tmp/d.rec" || bad "$name: exit $?"
	if [ "$line" = 0 ]; then
		where="$tmp/d.rec: error: "
	else
		where="$tmp/d.rec:$line: error: "
	fi
	grep -qF "$where$msg" "$tmp/out.err" || {
		cat "$tmp/out.err" >&2
		bad "$name: not '$where$msg'"
	}
	grep -q "The save could not be resumed: it is now $tmp/d.rec.bad-[0-9]*-[0-9]*\\. A new game begins\\." \
		"$tmp/out.err" || bad "$name: not said where it went"
	moved=$(ls "$tmp"/d.rec.bad-* 2>/dev/null)
	[ -n "$moved" ] && cmp -s "$moved" "$tmp/d.orig" ||
		bad "$name: the save was not moved aside as it was"
	# The new game is the game asked for; the session saved it anew.
	sed 's/^end: Saved on/end: Still alive on/' "$tmp/out" >"$tmp/out.as"
	cmp -s "$tmp/fresh" "$tmp/out.as" || {
		diff "$tmp/fresh" "$tmp/out.as" >&2
		bad "$name: not a fresh game"
	}
	rm -f "$tmp/d.rec" "$tmp"/d.rec.bad-*
	tap_check "a damaged save ($name) is said at line $line, moved aside, and a new game begins"
}
cp "$tmp/saved.rec" "$tmp/d.rec"
head -c -7 "$tmp/saved.rec" >"$tmp/d.rec"
# The header's 10 lines (the last two the checksum on turn 0 and the
# result so far), then turn N on line 10 + N, then the end line.
damaged "cut in its last line" $((nt + 11)) "the last line has no end of line: the file is cut short"
grep -v '^end ' "$tmp/saved.rec" >"$tmp/d.rec"
damaged "no end line" $((nt + 10)) "the recording is cut short after turn $nt: it has no end line"
sum=$(sed -n 's/^turn 9 [a-z.]* //p' "$tmp/saved.rec")
sed "/^turn 9 /s/$sum/0123456789abcdef/" "$tmp/saved.rec" >"$tmp/d.rec"
damaged "a turn's checksum" 19 "the saved game plays differently at turn 9 (saved checksum 0123456789abcdef, got $sum)"
sed "s/^version .*/version 0.0.1/" "$tmp/saved.rec" >"$tmp/d.rec"
damaged "another version" 3 "the save is of hunted 0.0.1, not of this hunted $version"
grep -v '^version ' "$tmp/saved.rec" >"$tmp/d.rec"
damaged "no version" 0 "the save has no 'version' line"
sed "s/^hunted-recording 2$/hunted-recording 1/" "$tmp/saved.rec" >"$tmp/d.rec"
damaged "an older format" 2 "this recording is in format 1"
sed "s/^turn 4 \\([a-z.]*\\) /turn 4 Q /" "$tmp/saved.rec" >"$tmp/d.rec"
damaged "an unknown command" 14 "unknown command 'Q'"
grep -v '^turn 6 ' "$tmp/saved.rec" >"$tmp/d.rec"
damaged "a turn missing" 16 "turn 7 where turn 6 was expected"
head -c 3000 /dev/urandom >"$tmp/d.rec"
printf '\0' >>"$tmp/d.rec"
cp "$tmp/d.rec" "$tmp/d.orig"
# shellcheck disable=SC2086
play "$tmp/out" $fresh --save "$tmp/d.rec" || bad "garbage: exit $?"
ls "$tmp"/d.rec.bad-* >/dev/null 2>&1 || bad "garbage: not moved aside"
grep -q "^$tmp/d.rec:[0-9]*: error: " "$tmp/out.err" || bad "garbage: no line said"
rm -f "$tmp/d.rec" "$tmp"/d.rec.bad-*
tap_check "a save of random bytes is refused at its line and moved aside"

# A save that is no regular file is neither read nor moved nor written.
mkdir "$tmp/dir.rec"
# shellcheck disable=SC2086
play "$tmp/out" $fresh --save "$tmp/dir.rec"
rc=$?
[ "$rc" = 1 ] || bad "a directory as the save: exit $rc, want 1"
[ -d "$tmp/dir.rec" ] || bad "a directory as the save was moved"
grep -q "$tmp/dir.rec is not a regular file" "$tmp/out.err" || bad "a directory as the save: not said"
grep -q '^end: Still alive' "$tmp/out" || bad "a directory as the save: the game's result is lost"
tap_check "a directory named as the save is left alone, said, and the game's result printed (exit 1)"

# 3. A save of another game (other options given) is left alone, and
# said; the same options resume it.
cp "$tmp/saved.rec" "$tmp/o.rec"
play "$tmp/out" --map tutorial --seed 9 --keys llkkhhjj --save "$tmp/o.rec"
grep -q "A game saved on turn $nt (doors) waits in $tmp/o.rec; hunted without --map tutorial --seed 9 resumes it\\." \
	"$tmp/out.err" || bad "another game: the waiting save not said: $(cat "$tmp/out.err")"
ls "$tmp"/o.rec.old-* >/dev/null 2>&1 || bad "another game: its save did not move the waiting one aside"
cmp -s "$tmp/saved.rec" "$(ls "$tmp"/o.rec.old-* | head -1)" || bad "another game: the waiting save changed"
tap_check "a save of another game is left alone, said, and moved aside (never written over) when this one is saved"
cp "$tmp/saved.rec" "$tmp/o.rec"
play "$tmp/out" --map doors --seed 30 --keys . --save "$tmp/o.rec"
grep -q "^end: Saved on level 1, turn $((nt + 1))\\." "$tmp/out" || bad "the same options did not resume the save"
tap_check "the same options resume the save"

# 4. Morgue files and high scores, with --morgue.
[ -e "$XDG_DATA_HOME" ] && bad "a game without --morgue or --save made $XDG_DATA_HOME"
# shellcheck disable=SC2086
play "$tmp/m1" $game --keys "$keys" --morgue || bad "morgue: exit $?"
grep -v '^[0-9]*: ' "$tmp/whole" >"$tmp/whole.end"
cmp -s "$tmp/whole.end" "$tmp/m1" || bad "morgue: --morgue changed the game's output"
morgue=$(ls "$xdg"/morgue-*-30.txt 2>/dev/null)
[ "$(echo "$morgue" | wc -w)" = 1 ] || bad "morgue: not one morgue file: $morgue"
echo "$morgue" | grep -Eq "^$xdg/morgue-[0-9]{8}-[0-9]{6}-30\\.txt\$" ||
	bad "morgue: its name is not morgue-DATE-TIME-SEED.txt: $morgue"
grep -qF "hunted: morgue file $morgue" "$tmp/m1.err" || bad "morgue: its name is not said"
tap_check "--morgue writes one morgue file, named by the date and the seed, and changes nothing else"
{
	echo "hunted $version - the end of a game"
	echo
	echo "Killed by an orc on level 1, turn 30."
	echo "Score: 253 (level 1: 100, 3 kills: 150, 30 turns: 3)"
	echo "High scores: 1st of 1 ($xdg/scores.txt)"
	echo
	echo "Dungeon: doors"
	echo "Seed: 30"
	echo "Play it again: hunted --map doors --seed 30 --monsters 12"
} >"$tmp/want"
head -9 "$morgue" | cmp -s "$tmp/want" - || {
	head -9 "$morgue" | diff "$tmp/want" - >&2
	bad "morgue: the head of the morgue file"
}
grep -Eq '^Ended: [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$' "$morgue" || bad "morgue: no date"
grep -q '^You: HP 0/30, keys: none, 3 monsters killed$' "$morgue" || bad "morgue: no word on the player"
tap_check "the morgue says how the game ended, the score, the rank, the seed and how to play it again"
# The last messages: the game's own, the death last.
sed -n '/^Last messages:$/,/^$/p' "$morgue" | sed '1d;$d' >"$tmp/msgs"
[ "$(wc -l <"$tmp/msgs")" -ge 2 ] && [ "$(wc -l <"$tmp/msgs")" -le 16 ] ||
	bad "morgue: $(wc -l <"$tmp/msgs") last messages"
tail -1 "$tmp/msgs" | grep -Eq '^ +29  You die\.\.\. The orc got you\.$' ||
	bad "morgue: the last message is not the death: $(tail -1 "$tmp/msgs")"
# The final map: the doors map's size, one player.
sed -n '/^The dungeon at the end:$/,$p' "$morgue" | sed 1d >"$tmp/map"
tap_is "$(wc -l <"$tmp/map") $(awk '{ print length }' "$tmp/map" | sort -u | wc -l)" \
	"$(sed -n '/^MAP$/,/^ENDMAP$/p' "$data/maps/doors.txt" | sed '1d;$d' | wc -l) 1" \
	"the morgue's final map has the dungeon's rows, all of one width"
tap_is "$(grep -o '@' "$tmp/map" | wc -l)" 1 "the morgue's final map has the player once"
# Play it again: the command the morgue gives plays the same game.
# shellcheck disable=SC2046
play "$tmp/again" $(sed -n 's/^Play it again: hunted //p' "$morgue") --keys "$keys"
cmp -s "$tmp/whole.end" "$tmp/again" || bad "the morgue's command plays another game"
tap_check "the morgue's 'play it again' plays the same game"

# The high-score list: its header, one game a line, best first.
{
	echo "# hunted high scores, best first: SCORE DATE SEED LEVEL TURNS KILLS"
	echo "# DUNGEON END (doc/formats.md)"
	echo "hunted-scores 1"
} >"$tmp/want"
head -3 "$xdg/scores.txt" | cmp -s "$tmp/want" - || bad "scores: the header"
grep -Eq '^253 [0-9]{4}-[0-9]{2}-[0-9]{2} 30 1 30 3 doors Killed by an orc on level 1, turn 30\.$' \
	"$xdg/scores.txt" || bad "scores: the game's line: $(cat "$xdg/scores.txt")"
play "$tmp/m2" --map crowd --seed 3 --monsters 40 --keys "$(printf '%040d' 0 | tr 0 .)" --morgue
grep -q '^end: Killed by a wolf on level 1, turn 24\. Score 102\.$' "$tmp/m2" || bad "scores: the second game"
cat >"$tmp/escape.txt" <<ESCAPE
include "$data/monsters.txt"
dungeon escape
	title "Three steps to the stairs"
legend '#' wall
legend '.' floor
legend '@' floor player
legend '>' stairs exit
MAP
#######
#@..>.#
#######
ENDMAP
ESCAPE
play "$tmp/m3" --map "$tmp/escape.txt" --seed 2 --keys lll --morgue
grep -q '^end: Escaped from level 1 on turn 3\. Score 2094\.$' "$tmp/m3" || bad "scores: the escape: $(cat "$tmp/m3")"
tap_is "$(sed -n '4,$p' "$xdg/scores.txt" | cut -d' ' -f1,3,7 | tr '\n' ,)" \
	"2094 2 escape,253 30 doors,102 3 crowd," "the high-score list has every game, best first"
grep -q '^High scores: 2nd of 2 ' "$(ls "$xdg"/morgue-*-3.txt)" || bad "scores: the second game's rank in its morgue"
grep -q '^High scores: 1st of 3 ' "$(ls "$xdg"/morgue-*-2.txt)" || bad "scores: the third game's rank in its morgue"
tap_check "each morgue gives its game's rank as the list stood when it ended"
n=$(ls "$xdg" | wc -l)
play "$tmp/out" --map crowd --seed 3 --monsters 40 --keys ... --morgue
tap_is "$(ls "$xdg" | wc -l)" "$n" "a game that has not ended leaves no morgue file"
play "$tmp/out" --map "$tmp/escape.txt" --seed 2 --keys lll
tap_is "$(ls "$xdg" | wc -l) $(grep -c escape "$xdg/scores.txt")" "$n 1" \
	"without --morgue a headless game writes nothing"

# XDG_DATA_HOME unset, or not absolute: ~/.local/share/hunted.
for x in unset relative; do
	rm -rf "$HOME"
	if [ "$x" = unset ]; then
		env -u XDG_DATA_HOME "$bin" --headless --map "$tmp/escape.txt" \
			--seed 2 --keys lll --morgue >/dev/null 2>&1
	else
		XDG_DATA_HOME=rel/dir "$bin" --headless --map "$tmp/escape.txt" \
			--seed 2 --keys lll --morgue >/dev/null 2>&1
	fi
	[ -f "$HOME/.local/share/hunted/scores.txt" ] || bad "XDG_DATA_HOME $x: not in ~/.local/share/hunted"
	ls "$HOME"/.local/share/hunted/morgue-*-2.txt >/dev/null 2>&1 || bad "XDG_DATA_HOME $x: no morgue in ~/.local/share/hunted"
	[ -e rel ] && bad "XDG_DATA_HOME relative: used"
	tap_check "XDG_DATA_HOME $x: the files go to ~/.local/share/hunted"
done

# 5. Bad or unwritable files: said; the game's result is printed.
play "$tmp/ok" --map "$tmp/escape.txt" --seed 2 --keys lll
echo "not a folder" >"$tmp/afile"
XDG_DATA_HOME="$tmp/afile" "$bin" --headless --no-timing --map "$tmp/escape.txt" \
	--seed 2 --keys lll --morgue >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || bad "unwritable: exit $rc"
cmp -s "$tmp/ok" "$tmp/out" || bad "unwritable: the game's result is not printed"
grep -q "No high scores and no morgue file: cannot make the folder '$tmp/afile/hunted'" "$tmp/err" ||
	bad "unwritable: not said: $(cat "$tmp/err")"
tap_check "a folder that cannot be made is said, and the game's result stays"
printf 'hunted-scores 1\n100 2026-01-01 1 1 5 0 pit Quit on level 1, turn 5.\n12 garbage\n' \
	>"$xdg/scores.txt"
cp "$xdg/scores.txt" "$tmp/scores.orig"
play "$tmp/out" --map "$tmp/escape.txt" --seed 2 --keys lll --morgue
cmp -s "$tmp/ok" "$tmp/out" || bad "damaged scores: the game's result is not printed"
grep -q "$xdg/scores.txt:3: expected 'SCORE DATE SEED LEVEL TURNS KILLS DUNGEON END'; it was moved aside to $xdg/scores.txt.bad-" \
	"$tmp/out.err" || bad "damaged scores: not said: $(cat "$tmp/out.err")"
cmp -s "$tmp/scores.orig" "$(ls "$xdg"/scores.txt.bad-* | head -1)" || bad "damaged scores: not kept as it was"
tap_is "$(sed -n '4,$p' "$xdg/scores.txt" | cut -d' ' -f1)" 2094 "a damaged list is moved aside and a new one begun with the game"
rm -f "$xdg/scores.txt" "$xdg"/scores.txt.bad-*
mkdir "$xdg/scores.txt"
play "$tmp/out" --map "$tmp/escape.txt" --seed 2 --keys lll --morgue
rc=$?
[ "$rc" = 0 ] || bad "scores a folder: exit $rc"
cmp -s "$tmp/ok" "$tmp/out" || bad "scores a folder: the game's result is not printed"
grep -q "$xdg/scores.txt: error: cannot read '$xdg/scores.txt': it is a directory" "$tmp/out.err" ||
	grep -q "$xdg/scores.txt.*directory.*moved aside to" "$tmp/out.err" ||
	bad "scores a folder: not said: $(cat "$tmp/out.err")"
[ -d "$(ls -d "$xdg"/scores.txt.bad-* | head -1)" ] || bad "scores a folder: not moved aside"
tap_check "a high-score list that is a folder is said and moved aside, and the game's result stays"

# True ends: a campaign game ended on level 2 is named by that level and
# by the seed the status line shows, in the morgue and the high scores.
rm -rf "$xdg"
play "$tmp/camp" --seed 2 --autopilot careful --turns 5000 --morgue
lvl=$(sed -n 's/^end: .* level \([0-9]*\),* \(on \)*turn .*/\1/p' "$tmp/camp")
[ -n "$lvl" ] && [ "$lvl" -gt 1 ] || bad "campaign: the game did not end past level 1: $(tail -2 "$tmp/camp")"
m=$(ls "$xdg"/morgue-*-2.txt 2>/dev/null | head -1)
[ -n "$m" ] || bad "campaign: no morgue file named by the seed 2: $(ls "$xdg")"
grep -q "^Seed: 2$" "$m" || bad "campaign: the morgue has another seed: $(grep '^Seed' "$m")"
grep -q "^Dungeon: .*, level $lvl of the campaign$" "$m" ||
	bad "campaign: the morgue does not name level $lvl: $(grep '^Dungeon' "$m")"
grep -q "^Dungeon: ambush" "$m" && [ "$lvl" != 1 ] && bad "campaign: the morgue names the first level"
awk -v l="$lvl" '$3 == 2 && $4 == l && $7 != "ambush" { ok = 1 } END { exit !ok }' "$xdg/scores.txt" ||
	bad "campaign: the high scores have not seed 2 and level $lvl: $(tail -1 "$xdg/scores.txt")"
tap_check "a campaign game's morgue and high score name its seed and the level it ended on"

# A map named by a relative path, or with a newline in its name: the save
# resumes from another folder.
mkdir -p "$tmp/here" "$tmp/there"
cp "$tmp/escape.txt" "$tmp/here/pit.txt"
nl_map="$tmp/here/two
lines.txt"
cp "$tmp/escape.txt" "$nl_map"
(cd "$tmp/here" && play "$tmp/rel" --map pit.txt --seed 2 --keys .. --save "$tmp/rel.rec") ||
	bad "relative map: exit $?"
grep -q "^map $tmp/here/pit.txt$" "$tmp/rel.rec" || bad "relative map: the save does not name it whole: $(grep '^map' "$tmp/rel.rec")"
(cd "$tmp/there" && play "$tmp/rel2" --keys . --save "$tmp/rel.rec") || bad "relative map: resume exit $?"
grep -q "Resumed the game saved on turn 2\." "$tmp/rel2.err" || bad "relative map: not resumed from another folder: $(cat "$tmp/rel2.err")"
play "$tmp/nl" --map "$nl_map" --seed 2 --keys .. --save "$tmp/nl.rec" || bad "newline map: exit $?"
grep -q '^map .*/two\\nlines\.txt$' "$tmp/nl.rec" || bad "newline map: not one line: $(grep -A1 '^map' "$tmp/nl.rec")"
(cd "$tmp/there" && play "$tmp/nl2" --keys . --save "$tmp/nl.rec") || bad "newline map: resume exit $?"
grep -q "Resumed the game saved on turn 2\." "$tmp/nl2.err" || bad "newline map: not resumed: $(cat "$tmp/nl2.err")"
tap_check "a save of a map named by a relative path or with a newline resumes from another folder"

# Usage: --morgue is for headless games that are played, not replays.
"$bin" --morgue --map doors >/dev/null 2>&1
tap_is $? 2 "--morgue without --headless is a usage error"
"$bin" --headless --morgue --replay "$tmp/whole.rec" >/dev/null 2>&1
tap_is $? 2 "--morgue with --replay is a usage error"
"$bin" --headless --save "$tmp/x.rec" --replay "$tmp/whole.rec" >/dev/null 2>&1
tap_is $? 2 "--save with --replay is a usage error"

tap_done
