/* goal.c - what a monster sees, and where it wants to go: the player it
 * sees, the spot where it last saw the player, its post, or a random
 * place to wander to. */
#include "core/world/world.h"
#include "mind_impl.h"

#define WANDER_TRIES 32

/* A random cell of the monster's own component to wander to. */
static void goal_pick_wander(struct minds *md, const struct world *w,
                             struct rng *rng, size_t i, struct kind_state *ks)
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
		int x = (int)rng_below(rng, (uint32_t)w->width);
		int y = (int)rng_below(rng, (uint32_t)w->height);

		if (kind_comp_at(ks, world_idx(w, x, y)) == here &&
		    world_terrain_at(w, x, y)->door != DATA_DOOR_CLOSED &&
		    world_terrain_at(w, x, y)->door != DATA_DOOR_LOCKED) {
			mi->wander_x = x;
			mi->wander_y = y;
			return;
		}
	}
}

void goal_update(struct minds *md, const struct world *w, struct rng *rng,
                 struct event_log *log, size_t i, struct kind_state *ks)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];
	const struct data_monster *dm = &w->data->monsters[m->kind];
	int sees = md->opt.hunt ||
	           world_sees(w, m->x, m->y, w->px, w->py, dm->sight);
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
		event_emit(log, w->turn, WEV_LOST_SIGHT, (int)i, -1, mi->last_x,
		           mi->last_y, 0);
	}
	mi->sees = (uint8_t)sees;
	if (mi->mode == MIND_SEARCH) {
		if (m->x == mi->last_x && m->y == mi->last_y) {
			mi->mode = m->guard ? MIND_GUARD : MIND_WANDER;
			mi->wander_x = m->x;
			mi->wander_y = m->y;
		} else {
			gx = mi->last_x;
			gy = mi->last_y;
		}
	}
	if (mi->mode == MIND_GUARD) {
		gx = m->home_x;
		gy = m->home_y;
	} else if (mi->mode == MIND_WANDER) {
		if ((m->x == mi->wander_x && m->y == mi->wander_y) ||
		    mi->unreachable)
			goal_pick_wander(md, w, rng, i, ks);
		gx = mi->wander_x;
		gy = mi->wander_y;
	}
	if (gx != mi->goal_x || gy != mi->goal_y)
		mi->goal_turn = w->turn;
	mi->goal_x = gx;
	mi->goal_y = gy;
}
