/* SPDX-License-Identifier: MIT */
/* path_impl.h - the inside of the path engine, shared by its files and by
 * nothing else: struct path_ctx, struct query (one search's parameters,
 * worked out once), the per-cell state and its helpers (cell_*), the
 * heuristic, the pruning table, and what each file offers the others.
 *
 * Where things are:
 *   path.c    the public API: parameter checks, path_find (which open list
 *             a query gets, and reading the path back), h, step costs
 *   ctx.c     the context and its per-cell memory: allocation, huge
 *             pages, generation stamps
 *   heap.c    the 4-ary heap and the search loop that uses it
 *   bucket.c  Dial's bucket lists and the search loop that uses them
 *   block.c   a bucket search's blocks made current: the neighbour masks
 *             (SSE2 and plain C) and the block prefetch
 *   trace.c   the record of a traced search, for the AI view
 * dlite.c (incremental re-planning) takes the heuristic from here, so
 * that its keys are path_find's estimates to the last unit; the folder's
 * other engines (grid.c, jps.c, distmap.c, flood.c) use the public
 * headers only. */
#ifndef HUNTED_PATH_IMPL_H
#define HUNTED_PATH_IMPL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "path.h"

/* For the branches a search almost never takes. */
#define unlikely(x) __builtin_expect(!!(x), 0)

/* A cell's flags: the direction it was reached from, and closed. */
#define CELL_DIR_MASK 0x7u
#define CELL_CLOSED   0x8u
/* g of a cell this search has not reached: above every real g, so a
 * step into it always improves it. */
#define G_UNSEEN UINT32_MAX
/* Cells share a generation stamp in blocks of 64 (256 bytes of g), reset
 * together the first time a search touches them: larger blocks mean
 * fewer first touches to test for, smaller ones less to reset. */
#define BLOCK_SHIFT 6
#define BLOCK_CELLS (1u << BLOCK_SHIFT)

struct heap_entry;   /* heap.c */
struct bucket_entry; /* bucket.c */

/* Per-cell state is 7 bytes: g in one array (4 bytes, so a 64-byte cache
 * line holds 16 cells), in another a byte with the closed flag and the
 * direction the cell was reached from, and for the bucket search two
 * bytes of neighbour masks (see block.c), all in one allocation (see
 * ctx.c).  Freshness is kept per block of BLOCK_CELLS cells: a block
 * whose generation stamp is not the current query's gets its g reset
 * (and, in a bucket search, its masks worked out) the first time the
 * query touches it, so nothing is cleared between queries and a query
 * costs only the blocks it reaches. */
struct path_ctx {
	int width;
	int height;
	int stride;
	size_t ncells;      /* padded cells, border included */
	size_t cells_bytes; /* g, nbr and flags together, as allocated */
	uint32_t gen;
	size_t best; /* expanded cell closest to the goal, last search */
	/* Per cell, in one allocation (at c->g) in this order. */
	uint32_t *g;      /* 64-byte aligned */
	uint16_t *nbr;    /* bucket searches: see block_nbr_cell */
	uint8_t *flags;   /* CELL_CLOSED | direction */
	uint32_t *stamps; /* per block of BLOCK_CELLS cells */
	/* The heap, made by the first search that needs it (heap.c). */
	struct heap_entry *heap;
	size_t heap_cap;
	/* The bucket lists (bucket.c): ring heads and their non-empty
	 * bitmap, the pool of entries (with a free list threaded through
	 * next), and the layer being expanded. */
	uint32_t *ring;
	uint64_t *ring_bits;
	uint32_t ring_size; /* a power of two, at least 64 */
	struct bucket_entry *pool;
	uint32_t pool_cap;
	struct bucket_entry *layer;
	uint32_t layer_cap;
	struct bucket_entry *scratch; /* for sorting long layers */
	uint32_t scratch_cap;
	/* What the last search was, for path_ctx_node. */
	int have_last;
	struct path_params last;
	int last_gx, last_gy;
	int last_sx, last_sy;
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

/* Neighbours an expansion need not look at, by the direction the cell was
 * reached from (index 8: the start, which looks at all of them).  For a
 * cell n reached from its parent p, they are p itself and the two cells
 * beside p that p reaches with a straight step no dearer than n's step
 * into them: after a straight move the two diagonals behind, after a
 * diagonal move the two straight cells behind.  p was expanded before n,
 * so each of them already has a g no higher than n could offer (whatever
 * their multipliers, and under every diagonal rule, since p's step is a
 * straight one); relaxing them would change nothing.  Skipping them
 * leaves every result, statistic and trace exactly as they were.  The
 * bucket search skips two more cells after a straight step: see
 * block_nbr_cell. */
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

/* --- the heuristic --------------------------------------------------- */

/* h from a cell (dx, dy) away from the goal, unscaled: s and d are the
 * step costs, es the Euclidean scale (see path_euclid_scale).  h is a
 * constant in the specialised search loops, so the switch folds away. */
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

/* h of (x, y) for query q, scaled.  heur is a compile-time constant in
 * the specialised loops; PATH_H_COUNT means "the query's own heuristic". */
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

/* --- the cells ----------------------------------------------------------- */

/* Blocks covering ncells cells (the last one may run past them). */
static inline size_t cell_block_count(size_t ncells)
{
	return (ncells + BLOCK_CELLS - 1) >> BLOCK_SHIFT;
}

static inline int cell_dir(uint8_t flags)
{
	return (int)(flags & CELL_DIR_MASK);
}

/* Resets the g of every cell of block b to G_UNSEEN. */
static inline void cell_block_reset(uint32_t *g, uint32_t b)
{
	uint32_t *const blk = g + ((size_t)b << BLOCK_SHIFT);
	uint32_t i;

	for (i = 0; i < BLOCK_CELLS; i++)
		blk[i] = G_UNSEEN;
}

/* Makes the block holding cell idx current for this search: a block
 * stamped by an earlier one gets all its g reset to G_UNSEEN.  (The
 * bucket search makes its masks as well: see bucket_touch.) */
static inline __attribute__((always_inline)) void
cell_touch(uint32_t *g, uint32_t *stamps, uint32_t gen, uint32_t idx)
{
	const uint32_t b = idx >> BLOCK_SHIFT;

	if (unlikely(stamps[b] != gen)) {
		stamps[b] = gen;
		cell_block_reset(g, b);
	}
}

/* --- what the files offer each other ------------------------------------ */

/* path.c: the factor a Euclidean h is scaled by under p, so that no step
 * costs less than the straight line it covers (see heuristic_raw). */
double path_euclid_scale(const struct path_params *p);

/* ctx.c: starts a query's generation, so that every block reads stale. */
void ctx_next_gen(struct path_ctx *c);

/* heap.c.  heap_ready makes the heap if the context has none yet (0 or
 * PATH_NOMEM); heap_search runs a search with it, breaking ties as ties
 * says (enum path_ties). */
int heap_ready(struct path_ctx *c);
void heap_fini(struct path_ctx *c);
size_t heap_bytes(const struct path_ctx *c);
enum path_status heap_search(struct path_ctx *c, const uint8_t *cost,
                             const struct query *q, enum path_diagonal diag,
                             enum path_ties ties, struct path_stats *st,
                             struct path_trace *tr);

/* bucket.c: a ring of Dial's lists, one per f modulo its size (a power
 * of two, 64 or more), as the bucket search and D* Lite's first plan
 * (dlite.c) keep their open cells: ring_new makes one of size empty
 * lists (every head RING_NIL) and the bitmap of the non-empty ones, 0,
 * or -1 when out of memory (nothing made). */
#define RING_NIL UINT32_MAX
int ring_new(uint32_t size, uint32_t **ring, uint64_t **bits);

/* bucket.c.  bucket_fits says whether a query can use the bucket lists
 * (f never drops from a cell to its successor); bucket_search runs a
 * search with them. */
int bucket_init(struct path_ctx *c);
void bucket_fini(struct path_ctx *c);
size_t bucket_bytes(const struct path_ctx *c);
int bucket_fits(const struct query *q, enum path_diagonal diag);
enum path_status bucket_search(struct path_ctx *c, const uint8_t *cost,
                               const struct query *q, enum path_diagonal diag,
                               struct path_stats *st, struct path_trace *tr);

/* block.c: what a bucket search's blocks are made from (the context's
 * per-cell arrays and the grid), and block_fresh, which makes block b
 * current: its g reset and its neighbour masks worked out. */
struct block_src {
	uint32_t *g;
	uint16_t *nbr;
	uint8_t *flags;
	const uint8_t *cost;
	size_t ncells, stride;
};
void block_fresh(const struct block_src *src, uint32_t b,
                 enum path_diagonal diag, int bfs);

/* trace.c: records one event of a traced search: trace_add for a cell
 * of path_ctx c (its g read there), trace_event for any search (jump
 * point search's) with every field given; key is the open list's, f in
 * its high 32 bits. */
void trace_add(struct path_trace *t, const struct path_ctx *c,
               enum path_trace_kind kind, size_t idx, size_t parent, int dir,
               uint32_t h, uint64_t key);
void trace_event(struct path_trace *t, enum path_trace_kind kind, int x, int y,
                 int px, int py, int dir, uint32_t g, uint32_t h, uint64_t key);
/* The finer events, kept only when t->lines is set: trace_line records
 * one for cell idx of c with every value given; trace_skipped records
 * what became of the neighbour of cur in direction d that the loop
 * passed over (blocked, a corner cut, pruned: closed or no cheaper). */
void trace_line(struct path_trace *t, const struct path_ctx *c,
                enum path_trace_kind kind, size_t idx, size_t parent, int dir,
                uint32_t g, uint32_t h, uint64_t key);
void trace_skipped(struct path_trace *t, const struct path_ctx *c,
                   const uint8_t *cost, const struct query *q,
                   enum path_diagonal diag, int bfs, size_t cur, int d);
/* trace_fine: trace_event, kept only when t->lines is set.
 * trace_offer: for jump point search, the end (x, y) of a jump from
 * (px, py) (whose g is pg) offered at cost ng: looked at, then closed
 * and no cheaper, or its cost and, unless it comes out cheaper than a
 * g it has (known: kg), no better. */
void trace_fine(struct path_trace *t, enum path_trace_kind kind, int x, int y,
                int px, int py, int dir, uint32_t g, uint32_t h, uint64_t key);
void trace_offer(struct path_trace *t, int x, int y, int px, int py, int dir,
                 uint32_t pg, uint64_t ng, uint32_t h, int known, uint32_t kg,
                 int closed);
/* trace_budget: a search stopped by its budget, (x, y) the cell next on
 * its open list (g, key its g and key), recorded when t (may be NULL)
 * asks for lines; returns PATH_BUDGET, the search's result. */
enum path_status trace_budget(struct path_trace *t, int x, int y, uint32_t g,
                              uint64_t key);

#endif
