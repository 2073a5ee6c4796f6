/* SPDX-License-Identifier: MIT */
/* test_data.c - the data-file loader: one test per kind of problem, with
 * the exact file:line:col and message a modder would see, the edge cases
 * of the bytes themselves (CRLF, BOM, NUL, binary, empty, missing), the
 * shipped data, and the cost grids the path engine gets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/data/data.h"
#include "core/base/diag.h"
#include "lib/fixture.h"
#include "lib/tap.h"

/* A scratch directory holding base.txt, which dungeons under test
 * include; made once for the whole run. */
static char tmpdir[256];

static const char base_txt[] =
        "terrain floor glyph '.'\n"
        "terrain wall glyph '#' walk no opaque yes\n"
        "terrain stairs glyph '>'\n"
        "terrain water glyph '~' walk no\n"
        "terrain mud glyph ',' cost 3\n"
        "terrain door_open glyph \"'\" door open closes_to door_closed\n"
        "terrain door_closed glyph '+' walk no door closed opens_to "
        "door_open\n"
        "terrain gate glyph '=' walk no door locked opens_to door_open "
        "unlocked_by brass\n"
        "key brass glyph '-'\n"
        "monster rat glyph 'r'\n"
        "monster goblin glyph 'g' opens_doors yes\n"
        "monster eel glyph 'e' cost * never cost water 1\n"
        "monster ogre glyph 'O' bashes_doors yes cost mud never\n";

/* Seven lines: MAP goes on line 8 and the first row on line 9. */
#define PRE                                                                    \
	"include \"base.txt\"\n"                                               \
	"dungeon t\n"                                                          \
	"legend '#' wall\n"                                                    \
	"legend '.' floor\n"                                                   \
	"legend '@' floor player\n"                                            \
	"legend '>' stairs exit\n"                                             \
	"legend 'r' floor monster rat\n"

static char *path_in_tmp(const char *name)
{
	static char buf[512];

	snprintf(buf, sizeof(buf), "%s/%s", tmpdir, name);
	return buf;
}

static void write_file(const char *name, const char *text, size_t len)
{
	FILE *f = fopen(path_in_tmp(name), "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	fclose(f);
}

static int setup(void **state)
{
	const char *t = getenv("TMPDIR");

	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "%s/test_data.XXXXXX",
	         t && *t ? t : "/tmp");
	if (!mkdtemp(tmpdir))
		return -1;
	write_file("base.txt", base_txt, strlen(base_txt));
	return 0;
}

static int teardown(void **state)
{
	char cmd[600];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

struct loaded {
	struct data *d;
	struct diag_list dl;
	int rc;
};

/* Loads text as if it were the file t.txt in the scratch directory. */
static void load_len(struct loaded *l, const char *text, size_t len)
{
	l->d = data_new();
	assert_non_null(l->d);
	diag_list_init(&l->dl, 0);
	l->rc = data_load_buffer(l->d, path_in_tmp("t.txt"), text, len, &l->dl);
}

static void load(struct loaded *l, const char *text)
{
	load_len(l, text, strlen(text));
}

static void unload(struct loaded *l)
{
	diag_list_fini(&l->dl);
	data_free(l->d);
}

/* The first problem must be this one, in t.txt (or file when given). */
static void expect_diag(const struct loaded *l, size_t i, const char *file,
                        int line, int col, const char *msg, const char *hint)
{
	const struct diag *x;
	char want[512];

	if (i >= l->dl.len)
		fail_msg("expected a problem #%zu '%s', got %zu", i, msg,
		         l->dl.len);
	x = &l->dl.items[i];
	snprintf(want, sizeof(want), "%s", path_in_tmp(file ? file : "t.txt"));
	assert_string_equal(x->file, want);
	assert_int_equal(x->line, line);
	assert_int_equal(x->col, col);
	assert_string_equal(x->message, msg);
	if (hint)
		assert_string_equal(x->hint, hint);
	else
		assert_null(x->hint);
}

static void expect_one(const char *text, int line, int col, const char *msg,
                       const char *hint)
{
	struct loaded l;

	load(&l, text);
	assert_int_equal(l.rc, -1);
	expect_diag(&l, 0, NULL, line, col, msg, hint);
	if (l.dl.len != 1)
		fail_msg("expected one problem, got %zu (second: %d:%d %s)",
		         l.dl.len, l.dl.items[1].line, l.dl.items[1].col,
		         l.dl.items[1].message);
	unload(&l);
}

static void expect_clean(const char *text)
{
	struct loaded l;

	load(&l, text);
	if (l.dl.len)
		fail_msg("unexpected %d:%d: %s", l.dl.items[0].line,
		         l.dl.items[0].col, l.dl.items[0].message);
	assert_int_equal(l.rc, 0);
	unload(&l);
}

/* ---- one test per kind of problem ------------------------------------- */

static void test_data_unknown_keyword(void **state)
{
	(void)state;
	expect_one("terrain a glyph 'a'\nterain mud glyph ','\n", 2, 1,
	           "unknown keyword 'terain'", "did you mean 'terrain'?");
}

static void test_data_unknown_attribute(void **state)
{
	(void)state;
	expect_one("terrain mud glpyh ','\n", 1, 13,
	           "unknown keyword 'glpyh' for a terrain",
	           "did you mean 'glyph'?");
	expect_one("walk yes\n", 1, 1,
	           "'walk' outside a record (start one with 'terrain NAME', "
	           "'monster NAME', ...)",
	           NULL);
}

static void test_data_integer_range(void **state)
{
	(void)state;
	expect_one("terrain mud glyph ',' cost 0\n", 1, 28,
	           "'cost' must be an integer from 1 to 255, got '0'", NULL);
	expect_one("monster m glyph 'm' speed 99999999999999999999\n", 1, 27,
	           "'speed' must be an integer from 1 to 1000, got "
	           "'99999999999999999999'",
	           NULL);
	expect_one("monster m glyph 'm' hp -3\n", 1, 24,
	           "'hp' must be an integer from 1 to 10000, got '-3'", NULL);
}

/* A kind flees at 0..99 percent of its hit points; 0, the default,
 * never. */
static void test_data_flee(void **state)
{
	struct loaded l;

	(void)state;
	load(&l, "monster m glyph 'm' flee 40\nmonster n glyph 'n'\n");
	assert_int_equal(l.rc, 0);
	assert_int_equal(l.d->monsters[0].flee, 40);
	assert_int_equal(l.d->monsters[1].flee, 0);
	unload(&l);
	expect_clean(
	        "monster m glyph 'm' flee 0\nmonster n glyph 'n' flee 99\n");
	expect_one("monster m glyph 'm'\n  hp 4 flee 100\n", 2, 13,
	           "'flee' must be an integer from 0 to 99, got '100'", NULL);
	expect_one("monster m glyph 'm' flee -5\n", 1, 26,
	           "'flee' must be an integer from 0 to 99, got '-5'", NULL);
	expect_one("player p glyph '@' flee 50\n", 1, 20,
	           "unknown keyword 'flee' for a player", NULL);
}

/* Integers are digits and nothing else: "-0" is no more a number than
 * "-3", even where 0 is in range. */
static void test_data_integers_strict(void **state)
{
	(void)state;
	expect_one("monster m glyph 'm' attack -0\n", 1, 28,
	           "'attack' must be an integer from 0 to 1000, got '-0'",
	           NULL);
	expect_one("monster m glyph 'm' sight +4\n", 1, 27,
	           "'sight' must be an integer from 0 to 4096, got '+4'", NULL);
	expect_one("monster m glyph 'm' drift 0x1\n", 1, 27,
	           "'drift' must be an integer from 0 to 4096, got '0x1'",
	           NULL);
	expect_one("include \"base.txt\"\nmonster m glyph 'm' cost mud -0\n", 2,
	           30,
	           "'cost mud' must be an integer from 1 to 255 or 'never', "
	           "got '-0'",
	           NULL);
	expect_clean("monster m glyph 'm' attack 0 sight 0010 budget "
	             "100000000\n");
}

static void test_data_bad_value_words(void **state)
{
	(void)state;
	expect_one("terrain a glyph 'a' walk yse\n", 1, 26,
	           "'walk' must be 'yes' or 'no', got 'yse'",
	           "did you mean 'yes'?");
	expect_one("terrain a glyph 'a' color grene\n", 1, 27,
	           "'color' must be a color (black, red, green, yellow, blue, "
	           "magenta, cyan, white, or bright_ and one of them), got "
	           "'grene'",
	           "did you mean 'green'?");
	expect_one("terrain a glyph 'a' door shut\n", 1, 26,
	           "'door' must be closed, open or locked, got 'shut'", NULL);
}

static void test_data_bad_glyph(void **state)
{
	(void)state;
	expect_one("terrain a glyph 'ab'\n", 1, 17,
	           "bad glyph: a glyph is one printable ASCII character in "
	           "quotes, as in '#'",
	           NULL);
	expect_one("terrain a glyph x\n", 1, 17,
	           "'glyph' must be one printable ASCII character in quotes, "
	           "as in '#', got 'x'",
	           NULL);
}

static void test_data_bad_string(void **state)
{
	(void)state;
	expect_one("terrain a glyph 'a' description \"never closed\n", 1, 33,
	           "unterminated string", NULL);
	expect_one("terrain a glyph 'a' description \"a\\tb\"\n", 1, 35,
	           "unknown escape in string (only \\\" and \\\\ are allowed)",
	           NULL);
}

static void test_data_duplicate_name(void **state)
{
	char msg[600];

	(void)state;
	snprintf(msg, sizeof(msg),
	         "duplicate terrain 'floor' (first defined at %s:1)",
	         path_in_tmp("t.txt"));
	expect_one("terrain floor glyph '.'\nterrain floor glyph ','\n", 2, 9,
	           msg, NULL);
}

static void test_data_attribute_twice(void **state)
{
	(void)state;
	expect_one("terrain mud glyph ','\n\tcost 2\n\tcost 3\n", 3, 2,
	           "'cost' is given twice for terrain", NULL);
}

static void test_data_missing_glyph(void **state)
{
	(void)state;
	expect_one("# a comment\nmonster ghost speed 50\n", 2, 1,
	           "monster 'ghost' has no glyph", NULL);
}

static void test_data_unknown_reference(void **state)
{
	(void)state;
	expect_one(PRE "legend ',' flor\nMAP\n@>\nENDMAP\n", 8, 12,
	           "unknown terrain 'flor'", "did you mean 'floor'?");
	expect_one(PRE "legend 'k' floor monster kobold\nMAP\n@>\nENDMAP\n", 8,
	           26, "unknown monster 'kobold'", NULL);
	expect_one(PRE "legend '-' floor key bras\nMAP\n@>\nENDMAP\n", 8, 22,
	           "unknown key 'bras'", "did you mean 'brass'?");
	expect_one("include \"base.txt\"\nmonster m glyph 'm' cost lavaa 3\n",
	           2, 26, "unknown terrain 'lavaa'", NULL);
}

static void test_data_unknown_glyph(void **state)
{
	(void)state;
	expect_one(PRE "MAP\n#####\n#@.>#\n#.~~#\n#####\nENDMAP\n", 11, 3,
	           "unknown glyph '~' (not in the legend)", NULL);
}

static void test_data_non_rectangular(void **state)
{
	(void)state;
	expect_one(PRE "MAP\n#####\n#@.>#\n#..#\n#####\nENDMAP\n", 11, 5,
	           "map row is 4 columns wide but the first row is 5 (maps "
	           "must be rectangular)",
	           NULL);
}

static void test_data_player_start(void **state)
{
	(void)state;
	expect_one(PRE "MAP\n#####\n#..>#\n#####\nENDMAP\n", 8, 1,
	           "no player start: the player's glyph '@' is not on the map",
	           NULL);
	expect_one(PRE "MAP\n#####\n#@.>#\n#..@#\n#####\nENDMAP\n", 11, 4,
	           "a second player start (the first is at 10:2)", NULL);
}

static void test_data_no_exit(void **state)
{
	(void)state;
	expect_one(PRE "MAP\n#####\n#@..#\n#####\nENDMAP\n", 8, 1,
	           "no exit: no legend entry with 'exit' is on the map", NULL);
}

static void test_data_map_block(void **state)
{
	(void)state;
	expect_one(PRE "MAP\n#####\n#@.>#\n#####\n", 8, 1,
	           "MAP block is not closed (no ENDMAP line)", NULL);
	expect_one(PRE "MAP\nENDMAP\n", 9, 1, "the MAP block has no rows",
	           NULL);
	expect_one("include \"base.txt\"\ndungeon t\nlegend '.' floor\n", 2, 1,
	           "dungeon 't' has no MAP block", NULL);
	expect_one("include \"base.txt\"\nlegend '.' floor\n", 2, 1,
	           "'legend' outside a dungeon (start one with 'dungeon "
	           "NAME')",
	           NULL);
	expect_one(PRE "legend '.' wall\nMAP\n@>\nENDMAP\n", 8, 8,
	           "glyph '.' is already in the legend (line 4)", NULL);
}

static void test_data_placement_on_blocked_cell(void **state)
{
	(void)state;
	expect_one(PRE "legend 'R' wall monster rat\n"
	               "MAP\n#####\n#@R>#\n#####\nENDMAP\n",
	           11, 3, "monster 'rat' cannot stand on 'wall'", NULL);
}

static void test_data_door_rules(void **state)
{
	(void)state;
	expect_one("terrain d glyph '+' door closed\n", 1, 1,
	           "door 'd' needs 'opens_to' (the terrain it becomes when "
	           "opened)",
	           NULL);
	expect_one("terrain f glyph '.'\n"
	           "terrain d glyph '+' door closed opens_to f\n",
	           2, 1,
	           "'opens_to' of 'd' names 'f', which is not a 'door open' "
	           "terrain",
	           NULL);
}

/* A problem is reported, not what follows from it: a name that does not
 * resolve makes no door "need" the field that named it, no player start
 * or exit go missing, no monster unable to stand; a legend line that says
 * not what its glyph means leaves the map unjudged; an include that is
 * not read leaves its names unchecked. */
static void test_data_no_consequences(void **state)
{
	static const char mon[] = "include \"base.txt\"\n"
	                          "monster m glyph 'm' cost lavaa never\n";
	char msg[600];
	struct loaded l;

	(void)state;
	expect_one("terrain f glyph '.'\n"
	           "terrain d glyph '+' door closed opens_to door_opn\n",
	           2, 42, "unknown terrain 'door_opn'", NULL);
	expect_one("terrain f glyph '.'\n"
	           "terrain g glyph '=' door locked opens_to f unlocked_by "
	           "kye\n",
	           2, 56, "unknown key 'kye'", NULL);
	expect_one("include \"base.txt\"\ndungeon t\nlegend '#' wall\n"
	           "legend '.' floor\nlegend '@' flor player\n"
	           "legend '>' stairs exit\nMAP\n#####\n#@.>#\n#####\n"
	           "ENDMAP\n",
	           5, 12, "unknown terrain 'flor'", "did you mean 'floor'?");
	expect_one("include \"base.txt\"\ndungeon t\nlegend '#' wall\n"
	           "legend '.' floor\nlegend '@' floor player\n"
	           "legend '>' stairz exit\nMAP\n#####\n#@.>#\n#####\n"
	           "ENDMAP\n",
	           6, 12, "unknown terrain 'stairz'", "did you mean 'stairs'?");
	/* The monster's file comes after the map's in reading order. */
	write_file("mon_bad.txt", mon, strlen(mon));
	load(&l, "include \"mon_bad.txt\"\ndungeon t\nlegend '.' floor\n"
	         "legend '@' floor player\nlegend '>' stairs exit\n"
	         "legend 'm' floor monster m\nMAP\n.@m>\nENDMAP\n");
	assert_int_equal(l.rc, -1);
	assert_int_equal(l.dl.len, 1);
	expect_diag(&l, 0, "mon_bad.txt", 2, 26, "unknown terrain 'lavaa'",
	            NULL);
	unload(&l);
	/* A legend after the map whose terrain is not a name at all. */
	expect_one("include \"base.txt\"\ndungeon t\nMAP\n.@>\nENDMAP\n"
	           "legend '.' floor\nlegend '@' 9floor player\n"
	           "legend '>' stairs exit\n",
	           7, 12,
	           "'9floor' is not a valid name (letters, digits, '_' and "
	           "'-', starting with a letter, at most 32 bytes)",
	           NULL);
	/* The kobold would be in the file that cannot be read. */
	snprintf(msg, sizeof(msg),
	         "cannot open '%s': No such file or directory",
	         path_in_tmp("kobold.txt"));
	expect_one("include \"base.txt\"\ndungeon t\nlegend '.' floor\n"
	           "legend '@' floor player\nlegend '>' stairs exit\n"
	           "legend 'k' floor monster kobold\nMAP\n.@k>\nENDMAP\n"
	           "include \"kobold.txt\"\n",
	           10, 9, msg, NULL);
}

static void test_data_limits(void **state)
{
	char *text = malloc(300 * 40 + DATA_MAP_MAX_DIM + 200);
	size_t n = 0;
	int i;

	(void)state;
	assert_non_null(text);
	for (i = 0; i <= DATA_TERRAIN_MAX; i++)
		n += (size_t)sprintf(text + n, "terrain t%d glyph 'x'\n", i);
	expect_one(text, DATA_TERRAIN_MAX + 1, 1,
	           "too many terrain records (at most 250)", NULL);

	/* A row one wider than the largest map. */
	n = (size_t)sprintf(text, PRE "MAP\n");
	memset(text + n, '.', DATA_MAP_MAX_DIM + 1);
	n += DATA_MAP_MAX_DIM + 1;
	n += (size_t)sprintf(text + n, "\nENDMAP\n");
	expect_one(text, 9, DATA_MAP_MAX_DIM + 1,
	           "map is wider than 4096 columns", NULL);
	free(text);

	text = malloc(DATA_LINE_MAX + 100);
	assert_non_null(text);
	n = (size_t)sprintf(text, "# long\n# ");
	memset(text + n, 'x', DATA_LINE_MAX);
	n += DATA_LINE_MAX;
	n += (size_t)sprintf(text + n, "\nterrain a glyph 'a'\n");
	expect_one(text, 2, DATA_LINE_MAX + 1, "line is longer than 8192 bytes",
	           NULL);
	free(text);
}

static void test_data_diagnostics_are_capped(void **state)
{
	char text[200 * 8];
	struct loaded l;
	size_t n = 0;
	int i;

	(void)state;
	for (i = 0; i < 150; i++)
		n += (size_t)sprintf(text + n, "bogus\n");
	load(&l, text);
	assert_int_equal(l.dl.len, DIAG_LIMIT_DEFAULT);
	assert_true(l.dl.truncated);
	expect_diag(&l, 99, NULL, 100, 1, "unknown keyword 'bogus'", NULL);
	unload(&l);
}

/* Bytes outside printable ASCII in a word quoted back are escaped, as
 * control bytes would be: a message never carries raw bytes from a bad
 * file, nor half a UTF-8 sequence cut at 40 bytes.  A byte that is no
 * UTF-8 at all is an error of its own, at its column. */
static void test_data_quoted_words_escaped(void **state)
{
	char text[128], want[256];

	(void)state;
	expect_one("terrain a glyph 'a' walk \xc3\xa9\n", 1, 26,
	           "'walk' must be 'yes' or 'no', got '\\xc3\\xa9'", NULL);
	expect_one("caf\xc3\xa9 x\n", 1, 1, "unknown keyword 'caf\\xc3\\xa9'",
	           NULL);
	expect_one("terrain a glpyh\xff 'a'\n", 1, 16,
	           "byte 0xff is not UTF-8 (save the file as UTF-8)", NULL);
	expect_one("terrain a glpyh\xc3\xa9 'a'\n", 1, 11,
	           "unknown keyword 'glpyh\\xc3\\xa9' for a terrain", NULL);
	expect_one("terrain a glyph '\x80'\n", 1, 18,
	           "byte 0x80 is not UTF-8 (save the file as UTF-8)", NULL);
	expect_one("terrain a glyph '\xc3\xa9'\n", 1, 17,
	           "bad glyph: a glyph is one printable ASCII character in "
	           "quotes, as in '#'",
	           NULL);
	expect_one("terrain t\xe2\x82\xac glyph 'a'\n", 1, 9,
	           "'t\\xe2\\x82\\xac' is not a valid name (letters, digits, "
	           "'_' and '-', starting with a letter, at most 32 bytes)",
	           NULL);
	/* 39 bytes, then a two-byte sequence: the 40 shown end inside it. */
	snprintf(text, sizeof(text), "%039d\xc3\xa9\n", 0);
	snprintf(want, sizeof(want), "unknown keyword '%039d\\xc3...'", 0);
	expect_one(text, 1, 1, want, NULL);
}

/* ---- includes ---------------------------------------------------------- */

static void test_data_include_missing(void **state)
{
	char msg[600];

	(void)state;
	snprintf(msg, sizeof(msg),
	         "cannot open '%s': No such file or directory",
	         path_in_tmp("nope.txt"));
	expect_one("terrain a glyph 'a'\ninclude \"nope.txt\"\n", 2, 9, msg,
	           NULL);
}

static void test_data_include_empty(void **state)
{
	(void)state;
	expect_one("terrain a glyph 'a'\ninclude \"\"\n", 2, 9,
	           "the file name of 'include' is empty", NULL);
	expect_one("include base.txt\n", 1, 9,
	           "'include' needs a file name in double quotes, got "
	           "'base.txt'",
	           NULL);
}

static void test_data_include_cycle(void **state)
{
	static const char a[] = "terrain a glyph 'a'\ninclude \"cyc_b.txt\"\n";
	static const char b[] = "terrain b glyph 'b'\ninclude \"cyc_a.txt\"\n";
	struct data *d = data_new();
	struct diag_list dl;
	char msg[600];

	(void)state;
	write_file("cyc_a.txt", a, strlen(a));
	write_file("cyc_b.txt", b, strlen(b));
	diag_list_init(&dl, 0);
	assert_int_equal(data_load(d, path_in_tmp("cyc_a.txt"), &dl), -1);
	assert_int_equal(dl.len, 1);
	snprintf(msg, sizeof(msg),
	         "include cycle: '%s' is already being read (it includes "
	         "itself)",
	         path_in_tmp("cyc_a.txt"));
	assert_string_equal(dl.items[0].file, path_in_tmp("cyc_b.txt"));
	assert_int_equal(dl.items[0].line, 2);
	assert_int_equal(dl.items[0].col, 9);
	assert_string_equal(dl.items[0].message, msg);
	/* Both files were still read. */
	assert_int_equal(d->nterrain, 2);
	diag_list_fini(&dl);
	data_free(d);
}

static void test_data_include_depth(void **state)
{
	char name[32], text[64];
	struct loaded l;
	int i;

	(void)state;
	/* deep0 includes deep1 ... includes deep9: nine levels below t. */
	for (i = 0; i < 10; i++) {
		snprintf(name, sizeof(name), "deep%d.txt", i);
		snprintf(text, sizeof(text),
		         "terrain d%d glyph 'd'\ninclude \"deep%d.txt\"\n", i,
		         i + 1);
		write_file(name, text, strlen(text));
	}
	load(&l, "include \"deep0.txt\"\n");
	assert_int_equal(l.rc, -1);
	assert_int_equal(l.dl.len, 1);
	expect_diag(&l, 0, "deep7.txt", 2, 1,
	            "includes nested deeper than 8 levels", NULL);
	unload(&l);
}

static void test_data_include_once(void **state)
{
	(void)state;
	/* base.txt twice (and through another file) defines nothing twice. */
	write_file("inc_once.txt", "include \"base.txt\"\n", 19);
	expect_clean("include \"base.txt\"\ninclude \"inc_once.txt\"\n"
	             "include \"base.txt\"\n");
}

/* ---- the bytes themselves ---------------------------------------------- */

static const char good_map[] = PRE "MAP\n#####\n#@r>#\n#####\nENDMAP\n";

static void test_data_crlf_accepted(void **state)
{
	char text[sizeof(good_map) * 2];
	struct loaded l;
	size_t i, n = 0;

	(void)state;
	for (i = 0; good_map[i]; i++) {
		if (good_map[i] == '\n')
			text[n++] = '\r';
		text[n++] = good_map[i];
	}
	load_len(&l, text, n);
	assert_int_equal(l.rc, 0);
	assert_int_equal(l.dl.len, 0);
	assert_int_equal(l.d->map->width, 5);
	assert_int_equal(l.d->map->player_x, 1);
	assert_int_equal(l.d->map->player_y, 1);
	unload(&l);
}

static void test_data_bom_accepted(void **state)
{
	char text[sizeof(good_map) + 3];
	struct loaded l;

	(void)state;
	memcpy(text, "\xef\xbb\xbf", 3);
	memcpy(text + 3, good_map, sizeof(good_map) - 1);
	load_len(&l, text, sizeof(good_map) + 2);
	assert_int_equal(l.rc, 0);
	assert_int_equal(l.dl.len, 0);
	unload(&l);
	/* Columns on the first line count from after the BOM. */
	load(&l, "\xef\xbb\xbfterrain a glyph 'a' cost 0\n");
	expect_diag(&l, 0, NULL, 1, 26,
	            "'cost' must be an integer from 1 to 255, got '0'", NULL);
	unload(&l);
}

static void test_data_nul_byte(void **state)
{
	static const char text[] = "terrain a glyph 'a'\nterrain b\0 glyph\n";
	struct loaded l;

	(void)state;
	load_len(&l, text, sizeof(text) - 1);
	assert_int_equal(l.rc, -1);
	assert_int_equal(l.dl.len, 1);
	expect_diag(&l, 0, NULL, 2, 10,
	            "NUL byte in the file (is it a binary file?)", NULL);
	unload(&l);
}

/* A NUL stops the file where it is: what the rest would have held (the
 * end of the MAP block, the MAP block itself, names) is not reported
 * missing, least of all at a line before the NUL's. */
static void test_data_nul_byte_first(void **state)
{
	static const char in_map[] = PRE "MAP\n#####\n#@r>#\n##\0##\n"
	                                 "#####\nENDMAP\n";
	static const char in_legend[] = PRE "legend ',' mud\0\nMAP\n#####\n"
	                                    "#@r>#\n#####\nENDMAP\n";
	static const char before_names[] = "include \"base.txt\"\n"
	                                   "dungeon t\n"
	                                   "legend '.' floor\n"
	                                   "legend '@' floor player\n"
	                                   "legend '>' stairs exit\n"
	                                   "legend 'k' floor monster kobold\n"
	                                   "MAP\n.@k>\nENDMAP\n"
	                                   "\0monster kobold glyph 'k'\n";
	struct loaded l;

	(void)state;
	load_len(&l, in_map, sizeof(in_map) - 1);
	assert_int_equal(l.rc, -1);
	assert_int_equal(l.dl.len, 1);
	expect_diag(&l, 0, NULL, 11, 3,
	            "NUL byte in the file (is it a binary file?)", NULL);
	unload(&l);
	load_len(&l, in_legend, sizeof(in_legend) - 1);
	assert_int_equal(l.dl.len, 1);
	expect_diag(&l, 0, NULL, 8, 15,
	            "NUL byte in the file (is it a binary file?)", NULL);
	unload(&l);
	load_len(&l, before_names, sizeof(before_names) - 1);
	assert_int_equal(l.dl.len, 1);
	expect_diag(&l, 0, NULL, 10, 1,
	            "NUL byte in the file (is it a binary file?)", NULL);
	unload(&l);
}

static void test_data_binary_garbage(void **state)
{
	static const char text[] = "\x7f"
	                           "ELF\x02\x01\x01\x03garbage\n\x05\x06";
	struct loaded l;

	(void)state;
	load_len(&l, text, sizeof(text) - 1);
	assert_int_equal(l.rc, -1);
	/* One message, not one per line. */
	assert_int_equal(l.dl.len, 1);
	expect_diag(&l, 0, NULL, 1, 1,
	            "control character 0x7f in the file (is it a binary "
	            "file?)",
	            NULL);
	unload(&l);
}

static void test_data_empty_file(void **state)
{
	(void)state;
	expect_one("", 1, 1, "file is empty", NULL);
	expect_one("\xef\xbb\xbf", 1, 1, "file is empty", NULL);
	expect_one("# only a comment\n\n   \n", 1, 1,
	           "file has no records (only blank lines and comments)", NULL);
}

static void test_data_missing_file(void **state)
{
	struct diag_list dl;
	struct data *d = data_new();
	char msg[600];

	(void)state;
	diag_list_init(&dl, 0);
	assert_int_equal(data_load(d, path_in_tmp("absent.txt"), &dl), -1);
	assert_int_equal(dl.len, 1);
	snprintf(msg, sizeof(msg),
	         "cannot open '%s': No such file or directory",
	         path_in_tmp("absent.txt"));
	assert_string_equal(dl.items[0].message, msg);
	/* A problem of the whole file: no line, no column. */
	assert_int_equal(dl.items[0].line, 0);
	assert_int_equal(dl.items[0].col, 0);
	diag_list_clear(&dl);
	assert_int_equal(data_load(d, tmpdir, &dl), -1);
	snprintf(msg, sizeof(msg),
	         "cannot read '%s': it is a directory, not a regular file",
	         tmpdir);
	assert_string_equal(dl.items[0].message, msg);
	diag_list_fini(&dl);
	data_free(d);
}

/* ---- what a good file gives -------------------------------------------- */

static void test_data_loads_records(void **state)
{
	struct loaded l;
	const struct data_terrain *t;
	const struct data_monster *m;
	int door, eel;

	(void)state;
	load(&l, good_map);
	assert_int_equal(l.rc, 0);
	door = data_terrain_find(l.d, "door_closed");
	assert_true(door >= 0);
	t = &l.d->terrain[door];
	assert_int_equal(t->door, DATA_DOOR_CLOSED);
	assert_int_equal(t->opens_to, data_terrain_find(l.d, "door_open"));
	assert_int_equal(
	        l.d->terrain[data_terrain_find(l.d, "gate")].unlocked_by,
	        data_key_find(l.d, "brass"));
	eel = data_monster_find(l.d, "eel");
	m = &l.d->monsters[eel];
	assert_int_equal(m->noverrides, 2);
	assert_int_equal(m->overrides[0].terrain, -1);
	assert_int_equal(m->overrides[1].terrain,
	                 data_terrain_find(l.d, "water"));
	assert_int_equal(l.d->map->nplaces, 3);
	assert_string_equal(l.d->map->name, "t");
	unload(&l);
}

static void test_data_grid_per_monster(void **state)
{
	struct loaded l;
	struct grid g;
	const struct data *d;

	(void)state;
	load(&l, PRE "legend '+' door_closed\nlegend '=' gate\n"
	             "legend ',' mud\nlegend '~' water\n"
	             "MAP\n########\n#@+=,~>#\n########\nENDMAP\n");
	assert_int_equal(l.rc, 0);
	d = l.d;
	/* The player opens doors, and locked ones only with keys. */
	assert_int_equal(data_map_grid(d, NULL, 0, &g), GRID_OK);
	assert_int_equal(grid_cost(&g, 2, 1), 1);
	assert_int_equal(grid_cost(&g, 3, 1), 0);
	assert_int_equal(grid_cost(&g, 4, 1), 3);
	assert_int_equal(grid_cost(&g, 5, 1), 0);
	grid_fini(&g);
	assert_int_equal(data_map_grid(d, NULL, 1, &g), GRID_OK);
	assert_int_equal(grid_cost(&g, 3, 1), 1);
	grid_fini(&g);
	/* The rat stops at doors; the goblin opens them but not the gate. */
	assert_int_equal(
	        data_map_grid(d, &d->monsters[data_monster_find(d, "rat")], 0,
	                      &g),
	        GRID_OK);
	assert_int_equal(grid_cost(&g, 2, 1), 0);
	grid_fini(&g);
	assert_int_equal(
	        data_map_grid(d, &d->monsters[data_monster_find(d, "goblin")],
	                      0, &g),
	        GRID_OK);
	assert_int_equal(grid_cost(&g, 2, 1), 1);
	assert_int_equal(grid_cost(&g, 3, 1), 0);
	grid_fini(&g);
	/* The ogre bashes both, and never enters mud. */
	assert_int_equal(
	        data_map_grid(d, &d->monsters[data_monster_find(d, "ogre")], 0,
	                      &g),
	        GRID_OK);
	assert_int_equal(grid_cost(&g, 3, 1), 1);
	assert_int_equal(grid_cost(&g, 4, 1), 0);
	grid_fini(&g);
	/* The eel lives in the water and nowhere else. */
	assert_int_equal(
	        data_map_grid(d, &d->monsters[data_monster_find(d, "eel")], 0,
	                      &g),
	        GRID_OK);
	assert_int_equal(grid_cost(&g, 5, 1), 1);
	assert_int_equal(grid_cost(&g, 1, 1), 0);
	assert_int_equal(grid_cost(&g, 2, 1), 0);
	grid_fini(&g);
	unload(&l);
}

static void test_data_reachability_warnings(void **state)
{
	struct loaded l;

	(void)state;
	load(&l, PRE "legend 'e' water monster eel\nlegend '~' water\n"
	             "MAP\n#######\n#@.#.>#\n#r.#e~#\n#######\nENDMAP\n");
	assert_int_equal(l.rc, 0);
	assert_int_equal(data_check_reachable(l.d, &l.dl), 2);
	assert_int_equal(l.dl.items[0].severity, DIAG_WARNING);
	/* Two legend lines after PRE: the first row is line 11. */
	expect_diag(&l, 0, NULL, 12, 6,
	            "the exit cannot be reached from the player start", NULL);
	expect_diag(&l, 1, NULL, 13, 5,
	            "monster 'eel' can never reach the player", NULL);
	assert_int_equal(l.dl.errors, 0);
	unload(&l);
	/* Through a door the player can open, all is well. */
	load(&l, PRE "legend '+' door_closed\n"
	             "MAP\n#######\n#@.+.>#\n#r.#..#\n#######\nENDMAP\n");
	assert_int_equal(l.rc, 0);
	assert_int_equal(data_check_reachable(l.d, &l.dl), 0);
	unload(&l);
}

/* Every file shipped in data/ loads with no error and no warning. */
static void test_data_shipped_files_pass(void **state)
{
	static const char *const files[] = {
	        "terrain.txt",       "monsters.txt",   "maps/default.txt",
	        "maps/tutorial.txt", "maps/doors.txt", "maps/elements.txt",
	        "maps/crowd.txt",    "maps/cave.txt",  "maps/maze.txt",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char path[1024];
		struct diag_list dl;
		struct data *d = data_new();

		snprintf(path, sizeof(path), "%s/data/%s", fixture_srcdir(),
		         files[i]);
		diag_list_init(&dl, 0);
		if (data_load(d, path, &dl) != 0 ||
		    data_check_reachable(d, &dl) != 0)
			fail_msg("%s:%d:%d: %s", dl.items[0].file,
			         dl.items[0].line, dl.items[0].col,
			         dl.items[0].message);
		if (!strncmp(files[i], "maps/", 5)) {
			assert_non_null(d->map);
			assert_true(d->map->player_x >= 0);
		}
		if (!strcmp(files[i], "maps/cave.txt")) {
			assert_true(d->map->width >= 200);
			assert_true(d->map->height >= 100);
		}
		diag_list_fini(&dl);
		data_free(d);
	}
}

/* Every kind of ground, key and monster the shipped files define draws
 * with its own glyph, so that the map reads the same without colour
 * (NO_COLOR): no two share one. */
static void test_data_shipped_glyphs_differ(void **state)
{
	static const char *const files[] = {
	        "monsters.txt",   "maps/default.txt",  "maps/tutorial.txt",
	        "maps/doors.txt", "maps/elements.txt", "maps/crowd.txt",
	        "maps/cave.txt",  "maps/maze.txt",
	};
	size_t f;

	(void)state;
	for (f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
		const char *name[256] = {0};
		char path[1024];
		struct diag_list dl;
		struct data *d = data_new();
		size_t i;

		snprintf(path, sizeof(path), "%s/data/%s", fixture_srcdir(),
		         files[f]);
		diag_list_init(&dl, 0);
		assert_int_equal(data_load(d, path, &dl), 0);
		assert_true(d->nterrain >= 10);
#define GLYPH_OWN(g, n)                                                        \
	do {                                                                   \
		unsigned char c_ = (unsigned char)(g);                         \
		if (name[c_])                                                  \
			fail_msg("%s: '%c' is the glyph of %s and of %s",      \
			         files[f], c_, name[c_], (n));                 \
		name[c_] = (n);                                                \
	} while (0)
		for (i = 0; i < d->nterrain; i++)
			GLYPH_OWN(d->terrain[i].glyph, d->terrain[i].name);
		for (i = 0; i < d->nkeys; i++)
			GLYPH_OWN(d->keys[i].glyph, d->keys[i].name);
		for (i = 0; i < d->nmonsters; i++)
			GLYPH_OWN(d->monsters[i].glyph, d->monsters[i].name);
#undef GLYPH_OWN
		/* The player's glyph is nobody else's. */
		assert_null(name['@']);
		diag_list_fini(&dl);
		data_free(d);
	}
}

/* A Moving AI benchmark map plays as a dungeon: walls, floor, a start,
 * an exit and monsters on floor, the same for the same seed. */
static void test_data_movingai_map(void **state)
{
	struct diag_list dl;
	struct data *a = data_new(), *b = data_new();
	char kinds[1024], map[1024];
	size_t i;

	(void)state;
	snprintf(kinds, sizeof(kinds), "%s/data/monsters.txt",
	         fixture_srcdir());
	fixture_path(map, sizeof(map), "den312d.map");
	diag_list_init(&dl, 0);
	assert_int_equal(data_load(a, kinds, &dl), 0);
	assert_int_equal(data_load(b, kinds, &dl), 0);
	assert_int_equal(data_load_movingai(a, map, 42, &dl), 0);
	assert_int_equal(data_load_movingai(b, map, 42, &dl), 0);
	assert_int_equal(dl.len, 0);
	assert_int_equal(a->map->width, 65);
	assert_int_equal(a->map->height, 81);
	/* Row 0 of den312d is all trees: walls. */
	assert_int_equal(a->map->cells[0], data_terrain_find(a, "wall"));
	assert_int_equal(a->map->nplaces, b->map->nplaces);
	assert_true(a->map->nplaces >= 4);
	for (i = 0; i < a->map->nplaces; i++) {
		const struct data_place *p = &a->map->places[i];

		assert_int_equal(p->x, b->map->places[i].x);
		assert_int_equal(p->y, b->map->places[i].y);
		assert_int_equal(p->what, b->map->places[i].what);
	}
	/* Everything placed is reachable, so no warnings either. */
	assert_int_equal(data_check_reachable(a, &dl), 0);
	data_free(b);
	/* Without terrain.txt there is nothing to build the map from. */
	b = data_new();
	assert_int_equal(data_load_movingai(b, map, 42, &dl), -1);
	assert_string_equal(dl.items[0].message,
	                    "Moving AI maps need a terrain named 'floor' "
	                    "(load terrain.txt first)");
	diag_list_fini(&dl);
	data_free(a);
	data_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_data_unknown_keyword),
	        cmocka_unit_test(test_data_unknown_attribute),
	        cmocka_unit_test(test_data_integer_range),
	        cmocka_unit_test(test_data_flee),
	        cmocka_unit_test(test_data_integers_strict),
	        cmocka_unit_test(test_data_bad_value_words),
	        cmocka_unit_test(test_data_bad_glyph),
	        cmocka_unit_test(test_data_bad_string),
	        cmocka_unit_test(test_data_duplicate_name),
	        cmocka_unit_test(test_data_attribute_twice),
	        cmocka_unit_test(test_data_missing_glyph),
	        cmocka_unit_test(test_data_unknown_reference),
	        cmocka_unit_test(test_data_unknown_glyph),
	        cmocka_unit_test(test_data_non_rectangular),
	        cmocka_unit_test(test_data_player_start),
	        cmocka_unit_test(test_data_no_exit),
	        cmocka_unit_test(test_data_map_block),
	        cmocka_unit_test(test_data_placement_on_blocked_cell),
	        cmocka_unit_test(test_data_door_rules),
	        cmocka_unit_test(test_data_no_consequences),
	        cmocka_unit_test(test_data_limits),
	        cmocka_unit_test(test_data_diagnostics_are_capped),
	        cmocka_unit_test(test_data_quoted_words_escaped),
	        cmocka_unit_test(test_data_include_missing),
	        cmocka_unit_test(test_data_include_empty),
	        cmocka_unit_test(test_data_include_cycle),
	        cmocka_unit_test(test_data_include_depth),
	        cmocka_unit_test(test_data_include_once),
	        cmocka_unit_test(test_data_crlf_accepted),
	        cmocka_unit_test(test_data_bom_accepted),
	        cmocka_unit_test(test_data_nul_byte),
	        cmocka_unit_test(test_data_nul_byte_first),
	        cmocka_unit_test(test_data_binary_garbage),
	        cmocka_unit_test(test_data_empty_file),
	        cmocka_unit_test(test_data_missing_file),
	        cmocka_unit_test(test_data_loads_records),
	        cmocka_unit_test(test_data_grid_per_monster),
	        cmocka_unit_test(test_data_reachability_warnings),
	        cmocka_unit_test(test_data_shipped_files_pass),
	        cmocka_unit_test(test_data_shipped_glyphs_differ),
	        cmocka_unit_test(test_data_movingai_map),
	};

	return tap_run(tests, setup, teardown);
}
