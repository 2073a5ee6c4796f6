/* SPDX-License-Identifier: MIT */
/* jps.h - hunted's second path engine: jump point search (Harabor and
 * Grastien, 2011) for grids whose passable cells all cost the same.
 *
 * On such a grid most optimal paths are interchangeable: they differ only
 * in the order of their straight and diagonal steps.  Jump point search
 * keeps one of them (diagonal steps first) and, instead of putting every
 * neighbour on the open list, runs along straight and diagonal lines until
 * it meets a cell where the order matters (a "jump point": a wall corner
 * beside the line, or the goal).  Only jump points enter the open list, so
 * big open maps cost a handful of expansions instead of thousands.  The
 * answer is exact: the same status and cost as path_find's A*, though the
 * path may be another one of the same cost.
 *
 * What it accepts, and what it refuses with PATH_BAD_ARG:
 *   - everything path_find refuses (bad params, a grid of another size
 *     than the context's, start or goal off the map or blocked);
 *   - any algorithm but PATH_ASTAR with weight PATH_WEIGHT_ONE, and ties
 *     other than PATH_TIES_LOW_H (jump points break ties that way);
 *   - PATH_DIAG_NEVER: only the two 8-way rules are supported,
 *     PATH_DIAG_ALWAYS (diagonals past wall corners) and
 *     PATH_DIAG_NO_CORNER (a diagonal needs both orthogonal cells open);
 *   - a grid whose passable cells do not all have the same multiplier.
 * The heuristic, h_scale and the path_params fields that only matter for
 * other algorithms are ignored: the search always uses the octile distance
 * times the grid's multiplier, which is admissible and consistent there.
 * budget is honoured: it caps the jump points expanded (PATH_BUDGET, with
 * no partial path).  Expanded counts the jump points taken off the open
 * list.  As in Harabor and Grastien's JPS2 (2014), the cells of a
 * diagonal run are not jump points of their own: a jump point that a
 * straight run from one of them finds is reached from the diagonal's
 * start, diagonally and then straight (see jps.c), so a jump may turn
 * once.
 *
 * What the context keeps of the grid: the walls as bits (by rows and by
 * columns, with where runs stop worked out from them) and whether the
 * passable cells all cost the same, made by one pass over the grid (a
 * "sync", O(width * height)).  It remembers which grid that was: its cost
 * pointer and its serial (grid.h), which grid_set_cost and grid_fill bump.
 * A query on another cost pointer, or on the same grid with another
 * serial, syncs first; other queries cost nothing extra.  So the rule for
 * callers is:
 *   - changing cells through grid_set_cost or grid_fill (doors opening
 *     and shutting, walls, other multipliers) needs nothing more;
 *   - writing g->cost[] directly needs g->serial bumped, or
 *     jps_ctx_set_grid, before the next query: the search does not read
 *     the cost bytes to see where walls are, and stale bits could lead a
 *     path through a wall that is now shut;
 *   - a new grid that may have been allocated at the old grid's address
 *     (with the same serial) needs jps_ctx_set_grid before the next query.
 * A sync after a small change is cheaper than the first: the pass over
 * the bytes finds the changed words, and only the 64 x 64 blocks around
 * them are worked out again.
 *
 * Memory: 12 bytes per padded cell of search state (g, parent, and a word
 * packing a generation stamp, the closed flag and the direction of
 * arrival); the wall bits, ten bits per padded cell by rows and ten by
 * columns (the open cells, and where runs stop for each rule and way),
 * padded to whole 64-bit words with a guard word at each end of a line:
 * about 1.7 bytes per cell on a 512 x 512 map, more on small ones (4.3 on
 * 65 x 81); and an open list that grows on demand and is kept between
 * queries.  Nothing is cleared between queries, and nothing is allocated
 * per query except that growth.  The open list's order is fixed as in path.h
 * (lowest f, then larger g, then the heap's own deterministic order), so the
 * same query gives the same path every time.
 *
 * Costs and limits as in path.h: the straight and diagonal step costs of
 * p times the grid's multiplier; g never exceeds PATH_COST_MAX (runs that
 * would go past it are not taken), and a search that then does not reach
 * the goal reports PATH_COST_RANGE rather than PATH_NO_PATH. */
#ifndef HUNTED_JPS_H
#define HUNTED_JPS_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "path.h"

struct jps_ctx;

/* Returns NULL when out of memory or when the size is not 1..GRID_MAX_DIM. */
struct jps_ctx *jps_ctx_new(int width, int height);
void jps_ctx_free(struct jps_ctx *ctx);
/* Memory the context holds now, for reporting bytes per cell. */
size_t jps_ctx_bytes(const struct jps_ctx *ctx);

/* The multiplier every passable cell of g has (1..GRID_COST_MAX), or 0
 * when they differ, when g has no passable cell, or g is NULL or empty.
 * One pass over the grid. */
int jps_grid_uniform(const struct grid *g);

/* Syncs the context with g (its wall bits, and jps_grid_uniform's answer)
 * and makes it the context's remembered grid, whatever its cost pointer
 * and serial.  Returns the multiplier, 0 when g is not uniform (queries on
 * it then return PATH_BAD_ARG), or PATH_BAD_ARG when ctx or g is NULL or
 * g's size is not the context's. */
int jps_ctx_set_grid(struct jps_ctx *ctx, const struct grid *g);

/* Tells the context that cell (x, y) of g changed, the only change since
 * it last looked at g, with g's serial bumped once for it: its bits then
 * follow at the cost of a 64 x 64 block instead of the next query's scan
 * of the whole grid.  Does nothing (and the next query scans) when the
 * context holds another grid, other changes came first, or g's passable
 * cells did not all cost the same; a change that makes them differ
 * leaves queries refusing g, as a scan would. */
void jps_ctx_cell_changed(struct jps_ctx *ctx, const struct grid *g, int x,
                          int y);

/* Searches from (sx, sy) to (gx, gy) on g, whose size must be the
 * context's.  The path, start first and with every cell between two jump
 * points filled in, goes into buf: min(length, cap) points.  res
 * (required) receives status, cost, length and stats: expanded counts
 * jump points taken off the open list, pushes their insertions and
 * improvements, max_open the largest number of them open at once.  On
 * PATH_NO_PATH, PATH_BUDGET and PATH_COST_RANGE the length is 0 and
 * partial is 0.  Returns res->status. */
int jps_find(struct jps_ctx *ctx, const struct grid *g,
             const struct path_params *p, int sx, int sy, int gx, int gy,
             struct path_point *buf, size_t cap, struct path_result *res);

/* jps_find with a trace (path.h's struct path_trace, may be NULL) of
 * every jump point pushed (its parent the jump point it was reached
 * from, dir the direction of the jump's last step) and expanded, for the
 * AI view. */
int jps_find_traced(struct jps_ctx *ctx, const struct grid *g,
                    const struct path_params *p, int sx, int sy, int gx, int gy,
                    struct path_point *buf, size_t cap, struct path_result *res,
                    struct path_trace *trace);

#endif
