/* SPDX-License-Identifier: MIT */
/* test_flood.c - floods and connected components (path/flood.h) against
 * brute-force oracles.  flood_steps: steps and the order cells are
 * reached against tests/lib's breadth-first search on thousands of
 * random maps, under every diagonal rule, with cells an earlier flood
 * marked never entered; two floods worked out by hand; areas labelled one
 * flood at a time are the components.  flood_components: labels against
 * a fixpoint of smallest indices, against what a distance map reaches,
 * and the argument checks.  flood_cut: the areas a blocked cell cut off
 * against labelling the map afresh, on random maps, cut after cut; two
 * rooms and a doorway by hand; the limit and the argument checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/base/rng.h"
#include "core/path/distmap.h"
#include "core/path/flood.h"
#include "core/path/grid.h"
#include "core/path/path.h"
#include "lib/check.h"
#include "lib/map.h"
#include "lib/oracle.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

/* Random cases per property: thousands, about a second under the
 * sanitizers. */
#define CASES   2000
#define MAX_DIM 48
/* What an earlier flood left in a cell it reached. */
#define MARK 7

static const int dx8[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dy8[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

static uint32_t *alloc_cells(size_t n)
{
	uint32_t *p = malloc(n * sizeof(*p));

	assert_non_null(p);
	return p;
}

static void fill_unreached(uint32_t *dist, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		dist[i] = FLOOD_UNREACHED;
}

/* --- flood_steps ------------------------------------------------------- */

static void test_flood_steps_match_bfs(void **state)
{
	const size_t cap = (size_t)MAX_DIM * MAX_DIM;
	uint32_t *dist = alloc_cells(cap), *queue = alloc_cells(cap);
	uint8_t *marked = malloc(cap);
	size_t reached_total = 0, with_marks = 0, refused = 0;
	struct oracle o;
	unsigned c;

	(void)state;
	assert_non_null(marked);
	oracle_init(&o, cap);
	for (c = 0; c < CASES; c++) {
		struct splitmix r = {0xf100d00ull + c};
		struct test_map m;
		struct grid g;
		enum path_diagonal rule;
		size_t n, i, got, want;
		int sx, sy, marks;

		test_map_random_terrain(&m, &r, 0, 0, MAX_DIM, 1);
		test_map_to_grid(&m, &g);
		n = (size_t)m.w * (size_t)m.h;
		rule = (enum path_diagonal)splitmix_below(&r, PATH_DIAG_COUNT);
		/* One case in three keeps marks of an earlier flood on a
		 * fifth of the cells, open or not. */
		marks = splitmix_below(&r, 3) == 0;
		with_marks += (size_t)marks;
		fill_unreached(dist, n);
		memset(marked, 0, n);
		for (i = 0; marks && i < n; i++)
			if (splitmix_below(&r, 5) == 0) {
				marked[i] = 1;
				dist[i] = MARK;
			}
		/* Mostly from an open cell; now and then from any cell. */
		if (splitmix_below(&r, 8))
			test_map_random_open(&m, &r, &sx, &sy);
		else
			sx = -1;
		if (sx < 0) {
			sx = splitmix_range(&r, 0, m.w - 1);
			sy = splitmix_range(&r, 0, m.h - 1);
		}
		check_describe_text(&m, "case %u: %s from (%d,%d), %s", c,
		                    path_diagonal_name(rule), sx, sy,
		                    marks ? "marks kept" : "no marks");
		got = flood_steps(&g, rule, sx, sy, dist, queue);
		if (!test_map_at(&m, sx, sy) || marked[(size_t)sy * m.w + sx]) {
			/* Blocked or already marked: nothing is entered. */
			CHECK_EQ(got, 0);
			for (i = 0; i < n; i++)
				CHECK_EQ(dist[i],
				         marked[i] ? MARK : FLOOD_UNREACHED);
			refused++;
			goto next;
		}
		want = oracle_bfs(&o, &m, rule, sx, sy, marked);
		CHECK_EQ(got, want);
		/* Nearest first, ties in the order the cells were found,
		 * each cell's neighbours row by row: the oracle's queue. */
		for (i = 0; i < got; i++)
			CHECK_EQ(queue[i], o.queue[i]);
		for (i = 0; i < n; i++) {
			if (marked[i])
				CHECK_EQ(dist[i], MARK);
			else if (o.steps[i] >= 0)
				CHECK_EQ(dist[i], o.steps[i]);
			else
				CHECK_EQ(dist[i], FLOOD_UNREACHED);
		}
		reached_total += got;
	next:
		grid_fini(&g);
		test_map_fini(&m);
	}
	check_case.map = NULL;
	/* The properties were exercised, not skipped. */
	assert_true(reached_total > 100000);
	assert_true(with_marks > CASES / 4);
	assert_true(refused > 50);
	oracle_fini(&o);
	free(dist);
	free(queue);
	free(marked);
}

/* Worked out by hand on a 3x3 room with a pillar: the steps and the order
 * of the queue, without and with corner cutting. */
static void test_flood_steps_by_hand(void **state)
{
	static const char room[] = "S..\n"
	                           ".#.\n"
	                           "...\n";
	static const struct {
		enum path_diagonal rule;
		uint32_t queue[8], dist[9];
	} want[] = {
	        /* (0,0) (1,0) (0,1) (2,0) (0,2) (2,1) (1,2) (2,2) */
	        {PATH_DIAG_NO_CORNER,
	         {0, 1, 3, 2, 6, 5, 7, 8},
	         {0, 1, 2, 1, FLOOD_UNREACHED, 3, 2, 3, 4}},
	        /* Past the pillar's corners: (2,1) and (1,2) come sooner. */
	        {PATH_DIAG_ALWAYS,
	         {0, 1, 3, 2, 5, 6, 7, 8},
	         {0, 1, 2, 1, FLOOD_UNREACHED, 2, 2, 2, 3}},
	};
	struct test_map m;
	struct grid g;
	uint32_t dist[9], queue[9];
	size_t k, i;
	int sx = -1, sy = -1, gx, gy;

	(void)state;
	test_map_from_text(&m, room, &sx, &sy, &gx, &gy);
	test_map_to_grid(&m, &g);
	for (k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		fill_unreached(dist, 9);
		assert_int_equal(
		        flood_steps(&g, want[k].rule, sx, sy, dist, queue), 8);
		for (i = 0; i < 8; i++)
			assert_int_equal(queue[i], want[k].queue[i]);
		for (i = 0; i < 9; i++)
			assert_int_equal(dist[i], want[k].dist[i]);
	}
	/* 4-way: (1,0) and (0,1) first, then round the pillar both ways. */
	fill_unreached(dist, 9);
	assert_int_equal(flood_steps(&g, PATH_DIAG_NEVER, 0, 0, dist, queue),
	                 8);
	assert_int_equal(dist[8], 4);
	/* Off the map, or on the pillar: nothing. */
	fill_unreached(dist, 9);
	assert_int_equal(flood_steps(&g, PATH_DIAG_ALWAYS, 1, 1, dist, queue),
	                 0);
	assert_int_equal(flood_steps(&g, PATH_DIAG_ALWAYS, -1, 0, dist, queue),
	                 0);
	assert_int_equal(flood_steps(&g, PATH_DIAG_ALWAYS, 0, 3, dist, queue),
	                 0);
	for (i = 0; i < 9; i++)
		assert_int_equal(dist[i], FLOOD_UNREACHED);
	grid_fini(&g);
	test_map_fini(&m);
}

/* Flooding from the first cell no flood has marked yet, over and over on
 * the same marks, labels the areas one at a time: flood k reaches exactly
 * component k of flood_components (a no-corner diagonal joins nothing
 * that straight steps do not). */
static void test_flood_steps_label_areas_one_at_a_time(void **state)
{
	const size_t cap = (size_t)MAX_DIM * MAX_DIM;
	uint32_t *dist = alloc_cells(cap), *queue = alloc_cells(cap);
	uint32_t *labels = alloc_cells(cap);
	unsigned c, multi = 0;

	(void)state;
	for (c = 0; c < CASES / 4; c++) {
		struct splitmix r = {0xa4ea5ull + c};
		struct test_map m;
		struct grid g;
		enum path_diagonal rule;
		uint32_t count, floods = 0;
		size_t n, i, k, open = 0, reached = 0;

		test_map_random_terrain(&m, &r, 0, 0, MAX_DIM, 1);
		test_map_to_grid(&m, &g);
		n = (size_t)m.w * (size_t)m.h;
		rule = (enum path_diagonal)splitmix_below(&r, PATH_DIAG_COUNT);
		check_describe_text(&m, "areas case %u: %s", c,
		                    path_diagonal_name(rule));
		CHECK_EQ(flood_components(&g, rule, labels, &count), 0);
		fill_unreached(dist, n);
		for (i = 0; i < n; i++) {
			size_t got;

			open += m.mult[i] != 0;
			got = flood_steps(&g, rule, (int)(i % (size_t)m.w),
			                  (int)(i / (size_t)m.w), dist, queue);
			if (!got)
				continue;
			floods++;
			reached += got;
			for (k = 0; k < got; k++)
				CHECK_EQ(labels[queue[k]], floods);
		}
		CHECK_EQ(floods, count);
		CHECK_EQ(reached, open);
		multi += count > 1;
		grid_fini(&g);
		test_map_fini(&m);
	}
	check_case.map = NULL;
	assert_true(multi > CASES / 16);
	free(dist);
	free(queue);
	free(labels);
}

/* --- flood_components -------------------------------------------------- */

/* Brute-force components: every passable cell starts as its own index
 * and takes the smallest index among its neighbours until nothing
 * changes, so each ends holding its component's first cell. */
static void brute_first_cell(const struct grid *g, int eight, uint32_t *first)
{
	int w = g->width, h = g->height, changed = 1, x, y, d;

	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			first[y * w + x] = grid_passable(g, x, y)
			                           ? (uint32_t)(y * w + x)
			                           : UINT32_MAX;
	while (changed) {
		changed = 0;
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				for (d = 0; d < (eight ? 8 : 4); d++) {
					int nx = x + dx8[d], ny = y + dy8[d];
					uint32_t *a = &first[y * w + x];

					if (!grid_passable(g, x, y) ||
					    !grid_passable(g, nx, ny))
						continue;
					if (first[ny * w + nx] < *a) {
						*a = first[ny * w + nx];
						changed = 1;
					}
				}
	}
}

static void test_flood_components_match_brute_force(void **state)
{
	struct rng r;
	uint32_t *lab = alloc_cells((size_t)MAX_DIM * MAX_DIM);
	uint32_t *first = alloc_cells((size_t)MAX_DIM * MAX_DIM);
	uint32_t *rank = alloc_cells((size_t)MAX_DIM * MAX_DIM);
	unsigned c, multi = 0;

	(void)state;
	rng_seed(&r, 5);
	for (c = 0; c < CASES; c++) {
		struct grid g;
		struct path_params p;
		struct distmap *m;
		enum path_diagonal diag =
		        (enum path_diagonal)rng_below(&r, PATH_DIAG_COUNT);
		uint32_t count, roots = 0, i, n;
		int x, y, x2, y2, k;

		test_grid_random(&r, &g, MAX_DIM);
		n = (uint32_t)(g.width * g.height);
		check_describe_text(NULL, "components case %u: %dx%d %s", c,
		                    g.width, g.height,
		                    path_diagonal_name(diag));
		assert_int_equal(flood_components(&g, diag, lab, &count), 0);
		brute_first_cell(&g, diag == PATH_DIAG_ALWAYS, first);
		/* The k-th first cell in row-major order is label k. */
		for (i = 0; i < n; i++)
			if (first[i] == i)
				rank[i] = ++roots;
		CHECK_EQ(count, roots);
		multi += roots > 1;
		for (i = 0; i < n; i++)
			CHECK_EQ(lab[i],
			         first[i] == UINT32_MAX ? 0 : rank[first[i]]);
		/* Same label exactly when a distance map from one reaches the
		 * other: no corner cutting adds nothing to 4-way. */
		path_params_default(&p);
		p.diagonal = diag;
		m = distmap_new(g.width, g.height);
		assert_non_null(m);
		for (k = 0; k < 2; k++) {
			struct path_point s;

			s.x = x = (int)rng_below(&r, (uint32_t)g.width);
			s.y = y = (int)rng_below(&r, (uint32_t)g.height);
			if (!grid_passable(&g, x, y))
				continue;
			assert_int_equal(
			        distmap_build(m, &g, &p, &s, 1, 0, NULL), 0);
			for (y2 = 0; y2 < g.height; y2++)
				for (x2 = 0; x2 < g.width; x2++) {
					int same = lab[y2 * g.width + x2] ==
					           lab[y * g.width + x];
					int reach = distmap_at(m, x2, y2) !=
					            DISTMAP_UNREACHED;

					CHECK_EQ(same, reach);
				}
		}
		distmap_free(m);
		grid_fini(&g);
	}
	assert_true(multi > CASES / 4);
	free(lab);
	free(first);
	free(rank);
}

static void test_flood_components_small_and_bad_args(void **state)
{
	struct grid g;
	uint32_t lab, count;

	(void)state;
	/* 1x1: the one open cell is its own component. */
	assert_int_equal(grid_init(&g, 1, 1), GRID_OK);
	assert_int_equal(flood_components(&g, PATH_DIAG_ALWAYS, &lab, &count),
	                 0);
	assert_true(lab == 1 && count == 1);
	grid_set_cost(&g, 0, 0, 0);
	assert_int_equal(flood_components(&g, PATH_DIAG_NEVER, &lab, &count),
	                 0);
	assert_true(lab == 0 && count == 0);
	grid_fini(&g);

	assert_int_equal(grid_init(&g, 5, 5), GRID_OK);
	assert_int_equal(flood_components(NULL, PATH_DIAG_NEVER, &lab, &count),
	                 PATH_BAD_ARG);
	assert_int_equal(flood_components(&g, PATH_DIAG_NEVER, NULL, &count),
	                 PATH_BAD_ARG);
	assert_int_equal(flood_components(&g, PATH_DIAG_COUNT, &lab, &count),
	                 PATH_BAD_ARG);
	grid_fini(&g);
}

/* --- flood_cut ---------------------------------------------------------- */

/* What flood_cut told: each cell's area (0: none), once each. */
struct told {
	uint32_t *area;
	uint32_t last;
	size_t cells;
	int twice, out_of_order;
};

static void tell(void *ctx, uint32_t k, uint32_t cell)
{
	struct told *t = ctx;

	if (t->area[cell])
		t->twice = 1;
	if (k != t->last && k != t->last + 1)
		t->out_of_order = 1;
	t->last = k;
	t->area[cell] = k;
	t->cells++;
}

/* Whether labels a and b part the passable cells alike: the same label in
 * one exactly when the same in the other (0 for blocked in both). */
static int same_partition(const uint32_t *a, const uint32_t *b, uint32_t n,
                          uint32_t *ab, uint32_t *ba, uint32_t na)
{
	uint32_t i;

	memset(ab, 0, (size_t)na * sizeof(*ab));
	memset(ba, 0, (size_t)na * sizeof(*ba));
	for (i = 0; i < n; i++) {
		if (!a[i] != !b[i])
			return 0;
		if (!a[i])
			continue;
		if (!ab[a[i]] && !ba[b[i]]) {
			ab[a[i]] = b[i];
			ba[b[i]] = a[i];
		} else if (ab[a[i]] != b[i] || ba[b[i]] != a[i]) {
			return 0;
		}
	}
	return 1;
}

/* A cell blocked on random maps under every rule, again and again:
 * the components labelled afresh are the old ones with each area
 * flood_cut told split off, cell for cell. */
static void test_flood_cut_matches_labelling(void **state)
{
	const uint32_t cap = (uint32_t)MAX_DIM * MAX_DIM;
	uint32_t *old = alloc_cells(cap), *now = alloc_cells(cap);
	uint32_t *want = alloc_cells(cap), *area = alloc_cells(cap);
	uint32_t *ab = alloc_cells(2 * cap + 2), *ba = alloc_cells(2 * cap + 2);
	unsigned c, cuts = 0, whole = 0;
	struct rng r;

	(void)state;
	rng_seed(&r, 11);
	for (c = 0; c < CASES; c++) {
		struct grid g;
		struct flood_cut *fc;
		enum path_diagonal diag =
		        (enum path_diagonal)rng_below(&r, PATH_DIAG_COUNT);
		uint32_t n, count, i;
		int round;

		test_grid_random(&r, &g, MAX_DIM);
		n = (uint32_t)(g.width * g.height);
		fc = flood_cut_new(g.width, g.height);
		assert_non_null(fc);
		for (round = 0; round < 6; round++) {
			struct told t = {area, 0, 0, 0, 0};
			uint32_t areas = 99;
			int x = (int)rng_below(&r, (uint32_t)g.width);
			int y = (int)rng_below(&r, (uint32_t)g.height);

			if (!grid_passable(&g, x, y))
				continue;
			check_describe_text(NULL,
			                    "cut case %u round %d: %dx%d %s at "
			                    "%d,%d",
			                    c, round, g.width, g.height,
			                    path_diagonal_name(diag), x, y);
			assert_int_equal(
			        flood_components(&g, diag, old, &count), 0);
			grid_set_cost(&g, x, y, GRID_BLOCKED);
			memset(area, 0, (size_t)n * sizeof(*area));
			CHECK_EQ(flood_cut(fc, &g, diag, x, y, 0, tell, &t,
			                   &areas),
			         0);
			CHECK_EQ(t.twice, 0);
			CHECK_EQ(t.out_of_order, 0);
			CHECK_EQ(t.last, areas);
			assert_int_equal(
			        flood_components(&g, diag, now, &count), 0);
			/* The old labels, the blocked cell out, and each area
			 * told a label of its own past all the old ones. */
			for (i = 0; i < n; i++)
				want[i] = area[i] ? cap + area[i] : old[i];
			want[y * g.width + x] = 0;
			CHECK(same_partition(want, now, n, ab, ba,
			                     2 * cap + 2));
			cuts += areas > 0;
			/* One area is never walked: the rest. */
			whole += t.cells == n;
		}
		flood_cut_free(fc);
		grid_fini(&g);
	}
	/* Random maps cut often enough for the check to mean something. */
	assert_true(cuts > CASES / 4);
	CHECK_EQ(whole, 0u);
	free(old);
	free(now);
	free(want);
	free(area);
	free(ab);
	free(ba);
}

/* Two rooms and the corridor between them, by hand: blocking the
 * corridor cuts off the smaller side, found without walking the larger
 * one; blocking a cell in a room cuts nothing; a limit gives up. */
static void test_flood_cut_by_hand_and_bad_args(void **state)
{
	static const char *const rows[] = {
	        "########....",
	        "#......#....",
	        "#......#....",
	        "#...........",
	        "#......#....",
	        "########....",
	};
	const int w = 12, h = 6;
	uint32_t area[72];
	struct told t = {area, 0, 0, 0, 0};
	struct flood_cut *fc;
	struct grid g;
	uint32_t areas;
	int x, y;

	(void)state;
	assert_int_equal(grid_init(&g, w, h), GRID_OK);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			grid_set_cost(&g, x, y, rows[y][x] == '#' ? 0 : 1);
	fc = flood_cut_new(w, h);
	assert_non_null(fc);

	/* The doorway (7, 3): the left room (24 cells) is cut off from
	 * the right side (24 cells, 4x6): the left is the first to run
	 * out, or the right, but only one of them is told. */
	grid_set_cost(&g, 7, 3, 0);
	memset(area, 0, sizeof(area));
	assert_int_equal(flood_cut(fc, &g, PATH_DIAG_NO_CORNER, 7, 3, 0, tell,
	                           &t, &areas),
	                 0);
	assert_int_equal(areas, 1);
	assert_int_equal(t.cells, 24);
	assert_int_equal(t.twice, 0);

	/* A cell of the left room: its neighbours meet round it. */
	grid_set_cost(&g, 7, 3, 1);
	grid_set_cost(&g, 3, 2, 0);
	t.cells = 0;
	t.last = 0;
	memset(area, 0, sizeof(area));
	assert_int_equal(flood_cut(fc, &g, PATH_DIAG_NEVER, 3, 2, 0, tell, &t,
	                           &areas),
	                 0);
	assert_int_equal(areas, 0);
	assert_int_equal(t.cells, 0);

	/* The doorway again, with room to enter three cells only. */
	grid_set_cost(&g, 3, 2, 1);
	grid_set_cost(&g, 7, 3, 0);
	assert_int_equal(flood_cut(fc, &g, PATH_DIAG_ALWAYS, 7, 3, 3, tell,
	                           &t, &areas),
	                 1);

	/* A passable cell, a cell off the map, another size, no rule. */
	assert_int_equal(flood_cut(fc, &g, PATH_DIAG_NEVER, 1, 1, 0, tell, &t,
	                           &areas),
	                 PATH_BAD_ARG);
	assert_int_equal(flood_cut(fc, &g, PATH_DIAG_NEVER, w, 0, 0, tell, &t,
	                           &areas),
	                 PATH_BAD_ARG);
	assert_int_equal(flood_cut(fc, &g, PATH_DIAG_COUNT, 7, 3, 0, tell, &t,
	                           &areas),
	                 PATH_BAD_ARG);
	assert_int_equal(flood_cut(NULL, &g, PATH_DIAG_NEVER, 7, 3, 0, tell,
	                           &t, &areas),
	                 PATH_BAD_ARG);
	flood_cut_free(fc);
	fc = flood_cut_new(w + 1, h);
	assert_non_null(fc);
	assert_int_equal(flood_cut(fc, &g, PATH_DIAG_NEVER, 7, 3, 0, tell, &t,
	                           &areas),
	                 PATH_BAD_ARG);
	flood_cut_free(fc);
	assert_null(flood_cut_new(0, 5));
	flood_cut_free(NULL);
	grid_fini(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_flood_steps_by_hand),
	        cmocka_unit_test(test_flood_steps_match_bfs),
	        cmocka_unit_test(test_flood_steps_label_areas_one_at_a_time),
	        cmocka_unit_test(test_flood_components_small_and_bad_args),
	        cmocka_unit_test(test_flood_components_match_brute_force),
	        cmocka_unit_test(test_flood_cut_by_hand_and_bad_args),
	        cmocka_unit_test(test_flood_cut_matches_labelling),
	};

	return tap_run(tests, NULL, NULL);
}
