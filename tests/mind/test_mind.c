/* SPDX-License-Identifier: MIT */
/* test_mind.c - the monsters' minds on small hand-made dungeons: doors
 * opened or gone around, lava avoided, a door shut in a monster's face,
 * crowds in corridors, unreachable players, lost sight, shared distance
 * maps.  Each test is something a player would notice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "core/mind/mind.h"
#include "core/path/dlite.h"
#include "core/path/path.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/tap.h"

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

/* The door is the short way into the player's room; the way round is
 * long but open. */
static void test_mind_door_opener_goes_through(void **state)
{
	static const char map[] = "###############\n"
	                          "#.............#\n"
	                          "#.###########.#\n"
	                          "#.#....o....#.#\n"
	                          "#.#....s....#.#\n"
	                          "#.#.........#.#\n"
	                          "#.#####+#####.#\n"
	                          "#.#.........#.#\n"
	                          "#.#....@....#.#\n"
	                          "#.#.........#.#\n"
	                          "#.#####'#####.#\n"
	                          "#.............#\n"
	                          "#>............#\n"
	                          "###############\n";
	struct game *g;
	struct world *w;
	int t, shut_through_door = 0;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	dungeon_tell(g, 0);
	dungeon_tell(g, 1);
	assert_int_equal(game_step(g, wait_cmd), 1);
	/* The opener plans through the door at (7,6), the other cannot. */
	assert_true(dungeon_path_has(&g->minds->mind[0], 7, 6));
	assert_false(dungeon_path_has(&g->minds->mind[1], 7, 6));
	/* The room above is closed except for that door: the shut one is
	 * stuck until the opener opens it. */
	for (t = 0; t < 40; t++) {
		game_step(g, wait_cmd);
		dungeon_check_occupancy(w);
		if (w->monsters[1].y >= 6)
			shut_through_door = 1;
	}
	ASSERT_GAME(g, dungeon_adjacent(w, 0));
	/* Once the opener opened the door, the shut one came through it
	 * too (the door is open now, so it may). */
	assert_int_equal(world_terrain_at(w, 7, 6)->door, DATA_DOOR_OPEN);
	assert_true(shut_through_door);
	game_free(g);
}

/* A monster held up behind another that fights the player, where the
 * only other way to it goes 25 steps round a ring: the way through the
 * fighter is cheaper with the crowd priced in, and the long way costs
 * more than a detour may at first; in the end it takes the long way, and
 * keeps to it, instead of waiting behind the fight for ever (or setting
 * off round the ring and turning back), under the automatic strategy
 * and with every monster searching alone. */
static void test_mind_goes_round_a_fight(void **state)
{
	static const char map[] = "###############\n"
	                          "#>............#\n"
	                          "#.###########.#\n"
	                          "#..oo@........#\n"
	                          "###############\n";
	static const enum mind_strategy strategy[] = {MIND_STRATEGY_AUTO,
	                                              MIND_STRATEGY_ASTAR};
	size_t s;

	(void)state;
	for (s = 0; s < 2; s++) {
		struct mind_options o;
		struct game *g;
		struct world *w;
		size_t back;
		int t;

		mind_options_default(&o);
		o.strategy = strategy[s];
		g = dungeon_play(map, 1, &o);
		w = g->world;
		back = w->monsters[0].x == 3 ? 0 : 1;
		dungeon_tell(g, 0);
		dungeon_tell(g, 1);
		for (t = 0; t < 80 && !dungeon_adjacent(w, back); t++) {
			game_step(g, wait_cmd);
			dungeon_check_occupancy(w);
			/* The one in front fights the whole time. */
			ASSERT_GAME(g, dungeon_adjacent(w, 1 - back));
		}
		printf("# %s: round the fight in %d turns\n",
		       mind_strategy_name(o.strategy), t);
		ASSERT_GAME(g, dungeon_adjacent(w, back) &&
		                       w->monsters[back].x == 6);
		game_free(g);
	}
}

static void test_mind_non_opener_goes_around(void **state)
{
	static const char map[] = "###############\n"
	                          "#.............#\n"
	                          "#.###########.#\n"
	                          "#.'....s....#.#\n"
	                          "#.#.........#.#\n"
	                          "#.#####+#####.#\n"
	                          "#.#....@....#.#\n"
	                          "#.#.........'.#\n"
	                          "#.###########.#\n"
	                          "#>............#\n"
	                          "###############\n";
	struct game *g;
	struct world *w;
	int t;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	dungeon_tell(g, 0);
	game_step(g, wait_cmd);
	assert_false(dungeon_path_has(&g->minds->mind[0], 7, 5));
	assert_true(dungeon_path_has(&g->minds->mind[0], 2, 3));
	for (t = 0; t < 40 && !dungeon_adjacent(w, 0); t++)
		game_step(g, wait_cmd);
	assert_true(dungeon_adjacent(w, 0));
	/* It never opened the door. */
	assert_int_equal(world_terrain_at(w, 7, 5)->door, DATA_DOOR_CLOSED);
	game_free(g);
}

static void test_mind_lava_avoided(void **state)
{
	static const char map[] = "###########\n"
	                          "#o.LLLL..@#\n"
	                          "#.#######.#\n"
	                          "#.........#\n"
	                          "#l#######>#\n"
	                          "###########\n";
	struct game *g;
	struct world *w;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	dungeon_tell(g, 0);
	dungeon_tell(g, 1);
	game_step(g, wait_cmd);
	/* Lava costs 20 a step: the way round (row 3) is cheaper. */
	assert_false(dungeon_path_has(&g->minds->mind[0], 4, 1));
	assert_true(dungeon_path_has(&g->minds->mind[0], 5, 3));
	/* The lava-shy kind never plans into lava. */
	assert_false(dungeon_path_has(&g->minds->mind[1], 4, 1));
	game_free(g);
	/* With the way round walled off, the opener crosses the lava and
	 * the lava-shy one does not even try. */
	{
		static const char map2[] = "###########\n"
		                           "#o.LLLL..@#\n"
		                           "#.#######.#\n"
		                           "#....#....#\n"
		                           "#l#######>#\n"
		                           "###########\n";
		int t;

		g = dungeon_play(map2, 1, NULL);
		w = g->world;
		dungeon_tell(g, 0);
		dungeon_tell(g, 1);
		game_step(g, wait_cmd);
		assert_true(dungeon_path_has(&g->minds->mind[0], 4, 1));
		assert_true(g->minds->mind[1].unreachable);
		for (t = 0; t < 40; t++)
			game_step(g, wait_cmd);
		assert_true(dungeon_adjacent(w, 0));
		assert_false(
		        world_terrain_at(w, w->monsters[1].x, w->monsters[1].y)
		                ->cost > 1);
		game_free(g);
	}
}

/* Closing a door in one monster's face re-routes it; the other monsters,
 * whose paths do not use the door, keep theirs: one invalidation. */
static void test_mind_closed_door_invalidates_one(void **state)
{
	static const char map[] = "#################\n"
	                          "#o..............#\n"
	                          "#.#############.#\n"
	                          "#.#.s.s.s.s.s.#.#\n"
	                          "#.#...........#.#\n"
	                          "#.#############.#\n"
	                          "#.'@............#\n"
	                          "#>###############\n"
	                          "#################\n";
	struct mind_options o;
	struct game *g;
	struct world *w;
	int t;

	(void)state;
	/* Every monster hunts the player (a monster only told where it was
	 * would hear the door slam and go there instead). */
	mind_options_default(&o);
	o.hunt = 1;
	g = dungeon_play(map, 1, &o);
	w = g->world;
	game_step(g, wait_cmd);
	/* The opener's shortest way runs down the left side and through
	 * the open door at (2,6). */
	assert_true(dungeon_path_has(&g->minds->mind[0], 2, 6));
	for (t = 0; t < 2; t++)
		game_step(g, wait_cmd);
	/* The shut monsters in the closed room wander or wait; their paths
	 * never touch the door. */
	assert_int_equal(g->minds->stats.invalidations, 0);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_CLOSE, -1, 0}),
	                 1);
	assert_int_equal(g->minds->stats.invalidations, 1);
	assert_int_equal(g->minds->mind[0].last_reason, REPLAN_CHANGED);
	assert_int_equal(g->minds->mind[0].invalid_x, 2);
	assert_int_equal(g->minds->mind[0].invalid_y, 6);
	/* It opens the door (it can) and reaches the player anyway. */
	for (t = 0; t < 30 && !dungeon_adjacent(w, 0); t++)
		game_step(g, wait_cmd);
	assert_true(dungeon_adjacent(w, 0));
	game_free(g);
}

/* At the spot where it lost the player, and nothing there, a monster
 * searches round about: a few more places within 5 cells, then back to
 * its post. */
static void test_mind_searches_round_the_last_spot(void **state)
{
	static const char map[] = "###############\n"
	                          "#s............#\n"
	                          "#.............#\n"
	                          "#.............#\n"
	                          "#.............#\n"
	                          "###############\n"
	                          "#@...........>#\n"
	                          "###############\n";
	struct game *g;
	struct world *w;
	struct mind *mi;
	int t, spots = 0, home = 0, lx, ly;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	mi = &g->minds->mind[0];
	/* As if it had lost sight of the player at (7,3). */
	mi->mode = MIND_SEARCH;
	mi->seen = 1;
	mi->last_x = 7;
	mi->last_y = 3;
	mi->search_left = 3;
	lx = 7;
	ly = 3;
	for (t = 0; t < 80 && !home; t++) {
		game_step(g, wait_cmd);
		if (mi->mode == MIND_SEARCH &&
		    (mi->last_x != lx || mi->last_y != ly)) {
			/* A new place to look, near the last. */
			ASSERT_GAME(g, abs(mi->last_x - lx) <= 5 &&
			                       abs(mi->last_y - ly) <= 5);
			lx = mi->last_x;
			ly = mi->last_y;
			spots++;
		}
		home = mi->mode == MIND_GUARD;
	}
	ASSERT_GAME(g, spots >= 1 && spots <= 3);
	ASSERT_GAME(g, home);
	(void)w;
	game_free(g);
}

/* What the minds hold: the part that grows with the monsters, and the
 * part that grows with the map, each counted where it grows. */
static void test_mind_bytes_grow_where_they_should(void **state)
{
	static const char small[] = "########\n"
	                            "#o....@#\n"
	                            "#>.....#\n"
	                            "########\n";
	static const char crowd[] = "########\n"
	                            "#ooooo@#\n"
	                            "#>.....#\n"
	                            "########\n";
	static const char big[] = "################################\n"
	                          "#o............................@#\n"
	                          "#..............................#\n"
	                          "#..............................#\n"
	                          "#..............................#\n"
	                          "#>.............................#\n"
	                          "################################\n";
	size_t mon[3], map[3];
	const char *const rows[3] = {small, crowd, big};
	int k;

	(void)state;
	for (k = 0; k < 3; k++) {
		struct game *g = dungeon_play(rows[k], 1, NULL);
		size_t i;

		for (i = 0; i < g->world->nmonsters; i++)
			dungeon_tell(g, i);
		game_step(g, wait_cmd);
		minds_bytes(g->minds, &mon[k], &map[k]);
		assert_true(mon[k] >=
		            g->world->nmonsters * sizeof(struct mind));
		assert_true(map[k] > 0);
		game_free(g);
	}
	/* Five monsters hold more than one, on the same map. */
	assert_true(mon[1] > mon[0]);
	assert_true(map[1] >= map[0]);
	/* A map 5 times as big holds more map-wide. */
	assert_true(map[2] > map[0]);
}

static int cheb(int ax, int ay, int bx, int by)
{
	return abs(ax - bx) > abs(ay - by) ? abs(ax - bx) : abs(ay - by);
}

/* A map bigger than the tick's budget is a far map: it grows a budget at
 * a time over several ticks, is kept while the player steps back and
 * forth near its root, and serves the orcs at the far end of the hall
 * (more than eight times as far from the root as the player went) but not
 * the one beside the player, which searches for itself. */
static void test_mind_far_map_serves_the_far_chasers(void **state)
{
	enum { W = 150, H = 30, BUDGET = 500, TICKS = 40 };
	char *rows = malloc((size_t)(W + 1) * H + 1), *r = rows;
	const int px = W - 4, py = H / 2;
	struct mind_options o;
	struct game *g;
	int x, y, t, before[4], shared_far = 0, shared_near = 0;
	int rx = -1, ry = -1;
	uint32_t planned[4] = {0, 0, 0, 0};
	uint64_t cells = 0;
	size_t i;

	(void)state;
	assert_non_null(rows);
	for (y = 0; y < H; y++) {
		for (x = 0; x < W; x++)
			*r++ = y == 0 || y == H - 1 || x == 0 || x == W - 1
			               ? '#'
			       : x == px && y == py                     ? '@'
			       : x == 1 && y == H - 2                   ? '>'
			       : y == 2 && (x == 2 || x == 4 || x == 6) ? 'o'
			       : x == px - 3 && y == py - 3             ? 'o'
			                                                : '.';
		*r++ = '\n';
	}
	*r = '\0';
	mind_options_default(&o);
	o.hunt = 1;
	o.strategy = MIND_STRATEGY_DISTMAP;
	o.turn_budget = BUDGET; /* the hall holds 4,144 cells */
	g = dungeon_play(rows, 1, &o);
	for (i = 0; i < 4; i++)
		before[i] = cheb(g->world->monsters[i].x,
		                 g->world->monsters[i].y, px, py);
	ASSERT_GAME(g, before[3] == 3 && before[0] > 130);
	for (t = 0; t < TICKS; t++) {
		const struct mind_stats *st = &g->minds->stats;
		uint64_t c0 = st->distmap_cells;

		/* One step out and one back: the map's root is never more
		 * than a step away. */
		game_step(g, (struct world_cmd){WCMD_MOVE, t % 2 ? 1 : -1, 0});
		ASSERT_GAME(g, g->world->state == WORLD_PLAYING);
		/* Never more cells a tick than the budget. */
		ASSERT_GAME(g, st->distmap_cells - c0 <= BUDGET);
		cells = st->distmap_cells;
		if (st->distmaps && rx < 0) { /* where the map started */
			rx = g->world->px;
			ry = g->world->py;
		}
		for (i = 0; i < 4; i++) {
			const struct mind *mi = &g->minds->mind[i];

			/* Ways read off the map this tick lead to its root. */
			if (mi->plan_turn == planned[i])
				continue;
			planned[i] = mi->plan_turn;
			if (mi->cache != MIND_CACHE_SHARED)
				continue;
			ASSERT_GAME(g, mi->path[mi->len - 1].x == rx &&
			                       mi->path[mi->len - 1].y == ry);
			if (i < 3)
				shared_far++;
			else if (g->world->px != rx || g->world->py != ry)
				shared_near++;
		}
	}
	/* One map, grown over ticks to the far end, never started again. */
	ASSERT_GAME(g, g->minds->stats.distmaps == 1);
	ASSERT_GAME(g, cells > 3000);
	ASSERT_GAME(g, shared_far > 0);
	ASSERT_GAME(g, shared_near == 0);
	/* The far orcs walked their ways off it, and close in. */
	for (i = 0; i < 3; i++)
		ASSERT_GAME(g, cheb(g->world->monsters[i].x,
		                    g->world->monsters[i].y, px,
		                    py) <= before[i] - 15);
	game_free(g);
	free(rows);
}

/* A far map that has grown past a wall which then opens (a door bashed
 * in, say) cannot reach the chamber behind it: it is made afresh, and
 * the orcs in the chamber, out of reach until then and standing, read
 * their first ways off the new one (searching for themselves, they would
 * walk what their searches took before the budget ran out), and come
 * out.  The orc in the hall waits at the end of a corridor, the cell
 * farthest from the player, so the map has settled the whole hall when
 * it reaches it; the player steps once off the map's root, so it stays
 * a far map. */
static void test_mind_far_map_made_again_when_a_wall_opens(void **state)
{
	enum { W = 150, H = 34, HALL = 29, BUDGET = 500, WALL = 60 };
	char *rows = malloc((size_t)(W + 1) * H + 1), *r = rows;
	const int px = W - 4, py = HALL / 2;
	struct mind_options o;
	struct game *g;
	struct world *w;
	int x, y, t;
	uint64_t maps;
	uint8_t first[3] = {0, 0, 0};
	size_t i;

	(void)state;
	assert_non_null(rows);
	for (y = 0; y < H; y++) {
		for (x = 0; x < W; x++)
			*r++ = x == WALL + 1 && y >= HALL && y < H - 1
			               ? (y == H - 2 ? 'o' : '.')
			       : y == 0 || y >= HALL || x == 0 || x == W - 1 ||
			                       x == WALL
			               ? '#'
			       : x == px && y == py                     ? '@'
			       : x == W - 2 && y == HALL - 1            ? '>'
			       : y == 2 && (x == 2 || x == 4 || x == 6) ? 'o'
			                                                : '.';
		*r++ = '\n';
	}
	*r = '\0';
	mind_options_default(&o);
	o.hunt = 1;
	o.strategy = MIND_STRATEGY_DISTMAP;
	o.turn_budget = BUDGET;
	g = dungeon_play(rows, 1, &o);
	w = g->world;
	/* The map grows to the orc in the hall, past the wall's cells; the
	 * player steps off its root and stays, so it stays a far map. */
	game_step(g, wait_cmd);
	game_step(g, (struct world_cmd){WCMD_MOVE, -1, 0});
	for (t = 0; t < 30; t++)
		game_step(g, wait_cmd);
	ASSERT_GAME(g, g->minds->mind[3].cache == MIND_CACHE_SHARED);
	for (i = 0; i < 3; i++)
		ASSERT_GAME(g, w->monsters[i].x < WALL &&
		                       g->minds->mind[i].unreachable);
	maps = g->minds->stats.distmaps;
	world_set_terrain(w, WALL, py, data_terrain_find(w->data, "floor"));
	for (t = 0; t < 100; t++) {
		game_step(g, wait_cmd);
		for (i = 0; i < 3; i++)
			if (!first[i] && g->minds->mind[i].len)
				first[i] = g->minds->mind[i].cache;
	}
	printf("after the wall opened: %llu maps made; the chamber's orcs' "
	       "first ways %s, %s, %s; at x %d, %d, %d\n",
	       (unsigned long long)(g->minds->stats.distmaps - maps),
	       mind_cache_name((enum mind_cache)first[0]),
	       mind_cache_name((enum mind_cache)first[1]),
	       mind_cache_name((enum mind_cache)first[2]), w->monsters[0].x,
	       w->monsters[1].x, w->monsters[2].x);
	ASSERT_GAME(g, g->minds->stats.distmaps > maps);
	for (i = 0; i < 3; i++)
		ASSERT_GAME(g, first[i] == MIND_CACHE_SHARED &&
		                       w->monsters[i].x > WALL);
	game_free(g);
	free(rows);
}

/* A 60x40 room with the player near one corner, orcs ('o') at the given
 * cells, hunting by a shared map. */
static struct game *lazy_room(const int *ox, const int *oy, size_t n)
{
	enum { W = 60, H = 40 };
	static char rows[(W + 1) * H + 1];
	struct mind_options o;
	char *r = rows;
	int x, y;
	size_t i;

	for (y = 0; y < H; y++) {
		for (x = 0; x < W; x++) {
			char c = y == 0 || y == H - 1 || x == 0 || x == W - 1
			                 ? '#'
			         : x == W - 4 && y == H - 4 ? '@'
			         : x == 1 && y == H - 2     ? '>'
			                                    : '.';

			for (i = 0; i < n; i++)
				if (ox[i] == x && oy[i] == y)
					c = 'o';
			*r++ = c;
		}
		*r++ = '\n';
	}
	*r = '\0';
	mind_options_default(&o);
	o.hunt = 1;
	o.strategy = MIND_STRATEGY_DISTMAP;
	return dungeon_play(rows, 1, &o);
}

/* A shared map settles cells only as far as its readers need: three orcs
 * a few steps from the player read their ways off a map of a few dozen
 * cells, where the room holds 2,204; an orc at the far corner makes the
 * same map grow to it, and every way read off it is the cheapest (the
 * orcs all close in by one step). */
static void test_mind_map_settles_as_far_as_read(void **state)
{
	static const int nx[] = {53, 56, 50}, ny[] = {36, 33, 33};
	static const int fx[] = {53, 56, 50, 1}, fy[] = {36, 33, 33, 1};
	const int px = 56, py = 36;
	int before[4];
	struct game *g;
	size_t i;

	(void)state;
	g = lazy_room(nx, ny, 3);
	game_step(g, wait_cmd);
	ASSERT_GAME(g, g->minds->stats.distmaps == 1);
	ASSERT_GAME(g, g->minds->stats.map_paths == 3);
	ASSERT_GAME(g, g->minds->stats.distmap_cells > 0 &&
	                       g->minds->stats.distmap_cells < 100);
	game_free(g);

	g = lazy_room(fx, fy, 4);
	for (i = 0; i < 4; i++)
		before[i] = cheb(g->world->monsters[i].x,
		                 g->world->monsters[i].y, px, py);
	game_step(g, wait_cmd);
	ASSERT_GAME(g, g->minds->stats.distmaps == 1);
	ASSERT_GAME(g, g->minds->stats.map_paths == 4);
	/* Out to the far corner: nearly the whole room. */
	ASSERT_GAME(g, g->minds->stats.distmap_cells > 2000);
	for (i = 0; i < 4; i++) {
		const struct world_monster *m = &g->world->monsters[i];

		ASSERT_GAME(g, cheb(m->x, m->y, px, py) == before[i] - 1);
	}
	game_free(g);
}

/* Five monsters come down a one-wide corridor into the player's room:
 * no deadlock, never two in a cell, all five end up around the player. */
static void test_mind_corridor_no_deadlock(void **state)
{
	static const char map[] = "###########\n"
	                          "#sssss....#\n"
	                          "#########.#\n"
	                          "#.........#\n"
	                          "#.........#\n"
	                          "#....@....#\n"
	                          "#.........#\n"
	                          "#>........#\n"
	                          "###########\n";
	struct game *g;
	struct world *w;
	size_t i;
	int t, all = 0;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	for (t = 0; t < 60 && !all; t++) {
		for (i = 0; i < w->nmonsters; i++)
			dungeon_tell(g, i);
		game_step(g, wait_cmd);
		dungeon_check_occupancy(w);
		all = 1;
		for (i = 0; i < w->nmonsters; i++)
			all &= dungeon_adjacent(w, i);
	}
	ASSERT_GAME(g, all);
	game_free(g);
}

/* A crowd chasing a player who stands still: no monster ever steps back
 * and forth between two cells. */
static void test_mind_no_oscillation(void **state)
{
	static const char map[] = "#####################\n"
	                          "#s.s.s.s.s.s.s.s.s.s#\n"
	                          "#.##.###.###.###.##.#\n"
	                          "#.#...#...#...#...#.#\n"
	                          "#...#...#.@.#...#...#\n"
	                          "#.#...#...#...#...#.#\n"
	                          "#s.s.s.s.s.s.s.s.s.>#\n"
	                          "#####################\n";
	struct game *g;
	struct world *w;
	int *hx, *hy, t;
	size_t i, n;

	(void)state;
	g = dungeon_play(map, 3, NULL);
	w = g->world;
	n = w->nmonsters;
	hx = calloc(n * 3, sizeof(*hx));
	hy = calloc(n * 3, sizeof(*hy));
	assert_true(hx && hy);
	for (t = 0; t < 80; t++) {
		for (i = 0; i < n; i++)
			dungeon_tell(g, i);
		game_step(g, wait_cmd);
		dungeon_check_occupancy(w);
		for (i = 0; i < n; i++) {
			int *x = &hx[i * 3], *y = &hy[i * 3];

			x[0] = x[1];
			y[0] = y[1];
			x[1] = x[2];
			y[1] = y[2];
			x[2] = w->monsters[i].x;
			y[2] = w->monsters[i].y;
			if (t >= 2 && x[2] == x[0] && y[2] == y[0] &&
			    (x[1] != x[2] || y[1] != y[2]))
				fail_msg("monster %zu went (%d,%d) -> (%d,%d) "
				         "-> back at turn %d",
				         i, x[0], y[0], x[1], y[1], t);
		}
	}
	free(hx);
	free(hy);
	game_free(g);
}

/* The player is behind deep water: the monster goes as near as it can,
 * then stops searching until the map changes. */
static void test_mind_unreachable_waits_nearby(void **state)
{
	static const char map[] = "############\n"
	                          "#s.......~.#\n"
	                          "#........~@#\n"
	                          "#........~.#\n"
	                          "#........=>#\n"
	                          "############\n";
	struct game *g;
	struct world *w;
	uint64_t plans;
	int t;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	for (t = 0; t < 20; t++) {
		dungeon_tell(g, 0);
		game_step(g, wait_cmd);
	}
	/* Next to the water, level with the player. */
	assert_int_equal(w->monsters[0].x, 8);
	assert_int_equal(w->monsters[0].y, 2);
	assert_true(g->minds->mind[0].unreachable);
	plans = g->minds->stats.plans;
	for (t = 0; t < 20; t++) {
		dungeon_tell(g, 0);
		game_step(g, wait_cmd);
	}
	assert_int_equal(g->minds->stats.plans, plans);
	/* The gate opens: now it comes. */
	world_set_terrain(w, 9, 4, data_terrain_find(w->data, "gate_open"));
	for (t = 0; t < 10 && !dungeon_adjacent(w, 0); t++) {
		dungeon_tell(g, 0);
		game_step(g, wait_cmd);
	}
	assert_true(g->minds->stats.plans > plans);
	assert_true(dungeon_adjacent(w, 0));
	assert_true(g->minds->stats.reasons[REPLAN_MAPWIDE] >= 1);
	game_free(g);
}

/* It saw the player go round a corner: it heads for where it saw it
 * last, then loses interest. */
static void test_mind_lost_sight_goes_to_last_seen(void **state)
{
	static const char map[] = "#############\n"
	                          "#o.........@#\n"
	                          "#########...#\n"
	                          "#>..........#\n"
	                          "#############\n";
	struct game *g;
	struct world *w;
	int t, searched = 0;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	game_step(g, wait_cmd);
	assert_int_equal(g->minds->mind[0].mode, MIND_CHASE);
	/* Down and round the corner, out of its sight. */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 0, 1}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, -1, 1}), 1);
	assert_int_equal(g->minds->mind[0].mode, MIND_SEARCH);
	assert_int_equal(g->minds->mind[0].last_x, 11);
	assert_int_equal(g->minds->mind[0].last_y, 1);
	for (t = 0; t < 20 && g->minds->mind[0].mode == MIND_SEARCH; t++) {
		const struct world_monster *m = &w->monsters[0];
		int before = abs(m->x - 11) + abs(m->y - 1);

		searched = 1;
		assert_int_equal(g->minds->mind[0].goal_x, 11);
		assert_int_equal(g->minds->mind[0].goal_y, 1);
		game_step(g, wait_cmd);
		/* Every turn of the search brings it closer to the spot. */
		if (g->minds->mind[0].mode == MIND_SEARCH)
			ASSERT_GAME(g, abs(m->x - 11) + abs(m->y - 1) < before);
	}
	assert_true(searched);
	/* On its way there it sees the player again, and chases. */
	ASSERT_GAME(g, g->minds->mind[0].mode == MIND_CHASE);
	game_free(g);
}

/* A monster that tolerates some drift of its goal, and whose kept path
 * ends short of the new goal, plans again rather than standing at the
 * end of its path: here the player slams a door between them and the
 * monster's new goal (the spot it last saw the player, the doorway) lies
 * one cell past the end of its old path. */
static void test_mind_path_end_short_of_goal(void **state)
{
	static const char map[] = "###########\n"
	                          "#z........#\n"
	                          "#.#########\n"
	                          "#.#.......#\n"
	                          "#.'@......#\n"
	                          "#.#.......#\n"
	                          "#>#########\n";
	static const struct world_cmd cmds[] = {
	        {WCMD_MOVE, -1, 0}, {WCMD_MOVE, -1, 0},  {WCMD_MOVE, 1, 0},
	        {WCMD_MOVE, 1, 0},  {WCMD_CLOSE, -1, 0},
	};
	struct game *g;
	struct world *w;
	size_t k;
	int t, hp;

	(void)state;
	g = dungeon_play(map, 1, NULL);
	w = g->world;
	for (k = 0; k < sizeof(cmds) / sizeof(cmds[0]); k++)
		assert_int_equal(game_step(g, cmds[k]), 1);
	ASSERT_GAME(g, g->minds->mind[0].mode == MIND_SEARCH);
	hp = w->php;
	for (t = 0; t < 8 && w->php == hp; t++)
		game_step(g, wait_cmd);
	/* It opened the door, found the player again and struck. */
	ASSERT_GAME(g, w->php < hp);
	game_free(g);
}

/* The automatic choice builds a shared map only for a region of at most
 * DISTMAP_MAX_BUDGETS (16) ticks' planning budgets: six hunters on an
 * open region of 1,800 cells share maps under a budget of 1,000 nodes a
 * tick, and search, stopping at the budget, under one of 100 (a map would
 * take 18 ticks' work every time the player moves). */
static void test_mind_auto_shares_maps_within_the_budget(void **state)
{
	static char map[32 * 63 + 1];
	static const uint32_t budgets[] = {1000, 100};
	size_t b, x, y, n = 0;

	(void)state;
	for (y = 0; y < 32; y++) {
		for (x = 0; x < 62; x++) {
			char c = '.';

			if (y == 0 || y == 31 || x == 0 || x == 61)
				c = '#';
			else if (y == 1 && x >= 1 && x <= 6)
				c = 'o';
			else if (y == 30 && x == 60)
				c = '@';
			else if (y == 30 && x == 1)
				c = '>';
			map[n++] = c;
		}
		map[n++] = '\n';
	}
	map[n] = '\0';
	for (b = 0; b < 2; b++) {
		struct mind_options o;
		struct game *g;
		int t;

		mind_options_default(&o);
		o.hunt = 1;
		o.turn_budget = budgets[b];
		g = dungeon_play(map, 1, &o);
		for (t = 0; t < 4; t++)
			game_step(g, wait_cmd);
		if (b == 0) {
			ASSERT_GAME(g, g->minds->stats.distmaps >= 1);
		} else {
			ASSERT_GAME(g, g->minds->stats.distmaps == 0);
			ASSERT_GAME(g, g->minds->stats.distmap_cells == 0);
			ASSERT_GAME(g, g->minds->stats.plans > 0);
		}
		game_free(g);
	}
}

/* Many chasers of one kind that all need a way at once read it off one
 * shared distance map instead of searching: one map, no search, and each
 * path legal and leading to the player. */
static void test_mind_paths_read_off_shared_map(void **state)
{
	static const char map[] = "################\n"
	                          "#oooooo........#\n"
	                          "#.......####...#\n"
	                          "#.......#..#...#\n"
	                          "#.......#..#..@#\n"
	                          "#>.............#\n"
	                          "################\n";
	struct mind_options o;
	struct game *g;
	struct world *w;
	size_t i, k;

	(void)state;
	mind_options_default(&o);
	o.strategy = MIND_STRATEGY_DISTMAP;
	o.hunt = 1;
	g = dungeon_play(map, 1, &o);
	w = g->world;
	game_step(g, wait_cmd);
	assert_int_equal(g->minds->stats.distmaps, 1);
	assert_int_equal(g->minds->stats.plans, 0);
	assert_int_equal(g->minds->stats.map_paths, 6);
	for (i = 0; i < w->nmonsters; i++) {
		const struct mind *mi = &g->minds->mind[i];
		struct path_params p;
		uint32_t cost = 0;

		minds_params(w, w->monsters[i].kind, &p);
		ASSERT_GAME(g, mi->cache == MIND_CACHE_SHARED && mi->len > 1);
		assert_int_equal(mi->path[mi->len - 1].x, w->px);
		assert_int_equal(mi->path[mi->len - 1].y, w->py);
		for (k = 1; k < mi->len; k++) {
			uint32_t c = path_step_cost(
			        minds_kind_grid(g->minds, w,
			                        w->monsters[i].kind),
			        &p, mi->path[k - 1].x, mi->path[k - 1].y,
			        mi->path[k].x, mi->path[k].y);

			assert_true(c > 0);
			cost += c;
		}
		/* Read downhill on an exact map: the shortest way. */
		{
			struct path_ctx *c = path_ctx_new(w->width, w->height);
			struct path_result r;

			assert_non_null(c);
			path_find(c,
			          minds_kind_grid(g->minds, w,
			                          w->monsters[i].kind),
			          &p, mi->path[0].x, mi->path[0].y, w->px,
			          w->py, NULL, 0, &r, NULL);
			assert_int_equal(r.status, PATH_FOUND);
			assert_int_equal(cost, r.cost);
			path_ctx_free(c);
		}
	}
	game_free(g);
}

/* A big map of long rooms joined at alternate ends, and wanderers that
 * pick places anywhere on it: their long searches go to the kind's
 * hierarchy under the automatic strategy once A* has shown what they
 * cost here, and never under plain A*.  A path from the hierarchy is the
 * whole way to the goal, legal step by step, and the monsters keep
 * walking. */
static char *hier_rows(int w, int h)
{
	char *rows = malloc((size_t)(w + 1) * (size_t)h + 1), *r = rows;
	int x, y;

	assert_non_null(rows);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			int wall = y == 0 || y == h - 1 || x == 0 ||
			           x == w - 1 ||
			           (x % 20 == 0 &&
			            y != ((x / 20) % 2 ? 1 : h - 2));

			if (wall)
				*r++ = '#';
			else if (x == 2 && y == 2)
				*r++ = '@';
			else if (x == w - 2 && y == h - 2)
				*r++ = '>';
			else
				*r++ = '.';
		}
		*r++ = '\n';
	}
	*r = '\0';
	return rows;
}

/* A game on rows with n monsters placed at random (they wander; the
 * map's own would guard their posts) and an invulnerable player. */
static struct game *wander_game(const char *rows, const struct mind_options *o,
                                int n)
{
	struct diag_list dl;
	struct game *g;

	diag_list_init(&dl, 0);
	g = game_new(dungeon_load(dungeon_kinds, dungeon_legend, rows), 1, n, o,
	             &dl);
	diag_list_fini(&dl);
	assert_non_null(g);
	g->world->php = g->world->php_max = 1000000;
	return g;
}

static void test_mind_hierarchy_for_long_searches(void **state)
{
	enum { W = 161, H = 128 };
	char *rows = hier_rows(W, H);
	uint64_t hier_plans[2];
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct mind_options o;
		struct game *g;
		const struct world *w;
		int t, seen_whole = 0;
		size_t i, j;

		mind_options_default(&o);
		o.strategy = k ? MIND_STRATEGY_ASTAR : MIND_STRATEGY_AUTO;
		/* A tick's budget that a whole way across, cut short by it,
		 * shows to cost A* more than twice the hierarchy's answer
		 * (under a smaller one, A*'s partial paths are the cheaper
		 * choice and the hierarchy is never asked). */
		o.turn_budget = 20000;
		g = wander_game(rows, &o, 40);
		w = g->world;
		for (t = 0; t < 300; t++) {
			game_step(g, wait_cmd);
			dungeon_check_occupancy(w);
			for (i = 0; i < w->nmonsters; i++) {
				const struct mind *mi = &g->minds->mind[i];

				if (!mi->hier || !mi->len)
					continue;
				/* The whole way: legal steps that end at
				 * the goal. */
				ASSERT_GAME(g,
				            !mi->partial &&
				                    mi->path[mi->len - 1].x ==
				                            mi->plan_goal_x &&
				                    mi->path[mi->len - 1].y ==
				                            mi->plan_goal_y);
				seen_whole++;
				for (j = mi->pos + 1; j < mi->len; j++) {
					int dx = mi->path[j].x -
					         mi->path[j - 1].x;
					int dy = mi->path[j].y -
					         mi->path[j - 1].y;

					ASSERT_GAME(g, dx >= -1 && dx <= 1 &&
					                       dy >= -1 &&
					                       dy <= 1 &&
					                       (dx || dy));
					ASSERT_GAME(
					        g,
					        world_terrain_at(w,
					                         mi->path[j].x,
					                         mi->path[j].y)
					                        ->glyph != '#');
				}
			}
		}
		hier_plans[k] = g->minds->stats.hpa_plans;
		if (!k)
			ASSERT_GAME(g, seen_whole);
		game_free(g);
	}
	assert_true(hier_plans[0] >= 5);
	assert_int_equal(hier_plans[1], 0);
	free(rows);
}

/* A perfect maze of one-wide corridors carved from a fixed sequence:
 * cells at odd coordinates, walls between them knocked down by a
 * depth-first walk. */
static char *maze_rows(int w, int h)
{
	char *rows = malloc((size_t)(w + 1) * (size_t)h + 1);
	int *stack = malloc(sizeof(*stack) * (size_t)(w * h));
	uint64_t seq = 12345;
	int n = 0, x, y;

	assert_non_null(rows);
	assert_non_null(stack);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++)
			rows[y * (w + 1) + x] = '#';
		rows[y * (w + 1) + w] = '\n';
	}
	rows[(w + 1) * h] = '\0';
	rows[1 * (w + 1) + 1] = '.';
	stack[n++] = 1 * w + 1;
	while (n) {
		int at = stack[n - 1], cx = at % w, cy = at / w, k, found = 0;
		static const int dx[4] = {2, -2, 0, 0}, dy[4] = {0, 0, 2, -2};

		seq = seq * 6364136223846793005u + 1442695040888963407u;
		for (k = 0; k < 4 && !found; k++) {
			int d = (int)((seq >> 40) + (uint64_t)k) % 4;
			int nx = cx + dx[d], ny = cy + dy[d];

			if (nx < 1 || ny < 1 || nx > w - 2 || ny > h - 2 ||
			    rows[ny * (w + 1) + nx] != '#')
				continue;
			rows[(cy + dy[d] / 2) * (w + 1) + cx + dx[d] / 2] = '.';
			rows[ny * (w + 1) + nx] = '.';
			stack[n++] = ny * w + nx;
			found = 1;
		}
		if (!found)
			n--;
	}
	rows[1 * (w + 1) + 1] = '@';
	rows[(h - 2) * (w + 1) + w - 2] = '>';
	free(stack);
	return rows;
}

/* The hierarchy's whole paths across a maze cost more than a tick's
 * planning budget (every corner a subgoal): the automatic strategy
 * knows it before the first long search (its cost is measured when the
 * hierarchy is built) and keeps to A*, which the budget bounds, so that
 * no tick runs far over.  Before, each kind's first searches went to
 * the hierarchy, priced as cheap, and a tick ran to several budgets. */
static void test_mind_hierarchy_not_past_the_budget(void **state)
{
	enum { W = 321, H = 257, TURNS = 150 };
	char *rows = maze_rows(W, H);
	struct mind_options o;
	struct game *g;
	uint64_t before, most = 0;
	int t;

	(void)state;
	mind_options_default(&o);
	o.strategy = MIND_STRATEGY_AUTO;
	g = wander_game(rows, &o, 40);
	for (t = 0; t < TURNS; t++) {
		before = g->minds->stats.expanded;
		game_step(g, wait_cmd);
		if (g->minds->stats.expanded - before > most)
			most = g->minds->stats.expanded - before;
	}
	printf("the most a tick expanded: %llu (budget %u), the "
	       "hierarchy's searches: %llu\n",
	       (unsigned long long)most, (unsigned)o.turn_budget,
	       (unsigned long long)g->minds->stats.hpa_plans);
	assert_int_equal(g->minds->stats.hpa_plans, 0);
	/* A search is cut at what the tick has left; the A* that follows a
	 * failed jump point search may spend as much again. */
	assert_true(most <= 2 * (uint64_t)o.turn_budget);
	game_free(g);
	free(rows);
}

/* How long re-plans put off by the budget wait, as the minds count it
 * (mind_stats.max_wait, long_waits) and as the test sees it from the
 * monsters' own marks each turn: the same longest wait, waits over 8
 * turns counted once each, and none at all without a budget. */
static void test_mind_counts_waits(void **state)
{
	enum { W = 161, H = 128, TURNS = 60 };
	char *rows = hier_rows(W, H);
	int k;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct mind_options o;
		struct game *g;
		uint64_t longest = 0, over = 0;
		uint32_t *age;
		size_t i;
		int t;

		mind_options_default(&o);
		o.turn_budget = k ? 0 : 300;
		g = wander_game(rows, &o, 40);
		age = calloc(g->world->nmonsters, sizeof(*age));
		assert_non_null(age);
		for (t = 0; t < TURNS; t++) {
			uint32_t played = g->world->turn;

			game_step(g, wait_cmd);
			for (i = 0; i < g->world->nmonsters; i++) {
				const struct mind *mi = &g->minds->mind[i];

				/* A turn without a plan counts when the
				 * monster could act in it; a wait begun in
				 * this turn is one turn long, even when the
				 * monster was served first in it (a fast
				 * one acts twice). */
				if (!mi->wait_since)
					age[i] = 0;
				else if (mi->wait_since == played + 1)
					age[i] = 1;
				else if (mi->acted_turn == played + 1)
					age[i]++;
				if (age[i] > longest)
					longest = age[i];
				over += age[i] == 9;
			}
		}
		/* The minds count the waits as a tick starts. */
		minds_tick(g->minds, g->world);
		printf("budget %u: %llu re-plans put off, the longest wait "
		       "%llu "
		       "turns (the minds: %llu), %llu over 8 (the minds: "
		       "%llu)\n",
		       (unsigned)o.turn_budget,
		       (unsigned long long)g->minds->stats.deferred,
		       (unsigned long long)longest,
		       (unsigned long long)g->minds->stats.max_wait,
		       (unsigned long long)over,
		       (unsigned long long)g->minds->stats.long_waits);
		if (k) {
			assert_int_equal(g->minds->stats.deferred, 0);
			assert_int_equal(longest, 0);
		} else {
			assert_true(g->minds->stats.deferred > 0);
			assert_true(longest > 8);
		}
		assert_int_equal(g->minds->stats.max_wait, longest);
		assert_int_equal(g->minds->stats.long_waits, over);
		/* Every wait is counted under why it began too. */
		{
			uint64_t most = 0;
			int r;

			for (r = 0; r <= REPLAN_COUNT; r++)
				if (g->minds->stats.max_wait_by[r] > most)
					most = g->minds->stats.max_wait_by[r];
			assert_int_equal(most, longest);
		}
		free(age);
		game_free(g);
	}
	free(rows);
}

/* Re-plans the budget puts off are served longest wait first, wherever
 * the monster comes in the order of play: 60 wanderers whose searches
 * each take a whole tick's budget of 300 nodes, 80 turns.  Served in the
 * order of play, the monsters late in it would never be served; served
 * as a queue, every monster plans again and again, the last fifteen in
 * the order of play wait no more than twice as long as the first
 * fifteen, and no wait is longer than there are monsters to be served
 * before it.  A plan is only due in a tick its monster acts in (some of
 * the wanderers are slow, and act every other tick): at the end of every
 * turn no monster is left due, the budget held back for it unspent. */
static void test_mind_serves_the_longest_wait_first(void **state)
{
	enum { W = 161, H = 128, N = 60, TURNS = 80, ENDS = 15 };
	char *rows = hier_rows(W, H);
	struct mind_options o;
	struct game *g;
	uint32_t planned[N] = {0}, fewest = UINT32_MAX;
	uint64_t waited[2] = {0, 0}, left_due = 0;
	size_t i, slow = 0;
	int t;

	(void)state;
	mind_options_default(&o);
	o.turn_budget = 300;
	g = wander_game(rows, &o, N);
	ASSERT_GAME(g, g->world->nmonsters == N);
	for (i = 0; i < N; i++)
		slow += g->world->data->monsters[g->world->monsters[i].kind]
		                .speed < 100;
	for (t = 0; t < TURNS; t++) {
		uint32_t played = g->world->turn;

		game_step(g, wait_cmd);
		for (i = 0; i < N; i++) {
			const struct mind *mi = &g->minds->mind[i];

			left_due += mi->due != 0;
			planned[i] += mi->plan_turn == played;
			if (i < ENDS)
				waited[0] += mi->wait_since != 0;
			else if (i >= N - ENDS)
				waited[1] += mi->wait_since != 0;
		}
	}
	for (i = 0; i < N; i++)
		if (planned[i] < fewest)
			fewest = planned[i];
	minds_tick(g->minds, g->world); /* counts the last waits */
	printf("plans a monster made: %u at the fewest; turns waiting: the "
	       "first %d %llu, the last %d %llu; the longest wait %llu "
	       "turns; %llu re-plans put off; %zu slow monsters, left due "
	       "at a turn's end %llu times\n",
	       fewest, ENDS, (unsigned long long)waited[0], ENDS,
	       (unsigned long long)waited[1],
	       (unsigned long long)g->minds->stats.max_wait,
	       (unsigned long long)g->minds->stats.deferred, slow,
	       (unsigned long long)left_due);
	/* The budget is short: there are waits to share. */
	ASSERT_GAME(g, g->minds->stats.deferred > 0 && waited[0] > 0);
	ASSERT_GAME(g, slow > 0);
	ASSERT_GAME(g, left_due == 0);
	ASSERT_GAME(g, fewest >= 2);
	ASSERT_GAME(g, waited[1] <= 2 * waited[0]);
	ASSERT_GAME(g, g->minds->stats.max_wait <= N);
	game_free(g);
	free(rows);
}

/* Counts monster i's events of kind k in the turn's log (of value v, or
 * any when v < 0). */
static int mind_events(const struct world *w, int i, int k, int v)
{
	size_t e;
	int n = 0;

	for (e = 0; e < w->events.len; e++)
		n += w->events.items[e].kind == k &&
		     w->events.items[e].actor == i &&
		     (v < 0 || w->events.items[e].value == v);
	return n;
}

/* A closed door it cannot open between a hunter and the player: one
 * near it (18 cells) searches and goes to wait by the door; one far off
 * (60 cells, beyond its sight of 30 and the 40 of a screen) stays where
 * it is, says once that it cannot reach, and never searches, though it
 * hunts the player every turn.  The door opens: the far one comes
 * through. */
static void test_mind_out_of_reach_stays(void **state)
{
	static const char map[] =
	        "################################################################\n"
	        "#>@.+...............s.........................................s#\n"
	        "################################################################\n";
	struct mind_options o;
	struct game *g;
	struct world *w;
	int t, told = 0, planned = 0, near_planned = 0;

	(void)state;
	mind_options_default(&o);
	o.hunt = 1;
	g = dungeon_play(map, 1, &o);
	w = g->world;
	for (t = 0; t < 30; t++) {
		game_step(g, wait_cmd);
		told += mind_events(w, 1, WEV_UNREACHABLE, 1);
		planned += mind_events(w, 1, WEV_REPLANNED, -1);
		near_planned += mind_events(w, 0, WEV_REPLANNED, -1);
	}
	printf("the far one: told %d, re-planned %d, at %d,%d; the near "
	       "one re-planned %d, at %d,%d; %llu decisions to stay\n",
	       told, planned, w->monsters[1].x, w->monsters[1].y,
	       near_planned, w->monsters[0].x, w->monsters[0].y,
	       (unsigned long long)g->minds->stats.out_of_reach);
	ASSERT_GAME(g, near_planned > 0 && w->monsters[0].x == 5);
	ASSERT_GAME(g, told == 1 && planned == 0);
	ASSERT_GAME(g, w->monsters[1].x == 62 && g->minds->mind[1].unreachable);
	ASSERT_GAME(g, g->minds->stats.out_of_reach >= 30);
	world_set_terrain(w, 4, 1, data_terrain_find(w->data, "door_open"));
	for (t = 0; t < 90 && w->monsters[1].x > 4; t++) {
		game_step(g, wait_cmd);
		planned += mind_events(w, 1, WEV_REPLANNED, -1);
	}
	ASSERT_GAME(g, planned > 0 && w->monsters[1].x == 4);
	game_free(g);
}

/* A kind that flies past wall corners (diagonal always) sees a room open
 * to it through a door whose only ways on are diagonal: the door's cell
 * joins the components of its eight neighbours, not only its four, and
 * the flyer, that knew its prey out of reach, comes through. */
static void test_mind_door_opened_diagonally_joins(void **state)
{
	static const char kinds[] =
	        "include \"../terrain.txt\"\n"
	        "monster flyer\n"
	        "\tglyph 'F' color red speed 100 hp 50 attack 1 sight 30\n"
	        "\topens_doors no drift 0 budget 0 diagonal always\n";
	static const char legend[] = "legend '#' wall\n"
	                             "legend '.' floor\n"
	                             "legend '+' door_closed\n"
	                             "legend '@' floor player\n"
	                             "legend '>' stairs exit\n"
	                             "legend 'F' floor monster flyer\n";
	static const char map[] = "#########\n"
	                          "#...#####\n"
	                          "#.F.##+##\n"
	                          "#...#####\n"
	                          "####+####\n"
	                          "#####...#\n"
	                          "#####.@.#\n"
	                          "#####..>#\n"
	                          "#########\n";
	struct mind_options o;
	struct game *g;
	struct world *w;
	int t;

	(void)state;
	mind_options_default(&o);
	o.hunt = 1;
	g = dungeon_game(kinds, legend, map, 1, &o);
	w = g->world;
	w->php = w->php_max = 1000000;
	for (t = 0; t < 4; t++)
		game_step(g, wait_cmd);
	ASSERT_GAME(g, g->minds->mind[0].unreachable);
	/* A door opening where it changes nothing: the flyer asks its
	 * components whether the player is in reach now (it is not), so
	 * they are labelled before the door that matters opens. */
	world_set_terrain(w, 6, 2, data_terrain_find(w->data, "door_open"));
	for (t = 0; t < 2; t++)
		game_step(g, wait_cmd);
	ASSERT_GAME(g, g->minds->mind[0].unreachable);
	ASSERT_GAME(g, w->monsters[0].x <= 3 && w->monsters[0].y <= 3);
	world_set_terrain(w, 4, 4, data_terrain_find(w->data, "door_open"));
	for (t = 0; t < 12 && !dungeon_adjacent(w, 0); t++)
		game_step(g, wait_cmd);
	ASSERT_GAME(g, dungeon_adjacent(w, 0));
	game_free(g);
}

/* The AI view's D* Lite (minds_dlite_again): planned once, then
 * repaired after a door shuts on the monster's way and after a change
 * far behind it, each time at the cost A* finds afresh on the grid as it
 * now is (crowd priced in), and for far fewer expansions than A* or its
 * own first plan. */
static void test_mind_dlite_repairs_as_astar_plans(void **state)
{
	static const char map[] = "####################\n"
	                          "#o.................#\n"
	                          "#.################.#\n"
	                          "#.#..............#.#\n"
	                          "#.#.############.#.#\n"
	                          "#.'..............'.#\n"
	                          "#.################.#\n"
	                          "#........@.........#\n"
	                          "#>.................#\n"
	                          "####################\n";
	struct game *g = dungeon_play(map, 1, NULL);
	struct world *w = g->world;
	const size_t n = (size_t)(w->width + 2) * (size_t)(w->height + 2);
	uint8_t *snap = malloc(n);
	struct path_point *buf = malloc(4096 * sizeof(*buf));
	struct dlite_ctx *dl = dlite_ctx_new(w->width, w->height);
	struct path_ctx *pc = path_ctx_new(w->width, w->height);
	struct path_params p;
	struct path_result d, a, first;
	size_t changed;
	int gx = 10, gy = 3; /* inside the ring, through a door */

	(void)state;
	assert_true(snap && buf && dl && pc);
	minds_params(w, w->monsters[0].kind, &p);
	assert_int_equal(minds_dlite_again(g->minds, w, 0, gx, gy, &p, dl, snap,
	                                   1, buf, 4096, &first, &changed),
	                 PATH_FOUND);
	assert_int_equal(changed, 0);
	minds_search_again(g->minds, w, 0, gx, gy, &p, pc, buf, 4096, &a, NULL);
	assert_int_equal(first.cost, a.cost);
	/* The door the way goes through shuts (this kind opens doors: it
	 * only gets dearer), then the other one is bricked up. */
	world_set_terrain(w, 2, 5, data_terrain_find(w->data, "door_closed"));
	assert_int_equal(minds_dlite_again(g->minds, w, 0, gx, gy, &p, dl, snap,
	                                   0, buf, 4096, &d, &changed),
	                 PATH_FOUND);
	assert_true(changed >= 1);
	minds_search_again(g->minds, w, 0, gx, gy, &p, pc, buf, 4096, &a, NULL);
	assert_int_equal(d.cost, a.cost);
	world_set_terrain(w, 17, 5, data_terrain_find(w->data, "wall"));
	assert_int_equal(minds_dlite_again(g->minds, w, 0, gx, gy, &p, dl, snap,
	                                   0, buf, 4096, &d, &changed),
	                 PATH_FOUND);
	assert_int_equal(changed, 1);
	minds_search_again(g->minds, w, 0, gx, gy, &p, pc, buf, 4096, &a, NULL);
	assert_int_equal(d.cost, a.cost);
	print_message("first plan %u, repairs to %u (A* %u)\n",
	              first.stats.expanded, d.stats.expanded, a.stats.expanded);
	assert_true(d.stats.expanded < first.stats.expanded);
	/* Nothing changed: nothing to repair. */
	assert_int_equal(minds_dlite_again(g->minds, w, 0, gx, gy, &p, dl, snap,
	                                   0, buf, 4096, &d, &changed),
	                 PATH_FOUND);
	assert_int_equal(changed, 0);
	assert_int_equal(d.stats.expanded, 0);
	assert_int_equal(d.cost, a.cost);
	dlite_ctx_free(dl);
	path_ctx_free(pc);
	free(buf);
	free(snap);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_mind_door_opener_goes_through),
	        cmocka_unit_test(test_mind_non_opener_goes_around),
	        cmocka_unit_test(test_mind_lava_avoided),
	        cmocka_unit_test(test_mind_closed_door_invalidates_one),
	        cmocka_unit_test(test_mind_corridor_no_deadlock),
	        cmocka_unit_test(test_mind_map_settles_as_far_as_read),
	        cmocka_unit_test(test_mind_no_oscillation),
	        cmocka_unit_test(test_mind_unreachable_waits_nearby),
	        cmocka_unit_test(test_mind_lost_sight_goes_to_last_seen),
	        cmocka_unit_test(test_mind_searches_round_the_last_spot),
	        cmocka_unit_test(test_mind_bytes_grow_where_they_should),
	        cmocka_unit_test(test_mind_far_map_serves_the_far_chasers),
	        cmocka_unit_test(
	                test_mind_far_map_made_again_when_a_wall_opens),
	        cmocka_unit_test(test_mind_path_end_short_of_goal),
	        cmocka_unit_test(test_mind_paths_read_off_shared_map),
	        cmocka_unit_test(test_mind_auto_shares_maps_within_the_budget),
	        cmocka_unit_test(test_mind_hierarchy_for_long_searches),
	        cmocka_unit_test(test_mind_hierarchy_not_past_the_budget),
	        cmocka_unit_test(test_mind_counts_waits),
	        cmocka_unit_test(test_mind_serves_the_longest_wait_first),
	        cmocka_unit_test(test_mind_out_of_reach_stays),
	        cmocka_unit_test(test_mind_goes_round_a_fight),
	        cmocka_unit_test(test_mind_door_opened_diagonally_joins),
	        cmocka_unit_test(test_mind_dlite_repairs_as_astar_plans),
	};

	return tap_run(tests, NULL, NULL);
}
