#!/bin/sh
# SPDX-License-Identifier: MIT
# publish.sh - measures hunted's benchmarks the way their figures are
# published: every run three times (alternating the two builds when a
# baseline is given), and every table of doc/benchmarks.md written from
# those runs, each figure the median of the runs with their spread
# (lowest-highest), under a line naming the date, the machine, its load
# and the command.  A figure that is not made here is not published.
#
# usage: tests/bench/publish.sh [OPTIONS] [TABLE...]
#   TABLE          libtcod jps hierarchy wander turn scale repair keeper crowd winrate pty
#                  (default: all of them; `make bench` runs them all)
#   --runs N       runs of each benchmark (default 3)
#   --maps DIR     the Moving AI maps (default ../shared/bench/movingai)
#   --baseline DIR another build tree, run alternately with this one;
#                  every cell then reads "this / baseline" and the ratio
#   --doc FILE     the file whose tables are replaced (default
#                  doc/benchmarks.md); the tables lie between
#                  <!-- table:NAME --> and <!-- /table:NAME --> lines
#   --print        print the tables, write no file
#   --quick        small runs (a few queries, few turns) to try the script
#
# The raw summary lines of every run are kept in bench-runs/ of the build
# tree, one file per table, so that any figure can be checked by hand.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
build=$(cd "${top_builddir:-$top}" && pwd)
runs=3
once=
maps=$top/../shared/bench/movingai
baseline=
doc=$top/doc/benchmarks.md
print=0
quick=0
tables=

usage() {
	sed -n '10,25s/^# \{0,1\}//p' "$0"
}

while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=${2:?}; shift ;;
	--maps) maps=${2:?}; shift ;;
	--baseline) baseline=$(cd "${2:?}" && pwd) || exit 2; shift ;;
	--doc) doc=${2:?}; shift ;;
	--print) print=1 ;;
	--quick) quick=1 ;;
	--help | -h) usage; exit 0 ;;
	-*) echo "publish.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
	*) tables="$tables $1" ;;
	esac
	shift
done
all="libtcod jps hierarchy wander turn scale repair keeper crowd winrate pty"
[ -n "$tables" ] || tables=$all
for t in $tables; do
	case " $all " in
	*" $t "*) ;;
	*) echo "publish.sh: no table '$t' (tables: $all)" >&2; exit 2 ;;
	esac
done
case $runs in
'' | *[!0-9]* | 0) echo "publish.sh: --runs takes a count" >&2; exit 2 ;;
esac
[ -f "$doc" ] || { echo "publish.sh: no such file: $doc" >&2; exit 2; }
[ -x "$build/tests/bench/pathbench" ] ||
	{ echo "publish.sh: build hunted first (make)" >&2; exit 2; }
out=$build/bench-runs
mkdir -p "$out" || exit 1

# The Moving AI maps with their scenario files, in a fixed order.
map_list() {
	for m in "$maps"/*.map; do
		[ -f "$m.scen" ] && echo "$m"
	done
}

# measure TABLE PROGRAM ARGS...: runs tests/bench/PROGRAM with ARGS $runs
# times (and the baseline's the same, alternately), appending its
# summary lines to bench-runs/TABLE.raw as "BUILD RUN summary...".
measure() {
	m_table=$1 m_prog=$2
	shift 2
	m_i=1
	while [ "$m_i" -le "$runs" ]; do
		for m_b in this ${baseline:+base}; do
			if [ "$m_b" = this ]; then
				m_dir=$build
			else
				m_dir=$baseline
			fi
			echo "publish.sh: $m_table run $m_i ($m_b): $m_prog $*" >&2
			"$m_dir/tests/bench/$m_prog" "$@" 2>/dev/null |
				sed -n "s/^summary: /$m_b $m_i /p" \
					>>"$out/$m_table.raw"
		done
		m_i=$((m_i + 1))
	done
}

# table TABLE ROWKEYS COLUMNS [WHOLE]: the markdown table of TABLE's runs, one
# row per value of ROWKEYS (comma-separated summary keys), one column per
# KEY:TITLE of COLUMNS (separated by "|"): median (lowest-highest).
table() {
	awk -v rowkeys="$2" -v cols="$3" -v whole="${4:-}" '
	function median(s,    a, n, i, j, t) {
		n = split(s, a, " ")
		for (i = 1; i <= n; i++)
			for (j = i + 1; j <= n; j++)
				if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
		lo = a[1]; hi = a[n]
		if (n % 2) return a[(n + 1) / 2]
		return (a[n / 2] + a[n / 2 + 1]) / 2
	}
	function fmt(v) {
		if (v == int(v)) return sprintf("%d", v)
		if (v >= 100) return sprintf("%.0f", v)
		if (v >= 10) return sprintf("%.1f", v)
		if (v < 1 && v > 0) return sprintf("%.3f", v)
		return sprintf("%.2f", v)
	}
	function cell(s,    m) {
		if (s == "") return "-"
		m = median(s)
		if (lo == hi) return fmt(m)
		return fmt(m) " (" fmt(lo) "-" fmt(hi) ")"
	}
	BEGIN {
		nk = split(rowkeys, rk, ",")
		nc = split(cols, c, "|")
		for (i = 1; i <= nc; i++) {
			split(c[i], kt, ":")
			key[i] = kt[1]; title[i] = kt[2]
		}
	}
	{
		delete kv
		for (i = 3; i <= NF; i++) {
			p = index($i, "=")
			if (p) kv[substr($i, 1, p - 1)] = substr($i, p + 1)
		}
		row = ""
		have = 0
		for (i = 1; i <= nk; i++) {
			row = row (i > 1 ? " " : "") (rk[i] in kv ? kv[rk[i]] : "-")
			if (rk[i] in kv) have = 1
		}
		# A line with none of the row keys: a whole (the whole runs of
		# winrate), or another kind of line (ratios) left out.
		if (!have && whole == "") next
		if (!have) row = whole
		if (!(row in seen)) { seen[row] = 1; order[++nrows] = row }
		for (i = 1; i <= nc; i++)
			if (key[i] in kv)
				v[$1, row, i] = v[$1, row, i] " " kv[key[i]]
		builds[$1] = 1
	}
	END {
		head = "|"
		for (i = 1; i <= nk; i++) head = head " " rk[i] " |"
		rule = "|"
		for (i = 1; i <= nk; i++) rule = rule "---|"
		for (i = 1; i <= nc; i++) {
			head = head " " title[i] ("base" in builds ? " (this / baseline, ratio)" : "") " |"
			rule = rule "---|"
		}
		print head
		print rule
		for (r = 1; r <= nrows; r++) {
			row = order[r]
			line = "|"
			n = split(row, parts, " ")
			for (i = 1; i <= nk; i++)
				line = line (row == whole ? (i == 1 ? " " whole " |" : " |") : " `" parts[i] "` |")
			for (i = 1; i <= nc; i++) {
				a = cell(v["this", row, i])
				if ("base" in builds) {
					ma = v["this", row, i] == "" ? 0 : median(v["this", row, i])
					b = cell(v["base", row, i])
					mb = v["base", row, i] == "" ? 0 : median(v["base", row, i])
					a = a " / " b (mb > 0 ? sprintf(", %.2f", ma / mb) : "")
				}
				line = line " " a " |"
			}
			print line
		}
	}' "$out/$1.raw"
}

# stamp COMMAND: the line above every table.
stamp() {
	load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
	cpu=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null |
		head -n 1)
	printf 'Made by `tests/bench/publish.sh` (`make bench`) on %s: %s, ' \
		"$(date -u +%Y-%m-%d)" "${cpu:-unknown machine}"
	printf '%s cores, load %s at the start; `%s`. Each figure is the ' \
		"$(nproc 2>/dev/null || echo '?')" "$load" "$1"
	if [ -n "$once" ]; then
		printf 'count over seeded games, the same on every run and '
		printf 'every machine: one run.\n'
		return
	fi
	printf 'median of %s runs, the lowest and highest in brackets%s.\n' \
		"$runs" "${baseline:+; baseline $baseline run alternately}"
	# A try of the script is never mistaken for a measure.
	[ "$quick" = 1 ] &&
		printf '**A --quick try of the script: small runs, not a measure.**\n'
	return 0
}

# publish TABLE COMMAND ROWKEYS COLUMNS [WHOLE]: the table, with its
# stamp, in the document (or printed); WHOLE names the row of lines that
# have none of the row keys (left out without it).
publish() {
	{
		stamp "$2"
		echo
		table "$1" "$3" "$4" "${5:-}"
	} >"$out/$1.md"
	if [ "$print" = 1 ]; then
		echo "== $1"
		cat "$out/$1.md"
		return
	fi
	if ! grep -q "^<!-- table:$1 -->\$" "$doc" ||
		! grep -q "^<!-- /table:$1 -->\$" "$doc"; then
		echo "publish.sh: $doc has no <!-- table:$1 --> block;" \
			"the table is printed instead" >&2
		cat "$out/$1.md"
		return 1
	fi
	awk -v name="$1" -v file="$out/$1.md" '
	$0 == "<!-- table:" name " -->" {
		print; while ((getline l < file) > 0) print l; skip = 1; next
	}
	$0 == "<!-- /table:" name " -->" { skip = 0 }
	!skip' "$doc" >"$doc.new" && mv "$doc.new" "$doc"
}

limit=
[ "$quick" = 1 ] && limit="--limit 50"
turns=300
[ "$quick" = 1 ] && turns=20
seeds=200
[ "$quick" = 1 ] && seeds=10
ptykeys=80
[ "$quick" = 1 ] && ptykeys=10

for t in $tables; do
	: >"$out/$t.raw"
	case $t in
	libtcod)
		if ! "$build/tests/bench/pathbench" --help |
			grep -q '^libtcod comparison: available'; then
			echo "publish.sh: pathbench built without libtcod:" \
				"libtcod table left as it is" >&2
			continue
		fi
		for m in $(map_list); do
			measure libtcod pathbench --vs-libtcod $limit "$m" "$m.scen"
		done
		publish libtcod "pathbench --vs-libtcod MAP MAP.scen" map \
			"speedup:A* speedup vs libtcod|jps_speedup:JPS speedup vs libtcod|ns_per_expansion:ns per expansion|bytes_per_cell:bytes per cell"
		;;
	jps)
		for m in $(map_list); do
			measure jps pathbench --check $limit "$m" "$m.scen"
		done
		publish jps "pathbench --check MAP MAP.scen" map \
			"hunted_us:A* us a query|jps_us:JPS us a query|jps_over_astar:JPS times faster than A*|mismatches:mismatches"
		;;
	hierarchy)
		for m in $(map_list); do
			measure hierarchy pathbench --check --hpa $limit "$m" "$m.scen"
		done
		publish hierarchy "pathbench --check --hpa MAP MAP.scen" map \
			"hunted_us:A* us|hpa_us:whole path us|hpa_first_us:first window us|hpa_over_astar:A* over whole path|hpa_cost_mean:cost over optimal, mean|hpa_cost_worst:worst|hpa_build_ms:build ms|hpa_bytes_per_cell:bytes a cell|hpa_repair_us:repair us"
		;;
	wander)
		# The hierarchy in the game: wanderers' long searches to
		# random places, with the plain path cache and with the
		# automatic choice that brings the hierarchy in.
		for m in AR0011SR brc202d maze512-1-0; do
			[ -f "$maps/$m.map" ] || continue
			for st in cache auto; do
				measure wander turnbench --wander --only "$st" \
					--map "$maps/$m.map" --monsters 200 \
					--turns "$turns" --data-dir "$top/data"
			done
		done
		publish wander "turnbench --wander --only cache|auto --map MAP --monsters 200 --turns $turns" \
			"map,strategy" \
			"turn_us_median:turn median us|turn_us_p99:p99 us|moves:steps|hpa_plans:searches by the hierarchy|deferred:deferred"
		;;
	turn)
		measure turn turnbench --data-dir "$top/data" --turns "$turns"
		publish turn "turnbench --turns $turns" strategy \
			"turn_us_median:turn median us|turn_us_p99:p99 us|turn_us_max:max us|plans:searches|expanded:expanded|cache_hit_rate:cache hits|wasted_pct:wasted %|deferred:deferred|moves:steps"
		;;
	scale)
		# The big hunts the turn's targets are stated for.
		measure scale turnbench --only auto --size 512x512 \
			--monsters 2000 --turns "$turns" --data-dir "$top/data"
		measure scale turnbench --only auto --size 512x512 \
			--monsters 4000 --turns "$turns" --data-dir "$top/data"
		measure scale turnbench --only auto --size 1024x1024 --cave \
			--monsters 500 --turns "$turns" --data-dir "$top/data"
		[ -f "$maps/maze512-1-0.map" ] &&
			measure scale turnbench --only auto \
				--map "$maps/maze512-1-0.map" --monsters 60 \
				--turns "$turns" --data-dir "$top/data"
		# ...and the 2,000 hunters with walls raised on their ways.
		for b in 1 8; do
			measure scale turnbench --only auto --size 512x512 \
				--monsters 2000 --breaks "$b" --turns "$turns" \
				--data-dir "$top/data"
		done
		publish scale "turnbench --only auto --size WxH [--cave] --monsters K [--breaks B] --turns $turns" \
			"map,monsters,breaks" \
			"turn_us_median:turn median us|turn_us_p99:p99 us|turn_us_max:max us|deferred:deferred|max_wait:longest wait, turns|long_waits:waits over 8 turns|max_wait_broken:longest wait, broken path|moves:steps|stood:never stepped|reach_moves:steps of those in reach|reach_stood:never stepped, in reach"
		;;
	repair)
		for m in den312d brc202d maze512-1-0 8room_000 AR0011SR; do
			[ -f "$maps/$m.map" ] || continue
			measure repair repairbench "$maps/$m.map" \
				"$maps/$m.map.scen" ${limit:+--queries 50}
		done
		publish repair "repairbench MAP MAP.scen" map \
			"repairs:repairs|no_path:no way left|dlite_expanded:D* Lite expanded|astar_expanded:A* expanded|dlite_us:D* Lite us|astar_us:A* us|ratio:A* over D* Lite"
		;;
	keeper)
		# D* Lite against searching again, in the game: a door keeper
		# walls up cells on the ways of 1, 2, 4 and 8 monsters, over
		# seeds; saved_us is what D* Lite's decisions saved in all.
		sweep=5
		[ "$quick" = 1 ] && sweep=1
		measure keeper turnbench --keeper-sweep "$sweep" \
			--map "$top/tests/fixtures/split120.map" --monsters 40 \
			--turns "$turns" --data-dir "$top/data"
		measure keeper turnbench --keeper-sweep "$sweep" \
			--monsters 200 --turns "$turns" --data-dir "$top/data"
		[ -f "$maps/brc202d.map" ] &&
			measure keeper turnbench --keeper-sweep "$sweep" \
				--map "$maps/brc202d.map" --monsters 200 \
				--turns "$turns" --data-dir "$top/data"
		publish keeper "turnbench --keeper-sweep $sweep [--map MAP] --monsters K --turns $turns" \
			"map,monsters" \
			"games:games|lent:lent a context|wins:saved|losses:lost|saved_us:D* Lite saved, us|dlite_plans:first plans|plan_over_astar:first plan over A*|dlite_repairs:repairs|repair_astar_over_dlite:A* over D* Lite|turn_us_total_ratio:turn time, search game over D* Lite game"
		;;
	crowd)
		measure crowd crowdbench --data-dir "$top/data"
		publish crowd "crowdbench --data-dir data" "dungeon,strategy" \
			"arrived:arrived|left:left|quality:quality|turn_us_median:turn median us|turn_us_p99:p99 us|waits:waits|plans:plans"
		;;
	winrate)
		# Seeded games and no clock: every run counts the same, so
		# one run is the median of any number.
		once=1 keep=$runs runs=1
		measure winrate winrate --seeds "$seeds" --data-dir "$top/data"
		publish winrate "winrate --seeds $seeds --data-dir data" \
			"level,name" \
			"careful_win:careful wins|careful_lost:careful dies|straight_win:straight wins|straight_lost:straight dies|careful_depth:careful depth|straight_depth:straight depth" \
			"whole run"
		once= runs=$keep
		;;
	pty)
		# The real terminal game through a pty: every key's time
		# from press to the screen's last byte (ptybench.c).
		if [ ! -x "$build/tests/bench/ptybench" ]; then
			echo "publish.sh: ptybench not built (no forkpty):" \
				"pty table left as it is" >&2
			continue
		fi
		measure pty ptybench --data-dir "$top/data" --keys "$ptykeys"
		publish pty "ptybench --keys $ptykeys --size 200x60 --monsters 2000" \
			"size,monsters" \
			"keys:keys|median_ms:median ms|p99_ms:p99 ms|max_ms:max ms|over16:keys over 16 ms|more_first2:--More-- in the first two turns"
		;;
	esac
done
