/* SPDX-License-Identifier: MIT */
/* subgoal.h - hunted's hierarchy for big maps: a subgoal graph, after
 * the simple subgoal graphs of Uras, Harabor and Koenig (2013), with
 * hunted's terrain costs and diagonal rules kept exact.
 *
 * Most cells of a map cost the base step (multiplier 1): call them
 * free.  Between free cells with nothing in the way the cheapest path
 * is the straight-line one (octile, or Manhattan with no diagonals), so
 * a search only has to decide where a path bends.  A path bends only
 * next to something that is not free, so those cells become subgoals:
 *   - under the corner rule, a free cell at the convex corner of
 *     something not free: the cell diagonally across is not free, the
 *     two cells beside that diagonal are;
 *   - under the other rules, a free cell touching something not free;
 *   - every cell dearer than the base step, and every free cell next to
 *     one (a path through terrain is made of single steps there).
 * Two subgoals are joined by an edge when the straight-line path
 * between them crosses only free cells and no other subgoal (they are
 * direct-h-reachable), or when a single step joins them that the free
 * cells alone do not allow (into or out of costly terrain, a diagonal
 * past a costly corner).  Edge costs are the real ones, so a search of
 * the graph from the start to the goal, each linked to the subgoals it
 * reaches directly, finds the cheapest path: the answer is optimal,
 * not near it.
 *
 * Doors and walls: the graph is built for one grid (its multipliers,
 * doors as that grid has them) and one set of moves.  When cells
 * change, tell it (subgoal_cells_changed): the next query, or
 * subgoal_update, re-derives the subgoals within one cell of each
 * change and the edges of the subgoals that see those cells directly,
 * nothing else.
 *
 * Statuses are path_find's (PATH_FOUND, PATH_NO_PATH, PATH_BAD_ARG,
 * PATH_NOMEM, PATH_COST_RANGE).  With windows > 0 only the first
 * windows edges of the graph path are turned into cells: enough for a
 * monster to start walking (partial = 1, cost and length those of the
 * part returned).
 *
 * Memory: a copy of the multipliers (1 byte per padded cell), which
 * subgoal a cell is (4 bytes), how far a straight scan from the cell
 * goes each way (4 bytes, so that linking the start and goal reads a
 * row at a time), and per subgoal its edges (8 bytes each) and search
 * state; see subgoal_bytes. */
#ifndef HUNTED_SUBGOAL_H
#define HUNTED_SUBGOAL_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "path.h"

struct subgoal;

/* What one query did, beyond struct path_result's totals. */
struct subgoal_info {
	uint32_t abstract_expanded; /* graph nodes taken off the open list */
	uint32_t abstract_nodes;    /* nodes on the graph path, start and
	                               goal included */
	uint32_t abstract_cost;     /* the graph path's cost */
	uint32_t link_found;        /* subgoals the start and goal reach */
	uint32_t windows;           /* graph edges turned into cells */
	uint32_t rebuilt;           /* subgoals re-derived before this query */
};

/* A graph for grids of width x height; NULL when out of memory or the
 * size is out of range.  It is built by the first query or
 * subgoal_build. */
struct subgoal *subgoal_new(int width, int height);
void subgoal_free(struct subgoal *s);
/* Memory the graph holds now. */
size_t subgoal_bytes(const struct subgoal *s);
/* Subgoals and directed edges of the graph now. */
void subgoal_counts(const struct subgoal *s, size_t *nodes, size_t *edges);

/* Builds the graph for grid g and the moves of p (its diagonal rule and
 * step costs; the rest is ignored).  0, PATH_BAD_ARG (a grid of another
 * size, bad moves) or PATH_NOMEM. */
int subgoal_build(struct subgoal *s, const struct grid *g,
                  const struct path_params *p);

/* (x, y) of the grid changed (blocked, opened, another multiplier): the
 * graph around it is repaired by the next query or subgoal_update.
 * Cells off the map are ignored. */
void subgoal_cells_changed(struct subgoal *s, int x, int y);
/* Repairs the graph for the changes told, now; returns how many
 * subgoals had their edges worked out again (or PATH_NOMEM).  The grid
 * must be the one the graph was built for. */
int subgoal_update(struct subgoal *s, const struct grid *g);

/* Searches from (sx, sy) to (gx, gy) on g with p's moves, which must be
 * the ones the graph was built with (else PATH_BAD_ARG); the first
 * query builds it.  p's algorithm, heuristic, weight, ties and budget
 * are ignored.  windows = 0 returns the whole path; n > 0 only the
 * cells of the first n graph edges.  The path, start first, goes into
 * buf (min(length, cap) points); res (required) receives status, cost,
 * length and the work (stats.expanded: graph nodes); info (may be
 * NULL) more.  Returns res->status. */
int subgoal_find(struct subgoal *s, const struct grid *g,
                 const struct path_params *p, int sx, int sy, int gx, int gy,
                 unsigned windows, struct path_point *buf, size_t cap,
                 struct path_result *res, struct subgoal_info *info);

/* For the AI view: whether (x, y) is a subgoal as last built. */
int subgoal_is_node(const struct subgoal *s, int x, int y);

/* The graph path of the last successful query (start, the subgoals,
 * goal): up to cap points into buf; returns how many there are. */
size_t subgoal_last_abstract(const struct subgoal *s, struct path_point *buf,
                             size_t cap);

#endif
