/* distmap.h - shared distance maps and connected components for the
 * monsters' AI.
 *
 * A distance map holds, for every cell, what a mover pays to walk from it
 * to the nearest of a set of sources under the path engine's rules (step
 * costs, multipliers, diagonal rule).  One Dijkstra from the player serves
 * every chaser of a kind: each walks downhill.  Components say in O(1)
 * whether a cell can reach another at all. */
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
size_t distmap_bytes(const struct distmap *m);

/* Dijkstra from the sources over g under p (algorithm and heuristic are
 * ignored).  Afterwards distmap_at(x, y) is the cost of the cheapest walk
 * from (x, y) to a source, entering a cell costing step * its multiplier.
 * Cells farther than max_cost (0: no limit) stay DISTMAP_UNREACHED.
 * Nothing is cleared per call (generation stamps).  Returns 0, or
 * PATH_BAD_ARG (size mismatch, bad params, a source off the map or
 * blocked) or PATH_NOMEM; *settled (may be NULL) gets the cells settled. */
int distmap_build(struct distmap *m, const struct grid *g,
                  const struct path_params *p, const struct path_point *src,
                  size_t nsrc, uint32_t max_cost, size_t *settled);

/* DISTMAP_UNREACHED for cells the last build did not reach. */
uint32_t distmap_at(const struct distmap *m, int x, int y);

/* The best step from (x, y) towards the sources: the legal neighbour,
 * not refused by blocked (may be NULL), that minimises step cost plus
 * distance and is closer than (x, y) itself; ties go to the first in the
 * order N, E, S, W, NE, SE, SW, NW.  Returns 1 with *nx, *ny set, or 0
 * when there is none (at a source, unreached, or every way down refused). */
int distmap_step_avoid(const struct distmap *m, const struct grid *g,
                       const struct path_params *p, int x, int y,
                       int (*blocked)(void *ctx, int x, int y), void *ctx,
                       int *nx, int *ny);

/* Labels the connected components of g's passable cells: labels (width *
 * height, row major) gets 0 for blocked cells and 1..*count for the
 * others.  Under PATH_DIAG_ALWAYS diagonal neighbours connect; under the
 * other rules only straight ones do (a no-corner diagonal step joins
 * cells already joined through its corners).  Returns 0 or PATH_NOMEM. */
int grid_components(const struct grid *g, enum path_diagonal diag,
                    uint32_t *labels, uint32_t *count);

#endif
