#!/bin/sh
# SPDX-License-Identifier: MIT
# test_output.sh - output is never silently dropped: every program of
# hunted that prints checks its writes and the final close of stdout, so
# stdout on /dev/full is "hunted: write error: ..." and exit 1, and a
# recording, cast or export on a full file system (a small tmpfs, when
# one can be mounted) is said and removed.  The command line: an option
# that takes a name refuses an empty one, and options that clash are
# bad usage naming both.  hunted never writes over a file it reads (by
# device and inode: the map and what it includes, the data files and
# the player's own over them, the campaign, options.txt, the key map,
# the recording replayed, the save), nor over a file not its own
# without --force.
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
data=$(cd "$top/data" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_output.XXXXXX") || exit 99
full_fs=$tmp/full
trap 'umount "$full_fs" 2>/dev/null; rm -rf "$tmp"' EXIT
unset HUNTED_DATA
XDG_DATA_HOME=$tmp/xdg
export XDG_DATA_HOME

# full DESCRIPTION ARGS...: the program with stdout on /dev/full.
full() {
	full_desc_=$1
	shift
	"$bin" "$@" >/dev/full 2>"$tmp/err"
	full_rc_=$?
	tap_is "$full_rc_" 1 "$full_desc_ on a full stdout exits 1"
	tap_test "...and says why" \
		grep -q '^hunted: write error: No space left on device$' \
		"$tmp/err"
}

if [ -w /dev/full ] && ! printf x 2>/dev/null >/dev/full; then
	full --version --version
	full --help --help
	full --list-keys --list-keys
	full --check --data-dir "$data" --check "$data/monsters.txt"
	full "--lesson alone" --data-dir "$data" --lesson
	full "headless play" --headless --no-timing --data-dir "$data" \
		--map maze --turns 5
	full --dump-screen --headless --no-timing --data-dir "$data" \
		--map maze --turns 5 --dump-screen
	full "--log" --headless --no-timing --data-dir "$data" \
		--map maze --turns 5 --log
else
	tap_skip "stdout on /dev/full" "no /dev/full that fails writes here"
fi

# The same programs with a working stdout still exit 0.
"$bin" --version >"$tmp/out" 2>"$tmp/err"
tap_is "$?" 0 "--version on a working stdout exits 0"

# An option that names a file or a folder: an empty name is bad usage.
for opt in map data-dir record replay save cast; do
	extra=
	case $opt in
	cast) extra=--headless ;;
	esac
	"$bin" $extra --data-dir "$data" "--$opt" '' >"$tmp/out" 2>"$tmp/err"
	rc=$?
	tap_is "$rc" 2 "--$opt '' is bad usage"
	tap_test "...that names the option" grep -q -- "--$opt" "$tmp/err"
done

# A replay takes the game from its recording: the game's options clash.
"$bin" --headless --no-timing --data-dir "$data" --map maze --turns 3 \
	--record "$tmp/game.rec" >/dev/null 2>&1
for pair in "seed 3" "monsters 2" "turn-budget 10" "strategy astar" "hunt"; do
	# shellcheck disable=SC2086
	set -- $pair
	"$bin" --headless --data-dir "$data" --replay "$tmp/game.rec" \
		"--$1" ${2+"$2"} >"$tmp/out" 2>"$tmp/err"
	rc=$?
	tap_is "$rc" 2 "--replay with --$1 is bad usage"
	tap_test "...naming both" sh -c "grep -q -- '--replay' '$tmp/err' &&
		grep -q -- '--$1' '$tmp/err'"
done
# The autopilot plays only without --keys: both are bad usage.
"$bin" --headless --data-dir "$data" --map maze --keys hjkl \
	--autopilot careful >"$tmp/out" 2>"$tmp/err"
tap_is "$?" 2 "--keys with --autopilot is bad usage"
tap_test "...naming both" grep -q -- "--keys and --autopilot" "$tmp/err"

# --check only checks: an option of a game beside it is bad usage.
for opt in headless "map maze" "record $tmp/x.rec" ai-view; do
	# shellcheck disable=SC2086
	set -- $opt
	"$bin" --check --data-dir "$data" "--$1" ${2+"$2"} \
		"$data/monsters.txt" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	tap_is "$rc" 2 "--check with --$1 is bad usage"
	tap_test "...naming both" sh -c "grep -q -- '--check and --$1' \
		'$tmp/err'"
done

# hunted never writes over what it reads, compared by device and inode:
# each refusal is exit 2 and leaves the file byte for byte.
mkdir "$tmp/d"
cp -R "$data/." "$tmp/d/"
chmod -R u+w "$tmp/d"
cp "$data/maps/maze.txt" "$tmp/pit.txt"
ln "$tmp/pit.txt" "$tmp/pit-link.rec"
play() {
	"$bin" --headless --no-timing --data-dir "$tmp/d" --turns 3 "$@" \
		>/dev/null 2>"$tmp/err"
}
# refused DESCRIPTION FILE ARGS...: the run exits 2, FILE is unchanged.
refused() {
	ref_desc_=$1
	ref_file_=$2
	shift 2
	cp "$ref_file_" "$tmp/before"
	play "$@"
	ref_rc_=$?
	tap_is "$ref_rc_" 2 "$ref_desc_ is refused"
	tap_test "...leaving it byte for byte" cmp -s "$tmp/before" "$ref_file_"
	tap_test "...saying why" grep -q "not written over\|same file" \
		"$tmp/err"
}
play --map maze --record "$tmp/game.rec"
play --map maze --record "$tmp/other.rec"
refused "--record over the map played" "$tmp/pit.txt" \
	--map "$tmp/pit.txt" --record "$tmp/pit.txt"
refused "--record over a link to the map played" "$tmp/pit.txt" \
	--map "$tmp/pit.txt" --record "$tmp/pit-link.rec"
refused "--cast over the map played" "$tmp/pit.txt" \
	--map "$tmp/pit.txt" --cast "$tmp/pit.txt"
refused "--save over the map played" "$tmp/pit.txt" \
	--map "$tmp/pit.txt" --save "$tmp/pit.txt"
refused "--record over monsters.txt" "$tmp/d/monsters.txt" \
	--map maze --record "$tmp/d/monsters.txt"
refused "--cast over terrain.txt" "$tmp/d/terrain.txt" \
	--map maze --cast "$tmp/d/terrain.txt"
refused "--cast over the recording replayed" "$tmp/game.rec" \
	--replay "$tmp/game.rec" --cast "$tmp/game.rec"
refused "--record over the save resumed" "$tmp/other.rec" \
	--map maze --save "$tmp/other.rec" --record "$tmp/other.rec"
# The terminal game's own save, where it resumes from: no terminal is
# needed to refuse a --record aimed at it.
mkdir -p "$XDG_DATA_HOME/hunted"
cp "$tmp/other.rec" "$XDG_DATA_HOME/hunted/save.rec"
cp "$tmp/other.rec" "$tmp/before"
"$bin" --data-dir "$tmp/d" --map maze \
	--record "$XDG_DATA_HOME/hunted/save.rec" </dev/null >/dev/null 2>"$tmp/err"
tap_is "$?" 2 "--record over the terminal game's save is refused"
tap_test "...leaving it byte for byte" \
	cmp -s "$tmp/before" "$XDG_DATA_HOME/hunted/save.rec"
rm -rf "$XDG_DATA_HOME"
# Every other file the session reads, even with --force: a file pulled
# in by include, the player's own map over the shipped one, the
# campaign, options.txt and the key map.
sed 's|^include "../monsters.txt"$|&\ninclude "moss.txt"|' \
	"$tmp/d/maps/maze.txt" >"$tmp/d/maps/mossy.txt"
printf 'terrain moss\n\tglyph \047,\047 color cyan walk yes cost 2 opaque no\n' \
	>"$tmp/d/maps/moss.txt"
play --map mossy
tap_is "$?" 0 "a map with an include of its own plays"
refused "--record --force over a file the map includes" \
	"$tmp/d/maps/moss.txt" --map mossy --record "$tmp/d/maps/moss.txt" \
	--force
mkdir -p "$XDG_DATA_HOME/hunted"
printf 'terrain moss\n\tglyph \047;\047 color cyan walk yes cost 2 opaque no\n' \
	>"$XDG_DATA_HOME/hunted/terrain.txt"
refused "--cast --force over the player's own terrain.txt over the shipped" \
	"$XDG_DATA_HOME/hunted/terrain.txt" --map maze --force \
	--cast "$XDG_DATA_HOME/hunted/terrain.txt"
rm -rf "$XDG_DATA_HOME"
cp "$tmp/d/campaign.txt" "$tmp/camp.txt"
refused "--record --force over the campaign played" "$tmp/camp.txt" \
	--campaign "$tmp/camp.txt" --record "$tmp/camp.txt" --force
mkdir -p "$tmp/cfg/hunted"
printf '# my options\n' >"$tmp/cfg/hunted/options.txt"
XDG_CONFIG_HOME=$tmp/cfg
export XDG_CONFIG_HOME
refused "--record --force over options.txt" "$tmp/cfg/hunted/options.txt" \
	--map maze --record "$tmp/cfg/hunted/options.txt" --force
unset XDG_CONFIG_HOME
cp "$tmp/d/keymaps/dvorak.txt" "$tmp/keys.txt"
cp "$tmp/keys.txt" "$tmp/before"
"$bin" --data-dir "$tmp/d" --map maze --keymap "$tmp/keys.txt" --force \
	--record "$tmp/keys.txt" </dev/null >/dev/null 2>"$tmp/err"
tap_is "$?" 2 "--record --force over the key map is refused"
tap_test "...leaving it byte for byte" cmp -s "$tmp/before" "$tmp/keys.txt"
printf 'my notes\n' >"$tmp/notes.txt"
refused "--record over a file not hunted's own" "$tmp/notes.txt" \
	--map maze --record "$tmp/notes.txt"
refused "--cast over a file not hunted's own" "$tmp/notes.txt" \
	--map maze --cast "$tmp/notes.txt"
refused "--cast over a recording" "$tmp/other.rec" \
	--map maze --cast "$tmp/other.rec"
play --map maze --record "$tmp/game.rec"
tap_is "$?" 0 "--record over one of hunted's recordings writes it"
play --map maze --record "$tmp/notes.txt" --force
tap_is "$?" 0 "--force writes over a file not hunted's own"
tap_test "...with the game" grep -q hunted-recording "$tmp/notes.txt"
play --map "$tmp/pit.txt" --record "$tmp/pit.txt" --force
tap_is "$?" 2 "--force never writes over the map played"
# A full file system under the save, the high scores and the morgue:
# each failure is said, the save on disk stays as it was, and the game
# is not lost: the next start resumes it and records its end.  Run for
# everyone with the hook HUNTED_FAULT failing every write in the
# player's folder with ENOSPC (src/session/fault.h), and for root on a
# real full tmpfs too.  In DIR (its own save and XDG folder); FILL makes
# the disk full, EMPTY makes room again, FAULT is the hook's value.
game="--headless --no-timing --data-dir $data --map doors --seed 5 --monsters 0"
dots() {
	awk -v n="$1" 'BEGIN { while (n-- > 0) printf "."; print "" }'
}
save_full() {
	sf_how_=$1 sf_dir_=$2 sf_fill_=$3 sf_empty_=$4 sf_fault_=$5
	export XDG_DATA_HOME="$sf_dir_/xdg"
	# A game in play, saved on turn 40, then played 110 turns more on
	# a full disk: past the next turn it would be kept on disk.
	# shellcheck disable=SC2086
	"$bin" $game --keys "$(dots 40)" --save "$sf_dir_/s.rec" \
		>/dev/null 2>&1
	cp "$sf_dir_/s.rec" "$tmp/s.before"
	eval "$sf_fill_"
	# shellcheck disable=SC2086
	HUNTED_FAULT=$sf_fault_ "$bin" $game --keys "$(dots 110)" \
		--save "$sf_dir_/s.rec" >/dev/null 2>"$tmp/err"
	tap_is "$?" 1 "$sf_how_: a save that cannot be written exits 1"
	tap_test "...saying why" grep -q \
		"^hunted: the game was not saved: cannot write .*: No space left on device$" \
		"$tmp/err"
	tap_test "...the game kept on disk being said too" grep -q \
		"^hunted: The game could not be kept on disk: .*No space left" \
		"$tmp/err"
	tap_test "...leaving the save before it byte for byte" \
		cmp -s "$tmp/s.before" "$sf_dir_/s.rec"
	tap_test "...and no temporary file" \
		sh -c "! ls '$sf_dir_' | grep -q 's.rec.tmp'"
	eval "$sf_empty_"
	# shellcheck disable=SC2086
	"$bin" $game --keys "$(dots 1)" --save "$sf_dir_/s.rec" \
		>/dev/null 2>"$tmp/err"
	tap_test "...the next start resumes it" grep -q \
		"^hunted: Resumed the game saved on turn 40\.$" "$tmp/err"
	# A game that ends on a full disk: no high scores, no morgue,
	# each said, and its save kept for the next start to record it.
	rm -rf "$sf_dir_/s.rec" "$XDG_DATA_HOME"
	# shellcheck disable=SC2086
	"$bin" $game --turns 20 --save "$sf_dir_/s.rec" >/dev/null 2>&1
	cp "$sf_dir_/s.rec" "$tmp/s.before"
	mkdir -p "$XDG_DATA_HOME/hunted"
	eval "$sf_fill_"
	# shellcheck disable=SC2086
	HUNTED_FAULT=$sf_fault_ "$bin" $game --turns 60 --morgue \
		--save "$sf_dir_/s.rec" >"$tmp/out" 2>"$tmp/err"
	tap_test "$sf_how_: a game ending on a full disk ends" \
		grep -q "^end: Escaped from level 1 on turn 41\." "$tmp/out"
	tap_test "...saying the high scores were not written" grep -q \
		"^hunted: The high scores were not written: .*No space left" \
		"$tmp/err"
	tap_test "...saying there is no morgue file" grep -q \
		"^hunted: No morgue file: .*No space left" "$tmp/err"
	tap_test "...saying the save is kept" grep -q \
		"^hunted: The save is kept: the next start of hunted resumes it\.$" \
		"$tmp/err"
	tap_test "...and keeping it byte for byte" \
		cmp -s "$tmp/s.before" "$sf_dir_/s.rec"
	eval "$sf_empty_"
	# shellcheck disable=SC2086
	"$bin" $game --turns 60 --morgue --save "$sf_dir_/s.rec" \
		>"$tmp/out" 2>"$tmp/err"
	tap_test "...the next start resumes it" grep -q \
		"^hunted: Resumed the game saved on turn 20\.$" "$tmp/err"
	tap_test "...and plays it to its end" \
		grep -q "^end: Escaped from level 1 on turn 41\." "$tmp/out"
	tap_test "...and records it in the high scores" grep -q \
		"^2022 .* doors Escaped from level 1 on turn 41\.$" \
		"$XDG_DATA_HOME/hunted/scores.txt"
	tap_test "...and in a morgue file" \
		sh -c "ls '$XDG_DATA_HOME/hunted' | grep -q '^morgue-'"
	tap_test "...its save done with" test ! -e "$sf_dir_/s.rec"
	export XDG_DATA_HOME="$tmp/xdg"
}
mkdir "$tmp/enospc"
save_full "ENOSPC by the hook" "$tmp/enospc" : : ENOSPC:write:1
# A full file system: --record and --cast say so, exit 1, and leave no
# half-written file that could pass for a whole one.
mkdir "$full_fs"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs "$full_fs" \
	2>/dev/null; then
	dd if=/dev/zero of="$full_fs/fill" bs=1k count=64 2>/dev/null
	for opt in record cast; do
		"$bin" --headless --no-timing --data-dir "$data" --map maze \
			--turns 50 "--$opt" "$full_fs/out" >/dev/null \
			2>"$tmp/err"
		rc=$?
		tap_is "$rc" 1 "--$opt on a full file system exits 1"
		tap_test "...and says why" grep -q \
			"write error: .*: No space left on device" "$tmp/err"
		tap_test "...leaving no half-written file" \
			test ! -e "$full_fs/out"
	done
	(cd "$full_fs" && "$bin" --headless --no-timing --data-dir "$data" \
		--dump-screen --map tutorial --seed 1 --keys '....' \
		--ai-view --view-keys vE) >"$tmp/out" 2>&1
	tap_test "E on a full file system says why the export failed" \
		grep -q "Export failed: write error: hunted-search.*No space" \
		"$tmp/out"
	tap_test "...leaving no half-written export" \
		sh -c "! ls '$full_fs' | grep -q hunted-search"
	rm -f "$full_fs/fill"
	save_full "a full tmpfs" "$full_fs" \
		"dd if=/dev/zero of='$full_fs/fill' bs=1k count=64 2>/dev/null" \
		"rm -f '$full_fs/fill'" ""
	umount "$full_fs"
else
	tap_skip "--record and --cast on a full file system" \
		"cannot mount a small tmpfs here (not root?)"
fi
tap_done
