/* data_movingai.c - a Moving AI benchmark map (`.map`, "type octile") as a
 * playable dungeon.
 *
 * movingai.c reads the file into a grid of multipliers; this turns that
 * grid into terrain from the loaded terrain.txt ('.' and 'G' floor, 'S'
 * swamp, the rest wall) and, since such maps place nothing, puts the
 * player, the exit and a few monsters on it from a seed.  The same seed
 * and map always give the same dungeon. */
#include "data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movingai.h"
#include "core/path/path.h"

/* Rows of a .map start after its four header lines. */
#define MOVINGAI_FIRST_ROW_LINE 5

/* splitmix64: a tiny, well-mixed generator, so placement needs no game
 * RNG and stays the same across platforms. */
static uint64_t mix_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static size_t mix_below(uint64_t *s, size_t n)
{
	return n ? (size_t)(mix_next(s) % n) : 0;
}

/* Breadth-first steps from (x, y) over g by the engine's step rule; dist
 * gets UINT32_MAX where unreachable.  Returns the number reached. */
static size_t bfs(const struct grid *g, int x, int y, uint32_t *dist,
                  uint32_t *queue)
{
	struct path_params pp;
	size_t head = 0, tail = 0, n = (size_t)g->width * g->height;
	int w = g->width;

	path_params_default(&pp);
	memset(dist, 0xff, n * sizeof(*dist));
	dist[(size_t)y * w + x] = 0;
	queue[tail++] = (uint32_t)((size_t)y * w + x);
	while (head < tail) {
		uint32_t c = queue[head++];
		int cx = (int)(c % (uint32_t)w), cy = (int)(c / (uint32_t)w);
		int dx, dy;

		for (dy = -1; dy <= 1; dy++) {
			for (dx = -1; dx <= 1; dx++) {
				int nx = cx + dx, ny = cy + dy;
				size_t ni = (size_t)ny * w + nx;

				if ((!dx && !dy) ||
				    !grid_in_bounds(g, nx, ny) ||
				    dist[ni] != UINT32_MAX ||
				    !path_step_cost(g, &pp, cx, cy, nx, ny))
					continue;
				dist[ni] = dist[c] + 1;
				queue[tail++] = (uint32_t)ni;
			}
		}
	}
	return tail;
}

/* 1 when a step leads from (x, y) to a neighbour by the engine's step
 * rule. */
static int has_step(const struct grid *g, int x, int y)
{
	struct path_params pp;
	int dx, dy;

	path_params_default(&pp);
	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++)
			if ((dx || dy) && grid_in_bounds(g, x + dx, y + dy) &&
			    path_step_cost(g, &pp, x, y, x + dx, y + dy))
				return 1;
	return 0;
}

static int need_terrain(const struct data *d, const char *name,
                        const char *path, struct diag_list *dl)
{
	int t = data_terrain_find(d, name);

	if (t < 0)
		diag_add(dl, DIAG_ERROR, path, 1, 1, NULL, 0, NULL,
		         "Moving AI maps need a terrain named '%s' (load "
		         "terrain.txt first)",
		         name);
	return t;
}

static int add_place(struct data_map *m, int kind, int what, int x, int y)
{
	struct data_place *p =
	        realloc(m->places, (m->nplaces + 1) * sizeof(*p));

	if (!p)
		return -1;
	m->places = p;
	p += m->nplaces++;
	p->kind = (uint8_t)kind;
	p->what = what;
	p->x = x;
	p->y = y;
	return 0;
}

int data_load_movingai(struct data *d, const char *path, uint64_t seed,
                       struct diag_list *diags)
{
	int tfloor, twall, tswamp, tstairs, x, y, px = 0, py = 0, try;
	struct movingai_error err;
	struct data_map *m = NULL;
	struct grid g = {0};
	uint32_t *dist = NULL, *queue = NULL, *cands = NULL;
	size_t cells, i, ncand = 0, reached = 0, best = 0, nmon, ok_kinds = 0;
	uint64_t rng = seed;
	const char *base;
	int rc;

	tfloor = need_terrain(d, "floor", path, diags);
	twall = need_terrain(d, "wall", path, diags);
	tswamp = need_terrain(d, "swamp", path, diags);
	tstairs = need_terrain(d, "stairs", path, diags);
	if (tfloor < 0 || twall < 0 || tswamp < 0 || tstairs < 0)
		return -1;
	if (d->map) {
		diag_add(diags, DIAG_ERROR, path, 1, 1, NULL, 0, NULL,
		         "a dungeon is already loaded ('%s')", d->map->name);
		return -1;
	}
	rc = movingai_load_map_swamp(path, d->terrain[tswamp].cost, &g, &err);
	if (rc != MOVINGAI_OK) {
		diag_add(diags, DIAG_ERROR, path, err.line, err.col, NULL, 0,
		         NULL, "%s", err.message);
		return -1;
	}
	cells = (size_t)g.width * g.height;
	m = calloc(1, sizeof(*m));
	dist = malloc(cells * sizeof(*dist));
	queue = malloc(cells * sizeof(*queue));
	cands = malloc(cells * sizeof(*cands));
	if (!m || !dist || !queue || !cands)
		goto nomem;
	m->width = g.width;
	m->height = g.height;
	m->first_row_line = MOVINGAI_FIRST_ROW_LINE;
	m->cells = malloc(cells);
	m->glyphs = malloc(cells);
	if (!m->cells || !m->glyphs)
		goto nomem;
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	snprintf(m->name, sizeof(m->name), "%.*s", DATA_NAME_MAX, base);
	m->src.file = data_file_name(d, path);
	if (!m->src.file)
		goto nomem;
	m->src.line = 1;
	m->src.col = 1;
	for (y = 0; y < g.height; y++) {
		for (x = 0; x < g.width; x++) {
			uint8_t c = grid_cost(&g, x, y);
			int t = c == 0 ? twall : c == 1 ? tfloor : tswamp;

			m->cells[(size_t)y * g.width + x] = (uint8_t)t;
			m->glyphs[(size_t)y * g.width + x] =
			        d->terrain[t].glyph;
			if (c == 1)
				cands[ncand++] =
				        (uint32_t)((size_t)y * g.width + x);
		}
	}
	if (ncand < 2) {
		diag_add(diags, DIAG_ERROR, path, 1, 1, NULL, 0, NULL,
		         "the map has fewer than two open cells");
		goto fail;
	}
	/* The player starts in the biggest area of a few tries, so that a
	 * seed rarely drops it in a closet. */
	for (try = 0; try < 8; try++) {
		uint32_t c = cands[mix_below(&rng, ncand)];
		size_t n = bfs(&g, (int)(c % (uint32_t)g.width),
		               (int)(c / (uint32_t)g.width), dist, queue);

		if (n > best) {
			best = n;
			px = (int)(c % (uint32_t)g.width);
			py = (int)(c / (uint32_t)g.width);
		}
	}
	/* Every try may have landed in a closet of one cell: then start
	 * at the first open cell with a step out, so that the exit is not
	 * the start. */
	for (i = 0; best < 2 && i < ncand; i++) {
		if (has_step(&g, (int)(cands[i] % (uint32_t)g.width),
		             (int)(cands[i] / (uint32_t)g.width))) {
			best = 2;
			px = (int)(cands[i] % (uint32_t)g.width);
			py = (int)(cands[i] / (uint32_t)g.width);
		}
	}
	if (best < 2) {
		diag_add(diags, DIAG_ERROR, path, 1, 1, NULL, 0, NULL,
		         "no two open cells of the map are connected");
		goto fail;
	}
	reached = bfs(&g, px, py, dist, queue);
	m->player_x = px;
	m->player_y = py;
	if (add_place(m, DATA_PLACE_PLAYER, -1, px, py) != 0)
		goto nomem;
	/* The exit: the open cell farthest from the start, in steps. */
	{
		uint32_t far = queue[reached - 1];
		int ex = (int)(far % (uint32_t)g.width);
		int ey = (int)(far / (uint32_t)g.width);

		m->cells[far] = (uint8_t)tstairs;
		m->glyphs[far] = d->terrain[tstairs].glyph;
		if (add_place(m, DATA_PLACE_EXIT, -1, ex, ey) != 0)
			goto nomem;
	}
	/* Monsters: one per 400 reachable cells, 2 to 12, of the kinds that
	 * walk on floor, at least 8 steps from the player when possible. */
	for (i = 0; i < d->nmonsters; i++)
		if (data_terrain_cost(d, &d->monsters[i], 0, tfloor))
			ok_kinds++;
	nmon = reached / 400 + 2;
	if (nmon > 12)
		nmon = 12;
	for (i = 0; ok_kinds && i < nmon && reached > 2; i++) {
		size_t k = mix_below(&rng, ok_kinds), j, tries;
		uint32_t c = 0;

		for (j = 0; j < d->nmonsters; j++) {
			if (!data_terrain_cost(d, &d->monsters[j], 0, tfloor))
				continue;
			if (k-- == 0)
				break;
		}
		for (tries = 0; tries < 32; tries++) {
			c = queue[1 + mix_below(&rng, reached - 1)];
			if (dist[c] >= 8 && m->cells[c] == tfloor)
				break;
		}
		if (tries == 32)
			continue;
		dist[c] = 0; /* one monster per cell */
		if (add_place(m, DATA_PLACE_MONSTER, (int)j,
		              (int)(c % (uint32_t)g.width),
		              (int)(c / (uint32_t)g.width)) != 0)
			goto nomem;
	}
	d->map = m;
	grid_fini(&g);
	free(dist);
	free(queue);
	free(cands);
	return 0;
nomem:
	diag_add(diags, DIAG_ERROR, path, 1, 1, NULL, 0, NULL,
	         "out of memory loading the map");
fail:
	if (m) {
		free(m->cells);
		free(m->glyphs);
		free(m->places);
		free(m);
	}
	grid_fini(&g);
	free(dist);
	free(queue);
	free(cands);
	return -1;
}
