#!/bin/sh
# SPDX-License-Identifier: MIT
# test_export.sh - what hunted writes to share a game or a search, read
# back by a JSON parser (python3's json module): --cast of a game and of
# a replay is an asciicast v2 file (a header object, then one
# [seconds, "o", text] event per frame, times never going back) with a
# frame per turn; the AI view's E exports the search it shows as a JSON
# trace with the documented keys, consistent with the search (every
# expansion in order, each cell pushed before it is expanded, the path
# from the start to the goal at the cost said), and as a cast of every
# step.  Formats: doc/formats.md.  One TAP result per check
# (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
HUNTED_DATA=${HUNTED_DATA:-$(cd "$top/data" && pwd)}
export HUNTED_DATA
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_export.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
command -v python3 >/dev/null 2>&1 || tap_skip_all "no python3 (Debian package python3)"

# cast_check FILE WIDTH HEIGHT FRAMES MUST...: FILE is an asciicast v2
# file of WIDTH x HEIGHT with FRAMES frames; each MUST is a text the
# first frame (MUST0=...) or the last (MUST1=...) shows.  Prints what is
# wrong, nothing when all is right.
cast_check() {
	python3 - "$@" <<'PY'
import json, re, sys
path, width, height, frames = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
musts = sys.argv[5:]
try:
    lines = open(path, encoding="utf-8").read().split("\n")
    if lines[-1] != "":
        print("no newline at the end"); sys.exit()
    head = json.loads(lines[0])
    if head.get("version") != 2 or head.get("width") != width or \
            head.get("height") != height or not isinstance(head.get("title"), str):
        print("header:", lines[0]); sys.exit()
    events = [json.loads(l) for l in lines[1:-1]]
except Exception as e:
    print("not JSON:", e); sys.exit()
last = -1.0
for i, e in enumerate(events):
    if not (isinstance(e, list) and len(e) == 3 and isinstance(e[0], (int, float))
            and e[1] == "o" and isinstance(e[2], str)):
        print("event", i + 1, "is not [time, \"o\", text]"); sys.exit()
    if e[0] < last:
        print("event", i + 1, "goes back in time"); sys.exit()
    last = e[0]
    if not e[2].startswith("\x1b[H\x1b[2J"):
        print("event", i + 1, "does not start a screen"); sys.exit()
if len(events) != frames:
    print(len(events), "frames, expected", frames); sys.exit()
def text(e):
    return re.sub("\x1b\\[[0-9;]*[A-Za-z]", "", e[2])
for m in musts:
    which, want = m.split("=", 1)
    shown = text(events[0] if which == "first" else events[-1])
    if want not in shown:
        print("the", which, "frame does not show", repr(want)); sys.exit()
    rows = shown.split("\r\n")
    if len(rows) != height or any(len(r) != width for r in rows):
        print("a frame is not", width, "x", height); sys.exit()
PY
}

# 1. A game and its replay, cast: a frame before the first turn, one per
# turn, one at the end; the replay's cast is the game's.
"$bin" --headless --map tutorial --seed 1 --turns 20 --no-timing \
	--record "$tmp/game.rec" --cast "$tmp/game.cast" >"$tmp/out" 2>&1
tap_is $? 0 "--cast: the game plays"
turns=$(sed -n 's/^summary: turns=\([0-9]*\) .*/\1/p' "$tmp/out")
err=$(cast_check "$tmp/game.cast" 80 24 $((turns + 2)) \
	"first=HP 30/30  Turn 0 " "last=Turn $turns ")
tap_is "$err" "" "--cast: an asciicast v2 file, a frame per turn"
"$bin" --headless --replay "$tmp/game.rec" --no-timing --ai-view \
	--screen 100x30 --cast "$tmp/replay.cast" >"$tmp/out" 2>&1
tap_is $? 0 "--cast: the replay plays"
err=$(cast_check "$tmp/replay.cast" 100 30 $((turns + 2)) \
	"first=AI VIEW" "last=Turn $turns ")
tap_is "$err" "" "--cast of a replay with the AI view, at 100x30"
grep -q '"title": "hunted: tutorial, seed 1 (a replay)"' "$tmp/replay.cast"
tap_is $? 0 "--cast: the title names the map, the seed and the replay"

# 2. Usage and files: --cast needs --headless; a FIFO is refused.
"$bin" --cast "$tmp/x.cast" >/dev/null 2>"$tmp/err"
tap_is $? 2 "--cast without --headless is a usage error"
mkfifo "$tmp/fifo.cast"
# 60 s: only a writer that waits on the FIFO comes near it.
timeout 60 "$bin" --headless --map tutorial --turns 1 \
	--cast "$tmp/fifo.cast" >/dev/null 2>"$tmp/err"
tap_is $? 1 "--cast to a FIFO is refused, not waited on"
grep -q "fifo.cast: error: .*not a regular file" "$tmp/err"
tap_is $? 0 "--cast to a FIFO: the message says why"

# 3. E in the AI view: the search as a JSON trace and a cast of its steps,
# on the tutorial as it was before it varied with the seed (a search of
# 48 steps).
fixed=$(cd "$top/tests/fixtures/fixed" && pwd)
mkdir "$tmp/e"
(cd "$tmp/e" && "$bin" --headless --no-timing --dump-screen \
	--data-dir "$fixed" --map tutorial --seed 1 --keys '....' --ai-view \
	--view-keys vE) >"$tmp/out" 2>&1
tap_is $? 0 "E: the export runs"
grep -q 'Exported the search: hunted-search-t4-goblin0.json (trace)' \
	"$tmp/out"
tap_is $? 0 "E: the log names the files"
json_check() {
	python3 - "$@" <<'PY'
import json, sys
try:
    t = json.load(open(sys.argv[1]))
except Exception as e:
    print("not JSON:", e); sys.exit()
keys = {"format", "version", "turn", "monster", "width", "height", "start",
        "goal", "algorithm", "heuristic", "diagonal", "weight", "ties",
        "straight_cost", "diagonal_cost", "status", "cost", "expanded",
        "truncated", "events", "partial", "end", "path"}
if set(t) != keys:
    print("keys:", sorted(set(t) ^ keys)); sys.exit()
if t["format"] != "hunted-search" or t["version"] != 2:
    print("format"); sys.exit()
if t["ties"] != sys.argv[2]:
    print("ties:", t["ties"]); sys.exit()
# The open list replayed: each expansion takes the lowest f, and among
# equal f the higher g ("lower h") or the first pushed ("first in").
pushed, seq, openl, steps = {}, {}, set(), 0
# The loop line by line: after an expansion each neighbour looked at
# (from the cell expanded) comes to one end: a wall, a corner cut,
# closed, or a cost, then pushed at that cost or not better.
cur, nb, cost = None, None, None
for n, e in enumerate(t["events"]):
    k = e["kind"]
    if k == "no path":
        if n != len(t["events"]) - 1 or t["status"] != "no path" or nb:
            print("no path not last, or status", t["status"]); sys.exit()
        continue
    cell = (e["x"], e["y"])
    if k in ("neighbour", "wall", "corner", "closed", "cost", "not better"):
        if tuple(e["from"]) != cur:
            print(k, "of", cell, "not from the cell expanded"); sys.exit()
        if (k == "neighbour") != (nb is None) or k != "neighbour" and (
                nb != cell or (k == "not better") != (cost is not None)):
            print("out of order:", k, "at", cell); sys.exit()
        nb = cell if k in ("neighbour", "cost") else None
        cost = e["g"] if k == "cost" else None
        continue
    if k == "goal":
        if n != len(t["events"]) - 1 or cell != cur or cell != tuple(t["goal"]):
            print("goal not last, or not the cell expanded"); sys.exit()
        continue
    if k == "budget":
        if n != len(t["events"]) - 1 or t["status"] != "budget exhausted" \
                or nb or cell not in openl or pushed[cell]["g"] != e["g"]:
            print("budget not last, or not on a cell open at its g"); sys.exit()
        continue
    if k == "push" and cur is not None:
        if nb != cell or cost != e["g"]:
            print("push of", cell, "not after its cost"); sys.exit()
        nb, cost = None, None
    if e["kind"] == "push":
        if e["f"] != e["g"] + e["h"] and t["algorithm"] == "A*" and t["weight"] == 1:
            print("f != g + h at", cell); sys.exit()
        pushed[cell], seq[cell] = e, n
        openl.add(cell)
    elif e["kind"] == "expand":
        steps += 1
        if e["step"] != steps or cell not in openl:
            print("expansion", steps, "of a cell not open"); sys.exit()
        p = pushed[cell]
        for o in openl:
            q = pushed[o]
            if q["f"] < p["f"] or q["f"] == p["f"] and (
                    q["g"] > p["g"] if t["ties"] == "lower h"
                    else seq[o] < seq[cell]):
                print("step", steps, "takes", cell, "before", o); sys.exit()
        openl.discard(cell)
        if nb is not None:
            print("expansion before a neighbour's end"); sys.exit()
        cur = cell
    else:
        print("event kind", e["kind"]); sys.exit()
if t["status"] == "budget exhausted" and t["events"][-1]["kind"] != "budget":
    print("out of budget, the trace does not say so"); sys.exit()
if steps != t["expanded"]:
    print(steps, "expansions, the trace says", t["expanded"]); sys.exit()
path = [tuple(p) for p in t["path"]]
if t["status"] != sys.argv[3]:
    print("status:", t["status"]); sys.exit()
# A failed search gives the way to the cell nearest the goal, said as
# partial, with the cell it ends at; a found one ends at the goal.
if t["partial"] != (t["status"] != "found"):
    print("partial:", t["partial"], "with status", t["status"]); sys.exit()
if not path or t["end"] != list(path[-1]):
    print("end:", t["end"], "the path ends at", path[-1:]); sys.exit()
if path[0] != tuple(t["start"]) or (path[-1] == tuple(t["goal"])) == t["partial"]:
    print("the path does not go from the start to",
          "a cell short of the goal" if t["partial"] else "the goal"); sys.exit()
if pushed[path[-1]]["g"] != t["cost"]:
    print("the goal's g is not the cost"); sys.exit()
for a, b in zip(path, path[1:]):
    if pushed[b]["parent"] != list(a):
        print("the path does not follow the parents at", b); sys.exit()
PY
}
err=$(json_check "$tmp/e/hunted-search-t4-goblin0.json" "lower h" found)
tap_is "$err" "" "E: a JSON trace with the documented keys, true to the search"
err=$(cast_check "$tmp/e/hunted-search-t4-goblin0.cast" 80 24 49 \
	"first=step 0/48" "last=step 48/48")
tap_is "$err" "" "E: a cast of every step, 0 to 48"

# 4. t (ties first in, first out) and E: the trace says so, and its
# expansions take the first pushed among equal f.
mkdir "$tmp/e2"
(cd "$tmp/e2" && "$bin" --headless --no-timing --dump-screen --map tutorial \
	--seed 1 --keys '....' --ai-view --view-keys vtE) >"$tmp/out" 2>&1
tap_is $? 0 "t then E: the export runs"
grep -q 'FIFO ties' "$tmp/out"
tap_is $? 0 "t: the header says FIFO ties"
err=$(json_check "$tmp/e2/hunted-search-t4-goblin0.json" "first in" found)
tap_is "$err" "" "t then E: a JSON trace whose expansions are first in, first out"

# 5. E on a goblin sealed in its room: "no path", and the path the trace
# gives is partial, to the cell nearest the player, and says where it
# ends.
cp -R "$top/data" "$tmp/data"
chmod -R u+w "$tmp/data"
cat >"$tmp/data/maps/sealed.txt" <<'EOF_MAP'
include "../monsters.txt"

dungeon sealed
	title "A sealed room"
legend '#' wall
legend '.' floor
legend '@' floor player
legend 'g' floor monster goblin
legend '>' stairs exit
MAP
##########
#g.#.....#
#..#..@..#
####....>#
##########
ENDMAP
EOF_MAP
mkdir "$tmp/e3"
(cd "$tmp/e3" && "$bin" --headless --no-timing --dump-screen \
	--data-dir "$tmp/data" --map sealed --seed 1 --keys '' --ai-view \
	--view-keys vE) >"$tmp/out" 2>&1
tap_is $? 0 "E on no path: the export runs"
err=$(json_check "$tmp/e3/hunted-search-t0-goblin0.json" "lower h" "no path")
tap_is "$err" "" "E on no path: the path is partial and says where it ends"
grep -q '"end": \[2, 2\]' "$tmp/e3/hunted-search-t0-goblin0.json"
tap_is $? 0 "E on no path: it ends at 2,2, the cell nearest the player"

# 6. E on the kennels' zombie (seed 2), whose budget of 40 runs out: the
# trace ends on the budget's event, at the cell next on the open list.
mkdir "$tmp/e4"
(cd "$tmp/e4" && "$bin" --headless --no-timing --dump-screen \
	--map kennels --seed 2 --keys . --ai-view --view-keys 'v<tab>E') \
	>"$tmp/out" 2>&1
tap_is $? 0 "E out of budget: the export runs"
err=$(json_check "$tmp/e4/hunted-search-t1-zombie1.json" "lower h" \
	"budget exhausted")
tap_is "$err" "" "E out of budget: the trace ends with the budget's event"

tap_done
