/* test_distmap.c - distance maps against a brute-force relaxation and
 * against A*, walking them downhill, and component labels against a
 * brute-force fixpoint. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "distmap.h"
#include "grid.h"
#include "path.h"
#include "rng.h"

#define CASES 1500

static const int dx8[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dy8[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

static void random_grid(struct rng *r, struct grid *g, int *w, int *h)
{
	int x, y, density;

	*w = rng_range(r, 1, rng_below(r, 2) ? 48 : 12);
	*h = rng_range(r, 1, rng_below(r, 2) ? 48 : 12);
	assert_int_equal(grid_init(g, *w, *h), GRID_OK);
	density = rng_range(r, 0, 60);
	for (y = 0; y < *h; y++)
		for (x = 0; x < *w; x++)
			grid_set_cost(g, x, y,
			              rng_percent(r, density)
			                      ? 0
			                      : (uint8_t)rng_range(r, 1, 9));
}

/* dist[v] = min over legal steps v -> u of step cost + dist[u], repeated
 * until nothing changes: slow, obviously right. */
static void brute(const struct grid *g, const struct path_params *p,
                  const struct path_point *src, size_t nsrc, uint64_t *dist)
{
	int w = g->width, h = g->height, changed = 1, x, y, d;
	size_t i;

	for (i = 0; i < (size_t)w * (size_t)h; i++)
		dist[i] = UINT64_MAX;
	for (i = 0; i < nsrc; i++)
		dist[(size_t)src[i].y * w + src[i].x] = 0;
	while (changed) {
		changed = 0;
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				for (d = 0; d < 8; d++) {
					int ux = x + dx8[d], uy = y + dy8[d];
					uint32_t sc;
					uint64_t du;

					if (!grid_in_bounds(g, ux, uy))
						continue;
					sc = path_step_cost(g, p, x, y, ux, uy);
					du = dist[(size_t)uy * w + ux];
					if (!sc || du == UINT64_MAX)
						continue;
					if (du + sc < dist[(size_t)y * w + x]) {
						dist[(size_t)y * w + x] =
						        du + sc;
						changed = 1;
					}
				}
	}
}

static void test_distmap_matches_brute_force(void **state)
{
	static const uint32_t costs[][2] = {{10, 14}, {408, 577}, {1, 1}};
	struct rng r;
	struct path_point *buf = malloc(48 * 48 * sizeof(*buf));
	uint64_t *want = malloc(48 * 48 * sizeof(*want));
	unsigned c;
	size_t reached_total = 0;

	(void)state;
	assert_true(buf && want);
	rng_seed(&r, 77);
	for (c = 0; c < CASES; c++) {
		struct grid g;
		struct path_params p;
		struct path_point src[3];
		struct distmap *m;
		size_t nsrc = rng_range(&r, 1, 3), i, settled, reached = 0;
		uint32_t max_cost;
		int w, h, x, y;

		random_grid(&r, &g, &w, &h);
		path_params_default(&p);
		p.diagonal = (enum path_diagonal)rng_below(&r, PATH_DIAG_COUNT);
		i = rng_below(&r, 3);
		p.straight_cost = costs[i][0];
		p.diagonal_cost = costs[i][1];
		for (i = 0; i < nsrc; i++) {
			src[i].x = (int)rng_below(&r, (uint32_t)w);
			src[i].y = (int)rng_below(&r, (uint32_t)h);
			grid_set_cost(&g, src[i].x, src[i].y, 1);
		}
		max_cost = rng_below(&r, 4) ? 0 : rng_range(&r, 1, 200);
		m = distmap_new(w, h);
		assert_non_null(m);
		/* Twice: the second build must not see the first. */
		assert_int_equal(distmap_build(m, &g, &p, src, 1, 0, NULL), 0);
		assert_int_equal(
		        distmap_build(m, &g, &p, src, nsrc, max_cost, &settled),
		        0);
		brute(&g, &p, src, nsrc, want);
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++) {
				uint64_t e = want[(size_t)y * w + x];
				uint32_t got = distmap_at(m, x, y);

				if (e != UINT64_MAX && max_cost && e > max_cost)
					e = UINT64_MAX;
				if (e == UINT64_MAX) {
					assert_int_equal(got,
					                 DISTMAP_UNREACHED);
					continue;
				}
				assert_int_equal(got, e);
				reached++;
			}
		assert_int_equal(settled, reached);
		reached_total += reached;
		/* Downhill walks arrive at a source, paying exactly the
		 * distance. */
		for (i = 0; i < 5; i++) {
			int cx = (int)rng_below(&r, (uint32_t)w);
			int cy = (int)rng_below(&r, (uint32_t)h), nx, ny, k;
			uint32_t start = distmap_at(m, cx, cy);
			uint64_t paid = 0;

			if (start == DISTMAP_UNREACHED)
				continue;
			for (k = 0; k < w * h &&
			            distmap_step_avoid(m, &g, &p, cx, cy, NULL,
			                               NULL, &nx, &ny);
			     k++) {
				paid += path_step_cost(&g, &p, cx, cy, nx, ny);
				cx = nx;
				cy = ny;
			}
			assert_int_equal(distmap_at(m, cx, cy), 0);
			assert_int_equal(paid, start);
		}
		/* With one source, A* from any cell to it costs the same. */
		if (nsrc == 1 && !max_cost) {
			struct path_ctx *ctx = path_ctx_new(w, h);
			struct path_result res;

			assert_non_null(ctx);
			for (i = 0; i < 5; i++) {
				int cx = (int)rng_below(&r, (uint32_t)w);
				int cy = (int)rng_below(&r, (uint32_t)h);

				if (!grid_passable(&g, cx, cy))
					continue;
				path_find(ctx, &g, &p, cx, cy, src[0].x,
				          src[0].y, buf, 48 * 48, &res, NULL);
				if (res.status == PATH_FOUND)
					assert_int_equal(res.cost,
					                 distmap_at(m, cx, cy));
				else
					assert_int_equal(distmap_at(m, cx, cy),
					                 DISTMAP_UNREACHED);
			}
			path_ctx_free(ctx);
		}
		distmap_free(m);
		grid_fini(&g);
	}
	assert_true(reached_total > 100000);
	free(buf);
	free(want);
}

static void test_distmap_bad_args(void **state)
{
	struct grid g, other;
	struct path_params p;
	struct distmap *m = distmap_new(5, 5);
	struct path_point s = {2, 2};

	(void)state;
	assert_non_null(m);
	assert_null(distmap_new(0, 5));
	assert_null(distmap_new(5, GRID_MAX_DIM + 1));
	assert_int_equal(grid_init(&g, 5, 5), GRID_OK);
	assert_int_equal(grid_init(&other, 6, 5), GRID_OK);
	path_params_default(&p);
	assert_int_equal(distmap_build(m, &other, &p, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	grid_set_cost(&g, 2, 2, 0);
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	s.x = 9;
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	p.diagonal_cost = 5;
	s.x = 1;
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	assert_int_equal(distmap_at(m, -1, 0), DISTMAP_UNREACHED);
	grid_fini(&g);
	grid_fini(&other);
	distmap_free(m);
}

/* The largest map, open: the farthest corner's distance is exact and
 * nothing overflows. */
static void test_distmap_largest_map(void **state)
{
	const int n = GRID_MAX_DIM;
	struct grid g;
	struct path_params p;
	struct distmap *m = distmap_new(n, n);
	struct path_point s = {0, 0};
	size_t settled;

	(void)state;
	assert_non_null(m);
	assert_int_equal(grid_init(&g, n, n), GRID_OK);
	grid_fill(&g, 9);
	path_params_default(&p);
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, &settled), 0);
	assert_int_equal(settled, (size_t)n * n);
	assert_int_equal(distmap_at(m, n - 1, n - 1),
	                 (uint32_t)(n - 1) * 14 * 9);
	assert_int_equal(distmap_at(m, n - 1, 0), (uint32_t)(n - 1) * 10 * 9);
	grid_fini(&g);
	distmap_free(m);
}

static void test_components_match_brute_force(void **state)
{
	struct rng r;
	unsigned c;

	(void)state;
	rng_seed(&r, 5);
	for (c = 0; c < CASES; c++) {
		struct grid g;
		struct path_params p;
		int w, h, x, y, x2, y2;
		uint32_t *lab, count, i;
		enum path_diagonal diag =
		        (enum path_diagonal)rng_below(&r, PATH_DIAG_COUNT);
		struct distmap *m;

		random_grid(&r, &g, &w, &h);
		lab = malloc((size_t)w * h * sizeof(*lab));
		assert_non_null(lab);
		assert_int_equal(grid_components(&g, diag, lab, &count), 0);
		/* Same label exactly when a walk exists: checked from a few
		 * cells with a distance map (which is such a walk). */
		path_params_default(&p);
		p.diagonal = diag;
		m = distmap_new(w, h);
		for (i = 0; i < 4; i++) {
			struct path_point s;

			x = (int)rng_below(&r, (uint32_t)w);
			y = (int)rng_below(&r, (uint32_t)h);
			if (!grid_passable(&g, x, y)) {
				assert_int_equal(lab[(size_t)y * w + x], 0);
				continue;
			}
			s.x = x;
			s.y = y;
			assert_int_equal(
			        distmap_build(m, &g, &p, &s, 1, 0, NULL), 0);
			for (y2 = 0; y2 < h; y2++)
				for (x2 = 0; x2 < w; x2++) {
					int same = lab[(size_t)y2 * w + x2] ==
					           lab[(size_t)y * w + x];
					int reach = distmap_at(m, x2, y2) !=
					            DISTMAP_UNREACHED;

					assert_int_equal(same, reach);
				}
		}
		for (i = 0; i < (uint32_t)(w * h); i++)
			assert_true(lab[i] <= count);
		distmap_free(m);
		free(lab);
		grid_fini(&g);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_distmap_matches_brute_force),
	        cmocka_unit_test(test_distmap_bad_args),
	        cmocka_unit_test(test_distmap_largest_map),
	        cmocka_unit_test(test_components_match_brute_force),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
