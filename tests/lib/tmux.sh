# SPDX-License-Identifier: MIT
# tmux.sh - what every end-to-end test of the terminal game shares: tmux
# runs the real hunted in a detached session of a fixed size, keys go in
# with send-keys and the screen comes back with capture-pane.  Every check
# polls for the text it expects; no fixed sleep decides a result.
# Sourced by bash scripts after tests/lib/tap.sh:
#
#   . "$top/tests/lib/tap.sh"
#   . "$top/tests/lib/tmux.sh"
#   tmux_setup NAME        skips (77) without tmux; sets $bin, $data,
#                          $fixed, $conf, $tmp (removed at exit) and $T
#                          ($tmux_flags, if set before, go to every tmux:
#                          -u for a test of UTF-8 text)
#   session W H COMMAND    COMMAND in a new tmux server (one per game, so
#                          that a server shutting down cannot race the
#                          next), then "[exit N]", stty -a and "[end]"
#   start_game W H ARGS... hunted ARGS... as a session
#   screen                 the screen's text
#   wait_for REGEX [SECS]  polls until a line matches (60 s by default)
#   wait_gone REGEX        polls until no line matches
#   keys KEY...            each key, waiting for the screen to answer it
#   player_at              the @'s column and row on the screen
#   bad REASON             a problem in the current check, with the screen
#   ok DESCRIPTION         the check since the last ok passed
#
# The waits end as soon as the screen shows what they wait for, so only a
# game that never shows it reaches the timeout: long enough that a busy
# machine never does.

# shellcheck disable=SC2034 # the variables are the test's to read
tmux_setup() {
	tmux_name=$1
	bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
	data=$(cd "$top/data" && pwd)
	# The shipped levels vary with the seed; tests about one layout use
	# the fixed copies.
	fixed=$(cd "$top/tests/fixtures/fixed" && pwd)
	conf=$(cd "$top/tests/e2e" && pwd)/tmux.conf
	command -v tmux >/dev/null 2>&1 || tap_skip_all "tmux is not installed"
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_$tmux_name.XXXXXX") || exit 99
	n=0
	T="tmux ${tmux_flags:-} -L hunted-$tmux_name-$$-$n -f $conf"
	trap tmux_cleanup EXIT
}

tmux_cleanup() {
	local i
	for ((i = 0; i <= n; i++)); do
		tmux -L "hunted-$tmux_name-$$-$i" kill-server >/dev/null 2>&1
	done
	rm -rf "$tmp"
}

wait_secs=60

screen() { $T capture-pane -p -t g; }

bad() {
	tap_fail "$*"
	echo "--- screen:" >&2
	screen >&2 2>/dev/null
}

ok() { tap_check "$*"; }

wait_for() {
	local i tries=$((${2:-$wait_secs} * 20))
	for ((i = 0; i < tries; i++)); do
		screen | grep -Eq -- "$1" && return 0
		sleep 0.05
	done
	return 1
}

wait_gone() {
	local i
	for ((i = 0; i < wait_secs * 20; i++)); do
		screen | grep -Eq -- "$1" || return 0
		sleep 0.05
	done
	return 1
}

# After each key, waits for the screen to change, so that a slow redraw
# is not sent the next key before it has answered this one.  Returns 1
# when the last key left the screen as it was.
keys() {
	local k page j changed=0
	for k in "$@"; do
		page=$(screen)
		changed=0
		$T send-keys -t g "$k"
		for ((j = 0; j < wait_secs * 20; j++)); do
			[ "$(screen)" != "$page" ] && changed=1 && break
			sleep 0.05
		done
	done
	[ "$changed" = 1 ]
}

player_at() {
	screen | awk '{ i = index($0, "@"); if (i) { print i - 1, NR - 1; exit } }'
}

# The exit status and the stty modes come from a non-interactive wrapper
# shell: an interactive one would quietly repair a terminal left raw.
session() {
	$T kill-server >/dev/null 2>&1
	n=$((n + 1))
	T="tmux ${tmux_flags:-} -L hunted-$tmux_name-$$-$n -f $conf"
	$T new-session -d -s g -x "$1" -y "$2" \
		"$3; echo \"[exit \$?]\"; stty -a; echo \"[end]\"; exec sleep 600"
}

start_game() {
	local w=$1 h=$2
	shift 2
	session "$w" "$h" "$bin $*"
}
