# SPDX-License-Identifier: MIT
# tap.sh - TAP (the Test Anything Protocol) for the shell tests, one
# result per check, which automake's tap-driver.sh turns into one PASS or
# FAIL line each in `make check`.  Sourced (POSIX sh; bash works too):
#
#   . "$top/tests/lib/tap.sh"
#   tap_ok "DESCRIPTION"                 a check that passed
#   tap_not_ok "DESCRIPTION" "REASON"    one that failed, and why
#   tap_test "DESCRIPTION" COMMAND...    ok when COMMAND succeeds
#   tap_is GOT WANT "DESCRIPTION"        ok when the two strings are equal
#   tap_skip "DESCRIPTION" "REASON"      a check that could not run here
#   tap_skip_all "REASON"                nothing can run here: exits 77
#   tap_fail "REASON"                    a problem in the current check...
#   tap_check "DESCRIPTION"              ...which ends here: ok when no
#                                        tap_fail came since the last result
#   tap_done                             the plan; exits 0, or 1 on a failure
#   tap_golden GOLDEN OUT                a tap_fail unless OUT is what the
#                                        golden file GOLDEN holds (with
#                                        UPDATE_GOLDEN=1, OUT becomes it)
#
# A script whose name (without .sh) matches a pattern of TEST_SKIP (a
# space-separated list, as the C tests read it) is skipped whole.
#
# The plan comes last ("1..N" after the results, as TAP allows), so a
# script that dies half-way has none and the harness reports an error.
# Diagnostics go to stdout as "# " lines.

tap_count=0
tap_failures=0
tap_pending=0 # tap_fail calls since the last result

tap_result_() { # OK DESCRIPTION [DIRECTIVE]
	tap_count=$((tap_count + 1))
	tap_pending=0
	if [ "$1" = 1 ]; then
		printf 'ok %d - %s%s\n' "$tap_count" "$2" "${3:+ # $3}"
	else
		tap_failures=$((tap_failures + 1))
		printf 'not ok %d - %s\n' "$tap_count" "$2"
	fi
}

tap_diag() {
	printf '%s\n' "$*" | sed 's/^/# /'
}

tap_ok() {
	tap_result_ 1 "$1"
}

tap_not_ok() {
	tap_result_ 0 "$1"
	[ $# -lt 2 ] || tap_diag "$2"
}

tap_test() {
	tap_desc_=$1
	shift
	if "$@"; then
		tap_ok "$tap_desc_"
	else
		tap_not_ok "$tap_desc_" "failed: $*"
	fi
}

tap_is() {
	if [ "$1" = "$2" ]; then
		tap_ok "$3"
	else
		tap_not_ok "$3" "got '$1', want '$2'"
	fi
}

tap_skip() {
	tap_result_ 1 "$1" "SKIP${2:+ $2}"
}

tap_skip_all() {
	printf '1..0 # SKIP %s\n' "$1"
	exit 77
}

tap_fail() {
	tap_pending=$((tap_pending + 1))
	tap_diag "$*"
}

tap_check() {
	if [ "$tap_pending" = 0 ]; then
		tap_ok "$1"
	else
		tap_not_ok "$1"
	fi
}

tap_golden() {
	if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
		cp "$2" "$1"
	elif ! cmp -s "$1" "$2"; then
		diff "$1" "$2" | head -20 >&2
		tap_fail "${2##*/}: differs from tests/golden/${1##*/}"
	fi
}

tap_done() {
	if [ "$tap_pending" != 0 ]; then
		tap_not_ok "problems reported after the last check"
	fi
	printf '1..%d\n' "$tap_count"
	[ "$tap_failures" = 0 ] && exit 0
	exit 1
}

tap_self_=${0##*/}
case $- in
*f*) tap_glob_=0 ;;
*) tap_glob_=1 ;;
esac
set -f # the patterns are matched against names, not expanded to files
for tap_pattern_ in ${TEST_SKIP:-}; do
	# shellcheck disable=SC2254
	case ${tap_self_%.sh} in
	$tap_pattern_) tap_skip_all "TEST_SKIP names ${tap_self_%.sh}" ;;
	esac
done
[ "$tap_glob_" = 0 ] || set +f
