#!/bin/sh
# SPDX-License-Identifier: MIT
# test_examples.sh - every example the documentation gives is run by the
# real binary and does what the text says: the commands in README.md's
# sh blocks, the examples of --help, of data/README and of the manual
# page's EXAMPLES; the screens pictured in README.md and doc/manual.md
# are the screens those commands draw, and the manual's transcripts what
# the binary prints; README's list of lessons is the
# binary's; and every relative link in README.md and doc/*.md leads to
# a file that exists (and, within a page, to a heading of it).
#
# A command that would open a terminal is played headless instead, with
# the same options plus --headless --turns 3 --dump-screen, so that
# what it draws can be checked.  Each example must have a line in the
# table of checks below, and each line of the table an example: a new
# example without a check fails, and so does a check whose example is
# gone.  One TAP result per check (tests/lib/tap.sh).
set -u
top=${top_srcdir:-.}
. "$top/tests/lib/tap.sh"
bin=$(cd "${top_builddir:-.}/src" && pwd)/hunted
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_examples.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# The checks: SOURCE|EXAMPLE|DIR|STATUS|PATTERN.  EXAMPLE is the command
# exactly as the source prints it; it runs in $tmp/w/DIR (a copy of the
# data as data/ and the program as src/hunted and, on the PATH, hunted),
# in the table's order, and must exit with STATUS and print a line
# matching PATTERN (grep -E, on stdout and stderr together).
cat >"$tmp/checks" <<'EOF'
README|cp -r data my-data|.|0|
README|./src/hunted --check my-data/maps/tutorial.txt|.|0|^my-data/maps/tutorial\.txt: ok$
README|./src/hunted --data-dir my-data --map tutorial|.|0|^\|HP [0-9]+/30  Turn 3  Keys -  tutorial  seed
help|--view-keys 'vsnnn'|.|0|^\|goblin#0 .*\| step 3/[0-9]+$
data/README|hunted --check FILE...|mods|0|^maps/tutorial\.txt: ok$
data/README|cp -r data my-data|.|0|
data/README|hunted --check my-data/maps/tutorial.txt|.|0|^my-data/maps/tutorial\.txt: ok$
data/README|hunted --data-dir my-data --map tutorial|.|0|^\|HP [0-9]+/30  Turn 3  Keys -  tutorial  seed
data/README|hunted --map tutorial --seed 7|.|0|^\|HP 30/30  Turn 3  Keys -  tutorial  seed 7
data/README|hunted --check maps/doors.txt|mods|0|^maps/doors\.txt: ok$
data/README|hunted --map den312d.map --seed 7|.|0|^\|HP .*  den312d\.map  seed 7
data/README|hunted --check den312d.map|.|0|^den312d\.map: ok$
data/README|hunted --map tutorial|cfg|0|^\|HP 30/30  Turn 3  Keys -  tutorial  seed 4242
data/README|hunted --seed 7 --map tutorial|cfg|0|^\|HP 30/30  Turn 3  Keys -  tutorial  seed 7( |$)
data/README|hunted --keymap dvorak --list-keys|.|0|^game.d.move \(opens doors\)$
data/README|hunted --campaign short.txt|mods|0|^\|HP 30/30  Turn 3  Keys -  Depth 1/2 maze  seed
data/README|hunted --check campaign.txt|mods|0|^  level 1 ambush: .*/maps/ambush\.txt \(shipped\)$
man|hunted|.|0|^\|HP .*  Depth 1/11 ambush  seed
man|hunted --lesson wall|.|0|^\|1\. The wall in the middle - page 1/5
man|hunted --map tutorial --ai-view|.|0|^\|#.*\| AI VIEW: whole map
man|hunted --generate 200x60 --monsters 100 --record chase.rec|.|0|^\|HP .*  generated 200x60  seed
man|hunted --replay chase.rec|.|0|^summary: turns=3 monsters=100 
man|hunted --headless --replay chase.rec|.|0|^summary: turns=3 monsters=100 
man|hunted --check my-dungeon.txt|mods/maps|0|^my-dungeon\.txt: ok$
EOF

mkdir -p "$tmp/w/src" "$tmp/w/bin"
cp -r "$top/data" "$tmp/w/data" && chmod -R u+w "$tmp/w/data" || exit 99
cp -r "$top/data" "$tmp/w/mods" && chmod -R u+w "$tmp/w/mods" || exit 99
cp "$top/data/maps/tutorial.txt" "$tmp/w/mods/maps/my-dungeon.txt"
# data/README's short campaign, as it shows it.
sed -n '/^    level first map maze$/,/^    level last /s/^    //p' \
	"$top/data/README" >"$tmp/w/mods/short.txt"
cp "$top/tests/fixtures/den312d.map" "$tmp/w/"
# data/README's options file, as it shows it, in a folder of options of
# its own: the examples that run in cfg/ read it.
mkdir -p "$tmp/w/cfg/config/hunted"
awk '/^    # options\.txt/ { f = 1 } f && /^$/ { exit } f { sub(/^    /, ""); print }' \
	"$top/data/README" >"$tmp/w/cfg/config/hunted/options.txt"
ln -s "$bin" "$tmp/w/src/hunted"
ln -s "$bin" "$tmp/w/bin/hunted"
PATH=$tmp/w/bin:$PATH
export PATH

# --- the examples, source by source ---------------------------------------

# README.md: every line of a ```sh block, the Quick start's apart (it
# installs packages and builds: the build the suite runs in is its proof,
# and its script must be there).
awk '/^```sh$/ { sh = 1; next } /^```/ { sh = 0 } sh' "$top/README.md" |
	grep -v '^build-aux/install-deps\.sh && ' |
	grep -vx 'make check' |
	sed 's/^/README|/' >"$tmp/examples"
grep -q '^build-aux/install-deps\.sh && autoreconf -fi && ./configure && make -j2 && \./src/hunted$' \
	"$top/README.md" ||
	tap_fail "README: the Quick start's command is not the one checked here"
tap_check "README: the Quick start sets up, builds and starts the game"
if [ -e "$top/.git" ] || [ -e "$top/build-aux/install-deps.sh" ]; then
	tap_test "README: the Quick start's setup script is there" \
		test -x "$top/build-aux/install-deps.sh"
else
	tap_skip "README: the Quick start's setup script is there" \
		"a tarball without it"
fi

# --help: the value given after "e.g." for an option.
"$bin" --help | awk '
	/^  -., --|^      --/ { split($0, w, " "); opt = ($1 ~ /^--/) ? $1 : $2 }
	/e\.g\. '\''/ { v = $0; sub(/.*e\.g\. /, "", v); sub(/:.*/, "", v)
		print "help|" opt " " v }' >>"$tmp/examples"

# data/README: the commands indented as examples.
sed -n 's/^    \(hunted .*\)$/data\/README|\1/p; s/^    \(cp -r .*\)$/data\/README|\1/p' \
	"$top/data/README" >>"$tmp/examples"

# The manual page: each .B line that opens an entry of EXAMPLES.
awk '/^\.SH EXAMPLES/ { ex = 1; next } /^\.SH/ { ex = 0 }
	ex && tp && /^\.B / { sub(/^\.B /, ""); gsub(/\\-/, "-"); print "man|" $0 }
	{ tp = ex && /^\.TP/ }' "$top/doc/hunted.6.in" >>"$tmp/examples"

# Every example has a check, every check an example.
cut -d'|' -f1,2 "$tmp/checks" | sort >"$tmp/want"
sort "$tmp/examples" >"$tmp/have"
missing=$(comm -13 "$tmp/want" "$tmp/have")
stale=$(comm -23 "$tmp/want" "$tmp/have")
if [ -z "$missing" ]; then
	tap_ok "every example in the documentation has a check"
else
	tap_not_ok "every example in the documentation has a check" \
		"examples without a check: $missing"
fi
if [ -z "$stale" ]; then
	tap_ok "every check has its example in the documentation"
else
	tap_not_ok "every check has its example in the documentation" \
		"checks whose example is gone: $stale"
fi

# Run each in the table's order.  A help example is an option's value,
# shown in the dump of the tutorial (seed 8) with the AI view after two
# turns.
while IFS='|' read -r src ex dir status pattern; do
	grep -qxF "$src|$ex" "$tmp/have" || continue
	case $src in
	help) cmd="hunted --headless --no-timing --map tutorial --seed 8 --keys .. --ai-view --dump-screen $ex" ;;
	*) cmd=$ex ;;
	esac
	# A synopsis's FILE... stands for a shipped map.
	case $cmd in *FILE...*) cmd=$(printf '%s' "$cmd" | sed 's|FILE\.\.\.|maps/tutorial.txt|') ;; esac
	case $cmd in
	./src/hunted | ./src/hunted\ * | hunted | hunted\ *)
		case " $cmd " in
		*" --headless "* | *" --check "* | *" --help "* | \
			*" --version "* | *" --lesson ") ;;
		*" --replay "*) cmd="$cmd --headless --dump-screen" ;;
		*) cmd="$cmd --headless --turns 3 --dump-screen" ;;
		esac ;;
	esac
	(cd "$tmp/w/$dir" && {
		[ "$dir" != cfg ] || export XDG_CONFIG_HOME="$tmp/w/cfg/config"
	} && eval "$cmd") >"$tmp/out" 2>&1
	got=$?
	ok=1
	[ "$got" = "$status" ] || {
		ok=0
		tap_diag "exit status $got, want $status"
	}
	if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$tmp/out"; then
		ok=0
		tap_diag "no line matches: $pattern"
	fi
	if [ "$ok" = 1 ]; then
		tap_ok "$src: $ex"
	else
		tap_diag "ran: $cmd"
		tap_diag "$(head -30 "$tmp/out")"
		tap_not_ok "$src: $ex"
	fi
done <"$tmp/checks"

# --- the pictures ------------------------------------------------------------

# A picture is a ``` block right after a line <!-- screen: OPTIONS -->;
# it must be what --headless --dump-screen OPTIONS draws, blank rows
# aside (a picture may leave out the rows of the screen with nothing on
# them but the AI view's border).
for doc in README.md doc/manual.md; do
	n=0
	awk -v dir="$tmp" '
		/^<!-- screen: .* -->$/ { n++; a = $0; sub(/^<!-- screen: /, "", a)
			sub(/ -->$/, "", a); print a > (dir "/args" n); want = 1; next }
		want && /^```/ { want = 0; pic = 1; next }
		pic && /^```/ { pic = 0; close(dir "/pic" n); next }
		pic { print > (dir "/pic" n) }' "$top/$doc"
	while [ -f "$tmp/args$((n + 1))" ]; do
		n=$((n + 1))
		args=$(cat "$tmp/args$n")
		# shellcheck disable=SC2086
		"$bin" --headless --no-timing --dump-screen $args 2>&1 |
			awk 'NR == 1 { next } /^\|/ { print substr($0, 2); next } { exit }' |
			sed 's/ *$//' | grep -v '^[ |]*$' >"$tmp/drawn"
		sed 's/ *$//' "$tmp/pic$n" | grep -v '^[ |]*$' >"$tmp/pictured"
		if cmp -s "$tmp/drawn" "$tmp/pictured"; then
			tap_ok "$doc: the picture of $args is what it draws"
		else
			tap_not_ok "$doc: the picture of $args is what it draws" \
				"$(diff "$tmp/pictured" "$tmp/drawn")"
		fi
		rm -f "$tmp/args$n" "$tmp/pic$n"
	done
	[ "$n" -gt 0 ] || tap_not_ok "$doc: has its pictures" "no <!-- screen: --> found"
done

# --- the manual's transcripts ----------------------------------------------

# In a ``` block, a line "$ ./src/hunted ..." is a command and the lines
# up to the next "$ " or the block's end its output (stdout and stderr),
# all of it, in order; "..." in a line stands for anything (a time, a
# path).  The files they name are made here as the manual describes them:
# a map with a glyph its legend lacks, a 100 GiB file, a recording of the
# doors dungeon's first 20 turns cut short before its end line.
sed '32s/^#....../#....??/' "$top/data/maps/tutorial.txt" \
	>"$tmp/w/data/maps/broken.txt"
truncate -s 100G "$tmp/w/big.txt" 2>/dev/null ||
	tap_diag "no sparse file here: the big.txt transcript will fail"
(cd "$tmp/w" && ./src/hunted --headless --map doors --seed 4 --turns 20 \
	--record full.rec >/dev/null 2>&1 && sed '$d' full.rec >cut.rec)
awk -v dir="$tmp" '
	/^```/ { if (inb) { inb = 0; if (f) close(f); f = "" } else inb = 1; next }
	inb && /^\$ \.\/src\/hunted / { n++; c = substr($0, 3)
		print c > (dir "/tcmd" n); close(dir "/tcmd" n)
		f = dir "/twant" n; printf "" > f; next }
	inb && /^\$ / { f = ""; next }
	inb && f != "" { print > f }' "$top/doc/manual.md"
n=0
while [ -f "$tmp/tcmd$((n + 1))" ]; do
	n=$((n + 1))
	cmd=$(cat "$tmp/tcmd$n")
	(cd "$tmp/w" && eval "$cmd") >"$tmp/out" 2>&1
	if awk 'NR == FNR { w[++n] = $0; next } { o[++m] = $0 }
		END { if (n != m) { print "got " m " lines, want " n; exit 1 }
			for (i = 1; i <= n; i++) { p = w[i]
				gsub(/[][(){}.*+?^$|\\]/, "\\\\&", p)
				gsub(/\\\.\\\.\\\./, ".*", p)
				if (o[i] !~ ("^" p "$")) { print "line " i ": " o[i]; exit 1 } } }' \
		"$tmp/twant$n" "$tmp/out" >"$tmp/why"; then
		tap_ok "doc/manual.md: $cmd prints what the manual shows"
	else
		tap_not_ok "doc/manual.md: $cmd prints what the manual shows" \
			"$(cat "$tmp/why")"
	fi
done
tap_test "doc/manual.md: has its transcripts (found $n)" test "$n" -ge 5

# --- README's lessons ------------------------------------------------------

awk '/^<!-- lessons -->/ { l = 1; next } /^<!-- \/lessons -->/ { l = 0 }
	l && /^\| `/ { s = $0; sub(/^\| `/, "", s); sub(/`.*/, "", s); print s }' \
	"$top/README.md" >"$tmp/listed"
"$bin" --lesson 2>&1 | sed -n 's/^  \([a-z0-9_-]*\)  .*/\1/p' >"$tmp/lessons"
if [ -s "$tmp/lessons" ] && cmp -s "$tmp/listed" "$tmp/lessons"; then
	tap_ok "README lists the lessons --lesson lists, in its order"
else
	tap_not_ok "README lists the lessons --lesson lists, in its order" \
		"$(diff "$tmp/listed" "$tmp/lessons")"
fi

# --- the links ---------------------------------------------------------------

# Each relative link [text](path#anchor) leads to a file; an anchor in a
# page of this set to one of its headings, as a Markdown renderer names
# them (lower case, punctuation dropped, spaces to hyphens).
slugs() {
	awk '/^```/ { c = !c; next } !c && /^#+ / { sub(/^#+ /, "")
		s = tolower($0); gsub(/[^a-z0-9 _-]/, "", s); gsub(/ /, "-", s)
		print s }' "$1"
}
for doc in README.md doc/*.md; do
	d=$(dirname "$doc")
	grep -o '\]([^)]*)' "$top/$doc" | sed 's/^](//; s/)$//' |
		grep -v '^[a-z]*:' >"$tmp/links" || true
	while read -r link; do
		path=${link%%#*}
		anchor=
		case $link in *'#'*) anchor=${link#*#} ;; esac
		target=$top/$d/$path
		[ -n "$path" ] || target=$top/$doc
		if [ ! -e "$target" ]; then
			tap_fail "$doc: the link to $link leads nowhere"
		elif [ -n "$anchor" ] && ! slugs "$target" | grep -qxF "$anchor"; then
			tap_fail "$doc: no heading for the link to $link"
		fi
	done <"$tmp/links"
	tap_check "$doc: every relative link leads somewhere"
done

tap_done
