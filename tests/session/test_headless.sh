#!/bin/sh
# SPDX-License-Identifier: MIT
# test_headless.sh - the real binary without a terminal: golden files of
# seeded games (every event and the summary), determinism, recordings that
# replay to the same end and stop with exit 3 when tampered with, and the
# usage errors of the headless options.  One TAP result per check
# (tests/lib/tap.sh).
#
# UPDATE_GOLDEN=1 rewrites the golden files instead of comparing (review
# the diff before committing it).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
golden=$top/tests/golden
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_headless.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

bad() {
	tap_fail "$*"
}

# 1. Golden games: the whole event log and the summary, timings zeroed.
golden_game() {
	name=$1
	shift
	"$bin" --headless --log --no-timing "$@" >"$tmp/$name.out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 0 ] || { cat "$tmp/err" >&2; bad "$name: exit $rc"; }
	tap_golden "$golden/$name.txt" "$tmp/$name.out"
	tap_check "golden game $name"
}
golden_game doors-seed7 --map doors --seed 7 --turns 300
golden_game crowd-seed3 --map crowd --seed 3 --monsters 40 --turns 200
golden_game tutorial-keys --map tutorial --seed 1 --keys 'llllkkkk.oh.'
golden_game generated-seed5 --generate 60x30 --seed 5 --monsters 8 \
	--turns 300
golden_game generated-cave-seed5 --generate 60x30 --cave --seed 5 \
	--monsters 8 --turns 300

# A cave is a game like any other: its recording says so, and replays
# to the same end.
"$bin" --headless --log --no-timing --generate 80x40 --cave --seed 9 \
	--monsters 12 --turns 120 --record "$tmp/cave.rec" >"$tmp/cave.out" 2>&1 ||
	bad "cave game: exit $?"
grep -q '^cave 1$' "$tmp/cave.rec" || bad "the cave's recording does not say cave"
"$bin" --headless --no-timing --dump-screen --generate 80x40 --cave \
	--seed 9 --monsters 12 --turns 1 2>&1 | grep -q 'generated cave 80x40' ||
	bad "the status line does not say the game is in a cave"
"$bin" --headless --log --no-timing --replay "$tmp/cave.rec" \
	>"$tmp/cave.rep" 2>&1 || bad "cave replay: exit $?"
cmp -s "$tmp/cave.out" "$tmp/cave.rep" || bad "cave replay: another end"
tap_check "a generated cave records, says so, and replays"

# 2. Determinism: the same seed twice, byte for byte.
# Each game must be played to its summary: two that fail alike are the
# same bytes too.
for i in 1 2; do
	"$bin" --headless --log --no-timing --generate 80x40 --seed 11 \
		--monsters 20 --turns 150 >"$tmp/det$i" 2>&1 ||
		bad "seed 11, game $i: exit $?"
	grep -q '^summary: turns=' "$tmp/det$i" ||
		bad "seed 11, game $i: no summary: $(tail -n 1 "$tmp/det$i")"
done
cmp -s "$tmp/det1" "$tmp/det2" || bad "same seed, different games"
tap_check "the same seed twice gives the same game, byte for byte"
"$bin" --headless --log --no-timing --generate 80x40 --seed 12 \
	--monsters 20 --turns 150 >"$tmp/det3" 2>&1 || bad "seed 12: exit $?"
grep -q '^summary: turns=' "$tmp/det3" ||
	bad "seed 12: no summary: $(tail -n 1 "$tmp/det3")"
cmp -s "$tmp/det1" "$tmp/det3" && bad "different seeds, same game"
tap_check "another seed gives another game"
# Without --seed every game draws a fresh seed, says which, and --seed
# with it plays that game again; a recording keeps it.
for i in 1 2; do
	"$bin" --headless --log --no-timing --generate 60x30 --monsters 8 \
		--turns 60 --record "$tmp/fresh$i.rec" >"$tmp/fresh$i" 2>&1
done
s1=$(sed -n 's/^summary: .* seed=\([0-9]*\) .*$/\1/p' "$tmp/fresh1")
s2=$(sed -n 's/^summary: .* seed=\([0-9]*\) .*$/\1/p' "$tmp/fresh2")
[ -n "$s1" ] && [ -n "$s2" ] && [ "$s1" != "$s2" ] ||
	bad "two games without --seed: seeds '$s1' and '$s2'"
tap_check "every game without --seed has a seed of its own"
"$bin" --headless --log --no-timing --generate 60x30 --monsters 8 \
	--turns 60 --seed "$s1" >"$tmp/again" 2>&1
cmp -s "$tmp/fresh1" "$tmp/again" || bad "--seed $s1 did not play that game again"
grep -q "^seed $s1\$" "$tmp/fresh1.rec" || bad "the recording does not keep seed $s1"
tap_check "--seed with the seed a game showed plays it again, and its recording keeps it"

# The campaign: without --map the game goes down the stairs level after
# level; the autopilot gets below the tutorial, the summary says how
# deep, and a recording of it replays to the same end.
"$bin" --headless --log --no-timing --seed 3 --turns 400 \
	--record "$tmp/camp.rec" >"$tmp/camp.out" 2>&1 || bad "campaign: exit $?"
grep -q '^[0-9]*: You go down the stairs to level 2\.$' "$tmp/camp.out" ||
	bad "campaign: never went down to level 2"
grep -Eq '^summary: .* depth=([2-9]|1[01])$' "$tmp/camp.out" ||
	bad "campaign: the summary's depth: $(tail -1 "$tmp/camp.out")"
"$bin" --headless --log --no-timing --replay "$tmp/camp.rec" \
	>"$tmp/camp.rep" 2>&1 || bad "campaign replay: exit $?"
cmp -s "$tmp/camp.out" "$tmp/camp.rep" || bad "campaign replay: another end"
tap_check "the campaign goes down level after level, and replays"

# Careful play wins the default dungeon most of the time, careless play
# seldom (tests/bench/winrate measures it on 200 seeds and every level).
cw=0
sw=0
for seed in $(seq 1 20); do
	"$bin" --headless --no-timing --map default --seed "$seed" \
		--autopilot careful --turns 3000 | grep -q ' won=1 ' && cw=$((cw + 1))
	"$bin" --headless --no-timing --map default --seed "$seed" \
		--autopilot straight --turns 3000 | grep -q ' won=1 ' && sw=$((sw + 1))
done
[ "$cw" -gt 10 ] && [ "$sw" -lt 10 ] && [ "$cw" -gt "$sw" ] ||
	bad "autopilots on 20 seeds: careful won $cw, straight $sw"
tap_check "the careful autopilot wins the default dungeon on most seeds, the straight one on few"
"$bin" --headless --autopilot reckless >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "unknown autopilot 'reckless'" "$tmp/err" ||
	bad "--autopilot reckless: $(cat "$tmp/err")"
tap_check "--autopilot with an unknown style is a usage error"

# 3. The summary line has every field.
"$bin" --headless --map crowd --seed 2 --turns 50 >"$tmp/sum" 2>&1
grep -Eq '^summary: turns=[0-9]+ monsters=[0-9]+ plans=[0-9]+ cache_hits=[0-9]+ expanded=[0-9]+ distmaps=[0-9]+ distmap_cells=[0-9]+ map_paths=[0-9]+ hpa_plans=[0-9]+ dlite_repairs=[0-9]+ dlite_expanded=[0-9]+ turn_us_median=[0-9]+ turn_us_max=[0-9]+ caught=[01] won=[01] seed=[0-9]+ depth=[0-9]+$' \
	"$tmp/sum" || { cat "$tmp/sum" >&2; bad "summary format"; }
tap_check "the summary line has every field"

# 4. Record, replay: the same end.  A changed checksum: exit 3.
"$bin" --headless --no-timing --map doors --seed 4 --monsters 12 \
	--turns 120 --record "$tmp/rec" >"$tmp/rec.out" 2>&1 ||
	bad "record: exit $?"
tap_check "a game records"
"$bin" --headless --no-timing --replay "$tmp/rec" >"$tmp/rep.out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || { cat "$tmp/rep.out" >&2; bad "replay: exit $rc"; }
cmp -s "$tmp/rec.out" "$tmp/rep.out" || {
	diff "$tmp/rec.out" "$tmp/rep.out" >&2
	bad "replay: different end"
}
tap_check "the recording replays to the same end"
awk '/^turn 10 / { $4 = "0000000000000000" } { print }' "$tmp/rec" \
	>"$tmp/rec.bad"
"$bin" --headless --replay "$tmp/rec.bad" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 3 ] || bad "tampered replay: exit $rc, expected 3"
grep -q 'diverged at turn 10' "$tmp/err" || {
	cat "$tmp/err" >&2
	bad "tampered replay: message"
}
tap_check "a tampered recording stops at the changed turn with exit 3"
# A different map under the same recording diverges too.
sed 's/^seed 4$/seed 5/' "$tmp/rec" >"$tmp/rec.seed"
"$bin" --headless --replay "$tmp/rec.seed" >/dev/null 2>&1
rc=$?
[ "$rc" -eq 3 ] || bad "replay with another seed: exit $rc, expected 3"
tap_check "a recording replayed with another seed diverges (exit 3)"
"$bin" --headless --replay "$tmp/missing" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || bad "missing recording: exit $rc, expected 1"
tap_check "a missing recording exits 1"

# The end line: as many turns as the turn lines, numbered 1, 2, 3..., and
# the checksum the last one left.
turns=$(grep -c '^turn ' "$tmp/rec")
awk '/^turn / { if ($2 != ++n) exit 1 } END { exit n == 0 }' "$tmp/rec" ||
	bad "turn lines not numbered 1, 2, 3..."
last=$(grep '^turn ' "$tmp/rec" | tail -1 | cut -d' ' -f4)
tap_is "$(tail -1 "$tmp/rec")" "end $turns $last" \
	"a recording ends with 'end TURNS CHECKSUM', turns numbered 1, 2, 3..."
# Walking into a wall takes no time and changes nothing: not a turn.
"$bin" --headless --no-timing --map tutorial --seed 1 \
	--keys 'hhhhhhhhhhhhlg.' --record "$tmp/bump" >"$tmp/bump.out" 2>&1 ||
	bad "bumps: exit $?"
tap_is "$(grep -c '^turn ' "$tmp/bump")" \
	"$(sed -n 's/^summary: turns=\([0-9]*\) .*/\1/p' "$tmp/bump.out")" \
	"a command that took no time is not a turn of the recording"
"$bin" --headless --no-timing --replay "$tmp/bump" >"$tmp/bump.rep" 2>&1
tap_test "a recording of bumps into walls replays to the same end" \
	cmp -s "$tmp/bump.out" "$tmp/bump.rep"
# A game of no turns: the end line's checksum is the whole check.
"$bin" --headless --map doors --seed 4 --keys '' --record "$tmp/none" \
	>/dev/null 2>&1 || bad "no turns: exit $?"
tap_is "$(grep -c '^turn ' "$tmp/none")" 0 "a game of no turns records none"
"$bin" --headless --replay "$tmp/none" >/dev/null 2>&1 ||
	bad "no turns: replay exit $?"
sed 's/^seed 4$/seed 5/' "$tmp/none" >"$tmp/none.seed"
"$bin" --headless --replay "$tmp/none.seed" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 3 ] || bad "no turns, another seed: exit $rc, expected 3"
grep -q "none.seed:8: the replay diverged at its end, turn 0 (recorded checksum" \
	"$tmp/err" || bad "no turns, another seed: $(cat "$tmp/err")"
tap_check "a game of no turns replays, and diverges at its end with another seed"
# A game that ends (caught here) while its recording goes on diverges.
"$bin" --headless --no-timing --map crowd --seed 3 --monsters 40 \
	--turns 200 --record "$tmp/caught" >"$tmp/caught.out" 2>&1 ||
	bad "caught: exit $?"
grep -q 'caught=1' "$tmp/caught.out" || bad "caught: the game was not lost"
n=$(grep -c '^turn ' "$tmp/caught")
sum=$(tail -1 "$tmp/caught" | cut -d' ' -f3)
{ grep -v '^end ' "$tmp/caught"
  echo "turn $((n + 1)) . $sum"
  echo "end $((n + 1)) $sum"; } >"$tmp/caught.more"
"$bin" --headless --replay "$tmp/caught.more" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 3 ] || bad "over: exit $rc, expected 3"
grep -q "diverged at turn $n: the game is over, the recording goes on" \
	"$tmp/err" || bad "over: $(cat "$tmp/err")"
tap_check "a recording that goes on after its game is over diverges (exit 3)"

# --hunt: every monster hunts from the first turn, and the recording
# keeps it (the same game replays; without it, it diverges).
"$bin" --headless --no-timing --map doors --seed 4 --monsters 12 --hunt \
	--turns 60 --record "$tmp/hunt" >"$tmp/hunt.out" 2>&1 ||
	bad "--hunt record: exit $?"
grep -q '^hunt 1$' "$tmp/hunt" || bad "--hunt: not in the recording"
tap_check "--hunt is kept in the recording"
"$bin" --headless --no-timing --replay "$tmp/hunt" >"$tmp/hunt.rep" 2>&1 ||
	bad "--hunt replay: exit $?"
cmp -s "$tmp/hunt.out" "$tmp/hunt.rep" || bad "--hunt replay: different end"
tap_check "a --hunt recording replays to the same end"
"$bin" --headless --no-timing --log --map doors --seed 4 --monsters 12 \
	--turns 60 --hunt >"$tmp/hunt.log" 2>&1
"$bin" --headless --no-timing --log --map doors --seed 4 --monsters 12 \
	--turns 60 >"$tmp/nohunt.log" 2>&1
spotted() { grep -c '^0: .* spots you!$' "$1"; }
[ "$(spotted "$tmp/hunt.log")" -gt "$(spotted "$tmp/nohunt.log")" ] ||
	bad "--hunt: no more monsters on your trail at once than without it"
tap_check "--hunt puts monsters on the player's trail from the first turn"
grep -v '^hunt 1$' "$tmp/hunt" >"$tmp/hunt.off"
"$bin" --headless --replay "$tmp/hunt.off" >/dev/null 2>&1
rc=$?
[ "$rc" -eq 3 ] || bad "--hunt left out of a recording: exit $rc, expected 3"
tap_check "--hunt left out of a recording diverges (exit 3)"

# 5. Usage mistakes: a message and exit 2.
usage() {
	"$bin" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] || bad "'$*': exit $rc, expected 2"
	grep -q "Try 'hunted --help'" "$tmp/err" || bad "'$*': no usage hint"
	tap_check "usage error, exit 2: $*"
}
usage --headless --turns 0
usage --headless --turns -3
usage --headless --generate 5x5
usage --headless --generate 80
usage --headless --generate 80x40 --map doors
usage --headless --cave
usage --headless --map doors --cave
usage --headless --strategy best
usage --headless --monsters lots

# One limit on monsters: --help gives it, the option takes up to it and
# not one more, and the generator's message and the option's agree.
max=$("$bin" --help | sed -n 's/.*--monsters K .* 0 to \([0-9][0-9]*\)$/\1/p')
if [ -n "$max" ]; then
	usage --headless --generate 64x32 --monsters $((max + 1))
	grep -q "invalid monster count '$((max + 1))' (expected 0 to $max)" \
		"$tmp/err" || bad "--monsters $((max + 1)): $(cat "$tmp/err")"
	tap_check "--monsters past the limit --help gives: the same limit"
	"$bin" --headless --generate 64x32 --monsters "$max" \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 1 ] || bad "--monsters $max: exit $rc, expected 1"
	grep -q "has room for" "$tmp/err" ||
		bad "--monsters $max: $(cat "$tmp/err")"
	tap_check "--monsters at the limit: the generator takes the count"
else
	tap_not_ok "--help gives the monster limit" \
		"$("$bin" --help | grep -e --monsters)"
fi
usage --keys hjkl
usage --headless --replay x --keys h
"$bin" --headless --map tutorial --keys 'hjz' >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 2 ] || bad "--keys with an unknown command: exit $rc"
grep -q "unknown command 'z'" "$tmp/err" || bad "--keys: message"
tap_check "--keys with an unknown command: exit 2 and a message"

tap_done
