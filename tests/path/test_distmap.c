/* SPDX-License-Identifier: MIT */
/* test_distmap.c - distance maps checked against a brute-force relaxation
 * and against A* (breadth-first's, counting steps, against breadth-first
 * search), walked downhill, cut at max_cost; the argument checks;
 * the open and the largest maps, each one component.  The relaxation
 * uses tests/lib's step rule, not the engine's.  (Component labels
 * against a brute force are test_flood's.)
 *
 * `test_distmap --bench [MAP.map ...]` instead times full distance maps
 * (on a 512x512 open map when no map is given) against one A* per
 * monster, and ends with a `summary: key=value ...` line. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "core/path/distmap.h"
#include "core/path/flood.h"
#include "core/path/grid.h"
#include "core/data/movingai.h"
#include "core/path/path.h"
#include "core/base/rng.h"
#include "lib/map.h"
#include "lib/oracle.h"
#include "lib/tap.h"

/* Random cases per property: thousands, and still about a second under
 * the sanitizers. */
#define CASES   2000
#define MAX_DIM 48
#define NEVER   UINT64_MAX

static const int dx8[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dy8[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

/* What the case that failed was, for reproducing it. */
static char what[160];

static void check_u64(uint64_t got, uint64_t want, const char *item, int x,
                      int y)
{
	if (got == want)
		return;
	fprintf(stderr, "%s: %s at (%d, %d): got %llu, want %llu\n", what, item,
	        x, y, (unsigned long long)got, (unsigned long long)want);
	fail();
}

/* The step from (x, y) in direction d by tests/lib's oracle rule, on m,
 * a copy of the grid: its cost (1 under breadth-first search, which
 * counts steps), 0 when it is not legal. */
static uint64_t oracle_step_to(const struct test_map *m,
                               const struct path_params *p, int x, int y, int d)
{
	const struct test_costs c = {p->straight_cost, p->diagonal_cost};
	uint64_t cost;

	if (!oracle_step(m, p->diagonal, &c, x, y, x + dx8[d], y + dy8[d],
	                 &cost))
		return 0;
	return p->algo == PATH_BFS ? 1 : cost;
}

/* Bellman-Ford: dist[v] = min over steps v -> u of step + dist[u],
 * repeated until nothing changes.  Slow and obviously right. */
static void brute_dist(const struct test_map *m, const struct path_params *p,
                       const struct path_point *src, size_t nsrc,
                       uint64_t *dist)
{
	int w = m->w, h = m->h, changed = 1, x, y, d;
	size_t i;

	for (i = 0; i < (size_t)w * (size_t)h; i++)
		dist[i] = NEVER;
	for (i = 0; i < nsrc; i++)
		dist[(size_t)src[i].y * w + src[i].x] = 0;
	while (changed) {
		changed = 0;
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				for (d = 0; d < 8; d++) {
					uint64_t sc =
					        oracle_step_to(m, p, x, y, d);
					uint64_t du, *dv;

					if (!sc)
						continue;
					du = dist[(size_t)(y + dy8[d]) * w + x +
					          dx8[d]];
					dv = &dist[(size_t)y * w + x];
					if (du != NEVER && du + sc < *dv) {
						*dv = du + sc;
						changed = 1;
					}
				}
	}
}

static void random_params(struct rng *r, struct path_params *p)
{
	static const uint32_t costs[][2] = {{10, 14}, {408, 577}, {1, 1}};
	unsigned i = rng_below(r, 3);

	path_params_default(p);
	p->diagonal = (enum path_diagonal)rng_below(r, PATH_DIAG_COUNT);
	p->straight_cost = costs[i][0];
	p->diagonal_cost = costs[i][1];
	/* A map of breadth-first search's, a time in four: steps. */
	if (!rng_below(r, 4))
		p->algo = PATH_BFS;
}

/* Says in what which case is under way, for reproducing it: the kind of
 * case and its number, the grid's size, the sources, the moves and
 * costs, and whether the map counts steps. */
static void name_case(const char *kind, unsigned c, const struct grid *g,
                      size_t nsrc, const struct path_params *p)
{
	snprintf(what, sizeof(what),
	         "%s%scase %u: %dx%d, %zu sources, %s, %u/%u%s", kind,
	         *kind ? " " : "", c, g->width, g->height, nsrc,
	         path_diagonal_name(p->diagonal), p->straight_cost,
	         p->diagonal_cost, p->algo == PATH_BFS ? ", bfs" : "");
}

/* A random grid, moves and nsrc sources on passable cells of it (of a
 * random multiplier). */
static void random_case(struct rng *r, struct grid *g, struct path_params *p,
                        struct path_point *src, size_t nsrc)
{
	size_t i;

	test_grid_random(r, g, MAX_DIM);
	random_params(r, p);
	for (i = 0; i < nsrc; i++) {
		src[i].x = (int)rng_below(r, (uint32_t)g->width);
		src[i].y = (int)rng_below(r, (uint32_t)g->height);
		grid_set_cost(g, src[i].x, src[i].y,
		              (uint8_t)rng_range(r, 1, 9));
	}
}

/* distmap_walk from (x, y), a few cells a call (cap 1 to 5, so that it
 * stops at cap often), is distmap_step after distmap_step to the
 * bottom. */
static void check_walk(const struct distmap *m, const struct grid *g,
                       const struct path_params *p, int x, int y)
{
	struct path_point out[5];
	size_t cap = 1 + (size_t)(x + 3 * y) % 5, n, k, steps = 0;
	int more = 1, sx = x, sy = y, nx, ny;

	while (more) {
		n = distmap_walk(m, g, x, y, out, cap, &more);
		check_u64(more && n != cap, 0, "walk stopped short", sx, sy);
		for (k = 0; k < n; k++) {
			check_u64((uint64_t)distmap_step(m, g, p, x, y, &nx,
			                                 &ny),
			          1, "walk past the bottom", sx, sy);
			check_u64((uint64_t)(out[k].x == nx && out[k].y == ny),
			          1, "walk's step", sx, sy);
			x = nx;
			y = ny;
			/* (A downhill walk ends: at most a cell a step.) */
			assert_true(++steps <= (size_t)g->width * g->height);
		}
	}
	check_u64((uint64_t)distmap_step(m, g, p, x, y, &nx, &ny), 0,
	          "walk's end", sx, sy);
}

/* Every reached cell other than a source steps to a neighbour exactly
 * one legal step cheaper (or, not exact, at least one step's cost
 * cheaper: a map grown over cells that got cheaper), so by induction
 * every downhill walk arrives at a source having paid exactly (at most)
 * distmap_at; distmap_walk from every cell takes those steps. */
static void check_every_step(const struct distmap *m, const struct grid *g,
                             const struct test_map *tm,
                             const struct path_params *p, int exact)
{
	int x, y, nx, ny, d;

	for (y = 0; y < g->height; y++)
		for (x = 0; x < g->width; x++) {
			uint32_t here = distmap_at(m, x, y);
			int moved = distmap_step(m, g, p, x, y, &nx, &ny);
			uint64_t down;

			check_walk(m, g, p, x, y);

			if (here == DISTMAP_UNREACHED || here == 0) {
				check_u64((uint64_t)moved, 0, "step", x, y);
				continue;
			}
			check_u64((uint64_t)moved, 1, "step", x, y);
			for (d = 0; d < 8; d++)
				if (x + dx8[d] == nx && y + dy8[d] == ny)
					break;
			assert_true(d < 8);
			assert_true(oracle_step_to(tm, p, x, y, d) > 0);
			down = (uint64_t)distmap_at(m, nx, ny) +
			       oracle_step_to(tm, p, x, y, d);
			if (exact)
				check_u64(down, here, "step cost", x, y);
			else
				assert_true(down <= here);
		}
}

static void test_distmap_matches_brute_force(void **state)
{
	struct rng r;
	struct path_point *buf = malloc(MAX_DIM * MAX_DIM * sizeof(*buf));
	uint64_t *want = malloc(MAX_DIM * MAX_DIM * sizeof(*want));
	unsigned c;
	size_t reached_total = 0, astar_checked = 0, cut_exact = 0;
	size_t bfs_checked = 0;

	(void)state;
	assert_true(buf && want);
	rng_seed(&r, 77);
	for (c = 0; c < CASES; c++) {
		struct grid g;
		struct test_map tm;
		struct path_params p;
		struct path_point src[3];
		struct distmap *m;
		size_t nsrc = rng_range(&r, 1, 3), i, settled, reached = 0;
		uint32_t max_cost = 0;
		int w, h, x, y;

		random_case(&r, &g, &p, src, nsrc);
		w = g.width;
		h = g.height;
		name_case("", c, &g, nsrc, &p);
		m = distmap_new(w, h);
		assert_non_null(m);
		/* An unlimited build first, to pick a max_cost on the exact
		 * edge of a reached cell; the second build must not see it. */
		assert_int_equal(distmap_build(m, &g, &p, src, nsrc, 0, NULL),
		                 0);
		switch (rng_below(&r, 4)) {
		case 0:
			max_cost = rng_range(&r, 1, 200);
			break;
		case 1:
			x = (int)rng_below(&r, (uint32_t)w);
			y = (int)rng_below(&r, (uint32_t)h);
			max_cost = distmap_at(m, x, y);
			if (max_cost == DISTMAP_UNREACHED || max_cost < 2)
				max_cost = 0;
			else
				max_cost -= rng_below(&r, 2);
			break;
		}
		assert_int_equal(
		        distmap_build(m, &g, &p, src, nsrc, max_cost, &settled),
		        0);
		test_map_from_grid(&tm, &g);
		brute_dist(&tm, &p, src, nsrc, want);
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++) {
				uint64_t e = want[(size_t)y * w + x];

				if (e != NEVER && max_cost && e > max_cost)
					e = NEVER;
				if (e != NEVER && e == max_cost)
					cut_exact++;
				check_u64(distmap_at(m, x, y),
				          e == NEVER ? DISTMAP_UNREACHED : e,
				          "distance", x, y);
				reached += e != NEVER;
			}
		check_u64(settled, reached, "settled", -1, -1);
		reached_total += reached;
		check_every_step(m, &g, &tm, &p, 1);
		/* One A* per sampled cell to the source costs the same. */
		if (nsrc == 1 && !max_cost) {
			struct path_ctx *pc = path_ctx_new(w, h);

			assert_non_null(pc);
			for (i = 0; i < 6; i++) {
				struct path_result res;
				int cx = (int)rng_below(&r, (uint32_t)w);
				int cy = (int)rng_below(&r, (uint32_t)h);

				if (!grid_passable(&g, cx, cy))
					continue;
				path_find(pc, &g, &p, cx, cy, src[0].x,
				          src[0].y, buf, MAX_DIM * MAX_DIM,
				          &res, NULL);
				/* Breadth-first's way: its steps. */
				check_u64(distmap_at(m, cx, cy),
				          res.status != PATH_FOUND
				                  ? DISTMAP_UNREACHED
				          : p.algo == PATH_BFS ? res.length - 1
				                               : res.cost,
				          "A* cost", cx, cy);
				astar_checked++;
				bfs_checked += p.algo == PATH_BFS;
			}
			path_ctx_free(pc);
		}
		test_map_fini(&tm);
		distmap_free(m);
		grid_fini(&g);
	}
	/* The properties were exercised, not skipped. */
	assert_true(reached_total > 200000);
	assert_true(astar_checked > 1000);
	assert_true(bfs_checked > 200);
	assert_true(cut_exact > 100);
	free(buf);
	free(want);
}

/* A lazy map (distmap_start, then distmap_reach for cells in a random
 * order, with random limits) settles a prefix of the cells by distance,
 * each with the brute-force distance, reaches every cell it is asked
 * for exactly when that cell is reachable, walks downhill only over
 * settled cells, and ends up as the whole map. */
static void test_distmap_lazy_matches_brute_force(void **state)
{
	struct rng r;
	uint64_t *want = malloc(MAX_DIM * MAX_DIM * sizeof(*want));
	unsigned c;
	size_t settled_asks = 0, paused = 0, unreachable = 0, partial = 0;

	(void)state;
	assert_non_null(want);
	rng_seed(&r, 4242);
	for (c = 0; c < CASES / 2; c++) {
		struct grid g;
		struct test_map tm;
		struct path_params p;
		struct path_point src[3];
		struct distmap *m;
		size_t nsrc = rng_range(&r, 1, 3), i, total = 0, asks;
		uint32_t max_cost =
		        rng_below(&r, 4) ? 0 : rng_range(&r, 20, 300);
		int w, h, x, y, done = 0;

		random_case(&r, &g, &p, src, nsrc);
		w = g.width;
		h = g.height;
		name_case("lazy", c, &g, nsrc, &p);
		snprintf(what + strlen(what), sizeof(what) - strlen(what),
		         ", max %u", max_cost);
		test_map_from_grid(&tm, &g);
		brute_dist(&tm, &p, src, nsrc, want);
		for (i = 0; i < (size_t)w * (size_t)h; i++)
			if (want[i] != NEVER && max_cost && want[i] > max_cost)
				want[i] = NEVER;
		m = distmap_new(w, h);
		assert_non_null(m);
		/* Nothing to go on with before a start. */
		assert_int_equal(distmap_reach(m, 0, 0, 0, NULL), PATH_BAD_ARG);
		/* A whole map first, so the lazy one must forget it. */
		assert_int_equal(distmap_build(m, &g, &p, src, nsrc, 0, NULL),
		                 0);
		assert_int_equal(distmap_start(m, &g, &p, src, nsrc, max_cost),
		                 0);
		assert_int_equal(distmap_reach(m, w, 0, 0, NULL), PATH_BAD_ARG);
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				check_u64(distmap_at(m, x, y),
				          DISTMAP_UNREACHED, "before", x, y);
		for (asks = 0; asks < 12 && !done; asks++) {
			size_t most =
			        rng_below(&r, 3) ? 0 : rng_range(&r, 1, 40);
			size_t got = 0, nset = 0;
			uint64_t top = 0, low = NEVER;
			int rc;

			x = (int)rng_below(&r, (uint32_t)w);
			y = (int)rng_below(&r, (uint32_t)h);
			rc = distmap_reach(m, x, y, most, &got);
			total += got;
			if (rc == DISTMAP_SETTLED) {
				settled_asks++;
				check_u64(distmap_at(m, x, y),
				          want[(size_t)y * w + x], "asked", x,
				          y);
			} else if (rc == DISTMAP_PAUSED) {
				paused++;
				assert_true(most > 0);
				check_u64(got, most, "paused after", x, y);
				check_u64(distmap_at(m, x, y),
				          DISTMAP_UNREACHED, "paused", x, y);
			} else {
				assert_int_equal(rc, DISTMAP_UNREACHABLE);
				unreachable++;
				check_u64(want[(size_t)y * w + x], NEVER,
				          "unreachable", x, y);
				done = 1;
			}
			/* Settled cells carry the true distance, and no
			 * cell left out is nearer than one settled. */
			for (i = 0; i < (size_t)w * (size_t)h; i++) {
				uint32_t d = distmap_at(m, (int)(i % w),
				                        (int)(i / w));

				if (d == DISTMAP_UNREACHED) {
					if (want[i] != NEVER && want[i] < low)
						low = want[i];
					continue;
				}
				check_u64(d, want[i], "settled", (int)(i % w),
				          (int)(i / w));
				nset++;
				if (d > top)
					top = d;
			}
			check_u64(nset, total, "settled count", x, y);
			assert_true(low == NEVER || top <= low);
			partial += low != NEVER;
			check_every_step(m, &g, &tm, &p, 1);
		}
		/* Asked for a cell it cannot reach, or for everything by
		 * asking for a wall, it ends up the whole map. */
		if (!done) {
			size_t got = 0;
			int rc;

			for (i = 0; i < (size_t)w * (size_t)h; i++)
				if (want[i] == NEVER)
					break;
			if (i < (size_t)w * (size_t)h) {
				rc = distmap_reach(m, (int)(i % w),
				                   (int)(i / w), 0, &got);
				assert_int_equal(rc, DISTMAP_UNREACHABLE);
			}
		}
		for (i = 0; done && i < (size_t)w * (size_t)h; i++)
			check_u64(distmap_at(m, (int)(i % w), (int)(i / w)),
			          want[i] == NEVER ? DISTMAP_UNREACHED
			                           : want[i],
			          "whole", (int)(i % w), (int)(i / w));
		test_map_fini(&tm);
		distmap_free(m);
		grid_fini(&g);
	}
	/* Every outcome was exercised, and maps were caught half built. */
	assert_true(settled_asks > 2000);
	assert_true(paused > 300);
	assert_true(unreachable > 300);
	assert_true(partial > 1000);
	free(want);
}

/* A lazy map may go on growing after cells got cheaper or opened (never
 * dearer): cells settled before keep their distances, every settled
 * distance lies between the true distance on the new grid and the one
 * on the old, every settled cell but a source has a legal step down to a
 * settled neighbour that pays no more than the difference (so a walk
 * downhill reaches a source having paid at most its distance), and in
 * the end every cell the old grid reached is settled. */
static void test_distmap_lazy_grows_over_cheaper_cells(void **state)
{
	struct rng r;
	uint64_t *old = malloc(MAX_DIM * MAX_DIM * sizeof(*old));
	uint64_t *now = malloc(MAX_DIM * MAX_DIM * sizeof(*now));
	uint32_t *before = malloc(MAX_DIM * MAX_DIM * sizeof(*before));
	unsigned c;
	size_t kept = 0, above = 0, opened = 0;

	(void)state;
	assert_non_null(old);
	assert_non_null(now);
	assert_non_null(before);
	rng_seed(&r, 777);
	for (c = 0; c < CASES / 2; c++) {
		struct grid g;
		struct test_map tm0, tm1;
		struct path_params p;
		struct path_point src[2];
		struct distmap *m;
		size_t nsrc = rng_range(&r, 1, 2), i, n, changes, k;
		int w, h, x, y;

		random_case(&r, &g, &p, src, nsrc);
		w = g.width;
		h = g.height;
		n = (size_t)w * (size_t)h;
		name_case("cheaper", c, &g, nsrc, &p);
		test_map_from_grid(&tm0, &g);
		brute_dist(&tm0, &p, src, nsrc, old);
		m = distmap_new(w, h);
		assert_non_null(m);
		assert_int_equal(distmap_start(m, &g, &p, src, nsrc, 0), 0);
		x = (int)rng_below(&r, (uint32_t)w);
		y = (int)rng_below(&r, (uint32_t)h);
		(void)distmap_reach(m, x, y, rng_range(&r, 1, n / 2), NULL);
		for (i = 0; i < n; i++)
			before[i] = distmap_at(m, (int)(i % w), (int)(i / w));
		/* Cells made cheaper, some of them opened. */
		changes = rng_range(&r, 1, 1 + n / 8);
		for (k = 0; k < changes; k++) {
			uint8_t *cv;

			x = (int)rng_below(&r, (uint32_t)w);
			y = (int)rng_below(&r, (uint32_t)h);
			cv = &g.cost[grid_index(&g, x, y)];
			if (*cv == 1)
				continue;
			opened += *cv == 0;
			grid_set_cost(
			        &g, x, y,
			        (uint8_t)rng_range(&r, 1, *cv ? *cv - 1u : 9u));
		}
		test_map_from_grid(&tm1, &g);
		brute_dist(&tm1, &p, src, nsrc, now);
		while (distmap_reach(m, -1 + w, -1 + h, rng_range(&r, 1, 60),
		                     NULL) == DISTMAP_PAUSED)
			;
		/* Asking for every cell settles the whole map. */
		for (i = 0; i < n; i++)
			(void)distmap_reach(m, (int)(i % w), (int)(i / w), 0,
			                    NULL);
		for (i = 0; i < n; i++) {
			uint32_t here;

			x = (int)(i % w);
			y = (int)(i / w);
			here = distmap_at(m, x, y);
			if (before[i] != DISTMAP_UNREACHED) {
				check_u64(here, before[i], "kept", x, y);
				kept++;
			}
			if (old[i] != NEVER)
				assert_true(here != DISTMAP_UNREACHED);
			if (here == DISTMAP_UNREACHED)
				continue;
			assert_true(now[i] != NEVER && here >= now[i]);
			assert_true(old[i] == NEVER || here <= old[i]);
			above += here > now[i];
		}
		check_every_step(m, &g, &tm1, &p, 0);
		test_map_fini(&tm0);
		test_map_fini(&tm1);
		distmap_free(m);
		grid_fini(&g);
	}
	/* Half-built maps were changed, and the new ways were cheaper. */
	assert_true(kept > 10000);
	assert_true(above > 1000);
	assert_true(opened > 100);
	free(old);
	free(now);
	free(before);
}

/* A half-grown map mended after cells got dearer or were blocked
 * (distmap_dearer), round after round and grown on between: every cell it
 * has settled has the distance a map built afresh on the grid as it now
 * is gives it, every downhill step is exact, and once grown over
 * everything it is that map, cell for cell. */
static void test_distmap_dearer_mends_as_built_afresh(void **state)
{
	struct rng r;
	unsigned c;
	size_t checked = 0, blocked = 0, lost = 0;

	(void)state;
	rng_seed(&r, 4242);
	for (c = 0; c < CASES / 2; c++) {
		struct grid g;
		struct test_map tm;
		struct path_params p;
		struct path_point src[2];
		struct distmap *m, *fresh;
		size_t nsrc = rng_range(&r, 1, 2), i, n, round, rounds;
		int w, h, x, y;

		random_case(&r, &g, &p, src, nsrc);
		w = g.width;
		h = g.height;
		n = (size_t)w * (size_t)h;
		name_case("dearer", c, &g, nsrc, &p);
		m = distmap_new(w, h);
		fresh = distmap_new(w, h);
		assert_non_null(m);
		assert_non_null(fresh);
		assert_int_equal(distmap_start(m, &g, &p, src, nsrc, 0), 0);
		(void)distmap_reach(m, (int)rng_below(&r, (uint32_t)w),
		                    (int)rng_below(&r, (uint32_t)h),
		                    rng_range(&r, 1, n), NULL);
		rounds = rng_range(&r, 1, 6);
		for (round = 0; round < rounds; round++) {
			size_t k, changes = rng_range(&r, 1, 3), work;

			for (k = 0; k < changes; k++) {
				uint8_t was;

				x = (int)rng_below(&r, (uint32_t)w);
				y = (int)rng_below(&r, (uint32_t)h);
				was = g.cost[grid_index(&g, x, y)];
				for (i = 0; i < nsrc; i++)
					if (src[i].x == x && src[i].y == y)
						break;
				if (!was || i < nsrc)
					continue;
				if (distmap_at(m, x, y) != DISTMAP_UNREACHED)
					lost++;
				if (rng_below(&r, 2)) {
					grid_set_cost(&g, x, y, 0);
					blocked++;
				} else {
					grid_set_cost(
					        &g, x, y,
					        (uint8_t)rng_range(
					                &r, was + 1u,
					                was < 246 ? was + 9u
					                          : GRID_COST_MAX));
				}
				assert_int_equal(
				        distmap_dearer(m, x, y, was, &work), 0);
			}
			assert_int_equal(
			        distmap_build(fresh, &g, &p, src, nsrc, 0, NULL),
			        0);
			for (i = 0; i < n; i++) {
				uint32_t here;

				x = (int)(i % w);
				y = (int)(i / w);
				here = distmap_at(m, x, y);
				if (here == DISTMAP_UNREACHED)
					continue;
				check_u64(here, distmap_at(fresh, x, y),
				          "settled", x, y);
				checked++;
			}
			test_map_from_grid(&tm, &g);
			check_every_step(m, &g, &tm, &p, 1);
			test_map_fini(&tm);
			(void)distmap_reach(m, (int)rng_below(&r, (uint32_t)w),
			                    (int)rng_below(&r, (uint32_t)h),
			                    rng_range(&r, 1, n / 2 + 1), NULL);
		}
		for (i = 0; i < n; i++)
			(void)distmap_reach(m, (int)(i % w), (int)(i / w), 0,
			                    NULL);
		for (i = 0; i < n; i++)
			check_u64(distmap_at(m, (int)(i % w), (int)(i / w)),
			          distmap_at(fresh, (int)(i % w), (int)(i / w)),
			          "whole", (int)(i % w), (int)(i / w));
		distmap_free(m);
		distmap_free(fresh);
		grid_fini(&g);
	}
	/* Settled cells were changed under the maps, many of them walls. */
	assert_true(checked > 100000);
	assert_true(blocked > 1000);
	assert_true(lost > 1000);
}

/* Several sources give the minimum of their separate maps. */
static void test_distmap_multi_source_is_min(void **state)
{
	struct rng r;
	uint32_t *best = malloc(MAX_DIM * MAX_DIM * sizeof(*best));
	unsigned c;

	(void)state;
	assert_non_null(best);
	rng_seed(&r, 31);
	for (c = 0; c < CASES / 4; c++) {
		struct grid g;
		struct path_params p;
		struct path_point src[4];
		struct distmap *all, *one;
		size_t nsrc = rng_range(&r, 2, 4), i;
		int x, y;

		test_grid_random(&r, &g, MAX_DIM);
		random_params(&r, &p);
		for (i = 0; i < nsrc; i++) {
			src[i].x = (int)rng_below(&r, (uint32_t)g.width);
			src[i].y = (int)rng_below(&r, (uint32_t)g.height);
			grid_set_cost(&g, src[i].x, src[i].y, 1);
		}
		snprintf(what, sizeof(what), "multi case %u", c);
		all = distmap_new(g.width, g.height);
		one = distmap_new(g.width, g.height);
		assert_true(all && one);
		assert_int_equal(distmap_build(all, &g, &p, src, nsrc, 0, NULL),
		                 0);
		for (i = 0; i < (size_t)g.width * g.height; i++)
			best[i] = DISTMAP_UNREACHED;
		for (i = 0; i < nsrc; i++) {
			assert_int_equal(
			        distmap_build(one, &g, &p, &src[i], 1, 0, NULL),
			        0);
			for (y = 0; y < g.height; y++)
				for (x = 0; x < g.width; x++) {
					uint32_t d = distmap_at(one, x, y);
					uint32_t *b = &best[y * g.width + x];

					if (d < *b)
						*b = d;
				}
		}
		for (y = 0; y < g.height; y++)
			for (x = 0; x < g.width; x++)
				check_u64(distmap_at(all, x, y),
				          best[y * g.width + x], "min distance",
				          x, y);
		distmap_free(all);
		distmap_free(one);
		grid_fini(&g);
	}
	free(best);
}

static int refuse_listed(void *ctx, int x, int y)
{
	const struct path_point *list = ctx;

	for (; list->x >= 0; list++)
		if (list->x == x && list->y == y)
			return 1;
	return 0;
}

/* Ties go N, E, S, W, NE, SE, SW, NW; refused cells are skipped; the step
 * never goes uphill and never cuts a corner the rule forbids. */
static void test_distmap_step_order_and_avoid(void **state)
{
	struct grid g;
	struct path_params p;
	struct distmap *m = distmap_new(3, 3);
	struct path_point corners[4] = {{0, 0}, {2, 0}, {0, 2}, {2, 2}};
	struct path_point origin = {0, 0}, ends[2] = {{0, 0}, {3, 0}};
	struct path_point refuse[9] = {{-1, -1}};
	struct grid row;
	struct distmap *rm;
	static const struct path_point diag_order[4] = {
	        {2, 0}, {2, 2}, {0, 2}, {0, 0}};
	int nx, ny, i;

	(void)state;
	assert_non_null(m);
	assert_int_equal(grid_init(&g, 3, 3), GRID_OK);
	path_params_default(&p);

	/* 4-way from (1, 1) to (0, 0): N and W tie, N wins. */
	p.diagonal = PATH_DIAG_NEVER;
	assert_int_equal(distmap_build(m, &g, &p, &origin, 1, 0, NULL), 0);
	assert_int_equal(distmap_step(m, &g, &p, 1, 1, &nx, &ny), 1);
	assert_true(nx == 1 && ny == 0);
	refuse[0] = (struct path_point){1, 0};
	refuse[1] = (struct path_point){-1, -1};
	assert_int_equal(distmap_step_avoid(m, &g, &p, 1, 1, refuse_listed,
	                                    refuse, &nx, &ny),
	                 1);
	assert_true(nx == 0 && ny == 1);
	/* With both refused it waits rather than step sideways or back. */
	refuse[1] = (struct path_point){0, 1};
	refuse[2] = (struct path_point){-1, -1};
	assert_int_equal(distmap_step_avoid(m, &g, &p, 1, 1, refuse_listed,
	                                    refuse, &nx, &ny),
	                 0);
	/* Nor sideways: in a row with sources at both ends, (1, 0) and
	 * (2, 0) are both 10 away. */
	assert_int_equal(grid_init(&row, 4, 1), GRID_OK);
	assert_non_null(rm = distmap_new(4, 1));
	assert_int_equal(distmap_build(rm, &row, &p, ends, 2, 0, NULL), 0);
	assert_int_equal(distmap_at(rm, 2, 0), 10u);
	assert_int_equal(distmap_step(rm, &row, &p, 1, 0, &nx, &ny), 1);
	assert_true(nx == 0 && ny == 0);
	refuse[0] = (struct path_point){0, 0};
	refuse[1] = (struct path_point){-1, -1};
	assert_int_equal(distmap_step_avoid(rm, &row, &p, 1, 0, refuse_listed,
	                                    refuse, &nx, &ny),
	                 0);
	distmap_free(rm);
	grid_fini(&row);
	/* At a source, and unreached, there is no step. */
	assert_int_equal(distmap_step(m, &g, &p, 0, 0, &nx, &ny), 0);
	grid_set_cost(&g, 2, 2, 0);
	assert_int_equal(distmap_build(m, &g, &p, &origin, 1, 0, NULL), 0);
	assert_int_equal(distmap_step(m, &g, &p, 2, 2, &nx, &ny), 0);
	grid_set_cost(&g, 2, 2, 1);

	/* Sources in the four corners, from the centre: the diagonals tie,
	 * taken in the order NE, SE, SW, NW as each is refused in turn. */
	p.diagonal = PATH_DIAG_ALWAYS;
	assert_int_equal(distmap_build(m, &g, &p, corners, 4, 0, NULL), 0);
	assert_int_equal(distmap_at(m, 1, 1), 14u);
	for (i = 0; i < 4; i++) {
		refuse[i] = (struct path_point){-1, -1};
		assert_int_equal(distmap_step_avoid(m, &g, &p, 1, 1,
		                                    refuse_listed, refuse, &nx,
		                                    &ny),
		                 1);
		assert_true(nx == diag_order[i].x && ny == diag_order[i].y);
		refuse[i] = diag_order[i];
		refuse[i + 1] = (struct path_point){-1, -1};
	}
	/* Every diagonal refused: N is still closer (10 < 14), though the
	 * way through it is dearer; with N, E, S, W refused too, it waits. */
	assert_int_equal(distmap_step_avoid(m, &g, &p, 1, 1, refuse_listed,
	                                    refuse, &nx, &ny),
	                 1);
	assert_true(nx == 1 && ny == 0);
	refuse[4] = (struct path_point){1, 0};
	refuse[5] = (struct path_point){2, 1};
	refuse[6] = (struct path_point){1, 2};
	refuse[7] = (struct path_point){0, 1};
	refuse[8] = (struct path_point){-1, -1};
	assert_int_equal(distmap_step_avoid(m, &g, &p, 1, 1, refuse_listed,
	                                    refuse, &nx, &ny),
	                 0);

	/* A wall at (1, 0): no corner cutting goes round, ALWAYS cuts. */
	grid_set_cost(&g, 1, 0, 0);
	origin = (struct path_point){1, 1};
	p.diagonal = PATH_DIAG_NO_CORNER;
	assert_int_equal(distmap_build(m, &g, &p, &origin, 1, 0, NULL), 0);
	assert_int_equal(distmap_at(m, 0, 0), 20u);
	assert_int_equal(distmap_step(m, &g, &p, 0, 0, &nx, &ny), 1);
	assert_true(nx == 0 && ny == 1);
	p.diagonal = PATH_DIAG_ALWAYS;
	assert_int_equal(distmap_build(m, &g, &p, &origin, 1, 0, NULL), 0);
	assert_int_equal(distmap_at(m, 0, 0), 14u);
	assert_int_equal(distmap_step(m, &g, &p, 0, 0, &nx, &ny), 1);
	assert_true(nx == 1 && ny == 1);

	/* Entering costs: the dearer cell is what is paid for. */
	grid_fill(&g, 1);
	grid_set_cost(&g, 1, 1, 7);
	p.diagonal = PATH_DIAG_NEVER;
	origin = (struct path_point){1, 1};
	assert_int_equal(distmap_build(m, &g, &p, &origin, 1, 0, NULL), 0);
	assert_int_equal(distmap_at(m, 1, 0), 70u);
	assert_int_equal(distmap_at(m, 0, 0), 80u);
	origin = (struct path_point){1, 0};
	assert_int_equal(distmap_build(m, &g, &p, &origin, 1, 0, NULL), 0);
	assert_int_equal(distmap_at(m, 1, 1), 10u);
	assert_int_equal(distmap_at(m, 1, 2), 40u); /* round, not through */
	grid_fini(&g);
	distmap_free(m);
}

static void test_distmap_small_and_bad_args(void **state)
{
	struct grid g, other;
	struct path_params p, bad;
	struct distmap *m = distmap_new(5, 5), *one = distmap_new(1, 1);
	struct path_point s = {2, 2}, two[2] = {{0, 0}, {0, 0}};
	size_t settled = 99;
	int nx, ny;

	(void)state;
	assert_true(m && one);
	assert_null(distmap_new(0, 5));
	assert_null(distmap_new(5, -1));
	assert_null(distmap_new(5, GRID_MAX_DIM + 1));
	assert_true(distmap_bytes(m) >= 7 * 7 * 8);
	assert_int_equal(distmap_bytes(NULL), 0);
	distmap_free(NULL);
	path_params_default(&p);

	/* Nothing is reached before the first build. */
	assert_int_equal(distmap_at(m, 2, 2), DISTMAP_UNREACHED);
	assert_int_equal(distmap_at(NULL, 0, 0), DISTMAP_UNREACHED);

	/* 1x1: the source is the only cell. */
	assert_int_equal(grid_init(&g, 1, 1), GRID_OK);
	assert_int_equal(distmap_build(one, &g, &p, two, 2, 0, &settled), 0);
	assert_int_equal(settled, 1);
	assert_int_equal(distmap_at(one, 0, 0), 0);
	assert_int_equal(distmap_at(one, 1, 0), DISTMAP_UNREACHED);
	assert_int_equal(distmap_step(one, &g, &p, 0, 0, &nx, &ny), 0);
	/* No sources: a valid, empty map. */
	assert_int_equal(distmap_build(one, &g, &p, NULL, 0, 0, &settled), 0);
	assert_int_equal(settled, 0);
	assert_int_equal(distmap_at(one, 0, 0), DISTMAP_UNREACHED);
	grid_set_cost(&g, 0, 0, 0);
	assert_int_equal(distmap_build(one, &g, &p, two, 1, 0, NULL),
	                 PATH_BAD_ARG);
	grid_fini(&g);

	assert_int_equal(grid_init(&g, 5, 5), GRID_OK);
	assert_int_equal(grid_init(&other, 6, 5), GRID_OK);
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, NULL), 0);
	assert_int_equal(distmap_at(m, 0, 0), 28u);
	/* Size mismatch; and a failed build leaves nothing reached. */
	assert_int_equal(distmap_build(m, &other, &p, &s, 1, 0, &settled),
	                 PATH_BAD_ARG);
	assert_int_equal(settled, 0);
	assert_int_equal(distmap_at(m, 2, 2), DISTMAP_UNREACHED);
	assert_int_equal(distmap_build(NULL, &g, &p, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	assert_int_equal(distmap_build(m, NULL, &p, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	assert_int_equal(distmap_build(m, &g, NULL, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	assert_int_equal(distmap_build(m, &g, &p, NULL, 1, 0, NULL),
	                 PATH_BAD_ARG);
	/* Sources blocked or off the map. */
	grid_set_cost(&g, 2, 2, 0);
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	grid_set_cost(&g, 2, 2, 1);
	s.x = 5;
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	s.x = -1;
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	s.x = 1;
	/* Step costs outside 1 <= straight <= diagonal <= 2 * straight,
	 * diagonal <= PATH_STEP_MAX; an unknown rule. */
	bad = p;
	bad.diagonal_cost = 5;
	assert_int_equal(distmap_build(m, &g, &bad, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	bad = p;
	bad.diagonal_cost = 21;
	assert_int_equal(distmap_build(m, &g, &bad, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	bad.straight_cost = 0;
	bad.diagonal_cost = 0;
	assert_int_equal(distmap_build(m, &g, &bad, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	bad.straight_cost = PATH_STEP_MAX;
	bad.diagonal_cost = PATH_STEP_MAX + 1;
	assert_int_equal(distmap_build(m, &g, &bad, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	bad.diagonal_cost = PATH_STEP_MAX;
	assert_int_equal(distmap_build(m, &g, &bad, &s, 1, 0, NULL), 0);
	bad = p;
	bad.diagonal = PATH_DIAG_COUNT;
	assert_int_equal(distmap_build(m, &g, &bad, &s, 1, 0, NULL),
	                 PATH_BAD_ARG);
	assert_int_equal(distmap_at(m, -1, 0), DISTMAP_UNREACHED);
	assert_int_equal(distmap_at(m, 0, 5), DISTMAP_UNREACHED);
	assert_int_equal(distmap_step(m, NULL, &p, 0, 0, &nx, &ny), 0);
	grid_fini(&g);
	grid_fini(&other);
	distmap_free(m);
	distmap_free(one);
}

/* tests/lib's serpentine on the largest map, as a grid: a one-wide
 * corridor winding through it.  order gets the corridor's cells from
 * (0, 0) on; returns how many. */
static size_t serpentine(struct grid *g, uint8_t mult, uint32_t *order)
{
	struct test_map m;
	size_t len = test_map_serpentine(&m, GRID_MAX_DIM, mult, order);

	test_map_to_grid(&m, g);
	test_map_fini(&m);
	return len;
}

/* An open map with one multiplier everywhere: every cell's distance is
 * the octile formula, and it is all one component.  1024 on a side: the
 * open GRID_MAX_DIM map is timed by --bench open4096 instead, which is
 * too slow under the sanitizers for every `make check`. */
static void test_distmap_open_map_is_octile(void **state)
{
	const int n = 1024;
	struct grid g;
	struct path_params p;
	struct distmap *m = distmap_new(n, n);
	struct path_point s = {n / 3, n - 1};
	uint32_t *lab = malloc((size_t)n * n * sizeof(*lab)), count;
	size_t settled;
	int x, y;

	(void)state;
	assert_true(m && lab);
	path_params_default(&p);
	snprintf(what, sizeof(what), "open %dx%d", n, n);
	assert_int_equal(grid_init(&g, n, n), GRID_OK);
	grid_fill(&g, 9);
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, &settled), 0);
	check_u64(settled, (uint64_t)n * n, "settled", -1, -1);
	for (y = 0; y < n; y++)
		for (x = 0; x < n; x++) {
			uint32_t ax = (uint32_t)abs(x - s.x);
			uint32_t ay = (uint32_t)abs(y - s.y);
			uint32_t lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;
			uint32_t want = 9 * (14 * lo + 10 * (hi - lo));

			if (distmap_at(m, x, y) != want)
				check_u64(distmap_at(m, x, y), want, "octile",
				          x, y);
		}
	assert_int_equal(flood_components(&g, PATH_DIAG_ALWAYS, lab, &count),
	                 0);
	assert_int_equal(count, 1);
	grid_fini(&g);
	free(lab);
	distmap_free(m);
}

/* The largest map, GRID_MAX_DIM on a side, as one corridor 8 million
 * cells long: the build finishes, every cell's distance is its place
 * along the corridor, and with dearer cells (the far end would cost
 * ~2.1e10, far past 2^32) the cells within PATH_COST_MAX are exact and
 * the rest unreached: nothing overflows. */
static void test_distmap_largest_map(void **state)
{
	const int n = GRID_MAX_DIM;
	struct grid g;
	struct path_params p;
	struct distmap *m = distmap_new(n, n);
	struct path_point s = {0, 0};
	uint32_t *order = malloc((size_t)n * n * sizeof(*order)), count;
	uint32_t *lab = malloc((size_t)n * n * sizeof(*lab));
	size_t settled, len, k, reached;

	(void)state;
	assert_true(m && order && lab);
	path_params_default(&p);
	snprintf(what, sizeof(what), "serpentine %dx%d", n, n);
	len = serpentine(&g, 9, order);
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, &settled), 0);
	check_u64(settled, len, "settled", -1, -1);
	for (k = 0; k < len; k++)
		if (distmap_at(m, (int)(order[k] % n), (int)(order[k] / n)) !=
		    90 * k)
			check_u64(distmap_at(m, (int)(order[k] % n),
			                     (int)(order[k] / n)),
			          90 * k, "along", (int)(order[k] % n),
			          (int)(order[k] / n));
	assert_int_equal(flood_components(&g, PATH_DIAG_ALWAYS, lab, &count),
	                 0);
	assert_int_equal(count, 1);
	assert_int_equal(flood_components(&g, PATH_DIAG_NEVER, lab, &count), 0);
	assert_int_equal(count, 1);
	grid_fini(&g);

	/* 2550 a step. */
	len = serpentine(&g, 255, order);
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, 0, &settled), 0);
	reached = PATH_COST_MAX / 2550 + 1;
	check_u64(settled, reached, "settled", -1, -1);
	for (k = reached - 2; k < reached + 2; k++)
		check_u64(
		        distmap_at(m, (int)(order[k] % n), (int)(order[k] / n)),
		        k < reached ? 2550 * k : DISTMAP_UNREACHED, "cut",
		        (int)(order[k] % n), (int)(order[k] / n));
	check_u64(distmap_at(m, (int)(order[len - 1] % n),
	                     (int)(order[len - 1] / n)),
	          DISTMAP_UNREACHED, "far end", -1, -1);
	/* A max_cost past PATH_COST_MAX changes nothing. */
	assert_int_equal(distmap_build(m, &g, &p, &s, 1, UINT32_MAX, &settled),
	                 0);
	check_u64(settled, reached, "settled", -1, -1);
	grid_fini(&g);
	free(order);
	free(lab);
	distmap_free(m);
}

/* --- benchmark mode ---------------------------------------------------- */

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int random_open_cell(struct rng *r, const struct grid *g,
                            struct path_point *pt)
{
	int tries;

	for (tries = 0; tries < 1000000; tries++) {
		pt->x = (int)rng_below(r, (uint32_t)g->width);
		pt->y = (int)rng_below(r, (uint32_t)g->height);
		if (grid_passable(g, pt->x, pt->y))
			return 1;
	}
	return 0;
}

/* Full maps from random sources, then one A* from each of 32 random
 * reached cells to the same source: how many chasers make one shared
 * map cheaper than an A* each. */
static int bench_map(const char *name, const struct grid *g)
{
	enum { BUILDS = 20, CHASERS = 32 };
	struct path_params p;
	struct distmap *m = distmap_new(g->width, g->height);
	struct path_ctx *ctx = path_ctx_new(g->width, g->height);
	uint32_t *lab = malloc((size_t)g->width * g->height * sizeof(*lab));
	struct path_point *buf =
	        malloc((size_t)g->width * g->height * sizeof(*buf));
	double build_ns = 0, astar_ns = 0, comp_ns, t0;
	size_t cells = 0, queries = 0, settled, expanded = 0;
	uint32_t count;
	struct rng r;
	int i, k;

	if (!m || !ctx || !lab || !buf)
		return 1;
	rng_seed(&r, 1);
	path_params_default(&p);
	for (i = 0; i < BUILDS; i++) {
		struct path_point s, c;
		struct path_result res;

		if (!random_open_cell(&r, g, &s))
			return 1;
		t0 = now_ns();
		if (distmap_build(m, g, &p, &s, 1, 0, &settled) != 0)
			return 1;
		build_ns += now_ns() - t0;
		cells += settled;
		for (k = 0; k < CHASERS; k++) {
			if (!random_open_cell(&r, g, &c) ||
			    distmap_at(m, c.x, c.y) == DISTMAP_UNREACHED)
				continue;
			t0 = now_ns();
			path_find(ctx, g, &p, c.x, c.y, s.x, s.y, buf,
			          (size_t)g->width * g->height, &res, NULL);
			astar_ns += now_ns() - t0;
			expanded += res.stats.expanded;
			queries++;
			if (res.cost != distmap_at(m, c.x, c.y))
				return 1;
		}
	}
	t0 = now_ns();
	for (i = 0; i < BUILDS; i++)
		flood_components(g, PATH_DIAG_NO_CORNER, lab, &count);
	comp_ns = (now_ns() - t0) / BUILDS;
	if (!queries)
		queries = 1;
	printf("summary: map=%s width=%d height=%d settled_per_build=%zu "
	       "build_ms=%.3f ns_per_cell=%.1f astar_us=%.1f "
	       "astar_expanded=%zu breakeven_chasers=%.1f components=%u "
	       "components_ms=%.3f bytes_per_cell=%.2f\n",
	       name, g->width, g->height, cells / BUILDS,
	       build_ns / BUILDS / 1e6, build_ns / (double)cells,
	       astar_ns / (double)queries / 1e3, expanded / queries,
	       build_ns / BUILDS / (astar_ns / (double)queries), count,
	       comp_ns / 1e6,
	       (double)distmap_bytes(m) / ((double)g->width * g->height));
	distmap_free(m);
	path_ctx_free(ctx);
	free(lab);
	free(buf);
	return 0;
}

/* Each argument is a Moving AI map, or openN for an open N x N map. */
static int bench(int argc, char **argv)
{
	struct grid g;
	char *open[] = {"open512"};
	int i, rc = 0;

	if (argc == 0) {
		argc = 1;
		argv = open;
	}
	for (i = 0; i < argc && rc == 0; i++) {
		struct movingai_error err;
		int n;

		if (sscanf(argv[i], "open%d", &n) == 1) {
			if (grid_init(&g, n, n) != GRID_OK)
				return 1;
		} else if (movingai_load_map(argv[i], &g, &err) !=
		           MOVINGAI_OK) {
			fprintf(stderr, "%s:%d:%d: error: %s\n", argv[i],
			        err.line, err.col, err.message);
			return 1;
		}
		rc = bench_map(argv[i], &g);
		grid_fini(&g);
	}
	return rc;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_distmap_matches_brute_force),
	        cmocka_unit_test(test_distmap_lazy_matches_brute_force),
	        cmocka_unit_test(test_distmap_lazy_grows_over_cheaper_cells),
	        cmocka_unit_test(test_distmap_dearer_mends_as_built_afresh),
	        cmocka_unit_test(test_distmap_multi_source_is_min),
	        cmocka_unit_test(test_distmap_step_order_and_avoid),
	        cmocka_unit_test(test_distmap_small_and_bad_args),
	        cmocka_unit_test(test_distmap_open_map_is_octile),
	        cmocka_unit_test(test_distmap_largest_map),
	};

	if (argc > 1 && strcmp(argv[1], "--bench") == 0)
		return bench(argc - 2, argv + 2);
	return tap_run(tests, NULL, NULL);
}
