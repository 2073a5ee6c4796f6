#!/bin/sh
# SPDX-License-Identifier: MIT
# test_keys.sh - the keys the documents name are the keys the game reads:
# --list-keys prints every mode's key table (the tables the game screen
# dispatches its keys with and draws its help from), the manual page's
# KEYS section names every key of every table, and every README block
# between "<!-- keys: MODE... -->" and "<!-- /keys -->" names in its
# table (one row a key, the key in backticks in the first cell) only keys
# of those modes.  One TAP result per check (tests/lib/tap.sh).
#
# test_keys.sh [README [MANPAGE]] checks other files (for trying the
# test on a broken copy).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
readme=${1:-$top/README.md}
man=${2:-$top/doc/hunted.6.in}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_keys.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# 1. The list itself: three tab-separated fields a line, every mode the
# game screen has, no key twice in a mode.
"$bin" --list-keys >"$tmp/keys" 2>"$tmp/err" ||
	tap_fail "--list-keys: exit $? ($(cat "$tmp/err"))"
[ -s "$tmp/keys" ] || tap_fail "--list-keys printed nothing"
bad=$(awk -F '\t' 'NF != 3 || $1 == "" || $2 == "" || $3 == ""' "$tmp/keys")
[ -z "$bad" ] || tap_fail "lines not MODE<TAB>KEY<TAB>HELP: $bad"
for mode in play game lesson replay ai ai-keys look travel direction help history \
	sandbox quit save end more small; do
	grep -q "^$mode	" "$tmp/keys" || tap_fail "no keys for mode $mode"
done
dup=$(cut -f1,2 "$tmp/keys" | sort | uniq -d)
[ -z "$dup" ] || tap_fail "a key twice in a mode: $dup"
tap_check "--list-keys lists every mode's keys as MODE, KEY, HELP"

# 2. The manual page: every key name is a word of the KEYS section's
# highlighted text (the .B, .BR, .RB, .I... lines).
sed -n '/^\.SH KEYS/,/^\.SH /p' "$man" |
	sed -n 's/^\.[BIR][BIR]* //p' |
	sed 's/\\-/-/g; s/\\(aq/'"'"'/g; s/\\(ga/`/g; s/\\e/\\/g; s/"/ /g; s/, / /g' |
	tr ' ' '\n' | sed '/^$/d' | sort -u >"$tmp/man-words"
[ -s "$tmp/man-words" ] || tap_fail "no KEYS section in $man"
missing=$(cut -f1,2 "$tmp/keys" | while IFS='	' read -r mode key; do
	[ "$key" = any ] && continue
	grep -qxF -- "$key" "$tmp/man-words" || echo "$mode:$key"
done | tr '\n' ' ')
[ -z "$missing" ] || tap_fail "the manual page's KEYS section does not name: $missing"
tap_check "the manual page's KEYS section names every key of every table"

# 3. The README's key tables, if it has any.  A front door shows a
# selection: every key a block names must be one of its modes' keys
# (the manual page, above, names them all).
blocks=0
if [ -f "$readme" ]; then
	blocks=$(grep -c '^<!-- keys: [a-z -]* -->$' "$readme")
fi
if [ "$blocks" -eq 0 ]; then
	tap_ok "README: no key tables to check"
else
	n=0
	while [ "$n" -lt "$blocks" ]; do
		n=$((n + 1))
		modes=$(sed -n 's/^<!-- keys: \([a-z -]*\) -->$/\1/p' "$readme" |
			sed -n "${n}p")
		# The first cell of each row of the n-th block, its backticks
		# taken off (`` ` `` for the backquote itself).
		awk -v n="$n" '/^<!-- keys: [a-z -]* -->$/ { b++; on = (b == n); next }
			/^<!-- \/keys -->$/ { on = 0 } on' "$readme" |
			grep '^|' | grep -v '^| *-' |
			cut -d'|' -f2 | sed 's/^ *//; s/ *$//' |
			grep '^`' | sed 's/^`` *\(.*[^ ]\) *``$/\1/; s/^`\(.*\)`$/\1/' |
			sort -u >"$tmp/readme-$n"
		: >"$tmp/table-$n"
		for mode in $modes; do
			grep -q "^$mode	" "$tmp/keys" ||
				tap_fail "README: no mode '$mode' in --list-keys"
			awk -F '\t' -v m="$mode" '$1 == m && $2 != "any" { print $2 }' \
				"$tmp/keys" >>"$tmp/table-$n"
		done
		sort -u -o "$tmp/table-$n" "$tmp/table-$n"
		[ -s "$tmp/readme-$n" ] ||
			tap_fail "README: the table of the $modes keys names none"
		extra=$(comm -23 "$tmp/readme-$n" "$tmp/table-$n" | tr '\n' ' ')
		[ -z "$extra" ] ||
			tap_fail "README, modes $modes: not their keys: $extra"
		tap_check "README's table of the $modes keys names only their keys"
	done
fi
# 4. The AI view's own keys: most rows of the ai-keys table only name a
# key the view's own handler (aiview_key) takes, so each is played with
# the view holding the keys, and none may get the answer a key the view
# does not know gets.  An unknown key shows the check can fail.
unknown="The AI view has the keys: v or Esc"
ai_plays() { # KEY-AS-VIEW-KEYS: the screen after v and that key
	(cd "$tmp/run" && "$bin" --headless --no-timing --map tutorial \
		--seed 1 --turns 1 --ai-view --screen 120x40 --dump-screen \
		--view-keys "v$1" 2>&1)
}
mkdir "$tmp/run"
ai_plays Q | grep -q "$unknown" ||
	tap_fail "an unknown key (Q) is not answered with '$unknown'"
awk -F '\t' '$1 == "ai-keys" && $2 != "any" { print $2 }' "$tmp/keys" >"$tmp/ai-keys"
while IFS= read -r key; do
	case $key in
	Esc) vk='<esc>' ;;
	'<') vk='<lt>' ;;
	*) vk=$key ;;
	esac
	ai_plays "$vk" | grep -q "$unknown" &&
		tap_fail "ai-keys lists $key, which the AI view does not take"
done <"$tmp/ai-keys"
[ -s "$tmp/ai-keys" ] || tap_fail "no ai-keys in --list-keys"
tap_check "every key of the ai-keys table is one the AI view takes"

tap_done
