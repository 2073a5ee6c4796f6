/* SPDX-License-Identifier: MIT */
/* costbench.c - what one unit of each kind of planning work costs against
 * one A* expansion, counted and timed on the same grid: a search's node
 * expanded (path_find), a distance map's cell settled (distmap_reach), and
 * a step read downhill off a settled map (distmap_step, one call a step,
 * and distmap_walk, a whole way a call, as the chasers read theirs), and
 * a search's own cost beyond its nodes (path_find
 * stopped by a budget of one node: what every search pays to start).  The minds
 * charge their turn budget by these ratios (mind.h), so that the budget bounds
 * time whatever the work.
 *
 * The grid is an open map with a seeded scatter of walls and dear cells
 * (mud, water): SIZE x SIZE, a fifth of the cells walled, a tenth dear.
 * Each kind of work runs ROUNDS times between the same seeded pairs of
 * cells; the figure of each is the median over rounds of the time per
 * unit, and the summary gives the ratios (units counted, never guessed):
 *
 *   summary: size=N astar_ns=... cell_ns=... step_ns=... walk_ns=...
 *            search_ns=... cell_over_node=... step_over_node=...
 *            walk_over_node=... search_over_node=...
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/path/distmap.h"
#include "core/path/grid.h"
#include "core/path/path.h"
#include "clock.h"

#define ROUNDS  7
#define QUERIES 40

static uint64_t rnd(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 33;
}

static void random_open_cell(const struct grid *g, uint64_t *s, int *x, int *y)
{
	do {
		*x = (int)(rnd(s) % (uint64_t)g->width);
		*y = (int)(rnd(s) % (uint64_t)g->height);
	} while (!grid_passable(g, *x, *y));
}

static double median(double *v, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return v[n / 2];
}

int main(int argc, char **argv)
{
	int size = argc > 1 ? atoi(argv[1]) : 256;
	struct grid g;
	struct path_params p;
	struct path_ctx *ctx;
	struct distmap *dm;
	struct path_point *buf;
	double node_ns[ROUNDS], cell_ns[ROUNDS], step_ns[ROUNDS],
	        walk_ns[ROUNDS], search_ns[ROUNDS];
	uint64_t seed = 42;
	int x, y, r;

	if (size < 16 || size > 4096 || grid_init(&g, size, size) != 0) {
		fprintf(stderr, "usage: costbench [SIZE 16..4096]\n");
		return 2;
	}
	for (y = 0; y < size; y++)
		for (x = 0; x < size; x++) {
			uint64_t v = rnd(&seed) % 100;

			grid_set_cost(&g, x, y, v < 20 ? 0 : v < 30 ? 3 : 1);
		}
	path_params_default(&p);
	ctx = path_ctx_new(size, size);
	dm = distmap_new(size, size);
	buf = malloc((size_t)size * (size_t)size * sizeof(*buf));
	if (!ctx || !dm || !buf) {
		fprintf(stderr, "costbench: out of memory\n");
		return 1;
	}
	for (r = 0; r < ROUNDS; r++) {
		uint64_t s = 7, nodes = 0, cells = 0, steps = 0, walked = 0,
		         t0, t;
		int q;

		/* A* between seeded pairs: time per node expanded. */
		t0 = bench_now_ns();
		for (q = 0; q < QUERIES; q++) {
			struct path_result res;
			int sx, sy, gx, gy;

			random_open_cell(&g, &s, &sx, &sy);
			random_open_cell(&g, &s, &gx, &gy);
			path_find(ctx, &g, &p, sx, sy, gx, gy, buf,
			          (size_t)size * (size_t)size, &res, NULL);
			nodes += res.stats.expanded;
		}
		t = bench_now_ns() - t0;
		node_ns[r] = nodes ? (double)t / (double)nodes : 0;

		/* Distance maps from the same goals, settled as far as the
		 * starts: time per cell settled. */
		s = 7;
		t0 = bench_now_ns();
		for (q = 0; q < QUERIES; q++) {
			struct path_point src;
			int sx, sy;
			size_t settled = 0;

			random_open_cell(&g, &s, &sx, &sy);
			random_open_cell(&g, &s, &src.x, &src.y);
			distmap_start(dm, &g, &p, &src, 1, 0);
			distmap_reach(dm, sx, sy, 0, &settled);
			cells += settled;
		}
		t = bench_now_ns() - t0;
		cell_ns[r] = cells ? (double)t / (double)cells : 0;

		/* Ways read downhill off the last map from a seeded sample of
		 * its settled cells: time per step, the walks alone timed. */
		s = 11;
		t = 0;
		for (q = 0; q < QUERIES * 50; q++) {
			int cx, cy, nx, ny;

			random_open_cell(&g, &s, &cx, &cy);
			if (distmap_at(dm, cx, cy) == DISTMAP_UNREACHED)
				continue;
			t0 = bench_now_ns();
			while (distmap_step(dm, &g, &p, cx, cy, &nx, &ny)) {
				cx = nx;
				cy = ny;
				steps++;
			}
			t += bench_now_ns() - t0;
		}
		step_ns[r] = steps ? (double)t / (double)steps : 0;
		/* The same ways, each read whole by distmap_walk. */
		s = 11;
		t = 0;
		for (q = 0; q < QUERIES * 50; q++) {
			int cx, cy, more;

			random_open_cell(&g, &s, &cx, &cy);
			if (distmap_at(dm, cx, cy) == DISTMAP_UNREACHED)
				continue;
			t0 = bench_now_ns();
			walked += distmap_walk(dm, &g, cx, cy, buf,
			                       (size_t)size * (size_t)size,
			                       &more);
			t += bench_now_ns() - t0;
		}
		walk_ns[r] = walked ? (double)t / (double)walked : 0;
		if (walked != steps) {
			fprintf(stderr, "costbench: %" PRIu64 " steps walked, "
			                "%" PRIu64 " stepped\n",
			        walked, steps);
			return 1;
		}
		/* Searches between the same pairs cut at their first node:
		 * time per search, less the node it expanded. */
		{
			struct path_params one = p;
			uint64_t cut = 0;

			one.budget = 1;
			s = 7;
			t0 = bench_now_ns();
			for (q = 0; q < QUERIES * 50; q++) {
				struct path_result res;
				int sx, sy, gx, gy;

				random_open_cell(&g, &s, &sx, &sy);
				random_open_cell(&g, &s, &gx, &gy);
				path_find(ctx, &g, &one, sx, sy, gx, gy, buf,
				          (size_t)size * (size_t)size, &res,
				          NULL);
				cut += res.stats.expanded;
			}
			t = bench_now_ns() - t0;
			search_ns[r] = ((double)t - (double)cut * node_ns[r]) /
			               (QUERIES * 50);
		}
		printf("round %d: nodes=%" PRIu64 " cells=%" PRIu64
		       " steps=%" PRIu64 "\n",
		       r, nodes, cells, steps);
	}
	{
		double a = median(node_ns, ROUNDS), c = median(cell_ns, ROUNDS),
		       st = median(step_ns, ROUNDS),
		       wa = median(walk_ns, ROUNDS),
		       se = median(search_ns, ROUNDS);

		printf("summary: size=%d astar_ns=%.1f cell_ns=%.1f "
		       "step_ns=%.1f walk_ns=%.1f search_ns=%.1f "
		       "cell_over_node=%.2f step_over_node=%.2f "
		       "walk_over_node=%.2f search_over_node=%.2f\n",
		       size, a, c, st, wa, se, a > 0 ? c / a : 0,
		       a > 0 ? st / a : 0, a > 0 ? wa / a : 0,
		       a > 0 ? se / a : 0);
	}
	free(buf);
	distmap_free(dm);
	path_ctx_free(ctx);
	grid_fini(&g);
	return 0;
}
