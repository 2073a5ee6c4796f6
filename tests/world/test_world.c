/* SPDX-License-Identifier: MIT */
/* test_world.c - the rules of the world on small hand-made dungeons:
 * speed and energy, the player's doors and keys, sight, the command
 * letters.  Each test is something a player would notice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "core/world/cmd.h"
#include "core/world/fov.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/tap.h"

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

static void test_world_speed_and_energy(void **state)
{
	static const char map[] = "#################\n"
	                          "#f..............#\n"
	                          "#...............#\n"
	                          "#w..............#\n"
	                          "###############@#\n"
	                          "#>..............#\n"
	                          "#################\n";
	struct game *g;
	struct world *w;
	int t, fast_moves = 0, slow_moves = 0;
	size_t e;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	dungeon_tell(g, 0);
	dungeon_tell(g, 1);
	/* They walk towards the player (15,4), far enough away that
	 * neither arrives within the 6 turns counted. */
	for (t = 0; t < 6; t++) {
		assert_int_equal(game_step(g, wait_cmd), 1);
		for (e = 0; e < w->events.len; e++)
			if (w->events.items[e].kind == WEV_MOVED) {
				fast_moves += w->events.items[e].actor == 0;
				slow_moves += w->events.items[e].actor == 1;
			}
	}
	assert_int_equal(fast_moves, 12);
	assert_int_equal(slow_moves, 3);
	assert_int_equal(w->turn, 6);
	game_free(g);
}

static void test_world_player_doors_and_keys(void **state)
{
	static const char map[] = "#########\n"
	                          "#@+..=.>#\n"
	                          "#########\n";
	struct game *g;
	struct world *w;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	/* Bumping a closed door opens it and takes the turn. */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(world_terrain_at(w, 2, 1)->door, DATA_DOOR_OPEN);
	assert_int_equal(w->px, 1);
	/* Closing it again, then opening with the open command. */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_CLOSE, 1, 0}), 1);
	assert_int_equal(world_terrain_at(w, 2, 1)->door, DATA_DOOR_CLOSED);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_OPEN, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	/* The gate is locked and there is no key: no time passes. */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 0);
	assert_int_equal(w->events.items[0].kind, WEV_DOOR_LOCKED);
	/* Walls take no time either. */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 0, 1}), 0);
	/* With the key the gate opens, and the stairs win. */
	w->keys = 1;
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), -1);
	assert_int_equal(w->state, WORLD_WON);
	game_free(g);
}

static void test_world_sight(void **state)
{
	static const char map[] = "###########\n"
	                          "#@...#...o#\n"
	                          "#....+....#\n"
	                          "#........>#\n"
	                          "###########\n";
	struct game *g;
	struct world *w;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	/* Walls block sight, closed doors too, open floor does not. */
	assert_false(fov_sees(w, 9, 1, 1, 1, 30));
	assert_false(fov_sees(w, 9, 2, 1, 2, 30));
	assert_true(fov_sees(w, 9, 3, 1, 3, 30));
	assert_false(fov_sees(w, 9, 3, 1, 3, 5));
	world_set_terrain(w, 5, 2, data_terrain_find(w->data, "door_open"));
	assert_true(fov_sees(w, 9, 2, 1, 2, 30));
	game_free(g);
}

/* A sandbox edit goes through the rules: the cell changes, the change
 * log the minds read has it, and no time passes; a refused edit changes
 * nothing; undoing is the inverse edit. */
static void test_world_edit(void **state)
{
	static const char map[] = "##########\n"
	                          "#@.....w>#\n"
	                          "##########\n";
	struct game *g;
	struct world *w;
	uint32_t serial;
	int wall, floor, energy;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	wall = data_terrain_find(w->data, "wall");
	floor = data_terrain_find(w->data, "floor");
	serial = w->change_serial;
	energy = w->monsters[0].energy;

	assert_int_equal(
	        game_edit(g, (struct cmd_edit){CMD_EDIT_PAINT, 0, 4, 1, wall}),
	        0);
	assert_int_equal(w->terrain[world_idx(w, 4, 1)], wall);
	assert_int_equal(w->change_serial, serial + 1);
	assert_int_equal(world_change(w, w->change_serial)->x, 4);
	assert_int_equal(w->turn, 0);
	assert_int_equal(w->monsters[0].x, 7);
	assert_int_equal(w->monsters[0].energy, energy);

	/* Nobody may be walled in, nor stand in a wall. */
	assert_int_equal(
	        game_edit(g, (struct cmd_edit){CMD_EDIT_PAINT, 0, 7, 1, wall}),
	        -1);
	assert_int_equal(
	        game_edit(g, (struct cmd_edit){CMD_EDIT_PUT, -1, 4, 1, 0}), -1);
	assert_int_equal(
	        game_edit(g, (struct cmd_edit){CMD_EDIT_PAINT, 0, 40, 1, wall}),
	        -1);
	assert_int_equal(
	        game_edit(g, (struct cmd_edit){CMD_EDIT_PUT, 5, 3, 1, 0}), -1);
	assert_int_equal(w->change_serial, serial + 1);

	assert_int_equal(
	        game_edit(g, (struct cmd_edit){CMD_EDIT_PUT, -1, 3, 1, 0}), 0);
	assert_int_equal(w->px, 3);
	assert_int_equal(
	        game_edit(g, (struct cmd_edit){CMD_EDIT_PUT, 0, 5, 1, 0}), 0);
	assert_int_equal(w->monsters[0].x, 5);
	assert_int_equal(world_monster_at(w, 5, 1), 0);
	assert_int_equal(world_monster_at(w, 7, 1), -1);

	/* The inverse edit undoes the paint, as a change of its own. */
	assert_int_equal(
	        game_edit(g, (struct cmd_edit){CMD_EDIT_PAINT, 0, 4, 1, floor}),
	        0);
	assert_int_equal(w->terrain[world_idx(w, 4, 1)], floor);
	assert_int_equal(w->change_serial, serial + 2);
	assert_int_equal(w->turn, 0);
	game_free(g);
}

/* The command letters round-trip. */
static void test_world_cmd_letters(void **state)
{
	static const char *const good[] = {"h", "j", "k", "l", "y",  "u",
	                                   "b", "n", ".", "g", "oh", "cn"};
	size_t i;
	struct world_cmd c;
	char buf[CMD_LETTERS_MAX + 1];

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		assert_int_equal(cmd_parse(good[i], &c), strlen(good[i]));
		assert_int_equal(cmd_format(c, buf), strlen(good[i]));
		assert_string_equal(buf, good[i]);
	}
	assert_int_equal(cmd_parse("x", &c), 0);
	assert_int_equal(cmd_parse("o", &c), 0);
	assert_int_equal(cmd_parse("o.", &c), 0);
	assert_int_equal(cmd_parse("", &c), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_world_speed_and_energy),
	        cmocka_unit_test(test_world_player_doors_and_keys),
	        cmocka_unit_test(test_world_sight),
	        cmocka_unit_test(test_world_cmd_letters),
	        cmocka_unit_test(test_world_edit),
	};

	return tap_run(tests, NULL, NULL);
}
