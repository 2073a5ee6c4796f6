/* SPDX-License-Identifier: MIT */
/* test_campaign.c - a run of levels: the stairs of one lead down to the
 * next, with the player's wounds and the turn count carried over, the
 * last one's out of the dungeon; a level that cannot be made ends the
 * game on the stairs and says why. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/tap.h"

static const struct world_cmd east = {WCMD_MOVE, 1, 0};

/* Level 1: two steps east to the stairs.  Level 2: three. */
static const char *const rows[] = {
        "######\n"
        "#@.>.#\n"
        "######\n",
        "#######\n"
        "#@..>.#\n"
        "#######\n",
};

struct levels {
	int asked[8];
	int nasked;
	uint64_t seeds[8];
	int fail_at; /* the level that cannot be made, 0: none */
};

static struct data *level(void *ctx, int depth, uint64_t seed,
                          struct diag_list *diags)
{
	struct levels *l = ctx;

	l->asked[l->nasked] = depth;
	l->seeds[l->nasked++] = seed;
	if (depth == l->fail_at) {
		diag_add(diags, DIAG_ERROR, "test", 1, 1, NULL, 0, NULL,
		         "no such level");
		return NULL;
	}
	return dungeon_load(dungeon_kinds, dungeon_legend,
	                    rows[(depth - 1) % 2]);
}

static void test_campaign_stairs_lead_down(void **state)
{
	struct levels l = {{0}, 0, {0}, 0};
	struct game *g;
	const struct world *w1;
	size_t e;
	int down = 0, w1php_max;

	(void)state;
	g = game_new(dungeon_load(dungeon_kinds, dungeon_legend, rows[0]), 77,
	             -1, NULL, NULL);
	assert_non_null(g);
	game_campaign(g, 3, level, &l);
	assert_int_equal(g->depth, 1);
	w1 = g->world;
	w1php_max = w1->php_max;
	g->world->php = 17;
	assert_int_equal(game_step(g, east), 1);
	assert_int_equal(l.nasked, 0);
	/* The stairs: down to level 2, a new world, the turns kept, the
	 * player grown and healed, and the planners' counts of the run so
	 * far. */
	g->minds->stats.plans = 7;
	g->minds->stats.distmaps = 3;
	assert_int_equal(game_step(g, east), 1);
	assert_int_equal(g->minds->stats.plans, 7);
	assert_int_equal(g->minds->stats.distmaps, 3);
	assert_int_equal(l.nasked, 1);
	assert_int_equal(l.asked[0], 2);
	assert_true(l.seeds[0] == game_level_seed(77, 2));
	assert_true(game_level_seed(77, 2) != 77);
	assert_true(game_level_seed(77, 1) == 77);
	assert_true(g->world != w1);
	assert_int_equal(g->depth, 2);
	assert_int_equal(g->world->state, WORLD_PLAYING);
	assert_int_equal(g->world->php_max, w1php_max + WORLD_GROWTH_HP);
	assert_int_equal(g->world->php, g->world->php_max);
	assert_int_equal(g->world->turn, 2);
	assert_int_equal(g->world->width, 7);
	for (e = 0; e < g->world->events.len; e++)
		if (g->world->events.items[e].kind == WEV_DESCENDED) {
			assert_int_equal(g->world->events.items[e].value, 2);
			down++;
		}
	assert_int_equal(down, 1);
	/* Level 2's stairs to level 3, whose stairs lead out. */
	game_step(g, east);
	game_step(g, east);
	assert_int_equal(game_step(g, east), 1);
	assert_int_equal(g->depth, 3);
	assert_int_equal(g->world->turn, 5);
	game_step(g, east);
	assert_int_equal(game_step(g, east), -1);
	assert_int_equal(g->world->state, WORLD_WON);
	assert_int_equal(g->depth, 3);
	assert_int_equal(l.nasked, 2);
	assert_string_equal(g->level_error, "");
	game_free(g);
}

static void test_campaign_level_that_cannot_be_made(void **state)
{
	struct levels l = {{0}, 0, {0}, 2};
	struct game *g;

	(void)state;
	g = game_new(dungeon_load(dungeon_kinds, dungeon_legend, rows[0]), 5,
	             -1, NULL, NULL);
	assert_non_null(g);
	game_campaign(g, 4, level, &l);
	game_step(g, east);
	assert_int_equal(game_step(g, east), -1);
	assert_int_equal(g->depth, 1);
	assert_int_equal(g->world->state, WORLD_WON);
	assert_string_equal(g->level_error,
	                    "level 2 could not be made: no such level");
	game_free(g);
}

/* The same seed and commands, the same run, level after level. */
static void test_campaign_same_seed_same_run(void **state)
{
	uint64_t sums[2][6];
	int run, t;

	(void)state;
	for (run = 0; run < 2; run++) {
		struct levels l = {{0}, 0, {0}, 0};
		struct game *g = game_new(
		        dungeon_load(dungeon_kinds, dungeon_legend, rows[0]), 9,
		        -1, NULL, NULL);

		game_campaign(g, 3, level, &l);
		for (t = 0; t < 6; t++) {
			game_step(g, east);
			sums[run][t] = game_checksum(g);
		}
		game_free(g);
	}
	assert_memory_equal(sums[0], sums[1], sizeof(sums[0]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_campaign_stairs_lead_down),
	        cmocka_unit_test(test_campaign_level_that_cannot_be_made),
	        cmocka_unit_test(test_campaign_same_seed_same_run),
	};

	return tap_run(tests, NULL, NULL);
}
