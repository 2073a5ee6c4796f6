/* SPDX-License-Identifier: MIT */
/* movingai_map.c - a Moving AI benchmark map (`.map`, "type octile") as a
 * playable dungeon.
 *
 * movingai.c reads the file into a grid of multipliers; this turns that
 * grid into terrain from the loaded terrain.txt ('.' and 'G' floor, 'S'
 * swamp, the rest wall) and, since such maps place nothing, puts the
 * player, the exit and a few monsters on it from a seed.  The same seed
 * and map always give the same dungeon: the draws are splitmix64 from the
 * seed, and the floods visit cells in a fixed order. */
#include "data_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movingai.h"
#include "core/base/dir.h"
#include "core/base/rng.h"
#include "core/path/flood.h"
#include "core/path/path.h"

/* Rows of a .map start after its four header lines. */
#define MOVINGAI_FIRST_ROW_LINE 5

/* A Moving AI map being made into a dungeon. */
struct movingai_map {
	struct data *d;
	const char *path;
	struct diag_list *diags;
	uint64_t rng; /* splitmix64's state */
	int floor;    /* the terrain kinds it is made of */
	int wall;
	int swamp;
	int stairs;
	struct path_params pp; /* the path engine's defaults: its rule */
	struct grid g;         /* the multipliers movingai.c read */
	struct data_map *m;    /* the dungeon, until it is d's */
	uint32_t *open;        /* the floor cells, row by row */
	size_t nopen;
	uint32_t *dist;  /* steps from the last flood's start */
	uint32_t *queue; /* the cells it reached, nearest first */
	size_t reached;  /* how many, for the player's start */
};

/* splitmix64 modulo n (0 when n is 0): slightly biased, but it is what
 * every seed has always given, so a seed keeps its dungeon. */
static size_t movingai_map_below(uint64_t *s, size_t n)
{
	return n ? (size_t)(rng_splitmix(s) % n) : 0;
}

static int movingai_map_error(struct movingai_map *mm, const char *msg)
{
	diag_add(mm->diags, DIAG_ERROR, mm->path, 1, 1, NULL, 0, NULL, "%s",
	         msg);
	return -1;
}

static int movingai_map_nomem(struct movingai_map *mm)
{
	return movingai_map_error(mm, "out of memory loading the map");
}

/* Steps from (x, y) into dist and queue; returns the cells reached. */
static size_t movingai_map_flood(struct movingai_map *mm, int x, int y)
{
	size_t i, cells = (size_t)mm->g.width * mm->g.height;

	for (i = 0; i < cells; i++)
		mm->dist[i] = FLOOD_UNREACHED;
	return flood_steps(&mm->g, mm->pp.diagonal, x, y, mm->dist, mm->queue);
}

/* 1 when a step leads from (x, y) to a neighbour by the engine's rule. */
static int movingai_map_has_step(const struct movingai_map *mm, int x, int y)
{
	int k;

	for (k = 0; k < DIR_COUNT; k++)
		if (path_step_cost(&mm->g, &mm->pp, x, y, x + dir_dx[k],
		                   y + dir_dy[k]))
			return 1;
	return 0;
}

static int movingai_map_terrain(struct movingai_map *mm, const char *name)
{
	int t = data_terrain_find(mm->d, name);

	if (t < 0)
		diag_add(mm->diags, DIAG_ERROR, mm->path, 1, 1, NULL, 0, NULL,
		         "Moving AI maps need a terrain named '%s' (load "
		         "terrain.txt first)",
		         name);
	return t;
}

/* The terrain kinds of the map, every missing one reported. */
static int movingai_map_kinds(struct movingai_map *mm)
{
	mm->floor = movingai_map_terrain(mm, "floor");
	mm->wall = movingai_map_terrain(mm, "wall");
	mm->swamp = movingai_map_terrain(mm, "swamp");
	mm->stairs = movingai_map_terrain(mm, "stairs");
	if (mm->floor < 0 || mm->wall < 0 || mm->swamp < 0 || mm->stairs < 0)
		return -1;
	return 0;
}

/* The dungeon with its cells, named after the file, and the memory of
 * the floods. */
static int movingai_map_new(struct movingai_map *mm)
{
	size_t cells = (size_t)mm->g.width * mm->g.height;
	struct data_map *m;

	mm->m = m = calloc(1, sizeof(*m));
	mm->dist = malloc(cells * sizeof(*mm->dist));
	mm->queue = malloc(cells * sizeof(*mm->queue));
	mm->open = malloc(cells * sizeof(*mm->open));
	if (!m || !mm->dist || !mm->queue || !mm->open)
		return -1;
	m->width = mm->g.width;
	m->height = mm->g.height;
	m->first_row_line = MOVINGAI_FIRST_ROW_LINE;
	m->cells = malloc(cells);
	m->glyphs = malloc(cells);
	if (!m->cells || !m->glyphs)
		return -1;
	snprintf(m->name, sizeof(m->name), "%.*s", DATA_NAME_MAX,
	         movingai_basename(mm->path));
	m->src.file = data_file_name(mm->d, mm->path);
	if (!m->src.file)
		return -1;
	m->src.line = 1;
	m->src.col = 1;
	return 0;
}

/* Each cell's terrain and glyph from its multiplier; the floor cells
 * into open. */
static void movingai_map_cells(struct movingai_map *mm)
{
	const struct data_terrain *terrain = mm->d->terrain;
	struct data_map *m = mm->m;
	int x, y;

	for (y = 0; y < m->height; y++) {
		for (x = 0; x < m->width; x++) {
			size_t i = (size_t)y * m->width + x;
			uint8_t c = grid_cost(&mm->g, x, y);
			int t = c == 0   ? mm->wall
			        : c == 1 ? mm->floor
			                 : mm->swamp;

			m->cells[i] = (uint8_t)t;
			m->glyphs[i] = terrain[t].glyph;
			if (c == 1)
				mm->open[mm->nopen++] = (uint32_t)i;
		}
	}
}

/* The player's start: the biggest area of a few tries, so that a seed
 * rarely drops it in a closet.  The areas are labelled once, and each
 * one's size counted, so a try costs no flood: the size of a cell's area
 * is the count of cells a flood from it would reach.  Returns -1 when no
 * open cell has a step out. */
static int movingai_map_start(struct movingai_map *mm, int *px, int *py)
{
	size_t cells = (size_t)mm->g.width * mm->g.height;
	uint32_t w = (uint32_t)mm->g.width, count;
	/* The floods' memory, not needed before the start is chosen. */
	uint32_t *area = mm->dist, *size = mm->queue;
	size_t best = 0, i;
	int try;

	*px = *py = 0;
	if (flood_components(&mm->g, mm->pp.diagonal, area, &count) != 0)
		return -1;
	memset(size, 0, (size_t)count * sizeof(*size));
	for (i = 0; i < cells; i++)
		if (area[i])
			size[area[i] - 1]++;
	for (try = 0; try < 8; try++) {
		uint32_t c = mm->open[movingai_map_below(&mm->rng, mm->nopen)];
		size_t n = size[area[c] - 1];

		if (n > best) {
			best = n;
			*px = (int)(c % w);
			*py = (int)(c / w);
		}
	}
	/* Every try may have landed in a closet of one cell: then start
	 * at the first open cell with a step out, so that the exit is not
	 * the start. */
	for (i = 0; best < 2 && i < mm->nopen; i++) {
		int x = (int)(mm->open[i] % w), y = (int)(mm->open[i] / w);

		if (movingai_map_has_step(mm, x, y)) {
			best = 2;
			*px = x;
			*py = y;
		}
	}
	return best < 2 ? -1 : 0;
}

/* The exit: the open cell farthest from the start, in steps (the last
 * the start's flood reached), made stairs. */
static int movingai_map_exit(struct movingai_map *mm)
{
	uint32_t far = mm->queue[mm->reached - 1];
	uint32_t w = (uint32_t)mm->g.width;

	mm->m->cells[far] = (uint8_t)mm->stairs;
	mm->m->glyphs[far] = mm->d->terrain[mm->stairs].glyph;
	return map_place_add(mm->m, DATA_PLACE_EXIT, -1, (int)(far % w),
	                     (int)(far / w));
}

static int movingai_map_walks_floor(const struct movingai_map *mm, size_t k)
{
	return data_terrain_cost(mm->d, &mm->d->monsters[k], 0, mm->floor) != 0;
}

/* A monster kind that walks on floor, drawn from the seed. */
static size_t movingai_map_pick_kind(struct movingai_map *mm, size_t kinds)
{
	size_t k = movingai_map_below(&mm->rng, kinds), j;

	for (j = 0; j < mm->d->nmonsters; j++) {
		if (!movingai_map_walks_floor(mm, j))
			continue;
		if (k-- == 0)
			break;
	}
	return j;
}

/* A floor cell at least 8 steps from the player and free of monsters,
 * into *c; -1 when 32 draws find none. */
static int movingai_map_pick_cell(struct movingai_map *mm, uint32_t *c)
{
	int tries;

	for (tries = 0; tries < 32; tries++) {
		*c = mm->queue[1 +
		               movingai_map_below(&mm->rng, mm->reached - 1)];
		if (mm->dist[*c] >= 8 && mm->m->cells[*c] == mm->floor)
			return 0;
	}
	return -1;
}

/* Monsters: one per 400 reachable cells, 2 to 12, of the kinds that walk
 * on floor, at least 8 steps from the player when possible. */
static int movingai_map_monsters(struct movingai_map *mm)
{
	uint32_t w = (uint32_t)mm->g.width, c;
	size_t i, kinds = 0, nmon = mm->reached / 400 + 2;

	for (i = 0; i < mm->d->nmonsters; i++)
		if (movingai_map_walks_floor(mm, i))
			kinds++;
	if (nmon > 12)
		nmon = 12;
	for (i = 0; kinds && i < nmon && mm->reached > 2; i++) {
		size_t k = movingai_map_pick_kind(mm, kinds);

		if (movingai_map_pick_cell(mm, &c) != 0)
			continue;
		mm->dist[c] = 0; /* one monster per cell */
		if (map_place_add(mm->m, DATA_PLACE_MONSTER, (int)k,
		                  (int)(c % w), (int)(c / w)) != 0)
			return -1;
	}
	return 0;
}

/* Builds mm->m from the grid read; -1 with the problem reported. */
static int movingai_map_build(struct movingai_map *mm)
{
	int px, py;

	if (movingai_map_new(mm) != 0)
		return movingai_map_nomem(mm);
	movingai_map_cells(mm);
	if (mm->nopen < 2)
		return movingai_map_error(
		        mm, "the map has fewer than two open cells");
	if (movingai_map_start(mm, &px, &py) != 0)
		return movingai_map_error(
		        mm, "no two open cells of the map are connected");
	mm->reached = movingai_map_flood(mm, px, py);
	mm->m->player_x = px;
	mm->m->player_y = py;
	if (map_place_add(mm->m, DATA_PLACE_PLAYER, -1, px, py) != 0 ||
	    movingai_map_exit(mm) != 0 || movingai_map_monsters(mm) != 0)
		return movingai_map_nomem(mm);
	return 0;
}

int data_load_movingai(struct data *d, const char *path, uint64_t seed,
                       struct diag_list *diags)
{
	struct movingai_map mm = {0};
	struct movingai_error err;
	int rc;

	mm.d = d;
	mm.path = path;
	mm.diags = diags;
	mm.rng = seed;
	path_params_default(&mm.pp);
	if (movingai_map_kinds(&mm) != 0)
		return -1;
	if (d->map) {
		diag_add(diags, DIAG_ERROR, path, 1, 1, NULL, 0, NULL,
		         "a dungeon is already loaded ('%s')", d->map->name);
		return -1;
	}
	if (movingai_load_map_swamp(path, d->terrain[mm.swamp].cost, &mm.g,
	                            &err) != MOVINGAI_OK) {
		diag_add(diags, DIAG_ERROR, path, err.line, err.col, NULL, 0,
		         NULL, "%s", err.message);
		return -1;
	}
	rc = movingai_map_build(&mm);
	if (rc == 0) {
		d->map = mm.m;
		mm.m = NULL;
	}
	data_map_free(mm.m);
	grid_fini(&mm.g);
	free(mm.dist);
	free(mm.queue);
	free(mm.open);
	return rc;
}
