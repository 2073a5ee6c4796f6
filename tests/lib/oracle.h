/* SPDX-License-Identifier: MIT */
/* oracle.h - the brute-force answers the path tests compare the engine
 * with: a textbook Dijkstra and a breadth-first search over a struct
 * test_map, with their own step rule written from the spec, sharing no
 * code with the engine. */
#ifndef HUNTED_TESTS_ORACLE_H
#define HUNTED_TESTS_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "core/path/path.h"
#include "lib/map.h"

#define ORACLE_UNREACHED UINT64_MAX

/* Whether the move (x, y) -> (nx, ny) is legal under rule, and its cost
 * in *cost: the straight or diagonal cost times the multiplier of the
 * entered cell.  Both cells must be open; a no-corner diagonal needs both
 * cells beside it open too. */
static inline int oracle_step(const struct test_map *m, enum path_diagonal rule,
                              const struct test_costs *c, int x, int y, int nx,
                              int ny, uint64_t *cost)
{
	int dx = nx - x, dy = ny - y;
	uint8_t v = test_map_at(m, nx, ny);

	if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
		return 0;
	if (!v || !test_map_at(m, x, y))
		return 0;
	if (dx != 0 && dy != 0) {
		if (rule == PATH_DIAG_NEVER)
			return 0;
		if (rule == PATH_DIAG_NO_CORNER &&
		    (!test_map_at(m, nx, y) || !test_map_at(m, x, ny)))
			return 0;
		*cost = (uint64_t)c->d * v;
	} else {
		*cost = (uint64_t)c->s * v;
	}
	return 1;
}

struct oracle {
	size_t ncells;
	uint64_t *dist;    /* per cell, ORACLE_UNREACHED if not reachable */
	int32_t *steps;    /* per cell, -1 if not reachable */
	uint32_t *queue;   /* the cells the BFS reached, in order */
	uint64_t *heapkey; /* lazy-deletion binary heap of (dist, cell) */
	uint32_t *heapcell;
};

/* Room for maps of up to ncells cells; a failed allocation fails the
 * test. */
void oracle_init(struct oracle *o, size_t ncells);
void oracle_fini(struct oracle *o);

/* Single-source costs from (sx, sy) to every cell into o->dist; returns
 * how many cells are reachable (the start included). */
size_t oracle_dijkstra(struct oracle *o, const struct test_map *m,
                       enum path_diagonal rule, const struct test_costs *c,
                       int sx, int sy);

/* Fewest steps from (sx, sy) to every cell into o->steps, and the cells
 * reached into o->queue in the order a queue meets them, each cell's
 * neighbours taken row by row (north-west, north, north-east, west, east,
 * south-west, south, south-east).  Cells whose no_entry byte is set (the
 * array may be NULL) are never entered, though they still count as open
 * for the corner rule.  Returns how many cells were reached. */
size_t oracle_bfs(struct oracle *o, const struct test_map *m,
                  enum path_diagonal rule, int sx, int sy,
                  const uint8_t *no_entry);

#endif
