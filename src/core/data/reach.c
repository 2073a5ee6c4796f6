/* SPDX-License-Identifier: MIT */
/* reach.c - warnings for dungeons that load but cannot be played
 * properly: an exit the player cannot reach, a monster that can never
 * get next to the player.
 *
 * Over the multiplier grids the game will give the path engine, under
 * the engine's default diagonal rule, the connected areas of a mover are
 * labelled all at once (flood_components: what A* will find from a cell
 * is the cell's area).  Movers that may enter the same terrains of the
 * map have the same areas, so each such group is labelled once however
 * many kinds it holds, and the player's labels serve the kinds that move
 * as the player does: a check costs a few passes over the map, not a
 * flood per kind. */
#include "data_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/path/flood.h"

/* The bits of struct reach's near. */
#define REACH_PLAYER 1 /* in the player's area */
#define REACH_ROW    2 /* in it or beside a cell of it in the same row */
#define REACH_NEAR   4 /* in it or next to it (eight neighbours) */

/* One check of one dungeon, and the memory its passes share. */
struct reach {
	const struct data *d;
	const struct data_map *m;
	struct diag_list *diags;
	enum path_diagonal diag;
	size_t cells;
	int has_keys;         /* the map holds keys: the player has them all */
	uint8_t present[256]; /* the terrains on the map */
	uint32_t *labels;     /* the areas of the grid last labelled */
	uint32_t count;       /* how many areas it has */
	uint8_t *near;        /* REACH_* bits per cell */
	uint8_t *meets;       /* per label: its area comes next to the player */
	uint8_t *kind_pass;   /* per monster kind, per terrain on the map:
	                       * whether it may enter it */
	int *group;           /* per monster kind: the first kind that moves as
	                       * it does, or -1 when none of its is placed */
	uint8_t *never;       /* per place: a monster that can never reach the
	                       * player */
	int warnings;
};

/* Whether mover m (NULL: the player) may enter each terrain of the map,
 * into pass (one byte per terrain kind). */
static void reach_pass(const struct reach *r, const struct data_monster *m,
                       int has_keys, uint8_t *pass)
{
	size_t t;

	for (t = 0; t < r->d->nterrain; t++)
		pass[t] = r->present[t] &&
		          data_terrain_cost(r->d, m, has_keys, (int)t) != 0;
}

/* Labels the areas of mover m's grid (m NULL: the player's) into
 * r->labels and r->count.  Returns 0, or -1 when out of memory. */
static int reach_label(struct reach *r, const struct data_monster *m)
{
	struct grid g;
	int rc;

	if (data_map_grid(r->d, m, m ? 0 : r->has_keys, &g) != GRID_OK)
		return -1;
	rc = flood_components(&g, r->diag, r->labels, &r->count);
	grid_fini(&g);
	return rc == 0 ? 0 : -1;
}

/* The player's area (REACH_PLAYER) from the labels, and the cells in it
 * or next to it (REACH_NEAR): a 3x3 neighbourhood, a row at a time and
 * then across the rows. */
static void reach_near(struct reach *r, uint32_t player)
{
	const size_t w = (size_t)r->m->width, h = (size_t)r->m->height;
	uint8_t *near = r->near;
	size_t x, y, i;

	for (i = 0; i < r->cells; i++)
		near[i] = player && r->labels[i] == player ? REACH_PLAYER : 0;
	for (y = 0; y < h; y++) {
		uint8_t *row = near + y * w;

		for (x = 0; x < w; x++)
			if ((row[x] | (x > 0 ? row[x - 1] : 0) |
			     (x + 1 < w ? row[x + 1] : 0)) &
			    REACH_PLAYER)
				row[x] |= REACH_ROW;
	}
	for (y = 0; y < h; y++) {
		uint8_t *row = near + y * w;
		const uint8_t *up = y > 0 ? row - w : row;
		const uint8_t *down = y + 1 < h ? row + w : row;

		for (x = 0; x < w; x++)
			if ((row[x] | up[x] | down[x]) & REACH_ROW)
				row[x] |= REACH_NEAR;
	}
}

/* The player's area: with every key if the map holds any, since the
 * order in which keys are found is the player's puzzle.  Then the exits
 * outside it. */
static int reach_player(struct reach *r)
{
	const struct data_map *m = r->m;
	size_t i;

	for (i = 0; i < m->nplaces; i++)
		if (m->places[i].kind == DATA_PLACE_KEY)
			r->has_keys = 1;
	if (reach_label(r, NULL) != 0)
		return -1;
	reach_near(r, r->labels[(size_t)m->player_y * m->width + m->player_x]);
	for (i = 0; i < m->nplaces; i++) {
		const struct data_place *pl = &m->places[i];

		if (pl->kind == DATA_PLACE_EXIT &&
		    !(r->near[(size_t)pl->y * m->width + pl->x] &
		      REACH_PLAYER)) {
			map_cell_report(r->diags, DIAG_WARNING, m, pl->x, pl->y,
			                "the exit cannot be reached from the "
			                "player start");
			r->warnings++;
		}
	}
	return 0;
}

/* Groups the placed monster kinds by the terrains of the map they may
 * enter (r->group): the kinds of a group have the same areas. */
static void reach_group(struct reach *r)
{
	const struct data *d = r->d;
	const struct data_map *m = r->m;
	size_t i, j, k, nt = d->nterrain;

	for (k = 0; k < d->nmonsters; k++)
		r->group[k] = -1;
	for (i = 0; i < m->nplaces; i++)
		if (m->places[i].kind == DATA_PLACE_MONSTER)
			r->group[m->places[i].what] = 0;
	for (k = 0; k < d->nmonsters; k++) {
		if (r->group[k] < 0)
			continue;
		reach_pass(r, &d->monsters[k], 0, r->kind_pass + k * nt);
		for (j = 0; j < k; j++)
			if (r->group[j] == (int)j &&
			    !memcmp(r->kind_pass + j * nt,
			            r->kind_pass + k * nt, nt))
				break;
		r->group[k] = (int)j;
	}
}

/* The monsters of group g (kinds moving as kind g does) that can never
 * come next to the player, into r->never, from r->labels, which hold
 * the areas of kind g's grid. */
static void reach_group_meets(struct reach *r, int g)
{
	const struct data_map *m = r->m;
	size_t i;

	memset(r->meets, 0, (size_t)r->count + 1);
	for (i = 0; i < r->cells; i++)
		if (r->near[i] & REACH_NEAR)
			r->meets[r->labels[i]] = 1;
	for (i = 0; i < m->nplaces; i++) {
		const struct data_place *pl = &m->places[i];
		uint32_t a = r->labels[(size_t)pl->y * m->width + pl->x];

		/* An area of 0 is a blocked cell: already an error. */
		if (pl->kind == DATA_PLACE_MONSTER && r->group[pl->what] == g)
			r->never[i] = a && !r->meets[a];
	}
}

/* Every group of monster kinds is labelled once; the first, when it
 * moves as the player does, takes the player's labels as they are. */
static int reach_monsters(struct reach *r)
{
	const struct data *d = r->d;
	size_t k, nt = d->nterrain;
	uint8_t *player = malloc(nt ? nt : 1);
	size_t first = d->nmonsters; /* the group labelled as the player */

	if (!player)
		return -1;
	reach_pass(r, NULL, r->has_keys, player);
	reach_group(r);
	/* The player's labels are still in r->labels. */
	for (k = 0; k < d->nmonsters && first == d->nmonsters; k++)
		if (r->group[k] == (int)k &&
		    !memcmp(r->kind_pass + k * nt, player, nt)) {
			reach_group_meets(r, (int)k);
			first = k;
		}
	free(player);
	for (k = 0; k < d->nmonsters; k++) {
		if (r->group[k] != (int)k || k == first)
			continue;
		if (reach_label(r, &d->monsters[k]) != 0)
			return -1;
		reach_group_meets(r, (int)k);
	}
	return 0;
}

/* The warnings, kind by kind and each in the order of the places. */
static void reach_report(struct reach *r)
{
	const struct data_map *m = r->m;
	size_t k, i;
	char msg[128];

	for (k = 0; k < r->d->nmonsters; k++) {
		if (r->group[k] < 0)
			continue;
		snprintf(msg, sizeof(msg),
		         "monster '%s' can never reach the player",
		         r->d->monsters[k].name);
		for (i = 0; i < m->nplaces; i++) {
			const struct data_place *pl = &m->places[i];

			if (pl->kind != DATA_PLACE_MONSTER ||
			    pl->what != (int)k || !r->never[i])
				continue;
			map_cell_report(r->diags, DIAG_WARNING, m, pl->x, pl->y,
			                msg);
			r->warnings++;
		}
	}
}

int data_check_reachable(const struct data *d, struct diag_list *diags)
{
	const struct data_map *m = d->map;
	struct path_params pp;
	struct reach r = {0};
	size_t i;
	int rc = -1;

	if (!m || !m->cells || m->player_x < 0)
		return 0;
	path_params_default(&pp);
	r.d = d;
	r.m = m;
	r.diags = diags;
	r.diag = pp.diagonal;
	r.cells = (size_t)m->width * (size_t)m->height;
	for (i = 0; i < r.cells; i++)
		r.present[m->cells[i]] = 1;
	r.labels = malloc(r.cells * sizeof(*r.labels));
	r.near = malloc(r.cells);
	r.meets = malloc(r.cells + 1);
	r.kind_pass = malloc(d->nmonsters * d->nterrain + 1);
	r.group = malloc((d->nmonsters + 1) * sizeof(*r.group));
	r.never = calloc(m->nplaces + 1, 1);
	if (!r.labels || !r.near || !r.meets || !r.kind_pass || !r.group ||
	    !r.never)
		goto out;
	if (reach_player(&r) != 0 || reach_monsters(&r) != 0)
		goto out;
	reach_report(&r);
	rc = r.warnings;
out:
	free(r.labels);
	free(r.near);
	free(r.meets);
	free(r.kind_pass);
	free(r.group);
	free(r.never);
	return rc;
}
