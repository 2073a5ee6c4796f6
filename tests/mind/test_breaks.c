/* SPDX-License-Identifier: MIT */
/* test_breaks.c - paths a change broke, in a hunt the planning budget
 * cannot keep up with: 300 hunters on a generated 100x50 dungeon, a
 * budget of 3,000 nodes a turn, and every turn walls raised on the ways
 * of two of them, each opening again eight turns later.  Plans wait for
 * the budget (some of them more than eight turns), yet none for a path a
 * change broke waits more than eight: those come first. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "core/mind/mind.h"
#include "core/world/gen.h"
#include "core/world/world.h"
#include "lib/fixture.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

#define TURNS     200
#define KEEP      8
#define PER_TURN  2
#define MAX_SHUT  (PER_TURN * (KEEP + 1))

struct shut {
	int x, y, t;
	uint32_t turn;
};

/* Walls up a cell three to five steps ahead on monster i's way; returns
 * whether it did. */
static int wall_up(struct world *w, const struct mind *mi, size_t i,
                   struct splitmix *r, struct shut *sh, size_t *nsh)
{
	const int wall = data_terrain_find(w->data, "wall");
	size_t k = mi->pos + 3 + splitmix_below(r, 3);
	int x, y;

	if (*nsh >= MAX_SHUT || k + 1 >= mi->len || !w->monsters[i].alive)
		return 0;
	x = mi->path[k].x;
	y = mi->path[k].y;
	if (w->occ[world_idx(w, x, y)] || (x == w->px && y == w->py) ||
	    w->terrain[world_idx(w, x, y)] == wall)
		return 0;
	sh[*nsh].x = x;
	sh[*nsh].y = y;
	sh[*nsh].t = w->terrain[world_idx(w, x, y)];
	sh[*nsh].turn = w->turn;
	(*nsh)++;
	world_set_terrain(w, x, y, wall);
	return 1;
}

static void test_breaks_planned_first(void **state)
{
	static const struct world_cmd wait = {WCMD_WAIT, 0, 0};
	char path[1024];
	struct diag_list dl;
	struct data *d = data_new();
	struct mind_options o;
	struct shut sh[MAX_SHUT];
	struct splitmix r = {3};
	struct game *g;
	struct world *w;
	size_t nsh = 0, k, walls = 0;
	int t;

	(void)state;
	assert_non_null(d);
	snprintf(path, sizeof(path), "%s/data/monsters.txt", fixture_srcdir());
	diag_list_init(&dl, 0);
	assert_int_equal(data_load(d, path, &dl), 0);
	assert_int_equal(gen_dungeon(d, 100, 50, 7, 300, &dl), 0);
	mind_options_default(&o);
	o.hunt = 1;
	o.turn_budget = 3000;
	g = game_new(d, 7, -1, &o, &dl);
	diag_list_fini(&dl);
	assert_non_null(g);
	w = g->world;
	w->php = w->php_max = 1 << 30; /* the hunt goes on */
	for (t = 0; t < TURNS && w->state == WORLD_PLAYING; t++) {
		int n = 0, tries;

		for (k = 0; k < nsh;) {
			if (sh[k].turn + KEEP <= w->turn) {
				world_set_terrain(w, sh[k].x, sh[k].y, sh[k].t);
				sh[k] = sh[--nsh];
			} else {
				k++;
			}
		}
		for (tries = 0; tries < 40 && n < PER_TURN; tries++) {
			size_t i = splitmix_below(&r, (uint32_t)w->nmonsters);

			n += wall_up(w, &g->minds->mind[i], i, &r, sh, &nsh);
		}
		walls += (size_t)n;
		game_step(g, wait);
	}
	printf("# %zu walls, %llu paths broken; longest wait %llu, for a "
	       "broken path %llu\n",
	       walls, (unsigned long long)g->minds->stats.reasons[REPLAN_CHANGED],
	       (unsigned long long)g->minds->stats.max_wait,
	       (unsigned long long)g->minds->stats.max_wait_by[REPLAN_CHANGED]);
	/* The budget falls short (waits of more than eight turns)... */
	assert_true(walls > 100);
	assert_true(g->minds->stats.max_wait > 8);
	assert_true(g->minds->stats.reasons[REPLAN_CHANGED] > 100);
	/* ...but not for a path a change broke. */
	assert_true(g->minds->stats.max_wait_by[REPLAN_CHANGED] <= 8);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_breaks_planned_first),
	};

	return tap_run(tests, NULL, NULL);
}
