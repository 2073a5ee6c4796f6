/* SPDX-License-Identifier: MIT */
/* map.h - the tests' own copy of a cost map, apart from struct grid, so
 * that an oracle never reads the engine's data structure; and the ways
 * the tests build one: from ASCII art, at random, as a serpentine. */
#ifndef HUNTED_TESTS_MAP_H
#define HUNTED_TESTS_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/rng.h"
#include "core/path/grid.h"
#include "lib/splitmix.h"

struct test_map {
	int w;
	int h;
	uint8_t *mult; /* w * h, row-major, 0 = blocked */
};

/* A straight and a diagonal step cost. */
struct test_costs {
	uint32_t s;
	uint32_t d;
};

/* Every cell fill; a failed allocation fails the test. */
void test_map_init(struct test_map *m, int w, int h, uint8_t fill);
void test_map_fini(struct test_map *m);

/* 0 (blocked) off the map. */
static inline uint8_t test_map_at(const struct test_map *m, int x, int y)
{
	if (x < 0 || y < 0 || x >= m->w || y >= m->h)
		return 0;
	return m->mult[(size_t)y * (size_t)m->w + (size_t)x];
}

static inline void test_map_set(struct test_map *m, int x, int y, uint8_t v)
{
	m->mult[(size_t)y * (size_t)m->w + (size_t)x] = v;
}

/* A new grid g with m's costs (grid_init and grid_set_cost, checked). */
void test_map_to_grid(const struct test_map *m, struct grid *g);
/* A new map with g's costs, read through grid_cost. */
void test_map_from_grid(struct test_map *m, const struct grid *g);

/* ASCII art, one '\n'-terminated line per row: '#' blocked, '.' plain
 * (1), 'f' forest (5), a digit that multiplier, 'S' and 'G' plain cells
 * marking start and goal (whose places go to *sx, *sy, *gx, *gy; those
 * without a mark are left alone). */
void test_map_from_text(struct test_map *m, const char *text, int *sx, int *sy,
                        int *gx, int *gy);

/* A random map with terrain: sides of 1 to max_dim (half the time at most
 * 16) where w or h is 0, else w x h; obstacle density 0-60 %; every open
 * cell min_mult, or each from min_mult to 9, or min_mult with a quarter
 * at 9; and one time in four 1 to 6 walls across the whole map, each
 * with one gap (corridors, corners and dead ends that noise rarely
 * makes). */
void test_map_random_terrain(struct test_map *m, struct splitmix *r, int w,
                             int h, int max_dim, int min_mult);

/* A random map of one multiplier (1 three times in four, else 2-255):
 * sides of 1 to max_dim (half the time at most 16), obstacle density
 * 0-60 %, and one time in three wall segments of random length with a
 * gap (rooms, corridors and dead ends: what jump point search cares
 * about). */
void test_map_random_uniform(struct test_map *m, struct splitmix *r,
                             int max_dim);

/* A random open cell in (*x, *y), or (-1, -1) on a map with none. */
void test_map_random_open(const struct test_map *m, struct splitmix *r, int *x,
                          int *y);

/* A new random grid, drawn with the game's generator: sides of 1 to
 * max_dim (half the time at most 12), obstacle density 0-60 %, every
 * open cell a multiplier from 1 to 9. */
void test_grid_random(struct rng *r, struct grid *g, int max_dim);

/* A one-wide corridor winding through an n x n map: even rows open,
 * each odd row but the last walled except for one gap, at the east end
 * and the west end in turn; open cells cost mult.  order (n * n cells,
 * may be NULL) gets the corridor's cells (y * n + x) from (0, 0) on.
 * Returns the corridor's length. */
size_t test_map_serpentine(struct test_map *m, int n, uint8_t mult,
                           uint32_t *order);

#endif
