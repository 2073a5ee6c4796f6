/* SPDX-License-Identifier: MIT */
/* flee.c - the safety map a hurt monster runs down.  The distances from
 * the player under the kind's own costs, scaled by -FLEE_SCALE_TENTHS / 10
 * and relaxed again: far cells become the wells, and a cell's value is
 * then the cheapest way to some well, so the cells on the way out of a
 * corridor lead on to the far wells beyond while a corridor's closed end
 * is a shallow well of its own that relaxation does not deepen.
 *
 * On a big dungeon the map covers a window round the cell fled from,
 * wide enough for every fleeing monster of the kind that asked: a way
 * out of the window counts as a way on, its cell a well deeper by what
 * the rest of a window's width would add.  One map serves the kind and
 * is kept across turns, so a crowd that turns tail pays for it once. */
#include <stdlib.h>

#include "core/path/distmap.h"
#include "kind_impl.h"
#include "state_impl.h"

/* How much farther than the nearest way away a fleeing monster will
 * walk for a better refuge, in tenths. */
#define FLEE_SCALE_TENTHS 12
#define FLEE_NONE         INT32_MAX
/* Dungeons of up to so many cells get a map of all of it. */
#define FLEE_WHOLE (128 * 128)
/* The window's least half side, and the room it keeps round the
 * farthest monster that asked, in cells: well beyond any kind's sight. */
#define FLEE_RADIUS 32
#define FLEE_MARGIN 16
/* A map whose cell fled from moved is made again when the budget
 * affords it, and at once when that cell moved more than FLEE_FAR cells
 * or the map is FLEE_AGE turns old. */
#define FLEE_FAR 4
#define FLEE_AGE 8

static const int flee_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int flee_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

void flee_free(struct minds_work *wk)
{
	size_t k;

	for (k = 0; k < wk->nflees; k++)
		free(wk->flees[k].v);
	free(wk->flees);
	free(wk->flee_heap);
	free(wk->flee);
	distmap_free(wk->flee_dm);
	wk->flees = NULL;
	wk->nflees = 0;
	wk->flee_heap = NULL;
	wk->flee_heapcap = 0;
	wk->flee = NULL;
	wk->flee_dm = NULL;
	wk->fleecap = 0;
	wk->flee_of = 0;
	wk->view_built = 0;
}

/* The open list of the relaxation: a binary heap, lowest key first,
 * entries made stale by a lower value left in and skipped. */
static void flee_heap_sift(struct flee_entry *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct flee_entry t;

		if (l < n && h[l].key < h[m].key)
			m = l;
		if (l + 1 < n && h[l + 1].key < h[m].key)
			m = l + 1;
		if (m == i)
			return;
		t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

static void flee_heap_push(struct flee_entry *h, size_t *n, int32_t key,
                           uint32_t at)
{
	size_t i = (*n)++;

	while (i && h[(i - 1) / 2].key > key) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i].key = key;
	h[i].at = at;
}

/* Lowers each cell of the window to the cheapest value a step out of it
 * reaches: a Dijkstra from every cell at once, each starting at its own
 * value, so every cell is settled once.  Returns the cells settled, or
 * -1 when out of memory. */
static long flee_relax(struct minds_work *wk, struct flee_map *fm,
                       const struct grid *g, const struct path_params *p)
{
	size_t cells = (size_t)fm->w * (size_t)fm->h, n = 0, c;
	long settled = 0;
	struct flee_entry *h;
	int32_t *v = fm->v;

	/* A cell enters the list once at its start and once a lowering,
	 * at most eight times. */
	if (wk->flee_heapcap < 9 * cells) {
		h = realloc(wk->flee_heap, 9 * cells * sizeof(*h));
		if (!h)
			return -1;
		wk->flee_heap = h;
		wk->flee_heapcap = 9 * cells;
	}
	h = wk->flee_heap;
	for (c = 0; c < cells; c++)
		if (v[c] != FLEE_NONE) {
			h[n].key = v[c];
			h[n++].at = (uint32_t)c;
		}
	for (c = n / 2; c-- > 0;)
		flee_heap_sift(h, n, c);
	while (n) {
		struct flee_entry e = h[0];
		int x, y, k;

		h[0] = h[--n];
		flee_heap_sift(h, n, 0);
		if (e.key != v[e.at])
			continue;
		settled++;
		x = fm->x0 + (int)(e.at % (uint32_t)fm->w);
		y = fm->y0 + (int)(e.at / (uint32_t)fm->w);
		/* Each neighbour a step into this cell reaches. */
		for (k = 0; k < 8; k++) {
			int cx = x + flee_dx[k], cy = y + flee_dy[k];
			uint32_t s, at;

			if (cx < fm->x0 || cy < fm->y0 ||
			    cx >= fm->x0 + fm->w || cy >= fm->y0 + fm->h)
				continue;
			at = (uint32_t)((cy - fm->y0) * fm->w + (cx - fm->x0));
			if (v[at] == FLEE_NONE)
				continue;
			s = path_step_cost(g, p, cx, cy, x, y);
			if (!s || e.key + (int32_t)s >= v[at])
				continue;
			v[at] = e.key + (int32_t)s;
			flee_heap_push(h, &n, v[at], at);
		}
	}
	return settled;
}

/* Makes fm the kind's map from (sx, sy) over a window of half side
 * radius (0: the whole dungeon).  Returns 0 or -1. */
static int flee_make(struct minds_work *wk, const struct world *w,
                     struct kind_state *ks, int kind, struct flee_map *fm,
                     int sx, int sy, int radius)
{
	struct path_params p;
	struct path_point src = {sx, sy};
	uint32_t max_cost = 0, step, exit_bonus = 0;
	size_t settled = 0, cells;
	long relaxed;
	int x, y;

	kind_params(w, kind, &p);
	step = p.straight_cost < p.diagonal_cost ? p.straight_cost
	                                         : p.diagonal_cost;
	if (!step)
		step = 1;
	if (radius) {
		/* Every multiplier is at least 1, so no cell within max_cost
		 * lies more than radius king's moves away. */
		max_cost = (uint32_t)radius * step;
		fm->x0 = sx - radius > 0 ? sx - radius : 0;
		fm->y0 = sy - radius > 0 ? sy - radius : 0;
		fm->w = (sx + radius < w->width ? sx + radius : w->width - 1) -
		        fm->x0 + 1;
		fm->h = (sy + radius < w->height ? sy + radius
		                                 : w->height - 1) -
		        fm->y0 + 1;
		/* What a window's width of way on would add (scale - 1 of
		 * it). */
		exit_bonus = (uint32_t)((uint64_t)max_cost *
		                        (FLEE_SCALE_TENTHS - 10) / 10);
	} else {
		fm->x0 = fm->y0 = 0;
		fm->w = w->width;
		fm->h = w->height;
	}
	fm->made = 0;
	cells = (size_t)fm->w * (size_t)fm->h;
	if (fm->cap < cells) {
		int32_t *v = realloc(fm->v, cells * sizeof(*v));

		if (!v)
			return -1;
		fm->v = v;
		fm->cap = cells;
	}
	if (!wk->flee_dm)
		wk->flee_dm = distmap_new(w->width, w->height);
	if (!wk->flee_dm)
		return -1;
	if (distmap_build(wk->flee_dm, &ks->grid, &p, &src, 1, max_cost,
	                  &settled) != 0)
		return -1;
	for (y = 0; y < fm->h; y++)
		for (x = 0; x < fm->w; x++) {
			int ax = fm->x0 + x, ay = fm->y0 + y, k;
			uint32_t d = distmap_at(wk->flee_dm, ax, ay);
			int32_t *c = &fm->v[(size_t)y * (size_t)fm->w + x];

			if (d == DISTMAP_UNREACHED) {
				*c = FLEE_NONE;
				continue;
			}
			*c = -(int32_t)((int64_t)d * FLEE_SCALE_TENTHS / 10);
			/* A step to a cell the bound left out leads on. */
			for (k = 0; radius && k < 8; k++)
				if (path_step_cost(&ks->grid, &p, ax, ay,
				                   ax + flee_dx[k],
				                   ay + flee_dy[k]) &&
				    distmap_at(wk->flee_dm, ax + flee_dx[k],
				               ay + flee_dy[k]) ==
				            DISTMAP_UNREACHED) {
					*c -= (int32_t)exit_bonus;
					break;
				}
		}
	relaxed = flee_relax(wk, fm, &ks->grid, &p);
	if (relaxed < 0)
		return -1;
	/* Planning work like any other, charged to the tick: a cell
	 * settled by either pass costs about what a map's cell does. */
	fm->work = settled + (uint64_t)relaxed;
	tick_charge(wk, fm->work, WORK_CELL);
	fm->made = 1;
	fm->mw = w->width;
	fm->mh = w->height;
	fm->sx = sx;
	fm->sy = sy;
	fm->radius = radius;
	fm->reach = 0;
	fm->serial = w->change_serial;
	fm->turn = w->turn;
	fm->built++;
	return 0;
}

/* The value of (x, y) on fm, FLEE_NONE off its window. */
static int32_t flee_at(const struct flee_map *fm, int x, int y)
{
	if (!fm->made || x < fm->x0 || y < fm->y0 || x >= fm->x0 + fm->w ||
	    y >= fm->y0 + fm->h)
		return FLEE_NONE;
	return fm->v[(size_t)(y - fm->y0) * (size_t)fm->w +
	             (size_t)(x - fm->x0)];
}

int flee_build(struct minds *md, const struct world *w, struct kind_state *ks,
               int kind, int sx, int sy, int mx, int my)
{
	struct minds_work *wk = md->work;
	struct flee_map *fm;
	int far, whole, inside = 0, wider = 0, radius = 0;

	if (kind < 0)
		return -1;
	if ((size_t)kind >= wk->nflees) {
		size_t n = w->data->nmonsters > (size_t)kind
		                   ? w->data->nmonsters
		                   : (size_t)kind + 1;
		struct flee_map *f = realloc(wk->flees, n * sizeof(*f));

		if (!f)
			return -1;
		for (; wk->nflees < n; wk->nflees++)
			f[wk->nflees] = (struct flee_map){0};
		wk->flees = f;
	}
	fm = &wk->flees[kind];
	whole = (size_t)w->width * (size_t)w->height <= FLEE_WHOLE;
	far = chebyshev(mx, my, sx, sy);
	if (fm->made && (fm->mw != w->width || fm->mh != w->height ||
	                 !whole != !!fm->radius))
		fm->made = 0;
	if (fm->made) {
		int moved = chebyshev(fm->sx, fm->sy, sx, sy);
		int fresh = !moved && fm->serial == w->change_serial;
		uint64_t cost = work_nodes(fm->work, WORK_CELL);

		/* Whether it serves this monster: well inside the window,
		 * and reached.  A monster it does not reach from the same
		 * cell needs a wider window. */
		inside = !fm->radius ||
		         chebyshev(mx, my, fm->sx, fm->sy) + FLEE_MARGIN / 2 <=
		                 fm->radius;
		if (inside && fm->radius && flee_at(fm, mx, my) == FLEE_NONE &&
		    fm->radius < w->width + w->height) {
			inside = 0;
			wider = !moved;
		}
		if (inside && (fresh || (moved <= FLEE_FAR &&
		                         w->turn - fm->turn < FLEE_AGE &&
		                         cost > wk->tick_left))) {
			if (far > fm->reach)
				fm->reach = far;
			return 0;
		}
	}
	if (!whole) {
		int need = (fm->made && fm->reach > far ? fm->reach : far) +
		           FLEE_MARGIN;

		radius = need > FLEE_RADIUS ? need : FLEE_RADIUS;
		if (wider && radius <= fm->radius)
			radius = 2 * fm->radius;
		if (radius > w->width + w->height)
			radius = w->width + w->height;
	}
	if (flee_make(wk, w, ks, kind, fm, sx, sy, radius) != 0)
		return -1;
	fm->reach = far;
	md->stats.flee_maps++;
	md->stats.flee_cells += fm->work;
	return 0;
}

int flee_step(const struct minds *md, const struct world *w,
              const struct kind_state *ks, int kind, int x, int y, int *nx,
              int *ny)
{
	const struct flee_map *fm;
	struct path_params p;
	int32_t best;
	int k, found = 0;

	if (kind < 0 || (size_t)kind >= md->work->nflees)
		return 0;
	fm = &md->work->flees[kind];
	best = flee_at(fm, x, y);
	if (best == FLEE_NONE)
		return 0;
	kind_params(w, kind, &p);
	for (k = 0; k < 8; k++) {
		int cx = x + flee_dx[k], cy = y + flee_dy[k];
		int32_t c;

		if (!world_in(w, cx, cy) ||
		    !path_step_cost(&ks->grid, &p, x, y, cx, cy) ||
		    w->occ[world_idx(w, cx, cy)] ||
		    (cx == w->px && cy == w->py))
			continue;
		c = flee_at(fm, cx, cy);
		if (c != FLEE_NONE && c < best) {
			best = c;
			*nx = cx;
			*ny = cy;
			found = 1;
		}
	}
	return found;
}

const int32_t *flee_view(const struct minds *md, int kind)
{
	struct minds_work *wk = md->work;
	const struct flee_map *fm;
	size_t n, c;
	int x, y;

	if (kind < 0 || (size_t)kind >= wk->nflees || !wk->flees[kind].made)
		return NULL;
	fm = &wk->flees[kind];
	n = (size_t)fm->mw * (size_t)fm->mh;
	if (wk->flee && wk->view_kind == kind && wk->view_built == fm->built)
		return wk->flee;
	if (wk->fleecap < n) {
		int32_t *v = realloc(wk->flee, n * sizeof(*v));

		if (!v)
			return NULL;
		wk->flee = v;
		wk->fleecap = n;
	}
	for (c = 0; c < n; c++)
		wk->flee[c] = FLEE_NONE;
	for (y = 0; y < fm->h; y++)
		for (x = 0; x < fm->w; x++)
			wk->flee[(size_t)(fm->y0 + y) * (size_t)fm->mw +
			         (size_t)(fm->x0 + x)] =
			        fm->v[(size_t)y * (size_t)fm->w + (size_t)x];
	wk->view_kind = kind;
	wk->view_built = fm->built;
	return wk->flee;
}
