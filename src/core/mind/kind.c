/* SPDX-License-Identifier: MIT */
/* kind.c - what each monster kind plans with: the search parameters
 * monsters.txt gives it, its cost grid (terrain, its overrides, doors as
 * it can pass them), the connected components of that grid and, on big
 * maps, its hierarchy (subgoal.h), kept up to date by reading the world's
 * log of changes.  The floor of the folder: it calls no other file of
 * it. */
#include <stdlib.h>
#include <string.h>

#include "core/base/dir.h"
#include "core/path/distmap.h"
#include "core/path/flood.h"
#include "core/path/subgoal.h"
#include "core/path/jps.h"
#include "kind_impl.h"
#include "state_impl.h"

/* Extra multiplier for the turns spent opening, unlocking or bashing a
 * door on the way. */
#define OPEN_TURNS 1
#define BASH_TURNS 3

uint8_t kind_cost(const struct world *w, int kind, int t)
{
	const struct data_monster *m = &w->data->monsters[kind];
	const struct data_terrain *tt = &w->data->terrain[t];
	unsigned c = data_terrain_cost(w->data, m, 0, t);

	if (c == 0)
		return 0;
	if (tt->door == DATA_DOOR_CLOSED)
		c += m->opens_doors || m->unlocks_doors ? OPEN_TURNS
		                                        : BASH_TURNS;
	else if (tt->door == DATA_DOOR_LOCKED)
		c += m->unlocks_doors ? OPEN_TURNS : BASH_TURNS;
	return (uint8_t)(c > GRID_COST_MAX ? GRID_COST_MAX : c);
}

/* The kind's grid from the terrain as it is now. */
static void kind_fill(struct kind_state *ks, const struct world *w)
{
	int x, y;

	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++)
			ks->grid.cost[grid_index(&ks->grid, x, y)] =
			        ks->cost[w->terrain[world_idx(w, x, y)]];
	ks->grid.serial++; /* jump point search scans it again */
}

struct kind_state *kind_get(struct minds *md, const struct world *w, int kind)
{
	struct kind_state *ks = &md->work->kinds[kind];
	size_t t, n = (size_t)w->width * (size_t)w->height;

	kind_sync(md, w);
	if (ks->built)
		return ks;
	for (t = 0; t < w->data->nterrain && t < 256; t++)
		ks->cost[t] = kind_cost(w, kind, (int)t);
	ks->diag = (enum path_diagonal)w->data->monsters[kind].diagonal;
	if (grid_init(&ks->grid, w->width, w->height) != GRID_OK)
		return NULL;
	ks->labels = malloc(n * sizeof(*ks->labels));
	if (!ks->labels) {
		grid_fini(&ks->grid);
		return NULL;
	}
	kind_fill(ks, w);
	ks->labels_dirty = 1;
	ks->built = 1;
	return ks;
}

void kind_free(struct kind_state *ks)
{
	grid_fini(&ks->grid);
	free(ks->labels);
	free(ks->sizes);
	free(ks->alias);
	distmap_free(ks->dm);
	subgoal_free(ks->sg);
}

int kind_labels_fresh(struct kind_state *ks, const struct world *w)
{
	uint32_t i;

	if (!ks->labels_dirty)
		return 0;
	/* 4-way and no-corner moves join the same cells (a no-corner
	 * diagonal has both straight ways open); "always" joins more. */
	if (flood_components(&ks->grid, ks->diag, ks->labels, &ks->ncomp) != 0)
		return -1;
	ks->labels_gen++;
	free(ks->sizes);
	free(ks->alias);
	/* Room for the components cells opening up later may add. */
	ks->compcap = ks->ncomp + 64;
	ks->sizes = calloc((size_t)ks->compcap + 1, sizeof(*ks->sizes));
	ks->alias = malloc(((size_t)ks->compcap + 1) * sizeof(*ks->alias));
	if (!ks->sizes || !ks->alias)
		return -1;
	for (i = 0; i <= ks->ncomp; i++)
		ks->alias[i] = i;
	for (i = 0; i < (uint32_t)(w->width * w->height); i++)
		ks->sizes[ks->labels[i]]++;
	ks->labels_dirty = 0;
	return 0;
}

uint32_t kind_comp_root(const struct kind_state *ks, uint32_t l)
{
	while (ks->alias[l] != l)
		l = ks->alias[l];
	return l;
}

uint32_t kind_comp_at(const struct kind_state *ks, size_t idx)
{
	return kind_comp_root(ks, ks->labels[idx]);
}

/* A cell became passable for the kind (a door opened, say): it joins the
 * components of its neighbours, which it may merge, without labelling the
 * map again.  Under 4-way and no-corner moves its straight neighbours
 * are enough: a diagonal step the cell opens (as the corner it needed)
 * joins two cells that are both its straight neighbours.  Under
 * "always" a diagonal needs no corner, so the cell's new ways are to
 * its eight neighbours and those are all it joins.  A cell that became
 * blocked may cut a component apart (kind_close_cell). */
static void kind_open_cell(struct kind_state *ks, const struct world *w, int x,
                           int y)
{
	size_t idx = world_idx(w, x, y);
	uint32_t root = 0;
	const int nd = ks->diag == PATH_DIAG_ALWAYS ? DIR_COUNT : DIR_STRAIGHT;
	int d;

	if (ks->labels_dirty || ks->labels[idx])
		return;
	for (d = 0; d < nd; d++) {
		uint32_t l;

		if (!world_in(w, x + dir_dx[d], y + dir_dy[d]))
			continue;
		l = kind_comp_at(ks,
		                 world_idx(w, x + dir_dx[d], y + dir_dy[d]));
		if (!l || l == root)
			continue;
		if (!root) {
			root = l;
		} else {
			/* The smaller label stays, as a labelling would. */
			uint32_t keep = l < root ? l : root,
			         gone = l < root ? root : l;

			ks->alias[gone] = keep;
			ks->sizes[keep] += ks->sizes[gone];
			ks->sizes[gone] = 0;
			root = keep;
		}
	}
	if (!root) {
		if (ks->ncomp >= ks->compcap) {
			ks->labels_dirty = 1; /* out of room: label afresh */
			return;
		}
		root = ++ks->ncomp;
		ks->alias[root] = root;
	}
	ks->labels[idx] = root;
	ks->sizes[root]++;
}

/* A blocked cell cuts off areas of a component in a corridor or a door
 * of a big region; the floods give up past this share of the map's cells
 * and the kind labels the map afresh (flood_components walks every cell
 * once, about as fast). */
#define CUT_MOST_SHARE 8

struct kind_cut {
	struct kind_state *ks;
	uint32_t from;  /* the component cut */
	uint32_t k, to; /* the area being labelled, its new label */
	int full;       /* out of labels: label afresh */
};

static void kind_cut_cell(void *ctx, uint32_t k, uint32_t cell)
{
	struct kind_cut *c = ctx;
	struct kind_state *ks = c->ks;

	if (c->full)
		return;
	if (k != c->k) {
		if (ks->ncomp >= ks->compcap) {
			c->full = 1;
			return;
		}
		c->k = k;
		c->to = ++ks->ncomp;
		ks->alias[c->to] = c->to;
	}
	ks->labels[cell] = c->to;
	ks->sizes[c->to]++;
	ks->sizes[c->from]--;
}

/* A cell became blocked for the kind (a door shut, a wall raised): it
 * leaves its component, and may cut it apart.  The areas cut off get new
 * labels; a cut too big to find out cheaply (flood_cut gives up) waits
 * for a full labelling (labels_dirty), as does any cut when out of
 * memory or of labels. */
static void kind_close_cell(struct minds_work *wk, struct kind_state *ks,
                            const struct world *w, int x, int y)
{
	const size_t idx = world_idx(w, x, y);
	const size_t n = (size_t)w->width * (size_t)w->height;
	struct kind_cut c;
	uint32_t areas = 0;

	if (ks->labels_dirty || !ks->labels[idx])
		return;
	if (!wk->cut)
		wk->cut = flood_cut_new(w->width, w->height);
	c.ks = ks;
	c.from = kind_comp_at(ks, idx);
	c.k = 0;
	c.to = 0;
	c.full = 0;
	ks->labels[idx] = 0;
	ks->sizes[c.from]--;
	if (!wk->cut ||
	    flood_cut(wk->cut, &ks->grid, ks->diag, x, y,
	              n / CUT_MOST_SHARE + 1, kind_cut_cell, &c, &areas) != 0 ||
	    c.full) {
		ks->labels_dirty = 1;
		return;
	}
	/* Raw labels moved: what the monsters keep of them (decide.c) is
	 * read again. */
	if (areas)
		ks->labels_gen++;
}

/* One change of the dungeon, as every built kind sees it. */
static void kind_change(struct minds *md, const struct world *w,
                        const struct world_change *c)
{
	struct minds_work *wk = md->work;
	size_t k;

	for (k = 0; k < wk->nkinds; k++) {
		struct kind_state *ks = &wk->kinds[k];
		const uint8_t from = ks->cost[c->from], to = ks->cost[c->to];

		if (!ks->built || from == to)
			continue;
		(void)grid_set_cost(&ks->grid, c->x, c->y, to);
		jps_ctx_cell_changed(wk->jctx, &ks->grid, c->x, c->y);
		subgoal_cells_changed(ks->sg, c->x, c->y);
		if (from && !to)
			kind_close_cell(wk, ks, w, c->x, c->y);
		else if (!from && to)
			kind_open_cell(ks, w, c->x, c->y);
		/* A dearer cell can leave the map's ways leading nowhere: a
		 * map to where the player stands is made again, but a far
		 * map, the work of many turns, is mended where the change
		 * reaches.  The cells mended are charged to the tick under
		 * way; the changes minds_tick reads, before it gives the
		 * tick its budget, are mended outside it.  A cheaper one
		 * cannot, but the map's search cannot go on over a grid it
		 * did not start on. */
		if (!to || (from && to > from)) {
			size_t work = 0;

			if (!ks->dm_far || !ks->dm_valid ||
			    distmap_dearer(ks->dm, c->x, c->y, from, &work) != 0)
				ks->dm_valid = 0;
			tick_charge(wk, work, WORK_CELL);
			md->stats.distmap_cells += work;
		}
		ks->dm_sealed = 1;
	}
}

void kind_sync_changes(struct minds *md, const struct world *w)
{
	struct minds_work *wk = md->work;
	uint32_t s;
	size_t k;

	if (w->change_serial - wk->synced <= WORLD_CHANGES_KEPT) {
		for (s = wk->synced + 1; s != w->change_serial + 1; s++)
			kind_change(md, w, world_change(w, s));
		wk->synced = w->change_serial;
		return;
	}
	/* More changes than the world keeps: every grid afresh. */
	for (k = 0; k < wk->nkinds; k++) {
		struct kind_state *ks = &wk->kinds[k];

		if (!ks->built)
			continue;
		kind_fill(ks, w);
		ks->labels_dirty = 1;
		ks->dm_valid = 0;
		/* Built again for the new grid when next needed. */
		subgoal_free(ks->sg);
		ks->sg = NULL;
	}
	wk->synced = w->change_serial;
}

int kind_goal_reachable(struct kind_state *ks, const struct world *w, int x,
                        int y, int gx, int gy)
{
	if (kind_labels_fresh(ks, w) != 0)
		return 1; /* out of memory: let the search decide */
	return kind_goal_joins(ks, w, kind_comp_at(ks, world_idx(w, x, y)),
	                       gx, gy);
}

int kind_goal_joins(const struct kind_state *ks, const struct world *w,
                    uint32_t here, int gx, int gy)
{
	int dx, dy;

	if (ks->cost[w->terrain[world_idx(w, gx, gy)]])
		return kind_comp_at(ks, world_idx(w, gx, gy)) == here;
	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++)
			if (world_in(w, gx + dx, gy + dy) &&
			    kind_comp_at(ks, world_idx(w, gx + dx, gy + dy)) ==
			            here)
				return 1;
	return 0;
}

void kind_params(const struct world *w, int kind, struct path_params *p)
{
	const struct data_monster *m = &w->data->monsters[kind];

	path_params_default(p);
	p->budget = m->budget;
	p->algo = m->algorithm < PATH_ALGO_COUNT ? (enum path_algo)m->algorithm
	                                         : PATH_ASTAR;
	p->heuristic = (enum path_heuristic)m->heuristic;
	p->diagonal = (enum path_diagonal)m->diagonal;
	p->weight = (uint32_t)m->weight * (PATH_WEIGHT_ONE / 10);
	if (m->algorithm == PATH_ALGO_COUNT) {
		/* Jump point search: A* with w = 1 and the octile distance,
		 * also when it falls back to plain A*. */
		p->heuristic = PATH_H_OCTILE;
		p->weight = PATH_WEIGHT_ONE;
	}
}

int kind_jumps(const struct world *w, int kind)
{
	return w->data->monsters[kind].algorithm == PATH_ALGO_COUNT;
}

int kind_maps(const struct world *w, int kind)
{
	struct path_params p;

	/* kind_optimal's kinds, breadth-first, and weighted A* under an
	 * admissible heuristic (its ways cost at most w times the
	 * cheapest, the map's the cheapest). */
	kind_params(w, kind, &p);
	return p.algo == PATH_DIJKSTRA || p.algo == PATH_BFS ||
	       (p.algo == PATH_ASTAR &&
	        path_heuristic_admissible(&p, p.heuristic));
}

int kind_optimal(const struct world *w, int kind)
{
	struct path_params p;

	kind_params(w, kind, &p);
	if (p.algo == PATH_DIJKSTRA)
		return 1;
	return p.algo == PATH_ASTAR && p.weight == PATH_WEIGHT_ONE &&
	       path_heuristic_admissible(&p, p.heuristic);
}
