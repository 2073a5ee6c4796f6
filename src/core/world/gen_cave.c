/* SPDX-License-Identifier: MIT */
/* gen_cave.c - caves for `hunted --generate WxH --cave`: caverns grown by
 * a cellular automaton, joined into one cave by winding passages, with
 * terrain patches and springs, the player on a random floor cell and the
 * stairs on the floor cell farthest from it. */
#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/path/flood.h"
#include "gen_state_impl.h"

/* The odds of a cave's patch (gen_patch_cell): more mud and pools than
 * rooms get. */
static const uint32_t cave_odds[4] = {30, 45, 70, 78};

/* A cave is grown by a cellular automaton: every cell inside the border
 * starts as rock with CAVE_ROCK_PCT percent chance, then CAVE_ROUNDS
 * times every cell becomes rock when CAVE_ROCK_MIN or more of the nine
 * cells of its 3x3 square (itself included) are rock, and floor
 * otherwise.  Noise settles into rounded caverns joined by winding
 * passages.  The caverns are then made one cave (gen_cave_join), which
 * must hold CAVE_MIN_PCT percent of the inside. */
#define CAVE_ROCK_PCT 45
#define CAVE_ROUNDS   5
#define CAVE_ROCK_MIN 5
#define CAVE_MIN_PCT  25
#define CAVE_JOIN_MIN 6
/* One terrain patch for every CAVE_PATCH_CELLS floor cells, and one
 * spring (when the data has springs) for every CAVE_SPRING_CELLS. */
#define CAVE_PATCH_CELLS  600
#define CAVE_SPRING_CELLS 2500
/* Random cells tried when looking for a free floor cell. */
#define CAVE_TRIES 10000

/* One round of the automaton, through scratch (w * h bytes). */
static void gen_cave_round(struct gen *g, uint8_t *scratch)
{
	const uint8_t rock = (uint8_t)g->t[GT_WALL];
	const uint8_t floor = (uint8_t)g->t[GT_FLOOR];
	int x, y, dx, dy;

	memcpy(scratch, g->cells, (size_t)g->w * (size_t)g->h);
	for (y = 1; y < g->h - 1; y++) {
		for (x = 1; x < g->w - 1; x++) {
			int n = 0;

			for (dy = -1; dy <= 1; dy++)
				for (dx = -1; dx <= 1; dx++)
					n += g->cells[gen_idx(g, x + dx,
					                      y + dy)] == rock;
			scratch[gen_idx(g, x, y)] =
			        n >= CAVE_ROCK_MIN ? rock : floor;
		}
	}
	memcpy(g->cells, scratch, (size_t)g->w * (size_t)g->h);
}

/* Labels the 4-connected caverns (flood_components): dist[] gets each
 * floor cell's cavern, 1 up in the row-major order of their first cells
 * (0 for rock), and size[] (indexed by label) its cells.  Returns the
 * largest's label (the first of the largest), or 0 when out of memory or
 * there is none. */
static uint32_t gen_cave_label(struct gen *g, uint32_t *size)
{
	const size_t n = (size_t)g->w * (size_t)g->h;
	const uint8_t rock = (uint8_t)g->t[GT_WALL];
	uint32_t count = 0, l, best = 0;
	size_t i;

	for (i = 0; i < n; i++)
		g->pass.cost[grid_index(&g->pass, (int)(i % (size_t)g->w),
		                        (int)(i / (size_t)g->w))] =
		        g->cells[i] != rock;
	if (flood_components(&g->pass, PATH_DIAG_NEVER, g->dist, &count) != 0) {
		memset(g->dist, 0, n * sizeof(*g->dist));
		return 0;
	}
	memset(size, 0, ((size_t)count + 1) * sizeof(*size));
	for (i = 0; i < n; i++)
		size[g->dist[i]]++;
	for (l = 1; l <= count; l++)
		if (size[l] > size[best] || !best)
			best = l;
	return best;
}

/* Makes the cave one: caverns of fewer than CAVE_JOIN_MIN cells are
 * filled in, and every other one is joined to the largest by a tunnel
 * dug along the shortest way through the rock (a breadth-first search
 * from the largest cavern, four ways, each cell remembering the step
 * back).  g->cave_cells gets the cells of the cave.  Returns 0, or -1
 * when out of memory. */
static int gen_cave_join(struct gen *g)
{
	const size_t n = (size_t)g->w * (size_t)g->h;
	const uint8_t rock = (uint8_t)g->t[GT_WALL];
	const uint8_t floor = (uint8_t)g->t[GT_FLOOR];
	static const int dx4[4] = {0, 1, 0, -1}, dy4[4] = {-1, 0, 1, 0};
	uint32_t *size = malloc((n + 1) * sizeof(*size)), main_at;
	size_t i, head = 0, tail = 0, cells = 0;

	if (!size)
		return -1;
	main_at = gen_cave_label(g, size);
	for (i = 0; i < n; i++)
		if (g->dist[i] && size[g->dist[i]] < CAVE_JOIN_MIN) {
			g->cells[i] = rock;
			g->dist[i] = 0;
		}
	/* mark[]: 0 unseen, else 1 + the direction of the step back
	 * towards the largest cavern (5 for its own cells). */
	memset(g->mark, 0, n);
	for (i = 0; i < n; i++)
		if (main_at && g->dist[i] == main_at) {
			g->mark[i] = 5;
			g->queue[tail++] = (uint32_t)i;
		}
	while (head < tail) {
		const uint32_t c = g->queue[head++];
		const int x = (int)(c % (uint32_t)g->w);
		const int y = (int)(c / (uint32_t)g->w);
		int d;

		/* The first cell of a cavern the search meets is its nearest
		 * to the cave: dig back from it. */
		if (g->dist[c] && g->dist[c] != main_at && size[g->dist[c]]) {
			size_t k = c;

			size[g->dist[c]] = 0; /* joined */
			while (g->mark[k] != 5) {
				int back = g->mark[k] - 1;

				g->cells[k] = floor;
				g->dist[k] = main_at;
				k = gen_idx(
				        g, (int)(k % (size_t)g->w) + dx4[back],
				        (int)(k / (size_t)g->w) + dy4[back]);
			}
		}
		for (d = 0; d < 4; d++) {
			const int nx = x + dx4[d], ny = y + dy4[d];
			size_t k;

			/* The border stays rock. */
			if (nx < 1 || ny < 1 || nx > g->w - 2 || ny > g->h - 2)
				continue;
			k = gen_idx(g, nx, ny);
			if (g->mark[k])
				continue;
			g->mark[k] = (uint8_t)(1 + (d + 2) % 4);
			g->queue[tail++] = (uint32_t)k;
		}
	}
	memset(g->mark, 0, n);
	for (i = 0; i < n; i++)
		cells += g->cells[i] != rock;
	free(size);
	g->cave_cells = cells;
	return 0;
}

/* A random free floor cell of the cave: its index, or -1. */
static long gen_cave_free_floor(struct gen *g)
{
	int k;

	for (k = 0; k < CAVE_TRIES; k++) {
		size_t i = gen_idx(g, rng_range(&g->rng, 1, g->w - 2),
		                   rng_range(&g->rng, 1, g->h - 2));

		if (g->cells[i] == g->t[GT_FLOOR] && !(g->mark[i] & MARK_TAKEN))
			return (long)i;
	}
	return -1;
}

/* A blob of terrain round a random floor cell, on floor only: mud,
 * shallow water, a pool (deep inside shallow), lava, or grass with a few
 * trees, as in rooms. */
static void gen_cave_patch(struct gen *g)
{
	long c = gen_cave_free_floor(g);
	int rx = rng_range(&g->rng, 1, 6), ry = rng_range(&g->rng, 1, 4);
	uint32_t kind = rng_below(&g->rng, 100);
	int mx, my, x, y;

	if (c < 0)
		return;
	mx = (int)(c % g->w);
	my = (int)(c / g->w);
	for (y = gen_max(1, my - ry); y <= gen_min(g->h - 2, my + ry); y++) {
		for (x = gen_max(1, mx - rx); x <= gen_min(g->w - 2, mx + rx);
		     x++) {
			int dx = x - mx, dy = y - my;

			if (g->cells[gen_idx(g, x, y)] != g->t[GT_FLOOR] ||
			    !gen_in_ellipse(dx, dy, rx, ry))
				continue;
			gen_set(g, x, y,
			        gen_patch_cell(g, cave_odds, kind, x, y, dx, dy,
			                       rx, ry));
		}
	}
}

/* Opens every cell the player could stand on that the patches cut off
 * (a pool or a tree across a passage): while some such cell is not
 * reached from the player, the shortest way to it from what is, through
 * anything but rock, gets floor for its cells the player cannot cross.
 * Returns 0, or -1 when out of memory. */
static int gen_cave_open(struct gen *g, const uint8_t *pass)
{
	const size_t n = (size_t)g->w * (size_t)g->h;
	const uint8_t rock = (uint8_t)g->t[GT_WALL];
	static const int dx4[4] = {0, 1, 0, -1}, dy4[4] = {-1, 0, 1, 0};
	uint32_t *from = malloc(n * sizeof(*from));
	size_t i = 0;

	if (!from)
		return -1;
	gen_bfs(g, pass);
	for (;;) {
		size_t head = 0, tail = 0, at = SIZE_MAX;

		while (i < n && !(pass[g->cells[i]] && g->dist[i] == NO_DIST))
			i++;
		if (i == n)
			break;
		/* From the cut-off cell to the nearest reached one. */
		for (head = 0; head < n; head++)
			from[head] = UINT32_MAX;
		head = 0;
		from[i] = (uint32_t)i;
		g->queue[tail++] = (uint32_t)i;
		while (head < tail && at == SIZE_MAX) {
			const uint32_t c = g->queue[head++];
			int d;

			for (d = 0; d < 4; d++) {
				size_t k = gen_idx(
				        g, (int)(c % (uint32_t)g->w) + dx4[d],
				        (int)(c / (uint32_t)g->w) + dy4[d]);

				if (g->cells[k] == rock ||
				    from[k] != UINT32_MAX)
					continue;
				from[k] = c;
				if (g->dist[k] != NO_DIST) {
					at = k;
					break;
				}
				g->queue[tail++] = (uint32_t)k;
			}
		}
		if (at == SIZE_MAX)
			break; /* not expected: the cave is one */
		for (;; at = from[at]) {
			if (!pass[g->cells[at]])
				g->cells[at] = (uint8_t)g->t[GT_FLOOR];
			g->pass.cost[grid_index(&g->pass,
			                        (int)(at % (size_t)g->w),
			                        (int)(at / (size_t)g->w))] = 1;
			if (at == i)
				break;
		}
		/* What the way joined is reached now: marked so by a flood of
		 * its own, not a search of the whole map (the steps from the
		 * player come after). */
		flood_steps(&g->pass, PATH_DIAG_NEVER, (int)(i % (size_t)g->w),
		            (int)(i / (size_t)g->w), g->dist, g->queue);
	}
	free(from);
	gen_bfs(g, pass);
	return 0;
}

/* One cave from the current RNG state: the player on a random floor
 * cell, the stairs on the floor cell farthest from it.  Returns 1 when
 * it is playable, 0 when it is not, -1 when out of memory. */
int gen_cave_attempt(struct gen *g)
{
	const size_t cells = (size_t)g->w * (size_t)g->h;
	const size_t inside = (size_t)(g->w - 2) * (size_t)(g->h - 2);
	int spring = data_terrain_find(g->d, "spring");
	uint8_t pass[256];
	size_t i, k, far = SIZE_MAX;
	int x, y;
	long c;

	g->nrooms = 0;
	g->nplaces = 0;
	g->split = 0;
	g->gate_x = g->gate_y = -1;
	memset(g->cells, g->t[GT_WALL], cells);
	for (y = 1; y < g->h - 1; y++)
		for (x = 1; x < g->w - 1; x++)
			if (!rng_percent(&g->rng, CAVE_ROCK_PCT))
				gen_set(g, x, y, GT_FLOOR);
	for (k = 0; k < CAVE_ROUNDS; k++)
		gen_cave_round(g, g->mark);
	if (gen_cave_join(g) != 0)
		return -1;
	if (g->cave_cells * 100 < inside * CAVE_MIN_PCT)
		return 0;
	for (k = 0; k < g->cave_cells / CAVE_PATCH_CELLS + 1; k++)
		gen_cave_patch(g);
	c = gen_cave_free_floor(g);
	if (c < 0)
		return 0;
	g->px = (int)(c % g->w);
	g->py = (int)(c / g->w);
	gen_place(g, DATA_PLACE_PLAYER, -1, g->px, g->py);
	for (i = 0; i < g->d->nterrain; i++)
		pass[i] = data_terrain_cost(g->d, NULL, 1, (int)i) != 0;
	if (gen_cave_open(g, pass) != 0)
		return -1;
	for (i = 0; i < cells; i++)
		if (g->cells[i] == g->t[GT_FLOOR] && g->dist[i] != NO_DIST &&
		    !(g->mark[i] & MARK_TAKEN) &&
		    (far == SIZE_MAX || g->dist[i] > g->dist[far]))
			far = i;
	if (far == SIZE_MAX)
		return 0;
	g->cells[far] = (uint8_t)g->t[GT_STAIRS];
	gen_place(g, DATA_PLACE_EXIT, -1, (int)(far % (size_t)g->w),
	          (int)(far / (size_t)g->w));
	for (k = 0; spring >= 0 && k < g->cave_cells / CAVE_SPRING_CELLS; k++) {
		c = gen_cave_free_floor(g);
		if (c < 0)
			break;
		g->cells[c] = (uint8_t)spring;
		g->mark[c] |= MARK_TAKEN;
	}
	return gen_exit_reachable(g);
}
