/* test_jps.c - jump point search checked against a plain Dijkstra written
 * here (it shares nothing with the engines) and against the A* of path.c,
 * on thousands of seeded random uniform-cost grids, both 8-way diagonal
 * rules and several step costs; plus the argument checks, the odd shapes,
 * the uniformity rule, context reuse and the den312d benchmark map.
 *
 * Every random case is reproducible from the seed printed on failure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/path/grid.h"
#include "core/path/jps.h"
#include "core/data/movingai.h"
#include "core/path/path.h"
#include "lib/tap.h"

#define PROPERTY_GRIDS 10000
#define RANDOM_MAX_DIM 64
#define GOALS_PER_GRID 3
#define UNREACHED      UINT64_MAX

/* --- a deterministic PRNG (splitmix64) ----------------------------------- */

struct rng {
	uint64_t s;
};

static uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint32_t rng_below(struct rng *r, uint32_t n)
{
	return (uint32_t)(rng_next(r) % n);
}

static int rng_range(struct rng *r, int lo, int hi)
{
	return lo + (int)rng_below(r, (uint32_t)(hi - lo + 1));
}

/* --- maps: the tests' own copy, apart from struct grid ------------------- */

struct map {
	int w;
	int h;
	uint8_t *mult; /* w * h, row-major, 0 = blocked */
};

struct costs {
	uint32_t s, d;
};

static void map_init(struct map *m, int w, int h, uint8_t fill)
{
	m->w = w;
	m->h = h;
	m->mult = malloc((size_t)w * (size_t)h);
	assert_non_null(m->mult);
	memset(m->mult, fill, (size_t)w * (size_t)h);
}

static void map_fini(struct map *m)
{
	free(m->mult);
	m->mult = NULL;
}

static uint8_t map_at(const struct map *m, int x, int y)
{
	if (x < 0 || y < 0 || x >= m->w || y >= m->h)
		return 0;
	return m->mult[(size_t)y * (size_t)m->w + (size_t)x];
}

static void map_set(struct map *m, int x, int y, uint8_t v)
{
	m->mult[(size_t)y * (size_t)m->w + (size_t)x] = v;
}

static void map_to_grid(const struct map *m, struct grid *g)
{
	int x, y;

	assert_int_equal(grid_init(g, m->w, m->h), GRID_OK);
	for (y = 0; y < m->h; y++)
		for (x = 0; x < m->w; x++)
			assert_int_equal(
			        grid_set_cost(g, x, y, map_at(m, x, y)),
			        GRID_OK);
}

/* --- failure context ----------------------------------------------------- */

static struct {
	uint64_t seed;
	const struct map *map;
	struct path_params p;
	int sx, sy, gx, gy;
} cur;

static void dump_case(void)
{
	const struct map *m = cur.map;
	char row[RANDOM_MAX_DIM + 1];
	int x, y;

	print_message("case: seed %#llx %dx%d %s costs %u/%u start (%d,%d) "
	              "goal (%d,%d)\n",
	              (unsigned long long)cur.seed, m ? m->w : 0, m ? m->h : 0,
	              path_diagonal_name(cur.p.diagonal), cur.p.straight_cost,
	              cur.p.diagonal_cost, cur.sx, cur.sy, cur.gx, cur.gy);
	if (!m || m->w > RANDOM_MAX_DIM || m->h > RANDOM_MAX_DIM)
		return;
	for (y = 0; y < m->h; y++) {
		for (x = 0; x < m->w; x++) {
			uint8_t v = map_at(m, x, y);
			char ch = v == 0 ? '#' : (char)('0' + (v > 9 ? 9 : v));

			if (x == cur.sx && y == cur.sy)
				ch = 'S';
			else if (x == cur.gx && y == cur.gy)
				ch = 'G';
			row[x] = ch;
		}
		row[m->w] = '\0';
		print_message("  %s\n", row);
	}
}

#define CHECK(cond)                                                            \
	do {                                                                   \
		if (!(cond)) {                                                 \
			dump_case();                                           \
			fail_msg("%s:%d: %s", __FILE__, __LINE__, #cond);      \
		}                                                              \
	} while (0)

#define CHECK_EQ(a, b)                                                         \
	do {                                                                   \
		long long check_a_ = (long long)(a);                           \
		long long check_b_ = (long long)(b);                           \
		if (check_a_ != check_b_) {                                    \
			dump_case();                                           \
			fail_msg("%s:%d: %s == %s: %lld != %lld", __FILE__,    \
			         __LINE__, #a, #b, check_a_, check_b_);        \
		}                                                              \
	} while (0)

/* --- the oracle: Dijkstra over the map with its own step rule ------------ */

static int oracle_step(const struct map *m, enum path_diagonal rule,
                       const struct costs *c, int x, int y, int nx, int ny,
                       uint64_t *cost)
{
	int dx = nx - x, dy = ny - y;
	uint8_t v = map_at(m, nx, ny);

	if (!v || !map_at(m, x, y) || (dx == 0 && dy == 0) || dx < -1 ||
	    dx > 1 || dy < -1 || dy > 1)
		return 0;
	if (dx && dy) {
		if (rule == PATH_DIAG_NEVER)
			return 0;
		if (rule == PATH_DIAG_NO_CORNER &&
		    (!map_at(m, nx, y) || !map_at(m, x, ny)))
			return 0;
		*cost = (uint64_t)c->d * v;
	} else {
		*cost = (uint64_t)c->s * v;
	}
	return 1;
}

struct oracle {
	size_t n;
	uint64_t *dist;
	uint64_t *hkey; /* binary heap with lazy deletion */
	uint32_t *hcell;
};

static void oracle_init(struct oracle *o, size_t n)
{
	o->n = n;
	o->dist = malloc(n * sizeof(*o->dist));
	o->hkey = malloc((8 * n + 1) * sizeof(*o->hkey));
	o->hcell = malloc((8 * n + 1) * sizeof(*o->hcell));
	assert_true(o->dist && o->hkey && o->hcell);
}

static void oracle_fini(struct oracle *o)
{
	free(o->dist);
	free(o->hkey);
	free(o->hcell);
}

static void oracle_run(struct oracle *o, const struct map *m,
                       enum path_diagonal rule, const struct costs *c, int sx,
                       int sy)
{
	size_t n = (size_t)m->w * (size_t)m->h, len = 0, i;

	assert_true(n <= o->n);
	for (i = 0; i < n; i++)
		o->dist[i] = UNREACHED;
	o->dist[(size_t)sy * m->w + sx] = 0;
	o->hkey[0] = 0;
	o->hcell[0] = (uint32_t)(sy * m->w + sx);
	len = 1;
	while (len) {
		uint64_t k = o->hkey[0], lk;
		uint32_t cell = o->hcell[0], lc;
		size_t pos = 0;
		int x, y, dx, dy;

		/* pop */
		len--;
		lk = o->hkey[len];
		lc = o->hcell[len];
		for (;;) {
			size_t ch = 2 * pos + 1;

			if (ch >= len)
				break;
			if (ch + 1 < len && o->hkey[ch + 1] < o->hkey[ch])
				ch++;
			if (o->hkey[ch] >= lk)
				break;
			o->hkey[pos] = o->hkey[ch];
			o->hcell[pos] = o->hcell[ch];
			pos = ch;
		}
		o->hkey[pos] = lk;
		o->hcell[pos] = lc;
		if (k != o->dist[cell])
			continue;
		x = (int)(cell % (uint32_t)m->w);
		y = (int)(cell / (uint32_t)m->w);
		for (dy = -1; dy <= 1; dy++) {
			for (dx = -1; dx <= 1; dx++) {
				uint64_t step, nd;
				uint32_t nc;

				if (!oracle_step(m, rule, c, x, y, x + dx,
				                 y + dy, &step))
					continue;
				nd = k + step;
				nc = (uint32_t)((y + dy) * m->w + x + dx);
				if (nd >= o->dist[nc])
					continue;
				o->dist[nc] = nd;
				/* push */
				pos = len++;
				while (pos > 0 && o->hkey[(pos - 1) / 2] > nd) {
					o->hkey[pos] = o->hkey[(pos - 1) / 2];
					o->hcell[pos] = o->hcell[(pos - 1) / 2];
					pos = (pos - 1) / 2;
				}
				o->hkey[pos] = nd;
				o->hcell[pos] = nc;
			}
		}
	}
}

/* --- checking one answer -------------------------------------------------- */

/* The path runs from start to goal in steps path_step_cost accepts, and
 * they add up to the reported cost. */
static void check_path(const struct grid *g, const struct path_params *p,
                       int sx, int sy, int gx, int gy,
                       const struct path_point *pts,
                       const struct path_result *res)
{
	uint64_t sum = 0;
	size_t i;

	CHECK_EQ(res->status, PATH_FOUND);
	CHECK(res->length >= 1);
	CHECK(res->length <= (size_t)g->width * (size_t)g->height);
	CHECK_EQ(pts[0].x, sx);
	CHECK_EQ(pts[0].y, sy);
	CHECK_EQ(pts[res->length - 1].x, gx);
	CHECK_EQ(pts[res->length - 1].y, gy);
	for (i = 1; i < res->length; i++) {
		uint32_t step = path_step_cost(g, p, pts[i - 1].x, pts[i - 1].y,
		                               pts[i].x, pts[i].y);

		if (!step) {
			dump_case();
			fail_msg("illegal step %zu: (%d,%d) -> (%d,%d)", i,
			         pts[i - 1].x, pts[i - 1].y, pts[i].x,
			         pts[i].y);
		}
		sum += step;
	}
	CHECK_EQ(sum, res->cost);
}

static void params_for(struct path_params *p, enum path_diagonal rule,
                       const struct costs *c)
{
	path_params_default(p);
	p->algo = PATH_ASTAR;
	p->heuristic = PATH_H_OCTILE;
	p->diagonal = rule;
	p->straight_cost = c->s;
	p->diagonal_cost = c->d;
}

/* --- random uniform grids ------------------------------------------------ */

static const struct costs main_costs[] = {{10, 14}, {408, 577}, {100, 141}};
/* Other legal costs, now and then: equal, double, odd ratios. */
static const struct costs other_costs[] = {
        {1, 1}, {1, 2}, {10, 10}, {10, 20}, {3, 4}, {7, 13}, {985, 1393}};

static int random_dim(struct rng *r, int max)
{
	return rng_range(r, 1, rng_below(r, 2) ? max : (max < 16 ? max : 16));
}

/* A uniform map: size, one multiplier for every open cell (1 most of the
 * time), obstacle density 0-60 %, and sometimes wall segments with gaps
 * (corridors, rooms, dead ends: the corners jump point search cares
 * about). */
static void random_map(struct map *m, struct rng *r, int maxdim)
{
	int w = random_dim(r, maxdim), h = random_dim(r, maxdim);
	uint8_t mult = rng_below(r, 4) ? 1 : (uint8_t)rng_range(r, 2, 255);
	uint32_t density = rng_below(r, 61), walls, i;
	int x, y;

	map_init(m, w, h, mult);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			if (rng_below(r, 100) < density)
				map_set(m, x, y, 0);
	walls = rng_below(r, 3) ? 0 : rng_below(r, 2 + (uint32_t)(w + h) / 4);
	for (i = 0; i < walls; i++) {
		int vertical = (int)rng_below(r, 2);
		int len = rng_range(r, 1, vertical ? h : w);
		int x0 = rng_range(r, 0, w - 1), y0 = rng_range(r, 0, h - 1);
		int k, gap = rng_range(r, 0, len);

		for (k = 0; k < len; k++) {
			int cx = vertical ? x0 : x0 + k;
			int cy = vertical ? y0 + k : y0;

			if (cx < w && cy < h && k != gap)
				map_set(m, cx, cy, 0);
		}
	}
}

/* A random open cell, or (-1, -1) on a full map. */
static void random_open(const struct map *m, struct rng *r, int *x, int *y)
{
	int tries;

	for (tries = 0; tries < 64; tries++) {
		*x = rng_range(r, 0, m->w - 1);
		*y = rng_range(r, 0, m->h - 1);
		if (map_at(m, *x, *y))
			return;
	}
	for (*y = 0; *y < m->h; (*y)++)
		for (*x = 0; *x < m->w; (*x)++)
			if (map_at(m, *x, *y))
				return;
	*x = *y = -1;
}

struct workspace {
	struct oracle o;
	struct path_point *buf, *abuf;
	size_t cap;
};

static void ws_init(struct workspace *ws, size_t ncells)
{
	oracle_init(&ws->o, ncells);
	ws->cap = ncells;
	ws->buf = malloc(ncells * sizeof(*ws->buf));
	ws->abuf = malloc(ncells * sizeof(*ws->abuf));
	assert_true(ws->buf && ws->abuf);
}

static void ws_fini(struct workspace *ws)
{
	oracle_fini(&ws->o);
	free(ws->buf);
	free(ws->abuf);
}

/* One query: JPS against the oracle's distance (when given) and A*. */
static void check_query(struct workspace *ws, struct jps_ctx *jc,
                        struct path_ctx *ac, const struct grid *g,
                        const struct path_params *p, int sx, int sy, int gx,
                        int gy, uint64_t want, int have_want)
{
	struct path_result jr, ar;
	int js, as;

	cur.p = *p;
	cur.sx = sx;
	cur.sy = sy;
	cur.gx = gx;
	cur.gy = gy;
	js = jps_find(jc, g, p, sx, sy, gx, gy, ws->buf, ws->cap, &jr);
	as = path_find(ac, g, p, sx, sy, gx, gy, ws->abuf, ws->cap, &ar, NULL);
	CHECK_EQ(js, jr.status);
	CHECK_EQ(js, as);
	if (have_want)
		CHECK_EQ(js, want == UNREACHED ? PATH_NO_PATH : PATH_FOUND);
	if (js != PATH_FOUND) {
		CHECK_EQ(jr.length, 0);
		return;
	}
	CHECK_EQ(jr.cost, ar.cost);
	if (have_want)
		CHECK_EQ(jr.cost, want);
	check_path(g, p, sx, sy, gx, gy, ws->buf, &jr);
	CHECK(jr.stats.expanded >= 1);
	CHECK(jr.stats.pushes >= jr.stats.expanded);
	CHECK(jr.stats.max_open >= 1);
}

static void test_jps_matches_dijkstra_random(void **state)
{
	const size_t ncells = (size_t)RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	struct workspace ws;
	unsigned i, queries = 0, found = 0;

	(void)state;
	ws_init(&ws, ncells);
	for (i = 0; i < PROPERTY_GRIDS; i++) {
		struct rng r = {0x6a7053ull * 1000003ull + i};
		struct map m;
		struct grid g;
		struct jps_ctx *jc;
		struct path_ctx *ac;
		int rule, sx, sy, k;
		const struct costs *c = i % 10 == 9 ? &other_costs[(i / 10) % 7]
		                                    : &main_costs[i % 3];

		cur.seed = r.s;
		random_map(&m, &r, RANDOM_MAX_DIM);
		cur.map = &m;
		random_open(&m, &r, &sx, &sy);
		if (sx < 0) {
			/* A full map: open one cell, a 1-cell world. */
			map_set(&m, 0, 0, 1);
			sx = sy = 0;
		}
		map_to_grid(&m, &g);
		jc = jps_ctx_new(m.w, m.h);
		ac = path_ctx_new(m.w, m.h);
		assert_true(jc && ac);
		assert_true(jps_ctx_set_grid(jc, &g) > 0);
		for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS;
		     rule++) {
			struct path_params p;

			params_for(&p, (enum path_diagonal)rule, c);
			oracle_run(&ws.o, &m, (enum path_diagonal)rule, c, sx,
			           sy);
			for (k = 0; k < GOALS_PER_GRID; k++) {
				int gx, gy;
				uint64_t want;

				random_open(&m, &r, &gx, &gy);
				if (k == 0 && rng_below(&r, 8) == 0) {
					gx = sx;
					gy = sy;
				}
				want = ws.o.dist[(size_t)gy * m.w + gx];
				check_query(&ws, jc, ac, &g, &p, sx, sy, gx, gy,
				            want, 1);
				queries++;
				found += want != UNREACHED;
			}
		}
		jps_ctx_free(jc);
		path_ctx_free(ac);
		grid_fini(&g);
		map_fini(&m);
	}
	print_message("%u grids, %u queries, %u with a path\n", PROPERTY_GRIDS,
	              queries, found);
	/* Both outcomes must be well represented. */
	assert_true(found > queries / 3);
	assert_true(queries - found > queries / 50);
	ws_fini(&ws);
}

/* Bigger maps, where runs along rows use the word scan over many words:
 * JPS against A* only (the oracle would be slow under the sanitizers). */
static void test_jps_matches_astar_large(void **state)
{
	const int maxdim = 300;
	struct workspace ws;
	unsigned i;

	(void)state;
	ws_init(&ws, (size_t)maxdim * maxdim);
	for (i = 0; i < 24; i++) {
		struct rng r = {0x1a26eull * 7919ull + i};
		struct map m;
		struct grid g;
		struct jps_ctx *jc;
		struct path_ctx *ac;
		int rule, k;
		const struct costs *c = &main_costs[i % 3];

		cur.seed = r.s;
		do {
			random_map(&m, &r, maxdim);
			if (m.w * m.h >= 400)
				break;
			map_fini(&m);
		} while (1);
		cur.map = &m;
		map_to_grid(&m, &g);
		jc = jps_ctx_new(m.w, m.h);
		ac = path_ctx_new(m.w, m.h);
		assert_true(jc && ac);
		for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS;
		     rule++) {
			struct path_params p;

			params_for(&p, (enum path_diagonal)rule, c);
			for (k = 0; k < 20; k++) {
				int sx, sy, gx, gy;

				random_open(&m, &r, &sx, &sy);
				random_open(&m, &r, &gx, &gy);
				if (sx < 0)
					break;
				check_query(&ws, jc, ac, &g, &p, sx, sy, gx, gy,
				            0, 0);
			}
		}
		jps_ctx_free(jc);
		path_ctx_free(ac);
		grid_fini(&g);
		map_fini(&m);
	}
	ws_fini(&ws);
}

/* --- edge cases ---------------------------------------------------------- */

static void set_case(const struct map *m, const struct path_params *p, int sx,
                     int sy, int gx, int gy)
{
	cur.seed = 0;
	cur.map = m;
	cur.p = *p;
	cur.sx = sx;
	cur.sy = sy;
	cur.gx = gx;
	cur.gy = gy;
}

static void test_jps_ctx_new_rejects_bad_sizes(void **state)
{
	struct jps_ctx *c;

	(void)state;
	assert_null(jps_ctx_new(0, 5));
	assert_null(jps_ctx_new(5, 0));
	assert_null(jps_ctx_new(-1, 5));
	assert_null(jps_ctx_new(GRID_MAX_DIM + 1, 1));
	assert_null(jps_ctx_new(1, GRID_MAX_DIM + 1));
	c = jps_ctx_new(3, 4);
	assert_non_null(c);
	/* 12 bytes of search state per padded cell. */
	assert_true(jps_ctx_bytes(c) >= 5 * 6 * 12);
	assert_true(jps_ctx_bytes(c) < 5 * 6 * 12 + 16384);
	jps_ctx_free(c);
	jps_ctx_free(NULL);
}

static void test_jps_start_is_goal(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point pt = {-5, -5};
	struct jps_ctx *c;
	struct grid g;
	int rule;

	(void)state;
	assert_int_equal(grid_init(&g, 7, 5), GRID_OK);
	c = jps_ctx_new(7, 5);
	assert_non_null(c);
	for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS; rule++) {
		params_for(&p, (enum path_diagonal)rule, &main_costs[0]);
		assert_int_equal(jps_find(c, &g, &p, 3, 2, 3, 2, &pt, 1, &res),
		                 PATH_FOUND);
		assert_int_equal(res.status, PATH_FOUND);
		assert_int_equal(res.length, 1);
		assert_int_equal(res.cost, 0);
		assert_int_equal(pt.x, 3);
		assert_int_equal(pt.y, 2);
		assert_int_equal(res.stats.expanded, 1);
		/* No buffer at all is fine too. */
		assert_int_equal(jps_find(c, &g, &p, 0, 0, 0, 0, NULL, 0, &res),
		                 PATH_FOUND);
		assert_int_equal(res.length, 1);
	}
	jps_ctx_free(c);
	grid_fini(&g);
}

static void expect_bad(struct jps_ctx *c, const struct grid *g,
                       const struct path_params *p, int sx, int sy, int gx,
                       int gy)
{
	struct path_point buf[64];
	struct path_result res;

	memset(&res, 0x5a, sizeof(res));
	assert_int_equal(jps_find(c, g, p, sx, sy, gx, gy, buf, 64, &res),
	                 PATH_BAD_ARG);
	assert_int_equal(res.status, PATH_BAD_ARG);
	assert_int_equal(res.length, 0);
}

/* JPS refuses whatever path_find refuses. */
static void expect_both_bad(struct jps_ctx *c, struct path_ctx *ac,
                            const struct grid *g, const struct path_params *p,
                            int sx, int sy, int gx, int gy)
{
	struct path_result res;

	expect_bad(c, g, p, sx, sy, gx, gy);
	assert_int_equal(
	        path_find(ac, g, p, sx, sy, gx, gy, NULL, 0, &res, NULL),
	        PATH_BAD_ARG);
}

static void test_jps_rejects_endpoints(void **state)
{
	struct path_params p;
	struct jps_ctx *c;
	struct path_ctx *ac;
	struct grid g;

	(void)state;
	assert_int_equal(grid_init(&g, 6, 4), GRID_OK);
	grid_set_cost(&g, 2, 1, 0);
	c = jps_ctx_new(6, 4);
	ac = path_ctx_new(6, 4);
	assert_true(c && ac);
	params_for(&p, PATH_DIAG_ALWAYS, &main_costs[0]);
	/* Blocked start or goal. */
	expect_both_bad(c, ac, &g, &p, 2, 1, 0, 0);
	expect_both_bad(c, ac, &g, &p, 0, 0, 2, 1);
	/* Off the map, on every side. */
	expect_both_bad(c, ac, &g, &p, -1, 0, 0, 0);
	expect_both_bad(c, ac, &g, &p, 6, 0, 0, 0);
	expect_both_bad(c, ac, &g, &p, 0, -1, 0, 0);
	expect_both_bad(c, ac, &g, &p, 0, 4, 0, 0);
	expect_both_bad(c, ac, &g, &p, 0, 0, -1, 3);
	expect_both_bad(c, ac, &g, &p, 0, 0, 6, 3);
	expect_both_bad(c, ac, &g, &p, 0, 0, 5, -1);
	expect_both_bad(c, ac, &g, &p, 0, 0, 5, 4);
	expect_both_bad(c, ac, &g, &p, 100000, 0, 0, 0);
	jps_ctx_free(c);
	path_ctx_free(ac);
	grid_fini(&g);
}

static void test_jps_rejects_bad_args(void **state)
{
	struct path_params p, q;
	struct path_result res;
	struct path_point buf[8];
	struct jps_ctx *c;
	struct path_ctx *ac;
	struct grid g, other;

	(void)state;
	assert_int_equal(grid_init(&g, 6, 4), GRID_OK);
	assert_int_equal(grid_init(&other, 4, 6), GRID_OK);
	c = jps_ctx_new(6, 4);
	ac = path_ctx_new(6, 4);
	assert_true(c && ac);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[1]);

	/* NULL pointers. */
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 1, 1, buf, 8, NULL),
	                 PATH_BAD_ARG);
	expect_bad(NULL, &g, &p, 0, 0, 1, 1);
	expect_bad(c, NULL, &p, 0, 0, 1, 1);
	expect_bad(c, &g, NULL, 0, 0, 1, 1);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 1, 1, NULL, 8, &res),
	                 PATH_BAD_ARG);
	/* A grid of another size than the context's. */
	expect_bad(c, &other, &p, 0, 0, 1, 1);
	assert_int_equal(jps_ctx_set_grid(c, &other), PATH_BAD_ARG);
	assert_int_equal(jps_ctx_set_grid(NULL, &g), PATH_BAD_ARG);
	assert_int_equal(jps_ctx_set_grid(c, NULL), PATH_BAD_ARG);

	/* Params path_find refuses too. */
	q = p;
	q.straight_cost = 0;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.diagonal_cost = 2 * q.straight_cost + 1;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.diagonal_cost = q.straight_cost - 1;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.straight_cost = PATH_STEP_MAX;
	q.diagonal_cost = PATH_STEP_MAX + 1;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.algo = PATH_ALGO_COUNT;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.heuristic = PATH_H_COUNT;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.diagonal = PATH_DIAG_COUNT;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.weight = PATH_WEIGHT_ONE - 1;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);
	q = p;
	q.h_scale = GRID_COST_MAX + 1;
	expect_both_bad(c, ac, &g, &q, 0, 0, 1, 1);

	/* Queries JPS cannot answer exactly, which path_find accepts. */
	q = p;
	q.algo = PATH_DIJKSTRA;
	expect_bad(c, &g, &q, 0, 0, 1, 1);
	q.algo = PATH_GREEDY;
	expect_bad(c, &g, &q, 0, 0, 1, 1);
	q.algo = PATH_BFS;
	expect_bad(c, &g, &q, 0, 0, 1, 1);
	q = p;
	q.weight = 1500;
	expect_bad(c, &g, &q, 0, 0, 1, 1);
	q = p;
	q.diagonal = PATH_DIAG_NEVER;
	expect_bad(c, &g, &q, 0, 0, 1, 1);

	/* The heuristic and h_scale are not used: any valid value gives the
	 * octile answer. */
	q = p;
	q.heuristic = PATH_H_MANHATTAN;
	q.h_scale = 7;
	assert_int_equal(jps_find(c, &g, &q, 0, 0, 5, 3, buf, 8, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 3 * 577 + 2 * 408);
	assert_int_equal(res.length, 6);
	jps_ctx_free(c);
	path_ctx_free(ac);
	grid_fini(&g);
	grid_fini(&other);
}

static void test_jps_uniformity(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point buf[16];
	struct jps_ctx *c;
	struct grid g, g2;

	(void)state;
	assert_int_equal(grid_init(&g, 5, 3), GRID_OK);
	assert_int_equal(grid_init(&g2, 5, 3), GRID_OK);
	assert_int_equal(jps_grid_uniform(NULL), 0);
	assert_int_equal(jps_grid_uniform(&g), 1);
	grid_fill(&g, 4);
	assert_int_equal(jps_grid_uniform(&g), 4);
	grid_set_cost(&g, 1, 1, 0);
	assert_int_equal(jps_grid_uniform(&g), 4);
	grid_set_cost(&g, 3, 2, 5);
	assert_int_equal(jps_grid_uniform(&g), 0);
	grid_fill(&g2, 0);
	assert_int_equal(jps_grid_uniform(&g2), 0);

	c = jps_ctx_new(5, 3);
	assert_non_null(c);
	params_for(&p, PATH_DIAG_ALWAYS, &main_costs[0]);
	/* A non-uniform grid is refused, first query or not. */
	expect_bad(c, &g, &p, 0, 0, 4, 0);
	expect_bad(c, &g, &p, 0, 0, 4, 0);
	assert_int_equal(jps_ctx_set_grid(c, &g), 0);
	expect_bad(c, &g, &p, 0, 0, 4, 0);
	/* Made uniform again: the context must be told. */
	grid_set_cost(&g, 3, 2, 4);
	assert_int_equal(jps_ctx_set_grid(c, &g), 4);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 4, 0, buf, 16, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 4 * 4 * 10);
	/* Blocking and unblocking cells needs no call. */
	grid_set_cost(&g, 2, 0, 0);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 4, 0, buf, 16, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 4 * (2 * 10 + 2 * 14));
	/* Another grid (another cost pointer) is scanned on its first
	 * query. */
	grid_fill(&g2, 2);
	assert_int_equal(jps_find(c, &g2, &p, 0, 0, 4, 0, buf, 16, &res),
	                 PATH_FOUND);
	assert_int_equal(res.cost, 2 * 4 * 10);
	grid_set_cost(&g2, 0, 1, 3);
	assert_int_equal(jps_ctx_set_grid(c, &g2), 0);
	expect_bad(c, &g2, &p, 0, 0, 4, 0);
	jps_ctx_free(c);
	grid_fini(&g);
	grid_fini(&g2);
}

/* Walls all around a room: no path, no partial path. */
static void test_jps_unreachable(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point buf[400];
	struct jps_ctx *c;
	struct grid g;
	int rule, i;

	(void)state;
	assert_int_equal(grid_init(&g, 20, 12), GRID_OK);
	for (i = 4; i <= 10; i++) {
		grid_set_cost(&g, i, 3, 0);
		grid_set_cost(&g, i, 8, 0);
	}
	for (i = 3; i <= 8; i++) {
		grid_set_cost(&g, 4, i, 0);
		grid_set_cost(&g, 10, i, 0);
	}
	c = jps_ctx_new(20, 12);
	assert_non_null(c);
	for (rule = PATH_DIAG_NO_CORNER; rule <= PATH_DIAG_ALWAYS; rule++) {
		params_for(&p, (enum path_diagonal)rule, &main_costs[2]);
		assert_int_equal(
		        jps_find(c, &g, &p, 7, 5, 15, 2, buf, 400, &res),
		        PATH_NO_PATH);
		assert_int_equal(res.status, PATH_NO_PATH);
		assert_int_equal(res.length, 0);
		assert_int_equal(res.partial, 0);
		assert_true(res.stats.expanded >= 1);
		assert_int_equal(
		        jps_find(c, &g, &p, 0, 0, 6, 6, buf, 400, &res),
		        PATH_NO_PATH);
		/* Inside the room all is well. */
		assert_int_equal(
		        jps_find(c, &g, &p, 5, 4, 9, 7, buf, 400, &res),
		        PATH_FOUND);
		assert_int_equal(res.cost, 3 * 141 + 100);
	}
	/* A diagonal gap: the room's corner cell (10,8) opened is reached
	 * from (9,7) past two wall corners, so only corner cutting gets
	 * out. */
	grid_set_cost(&g, 10, 8, 1);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 7, 5, 15, 2, buf, 400, &res),
	                 PATH_NO_PATH);
	params_for(&p, PATH_DIAG_ALWAYS, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 7, 5, 15, 2, buf, 400, &res),
	                 PATH_FOUND);
	set_case(NULL, &p, 7, 5, 15, 2);
	check_path(&g, &p, 7, 5, 15, 2, buf, &res);
	jps_ctx_free(c);
	grid_fini(&g);
}

static void test_jps_one_by_one(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point pt;
	struct jps_ctx *c;
	struct grid g;

	(void)state;
	assert_int_equal(grid_init(&g, 1, 1), GRID_OK);
	c = jps_ctx_new(1, 1);
	assert_non_null(c);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 0, 0, &pt, 1, &res),
	                 PATH_FOUND);
	assert_int_equal(res.length, 1);
	assert_int_equal(res.cost, 0);
	expect_bad(c, &g, &p, 0, 0, 1, 0);
	grid_set_cost(&g, 0, 0, 0);
	expect_bad(c, &g, &p, 0, 0, 0, 0);
	jps_ctx_free(c);
	grid_fini(&g);
}

/* A single row and a single column, both ways and every pair of ends. */
static void test_jps_single_row_and_column(void **state)
{
	static const int lens[] = {1, 2, 3, 7, 8, 9, 10, 17, 64, 200};
	struct path_point buf[200];
	size_t li;

	(void)state;
	for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
		int n = lens[li], vertical;

		for (vertical = 0; vertical < 2; vertical++) {
			int w = vertical ? 1 : n, h = vertical ? n : 1;
			struct jps_ctx *c = jps_ctx_new(w, h);
			struct grid g;
			int a, b, rule;

			assert_non_null(c);
			assert_int_equal(grid_init(&g, w, h), GRID_OK);
			for (rule = PATH_DIAG_NO_CORNER;
			     rule <= PATH_DIAG_ALWAYS; rule++) {
				struct path_params p;

				params_for(&p, (enum path_diagonal)rule,
				           &main_costs[1]);
				for (a = 0; a < n; a += 1 + n / 9) {
					for (b = 0; b < n; b += 1 + n / 7) {
						struct path_result res;
						int ax = vertical ? 0 : a;
						int ay = vertical ? a : 0;
						int bx = vertical ? 0 : b;
						int by = vertical ? b : 0;
						int dist =
						        a < b ? b - a : a - b;

						set_case(NULL, &p, ax, ay, bx,
						         by);
						assert_int_equal(
						        jps_find(c, &g, &p, ax,
						                 ay, bx, by,
						                 buf, 200,
						                 &res),
						        PATH_FOUND);
						assert_int_equal(res.cost,
						                 408u * dist);
						assert_int_equal(res.length,
						                 dist + 1);
						check_path(&g, &p, ax, ay, bx,
						           by, buf, &res);
					}
				}
				/* A wall in the middle cuts it. */
				if (n >= 3) {
					struct path_result res;

					grid_set_cost(&g, vertical ? 0 : n / 2,
					              vertical ? n / 2 : 0, 0);
					assert_int_equal(
					        jps_find(c, &g, &p, 0, 0, w - 1,
					                 h - 1, buf, 200, &res),
					        PATH_NO_PATH);
					grid_set_cost(&g, vertical ? 0 : n / 2,
					              vertical ? n / 2 : 0, 1);
				}
			}
			jps_ctx_free(c);
			grid_fini(&g);
		}
	}
}

/* A buffer shorter than the path gets its first cap points; length and
 * cost are still the whole path's. */
static void test_jps_short_buffer(void **state)
{
	struct path_params p;
	struct path_result res;
	struct path_point full[64], part[5];
	struct jps_ctx *c;
	struct grid g;
	size_t i;

	(void)state;
	assert_int_equal(grid_init(&g, 30, 20), GRID_OK);
	for (i = 0; i < 15; i++)
		grid_set_cost(&g, 12, (int)i, 0);
	c = jps_ctx_new(30, 20);
	assert_non_null(c);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 2, 3, 27, 4, full, 64, &res),
	                 PATH_FOUND);
	assert_true(res.length > 5);
	memset(part, 0, sizeof(part));
	assert_int_equal(jps_find(c, &g, &p, 2, 3, 27, 4, part, 5, &res),
	                 PATH_FOUND);
	for (i = 0; i < 5; i++) {
		assert_int_equal(part[i].x, full[i].x);
		assert_int_equal(part[i].y, full[i].y);
	}
	jps_ctx_free(c);
	grid_fini(&g);
}

static void test_jps_budget(void **state)
{
	struct path_params p;
	struct path_result res;
	struct jps_ctx *c;
	struct grid g;
	int i;

	(void)state;
	assert_int_equal(grid_init(&g, 40, 40), GRID_OK);
	for (i = 0; i < 39; i++) {
		grid_set_cost(&g, 10, i, 0);
		grid_set_cost(&g, 20, 39 - i, 0);
		grid_set_cost(&g, 30, i, 0);
	}
	c = jps_ctx_new(40, 40);
	assert_non_null(c);
	params_for(&p, PATH_DIAG_ALWAYS, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 39, 0, NULL, 0, &res),
	                 PATH_FOUND);
	assert_true(res.stats.expanded > 2);
	p.budget = res.stats.expanded;
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 39, 0, NULL, 0, &res),
	                 PATH_FOUND);
	p.budget = res.stats.expanded - 1;
	assert_int_equal(jps_find(c, &g, &p, 0, 0, 39, 0, NULL, 0, &res),
	                 PATH_BUDGET);
	assert_int_equal(res.length, 0);
	assert_int_equal(res.stats.expanded, p.budget);
	jps_ctx_free(c);
	grid_fini(&g);
}

/* A single row as long as allowed, at the dearest multiplier and step:
 * the whole way costs more than PATH_COST_MAX, as path_find agrees. */
static void test_jps_cost_range(void **state)
{
	struct path_params p;
	struct path_result res, ares;
	struct jps_ctx *c;
	struct path_ctx *ac;
	struct grid g;

	(void)state;
	assert_int_equal(grid_init(&g, GRID_MAX_DIM, 1), GRID_OK);
	grid_fill(&g, GRID_COST_MAX);
	c = jps_ctx_new(GRID_MAX_DIM, 1);
	ac = path_ctx_new(GRID_MAX_DIM, 1);
	assert_true(c && ac);
	path_params_default(&p);
	p.diagonal = PATH_DIAG_ALWAYS;
	p.straight_cost = PATH_STEP_MAX;
	p.diagonal_cost = PATH_STEP_MAX;
	assert_int_equal(
	        jps_find(c, &g, &p, 0, 0, GRID_MAX_DIM - 1, 0, NULL, 0, &res),
	        PATH_COST_RANGE);
	assert_int_equal(path_find(ac, &g, &p, 0, 0, GRID_MAX_DIM - 1, 0, NULL,
	                           0, &ares, NULL),
	                 PATH_COST_RANGE);
	/* The farthest cell within the limit is still found. */
	{
		int far = (int)(PATH_COST_MAX /
		                (PATH_STEP_MAX * (uint32_t)GRID_COST_MAX));

		assert_int_equal(
		        jps_find(c, &g, &p, 0, 0, far, 0, NULL, 0, &res),
		        PATH_FOUND);
		assert_int_equal(res.cost,
		                 (uint32_t)far * PATH_STEP_MAX * GRID_COST_MAX);
		assert_int_equal(
		        jps_find(c, &g, &p, 0, 0, far + 1, 0, NULL, 0, &res),
		        PATH_COST_RANGE);
	}
	jps_ctx_free(c);
	path_ctx_free(ac);
	grid_fini(&g);
}

/* Contexts of several sizes, each reused for many queries on several
 * grids of its size, interleaved: every answer is the one a fresh
 * context gives, point for point. */
static void test_jps_ctx_reuse(void **state)
{
	enum { SIZES = 5, GRIDS = 3 };
	static const int dims[SIZES][2] = {
	        {1, 9}, {13, 7}, {64, 64}, {33, 2}, {50, 41}};
	struct jps_ctx *ctx[SIZES];
	struct map maps[SIZES][GRIDS];
	struct grid grids[SIZES][GRIDS];
	struct path_point *a, *b;
	struct rng r = {0x7e05eull};
	int s, k, i;

	(void)state;
	a = malloc(64 * 64 * sizeof(*a));
	b = malloc(64 * 64 * sizeof(*b));
	assert_true(a && b);
	for (s = 0; s < SIZES; s++) {
		ctx[s] = jps_ctx_new(dims[s][0], dims[s][1]);
		assert_non_null(ctx[s]);
		for (k = 0; k < GRIDS; k++) {
			struct map *m = &maps[s][k];
			int x, y;

			map_init(m, dims[s][0], dims[s][1], (uint8_t)(k + 1));
			for (y = 0; y < m->h; y++)
				for (x = 0; x < m->w; x++)
					if (rng_below(&r, 100) < 25)
						map_set(m, x, y, 0);
			map_to_grid(m, &grids[s][k]);
		}
	}
	for (i = 0; i < 3000; i++) {
		struct path_params p;
		struct path_result ra, rb;
		struct jps_ctx *fresh;
		struct map *m;
		const struct grid *g;
		int sx, sy, gx, gy, ja, jb;
		size_t n;

		s = (int)rng_below(&r, SIZES);
		k = (int)rng_below(&r, GRIDS);
		m = &maps[s][k];
		g = &grids[s][k];
		params_for(&p,
		           rng_below(&r, 2) ? PATH_DIAG_ALWAYS
		                            : PATH_DIAG_NO_CORNER,
		           &main_costs[rng_below(&r, 3)]);
		random_open(m, &r, &sx, &sy);
		random_open(m, &r, &gx, &gy);
		if (sx < 0)
			continue;
		set_case(m, &p, sx, sy, gx, gy);
		ja = jps_find(ctx[s], g, &p, sx, sy, gx, gy, a, 64 * 64, &ra);
		fresh = jps_ctx_new(m->w, m->h);
		assert_non_null(fresh);
		jb = jps_find(fresh, g, &p, sx, sy, gx, gy, b, 64 * 64, &rb);
		jps_ctx_free(fresh);
		CHECK_EQ(ja, jb);
		CHECK_EQ(ra.cost, rb.cost);
		CHECK_EQ(ra.length, rb.length);
		CHECK_EQ(ra.stats.expanded, rb.stats.expanded);
		CHECK_EQ(ra.stats.pushes, rb.stats.pushes);
		CHECK_EQ(ra.stats.max_open, rb.stats.max_open);
		for (n = 0; ja == PATH_FOUND && n < ra.length; n++) {
			CHECK_EQ(a[n].x, b[n].x);
			CHECK_EQ(a[n].y, b[n].y);
		}
		if (ja == PATH_FOUND)
			check_path(g, &p, sx, sy, gx, gy, a, &ra);
	}
	for (s = 0; s < SIZES; s++) {
		jps_ctx_free(ctx[s]);
		for (k = 0; k < GRIDS; k++) {
			grid_fini(&grids[s][k]);
			map_fini(&maps[s][k]);
		}
	}
	free(a);
	free(b);
}

/* On open ground a long diagonal query needs a handful of jump points,
 * where A* expands a cell per step. */
static void test_jps_few_expansions_on_open_ground(void **state)
{
	struct path_params p;
	struct path_result jr, ar;
	struct jps_ctx *c;
	struct path_ctx *ac;
	struct grid g;

	(void)state;
	assert_int_equal(grid_init(&g, 200, 120), GRID_OK);
	c = jps_ctx_new(200, 120);
	ac = path_ctx_new(200, 120);
	assert_true(c && ac);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[0]);
	assert_int_equal(jps_find(c, &g, &p, 3, 2, 190, 110, NULL, 0, &jr),
	                 PATH_FOUND);
	assert_int_equal(
	        path_find(ac, &g, &p, 3, 2, 190, 110, NULL, 0, &ar, NULL),
	        PATH_FOUND);
	assert_int_equal(jr.cost, ar.cost);
	assert_int_equal(jr.cost, 108 * 14 + 79 * 10);
	assert_true(jr.stats.expanded <= 3);
	assert_true(ar.stats.expanded > 100);
	jps_ctx_free(c);
	path_ctx_free(ac);
	grid_fini(&g);
}

/* --- the den312d benchmark map ------------------------------------------- */

static void data_path(char *buf, size_t cap, const char *name)
{
	const char *top = getenv("top_srcdir");

	snprintf(buf, cap, "%s/tests/fixtures/%s", top && *top ? top : ".", name);
}

static void test_jps_den312d(void **state)
{
	char map_path[1024], scen_path[1024];
	struct movingai_error err;
	struct movingai_scen sc;
	struct path_params p;
	struct jps_ctx *c;
	struct grid g;
	struct path_point *buf;
	size_t i, mismatches = 0;

	(void)state;
	data_path(map_path, sizeof(map_path), "den312d.map");
	data_path(scen_path, sizeof(scen_path), "den312d.map.scen");
	if (movingai_load_map(map_path, &g, &err) != MOVINGAI_OK)
		print_error("%s:%d:%d: %s\n", map_path, err.line, err.col,
		            err.message);
	assert_non_null(g.cost);
	if (movingai_load_scen(scen_path, &sc, &err) != MOVINGAI_OK)
		print_error("%s:%d:%d: %s\n", scen_path, err.line, err.col,
		            err.message);
	assert_int_equal(sc.count, 320);
	c = jps_ctx_new(g.width, g.height);
	assert_non_null(c);
	assert_int_equal(jps_ctx_set_grid(c, &g), 1);
	buf = malloc((size_t)g.width * (size_t)g.height * sizeof(*buf));
	assert_non_null(buf);
	params_for(&p, PATH_DIAG_NO_CORNER, &main_costs[1]); /* 408/577 */
	for (i = 0; i < sc.count; i++) {
		const struct movingai_problem *q = &sc.problems[i];
		struct path_result res;
		double got, tol;
		int st;

		assert_true(movingai_problem_fits(q, &g));
		st = jps_find(c, &g, &p, q->start_x, q->start_y, q->goal_x,
		              q->goal_y, buf,
		              (size_t)g.width * (size_t)g.height, &res);
		got = st == PATH_FOUND ? res.cost / 408.0 : -1.0;
		/* pathbench's tolerance: half a unit in the 6th printed
		 * digit, plus the approximation of sqrt(2). */
		tol = 0.005 + 1e-5 * q->optimal;
		if (st != PATH_FOUND || fabs(got - q->optimal) > tol) {
			print_error("row %d: (%d,%d)->(%d,%d) expected %.5f "
			            "got %.5f (%s)\n",
			            q->line, q->start_x, q->start_y, q->goal_x,
			            q->goal_y, q->optimal, got,
			            path_status_name(st));
			mismatches++;
			continue;
		}
		set_case(NULL, &p, q->start_x, q->start_y, q->goal_x,
		         q->goal_y);
		check_path(&g, &p, q->start_x, q->start_y, q->goal_x, q->goal_y,
		           buf, &res);
	}
	assert_int_equal(mismatches, 0);
	free(buf);
	jps_ctx_free(c);
	movingai_scen_free(&sc);
	grid_fini(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_jps_ctx_new_rejects_bad_sizes),
	        cmocka_unit_test(test_jps_start_is_goal),
	        cmocka_unit_test(test_jps_rejects_endpoints),
	        cmocka_unit_test(test_jps_rejects_bad_args),
	        cmocka_unit_test(test_jps_uniformity),
	        cmocka_unit_test(test_jps_unreachable),
	        cmocka_unit_test(test_jps_one_by_one),
	        cmocka_unit_test(test_jps_single_row_and_column),
	        cmocka_unit_test(test_jps_short_buffer),
	        cmocka_unit_test(test_jps_budget),
	        cmocka_unit_test(test_jps_cost_range),
	        cmocka_unit_test(test_jps_ctx_reuse),
	        cmocka_unit_test(test_jps_few_expansions_on_open_ground),
	        cmocka_unit_test(test_jps_den312d),
	        cmocka_unit_test(test_jps_matches_dijkstra_random),
	        cmocka_unit_test(test_jps_matches_astar_large),
	};

	return tap_run(tests, NULL, NULL);
}
