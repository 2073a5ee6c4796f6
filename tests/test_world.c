/* test_world.c - the rules and the monsters' behaviour, on small
 * hand-made dungeons: each test is something a player would notice. */
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
#include "core/mind/autopilot.h"
#include "core/world/cmd.h"
#include "core/world/world.h"
#include "lib/tap.h"

/* Monster kinds for the tests: plain ones whose speed and senses are
 * easy to reason about. */
static const char kinds[] =
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

static const char legend[] = "legend '#' wall\n"
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

/* Loads kinds + the map text as if it were data/maps/test.txt. */
static struct game *make_game(const char *map, uint64_t seed,
                              const struct mind_options *o)
{
	const char *top = getenv("top_srcdir");
	char name[1024];
	struct diag_list dl;
	struct data *d = data_new();
	struct game *g;
	size_t n = strlen(kinds) + strlen(legend) + strlen(map) + 64;
	char *buf = malloc(n);

	assert_non_null(d);
	assert_non_null(buf);
	snprintf(buf, n, "%sdungeon test\n%sMAP\n%sENDMAP\n", kinds, legend,
	         map);
	snprintf(name, sizeof(name), "%s/data/maps/test.txt", top ? top : ".");
	diag_list_init(&dl, 0);
	if (data_load_buffer(d, name, buf, strlen(buf), &dl) != 0) {
		size_t i;

		for (i = 0; i < dl.len; i++)
			print_error("%s:%d:%d: %s\n", dl.items[i].file,
			            dl.items[i].line, dl.items[i].col,
			            dl.items[i].message);
		fail();
	}
	free(buf);
	g = game_new(d, seed, -1, o, &dl);
	assert_non_null(g);
	diag_list_fini(&dl);
	/* Tests watch the monsters, not the player's death. */
	g->world->php = g->world->php_max = 1000000;
	return g;
}

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

/* The map as the player would see it, with every monster's mind, for
 * the log of a failing test. */
static void dump_game(const struct game *g)
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

#define ASSERT_G(g, cond)                                                      \
	do {                                                                   \
		if (!(cond)) {                                                 \
			dump_game(g);                                          \
			fail_msg("%s", #cond);                                 \
		}                                                              \
	} while (0)

/* Every actor in its own cell, and occ agrees with the monsters. */
static void check_occupancy(const struct world *w)
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

static int path_has(const struct mind *mi, int x, int y)
{
	size_t k;

	for (k = 0; k < mi->len; k++)
		if (mi->path[k].x == x && mi->path[k].y == y)
			return 1;
	return 0;
}

/* A monster told where the player is, as if it had seen it there. */
static void tell(struct game *g, size_t i)
{
	const struct world *w = g->world;
	struct mind *mi = &g->minds->mind[i];

	mi->mode = MIND_SEARCH;
	mi->seen = 1;
	mi->last_x = w->px;
	mi->last_y = w->py;
}

static int adjacent(const struct world *w, size_t i)
{
	return abs(w->monsters[i].x - w->px) <= 1 &&
	       abs(w->monsters[i].y - w->py) <= 1;
}

/* ---- rules ------------------------------------------------------------- */

static void test_world_speed_and_energy(void **state)
{
	static const char map[] = "#################\n"
	                          "#f..............#\n"
	                          "#...............#\n"
	                          "#w..............#\n"
	                          "###############@#\n"
	                          "#>..............#\n"
	                          "#################\n";
	struct game *g;
	struct world *w;
	int t, fast_moves = 0, slow_moves = 0;
	size_t e;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	tell(g, 0);
	tell(g, 1);
	/* They walk towards the player (15,4), far enough away that
	 * neither arrives within the 6 turns counted. */
	for (t = 0; t < 6; t++) {
		assert_int_equal(game_step(g, wait_cmd), 1);
		for (e = 0; e < w->events.len; e++)
			if (w->events.items[e].kind == WEV_MOVED) {
				fast_moves += w->events.items[e].actor == 0;
				slow_moves += w->events.items[e].actor == 1;
			}
	}
	assert_int_equal(fast_moves, 12);
	assert_int_equal(slow_moves, 3);
	assert_int_equal(w->turn, 6);
	game_free(g);
}

static void test_world_player_doors_and_keys(void **state)
{
	static const char map[] = "#########\n"
	                          "#@+..=.>#\n"
	                          "#########\n";
	struct game *g;
	struct world *w;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	/* Bumping a closed door opens it and takes the turn. */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(world_terrain_at(w, 2, 1)->door, DATA_DOOR_OPEN);
	assert_int_equal(w->px, 1);
	/* Closing it again, then opening with the open command. */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_CLOSE, 1, 0}),
	                 1);
	assert_int_equal(world_terrain_at(w, 2, 1)->door, DATA_DOOR_CLOSED);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_OPEN, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	/* The gate is locked and there is no key: no time passes. */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 0);
	assert_int_equal(w->events.items[0].kind, WEV_DOOR_LOCKED);
	/* Walls take no time either. */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 0, 1}), 0);
	/* With the key the gate opens, and the stairs win. */
	w->keys = 1;
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 1, 0}),
	                 -1);
	assert_int_equal(w->state, WORLD_WON);
	game_free(g);
}

static void test_world_sight(void **state)
{
	static const char map[] = "###########\n"
	                          "#@...#...o#\n"
	                          "#....+....#\n"
	                          "#........>#\n"
	                          "###########\n";
	struct game *g;
	struct world *w;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	/* Walls block sight, closed doors too, open floor does not. */
	assert_false(world_sees(w, 9, 1, 1, 1, 30));
	assert_false(world_sees(w, 9, 2, 1, 2, 30));
	assert_true(world_sees(w, 9, 3, 1, 3, 30));
	assert_false(world_sees(w, 9, 3, 1, 3, 5));
	world_set_terrain(w, 5, 2, data_terrain_find(w->data, "door_open"));
	assert_true(world_sees(w, 9, 2, 1, 2, 30));
	game_free(g);
}

/* ---- the monsters ------------------------------------------------------ */

/* The door is the short way into the player's room; the way round is
 * long but open. */
static void test_world_door_opener_goes_through(void **state)
{
	static const char map[] = "###############\n"
	                          "#.............#\n"
	                          "#.###########.#\n"
	                          "#.#....o....#.#\n"
	                          "#.#....s....#.#\n"
	                          "#.#.........#.#\n"
	                          "#.#####+#####.#\n"
	                          "#.#.........#.#\n"
	                          "#.#....@....#.#\n"
	                          "#.#.........#.#\n"
	                          "#.#####'#####.#\n"
	                          "#.............#\n"
	                          "#>............#\n"
	                          "###############\n";
	struct game *g;
	struct world *w;
	int t, shut_through_door = 0;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	tell(g, 0);
	tell(g, 1);
	assert_int_equal(game_step(g, wait_cmd), 1);
	/* The opener plans through the door at (7,6), the other cannot. */
	assert_true(path_has(&g->minds->mind[0], 7, 6));
	assert_false(path_has(&g->minds->mind[1], 7, 6));
	/* The room above is closed except for that door: the shut one is
	 * stuck until the opener opens it. */
	for (t = 0; t < 40; t++) {
		game_step(g, wait_cmd);
		check_occupancy(w);
		if (w->monsters[1].y >= 6)
			shut_through_door = 1;
	}
	ASSERT_G(g, adjacent(w, 0));
	/* Once the opener opened the door, the shut one came through it
	 * too (the door is open now, so it may). */
	assert_int_equal(world_terrain_at(w, 7, 6)->door, DATA_DOOR_OPEN);
	assert_true(shut_through_door);
	game_free(g);
}

static void test_world_non_opener_goes_around(void **state)
{
	static const char map[] = "###############\n"
	                          "#.............#\n"
	                          "#.###########.#\n"
	                          "#.'....s....#.#\n"
	                          "#.#.........#.#\n"
	                          "#.#####+#####.#\n"
	                          "#.#....@....#.#\n"
	                          "#.#.........'.#\n"
	                          "#.###########.#\n"
	                          "#>............#\n"
	                          "###############\n";
	struct game *g;
	struct world *w;
	int t;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	tell(g, 0);
	game_step(g, wait_cmd);
	assert_false(path_has(&g->minds->mind[0], 7, 5));
	assert_true(path_has(&g->minds->mind[0], 2, 3));
	for (t = 0; t < 40 && !adjacent(w, 0); t++)
		game_step(g, wait_cmd);
	assert_true(adjacent(w, 0));
	/* It never opened the door. */
	assert_int_equal(world_terrain_at(w, 7, 5)->door, DATA_DOOR_CLOSED);
	game_free(g);
}

static void test_world_lava_avoided(void **state)
{
	static const char map[] = "###########\n"
	                          "#o.LLLL..@#\n"
	                          "#.#######.#\n"
	                          "#.........#\n"
	                          "#l#######>#\n"
	                          "###########\n";
	struct game *g;
	struct world *w;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	tell(g, 0);
	tell(g, 1);
	game_step(g, wait_cmd);
	/* Lava costs 20 a step: the way round (row 3) is cheaper. */
	assert_false(path_has(&g->minds->mind[0], 4, 1));
	assert_true(path_has(&g->minds->mind[0], 5, 3));
	/* The lava-shy kind never plans into lava. */
	assert_false(path_has(&g->minds->mind[1], 4, 1));
	game_free(g);
	/* With the way round walled off, the opener crosses the lava and
	 * the lava-shy one does not even try. */
	{
		static const char map2[] = "###########\n"
		                           "#o.LLLL..@#\n"
		                           "#.#######.#\n"
		                           "#....#....#\n"
		                           "#l#######>#\n"
		                           "###########\n";
		int t;

		g = make_game(map2, 1, NULL);
	w = g->world;
		tell(g, 0);
		tell(g, 1);
		game_step(g, wait_cmd);
		assert_true(path_has(&g->minds->mind[0], 4, 1));
		assert_true(g->minds->mind[1].unreachable);
		for (t = 0; t < 40; t++)
			game_step(g, wait_cmd);
		assert_true(adjacent(w, 0));
		assert_false(
		        world_terrain_at(w, w->monsters[1].x, w->monsters[1].y)
		                ->cost > 1);
		game_free(g);
	}
}

/* Closing a door in one monster's face re-routes it; the other monsters,
 * whose paths do not use the door, keep theirs: one invalidation. */
static void test_world_closed_door_invalidates_one(void **state)
{
	static const char map[] = "#################\n"
	                          "#o..............#\n"
	                          "#.#############.#\n"
	                          "#.#.s.s.s.s.s.#.#\n"
	                          "#.#...........#.#\n"
	                          "#.#############.#\n"
	                          "#.'@............#\n"
	                          "#>###############\n"
	                          "#################\n";
	struct game *g;
	struct world *w;
	int t;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	tell(g, 0);
	game_step(g, wait_cmd);
	/* The opener's shortest way runs down the left side and through
	 * the open door at (2,6). */
	assert_true(path_has(&g->minds->mind[0], 2, 6));
	for (t = 0; t < 2; t++)
		game_step(g, wait_cmd);
	/* The shut monsters in the closed room wander or wait; their paths
	 * never touch the door. */
	assert_int_equal(g->minds->stats.invalidations, 0);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_CLOSE, -1, 0}),
	                 1);
	assert_int_equal(g->minds->stats.invalidations, 1);
	assert_int_equal(g->minds->mind[0].last_reason, REPLAN_CHANGED);
	assert_int_equal(g->minds->mind[0].invalid_x, 2);
	assert_int_equal(g->minds->mind[0].invalid_y, 6);
	/* It opens the door (it can) and reaches the player anyway. */
	for (t = 0; t < 30 && !adjacent(w, 0); t++)
		game_step(g, wait_cmd);
	assert_true(adjacent(w, 0));
	game_free(g);
}

/* Five monsters come down a one-wide corridor into the player's room:
 * no deadlock, never two in a cell, all five end up around the player. */
static void test_world_corridor_no_deadlock(void **state)
{
	static const char map[] = "###########\n"
	                          "#sssss....#\n"
	                          "#########.#\n"
	                          "#.........#\n"
	                          "#.........#\n"
	                          "#....@....#\n"
	                          "#.........#\n"
	                          "#>........#\n"
	                          "###########\n";
	struct game *g;
	struct world *w;
	size_t i;
	int t, all = 0;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	for (t = 0; t < 60 && !all; t++) {
		for (i = 0; i < w->nmonsters; i++)
			tell(g, i);
		game_step(g, wait_cmd);
		check_occupancy(w);
		all = 1;
		for (i = 0; i < w->nmonsters; i++)
			all &= adjacent(w, i);
	}
	ASSERT_G(g, all);
	game_free(g);
}

/* A crowd chasing a player who stands still: no monster ever steps back
 * and forth between two cells. */
static void test_world_no_oscillation(void **state)
{
	static const char map[] = "#####################\n"
	                          "#s.s.s.s.s.s.s.s.s.s#\n"
	                          "#.##.###.###.###.##.#\n"
	                          "#.#...#...#...#...#.#\n"
	                          "#...#...#.@.#...#...#\n"
	                          "#.#...#...#...#...#.#\n"
	                          "#s.s.s.s.s.s.s.s.s.>#\n"
	                          "#####################\n";
	struct game *g;
	struct world *w;
	int *hx, *hy, t;
	size_t i, n;

	(void)state;
	g = make_game(map, 3, NULL);
	w = g->world;
	n = w->nmonsters;
	hx = calloc(n * 3, sizeof(*hx));
	hy = calloc(n * 3, sizeof(*hy));
	assert_true(hx && hy);
	for (t = 0; t < 80; t++) {
		for (i = 0; i < n; i++)
			tell(g, i);
		game_step(g, wait_cmd);
		check_occupancy(w);
		for (i = 0; i < n; i++) {
			int *x = &hx[i * 3], *y = &hy[i * 3];

			x[0] = x[1];
			y[0] = y[1];
			x[1] = x[2];
			y[1] = y[2];
			x[2] = w->monsters[i].x;
			y[2] = w->monsters[i].y;
			if (t >= 2 && x[2] == x[0] && y[2] == y[0] &&
			    (x[1] != x[2] || y[1] != y[2]))
				fail_msg("monster %zu went (%d,%d) -> (%d,%d) "
				         "-> back at turn %d",
				         i, x[0], y[0], x[1], y[1], t);
		}
	}
	free(hx);
	free(hy);
	game_free(g);
}

/* The player is behind deep water: the monster goes as near as it can,
 * then stops searching until the map changes. */
static void test_world_unreachable_waits_nearby(void **state)
{
	static const char map[] = "############\n"
	                          "#s.......~.#\n"
	                          "#........~@#\n"
	                          "#........~.#\n"
	                          "#........=>#\n"
	                          "############\n";
	struct game *g;
	struct world *w;
	uint64_t plans;
	int t;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	for (t = 0; t < 20; t++) {
		tell(g, 0);
		game_step(g, wait_cmd);
	}
	/* Next to the water, level with the player. */
	assert_int_equal(w->monsters[0].x, 8);
	assert_int_equal(w->monsters[0].y, 2);
	assert_true(g->minds->mind[0].unreachable);
	plans = g->minds->stats.plans;
	for (t = 0; t < 20; t++) {
		tell(g, 0);
		game_step(g, wait_cmd);
	}
	assert_int_equal(g->minds->stats.plans, plans);
	/* The gate opens: now it comes. */
	world_set_terrain(w, 9, 4, data_terrain_find(w->data, "gate_open"));
	for (t = 0; t < 10 && !adjacent(w, 0); t++) {
		tell(g, 0);
		game_step(g, wait_cmd);
	}
	assert_true(g->minds->stats.plans > plans);
	assert_true(adjacent(w, 0));
	assert_true(g->minds->stats.reasons[REPLAN_MAPWIDE] >= 1);
	game_free(g);
}

/* It saw the player go round a corner: it heads for where it saw it
 * last, then loses interest. */
static void test_world_lost_sight_goes_to_last_seen(void **state)
{
	static const char map[] = "#############\n"
	                          "#o.........@#\n"
	                          "#########...#\n"
	                          "#>..........#\n"
	                          "#############\n";
	struct game *g;
	struct world *w;
	int t, searched = 0;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	game_step(g, wait_cmd);
	assert_int_equal(g->minds->mind[0].mode, MIND_CHASE);
	/* Down and round the corner, out of its sight. */
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, 0, 1}), 1);
	assert_int_equal(game_step(g, (struct world_cmd){WCMD_MOVE, -1, 1}),
	                 1);
	assert_int_equal(g->minds->mind[0].mode, MIND_SEARCH);
	assert_int_equal(g->minds->mind[0].last_x, 11);
	assert_int_equal(g->minds->mind[0].last_y, 1);
	for (t = 0; t < 20 && g->minds->mind[0].mode == MIND_SEARCH; t++) {
		const struct world_monster *m = &w->monsters[0];
		int before = abs(m->x - 11) + abs(m->y - 1);

		searched = 1;
		assert_int_equal(g->minds->mind[0].goal_x, 11);
		assert_int_equal(g->minds->mind[0].goal_y, 1);
		game_step(g, wait_cmd);
		/* Every turn of the search brings it closer to the spot. */
		if (g->minds->mind[0].mode == MIND_SEARCH)
			ASSERT_G(g, abs(m->x - 11) + abs(m->y - 1) < before);
	}
	assert_true(searched);
	/* On its way there it sees the player again, and chases. */
	ASSERT_G(g, g->minds->mind[0].mode == MIND_CHASE);
	game_free(g);
}

/* A monster that tolerates some drift of its goal, and whose kept path
 * ends short of the new goal, plans again rather than standing at the
 * end of its path: here the player slams a door between them and the
 * monster's new goal (the spot it last saw the player, the doorway) lies
 * one cell past the end of its old path. */
static void test_world_path_end_short_of_goal(void **state)
{
	static const char map[] = "###########\n"
	                          "#z........#\n"
	                          "#.#########\n"
	                          "#.#.......#\n"
	                          "#.'@......#\n"
	                          "#.#.......#\n"
	                          "#>#########\n";
	static const struct world_cmd cmds[] = {
	        {WCMD_MOVE, -1, 0}, {WCMD_MOVE, -1, 0}, {WCMD_MOVE, 1, 0},
	        {WCMD_MOVE, 1, 0},  {WCMD_CLOSE, -1, 0},
	};
	struct game *g;
	struct world *w;
	size_t k;
	int t, hp;

	(void)state;
	g = make_game(map, 1, NULL);
	w = g->world;
	for (k = 0; k < sizeof(cmds) / sizeof(cmds[0]); k++)
		assert_int_equal(game_step(g, cmds[k]), 1);
	ASSERT_G(g, g->minds->mind[0].mode == MIND_SEARCH);
	hp = w->php;
	for (t = 0; t < 8 && w->php == hp; t++)
		game_step(g, wait_cmd);
	/* It opened the door, found the player again and struck. */
	ASSERT_G(g, w->php < hp);
	game_free(g);
}

/* Many chasers of one kind that all need a way at once read it off one
 * shared distance map instead of searching: one map, no search, and each
 * path legal and leading to the player. */
static void test_world_paths_read_off_shared_map(void **state)
{
	static const char map[] = "################\n"
	                          "#oooooo........#\n"
	                          "#.......####...#\n"
	                          "#.......#..#...#\n"
	                          "#.......#..#..@#\n"
	                          "#>.............#\n"
	                          "################\n";
	struct mind_options o;
	struct game *g;
	struct world *w;
	size_t i, k;

	(void)state;
	mind_options_default(&o);
	o.strategy = MIND_STRATEGY_DISTMAP;
	o.hunt = 1;
	g = make_game(map, 1, &o);
	w = g->world;
	game_step(g, wait_cmd);
	assert_int_equal(g->minds->stats.distmaps, 1);
	assert_int_equal(g->minds->stats.plans, 0);
	assert_int_equal(g->minds->stats.map_paths, 6);
	for (i = 0; i < w->nmonsters; i++) {
		const struct mind *mi = &g->minds->mind[i];
		struct path_params p;
		uint32_t cost = 0;

		minds_params(w, w->monsters[i].kind, &p);
		ASSERT_G(g, mi->cache == MIND_CACHE_SHARED && mi->len > 1);
		assert_int_equal(mi->path[mi->len - 1].x, w->px);
		assert_int_equal(mi->path[mi->len - 1].y, w->py);
		for (k = 1; k < mi->len; k++) {
			uint32_t c = path_step_cost(
			        minds_kind_grid(g->minds, w, w->monsters[i].kind), &p,
			        mi->path[k - 1].x, mi->path[k - 1].y,
			        mi->path[k].x, mi->path[k].y);

			assert_true(c > 0);
			cost += c;
		}
		/* Read downhill on an exact map: the shortest way. */
		{
			struct path_ctx *c = path_ctx_new(w->width, w->height);
			struct path_result r;

			assert_non_null(c);
			path_find(c, minds_kind_grid(g->minds, w, w->monsters[i].kind), &p,
			          mi->path[0].x, mi->path[0].y, w->px, w->py,
			          NULL, 0, &r, NULL);
			assert_int_equal(r.status, PATH_FOUND);
			assert_int_equal(cost, r.cost);
			path_ctx_free(c);
		}
	}
	game_free(g);
}

/* The same seed and commands give the same game, event for event. */
static void test_world_deterministic(void **state)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	uint64_t sums[2];
	int run;

	(void)state;
	snprintf(path, sizeof(path), "%s/data/maps/crowd.txt", top ? top : ".");
	for (run = 0; run < 2; run++) {
		struct diag_list dl;
		struct data *d = data_new();
		struct game *g;
		struct world *w;
		struct autopilot *ap;
		int t;

		diag_list_init(&dl, 0);
		assert_int_equal(data_load(d, path, &dl), 0);
		g = game_new(d, 99, 30, NULL, &dl);
		assert_non_null(g);
		w = g->world;
		ap = autopilot_new(w);
		assert_non_null(ap);
		sums[run] = 0;
		for (t = 0; t < 150 && w->state == WORLD_PLAYING; t++) {
			struct world_cmd c;

			autopilot_next(ap, w, &c);
			if (game_step(g, c) == 0)
				game_step(g, wait_cmd);
			check_occupancy(w);
			sums[run] = sums[run] * 31 + game_checksum(g);
		}
		autopilot_free(ap);
		game_free(g);
		diag_list_fini(&dl);
	}
	assert_true(sums[0] == sums[1]);
}

/* The command letters round-trip. */
static void test_world_cmd_letters(void **state)
{
	static const char *const good[] = {"h", "j", "k", "l", "y",  "u",
	                                   "b", "n", ".", "g", "oh", "cn"};
	size_t i;
	struct world_cmd c;
	char buf[3];

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		assert_int_equal(cmd_parse(good[i], &c), strlen(good[i]));
		assert_int_equal(cmd_format(c, buf), strlen(good[i]));
		assert_string_equal(buf, good[i]);
	}
	assert_int_equal(cmd_parse("x", &c), 0);
	assert_int_equal(cmd_parse("o", &c), 0);
	assert_int_equal(cmd_parse("o.", &c), 0);
	assert_int_equal(cmd_parse("", &c), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_world_speed_and_energy),
	        cmocka_unit_test(test_world_player_doors_and_keys),
	        cmocka_unit_test(test_world_sight),
	        cmocka_unit_test(test_world_door_opener_goes_through),
	        cmocka_unit_test(test_world_non_opener_goes_around),
	        cmocka_unit_test(test_world_lava_avoided),
	        cmocka_unit_test(test_world_closed_door_invalidates_one),
	        cmocka_unit_test(test_world_corridor_no_deadlock),
	        cmocka_unit_test(test_world_no_oscillation),
	        cmocka_unit_test(test_world_unreachable_waits_nearby),
	        cmocka_unit_test(test_world_lost_sight_goes_to_last_seen),
	        cmocka_unit_test(test_world_path_end_short_of_goal),
	        cmocka_unit_test(test_world_paths_read_off_shared_map),
	        cmocka_unit_test(test_world_deterministic),
	        cmocka_unit_test(test_world_cmd_letters),
	};

	return tap_run(tests, NULL, NULL);
}
