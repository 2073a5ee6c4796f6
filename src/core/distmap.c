/* distmap.c - Dijkstra distance maps (a binary heap with lazy deletion,
 * generation-stamped cells) and component labelling. */
#include "distmap.h"

#include <stdlib.h>
#include <string.h>

struct dm_entry {
	uint32_t d;
	uint32_t idx; /* padded cell index */
};

struct distmap {
	int width, height, stride;
	size_t ncells; /* padded */
	uint32_t gen;
	uint32_t *stamp; /* gen << 1 | settled */
	uint32_t *dist;
	struct dm_entry *heap;
	size_t heap_cap;
};

static const int dx8[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dy8[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

struct distmap *distmap_new(int width, int height)
{
	struct distmap *m;

	if (width < 1 || height < 1 || width > GRID_MAX_DIM ||
	    height > GRID_MAX_DIM)
		return NULL;
	m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	m->width = width;
	m->height = height;
	m->stride = width + 2;
	m->ncells = (size_t)(width + 2) * (size_t)(height + 2);
	m->stamp = calloc(m->ncells, sizeof(*m->stamp));
	m->dist = malloc(m->ncells * sizeof(*m->dist));
	m->heap_cap = 1024;
	m->heap = malloc(m->heap_cap * sizeof(*m->heap));
	if (!m->stamp || !m->dist || !m->heap) {
		distmap_free(m);
		return NULL;
	}
	return m;
}

void distmap_free(struct distmap *m)
{
	if (!m)
		return;
	free(m->stamp);
	free(m->dist);
	free(m->heap);
	free(m);
}

size_t distmap_bytes(const struct distmap *m)
{
	return sizeof(*m) + m->ncells * (sizeof(*m->stamp) + sizeof(*m->dist)) +
	       m->heap_cap * sizeof(*m->heap);
}

static int heap_push(struct distmap *m, size_t *n, struct dm_entry e)
{
	size_t pos;

	if (*n == m->heap_cap) {
		struct dm_entry *h =
		        realloc(m->heap, 2 * m->heap_cap * sizeof(*h));

		if (!h)
			return -1;
		m->heap = h;
		m->heap_cap *= 2;
	}
	pos = (*n)++;
	while (pos > 0) {
		size_t parent = (pos - 1) / 2;

		if (m->heap[parent].d < e.d ||
		    (m->heap[parent].d == e.d && m->heap[parent].idx <= e.idx))
			break;
		m->heap[pos] = m->heap[parent];
		pos = parent;
	}
	m->heap[pos] = e;
	return 0;
}

static int entry_before(const struct dm_entry *a, const struct dm_entry *b)
{
	return a->d < b->d || (a->d == b->d && a->idx < b->idx);
}

static struct dm_entry heap_pop(struct distmap *m, size_t *n)
{
	struct dm_entry top = m->heap[0], last = m->heap[--*n];
	size_t pos = 0;

	for (;;) {
		size_t c = 2 * pos + 1;

		if (c >= *n)
			break;
		if (c + 1 < *n && entry_before(&m->heap[c + 1], &m->heap[c]))
			c++;
		if (!entry_before(&m->heap[c], &last))
			break;
		m->heap[pos] = m->heap[c];
		pos = c;
	}
	if (*n)
		m->heap[pos] = last;
	return top;
}

static int params_ok(const struct path_params *p)
{
	return p && p->straight_cost >= 1 &&
	       p->diagonal_cost >= p->straight_cost &&
	       p->diagonal_cost <= 2 * p->straight_cost &&
	       p->diagonal_cost <= PATH_STEP_MAX &&
	       (unsigned)p->diagonal < PATH_DIAG_COUNT;
}

int distmap_build(struct distmap *m, const struct grid *g,
                  const struct path_params *p, const struct path_point *src,
                  size_t nsrc, uint32_t max_cost, size_t *settled)
{
	const uint8_t *cost = g ? g->cost : NULL;
	const int ndirs = p && p->diagonal == PATH_DIAG_NEVER ? 4 : 8;
	const uint32_t limit = max_cost ? max_cost : PATH_COST_MAX;
	long off[8];
	size_t n = 0, done = 0, i;
	uint32_t live, fin;
	int d;

	if (settled)
		*settled = 0;
	if (!m || !g || !cost || !params_ok(p) || g->width != m->width ||
	    g->height != m->height || (nsrc && !src))
		return PATH_BAD_ARG;
	for (i = 0; i < nsrc; i++)
		if (!grid_passable(g, src[i].x, src[i].y))
			return PATH_BAD_ARG;
	if (++m->gen > 0x7fffffffu) {
		memset(m->stamp, 0, m->ncells * sizeof(*m->stamp));
		m->gen = 1;
	}
	live = m->gen << 1;
	fin = live | 1;
	for (d = 0; d < 8; d++)
		off[d] = (long)dy8[d] * m->stride + dx8[d];
	for (i = 0; i < nsrc; i++) {
		uint32_t idx = (uint32_t)grid_index(g, src[i].x, src[i].y);

		if (m->stamp[idx] == live)
			continue;
		m->stamp[idx] = live;
		m->dist[idx] = 0;
		if (heap_push(m, &n, (struct dm_entry){0, idx}) != 0)
			return PATH_NOMEM;
	}
	while (n) {
		struct dm_entry e = heap_pop(m, &n);
		uint32_t u = e.idx;
		uint8_t mu = cost[u];

		if (m->stamp[u] == fin || e.d != m->dist[u])
			continue;
		m->stamp[u] = fin;
		done++;
		for (d = 0; d < ndirs; d++) {
			/* v steps into u: v = u - (dx, dy) of a step v -> u. */
			size_t v = (size_t)((long)u - off[d]);
			uint32_t nd, step;

			if (!cost[v] || m->stamp[v] == fin)
				continue;
			if (d >= 4) {
				if (p->diagonal == PATH_DIAG_NO_CORNER &&
				    (!cost[v + (size_t)dx8[d]] ||
				     !cost[v +
				           (size_t)((long)dy8[d] * m->stride)]))
					continue;
				step = p->diagonal_cost;
			} else {
				step = p->straight_cost;
			}
			nd = e.d + step * mu;
			if (nd > limit || nd < e.d)
				continue;
			if (m->stamp[v] == live && m->dist[v] <= nd)
				continue;
			m->stamp[v] = live;
			m->dist[v] = nd;
			if (heap_push(m, &n,
			              (struct dm_entry){nd, (uint32_t)v}) != 0)
				return PATH_NOMEM;
		}
	}
	if (settled)
		*settled = done;
	return 0;
}

uint32_t distmap_at(const struct distmap *m, int x, int y)
{
	size_t idx;

	if (!m || x < 0 || y < 0 || x >= m->width || y >= m->height)
		return DISTMAP_UNREACHED;
	idx = (size_t)(y + 1) * (size_t)m->stride + (size_t)(x + 1);
	return m->stamp[idx] >> 1 == m->gen ? m->dist[idx] : DISTMAP_UNREACHED;
}

int distmap_step_avoid(const struct distmap *m, const struct grid *g,
                       const struct path_params *p, int x, int y,
                       int (*blocked)(void *ctx, int x, int y), void *ctx,
                       int *nx, int *ny)
{
	uint32_t here = distmap_at(m, x, y);
	uint64_t best = UINT64_MAX;
	int d, found = 0;

	if (here == DISTMAP_UNREACHED || here == 0)
		return 0;
	for (d = 0; d < 8; d++) {
		int ux = x + dx8[d], uy = y + dy8[d];
		uint32_t du = distmap_at(m, ux, uy), sc;

		if (du == DISTMAP_UNREACHED || du >= here)
			continue;
		sc = path_step_cost(g, p, x, y, ux, uy);
		if (!sc || (blocked && blocked(ctx, ux, uy)))
			continue;
		if ((uint64_t)du + sc < best) {
			best = (uint64_t)du + sc;
			*nx = ux;
			*ny = uy;
			found = 1;
		}
	}
	return found;
}

int grid_components(const struct grid *g, enum path_diagonal diag,
                    uint32_t *labels, uint32_t *count)
{
	const int w = g->width, h = g->height;
	const int ndirs = diag == PATH_DIAG_ALWAYS ? 8 : 4;
	uint32_t *queue, c = 0;
	int x, y;

	queue = malloc((size_t)w * (size_t)h * sizeof(*queue));
	if (!queue)
		return PATH_NOMEM;
	memset(labels, 0, (size_t)w * (size_t)h * sizeof(*labels));
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			size_t head = 0, tail = 0;

			if (!grid_passable(g, x, y) ||
			    labels[(size_t)y * w + x])
				continue;
			c++;
			labels[(size_t)y * w + x] = c;
			queue[tail++] = (uint32_t)((size_t)y * w + x);
			while (head < tail) {
				uint32_t i = queue[head++];
				int cx = (int)(i % (uint32_t)w);
				int cy = (int)(i / (uint32_t)w), d;

				for (d = 0; d < ndirs; d++) {
					int ux = cx + dx8[d], uy = cy + dy8[d];
					size_t j = (size_t)uy * w + ux;

					if (!grid_passable(g, ux, uy) ||
					    labels[j])
						continue;
					labels[j] = c;
					queue[tail++] = (uint32_t)j;
				}
			}
		}
	}
	free(queue);
	*count = c;
	return 0;
}
