/* SPDX-License-Identifier: MIT */
/* test_hpa.c - the hierarchy for big maps (hpa.h) checked against the
 * tests' own Dijkstra on thousands of seeded random grids with terrain,
 * walls and doors, under every diagonal rule and several step costs:
 * it finds a path exactly when one exists, every path is legal and
 * costs what it says, never less than the cheapest and never more than
 * the abstract path it refines; a hierarchy kept up to date through
 * door and terrain changes answers exactly as one built afresh; the
 * first windows of a path are the start of the whole one.  Plus the
 * crossings on small maps drawn by hand, the diagonal crossing past two
 * blocked corners, and the argument checks.
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
#include "core/path/hpa.h"
#include "core/path/path.h"
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
static const int csizes[] = {4, 5, 7, 8, 16};

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
	struct path_point *buf, *buf2;
	size_t cap;
};

static void ws_init(struct workspace *ws, size_t ncells)
{
	oracle_init(&ws->o, ncells);
	ws->cap = ncells * 2;
	ws->buf = malloc(ws->cap * sizeof(*ws->buf));
	ws->buf2 = malloc(ws->cap * sizeof(*ws->buf2));
	assert_true(ws->buf && ws->buf2);
}

static void ws_fini(struct workspace *ws)
{
	oracle_fini(&ws->o);
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
 * ws->o; the whole path, then its first window or two. */
static void check_query(struct workspace *ws, struct hpa *h,
                        const struct test_map *m, const struct grid *g,
                        const struct path_params *p, int sx, int sy, int gx,
                        int gy)
{
	const struct test_costs c = {p->straight_cost, p->diagonal_cost};
	uint64_t want = ws->o.dist[(size_t)gy * (size_t)m->w + (size_t)gx];
	struct path_result res, pres;
	struct hpa_info info, pinfo;
	unsigned n;
	size_t i;
	int st;

	check_describe(check_case.seed, m, p, sx, sy, gx, gy);
	st = hpa_find(h, g, p, sx, sy, gx, gy, 0, ws->buf, ws->cap, &res,
	              &info);
	CHECK_EQ(st, res.status);
	CHECK_EQ(st, want == ORACLE_UNREACHED ? PATH_NO_PATH : PATH_FOUND);
	if (st != PATH_FOUND) {
		CHECK_EQ(res.length, 0);
		return;
	}
	CHECK_EQ(res.partial, 0);
	check_path(m, p->diagonal, &c, sx, sy, gx, gy, ws->buf, &res);
	CHECK(res.cost >= want);
	if (sx != gx || sy != gy) {
		CHECK(res.cost <= info.abstract_cost);
		CHECK(info.abstract_nodes >= 2);
		CHECK(info.windows >= 1);
	}
	CHECK_EQ(res.stats.expanded, info.abstract_expanded +
	                                     info.link_expanded +
	                                     info.refine_expanded);
	/* The first windows are the start of the whole path. */
	for (n = 1; n <= 2; n++) {
		st = hpa_find(h, g, p, sx, sy, gx, gy, n, ws->buf2, ws->cap,
		              &pres, &pinfo);
		CHECK_EQ(st, PATH_FOUND);
		if (pinfo.windows == info.windows) {
			/* Every window it had: the whole path. */
			CHECK_EQ(pres.partial, 0);
			CHECK_EQ(pres.length, res.length);
			continue;
		}
		CHECK_EQ(pres.partial, 1);
		CHECK(pinfo.windows >= n);
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

/* A random map with walls that cut it into rooms, doors (blocked or
 * not) in the walls' gaps, and terrain. */
static void random_map(struct test_map *m, struct splitmix *r)
{
	int w = 1 + rand_below(r, RANDOM_MAX_DIM);
	int h = 1 + rand_below(r, RANDOM_MAX_DIM);

	if (rand_below(r, 4))
		w = 12 + rand_below(r, RANDOM_MAX_DIM - 11);
	if (rand_below(r, 4))
		h = 12 + rand_below(r, RANDOM_MAX_DIM - 11);
	test_map_random_terrain(m, r, w, h, RANDOM_MAX_DIM, 1);
}

static void test_hpa_matches_dijkstra_random(void **state)
{
	const size_t ncells = (size_t)RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	struct workspace ws;
	unsigned i, found = 0, queries = 0, longer = 0;

	(void)state;
	ws_init(&ws, ncells);
	for (i = 0; i < PROPERTY_GRIDS; i++) {
		struct splitmix r = {0x4870a11ull * 1000003ull + i};
		const struct test_costs *c = &costs[i % 6];
		enum path_diagonal rule = (enum path_diagonal)(i % 3);
		struct path_params p;
		struct test_map m;
		struct grid g;
		struct hpa *h;
		int q, sx, sy, gx, gy;

		check_case.seed = r.s;
		random_map(&m, &r);
		check_case.map = &m;
		test_map_to_grid(&m, &g);
		params_for(&p, rule, c);
		h = hpa_new(m.w, m.h, csizes[(i / 3) % 5]);
		assert_non_null(h);
		for (q = 0; q < QUERIES_PER_GRID; q++) {
			test_map_random_open(&m, &r, &sx, &sy);
			test_map_random_open(&m, &r, &gx, &gy);
			if (sx < 0)
				break;
			oracle_dijkstra(&ws.o, &m, rule, c, sx, sy);
			check_query(&ws, h, &m, &g, &p, sx, sy, gx, gy);
			queries++;
			if (ws.o.dist[(size_t)gy * (size_t)m.w + (size_t)gx] !=
			    ORACLE_UNREACHED) {
				struct path_result res;

				found++;
				hpa_find(h, &g, &p, sx, sy, gx, gy, 0, ws.buf,
				         ws.cap, &res, NULL);
				longer += res.cost >
				          ws.o.dist[(size_t)gy * (size_t)m.w +
				                    (size_t)gx];
			}
		}
		hpa_free(h);
		grid_fini(&g);
		test_map_fini(&m);
	}
	/* The cases are varied enough to mean something: most queries
	 * find a path, and the hierarchy is not always optimal (else the
	 * cost-over-optimal figures would be nothing to measure). */
	assert_true(found > queries / 3);
	assert_true(longer > 0);
	ws_fini(&ws);
}

/* Doors shut and open, walls go up and down and terrain changes while
 * the hierarchy is told of each change: it must answer exactly as a
 * hierarchy built afresh on the changed grid, and as the oracle says. */
static void test_hpa_changes_match_fresh_build(void **state)
{
	const size_t ncells = (size_t)RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	struct workspace ws;
	unsigned i, rebuilt = 0, full = 0;

	(void)state;
	ws_init(&ws, ncells);
	for (i = 0; i < PROPERTY_GRIDS / 6; i++) {
		struct splitmix r = {0x4870c4aull * 1000003ull + i};
		const struct test_costs *c = &costs[i % 6];
		enum path_diagonal rule = (enum path_diagonal)(i % 3);
		struct path_params p;
		struct test_map m;
		struct grid g;
		struct hpa *h;
		int round;

		check_case.seed = r.s;
		random_map(&m, &r);
		check_case.map = &m;
		test_map_to_grid(&m, &g);
		params_for(&p, rule, c);
		h = hpa_new(m.w, m.h, csizes[(i / 3) % 5]);
		assert_non_null(h);
		assert_int_equal(hpa_build(h, &g, &p), 0);
		full += (unsigned)((m.w + csizes[(i / 3) % 5] - 1) /
		                   csizes[(i / 3) % 5]) *
		        (unsigned)((m.h + csizes[(i / 3) % 5] - 1) /
		                   csizes[(i / 3) % 5]);
		for (round = 0; round < 6; round++) {
			int k, changes = 1 + rand_below(&r, 4);
			int sx, sy, gx, gy;
			struct hpa *fresh;
			struct path_result a, b;
			struct hpa_info ia;

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
				hpa_cells_changed(h, x, y);
			}
			test_map_random_open(&m, &r, &sx, &sy);
			test_map_random_open(&m, &r, &gx, &gy);
			if (sx < 0)
				break;
			oracle_dijkstra(&ws.o, &m, rule, c, sx, sy);
			check_query(&ws, h, &m, &g, &p, sx, sy, gx, gy);
			fresh = hpa_new(m.w, m.h, csizes[(i / 3) % 5]);
			assert_non_null(fresh);
			hpa_find(h, &g, &p, sx, sy, gx, gy, 0, ws.buf, ws.cap,
			         &a, &ia);
			hpa_find(fresh, &g, &p, sx, sy, gx, gy, 0, ws.buf2,
			         ws.cap, &b, NULL);
			CHECK_EQ(a.status, b.status);
			CHECK_EQ(a.cost, b.cost);
			CHECK_EQ(a.length, b.length);
			CHECK_EQ(memcmp(ws.buf, ws.buf2,
			                a.length * sizeof(*ws.buf)),
			         0);
			CHECK_EQ(a.stats.expanded, b.stats.expanded);
			hpa_free(fresh);
		}
		/* Changes rebuild a few clusters, not the map: the next
		 * change is counted by the query after it. */
		{
			struct path_result res;
			struct hpa_info info;
			int sx, sy;

			test_map_random_open(&m, &r, &sx, &sy);
			if (sx >= 0) {
				hpa_cells_changed(h, sx, sy);
				hpa_find(h, &g, &p, sx, sy, sx, sy, 0, ws.buf,
				         ws.cap, &res, &info);
				CHECK(info.rebuilt >= 1 && info.rebuilt <= 4);
				rebuilt += info.rebuilt;
			}
		}
		hpa_free(h);
		grid_fini(&g);
		test_map_fini(&m);
	}
	assert_true(rebuilt > 0);
	assert_true(full > rebuilt);
	ws_fini(&ws);
}

/* Two 4x4 clusters side by side, open between them on all 4 rows: one
 * crossing in the middle of the run (row 1), so two nodes and two
 * edges, one each way across.  With 8x8 clusters and a border open on
 * all 8 rows, a crossing at each end: 4 nodes, 4 edges across and 4
 * inside. */
static void test_hpa_crossings_drawn(void **state)
{
	const struct test_costs c = {10, 14};
	struct path_params p;
	struct test_map m;
	struct grid g;
	struct hpa *h;
	size_t nc, nn, ne;

	(void)state;
	params_for(&p, PATH_DIAG_NO_CORNER, &c);
	test_map_from_text(&m,
	                   "........\n"
	                   "........\n"
	                   "........\n"
	                   "........\n",
	                   NULL, NULL, NULL, NULL);
	test_map_to_grid(&m, &g);
	h = hpa_new(8, 4, 4);
	assert_non_null(h);
	assert_int_equal(hpa_build(h, &g, &p), 0);
	hpa_counts(h, &nc, &nn, &ne);
	assert_int_equal(nc, 2);
	assert_int_equal(nn, 2);
	assert_int_equal(ne, 2);
	assert_true(hpa_is_node(h, 3, 1));
	assert_true(hpa_is_node(h, 4, 1));
	assert_false(hpa_is_node(h, 3, 0));
	assert_false(hpa_is_node(h, 4, 2));
	hpa_free(h);
	grid_fini(&g);
	test_map_fini(&m);

	test_map_init(&m, 16, 8, 1);
	test_map_to_grid(&m, &g);
	h = hpa_new(16, 8, 8);
	assert_non_null(h);
	assert_int_equal(hpa_build(h, &g, &p), 0);
	hpa_counts(h, &nc, &nn, &ne);
	assert_int_equal(nc, 2);
	assert_int_equal(nn, 4);
	assert_int_equal(ne, 8);
	assert_true(hpa_is_node(h, 7, 0) && hpa_is_node(h, 8, 0));
	assert_true(hpa_is_node(h, 7, 7) && hpa_is_node(h, 8, 7));
	/* A wall down the border but one gap: one crossing, at the gap. */
	grid_set_cost(&g, 8, 0, 0);
	grid_set_cost(&g, 8, 1, 0);
	grid_set_cost(&g, 8, 3, 0);
	grid_set_cost(&g, 8, 4, 0);
	grid_set_cost(&g, 8, 5, 0);
	grid_set_cost(&g, 8, 6, 0);
	grid_set_cost(&g, 8, 7, 0);
	hpa_cells_changed(h, 8, 0);
	hpa_cells_changed(h, 8, 7);
	assert_int_equal(hpa_update(h, &g), 2);
	hpa_counts(h, &nc, &nn, &ne);
	assert_int_equal(nn, 2);
	assert_true(hpa_is_node(h, 7, 2) && hpa_is_node(h, 8, 2));
	hpa_free(h);
	grid_fini(&g);
	test_map_fini(&m);
}

/* Two clusters that meet only corner to corner, past two blocked
 * cells: a way under PATH_DIAG_ALWAYS, none under no-corner. */
static void test_hpa_diagonal_crossing(void **state)
{
	const struct test_costs c = {10, 14};
	const char *art = "....#...\n"
	                  "....#...\n"
	                  "....#...\n"
	                  "....#...\n"
	                  "####....\n"
	                  "........\n"
	                  "........\n"
	                  "........\n";
	struct path_params p;
	struct path_result res;
	struct path_point buf[64];
	struct test_map m;
	struct grid g;
	struct hpa *h;

	(void)state;
	test_map_from_text(&m, art, NULL, NULL, NULL, NULL);
	test_map_to_grid(&m, &g);
	h = hpa_new(8, 8, 4);
	assert_non_null(h);
	params_for(&p, PATH_DIAG_ALWAYS, &c);
	assert_int_equal(
	        hpa_find(h, &g, &p, 0, 0, 7, 7, 0, buf, 64, &res, NULL),
	        PATH_FOUND);
	assert_true(hpa_is_node(h, 3, 3));
	assert_true(hpa_is_node(h, 4, 4));
	hpa_free(h);
	h = hpa_new(8, 8, 4);
	assert_non_null(h);
	params_for(&p, PATH_DIAG_NO_CORNER, &c);
	assert_int_equal(
	        hpa_find(h, &g, &p, 0, 0, 7, 7, 0, buf, 64, &res, NULL),
	        PATH_NO_PATH);
	hpa_free(h);
	grid_fini(&g);
	test_map_fini(&m);
}

static void test_hpa_rejects_bad_args(void **state)
{
	const struct test_costs c = {10, 14}, other = {10, 20};
	struct path_params p, q;
	struct path_result res;
	struct path_point buf[16];
	struct grid g, small;
	struct hpa *h;

	(void)state;
	assert_null(hpa_new(0, 8, 8));
	assert_null(hpa_new(8, 8, HPA_CSIZE_MIN - 1));
	assert_null(hpa_new(8, 8, HPA_CSIZE_MAX + 1));
	assert_int_equal(grid_init(&g, 8, 8), GRID_OK);
	assert_int_equal(grid_init(&small, 4, 4), GRID_OK);
	h = hpa_new(8, 8, 4);
	assert_non_null(h);
	params_for(&p, PATH_DIAG_NO_CORNER, &c);
	params_for(&q, PATH_DIAG_NO_CORNER, &other);
	assert_int_equal(
	        hpa_find(h, &small, &p, 0, 0, 1, 1, 0, buf, 16, &res, NULL),
	        PATH_BAD_ARG);
	assert_int_equal(
	        hpa_find(h, &g, &p, 0, 0, 8, 1, 0, buf, 16, &res, NULL),
	        PATH_BAD_ARG);
	assert_int_equal(
	        hpa_find(h, &g, &p, 0, 0, 7, 7, 0, buf, 16, &res, NULL),
	        PATH_FOUND);
	assert_int_equal(res.cost, 7 * 14);
	grid_set_cost(&g, 5, 5, 0);
	hpa_cells_changed(h, 5, 5);
	assert_int_equal(
	        hpa_find(h, &g, &p, 0, 0, 5, 5, 0, buf, 16, &res, NULL),
	        PATH_BAD_ARG);
	/* Built for 10/14: other moves are refused, not answered wrong. */
	assert_int_equal(
	        hpa_find(h, &g, &q, 0, 0, 7, 7, 0, buf, 16, &res, NULL),
	        PATH_BAD_ARG);
	assert_int_equal(
	        hpa_find(h, &g, &p, 2, 2, 2, 2, 0, buf, 16, &res, NULL),
	        PATH_FOUND);
	assert_int_equal(res.length, 1);
	assert_int_equal(res.cost, 0);
	/* A short buffer gets the start of the path, the length is all. */
	assert_int_equal(hpa_find(h, &g, &p, 0, 0, 7, 0, 0, buf, 3, &res, NULL),
	                 PATH_FOUND);
	assert_int_equal(res.length, 8);
	assert_int_equal(buf[2].x, 2);
	hpa_free(h);
	grid_fini(&g);
	grid_fini(&small);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_hpa_rejects_bad_args),
	        cmocka_unit_test(test_hpa_crossings_drawn),
	        cmocka_unit_test(test_hpa_diagonal_crossing),
	        cmocka_unit_test(test_hpa_matches_dijkstra_random),
	        cmocka_unit_test(test_hpa_changes_match_fresh_build),
	};

	return tap_run(tests, NULL, NULL);
}
