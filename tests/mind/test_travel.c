/* SPDX-License-Identifier: MIT */
/* test_travel.c - the player's own path-finding on random small
 * dungeons: travel takes the cheapest way over the map as the player
 * knows it (checked against a textbook Dijkstra that shares no code with
 * the engine), walks it without coming back to a cell while the map stays
 * as it was, plans once to do so, and never sets foot on what the player
 * has not seen; explore ends having seen every cell it could reach; run
 * stops at a door and rest until healed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "core/mind/travel.h"
#include "core/world/fov.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/map.h"
#include "lib/oracle.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

#define W 16
#define H 12

/* A room the size of the random dungeons, the player in it: its data
 * (the shipped terrain) is all the random dungeons need. */
static const char room[] = "################\n"
                           "#..............#\n"
                           "#..............#\n"
                           "#..............#\n"
                           "#..............#\n"
                           "#......@.......#\n"
                           "#..............#\n"
                           "#..............#\n"
                           "#..............#\n"
                           "#..............#\n"
                           "#.............>#\n"
                           "################\n";

struct kinds {
	int floor, wall, mud, water, lava, door, locked;
};

static struct kinds find_kinds(const struct world *w)
{
	struct kinds k;

	k.floor = data_terrain_find(w->data, "floor");
	k.wall = data_terrain_find(w->data, "wall");
	k.mud = data_terrain_find(w->data, "mud");
	k.water = data_terrain_find(w->data, "shallow_water");
	k.lava = data_terrain_find(w->data, "lava");
	k.door = data_terrain_find(w->data, "door_closed");
	k.locked = data_terrain_find(w->data, "gate_locked");
	assert_true(k.floor >= 0 && k.wall >= 0 && k.mud >= 0 && k.water >= 0 &&
	            k.lava >= 0 && k.door >= 0 && k.locked >= 0);
	return k;
}

/* A random dungeon in w: walls round the edge, inside a mix of floor,
 * walls, mud, water, lava and doors.  The stairs are taken away, so that
 * no walk ends the game. */
static void random_dungeon(struct world *w, const struct kinds *k,
                           struct splitmix *r)
{
	int x, y;

	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++) {
			const uint32_t p = splitmix_below(r, 100);
			int t = k->floor;

			if (x == 0 || y == 0 || x == w->width - 1 ||
			    y == w->height - 1 || p < 20)
				t = k->wall;
			else if (p < 30)
				t = k->mud;
			else if (p < 36)
				t = k->water;
			else if (p < 40)
				t = k->lava;
			else if (p < 45)
				t = k->door;
			else if (p < 47)
				t = k->locked;
			w->terrain[world_idx(w, x, y)] = (uint8_t)t;
		}
	w->exit_x = w->exit_y = -1;
	w->keys = 0;
}

/* A random open cell (floor), or 0 when the dungeon has none. */
static int random_floor(const struct world *w, const struct kinds *k,
                        struct splitmix *r, int *x, int *y)
{
	int tries;

	for (tries = 0; tries < 1000; tries++) {
		*x = (int)splitmix_below(r, (uint32_t)w->width);
		*y = (int)splitmix_below(r, (uint32_t)w->height);
		if (w->terrain[world_idx(w, *x, *y)] == k->floor)
			return 1;
	}
	return 0;
}

/* What the player pays to enter terrain t, by the rules as the manual
 * states them, written here apart from travel.c: a walkable terrain its
 * cost, a closed door the cost of the open door it becomes, a locked gate
 * nothing without its key, lava (harmful) nothing unless it is the cell
 * picked. */
static uint8_t oracle_cost(const struct world *w, int t, int target)
{
	const struct data_terrain *tt = &w->data->terrain[t];

	if (tt->door == DATA_DOOR_CLOSED && tt->bump_opens)
		tt = &w->data->terrain[tt->opens_to];
	else if (tt->door == DATA_DOOR_LOCKED || !tt->walk)
		return 0;
	if (tt->harm > 0 && !target)
		return 0;
	return tt->cost;
}

/* The map as the player knows it, as the oracle's map. */
static void known_map(const struct world *w, struct test_map *m, int tx, int ty)
{
	int x, y;

	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++) {
			const int r = (int)w->memory[world_idx(w, x, y)] - 1;

			test_map_set(
			        m, x, y,
			        r < 0 ? 0
			              : oracle_cost(w, r, x == tx && y == ty));
		}
	/* The start is where the player stands, whatever it is. */
	if (!test_map_at(m, w->px, w->py))
		test_map_set(m, w->px, w->py, 1);
}

/* 10,000 travels on random dungeons the player knows in part: the
 * route costs what the oracle's Dijkstra finds, is a legal walk over
 * known cells, and walking it on the unchanged map visits no cell twice
 * and plans once. */
static void test_travel_cheapest_known_way(void **state)
{
	struct game *g = dungeon_play(room, 1, NULL);
	struct world *w = g->world;
	const struct kinds k = find_kinds(w);
	const struct test_costs costs = {10, 14};
	struct travel *t = travel_new(w);
	struct test_map m;
	struct oracle o;
	struct splitmix r = {UINT64_C(0x7a3e11)};
	uint8_t *visited = calloc((size_t)(W * H), 1);
	int n, found = 0, none = 0;

	(void)state;
	assert_non_null(t);
	assert_non_null(visited);
	assert_int_equal(w->width, W);
	test_map_init(&m, W, H, 0);
	oracle_init(&o, (size_t)(W * H));
	for (n = 0; n < 10000; n++) {
		int px, py, tx, ty, x, y, res;
		size_t len, i;
		const struct path_point *route;
		uint64_t want, sum = 0;

		random_dungeon(w, &k, &r);
		if (!random_floor(w, &k, &r, &px, &py) ||
		    !random_floor(w, &k, &r, &tx, &ty))
			continue;
		/* The player knows about five cells in six. */
		for (y = 0; y < H; y++)
			for (x = 0; x < W; x++)
				w->memory[world_idx(w, x, y)] =
				        splitmix_below(&r, 6)
				                ? (uint8_t)(w->terrain[world_idx(
				                                    w, x, y)] +
				                            1)
				                : 0;
		w->memory[world_idx(w, tx, ty)] =
		        (uint8_t)(w->terrain[world_idx(w, tx, ty)] + 1);
		/* The player always sees where it stands. */
		w->memory[world_idx(w, px, py)] =
		        (uint8_t)(w->terrain[world_idx(w, px, py)] + 1);
		w->px = px;
		w->py = py;
		known_map(w, &m, tx, ty);
		oracle_dijkstra(&o, &m, PATH_DIAG_NO_CORNER, &costs, px, py);
		want = o.dist[(size_t)ty * W + (size_t)tx];
		res = travel_plan(t, w, tx, ty);
		if (px == tx && py == ty) {
			assert_int_equal(res, TRAVEL_ARRIVED);
			continue;
		}
		if (want == ORACLE_UNREACHED) {
			assert_int_equal(res, TRAVEL_NO_WAY);
			none++;
			continue;
		}
		assert_int_equal(res, TRAVEL_STEP);
		found++;
		assert_int_equal(t->route_cost, want);
		route = travel_route(t, &len);
		assert_true(len >= 2);
		assert_int_equal(route[0].x, px);
		assert_int_equal(route[0].y, py);
		assert_int_equal(route[len - 1].x, tx);
		assert_int_equal(route[len - 1].y, ty);
		for (i = 1; i < len; i++) {
			uint64_t c = 0;

			assert_true(oracle_step(&m, PATH_DIAG_NO_CORNER, &costs,
			                        route[i - 1].x, route[i - 1].y,
			                        route[i].x, route[i].y, &c));
			assert_true(w->memory[world_idx(w, route[i].x,
			                                route[i].y)] != 0);
			sum += c;
		}
		assert_int_equal(sum, want);
		/* Walked on the unchanged map: one step a turn, no cell
		 * twice, one search for it all. */
		memset(visited, 0, (size_t)(W * H));
		visited[py * W + px] = 1;
		{
			const uint32_t searches = t->searches;
			struct world_cmd cmd;
			size_t steps = 0;
			enum travel_stop s;

			while ((s = travel_next(t, w, &cmd)) == TRAVEL_STEP) {
				assert_int_equal(cmd.kind, WCMD_MOVE);
				w->px += cmd.dx;
				w->py += cmd.dy;
				assert_false(visited[w->py * W + w->px]);
				visited[w->py * W + w->px] = 1;
				assert_true(++steps < len);
			}
			assert_int_equal(s, TRAVEL_ARRIVED);
			assert_int_equal(steps, len - 1);
			assert_int_equal(t->searches, searches);
		}
	}
	/* The dungeons were mixed enough to try both answers. */
	assert_true(found > 3000);
	assert_true(none > 300);
	oracle_fini(&o);
	test_map_fini(&m);
	free(visited);
	travel_free(t);
	game_free(g);
}

/* Explore on random dungeons, played turn by turn: it says "explored"
 * having seen every cell the player could walk to from its start (by
 * the oracle's costs, harmful ground left out, doors opened), and it
 * stops only then. */
static void test_travel_explore_sees_everything(void **state)
{
	struct game *g = dungeon_play(room, 1, NULL);
	struct world *w = g->world;
	const struct kinds k = find_kinds(w);
	struct travel *t = travel_new(w);
	struct test_map m;
	struct oracle o;
	struct splitmix r = {UINT64_C(0xe8b10e)};
	int n, big = 0;

	(void)state;
	assert_non_null(t);
	test_map_init(&m, W, H, 0);
	oracle_init(&o, (size_t)(W * H));
	for (n = 0; n < 300; n++) {
		int px, py, x, y, turns = 0, reach;
		struct world_cmd cmd;
		enum travel_stop s;

		random_dungeon(w, &k, &r);
		if (!random_floor(w, &k, &r, &px, &py))
			continue;
		memset(w->memory, 0, (size_t)(W * H));
		w->px = px;
		w->py = py;
		fov_update(w);
		/* What could be reached at all, on the true map. */
		for (y = 0; y < H; y++)
			for (x = 0; x < W; x++)
				test_map_set(
				        &m, x, y,
				        oracle_cost(
				                w,
				                w->terrain[world_idx(w, x, y)],
				                0));
		reach = (int)oracle_bfs(&o, &m, PATH_DIAG_NO_CORNER, px, py,
		                        NULL);
		if (reach > 40)
			big++;
		s = (enum travel_stop)travel_explore(t, w);
		while (s == TRAVEL_STEP) {
			s = travel_next(t, w, &cmd);
			if (s == TRAVEL_STEP) {
				assert_int_equal(game_step(g, cmd), 1);
				assert_true(++turns < 4 * W * H);
			}
		}
		ASSERT_GAME(g, s == TRAVEL_EXPLORED);
		for (y = 0; y < H; y++)
			for (x = 0; x < W; x++)
				if (o.steps[(size_t)y * W + (size_t)x] >= 0)
					ASSERT_GAME(g, fov_remembered(w, x,
					                              y) >= 0);
	}
	assert_true(big > 50);
	oracle_fini(&o);
	test_map_fini(&m);
	travel_free(t);
	game_free(g);
}

/* Explore picks up the key it sees on its way, and so goes on through
 * the gate it opens to the room behind, which it then sees whole; the
 * stairs it never walks onto. */
static void test_travel_explore_takes_keys(void **state)
{
	static const char legend[] = "legend '#' wall\n"
	                             "legend '.' floor\n"
	                             "legend '=' gate_locked\n"
	                             "legend '-' floor key iron_key\n"
	                             "legend '@' floor player\n"
	                             "legend '>' stairs exit\n";
	static const char rows[] = "####################\n"
	                           "#@.......#.........#\n"
	                           "#........#.........#\n"
	                           "#........=.........#\n"
	                           "#........#.........#\n"
	                           "#.......-#........>#\n"
	                           "####################\n";
	struct game *g = dungeon_game(dungeon_kinds, legend, rows, 1, NULL);
	struct world *w = g->world;
	struct travel *t = travel_new(w);
	struct world_cmd cmd;
	enum travel_stop s;
	int turns = 0, x, y;

	(void)state;
	s = (enum travel_stop)travel_explore(t, w);
	while (s == TRAVEL_STEP) {
		s = travel_next(t, w, &cmd);
		if (s == TRAVEL_STEP) {
			ASSERT_GAME(g, game_step(g, cmd) == 1);
			assert_true(++turns < 200);
		}
	}
	ASSERT_GAME(g, s == TRAVEL_EXPLORED);
	assert_int_equal(w->state, WORLD_PLAYING);
	assert_true(data_key_find(w->data, "iron_key") >= 0);
	assert_true(w->keys >> data_key_find(w->data, "iron_key") & 1);
	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++)
			ASSERT_GAME(g, fov_remembered(w, x, y) >= 0);
	travel_free(t);
	game_free(g);
}

/* Runs along a corridor, round its bend, and stops before the door at
 * its end; the run never opens it. */
static void test_travel_run_stops_at_door(void **state)
{
	static const char map[] = "##########\n"
	                          "#@.....###\n"
	                          "######.###\n"
	                          "######.###\n"
	                          "######+###\n"
	                          "#........#\n"
	                          "#.......>#\n"
	                          "##########\n";
	struct game *g = dungeon_play(map, 1, NULL);
	struct world *w = g->world;
	struct travel *t = travel_new(w);
	struct world_cmd cmd;
	enum travel_stop s;
	int turns = 0;

	(void)state;
	travel_run(t, w, 1, 0);
	while ((s = travel_next(t, w, &cmd)) == TRAVEL_STEP) {
		game_step(g, cmd);
		assert_true(++turns < 20);
	}
	assert_int_equal(s, TRAVEL_DOOR);
	assert_int_equal(w->px, 6);
	assert_int_equal(w->py, 3);
	assert_int_equal(world_terrain_at(w, 6, 4)->door, DATA_DOOR_CLOSED);
	travel_free(t);
	game_free(g);
}

/* Rest waits until whole again, then stops and says so. */
static void test_travel_rest_until_healed(void **state)
{
	struct game *g = dungeon_play(room, 1, NULL);
	struct world *w = g->world;
	struct travel *t = travel_new(w);
	struct world_cmd cmd;
	enum travel_stop s;
	int turns = 0;

	(void)state;
	w->php = w->php_max - 3;
	travel_rest(t, w);
	while ((s = travel_next(t, w, &cmd)) == TRAVEL_STEP) {
		assert_int_equal(cmd.kind, WCMD_WAIT);
		game_step(g, cmd);
		assert_true(++turns <= TRAVEL_REST_TURNS);
	}
	assert_int_equal(s, TRAVEL_HEALED);
	assert_int_equal(w->php, w->php_max);
	assert_true(turns >= 3 * WORLD_REGEN_TURNS - WORLD_REGEN_TURNS);
	travel_free(t);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_travel_cheapest_known_way),
	        cmocka_unit_test(test_travel_explore_sees_everything),
	        cmocka_unit_test(test_travel_explore_takes_keys),
	        cmocka_unit_test(test_travel_run_stops_at_door),
	        cmocka_unit_test(test_travel_rest_until_healed),
	};

	return tap_run(tests, NULL, NULL);
}
