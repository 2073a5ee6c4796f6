/* SPDX-License-Identifier: MIT */
/* flood.c - breadth-first floods and connected components on a grid. */
#include "flood.h"

#include <stdlib.h>
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

/* ---- what a blocked cell cut off ---------------------------------------- */

/* The floods of flood_cut, one from each neighbour: at most eight. */
#define CUT_FLOODS 8

struct flood_cut {
	int width, height;
	/* Per padded cell: the call's generation times CUT_FLOODS plus the
	 * flood that entered it, for the cells this call entered. */
	uint32_t *mark;
	uint32_t gen;
	/* Each flood's cells (padded indices) in the order entered: its
	 * queue from head on, and once it has run out, its area. */
	uint32_t *cells[CUT_FLOODS];
	size_t len[CUT_FLOODS], cap[CUT_FLOODS], head[CUT_FLOODS];
	/* Floods that met: a union-find over them; and those whose area
	 * was told, done. */
	uint8_t up[CUT_FLOODS], done[CUT_FLOODS];
};

struct flood_cut *flood_cut_new(int width, int height)
{
	struct flood_cut *fc;

	if (width <= 0 || height <= 0)
		return NULL;
	fc = calloc(1, sizeof(*fc));
	if (!fc)
		return NULL;
	fc->width = width;
	fc->height = height;
	fc->mark = calloc((size_t)(width + 2) * (size_t)(height + 2),
	                  sizeof(*fc->mark));
	if (!fc->mark) {
		free(fc);
		return NULL;
	}
	return fc;
}

void flood_cut_free(struct flood_cut *fc)
{
	int f;

	if (!fc)
		return;
	for (f = 0; f < CUT_FLOODS; f++)
		free(fc->cells[f]);
	free(fc->mark);
	free(fc);
}

static int cut_push(struct flood_cut *fc, int f, uint32_t cell)
{
	if (fc->len[f] == fc->cap[f]) {
		size_t cap = fc->cap[f] ? fc->cap[f] * 2 : 64;
		uint32_t *p = realloc(fc->cells[f], cap * sizeof(*p));

		if (!p)
			return -1;
		fc->cells[f] = p;
		fc->cap[f] = cap;
	}
	fc->cells[f][fc->len[f]++] = cell;
	fc->mark[cell] = fc->gen * CUT_FLOODS + (uint32_t)f;
	return 0;
}

static int cut_find(const struct flood_cut *fc, int f)
{
	while (fc->up[f] != f)
		f = fc->up[f];
	return f;
}

/* Whether every flood joined to f has run out: then their cells are an
 * area cut off. */
static int cut_ran_out(const struct flood_cut *fc, int nf, int root)
{
	int h;

	for (h = 0; h < nf; h++)
		if (cut_find(fc, h) == root && fc->head[h] < fc->len[h])
			return 0;
	return 1;
}

int flood_cut(struct flood_cut *fc, const struct grid *g,
              enum path_diagonal diag, int x, int y, size_t most,
              void (*piece)(void *ctx, uint32_t k, uint32_t cell), void *ctx,
              uint32_t *areas)
{
	const long s = g ? (long)g->stride : 0;
	const long off[8] = {-s, -1, 1, s, -s - 1, -s + 1, s - 1, s + 1};
	int nd, nf = 0, alive, f, d;
	size_t entered = 0, at;

	if (!fc || !g || !g->cost || !piece || !areas ||
	    (unsigned)diag >= PATH_DIAG_COUNT || g->width != fc->width ||
	    g->height != fc->height || x < 0 || y < 0 || x >= g->width ||
	    y >= g->height || grid_passable(g, x, y))
		return PATH_BAD_ARG;
	*areas = 0;
	/* Straight neighbours join cells, and diagonal ones too when a
	 * diagonal step needs no corner. */
	nd = diag == PATH_DIAG_ALWAYS ? 8 : 4;
	if (++fc->gen >= UINT32_MAX / CUT_FLOODS) {
		memset(fc->mark, 0,
		       (size_t)(g->width + 2) * (size_t)(g->height + 2) *
		               sizeof(*fc->mark));
		fc->gen = 1;
	}
	at = grid_index(g, x, y);
	for (d = 0; d < nd; d++) {
		const size_t v = (size_t)((long)at + off[d]);

		if (!g->cost[v])
			continue;
		fc->len[nf] = fc->head[nf] = 0;
		fc->up[nf] = (uint8_t)nf;
		fc->done[nf] = 0;
		if (cut_push(fc, nf, (uint32_t)v) != 0)
			return PATH_NOMEM;
		nf++;
	}
	alive = nf; /* floods not yet met, and not run out */
	while (alive > 1) {
		for (f = 0; f < nf && alive > 1; f++) {
			uint32_t u;
			int root;

			if (fc->head[f] == fc->len[f])
				continue;
			u = fc->cells[f][fc->head[f]++];
			for (d = 0; d < nd; d++) {
				const uint32_t v = (uint32_t)((long)u + off[d]);

				if (!g->cost[v])
					continue;
				if (fc->mark[v] / CUT_FLOODS == fc->gen) {
					int a = cut_find(fc, f),
					    b = cut_find(fc, (int)(fc->mark[v] %
					                           CUT_FLOODS));

					if (a != b) {
						fc->up[b] = (uint8_t)a;
						alive--;
					}
					continue;
				}
				if (most && ++entered > most)
					return 1;
				if (cut_push(fc, f, v) != 0)
					return PATH_NOMEM;
			}
			if (fc->head[f] < fc->len[f])
				continue;
			root = cut_find(fc, f);
			if (fc->done[root] || !cut_ran_out(fc, nf, root))
				continue;
			/* Run out before meeting the others: cut off. */
			fc->done[root] = 1;
			alive--;
			++*areas;
			for (d = 0; d < nf; d++) {
				size_t k;

				if (cut_find(fc, d) != root)
					continue;
				for (k = 0; k < fc->len[d]; k++) {
					const uint32_t c = fc->cells[d][k];
					const int cy = grid_index_y(g, c);

					piece(ctx, *areas,
					      (uint32_t)(cy * g->width +
					                 grid_index_x(g, c)));
				}
			}
		}
	}
	return 0;
}
