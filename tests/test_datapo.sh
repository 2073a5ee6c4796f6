#!/bin/sh
# SPDX-License-Identifier: MIT
# test_datapo.sh - the shipped data files' words reach the translators:
# po/data-strings.c (read by xgettext, see po/POTFILES.in) is what
# po/data-strings.sh writes from data/ today, so a changed title or
# description is caught here until the file is written again (and
# test_po.sh then asks for its translation); the generator takes every
# title and description of the files it reads, and a changed text shows
# in its output.  One TAP result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_datapo.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# 1. po/data-strings.c is up to date with data/.
sh "$top/po/data-strings.sh" "$top/data" >"$tmp/now.c" 2>"$tmp/err"
tap_is $? 0 "po/data-strings.sh reads the shipped data"
if cmp -s "$tmp/now.c" "$top/po/data-strings.c"; then
	tap_ok "po/data-strings.c has the shipped data's words"
else
	tap_not_ok "po/data-strings.c has the shipped data's words" \
		"a shipped text changed: run  sh po/data-strings.sh data >po/data-strings.c  and translate the new words in po/*.po"
	diff "$tmp/now.c" "$top/po/data-strings.c" | sed 's/^/# /' >&2
fi

# 2. Every title and description of those files is in it: as many N_()
# lines as the files have such attributes.
want=$(cat "$top/data/terrain.txt" "$top/data/monsters.txt" \
	"$top"/data/maps/*.txt | grep -Ec '^[[:space:]]*(title|description)[[:space:]]+"')
got=$(grep -c '^ *N_("' "$tmp/now.c")
tap_is "$got" "$want" "one N_() line per shipped title and description"

# 3. A changed description is caught: the generator writes the new text,
# and its file no longer matches.
cp -r "$top/data" "$tmp/data"
sed 's/"Bare stone floor\."/"Cold \\"wet\\" stone."/' "$top/data/terrain.txt" \
	>"$tmp/data/terrain.txt"
sh "$top/po/data-strings.sh" "$tmp/data" >"$tmp/changed.c"
grep -qF 'N_("Cold \"wet\" stone."),' "$tmp/changed.c" &&
	! grep -qF 'N_("Bare stone floor."),' "$tmp/changed.c"
tap_is $? 0 "a changed description is written with its escapes"
cmp -s "$tmp/changed.c" "$top/po/data-strings.c"
tap_is $? 1 "a changed description no longer matches po/data-strings.c"

tap_done
