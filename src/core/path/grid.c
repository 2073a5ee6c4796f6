/* SPDX-License-Identifier: MIT */
/* grid.c - allocation of the step-cost grid the path engine searches. */
#include "grid.h"

#include <stdlib.h>
#include <string.h>

int grid_init(struct grid *g, int width, int height)
{
	size_t n;

	memset(g, 0, sizeof(*g));
	if (!grid_size_ok(width, height))
		return GRID_EINVAL;
	n = (size_t)(width + 2) * (size_t)(height + 2);
	/* calloc gives the blocked border for free. */
	g->cost = calloc(n, 1);
	if (!g->cost)
		return GRID_ENOMEM;
	g->width = width;
	g->height = height;
	g->stride = width + 2;
	grid_fill(g, 1);
	return GRID_OK;
}

void grid_fini(struct grid *g)
{
	if (!g)
		return;
	free(g->cost);
	memset(g, 0, sizeof(*g));
}

void grid_fill(struct grid *g, uint8_t cost)
{
	int y;

	for (y = 0; y < g->height; y++)
		memset(g->cost + grid_index(g, 0, y), cost, (size_t)g->width);
	g->serial++;
}
