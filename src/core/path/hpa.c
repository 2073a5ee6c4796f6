/* SPDX-License-Identifier: MIT */
/* hpa.c - the hierarchy for big maps (see hpa.h): clusters, their
 * crossings and distance tables, the abstract search and the windows
 * that refine and smooth its answer. */
#include "hpa.h"

#include <stdlib.h>
#include <string.h>

#define HPA_INF UINT32_MAX
#define NO_CELL UINT32_MAX
/* A run of open pairs across a border this long or longer gets a
 * crossing at each end; a shorter one, one in its middle. */
#define HPA_LONG_RUN 6
/* Clusters of the abstract path a refining window spans. */
#define HPA_WINDOW_VISITS 3

/* N, E, S, W, then NE, SE, SW, NW. */
static const int hpa_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int hpa_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

struct hpa_cluster {
	uint32_t *cell;  /* the nodes' padded grid indexes */
	uint8_t *across; /* per node, the directions (bit d) it crosses in */
	uint32_t *dist;  /* n x n: cheapest way from node i to node j inside
	                    the cluster, HPA_INF when there is none */
	uint16_t n;
	uint8_t dirty;
	uint8_t min_mult; /* smallest multiplier of its open cells, 0 none */
};

/* An open-list entry: f, then the larger g, then the smaller id. */
struct hpa_hent {
	uint64_t key; /* f << 32 | ~g */
	uint32_t id;
};

struct hpa_heap {
	struct hpa_hent *e;
	size_t n, cap;
};

/* A rectangle of cells, [x0, x1) x [y0, y1). */
struct hpa_box {
	int x0, y0, x1, y1;
};

struct hpa {
	int width, height, stride;
	int csize;
	int cw, ch; /* clusters across and down */
	size_t ncl;
	uint32_t kmax; /* most nodes a cluster can have: 4 * csize */
	int built;
	enum path_diagonal diag;
	uint32_t straight, diagonal;
	uint32_t min_mult; /* smallest multiplier on the map, for h */

	struct hpa_cluster *cl;
	uint16_t *node_at; /* padded cells: node index + 1 in its cluster */
	uint32_t *dirty;   /* clusters to rebuild */
	size_t ndirty;

	/* The abstract search: per id (cluster * kmax + node, then the
	 * start and the goal). */
	uint32_t *ag, *apar, *aseen, *aclosed;
	uint32_t agen;
	struct hpa_heap aheap;
	uint32_t *sdist, *gdist; /* start to / to goal, per cluster node */

	/* Window searches: up to (3 * csize)^2 cells. */
	uint32_t *wg;
	int32_t *wpar;
	uint8_t *wclosed;
	size_t wcap;
	struct hpa_heap wheap;
	int range; /* a step was not taken: it went past PATH_COST_MAX */
	int nomem; /* an open list could not grow */

	struct path_point *pts; /* the path being put together */
	size_t npts, ptscap;
	struct path_point *abs; /* the last abstract path */
	size_t nabs, abscap;
	/* The clusters that path visits in turn, and its last point in
	 * each visit (refining). */
	struct hpa_visit {
		uint32_t k;
		uint32_t exit;
	} * visits;
	size_t viscap;
	uint32_t *seg; /* one window's path, as local indexes */
};

/* --- small helpers ------------------------------------------------------- */

static inline int hpa_cell_x(const struct hpa *h, uint32_t i)
{
	return (int)(i % (uint32_t)h->stride) - 1;
}

static inline int hpa_cell_y(const struct hpa *h, uint32_t i)
{
	return (int)(i / (uint32_t)h->stride) - 1;
}

static inline uint32_t hpa_cell(const struct hpa *h, int x, int y)
{
	return (uint32_t)(y + 1) * (uint32_t)h->stride + (uint32_t)(x + 1);
}

static inline size_t hpa_cluster_of(const struct hpa *h, int x, int y)
{
	return (size_t)(y / h->csize) * (size_t)h->cw + (size_t)(x / h->csize);
}

static struct hpa_box hpa_cluster_box(const struct hpa *h, size_t k)
{
	struct hpa_box b;
	int kx = (int)(k % (size_t)h->cw), ky = (int)(k / (size_t)h->cw);

	b.x0 = kx * h->csize;
	b.y0 = ky * h->csize;
	b.x1 = b.x0 + h->csize < h->width ? b.x0 + h->csize : h->width;
	b.y1 = b.y0 + h->csize < h->height ? b.y0 + h->csize : h->height;
	return b;
}

static inline int hpa_in_box(struct hpa_box b, int x, int y)
{
	return x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1;
}

/* Whether a step from padded cell i in direction d is legal on c. */
static inline int hpa_step_ok(const struct hpa *h, const uint8_t *c, uint32_t i,
                              int d)
{
	long st = h->stride;
	long t = (long)i + hpa_dx[d] + hpa_dy[d] * st;

	if (!c[t])
		return 0;
	if (d < 4)
		return 1;
	if (h->diag == PATH_DIAG_NEVER)
		return 0;
	if (h->diag == PATH_DIAG_NO_CORNER)
		return c[(long)i + hpa_dx[d]] && c[(long)i + hpa_dy[d] * st];
	return 1;
}

static inline uint32_t hpa_step_base(const struct hpa *h, int d)
{
	return d < 4 ? h->straight : h->diagonal;
}

/* The octile (4-way: Manhattan) distance times the map's smallest
 * multiplier: never more than the cheapest way, and consistent. */
static inline uint32_t hpa_h(const struct hpa *h, int x, int y, int gx, int gy)
{
	uint64_t dx = (uint64_t)(x > gx ? x - gx : gx - x);
	uint64_t dy = (uint64_t)(y > gy ? y - gy : gy - y);
	uint64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx, v;

	if (h->diag == PATH_DIAG_NEVER)
		v = (dx + dy) * h->straight;
	else
		v = lo * h->diagonal + (hi - lo) * h->straight;
	v *= h->min_mult;
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static int hpa_grow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 64;
	void *q;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	q = realloc(*p, n * size);
	if (!q)
		return -1;
	*p = q;
	*cap = n;
	return 0;
}

/* --- the binary heaps ---------------------------------------------------- */

static inline int hpa_hless(struct hpa_hent a, struct hpa_hent b)
{
	return a.key < b.key || (a.key == b.key && a.id < b.id);
}

static int hpa_heap_push(struct hpa_heap *hp, uint32_t f, uint32_t g,
                         uint32_t id)
{
	struct hpa_hent e = {(uint64_t)f << 32 | (uint32_t)~g, id};
	size_t i;

	if (hpa_grow((void **)&hp->e, &hp->cap, hp->n + 1, sizeof(*hp->e)))
		return -1;
	i = hp->n++;
	while (i > 0) {
		size_t up = (i - 1) / 2;

		if (!hpa_hless(e, hp->e[up]))
			break;
		hp->e[i] = hp->e[up];
		i = up;
	}
	hp->e[i] = e;
	return 0;
}

static uint32_t hpa_heap_pop(struct hpa_heap *hp)
{
	uint32_t top = hp->e[0].id;
	struct hpa_hent last = hp->e[--hp->n];
	size_t i = 0, n = hp->n;

	for (;;) {
		size_t l = 2 * i + 1, m;

		if (l >= n)
			break;
		m = l + 1 < n && hpa_hless(hp->e[l + 1], hp->e[l]) ? l + 1 : l;
		if (!hpa_hless(hp->e[m], last))
			break;
		hp->e[i] = hp->e[m];
		i = m;
	}
	if (n)
		hp->e[i] = last;
	return top;
}

static inline uint32_t hpa_add(uint32_t a, uint32_t b)
{
	uint64_t s = (uint64_t)a + b;

	return s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
}

/* --- window searches ----------------------------------------------------- */

/* Searches inside box b (at most (2 * csize)^2 cells) from padded cell
 * src.  With dst != NO_CELL: A* to dst; returns its cost, or HPA_INF.
 * Otherwise a Dijkstra over the box, every cell's distance left in
 * h->wg (by local index); returns 0.  backward: the distances are to src
 * rather than from it (a step is priced by the cell it leaves toward
 * src).  *expanded counts the cells taken off the open list. */
static uint32_t hpa_window(struct hpa *h, const uint8_t *c, struct hpa_box b,
                           uint32_t src, uint32_t dst, int backward,
                           uint32_t *expanded)
{
	const int ww = b.x1 - b.x0;
	const size_t ncells = (size_t)ww * (size_t)(b.y1 - b.y0);
	const int gx = dst == NO_CELL ? 0 : hpa_cell_x(h, dst);
	const int gy = dst == NO_CELL ? 0 : hpa_cell_y(h, dst);
	struct hpa_heap *hp = &h->wheap;
	uint32_t li0;

	memset(h->wg, 0xff, ncells * sizeof(*h->wg));
	memset(h->wclosed, 0, ncells);
	hp->n = 0;
	li0 = (uint32_t)((hpa_cell_y(h, src) - b.y0) * ww +
	                 (hpa_cell_x(h, src) - b.x0));
	h->wg[li0] = 0;
	h->wpar[li0] = -1;
	if (hpa_heap_push(hp, 0, 0, li0)) {
		h->nomem = 1;
		return HPA_INF;
	}
	while (hp->n) {
		uint32_t li = hpa_heap_pop(hp), g = h->wg[li], cell;
		int x, y, d;

		if (h->wclosed[li])
			continue;
		h->wclosed[li] = 1;
		(*expanded)++;
		x = b.x0 + (int)(li % (uint32_t)ww);
		y = b.y0 + (int)(li / (uint32_t)ww);
		cell = hpa_cell(h, x, y);
		if (cell == dst)
			return g;
		for (d = 0; d < 8; d++) {
			int nx = x + hpa_dx[d], ny = y + hpa_dy[d];
			uint32_t nli, ng, ncell;
			uint64_t step;

			if (!hpa_in_box(b, nx, ny))
				continue;
			nli = (uint32_t)((ny - b.y0) * ww + (nx - b.x0));
			if (h->wclosed[nli])
				continue;
			ncell = hpa_cell(h, nx, ny);
			/* Legality is the same both ways. */
			if (!hpa_step_ok(h, c, cell, d))
				continue;
			step = (uint64_t)hpa_step_base(h, d) *
			       (backward ? c[cell] : c[ncell]);
			if (g + step > PATH_COST_MAX) {
				h->range = 1;
				continue;
			}
			ng = g + (uint32_t)step;
			if (ng >= h->wg[nli])
				continue;
			h->wg[nli] = ng;
			h->wpar[nli] = (int32_t)li;
			if (hpa_heap_push(hp,
			                  dst == NO_CELL
			                          ? ng
			                          : hpa_add(ng, hpa_h(h, nx, ny,
			                                              gx, gy)),
			                  ng, nli)) {
				h->nomem = 1;
				return HPA_INF;
			}
		}
	}
	return dst == NO_CELL ? 0 : HPA_INF;
}

static inline uint32_t hpa_wg_at(const struct hpa *h, struct hpa_box b,
                                 uint32_t cell)
{
	int x = hpa_cell_x(h, cell), y = hpa_cell_y(h, cell);

	return h->wg[(size_t)(y - b.y0) * (size_t)(b.x1 - b.x0) +
	             (size_t)(x - b.x0)];
}

/* --- clusters ------------------------------------------------------------ */

static int hpa_node_add(struct hpa *h, size_t k, int x, int y, int d)
{
	struct hpa_cluster *cl = &h->cl[k];
	uint32_t cell = hpa_cell(h, x, y);

	if (!h->node_at[cell]) {
		cl->cell[cl->n] = cell;
		cl->across[cl->n] = 0;
		h->node_at[cell] = (uint16_t)++cl->n;
	}
	cl->across[h->node_at[cell] - 1] |= (uint8_t)(1u << d);
	return 0;
}

/* The crossings of one border of cluster k: the pairs (a, a + dir d)
 * for a along the side from (x, y) stepping (sx, sy), len cells. */
static void hpa_border(struct hpa *h, const uint8_t *c, size_t k, int x, int y,
                       int sx, int sy, int len, int d)
{
	int i = 0;

	while (i < len) {
		int a, e;

		while (i < len) {
			uint32_t cell = hpa_cell(h, x + i * sx, y + i * sy);

			if (c[cell] && c[(long)cell + hpa_dx[d] +
			                 (long)hpa_dy[d] * h->stride])
				break;
			i++;
		}
		a = i;
		while (i < len) {
			uint32_t cell = hpa_cell(h, x + i * sx, y + i * sy);

			if (!c[cell] || !c[(long)cell + hpa_dx[d] +
			                   (long)hpa_dy[d] * h->stride])
				break;
			i++;
		}
		e = i - 1;
		if (a >= len)
			break;
		if (e - a + 1 >= HPA_LONG_RUN) {
			hpa_node_add(h, k, x + a * sx, y + a * sy, d);
			hpa_node_add(h, k, x + e * sx, y + e * sy, d);
		} else {
			int m = a + (e - a) / 2;

			hpa_node_add(h, k, x + m * sx, y + m * sy, d);
		}
	}
}

/* Rebuilds cluster k: its nodes, their directions across, its distance
 * table and smallest multiplier. */
static int hpa_cluster_build(struct hpa *h, const uint8_t *c, size_t k)
{
	struct hpa_cluster *cl = &h->cl[k];
	struct hpa_box b = hpa_cluster_box(h, k);
	uint32_t i, j, dummy = 0;
	int x, y, d;

	for (i = 0; i < cl->n; i++)
		h->node_at[cl->cell[i]] = 0;
	cl->n = 0;
	cl->min_mult = 0;
	for (y = b.y0; y < b.y1; y++)
		for (x = b.x0; x < b.x1; x++) {
			uint8_t m = c[hpa_cell(h, x, y)];

			if (m && (!cl->min_mult || m < cl->min_mult))
				cl->min_mult = m;
		}
	if (b.y0 > 0)
		hpa_border(h, c, k, b.x0, b.y0, 1, 0, b.x1 - b.x0, 0);
	if (b.x1 < h->width)
		hpa_border(h, c, k, b.x1 - 1, b.y0, 0, 1, b.y1 - b.y0, 1);
	if (b.y1 < h->height)
		hpa_border(h, c, k, b.x0, b.y1 - 1, 1, 0, b.x1 - b.x0, 2);
	if (b.x0 > 0)
		hpa_border(h, c, k, b.x0, b.y0, 0, 1, b.y1 - b.y0, 3);
	/* Diagonal steps out of the cluster past two blocked corners: the
	 * only ways across that no straight crossing stands for. */
	if (h->diag == PATH_DIAG_ALWAYS)
		for (y = b.y0; y < b.y1; y++)
			for (x = b.x0; x < b.x1; x++) {
				uint32_t cell = hpa_cell(h, x, y);

				if (!c[cell] || (y != b.y0 && y != b.y1 - 1 &&
				                 x != b.x0 && x != b.x1 - 1))
					continue;
				for (d = 4; d < 8; d++) {
					int nx = x + hpa_dx[d];
					int ny = y + hpa_dy[d];

					if (hpa_in_box(b, nx, ny) ||
					    !c[hpa_cell(h, nx, ny)] ||
					    c[hpa_cell(h, nx, y)] ||
					    c[hpa_cell(h, x, ny)])
						continue;
					hpa_node_add(h, k, x, y, d);
				}
			}
	free(cl->dist);
	cl->dist = NULL;
	if (!cl->n)
		return 0;
	cl->dist = malloc((size_t)cl->n * cl->n * sizeof(*cl->dist));
	if (!cl->dist)
		return PATH_NOMEM;
	for (i = 0; i < cl->n; i++) {
		hpa_window(h, c, b, cl->cell[i], NO_CELL, 0, &dummy);
		for (j = 0; j < cl->n; j++)
			cl->dist[i * cl->n + j] = hpa_wg_at(h, b, cl->cell[j]);
	}
	return h->nomem ? PATH_NOMEM : 0;
}

/* --- the hierarchy ------------------------------------------------------- */

struct hpa *hpa_new(int width, int height, int csize)
{
	struct hpa *h;
	size_t k, ids, cells, wcells;

	if (!grid_size_ok(width, height) || csize < HPA_CSIZE_MIN ||
	    csize > HPA_CSIZE_MAX)
		return NULL;
	h = calloc(1, sizeof(*h));
	if (!h)
		return NULL;
	h->width = width;
	h->height = height;
	h->stride = width + 2;
	h->csize = csize;
	h->cw = (width + csize - 1) / csize;
	h->ch = (height + csize - 1) / csize;
	h->ncl = (size_t)h->cw * (size_t)h->ch;
	h->kmax = 4u * (uint32_t)csize;
	ids = h->ncl * h->kmax + 2;
	cells = (size_t)h->stride * (size_t)(height + 2);
	wcells = (size_t)HPA_WINDOW_VISITS * HPA_WINDOW_VISITS * (size_t)csize *
	         (size_t)csize;
	h->wcap = wcells;
	h->cl = calloc(h->ncl, sizeof(*h->cl));
	h->node_at = calloc(cells, sizeof(*h->node_at));
	h->dirty = malloc(h->ncl * sizeof(*h->dirty));
	h->ag = malloc(ids * sizeof(*h->ag));
	h->apar = malloc(ids * sizeof(*h->apar));
	h->aseen = calloc(ids, sizeof(*h->aseen));
	h->aclosed = calloc(ids, sizeof(*h->aclosed));
	h->sdist = malloc(h->kmax * sizeof(*h->sdist));
	h->gdist = malloc(h->kmax * sizeof(*h->gdist));
	h->wg = malloc(wcells * sizeof(*h->wg));
	h->wpar = malloc(wcells * sizeof(*h->wpar));
	h->wclosed = malloc(wcells);
	h->seg = malloc(wcells * sizeof(*h->seg));
	if (!h->cl || !h->node_at || !h->dirty || !h->ag || !h->apar ||
	    !h->aseen || !h->aclosed || !h->sdist || !h->gdist || !h->wg ||
	    !h->wpar || !h->wclosed || !h->seg) {
		hpa_free(h);
		return NULL;
	}
	for (k = 0; k < h->ncl; k++) {
		h->cl[k].cell = malloc(h->kmax * sizeof(*h->cl[k].cell));
		h->cl[k].across = malloc(h->kmax);
		if (!h->cl[k].cell || !h->cl[k].across) {
			hpa_free(h);
			return NULL;
		}
	}
	h->min_mult = 1;
	return h;
}

void hpa_free(struct hpa *h)
{
	size_t k;

	if (!h)
		return;
	if (h->cl)
		for (k = 0; k < h->ncl; k++) {
			free(h->cl[k].cell);
			free(h->cl[k].across);
			free(h->cl[k].dist);
		}
	free(h->cl);
	free(h->node_at);
	free(h->dirty);
	free(h->ag);
	free(h->apar);
	free(h->aseen);
	free(h->aclosed);
	free(h->aheap.e);
	free(h->sdist);
	free(h->gdist);
	free(h->wg);
	free(h->wpar);
	free(h->wclosed);
	free(h->wheap.e);
	free(h->pts);
	free(h->abs);
	free(h->visits);
	free(h->seg);
	free(h);
}

size_t hpa_bytes(const struct hpa *h)
{
	size_t k, ids, b;

	if (!h)
		return 0;
	ids = h->ncl * h->kmax + 2;
	b = sizeof(*h) + h->ncl * (sizeof(*h->cl) + sizeof(*h->dirty)) +
	    (size_t)h->stride * (size_t)(h->height + 2) * sizeof(*h->node_at) +
	    ids * 4 * sizeof(uint32_t) + 2 * h->kmax * sizeof(uint32_t) +
	    h->wcap * (2 * sizeof(uint32_t) + sizeof(int32_t) + 1) +
	    (h->aheap.cap + h->wheap.cap) * sizeof(struct hpa_hent) +
	    h->ptscap * sizeof(*h->pts) + h->abscap * sizeof(*h->abs) +
	    h->viscap * sizeof(*h->visits);
	for (k = 0; k < h->ncl; k++)
		b += h->kmax * (sizeof(uint32_t) + 1) +
		     (size_t)h->cl[k].n * h->cl[k].n * sizeof(uint32_t);
	return b;
}

int hpa_csize(const struct hpa *h)
{
	return h ? h->csize : 0;
}

void hpa_counts(const struct hpa *h, size_t *clusters, size_t *nodes,
                size_t *edges)
{
	size_t k, nn = 0, ne = 0;
	uint32_t i, j;

	for (k = 0; h && k < h->ncl; k++) {
		const struct hpa_cluster *cl = &h->cl[k];

		nn += cl->n;
		for (i = 0; i < cl->n; i++) {
			ne += (size_t)__builtin_popcount(cl->across[i]);
			for (j = 0; j < cl->n; j++)
				ne += i != j &&
				      cl->dist[i * cl->n + j] != HPA_INF;
		}
	}
	if (clusters)
		*clusters = h ? h->ncl : 0;
	if (nodes)
		*nodes = nn;
	if (edges)
		*edges = ne;
}

static void hpa_mark(struct hpa *h, size_t k)
{
	if (h->cl[k].dirty)
		return;
	h->cl[k].dirty = 1;
	h->dirty[h->ndirty++] = (uint32_t)k;
}

void hpa_cells_changed(struct hpa *h, int x, int y)
{
	int dx, dy;

	if (!h || x < 0 || y < 0 || x >= h->width || y >= h->height)
		return;
	/* The cell, as a crossing's end or the corner of a diagonal one,
	 * touches the clusters of its eight neighbours. */
	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++) {
			int nx = x + dx, ny = y + dy;

			if (nx >= 0 && ny >= 0 && nx < h->width &&
			    ny < h->height)
				hpa_mark(h, hpa_cluster_of(h, nx, ny));
		}
}

int hpa_update(struct hpa *h, const struct grid *g)
{
	size_t i, k, n;
	uint32_t mm = 0;

	if (!h || !g || g->width != h->width || g->height != h->height)
		return PATH_BAD_ARG;
	n = h->ndirty;
	if (!n)
		return 0;
	h->nomem = 0;
	for (i = 0; i < n; i++) {
		k = h->dirty[i];
		if (hpa_cluster_build(h, g->cost, k))
			return PATH_NOMEM;
		h->cl[k].dirty = 0;
	}
	h->ndirty = 0;
	for (k = 0; k < h->ncl; k++)
		if (h->cl[k].min_mult && (!mm || h->cl[k].min_mult < mm))
			mm = h->cl[k].min_mult;
	h->min_mult = mm ? mm : 1;
	return (int)n;
}

int hpa_build(struct hpa *h, const struct grid *g, const struct path_params *p)
{
	size_t k;
	int rc;

	if (!h || !g || g->width != h->width || g->height != h->height ||
	    path_params_check_moves(p))
		return PATH_BAD_ARG;
	h->diag = p->diagonal;
	h->straight = p->straight_cost;
	h->diagonal = p->diagonal_cost;
	for (k = 0; k < h->ncl; k++)
		hpa_mark(h, k);
	rc = hpa_update(h, g);
	if (rc < 0)
		return rc;
	h->built = 1;
	return 0;
}

int hpa_is_node(const struct hpa *h, int x, int y)
{
	if (!h || x < 0 || y < 0 || x >= h->width || y >= h->height)
		return 0;
	return h->node_at[hpa_cell(h, x, y)] != 0;
}

size_t hpa_last_abstract(const struct hpa *h, struct path_point *buf,
                         size_t cap)
{
	size_t i;

	if (!h)
		return 0;
	for (i = 0; i < h->nabs && i < cap; i++)
		buf[i] = h->abs[i];
	return h->nabs;
}

/* --- queries ------------------------------------------------------------- */

static inline uint32_t hpa_id_cell(const struct hpa *h, uint32_t id,
                                   uint32_t scell, uint32_t gcell)
{
	size_t top = h->ncl * h->kmax;

	if (id == top)
		return scell;
	if (id == top + 1)
		return gcell;
	return h->cl[id / h->kmax].cell[id % h->kmax];
}

static int hpa_relax(struct hpa *h, uint32_t id, uint32_t g, uint32_t from,
                     uint32_t hv)
{
	if (h->aseen[id] == h->agen && h->ag[id] <= g)
		return 0;
	if (h->aclosed[id] == h->agen)
		return 0;
	h->aseen[id] = h->agen;
	h->ag[id] = g;
	h->apar[id] = from;
	return hpa_heap_push(&h->aheap, hpa_add(g, hv), g, id);
}

/* The abstract search, start to goal; the goal's id when it is reached,
 * NO_CELL when not, PATH_NOMEM-ish failures as NO_CELL with *err set. */
static uint32_t hpa_abstract(struct hpa *h, const uint8_t *c, uint32_t scell,
                             uint32_t gcell, size_t ks, size_t kg,
                             uint32_t direct, struct hpa_info *info, int *err)
{
	const uint32_t top = (uint32_t)(h->ncl * h->kmax);
	const uint32_t sid = top, gid = top + 1;
	const int gx = hpa_cell_x(h, gcell), gy = hpa_cell_y(h, gcell);

	if (++h->agen == 0) {
		memset(h->aseen, 0, ((size_t)top + 2) * sizeof(*h->aseen));
		memset(h->aclosed, 0, ((size_t)top + 2) * sizeof(*h->aclosed));
		h->agen = 1;
	}
	h->aheap.n = 0;
	if (hpa_relax(h, sid, 0, sid, 0))
		goto nomem;
	while (h->aheap.n) {
		uint32_t u = hpa_heap_pop(&h->aheap), g = h->ag[u];
		uint32_t i, k;

		if (h->aclosed[u] == h->agen)
			continue;
		h->aclosed[u] = h->agen;
		info->abstract_expanded++;
		if (u == gid)
			return gid;
		if (u == sid) {
			const struct hpa_cluster *cl = &h->cl[ks];

			for (i = 0; i < cl->n; i++)
				if (h->sdist[i] != HPA_INF &&
				    hpa_relax(h, (uint32_t)ks * h->kmax + i,
				              hpa_add(g, h->sdist[i]), u,
				              hpa_h(h,
				                    hpa_cell_x(h, cl->cell[i]),
				                    hpa_cell_y(h, cl->cell[i]),
				                    gx, gy)))
					goto nomem;
			if (direct != HPA_INF &&
			    hpa_relax(h, gid, hpa_add(g, direct), u, 0))
				goto nomem;
			continue;
		}
		k = u / h->kmax;
		i = u % h->kmax;
		{
			const struct hpa_cluster *cl = &h->cl[k];
			const uint32_t *row = cl->dist + (size_t)i * cl->n;
			uint32_t cell = cl->cell[i], j;
			int d;

			for (j = 0; j < cl->n; j++) {
				uint32_t o = cl->cell[j];

				if (j == i || row[j] == HPA_INF)
					continue;
				if (hpa_relax(h, k * h->kmax + j,
				              hpa_add(g, row[j]), u,
				              hpa_h(h, hpa_cell_x(h, o),
				                    hpa_cell_y(h, o), gx, gy)))
					goto nomem;
			}
			for (d = 0; d < 8; d++) {
				uint32_t nb, k2, step;
				int nx, ny;

				if (!(cl->across[i] & (1u << d)))
					continue;
				nx = hpa_cell_x(h, cell) + hpa_dx[d];
				ny = hpa_cell_y(h, cell) + hpa_dy[d];
				nb = hpa_cell(h, nx, ny);
				k2 = (uint32_t)hpa_cluster_of(h, nx, ny);
				step = hpa_step_base(h, d) * c[nb];
				if (hpa_relax(h,
				              k2 * h->kmax + h->node_at[nb] - 1,
				              hpa_add(g, step), u,
				              hpa_h(h, nx, ny, gx, gy)))
					goto nomem;
			}
			if (k == kg && h->gdist[i] != HPA_INF &&
			    hpa_relax(h, gid, hpa_add(g, h->gdist[i]), u, 0))
				goto nomem;
		}
	}
	return NO_CELL;
nomem:
	*err = PATH_NOMEM;
	return NO_CELL;
}

static int hpa_put(struct hpa *h, int x, int y)
{
	if (hpa_grow((void **)&h->pts, &h->ptscap, h->npts + 1,
	             sizeof(*h->pts)))
		return -1;
	h->pts[h->npts].x = x;
	h->pts[h->npts].y = y;
	h->npts++;
	return 0;
}

static struct hpa_box hpa_box_union(struct hpa_box a, struct hpa_box b)
{
	struct hpa_box u = a;

	u.x0 = a.x0 < b.x0 ? a.x0 : b.x0;
	u.y0 = a.y0 < b.y0 ? a.y0 : b.y0;
	u.x1 = a.x1 > b.x1 ? a.x1 : b.x1;
	u.y1 = a.y1 > b.y1 ? a.y1 : b.y1;
	return u;
}

/* The bounding box of visits a..b's clusters. */
static struct hpa_box hpa_visits_box(const struct hpa *h, size_t a, size_t b)
{
	struct hpa_box u = hpa_cluster_box(h, h->visits[a].k);

	while (++a <= b)
		u = hpa_box_union(u, hpa_cluster_box(h, h->visits[a].k));
	return u;
}

/* The cell of box b at local index li, as (x, y). */
static inline void hpa_box_cell(struct hpa_box b, uint32_t li, int *x, int *y)
{
	const uint32_t ww = (uint32_t)(b.x1 - b.x0);

	*x = b.x0 + (int)(li % ww);
	*y = b.y0 + (int)(li / ww);
}

/* Refines the abstract path (h->abs) into cells, window by window (see
 * hpa.h): the path visits clusters K0, K1, ... in turn; window j spans
 * the bounding box of Kj to Kj+2 and searches from where the way stands
 * to the abstract path's last point in Kj+2 (the goal in the last
 * window), and keeps its answer up to where it last enters the next
 * window's box.  The rest of that answer and the abstract path on from
 * its end lie inside the next box, so every window finds a way and none
 * costs more than what it replaces.  Returns 0, PATH_NOMEM, or
 * PATH_NO_PATH if a window found nothing (which that rules out).
 * *total gets the cost, *partial 1 when the windows ran out first. */
static int hpa_refine(struct hpa *h, const uint8_t *c, unsigned windows,
                      uint64_t *total, int *partial, struct hpa_info *info)
{
	size_t nv = 0, a, j;
	uint32_t cur;

	if (hpa_grow((void **)&h->visits, &h->viscap, h->nabs,
	             sizeof(*h->visits)))
		return PATH_NOMEM;
	for (a = 0; a < h->nabs; a++) {
		uint32_t k =
		        (uint32_t)hpa_cluster_of(h, h->abs[a].x, h->abs[a].y);

		if (!nv || h->visits[nv - 1].k != k)
			h->visits[nv++].k = k;
		h->visits[nv - 1].exit = hpa_cell(h, h->abs[a].x, h->abs[a].y);
	}
	*total = 0;
	*partial = 0;
	cur = hpa_cell(h, h->abs[0].x, h->abs[0].y);
	if (hpa_put(h, h->abs[0].x, h->abs[0].y))
		return PATH_NOMEM;
	for (j = 0;; j++) {
		const size_t e = j + HPA_WINDOW_VISITS - 1 < nv
		                         ? j + HPA_WINDOW_VISITS - 1
		                         : nv - 1;
		const int last = e == nv - 1;
		struct hpa_box b = hpa_visits_box(h, j, e), next;
		uint32_t target = h->visits[e].exit;
		size_t len = 0, s, cut = 0;
		int32_t li;
		int ww = b.x1 - b.x0, x, y;

		if (windows && info->windows >= windows && h->npts > 1) {
			*partial = 1;
			break;
		}
		info->windows++;
		if (hpa_window(h, c, b, cur, target, 0,
		               &info->refine_expanded) == HPA_INF)
			return h->nomem ? PATH_NOMEM : PATH_NO_PATH;
		/* The window's path, target first. */
		li = (int32_t)((hpa_cell_y(h, target) - b.y0) * ww +
		               (hpa_cell_x(h, target) - b.x0));
		while (li >= 0) {
			h->seg[len++] = (uint32_t)li;
			li = h->wpar[li];
		}
		/* All of it in the last window; else up to where it last
		 * enters the next window's box. */
		if (!last) {
			next = hpa_visits_box(h, j + 1,
			                      e + 1 < nv ? e + 1 : nv - 1);
			for (s = 0; s < len; s++) {
				hpa_box_cell(b, h->seg[s], &x, &y);
				if (!hpa_in_box(next, x, y))
					break;
				cut = s;
			}
		}
		for (s = len - 1; s-- > cut;) {
			hpa_box_cell(b, h->seg[s], &x, &y);
			if (hpa_put(h, x, y))
				return PATH_NOMEM;
		}
		*total += h->wg[h->seg[cut]];
		hpa_box_cell(b, h->seg[cut], &x, &y);
		cur = hpa_cell(h, x, y);
		if (last)
			break;
	}
	return 0;
}

int hpa_find(struct hpa *h, const struct grid *g, const struct path_params *p,
             int sx, int sy, int gx, int gy, unsigned windows,
             struct path_point *buf, size_t cap, struct path_result *res,
             struct hpa_info *info)
{
	struct hpa_info scratch;
	uint32_t scell, gcell, direct = HPA_INF, got, id;
	size_t ks, kg, i, n;
	uint64_t total = 0;
	int err = 0, rc, partial = 0;
	const uint8_t *c;

	if (!res)
		return PATH_BAD_ARG;
	memset(res, 0, sizeof(*res));
	if (!info)
		info = &scratch;
	memset(info, 0, sizeof(*info));
	res->status = PATH_BAD_ARG;
	if (!h || path_query_check(g, h->width, h->height, p, sx, sy, gx, gy,
	                           buf, cap))
		return res->status;
	if (!h->built) {
		rc = hpa_build(h, g, p);
		if (rc)
			return res->status = rc;
	} else if (p->diagonal != h->diag || p->straight_cost != h->straight ||
	           p->diagonal_cost != h->diagonal) {
		return res->status;
	}
	rc = hpa_update(h, g);
	if (rc < 0)
		return res->status = rc;
	info->rebuilt = (uint32_t)rc;
	c = g->cost;
	h->range = 0;
	h->nomem = 0;
	h->npts = 0;
	h->nabs = 0;
	scell = hpa_cell(h, sx, sy);
	gcell = hpa_cell(h, gx, gy);
	ks = hpa_cluster_of(h, sx, sy);
	kg = hpa_cluster_of(h, gx, gy);
	if (scell == gcell) {
		if (hpa_put(h, sx, sy))
			return res->status = PATH_NOMEM;
		if (hpa_grow((void **)&h->abs, &h->abscap, 1, sizeof(*h->abs)))
			return res->status = PATH_NOMEM;
		h->abs[0] = h->pts[0];
		h->nabs = 1;
		goto done;
	}
	/* Link the start to its cluster's nodes and the goal's nodes to the
	 * goal. */
	{
		struct hpa_box bs = hpa_cluster_box(h, ks);
		struct hpa_box bg = hpa_cluster_box(h, kg);

		hpa_window(h, c, bs, scell, NO_CELL, 0, &info->link_expanded);
		for (i = 0; i < h->cl[ks].n; i++)
			h->sdist[i] = hpa_wg_at(h, bs, h->cl[ks].cell[i]);
		if (ks == kg)
			direct = hpa_wg_at(h, bs, gcell);
		hpa_window(h, c, bg, gcell, NO_CELL, 1, &info->link_expanded);
		for (i = 0; i < h->cl[kg].n; i++)
			h->gdist[i] = hpa_wg_at(h, bg, h->cl[kg].cell[i]);
	}
	if (h->nomem)
		return res->status = PATH_NOMEM;
	got = hpa_abstract(h, c, scell, gcell, ks, kg, direct, info, &err);
	if (err)
		return res->status = err;
	if (got == NO_CELL) {
		res->status = h->range ? PATH_COST_RANGE : PATH_NO_PATH;
		goto stats;
	}
	info->abstract_cost = h->ag[got];
	/* The abstract path, start first. */
	n = 0;
	for (id = got;; id = h->apar[id]) {
		n++;
		if (id == h->apar[id])
			break;
	}
	if (hpa_grow((void **)&h->abs, &h->abscap, n, sizeof(*h->abs)))
		return res->status = PATH_NOMEM;
	h->nabs = n;
	i = n;
	for (id = got;; id = h->apar[id]) {
		uint32_t cell = hpa_id_cell(h, id, scell, gcell);

		i--;
		h->abs[i].x = hpa_cell_x(h, cell);
		h->abs[i].y = hpa_cell_y(h, cell);
		if (id == h->apar[id])
			break;
	}
	info->abstract_nodes = (uint32_t)n;
	rc = hpa_refine(h, c, windows, &total, &partial, info);
	if (rc)
		return res->status = rc;
	if (total > PATH_COST_MAX)
		return res->status = PATH_COST_RANGE;
done:
	res->status = PATH_FOUND;
	res->cost = (uint32_t)total;
	res->length = h->npts;
	res->partial = partial;
	for (i = 0; i < h->npts && i < cap; i++)
		buf[i] = h->pts[i];
	res->best_x = h->pts[h->npts - 1].x;
	res->best_y = h->pts[h->npts - 1].y;
stats:
	res->stats.expanded = info->abstract_expanded + info->link_expanded +
	                      info->refine_expanded;
	res->stats.pushes = res->stats.expanded;
	res->stats.max_open = 0;
	return res->status;
}
