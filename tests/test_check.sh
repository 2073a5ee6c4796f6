#!/bin/sh
# test_check.sh - the real binary's data checks: every shipped file passes
# `hunted --check`, a broken file is reported as FILE:LINE:COL with its
# line and a caret and exits 1, and the data directory is looked up in the
# documented order (--data-dir, then $HUNTED_DATA).
set -u
top=${top_srcdir:-.}
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_check.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

bad() {
	echo "FAIL: $*" >&2
	fail=1
}

# 1. Every shipped file: exit 0 and not a word, not even a warning.
"$bin" --check "$top"/data/terrain.txt "$top"/data/monsters.txt \
	"$top"/data/maps/*.txt >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] || bad "shipped data: exit $rc"
[ -s "$tmp/err" ] && { cat "$tmp/err" >&2; bad "shipped data: output"; }
n=$(ls "$top"/data/maps/*.txt | wc -l)
[ "$n" -ge 7 ] || bad "expected at least 7 shipped maps, found $n"

# 2. A broken file: the exact GNU-style report on stderr, exit 1.
printf 'terrain floor glyph %s\nterrain mud glpyh %s\n' "'.'" "','" \
	>"$tmp/bad.txt"
(cd "$tmp" && "$bin" --check bad.txt) >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || bad "broken file: exit $rc, expected 1"
cat >"$tmp/want" <<'WANT'
bad.txt:2:13: error: unknown keyword 'glpyh' for a terrain; did you mean 'glyph'?
    terrain mud glpyh ','
                ^
WANT
cmp -s "$tmp/want" "$tmp/err" || {
	diff "$tmp/want" "$tmp/err" >&2
	bad "broken file: report differs"
}
[ -s "$tmp/out" ] && bad "broken file: wrote to stdout"

# 3. A good and a missing file together: both checked, exit 1.
"$bin" --check "$top/data/terrain.txt" "$tmp/missing.txt" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || bad "missing file: exit $rc"
m="$tmp/missing.txt"
want="^$m:1:1: error: cannot open '$m': No such file or directory\$"
grep -q "$want" "$tmp/err" || bad "missing file: no report"

# 4. --check needs a file (usage error, exit 2).
"$bin" --check >/dev/null 2>&1
rc=$?
[ "$rc" -eq 2 ] || bad "--check without files: exit $rc, expected 2"

# 5. Lookup order: --data-dir wins over $HUNTED_DATA.  A data directory
# whose default map is broken must be the one reported.
mkdir -p "$tmp/dd/maps"
printf 'dungeon d\nMAP\n#\nENDMAP\n' >"$tmp/dd/maps/default.txt"
HUNTED_DATA="$top/data" "$bin" --data-dir "$tmp/dd" </dev/null \
	>/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || bad "--data-dir: exit $rc"
grep -q "^$tmp/dd/maps/default.txt:3:1: error: unknown glyph '#'" \
	"$tmp/err" || { cat "$tmp/err" >&2; bad "--data-dir not used"; }
HUNTED_DATA="$tmp/dd" "$bin" </dev/null >/dev/null 2>"$tmp/err"
grep -q "^$tmp/dd/maps/default.txt:3:1:" "$tmp/err" ||
	bad "HUNTED_DATA not used"
HUNTED_DATA="$tmp/dd" "$bin" --map "$top/data/maps/tutorial.txt" \
	</dev/null >/dev/null 2>"$tmp/err"
grep -q "error:" "$tmp/err" && bad "--map FILE: reported errors"

exit $fail
