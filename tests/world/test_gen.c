/* SPDX-License-Identifier: MIT */
/* test_gen.c - the dungeon and cave generators: what a player of
 * `--generate WxH [--cave]` would notice.  The same seed gives the same
 * dungeon; every size from the smallest to the largest is playable (one
 * start, one exit the player can reach after fetching the key, monsters
 * where they can stand and not on top of the player); a big dungeon has
 * rooms, doors, a locked gate, loops and terrain; a cave is one cave with
 * no doors, its stairs the farthest floor cell, with caverns and terrain;
 * bad sizes and monster counts are refused with a message; and a
 * generated dungeon, written out as a map file, loads back through the
 * loader unchanged.  Reachability is checked both with
 * data_check_reachable and with a BFS of this file's own. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/data/data.h"
#include "core/base/diag.h"
#include "core/world/gen.h"
#include "core/base/rng.h"
#include "lib/fixture.h"
#include "lib/tap.h"

/* A struct data holding the shipped terrain and monster kinds. */
static struct data *load_kinds(void)
{
	struct diag_list dl;
	struct data *d = data_new();
	char path[1024];

	assert_non_null(d);
	snprintf(path, sizeof(path), "%s/data/monsters.txt", fixture_srcdir());
	diag_list_init(&dl, 0);
	if (data_load(d, path, &dl) != 0)
		fail_msg("%s: %s", path, dl.len ? dl.items[0].message : "?");
	diag_list_fini(&dl);
	return d;
}

/* A generated dungeon (or cave) that must succeed with no diagnostic at
 * all. */
static struct data *generate_as(int cave, int w, int h, uint64_t seed,
                                int nmonsters)
{
	struct diag_list dl;
	struct data *d = load_kinds();

	diag_list_init(&dl, 0);
	if ((cave ? gen_cave : gen_dungeon)(d, w, h, seed, nmonsters, &dl) != 0)
		fail_msg("%dx%d seed %llu: %s", w, h, (unsigned long long)seed,
		         dl.len ? dl.items[0].message : "no message");
	assert_int_equal(dl.len, 0);
	assert_non_null(d->map);
	diag_list_fini(&dl);
	return d;
}

static struct data *generate(int w, int h, uint64_t seed, int nmonsters)
{
	return generate_as(0, w, h, seed, nmonsters);
}

/* Runs gen_dungeon (or gen_cave) where it must fail; returns the first
 * message, which the caller frees. */
static char *generate_error_as(int cave, struct data *d, int w, int h,
                               uint64_t seed, int nmonsters)
{
	struct diag_list dl;
	char *msg;

	diag_list_init(&dl, 0);
	assert_int_equal(
	        (cave ? gen_cave : gen_dungeon)(d, w, h, seed, nmonsters, &dl),
	        -1);
	assert_null(d->map);
	assert_int_equal(dl.errors, 1);
	assert_int_equal(dl.items[0].severity, DIAG_ERROR);
	msg = malloc(strlen(dl.items[0].message) + 1);
	assert_non_null(msg);
	strcpy(msg, dl.items[0].message);
	diag_list_fini(&dl);
	return msg;
}

static char *generate_error(struct data *d, int w, int h, uint64_t seed,
                            int nmonsters)
{
	return generate_error_as(0, d, w, h, seed, nmonsters);
}

static int terrain(const struct data *d, const char *name)
{
	int t = data_terrain_find(d, name);

	assert_true(t >= 0);
	return t;
}

static size_t count_terrain(const struct data *d, const char *name)
{
	const struct data_map *m = d->map;
	size_t i, n = 0, cells = (size_t)m->width * (size_t)m->height;
	int t = terrain(d, name);

	for (i = 0; i < cells; i++)
		n += m->cells[i] == t;
	return n;
}

static size_t count_places(const struct data *d, int kind)
{
	size_t i, n = 0;

	for (i = 0; i < d->map->nplaces; i++)
		n += d->map->places[i].kind == kind;
	return n;
}

/* Keys (use 0) or tools (use 1) the dungeon places. */
static size_t count_keys(const struct data *d, int tools)
{
	size_t i, n = 0;

	for (i = 0; i < d->map->nplaces; i++)
		n += d->map->places[i].kind == DATA_PLACE_KEY &&
		     (d->keys[d->map->places[i].what].use != DATA_USE_NONE) ==
		             tools;
	return n;
}

/* The first key (not a tool) placed, or NULL. */
static const struct data_place *find_key(const struct data *d)
{
	size_t i;

	for (i = 0; i < d->map->nplaces; i++)
		if (d->map->places[i].kind == DATA_PLACE_KEY &&
		    d->keys[d->map->places[i].what].use == DATA_USE_NONE)
			return &d->map->places[i];
	return NULL;
}

static const struct data_place *find_place(const struct data *d, int kind)
{
	size_t i;

	for (i = 0; i < d->map->nplaces; i++)
		if (d->map->places[i].kind == kind)
			return &d->map->places[i];
	return NULL;
}

/* How the player may treat keys in reach(). */
enum keys { KEYS_NONE, KEYS_PICKED_UP, KEYS_ALL };

/* The cells the player reaches from its start, four ways (which implies
 * every diagonal rule), with keys as told; blocked (an index, or -1) is
 * treated as wall.  Returns a calloc'd array of 0/1, or of steps + 1 when
 * steps is set. */
static uint32_t *reach_from(const struct data *d, int sx, int sy,
                            enum keys keys, long blocked)
{
	const struct data_map *m = d->map;
	size_t cells = (size_t)m->width * (size_t)m->height;
	uint32_t *seen = calloc(cells, sizeof(*seen));
	uint32_t *queue = malloc(cells * sizeof(*queue));
	int held[DATA_KEY_MAX] = {0}, more = 1;
	size_t i;

	assert_non_null(seen);
	assert_non_null(queue);
	if (keys == KEYS_ALL)
		for (i = 0; i < DATA_KEY_MAX; i++)
			held[i] = 1;
	while (more) {
		size_t head = 0, tail = 0;

		more = 0;
		memset(seen, 0, cells * sizeof(*seen));
		seen[(size_t)sy * m->width + sx] = 1;
		queue[tail++] = (uint32_t)((size_t)sy * m->width + sx);
		while (head < tail) {
			uint32_t c = queue[head++];
			int x = (int)(c % (uint32_t)m->width);
			int y = (int)(c / (uint32_t)m->width), k;
			static const int dx[4] = {1, -1, 0, 0};
			static const int dy[4] = {0, 0, 1, -1};

			for (k = 0; k < 4; k++) {
				int nx = x + dx[k], ny = y + dy[k], ok;
				size_t ni = (size_t)ny * m->width + nx;
				const struct data_terrain *t;

				if (nx < 0 || ny < 0 || nx >= m->width ||
				    ny >= m->height || seen[ni] ||
				    (long)ni == blocked)
					continue;
				t = &d->terrain[m->cells[ni]];
				if (t->door == DATA_DOOR_LOCKED)
					ok = t->unlocked_by >= 0 &&
					     held[t->unlocked_by];
				else
					ok = data_terrain_cost(d, NULL, 0,
					                       m->cells[ni]) !=
					     0;
				if (!ok)
					continue;
				seen[ni] = seen[c] + 1;
				queue[tail++] = (uint32_t)ni;
			}
		}
		if (keys != KEYS_PICKED_UP)
			break;
		for (i = 0; i < m->nplaces; i++) {
			const struct data_place *p = &m->places[i];

			if (p->kind == DATA_PLACE_KEY && !held[p->what] &&
			    seen[(size_t)p->y * m->width + p->x]) {
				held[p->what] = 1;
				more = 1;
			}
		}
	}
	free(queue);
	return seen;
}

static uint32_t *reach(const struct data *d, enum keys keys)
{
	return reach_from(d, d->map->player_x, d->map->player_y, keys, -1);
}

static int reached(const struct data *d, const uint32_t *seen,
                   const struct data_place *p)
{
	return p && seen[(size_t)p->y * d->map->width + p->x] != 0;
}

/* The fingerprint of the 80x40 cave of seed 7: it changes only when the
 * cave generator does (then update it, and say so: old seeds change). */
#define CAVE_FINGERPRINT 0xea436a0821f4200dull

#define CHECK(cond)                                                            \
	do {                                                                   \
		if (!(cond))                                                   \
			fail_msg("%s: %s", what, #cond);                       \
	} while (0)

/* Everything that must hold of any generated dungeon. */
static void check_dungeon(const struct data *d, int w, int h, int nmonsters,
                          const char *what)
{
	const struct data_map *m = d->map;
	const struct data_place *player, *exit_, *key;
	int wall = terrain(d, "wall"), stairs = terrain(d, "stairs");
	int gate = terrain(d, "gate_locked"), x, y;
	struct diag_list dl;
	uint32_t *seen, *seen_all;
	size_t i;

	CHECK(m->width == w && m->height == h);
	CHECK(!strcmp(m->src.file, "<generated>"));
	for (i = 0; i < (size_t)w * h; i++) {
		CHECK(m->cells[i] < d->nterrain);
		CHECK(m->glyphs[i] == d->terrain[m->cells[i]].glyph);
	}
	for (x = 0; x < w; x++)
		CHECK(m->cells[x] == wall &&
		      m->cells[(size_t)(h - 1) * w + x] == wall);
	for (y = 0; y < h; y++)
		CHECK(m->cells[(size_t)y * w] == wall &&
		      m->cells[(size_t)y * w + w - 1] == wall);

	CHECK(count_places(d, DATA_PLACE_PLAYER) == 1);
	CHECK(count_places(d, DATA_PLACE_EXIT) == 1);
	CHECK(count_places(d, DATA_PLACE_MONSTER) == (size_t)nmonsters);
	CHECK(count_keys(d, 0) == (count_terrain(d, "gate_locked") ? 1u : 0u));
	/* A tool or two lie about, on bare floor. */
	CHECK(count_keys(d, 1) >= 1 && count_keys(d, 1) <= 2);
	CHECK(count_terrain(d, "gate_locked") <= 1);
	player = find_place(d, DATA_PLACE_PLAYER);
	exit_ = find_place(d, DATA_PLACE_EXIT);
	key = find_key(d);
	CHECK(player->x == m->player_x && player->y == m->player_y);
	CHECK(m->cells[(size_t)exit_->y * w + exit_->x] == stairs);
	CHECK(count_terrain(d, "stairs") == 1);

	seen_all = reach(d, KEYS_PICKED_UP);
	for (i = 0; i < m->nplaces; i++) {
		const struct data_place *p = &m->places[i];
		int t = m->cells[(size_t)p->y * w + p->x];

		CHECK(p->x > 0 && p->y > 0 && p->x < w - 1 && p->y < h - 1);
		/* Row-major, one thing per cell, as data_load lists them. */
		if (i > 0)
			CHECK(p->y > p[-1].y ||
			      (p->y == p[-1].y && p->x > p[-1].x));
		CHECK(d->terrain[t].door == DATA_DOOR_NONE);
		switch (p->kind) {
		case DATA_PLACE_MONSTER:
			CHECK(p->what >= 0 && (size_t)p->what < d->nmonsters);
			/* Where it moves easily: no goblin waiting in lava. */
			CHECK(data_terrain_cost(d, &d->monsters[p->what], 0,
			                        t) != 0);
			CHECK(data_terrain_cost(d, &d->monsters[p->what], 0,
			                        t) <= 4);
			CHECK(abs(p->x - player->x) > 1 ||
			      abs(p->y - player->y) > 1);
			break;
		case DATA_PLACE_KEY:
			if (d->keys[p->what].use != DATA_USE_NONE) {
				CHECK(t == terrain(d, "floor"));
				CHECK(reached(d, seen_all, p));
				break;
			}
			CHECK(p->what == d->terrain[gate].unlocked_by);
			/* fall through */
		default:
			CHECK(d->terrain[t].walk);
			break;
		}
	}
	free(seen_all);

	/* The loader's own check finds nothing wrong: not the exit, not a
	 * monster shut away from the player. */
	diag_list_init(&dl, 0);
	if (data_check_reachable(d, &dl) != 0 || dl.warnings)
		fail_msg("%s: %s", what,
		         dl.len ? dl.items[0].message : "no message");
	diag_list_fini(&dl);

	/* The player gets out by picking up what lies on the way. */
	seen = reach(d, KEYS_PICKED_UP);
	CHECK(reached(d, seen, exit_));
	free(seen);
	if (key) {
		/* The key lies on the player's side of the gate, and the
		 * gate is the only way to the stairs. */
		seen = reach(d, KEYS_NONE);
		CHECK(reached(d, seen, key));
		CHECK(!reached(d, seen, exit_));
		free(seen);
	}
}

static void assert_places_equal(const struct data_map *a,
                                const struct data_map *b)
{
	size_t i;

	assert_int_equal(a->nplaces, b->nplaces);
	for (i = 0; i < a->nplaces; i++) {
		assert_int_equal(a->places[i].kind, b->places[i].kind);
		assert_int_equal(a->places[i].what, b->places[i].what);
		assert_int_equal(a->places[i].x, b->places[i].x);
		assert_int_equal(a->places[i].y, b->places[i].y);
	}
}

/* FNV-1a over the cells and places: a fingerprint of a dungeon. */
static uint64_t fingerprint(const struct data *d)
{
	const struct data_map *m = d->map;
	uint64_t h = 0xcbf29ce484222325u;
	size_t i;

	for (i = 0; i < (size_t)m->width * m->height; i++)
		h = (h ^ m->cells[i]) * 0x100000001b3u;
	for (i = 0; i < m->nplaces; i++) {
		h = (h ^ m->places[i].kind) * 0x100000001b3u;
		h = (h ^ (uint32_t)m->places[i].what) * 0x100000001b3u;
		h = (h ^ (uint32_t)m->places[i].x) * 0x100000001b3u;
		h = (h ^ (uint32_t)m->places[i].y) * 0x100000001b3u;
	}
	return h;
}

static void test_gen_same_seed_same_dungeon(void **state)
{
	struct data *a = generate(80, 40, 7, 10), *b = generate(80, 40, 7, 10);
	struct data *c = generate(80, 40, 8, 10);
	size_t cells = 80 * 40;

	(void)state;
	assert_memory_equal(a->map->cells, b->map->cells, cells);
	assert_memory_equal(a->map->glyphs, b->map->glyphs, cells);
	assert_places_equal(a->map, b->map);
	assert_string_equal(a->map->name, "generated");
	assert_string_equal(a->map->title, "Generated 80x40, seed 7");
	assert_string_equal(a->map->title, b->map->title);
	assert_string_equal(a->map->description, b->map->description);
	assert_true(memcmp(a->map->cells, c->map->cells, cells) != 0);
	/* The same on every machine: this fingerprint changes only when the
	 * generator does (then update it, and say so: old seeds change). */
	assert_int_equal(fingerprint(a), 0x42c9642f58a664aeull);
	data_free(a);
	data_free(b);
	data_free(c);
}

/* From the smallest dungeon to the largest, thin and wide ones included. */
static void test_gen_every_size_is_playable(void **state)
{
	static const int sizes[][3] = {
	        {GEN_MIN_W, GEN_MIN_H, 3},
	        {GEN_MIN_W + 1, GEN_MIN_H + 1, 3},
	        {GEN_MIN_W, GEN_MAX_DIM, 10},
	        {GEN_MAX_DIM, GEN_MIN_H, 10},
	        {37, 23, 10},
	        {80, 24, 10},
	        {80, 40, 10},
	        {200, 100, 50},
	        {512, 512, 100},
	        {GEN_MAX_DIM, GEN_MAX_DIM, 200},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char what[64];
		struct data *d;

		snprintf(what, sizeof(what), "%dx%d", sizes[i][0], sizes[i][1]);
		d = generate(sizes[i][0], sizes[i][1], 1, sizes[i][2]);
		check_dungeon(d, sizes[i][0], sizes[i][1], sizes[i][2], what);
		data_free(d);
	}
}

/* Hundreds of seeds at random sizes: every dungeon is playable. */
static void test_gen_many_seeds_are_playable(void **state)
{
	struct rng r;
	uint64_t seed;

	(void)state;
	rng_seed(&r, 2024);
	for (seed = 1; seed <= 300; seed++) {
		int w = rng_range(&r, GEN_MIN_W, 120);
		int h = rng_range(&r, GEN_MIN_H, 60);
		int n = rng_range(&r, 0, 12);
		char what[64];
		struct data *d;

		snprintf(what, sizeof(what), "%dx%d seed %llu", w, h,
		         (unsigned long long)seed);
		d = generate(w, h, seed, n);
		check_dungeon(d, w, h, n, what);
		data_free(d);
	}
}

static void test_gen_bad_sizes_rejected(void **state)
{
	static const int sizes[][2] = {
	        {GEN_MIN_W - 1, GEN_MIN_H},
	        {GEN_MIN_W, GEN_MIN_H - 1},
	        {0, 0},
	        {-80, 40},
	        {80, -40},
	        {GEN_MAX_DIM + 1, 40},
	        {80, GEN_MAX_DIM + 1},
	        {INT_MAX, INT_MAX},
	        {INT_MIN, 40},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct data *d = load_kinds();
		char *msg = generate_error(d, sizes[i][0], sizes[i][1], 1, 5);
		char want[256];

		snprintf(want, sizeof(want),
		         "cannot generate a %dx%d dungeon: the size must be "
		         "%dx%d to %dx%d",
		         sizes[i][0], sizes[i][1], GEN_MIN_W, GEN_MIN_H,
		         GEN_MAX_DIM, GEN_MAX_DIM);
		assert_string_equal(msg, want);
		free(msg);
		data_free(d);
	}
}

/* Many monsters on many seeds: each stands where its kind can, none next
 * to the player, and the seed picks among the kinds, eels included. */
static void test_gen_monsters_stand_where_they_can(void **state)
{
	int kinds_seen[DATA_MONSTER_MAX] = {0}, nkinds = 0, eel = -1;
	uint64_t seed;
	size_t i, nmon = 0;

	(void)state;
	for (seed = 1; seed <= 20; seed++) {
		char what[64];
		struct data *d = generate(120, 60, seed, 80);

		snprintf(what, sizeof(what), "120x60 seed %llu",
		         (unsigned long long)seed);
		check_dungeon(d, 120, 60, 80, what);
		eel = data_monster_find(d, "eel");
		for (i = 0; i < d->map->nplaces; i++) {
			const struct data_place *p = &d->map->places[i];

			if (p->kind != DATA_PLACE_MONSTER)
				continue;
			if (!kinds_seen[p->what]++)
				nkinds++;
			nmon++;
		}
		data_free(d);
	}
	assert_int_equal(nmon, 20 * 80);
	assert_true(nkinds >= 6);
	assert_true(eel >= 0 && kinds_seen[eel] > 0);
}

static void test_gen_monster_count_limits(void **state)
{
	struct data *d = load_kinds();
	char *msg, want[128];
	const char *p;
	unsigned long room;

	(void)state;
	msg = generate_error(d, 20, 10, 1, -1);
	snprintf(want, sizeof(want),
	         "cannot place -1 monsters: the count must be 0 to %d",
	         DATA_MONSTERS_MAX);
	assert_string_equal(msg, want);
	free(msg);
	msg = generate_error(d, 20, 10, 1, DATA_MONSTERS_MAX + 1);
	snprintf(want, sizeof(want),
	         "cannot place %d monsters: the count must be 0 to %d",
	         DATA_MONSTERS_MAX + 1, DATA_MONSTERS_MAX);
	assert_string_equal(msg, want);
	free(msg);

	/* The small dungeon cannot hold that many; it says how many. */
	msg = generate_error(d, 20, 10, 1, 1000);
	p = strstr(msg, "has room for ");
	assert_non_null(p);
	assert_int_equal(
	        strncmp(msg,
	                "too many monsters: 1000 asked, but this 20x10 "
	                "dungeon has room for ",
	                (size_t)(p + strlen("has room for ") - msg)),
	        0);
	room = strtoul(p + strlen("has room for "), NULL, 10);
	assert_true(room >= 5 && room < 1000);
	free(msg);
	/* ... and that many fit, one more does not. */
	msg = generate_error(d, 20, 10, 1, (int)room + 1);
	free(msg);
	data_free(d);
	d = generate(20, 10, 1, (int)room);
	check_dungeon(d, 20, 10, (int)room, "20x10 full of monsters");
	data_free(d);
	d = generate(20, 10, 1, 0);
	check_dungeon(d, 20, 10, 0, "20x10 with no monster");
	data_free(d);
}

/* Cells whose 3x3 block is all open ground, grouped 4-way: rooms. */
static size_t count_rooms(const struct data *d)
{
	const struct data_map *m = d->map;
	int wall = terrain(d, "wall"), w = m->width, h = m->height, x, y;
	size_t cells = (size_t)w * h, n = 0, i;
	uint8_t *open = calloc(cells, 1);
	uint32_t *queue = malloc(cells * sizeof(*queue));

	assert_non_null(open);
	assert_non_null(queue);
	for (y = 1; y < h - 1; y++) {
		for (x = 1; x < w - 1; x++) {
			int dx, dy, ok = 1;

			for (dy = -1; dy <= 1; dy++)
				for (dx = -1; dx <= 1; dx++)
					ok &= m->cells[(size_t)(y + dy) * w +
					               x + dx] != wall;
			open[(size_t)y * w + x] = (uint8_t)ok;
		}
	}
	for (i = 0; i < cells; i++) {
		size_t head = 0, tail = 0;

		if (!open[i])
			continue;
		n++;
		open[i] = 0;
		queue[tail++] = (uint32_t)i;
		while (head < tail) {
			uint32_t c = queue[head++];
			size_t nb[4] = {c - 1, c + 1, c - (size_t)w,
			                c + (size_t)w};
			int k;

			for (k = 0; k < 4; k++) {
				if (!open[nb[k]])
					continue;
				open[nb[k]] = 0;
				queue[tail++] = (uint32_t)nb[k];
			}
		}
	}
	free(open);
	free(queue);
	return n;
}

/* A big dungeon has what a player expects to see. */
static void test_gen_has_rooms_doors_and_terrain(void **state)
{
	struct data *d = generate(200, 100, 3, 20);
	size_t closed = count_terrain(d, "door_closed");
	size_t open = count_terrain(d, "door_open");

	(void)state;
	check_dungeon(d, 200, 100, 20, "200x100 seed 3");
	assert_true(count_rooms(d) >= 40);
	assert_true(closed >= 30);
	assert_true(open >= 5);
	assert_true(closed > open);
	assert_int_equal(count_terrain(d, "gate_locked"), 1);
	assert_int_equal(count_keys(d, 0), 1);
	assert_int_equal(find_key(d)->what, data_key_find(d, "iron_key"));
	assert_true(count_terrain(d, "mud") > 0);
	assert_true(count_terrain(d, "shallow_water") > 0);
	assert_true(count_terrain(d, "deep_water") > 0);
	assert_true(count_terrain(d, "lava") > 0);
	assert_true(count_terrain(d, "grass") > 0);
	assert_true(count_terrain(d, "tree") > 0);
	data_free(d);
}

/* Some doors sit on loops: shut one and the far side can still be reached
 * another way, so a chase can go round. */
static void test_gen_has_loops(void **state)
{
	struct data *d = generate(200, 100, 3, 0);
	const struct data_map *m = d->map;
	int closed = terrain(d, "door_closed"), w = m->width, x, y;
	int tried = 0, loops = 0;

	(void)state;
	for (y = 1; y < m->height - 1 && tried < 40; y++) {
		for (x = 1; x < w - 1 && tried < 40; x++) {
			size_t i = (size_t)y * w + x;
			int ax = x - 1, ay = y, bx = x + 1, by = y;
			uint32_t *seen;

			if (m->cells[i] != closed)
				continue;
			/* The door's two open sides. */
			if (!d->terrain[m->cells[i - 1]].walk ||
			    !d->terrain[m->cells[i + 1]].walk) {
				ax = bx = x;
				ay = y - 1;
				by = y + 1;
			}
			tried++;
			seen = reach_from(d, ax, ay, KEYS_ALL, (long)i);
			loops += seen[(size_t)by * w + bx] != 0;
			free(seen);
		}
	}
	assert_int_equal(tried, 40);
	assert_true(loops >= 4);
	data_free(d);
}

/* The stairs are a long way from the start: farther than most of the
 * ground beyond the gate. */
static void test_gen_exit_is_far(void **state)
{
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 30; seed++) {
		struct data *d = generate(80, 40, seed, 0);
		const struct data_map *m = d->map;
		const struct data_place *e = find_place(d, DATA_PLACE_EXIT);
		uint32_t *all = reach(d, KEYS_ALL), *mine = reach(d, KEYS_NONE);
		size_t i, beyond = 0, nearer = 0;

		for (i = 0; i < (size_t)m->width * m->height; i++) {
			if (!all[i] || mine[i])
				continue;
			beyond++;
			nearer += all[i] < all[(size_t)e->y * m->width + e->x];
		}
		if (nearer * 4 < beyond * 3)
			fail_msg("seed %llu: the exit is nearer than %zu of "
			         "the %zu cells beyond the gate",
			         (unsigned long long)seed, beyond - nearer,
			         beyond);
		free(all);
		free(mine);
		data_free(d);
	}
}

/* ---- caves ---------------------------------------------------------- */

/* Everything that must hold of any generated cave, on top of what holds
 * of any dungeon: no door, gate or key; every cell that is not rock joins
 * one 4-connected cave, terrain patches included; and the stairs are the
 * floor cell the player walks to farthest (no floor cell it reaches is
 * more steps away). */
static void check_cave(const struct data *d, int w, int h, int nmonsters,
                       const char *what)
{
	const struct data_map *m = d->map;
	const size_t cells = (size_t)w * (size_t)h;
	const int wall = terrain(d, "wall"), floor = terrain(d, "floor");
	const struct data_place *e;
	uint32_t *seen, *queue = malloc(cells * sizeof(*queue));
	unsigned char *in = calloc(cells, 1);
	size_t i, open = 0, head = 0, tail = 0;

	assert_true(queue && in);
	check_dungeon(d, w, h, nmonsters, what);
	CHECK(count_terrain(d, "door_closed") == 0);
	CHECK(count_terrain(d, "door_open") == 0);
	CHECK(count_terrain(d, "gate_locked") == 0);
	CHECK(count_keys(d, 0) == 0);
	for (i = 0; i < cells; i++) {
		if (m->cells[i] == wall)
			continue;
		if (!open++) {
			in[i] = 1;
			queue[tail++] = (uint32_t)i;
		}
	}
	while (head < tail) {
		uint32_t c = queue[head++];
		static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
		int k;

		for (k = 0; k < 4; k++) {
			size_t ni =
			        (size_t)((int)(c / (uint32_t)w) + dy[k]) * w +
			        (size_t)((int)(c % (uint32_t)w) + dx[k]);

			if (m->cells[ni] == wall || in[ni])
				continue;
			in[ni] = 1;
			queue[tail++] = (uint32_t)ni;
		}
	}
	CHECK(tail == open);
	/* At least a quarter of the inside is cave. */
	CHECK(open * 4 >= (size_t)(w - 2) * (size_t)(h - 2));
	e = find_place(d, DATA_PLACE_EXIT);
	seen = reach(d, KEYS_NONE);
	for (i = 0; i < cells; i++)
		CHECK(m->cells[i] != floor ||
		      seen[i] <= seen[(size_t)e->y * w + e->x]);
	free(seen);
	free(queue);
	free(in);
}

static void test_gen_cave_same_seed_same_cave(void **state)
{
	struct data *a = generate_as(1, 80, 40, 7, 10);
	struct data *b = generate_as(1, 80, 40, 7, 10);
	struct data *c = generate_as(1, 80, 40, 8, 10);
	struct data *r = generate(80, 40, 7, 10);
	size_t cells = 80 * 40;

	(void)state;
	assert_memory_equal(a->map->cells, b->map->cells, cells);
	assert_places_equal(a->map, b->map);
	assert_string_equal(a->map->title, "Generated cave 80x40, seed 7");
	assert_true(!strncmp(a->map->description, "A cave of ", 10));
	assert_string_equal(a->map->description, b->map->description);
	assert_true(memcmp(a->map->cells, c->map->cells, cells) != 0);
	/* Not the rooms of the same seed. */
	assert_true(memcmp(a->map->cells, r->map->cells, cells) != 0);
	/* The same on every machine (see the dungeons' fingerprint). */
	assert_int_equal(fingerprint(a), CAVE_FINGERPRINT);
	data_free(a);
	data_free(b);
	data_free(c);
	data_free(r);
}

/* From the smallest cave to the largest, thin ones included (a strip
 * cuts into many caverns, which tunnels join), and hundreds of seeds at
 * random sizes. */
static void test_gen_cave_every_size_is_playable(void **state)
{
	static const int sizes[][3] = {
	        {GEN_MIN_W, GEN_MIN_H, 3},
	        {GEN_MIN_W + 1, GEN_MIN_H + 1, 3},
	        {GEN_MIN_W, GEN_MAX_DIM, 10},
	        {GEN_MAX_DIM, GEN_MIN_H, 10},
	        {80, 24, 10},
	        {200, 100, 50},
	        {GEN_MAX_DIM, GEN_MAX_DIM, 500},
	};
	struct rng r;
	uint64_t seed;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char what[64];
		struct data *d;

		snprintf(what, sizeof(what), "cave %dx%d", sizes[i][0],
		         sizes[i][1]);
		d = generate_as(1, sizes[i][0], sizes[i][1], 1, sizes[i][2]);
		check_cave(d, sizes[i][0], sizes[i][1], sizes[i][2], what);
		data_free(d);
	}
	rng_seed(&r, 77);
	for (seed = 1; seed <= 200; seed++) {
		int w = rng_range(&r, GEN_MIN_W, 120);
		int h = rng_range(&r, GEN_MIN_H, 60);
		int n = rng_range(&r, 0, 12);
		char what[64];
		struct data *d;

		snprintf(what, sizeof(what), "cave %dx%d seed %llu", w, h,
		         (unsigned long long)seed);
		d = generate_as(1, w, h, seed, n);
		check_cave(d, w, h, n, what);
		data_free(d);
	}
}

/* A big cave has what a player expects of one: caverns wider than any
 * corridor (cells with all eight neighbours open), passages, and the
 * terrain rooms get; and bad sizes and counts are refused as for rooms. */
static void test_gen_cave_has_caverns_and_terrain(void **state)
{
	struct data *d = generate_as(1, 200, 100, 3, 20), *e = load_kinds();
	const struct data_map *m = d->map;
	const int wall = terrain(d, "wall");
	size_t inner = 0;
	char *msg;
	int x, y, dx, dy;

	(void)state;
	check_cave(d, 200, 100, 20, "cave 200x100 seed 3");
	for (y = 1; y < m->height - 1; y++)
		for (x = 1; x < m->width - 1; x++) {
			int all = 1;

			for (dy = -1; dy <= 1; dy++)
				for (dx = -1; dx <= 1; dx++)
					all &= m->cells[(size_t)(y + dy) *
					                        m->width +
					                x + dx] != wall;
			inner += all;
		}
	assert_true(inner >= 2000);
	assert_true(count_terrain(d, "mud") > 0);
	assert_true(count_terrain(d, "shallow_water") > 0);
	assert_true(count_terrain(d, "grass") > 0);
	data_free(d);
	msg = generate_error_as(1, e, GEN_MIN_W - 1, GEN_MIN_H, 1, 0);
	assert_non_null(strstr(msg, "cannot generate a 19x10"));
	free(msg);
	msg = generate_error_as(1, e, 20, 10, 1, 100000);
	assert_non_null(strstr(msg, "cannot place 100000 monsters"));
	free(msg);
	msg = generate_error_as(1, e, 20, 10, 1, 500);
	assert_non_null(strstr(msg, "has room for"));
	free(msg);
	data_free(e);
}

/* A generated dungeon written out as a map file (its own glyph for each
 * terrain and thing) loads back through data_load unchanged: it is
 * exactly what a hand-made map would be. */
static void test_gen_loads_back_as_a_map_file(void **state)
{
	static const char pool[] =
	        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	        "0123456789.,;:!?$%&()*+-/<=>@[]^_`{|}~";
	struct data *g = generate(80, 40, 5, 25), *l = data_new();
	const struct data_map *m = g->map;
	int combo[256][4]; /* glyph index of (terrain, kind, what + 1) */
	size_t ncombo = 0, i, len = 0, cap = 1 << 16;
	char *text = malloc(cap), path[1024], *glyph_of;
	struct diag_list dl;

	(void)state;
	assert_non_null(text);
	glyph_of = malloc((size_t)m->width * m->height);
	assert_non_null(glyph_of);
	len += (size_t)snprintf(text + len, cap - len,
	                        "include \"../monsters.txt\"\n"
	                        "dungeon roundtrip\n");
	for (i = 0; i < (size_t)m->width * m->height; i++) {
		int t = m->cells[i], kind = 0, what = -1;
		size_t k, j;

		for (j = 0; j < m->nplaces; j++) {
			const struct data_place *p = &m->places[j];

			if ((size_t)p->y * m->width + p->x == i) {
				kind = p->kind;
				what = p->what;
			}
		}
		for (k = 0; k < ncombo; k++)
			if (combo[k][0] == t && combo[k][1] == kind &&
			    combo[k][2] == what)
				break;
		if (k == ncombo) {
			static const char *const things[] = {
			        "", " player", " monster ", " key ", " exit"};
			const char *name = "";

			assert_true(ncombo < sizeof(pool) - 1);
			combo[k][0] = t;
			combo[k][1] = kind;
			combo[k][2] = what;
			ncombo++;
			if (kind == DATA_PLACE_MONSTER)
				name = g->monsters[what].name;
			else if (kind == DATA_PLACE_KEY)
				name = g->keys[what].name;
			len += (size_t)snprintf(text + len, cap - len,
			                        "legend '%c' %s%s%s\n", pool[k],
			                        g->terrain[t].name,
			                        things[kind], name);
		}
		glyph_of[i] = pool[k];
	}
	len += (size_t)snprintf(text + len, cap - len, "MAP\n");
	for (i = 0; i < (size_t)m->height; i++) {
		memcpy(text + len, glyph_of + i * m->width, (size_t)m->width);
		len += (size_t)m->width;
		text[len++] = '\n';
	}
	len += (size_t)snprintf(text + len, cap - len, "ENDMAP\n");
	assert_true(len < cap);

	snprintf(path, sizeof(path), "%s/data/maps/roundtrip.txt",
	         fixture_srcdir());
	diag_list_init(&dl, 0);
	if (data_load_buffer(l, path, text, len, &dl) != 0)
		fail_msg("%d:%d: %s", dl.items[0].line, dl.items[0].col,
		         dl.items[0].message);
	assert_int_equal(data_check_reachable(l, &dl), 0);
	assert_int_equal(l->map->width, m->width);
	assert_int_equal(l->map->height, m->height);
	assert_memory_equal(l->map->cells, m->cells,
	                    (size_t)m->width * m->height);
	assert_int_equal(l->map->player_x, m->player_x);
	assert_int_equal(l->map->player_y, m->player_y);
	assert_places_equal(l->map, m);
	diag_list_fini(&dl);
	free(glyph_of);
	free(text);
	data_free(l);
	data_free(g);
}

/* Without the kinds it builds from, the generator says what is missing. */
static void test_gen_needs_its_terrain_and_monsters(void **state)
{
	static const char some[] = "terrain floor glyph '.'\n"
	                           "terrain wall glyph '#' walk no\n"
	                           "terrain stairs glyph '>'\n"
	                           "terrain door_open glyph \"'\"\n"
	                           "terrain door_closed glyph '+'\n";
	char path[1024], *msg;
	struct diag_list dl;
	struct data *d = data_new();

	(void)state;
	diag_list_init(&dl, 0);
	assert_int_equal(
	        data_load_buffer(d, "some.txt", some, strlen(some), &dl), 0);
	assert_int_equal(gen_dungeon(d, 80, 40, 1, 0, &dl), -1);
	assert_null(d->map);
	/* Every missing kind, each once. */
	assert_int_equal(dl.errors, 7);
	assert_string_equal(dl.items[0].message,
	                    "generated dungeons need a terrain named "
	                    "'gate_locked' (load terrain.txt first)");
	assert_string_equal(dl.items[6].message,
	                    "generated dungeons need a terrain named 'tree' "
	                    "(load terrain.txt first)");
	assert_string_equal(dl.items[0].file, "<generated>");
	diag_list_fini(&dl);
	data_free(d);

	/* Terrain but no monster kinds: fine without monsters only. */
	d = data_new();
	diag_list_init(&dl, 0);
	snprintf(path, sizeof(path), "%s/data/terrain.txt", fixture_srcdir());
	assert_int_equal(data_load(d, path, &dl), 0);
	diag_list_fini(&dl);
	msg = generate_error(d, 80, 40, 1, 3);
	assert_string_equal(msg, "no monster kinds to place (load "
	                         "monsters.txt first)");
	free(msg);
	diag_list_init(&dl, 0);
	assert_int_equal(gen_dungeon(d, 80, 40, 1, 0, &dl), 0);
	check_dungeon(d, 80, 40, 0, "terrain only");

	/* A dungeon is already there. */
	assert_int_equal(gen_dungeon(d, 80, 40, 1, 0, &dl), -1);
	assert_string_equal(dl.items[0].message,
	                    "a dungeon is already loaded ('generated')");
	diag_list_fini(&dl);
	data_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_gen_same_seed_same_dungeon),
	        cmocka_unit_test(test_gen_every_size_is_playable),
	        cmocka_unit_test(test_gen_many_seeds_are_playable),
	        cmocka_unit_test(test_gen_bad_sizes_rejected),
	        cmocka_unit_test(test_gen_monsters_stand_where_they_can),
	        cmocka_unit_test(test_gen_monster_count_limits),
	        cmocka_unit_test(test_gen_has_rooms_doors_and_terrain),
	        cmocka_unit_test(test_gen_has_loops),
	        cmocka_unit_test(test_gen_exit_is_far),
	        cmocka_unit_test(test_gen_cave_same_seed_same_cave),
	        cmocka_unit_test(test_gen_cave_every_size_is_playable),
	        cmocka_unit_test(test_gen_cave_has_caverns_and_terrain),
	        cmocka_unit_test(test_gen_loads_back_as_a_map_file),
	        cmocka_unit_test(test_gen_needs_its_terrain_and_monsters),
	};

	return tap_run(tests, NULL, NULL);
}
