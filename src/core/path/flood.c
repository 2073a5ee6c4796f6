/* SPDX-License-Identifier: MIT */
/* flood.c - breadth-first floods and connected components on a grid. */
#include "flood.h"

#include <string.h>

size_t flood_steps(const struct grid *g, enum path_diagonal diag, int x, int y,
                   uint32_t *dist, uint32_t *queue)
{
	const uint8_t *const cost = g->cost;
	const size_t w = (size_t)g->width, stride = (size_t)g->stride;
	size_t head = 0, tail = 0, start;

	if (!grid_passable(g, x, y))
		return 0;
	start = (size_t)y * w + (size_t)x;
	if (dist[start] != FLOOD_UNREACHED)
		return 0;
	dist[start] = 0;
	queue[tail++] = (uint32_t)start;
	while (head < tail) {
		const size_t c = queue[head++];
		const size_t cy = c / w, cx = c % w;
		/* The cell in the padded storage: its blocked border stands
		 * in for the neighbours off the map. */
		const uint8_t *const pc =
		        cost + grid_index(g, (int)cx, (int)cy);
		int dx, dy;

		for (dy = -1; dy <= 1; dy++) {
			for (dx = -1; dx <= 1; dx++) {
				const long off = (long)dy * (long)stride + dx;
				size_t ni;

				if (!dx && !dy)
					continue;
				if (dx && dy &&
				    (diag == PATH_DIAG_NEVER ||
				     (diag == PATH_DIAG_NO_CORNER &&
				      (!pc[dx] ||
				       !pc[(long)dy * (long)stride]))))
					continue;
				if (!pc[off])
					continue;
				ni = (size_t)((long)c + (long)dy * (long)w +
				              dx);
				if (dist[ni] != FLOOD_UNREACHED)
					continue;
				dist[ni] = dist[c] + 1;
				queue[tail++] = (uint32_t)ni;
			}
		}
	}
	return tail;
}

/* Union-find kept in labels: a passable cell i holds its parent's index
 * + 1, and a parent always has a smaller index, so a root is the first
 * cell (row-major) of what it has joined so far. */
static uint32_t uf_find(uint32_t *labels, uint32_t i)
{
	while (labels[i] - 1 != i) {
		/* Path halving: point at the grandparent on the way up. */
		labels[i] = labels[labels[i] - 1];
		i = labels[i] - 1;
	}
	return i;
}

static void uf_union(uint32_t *labels, uint32_t a, uint32_t b)
{
	a = uf_find(labels, a);
	b = uf_find(labels, b);
	if (a < b)
		labels[b] = a + 1;
	else if (b < a)
		labels[a] = b + 1;
}

int flood_components(const struct grid *g, enum path_diagonal diag,
                     uint32_t *labels, uint32_t *count)
{
	uint32_t w, i, n, c = 0;
	int x, y, eight;

	if (!g || !g->cost || !labels || !count ||
	    (unsigned)diag >= PATH_DIAG_COUNT)
		return PATH_BAD_ARG;
	w = (uint32_t)g->width;
	n = w * (uint32_t)g->height;
	eight = diag == PATH_DIAG_ALWAYS;
	/* First pass: join each passable cell with its passable neighbours
	 * already scanned (W, N, and NW, NE when diagonals connect).  The
	 * blocked border stands in for the neighbours off the map. */
	for (y = 0, i = 0; y < g->height; y++) {
		const uint8_t *row = g->cost + grid_index(g, 0, y);
		const uint8_t *up = row - g->stride;

		for (x = 0; x < g->width; x++, i++) {
			if (!row[x]) {
				labels[i] = 0;
				continue;
			}
			labels[i] = i + 1;
			if (row[x - 1])
				uf_union(labels, i, i - 1);
			if (up[x])
				uf_union(labels, i, i - w);
			if (eight && up[x - 1])
				uf_union(labels, i, i - w - 1);
			if (eight && up[x + 1])
				uf_union(labels, i, i - w + 1);
		}
	}
	/* Second pass, in the same order: a root opens a new component; any
	 * other cell's parent comes earlier and so already holds its final
	 * label. */
	for (i = 0; i < n; i++) {
		if (!labels[i])
			continue;
		if (labels[i] - 1 == i)
			labels[i] = ++c;
		else
			labels[i] = labels[labels[i] - 1];
	}
	*count = c;
	return 0;
}
