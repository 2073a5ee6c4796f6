/* SPDX-License-Identifier: MIT */
/* test_jps.c - jump point search checked against a plain Dijkstra written
 * here (it shares nothing with the engines) and against the A* of path.c,
 * on thousands of seeded random uniform-cost grids, both 8-way diagonal
 * rules and several step costs; plus the argument checks, the odd shapes,
 * the uniformity rule, context reuse and the den312d benchmark map.
 *
 * Every random case is reproducible from the seed printed on failure.
 * The maps, the oracle and the checks are tests/lib's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/base/dir.h"
#include "core/path/grid.h"
#include "core/path/jps.h"
#include "core/data/movingai.h"
#include "core/path/path.h"
#include "lib/check.h"
#include "lib/fixture.h"
#include "lib/map.h"
#include "lib/oracle.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

#define PROPERTY_GRIDS 10000
#define RANDOM_MAX_DIM 64
#define GOALS_PER_GRID 3

/* The path checked against tests/lib's oracle rule, on a copy of g. */
static void check_grid_path(const struct grid *g, const struct path_params *p,
                            int sx, int sy, int gx, int gy,
                            const struct path_point *pts,
                            const struct path_result *res)
{
	const struct test_costs c = {p->straight_cost, p->diagonal_cost};
	struct test_map m;

	test_map_from_grid(&m, g);
	check_path(&m, p->diagonal, &c, sx, sy, gx, gy, pts, res);
	test_map_fini(&m);
}

static void params_for(struct path_params *p, enum path_diagonal rule,
                       const struct test_costs *c)
{
	check_params(p, PATH_ASTAR, PATH_H_OCTILE, rule, c, PATH_WEIGHT_ONE);
}

/* A jump from a jump point to the next, dx, dy cells away, runs first
 * diagonally and then straight (either part may be empty): its last
 * step's direction, and its price at multiplier mult. */
static int leg_last_dir(int dx, int dy)
{
	const int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;

	if (adx > ady)
		return dx > 0 ? DIR_E : DIR_W;
	if (ady > adx)
		return dy > 0 ? DIR_S : DIR_N;
	return dir_of((dx > 0) - (dx < 0), (dy > 0) - (dy < 0));
}

static uint32_t leg_price(int dx, int dy, const struct path_params *p,
                          uint32_t mult)
{
	const uint32_t adx = (uint32_t)(dx < 0 ? -dx : dx),
	               ady = (uint32_t)(dy < 0 ? -dy : dy);
	const uint32_t lo = adx < ady ? adx : ady, hi = adx < ady ? ady : adx;

	return (p->diagonal_cost * lo + p->straight_cost * (hi - lo)) * mult;
}

/* --- random uniform grids ------------------------------------------------ */

static const struct test_costs main_costs[] = {
        {10, 14}, {408, 577}, {100, 141}};
/* Other legal costs, now and then: equal, double, odd ratios. */
static const struct test_costs other_costs[] = {
        {1, 1}, {1, 2}, {10, 10}, {10, 20}, {3, 4}, {7, 13}, {985, 1393}};

struct workspace {
	struct oracle o;
	struct path_point *buf, *abuf;
	size_t cap;
};

static void ws_init(struct workspace *ws, size_t ncells)
{
	oracle_init(&ws->o, ncells);
	ws->cap = ncells;
	ws->buf = malloc(ncells * sizeof(*ws->buf));
	ws->abuf = malloc(ncells * sizeof(*ws->abuf));
	assert_true(ws->buf && ws->abuf);
}

static void ws_fini(struct workspace *ws)
{
	oracle_fini(&ws->o);
	free(ws->buf);
	free(ws->abuf);
}

/* One query: JPS against the oracle's distance (when given) and A*. */
static void check_query(struct workspace *ws, struct jps_ctx *jc,
                        struct path_ctx *ac, const struct test_map *m,
                        const struct grid *g, const struct path_params *p,
                        int sx, int sy, int gx, int gy, uint64_t want,
                        int have_want)
{
	const struct test_costs c = {p->straight_cost, p->diagonal_cost};
	struct path_result jr, ar;
	int js, as;

	check_describe(check_case.seed, m, p, sx, sy, gx, gy);
	js = jps_find(jc, g, p, sx, sy, gx, gy, ws->buf, ws->cap, &jr);
	as = path_find(ac, g, p, sx, sy, gx, gy, ws->abuf, ws->cap, &ar, NULL);
	CHECK_EQ(js, jr.status);
	CHECK_EQ(js, as);
	if (have_want)
		CHECK_EQ(js,
		         want == ORACLE_UNREACHED ? PATH_NO_PATH : PATH_FOUND);
	if (js != PATH_FOUND) {
		CHECK_EQ(jr.length, 0);
		return;
	}
	CHECK_EQ(jr.cost, ar.cost);
	if (have_want)
		CHECK_EQ(jr.cost, want);
	check_path(m, p->diagonal, &c, sx, sy, gx, gy, ws->buf, &jr);
	CHECK(jr.stats.expanded >= 1);
	CHECK(jr.stats.pushes >= jr.stats.expanded);
	CHECK(jr.stats.max_open >= 1);
}

/* Where a query of both_rules_from goes: a cell of m drawn with r. */
typedef void (*goal_pick)(const struct test_map *m, struct splitmix *r, int *x,
                          int *y);

static void random_goal(const struct test_map *m, struct splitmix *r, int *x,
                        int *y)
{
	test_map_random_open(m, r, x, y);
}

/* Jump point search (jc) and A* (ac) from (sx, sy) on m, g its grid,
 * under both 8-way rules with costs c: n goals a rule drawn by pick, each
 * checked against the oracle's distance.  With start_goal, the first
 * goal of a rule is the start itself one time in eight.  Counts the
 * queries and those with a path. */
static void both_rules_from(struct workspace *ws, struct jps_ctx *jc,
                            struct path_ctx *ac, const struct test_map *m,
                            const struct grid *g, struct splitmix *r,
                            const struct test_costs *c, int sx, int sy, int n,
                            goal_pick pick, int start_goal, unsigned *queries,
                            unsigned *found)
{
	int rule, k;

	for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS; rule++) {
		struct path_params p;

		params_for(&p, (enum path_diagonal)rule, c);
		oracle_dijkstra(&ws->o, m, (enum path_diagonal)rule, c, sx, sy);
		for (k = 0; k < n; k++) {
			int gx, gy;
			uint64_t want;

			pick(m, r, &gx, &gy);
			if (start_goal && k == 0 && splitmix_below(r, 8) == 0) {
				gx = sx;
				gy = sy;
			}
			want = ws->o.dist[(size_t)gy * m->w + gx];
			check_query(ws, jc, ac, m, g, &p, sx, sy, gx, gy, want,
			            1);
			(*queries)++;
			*found += want != ORACLE_UNREACHED;
		}
	}
}

static void test_jps_matches_dijkstra_random(void **state)
{
	const size_t ncells = (size_t)RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	struct workspace ws;
	unsigned i, queries = 0, found = 0;

	(void)state;
	ws_init(&ws, ncells);
	for (i = 0; i < PROPERTY_GRIDS; i++) {
		struct splitmix r = {0x6a7053ull * 1000003ull + i};
		struct test_map m;
		struct grid g;
		struct jps_ctx *jc;
		struct path_ctx *ac;
		int sx, sy;
		const struct test_costs *c =
		        i % 10 == 9 ? &other_costs[(i / 10) % 7]
		                    : &main_costs[i % 3];

		check_case.seed = r.s;
		test_map_random_uniform(&m, &r, RANDOM_MAX_DIM);
		check_case.map = &m;
		test_map_random_open(&m, &r, &sx, &sy);
		if (sx < 0) {
			/* A full map: open one cell, a 1-cell world. */
			test_map_set(&m, 0, 0, 1);
			sx = sy = 0;
		}
		test_map_to_grid(&m, &g);
		jc = jps_ctx_new(m.w, m.h);
		ac = path_ctx_new(m.w, m.h);
		assert_true(jc && ac);
		assert_true(jps_ctx_set_grid(jc, &g) > 0);
		both_rules_from(&ws, jc, ac, &m, &g, &r, c, sx, sy,
		                GOALS_PER_GRID, random_goal, 1, &queries,
		                &found);
		jps_ctx_free(jc);
		path_ctx_free(ac);
		grid_fini(&g);
		test_map_fini(&m);
	}
	print_message("%u grids, %u queries, %u with a path\n", PROPERTY_GRIDS,
	              queries, found);
	/* Both outcomes must be well represented. */
	assert_true(found > queries / 3);
	assert_true(queries - found > queries / 50);
	ws_fini(&ws);
}

/* The traced search (the AI view's) is the same search: the same status,
 * cost, path and counts as the untraced one, one EXPAND event per jump
 * point expanded and one PUSH per push, every jump a diagonal and then a
 * straight line from its parent (its dir the last step) and priced by
 * its steps. */
static void test_jps_trace_matches_untraced(void **state)
{
	unsigned i, queries = 0;

	(void)state;
	for (i = 0; i < 300; i++) {
		struct splitmix r = {0x74726163ull * 1000003ull + i};
		struct test_map m;
		struct grid g;
		struct jps_ctx *jc;
		struct path_trace t;
		struct path_point a[4096], b[4096];
		int rule, sx, sy, k;
		const struct test_costs *c = &main_costs[i % 3];

		test_map_random_uniform(&m, &r, RANDOM_MAX_DIM);
		test_map_random_open(&m, &r, &sx, &sy);
		if (sx < 0) {
			test_map_set(&m, 0, 0, 1);
			sx = sy = 0;
		}
		test_map_to_grid(&m, &g);
		jc = jps_ctx_new(m.w, m.h);
		assert_non_null(jc);
		path_trace_init(&t, 0);
		for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS;
		     rule++) {
			struct path_params p;

			params_for(&p, (enum path_diagonal)rule, c);
			for (k = 0; k < 4; k++) {
				struct path_result ra, rb;
				size_t e, pushes = 0, expands = 0;
				int gx, gy;

				test_map_random_open(&m, &r, &gx, &gy);
				jps_find(jc, &g, &p, sx, sy, gx, gy, a, 4096,
				         &ra);
				path_trace_clear(&t);
				jps_find_traced(jc, &g, &p, sx, sy, gx, gy, b,
				                4096, &rb, &t);
				assert_int_equal(ra.status, rb.status);
				assert_int_equal(ra.cost, rb.cost);
				assert_int_equal(ra.length, rb.length);
				assert_int_equal(ra.stats.expanded,
				                 rb.stats.expanded);
				assert_int_equal(ra.stats.pushes,
				                 rb.stats.pushes);
				assert_memory_equal(
				        a, b,
				        (ra.length < 4096 ? ra.length : 4096) *
				                sizeof(a[0]));
				assert_false(t.truncated);
				for (e = 0; e < t.len; e++) {
					const struct path_trace_event *ev =
					        &t.events[e];
					int dx = ev->x - ev->px,
					    dy = ev->y - ev->py;
					int adx = dx < 0 ? -dx : dx,
					    ady = dy < 0 ? -dy : dy;

					if (ev->kind == PATH_TRACE_EXPAND) {
						expands++;
						continue;
					}
					pushes++;
					/* A diagonal, then a straight line,
					 * priced by its steps. */
					assert_true(adx + ady > 0 ||
					            pushes == 1);
					if (pushes > 1) {
						size_t q;
						uint32_t pg = UINT32_MAX;

						for (q = e; q-- > 0;)
							if (t.events[q].kind ==
							            PATH_TRACE_EXPAND &&
							    t.events[q].x ==
							            ev->px &&
							    t.events[q].y ==
							            ev->py) {
								pg = t.events[q]
								             .g;
								break;
							}
						assert_int_not_equal(
						        pg, UINT32_MAX);
						assert_int_equal(
						        ev->dir,
						        leg_last_dir(dx, dy));
						assert_int_equal(
						        ev->g,
						        pg + leg_price(
						                     dx, dy, &p,
						                     g.cost[grid_index(
						                             &g,
						                             sx,
						                             sy)]));
					}
				}
				assert_int_equal(expands, ra.stats.expanded);
				assert_int_equal(pushes, ra.stats.pushes);
				if (ra.status == PATH_FOUND) {
					const struct path_trace_event *last =
					        &t.events[t.len - 1];

					assert_int_equal(last->kind,
					                 PATH_TRACE_EXPAND);
					assert_int_equal(last->x, gx);
					assert_int_equal(last->y, gy);
				}
				queries++;
			}
		}
		path_trace_fini(&t);
		jps_ctx_free(jc);
		grid_fini(&g);
		test_map_fini(&m);
	}
	print_message("%u traced queries\n", queries);
}

/* Bigger maps, where runs along rows use the word scan over many words:
 * JPS against A* only (the oracle would be slow under the sanitizers). */
static void test_jps_matches_astar_large(void **state)
{
	const int maxdim = 300;
	struct workspace ws;
	unsigned i;

	(void)state;
	ws_init(&ws, (size_t)maxdim * maxdim);
	for (i = 0; i < 24; i++) {
		struct splitmix r = {0x1a26eull * 7919ull + i};
		struct test_map m;
		struct grid g;
		struct jps_ctx *jc;
		struct path_ctx *ac;
		int rule, k;
		const struct test_costs *c = &main_costs[i % 3];

		check_case.seed = r.s;
		do {
			test_map_random_uniform(&m, &r, maxdim);
			if (m.w * m.h >= 400)
				break;
			test_map_fini(&m);
		} while (1);
		check_case.map = &m;
		test_map_to_grid(&m, &g);
		jc = jps_ctx_new(m.w, m.h);
		ac = path_ctx_new(m.w, m.h);
		assert_true(jc && ac);
		for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS;
		     rule++) {
			struct path_params p;

			params_for(&p, (enum path_diagonal)rule, c);
			for (k = 0; k < 20; k++) {
				int sx, sy, gx, gy;

				test_map_random_open(&m, &r, &sx, &sy);
				test_map_random_open(&m, &r, &gx, &gy);
				if (sx < 0)
					break;
				check_query(&ws, jc, ac, &m, &g, &p, sx, sy, gx,
				            gy, 0, 0);
			}
		}
		jps_ctx_free(jc);
		path_ctx_free(ac);
		grid_fini(&g);
		test_map_fini(&m);
	}
	ws_fini(&ws);
}

/* --- edge cases ---------------------------------------------------------- */

static void set_case(const struct test_map *m, const struct path_params *p,
                     int sx, int sy, int gx, int gy)
{
	check_describe(0, m, p, sx, sy, gx, gy);
}

static void test_jps_ctx_new_rejects_bad_sizes(void **state)
{
	struct jps_ctx *c;

	(void)state;
	assert_null(jps_ctx_new(0, 5));
	assert_null(jps_ctx_new(5, 0));
	assert_null(jps_ctx_new(-1, 5));
	assert_null(jps_ctx_new(GRID_MAX_DIM + 1, 1));
	assert_null(jps_ctx_new(1, GRID_MAX_DIM + 1));
	c = jps_ctx_new(3, 4);
	assert_non_null(c);
	/* 12 bytes of search state per padded cell. */
	assert_true(jps_ctx_bytes(c) >= 5 * 6 * 12);
	assert_true(jps_ctx_bytes(c) < 5 * 6 * 12 + 16384);
	jps_ctx_free(c);
	jps_ctx_free(NULL);
}

static void test_jps_start_is_goal(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point pt = {-5, -5};
	struct jps_ctx *c;
	struct grid g;
	int rule;

	(void)state;
	assert_int_equal(grid_init(&g, 7, 5), GRID_OK);
	c = jps_ctx_new(7, 5);
	assert_non_null(c);
	for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS; rule++) {
		params_for(&p, (enum path_diagonal)rule, &main_costs[0]);
		assert_int_equal(jps_find(c, &g, &p, 3, 2, 3, 2, &pt, 1, &res),
		                 PATH_FOUND);
		assert_int_equal(res.status, PATH_FOUND);
		assert_int_equal(res.length, 1);
		assert_int_equal(res.cost, 0);
		assert_int_equal(pt.x, 3);
		assert_int_equal(pt.y, 2);
		assert_int_equal(res.stats.expanded, 1);
		/* No buffer at all is fine too. */
		assert_int_equal(jps_find(c, &g, &p, 0, 0, 0, 0, NULL, 0, &res),
		                 PATH_FOUND);
		assert_int_equal(res.length, 1);
	}
	jps_ctx_free(c);
	grid_fini(&g);
}

static void expect_bad(struct jps_ctx *c, const struct grid *g,
                       const struct path_params *p, int sx, int sy, int gx,
                       int gy)
{
	struct path_point buf[64];
	struct path_result res;

	memset(&res, 0x5a, sizeof(res));
	assert_int_equal(jps_find(c, g, p, sx, sy, gx, gy, buf, 64, &res),
	                 PATH_BAD_ARG);
	assert_int_equal(res.status, PATH_BAD_ARG);
	assert_int_equal(res.length, 0);
}

/* JPS refuses whatever path_find refuses. */
static void expect_both_bad(struct jps_ctx *c, struct path_ctx *ac,
                            const struct grid *g, const struct path_params *p,
                            int sx, int sy, int gx, int gy)
{
	struct path_result res;

	expect_bad(c, g, p, sx, sy, gx, gy);
	assert_int_equal(
	        path_find(ac, g, p, sx, sy, gx, gy, NULL, 0, &res, NULL),
	        PATH_BAD_ARG);
}

static void test_jps_rejects_endpoints(void **state)
{
	struct path_params p;
	struct jps_ctx *c;
	struct path_ctx *ac;
	struct grid g;

	(void)state;
	assert_int_equal(grid_init(&g, 6, 4), GRID_OK);
	grid_set_cost(&g, 2, 1, 0);
	c = jps_ctx_new(6, 4);
	ac = path_ctx_new(6, 4);
	assert_true(c && ac);
	params_for(&p, PATH_DIAG_ALWAYS, &main_costs[0]);
	/* Blocked start or goal. */
	expect_both_bad(c, ac, &g, &p, 2, 1, 0, 0);
	expect_both_bad(c, ac, &g, &p, 0, 0, 2, 1);
	/* Off the map, on every side. */
	expect_both_bad(c, ac, &g, &p, -1, 0, 0, 0);
	expect_both_bad(c, ac, &g, &p, 6, 0, 0, 0);
	expect_both_bad(c, ac, &g, &p, 0, -1, 0, 0);
	expect_both_bad(c, ac, &g, &p, 0, 4, 0, 0);
	expect_both_bad(c, ac, &g, &p, 0, 0, -1, 3);
	expect_both_bad(c, ac, &g, &p, 0, 0, 6, 3);
	expect_both_bad(c, ac, &g, &p, 0, 0, 5, -1);
	expect_both_bad(c, ac, &g, &p, 0, 0, 5, 4);
	expect_both_bad(c, ac, &g, &p, 100000, 0, 0, 0);
	jps_ctx_free(c);
	path_ctx_free(ac);
	grid_fini(&g);
}

static void test_jps_rejects_bad_args(void **state)
{
	struct path_params p, q;
	struct path_result res;
	struct path_point buf[8];
	struct jps_ctx *c;
	struct path_ctx *ac;
	struct grid g, other;

	(void)state;
	assert_int_equal(grid_init(&g, 6, 4), GRID_OK);
	assert_int_equal(grid_init(&other, 4, 6), GRID_OK);
	c = jps_ctx_new(6, 4);
	ac = path_ctx_new(6, 4);
	assert_true(c && ac);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[1]);

	/* NULL pointers. */
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 1, 1, buf, 8, NULL),
	                 PATH_BAD_ARG);
	expect_bad(NULL, &g, &p, 0, 0, 1, 1);
	expect_bad(c, NULL, &p, 0, 0, 1, 1);
	expect_bad(c, &g, NULL, 0, 0, 1, 1);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 1, 1, NULL, 8, &res),
	                 PATH_BAD_ARG);
	/* A grid of another size than the context's. */
	expect_bad(c, &other, &p, 0, 0, 1, 1);
	assert_int_equal(jps_ctx_set_grid(c, &other), PATH_BAD_ARG);
	assert_int_equal(jps_ctx_set_grid(NULL, &g), PATH_BAD_ARG);
	assert_int_equal(jps_ctx_set_grid(c, NULL), PATH_BAD_ARG);

	/* Params path_find refuses too. */
	q = p;
	q.straight_cost = 0;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.diagonal_cost = 2 * q.straight_cost + 1;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.diagonal_cost = q.straight_cost - 1;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.straight_cost = PATH_STEP_MAX;
	q.diagonal_cost = PATH_STEP_MAX + 1;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.algo = PATH_ALGO_COUNT;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.heuristic = PATH_H_COUNT;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.diagonal = PATH_DIAG_COUNT;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.weight = PATH_WEIGHT_ONE - 1;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.h_scale = GRID_COST_MAX + 1;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);

	/* Queries JPS cannot answer exactly, which path_find accepts. */
	q = p;
	q.algo = PATH_DIJKSTRA;
	expect_bad(c, &g, &q, 0, 0, 1, 1);
	q.algo = PATH_GREEDY;
	expect_bad(c, &g, &q, 0, 0, 1, 1);
	q.algo = PATH_BFS;
	expect_bad(c, &g, &q, 0, 0, 1, 1);
	q = p;
	q.weight = 1500;
	expect_bad(c, &g, &q, 0, 0, 1, 1);
	q = p;
	q.diagonal = PATH_DIAG_NEVER;
	expect_bad(c, &g, &q, 0, 0, 1, 1);
	q = p;
	q.ties = PATH_TIES_FIFO;
	expect_bad(c, &g, &q, 0, 0, 1, 1);
	q.ties = PATH_TIES_COUNT;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);

	/* The heuristic and h_scale are not used: any valid value gives the
	 * octile answer. */
	q = p;
	q.heuristic = PATH_H_MANHATTAN;
	q.h_scale = 7;
	assert_int_equal(jps_find(c, &g, &q, 0, 0, 5, 3, buf, 8, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 3 * 577 + 2 * 408);
	assert_int_equal(res.length, 6);
	jps_ctx_free(c);
	path_ctx_free(ac);
	grid_fini(&g);
	grid_fini(&other);
}

static void test_jps_uniformity(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point buf[16];
	struct jps_ctx *c;
	struct grid g, g2;

	(void)state;
	assert_int_equal(grid_init(&g, 5, 3), GRID_OK);
	assert_int_equal(grid_init(&g2, 5, 3), GRID_OK);
	assert_int_equal(jps_grid_uniform(NULL), 0);
	assert_int_equal(jps_grid_uniform(&g), 1);
	grid_fill(&g, 4);
	assert_int_equal(jps_grid_uniform(&g), 4);
	grid_set_cost(&g, 1, 1, 0);
	assert_int_equal(jps_grid_uniform(&g), 4);
	grid_set_cost(&g, 3, 2, 5);
	assert_int_equal(jps_grid_uniform(&g), 0);
	grid_fill(&g2, 0);
	assert_int_equal(jps_grid_uniform(&g2), 0);

	c = jps_ctx_new(5, 3);
	assert_non_null(c);
	params_for(&p, PATH_DIAG_ALWAYS, &main_costs[0]);
	/* A non-uniform grid is refused, first query or not. */
	expect_bad(c, &g, &p, 0, 0, 4, 0);
	expect_bad(c, &g, &p, 0, 0, 4, 0);
	assert_int_equal(jps_ctx_set_grid(c, &g), 0);
	expect_bad(c, &g, &p, 0, 0, 4, 0);
	/* Made uniform again: the context must be told. */
	grid_set_cost(&g, 3, 2, 4);
	assert_int_equal(jps_ctx_set_grid(c, &g), 4);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 4, 0, buf, 16, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 4 * 4 * 10);
	/* Blocking and unblocking cells needs no call. */
	grid_set_cost(&g, 2, 0, 0);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 4, 0, buf, 16, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 4 * (2 * 10 + 2 * 14));
	/* Another grid (another cost pointer) is scanned on its first
	 * query. */
	grid_fill(&g2, 2);
	assert_int_equal(jps_find(c, &g2, &p, 0, 0, 4, 0, buf, 16, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 2 * 4 * 10);
	grid_set_cost(&g2, 0, 1, 3);
	assert_int_equal(jps_ctx_set_grid(c, &g2), 0);
	expect_bad(c, &g2, &p, 0, 0, 4, 0);
	jps_ctx_free(c);
	grid_fini(&g);
	grid_fini(&g2);
}

/* Walls all around a room: no path, no partial path. */
static void test_jps_unreachable(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point buf[400];
	struct jps_ctx *c;
	struct grid g;
	int rule, i;

	(void)state;
	assert_int_equal(grid_init(&g, 20, 12), GRID_OK);
	for (i = 4; i <= 10; i++) {
		grid_set_cost(&g, i, 3, 0);
		grid_set_cost(&g, i, 8, 0);
	}
	for (i = 3; i <= 8; i++) {
		grid_set_cost(&g, 4, i, 0);
		grid_set_cost(&g, 10, i, 0);
	}
	c = jps_ctx_new(20, 12);
	assert_non_null(c);
	for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS; rule++) {
		params_for(&p, (enum path_diagonal)rule, &main_costs[2]);
		assert_int_equal(
		        jps_find(c, &g, &p, 7, 5, 15, 2, buf, 400, &res),
		        PATH_NO_PATH);
		assert_int_equal(res.status, PATH_NO_PATH);
		assert_int_equal(res.length, 0);
		assert_int_equal(res.partial, 0);
		assert_true(res.stats.expanded >= 1);
		assert_int_equal(
		        jps_find(c, &g, &p, 0, 0, 6, 6, buf, 400, &res),
		        PATH_NO_PATH);
		/* Inside the room all is well. */
		assert_int_equal(
		        jps_find(c, &g, &p, 5, 4, 9, 7, buf, 400, &res),
		        PATH_FOUND);
		assert_int_equal(res.cost, 3 * 141 + 100);
	}
	/* A diagonal gap: the room's corner cell (10,8) opened is reached
	 * from (9,7) past two wall corners, so only corner cutting gets
	 * out. */
	grid_set_cost(&g, 10, 8, 1);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 7, 5, 15, 2, buf, 400, &res),
	                 PATH_NO_PATH);
	params_for(&p, PATH_DIAG_ALWAYS, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 7, 5, 15, 2, buf, 400, &res),
	                 PATH_FOUND);
	set_case(NULL, &p, 7, 5, 15, 2);
	check_grid_path(&g, &p, 7, 5, 15, 2, buf, &res);
	jps_ctx_free(c);
	grid_fini(&g);
}

static void test_jps_one_by_one(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point pt;
	struct jps_ctx *c;
	struct grid g;

	(void)state;
	assert_int_equal(grid_init(&g, 1, 1), GRID_OK);
	c = jps_ctx_new(1, 1);
	assert_non_null(c);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 0, 0, &pt, 1, &res),
	                 PATH_FOUND);
	assert_int_equal(res.length, 1);
	assert_int_equal(res.cost, 0);
	expect_bad(c, &g, &p, 0, 0, 1, 0);
	grid_set_cost(&g, 0, 0, 0);
	expect_bad(c, &g, &p, 0, 0, 0, 0);
	jps_ctx_free(c);
	grid_fini(&g);
}

/* A single row and a single column, both ways and every pair of ends. */
static void test_jps_single_row_and_column(void **state)
{
	static const int lens[] = {1, 2, 3, 7, 8, 9, 10, 17, 64, 200};
	struct path_point buf[200];
	size_t li;

	(void)state;
	for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
		int n = lens[li], vertical;

		for (vertical = 0; vertical < 2; vertical++) {
			int w = vertical ? 1 : n, h = vertical ? n : 1;
			struct jps_ctx *c = jps_ctx_new(w, h);
			struct grid g;
			int a, b, rule;

			assert_non_null(c);
			assert_int_equal(grid_init(&g, w, h), GRID_OK);
			for (rule = PATH_DIAG_NO_CORNER;
			     rule <= PATH_DIAG_ALWAYS; rule++) {
				struct path_params p;

				params_for(&p, (enum path_diagonal)rule,
				           &main_costs[1]);
				for (a = 0; a < n; a += 1 + n / 9) {
					for (b = 0; b < n; b += 1 + n / 7) {
						struct path_result res;
						int ax = vertical ? 0 : a;
						int ay = vertical ? a : 0;
						int bx = vertical ? 0 : b;
						int by = vertical ? b : 0;
						int dist =
						        a < b ? b - a : a - b;

						set_case(NULL, &p, ax, ay, bx,
						         by);
						assert_int_equal(
						        jps_find(c, &g, &p, ax,
						                 ay, bx, by,
						                 buf, 200,
						                 &res),
						        PATH_FOUND);
						assert_int_equal(res.cost,
						                 408u * dist);
						assert_int_equal(res.length,
						                 dist + 1);
						check_grid_path(&g, &p, ax, ay,
						                bx, by, buf,
						                &res);
					}
				}
				/* A wall in the middle cuts it. */
				if (n >= 3) {
					struct path_result res;

					grid_set_cost(&g, vertical ? 0 : n / 2,
					              vertical ? n / 2 : 0, 0);
					assert_int_equal(
					        jps_find(c, &g, &p, 0, 0, w - 1,
					                 h - 1, buf, 200, &res),
					        PATH_NO_PATH);
					grid_set_cost(&g, vertical ? 0 : n / 2,
					              vertical ? n / 2 : 0, 1);
				}
			}
			jps_ctx_free(c);
			grid_fini(&g);
		}
	}
}

/* A buffer shorter than the path gets its first cap points; length and
 * cost are still the whole path's. */
static void test_jps_short_buffer(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point full[64], part[5];
	struct jps_ctx *c;
	struct grid g;
	size_t i;

	(void)state;
	assert_int_equal(grid_init(&g, 30, 20), GRID_OK);
	for (i = 0; i < 15; i++)
		grid_set_cost(&g, 12, (int)i, 0);
	c = jps_ctx_new(30, 20);
	assert_non_null(c);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 2, 3, 27, 4, full, 64, &res),
	                 PATH_FOUND);
	assert_true(res.length > 5);
	memset(part, 0, sizeof(part));
	assert_int_equal(jps_find(c, &g, &p, 2, 3, 27, 4, part, 5, &res),
	                 PATH_FOUND);
	for (i = 0; i < 5; i++) {
		assert_int_equal(part[i].x, full[i].x);
		assert_int_equal(part[i].y, full[i].y);
	}
	jps_ctx_free(c);
	grid_fini(&g);
}

static void test_jps_budget(void **state)
{
	struct path_params p;
	struct path_result res;
	struct jps_ctx *c;
	struct grid g;
	int i;

	(void)state;
	assert_int_equal(grid_init(&g, 40, 40), GRID_OK);
	for (i = 0; i < 39; i++) {
		grid_set_cost(&g, 10, i, 0);
		grid_set_cost(&g, 20, 39 - i, 0);
		grid_set_cost(&g, 30, i, 0);
	}
	c = jps_ctx_new(40, 40);
	assert_non_null(c);
	params_for(&p, PATH_DIAG_ALWAYS, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 39, 0, NULL, 0, &res),
	                 PATH_FOUND);
	assert_true(res.stats.expanded > 2);
	p.budget = res.stats.expanded;
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 39, 0, NULL, 0, &res),
	                 PATH_FOUND);
	p.budget = res.stats.expanded - 1;
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 39, 0, NULL, 0, &res),
	                 PATH_BUDGET);
	assert_int_equal(res.length, 0);
	assert_int_equal(res.stats.expanded, p.budget);
	jps_ctx_free(c);
	grid_fini(&g);
}

/* A single row as long as allowed, at the dearest multiplier and step:
 * the whole way costs more than PATH_COST_MAX, as path_find agrees. */
static void test_jps_cost_range(void **state)
{
	struct path_params p;
	struct path_result res, ares;
	struct jps_ctx *c;
	struct path_ctx *ac;
	struct grid g;

	(void)state;
	assert_int_equal(grid_init(&g, GRID_MAX_DIM, 1), GRID_OK);
	grid_fill(&g, GRID_COST_MAX);
	c = jps_ctx_new(GRID_MAX_DIM, 1);
	ac = path_ctx_new(GRID_MAX_DIM, 1);
	assert_true(c && ac);
	path_params_default(&p);
	p.diagonal = PATH_DIAG_ALWAYS;
	p.straight_cost = PATH_STEP_MAX;
	p.diagonal_cost = PATH_STEP_MAX;
	assert_int_equal(
	        jps_find(c, &g, &p, 0, 0, GRID_MAX_DIM - 1, 0, NULL, 0, &res),
	        PATH_COST_RANGE);
	assert_int_equal(path_find(ac, &g, &p, 0, 0, GRID_MAX_DIM - 1, 0, NULL,
	                           0, &ares, NULL),
	                 PATH_COST_RANGE);
	/* The farthest cell within the limit is still found. */
	{
		int far = (int)(PATH_COST_MAX /
		                (PATH_STEP_MAX * (uint32_t)GRID_COST_MAX));

		assert_int_equal(
		        jps_find(c, &g, &p, 0, 0, far, 0, NULL, 0, &res),
		        PATH_FOUND);
		assert_int_equal(res.cost,
		                 (uint32_t)far * PATH_STEP_MAX * GRID_COST_MAX);
		assert_int_equal(
		        jps_find(c, &g, &p, 0, 0, far + 1, 0, NULL, 0, &res),
		        PATH_COST_RANGE);
	}
	jps_ctx_free(c);
	path_ctx_free(ac);
	grid_fini(&g);
}

/* Contexts of several sizes, each reused for many queries on several
 * grids of its size, interleaved: every answer is the one a fresh
 * context gives, point for point. */
static void test_jps_ctx_reuse(void **state)
{
	enum { SIZES = 5, GRIDS = 3 };
	static const int dims[SIZES][2] = {
	        {1, 9}, {13, 7}, {64, 64}, {33, 2}, {50, 41}};
	struct jps_ctx *ctx[SIZES];
	struct test_map maps[SIZES][GRIDS];
	struct grid grids[SIZES][GRIDS];
	struct path_point *a, *b;
	struct splitmix r = {0x7e05eull};
	int s, k, i;

	(void)state;
	a = malloc(64 * 64 * sizeof(*a));
	b = malloc(64 * 64 * sizeof(*b));
	assert_true(a && b);
	for (s = 0; s < SIZES; s++) {
		ctx[s] = jps_ctx_new(dims[s][0], dims[s][1]);
		assert_non_null(ctx[s]);
		for (k = 0; k < GRIDS; k++) {
			struct test_map *m = &maps[s][k];
			int x, y;

			test_map_init(m, dims[s][0], dims[s][1],
			              (uint8_t)(k + 1));
			for (y = 0; y < m->h; y++)
				for (x = 0; x < m->w; x++)
					if (splitmix_below(&r, 100) < 25)
						test_map_set(m, x, y, 0);
			test_map_to_grid(m, &grids[s][k]);
		}
	}
	for (i = 0; i < 3000; i++) {
		struct path_params p;
		struct path_result ra, rb;
		struct jps_ctx *fresh;
		struct test_map *m;
		const struct grid *g;
		int sx, sy, gx, gy, ja, jb;
		size_t n;

		s = (int)splitmix_below(&r, SIZES);
		k = (int)splitmix_below(&r, GRIDS);
		m = &maps[s][k];
		g = &grids[s][k];
		params_for(&p,
		           splitmix_below(&r, 2) ? PATH_DIAG_ALWAYS
		                                 : PATH_DIAG_NO_CORNER,
		           &main_costs[splitmix_below(&r, 3)]);
		test_map_random_open(m, &r, &sx, &sy);
		test_map_random_open(m, &r, &gx, &gy);
		if (sx < 0)
			continue;
		set_case(m, &p, sx, sy, gx, gy);
		ja = jps_find(ctx[s], g, &p, sx, sy, gx, gy, a, 64 * 64, &ra);
		fresh = jps_ctx_new(m->w, m->h);
		assert_non_null(fresh);
		jb = jps_find(fresh, g, &p, sx, sy, gx, gy, b, 64 * 64, &rb);
		jps_ctx_free(fresh);
		CHECK_EQ(ja, jb);
		CHECK_EQ(ra.cost, rb.cost);
		CHECK_EQ(ra.length, rb.length);
		CHECK_EQ(ra.stats.expanded, rb.stats.expanded);
		CHECK_EQ(ra.stats.pushes, rb.stats.pushes);
		CHECK_EQ(ra.stats.max_open, rb.stats.max_open);
		for (n = 0; ja == PATH_FOUND && n < ra.length; n++) {
			CHECK_EQ(a[n].x, b[n].x);
			CHECK_EQ(a[n].y, b[n].y);
		}
		if (ja == PATH_FOUND) {
			const struct test_costs c = {p.straight_cost,
			                             p.diagonal_cost};

			check_path(m, p.diagonal, &c, sx, sy, gx, gy, a, &ra);
		}
	}
	for (s = 0; s < SIZES; s++) {
		jps_ctx_free(ctx[s]);
		for (k = 0; k < GRIDS; k++) {
			grid_fini(&grids[s][k]);
			test_map_fini(&maps[s][k]);
		}
	}
	free(a);
	free(b);
}

/* On open ground a long diagonal query needs a handful of jump points,
 * where A* expands a cell per step. */
static void test_jps_few_expansions_on_open_ground(void **state)
{
	struct path_params p;
	struct path_result jr, ar;
	struct jps_ctx *c;
	struct path_ctx *ac;
	struct grid g;

	(void)state;
	assert_int_equal(grid_init(&g, 200, 120), GRID_OK);
	c = jps_ctx_new(200, 120);
	ac = path_ctx_new(200, 120);
	assert_true(c && ac);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 3, 2, 190, 110, NULL, 0, &jr),
	                 PATH_FOUND);
	assert_int_equal(
	        path_find(ac, &g, &p, 3, 2, 190, 110, NULL, 0, &ar, NULL),
	        PATH_FOUND);
	assert_int_equal(jr.cost, ar.cost);
	assert_int_equal(jr.cost, 108 * 14 + 79 * 10);
	assert_true(jr.stats.expanded <= 3);
	assert_true(ar.stats.expanded > 100);
	jps_ctx_free(c);
	path_ctx_free(ac);
	grid_fini(&g);
}

/* A diagonal's cells are not jump points themselves: where a straight
 * run from one of them finds a jump point, that jump point is reached
 * from the diagonal's start, turning where the run began.  On a 12 x 12
 * open grid with walls at (6, 0) and (0, 6), the diagonal from (0, 0)
 * finds jump points east of (1, 1), south of it, and the goal (11, 3)
 * east of (3, 3): the start and the goal are the only expansions (the
 * goal wins the tie on f with (7, 1) by its larger g), where counting
 * the diagonal's cells made four.  The path is the diagonal, then east. */
static void test_jps_diagonal_cells_not_expanded(void **state)
{
	struct path_params p;
	struct path_result jr, ar;
	struct path_point pts[32];
	struct jps_ctx *c;
	struct path_ctx *ac;
	struct grid g;
	int rule, i;

	(void)state;
	assert_int_equal(grid_init(&g, 12, 12), GRID_OK);
	assert_int_equal(grid_set_cost(&g, 6, 0, 0), GRID_OK);
	assert_int_equal(grid_set_cost(&g, 0, 6, 0), GRID_OK);
	c = jps_ctx_new(12, 12);
	ac = path_ctx_new(12, 12);
	assert_true(c && ac);
	for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS; rule++) {
		params_for(&p, (enum path_diagonal)rule, &main_costs[0]);
		assert_int_equal(jps_find(c, &g, &p, 0, 0, 11, 3, pts, 32, &jr),
		                 PATH_FOUND);
		assert_int_equal(
		        path_find(ac, &g, &p, 0, 0, 11, 3, NULL, 0, &ar, NULL),
		        PATH_FOUND);
		assert_int_equal(jr.cost, ar.cost);
		assert_int_equal(jr.cost, 3 * 14 + 8 * 10);
		assert_int_equal(jr.stats.expanded, 2);
		assert_int_equal(jr.stats.pushes, 4);
		assert_int_equal(jr.length, 12);
		for (i = 0; i < 12; i++) {
			assert_int_equal(pts[i].x, i);
			assert_int_equal(pts[i].y, i < 3 ? i : 3);
		}
	}
	jps_ctx_free(c);
	path_ctx_free(ac);
	grid_fini(&g);
}

/* --- the den312d benchmark map ------------------------------------------- */

static void test_jps_den312d(void **state)
{
	struct movingai_scen sc;
	struct path_params p;
	struct jps_ctx *c;
	struct grid g;
	struct test_map m;
	struct path_point *buf;
	size_t i, mismatches = 0;

	(void)state;
	fixture_load_den312d(&g, &sc);
	c = jps_ctx_new(g.width, g.height);
	assert_non_null(c);
	assert_int_equal(jps_ctx_set_grid(c, &g), 1);
	buf = malloc((size_t)g.width * (size_t)g.height * sizeof(*buf));
	assert_non_null(buf);
	test_map_from_grid(&m, &g);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[1]); /* 408/577 */
	for (i = 0; i < sc.count; i++) {
		const struct movingai_problem *q = &sc.problems[i];
		struct path_result res;
		int st;

		assert_true(movingai_problem_fits(q, &g));
		st = jps_find(c, &g, &p, q->start_x, q->start_y, q->goal_x,
		              q->goal_y, buf,
		              (size_t)g.width * (size_t)g.height, &res);
		/* pathbench's tolerance (tests/lib/fixture.h). */
		if (!fixture_matches_optimal(q, st, res.cost, 408)) {
			mismatches++;
			continue;
		}
		set_case(NULL, &p, q->start_x, q->start_y, q->goal_x,
		         q->goal_y);
		check_path(&m, p.diagonal, &main_costs[1], q->start_x,
		           q->start_y, q->goal_x, q->goal_y, buf, &res);
	}
	assert_int_equal(mismatches, 0);
	test_map_fini(&m);
	free(buf);
	jps_ctx_free(c);
	movingai_scen_free(&sc);
	grid_fini(&g);
}

/* --- the wall bits --------------------------------------------------------
 *
 * The runs read the walls as bits, 64 cells a word, by rows and by
 * columns, with stop masks worked out when the context syncs with the
 * grid.  These tests aim at what that adds: word edges and the padding
 * past the last word, long columns, the bits following changes of the
 * grid between queries, and the jumps that turn from a diagonal onto
 * a straight line (budget and trace). */

/* Sizes around the word edges (the padded width is the map's plus 2). */
static const int edge_dims[] = {61,  62,  63,  64,  65,  66,  67, 125,
                                126, 127, 128, 129, 130, 190, 193};
#define EDGE_DIMS ((int)(sizeof(edge_dims) / sizeof(edge_dims[0])))

/* A w x h map of one multiplier: noise of 0-35 %, and walls across it,
 * across and down, each with one to three gaps (rooms, corridors and the
 * long straight runs that cross word edges). */
static void wide_map(struct test_map *m, struct splitmix *r, int w, int h)
{
	const uint8_t mult =
	        splitmix_below(r, 4) ? 1 : (uint8_t)splitmix_range(r, 2, 9);
	const unsigned density = splitmix_below(r, 36);
	int x, y, k, walls = (int)splitmix_below(r, 7);

	test_map_init(m, w, h, mult);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			if (splitmix_below(r, 100) < density)
				test_map_set(m, x, y, 0);
	for (k = 0; k < walls; k++) {
		const int down = (int)splitmix_below(r, 2);
		const int len = down ? h : w;
		const int at = (int)splitmix_below(r, (uint32_t)(down ? w : h));
		int i, gaps = 1 + (int)splitmix_below(r, 3);

		for (i = 0; i < len; i++)
			test_map_set(m, down ? at : i, down ? i : at, 0);
		while (gaps--) {
			i = (int)splitmix_below(r, (uint32_t)len);
			test_map_set(m, down ? at : i, down ? i : at, mult);
		}
	}
}

/* An open cell in a column or row near a word edge when there is one,
 * else any open cell. */
static void edge_open(const struct test_map *m, struct splitmix *r, int *x,
                      int *y)
{
	static const int near[] = {0,  1,   61,  62,  63, 64,
	                           65, 125, 126, 127, 128};
	int tries;

	for (tries = 0; tries < 20; tries++) {
		int cx = near[splitmix_below(r, 11)];
		int cy = (int)splitmix_below(r, (uint32_t)m->h);

		if (splitmix_below(r, 2)) {
			cy = near[splitmix_below(r, 11)];
			cx = (int)splitmix_below(r, (uint32_t)m->w);
		}
		if (test_map_at(m, cx, cy)) {
			*x = cx;
			*y = cy;
			return;
		}
	}
	test_map_random_open(m, r, x, y);
}

/* Maps wider and taller than a word, at and around its edges: every
 * answer the oracle's, both rules. */
static void test_jps_word_edges(void **state)
{
	const size_t ncells = 193 * 193;
	struct workspace ws;
	unsigned i, queries = 0, found = 0;

	(void)state;
	ws_init(&ws, ncells);
	for (i = 0; i < 120; i++) {
		struct splitmix r = {0x776f7264ull * 1000003ull + i};
		struct test_map m;
		struct grid g;
		struct jps_ctx *jc;
		struct path_ctx *ac;
		int sx, sy;
		const struct test_costs *c = &main_costs[i % 3];

		check_case.seed = r.s;
		wide_map(&m, &r, edge_dims[splitmix_below(&r, EDGE_DIMS)],
		         edge_dims[splitmix_below(&r, EDGE_DIMS)]);
		check_case.map = &m;
		edge_open(&m, &r, &sx, &sy);
		if (sx < 0) {
			test_map_fini(&m);
			continue;
		}
		test_map_to_grid(&m, &g);
		jc = jps_ctx_new(m.w, m.h);
		ac = path_ctx_new(m.w, m.h);
		assert_true(jc && ac);
		both_rules_from(&ws, jc, ac, &m, &g, &r, c, sx, sy, 6,
		                edge_open, 0, &queries, &found);
		jps_ctx_free(jc);
		path_ctx_free(ac);
		grid_fini(&g);
		test_map_fini(&m);
	}
	print_message("%u queries, %u with a path\n", queries, found);
	assert_true(found > queries / 2);
	assert_true(queries - found > queries / 100);
	ws_fini(&ws);
}

/* Long columns and long rows: a few cells across and hundreds along, the
 * corridors split by walls with gaps and pockets off their sides, so that
 * runs along the columns cross many words (and, turned, along rows). */
static void test_jps_long_corridors(void **state)
{
	struct workspace ws;
	unsigned i, queries = 0, found = 0;

	(void)state;
	ws_init(&ws, 9 * 400);
	for (i = 0; i < 160; i++) {
		struct splitmix r = {0x636f7272ull * 1000003ull + i};
		const int across = 1 + (int)splitmix_below(&r, 9);
		const int along = 100 + (int)splitmix_below(&r, 301);
		const int turned = (int)(i % 2);
		struct test_map m;
		struct grid g;
		struct jps_ctx *jc;
		struct path_ctx *ac;
		int sx, sy, a, b;
		const struct test_costs *c = &main_costs[i % 3];

		check_case.seed = r.s;
		test_map_init(&m, turned ? along : across,
		              turned ? across : along, 1);
		/* Walls along the corridor's length, with gaps. */
		for (a = 1; a < across - 1; a += 2)
			for (b = 0; b < along; b++)
				if (splitmix_below(&r, 12))
					test_map_set(&m, turned ? b : a,
					             turned ? a : b, 0);
		/* Walls across it now and then, and noise. */
		for (b = 0; b < along; b++) {
			if (!splitmix_below(&r, 40)) {
				for (a = 0; a < across; a++)
					test_map_set(&m, turned ? b : a,
					             turned ? a : b, 0);
				a = (int)splitmix_below(&r, (uint32_t)across);
				test_map_set(&m, turned ? b : a, turned ? a : b,
				             1);
			}
			for (a = 0; a < across; a++)
				if (!splitmix_below(&r, 60))
					test_map_set(&m, turned ? b : a,
					             turned ? a : b, 0);
		}
		check_case.map = &m;
		test_map_random_open(&m, &r, &sx, &sy);
		if (sx < 0) {
			test_map_fini(&m);
			continue;
		}
		test_map_to_grid(&m, &g);
		jc = jps_ctx_new(m.w, m.h);
		ac = path_ctx_new(m.w, m.h);
		assert_true(jc && ac);
		both_rules_from(&ws, jc, ac, &m, &g, &r, c, sx, sy, 5,
		                random_goal, 0, &queries, &found);
		jps_ctx_free(jc);
		path_ctx_free(ac);
		grid_fini(&g);
		test_map_fini(&m);
	}
	print_message("%u queries, %u with a path\n", queries, found);
	assert_true(found > queries / 4);
	assert_true(queries - found > queries / 100);
	ws_fini(&ws);
}

/* One context and one grid through many changes between queries, as
 * doors open and shut: through grid_set_cost (the serial tells the
 * context), by writing the cells directly and bumping the serial, by
 * writing them and calling jps_ctx_set_grid, or by writing each one,
 * bumping the serial and telling the context of the cell
 * (jps_ctx_cell_changed, no scan).  Some changes block a cell
 * of the last path found, so stale bits would walk through a wall.  Every
 * answer is the oracle's on the map as it is now. */
static void test_jps_follows_changes(void **state)
{
	const int w = 150, h = 131;
	struct workspace ws;
	unsigned i, round, queries = 0, found = 0, on_path = 0, told = 0;

	(void)state;
	ws_init(&ws, (size_t)w * h);
	for (i = 0; i < 6; i++) {
		struct splitmix r = {0x646f6f72ull * 1000003ull + i};
		struct test_map m;
		struct grid g;
		struct jps_ctx *jc;
		struct path_ctx *ac;
		size_t last_len = 0;

		wide_map(&m, &r, w, h);
		/* One multiplier throughout, so changes keep it uniform. */
		{
			int x, y;

			for (y = 0; y < h; y++)
				for (x = 0; x < w; x++)
					if (test_map_at(&m, x, y))
						test_map_set(&m, x, y, 1);
		}
		check_case.map = &m;
		test_map_to_grid(&m, &g);
		jc = jps_ctx_new(w, h);
		ac = path_ctx_new(w, h);
		assert_true(jc && ac);
		assert_int_equal(jps_ctx_set_grid(jc, &g), 1);
		for (round = 0; round < 60; round++) {
			const unsigned how = splitmix_below(&r, 4);
			const int n = 1 + (int)splitmix_below(&r, 40);
			int k, sx, sy, gx, gy, rule;
			struct path_params p;
			uint64_t want;

			for (k = 0; k < n; k++) {
				static const int edge[] = {61,  62,  63,  64,
				                           125, 126, 127, 128};
				int x = (int)splitmix_below(&r, (uint32_t)w);
				int y = (int)splitmix_below(&r, (uint32_t)h);
				uint8_t v;

				/* Half the changes next to a word edge (padded
				 * 63 and 64, 127 and 128), where a word's
				 * change moves its neighbour's stop masks. */
				if (splitmix_below(&r, 4) == 0)
					x = edge[splitmix_below(&r, 8)];
				else if (splitmix_below(&r, 3) == 0)
					y = edge[splitmix_below(&r, 8)];

				if (k == 0 && last_len > 2) {
					/* A cell the last path crossed. */
					const struct path_point *pt =
					        &ws.buf[1 +
					                splitmix_below(
					                        &r,
					                        (uint32_t)(last_len -
					                                   2))];

					x = pt->x;
					y = pt->y;
					on_path++;
				}
				v = test_map_at(&m, x, y) ? 0 : 1;
				test_map_set(&m, x, y, v);
				if (how == 0) {
					assert_int_equal(
					        grid_set_cost(&g, x, y, v),
					        GRID_OK);
				} else if (how == 3) {
					g.cost[grid_index(&g, x, y)] = v;
					g.serial++;
					jps_ctx_cell_changed(jc, &g, x, y);
					told++;
				} else {
					g.cost[grid_index(&g, x, y)] = v;
					if (how == 1)
						g.serial++;
				}
			}
			if (how == 2)
				assert_int_equal(jps_ctx_set_grid(jc, &g), 1);
			rule = splitmix_below(&r, 2) ? PATH_DIAG_ALWAYS
			                             : PATH_DIAG_NO_CORNER;
			params_for(&p, (enum path_diagonal)rule,
			           &main_costs[round % 3]);
			test_map_random_open(&m, &r, &sx, &sy);
			test_map_random_open(&m, &r, &gx, &gy);
			if (sx < 0)
				continue;
			oracle_dijkstra(&ws.o, &m, (enum path_diagonal)rule,
			                &main_costs[round % 3], sx, sy);
			want = ws.o.dist[(size_t)gy * m.w + gx];
			check_case.seed = r.s;
			check_query(&ws, jc, ac, &m, &g, &p, sx, sy, gx, gy,
			            want, 1);
			last_len = want == ORACLE_UNREACHED ? 0 : (size_t)-1;
			if (last_len) {
				struct path_result res;

				jps_find(jc, &g, &p, sx, sy, gx, gy, ws.buf,
				         ws.cap, &res);
				last_len = res.length;
			}
			queries++;
			found += want != ORACLE_UNREACHED;
		}
		jps_ctx_free(jc);
		path_ctx_free(ac);
		grid_fini(&g);
		test_map_fini(&m);
	}
	print_message("%u queries, %u with a path, %u changes on a path, "
	              "%u told cell by cell\n",
	              queries, found, on_path, told);
	assert_true(found > queries / 3);
	assert_true(on_path > 50);
	assert_true(told > 500);
	ws_fini(&ws);
}

/* A cell told to the context that gives the grid a second multiplier
 * leaves queries refusing it, as a scan would; told back, the context
 * cannot know the grid is uniform again and the next query scans, and
 * answers.  A tell after an untold change does nothing, and the query
 * scans. */
static void test_jps_told_multipliers(void **state)
{
	struct test_map m;
	struct grid g;
	struct jps_ctx *jc = jps_ctx_new(10, 3);
	struct path_params p;
	struct path_point buf[64];
	struct path_result res;

	(void)state;
	assert_non_null(jc);
	test_map_init(&m, 10, 3, 1);
	test_map_to_grid(&m, &g);
	path_params_default(&p);
	assert_int_equal(jps_ctx_set_grid(jc, &g), 1);
	g.cost[grid_index(&g, 5, 1)] = 2;
	g.serial++;
	jps_ctx_cell_changed(jc, &g, 5, 1);
	assert_int_equal(jps_find(jc, &g, &p, 0, 1, 9, 1, buf, 64, &res),
	                 PATH_BAD_ARG);
	g.cost[grid_index(&g, 5, 1)] = 1;
	g.serial++;
	jps_ctx_cell_changed(jc, &g, 5, 1);
	assert_int_equal(jps_find(jc, &g, &p, 0, 1, 9, 1, buf, 64, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 9 * p.straight_cost);
	/* A wall not told, then one told: the query still sees both. */
	g.cost[grid_index(&g, 4, 0)] = 0;
	g.cost[grid_index(&g, 4, 1)] = 0;
	g.serial++;
	g.cost[grid_index(&g, 4, 2)] = 0;
	g.serial++;
	jps_ctx_cell_changed(jc, &g, 4, 2);
	assert_int_equal(jps_find(jc, &g, &p, 0, 1, 9, 1, buf, 64, &res),
	                 PATH_NO_PATH);
	jps_ctx_free(jc);
	grid_fini(&g);
	test_map_fini(&m);
}

/* A wall along a row (or a column) next to a word edge, growing one cell
 * at a time past the edge and shrinking back, on one context: the way
 * around it turns at its end, a jump point whose stop mask bit lies in
 * the word (or the line) next to the cell that changed.  Every answer is
 * A*'s, both rules. */
static void test_jps_wall_end_at_word_edge(void **state)
{
	static const int lines[] = {61, 62, 63, 64};
	struct workspace ws;
	unsigned queries = 0;
	int turned, li, rule;

	(void)state;
	ws_init(&ws, 134 * 68);
	for (turned = 0; turned < 2; turned++) {
		for (li = 0; li < 4; li++) {
			const int w = turned ? 68 : 134, h = turned ? 134 : 68;
			const int line = lines[li];
			struct test_map m;
			struct grid g;
			struct jps_ctx *jc;
			struct path_ctx *ac;
			int e, pass;

			test_map_init(&m, w, h, 1);
			for (e = 0; e < 58; e++)
				test_map_set(&m, turned ? line : e,
				             turned ? e : line, 0);
			test_map_to_grid(&m, &g);
			check_case.map = &m;
			jc = jps_ctx_new(w, h);
			ac = path_ctx_new(w, h);
			assert_true(jc && ac);
			for (pass = 0; pass < 2; pass++) {
				for (e = 58; e <= 131; e++) {
					const int at = pass ? 189 - e : e;
					const uint8_t v = pass ? 1 : 0;

					test_map_set(&m, turned ? line : at,
					             turned ? at : line, v);
					grid_set_cost(&g, turned ? line : at,
					              turned ? at : line, v);
					for (rule = PATH_DIAG_NO_CORNER;
					     rule <= PATH_DIAG_ALWAYS; rule++) {
						struct path_params p;
						int a = 1 + (e % 3);

						params_for(&p,
						           (enum path_diagonal)
						                   rule,
						           &main_costs[e % 3]);
						/* From one side of the wall
						 * to the other, near its
						 * start, both ways. */
						check_query(
						        &ws, jc, ac, &m, &g, &p,
						        turned ? line + a : 0,
						        turned ? 0 : line + a,
						        turned ? line - a : 2,
						        turned ? 2 : line - a,
						        0, 0);
						check_query(
						        &ws, jc, ac, &m, &g, &p,
						        turned ? line - a : 0,
						        turned ? 0 : line - a,
						        turned ? line + a : 2,
						        turned ? 2 : line + a,
						        0, 0);
						queries += 2;
					}
				}
			}
			jps_ctx_free(jc);
			path_ctx_free(ac);
			grid_fini(&g);
			test_map_fini(&m);
		}
	}
	print_message("%u queries\n", queries);
	ws_fini(&ws);
}

/* The serial also carries changes of multiplier: a cell set through
 * grid_set_cost to another multiplier makes the grid non-uniform at once,
 * and setting it back makes it usable again, with no jps_ctx_set_grid. */
static void test_jps_serial_sees_multipliers(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point buf[256];
	struct jps_ctx *c;
	struct grid g;

	(void)state;
	assert_int_equal(grid_init(&g, 100, 70), GRID_OK);
	c = jps_ctx_new(100, 70);
	assert_non_null(c);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 99, 0, buf, 256, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 99 * 10);
	grid_set_cost(&g, 50, 40, 3);
	expect_bad(c, &g, &p, 0, 0, 99, 0);
	grid_set_cost(&g, 50, 40, 1);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 99, 0, buf, 256, &res),
	                 PATH_FOUND);
	/* The whole grid dearer: the costs follow. */
	grid_fill(&g, 2);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 99, 0, buf, 256, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 2 * 99 * 10);
	/* A wall down the column 64 (the padded 65, past the first word)
	 * with one gap at the bottom. */
	{
		int y;

		for (y = 0; y < 69; y++)
			grid_set_cost(&g, 64, y, 0);
	}
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 99, 0, buf, 256, &res),
	                 PATH_FOUND);
	set_case(NULL, &p, 0, 0, 99, 0);
	check_grid_path(&g, &p, 0, 0, 99, 0, buf, &res);
	/* Down to the gap and back up, through it straight (no corner
	 * cutting past the wall's end): 97 diagonal steps and 43 straight
	 * ones, as A* finds too. */
	assert_int_equal(res.cost, 2 * (97 * 14 + 43 * 10));
	{
		struct path_ctx *ac = path_ctx_new(100, 70);
		struct path_result ares;

		assert_non_null(ac);
		assert_int_equal(path_find(ac, &g, &p, 0, 0, 99, 0, NULL, 0,
		                           &ares, NULL),
		                 PATH_FOUND);
		assert_int_equal(ares.cost, res.cost);
		path_ctx_free(ac);
	}
	jps_ctx_free(c);
	grid_fini(&g);
}

/* A search cut by its budget, traced line by line, ends with the budget's
 * event on the jump point it would have expanded next: pushed last at
 * that g and key, never expanded. */
static void check_budget_end(struct jps_ctx *jc, const struct grid *g,
                             const struct path_params *p, struct workspace *ws,
                             int sx, int sy, int gx, int gy)
{
	struct path_trace l;
	struct path_result res;
	const struct path_trace_event *e;
	size_t i;

	path_trace_init(&l, 0);
	l.lines = 1;
	jps_find_traced(jc, g, p, sx, sy, gx, gy, ws->buf, ws->cap, &res, &l);
	CHECK_EQ(res.status, PATH_BUDGET);
	CHECK(l.len > 0);
	e = &l.events[l.len - 1];
	CHECK_EQ(e->kind, PATH_TRACE_BUDGET);
	for (i = l.len - 1; i-- > 0;)
		if (l.events[i].x == e->x && l.events[i].y == e->y &&
		    (l.events[i].kind == PATH_TRACE_PUSH ||
		     l.events[i].kind == PATH_TRACE_EXPAND))
			break;
	CHECK(i < l.len && l.events[i].kind == PATH_TRACE_PUSH);
	CHECK_EQ(l.events[i].g, e->g);
	CHECK_EQ(l.events[i].f, e->f);
	path_trace_fini(&l);
}

/* Every budget below what a query needs cuts it, with exactly that many
 * expansions (jump points taken off the open list), and the budget it
 * needs gives the same answer as none. */
static void test_jps_budget_cuts_anywhere(void **state)
{
	struct workspace ws;
	unsigned i, cuts = 0;

	(void)state;
	ws_init(&ws, 193 * 193);
	for (i = 0; i < 40; i++) {
		struct splitmix r = {0x62756467ull * 1000003ull + i};
		struct test_map m;
		struct grid g;
		struct jps_ctx *jc;
		int rule, k;

		wide_map(&m, &r, edge_dims[splitmix_below(&r, EDGE_DIMS)],
		         edge_dims[splitmix_below(&r, EDGE_DIMS)]);
		check_case.map = &m;
		test_map_to_grid(&m, &g);
		jc = jps_ctx_new(m.w, m.h);
		assert_non_null(jc);
		for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS;
		     rule++) {
			for (k = 0; k < 4; k++) {
				struct path_params p;
				struct path_result full, cut;
				int sx, sy, gx, gy, st;
				uint32_t b;

				params_for(&p, (enum path_diagonal)rule,
				           &main_costs[k % 3]);
				test_map_random_open(&m, &r, &sx, &sy);
				test_map_random_open(&m, &r, &gx, &gy);
				if (sx < 0)
					break;
				set_case(&m, &p, sx, sy, gx, gy);
				st = jps_find(jc, &g, &p, sx, sy, gx, gy,
				              ws.buf, ws.cap, &full);
				p.budget = full.stats.expanded;
				CHECK_EQ(jps_find(jc, &g, &p, sx, sy, gx, gy,
				                  ws.buf, ws.cap, &cut),
				         st);
				CHECK_EQ(cut.cost, full.cost);
				CHECK_EQ(cut.stats.expanded,
				         full.stats.expanded);
				for (b = 1; b < full.stats.expanded;
				     b += 1 + b / 4) {
					p.budget = b;
					CHECK_EQ(jps_find(jc, &g, &p, sx, sy,
					                  gx, gy, ws.buf,
					                  ws.cap, &cut),
					         PATH_BUDGET);
					CHECK_EQ(cut.stats.expanded, b);
					CHECK_EQ(cut.length, 0);
					check_budget_end(jc, &g, &p, &ws, sx,
					                 sy, gx, gy);
					cuts++;
				}
			}
		}
		jps_ctx_free(jc);
		grid_fini(&g);
		test_map_fini(&m);
	}
	print_message("%u budget cuts\n", cuts);
	assert_true(cuts > 500);
	ws_fini(&ws);
}

/* A trace with lines: its pushes and expansions are the plain trace's,
 * in order; each jump's end looked at comes to one end (closed, or a new
 * cost pushed or no better); the goal's expansion says so, and a search
 * that fails says no path. */
static void test_jps_trace_lines(void **state)
{
	struct workspace ws;
	struct path_trace t, l;
	unsigned i;

	(void)state;
	ws_init(&ws, 193 * 193);
	path_trace_init(&t, 0);
	path_trace_init(&l, 0);
	l.lines = 1;
	for (i = 0; i < 20; i++) {
		struct splitmix r = {0x6c696e65ull * 1000003ull + i};
		struct test_map m;
		struct grid g;
		struct jps_ctx *jc;
		int rule;

		wide_map(&m, &r, edge_dims[splitmix_below(&r, EDGE_DIMS)],
		         edge_dims[splitmix_below(&r, EDGE_DIMS)]);
		check_case.map = &m;
		test_map_to_grid(&m, &g);
		jc = jps_ctx_new(m.w, m.h);
		assert_non_null(jc);
		for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS;
		     rule++) {
			struct path_params p;
			struct path_result ra, rb;
			size_t e, k = 0;
			int sx, sy, gx, gy, want = 0;

			params_for(&p, (enum path_diagonal)rule,
			           &main_costs[0]);
			test_map_random_open(&m, &r, &sx, &sy);
			test_map_random_open(&m, &r, &gx, &gy);
			if (sx < 0)
				break;
			set_case(&m, &p, sx, sy, gx, gy);
			path_trace_clear(&t);
			path_trace_clear(&l);
			jps_find_traced(jc, &g, &p, sx, sy, gx, gy, ws.abuf,
			                ws.cap, &ra, &t);
			jps_find_traced(jc, &g, &p, sx, sy, gx, gy, ws.buf,
			                ws.cap, &rb, &l);
			CHECK_EQ(ra.status, rb.status);
			CHECK_EQ(ra.cost, rb.cost);
			for (e = 0; e < l.len; e++) {
				const struct path_trace_event *ev =
				        &l.events[e];

				switch (ev->kind) {
				case PATH_TRACE_PUSH:
				case PATH_TRACE_EXPAND:
					CHECK(k < t.len);
					CHECK(memcmp(ev, &t.events[k],
					             sizeof(*ev)) == 0);
					k++;
					if (ev->kind == PATH_TRACE_PUSH &&
					    ev->dir >= 0 &&
					    !(e + 1 < l.len &&
					      l.events[e + 1].kind ==
					              PATH_TRACE_EXPAND &&
					      l.events[e + 1].x == ev->x &&
					      l.events[e + 1].y == ev->y))
						CHECK(want == 2);
					want = 0;
					break;
				case PATH_TRACE_NEIGHBOUR:
					CHECK(want == 0);
					want = 1;
					break;
				case PATH_TRACE_SKIP_CLOSED:
					CHECK(want == 1);
					want = 0;
					break;
				case PATH_TRACE_COST:
					CHECK(want == 1);
					want = 2;
					break;
				case PATH_TRACE_NOT_BETTER:
					CHECK(want == 2);
					want = 0;
					break;
				case PATH_TRACE_GOAL:
				case PATH_TRACE_NO_PATH:
					CHECK_EQ(e, l.len - 1);
					CHECK_EQ(ev->kind == PATH_TRACE_GOAL,
					         rb.status == PATH_FOUND);
					break;
				default:
					CHECK(0);
				}
			}
			CHECK_EQ(k, t.len);
			CHECK(l.len > 0);
			if (rb.status == PATH_FOUND ||
			    rb.status == PATH_NO_PATH)
				CHECK(l.events[l.len - 1].kind ==
				      (rb.status == PATH_FOUND
				               ? PATH_TRACE_GOAL
				               : PATH_TRACE_NO_PATH));
		}
		jps_ctx_free(jc);
		grid_fini(&g);
		test_map_fini(&m);
	}
	path_trace_fini(&t);
	path_trace_fini(&l);
	ws_fini(&ws);
}

/* The trace on wide maps, where diagonal runs find many jump points:
 * one PUSH per push and one EXPAND per expansion, the same counts as the
 * untraced search; every push a diagonal and then a straight line from a
 * jump point expanded before it, its dir the line's last step, priced
 * from that jump point's cost; every jump point expanded at most once
 * per cost it had; the start pushed first, the goal expanded last; and
 * every turn of the path found is a jump point the trace expanded, or a
 * diagonal going on along one of its straight parts. */
static void test_jps_trace_wide(void **state)
{
	struct workspace ws;
	struct path_trace t;
	unsigned i, queries = 0;
	uint32_t *seen;

	(void)state;
	ws_init(&ws, 193 * 193);
	seen = calloc(193 * 193, sizeof(*seen));
	assert_non_null(seen);
	path_trace_init(&t, 0);
	for (i = 0; i < 40; i++) {
		struct splitmix r = {0x77747263ull * 1000003ull + i};
		struct test_map m;
		struct grid g;
		struct jps_ctx *jc;
		int rule, k;

		wide_map(&m, &r, edge_dims[splitmix_below(&r, EDGE_DIMS)],
		         edge_dims[splitmix_below(&r, EDGE_DIMS)]);
		check_case.map = &m;
		test_map_to_grid(&m, &g);
		jc = jps_ctx_new(m.w, m.h);
		assert_non_null(jc);
		for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS;
		     rule++) {
			for (k = 0; k < 4; k++) {
				struct path_params p;
				struct path_result ra, rb;
				size_t e, n, pushes = 0, expands = 0;
				int sx, sy, gx, gy;
				const uint32_t mult =
				        (uint32_t)jps_grid_uniform(&g);

				params_for(&p, (enum path_diagonal)rule,
				           &main_costs[k % 3]);
				test_map_random_open(&m, &r, &sx, &sy);
				test_map_random_open(&m, &r, &gx, &gy);
				if (sx < 0)
					break;
				set_case(&m, &p, sx, sy, gx, gy);
				jps_find(jc, &g, &p, sx, sy, gx, gy, ws.abuf,
				         ws.cap, &ra);
				path_trace_clear(&t);
				jps_find_traced(jc, &g, &p, sx, sy, gx, gy,
				                ws.buf, ws.cap, &rb, &t);
				CHECK_EQ(ra.status, rb.status);
				CHECK_EQ(ra.cost, rb.cost);
				CHECK_EQ(ra.length, rb.length);
				CHECK_EQ(ra.stats.expanded, rb.stats.expanded);
				CHECK_EQ(ra.stats.pushes, rb.stats.pushes);
				CHECK_EQ(ra.stats.reopened, rb.stats.reopened);
				CHECK(!t.truncated);
				CHECK(t.len > 0);
				CHECK_EQ(t.events[0].kind, PATH_TRACE_PUSH);
				CHECK_EQ(t.events[0].x, sx);
				CHECK_EQ(t.events[0].y, sy);
				memset(seen, 0,
				       (size_t)m.w * m.h * sizeof(*seen));
				for (e = 0; e < t.len; e++) {
					const struct path_trace_event *ev =
					        &t.events[e];
					const int dx = ev->x - ev->px,
					          dy = ev->y - ev->py;
					const int adx = dx < 0 ? -dx : dx,
					          ady = dy < 0 ? -dy : dy;
					size_t q;
					uint32_t pg = UINT32_MAX;

					CHECK(test_map_at(&m, ev->x, ev->y));
					if (ev->kind == PATH_TRACE_EXPAND) {
						uint32_t *s =
						        &seen[(size_t)ev->y *
						                      m.w +
						              ev->x];

						/* Expanded again only when
						 * cheaper. */
						CHECK(*s == 0 ||
						      ev->g + 1 < *s);
						*s = ev->g + 1;
						expands++;
						continue;
					}
					pushes++;
					if (e == 0)
						continue;
					CHECK(adx + ady > 0);
					CHECK_EQ(ev->dir, leg_last_dir(dx, dy));
					for (q = e; q-- > 0;)
						if (t.events[q].kind ==
						            PATH_TRACE_EXPAND &&
						    t.events[q].x == ev->px &&
						    t.events[q].y == ev->py) {
							pg = t.events[q].g;
							break;
						}
					CHECK(pg != UINT32_MAX);
					CHECK_EQ(ev->g,
					         pg + leg_price(dx, dy, &p,
					                        mult));
				}
				CHECK_EQ(expands, ra.stats.expanded);
				CHECK_EQ(pushes, ra.stats.pushes);
				if (ra.status != PATH_FOUND)
					continue;
				CHECK_EQ(t.events[t.len - 1].kind,
				         PATH_TRACE_EXPAND);
				CHECK_EQ(t.events[t.len - 1].x, gx);
				CHECK_EQ(t.events[t.len - 1].y, gy);
				/* Where the path turns, a jump point, or a
				 * diagonal going on along one of its two
				 * straight parts. */
				for (n = 1; n + 1 < rb.length; n++) {
					const struct path_point *a =
					        &ws.buf[n - 1];
					const struct path_point *b = &ws.buf[n];
					const struct path_point *c =
					        &ws.buf[n + 1];
					const int ix = b->x - a->x,
					          iy = b->y - a->y,
					          ox = c->x - b->x,
					          oy = c->y - b->y;

					if (ix == ox && iy == oy)
						continue;
					if (ix && iy &&
					    ((ox == ix && !oy) ||
					     (!ox && oy == iy)))
						continue;
					CHECK(seen[(size_t)b->y * m.w + b->x]);
				}
				queries++;
			}
		}
		jps_ctx_free(jc);
		grid_fini(&g);
		test_map_fini(&m);
	}
	print_message("%u traced queries with a path\n", queries);
	assert_true(queries > 100);
	path_trace_fini(&t);
	free(seen);
	ws_fini(&ws);
}

/* The bits cost ten bits per cell (open bits and four stop masks, by
 * rows and by columns), and with the words' padding and guards under two
 * bytes per cell on a 512 x 512 map, on top of the 12 bytes of search
 * state. */
static void test_jps_bytes_per_cell(void **state)
{
	struct jps_ctx *c = jps_ctx_new(512, 512);
	const double cells = 514.0 * 514.0;
	double per;

	(void)state;
	assert_non_null(c);
	per = (double)jps_ctx_bytes(c) / cells;
	print_message("%.2f bytes per padded cell\n", per);
	assert_true(per > 12.0 + 10.0 / 8);
	assert_true(per < 14.0);
	jps_ctx_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_jps_ctx_new_rejects_bad_sizes),
	        cmocka_unit_test(test_jps_start_is_goal),
	        cmocka_unit_test(test_jps_rejects_endpoints),
	        cmocka_unit_test(test_jps_rejects_bad_args),
	        cmocka_unit_test(test_jps_uniformity),
	        cmocka_unit_test(test_jps_unreachable),
	        cmocka_unit_test(test_jps_one_by_one),
	        cmocka_unit_test(test_jps_single_row_and_column),
	        cmocka_unit_test(test_jps_short_buffer),
	        cmocka_unit_test(test_jps_budget),
	        cmocka_unit_test(test_jps_cost_range),
	        cmocka_unit_test(test_jps_ctx_reuse),
	        cmocka_unit_test(test_jps_few_expansions_on_open_ground),
	        cmocka_unit_test(test_jps_den312d),
	        cmocka_unit_test(test_jps_trace_matches_untraced),
	        cmocka_unit_test(test_jps_matches_dijkstra_random),
	        cmocka_unit_test(test_jps_matches_astar_large),
	        cmocka_unit_test(test_jps_word_edges),
	        cmocka_unit_test(test_jps_long_corridors),
	        cmocka_unit_test(test_jps_follows_changes),
	        cmocka_unit_test(test_jps_wall_end_at_word_edge),
	        cmocka_unit_test(test_jps_serial_sees_multipliers),
	        cmocka_unit_test(test_jps_told_multipliers),
	        cmocka_unit_test(test_jps_budget_cuts_anywhere),
	        cmocka_unit_test(test_jps_trace_wide),
	        cmocka_unit_test(test_jps_trace_lines),
	        cmocka_unit_test(test_jps_diagonal_cells_not_expanded),
	        cmocka_unit_test(test_jps_bytes_per_cell),
	};

	return tap_run(tests, NULL, NULL);
}
