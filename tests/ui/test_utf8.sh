#!/bin/sh
# SPDX-License-Identifier: MIT
# test_utf8.sh - text as text: the data files may hold UTF-8 (a level's
# title in any language), which --dump-screen prints as it is, laid out
# by columns (a double-width character takes two, a line is never wider
# than the screen and never cut inside a character); a cast keeps the
# UTF-8 (no \u00XX escape per byte); --check still rejects a byte that
# is not UTF-8, with file:line:col.  One TAP result per check
# (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_utf8.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
command -v python3 >/dev/null 2>&1 || tap_skip_all "no python3 (Debian package python3)"

# data_with_title DIR TITLE: a copy of the data whose tutorial is
# called TITLE.
data_with_title() {
	cp -R "$top/data" "$1" && chmod -R u+w "$1" &&
		sed "s/^	title .*/	title \"$2\"/" "$top/data/maps/tutorial.txt" \
			>"$1/maps/tutorial.txt"
}

# columns FILE: the widest '|' line of a dump, in terminal columns
# (east Asian wide characters count two); -1 for a line that is not
# UTF-8.
columns() {
	python3 - "$1" <<'PY'
import sys, unicodedata
widest = 0
for raw in open(sys.argv[1], "rb").read().split(b"\n"):
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        print(-1); sys.exit()
    if not line.startswith("|"):
        continue
    w = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line[1:])
    widest = max(widest, w)
print(widest)
PY
}

# 1. A title with accents and a dash, dumped and cast as written.
data_with_title "$tmp/cafe" "Café — the wall"
"$bin" --headless --no-timing --dump-screen --data-dir "$tmp/cafe" \
	--map tutorial --seed 1 --turns 1 >"$tmp/cafe.out" 2>"$tmp/err"
tap_is $? 0 "a UTF-8 title: the game plays"
grep -q '^|Café — the wall$' "$tmp/cafe.out"
tap_is $? 0 "--dump-screen prints a UTF-8 title as it is"
"$bin" --headless --no-timing --data-dir "$tmp/cafe" --map tutorial \
	--seed 1 --turns 1 --cast "$tmp/cafe.cast" >/dev/null 2>"$tmp/err"
tap_is $? 0 "a UTF-8 title: the cast is written"
grep -q 'Café — the wall' "$tmp/cafe.cast"
tap_is $? 0 "the cast keeps UTF-8 as UTF-8"
grep -q '\\u00[89a-f]' "$tmp/cafe.cast"
tap_is $? 1 "the cast escapes no byte of UTF-8 as \\u00XX"
err=$(python3 - "$tmp/cafe.cast" <<'PY'
import json, re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")[1:-1]
shown = re.sub("\x1b\\[[0-9;]*[A-Za-z]", "", json.loads(lines[0])[2])
rows = shown.split("\r\n")
if "Café — the wall" not in [r.rstrip() for r in rows]:
    print("no row reads the title")
elif any(len(r) != 80 for r in rows):
    print("a row is not 80 columns")
PY
)
tap_is "$err" "" "the first frame: 80 characters a row, the title one of them"

# 2. Double-width characters: a title of 40 Chinese characters takes the
# 80 columns of a row exactly; one of 41 (82 columns) no longer fits a
# row, and no line is then wider than the screen.
data_with_title "$tmp/han" "$(python3 -c 'print("墙" * 37 + "在中间")')"
"$bin" --headless --no-timing --dump-screen --data-dir "$tmp/han" \
	--map tutorial --seed 1 --turns 1 >"$tmp/han.out" 2>"$tmp/err"
tap_is $? 0 "a title of double-width characters: the game plays"
grep -q '^|墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙墙在中间$' \
	"$tmp/han.out"
tap_is $? 0 "double-width text: 40 characters fill the 80 columns of a row"
tap_is "$(columns "$tmp/han.out")" 80 "double-width text: 80 columns wide"
data_with_title "$tmp/han2" "$(python3 -c 'print("墙" * 38 + "在中间")')"
"$bin" --headless --no-timing --dump-screen --data-dir "$tmp/han2" \
	--map tutorial --seed 1 --turns 1 >"$tmp/han2.out" 2>"$tmp/err"
tap_is $? 0 "a title of 82 columns: the game plays"
tap_is "$(columns "$tmp/han2.out")" 71 \
	"double-width text: a line too wide for the screen is not drawn cut"

# 3. --check: UTF-8 is fine, another byte is an error at its column.
"$bin" --check "$tmp/han/maps/tutorial.txt" >"$tmp/out" 2>&1
tap_is $? 0 "--check accepts UTF-8 text"
printf 'dungeon bad\n\ttitle "Caf\351"\n' >"$tmp/cafe/maps/latin1.txt"
"$bin" --check "$tmp/cafe/maps/latin1.txt" >"$tmp/out" 2>&1
tap_is $? 1 "--check rejects a byte that is not UTF-8"
grep -q 'latin1.txt:2:12: error: byte 0xe9 is not UTF-8' "$tmp/out"
tap_is $? 0 "--check names the byte's file:line:col"

tap_done
