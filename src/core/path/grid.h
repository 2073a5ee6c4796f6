/* SPDX-License-Identifier: MIT */
/* grid.h - the path engine's view of a map: one step-cost multiplier per
 * cell, 0 meaning blocked.
 *
 * The grid knows nothing about terrain names, doors or monsters: the game
 * turns those into multipliers.  Storage carries a one-cell border of
 * blocked cells around the map so that the search never needs a bounds
 * check when it looks at a neighbour.
 *
 * serial counts the changes made through grid_set_cost and grid_fill, so
 * that a cache of the grid (jump point search keeps its walls as bits,
 * see jps.h) can tell it is stale by one comparison.  Code that writes
 * cost[] directly bumps serial itself, or tells the cache another way. */
#ifndef HUNTED_GRID_H
#define HUNTED_GRID_H

#include <stddef.h>
#include <stdint.h>

/* Largest supported width and height.  With 10/14 step costs and
 * multipliers up to 9, no simple path on a GRID_MAX_DIM x GRID_MAX_DIM map
 * can cost more than PATH_COST_MAX (see path.h); beyond that the engine
 * reports PATH_COST_RANGE instead of overflowing. */
#define GRID_MAX_DIM 4096

/* A multiplier of 0 blocks the cell; 1..255 scale the step cost of
 * entering it. */
#define GRID_BLOCKED  0
#define GRID_COST_MAX 255

enum grid_error {
	GRID_OK = 0,
	GRID_ENOMEM = -1,
	GRID_EINVAL = -2,
};

struct grid {
	int width;
	int height;
	int stride;      /* width + 2: row length of the padded storage */
	uint8_t *cost;   /* (width + 2) * (height + 2), border cells are 0 */
	uint32_t serial; /* changes so far; wraps */
};

/* Whether a map of width x height is one the engine takes: 1 to
 * GRID_MAX_DIM each way (grids, search contexts, distance maps). */
static inline int grid_size_ok(int width, int height)
{
	return width >= 1 && height >= 1 && width <= GRID_MAX_DIM &&
	       height <= GRID_MAX_DIM;
}

/* Allocates a width x height grid with every cell at multiplier 1.
 * Returns GRID_OK, GRID_EINVAL for sizes outside 1..GRID_MAX_DIM, or
 * GRID_ENOMEM.  On error the grid is left empty and grid_fini is safe. */
int grid_init(struct grid *g, int width, int height);
void grid_fini(struct grid *g);

/* Sets every cell (not the border) to the same multiplier. */
void grid_fill(struct grid *g, uint8_t cost);

static inline int grid_in_bounds(const struct grid *g, int x, int y)
{
	return x >= 0 && y >= 0 && x < g->width && y < g->height;
}

/* Index of (x, y) in the padded storage; (x, y) must be in bounds or on
 * the one-cell border. */
static inline size_t grid_index(const struct grid *g, int x, int y)
{
	return (size_t)(y + 1) * (size_t)g->stride + (size_t)(x + 1);
}

static inline int grid_index_x(const struct grid *g, size_t idx)
{
	return (int)(idx % (size_t)g->stride) - 1;
}

static inline int grid_index_y(const struct grid *g, size_t idx)
{
	return (int)(idx / (size_t)g->stride) - 1;
}

/* Multiplier of (x, y); 0 (blocked) outside the map. */
static inline uint8_t grid_cost(const struct grid *g, int x, int y)
{
	if (!grid_in_bounds(g, x, y))
		return GRID_BLOCKED;
	return g->cost[grid_index(g, x, y)];
}

static inline int grid_passable(const struct grid *g, int x, int y)
{
	return grid_cost(g, x, y) != GRID_BLOCKED;
}

/* Returns GRID_EINVAL when (x, y) is outside the map. */
static inline int grid_set_cost(struct grid *g, int x, int y, uint8_t cost)
{
	if (!grid_in_bounds(g, x, y))
		return GRID_EINVAL;
	g->cost[grid_index(g, x, y)] = cost;
	g->serial++;
	return GRID_OK;
}

#endif
