/* SPDX-License-Identifier: MIT */
/* test_costs.c - the costs the searches plan by are the time and harm
 * everyone pays: a step onto a cell of cost c takes c turns' energy, for
 * the player and the monsters alike; a terrain's harm is paid by who
 * enters it unless its kind gives the terrain a cost of its own; and the
 * words the game and the docs say of each terrain are what a played step
 * costs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/base/dir.h"
#include "core/game.h"
#include "core/mind/autopilot.h"
#include "core/world/act.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/fixture.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

/* The shipped kinds and the player's entry, and a glyph for each
 * ground the random maps mix. */
static const char kinds[] = "include \"../monsters.txt\"\n";
static const char legend[] = "legend '#' wall\n"
                             "legend '.' floor\n"
                             "legend ',' mud\n"
                             "legend '~' shallow_water\n"
                             "legend '%' swamp\n"
                             "legend 'L' lava\n"
                             "legend '\"' grass\n"
                             "legend '@' floor player\n"
                             "legend '>' stairs exit\n"
                             "legend 'o' floor monster orc\n"
                             "legend 'h' floor monster hound\n"
                             "legend 's' floor monster salamander\n"
                             "legend 'w' floor monster wolf\n"
                             "legend 'g' floor monster goblin\n"
                             "legend 'b' floor monster bat\n";

#define MAP_W 24
#define MAP_H 12

/* A walled map of mixed ground: the player in the top left corner, the
 * exit in the bottom right one, and the given monsters here and there. */
static char *random_rows(struct splitmix *r, const char *monsters)
{
	static const char ground[] = "....,,~~%L\"#";
	char *rows = malloc((size_t)(MAP_W + 1) * MAP_H + 1);
	size_t k;
	int x, y;

	assert_non_null(rows);
	for (y = 0; y < MAP_H; y++) {
		for (x = 0; x < MAP_W; x++) {
			char c = ground[splitmix_below(r, sizeof(ground) - 1)];

			if (!x || !y || x == MAP_W - 1 || y == MAP_H - 1)
				c = '#';
			rows[y * (MAP_W + 1) + x] = c;
		}
		rows[y * (MAP_W + 1) + MAP_W] = '\n';
	}
	rows[(size_t)(MAP_W + 1) * MAP_H] = '\0';
	rows[1 * (MAP_W + 1) + 1] = '@';
	rows[(MAP_H - 2) * (MAP_W + 1) + MAP_W - 2] = '>';
	for (k = 0; monsters[k]; k++) {
		x = splitmix_range(r, 3, MAP_W - 4);
		y = splitmix_range(r, 3, MAP_H - 4);
		rows[y * (MAP_W + 1) + x] = monsters[k];
	}
	return rows;
}

/* 200 maps, 100 steps of the player's on each: a step onto a cell of
 * cost c (the player's own, world_cost) is c turns, the monsters'
 * ticks the game runs before the player acts again. */
static void test_costs_player_step_takes_its_cost(void **state)
{
	struct splitmix r = {42};
	int map, steps = 0, dear = 0;

	(void)state;
	for (map = 0; map < 200; map++) {
		char *rows = random_rows(&r, "");
		struct game *g = dungeon_game(kinds, legend, rows, 1, NULL);
		struct world *w = g->world;
		int t;

		w->php = w->php_max = 1000000;
		for (t = 0; t < 100 && w->state == WORLD_PLAYING; t++) {
			const int d = (int)splitmix_below(&r, 8);
			const int dx = dir_dx[d], dy = dir_dy[d];
			const int nx = w->px + dx, ny = w->py + dy;
			const int c = world_cost(w, -1, nx, ny);
			const uint32_t before = w->turn;

			if (!c ||
			    !world_corner_ok(w, -1, w->px, w->py, dx, dy) ||
			    (nx == w->exit_x && ny == w->exit_y))
				continue;
			assert_int_equal(
			        game_step(g, (struct world_cmd){WCMD_MOVE,
			                                        (int8_t)dx,
			                                        (int8_t)dy}),
			        1);
			assert_int_equal(w->px, nx);
			assert_int_equal(w->py, ny);
			assert_int_equal(w->turn - before, (uint32_t)c);
			steps++;
			dear += c > 1;
		}
		game_free(g);
		free(rows);
	}
	print_message("%d steps, %d of them onto dear ground\n", steps, dear);
	assert_true(dear > 1000);
}

/* 200 maps with six kinds that weigh the ground each its own way, 100
 * steps each: a monster that steps onto a cell pays its kind's cost
 * for it times a turn's energy (the turn it acts in, and the rest). */
static void test_costs_monster_step_takes_its_cost(void **state)
{
	struct splitmix r = {7};
	int map, steps = 0, dear = 0;

	(void)state;
	for (map = 0; map < 200; map++) {
		char *rows = random_rows(&r, "ohswgb");
		struct game *g = dungeon_game(kinds, legend, rows, 1, NULL);
		struct world *w = g->world;
		int t;

		for (t = 0; t < 100; t++) {
			const size_t i =
			        splitmix_below(&r, (uint32_t)w->nmonsters);
			struct world_monster *m = &w->monsters[i];
			const int d = (int)splitmix_below(&r, 8);
			const struct world_action a = {WACT_MOVE,
			                               m->x + dir_dx[d],
			                               m->y + dir_dy[d], -1};
			const int c = world_cost(w, m->kind, a.x, a.y);
			const int ox = m->x, oy = m->y;

			m->hp = 1000000;
			m->energy = WORLD_TURN_ENERGY;
			assert_true(act_ready(w, i));
			act_monster(w, i, &a);
			if (m->x == ox && m->y == oy) {
				/* Refused: a wall, a corner, someone there. */
				assert_int_equal(m->energy, 0);
				continue;
			}
			assert_true(c > 0);
			assert_int_equal(WORLD_TURN_ENERGY - m->energy,
			                 c * WORLD_TURN_ENERGY);
			steps++;
			dear += c > 1;
		}
		game_free(g);
		free(rows);
	}
	print_message("%d steps, %d of them onto dear ground\n", steps, dear);
	assert_true(steps > 3000 && dear > 500);
}

/* Lava burns whoever steps in, but not the salamander (cost lava 1) nor
 * the bat that flies over it; the player it burns as the data say, and
 * kills at the end of its hit points. */
static void test_costs_lava_burns_but_not_its_own(void **state)
{
	static const char beasts[] = "#########\n"
	                             "#@#.Ls.>#\n"
	                             "###bL...#\n"
	                             "####Lg..#\n"
	                             "#########\n";
	static const char alone[] = "######\n"
	                            "#@L.>#\n"
	                            "######\n";
	const int who[] = {0, 1, 2}; /* the salamander, the bat, the goblin */
	const int burnt[] = {0, 0, 1};
	struct game *g;
	struct world *w;
	int lava, k;

	(void)state;
	g = dungeon_game(kinds, legend, beasts, 1, NULL);
	w = g->world;
	lava = w->data->terrain[data_terrain_find(w->data, "lava")].harm;
	assert_true(lava > 0);
	for (k = 0; k < 3; k++) {
		struct world_monster *m = &w->monsters[who[k]];
		const struct world_action a = {WACT_MOVE, 4, m->y, -1};
		const int hp = m->hp;

		assert_int_equal(world_harm(w, m->kind, 4, m->y),
		                 burnt[k] ? lava : 0);
		m->energy = WORLD_TURN_ENERGY;
		act_ready(w, (size_t)who[k]);
		act_monster(w, (size_t)who[k], &a);
		assert_int_equal(m->x, 4);
		assert_int_equal(hp - m->hp, burnt[k] ? lava : 0);
	}
	game_free(g);

	g = dungeon_game(kinds, legend, alone, 1, NULL);
	w = g->world;
	k = w->php;
	game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0});
	assert_int_equal(w->px, 2);
	assert_int_equal(w->php, k - lava);
	game_step(g, (struct world_cmd){WCMD_MOVE, -1, 0});
	w->php = lava;
	game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0});
	assert_int_equal(w->state, WORLD_LOST);
	game_free(g);
}

/* The number after `word` in text, or def when it says none. */
static int number_before(const char *text, const char *word, int def)
{
	const char *at = strstr(text, word);

	if (!at)
		return def;
	while (at > text && at[-1] == ' ')
		at--;
	while (at > text && at[-1] >= '0' && at[-1] <= '9')
		at--;
	return atoi(at);
}

/* A file of the source tree, whole. */
static char *read_source(const char *rel)
{
	char path[1024];
	FILE *f;
	char *buf = malloc(1 << 20);
	size_t n;

	assert_non_null(buf);
	snprintf(path, sizeof(path), "%s/%s", fixture_srcdir(), rel);
	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(buf, 1, (1 << 20) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* For every shipped terrain the player may walk onto: the words the
 * game shows (look, help), read back as numbers, are what one step onto
 * it costs in turns and hit points; and the README and the man page say
 * the same words ("Mud: moving onto it takes 3 turns."). */
static void test_costs_texts_say_what_a_step_costs(void **state)
{
	struct data *d = dungeon_load(kinds, legend, "#####\n#@.>#\n#####\n");
	char *readme = read_source("README.md");
	char *man = read_source("doc/hunted.6.in");
	size_t t;
	int told = 0;

	(void)state;
	for (t = 0; t < d->nterrain; t++) {
		const struct data_terrain *tt = &d->terrain[t];
		char text[128], line[256], rows[64], leg[sizeof(legend) + 64];
		struct game *g;
		struct world *w;
		uint32_t turn;
		int hp, i;

		data_terrain_effect(d, (int)t, text, sizeof(text));
		if (!data_terrain_cost(d, NULL, 1, (int)t) ||
		    tt->door != DATA_DOOR_NONE)
			continue;
		snprintf(leg, sizeof(leg), "%slegend 'X' %s\n", legend,
		         tt->name);
		snprintf(rows, sizeof(rows), "######\n#@X.>#\n######\n");
		g = dungeon_game(kinds, leg, rows, 1, NULL);
		w = g->world;
		turn = w->turn;
		hp = w->php;
		game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0});
		assert_int_equal(w->px, 2);
		assert_int_equal(w->turn - turn,
		                 (uint32_t)number_before(text, "turns", 1));
		assert_int_equal(hp - w->php, number_before(text, "damage", 0));
		game_free(g);
		if (!*text)
			continue;
		/* "Shallow water: moving onto it takes 2 turns." */
		snprintf(line, sizeof(line), "%s: %s.", tt->name, text);
		line[0] = (char)(line[0] - 'a' + 'A');
		for (i = 0; line[i] != ':'; i++)
			if (line[i] == '_')
				line[i] = ' ';
		if (!strstr(readme, line))
			fail_msg("README.md does not say \"%s\"", line);
		if (!strstr(man, line))
			fail_msg("doc/hunted.6.in does not say \"%s\"", line);
		told++;
	}
	assert_true(told >= 3);
	free(readme);
	free(man);
	data_free(d);
}

/* A diagonal step past a wall's corner is refused with its own words,
 * whether the cell beyond is free or a monster stands there. */
static void test_costs_no_squeezing_past_corners(void **state)
{
	static const char map[] = "#####\n"
	                          "#@#.#\n"
	                          "#...#\n"
	                          "#..>#\n"
	                          "#####\n";
	struct game *g;
	struct world *w;

	(void)state;
	g = dungeon_game(kinds, legend, map, 1, NULL);
	w = g->world;
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 0);
	assert_int_equal(w->events.items[0].kind, WEV_BUMP);
	assert_int_equal(w->events.items[0].value, 0);
	game_step(g, (struct world_cmd){WCMD_MOVE, 0, 1});
	game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0});
	assert_int_equal(w->px, 2);
	assert_int_equal(w->py, 2);
	/* Up-right from (2,2) to (3,1) past the wall at (2,1). */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, -1}), 0);
	assert_int_equal(w->px, 2);
	assert_int_equal(w->events.items[0].kind, WEV_BUMP);
	assert_int_equal(w->events.items[0].value, 1);
	game_free(g);
}

/* Both autopilots plan with the real costs: a step onto the lava wall
 * would take 5 turns, cheaper than the long way round, but it hurts, so
 * they walk round and reach the stairs unburnt. */
static void test_costs_autopilots_go_round_lava(void **state)
{
	static const char map[] = "###########\n"
	                          "#@.L.....>#\n"
	                          "#..L......#\n"
	                          "#..L......#\n"
	                          "#..L......#\n"
	                          "#.........#\n"
	                          "###########\n";
	int style;

	(void)state;
	for (style = 0; style < 2; style++) {
		struct game *g = dungeon_game(kinds, legend, map, 1, NULL);
		struct autopilot *a = autopilot_new_style(
		        g->world,
		        style ? AUTOPILOT_CAREFUL : AUTOPILOT_STRAIGHT);
		const int hp = g->world->php;
		struct world_cmd cmd;
		int t;

		assert_non_null(a);
		for (t = 0; t < 40 && g->world->state == WORLD_PLAYING; t++) {
			assert_int_equal(autopilot_next(a, g->world, &cmd), 0);
			game_step(g, cmd);
			assert_int_equal(g->world->php, hp);
		}
		assert_int_equal(g->world->state, WORLD_WON);
		autopilot_free(a);
		game_free(g);
	}
}

/* The careful autopilot shuts a door on a hunter that cannot open it,
 * but not on one that could never come through (an eel cannot leave its
 * water), nor the door its own way goes through: shut, then opened by
 * its next step, turn after turn, it never reached the stairs. */
static void test_costs_careful_does_not_shut_its_own_way(void **state)
{
	static const char doors[] = "legend '#' wall\n"
	                            "legend '.' floor\n"
	                            "legend 'W' deep_water\n"
	                            "legend \"'\" door_open\n"
	                            "legend '@' floor player\n"
	                            "legend '>' stairs exit\n"
	                            "legend 'e' deep_water monster eel\n"
	                            "legend 'h' floor monster hound\n";
	static const char *const maps[] = {
	        /* the eel beside the way, nearer the door than the player */
	        "##########\n"
	        "#@'.....>#\n"
	        "###WWeWW##\n"
	        "###WWWWW##\n"
	        "##########\n",
	        /* a hound beyond the only door, which is the way */
	        "############\n"
	        "#@'......h>#\n"
	        "############\n",
	};
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(maps) / sizeof(maps[0]); k++) {
		struct game *g = dungeon_game(kinds, doors, maps[k], 1, NULL);
		struct autopilot *a =
		        autopilot_new_style(g->world, AUTOPILOT_CAREFUL);
		struct world_cmd cmd;
		int t, shut = 0;

		assert_non_null(a);
		for (t = 0; t < 60 && g->world->state == WORLD_PLAYING; t++) {
			assert_int_equal(autopilot_next(a, g->world, &cmd), 0);
			shut += cmd.kind == WCMD_CLOSE;
			if (game_step(g, cmd) == 0)
				game_step(g,
				          (struct world_cmd){WCMD_WAIT, 0, 0});
		}
		assert_int_equal(shut, 0);
		assert_int_equal(g->world->state, WORLD_WON);
		autopilot_free(a);
		game_free(g);
	}
}

/* The player's entry: read like a kind's, its overrides the player's
 * own costs (and no harm from what it gives a cost); without it, the
 * defaults; a kind's search is no keyword of it. */
static void test_costs_player_entry(void **state)
{
	static const char with[] = "include \"../terrain.txt\"\n"
	                           "player me\n"
	                           "\tglyph 'P' hp 50 speed 150 sight 5\n"
	                           "\tcost mud 1 cost lava 2\n";
	static const char bad[] = "include \"../terrain.txt\"\n"
	                          "player me\n"
	                          "\tglyph '@' algorithm bfs\n";
	char name[1024];
	struct diag_list dl;
	struct data *d = data_new();
	int mud, lava;

	(void)state;
	snprintf(name, sizeof(name), "%s/data/maps/test.txt", fixture_srcdir());
	diag_list_init(&dl, 0);
	assert_int_equal(data_load_buffer(d, name, with, strlen(with), &dl), 0);
	mud = data_terrain_find(d, "mud");
	lava = data_terrain_find(d, "lava");
	assert_non_null(d->player);
	assert_ptr_equal(data_player(d), d->player);
	assert_int_equal(data_player(d)->hp, 50);
	assert_int_equal(data_player(d)->speed, 150);
	assert_int_equal(data_player(d)->sight, 5);
	assert_int_equal(data_player(d)->attack, 4); /* the default */
	assert_int_equal(data_terrain_cost(d, NULL, 0, mud), 1);
	assert_int_equal(data_terrain_cost(d, NULL, 0, lava), 2);
	assert_int_equal(data_terrain_harm(d, NULL, lava), 0);
	data_free(d);
	diag_list_fini(&dl);

	/* No entry: the defaults, and every terrain's own cost. */
	d = data_new();
	diag_list_init(&dl, 0);
	assert_int_equal(
	        data_load_buffer(d, name, with,
	                         (size_t)(strchr(with, '\n') + 1 - with), &dl),
	        0);
	assert_null(d->player);
	assert_int_equal(data_player(d)->hp, 30);
	assert_int_equal(data_player(d)->speed, 100);
	assert_int_equal(data_terrain_cost(d, NULL, 0, mud),
	                 d->terrain[mud].cost);
	assert_true(data_terrain_harm(d, NULL, lava) > 0);
	data_free(d);
	diag_list_fini(&dl);

	d = data_new();
	diag_list_init(&dl, 0);
	assert_int_equal(data_load_buffer(d, name, bad, strlen(bad), &dl), -1);
	assert_int_equal(dl.errors, 1);
	assert_non_null(strstr(dl.items[0].message,
	                       "unknown keyword 'algorithm' for a player"));
	data_free(d);
	diag_list_fini(&dl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_costs_player_step_takes_its_cost),
	        cmocka_unit_test(test_costs_monster_step_takes_its_cost),
	        cmocka_unit_test(test_costs_lava_burns_but_not_its_own),
	        cmocka_unit_test(test_costs_texts_say_what_a_step_costs),
	        cmocka_unit_test(test_costs_no_squeezing_past_corners),
	        cmocka_unit_test(test_costs_autopilots_go_round_lava),
	        cmocka_unit_test(test_costs_careful_does_not_shut_its_own_way),
	        cmocka_unit_test(test_costs_player_entry),
	};

	return tap_run(tests, NULL, NULL);
}
