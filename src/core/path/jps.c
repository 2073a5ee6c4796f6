/* jps.c - jump point search over a uniform-cost grid.
 *
 * The search is A* over jump points.  Each expanded jump point looks only
 * at the directions its arrival leaves open (the natural ones, plus the
 * "forced" ones a wall beside it opens up), and runs from it along each of
 * them until the next jump point, a wall or the goal.  The runs read the
 * cost bytes only: the one-cell blocked border of the grid stops every run
 * without a bounds test, and runs along a row test eight cells at a time
 * with word operations.
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
	/* The remembered grid: its cost pointer and its multiplier (0 when
	 * its passable cells differ). */
	const uint8_t *grid_cost;
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
	if (!c->nodes || !c->heap) {
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
	free(ctx);
}

size_t jps_ctx_bytes(const struct jps_ctx *ctx)
{
	if (!ctx)
		return 0;
	return sizeof(*ctx) + ctx->ncells * sizeof(*ctx->nodes) +
	       ctx->heap_cap * sizeof(*ctx->heap);
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

int jps_ctx_set_grid(struct jps_ctx *ctx, const struct grid *g)
{
	if (!ctx || !g || !g->cost || g->width != ctx->width ||
	    g->height != ctx->height)
		return PATH_BAD_ARG;
	ctx->grid_cost = g->cost;
	ctx->grid_mult = jps_grid_uniform(g);
	return ctx->grid_mult;
}

/* --- runs ---------------------------------------------------------------- */

/* Eight cells of a row as one word, in memory order. */
static inline uint64_t jps_load8(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

#define BYTE_HIGH 0x8080808080808080ull
#define BYTE_LOW7 0x7f7f7f7f7f7f7f7full

/* The high bit of each byte of the result is set when that byte of v is
 * not zero (an open cell).  No carry crosses a byte: (b & 0x7f) + 0x7f is
 * at most 0xfe. */
static inline uint64_t jps_open_bits(uint64_t v)
{
	return (((v & BYTE_LOW7) + BYTE_LOW7) | v) & BYTE_HIGH;
}

/* The side cells (the rows above and below) that open up past a wall
 * beside eight cells of a row: high bits where the side cell beside
 * behind[i] is blocked and the one beside ahead[i] is open, the test of
 * a forced neighbour for eight cells at once. */
static inline uint64_t jps_side_opens(const uint8_t *behind,
                                      const uint8_t *ahead, uint32_t stride)
{
	return (~jps_open_bits(jps_load8(behind - stride)) &
	        jps_open_bits(jps_load8(ahead - stride))) |
	       (~jps_open_bits(jps_load8(behind + stride)) &
	        jps_open_bits(jps_load8(ahead + stride)));
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

/* Position of the last such byte, for runs towards lower addresses. */
static inline unsigned jps_last_byte(uint64_t m)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return 7 - (unsigned)__builtin_ctzll(m) / 8;
#else
	return 7 - (unsigned)__builtin_clzll(m) / 8;
#endif
}

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

/* The scan of a run along a row, eight cells a word: how many cells from
 * n (exclusive) the run goes before it meets a wall (returns 0 and sets
 * *wall) or a cell where it stops (returns the distance).  It only scans
 * while all the words it reads lie inside n's padded row, leaving the end
 * of the row to the caller's cell-by-cell loop: returns 0 with *wall = 0
 * and *done cells scanned when it gets there. */
static inline __attribute__((always_inline)) uint32_t
jps_row_scan(const uint8_t *c, uint32_t n, int dx, uint32_t stride,
             uint32_t row_lo, uint32_t row_hi, const int nocorner, int *wall,
             uint32_t *done)
{
	uint32_t k = 0;

	*wall = 0;
	if (dx > 0) {
		/* Cells n+1..n+8, with their side cells: behind them
		 * (n..n+7) for no-corner, ahead of them (n+2..n+9) for
		 * always.  The last byte read is n+9 <= row_hi. */
		while (n + k + 9 <= row_hi) {
			const uint32_t a = n + k;
			uint64_t open = jps_open_bits(jps_load8(c + a + 1));
			uint64_t stop, blocked = ~open & BYTE_HIGH;

			if (nocorner)
				stop = jps_side_opens(c + a, c + a + 1, stride);
			else
				stop = jps_side_opens(c + a + 1, c + a + 2,
				                      stride);
			stop &= BYTE_HIGH;
			if (stop | blocked) {
				unsigned fs = stop ? jps_first_byte(stop) : 8;
				unsigned fb =
				        blocked ? jps_first_byte(blocked) : 8;

				if (fb <= fs) {
					*wall = 1;
					return 0;
				}
				return k + fs + 1;
			}
			k += 8;
		}
	} else {
		/* Cells n-1..n-8 (bytes n-8..n-1), sides behind them at
		 * n-7..n, or ahead at n-9..n-2.  First byte read: n-9. */
		while (n >= row_lo + k + 9) {
			const uint32_t a = n - k - 8; /* the cell n-k-8 */
			uint64_t open = jps_open_bits(jps_load8(c + a));
			uint64_t stop, blocked = ~open & BYTE_HIGH;

			if (nocorner)
				stop = jps_side_opens(c + a + 1, c + a, stride);
			else
				stop = jps_side_opens(c + a, c + a - 1, stride);
			stop &= BYTE_HIGH;
			if (stop | blocked) {
				/* The nearest cells to n are the last
				 * bytes of the word. */
				unsigned fs = stop ? jps_last_byte(stop) : 0;
				unsigned fb =
				        blocked ? jps_last_byte(blocked) : 0;

				if (blocked && (!stop || fb >= fs)) {
					*wall = 1;
					return 0;
				}
				return k + (8 - fs);
			}
			k += 8;
		}
	}
	*done = k;
	return 0;
}

/* A straight run from the open cell n in direction d.  Returns the cell
 * where it stops (the goal, or a cell with a forced neighbour) and its
 * distance in *steps, or 0 when it runs into a wall first. */
static inline __attribute__((always_inline)) uint32_t
jps_run_straight(const uint8_t *c, const long *off, uint32_t stride, uint32_t n,
                 int d, uint32_t goal, uint32_t goal_row, const int nocorner,
                 uint32_t *steps)
{
	const long step = off[d];
	const long o1 = off[side_a[d]], o2 = off[side_b[d]];
	uint32_t k = 0;

	if (d == 1 || d == 3) {
		/* Along a row: words first, unless the goal is in this row
		 * (the word scan does not look for it). */
		const uint32_t row = n / stride;

		if (row != goal_row) {
			const uint32_t lo = row * stride, hi = lo + stride - 1;
			int wall;
			uint32_t done = 0,
			         r = jps_row_scan(c, n, d == 1 ? 1 : -1, stride,
			                          lo, hi, nocorner, &wall,
			                          &done);

			if (wall)
				return 0;
			if (r) {
				*steps = r;
				return d == 1 ? n + r : n - r;
			}
			k = done;
			n = d == 1 ? n + done : n - done;
		}
	}
	for (;;) {
		n += (uint32_t)step;
		k++;
		if (!c[n])
			return 0;
		if (n == goal ||
		    jps_forced_straight(c, n, step, o1, nocorner) ||
		    jps_forced_straight(c, n, step, o2, nocorner))
			break;
	}
	*steps = k;
	return n;
}

/* Whether a straight run from n in direction d stops anywhere: the test a
 * diagonal run makes at each of its cells. */
static inline __attribute__((always_inline)) int
jps_run_straight_any(const uint8_t *c, const long *off, uint32_t stride,
                     uint32_t n, int d, uint32_t goal, uint32_t goal_row,
                     const int nocorner)
{
	uint32_t steps;

	return jps_run_straight(c, off, stride, n, d, goal, goal_row, nocorner,
	                        &steps) != 0;
}

/* A diagonal run from n in direction d (4..7), as run_straight. */
static inline __attribute__((always_inline)) uint32_t
jps_run_diagonal(const uint8_t *c, const long *off, uint32_t stride, uint32_t n,
                 int d, uint32_t goal, uint32_t goal_row, const int nocorner,
                 uint32_t *steps)
{
	const int h = comp_h[d - 4], v = comp_v[d - 4];
	const long oh = off[h], ov = off[v], step = oh + ov;
	uint32_t k = 0;

	for (;;) {
		if (nocorner && (!c[n + oh] || !c[n + ov]))
			return 0;
		n += (uint32_t)step;
		k++;
		if (!c[n])
			return 0;
		if (n == goal)
			break;
		if (!nocorner && ((!c[n - oh] && c[n - oh + ov]) ||
		                  (!c[n - ov] && c[n + oh - ov])))
			break;
		if (jps_run_straight_any(c, off, stride, n, h, goal, goal_row,
		                         nocorner) ||
		    jps_run_straight_any(c, off, stride, n, v, goal, goal_row,
		                         nocorner))
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

/* The search; trace is NULL in the instances that run the monsters'
 * searches, so the tracing code is compiled out of them. */
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
	const uint32_t goal_row = goal / stride;
	struct jentry *heap = cx->heap;
	size_t hlen = 0, hcap = cx->heap_cap;
	struct path_stats st = {0, 0, 0, 0};
	enum path_status result = PATH_NO_PATH;
	uint32_t open = 1;
	int over_limit = 0;

	nodes[start].tag = gen_tag | 0u;
	nodes[start].g = 0;
	nodes[start].parent = start;
	heap[hlen++] = (struct jentry){
	        (uint64_t)jps_octile(q, q->sx, q->sy) << 32 | (uint32_t)~0u,
	        start, (uint16_t)q->sx, (uint16_t)q->sy};
	st.pushes = 1;
	st.max_open = 1;
	if (trace)
		trace_event(trace, PATH_TRACE_PUSH, q->sx, q->sy, q->sx, q->sy,
		            -1, 0, jps_octile(q, q->sx, q->sy),
		            (uint64_t)jps_octile(q, q->sx, q->sy) << 32);

	while (hlen) {
		const struct jentry top = jps_heap_pop(heap, --hlen);
		const uint32_t cur = top.node;
		const uint32_t tag = nodes[cur].tag, cg = nodes[cur].g;
		const int x = top.x, y = top.y;
		unsigned dirs;

		if ((tag & TAG_CLOSED) || (uint32_t)~top.key != cg)
			continue;
		if (q->budget && st.expanded >= q->budget) {
			result = PATH_BUDGET;
			break;
		}
		nodes[cur].tag = tag | TAG_CLOSED;
		open--;
		st.expanded++;
		if (trace)
			trace_event(trace, PATH_TRACE_EXPAND, x, y, x, y, -1,
			            cg, 0, top.key);
		if (cur == goal) {
			result = PATH_FOUND;
			break;
		}
		dirs = jps_directions(
		        c, q->off, cur,
		        cur == start ? 8 : (int)(tag & TAG_DIR_MASK), nocorner);
		while (dirs) {
			const int d = __builtin_ctz(dirs);
			uint32_t steps = 0, nb, ng;
			uint64_t ng64;
			struct jnode *nn;
			int nx, ny;

			dirs &= dirs - 1;
			/* The first cell of the run must be open (and, for a
			 * diagonal under no-corner, both cells beside the
			 * step); the runs test that themselves. */
			nb = d < 4 ? jps_run_straight(c, q->off, stride, cur, d,
			                              goal, goal_row, nocorner,
			                              &steps)
			           : jps_run_diagonal(c, q->off, stride, cur, d,
			                              goal, goal_row, nocorner,
			                              &steps);
			if (!nb)
				continue;
			ng64 = (uint64_t)cg +
			       (uint64_t)steps *
			               (d < 4 ? q->straight : q->diagonal);
			if (ng64 > PATH_COST_MAX) {
				over_limit = 1;
				continue;
			}
			ng = (uint32_t)ng64;
			nn = &nodes[nb];
			if ((nn->tag & ~(TAG_CLOSED | TAG_DIR_MASK)) !=
			    gen_tag) {
				open++;
			} else {
				if (ng >= nn->g)
					continue;
				if (nn->tag & TAG_CLOSED) {
					st.reopened++;
					open++;
				}
			}
			nn->tag = gen_tag | (uint32_t)d;
			nn->g = ng;
			nn->parent = cur;
			nx = x + dir_dx[d] * (int)steps;
			ny = y + dir_dy[d] * (int)steps;
			if (hlen == hcap) {
				cx->heap = heap;
				if (jps_heap_grow(cx)) {
					result = PATH_NOMEM;
					goto out;
				}
				heap = cx->heap;
				hcap = cx->heap_cap;
			}
			jps_heap_up(
			        heap, hlen++,
			        (struct jentry){
			                (uint64_t)sat32((uint64_t)ng +
			                                jps_octile(q, nx, ny))
			                                << 32 |
			                        (uint32_t)~ng,
			                nb, (uint16_t)nx, (uint16_t)ny});
			st.pushes++;
			if (trace)
				trace_event(
				        trace, PATH_TRACE_PUSH, nx, ny, x, y, d,
				        ng, jps_octile(q, nx, ny),
				        (uint64_t)sat32((uint64_t)ng +
				                        jps_octile(q, nx, ny))
				                << 32);
			if (open > st.max_open)
				st.max_open = open;
		}
	}
	if (result == PATH_NO_PATH && over_limit)
		result = PATH_COST_RANGE;
out:
	cx->heap = heap;
	*stp = st;
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

/* Writes the path from the start to the goal, every cell of every run. */
static void jps_read_back(const struct jps_ctx *cx, const struct jquery *q,
                          struct path_point *buf, size_t cap,
                          struct path_result *res)
{
	const uint32_t stride = (uint32_t)cx->stride;
	uint32_t n = q->goal;
	size_t len = 1, k;

	while (n != q->start) {
		const uint32_t p = cx->nodes[n].parent;
		const int dx = (int)(n % stride) - (int)(p % stride);
		const int dy = (int)(n / stride) - (int)(p / stride);
		const int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;

		len += (size_t)(ax > ay ? ax : ay);
		n = p;
	}
	res->length = len;
	res->cost = cx->nodes[q->goal].g;
	n = q->goal;
	k = len - 1;
	for (;;) {
		int x = (int)(n % stride) - 1, y = (int)(n / stride) - 1;
		uint32_t p;
		int sx, sy;

		if (n == q->start) {
			if (k < cap)
				buf[k] = (struct path_point){x, y};
			break;
		}
		p = cx->nodes[n].parent;
		sx = (int)(p % stride) - 1 - x;
		sy = (int)(p / stride) - 1 - y;
		sx = (sx > 0) - (sx < 0);
		sy = (sy > 0) - (sy < 0);
		/* From n back towards p, p itself excluded. */
		while (n != p) {
			if (k < cap)
				buf[k] = (struct path_point){x, y};
			k--;
			x += sx;
			y += sy;
			n = (uint32_t)(y + 1) * stride + (uint32_t)(x + 1);
		}
	}
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
	if (ctx->grid_cost != g->cost)
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
