/* SPDX-License-Identifier: MIT */
/* test_kinds.c - the shipped monster kinds (data/monsters.txt) and the
 * searches they hunt with, each shown by what a player would notice: the
 * greedy zombie pressing against a U-shaped wall while the goblin's A*
 * walks round it, the breadth-first hound wading through mud that the
 * goblin walks round, the impatient kobold's longer way, the bat's jump
 * point search over water and past corners, the golem that cannot step
 * or strike diagonally, and the wolves' shared map; hounds sharing one
 * that counts steps. */
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
#include "core/path/path.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/tap.h"

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

static const char kinds[] = "include \"../monsters.txt\"\n";

static const char legend[] = "legend '#' wall\n"
                             "legend '.' floor\n"
                             "legend ',' mud\n"
                             "legend '~' deep_water\n"
                             "legend '@' floor player\n"
                             "legend '>' stairs exit\n"
                             "legend 'g' floor monster goblin\n"
                             "legend 'z' floor monster zombie\n"
                             "legend 'h' floor monster hound\n"
                             "legend 'k' floor monster kobold\n"
                             "legend 'b' floor monster bat\n"
                             "legend 'G' floor monster golem\n"
                             "legend 'w' floor monster wolf\n";

/* A game of the shipped kinds on rows in which every monster hunts the
 * player from the first turn, and the player cannot die; under the
 * automatic strategy, or with maps every kind that may walk one is told
 * to (--strategy distmap). */
static struct game *kinds_play_as(const char *rows, int maps)
{
	struct mind_options o;
	struct game *g;

	mind_options_default(&o);
	o.hunt = 1;
	if (maps)
		o.strategy = MIND_STRATEGY_DISTMAP;
	g = dungeon_game(kinds, legend, rows, 1, &o);
	g->world->php = g->world->php_max = 1000000;
	return g;
}

static struct game *kinds_play(const char *rows)
{
	return kinds_play_as(rows, 0);
}

static int kind_of(const struct world *w, const char *name)
{
	size_t k;

	for (k = 0; k < w->data->nmonsters; k++)
		if (strcmp(w->data->monsters[k].name, name) == 0)
			return (int)k;
	fail_msg("no monster kind %s", name);
	return -1;
}

/* What each kind searches with, as monsters.txt says. */
static void test_kinds_searches(void **state)
{
	static const char map[] = "#####\n"
	                          "#@.>#\n"
	                          "#####\n";
	static const struct {
		const char *name;
		enum path_algo algo;
		enum path_heuristic heur;
		enum path_diagonal diag;
		uint32_t weight;
		int jumps, optimal, maps;
	} want[] = {
	        {"goblin", PATH_ASTAR, PATH_H_OCTILE, PATH_DIAG_NO_CORNER, 1000,
	         0, 1, 1},
	        {"zombie", PATH_GREEDY, PATH_H_OCTILE, PATH_DIAG_NO_CORNER,
	         1000, 0, 0, 0},
	        {"hound", PATH_BFS, PATH_H_OCTILE, PATH_DIAG_NO_CORNER, 1000, 0,
	         0, 1},
	        {"kobold", PATH_ASTAR, PATH_H_OCTILE, PATH_DIAG_NO_CORNER, 3000,
	         0, 0, 1},
	        {"bat", PATH_ASTAR, PATH_H_OCTILE, PATH_DIAG_ALWAYS, 1000, 1,
	         1, 1},
	        {"golem", PATH_ASTAR, PATH_H_MANHATTAN, PATH_DIAG_NEVER, 1000,
	         0, 1, 1},
	        {"wolf", PATH_ASTAR, PATH_H_OCTILE, PATH_DIAG_NO_CORNER, 1000,
	         0, 1, 1},
	};
	struct game *g;
	size_t i;

	(void)state;
	g = kinds_play(map);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct path_params p;
		int k = kind_of(g->world, want[i].name);

		minds_params(g->world, k, &p);
		assert_int_equal(path_params_check(&p), 0);
		assert_int_equal(p.algo, want[i].algo);
		assert_int_equal(p.heuristic, want[i].heur);
		assert_int_equal(p.diagonal, want[i].diag);
		assert_int_equal(p.weight, want[i].weight);
		assert_int_equal(minds_kind_jumps(g->world, k), want[i].jumps);
		assert_int_equal(minds_kind_optimal(g->world, k),
		                 want[i].optimal);
		assert_int_equal(minds_kind_maps(g->world, k), want[i].maps);
	}
	game_free(g);
}

/* A U-shaped wall open on the far side from the player.  The zombie's
 * greedy search dives to the bottom of the U, the cells nearest the
 * player, and runs out of budget there: it presses against the wall.
 * The goblin's A*, from the same cell, walks out over the rim and round. */
static const char u_map[] = "#################\n"
                            "#...............#\n"
                            "#..#.........#..#\n"
                            "#..#....X....#..#\n"
                            "#..#.........#..#\n"
                            "#..#.........#..#\n"
                            "#..###########..#\n"
                            "#...............#\n"
                            "#.......@.......#\n"
                            "#>..............#\n"
                            "#################\n";

static struct game *u_game(char who)
{
	char rows[sizeof(u_map)];

	memcpy(rows, u_map, sizeof(u_map));
	*strchr(rows, 'X') = who;
	return kinds_play(rows);
}

static void test_kinds_zombie_stuck_behind_u(void **state)
{
	struct game *g;
	const struct world_monster *m;
	int t;

	(void)state;
	g = u_game('z');
	m = &g->world->monsters[0];
	for (t = 0; t < 40; t++) {
		game_step(g, wait_cmd);
		/* Never out of the U. */
		if (m->y < 2 || m->x < 4 || m->x > 12) {
			dungeon_dump(g);
			fail_msg("the zombie left the U on turn %d", t);
		}
	}
	/* It pressed to the U's bottom row, nearest the player. */
	assert_int_equal(m->y, 5);
	assert_true(g->minds->stats.budget_cut > 0);
	assert_false(dungeon_adjacent(g->world, 0));
	game_free(g);

	g = u_game('g');
	for (t = 0; t < 40 && !dungeon_adjacent(g->world, 0); t++)
		game_step(g, wait_cmd);
	ASSERT_GAME(g, dungeon_adjacent(g->world, 0));
	game_free(g);
}

/* Mud between the monster and the player, a dry way round it.  The
 * hound counts steps and plans straight through; the goblin pays 3 a
 * step of mud and plans round.  Every step into mud takes three turns,
 * so the hound, though quicker, comes later. */
static const char mud_map[] = "###############\n"
                              "#.............#\n"
                              "#.,,,,,,,,,,,.#\n"
                              "#X,,,,,,,,,,,@#\n"
                              "#.,,,,,,,,,,,.#\n"
                              "#.............#\n"
                              "#>............#\n"
                              "###############\n";

static int path_crosses_mud(const struct game *g, size_t i)
{
	const struct mind *mi = &g->minds->mind[i];
	size_t k;

	for (k = 0; k < mi->len; k++)
		if (world_terrain_at(g->world, mi->path[k].x, mi->path[k].y)
		            ->cost > 1)
			return 1;
	return 0;
}

static void test_kinds_hound_wades_through_mud(void **state)
{
	char rows[sizeof(mud_map)];
	struct game *g;
	int t, hound;

	(void)state;
	memcpy(rows, mud_map, sizeof(mud_map));
	*strchr(rows, 'X') = 'h';
	g = kinds_play(rows);
	game_step(g, wait_cmd);
	ASSERT_GAME(g, path_crosses_mud(g, 0));
	/* Straight across: 11 steps of mud to the cell beside the player;
	 * it pays three turns' energy for each of the first 10 before it
	 * takes the last, at 120 a turn (on dry ground, 11 steps would
	 * take it 10 turns). */
	for (t = 0; t < 40 && !dungeon_adjacent(g->world, 0); t++) {
		ASSERT_GAME(g, g->world->monsters[0].y == 3);
		game_step(g, wait_cmd);
	}
	ASSERT_GAME(g, dungeon_adjacent(g->world, 0));
	hound = t + 1;
	ASSERT_GAME(g, hound >= 10 * 3 * 100 / 120);
	game_free(g);

	memcpy(rows, mud_map, sizeof(mud_map));
	*strchr(rows, 'X') = 'g';
	g = kinds_play(rows);
	for (t = 0; t < 30 && !dungeon_adjacent(g->world, 0); t++) {
		game_step(g, wait_cmd);
		ASSERT_GAME(g, !path_crosses_mud(g, 0));
	}
	ASSERT_GAME(g, dungeon_adjacent(g->world, 0));
	/* The long dry way round beats the hound's short wet one. */
	ASSERT_GAME(g, t + 1 < hound);
	game_free(g);
}

/* The kobold's weighted A* (w = 3) against the goblin's A* on the
 * default dungeon, from the first monster's cell to 300 cells picked at
 * random: it never finds a cheaper way (A* finds the cheapest), never
 * one dearer than 3 times the cheapest, often a dearer one, and it
 * expands fewer cells for it. */
static void test_kinds_kobold_takes_longer_ways(void **state)
{
	struct game *g;
	struct world *w;
	struct path_params kp, gp;
	struct path_ctx *ctx;
	struct path_point *buf;
	size_t cap;
	uint64_t kexp = 0, gexp = 0, rng = 12345;
	int found = 0, dearer = 0, n;

	(void)state;
	g = dungeon_shipped("default.txt", 1, -1);
	w = g->world;
	assert_true(w->nmonsters > 0);
	minds_params(w, kind_of(w, "kobold"), &kp);
	minds_params(w, kind_of(w, "goblin"), &gp);
	kp.budget = gp.budget = 0;
	ctx = path_ctx_new(w->width, w->height);
	cap = (size_t)w->width * (size_t)w->height;
	buf = malloc(cap * sizeof(*buf));
	assert_true(ctx && buf);
	for (n = 0; n < 300; n++) {
		struct path_result rk, rg;
		int x, y;

		rng = rng * 6364136223846793005ull + 1442695040888963407ull;
		x = (int)((rng >> 33) % (uint64_t)w->width);
		y = (int)((rng >> 17) % (uint64_t)w->height);
		minds_search_again(g->minds, w, 0, x, y, &gp, ctx, buf, cap,
		                   &rg, NULL);
		if (rg.status != PATH_FOUND)
			continue;
		minds_search_again(g->minds, w, 0, x, y, &kp, ctx, buf, cap,
		                   &rk, NULL);
		assert_int_equal(rk.status, PATH_FOUND);
		assert_true(rk.cost >= rg.cost);
		assert_true(rk.cost <= 3 * rg.cost);
		dearer += rk.cost > rg.cost;
		kexp += rk.stats.expanded;
		gexp += rg.stats.expanded;
		found++;
	}
	print_message("%d ways: the kobold's dearer on %d, expanded %llu "
	              "against %llu\n",
	              found, dearer, (unsigned long long)kexp,
	              (unsigned long long)gexp);
	assert_true(found >= 100);
	assert_true(dearer * 10 >= found);
	assert_true(kexp < gexp);
	free(buf);
	path_ctx_free(ctx);
	game_free(g);
}

/* An open room, the player near one corner; X is the monster's cell,
 * given the glyph of the kind a test tries. */
static const char open_room[] = "##############################\n"
                                "#X...........................#\n"
                                "#............................#\n"
                                "#............................#\n"
                                "#............................#\n"
                                "#............................#\n"
                                "#...........................@#\n"
                                "#>...........................#\n"
                                "##############################\n";

/* The bat flies over deep water and squeezes between two walls that
 * touch at a corner; on open ground jump point search plans its flight
 * in a few expansions where the goblin's A* needs one per cell. */
static void test_kinds_bat_flies_and_jumps(void **state)
{
	static const char water[] = "##############\n"
	                            "#b....~~.....#\n"
	                            "#.....~~.....#\n"
	                            "#######~~#####\n"
	                            "#.....~~.....#\n"
	                            "#.....~~....@#\n"
	                            "#>....~~.....#\n"
	                            "##############\n";
	static const char corner[] = "#########\n"
	                             "#b..#...#\n"
	                             "#...#...#\n"
	                             "#...#...#\n"
	                             "####.####\n"
	                             "#...#...#\n"
	                             "#...#..@#\n"
	                             "#>..#...#\n"
	                             "#########\n";
	char rows[sizeof(open_room)];
	struct game *g;
	uint64_t bat, goblin;
	int t;

	(void)state;
	/* Deep water is no wall to it: straight over. */
	g = kinds_play(water);
	for (t = 0; t < 20 && !dungeon_adjacent(g->world, 0); t++)
		game_step(g, wait_cmd);
	ASSERT_GAME(g, dungeon_adjacent(g->world, 0));
	game_free(g);
	/* The only way is the diagonal squeeze through (4,4). */
	g = kinds_play(corner);
	game_step(g, wait_cmd);
	ASSERT_GAME(g, !g->minds->mind[0].unreachable &&
	                       g->minds->mind[0].len > 1);
	for (t = 0; t < 20 && !dungeon_adjacent(g->world, 0); t++)
		game_step(g, wait_cmd);
	ASSERT_GAME(g, dungeon_adjacent(g->world, 0));
	game_free(g);
	/* The goblin, which cuts no corners, cannot get through. */
	memcpy(rows, corner, sizeof(corner));
	*strchr(rows, 'b') = 'g';
	g = kinds_play(rows);
	for (t = 0; t < 3; t++)
		game_step(g, wait_cmd);
	ASSERT_GAME(g, g->minds->mind[0].unreachable);
	game_free(g);

	memcpy(rows, open_room, sizeof(open_room));
	*strchr(rows, 'X') = 'b';
	g = kinds_play(rows);
	game_step(g, wait_cmd);
	bat = g->minds->stats.expanded;
	ASSERT_GAME(g, g->minds->stats.plans == 1 && g->minds->mind[0].len > 1);
	game_free(g);
	memcpy(rows, open_room, sizeof(open_room));
	*strchr(rows, 'X') = 'g';
	g = kinds_play(rows);
	game_step(g, wait_cmd);
	goblin = g->minds->stats.expanded;
	game_free(g);
	print_message("expanded: bat %llu, goblin %llu\n",
	              (unsigned long long)bat, (unsigned long long)goblin);
	assert_true(bat * 4 <= goblin);
}

/* A wall put up across the bat's flight (as the AI view's sandbox does)
 * reaches its jump point search, which scans its grid again only when
 * told the grid changed: the new way goes through the gap, never through
 * the wall, and the bat gets there. */
static void test_kinds_bat_sees_a_new_wall(void **state)
{
	char rows[sizeof(open_room)];
	struct game *g;
	struct world *w;
	const struct mind *mi;
	int wall, y, t;
	size_t k, on_wall = 0;

	(void)state;
	memcpy(rows, open_room, sizeof(open_room));
	*strchr(rows, 'X') = 'b';
	g = kinds_play(rows);
	w = g->world;
	wall = data_terrain_find(w->data, "wall");
	assert_true(wall >= 0);
	game_step(g, wait_cmd);
	mi = &g->minds->mind[0];
	ASSERT_GAME(g, mi->len > 1 && g->minds->stats.plans == 1);
	/* Across the room at x = 15, the gap at the top. */
	for (y = 2; y <= 7; y++)
		assert_int_equal(world_set_terrain(w, 15, y, wall), 0);
	for (t = 0; t < 40 && !dungeon_adjacent(w, 0); t++) {
		game_step(g, wait_cmd);
		for (k = mi->pos; k < mi->len; k++)
			on_wall += !world_terrain_at(w, mi->path[k].x,
			                             mi->path[k].y)
			                    ->walk;
		ASSERT_GAME(g, w->monsters[0].x != 15 || w->monsters[0].y == 1);
	}
	ASSERT_GAME(g, on_wall == 0);
	ASSERT_GAME(g, dungeon_adjacent(w, 0));
	ASSERT_GAME(g, g->minds->stats.plans >= 2);
	game_free(g);
}

/* The golem moves and strikes north, east, south and west only: every
 * step it takes is straight, and diagonally next to the player it does
 * not strike but steps beside it first. */
static void test_kinds_golem_four_ways(void **state)
{
	static const char map[] = "###########\n"
	                          "#G........#\n"
	                          "#.........#\n"
	                          "#.........#\n"
	                          "#.........#\n"
	                          "#........@#\n"
	                          "#>........#\n"
	                          "###########\n";
	struct game *g;
	const struct world_monster *m;
	int t, px, py, hp;

	(void)state;
	g = kinds_play(map);
	m = &g->world->monsters[0];
	for (t = 0; t < 30 &&
	            !(abs(m->x - g->world->px) + abs(m->y - g->world->py) == 1);
	     t++) {
		px = m->x;
		py = m->y;
		game_step(g, wait_cmd);
		ASSERT_GAME(g, m->x == px || m->y == py);
		/* Diagonally next to the player it never strikes. */
		ASSERT_GAME(g, g->world->php == g->world->php_max);
	}
	ASSERT_GAME(g,
	            abs(m->x - g->world->px) + abs(m->y - g->world->py) == 1);
	/* Beside it, straight: now it strikes. */
	hp = g->world->php;
	for (t = 0; t < 3; t++)
		game_step(g, wait_cmd);
	ASSERT_GAME(g, g->world->php < hp);
	game_free(g);
}

/* Wolves hunt as a pack: one shared distance map, even for two; the
 * zombie's greedy search never walks one, even when told to. */
static void test_kinds_pack_shares_one_map(void **state)
{
	static const char wolves[] = "##############\n"
	                             "#w...........#\n"
	                             "#.....###....#\n"
	                             "#.....#.....@#\n"
	                             "#w....#......#\n"
	                             "#>...........#\n"
	                             "##############\n";
	static const char zombies[] = "##############\n"
	                              "#z...........#\n"
	                              "#.....###....#\n"
	                              "#.....#.....@#\n"
	                              "#z....#......#\n"
	                              "#>...........#\n"
	                              "##############\n";
	struct game *g;
	int t;

	(void)state;
	g = kinds_play(wolves);
	game_step(g, wait_cmd);
	ASSERT_GAME(g, g->minds->stats.distmaps >= 1);
	ASSERT_GAME(g, g->minds->mind[0].cache == MIND_CACHE_SHARED &&
	                       g->minds->mind[1].cache == MIND_CACHE_SHARED);
	ASSERT_GAME(g, g->minds->stats.plans == 0);
	game_free(g);

	g = kinds_play_as(zombies, 1);
	for (t = 0; t < 4; t++) {
		game_step(g, wait_cmd);
		ASSERT_GAME(g, g->minds->mind[0].cache != MIND_CACHE_SHARED &&
		                       g->minds->mind[1].cache !=
		                               MIND_CACHE_SHARED);
	}
	ASSERT_GAME(g, g->minds->stats.distmaps == 0);
	ASSERT_GAME(g, g->minds->stats.plans >= 2);
	game_free(g);
}

/* Hounds told to share maps (as the automatic strategy has them do in a
 * big hunt) read their ways off one that counts steps, breadth-first's:
 * straight through the mud, each way as few steps as the hound's own
 * breadth-first search takes, where a map of costs would lead round. */
static void test_kinds_hounds_share_a_map_of_steps(void **state)
{
	static const char hounds[] = "###############\n"
	                             "#h............#\n"
	                             "#h,,,,,,,,,,,.#\n"
	                             "#h,,,,,,,,,,,@#\n"
	                             "#h,,,,,,,,,,,.#\n"
	                             "#.............#\n"
	                             "#>............#\n"
	                             "###############\n";
	struct path_params p;
	struct path_ctx *ctx;
	struct path_point buf[256];
	struct game *g;
	const struct world *w;
	size_t i;

	(void)state;
	g = kinds_play_as(hounds, 1);
	w = g->world;
	game_step(g, wait_cmd);
	ASSERT_GAME(g, g->minds->stats.distmaps == 1);
	ASSERT_GAME(g, g->minds->stats.plans == 0);
	minds_params(w, w->monsters[0].kind, &p);
	ctx = path_ctx_new(w->width, w->height);
	assert_non_null(ctx);
	for (i = 0; i < 4; i++) {
		const struct mind *mi = &g->minds->mind[i];
		struct path_result res;

		ASSERT_GAME(g, mi->cache == MIND_CACHE_SHARED);
		/* (The first has a dry way as short, along the top.) */
		ASSERT_GAME(g, i == 0 || path_crosses_mud(g, i));
		ASSERT_GAME(g, mi->path[mi->len - 1].x == w->px &&
		                       mi->path[mi->len - 1].y == w->py);
		assert_int_equal(
		        path_find(ctx,
		                  minds_kind_grid(g->minds, g->world,
		                                  w->monsters[i].kind),
		                  &p, mi->path[0].x, mi->path[0].y, w->px,
		                  w->py, buf, 256, &res, NULL),
		        PATH_FOUND);
		ASSERT_GAME(g, mi->len == res.length);
	}
	path_ctx_free(ctx);
	game_free(g);
}

/* The cost of monster i's kept path on its kind's grid. */
static uint32_t kept_cost(struct game *g, size_t i,
                          const struct path_params *p)
{
	const struct mind *mi = &g->minds->mind[i];
	const struct grid *gr = minds_kind_grid(g->minds, g->world,
	                                        g->world->monsters[i].kind);
	uint32_t c = 0;
	size_t k;

	for (k = 1; k < mi->len; k++)
		c += path_step_cost(gr, p, mi->path[k - 1].x, mi->path[k - 1].y,
		                    mi->path[k].x, mi->path[k].y);
	return c;
}

/* Kobolds told to share maps (as the automatic strategy has them do in
 * a big hunt) read the cheapest ways off one, which keeps their weighted
 * search's promise (at most 3 times the cheapest), where that search
 * takes a dearer way from some of their cells; under the automatic
 * strategy three kobolds search for themselves. */
static void test_kinds_kobolds_share_the_cheapest_way(void **state)
{
	static const char kobolds[] = "##################\n"
	                              "#k.......#.......#\n"
	                              "#k...............#\n"
	                              "#k.......#.#####.#\n"
	                              "#k.......#.#..@#.#\n"
	                              "#k.......#.#.###.#\n"
	                              "#k.......#.#.....#\n"
	                              "#k.......#.#######\n"
	                              "#k.......#.......#\n"
	                              "#>...............#\n"
	                              "##################\n";
	struct path_params kp, cheapest;
	struct path_ctx *ctx;
	struct path_point buf[512];
	char few[sizeof(kobolds)];
	struct game *g;
	const struct world *w;
	size_t i;
	int dearer = 0;

	(void)state;
	g = kinds_play_as(kobolds, 1);
	w = g->world;
	game_step(g, wait_cmd);
	ASSERT_GAME(g, g->minds->stats.distmaps == 1);
	ASSERT_GAME(g, g->minds->stats.plans == 0);
	minds_params(w, w->monsters[0].kind, &kp);
	kp.budget = 0;
	cheapest = kp;
	cheapest.weight = PATH_WEIGHT_ONE;
	ctx = path_ctx_new(w->width, w->height);
	assert_non_null(ctx);
	for (i = 0; i < w->nmonsters; i++) {
		const struct mind *mi = &g->minds->mind[i];
		const struct grid *gr = minds_kind_grid(
		        g->minds, w, w->monsters[i].kind);
		struct path_result own, best;
		uint32_t kept = kept_cost(g, i, &kp);

		ASSERT_GAME(g, mi->cache == MIND_CACHE_SHARED);
		ASSERT_GAME(g, mi->path[mi->len - 1].x == w->px &&
		                       mi->path[mi->len - 1].y == w->py);
		/* From where the way was read (the kobold has taken its
		 * first step since). */
		assert_int_equal(path_find(ctx, gr, &cheapest, mi->path[0].x,
		                           mi->path[0].y, w->px, w->py, buf,
		                           512, &best, NULL),
		                 PATH_FOUND);
		assert_int_equal(path_find(ctx, gr, &kp, mi->path[0].x,
		                           mi->path[0].y, w->px, w->py, buf,
		                           512, &own, NULL),
		                 PATH_FOUND);
		print_message("kobold %zu: map %u, cheapest %u, own %u\n", i,
		              kept, best.cost, own.cost);
		ASSERT_GAME(g, kept == best.cost);
		ASSERT_GAME(g, own.cost >= kept && own.cost <= 3 * kept);
		dearer += own.cost > kept;
	}
	ASSERT_GAME(g, dearer > 0);
	path_ctx_free(ctx);
	game_free(g);

	/* Three, fewer than a map is ever made for. */
	memcpy(few, kobolds, sizeof(kobolds));
	for (i = 0; i < 5; i++)
		*strchr(few, 'k') = '.';
	g = kinds_play(few);
	ASSERT_GAME(g, g->world->nmonsters == 3);
	for (i = 0; i < 4; i++)
		game_step(g, wait_cmd);
	ASSERT_GAME(g, g->minds->stats.distmaps == 0);
	ASSERT_GAME(g, g->minds->stats.plans >= g->world->nmonsters);
	for (i = 0; i < g->world->nmonsters; i++)
		ASSERT_GAME(g, g->minds->mind[i].cache != MIND_CACHE_SHARED);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_kinds_searches),
	        cmocka_unit_test(test_kinds_zombie_stuck_behind_u),
	        cmocka_unit_test(test_kinds_hound_wades_through_mud),
	        cmocka_unit_test(test_kinds_kobold_takes_longer_ways),
	        cmocka_unit_test(test_kinds_bat_flies_and_jumps),
	        cmocka_unit_test(test_kinds_bat_sees_a_new_wall),
	        cmocka_unit_test(test_kinds_golem_four_ways),
	        cmocka_unit_test(test_kinds_pack_shares_one_map),
	        cmocka_unit_test(test_kinds_hounds_share_a_map_of_steps),
	        cmocka_unit_test(test_kinds_kobolds_share_the_cheapest_way),
	};

	return tap_run(tests, NULL, NULL);
}
