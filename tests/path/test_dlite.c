/* SPDX-License-Identifier: MIT */
/* test_dlite.c - D* Lite (core/path/dlite.c) against the brute-force
 * Dijkstra of tests/lib, after every repair: thousands of seeded random
 * grids with terrain, each planned once and then changed again and again
 * (doors shutting and opening on the walker's path and away from it,
 * walls, terrain getting dearer and cheaper) while the walker moves along
 * its current path; under the three diagonal rules and every heuristic
 * the engine takes.  Plus argument checks, a worked door example, and
 * the work a repair saves over a new plan.
 *
 * Every random case is reproducible from the seed printed on failure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/path/dlite.h"
#include "core/path/grid.h"
#include "core/path/path.h"
#include "lib/check.h"
#include "lib/map.h"
#include "lib/oracle.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

#define PROPERTY_CASES 4000
#define RANDOM_MAX_DIM 48
/* Events (a batch of changes, a few moves, or both) per case and rule. */
#define EVENTS    24
#define MAX_DOORS 6

static const struct test_costs cost_table[] = {
        {10, 14}, {408, 577}, {1, 1},  {1, 2},     {10, 10},
        {10, 20}, {3, 4},     {7, 13}, {100, 141},
};

/* One walker's world: the tests' own map (what the oracle reads), the
 * engine's grid, kept equal to it, and the walker's current path. */
struct walk {
	uint64_t seed;
	struct test_map m;
	struct grid g;
	struct test_costs c;
	struct path_params p;
	int sx, sy, gx, gy;
	struct path_point *path;
	size_t cap;
	struct path_result res;
	int doors_x[MAX_DOORS], doors_y[MAX_DOORS];
	uint8_t door_open[MAX_DOORS]; /* the multiplier when open */
	int ndoors;
};

static uint64_t case_seed(uint64_t base, unsigned i)
{
	return base * 0x100000001b3ull + i;
}

/* The optimal cost from the walker to the goal on the map as it is now
 * (ORACLE_UNREACHED when there is none). */
static uint64_t oracle_cost(struct oracle *o, const struct walk *w)
{
	oracle_dijkstra(o, &w->m, w->p.diagonal, &w->c, w->sx, w->sy);
	return o->dist[(size_t)w->gy * (size_t)w->m.w + (size_t)w->gx];
}

/* The answer in w->res and w->path must be the oracle's: the optimal
 * cost along a legal path from the walker to the goal, or PATH_NO_PATH
 * with no path. */
static void check_answer(struct oracle *o, const struct walk *w, int rc)
{
	const uint64_t opt = oracle_cost(o, w);

	check_describe(w->seed, &w->m, &w->p, w->sx, w->sy, w->gx, w->gy);
	CHECK_EQ(rc, w->res.status);
	if (opt == ORACLE_UNREACHED) {
		CHECK_EQ(w->res.status, PATH_NO_PATH);
		CHECK_EQ(w->res.length, 0);
		CHECK_EQ(w->res.partial, 0);
		return;
	}
	CHECK_EQ(w->res.status, PATH_FOUND);
	CHECK_EQ(w->res.cost, opt);
	check_path(&w->m, w->p.diagonal, &w->c, w->sx, w->sy, w->gx, w->gy,
	           w->path, &w->res);
}

/* Sets (x, y) to v on both the map and the grid. */
static void walk_set(struct walk *w, int x, int y, uint8_t v)
{
	test_map_set(&w->m, x, y, v);
	assert_int_equal(grid_set_cost(&w->g, x, y, v), GRID_OK);
}

/* A cell to change: on the walker's path a few steps ahead (where a
 * monster meets a shut door), beside the path, or anywhere. */
static void pick_cell(struct walk *w, struct splitmix *r, int *x, int *y)
{
	const uint32_t where = splitmix_below(r, 4);

	if (w->res.status == PATH_FOUND && w->res.length > 1 && where < 2) {
		size_t ahead = 1 + splitmix_below(r, 6);

		if (ahead >= w->res.length)
			ahead = w->res.length - 1;
		*x = w->path[ahead].x;
		*y = w->path[ahead].y;
		if (where == 1) {
			*x += splitmix_range(r, -1, 1);
			*y += splitmix_range(r, -1, 1);
		}
		if (*x < 0 || *y < 0 || *x >= w->m.w || *y >= w->m.h) {
			*x = w->path[ahead].x;
			*y = w->path[ahead].y;
		}
		return;
	}
	*x = (int)splitmix_below(r, (uint32_t)w->m.w);
	*y = (int)splitmix_below(r, (uint32_t)w->m.h);
}

/* One batch of changes, reported to the engine: doors toggled, cells
 * blocked or opened, terrain made dearer or cheaper.  The walker's and
 * the goal's cells are changed only rarely (blocking them makes the goal
 * unreachable, which the engine must then say). */
static void change_cells(struct walk *w, struct dlite_ctx *ctx,
                         struct splitmix *r)
{
	struct path_point cells[8];
	const size_t n = 1 + splitmix_below(r, 4);
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		const uint32_t kind = splitmix_below(r, 10);
		int x, y;
		uint8_t v;

		if (kind < 3 && w->ndoors) {
			const int d =
			        (int)splitmix_below(r, (uint32_t)w->ndoors);

			x = w->doors_x[d];
			y = w->doors_y[d];
			v = test_map_at(&w->m, x, y) ? 0 : w->door_open[d];
		} else {
			pick_cell(w, r, &x, &y);
			if (kind < 6)
				v = 0;
			else if (kind < 8)
				v = (uint8_t)splitmix_range(r, 1, 9);
			else
				v = test_map_at(&w->m, x, y) ? 9 : 1;
		}
		if (((x == w->sx && y == w->sy) ||
		     (x == w->gx && y == w->gy)) &&
		    splitmix_below(r, 8))
			continue;
		walk_set(w, x, y, v);
		cells[k].x = x;
		cells[k].y = y;
		k++;
	}
	/* Now and then a cell that did not change, or one off the map. */
	if (splitmix_below(r, 4) == 0) {
		cells[k].x = (int)splitmix_below(r, (uint32_t)w->m.w);
		cells[k].y = (int)splitmix_below(r, (uint32_t)w->m.h);
		k++;
	}
	if (splitmix_below(r, 8) == 0) {
		cells[k].x = -1;
		cells[k].y = w->m.h;
		k++;
	}
	/* One call for the batch, or one per cell. */
	if (splitmix_below(r, 2)) {
		assert_int_equal(dlite_cells_changed(ctx, cells, k), 0);
	} else {
		for (i = 0; i < k; i++)
			assert_int_equal(dlite_cells_changed(ctx, &cells[i], 1),
			                 0);
	}
}

/* The walker takes 1 to 3 steps along its path (fewer near the goal),
 * or, rarely, is thrown to any open cell. */
static void move_walker(struct walk *w, struct dlite_ctx *ctx,
                        struct splitmix *r)
{
	size_t steps = 1 + splitmix_below(r, 3), i;

	if (splitmix_below(r, 16) == 0 || w->res.status != PATH_FOUND) {
		int x, y;

		test_map_random_open(&w->m, r, &x, &y);
		if (x < 0)
			return;
		w->sx = x;
		w->sy = y;
		assert_int_equal(dlite_move_start(ctx, x, y), 0);
		return;
	}
	for (i = 1; i <= steps && i < w->res.length; i++) {
		w->sx = w->path[i].x;
		w->sy = w->path[i].y;
		assert_int_equal(dlite_move_start(ctx, w->sx, w->sy), 0);
	}
}

static void walk_make(struct walk *w, uint64_t seed, struct splitmix *r)
{
	uint32_t i;

	memset(w, 0, sizeof(*w));
	w->seed = seed;
	test_map_random_terrain(&w->m, r, 0, 0, RANDOM_MAX_DIM, 1);
	i = splitmix_below(r, 11);
	if (i < sizeof(cost_table) / sizeof(cost_table[0])) {
		w->c = cost_table[i];
	} else {
		w->c.s = (uint32_t)splitmix_range(r, 1, 1000);
		w->c.d = (uint32_t)splitmix_range(r, (int)w->c.s,
		                                  2 * (int)w->c.s);
	}
	w->sx = (int)splitmix_below(r, (uint32_t)w->m.w);
	w->sy = (int)splitmix_below(r, (uint32_t)w->m.h);
	if (splitmix_below(r, 20) == 0) {
		w->gx = w->sx;
		w->gy = w->sy;
	} else {
		w->gx = (int)splitmix_below(r, (uint32_t)w->m.w);
		w->gy = (int)splitmix_below(r, (uint32_t)w->m.h);
	}
	if (!test_map_at(&w->m, w->sx, w->sy))
		test_map_set(&w->m, w->sx, w->sy, 1);
	if (!test_map_at(&w->m, w->gx, w->gy))
		test_map_set(&w->m, w->gx, w->gy, 1);
	test_map_to_grid(&w->m, &w->g);
	w->cap = (size_t)w->m.w * (size_t)w->m.h;
	w->path = malloc(w->cap * sizeof(*w->path));
	assert_non_null(w->path);
}

static void walk_fini(struct walk *w)
{
	free(w->path);
	grid_fini(&w->g);
	test_map_fini(&w->m);
	check_case.map = NULL;
}

/* Doors: up to MAX_DOORS open cells, most of them on the first path. */
static void walk_doors(struct walk *w, struct splitmix *r)
{
	int k;

	w->ndoors = (int)splitmix_below(r, MAX_DOORS + 1);
	for (k = 0; k < w->ndoors; k++) {
		int x, y;

		if (w->res.status == PATH_FOUND && w->res.length > 2 &&
		    splitmix_below(r, 3)) {
			const size_t i =
			        1 +
			        splitmix_below(r, (uint32_t)w->res.length - 2);

			x = w->path[i].x;
			y = w->path[i].y;
		} else {
			test_map_random_open(&w->m, r, &x, &y);
			if (x < 0)
				x = y = 0;
		}
		w->doors_x[k] = x;
		w->doors_y[k] = y;
		w->door_open[k] =
		        test_map_at(&w->m, x, y) ? test_map_at(&w->m, x, y) : 1;
	}
}

/* The parameters of a random admissible search under rule. */
static void random_params(struct walk *w, struct splitmix *r,
                          enum path_diagonal rule)
{
	enum path_heuristic h;

	do {
		h = (enum path_heuristic)splitmix_below(r, PATH_H_COUNT);
	} while (rule != PATH_DIAG_NEVER && h == PATH_H_MANHATTAN &&
	         w->c.d < 2 * w->c.s);
	check_params(&w->p, splitmix_below(r, 4) ? PATH_ASTAR : PATH_DIJKSTRA,
	             h, rule, &w->c, PATH_WEIGHT_ONE);
}

/* The property: after every batch of changes and moves, the repaired
 * answer is the oracle's on the map as it is then. */
static void test_dlite_repairs_match_dijkstra_random(void **state)
{
	struct oracle o;
	unsigned i;
	uint64_t repairs = 0, found = 0, none = 0;

	(void)state;
	oracle_init(&o, RANDOM_MAX_DIM * RANDOM_MAX_DIM);
	for (i = 0; i < PROPERTY_CASES; i++) {
		int rule;

		for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
			const uint64_t seed = case_seed(7 + rule, i);
			struct splitmix r = {seed};
			struct dlite_ctx *ctx;
			struct walk w;
			int e, rc;

			walk_make(&w, seed, &r);
			random_params(&w, &r, rule);
			ctx = dlite_ctx_new(w.m.w, w.m.h);
			assert_non_null(ctx);
			rc = dlite_plan(ctx, &w.g, &w.p, w.sx, w.sy, w.gx, w.gy,
			                w.path, w.cap, &w.res);
			check_answer(&o, &w, rc);
			/* A plan leaves nothing queued below the walker's key
			 * (on the buckets or the heap): asked again with
			 * nothing changed, it has nothing to do. */
			{
				const uint32_t cost = w.res.cost;

				rc = dlite_replan(ctx, w.path, w.cap, &w.res);
				check_answer(&o, &w, rc);
				CHECK_EQ(w.res.stats.expanded, 0);
				CHECK_EQ(w.res.cost, cost);
			}
			walk_doors(&w, &r);
			for (e = 0; e < EVENTS; e++) {
				const uint32_t what = splitmix_below(&r, 4);

				if (what != 0)
					change_cells(&w, ctx, &r);
				if (what != 1)
					move_walker(&w, ctx, &r);
				if (splitmix_below(&r, 4) == 0)
					continue; /* more before the repair */
				rc = dlite_replan(ctx, w.path, w.cap, &w.res);
				check_answer(&o, &w, rc);
				repairs++;
				if (w.res.status == PATH_FOUND)
					found++;
				else
					none++;
			}
			dlite_ctx_free(ctx);
			walk_fini(&w);
		}
	}
	/* The cases must exercise both outcomes, and plenty of them. */
	assert_true(repairs > PROPERTY_CASES * 30);
	assert_true(found > repairs / 4);
	assert_true(none > repairs / 50);
	oracle_fini(&o);
}

/* Plans over and over in one context (the stamps forgetting the last
 * plan) must give what a fresh context gives, changes and all. */
static void test_dlite_reused_ctx_matches_fresh(void **state)
{
	struct dlite_ctx *shared =
	        dlite_ctx_new(RANDOM_MAX_DIM, RANDOM_MAX_DIM);
	unsigned i;

	(void)state;
	assert_non_null(shared);
	for (i = 0; i < 300; i++) {
		const uint64_t seed = case_seed(99, i);
		struct splitmix r = {seed};
		struct walk w;
		struct dlite_ctx *fresh;
		struct path_result a;
		struct path_point *pa;
		int e;

		walk_make(&w, seed, &r);
		/* The shared context is for one size: use that size. */
		test_map_fini(&w.m);
		grid_fini(&w.g);
		test_map_random_terrain(&w.m, &r, RANDOM_MAX_DIM,
		                        RANDOM_MAX_DIM, RANDOM_MAX_DIM, 1);
		test_map_set(&w.m, w.sx, w.sy, 1);
		test_map_set(&w.m, w.gx, w.gy, 1);
		test_map_to_grid(&w.m, &w.g);
		free(w.path);
		w.cap = (size_t)RANDOM_MAX_DIM * RANDOM_MAX_DIM;
		w.path = malloc(w.cap * sizeof(*w.path));
		pa = malloc(w.cap * sizeof(*pa));
		assert_non_null(w.path);
		assert_non_null(pa);
		random_params(&w, &r,
		              (enum path_diagonal)splitmix_below(
		                      &r, PATH_DIAG_COUNT));
		fresh = dlite_ctx_new(RANDOM_MAX_DIM, RANDOM_MAX_DIM);
		assert_non_null(fresh);
		dlite_plan(shared, &w.g, &w.p, w.sx, w.sy, w.gx, w.gy, pa,
		           w.cap, &a);
		dlite_plan(fresh, &w.g, &w.p, w.sx, w.sy, w.gx, w.gy, w.path,
		           w.cap, &w.res);
		for (e = 0; e < 6; e++) {
			check_describe(seed, &w.m, &w.p, w.sx, w.sy, w.gx,
			               w.gy);
			CHECK_EQ(a.status, w.res.status);
			CHECK_EQ(a.cost, w.res.cost);
			CHECK_EQ(a.length, w.res.length);
			CHECK_EQ(a.stats.expanded, w.res.stats.expanded);
			CHECK_EQ(a.stats.pushes, w.res.stats.pushes);
			CHECK(memcmp(pa, w.path, a.length * sizeof(*pa)) == 0);
			{
				int x, y;

				pick_cell(&w, &r, &x, &y);
				walk_set(&w, x, y,
				         test_map_at(&w.m, x, y) ? 0 : 3);
				{
					const struct path_point cell = {x, y};

					dlite_cells_changed(shared, &cell, 1);
					dlite_cells_changed(fresh, &cell, 1);
				}
			}
			dlite_replan(shared, pa, w.cap, &a);
			dlite_replan(fresh, w.path, w.cap, &w.res);
		}
		dlite_ctx_free(fresh);
		free(pa);
		walk_fini(&w);
	}
	dlite_ctx_free(shared);
}

/* --- a worked example ----------------------------------------------------- */

static const char door_map[] = "S.....#......\n"
                               "......#......\n"
                               "......D.....G\n"
                               "......#......\n"
                               "......#......\n";

/* A wall with one door (D, open as plain ground) between the walker and
 * the goal: shut, there is no way; open again, the old cost comes back;
 * and the walker's walk toward the door changes nothing. */
static void test_dlite_door_shuts_and_opens(void **state)
{
	char text[sizeof(door_map)];
	struct test_map m;
	struct grid g;
	struct path_params p;
	struct path_point buf[128];
	struct path_result res;
	const struct test_costs c = {10, 14};
	const struct path_point door = {6, 2};
	struct dlite_ctx *ctx;
	int sx, sy, gx, gy, rule;
	char *d;

	(void)state;
	memcpy(text, door_map, sizeof(door_map));
	d = strchr(text, 'D');
	*d = '.';
	test_map_from_text(&m, text, &sx, &sy, &gx, &gy);
	test_map_to_grid(&m, &g);
	ctx = dlite_ctx_new(m.w, m.h);
	assert_non_null(ctx);
	for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
		uint32_t open_cost;

		check_params(&p, PATH_ASTAR, PATH_H_OCTILE, rule, &c,
		             PATH_WEIGHT_ONE);
		check_describe(0, &m, &p, sx, sy, gx, gy);
		CHECK_EQ(
		        dlite_plan(ctx, &g, &p, sx, sy, gx, gy, buf, 128, &res),
		        PATH_FOUND);
		check_path(&m, rule, &c, sx, sy, gx, gy, buf, &res);
		open_cost = res.cost;
		CHECK_EQ(open_cost, rule == PATH_DIAG_NEVER ? 140 : 128);

		/* Nothing changed, nobody moved: nothing to do. */
		CHECK_EQ(dlite_replan(ctx, buf, 128, &res), PATH_FOUND);
		CHECK_EQ(res.cost, open_cost);
		CHECK_EQ(res.stats.expanded, 0);

		/* Two steps along the path: the rest of it, unchanged. */
		{
			struct path_point before[128];
			const size_t len = res.length;
			uint64_t two = 0;

			memcpy(before, buf, len * sizeof(*buf));
			CHECK_EQ(dlite_move_start(ctx, buf[2].x, buf[2].y), 0);
			CHECK_EQ(dlite_replan(ctx, buf, 128, &res), PATH_FOUND);
			CHECK_EQ(res.length, len - 2);
			oracle_step(&m, rule, &c, before[0].x, before[0].y,
			            before[1].x, before[1].y, &two);
			{
				uint64_t step = 0;

				oracle_step(&m, rule, &c, before[1].x,
				            before[1].y, before[2].x,
				            before[2].y, &step);
				two += step;
			}
			CHECK_EQ(res.cost, open_cost - two);
			CHECK(memcmp(buf, before + 2,
			             res.length * sizeof(*buf)) == 0);
		}

		/* The door shuts. */
		grid_set_cost(&g, door.x, door.y, GRID_BLOCKED);
		test_map_set(&m, door.x, door.y, 0);
		CHECK_EQ(dlite_cells_changed(ctx, &door, 1), 0);
		CHECK_EQ(dlite_replan(ctx, buf, 128, &res), PATH_NO_PATH);
		CHECK_EQ(res.length, 0);

		/* And opens. */
		grid_set_cost(&g, door.x, door.y, 1);
		test_map_set(&m, door.x, door.y, 1);
		CHECK_EQ(dlite_cells_changed(ctx, &door, 1), 0);
		CHECK_EQ(dlite_replan(ctx, buf, 128, &res), PATH_FOUND);
		check_path(&m, rule, &c, buf[0].x, buf[0].y, gx, gy, buf, &res);
	}
	dlite_ctx_free(ctx);
	grid_fini(&g);
	test_map_fini(&m);
}

/* A budget stops a search, the plan's on the buckets (octile) or on the
 * heap (Euclidean) and a repair's: PATH_BUDGET, no path, and the context
 * still good: given room, the next replan goes on and answers as a
 * search without a budget does. */
static void test_dlite_budget_stops_and_goes_on(void **state)
{
	static const enum path_heuristic hs[] = {PATH_H_OCTILE,
	                                         PATH_H_EUCLIDEAN};
	struct grid g;
	struct path_params p;
	struct path_point buf[64];
	const struct path_point gap = {15, 29};
	struct path_result res;
	struct dlite_ctx *ctx;
	size_t k;

	(void)state;
	assert_int_equal(grid_init(&g, 30, 30), GRID_OK);
	/* A wall across the way, with a gap at the far end. */
	for (k = 0; k < 29; k++)
		assert_int_equal(grid_set_cost(&g, 15, (int)k, GRID_BLOCKED),
		                 GRID_OK);
	ctx = dlite_ctx_new(30, 30);
	assert_non_null(ctx);
	for (k = 0; k < sizeof(hs) / sizeof(hs[0]); k++) {
		uint32_t cost, shut, expanded, total = 0;

		path_params_default(&p);
		p.heuristic = hs[k];
		/* The answers without a budget: open, then the gap shut. */
		assert_int_equal(
		        dlite_plan(ctx, &g, &p, 2, 2, 28, 2, buf, 64, &res),
		        PATH_FOUND);
		cost = res.cost;
		expanded = res.stats.expanded;
		assert_true(expanded > 40);
		assert_int_equal(grid_set_cost(&g, gap.x, gap.y, GRID_BLOCKED),
		                 GRID_OK);
		assert_int_equal(dlite_cells_changed(ctx, &gap, 1), 0);
		assert_int_equal(dlite_replan(ctx, buf, 64, &res),
		                 PATH_NO_PATH);
		assert_true(res.stats.expanded > 20);
		shut = res.stats.expanded;
		assert_int_equal(grid_set_cost(&g, gap.x, gap.y, 1), GRID_OK);

		/* The plan ten cells at a time. */
		p.budget = 10;
		memset(buf, 0x7f, sizeof(buf));
		assert_int_equal(
		        dlite_plan(ctx, &g, &p, 2, 2, 28, 2, buf, 64, &res),
		        PATH_BUDGET);
		assert_int_equal(res.length, 0);
		assert_int_equal(res.partial, 0);
		assert_int_equal(res.stats.expanded, 10);
		assert_int_equal(buf[0].x, 0x7f7f7f7f);
		total = res.stats.expanded;
		while (dlite_replan(ctx, buf, 64, &res) == PATH_BUDGET) {
			assert_int_equal(res.stats.expanded, 10);
			total += res.stats.expanded;
			assert_true(total < 4 * expanded);
		}
		assert_int_equal(res.status, PATH_FOUND);
		assert_int_equal(res.cost, cost);
		assert_int_equal(buf[res.length - 1].x, 28);

		/* The gap shuts: the repair five cells at a time. */
		assert_int_equal(dlite_set_limit(ctx, 5), 0);
		assert_int_equal(grid_set_cost(&g, gap.x, gap.y, GRID_BLOCKED),
		                 GRID_OK);
		assert_int_equal(dlite_cells_changed(ctx, &gap, 1), 0);
		total = 0;
		while (dlite_replan(ctx, buf, 64, &res) == PATH_BUDGET) {
			assert_int_equal(res.length, 0);
			total += res.stats.expanded;
			assert_true(total < 4 * shut);
		}
		assert_int_equal(res.status, PATH_NO_PATH);
		assert_true(total > 0);

		/* It opens again; no limit. */
		assert_int_equal(dlite_set_limit(ctx, 0), 0);
		assert_int_equal(grid_set_cost(&g, gap.x, gap.y, 1), GRID_OK);
		assert_int_equal(dlite_cells_changed(ctx, &gap, 1), 0);
		assert_int_equal(dlite_replan(ctx, buf, 64, &res), PATH_FOUND);
		assert_int_equal(res.cost, cost);
	}
	assert_int_equal(dlite_set_limit(NULL, 1), PATH_BAD_ARG);
	dlite_ctx_free(ctx);
	grid_fini(&g);
}

/* A door shutting two steps ahead of a walker on a wide open map is
 * repaired with far fewer expansions than a new plan needs: the repair
 * stays near the walker.  (A D* Lite that re-planned from scratch would
 * pass every cost check and fail this one.) */
static void test_dlite_repair_is_local(void **state)
{
	const int n = 64;
	struct test_map m;
	struct grid g;
	struct path_params p;
	struct path_point *buf;
	struct path_result plan, res;
	const struct test_costs c = {10, 14};
	struct dlite_ctx *ctx;
	int rule;

	(void)state;
	test_map_init(&m, n, n, 1);
	test_map_to_grid(&m, &g);
	buf = malloc((size_t)n * n * sizeof(*buf));
	assert_non_null(buf);
	ctx = dlite_ctx_new(n, n);
	assert_non_null(ctx);
	for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
		struct path_point cell;

		check_params(&p, PATH_DIJKSTRA, PATH_H_ZERO, rule, &c,
		             PATH_WEIGHT_ONE);
		grid_fill(&g, 1);
		assert_int_equal(dlite_plan(ctx, &g, &p, 2, n / 2, n - 3, n / 2,
		                            buf, (size_t)n * n, &plan),
		                 PATH_FOUND);
		assert_int_equal(dlite_move_start(ctx, buf[3].x, buf[3].y), 0);
		cell = buf[5];
		grid_set_cost(&g, cell.x, cell.y, GRID_BLOCKED);
		assert_int_equal(dlite_cells_changed(ctx, &cell, 1), 0);
		assert_int_equal(dlite_replan(ctx, buf, (size_t)n * n, &res),
		                 PATH_FOUND);
		/* The plan floods most of the map (Dijkstra); the repair only
		 * the cells around the wall. */
		assert_true(plan.stats.expanded > 2000);
		assert_true(res.stats.expanded * 20 < plan.stats.expanded);
		assert_int_equal(res.cost, plan.cost - 30 + (rule ? 8 : 20));
	}
	dlite_ctx_free(ctx);
	free(buf);
	grid_fini(&g);
	test_map_fini(&m);
}

/* --- arguments and limits ------------------------------------------------- */

static void test_dlite_rejects_bad_args(void **state)
{
	struct test_map m;
	struct grid g, other;
	struct path_params p;
	struct path_point buf[64];
	struct path_result res;
	const struct test_costs c = {10, 14};
	struct dlite_ctx *ctx;
	const struct path_point cell = {1, 1};

	(void)state;
	assert_null(dlite_ctx_new(0, 5));
	assert_null(dlite_ctx_new(5, GRID_MAX_DIM + 1));
	test_map_init(&m, 8, 8, 1);
	test_map_set(&m, 4, 4, 0);
	test_map_to_grid(&m, &g);
	assert_int_equal(grid_init(&other, 9, 8), GRID_OK);
	ctx = dlite_ctx_new(8, 8);
	assert_non_null(ctx);

	/* Nothing planned yet. */
	assert_int_equal(dlite_replan(ctx, buf, 64, &res), PATH_BAD_ARG);
	assert_int_equal(dlite_cells_changed(ctx, &cell, 1), PATH_BAD_ARG);
	assert_int_equal(dlite_move_start(ctx, 1, 1), PATH_BAD_ARG);

	check_params(&p, PATH_ASTAR, PATH_H_OCTILE, PATH_DIAG_NO_CORNER, &c,
	             PATH_WEIGHT_ONE);
	assert_int_equal(dlite_plan(ctx, &g, &p, 4, 4, 0, 0, buf, 64, &res),
	                 PATH_BAD_ARG); /* blocked start */
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 4, 4, buf, 64, &res),
	                 PATH_BAD_ARG); /* blocked goal */
	assert_int_equal(dlite_plan(ctx, &g, &p, -1, 0, 1, 1, buf, 64, &res),
	                 PATH_BAD_ARG);
	assert_int_equal(dlite_plan(ctx, &other, &p, 0, 0, 1, 1, buf, 64, &res),
	                 PATH_BAD_ARG);
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 1, 1, NULL, 64, &res),
	                 PATH_BAD_ARG);
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 1, 1, buf, 64, NULL),
	                 PATH_BAD_ARG);
	/* Searches that are not exact, or heuristics that are not
	 * consistent. */
	p.weight = 1500;
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 1, 1, buf, 64, &res),
	                 PATH_BAD_ARG);
	p.weight = PATH_WEIGHT_ONE;
	p.algo = PATH_GREEDY;
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 1, 1, buf, 64, &res),
	                 PATH_BAD_ARG);
	p.algo = PATH_BFS;
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 1, 1, buf, 64, &res),
	                 PATH_BAD_ARG);
	p.algo = PATH_ASTAR;
	p.heuristic = PATH_H_MANHATTAN;
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 1, 1, buf, 64, &res),
	                 PATH_BAD_ARG);
	/* A failed plan forgets the one before. */
	p.heuristic = PATH_H_OCTILE;
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 7, 7, buf, 64, &res),
	                 PATH_FOUND);
	p.heuristic = PATH_H_MANHATTAN;
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 7, 7, buf, 64, &res),
	                 PATH_BAD_ARG);
	assert_int_equal(dlite_replan(ctx, buf, 64, &res), PATH_BAD_ARG);
	/* Manhattan is fine on a 4-way map, and Dijkstra ignores h. */
	p.diagonal = PATH_DIAG_NEVER;
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 7, 7, buf, 64, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 140);
	p.diagonal = PATH_DIAG_ALWAYS;
	p.algo = PATH_DIJKSTRA;
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 7, 7, buf, 64, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 6 * 14 + 2 * 10); /* around (4,4) */

	/* After a plan: moves off the map, a NULL list, a NULL buffer. */
	assert_int_equal(dlite_move_start(ctx, 8, 0), PATH_BAD_ARG);
	assert_int_equal(dlite_move_start(ctx, 0, -1), PATH_BAD_ARG);
	assert_int_equal(dlite_cells_changed(ctx, NULL, 1), PATH_BAD_ARG);
	assert_int_equal(dlite_cells_changed(ctx, NULL, 0), 0);
	assert_int_equal(dlite_replan(ctx, NULL, 4, &res), PATH_BAD_ARG);
	assert_int_equal(dlite_replan(ctx, buf, 64, NULL), PATH_BAD_ARG);
	assert_int_equal(dlite_replan(ctx, NULL, 0, &res), PATH_FOUND);
	assert_int_equal(res.length, 9);
	assert_int_equal(res.cost, 6 * 14 + 2 * 10);

	dlite_ctx_free(ctx);
	dlite_ctx_free(NULL);
	grid_fini(&other);
	grid_fini(&g);
	test_map_fini(&m);
}

/* A buffer shorter than the path gets its first cap points; length and
 * cost are the whole path's. */
static void test_dlite_short_buffer(void **state)
{
	struct grid g;
	struct path_params p;
	struct path_point buf[4] = {{0, 0}};
	struct path_point full[32];
	struct path_result res;
	struct dlite_ctx *ctx;

	(void)state;
	assert_int_equal(grid_init(&g, 20, 1), GRID_OK);
	path_params_default(&p);
	ctx = dlite_ctx_new(20, 1);
	assert_non_null(ctx);
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 19, 0, buf, 3, &res),
	                 PATH_FOUND);
	assert_int_equal(res.length, 20);
	assert_int_equal(res.cost, 190);
	assert_int_equal(buf[2].x, 2);
	assert_int_equal(buf[3].x, 0); /* untouched */
	assert_int_equal(dlite_replan(ctx, full, 32, &res), PATH_FOUND);
	assert_int_equal(full[19].x, 19);
	dlite_ctx_free(ctx);
	grid_fini(&g);
}

/* Costs past PATH_COST_MAX: a corridor whose only way costs too much is
 * PATH_COST_RANGE, as path_find says; made cheaper, it is found at
 * path_find's cost. */
static void test_dlite_cost_range(void **state)
{
	const int n = 600;
	struct grid g;
	struct path_params p;
	struct path_result res, ares;
	struct path_ctx *actx;
	struct dlite_ctx *ctx;
	struct path_point cells[300];
	int x;

	(void)state;
	assert_int_equal(grid_init(&g, n, 1), GRID_OK);
	grid_fill(&g, GRID_COST_MAX);
	path_params_default(&p);
	p.straight_cost = PATH_STEP_MAX;
	p.diagonal_cost = PATH_STEP_MAX;
	ctx = dlite_ctx_new(n, 1);
	actx = path_ctx_new(n, 1);
	assert_non_null(ctx);
	assert_non_null(actx);
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, n - 1, 0, NULL, 0, &res),
	                 PATH_COST_RANGE);
	assert_int_equal(
	        path_find(actx, &g, &p, 0, 0, n - 1, 0, NULL, 0, &ares, NULL),
	        PATH_COST_RANGE);
	for (x = 0; x < 300; x++) {
		grid_set_cost(&g, x * 2, 0, 1);
		cells[x].x = x * 2;
		cells[x].y = 0;
	}
	assert_int_equal(dlite_cells_changed(ctx, cells, 300), 0);
	assert_int_equal(dlite_replan(ctx, NULL, 0, &res), PATH_FOUND);
	assert_int_equal(
	        path_find(actx, &g, &p, 0, 0, n - 1, 0, NULL, 0, &ares, NULL),
	        PATH_FOUND);
	assert_int_equal(res.cost, ares.cost);
	assert_int_equal(res.length, (size_t)n);
	dlite_ctx_free(ctx);
	path_ctx_free(actx);
	grid_fini(&g);
}

/* The memory a context holds: 12 bytes a padded cell and the stamps,
 * and the queue on top, never more than 16 bytes a cell. */
static void test_dlite_bytes_per_cell(void **state)
{
	struct grid g;
	struct path_params p;
	struct path_result res;
	struct dlite_ctx *ctx;
	const size_t padded = 258 * 258;
	size_t before, after;

	(void)state;
	assert_int_equal(grid_init(&g, 256, 256), GRID_OK);
	path_params_default(&p);
	p.algo = PATH_DIJKSTRA;
	ctx = dlite_ctx_new(256, 256);
	assert_non_null(ctx);
	before = dlite_ctx_bytes(ctx);
	assert_true(before >= padded * 13);
	assert_true(before <= padded * 13 + padded / 8 + 4096);
	assert_int_equal(dlite_plan(ctx, &g, &p, 0, 0, 255, 255, NULL, 0, &res),
	                 PATH_FOUND);
	after = dlite_ctx_bytes(ctx);
	assert_true(after > before);
	assert_true(after <= before + padded * 16);
	dlite_ctx_free(ctx);
	grid_fini(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_dlite_rejects_bad_args),
	        cmocka_unit_test(test_dlite_short_buffer),
	        cmocka_unit_test(test_dlite_budget_stops_and_goes_on),
	        cmocka_unit_test(test_dlite_bytes_per_cell),
	        cmocka_unit_test(test_dlite_cost_range),
	        cmocka_unit_test(test_dlite_door_shuts_and_opens),
	        cmocka_unit_test(test_dlite_repair_is_local),
	        cmocka_unit_test(test_dlite_reused_ctx_matches_fresh),
	        cmocka_unit_test(test_dlite_repairs_match_dijkstra_random),
	};

	return tap_run(tests, NULL, NULL);
}
