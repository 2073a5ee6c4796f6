/* SPDX-License-Identifier: MIT */
/* cost.c - what entering each terrain costs the player or a monster kind,
 * and the whole map as the grid of multipliers the path engine sees.
 * Doors are costed as their open form for whoever can open them. */
#include "config.h"

#include "data.h"

#include <stdio.h>
#include <string.h>

#include "core/base/i18n.h"

/* What entering a door costs once it is open. */
static uint8_t cost_open(const struct data *d, const struct data_terrain *t)
{
	if (t->opens_to >= 0 && d->terrain[t->opens_to].walk)
		return d->terrain[t->opens_to].cost;
	return 1;
}

static const struct data_monster cost_player_default = {
        .name = "player",
        .glyph = '@',
        .color = DATA_COLOR_WHITE,
        .bright = 1,
        .speed = 100,
        .hp = 30,
        .attack = 4,
        .accuracy = 80,
        .sight = 8,
        .opens_doors = 1,
        .heuristic = 1,
        .diagonal = 1,
        .weight = 10,
};

const struct data_monster *data_player(const struct data *d)
{
	return d && d->player ? d->player : &cost_player_default;
}

/* m's own cost for terrain t ("cost t N", or "cost * never"), or -1
 * when it gives none. */
static int cost_override(const struct data_monster *m, int t)
{
	size_t i;
	int star = -1;

	for (i = 0; m && i < m->noverrides; i++) {
		if (m->overrides[i].terrain == t)
			return m->overrides[i].cost;
		if (m->overrides[i].terrain < 0)
			star = m->overrides[i].cost;
	}
	return star;
}

int data_terrain_harm(const struct data *d, const struct data_monster *m, int t)
{
	size_t i;

	if (t < 0 || (size_t)t >= d->nterrain)
		return 0;
	if (!m)
		m = d->player;
	for (i = 0; m && i < m->noverrides; i++)
		if (m->overrides[i].terrain == t && m->overrides[i].cost)
			return 0;
	return d->terrain[t].harm;
}

uint8_t data_terrain_cost(const struct data *d, const struct data_monster *m,
                          int has_keys, int t)
{
	const struct data_terrain *tt;
	int own;

	if (t < 0 || (size_t)t >= d->nterrain)
		return 0;
	tt = &d->terrain[t];
	own = cost_override(m ? m : d->player, t);
	if (own >= 0)
		return (uint8_t)own;
	/* A closed door is planned through at the cost of the open door it
	 * becomes: opening it is part of walking into it. */
	switch (tt->door) {
	case DATA_DOOR_CLOSED:
		if (!m || m->opens_doors || m->unlocks_doors || m->bashes_doors)
			return cost_open(d, tt);
		return 0;
	case DATA_DOOR_LOCKED:
		/* A door with no key (a wedged one) only a basher passes. */
		if (m ? (m->bashes_doors ||
		         (m->unlocks_doors && tt->unlocked_by >= 0))
		      : has_keys && tt->unlocked_by >= 0)
			return cost_open(d, tt);
		return 0;
	default:
		return tt->walk ? tt->cost : 0;
	}
}

int data_map_grid(const struct data *d, const struct data_monster *m,
                  int has_keys, struct grid *g)
{
	const struct data_map *map = d->map;
	uint8_t costs[256];
	size_t i;
	int x, y, rc;

	if (!map || !map->cells) {
		memset(g, 0, sizeof(*g));
		return GRID_EINVAL;
	}
	rc = grid_init(g, map->width, map->height);
	if (rc != GRID_OK)
		return rc;
	for (i = 0; i < d->nterrain && i < 256; i++)
		costs[i] = data_terrain_cost(d, m, has_keys, (int)i);
	for (y = 0; y < map->height; y++)
		for (x = 0; x < map->width; x++)
			grid_set_cost(
			        g, x, y,
			        costs[map->cells[(size_t)y * map->width + x]]);
	return GRID_OK;
}

int data_terrain_effect(const struct data *d, int t, char *buf, size_t size)
{
	const int c = data_terrain_cost(d, NULL, 1, t);
	const int harm = c ? data_terrain_harm(d, NULL, t) : 0;

	if (c > 1 && harm > 0)
		return snprintf(buf, size,
		                _("moving onto it takes %d turns; %d damage on "
		                  "entering"),
		                c, harm);
	if (c > 1)
		return snprintf(buf, size, _("moving onto it takes %d turns"),
		                c);
	if (harm > 0)
		return snprintf(buf, size, _("%d damage on entering"), harm);
	return snprintf(buf, size, "%s", "");
}
