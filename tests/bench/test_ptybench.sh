#!/bin/sh
# SPDX-License-Identifier: MIT
# test_ptybench.sh - the pty benchmark runs: on a tiny game (20 monsters,
# 5 keys, an 80x24 terminal) it drives the real hunted to the end and
# prints its summary line with every key counted; the first two turns
# of a hunt by 2,000 monsters ask for no --More-- (what the player did
# not see stays off the message line); a game that stops answering is
# reported and left dead; a bad option is bad usage (exit 2).  No time
# is judged: `make check` never times.
#
# Skipped (exit 77) when configure found no forkpty.  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bench=${top_builddir:-.}/tests/bench/ptybench
[ -x "$bench" ] || tap_skip_all "ptybench was not built (no forkpty)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_ptybench.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
data=$(cd "$top/data" && pwd)

# 1. A tiny run: all five keys answered, a summary, exit 0.
"$bench" --monsters 20 --keys 5 --size 80x24 --data-dir "$data" \
	>"$out" 2>&1
rc=$?
[ "$rc" = 0 ] || tap_fail "exit $rc: $(cat "$out")"
grep -Eq '^summary: keys=5 max_ms=[0-9.]+ p99_ms=[0-9.]+ median_ms=[0-9.]+ over16=[0-9]+ more_first2=[0-9]+ ' "$out" ||
	tap_fail "no summary with keys=5: $(cat "$out")"
grep -q ' silent=0 ' "$out" || tap_fail "a key went unanswered: $(cat "$out")"
tap_check "a tiny game: five keys timed, a summary line"

# 2. The big hunt's first two turns: 2,000 monsters spot the player at
# once, out of sight but for a few, and no --More-- page is asked for.
"$bench" --keys 2 --size 80x24 --data-dir "$data" >"$out" 2>&1
rc=$?
[ "$rc" = 0 ] || tap_fail "exit $rc: $(cat "$out")"
grep -q '^summary: keys=2 .* more_first2=0 ' "$out" ||
	tap_fail "--More-- in the first two turns: $(cat "$out")"
tap_check "2,000 hunters: no --More-- in the first two turns"

# 3. A game that draws once, then hangs and shrugs off the hangup:
# reported, killed, exit 1.
{
	echo '#!/bin/sh'
	echo 'stty raw -echo'
	echo "trap '' HUP"
	echo "echo \$\$ >'$tmp/pid'"
	echo "printf 'Turn 0\\r\\n'"
	echo 'while :; do sleep 1; done'
} >"$tmp/hang.sh"
chmod +x "$tmp/hang.sh"
"$bench" --binary "$tmp/hang.sh" --data-dir "$data" --answer-ms 300 \
	--keys 2 >"$out" 2>&1
rc=$?
[ "$rc" = 1 ] || tap_fail "exit $rc, not 1: $(cat "$out")"
grep -q 'stopped answering' "$out" || tap_fail "not reported: $(cat "$out")"
grep -q 'killed' "$out" || tap_fail "not killed: $(cat "$out")"
if [ -s "$tmp/pid" ] && kill -0 "$(cat "$tmp/pid")" 2>/dev/null; then
	kill -9 "$(cat "$tmp/pid")"
	tap_fail "the hung game is still there"
fi
[ -s "$tmp/pid" ] || tap_fail "the hung game never ran: $(cat "$out")"
tap_check "a game that hangs is reported and killed"

# 4. Bad usage: exit 2 and the usage on stderr.
"$bench" --no-such-option >/dev/null 2>"$out"
rc=$?
[ "$rc" = 2 ] || tap_fail "exit $rc, not 2"
grep -q '^usage: ptybench' "$out" || tap_fail "no usage: $(cat "$out")"
tap_check "a bad option exits 2 with the usage"
"$bench" --keys 0 >/dev/null 2>&1
tap_is "$?" 2 "a bad value exits 2"
tap_done
