/* SPDX-License-Identifier: MIT */
/* dir.h - hunted's one table of the eight directions on the grid.
 *
 * The four straight directions come first, so a 4-connected search uses
 * the first four and stops; the order is part of every search's fixed
 * tie-break, so it never changes.  y grows downwards (row 0 is the top
 * of the map), so north is dy = -1. */
#ifndef HUNTED_DIR_H
#define HUNTED_DIR_H

enum dir {
	DIR_N = 0,
	DIR_E,
	DIR_S,
	DIR_W,
	DIR_NE,
	DIR_SE,
	DIR_SW,
	DIR_NW,
	DIR_COUNT
};

/* The straight directions are 0..DIR_STRAIGHT - 1. */
#define DIR_STRAIGHT 4

/* Constant tables, so that a loop over the directions folds them into its
 * code. */
static const int dir_dx[DIR_COUNT] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dir_dy[DIR_COUNT] = {-1, 0, 1, 0, -1, 1, 1, -1};

/* The direction back: the table's order puts each direction two places
 * from its opposite (N and S, E and W, NE and SW, SE and NW). */
static inline int dir_opposite(int d)
{
	return d ^ 2;
}

/* The direction of the step (dx, dy), or -1 when it is not one of the
 * eight. */
static inline int dir_of(int dx, int dy)
{
	int d;

	for (d = 0; d < DIR_COUNT; d++)
		if (dir_dx[d] == dx && dir_dy[d] == dy)
			return d;
	return -1;
}

#endif
