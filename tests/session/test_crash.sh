#!/bin/sh
# SPDX-License-Identifier: MIT
# test_crash.sh - a game is never lost to a crash or a signal: hunted is
# killed (SIGKILL, SIGHUP) at 60 moments drawn from a fixed seed, while
# it plays, writes its save (before, during and after the rename),
# resumes one and reloads its data (R among a screen dump's keys), from
# a new game or from a resumed one; after each, the
# next start must resume the game (counted).  The moments are chosen by
# the test-only hook HUNTED_FAULT (src/session/fault.h), which counts
# turns and writes, not time.  Also: a game started while another's
# save waits is kept beside it, and killed, is resumed; a temporary
# file a crash left is
# recovered, and a save longer than the old reader limit (2,200,000
# turns) is resumed.
#
# One TAP result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
data=$(cd "$top/data" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_crash.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
unset TMUX
export XDG_DATA_HOME="$tmp/xdg"
export HOME="$tmp/home"
unset HUNTED_FAULT

# waits N: N commands that each take a turn.
waits() {
	awk -v n="$1" 'BEGIN { while (n-- > 0) printf "."; print "" }'
}

game="--map doors --seed 5 --monsters 0"

# A hunted started by a test run with hangups ignored (under nohup)
# would ignore the hangups the hook sends it: it gets them back.
hup=
env --default-signal=HUP true 2>/dev/null && hup="env --default-signal=HUP"

# run NAME FAULT ARGS...: a headless game under the hook (FAULT "" for
# none), its output in NAME and NAME.err; its status in $rc.
run() {
	name=$1 fault=$2
	shift 2
	HUNTED_FAULT=$fault $hup "$bin" --headless --no-timing "$@" \
		>"$tmp/$name" 2>"$tmp/$name.err"
	rc=$?
}

# resumed NAME: the turn the start NAME resumed, or nothing.
resumed() {
	sed -n 's/^hunted: Resumed the game saved on turn \([0-9]*\)\.$/\1/p' "$tmp/$1.err"
}

# 1. Fifty moments, from a fixed seed: the signal, where, the Nth time,
# and whether the killed game was itself resumed.
awk 'BEGIN {
	srand(36)
	split("turn save-begin save-mid renamed resume", p, " ")
	for (i = 0; i < 50; i++) {
		pt = p[1 + int(rand() * 5)]
		sig = rand() < 0.5 ? "KILL" : "HUP"
		if (pt == "turn")
			n = 2 + int(rand() * 300)
		else if (pt == "resume")
			n = 1
		else
			n = 1 + int(rand() * 4)
		print sig, pt, n, int(rand() * 2), "play"
	}
	# Ten more around a live reload of the data (R, among the screen
	# dump'"'"'s keys): at the reload, or at a turn after one.
	srand(37)
	for (i = 0; i < 10; i++) {
		pt = rand() < 0.5 ? "reload" : "turn"
		sig = rand() < 0.5 ? "KILL" : "HUP"
		n = pt == "reload" ? 1 + int(rand() * 3) : 41 + int(rand() * 5)
		print sig, pt, n, int(rand() * 2), "reload"
	}
}' >"$tmp/moments"
total=0
back=0
while read -r sig point n from_save how; do
	total=$((total + 1))
	s="$tmp/s$total.rec"
	what="SIG$sig at $point #$n"
	[ "$from_save" = 1 ] && what="$what of a resumed game"
	if [ "$point" = resume ] || [ "$from_save" = 1 ]; then
		# shellcheck disable=SC2086
		run first "" $game --keys "$(waits 40)" --save "$s"
		[ -f "$s" ] || tap_fail "$what: no save to start from"
	fi
	if [ "$how" = reload ]; then
		what="$what, around a reload"
		# shellcheck disable=SC2086
		run killed "$sig:$point:$n" $game --keys "$(waits 40)" \
			--dump-screen --view-keys "R.R.R.R.R." --save "$s"
	else
		# shellcheck disable=SC2086
		run killed "$sig:$point:$n" $game --keys "$(waits 400)" --save "$s"
	fi
	[ "$rc" -gt 128 ] || tap_fail "$what: not killed (exit $rc)"
	[ "$point" = resume ] && { [ -f "$s" ] || tap_fail "$what: the save is gone"; }
	run next "" --keys . --save "$s"
	t=$(resumed next)
	if [ -n "$t" ]; then
		back=$((back + 1))
	else
		tap_diag "$what: the next start resumed nothing: $(cat "$tmp/next.err")"
	fi
done <"$tmp/moments"
[ "$back" = "$total" ] || tap_fail "resumed $back of $total"
tap_check "after $total kills while playing, saving, resuming and reloading, the next start resumes the game every time"

# 2. A save cut short by a crash, in its temporary file and with no save
# beside it: recovered to its last whole turn, and said.
# shellcheck disable=SC2086
run first "" $game --keys "$(waits 30)" --save "$tmp/c.rec"
head -n 20 "$tmp/c.rec" >"$tmp/c.rec.tmp-999999999"
rm "$tmp/c.rec"
last=$(sed -n 's/^turn \([0-9]*\) .*/\1/p' "$tmp/c.rec.tmp-999999999" | tail -1)
run next "" --keys . --save "$tmp/c.rec"
[ "$(resumed next)" = "$last" ] ||
	tap_fail "a cut temporary file: not resumed at turn $last: $(cat "$tmp/next.err")"
grep -q "recovered up to turn $last" "$tmp/next.err" || tap_fail "the recovery is not said"
[ -e "$tmp/c.rec.tmp-999999999" ] && tap_fail "the temporary file is still there"
tap_check "a save cut short in its temporary file is recovered to its last whole turn"

# 3. A save of 2,200,000 turns (69 MB, more than the old 64 MiB reader
# limit) that hunted wrote itself: resumed, and the game goes on.  A
# cell the player cannot leave, with no monster: the autopilot waits.
cat >"$tmp/cell.txt" <<CELL
include "$data/monsters.txt"
dungeon cell
	title "A cell"
legend '#' wall
legend '.' floor
legend '@' floor player
legend '>' stairs exit
MAP
#######
#@.#>.#
#######
ENDMAP
CELL
if [ "${HUNTED_LONG_SAVE:-1}" = 1 ]; then
	run long "" --map "$tmp/cell.txt" --seed 5 --turns 2200000 --save "$tmp/long.sav"
	size=$(wc -c <"$tmp/long.sav")
	[ "$size" -gt $((64 << 20)) ] || tap_fail "the long save is only $size bytes"
	run next "" --keys . --save "$tmp/long.sav" --log
	[ "$(resumed next)" = 2200000 ] || tap_fail "not resumed: $(head -c 600 "$tmp/next.err")"
	grep -q '^end: Saved on level 1, turn 2200001\.' "$tmp/next" ||
		tap_fail "the resumed game did not go on: $(tail -2 "$tmp/next")"
	tap_check "a save of 2,200,000 turns ($size bytes) is resumed and goes on"
else
	tap_skip "a save of 2,200,000 turns is resumed" "HUNTED_LONG_SAVE=0"
fi

# 4. A save that no longer replays (its map changed): moved aside, and
# its game recorded in the high scores as it stood, never lost.
cp "$tmp/cell.txt" "$tmp/cell2.txt"
run first "" --map "$tmp/cell2.txt" --seed 5 --keys "$(waits 4)" --save "$tmp/r.rec" --morgue
sed -i "s/^#@\.#>\.#\$/#@g#>.#/; s/^legend '>' .*/&\nlegend 'g' floor monster goblin/" "$tmp/cell2.txt"
run next "" --keys . --save "$tmp/r.rec" --morgue
grep -q 'The save could not be resumed' "$tmp/next.err" || tap_fail "the changed map's save was resumed: $(cat "$tmp/next.err")"
grep -q 'up to turn 4, is in the high scores' "$tmp/next.err" || tap_fail "the record is not said: $(cat "$tmp/next.err")"
grep -q ' 5 1 4 0 cell Lost on level 1, turn 4: the save could not be resumed\.$' "$XDG_DATA_HOME/hunted/scores.txt" ||
	tap_fail "not in the high scores: $(cat "$XDG_DATA_HOME/hunted/scores.txt" 2>&1)"
tap_check "a save that no longer replays is recorded in the high scores as it stood"

# 4b. A game started while another game's save waits is kept on disk
# beside it from its turn 2 (SAVE.also-PID), never over it; killed, the
# next start with its options resumes it (the two change places), and
# the next with the other's resumes that one; once a save is gone, the
# game kept beside it takes its place.
w="$tmp/w.rec"
# shellcheck disable=SC2086
run first "" $game --keys "$(waits 40)" --save "$w"
cp "$w" "$tmp/w.before"
other="--map doors --seed 6 --monsters 0"
# shellcheck disable=SC2086
run killed "KILL:turn:300" $other --keys "$(waits 400)" --save "$w"
[ "$rc" -gt 128 ] || tap_fail "the second game was not killed (exit $rc)"
cmp -s "$tmp/w.before" "$w" || tap_fail "the waiting save was written over"
set -- "$w".also-*
{ [ $# = 1 ] && [ -f "$1" ] && grep -q '^seed 6$' "$1"; } ||
	tap_fail "the second game is not kept beside the save: $*"
tap_check "a game started while another's save waits is kept beside it, not over it"
# shellcheck disable=SC2086
run next "" $other --keys . --save "$w"
[ "$(resumed next)" = 202 ] ||
	tap_fail "not resumed on turn 202: $(cat "$tmp/next.err")"
grep -q "^hunted: The other game's save, which was $w, now waits in $w\.also-" \
	"$tmp/next.err" || tap_fail "where the other save went is not said"
# shellcheck disable=SC2086
run next "" $game --keys . --save "$w"
[ "$(resumed next)" = 40 ] ||
	tap_fail "the first game is not resumed: $(cat "$tmp/next.err")"
tap_check "...the next starts resume either game, by its options"
# The first game played to its end: its save is done with, and the
# second game's takes its place.
# shellcheck disable=SC2086
run next "" $game --turns 100 --save "$w"
grep -q "^end: Escaped" "$tmp/next" || tap_fail "the first game did not end"
# shellcheck disable=SC2086
run next "" $other --keys . --save "$w"
grep -q "^hunted: A game kept on disk beside a save is now $w\.$" \
	"$tmp/next.err" || tap_fail "the recovery is not said: $(cat "$tmp/next.err")"
[ "$(resumed next)" = 203 ] ||
	tap_fail "the second game is not resumed: $(cat "$tmp/next.err")"
set -- "$w".also-*
[ -e "$1" ] && tap_fail "a save is left beside: $*"
tap_check "...and once the save is gone, the game kept beside it is resumed"

# 5. The terminal game (in tmux), killed at 20 moments from a fixed
# seed: SIGHUP, which it catches and saves on, and SIGKILL, which leaves
# the save kept while it played.  After each, a start on each terminal
# hunted cannot draw on (an unknown TERM, dumb, no TERM; a pseudo-
# terminal from script(1)) is refused and leaves the save byte for byte;
# then the next start resumes the game (counted).
conf=$(cd "$top/tests/e2e" && pwd)/tmux.conf
# poll CONDITION...: until it holds (a hang guard of 60 s, which only a
# game that never gets there reaches).
poll() {
	i=0
	while ! "$@"; do
		i=$((i + 1))
		[ "$i" -lt 1200 ] || return 1
		sleep 0.05
	done
}
# The game on the screen, or already stopped (a signal on resuming).
has_screen() {
	[ -s "$tmp/rc" ] || $S capture-pane -p -t g 2>/dev/null | grep -q '^HP '
}
if command -v tmux >/dev/null 2>&1 && command -v script >/dev/null 2>&1; then
	awk 'BEGIN {
		srand(32)
		split("turn turn save-begin save-mid renamed resume", p, " ")
		for (i = 0; i < 20; i++) {
			pt = p[1 + int(rand() * 6)]
			sig = rand() < 0.5 ? "KILL" : "HUP"
			n = pt == "turn" ? 2 + int(rand() * 50) : 1
			print sig, pt, n
		}
	}' >"$tmp/tmoments"
	xdg=$XDG_DATA_HOME/hunted
	total=0
	back=0
	while read -r sig point n; do
		total=$((total + 1))
		what="terminal: SIG$sig at $point #$n"
		rm -rf "$xdg" "$tmp/rc"
		mkdir -p "$xdg"
		if [ "$point" = resume ]; then
			# shellcheck disable=SC2086
			run first "" $game --keys "$(waits 20)" --save "$xdg/save.rec"
		fi
		S="tmux -L hunted-crash-$$-$total -f $conf"
		$S new-session -d -s g -x 80 -y 24 \
			"env XDG_DATA_HOME='$XDG_DATA_HOME' HUNTED_FAULT=$sig:$point:$n $bin $game --no-watch; echo \$? >'$tmp/rc'"
		poll has_screen || tap_fail "$what: no game on the screen"
		$S send-keys -t g "$(waits 60)" 2>/dev/null
		poll test -s "$tmp/rc" || tap_fail "$what: the game did not stop"
		$S kill-server >/dev/null 2>&1
		rc=$(cat "$tmp/rc" 2>/dev/null)
		[ "${rc:-0}" -gt 128 ] || tap_fail "$what: not stopped by the signal (exit $rc)"
		ls "$xdg"/save.rec* >/dev/null 2>&1 || tap_fail "$what: no save, whole or cut"
		(cd "$xdg" && cat save.rec* 2>/dev/null) >"$tmp/before"
		for term in TERM=nosuch-terminal TERM=dumb "-u TERM"; do
			# shellcheck disable=SC2086
			env $term script -qec "$bin --no-watch" /dev/null </dev/null >"$tmp/refused" 2>&1
			grep -q 'play with --headless' "$tmp/refused" || tap_fail "$what: env $term not refused: $(cat "$tmp/refused")"
			(cd "$xdg" && cat save.rec* 2>/dev/null) | cmp -s - "$tmp/before" ||
				tap_fail "$what: env $term touched the save"
		done
		run next "" --keys . --save "$xdg/save.rec"
		if [ -n "$(resumed next)" ]; then
			back=$((back + 1))
		else
			tap_diag "$what: the next start resumed nothing: $(cat "$tmp/next.err")"
		fi
	done <"$tmp/tmoments"
	[ "$back" = "$total" ] || tap_fail "resumed $back of $total"
	tap_check "the terminal game killed at 20 moments, then every terminal hunted cannot draw on: the next start resumes it every time"
else
	tap_skip "the terminal game killed at 20 moments" "no tmux or no script(1) here"
fi

tap_done
