/* SPDX-License-Identifier: MIT */
/* dungeon.c - hand-made dungeons for the tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dungeon.h"
#include "fixture.h"

/* Monster kinds for the tests: plain ones whose speed and senses are
 * easy to reason about. */
const char dungeon_kinds[] =
        "include \"../terrain.txt\"\n"
        "monster opener\n"
        "\tglyph 'o' color red speed 100 hp 50 attack 1 sight 30\n"
        "\topens_doors yes drift 0 budget 0\n"
        "monster shut\n"
        "\tglyph 's' color red speed 100 hp 50 attack 1 sight 30\n"
        "\topens_doors no drift 0 budget 0\n"
        "monster lazy\n"
        "\tglyph 'z' color red speed 100 hp 50 attack 1 sight 30\n"
        "\topens_doors yes drift 3 budget 0\n"
        "monster fast\n"
        "\tglyph 'f' color red speed 200 hp 50 attack 1 sight 30\n"
        "\topens_doors no drift 0 budget 0\n"
        "monster slow\n"
        "\tglyph 'w' color red speed 50 hp 50 attack 1 sight 30\n"
        "\topens_doors no drift 0 budget 0\n"
        "monster firewary\n"
        "\tglyph 'l' color red speed 100 hp 50 attack 1 sight 30\n"
        "\topens_doors yes cost lava never drift 0 budget 0\n";

const char dungeon_legend[] = "legend '#' wall\n"
                              "legend '.' floor\n"
                              "legend '+' door_closed\n"
                              "legend \"'\" door_open\n"
                              "legend '=' gate_locked\n"
                              "legend '~' deep_water\n"
                              "legend 'L' lava\n"
                              "legend '@' floor player\n"
                              "legend '>' stairs exit\n"
                              "legend 'o' floor monster opener\n"
                              "legend 's' floor monster shut\n"
                              "legend 'f' floor monster fast\n"
                              "legend 'w' floor monster slow\n"
                              "legend 'l' floor monster firewary\n"
                              "legend 'z' floor monster lazy\n";

struct data *dungeon_load(const char *kinds, const char *legend,
                          const char *rows)
{
	char name[1024];
	struct diag_list dl;
	struct data *d = data_new();
	size_t i, n = strlen(kinds) + strlen(legend) + strlen(rows) + 64;
	char *buf = malloc(n);

	assert_non_null(d);
	assert_non_null(buf);
	snprintf(buf, n, "%sdungeon test\n%sMAP\n%sENDMAP\n", kinds, legend,
	         rows);
	snprintf(name, sizeof(name), "%s/data/maps/test.txt", fixture_srcdir());
	diag_list_init(&dl, 0);
	if (data_load_buffer(d, name, buf, strlen(buf), &dl) != 0) {
		for (i = 0; i < dl.len; i++)
			print_error("%s:%d:%d: %s\n", dl.items[i].file,
			            dl.items[i].line, dl.items[i].col,
			            dl.items[i].message);
		fail();
	}
	diag_list_fini(&dl);
	free(buf);
	return d;
}

struct game *dungeon_play(const char *rows, uint64_t seed,
                          const struct mind_options *o)
{
	struct game *g =
	        dungeon_game(dungeon_kinds, dungeon_legend, rows, seed, o);

	/* The tests watch the monsters, not the player's death. */
	g->world->php = g->world->php_max = 1000000;
	return g;
}

struct game *dungeon_game(const char *kinds, const char *legend,
                          const char *rows, uint64_t seed,
                          const struct mind_options *o)
{
	struct diag_list dl;
	struct game *g;

	diag_list_init(&dl, 0);
	g = game_new(dungeon_load(kinds, legend, rows), seed, -1, o, &dl);
	diag_list_fini(&dl);
	assert_non_null(g);
	return g;
}

struct game *dungeon_shipped(const char *file, uint64_t seed, int monsters)
{
	char path[1024];
	struct diag_list dl;
	struct data *d = data_new();
	struct game *g;

	assert_non_null(d);
	snprintf(path, sizeof(path), "%s/data/maps/%s", fixture_srcdir(), file);
	diag_list_init(&dl, 0);
	assert_int_equal(data_load(d, path, &dl), 0);
	g = game_new(d, seed, monsters, NULL, &dl);
	diag_list_fini(&dl);
	assert_non_null(g);
	return g;
}

/* The map as the player would see it, with every monster's mind, for
 * the log of a failing test. */
void dungeon_dump(const struct game *g)
{
	const struct world *w = g->world;
	int x, y;
	size_t i;

	for (y = 0; y < w->height; y++) {
		char line[256];
		int n = 0;

		for (x = 0; x < w->width && n < 250; x++) {
			int mi = world_monster_at(w, x, y);

			line[n++] = x == w->px && y == w->py ? '@'
			            : mi >= 0
			                    ? w->data->monsters[w->monsters[mi]
			                                                .kind]
			                              .glyph
			                    : world_terrain_at(w, x, y)->glyph;
		}
		line[n] = '\0';
		print_message("%s\n", line);
	}
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		const struct mind *mi = &g->minds->mind[i];

		print_message("monster %zu at %d,%d mode %s goal %d,%d path "
		              "%zu/%zu cache %s unreachable %d prev %d,%d "
		              "reason %s blocked %d\n",
		              i, m->x, m->y, mind_mode_name(mi->mode),
		              mi->goal_x, mi->goal_y, mi->pos, mi->len,
		              mind_cache_name(mi->cache), mi->unreachable,
		              m->prev_x, m->prev_y,
		              event_reason_name(mi->last_reason),
		              mi->blocked_turns);
	}
}

/* Every actor in its own cell, and occ agrees with the monsters. */
void dungeon_check_occupancy(const struct world *w)
{
	size_t i, n = 0, c;

	for (c = 0; c < (size_t)w->width * (size_t)w->height; c++)
		if (w->occ[c])
			n++;
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];

		if (!m->alive)
			continue;
		assert_int_equal(w->occ[world_idx(w, m->x, m->y)], i + 1);
		assert_false(m->x == w->px && m->y == w->py);
		n--;
	}
	assert_int_equal(n, 0);
}

int dungeon_path_has(const struct mind *mi, int x, int y)
{
	size_t k;

	for (k = 0; k < mi->len; k++)
		if (mi->path[k].x == x && mi->path[k].y == y)
			return 1;
	return 0;
}

/* A monster told where the player is, as if it had seen it there. */
void dungeon_tell(struct game *g, size_t i)
{
	const struct world *w = g->world;
	struct mind *mi = &g->minds->mind[i];

	mi->mode = MIND_SEARCH;
	mi->seen = 1;
	mi->last_x = w->px;
	mi->last_y = w->py;
}

int dungeon_adjacent(const struct world *w, size_t i)
{
	return abs(w->monsters[i].x - w->px) <= 1 &&
	       abs(w->monsters[i].y - w->py) <= 1;
}
