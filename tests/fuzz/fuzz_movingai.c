/* SPDX-License-Identifier: MIT */
/* fuzz_movingai.c - libFuzzer target for the Moving AI readers: any bytes
 * must read without a crash, a leak or undefined behaviour, a bad file must
 * come back as an error with a sane location, and a good one must read as
 * what its text says.
 *
 * The input is a `.map` and a `.scen` separated by the first NUL byte (no
 * NUL: the whole input is the map and the scenario is empty).  The map is
 * read from memory, then loaded as a playable dungeon from a temporary
 * file (data_load_movingai takes a path), and every problem of the
 * scenario is matched against it with movingai_problem_fits. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_file.h"
#include "core/data/data.h"
#include "core/base/diag.h"
#include "core/data/movingai.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

/* What data_load_movingai needs: the four terrain kinds it uses and two
 * monster kinds, one of which never walks on floor. */
static const char fuzz_terrain[] =
        "terrain floor glyph '.' color white walk yes cost 1 opaque no\n"
        "terrain wall glyph '#' color white walk no opaque yes\n"
        "terrain stairs glyph '>' color yellow walk yes cost 1 opaque no\n"
        "terrain swamp glyph '%' color magenta walk yes cost 5 opaque no\n"
        "terrain deep_water glyph '~' color blue walk no opaque no\n"
        "monster rat glyph 'r' color yellow speed 120 hp 3 attack 1\n"
        "\tsight 6\n"
        "monster eel glyph 'e' color blue speed 150 hp 6 attack 3 sight 5\n"
        "\tcost * never cost deep_water 1\n";

#define SWAMP_COST 5

/* ------------------------------------------------------------------ */
/* the temporary file data_load_movingai reads */

/* ------------------------------------------------------------------ */
/* an independent reading of a map that read without an error */

/* The next line of s[0..len) from *pos: its start and its length without
 * the '\n' and a '\r' before it.  Returns 0 at the end. */
static int next_line(const char *s, size_t len, size_t *pos, const char **l,
                     size_t *n)
{
	const char *nl;

	if (*pos >= len)
		return 0;
	*l = s + *pos;
	nl = memchr(*l, '\n', len - *pos);
	*n = nl ? (size_t)(nl - *l) : len - *pos;
	*pos += *n + (nl ? 1 : 0);
	if (*n && (*l)[*n - 1] == '\r')
		(*n)--;
	return 1;
}

/* The first word of a line and the number after it, if any. */
static void header_words(const char *l, size_t n, char *word, size_t cap,
                         long *num)
{
	size_t i = 0, k = 0;

	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	while (i < n && l[i] != ' ' && l[i] != '\t' && k + 1 < cap)
		word[k++] = l[i++];
	word[k] = '\0';
	while (i < n && (l[i] == ' ' || l[i] == '\t'))
		i++;
	*num = 0;
	if (i < n && l[i] == '+')
		i++;
	while (i < n && l[i] >= '0' && l[i] <= '9' && *num < 100000)
		*num = *num * 10 + (l[i++] - '0');
}

static int expected_cost(char c, uint8_t swamp)
{
	switch (c) {
	case '.':
	case 'G':
		return 1;
	case 'S':
		return swamp;
	case '@':
	case 'O':
	case 'T':
	case 'W':
		return GRID_BLOCKED;
	}
	abort(); /* the reader accepted a character it should not have */
}

/* The grid must have the header's size and the rows' multipliers. */
static void check_map(const char *s, size_t len, uint8_t swamp,
                      const struct grid *g)
{
	size_t pos = 0, n;
	const char *l;
	long width = 0, height = 0, num;
	char word[16];
	int x, y;

	if (!next_line(s, len, &pos, &l, &n)) /* type octile */
		abort();
	for (;;) {
		if (!next_line(s, len, &pos, &l, &n))
			abort();
		header_words(l, n, word, sizeof(word), &num);
		if (!strcmp(word, "height"))
			height = num;
		else if (!strcmp(word, "width"))
			width = num;
		else if (!strcmp(word, "map"))
			break;
		else
			abort();
	}
	if (g->width != width || g->height != height || !g->cost ||
	    g->stride != g->width + 2)
		abort();
	for (y = 0; y < g->height; y++) {
		if (!next_line(s, len, &pos, &l, &n) || n != (size_t)g->width)
			abort();
		for (x = 0; x < g->width; x++)
			if (grid_cost(g, x, y) != expected_cost(l[x], swamp))
				abort();
	}
	/* The border reads as blocked. */
	if (grid_passable(g, -1, 0) || grid_passable(g, g->width, 0) ||
	    grid_passable(g, 0, -1) || grid_passable(g, 0, g->height))
		abort();
}

static void check_error(int rc, const struct movingai_error *err)
{
	const char *m = err->message;

	if (rc == MOVINGAI_OK || !m[0] || strlen(m) >= sizeof(err->message))
		abort();
	if (rc == MOVINGAI_EFORMAT) {
		/* Every format error points at a place in the file and
		 * quotes nothing unprintable. */
		if (err->line < 1 || err->col < 1)
			abort();
		for (; *m; m++)
			if ((unsigned char)*m < 0x20 ||
			    (unsigned char)*m >= 0x7f)
				abort();
	}
}

/* ------------------------------------------------------------------ */
/* scenarios */

static void check_scen(const struct movingai_scen *sc, const struct grid *g)
{
	size_t i;
	int last_line = 1;

	if (sc->count > sc->cap || (sc->count && !sc->problems) ||
	    (sc->count && !sc->map_count))
		abort();
	for (i = 0; i < sc->map_count; i++) {
		const char *base;

		if (!sc->maps[i] || !sc->maps[i][0])
			abort();
		base = movingai_basename(sc->maps[i]);
		if (base < sc->maps[i] || strchr(base, '/'))
			abort();
	}
	for (i = 0; i < sc->count; i++) {
		const struct movingai_problem *p = &sc->problems[i];
		int fits;

		if (p->line <= last_line || p->map >= sc->map_count ||
		    p->bucket < 0 || p->map_width < 1 ||
		    p->map_width > GRID_MAX_DIM || p->map_height < 1 ||
		    p->map_height > GRID_MAX_DIM || p->start_x < 0 ||
		    p->start_x >= p->map_width || p->goal_x < 0 ||
		    p->goal_x >= p->map_width || p->start_y < 0 ||
		    p->start_y >= p->map_height || p->goal_y < 0 ||
		    p->goal_y >= p->map_height || !(p->optimal >= 0.0) ||
		    !(p->optimal <= 1e300))
			abort();
		last_line = p->line;
		if (!g->cost)
			continue;
		fits = p->map_width == g->width && p->map_height == g->height &&
		       g->cost[grid_index(g, p->start_x, p->start_y)] != 0 &&
		       g->cost[grid_index(g, p->goal_x, p->goal_y)] != 0;
		if (movingai_problem_fits(p, g) != fits)
			abort();
	}
}

/* ------------------------------------------------------------------ */
/* the map as a dungeon */

static uint64_t hash(const uint8_t *buf, size_t len)
{
	uint64_t h = 14695981039346656037ull;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ buf[i]) * 1099511628211ull;
	return h;
}

static void check_dungeon(const struct data *d, const struct grid *g)
{
	const struct data_map *m = d->map;
	int tfloor = data_terrain_find(d, "floor");
	int twall = data_terrain_find(d, "wall");
	int tswamp = data_terrain_find(d, "swamp");
	int tstairs = data_terrain_find(d, "stairs");
	size_t i, j, stairs = 0, cells;

	if (!m || m->width != g->width || m->height != g->height || !m->cells ||
	    !m->glyphs || m->nplaces < 2 || !m->src.file)
		abort();
	cells = (size_t)m->width * (size_t)m->height;
	for (i = 0; i < cells; i++) {
		int t = m->cells[i];
		uint8_t c = grid_cost(g, (int)(i % (size_t)m->width),
		                      (int)(i / (size_t)m->width));

		if (t == tstairs)
			stairs++;
		if ((c == 0) != (t == twall) ||
		    (t != tfloor && t != twall && t != tswamp &&
		     t != tstairs) ||
		    m->glyphs[i] != d->terrain[t].glyph)
			abort();
	}
	if (stairs != 1)
		abort();
	for (i = 0; i < m->nplaces; i++) {
		const struct data_place *p = &m->places[i];
		int t;

		if (p->x < 0 || p->y < 0 || p->x >= m->width ||
		    p->y >= m->height)
			abort();
		t = m->cells[(size_t)p->y * (size_t)m->width + (size_t)p->x];
		for (j = 0; j < i; j++) /* one thing per cell */
			if (m->places[j].x == p->x && m->places[j].y == p->y)
				abort();
		switch (p->kind) {
		case DATA_PLACE_PLAYER:
			if (i != 0 || t != tfloor || p->x != m->player_x ||
			    p->y != m->player_y)
				abort();
			break;
		case DATA_PLACE_EXIT:
			if (i != 1 || t != tstairs)
				abort();
			break;
		case DATA_PLACE_MONSTER:
			if (p->what < 0 || (size_t)p->what >= d->nmonsters ||
			    t != tfloor ||
			    !data_terrain_cost(d, &d->monsters[p->what], 0,
			                       tfloor))
				abort();
			break;
		default:
			abort();
		}
	}
}

static void load_dungeon(const char *map, size_t len, uint64_t seed,
                         const struct grid *g)
{
	struct diag_list diags;
	struct data *d = data_new();
	char path[4096];
	size_t i;
	int rc;

	if (!d)
		return;
	diag_list_init(&diags, 50);
	if (data_load_buffer(d, "fuzz-terrain.txt", fuzz_terrain,
	                     sizeof(fuzz_terrain) - 1, &diags) != 0)
		abort(); /* the harness's own data must load */
	if (fuzz_tmp_write(path, sizeof(path), "fuzz-movingai", map, len) ==
	    0) {
		rc = data_load_movingai(d, path, seed, &diags);
		unlink(path);
		if (rc == 0) {
			if (!g->cost || diags.len)
				abort();
			check_dungeon(d, g);
		} else if (diags.len == 0) {
			abort();
		}
		for (i = 0; i < diags.len; i++) {
			const struct diag *x = &diags.items[i];

			if (x->line < 0 || x->col < 0 || !x->message ||
			    !x->file)
				abort();
		}
	}
	diag_list_fini(&diags);
	data_free(d);
}

/* ------------------------------------------------------------------ */

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	const char *s = (const char *)buf;
	const char *nul = memchr(s, '\0', len);
	size_t map_len = nul ? (size_t)(nul - s) : len;
	const char *scen = nul ? nul + 1 : "";
	size_t scen_len = nul ? len - map_len - 1 : 0;
	struct movingai_error err;
	struct movingai_scen sc;
	struct grid g = {0};
	FILE *f;
	int rc;

	/* fmemopen wants a writable pointer even to read; nothing is
	 * written through it.  An empty part is read from /dev/null, as
	 * fmemopen may refuse a length of 0. */
	f = map_len ? fmemopen((void *)(uintptr_t)s, map_len, "r")
	            : fopen("/dev/null", "r");
	if (f) {
		rc = movingai_read_map(f, SWAMP_COST, &g, &err);
		fclose(f);
		if (rc == MOVINGAI_OK)
			check_map(s, map_len, SWAMP_COST, &g);
		else if (g.cost || g.width || g.height)
			abort();
		else
			check_error(rc, &err);
	}

	f = scen_len ? fmemopen((void *)(uintptr_t)scen, scen_len, "r")
	             : fopen("/dev/null", "r");
	if (f) {
		rc = movingai_read_scen(f, &sc, &err);
		fclose(f);
		if (rc == MOVINGAI_OK)
			check_scen(&sc, &g);
		else if (sc.problems || sc.count || sc.maps || sc.map_count)
			abort();
		else
			check_error(rc, &err);
		movingai_scen_free(&sc);
	}

	load_dungeon(s, map_len, hash(buf, len), &g);
	grid_fini(&g);
	return 0;
}
