/* SPDX-License-Identifier: MIT */
/* dlite.h - incremental re-planning: D* Lite (Koenig and Likhachev,
 * 2002) over a struct grid, for a walker whose goal stays put while the
 * map changes under it (a door shuts, a wall falls) and while it walks.
 *
 * The search runs backward, from the goal: every cell it settles knows
 * its cost to the goal (g), and a second value (rhs) is what one step
 * onto the best neighbour plus that neighbour's g would give.  A cell
 * whose two values differ is queued.  When cells change, only the cells
 * whose steps changed get their rhs worked out again, and the queue then
 * repairs the costs outward from them, in order of a key that reads the
 * walker's current place through the heuristic, stopping as soon as the
 * walker's own cell is settled.  A change near the walker, the usual
 * case for a monster that finds a door shut a few steps ahead, costs a
 * handful of cells instead of a new search; a change far away behind it
 * may cost nothing.  Because the goal is the search's root, the walker
 * may move freely along its path: moving only shifts the keys, which the
 * queue absorbs with one offset (km) instead of re-sorting.
 *
 * Steps, costs and rules are path.h's: a straight step costs
 * params.straight_cost and a diagonal one params.diagonal_cost, times the
 * multiplier of the cell entered; PATH_DIAG_NEVER, PATH_DIAG_NO_CORNER
 * and PATH_DIAG_ALWAYS as there.  The answer is exact: after any
 * sequence of changes and moves, the cost is the one path_find's A*
 * (weight 1) or Dijkstra gives on the grid as it is now.
 *
 * What dlite_plan accepts: what path_find accepts, with PATH_ASTAR at
 * weight PATH_WEIGHT_ONE or PATH_DIJKSTRA (h = 0), and a heuristic that
 * is admissible under the rule (path_heuristic_admissible; octile,
 * Chebyshev, Euclidean, zero, and Manhattan on 4-way maps), since every
 * such heuristic is also consistent, which the keys need.  ties is
 * ignored.  Anything else is PATH_BAD_ARG.
 *
 * A budget (params.budget at the plan, dlite_set_limit since) limits
 * each search, the plan's and every repair's: one that runs out before
 * the walker's cell is settled gives PATH_BUDGET and no path (not even
 * a partial one).  It stops between two cells, with every cell still to
 * look at queued, so the context stays good: the next dlite_replan,
 * given more room, goes on from there.
 *
 * Ends after changes: path_find refuses a blocked start or goal as an
 * argument error; here a goal or start the changes blocked is simply not
 * reachable, PATH_NO_PATH (unless start and goal are the same cell).
 * A search with no path gives no partial path (partial is 0, length 0).
 *
 * The grid: the context keeps the pointer it was planned on and reads it
 * on every call.  The caller edits the grid (grid_set_cost) and then
 * tells the context which cells it edited, with dlite_cells_changed,
 * before the next dlite_replan; a cell edited and not reported leaves
 * the answer wrong.  Reporting a cell that did not change, or one twice,
 * costs a little work and nothing else.  The context keeps the
 * multipliers as it last knew them, so each step a change touches is
 * weighed old against new, and only the cells whose best step got dearer
 * look for a new one.
 *
 * Memory: 13 bytes per padded cell (g, rhs, the cell's place in the
 * queue and its multiplier as last known) and a generation stamp per
 * block of 64 cells, plus the queue (16 bytes an entry) and the first
 * search's lists (a ring of 4 bytes per f value a step can reach, 16 KiB
 * at costs 10 and 14, and 12 bytes an entry), which grow on demand and
 * are kept.  A context
 * belongs to one (goal, walker) at a time; dlite_plan starts it afresh
 * without clearing the map (the stamps make old cells read as unseen).
 *
 * The heuristic is scaled by params.h_scale, as in path.h: a change that
 * brings a multiplier below it makes the estimates too high and the
 * answers wrong; 1 is always safe.
 *
 * Costs never exceed PATH_COST_MAX: steps past it are not taken, and a
 * walker with no way to the goal gets PATH_COST_RANGE instead of
 * PATH_NO_PATH once such a step has been dropped since the plan (the flag
 * is not cleared by later changes, so after one it may stand where
 * path_find would now say PATH_NO_PATH). */
#ifndef HUNTED_DLITE_H
#define HUNTED_DLITE_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "path.h"

struct dlite_ctx;

/* NULL when out of memory or when the size is not 1..GRID_MAX_DIM. */
struct dlite_ctx *dlite_ctx_new(int width, int height);
void dlite_ctx_free(struct dlite_ctx *ctx);
/* Memory the context holds now. */
size_t dlite_ctx_bytes(const struct dlite_ctx *ctx);

/* The first search for a walker at (sx, sy) heading to (gx, gy) on g
 * (of the context's size, kept until the next dlite_plan): as path_find,
 * the path (start first) into buf, min(length, cap) points, and res
 * (required) with status, cost, length and statistics.  Returns
 * res->status. */
int dlite_plan(struct dlite_ctx *ctx, const struct grid *g,
               const struct path_params *p, int sx, int sy, int gx, int gy,
               struct path_point *buf, size_t cap, struct path_result *res);

/* The cells (x, y) of the planned grid whose multipliers the caller has
 * changed since the last call (blocked, opened, dearer or cheaper); out
 * of range cells are ignored.  Their costs are taken into account now;
 * the repair happens in the next dlite_replan.  Returns 0, PATH_BAD_ARG
 * (no plan yet) or PATH_NOMEM (the queue could not grow; the context
 * then needs a new dlite_plan). */
int dlite_cells_changed(struct dlite_ctx *ctx, const struct path_point *cells,
                        size_t n);

/* The most cells each search from now on may expand (0: no limit), as
 * params.budget for the plan.  Returns 0 or PATH_BAD_ARG (no context). */
int dlite_set_limit(struct dlite_ctx *ctx, uint32_t expansions);

/* The walker is now at (x, y), any cell of the map (usually the next one
 * on its path).  Returns 0 or PATH_BAD_ARG (no plan, or off the map). */
int dlite_move_start(struct dlite_ctx *ctx, int x, int y);

/* Repairs the costs after the changes and moves reported since the last
 * search, and gives the path from the walker's cell to the goal as
 * dlite_plan does.  res->stats counts the work since that search:
 * expanded is the cells taken off the queue whose g was set (raised or
 * lowered; taking a cell off only to re-key it is not counted), so it
 * compares with path_find's expansions; pushes the insertions and key
 * changes; max_open the largest queue.  Returns res->status. */
int dlite_replan(struct dlite_ctx *ctx, struct path_point *buf, size_t cap,
                 struct path_result *res);

#endif
