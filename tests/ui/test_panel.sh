#!/bin/bash
# SPDX-License-Identifier: MIT
# test_panel.sh - the live-reload panel says a mistake as --check says
# it: for each of twenty mistakes planted in a copy of the data folder,
# the game in tmux reloads (R) and its panel must show, line for line,
# what `hunted --check` run in that folder prints: the file relative to
# the folder, line:col, the message and its "did you mean", the quoted
# line and the caret.  Then a narrow panel (the AI view beside it): it
# wraps the lines to its width instead of cutting them.
#
# Skipped (exit 77) only when tmux is not installed.  One TAP result per
# check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
tmux_setup panel
export XDG_DATA_HOME=$tmp/xdg
export XDG_CONFIG_HOME=$tmp/config
unset HUNTED_DATA

# A data folder of our own, with a small map in it.
cp -R "$top/data" "$tmp/data"
chmod -R u+w "$tmp/data"
data=$tmp/data
cat >"$data/maps/panel.txt" <<'EOF_MAP'
include "../monsters.txt"

dungeon panel
	title "The panel's arena"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'g' floor monster goblin
legend '+' door_closed
legend '>' stairs exit
MAP
#################
#...............#
#..@+...........#
#.........g.....#
#..............>#
#################
ENDMAP
EOF_MAP
cp "$data/maps/panel.txt" "$tmp/panel.good"
cp "$data/monsters.txt" "$tmp/monsters.good"
cp "$data/terrain.txt" "$tmp/terrain.good"

# The panel's text: the rows under its two lines of heading, down to the
# status line, without the blanks the panel is filled with.
panel() {
	screen | awk 'NR > 2 { if ($0 ~ /^HP [0-9]/) exit; print }' |
		sed 's/ *$//' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}
check_text() {
	(cd "$data" && "$bin" --data-dir . --check maps/panel.txt 2>&1 >/dev/null) |
		expand | sed 's/ *$//'
}
restore() {
	cp "$tmp/panel.good" "$data/maps/panel.txt"
	cp "$tmp/monsters.good" "$data/monsters.txt"
	cp "$tmp/terrain.good" "$data/terrain.txt"
}

# The mistakes, one a line: FILE (of the data folder) and a sed script.
mistakes='maps/panel.txt	s/stairs exit/stairz exit/
maps/panel.txt	s/^legend .#. wall/legnd '"'"'#'"'"' wall/
maps/panel.txt	s/^#\.\.@+\.\.\./#..@+.~./
maps/panel.txt	s/title "The panel.s arena"/title "The panel/
maps/panel.txt	s/ wall$/ wal/
maps/panel.txt	s/monster goblin/monster goblinn/
maps/panel.txt	s/^#\.\.\.\.\.\.\.\.\.g\.\.\.\.\.#/#........g..#/
maps/panel.txt	/^ENDMAP/d
maps/panel.txt	/^legend .@./d
maps/panel.txt	s/^legend .\.. floor/legend '"'"'..'"'"' floor/
maps/panel.txt	s/^dungeon panel/dungeon "panel"/
maps/panel.txt	s/^legend .+. door_closed/legend '"'"'.'"'"' door_closed/
maps/panel.txt	s/\.>#/..#/
maps/panel.txt	s/ monster goblin/ monstr goblin/
maps/panel.txt	s/^	title .*/	title/
maps/panel.txt	s/^legend .g. floor/legend '"'"'g'"'"' flor/
monsters.txt	s/speed 100 hp 8/sped 100 hp 8/
monsters.txt	s/opens_doors yes$/opens_doors maybe/
terrain.txt	s/walk yes cost 1 opaque no/walk yes cost 0 opaque no/
terrain.txt	s/^terrain wall/terrain/'

session 200 60 "cd '$data' && '$bin' --data-dir . --map panel --seed 1 --no-watch"
wait_for '^HP [0-9]' || tap_fail "the game did not start"
i=0
while IFS='	' read -r file script; do
	i=$((i + 1))
	restore
	sed -i "$script" "$data/$file"
	want=$(check_text)
	if [ -z "$want" ]; then
		tap_not_ok "mistake $i ($file: $script) is one" "--check finds nothing"
		continue
	fi
	$T send-keys -t g R
	got=
	for ((k = 0; k < 400; k++)); do
		got=$(panel)
		[ "$got" = "$want" ] && break
		sleep 0.05
	done
	if [ "$got" = "$want" ]; then
		tap_ok "mistake $i ($file): the panel says what --check says"
	else
		tap_not_ok "mistake $i ($file): the panel says what --check says" \
			"$(printf -- '--- --check:\n%s\n--- panel:\n%s\n' "$want" "$got")"
	fi
	restore
	$T send-keys -t g R
	wait_for 'Reloaded the data files|The data files are as they were' 20 ||
		tap_diag "mistake $i: the good files did not reload"
	$T send-keys -t g Escape
done <<<"$mistakes"

# The AI view's panel leaves the reload panel 50 columns of 80: the
# long first line wraps there, line:col and the hint whole.
restore
session 80 24 "cd '$data' && '$bin' --data-dir . --map panel --seed 1 --no-watch --ai-view"
wait_for '^HP [0-9]' || tap_fail "the game with the AI view did not start"
sed -i 's/stairs exit/stairz exit/' "$data/maps/panel.txt"
$T send-keys -t g R
wait_for 'Reload failed' || tap_fail "no panel beside the AI view"
want=$(check_text | head -1)
got=$(screen | cut -c1-50 | awk 'NR > 2' | head -$(( (${#want} + 49) / 50 )) | tr -d '\n' | sed 's/ *$//')
tap_is "$got" "$want" "a narrow panel wraps the message to its width"
tap_done
