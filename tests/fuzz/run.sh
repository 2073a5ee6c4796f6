#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/fuzz/run.sh - runs hunted's libFuzzer targets (built by `make fuzz`
# in a build tree configured with clang found) from their shipped corpora,
# for a while each, and says what every run did in one line:
#
#   summary: target=fuzz_data seconds=60 execs=... cov=... ft=... corpus=... new=... crashes=0
#
# execs: inputs run; cov and ft: the code edges and features reached
# (libFuzzer's counts at the end); corpus: the inputs in the working
# corpus at the end; new: how many the run added to the shipped corpus's.
# A crash, a leak, a sanitizer report or a timeout is a failure: the
# input that caused it is kept and named.  CI runs a minute per target;
# to fuzz for hours, and keep what was found:
#
#   tests/fuzz/run.sh -b BUILD -t 3600 -m          # an hour per target
#
# -m merges the inputs that reach new code into the shipped corpus
# (libFuzzer's -merge=1 keeps the corpus small); commit them.
#
# Usage: tests/fuzz/run.sh [-b BUILD_DIR] [-t SECONDS] [-m] [TARGET...]
# TARGET is a name such as fuzz_data; the default is every target built.
# Exit status: 0 when every run ended cleanly, 1 when one failed, 2 for
# bad usage.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=.
seconds=60
merge=0

usage() {
	sed -n 's/^# Usage: /usage: /p' "$0" >&2
	exit 2
}

while getopts b:t:m opt; do
	case $opt in
	b) build=$OPTARG ;;
	t) seconds=$OPTARG ;;
	m) merge=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
case $seconds in
'' | *[!0-9]*) usage ;;
esac

if [ $# = 0 ]; then
	for bin in "$build"/tests/fuzz/fuzz_*; do
		name=$(basename "$bin")
		case $name in
		*_replay | *.* ) continue ;;
		esac
		[ -x "$bin" ] && set -- "$@" "$name"
	done
fi
if [ $# = 0 ]; then
	echo "run.sh: no fuzz targets in $build/tests/fuzz (make fuzz)" >&2
	exit 1
fi

# The shipped corpus, dictionary and options of a target.
corpus_of() {
	local short=${1#fuzz_}
	if [ -d "$here/corpus-$short" ]; then
		echo "$here/corpus-$short"
	else
		echo "$here/corpus"
	fi
}

options_of() {
	local short=${1#fuzz_}
	[ -f "$here/$short.dict" ] && printf '%s\n' "-dict=$here/$short.dict"
	case $short in
	data) echo "-max_len=65536" ;;
	esac
	return 0
}

status=0
for name in "$@"; do
	bin=$build/tests/fuzz/$name
	if [ ! -x "$bin" ]; then
		echo "run.sh: $bin not built (make fuzz)" >&2
		status=1
		continue
	fi
	shipped=$(corpus_of "$name")
	work=$(mktemp -d)
	log=$work/log
	mkdir "$work/new" "$work/out"
	mapfile -t opts < <(options_of "$name")
	"$bin" "${opts[@]}" -max_total_time="$seconds" -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$work/out/" "$work/new" "$shipped" >"$log" 2>&1
	rc=$?
	done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1)
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_line")
	ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_line")
	corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$done_line")
	new=$(find "$work/new" -type f | wc -l)
	crashes=$(find "$work/out" -type f | wc -l)
	echo "summary: target=$name seconds=$seconds execs=${execs:-0}" \
		"cov=${cov:-0} ft=${ft:-0} corpus=${corp:-0} new=$new" \
		"crashes=$crashes"
	if [ "$rc" != 0 ] || [ "$crashes" != 0 ] || [ -z "$done_line" ]; then
		status=1
		echo "run.sh: $name failed (exit $rc):" >&2
		grep -E 'ERROR|SUMMARY|==[0-9]+==|Test unit written' "$log" |
			head -n 20 >&2
		keep=$(mktemp -d "${TMPDIR:-/tmp}/hunted-fuzz-$name.XXXXXX")
		cp -r "$work/out/." "$keep/" 2>/dev/null
		cp "$log" "$keep/"
		echo "run.sh: the failing input and the log are in $keep" >&2
	elif [ "$merge" = 1 ] && [ "$new" != 0 ]; then
		before=$(find "$shipped" -type f | wc -l)
		"$bin" "${opts[@]}" -merge=1 "$shipped" "$work/new" \
			>"$work/merge.log" 2>&1 || {
			echo "run.sh: merging $name's inputs failed" >&2
			tail -n 20 "$work/merge.log" >&2
			status=1
		}
		after=$(find "$shipped" -type f | wc -l)
		echo "run.sh: $name: $((after - before)) inputs merged into $shipped"
	fi
	rm -rf "$work"
done
exit "$status"
