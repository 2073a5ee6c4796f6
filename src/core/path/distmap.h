/* SPDX-License-Identifier: MIT */
/* distmap.h - distance maps: one Dijkstra from a set of sources over a
 * grid, which every mover heading for them can walk downhill.
 *
 * A distance map holds, for every cell, what a mover pays to walk from it
 * to the nearest of a set of sources under the path engine's rules (step
 * costs, multipliers, diagonal rule).  One Dijkstra from the player serves
 * every chaser of a kind: each walks downhill.
 *
 * A struct distmap is allocated once for a map size and reused: cells are
 * stamped with a generation number, so a build touches only the cells it
 * reaches and never clears the map.  Memory: 8 bytes per cell of the
 * padded (width + 2) x (height + 2) map, plus the open list at 8 bytes an
 * entry, which grows to the largest one seen and is kept. */
#ifndef HUNTED_DISTMAP_H
#define HUNTED_DISTMAP_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "path.h"

#define DISTMAP_UNREACHED UINT32_MAX

struct distmap;

/* NULL when out of memory or the size is not 1..GRID_MAX_DIM. */
struct distmap *distmap_new(int width, int height);
void distmap_free(struct distmap *m);
/* Memory the map holds now (0 for NULL), for reporting bytes per cell. */
size_t distmap_bytes(const struct distmap *m);

/* What a straight step counts on a map made under p: 1 under
 * breadth-first search, whose map counts steps, else p's straight cost.
 * (A map's distance over it is the straight moves to a source.) */
uint32_t distmap_straight(const struct path_params *p);

/* Dijkstra from the sources over g under p (heuristic, weight and budget
 * are ignored).  Afterwards distmap_at(x, y) is the cost of the cheapest
 * walk from (x, y) to a source, entering a cell costing step * its
 * multiplier, exactly what path_find reports for that walk; under
 * breadth-first search (PATH_BFS) it is the fewest steps of a walk
 * there, every step 1 whatever it costs, what path_find's breadth-first
 * way takes (its length less one).  Cells
 * farther than max_cost (0: no limit) or than PATH_COST_MAX stay
 * DISTMAP_UNREACHED, so no distance ever overflows.  Repeated sources are
 * fine; no source gives a map where nothing is reached.
 *
 * Returns 0, PATH_BAD_ARG (NULL pointers, g's size not the map's, bad
 * step costs or diagonal rule, a source off the map or blocked) or
 * PATH_NOMEM.  On error every cell reads DISTMAP_UNREACHED.  *settled
 * (may be NULL) gets the number of cells settled: the work done. */
int distmap_build(struct distmap *m, const struct grid *g,
                  const struct path_params *p, const struct path_point *src,
                  size_t nsrc, uint32_t max_cost, size_t *settled);

/* A lazy map: distmap_start puts the sources in the open list and settles
 * nothing; distmap_reach then settles cells in order of distance, going
 * on where it stopped, until (x, y) is settled, so a map is only as big
 * as its farthest reader needs.  A walk downhill from a settled cell only
 * meets settled cells.  Between the start and the last reach the grid
 * may only get cheaper (cells cheaper, or opened): the cells settled
 * after such a change get the costs of real ways, no dearer than on the
 * grid the map started on but not always the cheapest, and a walk
 * downhill still pays no more than a cell's distance.  After a cell got
 * dearer, start again, or mend the map (distmap_dearer).  distmap_build
 * is a start and a reach of everything.
 *
 * distmap_start returns 0, PATH_BAD_ARG or PATH_NOMEM as distmap_build
 * does.  distmap_reach settles at most `most` more cells (0: no limit),
 * *settled (may be NULL) getting how many, and returns DISTMAP_SETTLED
 * when (x, y) is settled (now or before), DISTMAP_PAUSED when `most`
 * stopped it first (call again to go on), DISTMAP_UNREACHABLE when the
 * map is complete without it, PATH_BAD_ARG (no search started, or (x, y)
 * off the map) or PATH_NOMEM (every cell then reads unreached). */
enum { DISTMAP_SETTLED = 0, DISTMAP_PAUSED = 1, DISTMAP_UNREACHABLE = 2 };
int distmap_start(struct distmap *m, const struct grid *g,
                  const struct path_params *p, const struct path_point *src,
                  size_t nsrc, uint32_t max_cost);
int distmap_reach(struct distmap *m, int x, int y, size_t most,
                  size_t *settled);

/* The grid a lazy map grows on changed: the cell (x, y), of multiplier
 * `was` when the change came, is dearer now or blocked.  The map is
 * mended where the change reaches: the settled cells whose every way went
 * through the cell (or squeezed past it, a corner no longer open) are
 * worked out again from the settled cells round them, as a search
 * started on the grid as it is now would have them, and so are the cells
 * still open whose distance came through them; what is farther than the
 * search had got goes back to its open list.  Afterwards the map is one
 * distmap_start and distmap_reach on the new grid could have made.  The
 * work is about the cells that lost their way, not the map.  A cell no
 * dearer changes nothing; nor does one before a search starts.  *work
 * (may be NULL) gets the cells looked at.  Returns 0, PATH_BAD_ARG ((x,
 * y) off the map) or PATH_NOMEM (every cell then reads unreached). */
int distmap_dearer(struct distmap *m, int x, int y, unsigned was,
                   size_t *work);

/* The distance of a settled cell; DISTMAP_UNREACHED for cells the search
 * has not settled (yet), for cells off the map, and before the first
 * build. */
uint32_t distmap_at(const struct distmap *m, int x, int y);

/* The best step from (x, y) towards the sources: the legal neighbour
 * under p's diagonal rule on g (usually the grid the map was built on)
 * that minimises step cost (1 on a breadth-first map) plus distance and
 * is closer than (x, y) itself; ties go to the first in the order N, E,
 * S, W, NE, SE, SW, NW.
 * Returns 1 with *nx, *ny set, or 0 when there is none (at a source,
 * unreached, or no way down). */
int distmap_step(const struct distmap *m, const struct grid *g,
                 const struct path_params *p, int x, int y, int *nx, int *ny);

/* The way down from (x, y), distmap_step after distmap_step under the
 * moves the map was started with, on g (the grid it was built on, as it
 * is now): the cells after (x, y), up to cap of them, into out.  Returns
 * how many; *more is 1 when it stopped at cap with a way down still to
 * go (call again from the last cell), else 0.  One pass over the map's
 * own arrays, a step's look at its neighbours a few loads: chasers read
 * their ways with it. */
size_t distmap_walk(const struct distmap *m, const struct grid *g, int x,
                    int y, struct path_point *out, size_t cap, int *more);

/* distmap_step that also skips the neighbours blocked(ctx, x, y) refuses
 * (occupied cells, say); blocked may be NULL.  It only ever moves
 * downhill, so when every way down is refused it returns 0 and the mover
 * waits rather than wander. */
int distmap_step_avoid(const struct distmap *m, const struct grid *g,
                       const struct path_params *p, int x, int y,
                       int (*blocked)(void *ctx, int x, int y), void *ctx,
                       int *nx, int *ny);

#endif
