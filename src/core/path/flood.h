/* SPDX-License-Identifier: MIT */
/* flood.h - what is connected to what on a grid: a breadth-first flood
 * from one cell, counting steps, the labelling of every connected area
 * at once, and what a cell blocked cut off.  All move as the path engine
 * does (path_step_cost's rule), so "reached" here means what a search
 * would find.  Used when a dungeon is loaded, checked or generated, and
 * by the monsters' minds to tell at once whether a target can be reached
 * at all, keeping up with doors shut and walls raised. */
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

/* What flood_cut works in, for grids of one size; NULL when out of
 * memory. */
struct flood_cut;
struct flood_cut *flood_cut_new(int width, int height);
void flood_cut_free(struct flood_cut *fc);

/* The cell (x, y) of g has just been blocked (its cost is 0 now): the
 * passable cells next to it, joined through it before as
 * flood_components joins cells under rule diag, may have been cut apart.
 * Floods from each of them at once, a cell each in turn, and joins the
 * floods that meet, until one is left; a flood that runs out before then
 * has walked an area cut off from the rest.  Each area cut off is told
 * cell by cell to piece(ctx, k, cell): k is 1 for the first area, 2 for
 * the next, and cell the index of the cell, row major and not padded.
 * The area of the last flood is not walked whole: the work is about the
 * cells of the areas cut off, times the floods (four, or eight under
 * PATH_DIAG_ALWAYS).  Sets *areas to how many were cut off.  Returns 0;
 * 1 when it gave up, having entered `most` cells (0: no limit), the
 * areas told so far standing but the rest unknown; PATH_NOMEM, or
 * PATH_BAD_ARG (NULL pointers, a grid of another size than fc's, a bad
 * rule, (x, y) off the map or passable). */
int flood_cut(struct flood_cut *fc, const struct grid *g,
              enum path_diagonal diag, int x, int y, size_t most,
              void (*piece)(void *ctx, uint32_t k, uint32_t cell), void *ctx,
              uint32_t *areas);

#endif
