/* SPDX-License-Identifier: MIT */
/* bucket.c - the search with Dial's buckets for its open list, for every
 * search whose f never decreases along a path: A* with w = 1 and a
 * consistent heuristic (octile, Chebyshev, zero; Manhattan on 4-way
 * grids), Dijkstra and BFS.
 *
 * f is an integer, and all f on the open list lie within one step's cost
 * and one step's change of h above the lowest, so a ring of per-f lists
 * indexed by f modulo its size holds them, with a bitmap of the non-empty
 * ones.  The lowest list becomes the layer being expanded: its live
 * entries sorted once by g, then taken from the top (largest g, smallest
 * h).  A cell pushed while its layer is being expanded has a larger g
 * than anything in it (its parent was the largest), so it goes straight
 * on top.  A push is an append, a pop takes the top: no sifting at all.
 * An improved cell's old entry is left behind in its list, and dropped
 * when the list becomes a layer.  The lists grow on demand and are kept
 * between queries.
 *
 * The blocks of cells a bucket search reaches get their neighbour masks
 * (block.c) when it first touches them, so an expansion reads one word
 * instead of eight neighbours. */
#include "path_impl.h"

#include <stdlib.h>
#include <string.h>

/* An entry of a bucket list or of the layer being expanded. */
struct bucket_entry {
	uint32_t g; /* the cell's g when pushed: stale once it differs */
	uint32_t node;
	/* The next entry of the same list, BUCKET_NIL at the end. */
	uint32_t next;
	uint32_t from; /* direction from the parent, 8 for the start */
};

#define BUCKET_NIL    RING_NIL
#define RING_INITIAL  1024u
#define ARENA_INITIAL 1024u
#define LAYER_INITIAL 256u
/* The ring holds one list per f value within reach of the lowest, fewer
 * than diagonal * (GRID_COST_MAX + 1) apart; with diagonal steps dearer
 * than BUCKET_DIAG_MAX the heap is used instead, so the ring never
 * exceeds BUCKET_RING_MAX lists (4 MiB). */
#define BUCKET_DIAG_MAX 2048u
#define BUCKET_RING_MAX (1u << 20)

int ring_new(uint32_t size, uint32_t **ring, uint64_t **bits)
{
	uint32_t *r = malloc((size_t)size * sizeof(*r));
	uint64_t *b = calloc(size / 64, sizeof(*b));

	if (!r || !b) {
		free(r);
		free(b);
		return -1;
	}
	memset(r, 0xff, (size_t)size * sizeof(*r));
	*ring = r;
	*bits = b;
	return 0;
}

/* The context's lists, empty: 0, or -1 when out of memory (bucket_fini
 * frees what was made). */
int bucket_init(struct path_ctx *c)
{
	c->ring_size = RING_INITIAL;
	if (ring_new(RING_INITIAL, &c->ring, &c->ring_bits) != 0)
		return -1;
	c->pool_cap = ARENA_INITIAL;
	c->pool = malloc(ARENA_INITIAL * sizeof(*c->pool));
	c->layer_cap = LAYER_INITIAL;
	c->layer = malloc(LAYER_INITIAL * sizeof(*c->layer));
	if (!c->pool || !c->layer)
		return -1;
	return 0;
}

void bucket_fini(struct path_ctx *c)
{
	free(c->ring);
	free(c->ring_bits);
	free(c->pool);
	free(c->layer);
	free(c->scratch);
}

size_t bucket_bytes(const struct path_ctx *c)
{
	return c->ring_size * sizeof(*c->ring) +
	       c->ring_size / 64 * sizeof(*c->ring_bits) +
	       c->pool_cap * sizeof(*c->pool) +
	       c->layer_cap * sizeof(*c->layer) +
	       c->scratch_cap * sizeof(*c->scratch);
}

/* Doubles an array of entries (the pool or the layer). */
static int bucket_entries_grow(struct bucket_entry **arr, uint32_t *cap)
{
	uint32_t n = *cap * 2;
	struct bucket_entry *e;

	if (n < *cap)
		return -1;
	e = realloc(*arr, (size_t)n * sizeof(*e));
	if (!e)
		return -1;
	*arr = e;
	*cap = n;
	return 0;
}

/* Sorts n entries by g, stably: runs of LAYER_RUN by insertion, then
 * merged pairwise through the context's scratch array.  A layer can hold
 * hundreds of entries on open ground, where insertion alone would cost
 * their square. */
#define LAYER_RUN 16u

/* Merges the sorted runs of n > LAYER_RUN entries (kept out of line: a
 * layer is usually a handful of entries). */
static __attribute__((noinline)) int
bucket_layer_merge(struct path_ctx *c, struct bucket_entry *a, uint32_t n)
{
	struct bucket_entry *from = a, *to;
	uint32_t i, w;

	if (c->scratch_cap < n) {
		uint32_t cap = n; /* bucket_entries_grow doubles it */

		if (bucket_entries_grow(&c->scratch, &cap) != 0)
			return -1;
		c->scratch_cap = cap;
	}
	to = c->scratch;
	for (w = LAYER_RUN; w < n; w *= 2) {
		struct bucket_entry *t;

		for (i = 0; i < n; i += 2 * w) {
			const uint32_t mid = n - i < w ? n : i + w;
			const uint32_t end = n - mid < w ? n : mid + w;
			uint32_t l = i, r = mid, o = i;

			while (l < mid && r < end)
				to[o++] = from[r].g < from[l].g ? from[r++]
				                                : from[l++];
			while (l < mid)
				to[o++] = from[l++];
			while (r < end)
				to[o++] = from[r++];
		}
		t = from;
		from = to;
		to = t;
	}
	if (from != a)
		memcpy(a, from, (size_t)n * sizeof(*a));
	return 0;
}

/* Insertion sort of entries i..end-1 by g, stable. */
static inline void bucket_run_sort(struct bucket_entry *a, uint32_t i,
                                   uint32_t end)
{
	uint32_t k, j;

	for (k = i + 1; k < end; k++) {
		const struct bucket_entry x = a[k];

		for (j = k; j > i && a[j - 1].g > x.g; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

static inline int bucket_layer_sort(struct path_ctx *c, struct bucket_entry *a,
                                    uint32_t n)
{
	uint32_t i;

	if (n <= LAYER_RUN) {
		bucket_run_sort(a, 0, n);
		return 0;
	}
	for (i = 0; i < n; i += LAYER_RUN)
		bucket_run_sort(a, i, n - i < LAYER_RUN ? n : i + LAYER_RUN);
	return bucket_layer_merge(c, a, n);
}

/* Widens the ring to more than `spread` lists.  Every list keeps the
 * index of its f: the lists hold f from fmin up, fewer than ring_size
 * apart, so the f of list i is fmin + ((i - fmin) mod ring_size). */
static int bucket_ring_grow(struct path_ctx *c, uint32_t fmin, uint32_t spread)
{
	const uint32_t old = c->ring_size, omask = old - 1;
	uint32_t size = old, mask, w;
	uint32_t *ring;
	uint64_t *bits;

	while (size <= spread) {
		size *= 2;
		if (size > BUCKET_RING_MAX)
			return -1;
	}
	mask = size - 1;
	if (ring_new(size, &ring, &bits) != 0)
		return -1;
	for (w = 0; w < old / 64; w++) {
		uint64_t word = c->ring_bits[w];

		while (word) {
			uint32_t i = w << 6 | (uint32_t)__builtin_ctzll(word);
			uint32_t f = fmin + ((i - fmin) & omask);

			ring[f & mask] = c->ring[i];
			bits[(f & mask) >> 6] |= 1ull << (f & 63);
			word &= word - 1;
		}
	}
	free(c->ring);
	free(c->ring_bits);
	c->ring = ring;
	c->ring_bits = bits;
	c->ring_size = size;
	return 0;
}

/* Whether f can never drop from a cell to its successor, which is what
 * the buckets need: w = 1 and a consistent heuristic, or no heuristic. */
int bucket_fits(const struct query *q, enum path_diagonal diag)
{
	if (q->diagonal > BUCKET_DIAG_MAX)
		return 0;
	switch (q->algo) {
	case PATH_DIJKSTRA:
	case PATH_BFS:
		return 1;
	case PATH_ASTAR:
		if (q->weight != PATH_WEIGHT_ONE || q->h_scale != 1)
			return 0;
		switch (q->heuristic) {
		case PATH_H_OCTILE:
		case PATH_H_CHEBYSHEV:
		case PATH_H_ZERO:
			return 1;
		case PATH_H_MANHATTAN:
			return diag == PATH_DIAG_NEVER;
		default:
			/* Euclidean h is rounded down, and rounding can
			 * break consistency by one. */
			return 0;
		}
	default:
		return 0;
	}
}

/* The bucket lists as a search holds them: the context's ring, pool and
 * layer in locals (the context's copies change only when one grows), and
 * where the search is: fmin, the f of the layer being expanded, and top,
 * its number of entries. */
struct bucket_open {
	uint32_t *ring;
	uint64_t *bits;
	uint32_t mask; /* ring size - 1 */
	struct bucket_entry *pool, *layer;
	uint32_t pool_len, pool_free, top;
	uint32_t fmin;
};

/* Makes room for entry n of the context's array *arr (*cap entries),
 * whose local copy is *local: the pool and the layer grow the same way.
 * 0, or -1 when out of memory. */
static inline __attribute__((always_inline)) int
bucket_room(struct bucket_entry **arr, uint32_t *cap, uint32_t n,
            struct bucket_entry **local)
{
	if (unlikely(n == *cap)) {
		if (bucket_entries_grow(arr, cap) != 0)
			return -1;
		*local = *arr;
	}
	return 0;
}

/* cell_touch for a bucket search: a block made current gets its
 * neighbour masks as well. */
static inline __attribute__((always_inline)) void
bucket_touch(const struct block_src *src, uint32_t *stamps, uint32_t gen,
             uint32_t idx, const enum path_diagonal diag, const int bfs)
{
	const uint32_t b = idx >> BLOCK_SHIFT;

	if (unlikely(stamps[b] != gen)) {
		stamps[b] = gen;
		block_fresh(src, b, diag, bfs);
	}
}

/* Asks for the lines an expansion of cell n will read (its g, cost and
 * flags rows and its masks) while the layer is still being put together:
 * its cells were pushed a while ago, and fetching them all at once
 * overlaps the misses that the expansions, one at a time, would wait for
 * in turn.  The cell's own g line was just read to see that the entry is
 * live. */
static inline __attribute__((always_inline)) void
bucket_prefetch(const uint8_t *cost, const uint32_t *gs, const uint8_t *flags,
                const uint16_t *nbr, uint32_t stride, uint32_t n)
{
	__builtin_prefetch(cost + n - stride);
	__builtin_prefetch(cost + n);
	__builtin_prefetch(cost + n + stride);
	__builtin_prefetch(gs + n - stride);
	__builtin_prefetch(gs + n + stride);
	__builtin_prefetch(flags + n);
	__builtin_prefetch(nbr + n);
}

/* The directions an expansion of a cell looks at, as a bit set: the
 * cell's moves (nv, its masks: see block_nbr_cell) less the pruned ones,
 * skip (prune_mask's for `from`, the direction it was reached from) and,
 * after a straight step, the sides its masks allow.  Walking the set bits
 * costs one hard-to-predict branch per expansion where testing each
 * neighbour costs one per wall, which on a maze is most of the time. */
static inline __attribute__((always_inline)) uint32_t
bucket_moves(uint32_t nv, uint32_t from, uint32_t skip,
             const enum path_diagonal diag)
{
	uint32_t cand = nv & 0xffu;

	if (diag != PATH_DIAG_NEVER) {
		/* The sides of a straight step, placed on their directions:
		 * E and W after N or S, N and S after E or W; nothing after a
		 * diagonal step or at the start (the shift clears it). */
		const uint32_t x = nv >> (8 + 2 * from) & 3u;

		skip |= ((x & 1u) | (x & 2u) << 1) << (~from & 1u);
	}
	cand &= ~skip;
	return cand;
}

/* h of cell nb, unscaled, with its row worked out by a multiply and a
 * shift (ydiv is 2^40 / stride + 1), exact for every index of a
 * supported map. */
static inline __attribute__((always_inline)) uint32_t
bucket_h(const enum path_heuristic hk, uint32_t straight, uint32_t diagonal,
         int gx, int gy, uint32_t stride, uint64_t ydiv, uint32_t nb)
{
	const uint32_t y = (uint32_t)((uint64_t)nb * ydiv >> 40);

	return heuristic_raw(hk, straight, diagonal, 0.0,
	                     gx + 1 - (int)(nb - y * stride), gy + 1 - (int)y);
}

/* Puts x on the layer being expanded, whose top entries it is put
 * among: pushed while its layer is expanded, its g beats all there but
 * its siblings'. */
static inline __attribute__((always_inline)) void
bucket_layer_insert(struct bucket_entry *layer, uint32_t top,
                    const struct bucket_entry x)
{
	uint32_t j;

	for (j = top; j > 0 && layer[j - 1].g > x.g; j--)
		layer[j] = layer[j - 1];
	layer[j] = x;
}

/* Empties the lists a search leaves, for the next query. */
static inline void bucket_clear(uint32_t *ring, uint64_t *bits, uint32_t mask)
{
	const uint32_t words = (mask >> 6) + 1;
	uint32_t w;

	for (w = 0; w < words; w++) {
		while (bits[w]) {
			ring[w << 6 | (uint32_t)__builtin_ctzll(bits[w])] =
			        BUCKET_NIL;
			bits[w] &= bits[w] - 1;
		}
	}
}

/* When the layer is done: makes the list of the lowest f the next layer,
 * found in the bitmap from fmin on, with its live entries sorted by g
 * (stable, so ties keep the list's order); the list goes to the free
 * list.  The layer may come out empty when all its entries were stale.
 * 1, 0 when no list is left, or -1 when out of memory. */
static inline __attribute__((always_inline)) int
bucket_next_layer(struct path_ctx *c, struct bucket_open *o,
                  const uint8_t *cost, const uint32_t *gs, const uint8_t *flags,
                  const uint16_t *nbr, uint32_t stride)
{
	uint32_t i = o->fmin & o->mask, w = i >> 6, n = 0, k, tail;
	uint64_t word = o->bits[w] & (~0ull << (i & 63));

	/* Up to every other word, then this one again whole: the f furthest
	 * ahead sit just below fmin in the ring.  (dlite.c's first plan
	 * scans its ring the same way; one inline function for both cost
	 * this search 1-1.5% a node on brc202d, measured side by side.) */
	while (!word) {
		if (++n > (o->mask >> 6) + 1)
			return 0;
		w = (w + 1) & (o->mask >> 6);
		word = o->bits[w];
	}
	i = w << 6 | (uint32_t)__builtin_ctzll(word);
	o->bits[w] &= ~(1ull << (i & 63));
	o->fmin += (i - o->fmin) & o->mask;
	for (k = o->ring[i], tail = k; k != BUCKET_NIL; k = o->pool[k].next) {
		tail = k;
		if (gs[o->pool[k].node] != o->pool[k].g)
			continue;
		bucket_prefetch(cost, gs, flags, nbr, stride, o->pool[k].node);
		if (bucket_room(&c->layer, &c->layer_cap, o->top, &o->layer) !=
		    0)
			return -1;
		o->layer[o->top++] = o->pool[k];
	}
	o->pool[tail].next = o->pool_free;
	o->pool_free = o->ring[i];
	o->ring[i] = BUCKET_NIL;
	return bucket_layer_sort(c, o->layer, o->top) != 0 ? -1 : 1;
}

/* For a trace with lines: neighbour nb (direction d from cur), which
 * bucket_loop relaxes at cost ng: looked at, its new cost, and unless it
 * comes out cheaper (the push is recorded where it happens), no better.
 * Its block is made current first, as the loop does next. */
static void bucket_trace_cost(struct path_trace *tr, const struct path_ctx *c,
                              const struct query *q, size_t cur, size_t nb,
                              int d, uint32_t ng)
{
	const uint32_t gv =
	        c->stamps[nb >> BLOCK_SHIFT] == c->gen ? c->g[nb] : G_UNSEEN;
	const int x = (int)(nb % (size_t)c->stride) - 1;
	const int y = (int)(nb / (size_t)c->stride) - 1;

	if (!tr->lines)
		return;
	trace_line(tr, c, PATH_TRACE_NEIGHBOUR, nb, cur, d, c->g[cur], 0, 0);
	if (gv != G_UNSEEN && ng >= gv && (c->flags[nb] & CELL_CLOSED)) {
		trace_line(tr, c, PATH_TRACE_SKIP_CLOSED, nb, cur, d, gv, 0, 0);
		return;
	}
	trace_line(tr, c, PATH_TRACE_COST, nb, cur, d, ng,
	           query_h(q, PATH_H_COUNT, x, y), 0);
	if (ng > PATH_COST_MAX || ng >= gv)
		trace_line(tr, c, PATH_TRACE_NOT_BETTER, nb, cur, d, gv, 0, 0);
}

/* The bucket search, written once and instantiated per diagonal rule,
 * heuristic, BFS and tracing (see bucket_search) like heap_loop, and like
 * it copying what it touches into locals first.  bfs: every step costs
 * 1.  h is the query's (zero for Dijkstra and BFS), unscaled.  One of
 * the path engine's three hot loops: it stays one function, as a call
 * per node would cost more than its length. */
static inline __attribute__((always_inline)) enum path_status
bucket_loop(struct path_ctx *c, const uint8_t *cost, const struct query *qp,
            struct path_stats *stp, struct path_trace *tr, const int tracing,
            const enum path_diagonal diag, const enum path_heuristic heur,
            const int bfs)
{
	const struct query ql = *qp, *const q = &ql;
	uint32_t *const gs = c->g, *const stamps = c->stamps;
	uint8_t *const flags = c->flags;
	uint16_t *const nbr = c->nbr;
	const uint32_t gen = c->gen;
	const enum path_heuristic hk =
	        heur == PATH_H_COUNT ? q->heuristic : heur;
	const uint32_t straight = q->straight, diagonal = q->diagonal;
	/* Expansions allowed: no budget is a limit never reached.  left
	 * counts down from it. */
	const uint32_t limit = q->budget ? q->budget : UINT32_MAX;
	uint32_t left = limit;
	const uint32_t stride = (uint32_t)c->stride;
	const uint32_t goal = (uint32_t)q->goal, start = (uint32_t)q->start;
	/* For y = idx / stride as a multiply and a shift. */
	const uint64_t ydiv = (1ull << 40) / stride + 1;
	const int gx = q->gx, gy = q->gy;
	const uint32_t fmin = heuristic_raw(hk, straight, diagonal, 0.0,
	                                    gx - q->sx, gy - q->sy);
	struct bucket_open o = {.ring = c->ring,
	                        .bits = c->ring_bits,
	                        .mask = c->ring_size - 1,
	                        .pool = c->pool,
	                        .layer = c->layer,
	                        .pool_free = BUCKET_NIL,
	                        .fmin = fmin};
	uint32_t off[8], step[8];
	struct path_stats st = {0, 0, 0, 0};
	enum path_status result = PATH_NO_PATH;
	uint32_t open = 1;
	int over_limit = 0;
	uint32_t best = start, best_h = UINT32_MAX;
	struct block_src src;
	int d;

/* bucket_room for the pushes, which leave the loop when out of memory
 * (a helper returning the failure measured slower there). */
#define ENTRIES_ROOM(arr, cap, n, local)                                       \
	do {                                                                   \
		if (unlikely((n) == c->cap)) {                                 \
			if (bucket_entries_grow(&c->arr, &c->cap) != 0) {      \
				result = PATH_NOMEM;                           \
				goto out;                                      \
			}                                                      \
			local = c->arr;                                        \
		}                                                              \
	} while (0)

	for (d = 0; d < 8; d++) {
		off[d] = (uint32_t)q->off[d];
		step[d] = d < 4 ? straight : diagonal;
	}
	src = (struct block_src){.g = gs,
	                         .nbr = nbr,
	                         .flags = flags,
	                         .cost = cost,
	                         .ncells = c->ncells,
	                         .stride = stride};
	bucket_touch(&src, stamps, gen, start, diag, bfs);
	gs[start] = 0;
	flags[start] = 0;
	o.layer[o.top++] = (struct bucket_entry){0, start, BUCKET_NIL, 8};
	st.pushes = 1;
	st.max_open = 1;
	if (tracing)
		trace_add(tr, c, PATH_TRACE_PUSH, start, start, -1, o.fmin,
		          (uint64_t)o.fmin << 32 | UINT32_MAX);

	for (;;) {
		struct bucket_entry e;
		uint32_t cur, cg, skip, from, cand, all;

		while (o.top == 0) {
			const int got = bucket_next_layer(c, &o, cost, gs,
			                                  flags, nbr, stride);

			if (got == 0)
				goto done;
			if (got < 0) {
				result = PATH_NOMEM;
				goto out;
			}
		}
		e = o.layer[--o.top];
		cur = e.node;
		cg = e.g;
		from = e.from;
		skip = prune_mask[from];
		if (unlikely(left == 0)) {
			result = trace_budget(
			        tracing ? tr : NULL, (int)(cur % stride) - 1,
			        (int)(cur / stride) - 1, cg,
			        (uint64_t)o.fmin << 32 | (uint32_t)~cg);
			break;
		}
		flags[cur] = (uint8_t)(CELL_CLOSED | (from & CELL_DIR_MASK));
		open--;
		left--;
		if (unlikely(o.fmin - cg < best_h)) {
			best_h = o.fmin - cg;
			best = cur;
		}
		if (tracing) {
			int dir = from == 8 ? -1 : (int)from;
			size_t par =
			        dir < 0 ? cur : cur - (uint32_t)q->off[dir];

			trace_add(tr, c, PATH_TRACE_EXPAND, cur, par, dir,
			          o.fmin - cg,
			          (uint64_t)o.fmin << 32 | (uint32_t)~cg);
		}
		if (unlikely(cur == goal)) {
			if (tracing)
				trace_line(tr, c, PATH_TRACE_GOAL, cur, cur, -1,
				           cg, o.fmin - cg,
				           (uint64_t)o.fmin << 32 |
				                   (uint32_t)~cg);
			result = PATH_FOUND;
			break;
		}
		cand = bucket_moves(nbr[cur], from, skip, diag);
		/* A trace with lines looks at every neighbour, in the order
		 * the loop takes them, and says why it passes one over. */
		all = tracing && tr->lines
		              ? (diag == PATH_DIAG_NEVER ? 0xfu : 0xffu)
		              : cand;
		while (all) {
			const uint32_t nb = cur + off[d = __builtin_ctz(all)];
			const uint8_t m = cost[nb];
			uint32_t ng, h, nf, gv;

			all &= all - 1;
			if (tracing && !(cand & 1u << d)) {
				trace_skipped(tr, c, cost, q, diag, bfs, cur,
				              d);
				continue;
			}
			if (bfs)
				ng = cg + 1;
			else
				ng = cg + step[d] * m;
			if (tracing)
				bucket_trace_cost(tr, c, q, cur, nb, d, ng);
			/* cg <= PATH_COST_MAX and a step costs at most
			 * BUCKET_DIAG_MAX * GRID_COST_MAX, so ng cannot
			 * wrap. */
			if (unlikely(ng > PATH_COST_MAX)) {
				over_limit = 1;
				continue;
			}
			bucket_touch(&src, stamps, gen, nb, diag, bfs);
			gv = gs[nb];
			if (ng >= gv)
				continue;
			if (gv == G_UNSEEN) {
				open++;
			} else if (flags[nb] & CELL_CLOSED) {
				/* A closed cell only improves when h is not
				 * consistent, which bucket_fits rules out;
				 * reopening keeps the search exact anyway. */
				st.reopened++;
				open++;
			}
			gs[nb] = ng;
			flags[nb] = (uint8_t)d;
			h = bucket_h(hk, straight, diagonal, gx, gy, stride,
			             ydiv, nb);
			nf = ng + h;
			if (nf == o.fmin) {
				const struct bucket_entry x = {
				        ng, nb, BUCKET_NIL, (uint32_t)d};

				ENTRIES_ROOM(layer, layer_cap, o.top, o.layer);
				bucket_layer_insert(o.layer, o.top, x);
				o.top++;
			} else {
				uint32_t b, k;

				if (unlikely(nf - o.fmin > o.mask)) {
					/* Dearer steps than the ring was sized
					 * for: widen it. */
					if (bucket_ring_grow(c, o.fmin,
					                     nf - o.fmin) !=
					    0) {
						result = PATH_NOMEM;
						goto out;
					}
					o.ring = c->ring;
					o.bits = c->ring_bits;
					o.mask = c->ring_size - 1;
				}
				b = nf & o.mask;
				if (o.pool_free != BUCKET_NIL) {
					k = o.pool_free;
					o.pool_free = o.pool[k].next;
				} else {
					ENTRIES_ROOM(pool, pool_cap, o.pool_len,
					             o.pool);
					k = o.pool_len++;
				}
				o.pool[k] = (struct bucket_entry){
				        ng, nb, o.ring[b], (uint32_t)d};
				o.ring[b] = k;
				o.bits[b >> 6] |= 1ull << (b & 63);
			}
			st.pushes++;
			if (tracing)
				trace_add(tr, c, PATH_TRACE_PUSH, nb, cur, d, h,
				          (uint64_t)nf << 32 | (uint32_t)~ng);
		}
		/* open only grows while the neighbours are pushed, so its
		 * peak shows at the end of an expansion. */
		if (open > st.max_open)
			st.max_open = open;
	}
#undef ENTRIES_ROOM
done:
	if (tracing && result == PATH_NO_PATH)
		trace_line(tr, c, PATH_TRACE_NO_PATH, goal, goal, -1, 0, 0, 0);
	if (result == PATH_NO_PATH && over_limit)
		result = PATH_COST_RANGE;
out:
	bucket_clear(o.ring, o.bits, o.mask);
	st.expanded = limit - left;
	c->best = best;
	*stp = st;
	return result;
}

/* The bucket search without a trace: BFS gets the instance in which
 * every step costs 1.  The test reads q rather than taking an argument:
 * GCC then weighs the branch as it does a comparison, and lays out the
 * loops as it did before they were split into these helpers (with the
 * argument, they ran about 1% slower). */
static inline __attribute__((always_inline)) enum path_status
bucket_untraced(struct path_ctx *c, const uint8_t *cost, const struct query *q,
                struct path_stats *st, const enum path_diagonal diag,
                const enum path_heuristic heur)
{
	return q->algo == PATH_BFS
	               ? bucket_loop(c, cost, q, st, NULL, 0, diag, heur, 1)
	               : bucket_loop(c, cost, q, st, NULL, 0, diag, heur, 0);
}

/* The bucket search under one diagonal rule, with one instance of the
 * loop per heuristic (bucket_fits never sends Euclidean h here). */
static inline __attribute__((always_inline)) enum path_status
bucket_search_rule(struct path_ctx *c, const uint8_t *cost,
                   const struct query *q, struct path_stats *st,
                   const enum path_diagonal diag)
{
	switch (q->heuristic) {
	case PATH_H_MANHATTAN:
		return bucket_untraced(c, cost, q, st, diag, PATH_H_MANHATTAN);
	case PATH_H_OCTILE:
		return bucket_untraced(c, cost, q, st, diag, PATH_H_OCTILE);
	case PATH_H_CHEBYSHEV:
		return bucket_untraced(c, cost, q, st, diag, PATH_H_CHEBYSHEV);
	default:
		return bucket_untraced(c, cost, q, st, diag, PATH_H_ZERO);
	}
}

/* One function per diagonal rule, each with its heuristics inside, so
 * that the compiler allocates registers for each search loop on its own
 * rather than for every rule's in one function. */
static __attribute__((noinline)) enum path_status
bucket_search_never(struct path_ctx *c, const uint8_t *cost,
                    const struct query *q, struct path_stats *st)
{
	return bucket_search_rule(c, cost, q, st, PATH_DIAG_NEVER);
}

static __attribute__((noinline)) enum path_status
bucket_search_no_corner(struct path_ctx *c, const uint8_t *cost,
                        const struct query *q, struct path_stats *st)
{
	return bucket_search_rule(c, cost, q, st, PATH_DIAG_NO_CORNER);
}

static __attribute__((noinline)) enum path_status
bucket_search_always(struct path_ctx *c, const uint8_t *cost,
                     const struct query *q, struct path_stats *st)
{
	return bucket_search_rule(c, cost, q, st, PATH_DIAG_ALWAYS);
}

/* A traced bucket search (the AI view's): one instance per rule, with the
 * heuristic chosen at run time, is fast enough there. */
static inline __attribute__((always_inline)) enum path_status
bucket_traced(struct path_ctx *c, const uint8_t *cost, const struct query *q,
              struct path_stats *st, struct path_trace *tr,
              const enum path_diagonal diag)
{
	return q->algo == PATH_BFS ? bucket_loop(c, cost, q, st, tr, 1, diag,
	                                         PATH_H_COUNT, 1)
	                           : bucket_loop(c, cost, q, st, tr, 1, diag,
	                                         PATH_H_COUNT, 0);
}

enum path_status bucket_search(struct path_ctx *c, const uint8_t *cost,
                               const struct query *q, enum path_diagonal diag,
                               struct path_stats *st, struct path_trace *tr)
{
	if (tr) {
		switch (diag) {
		case PATH_DIAG_NEVER:
			return bucket_traced(c, cost, q, st, tr,
			                     PATH_DIAG_NEVER);
		case PATH_DIAG_NO_CORNER:
			return bucket_traced(c, cost, q, st, tr,
			                     PATH_DIAG_NO_CORNER);
		default:
			return bucket_traced(c, cost, q, st, tr,
			                     PATH_DIAG_ALWAYS);
		}
	}
	switch (diag) {
	case PATH_DIAG_NEVER:
		return bucket_search_never(c, cost, q, st);
	case PATH_DIAG_NO_CORNER:
		return bucket_search_no_corner(c, cost, q, st);
	default:
		return bucket_search_always(c, cost, q, st);
	}
}
