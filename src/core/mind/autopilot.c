/* SPDX-License-Identifier: MIT */
/* autopilot.c - the headless player, in two styles: straight, the
 * cheapest way to the exit and nothing else (a careless player); and
 * careful, which goes round the monsters, fights in doorways and
 * corridors rather than in the open, closes doors on hunters, flees when
 * badly hurt, rests and drinks from springs. */
#include "autopilot.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/dir.h"
#include "core/path/path.h"
#include "state_impl.h"

struct autopilot {
	struct grid grid; /* what the player may walk, with its keys */
	struct path_ctx *ctx;
	struct path_point *buf;
	size_t cap;
	uint32_t serial; /* w->change_serial the grid was made at */
	uint64_t keys;
	int built;
	const struct world *world; /* the one the grid was made for */
	enum autopilot_style style;
	int resting;        /* careful: resting until whole again */
	int shut_x, shut_y; /* careful: the last door it shut, */
	uint32_t shut_turn; /* and when */
};

/* The grid and the search's memory for w's size: a campaign's next
 * level is another world.  Returns 0, or -1 when out of memory. */
static int autopilot_fit(struct autopilot *a, const struct world *w)
{
	if (a->world == w && a->grid.width == w->width &&
	    a->grid.height == w->height)
		return 0;
	grid_fini(&a->grid);
	path_ctx_free(a->ctx);
	a->ctx = path_ctx_new(w->width, w->height);
	a->built = 0;
	a->world = w;
	if (!a->ctx || grid_init(&a->grid, w->width, w->height) != GRID_OK) {
		a->world = NULL;
		return -1;
	}
	return 0;
}

struct autopilot *autopilot_new(const struct world *w)
{
	return autopilot_new_style(w, AUTOPILOT_STRAIGHT);
}

struct autopilot *autopilot_new_style(const struct world *w,
                                      enum autopilot_style style)
{
	struct autopilot *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	a->style = style;
	a->shut_x = a->shut_y = -1;
	a->cap = 256;
	a->buf = malloc(a->cap * sizeof(*a->buf));
	if (!a->buf || autopilot_fit(a, w) != 0) {
		autopilot_free(a);
		return NULL;
	}
	return a;
}

void autopilot_free(struct autopilot *a)
{
	if (!a)
		return;
	grid_fini(&a->grid);
	path_ctx_free(a->ctx);
	free(a->buf);
	free(a);
}

/* What a hit point lost to the ground weighs against a turn: lava's
 * harm makes it dearer than almost any way round. */
#define HARM_WEIGHT 10

/* What the player pays entering terrain t: the turns (its cost, the
 * rules' own) and the harm, weighed. */
static uint8_t player_cost(const struct world *w, uint64_t keys, int t)
{
	const struct data_terrain *tt = &w->data->terrain[t];
	unsigned c;

	if (tt->door == DATA_DOOR_LOCKED)
		c = tt->unlocked_by >= 0 && tt->unlocked_by < 64 &&
		                    (keys >> tt->unlocked_by & 1)
		            ? data_terrain_cost(w->data, NULL, 1, t)
		            : 0;
	else if (tt->door == DATA_DOOR_CLOSED && !tt->bump_opens)
		c = 0;
	else
		c = data_terrain_cost(w->data, NULL, 0, t);
	if (c)
		c += (unsigned)data_terrain_harm(w->data, NULL, t) *
		     HARM_WEIGHT;
	return (uint8_t)(c > GRID_COST_MAX ? GRID_COST_MAX : c);
}

/* How far a monster's threat reaches, and what a cell right beside one
 * costs the careful player on top of its terrain (less with distance). */
#define THREAT_RADIUS 4
#define THREAT_COST   12

/* The careful player's grid: every cell near a living monster dearer,
 * the nearer the dearer, so that its way keeps clear of them. */
static void add_threats(struct autopilot *a, const struct world *w)
{
	size_t i;

	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		int x, y;

		if (!m->alive)
			continue;
		for (y = m->y - THREAT_RADIUS; y <= m->y + THREAT_RADIUS; y++)
			for (x = m->x - THREAT_RADIUS;
			     x <= m->x + THREAT_RADIUS; x++) {
				uint8_t *c;
				unsigned v;

				if (!world_in(w, x, y))
					continue;
				c = &a->grid.cost[grid_index(&a->grid, x, y)];
				if (!*c)
					continue;
				v = *c +
				    (unsigned)(THREAT_COST *
				               (THREAT_RADIUS + 1 -
				                chebyshev(x, y, m->x, m->y)) /
				               (THREAT_RADIUS + 1));
				*c = (uint8_t)(v > GRID_COST_MAX ? GRID_COST_MAX
				                                 : v);
			}
	}
	a->built = 0; /* the threats move: made again next turn */
}

static void rebuild(struct autopilot *a, const struct world *w)
{
	int x, y;

	if (a->built && a->serial == w->change_serial && a->keys == w->keys)
		return;
	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++)
			a->grid.cost[grid_index(&a->grid, x, y)] = player_cost(
			        w, w->keys, w->terrain[world_idx(w, x, y)]);
	a->serial = w->change_serial;
	a->keys = w->keys;
	a->built = 1;
}

/* A* from the player to (gx, gy); the first step into *step.  Returns
 * the path cost, or UINT32_MAX when there is none. */
static uint32_t route(struct autopilot *a, const struct world *w, int gx,
                      int gy, struct path_point *step)
{
	struct path_params p;
	struct path_result res;

	path_params_default(&p);
	for (;;) {
		path_find(a->ctx, &a->grid, &p, w->px, w->py, gx, gy, a->buf,
		          a->cap, &res, NULL);
		if (res.status != PATH_FOUND || res.length <= a->cap)
			break;
		{
			struct path_point *b =
			        realloc(a->buf, res.length * sizeof(*b));

			if (!b)
				return UINT32_MAX;
			a->buf = b;
			a->cap = res.length;
		}
	}
	if (res.status != PATH_FOUND || res.length < 2)
		return UINT32_MAX;
	*step = a->buf[1];
	return res.cost;
}

/* Whether the player may step to (x, y) now: on the map, free, and
 * ground it can walk (an open door included) that does not hurt. */
static int free_for_player(const struct world *w, int x, int y)
{
	const struct data_terrain *t;

	if (!world_in(w, x, y) || world_monster_at(w, x, y) >= 0)
		return 0;
	t = world_terrain_at(w, x, y);
	return world_enterable(w, -1, x, y) && !world_harm(w, -1, x, y) &&
	       t->door != DATA_DOOR_CLOSED && t->door != DATA_DOOR_LOCKED;
}

/* The nearest living monster's distance from (x, y) in steps. */
static int nearest_monster(const struct world *w, int x, int y)
{
	int best = INT_MAX;
	size_t i;

	for (i = 0; i < w->nmonsters; i++)
		if (w->monsters[i].alive) {
			int d = chebyshev(x, y, w->monsters[i].x,
			                  w->monsters[i].y);

			best = d < best ? d : best;
		}
	return best;
}

/* HP in 100 below which the careful player rests until whole once out
 * of danger, and how near a monster must be to count as danger. */
#define REST_PERCENT 70
#define SAFE_STEPS   6

/* How long the careful player leaves a door it shut and opened again. */
#define SHUT_AGAIN_TURNS 20

/* Whether fighting m to the end leaves the player more than a third of
 * its hit points, on average: its blows (the player entry's accuracy in
 * 100 for its attack) against m's (its accuracy, attack and speed) and
 * every other monster within reach that joins in. */
static int careful_fight_pays(const struct world *w,
                              const struct world_monster *m)
{
	const struct data_monster *pl = data_player(w->data);
	const long per_turn = (long)pl->accuracy * pl->attack; /* /100 */
	long turns = per_turn ? ((long)m->hp * 100 + per_turn - 1) / per_turn
	                      : 1000000,
	     taken = 0;
	size_t i;

	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *o = &w->monsters[i];
		const struct data_monster *k = &w->data->monsters[o->kind];

		if (o->alive && chebyshev(o->x, o->y, w->px, w->py) <= 2)
			taken += (long)k->attack * k->accuracy * k->speed;
	}
	/* taken is per turn in 1/10000 of a hit point. */
	return turns * taken < (long)w->php * 10000 * 2 / 3;
}

/* The step from the player that ends farthest from every monster, into
 * (*bx, *by): free ground that does not hurt and costs one turn (dear
 * ground is no way out: the turns a step into it takes are blows
 * taken).  Returns how far that is, 1 when no step gets away. */
static int careful_away(const struct world *w, int *bx, int *by)
{
	int d, bd = 1;

	for (d = 0; d < 8; d++) {
		int x = w->px + dir_dx[d], y = w->py + dir_dy[d], n;

		if (!free_for_player(w, x, y) || world_cost(w, -1, x, y) > 1 ||
		    !world_corner_ok(w, -1, w->px, w->py, dir_dx[d], dir_dy[d]))
			continue;
		n = nearest_monster(w, x, y);
		if (n > bd) {
			bd = n;
			*bx = dir_dx[d];
			*by = dir_dy[d];
		}
	}
	return bd;
}

/* The careful player's moves before it walks on: fight one beside it
 * (the weakest, and only in a doorway or a corridor when badly hurt, else
 * step away), close a door on a hunter that cannot open it, rest out of
 * danger when hurt, at a spring if there is one.  Returns 1 with *out
 * set. */
static int careful_first(struct autopilot *a, const struct world *w,
                         const struct path_point *way, struct world_cmd *out)
{
	const int hp = w->php * 100 / (w->php_max ? w->php_max : 1);
	const int near = nearest_monster(w, w->px, w->py);
	int weakest = -1, d, sides = 0;
	size_t i;

	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];

		if (m->alive && chebyshev(m->x, m->y, w->px, w->py) == 1 &&
		    world_corner_ok(w, -1, w->px, w->py, m->x - w->px,
		                    m->y - w->py) &&
		    (weakest < 0 || m->hp < w->monsters[weakest].hp))
			weakest = (int)i;
	}
	if (weakest >= 0) {
		const struct world_monster *m = &w->monsters[weakest];
		int bx = 0, by = 0, bd = 1;

		for (d = 0; d < 8; d++)
			sides += world_in(w, w->px + dir_dx[d],
			                  w->py + dir_dy[d]) &&
			         world_terrain_at(w, w->px + dir_dx[d],
			                          w->py + dir_dy[d])
			                 ->walk;
		/* A fight it wins with most of its hit points left, or one it
		 * cannot get out of: strike.  Else step away, if it can. */
		if (careful_fight_pays(w, m) || sides <= 2 || m->hp <= 2 ||
		    w->data->monsters[m->kind].speed >
		            data_player(w->data)->speed)
			goto strike;
		bd = careful_away(w, &bx, &by);
		if (bd > 1) {
			out->kind = WCMD_MOVE;
			out->dx = (int8_t)bx;
			out->dy = (int8_t)by;
			return 1;
		}
	strike:
		out->kind = WCMD_MOVE;
		out->dx = (int8_t)(m->x - w->px);
		out->dy = (int8_t)(m->y - w->py);
		return 1;
	}
	/* A door between it and a hunter that cannot open doors: shut. */
	for (d = 0; d < 4; d++) {
		int x = w->px + dir_dx[d], y = w->py + dir_dy[d];
		const struct data_terrain *t;

		/* Not the door its own way goes through, nor one it shut
		 * lately and opened again: shut and opened turn after turn,
		 * it would never get on. */
		if (!world_in(w, x, y) || world_monster_at(w, x, y) >= 0 ||
		    world_item_at(w, x, y) >= 0 ||
		    (way && x == way->x && y == way->y) ||
		    (x == a->shut_x && y == a->shut_y &&
		     w->turn - a->shut_turn < SHUT_AGAIN_TURNS))
			continue;
		t = world_terrain_at(w, x, y);
		if (t->door != DATA_DOOR_OPEN || t->closes_to < 0)
			continue;
		for (i = 0; i < w->nmonsters; i++) {
			const struct world_monster *m = &w->monsters[i];
			const struct data_monster *k =
			        &w->data->monsters[m->kind];

			/* A hunter that could come through it (an eel
			 * cannot leave its water): shut. */
			if (m->alive && !k->opens_doors && !k->unlocks_doors &&
			    !k->bashes_doors &&
			    world_enterable(w, m->kind, x, y) &&
			    chebyshev(m->x, m->y, w->px, w->py) <= SAFE_STEPS &&
			    chebyshev(m->x, m->y, x, y) <
			            chebyshev(m->x, m->y, w->px, w->py)) {
				a->shut_x = x;
				a->shut_y = y;
				a->shut_turn = w->turn;
				out->kind = WCMD_CLOSE;
				out->dx = (int8_t)dir_dx[d];
				out->dy = (int8_t)dir_dy[d];
				return 1;
			}
		}
	}
	/* Out of danger and hurt: rest until whole, at a spring if any. */
	if (near <= SAFE_STEPS) {
		a->resting = 0;
		return 0;
	}
	if (hp < REST_PERCENT)
		a->resting = 1;
	else if (hp >= 90)
		a->resting = 0;
	if (!a->resting)
		return 0;
	{
		struct path_point step, best_step = {0, 0};
		uint32_t best = UINT32_MAX, c;
		int x, y;

		for (y = 0; y < w->height; y++)
			for (x = 0; x < w->width; x++)
				if (world_terrain_at(w, x, y)->heals &&
				    chebyshev(x, y, w->px, w->py) <= 30 &&
				    (c = route(a, w, x, y, &step)) < best) {
					best = c;
					best_step = step;
				}
		if (best != UINT32_MAX) {
			out->kind = WCMD_MOVE;
			out->dx = (int8_t)(best_step.x - w->px);
			out->dy = (int8_t)(best_step.y - w->py);
			return 1;
		}
	}
	out->kind = WCMD_WAIT;
	return 1;
}

int autopilot_next(struct autopilot *a, const struct world *w,
                   struct world_cmd *out)
{
	struct path_point step, best_step = {0, 0};
	uint32_t best = UINT32_MAX;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->kind = WCMD_WAIT;
	if (w->state != WORLD_PLAYING)
		return 0;
	if (autopilot_fit(a, w) != 0)
		return -1;
	rebuild(a, w);
	if (a->style == AUTOPILOT_CAREFUL)
		add_threats(a, w);
	if (w->exit_x >= 0)
		best = route(a, w, w->exit_x, w->exit_y, &best_step);
	if (a->style == AUTOPILOT_CAREFUL &&
	    careful_first(a, w, best == UINT32_MAX ? NULL : &best_step, out))
		return 0;
	if (best == UINT32_MAX) {
		for (i = 0; i < w->nitems; i++) {
			const struct world_item *it = &w->items[i];
			uint32_t c;

			if (it->taken)
				continue;
			c = route(a, w, it->x, it->y, &step);
			if (c < best) {
				best = c;
				best_step = step;
			}
		}
	}
	if (best == UINT32_MAX)
		return 0;
	out->kind = WCMD_MOVE;
	out->dx = (int8_t)(best_step.x - w->px);
	out->dy = (int8_t)(best_step.y - w->py);
	return 0;
}

const char *autopilot_style_name(enum autopilot_style s)
{
	static const char *const names[] = {"straight", "careful"};

	return (unsigned)s < AUTOPILOT_STYLE_COUNT ? names[s] : "?";
}
