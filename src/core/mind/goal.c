/* SPDX-License-Identifier: MIT */
/* goal.c - what a monster sees and hears, and where it wants to go: the
 * player it sees, the spot where it last saw the player or heard a
 * noise, a round from its post and back, or a random place to wander
 * to. */
#include <stdlib.h>

#include "core/world/fov.h"
#include "core/world/world.h"
#include "kind_impl.h"
#include "state_impl.h"

#define WANDER_TRIES 32
/* A guard's rounds take it this far from its post at most, and it
 * starts one on a turn at its post this many times in 100. */
#define PATROL_RADIUS  7
#define PATROL_PERCENT 15
/* Doors slammed, doors bashed and fights are heard this far away (in
 * cells, walls or not). */
#define HEAR_RADIUS 10
/* At the place where it lost the player, or heard it, a monster looks
 * round about: this many more places, this far. */
#define SEARCH_ROUNDS 3
#define SEARCH_RADIUS 5

/* A random cell of the monster's own component to wander to, within
 * radius cells of (cx, cy) (0: anywhere); the monster's own cell when
 * none is found. */
static void goal_pick_near(struct minds *md, const struct world *w,
                           struct rng *rng, size_t i, struct kind_state *ks,
                           int cx, int cy, int radius)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];
	uint32_t here;
	int k;

	mi->wander_x = m->x;
	mi->wander_y = m->y;
	if (kind_labels_fresh(ks, w) != 0)
		return;
	here = kind_comp_at(ks, world_idx(w, m->x, m->y));
	for (k = 0; k < WANDER_TRIES; k++) {
		int x = radius ? cx + rng_range(rng, -radius, radius)
		               : (int)rng_below(rng, (uint32_t)w->width);
		int y = radius ? cy + rng_range(rng, -radius, radius)
		               : (int)rng_below(rng, (uint32_t)w->height);

		if (!world_in(w, x, y))
			continue;
		if (kind_comp_at(ks, world_idx(w, x, y)) == here &&
		    world_terrain_at(w, x, y)->door != DATA_DOOR_CLOSED &&
		    world_terrain_at(w, x, y)->door != DATA_DOOR_LOCKED) {
			mi->wander_x = x;
			mi->wander_y = y;
			return;
		}
	}
}

/* Whether an event is a noise: a door slammed or bashed, a blow struck
 * or missed, a kill. */
static int goal_noise(const struct world_event *e)
{
	switch (e->kind) {
	case WEV_DOOR_CLOSED:
	case WEV_DOOR_BASHED:
	case WEV_DOOR_HOLDS:
	case WEV_ATTACK:
	case WEV_MISSED:
	case WEV_KILLED:
	case WEV_NOISE: /* a noise-maker's, heard as far as its data say */
		return 1;
	default:
		return 0;
	}
}

/* Brings the list of this turn's noises up to the end of the log: each
 * event is read once a turn, however many monsters listen. */
static void goal_noises(struct minds_work *wk, const struct world *w,
                        const struct event_log *log)
{
	if (wk->noise_turn != w->turn || wk->noise_read > log->len) {
		wk->noise_turn = w->turn;
		wk->noise_read = 0;
		wk->nnoise = 0;
	}
	for (; wk->noise_read < log->len; wk->noise_read++) {
		if (!goal_noise(&log->items[wk->noise_read]))
			continue;
		if (wk->nnoise == wk->noisecap) {
			size_t cap = wk->noisecap ? 2 * wk->noisecap : 16;
			size_t *n = realloc(wk->noise, cap * sizeof(*n));

			if (!n)
				return; /* out of memory: a noise unheard */
			wk->noise = n;
			wk->noisecap = cap;
		}
		wk->noise[wk->nnoise++] = wk->noise_read;
	}
}

/* The loudest thing monster i heard this turn, the nearest noise within
 * its reach (HEAR_RADIUS, or a noise-maker's own) that it did not make
 * itself.  Returns 1 with its place in (*x, *y) and in *tool the item
 * kind that made it, or -1. */
static int goal_heard(struct minds *md, const struct world *w,
                      const struct event_log *log, size_t i, int *x, int *y,
                      int *tool)
{
	struct minds_work *wk = md->work;
	const struct world_monster *m = &w->monsters[i];
	long best = -1;
	size_t k;

	goal_noises(wk, w, log);
	for (k = 0; k < wk->nnoise; k++) {
		const struct world_event *e = &log->items[wk->noise[k]];
		const long dx = e->x - m->x, dy = e->y - m->y;
		const long d2 = dx * dx + dy * dy;
		const long r = e->kind == WEV_NOISE ? e->value : HEAR_RADIUS;

		if (e->actor == (int)i || d2 > r * r)
			continue;
		if (best < 0 || d2 < best) {
			best = d2;
			*x = e->x;
			*y = e->y;
			*tool = e->kind == WEV_NOISE ? e->other : -1;
		}
	}
	return best >= 0;
}

/* A guard's round: out to a cell near its post, back, a pause. */
static void goal_patrol(struct minds *md, const struct world *w,
                        struct rng *rng, size_t i, struct kind_state *ks,
                        int *gx, int *gy)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];

	if (mi->patrolling &&
	    ((m->x == mi->wander_x && m->y == mi->wander_y) || mi->unreachable))
		mi->patrolling = 0; /* there, or it cannot get there: home */
	if (!mi->patrolling && m->x == m->home_x && m->y == m->home_y &&
	    rng_percent(rng, PATROL_PERCENT)) {
		goal_pick_near(md, w, rng, i, ks, m->home_x, m->home_y,
		               PATROL_RADIUS);
		mi->patrolling = mi->wander_x != m->x || mi->wander_y != m->y;
	}
	*gx = mi->patrolling ? mi->wander_x : m->home_x;
	*gy = mi->patrolling ? mi->wander_y : m->home_y;
}

void goal_update(struct minds *md, const struct world *w, struct rng *rng,
                 struct event_log *log, size_t i, struct kind_state *ks)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];
	const struct data_monster *dm = &w->data->monsters[m->kind];
	int sees = md->opt.hunt ||
	           fov_sees(w, m->x, m->y, w->px, w->py, dm->sight);
	int gx = mi->goal_x, gy = mi->goal_y;

	if (sees) {
		if (!mi->sees)
			event_emit(log, w->turn, WEV_SPOTTED, (int)i, -1, w->px,
			           w->py, 0);
		mi->mode = MIND_CHASE;
		mi->seen = 1;
		mi->last_x = w->px;
		mi->last_y = w->py;
		gx = w->px;
		gy = w->py;
	} else if (mi->mode == MIND_CHASE) {
		mi->mode = MIND_SEARCH;
		mi->search_left = SEARCH_ROUNDS;
		event_emit(log, w->turn, WEV_LOST_SIGHT, (int)i, -1, mi->last_x,
		           mi->last_y, 0);
	} else {
		int hx, hy, tool;

		/* A noise out of sight: it goes to look. */
		if (goal_heard(md, w, log, i, &hx, &hy, &tool) &&
		    (mi->mode != MIND_SEARCH || hx != mi->last_x ||
		     hy != mi->last_y)) {
			mi->mode = MIND_SEARCH;
			mi->search_left = SEARCH_ROUNDS;
			mi->last_x = hx;
			mi->last_y = hy;
			event_emit(log, w->turn, WEV_HEARD, (int)i, -2, hx, hy,
			           tool + 1);
		}
	}
	mi->sees = (uint8_t)sees;
	if (mi->mode == MIND_SEARCH && m->x == mi->last_x &&
	    m->y == mi->last_y && mi->search_left) {
		/* There and nothing: it searches round about, a few places. */
		mi->search_left--;
		goal_pick_near(md, w, rng, i, ks, m->x, m->y, SEARCH_RADIUS);
		mi->last_x = mi->wander_x;
		mi->last_y = mi->wander_y;
	}
	if (mi->mode == MIND_SEARCH) {
		/* Done searching, or it found it cannot get there: back to its
		 * post or its wandering. */
		if ((m->x == mi->last_x && m->y == mi->last_y) ||
		    (mi->unreachable && mi->plan_goal_x == mi->last_x &&
		     mi->plan_goal_y == mi->last_y)) {
			mi->mode = m->guard ? MIND_GUARD : MIND_WANDER;
			mi->wander_x = m->x;
			mi->wander_y = m->y;
		} else {
			gx = mi->last_x;
			gy = mi->last_y;
		}
	}
	if (mi->mode == MIND_GUARD) {
		goal_patrol(md, w, rng, i, ks, &gx, &gy);
	} else if (mi->mode == MIND_WANDER) {
		if ((m->x == mi->wander_x && m->y == mi->wander_y) ||
		    mi->unreachable)
			goal_pick_near(md, w, rng, i, ks, 0, 0, 0);
		gx = mi->wander_x;
		gy = mi->wander_y;
	}
	if (gx != mi->goal_x || gy != mi->goal_y)
		mi->goal_turn = w->turn;
	mi->goal_x = gx;
	mi->goal_y = gy;
}
