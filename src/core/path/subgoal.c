/* SPDX-License-Identifier: MIT */
/* subgoal.c - the subgoal graph for big maps (see subgoal.h): which
 * cells are subgoals, the scan that finds the subgoals a cell reaches
 * directly, the graph search and the straight-line refinement. */
#include "subgoal.h"

#include <stdlib.h>
#include <string.h>

#define SG_NONE   (-1)
#define SG_TARGET UINT32_MAX
#define SG_INF    UINT64_MAX
/* A clearance this large means "this many or more": the scan goes on
 * from there. */
#define SG_CLEAR_MAX 255

struct sg_node {
	int32_t cell; /* padded grid index, SG_NONE when the id is free */
	uint32_t n, cap;
	int16_t x, y;  /* the cell's, kept to spare the search a division */
	uint32_t *adj; /* n pairs: neighbour id, cost of the step to it */
};

/* An open-list entry: key is f << 32 | ~g (each at most 2^32 - 1), so
 * the lowest f comes first, then the larger g. */
struct sg_hent {
	uint64_t key;
	uint32_t id;
};

/* What the search knows of a node, in one place for the cache: a
 * relaxation reads only this.  x and y are the node's place, kept here
 * for the heuristic (the start's and goal's set by each query). */
struct sg_state {
	uint64_t g;
	uint32_t parent;
	uint32_t seen, closed, glink; /* stamps */
	int16_t x, y;
	uint32_t pos; /* its place in the open list while open */
};

struct sg_list {
	uint32_t *v;
	size_t n, cap;
};

struct subgoal {
	int width, height, stride;
	size_t ncells; /* padded */
	int built;
	enum path_diagonal diag;
	uint32_t straight, diagonal;

	uint8_t *mult; /* the grid's multipliers as the graph knows them */
	int32_t *id;   /* per padded cell, its subgoal or SG_NONE */
	/* Per padded cell and axis direction (SG_AXES), how many cells a
	 * straight scan crosses before a wall, costly terrain or a subgoal
	 * stops it, at most SG_CLEAR_MAX: the scans that link a query's
	 * start and goal jump whole runs of open floor at once. */
	uint8_t *clr;
	ptrdiff_t axis[4]; /* the padded offsets of the four directions */

	struct sg_node *nodes;
	uint32_t nnodes, cap_nodes, alive;
	struct sg_list free_ids;
	size_t nedges;

	struct sg_list dirty;    /* padded cells changed since the repair */
	struct sg_list affected; /* subgoals whose edges are redone */
	struct sg_list found;    /* what a scan reached */
	struct sg_list start;    /* what the start reached */

	/* Search state, per node plus the start and goal. */
	uint32_t cap_search;
	struct sg_state *st;
	uint64_t *glink_cost;
	uint32_t stamp;
	struct sg_hent *heap;
	size_t nheap, cap_heap;

	struct path_point *last;
	size_t nlast, cap_last;
	size_t qs, qg;    /* the query's start and goal cells */
	int qx[2], qy[2]; /* and their places */
};

static int list_push(struct sg_list *l, uint32_t v)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		uint32_t *nv = realloc(l->v, cap * sizeof(*nv));

		if (!nv)
			return PATH_NOMEM;
		l->v = nv;
		l->cap = cap;
	}
	l->v[l->n++] = v;
	return 0;
}

struct subgoal *subgoal_new(int width, int height)
{
	struct subgoal *s;
	size_t i;

	if (!grid_size_ok(width, height))
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->width = width;
	s->height = height;
	s->stride = width + 2;
	s->ncells = (size_t)s->stride * (size_t)(height + 2);
	s->axis[0] = 1;
	s->axis[1] = -1;
	s->axis[2] = s->stride;
	s->axis[3] = -(ptrdiff_t)s->stride;
	s->mult = calloc(s->ncells, 1);
	s->id = malloc(s->ncells * sizeof(*s->id));
	s->clr = calloc(s->ncells, 4);
	if (!s->mult || !s->id || !s->clr) {
		subgoal_free(s);
		return NULL;
	}
	for (i = 0; i < s->ncells; i++)
		s->id[i] = SG_NONE;
	return s;
}

static void drop_nodes(struct subgoal *s)
{
	uint32_t i;

	for (i = 0; i < s->nnodes; i++)
		free(s->nodes[i].adj);
	s->nnodes = 0;
	s->alive = 0;
	s->nedges = 0;
	s->free_ids.n = 0;
}

void subgoal_free(struct subgoal *s)
{
	if (!s)
		return;
	drop_nodes(s);
	free(s->nodes);
	free(s->mult);
	free(s->id);
	free(s->clr);
	free(s->free_ids.v);
	free(s->dirty.v);
	free(s->affected.v);
	free(s->found.v);
	free(s->start.v);
	free(s->st);
	free(s->glink_cost);
	free(s->heap);
	free(s->last);
	free(s);
}

size_t subgoal_bytes(const struct subgoal *s)
{
	size_t b, i;

	if (!s)
		return 0;
	b = sizeof(*s) + s->ncells * (1 + 4 + sizeof(*s->id)) +
	    s->cap_nodes * sizeof(*s->nodes) +
	    (s->free_ids.cap + s->dirty.cap + s->affected.cap + s->found.cap +
	     s->start.cap) *
	            sizeof(uint32_t) +
	    s->cap_search * (sizeof(*s->st) + sizeof(uint64_t)) +
	    s->cap_heap * sizeof(*s->heap) + s->cap_last * sizeof(*s->last);
	for (i = 0; i < s->nnodes; i++)
		b += (size_t)s->nodes[i].cap * 2 * sizeof(uint32_t);
	return b;
}

void subgoal_counts(const struct subgoal *s, size_t *nodes, size_t *edges)
{
	if (nodes)
		*nodes = s ? s->alive : 0;
	if (edges)
		*edges = s ? s->nedges : 0;
}

static inline int is_free(const struct subgoal *s, size_t idx)
{
	return s->mult[idx] == 1;
}

/* Whether the cell is a subgoal under the graph's rule (see subgoal.h).
 * It looks at the cell and its 8 neighbours only, so a change of one
 * cell changes the subgoals within one cell of it. */
static int cell_is_subgoal(const struct subgoal *s, size_t idx)
{
	const ptrdiff_t st = s->stride;
	const ptrdiff_t around[8] = {-st - 1, -st, -st + 1, -1,
	                             1,       st,  st - 1,  st + 1};
	int k, dx, dy;

	if (s->mult[idx] == GRID_BLOCKED)
		return 0;
	if (s->mult[idx] > 1)
		return 1;
	for (k = 0; k < 8; k++)
		if (s->mult[(ptrdiff_t)idx + around[k]] > 1)
			return 1;
	if (s->diag != PATH_DIAG_NO_CORNER) {
		for (k = 0; k < 8; k++)
			if (!is_free(s, (size_t)((ptrdiff_t)idx + around[k])))
				return 1;
		return 0;
	}
	for (dy = -1; dy <= 1; dy += 2)
		for (dx = -1; dx <= 1; dx += 2)
			if (is_free(s, (size_t)((ptrdiff_t)idx + dx)) &&
			    is_free(s, (size_t)((ptrdiff_t)idx + dy * st)) &&
			    !is_free(s,
			             (size_t)((ptrdiff_t)idx + dx + dy * st)))
				return 1;
	return 0;
}

/* The cost of the straight-line path over free cells. */
static inline uint64_t free_dist(const struct subgoal *s, int ax, int ay,
                                 int bx, int by)
{
	uint64_t dx = (uint64_t)(ax > bx ? ax - bx : bx - ax);
	uint64_t dy = (uint64_t)(ay > by ? ay - by : by - ay);
	uint64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;

	if (s->diag == PATH_DIAG_NEVER)
		return s->straight * (dx + dy);
	return s->diagonal * lo + s->straight * (hi - lo);
}

static inline int cell_x(const struct subgoal *s, size_t idx)
{
	return (int)(idx % (size_t)s->stride) - 1;
}

static inline int cell_y(const struct subgoal *s, size_t idx)
{
	return (int)(idx / (size_t)s->stride) - 1;
}

/* Whether the diagonal step from idx by (dx, dy) stays on free cells
 * under the graph's rule. */
static inline int free_diag(const struct subgoal *s, size_t idx, int dx, int dy)
{
	ptrdiff_t i = (ptrdiff_t)idx;

	if (!is_free(s, (size_t)(i + dx + dy * s->stride)))
		return 0;
	return s->diag == PATH_DIAG_ALWAYS ||
	       (is_free(s, (size_t)(i + dx)) &&
	        is_free(s, (size_t)(i + dy * s->stride)));
}

/* The scan found cell q, a subgoal or the target. */
static int scan_report(struct subgoal *s, size_t q)
{
	if (s->id[q] != SG_NONE)
		return list_push(&s->found, (uint32_t)s->id[q]);
	return list_push(&s->found, SG_TARGET);
}

static inline int scan_stop(const struct subgoal *s, size_t q, size_t target)
{
	return s->id[q] != SG_NONE || q == target;
}

/* Whether a scan passes over the cell: free and not a subgoal. */
static inline int scan_passes(const struct subgoal *s, size_t idx)
{
	return is_free(s, idx) && s->id[idx] == SG_NONE;
}

/* Works out the clearances of the cells from..to (padded indexes, to
 * reached from from by steps of -axis[d]) in direction d, from the
 * cells beyond them. */
static void clear_run(struct subgoal *s, size_t from, size_t to, int d)
{
	const ptrdiff_t off = s->axis[d];
	size_t i = from;

	for (;;) {
		size_t next = (size_t)((ptrdiff_t)i + off);
		unsigned c = 0;

		if (scan_passes(s, next)) {
			c = s->clr[next * 4 + (size_t)d] + 1u;
			if (c > SG_CLEAR_MAX)
				c = SG_CLEAR_MAX;
		}
		s->clr[i * 4 + (size_t)d] = (uint8_t)c;
		if (i == to)
			break;
		i = (size_t)((ptrdiff_t)i - off);
	}
}

static inline size_t cell_at(const struct subgoal *s, int x, int y)
{
	return (size_t)(y + 1) * (size_t)s->stride + (size_t)(x + 1);
}

/* The clearances of the map's cells in columns x0..x1 and rows
 * y0..y1 (clamped to the map), in all four directions, given that
 * only cells within that box and at most SG_CLEAR_MAX beyond it on its
 * rows and columns changed: clearances further away are capped before
 * they see the change. */
static void clear_box(struct subgoal *s, int x0, int y0, int x1, int y1)
{
	const int reach = SG_CLEAR_MAX + 1;
	int x, y, lo, hi;

	if (x0 < 0)
		x0 = 0;
	if (y0 < 0)
		y0 = 0;
	if (x1 >= s->width)
		x1 = s->width - 1;
	if (y1 >= s->height)
		y1 = s->height - 1;
	lo = x0 - reach < 0 ? 0 : x0 - reach;
	hi = x1 + reach >= s->width ? s->width - 1 : x1 + reach;
	for (y = y0; y <= y1; y++) {
		clear_run(s, cell_at(s, x1, y), cell_at(s, lo, y), 0);
		clear_run(s, cell_at(s, x0, y), cell_at(s, hi, y), 1);
	}
	lo = y0 - reach < 0 ? 0 : y0 - reach;
	hi = y1 + reach >= s->height ? s->height - 1 : y1 + reach;
	for (x = x0; x <= x1; x++) {
		clear_run(s, cell_at(s, x, y1), cell_at(s, x, lo), 2);
		clear_run(s, cell_at(s, x, y0), cell_at(s, x, hi), 3);
	}
}

/* Walks from p in direction d at most *lim cells, reporting the first
 * subgoal (or target) and leaving in *lim how many free cells came
 * before what stopped it.  The clearances say where that is without
 * looking at the cells between. */
static int scan_row(struct subgoal *s, size_t p, int d, int *lim, size_t target)
{
	const ptrdiff_t off = s->axis[d];
	int done = 0;

	for (;;) {
		int c = s->clr[p * 4 + (size_t)d], room = *lim - done;
		size_t q;

		if (c > room)
			c = room;
		if (target != SIZE_MAX) {
			ptrdiff_t diff = (ptrdiff_t)target - (ptrdiff_t)p;

			if (diff % off == 0 && diff / off >= 1 &&
			    diff / off <= c) {
				*lim = done + (int)(diff / off) - 1;
				return scan_report(s, target);
			}
		}
		if (c == room)
			return 0;
		if (c == SG_CLEAR_MAX) {
			done += c;
			p = (size_t)((ptrdiff_t)p + off * c);
			continue;
		}
		*lim = done + c;
		q = (size_t)((ptrdiff_t)p + off * (c + 1));
		return is_free(s, q) ? scan_report(s, q) : 0;
	}
}

/* Every subgoal (and target, a padded index or SIZE_MAX) that the free
 * cell idx reaches by a straight-line path over free cells with no
 * other subgoal on it, into s->found (cleared first).  Each quadrant is
 * swept in rows; a row is never longer than the one before it, so what
 * a row reaches has a clear parallelogram (a rectangle without
 * diagonals) between it and idx. */
static int scan(struct subgoal *s, size_t idx, size_t target)
{
	const ptrdiff_t st = s->stride;
	int clear[4];
	int k, dx, dy, rc;

	s->found.n = 0;
	for (k = 0; k < 4; k++) {
		int n = INT32_MAX;

		clear[k] = 0;
		if ((rc = scan_row(s, idx, k, &n, target)) != 0)
			return rc;
		clear[k] = n;
	}
	for (dy = -1; dy <= 1; dy += 2) {
		for (dx = -1; dx <= 1; dx += 2) {
			int lim1 = clear[dx > 0 ? 0 : 1];
			int lim2 = clear[dy > 0 ? 2 : 3];
			size_t p = idx;
			int j;

			if (s->diag == PATH_DIAG_NEVER) {
				for (j = 1; j <= lim2 && lim1 > 0; j++) {
					p = (size_t)((ptrdiff_t)idx +
					             dy * st * j);
					rc = scan_row(s, p, dx > 0 ? 0 : 1,
					              &lim1, target);
					if (rc)
						return rc;
				}
				continue;
			}
			for (;;) {
				if (!free_diag(s, p, dx, dy))
					break;
				p = (size_t)((ptrdiff_t)p + dx + dy * st);
				if (scan_stop(s, p, target)) {
					if ((rc = scan_report(s, p)) != 0)
						return rc;
					break;
				}
				if ((rc = scan_row(s, p, dx > 0 ? 0 : 1, &lim1,
				                   target)) != 0 ||
				    (rc = scan_row(s, p, dy > 0 ? 2 : 3, &lim2,
				                   target)) != 0)
					return rc;
			}
		}
	}
	return 0;
}

static int node_add_edge(struct subgoal *s, uint32_t u, uint32_t v,
                         uint32_t cost)
{
	struct sg_node *n = &s->nodes[u];

	if (n->n == n->cap) {
		uint32_t cap = n->cap ? n->cap * 2 : 8;
		uint32_t *na = realloc(n->adj, (size_t)cap * 2 * sizeof(*na));

		if (!na)
			return PATH_NOMEM;
		n->adj = na;
		n->cap = cap;
	}
	n->adj[2 * n->n] = v;
	n->adj[2 * n->n + 1] = cost;
	n->n++;
	s->nedges++;
	return 0;
}

/* The real cost of the step from idx by (dx, dy), 0 when illegal. */
static uint32_t step_cost(const struct subgoal *s, size_t idx, int dx, int dy)
{
	ptrdiff_t i = (ptrdiff_t)idx;
	uint8_t m = s->mult[i + dx + dy * s->stride];

	if (m == GRID_BLOCKED)
		return 0;
	if (dx == 0 || dy == 0)
		return s->straight * m;
	if (s->diag == PATH_DIAG_NEVER)
		return 0;
	if (s->diag == PATH_DIAG_NO_CORNER &&
	    (s->mult[i + dx] == GRID_BLOCKED ||
	     s->mult[i + dy * s->stride] == GRID_BLOCKED))
		return 0;
	return s->diagonal * m;
}

/* Works out the edges of node u again from the cells as they are. */
static int node_edges(struct subgoal *s, uint32_t u)
{
	struct sg_node *n = &s->nodes[u];
	const size_t idx = (size_t)n->cell;
	const int ux = cell_x(s, idx), uy = cell_y(s, idx);
	size_t k;
	int dx, dy, rc;

	s->nedges -= n->n;
	n->n = 0;
	if (is_free(s, idx)) {
		if ((rc = scan(s, idx, SIZE_MAX)) != 0)
			return rc;
		for (k = 0; k < s->found.n; k++) {
			uint32_t v = s->found.v[k];
			size_t vi = (size_t)s->nodes[v].cell;

			rc = node_add_edge(s, u, v,
			                   (uint32_t)free_dist(s, ux, uy,
			                                       cell_x(s, vi),
			                                       cell_y(s, vi)));
			if (rc)
				return rc;
		}
	}
	/* The single steps the free cells alone do not allow. */
	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			size_t q =
			        (size_t)((ptrdiff_t)idx + dx + dy * s->stride);
			uint32_t c = step_cost(s, idx, dx, dy);

			if (c == 0 || s->id[q] == SG_NONE)
				continue;
			if (is_free(s, idx) && is_free(s, q) &&
			    (dx == 0 || dy == 0 || free_diag(s, idx, dx, dy)))
				continue;
			if ((rc = node_add_edge(s, u, (uint32_t)s->id[q], c)) !=
			    0)
				return rc;
		}
	}
	return 0;
}

static int node_new(struct subgoal *s, size_t idx, uint32_t *out)
{
	uint32_t u;

	if (s->free_ids.n) {
		u = s->free_ids.v[--s->free_ids.n];
	} else {
		if (s->nnodes == s->cap_nodes) {
			uint32_t cap = s->cap_nodes ? s->cap_nodes * 2 : 256;
			struct sg_node *nn =
			        realloc(s->nodes, (size_t)cap * sizeof(*nn));

			if (!nn)
				return PATH_NOMEM;
			s->nodes = nn;
			s->cap_nodes = cap;
		}
		u = s->nnodes++;
		memset(&s->nodes[u], 0, sizeof(s->nodes[u]));
	}
	s->nodes[u].cell = (int32_t)idx;
	s->nodes[u].x = (int16_t)cell_x(s, idx);
	s->nodes[u].y = (int16_t)cell_y(s, idx);
	s->nodes[u].n = 0;
	if (u < s->cap_search) {
		s->st[u].x = s->nodes[u].x;
		s->st[u].y = s->nodes[u].y;
	}
	s->id[idx] = (int32_t)u;
	s->alive++;
	*out = u;
	return 0;
}

static int node_kill(struct subgoal *s, uint32_t u)
{
	struct sg_node *n = &s->nodes[u];

	s->id[n->cell] = SG_NONE;
	n->cell = SG_NONE;
	s->nedges -= n->n;
	n->n = 0;
	s->alive--;
	return list_push(&s->free_ids, u);
}

static int moves_check(const struct subgoal *s, const struct grid *g,
                       const struct path_params *p)
{
	if (!s || !g || !p || path_params_check_moves(p) ||
	    g->width != s->width || g->height != s->height)
		return PATH_BAD_ARG;
	return 0;
}

int subgoal_build(struct subgoal *s, const struct grid *g,
                  const struct path_params *p)
{
	size_t idx;
	uint32_t u;
	int rc;

	if ((rc = moves_check(s, g, p)) != 0)
		return rc;
	drop_nodes(s);
	s->built = 0;
	s->diag = p->diagonal;
	s->straight = p->straight_cost;
	s->diagonal = p->diagonal_cost;
	memcpy(s->mult, g->cost, s->ncells);
	for (idx = 0; idx < s->ncells; idx++)
		s->id[idx] = SG_NONE;
	for (idx = 0; idx < s->ncells; idx++)
		if (cell_is_subgoal(s, idx) && (rc = node_new(s, idx, &u)) != 0)
			return rc;
	clear_box(s, 0, 0, s->width - 1, s->height - 1);
	for (u = 0; u < s->nnodes; u++)
		if ((rc = node_edges(s, u)) != 0)
			return rc;
	s->dirty.n = 0;
	s->built = 1;
	return 0;
}

void subgoal_cells_changed(struct subgoal *s, int x, int y)
{
	if (!s || x < 0 || y < 0 || x >= s->width || y >= s->height)
		return;
	/* On failure the change is lost; the next build starts afresh. */
	if (list_push(&s->dirty,
	              (uint32_t)((size_t)(y + 1) * (size_t)s->stride +
	                         (size_t)(x + 1))) != 0)
		s->built = 0;
}

static int affect(struct subgoal *s, uint32_t u)
{
	if (s->st[u].seen == s->stamp)
		return 0;
	s->st[u].seen = s->stamp;
	return list_push(&s->affected, u);
}

static int search_reserve(struct subgoal *s, uint32_t n)
{
	uint32_t cap, u;

	if (n <= s->cap_search)
		return 0;
	cap = n + n / 2 + 16;
#define SG_GROW(a)                                                             \
	do {                                                                   \
		void *na_ = realloc((a), (size_t)cap * sizeof(*(a)));          \
		if (!na_)                                                      \
			return PATH_NOMEM;                                     \
		(a) = na_;                                                     \
	} while (0)
	SG_GROW(s->st);
	SG_GROW(s->glink_cost);
#undef SG_GROW
	memset(s->st + s->cap_search, 0,
	       (cap - s->cap_search) * sizeof(*s->st));
	for (u = s->cap_search; u < s->nnodes && u < cap; u++) {
		s->st[u].x = s->nodes[u].x;
		s->st[u].y = s->nodes[u].y;
	}
	s->cap_search = cap;
	return 0;
}

static void next_stamp(struct subgoal *s)
{
	uint32_t u;

	if (++s->stamp == 0) {
		for (u = 0; u < s->cap_search; u++)
			s->st[u].seen = s->st[u].closed = s->st[u].glink = 0;
		s->stamp = 1;
	}
}

/* Marks every subgoal in the 3 x 3 cells around idx, and every subgoal
 * that one of those cells reaches directly: by symmetry of direct
 * reachability, all the subgoals whose edges might pass there. */
static int affect_around(struct subgoal *s, size_t idx)
{
	int dx, dy, rc;
	size_t k;

	for (dy = -1; dy <= 1; dy++) {
		for (dx = -1; dx <= 1; dx++) {
			size_t w =
			        (size_t)((ptrdiff_t)idx + dx + dy * s->stride);

			if (s->id[w] != SG_NONE &&
			    (rc = affect(s, (uint32_t)s->id[w])) != 0)
				return rc;
			if (!is_free(s, w))
				continue;
			if ((rc = scan(s, w, SIZE_MAX)) != 0)
				return rc;
			for (k = 0; k < s->found.n; k++)
				if ((rc = affect(s, s->found.v[k])) != 0)
					return rc;
		}
	}
	return 0;
}

static int border_cell(const struct subgoal *s, size_t idx)
{
	int x = cell_x(s, idx), y = cell_y(s, idx);

	return x < 0 || y < 0 || x >= s->width || y >= s->height;
}

int subgoal_update(struct subgoal *s, const struct grid *g)
{
	size_t i, k;
	int rc, dx, dy, count = 0;

	if (!s || !g || g->width != s->width || g->height != s->height)
		return PATH_BAD_ARG;
	if (!s->built || s->dirty.n == 0)
		return 0;
	if ((rc = search_reserve(s, s->nnodes + 2 +
	                                    9 * (uint32_t)s->dirty.n)) != 0)
		return rc;
	next_stamp(s);
	s->affected.n = 0;
	/* The subgoals whose edges may pass the changed cells as they were,
	 * then as they are. */
	for (i = 0; i < s->dirty.n; i++)
		if ((rc = affect_around(s, s->dirty.v[i])) != 0)
			return rc;
	for (i = 0; i < s->dirty.n; i++)
		s->mult[s->dirty.v[i]] = g->cost[s->dirty.v[i]];
	for (i = 0; i < s->dirty.n; i++) {
		for (dy = -1; dy <= 1; dy++) {
			for (dx = -1; dx <= 1; dx++) {
				size_t w = (size_t)((ptrdiff_t)s->dirty.v[i] +
				                    dx + dy * s->stride);
				int want, have = s->id[w] != SG_NONE;
				uint32_t u;

				if (border_cell(s, w))
					continue;
				want = cell_is_subgoal(s, w);
				if (have && !want)
					rc = node_kill(s, (uint32_t)s->id[w]);
				else if (!have && want)
					rc = node_new(s, w, &u);
				if (rc)
					return rc;
			}
		}
	}
	if ((rc = search_reserve(s, s->nnodes + 2)) != 0)
		return rc;
	for (i = 0; i < s->dirty.n; i++) {
		int x = cell_x(s, s->dirty.v[i]), y = cell_y(s, s->dirty.v[i]);

		clear_box(s, x - 1, y - 1, x + 1, y + 1);
	}
	for (i = 0; i < s->dirty.n; i++)
		if ((rc = affect_around(s, s->dirty.v[i])) != 0)
			return rc;
	for (k = 0; k < s->affected.n; k++) {
		uint32_t u = s->affected.v[k];

		if (s->nodes[u].cell == SG_NONE)
			continue;
		if ((rc = node_edges(s, u)) != 0)
			return rc;
		count++;
	}
	s->dirty.n = 0;
	return count;
}

int subgoal_is_node(const struct subgoal *s, int x, int y)
{
	if (!s || !s->built || x < 0 || y < 0 || x >= s->width ||
	    y >= s->height)
		return 0;
	return s->id[(size_t)(y + 1) * (size_t)s->stride + (size_t)(x + 1)] !=
	       SG_NONE;
}

size_t subgoal_last_abstract(const struct subgoal *s, struct path_point *buf,
                             size_t cap)
{
	size_t i;

	if (!s)
		return 0;
	for (i = 0; i < s->nlast && i < cap; i++)
		buf[i] = s->last[i];
	return s->nlast;
}

static inline uint64_t heap_key(uint64_t f, uint64_t g)
{
	if (f > UINT32_MAX)
		f = UINT32_MAX;
	if (g > UINT32_MAX)
		g = UINT32_MAX;
	return f << 32 | (UINT32_MAX - g);
}

/* The open list holds each open node once, its place kept in the
 * node's search state, so that a cheaper way to a node moves its entry
 * up instead of adding one: no stale entries to pop. */
static inline void heap_set(struct subgoal *s, size_t i, struct sg_hent e)
{
	s->heap[i] = e;
	s->st[e.id].pos = (uint32_t)i;
}

static void heap_up(struct subgoal *s, size_t i, struct sg_hent e)
{
	while (i > 0) {
		size_t up = (i - 1) / 2;

		if (s->heap[up].key <= e.key)
			break;
		heap_set(s, i, s->heap[up]);
		i = up;
	}
	heap_set(s, i, e);
}

/* Enters id with f and g, or lowers its entry when it is open. */
static int heap_push(struct subgoal *s, uint64_t f, uint64_t g, uint32_t id,
                     int open)
{
	struct sg_hent e = {heap_key(f, g), id};

	if (open) {
		heap_up(s, s->st[id].pos, e);
		return 0;
	}
	if (s->nheap == s->cap_heap) {
		size_t cap = s->cap_heap ? s->cap_heap * 2 : 256;
		struct sg_hent *nh = realloc(s->heap, cap * sizeof(*nh));

		if (!nh)
			return PATH_NOMEM;
		s->heap = nh;
		s->cap_heap = cap;
	}
	heap_up(s, s->nheap++, e);
	return 0;
}

static struct sg_hent heap_pop(struct subgoal *s)
{
	struct sg_hent top = s->heap[0], last = s->heap[--s->nheap];
	size_t i = 0, n = s->nheap;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && s->heap[c + 1].key < s->heap[c].key)
			c++;
		if (last.key <= s->heap[c].key)
			break;
		heap_set(s, i, s->heap[c]);
		i = c;
	}
	if (n)
		heap_set(s, i, last);
	return top;
}

static int last_push(struct subgoal *s, int x, int y)
{
	if (s->nlast == s->cap_last) {
		size_t cap = s->cap_last ? s->cap_last * 2 : 64;
		struct path_point *nl = realloc(s->last, cap * sizeof(*nl));

		if (!nl)
			return PATH_NOMEM;
		s->last = nl;
		s->cap_last = cap;
	}
	s->last[s->nlast].x = x;
	s->last[s->nlast].y = y;
	s->nlast++;
	return 0;
}

/* Appends the cells after a up to b to buf (from *n on): the minor
 * steps (diagonals, or vertical steps without diagonals) first when a's
 * scan found b, last when b's scan found a (the goal's links), which is
 * the path the scan walked and found free. */
static void line_emit(const struct subgoal *s, struct path_point a,
                      struct path_point b, int minor_first,
                      struct path_point *buf, size_t cap, size_t *n)
{
	int dx = b.x > a.x ? 1 : (b.x < a.x ? -1 : 0);
	int dy = b.y > a.y ? 1 : (b.y < a.y ? -1 : 0);
	int ax = abs(b.x - a.x), ay = abs(b.y - a.y);
	int i, x = a.x, y = a.y, nminor, nmajor, mdx, mdy, jdx, jdy;

	if (s->diag == PATH_DIAG_NEVER) {
		nminor = ay, mdx = 0, mdy = dy;
		nmajor = ax, jdx = dx, jdy = 0;
	} else {
		nminor = ax < ay ? ax : ay, mdx = dx, mdy = dy;
		nmajor = (ax < ay ? ay : ax) - nminor;
		jdx = ax < ay ? 0 : dx, jdy = ax < ay ? dy : 0;
	}
	for (i = 0; i < nminor + nmajor; i++) {
		int first = minor_first ? i < nminor : i >= nmajor;

		x += first ? mdx : jdx;
		y += first ? mdy : jdy;
		if (*n < cap) {
			buf[*n].x = x;
			buf[*n].y = y;
		}
		(*n)++;
	}
}

static int query_check(const struct subgoal *s, const struct grid *g,
                       const struct path_params *p, int sx, int sy, int gx,
                       int gy, const void *buf, size_t cap)
{
	if (moves_check(s, g, p) || (cap && !buf) ||
	    !grid_passable(g, sx, sy) || !grid_passable(g, gx, gy))
		return PATH_BAD_ARG;
	if (s->built &&
	    (p->diagonal != s->diag || p->straight_cost != s->straight ||
	     p->diagonal_cost != s->diagonal))
		return PATH_BAD_ARG;
	return 0;
}

static void res_clear(struct path_result *res, int status)
{
	memset(res, 0, sizeof(*res));
	res->status = (enum path_status)status;
}

/* The padded cell of node u, the start's and goal's ids included. */
static size_t node_cell(const struct subgoal *s, uint32_t u)
{
	if (u == s->nnodes)
		return s->qs;
	if (u == s->nnodes + 1)
		return s->qg;
	return (size_t)s->nodes[u].cell;
}

/* Relaxes the step from u (at g gu) to v costing c. */
static inline int relax(struct subgoal *s, uint32_t u, uint64_t gu, uint32_t v,
                        uint64_t c, uint32_t *pushes)
{
	struct sg_state *sv = &s->st[v];
	uint64_t gv = gu + c;
	const int open = sv->seen == s->stamp;

	if (open && (sv->closed == s->stamp || sv->g <= gv))
		return 0;
	sv->seen = s->stamp;
	sv->g = gv;
	sv->parent = u;
	(*pushes)++;
	return heap_push(s, gv + free_dist(s, sv->x, sv->y, s->qx[1], s->qy[1]),
	                 gv, v, open);
}

/* Links a start and a goal that are not subgoals to the subgoals they
 * reach directly (the start to the goal too, when it can). */
static int link_ends(struct subgoal *s, uint32_t sid, uint32_t gid,
                     struct subgoal_info *info)
{
	size_t k;
	int rc;

	s->start.n = 0;
	if (gid == s->nnodes + 1) {
		if ((rc = scan(s, s->qg, SIZE_MAX)) != 0)
			return rc;
		for (k = 0; k < s->found.n; k++) {
			uint32_t v = s->found.v[k];
			size_t vi = node_cell(s, v);

			s->st[v].glink = s->stamp;
			s->glink_cost[v] =
			        free_dist(s, cell_x(s, vi), cell_y(s, vi),
			                  cell_x(s, s->qg), cell_y(s, s->qg));
		}
		info->link_found += (uint32_t)s->found.n;
	}
	if (sid == s->nnodes) {
		if ((rc = scan(s, s->qs, s->qg)) != 0)
			return rc;
		for (k = 0; k < s->found.n; k++) {
			uint32_t v = s->found.v[k];

			rc = list_push(&s->start, v == SG_TARGET ? gid : v);
			if (rc)
				return rc;
		}
		info->link_found += (uint32_t)s->found.n;
	}
	return 0;
}

/* A* over the graph from sid to gid; 1 when the goal is reached. */
static int search(struct subgoal *s, uint32_t sid, uint32_t gid,
                  struct path_result *res)
{
	uint32_t u, pushes = 0, expanded = 0;
	size_t k;
	int rc;

	s->nheap = 0;
	s->st[sid].seen = s->stamp;
	s->st[sid].g = 0;
	s->st[sid].parent = sid;
	rc = heap_push(s,
	               free_dist(s, cell_x(s, s->qs), cell_y(s, s->qs),
	                         cell_x(s, s->qg), cell_y(s, s->qg)),
	               0, sid, 0);
	while (rc == 0 && s->nheap) {
		struct sg_hent e = heap_pop(s);
		const uint32_t *adj;
		size_t n;

		u = e.id;
		/* A node's later entries carry a larger f: closed by then. */
		if (s->st[u].closed == s->stamp)
			continue;
		s->st[u].closed = s->stamp;
		expanded++;
		if (u == gid)
			break;
		if (u == s->nnodes) {
			adj = s->start.v;
			n = s->start.n;
		} else {
			adj = s->nodes[u].adj;
			n = s->nodes[u].n;
		}
		if (u == s->nnodes) {
			for (k = 0; k < n && rc == 0; k++)
				rc = relax(s, u, 0, adj[k],
				           free_dist(s, s->qx[0], s->qy[0],
				                     s->st[adj[k]].x,
				                     s->st[adj[k]].y),
				           &pushes);
		} else {
			const uint64_t gu = s->st[u].g;

			for (k = 0; k < n && rc == 0; k++)
				rc = relax(s, u, gu, adj[2 * k], adj[2 * k + 1],
				           &pushes);
		}
		if (rc == 0 && gid == s->nnodes + 1 &&
		    s->st[u].glink == s->stamp)
			rc = relax(s, u, s->st[u].g, gid, s->glink_cost[u],
			           &pushes);
	}
	res->stats.expanded = expanded;
	res->stats.pushes = pushes;
	if (rc)
		return rc;
	return s->st[gid].closed == s->stamp;
}

/* Keeps the graph path from sid to gid in s->last, start first. */
static int keep_abstract(struct subgoal *s, uint32_t sid, uint32_t gid)
{
	uint32_t u;
	size_t k;
	int rc;

	for (u = gid;; u = s->st[u].parent) {
		size_t ui = node_cell(s, u);

		if ((rc = last_push(s, cell_x(s, ui), cell_y(s, ui))) != 0)
			return rc;
		if (u == sid)
			break;
	}
	for (k = 0; k < s->nlast / 2; k++) {
		struct path_point t = s->last[k];

		s->last[k] = s->last[s->nlast - 1 - k];
		s->last[s->nlast - 1 - k] = t;
	}
	return 0;
}

/* Turns the first windows edges of s->last (all with 0) into cells;
 * goal_link when the last edge is a goal's link. */
static void refine(struct subgoal *s, unsigned windows, int goal_link,
                   struct path_point *buf, size_t cap, struct path_result *res,
                   struct subgoal_info *info)
{
	uint64_t total = 0;
	size_t k, n = 1;

	if (cap)
		buf[0] = s->last[0];
	for (k = 1; k < s->nlast; k++) {
		struct path_point a = s->last[k - 1], b = s->last[k];
		size_t ai = (size_t)(a.y + 1) * (size_t)s->stride +
		            (size_t)(a.x + 1);

		if (windows && k > windows) {
			res->partial = 1;
			break;
		}
		info->windows++;
		if (abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1 &&
		    (s->diag != PATH_DIAG_NEVER || a.x == b.x || a.y == b.y)) {
			total += step_cost(s, ai, b.x - a.x, b.y - a.y);
			if (n < cap)
				buf[n] = b;
			n++;
		} else {
			total += free_dist(s, a.x, a.y, b.x, b.y);
			line_emit(s, a, b, !goal_link || k + 1 < s->nlast, buf,
			          cap, &n);
		}
	}
	res->cost = (uint32_t)total;
	res->length = n;
	res->best_x = n <= cap ? buf[n - 1].x : s->last[s->nlast - 1].x;
	res->best_y = n <= cap ? buf[n - 1].y : s->last[s->nlast - 1].y;
}

int subgoal_find(struct subgoal *s, const struct grid *g,
                 const struct path_params *p, int sx, int sy, int gx, int gy,
                 unsigned windows, struct path_point *buf, size_t cap,
                 struct path_result *res, struct subgoal_info *info)
{
	struct subgoal_info local;
	uint32_t sid, gid;
	int rc;

	if (!info)
		info = &local;
	memset(info, 0, sizeof(*info));
	if (!res)
		return PATH_BAD_ARG;
	rc = query_check(s, g, p, sx, sy, gx, gy, buf, cap);
	if (rc == 0 && !s->built)
		rc = subgoal_build(s, g, p);
	if (rc == 0 && (rc = subgoal_update(s, g)) >= 0) {
		info->rebuilt = (uint32_t)rc;
		rc = search_reserve(s, s->nnodes + 2);
	}
	if (rc) {
		res_clear(res, rc);
		return rc;
	}
	res_clear(res, PATH_FOUND);
	s->nlast = 0;
	s->qs = (size_t)(sy + 1) * (size_t)s->stride + (size_t)(sx + 1);
	s->qg = (size_t)(gy + 1) * (size_t)s->stride + (size_t)(gx + 1);
	s->qx[0] = sx, s->qy[0] = sy, s->qx[1] = gx, s->qy[1] = gy;
	/* The start and goal take the ids past the graph's when they are
	 * not subgoals; such cells are free. */
	sid = s->id[s->qs] != SG_NONE ? (uint32_t)s->id[s->qs] : s->nnodes;
	gid = s->id[s->qg] != SG_NONE ? (uint32_t)s->id[s->qg] : s->nnodes + 1;
	if (s->qs == s->qg)
		gid = sid;
	next_stamp(s);
	s->st[s->nnodes].x = (int16_t)sx, s->st[s->nnodes].y = (int16_t)sy;
	s->st[s->nnodes + 1].x = (int16_t)gx;
	s->st[s->nnodes + 1].y = (int16_t)gy;
	if (s->qs != s->qg && (rc = link_ends(s, sid, gid, info)) != 0) {
		res_clear(res, rc);
		return rc;
	}
	rc = search(s, sid, gid, res);
	info->abstract_expanded = res->stats.expanded;
	if (rc < 0 || (rc == 1 && (rc = keep_abstract(s, sid, gid)) != 0)) {
		res_clear(res, rc);
		return rc;
	}
	if (s->st[gid].closed != s->stamp)
		return res->status = PATH_NO_PATH;
	if (s->st[gid].g > PATH_COST_MAX)
		return res->status = PATH_COST_RANGE;
	info->abstract_nodes = (uint32_t)s->nlast;
	info->abstract_cost = (uint32_t)s->st[gid].g;
	/* The goal's links were found by scans from the goal; a goal that
	 * the (not a subgoal) start reached was found by the start's. */
	refine(s, windows,
	       gid == s->nnodes + 1 && s->st[gid].parent != s->nnodes, buf, cap,
	       res, info);
	return PATH_FOUND;
}
