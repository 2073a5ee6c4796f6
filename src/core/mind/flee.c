/* SPDX-License-Identifier: MIT */
/* flee.c - the safety map a hurt monster runs down.  The distances from
 * the player under the kind's own costs, scaled by -FLEE_SCALE_TENTHS / 10
 * and relaxed again: far cells become the wells, and a cell's value is
 * then the cheapest way to some well, so the cells on the way out of a
 * corridor lead on to the far wells beyond while a corridor's closed end
 * is a shallow well of its own that relaxation does not deepen. */
#include <stdlib.h>

#include "core/path/distmap.h"
#include "kind_impl.h"
#include "state_impl.h"

/* How much farther than the nearest way away a fleeing monster will
 * walk for a better refuge, in tenths. */
#define FLEE_SCALE_TENTHS 12
#define FLEE_NONE         INT32_MAX

static const int flee_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int flee_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

void flee_free(struct minds_work *wk)
{
	free(wk->flee);
	distmap_free(wk->flee_dm);
	wk->flee = NULL;
	wk->flee_dm = NULL;
	wk->fleecap = 0;
	wk->flee_of = 0;
	wk->flee_made = 0;
}

/* Lowers each cell to the cheapest value a step out of it reaches, till
 * nothing changes: Bellman-Ford by sweeps, which the small maps of the
 * game afford. */
static void flee_relax(int32_t *v, const struct world *w, const struct grid *g,
                       const struct path_params *p)
{
	int changed = 1, x, y, k;

	while (changed) {
		changed = 0;
		for (y = 0; y < w->height; y++)
			for (x = 0; x < w->width; x++) {
				int32_t *c = &v[world_idx(w, x, y)];

				if (*c == FLEE_NONE)
					continue;
				for (k = 0; k < 8; k++) {
					int nx = x + flee_dx[k],
					    ny = y + flee_dy[k];
					uint32_t s;
					int32_t n;

					if (!world_in(w, nx, ny))
						continue;
					n = v[world_idx(w, nx, ny)];
					s = path_step_cost(g, p, x, y, nx, ny);
					if (n == FLEE_NONE || !s ||
					    n + (int32_t)s >= *c)
						continue;
					*c = n + (int32_t)s;
					changed = 1;
				}
			}
	}
}

int flee_build(struct minds *md, const struct world *w, struct kind_state *ks,
               int kind, int sx, int sy)
{
	struct minds_work *wk = md->work;
	size_t n = (size_t)w->width * (size_t)w->height, c;
	struct path_params p;
	struct path_point src = {sx, sy};

	/* The same map serves every monster of the kind fleeing from the
	 * same cell while the dungeon stays as it was: a crowd that turns
	 * tail would otherwise relax the whole map once each. */
	if (wk->flee_made && wk->flee_kind == kind && wk->flee_sx == sx &&
	    wk->flee_sy == sy && wk->flee_serial == w->change_serial)
		return 0;
	wk->flee_made = 0;
	if (wk->fleecap < n) {
		int32_t *v = realloc(wk->flee, n * sizeof(*v));

		if (!v)
			return -1;
		wk->flee = v;
		wk->fleecap = n;
	}
	if (!wk->flee_dm)
		wk->flee_dm = distmap_new(w->width, w->height);
	if (!wk->flee_dm)
		return -1;
	kind_params(w, kind, &p);
	if (distmap_build(wk->flee_dm, &ks->grid, &p, &src, 1, 0, NULL) != 0)
		return -1;
	for (c = 0; c < n; c++) {
		uint32_t d =
		        distmap_at(wk->flee_dm, (int)(c % (size_t)w->width),
		                   (int)(c / (size_t)w->width));

		wk->flee[c] = d == DISTMAP_UNREACHED
		                      ? FLEE_NONE
		                      : -(int32_t)((int64_t)d *
		                                   FLEE_SCALE_TENTHS / 10);
	}
	flee_relax(wk->flee, w, &ks->grid, &p);
	wk->flee_of = 0;
	wk->flee_made = 1;
	wk->flee_kind = kind;
	wk->flee_sx = sx;
	wk->flee_sy = sy;
	wk->flee_serial = w->change_serial;
	return 0;
}

int flee_step(const struct minds *md, const struct world *w,
              const struct kind_state *ks, int kind, int x, int y, int *nx,
              int *ny)
{
	const int32_t *v = md->work->flee;
	struct path_params p;
	int32_t best;
	int k, found = 0;

	if (!v || v[world_idx(w, x, y)] == FLEE_NONE)
		return 0;
	best = v[world_idx(w, x, y)];
	kind_params(w, kind, &p);
	for (k = 0; k < 8; k++) {
		int cx = x + flee_dx[k], cy = y + flee_dy[k];
		int32_t c;

		if (!world_in(w, cx, cy) ||
		    !path_step_cost(&ks->grid, &p, x, y, cx, cy) ||
		    w->occ[world_idx(w, cx, cy)] ||
		    (cx == w->px && cy == w->py))
			continue;
		c = v[world_idx(w, cx, cy)];
		if (c != FLEE_NONE && c < best) {
			best = c;
			*nx = cx;
			*ny = cy;
			found = 1;
		}
	}
	return found;
}
