#!/bin/sh
# SPDX-License-Identifier: MIT
# test_race.sh - the high scores survive every race: 50 real games
# (headless, with --morgue) end at the same moment, held at the door of
# the high scores by the test-only gate HUNTED_FAULT_GATE (a FIFO all of
# them wait on, opened once all 50 are there: counted, not timed), under
# each lock failure that can be made: none, the lock file beside the
# list made a folder, a dangling link, a read-only file.  None is lost
# (counted in the list); in a folder that cannot be written (not root),
# each game says its result was not kept.  When no lock can be had at all (HUNTED_FAULT
# FAIL:lock), no result is written unlocked: each is kept aside, said,
# its morgue file written, and the next start adds them all.
#
# One TAP result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
data=$(cd "$top/data" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_race.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
unset TMUX HUNTED_FAULT HUNTED_FAULT_GATE
export HOME="$tmp/home"
games=50

# race NAME FAULT: 50 games in $tmp/NAME, released together at the
# high scores; their stderr in $tmp/NAME/err-K.
race() {
	dir=$tmp/$1
	mkdir -p "$dir/xdg/hunted"
	mkfifo "$dir/gate"
	k=0
	pids=
	while [ "$k" -lt "$games" ]; do
		k=$((k + 1))
		XDG_DATA_HOME="$dir/xdg" HUNTED_FAULT=$2 \
			HUNTED_FAULT_GATE="records:$dir/gate" \
			"$bin" --headless --no-timing --data-dir "$data" \
			--map doors --seed 5 --monsters 0 --turns 60 --morgue \
			>/dev/null 2>"$dir/err-$k" &
		pids="$pids $!"
	done
	# All of them at the gate, or none left to come (a hang guard,
	# not a clock: 6000 looks).
	i=0
	while [ "$(ls "$dir" | grep -c '^gate\.here-')" -lt "$games" ]; do
		i=$((i + 1))
		[ "$i" -lt 6000 ] || break
		running=0
		for p in $pids; do
			kill -0 "$p" 2>/dev/null && running=$((running + 1))
		done
		[ "$running" = 0 ] && break
		sleep 0.05
	done
	tap_is "$(ls "$dir" | grep -c '^gate\.here-')" "$games" \
		"$1: all $games games wait at the high scores"
	# Opened for reading and writing, so that it never waits itself.
	exec 3<>"$dir/gate"
	wait
	exec 3>&-
}

# listed NAME: how many of the games are in the list.
listed() {
	if [ -f "$tmp/$1/xdg/hunted/scores.txt" ]; then
		grep -c '^2022 .* 5 1 41 0 doors Escaped from level 1 on turn 41\.$' \
			"$tmp/$1/xdg/hunted/scores.txt"
	else
		echo 0
	fi
}

race plain ""
tap_is "$(listed plain)" "$games" "no lock failure: none is lost"

for how in folder dangling read-only; do
	mkdir -p "$tmp/$how/xdg/hunted"
	lock=$tmp/$how/xdg/hunted/scores.txt.lock
	case $how in
	folder) mkdir "$lock" && what="a folder" ;;
	dangling) ln -s "$tmp/nowhere/lock" "$lock" && what="a dangling link" ;;
	read-only) : >"$lock" && chmod 0400 "$lock" && what="read-only" ;;
	esac
	race "$how" ""
	tap_is "$(listed "$how")" "$games" \
		"the lock file beside the list $what: none is lost"
done

# A folder that cannot be written (not for root, who writes anyway):
# nothing can be kept, and every game says so.
if [ "$(id -u)" != 0 ]; then
	mkdir -p "$tmp/unwritable/xdg/hunted"
	chmod 0500 "$tmp/unwritable/xdg/hunted"
	race unwritable ""
	chmod 0700 "$tmp/unwritable/xdg/hunted"
	tap_is "$(cat "$tmp/unwritable"/err-* |
		grep -c '^hunted: The high scores were not written: .*Permission denied\.$')" \
		"$games" "an unwritable folder: each game says its result is not kept"
	tap_is "$(cat "$tmp/unwritable"/err-* |
		grep -c '^hunted: No morgue file: .*Permission denied\.$')" \
		"$games" "...nor its morgue file"
else
	tap_skip "an unwritable folder: each game says so" \
		"root writes in any folder"
fi

race nolock FAIL:lock:1
tap_is "$(listed nolock)" 0 "no lock at all: nothing is written unlocked"
tap_is "$(ls "$tmp/nolock/xdg/hunted" | grep -c '^scores\.txt\.pending-')" \
	"$games" "...each result is kept aside"
tap_is "$(cat "$tmp/nolock"/err-* |
	grep -c '^hunted: The high scores were not written: they could not be locked; the result waits in .*scores\.txt\.pending-[0-9]*, added to them on the next start\.$')" \
	"$games" "...each game says so"
tap_is "$(ls "$tmp/nolock/xdg/hunted" | grep -c '^morgue-')" "$games" \
	"...and keeps its morgue file"
XDG_DATA_HOME="$tmp/nolock/xdg" "$bin" --headless --no-timing \
	--data-dir "$data" --map doors --seed 5 --monsters 0 --turns 60 \
	--morgue >/dev/null 2>"$tmp/next.err"
tap_test "the next start adds them, saying so" grep -q \
	"^hunted: $games results kept aside are now in the high scores\.$" \
	"$tmp/next.err"
tap_is "$(listed nolock)" $((games + 1)) "...none is lost"
tap_is "$(ls "$tmp/nolock/xdg/hunted" | grep -c '^scores\.txt\.pending-')" \
	0 "...and none is left aside"
tap_done
