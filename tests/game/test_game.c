/* SPDX-License-Identifier: MIT */
/* test_game.c - whole games: the same seed and commands give the same
 * game, event for event, and a turn that ends the game counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/data/data.h"
#include "core/game.h"
#include "core/mind/autopilot.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/tap.h"

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

/* The same seed and commands give the same game, event for event: the
 * careful autopilot's, which lives through a hundred turns of this
 * crowd (the straight one is caught in the streets within forty). */
static void test_game_deterministic(void **state)
{
	uint64_t sums[2];
	int run;

	(void)state;
	for (run = 0; run < 2; run++) {
		struct game *g = dungeon_shipped("crowd.txt", 5, 30);
		struct world *w = g->world;
		struct autopilot *ap;
		int t;

		ap = autopilot_new_style(w, AUTOPILOT_CAREFUL);
		assert_non_null(ap);
		sums[run] = 0;
		for (t = 0; t < 150 && w->state == WORLD_PLAYING; t++) {
			struct world_cmd c;

			autopilot_next(ap, w, &c);
			if (game_step(g, c) == 0)
				game_step(g, wait_cmd);
			dungeon_check_occupancy(w);
			sums[run] = sums[run] * 31 + game_checksum(g);
		}
		assert_true(t >= 100);
		autopilot_free(ap);
		game_free(g);
	}
	assert_true(sums[0] == sums[1]);
}

/* The move that reaches the exit is a turn: three steps to the stairs
 * are three turns, as the summary and the end of the game both say. */
static void test_game_win_counts_its_turn(void **state)
{
	static const char map[] = "#######\n"
	                          "#@..>.#\n"
	                          "#######\n"
	                          "#.....#\n"
	                          "#w....#\n"
	                          "#######\n";
	const struct world_cmd east = {WCMD_MOVE, 1, 0};
	struct game *g;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	assert_int_equal(game_step(g, east), 1);
	assert_int_equal(g->world->turn, 1);
	assert_int_equal(game_step(g, east), 1);
	assert_int_equal(game_step(g, east), -1);
	assert_int_equal(g->world->state, WORLD_WON);
	assert_int_equal(g->world->turn, 3);
	/* Nothing more happens after the end. */
	assert_int_equal(game_step(g, wait_cmd), -1);
	assert_int_equal(g->world->turn, 3);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_game_deterministic),
	        cmocka_unit_test(test_game_win_counts_its_turn),
	};

	return tap_run(tests, NULL, NULL);
}
