/* SPDX-License-Identifier: MIT */
/* test_fight.c - fights, wounds and noise: blows that roll to hit and
 * for damage from the game's seeded RNG, wounds that close over the
 * turns, a spring that heals once and runs dry, and monsters that hear a
 * door slam or a fight and come to look.  Each test is something a
 * player would notice. */
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
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/tap.h"

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

static const char kinds[] =
        "include \"../terrain.txt\"\n"
        "monster brute\n"
        "\tglyph 'b' color red speed 100 hp 10000 attack 4 accuracy 60\n"
        "\tsight 30 drift 0\n"
        "monster sentry\n"
        "\tglyph 's' color red speed 100 hp 50 attack 1 sight 3 drift 0\n";

static const char legend[] = "legend '#' wall\n"
                             "legend '.' floor\n"
                             "legend '+' door_closed\n"
                             "legend \"'\" door_open\n"
                             "legend '&' spring\n"
                             "legend '@' floor player\n"
                             "legend '>' stairs exit\n"
                             "legend 'b' floor monster brute\n"
                             "legend 's' floor monster sentry\n";

static struct game *play(const char *rows, uint64_t seed)
{
	struct game *g = dungeon_game(kinds, legend, rows, seed, NULL);

	g->world->php = g->world->php_max = 1000000;
	return g;
}

/* 3,000 turns beside a brute (accuracy 60, attack 4): about 60 blows in
 * 100 land, each for 2 to 6 (every one of them seen), 4 on average. */
static void test_fight_monster_blows_roll(void **state)
{
	static const char map[] = "#####\n"
	                          "#@b>#\n"
	                          "#####\n";
	struct game *g;
	struct world *w;
	int t, hits = 0, misses = 0, seen[8] = {0};
	long sum = 0;
	size_t e;

	(void)state;
	g = play(map, 3);
	w = g->world;
	dungeon_tell(g, 0);
	for (t = 0; t < 3000; t++) {
		game_step(g, wait_cmd);
		for (e = 0; e < w->events.len; e++) {
			const struct world_event *ev = &w->events.items[e];

			if (ev->actor != 0)
				continue;
			if (ev->kind == WEV_MISSED) {
				misses++;
			} else if (ev->kind == WEV_ATTACK) {
				assert_in_range(ev->value, 2, 6);
				seen[ev->value]++;
				sum += ev->value;
				hits++;
			}
		}
	}
	print_message("%d hits, %d misses, %.2f a hit\n", hits, misses,
	              (double)sum / hits);
	assert_int_equal(hits + misses, 3000);
	assert_in_range(hits, 1650, 1950);
	for (t = 2; t <= 6; t++)
		assert_true(seen[t] > 0);
	assert_true(sum >= 38L * hits / 10 && sum <= 42L * hits / 10);
	/* The damage taken is the damage dealt. */
	assert_int_equal(w->php, 1000000 - sum + 3000 / WORLD_REGEN_TURNS);
	game_free(g);
}

/* The player's blows: 80 in 100 land, for 2 to 6 (attack 4). */
static void test_fight_player_blows_roll(void **state)
{
	static const char map[] = "#####\n"
	                          "#@b>#\n"
	                          "#####\n";
	const struct world_cmd hit = {WCMD_MOVE, 1, 0};
	struct game *g;
	struct world *w;
	int t, hits = 0, misses = 0;
	size_t e;

	(void)state;
	g = play(map, 5);
	w = g->world;
	for (t = 0; t < 1000; t++) {
		game_step(g, hit);
		for (e = 0; e < w->events.len; e++) {
			const struct world_event *ev = &w->events.items[e];

			if (ev->actor != -1)
				continue;
			misses += ev->kind == WEV_MISSED;
			if (ev->kind == WEV_ATTACK) {
				assert_in_range(
				        ev->value,
				        (data_player(w->data)->attack + 1) / 2,
				        data_player(w->data)->attack +
				                data_player(w->data)->attack /
				                        2);
				hits++;
			}
		}
	}
	assert_int_equal(hits + misses, 1000);
	assert_in_range(hits, 760, 840);
	game_free(g);
}

/* The same seed, the same fight, blow for blow; another seed, another. */
static void test_fight_same_seed_same_fight(void **state)
{
	static const char map[] = "#####\n"
	                          "#@b>#\n"
	                          "#####\n";
	int run, t, seq[3][200];

	(void)state;
	for (run = 0; run < 3; run++) {
		struct game *g = play(map, run < 2 ? 11 : 12);

		for (t = 0; t < 200; t++) {
			game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0});
			seq[run][t] = g->world->monsters[0].hp;
		}
		game_free(g);
	}
	assert_memory_equal(seq[0], seq[1], sizeof(seq[0]));
	assert_memory_not_equal(seq[0], seq[2], sizeof(seq[0]));
}

/* Wounds close: a hit point every WORLD_REGEN_TURNS turns, up to the
 * most. */
static void test_fight_wounds_close(void **state)
{
	static const char map[] = "######\n"
	                          "#@..>#\n"
	                          "######\n";
	struct game *g;
	struct world *w;
	int t;

	(void)state;
	g = dungeon_game(kinds, legend, map, 1, NULL);
	w = g->world;
	assert_int_equal(w->php_max, data_player(w->data)->hp);
	w->php = 10;
	for (t = 0; t < 10 * WORLD_REGEN_TURNS; t++)
		game_step(g, wait_cmd);
	assert_int_equal(w->php, 20);
	for (t = 0; t < 30 * WORLD_REGEN_TURNS; t++)
		game_step(g, wait_cmd);
	assert_int_equal(w->php, data_player(w->data)->hp);
	game_free(g);
}

/* A spring: untouched while the player is whole, drunk from once hurt
 * (stepping on it or waiting on it), then dry floor. */
static void test_fight_spring_heals_once(void **state)
{
	static const char map[] = "#######\n"
	                          "#@&.&>#\n"
	                          "#######\n";
	const struct world_cmd east = {WCMD_MOVE, 1, 0};
	struct game *g;
	struct world *w;
	size_t e;
	int healed = 0;

	(void)state;
	g = dungeon_game(kinds, legend, map, 1, NULL);
	w = g->world;
	/* Whole: the spring stays. */
	game_step(g, east);
	assert_string_equal(world_terrain_at(w, 2, 1)->name, "spring");
	/* Hurt, waiting on it: it heals 15 and runs dry. */
	w->php = 5;
	game_step(g, wait_cmd);
	for (e = 0; e < w->events.len; e++)
		if (w->events.items[e].kind == WEV_HEALED)
			healed = w->events.items[e].value;
	assert_int_equal(healed, 15);
	assert_int_equal(w->php, 20);
	assert_string_equal(world_terrain_at(w, 2, 1)->name, "floor");
	game_step(g, wait_cmd);
	assert_int_equal(w->php, 20);
	/* Hurt a little, stepping on the next: up to the most, no more. */
	w->php = data_player(w->data)->hp - 4;
	game_step(g, east);
	game_step(g, east);
	assert_int_equal(w->px, 4);
	assert_int_equal(w->php, data_player(w->data)->hp);
	assert_string_equal(world_terrain_at(w, 4, 1)->name, "floor");
	game_free(g);
}

/* A door slammed is heard 10 cells away through walls: the sentry that
 * cannot see the player comes to look; one farther away goes on with
 * its rounds. */
static void test_fight_door_slam_heard(void **state)
{
	static const char map[] = "##########################\n"
	                          "#s..#..................s.#\n"
	                          "#...#....................#\n"
	                          "#####'####################\n"
	                          "#....@..................>#\n"
	                          "##########################\n";
	struct game *g;
	struct world *w;
	size_t e;
	int heard = 0;

	(void)state;
	g = play(map, 1);
	w = g->world;
	game_step(g, wait_cmd);
	assert_int_equal(g->minds->mind[0].mode, MIND_GUARD);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_CLOSE, 0, -1}),
	                 1);
	for (e = 0; e < w->events.len; e++)
		if (w->events.items[e].kind == WEV_HEARD) {
			assert_int_equal(w->events.items[e].actor, 0);
			assert_int_equal(w->events.items[e].x, 5);
			assert_int_equal(w->events.items[e].y, 3);
			heard++;
		}
	assert_int_equal(heard, 1);
	assert_int_equal(g->minds->mind[0].mode, MIND_SEARCH);
	assert_int_equal(g->minds->mind[0].last_x, 5);
	assert_int_equal(g->minds->mind[0].last_y, 3);
	assert_int_not_equal(g->minds->mind[1].mode, MIND_SEARCH);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_fight_monster_blows_roll),
	        cmocka_unit_test(test_fight_player_blows_roll),
	        cmocka_unit_test(test_fight_same_seed_same_fight),
	        cmocka_unit_test(test_fight_wounds_close),
	        cmocka_unit_test(test_fight_spring_heals_once),
	        cmocka_unit_test(test_fight_door_slam_heard),
	};

	return tap_run(tests, NULL, NULL);
}
