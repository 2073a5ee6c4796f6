/* SPDX-License-Identifier: MIT */
/* heap.c - the search with a 4-ary heap for its open list, for the
 * searches whose f can drop from a cell to its successor, which Dial's
 * buckets (bucket.c) cannot hold: weighted A*, greedy best-first,
 * Manhattan h with diagonals, Euclidean h, a scaled h, and diagonal steps
 * dearer than the buckets take.
 *
 * Keys are f << 32 | ~g, so the heap gives the lowest f first and among
 * equal f the largest g (the smallest h); a search without tie-breaking
 * (PATH_TIES_FIFO) keys f << 32 | its push count instead, so that among
 * equal f the cell pushed first comes first.  An improved cell's old entry
 * is left behind in the heap, and skipped when it comes out.  The heap is
 * made by the first search that needs it, grows on demand and is kept
 * between queries. */
#include "path_impl.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/dir.h"

#define HEAP_INITIAL 1024

struct heap_entry {
	uint64_t key; /* f << 32 | ~g: low f first, then high g (low h) */
	uint32_t node;
	uint16_t x, y; /* the cell's coordinates, saving a division */
};

/* Entries with equal keys come out in the heap's own order, which is
 * fixed for a given sequence of pushes: results stay deterministic. */
static inline int heap_entry_less(const struct heap_entry *a,
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

		if (!heap_entry_less(&e, &heap[parent]))
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

/* A heap of cap entries, all HEAP_EMPTY, with HEAP_PAD entries before it
 * for the alignment and HEAP_ARITY after it for heap_pop's reads. */
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

/* Doubles the context's heap, whose first len entries are in use. */
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

int heap_ready(struct path_ctx *c)
{
	size_t cap;

	if (c->heap)
		return 0;
	cap = c->ncells < HEAP_INITIAL ? c->ncells : HEAP_INITIAL;
	c->heap = heap_alloc(cap);
	if (!c->heap)
		return PATH_NOMEM;
	c->heap_cap = cap;
	return 0;
}

void heap_fini(struct path_ctx *c)
{
	heap_release(c->heap);
}

size_t heap_bytes(const struct path_ctx *c)
{
	return c->heap ? (c->heap_cap + HEAP_PAD + HEAP_ARITY) *
	                         sizeof(*c->heap)
	               : 0;
}

/* The key of a cell reached at g with h (scaled, not weighted) under the
 * query's algorithm. */
static inline __attribute__((always_inline)) uint64_t
heap_key(const struct query *q, uint32_t g, uint32_t h)
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

/* The f half of a key. */
#define KEY_F_MASK 0xffffffff00000000ull

/* The start cell of a search: reached at g = 0, open. */
static void heap_start_cell(struct path_ctx *c, uint32_t start)
{
	cell_touch(c->g, c->stamps, c->gen, start);
	c->g[start] = 0;
	c->flags[start] = 0;
}

/* The open list as a search holds it: the context's heap in locals (see
 * heap_loop), and the best successor of the expansion under way, held
 * out of the heap. */
struct heap_open {
	struct heap_entry *heap;
	size_t len, cap;
	struct heap_entry next;
	int have_next;
};

/* Adds e to the heap, which grows when full: 0, or -1 when out of
 * memory. */
static inline __attribute__((always_inline)) int
heap_insert(struct path_ctx *c, struct heap_open *o, struct heap_entry e)
{
	if (o->len == o->cap) {
		c->heap = o->heap;
		if (heap_grow(c, o->len) != 0)
			return -1;
		o->heap = c->heap;
		o->cap = c->heap_cap;
	}
	heap_sift_up(o->heap, o->len++, e);
	return 0;
}

/* The entry to expand next, into *top: the held successor if there is
 * one, else the heap's top.  0 when the open list is empty. */
static inline __attribute__((always_inline)) int
heap_take(struct heap_open *o, struct heap_entry *top)
{
	if (o->have_next) {
		*top = o->next;
		o->have_next = 0;
	} else if (o->len) {
		*top = heap_pop(o->heap, --o->len);
	} else {
		return 0;
	}
	return 1;
}

/* Pushes a successor: the best of an expansion's successors so far is
 * held, the others go into the heap.  0, or -1 when out of memory. */
static inline __attribute__((always_inline)) int
heap_push_held(struct path_ctx *c, struct heap_open *o, struct heap_entry e)
{
	if (!o->have_next) {
		o->next = e;
		o->have_next = 1;
		return 0;
	}
	if (e.key < o->next.key) {
		struct heap_entry t = o->next;

		o->next = e;
		e = t;
	}
	return heap_insert(c, o, e);
}

/* At the end of an expansion the held successor is expanded next without
 * a trip through the heap when it beats everything there (on open ground
 * that is most expansions); otherwise it joins the heap.  0, or -1 when
 * out of memory. */
static inline __attribute__((always_inline)) int
heap_settle_held(struct path_ctx *c, struct heap_open *o)
{
	if (o->have_next && !(o->next.key < o->heap[0].key)) {
		if (heap_insert(c, o, o->next) != 0)
			return -1;
		o->have_next = 0;
	}
	return 0;
}

/* For a trace with lines: what becomes of neighbour nb (direction d from
 * cur), reached at cost ng, as heap_loop will decide it below: skipped
 * as closed (and not reopened), or its new cost, then no better (the
 * push itself is recorded where it happens). */
static void heap_trace_cost(struct path_trace *tr, const struct path_ctx *c,
                            const struct query *q, enum path_heuristic heur,
                            size_t cur, size_t nb, int d, uint32_t ng,
                            int improve, int reopen)
{
	const uint32_t gv =
	        c->stamps[nb >> BLOCK_SHIFT] == c->gen ? c->g[nb] : G_UNSEEN;
	const int closed = gv != G_UNSEEN && (c->flags[nb] & CELL_CLOSED);
	const int better =
	        gv == G_UNSEEN || (improve && ng < gv && (!closed || reopen));
	const int x = (int)(nb % (size_t)c->stride) - 1;
	const int y = (int)(nb / (size_t)c->stride) - 1;

	if (!tr->lines)
		return;
	if (closed && !better) {
		trace_line(tr, c, PATH_TRACE_SKIP_CLOSED, nb, cur, d, gv, 0, 0);
		return;
	}
	trace_line(tr, c, PATH_TRACE_COST, nb, cur, d, ng,
	           query_h(q, heur, x, y), 0);
	if (!better || ng > PATH_COST_MAX)
		trace_line(tr, c, PATH_TRACE_NOT_BETTER, nb, cur, d, gv, 0, 0);
}

/* Written once, instantiated per diagonal rule, heuristic and tracing
 * flag: the constant arguments let the compiler drop the tests that do
 * not apply.  Everything the loop touches is copied into locals first:
 * stores into the cell and heap arrays could otherwise alias the context,
 * the query and the statistics, and force reloads on every step.  open
 * counts live cells on the open list (stale heap entries excluded) for
 * the max_open statistic.  fifo (PATH_TIES_FIFO) is 0 in every
 * specialised instance.  One of the path engine's three hot loops: it
 * stays one function, as a call per node would cost more than its
 * length. */
static inline __attribute__((always_inline)) enum path_status
heap_loop(struct path_ctx *c, const uint8_t *cost, const struct query *qp,
          struct path_stats *stp, struct path_trace *tr, const int tracing,
          const enum path_diagonal diag, const enum path_heuristic heur,
          const int astar1, const int fifo)
{
	const struct query ql = *qp, *const q = &ql;
	uint32_t *const gs = c->g, *const stamps = c->stamps;
	uint8_t *const flags = c->flags;
	const uint32_t gen = c->gen;
	const int ndirs = diag == PATH_DIAG_NEVER ? 4 : 8;
	/* astar1: plain A* (w = 1), which comes here with Euclidean h,
	 * Manhattan h with diagonals, a scaled h or dear diagonal steps, has
	 * its mode fixed at compile time. */
	const int bfs = !astar1 && q->algo == PATH_BFS;
	const int improve = astar1 || q->improve;
	const int reopen = astar1 || q->reopen;
	const uint32_t straight = q->straight, diagonal = q->diagonal;
	const uint32_t budget = q->budget;
	const uint32_t max_step = diagonal * GRID_COST_MAX;
	const uint32_t stride = (uint32_t)c->stride;
	const uint32_t goal = (uint32_t)q->goal, start = (uint32_t)q->start;
	uint32_t off[8];
	struct heap_open o = {c->heap, 0, c->heap_cap, {0, 0, 0, 0}, 0};
	struct path_stats st = {0, 0, 0, 0};
	enum path_status result = PATH_NO_PATH;
	uint32_t open = 1;
	int over_limit = 0;
	const int greedy = !astar1 && q->algo == PATH_GREEDY;
	uint32_t best = start, best_h = UINT32_MAX;
	uint32_t h = query_h(q, heur, q->sx, q->sy);
	uint64_t key = heap_key(q, 0, h);
	int d;

	if (fifo)
		key &= KEY_F_MASK; /* the start is push 0 */
	for (d = 0; d < 8; d++)
		off[d] = (uint32_t)q->off[d];
	heap_start_cell(c, start);
	o.heap[o.len++] = (struct heap_entry){key, start, (uint16_t)q->sx,
	                                      (uint16_t)q->sy};
	st.pushes = 1;
	st.max_open = 1;
	if (tracing)
		trace_add(tr, c, PATH_TRACE_PUSH, start, start, -1, h, key);

	for (;;) {
		struct heap_entry top;
		uint32_t cur;
		uint32_t fl, cg;
		int cx, cy, near_limit;
		uint32_t skip;
		uint8_t m4[4];

		if (!heap_take(&o, &top))
			break;
		cur = top.node;
		fl = flags[cur];
		cg = gs[cur];
		cx = top.x;
		cy = top.y;
		skip = prune_mask[cur == start ? 8 : cell_dir(fl)];
		/* One test per expansion instead of one per step: only a g
		 * this close to the limit can step past it. */
		near_limit = cg > PATH_COST_MAX - max_step;

		/* A cell pushed again with a better g leaves its old entry
		 * behind; it is recognised by its g (without tie-breaking, by
		 * its f, which a better g lowers), or by the cell having been
		 * closed through the better entry already. */
		if (fifo) {
			if ((fl & CELL_CLOSED) ||
			    (top.key & KEY_F_MASK) !=
			            (heap_key(q, cg, query_h(q, heur, cx, cy)) &
			             KEY_F_MASK))
				continue;
		} else if ((fl & CELL_CLOSED) || (uint32_t)~top.key != cg) {
			continue;
		}
		if (budget && st.expanded >= budget) {
			result = trace_budget(tracing ? tr : NULL, cx, cy, cg,
			                      top.key);
			break;
		}
		flags[cur] = (uint8_t)(fl | CELL_CLOSED);
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
			int dir = cur == start ? -1 : cell_dir(fl);
			size_t par = dir < 0 ? cur : cur - off[dir];

			trace_add(tr, c, PATH_TRACE_EXPAND, cur, par, dir,
			          query_h(q, heur, cx, cy), top.key);
		}
		if (cur == goal) {
			if (tracing)
				trace_line(tr, c, PATH_TRACE_GOAL, cur, cur, -1,
				           cg, query_h(q, heur, cx, cy),
				           top.key);
			result = PATH_FOUND;
			break;
		}
#pragma GCC unroll 8
		for (d = 0; d < ndirs; d++) {
			const uint32_t nb = cur + (uint32_t)dir_dy[d] * stride +
			                    (uint32_t)dir_dx[d];
			const uint8_t m = cost[nb];
			uint32_t ng, gv;
			int nx, ny;

			if (d < 4) {
				m4[d] = m;
				if (skip & 1u << d) {
					if (tracing)
						trace_skipped(tr, c, cost, q,
						              diag, bfs, cur,
						              d);
					continue;
				}
			} else if (skip & 1u << d) {
				if (tracing)
					trace_skipped(tr, c, cost, q, diag, bfs,
					              cur, d);
				continue;
			} else if (diag == PATH_DIAG_NO_CORNER) {
				/* Directions 4..7 are NE, SE, SW, NW; their
				 * orthogonal neighbours are N/E, E/S, S/W,
				 * W/N, that is m4[d-4] and m4[(d-3)&3]. */
				if (!m4[d - 4] || !m4[(d - 3) & 3]) {
					if (tracing)
						trace_skipped(tr, c, cost, q,
						              diag, bfs, cur,
						              d);
					continue;
				}
			}
			if (!m) {
				if (tracing)
					trace_skipped(tr, c, cost, q, diag, bfs,
					              cur, d);
				continue;
			}
			if (bfs)
				ng = cg + 1;
			else
				ng = cg + (d < 4 ? straight : diagonal) * m;
			if (tracing) {
				trace_line(tr, c, PATH_TRACE_NEIGHBOUR, nb, cur,
				           d, cg, 0, 0);
				heap_trace_cost(tr, c, q, heur, cur, nb, d, ng,
				                improve, reopen);
			}
			if (near_limit && ng > PATH_COST_MAX) {
				/* A step past the limit is not taken; if the
				 * goal is then never reached, the search says
				 * so with PATH_COST_RANGE rather than "no
				 * path".  (ng cannot wrap: the largest step is
				 * below 2^22.) */
				over_limit = 1;
				continue;
			}
			cell_touch(gs, stamps, gen, nb);
			gv = gs[nb];
			if (gv == G_UNSEEN) {
				open++;
			} else {
				if (!improve || ng >= gv)
					continue;
				if (flags[nb] & CELL_CLOSED) {
					if (!reopen)
						continue;
					st.reopened++;
					open++;
				}
			}
			gs[nb] = ng;
			flags[nb] = (uint8_t)d;
			nx = cx + dir_dx[d];
			ny = cy + dir_dy[d];
			h = query_h(q, heur, nx, ny);
			key = astar1 ? (uint64_t)sat32((uint64_t)ng + h) << 32 |
			                       (uint32_t)~ng
			      : fifo ? (heap_key(q, ng, h) & KEY_F_MASK) |
			                       st.pushes
			             : heap_key(q, ng, h);
			if (heap_push_held(
			            c, &o,
			            (struct heap_entry){key, nb, (uint16_t)nx,
			                                (uint16_t)ny}) != 0) {
				result = PATH_NOMEM;
				goto out;
			}
			st.pushes++;
			if (tracing)
				trace_add(tr, c, PATH_TRACE_PUSH, nb, cur, d, h,
				          key);
		}
		/* open only grows while the neighbours are pushed, so its
		 * peak shows at the end of an expansion. */
		if (open > st.max_open)
			st.max_open = open;
		if (heap_settle_held(c, &o) != 0) {
			result = PATH_NOMEM;
			goto out;
		}
	}
	if (tracing && result == PATH_NO_PATH)
		trace_line(tr, c, PATH_TRACE_NO_PATH, goal, goal, -1, 0, 0, 0);
	if (result == PATH_NO_PATH && over_limit)
		result = PATH_COST_RANGE;
out:
	/* Leave the heap all empty keys for the next query. */
	while (o.len)
		o.heap[--o.len].key = HEAP_EMPTY;
	c->heap = o.heap;
	c->best = best;
	*stp = st;
	return result;
}

/* The heap search without a trace: plain A* (w = 1) gets an instance
 * with its mode fixed at compile time (see heap_loop). */
static inline __attribute__((always_inline)) enum path_status
heap_untraced(struct path_ctx *c, const uint8_t *cost, const struct query *q,
              struct path_stats *st, const enum path_diagonal diag,
              const enum path_heuristic heur, int astar1)
{
	return astar1 ? heap_loop(c, cost, q, st, NULL, 0, diag, heur, 1, 0)
	              : heap_loop(c, cost, q, st, NULL, 0, diag, heur, 0, 0);
}

/* The heap search under one diagonal rule, with one instance of the loop
 * per heuristic. */
static inline __attribute__((always_inline)) enum path_status
heap_search_rule(struct path_ctx *c, const uint8_t *cost, const struct query *q,
                 struct path_stats *st, const enum path_diagonal diag)
{
	const int astar1 =
	        q->algo == PATH_ASTAR && q->weight == PATH_WEIGHT_ONE;

	switch (q->heuristic) {
	case PATH_H_MANHATTAN:
		return heap_untraced(c, cost, q, st, diag, PATH_H_MANHATTAN,
		                     astar1);
	case PATH_H_OCTILE:
		return heap_untraced(c, cost, q, st, diag, PATH_H_OCTILE,
		                     astar1);
	case PATH_H_CHEBYSHEV:
		return heap_untraced(c, cost, q, st, diag, PATH_H_CHEBYSHEV,
		                     astar1);
	case PATH_H_EUCLIDEAN:
		return heap_untraced(c, cost, q, st, diag, PATH_H_EUCLIDEAN,
		                     astar1);
	default:
		return heap_untraced(c, cost, q, st, diag, PATH_H_ZERO, astar1);
	}
}

/* One function per diagonal rule, each with its heuristics inside, so
 * that the compiler allocates registers for each search loop on its own
 * rather than for every rule's in one function. */
static __attribute__((noinline)) enum path_status
heap_search_never(struct path_ctx *c, const uint8_t *cost,
                  const struct query *q, struct path_stats *st)
{
	return heap_search_rule(c, cost, q, st, PATH_DIAG_NEVER);
}

static __attribute__((noinline)) enum path_status
heap_search_no_corner(struct path_ctx *c, const uint8_t *cost,
                      const struct query *q, struct path_stats *st)
{
	return heap_search_rule(c, cost, q, st, PATH_DIAG_NO_CORNER);
}

static __attribute__((noinline)) enum path_status
heap_search_always(struct path_ctx *c, const uint8_t *cost,
                   const struct query *q, struct path_stats *st)
{
	return heap_search_rule(c, cost, q, st, PATH_DIAG_ALWAYS);
}

enum path_status heap_search(struct path_ctx *c, const uint8_t *cost,
                             const struct query *q, enum path_diagonal diag,
                             enum path_ties ties, struct path_stats *st,
                             struct path_trace *tr)
{
	/* A traced search (the AI view's) and one without tie-breaking
	 * take one generic instance per rule, with the heuristic, the mode,
	 * the trace and the tie rule chosen at run time. */
	if (tr || ties != PATH_TIES_LOW_H) {
		const int tracing = tr != NULL, fifo = ties == PATH_TIES_FIFO;

		switch (diag) {
		case PATH_DIAG_NEVER:
			return heap_loop(c, cost, q, st, tr, tracing,
			                 PATH_DIAG_NEVER, PATH_H_COUNT, 0,
			                 fifo);
		case PATH_DIAG_NO_CORNER:
			return heap_loop(c, cost, q, st, tr, tracing,
			                 PATH_DIAG_NO_CORNER, PATH_H_COUNT, 0,
			                 fifo);
		default:
			return heap_loop(c, cost, q, st, tr, tracing,
			                 PATH_DIAG_ALWAYS, PATH_H_COUNT, 0,
			                 fifo);
		}
	}
	switch (diag) {
	case PATH_DIAG_NEVER:
		return heap_search_never(c, cost, q, st);
	case PATH_DIAG_NO_CORNER:
		return heap_search_no_corner(c, cost, q, st);
	default:
		return heap_search_always(c, cost, q, st);
	}
}
