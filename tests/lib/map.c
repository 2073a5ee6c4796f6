/* SPDX-License-Identifier: MIT */
/* map.c - the tests' own cost maps and their builders (see map.h). */
#include <stdlib.h>
#include <string.h>

#include "lib/map.h"
#include "lib/tap.h"

void test_map_init(struct test_map *m, int w, int h, uint8_t fill)
{
	m->w = w;
	m->h = h;
	m->mult = malloc((size_t)w * (size_t)h);
	assert_non_null(m->mult);
	memset(m->mult, fill, (size_t)w * (size_t)h);
}

void test_map_fini(struct test_map *m)
{
	free(m->mult);
	m->mult = NULL;
}

void test_map_to_grid(const struct test_map *m, struct grid *g)
{
	int x, y;

	assert_int_equal(grid_init(g, m->w, m->h), GRID_OK);
	for (y = 0; y < m->h; y++)
		for (x = 0; x < m->w; x++)
			assert_int_equal(
			        grid_set_cost(g, x, y, test_map_at(m, x, y)),
			        GRID_OK);
}

void test_map_from_grid(struct test_map *m, const struct grid *g)
{
	int x, y;

	test_map_init(m, g->width, g->height, 0);
	for (y = 0; y < g->height; y++)
		for (x = 0; x < g->width; x++)
			test_map_set(m, x, y, grid_cost(g, x, y));
}

void test_map_from_text(struct test_map *m, const char *text, int *sx, int *sy,
                        int *gx, int *gy)
{
	int x, y, w = (int)strcspn(text, "\n"), h = 0;
	const char *p;

	for (p = text; *p; p++)
		h += *p == '\n';
	test_map_init(m, w, h, 1);
	for (y = 0; y < h; y++, text += w + 1) {
		assert_int_equal((int)strcspn(text, "\n"), w);
		for (x = 0; x < w; x++) {
			char ch = text[x];
			uint8_t v = 1;

			if (ch == '#')
				v = 0;
			else if (ch == 'f')
				v = 5;
			else if (ch >= '1' && ch <= '9')
				v = (uint8_t)(ch - '0');
			if (ch == 'S') {
				*sx = x;
				*sy = y;
			} else if (ch == 'G') {
				*gx = x;
				*gy = y;
			}
			test_map_set(m, x, y, v);
		}
	}
}

/* Half the sides are short (up to 16 cells): such maps are cheap and most
 * corner cases need only a few cells. */
static int random_dim(struct splitmix *r, int max)
{
	return splitmix_range(
	        r, 1, splitmix_below(r, 2) ? max : (max < 16 ? max : 16));
}

void test_map_random_terrain(struct test_map *m, struct splitmix *r, int w,
                             int h, int max_dim, int min_mult)
{
	uint32_t density, terrain, walls, i;
	int x, y;

	if (w == 0)
		w = random_dim(r, max_dim);
	if (h == 0)
		h = random_dim(r, max_dim);
	test_map_init(m, w, h, 1);
	density = (uint32_t)splitmix_range(r, 0, 60);
	terrain = splitmix_below(r, 3);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			uint8_t v;

			if (terrain == 0)
				v = (uint8_t)min_mult;
			else if (terrain == 1)
				v = (uint8_t)splitmix_range(r, min_mult, 9);
			else
				v = splitmix_below(r, 4) ? (uint8_t)min_mult
				                         : 9;
			if (splitmix_below(r, 100) < density)
				v = 0;
			test_map_set(m, x, y, v);
		}
	}
	walls = splitmix_below(r, 4) == 0 ? (uint32_t)splitmix_range(r, 1, 6)
	                                  : 0;
	for (i = 0; i < walls; i++) {
		int vertical = (int)splitmix_below(r, 2);
		int at = (int)splitmix_below(r, (uint32_t)(vertical ? w : h));
		int len = vertical ? h : w;
		int gap = (int)splitmix_below(r, (uint32_t)len);
		int k;

		for (k = 0; k < len; k++) {
			if (k == gap)
				continue;
			if (vertical)
				test_map_set(m, at, k, 0);
			else
				test_map_set(m, k, at, 0);
		}
	}
}

void test_map_random_uniform(struct test_map *m, struct splitmix *r,
                             int max_dim)
{
	int w = random_dim(r, max_dim), h = random_dim(r, max_dim);
	uint8_t mult =
	        splitmix_below(r, 4) ? 1 : (uint8_t)splitmix_range(r, 2, 255);
	uint32_t density = splitmix_below(r, 61), walls, i;
	int x, y;

	test_map_init(m, w, h, mult);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			if (splitmix_below(r, 100) < density)
				test_map_set(m, x, y, 0);
	walls = splitmix_below(r, 3)
	                ? 0
	                : splitmix_below(r, 2 + (uint32_t)(w + h) / 4);
	for (i = 0; i < walls; i++) {
		int vertical = (int)splitmix_below(r, 2);
		int len = splitmix_range(r, 1, vertical ? h : w);
		int x0 = splitmix_range(r, 0, w - 1);
		int y0 = splitmix_range(r, 0, h - 1);
		int k, gap = splitmix_range(r, 0, len);

		for (k = 0; k < len; k++) {
			int cx = vertical ? x0 : x0 + k;
			int cy = vertical ? y0 + k : y0;

			if (cx < w && cy < h && k != gap)
				test_map_set(m, cx, cy, 0);
		}
	}
}

void test_map_random_open(const struct test_map *m, struct splitmix *r, int *x,
                          int *y)
{
	int tries;

	for (tries = 0; tries < 64; tries++) {
		*x = splitmix_range(r, 0, m->w - 1);
		*y = splitmix_range(r, 0, m->h - 1);
		if (test_map_at(m, *x, *y))
			return;
	}
	for (*y = 0; *y < m->h; (*y)++)
		for (*x = 0; *x < m->w; (*x)++)
			if (test_map_at(m, *x, *y))
				return;
	*x = *y = -1;
}

void test_grid_random(struct rng *r, struct grid *g, int max_dim)
{
	int w = rng_range(r, 1, rng_below(r, 2) ? max_dim : 12);
	int h = rng_range(r, 1, rng_below(r, 2) ? max_dim : 12);
	int density = rng_range(r, 0, 60), x, y;

	assert_int_equal(grid_init(g, w, h), GRID_OK);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			grid_set_cost(g, x, y,
			              rng_percent(r, density)
			                      ? GRID_BLOCKED
			                      : (uint8_t)rng_range(r, 1, 9));
}

size_t test_map_serpentine(struct test_map *m, int n, uint8_t mult,
                           uint32_t *order)
{
	size_t k = 0;
	int x, y;

	test_map_init(m, n, n, 0);
	for (y = 0; y < n; y++) {
		if (y % 2 == 0) {
			for (x = 0; x < n; x++) {
				int cx = y % 4 == 0 ? x : n - 1 - x;

				test_map_set(m, cx, y, mult);
				if (order)
					order[k] = (uint32_t)(y * n + cx);
				k++;
			}
		} else if (y < n - 1) {
			x = y % 4 == 1 ? n - 1 : 0;
			test_map_set(m, x, y, mult);
			if (order)
				order[k] = (uint32_t)(y * n + x);
			k++;
		}
	}
	return k;
}
