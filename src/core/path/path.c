/* SPDX-License-Identifier: MIT */
/* path.c - the path engine's public side: parameters and their check,
 * path_find (which open list answers a query, and reading the path back
 * from the goal), the heuristic and step costs as the engine counts them,
 * what the last search knew about a cell, and names for the AI view.
 *
 * The rest of the engine, whose inside path_impl.h describes: ctx.c (the
 * context and its per-cell memory), heap.c and bucket.c (the two open
 * lists, each with its search loop), block.c (the bucket search's
 * neighbour masks) and trace.c (recording a search). */
#include "config.h"

#include "path.h"

#include <string.h>

#include "core/base/dir.h"
#include "core/base/i18n.h"
#include "path_impl.h"

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
	if (p->h_scale > GRID_COST_MAX || (unsigned)p->ties >= PATH_TIES_COUNT)
		return PATH_BAD_ARG;
	return 0;
}

int path_query_check(const struct grid *g, int width, int height,
                     const struct path_params *p, int sx, int sy, int gx,
                     int gy, const void *buf, size_t cap)
{
	if (!g || !g->cost || (cap && !buf) || path_params_check(p) != 0 ||
	    g->width != width || g->height != height ||
	    !grid_passable(g, sx, sy) || !grid_passable(g, gx, gy))
		return PATH_BAD_ARG;
	return 0;
}

double path_euclid_scale(const struct path_params *p)
{
	/* Scaled so that a diagonal step never costs less than the straight
	 * line it covers: that keeps h admissible and consistent. */
	double s = (double)p->straight_cost;
	double d = (double)p->diagonal_cost / 1.4142135623730951;

	if (p->diagonal != PATH_DIAG_NEVER && d < s)
		s = d;
	return s;
}

int path_heuristic_admissible(const struct path_params *p,
                              enum path_heuristic h)
{
	if (h == PATH_H_MANHATTAN)
		return p->diagonal == PATH_DIAG_NEVER ||
		       p->diagonal_cost >= 2 * p->straight_cost;
	return 1;
}

uint32_t path_heuristic(const struct path_params *p, int x, int y, int gx,
                        int gy)
{
	uint32_t scale = p->h_scale ? p->h_scale : 1;

	if (path_params_check(p) != 0)
		return 0;
	return sat32((uint64_t)heuristic_raw(
	                     p->heuristic, p->straight_cost, p->diagonal_cost,
	                     path_euclid_scale(p), gx - x, gy - y) *
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

/* What a search under p from (sx, sy) to (gx, gy) needs, worked out once
 * (also for path_ctx_node, from the last search's params). */
static void path_query_init(struct query *q, const struct path_ctx *c,
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
	q->euclid_scale = path_euclid_scale(p);
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

/* The expanded cell closest to the goal by heuristic h, for a search
 * that ran without one (Dijkstra, BFS): the cells its blocks hold, read
 * once the search has failed, the lower g then the lower index among
 * equals.  The start when none is closer. */
static size_t path_closest(const struct path_ctx *c, const struct query *q,
                           enum path_heuristic h)
{
	const size_t nblocks = cell_block_count(c->ncells);
	size_t b, best = q->start;
	uint32_t best_h = UINT32_MAX, best_g = UINT32_MAX;

	for (b = 0; b < nblocks; b++) {
		size_t idx = b << BLOCK_SHIFT, end = idx + BLOCK_CELLS;

		if (c->stamps[b] != c->gen)
			continue;
		if (end > c->ncells)
			end = c->ncells;
		for (; idx < end; idx++) {
			uint32_t hv;

			if (c->g[idx] == G_UNSEEN ||
			    !(c->flags[idx] & CELL_CLOSED))
				continue;
			hv = query_h(q, h, (int)(idx % (size_t)c->stride) - 1,
			             (int)(idx / (size_t)c->stride) - 1);
			if (hv < best_h || (hv == best_h && c->g[idx] < best_g)) {
				best_h = hv;
				best_g = c->g[idx];
				best = idx;
			}
		}
	}
	return best;
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
	if (!ctx || path_query_check(g, ctx->width, ctx->height, p, sx, sy, gx,
	                             gy, buf, cap) != 0)
		return PATH_BAD_ARG;

	path_query_init(&q, ctx, p, sx, sy, gx, gy);
	/* Dial's buckets take every search whose f never drops along a path
	 * (the usual ones) and breaks ties toward the smaller h; the heap
	 * takes the rest, and is made the first time one comes. */
	buckets = p->ties == PATH_TIES_LOW_H && bucket_fits(&q, p->diagonal);
	if (!buckets && heap_ready(ctx) != 0) {
		res->status = PATH_NOMEM;
		return PATH_NOMEM;
	}
	ctx_next_gen(ctx);
	if (trace)
		path_trace_clear(trace);

	st = buckets ? bucket_search(ctx, g->cost, &q, p->diagonal, &res->stats,
	                             trace)
	             : heap_search(ctx, g->cost, &q, p->diagonal, p->ties,
	                           &res->stats, trace);
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
		 * target is out of reach, or out of budget, should head.  A
		 * search without h measures closeness by the params' own. */
		if (q.heuristic == PATH_H_ZERO && p->heuristic != PATH_H_ZERO)
			ctx->best = path_closest(ctx, &q, p->heuristic);
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
	path_query_init(&q, ctx, &ctx->last, ctx->last_sx, ctx->last_sy,
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
	static const char *const names[] = {N_("A*"), N_("Dijkstra"),
	                                    N_("greedy"), N_("BFS")};

	return (unsigned)a < PATH_ALGO_COUNT ? names[a] : "?";
}

const char *path_heuristic_name(enum path_heuristic h)
{
	/* TRANSLATORS: the heuristics, in the AI view. */
	static const char *const names[] = {N_("manhattan"), N_("octile"),
	                                    N_("chebyshev"), N_("euclidean"),
	                                    N_("zero")};

	return (unsigned)h < PATH_H_COUNT ? names[h] : "?";
}

const char *path_diagonal_name(enum path_diagonal d)
{
	/* TRANSLATORS: the diagonal rules, in the AI view. */
	static const char *const names[] = {N_("4-way"), N_("no-corner"),
	                                    N_("always")};

	return (unsigned)d < PATH_DIAG_COUNT ? names[d] : "?";
}

const char *path_ties_name(enum path_ties t)
{
	/* TRANSLATORS: how ties of f are broken, in the AI view. */
	static const char *const names[] = {N_("lower h"), N_("first in")};

	return (unsigned)t < PATH_TIES_COUNT ? names[t] : "?";
}

const char *path_status_name(enum path_status s)
{
	switch (s) {
	case PATH_FOUND:
		return N_("found");
	case PATH_NO_PATH:
		return N_("no path");
	case PATH_BUDGET:
		return N_("budget exhausted");
	case PATH_NOMEM:
		return N_("out of memory");
	case PATH_BAD_ARG:
		return N_("bad argument");
	case PATH_COST_RANGE:
		return N_("cost out of range");
	}
	return "?";
}
