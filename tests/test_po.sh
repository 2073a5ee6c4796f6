#!/bin/sh
# SPDX-License-Identifier: MIT
# test_po.sh - the translations (po/): every .po passes msgfmt's checks
# (-c, and --check-format: each translated format string takes the same
# arguments as the English, or printf would read the wrong ones), a
# translation with a bad format is caught by the same check, and the
# Simplified Chinese one is complete: against the strings the sources
# mark today, none untranslated and none fuzzy.  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_po.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
for tool in msgfmt xgettext msgmerge msgattrib; do
	command -v $tool >/dev/null 2>&1 ||
		tap_skip_all "no $tool (Debian package gettext)"
done

# 1. Every translation passes msgfmt's checks.
for po in "$top"/po/*.po; do
	msgfmt -c --check-format -o /dev/null "$po" 2>"$tmp/err"
	tap_is $? 0 "$(basename "$po"): msgfmt -c --check-format"
	[ -s "$tmp/err" ] && cat "$tmp/err" >&2
done

# 2. The check catches a format that reads other arguments: %u of the
# turn given a string's %s.
sed 's/^msgstr "生命 %d\/%d  回合 %u/msgstr "生命 %d\/%d  回合 %s/' \
	"$top/po/zh_CN.po" >"$tmp/bad.po"
cmp -s "$top/po/zh_CN.po" "$tmp/bad.po"
tap_is $? 1 "the bad translation differs from zh_CN.po"
msgfmt -c --check-format -o /dev/null "$tmp/bad.po" 2>/dev/null
tap_is $? 1 "msgfmt --check-format rejects a format with other arguments"

# 3. zh_CN is complete: the marked strings of the sources, merged into
# it, leave nothing untranslated or fuzzy.
xgettext --keyword=_ --keyword=N_ --keyword=P_:1,2 --from-code=UTF-8 -D "$top" \
	-f "$top/po/POTFILES.in" -o "$tmp/hunted.pot" 2>"$tmp/err"
tap_is $? 0 "xgettext reads the files of po/POTFILES.in"
msgmerge -q --no-fuzzy-matching -o "$tmp/zh_CN.po" "$top/po/zh_CN.po" \
	"$tmp/hunted.pot" 2>"$tmp/err"
tap_is $? 0 "zh_CN.po merges with the sources' strings"
# msgfmt --statistics says "N translated messages." and no more when
# every one is translated and none fuzzy.
stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$tmp/zh_CN.po" 2>&1)
case $stats in
*untranslated*) tap_not_ok "zh_CN.po: no string of the sources untranslated" "$stats" ;;
*) tap_ok "zh_CN.po: no string of the sources untranslated" ;;
esac
case $stats in
*fuzzy*) tap_not_ok "zh_CN.po: no fuzzy translation" "$stats" ;;
*) tap_ok "zh_CN.po: no fuzzy translation" ;;
esac

tap_done
