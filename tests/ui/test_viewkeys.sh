#!/bin/bash
# SPDX-License-Identifier: MIT
# test_viewkeys.sh - every key of the AI view says what it did: pressed
# with the view's keys (v), each one changes the lines under the map
# (the status line, the view's stats lines or the messages), so that a
# watcher who pressed it sees that it did something and what.  The step
# keys are pressed where they move and where they cannot (at the first
# and the last step), where a message must say why nothing moved.
#
# One TAP result per key (tests/lib/tap.sh).
set -u
set -f # the keys include * and ?
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
HUNTED_DATA=$top/data
export HUNTED_DATA
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_viewkeys.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# under KEYS: the screen's lines from the status line down after v KEYS.
under() {
	"$bin" --headless --no-timing --dump-screen --map tutorial --seed 1 \
		--keys '....' --ai-view --view-keys "v$1" 2>&1 |
		awk '/^screen /{on = 1; next} on && !/^\|/{exit}
		     on && /^\|HP /{below = 1} below'
}

# says BEFORE KEY: KEY pressed after v BEFORE changes the lines under the
# map.
says() {
	under "$1" >"$tmp/before"
	under "$1$2" >"$tmp/after"
	[ -s "$tmp/before" ] || tap_fail "v$1: no status line in the dump"
	if cmp -s "$tmp/before" "$tmp/after"; then
		tap_fail "v$1 then $2: nothing under the map changed"
		sed 's/^/# /' "$tmp/after"
	fi
	tap_check "$2 (after v$1) says what it did"
}

for k in p o g h f a c m k '*' T y r e z s t H D W A 0 '<tab>' J; do
	says '' "$k"
done
for k in n b N B; do
	says s "$k"
	says sN "$k"
done
tap_done
