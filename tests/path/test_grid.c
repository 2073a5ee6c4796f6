/* SPDX-License-Identifier: MIT */
/* test_grid.c - the step-cost grid: size limits, the blocked border the
 * search relies on to skip bounds checks, and safe teardown. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/path/grid.h"
#include "lib/tap.h"

/* A failed init must leave nothing to free, so a caller can always
 * pair init with fini. */
static void expect_init_rejected(int w, int h)
{
	struct grid g;

	memset(&g, 0x5a, sizeof(g));
	assert_int_equal(grid_init(&g, w, h), GRID_EINVAL);
	assert_null(g.cost);
	assert_int_equal(g.width, 0);
	assert_int_equal(g.height, 0);
	grid_fini(&g);
}

static void test_grid_init_rejects_bad_sizes(void **state)
{
	expect_init_rejected(0, 5);
	expect_init_rejected(5, 0);
	expect_init_rejected(0, 0);
	expect_init_rejected(-1, 5);
	expect_init_rejected(5, -1);
	expect_init_rejected(-2147483647 - 1, 1);
	expect_init_rejected(GRID_MAX_DIM + 1, 5);
	expect_init_rejected(5, GRID_MAX_DIM + 1);
	expect_init_rejected(GRID_MAX_DIM + 1, GRID_MAX_DIM + 1);
	expect_init_rejected(2147483647, 2147483647);
}

static void expect_fresh_grid(int w, int h)
{
	struct grid g;
	int x, y;

	assert_int_equal(grid_init(&g, w, h), GRID_OK);
	assert_int_equal(g.width, w);
	assert_int_equal(g.height, h);
	assert_int_equal(g.stride, w + 2);
	assert_non_null(g.cost);
	for (y = -1; y <= h; y++) {
		for (x = -1; x <= w; x++) {
			int inside = x >= 0 && y >= 0 && x < w && y < h;

			assert_int_equal(g.cost[grid_index(&g, x, y)],
			                 inside ? 1 : GRID_BLOCKED);
			assert_int_equal(grid_in_bounds(&g, x, y), inside);
			assert_int_equal(grid_passable(&g, x, y), inside);
		}
	}
	grid_fini(&g);
}

static void test_grid_init_accepts_limits(void **state)
{
	expect_fresh_grid(1, 1);
	expect_fresh_grid(1, 17);
	expect_fresh_grid(17, 1);
	expect_fresh_grid(3, 5);
	expect_fresh_grid(GRID_MAX_DIM, 1);
	expect_fresh_grid(1, GRID_MAX_DIM);
}

static void test_grid_init_max_dim(void **state)
{
	struct grid g;
	int i;

	assert_int_equal(grid_init(&g, GRID_MAX_DIM, GRID_MAX_DIM), GRID_OK);
	assert_int_equal(grid_cost(&g, 0, 0), 1);
	assert_int_equal(grid_cost(&g, GRID_MAX_DIM - 1, GRID_MAX_DIM - 1), 1);
	assert_int_equal(grid_cost(&g, GRID_MAX_DIM, GRID_MAX_DIM - 1), 0);
	assert_int_equal(grid_cost(&g, GRID_MAX_DIM - 1, GRID_MAX_DIM), 0);
	/* The far border row and column are the storage most likely to be
	 * cut short by an off-by-one in the allocation size. */
	for (i = -1; i <= GRID_MAX_DIM; i++) {
		assert_int_equal(g.cost[grid_index(&g, i, GRID_MAX_DIM)], 0);
		assert_int_equal(g.cost[grid_index(&g, GRID_MAX_DIM, i)], 0);
		assert_int_equal(g.cost[grid_index(&g, i, -1)], 0);
		assert_int_equal(g.cost[grid_index(&g, -1, i)], 0);
	}
	grid_fini(&g);
}

static void test_grid_cost_out_of_bounds_is_blocked(void **state)
{
	struct grid g;

	assert_int_equal(grid_init(&g, 4, 3), GRID_OK);
	grid_fill(&g, 9);
	assert_int_equal(grid_cost(&g, -1, 0), GRID_BLOCKED);
	assert_int_equal(grid_cost(&g, 0, -1), GRID_BLOCKED);
	assert_int_equal(grid_cost(&g, 4, 0), GRID_BLOCKED);
	assert_int_equal(grid_cost(&g, 0, 3), GRID_BLOCKED);
	assert_int_equal(grid_cost(&g, -1000, 1), GRID_BLOCKED);
	assert_int_equal(grid_cost(&g, 1, 1000000), GRID_BLOCKED);
	assert_int_equal(grid_cost(&g, 3, 2), 9);
	assert_false(grid_passable(&g, 4, 2));
	assert_true(grid_passable(&g, 3, 2));
	grid_fini(&g);
}

static void test_grid_set_cost_out_of_bounds_fails(void **state)
{
	static const int bad[][2] = {
	        {-1, 0}, {0, -1}, {-1, -1}, {5, 0},    {0, 4},
	        {5, 4},  {6, 2},  {2, 5},   {-7, 100},
	};
	struct grid g;
	uint8_t *before;
	size_t n, i;

	assert_int_equal(grid_init(&g, 5, 4), GRID_OK);
	n = (size_t)g.stride * (size_t)(g.height + 2);
	before = malloc(n);
	assert_non_null(before);
	memcpy(before, g.cost, n);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(grid_set_cost(&g, bad[i][0], bad[i][1], 7),
		                 GRID_EINVAL);
	/* A rejected write must not land in the border either: a non-zero
	 * border cell would let the search walk off the map. */
	assert_memory_equal(before, g.cost, n);
	free(before);
	grid_fini(&g);
}

static void test_grid_set_cost_reads_back(void **state)
{
	struct grid g;
	int x, y;

	assert_int_equal(grid_init(&g, 7, 5), GRID_OK);
	/* Distinct values per cell catch rows that alias each other. */
	for (y = 0; y < 5; y++)
		for (x = 0; x < 7; x++)
			assert_int_equal(
			        grid_set_cost(&g, x, y,
			                      (uint8_t)(1 + y * 7 + x)),
			        GRID_OK);
	for (y = 0; y < 5; y++)
		for (x = 0; x < 7; x++)
			assert_int_equal(grid_cost(&g, x, y), 1 + y * 7 + x);
	assert_int_equal(grid_set_cost(&g, 3, 2, GRID_BLOCKED), GRID_OK);
	assert_false(grid_passable(&g, 3, 2));
	assert_int_equal(grid_set_cost(&g, 3, 2, GRID_COST_MAX), GRID_OK);
	assert_int_equal(grid_cost(&g, 3, 2), GRID_COST_MAX);
	for (x = -1; x <= 7; x++) {
		assert_int_equal(g.cost[grid_index(&g, x, -1)], 0);
		assert_int_equal(g.cost[grid_index(&g, x, 5)], 0);
	}
	for (y = -1; y <= 5; y++) {
		assert_int_equal(g.cost[grid_index(&g, -1, y)], 0);
		assert_int_equal(g.cost[grid_index(&g, 7, y)], 0);
	}
	grid_fini(&g);
}

static void test_grid_fill_keeps_border(void **state)
{
	static const uint8_t values[] = {7, GRID_COST_MAX, GRID_BLOCKED, 1};
	struct grid g;
	size_t i;
	int x, y;

	assert_int_equal(grid_init(&g, 6, 3), GRID_OK);
	for (i = 0; i < sizeof(values); i++) {
		grid_fill(&g, values[i]);
		for (y = -1; y <= 3; y++) {
			for (x = -1; x <= 6; x++) {
				int inside = grid_in_bounds(&g, x, y);

				assert_int_equal(g.cost[grid_index(&g, x, y)],
				                 inside ? values[i]
				                        : GRID_BLOCKED);
			}
		}
	}
	grid_fini(&g);
}

static void test_grid_index_round_trip(void **state)
{
	struct grid g;
	int x, y;
	size_t last = 0;

	assert_int_equal(grid_init(&g, 9, 4), GRID_OK);
	for (y = -1; y <= 4; y++) {
		for (x = -1; x <= 9; x++) {
			size_t idx = grid_index(&g, x, y);

			assert_int_equal(grid_index_x(&g, idx), x);
			assert_int_equal(grid_index_y(&g, idx), y);
			/* Row-major and dense: the padded storage holds
			 * exactly stride * (height + 2) cells. */
			if (x != -1 || y != -1)
				assert_int_equal(idx, last + 1);
			last = idx;
		}
	}
	assert_int_equal(last + 1, (size_t)g.stride * (size_t)(g.height + 2));
	grid_fini(&g);
}

static void test_grid_fini_zeroed_is_safe(void **state)
{
	struct grid g;

	memset(&g, 0, sizeof(g));
	grid_fini(&g);
	assert_int_equal(grid_init(&g, 0, 0), GRID_EINVAL);
	grid_fini(&g);
	assert_int_equal(grid_init(&g, 2, 2), GRID_OK);
	grid_fini(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_grid_init_rejects_bad_sizes),
	        cmocka_unit_test(test_grid_init_accepts_limits),
	        cmocka_unit_test(test_grid_init_max_dim),
	        cmocka_unit_test(test_grid_cost_out_of_bounds_is_blocked),
	        cmocka_unit_test(test_grid_set_cost_out_of_bounds_fails),
	        cmocka_unit_test(test_grid_set_cost_reads_back),
	        cmocka_unit_test(test_grid_fill_keeps_border),
	        cmocka_unit_test(test_grid_index_round_trip),
	        cmocka_unit_test(test_grid_fini_zeroed_is_safe),
	};

	return tap_run(tests, NULL, NULL);
}
