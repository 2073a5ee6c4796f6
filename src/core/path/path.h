/* SPDX-License-Identifier: MIT */
/* path.h - hunted's grid path engine: A*, weighted A*, Dijkstra, greedy
 * best-first and breadth-first search over a struct grid.
 *
 * A struct path_ctx is allocated once for a map size and reused for every
 * query: per-cell state is stamped with a generation number (per block
 * of 64 cells), so a query neither allocates nor clears the map.  All costs are
 * integers: a straight step costs params.straight_cost (default 10), a diagonal
 * one params.diagonal_cost (default 14), and entering a cell multiplies that by
 * the cell's multiplier.
 *
 * Ordering of the open list is fixed: lowest f first; among equal f the
 * larger g (that is, the smaller h) first; among equal f and g, the order
 * the open list's deterministic sequence of pushes and pops gives (bucket
 * lists per f for A* with w = 1 and a consistent heuristic, Dijkstra and
 * BFS; a 4-ary heap for the rest).  The same query on the same grid
 * therefore always gives the same path.  params.ties = PATH_TIES_FIFO
 * drops the preference for the smaller h, to show what it is worth:
 * among equal f the cell pushed first goes first.
 *
 * Limits: g never exceeds PATH_COST_MAX; f and h saturate at 2^32 - 1,
 * which can only happen to cells that are farther than the goal in any
 * case, so results stay exact. */
#ifndef HUNTED_PATH_H
#define HUNTED_PATH_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"

/* No g ever exceeds this: steps past it are not taken, and a search that
 * could only have reached the goal through them reports PATH_COST_RANGE
 * instead of PATH_NO_PATH. */
#define PATH_COST_MAX 0x7fffffffu
/* Step costs must satisfy 1 <= straight <= diagonal <= 2 * straight and
 * diagonal <= PATH_STEP_MAX. */
#define PATH_STEP_MAX 16384u
/* Weights are given in thousandths: 1000 is w = 1, 1500 is w = 1.5. */
#define PATH_WEIGHT_ONE 1000u
#define PATH_WEIGHT_MAX 100000u

enum path_algo {
	PATH_ASTAR = 0, /* f = g + w*h (weighted A* when w > 1) */
	PATH_DIJKSTRA,  /* f = g (h ignored) */
	PATH_GREEDY,    /* f = h: greedy best-first, not optimal */
	PATH_BFS,       /* fewest steps, costs ignored except blocked cells */
	PATH_ALGO_COUNT
};

enum path_heuristic {
	PATH_H_MANHATTAN = 0, /* straight*(dx+dy): overestimates 8-way */
	PATH_H_OCTILE,        /* exact distance on an empty 8-way grid */
	PATH_H_CHEBYSHEV,     /* straight*max(dx,dy) */
	PATH_H_EUCLIDEAN,     /* straight-line, scaled to stay admissible */
	PATH_H_ZERO,          /* h = 0: A* becomes Dijkstra */
	PATH_H_COUNT
};

enum path_diagonal {
	PATH_DIAG_NEVER = 0, /* 4-connected */
	PATH_DIAG_NO_CORNER, /* diagonal needs both orthogonal cells open */
	PATH_DIAG_ALWAYS,    /* diagonal allowed past blocked corners */
	PATH_DIAG_COUNT
};

/* How the open list orders cells of equal f. */
enum path_ties {
	PATH_TIES_LOW_H = 0, /* the larger g, that is the smaller h, first */
	PATH_TIES_FIFO,      /* the one pushed first (no tie-breaking) */
	PATH_TIES_COUNT
};

enum path_status {
	PATH_FOUND = 0,
	PATH_NO_PATH = 1,    /* the goal cannot be reached: a normal result */
	PATH_BUDGET = 2,     /* params.budget expansions ran out first */
	PATH_NOMEM = -1,     /* the open list could not grow */
	PATH_BAD_ARG = -2,   /* bad params, size mismatch, start/goal out of
	                        bounds or blocked */
	PATH_COST_RANGE = -3 /* goal only reachable beyond PATH_COST_MAX */
};

struct path_params {
	enum path_algo algo;
	enum path_heuristic heuristic;
	enum path_diagonal diagonal;
	uint32_t straight_cost; /* default 10 */
	uint32_t diagonal_cost; /* default 14 */
	uint32_t weight;        /* thousandths, >= PATH_WEIGHT_ONE */
	/* Smallest multiplier the grid may hold (h is scaled by it so it
	 * stays admissible); 1 is always safe. */
	uint32_t h_scale;
	uint32_t budget; /* max expansions, 0 = unlimited */
	/* Among equal f; PATH_TIES_FIFO takes the heap's generic search,
	 * slower than the specialised ones, for the AI view's lessons. */
	enum path_ties ties;
};

struct path_point {
	int x;
	int y;
};

struct path_stats {
	uint32_t expanded; /* nodes taken off the open list */
	uint32_t pushes;   /* insertions and improvements on the open list */
	uint32_t max_open; /* largest size of the open list */
	uint32_t reopened; /* closed nodes reopened with a better g */
};

struct path_result {
	enum path_status status;
	uint32_t cost; /* sum of the step costs of the path */
	size_t length; /* cells on the path, start and goal included */
	struct path_stats stats;
	/* On PATH_NO_PATH and PATH_BUDGET the path (buf, cost, length) leads
	 * instead to the expanded cell with the smallest h (the first one
	 * expanded among equals), best_x/best_y, and partial is 1.  Dijkstra
	 * and BFS, which search without h, measure it by the params'
	 * heuristic (the lower g first among equals); with PATH_H_ZERO that
	 * cell is the start. */
	int partial;
	int best_x, best_y;
};

/* One event of a traced search, in the order it happened.  PUSH and
 * EXPAND are always recorded; the others only when the trace asks for
 * lines (struct path_trace), for a view that shows the search's loop
 * line by line.  Then each expansion reads: EXPAND, GOAL when the cell
 * is the goal, else for each neighbour NEIGHBOUR and one of SKIP_WALL,
 * SKIP_CORNER, SKIP_CLOSED, or COST then PUSH or NOT_BETTER; a search
 * whose open list runs dry ends with NO_PATH, one stopped by its budget
 * with BUDGET, whose cell is the one next on the open list, left
 * unexpanded (its g and f set, h 0).  Fields: x, y the cell
 * (the neighbour for the per-neighbour kinds), px, py the cell being
 * expanded; g is the expanded cell's g for NEIGHBOUR, the new cost for
 * COST and PUSH, the g the neighbour keeps for NOT_BETTER and
 * SKIP_CLOSED; h and f are set on PUSH, EXPAND, COST (h only) and
 * GOAL.  Jump point search's neighbours are its jumps' ends. */
enum path_trace_kind {
	PATH_TRACE_PUSH = 0,  /* better: parent set, entered on the open list */
	PATH_TRACE_EXPAND,    /* a cell taken off the open list and closed */
	PATH_TRACE_NEIGHBOUR, /* a neighbour of the expanded cell looked at */
	PATH_TRACE_SKIP_WALL, /* ...blocked, or off the map */
	PATH_TRACE_SKIP_CORNER, /* ...a diagonal that would cut a corner */
	PATH_TRACE_SKIP_CLOSED, /* ...closed, and no cheaper this way */
	PATH_TRACE_COST,        /* ...its new cost worked out */
	PATH_TRACE_NOT_BETTER,  /* ...no cheaper than it was: left alone */
	PATH_TRACE_GOAL,        /* the goal taken off the open list: found */
	PATH_TRACE_NO_PATH,     /* the open list ran dry: no path */
	PATH_TRACE_BUDGET,      /* the budget spent: stopped, no path yet */
	PATH_TRACE_KIND_COUNT
};

struct path_trace_event {
	uint8_t kind; /* enum path_trace_kind */
	int16_t dir;  /* direction from parent, -1 for the start */
	int x, y;
	int px, py;    /* parent, equal to x, y for the start */
	uint32_t g, h; /* h is the unweighted heuristic */
	uint64_t f;    /* the key the open list sorts on */
};

/* A growing record of a search, for the AI view.  limit caps the number
 * of events kept (0 = unlimited); past it, truncated is set. */
struct path_trace {
	struct path_trace_event *events;
	size_t len;
	size_t cap;
	size_t limit;
	int truncated;
	int nomem;
	/* Set by the caller: record every kind of event, not only PUSH and
	 * EXPAND (path_trace_init leaves it 0). */
	int lines;
};

struct path_ctx;

void path_params_default(struct path_params *p);

/* The one check of a struct path_params, in two layers; each returns 0
 * when p is fine and PATH_BAD_ARG when it is not (or NULL).
 * path_params_check_moves: the moves, all a distance map asks about: a
 * known diagonal rule, 1 <= straight <= diagonal <= 2 * straight and
 * diagonal <= PATH_STEP_MAX.  path_params_check: what path_find (and
 * jps_find) take: the moves, and a known algorithm and heuristic, a
 * weight from PATH_WEIGHT_ONE to PATH_WEIGHT_MAX, an h_scale of at
 * most GRID_COST_MAX and a known tie rule. */
int path_params_check_moves(const struct path_params *p);
int path_params_check(const struct path_params *p);

/* The check every query of path_find and jps_find starts with: a grid
 * of the context's size (width x height), both ends passable, checked
 * parameters, and a buffer when cap is not 0.  Returns 0 or
 * PATH_BAD_ARG. */
int path_query_check(const struct grid *g, int width, int height,
                     const struct path_params *p, int sx, int sy, int gx,
                     int gy, const void *buf, size_t cap);

/* Returns NULL when out of memory or when the size is not 1..GRID_MAX_DIM. */
struct path_ctx *path_ctx_new(int width, int height);
void path_ctx_free(struct path_ctx *ctx);
/* Memory the context holds now, for reporting bytes per cell. */
size_t path_ctx_bytes(const struct path_ctx *ctx);

/* Searches from (sx, sy) to (gx, gy) on g, whose size must be the
 * context's.  The path, start first, goes into buf: min(length, cap)
 * points.  res (required) receives status, cost, length and stats.  trace
 * may be NULL.  Returns res->status. */
int path_find(struct path_ctx *ctx, const struct grid *g,
              const struct path_params *p, int sx, int sy, int gx, int gy,
              struct path_point *buf, size_t cap, struct path_result *res,
              struct path_trace *trace);

/* Whether heuristic h never overestimates under p's diagonal rule and
 * step costs (every multiplier is at least 1, and h is scaled by the
 * smallest): Manhattan counts a diagonal as two straight steps, too much
 * on an 8-way grid where a diagonal costs less than two; the others never
 * exceed the octile distance, which is exact on an open 8-way grid and
 * below the true cost on a 4-way one. */
int path_heuristic_admissible(const struct path_params *p,
                              enum path_heuristic h);

/* The heuristic estimate from (x, y) to (gx, gy) under p, unweighted. */
uint32_t path_heuristic(const struct path_params *p, int x, int y, int gx,
                        int gy);

/* Cost of stepping from (x, y) to the 8-neighbour (nx, ny) under p, or 0
 * when the step is illegal (blocked, off the map, not a neighbour, a
 * diagonal the rule forbids). */
uint32_t path_step_cost(const struct grid *g, const struct path_params *p,
                        int x, int y, int nx, int ny);

/* What the last search of ctx knew about (x, y), for the AI view. */
struct path_node_info {
	int reached; /* 0 when the last search never touched the cell */
	int closed;  /* expanded (closed set) rather than open */
	uint32_t g;
	uint32_t h;
	int px, py; /* parent; equal to x, y for the start */
};
int path_ctx_node(const struct path_ctx *ctx, int x, int y,
                  struct path_node_info *info);

void path_trace_init(struct path_trace *t, size_t limit);
void path_trace_clear(struct path_trace *t);
void path_trace_fini(struct path_trace *t);

const char *path_algo_name(enum path_algo a);
const char *path_heuristic_name(enum path_heuristic h);
const char *path_diagonal_name(enum path_diagonal d);
const char *path_ties_name(enum path_ties t);
const char *path_status_name(enum path_status s);

#endif
