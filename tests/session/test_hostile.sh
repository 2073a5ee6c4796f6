#!/bin/sh
# SPDX-License-Identifier: MIT
# test_hostile.sh - the real binary on every file a user could name by
# mistake or in malice: devices that never end (/dev/zero, /dev/urandom)
# or are no file (/dev/null), FIFOs nobody writes to, sparse files of
# 100 GB, symbolic links to devices, directories, an include of
# /dev/zero, a recording whose header names /dev/zero as its map, and
# recordings cut short, out of order or of the old format.  Each case
# runs under a time limit (a case that hangs fails) and must give the
# exact error and the documented exit status: 1, with nothing played.
# One TAP result per case (tests/lib/tap.sh).
#
# HUNTED_BIN=PATH runs another build's binary (an older one, to see
# which of these it fails).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=${HUNTED_BIN:-$(cd "${top_builddir:-.}/src" && pwd)/hunted}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_hostile.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
command -v timeout >/dev/null 2>&1 || tap_skip_all "no timeout(1)"
# Seconds before a case is taken to hang: every one of them answers at
# once, so only a program that waits on what it should refuse (a FIFO, a
# device) comes near it, however busy the machine.
limit=60

# hostile DESCRIPTION STATUS STDERR ARGS...: runs hunted ARGS in $tmp
# (names relative to it) under the time limit; ok when it exits with
# STATUS, prints exactly STDERR (a final newline added) on stderr and
# nothing on stdout.
hostile() {
	desc=$1 want_rc=$2 want_err=$3
	shift 3
	(cd "$tmp" && exec timeout -k 2 "$limit" "$bin" "$@") </dev/null \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		tap_not_ok "$desc" "hunted $*: still running after $limit s"
		return
	fi
	[ "$rc" = "$want_rc" ] || tap_fail "hunted $*: exit $rc, expected $want_rc"
	printf '%s\n' "$want_err" >"$tmp/want"
	cmp -s "$tmp/want" "$tmp/err" ||
		tap_fail "hunted $*: stderr differs:" \
			"$(diff "$tmp/want" "$tmp/err" | cat -v | head -8)"
	[ -s "$tmp/out" ] &&
		tap_fail "hunted $*: stdout: $(head -3 "$tmp/out" | cat -v)"
	tap_check "$desc"
}

chr="it is a character device, not a regular file"
fifo="it is a FIFO (a named pipe), not a regular file"
dir="it is a directory, not a regular file"

mkfifo "$tmp/pipe.txt" "$tmp/pipe.map" "$tmp/pipe.scen" "$tmp/pipe.rec"
mkdir "$tmp/dir.txt" "$tmp/dir.map" "$tmp/dir.rec"
for f in zero.txt zero.map zero.scen zero.rec; do
	ln -s /dev/zero "$tmp/$f"
done
sparse=1
for f in big.txt big.map big.scen big.rec; do
	truncate -s 100G "$tmp/$f" 2>/dev/null || sparse=0
done

# 1. Data files: devices, FIFOs, directories, links to devices, a sparse
# giant; the diagnostics printer never reopens them.
for d in /dev/zero /dev/null /dev/urandom; do
	hostile "--check $d: refused at once" 1 "$d: error: cannot read '$d': $chr" \
		--check "$d"
done
hostile "--check FIFO: refused at once, not waited on" 1 \
	"pipe.txt: error: cannot read 'pipe.txt': $fifo" --check pipe.txt
hostile "--check a directory" 1 \
	"dir.txt: error: cannot read 'dir.txt': $dir" --check dir.txt
hostile "--check a link to /dev/zero" 1 \
	"zero.txt: error: cannot read 'zero.txt': $chr" --check zero.txt
if [ "$sparse" = 1 ]; then
	hostile "--check a sparse 100 GB file: refused by its size" 1 \
		"big.txt: error: 'big.txt' is larger than 64 MiB (it is 100 GiB)" \
		--check big.txt
else
	tap_skip "--check a sparse 100 GB file" "no sparse files here"
fi
hostile "--map a FIFO: the game refuses it before the terminal" 1 \
	"pipe.txt: error: cannot read 'pipe.txt': $fifo" --map pipe.txt

# Includes of what is no file: at the include line, with the line.
printf 'include "/dev/zero"\n' >"$tmp/inc-zero.txt"
hostile "an include of /dev/zero" 1 \
	"inc-zero.txt:1:9: error: cannot read '/dev/zero': $chr
    include \"/dev/zero\"
            ^" --check inc-zero.txt
printf 'include "pipe.txt"\n' >"$tmp/inc-pipe.txt"
hostile "an include of a FIFO" 1 \
	"inc-pipe.txt:1:9: error: cannot read 'pipe.txt': $fifo
    include \"pipe.txt\"
            ^" --check inc-pipe.txt
if [ "$sparse" = 1 ]; then
	printf 'include "big.txt"\n' >"$tmp/inc-big.txt"
	hostile "an include of a sparse 100 GB file" 1 \
		"inc-big.txt:1:9: error: 'big.txt' is larger than 64 MiB (it is 100 GiB)
    include \"big.txt\"
            ^" --check inc-big.txt
else
	tap_skip "an include of a sparse 100 GB file" "no sparse files here"
fi

# Bytes above ASCII in a bad line are never sent to the terminal: one
# '?' each, so the caret stays under its column.
printf 'terrain a glyph \303\251x\n' >"$tmp/high.txt"
(cd "$tmp" && timeout -k 2 "$limit" "$bin" --check high.txt) \
	>/dev/null 2>"$tmp/err"
tap_is "$(sed -n 2,3p "$tmp/err")" "    terrain a glyph ??x
                    ^" "a line with bytes above ASCII is quoted with '?' for each"

# 2. Moving AI maps, and .scen names (read as data files by --check).
hostile "--check a .map linked to /dev/zero" 1 \
	"zero.map: error: cannot read 'zero.map': $chr" --check zero.map
hostile "--check a FIFO .map" 1 \
	"pipe.map: error: cannot read 'pipe.map': $fifo" --check pipe.map
hostile "--check a directory .map" 1 \
	"dir.map: error: cannot read 'dir.map': $dir" --check dir.map
hostile "--map a .map linked to /dev/zero, headless" 1 \
	"zero.map: error: cannot read 'zero.map': $chr" \
	--headless --map zero.map
hostile "--check a .scen linked to /dev/zero" 1 \
	"zero.scen: error: cannot read 'zero.scen': $chr" --check zero.scen
hostile "--check a FIFO .scen" 1 \
	"pipe.scen: error: cannot read 'pipe.scen': $fifo" --check pipe.scen
if [ "$sparse" = 1 ]; then
	hostile "--check a sparse 100 GB .map: refused by its size" 1 \
		"big.map: error: 'big.map' is larger than 32 MiB (it is 100 GiB)" \
		--check big.map
	hostile "--check a sparse 100 GB .scen: refused by its size" 1 \
		"big.scen: error: 'big.scen' is larger than 64 MiB (it is 100 GiB)" \
		--check big.scen
else
	tap_skip "--check a sparse 100 GB .map" "no sparse files here"
	tap_skip "--check a sparse 100 GB .scen" "no sparse files here"
fi

# 3. Recordings of every kind of file.
for d in /dev/zero /dev/null /dev/urandom; do
	hostile "--replay $d: refused at once" 1 \
		"$d: error: cannot read '$d': $chr" --headless --replay "$d"
done
hostile "--replay a FIFO: refused at once, not waited on" 1 \
	"pipe.rec: error: cannot read 'pipe.rec': $fifo" \
	--headless --replay pipe.rec
hostile "--replay a directory" 1 \
	"dir.rec: error: cannot read 'dir.rec': $dir" --headless --replay dir.rec
hostile "--replay a link to /dev/zero" 1 \
	"zero.rec: error: cannot read 'zero.rec': $chr" \
	--headless --replay zero.rec
if [ "$sparse" = 1 ]; then
	hostile "--replay a sparse 100 GB recording" 1 \
		"big.rec: error: 'big.rec' is larger than 1 GiB (it is 100 GiB)" \
		--headless --replay big.rec
else
	tap_skip "--replay a sparse 100 GB recording" "no sparse files here"
fi
hostile "--record to a FIFO nobody reads: refused, not waited on" 1 \
	"hunted: cannot write 'pipe.rec': $fifo" \
	--headless --map tutorial --turns 1 --record pipe.rec

# 4. A whole recording, then the same broken every way a file breaks.
"$bin" --headless --map doors --seed 5 --monsters 12 --turns 20 \
	--record "$tmp/good.rec" >/dev/null 2>&1
n=$(wc -l <"$tmp/good.rec" | tr -d ' ')
head -7 "$tmp/good.rec" | grep -v '^turn ' >"$tmp/header.rec"
tap_is "$(tail -1 "$tmp/header.rec")" "strategy auto" \
	"the recording's header ends with its strategy"
hostile "a header-only recording: cut short after turn 0" 1 \
	"header.rec:7: error: the recording is cut short after turn 0: it has no end line (the game was not recorded to its end)
    strategy auto" --headless --replay header.rec
head -n $((n - 1)) "$tmp/good.rec" >"$tmp/noend.rec"
hostile "a recording without its end line: cut short after turn 20" 1 \
	"noend.rec:$((n - 1)): error: the recording is cut short after turn 20: it has no end line (the game was not recorded to its end)
    $(sed -n "$((n - 1))p" "$tmp/good.rec")" --headless --replay noend.rec
# Cut 40 bytes short: the end line and the last turn's checksum gone.
head -c $(($(wc -c <"$tmp/good.rec") - 40)) "$tmp/good.rec" >"$tmp/cut.rec"
hostile "a recording cut in the middle of a line" 1 \
	"cut.rec:$((n - 1)): error: the last line has no end of line: the file is cut short
    $(tail -1 "$tmp/cut.rec")" --headless --replay cut.rec
sed 's/^turn [0-9]* /turn 4294967295 /' "$tmp/good.rec" >"$tmp/bigturn.rec"
hostile "turn numbers all 4294967295" 1 \
	"bigturn.rec:8: error: turn 4294967295 where turn 1 was expected (the turns run 1, 2, 3...)
    $(sed -n 8p "$tmp/bigturn.rec")" --headless --replay bigturn.rec
sed '10d' "$tmp/good.rec" >"$tmp/gap.rec"
hostile "a turn missing" 1 \
	"gap.rec:10: error: turn 4 where turn 3 was expected (the turns run 1, 2, 3...)
    $(sed -n 10p "$tmp/gap.rec")" --headless --replay gap.rec
sed 's/^hunted-recording 2$/hunted-recording 1/' "$tmp/good.rec" >"$tmp/v1.rec"
hostile "a recording of format 1" 1 \
	"v1.rec:2: error: this recording is in format 1; this hunted reads format 2 only (record the game again)
    hunted-recording 1" --headless --replay v1.rec
sed 's/^seed 5$/seed 5\nseed 5/' "$tmp/good.rec" >"$tmp/twice.rec"
hostile "a header line given twice" 1 \
	"twice.rec:5: error: 'seed' given twice
    seed 5" --headless --replay twice.rec

# The map a recording names is opened as any other.
sed 's|^map doors$|map /dev/zero|' "$tmp/good.rec" >"$tmp/zmap.rec"
hostile "a recording whose header names map /dev/zero" 1 \
	"/dev/zero: error: cannot read '/dev/zero': $chr" \
	--headless --replay zmap.rec
sed "s|^map doors\$|map $tmp/pipe.txt|" "$tmp/good.rec" >"$tmp/pmap.rec"
hostile "a recording whose header names a FIFO" 1 \
	"$tmp/pipe.txt: error: cannot read '$tmp/pipe.txt': $fifo" \
	--headless --replay pmap.rec
if [ "$sparse" = 1 ]; then
	sed "s|^map doors\$|map $tmp/big.txt|" "$tmp/good.rec" >"$tmp/bmap.rec"
	hostile "a recording whose header names a sparse 100 GB map" 1 \
		"$tmp/big.txt: error: '$tmp/big.txt' is larger than 64 MiB (it is 100 GiB)" \
		--headless --replay bmap.rec
else
	tap_skip "a recording whose header names a sparse 100 GB map" \
		"no sparse files here"
fi

tap_done
