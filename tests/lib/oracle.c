/* SPDX-License-Identifier: MIT */
/* oracle.c - Dijkstra and BFS written from the textbook (see oracle.h). */
#include <stdlib.h>

#include "lib/oracle.h"
#include "lib/tap.h"

void oracle_init(struct oracle *o, size_t ncells)
{
	o->ncells = ncells;
	o->dist = malloc(ncells * sizeof(*o->dist));
	o->steps = malloc(ncells * sizeof(*o->steps));
	o->queue = malloc(ncells * sizeof(*o->queue));
	/* Each cell is pushed at most once per in-edge, plus the source. */
	o->heapkey = malloc((8 * ncells + 1) * sizeof(*o->heapkey));
	o->heapcell = malloc((8 * ncells + 1) * sizeof(*o->heapcell));
	assert_true(o->dist && o->steps && o->queue && o->heapkey &&
	            o->heapcell);
}

void oracle_fini(struct oracle *o)
{
	free(o->dist);
	free(o->steps);
	free(o->queue);
	free(o->heapkey);
	free(o->heapcell);
}

static void heap_push(struct oracle *o, size_t *len, uint64_t key,
                      uint32_t cell)
{
	size_t i = (*len)++;

	while (i > 0 && o->heapkey[(i - 1) / 2] > key) {
		o->heapkey[i] = o->heapkey[(i - 1) / 2];
		o->heapcell[i] = o->heapcell[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	o->heapkey[i] = key;
	o->heapcell[i] = cell;
}

static void heap_pop(struct oracle *o, size_t *len, uint64_t *key,
                     uint32_t *cell)
{
	uint64_t lk;
	uint32_t lc;
	size_t i = 0;

	*key = o->heapkey[0];
	*cell = o->heapcell[0];
	lk = o->heapkey[--*len];
	lc = o->heapcell[*len];
	for (;;) {
		size_t k = 2 * i + 1;

		if (k >= *len)
			break;
		if (k + 1 < *len && o->heapkey[k + 1] < o->heapkey[k])
			k++;
		if (o->heapkey[k] >= lk)
			break;
		o->heapkey[i] = o->heapkey[k];
		o->heapcell[i] = o->heapcell[k];
		i = k;
	}
	o->heapkey[i] = lk;
	o->heapcell[i] = lc;
}

size_t oracle_dijkstra(struct oracle *o, const struct test_map *m,
                       enum path_diagonal rule, const struct test_costs *c,
                       int sx, int sy)
{
	size_t n = (size_t)m->w * (size_t)m->h, len = 0, reached = 0, i;
	uint32_t cell;
	uint64_t d;

	assert_true(n <= o->ncells);
	for (i = 0; i < n; i++)
		o->dist[i] = ORACLE_UNREACHED;
	o->dist[(size_t)sy * m->w + sx] = 0;
	heap_push(o, &len, 0, (uint32_t)(sy * m->w + sx));
	while (len > 0) {
		int x, y, dx, dy;

		heap_pop(o, &len, &d, &cell);
		if (d != o->dist[cell])
			continue;
		reached++;
		x = (int)(cell % (uint32_t)m->w);
		y = (int)(cell / (uint32_t)m->w);
		for (dy = -1; dy <= 1; dy++) {
			for (dx = -1; dx <= 1; dx++) {
				uint64_t step;
				uint32_t nc;

				if (!oracle_step(m, rule, c, x, y, x + dx,
				                 y + dy, &step))
					continue;
				nc = (uint32_t)((y + dy) * m->w + x + dx);
				if (d + step < o->dist[nc]) {
					o->dist[nc] = d + step;
					heap_push(o, &len, d + step, nc);
				}
			}
		}
	}
	return reached;
}

size_t oracle_bfs(struct oracle *o, const struct test_map *m,
                  enum path_diagonal rule, int sx, int sy,
                  const uint8_t *no_entry)
{
	static const struct test_costs unit = {1, 1};
	size_t n = (size_t)m->w * (size_t)m->h, head = 0, tail = 0, i;

	assert_true(n <= o->ncells);
	for (i = 0; i < n; i++)
		o->steps[i] = -1;
	o->steps[(size_t)sy * m->w + sx] = 0;
	o->queue[tail++] = (uint32_t)(sy * m->w + sx);
	while (head < tail) {
		uint32_t cell = o->queue[head++];
		int x = (int)(cell % (uint32_t)m->w);
		int y = (int)(cell / (uint32_t)m->w);
		int dx, dy;

		for (dy = -1; dy <= 1; dy++) {
			for (dx = -1; dx <= 1; dx++) {
				uint64_t step;
				uint32_t nc;

				if (!oracle_step(m, rule, &unit, x, y, x + dx,
				                 y + dy, &step))
					continue;
				nc = (uint32_t)((y + dy) * m->w + x + dx);
				if (no_entry && no_entry[nc])
					continue;
				if (o->steps[nc] < 0) {
					o->steps[nc] = o->steps[cell] + 1;
					o->queue[tail++] = nc;
				}
			}
		}
	}
	return tail;
}
