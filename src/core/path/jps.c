/* SPDX-License-Identifier: MIT */
/* jps.c - jump point search over a uniform-cost grid.
 *
 * The search is A* over jump points.  Each expanded jump point looks only
 * at the directions its arrival leaves open (the natural ones, plus the
 * "forced" ones a wall beside it opens up), and runs from it along each of
 * them until the next jump point, a wall or the goal.
 *
 * Runs do not step cell by cell: the context keeps the walls as bits, one
 * per cell, by rows and (transposed) by columns, and beside them, for each
 * rule and way along a line, a mask of the cells where a straight run
 * stops (walls and cells with a forced neighbour).  A straight run, along
 * a row or a column alike, then reads one word per 64 cells and finds its
 * end with one bit scan; the one-cell blocked border of the grid stops
 * every run without a bounds test.  Diagonal runs step cell by cell and
 * run both straight lines from each cell.  The bits and masks are made
 * from the cost bytes when the context syncs with a grid (jps_sync), and
 * then only where a 64 x 64 block changed, so that a door opening costs a
 * pass over the bytes and a block's worth of work.
 *
 * Following Harabor and Grastien's JPS2 (2014), the cells of a diagonal
 * run are not jump points: the jump points that straight runs from them
 * find are successors of the jump point the diagonal started from,
 * reached diagonally and then straight; see jps_search.  A path's legs
 * are so diagonal first, and the walk back from the goal turns where
 * what is left of a leg is diagonal.
 *
 * The two diagonal rules differ in where a run stops:
 *   PATH_DIAG_ALWAYS: a straight run stops at a cell with a wall beside
 *   it and an open cell diagonally ahead on that side; a diagonal run
 *   stops where a wall beside its last step leaves an open cell behind
 *   it, or where a straight run from it (along either of its components)
 *   would stop.
 *   PATH_DIAG_NO_CORNER: a straight run stops at a cell whose side
 *   neighbour is open while the one behind it was a wall (the side cell
 *   and the diagonal ahead on that side cannot be reached as cheaply any
 *   other way); a diagonal run needs both orthogonal cells of every step
 *   open, and stops only where a straight run from it would stop.
 * In both, a run through the goal stops on it. */
#include "jps.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/dir.h"
#include "path_impl.h"

#define TAG_DIR_MASK  0x7u
#define TAG_CLOSED    0x8u
#define TAG_GEN_SHIFT 4
#define TAG_GEN_MAX   0x0fffffffu

#define HEAP_INITIAL 256
#define HEAP_ARITY   4

/* 12 bytes per cell. */
struct jnode {
	uint32_t tag;    /* gen << 4 | closed << 3 | direction of arrival */
	uint32_t g;      /* cost from the start */
	uint32_t parent; /* padded index of the previous jump point */
};

struct jentry {
	uint64_t key; /* f << 32 | ~g: low f first, then high g */
	uint32_t node;
	uint16_t x, y;
};

struct jps_ctx {
	int width;
	int height;
	int stride;
	size_t ncells; /* padded cells, border included */
	uint32_t gen;
	struct jnode *nodes;
	struct jentry *heap;
	size_t heap_cap;
	/* The walls as bits, one per padded cell, 1 for open.  rows holds
	 * the padded rows, nwx words each (bit b of word j the column
	 * 64j + b); cols the same transposed, the padded columns in nwy
	 * words over the rows.  Both are stored word by word: slot j + 1 of
	 * rows is word j of every row, top to bottom, so the rows above and
	 * below a cell lie next to its own row and a diagonal run that
	 * looks along a row at every step reads a few cache lines, not three
	 * new ones a step.  Slots 0 and nwx + 1 are zero guards, so a scan
	 * can read the words on either side of any word.  cols is made from
	 * rows in blocks of 64 x 64 bits. */
	size_t nwx, nwy; /* words per padded row, per padded column */
	size_t rh, ch;   /* words per slot: the padded rows, the columns */
	uint64_t *rows;  /* nwx + 2 slots of rh words */
	uint64_t *cols;  /* nwy + 2 slots of ch words */
	/* Where runs stop, worked out from rows and cols at each sync: in
	 * the same layout, for each rule and way (index nocorner * 2 + fwd,
	 * fwd the way to higher positions), bits set at the walls and at the
	 * cells with a forced neighbour, so that a run reads one word per 64
	 * cells and finds its end with one bit scan. */
	uint64_t *rstop[4], *cstop[4];
	uint8_t *dirty; /* nwx * nwy blocks: rows changed since the last sync */
	/* The remembered grid: its cost pointer, its serial when the bits
	 * were made from it, and its multiplier (0 when its passable cells
	 * differ). */
	const uint8_t *grid_cost;
	uint32_t grid_serial;
	int grid_mult;
};

/* For a straight direction: the two perpendicular ones, and the diagonal
 * that combines the direction with each of them. */
static const uint8_t side_a[4] = {1, 2, 3, 0};
static const uint8_t side_b[4] = {3, 0, 1, 2};
static const uint8_t diag_a[4] = {4, 5, 6, 7};
static const uint8_t diag_b[4] = {7, 4, 5, 6};
/* For a diagonal direction (index - 4): its horizontal and vertical
 * components, and the two diagonals a wall behind it can force:
 * (-dx, dy) and (dx, -dy). */
static const uint8_t comp_h[4] = {1, 1, 3, 3};
static const uint8_t comp_v[4] = {0, 2, 2, 0};
static const uint8_t back_h[4] = {7, 6, 5, 4};
static const uint8_t back_v[4] = {5, 4, 7, 6};

/* --- the open list ------------------------------------------------------ */

static inline void jps_heap_up(struct jentry *h, size_t pos, struct jentry e)
{
	while (pos > 0) {
		size_t parent = (pos - 1) / HEAP_ARITY;

		if (h[parent].key <= e.key)
			break;
		h[pos] = h[parent];
		pos = parent;
	}
	h[pos] = e;
}

/* Removes the top of a heap of n + 1 entries. */
static inline struct jentry jps_heap_pop(struct jentry *h, size_t n)
{
	struct jentry top = h[0], last = h[n];
	size_t pos = 0;

	for (;;) {
		size_t first = HEAP_ARITY * pos + 1, best, i, end;

		if (first >= n)
			break;
		end = first + HEAP_ARITY < n ? first + HEAP_ARITY : n;
		best = first;
		for (i = first + 1; i < end; i++)
			if (h[i].key < h[best].key)
				best = i;
		if (h[best].key >= last.key)
			break;
		h[pos] = h[best];
		pos = best;
	}
	h[pos] = last;
	return top;
}

static int jps_heap_grow(struct jps_ctx *c)
{
	size_t cap = c->heap_cap * 2;
	struct jentry *h = realloc(c->heap, cap * sizeof(*h));

	if (!h)
		return -1;
	c->heap = h;
	c->heap_cap = cap;
	return 0;
}

/* --- contexts and grids -------------------------------------------------- */

struct jps_ctx *jps_ctx_new(int width, int height)
{
	struct jps_ctx *c;
	int i;

	if (!grid_size_ok(width, height))
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->width = width;
	c->height = height;
	c->stride = width + 2;
	c->ncells = (size_t)(width + 2) * (size_t)(height + 2);
	/* Faulted in here, once, rather than during the first queries. */
	c->nodes = malloc(c->ncells * sizeof(*c->nodes));
	if (c->nodes)
		memset(c->nodes, 0, c->ncells * sizeof(*c->nodes));
	c->heap_cap = HEAP_INITIAL;
	c->heap = malloc(c->heap_cap * sizeof(*c->heap));
	c->nwx = ((size_t)width + 2 + 63) / 64;
	c->nwy = ((size_t)height + 2 + 63) / 64;
	c->rh = (size_t)height + 2;
	c->ch = (size_t)width + 2;
	/* All zero: every cell a wall, until the first grid is synced (and
	 * the stop masks, read only where a cell is open, do not matter). */
	c->rows = calloc(5 * (c->nwx + 2) * c->rh, sizeof(*c->rows));
	c->cols = calloc(5 * (c->nwy + 2) * c->ch, sizeof(*c->cols));
	for (i = 0; c->rows && c->cols && i < 4; i++) {
		c->rstop[i] = c->rows + (size_t)(i + 1) * (c->nwx + 2) * c->rh;
		c->cstop[i] = c->cols + (size_t)(i + 1) * (c->nwy + 2) * c->ch;
	}
	c->dirty = calloc(c->nwx * c->nwy, 1);
	if (!c->nodes || !c->heap || !c->rows || !c->cols || !c->dirty) {
		jps_ctx_free(c);
		return NULL;
	}
	return c;
}

void jps_ctx_free(struct jps_ctx *ctx)
{
	if (!ctx)
		return;
	free(ctx->nodes);
	free(ctx->heap);
	free(ctx->rows);
	free(ctx->cols);
	free(ctx->dirty);
	free(ctx);
}

size_t jps_ctx_bytes(const struct jps_ctx *ctx)
{
	if (!ctx)
		return 0;
	return sizeof(*ctx) + ctx->ncells * sizeof(*ctx->nodes) +
	       ctx->heap_cap * sizeof(*ctx->heap) +
	       5 * (ctx->nwx + 2) * ctx->rh * sizeof(*ctx->rows) +
	       5 * (ctx->nwy + 2) * ctx->ch * sizeof(*ctx->cols) +
	       ctx->nwx * ctx->nwy;
}

int jps_grid_uniform(const struct grid *g)
{
	uint8_t mult = 0;
	int x, y;

	if (!g || !g->cost || g->width < 1 || g->height < 1)
		return 0;
	for (y = 0; y < g->height; y++) {
		const uint8_t *row = g->cost + grid_index(g, 0, y);

		for (x = 0; x < g->width; x++) {
			uint8_t m = row[x];

			if (!m || m == mult)
				continue;
			if (mult)
				return 0;
			mult = m;
		}
	}
	return mult;
}

/* --- the walls as bits -----------------------------------------------------
 */

/* Eight cells of a row as one word, in memory order. */
static inline uint64_t jps_load8(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

#define BYTE_HIGH 0x8080808080808080ull
#define BYTE_LOW7 0x7f7f7f7f7f7f7f7full
#define BYTE_ONES 0x0101010101010101ull

/* The high bit of each byte of the result is set when that byte of v is
 * not zero (an open cell).  No carry crosses a byte: (b & 0x7f) + 0x7f is
 * at most 0xfe. */
static inline uint64_t jps_open_bits(uint64_t v)
{
	return (((v & BYTE_LOW7) + BYTE_LOW7) | v) & BYTE_HIGH;
}

/* Position (0..7, in memory order) of the first byte whose high bit is
 * set in a non-zero mask of high bits. */
static inline unsigned jps_first_byte(uint64_t m)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return (unsigned)__builtin_clzll(m) / 8;
#else
	return (unsigned)__builtin_ctzll(m) / 8;
#endif
}

/* The eight cells at p (whose bytes, as one word, are v) as eight bits,
 * the cell at p in bit 0, 1 for open. */
static inline uint64_t jps_pack8(const uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	uint64_t bits = 0;
	unsigned i;

	(void)v;
	for (i = 0; i < 8; i++)
		bits |= (uint64_t)(p[i] != 0) << i;
	return bits;
#else
	/* The byte flags sit at bits 0, 8, .., 56; the multiplier moves
	 * byte i's flag to bit 56 + i and nothing else reaches the top
	 * byte or carries into it. */
	(void)p;
	return ((jps_open_bits(v) >> 7) * 0x0102040810204080ull) >> 56;
#endif
}

/* Transposes a 64 x 64 matrix of bits in place: bit b of a[i] becomes bit
 * i of a[b].  Swaps the off-diagonal halves, then the quarters inside
 * each half, down to single bits. */
static void jps_transpose64(uint64_t a[64])
{
	uint64_t m = 0x00000000ffffffffull;
	unsigned j, k;

	for (j = 32; j; j >>= 1, m ^= m << j) {
		for (k = 0; k < 64; k = ((k | j) + 1) & ~j) {
			const uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;

			a[k] ^= t << j;
			a[k | j] ^= t;
		}
	}
}

/* The cells where a side line (the row above or below a run along a row,
 * the column beside a run along a column) makes a run stop, in the word
 * *s of it, whose neighbouring words in the line are s[-ws] and s[ws]:
 * under no-corner, an open side cell whose neighbour behind it (towards
 * lower positions when fwd, else higher) is a wall; under always, a side
 * wall whose neighbour ahead is open.  Only the neighbouring word the
 * direction needs is read. */
static inline __attribute__((always_inline)) uint64_t
jps_side_stops(const uint64_t *s, ptrdiff_t ws, const int fwd,
               const int nocorner)
{
	const uint64_t w = *s;

	if (nocorner == fwd) {
		/* Bit i: cell i - 1. */
		const uint64_t lower = w << 1 | s[-ws] >> 63;

		return nocorner ? w & ~lower : ~w & lower;
	} else {
		/* Bit i: cell i + 1. */
		const uint64_t upper = w >> 1 | s[ws] << 63;

		return nocorner ? w & ~upper : ~w & upper;
	}
}

/* The stop mask (see struct jps_ctx) of the word *w of a line whose
 * side lines' words are w[-1] and w[1], for one rule and way. */
static inline uint64_t jps_stop_word(const uint64_t *w, ptrdiff_t ws,
                                     const int fwd, const int nocorner)
{
	return ~*w | jps_side_stops(w - 1, ws, fwd, nocorner) |
	       jps_side_stops(w + 1, ws, fwd, nocorner);
}

/* Works the stop masks out again for the words of lines lo..hi (line
 * numbers), word slots jlo..jhi, of bits (rows or cols, line stride ws
 * between slots, n words a slot) into stops. */
static void jps_derive(const uint64_t *bits, uint64_t *const stops[4],
                       size_t ws, size_t lo, size_t hi, size_t jlo, size_t jhi)
{
	size_t j, y;

	for (j = jlo; j <= jhi; j++) {
		for (y = lo; y <= hi; y++) {
			const size_t at = (j + 1) * ws + y;
			const uint64_t *w = bits + at;
			const ptrdiff_t pws = (ptrdiff_t)ws;

			stops[0][at] = jps_stop_word(w, pws, 0, 0);
			stops[1][at] = jps_stop_word(w, pws, 1, 0);
			stops[2][at] = jps_stop_word(w, pws, 0, 1);
			stops[3][at] = jps_stop_word(w, pws, 1, 1);
		}
	}
}

/* Transposes the 64 x 64 blocks marked dirty into the columns and works
 * their stop masks out again (with a word and a line around them, which
 * read the changed bits), then clears the marks. */
static void jps_apply_dirty(struct jps_ctx *c, const struct grid *g)
{
	size_t by, bx;

	for (by = 0; by < c->nwy; by++) {
		for (bx = 0; bx < c->nwx; bx++) {
			uint64_t a[64];

			if (!c->dirty[by * c->nwx + bx])
				continue;
			const size_t y0 = by * 64, x0 = bx * 64;
			const size_t ny = c->rh - y0 < 64 ? c->rh - y0 : 64;
			const size_t nx = c->ch - x0 < 64 ? c->ch - x0 : 64;

			memset(a, 0, sizeof(a));
			memcpy(a, c->rows + (bx + 1) * c->rh + y0,
			       ny * sizeof(*a));
			jps_transpose64(a);
			memcpy(c->cols + (by + 1) * c->ch + x0, a,
			       nx * sizeof(*a));
		}
	}
	/* A changed word changes the stop masks of the words around
	 * it, one line and one word each way, inside the map. */
	for (by = 0; by < c->nwy; by++) {
		for (bx = 0; bx < c->nwx; bx++) {
			const size_t x0 = bx * 64, y0 = by * 64;

			if (!c->dirty[by * c->nwx + bx])
				continue;
			c->dirty[by * c->nwx + bx] = 0;
			jps_derive(
			        c->rows, c->rstop, c->rh, y0 ? y0 - 1 : 1,
			        y0 + 64 < (size_t)g->height ? y0 + 64
			                                    : (size_t)g->height,
			        bx ? bx - 1 : 0, bx + 1 < c->nwx ? bx + 1 : bx);
			jps_derive(
			        c->cols, c->cstop, c->ch, x0 ? x0 - 1 : 1,
			        x0 + 64 < (size_t)g->width ? x0 + 64
			                                   : (size_t)g->width,
			        by ? by - 1 : 0, by + 1 < c->nwy ? by + 1 : by);
		}
	}
}

/* Brings the bits up to date with g and returns g's multiplier (0 when
 * its passable cells differ or there are none), in one pass over the
 * cost bytes, eight at a time.  Only the 64 x 64 blocks whose rows
 * changed are transposed again, and their stop masks worked out again
 * (with a word and a line around them, which read the changed bits), so
 * a sync that finds a door changed costs the pass and about one block. */
static int jps_sync(struct jps_ctx *c, const struct grid *g)
{
	const size_t stride = (size_t)g->stride;
	unsigned mult = 0;
	int mixed = 0, any = 0;
	size_t y, j;

	for (y = 1; y <= (size_t)g->height; y++) {
		const uint8_t *src = g->cost + y * stride;
		uint64_t *row = c->rows + c->rh + y; /* word j: row[j * rh] */

		for (j = 0; j < c->nwx; j++) {
			const size_t x0 = j * 64;
			const size_t end = x0 + 64 < stride ? x0 + 64 : stride;
			uint64_t bits = 0;
			size_t x;

			for (x = x0; x + 8 <= end; x += 8) {
				const uint64_t v = jps_load8(src + x);

				if (!v)
					continue;
				if (!mult)
					mult = src[x +
					           jps_first_byte(
					                   jps_open_bits(v))];
				if (jps_open_bits(v) &
				    jps_open_bits(v ^
				                  (uint64_t)mult * BYTE_ONES))
					mixed = 1;
				bits |= jps_pack8(src + x, v) << (x - x0);
			}
			for (; x < end; x++) {
				if (!src[x])
					continue;
				if (!mult)
					mult = src[x];
				if (src[x] != mult)
					mixed = 1;
				bits |= 1ull << (x - x0);
			}
			if (bits != row[j * c->rh]) {
				row[j * c->rh] = bits;
				c->dirty[(y / 64) * c->nwx + j] = 1;
				any = 1;
			}
		}
	}
	if (any)
		jps_apply_dirty(c, g);
	return mixed ? 0 : (int)mult;
}

int jps_ctx_set_grid(struct jps_ctx *ctx, const struct grid *g)
{
	if (!ctx || !g || !g->cost || g->width != ctx->width ||
	    g->height != ctx->height)
		return PATH_BAD_ARG;
	ctx->grid_cost = g->cost;
	ctx->grid_serial = g->serial;
	ctx->grid_mult = jps_sync(ctx, g);
	return ctx->grid_mult;
}

void jps_ctx_cell_changed(struct jps_ctx *ctx, const struct grid *g, int x,
                          int y)
{
	size_t at, px, py, j;
	uint64_t *word, bit;
	uint8_t cost;

	/* Only the one change since the bits were made from g, on a grid
	 * whose passable cells all cost the same: else the next query
	 * scans. */
	if (!ctx || !g || !g->cost || g->cost != ctx->grid_cost ||
	    g->serial != ctx->grid_serial + 1 || !ctx->grid_mult || x < 0 ||
	    y < 0 || x >= ctx->width || y >= ctx->height)
		return;
	cost = g->cost[grid_index(g, x, y)];
	ctx->grid_serial = g->serial;
	if (cost && cost != ctx->grid_mult)
		ctx->grid_mult = 0; /* mixed now: queries refuse it */
	px = (size_t)x + 1;
	py = (size_t)y + 1;
	j = px / 64;
	at = (j + 1) * ctx->rh + py;
	word = &ctx->rows[at];
	bit = 1ull << (px % 64);
	if (!(*word & bit) == !cost)
		return;
	*word ^= bit;
	ctx->dirty[(py / 64) * ctx->nwx + j] = 1;
	jps_apply_dirty(ctx, g);
}

/* --- runs ---------------------------------------------------------------- */

/* Whether a straight run in direction step stops at the open cell n: the
 * test for a wall beside the run, on the side o. */
static inline __attribute__((always_inline)) int
jps_forced_straight(const uint8_t *c, uint32_t n, long step, long o,
                    const int nocorner)
{
	if (nocorner)
		return !c[n - step + o] && c[n + o];
	return !c[n + o] && c[n + step + o];
}

/* A run along one line (a padded row, or a padded column) from position
 * pos, exclusive, towards higher positions when fwd: the position of the
 * first cell where the run stops (a forced neighbour beside it, or the
 * goal's position goal when not 0), or 0 when it meets a wall first.
 * stops and open point at the line's word 0 in the stop mask for the
 * rule and way, and in the open bits; word j is at j * ws.  Sixty-four
 * cells a word; the blocked border stops every run inside the line. */
static inline __attribute__((always_inline)) uint32_t
jps_line_scan(const uint64_t *stops, const uint64_t *open, ptrdiff_t ws,
              uint32_t pos, uint32_t goal, const int fwd)
{
	const uint32_t gj = goal / 64;
	const uint64_t gbit = goal ? 1ull << (goal % 64) : 0;
	const uint32_t p = fwd ? pos + 1 : pos - 1;
	uint32_t j = p / 64;
	const uint64_t *w = stops + (ptrdiff_t)j * ws;
	uint64_t mask = fwd ? ~0ull << (p % 64) : ~0ull >> (63 - p % 64);

	for (;;) {
		const uint64_t stop = (*w | (j == gj ? gbit : 0)) & mask;

		if (stop) {
			const unsigned b =
			        fwd ? (unsigned)__builtin_ctzll(stop)
			            : 63 - (unsigned)__builtin_clzll(stop);

			return open[(ptrdiff_t)j * ws] >> b & 1 ? j * 64 + b
			                                        : 0;
		}
		mask = ~0ull;
		if (fwd) {
			j++;
			w += ws;
		} else {
			j--;
			w -= ws;
		}
	}
}

/* The lines a run reads: the context's bits, and the stop masks for the
 * search's rule, each way. */
struct jlines {
	const uint64_t *rows, *cols;
	const uint64_t *rfwd, *rback, *cfwd, *cback;
	ptrdiff_t rh, ch;
};

/* A run along the row py from the padded column px, east when fwd: the
 * padded column where it stops, or 0 (a wall first). */
static inline __attribute__((always_inline)) uint32_t
jps_run_row(const struct jlines *l, uint32_t px, uint32_t py, uint32_t gpx,
            uint32_t gpy, const int fwd)
{
	const ptrdiff_t at = l->rh + py;

	return jps_line_scan((fwd ? l->rfwd : l->rback) + at, l->rows + at,
	                     l->rh, px, py == gpy ? gpx : 0, fwd);
}

/* The same along the column px from the padded row py, south when fwd. */
static inline __attribute__((always_inline)) uint32_t
jps_run_col(const struct jlines *l, uint32_t px, uint32_t py, uint32_t gpx,
            uint32_t gpy, const int fwd)
{
	const ptrdiff_t at = l->ch + px;

	return jps_line_scan((fwd ? l->cfwd : l->cback) + at, l->cols + at,
	                     l->ch, py, px == gpx ? gpy : 0, fwd);
}

/* A straight run from the open padded cell (px, py) in direction d (0..3):
 * the padded index of the cell where it stops (the goal, or a cell with a
 * forced neighbour) and its distance in *steps, or 0 when it runs into a
 * wall first. */
static inline __attribute__((always_inline)) uint32_t
jps_run_straight(const struct jlines *l, uint32_t stride, uint32_t px,
                 uint32_t py, int d, uint32_t gpx, uint32_t gpy,
                 const int nocorner, uint32_t *steps)
{
	uint32_t q;

	if (dir_dy[d] == 0) {
		q = jps_run_row(l, px, py, gpx, gpy, dir_dx[d] > 0);
		if (!q)
			return 0;
		*steps = q > px ? q - px : px - q;
		return py * stride + q;
	}
	q = jps_run_col(l, px, py, gpx, gpy, dir_dy[d] > 0);
	if (!q)
		return 0;
	*steps = q > py ? q - py : py - q;
	return q * stride + px;
}

/* A diagonal run from the padded cell (px, py), index n, in direction d
 * (4..7), as run_straight.  At every cell it tests whether a straight run
 * along either of its components would stop; when it stops for that
 * reason, *qr and *qc are where those runs stop (the padded column of
 * the row's run, the padded row of the column's, 0 for a wall), and both
 * are 0 when it stops at the goal or (diagonals always allowed) at a
 * forced diagonal. */
static inline __attribute__((always_inline)) uint32_t
jps_run_diagonal(const uint8_t *c, const struct jlines *l, const long *off,
                 uint32_t n, uint32_t px, uint32_t py, int d, uint32_t goal,
                 uint32_t gpx, uint32_t gpy, const int nocorner,
                 uint32_t *steps, uint32_t *qr, uint32_t *qc)
{
	const int h = comp_h[d - 4], v = comp_v[d - 4];
	const long oh = off[h], ov = off[v], step = oh + ov;
	const int east = dir_dx[d] > 0, south = dir_dy[d] > 0;
	uint32_t k = 0;

	for (;;) {
		if (nocorner && (!c[n + oh] || !c[n + ov]))
			return 0;
		n += (uint32_t)step;
		px += (uint32_t)dir_dx[d];
		py += (uint32_t)dir_dy[d];
		k++;
		if (!c[n])
			return 0;
		if (n == goal)
			break;
		if (!nocorner && ((!c[n - oh] && c[n - oh + ov]) ||
		                  (!c[n - ov] && c[n + oh - ov])))
			break;
		*qr = jps_run_row(l, px, py, gpx, gpy, east);
		*qc = jps_run_col(l, px, py, gpx, gpy, south);
		if (*qr | *qc)
			break;
	}
	*steps = k;
	return n;
}

/* The directions an expansion of cur, reached in direction d (8 for the
 * start), runs in: one bit per direction. */
static inline __attribute__((always_inline)) unsigned
jps_directions(const uint8_t *c, const long *off, uint32_t cur, int d,
               const int nocorner)
{
	unsigned m;

	if (d == 8)
		return 0xffu;
	if (d < 4) {
		const long step = off[d];
		const long oa = off[side_a[d]], ob = off[side_b[d]];

		m = 1u << d;
		if (nocorner) {
			if (!c[cur - step + oa] && c[cur + oa])
				m |= 1u << side_a[d] | 1u << diag_a[d];
			if (!c[cur - step + ob] && c[cur + ob])
				m |= 1u << side_b[d] | 1u << diag_b[d];
		} else {
			if (jps_forced_straight(c, cur, step, oa, 0))
				m |= 1u << diag_a[d];
			if (jps_forced_straight(c, cur, step, ob, 0))
				m |= 1u << diag_b[d];
		}
		return m;
	}
	{
		const int h = comp_h[d - 4], v = comp_v[d - 4];
		const long oh = off[h], ov = off[v];

		m = 1u << d | 1u << h | 1u << v;
		if (!nocorner) {
			if (!c[cur - oh] && c[cur - oh + ov])
				m |= 1u << back_h[d - 4];
			if (!c[cur - ov] && c[cur + oh - ov])
				m |= 1u << back_v[d - 4];
		}
	}
	return m;
}

/* --- the search ---------------------------------------------------------- */

struct jquery {
	uint32_t start, goal;
	int sx, sy, gx, gy;
	uint32_t straight, diagonal; /* step costs times the multiplier */
	uint32_t budget;
	long off[8];
};

static inline uint32_t jps_octile(const struct jquery *q, int x, int y)
{
	uint32_t ax = (uint32_t)(x < q->gx ? q->gx - x : x - q->gx);
	uint32_t ay = (uint32_t)(y < q->gy ? q->gy - y : y - q->gy);
	uint32_t lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;

	return sat32((uint64_t)q->diagonal * lo +
	             (uint64_t)q->straight * (hi - lo));
}

/* A diagonal run's result. */
struct jrun {
	uint32_t nb, steps, qr, qc; /* as jps_run_diagonal's; nb 0: none */
};

/* The diagonal run from the jump point from, unpadded (fx, fy), with the
 * nodes it found asked from memory ahead of their use. */
static inline __attribute__((always_inline)) void
jps_run_diagonal_ahead(const uint8_t *c, const struct jlines *l,
                       const struct jquery *q, const struct jnode *nodes,
                       uint32_t stride, uint32_t from, int fx, int fy, int d,
                       uint32_t goal, uint32_t gpx, uint32_t gpy,
                       const int nocorner, struct jrun *r)
{
	r->qr = r->qc = 0;
	r->steps = 0;
	r->nb = jps_run_diagonal(c, l, q->off, from, (uint32_t)fx + 1,
	                         (uint32_t)fy + 1, d, goal, gpx, gpy, nocorner,
	                         &r->steps, &r->qr, &r->qc);
	if (!r->nb)
		return;
	__builtin_prefetch(&nodes[r->nb], 1);
	if (r->qr)
		__builtin_prefetch(&nodes[r->nb -
		                          ((uint32_t)fx + 1 +
		                           (uint32_t)dir_dx[d] * r->steps) +
		                          r->qr],
		                   1);
	if (r->qc)
		__builtin_prefetch(&nodes[r->qc * stride + (uint32_t)fx + 1 +
		                          (uint32_t)dir_dx[d] * r->steps],
		                   1);
}

/* The open list and counts of one search. */
struct jsearch {
	struct jentry *heap;
	size_t hlen, hcap;
	uint32_t open; /* jump points open now */
	int over_limit;
	struct path_stats st;
};

/* Offers the jump point nb, unpadded (nx, ny), reached in direction d
 * from the jump point from, unpadded (fx, fy), of cost fg (for the
 * trace), at cost ng64: enters it in the open list unless it is already
 * known at a cost no higher.  Returns 0, or -1 when out of memory. */
static inline __attribute__((always_inline)) int
jps_offer(struct jps_ctx *cx, struct jsearch *s, const struct jquery *q,
          uint32_t gen_tag, uint32_t nb, int nx, int ny, uint32_t from, int fx,
          int fy, int d, uint32_t fg, uint64_t ng64,
          struct path_trace *const trace)
{
	struct jnode *nn = &cx->nodes[nb];
	uint32_t ng, h;
	uint64_t key;

	if (trace)
		trace_offer(trace, nx, ny, fx, fy, d, fg, ng64,
		            jps_octile(q, nx, ny),
		            (nn->tag & ~(TAG_CLOSED | TAG_DIR_MASK)) == gen_tag,
		            nn->g, nn->tag & TAG_CLOSED);
	if (ng64 > PATH_COST_MAX) {
		s->over_limit = 1;
		return 0;
	}
	ng = (uint32_t)ng64;
	if ((nn->tag & ~(TAG_CLOSED | TAG_DIR_MASK)) != gen_tag) {
		s->open++;
	} else {
		if (ng >= nn->g)
			return 0;
		if (nn->tag & TAG_CLOSED) {
			s->st.reopened++;
			s->open++;
		}
	}
	nn->tag = gen_tag | (uint32_t)d;
	nn->g = ng;
	nn->parent = from;
	if (s->hlen == s->hcap) {
		cx->heap = s->heap;
		if (jps_heap_grow(cx))
			return -1;
		s->heap = cx->heap;
		s->hcap = cx->heap_cap;
	}
	h = jps_octile(q, nx, ny);
	key = (uint64_t)sat32((uint64_t)ng + h) << 32;
	jps_heap_up(s->heap, s->hlen++,
	            (struct jentry){key | (uint32_t)~ng, nb, (uint16_t)nx,
	                            (uint16_t)ny});
	s->st.pushes++;
	if (trace)
		trace_event(trace, PATH_TRACE_PUSH, nx, ny, fx, fy, d, ng, h,
		            key);
	if (s->open > s->st.max_open)
		s->st.max_open = s->open;
	return 0;
}

/* jps_offer for the jump point nb, steps cells in direction d from the
 * jump point from, unpadded (fx, fy), of cost fg. */
static inline __attribute__((always_inline)) int
jps_offer_line(struct jps_ctx *cx, struct jsearch *s, const struct jquery *q,
               uint32_t gen_tag, uint32_t nb, uint32_t from, int fx, int fy,
               int d, uint32_t steps, uint32_t fg,
               struct path_trace *const trace)
{
	return jps_offer(cx, s, q, gen_tag, nb, fx + dir_dx[d] * (int)steps,
	                 fy + dir_dy[d] * (int)steps, from, fx, fy, d, fg,
	                 (uint64_t)fg + (uint64_t)steps * (d < 4 ? q->straight
	                                                         : q->diagonal),
	                 trace);
}

/* The search; trace is NULL in the monsters' instances, so the tracing
 * code is compiled out of them.  A diagonal run that stops only because
 * a straight run from its cell would (not at the goal, not at a forced
 * diagonal) has found a cell whose successors are known: those runs'
 * ends, offered as reached from the jump point being expanded through
 * that cell, and the rest of the diagonal, which goes on.  The cell is
 * never pushed, counted or traced (Harabor and Grastien's pruning of
 * intermediate jump points), but it is marked closed at its cost, so a
 * dearer diagonal through it later stops there and a cheaper way
 * reopens it: the answer stays exact.  One of the engine's three
 * hot loops: one function, as a call per node would cost more. */
static inline __attribute__((always_inline)) enum path_status
jps_search(struct jps_ctx *cx, const uint8_t *c, const struct jquery *qp,
           struct path_stats *stp, const int nocorner,
           struct path_trace *const trace)
{
	const struct jquery ql = *qp, *const q = &ql;
	struct jnode *const nodes = cx->nodes;
	const uint32_t gen_tag = cx->gen << TAG_GEN_SHIFT;
	const uint32_t stride = (uint32_t)cx->stride;
	const uint32_t start = q->start, goal = q->goal;
	const uint32_t gpx = (uint32_t)q->gx + 1, gpy = (uint32_t)q->gy + 1;
	const struct jlines lines = {cx->rows,
	                             cx->cols,
	                             cx->rstop[nocorner * 2 + 1],
	                             cx->rstop[nocorner * 2],
	                             cx->cstop[nocorner * 2 + 1],
	                             cx->cstop[nocorner * 2],
	                             (ptrdiff_t)cx->rh,
	                             (ptrdiff_t)cx->ch};
	struct jsearch s = {cx->heap, 0, cx->heap_cap, 1, 0, {0, 0, 0, 0}};
	enum path_status result = PATH_NO_PATH;

	nodes[start].tag = gen_tag | 0u;
	nodes[start].g = 0;
	nodes[start].parent = start;
	s.heap[s.hlen++] = (struct jentry){
	        (uint64_t)jps_octile(q, q->sx, q->sy) << 32 | (uint32_t)~0u,
	        start, (uint16_t)q->sx, (uint16_t)q->sy};
	s.st.pushes = 1;
	s.st.max_open = 1;
	if (trace)
		trace_event(trace, PATH_TRACE_PUSH, q->sx, q->sy, q->sx, q->sy,
		            -1, 0, jps_octile(q, q->sx, q->sy),
		            (uint64_t)jps_octile(q, q->sx, q->sy) << 32);

	while (s.hlen) {
		const struct jentry top = jps_heap_pop(s.heap, --s.hlen);
		const uint32_t cur = top.node;
		const uint32_t tag = nodes[cur].tag, cg = nodes[cur].g;
		const int x = top.x, y = top.y;
		unsigned dirs, npend, k;
		struct {
			uint32_t nb, steps;
			int d;
		} pend[4];

		if ((tag & TAG_CLOSED) || (uint32_t)~top.key != cg)
			continue;
		if (q->budget && s.st.expanded >= q->budget) {
			result = trace_budget(trace, x, y, cg, top.key);
			break;
		}
		nodes[cur].tag = tag | TAG_CLOSED;
		s.open--;
		s.st.expanded++;
		if (trace)
			trace_event(trace, PATH_TRACE_EXPAND, x, y, x, y, -1,
			            cg, 0, top.key);
		if (cur == goal) {
			if (trace)
				trace_fine(trace, PATH_TRACE_GOAL, x, y, x, y,
				           -1, cg, jps_octile(q, x, y),
				           top.key);
			result = PATH_FOUND;
			break;
		}
		dirs = jps_directions(
		        c, q->off, cur,
		        cur == start ? 8 : (int)(tag & TAG_DIR_MASK), nocorner);
		npend = 0;
		while (dirs) {
			const int d = __builtin_ctz(dirs);
			uint32_t total = 0; /* diagonal steps from cur */
			struct jrun r;

			dirs &= dirs - 1;
			/* The first cell of the run must be open (and, for a
			 * diagonal under no-corner, both cells beside the
			 * step); the runs test that themselves. */
			if (d < 4) {
				uint32_t steps = 0,
				         nb = jps_run_straight(
				                 &lines, stride,
				                 (uint32_t)x + 1,
				                 (uint32_t)y + 1, d, gpx, gpy,
				                 nocorner, &steps);

				if (nb) {
					__builtin_prefetch(&nodes[nb], 1);
					pend[npend].nb = nb;
					pend[npend].steps = steps;
					pend[npend++].d = d;
				}
				continue;
			}
			/* The diagonal's own cells are no nodes: where a
			 * straight run from one of them stops, that jump
			 * point is offered as reached from cur, along the
			 * diagonal and then the straight line, and the
			 * diagonal goes on. */
			jps_run_diagonal_ahead(c, &lines, q, nodes, stride, cur,
			                       x, y, d, goal, gpx, gpy,
			                       nocorner, &r);
			while (r.nb) {
				const uint32_t nb = r.nb;
				const uint32_t qr = r.qr, qc = r.qc;
				uint64_t dg;
				struct jnode *nn;
				int nx, ny;

				total += r.steps;
				nx = x + dir_dx[d] * (int)total;
				ny = y + dir_dy[d] * (int)total;
				if (!(qr | qc)) {
					if (jps_offer_line(cx, &s, q, gen_tag,
					                   nb, cur, x, y, d,
					                   total, cg, trace))
						goto nomem;
					break;
				}
				/* The next run goes first: its work hides
				 * the wait for this one's jump points to
				 * come from memory. */
				jps_run_diagonal_ahead(
				        c, &lines, q, nodes, stride, nb, nx, ny,
				        d, goal, gpx, gpy, nocorner, &r);
				dg = (uint64_t)cg +
				     (uint64_t)total * q->diagonal;
				if (dg > PATH_COST_MAX) {
					s.over_limit = 1;
					break;
				}
				/* Marked closed at its cost, so that a dearer
				 * diagonal through it later stops there, and
				 * a cheaper way to it reopens it. */
				nn = &nodes[nb];
				if ((nn->tag & ~(TAG_CLOSED | TAG_DIR_MASK)) ==
				    gen_tag) {
					if (dg >= nn->g)
						break;
					if (nn->tag & TAG_CLOSED)
						s.st.reopened++;
					else
						s.open--;
				}
				nn->tag = gen_tag | TAG_CLOSED | (uint32_t)d;
				nn->g = (uint32_t)dg;
				nn->parent = cur;
				if (qr) {
					const uint32_t px = (uint32_t)nx + 1;
					const uint32_t run =
					        qr > px ? qr - px : px - qr;
					const int h = comp_h[d - 4];

					if (jps_offer(
					            cx, &s, q, gen_tag,
					            nb - px + qr,
					            nx + dir_dx[h] * (int)run,
					            ny, cur, x, y, h, cg,
					            dg + (uint64_t)run *
					                            q->straight,
					            trace))
						goto nomem;
				}
				if (qc) {
					const uint32_t py = (uint32_t)ny + 1;
					const uint32_t run =
					        qc > py ? qc - py : py - qc;
					const int v = comp_v[d - 4];

					if (jps_offer(
					            cx, &s, q, gen_tag,
					            qc * stride + (uint32_t)nx +
					                    1,
					            nx,
					            ny + dir_dy[v] * (int)run,
					            cur, x, y, v, cg,
					            dg + (uint64_t)run *
					                            q->straight,
					            trace))
						goto nomem;
				}
			}
		}
		/* The straight runs' ends last, now that their nodes have had
		 * the diagonals' time to arrive in the cache. */
		for (k = 0; k < npend; k++)
			if (jps_offer_line(cx, &s, q, gen_tag, pend[k].nb, cur,
			                   x, y, pend[k].d, pend[k].steps, cg,
			                   trace))
				goto nomem;
	}
	if (trace && result == PATH_NO_PATH)
		trace_fine(trace, PATH_TRACE_NO_PATH, q->gx, q->gy, q->gx,
		           q->gy, -1, 0, 0, 0);
	if (result == PATH_NO_PATH && s.over_limit)
		result = PATH_COST_RANGE;
	goto out;
nomem:
	result = PATH_NOMEM;
out:
	cx->heap = s.heap;
	*stp = s.st;
	return result;
}

static enum path_status jps_search_no_corner(struct jps_ctx *cx,
                                             const uint8_t *c,
                                             const struct jquery *q,
                                             struct path_stats *st)
{
	return jps_search(cx, c, q, st, 1, NULL);
}

static enum path_status jps_search_always(struct jps_ctx *cx, const uint8_t *c,
                                          const struct jquery *q,
                                          struct path_stats *st)
{
	return jps_search(cx, c, q, st, 0, NULL);
}

/* The traced instances, for the AI view. */
static enum path_status jps_search_no_corner_traced(struct jps_ctx *cx,
                                                    const uint8_t *c,
                                                    const struct jquery *q,
                                                    struct path_stats *st,
                                                    struct path_trace *trace)
{
	return jps_search(cx, c, q, st, 1, trace);
}

static enum path_status jps_search_always_traced(struct jps_ctx *cx,
                                                 const uint8_t *c,
                                                 const struct jquery *q,
                                                 struct path_stats *st,
                                                 struct path_trace *trace)
{
	return jps_search(cx, c, q, st, 0, trace);
}

/* Writes the path from the start to the goal, every cell of every leg.
 * Each jump point's tag keeps the direction of the last step that
 * reached it, and its parent's position tells where the leg turns. */
static void jps_read_back(const struct jps_ctx *cx, const struct jquery *q,
                          struct path_point *buf, size_t cap,
                          struct path_result *res)
{
	const struct jnode *const nodes = cx->nodes;
	const uint32_t stride = (uint32_t)cx->stride;
	uint32_t n = q->goal;
	size_t len = 1, k;
	int x = q->gx, y = q->gy, pass;

	/* Twice: once to count the cells, leg by leg, once to write
	 * them. */
	for (pass = 0; pass < 2; pass++) {
		if (pass) {
			res->length = len;
			res->cost = nodes[q->goal].g;
			n = q->goal;
			x = q->gx;
			y = q->gy;
		}
		k = len - 1;
		while (n != q->start) {
			const uint32_t p = nodes[n].parent;
			const int d = (int)(nodes[n].tag & TAG_DIR_MASK);
			const int ty = (int)(p / stride) - 1;
			const int tx = (int)(p % stride) - 1;

			/* From n back towards p, p itself excluded: the
			 * straight part of the leg, then the diagonal. */
			const int dx = x - tx, dy = y - ty;
			const int adx = dx < 0 ? -dx : dx,
			          ady = dy < 0 ? -dy : dy;
			const int nd = adx < ady ? adx : ady;
			const int e = nd ? dir_of((dx > 0) - (dx < 0),
			                          (dy > 0) - (dy < 0))
			                 : d;
			int i;

			if (!pass) {
				len += (size_t)(adx > ady ? adx : ady);
				n = p;
				x = tx;
				y = ty;
				continue;
			}
			for (i = 0; n != p; i++) {
				const int f = i < (adx > ady ? adx : ady) - nd
				                      ? d
				                      : e;

				if (k < cap)
					buf[k] = (struct path_point){x, y};
				k--;
				n -= (uint32_t)q->off[f];
				x -= dir_dx[f];
				y -= dir_dy[f];
			}
		}
	}
	if (k < cap)
		buf[k] = (struct path_point){x, y};
}

int jps_find(struct jps_ctx *ctx, const struct grid *g,
             const struct path_params *p, int sx, int sy, int gx, int gy,
             struct path_point *buf, size_t cap, struct path_result *res)
{
	return jps_find_traced(ctx, g, p, sx, sy, gx, gy, buf, cap, res, NULL);
}

int jps_find_traced(struct jps_ctx *ctx, const struct grid *g,
                    const struct path_params *p, int sx, int sy, int gx, int gy,
                    struct path_point *buf, size_t cap, struct path_result *res,
                    struct path_trace *trace)
{
	struct jquery q;
	enum path_status st;
	int d;

	if (!res)
		return PATH_BAD_ARG;
	memset(res, 0, sizeof(*res));
	res->status = PATH_BAD_ARG;
	if (!ctx || path_query_check(g, ctx->width, ctx->height, p, sx, sy, gx,
	                             gy, buf, cap) != 0)
		return PATH_BAD_ARG;
	if (p->algo != PATH_ASTAR || p->weight != PATH_WEIGHT_ONE ||
	    p->diagonal == PATH_DIAG_NEVER || p->ties != PATH_TIES_LOW_H)
		return PATH_BAD_ARG;
	if (ctx->grid_cost != g->cost || ctx->grid_serial != g->serial)
		jps_ctx_set_grid(ctx, g);
	if (!ctx->grid_mult)
		return PATH_BAD_ARG;

	q.start = (uint32_t)grid_index(g, sx, sy);
	q.goal = (uint32_t)grid_index(g, gx, gy);
	q.sx = sx;
	q.sy = sy;
	q.gx = gx;
	q.gy = gy;
	q.straight = p->straight_cost * (uint32_t)ctx->grid_mult;
	q.diagonal = p->diagonal_cost * (uint32_t)ctx->grid_mult;
	q.budget = p->budget;
	for (d = 0; d < 8; d++)
		q.off[d] = (long)dir_dy[d] * ctx->stride + dir_dx[d];
	if (++ctx->gen > TAG_GEN_MAX) {
		/* Once every 2^28 queries the stamps wrap: start afresh. */
		memset(ctx->nodes, 0, ctx->ncells * sizeof(*ctx->nodes));
		ctx->gen = 1;
	}
	if (trace && p->diagonal == PATH_DIAG_NO_CORNER)
		st = jps_search_no_corner_traced(ctx, g->cost, &q, &res->stats,
		                                 trace);
	else if (trace)
		st = jps_search_always_traced(ctx, g->cost, &q, &res->stats,
		                              trace);
	else if (p->diagonal == PATH_DIAG_NO_CORNER)
		st = jps_search_no_corner(ctx, g->cost, &q, &res->stats);
	else
		st = jps_search_always(ctx, g->cost, &q, &res->stats);

	if (st == PATH_FOUND)
		jps_read_back(ctx, &q, buf, cap, res);
	res->status = st;
	return st;
}
