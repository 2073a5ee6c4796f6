/* SPDX-License-Identifier: MIT */
/* test_soak.c - 10,000 turns of random input on generated dungeons, with
 * the world's invariants checked after every turn: no actor inside a wall
 * or a closed door, no two actors in one cell, every cached path legal,
 * the player's view up to date. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "core/data/data.h"
#include "core/world/fov.h"
#include "core/world/gen.h"
#include "core/path/path.h"
#include "core/base/rng.h"
#include "core/world/world.h"
#include "lib/fixture.h"
#include "lib/tap.h"

#define SOAK_TURNS 10000

static struct game *generated(int w, int h, uint64_t seed, int monsters,
                              enum mind_strategy strategy)
{
	char path[1024];
	struct diag_list dl;
	struct data *d = data_new();
	struct mind_options o;
	struct game *g;

	assert_non_null(d);
	snprintf(path, sizeof(path), "%s/data/monsters.txt", fixture_srcdir());
	diag_list_init(&dl, 0);
	assert_int_equal(data_load(d, path, &dl), 0);
	assert_int_equal(gen_dungeon(d, w, h, seed, monsters, &dl), 0);
	mind_options_default(&o);
	o.strategy = strategy;
	/* A small budget makes partial paths and deferred plans common. */
	o.turn_budget = seed % 2 ? 3000 : 0;
	g = game_new(d, seed, -1, &o, &dl);
	assert_non_null(g);
	diag_list_fini(&dl);
	g->world->php = g->world->php_max = 1 << 30;
	return g;
}

static void fail_at(const struct world *w, const char *what, int i, int x,
                    int y)
{
	fail_msg("turn %u, seed %llu: %s (actor %d at %d,%d)", w->turn,
	         (unsigned long long)w->seed, what, i, x, y);
}

static void check_invariants(struct game *game)
{
	const struct world *w = game->world;
	size_t i, c, n = 0;
	const struct data_terrain *t = world_terrain_at(w, w->px, w->py);

	if (!t->walk)
		fail_at(w, "the player stands in a wall or a closed door", -1,
		        w->px, w->py);
	for (c = 0; c < (size_t)w->width * (size_t)w->height; c++)
		n += w->occ[c] != 0;
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		const struct mind *mi = &game->minds->mind[i];
		const struct grid *g = minds_kind_grid(game->minds, w, m->kind);
		struct path_params p;
		size_t k;
		int on = 0;

		if (!m->alive)
			continue;
		n--;
		t = world_terrain_at(w, m->x, m->y);
		if (t->door == DATA_DOOR_CLOSED ||
		    t->door == DATA_DOOR_LOCKED ||
		    !data_terrain_cost(w->data, &w->data->monsters[m->kind], 0,
		                       w->terrain[world_idx(w, m->x, m->y)]))
			fail_at(w, "a monster stands where it cannot", (int)i,
			        m->x, m->y);
		if (w->occ[world_idx(w, m->x, m->y)] != (int32_t)i + 1)
			fail_at(w, "occupancy disagrees", (int)i, m->x, m->y);
		if (m->x == w->px && m->y == w->py)
			fail_at(w, "a monster on the player", (int)i, m->x,
			        m->y);
		/* Drawn exactly when it could see the player with the
		 * player's sight: the view is as the world is now. */
		if (fov_sees_monster(w, i) !=
		    fov_sees(w, m->x, m->y, w->px, w->py, w->sight))
			fail_at(w, "the player's view is out of date", (int)i,
			        m->x, m->y);
		/* A kept path, planned with no change since, is legal on the
		 * kind's grid step by step (its last cell may be a goal the
		 * kind cannot enter: it stops next to it), and the monster
		 * is on it. */
		if (!mi->len || mi->plan_serial != w->change_serial)
			continue;
		minds_params(w, m->kind, &p);
		for (k = mi->pos; k < mi->len; k++) {
			if (mi->path[k].x == m->x && mi->path[k].y == m->y)
				on = 1;
			if (k + 1 < mi->len &&
			    !path_step_cost(g, &p, mi->path[k].x, mi->path[k].y,
			                    mi->path[k + 1].x,
			                    mi->path[k + 1].y) &&
			    k + 2 < mi->len)
				fail_at(w, "an illegal step on a kept path",
				        (int)i, mi->path[k].x, mi->path[k].y);
		}
		if (!on && mi->pos + 1 < mi->len &&
		    !(abs(mi->path[mi->pos].x - m->x) <= 1 &&
		      abs(mi->path[mi->pos].y - m->y) <= 1))
			fail_at(w, "a monster far from its kept path", (int)i,
			        m->x, m->y);
	}
	if (n != 0)
		fail_at(w, "occupied cells without a monster", -1, 0, 0);
	if (fov_seen(w, w->px, w->py) != FOV_LOS)
		fail_at(w, "the player does not see its own cell", -1, w->px,
		        w->py);
	for (c = 0; c < (size_t)w->width * (size_t)w->height; c++)
		if (w->seen[c] && w->memory[c] != w->terrain[c] + 1)
			fail_at(w, "a cell in sight remembered otherwise", -1,
			        (int)(c % (size_t)w->width),
			        (int)(c / (size_t)w->width));
}

static struct world_cmd random_cmd(struct rng *r)
{
	struct world_cmd c = {WCMD_MOVE, 0, 0};
	int k = (int)rng_below(r, 100);

	do {
		c.dx = (int8_t)rng_range(r, -1, 1);
		c.dy = (int8_t)rng_range(r, -1, 1);
	} while (!c.dx && !c.dy);
	if (k < 8)
		c.kind = WCMD_WAIT;
	else if (k < 16)
		c.kind = WCMD_OPEN;
	else if (k < 24)
		c.kind = WCMD_CLOSE;
	else if (k < 26)
		c.kind = WCMD_PICKUP;
	return c;
}

static void test_soak_random_input(void **state)
{
	static const struct {
		int w, h, monsters;
		enum mind_strategy strategy;
	} maps[] = {
	        {40, 20, 12, MIND_STRATEGY_AUTO},
	        {80, 40, 40, MIND_STRATEGY_ASTAR},
	        {60, 60, 60, MIND_STRATEGY_DISTMAP},
	        {120, 50, 80, MIND_STRATEGY_AUTO},
	};
	struct rng r;
	long turns = 0;
	unsigned round = 0;

	(void)state;
	rng_seed(&r, 2026);
	while (turns < SOAK_TURNS) {
		size_t mi = round % (sizeof(maps) / sizeof(maps[0]));
		struct game *g =
		        generated(maps[mi].w, maps[mi].h, 1000 + round,
		                  maps[mi].monsters, maps[mi].strategy);
		int t;

		for (t = 0; t < 2500 && turns < SOAK_TURNS &&
		            g->world->state == WORLD_PLAYING;
		     t++) {
			struct world_cmd c = random_cmd(&r);

			if (game_step(g, c) != 0)
				turns++;
			check_invariants(g);
		}
		game_free(g);
		round++;
	}
	assert_true(turns >= SOAK_TURNS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_soak_random_input),
	};

	return tap_run(tests, NULL, NULL);
}
