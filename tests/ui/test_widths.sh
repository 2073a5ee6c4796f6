#!/bin/bash
# SPDX-License-Identifier: MIT
# test_widths.sh - the AI view reads whole at 80x24 and at 160x50: every
# layer, page, panel and table of it, the help pages, and every page of
# every lesson, dumped headless at both sizes, must cut no text; the
# view and the pages again in Simplified Chinese.  The
# rule is the screen's own: text written past the end of its line, or a
# word broken because it is longer than its row, counts as cut, and the
# dump then says "cut: N characters did not fit their lines".  At 160
# columns the side panel must also be wider than at 80.
#
# One TAP result per size and walk (tests/lib/tap.sh).
set -u
set -f # the view's keys include ? and *
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
HUNTED_DATA=$top/data
export HUNTED_DATA
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_widths.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# The AI view's keys after v: each layer, step mode and its narration,
# every algorithm and setting, the tables, boxes, the hierarchy, D* Lite,
# the early stop, the help pages, the code panel under each algorithm;
# then the lessons' menu and the sandbox.
view_keys='
p o g h f a c m mm k * T y r e z Tz yT
s sn snnn sN sJ12 s? ?  ?? Ws Hs Ds ts
A AA AAA AAAA AAAAs t te eT H HH HHH D DD W WW WWW WWWW 0
C Cn... CN. CN... CAn.. CAAn... CAAAn.. CAAAAn. CWn... Cen...'

# The language of the dumps: the tester's own, then Simplified Chinese
# (below).
lang=

# cuts SIZE WHAT ARGS...: the dump at SIZE cuts nothing.
cuts() {
	local size=$1 what=$2
	shift 2
	# shellcheck disable=SC2086 # $lang is words of env
	env $lang "$bin" --headless --no-timing --dump-screen --screen "$size" "$@" \
		>"$tmp/out" 2>&1 || {
		tap_fail "$size $what: exit $?"
		return
	}
	if grep -q '^cut: ' "$tmp/out"; then
		tap_fail "$size $what: $(grep '^cut: ' "$tmp/out")"
		sed -n '/^screen/,/^cut: /p' "$tmp/out" >&2
	fi
}

for size in 80x24 160x50; do
	for k in $view_keys; do
		cuts "$size" "view v$k" --seed 42 --ai-view --keys '' \
			--view-keys "v$k"
	done
	# The game's own pages with the view on: the lessons' menu, the
	# help, the ground's help, and the sandbox.
	for k in M '?' '??' vS; do
		cuts "$size" "$k" --seed 42 --ai-view --keys '' --view-keys "$k"
	done
	tap_check "$size: every layer, panel and table of the AI view is whole"
	for k in '' v vs vT vA vk; do
		cuts "$size" "crowd v$k" --seed 3 --ai-view --keys 'llll' \
			--view-keys "$k"
	done
	tap_check "$size: a busier level's view is whole"
	for k in '' v vs vT vA vAAAA vk vy vCn...; do
		cuts "$size" "default v$k" --map default --seed 5 --ai-view \
			--keys '....' --view-keys "$k"
	done
	tap_check "$size: the wide default dungeon's view is whole"
	"$bin" --lesson >"$tmp/lessons" 2>&1 || tap_fail "--lesson: exit $?"
	sed -n 's/^  \([a-z0-9]*\) .*(\([0-9]*\) pages)$/\1 \2/p' \
		"$tmp/lessons" >"$tmp/pages"
	[ -s "$tmp/pages" ] || tap_fail "--lesson lists no lessons"
	while read -r lesson pages; do
		turn=''
		for k in $(seq "$pages"); do
			cuts "$size" "lesson $lesson page $k" --lesson "$lesson" \
				--keys '' --view-keys "$turn"
			turn="$turn "
		done
	done <"$tmp/pages"
	tap_check "$size: every page of every lesson is whole"
done

# The same walk of the view and the game's pages in Simplified Chinese,
# whose characters take two columns each (every lesson page in Chinese:
# test_i18n.sh), when hunted speaks it and the system has a UTF-8 locale.
if grep -q '^#define ENABLE_NLS 1' "${top_builddir:-.}/config.h" 2>/dev/null &&
	locale -a 2>/dev/null | grep -qix 'C\.utf-\?8'; then
	lang="-u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE=zh_CN"
	for size in 80x24 160x50; do
		for k in $view_keys; do
			cuts "$size" "zh_CN view v$k" --seed 42 --ai-view \
				--keys '' --view-keys "v$k"
		done
		for k in M '?' '??' vS; do
			cuts "$size" "zh_CN $k" --seed 42 --ai-view --keys '' \
				--view-keys "$k"
		done
		tap_check "$size in Chinese: every layer, panel and page is whole"
	done
	lang=
else
	tap_skip "the walk in Chinese: no translations or no C.UTF-8 locale"
	tap_skip "the walk in Chinese: no translations or no C.UTF-8 locale"
fi

# The panel grows with the screen: it starts two columns before its
# header, 30 columns from the right edge at 80 columns and further left
# at 160.
panel_w() { # SIZE: the panel's width at SIZE
	"$bin" --headless --no-timing --dump-screen --screen "$1" --seed 42 \
		--ai-view --keys '' --view-keys vs >"$tmp/out" 2>&1 ||
		tap_fail "$1 panel: exit $?"
	sed -n 2p "$tmp/out" |
		awk -v w="${1%x*}" '{ print w - (index($0, "AI VIEW:") - 4) }'
}
narrow=$(panel_w 80x24)
wide=$(panel_w 160x50)
[ "$narrow" = 30 ] || tap_fail "80x24: the panel is $narrow wide, not 30"
[ "$wide" -ge 60 ] || tap_fail "160x50: the panel is only $wide wide"
tap_check "160x50: the side panel uses the width"
tap_done
