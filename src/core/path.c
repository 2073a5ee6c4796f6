/* path.c - the search itself.
 *
 * Per-cell state is 8 bytes: g, and one word packing a generation stamp
 * (a cell whose stamp is not the current query's is untouched, so nothing
 * is cleared between queries), the closed flag and the direction the cell
 * was reached from.  The open list is a binary heap without back-pointers:
 * an improved cell is pushed again and the stale entry is skipped when it
 * surfaces.  That keeps every heap move inside the heap's own memory, with
 * no write into the cell array.  The heap grows on demand and is kept
 * between queries.  The search loop is written once and specialised by
 * the compiler for each diagonal rule and heuristic, and for tracing on or
 * off, so a search without a trace pays nothing for the feature. */
#include "path.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TAG_DIR_MASK  0x7u
#define TAG_CLOSED    0x8u
#define TAG_GEN_SHIFT 4
#define TAG_GEN_MAX   0x0fffffffu

#define HEAP_INITIAL 1024

struct node {
	uint32_t tag; /* gen << 4 | closed << 3 | direction from parent */
	uint32_t g;
};

struct heap_entry {
	uint64_t key; /* f << 32 | ~g: low f first, then high g (low h) */
	uint32_t node;
	uint16_t x, y; /* the cell's coordinates, saving a division */
};

struct path_ctx {
	int width;
	int height;
	int stride;
	size_t ncells; /* padded cells, border included */
	uint32_t gen;
	size_t best; /* expanded cell closest to the goal, last search */
	struct node *nodes;
	struct heap_entry *heap;
	size_t heap_cap;
	/* What the last search was, for path_ctx_node. */
	int have_last;
	struct path_params last;
	int last_gx, last_gy;
	int last_sx, last_sy;
};

/* Directions: the four straight ones first so a 4-connected search just
 * stops early; the order is part of the fixed tie-break. */
static const int dir_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dir_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

/* Neighbours an expansion need not look at, by the direction the cell was
 * reached from (index 8: the start, which looks at all of them).  For a
 * cell n reached from its parent p, they are p itself and the two cells
 * beside p that p reaches with a straight step no dearer than n's step
 * into them: after a straight move the two diagonals behind, after a
 * diagonal move the two straight cells behind.  p was expanded before n,
 * so each of them already has a g no higher than n could offer (whatever
 * their multipliers, and under every diagonal rule, since p's step is a
 * straight one); relaxing them would change nothing.  Skipping them
 * leaves every result, statistic and trace exactly as they were. */
static const uint8_t prune_mask[9] = {
        /* N: S, SE, SW */ 1u << 2 | 1u << 5 | 1u << 6,
        /* E: W, SW, NW */ 1u << 3 | 1u << 6 | 1u << 7,
        /* S: N, NE, NW */ 1u << 0 | 1u << 4 | 1u << 7,
        /* W: E, NE, SE */ 1u << 1 | 1u << 4 | 1u << 5,
        /* NE: SW, S, W */ 1u << 6 | 1u << 2 | 1u << 3,
        /* SE: NW, N, W */ 1u << 7 | 1u << 0 | 1u << 3,
        /* SW: NE, N, E */ 1u << 4 | 1u << 0 | 1u << 1,
        /* NW: SE, S, E */ 1u << 5 | 1u << 2 | 1u << 1,
        /* start */ 0,
};

/* Everything a query needs, worked out once before the loop. */
struct query {
	enum path_algo algo;
	enum path_heuristic heuristic;
	uint32_t straight, diagonal;
	uint32_t weight;
	uint32_t h_scale;
	double euclid_scale;
	uint32_t budget;
	int improve; /* A* and Dijkstra lower g of open cells */
	int reopen;  /* ...and reopen closed ones (w = 1 only) */
	int sx, sy;
	int gx, gy;
	size_t start, goal;
	long off[8];
};

/* --- the open list ------------------------------------------------------ */

/* Entries with equal keys come out in the heap's own order, which is
 * fixed for a given sequence of pushes: results stay deterministic. */
static inline int entry_less(const struct heap_entry *a,
                             const struct heap_entry *b)
{
	return a->key < b->key;
}

/* A 4-ary heap: half the depth of a binary one, and with the storage
 * offset by three entries each group of four siblings (64 bytes) sits in
 * one cache line. */
#define HEAP_ARITY 4
#define HEAP_PAD   3

static inline void heap_sift_up(struct heap_entry *heap, size_t pos,
                                struct heap_entry e)
{
	while (pos > 0) {
		size_t parent = (pos - 1) / HEAP_ARITY;

		if (!entry_less(&e, &heap[parent]))
			break;
		heap[pos] = heap[parent];
		pos = parent;
	}
	heap[pos] = e;
}

/* Slots from the heap's length on hold HEAP_EMPTY keys, so the four
 * children of a node can always be read and compared without a bounds
 * test, and the smallest is picked without a branch. */
#define HEAP_EMPTY UINT64_MAX

static inline struct heap_entry heap_pop(struct heap_entry *heap, size_t n)
{
	struct heap_entry top = heap[0];
	struct heap_entry last = heap[n];
	size_t pos = 0;

	heap[n].key = HEAP_EMPTY;
	if (n == 0)
		return top;
	for (;;) {
		size_t first = HEAP_ARITY * pos + 1, best = first;
		uint64_t bk, k;

		if (first >= n)
			break;
		bk = heap[first].key;
		k = heap[first + 1].key;
		best = k < bk ? first + 1 : best;
		bk = k < bk ? k : bk;
		k = heap[first + 2].key;
		best = k < bk ? first + 2 : best;
		bk = k < bk ? k : bk;
		k = heap[first + 3].key;
		best = k < bk ? first + 3 : best;
		bk = k < bk ? k : bk;
		if (bk >= last.key)
			break;
		heap[pos] = heap[best];
		pos = best;
	}
	heap[pos] = last;
	return top;
}

static struct heap_entry *heap_alloc(size_t cap)
{
	void *mem = NULL;
	struct heap_entry *h;
	size_t i;

	if (posix_memalign(&mem, 64,
	                   (cap + HEAP_PAD + HEAP_ARITY) *
	                           sizeof(struct heap_entry)))
		return NULL;
	h = (struct heap_entry *)mem + HEAP_PAD;
	for (i = 0; i < cap + HEAP_ARITY; i++)
		h[i] = (struct heap_entry){HEAP_EMPTY, 0, 0, 0};
	return h;
}

static void heap_release(struct heap_entry *heap)
{
	if (heap)
		free(heap - HEAP_PAD);
}

static int heap_grow(struct path_ctx *c, size_t len)
{
	size_t cap = c->heap_cap * 2;
	struct heap_entry *h = heap_alloc(cap);

	if (!h)
		return -1;
	memcpy(h, c->heap, len * sizeof(*h));
	heap_release(c->heap);
	c->heap = h;
	c->heap_cap = cap;
	return 0;
}

void path_params_default(struct path_params *p)
{
	memset(p, 0, sizeof(*p));
	p->algo = PATH_ASTAR;
	p->heuristic = PATH_H_OCTILE;
	p->diagonal = PATH_DIAG_NO_CORNER;
	p->straight_cost = 10;
	p->diagonal_cost = 14;
	p->weight = PATH_WEIGHT_ONE;
	p->h_scale = 1;
	p->budget = 0;
}

struct path_ctx *path_ctx_new(int width, int height)
{
	struct path_ctx *c;

	if (width < 1 || height < 1 || width > GRID_MAX_DIM ||
	    height > GRID_MAX_DIM)
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->width = width;
	c->height = height;
	c->stride = width + 2;
	c->ncells = (size_t)(width + 2) * (size_t)(height + 2);
	/* malloc and memset rather than calloc: the pages are faulted in
	 * here, once, instead of during the first queries. */
	c->nodes = malloc(c->ncells * sizeof(*c->nodes));
	if (c->nodes)
		memset(c->nodes, 0, c->ncells * sizeof(*c->nodes));
	c->heap_cap = c->ncells < HEAP_INITIAL ? c->ncells : HEAP_INITIAL;
	c->heap = heap_alloc(c->heap_cap);
	if (!c->nodes || !c->heap) {
		path_ctx_free(c);
		return NULL;
	}
	return c;
}

void path_ctx_free(struct path_ctx *ctx)
{
	if (!ctx)
		return;
	free(ctx->nodes);
	heap_release(ctx->heap);
	free(ctx);
}

size_t path_ctx_bytes(const struct path_ctx *ctx)
{
	return sizeof(*ctx) + ctx->ncells * sizeof(*ctx->nodes) +
	       (ctx->heap_cap + HEAP_PAD + HEAP_ARITY) * sizeof(*ctx->heap);
}

static int params_valid(const struct path_params *p)
{
	if ((unsigned)p->algo >= PATH_ALGO_COUNT ||
	    (unsigned)p->heuristic >= PATH_H_COUNT ||
	    (unsigned)p->diagonal >= PATH_DIAG_COUNT)
		return 0;
	if (p->straight_cost < 1 || p->diagonal_cost < p->straight_cost ||
	    p->diagonal_cost > 2 * p->straight_cost ||
	    p->diagonal_cost > PATH_STEP_MAX)
		return 0;
	if (p->weight < PATH_WEIGHT_ONE || p->weight > PATH_WEIGHT_MAX)
		return 0;
	if (p->h_scale > GRID_COST_MAX)
		return 0;
	return 1;
}

static double euclid_scale(const struct path_params *p)
{
	/* Scaled so that a diagonal step never costs less than the straight
	 * line it covers: that keeps h admissible and consistent. */
	double s = (double)p->straight_cost;
	double d = (double)p->diagonal_cost / 1.4142135623730951;

	if (p->diagonal != PATH_DIAG_NEVER && d < s)
		s = d;
	return s;
}

static inline __attribute__((always_inline)) uint32_t
heuristic_raw(enum path_heuristic h, uint32_t s, uint32_t d, double es, int dx,
              int dy)
{
	uint32_t ax = (uint32_t)(dx < 0 ? -dx : dx);
	uint32_t ay = (uint32_t)(dy < 0 ? -dy : dy);
	uint32_t lo = ax < ay ? ax : ay;
	uint32_t hi = ax < ay ? ay : ax;

	switch (h) {
	case PATH_H_MANHATTAN:
		return s * (ax + ay);
	case PATH_H_OCTILE:
		return d * lo + s * (hi - lo);
	case PATH_H_CHEBYSHEV:
		return s * hi;
	case PATH_H_EUCLIDEAN:
		return (uint32_t)(sqrt((double)ax * ax + (double)ay * ay) * es);
	case PATH_H_ZERO:
	default:
		return 0;
	}
}

/* Keys and heuristic values saturate at the top of their 32 bits: a cell
 * whose estimate does not fit is simply never preferred to one whose
 * estimate does, which keeps the search exact (the goal's f is its g, at
 * most PATH_COST_MAX). */
static inline uint32_t sat32(uint64_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

uint32_t path_heuristic(const struct path_params *p, int x, int y, int gx,
                        int gy)
{
	uint32_t scale = p->h_scale ? p->h_scale : 1;

	if (!params_valid(p))
		return 0;
	return sat32((uint64_t)heuristic_raw(p->heuristic, p->straight_cost,
	                                     p->diagonal_cost, euclid_scale(p),
	                                     gx - x, gy - y) *
	             scale);
}

uint32_t path_step_cost(const struct grid *g, const struct path_params *p,
                        int x, int y, int nx, int ny)
{
	int dx = nx - x, dy = ny - y;
	uint8_t m;

	if (!grid_in_bounds(g, x, y) || !grid_passable(g, x, y))
		return 0;
	if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
		return 0;
	m = grid_cost(g, nx, ny);
	if (m == GRID_BLOCKED)
		return 0;
	if (dx == 0 || dy == 0)
		return p->straight_cost * m;
	if (p->diagonal == PATH_DIAG_NEVER)
		return 0;
	if (p->diagonal == PATH_DIAG_NO_CORNER &&
	    (!grid_passable(g, x + dx, y) || !grid_passable(g, x, y + dy)))
		return 0;
	return p->diagonal_cost * m;
}

/* --- tracing ------------------------------------------------------------ */

void path_trace_init(struct path_trace *t, size_t limit)
{
	memset(t, 0, sizeof(*t));
	t->limit = limit;
}

void path_trace_clear(struct path_trace *t)
{
	t->len = 0;
	t->truncated = 0;
	t->nomem = 0;
}

void path_trace_fini(struct path_trace *t)
{
	if (!t)
		return;
	free(t->events);
	memset(t, 0, sizeof(*t));
}

static void trace_add(struct path_trace *t, const struct path_ctx *c,
                      enum path_trace_kind kind, size_t idx, size_t parent,
                      int dir, uint32_t h, uint64_t key)
{
	struct path_trace_event *e;

	if (t->limit && t->len >= t->limit) {
		t->truncated = 1;
		return;
	}
	if (t->len == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 256;
		struct path_trace_event *ev =
		        realloc(t->events, cap * sizeof(*ev));

		if (!ev) {
			t->nomem = 1;
			t->truncated = 1;
			return;
		}
		t->events = ev;
		t->cap = cap;
	}
	e = &t->events[t->len++];
	memset(e, 0, sizeof(*e)); /* padding too: events compare with memcmp */
	e->kind = (uint8_t)kind;
	e->dir = (int16_t)dir;
	e->x = (int)(idx % (size_t)c->stride) - 1;
	e->y = (int)(idx / (size_t)c->stride) - 1;
	e->px = (int)(parent % (size_t)c->stride) - 1;
	e->py = (int)(parent / (size_t)c->stride) - 1;
	e->g = c->nodes[idx].g;
	e->h = h;
	e->f = key >> 32;
}

/* --- the search --------------------------------------------------------- */

static void query_init(struct query *q, const struct path_ctx *c,
                       const struct path_params *p, int sx, int sy, int gx,
                       int gy)
{
	int d;

	q->algo = p->algo;
	q->heuristic = p->heuristic;
	/* Dijkstra and BFS ignore h; setting it to zero here keeps the loop
	 * free of a mode test and makes traces show h = 0. */
	if (p->algo == PATH_DIJKSTRA || p->algo == PATH_BFS)
		q->heuristic = PATH_H_ZERO;
	q->straight = p->straight_cost;
	q->diagonal = p->diagonal_cost;
	q->weight = p->weight;
	q->h_scale = p->h_scale ? p->h_scale : 1;
	q->euclid_scale = euclid_scale(p);
	q->budget = p->budget;
	q->improve = p->algo == PATH_ASTAR || p->algo == PATH_DIJKSTRA;
	q->reopen = q->improve && p->weight == PATH_WEIGHT_ONE;
	q->sx = sx;
	q->sy = sy;
	q->gx = gx;
	q->gy = gy;
	q->start = (size_t)(sy + 1) * (size_t)c->stride + (size_t)(sx + 1);
	q->goal = (size_t)(gy + 1) * (size_t)c->stride + (size_t)(gx + 1);
	for (d = 0; d < 8; d++)
		q->off[d] = (long)dir_dy[d] * c->stride + dir_dx[d];
}

/* heur is a compile-time constant in the specialised loops; PATH_H_COUNT
 * means "the query's own heuristic". */
static inline __attribute__((always_inline)) uint32_t
query_h(const struct query *q, enum path_heuristic heur, int x, int y)
{
	if (heur == PATH_H_COUNT)
		heur = q->heuristic;
	if (heur == PATH_H_ZERO)
		return 0;
	return sat32((uint64_t)heuristic_raw(heur, q->straight, q->diagonal,
	                                     q->euclid_scale, q->gx - x,
	                                     q->gy - y) *
	             q->h_scale);
}

static inline __attribute__((always_inline)) uint64_t
make_key(const struct query *q, uint32_t g, uint32_t h)
{
	uint64_t f;

	switch (q->algo) {
	case PATH_DIJKSTRA:
	case PATH_BFS:
		f = g;
		break;
	case PATH_GREEDY:
		f = h;
		break;
	case PATH_ASTAR:
	default:
		f = q->weight == PATH_WEIGHT_ONE
		            ? (uint64_t)g + h
		            : (uint64_t)g +
		                      (uint64_t)h * q->weight / PATH_WEIGHT_ONE;
		break;
	}
	return ((uint64_t)sat32(f) << 32) | (uint32_t)~g;
}

static inline int tag_dir(uint32_t tag)
{
	return (int)(tag & TAG_DIR_MASK);
}

/* Written once, instantiated per diagonal rule, heuristic and tracing
 * flag: the constant arguments let the compiler drop the tests that do
 * not apply.  Everything the loop touches is copied into locals first:
 * stores into the cell and heap arrays could otherwise alias the context,
 * the query and the statistics, and force reloads on every step.  open
 * counts live cells on the open list (stale heap entries excluded) for
 * the max_open statistic. */
static inline __attribute__((always_inline)) enum path_status
search_loop(struct path_ctx *c, const uint8_t *cost, const struct query *qp,
            struct path_stats *stp, struct path_trace *tr, const int tracing,
            const enum path_diagonal diag, const enum path_heuristic heur,
            const int astar1)
{
	const struct query ql = *qp, *const q = &ql;
	struct node *const nodes = c->nodes;
	const uint32_t gen_tag = c->gen << TAG_GEN_SHIFT;
	const int ndirs = diag == PATH_DIAG_NEVER ? 4 : 8;
	/* astar1: plain A* (w = 1), the monsters' everyday search, gets an
	 * instance with its mode fixed at compile time. */
	const int bfs = !astar1 && q->algo == PATH_BFS;
	const int improve = astar1 || q->improve;
	const int reopen = astar1 || q->reopen;
	const uint32_t straight = q->straight, diagonal = q->diagonal;
	const uint32_t budget = q->budget;
	const uint32_t max_step = diagonal * GRID_COST_MAX;
	const uint32_t stride = (uint32_t)c->stride;
	const uint32_t goal = (uint32_t)q->goal, start = (uint32_t)q->start;
	uint32_t off[8];
	struct heap_entry *heap = c->heap;
	size_t hlen = 0, hcap = c->heap_cap;
	struct path_stats st = {0, 0, 0, 0};
	enum path_status result = PATH_NO_PATH;
	uint32_t open = 1;
	struct heap_entry next, entry;
	int have_next = 0, over_limit = 0;
	const int greedy = !astar1 && q->algo == PATH_GREEDY;
	uint32_t best = start, best_h = UINT32_MAX;
	uint32_t h = query_h(q, heur, q->sx, q->sy);
	uint64_t key = make_key(q, 0, h);
	int d;

#define HEAP_INSERT(e)                                                         \
	do {                                                                   \
		if (hlen == hcap) {                                            \
			c->heap = heap;                                        \
			if (heap_grow(c, hlen) != 0) {                         \
				result = PATH_NOMEM;                           \
				goto out;                                      \
			}                                                      \
			heap = c->heap;                                        \
			hcap = c->heap_cap;                                    \
		}                                                              \
		heap_sift_up(heap, hlen++, (e));                               \
	} while (0)

	for (d = 0; d < 8; d++)
		off[d] = (uint32_t)q->off[d];
	nodes[start].tag = gen_tag;
	nodes[start].g = 0;
	heap[hlen++] = (struct heap_entry){key, start, (uint16_t)q->sx,
	                                   (uint16_t)q->sy};
	st.pushes = 1;
	st.max_open = 1;
	if (tracing)
		trace_add(tr, c, PATH_TRACE_PUSH, start, start, -1, h, key);

	for (;;) {
		struct heap_entry top;
		uint32_t cur;
		uint32_t tag, cg;
		int cx, cy, near_limit;
		uint32_t skip;
		uint8_t m4[4];

		if (have_next) {
			top = next;
			have_next = 0;
		} else if (hlen) {
			top = heap_pop(heap, --hlen);
		} else {
			break;
		}
		cur = top.node;
		tag = nodes[cur].tag;
		cg = nodes[cur].g;
		cx = top.x;
		cy = top.y;
		skip = prune_mask[cur == start ? 8 : tag_dir(tag)];
		/* One test per expansion instead of one per step: only a g
		 * this close to the limit can step past it. */
		near_limit = cg > PATH_COST_MAX - max_step;

		/* A cell pushed again with a better g leaves its old entry
		 * behind; it is recognised by its g, or by the cell having
		 * been closed through the better entry already. */
		if ((tag & TAG_CLOSED) || (uint32_t)~top.key != cg)
			continue;
		if (budget && st.expanded >= budget) {
			result = PATH_BUDGET;
			break;
		}
		nodes[cur].tag = tag | TAG_CLOSED;
		open--;
		st.expanded++;
		{
			/* The (weighted) h of the cell, from its key: the
			 * closest cell so far is where a search that fails
			 * leaves its best partial path. */
			const uint32_t f = (uint32_t)(top.key >> 32);
			const uint32_t hv = greedy ? f : f - cg;

			best = hv < best_h ? cur : best;
			best_h = hv < best_h ? hv : best_h;
		}
		if (tracing) {
			int dir = cur == start ? -1 : tag_dir(tag);
			size_t par = dir < 0 ? cur : cur - off[dir];

			trace_add(tr, c, PATH_TRACE_EXPAND, cur, par, dir,
			          query_h(q, heur, cx, cy), top.key);
		}
		if (cur == goal) {
			result = PATH_FOUND;
			break;
		}
#pragma GCC unroll 8
		for (d = 0; d < ndirs; d++) {
			const uint32_t nb = cur + (uint32_t)dir_dy[d] * stride +
			                    (uint32_t)dir_dx[d];
			const uint8_t m = cost[nb];
			struct node *nn;
			uint32_t ng;
			int nx, ny;

			if (d < 4) {
				m4[d] = m;
				if (skip & 1u << d)
					continue;
			} else if (skip & 1u << d) {
				continue;
			} else if (diag == PATH_DIAG_NO_CORNER) {
				/* Directions 4..7 are NE, SE, SW, NW; their
				 * orthogonal neighbours are N/E, E/S, S/W,
				 * W/N, that is m4[d-4] and m4[(d-3)&3]. */
				if (!m4[d - 4] || !m4[(d - 3) & 3])
					continue;
			}
			if (!m)
				continue;
			if (bfs)
				ng = cg + 1;
			else
				ng = cg + (d < 4 ? straight : diagonal) * m;
			if (near_limit && ng > PATH_COST_MAX) {
				/* A step past the limit is not taken; if the
				 * goal is then never reached, the search says
				 * so with PATH_COST_RANGE rather than "no
				 * path".  (ng cannot wrap: the largest step is
				 * below 2^22.) */
				over_limit = 1;
				continue;
			}
			nn = &nodes[nb];
			if ((nn->tag & ~(TAG_CLOSED | TAG_DIR_MASK)) !=
			    gen_tag) {
				open++;
			} else {
				if (!improve || ng >= nn->g)
					continue;
				if (nn->tag & TAG_CLOSED) {
					if (!reopen)
						continue;
					st.reopened++;
					open++;
				}
			}
			nn->tag = gen_tag | (uint32_t)d;
			nn->g = ng;
			nx = cx + dir_dx[d];
			ny = cy + dir_dy[d];
			h = query_h(q, heur, nx, ny);
			key = astar1 ? (uint64_t)sat32((uint64_t)ng + h) << 32 |
			                       (uint32_t)~ng
			             : make_key(q, ng, h);
			entry = (struct heap_entry){key, nb, (uint16_t)nx,
			                            (uint16_t)ny};
			if (!have_next) {
				next = entry;
				have_next = 1;
			} else {
				if (entry.key < next.key) {
					struct heap_entry t = next;

					next = entry;
					entry = t;
				}
				HEAP_INSERT(entry);
			}
			st.pushes++;
			if (open > st.max_open)
				st.max_open = open;
			if (tracing)
				trace_add(tr, c, PATH_TRACE_PUSH, nb, cur, d, h,
				          key);
		}
		/* The best successor is expanded next without a trip through
		 * the heap when it beats everything there: on open ground
		 * that is most expansions. */
		if (have_next && !(next.key < heap[0].key)) {
			HEAP_INSERT(next);
			have_next = 0;
		}
	}
#undef HEAP_INSERT
	if (result == PATH_NO_PATH && over_limit)
		result = PATH_COST_RANGE;
out:
	/* Leave the heap all empty keys for the next query. */
	while (hlen)
		heap[--hlen].key = HEAP_EMPTY;
	c->heap = heap;
	c->best = best;
	*stp = st;
	return result;
}

#define SEARCH_HEUR(tracing, diag, heur)                                       \
	(!(tracing) && astar1                                                  \
	         ? search_loop(c, cost, q, st, tr, tracing, diag, heur, 1)     \
	         : search_loop(c, cost, q, st, tr, tracing, diag, heur, 0))

#define SEARCH_DIAG(diag)                                                      \
	switch (q->heuristic) {                                                \
	case PATH_H_MANHATTAN:                                                 \
		return SEARCH_HEUR(0, diag, PATH_H_MANHATTAN);                 \
	case PATH_H_OCTILE:                                                    \
		return SEARCH_HEUR(0, diag, PATH_H_OCTILE);                    \
	case PATH_H_CHEBYSHEV:                                                 \
		return SEARCH_HEUR(0, diag, PATH_H_CHEBYSHEV);                 \
	case PATH_H_EUCLIDEAN:                                                 \
		return SEARCH_HEUR(0, diag, PATH_H_EUCLIDEAN);                 \
	default:                                                               \
		return SEARCH_HEUR(0, diag, PATH_H_ZERO);                      \
	}

static enum path_status search_dispatch(struct path_ctx *c, const uint8_t *cost,
                                        const struct query *q,
                                        enum path_diagonal diag,
                                        struct path_stats *st,
                                        struct path_trace *tr)
{
	const int astar1 =
	        q->algo == PATH_ASTAR && q->weight == PATH_WEIGHT_ONE;

	/* A traced search is for the AI view; one generic instance with the
	 * heuristic chosen at run time is fast enough there. */
	if (tr) {
		switch (diag) {
		case PATH_DIAG_NEVER:
			return SEARCH_HEUR(1, PATH_DIAG_NEVER, PATH_H_COUNT);
		case PATH_DIAG_NO_CORNER:
			return SEARCH_HEUR(1, PATH_DIAG_NO_CORNER,
			                   PATH_H_COUNT);
		default:
			return SEARCH_HEUR(1, PATH_DIAG_ALWAYS, PATH_H_COUNT);
		}
	}
	switch (diag) {
	case PATH_DIAG_NEVER:
		SEARCH_DIAG(PATH_DIAG_NEVER);
	case PATH_DIAG_NO_CORNER:
		SEARCH_DIAG(PATH_DIAG_NO_CORNER);
	default:
		SEARCH_DIAG(PATH_DIAG_ALWAYS);
	}
}

/* Reads the path back from the goal through the parents' directions. */
static enum path_status path_read_back(const struct path_ctx *c,
                                       const uint8_t *cost,
                                       const struct query *q, size_t end,
                                       struct path_point *buf, size_t cap,
                                       struct path_result *res)
{
	size_t idx = end, len = 1, k;
	uint64_t total = 0;

	while (idx != q->start) {
		idx -= (size_t)q->off[tag_dir(c->nodes[idx].tag)];
		len++;
	}
	res->length = len;
	idx = end;
	k = len - 1;
	for (;;) {
		if (k < cap) {
			buf[k].x = (int)(idx % (size_t)c->stride) - 1;
			buf[k].y = (int)(idx / (size_t)c->stride) - 1;
		}
		if (idx == q->start)
			break;
		{
			int d = tag_dir(c->nodes[idx].tag);

			total += (uint64_t)(d < 4 ? q->straight : q->diagonal) *
			         cost[idx];
			idx -= (size_t)q->off[d];
		}
		k--;
	}
	if (total > PATH_COST_MAX)
		return PATH_COST_RANGE;
	res->cost = (uint32_t)total;
	return PATH_FOUND;
}

int path_find(struct path_ctx *ctx, const struct grid *g,
              const struct path_params *p, int sx, int sy, int gx, int gy,
              struct path_point *buf, size_t cap, struct path_result *res,
              struct path_trace *trace)
{
	struct query q;
	enum path_status st;

	if (!res)
		return PATH_BAD_ARG;
	memset(res, 0, sizeof(*res));
	res->status = PATH_BAD_ARG;
	if (!ctx || !g || !p || !g->cost || (cap && !buf) || !params_valid(p) ||
	    g->width != ctx->width || g->height != ctx->height ||
	    !grid_passable(g, sx, sy) || !grid_passable(g, gx, gy))
		return PATH_BAD_ARG;

	query_init(&q, ctx, p, sx, sy, gx, gy);
	if (++ctx->gen > TAG_GEN_MAX) {
		/* Once every 2^28 queries the stamps wrap: start afresh. */
		memset(ctx->nodes, 0, ctx->ncells * sizeof(*ctx->nodes));
		ctx->gen = 1;
	}
	if (trace)
		path_trace_clear(trace);

	st = search_dispatch(ctx, g->cost, &q, p->diagonal, &res->stats, trace);
	ctx->have_last = 1;
	ctx->last = *p;
	ctx->last_sx = sx;
	ctx->last_sy = sy;
	ctx->last_gx = gx;
	ctx->last_gy = gy;
	if (st == PATH_FOUND) {
		st = path_read_back(ctx, g->cost, &q, q.goal, buf, cap, res);
	} else if (st == PATH_NO_PATH || st == PATH_BUDGET) {
		/* The way to the closest cell reached: where a monster whose
		 * target is out of reach, or out of budget, should head. */
		if (path_read_back(ctx, g->cost, &q, ctx->best, buf, cap,
		                   res) == PATH_FOUND) {
			res->partial = 1;
			res->best_x = grid_index_x(g, ctx->best);
			res->best_y = grid_index_y(g, ctx->best);
		}
	}
	res->status = st;
	return st;
}

int path_ctx_node(const struct path_ctx *ctx, int x, int y,
                  struct path_node_info *info)
{
	struct query q;
	const struct node *n;
	size_t idx;
	int d;

	memset(info, 0, sizeof(*info));
	info->px = x;
	info->py = y;
	if (!ctx || x < 0 || y < 0 || x >= ctx->width || y >= ctx->height)
		return PATH_BAD_ARG;
	if (!ctx->have_last)
		return 0;
	query_init(&q, ctx, &ctx->last, ctx->last_sx, ctx->last_sy,
	           ctx->last_gx, ctx->last_gy);
	idx = (size_t)(y + 1) * (size_t)ctx->stride + (size_t)(x + 1);
	n = &ctx->nodes[idx];
	if (n->tag >> TAG_GEN_SHIFT != ctx->gen)
		return 0;
	info->reached = 1;
	info->closed = (n->tag & TAG_CLOSED) != 0;
	info->g = n->g;
	info->h = query_h(&q, PATH_H_COUNT, x, y);
	if (idx != q.start) {
		d = tag_dir(n->tag);
		info->px = x - dir_dx[d];
		info->py = y - dir_dy[d];
	}
	return 0;
}

const char *path_algo_name(enum path_algo a)
{
	static const char *const names[] = {"A*", "Dijkstra", "greedy", "BFS"};

	return (unsigned)a < PATH_ALGO_COUNT ? names[a] : "?";
}

const char *path_heuristic_name(enum path_heuristic h)
{
	static const char *const names[] = {"manhattan", "octile", "chebyshev",
	                                    "euclidean", "zero"};

	return (unsigned)h < PATH_H_COUNT ? names[h] : "?";
}

const char *path_diagonal_name(enum path_diagonal d)
{
	static const char *const names[] = {"4-way", "no-corner", "always"};

	return (unsigned)d < PATH_DIAG_COUNT ? names[d] : "?";
}

const char *path_status_name(enum path_status s)
{
	switch (s) {
	case PATH_FOUND:
		return "found";
	case PATH_NO_PATH:
		return "no path";
	case PATH_BUDGET:
		return "budget exhausted";
	case PATH_NOMEM:
		return "out of memory";
	case PATH_BAD_ARG:
		return "bad argument";
	case PATH_COST_RANGE:
		return "cost out of range";
	}
	return "?";
}
