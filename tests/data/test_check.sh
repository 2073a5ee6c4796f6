#!/bin/sh
# SPDX-License-Identifier: MIT
# test_check.sh - the real binary's data checks: every shipped file passes
# `hunted --check`, which says "FILE: ok" for each, a broken file is
# reported as FILE:LINE:COL with its
# line and a caret and exits 1, and the data directory is looked up in the
# documented order (--data-dir, then $HUNTED_DATA).  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_check.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# 1. Every shipped file: exit 0, not a word of complaint, not even a
# warning, and one "FILE: ok" for each file, in order.
# (The lesson about no path is checked on its own below: its warning is
# its point.)
lessons=$(ls "$top"/data/lessons/*.txt | grep -v '/nopath\.txt$')
# shellcheck disable=SC2086
"$bin" --check "$top"/data/terrain.txt "$top"/data/monsters.txt \
	"$top"/data/maps/*.txt $lessons >"$tmp/out" 2>"$tmp/err"
tap_is $? 0 "shipped data: --check exits 0"
[ -s "$tmp/err" ] && tap_diag "$(cat "$tmp/err")"
tap_test "shipped data: --check prints nothing" test ! -s "$tmp/err"
for f in "$top"/data/terrain.txt "$top"/data/monsters.txt \
	"$top"/data/maps/*.txt $lessons; do
	echo "$f: ok"
done >"$tmp/want-ok"
if cmp -s "$tmp/want-ok" "$tmp/out"; then
	tap_ok "shipped data: one 'FILE: ok' per file checked"
else
	tap_not_ok "shipped data: one 'FILE: ok' per file checked" \
		"$(diff "$tmp/want-ok" "$tmp/out")"
fi
n=$(ls "$top"/data/maps/*.txt | wc -l)
tap_test "at least 7 shipped maps (found $n)" test "$n" -ge 7
n=$(ls "$top"/data/lessons/*.txt | wc -l)
tap_test "at least 9 shipped lessons (found $n)" test "$n" -ge 9
"$bin" --check "$top"/data/lessons/nopath.txt >"$tmp/out" 2>"$tmp/err"
tap_is $? 0 "the no-path lesson passes --check"
grep -q "warning: monster 'goblin' can never reach the player" "$tmp/err"
tap_is $? 0 "the no-path lesson: --check warns of its sealed goblin, its point"

# A page's keywords are checked like any record's: an unknown algorithm
# is reported at its place with the choices.
printf 'page one\n\talgorithm astra\n' >"$tmp/page.txt"
(cd "$tmp" && "$bin" --check page.txt) >"$tmp/out" 2>"$tmp/err"
tap_is $? 1 "a lesson page with an unknown algorithm: --check exits 1"
grep -q "^page.txt:2:12: error: .*astra" "$tmp/err"
tap_is $? 0 "the page's mistake is reported at its line and column"

# 2. A broken file: the exact GNU-style report on stderr, exit 1.
printf 'terrain floor glyph %s\nterrain mud glpyh %s\n' "'.'" "','" \
	>"$tmp/bad.txt"
(cd "$tmp" && "$bin" --check bad.txt) >"$tmp/out" 2>"$tmp/err"
tap_is $? 1 "broken file: --check exits 1"
cat >"$tmp/want" <<'WANT'
bad.txt:2:13: error: unknown keyword 'glpyh' for a terrain; did you mean 'glyph'?
    terrain mud glpyh ','
                ^
WANT
if cmp -s "$tmp/want" "$tmp/err"; then
	tap_ok "broken file: FILE:LINE:COL, the line and a caret on stderr"
else
	tap_not_ok "broken file: FILE:LINE:COL, the line and a caret on stderr" \
		"$(diff "$tmp/want" "$tmp/err")"
fi
tap_test "broken file: nothing on stdout" test ! -s "$tmp/out"

# 3. A good and a missing file together: both checked, exit 1.
"$bin" --check "$top/data/terrain.txt" "$tmp/missing.txt" >"$tmp/out" \
	2>"$tmp/err"
tap_is $? 1 "a good and a missing file: --check exits 1"
tap_is "$(cat "$tmp/out")" "$top/data/terrain.txt: ok" \
	"a good and a missing file: the good one says ok, the other not"
m="$tmp/missing.txt"
want="^$m: error: cannot open '$m': No such file or directory\$"
tap_test "a missing file is reported as FILE: (no line, no column)" \
	grep -q "$want" "$tmp/err"
tap_is "$(wc -l <"$tmp/err" | tr -d ' ')" 1 \
	"a missing file: one line, no source line quoted"

# 4. --check needs a file (usage error, exit 2).
"$bin" --check >/dev/null 2>&1
tap_is $? 2 "--check without files is a usage error (exit 2)"

# 5. Lookup order: --data-dir wins over $HUNTED_DATA.  A data directory
# whose first level (the campaign starts with the ambush) is broken
# must be the one reported.
mkdir -p "$tmp/dd/maps"
cp "$top/data/campaign.txt" "$tmp/dd/"
cp "$top"/data/maps/*.txt "$tmp/dd/maps/"
printf 'dungeon d\nMAP\n#\nENDMAP\n' >"$tmp/dd/maps/ambush.txt"
HUNTED_DATA="$top/data" "$bin" --data-dir "$tmp/dd" </dev/null \
	>/dev/null 2>"$tmp/err"
tap_is $? 1 "--data-dir with a broken first level: exit 1"
if grep -q "^$tmp/dd/maps/ambush.txt:3:1: error: unknown glyph '#'" \
	"$tmp/err"; then
	tap_ok "--data-dir wins over HUNTED_DATA"
else
	tap_not_ok "--data-dir wins over HUNTED_DATA" "$(cat "$tmp/err")"
fi
HUNTED_DATA="$tmp/dd" "$bin" </dev/null >/dev/null 2>"$tmp/err"
tap_test "HUNTED_DATA is used without --data-dir" \
	grep -q "^$tmp/dd/maps/ambush.txt:3:1:" "$tmp/err"
# Played headless, so that the game itself must start (without a
# terminal the game screen would refuse to, error or none): it plays the
# map named, to its summary, and never reads the broken tutorial.
HUNTED_DATA="$tmp/dd" "$bin" --map "$top/data/maps/default.txt" \
	--headless --no-timing --turns 1 </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" = 0 ] || tap_fail "exit status $rc, not 0: $(cat "$tmp/err")"
grep -q '^summary: turns=1 ' "$tmp/out" ||
	tap_fail "no summary of one turn: $(tail -n 1 "$tmp/out")"
grep -q "error:" "$tmp/err" && tap_fail "an error: $(cat "$tmp/err")"
tap_check "--map FILE reads no broken first level"

# What --check once passed in silence: a glyph two kinds share, a pack
# whose own search is not the cheapest way, a monster that may enter no
# terrain.  Each is a warning at the kind's record; the file is still ok.
cp "$top/data/terrain.txt" "$tmp/terrain.txt"
cat >"$tmp/kinds.txt" <<'KINDS'
include "terrain.txt"
terrain puddle glyph '.' color blue walk yes cost 2 opaque no
monster imp glyph 'i' color red speed 100 hp 3 attack 1 sight 5
monster gnoll glyph 'i' color red speed 100 hp 3 attack 1 sight 5
monster wolf glyph 'w' color white speed 100 hp 3 attack 1 sight 5
	pack yes weight 20
monster ghost glyph 'G' color white speed 100 hp 3 attack 1 sight 5
	cost * never
KINDS
(cd "$tmp" && "$bin" --check kinds.txt) >"$tmp/out" 2>"$tmp/err"
tap_is $? 0 "kinds that only warn: --check exits 0"
tap_is "$(cat "$tmp/out")" "kinds.txt: ok, 4 warnings" \
	"kinds that only warn: the four warnings are counted"
grep -q "^kinds.txt:2:1: warning: terrain 'puddle' has the glyph '.' of terrain 'floor' (terrain.txt:10)" "$tmp/err"
tap_is $? 0 "a terrain reusing another's glyph: a warning"
grep -q "^kinds.txt:4:1: warning: monster 'gnoll' has the glyph 'i' of monster 'imp'" "$tmp/err"
tap_is $? 0 "a monster reusing another's glyph: a warning"
grep -q "^kinds.txt:5:1: warning: monster 'wolf' hunts in a pack.*weighted A\*, w = 2.0" "$tmp/err"
tap_is $? 0 "pack on a kind whose search is not the cheapest way: a warning"
grep -q "^kinds.txt:7:1: warning: monster 'ghost' may enter no terrain: it can reach nothing" "$tmp/err"
tap_is $? 0 "a monster that can reach nothing: a warning"

# "weight 3" is in tenths: the message says so.
printf 'monster imp glyph %s weight 3\n' "'i'" >"$tmp/weight.txt"
(cd "$tmp" && "$bin" --check weight.txt) >"$tmp/out" 2>"$tmp/err"
grep -q "^weight.txt:1:30: error: 'weight' must be an integer from 10 to 100 (tenths: 30 means 3.0), got '3'" "$tmp/err"
tap_is $? 0 "weight 3: the error says the unit"

# A very long line is quoted only a screen width around its column, the
# caret still under the column: not thousands of bytes per problem.
awk 'BEGIN { printf "monster rat "; for (i = 0; i < 100000; i++)
	printf "x"; print "" }' >"$tmp/long.txt"
"$bin" --check "$tmp/long.txt" >/dev/null 2>"$tmp/err"
tap_is $? 1 "a 100,000-byte line: --check exits 1"
tap_test "...with a short diagnostic (got $(wc -c <"$tmp/err") bytes)" \
	test "$(wc -c <"$tmp/err")" -lt 400
tap_test "...each quoted line at most 80 columns" \
	sh -c "! grep '^    ' '$tmp/err' | awk 'length(\$0) > 80' | grep -q ."
{
	printf 'include "%s/data/terrain.txt"\ndungeon d\n' \
		"$(cd "$top" && pwd)"
	awk 'BEGIN { printf "legend '"'#'"' floor"
		for (i = 0; i < 280; i++) printf " "; print "bogus tail" }'
} >"$tmp/wide.txt"
"$bin" --check "$tmp/wide.txt" >/dev/null 2>"$tmp/err"
grep -A2 ':3:297: error' "$tmp/err" | sed -n '2p' >"$tmp/src"
grep -A2 ':3:297: error' "$tmp/err" | sed -n '3p' >"$tmp/caret"
tap_test "a problem far along a line: its line is cut to the screen" \
	test "$(awk '{ print length($0) }' "$tmp/src")" -le 80
caret=$(awk '{ print index($0, "^") }' "$tmp/caret")
tap_is "$(cut -c"$caret"- "$tmp/src" | cut -c1-5)" bogus \
	"...and the caret is under the word"
# Another kind of file hunted reads: one line saying what it is and what
# to do with it, not a line per "unknown keyword".
cp "$top/tests/fixtures/den312d.map.scen" "$tmp/den.scen"
"$bin" --headless --no-timing --data-dir "$top/data" --map maze --turns 2 \
	--record "$tmp/game.rec" --cast "$tmp/game.cast" >/dev/null 2>&1
cp "$top/tests/fixtures/den312d.map" "$tmp/den.txt"
printf '# hunted high scores, best first\nhunted-scores 1\n' >"$tmp/scores.txt"
printf 'hunted 1.0 - the end of a game\n\nEscaped.\n' >"$tmp/morgue.txt"
for f in "den.scen:Moving AI scenario" "game.rec:--replay FILE" \
	"game.cast:asciinema play" "den.txt:Moving AI map" \
	"scores.txt:high-score list" "morgue.txt:morgue file"; do
	file=${f%%:*}
	what=${f#*:}
	"$bin" --check --data-dir "$top/data" "$tmp/$file" >/dev/null \
		2>"$tmp/err"
	rc=$?
	tap_is "$rc" 1 "--check of $file is an error"
	tap_is "$(wc -l <"$tmp/err" | tr -d ' ')" 1 "...of one line"
	tap_test "...saying what it is" grep -q -- "$what" "$tmp/err"
done
tap_done
