/* SPDX-License-Identifier: MIT */
/* test_flee.c - a hurt monster of a fleeing kind on seeded random caves:
 * it never steps into a dead end while an exit exists.  The oracle is
 * brute force: a breadth-first search of the distances from the player
 * (the kind moves 4-way on floor of cost 1), and for each cell beside
 * the monster a flood of what lies behind it.  On a dungeon too big for
 * a whole safety map, a crowd that flees shares a map bounded to a
 * window round the player. */
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
#include "lib/splitmix.h"
#include "lib/tap.h"

#define MAPS  600
#define TURNS 30
#define W     20
#define H     12

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

static const char kinds[] =
        "include \"../terrain.txt\"\n"
        "monster runner\n"
        "\tglyph 'r' color red speed 100 hp 10 attack 1 sight 40\n"
        "\tdiagonal 4-way drift 0 budget 0 flee 50\n";

static const char legend[] = "legend '#' wall\n"
                             "legend '.' floor\n"
                             "legend '@' floor player\n"
                             "legend '>' stairs exit\n"
                             "legend 'r' floor monster runner\n";

static const int dx4[4] = {0, 1, 0, -1};
static const int dy4[4] = {-1, 0, 1, 0};

static int open_at(const struct world *w, int x, int y)
{
	return world_in(w, x, y) && world_terrain_at(w, x, y)->walk;
}

/* Steps from the player to every open cell, -1 where it cannot go. */
static void oracle_dist(const struct world *w, int *d)
{
	int q[W * H], head = 0, tail = 0, k;

	for (k = 0; k < W * H; k++)
		d[k] = -1;
	d[w->py * W + w->px] = 0;
	q[tail++] = w->py * W + w->px;
	while (head < tail) {
		int c = q[head++], x = c % W, y = c / W;

		for (k = 0; k < 4; k++) {
			int nx = x + dx4[k], ny = y + dy4[k];

			if (open_at(w, nx, ny) && d[ny * W + nx] < 0) {
				d[ny * W + nx] = d[c] + 1;
				q[tail++] = ny * W + nx;
			}
		}
	}
}

/* Whether the open cell (nx, ny) beside the monster at (mx, my) is a
 * dead end: nothing reachable from it without going back through the
 * monster's cell is farther from the player than the monster is now. */
static int oracle_dead_end(const struct world *w, const int *d, int mx, int my,
                           int nx, int ny)
{
	int q[W * H], seen[W * H] = {0}, head = 0, tail = 0, k;

	seen[my * W + mx] = 1;
	seen[ny * W + nx] = 1;
	q[tail++] = ny * W + nx;
	while (head < tail) {
		int c = q[head++], x = c % W, y = c / W;

		if (d[c] > d[my * W + mx])
			return 0;
		for (k = 0; k < 4; k++) {
			int ax = x + dx4[k], ay = y + dy4[k];

			if (open_at(w, ax, ay) && !seen[ay * W + ax]) {
				seen[ay * W + ax] = 1;
				q[tail++] = ay * W + ax;
			}
		}
	}
	return 1;
}

/* How far monster i stands from the player, in king's moves. */
static int chebyshev_of(const struct world *w, size_t i)
{
	int dx = w->monsters[i].x - w->px, dy = w->monsters[i].y - w->py;

	dx = dx < 0 ? -dx : dx;
	dy = dy < 0 ? -dy : dy;
	return dx > dy ? dx : dy;
}

/* A random cave: walls round the edge, a third of the inside walls,
 * the player, the runner and the stairs somewhere on the floor. */
static void random_rows(struct splitmix *r, char *rows)
{
	int x, y, p, m;

	for (y = 0; y < H; y++) {
		for (x = 0; x < W; x++)
			rows[y * (W + 1) + x] =
			        x == 0 || y == 0 || x == W - 1 || y == H - 1 ||
			                        splitmix_below(r, 100) < 33
			                ? '#'
			                : '.';
		rows[y * (W + 1) + W] = '\n';
	}
	rows[H * (W + 1)] = '\0';
	do
		p = splitmix_range(r, 1, H - 2) * (W + 1) +
		    splitmix_range(r, 1, W - 2);
	while (rows[p] != '.');
	rows[p] = '@';
	do
		m = splitmix_range(r, 1, H - 2) * (W + 1) +
		    splitmix_range(r, 1, W - 2);
	while (rows[m] != '.');
	rows[m] = 'r';
	do
		m = splitmix_range(r, 1, H - 2) * (W + 1) +
		    splitmix_range(r, 1, W - 2);
	while (rows[m] != '.');
	rows[m] = '>';
}

static void test_flee_never_into_a_dead_end(void **state)
{
	struct splitmix r = {20261128};
	int map, t, checked = 0;
	char rows[H * (W + 1) + 1];

	(void)state;
	for (map = 0; map < MAPS; map++) {
		struct mind_options o;
		struct game *g;
		struct world *w;

		random_rows(&r, rows);
		mind_options_default(&o);
		g = dungeon_game(kinds, legend, rows, (uint64_t)map + 1, &o);
		w = g->world;
		w->php = w->php_max = 1000000;
		w->monsters[0].hp = 2;
		dungeon_tell(g, 0);
		for (t = 0; t < TURNS && w->nmonsters; t++) {
			int d[W * H], mx = w->monsters[0].x,
			              my = w->monsters[0].y, k, exit = 0;
			int sees = g->minds->mind[0].sees;

			oracle_dist(w, d);
			for (k = 0; k < 4; k++) {
				int nx = mx + dx4[k], ny = my + dy4[k];

				if (open_at(w, nx, ny) &&
				    !(nx == w->px && ny == w->py) &&
				    !oracle_dead_end(w, d, mx, my, nx, ny))
					exit = 1;
			}
			game_step(g, wait_cmd);
			if (!sees || !exit || d[my * W + mx] < 0)
				continue;
			checked++;
			if ((w->monsters[0].x != mx ||
			     w->monsters[0].y != my) &&
			    oracle_dead_end(w, d, mx, my, w->monsters[0].x,
			                    w->monsters[0].y)) {
				dungeon_dump(g);
				fail_msg("map %d turn %d: from %d,%d into the "
				         "dead end at %d,%d",
				         map, t, mx, my, w->monsters[0].x,
				         w->monsters[0].y);
			}
		}
		game_free(g);
	}
	/* The property was put to the test often enough to mean
	 * something. */
	print_message("checked %d\n", checked);
	assert_true(checked > 1500);
}

enum { BIG_W = 240, BIG_H = 120, CROWD = 6, BIG_TURNS = 30 };

/* A big open dungeon: walls round the edge, floor inside, the player
 * in the middle and the stairs in a corner. */
static void big_open_rows(char *rows)
{
	int x, y;

	for (y = 0; y < BIG_H; y++) {
		for (x = 0; x < BIG_W; x++)
			rows[y * (BIG_W + 1) + x] =
			        x == 0 || y == 0 || x == BIG_W - 1 ||
			                        y == BIG_H - 1
			                ? '#'
			                : '.';
		rows[y * (BIG_W + 1) + BIG_W] = '\n';
	}
	rows[BIG_H * (BIG_W + 1)] = '\0';
	rows[BIG_H / 2 * (BIG_W + 1) + BIG_W / 2] = '@';
	rows[2 * (BIG_W + 1) + 2] = '>';
}

/* Six hurt runners beside the player in the middle of a big open
 * dungeon: they run, and one safety map a turn at most serves them all,
 * each settling no more than a window round the player holds, not the
 * whole dungeon (2 x 28,800 cells a map when it was). */
static void test_flee_big_dungeon_bounded_map(void **state)
{
	static char rows[BIG_H * (BIG_W + 1) + 1];
	struct mind_options o;
	struct game *g;
	struct world *w;
	int t, d0[CROWD];
	size_t i;
	uint64_t per_map;

	(void)state;
	big_open_rows(rows);
	for (i = 0; i < CROWD; i++)
		rows[(BIG_H / 2 - 1 + (int)i % 2 * 2) * (BIG_W + 1) +
		     BIG_W / 2 - 1 + (int)i / 2] = 'r';
	mind_options_default(&o);
	g = dungeon_game(kinds, legend, rows, 1, &o);
	w = g->world;
	w->php = w->php_max = 1000000;
	assert_int_equal(w->nmonsters, CROWD);
	for (i = 0; i < CROWD; i++) {
		w->monsters[i].hp = 2;
		dungeon_tell(g, i);
		d0[i] = chebyshev_of(w, i);
	}
	for (t = 0; t < BIG_TURNS; t++)
		game_step(g, wait_cmd);
	for (i = 0; i < CROWD; i++)
		ASSERT_GAME(g, chebyshev_of(w, i) > d0[i] + BIG_TURNS / 2);
	print_message("%llu safety maps, %llu cells\n",
	              (unsigned long long)g->minds->stats.flee_maps,
	              (unsigned long long)g->minds->stats.flee_cells);
	assert_true(g->minds->stats.flee_maps >= 1);
	assert_true(g->minds->stats.flee_maps <= BIG_TURNS);
	per_map = g->minds->stats.flee_cells / g->minds->stats.flee_maps;
	assert_true(per_map <= 2 * 97 * 97);
	game_free(g);
}

/* In a hunt (every monster knows where the player is) a hurt runner
 * still takes heart once it has been out of the player's sight for a
 * while, as in any game: it does not flee across the whole dungeon for
 * good, asking for a safety map ever wider round where it fled from. */
static void test_flee_hunt_takes_heart_out_of_sight(void **state)
{
	static char rows[BIG_H * (BIG_W + 1) + 1];
	struct mind_options o;
	struct game *g;
	struct world *w;
	int t, calm = -1;

	(void)state;
	big_open_rows(rows);
	rows[BIG_H / 2 * (BIG_W + 1) + BIG_W / 2 + 1] = 'r';
	mind_options_default(&o);
	o.hunt = 1;
	g = dungeon_game(kinds, legend, rows, 1, &o);
	w = g->world;
	w->php = w->php_max = 1000000;
	w->monsters[0].hp = 2;
	for (t = 0; t < 120 && calm < 0; t++) {
		game_step(g, wait_cmd);
		if (t > 0 && !g->minds->mind[0].fleeing)
			calm = t;
	}
	print_message("took heart on turn %d, %d cells away\n", calm,
	              chebyshev_of(w, 0));
	/* Out of its sight of 40 cells, then ten turns more. */
	ASSERT_GAME(g, calm > 40 && calm < 80);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_flee_never_into_a_dead_end),
	        cmocka_unit_test(test_flee_big_dungeon_bounded_map),
	        cmocka_unit_test(test_flee_hunt_takes_heart_out_of_sight),
	};

	return tap_run(tests, NULL, NULL);
}
