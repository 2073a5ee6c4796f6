#!/bin/sh
# SPDX-License-Identifier: MIT
# run-all.sh - pathbench over every Moving AI problem set in a directory:
# --check (against the optimal lengths) and, when pathbench was built with
# libtcod, --vs-libtcod.  Prints each run's summary line and exits 1 when
# any run reports mismatches or fails.
#
# usage: tests/bench/run-all.sh [--check-only] [DIR] [-- PATHBENCH-OPTIONS]
#   DIR defaults to ../shared/bench/movingai beside the repository.
#   PATHBENCH=/path/to/pathbench picks the binary (needed for an
#   out-of-tree build unless top_builddir is set).
#   Options after -- go to every pathbench run, e.g. -- --limit 100.
#
# Each X.map.scen is run on X.map; another .scen file (such as the MAPF
# den312d-random-1.scen) is run on the map its first row names.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
check_only=0
dir=

while [ $# -gt 0 ]; do
	case $1 in
	--check-only) check_only=1 ;;
	--help | -h)
		sed -n '2,14s/^# \{0,1\}//p' "$0"
		exit 0
		;;
	--) shift; break ;;
	-*) echo "run-all.sh: unknown option '$1'" >&2; exit 2 ;;
	*)
		if [ -n "$dir" ]; then
			echo "run-all.sh: one directory only" >&2
			exit 2
		fi
		dir=$1
		;;
	esac
	shift
done
[ -n "$dir" ] || dir=$top/../shared/bench/movingai
if [ ! -d "$dir" ]; then
	echo "run-all.sh: no such directory: $dir" >&2
	exit 2
fi

bench=${PATHBENCH:-}
if [ -z "$bench" ]; then
	for cand in "${top_builddir:-}/tests/bench/pathbench" \
		"$here/pathbench"; do
		if [ -x "$cand" ]; then
			bench=$cand
			break
		fi
	done
fi
if [ -z "$bench" ] || [ ! -x "$bench" ]; then
	echo "run-all.sh: pathbench not found; build it (make) or set" \
		"PATHBENCH" >&2
	exit 2
fi

modes=--check
if [ "$check_only" = 0 ]; then
	if "$bench" --help | grep -q '^libtcod comparison: available'; then
		modes="--check --vs-libtcod"
	else
		echo "run-all.sh: pathbench has no libtcod; --check only" >&2
	fi
fi

# The map a .scen file is for.
map_for() {
	case $1 in
	*.map.scen) echo "${1%.scen}" ;;
	*)
		name=$(awk 'NR == 2 { n = split($2, p, "/"); print p[n]; exit }' \
			"$1")
		echo "$(dirname "$1")/$name"
		;;
	esac
}

runs=0
failed=0
found=0
for scen in "$dir"/*.scen; do
	[ -f "$scen" ] || continue
	found=1
	map=$(map_for "$scen")
	if [ ! -f "$map" ]; then
		echo "run-all.sh: $scen: no map $map" >&2
		failed=$((failed + 1))
		continue
	fi
	for mode in $modes; do
		t0=$(date +%s)
		"$bench" "$mode" "$@" "$map" "$scen"
		rc=$?
		t1=$(date +%s)
		runs=$((runs + 1))
		echo "run-all.sh: $mode $(basename "$scen"): exit $rc," \
			"$((t1 - t0)) s" >&2
		[ "$rc" = 0 ] || failed=$((failed + 1))
	done
done
if [ "$found" = 0 ]; then
	echo "run-all.sh: no .scen files in $dir" >&2
	exit 2
fi
echo "run-all.sh: $runs runs, $failed failed" >&2
[ "$failed" = 0 ]
