/* SPDX-License-Identifier: MIT */
/* test_reload.c - a game carried over to edited data files: the player,
 * the monsters and what they know stay; the terrain is the file's; every
 * monster plans again; a map of another size starts over. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/data/data.h"
#include "core/game.h"
#include "core/world/reload.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/tap.h"

static const char kinds[] =
        "include \"../terrain.txt\"\n"
        "monster hunter\n"
        "\tglyph 'h' color red speed 100 hp 20 attack 1 sight 30\n"
        "\topens_doors yes drift 0 budget 0\n"
        "monster ghost\n"
        "\tglyph 'G' color white speed 100 hp 9 attack 1 sight 30\n"
        "\topens_doors no drift 0 budget 0\n";

static const char legend[] = "legend '#' wall\n"
                             "legend '.' floor\n"
                             "legend '+' door_closed\n"
                             "legend '~' deep_water\n"
                             "legend '@' floor player\n"
                             "legend '>' stairs exit\n"
                             "legend 'k' floor key iron_key\n"
                             "legend 'h' floor monster hunter\n"
                             "legend 'G' floor monster ghost\n";

static struct game *start(const char *map)
{
	struct diag_list dl;
	struct game *g;

	diag_list_init(&dl, 0);
	g = game_new(dungeon_load(kinds, legend, map), 5, -1, NULL, &dl);
	assert_non_null(g);
	diag_list_fini(&dl);
	g->world->php = g->world->php_max = 1000;
	return g;
}

static struct game *reload(struct game *old, const char *kind_text,
                           const char *map, struct reload_report *rep)
{
	struct diag_list dl;
	struct game *g;

	diag_list_init(&dl, 0);
	g = game_reload(old, dungeon_load(kind_text, legend, map), &dl, rep);
	assert_non_null(g);
	diag_list_fini(&dl);
	game_free(old);
	return g;
}

static const char map_a[] = "##########\n"
                            "#@k.....>#\n"
                            "#........#\n"
                            "#........#\n"
                            "#........#\n"
                            "#....h.G.#\n"
                            "##########\n";

/* The same size with a wall across the middle and a door in it. */
static const char map_b[] = "##########\n"
                            "#@k.....>#\n"
                            "####+#####\n"
                            "#........#\n"
                            "#........#\n"
                            "#....h.G.#\n"
                            "##########\n";

static void step(struct game *g, int dx, int dy)
{
	struct world_cmd c = {WCMD_MOVE, (int8_t)dx, (int8_t)dy};

	assert_int_equal(game_step(g, c), 1);
}

static void test_reload_same_size_keeps_the_game(void **state)
{
	struct reload_report rep;
	struct game *g = start(map_a);
	struct world *w = g->world;
	int hx, hy, hhp, px, py;
	uint32_t turn;

	(void)state;
	step(g, 1, 0); /* onto the key */
	assert_true(w->keys & 1);
	w->monsters[0].hp = 7;
	px = w->px;
	py = w->py;
	hx = w->monsters[0].x;
	hy = w->monsters[0].y;
	hhp = w->monsters[0].hp;
	turn = w->turn;
	assert_true(hy >= 3); /* one step from row 5: below the new wall */
	g = reload(g, kinds, map_b, &rep);
	w = g->world;
	assert_false(rep.restarted);
	assert_true(rep.player_kept);
	assert_int_equal(rep.kept, 2);
	assert_int_equal(rep.dropped, 0);
	assert_int_equal(w->px, px);
	assert_int_equal(w->py, py);
	assert_int_equal(w->turn, turn);
	assert_true(w->keys & 1);
	assert_int_equal(w->monsters[0].x, hx);
	assert_int_equal(w->monsters[0].y, hy);
	assert_int_equal(w->monsters[0].hp, hhp);
	/* The key stays taken; the new wall is there. */
	assert_int_equal(world_item_at(w, 2, 1), -1);
	assert_string_equal(world_terrain_at(w, 1, 2)->name, "wall");
	assert_string_equal(world_terrain_at(w, 4, 2)->name, "door_closed");
	/* Every monster forgot its path and plans on the new map. */
	assert_null(g->minds->mind[0].path);
	assert_int_equal(w->occ[world_idx(w, hx, hy)], 1);
	{
		uint64_t plans = g->minds->stats.plans;
		int i;

		for (i = 0; i < 30 && w->state == WORLD_PLAYING; i++)
			game_step(g, (struct world_cmd){WCMD_WAIT, 0, 0});
		assert_true(g->minds->stats.plans > plans);
		/* The door-opener came through the door to the player. */
		assert_true(abs(w->monsters[0].x - w->px) <= 1 &&
		            abs(w->monsters[0].y - w->py) <= 1);
		/* It went through the new door, opening it. */
		assert_string_equal(world_terrain_at(w, 4, 2)->name,
		                    "door_open");
	}
	game_free(g);
}

static void test_reload_monster_on_new_wall_is_dropped(void **state)
{
	static const char walled[] = "##########\n"
	                             "#@k.....>#\n"
	                             "#........#\n"
	                             "#........#\n"
	                             "#........#\n"
	                             "#....h.###\n"
	                             "##########\n";
	struct reload_report rep;
	struct game *g = start(map_a);
	struct world *w = g->world;

	(void)state;
	/* The ghost stands at 7,5, which becomes a wall. */
	assert_int_equal(world_monster_at(w, 7, 5), 1);
	g = reload(g, kinds, walled, &rep);
	w = g->world;
	assert_false(rep.restarted);
	assert_int_equal(rep.kept, 1);
	assert_int_equal(rep.dropped, 1);
	assert_int_equal(w->nmonsters, 1);
	assert_int_equal(world_monster_at(w, 7, 5), -1);
	game_free(g);
}

static void test_reload_kind_changes_apply(void **state)
{
	static const char weaker[] =
	        "include \"../terrain.txt\"\n"
	        "monster hunter\n"
	        "\tglyph 'H' color blue speed 200 hp 5 attack 1 sight 30\n"
	        "\topens_doors yes drift 0 budget 0\n"
	        "monster ghost\n"
	        "\tglyph 'G' color white speed 100 hp 9 attack 1 sight 30\n"
	        "\topens_doors no drift 0 budget 0\n";
	struct reload_report rep;
	struct game *g = start(map_a);
	struct world *w = g->world;

	(void)state;
	g = reload(g, weaker, map_a, &rep);
	w = g->world;
	assert_int_equal(rep.kept, 2);
	/* The new definition: its glyph, speed, and hit points capped. */
	assert_int_equal(w->data->monsters[w->monsters[0].kind].glyph, 'H');
	assert_int_equal(w->data->monsters[w->monsters[0].kind].speed, 200);
	assert_int_equal(w->monsters[0].hp, 5);
	game_free(g);
}

static void test_reload_other_size_starts_over(void **state)
{
	static const char bigger[] = "############\n"
	                             "#@.......h>#\n"
	                             "############\n";
	struct reload_report rep;
	struct game *g = start(map_a);
	struct world *w = g->world;

	(void)state;
	step(g, 1, 0);
	g = reload(g, kinds, bigger, &rep);
	w = g->world;
	assert_true(rep.restarted);
	assert_int_equal(w->width, 12);
	assert_int_equal(w->turn, 0);
	assert_int_equal(w->px, 1);
	assert_int_equal(w->nmonsters, 1);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_reload_same_size_keeps_the_game),
	        cmocka_unit_test(test_reload_monster_on_new_wall_is_dropped),
	        cmocka_unit_test(test_reload_kind_changes_apply),
	        cmocka_unit_test(test_reload_other_size_starts_over),
	};

	return tap_run(tests, NULL, NULL);
}
