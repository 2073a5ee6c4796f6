#!/bin/sh
# SPDX-License-Identifier: MIT
# test_watch_options.sh - the options of watch mode (--watch, --pace)
# without a terminal: the combinations that make no sense are usage
# errors (exit 2) naming both options, --pace is read and checked, --help
# names both, and an options file's "watch yes" and "pace N" are defaults
# that a headless game or a replay leaves aside without a word.  One TAP
# result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_watch_options.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
HUNTED_DATA=$(cd "$top/data" && pwd)
export HUNTED_DATA
XDG_CONFIG_HOME=$tmp/config
XDG_DATA_HOME=$tmp/data
export XDG_CONFIG_HOME XDG_DATA_HOME

# usage WORDS -- ARGS...: exit 2, the usage hint, and every word of
# WORDS in the message.
usage() {
	words=$1
	shift 2
	"$bin" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] || tap_fail "'$*': exit $rc, expected 2"
	grep -q "Try 'hunted --help'" "$tmp/err" ||
		tap_fail "'$*': no usage hint"
	for w in $words; do
		grep -q -- "$w" "$tmp/err" ||
			tap_fail "'$*': the message does not name $w: $(head -1 "$tmp/err")"
	done
	[ -s "$tmp/out" ] && tap_fail "'$*': wrote on stdout"
	tap_check "usage error, exit 2: $*"
}

# 1. Watching is a new game in the terminal: not headless, not a
# replay, not a lesson; either order.
usage "--watch --headless" -- --watch --headless
usage "--watch --headless" -- --headless --watch --seed 3
usage "--watch --replay" -- --watch --replay "$tmp/none.rec"
usage "--watch --replay" -- --replay "$tmp/none.rec" --watch
usage "--watch --lesson" -- --watch --lesson wall

# 2. --pace: only with --watch, 0 to 10000 milliseconds.
usage "--pace --watch" -- --pace 100
usage "--pace --watch" -- --pace 100 --map tutorial
usage "pace" -- --watch --pace -1
usage "pace" -- --watch --pace 10001
usage "pace" -- --watch --pace fast
usage "--pace" -- --watch --pace

# 3. --help names both.
"$bin" --help >"$tmp/help" || tap_fail "--help: exit $?"
grep -q -- '--watch  ' "$tmp/help" || tap_fail "--help does not name --watch"
grep -q -- '--pace MS' "$tmp/help" || tap_fail "--help does not name --pace"
tap_check "--help names --watch and --pace"

# 4. The options file's defaults: accepted without a word, and left
# aside by headless play and by a replay.
mkdir -p "$XDG_CONFIG_HOME/hunted"
printf 'watch yes\npace 500\n' >"$XDG_CONFIG_HOME/hunted/options.txt"
"$bin" --headless --map tutorial --seed 1 --turns 3 --record "$tmp/r.rec" \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] || tap_fail "headless with watch yes in options.txt: exit $rc"
[ -s "$tmp/err" ] && tap_fail "headless with watch yes: $(cat "$tmp/err")"
grep -q '^summary: ' "$tmp/out" || tap_fail "headless with watch yes: no summary"
tap_check "options.txt's watch and pace: headless play leaves them aside"
"$bin" --headless --replay "$tmp/r.rec" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] || tap_fail "replay with watch yes in options.txt: exit $rc ($(cat "$tmp/err"))"
[ -s "$tmp/err" ] && tap_fail "replay with watch yes: $(cat "$tmp/err")"
tap_check "options.txt's watch and pace: a replay leaves them aside"

tap_done
