/* SPDX-License-Identifier: MIT */
/* distmap.c - Dijkstra distance maps.
 *
 * The distance search runs backwards: it starts at the sources and settles
 * cells in increasing distance, relaxing each settled cell u into the
 * neighbours v that could step onto it.  Entering a cell is what costs, so
 * the step v -> u costs step * mult(u): u's multiplier, not v's.
 *
 * Each padded cell has a stamp, gen << 1 | settled, and a distance, side
 * by side so that looking at a cell touches one cache line.  A cell whose
 * stamp is of an older generation is unreached, which is why no build
 * clears the map.
 *
 * The open list is a radix heap (Ahuja, Mehlhorn, Orlin and Tarjan 1990).
 * Dijkstra never takes out a key smaller than the last one taken, so an
 * entry can wait in one of 33 buckets chosen by the highest bit in which
 * it differs from that last key, and it moves to a lower bucket at most 32
 * times.  On grid maps that is 2 to 4 times as fast as a binary heap
 * (measure with `tests/test_distmap --bench`).  Deletion is lazy: an
 * improved cell is pushed again and its stale entries are skipped when
 * they come out, so no cell needs to know its place in the heap.  Each
 * bucket keeps its memory from one build to the next. */
#include "distmap.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/dir.h"

/* Bucket 0 holds keys equal to the last key taken out; bucket i > 0 the
 * keys whose highest bit differing from it is bit i - 1. */
#define RQ_BUCKETS 33

struct rq_bucket {
	uint64_t *e; /* distance << 32 | padded index */
	size_t n, cap;
};

struct dm_cell {
	uint32_t stamp; /* gen << 1 | settled */
	uint32_t dist;
};

struct distmap {
	int width, height, stride;
	size_t ncells; /* padded */
	uint32_t gen;  /* 0 before the first build */
	struct dm_cell *cell;
	struct rq_bucket bucket[RQ_BUCKETS];
	uint32_t last; /* the last key taken out */
	/* The search under way (distmap_start), for distmap_reach to go
	 * on with: the grid's multipliers, the moves and the bound. */
	const uint8_t *cost;
	ptrdiff_t off[8];
	uint32_t step[8];
	uint32_t limit;
	int ndirs, no_corner;
	int open; /* the open list may still hold cells to settle */
};

#define GEN_MAX 0x7fffffffu

struct distmap *distmap_new(int width, int height)
{
	struct distmap *m;

	if (!grid_size_ok(width, height))
		return NULL;
	m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	m->width = width;
	m->height = height;
	m->stride = width + 2;
	m->ncells = (size_t)(width + 2) * (size_t)(height + 2);
	/* malloc and memset rather than calloc: the pages are faulted in
	 * here, once, rather than during the first build. */
	m->cell = malloc(m->ncells * sizeof(*m->cell));
	if (!m->cell) {
		distmap_free(m);
		return NULL;
	}
	memset(m->cell, 0, m->ncells * sizeof(*m->cell));
	return m;
}

void distmap_free(struct distmap *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < RQ_BUCKETS; i++)
		free(m->bucket[i].e);
	free(m->cell);
	free(m);
}

size_t distmap_bytes(const struct distmap *m)
{
	size_t bytes, i;

	if (!m)
		return 0;
	bytes = sizeof(*m) + m->ncells * sizeof(*m->cell);
	for (i = 0; i < RQ_BUCKETS; i++)
		bytes += m->bucket[i].cap * sizeof(*m->bucket[i].e);
	return bytes;
}

/* Starts a new generation: every cell reads unreached.  Stamps are only
 * cleared when the generation counter wraps, once in 2^31 builds. */
static void next_generation(struct distmap *m)
{
	if (++m->gen > GEN_MAX) {
		memset(m->cell, 0, m->ncells * sizeof(*m->cell));
		m->gen = 1;
	}
}

static unsigned rq_bucket_of(uint32_t last, uint32_t key)
{
	uint32_t x = last ^ key;

	if (!x)
		return 0;
#if defined(__GNUC__)
	return 32u - (unsigned)__builtin_clz(x);
#else
	{
		unsigned b = 0;

		while (x) {
			b++;
			x >>= 1;
		}
		return b;
	}
#endif
}

static int rq_put(struct rq_bucket *b, uint64_t e)
{
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 256;
		uint64_t *p;

		if (cap > SIZE_MAX / sizeof(*p))
			return -1;
		p = realloc(b->e, cap * sizeof(*p));
		if (!p)
			return -1;
		b->e = p;
		b->cap = cap;
	}
	b->e[b->n++] = e;
	return 0;
}

static inline int rq_push(struct distmap *m, uint64_t e)
{
	return rq_put(&m->bucket[rq_bucket_of(m->last, (uint32_t)(e >> 32))],
	              e);
}

/* Takes out an entry with the smallest key into *e; 0 when empty, -1 when
 * out of memory. */
static int rq_pop(struct distmap *m, uint64_t *e)
{
	struct rq_bucket *b = &m->bucket[0];

	if (!b->n) {
		size_t i, k;
		uint64_t min;

		for (i = 1; i < RQ_BUCKETS && !m->bucket[i].n; i++)
			;
		if (i == RQ_BUCKETS)
			return 0;
		b = &m->bucket[i];
		min = b->e[0];
		for (k = 1; k < b->n; k++)
			if (b->e[k] < min)
				min = b->e[k];
		m->last = (uint32_t)(min >> 32);
		/* Every entry lands in a lower bucket. */
		for (k = 0; k < b->n; k++)
			if (rq_push(m, b->e[k]) != 0)
				return -1;
		b->n = 0;
		b = &m->bucket[0];
	}
	*e = b->e[--b->n];
	return 1;
}

static int build_args_ok(const struct distmap *m, const struct grid *g,
                         const struct path_params *p,
                         const struct path_point *src, size_t nsrc)
{
	size_t i;

	if (!g || !g->cost || path_params_check_moves(p) != 0 ||
	    g->width != m->width || g->height != m->height || (nsrc && !src))
		return 0;
	for (i = 0; i < nsrc; i++)
		if (!grid_passable(g, src[i].x, src[i].y))
			return 0;
	return 1;
}

/* Settles cells in order of distance until the padded cell target (or
 * none, SIZE_MAX) is settled, the open list is empty or most cells (0:
 * no limit) are settled; *done gets the cells settled.  Returns
 * DISTMAP_SETTLED when target is, DISTMAP_PAUSED when most stopped it
 * first, DISTMAP_UNREACHABLE when the list ran out, or PATH_NOMEM. */
static int dm_settle(struct distmap *m, size_t target, size_t most,
                     size_t *done)
{
	const uint8_t *cost = m->cost;
	struct dm_cell *cell = m->cell;
	const uint32_t live = m->gen << 1, fin = live | 1, limit = m->limit;
	const int ndirs = m->ndirs, no_corner = m->no_corner;
	const ptrdiff_t stride = m->stride;
	ptrdiff_t off[8];
	uint32_t step[8];
	size_t n = 0;
	uint64_t key;
	int d, got;

	/* In locals: the pushes' stores could otherwise alias them. */
	memcpy(off, m->off, sizeof(off));
	memcpy(step, m->step, sizeof(step));
	*done = 0;
	if (target != SIZE_MAX && cell[target].stamp == fin)
		return DISTMAP_SETTLED;
	while (m->open && (!most || n < most)) {
		size_t u;
		uint32_t du, mu;

		got = rq_pop(m, &key);
		if (got <= 0) {
			m->open = 0;
			if (got < 0)
				return PATH_NOMEM;
			break;
		}
		u = (size_t)(uint32_t)key;
		du = (uint32_t)(key >> 32);
		mu = cost[u];
		/* Keys come out in order, so the entry a cell was last
		 * improved to comes out first; later ones are stale. */
		if (cell[u].stamp == fin)
			continue;
		cell[u].stamp = fin;
		n++;
		for (d = 0; d < ndirs; d++) {
			/* v is the cell that steps onto u in direction d. */
			size_t v = (size_t)((ptrdiff_t)u - off[d]);
			const uint8_t *cv = cost + v;
			uint32_t nd;

			if (!*cv || cell[v].stamp == fin)
				continue;
			/* Without corner cutting, the diagonal v -> u needs
			 * v + (dx, 0) and v + (0, dy) open. */
			if (d >= 4 && no_corner &&
			    (!cv[dir_dx[d]] ||
			     !cv[(ptrdiff_t)dir_dy[d] * stride]))
				continue;
			/* du <= PATH_COST_MAX and step * mu < 2^22: no
			 * wrap-around. */
			nd = du + step[d] * mu;
			if (nd > limit)
				continue;
			if (cell[v].stamp == live && cell[v].dist <= nd)
				continue;
			cell[v].stamp = live;
			cell[v].dist = nd;
			if (rq_push(m, (uint64_t)nd << 32 | v) != 0) {
				*done = n;
				return PATH_NOMEM;
			}
		}
		if (u == target) {
			*done = n;
			return DISTMAP_SETTLED;
		}
	}
	*done = n;
	return m->open ? DISTMAP_PAUSED : DISTMAP_UNREACHABLE;
}

int distmap_start(struct distmap *m, const struct grid *g,
                  const struct path_params *p, const struct path_point *src,
                  size_t nsrc, uint32_t max_cost)
{
	size_t i;
	int d;

	if (!m)
		return PATH_BAD_ARG;
	next_generation(m);
	m->open = 0;
	if (!build_args_ok(m, g, p, src, nsrc))
		return PATH_BAD_ARG;
	for (i = 0; i < RQ_BUCKETS; i++)
		m->bucket[i].n = 0;
	m->last = 0;
	m->cost = g->cost;
	m->limit =
	        max_cost && max_cost < PATH_COST_MAX ? max_cost : PATH_COST_MAX;
	m->ndirs = p->diagonal == PATH_DIAG_NEVER ? 4 : 8;
	m->no_corner = p->diagonal == PATH_DIAG_NO_CORNER;
	for (d = 0; d < 8; d++) {
		m->off[d] = (ptrdiff_t)dir_dy[d] * m->stride + dir_dx[d];
		m->step[d] = d < 4 ? p->straight_cost : p->diagonal_cost;
	}
	for (i = 0; i < nsrc; i++) {
		size_t idx = grid_index(g, src[i].x, src[i].y);

		m->cell[idx].stamp = m->gen << 1;
		m->cell[idx].dist = 0;
		if (rq_push(m, idx) != 0) {
			next_generation(m);
			return PATH_NOMEM;
		}
	}
	m->open = 1;
	return 0;
}

int distmap_reach(struct distmap *m, int x, int y, size_t most, size_t *settled)
{
	size_t done = 0;
	int rc;

	if (settled)
		*settled = 0;
	if (!m || m->gen == 0 || x < 0 || y < 0 || x >= m->width ||
	    y >= m->height)
		return PATH_BAD_ARG;
	rc = dm_settle(m, (size_t)(y + 1) * (size_t)m->stride + (size_t)(x + 1),
	               most, &done);
	if (settled)
		*settled = done;
	if (rc == PATH_NOMEM) {
		next_generation(m);
		m->open = 0;
	}
	return rc;
}

int distmap_build(struct distmap *m, const struct grid *g,
                  const struct path_params *p, const struct path_point *src,
                  size_t nsrc, uint32_t max_cost, size_t *settled)
{
	size_t done = 0;
	int rc;

	if (settled)
		*settled = 0;
	rc = distmap_start(m, g, p, src, nsrc, max_cost);
	if (rc != 0)
		return rc;
	if (dm_settle(m, SIZE_MAX, 0, &done) == PATH_NOMEM) {
		next_generation(m);
		m->open = 0;
		return PATH_NOMEM;
	}
	if (settled)
		*settled = done;
	return 0;
}

uint32_t distmap_at(const struct distmap *m, int x, int y)
{
	size_t idx;

	if (!m || m->gen == 0 || x < 0 || y < 0 || x >= m->width ||
	    y >= m->height)
		return DISTMAP_UNREACHED;
	idx = (size_t)(y + 1) * (size_t)m->stride + (size_t)(x + 1);
	/* Only settled cells: a cell waiting in the open list of a search
	 * under way may still get cheaper. */
	return m->cell[idx].stamp == (m->gen << 1 | 1) ? m->cell[idx].dist
	                                               : DISTMAP_UNREACHED;
}

int distmap_step_avoid(const struct distmap *m, const struct grid *g,
                       const struct path_params *p, int x, int y,
                       int (*blocked)(void *ctx, int x, int y), void *ctx,
                       int *nx, int *ny)
{
	uint32_t here = distmap_at(m, x, y);
	uint64_t best = UINT64_MAX;
	int d, found = 0;

	if (here == DISTMAP_UNREACHED || here == 0 || !g || !g->cost || !p)
		return 0;
	for (d = 0; d < 8; d++) {
		int ux = x + dir_dx[d], uy = y + dir_dy[d];
		uint32_t du = distmap_at(m, ux, uy), sc;

		if (du >= here)
			continue;
		sc = path_step_cost(g, p, x, y, ux, uy);
		if (!sc || (uint64_t)du + sc >= best)
			continue;
		/* Asked last: the callback may be the dearest test. */
		if (blocked && blocked(ctx, ux, uy))
			continue;
		best = (uint64_t)du + sc;
		*nx = ux;
		*ny = uy;
		found = 1;
	}
	return found;
}

int distmap_step(const struct distmap *m, const struct grid *g,
                 const struct path_params *p, int x, int y, int *nx, int *ny)
{
	return distmap_step_avoid(m, g, p, x, y, NULL, NULL, nx, ny);
}
