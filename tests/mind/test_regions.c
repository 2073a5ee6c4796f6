/* SPDX-License-Identifier: MIT */
/* test_regions.c - the regions the minds keep for each monster kind (which
 * cells join which, minds_kind_region) as walls are raised, doors shut and
 * opened and walls knocked down at random on a generated dungeon, against
 * labelling the kind's grid afresh after every change (flood.h): the same
 * cells together, cell for cell, for every kind.  The grid itself, kept
 * up to date from the changes, against what each cell's terrain costs
 * the kind from the data alone (minds_kind_cost, what a benchmark's
 * oracle builds its own grids from). */
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
#include "core/path/flood.h"
#include "core/world/gen.h"
#include "core/world/world.h"
#include "lib/fixture.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

#define W       60
#define H       30
#define CHANGES 3000

/* Whether the minds' regions of kind k part the map as a fresh labelling
 * of its grid does: the same region exactly when the same label. */
static int regions_agree(struct game *g, int k, uint32_t *fresh,
                         uint32_t *seen, uint32_t *back, size_t cap,
                         uint32_t *count)
{
	struct world *w = g->world;
	const struct grid *grid = minds_kind_grid(g->minds, w, k);
	int x, y;

	assert_non_null(grid);
	assert_int_equal(
	        flood_components(grid,
	                         (enum path_diagonal)w->data->monsters[k]
	                                 .diagonal,
	                         fresh, count),
	        0);
	memset(seen, 0, cap * sizeof(*seen));
	memset(back, 0, cap * sizeof(*back));
	for (y = 0; y < H; y++) {
		for (x = 0; x < W; x++) {
			uint32_t r = minds_kind_region(g->minds, w, k, x, y);
			uint32_t f = fresh[y * W + x];

			if (!r != !f || r >= cap)
				return 0;
			if (!r)
				continue;
			if (!seen[r] && !back[f]) {
				seen[r] = f;
				back[f] = r;
			} else if (seen[r] != f || back[f] != r) {
				return 0;
			}
		}
	}
	return 1;
}

/* Whether kind k's grid prices every cell as its terrain costs the kind
 * (minds_kind_cost). */
static int grid_agrees(struct game *g, int k)
{
	struct world *w = g->world;
	const struct grid *grid = minds_kind_grid(g->minds, w, k);
	int x, y;

	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			if (grid_cost(grid, x, y) !=
			    minds_kind_cost(w, k, w->terrain[world_idx(w, x, y)]))
				return 0;
	return 1;
}

/* CHANGES changes at random, each to a cell that is open ground, a door
 * or a wall next to open ground: a wall raised, a door shut, opened or
 * locked, or a wall knocked down; after each, every kind's regions
 * against a fresh labelling. */
static void test_regions_follow_changes(void **state)
{
	const char *const to[] = {"wall", "door_closed", "door_open",
	                          "door_locked", "floor"};
	char path[1024];
	struct diag_list dl;
	struct data *d = data_new();
	struct mind_options o;
	struct game *g;
	struct world *w;
	struct splitmix r = {17};
	size_t cap = (size_t)W * H + 1;
	uint32_t *fresh = malloc(cap * sizeof(*fresh));
	uint32_t *seen = calloc(4 * cap, sizeof(*seen));
	uint32_t *back = calloc(4 * cap, sizeof(*back));
	uint32_t count = 0, regions = 0;
	int c, k, cuts = 0;

	(void)state;
	assert_non_null(d);
	assert_true(fresh && seen && back);
	snprintf(path, sizeof(path), "%s/data/monsters.txt", fixture_srcdir());
	diag_list_init(&dl, 0);
	assert_int_equal(data_load(d, path, &dl), 0);
	assert_int_equal(gen_dungeon(d, W, H, 5, 20, &dl), 0);
	mind_options_default(&o);
	o.hunt = 1;
	g = game_new(d, 5, -1, &o, &dl);
	diag_list_fini(&dl);
	assert_non_null(g);
	w = g->world;
	assert_true(regions_agree(g, 1, fresh, seen, back, 4 * cap, &regions));
	for (c = 0; c < CHANGES; c++) {
		int x = (int)splitmix_below(&r, W);
		int y = (int)splitmix_below(&r, H);
		int t = data_terrain_find(w->data, to[splitmix_below(&r, 5)]);
		uint32_t goblin = minds_kind_region(g->minds, w, 1, x, y);

		if ((x == w->px && y == w->py) ||
		    w->occ[world_idx(w, x, y)] || t < 0)
			continue;
		world_set_terrain(w, x, y, t);
		for (k = 0; k < (int)w->data->nmonsters; k++) {
			uint32_t n;

			if (!grid_agrees(g, k))
				fail_msg("change %d (%d,%d to %s): kind %d's "
				         "grid",
				         c, x, y, w->data->terrain[t].name, k);
			if (!regions_agree(g, k, fresh, seen, back, 4 * cap,
			                   &n))
				fail_msg("change %d (%d,%d to %s): kind %d", c,
				         x, y, w->data->terrain[t].name, k);
			if (k == 1)
				count = n;
		}
		/* A cell of a goblin's region blocked, and more regions
		 * than before: the region was cut. */
		cuts += goblin && !minds_kind_region(g->minds, w, 1, x, y) &&
		        count > regions;
		regions = count;
	}
	assert_true(cuts > 0);
	printf("# %d of the goblins' regions cut in two\n", cuts);
	free(fresh);
	free(seen);
	free(back);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_regions_follow_changes),
	};

	return tap_run(tests, NULL, NULL);
}
