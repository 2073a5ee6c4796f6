/* SPDX-License-Identifier: MIT */
/* gen.c - the seeded dungeon generator behind `hunted --generate WxH`
 * (rooms and corridors, gen_rooms.c) and `--cave` (gen_cave.c).
 *
 * This file runs a generation: the tries (a dungeon the player could
 * not finish, which the construction should never make, is made again
 * from a derived seed), the monsters placed last, and the dungeon
 * written into the data as a loaded map would be.  What both kinds of
 * dungeon use is in gen_common.c. */
#include "config.h"

#include "gen.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/i18n.h"
#include "core/base/rng.h"
#include "event_text.h"
#include "gen_state_impl.h"

/* The file name diagnostics and the map's src give. */
#define GEN_FILE "<generated>"

/* Monsters start at least MONSTER_NEAR cells from the player, and at least
 * MONSTER_GAP while there is room, on terrain they cross at a multiplier
 * of at most MONSTER_COST_MAX (no goblin waiting in lava). */
#define MONSTER_NEAR     2
#define MONSTER_GAP      6
#define MONSTER_COST_MAX 4
#define GEN_TRIES        8 /* seeds tried before giving up */

static const char *const gen_terrain_names[GT_COUNT] = {
        "floor",       "wall",        "stairs", "door_open",
        "door_closed", "gate_locked", "mud",    "shallow_water",
        "deep_water",  "lava",        "grass",  "tree",
};

/* ---- monsters ---------------------------------------------------------- */

/* nmonsters monsters on cells their kinds cross easily, far from the
 * player first.  Returns 0, -1 with an error in diags when there is not
 * room, -2 when out of memory. */
static int gen_monsters(struct gen *g, int nmonsters, struct diag_list *dl)
{
	const struct data *d = g->d;
	const size_t nk = d->nmonsters;
	size_t nok[256] = {0}, cells = (size_t)g->w * (size_t)g->h;
	size_t i, j, nfar = 0, n = 0, t;
	uint8_t *kinds, pass[256];
	int tier;

	if (nmonsters == 0)
		return 0;
	/* kinds[t * nk ...]: the kinds that may start on terrain t. */
	kinds = malloc(d->nterrain * nk);
	if (!kinds)
		return -2;
	for (t = 0; t < d->nterrain; t++) {
		if (d->terrain[t].door != DATA_DOOR_NONE)
			continue;
		for (i = 0; i < nk; i++) {
			uint8_t c = data_terrain_cost(d, &d->monsters[i], 0,
			                              (int)t);

			if (c && c <= MONSTER_COST_MAX)
				kinds[t * nk + nok[t]++] = (uint8_t)i;
		}
	}
	/* A monster starts where the player can go, or in what the player
	 * never enters (an eel in a pool), but not in the walls: never shut
	 * in where it could not get at the player. */
	for (t = 0; t < d->nterrain; t++)
		pass[t] = data_terrain_cost(d, NULL, 1, (int)t) != 0;
	gen_bfs(g, pass);
	/* queue: the far cells [0, nfar), then the near ones [nfar, n). */
	for (tier = 0; tier < 2; tier++) {
		if (tier == 1)
			nfar = n;
		for (i = 0; i < cells; i++) {
			int x = (int)(i % (size_t)g->w);
			int y = (int)(i / (size_t)g->w);
			int cheb = gen_max(abs(x - g->px), abs(y - g->py));

			if ((g->mark[i] & MARK_TAKEN) || !nok[g->cells[i]] ||
			    g->cells[i] == g->t[GT_WALL] ||
			    (g->dist[i] == NO_DIST && pass[g->cells[i]]) ||
			    cheb < MONSTER_NEAR ||
			    (tier == 0) != (cheb >= MONSTER_GAP))
				continue;
			g->queue[n++] = (uint32_t)i;
		}
	}
	if ((size_t)nmonsters > n) {
		diag_add(dl, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "too many monsters: %d asked, but this %dx%d dungeon "
		         "has room for %zu",
		         nmonsters, g->w, g->h, n);
		free(kinds);
		return -1;
	}
	for (i = 0; i < (size_t)nmonsters; i++) {
		size_t end = i < nfar ? nfar : n;
		uint32_t c;

		j = i + rng_below(&g->rng, (uint32_t)(end - i));
		c = g->queue[j];
		g->queue[j] = g->queue[i];
		g->queue[i] = c;
		t = g->cells[c];
		gen_place(g, DATA_PLACE_MONSTER,
		          kinds[t * nk + rng_below(&g->rng, (uint32_t)nok[t])],
		          (int)(c % (uint32_t)g->w), (int)(c / (uint32_t)g->w));
	}
	free(kinds);
	return 0;
}

/* Tools lying about a generated dungeon: this many at most. */
#define GEN_TOOLS 2

/* Up to GEN_TOOLS tools of kinds drawn at random, each on a floor cell
 * the player can reach and nothing else stands on.  None when the data
 * have no tools. */
static void gen_tools(struct gen *g)
{
	const struct data *d = g->d;
	const size_t cells = (size_t)g->w * (size_t)g->h;
	int tools[DATA_KEY_MAX];
	uint8_t pass[256];
	size_t i, t, n = 0, ntools = 0;

	for (i = 0; i < d->nkeys && i < DATA_KEY_MAX; i++)
		if (d->keys[i].use != DATA_USE_NONE)
			tools[ntools++] = (int)i;
	if (!ntools)
		return;
	for (t = 0; t < d->nterrain; t++)
		pass[t] = data_terrain_cost(d, NULL, 1, (int)t) != 0;
	gen_bfs(g, pass);
	for (i = 0; i < cells; i++)
		if (g->cells[i] == g->t[GT_FLOOR] && g->dist[i] != NO_DIST &&
		    !(g->mark[i] & MARK_TAKEN))
			g->queue[n++] = (uint32_t)i;
	for (i = 0; i < GEN_TOOLS && n; i++) {
		const uint32_t j = rng_below(&g->rng, (uint32_t)n);
		const uint32_t c = g->queue[j];

		g->queue[j] = g->queue[--n];
		gen_place(g, DATA_PLACE_KEY,
		          tools[rng_below(&g->rng, (uint32_t)ntools)],
		          (int)(c % (uint32_t)g->w), (int)(c / (uint32_t)g->w));
	}
}

/* ---- the dungeon ------------------------------------------------------- */

/* Places in row-major order, as data_load lists them. */
static int gen_place_cmp(const void *a, const void *b)
{
	const struct data_place *p = a, *q = b;

	if (p->y != q->y)
		return p->y < q->y ? -1 : 1;
	return p->x < q->x ? -1 : p->x > q->x;
}

/* Finds every terrain kind the generator uses.  Returns 0 or -1. */
static int gen_find_terrain(struct gen *g, struct diag_list *dl)
{
	const struct data *d = g->d;
	const struct data_terrain *gate;
	int i, missing = 0;

	for (i = 0; i < GT_COUNT; i++) {
		g->t[i] = data_terrain_find(d, gen_terrain_names[i]);
		if (g->t[i] < 0) {
			diag_add(dl, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
			         "generated dungeons need a terrain named '%s' "
			         "(load terrain.txt first)",
			         gen_terrain_names[i]);
			missing = 1;
		}
	}
	if (missing)
		return -1;
	/* The border must hold every search in, and the gate needs a key. */
	if (data_terrain_cost(d, NULL, 1, g->t[GT_WALL]) != 0) {
		diag_add(dl, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "generated dungeons need terrain 'wall' to be "
		         "impassable (walk no)");
		return -1;
	}
	gate = &d->terrain[g->t[GT_GATE]];
	if (gate->door != DATA_DOOR_LOCKED || gate->unlocked_by < 0) {
		diag_add(dl, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "generated dungeons need terrain 'gate_locked' to be "
		         "a locked door with a key (door locked, unlocked_by)");
		return -1;
	}
	g->key = gate->unlocked_by;
	return 0;
}

static char *gen_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);

	if (p)
		memcpy(p, s, n);
	return p;
}

/* Moves the generated cells and places into a new d->map. */
static int gen_commit(struct gen *g, uint64_t seed)
{
	struct data *d = g->d;
	struct data_map *m = calloc(1, sizeof(*m));
	size_t cells = (size_t)g->w * (size_t)g->h, i;
	char buf[256], said[24];

	if (!m)
		return -1;
	snprintf(m->name, sizeof(m->name), "generated");
	/* The player reads the title and the description: in the
	 * player's language, the seed written first so that no sentence
	 * carries a PRIu64. */
	snprintf(said, sizeof(said), "%" PRIu64, seed);
	snprintf(buf, sizeof(buf),
	         g->cave ? _("Generated cave %dx%d, seed %s")
	                 : _("Generated %dx%d, seed %s"),
	         g->w, g->h, said);
	m->title = gen_strdup(buf);
	if (g->cave) {
		snprintf(buf, sizeof(buf),
		         _("A cave of %zu cells from seed %s.  Take the stairs "
		           "down."),
		         g->cave_cells, said);
	} else if (g->gate_x >= 0) {
		char key[DATA_NAME_MAX + 1];

		/* "iron_key" reads "iron key" in a sentence, in the
		 * player's language when it is a shipped key. */
		snprintf(
		        buf, sizeof(buf),
		        _("%zu rooms from seed %s.  Find the %s, open the gate "
		          "and take the stairs down."),
		        g->nrooms, said,
		        event_text_name(d->keys[g->key].name, key,
		                        sizeof(key)));
	} else {
		snprintf(buf, sizeof(buf),
		         _("%zu rooms from seed %s.  Take the stairs down."),
		         g->nrooms, said);
	}
	m->description = gen_strdup(buf);
	m->glyphs = malloc(cells);
	m->src.file = data_file_name(d, GEN_FILE);
	if (!m->title || !m->description || !m->glyphs || !m->src.file) {
		free(m->title);
		free(m->description);
		free(m->glyphs);
		free(m);
		return -1;
	}
	for (i = 0; i < cells; i++)
		m->glyphs[i] = d->terrain[g->cells[i]].glyph;
	qsort(g->places, g->nplaces, sizeof(*g->places), gen_place_cmp);
	m->width = g->w;
	m->height = g->h;
	m->cells = g->cells;
	g->cells = NULL;
	m->first_row_line = 1;
	m->places = g->places;
	m->nplaces = g->nplaces;
	g->places = NULL;
	m->player_x = g->px;
	m->player_y = g->py;
	m->src.line = 1;
	m->src.col = 1;
	d->map = m;
	return 0;
}

/* With the player, the exit and the key, the monsters fit in a map file. */
_Static_assert(DATA_MONSTERS_MAX + 3 <= DATA_PLACE_MAX,
               "a generated dungeon has more things than a map may hold");

/* A dungeon (cave 0) or a cave (cave 1): see gen_dungeon and gen_cave. */
static int gen_make(struct data *d, int width, int height, uint64_t seed,
                    int nmonsters, int cave, struct diag_list *diags)
{
	struct gen g;
	size_t cells;
	int try, ok = 0, rc = -1;

	memset(&g, 0, sizeof(g));
	g.d = d;
	g.cave = cave;
	if (width < GEN_MIN_W || height < GEN_MIN_H || width > GEN_MAX_DIM ||
	    height > GEN_MAX_DIM) {
		diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "cannot generate a %dx%d dungeon: the size must be "
		         "%dx%d to %dx%d",
		         width, height, GEN_MIN_W, GEN_MIN_H, GEN_MAX_DIM,
		         GEN_MAX_DIM);
		return -1;
	}
	if (nmonsters < 0 || nmonsters > DATA_MONSTERS_MAX) {
		diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "cannot place %d monsters: the count must be 0 to %d",
		         nmonsters, DATA_MONSTERS_MAX);
		return -1;
	}
	if (d->map) {
		diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "a dungeon is already loaded ('%s')", d->map->name);
		return -1;
	}
	if (gen_find_terrain(&g, diags) != 0)
		return -1;
	if (nmonsters > 0 && d->nmonsters == 0) {
		diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "no monster kinds to place (load monsters.txt first)");
		return -1;
	}
	g.w = width;
	g.h = height;
	cells = (size_t)width * (size_t)height;
	g.cells = malloc(cells);
	g.mark = malloc(cells);
	g.dist = malloc(cells * sizeof(*g.dist));
	g.queue = malloc(cells * sizeof(*g.queue));
	/* calloc: the padding of every place is zero, so a dungeon is the
	 * same bytes every time. */
	g.places = calloc((size_t)nmonsters + 3 + GEN_TOOLS, sizeof(*g.places));
	if (!g.cells || !g.mark || !g.dist || !g.queue || !g.places ||
	    grid_init(&g.pass, width, height) != GRID_OK)
		goto nomem;
	for (try = 0; try < GEN_TRIES && !ok; try++) {
		rng_seed(&g.rng, seed + (uint64_t)try * 0x9e3779b97f4a7c15u);
		ok = cave ? gen_cave_attempt(&g) : gen_rooms_attempt(&g);
		if (ok < 0)
			goto nomem;
	}
	if (!ok) {
		diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "could not generate a %dx%d %s whose exit the "
		         "player can reach (are floor and doors walkable in "
		         "terrain.txt?)",
		         width, height, cave ? "cave" : "dungeon");
		goto out;
	}
	switch (gen_monsters(&g, nmonsters, diags)) {
	case -1:
		goto out;
	case -2:
		goto nomem;
	}
	gen_tools(&g);
	if (gen_commit(&g, seed) != 0)
		goto nomem;
	rc = 0;
	goto out;
nomem:
	diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
	         "out of memory generating a %dx%d %s", width, height,
	         cave ? "cave" : "dungeon");
out:
	free(g.cells);
	free(g.mark);
	free(g.dist);
	free(g.queue);
	grid_fini(&g.pass);
	free(g.rooms);
	free(g.places);
	return rc;
}

int gen_dungeon(struct data *d, int width, int height, uint64_t seed,
                int nmonsters, struct diag_list *diags)
{
	return gen_make(d, width, height, seed, nmonsters, 0, diags);
}

int gen_cave(struct data *d, int width, int height, uint64_t seed,
             int nmonsters, struct diag_list *diags)
{
	return gen_make(d, width, height, seed, nmonsters, 1, diags);
}
