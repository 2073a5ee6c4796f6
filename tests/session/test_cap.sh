#!/bin/sh
# SPDX-License-Identifier: MIT
# test_cap.sh - the longest game hunted records (REPLAY_TURNS_MAX,
# 25,000,000 turns): a recording stops there, whole, with its end line,
# and reads back; a save of a longer game is refused with the reason.
# The cap is lowered to 30 turns by the test-only hook HUNTED_FAULT
# (src/session/fault.h, CAP:turns:N), so no test plays millions of
# turns; the cap itself is unchanged.
#
# One TAP result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
data=$(cd "$top/data" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_cap.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
unset TMUX HUNTED_FAULT
export XDG_DATA_HOME="$tmp/xdg"
export HOME="$tmp/home"

game="--data-dir $data --map doors --seed 5 --monsters 0"
keys=$(awk 'BEGIN { while (n++ < 40) printf "."; print "" }')

# A game of 40 turns, its recording capped at 30.
# shellcheck disable=SC2086
HUNTED_FAULT=CAP:turns:30 "$bin" --headless --no-timing $game \
	--keys "$keys" --record "$tmp/r.rec" >"$tmp/out" 2>"$tmp/err"
tap_is "$?" 0 "a game past the cap plays on"
tap_test "...to its end" grep -q "turn 40\." "$tmp/out"
tap_is "$(grep -c '^turn ' "$tmp/r.rec")" 30 \
	"its recording holds the turns up to the cap"
tap_is "$(tail -n 1 "$tmp/r.rec" | cut -d' ' -f1-2)" "end 30" \
	"...and ends whole, with its end line"
"$bin" --headless --no-timing --data-dir "$data" --replay "$tmp/r.rec" \
	>"$tmp/out" 2>"$tmp/err"
tap_is "$?" 0 "what was recorded reads back"
tap_test "...and replays to the same turn, unchanged" \
	grep -q "^end: Still alive on level 1, turn 30\." "$tmp/out"
tap_test "...with no word of a difference" test ! -s "$tmp/err"

# The real cap is not lowered by the hook's absence.
# shellcheck disable=SC2086
"$bin" --headless --no-timing $game --keys "$keys" --record "$tmp/w.rec" \
	>/dev/null 2>&1
tap_is "$(tail -n 1 "$tmp/w.rec" | cut -d' ' -f1-2)" "end 40" \
	"without the hook the same game is recorded whole"

# A save of a game past the cap is refused, said, and the exit says so.
# shellcheck disable=SC2086
HUNTED_FAULT=CAP:turns:30 "$bin" --headless --no-timing $game \
	--keys "$keys" --save "$tmp/s.rec" >"$tmp/out" 2>"$tmp/err"
tap_is "$?" 1 "a save of a game past the cap exits 1"
tap_test "...saying why" grep -q \
	"^hunted: the game was not saved: a game of more than 30 turns is too long to be saved$" \
	"$tmp/err"
tap_done
