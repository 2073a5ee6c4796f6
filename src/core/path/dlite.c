/* SPDX-License-Identifier: MIT */
/* dlite.c - D* Lite: a backward search from a fixed goal that repairs
 * itself when cells change and when the walker moves (see dlite.h).
 *
 * The state of a cell: g, the cost to the goal the search has settled;
 * rhs, one step ahead of it: 0 for the goal, else the cheapest step to a
 * neighbour plus that neighbour's g.  A cell with g == rhs is consistent;
 * the queue holds exactly the others, ordered by the key
 *     (min(g, rhs) + h(walker, cell) + km,  min(g, rhs))
 * compared first on the first part, then on the second.  h is the
 * heuristic from the walker's cell, so the search settles the cells that
 * matter to the walker first, like an A* run from the goal toward it.
 *
 * Taking a cell off the queue either lowers its g to rhs (it became
 * cheaper: its predecessors may now step through it more cheaply) or
 * raises it to infinity (it became dearer: the predecessors that counted
 * on its old g look again for their best step, and the cell itself is
 * queued again with its new rhs if it has one).  The search stops when
 * the walker's cell is consistent and no queued key is below its own:
 * then the walker's g is exact, and walking always to the neighbour with
 * the least step cost plus g follows an optimal path.
 *
 * When the walker moves, every h in the keys changes.  Instead of
 * re-keying the queue, km grows by h(old place, new place): by the
 * triangle inequality, h(old, s) <= h(old, new) + h(new, s), every
 * queued key is then still no higher than its true key, so a cell whose
 * stored key turns out to be too low is simply put back with the right
 * one when it comes up.  (A stored key above its true key would be
 * wrong: the search could stop before a cell that matters; see
 * dl_sync_start for the one heuristic that needs care.)
 *
 * A changed cell changes the steps into it (its multiplier), out of it
 * (blocked or not), and, under the no-corner rule, the diagonals between
 * its four straight neighbours.  Each such step is a changed edge of the
 * paper's: cheaper, the cell it leaves may take it; dearer, that cell
 * looks for its best step again only if its rhs came through it.  The
 * old costs come from the multipliers the context last knew (known).
 *
 * Per-cell state is reset lazily, a block of BLOCK_CELLS cells at a time,
 * by a generation stamp, as in ctx.c: a new plan clears nothing. */
#include "dlite.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/dir.h"
#include "path_impl.h"

/* g or rhs of a cell with no known way to the goal. */
#define DL_INF UINT32_MAX
/* Children per node of the queue's heap: four make it shallower than a
 * binary one, and a node's children share a cache line or two. */
#define DL_ARITY 4u
/* The first search's lists (see dl_first_search): the end of a list, and
 * the most lists the ring may need (a diagonal step dearer than
 * DL_RING_MAX / (GRID_COST_MAX + 1) sends the first search to the heap). */
#define DL_NIL RING_NIL
/* The cells whose rhs a batch of changes leaves to work out again: one
 * changed cell puts at most DL_REDO_CELL there (8 steps into it, 8 out
 * of it, 8 diagonals past it), and a batch is taken in parts that fit. */
#define DL_REDO_CELL 24u
#define DL_REDO_MAX  (16u * DL_REDO_CELL)
#define DL_RING_MAX  (1u << 20)

struct dlite_entry {
	uint64_t k1;
	uint32_t k2;
	uint32_t idx;
};

/* An entry of one of the first search's lists: a cell and the rhs it
 * was pushed with (stale once the cell's rhs differs or it is settled). */
struct dlite_bucket {
	uint32_t rhs;
	uint32_t idx;
	uint32_t next;
};

struct dlite_ctx {
	int width;
	int height;
	int stride;
	size_t ncells; /* padded cells, border included */
	uint32_t gen;
	/* Per cell, in one allocation (at g): g, rhs, and the place in the
	 * queue plus one (0: not queued). */
	uint32_t *g;
	uint32_t *rhs;
	uint32_t *pos;
	uint32_t *stamps; /* per block of BLOCK_CELLS cells */
	/* The multipliers as the context last knew them: the grid's at the
	 * plan, updated by every change reported (see dlite_cells_changed). */
	uint8_t *known;
	/* The cells a batch of changes left to look at again. */
	uint32_t redo[DL_REDO_MAX];
	size_t nredo;
	size_t cells_bytes;
	/* The queue: a DL_ARITY-ary heap on (k1, k2). */
	struct dlite_entry *heap;
	uint32_t heap_len;
	uint32_t heap_cap;
	/* The first search's open list: one list per f modulo ring_size
	 * (heads, DL_NIL when empty), a bitmap of the non-empty ones, and
	 * the entries, with a free list of the ones taken off.  Made on the
	 * first plan that can use them and kept, empty between plans. */
	uint32_t *ring;
	uint64_t *ring_bits;
	uint32_t ring_size;
	struct dlite_bucket *pool;
	uint32_t pool_len;
	uint32_t pool_cap;
	uint32_t pool_free;
	/* The plan. */
	int planned;
	int nomem; /* the queue could not grow: the plan is lost */
	/* Expansions a search may take (0: no limit), and whether the last
	 * one ran out of them (it then stopped between two cells, leaving
	 * the queue as good as ever: the next search goes on from there). */
	uint32_t limit;
	int over;
	int range; /* a step was dropped for going past PATH_COST_MAX */
	const struct grid *grid;
	enum path_diagonal diag;
	enum path_heuristic heur;
	uint32_t straight, diagonal, h_scale;
	double euclid_scale;
	int ndirs;
	uint32_t step[DIR_COUNT];
	long off[DIR_COUNT];
	size_t start, goal;
	int sx, sy;
	int lx, ly; /* where the walker was when km last grew */
	uint64_t km;
	struct path_stats st; /* since the last answer */
};

/* --- cells ---------------------------------------------------------------- */

static inline void dl_touch(struct dlite_ctx *c, size_t idx)
{
	const size_t b = idx >> BLOCK_SHIFT;

	if (unlikely(c->stamps[b] != c->gen)) {
		const size_t first = b << BLOCK_SHIFT;

		c->stamps[b] = c->gen;
		memset(c->g + first, 0xff, BLOCK_CELLS * sizeof(*c->g));
		memset(c->rhs + first, 0xff, BLOCK_CELLS * sizeof(*c->rhs));
		memset(c->pos + first, 0, BLOCK_CELLS * sizeof(*c->pos));
	}
}

static inline int dl_x(const struct dlite_ctx *c, size_t idx)
{
	return (int)(idx % (size_t)c->stride) - 1;
}

static inline int dl_y(const struct dlite_ctx *c, size_t idx)
{
	return (int)(idx / (size_t)c->stride) - 1;
}

static inline size_t dl_index(const struct dlite_ctx *c, int x, int y)
{
	return (size_t)(y + 1) * (size_t)c->stride + (size_t)(x + 1);
}

/* The heuristic between two places, scaled; symmetric. */
static inline uint32_t dl_h(const struct dlite_ctx *c, int x, int y, int x2,
                            int y2)
{
	if (c->heur == PATH_H_ZERO)
		return 0;
	return sat32((uint64_t)heuristic_raw(c->heur, c->straight, c->diagonal,
	                                     c->euclid_scale, x2 - x, y2 - y) *
	             c->h_scale);
}

/* Whether the step from a to its neighbour in direction d is allowed as
 * far as the neighbour and the corners go (a itself is not looked at). */
static inline int dl_legal(const struct dlite_ctx *c, const uint8_t *cost,
                           size_t a, int d)
{
	if (!cost[a + (size_t)c->off[d]])
		return 0;
	if (d >= DIR_STRAIGHT && c->diag == PATH_DIAG_NO_CORNER &&
	    (!cost[a + (size_t)(long)dir_dx[d]] ||
	     !cost[a + (size_t)((long)dir_dy[d] * c->stride)]))
		return 0;
	return 1;
}

/* The cheapest step from a to a neighbour with a known g, plus that g,
 * and that neighbour (*next, the first in direction order on a tie);
 * DL_INF when there is none.  Sums past PATH_COST_MAX are left out, and
 * noted in *range when range is not NULL. */
static uint32_t dl_best_step(struct dlite_ctx *c, const uint8_t *cost, size_t a,
                             size_t *next, int *range)
{
	uint64_t best = DL_INF;
	int d;

	for (d = 0; d < c->ndirs; d++) {
		const size_t b = a + (size_t)c->off[d];
		uint64_t v;

		if (!dl_legal(c, cost, a, d))
			continue;
		dl_touch(c, b);
		if (c->g[b] == DL_INF)
			continue;
		v = (uint64_t)c->step[d] * cost[b] + c->g[b];
		if (v > PATH_COST_MAX) {
			if (range)
				*range = 1;
		} else if (v < best) {
			best = v;
			*next = b;
		}
	}
	return (uint32_t)best;
}

/* rhs of a as the grid is now: its best step's. */
static uint32_t dl_rhs_of(struct dlite_ctx *c, const uint8_t *cost, size_t a)
{
	size_t next;

	if (a == c->goal)
		return 0;
	if (!cost[a])
		return DL_INF;
	return dl_best_step(c, cost, a, &next, &c->range);
}

/* --- the queue ------------------------------------------------------------ */

static inline int dl_less(uint64_t a1, uint32_t a2, uint64_t b1, uint32_t b2)
{
	return a1 < b1 || (a1 == b1 && a2 < b2);
}

/* The key of cell a, at (x, y). */
static void dl_key(const struct dlite_ctx *c, size_t a, int x, int y,
                   uint64_t *k1, uint32_t *k2)
{
	const uint32_t m = c->g[a] < c->rhs[a] ? c->g[a] : c->rhs[a];

	*k2 = m;
	if (m == DL_INF)
		*k1 = UINT64_MAX;
	else
		*k1 = (uint64_t)m + dl_h(c, c->sx, c->sy, x, y) + c->km;
}

static inline void dl_place(struct dlite_ctx *c, uint32_t i,
                            const struct dlite_entry *e)
{
	c->heap[i] = *e;
	c->pos[e->idx] = i + 1;
}

static void dl_sift_up(struct dlite_ctx *c, uint32_t i)
{
	const struct dlite_entry e = c->heap[i];

	while (i > 0) {
		const uint32_t parent = (i - 1) / DL_ARITY;

		if (!dl_less(e.k1, e.k2, c->heap[parent].k1,
		             c->heap[parent].k2))
			break;
		dl_place(c, i, &c->heap[parent]);
		i = parent;
	}
	dl_place(c, i, &e);
}

static void dl_sift_down(struct dlite_ctx *c, uint32_t i)
{
	const struct dlite_entry e = c->heap[i];

	for (;;) {
		const uint32_t first = DL_ARITY * i + 1;
		uint32_t child = first, k, end;

		if (first >= c->heap_len)
			break;
		end = c->heap_len - first < DL_ARITY ? c->heap_len
		                                     : first + DL_ARITY;
		for (k = first + 1; k < end; k++)
			if (dl_less(c->heap[k].k1, c->heap[k].k2,
			            c->heap[child].k1, c->heap[child].k2))
				child = k;
		if (!dl_less(c->heap[child].k1, c->heap[child].k2, e.k1, e.k2))
			break;
		dl_place(c, i, &c->heap[child]);
		i = child;
	}
	dl_place(c, i, &e);
}

static void dl_remove(struct dlite_ctx *c, size_t a)
{
	const uint32_t i = c->pos[a] - 1;

	c->pos[a] = 0;
	c->heap_len--;
	if (i == c->heap_len)
		return;
	dl_place(c, i, &c->heap[c->heap_len]);
	if (i > 0 && dl_less(c->heap[i].k1, c->heap[i].k2,
	                     c->heap[(i - 1) / DL_ARITY].k1,
	                     c->heap[(i - 1) / DL_ARITY].k2))
		dl_sift_up(c, i);
	else
		dl_sift_down(c, i);
}

static int dl_grow(struct dlite_ctx *c)
{
	uint32_t cap = c->heap_cap ? c->heap_cap * 2 : 1024;
	struct dlite_entry *h;

	if (cap > c->ncells)
		cap = (uint32_t)c->ncells;
	h = realloc(c->heap, (size_t)cap * sizeof(*h));
	if (!h)
		return -1;
	c->heap = h;
	c->heap_cap = cap;
	return 0;
}

/* Queues a, at (x, y), re-keys it, or takes it off the queue, as its g
 * and rhs now say. */
static void dl_update(struct dlite_ctx *c, size_t a, int x, int y)
{
	struct dlite_entry e;

	if (c->g[a] == c->rhs[a]) {
		if (c->pos[a])
			dl_remove(c, a);
		return;
	}
	dl_key(c, a, x, y, &e.k1, &e.k2);
	e.idx = (uint32_t)a;
	c->st.pushes++;
	if (c->pos[a]) {
		const uint32_t i = c->pos[a] - 1;

		dl_place(c, i, &e);
		dl_sift_up(c, i);
		dl_sift_down(c, c->pos[a] - 1);
		return;
	}
	if (c->heap_len == c->heap_cap && dl_grow(c) != 0) {
		c->nomem = 1;
		return;
	}
	dl_place(c, c->heap_len++, &e);
	dl_sift_up(c, c->heap_len - 1);
	if (c->heap_len > c->st.max_open)
		c->st.max_open = c->heap_len;
}

/* --- the search ----------------------------------------------------------- */

/* The way through u, whose g is settled, offered to its neighbour in
 * direction d (which steps into u the opposite way; the corners are the
 * same cells): the neighbour, when the way beats its rhs and it takes
 * it, else 0 (a border cell, never a neighbour that can step). */
static inline size_t dl_offer(struct dlite_ctx *c, const uint8_t *cost,
                              size_t u, int d)
{
	const size_t s = u + (size_t)c->off[d];
	uint64_t v;

	if (s == c->goal || !dl_legal(c, cost, u, d))
		return 0;
	dl_touch(c, s);
	v = (uint64_t)c->step[d] * cost[u] + c->g[u];
	if (v > PATH_COST_MAX) {
		c->range = 1;
		return 0;
	}
	if (v >= c->rhs[s])
		return 0;
	c->rhs[s] = (uint32_t)v;
	return s;
}

/* u became cheaper: its g drops to rhs, and each cell that can step into
 * it may now do better through it. */
static void dl_lower(struct dlite_ctx *c, const uint8_t *cost, size_t u, int ux,
                     int uy)
{
	int d;

	c->g[u] = c->rhs[u];
	dl_remove(c, u);
	if (!cost[u])
		return;
	for (d = 0; d < c->ndirs; d++)
		if (dl_offer(c, cost, u, d))
			dl_update(c, u + (size_t)c->off[d], ux + dir_dx[d],
			          uy + dir_dy[d]);
}

/* u became dearer: its g goes to infinity, and the cells whose best step
 * was into it look again. */
static void dl_raise(struct dlite_ctx *c, const uint8_t *cost, size_t u, int ux,
                     int uy)
{
	const uint32_t old = c->g[u];
	int d;

	c->g[u] = DL_INF;
	dl_update(c, u, ux, uy);
	if (!cost[u])
		return;
	for (d = 0; d < c->ndirs; d++) {
		const size_t s = u + (size_t)c->off[d];
		uint64_t v;

		if (s == c->goal || !dl_legal(c, cost, u, d))
			continue;
		dl_touch(c, s);
		v = (uint64_t)c->step[d] * cost[u] + old;
		if (v > PATH_COST_MAX || v != c->rhs[s])
			continue;
		c->rhs[s] = dl_rhs_of(c, cost, s);
		dl_update(c, s, ux + dir_dx[d], uy + dir_dy[d]);
	}
}

static void dl_search(struct dlite_ctx *c)
{
	const uint8_t *cost = c->grid->cost;
	const size_t start = c->start;

	dl_touch(c, start);
	c->over = 0;
	while (c->heap_len && !c->nomem) {
		const struct dlite_entry top = c->heap[0];
		uint64_t k1;
		uint32_t k2;
		size_t u;
		int ux, uy;

		dl_key(c, start, c->sx, c->sy, &k1, &k2);
		if (!dl_less(top.k1, top.k2, k1, k2) &&
		    c->g[start] == c->rhs[start])
			break;
		if (unlikely(c->limit && c->st.expanded >= c->limit)) {
			c->over = 1;
			break;
		}
		u = top.idx;
		ux = dl_x(c, u);
		uy = dl_y(c, u);
		dl_key(c, u, ux, uy, &k1, &k2);
		if (dl_less(top.k1, top.k2, k1, k2)) {
			/* Keyed before the walker moved: put back. */
			c->heap[0].k1 = k1;
			c->heap[0].k2 = k2;
			dl_sift_down(c, 0);
			c->st.pushes++;
			continue;
		}
		c->st.expanded++;
		if (c->g[u] > c->rhs[u])
			dl_lower(c, cost, u, ux, uy);
		else
			dl_raise(c, cost, u, ux, uy);
	}
}

/* --- the first search ----------------------------------------------------- */

/* A plan starts from nothing: every cell unseen but the goal.  Then D*
 * Lite's search is a backward A* (keys rhs + h and rhs, nothing ever
 * raised), and the heap, which the repairs need because their keys can
 * fall below anything already taken off, is only overhead: most of a
 * plan's time went to sifting.  With a consistent integer h, f = rhs + h
 * never drops from a cell to the cells it offers a way to, so the first
 * search takes its cells off Dial's buckets instead (one list per f, as
 * the engine's bucket.c does for A*): a push is a link, a pop an unlink.
 * Every cell it settles has its exact cost to the goal whatever the order
 * among equal f, so when the walker's cell is settled its g and every g
 * along the way down are exact.  The cells still waiting then go into
 * the heap with their keys, which leaves the state a heap search would
 * have left: exactly the cells with g != rhs are queued (some keyed below
 * the walker's own, which the next dl_search simply takes first). */

/* Whether the first search may use the buckets: h consistent and an
 * integer (octile, Chebyshev, zero, Manhattan on 4-way maps, unscaled;
 * the rounded-down Euclidean h is not), and a ring that fits. */
static int dl_buckets_fit(const struct dlite_ctx *c, uint32_t *spread)
{
	const uint32_t smax =
	        c->straight > c->diagonal ? c->straight : c->diagonal;

	if (c->h_scale != 1 ||
	    (uint64_t)smax * (GRID_COST_MAX + 1) >= DL_RING_MAX)
		return 0;
	/* A cell pushed from u has f at most f(u) plus its step's cost
	 * and the step's change of h, which is no more than the step. */
	*spread = smax * (GRID_COST_MAX + 1);
	switch (c->heur) {
	case PATH_H_OCTILE:
	case PATH_H_CHEBYSHEV:
	case PATH_H_ZERO:
		return 1;
	case PATH_H_MANHATTAN:
		return c->diag == PATH_DIAG_NEVER;
	default:
		return 0;
	}
}

/* Makes the ring hold more than spread lists (empty).  0, or -1 when out
 * of memory (the heap search then does the plan). */
static int dl_ring_fit(struct dlite_ctx *c, uint32_t spread)
{
	uint32_t size = 64;
	uint32_t *ring;
	uint64_t *bits;

	while (size <= spread)
		size *= 2;
	if (size <= c->ring_size)
		return 0;
	if (ring_new(size, &ring, &bits) != 0)
		return -1;
	free(c->ring);
	free(c->ring_bits);
	c->ring = ring;
	c->ring_bits = bits;
	c->ring_size = size;
	return 0;
}

/* Puts cell idx, with that rhs, on the list of f. */
static void dl_bucket_push(struct dlite_ctx *c, uint32_t idx, uint32_t rhs,
                           uint32_t f)
{
	const uint32_t i = f & (c->ring_size - 1);
	uint32_t k = c->pool_free;

	if (k != DL_NIL) {
		c->pool_free = c->pool[k].next;
	} else {
		if (c->pool_len == c->pool_cap) {
			const uint32_t cap =
			        c->pool_cap ? c->pool_cap * 2 : 1024;
			struct dlite_bucket *p =
			        realloc(c->pool, (size_t)cap * sizeof(*p));

			if (!p) {
				c->nomem = 1;
				return;
			}
			c->pool = p;
			c->pool_cap = cap;
		}
		k = c->pool_len++;
	}
	c->pool[k].rhs = rhs;
	c->pool[k].idx = idx;
	c->pool[k].next = c->ring[i];
	c->ring[i] = k;
	c->ring_bits[i >> 6] |= 1ull << (i & 63);
	c->st.pushes++;
}

/* Moves the cells still waiting on the lists into the heap, keyed, and
 * leaves the lists empty for the next plan. */
static void dl_bucket_drain(struct dlite_ctx *c)
{
	const uint32_t words = c->ring_size >> 6;
	uint32_t w, i;

	for (w = 0; w < words; w++) {
		while (c->ring_bits[w]) {
			const uint32_t r = w << 6 | (uint32_t)__builtin_ctzll(
			                                    c->ring_bits[w]);
			uint32_t k;

			for (k = c->ring[r]; k != DL_NIL; k = c->pool[k].next) {
				const uint32_t u = c->pool[k].idx;
				struct dlite_entry e;

				if (c->nomem || c->g[u] != DL_INF ||
				    c->rhs[u] != c->pool[k].rhs || c->pos[u])
					continue;
				if (c->heap_len == c->heap_cap &&
				    dl_grow(c) != 0) {
					c->nomem = 1;
					continue;
				}
				dl_key(c, u, dl_x(c, u), dl_y(c, u), &e.k1,
				       &e.k2);
				e.idx = u;
				dl_place(c, c->heap_len++, &e);
			}
			c->ring[r] = DL_NIL;
			c->ring_bits[w] &= c->ring_bits[w] - 1;
		}
	}
	c->pool_len = 0;
	c->pool_free = DL_NIL;
	if (c->heap_len > 1)
		for (i = (c->heap_len - 2) / DL_ARITY + 1; i-- > 0;)
			dl_sift_down(c, i);
	if (c->heap_len > c->st.max_open)
		c->st.max_open = c->heap_len;
}

/* Settles u, taken off the lists with its rhs, and offers each cell
 * that can step into it the way through it. */
static inline void dl_first_expand(struct dlite_ctx *c, const uint8_t *cost,
                                   size_t u, uint32_t *open)
{
	int ux, uy, d;

	c->st.expanded++;
	c->g[u] = c->rhs[u];
	if (!cost[u])
		return;
	ux = dl_x(c, u);
	uy = dl_y(c, u);
	for (d = 0; d < c->ndirs; d++) {
		const size_t s = dl_offer(c, cost, u, d);

		if (!s)
			continue;
		dl_bucket_push(c, (uint32_t)s, c->rhs[s],
		               sat32((uint64_t)c->rhs[s] +
		                     dl_h(c, c->sx, c->sy, ux + dir_dx[d],
		                          uy + dir_dy[d])));
		if (++*open > c->st.max_open)
			c->st.max_open = *open;
	}
}

/* Takes entry k off the head of list i (in word w of the bitmap) onto
 * the free list, and returns its cell when it is live (-1 when the cell
 * was settled or pushed again cheaper since). */
static inline long dl_bucket_pop(struct dlite_ctx *c, uint32_t i, uint32_t k)
{
	const uint32_t u = c->pool[k].idx;

	c->ring[i] = c->pool[k].next;
	if (c->ring[i] == DL_NIL)
		c->ring_bits[i >> 6] &= ~(1ull << (i & 63));
	c->pool[k].next = c->pool_free;
	c->pool_free = k;
	if (c->g[u] != DL_INF || c->rhs[u] != c->pool[k].rhs)
		return -1;
	return (long)u;
}

/* The first search of a plan on the buckets, from the goal (rhs 0, not
 * yet queued), until the walker's cell is settled or nothing is left.
 * Then, as the heap's order (keys compared on rhs after f) would, the
 * cells of the walker's f with a lower rhs are settled too, so that the
 * queue holds no key below the walker's: a search right after the plan
 * has nothing to do. */
static void dl_first_search(struct dlite_ctx *c)
{
	const uint8_t *cost = c->grid->cost;
	const uint32_t mask = c->ring_size - 1, words = c->ring_size >> 6;
	const size_t start = c->start, goal = c->goal;
	uint32_t fmin = dl_h(c, c->sx, c->sy, dl_x(c, goal), dl_y(c, goal));
	uint32_t open = 1, i, k, keep = DL_NIL;

	dl_touch(c, start);
	c->over = 0;
	c->pool_free = DL_NIL;
	dl_bucket_push(c, (uint32_t)goal, 0, fmin);
	while (c->g[start] == DL_INF && !c->nomem) {
		uint32_t w, n = 0;
		uint64_t word;
		long u;

		if (unlikely(c->limit && c->st.expanded >= c->limit)) {
			c->over = 1;
			goto done;
		}
		i = fmin & mask;
		w = i >> 6;
		word = c->ring_bits[w] & (~0ull << (i & 63));
		/* The lowest non-empty list from fmin on: the other words,
		 * then this one again whole (lists far ahead wrap round), as
		 * bucket.c's search does. */
		while (!word) {
			if (++n > words)
				goto done;
			w = (w + 1) & (words - 1);
			word = c->ring_bits[w];
		}
		i = w << 6 | (uint32_t)__builtin_ctzll(word);
		fmin += (i - fmin) & mask;
		open--;
		u = dl_bucket_pop(c, i, c->ring[i]);
		if (u >= 0)
			dl_first_expand(c, cost, (size_t)u, &open);
	}
	if (c->g[start] == DL_INF)
		goto done;
	/* fmin is the walker's f, its g. */
	i = fmin & mask;
	while (!c->nomem && (k = c->ring[i]) != DL_NIL) {
		const uint32_t rhs = c->pool[k].rhs;
		const long u = dl_bucket_pop(c, i, k);

		if (u >= 0 && rhs >= c->g[start]) {
			/* Its key equals the walker's: it stays queued.  The
			 * entry just freed is the free list's head: take it
			 * back. */
			c->pool_free = c->pool[k].next;
			c->pool[k].next = keep;
			keep = k;
			continue;
		}
		open--;
		if (u >= 0)
			dl_first_expand(c, cost, (size_t)u, &open);
	}
	if (keep != DL_NIL) {
		c->ring[i] = keep;
		c->ring_bits[i >> 6] |= 1ull << (i & 63);
	}
done:
	dl_bucket_drain(c);
}

/* km grows by the walker's move since it last grew (see the top).  The
 * Euclidean h is a metric rounded down, which can break the triangle
 * inequality by one unit (2.0 > 1.5 + 0.5 becomes 2 > 1 + 0), and by a
 * hair more through floating point; it gets two units more, which costs
 * nothing but an occasional re-key.  The others are exact integer
 * metrics. */
static void dl_sync_start(struct dlite_ctx *c)
{
	if (c->sx == c->lx && c->sy == c->ly)
		return;
	c->km += dl_h(c, c->lx, c->ly, c->sx, c->sy) +
	         (c->heur == PATH_H_EUCLIDEAN ? 2u : 0u);
	c->lx = c->sx;
	c->ly = c->sy;
}

/* Walks from the walker's cell down the g values to the goal. */
static int dl_answer(struct dlite_ctx *c, struct path_point *buf, size_t cap,
                     struct path_result *res)
{
	const uint8_t *cost = c->grid->cost;
	size_t a = c->start, len = 1;
	uint64_t total = 0;

	memset(res, 0, sizeof(*res));
	res->stats = c->st;
	memset(&c->st, 0, sizeof(c->st));
	if (c->nomem) {
		res->status = PATH_NOMEM;
		return PATH_NOMEM;
	}
	if (c->over) {
		res->status = PATH_BUDGET;
		return PATH_BUDGET;
	}
	dl_touch(c, a);
	if (c->g[a] == DL_INF) {
		res->status = c->range ? PATH_COST_RANGE : PATH_NO_PATH;
		return res->status;
	}
	if (cap) {
		buf[0].x = c->sx;
		buf[0].y = c->sy;
	}
	while (a != c->goal) {
		size_t next = 0;
		const uint32_t best = dl_best_step(c, cost, a, &next, NULL);

		/* g drops by at least one at every step of an exact search,
		 * so this only guards against a broken invariant. */
		if (best == DL_INF || len >= c->ncells) {
			res->status = PATH_NO_PATH;
			return PATH_NO_PATH;
		}
		total += best - c->g[next];
		a = next;
		if (len < cap) {
			buf[len].x = dl_x(c, a);
			buf[len].y = dl_y(c, a);
		}
		len++;
	}
	if (total > PATH_COST_MAX) {
		res->status = PATH_COST_RANGE;
		return PATH_COST_RANGE;
	}
	res->status = PATH_FOUND;
	res->cost = (uint32_t)total;
	res->length = len;
	return PATH_FOUND;
}

/* --- the public side ------------------------------------------------------ */

struct dlite_ctx *dlite_ctx_new(int width, int height)
{
	struct dlite_ctx *c;
	size_t blocks, cells;

	if (!grid_size_ok(width, height))
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->width = width;
	c->height = height;
	c->stride = width + 2;
	c->ncells = (size_t)(width + 2) * (size_t)(height + 2);
	blocks = cell_block_count(c->ncells);
	cells = blocks * BLOCK_CELLS;
	c->cells_bytes = cells * 3 * sizeof(uint32_t);
	c->g = malloc(c->cells_bytes);
	c->stamps = calloc(blocks, sizeof(*c->stamps));
	c->known = calloc(c->ncells, 1);
	if (!c->g || !c->stamps || !c->known) {
		dlite_ctx_free(c);
		return NULL;
	}
	/* Not cleared: the stamps make every block read as unseen, and a
	 * block is cleared when a search first reaches it, so a context
	 * made on a big map costs only the pages its searches reach
	 * (clearing it all took 2 ms on a 481x530 map, where a plan of
	 * 3,600 cells reached a small part of it). */
	c->rhs = c->g + cells;
	c->pos = c->rhs + cells;
	return c;
}

void dlite_ctx_free(struct dlite_ctx *ctx)
{
	if (!ctx)
		return;
	free(ctx->g);
	free(ctx->stamps);
	free(ctx->known);
	free(ctx->heap);
	free(ctx->ring);
	free(ctx->ring_bits);
	free(ctx->pool);
	free(ctx);
}

size_t dlite_ctx_bytes(const struct dlite_ctx *ctx)
{
	return sizeof(*ctx) + ctx->cells_bytes + ctx->ncells +
	       cell_block_count(ctx->ncells) * sizeof(*ctx->stamps) +
	       (size_t)ctx->heap_cap * sizeof(*ctx->heap) +
	       (size_t)ctx->ring_size * sizeof(*ctx->ring) +
	       (size_t)ctx->ring_size / 64 * sizeof(*ctx->ring_bits) +
	       (size_t)ctx->pool_cap * sizeof(*ctx->pool);
}

int dlite_plan(struct dlite_ctx *ctx, const struct grid *g,
               const struct path_params *p, int sx, int sy, int gx, int gy,
               struct path_point *buf, size_t cap, struct path_result *res)
{
	uint32_t spread;
	int d;

	if (!res)
		return PATH_BAD_ARG;
	memset(res, 0, sizeof(*res));
	res->status = PATH_BAD_ARG;
	if (!ctx)
		return PATH_BAD_ARG;
	ctx->planned = 0;
	if (path_query_check(g, ctx->width, ctx->height, p, sx, sy, gx, gy, buf,
	                     cap) != 0)
		return PATH_BAD_ARG;
	if (!(p->algo == PATH_ASTAR && p->weight == PATH_WEIGHT_ONE &&
	      path_heuristic_admissible(p, p->heuristic)) &&
	    p->algo != PATH_DIJKSTRA)
		return PATH_BAD_ARG;

	if (++ctx->gen == 0) {
		memset(ctx->stamps, 0,
		       cell_block_count(ctx->ncells) * sizeof(*ctx->stamps));
		ctx->gen = 1;
	}
	ctx->grid = g;
	ctx->diag = p->diagonal;
	ctx->heur = p->algo == PATH_DIJKSTRA ? PATH_H_ZERO : p->heuristic;
	ctx->straight = p->straight_cost;
	ctx->diagonal = p->diagonal_cost;
	ctx->h_scale = p->h_scale ? p->h_scale : 1;
	ctx->euclid_scale = path_euclid_scale(p);
	ctx->ndirs = p->diagonal == PATH_DIAG_NEVER ? DIR_STRAIGHT : DIR_COUNT;
	for (d = 0; d < DIR_COUNT; d++) {
		ctx->step[d] =
		        d < DIR_STRAIGHT ? p->straight_cost : p->diagonal_cost;
		ctx->off[d] = (long)dir_dy[d] * ctx->stride + dir_dx[d];
	}
	ctx->start = dl_index(ctx, sx, sy);
	ctx->goal = dl_index(ctx, gx, gy);
	memcpy(ctx->known, g->cost, ctx->ncells);
	ctx->sx = ctx->lx = sx;
	ctx->sy = ctx->ly = sy;
	ctx->km = 0;
	ctx->heap_len = 0;
	ctx->nomem = 0;
	ctx->range = 0;
	ctx->over = 0;
	ctx->limit = p->budget;
	memset(&ctx->st, 0, sizeof(ctx->st));
	ctx->planned = 1;

	dl_touch(ctx, ctx->goal);
	ctx->rhs[ctx->goal] = 0;
	if (dl_buckets_fit(ctx, &spread) && dl_ring_fit(ctx, spread) == 0) {
		dl_first_search(ctx);
	} else {
		dl_update(ctx, ctx->goal, gx, gy);
		dl_search(ctx);
	}
	return dl_answer(ctx, buf, cap, res);
}

/* Whether the search has never looked at the cells within two of (x, y):
 * then a change of (x, y) leaves every rhs around it at infinity (each is
 * worked out from neighbours whose g is unknown), and costs nothing to
 * take into account.  A change far from the walker's way, the usual case
 * on a big map, is thus skipped without a look at its 3x3 block. */
static int dl_unseen_around(const struct dlite_ctx *c, int x, int y)
{
	int row, x0 = x - 2 < -1 ? -1 : x - 2,
	         x1 = x + 2 > c->width ? c->width : x + 2;

	for (row = y - 2; row <= y + 2; row++) {
		size_t a, b;

		if (row < -1 || row > c->height)
			continue;
		a = dl_index(c, x0, row) >> BLOCK_SHIFT;
		b = dl_index(c, x1, row) >> BLOCK_SHIFT;
		for (; a <= b; a++)
			if (c->stamps[a] == c->gen)
				return 0;
	}
	return 1;
}

/* The cost of the step from p in direction d under the multipliers m
 * (the grid's now, or the context's as it last knew them), DL_INF when
 * the step is not allowed. */
static inline uint64_t dl_step_cost(const struct dlite_ctx *c, const uint8_t *m,
                                    size_t p, int d)
{
	if (!m[p] || !dl_legal(c, m, p, d))
		return DL_INF;
	return (uint64_t)c->step[d] * m[p + (size_t)c->off[d]];
}

/* One step, from p in direction d, that the changes may have made
 * cheaper or dearer, as D* Lite treats a changed edge: cheaper, p takes
 * it if it now beats p's rhs; dearer, p is looked at again (later, in
 * dlite_cells_changed, once every changed step has been seen) if its rhs
 * came through it.  The old cost is read off c->known, the new one off
 * the grid, whole: a step with two changed cells at its ends or corners
 * comes out the same whichever of them it is seen from. */
static void dl_edge_changed(struct dlite_ctx *c, const uint8_t *cost, size_t p,
                            int d)
{
	const size_t q = p + (size_t)c->off[d];
	const uint64_t was = dl_step_cost(c, c->known, p, d),
	               now = dl_step_cost(c, cost, p, d);
	uint64_t v;

	if (p == c->goal || was == now)
		return;
	dl_touch(c, q);
	if (c->g[q] == DL_INF)
		return; /* p's rhs never counted on q, and cannot yet */
	dl_touch(c, p);
	if (now < was) {
		v = now + c->g[q];
		if (v > PATH_COST_MAX) {
			c->range = 1;
			return;
		}
		if (v < c->rhs[p]) {
			c->rhs[p] = (uint32_t)v;
			dl_update(c, p, dl_x(c, p), dl_y(c, p));
		}
		return;
	}
	v = was + c->g[q];
	/* dlite_cells_changed leaves room for every step of a cell. */
	if (v == c->rhs[p])
		c->redo[c->nredo++] = (uint32_t)p;
}

/* Every step that cell a's change can touch: the steps into it (its
 * multiplier), and when it was blocked or opened, the steps out of it
 * and, under the no-corner rule, the diagonals that pass it. */
static void dl_cell_changed(struct dlite_ctx *c, const uint8_t *cost, size_t a)
{
	const int walled = !c->known[a] != !cost[a];
	int d;

	for (d = 0; d < c->ndirs; d++) {
		const size_t n = a + (size_t)c->off[d];
		/* The step from n into a goes the other way round. */
		const int back = dir_opposite(d);

		dl_edge_changed(c, cost, n, back);
		if (walled)
			dl_edge_changed(c, cost, a, d);
	}
	if (!walled || c->diag != PATH_DIAG_NO_CORNER)
		return;
	for (d = DIR_STRAIGHT; d < DIR_COUNT; d++) {
		/* The diagonal d from p passes a when a is p's neighbour
		 * across, or below or above, in d's direction. */
		const long dx = dir_dx[d], dy = (long)dir_dy[d] * c->stride;

		dl_edge_changed(c, cost, (size_t)((long)a - dx), d);
		dl_edge_changed(c, cost, (size_t)((long)a - dy), d);
	}
}

int dlite_cells_changed(struct dlite_ctx *ctx, const struct path_point *cells,
                        size_t n)
{
	const uint8_t *cost;
	size_t i;

	if (!ctx || !ctx->planned || (n && !cells))
		return PATH_BAD_ARG;
	if (ctx->nomem)
		return PATH_NOMEM;
	cost = ctx->grid->cost;
	dl_sync_start(ctx);
	/* Each changed cell's steps are seen with every cell of the batch
	 * still as the context knew it (c->known), then the cells are
	 * known as they are now.  The cells whose best step got dearer are
	 * looked at last, against the grid as it is now; a batch bigger
	 * than the list is taken in parts. */
	while (n) {
		size_t part = 0;

		ctx->nredo = 0;
		for (i = 0; i < n && ctx->nredo + DL_REDO_CELL <= DL_REDO_MAX;
		     i++, part++) {
			const int x = cells[i].x, y = cells[i].y;
			size_t a;

			if (x < 0 || y < 0 || x >= ctx->width ||
			    y >= ctx->height)
				continue;
			a = dl_index(ctx, x, y);
			if (ctx->known[a] == cost[a] ||
			    dl_unseen_around(ctx, x, y))
				continue;
			dl_cell_changed(ctx, cost, a);
		}
		for (i = 0; i < part; i++) {
			const int x = cells[i].x, y = cells[i].y;

			if (x >= 0 && y >= 0 && x < ctx->width &&
			    y < ctx->height)
				ctx->known[dl_index(ctx, x, y)] =
				        cost[dl_index(ctx, x, y)];
		}
		for (i = 0; i < ctx->nredo; i++) {
			const size_t a = ctx->redo[i];
			const uint32_t r = dl_rhs_of(ctx, cost, a);

			if (r == ctx->rhs[a])
				continue;
			ctx->rhs[a] = r;
			dl_update(ctx, a, dl_x(ctx, a), dl_y(ctx, a));
		}
		cells += part;
		n -= part;
	}
	return ctx->nomem ? PATH_NOMEM : 0;
}

int dlite_set_limit(struct dlite_ctx *ctx, uint32_t expansions)
{
	if (!ctx)
		return PATH_BAD_ARG;
	ctx->limit = expansions;
	return 0;
}

int dlite_move_start(struct dlite_ctx *ctx, int x, int y)
{
	if (!ctx || !ctx->planned || x < 0 || y < 0 || x >= ctx->width ||
	    y >= ctx->height)
		return PATH_BAD_ARG;
	ctx->sx = x;
	ctx->sy = y;
	ctx->start = dl_index(ctx, x, y);
	return 0;
}

int dlite_replan(struct dlite_ctx *ctx, struct path_point *buf, size_t cap,
                 struct path_result *res)
{
	if (!res)
		return PATH_BAD_ARG;
	memset(res, 0, sizeof(*res));
	res->status = PATH_BAD_ARG;
	if (!ctx || !ctx->planned || (cap && !buf))
		return PATH_BAD_ARG;
	if (!ctx->nomem) {
		dl_sync_start(ctx);
		dl_search(ctx);
	}
	return dl_answer(ctx, buf, cap, res);
}
