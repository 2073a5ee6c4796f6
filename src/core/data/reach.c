/* data_reach.c - warnings for dungeons that load but cannot be played
 * properly: an exit the player cannot reach, a monster that can never
 * get next to the player.
 *
 * Flood fills over the multiplier grids the game will give the path
 * engine, moving by the engine's own step rule (path_step_cost with the
 * default parameters), so "reachable" here means what A* will find. */
#include "data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/path/path.h"

struct flood {
	uint32_t *queue;
	size_t cells;
};

/* Labels with label every cell reachable from (x, y) on g that is still
 * 0 in lab.  Returns the number of cells labelled. */
static size_t flood_fill(struct flood *f, const struct grid *g,
                         const struct path_params *pp, uint32_t *lab,
                         uint32_t label, int x, int y)
{
	size_t head = 0, tail = 0;
	int w = g->width;

	if (!grid_passable(g, x, y) || lab[(size_t)y * w + x])
		return 0;
	lab[(size_t)y * w + x] = label;
	f->queue[tail++] = (uint32_t)((size_t)y * w + x);
	while (head < tail) {
		uint32_t c = f->queue[head++];
		int cx = (int)(c % (uint32_t)w), cy = (int)(c / (uint32_t)w);
		int dx, dy;

		for (dy = -1; dy <= 1; dy++) {
			for (dx = -1; dx <= 1; dx++) {
				int nx = cx + dx, ny = cy + dy;
				size_t ni;

				if ((!dx && !dy) || !grid_in_bounds(g, nx, ny))
					continue;
				ni = (size_t)ny * w + nx;
				if (lab[ni] ||
				    !path_step_cost(g, pp, cx, cy, nx, ny))
					continue;
				lab[ni] = label;
				f->queue[tail++] = (uint32_t)ni;
			}
		}
	}
	return tail;
}

/* Does a cell labelled label touch (or lie in) the player's area? */
static int meets_player(const struct data_map *m, const uint32_t *lab,
                        uint32_t label, const uint8_t *player)
{
	int x, y, dx, dy;

	for (y = 0; y < m->height; y++) {
		for (x = 0; x < m->width; x++) {
			if (lab[(size_t)y * m->width + x] != label)
				continue;
			for (dy = -1; dy <= 1; dy++) {
				for (dx = -1; dx <= 1; dx++) {
					int nx = x + dx, ny = y + dy;

					if (nx < 0 || ny < 0 ||
					    nx >= m->width || ny >= m->height)
						continue;
					if (player[(size_t)ny * m->width + nx])
						return 1;
				}
			}
		}
	}
	return 0;
}

static void warn_cell(struct diag_list *dl, const struct data_map *m, int x,
                      int y, const char *msg)
{
	diag_add(dl, DIAG_WARNING, m->src.file, m->first_row_line + y, x + 1,
	         m->glyphs + (size_t)y * m->width, (size_t)m->width, NULL, "%s",
	         msg);
}

int data_check_reachable(const struct data *d, struct diag_list *diags)
{
	const struct data_map *m = d->map;
	struct path_params pp;
	struct flood f = {0};
	struct grid g = {0};
	uint32_t *lab = NULL;
	uint8_t *player = NULL, *meets = NULL;
	size_t cells, i, k;
	int has_keys = 0, warnings = 0, rc = -1;
	char msg[128];

	if (!m || !m->cells || m->player_x < 0)
		return 0;
	path_params_default(&pp);
	cells = (size_t)m->width * (size_t)m->height;
	f.queue = malloc(cells * sizeof(*f.queue));
	lab = calloc(cells, sizeof(*lab));
	player = calloc(cells, 1);
	if (!f.queue || !lab || !player)
		goto out;
	for (i = 0; i < m->nplaces; i++)
		if (m->places[i].kind == DATA_PLACE_KEY)
			has_keys = 1;
	/* The player: with every key if the map holds any, since the
	 * order in which keys are found is the player's puzzle. */
	if (data_map_grid(d, NULL, has_keys, &g) != GRID_OK)
		goto out;
	flood_fill(&f, &g, &pp, lab, 1, m->player_x, m->player_y);
	for (i = 0; i < cells; i++)
		player[i] = lab[i] == 1;
	grid_fini(&g);
	for (i = 0; i < m->nplaces; i++) {
		const struct data_place *pl = &m->places[i];

		if (pl->kind == DATA_PLACE_EXIT &&
		    !player[(size_t)pl->y * m->width + pl->x]) {
			warn_cell(diags, m, pl->x, pl->y,
			          "the exit cannot be reached from the player "
			          "start");
			warnings++;
		}
	}
	/* Each monster kind on the map: label the areas it can move in,
	 * then ask of each area whether it ever comes next to the player. */
	for (k = 0; k < d->nmonsters; k++) {
		uint32_t next = 1;
		size_t nmeets = 0;

		for (i = 0; i < m->nplaces; i++)
			if (m->places[i].kind == DATA_PLACE_MONSTER &&
			    m->places[i].what == (int)k)
				break;
		if (i == m->nplaces)
			continue;
		if (data_map_grid(d, &d->monsters[k], 0, &g) != GRID_OK)
			goto out;
		memset(lab, 0, cells * sizeof(*lab));
		for (; i < m->nplaces; i++) {
			const struct data_place *pl = &m->places[i];
			uint32_t l;

			if (pl->kind != DATA_PLACE_MONSTER ||
			    pl->what != (int)k)
				continue;
			if (!grid_passable(&g, pl->x, pl->y))
				continue; /* already an error */
			l = lab[(size_t)pl->y * m->width + pl->x];
			if (!l) {
				uint8_t *nm = realloc(meets, next + 1);

				if (!nm) {
					grid_fini(&g);
					goto out;
				}
				meets = nm;
				l = next++;
				flood_fill(&f, &g, &pp, lab, l, pl->x, pl->y);
				meets[l] = (uint8_t)meets_player(m, lab, l,
				                                 player);
				nmeets = next;
			}
			if (l < nmeets && !meets[l]) {
				snprintf(msg, sizeof(msg),
				         "monster '%s' can never reach the "
				         "player",
				         d->monsters[k].name);
				warn_cell(diags, m, pl->x, pl->y, msg);
				warnings++;
			}
		}
		grid_fini(&g);
	}
	rc = warnings;
out:
	free(f.queue);
	free(lab);
	free(player);
	free(meets);
	return rc;
}
