/* SPDX-License-Identifier: MIT */
/* test_fov.c - what the player sees and remembers (core/world/fov.h):
 * every cell of random small maps against the rule worked out the slow
 * obvious way, the sight shared with the monsters, walls and shut doors
 * hiding what is behind them, a door opened showing the room behind it,
 * the map remembered as last seen, and the memory kept by a reload. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/game.h"
#include "core/world/fov.h"
#include "core/world/reload.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

/* The shipped terrain, tall grass that hides (walk yes, opaque yes), and
 * two monster kinds seeing less and farther than the player. */
static const char kinds[] = "include \"../terrain.txt\"\n"
                            "terrain tallgrass\n"
                            "\tglyph ';' color green walk yes cost 1 "
                            "opaque yes\n"
                            "monster near\n"
                            "\tglyph 'n' color red speed 100 hp 9 attack 1 "
                            "sight 3\n"
                            "monster far\n"
                            "\tglyph 'f' color red speed 100 hp 9 attack 1 "
                            "sight 12\n";

static const char legend[] = "legend '#' wall\n"
                             "legend '.' floor\n"
                             "legend '+' door_closed\n"
                             "legend \"'\" door_open\n"
                             "legend 'T' tree\n"
                             "legend '~' deep_water\n"
                             "legend ';' tallgrass\n"
                             "legend '@' floor player\n"
                             "legend '>' stairs exit\n"
                             "legend 'n' floor monster near\n"
                             "legend 'f' floor monster far\n";

static struct world *world_of(const char *rows)
{
	struct diag_list dl;
	struct world *w;

	diag_list_init(&dl, 0);
	w = world_new(dungeon_load(kinds, legend, rows), 1, -1, &dl);
	diag_list_fini(&dl);
	assert_non_null(w);
	fov_update(w);
	return w;
}

static int terrain(const struct world *w, const char *name)
{
	int t = data_terrain_find(w->data, name);

	assert_true(t >= 0);
	return t;
}

/* ---- the rule, the slow obvious way ------------------------------------ */

static int opaque(const struct world *w, int x, int y)
{
	return w->data
	        ->terrain[w->terrain[(size_t)y * (size_t)w->width + (size_t)x]]
	        .opaque;
}

/* round(num / den) for den > 0, halves toward zero. */
static int round_half_in(long num, long den)
{
	long q = num / den, rem = num - q * den;

	if (2 * labs(rem) > den)
		q += num > 0 ? 1 : -1;
	return (int)q;
}

/* Whether no opaque cell lies strictly between (x0, y0) and (x1, y1) on
 * the line of n = max(|dx|, |dy|) steps whose k-th cell is the start plus
 * round(k d / n), halves rounded toward the start. */
static int oracle_clear(const struct world *w, int x0, int y0, int x1, int y1)
{
	const long dx = x1 - x0, dy = y1 - y0;
	const long n = labs(dx) > labs(dy) ? labs(dx) : labs(dy);
	long k;

	for (k = 1; k < n; k++)
		if (opaque(w, x0 + round_half_in(k * dx, n),
		           y0 + round_half_in(k * dy, n)))
			return 0;
	return 1;
}

static int oracle_within(const struct world *w, int x, int y)
{
	const long dx = x - w->px, dy = y - w->py;

	return dx * dx + dy * dy <= (long)w->sight * w->sight;
}

static int oracle_los(const struct world *w, int x, int y)
{
	return oracle_within(w, x, y) && oracle_clear(w, x, y, w->px, w->py);
}

/* What fov_seen should say of (x, y), as fov.h states the rule. */
static int oracle_seen(const struct world *w, int x, int y)
{
	int sx, sy, i;

	if (oracle_los(w, x, y))
		return FOV_LOS;
	if (!oracle_within(w, x, y) || !opaque(w, x, y))
		return FOV_NONE;
	sx = w->px > x ? 1 : w->px < x ? -1 : 0;
	sy = w->py > y ? 1 : w->py < y ? -1 : 0;
	for (i = 0; i < 3; i++) {
		/* The steps toward the player: in x, in y, in both. */
		const int nx = x + (i != 1 ? sx : 0),
		          ny = y + (i != 0 ? sy : 0);

		if ((nx == x && ny == y) || (i == 2 && (!sx || !sy)))
			continue;
		if ((nx == w->px && ny == w->py) ||
		    (!opaque(w, nx, ny) && oracle_los(w, nx, ny)))
			return FOV_LIT;
	}
	return FOV_NONE;
}

/* A random map of w x h (at least 3 cells): floor, walls, shut and open
 * doors, trees, deep water and tall grass, with the player, the exit and
 * a monster seeing 3 cells on floor. */
static char *random_rows(struct splitmix *r, int w, int h)
{
	static const char cells[] = "........##+'T~;";
	char *rows = malloc((size_t)(w + 1) * (size_t)h + 1);
	int x, y, p, e, m;

	assert_non_null(rows);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++)
			rows[y * (w + 1) + x] =
			        cells[splitmix_below(r, sizeof(cells) - 1)];
		rows[y * (w + 1) + w] = '\n';
	}
	rows[(w + 1) * h] = '\0';
	p = (int)splitmix_below(r, (uint32_t)(w * h));
	e = (p + 1 + (int)splitmix_below(r, (uint32_t)(w * h - 2))) % (w * h);
	m = e;
	while (m == e || m == p)
		m = (m + 1) % (w * h);
	rows[p / w * (w + 1) + p % w] = '@';
	rows[e / w * (w + 1) + e % w] = '>';
	rows[m / w * (w + 1) + m % w] = 'n';
	return rows;
}

/* Every cell as the rule says; the memory holds every cell in sight as
 * it is now, and remembers what it held before (*before, updated). */
static void check_all(const struct world *w, uint8_t *before)
{
	int x, y;

	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++) {
			const size_t i = world_idx(w, x, y);
			const int want = oracle_seen(w, x, y);

			if (fov_seen(w, x, y) != want)
				fail_msg("%dx%d map, player %d,%d, sight %d: "
				         "cell %d,%d is %d, the rule says %d",
				         w->width, w->height, w->px, w->py,
				         w->sight, x, y, fov_seen(w, x, y),
				         want);
			if (want)
				assert_int_equal(fov_remembered(w, x, y),
				                 w->terrain[i]);
			if (before[i])
				assert_true(fov_remembered(w, x, y) >= 0);
			before[i] = w->memory[i];
		}
}

static void test_fov_matches_the_rule_on_random_maps(void **state)
{
	struct splitmix r = {20261201};
	int map, cells = 0, seen = 0, lit = 0;

	(void)state;
	for (map = 0; map < 400; map++) {
		const int mw = splitmix_range(&r, 3, 17);
		const int mh = splitmix_range(&r, 1, 13);
		char *rows = random_rows(&r, mw, mh);
		struct world *w = world_of(rows);
		uint8_t *before = calloc((size_t)(mw * mh), 1);
		int trial, i;

		assert_non_null(before);
		assert_int_equal(w->sight, data_player(w->data)->sight);
		check_all(w, before);
		for (trial = 0; trial < 12; trial++) {
			const int x = splitmix_range(&r, 0, mw - 1);
			const int y = splitmix_range(&r, 0, mh - 1);
			const struct data_terrain *t =
			        world_terrain_at(w, x, y);

			if (trial % 3 == 2 && t->door != DATA_DOOR_NONE) {
				/* A door opened or shut: the view follows at
				 * once when it is within sight. */
				world_set_terrain(w, x, y,
				                  t->door == DATA_DOOR_OPEN
				                          ? t->closes_to
				                          : t->opens_to);
				fov_changed(w, x, y);
			} else {
				w->sight = splitmix_range(&r, 0, 12);
				if (t->walk && t->door != DATA_DOOR_CLOSED &&
				    world_monster_at(w, x, y) < 0 &&
				    (x != w->px || y != w->py))
					assert_int_equal(world_put(w, -1, x, y),
					                 0);
				fov_update(w);
			}
			check_all(w, before);
			for (i = 0; i < mw * mh; i++) {
				cells++;
				seen += w->seen[i] == FOV_LOS;
				lit += w->seen[i] == FOV_LIT;
			}
		}
		free(before);
		world_free(w);
		free(rows);
	}
	/* The maps were not all open or all walls. */
	assert_true(seen > cells / 10);
	assert_true(lit > cells / 100);
	assert_true(seen + lit < cells);
}

/* Seeing is mutual between the player and a monster: a monster in line
 * of sight sees the player when the player is within its own sight, and a
 * monster that sees the player from within the player's sight is seen.
 * "Sees the player" is the minds' own test (mind/goal.c). */
static void test_fov_seeing_is_mutual(void **state)
{
	struct splitmix r = {77};
	int map, mutual = 0, hidden = 0;

	(void)state;
	for (map = 0; map < 300; map++) {
		const int mw = splitmix_range(&r, 3, 20);
		const int mh = splitmix_range(&r, 1, 14);
		char *rows = random_rows(&r, mw, mh);
		struct world *w = world_of(rows);
		int x, y;
		size_t k;

		w->sight = splitmix_range(&r, 1, 10);
		fov_update(w);
		for (y = 0; y < mh; y++)
			for (x = 0; x < mw; x++) {
				const long dx = x - w->px, dy = y - w->py;
				const long d2 = dx * dx + dy * dy;
				const int los = fov_seen(w, x, y) == FOV_LOS;

				for (k = 0; k < w->data->nmonsters; k++) {
					const int s =
					        w->data->monsters[k].sight;
					const int sees = fov_sees(
					        w, x, y, w->px, w->py, s);

					if (d2 <= (long)s * s && los)
						assert_true(sees);
					if (d2 <= (long)w->sight * w->sight &&
					    sees)
						assert_true(los);
					mutual += sees && los;
					hidden += d2 <= (long)s * s &&
					          d2 <= (long)w->sight *
					                          w->sight &&
					          !sees;
				}
				/* And a monster standing there is drawn just
				 * then. */
				if (world_put(w, 0, x, y) == 0)
					assert_int_equal(fov_sees_monster(w, 0),
					                 los);
			}
		world_free(w);
		free(rows);
	}
	assert_true(mutual > 1000);
	assert_true(hidden > 1000);
}

/* ---- on hand-made dungeons --------------------------------------------- */

static const char room_and_door[] = "###########\n"
                                    "#...#.....#\n"
                                    "#.@.+..f..#\n"
                                    "#...#.....#\n"
                                    "#>..#######\n"
                                    "###########\n";

static void test_fov_walls_and_shut_doors_block_sight(void **state)
{
	struct world *w = world_of(room_and_door);
	int x, y;

	(void)state;
	for (y = 1; y <= 3; y++)
		for (x = 5; x <= 9; x++) {
			assert_int_equal(fov_seen(w, x, y), FOV_NONE);
			assert_int_equal(fov_remembered(w, x, y), -1);
		}
	/* The door and the wall it is in are seen, the room's walls and
	 * corners whole; the wall beyond the door's room is not. */
	assert_int_not_equal(fov_seen(w, 4, 2), FOV_NONE);
	assert_int_equal(fov_remembered(w, 4, 2), terrain(w, "door_closed"));
	for (x = 0; x <= 4; x++) {
		assert_int_not_equal(fov_seen(w, x, 0), FOV_NONE);
		assert_int_not_equal(fov_seen(w, x, 5), FOV_NONE);
	}
	for (y = 0; y <= 5; y++)
		assert_int_not_equal(fov_seen(w, 0, y), FOV_NONE);
	assert_int_equal(fov_seen(w, 10, 2), FOV_NONE);
	/* The monster behind the door: neither sees the other. */
	assert_false(fov_sees_monster(w, 0));
	assert_false(fov_sees(w, 7, 2, w->px, w->py, 12));
	world_free(w);
}

static void test_fov_opening_a_door_shows_the_room(void **state)
{
	struct diag_list dl;
	struct game *g;
	struct world *w;
	int x, y;

	(void)state;
	diag_list_init(&dl, 0);
	g = game_new(dungeon_load(kinds, legend, room_and_door), 1, -1, NULL,
	             &dl);
	diag_list_fini(&dl);
	assert_non_null(g);
	w = g->world;
	w->php = 1000;
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_OPEN, 1, 0}), 1);
	/* Through the doorway: the cells in line with it, and the monster,
	 * which has seen the player too (it chases). */
	for (x = 5; x <= 9; x++) {
		assert_int_equal(fov_seen(w, x, 2), FOV_LOS);
		assert_int_equal(fov_remembered(w, x, 2), terrain(w, "floor"));
	}
	assert_true(fov_sees_monster(w, 0));
	assert_int_equal(g->minds->mind[0].mode, MIND_CHASE);
	/* Shut again (in no turn, as the sandbox does): the view follows
	 * at once, and the room stays remembered. */
	world_set_terrain(w, 4, 2, terrain(w, "door_closed"));
	fov_changed(w, 4, 2);
	assert_false(fov_sees_monster(w, 0));
	for (y = 1; y <= 3; y++)
		for (x = 5; x <= 9; x++)
			assert_int_equal(fov_seen(w, x, y), FOV_NONE);
	for (x = 5; x <= 9; x++)
		assert_int_equal(fov_remembered(w, x, 2), terrain(w, "floor"));
	game_free(g);
}

static const char corridor[] = "################################\n"
                               "#@.............................#\n"
                               "##'#############################\n"
                               "#.............................>#\n"
                               "################################\n";

static void walk(struct game *g, int dx, int n)
{
	while (n--)
		assert_int_equal(
		        game_step(g,
		                  (struct world_cmd){WCMD_MOVE, (int8_t)dx, 0}),
		        1);
}

static struct game *corridor_game(void)
{
	struct diag_list dl;
	struct game *g;

	diag_list_init(&dl, 0);
	g = game_new(dungeon_load(kinds, legend, corridor), 1, -1, NULL, &dl);
	diag_list_fini(&dl);
	assert_non_null(g);
	return g;
}

static void test_fov_memory_stays_as_last_seen(void **state)
{
	struct game *g = corridor_game();
	struct world *w = g->world;
	const int open = terrain(w, "door_open");
	int x;

	(void)state;
	assert_int_equal(fov_seen(w, 2, 2), FOV_LOS);
	assert_int_equal(fov_remembered(w, 20, 1), -1);
	walk(g, 1, 20);
	/* Out of sight, the start is remembered as it was. */
	for (x = 1; x <= 12; x++) {
		assert_int_equal(fov_seen(w, x, 1), FOV_NONE);
		assert_int_equal(fov_remembered(w, x, 1), terrain(w, "floor"));
	}
	assert_int_equal(fov_seen(w, 2, 2), FOV_NONE);
	assert_int_equal(fov_remembered(w, 2, 2), open);
	assert_int_equal(fov_remembered(w, 30, 3), -1);
	/* Shut out of sight, the door is remembered open, until seen. */
	world_set_terrain(w, 2, 2, terrain(w, "door_closed"));
	fov_changed(w, 2, 2);
	assert_int_equal(fov_remembered(w, 2, 2), open);
	walk(g, -1, 10);
	assert_int_equal(fov_remembered(w, 2, 2), open);
	walk(g, -1, 5);
	assert_int_not_equal(fov_seen(w, 2, 2), FOV_NONE);
	assert_int_equal(fov_remembered(w, 2, 2), terrain(w, "door_closed"));
	game_free(g);
}

static void test_fov_sight_is_a_circle(void **state)
{
	static const char hall[] = "###############################\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#..............@..............#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#.............................#\n"
	                           "#............................>#\n"
	                           "###############################\n";
	struct world *w = world_of(hall);
	int x, y, n = 0;

	(void)state;
	assert_int_equal(w->sight, 8);
	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++) {
			const int in =
			        (x - 15) * (x - 15) + (y - 10) * (y - 10) <= 64;

			assert_int_equal(fov_seen(w, x, y),
			                 in ? FOV_LOS : FOV_NONE);
			n += in;
		}
	assert_int_equal(n, 197);
	world_free(w);
}

/* A reload of the same size keeps what the player remembers, terrain by
 * name (here the new data has one terrain more, first, so every index
 * moved); another size starts the memory over. */
static void test_fov_reload_keeps_the_memory(void **state)
{
	static const char moved[] = "terrain moss\n"
	                            "\tglyph ':' color green walk yes cost 1\n";
	static const char smaller[] = "#######\n"
	                              "#@...>#\n"
	                              "#######\n";
	struct game *g = corridor_game(), *g2;
	struct reload_report rep;
	struct diag_list dl;
	char *kinds2 = malloc(sizeof(moved) + sizeof(kinds));
	struct world *w;
	int x;

	(void)state;
	assert_non_null(kinds2);
	snprintf(kinds2, sizeof(moved) + sizeof(kinds), "%s%s", moved, kinds);
	walk(g, 1, 20);
	diag_list_init(&dl, 0);
	g2 = game_reload(g, dungeon_load(kinds2, legend, corridor), &dl, &rep);
	assert_non_null(g2);
	game_free(g);
	g = g2;
	w = g->world;
	assert_false(rep.restarted);
	assert_int_equal(terrain(w, "floor"), 1); /* moss is 0 */
	for (x = 1; x <= 12; x++) {
		assert_int_equal(fov_seen(w, x, 1), FOV_NONE);
		assert_int_equal(fov_remembered(w, x, 1), terrain(w, "floor"));
	}
	assert_int_equal(fov_remembered(w, 2, 2), terrain(w, "door_open"));
	assert_int_equal(fov_remembered(w, 30, 3), -1);
	assert_int_equal(fov_seen(w, 25, 1), FOV_LOS);
	/* Another size: a new game, which remembers only its start. */
	g2 = game_reload(g, dungeon_load(kinds, legend, smaller), &dl, &rep);
	assert_non_null(g2);
	game_free(g);
	g = g2;
	w = g->world;
	assert_true(rep.restarted);
	assert_int_equal(fov_seen(w, 5, 1), FOV_LOS);
	assert_int_equal(fov_remembered(w, 5, 1), terrain(w, "stairs"));
	diag_list_fini(&dl);
	free(kinds2);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_fov_matches_the_rule_on_random_maps),
	        cmocka_unit_test(test_fov_seeing_is_mutual),
	        cmocka_unit_test(test_fov_walls_and_shut_doors_block_sight),
	        cmocka_unit_test(test_fov_opening_a_door_shows_the_room),
	        cmocka_unit_test(test_fov_memory_stays_as_last_seen),
	        cmocka_unit_test(test_fov_sight_is_a_circle),
	        cmocka_unit_test(test_fov_reload_keeps_the_memory),
	};

	return tap_run(tests, NULL, NULL);
}
