/* SPDX-License-Identifier: MIT */
/* test_subgoal.c - the subgoal graph for big maps (subgoal.h) checked
 * against A* and the tests' own Dijkstra on thousands of seeded random
 * grids with walls, terrain and doors, under every diagonal rule and
 * several step costs: it finds a path exactly when one exists, every
 * path is legal, costs what it says and costs exactly what the
 * cheapest does; a graph kept up to date through door, wall and terrain
 * changes answers as the oracle does and holds what a graph built
 * afresh holds; a change redoes the edges of the subgoals near it, not
 * the map's; the first windows of a path are the start of the whole
 * one.  Plus subgoals on a small map drawn by hand and the argument
 * checks.
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

#include "core/path/grid.h"
#include "core/path/path.h"
#include "core/path/subgoal.h"
#include "lib/check.h"
#include "lib/map.h"
#include "lib/oracle.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

#define PROPERTY_GRIDS   3000
#define RANDOM_MAX_DIM   72
#define QUERIES_PER_GRID 4

static const struct test_costs costs[] = {{10, 14}, {10, 14}, {100, 141},
                                          {1, 1},   {3, 4},   {10, 20}};

static void params_for(struct path_params *p, enum path_diagonal rule,
                       const struct test_costs *c)
{
	check_params(p, PATH_ASTAR, PATH_H_OCTILE, rule, c, PATH_WEIGHT_ONE);
}

static int rand_below(struct splitmix *r, int n)
{
	return (int)(splitmix_next(r) % (uint64_t)n);
}

struct workspace {
	struct oracle o;
	struct path_ctx *ctx;
	struct path_point *buf, *buf2;
	size_t cap;
};

static void ws_init(struct workspace *ws, size_t ncells)
{
	oracle_init(&ws->o, ncells);
	ws->ctx = NULL;
	ws->cap = ncells * 2;
	ws->buf = malloc(ws->cap * sizeof(*ws->buf));
	ws->buf2 = malloc(ws->cap * sizeof(*ws->buf2));
	assert_true(ws->buf && ws->buf2);
}

static void ws_fini(struct workspace *ws)
{
	oracle_fini(&ws->o);
	path_ctx_free(ws->ctx);
	free(ws->buf);
	free(ws->buf2);
}

/* The cost of the first n points of pts, every step checked legal. */
static uint64_t prefix_cost(const struct test_map *m,
                            const struct path_params *p,
                            const struct path_point *pts, size_t n)
{
	const struct test_costs c = {p->straight_cost, p->diagonal_cost};
	uint64_t sum = 0, step = 0;
	size_t i;

	for (i = 1; i < n; i++) {
		CHECK(oracle_step(m, p->diagonal, &c, pts[i - 1].x,
		                  pts[i - 1].y, pts[i].x, pts[i].y, &step));
		sum += step;
	}
	return sum;
}

/* One query against the oracle's distances from (sx, sy), already in
 * ws->o, and against plain A*: the whole path, then its first window
 * or two. */
static void check_query(struct workspace *ws, struct subgoal *s,
                        const struct test_map *m, const struct grid *g,
                        const struct path_params *p, int sx, int sy, int gx,
                        int gy)
{
	const struct test_costs c = {p->straight_cost, p->diagonal_cost};
	uint64_t want = ws->o.dist[(size_t)gy * (size_t)m->w + (size_t)gx];
	struct path_result res, pres, ares;
	struct subgoal_info info, pinfo;
	unsigned n;
	size_t i;
	int st;

	check_describe(check_case.seed, m, p, sx, sy, gx, gy);
	st = subgoal_find(s, g, p, sx, sy, gx, gy, 0, ws->buf, ws->cap, &res,
	                  &info);
	CHECK_EQ(st, res.status);
	CHECK_EQ(st, want == ORACLE_UNREACHED ? PATH_NO_PATH : PATH_FOUND);
	path_ctx_free(ws->ctx);
	ws->ctx = path_ctx_new(m->w, m->h);
	assert_non_null(ws->ctx);
	CHECK_EQ(path_find(ws->ctx, g, p, sx, sy, gx, gy, ws->buf2, ws->cap,
	                   &ares, NULL),
	         st);
	if (st != PATH_FOUND) {
		CHECK_EQ(res.length, 0);
		return;
	}
	CHECK_EQ(res.partial, 0);
	check_path(m, p->diagonal, &c, sx, sy, gx, gy, ws->buf, &res);
	CHECK_EQ(res.cost, want);
	CHECK_EQ(res.cost, ares.cost);
	CHECK_EQ(res.cost, info.abstract_cost);
	CHECK(info.abstract_nodes >= 1);
	/* The first windows are the start of the whole path. */
	for (n = 1; n <= 2; n++) {
		st = subgoal_find(s, g, p, sx, sy, gx, gy, n, ws->buf2, ws->cap,
		                  &pres, &pinfo);
		CHECK_EQ(st, PATH_FOUND);
		if (pinfo.windows == info.windows) {
			CHECK_EQ(pres.partial, 0);
			CHECK_EQ(pres.length, res.length);
			continue;
		}
		CHECK_EQ(pres.partial, 1);
		CHECK_EQ(pinfo.windows, n);
		CHECK(pres.length >= 2);
		CHECK(pres.length < res.length);
		for (i = 0; i < pres.length; i++) {
			CHECK_EQ(ws->buf2[i].x, ws->buf[i].x);
			CHECK_EQ(ws->buf2[i].y, ws->buf[i].y);
		}
		CHECK_EQ(pres.cost, prefix_cost(m, p, ws->buf, pres.length));
		CHECK_EQ(pres.best_x, ws->buf[pres.length - 1].x);
		CHECK_EQ(pres.best_y, ws->buf[pres.length - 1].y);
	}
}

/* A random map: half the time rooms with doors and terrain, half the
 * time one multiplier with walls (where subgoals are few). */
static void random_map(struct test_map *m, struct splitmix *r)
{
	int w = 1 + rand_below(r, RANDOM_MAX_DIM);
	int h = 1 + rand_below(r, RANDOM_MAX_DIM);

	if (rand_below(r, 2)) {
		test_map_random_uniform(m, r, RANDOM_MAX_DIM);
		return;
	}
	if (rand_below(r, 4))
		w = 12 + rand_below(r, RANDOM_MAX_DIM - 11);
	if (rand_below(r, 4))
		h = 12 + rand_below(r, RANDOM_MAX_DIM - 11);
	test_map_random_terrain(m, r, w, h, RANDOM_MAX_DIM, 1);
}

static void test_subgoal_matches_astar_random(void **state)
{
	const size_t ncells = (size_t)RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	struct workspace ws;
	unsigned i, found = 0, queries = 0, bent = 0;

	(void)state;
	ws_init(&ws, ncells);
	for (i = 0; i < PROPERTY_GRIDS; i++) {
		struct splitmix r = {0x5b90a1ull * 1000003ull + i};
		const struct test_costs *c = &costs[i % 6];
		enum path_diagonal rule = (enum path_diagonal)(i % 3);
		struct path_params p;
		struct test_map m;
		struct grid g;
		struct subgoal *s;
		int q, sx, sy, gx, gy;

		check_case.seed = r.s;
		random_map(&m, &r);
		check_case.map = &m;
		test_map_to_grid(&m, &g);
		params_for(&p, rule, c);
		s = subgoal_new(m.w, m.h);
		assert_non_null(s);
		for (q = 0; q < QUERIES_PER_GRID; q++) {
			struct subgoal_info info;
			struct path_result res;

			test_map_random_open(&m, &r, &sx, &sy);
			test_map_random_open(&m, &r, &gx, &gy);
			if (sx < 0)
				break;
			oracle_dijkstra(&ws.o, &m, rule, c, sx, sy);
			check_query(&ws, s, &m, &g, &p, sx, sy, gx, gy);
			queries++;
			subgoal_find(s, &g, &p, sx, sy, gx, gy, 0, ws.buf,
			             ws.cap, &res, &info);
			found += res.status == PATH_FOUND;
			bent += info.abstract_nodes > 3;
		}
		subgoal_free(s);
		grid_fini(&g);
		test_map_fini(&m);
	}
	/* Varied enough to mean something: most queries find a path, and
	 * many of those bend at two subgoals or more. */
	assert_true(found > queries / 3);
	assert_true(bent > found / 4);
	ws_fini(&ws);
}

/* The edges of every subgoal, as sorted (x, y, cost) triples, by
 * asking the graph for the paths of length one edge: compared through
 * the counts and a query from every subgoal-free cell sample. */
static void check_same_graph(const struct subgoal *a, const struct subgoal *b,
                             const struct test_map *m)
{
	size_t na, ea, nb, eb;
	int x, y;

	subgoal_counts(a, &na, &ea);
	subgoal_counts(b, &nb, &eb);
	CHECK_EQ(na, nb);
	CHECK_EQ(ea, eb);
	for (y = 0; y < m->h; y++)
		for (x = 0; x < m->w; x++)
			CHECK_EQ(subgoal_is_node(a, x, y),
			         subgoal_is_node(b, x, y));
}

/* Doors shut and open, walls go up and down and terrain changes while
 * the graph is told of each change: it must answer as the oracle says
 * and hold the subgoals and edges a graph built afresh holds. */
static void test_subgoal_changes_match_fresh_build(void **state)
{
	const size_t ncells = (size_t)RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	struct workspace ws;
	unsigned i;

	(void)state;
	ws_init(&ws, ncells);
	for (i = 0; i < PROPERTY_GRIDS / 3; i++) {
		struct splitmix r = {0x5b90c4ull * 1000003ull + i};
		const struct test_costs *c = &costs[i % 6];
		enum path_diagonal rule = (enum path_diagonal)(i % 3);
		struct path_params p;
		struct test_map m;
		struct grid g;
		struct subgoal *s;
		int round;

		check_case.seed = r.s;
		random_map(&m, &r);
		check_case.map = &m;
		test_map_to_grid(&m, &g);
		params_for(&p, rule, c);
		s = subgoal_new(m.w, m.h);
		assert_non_null(s);
		assert_int_equal(subgoal_build(s, &g, &p), 0);
		for (round = 0; round < 6; round++) {
			int k, changes = 1 + rand_below(&r, 4);
			int sx, sy, gx, gy;
			struct subgoal *fresh;

			for (k = 0; k < changes; k++) {
				int x = rand_below(&r, m.w);
				int y = rand_below(&r, m.h);
				int v = rand_below(&r, 3);
				uint8_t nv =
				        v == 0   ? 0
				        : v == 1 ? 1
				                 : (uint8_t)(1 +
				                             rand_below(&r, 9));

				test_map_set(&m, x, y, nv);
				grid_set_cost(&g, x, y, nv);
				subgoal_cells_changed(s, x, y);
			}
			CHECK(subgoal_update(s, &g) >= 0);
			fresh = subgoal_new(m.w, m.h);
			assert_non_null(fresh);
			assert_int_equal(subgoal_build(fresh, &g, &p), 0);
			check_describe_text(&m, "seed %llu round %d",
			                    (unsigned long long)check_case.seed,
			                    round);
			check_same_graph(s, fresh, &m);
			subgoal_free(fresh);
			test_map_random_open(&m, &r, &sx, &sy);
			test_map_random_open(&m, &r, &gx, &gy);
			if (sx < 0)
				continue;
			oracle_dijkstra(&ws.o, &m, rule, c, sx, sy);
			check_query(&ws, s, &m, &g, &p, sx, sy, gx, gy);
		}
		subgoal_free(s);
		grid_fini(&g);
		test_map_fini(&m);
	}
	ws_fini(&ws);
}

/* A door opens and shuts in a wall of a big map of rooms: the repair
 * works out again the edges of the subgoals that see the door, a small
 * part of the map's, and the answer stays A*'s. */
static void test_subgoal_repair_is_local(void **state)
{
	const struct test_costs c = {10, 14};
	const int n = 256;
	struct workspace ws;
	struct path_params p;
	struct path_result res, ares;
	struct splitmix r = {0x5b9d00ull};
	struct test_map m;
	struct grid g;
	struct subgoal *s;
	size_t nodes, edges;
	int x, y, k, rebuilt;

	(void)state;
	ws_init(&ws, (size_t)n * (size_t)n);
	test_map_init(&m, n, n, 1);
	/* Rooms of 16 x 16 with a door in the middle of each wall, and
	 * pillars here and there inside. */
	for (y = 0; y < n; y++)
		for (x = 0; x < n; x++)
			if ((x % 16 == 0 && y % 16 != 8) ||
			    (y % 16 == 0 && x % 16 != 8) ||
			    rand_below(&r, 40) == 0)
				test_map_set(&m, x, y, 0);
	test_map_to_grid(&m, &g);
	params_for(&p, PATH_DIAG_NO_CORNER, &c);
	s = subgoal_new(n, n);
	assert_non_null(s);
	assert_int_equal(subgoal_build(s, &g, &p), 0);
	subgoal_counts(s, &nodes, &edges);
	assert_true(nodes > 1000);
	ws.ctx = path_ctx_new(n, n);
	assert_non_null(ws.ctx);
	for (k = 0; k < 20; k++) {
		int dx = 16 * (1 + rand_below(&r, 14)),
		    dy = 8 + 16 * rand_below(&r, 15);
		int sx, sy, gx, gy;

		/* Shut, then open again, a door in a wall. */
		grid_set_cost(&g, dx, dy, k % 2 ? 1 : 0);
		test_map_set(&m, dx, dy, k % 2 ? 1 : 0);
		subgoal_cells_changed(s, dx, dy);
		rebuilt = subgoal_update(s, &g);
		assert_true(rebuilt >= 1);
		assert_true((size_t)rebuilt * 50 < nodes);
		test_map_random_open(&m, &r, &sx, &sy);
		test_map_random_open(&m, &r, &gx, &gy);
		subgoal_find(s, &g, &p, sx, sy, gx, gy, 0, ws.buf, ws.cap, &res,
		             NULL);
		path_find(ws.ctx, &g, &p, sx, sy, gx, gy, ws.buf2, ws.cap,
		          &ares, NULL);
		assert_int_equal(res.status, ares.status);
		if (res.status == PATH_FOUND)
			assert_int_equal(res.cost, ares.cost);
	}
	subgoal_free(s);
	grid_fini(&g);
	test_map_fini(&m);
	ws_fini(&ws);
}

/* A block in an open room: under the corner rule its four convex
 * corners have a subgoal each, the cells diagonally off its corners;
 * a path around it bends there, and costly terrain makes its cells and
 * their neighbours subgoals. */
static void test_subgoal_drawn(void **state)
{
	const struct test_costs c = {10, 14};
	struct path_params p;
	struct path_result res;
	struct path_point buf[64], abs[8];
	struct test_map m;
	struct grid g;
	struct subgoal *s;
	size_t nodes, edges;

	(void)state;
	params_for(&p, PATH_DIAG_NO_CORNER, &c);
	test_map_from_text(&m,
	                   "........\n"
	                   "........\n"
	                   "...##...\n"
	                   "...##...\n"
	                   "........\n"
	                   "........\n",
	                   NULL, NULL, NULL, NULL);
	test_map_to_grid(&m, &g);
	s = subgoal_new(8, 6);
	assert_non_null(s);
	assert_int_equal(subgoal_build(s, &g, &p), 0);
	subgoal_counts(s, &nodes, &edges);
	assert_int_equal(nodes, 4);
	assert_true(subgoal_is_node(s, 2, 1) && subgoal_is_node(s, 5, 1));
	assert_true(subgoal_is_node(s, 2, 4) && subgoal_is_node(s, 5, 4));
	/* Each sees the two beside it, not the one across the block. */
	assert_int_equal(edges, 8);
	assert_int_equal(
	        subgoal_find(s, &g, &p, 3, 0, 4, 5, 0, buf, 64, &res, NULL),
	        PATH_FOUND);
	assert_int_equal(res.cost, 14 + 3 * 10 + 14 + 10);
	assert_int_equal(subgoal_last_abstract(s, abs, 8), 4);
	/* Forest (5) in a corner: it and its neighbours are subgoals. */
	grid_set_cost(&g, 0, 5, 5);
	subgoal_cells_changed(s, 0, 5);
	assert_true(subgoal_update(s, &g) >= 1);
	assert_true(subgoal_is_node(s, 0, 5) && subgoal_is_node(s, 1, 4));
	assert_true(subgoal_is_node(s, 0, 4) && subgoal_is_node(s, 1, 5));
	assert_int_equal(
	        subgoal_find(s, &g, &p, 2, 5, 0, 5, 0, buf, 64, &res, NULL),
	        PATH_FOUND);
	assert_int_equal(res.cost, 10 + 50);
	subgoal_free(s);
	grid_fini(&g);
	test_map_fini(&m);
}

/* Open floor far wider and taller than a scan's clearance counts
 * before it saturates: long rows and columns with a few pillars and
 * costly cells, changed as doors and walls change.  The scans that
 * jump runs of floor must find what a cell-by-cell walk finds, before
 * and after the changes, and the repaired graph must be a fresh one. */
static void test_subgoal_long_runs(void **state)
{
	const struct test_costs c = {10, 14};
	const int w = 700, h = 300;
	struct workspace ws;
	struct splitmix r = {0x5b9e11ull};
	struct path_params p;
	struct test_map m;
	struct grid g;
	struct subgoal *s, *fresh;
	int x, y, k, rule;

	(void)state;
	ws_init(&ws, (size_t)w * (size_t)h);
	for (rule = 0; rule < 3; rule++) {
		test_map_init(&m, w, h, 1);
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				if (rand_below(&r, 3000) == 0)
					test_map_set(&m, x, y,
					             rand_below(&r, 2) ? 0 : 5);
		test_map_to_grid(&m, &g);
		params_for(&p, (enum path_diagonal)rule, &c);
		s = subgoal_new(w, h);
		assert_non_null(s);
		assert_int_equal(subgoal_build(s, &g, &p), 0);
		for (k = 0; k < 8; k++) {
			int sx, sy, gx, gy;

			if (k >= 4) {
				x = rand_below(&r, w);
				y = rand_below(&r, h);
				test_map_set(&m, x, y,
				             (uint8_t)(k % 3 ? 0 : 1));
				grid_set_cost(&g, x, y,
				              (uint8_t)(k % 3 ? 0 : 1));
				subgoal_cells_changed(s, x, y);
				CHECK(subgoal_update(s, &g) >= 0);
				fresh = subgoal_new(w, h);
				assert_non_null(fresh);
				assert_int_equal(subgoal_build(fresh, &g, &p),
				                 0);
				check_same_graph(s, fresh, &m);
				subgoal_free(fresh);
			}
			/* Far apart on one row or one column half the time:
			 * the start's scan meets the goal after many runs. */
			test_map_random_open(&m, &r, &sx, &sy);
			gx = k % 2 ? sx : w - 1 - rand_below(&r, 8);
			gy = k % 2 ? h - 1 - rand_below(&r, 8) : sy;
			if (test_map_at(&m, gx, gy) == 0)
				test_map_random_open(&m, &r, &gx, &gy);
			oracle_dijkstra(&ws.o, &m, (enum path_diagonal)rule, &c,
			                sx, sy);
			check_query(&ws, s, &m, &g, &p, sx, sy, gx, gy);
		}
		subgoal_free(s);
		grid_fini(&g);
		test_map_fini(&m);
	}
	ws_fini(&ws);
}

static void test_subgoal_rejects_bad_args(void **state)
{
	const struct test_costs c = {10, 14}, other = {10, 20};
	struct path_params p, q;
	struct path_result res;
	struct path_point buf[16];
	struct grid g, small;
	struct subgoal *s;

	(void)state;
	assert_null(subgoal_new(0, 8));
	assert_null(subgoal_new(8, GRID_MAX_DIM + 1));
	assert_int_equal(grid_init(&g, 8, 8), GRID_OK);
	assert_int_equal(grid_init(&small, 4, 4), GRID_OK);
	s = subgoal_new(8, 8);
	assert_non_null(s);
	params_for(&p, PATH_DIAG_NO_CORNER, &c);
	params_for(&q, PATH_DIAG_NO_CORNER, &other);
	assert_int_equal(
	        subgoal_find(s, &small, &p, 0, 0, 1, 1, 0, buf, 16, &res, NULL),
	        PATH_BAD_ARG);
	assert_int_equal(
	        subgoal_find(s, &g, &p, 0, 0, 8, 1, 0, buf, 16, &res, NULL),
	        PATH_BAD_ARG);
	assert_int_equal(
	        subgoal_find(s, &g, &p, 0, 0, 7, 7, 0, buf, 16, &res, NULL),
	        PATH_FOUND);
	assert_int_equal(res.cost, 7 * 14);
	grid_set_cost(&g, 5, 5, 0);
	subgoal_cells_changed(s, 5, 5);
	assert_int_equal(
	        subgoal_find(s, &g, &p, 0, 0, 5, 5, 0, buf, 16, &res, NULL),
	        PATH_BAD_ARG);
	/* Built for 10/14: other moves are refused, not answered wrong. */
	assert_int_equal(
	        subgoal_find(s, &g, &q, 0, 0, 7, 7, 0, buf, 16, &res, NULL),
	        PATH_BAD_ARG);
	assert_int_equal(
	        subgoal_find(s, &g, &p, 2, 2, 2, 2, 0, buf, 16, &res, NULL),
	        PATH_FOUND);
	assert_int_equal(res.length, 1);
	assert_int_equal(res.cost, 0);
	/* A short buffer gets the start of the path, the length is all. */
	assert_int_equal(
	        subgoal_find(s, &g, &p, 0, 0, 7, 0, 0, buf, 3, &res, NULL),
	        PATH_FOUND);
	assert_int_equal(res.length, 8);
	assert_int_equal(buf[2].x, 2);
	subgoal_free(s);
	grid_fini(&g);
	grid_fini(&small);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_subgoal_rejects_bad_args),
	        cmocka_unit_test(test_subgoal_drawn),
	        cmocka_unit_test(test_subgoal_matches_astar_random),
	        cmocka_unit_test(test_subgoal_changes_match_fresh_build),
	        cmocka_unit_test(test_subgoal_repair_is_local),
	        cmocka_unit_test(test_subgoal_long_runs),
	};

	return tap_run(tests, NULL, NULL);
}
