/* SPDX-License-Identifier: MIT */
/* gen_common.c - what the generator's rooms (gen_rooms.c) and caves
 * (gen_cave.c) both use, below them: terrain patches, reachability and
 * placing things.
 *
 * Terrain patches go only where they cannot cut the dungeon apart: in
 * the core of a room, one cell in from its walls, so the ring of floor
 * along the walls keeps every door of the room connected whatever the
 * patch is (and trees never touch, so they cannot wall in a cell of
 * grass).  A breadth-first search then checks that the player can pick
 * up the key and reach the stairs. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/path/flood.h"
#include "gen_state_impl.h"

#define TREE_PCT 15 /* a grass cell grows a tree */

/* ---- patches ----------------------------------------------------------- */

/* Is (dx, dy) inside the ellipse of radii rx, ry (a line when one is 0)? */
int gen_in_ellipse(int dx, int dy, int rx, int ry)
{
	long long a, b, r;

	if (rx == 0)
		return dx == 0 && dy >= -ry && dy <= ry;
	if (ry == 0)
		return dy == 0 && dx >= -rx && dx <= rx;
	a = (long long)dx * dx * ry * ry;
	b = (long long)dy * dy * rx * rx;
	r = (long long)rx * rx * ry * ry;
	return a + b <= r;
}

/* Is there a tree among the neighbours of (x, y) already written (above
 * and to the left)?  Trees that never touch, even corner to corner,
 * cannot wall in a cell of grass. */
static int gen_tree_near(const struct gen *g, int x, int y)
{
	const uint8_t tree = (uint8_t)g->t[GT_TREE];

	return g->cells[gen_idx(g, x - 1, y - 1)] == tree ||
	       g->cells[gen_idx(g, x, y - 1)] == tree ||
	       g->cells[gen_idx(g, x + 1, y - 1)] == tree ||
	       g->cells[gen_idx(g, x - 1, y)] == tree;
}

/* What a patch of the given kind (0-99) puts on its cell (x, y), (dx, dy)
 * from its middle in an ellipse of radii rx, ry: below odds[0] mud,
 * below odds[1] shallow water, below odds[2] a pool (deep inside
 * shallow), below odds[3] lava, else grass with a tree now and then. */
int gen_patch_cell(struct gen *g, const uint32_t odds[4], uint32_t kind, int x,
                   int y, int dx, int dy, int rx, int ry)
{
	if (kind < odds[0])
		return GT_MUD;
	if (kind < odds[1])
		return GT_SHALLOW;
	if (kind < odds[2])
		return gen_in_ellipse(dx, dy, rx - 1, ry - 1) ? GT_DEEP
		                                              : GT_SHALLOW;
	if (kind < odds[3])
		return GT_LAVA;
	if (rng_percent(&g->rng, TREE_PCT) && !gen_tree_near(g, x, y))
		return GT_TREE;
	return GT_GRASS;
}

/* ---- reachability ------------------------------------------------------ */

/* Breadth-first steps from the player, four ways, over the terrain pass[]
 * allows; 4-way reachable is reachable under every diagonal rule.
 * Returns the number of cells reached. */
size_t gen_bfs(struct gen *g, const uint8_t *pass)
{
	const size_t n = (size_t)g->w * (size_t)g->h;
	size_t i;

	for (i = 0; i < n; i++)
		g->pass.cost[grid_index(&g->pass, (int)(i % (size_t)g->w),
		                        (int)(i / (size_t)g->w))] =
		        pass[g->cells[i]] != 0;
	memset(g->dist, 0xff, n * sizeof(*g->dist));
	return flood_steps(&g->pass, PATH_DIAG_NEVER, g->px, g->py, g->dist,
	                   g->queue);
}

/* Can the player, starting with no key and picking up every key it comes
 * across, reach an exit? */
int gen_exit_reachable(struct gen *g)
{
	const struct data *d = g->d;
	uint8_t pass[256], held[DATA_KEY_MAX] = {0};
	size_t i, t;
	int more = 1;

	while (more) {
		more = 0;
		for (t = 0; t < d->nterrain; t++) {
			const struct data_terrain *tt = &d->terrain[t];

			if (tt->door == DATA_DOOR_LOCKED)
				pass[t] = tt->unlocked_by >= 0 &&
				          held[tt->unlocked_by] &&
				          data_terrain_cost(d, NULL, 1, (int)t);
			else
				pass[t] = data_terrain_cost(d, NULL, 0,
				                            (int)t) != 0;
		}
		gen_bfs(g, pass);
		for (i = 0; i < g->nplaces; i++) {
			const struct data_place *p = &g->places[i];

			if (p->kind == DATA_PLACE_KEY && !held[p->what] &&
			    g->dist[gen_idx(g, p->x, p->y)] != NO_DIST) {
				held[p->what] = 1;
				more = 1;
			}
		}
	}
	for (i = 0; i < g->nplaces; i++) {
		const struct data_place *p = &g->places[i];

		if (p->kind == DATA_PLACE_EXIT &&
		    g->dist[gen_idx(g, p->x, p->y)] != NO_DIST)
			return 1;
	}
	return 0;
}

/* ---- placing things ---------------------------------------------------- */

void gen_place(struct gen *g, int kind, int what, int x, int y)
{
	struct data_place *p = &g->places[g->nplaces++];

	p->kind = (uint8_t)kind;
	p->what = what;
	p->x = x;
	p->y = y;
	g->mark[gen_idx(g, x, y)] |= MARK_TAKEN;
}
