/* SPDX-License-Identifier: MIT */
/* test_vary.c - levels that vary with the seed: what vary, deal and
 * shuffle draw, that a seed always draws the same variant, the problems
 * of the rules at their file:line:col, --check's sample of seeds naming
 * the seed and the rule of a broken variant, and the shipped levels: at
 * least 50 distinct starts each over seeds 1-100, every one reachable. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <dirent.h>

#include "core/base/diag.h"
#include "core/data/data.h"
#include "core/game.h"
#include "lib/fixture.h"
#include "lib/tap.h"

/* Eight lines before the rules: with the shipped monsters. */
#define PRE                                                                    \
	"include \"../monsters.txt\"\n"                                        \
	"dungeon t\n"                                                          \
	"legend '#' wall\n"                                                    \
	"legend '.' floor\n"                                                   \
	"legend '@' floor player\n"                                            \
	"legend '>' stairs exit\n"                                             \
	"legend 'g' floor monster goblin\n"                                    \
	"legend '+' door_closed\n"

struct loaded {
	struct data *d;
	struct diag_list dl;
	int rc;
	char name[1024];
};

/* text as if it were data/maps/t.txt, so that it includes the shipped
 * monsters. */
static void load(struct loaded *l, const char *text)
{
	snprintf(l->name, sizeof(l->name), "%s/data/maps/t.txt",
	         fixture_srcdir());
	l->d = data_new();
	assert_non_null(l->d);
	diag_list_init(&l->dl, 0);
	l->rc = data_load_buffer(l->d, l->name, text, strlen(text), &l->dl);
}

static void unload(struct loaded *l)
{
	diag_list_fini(&l->dl);
	data_free(l->d);
}

static void expect_diag(const struct loaded *l, size_t i, int line, int col,
                        const char *msg)
{
	if (i >= l->dl.len)
		fail_msg("expected problem #%zu '%s', got %zu", i, msg,
		         l->dl.len);
	assert_int_equal(l->dl.items[i].line, line);
	assert_int_equal(l->dl.items[i].col, col);
	assert_string_equal(l->dl.items[i].message, msg);
}

static size_t count(const struct data_map *m, char g)
{
	size_t i, n = 0;

	for (i = 0; i < (size_t)m->width * (size_t)m->height; i++)
		n += m->glyphs[i] == g;
	return n;
}

static uint64_t hash(const struct data_map *m)
{
	uint64_t h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i < (size_t)m->width * (size_t)m->height; i++)
		h = (h ^ (unsigned char)m->glyphs[i]) * 1099511628211ull;
	return h;
}

static const char rules_map[] = PRE "vary 'A' '#' 1 '+' 3\n"    /* line 9 */
                                    "deal 'x' 'g' 2 '.' rest\n" /* line 10 */
                                    "shuffle 'P' 'Q'\n"         /* line 11 */
                                    "vary 'P' '#'\n"            /* line 12 */
                                    "vary 'Q' '.'\n"            /* line 13 */
                                    "MAP\n"
                                    "############\n"
                                    "#@.xxxx..PP#\n"
                                    "#....AAA.QQ#\n"
                                    "#..xxxx...>#\n"
                                    "############\n"
                                    "ENDMAP\n";

/* Each rule draws what it says; a seed draws the same variant again. */
static void test_vary_rules_draw(void **state)
{
	struct loaded l;
	uint64_t seed, seen[200];
	size_t nseen = 0, i, doors = 0, patches[2] = {0, 0};

	(void)state;
	load(&l, rules_map);
	assert_int_equal(l.rc, 0);
	for (seed = 1; seed <= 200; seed++) {
		const struct data_map *m = l.d->map;
		uint64_t h;
		char p0;

		assert_int_equal(data_vary(l.d, seed, &l.dl), 0);
		assert_int_equal(count(m, 'g'), 2);
		assert_int_equal(count(m, 'x') + count(m, 'A'), 0);
		assert_int_equal(count(m, '#') + count(m, '+') + count(m, '.'),
		                 (size_t)(m->width * m->height) - 4);
		doors += count(m, '+');
		/* The patches stay whole: one is wall, the other floor. */
		p0 = m->glyphs[1 * m->width + 9];
		assert_true(p0 == '#' || p0 == '.');
		assert_int_equal(m->glyphs[1 * m->width + 10], p0);
		assert_int_equal(m->glyphs[2 * m->width + 9],
		                 p0 == '#' ? '.' : '#');
		patches[p0 == '#']++;
		assert_int_equal(m->nplaces, 4); /* player, exit, goblins */
		h = hash(m);
		assert_int_equal(data_vary(l.d, seed, &l.dl), 0);
		assert_int_equal(hash(m), h);
		for (i = 0; i < nseen && seen[i] != h; i++)
			;
		if (i == nseen)
			seen[nseen++] = h;
	}
	assert_int_equal(l.dl.len, 0);
	/* Weights 1:3 over 600 cells. */
	assert_in_range(doors, 380, 520);
	assert_true(patches[0] > 50 && patches[1] > 50);
	assert_true(nseen > 100);
	unload(&l);
}

/* The world is made from the variant its seed draws. */
static void test_vary_world_draws_its_seed(void **state)
{
	struct loaded l, m;
	struct game *g;
	size_t i, cells;

	(void)state;
	load(&l, rules_map);
	load(&m, rules_map);
	assert_int_equal(data_vary(m.d, 17, &m.dl), 0);
	g = game_new(l.d, 17, -1, NULL, &l.dl);
	assert_non_null(g);
	cells = (size_t)m.d->map->width * (size_t)m.d->map->height;
	for (i = 0; i < cells; i++)
		assert_int_equal(g->world->terrain[i], m.d->map->cells[i]);
	assert_int_equal(g->world->nmonsters, 2);
	for (i = 0; i < g->world->nmonsters; i++)
		assert_int_equal(
		        m.d->map->glyphs[(size_t)g->world->monsters[i].y *
		                                 m.d->map->width +
		                         g->world->monsters[i].x],
		        'g');
	game_free(g);
	diag_list_fini(&l.dl);
	unload(&m);
}

static void expect_one(const char *text, int line, int col, const char *msg)
{
	struct loaded l;

	load(&l, text);
	assert_int_equal(l.rc, -1);
	expect_diag(&l, 0, line, col, msg);
	/* One mistake, one message: a rule not understood leaves its marks
	 * alone. */
	assert_int_equal(l.dl.errors, 1);
	unload(&l);
}

#define ROWS "MAP\n#####\n#@A>#\n#####\nENDMAP\n"

/* Each mistake in a rule at its own line and column. */
static void test_vary_parse_errors(void **state)
{
	(void)state;
	expect_one(PRE "vary 'A'\n" ROWS, 9, 9,
	           "'vary' needs the glyphs the marked cells become, as in "
	           "vary 'A' '#' 3 '.' 1");
	expect_one(PRE "vary 'A' '#' 0\n" ROWS, 9, 14,
	           "'vary' must be an integer from 1 to 1000, got '0'");
	expect_one(PRE "vary A '#'\n" ROWS, 9, 6,
	           "'vary' must be one printable ASCII character in quotes, "
	           "as in '#', got 'A'");
	expect_one(PRE "deal 'A' '.' 1\n" ROWS, 9, 15,
	           "a deal ends with the glyph the cells left over become, "
	           "as in '.' rest");
	expect_one(PRE "deal 'A' '.' rest '#' 1\n" ROWS, 9, 19,
	           "nothing may follow 'rest' in a deal");
	expect_one(PRE "deal 'A' '.' lots\n" ROWS, 9, 14,
	           "'deal' must be an integer from 0 to 65536, got 'lots'");
	expect_one(PRE "shuffle 'A'\n" ROWS, 9, 9,
	           "'shuffle' needs at least two glyphs, as in shuffle 'A' "
	           "'B'");
	expect_one(PRE "shuffle 'A' 'B' 'A'\n" ROWS, 9, 17,
	           "glyph 'A' is twice in the shuffle");
	expect_one(PRE "vary 'A' '?'\n" ROWS, 9, 10,
	           "glyph '?' is not in the legend");
	expect_one(PRE "vary 'B' '.'\nMAP\n######\n#@AB>#\n######\n"
	               "ENDMAP\n",
	           12, 3, "unknown glyph 'A' (not in the legend)");
	expect_one("include \"../monsters.txt\"\nvary 'A' '.'\n", 2, 1,
	           "'vary' outside a dungeon (start one with 'dungeon "
	           "NAME')");
	/* A deal that leaves no player start: at the rule, with the seed. */
	expect_one(PRE "deal 'A' '@' 0 '.' rest\n"
	               "MAP\n#####\n#AA>#\n#####\nENDMAP\n",
	           9, 1, "seed 1: no player start on the map");
}

/* --check draws seeds 1..100 and says which seed breaks the level, at
 * the rule that did it. */
static void test_vary_check_names_seed_and_rule(void **state)
{
	struct data *d = data_new();
	struct diag_list dl;
	char path[1024];
	int n;

	(void)state;
	snprintf(path, sizeof(path), "%s/tests/fixtures/walled.txt",
	         fixture_srcdir());
	diag_list_init(&dl, 0);
	assert_int_equal(data_load(d, path, &dl), 0);
	n = data_check_reachable(d, &dl);
	assert_true(n >= 1);
	assert_int_equal(dl.items[0].severity, DIAG_WARNING);
	assert_int_equal(dl.items[0].line, 16);
	assert_int_equal(dl.items[0].col, 1);
	assert_non_null(strstr(dl.items[0].message, "seed "));
	assert_non_null(strstr(dl.items[0].message,
	                       "cannot be reached from the player start"));
	assert_string_equal(dl.items[0].source, "vary 'A' '#' 1 '.' 3");
	diag_list_fini(&dl);
	data_free(d);
}

/* Every shipped level: at least 50 distinct starts over seeds 1-100,
 * and --check's sample of them all reachable. */
static void test_vary_shipped_levels_differ(void **state)
{
	char dir[1024];
	DIR *dp;
	struct dirent *e;
	int maps = 0;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/data/maps", fixture_srcdir());
	dp = opendir(dir);
	assert_non_null(dp);
	while ((e = readdir(dp)) != NULL) {
		char path[2048];
		struct data *d;
		struct diag_list dl;
		uint64_t seen[100], seed;
		size_t n = strlen(e->d_name), nseen = 0, i;

		if (n < 5 || strcmp(e->d_name + n - 4, ".txt"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		d = data_new();
		diag_list_init(&dl, 0);
		assert_int_equal(data_load(d, path, &dl), 0);
		if (data_check_reachable(d, &dl) != 0 || dl.len)
			fail_msg("%s:%d:%d: %s", dl.items[0].file,
			         dl.items[0].line, dl.items[0].col,
			         dl.items[0].message);
		for (seed = 1; seed <= 100; seed++) {
			uint64_t h;

			assert_int_equal(data_vary(d, seed, &dl), 0);
			h = hash(d->map);
			for (i = 0; i < nseen && seen[i] != h; i++)
				;
			if (i == nseen)
				seen[nseen++] = h;
		}
		if (nseen < 50)
			fail_msg("%s: %zu distinct starts over seeds 1-100",
			         e->d_name, nseen);
		diag_list_fini(&dl);
		data_free(d);
		maps++;
	}
	closedir(dp);
	assert_true(maps >= 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_vary_rules_draw),
	        cmocka_unit_test(test_vary_world_draws_its_seed),
	        cmocka_unit_test(test_vary_parse_errors),
	        cmocka_unit_test(test_vary_check_names_seed_and_rule),
	        cmocka_unit_test(test_vary_shipped_levels_differ),
	};

	return tap_run(tests, NULL, NULL);
}
