/* reach.c - warnings for dungeons that load but cannot be played
 * properly: an exit the player cannot reach, a monster that can never
 * get next to the player.
 *
 * Floods (flood_steps) over the multiplier grids the game will give the
 * path engine, under the engine's default diagonal rule, so "reachable"
 * here means what A* will find. */
#include "loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/dir.h"
#include "core/path/flood.h"

/* One check of one dungeon, and the memory its floods share. */
struct reach {
	const struct data *d;
	const struct data_map *m;
	struct diag_list *diags;
	enum path_diagonal diag;
	size_t cells;
	uint32_t *dist;  /* flood_steps' marks */
	uint32_t *queue; /* the cells of the last flood */
	uint8_t *player; /* 1 in the player's area */
	uint8_t *meets;  /* the current monster kind's areas: 1 in those
	                  * that come next to the player (written when the
	                  * area is flooded, read only after) */
	int warnings;
};

/* Before a new grid's floods: flood_steps enters only unmarked cells. */
static void reach_unmark(struct reach *r)
{
	size_t i;

	for (i = 0; i < r->cells; i++)
		r->dist[i] = FLOOD_UNREACHED;
}

/* Does one of the n cells just flooded (in queue) touch (or lie in) the
 * player's area? */
static int reach_meets_player(const struct reach *r, size_t n)
{
	const struct data_map *m = r->m;
	size_t i;
	int k;

	for (i = 0; i < n; i++) {
		int x = (int)(r->queue[i] % (uint32_t)m->width);
		int y = (int)(r->queue[i] / (uint32_t)m->width);

		if (r->player[r->queue[i]])
			return 1;
		for (k = 0; k < DIR_COUNT; k++) {
			int nx = x + dir_dx[k], ny = y + dir_dy[k];

			if (nx >= 0 && ny >= 0 && nx < m->width &&
			    ny < m->height &&
			    r->player[(size_t)ny * m->width + nx])
				return 1;
		}
	}
	return 0;
}

/* The player's area: with every key if the map holds any, since the
 * order in which keys are found is the player's puzzle.  Then the exits
 * outside it. */
static int reach_player(struct reach *r)
{
	const struct data_map *m = r->m;
	struct grid g;
	size_t i, n;
	int has_keys = 0;

	for (i = 0; i < m->nplaces; i++)
		if (m->places[i].kind == DATA_PLACE_KEY)
			has_keys = 1;
	if (data_map_grid(r->d, NULL, has_keys, &g) != GRID_OK)
		return -1;
	reach_unmark(r);
	n = flood_steps(&g, r->diag, m->player_x, m->player_y, r->dist,
	                r->queue);
	for (i = 0; i < n; i++)
		r->player[r->queue[i]] = 1;
	grid_fini(&g);
	for (i = 0; i < m->nplaces; i++) {
		const struct data_place *pl = &m->places[i];

		if (pl->kind == DATA_PLACE_EXIT &&
		    !r->player[(size_t)pl->y * m->width + pl->x]) {
			map_cell_report(r->diags, DIAG_WARNING, m, pl->x, pl->y,
			                "the exit cannot be reached from the "
			                "player start");
			r->warnings++;
		}
	}
	return 0;
}

/* Monster kind k: each area it can move in is flooded once, from the
 * first of its monsters in it, and asked whether it ever comes next to
 * the player. */
static int reach_monster_kind(struct reach *r, size_t k)
{
	const struct data_map *m = r->m;
	const char *name = r->d->monsters[k].name;
	struct grid g;
	size_t i, j, n;
	uint8_t meets;
	char msg[128];

	for (i = 0; i < m->nplaces; i++)
		if (m->places[i].kind == DATA_PLACE_MONSTER &&
		    m->places[i].what == (int)k)
			break;
	if (i == m->nplaces)
		return 0;
	if (data_map_grid(r->d, &r->d->monsters[k], 0, &g) != GRID_OK)
		return -1;
	reach_unmark(r);
	for (; i < m->nplaces; i++) {
		const struct data_place *pl = &m->places[i];
		size_t c = (size_t)pl->y * m->width + pl->x;

		if (pl->kind != DATA_PLACE_MONSTER || pl->what != (int)k)
			continue;
		if (!grid_passable(&g, pl->x, pl->y))
			continue; /* already an error */
		if (r->dist[c] == FLOOD_UNREACHED) {
			n = flood_steps(&g, r->diag, pl->x, pl->y, r->dist,
			                r->queue);
			meets = (uint8_t)reach_meets_player(r, n);
			for (j = 0; j < n; j++)
				r->meets[r->queue[j]] = meets;
		}
		if (!r->meets[c]) {
			snprintf(msg, sizeof(msg),
			         "monster '%s' can never reach the player",
			         name);
			map_cell_report(r->diags, DIAG_WARNING, m, pl->x, pl->y,
			                msg);
			r->warnings++;
		}
	}
	grid_fini(&g);
	return 0;
}

int data_check_reachable(const struct data *d, struct diag_list *diags)
{
	const struct data_map *m = d->map;
	struct path_params pp;
	struct reach r = {0};
	size_t k;
	int rc = -1;

	if (!m || !m->cells || m->player_x < 0)
		return 0;
	path_params_default(&pp);
	r.d = d;
	r.m = m;
	r.diags = diags;
	r.diag = pp.diagonal;
	r.cells = (size_t)m->width * (size_t)m->height;
	r.dist = malloc(r.cells * sizeof(*r.dist));
	r.queue = malloc(r.cells * sizeof(*r.queue));
	r.player = calloc(r.cells, 1);
	r.meets = calloc(r.cells, 1);
	if (!r.dist || !r.queue || !r.player || !r.meets)
		goto out;
	if (reach_player(&r) != 0)
		goto out;
	for (k = 0; k < d->nmonsters; k++)
		if (reach_monster_kind(&r, k) != 0)
			goto out;
	rc = r.warnings;
out:
	free(r.dist);
	free(r.queue);
	free(r.player);
	free(r.meets);
	return rc;
}
