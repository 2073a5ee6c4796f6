/* SPDX-License-Identifier: MIT */
/* decide.c - one monster's decision: strike, keep its path or plan
 * again, and take the next step: its cooperative plan's in a crowd
 * (coop.c), or the path's (swapping with an ally, waiting behind one, or
 * looking for a way round). */
#include <stdlib.h>

#include "core/world/fov.h"
#include "kind_impl.h"
#include "state_impl.h"

/* A detour taken to get past a blocking monster may cost at most this
 * many straight steps more than waiting for the old path to clear,
 * twice as many after each detour found too dear (to at most 16 times);
 * after DETOUR_WALLS of them, its search takes the monsters near it for
 * walls instead of dear cells.  A monster held up long (behind others
 * fighting the player, say) takes the long way round in the end. */
#define DETOUR_STEPS 12
#define DETOUR_WALLS 1
/* Waiting this many turns behind another monster triggers a detour
 * search. */
#define BLOCKED_PATIENCE 2
/* A fleeing monster that has not seen the player for this many turns
 * takes heart and goes back to its business. */
#define FLEE_UNSEEN 10
/* A chaser out of reach of its goal and farther than this (and its
 * sight) stays where it is (decide_out_of_reach); nearer, on the
 * screen of a player whose map view is 80 columns wide, it comes as
 * near as it can. */
#define REACH_NEAR 40

static int decide_cell_free(const struct world *w, int x, int y)
{
	return world_in(w, x, y) && !w->occ[world_idx(w, x, y)] &&
	       !(x == w->px && y == w->py);
}

static int decide_at_goal(const struct world *w, const struct world_monster *m,
                          const struct mind *mi, const struct kind_state *ks)
{
	if (m->x == mi->goal_x && m->y == mi->goal_y)
		return 1;
	/* Next to a goal it cannot enter is as close as it gets. */
	return !ks->cost[w->terrain[world_idx(w, mi->goal_x, mi->goal_y)]] &&
	       chebyshev(m->x, m->y, mi->goal_x, mi->goal_y) <= 1;
}

/* Finds the monster on its path: it may have moved on, or been pushed
 * aside by a swap.  A monster pushed next to its path rejoins it at the
 * farthest of the next few cells it can step to, without a search. */
static int decide_find_on_path(const struct world *w,
                               const struct world_monster *m, struct mind *mi,
                               const struct kind_state *ks)
{
	size_t k, end = mi->pos + 4 < mi->len ? mi->pos + 4 : mi->len;

	for (k = mi->pos; k < end; k++)
		if (mi->path[k].x == m->x && mi->path[k].y == m->y) {
			mi->pos = k;
			return 1;
		}
	for (k = end; k-- > mi->pos + 1;) {
		int dx = mi->path[k].x - m->x, dy = mi->path[k].y - m->y;

		if (abs(dx) <= 1 && abs(dy) <= 1 &&
		    grid_cost(&ks->grid, mi->path[k].x, mi->path[k].y) &&
		    world_corner_ok(w, m->kind, m->x, m->y, dx, dy)) {
			mi->pos = k - 1;
			mi->path[k - 1].x = m->x;
			mi->path[k - 1].y = m->y;
			return 1;
		}
	}
	return 0;
}

/* What to do about the door, if any, at the next cell. */
static int decide_door(const struct world *w, const struct world_monster *m,
                       int x, int y, struct world_action *out)
{
	const struct data_terrain *t = world_terrain_at(w, x, y);
	const struct data_monster *dm = &w->data->monsters[m->kind];

	if (t->door == DATA_DOOR_CLOSED) {
		out->kind = dm->opens_doors || dm->unlocks_doors ? WACT_OPEN
		                                                 : WACT_BASH;
	} else if (t->door == DATA_DOOR_LOCKED) {
		/* A door no key opens (a wedged one) is only broken. */
		out->kind = dm->unlocks_doors && t->unlocked_by >= 0
		                    ? WACT_OPEN
		                    : WACT_BASH;
	} else {
		return 0;
	}
	out->x = x;
	out->y = y;
	return 1;
}

/* Whether monster j would gladly trade places with one at (x, y): it is
 * heading there itself, or it has nowhere to be. */
static int decide_willing(const struct minds *md, const struct world *w, int j,
                          int x, int y)
{
	const struct world_monster *o = &w->monsters[j];
	const struct mind *mi = &md->mind[j];

	if (mi->mode == MIND_CHASE && chebyshev(o->x, o->y, w->px, w->py) <= 1)
		return 0; /* busy fighting */
	if (coop_holds(md, w, (size_t)j))
		return 0; /* keeping to its cooperative plan */
	if (mi->len && mi->pos + 1 < mi->len && mi->path[mi->pos].x == o->x &&
	    mi->path[mi->pos].y == o->y)
		return mi->path[mi->pos + 1].x == x &&
		       mi->path[mi->pos + 1].y == y;
	/* At the end of its path (its goal, or as near as it gets). */
	return mi->len && mi->pos + 1 >= mi->len &&
	       mi->path[mi->pos].x == o->x && mi->path[mi->pos].y == o->y;
}

/* Why the kept path will not do, or REPLAN_COUNT when it will; *mapwide
 * is set when some change since the plan mattered to the kind. */
static enum replan_reason decide_why(struct minds *md, const struct world *w,
                                     size_t i, struct kind_state *ks,
                                     int *mapwide)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];

	*mapwide = 0;
	if (mi->len && !decide_find_on_path(w, m, mi, ks))
		return REPLAN_NEW;
	if (!mi->len || mi->cache == MIND_CACHE_NONE)
		return REPLAN_NEW;
	if (chebyshev(mi->goal_x, mi->goal_y, mi->plan_goal_x,
	              mi->plan_goal_y) > plan_drift_tolerance(w, md, i))
		return REPLAN_DRIFT;
	if (plan_changes_break(md, w, i, ks, mapwide)) {
		md->stats.invalidations++;
		mi->cache = MIND_CACHE_INVALIDATED;
		return REPLAN_CHANGED;
	}
	if (mi->unreachable && *mapwide) {
		if (kind_goal_reachable(ks, w, m->x, m->y, mi->goal_x,
		                        mi->goal_y))
			return REPLAN_MAPWIDE;
		mi->plan_serial = w->change_serial;
		return REPLAN_COUNT;
	}
	if (mi->pos + 1 >= mi->len && !mi->unreachable)
		/* At the end of the kept path but not at the goal: a partial
		 * path that ran out, or a goal that moved less than the
		 * drift tolerance past the path's end. */
		return mi->partial ? REPLAN_PARTIAL : REPLAN_DRIFT;
	if (md->opt.no_cache && !mi->unreachable)
		return REPLAN_NOCACHE;
	return REPLAN_COUNT;
}

/* A chaser its goal is out of reach of, by its kind's regions (a river
 * it cannot cross, a door it cannot open, between them), and far from
 * it: farther than its sight and than REACH_NEAR.  A search would find
 * the place of its region nearest the goal, spending the kind's whole
 * budget in a large region and leading it, cut short, toward some dead
 * end, to be made again whenever the goal moves; with thousands of
 * monsters most of the planning went to such searches.  It stays where
 * it is, with no search and no plan to wait for, until a change of the
 * map joins the regions, or the goal comes near: then it searches as
 * any other and goes to stand as near as it can (at the door it cannot
 * open, where the player sees it wait).  Returns 1 when it stays. */
static int decide_out_of_reach(struct minds *md, const struct world *w,
                               struct event_log *log, size_t i,
                               struct kind_state *ks, enum replan_reason why)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];

	int near = w->data->monsters[m->kind].sight;

	if (near < REACH_NEAR)
		near = REACH_NEAR;
	if (mi->mode != MIND_CHASE ||
	    chebyshev(m->x, m->y, mi->goal_x, mi->goal_y) <= near ||
	    kind_labels_fresh(ks, w) != 0)
		return 0;
	if (mi->reach_gen != ks->labels_gen + 1 || mi->reach_x != m->x ||
	    mi->reach_y != m->y) {
		mi->reach_x = m->x;
		mi->reach_y = m->y;
		mi->reach_label = ks->labels[world_idx(w, m->x, m->y)];
		mi->reach_gen = ks->labels_gen + 1;
	}
	if (kind_goal_joins(ks, w, kind_comp_root(ks, mi->reach_label),
	                    mi->goal_x, mi->goal_y))
		return 0;
	if (!mi->unreachable || mi->len) {
		/* It finds it out now: the AI view says since when, and
		 * what change (invalid_x, invalid_y) cut it off. */
		event_emit(log, w->turn, WEV_UNREACHABLE, (int)i, -2,
		           mi->goal_x, mi->goal_y, 1);
		mi->last_reason = (uint8_t)why;
		mi->plan_turn = w->turn;
	}
	mi->unreachable = 1;
	mi->len = mi->pos = 0;
	mi->cache = MIND_CACHE_NONE;
	repair_release(md, i);
	plan_served(md, i); /* it needs no plan */
	md->stats.out_of_reach++;
	return 1;
}

/* Keeps the path (why == REPLAN_COUNT) or gets a new one: off a shared
 * distance map, by a search, or not this tick when the planning budget
 * is spent.  Returns 0 when the monster goes on to step, -1 when it
 * waits. */
static int decide_path(struct minds *md, const struct world *w,
                       struct event_log *log, size_t i, struct kind_state *ks,
                       enum replan_reason why)
{
	struct mind *mi = &md->mind[i];
	int r = 0;

	if (why != REPLAN_COUNT && decide_out_of_reach(md, w, log, i, ks, why)) {
		return -1;
	} else if (why == REPLAN_COUNT) {
		mi->plan_serial = w->change_serial;
		if (mi->cache == MIND_CACHE_FRESH && mi->plan_turn != w->turn)
			mi->cache = MIND_CACHE_REUSED;
		md->stats.cache_hits++;
		plan_served(md, i);
	} else if (ks->use_dm && mi->mode == MIND_CHASE &&
	           (r = shared_plan(md, w, log, i, ks, why)) == 0) {
		/* Many chasers of the kind need a new way this tick: one
		 * distance map to the player serves them all. */
		plan_served(md, i);
	} else if (md->work->tick_left == 0 ||
	           (r == 1 && why != REPLAN_CHANGED && !plan_broken(mi))) {
		/* Out of planning budget this tick, or the map it waits for
		 * still grows: keep to the old path if there is one, and plan
		 * next tick.  (A path a change broke is not left waiting for
		 * a map many turns away: it searches now.) */
		plan_wait(md, w, i, why);
		if (!mi->len || why == REPLAN_CHANGED || why == REPLAN_NEW)
			return -1;
	} else if (why == REPLAN_CHANGED &&
	           (r = repair_try(md, w, log, i, ks)) <= 0) {
		/* Repaired by its D* Lite context (repair.c). */
		if (r == 0)
			plan_served(md, i);
		return r;
	} else if (plan_search(md, w, log, i, ks, why) != 0) {
		return -1;
	} else {
		plan_served(md, i);
	}
	return 0;
}

/* Blocked by another monster: looks for a way round, and keeps the old
 * path when the detour costs too much more than waiting for it. */
static void decide_detour(struct minds *md, const struct world *w,
                          struct event_log *log, size_t i,
                          struct kind_state *ks)
{
	struct mind *mi = &md->mind[i];
	const struct mind before = *mi;
	const int walls = mi->detours_refused >= DETOUR_WALLS;
	uint32_t old_left = 0, extra;
	int r;
	size_t k;
	struct path_params p;

	kind_params(w, w->monsters[i].kind, &p);
	extra = ((uint32_t)DETOUR_STEPS
	         << (mi->detours_refused < 4 ? mi->detours_refused : 4)) *
	        p.straight_cost;
	for (k = mi->pos + 1; k < mi->len; k++)
		old_left += path_step_cost(&ks->grid, &p, mi->path[k - 1].x,
		                           mi->path[k - 1].y, mi->path[k].x,
		                           mi->path[k].y);
	mi->path = NULL;
	mi->len = mi->cap = mi->pos = 0;
	md->work->crowd_walls = walls;
	r = plan_search(md, w, log, i, ks, REPLAN_BLOCKED);
	md->work->crowd_walls = 0;
	if (r == 0 &&
	    mi->len > 1 && !mi->unreachable &&
	    mi->path_cost <= old_left + extra &&
	    decide_cell_free(w, mi->path[1].x, mi->path[1].y)) {
		free(before.path);
		/* The long way round a crowd: kept to while it lasts, or a
		 * search on the way would lead back into the crowd. */
		if (walls)
			mi->round_until = w->turn + (uint32_t)mi->len;
		mi->detours_refused = 0;
	} else {
		/* Refused: the mind as it was, old path and all. */
		free(mi->path);
		*mi = before;
		mi->blocked_turns = 0;
		mi->detours_refused++;
	}
}

/* The next step of the path, (*nx, *ny), is another monster's cell:
 * swap with it when it is willing (returns 1 with out set), else wait or
 * detour.  Returns 0 when the monster may step to (*nx, *ny), now free,
 * and -1 when it waits. */
static int decide_blocked(struct minds *md, const struct world *w,
                          struct event_log *log, size_t i,
                          struct kind_state *ks, int j, int *nx, int *ny,
                          struct world_action *out)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];

	if (!coop_holds(md, w, i) && decide_willing(md, w, j, m->x, m->y)) {
		out->kind = WACT_SWAP;
		out->x = *nx;
		out->y = *ny;
		out->other = j;
		return 1;
	}
	/* Patience doubles with every detour found too dear, so a monster
	 * stuck in a crowd (round the player, say) waits its turn instead
	 * of searching every other turn. */
	if (++mi->blocked_turns >= BLOCKED_PATIENCE
	                                   << (mi->detours_refused < 4
	                                               ? mi->detours_refused
	                                               : 4) &&
	    md->work->tick_left > 0) {
		decide_detour(md, w, log, i, ks);
		*nx = mi->len > mi->pos + 1 ? mi->path[mi->pos + 1].x : m->x;
		*ny = mi->len > mi->pos + 1 ? mi->path[mi->pos + 1].y : m->y;
	}
	if (!decide_cell_free(w, *nx, *ny)) {
		md->stats.waits++;
		mi->held_turn = w->turn + 1;
		if (mi->held_streak < UINT16_MAX)
			mi->held_streak++;
		event_emit(log, w->turn, WEV_WAITING, (int)i,
		           world_monster_at(w, *nx, *ny), *nx, *ny, 0);
		return -1;
	}
	return 0;
}

/* The next cell of the kept path, (*nx, *ny), when the monster steps
 * there: returns 0.  Otherwise it waits (returns -1) or swaps with the
 * ally in the way (returns 1 with out set). */
static int decide_next(struct minds *md, const struct world *w,
                       struct event_log *log, size_t i, struct kind_state *ks,
                       enum replan_reason why, int *nx, int *ny,
                       struct world_action *out)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];
	int j, r;

	*nx = mi->path[mi->pos + 1].x;
	*ny = mi->path[mi->pos + 1].y;
	if (*nx == w->px && *ny == w->py)
		return -1; /* the player is there but out of sight: wait */
	j = world_monster_at(w, *nx, *ny);
	if (j >= 0) {
		r = decide_blocked(md, w, log, i, ks, j, nx, ny, out);
		if (r != 0)
			return r;
	}
	/* No stepping straight back while the goal stands still, unless
	 * the map changed under the path: that is how oscillation starts. */
	if (*nx == m->prev_x && *ny == m->prev_y &&
	    m->prev_turn + 1 >= w->turn && mi->goal_turn <= m->prev_turn &&
	    why != REPLAN_CHANGED && why != REPLAN_MAPWIDE) {
		md->stats.waits++;
		return -1;
	}
	return 0;
}

/* Whether monster i flees now: hurt to its kind's threshold, and not yet
 * healed above it nor out of the player's sight FLEE_UNSEEN turns.  In a
 * hunt every monster knows where the player is, and sees it in that
 * sense wherever it is: its flight looks at the player with its own
 * eyes, or it would run across the whole dungeon for good. */
static int decide_fleeing(const struct minds *md, const struct world *w,
                          struct mind *mi, const struct world_monster *m)
{
	const struct data_monster *dm = &w->data->monsters[m->kind];
	int flee = dm->flee;
	int hurt = flee && (long)m->hp * 100 <= (long)flee * dm->hp;

	if (!hurt || !mi->seen) {
		mi->fleeing = 0;
		return 0;
	}
	if (mi->sees && (!md->opt.hunt ||
	                 fov_sees(w, m->x, m->y, w->px, w->py, dm->sight))) {
		mi->fleeing = 1;
		mi->unseen = 0;
	} else if (mi->fleeing && ++mi->unseen >= FLEE_UNSEEN) {
		mi->fleeing = 0;
	}
	return mi->fleeing;
}

/* A fleeing monster's step down the safety map from where it last saw
 * the player.  Returns 1 with out set, 0 when cornered (no step leads
 * to a safer cell): then it fights. */
static int decide_flee(struct minds *md, const struct world *w, size_t i,
                       struct kind_state *ks, struct world_action *out)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];
	int sx = mi->sees ? w->px : mi->last_x;
	int sy = mi->sees ? w->py : mi->last_y;
	int nx, ny;

	if (flee_build(md, w, ks, m->kind, sx, sy, m->x, m->y) != 0)
		return 0;
	md->work->flee_of = i + 1;
	md->work->flee_of_kind = m->kind;
	if (!flee_step(md, w, ks, m->kind, m->x, m->y, &nx, &ny))
		return 0;
	mi->len = mi->pos = 0;
	mi->cache = MIND_CACHE_NONE;
	repair_release(md, i);
	if (decide_door(w, m, nx, ny, out))
		return 1;
	out->kind = WACT_MOVE;
	out->x = nx;
	out->y = ny;
	return 1;
}

void decide_act(struct minds *md, const struct world *w, struct rng *rng,
                struct event_log *log, size_t i, struct kind_state *ks,
                struct world_action *out)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];
	int nx, ny, mapwide, r;
	enum replan_reason why;

	mi->acted_turn = w->turn + 1;
	goal_update(md, w, rng, log, i, ks);
	if (decide_fleeing(md, w, mi, m) && decide_flee(md, w, i, ks, out)) {
		plan_served(md, i); /* it needs no plan now */
		return;
	}
	/* Next to the player it can strike: strike. */
	if (mi->sees && chebyshev(m->x, m->y, w->px, w->py) <= 1 &&
	    world_corner_ok(w, m->kind, m->x, m->y, w->px - m->x,
	                    w->py - m->y)) {
		out->kind = WACT_ATTACK;
		out->x = w->px;
		out->y = w->py;
		mi->len = mi->pos = 0;
		plan_served(md, i);
		return;
	}
	/* A D* Lite context serves one goal, in one mode. */
	repair_check(md, i);
	if (decide_at_goal(w, m, mi, ks)) {
		mi->len = mi->pos = 0;
		mi->cache = MIND_CACHE_NONE;
		repair_release(md, i);
		plan_served(md, i);
		return;
	}
	why = decide_why(md, w, i, ks, &mapwide);
	if (decide_path(md, w, log, i, ks, why) != 0)
		return;
	if (!mi->len || mi->pos + 1 >= mi->len)
		return; /* at the end of a path that goes no further */
	/* In a crowd, the next cell is the cooperative plan's (coop.c). */
	r = coop_next(md, w, log, i, ks, &nx, &ny);
	if (r == 0)
		return;
	if (r < 0 && decide_next(md, w, log, i, ks, why, &nx, &ny, out) != 0)
		return;
	mi->blocked_turns = 0;
	mi->held_streak = 0;
	if (decide_door(w, m, nx, ny, out))
		return;
	out->kind = WACT_MOVE;
	out->x = nx;
	out->y = ny;
}
