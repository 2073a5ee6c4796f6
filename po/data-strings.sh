#!/bin/sh
# SPDX-License-Identifier: MIT
# data-strings.sh - the words of the shipped data files (the titles and
# descriptions of data/terrain.txt, data/monsters.txt and data/maps/)
# written as a C file of N_() lines, for xgettext: it cannot read the
# data files, and the game translates these words where it draws them,
# with the data's own text as the msgid.  A modder's words are not in
# the catalog and show as written.  Run it again after changing a
# shipped text:
#     sh po/data-strings.sh data >po/data-strings.c
# (tests/test_datapo.sh fails until then).  The strings' escapes, \"
# and \\, are the same in the data files and in C: the text goes over
# as it is.
set -eu
data=${1:-data}
cat <<'HEAD'
/* SPDX-License-Identifier: MIT */
/* data-strings.c - the shipped data files' words for the translators,
 * written by po/data-strings.sh: never compiled, only read by xgettext.
 * Do not edit: run po/data-strings.sh again. */
HEAD
echo 'static const char *const data_strings[] = {'
for f in "$data/terrain.txt" "$data/monsters.txt" "$data"/maps/*.txt; do
	[ -f "$f" ] || continue
	printf '        /* TRANSLATORS: from data/%s */\n' "${f#"$data"/}"
	sed -En 's/^[[:space:]]*(title|description)[[:space:]]+("([^"\\]|\\.)*").*/        N_(\2),/p' "$f"
done
echo '};'
