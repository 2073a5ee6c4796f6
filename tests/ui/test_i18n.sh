#!/bin/bash
# SPDX-License-Identifier: MIT
# test_i18n.sh - hunted in Simplified Chinese, in a real terminal (tmux,
# as test_e2e.sh drives it): `hunted --lesson fgh` teaches in Chinese
# (the lesson's page from data/lessons/zh_CN, the status line and the
# AI view's panel, legend and narration from po/zh_CN.po); double-width
# text is laid out by its width (the panel's border stays in one column
# on every row, no row is wider than the terminal); a lesson not
# translated shows in English.  The data's words (a level's title, the
# terrains on the ground page) and the AI view's (a monster's mode, a
# heuristic, a diagonal rule, its tables) are Chinese, a modder's own
# words show as written.  The game's messages are whole Chinese
# sentences (a goblin opening a door in view, its blows; the log of a
# headless game), and so are --help, a usage error, the --lesson list
# and the lesson menu's titles.  Every check of the terminal polls for
# the text it expects.
#
# The language: zh_CN.UTF-8 when the system has that locale, else
# C.UTF-8 with LANGUAGE=zh_CN (glibc honours LANGUAGE in any locale but
# C).  Skipped (exit 77) when tmux, python3 or both locales are missing,
# or hunted was built without NLS.  One TAP result per check
# (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/tmux.sh"
command -v python3 >/dev/null 2>&1 || tap_skip_all "no python3 (Debian package python3)"
grep -q '^#define ENABLE_NLS 1' "${top_builddir:-.}/config.h" 2>/dev/null ||
	tap_skip_all "built without translations (configure --disable-nls)"
if locale -a 2>/dev/null | grep -qix 'zh_CN\.utf-\?8'; then
	lang="LANG=zh_CN.UTF-8"
elif locale -a 2>/dev/null | grep -qix 'C\.utf-\?8'; then
	lang="LANG=C.UTF-8 LANGUAGE=zh_CN"
else
	tap_skip_all "neither zh_CN.UTF-8 nor C.UTF-8 is installed"
fi
# tmux itself told the text is UTF-8, whatever the machine's locale.
tmux_flags=-u
tmux_setup i18n
export HUNTED_DATA=$data
unset NO_COLOR

# zh ARGS...: hunted with ARGS in the language chosen above, whatever
# the tester's own.
zh() {
	# shellcheck disable=SC2086
	env -u LC_ALL -u LC_MESSAGES -u LANGUAGE $lang "$bin" "$@"
}

# start STATUS ARGS...: hunted in the language chosen above in a new
# 80x24 tmux server, waiting for its status line to match STATUS.
start() {
	local status=$1
	shift
	session 80 24 "env -u LC_ALL -u LC_MESSAGES -u LANGUAGE \
		XDG_DATA_HOME=$tmp/xdg$((n + 1)) $lang $bin $*"
	wait_for "$status" || bad "the game did not start: $*"
}
# columns: the screen's widest row, and what stands at column 50 (the
# AI view's border, after the map's 50 columns) on the panel's 15 rows,
# in terminal columns (east Asian wide characters count two): "WIDEST
# CHARS".
columns() {
	screen | python3 -c '
import sys, unicodedata
def w(c):
    return 2 if unicodedata.east_asian_width(c) in "WF" else 1
widest, at50 = 0, ""
for i, line in enumerate(sys.stdin.read().split("\n")):
    col, here = 0, " "
    for c in line:
        if col == 50:
            here = c
        col += w(c)
    widest = max(widest, col)
    if i < 15:
        at50 += here
print(widest, at50)
'
}

# 1. The lesson teaches in Chinese: its page, the status line, the AI
# view's header and legend.
start '^生命 30/30' --lesson fgh --seed 1
wait_for '^2\. F、G 和 H - 第 1/4 页（空格：下一页，PgUp：上一页）' ||
	bad "fgh: the page's header is not in Chinese"
wait_for '^现在哥布林也可以斜着走了' || bad "fgh: the page's text is not Chinese"
wait_for 'AI 视图：全图（\? 按键）' || bad "fgh: the AI view's header is not Chinese"
wait_for '\* 路径  O 当前节点' || bad "fgh: the AI view's legend is not Chinese"
ok "LANG=zh_CN: hunted --lesson fgh teaches in Chinese"

# 2. The AI view in Chinese: page 3 steps the search, and the narration
# says it in Chinese.
keys ' ' ' '
wait_for '^2\. F、G 和 H - 第 3/4 页' || bad "fgh: space does not turn the page"
wait_for '第 4/[0-9]+ 步：扩展' || bad "the narration's step is not Chinese"
wait_for '不切角规则: NE' || bad "the narration's corner rule is not Chinese"
wait_for '已关闭: ' || bad "the narration's closed cells are not Chinese"
ok "the AI view's step narration in Chinese"

# 3. Double-width text laid out by its width: the panel's border in one
# column on every row (the map's 50 columns and a space), no row wider
# than the terminal.
tap_is "$(columns)" "80 |||||||||||||||" \
	"double-width text: the panel's border lines up, no row wider than 80"

# 4. The AI view's words for the monster's mode and its cache are
# Chinese; the monster's label (kind and number, as the exported search
# names it) is not a word and stays as the data spells it.
wait_for 'goblin#0 守卫' || bad "the monster's mode is not Chinese"
wait_for '\| 缓存 无 \|' || bad "the cache's state is not Chinese"
ok "the AI view's mode and cache words in Chinese"

# 5. A lesson not translated is read in English, the words around it in
# Chinese: the data with the wall lesson's Chinese copy taken away.
cp -r "$data" "$tmp/untr"
rm "$tmp/untr/lessons/zh_CN/wall.txt"
zh --headless \
	--no-timing --dump-screen --data-dir "$tmp/untr" --lesson wall \
	--seed 1 --keys '' >"$tmp/wall.out" 2>&1
grep -q '^|1\. .* - 第 1/[0-9]* 页（空格：下一页，PgUp：上一页）$' "$tmp/wall.out" &&
	grep -q "$(sed -n 's/^	text "\(.\{30\}\).*/\1/p' "$data/lessons/wall.txt" | head -1)" \
		"$tmp/wall.out"
tap_is $? 0 "a lesson not translated: its page in English, the header in Chinese"

# 6. The game's messages in Chinese, whole sentences with the monster's
# translated name and no article: a goblin behind a door comes for the
# player, opens it in view and swings.
cat >"$tmp/doorway.txt" <<EOF
include "$data/monsters.txt"
dungeon doorway
	title "doorway"
legend '#' wall
legend '.' floor
legend '+' door_closed
legend '@' floor player
legend 'g' floor monster goblin
legend '>' stairs exit
MAP
############
#>@..+....g#
############
ENDMAP
EOF
start '^生命 30/30' --map "$tmp/doorway.txt" --seed 1 --no-watch --hunt
for turn in 1 2 3 4 5 6 7 8; do
	keys .
	wait_for "回合 $turn " || bad "the turn $turn was not reached"
done
wait_for '哥布林打开了门。' || bad "the goblin's door is not said in Chinese"
for turn in 9 10 11 12; do
	keys .
	wait_for "回合 $turn " || bad "the turn $turn was not reached"
done
wait_for '哥布林(击中了你，造成 [0-9]+ 点伤害|没有打中你)。' ||
	bad "the goblin's blow is not said in Chinese"
ok "LANG=zh_CN: a monster's messages are Chinese sentences"

# 7. A headless game's log says the same sentences: a kobold opens a
# door (as the golden file generated-seed5 says it in English).
zh --headless --log \
	--no-timing --generate 60x30 --seed 5 --monsters 8 --turns 12 \
	>"$tmp/log.out" 2>&1
grep -qx '10: 狗头人打开了门。' "$tmp/log.out" &&
	grep -qx '2: 狱卒发现了你！' "$tmp/log.out" &&
	grep -qx '2: 狱卒重新规划路径（新目标）。' "$tmp/log.out"
tap_is $? 0 "the headless log: a kobold opens the door, in Chinese"

# The AI view's keys say what they did in Chinese too, and its longest
# header (breadth-first search, changed, in step mode) fits 80 columns:
# what does not fit is left out whole, never cut.
zh --headless --no-timing \
	--dump-screen --map tutorial --seed 8 --keys .. --ai-view \
	--view-keys vAAAs >"$tmp/keys.out" 2>&1
grep -qx '|算法：BFS。 *' "$tmp/keys.out" &&
	grep -q '^|单步模式：n 下一步，b 上一步' "$tmp/keys.out" &&
	! grep -q '^|Algorithm: \|^|Step mode' "$tmp/keys.out"
tap_is $? 0 "the AI view's keys say what they did in Chinese"
tap_is "$(grep '^cut:' "$tmp/keys.out")" "" \
	"the Chinese AI view header at 80x24: nothing cut"

# 8. --help, a usage error and the --lesson list in Chinese.
zh --help >"$tmp/help.out"
grep -qx '用法：hunted \[选项\]...' "$tmp/help.out" &&
	grep -qx '游戏：' "$tmp/help.out" &&
	grep -qx '  -h, --help            显示此帮助并退出' "$tmp/help.out"
tap_is $? 0 "hunted --help is Chinese"
tap_is "$(python3 -c '
import sys, unicodedata
def w(c):
    return 2 if unicodedata.east_asian_width(c) in "WF" else 1
print(max(sum(w(c) for c in l.rstrip("\n")) for l in open(sys.argv[1])) <= 80)
' "$tmp/help.out")" True "the Chinese --help: no line wider than 80 columns"
zh --map x \
	--generate 30x20 >/dev/null 2>"$tmp/usage.out"
grep -qx 'hunted: --map 和 --generate 不能同时使用' "$tmp/usage.out" &&
	grep -qx '运行“hunted --help”了解更多信息。' "$tmp/usage.out"
tap_is $? 0 "a usage error is Chinese"
zh --lesson \
	>"$tmp/lessons.out"
grep -qx '课程（hunted --lesson 名称）：' "$tmp/lessons.out" &&
	grep -qx '  fgh          2\. F、G 和 H（4 页）' "$tmp/lessons.out"
tap_is $? 0 "hunted --lesson lists the lessons with Chinese titles"
# Every shipped lesson has its Chinese copy: no title left in English.
english=$(sed -n 's/^  \([a-z0-9_-]*\)  *\(.*\)（[0-9]* 页）$/\1 \2/p' "$tmp/lessons.out" |
	LC_ALL=C grep -v '[^ -~]' | cut -d' ' -f1 | tr '\n' ' ')
n=$(sed -n 's/^  \([a-z0-9_-]*\)  .*/\1/p' "$tmp/lessons.out" | wc -l)
tap_is "$n ${english:-none}" "16 none" "every lesson has a Chinese title"
# Every page of every lesson in Chinese at 80x24: nothing cut, the
# page's text nor the view's rows above it.
cuts=
for f in "$data"/lessons/*.txt; do
	l=$(basename "$f" .txt)
	pages=$(grep -c '^page ' "$f")
	for ((k = 0; k < pages; k++)); do
		zh --headless \
			--no-timing --dump-screen --lesson "$l" \
			--view-keys "$(printf '%*s' "$k" '')" 2>&1 |
			grep -q '^cut:' && cuts="$cuts $l:$((k + 1))"
	done
done
tap_is "${cuts:-none}" none "every lesson page in Chinese fits 80x24"

# 9. The lesson menu in the game: its heading and the titles Chinese.
start '^生命 30/30' --map "$tmp/doorway.txt" --seed 1 --no-watch
keys M
wait_for '^课程：按字母开始一课（先保存你的游戏）；Esc：返回' ||
	bad "the lesson menu's heading is not Chinese"
wait_for '^  b  fgh +2\. F、G 和 H（4 页）' ||
	bad "the lesson menu's titles are not Chinese"
ok "the lesson menu in Chinese"

# 10. Quitting: the question and the end in Chinese, and the high scores
# keep the English sentence (their file is printable ASCII).
keys Escape q
wait_for '真的要退出吗？（y/n）' || bad "the quit question is not Chinese"
keys y
wait_for '在第 1 层第 [0-9]+ 回合退出。' || bad "the end screen is not Chinese"
scores=$tmp/xdg$n/hunted/scores.txt
grep -Eq ' Quit on level 1, turn [0-9]+\.$' "$scores" &&
	! LC_ALL=C grep -q '[^ -~]' "$scores" ||
	bad "the high scores do not keep the English sentence"
ok "quitting in Chinese; the high scores stay ASCII"

# 11. The data's words in Chinese: the level's title in the log, the
# terrains' descriptions on the ground page (?), and in the AI view the
# monster's mode and its search's heuristic and diagonal rule.
start '^生命 30/30' --map tutorial --seed 1 --no-watch
wait_for '^中间的墙$' || bad "the level's title is not Chinese"
ok "LANG=zh_CN: the level's title in Chinese"
keys '?' '?'
wait_for '^ hunted - 地形' || bad "the ground page is not shown"
wait_for '^ \. 光秃秃的石头地面。' || bad "the floor's description is not Chinese"
wait_for '^ , 黏糊糊的泥地。走上去要 3 回合。' ||
	bad "the mud's description and cost are not Chinese"
ok "the ground page (?) describes the terrains in Chinese"
keys Escape '`' .
wait_for '^goblin#0 (守卫|游荡|追击|搜寻) \| A\* ' ||
	bad "the monster's mode is not Chinese on the stats line"
ok "the stats line: the monster's mode in Chinese"
wait_for '^goblin#0 [^ ]+ \| A\* 八方向 不切角 w=1' ||
	bad "the heuristic and the diagonal rule are not Chinese"
ok "the stats line: the heuristic and the diagonal rule in Chinese"

# A generated dungeon's title, made by the generator, in Chinese.
zh --headless --no-timing --dump-screen --generate 60x30 --seed 5 \
	--keys '' >"$tmp/gen.out" 2>&1
grep -q '^|生成的地牢 60x30，种子 5 *$' "$tmp/gen.out"
tap_is $? 0 "a generated dungeon's title in Chinese"

# The tables of the AI view: the heuristics by name, admissible or not,
# and the outcome of a search that could not run, in Chinese.
zh --headless --no-timing --dump-screen --seed 42 --ai-view --keys '' \
	--view-keys vT >"$tmp/htable.out" 2>&1
zh --headless --no-timing --dump-screen --seed 42 --ai-view --keys '' \
	--view-keys v >"$tmp/table.out" 2>&1
grep -q '|  曼哈顿    否  *[0-9]*  *[0-9]*$' "$tmp/htable.out" &&
	grep -q '| >八方向    是  *[0-9]*  *[0-9]*$' "$tmp/htable.out" &&
	grep -q '|  贪心  *[0-9]*  *[0-9]*$' "$tmp/table.out" &&
	grep -q '|  JPS      不适用：代价不一$' "$tmp/table.out"
tap_is $? 0 "the AI view's tables name heuristics and outcomes in Chinese"

# 12. A modder's own words show as written: a data folder whose floor
# and level title were changed keeps them in English, the shipped words
# around them in Chinese.
cp -r "$data" "$tmp/mod"
sed -i 's/"Bare stone floor\."/"Cold wet flagstones."/' "$tmp/mod/terrain.txt"
sed -i 's/title "The wall in the middle"/title "My own wall"/' \
	"$tmp/mod/maps/tutorial.txt"
zh --headless --no-timing --dump-screen --data-dir "$tmp/mod" \
	--map tutorial --seed 1 --keys '' --view-keys '??' >"$tmp/mod.out" 2>&1
zh --headless --no-timing --dump-screen --data-dir "$tmp/mod" \
	--map tutorial --seed 1 --keys '' >"$tmp/modtitle.out" 2>&1
grep -q '^| \. Cold wet flagstones\.$' "$tmp/mod.out" &&
	grep -q '^| # 坚硬的岩石。$' "$tmp/mod.out" &&
	grep -q '^|My own wall *$' "$tmp/modtitle.out"
tap_is $? 0 "a modder's description and title show as written, the shipped Chinese"

tap_done
