#!/bin/bash
# SPDX-License-Identifier: MIT
# test_limits.sh - the limits doc/manual.md states ("Limits"), each played
# by the real binary and held to its stated memory and to the work it
# counts: the largest map (4096x4096, as a data file and as a Moving AI
# map), the most monsters a map holds (65,534 and the player and the
# exit), and the longest game (100,000,000 turns, in memory that does
# not grow with the turns).  They catch work or memory that grows out
# of proportion (a quadratic load, a flood per monster kind, a table
# per turn), not a slow day: the work is bounded by what the summary
# counts (nodes expanded, cells flooded, turns played), never by the
# clock, so a busy machine cannot fail them.  Peak memory is read with
# /usr/bin/time.
#
# HUNTED_TIME_LIMITS=1 also holds each run to the time doc/manual.md states
# (some five times what the sanitizer build takes on a quiet machine),
# for a run on a machine known to be quiet; without it no result
# depends on the clock.
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
data=$(cd "$top/data" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_limits.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
export HUNTED_DATA=$data
timed=${HUNTED_TIME_LIMITS:-0}

[ -x /usr/bin/time ] || tap_skip_all "no /usr/bin/time (Debian package time)"

# measure NAME SECONDS MIB COMMAND...: runs COMMAND (stdout and stderr to
# $tmp/NAME.out) and checks it ends with status 0 and peaks within MIB
# MiB of resident memory; sets $secs and $kib.  With HUNTED_TIME_LIMITS=1
# it must also end within SECONDS of wall time (and is stopped at three
# times that).
measure() {
	local name=$1 max_s=$2 max_mib=$3 rc
	shift 3
	if [ "$timed" = 1 ]; then
		set -- timeout $((max_s * 3)) "$@"
	fi
	/usr/bin/time -f '%e %M' -o "$tmp/$name.time" "$@" \
		>"$tmp/$name.out" 2>&1
	rc=$?
	read -r secs kib <"$tmp/$name.time" 2>/dev/null || {
		secs=$max_s
		kib=0
	}
	tap_diag "$name: ${secs} s, $((kib / 1024)) MiB (limits ${max_s} s" \
		"when timed, ${max_mib} MiB)"
	if [ "$timed" = 1 ] && [ "$rc" = 124 ]; then
		tap_fail "$name: still running after $((max_s * 3)) s, stopped"
		return
	fi
	if [ "$rc" != 0 ]; then
		tap_fail "$name: exit status $rc"
		sed 's/^/    /' "$tmp/$name.out" | head -n 20 | while read -r l; do tap_diag "$l"; done
	fi
	if [ "$timed" = 1 ]; then
		awk -v s="$secs" -v m="$max_s" 'BEGIN { exit !(s <= m) }' ||
			tap_fail "$name: took $secs s, more than $max_s"
	fi
	[ "$kib" -le $((max_mib * 1024)) ] ||
		tap_fail "$name: peaked at $((kib / 1024)) MiB, more than $max_mib"
}

# counted NAME KEY MOST: the summary of run NAME counts at most MOST
# for KEY (expanded, distmap_cells, ...), and counts it at all.
counted() {
	local got
	got=$(sed -n "s/^summary: .* $2=\([0-9]*\) .*/\1/p" "$tmp/$1.out")
	if [ -z "$got" ]; then
		tap_fail "$1: no $2 in the summary: $(tail -n 1 "$tmp/$1.out")"
	elif [ "$got" -gt "$3" ]; then
		tap_fail "$1: $2=$got, more than $3"
	else
		tap_diag "$1: $2=$got (at most $3)"
	fi
}

# A walled W x H dungeon of floor: the player at the top left, the exit at
# the bottom right, and a goblin every STEP cells from row FROM on, at
# most MOST of them (none when STEP is 0).
dungeon() { # W H STEP FROM MOST
	awk -v W="$1" -v H="$2" -v S="$3" -v F="$4" -v M="$5" -v data="$data" 'BEGIN {
		printf "include \"%s/monsters.txt\"\n", data
		print "dungeon limit"
		print "\ttitle \"At the limit\""
		print "legend '\''#'\'' wall"
		print "legend '\''.'\'' floor"
		print "legend '\''@'\'' floor player"
		print "legend '\''g'\'' floor monster goblin"
		print "legend '\''>'\'' stairs exit"
		print "MAP"
		wall = ""
		for (x = 0; x < W; x++) wall = wall "#"
		print wall
		n = g = 0
		for (y = 1; y < H - 1; y++) {
			row = "#"
			for (x = 1; x < W - 1; x++) {
				c = "."
				if (y == 1 && x == 1) c = "@"
				else if (y == H - 2 && x == W - 2) c = ">"
				else if (S && y >= F && (n++ % S) == 0 && g < M) {
					c = "g"
					g++
				}
				row = row c
			}
			print row "#"
		}
		print wall
		print "ENDMAP"
	}'
}

# The goblins in a dungeon's MAP block.
goblins() {
	sed -n '/^MAP$/,/^ENDMAP$/p' "$1" | tr -cd g | wc -c
}

# --- the largest map: 4096x4096 ------------------------------------------
dungeon 4096 4096 2000000 3 65534 >"$tmp/largest.txt"
hunters=$(goblins "$tmp/largest.txt")
measure largest-check 5 512 "$bin" --check "$tmp/largest.txt"
tap_check "the largest map (4096x4096 data file): --check in 512 MiB"
measure largest-play 10 1024 "$bin" --headless --map "$tmp/largest.txt" \
	--hunt --turns 20 --no-timing
grep -q "^summary: turns=20 monsters=$hunters " "$tmp/largest-play.out" ||
	tap_fail "largest-play: $(tail -n 1 "$tmp/largest-play.out")"
# The turn budget (20,000 nodes a turn by default) bounds the searches,
# a crossing of the whole map or not; shared maps flood each cell at
# most once a turn.
counted largest-play expanded $((20000 * 20))
counted largest-play dlite_expanded $((20000 * 20))
counted largest-play distmap_cells $((4096 * 4096 * 20))
tap_check "the largest map: 20 turns of $hunters hunters in 1 GiB and the turn budget"

{
	printf 'type octile\nheight 4096\nwidth 4096\nmap\n'
	awk 'BEGIN { r = ""; for (x = 0; x < 4096; x++) r = r "."
		for (y = 0; y < 4096; y++) print r }'
} >"$tmp/largest.map"
measure largest-movingai 5 768 "$bin" --check "$tmp/largest.map"
tap_check "the largest Moving AI map (4096x4096, open): --check in 768 MiB"

dungeon 4097 10 0 0 0 >"$tmp/wider.txt"
"$bin" --check "$tmp/wider.txt" >"$tmp/wider.out" 2>&1
tap_is "$?" 1 "a map one column wider than the largest is refused"

# --- the most monsters: 65,534, the player and the exit ------------------
# 258 x 258 with walls round: 65,536 cells inside, every one used.
dungeon 258 258 1 1 65534 >"$tmp/most.txt"
tap_is "$(goblins "$tmp/most.txt")" 65534 "the crowded map holds 65,534 goblins"
measure most-check 5 256 "$bin" --check "$tmp/most.txt"
tap_check "the most monsters (65,534 on a map): --check in 256 MiB"
# The same crowd spread over 1024 x 1024, hunting the player from row 8
# on, until they catch it or 20 turns pass.
dungeon 1024 1024 15 8 65534 >"$tmp/spread.txt"
measure most-play 10 512 "$bin" --headless --map "$tmp/spread.txt" --hunt \
	--turns 20 --no-timing
grep -q '^summary: turns=[0-9]* monsters=65534 ' "$tmp/most-play.out" ||
	tap_fail "most-play: $(tail -n 1 "$tmp/most-play.out")"
# However many hunt, the turn budget bounds their searches, and one
# kind of monster needs at most one shared map a turn.
counted most-play expanded $((20000 * 20))
counted most-play dlite_expanded $((20000 * 20))
counted most-play distmaps 20
counted most-play distmap_cells $((1024 * 1024 * 20))
tap_check "the most monsters: 65,534 hunters on 1024x1024 play in 512 MiB and the turn budget"

# --- the longest game: 100,000,000 turns, memory flat ----------------------
# The player is walled in and there are no monsters: every turn is a
# wait, and nothing but the turn count grows.
cat >"$tmp/stuck.txt" <<EOF
include "$data/monsters.txt"
dungeon stuck
	title "Walled in"
legend '#' wall
legend '.' floor
legend '@' floor player
legend '>' stairs exit
MAP
#######
#@#..>#
#######
ENDMAP
EOF
measure long-100k 20 256 "$bin" --headless --map "$tmp/stuck.txt" \
	--turns 100000
short=$kib
measure long-2m 60 256 "$bin" --headless --map "$tmp/stuck.txt" \
	--turns 2000000
grep -q '^summary: turns=2000000 ' "$tmp/long-2m.out" ||
	tap_fail "long game: $(tail -n 1 "$tmp/long-2m.out")"
[ "$kib" -le $((short + 1024)) ] ||
	tap_fail "2,000,000 turns took $((kib - short)) KiB more than 100,000"
tap_check "the longest game: 2,000,000 turns in the memory of 100,000 (within 1 MiB)"

"$bin" --headless --map "$tmp/stuck.txt" --turns 100000001 >/dev/null 2>&1
tap_is "$?" 2 "--turns past 100,000,000 is refused with status 2"

tap_done
