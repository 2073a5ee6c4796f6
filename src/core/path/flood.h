/* SPDX-License-Identifier: MIT */
/* flood.h - what is connected to what on a grid: a breadth-first flood
 * from one cell, counting steps, and the labelling of every connected
 * area at once.  Both move as the path engine does (path_step_cost's
 * rule), so "reached" here means what a search would find.  Used when a
 * dungeon is loaded, checked or generated, and by the monsters' minds to
 * tell at once whether a target can be reached at all. */
#ifndef HUNTED_FLOOD_H
#define HUNTED_FLOOD_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "path.h"

#define FLOOD_UNREACHED UINT32_MAX

/* Breadth-first steps from (x, y) over g's passable cells, moving as the
 * path engine does under rule diag.  dist (width * height, row major, not
 * padded) gets each reached cell's number of steps; only cells whose dist
 * is FLOOD_UNREACHED are entered, so the caller resets dist first, or
 * keeps an earlier flood's marks to label areas one at a time.  queue
 * (width * height) gets the cells reached, nearest first; among cells as
 * near, those found from an earlier cell come first, and each cell's
 * neighbours are found row by row (north-west, north, north-east, west,
 * east, south-west, south, south-east).  Returns the number of cells
 * reached: 0 when (x, y) is off the map, blocked or already marked. */
size_t flood_steps(const struct grid *g, enum path_diagonal diag, int x, int y,
                   uint32_t *dist, uint32_t *queue);

/* Labels the connected components of g's passable cells: labels (width *
 * height, row major, not padded) gets 0 for blocked cells and 1..*count
 * for the others, numbered in the row-major order of each component's
 * first cell.  Under PATH_DIAG_ALWAYS diagonal neighbours connect; under
 * the other rules only straight ones do (a no-corner diagonal step joins
 * cells already joined through its corners).  Needs no memory besides
 * labels (union-find kept in labels itself, no recursion).  Returns 0 or
 * PATH_BAD_ARG (NULL pointers, a bad rule). */
int flood_components(const struct grid *g, enum path_diagonal diag,
                     uint32_t *labels, uint32_t *count);

#endif
