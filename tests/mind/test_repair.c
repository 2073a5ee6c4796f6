/* SPDX-License-Identifier: MIT */
/* test_repair.c - a wanderer whose way to a goal that stays put is
 * walled up again and again, a few steps ahead of it, as the AI view's
 * sandbox or a door keeper would: its first break is searched again, its
 * second lends it a D* Lite context (repair.c), and every further one is
 * repaired by that context.  Each path it then keeps must be a legal walk
 * from where it stands to its goal that costs exactly what Dijkstra finds
 * afresh on its kind's grid as it now is, with the crowd priced in by
 * the rule of plan.c, worked out here on a copy of the grid. */
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
#include "core/path/grid.h"
#include "core/path/path.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/tap.h"

/* plan.c's crowd: another monster within OCC_RADIUS cells of the mover
 * makes its cell cost OCC_PENALTY more. */
#define OCC_RADIUS  6
#define OCC_PENALTY 8

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

/* A walker that sees nothing (it never gives chase), sleepers that
 * hardly ever move and guards that pace round their posts: a crowd the
 * walker passes on its way, standing and moving.  The walker and the
 * pacers wade the water as floor: every step they take takes one turn,
 * as the breaks below are timed. */
static const char kinds[] =
        "include \"../terrain.txt\"\n"
        "monster walker\n"
        "\tglyph 'W' color red speed 100 hp 50 attack 1 sight 1\n"
        "\topens_doors no drift 0 budget 0 cost shallow_water 1\n"
        "monster sleeper\n"
        "\tglyph 'Z' color red speed 1 hp 50 attack 1 sight 1\n"
        "\topens_doors no drift 0 budget 0\n"
        "monster pacer\n"
        "\tglyph 'P' color red speed 100 hp 50 attack 1 sight 1\n"
        "\topens_doors no drift 0 budget 0 cost shallow_water 1\n";
static const char legend[] = "legend '#' wall\n"
                             "legend '.' floor\n"
                             "legend '~' shallow_water\n"
                             "legend '@' floor player\n"
                             "legend '>' stairs exit\n"
                             "legend 'W' floor monster walker\n"
                             "legend 'Z' floor monster sleeper\n"
                             "legend 'P' floor monster pacer\n";
/* A hall split by a wall open only at its far end: the way from the
 * walker's corner to the goal in the other half turns round the wall's
 * end, and an A* search from the walker's side fills most of its half
 * first (past the rule's threshold for lending a context).  Shallow
 * water on the way, sleepers here and there, the player shut in a closet
 * the walker never sees. */
#define MAP_W  100
#define MAP_H  60
#define GOAL_X 94
#define GOAL_Y 3

static char *make_map(void)
{
	static const struct {
		int x, y;
		char c;
	} put[] = {{2, 2, 'W'},   {10, 20, 'Z'}, {30, 30, 'Z'}, {33, 37, 'Z'},
	           {40, 36, 'Z'}, {50, 20, 'Z'}, {60, 8, 'Z'},  {7, 9, 'P'},
	           {12, 12, 'P'}, {16, 17, 'P'}, {21, 21, 'P'}, {26, 27, 'P'},
	           {96, 57, '@'}, {98, 58, '>'}};
	char *rows = malloc((size_t)(MAP_W + 1) * MAP_H + 1), *r;
	int x, y;
	size_t k;

	assert_non_null(rows);
	for (y = 0; y < MAP_H; y++) {
		r = rows + (size_t)y * (MAP_W + 1);
		for (x = 0; x < MAP_W; x++) {
			int edge = !x || !y || x == MAP_W - 1 || y == MAP_H - 1;
			int split = x == 49 && y < MAP_H - 4;
			int closet =
			        (x == 94 && y >= 55) || (y == 55 && x >= 94);
			int water =
			        (x - 18) * (x - 18) + (y - 12) * (y - 12) <
			                20 ||
			        (x - 52) * (x - 52) + (y - 25) * (y - 25) < 12;

			r[x] = edge || split || closet ? '#'
			       : water                 ? '~'
			                               : '.';
		}
		r[MAP_W] = '\n';
	}
	rows[(size_t)(MAP_W + 1) * MAP_H] = '\0';
	for (k = 0; k < sizeof(put) / sizeof(put[0]); k++)
		rows[(size_t)put[k].y * (MAP_W + 1) + (size_t)put[k].x] =
		        put[k].c;
	return rows;
}

/* Whether (ax, ay) is more than three steps from (bx, by). */
static int far_from(int ax, int ay, int bx, int by)
{
	return abs(ax - bx) > 3 || abs(ay - by) > 3;
}

static uint64_t next_rand(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 33;
}

/* The kind's grid with monster i's crowd priced in (and an unenterable
 * goal opened), built apart from the minds. */
static void priced_grid(struct game *g, size_t i, int gx, int gy,
                        struct grid *out)
{
	const struct world *w = g->world;
	const struct world_monster *m = &w->monsters[i];
	const struct grid *kg = minds_kind_grid(g->minds, w, m->kind);
	int x, y;

	assert_non_null(kg);
	assert_int_equal(grid_init(out, w->width, w->height), GRID_OK);
	memcpy(out->cost, kg->cost,
	       (size_t)kg->stride * (size_t)(kg->height + 2));
	for (y = m->y - OCC_RADIUS; y <= m->y + OCC_RADIUS; y++)
		for (x = m->x - OCC_RADIUS; x <= m->x + OCC_RADIUS; x++) {
			unsigned c;

			if (!world_in(w, x, y) || (x == m->x && y == m->y) ||
			    !w->occ[world_idx(w, x, y)])
				continue;
			c = grid_cost(out, x, y);
			if (!c)
				continue;
			c += OCC_PENALTY;
			grid_set_cost(out, x, y,
			              (uint8_t)(c > GRID_COST_MAX
			                                ? GRID_COST_MAX
			                                : c));
		}
	if (!grid_cost(out, gx, gy))
		grid_set_cost(out, gx, gy, 1);
}

/* Monster i's kept path: from where it stands to its goal, every step
 * legal on the priced grid, and as cheap as Dijkstra's way there. */
static void check_path(struct game *g, size_t i)
{
	const struct world *w = g->world;
	const struct world_monster *m = &w->monsters[i];
	const struct mind *mi = &g->minds->mind[i];
	struct path_ctx *pc = path_ctx_new(w->width, w->height);
	struct path_point *buf = malloc(4096 * sizeof(*buf));
	struct path_params p;
	struct path_result res;
	struct grid pg;
	uint64_t walked = 0;
	size_t k;

	assert_true(pc && buf);
	priced_grid(g, i, mi->goal_x, mi->goal_y, &pg);
	minds_params(w, m->kind, &p);
	ASSERT_GAME(g, mi->len > 1 && mi->pos == 0);
	ASSERT_GAME(g, mi->path[0].x == m->x && mi->path[0].y == m->y);
	ASSERT_GAME(g, mi->path[mi->len - 1].x == mi->goal_x &&
	                       mi->path[mi->len - 1].y == mi->goal_y);
	for (k = 1; k < mi->len; k++) {
		uint32_t c = path_step_cost(&pg, &p, mi->path[k - 1].x,
		                            mi->path[k - 1].y, mi->path[k].x,
		                            mi->path[k].y);

		ASSERT_GAME(g, c > 0);
		walked += c;
	}
	ASSERT_GAME(g, walked == mi->path_cost);
	p.algo = PATH_DIJKSTRA;
	p.budget = 0;
	assert_int_equal(path_find(pc, &pg, &p, m->x, m->y, mi->goal_x,
	                           mi->goal_y, buf, 4096, &res, NULL),
	                 PATH_FOUND);
	if (res.cost != mi->path_cost)
		print_message("kept path costs %u, Dijkstra %u; made turn "
		              "%u (now %u) by %d\n",
		              mi->path_cost, res.cost, mi->plan_turn, w->turn,
		              (int)mi->repair);
	ASSERT_GAME(g, res.cost == mi->path_cost);
	grid_fini(&pg);
	free(buf);
	path_ctx_free(pc);
}

/* Whether monster i's goal can still be reached on its kind's grid. */
static int reachable(struct game *g, size_t i)
{
	const struct world *w = g->world;
	const struct mind *mi = &g->minds->mind[i];
	const struct grid *kg =
	        minds_kind_grid(g->minds, w, w->monsters[i].kind);
	struct path_ctx *pc = path_ctx_new(w->width, w->height);
	struct path_params p;
	struct path_result res;
	int rc;

	assert_true(kg && pc);
	minds_params(w, w->monsters[i].kind, &p);
	p.budget = 0;
	rc = path_find(pc, kg, &p, w->monsters[i].x, w->monsters[i].y,
	               mi->goal_x, mi->goal_y, NULL, 0, &res, NULL);
	path_ctx_free(pc);
	return rc == PATH_FOUND;
}

/* Where monster i stands on its kept path. */
static size_t place_on_path(const struct mind *mi, int x, int y)
{
	size_t k;

	for (k = mi->pos; k < mi->len; k++)
		if (mi->path[k].x == x && mi->path[k].y == y)
			return k;
	return mi->len;
}

/* What an A* search from monster i to its goal expands now, on its
 * kind's grid with the crowd priced in, as the monster would search. */
static uint32_t search_now(struct game *g, size_t i)
{
	const struct world *w = g->world;
	const struct mind *mi = &g->minds->mind[i];
	struct path_ctx *ctx = path_ctx_new(w->width, w->height);
	struct path_point *buf = malloc(4096 * sizeof(*buf));
	struct path_params p;
	struct path_result res;

	assert_non_null(ctx);
	assert_non_null(buf);
	minds_params(w, w->monsters[i].kind, &p);
	minds_search_again(g->minds, w, i, mi->goal_x, mi->goal_y, &p, ctx, buf,
	                   4096, &res, NULL);
	ASSERT_GAME(g, res.status == PATH_FOUND);
	path_ctx_free(ctx);
	free(buf);
	return res.stats.expanded;
}

/* One game of `turns` turns: the walker heads for (gx, gy) while a cell
 * of its path two to four steps ahead is walled up every turn and an
 * older wall opened again now and then; lends says whether it should be
 * lent a context.  Returns the repairs D* Lite made; *searched counts
 * the breaks searched again, *returned grows when repairs cost more than
 * searches and the context went back for good, and *plain when it went
 * back because the walker's way grew plain (then a later long way may be
 * lent one again). */
static unsigned walk_broken(uint64_t seed, const struct mind_options *o, int gx,
                            int gy, int lends, int turns, unsigned *searched,
                            unsigned *returned, unsigned *plain)
{
	char *map = make_map();
	struct game *g = dungeon_game(kinds, legend, map, seed, o);
	struct world *w = g->world;
	const int wall = data_terrain_find(w->data, "wall");
	const int floor = data_terrain_find(w->data, "floor");
	struct mind *mi = &g->minds->mind[0];
	int wx[8], wy[8], nwalls = 0, t;
	unsigned repaired = 0, breaks = 0;
	int gave_back = 0, lent = 0;
	uint64_t rng = seed;

	/* Placed by the map, it would guard its post: it wanders. */
	mi->mode = MIND_WANDER;
	mi->wander_x = gx;
	mi->wander_y = gy;
	*searched = 0;
	assert_int_equal(game_step(g, wait_cmd), 1);
	for (t = 0; t < turns; t++) {
		const struct world_monster *m = &w->monsters[0];
		struct world_action a;
		size_t here = place_on_path(mi, m->x, m->y), ahead;
		enum mind_repair how;
		uint32_t expanded;
		int holds, bx, by;

		if (here + 3 >= mi->len)
			break; /* too close to the goal to break its way */
		ahead = here + 2 + (size_t)(next_rand(&rng) % 3);
		if (ahead >= mi->len - 1)
			ahead = mi->len - 2;
		bx = mi->path[ahead].x;
		by = mi->path[ahead].y;
		if (w->occ[world_idx(w, bx, by)])
			continue;
		if (nwalls == 8 || (nwalls && next_rand(&rng) % 2)) {
			world_set_terrain(w, wx[0], wy[0], floor);
			memmove(wx, wx + 1, (size_t)(nwalls - 1) * sizeof(*wx));
			memmove(wy, wy + 1, (size_t)(nwalls - 1) * sizeof(*wy));
			nwalls--;
		}
		world_set_terrain(w, bx, by, wall);
		if (!reachable(g, 0)) {
			/* Walled in: that wall goes, another comes. */
			world_set_terrain(w, bx, by, floor);
			continue;
		}
		wx[nwalls] = bx;
		wy[nwalls++] = by;
		breaks++;
		/* The walker's decision on the broken map, as the turn would
		 * take it, then checked before anyone moves. */
		minds_tick(g->minds, w);
		minds_decide(g->minds, w, &w->rng, &w->events, 0, &a);
		ASSERT_GAME(g, mi->last_reason == REPLAN_CHANGED);
		ASSERT_GAME(g, mi->goal_x == gx && mi->goal_y == gy);
		check_path(g, 0);
		how = minds_repair(g->minds, 0, &expanded, &holds);
		if (!lends) {
			ASSERT_GAME(g, how == MIND_REPAIR_SEARCH && !holds);
		} else if (breaks == 1) {
			ASSERT_GAME(g, how == MIND_REPAIR_SEARCH && !holds);
		} else if (breaks == 2) {
			ASSERT_GAME(g, how == MIND_REPAIR_DLITE_PLAN && holds);
			lent = 1;
		} else if (gave_back) {
			/* Repairs cost more than searches: searches for this
			 * goal from then on. */
			ASSERT_GAME(g, how == MIND_REPAIR_SEARCH && !holds);
		} else if (!lent) {
			/* Given back on a plain way: searched, or lent
			 * again where the way grew long once more. */
			ASSERT_GAME(g, how == MIND_REPAIR_SEARCH ||
			                       how == MIND_REPAIR_DLITE_PLAN);
			lent = holds;
		} else if (how == MIND_REPAIR_SEARCH) {
			/* The repair ran past twice the search it spares (a
			 * wall cut the way, and the cells behind it were
			 * raised): searched instead, the context given
			 * back for good. */
			ASSERT_GAME(g, !holds &&
			                       mi->given_back ==
			                               MIND_GIVE_BACK_DEAR &&
			                       mi->no_repair);
		} else {
			ASSERT_GAME(g, how == MIND_REPAIR_DLITE);
			repaired++;
		}
		if (lent && !holds) {
			/* Given back by the rule, and for its reason. */
			lent = 0;
			if (mi->given_back == MIND_GIVE_BACK_CHEAP) {
				/* Far below the 2,000 nodes that had it
				 * lent. */
				ASSERT_GAME(g, search_now(g, 0) < 1000);
				(*plain)++;
			} else {
				ASSERT_GAME(
				        g,
				        mi->given_back == MIND_GIVE_BACK_DEAR &&
				                mi->no_repair);
				gave_back = 1;
				(*returned)++;
			}
		}
		*searched += how == MIND_REPAIR_SEARCH;
		assert_int_equal(game_step(g, wait_cmd), 1);
	}
	if (lends && lent) {
		/* A new goal: the context goes back to the pool. */
		enum mind_repair how;
		uint32_t expanded;
		int holds;
		struct world_action a;

		/* The pacers may have been lent contexts of their own. */
		ASSERT_GAME(g, g->minds->stats.dlite_repairs >= repaired);
		ASSERT_GAME(g, g->minds->stats.dlite_plans >= 1);
		mi->wander_x = 2;
		mi->wander_y = 10;
		minds_tick(g->minds, w);
		minds_decide(g->minds, w, &w->rng, &w->events, 0, &a);
		how = minds_repair(g->minds, 0, &expanded, &holds);
		ASSERT_GAME(g, !holds && how == MIND_REPAIR_DLITE);
		ASSERT_GAME(g, mi->goal_x == 2 && mi->goal_y == 10);
	}
	game_free(g);
	free(map);
	return repaired;
}

static void test_repair_wanderer_broken_again_and_again(void **state)
{
	unsigned total = 0, searched, returned = 0, plain = 0;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 24; seed++) {
		unsigned before = returned + plain;
		unsigned r = walk_broken(seed, NULL, GOAL_X, GOAL_Y, 1, 40,
		                         &searched, &returned, &plain);

		/* Only the first break is searched again, unless the
		 * context went back. */
		if (returned + plain == before)
			assert_int_equal(searched, 1);
		total += r;
	}
	/* The walker is still on the long way round the wall: its way is
	 * never plain in 40 turns. */
	assert_int_equal(plain, 0);
	print_message("%u repairs by D* Lite, %u contexts given back\n", total,
	              returned);
	assert_true(total >= 24 * 10);
	assert_true(returned < 24);
}

/* Past the wall's end the walker's way runs straight to the goal, where
 * an A* search costs about a node a step: the context goes back (and
 * only on a plain way, as walk_broken checks). */
static void test_repair_given_back_on_a_plain_way(void **state)
{
	unsigned total = 0, searched, returned = 0, plain = 0;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 6; seed++)
		total += walk_broken(seed, NULL, GOAL_X, GOAL_Y, 1, 160,
		                     &searched, &returned, &plain);
	print_message("%u repairs, %u contexts given back on a plain way, "
	              "%u for good\n",
	              total, plain, returned);
	assert_true(plain >= 3);
	assert_true(total >= 6 * 10);
}

/* The comparison game (--no-dlite in the benchmarks): every break
 * searched again, every path as cheap. */
static void test_repair_off_searches_every_break(void **state)
{
	struct mind_options o;
	unsigned searched, returned = 0, plain = 0;

	(void)state;
	mind_options_default(&o);
	o.no_dlite = 1;
	assert_int_equal(walk_broken(3, &o, GOAL_X, GOAL_Y, 0, 40, &searched,
	                             &returned, &plain),
	                 0);
	assert_true(searched >= 10);
}

/* A goal in the walker's own half: its searches are small, a repair
 * would cost about as much, and none is lent. */
static void test_repair_not_where_search_is_cheap(void **state)
{
	unsigned searched, returned = 0, plain = 0;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 4; seed++) {
		assert_int_equal(walk_broken(seed, NULL, 20, 34, 0, 40,
		                             &searched, &returned, &plain),
		                 0);
		assert_true(searched >= 10);
	}
}

/* Walls a cell two to four steps ahead on monster i's path, where it
 * leaves the goal in reach and is not on the path of avoid (a mind, or
 * NULL); the oldest of the walls kept in wx, wy opens again when there
 * are cap of them.  Returns 1 when it walled one. */
static int wall_ahead(struct game *g, size_t i, const struct mind *avoid,
                      uint64_t *rng, int *wx, int *wy, int *n, int cap)
{
	struct world *w = g->world;
	const struct mind *mi = &g->minds->mind[i];
	const int wall = data_terrain_find(w->data, "wall");
	const int floor = data_terrain_find(w->data, "floor");
	size_t here = place_on_path(mi, w->monsters[i].x, w->monsters[i].y);
	size_t ahead = here + 2 + (size_t)(next_rand(rng) % 3);
	int x, y;

	if (here + 3 >= mi->len || ahead >= mi->len - 1)
		return 0;
	x = mi->path[ahead].x;
	y = mi->path[ahead].y;
	if (w->occ[world_idx(w, x, y)] ||
	    w->terrain[world_idx(w, x, y)] != floor ||
	    (avoid && dungeon_path_has(avoid, x, y)))
		return 0;
	if (*n == cap) {
		world_set_terrain(w, wx[0], wy[0], floor);
		memmove(wx, wx + 1, (size_t)(cap - 1) * sizeof(*wx));
		memmove(wy, wy + 1, (size_t)(cap - 1) * sizeof(*wy));
		(*n)--;
	}
	world_set_terrain(w, x, y, wall);
	if (!reachable(g, i)) {
		world_set_terrain(w, x, y, floor);
		return 0;
	}
	wx[*n] = x;
	wy[(*n)++] = y;
	return 1;
}

/* Five walkers broken every turn, four contexts: never more than four
 * lent; a context is not taken from a monster it still serves (the two
 * would plan afresh by turns); once one has been idle long enough, the
 * walker left without takes it. */
static void test_repair_pool_of_four(void **state)
{
	static const struct {
		int x, y, gx, gy;
	} walkers[] = {{2, 2, 94, 3},
	               {2, 6, 94, 7},
	               {3, 10, 92, 11},
	               {2, 14, 90, 5},
	               {4, 18, 88, 9}};
	const size_t nw = sizeof(walkers) / sizeof(walkers[0]);
	unsigned taken = 0;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 4; seed++) {
		char *map = make_map();
		struct mind_options o;
		struct game *g;
		struct world *w;
		size_t idx[5], k, j, nidx = 0;
		int wx[16], wy[16], nwalls = 0, held[5], t, idle = -1;
		int left = -1, left_breaks = 0;
		uint64_t rng = seed;

		for (k = 1; k < nw; k++)
			map[(size_t)walkers[k].y * (MAP_W + 1) +
			    (size_t)walkers[k].x] = 'W';
		/* A budget that five walkers' searches and first plans do
		 * not run out of: the pool is what is tested. */
		mind_options_default(&o);
		o.turn_budget = 35000;
		g = dungeon_game(kinds, legend, map, seed, &o);
		w = g->world;
		for (j = 0; j < w->nmonsters; j++)
			if (w->data->monsters[w->monsters[j].kind].glyph == 'W')
				idx[nidx++] = j;
		assert_int_equal(nidx, nw);
		for (k = 0; k < nw; k++) {
			struct mind *mi = &g->minds->mind[idx[k]];

			/* Which walker is which: by where it stands. */
			for (j = 0; j < nw; j++)
				if (w->monsters[idx[k]].x == walkers[j].x &&
				    w->monsters[idx[k]].y == walkers[j].y)
					break;
			assert_true(j < nw);
			mi->mode = MIND_WANDER;
			mi->wander_x = walkers[j].gx;
			mi->wander_y = walkers[j].gy;
			held[k] = 0;
		}
		assert_int_equal(game_step(g, wait_cmd), 1);
		for (t = 0; t < 30; t++) {
			int holders = 0;

			for (k = 0; k < nw; k++)
				if ((int)k != idle)
					wall_ahead(
					        g, idx[k],
					        idle < 0 ? NULL
					                 : &g->minds->mind
					                            [idx[idle]],
					        &rng, wx, wy, &nwalls, 16);
			assert_int_equal(game_step(g, wait_cmd), 1);
			for (k = 0; k < nw; k++) {
				const struct mind *mi = &g->minds->mind[idx[k]];
				uint32_t e;
				int holds;

				minds_repair(g->minds, idx[k], &e, &holds);
				holders += holds;
				/* Lost only by the rule (its way grew plain,
				 * or repairs cost too much), never taken by
				 * another while it serves. */
				if (held[k] && !holds && (int)k != idle)
					ASSERT_GAME(
					        g, mi->given_back !=
					                   MIND_GIVE_BACK_NONE);
				held[k] = holds;
			}
			ASSERT_GAME(g, holders <= 4);
			if (t == 20 && left >= 0)
				left_breaks = g->minds->mind[idx[left]].breaks;
			if (t == 8) {
				/* Four serve, one goes without: the first
				 * holder is left alone from now on. */
				ASSERT_GAME(g, holders == 4);
				for (k = 0; k < nw; k++) {
					if (held[k] && idle < 0)
						idle = (int)k;
					if (!held[k])
						left = (int)k;
				}
			}
		}
		/* Idle for more than eight turns: the walker left without a
		 * context took it when its way broke again (the walls spare
		 * the idle one's path, and may spare the other's too when
		 * the two share it). */
		ASSERT_GAME(g, left >= 0 && idle >= 0);
		if (g->minds->mind[idx[left]].breaks > left_breaks &&
		    !g->minds->mind[idx[left]].no_repair) {
			ASSERT_GAME(g, held[left] && !held[idle]);
			taken++;
		}
		game_free(g);
		free(map);
	}
	print_message("%u of 4 games saw an idle context taken\n", taken);
	assert_true(taken >= 1);
}

/* A chaser's goal is the player: it moves, and no context is lent. */
static void test_repair_not_for_chasers(void **state)
{
	static const char room[] = "####################\n"
	                           "#o.................#\n"
	                           "#..................#\n"
	                           "#..................#\n"
	                           "#..................#\n"
	                           "#................@>#\n"
	                           "####################\n";
	struct mind_options o;
	struct game *g;
	struct world *w;
	int t;

	(void)state;
	mind_options_default(&o);
	o.hunt = 1;
	g = dungeon_play(room, 1, &o);
	w = g->world;
	for (t = 0; t < 12; t++) {
		const struct mind *mi = &g->minds->mind[0];
		const struct world_monster *m = &w->monsters[0];
		size_t k = mi->pos + 2;

		if (mi->len > k + 1 &&
		    !w->occ[world_idx(w, mi->path[k].x, mi->path[k].y)] &&
		    far_from(m->x, m->y, w->px, w->py))
			world_set_terrain(w, mi->path[k].x, mi->path[k].y,
			                  data_terrain_find(w->data, "wall"));
		if (game_step(g, wait_cmd) != 1)
			break;
	}
	ASSERT_GAME(g, g->minds->stats.reasons[REPLAN_CHANGED] >= 3);
	ASSERT_GAME(g, g->minds->stats.dlite_plans == 0 &&
	                       g->minds->stats.dlite_repairs == 0);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_repair_wanderer_broken_again_and_again),
	        cmocka_unit_test(test_repair_given_back_on_a_plain_way),
	        cmocka_unit_test(test_repair_off_searches_every_break),
	        cmocka_unit_test(test_repair_not_where_search_is_cheap),
	        cmocka_unit_test(test_repair_not_for_chasers),
	        cmocka_unit_test(test_repair_pool_of_four),
	};

	return tap_run(tests, NULL, NULL);
}
