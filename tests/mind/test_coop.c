/* SPDX-License-Identifier: MIT */
/* test_coop.c - cooperative path-finding in crowds: the reservation table
 * against a plain array of every (cell, turn), the planner's space-time
 * plans on random dungeons full of monsters, a corridor two groups cross
 * by a side pocket, and long games with no monster stuck for good. */
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
#include "core/mind/reserve.h"
#include "core/path/path.h"
#include "core/world/gen.h"
#include "core/world/world.h"
#include "lib/dungeon.h"
#include "lib/fixture.h"
#include "lib/splitmix.h"
#include "lib/tap.h"

#define PLAN_MAX 64

/* ---- the table against an oracle --------------------------------------- */

/* Random claims, releases and rolls on a small map, against an array of
 * owners per (cell, turn): the table answers every question the same. */
static void test_coop_reserve_matches_oracle(void **state)
{
	enum { W = 7, H = 5, WIN = 6, OWNERS = 9, T = 64, TT = T + 16 };
	/* Room for a roll past T within the last round. */
	static int oracle[TT][H][W];
	struct splitmix r = {12345};
	int round;

	(void)state;
	for (round = 0; round < 200; round++) {
		struct reserve *res = reserve_new(W, H, WIN, OWNERS);
		uint32_t now = 0;
		int op, x, y, t, o;

		assert_non_null(res);
		for (t = 0; t < TT; t++)
			for (y = 0; y < H; y++)
				for (x = 0; x < W; x++)
					oracle[t][y][x] = -1;
		for (op = 0; op < 400 && now + WIN + 1 < T; op++) {
			uint32_t k = splitmix_below(&r, 100);

			x = splitmix_range(&r, -1, W);
			y = splitmix_range(&r, -1, H);
			t = (int)now + splitmix_range(&r, -1, WIN + 1);
			o = splitmix_range(&r, 0, OWNERS - 1);
			if (k < 60) {
				int in = x >= 0 && y >= 0 && x < W && y < H &&
				         t >= (int)now && t <= (int)now + WIN;
				int holds = 0, xx, yy, rc;

				for (yy = 0; in && yy < H; yy++)
					for (xx = 0; xx < W; xx++)
						holds |= oracle[t][yy][xx] ==
						                 o &&
						         (xx != x || yy != y);
				rc = reserve_claim(res, x, y, (uint32_t)t, o);
				if (!in || (oracle[t][y][x] >= 0 &&
				            oracle[t][y][x] != o)) {
					assert_int_equal(rc, -1);
				} else if (oracle[t][y][x] == o) {
					assert_int_equal(rc, 0);
				} else if (holds) {
					assert_int_equal(rc, -2);
				} else {
					assert_int_equal(rc, 0);
					oracle[t][y][x] = o;
				}
			} else if (k < 75) {
				reserve_release(res, o);
				for (t = 0; t < TT; t++)
					for (y = 0; y < H; y++)
						for (x = 0; x < W; x++)
							if (oracle[t][y][x] ==
							    o)
								oracle[t][y]
								      [x] = -1;
			} else if (k < 80) {
				now += (uint32_t)splitmix_range(&r, 1, 3);
				reserve_roll(res, now);
				for (t = 0; t < (int)now; t++)
					for (y = 0; y < H; y++)
						for (x = 0; x < W; x++)
							oracle[t][y][x] = -1;
			}
			/* Every question, everywhere. */
			{
				size_t count = 0;

				for (t = (int)now - 1; t <= (int)now + WIN + 1;
				     t++) {
					for (y = 0; y < H; y++)
						for (x = 0; x < W; x++) {
							int want =
							        t >= 0 ? oracle[t]
							                       [y]
							                       [x]
							               : -1;

							if (t < (int)now)
								want = -1;
							assert_int_equal(
							        reserve_owner(
							                res, x,
							                y,
							                (uint32_t)
							                        t),
							        want);
							count += want >= 0;
						}
				}
				assert_int_equal(reserve_count(res), count);
			}
			/* A step, by the rules: into a cell nobody else holds
			 * next turn, and not against another's step back. */
			{
				int x1 = splitmix_range(&r, 0, W - 1),
				    y1 = splitmix_range(&r, 0, H - 1);
				int x0 = splitmix_range(&r, 0, W - 1),
				    y0 = splitmix_range(&r, 0, H - 1);
				int t0 = (int)now +
				         splitmix_range(&r, 0, WIN - 1);
				int a = oracle[t0 + 1][y1][x1],
				    b = oracle[t0][y1][x1];
				int want =
				        (a < 0 || a == o) &&
				        ((x0 == x1 && y0 == y1) || b < 0 ||
				         b == o || oracle[t0 + 1][y0][x0] != b);
				int hx, hy, held = -1;

				assert_int_equal(reserve_step_ok(res, o, x0, y0,
				                                 x1, y1,
				                                 (uint32_t)t0),
				                 want);
				for (y = 0; y < H; y++)
					for (x = 0; x < W; x++)
						if (oracle[t0][y][x] == o)
							held = y * W + x;
				assert_int_equal(reserve_held(res, o,
				                              (uint32_t)t0, &hx,
				                              &hy),
				                 held >= 0);
				if (held >= 0)
					assert_int_equal(hy * W + hx, held);
			}
		}
		reserve_free(res);
	}
}

/* ---- the planner's plans on random dungeons ---------------------------- */

static const struct world_cmd wait_cmd = {WCMD_WAIT, 0, 0};

static struct mind_options coop_options(void)
{
	struct mind_options o;

	mind_options_default(&o);
	o.strategy = MIND_STRATEGY_COOP;
	o.hunt = 1;
	return o;
}

/* Rooms joined by one-wide corridors, a few dead-end pockets off them,
 * the player in the last room and n monsters of the test kinds (speeds
 * 50 to 200, openers and not) on random floor. */
static void random_rows(struct splitmix *r, char *rows, int w, int h, int n)
{
	static const char kinds[] = "ssoofwz";
	char *cell = rows;
	int px = 0, py = 0, k, cx = 0, cy = 0, x, y, placed;

	memset(rows, '#', (size_t)(w + 1) * (size_t)h);
	for (y = 0; y < h; y++)
		rows[y * (w + 1) + w] = '\n';
	rows[(w + 1) * h] = 0;
	for (k = 0; k < 5; k++) {
		int rw = splitmix_range(r, 2, 6), rh = splitmix_range(r, 2, 4);
		int rx = splitmix_range(r, 1, w - rw - 1),
		    ry = splitmix_range(r, 1, h - rh - 1);
		int nx = rx + rw / 2, ny = ry + rh / 2;

		for (y = ry; y < ry + rh; y++)
			for (x = rx; x < rx + rw; x++)
				cell[y * (w + 1) + x] = '.';
		if (k) {
			/* An L-shaped corridor from the last room. */
			for (x = cx; x != nx; x += nx > cx ? 1 : -1)
				cell[cy * (w + 1) + x] = '.';
			for (y = cy; y != ny; y += ny > cy ? 1 : -1)
				cell[y * (w + 1) + nx] = '.';
		}
		cx = nx;
		cy = ny;
		px = nx;
		py = ny;
	}
	for (k = 0; k < 6; k++) {
		/* A pocket: a wall next to floor opened. */
		x = splitmix_range(r, 1, w - 2);
		y = splitmix_range(r, 1, h - 2);
		if (cell[y * (w + 1) + x] == '#' &&
		    (cell[y * (w + 1) + x - 1] == '.' ||
		     cell[(y - 1) * (w + 1) + x] == '.'))
			cell[y * (w + 1) + x] = '.';
	}
	cell[py * (w + 1) + px] = '@';
	for (placed = 0, k = 0; placed < n && k < 10000; k++) {
		x = splitmix_range(r, 1, w - 2);
		y = splitmix_range(r, 1, h - 2);
		if (cell[y * (w + 1) + x] != '.')
			continue;
		cell[y * (w + 1) + x] = kinds[splitmix_below(r, 7)];
		placed++;
	}
	/* The exit somewhere unreachable, so the game never ends. */
	cell[(w + 1) * (h - 1) - 2] = '>';
}

struct plan_copy {
	uint32_t turn;
	size_t len;
	struct path_point c[PLAN_MAX];
};

/* Every cooperative plan is legal and they agree with each other and
 * with the table: steps of the kind's moves or waits, never two plans on
 * one (cell, turn), never two that trade cells, never the player's cell,
 * every reserved step in the table under its owner. */
static void check_plans(struct game *g, struct plan_copy *pc)
{
	const struct world *w = g->world;
	const struct reserve *res = minds_reserve(g->minds);
	size_t i, j, k, l;

	for (i = 0; i < w->nmonsters; i++) {
		pc[i].len = minds_coop_plan(g->minds, i, &pc[i].turn, pc[i].c,
		                            PLAN_MAX);
		if (!w->monsters[i].alive)
			assert_int_equal(pc[i].len, 0);
	}
	if (!res)
		return;
	for (i = 0; i < w->nmonsters; i++) {
		const struct plan_copy *a = &pc[i];
		struct path_params p;
		const struct grid *gr =
		        minds_kind_grid(g->minds, w, w->monsters[i].kind);

		minds_params(w, w->monsters[i].kind, &p);
		for (k = 1; k < a->len; k++) {
			const struct path_point *u = &a->c[k - 1],
			                        *v = &a->c[k];
			uint32_t t = a->turn + (uint32_t)k;
			int hx, hy;

			if (u->x != v->x || u->y != v->y)
				ASSERT_GAME(g,
				            path_step_cost(gr, &p, u->x, u->y,
				                           v->x, v->y) > 0);
			if (t >= reserve_now(res)) {
				ASSERT_GAME(g, reserve_owner(res, v->x, v->y,
				                             t) == (int)i);
				ASSERT_GAME(g, reserve_held(res, (int)i, t, &hx,
				                            &hy) &&
				                       hx == v->x &&
				                       hy == v->y);
			}
		}
		for (j = i + 1; j < w->nmonsters; j++) {
			const struct plan_copy *b = &pc[j];

			for (k = 1; k < a->len; k++)
				for (l = 1; l < b->len; l++) {
					uint32_t ta = a->turn + (uint32_t)k,
					         tb = b->turn + (uint32_t)l;

					if (ta == tb)
						ASSERT_GAME(
						        g,
						        a->c[k].x != b->c[l].x ||
						                a->c[k].y !=
						                        b->c[l].y);
					/* a: p -> q while b: q -> p. */
					if (ta == tb &&
					    a->c[k].x == b->c[l - 1].x &&
					    a->c[k].y == b->c[l - 1].y &&
					    b->c[l].x == a->c[k - 1].x &&
					    b->c[l].y == a->c[k - 1].y &&
					    (a->c[k].x != a->c[k - 1].x ||
					     a->c[k].y != a->c[k - 1].y))
						fail_msg("monsters %zu and %zu "
						         "trade "
						         "cells at turn %u",
						         i, j, ta);
				}
		}
	}
}

/* A player who wanders at random (the tests' stream), to keep the crowd
 * moving; it cannot die. */
static void random_step(struct game *g, struct splitmix *r)
{
	struct world_cmd c = {WCMD_MOVE, 0, 0};

	c.dx = splitmix_range(r, -1, 1);
	c.dy = splitmix_range(r, -1, 1);
	/* Never onto the stairs (the game would end) nor into a monster
	 * (it would strike it). */
	if (splitmix_below(r, 3) == 0 ||
	    (g->world->px + c.dx == g->world->exit_x &&
	     g->world->py + c.dy == g->world->exit_y) ||
	    world_monster_at(g->world, g->world->px + c.dx,
	                     g->world->py + c.dy) >= 0 ||
	    game_step(g, c) == 0)
		game_step(g, wait_cmd);
}

/* The automatic strategy's rule for a jam (coop.c), restated: a monster
 * cooperates when another held it up on one of its last
 * COOP_JAM_RECENT turns, and a plan's window (COOP_JAM_LINGER) after. */
#define JAM_RECENT 3
#define JAM_LINGER 8

/* Under the automatic strategy, every monster holding a cooperative
 * plan made or followed it at turn pc->turn, and it was in a jam then or
 * at most JAM_LINGER turns before: held up by another at most
 * JAM_RECENT + JAM_LINGER - 2 turns before it. */
static void check_jam_rule(struct game *g, const struct plan_copy *pc)
{
	const struct world *w = g->world;
	size_t i;

	for (i = 0; i < w->nmonsters; i++) {
		const struct mind *mi = &g->minds->mind[i];

		if (!pc[i].len)
			continue;
		if (!mi->held_turn || pc[i].turn + 1 - mi->held_turn >=
		                              JAM_RECENT + JAM_LINGER - 1) {
			dungeon_dump(g);
			fail_msg("monster %zu plans cooperatively at turn %u, "
			         "last held up %s%u",
			         i, pc[i].turn, mi->held_turn ? "at turn " : "",
			         mi->held_turn ? mi->held_turn - 1 : 0);
		}
	}
}

/* 40 random dungeons under strategy s: every plan legal (check_plans),
 * no two cooperating monsters passing through each other, and under the
 * automatic strategy only monsters in a jam cooperating.  Returns how
 * many of the games had any cooperative plan; *fast2 gets the turns a
 * fast monster holding a plan at the turn's start and its end moved two
 * cells. */
static int plans_legal(enum mind_strategy s, long *fast2)
{
	static char rows[(40 + 1) * 16 + 1];
	struct splitmix r = {777};
	int round, cooperated = 0;

	*fast2 = 0;
	for (round = 0; round < 40; round++) {
		struct mind_options o = coop_options();
		struct game *g;
		struct world *w;
		struct plan_copy *pc;
		int *bx, *by, *had, t;
		size_t i, j;

		o.strategy = s;
		random_rows(&r, rows, 40, 16, splitmix_range(&r, 8, 24));
		g = dungeon_play(rows, splitmix_next(&r), &o);
		w = g->world;
		pc = calloc(w->nmonsters + 1, sizeof(*pc));
		bx = calloc(w->nmonsters + 1, sizeof(*bx));
		by = calloc(w->nmonsters + 1, sizeof(*by));
		had = calloc(w->nmonsters + 1, sizeof(*had));
		assert_true(pc && bx && by && had);
		for (t = 0; t < 120; t++) {
			for (i = 0; i < w->nmonsters; i++) {
				bx[i] = w->monsters[i].x;
				by[i] = w->monsters[i].y;
				had[i] = pc[i].len > 1;
			}
			random_step(g, &r);
			dungeon_check_occupancy(w);
			check_plans(g, pc);
			for (i = 0; i < w->nmonsters; i++)
				*fast2 += had[i] && pc[i].len &&
				          w->data->monsters[w->monsters[i].kind]
				                          .speed >
				                  WORLD_TURN_ENERGY &&
				          (abs(w->monsters[i].x - bx[i]) > 1 ||
				           abs(w->monsters[i].y - by[i]) > 1);
			if (s == MIND_STRATEGY_AUTO)
				check_jam_rule(g, pc);
			/* No two cooperating monsters passed through each
			 * other (one that plans with nobody, parked as near as
			 * it gets to its goal, may let another by). */
			for (i = 0; i < w->nmonsters; i++)
				for (j = i + 1; j < w->nmonsters; j++)
					if (had[i] && had[j] &&
					    w->monsters[i].x == bx[j] &&
					    w->monsters[i].y == by[j] &&
					    w->monsters[j].x == bx[i] &&
					    w->monsters[j].y == by[i] &&
					    (bx[i] != bx[j] || by[i] != by[j]))
						fail_msg("monsters %zu and %zu "
						         "swapped",
						         i, j);
		}
		cooperated += g->minds->stats.coop_plans > 0;
		free(pc);
		free(bx);
		free(by);
		free(had);
		game_free(g);
	}
	return cooperated;
}

static void test_coop_plans_legal_on_random_dungeons(void **state)
{
	long fast2;

	(void)state;
	/* The crowds did plan cooperatively. */
	assert_true(plans_legal(MIND_STRATEGY_COOP, &fast2) >= 30);
}

static void test_coop_plans_legal_in_jams_under_auto(void **state)
{
	long fast2;
	int n;

	(void)state;
	n = plans_legal(MIND_STRATEGY_AUTO, &fast2);
	printf("auto: %d of 40 random dungeons had a jam planned "
	       "cooperatively; %ld turns a fast monster with a plan moved "
	       "twice\n",
	       n, fast2);
	/* Jams there are, in one-wide corridors full of monsters. */
	assert_true(n >= 10);
	/* A fast monster keeps its extra moves while it cooperates: some
	 * 150 turns of two steps with a plan kept (1 without the early
	 * steps of coop.c). */
	assert_true(fast2 >= 20);
}

/* ---- two groups cross in a corridor ------------------------------------ */

/* Three monsters in a small room at each end of a one-wide corridor,
 * each bound for the other room (their posts moved there), one pocket
 * off the corridor's middle; the player is walled off where none of them
 * sees it.  Plays up to `turns` turns under strategy s; returns the turn
 * the last of the six first reached its post (0: some never did), and
 * the swaps, waits and whether the pocket was used.  (At its post a
 * guard may go on a round and come back: the first arrival counts.) */
static int cross_corridor(enum mind_strategy s, int turns, unsigned *swaps,
                          uint64_t *waits, int *pocket)
{
	static const char map[] = "#################\n"
	                          "#ss###########ss#\n"
	                          "#s.............s#\n"
	                          "#..#####.#####..#\n"
	                          "#################\n"
	                          "#@.............>#\n"
	                          "#################\n";
	struct mind_options o;
	struct game *g;
	struct world *w;
	int t, done = 0, arrived[6] = {0, 0, 0, 0, 0, 0};
	size_t i;

	mind_options_default(&o);
	o.strategy = s;
	g = dungeon_play(map, 5, &o);
	w = g->world;
	assert_int_equal(w->nmonsters, 6);
	for (i = 0; i < 6; i++) {
		struct world_monster *m = &w->monsters[i];

		/* Each to the mirror of its cell in the other room. */
		m->home_x = 16 - m->x;
		m->home_y = m->y;
	}
	*pocket = 0;
	for (t = 1; t <= turns && !done; t++) {
		game_step(g, wait_cmd);
		dungeon_check_occupancy(w);
		*pocket |= world_monster_at(w, 8, 3) >= 0;
		for (i = 0; i < 6; i++)
			if (!arrived[i] &&
			    w->monsters[i].x == w->monsters[i].home_x &&
			    w->monsters[i].y == w->monsters[i].home_y)
				arrived[i] = t;
		done = t;
		for (i = 0; i < 6; i++)
			if (!arrived[i])
				done = 0;
	}
	*swaps = w->swaps;
	*waits = g->minds->stats.waits;
	game_free(g);
	return done;
}

static void test_coop_corridor_groups_pass_by_the_pocket(void **state)
{
	unsigned swaps_auto, swaps_coop;
	uint64_t waits_auto, waits_coop;
	int pocket_auto, pocket_coop, t_auto, t_coop;

	(void)state;
	t_auto = cross_corridor(MIND_STRATEGY_AUTO, 300, &swaps_auto,
	                        &waits_auto, &pocket_auto);
	t_coop = cross_corridor(MIND_STRATEGY_COOP, 300, &swaps_coop,
	                        &waits_coop, &pocket_coop);
	printf("corridor: auto at posts on turn %d (swaps %u, waits %llu, "
	       "pocket %d); coop on turn %d (swaps %u, waits %llu, "
	       "pocket %d)\n",
	       t_auto, swaps_auto, (unsigned long long)waits_auto, pocket_auto,
	       t_coop, swaps_coop, (unsigned long long)waits_coop, pocket_coop);
	/* Cooperating, they all get through, by the pocket, never through
	 * each other. */
	assert_true(t_coop > 0);
	assert_int_equal(swaps_coop, 0);
	assert_true(pocket_coop);
	/* Today's way only gets through by trading places (or not at all). */
	assert_true(t_auto == 0 || swaps_auto > 0);
}

/* ---- long games: nobody stuck for good --------------------------------- */

/* A monster counts as deadlocked when it has stood still STUCK_WAIT
 * turns (not next to the player) and then, every turn for STUCK_TURNS
 * more, had a way open to a free cell next to the player through cells
 * free of walls and of everyone else, within what its own search could
 * look at: as many cells as its kind's node budget (a zombie's 40-node
 * greedy search does not see a detour round the far side of a room, and
 * queues behind the monster fighting in the doorway instead). */
#define STUCK_WAIT  20
#define STUCK_TURNS 40

/* Whether monster i could walk, through cells free of walls and of
 * everyone (by its kind's diagonal rule), to a free cell next to the
 * player: then nothing but its own choice keeps it where it is. */
static int way_open(const struct game *g, size_t i, unsigned char *seen,
                    int *queue)
{
	const struct world *w = g->world;
	const struct world_monster *m = &w->monsters[i];
	const uint32_t budget = w->data->monsters[m->kind].budget;
	int head = 0, tail = 0, d;
	static const int dx8[8] = {0, 1, 0, -1, 1, 1, -1, -1};
	static const int dy8[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

	memset(seen, 0, (size_t)w->width * (size_t)w->height);
	seen[world_idx(w, m->x, m->y)] = 1;
	queue[tail++] = (int)world_idx(w, m->x, m->y);
	while (head < tail && (!budget || (uint32_t)head < budget)) {
		int x = queue[head] % w->width, y = queue[head] / w->width;

		head++;
		if (abs(x - w->px) <= 1 && abs(y - w->py) <= 1 &&
		    world_corner_ok(w, m->kind, x, y, w->px - x, w->py - y))
			return 1;
		for (d = 0; d < 8; d++) {
			int nx = x + dx8[d], ny = y + dy8[d];
			size_t k;

			if (!world_in(w, nx, ny))
				continue;
			k = world_idx(w, nx, ny);
			if (seen[k] || w->occ[k] ||
			    (nx == w->px && ny == w->py) ||
			    !world_enterable(w, m->kind, nx, ny) ||
			    world_terrain_at(w, nx, ny)->door ==
			            DATA_DOOR_LOCKED ||
			    !world_corner_ok(w, m->kind, x, y, dx8[d], dy8[d]))
				continue;
			seen[k] = 1;
			queue[tail++] = (int)k;
		}
	}
	return 0;
}

static void slip_away(struct game *g, struct splitmix *r)
{
	struct world *w = g->world;
	int k;

	for (k = 0; k < 1000; k++) {
		int x = splitmix_range(r, 0, w->width - 1),
		    y = splitmix_range(r, 0, w->height - 1);

		if (world_terrain_at(w, x, y)->walk &&
		    !w->occ[world_idx(w, x, y)] &&
		    (x != w->exit_x || y != w->exit_y)) {
			w->px = x;
			w->py = y;
			return;
		}
	}
}

/* Plays g for `turns` turns with a player who stands still but slips
 * away now and then, and fails when a monster is deadlocked (above).
 * Returns the monster-turns spent standing. */
static long soak(struct game *g, long turns, uint64_t seed)
{
	struct world *w = g->world;
	struct splitmix r = {seed};
	int *still = calloc(w->nmonsters + 1, sizeof(*still));
	int *open = calloc(w->nmonsters + 1, sizeof(*open));
	int *bx = calloc(w->nmonsters + 1, sizeof(*bx));
	int *by = calloc(w->nmonsters + 1, sizeof(*by));
	unsigned char *seen = malloc((size_t)w->width * (size_t)w->height);
	int *queue =
	        malloc((size_t)w->width * (size_t)w->height * sizeof(*queue));
	long t, standing = 0;
	size_t i;

	assert_true(still && open && bx && by && seen && queue);
	g->world->php = g->world->php_max = 1 << 30;
	for (t = 0; t < turns && w->state == WORLD_PLAYING; t++) {
		for (i = 0; i < w->nmonsters; i++) {
			bx[i] = w->monsters[i].x;
			by[i] = w->monsters[i].y;
		}
		/* The player stands still, and every so often slips away to
		 * a random floor cell, so that the crowd that has surrounded
		 * it must turn round and flow through itself to the new
		 * place. */
		if (t % 150 == 149)
			slip_away(g, &r);
		game_step(g, wait_cmd);
		for (i = 0; i < w->nmonsters; i++) {
			const struct world_monster *m = &w->monsters[i];

			if (!m->alive || dungeon_adjacent(w, i) ||
			    m->x != bx[i] || m->y != by[i]) {
				still[i] = open[i] = 0;
				continue;
			}
			standing++;
			/* Stuck: standing a while, and then with a way open
			 * every turn for STUCK_TURNS more. */
			if (++still[i] < STUCK_WAIT)
				continue;
			if (!way_open(g, i, seen, queue)) {
				open[i] = 0;
				continue;
			}
			if (++open[i] > STUCK_TURNS) {
				dungeon_dump(g);
				fail_msg("monster %zu stuck at (%d,%d) for %d "
				         "turns, %d with a way open, turn %ld",
				         i, m->x, m->y, still[i], open[i], t);
			}
		}
	}
	/* The whole game was played. */
	assert_int_equal(t, turns);
	dungeon_check_occupancy(w);
	free(still);
	free(open);
	free(bx);
	free(by);
	free(seen);
	free(queue);
	return standing;
}

/* 10,000 turns of crowd.txt, every monster hunting, under strategy s:
 * no deadlock, and cooperative plans made. */
static void soak_crowd_map(enum mind_strategy s, const char *name)
{
	struct game *g = dungeon_shipped("crowd.txt", 3, -1);
	long standing;

	g->minds->opt.strategy = s;
	g->minds->opt.hunt = 1;
	standing = soak(g, 10000, 31);
	printf("%s: %ld monster-turns standing, %llu cooperative plans\n", name,
	       standing, (unsigned long long)g->minds->stats.coop_plans);
	assert_true(g->minds->stats.coop_plans > 0);
	game_free(g);
}

/* The same on a generated 60x30 dungeon with 40 monsters. */
static void soak_generated_crowd(enum mind_strategy s, const char *name)
{
	char path[1024];
	struct diag_list dl;
	struct data *d = data_new();
	struct mind_options o = coop_options();
	struct game *g;
	long standing;

	o.strategy = s;
	assert_non_null(d);
	snprintf(path, sizeof(path), "%s/data/monsters.txt", fixture_srcdir());
	diag_list_init(&dl, 0);
	assert_int_equal(data_load(d, path, &dl), 0);
	assert_int_equal(gen_dungeon(d, 60, 30, 9, 40, &dl), 0);
	g = game_new(d, 9, -1, &o, &dl);
	diag_list_fini(&dl);
	assert_non_null(g);
	standing = soak(g, 10000, 47);
	printf("%s: %ld monster-turns standing, %llu cooperative plans\n", name,
	       standing, (unsigned long long)g->minds->stats.coop_plans);
	assert_true(g->minds->stats.coop_plans > 0);
	game_free(g);
}

static void test_coop_soak_crowd_map(void **state)
{
	(void)state;
	soak_crowd_map(MIND_STRATEGY_COOP, "crowd.txt");
}

static void test_coop_soak_generated_crowd(void **state)
{
	(void)state;
	soak_generated_crowd(MIND_STRATEGY_COOP,
	                     "generated 60x30, 40 monsters");
}

/* The same seed plays the same cooperative game: the plans depend on
 * nothing but the game. */
static void test_coop_same_seed_same_game(void **state)
{
	uint64_t sum[2];
	int k, t;

	(void)state;
	for (k = 0; k < 2; k++) {
		struct game *g = dungeon_shipped("crowd.txt", 11, -1);

		g->minds->opt.strategy = MIND_STRATEGY_COOP;
		g->minds->opt.hunt = 1;
		g->world->php = g->world->php_max = 1 << 30;
		for (t = 0; t < 300; t++)
			game_step(g, wait_cmd);
		assert_true(g->minds->stats.coop_plans > 0);
		sum[k] = game_checksum(g);
		game_free(g);
	}
	assert_true(sum[0] == sum[1]);
}

/* The same soaks under the automatic strategy, whose jams plan
 * cooperatively (coop.c): no deadlock either.  (With the rule off,
 * mind_options.no_jam_coop, the crowd map's soak finds a wolf stuck in
 * the street behind the fight from turn 76 on.) */
static void test_coop_soak_crowd_map_auto(void **state)
{
	(void)state;
	soak_crowd_map(MIND_STRATEGY_AUTO, "crowd.txt, auto");
}

/* Under the automatic strategy, monsters that meet in the open never
 * plan cooperatively (nothing jams there), and with the rule switched
 * off nobody does, jam or not; on the crowd map, jams are found. */
static uint64_t auto_plans(const char *rows, int no_jam, int turns)
{
	struct mind_options o = coop_options();
	struct game *g;
	uint64_t n;
	int t;

	o.strategy = MIND_STRATEGY_AUTO;
	o.no_jam_coop = no_jam;
	g = rows ? dungeon_play(rows, 5, &o)
	         : dungeon_shipped("crowd.txt", 3, -1);
	if (!rows) {
		g->minds->opt = o;
		g->world->php = g->world->php_max = 1 << 30;
	}
	for (t = 0; t < turns; t++) {
		game_step(g, wait_cmd);
		dungeon_check_occupancy(g->world);
	}
	n = g->minds->stats.coop_plans;
	game_free(g);
	return n;
}

static void test_coop_auto_only_in_jams(void **state)
{
	static const char open[] = "#######################\n"
	                           "#s...................s#\n"
	                           "#.....................#\n"
	                           "#.....................#\n"
	                           "#s.........@.........s#\n"
	                           "#.....................#\n"
	                           "#.....................#\n"
	                           "#s...................s#\n"
	                           "#####################>#\n";
	uint64_t crowd, crowd_off;

	(void)state;
	assert_true(auto_plans(open, 0, 200) == 0);
	crowd = auto_plans(NULL, 0, 300);
	crowd_off = auto_plans(NULL, 1, 300);
	printf("crowd.txt, 300 turns under auto: %llu cooperative plans, "
	       "%llu with the rule off\n",
	       (unsigned long long)crowd, (unsigned long long)crowd_off);
	assert_true(crowd > 0);
	assert_true(crowd_off == 0);
}

static void test_coop_soak_generated_crowd_auto(void **state)
{
	(void)state;
	soak_generated_crowd(MIND_STRATEGY_AUTO,
	                     "generated 60x30, 40 monsters, auto");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_coop_reserve_matches_oracle),
	        cmocka_unit_test(test_coop_plans_legal_on_random_dungeons),
	        cmocka_unit_test(test_coop_plans_legal_in_jams_under_auto),
	        cmocka_unit_test(test_coop_corridor_groups_pass_by_the_pocket),
	        cmocka_unit_test(test_coop_same_seed_same_game),
	        cmocka_unit_test(test_coop_soak_crowd_map),
	        cmocka_unit_test(test_coop_soak_generated_crowd),
	        cmocka_unit_test(test_coop_soak_crowd_map_auto),
	        cmocka_unit_test(test_coop_soak_generated_crowd_auto),
	        cmocka_unit_test(test_coop_auto_only_in_jams),
	};

	return tap_run(tests, NULL, NULL);
}
