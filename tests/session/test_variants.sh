#!/bin/sh
# SPDX-License-Identifier: MIT
# test_variants.sh - levels that vary with the seed, by the real binary:
# the seed draws the level (the same seed the same start, others others),
# a recording replays and a saved game resumes on the same variant, the
# first level's hunters hunt within 20 turns on every seed 1-100, and
# --check names the seed and the rule of a variant that walls the exit
# off.  One TAP result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_variants.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME="$tmp/xdg"
export HOME="$tmp/home"

bad() {
	tap_fail "$*"
}

# start MAP SEED: the whole map after a turn of waiting, from the AI
# view.
start() {
	"$bin" --headless --no-timing --dump-screen --ai-view --map "$1" \
		--seed "$2" --turns 1 --keys . 2>&1 |
		sed -n '/^layer paths:/,/^layer open:/p'
}

# 1. The seed draws the start: again the same, another seed another.
for map in tutorial doors; do
	start $map 3 >"$tmp/a"
	start $map 3 >"$tmp/b"
	[ -s "$tmp/a" ] || bad "$map: no map drawn"
	cmp -s "$tmp/a" "$tmp/b" || bad "$map: seed 3 drew two starts"
	n=$(for s in 1 2 3 4 5 6 7 8; do start $map $s | cksum; done |
		sort -u | wc -l)
	[ "$n" -ge 4 ] || bad "$map: seeds 1-8 drew $n starts"
	tap_check "$map: the seed draws the start (seeds 1-8: $n starts)"
done

# 2. A recording replays, and a saved game resumes, on its variant.
"$bin" --headless --log --no-timing --map doors --seed 11 --turns 150 \
	--record "$tmp/r.rec" >"$tmp/r.out" 2>&1 || bad "record: exit $?"
"$bin" --headless --log --no-timing --replay "$tmp/r.rec" \
	>"$tmp/r.rep" 2>&1 || bad "replay: exit $?"
cmp -s "$tmp/r.out" "$tmp/r.rep" || bad "the replay came to another end"
tap_check "a varied level's recording replays to the same end"

keys=hhhhkkkkllllllljjjjjjjj....llll
"$bin" --headless --log --no-timing --map tutorial --seed 6 --keys "$keys" \
	>"$tmp/whole" 2>/dev/null
"$bin" --headless --log --no-timing --map tutorial --seed 6 \
	--keys "$(printf %s "$keys" | cut -c1-9)" --save "$tmp/s.rec" \
	>"$tmp/a" 2>/dev/null
"$bin" --headless --log --no-timing \
	--keys "$(printf %s "$keys" | cut -c10-)" --save "$tmp/s.rec" \
	>"$tmp/b" 2>/dev/null
# (The keys run out before the game ends: the second part is saved.)
grep -v '^end: \|^summary: ' "$tmp/whole" >"$tmp/w"
grep -v '^end: \|^summary: ' "$tmp/a" "$tmp/b" | sed 's/^[^:]*://' >"$tmp/ab"
[ "$(wc -l <"$tmp/w")" -ge 10 ] || bad "too few events to compare"
cmp -s "$tmp/w" "$tmp/ab" || {
	diff "$tmp/w" "$tmp/ab" | head >&2
	bad "the resumed game differs from the whole one"
}
tap_check "a varied level's saved game resumes to the same events and end"

# 3. The run's first level (the ambush): a hunter sees you within 20
# turns, whatever the seed, even if you only wait.
missed=
for s in $(seq 1 100); do
	"$bin" --headless --log --no-timing --seed "$s" \
		--turns 20 --keys .................... 2>&1 |
		grep -q 'spots you!' || missed="$missed $s"
done
[ -z "$missed" ] || bad "no monster hunts within 20 turns on seeds$missed"
tap_check "the first level: a monster hunts you within 20 turns on seeds 1-100"

# 4. --check draws seeds 1-100 and names the one that walls the exit off,
# at the rule that did it, with its line and a caret.
f=$top/tests/fixtures/walled.txt
"$bin" --check "$f" >"$tmp/out" 2>"$tmp/err"
tap_is $? 0 "a variant that walls the exit off is a warning (exit 0)"
grep -q "^$f:16:1: warning: seed [0-9]*: the exit at 20:9 cannot be reached from the player start (this rule made '#' at 21:5)\$" \
	"$tmp/err" || bad "no warning at the rule: $(cat "$tmp/err")"
grep -q "^    vary 'A' '#' 1 '\.' 3\$" "$tmp/err" || bad "no rule line"
grep -q "^    \\^\$" "$tmp/err" || bad "no caret"
grep -q "^$f:7:1: warning: [0-9]* of seeds 1-100 break dungeon 'walled' (seed [0-9]* shown)\$" \
	"$tmp/err" || bad "no count of the broken seeds"
tap_check "--check names the seed and the rule's file:line:col"

tap_done
