/* SPDX-License-Identifier: MIT */
/* test_tools.c - the player's tools on small hand-made dungeons: each
 * tool's rule (caltrops make ground dear, a noise draws the hearing, a
 * wedge shuts a door for all but a brute, smoke hides the player), the
 * pack they are kept in, and the letters of the command that uses one.
 * Each is a change a monster re-plans by. */
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
#include "lib/fixture.h"
#include "lib/tap.h"

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

/* A hunter by A*, one by greedy best-first, one that breaks doors, one
 * that unlocks them, one that only opens them: all see far. */
static const char tool_kinds[] =
        "include \"../terrain.txt\"\n"
        "monster astar\n"
        "\tglyph 'a' color red speed 100 hp 50 attack 1 sight 30\n"
        "\topens_doors yes drift 0 budget 0\n"
        "monster greedy\n"
        "\tglyph 'g' color red speed 100 hp 50 attack 1 sight 30\n"
        "\topens_doors yes drift 0 budget 0 algorithm greedy\n"
        "monster brute\n"
        "\tglyph 'b' color red speed 100 hp 50 attack 1 sight 30\n"
        "\tbashes_doors yes drift 0 budget 0\n"
        "monster thief\n"
        "\tglyph 't' color red speed 100 hp 50 attack 1 sight 30\n"
        "\tunlocks_doors yes drift 0 budget 0\n"
        "monster smith\n"
        "\tglyph 'm' color red speed 100 hp 50 attack 1 sight 30\n"
        "\tunlocks_doors yes bashes_doors yes drift 0 budget 0\n";

static const char tool_legend[] = "legend '#' wall\n"
                                  "legend '.' floor\n"
                                  "legend '+' door_closed\n"
                                  "legend \"'\" door_open\n"
                                  "legend '@' floor player\n"
                                  "legend '>' stairs exit\n"
                                  "legend 'C' floor key caltrops_bag\n"
                                  "legend 'N' floor key noisemaker\n"
                                  "legend 'W' floor key wedge\n"
                                  "legend 'S' floor key smoke_bomb\n"
                                  "legend 'a' floor monster astar\n"
                                  "legend 'g' floor monster greedy\n"
                                  "legend 'b' floor monster brute\n"
                                  "legend 't' floor monster thief\n"
                                  "legend 'm' floor monster smith\n";

static struct game *tool_game(const char *rows)
{
	struct game *g = dungeon_game(tool_kinds, tool_legend, rows, 1, NULL);

	/* The tests watch the monsters: the player does not die. */
	g->world->php = g->world->php_max = 100000;
	return g;
}

static int tool_item(const struct world *w, const char *name)
{
	int k = data_key_find(w->data, name);

	assert_true(k >= 0);
	return k;
}

/* Whether monster i's kept path crosses terrain t. */
static int tool_path_crosses(const struct game *g, size_t i, int t)
{
	const struct mind *mi = &g->minds->mind[i];
	const struct world *w = g->world;
	size_t k;

	for (k = mi->pos; k < mi->len; k++)
		if (w->terrain[world_idx(w, mi->path[k].x, mi->path[k].y)] == t)
			return 1;
	return 0;
}

static void test_tools_letters_round_trip(void **state)
{
	static const char *const good[] = {"a0h", "a3.", "a2u", "a9n", "a?j"};
	static const char *const bad[] = {"a", "a0", "a0x", "a 0", "a/h"};
	struct world_cmd c;
	char buf[CMD_LETTERS_MAX + 1];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		assert_int_equal(cmd_parse(good[i], &c), 3);
		assert_true(world_cmd_item(c) >= 0);
		assert_int_equal(cmd_format(c, buf), 3);
		assert_string_equal(buf, good[i]);
	}
	c = world_cmd_use(2, 0, 0);
	assert_int_equal(cmd_format(c, buf), 3);
	assert_string_equal(buf, "a2.");
	c = world_cmd_use(1, -1, 1);
	assert_int_equal(cmd_format(c, buf), 3);
	assert_string_equal(buf, "a1b");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(cmd_parse(bad[i], &c), 0);
	assert_int_equal(world_cmd_item(wait_cmd), -1);
}

static void test_tools_go_in_the_pack(void **state)
{
	static const char map[] = "#######\n"
	                          "#@C...#\n"
	                          "#....>#\n"
	                          "#######\n";
	struct game *g = tool_game(map);
	struct world *w = g->world;
	const int k = tool_item(w, "caltrops_bag");
	const uint64_t keys = w->keys;

	(void)state;
	assert_int_equal(w->pack[k], 0);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(w->pack[k], 1);
	assert_true(w->keys == keys); /* a tool is no key */
	/* Used, it is gone; with none left, using one takes no turn. */
	assert_int_equal(game_step(g, world_cmd_use(k, 1, 0)), 1);
	assert_int_equal(w->pack[k], 0);
	assert_int_equal(game_step(g, world_cmd_use(k, 1, 0)), 0);
	game_free(g);
}

/* Caltrops: the A* hunter goes round the dear cells, the greedy one
 * walks into them; both re-plan because the ground changed; the
 * caltrops are gone after their turns. */
static void test_tools_caltrops_dear_ground(void **state)
{
	static const char map[] = "#########\n"
	                          "#@.....>#\n"
	                          "#.#####.#\n"
	                          "#.#####.#\n"
	                          "#...a...#\n"
	                          "#########\n";
	static const char greedy_map[] = "#########\n"
	                                 "#@.....>#\n"
	                                 "#.#####.#\n"
	                                 "#.#####.#\n"
	                                 "#...g...#\n"
	                                 "#########\n";
	const char *const maps[] = {map, greedy_map};
	size_t m;

	(void)state;
	for (m = 0; m < 2; m++) {
		struct game *g = tool_game(maps[m]);
		struct world *w = g->world;
		const int k = tool_item(w, "caltrops_bag");
		const int t = data_terrain_find(w->data, "caltrops");
		const struct data_key *dk = &w->data->keys[k];
		int turn;

		w->pack[k] = 1;
		dungeon_tell(g, 0);
		assert_int_equal(game_step(g, wait_cmd), 1);
		/* Round the left, the short way. */
		ASSERT_GAME(g, dungeon_path_has(&g->minds->mind[0], 1, 3));
		assert_int_equal(game_step(g, world_cmd_use(k, 0, 1)), 1);
		assert_int_equal(w->terrain[world_idx(w, 1, 4)], t);
		assert_int_equal(w->terrain[world_idx(w, 1, 3)], t);
		assert_int_equal(g->minds->mind[0].last_reason, REPLAN_CHANGED);
		if (m == 0)
			ASSERT_GAME(g,
			            !tool_path_crosses(g, 0, t) &&
			                    dungeon_path_has(&g->minds->mind[0],
			                                     7, 2));
		else
			ASSERT_GAME(g, tool_path_crosses(g, 0, t));
		/* The caltrops lie their turns, then are gone. */
		for (turn = 1; turn < dk->turns; turn++)
			game_step(g, wait_cmd);
		assert_int_equal(w->terrain[world_idx(w, 1, 3)],
		                 data_terrain_find(w->data, "floor"));
		game_free(g);
	}
}

/* A noise-maker: a guard out of sight that hears it goes to look, one
 * beyond its reach does not. */
static void test_tools_noise_draws_the_hearing(void **state)
{
	static const char map[] = "##############################\n"
	                          "#@...........................#\n"
	                          "############.#################\n"
	                          "#...........a..........#....>#\n"
	                          "##############################\n";
	struct game *g = tool_game(map);
	struct world *w = g->world;
	const int k = tool_item(w, "noisemaker");
	const struct data_key *dk = &w->data->keys[k];
	struct mind *mi = &g->minds->mind[0];
	size_t e;
	int heard = 0;

	(void)state;
	w->pack[k] = 2;
	assert_int_equal(game_step(g, wait_cmd), 1);
	assert_int_not_equal(mi->mode, MIND_CHASE);
	/* Thrown east: it lands range cells away, within the guard's
	 * hearing. */
	assert_int_equal(game_step(g, world_cmd_use(k, 1, 0)), 1);
	for (e = 0; e < w->events.len; e++)
		if (w->events.items[e].kind == WEV_HEARD &&
		    w->events.items[e].actor == 0) {
			heard = 1;
			assert_int_equal(w->events.items[e].x, 1 + dk->range);
			assert_int_equal(w->events.items[e].value, k + 1);
		}
	assert_true(heard);
	assert_int_equal(mi->mode, MIND_SEARCH);
	assert_int_equal(mi->goal_x, 1 + dk->range);
	assert_int_equal(mi->goal_y, 1);
	assert_true(dungeon_path_has(mi, 12, 2));
	game_free(g);
}

/* A wedge: the door shuts and opens for nobody, not the player, not a
 * monster that unlocks doors; a brute breaks it. */
static void test_tools_wedge_holds_but_for_brutes(void **state)
{
	static const char map[] = "##########\n"
	                          "#@'....>t#\n"
	                          "##########\n";
	static const char *const brute_maps[] = {"##########\n"
	                                         "#@'....>b#\n"
	                                         "##########\n",
	                                         "##########\n"
	                                         "#@'....>m#\n"
	                                         "##########\n"};
	struct game *g = tool_game(map);
	struct world *w = g->world;
	const int k = tool_item(w, "wedge");
	const int wedged = data_terrain_find(w->data, "door_wedged");
	int turn, m;

	(void)state;
	w->pack[k] = 1;
	dungeon_tell(g, 0);
	assert_int_equal(game_step(g, world_cmd_use(k, 1, 0)), 1);
	assert_int_equal(w->terrain[world_idx(w, 2, 1)], wedged);
	assert_int_equal(w->pack[k], 0);
	/* The player cannot open it... */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_OPEN, 1, 0}), 0);
	assert_int_equal(w->terrain[world_idx(w, 2, 1)], wedged);
	/* ...nor can the thief, who opens locked doors. */
	for (turn = 0; turn < 30; turn++)
		game_step(g, wait_cmd);
	assert_int_equal(w->terrain[world_idx(w, 2, 1)], wedged);
	assert_true(w->monsters[0].x > 2);
	game_free(g);

	/* A brute breaks it; so does one that has keys too, which no key
	 * helps here. */
	for (m = 0; m < 2; m++) {
		g = tool_game(brute_maps[m]);
		w = g->world;
		w->pack[k] = 1;
		dungeon_tell(g, 0);
		assert_int_equal(game_step(g, world_cmd_use(k, 1, 0)), 1);
		assert_int_equal(w->terrain[world_idx(w, 2, 1)], wedged);
		for (turn = 0;
		     turn < 60 && w->terrain[world_idx(w, 2, 1)] == wedged;
		     turn++)
			game_step(g, wait_cmd);
		assert_int_equal(w->terrain[world_idx(w, 2, 1)],
		                 data_terrain_find(w->data, "door_open"));
		game_free(g);
	}
}

/* Smoke: a hunter that saw the player loses sight of it and goes to
 * where it saw it last. */
static void test_tools_smoke_breaks_sight(void **state)
{
	static const char map[] = "####################\n"
	                          "#.......@.........a#\n"
	                          "#..................#\n"
	                          "#>.................#\n"
	                          "####################\n";
	struct game *g = tool_game(map);
	struct world *w = g->world;
	const int k = tool_item(w, "smoke_bomb");
	struct mind *mi = &g->minds->mind[0];
	size_t e;
	int lost = 0;

	(void)state;
	w->pack[k] = 1;
	assert_int_equal(game_step(g, wait_cmd), 1);
	assert_int_equal(mi->mode, MIND_CHASE);
	assert_int_equal(game_step(g, world_cmd_use(k, 0, 0)), 1);
	assert_true(world_terrain_at(w, 9, 1)->opaque);
	for (e = 0; e < w->events.len; e++)
		lost |= w->events.items[e].kind == WEV_LOST_SIGHT &&
		        w->events.items[e].actor == 0;
	assert_true(lost);
	assert_int_equal(mi->mode, MIND_SEARCH);
	assert_int_equal(mi->last_x, 8);
	assert_int_equal(mi->last_y, 1);
	game_free(g);
}

/* A tool that lays terrain must say which: the loader says so, at the
 * tool's record. */
static void test_tools_need_what_they_lay(void **state)
{
	static const char bad[] = "include \"../terrain.txt\"\n"
	                          "key bad_bag\n"
	                          "\tglyph '~' use caltrops range 3\n";
	char name[1024];
	struct diag_list dl;
	struct data *d = data_new();
	size_t i;
	int said = 0;

	(void)state;
	snprintf(name, sizeof(name), "%s/data/maps/test.txt", fixture_srcdir());
	diag_list_init(&dl, 0);
	assert_int_not_equal(data_load_buffer(d, name, bad, strlen(bad), &dl),
	                     0);
	for (i = 0; i < dl.len; i++)
		said |= strstr(dl.items[i].message, "tool 'bad_bag' needs "
		                                    "'makes'") != NULL &&
		        dl.items[i].line == 2;
	assert_true(said);
	diag_list_fini(&dl);
	data_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_tools_letters_round_trip),
	        cmocka_unit_test(test_tools_go_in_the_pack),
	        cmocka_unit_test(test_tools_caltrops_dear_ground),
	        cmocka_unit_test(test_tools_noise_draws_the_hearing),
	        cmocka_unit_test(test_tools_wedge_holds_but_for_brutes),
	        cmocka_unit_test(test_tools_smoke_breaks_sight),
	        cmocka_unit_test(test_tools_need_what_they_lay),
	};

	return tap_run(tests, NULL, NULL);
}
