/* SPDX-License-Identifier: MIT */
/* world.c - the world itself: making it from loaded data, its cells,
 * the log of changes to its terrain, and what its geometry allows (who
 * may enter a cell, which corners a diagonal step may pass).  Who sees
 * whom is beside what the player sees, in fov.c. */
#include "world.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/path/path.h"

#define WORLD_SPAWN_GAP   5 /* random monsters start this far away */
#define WORLD_SPAWN_TRIES 2000

void world_emit(struct world *w, enum world_event_kind kind, int actor,
                int other, int x, int y, int value)
{
	event_emit(&w->events, w->turn, kind, actor, other, x, y, value);
}

/* ---- cells ------------------------------------------------------------- */

int world_monster_at(const struct world *w, int x, int y)
{
	if (!world_in(w, x, y))
		return -1;
	return (int)w->occ[world_idx(w, x, y)] - 1;
}

int world_item_at(const struct world *w, int x, int y)
{
	size_t i;

	for (i = 0; i < w->nitems; i++)
		if (!w->items[i].taken && w->items[i].x == x &&
		    w->items[i].y == y)
			return (int)i;
	return -1;
}

int world_set_terrain(struct world *w, int x, int y, int t)
{
	struct world_change *c;
	size_t idx;
	int from;

	if (!world_in(w, x, y) || t < 0 || (size_t)t >= w->data->nterrain)
		return -1;
	idx = world_idx(w, x, y);
	from = w->terrain[idx];
	if (from == t)
		return 0;
	w->terrain[idx] = (uint8_t)t;
	w->change_serial++;
	c = &w->changes[w->change_serial % WORLD_CHANGES_KEPT];
	c->serial = w->change_serial;
	c->x = x;
	c->y = y;
	c->from = (uint8_t)from;
	c->to = (uint8_t)t;
	return 0;
}

int world_put(struct world *w, int actor, int x, int y)
{
	const int kind = actor < 0 ? -1 : w->monsters[actor].kind;

	if (actor >= 0 &&
	    ((size_t)actor >= w->nmonsters || !w->monsters[actor].alive))
		return -1;
	if (!world_enterable(w, kind, x, y) || (x == w->px && y == w->py) ||
	    world_monster_at(w, x, y) >= 0)
		return -1;
	if (actor < 0) {
		w->px = x;
		w->py = y;
		return 0;
	}
	w->occ[world_idx(w, w->monsters[actor].x, w->monsters[actor].y)] = 0;
	w->monsters[actor].x = x;
	w->monsters[actor].y = y;
	w->occ[world_idx(w, x, y)] = (int32_t)actor + 1;
	return 0;
}

/* ---- geometry ---------------------------------------------------------- */

int world_cost(const struct world *w, int kind, int x, int y)
{
	if (!world_in(w, x, y))
		return 0;
	return w->cost[(size_t)(kind + 1) * w->data->nterrain +
	               w->terrain[world_idx(w, x, y)]];
}

int world_enterable(const struct world *w, int kind, int x, int y)
{
	return world_cost(w, kind, x, y) != 0;
}

int world_harm(const struct world *w, int kind, int x, int y)
{
	if (!world_in(w, x, y))
		return 0;
	return data_terrain_harm(w->data,
	                         kind >= 0 ? &w->data->monsters[kind] : NULL,
	                         w->terrain[world_idx(w, x, y)]);
}

int world_corner_ok(const struct world *w, int kind, int x, int y, int dx,
                    int dy)
{
	if (dx == 0 || dy == 0)
		return 1;
	/* A monster moves by its kind's diagonal rule, the player by
	 * no-corner. */
	if (kind >= 0 && w->data->monsters[kind].diagonal == PATH_DIAG_NEVER)
		return 0;
	if (kind >= 0 && w->data->monsters[kind].diagonal == PATH_DIAG_ALWAYS)
		return 1;
	return world_enterable(w, kind, x + dx, y) &&
	       world_enterable(w, kind, x, y + dy);
}

/* ---- creation ---------------------------------------------------------- */

/* Who may enter what, at what cost: the player with every key (bumping a
 * locked door is how the player learns it is locked), each monster kind
 * as its data say. */
static int cost_table(struct world *w)
{
	const struct data *d = w->data;
	size_t k, t;

	w->cost = malloc((d->nmonsters + 1) * (d->nterrain ? d->nterrain : 1));
	if (!w->cost)
		return -1;
	for (k = 0; k <= d->nmonsters; k++)
		for (t = 0; t < d->nterrain; t++)
			w->cost[k * d->nterrain + t] = data_terrain_cost(
			        d, k ? &d->monsters[k - 1] : NULL, !k, (int)t);
	return 0;
}

static int place_ok(const struct world *w, int kind, int x, int y)
{
	const struct data_terrain *t = world_terrain_at(w, x, y);

	if (w->occ[world_idx(w, x, y)] || (x == w->px && y == w->py))
		return 0;
	return world_enterable(w, kind, x, y) && t->door != DATA_DOOR_CLOSED &&
	       t->door != DATA_DOOR_LOCKED;
}

static int add_monster(struct world *w, int kind, int x, int y, int guard)
{
	struct world_monster *m = &w->monsters[w->nmonsters];
	const struct data_monster *dm = &w->data->monsters[kind];

	memset(m, 0, sizeof(*m));
	m->kind = kind;
	m->x = m->home_x = x;
	m->y = m->home_y = y;
	m->hp = dm->hp;
	m->alive = 1;
	m->guard = guard;
	m->prev_x = m->prev_y = -1;
	w->occ[world_idx(w, x, y)] = (int32_t)(w->nmonsters + 1);
	w->nmonsters++;
	return 0;
}

/* What the map places: its monsters (up to nmon), keys and exit. */
static void place_map(struct world *w, const struct data_map *map, size_t nmon)
{
	size_t i;

	for (i = 0; i < map->nplaces; i++) {
		const struct data_place *pl = &map->places[i];

		switch (pl->kind) {
		case DATA_PLACE_MONSTER:
			if (w->nmonsters < nmon &&
			    !w->occ[world_idx(w, pl->x, pl->y)])
				add_monster(w, pl->what, pl->x, pl->y, 1);
			break;
		case DATA_PLACE_KEY:
			w->items[w->nitems].key = pl->what;
			w->items[w->nitems].x = pl->x;
			w->items[w->nitems].y = pl->y;
			w->nitems++;
			break;
		case DATA_PLACE_EXIT:
			if (w->exit_x < 0) {
				w->exit_x = pl->x;
				w->exit_y = pl->y;
			}
			break;
		default:
			break;
		}
	}
}

/* Fills the world up to want monsters, kinds and places from the RNG: a
 * random cell the kind can stand on, away from the player. */
static int spawn_random(struct world *w, size_t want, struct diag_list *diags)
{
	const size_t nk = w->data->nmonsters;

	while (w->nmonsters < want) {
		int kind = (int)rng_below(&w->rng, (uint32_t)nk), tries;
		size_t k;

		for (k = 0; k < nk; k++) {
			int kk = (int)(((size_t)kind + k) % nk);

			for (tries = 0; tries < WORLD_SPAWN_TRIES; tries++) {
				int x = (int)rng_below(&w->rng,
				                       (uint32_t)w->width);
				int y = (int)rng_below(&w->rng,
				                       (uint32_t)w->height);

				if (abs(x - w->px) < WORLD_SPAWN_GAP &&
				    abs(y - w->py) < WORLD_SPAWN_GAP)
					continue;
				if (!place_ok(w, kk, x, y))
					continue;
				add_monster(w, kk, x, y, 0);
				break;
			}
			if (tries < WORLD_SPAWN_TRIES)
				break;
		}
		if (k == nk) {
			diag_add(diags, DIAG_ERROR, w->data->map->src.file, 1,
			         1, NULL, 0, NULL,
			         "no room for %zu monsters: placed %zu", want,
			         w->nmonsters);
			return -1;
		}
	}
	return 0;
}

struct world *world_new(struct data *d, uint64_t seed, int monsters,
                        struct diag_list *diags)
{
	struct world *w;
	const struct data_map *map;
	size_t i, ncells, nmon = 0, nkeys = 0;

	if (!d || !d->map || !d->map->cells || d->nmonsters == 0) {
		diag_add(diags, DIAG_ERROR,
		         d && d->map ? d->map->src.file : "?", 1, 1, NULL, 0,
		         NULL, "no dungeon or no monster kinds to play");
		data_free(d);
		return NULL;
	}
	/* The level's variant, from its seed: a replay, a resumed save and
	 * a reload make the world from the same seed, so the same variant. */
	if (data_vary(d, seed, diags) != 0) {
		data_free(d);
		return NULL;
	}
	map = d->map;
	w = calloc(1, sizeof(*w));
	if (!w)
		goto nomem;
	w->data = d;
	d = NULL;
	w->monsters_asked = monsters;
	if (cost_table(w) != 0)
		goto nomem;
	w->width = map->width;
	w->height = map->height;
	ncells = (size_t)w->width * (size_t)w->height;
	w->terrain = malloc(ncells);
	w->occ = calloc(ncells, sizeof(*w->occ));
	w->seen = calloc(ncells, 1);
	w->memory = calloc(ncells, 1);
	if (!w->terrain || !w->occ || !w->seen || !w->memory)
		goto nomem;
	memcpy(w->terrain, map->cells, ncells);
	w->seed = seed;
	rng_seed(&w->rng, seed);
	w->px = map->player_x;
	w->py = map->player_y;
	w->php = w->php_max = data_player(w->data)->hp;
	w->sight = data_player(w->data)->sight;
	w->fov_x1 = w->fov_y1 = -1;
	w->exit_x = w->exit_y = -1;
	for (i = 0; i < map->nplaces; i++) {
		if (map->places[i].kind == DATA_PLACE_MONSTER)
			nmon++;
		else if (map->places[i].kind == DATA_PLACE_KEY)
			nkeys++;
	}
	if (monsters >= 0) {
		if ((size_t)monsters > DATA_MONSTERS_MAX) {
			diag_add(diags, DIAG_ERROR, map->src.file, 1, 1, NULL,
			         0, NULL, "at most %d monsters",
			         DATA_MONSTERS_MAX);
			world_free(w);
			return NULL;
		}
		nmon = (size_t)monsters;
	}
	w->monsters = calloc(nmon ? nmon : 1, sizeof(*w->monsters));
	w->items = calloc(nkeys ? nkeys : 1, sizeof(*w->items));
	if (!w->monsters || !w->items)
		goto nomem;
	place_map(w, map, nmon);
	if (spawn_random(w, nmon, diags) != 0) {
		world_free(w);
		return NULL;
	}
	return w;
nomem:
	diag_add(diags, DIAG_ERROR, map ? map->src.file : "?", 1, 1, NULL, 0,
	         NULL, "out of memory");
	data_free(d);
	world_free(w);
	return NULL;
}

void world_free(struct world *w)
{
	if (!w)
		return;
	free(w->monsters);
	free(w->items);
	event_log_fini(&w->events);
	free(w->terrain);
	free(w->occ);
	free(w->seen);
	free(w->memory);
	free(w->cost);
	data_free(w->data);
	free(w);
}
