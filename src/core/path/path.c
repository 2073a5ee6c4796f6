/* path.c - the search itself.
 *
 * Per-cell state is 7 bytes: g in one array (4 bytes, so a 64-byte cache
 * line holds 16 cells), in another a byte with the closed flag and the
 * direction the cell was reached from, and for the bucket search two
 * bytes of neighbour masks (the moves out of the cell, and which of them
 * an expansion can skip), all in one allocation, on huge pages when the
 * map is large (see HUGE_PAGE).  Freshness is kept per block of 64 cells: a
 * block whose generation stamp is not the current query's gets its g
 * reset, and its masks worked out from the grid, the first time the
 * query touches it, so nothing is cleared between queries and a query
 * costs only the blocks it reaches.
 *
 * There are two open lists, and both leave an improved cell's old entry
 * behind to be skipped later rather than reach into the list to move it.
 *
 * - Buckets (Dial's), for every search whose f never decreases along a
 *   path: A* with w = 1 and a consistent heuristic, Dijkstra and BFS.  f
 *   is an integer, and all f on the open list lie within one step's cost
 *   and one step's change of h above the lowest, so a ring of per-f lists
 *   indexed by f modulo its size holds them, with a bitmap of the
 *   non-empty ones.  The lowest list becomes the layer being expanded:
 *   sorted once by g, then taken from the top (largest g, smallest h).  A
 *   cell pushed while its layer is being expanded has a larger g than
 *   anything in it (its parent was the largest), so it goes straight on
 *   top.  A push is an append, a pop takes the top: no sifting at all.
 * - A 4-ary heap for the rest (weighted A*, greedy, Manhattan h with
 *   diagonals, Euclidean h, a scaled h), where f can drop from a cell to
 *   its successor.
 *
 * Both grow on demand and are kept between queries.  The search loops
 * are written once and specialised by the compiler for each diagonal
 * rule and heuristic, and for tracing on or off, so a search without a
 * trace pays nothing for the feature. */
#include "path.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "core/base/dir.h"

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

/* The per-cell arrays of a large map go on huge pages where the system
 * offers them (Linux's transparent huge pages, on request): one TLB entry
 * then covers 2 MiB of search state instead of 4 KiB, so a search that
 * spreads over the map, or runs after other code has filled the TLB,
 * stops missing it on most steps.  The arrays are then rounded up to
 * whole huge pages, which is done only when that adds at most a quarter
 * (so from about 1.6 MiB, and 7 bytes per cell become at most 8.75). */
#define HUGE_PAGE ((size_t)2 << 20)

/* Blocks covering ncells cells (the last one may run past them). */
static inline size_t block_count(size_t ncells)
{
	return (ncells + BLOCK_CELLS - 1) >> BLOCK_SHIFT;
}

/* For the branches a search almost never takes. */
#define unlikely(x) __builtin_expect(!!(x), 0)

#define HEAP_INITIAL 1024

struct heap_entry {
	uint64_t key; /* f << 32 | ~g: low f first, then high g (low h) */
	uint32_t node;
	uint16_t x, y; /* the cell's coordinates, saving a division */
};

/* An entry of a bucket list or of the layer being expanded. */
struct bucket_entry {
	uint32_t g; /* the cell's g when pushed: stale once it differs */
	uint32_t node;
	uint32_t next; /* the next entry of the same list, BUCKET_NIL at the end
	                */
	uint32_t from; /* direction from the parent, 8 for the start */
};

#define BUCKET_NIL    UINT32_MAX
#define RING_INITIAL  1024u
#define ARENA_INITIAL 1024u
#define LAYER_INITIAL 256u
/* The ring holds one list per f value within reach of the lowest, fewer
 * than diagonal * (GRID_COST_MAX + 1) apart; with diagonal steps dearer
 * than BUCKET_DIAG_MAX the heap is used instead, so the ring never
 * exceeds BUCKET_RING_MAX lists (4 MiB). */
#define BUCKET_DIAG_MAX 2048u
#define BUCKET_RING_MAX (1u << 20)

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
	uint16_t *nbr;    /* bucket searches: see cell_nbr */
	uint8_t *flags;   /* CELL_CLOSED | direction */
	uint32_t *stamps; /* per block of BLOCK_CELLS cells */
	struct heap_entry *heap;
	size_t heap_cap;
	/* The bucket lists: ring heads and their non-empty bitmap, the pool
	 * of entries (with a free list threaded through next), and the
	 * layer being expanded. */
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

/* After a straight step from p into n, the two cells beside n (across
 * the step) are diagonal neighbours of p, which p, expanded earlier, has
 * already reached for g(p) + diagonal * m(side) or better (or pruned them
 * itself for the same reason).  n would offer g(p) + straight * m(n) +
 * straight * m(side), never less when m(side) <= m(n) since diagonal <=
 * 2 * straight; every step costs 1 in BFS.  So an expansion after a
 * straight step can skip those two as well, provided p could step
 * diagonally to them: always under "always", and under no_corner when the
 * cell beside p on that side (diagonally behind n) is open.  The bucket
 * search does (see cell_nbr for the sides of each direction); the skipped
 * relaxations are ones that could not improve anything, so every result,
 * statistic and trace stays the same. */

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

/* size bytes for the per-cell arrays, 64-byte aligned, on huge pages
 * when large enough and the system takes the advice (elsewhere nothing is
 * rounded up); *reserved is what was allocated. */
static void *cells_alloc(size_t size, size_t *reserved)
{
	size_t align = 64;
	void *mem = NULL;
#ifdef MADV_HUGEPAGE
	const size_t whole = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;

	if (whole - size <= size / 4) {
		size = whole;
		align = HUGE_PAGE;
	}
#endif
	if (posix_memalign(&mem, align, size) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	/* Only advice: without it (or without huge pages) all still works. */
	if (align == HUGE_PAGE)
		(void)madvise(mem, size, MADV_HUGEPAGE);
#endif
	*reserved = size;
	return mem;
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
	{
		const size_t blocks = block_count(c->ncells);
		const size_t cells = blocks * BLOCK_CELLS;

		c->g = cells_alloc(cells * (sizeof(*c->g) + sizeof(*c->nbr) +
		                            sizeof(*c->flags)),
		                   &c->cells_bytes);
		if (c->g) {
			c->nbr = (uint16_t *)(void *)(c->g + cells);
			c->flags = (uint8_t *)(c->nbr + cells);
			memset(c->g, 0xff, cells * sizeof(*c->g));
			memset(c->nbr, 0,
			       cells * (sizeof(*c->nbr) + sizeof(*c->flags)));
		}
		c->stamps = malloc(blocks * sizeof(*c->stamps));
		if (c->stamps)
			memset(c->stamps, 0, blocks * sizeof(*c->stamps));
	}
	/* The heap is made by the first search that needs it: the usual
	 * ones (A*, Dijkstra, BFS) never do. */
	c->ring_size = RING_INITIAL;
	c->ring = malloc(RING_INITIAL * sizeof(*c->ring));
	c->ring_bits = calloc(RING_INITIAL / 64, sizeof(*c->ring_bits));
	c->pool_cap = ARENA_INITIAL;
	c->pool = malloc(ARENA_INITIAL * sizeof(*c->pool));
	c->layer_cap = LAYER_INITIAL;
	c->layer = malloc(LAYER_INITIAL * sizeof(*c->layer));
	if (!c->g || !c->stamps || !c->ring || !c->ring_bits || !c->pool ||
	    !c->layer) {
		path_ctx_free(c);
		return NULL;
	}
	memset(c->ring, 0xff, RING_INITIAL * sizeof(*c->ring));
	return c;
}

void path_ctx_free(struct path_ctx *ctx)
{
	if (!ctx)
		return;
	free(ctx->g); /* nbr and flags too */
	free(ctx->stamps);
	heap_release(ctx->heap);
	free(ctx->ring);
	free(ctx->ring_bits);
	free(ctx->pool);
	free(ctx->layer);
	free(ctx->scratch);
	free(ctx);
}

size_t path_ctx_bytes(const struct path_ctx *ctx)
{
	const size_t blocks = block_count(ctx->ncells);

	return sizeof(*ctx) + ctx->cells_bytes + blocks * sizeof(*ctx->stamps) +
	       (ctx->heap ? (ctx->heap_cap + HEAP_PAD + HEAP_ARITY) *
	                            sizeof(*ctx->heap)
	                  : 0) +
	       ctx->ring_size * sizeof(*ctx->ring) +
	       ctx->ring_size / 64 * sizeof(*ctx->ring_bits) +
	       ctx->pool_cap * sizeof(*ctx->pool) +
	       ctx->layer_cap * sizeof(*ctx->layer) +
	       ctx->scratch_cap * sizeof(*ctx->scratch);
}

int path_params_check_moves(const struct path_params *p)
{
	if (!p || (unsigned)p->diagonal >= PATH_DIAG_COUNT)
		return PATH_BAD_ARG;
	if (p->straight_cost < 1 || p->diagonal_cost < p->straight_cost ||
	    p->diagonal_cost > 2 * p->straight_cost ||
	    p->diagonal_cost > PATH_STEP_MAX)
		return PATH_BAD_ARG;
	return 0;
}

int path_params_check(const struct path_params *p)
{
	if (path_params_check_moves(p) != 0)
		return PATH_BAD_ARG;
	if ((unsigned)p->algo >= PATH_ALGO_COUNT ||
	    (unsigned)p->heuristic >= PATH_H_COUNT)
		return PATH_BAD_ARG;
	if (p->weight < PATH_WEIGHT_ONE || p->weight > PATH_WEIGHT_MAX)
		return PATH_BAD_ARG;
	if (p->h_scale > GRID_COST_MAX)
		return PATH_BAD_ARG;
	return 0;
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

	if (path_params_check(p) != 0)
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
	e->g = c->g[idx];
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

static inline int cell_dir(uint8_t flags)
{
	return (int)(flags & CELL_DIR_MASK);
}

/* Resets the g of every cell of block b to G_UNSEEN. */
static inline void block_reset(uint32_t *g, uint32_t b)
{
	uint32_t *const blk = g + ((size_t)b << BLOCK_SHIFT);
	uint32_t i;

	for (i = 0; i < BLOCK_CELLS; i++)
		blk[i] = G_UNSEEN;
}

/* Makes the block holding cell idx current for this search: a block
 * stamped by an earlier one gets all its g reset to G_UNSEEN. */
static inline __attribute__((always_inline)) void
cell_touch(uint32_t *g, uint32_t *stamps, uint32_t gen, uint32_t idx)
{
	const uint32_t b = idx >> BLOCK_SHIFT;

	if (unlikely(stamps[b] != gen)) {
		stamps[b] = gen;
		block_reset(g, b);
	}
}

/* The start cell of a search: reached at g = 0, open. */
static void cell_start(struct path_ctx *c, uint32_t start)
{
	cell_touch(c->g, c->stamps, c->gen, start);
	c->g[start] = 0;
	c->flags[start] = 0;
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
	uint32_t *const gs = c->g, *const stamps = c->stamps;
	uint8_t *const flags = c->flags;
	const uint32_t gen = c->gen;
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
	cell_start(c, start);
	heap[hlen++] = (struct heap_entry){key, start, (uint16_t)q->sx,
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

		if (have_next) {
			top = next;
			have_next = 0;
		} else if (hlen) {
			top = heap_pop(heap, --hlen);
		} else {
			break;
		}
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
		 * behind; it is recognised by its g, or by the cell having
		 * been closed through the better entry already. */
		if ((fl & CELL_CLOSED) || (uint32_t)~top.key != cg)
			continue;
		if (budget && st.expanded >= budget) {
			result = PATH_BUDGET;
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
			if (tracing)
				trace_add(tr, c, PATH_TRACE_PUSH, nb, cur, d, h,
				          key);
		}
		/* open only grows while the neighbours are pushed, so its
		 * peak shows at the end of an expansion. */
		if (open > st.max_open)
			st.max_open = open;
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

/* --- the bucket lists ----------------------------------------------------- */

/* Doubles an array of entries (the pool or the layer). */
static int entries_grow(struct bucket_entry **arr, uint32_t *cap)
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
layer_merge(struct path_ctx *c, struct bucket_entry *a, uint32_t n)
{
	struct bucket_entry *from = a, *to;
	uint32_t i, w;

	if (c->scratch_cap < n) {
		uint32_t cap = n; /* entries_grow doubles it */

		if (entries_grow(&c->scratch, &cap) != 0)
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
static inline void run_sort(struct bucket_entry *a, uint32_t i, uint32_t end)
{
	uint32_t k, j;

	for (k = i + 1; k < end; k++) {
		const struct bucket_entry x = a[k];

		for (j = k; j > i && a[j - 1].g > x.g; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

static inline int layer_sort(struct path_ctx *c, struct bucket_entry *a,
                             uint32_t n)
{
	uint32_t i;

	if (n <= LAYER_RUN) {
		run_sort(a, 0, n);
		return 0;
	}
	for (i = 0; i < n; i += LAYER_RUN)
		run_sort(a, i, n - i < LAYER_RUN ? n : i + LAYER_RUN);
	return layer_merge(c, a, n);
}

/* Widens the ring to more than `spread` lists.  Every list keeps the
 * index of its f: the lists hold f from fmin up, fewer than ring_size
 * apart, so the f of list i is fmin + ((i - fmin) mod ring_size). */
static int ring_grow(struct path_ctx *c, uint32_t fmin, uint32_t spread)
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
	ring = malloc((size_t)size * sizeof(*ring));
	bits = calloc(size / 64, sizeof(*bits));
	if (!ring || !bits) {
		free(ring);
		free(bits);
		return -1;
	}
	memset(ring, 0xff, (size_t)size * sizeof(*ring));
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
static int buckets_fit(const struct query *q, enum path_diagonal diag)
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

/* --- the neighbour masks of the bucket search ---------------------------- */

/* What an expansion needs to know about a cell's neighbourhood, worked
 * out for a whole block of cells when a bucket search first touches it
 * (with SSE2, 16 cells at a time) instead of cell by cell at every
 * expansion:
 *
 * - bits 0-7: the directions a step can take under the query's diagonal
 *   rule (open cells; under no_corner, diagonals with both straight
 *   neighbours open);
 * - bits 8-15: the side cells an expansion may skip after a straight step
 *   (the pruning described after prune_mask), two bits per direction the
 *   cell was reached from: after N, E then W (SE, SW behind); after E, N
 *   then S (NW, SW); after S, E then W (NE, NW); after W, N then S (NE,
 *   SE).  A side qualifies when its multiplier is no higher than the
 *   cell's (always in BFS) and, under no_corner, the diagonal cell behind
 *   on that side is open.  All 0 with diagonals off. */
static inline uint16_t cell_nbr(const uint8_t *cc, size_t stride,
                                enum path_diagonal diag, int bfs)
{
	const long st = (long)stride;
	const uint8_t m = cc[0], n = cc[-st], e = cc[1], s = cc[st], w = cc[-1];
	const unsigned pn = n != 0, pe = e != 0, ps = s != 0, pw = w != 0;
	const unsigned ne = cc[1 - st] != 0, se = cc[st + 1] != 0,
	               sw = cc[st - 1] != 0, nw = cc[-1 - st] != 0;
	/* What a side needs besides its multiplier: the diagonal behind. */
	const int nc = diag == PATH_DIAG_NO_CORNER;
	const unsigned bne = !nc || ne, bse = !nc || se, bsw = !nc || sw,
	               bnw = !nc || nw;
	const unsigned ln = bfs || n <= m, le = bfs || e <= m,
	               ls = bfs || s <= m, lw = bfs || w <= m;
	unsigned cm = pn | pe << 1 | ps << 2 | pw << 3, side;

	if (diag == PATH_DIAG_NEVER)
		return (uint16_t)cm;
	if (nc)
		cm |= (ne & pn & pe) << 4 | (se & ps & pe) << 5 |
		      (sw & ps & pw) << 6 | (nw & pn & pw) << 7;
	else
		cm |= ne << 4 | se << 5 | sw << 6 | nw << 7;
	side = (le & bse) | (lw & bsw) << 1 | (ln & bnw) << 2 |
	       (ls & bsw) << 3 | (le & bne) << 4 | (lw & bnw) << 5 |
	       (ln & bne) << 6 | (ls & bse) << 7;
	return (uint16_t)(cm | side << 8);
}

#ifdef __SSE2__
/* cell_nbr for the 16 cells from cc on, whose neighbours all lie inside
 * the grid's storage: the same steps on 16 bytes at once, with 0xff for
 * true and masks of the blocked neighbours. */
static inline __attribute__((always_inline)) void
cells_nbr16(uint16_t *out, const uint8_t *cc, size_t stride,
            enum path_diagonal diag, int bfs)
{
#define LD(o)      _mm_loadu_si128((const __m128i *)(const void *)(cc + (o)))
#define OR(a, b)   _mm_or_si128(a, b)
#define BLOCKED(v) _mm_cmpeq_epi8(v, z)
/* bit b where the cells of mask blk are open */
#define OPEN_BIT(blk, b) _mm_andnot_si128(blk, _mm_set1_epi8((char)(b)))
#define LE(v)            (bfs ? all : _mm_cmpeq_epi8(_mm_min_epu8(v, m), v))
/* bit b where side l qualifies and, under no_corner, diagonal blk is open */
#define SIDE_BIT(l, blk, b)                                                    \
	(nc ? _mm_andnot_si128(blk,                                            \
	                       _mm_and_si128(l, _mm_set1_epi8((char)(b))))     \
	    : _mm_and_si128(l, _mm_set1_epi8((char)(b))))
	const long st = (long)stride;
	const __m128i z = _mm_setzero_si128(), all = _mm_cmpeq_epi8(z, z);
	const __m128i m = LD(0), n = LD(-st), e = LD(1), s = LD(st), w = LD(-1);
	const __m128i bn = BLOCKED(n), be = BLOCKED(e), bs = BLOCKED(s),
	              bw = BLOCKED(w);
	__m128i cm = OR(OR(OPEN_BIT(bn, 1), OPEN_BIT(be, 2)),
	                OR(OPEN_BIT(bs, 4), OPEN_BIT(bw, 8)));
	__m128i side = z;

	if (diag != PATH_DIAG_NEVER) {
		const int nc = diag == PATH_DIAG_NO_CORNER;
		const __m128i bne = BLOCKED(LD(1 - st)),
		              bse = BLOCKED(LD(st + 1)),
		              bsw = BLOCKED(LD(st - 1)),
		              bnw = BLOCKED(LD(-1 - st));
		const __m128i ln = LE(n), le = LE(e), ls = LE(s), lw = LE(w);

		if (nc)
			cm = OR(cm, OR(OR(OPEN_BIT(OR(bne, OR(bn, be)), 16),
			                  OPEN_BIT(OR(bse, OR(bs, be)), 32)),
			               OR(OPEN_BIT(OR(bsw, OR(bs, bw)), 64),
			                  OPEN_BIT(OR(bnw, OR(bn, bw)), 128))));
		else
			cm = OR(cm,
			        OR(OR(OPEN_BIT(bne, 16), OPEN_BIT(bse, 32)),
			           OR(OPEN_BIT(bsw, 64), OPEN_BIT(bnw, 128))));
		side = OR(
		        OR(OR(SIDE_BIT(le, bse, 1), SIDE_BIT(lw, bsw, 2)),
		           OR(SIDE_BIT(ln, bnw, 4), SIDE_BIT(ls, bsw, 8))),
		        OR(OR(SIDE_BIT(le, bne, 16), SIDE_BIT(lw, bnw, 32)),
		           OR(SIDE_BIT(ln, bne, 64), SIDE_BIT(ls, bse, 128))));
	}
	_mm_storeu_si128((__m128i *)(void *)out, _mm_unpacklo_epi8(cm, side));
	_mm_storeu_si128((__m128i *)(void *)(out + 8),
	                 _mm_unpackhi_epi8(cm, side));
#undef SIDE_BIT
#undef LE
#undef OPEN_BIT
#undef BLOCKED
#undef OR
#undef LD
}
#endif

/* What a bucket search's blocks are made from: the context's per-cell
 * arrays and the grid. */
struct block_src {
	uint32_t *g;
	uint16_t *nbr;
	uint8_t *flags;
	const uint8_t *cost;
	size_t ncells, stride;
};

/* Block prefetching pays on maps whose per-cell state does not stay in
 * the cache between queries; below this many cells it only costs. */
#define NEAR_MIN_CELLS (1u << 16)
#define NEAR_ROWS      2

/* Asks for what the blocks above and below block `base` (NEAR_ROWS rows
 * each way) will need when the search reaches them: their g, masks and
 * flags, and the grid's row beyond, which their masks are made from.  A
 * search reaches a row's cells soon after its neighbour row's; on a
 * large map, after other code has run, each of those lines is a trip to
 * memory that the search would otherwise wait for when it gets there.
 * Smaller maps, and rows near the top and bottom, are left out. */
static inline __attribute__((always_inline)) void
block_prefetch_near(const struct block_src *src, size_t base)
{
	const size_t stride = src->stride, reach = (NEAR_ROWS + 1) * stride;
	int r;

	if (src->ncells < NEAR_MIN_CELLS || base < reach ||
	    base + reach + BLOCK_CELLS > src->ncells)
		return;
	for (r = 1; r <= NEAR_ROWS; r++) {
		const size_t rows[2] = {base - (size_t)r * stride,
		                        base + (size_t)r * stride};
		int side;

		for (side = 0; side < 2; side++) {
			const size_t at = rows[side];
			const size_t out = side ? at + stride : at - stride;
			size_t k;

			for (k = 0; k < BLOCK_CELLS; k += 64 / sizeof(*src->g))
				__builtin_prefetch(src->g + at + k, 1);
			for (k = 0; k < BLOCK_CELLS;
			     k += 64 / sizeof(*src->nbr))
				__builtin_prefetch(src->nbr + at + k, 1);
			__builtin_prefetch(src->flags + at, 1);
			__builtin_prefetch(src->flags + at + BLOCK_CELLS - 1,
			                   1);
			__builtin_prefetch(src->cost + out);
			__builtin_prefetch(src->cost + out + BLOCK_CELLS - 1);
		}
	}
}

/* Makes block b current for a bucket search: g reset to G_UNSEEN and the
 * neighbour masks of its cells worked out from the grid as it is now.
 * Cells on the border or past the grid's storage get no moves. */
static inline __attribute__((always_inline)) void
block_fresh_rule(const struct block_src *src, uint32_t b,
                 const enum path_diagonal diag, const int bfs)
{
	const size_t base = (size_t)b << BLOCK_SHIFT, stride = src->stride;
	const size_t ncells = src->ncells;
	uint16_t *const nbr = src->nbr;
	const uint8_t *const cost = src->cost;
	size_t i;

	block_reset(src->g, b);
	block_prefetch_near(src, base);
	for (i = base; i < base + BLOCK_CELLS; i += 16) {
		size_t k;

#ifdef __SSE2__
		if (i > stride && i + 16 + stride < ncells) {
			cells_nbr16(nbr + i, cost + i, stride, diag, bfs);
			continue;
		}
#endif
		for (k = i; k < i + 16; k++)
			nbr[k] = k > stride && k + 1 + stride < ncells
			                 ? cell_nbr(cost + k, stride, diag, bfs)
			                 : 0;
	}
}

/* block_fresh_rule, compiled once per diagonal rule and for BFS. */
static __attribute__((noinline)) void block_fresh(const struct block_src *src,
                                                  uint32_t b,
                                                  enum path_diagonal diag,
                                                  int bfs)
{
#define FRESH(rule, bfs_) block_fresh_rule(src, b, rule, bfs_)
	switch (diag) {
	case PATH_DIAG_NEVER:
		bfs ? FRESH(PATH_DIAG_NEVER, 1) : FRESH(PATH_DIAG_NEVER, 0);
		break;
	case PATH_DIAG_NO_CORNER:
		bfs ? FRESH(PATH_DIAG_NO_CORNER, 1)
		    : FRESH(PATH_DIAG_NO_CORNER, 0);
		break;
	default:
		bfs ? FRESH(PATH_DIAG_ALWAYS, 1) : FRESH(PATH_DIAG_ALWAYS, 0);
		break;
	}
#undef FRESH
}

/* The bucket search, instantiated like search_loop.  bfs: every step
 * costs 1.  h is the query's (zero for Dijkstra and BFS), unscaled. */
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
	uint32_t *ring = c->ring;
	uint64_t *bits = c->ring_bits;
	uint32_t mask = c->ring_size - 1;
	struct bucket_entry *pool = c->pool, *layer = c->layer;
	uint32_t pool_len = 0, pool_free = BUCKET_NIL, top = 0;
	uint32_t off[8], step[8];
	struct path_stats st = {0, 0, 0, 0};
	enum path_status result = PATH_NO_PATH;
	uint32_t open = 1;
	int over_limit = 0;
	uint32_t best = start, best_h = UINT32_MAX;
	uint32_t fmin = heuristic_raw(hk, straight, diagonal, 0.0, gx - q->sx,
	                              gy - q->sy);
	struct block_src src;
	int d;

/* Makes room for entry n of the context's array arr (cap entries), whose
 * local copy is `local`: the pool and the layer grow the same way. */
#define ENTRIES_ROOM(arr, cap, n, local)                                       \
	do {                                                                   \
		if (unlikely((n) == c->cap)) {                                 \
			if (entries_grow(&c->arr, &c->cap) != 0) {             \
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
/* cell_touch, with the block's neighbour masks. */
#define TOUCH(idx)                                                             \
	do {                                                                   \
		const uint32_t b_ = (idx) >> BLOCK_SHIFT;                      \
                                                                               \
		if (unlikely(stamps[b_] != gen)) {                             \
			stamps[b_] = gen;                                      \
			block_fresh(&src, b_, diag, bfs);                      \
		}                                                              \
	} while (0)

/* Asks for the lines an expansion of cell n will read (its g, cost and
 * flags rows and its masks) while the layer is still being put together:
 * its cells were pushed a while ago, and fetching them all at once
 * overlaps the misses that the expansions, one at a time, would wait for
 * in turn.  The cell's own g line was just read to see that the entry is
 * live. */
#define layer_prefetch(n)                                                      \
	do {                                                                   \
		__builtin_prefetch(cost + (n)-stride);                         \
		__builtin_prefetch(cost + (n));                                \
		__builtin_prefetch(cost + (n) + stride);                       \
		__builtin_prefetch(gs + (n)-stride);                           \
		__builtin_prefetch(gs + (n) + stride);                         \
		__builtin_prefetch(flags + (n));                               \
		__builtin_prefetch(nbr + (n));                                 \
	} while (0)

	TOUCH(start);
	gs[start] = 0;
	flags[start] = 0;
	layer[top++] = (struct bucket_entry){0, start, BUCKET_NIL, 8};
	st.pushes = 1;
	st.max_open = 1;
	if (tracing)
		trace_add(tr, c, PATH_TRACE_PUSH, start, start, -1, fmin,
		          (uint64_t)fmin << 32 | UINT32_MAX);

	for (;;) {
		struct bucket_entry e;
		uint32_t cur, cg, skip, from;

		while (top == 0) {
			/* The layer is done: the next one is the lowest f with
			 * a list, found in the bitmap from fmin on. */
			uint32_t i = fmin & mask, w = i >> 6, n = 0, k, tail;
			uint64_t word = bits[w] & (~0ull << (i & 63));

			/* Up to every other word, then this one again
			 * whole: the f furthest ahead sit just below fmin
			 * in the ring. */
			while (!word) {
				if (++n > (mask >> 6) + 1)
					goto done;
				w = (w + 1) & (mask >> 6);
				word = bits[w];
			}
			i = w << 6 | (uint32_t)__builtin_ctzll(word);
			bits[w] &= ~(1ull << (i & 63));
			fmin += (i - fmin) & mask;
			/* Its live entries, sorted by g (stable, so ties keep
			 * the list's order); the list goes to the free list. */
			for (k = ring[i], tail = k; k != BUCKET_NIL;
			     k = pool[k].next) {
				tail = k;
				if (gs[pool[k].node] != pool[k].g)
					continue;
				layer_prefetch(pool[k].node);
				ENTRIES_ROOM(layer, layer_cap, top, layer);
				layer[top++] = pool[k];
			}
			pool[tail].next = pool_free;
			pool_free = ring[i];
			ring[i] = BUCKET_NIL;
			if (layer_sort(c, layer, top) != 0) {
				result = PATH_NOMEM;
				goto out;
			}
		}
		e = layer[--top];
		cur = e.node;
		cg = e.g;
		from = e.from;
		skip = prune_mask[from];
		if (unlikely(left == 0)) {
			result = PATH_BUDGET;
			break;
		}
		flags[cur] = (uint8_t)(CELL_CLOSED | (from & CELL_DIR_MASK));
		open--;
		left--;
		if (unlikely(fmin - cg < best_h)) {
			best_h = fmin - cg;
			best = cur;
		}
		if (tracing) {
			int dir = from == 8 ? -1 : (int)from;
			size_t par =
			        dir < 0 ? cur : cur - (uint32_t)q->off[dir];

			trace_add(tr, c, PATH_TRACE_EXPAND, cur, par, dir,
			          fmin - cg,
			          (uint64_t)fmin << 32 | (uint32_t)~cg);
		}
		if (unlikely(cur == goal)) {
			result = PATH_FOUND;
			break;
		}
		{
			/* The directions worth a look, as a bit set: the
			 * cell's moves (see cell_nbr), less the pruned ones.
			 * Walking its set bits costs one hard-to-predict branch
			 * per expansion where testing each neighbour costs one
			 * per wall, which on a maze is most of the time. */
			const uint32_t nv = nbr[cur];
			uint32_t cand = nv & 0xffu;

			if (diag != PATH_DIAG_NEVER) {
				/* The sides of a straight step, placed on their
				 * directions: E and W after N or S, N and S
				 * after E or W; nothing after a diagonal step
				 * or at the start (the shift clears it). */
				const uint32_t x = nv >> (8 + 2 * from) & 3u;

				skip |= ((x & 1u) | (x & 2u) << 1)
				        << (~from & 1u);
			}
			cand &= ~skip;
			while (cand) {
				const uint32_t nb =
				        cur + off[d = __builtin_ctz(cand)];
				const uint8_t m = cost[nb];
				uint32_t ng, h, nf, gv;

				cand &= cand - 1;
				if (bfs)
					ng = cg + 1;
				else
					ng = cg + step[d] * m;
				/* cg <= PATH_COST_MAX and a step costs at
				 * most BUCKET_DIAG_MAX * GRID_COST_MAX, so ng
				 * cannot wrap. */
				if (unlikely(ng > PATH_COST_MAX)) {
					over_limit = 1;
					continue;
				}
				TOUCH(nb);
				gv = gs[nb];
				if (ng >= gv)
					continue;
				if (gv == G_UNSEEN) {
					open++;
				} else if (flags[nb] & CELL_CLOSED) {
					/* A closed cell only improves when h is
					 * not consistent, which buckets_fit
					 * rules out; reopening keeps the search
					 * exact anyway. */
					st.reopened++;
					open++;
				}
				gs[nb] = ng;
				flags[nb] = (uint8_t)d;
				{
					/* The cell's row by a multiply and a
					 * shift, exact for every index of a
					 * supported map. */
					const uint32_t y =
					        (uint32_t)((uint64_t)nb *
					                           ydiv >>
					                   40);

					h = heuristic_raw(
					        hk, straight, diagonal, 0.0,
					        gx + 1 - (int)(nb - y * stride),
					        gy + 1 - (int)y);
				}
				nf = ng + h;
				if (nf == fmin) {
					/* Into the layer being expanded: its g
					 * beats all there but its siblings'. */
					const struct bucket_entry x = {
					        ng, nb, BUCKET_NIL,
					        (uint32_t)d};
					uint32_t j;

					ENTRIES_ROOM(layer, layer_cap, top,
					             layer);
					for (j = top;
					     j > 0 && layer[j - 1].g > ng; j--)
						layer[j] = layer[j - 1];
					layer[j] = x;
					top++;
				} else {
					uint32_t b, k;

					if (unlikely(nf - fmin > mask)) {
						/* Dearer steps than the ring
						 * was sized for: widen it. */
						if (ring_grow(c, fmin,
						              nf - fmin) != 0) {
							result = PATH_NOMEM;
							goto out;
						}
						ring = c->ring;
						bits = c->ring_bits;
						mask = c->ring_size - 1;
					}
					b = nf & mask;
					if (pool_free != BUCKET_NIL) {
						k = pool_free;
						pool_free = pool[k].next;
					} else {
						ENTRIES_ROOM(pool, pool_cap,
						             pool_len, pool);
						k = pool_len++;
					}
					pool[k] = (struct bucket_entry){
					        ng, nb, ring[b], (uint32_t)d};
					ring[b] = k;
					bits[b >> 6] |= 1ull << (b & 63);
				}
				st.pushes++;
				if (tracing)
					trace_add(tr, c, PATH_TRACE_PUSH, nb,
					          cur, d, h,
					          (uint64_t)nf << 32 |
					                  (uint32_t)~ng);
			}
			/* open only grows while the neighbours are pushed,
			 * so its peak shows at the end of an expansion. */
			if (open > st.max_open)
				st.max_open = open;
		}
	}
#undef layer_prefetch
#undef TOUCH
#undef ENTRIES_ROOM
done:
	if (result == PATH_NO_PATH && over_limit)
		result = PATH_COST_RANGE;
out:
	/* Empty the lists left for the next query. */
	{
		const uint32_t words = (mask >> 6) + 1;
		uint32_t w;

		for (w = 0; w < words; w++) {
			while (bits[w]) {
				ring[w << 6 | (uint32_t)__builtin_ctzll(
				                      bits[w])] = BUCKET_NIL;
				bits[w] &= bits[w] - 1;
			}
		}
	}
	st.expanded = limit - left;
	c->best = best;
	*stp = st;
	return result;
}

/* The bucket search without a trace: bfs picks the instance in which
 * every step costs 1. */
static inline __attribute__((always_inline)) enum path_status
bucket_untraced(struct path_ctx *c, const uint8_t *cost, const struct query *q,
                struct path_stats *st, const enum path_diagonal diag,
                const enum path_heuristic heur, int bfs)
{
	return bfs ? bucket_loop(c, cost, q, st, NULL, 0, diag, heur, 1)
	           : bucket_loop(c, cost, q, st, NULL, 0, diag, heur, 0);
}

/* The bucket search under one diagonal rule, with one instance of the
 * loop per heuristic (buckets_fit never sends Euclidean h here). */
static inline __attribute__((always_inline)) enum path_status
bucket_search_rule(struct path_ctx *c, const uint8_t *cost,
                   const struct query *q, struct path_stats *st,
                   const enum path_diagonal diag)
{
	const int bfs = q->algo == PATH_BFS;

	switch (q->heuristic) {
	case PATH_H_MANHATTAN:
		return bucket_untraced(c, cost, q, st, diag, PATH_H_MANHATTAN,
		                       bfs);
	case PATH_H_OCTILE:
		return bucket_untraced(c, cost, q, st, diag, PATH_H_OCTILE,
		                       bfs);
	case PATH_H_CHEBYSHEV:
		return bucket_untraced(c, cost, q, st, diag, PATH_H_CHEBYSHEV,
		                       bfs);
	default:
		return bucket_untraced(c, cost, q, st, diag, PATH_H_ZERO, bfs);
	}
}

/* One function per diagonal rule, each with its heuristics inside, so
 * that the compiler allocates registers for each search loop on its own
 * rather than for thirty in one function. */
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
              const enum path_diagonal diag, int bfs)
{
	return bfs ? bucket_loop(c, cost, q, st, tr, 1, diag, PATH_H_COUNT, 1)
	           : bucket_loop(c, cost, q, st, tr, 1, diag, PATH_H_COUNT, 0);
}

static enum path_status bucket_search(struct path_ctx *c, const uint8_t *cost,
                                      const struct query *q,
                                      enum path_diagonal diag,
                                      struct path_stats *st,
                                      struct path_trace *tr)
{
	const int bfs = q->algo == PATH_BFS;

	if (tr) {
		switch (diag) {
		case PATH_DIAG_NEVER:
			return bucket_traced(c, cost, q, st, tr,
			                     PATH_DIAG_NEVER, bfs);
		case PATH_DIAG_NO_CORNER:
			return bucket_traced(c, cost, q, st, tr,
			                     PATH_DIAG_NO_CORNER, bfs);
		default:
			return bucket_traced(c, cost, q, st, tr,
			                     PATH_DIAG_ALWAYS, bfs);
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

/* The heap search without a trace: plain A* (w = 1), the monsters'
 * everyday search, gets an instance with its mode fixed at compile time. */
static inline __attribute__((always_inline)) enum path_status
heap_untraced(struct path_ctx *c, const uint8_t *cost, const struct query *q,
              struct path_stats *st, const enum path_diagonal diag,
              const enum path_heuristic heur, int astar1)
{
	return astar1 ? search_loop(c, cost, q, st, NULL, 0, diag, heur, 1)
	              : search_loop(c, cost, q, st, NULL, 0, diag, heur, 0);
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

/* One function per diagonal rule, as for the buckets. */
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

static enum path_status heap_search(struct path_ctx *c, const uint8_t *cost,
                                    const struct query *q,
                                    enum path_diagonal diag,
                                    struct path_stats *st,
                                    struct path_trace *tr)
{
	/* A traced search (the AI view's) takes one generic instance per
	 * rule, with the heuristic and the mode chosen at run time. */
	if (tr) {
		switch (diag) {
		case PATH_DIAG_NEVER:
			return search_loop(c, cost, q, st, tr, 1,
			                   PATH_DIAG_NEVER, PATH_H_COUNT, 0);
		case PATH_DIAG_NO_CORNER:
			return search_loop(c, cost, q, st, tr, 1,
			                   PATH_DIAG_NO_CORNER, PATH_H_COUNT,
			                   0);
		default:
			return search_loop(c, cost, q, st, tr, 1,
			                   PATH_DIAG_ALWAYS, PATH_H_COUNT, 0);
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
		idx -= (size_t)q->off[cell_dir(c->flags[idx])];
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
			int d = cell_dir(c->flags[idx]);

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
	int buckets;

	if (!res)
		return PATH_BAD_ARG;
	memset(res, 0, sizeof(*res));
	res->status = PATH_BAD_ARG;
	if (!ctx || !g || !g->cost || (cap && !buf) ||
	    path_params_check(p) != 0 || g->width != ctx->width ||
	    g->height != ctx->height || !grid_passable(g, sx, sy) ||
	    !grid_passable(g, gx, gy))
		return PATH_BAD_ARG;

	query_init(&q, ctx, p, sx, sy, gx, gy);
	buckets = buckets_fit(&q, p->diagonal);
	if (!buckets && !ctx->heap) {
		size_t hcap =
		        ctx->ncells < HEAP_INITIAL ? ctx->ncells : HEAP_INITIAL;

		ctx->heap = heap_alloc(hcap);
		if (!ctx->heap) {
			res->status = PATH_NOMEM;
			return PATH_NOMEM;
		}
		ctx->heap_cap = hcap;
	}
	if (++ctx->gen == 0) {
		/* Once every 2^32 queries the stamps wrap: start afresh. */
		memset(ctx->stamps, 0,
		       block_count(ctx->ncells) * sizeof(*ctx->stamps));
		ctx->gen = 1;
	}
	if (trace)
		path_trace_clear(trace);

	st = buckets ? bucket_search(ctx, g->cost, &q, p->diagonal, &res->stats,
	                             trace)
	             : heap_search(ctx, g->cost, &q, p->diagonal, &res->stats,
	                           trace);
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
	if (ctx->stamps[idx >> BLOCK_SHIFT] != ctx->gen ||
	    ctx->g[idx] == G_UNSEEN)
		return 0;
	info->reached = 1;
	info->closed = (ctx->flags[idx] & CELL_CLOSED) != 0;
	info->g = ctx->g[idx];
	info->h = query_h(&q, PATH_H_COUNT, x, y);
	if (idx != q.start) {
		d = cell_dir(ctx->flags[idx]);
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
