/* SPDX-License-Identifier: MIT */
/* test_path.c - the path engine checked against a brute-force Dijkstra and
 * BFS written here, independently of the engine, on thousands of seeded
 * random grids; plus the classic tutorial examples, argument checking,
 * the size and cost limits, context reuse, tracing and the AI-view
 * accessors.
 *
 * Every random case is reproducible from the seed printed on failure.
 * The maps, the oracle and the checks are tests/lib's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/path/grid.h"
#include "core/path/path.h"
#include "lib/check.h"
#include "lib/map.h"
#include "lib/oracle.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

/* Enough for the acceptance criterion (10,000 grids per property) while
 * staying within the CI time budget under the sanitizers. */
#define PROPERTY_CASES 10000
#define RANDOM_MAX_DIM 64

/* Manhattan is the only heuristic here that overestimates on 8-way maps. */
static int heuristic_admissible(enum path_diagonal rule,
                                enum path_heuristic heur)
{
	return rule == PATH_DIAG_NEVER || heur != PATH_H_MANHATTAN;
}

/* --- random cases -------------------------------------------------------- */

static const struct test_costs cost_table[] = {
        {10, 14}, {408, 577}, {985, 1393}, {1, 1},  {1, 2},
        {10, 10}, {10, 20},   {3, 4},      {7, 13}, {100, 141},
};

struct pcase {
	uint64_t seed;
	struct test_map m;
	struct grid g;
	struct test_costs c;
	int sx, sy, gx, gy;
};

/* A random case: a map of tests/lib's test_map_random_terrain (w and h
 * of 0 pick a random size), step costs, a start and a goal. */
static void pcase_make(struct pcase *pc, uint64_t seed, int w, int h,
                       int min_mult)
{
	struct splitmix r = {seed};
	uint32_t i;

	pc->seed = seed;
	test_map_random_terrain(&pc->m, &r, w, h, RANDOM_MAX_DIM, min_mult);
	w = pc->m.w;
	h = pc->m.h;
	i = splitmix_below(&r, 12);
	if (i < (uint32_t)(sizeof(cost_table) / sizeof(cost_table[0]))) {
		pc->c = cost_table[i];
	} else {
		pc->c.s = splitmix_range(&r, 1, 1000);
		pc->c.d = splitmix_range(&r, pc->c.s, 2 * pc->c.s);
	}
	pc->sx = (int)splitmix_below(&r, (uint32_t)w);
	pc->sy = (int)splitmix_below(&r, (uint32_t)h);
	if (splitmix_below(&r, 20) == 0) {
		pc->gx = pc->sx;
		pc->gy = pc->sy;
	} else {
		pc->gx = (int)splitmix_below(&r, (uint32_t)w);
		pc->gy = (int)splitmix_below(&r, (uint32_t)h);
	}
	/* Blocked endpoints are an argument error, tested on their own. */
	if (test_map_at(&pc->m, pc->sx, pc->sy) == 0)
		test_map_set(
		        &pc->m, pc->sx, pc->sy,
		        (uint8_t)splitmix_range(&r, (uint32_t)min_mult, 9));
	if (test_map_at(&pc->m, pc->gx, pc->gy) == 0)
		test_map_set(
		        &pc->m, pc->gx, pc->gy,
		        (uint8_t)splitmix_range(&r, (uint32_t)min_mult, 9));
	test_map_to_grid(&pc->m, &pc->g);
}

static void pcase_fini(struct pcase *pc)
{
	grid_fini(&pc->g);
	test_map_fini(&pc->m);
	check_case.map = NULL;
}

static uint64_t case_seed(uint64_t base, unsigned i)
{
	return base * 0x100000001b3ull + i;
}

/* Runs one query with no trace, describing it first for failures. */
static int run_query(struct path_ctx *ctx, const struct pcase *pc,
                     const struct path_params *p, struct path_point *buf,
                     size_t cap, struct path_result *res)
{
	int rc;

	check_describe(pc->seed, &pc->m, p, pc->sx, pc->sy, pc->gx, pc->gy);
	memset(res, 0xa5, sizeof(*res));
	rc = path_find(ctx, &pc->g, p, pc->sx, pc->sy, pc->gx, pc->gy, buf, cap,
	               res, NULL);
	CHECK_EQ(rc, res->status);
	return rc;
}

/* The optimal cost from the case's start to its goal under a diagonal
 * rule, by the oracle's Dijkstra (ORACLE_UNREACHED when there is no path). */
static uint64_t oracle_goal_cost(struct oracle *o, const struct pcase *pc,
                                 enum path_diagonal rule)
{
	oracle_dijkstra(o, &pc->m, rule, &pc->c, pc->sx, pc->sy);
	return o->dist[(size_t)pc->gy * pc->m.w + pc->gx];
}

/* An optimal search must agree with the oracle on reachability and cost,
 * and its goal must be closed with g equal to that cost. */
static void check_optimal(struct path_ctx *ctx, const struct pcase *pc,
                          const struct path_params *p, uint64_t optimum,
                          struct path_point *buf, size_t cap,
                          struct path_result *res)
{
	struct path_node_info info;

	run_query(ctx, pc, p, buf, cap, res);
	if (optimum == ORACLE_UNREACHED) {
		CHECK_EQ(res->status, PATH_NO_PATH);
		return;
	}
	check_path(&pc->m, p->diagonal, &pc->c, pc->sx, pc->sy, pc->gx, pc->gy,
	           buf, res);
	CHECK_EQ(res->cost, optimum);
	CHECK_EQ(path_ctx_node(ctx, pc->gx, pc->gy, &info), 0);
	CHECK(info.reached && info.closed);
	CHECK_EQ(info.g, optimum);
}

/* --- the property driver ------------------------------------------------- */

/* One case of a property run, as the property's check sees it. */
struct prop_case {
	unsigned i;             /* the case's number in the run */
	struct pcase pc;        /* the random case */
	struct path_ctx *ctx;   /* a context of its size */
	struct oracle *o;       /* an oracle for maps of up to cap cells */
	struct path_point *buf; /* a path buffer of cap points */
	size_t cap;
	void *arg; /* the property's own state, kept from case to case */
};

/* A property over random cases: CASES of them from case_seed(SEED, i),
 * each W x H cells (0 x 0: a size at random) whose cheapest terrain is 1,
 * unless SIZE says otherwise for case i.  CHECK is handed each in turn
 * with a fresh context, or CTX, kept for every case, when given. */
struct prop {
	uint64_t seed;
	unsigned cases;
	int w, h;
	size_t cap; /* 0: RANDOM_MAX_DIM squared */
	void (*size)(const struct prop_case *c, int *w, int *h, int *mult);
	void (*check)(struct prop_case *c);
	struct path_ctx *ctx;
	void *arg;
};

static void prop_run(const struct prop *prop)
{
	struct prop_case c;
	struct oracle o;

	c.cap = prop->cap ? prop->cap : RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	c.buf = malloc(c.cap * sizeof(*c.buf));
	assert_non_null(c.buf);
	oracle_init(&o, c.cap);
	c.o = &o;
	c.arg = prop->arg;
	for (c.i = 0; c.i < prop->cases; c.i++) {
		int w = prop->w, h = prop->h, mult = 1;

		if (prop->size)
			prop->size(&c, &w, &h, &mult);
		pcase_make(&c.pc, case_seed(prop->seed, c.i), w, h, mult);
		c.ctx = prop->ctx ? prop->ctx
		                  : path_ctx_new(c.pc.m.w, c.pc.m.h);
		assert_non_null(c.ctx);
		prop->check(&c);
		if (!prop->ctx)
			path_ctx_free(c.ctx);
		pcase_fini(&c.pc);
	}
	oracle_fini(&o);
	free(c.buf);
}

/* --- property tests ------------------------------------------------------ */

static void check_trace(const struct pcase *pc, const struct path_params *p,
                        const struct path_trace *t,
                        const struct path_result *res);

/* A* with w = 1 and every heuristic admissible under rule must find the
 * optimum opt; given a trace, the same search traced must agree with it
 * and leave a trace that holds together. */
static void check_astar_heuristics(struct path_ctx *ctx, const struct pcase *pc,
                                   int rule, uint64_t opt,
                                   struct path_point *buf, size_t cap,
                                   struct path_trace *t)
{
	int heur;

	for (heur = 0; heur < PATH_H_COUNT; heur++) {
		struct path_params p;
		struct path_result res, traced;

		if (!heuristic_admissible(rule, heur))
			continue;
		check_params(&p, PATH_ASTAR, heur, rule, &pc->c,
		             PATH_WEIGHT_ONE);
		check_optimal(ctx, pc, &p, opt, buf, cap, &res);
		/* Without tie-breaking the order changes, not the cost. */
		{
			struct path_params pf = p;
			struct path_result rf;

			pf.ties = PATH_TIES_FIFO;
			check_optimal(ctx, pc, &pf, opt, buf, cap, &rf);
		}
		if (!t)
			continue;
		path_trace_clear(t);
		path_find(ctx, &pc->g, &p, pc->sx, pc->sy, pc->gx, pc->gy, buf,
		          cap, &traced, t);
		CHECK_EQ(traced.cost, res.cost);
		CHECK_EQ(traced.stats.expanded, res.stats.expanded);
		check_trace(pc, &p, t, &traced);
	}
}

static void matches_dijkstra(struct prop_case *c)
{
	struct splitmix r = {case_seed(1, c->i)};
	int rule;

	for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
		struct path_params p;
		struct path_result res;
		size_t reached;
		uint64_t opt;

		reached = oracle_dijkstra(c->o, &c->pc.m, rule, &c->pc.c,
		                          c->pc.sx, c->pc.sy);
		opt = c->o->dist[(size_t)c->pc.gy * c->pc.m.w + c->pc.gx];
		check_astar_heuristics(c->ctx, &c->pc, rule, opt, c->buf,
		                       c->cap, NULL);
		/* Dijkstra must ignore the heuristic, even one that would
		 * overestimate. */
		check_params(&p, PATH_DIJKSTRA,
		             splitmix_below(&r, PATH_H_COUNT), rule, &c->pc.c,
		             PATH_WEIGHT_ONE);
		check_optimal(c->ctx, &c->pc, &p, opt, c->buf, c->cap, &res);
		CHECK_EQ(res.stats.reopened, 0);
		if (opt == ORACLE_UNREACHED)
			CHECK_EQ(res.stats.expanded, reached);
	}
}

static void test_path_matches_dijkstra_random(void **state)
{
	const struct prop prop = {
	        .seed = 1, .cases = PROPERTY_CASES, .check = matches_dijkstra};

	prop_run(&prop);
}

/* Maps of 16,000 to 18,000 cells, where most blocks of 64 cells have
 * their neighbour masks worked out 16 at a time (only a grid's edges are
 * left to the plain C version) and a cell's row comes from a multiply by
 * the inverse of a stride of 64 and more: optimal under every diagonal
 * rule and admissible heuristic, the same with a trace as without, and
 * every traced h is the heuristic's own. */
static void large_map_size(const struct prop_case *c, int *w, int *h, int *mult)
{
	static const int dims[][2] = {
	        {126, 128}, {200, 90}, {255, 70}, {130, 131}, {96, 180}};

	*w = dims[c->i % 5][0];
	*h = dims[c->i % 5][1];
	*mult = (int)(1 + c->i % 2);
}

static void large_map_matches(struct prop_case *c)
{
	int rule;

	for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
		const uint64_t opt = oracle_goal_cost(c->o, &c->pc, rule);
		check_astar_heuristics(c->ctx, &c->pc, rule, opt, c->buf,
		                       c->cap, c->arg);
	}
}

static void test_path_large_maps_match_dijkstra(void **state)
{
	struct path_trace t;
	const struct prop prop = {.seed = 41,
	                          .cases = 30,
	                          .cap = 255 * 180,
	                          .size = large_map_size,
	                          .check = large_map_matches,
	                          .arg = &t};

	(void)state;
	path_trace_init(&t, 0);
	prop_run(&prop);
	path_trace_fini(&t);
}

static void weighted_within_bound(struct prop_case *c)
{
	static const uint32_t weights[] = {1500, 2000, 3000};
	int rule, heur;
	size_t k;

	for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
		const uint64_t opt = oracle_goal_cost(c->o, &c->pc, rule);
		for (heur = 0; heur < PATH_H_COUNT; heur++) {
			struct path_params p;
			struct path_result res;

			if (!heuristic_admissible(rule, heur))
				continue;
			/* One weight per combination, rotating, keeps the run
			 * short; each weight still meets every rule and
			 * heuristic thousands of times. */
			k = (c->i + (size_t)rule + (size_t)heur) % 3;
			check_params(&p, PATH_ASTAR, heur, rule, &c->pc.c,
			             weights[k]);
			run_query(c->ctx, &c->pc, &p, c->buf, c->cap, &res);
			if (opt == ORACLE_UNREACHED) {
				CHECK_EQ(res.status, PATH_NO_PATH);
				continue;
			}
			check_path(&c->pc.m, rule, &c->pc.c, c->pc.sx, c->pc.sy,
			           c->pc.gx, c->pc.gy, c->buf, &res);
			CHECK((uint64_t)res.cost * 1000 <=
			      (uint64_t)weights[k] * opt);
		}
	}
}

static void test_path_weighted_within_bound_random(void **state)
{
	const struct prop prop = {.seed = 2,
	                          .cases = PROPERTY_CASES,
	                          .check = weighted_within_bound};

	prop_run(&prop);
}

static void greedy_finds_legal_path(struct prop_case *c)
{
	int rule, heur;

	for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
		int32_t steps;

		oracle_bfs(c->o, &c->pc.m, rule, c->pc.sx, c->pc.sy, NULL);
		steps = c->o->steps[(size_t)c->pc.gy * c->pc.m.w + c->pc.gx];
		/* Greedy needs no admissible heuristic to be complete, so
		 * every one is tried on every rule. */
		for (heur = 0; heur < PATH_H_COUNT; heur++) {
			struct path_params p;
			struct path_result res;

			check_params(&p, PATH_GREEDY, heur, rule, &c->pc.c,
			             PATH_WEIGHT_ONE);
			run_query(c->ctx, &c->pc, &p, c->buf, c->cap, &res);
			if (steps < 0) {
				CHECK_EQ(res.status, PATH_NO_PATH);
				continue;
			}
			check_path(&c->pc.m, rule, &c->pc.c, c->pc.sx, c->pc.sy,
			           c->pc.gx, c->pc.gy, c->buf, &res);
			CHECK(res.length >= (size_t)steps + 1);
		}
	}
}

static void test_path_greedy_finds_legal_path_random(void **state)
{
	const struct prop prop = {.seed = 3,
	                          .cases = PROPERTY_CASES,
	                          .check = greedy_finds_legal_path};

	prop_run(&prop);
}

static void bfs_fewest_steps(struct prop_case *c)
{
	struct splitmix r = {case_seed(4, c->i)};
	int rule;

	for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
		struct path_params p;
		struct path_result res;
		int32_t steps;

		oracle_bfs(c->o, &c->pc.m, rule, c->pc.sx, c->pc.sy, NULL);
		steps = c->o->steps[(size_t)c->pc.gy * c->pc.m.w + c->pc.gx];
		check_params(&p, PATH_BFS, splitmix_below(&r, PATH_H_COUNT),
		             rule, &c->pc.c, PATH_WEIGHT_ONE);
		run_query(c->ctx, &c->pc, &p, c->buf, c->cap, &res);
		if (steps < 0) {
			CHECK_EQ(res.status, PATH_NO_PATH);
			continue;
		}
		check_path(&c->pc.m, rule, &c->pc.c, c->pc.sx, c->pc.sy,
		           c->pc.gx, c->pc.gy, c->buf, &res);
		CHECK_EQ(res.length, (size_t)steps + 1);
	}
}

static void test_path_bfs_fewest_steps_random(void **state)
{
	const struct prop prop = {
	        .seed = 4, .cases = PROPERTY_CASES, .check = bfs_fewest_steps};

	prop_run(&prop);
}

/* On maps whose cheapest terrain is k, h may be scaled by k (that is what
 * h_scale is for) and A* must stay optimal. */
static void h_scale_size(const struct prop_case *c, int *w, int *h, int *mult)
{
	(void)w;
	(void)h;
	*mult = (int)(1 + c->i % 9);
}

static void h_scale_keeps_optimal(struct prop_case *c)
{
	int rule, heur, k = (int)(1 + c->i % 9);

	for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
		const uint64_t opt = oracle_goal_cost(c->o, &c->pc, rule);
		for (heur = 0; heur < PATH_H_COUNT; heur++) {
			struct path_params p;
			struct path_result res;

			if (!heuristic_admissible(rule, heur))
				continue;
			check_params(&p, PATH_ASTAR, heur, rule, &c->pc.c,
			             PATH_WEIGHT_ONE);
			p.h_scale = (uint32_t)k;
			check_optimal(c->ctx, &c->pc, &p, opt, c->buf, c->cap,
			              &res);
		}
	}
}

static void test_path_h_scale_keeps_optimal_random(void **state)
{
	const struct prop prop = {.seed = 5,
	                          .cases = PROPERTY_CASES / 5,
	                          .size = h_scale_size,
	                          .check = h_scale_keeps_optimal};

	prop_run(&prop);
}

/* --- the classic tutorial examples --------------------------------------- */

static void pcase_text(struct pcase *pc, const char *text, struct test_costs c)
{
	memset(pc, 0, sizeof(*pc));
	test_map_from_text(&pc->m, text, &pc->sx, &pc->sy, &pc->gx, &pc->gy);
	test_map_to_grid(&pc->m, &pc->g);
	pc->c = c;
}

static int path_visits(const struct path_point *pts, size_t n, int x, int y)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (pts[i].x == x && pts[i].y == y)
			return 1;
	return 0;
}

/* Runs every optimal algorithm (A* with each admissible heuristic, and
 * Dijkstra) on a fixed map and checks the cost against both the literal
 * worked out by hand and the oracle. */
static void
golden_optimal(struct pcase *pc, enum path_diagonal rule, uint64_t expect_cost,
               struct path_point *buf, size_t cap,
               void (*extra)(const struct pcase *, const struct path_point *,
                             const struct path_result *))
{
	struct path_ctx *ctx = path_ctx_new(pc->m.w, pc->m.h);
	struct oracle o;
	int heur;

	assert_non_null(ctx);
	oracle_init(&o, (size_t)pc->m.w * (size_t)pc->m.h);
	assert_int_equal(oracle_goal_cost(&o, pc, rule), expect_cost);
	for (heur = 0; heur <= PATH_H_COUNT; heur++) {
		struct path_params p;
		struct path_result res;

		if (heur == PATH_H_COUNT)
			check_params(&p, PATH_DIJKSTRA, PATH_H_ZERO, rule,
			             &pc->c, PATH_WEIGHT_ONE);
		else if (heuristic_admissible(rule, heur))
			check_params(&p, PATH_ASTAR, heur, rule, &pc->c,
			             PATH_WEIGHT_ONE);
		else
			continue;
		check_optimal(ctx, pc, &p, expect_cost, buf, cap, &res);
		if (extra)
			extra(pc, buf, &res);
	}
	oracle_fini(&o);
	path_ctx_free(ctx);
}

static const char wall_gap_map[] = "...#..G\n"
                                   "...#...\n"
                                   "..S#...\n"
                                   "...#...\n"
                                   "...#...\n"
                                   "...#...\n"
                                   ".......\n";

static void wall_gap_extra(const struct pcase *pc, const struct path_point *pts,
                           const struct path_result *res)
{
	/* Every 4-connected optimum takes 5 steps down to the gap and 9 on
	 * to the goal. */
	CHECK_EQ(res->length, 15);
	CHECK(path_visits(pts, res->length, 3, 6));
}

static void test_path_golden_wall_gap_4way(void **state)
{
	struct pcase pc;
	struct path_point buf[64];

	pcase_text(&pc, wall_gap_map, (struct test_costs){10, 14});
	golden_optimal(&pc, PATH_DIAG_NEVER, 140, buf, 64, wall_gap_extra);
	pcase_fini(&pc);
}

static const char corner_map[] = "........\n"
                                 "........\n"
                                 ".....#..\n"
                                 "...S.#.G\n"
                                 ".....#..\n"
                                 "........\n";

static void corner_extra(const struct pcase *pc, const struct path_point *pts,
                         const struct path_result *res)
{
	size_t i;

	for (i = 1; i < res->length; i++) {
		int x = pts[i - 1].x, y = pts[i - 1].y;
		int nx = pts[i].x, ny = pts[i].y;

		if (x != nx && y != ny) {
			CHECK(test_map_at(&pc->m, nx, y) != 0);
			CHECK(test_map_at(&pc->m, x, ny) != 0);
		}
	}
}

static void test_path_golden_no_corner_cutting(void **state)
{
	struct pcase pc;
	struct path_point buf[64];

	pcase_text(&pc, corner_map, (struct test_costs){10, 14});
	/* Round the wall by (4,2) (4,1) (5,1) (6,1): 14+10+10+10, then two
	 * more steps to (7,3), one of them diagonal: 68. */
	golden_optimal(&pc, PATH_DIAG_NO_CORNER, 68, buf, 64, corner_extra);
	/* Cutting the wall's corners saves 12: four diagonals, 56. */
	golden_optimal(&pc, PATH_DIAG_ALWAYS, 56, buf, 64, NULL);
	pcase_fini(&pc);
}

static const char forest_map[] = "..........\n"
                                 "....ff....\n"
                                 "....fff...\n"
                                 "....ffff..\n"
                                 ".S.fffff..\n"
                                 "...fffffG.\n"
                                 "....fff...\n"
                                 ".###fff...\n"
                                 ".###ff....\n"
                                 "..........\n";

static void forest_extra(const struct pcase *pc, const struct path_point *pts,
                         const struct path_result *res)
{
	size_t i;

	for (i = 0; i < res->length; i++)
		CHECK(test_map_at(&pc->m, pts[i].x, pts[i].y) != 5);
}

static void test_path_golden_forest_detour(void **state)
{
	struct pcase pc;
	struct path_point buf[128];

	pcase_text(&pc, forest_map, (struct test_costs){1, 2});
	/* Over the top: 4 up, 7 across row 0, 5 down = 16.  Any crossing of
	 * the forest enters at least three forest cells (20 or more). */
	golden_optimal(&pc, PATH_DIAG_NEVER, 16, buf, 128, forest_extra);
	pcase_fini(&pc);
}

/* --- arguments and edge cases -------------------------------------------- */

/* A corridor that leads away from the goal first: every step raises f by
 * a step and a step's worth of h, 2000 with these costs, so the open list
 * holds one cell whose f lies nearly a whole ring ahead of the lowest (the
 * ring of bucket lists starts at 1024 and grows to 2048).  Its list then
 * sits just below the current f in the ring, and finding it means looking
 * all the way round. */
static const char away_map[] = "S.............................\n"
                               "#############################.\n"
                               "G.............................\n";

static void test_path_golden_corridor_away_from_goal(void **state)
{
	struct pcase pc;
	struct path_point buf[128];

	(void)state;
	pcase_text(&pc, away_map, (struct test_costs){1000, 1000});
	golden_optimal(&pc, PATH_DIAG_NEVER, 60000, buf, 128, NULL);
	golden_optimal(&pc, PATH_DIAG_NO_CORNER, 60000, buf, 128, NULL);
	pcase_fini(&pc);
}

static void test_path_params_default(void **state)
{
	struct path_params p;

	memset(&p, 0xff, sizeof(p));
	path_params_default(&p);
	assert_int_equal(p.algo, PATH_ASTAR);
	assert_int_equal(p.diagonal, PATH_DIAG_NO_CORNER);
	assert_int_equal(p.straight_cost, 10);
	assert_int_equal(p.diagonal_cost, 14);
	assert_int_equal(p.weight, PATH_WEIGHT_ONE);
	assert_int_equal(p.h_scale, 1);
	assert_int_equal(p.budget, 0);
	assert_true(heuristic_admissible(p.diagonal, p.heuristic));
}

static void test_path_ctx_new_rejects_bad_sizes(void **state)
{
	struct path_ctx *small, *big;

	assert_null(path_ctx_new(0, 5));
	assert_null(path_ctx_new(5, 0));
	assert_null(path_ctx_new(-1, 5));
	assert_null(path_ctx_new(5, -3));
	assert_null(path_ctx_new(GRID_MAX_DIM + 1, 1));
	assert_null(path_ctx_new(1, GRID_MAX_DIM + 1));
	path_ctx_free(NULL);
	small = path_ctx_new(1, 1);
	big = path_ctx_new(64, 64);
	assert_non_null(small);
	assert_non_null(big);
	assert_true(path_ctx_bytes(small) > 0);
	assert_true(path_ctx_bytes(big) > path_ctx_bytes(small));
	path_ctx_free(small);
	path_ctx_free(big);
}

/* Search state stays within the 16 bytes per cell, and the
 * rounding of large maps' arrays up to whole huge pages within a quarter
 * of their 7 bytes per cell: 550x550 is one of the sizes where rounding
 * up would nearly double them, and must not happen. */
static void test_path_ctx_bytes_per_cell(void **state)
{
	static const int sizes[] = {200, 380, 490, 512, 550, 600, 1024};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		const int n = sizes[i];
		const double cells = (double)n * n;
		struct path_ctx *ctx = path_ctx_new(n, n);
		struct path_params p;
		struct path_result res;
		struct grid g;

		assert_non_null(ctx);
		if ((double)path_ctx_bytes(ctx) / cells > 9.0)
			fail_msg("%dx%d: %.2f bytes per cell before a search",
			         n, n, (double)path_ctx_bytes(ctx) / cells);
		/* A search over the whole open map, corner to corner with
		 * Dijkstra, fills the open list's pools as far as any will. */
		assert_int_equal(grid_init(&g, n, n), GRID_OK);
		path_params_default(&p);
		p.algo = PATH_DIJKSTRA;
		assert_int_equal(path_find(ctx, &g, &p, 0, 0, n - 1, n - 1,
		                           NULL, 0, &res, NULL),
		                 PATH_FOUND);
		if ((double)path_ctx_bytes(ctx) / cells > 16.0)
			fail_msg("%dx%d: %.2f bytes per cell after a search", n,
			         n, (double)path_ctx_bytes(ctx) / cells);
		grid_fini(&g);
		path_ctx_free(ctx);
	}
}

static void test_path_start_is_goal(void **state)
{
	static const char map[] = "#.#\n3G.\n#.#\n";
	struct pcase pc;
	struct path_ctx *ctx;
	int algo, rule;

	pcase_text(&pc, map, (struct test_costs){10, 14});
	pc.sx = pc.gx;
	pc.sy = pc.gy;
	ctx = path_ctx_new(3, 3);
	assert_non_null(ctx);
	for (algo = 0; algo < PATH_ALGO_COUNT; algo++) {
		for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
			struct path_params p;
			struct path_result res;
			struct path_point buf[4];

			check_params(&p, algo, PATH_H_OCTILE, rule, &pc.c,
			             PATH_WEIGHT_ONE);
			run_query(ctx, &pc, &p, buf, 4, &res);
			CHECK_EQ(res.status, PATH_FOUND);
			CHECK_EQ(res.length, 1);
			CHECK_EQ(res.cost, 0);
			CHECK_EQ(buf[0].x, pc.gx);
			CHECK_EQ(buf[0].y, pc.gy);
		}
	}
	path_ctx_free(ctx);
	pcase_fini(&pc);
}

static void expect_bad_arg(struct path_ctx *ctx, const struct grid *g,
                           const struct path_params *p, int sx, int sy, int gx,
                           int gy)
{
	struct path_result res;
	struct path_point buf[16];

	check_describe_text(
	        NULL,
	        "%s/%s/%s costs %u/%u weight %u start (%d,%d) goal (%d,%d)",
	        path_algo_name(p->algo < PATH_ALGO_COUNT ? p->algo : 0),
	        path_heuristic_name(p->heuristic < PATH_H_COUNT ? p->heuristic
	                                                        : 0),
	        path_diagonal_name(p->diagonal < PATH_DIAG_COUNT ? p->diagonal
	                                                         : 0),
	        p->straight_cost, p->diagonal_cost, p->weight, sx, sy, gx, gy);
	memset(&res, 0xa5, sizeof(res));
	CHECK_EQ(path_find(ctx, g, p, sx, sy, gx, gy, buf, 16, &res, NULL),
	         PATH_BAD_ARG);
	CHECK_EQ(res.status, PATH_BAD_ARG);
}

static void test_path_rejects_blocked_endpoints(void **state)
{
	static const char map[] = "S.#\n...\n#.G\n";
	struct pcase pc;
	struct path_ctx *ctx;
	struct path_params p;
	int algo;

	pcase_text(&pc, map, (struct test_costs){10, 14});
	ctx = path_ctx_new(3, 3);
	assert_non_null(ctx);
	for (algo = 0; algo < PATH_ALGO_COUNT; algo++) {
		check_params(&p, algo, PATH_H_OCTILE, PATH_DIAG_NO_CORNER,
		             &pc.c, PATH_WEIGHT_ONE);
		expect_bad_arg(ctx, &pc.g, &p, 0, 0, 2, 0);
		expect_bad_arg(ctx, &pc.g, &p, 2, 0, 2, 2);
		expect_bad_arg(ctx, &pc.g, &p, 0, 2, 0, 2);
		expect_bad_arg(ctx, &pc.g, &p, 2, 0, 0, 2);
	}
	path_ctx_free(ctx);
	pcase_fini(&pc);
}

static void test_path_rejects_out_of_bounds_endpoints(void **state)
{
	static const int bad[][2] = {
	        {-1, 0},
	        {0, -1},
	        {5, 0},
	        {0, 4},
	        {5, 4},
	        {-1, -1},
	        {-2147483647 - 1, 0},
	        {0, 2147483647},
	};
	struct grid g;
	struct path_ctx *ctx;
	struct path_params p;
	size_t i;

	assert_int_equal(grid_init(&g, 5, 4), GRID_OK);
	ctx = path_ctx_new(5, 4);
	assert_non_null(ctx);
	path_params_default(&p);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		expect_bad_arg(ctx, &g, &p, bad[i][0], bad[i][1], 2, 2);
		expect_bad_arg(ctx, &g, &p, 2, 2, bad[i][0], bad[i][1]);
	}
	path_ctx_free(ctx);
	grid_fini(&g);
}

static void test_path_rejects_size_mismatch(void **state)
{
	static const int sizes[][2] = {
	        {10, 11}, {11, 10}, {9, 10}, {10, 9}, {1, 1}};
	struct path_ctx *ctx = path_ctx_new(10, 10);
	struct path_params p;
	size_t i;

	assert_non_null(ctx);
	path_params_default(&p);
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct grid g;

		assert_int_equal(grid_init(&g, sizes[i][0], sizes[i][1]),
		                 GRID_OK);
		expect_bad_arg(ctx, &g, &p, 0, 0, 0, 0);
		grid_fini(&g);
	}
	path_ctx_free(ctx);
}

/* The one parameter check, at both sides of every limit: what path_find
 * and jump point search take (path_params_check) and the moves alone,
 * all a distance map asks about (path_params_check_moves). */
static void test_path_params_check_limits(void **state)
{
	struct path_params ok, p;

	(void)state;
	path_params_default(&ok);
	assert_int_equal(path_params_check(&ok), 0);
	assert_int_equal(path_params_check_moves(&ok), 0);
	assert_int_equal(path_params_check(NULL), PATH_BAD_ARG);
	assert_int_equal(path_params_check_moves(NULL), PATH_BAD_ARG);
#define LIMIT(field, value, want_all, want_moves)                              \
	do {                                                                   \
		p = ok;                                                        \
		p.field = value;                                               \
		assert_int_equal(path_params_check(&p), want_all);             \
		assert_int_equal(path_params_check_moves(&p), want_moves);     \
	} while (0)
	/* Step costs: 1 <= straight <= diagonal <= 2 * straight, and
	 * diagonal <= PATH_STEP_MAX. */
	LIMIT(straight_cost, 0, PATH_BAD_ARG, PATH_BAD_ARG);
	LIMIT(diagonal_cost, 9, PATH_BAD_ARG, PATH_BAD_ARG);
	LIMIT(diagonal_cost, 10, 0, 0);
	LIMIT(diagonal_cost, 20, 0, 0);
	LIMIT(diagonal_cost, 21, PATH_BAD_ARG, PATH_BAD_ARG);
	p = ok;
	p.straight_cost = PATH_STEP_MAX / 2;
	p.diagonal_cost = PATH_STEP_MAX;
	assert_int_equal(path_params_check(&p), 0);
	p.straight_cost = PATH_STEP_MAX / 2 + 1;
	p.diagonal_cost = PATH_STEP_MAX + 1;
	assert_int_equal(path_params_check(&p), PATH_BAD_ARG);
	assert_int_equal(path_params_check_moves(&p), PATH_BAD_ARG);
	/* The diagonal rule is a move; the rest only the full check's. */
	LIMIT(diagonal, PATH_DIAG_ALWAYS, 0, 0);
	LIMIT(diagonal, PATH_DIAG_COUNT, PATH_BAD_ARG, PATH_BAD_ARG);
	LIMIT(algo, PATH_BFS, 0, 0);
	LIMIT(algo, PATH_ALGO_COUNT, PATH_BAD_ARG, 0);
	LIMIT(heuristic, PATH_H_ZERO, 0, 0);
	LIMIT(heuristic, PATH_H_COUNT, PATH_BAD_ARG, 0);
	LIMIT(weight, PATH_WEIGHT_ONE - 1, PATH_BAD_ARG, 0);
	LIMIT(weight, PATH_WEIGHT_MAX, 0, 0);
	LIMIT(weight, PATH_WEIGHT_MAX + 1, PATH_BAD_ARG, 0);
	LIMIT(h_scale, GRID_COST_MAX, 0, 0);
	LIMIT(h_scale, GRID_COST_MAX + 1, PATH_BAD_ARG, 0);
	LIMIT(budget, UINT32_MAX, 0, 0);
	LIMIT(ties, PATH_TIES_FIFO, 0, 0);
	LIMIT(ties, PATH_TIES_COUNT, PATH_BAD_ARG, 0);
#undef LIMIT
}

static void test_path_rejects_bad_params(void **state)
{
	struct grid g;
	struct path_ctx *ctx;
	struct path_params p, ok;
	struct path_result res;
	struct path_point buf[16];

	assert_int_equal(grid_init(&g, 6, 6), GRID_OK);
	ctx = path_ctx_new(6, 6);
	assert_non_null(ctx);
	path_params_default(&ok);

#define BAD(field, value)                                                      \
	do {                                                                   \
		p = ok;                                                        \
		p.field = value;                                               \
		expect_bad_arg(ctx, &g, &p, 0, 0, 5, 5);                       \
	} while (0)

	BAD(straight_cost, 0);
	BAD(diagonal_cost, 9);
	BAD(diagonal_cost, 21);
	BAD(diagonal_cost, 0);
	BAD(weight, 999);
	BAD(weight, 0);
	BAD(weight, PATH_WEIGHT_MAX + 1);
	BAD(algo, PATH_ALGO_COUNT);
	BAD(algo, (enum path_algo)(-1));
	BAD(heuristic, PATH_H_COUNT);
	BAD(diagonal, PATH_DIAG_COUNT);
	BAD(ties, PATH_TIES_COUNT);
	BAD(ties, (enum path_ties)(-1));
	p = ok;
	p.straight_cost = 0;
	p.diagonal_cost = 0;
	expect_bad_arg(ctx, &g, &p, 0, 0, 5, 5);
	p.straight_cost = PATH_STEP_MAX + 1;
	p.diagonal_cost = PATH_STEP_MAX + 1;
	expect_bad_arg(ctx, &g, &p, 0, 0, 5, 5);
	p.straight_cost = PATH_STEP_MAX;
	expect_bad_arg(ctx, &g, &p, 0, 0, 5, 5);
#undef BAD

	/* The limits themselves are valid. */
	p = ok;
	p.straight_cost = PATH_STEP_MAX;
	p.diagonal_cost = PATH_STEP_MAX;
	p.weight = PATH_WEIGHT_MAX;
	assert_int_equal(
	        path_find(ctx, &g, &p, 0, 0, 5, 5, buf, 16, &res, NULL),
	        PATH_FOUND);
	assert_int_equal(res.cost, 5 * PATH_STEP_MAX);
	p = ok;
	p.straight_cost = 7;
	p.diagonal_cost = 14;
	assert_int_equal(
	        path_find(ctx, &g, &p, 0, 0, 5, 5, buf, 16, &res, NULL),
	        PATH_FOUND);
	assert_int_equal(res.cost, 70);
	path_ctx_free(ctx);
	grid_fini(&g);
}

static const char room_map[] = "....................\n"
                               "....................\n"
                               "..########..........\n"
                               "..#......#..........\n"
                               "..#......#..........\n"
                               "..#......#..........\n"
                               "..#......#..........\n"
                               "..#......#..........\n"
                               "..#......#..........\n"
                               "..########..........\n"
                               "....................\n"
                               "....................\n"
                               "....................\n"
                               "....................\n"
                               "....................\n"
                               "....................\n"
                               "....................\n"
                               "....................\n"
                               "....................\n"
                               "....................\n";

/* A closed room: whichever side the start is on, the search must visit
 * exactly that side and report the goal unreachable. */
static void test_path_closed_room_no_path(void **state)
{
	struct pcase pc;
	struct path_ctx *ctx;
	struct oracle o;
	struct path_point buf[400];
	int rule, side;

	pcase_text(&pc, room_map, (struct test_costs){10, 14});
	ctx = path_ctx_new(20, 20);
	assert_non_null(ctx);
	oracle_init(&o, 400);
	for (side = 0; side < 2; side++) {
		pc.sx = side ? 15 : 5;
		pc.sy = side ? 15 : 5;
		pc.gx = side ? 5 : 15;
		pc.gy = side ? 5 : 15;
		for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
			struct path_params p;
			struct path_result res;
			struct path_node_info info;
			int algo;

			assert_int_equal(oracle_dijkstra(&o, &pc.m, rule, &pc.c,
			                                 pc.sx, pc.sy),
			                 side ? 336 : 36);
			check_params(&p, PATH_DIJKSTRA, PATH_H_ZERO, rule,
			             &pc.c, PATH_WEIGHT_ONE);
			run_query(ctx, &pc, &p, buf, 400, &res);
			CHECK_EQ(res.status, PATH_NO_PATH);
			CHECK_EQ(res.stats.expanded, side ? 336 : 36);
			CHECK_EQ(path_ctx_node(ctx, pc.gx, pc.gy, &info), 0);
			CHECK_EQ(info.reached, 0);
			for (algo = 0; algo < PATH_ALGO_COUNT; algo++) {
				check_params(&p, algo, PATH_H_OCTILE, rule,
				             &pc.c, PATH_WEIGHT_ONE);
				run_query(ctx, &pc, &p, buf, 400, &res);
				CHECK_EQ(res.status, PATH_NO_PATH);
			}
		}
	}
	oracle_fini(&o);
	path_ctx_free(ctx);
	pcase_fini(&pc);
}

static void test_path_one_by_one_map(void **state)
{
	struct grid g;
	struct path_ctx *ctx = path_ctx_new(1, 1);
	struct path_point buf[2] = {{-9, -9}, {-9, -9}};
	struct path_params p;
	struct path_result res;
	int algo;

	assert_non_null(ctx);
	assert_int_equal(grid_init(&g, 1, 1), GRID_OK);
	for (algo = 0; algo < PATH_ALGO_COUNT; algo++) {
		path_params_default(&p);
		p.algo = algo;
		assert_int_equal(
		        path_find(ctx, &g, &p, 0, 0, 0, 0, buf, 2, &res, NULL),
		        PATH_FOUND);
		assert_int_equal(res.length, 1);
		assert_int_equal(res.cost, 0);
		assert_int_equal(buf[0].x, 0);
		assert_int_equal(buf[0].y, 0);
		assert_int_equal(buf[1].x, -9);
		expect_bad_arg(ctx, &g, &p, 0, 0, 1, 0);
		expect_bad_arg(ctx, &g, &p, 0, 0, 0, 1);
	}
	grid_set_cost(&g, 0, 0, GRID_BLOCKED);
	expect_bad_arg(ctx, &g, &p, 0, 0, 0, 0);
	grid_fini(&g);
	path_ctx_free(ctx);
}

/* One-cell-wide maps: every rule and algorithm must walk the line, and
 * pay the multiplier of each cell it enters but not the start's. */
static void test_path_single_row_and_column(void **state)
{
	struct path_point buf[64];
	int vertical;

	for (vertical = 0; vertical < 2; vertical++) {
		struct pcase pc;
		struct path_ctx *ctx;
		struct splitmix r = {42};
		uint64_t expect = 0;
		int i, algo, rule;

		memset(&pc, 0, sizeof(pc));
		test_map_init(&pc.m, vertical ? 1 : 50, vertical ? 50 : 1, 1);
		for (i = 0; i < 50; i++) {
			uint8_t v = (uint8_t)splitmix_range(&r, 1, 9);

			test_map_set(&pc.m, vertical ? 0 : i, vertical ? i : 0,
			             v);
			if (i > 0)
				expect += 7u * v;
		}
		test_map_to_grid(&pc.m, &pc.g);
		pc.c = (struct test_costs){7, 9};
		pc.gx = vertical ? 0 : 49;
		pc.gy = vertical ? 49 : 0;
		ctx = path_ctx_new(pc.m.w, pc.m.h);
		assert_non_null(ctx);
		for (algo = 0; algo < PATH_ALGO_COUNT; algo++) {
			for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
				struct path_params p;
				struct path_result res;

				check_params(&p, algo, PATH_H_CHEBYSHEV, rule,
				             &pc.c, PATH_WEIGHT_ONE);
				run_query(ctx, &pc, &p, buf, 64, &res);
				check_path(&pc.m, rule, &pc.c, 0, 0, pc.gx,
				           pc.gy, buf, &res);
				CHECK_EQ(res.length, 50);
				CHECK_EQ(res.cost, expect);
			}
		}
		path_ctx_free(ctx);
		pcase_fini(&pc);
	}
}

static void test_path_budget_stops_search(void **state)
{
	struct grid g;
	struct path_ctx *ctx = path_ctx_new(50, 50);
	struct path_point buf[128];
	int algo;

	assert_non_null(ctx);
	assert_int_equal(grid_init(&g, 50, 50), GRID_OK);
	for (algo = 0; algo < PATH_ALGO_COUNT; algo++) {
		struct path_params p;
		struct path_result res;
		uint32_t budget;

		for (budget = 1; budget <= 5; budget += 4) {
			path_params_default(&p);
			p.algo = algo;
			p.budget = budget;
			assert_int_equal(path_find(ctx, &g, &p, 0, 0, 49, 49,
			                           buf, 128, &res, NULL),
			                 PATH_BUDGET);
			assert_int_equal(res.status, PATH_BUDGET);
			assert_int_equal(res.stats.expanded, budget);
		}
		p.budget = 0;
		assert_int_equal(path_find(ctx, &g, &p, 0, 0, 49, 49, buf, 128,
		                           &res, NULL),
		                 PATH_FOUND);
	}
	grid_fini(&g);
	path_ctx_free(ctx);
}

/* A budget of exactly the expansions an unlimited search made must be
 * enough, and give the same answer; one fewer must not. */
static void budget_exact_is_enough(struct prop_case *c)
{
	struct path_point *buf2 = c->arg;
	struct path_params p;
	struct path_result full, res;
	int algo = (int)(c->i % PATH_ALGO_COUNT);

	check_params(&p, algo, PATH_H_OCTILE, PATH_DIAG_NO_CORNER, &c->pc.c,
	             PATH_WEIGHT_ONE);
	run_query(c->ctx, &c->pc, &p, c->buf, c->cap, &full);
	if (full.status != PATH_FOUND)
		return;
	p.budget = full.stats.expanded;
	run_query(c->ctx, &c->pc, &p, buf2, c->cap, &res);
	CHECK_EQ(res.status, PATH_FOUND);
	CHECK_EQ(res.cost, full.cost);
	CHECK_EQ(res.length, full.length);
	CHECK(memcmp(c->buf, buf2, full.length * sizeof(*buf2)) == 0);
	if (full.stats.expanded > 1) {
		p.budget = full.stats.expanded - 1;
		run_query(c->ctx, &c->pc, &p, buf2, c->cap, &res);
		CHECK_EQ(res.status, PATH_BUDGET);
		CHECK_EQ(res.stats.expanded, p.budget);
	}
}

static void test_path_budget_exact_is_enough(void **state)
{
	size_t cap = RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	struct path_point *buf2 = malloc(cap * sizeof(*buf2));
	const struct prop prop = {.seed = 6,
	                          .cases = 500,
	                          .check = budget_exact_is_enough,
	                          .arg = buf2};

	assert_non_null(buf2);
	prop_run(&prop);
	free(buf2);
}

static void test_path_short_buffer_truncates(void **state)
{
	static const size_t caps[] = {0, 1, 2, 5, 14, 15};
	struct pcase pc;
	struct path_ctx *ctx;
	struct path_params p;
	struct path_result full, res;
	struct path_point want[32], buf[32];
	size_t i, k;

	pcase_text(&pc, wall_gap_map, (struct test_costs){10, 14});
	ctx = path_ctx_new(7, 7);
	assert_non_null(ctx);
	check_params(&p, PATH_ASTAR, PATH_H_MANHATTAN, PATH_DIAG_NEVER, &pc.c,
	             PATH_WEIGHT_ONE);
	run_query(ctx, &pc, &p, want, 32, &full);
	assert_int_equal(full.status, PATH_FOUND);
	assert_int_equal(full.length, 15);
	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
		for (k = 0; k < 32; k++)
			buf[k] = (struct path_point){-7777, -7777};
		run_query(ctx, &pc, &p, buf, caps[i], &res);
		CHECK_EQ(res.status, PATH_FOUND);
		CHECK_EQ(res.length, 15);
		CHECK_EQ(res.cost, 140);
		for (k = 0; k < 32; k++) {
			if (k < caps[i]) {
				CHECK_EQ(buf[k].x, want[k].x);
				CHECK_EQ(buf[k].y, want[k].y);
			} else {
				CHECK_EQ(buf[k].x, -7777);
				CHECK_EQ(buf[k].y, -7777);
			}
		}
	}
	/* With no room at all the caller still learns length and cost. */
	run_query(ctx, &pc, &p, NULL, 0, &res);
	CHECK_EQ(res.status, PATH_FOUND);
	CHECK_EQ(res.length, 15);
	CHECK_EQ(res.cost, 140);
	path_ctx_free(ctx);
	pcase_fini(&pc);
}

/* Costs right at PATH_COST_MAX: the largest step (16384 x 255) 514 times
 * is 2147450880; one more step into a cell of multiplier 1 stays below
 * the limit (2147467264), of multiplier 2 passes it by one
 * (2147483648 = PATH_COST_MAX + 1). */
static void test_path_cost_limit_exact(void **state)
{
	struct pcase pc;
	struct path_ctx *ctx;
	struct path_point buf[520];
	int i, last, algo;

	memset(&pc, 0, sizeof(pc));
	test_map_init(&pc.m, 516, 1, 1);
	for (i = 1; i < 515; i++)
		test_map_set(&pc.m, i, 0, 255);
	pc.c = (struct test_costs){PATH_STEP_MAX, PATH_STEP_MAX};
	pc.gx = 515;
	ctx = path_ctx_new(516, 1);
	assert_non_null(ctx);
	for (last = 1; last <= 2; last++) {
		test_map_set(&pc.m, 515, 0, (uint8_t)last);
		test_map_to_grid(&pc.m, &pc.g);
		for (algo = 0; algo < PATH_ALGO_COUNT; algo++) {
			struct path_params p;
			struct path_result res;

			check_params(&p, algo, PATH_H_OCTILE,
			             PATH_DIAG_NO_CORNER, &pc.c,
			             PATH_WEIGHT_ONE);
			run_query(ctx, &pc, &p, buf, 520, &res);
			if (last == 1) {
				check_path(&pc.m, p.diagonal, &pc.c, 0, 0, 515,
				           0, buf, &res);
				CHECK_EQ(res.cost, 2147467264u);
			} else {
				CHECK_EQ(res.status, PATH_COST_RANGE);
			}
		}
		grid_fini(&pc.g);
	}
	path_ctx_free(ctx);
	test_map_fini(&pc.m);
	check_case.map = NULL;
}

/* PATH_COST_RANGE is for costs that do not fit, not for large heuristic
 * values: a one-step path costing 16384 on a long map, with the largest
 * valid step cost and weight (or h_scale), must be found.  The cell
 * farthest from the goal has h = 16384 * 1399, times 100 (or 255). */
static void test_path_cost_range_only_for_costs(void **state)
{
	struct pcase pc;
	struct path_ctx *ctx;
	struct path_point buf[4];
	int algo, variant;

	memset(&pc, 0, sizeof(pc));
	test_map_init(&pc.m, 1400, 1, 1);
	pc.c = (struct test_costs){PATH_STEP_MAX, PATH_STEP_MAX};
	pc.sx = 1;
	ctx = path_ctx_new(1400, 1);
	assert_non_null(ctx);
	for (variant = 0; variant < 2; variant++) {
		memset(pc.m.mult, variant ? 255 : 1, 1400);
		test_map_to_grid(&pc.m, &pc.g);
		for (algo = 0; algo < PATH_ALGO_COUNT; algo++) {
			struct path_params p;
			struct path_result res;

			check_params(&p, algo, PATH_H_OCTILE,
			             PATH_DIAG_NO_CORNER, &pc.c,
			             variant ? PATH_WEIGHT_ONE
			                     : PATH_WEIGHT_MAX);
			p.h_scale = variant ? 255 : 1;
			run_query(ctx, &pc, &p, buf, 4, &res);
			check_path(&pc.m, p.diagonal, &pc.c, 1, 0, 0, 0, buf,
			           &res);
			CHECK_EQ(res.cost, PATH_STEP_MAX * (variant ? 255 : 1));
		}
		grid_fini(&pc.g);
	}
	path_ctx_free(ctx);
	test_map_fini(&pc.m);
	check_case.map = NULL;
}

/* A serpentine on the largest map: 2048 corridors of 4096 cells joined by
 * 2047 gap cells, so 8390655 cells and 8390654 straight steps.  At
 * multiplier 9 that is 8390654 * 90 = 755158860; at 255 it would be
 * 21396167700, beyond PATH_COST_MAX.  A one-cell corridor keeps the open
 * list tiny, so the search stays fast even under the sanitizers. */
static void test_path_max_dim_serpentine(void **state)
{
	const int n = GRID_MAX_DIM;
	const size_t cells = 8390655;
	struct pcase pc;
	struct path_ctx *ctx;
	struct path_params p;
	struct path_result res;
	struct path_point *buf;
	int pass;

	memset(&pc, 0, sizeof(pc));
	buf = malloc((cells + 1) * sizeof(*buf));
	assert_non_null(buf);
	ctx = path_ctx_new(n, n);
	assert_non_null(ctx);
	pc.c = (struct test_costs){10, 14};
	pc.gx = 0;
	pc.gy = n - 2;
	for (pass = 0; pass < 2; pass++) {
		CHECK_EQ(test_map_serpentine(&pc.m, n, pass == 0 ? 9 : 255,
		                             NULL),
		         cells);
		test_map_to_grid(&pc.m, &pc.g);
		check_params(&p, PATH_ASTAR, PATH_H_OCTILE, PATH_DIAG_NO_CORNER,
		             &pc.c, PATH_WEIGHT_ONE);
		run_query(ctx, &pc, &p, buf, cells + 1, &res);
		if (pass == 0) {
			check_path(&pc.m, p.diagonal, &pc.c, 0, 0, pc.gx, pc.gy,
			           buf, &res);
			CHECK_EQ(res.length, cells);
			CHECK_EQ(res.cost, 755158860u);
		} else {
			CHECK_EQ(res.status, PATH_COST_RANGE);
		}
		grid_fini(&pc.g);
		test_map_fini(&pc.m);
	}
	path_ctx_free(ctx);
	free(buf);
	check_case.map = NULL;
}

/* --- context reuse and determinism --------------------------------------- */

static void random_params(struct splitmix *r, struct path_params *p,
                          const struct test_costs *c)
{
	static const uint32_t weights[] = {1000, 1000, 1500, 2000, 3000};
	enum path_diagonal rule = splitmix_below(r, PATH_DIAG_COUNT);
	enum path_heuristic heur;

	do
		heur = splitmix_below(r, PATH_H_COUNT);
	while (!heuristic_admissible(rule, heur));
	check_params(p, splitmix_below(r, PATH_ALGO_COUNT), heur, rule, c,
	             weights[splitmix_below(r, 5)]);
	/* Some searches stop on their budget half-way, leaving stamped
	 * cells behind for the next query to ignore. */
	if (splitmix_below(r, 4) == 0)
		p->budget = splitmix_range(r, 1, 60);
}

static void expect_same_result(const struct path_result *a,
                               const struct path_point *pa,
                               const struct path_result *b,
                               const struct path_point *pb)
{
	CHECK_EQ(a->status, b->status);
	CHECK_EQ(a->stats.expanded, b->stats.expanded);
	CHECK_EQ(a->stats.pushes, b->stats.pushes);
	CHECK_EQ(a->stats.max_open, b->stats.max_open);
	CHECK_EQ(a->stats.reopened, b->stats.reopened);
	if (a->status != PATH_FOUND)
		return;
	CHECK_EQ(a->cost, b->cost);
	CHECK_EQ(a->length, b->length);
	CHECK(memcmp(pa, pb, a->length * sizeof(*pa)) == 0);
}

static void expect_same_nodes(const struct path_ctx *a,
                              const struct path_ctx *b, int w, int h)
{
	int x, y;

	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			struct path_node_info ia, ib;

			CHECK_EQ(path_ctx_node(a, x, y, &ia), 0);
			CHECK_EQ(path_ctx_node(b, x, y, &ib), 0);
			CHECK_EQ(ia.reached, ib.reached);
			if (!ia.reached)
				continue;
			CHECK_EQ(ia.closed, ib.closed);
			CHECK_EQ(ia.g, ib.g);
			CHECK_EQ(ia.px, ib.px);
			CHECK_EQ(ia.py, ib.py);
		}
	}
}

/* Thousands of queries through one context, on different grids of its
 * size, must answer exactly as a fresh context would: results, paths,
 * stats and what path_ctx_node reports for every cell. */
/* Terrain multipliers up to 255 with steps near the largest the bucket
 * lists take (diagonal 2048) and just past it (the heap's): f spreads far
 * wider than the lists' first ring, which has to grow while lists are in
 * use and wrap round, in one context kept from query to query.  Costs
 * must match the oracle, and results a fresh context's. */
static void test_path_wide_steps_match_dijkstra(void **state)
{
	static const struct test_costs wide[] = {
	        {408, 577}, {1448, 2048}, {1449, 2049}, {2048, 2048}, {1, 2}};
	const int w = 40, h = 30;
	struct path_point buf[40 * 30], fbuf[40 * 30];
	struct path_ctx *ctx = path_ctx_new(w, h);
	size_t small_bytes;
	struct oracle o;
	unsigned i;

	(void)state;
	assert_non_null(ctx);
	small_bytes = path_ctx_bytes(ctx);
	oracle_init(&o, (size_t)w * h);
	for (i = 0; i < 60; i++) {
		struct splitmix r = {case_seed(31, i)};
		struct pcase pc;
		int x, y, rule;

		pc.seed = case_seed(31, i);
		test_map_init(&pc.m, w, h, 1);
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++)
				test_map_set(&pc.m, x, y,
				             splitmix_below(&r, 100) < 20
				                     ? 0
				                     : (uint8_t)splitmix_range(
				                               &r, 1, 255));
		pc.c = wide[i % (sizeof(wide) / sizeof(wide[0]))];
		pc.sx = (int)splitmix_below(&r, (uint32_t)w);
		pc.sy = (int)splitmix_below(&r, (uint32_t)h);
		pc.gx = (int)splitmix_below(&r, (uint32_t)w);
		pc.gy = (int)splitmix_below(&r, (uint32_t)h);
		test_map_set(&pc.m, pc.sx, pc.sy, 255);
		test_map_set(&pc.m, pc.gx, pc.gy, 1);
		test_map_to_grid(&pc.m, &pc.g);
		for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
			static const enum path_algo algos[] = {
			        PATH_ASTAR, PATH_ASTAR, PATH_DIJKSTRA};
			static const enum path_heuristic heurs[] = {
			        PATH_H_OCTILE, PATH_H_CHEBYSHEV, PATH_H_ZERO};
			const uint64_t opt = oracle_goal_cost(&o, &pc, rule);
			unsigned k;
			for (k = 0; k < 3; k++) {
				struct path_params p;
				struct path_result res, fres;
				struct path_ctx *fresh;

				check_params(&p, algos[k], heurs[k], rule,
				             &pc.c, PATH_WEIGHT_ONE);
				check_optimal(ctx, &pc, &p, opt, buf,
				              sizeof(buf) / sizeof(buf[0]),
				              &res);
				fresh = path_ctx_new(w, h);
				assert_non_null(fresh);
				path_find(fresh, &pc.g, &p, pc.sx, pc.sy, pc.gx,
				          pc.gy, fbuf,
				          sizeof(fbuf) / sizeof(fbuf[0]), &fres,
				          NULL);
				expect_same_result(&res, buf, &fres, fbuf);
				path_ctx_free(fresh);
			}
		}
		pcase_fini(&pc);
	}
	/* The lists' ring grew for the dear steps, and the context says so. */
	CHECK(path_ctx_bytes(ctx) > small_bytes + 4 * 65536);
	oracle_fini(&o);
	path_ctx_free(ctx);
}

/* What the reuse, determinism and partial-path properties keep from case
 * to case: the draws of their parameters, and what each needs besides. */
struct prop_state {
	struct splitmix r;
	struct grid other;       /* a grid of another size */
	struct path_point *buf2; /* a second path buffer */
	struct path_trace t;
	unsigned failed;
	unsigned blind; /* of them, without h, ending nearer the goal */
};

static void reuse_matches_fresh(struct prop_case *c)
{
	struct prop_state *s = c->arg;
	struct path_point *fbuf = s->buf2;
	struct path_ctx *fresh;
	struct path_params p;
	struct path_result res, fres;
	const int w = c->pc.m.w, h = c->pc.m.h;

	random_params(&s->r, &p, &c->pc.c);
	/* Failed queries in between must not disturb the next one either. */
	if (c->i % 97 == 0)
		expect_bad_arg(c->ctx, &s->other, &p, 0, 0, 0, 0);
	run_query(c->ctx, &c->pc, &p, c->buf, c->cap, &res);
	fresh = path_ctx_new(w, h);
	assert_non_null(fresh);
	memset(&fres, 0x5a, sizeof(fres));
	CHECK_EQ(path_find(fresh, &c->pc.g, &p, c->pc.sx, c->pc.sy, c->pc.gx,
	                   c->pc.gy, fbuf, c->cap, &fres, NULL),
	         fres.status);
	expect_same_result(&res, c->buf, &fres, fbuf);
	if (c->i % 10 == 0)
		expect_same_nodes(c->ctx, fresh, w, h);
	path_ctx_free(fresh);
}

static void test_path_reuse_matches_fresh_ctx(void **state)
{
	const int w = 23, h = 17;
	struct path_point fbuf[23 * 17];
	struct prop_state s = {.r = {7}, .buf2 = fbuf};
	const struct prop prop = {.seed = 7,
	                          .cases = 3000,
	                          .w = w,
	                          .h = h,
	                          .cap = sizeof(fbuf) / sizeof(fbuf[0]),
	                          .check = reuse_matches_fresh,
	                          .ctx = path_ctx_new(w, h),
	                          .arg = &s};

	assert_non_null(prop.ctx);
	assert_int_equal(grid_init(&s.other, w + 1, h), GRID_OK);
	prop_run(&prop);
	grid_fini(&s.other);
	path_ctx_free(prop.ctx);
}

static void deterministic(struct prop_case *c)
{
	struct prop_state *s = c->arg;
	struct path_params p;
	struct path_result ra, rb;

	/* Every fifth map is open and uniform: the most ties. */
	if (c->i % 5 == 0) {
		memset(c->pc.m.mult, 1, (size_t)c->pc.m.w * c->pc.m.h);
		grid_fill(&c->pc.g, 1);
	}
	random_params(&s->r, &p, &c->pc.c);
	run_query(c->ctx, &c->pc, &p, c->buf, c->cap, &ra);
	run_query(c->ctx, &c->pc, &p, s->buf2, c->cap, &rb);
	expect_same_result(&ra, c->buf, &rb, s->buf2);
}

static void test_path_deterministic(void **state)
{
	size_t cap = RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	struct prop_state s = {.r = {8}, .buf2 = malloc(cap * sizeof(*s.buf2))};
	const struct prop prop = {
	        .seed = 8, .cases = 500, .check = deterministic, .arg = &s};

	assert_non_null(s.buf2);
	prop_run(&prop);
	free(s.buf2);
}

/* A search that fails (no path, or out of budget) leaves the way to the
 * closest cell it expanded: a legal path from the start, ending on a
 * closed cell whose h no other closed cell beats (for searches without
 * h, Dijkstra and BFS, the h of the params' heuristic, and the lower g
 * among equals). */
static void partial_to_closest(struct prop_case *c)
{
	struct prop_state *s = c->arg;
	const struct pcase *pc = &c->pc;
	struct path_params p;
	struct path_result res, as_found;
	struct path_node_info info;
	uint32_t best_h = UINT32_MAX, hb, h, best_g, low_g = UINT32_MAX;
	int x, y;

	random_params(&s->r, &p, &pc->c);
	if (c->i % 2)
		p.budget = splitmix_range(&s->r, 1, 40);
	run_query(c->ctx, pc, &p, c->buf, c->cap, &res);
	if (res.status == PATH_FOUND) {
		CHECK_EQ(res.partial, 0);
		return;
	}
	CHECK(res.status == PATH_NO_PATH || res.status == PATH_BUDGET);
	s->failed++;
	CHECK_EQ(res.partial, 1);
	as_found = res;
	as_found.status = PATH_FOUND;
	check_path(&pc->m, p.diagonal, &pc->c, pc->sx, pc->sy, res.best_x,
	           res.best_y, c->buf, &as_found);
	path_ctx_node(c->ctx, res.best_x, res.best_y, &info);
	CHECK(info.reached && info.closed);
	best_g = info.g;
	for (y = 0; y < pc->m.h; y++)
		for (x = 0; x < pc->m.w; x++) {
			path_ctx_node(c->ctx, x, y, &info);
			if (!info.reached || !info.closed)
				continue;
			h = path_heuristic(&p, x, y, pc->gx, pc->gy);
			if (h < best_h || (h == best_h && info.g < low_g)) {
				best_h = h;
				low_g = info.g;
			}
		}
	hb = path_heuristic(&p, res.best_x, res.best_y, pc->gx, pc->gy);
	CHECK_EQ(hb, best_h);
	if (p.algo == PATH_DIJKSTRA || p.algo == PATH_BFS) {
		/* Not searched by h: the nearest of the closest by g. */
		CHECK_EQ(best_g, low_g);
		s->blind += best_h < path_heuristic(&p, pc->sx, pc->sy, pc->gx,
		                                    pc->gy);
	}
}

static void test_path_partial_to_closest(void **state)
{
	struct prop_state s = {.r = {31}};
	const struct prop prop = {.seed = 31,
	                          .cases = 3000,
	                          .check = partial_to_closest,
	                          .arg = &s};

	prop_run(&prop);
	/* Enough failures for the test to mean something, and searches
	 * without h among them that stopped nearer than they started. */
	assert_true(s.failed > 500);
	assert_true(s.blind > 50);
}

/* --- tracing ------------------------------------------------------------- */

/* The trace must tell the story the stats count, in order: the start is
 * expanded first and the goal last; every push comes from the cell being
 * expanded, with g = parent's g + step cost; every expansion takes the g
 * and parent of that cell's latest push; the open list never holds more
 * cells than max_open says; and the key is f = g + h (A*) or g (Dijkstra)
 * or h (greedy). */
static void check_trace(const struct pcase *pc, const struct path_params *p,
                        const struct path_trace *t,
                        const struct path_result *res)
{
	size_t i, pushes = 0, expands = 0, ncells, open = 0, max_open = 0;
	const struct path_trace_event *cur = NULL, *first = NULL, *last = NULL;
	uint32_t *push_g;
	int *push_px, *push_py;
	char *is_open;
	int dir_dx[8], dir_dy[8];

	ncells = (size_t)pc->m.w * (size_t)pc->m.h;
	push_g = malloc(ncells * sizeof(*push_g));
	push_px = malloc(ncells * sizeof(*push_px));
	push_py = malloc(ncells * sizeof(*push_py));
	is_open = calloc(ncells, 1);
	assert_true(push_g && push_px && push_py && is_open);
	for (i = 0; i < ncells; i++)
		push_px[i] = -9;
	for (i = 0; i < 8; i++)
		dir_dx[i] = dir_dy[i] = 9;
	CHECK(!t->truncated);
	CHECK(!t->nomem);
	for (i = 0; i < t->len; i++) {
		const struct path_trace_event *e = &t->events[i];
		int is_start = e->x == pc->sx && e->y == pc->sy;
		size_t cell;

		CHECK(e->x >= 0 && e->y >= 0 && e->x < pc->m.w &&
		      e->y < pc->m.h);
		cell = (size_t)e->y * pc->m.w + e->x;
		if (is_start && e->dir == -1) {
			CHECK_EQ(e->px, e->x);
			CHECK_EQ(e->py, e->y);
			CHECK_EQ(e->g, 0);
		} else {
			int dx = e->x - e->px, dy = e->y - e->py;

			CHECK(e->dir >= 0 && e->dir < 8);
			/* dir must name the move from the parent, the same
			 * way every time. */
			if (dir_dx[e->dir] == 9) {
				dir_dx[e->dir] = dx;
				dir_dy[e->dir] = dy;
			}
			CHECK_EQ(dir_dx[e->dir], dx);
			CHECK_EQ(dir_dy[e->dir], dy);
		}
		if (p->algo == PATH_ASTAR && p->weight == PATH_WEIGHT_ONE)
			CHECK_EQ(e->f, (uint64_t)e->g + e->h);
		if (p->algo == PATH_DIJKSTRA)
			CHECK_EQ(e->f, e->g);
		if (p->algo == PATH_GREEDY)
			CHECK_EQ(e->f, e->h);
		if (p->algo == PATH_ASTAR || p->algo == PATH_GREEDY)
			CHECK_EQ(e->h,
			         path_heuristic(p, e->x, e->y, pc->gx, pc->gy));
		if (e->kind == PATH_TRACE_PUSH) {
			pushes++;
			if (e->dir != -1) {
				uint64_t step = 0;

				CHECK(cur != NULL);
				CHECK_EQ(e->px, cur->x);
				CHECK_EQ(e->py, cur->y);
				CHECK(oracle_step(&pc->m, p->diagonal, &pc->c,
				                  e->px, e->py, e->x, e->y,
				                  &step));
				if (p->algo != PATH_BFS)
					CHECK_EQ(e->g, cur->g + step);
			}
			push_g[cell] = e->g;
			push_px[cell] = e->px;
			push_py[cell] = e->py;
			if (!is_open[cell]) {
				is_open[cell] = 1;
				open++;
				if (open > max_open)
					max_open = open;
			}
		} else {
			CHECK_EQ(e->kind, PATH_TRACE_EXPAND);
			CHECK(is_open[cell]);
			is_open[cell] = 0;
			open--;
			expands++;
			CHECK(push_px[cell] != -9);
			CHECK_EQ(e->g, push_g[cell]);
			CHECK_EQ(e->px, push_px[cell]);
			CHECK_EQ(e->py, push_py[cell]);
			if (!first)
				first = e;
			last = e;
			cur = e;
		}
	}
	CHECK_EQ(expands, res->stats.expanded);
	CHECK_EQ(pushes, res->stats.pushes);
	CHECK_EQ(max_open, res->stats.max_open);
	if (expands > 0) {
		CHECK_EQ(first->x, pc->sx);
		CHECK_EQ(first->y, pc->sy);
		CHECK_EQ(first->dir, -1);
	}
	if (res->status == PATH_FOUND) {
		CHECK(last != NULL);
		CHECK_EQ(last->x, pc->gx);
		CHECK_EQ(last->y, pc->gy);
		/* BFS may count steps in g rather than cost. */
		if (p->algo != PATH_BFS)
			CHECK_EQ(last->g, res->cost);
	}
	free(push_g);
	free(push_px);
	free(push_py);
	free(is_open);
}

static void trace_size(const struct prop_case *c, int *w, int *h, int *mult)
{
	(void)w;
	(void)h;
	*mult = (int)(1 + c->i % 3);
}

static void trace_matches_search(struct prop_case *c)
{
	struct prop_state *s = c->arg;
	struct path_params p;
	struct path_result plain, traced;
	int k = (int)(1 + c->i % 3);

	/* Half the maps carry their cheapest terrain in h_scale, so the
	 * trace shows whether the search scales h as path_heuristic does. */
	random_params(&s->r, &p, &c->pc.c);
	if (c->i % 2)
		p.h_scale = (uint32_t)k;
	run_query(c->ctx, &c->pc, &p, c->buf, c->cap, &plain);
	path_trace_clear(&s->t);
	memset(&traced, 0xa5, sizeof(traced));
	CHECK_EQ(path_find(c->ctx, &c->pc.g, &p, c->pc.sx, c->pc.sy, c->pc.gx,
	                   c->pc.gy, s->buf2, c->cap, &traced, &s->t),
	         traced.status);
	expect_same_result(&plain, c->buf, &traced, s->buf2);
	check_trace(&c->pc, &p, &s->t, &traced);
}

static void test_path_trace_matches_search(void **state)
{
	size_t cap = RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	struct prop_state s = {.r = {9}, .buf2 = malloc(cap * sizeof(*s.buf2))};
	const struct prop prop = {.seed = 9,
	                          .cases = 1000,
	                          .size = trace_size,
	                          .check = trace_matches_search,
	                          .arg = &s};

	assert_non_null(s.buf2);
	path_trace_init(&s.t, 0);
	prop_run(&prop);
	path_trace_fini(&s.t);
	free(s.buf2);
}

/* A trace with lines tells the loop line by line: its pushes and
 * expansions are those of the plain trace, in order; after an expansion
 * every neighbour is looked at once, in turn, and comes to one end: a
 * wall, a corner cut, closed, or a new cost (the parent's g plus the
 * step) that is pushed or found no better than the g the cell keeps;
 * the goal's expansion says so, a search that fails says no path, and
 * one its budget stops says so, naming the cell it would have taken next
 * (the property's searches keep their random budgets). */
/* Whether the budget's event e, the last of t, names a cell on the open
 * list when the search stopped: pushed last at e's g and key, and not
 * expanded since. */
static int budget_next(const struct path_trace *t,
                       const struct path_trace_event *e)
{
	size_t i = (size_t)(e - t->events);

	while (i-- > 0) {
		const struct path_trace_event *d = &t->events[i];

		if (d->x != e->x || d->y != e->y)
			continue;
		if (d->kind == PATH_TRACE_EXPAND)
			return 0;
		if (d->kind == PATH_TRACE_PUSH)
			return d->g == e->g && d->f == e->f;
	}
	return 0;
}

static void check_lines(const struct pcase *pc, const struct path_params *p,
                        const struct path_trace *plain,
                        const struct path_trace *t,
                        const struct path_result *res)
{
	const int ndirs = p->diagonal == PATH_DIAG_NEVER ? 4 : 8;
	const struct path_trace_event *cur = NULL, *next = NULL, *cost = NULL;
	size_t i, k = 0;
	int seen = 0;  /* neighbours looked at in this expansion */
	int state = 0; /* 0 expect a neighbour, 1 its end, 2 after a cost */

	CHECK(!t->truncated);
	for (i = 0; i < t->len; i++) {
		const struct path_trace_event *e = &t->events[i];
		uint64_t step = 0;

		CHECK(e->kind < PATH_TRACE_KIND_COUNT);
		if (e->kind == PATH_TRACE_PUSH ||
		    e->kind == PATH_TRACE_EXPAND) {
			CHECK(k < plain->len);
			CHECK(memcmp(e, &plain->events[k], sizeof(*e)) == 0);
			k++;
		}
		switch (e->kind) {
		case PATH_TRACE_EXPAND:
			CHECK(state == 0);
			CHECK(!cur || seen == ndirs);
			cur = e;
			seen = 0;
			break;
		case PATH_TRACE_NEIGHBOUR:
			CHECK(cur && state == 0);
			CHECK_EQ(e->px, cur->x);
			CHECK_EQ(e->py, cur->y);
			CHECK_EQ(e->g, cur->g);
			CHECK(e->dir >= 0 && e->dir < ndirs);
			CHECK_EQ(e->dir, seen);
			seen++;
			next = e;
			state = 1;
			break;
		case PATH_TRACE_SKIP_WALL:
			CHECK(state == 1 && e->x == next->x && e->y == next->y);
			CHECK(!oracle_step(&pc->m, PATH_DIAG_ALWAYS, &pc->c,
			                   cur->x, cur->y, e->x, e->y, &step));
			state = 0;
			break;
		case PATH_TRACE_SKIP_CORNER:
			CHECK(state == 1 && e->x == next->x && e->y == next->y);
			CHECK(p->diagonal == PATH_DIAG_NO_CORNER);
			CHECK(!oracle_step(&pc->m, p->diagonal, &pc->c, cur->x,
			                   cur->y, e->x, e->y, &step));
			state = 0;
			break;
		case PATH_TRACE_SKIP_CLOSED:
			CHECK(state == 1 && e->x == next->x && e->y == next->y);
			CHECK(oracle_step(&pc->m, p->diagonal, &pc->c, cur->x,
			                  cur->y, e->x, e->y, &step));
			state = 0;
			break;
		case PATH_TRACE_COST:
			CHECK(state == 1 && e->x == next->x && e->y == next->y);
			CHECK(oracle_step(&pc->m, p->diagonal, &pc->c, cur->x,
			                  cur->y, e->x, e->y, &step));
			CHECK_EQ(e->g,
			         cur->g + (p->algo == PATH_BFS ? 1 : step));
			cost = e;
			state = 2;
			break;
		case PATH_TRACE_NOT_BETTER:
			CHECK(state == 2 && e->x == next->x && e->y == next->y);
			/* Greedy and BFS never lower a g once set: "if next not
			 * in came_from". */
			if (p->algo == PATH_ASTAR || p->algo == PATH_DIJKSTRA)
				CHECK(cost->g >= e->g);
			else
				CHECK(e->g != UINT32_MAX);
			state = 0;
			break;
		case PATH_TRACE_PUSH:
			if (e->dir == -1)
				break; /* the start */
			CHECK(state == 2 && e->x == next->x && e->y == next->y);
			CHECK_EQ(e->g, cost->g);
			state = 0;
			break;
		case PATH_TRACE_GOAL:
			CHECK(cur && state == 0 && seen == 0);
			CHECK(cur->x == pc->gx && cur->y == pc->gy);
			CHECK_EQ(i, t->len - 1);
			CHECK_EQ(res->status, PATH_FOUND);
			break;
		case PATH_TRACE_NO_PATH:
			CHECK(state == 0);
			CHECK_EQ(i, t->len - 1);
			CHECK(res->status == PATH_NO_PATH ||
			      res->status == PATH_COST_RANGE);
			break;
		case PATH_TRACE_BUDGET:
			CHECK(state == 0);
			CHECK_EQ(i, t->len - 1);
			CHECK_EQ(res->status, PATH_BUDGET);
			CHECK(budget_next(t, e));
			break;
		}
	}
	CHECK_EQ(k, plain->len);
	if (res->status == PATH_FOUND || res->status == PATH_NO_PATH ||
	    res->status == PATH_BUDGET)
		CHECK(t->len > 0 &&
		      t->events[t->len - 1].kind ==
		              (res->status == PATH_FOUND ? PATH_TRACE_GOAL
		               : res->status == PATH_BUDGET
		                       ? PATH_TRACE_BUDGET
		                       : PATH_TRACE_NO_PATH));
}

static void trace_lines_tell_the_loop(struct prop_case *c)
{
	struct prop_state *s = c->arg;
	struct path_params p;
	struct path_result plain, traced;
	struct path_trace lines;

	random_params(&s->r, &p, &c->pc.c);
	path_trace_clear(&s->t);
	path_find(c->ctx, &c->pc.g, &p, c->pc.sx, c->pc.sy, c->pc.gx, c->pc.gy,
	          c->buf, c->cap, &plain, &s->t);
	path_trace_init(&lines, 0);
	lines.lines = 1;
	path_find(c->ctx, &c->pc.g, &p, c->pc.sx, c->pc.sy, c->pc.gx, c->pc.gy,
	          s->buf2, c->cap, &traced, &lines);
	expect_same_result(&plain, c->buf, &traced, s->buf2);
	check_lines(&c->pc, &p, &s->t, &lines, &traced);
	path_trace_fini(&lines);
}

static void test_path_trace_lines_tell_the_loop(void **state)
{
	size_t cap = RANDOM_MAX_DIM * RANDOM_MAX_DIM;
	struct prop_state s = {.r = {19},
	                       .buf2 = malloc(cap * sizeof(*s.buf2))};
	const struct prop prop = {.seed = 19,
	                          .cases = 600,
	                          .size = trace_size,
	                          .check = trace_lines_tell_the_loop,
	                          .arg = &s};

	(void)state;
	assert_non_null(s.buf2);
	path_trace_init(&s.t, 0);
	prop_run(&prop);
	path_trace_fini(&s.t);
	free(s.buf2);
}

/* Dijkstra closes cells in order of distance, each at its final g. */
static void trace_dijkstra_order(struct prop_case *c)
{
	struct path_trace *t = c->arg;
	const struct pcase *pc = &c->pc;
	struct path_params p;
	struct path_result res;
	uint64_t prev = 0;
	size_t k;

	check_params(&p, PATH_DIJKSTRA, PATH_H_ZERO, c->i % PATH_DIAG_COUNT,
	             &pc->c, PATH_WEIGHT_ONE);
	oracle_dijkstra(c->o, &pc->m, p.diagonal, &pc->c, pc->sx, pc->sy);
	path_trace_clear(t);
	check_describe(pc->seed, &pc->m, &p, pc->sx, pc->sy, pc->gx, pc->gy);
	path_find(c->ctx, &pc->g, &p, pc->sx, pc->sy, pc->gx, pc->gy, c->buf,
	          c->cap, &res, t);
	for (k = 0; k < t->len; k++) {
		const struct path_trace_event *e = &t->events[k];

		if (e->kind != PATH_TRACE_EXPAND)
			continue;
		CHECK_EQ(e->g, c->o->dist[(size_t)e->y * pc->m.w + e->x]);
		CHECK(e->f >= prev);
		prev = e->f;
	}
}

static void test_path_trace_dijkstra_order(void **state)
{
	struct path_trace t;
	const struct prop prop = {.seed = 10,
	                          .cases = 500,
	                          .check = trace_dijkstra_order,
	                          .arg = &t};

	path_trace_init(&t, 0);
	prop_run(&prop);
	path_trace_fini(&t);
}

/* The open list order is documented: lowest f, then highest g (lowest
 * h).  Rebuilding the open list from the trace, no open cell may come
 * strictly before the one expanded.  (Among equal f and g the order is the
 * heap's own; test_path_deterministic covers that it is fixed.) */
static void test_path_trace_follows_open_list_order(void **state)
{
	size_t cap = 32 * 32;
	struct path_point *buf = malloc(cap * sizeof(*buf));
	struct path_trace t;
	struct splitmix r = {12};
	unsigned i;

	assert_non_null(buf);
	path_trace_init(&t, 0);
	for (i = 0; i < 600; i++) {
		struct pcase pc;
		struct path_ctx *ctx;
		struct path_params p;
		struct path_result res;
		uint64_t *open_f;
		uint32_t *open_g;
		size_t *open_seq; /* which push made the cell's entry */
		char *is_open;
		size_t k, n, pushes = 0;
		int fifo;

		pcase_make(&pc, case_seed(12, i),
		           (int)splitmix_range(&r, 1, 32),
		           (int)splitmix_range(&r, 1, 32), 1);
		n = (size_t)pc.m.w * (size_t)pc.m.h;
		open_f = malloc(n * sizeof(*open_f));
		open_g = malloc(n * sizeof(*open_g));
		open_seq = malloc(n * sizeof(*open_seq));
		is_open = calloc(n, 1);
		assert_true(open_f && open_g && open_seq && is_open);
		random_params(&r, &p, &pc.c);
		/* A third of the searches break no ties: among equal f the
		 * cell pushed first goes first. */
		fifo = splitmix_below(&r, 3) == 0;
		p.ties = fifo ? PATH_TIES_FIFO : PATH_TIES_LOW_H;
		/* Every fifth map is open and uniform: the most ties. */
		if (i % 5 == 0) {
			memset(pc.m.mult, 1, n);
			grid_fill(&pc.g, 1);
		}
		ctx = path_ctx_new(pc.m.w, pc.m.h);
		assert_non_null(ctx);
		path_trace_clear(&t);
		check_describe(pc.seed, &pc.m, &p, pc.sx, pc.sy, pc.gx, pc.gy);
		path_find(ctx, &pc.g, &p, pc.sx, pc.sy, pc.gx, pc.gy, buf, cap,
		          &res, &t);
		for (k = 0; k < t.len; k++) {
			const struct path_trace_event *e = &t.events[k];
			size_t cell = (size_t)e->y * pc.m.w + e->x, c;

			if (e->kind == PATH_TRACE_PUSH) {
				is_open[cell] = 1;
				open_f[cell] = e->f;
				open_g[cell] = e->g;
				open_seq[cell] = pushes++;
				continue;
			}
			CHECK(is_open[cell]);
			CHECK_EQ(open_f[cell], e->f);
			CHECK_EQ(open_g[cell], e->g);
			for (c = 0; c < n; c++) {
				if (!is_open[c] || c == cell)
					continue;
				if (open_f[c] > e->f ||
				    (open_f[c] == e->f && !fifo &&
				     open_g[c] <= e->g) ||
				    (open_f[c] == e->f && fifo &&
				     open_seq[c] > open_seq[cell]))
					continue;
				check_dump();
				fail_msg(
				        "event %zu expands (%d,%d) f %llu g %u "
				        "before (%d,%d) f %llu g %u",
				        k, e->x, e->y, (unsigned long long)e->f,
				        e->g, (int)(c % (size_t)pc.m.w),
				        (int)(c / (size_t)pc.m.w),
				        (unsigned long long)open_f[c],
				        open_g[c]);
			}
			is_open[cell] = 0;
		}
		free(open_f);
		free(open_g);
		free(open_seq);
		free(is_open);
		path_ctx_free(ctx);
		pcase_fini(&pc);
	}
	path_trace_fini(&t);
	free(buf);
}

static void test_path_trace_limit_truncates(void **state)
{
	struct pcase pc;
	struct path_ctx *ctx;
	struct path_params p;
	struct path_result full_res, res;
	struct path_trace full, lim;
	struct path_point a[64], b[64];
	size_t k;

	pcase_text(&pc, wall_gap_map, (struct test_costs){10, 14});
	ctx = path_ctx_new(7, 7);
	assert_non_null(ctx);
	check_params(&p, PATH_ASTAR, PATH_H_MANHATTAN, PATH_DIAG_NEVER, &pc.c,
	             PATH_WEIGHT_ONE);
	path_trace_init(&full, 0);
	path_trace_init(&lim, 10);
	check_describe(0, &pc.m, &p, pc.sx, pc.sy, pc.gx, pc.gy);
	assert_int_equal(path_find(ctx, &pc.g, &p, pc.sx, pc.sy, pc.gx, pc.gy,
	                           a, 64, &full_res, &full),
	                 PATH_FOUND);
	assert_true(full.len > 10);
	assert_false(full.truncated);
	assert_int_equal(path_find(ctx, &pc.g, &p, pc.sx, pc.sy, pc.gx, pc.gy,
	                           b, 64, &res, &lim),
	                 PATH_FOUND);
	assert_int_equal(lim.len, 10);
	assert_true(lim.truncated);
	expect_same_result(&full_res, a, &res, b);
	for (k = 0; k < 10; k++)
		assert_memory_equal(&lim.events[k], &full.events[k],
		                    sizeof(lim.events[k]));
	/* Clearing makes room again; the limit stays. */
	path_trace_clear(&lim);
	assert_int_equal(lim.len, 0);
	assert_false(lim.truncated);
	assert_int_equal(path_find(ctx, &pc.g, &p, pc.sx, pc.sy, pc.gx, pc.gy,
	                           b, 64, &res, &lim),
	                 PATH_FOUND);
	assert_int_equal(lim.len, 10);
	assert_true(lim.truncated);
	/* A limit the search never reaches truncates nothing. */
	path_trace_fini(&lim);
	path_trace_init(&lim, full.len);
	assert_int_equal(path_find(ctx, &pc.g, &p, pc.sx, pc.sy, pc.gx, pc.gy,
	                           b, 64, &res, &lim),
	                 PATH_FOUND);
	assert_int_equal(lim.len, full.len);
	assert_false(lim.truncated);
	path_trace_fini(&lim);
	path_trace_fini(&full);
	path_ctx_free(ctx);
	pcase_fini(&pc);
}

/* --- what the AI view reads back ----------------------------------------- */

static void check_parent_chain(const struct path_ctx *ctx,
                               const struct pcase *pc,
                               const struct path_point *pts,
                               const struct path_result *res)
{
	struct path_node_info info;
	size_t k = res->length;
	int x = pc->gx, y = pc->gy;

	for (;;) {
		CHECK(k > 0);
		k--;
		CHECK_EQ(pts[k].x, x);
		CHECK_EQ(pts[k].y, y);
		CHECK_EQ(path_ctx_node(ctx, x, y, &info), 0);
		CHECK(info.reached);
		if (x == pc->sx && y == pc->sy)
			break;
		x = info.px;
		y = info.py;
	}
	CHECK_EQ(k, 0);
	CHECK_EQ(info.g, 0);
	CHECK_EQ(info.px, pc->sx);
	CHECK_EQ(info.py, pc->sy);
}

/* Cell state is reset a block of cells at a time: on a 300-cell corridor,
 * cells a search never reached report nothing, whether they share a block
 * with reached cells or were reached by the query before. */
static void test_path_ctx_node_blocks_forget(void **state)
{
	struct grid g;
	struct path_ctx *ctx;
	struct path_params p;
	struct path_result res;
	struct path_node_info info;
	struct path_point buf[400];
	int x;

	(void)state;
	assert_int_equal(grid_init(&g, 300, 1), GRID_OK);
	ctx = path_ctx_new(300, 1);
	assert_non_null(ctx);
	path_params_default(&p);
	assert_int_equal(
	        path_find(ctx, &g, &p, 0, 0, 10, 0, buf, 400, &res, NULL),
	        PATH_FOUND);
	for (x = 0; x < 300; x++) {
		assert_int_equal(path_ctx_node(ctx, x, 0, &info), 0);
		assert_int_equal(info.reached, x <= 10);
		if (x <= 10)
			assert_int_equal(info.g, 10u * (unsigned)x);
	}
	/* From the other end: the first query's cells are forgotten, and
	 * g counts from the new start. */
	assert_int_equal(
	        path_find(ctx, &g, &p, 299, 0, 5, 0, buf, 400, &res, NULL),
	        PATH_FOUND);
	assert_int_equal(res.cost, 2940u);
	for (x = 0; x < 300; x++) {
		assert_int_equal(path_ctx_node(ctx, x, 0, &info), 0);
		assert_int_equal(info.reached, x >= 5);
		if (x >= 5)
			assert_int_equal(info.g, 10u * (unsigned)(299 - x));
	}
	/* A short query again: only its own cells, 149 left open. */
	assert_int_equal(
	        path_find(ctx, &g, &p, 150, 0, 152, 0, buf, 400, &res, NULL),
	        PATH_FOUND);
	for (x = 0; x < 300; x++) {
		assert_int_equal(path_ctx_node(ctx, x, 0, &info), 0);
		assert_int_equal(info.reached, x >= 149 && x <= 152);
		assert_int_equal(info.closed, x >= 150 && x <= 152);
	}
	path_ctx_free(ctx);
	grid_fini(&g);
}

static void test_path_ctx_node_after_search(void **state)
{
	struct pcase pc;
	struct path_ctx *ctx;
	struct path_params p;
	struct path_result res;
	struct path_node_info info;
	struct path_point buf[64];
	int x, y;

	pcase_text(&pc, wall_gap_map, (struct test_costs){10, 14});
	ctx = path_ctx_new(7, 7);
	assert_non_null(ctx);
	/* Before any search nothing has been reached. */
	for (y = 0; y < 7; y++) {
		for (x = 0; x < 7; x++) {
			assert_int_equal(path_ctx_node(ctx, x, y, &info), 0);
			assert_int_equal(info.reached, 0);
		}
	}
	check_params(&p, PATH_ASTAR, PATH_H_MANHATTAN, PATH_DIAG_NEVER, &pc.c,
	             PATH_WEIGHT_ONE);
	run_query(ctx, &pc, &p, buf, 64, &res);
	assert_int_equal(res.status, PATH_FOUND);
	assert_int_equal(path_ctx_node(ctx, pc.sx, pc.sy, &info), 0);
	assert_true(info.reached);
	assert_true(info.closed);
	assert_int_equal(info.g, 0);
	assert_int_equal(info.px, pc.sx);
	assert_int_equal(info.py, pc.sy);
	assert_int_equal(path_ctx_node(ctx, pc.gx, pc.gy, &info), 0);
	assert_true(info.reached);
	assert_true(info.closed);
	assert_int_equal(info.g, res.cost);
	assert_int_equal(info.h, 0);
	check_parent_chain(ctx, &pc, buf, &res);
	/* A wall is never reached. */
	assert_int_equal(path_ctx_node(ctx, 3, 0, &info), 0);
	assert_int_equal(info.reached, 0);
	assert_true(path_ctx_node(ctx, -1, 0, &info) < 0);
	assert_true(path_ctx_node(ctx, 0, 7, &info) < 0);

	/* Close the gap: the far side was reached by the last search but not
	 * by this one, and must say so. */
	grid_set_cost(&pc.g, 3, 6, GRID_BLOCKED);
	test_map_set(&pc.m, 3, 6, 0);
	run_query(ctx, &pc, &p, buf, 64, &res);
	assert_int_equal(res.status, PATH_NO_PATH);
	for (y = 0; y < 7; y++) {
		for (x = 4; x < 7; x++) {
			assert_int_equal(path_ctx_node(ctx, x, y, &info), 0);
			assert_int_equal(info.reached, 0);
		}
	}
	assert_int_equal(path_ctx_node(ctx, 0, 0, &info), 0);
	assert_true(info.reached && info.closed);
	path_ctx_free(ctx);
	pcase_fini(&pc);
}

/* For Dijkstra every closed cell holds its true distance, every open one
 * an upper bound, and cells the oracle cannot reach are untouched; the
 * parent chain of an optimal search rebuilds the returned path. */
static void node_matches_oracle(struct prop_case *c)
{
	const struct pcase *pc = &c->pc;
	struct path_params p;
	struct path_result res;
	int x, y;

	check_params(&p, (c->i / 3) % 2 ? PATH_DIJKSTRA : PATH_ASTAR,
	             PATH_H_OCTILE, c->i % 3, &pc->c, PATH_WEIGHT_ONE);
	oracle_dijkstra(c->o, &pc->m, p.diagonal, &pc->c, pc->sx, pc->sy);
	run_query(c->ctx, pc, &p, c->buf, c->cap, &res);
	if (res.status == PATH_FOUND)
		check_parent_chain(c->ctx, pc, c->buf, &res);
	for (y = 0; y < pc->m.h; y++) {
		for (x = 0; x < pc->m.w; x++) {
			struct path_node_info info;
			uint64_t d = c->o->dist[(size_t)y * pc->m.w + x];

			CHECK_EQ(path_ctx_node(c->ctx, x, y, &info), 0);
			if (d == ORACLE_UNREACHED) {
				CHECK_EQ(info.reached, 0);
				continue;
			}
			if (!info.reached)
				continue;
			CHECK(info.g >= d);
			if (info.closed && p.algo == PATH_DIJKSTRA)
				CHECK_EQ(info.g, d);
		}
	}
}

static void test_path_ctx_node_matches_oracle(void **state)
{
	const struct prop prop = {
	        .seed = 11, .cases = 1000, .check = node_matches_oracle};

	prop_run(&prop);
}

/* --- heuristics and single steps ----------------------------------------- */

static uint32_t h_of(enum path_heuristic heur, uint32_t s, uint32_t d, int x,
                     int y, int gx, int gy)
{
	struct path_params p;

	path_params_default(&p);
	p.heuristic = heur;
	p.straight_cost = s;
	p.diagonal_cost = d;
	return path_heuristic(&p, x, y, gx, gy);
}

static void test_path_heuristic_values(void **state)
{
	static const struct test_costs cs[] = {
	        {10, 14}, {408, 577}, {10, 10}, {1, 1}, {10, 20}, {1, 2},
	};
	size_t i;
	int heur, dx, dy;

	/* dx 3, dy 1 at 10/14, in every direction. */
	for (dx = -3; dx <= 3; dx += 6) {
		for (dy = -1; dy <= 1; dy += 2) {
			assert_int_equal(h_of(PATH_H_OCTILE, 10, 14, 5, 5,
			                      5 + dx, 5 + dy),
			                 34);
			assert_int_equal(h_of(PATH_H_MANHATTAN, 10, 14, 5, 5,
			                      5 + dx, 5 + dy),
			                 40);
			assert_int_equal(h_of(PATH_H_CHEBYSHEV, 10, 14, 5, 5,
			                      5 + dx, 5 + dy),
			                 30);
			assert_int_equal(
			        h_of(PATH_H_ZERO, 10, 14, 5, 5, 5 + dx, 5 + dy),
			        0);
			assert_int_equal(h_of(PATH_H_OCTILE, 10, 14, 5, 5,
			                      5 + dy, 5 + dx),
			                 34);
		}
	}
	assert_int_equal(h_of(PATH_H_OCTILE, 408, 577, 0, 0, 3, 1), 1393);
	assert_int_equal(h_of(PATH_H_OCTILE, 10, 20, 0, 0, 3, 1), 40);

	/* Euclidean must never exceed the cheapest possible path, octile,
	 * whatever the diagonal cost; it must still be informative. */
	for (i = 0; i < sizeof(cs) / sizeof(cs[0]); i++) {
		for (dy = 0; dy <= 12; dy++) {
			for (dx = 0; dx <= 12; dx++) {
				uint32_t e = h_of(PATH_H_EUCLIDEAN, cs[i].s,
				                  cs[i].d, 0, 0, dx, dy);
				uint32_t oct = h_of(PATH_H_OCTILE, cs[i].s,
				                    cs[i].d, 0, 0, dx, dy);

				check_describe_text(
				        NULL,
				        "euclidean %u/%u dx %d dy %d: %u, "
				        "octile %u",
				        cs[i].s, cs[i].d, dx, dy, e, oct);
				CHECK(e <= oct);
				/* Below a straight cost of 2 the scaled
				 * distance of one cell may round to 0. */
				if ((dx || dy) && cs[i].s >= 2)
					CHECK(e > 0);
			}
		}
	}
	assert_true(h_of(PATH_H_EUCLIDEAN, 10, 14, 0, 0, 3, 1) <= 34);
	assert_true(h_of(PATH_H_EUCLIDEAN, 10, 14, 0, 0, 3, 1) >= 30);

	for (heur = 0; heur < PATH_H_COUNT; heur++)
		assert_int_equal(h_of(heur, 10, 14, 7, 3, 7, 3), 0);

	/* h_scale is the cheapest multiplier on the map: h scales with it. */
	{
		struct path_params p;

		path_params_default(&p);
		p.heuristic = PATH_H_MANHATTAN;
		p.h_scale = 3;
		assert_int_equal(path_heuristic(&p, 0, 0, 3, 1), 120);
		p.heuristic = PATH_H_OCTILE;
		assert_int_equal(path_heuristic(&p, 0, 0, 3, 1), 102);
	}
}

static void test_path_step_cost_diagonal_rules(void **state)
{
	/* (2,1) is a wall; (1,0) costs 2 and (2,0) costs 3 to enter. */
	static const char map[] = ".23\n.9#\n...\n";
	static const struct {
		int x, y, nx, ny;
		uint32_t cost[PATH_DIAG_COUNT]; /* never, no corner, always */
	} cases[] = {
	        {1, 1, 1, 0, {20, 20, 20}}, /* straight, into multiplier 2 */
	        {1, 1, 0, 1, {10, 10, 10}}, /* leaving the 9 costs nothing */
	        {1, 1, 2, 1, {0, 0, 0}},    /* into the wall */
	        {1, 1, 0, 0, {0, 14, 14}},  /* diagonal, both sides open */
	        {1, 1, 2, 0, {0, 0, 42}},   /* past the wall's corner */
	        {1, 1, 2, 2, {0, 0, 14}},   /* past it on the other side */
	        {2, 2, 1, 1, {0, 0, 126}},  /* into the 9 past the wall */
	        {1, 1, 1, 1, {0, 0, 0}},    /* not a move */
	        {0, 0, 2, 2, {0, 0, 0}},    /* not a neighbour */
	        {0, 0, 0, 2, {0, 0, 0}},    /* not a neighbour */
	        {0, 0, -1, 0, {0, 0, 0}},   /* off the map */
	        {0, 0, -1, -1, {0, 0, 0}},  /* off the map, diagonally */
	        {2, 2, 3, 3, {0, 0, 0}},    /* off the far corner */
	};
	struct pcase pc;
	size_t i;
	int rule;

	pcase_text(&pc, map, (struct test_costs){10, 14});
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
			struct path_params p;

			check_params(&p, PATH_ASTAR, PATH_H_OCTILE, rule, &pc.c,
			             PATH_WEIGHT_ONE);
			check_describe_text(
			        &pc.m, "(%d,%d) -> (%d,%d) under %s",
			        cases[i].x, cases[i].y, cases[i].nx,
			        cases[i].ny, path_diagonal_name(rule));
			CHECK_EQ(path_step_cost(&pc.g, &p, cases[i].x,
			                        cases[i].y, cases[i].nx,
			                        cases[i].ny),
			         cases[i].cost[rule]);
		}
	}
	pcase_fini(&pc);

	/* Both sides blocked: only ALWAYS lets the diagonal through. */
	{
		static const char gap[] = "S#\n#G\n";
		struct path_ctx *ctx = path_ctx_new(2, 2);
		struct path_point buf[4];

		assert_non_null(ctx);
		pcase_text(&pc, gap, (struct test_costs){408, 577});
		for (rule = 0; rule < PATH_DIAG_COUNT; rule++) {
			struct path_params p;
			struct path_result res;

			check_params(&p, PATH_ASTAR, PATH_H_OCTILE, rule, &pc.c,
			             PATH_WEIGHT_ONE);
			CHECK_EQ(path_step_cost(&pc.g, &p, 0, 0, 1, 1),
			         rule == PATH_DIAG_ALWAYS ? 577 : 0);
			run_query(ctx, &pc, &p, buf, 4, &res);
			if (rule == PATH_DIAG_ALWAYS) {
				check_path(&pc.m, rule, &pc.c, 0, 0, 1, 1, buf,
				           &res);
				CHECK_EQ(res.cost, 577);
			} else {
				CHECK_EQ(res.status, PATH_NO_PATH);
			}
		}
		path_ctx_free(ctx);
		pcase_fini(&pc);
	}
}

/* Ties, the classic picture: on an open 4-way room with Manhattan h,
 * which is exact there, every cell between the corners has the same f.
 * Broken toward the lower h, A* walks straight to the goal and expands
 * only the path's cells; taken first in, first out, it expands every
 * cell of the room in rings from the start, since the goal, the only
 * cell as far as the opposite corner, is the last one pushed.  The cost
 * is the same. */
static void test_path_ties_open_room(void **state)
{
	enum { W = 12, H = 8 };
	struct grid g;
	struct path_ctx *ctx;
	struct path_params p;
	struct path_point buf[W * H];
	struct path_result low, fifo;

	(void)state;
	assert_int_equal(grid_init(&g, W, H), GRID_OK);
	grid_fill(&g, 1);
	ctx = path_ctx_new(W, H);
	assert_non_null(ctx);
	path_params_default(&p);
	p.diagonal = PATH_DIAG_NEVER;
	p.heuristic = PATH_H_MANHATTAN;
	assert_int_equal(path_find(ctx, &g, &p, 0, 0, W - 1, H - 1, buf, W * H,
	                           &low, NULL),
	                 PATH_FOUND);
	p.ties = PATH_TIES_FIFO;
	assert_int_equal(path_find(ctx, &g, &p, 0, 0, W - 1, H - 1, buf, W * H,
	                           &fifo, NULL),
	                 PATH_FOUND);
	assert_int_equal(low.cost, 10 * (W - 1 + H - 1));
	assert_int_equal(fifo.cost, low.cost);
	assert_int_equal(low.stats.expanded, W - 1 + H - 1 + 1);
	assert_int_equal(fifo.stats.expanded, W * H);
	path_ctx_free(ctx);
	grid_fini(&g);
}

/* Which heuristic never overestimates under which moves: Manhattan only
 * when a diagonal costs no less than two straight steps, or there are
 * none; the others always. */
static void test_path_heuristic_admissible(void **state)
{
	struct path_params p;
	int h;

	(void)state;
	path_params_default(&p);
	assert_false(path_heuristic_admissible(&p, PATH_H_MANHATTAN));
	for (h = 0; h < PATH_H_COUNT; h++)
		if (h != PATH_H_MANHATTAN)
			assert_true(path_heuristic_admissible(
			        &p, (enum path_heuristic)h));
	p.diagonal = PATH_DIAG_NEVER;
	assert_true(path_heuristic_admissible(&p, PATH_H_MANHATTAN));
	p.diagonal = PATH_DIAG_ALWAYS;
	p.diagonal_cost = 2 * p.straight_cost;
	assert_true(path_heuristic_admissible(&p, PATH_H_MANHATTAN));
	p.diagonal_cost = 2 * p.straight_cost - 1;
	assert_false(path_heuristic_admissible(&p, PATH_H_MANHATTAN));
}

static void test_path_names(void **state)
{
	int i, j;

	for (i = 0; i < PATH_ALGO_COUNT; i++) {
		assert_non_null(path_algo_name(i));
		assert_true(path_algo_name(i)[0] != '\0');
		for (j = 0; j < i; j++)
			assert_string_not_equal(path_algo_name(i),
			                        path_algo_name(j));
	}
	for (i = 0; i < PATH_H_COUNT; i++) {
		assert_non_null(path_heuristic_name(i));
		assert_true(path_heuristic_name(i)[0] != '\0');
		for (j = 0; j < i; j++)
			assert_string_not_equal(path_heuristic_name(i),
			                        path_heuristic_name(j));
	}
	for (i = 0; i < PATH_DIAG_COUNT; i++) {
		assert_non_null(path_diagonal_name(i));
		assert_true(path_diagonal_name(i)[0] != '\0');
		for (j = 0; j < i; j++)
			assert_string_not_equal(path_diagonal_name(i),
			                        path_diagonal_name(j));
	}
	assert_string_equal(path_ties_name(PATH_TIES_LOW_H), "lower h");
	assert_string_equal(path_ties_name(PATH_TIES_FIFO), "first in");
	assert_string_equal(path_ties_name(PATH_TIES_COUNT), "?");
	for (i = PATH_COST_RANGE; i <= PATH_BUDGET; i++)
		assert_non_null(path_status_name(i));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_path_params_default),
	        cmocka_unit_test(test_path_ctx_new_rejects_bad_sizes),
	        cmocka_unit_test(test_path_ctx_bytes_per_cell),
	        cmocka_unit_test(test_path_names),
	        cmocka_unit_test(test_path_ties_open_room),
	        cmocka_unit_test(test_path_heuristic_admissible),
	        cmocka_unit_test(test_path_heuristic_values),
	        cmocka_unit_test(test_path_step_cost_diagonal_rules),
	        cmocka_unit_test(test_path_golden_wall_gap_4way),
	        cmocka_unit_test(test_path_golden_no_corner_cutting),
	        cmocka_unit_test(test_path_golden_forest_detour),
	        cmocka_unit_test(test_path_start_is_goal),
	        cmocka_unit_test(test_path_rejects_blocked_endpoints),
	        cmocka_unit_test(test_path_rejects_out_of_bounds_endpoints),
	        cmocka_unit_test(test_path_rejects_size_mismatch),
	        cmocka_unit_test(test_path_params_check_limits),
	        cmocka_unit_test(test_path_rejects_bad_params),
	        cmocka_unit_test(test_path_closed_room_no_path),
	        cmocka_unit_test(test_path_one_by_one_map),
	        cmocka_unit_test(test_path_single_row_and_column),
	        cmocka_unit_test(test_path_partial_to_closest),
	        cmocka_unit_test(test_path_budget_stops_search),
	        cmocka_unit_test(test_path_budget_exact_is_enough),
	        cmocka_unit_test(test_path_short_buffer_truncates),
	        cmocka_unit_test(test_path_cost_limit_exact),
	        cmocka_unit_test(test_path_cost_range_only_for_costs),
	        cmocka_unit_test(test_path_ctx_node_after_search),
	        cmocka_unit_test(test_path_ctx_node_matches_oracle),
	        cmocka_unit_test(test_path_trace_matches_search),
	        cmocka_unit_test(test_path_trace_lines_tell_the_loop),
	        cmocka_unit_test(test_path_trace_dijkstra_order),
	        cmocka_unit_test(test_path_trace_follows_open_list_order),
	        cmocka_unit_test(test_path_trace_limit_truncates),
	        cmocka_unit_test(test_path_deterministic),
	        cmocka_unit_test(test_path_golden_corridor_away_from_goal),
	        cmocka_unit_test(test_path_ctx_node_blocks_forget),
	        cmocka_unit_test(test_path_wide_steps_match_dijkstra),
	        cmocka_unit_test(test_path_reuse_matches_fresh_ctx),
	        cmocka_unit_test(test_path_matches_dijkstra_random),
	        cmocka_unit_test(test_path_large_maps_match_dijkstra),
	        cmocka_unit_test(test_path_weighted_within_bound_random),
	        cmocka_unit_test(test_path_greedy_finds_legal_path_random),
	        cmocka_unit_test(test_path_bfs_fewest_steps_random),
	        cmocka_unit_test(test_path_h_scale_keeps_optimal_random),
	        cmocka_unit_test(test_path_max_dim_serpentine),
	};

	return tap_run(tests, NULL, NULL);
}
