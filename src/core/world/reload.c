/* SPDX-License-Identifier: MIT */
/* reload.c - continuing a world on reloaded data. */
#include "config.h"

#include "reload.h"

#include <stdlib.h>
#include <string.h>

#include "fov.h"

/* Whether kind may stand on (x, y) of w: it could enter the terrain and it
 * is not a shut door. */
static int stand_ok(const struct world *w, int kind, int x, int y)
{
	const struct data_terrain *t = world_terrain_at(w, x, y);

	return world_enterable(w, kind, x, y) && t->door != DATA_DOOR_CLOSED &&
	       t->door != DATA_DOOR_LOCKED;
}

/* The key bits of old translated by name into w's key indices. */
static uint64_t keys_by_name(const struct world *old, const struct world *w)
{
	uint64_t keys = 0;
	size_t k;

	for (k = 0; k < old->data->nkeys && k < 64; k++) {
		int nk;

		if (!(old->keys & ((uint64_t)1 << k)))
			continue;
		nk = data_key_find(w->data, old->data->keys[k].name);
		if (nk >= 0 && nk < 64)
			keys |= (uint64_t)1 << nk;
	}
	return keys;
}

/* The tools of old's pack, by name into w's item kinds. */
static void carry_pack(const struct world *old, struct world *w)
{
	size_t k;

	for (k = 0; k < old->data->nkeys && k < DATA_KEY_MAX; k++) {
		const int nk = data_key_find(w->data, old->data->keys[k].name);

		if (old->pack[k] && nk >= 0 && nk < DATA_KEY_MAX)
			w->pack[nk] = old->pack[k];
	}
}

static void carry_items(const struct world *old, struct world *w)
{
	size_t i, j;

	for (i = 0; i < w->nitems; i++)
		for (j = 0; j < old->nitems; j++)
			if (old->items[j].taken &&
			    old->items[j].x == w->items[i].x &&
			    old->items[j].y == w->items[i].y &&
			    !strcmp(old->data->keys[old->items[j].key].name,
			            w->data->keys[w->items[i].key].name))
				w->items[i].taken = 1;
}

/* What the player remembers of old, cell by cell, each terrain found by
 * name in w's data (a terrain the new data no longer has is remembered
 * as the cell is now).  Both maps have the same size. */
static void carry_memory(const struct world *old, struct world *w)
{
	const size_t n = (size_t)w->width * (size_t)w->height;
	int map[DATA_TERRAIN_MAX + 1];
	size_t i, t;

	for (t = 0; t < old->data->nterrain && t < DATA_TERRAIN_MAX; t++)
		map[t] = data_terrain_find(w->data, old->data->terrain[t].name);
	for (i = 0; i < n; i++) {
		const int was = (int)old->memory[i] - 1;

		if (was < 0)
			w->memory[i] = 0;
		else if (map[was] >= 0)
			w->memory[i] = (uint8_t)(map[was] + 1);
		else
			w->memory[i] = (uint8_t)(w->terrain[i] + 1);
	}
}

static int carry_monsters(const struct world *old, struct world *w,
                          struct reload_report *rep, size_t *from)
{
	struct world_monster *ms;
	size_t i, n = 0;

	ms = calloc(old->nmonsters ? old->nmonsters : 1, sizeof(*ms));
	if (!ms)
		return -1;
	free(w->monsters);
	w->monsters = ms;
	w->nmonsters = 0;
	memset(w->occ, 0,
	       (size_t)w->width * (size_t)w->height * sizeof(*w->occ));
	for (i = 0; i < old->nmonsters; i++) {
		const struct world_monster *om = &old->monsters[i];
		struct world_monster *m = &ms[n];
		int kind = data_monster_find(
		        w->data, old->data->monsters[om->kind].name);

		if (kind < 0 ||
		    (om->alive && !stand_ok(w, kind, om->x, om->y)) ||
		    (om->alive && w->occ[world_idx(w, om->x, om->y)]) ||
		    (om->alive && om->x == w->px && om->y == w->py)) {
			rep->dropped++;
			continue;
		}
		*m = *om;
		m->kind = kind;
		if (m->hp > w->data->monsters[kind].hp)
			m->hp = w->data->monsters[kind].hp;
		m->prev_x = m->prev_y = -1;
		m->prev_turn = 0;
		from[n] = i;
		if (m->alive)
			w->occ[world_idx(w, m->x, m->y)] = (int32_t)(n + 1);
		n++;
	}
	w->nmonsters = n;
	rep->kept = n;
	return 0;
}

struct world *reload_world(const struct world *old, struct data *d,
                           struct diag_list *diags, struct reload_report *rep,
                           size_t *from)
{
	struct world *w;
	const struct data_terrain *t;

	memset(rep, 0, sizeof(*rep));
	w = world_new(d, old->seed, old->monsters_asked, diags);
	if (!w)
		return NULL;
	if (w->width != old->width || w->height != old->height) {
		rep->restarted = 1;
		rep->kept = w->nmonsters;
		fov_update(w);
		return w;
	}
	t = world_terrain_at(w, old->px, old->py);
	if (t->walk && t->door != DATA_DOOR_CLOSED &&
	    t->door != DATA_DOOR_LOCKED) {
		w->px = old->px;
		w->py = old->py;
		rep->player_kept = 1;
	}
	w->php = old->php;
	w->penergy = old->penergy;
	w->keys = keys_by_name(old, w);
	carry_pack(old, w);
	w->turn = old->turn;
	w->rng = old->rng;
	w->swaps = old->swaps;
	w->state = old->state;
	carry_items(old, w);
	if (carry_monsters(old, w, rep, from) != 0) {
		diag_add(diags, DIAG_ERROR, "?", 1, 1, NULL, 0, NULL,
		         "out of memory");
		world_free(w);
		return NULL;
	}
	w->sight = old->sight;
	carry_memory(old, w);
	fov_update(w);
	return w;
}
