/* SPDX-License-Identifier: MIT */
/* shared.c - distance maps shared by the chasers of a kind: when many of
 * them want a new way in the same tick, one Dijkstra from the player
 * serves them all, each reading its path downhill off the map. */
#include <stdlib.h>

#include "core/path/distmap.h"
#include "kind_impl.h"
#include "state_impl.h"

/* AUTO uses a shared distance map for a kind once this many of its
 * monsters chase the player and their searches would cost more. */
#define DISTMAP_MIN_CHASERS 4
/* ...and the player's region is at most this many ticks' planning
 * budgets: a map is all or nothing, and one of a huge region (16 million
 * cells on a 4096x4096 map) would take the budget's time hundreds of
 * times over, every turn the player moves, where searches stop at the
 * budget. */
#define DISTMAP_MAX_BUDGETS 16
/* A way is read off a map into the work buffer this many cells at a
 * time, the buffer grown between. */
#define READ_CHUNK 256

/* Whether a chaser will want a new way this tick (its path is gone or
 * spent, or the player moved too far from where it leads); map changes
 * are left out of this estimate. */
static int shared_wants_plan(const struct minds *md, const struct world *w,
                             size_t i)
{
	const struct mind *mi = &md->mind[i];

	return !mi->len || mi->pos + 1 >= mi->len ||
	       chebyshev(w->px, w->py, mi->plan_goal_x, mi->plan_goal_y) >
	               plan_drift_tolerance(w, md, i);
}

/* Counts, per kind, the monsters chasing the player and those of them
 * that will want a new way. */
static void shared_count_chasers(struct minds *md, const struct world *w)
{
	struct minds_work *wk = md->work;
	size_t k, i;

	for (k = 0; k < wk->nkinds; k++)
		wk->kinds[k].chasers = wk->kinds[k].wanting = 0;
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];

		/* Under --hunt every monster chases from its first tick. */
		if (!m->alive ||
		    (md->mind[i].mode != MIND_CHASE && !md->opt.hunt))
			continue;
		wk->kinds[m->kind].chasers++;
		if (shared_wants_plan(md, w, i))
			wk->kinds[m->kind].wanting++;
	}
}

/* A map to where the player stood still serves the chasers at least
 * FAR_FACTOR times as far from its root as the player has gone since (a
 * way to there is nearly a way to the player, and the drift tolerance
 * has them ask again as they come near), while the player is within
 * FAR_KEEP steps of the root. */
#define FAR_FACTOR 8
#define FAR_KEEP   24

/* How far the player has gone from the root of the kind's map. */
static int shared_far_moved(const struct kind_state *ks, const struct world *w)
{
	return chebyshev(ks->dm_tx, ks->dm_ty, w->px, w->py);
}

/* Whether a cell d from a far map's root is far enough from it for the
 * kind's chasers to take the map's way, the player having gone moved
 * steps from the root. */
static int shared_far_enough(const struct world *w, int kind, uint32_t d,
                             int moved)
{
	struct path_params p;

	kind_params(w, kind, &p);
	return (uint64_t)d >=
	       (uint64_t)FAR_FACTOR * (uint64_t)moved * distmap_straight(&p);
}

/* Whether the kind's far map serves (x, y) as it is: it reaches there,
 * far enough from its root for how far the player has gone. */
static int shared_far_serves(const struct kind_state *ks,
                             const struct world *w, int kind, int x, int y)
{
	int moved;
	uint32_t d;

	if (!ks->dm || !ks->dm_valid || !ks->dm_far)
		return 0;
	moved = shared_far_moved(ks, w);
	d = distmap_at(ks->dm, x, y);
	return moved <= FAR_KEEP && d != DISTMAP_UNREACHED &&
	       shared_far_enough(w, kind, d, moved);
}

void shared_choose(struct minds *md, const struct world *w)
{
	struct minds_work *wk = md->work;
	size_t k;

	shared_count_chasers(md, w);
	for (k = 0; k < wk->nkinds; k++) {
		struct kind_state *ks = &wk->kinds[k];
		uint64_t astar_work, map_work, per_search;

		ks->use_dm = 0;
		/* Only for a kind whose own search's promise the map's way
		 * keeps (kind_maps): not greedy best-first. */
		if (!ks->chasers || md->opt.strategy == MIND_STRATEGY_ASTAR ||
		    !kind_maps(w, (int)k))
			continue;
		/* A pack always hunts by one map. */
		if (md->opt.strategy == MIND_STRATEGY_DISTMAP ||
		    w->data->monsters[k].pack) {
			ks->use_dm = 1;
			continue;
		}
		if (ks->dm && ks->dm_valid &&
		    ((ks->dm_tx == w->px && ks->dm_ty == w->py) ||
		     (ks->dm_far && shared_far_moved(ks, w) <= FAR_KEEP))) {
			ks->use_dm = 1; /* built already: free to use */
			continue;
		}
		if (ks->wanting < DISTMAP_MIN_CHASERS)
			continue;
		if (!kind_get(md, w, (int)k) || kind_labels_fresh(ks, w) != 0)
			continue;
		/* One map costs about the cells of the player's region; the
		 * searches it replaces, what searches of the kind have been
		 * costing (before the first, a guess: an eighth of it). */
		map_work =
		        ks->sizes[kind_comp_at(ks, world_idx(w, w->px, w->py))];
		if (map_work == 0)
			map_work = (uint64_t)w->width * (uint64_t)w->height;
		per_search = ks->ema_expanded ? ks->ema_expanded : map_work / 8;
		astar_work = (uint64_t)ks->wanting * per_search;
		/* In nodes' worth: a cell settled costs more than a node. */
		map_work = work_nodes(map_work, WORK_CELL);
		ks->use_dm = 2 * astar_work > map_work &&
		             map_work <= (uint64_t)DISTMAP_MAX_BUDGETS *
		                                 wk->tick_budget;
	}
}

/* Whether a kind with this many monsters on a map of this size keeps a
 * distance map's memory from the start. */
int shared_map_worth_keeping(uint32_t monsters, const struct world *w)
{
	/* On maps up to 1024x1024, so a huge map does not hold one per
	 * kind idle. */
	return monsters >= DISTMAP_MIN_CHASERS &&
	       (size_t)w->width * (size_t)w->height <= (size_t)1 << 20;
}

/* Starts ks->dm afresh from the player's cell. */
static int shared_map_start(struct minds *md, const struct world *w,
                            struct kind_state *ks, int kind, int far)
{
	struct path_params p;
	struct path_point src = {w->px, w->py};
	size_t gi;
	uint8_t gold;
	int rc;

	if (!ks->dm) {
		ks->dm = distmap_new(w->width, w->height);
		if (!ks->dm)
			return -1;
	}
	/* The player's cell is a source even where the kind cannot stand
	 * (a door it cannot open, say). */
	gi = grid_index(&ks->grid, w->px, w->py);
	gold = ks->grid.cost[gi];
	if (!gold)
		ks->grid.cost[gi] = 1;
	kind_params(w, kind, &p);
	rc = distmap_start(ks->dm, &ks->grid, &p, &src, 1, 0);
	ks->grid.cost[gi] = gold;
	ks->dm_valid = rc == 0;
	ks->dm_sealed = 0;
	ks->dm_far = (uint8_t)far;
	ks->dm_tx = w->px;
	ks->dm_ty = w->py;
	ks->dm_cells = 0;
	ks->dm_turn = w->turn;
	if (rc != 0)
		return -1;
	md->stats.distmaps++;
	return 0;
}

/* Settles ks->dm as far as (x, y), but at most `most` cells (0: no
 * limit), charged to the tick's budget.  Returns DISTMAP_SETTLED,
 * DISTMAP_PAUSED or DISTMAP_UNREACHABLE, or -1 on error. */
static int shared_map_grow(struct minds *md, struct kind_state *ks, int x,
                           int y, size_t most)
{
	struct minds_work *wk = md->work;
	size_t settled = 0;
	int rc = distmap_reach(ks->dm, x, y, most, &settled);

	ks->dm_cells += (uint32_t)settled;
	md->stats.distmap_cells += settled;
	tick_charge(wk, settled, WORK_CELL);
	if (rc < 0) {
		ks->dm_valid = 0;
		return -1;
	}
	return rc;
}

/* Makes ks->dm a distance map that gives (x, y) a way to the player.
 *
 * A map to where the player stands now, settled at least as far as
 * (x, y), when the rest of the player's region fits in the tick's budget
 * left: it is started when the player has moved or a change made some
 * cell dearer for the kind (a cheaper cell leaves the settled part a good
 * guide: every way down still leads to the player), or once a change has
 * sealed it and it must grow; otherwise it grows from where it stopped,
 * only as far as the chasers reading it need.  Within the tick it
 * started in, it grows as far as it must, having been paid for.
 *
 * A region larger than the budget left gets a far map instead, grown by
 * at most the budget left each tick, over as many ticks as it takes, and
 * kept while the player stays near its root for the chasers far enough
 * for the drift not to matter (FAR_FACTOR, FAR_KEEP); a tick with less
 * than a quarter of its budget left starts none.
 *
 * The cells a map settles count against the tick's planning budget, at
 * what a cell costs (WORK_CELL).
 * Returns 0; 1 when a far map still grows toward (x, y); or -1 when out
 * of memory or budget, (x, y) is not on the map, or is too near for a
 * far map's root. */
static int shared_map_current(struct minds *md, const struct world *w,
                              struct kind_state *ks, int kind, int x, int y)
{
	struct minds_work *wk = md->work;
	uint32_t rest, d;
	int rc, fresh, moved;

	fresh = !ks->dm || !ks->dm_valid || ks->dm_sealed ||
	        ks->dm_tx != w->px || ks->dm_ty != w->py;
	if (!fresh && distmap_at(ks->dm, x, y) != DISTMAP_UNREACHED)
		return 0;
	if (!fresh && ks->dm_turn == w->turn && !ks->dm_far)
		return shared_map_grow(md, ks, x, y, 0) == DISTMAP_SETTLED
		               ? 0
		               : -1; /* paid for */
	if (wk->tick_left == 0)
		return -1;
	/* A far map that reaches (x, y) is read as it is. */
	if (shared_far_serves(ks, w, kind, x, y))
		return 0;
	/* A monster the map can never reach is left to its own search
	 * before the map settles everything looking for it. */
	if (!kind_goal_reachable(ks, w, x, y, w->px, w->py))
		return -1;
	rest = ks->sizes[kind_comp_at(ks, world_idx(w, w->px, w->py))];
	if (!fresh)
		rest = rest > ks->dm_cells ? rest - ks->dm_cells : 0;
	if (!ks->labels_dirty &&
	    rest <= work_affords(wk->tick_left, WORK_CELL)) {
		if (fresh && shared_map_start(md, w, ks, kind, 0) != 0)
			return -1;
		ks->dm_far = 0;
		ks->dm_turn = w->turn;
		return shared_map_grow(md, ks, x, y, 0) == DISTMAP_SETTLED ? 0
		                                                           : -1;
	}
	/* A far map: a map a change sealed still grows, when the change
	 * made cells cheaper (a dearer one invalidates it), its distances
	 * then being those of real ways, if not always the cheapest. */
	moved = ks->dm && ks->dm_valid && (ks->dm_far || !ks->dm_sealed)
	                ? shared_far_moved(ks, w)
	                : FAR_KEEP + 1;
	if (moved > FAR_KEEP) {
		if (wk->tick_left < wk->tick_budget / 4 ||
		    shared_map_start(md, w, ks, kind, 1) != 0)
			return -1;
		moved = 0;
	}
	ks->dm_far = 1;
	d = distmap_at(ks->dm, x, y);
	if (d == DISTMAP_UNREACHED) {
		/* A monster whose plan is due grows it by its part of the
		 * budget (plan.c), the others by what is left to them. */
		uint32_t left = wk->part && wk->part < wk->tick_left
		                        ? wk->part
		                        : wk->tick_left;
		uint32_t most = work_affords(left, WORK_CELL);

		if (!most)
			return 1; /* (0 would be no limit) */
		rc = shared_map_grow(md, ks, x, y, most);
		if (rc == DISTMAP_PAUSED)
			return 1; /* on its way: the monster waits for it */
		if (rc == DISTMAP_UNREACHABLE && ks->dm_sealed) {
			/* Settled out short of a monster of the player's
			 * region: a change since it started (a door bashed
			 * in, say) joined cells to it where the map had
			 * passed by.  It is made afresh, and the monster
			 * waits for it. */
			ks->dm_valid = 0;
			return 1;
		}
		if (rc != DISTMAP_SETTLED)
			return -1;
		d = distmap_at(ks->dm, x, y);
	}
	return shared_far_enough(w, kind, d, moved) ? 0 : -1;
}

/* Plans a chaser's way by reading it off the kind's shared distance map:
 * downhill from the monster to the player, one cell at a time, with no
 * search.  The path is kept and reused like a searched one.  Returns 0;
 * 1 when a far map is still on its way to the monster, which waits for
 * it (its own search would end in some dead end nearer the player); or
 * -1 when the map cannot serve (no map, out of budget, or the monster is
 * out of the map's reach), and the caller searches instead. */
int shared_plan(struct minds *md, const struct world *w, struct event_log *log,
                size_t i, struct kind_state *ks, enum replan_reason why)
{
	struct minds_work *wk = md->work;
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];
	size_t len;
	int x = m->x, y = m->y, rc;

	/* A map that is current is read, and grown, even when that took
	 * the tick's whole budget: it is paid for, and a read costs what
	 * its steps do (WORK_READ; a map larger than the budget would
	 * otherwise be started every tick and never walked). */
	rc = shared_map_current(md, w, ks, m->kind, x, y);
	if (rc != 0)
		return rc;
	if (plan_buf_fit(wk, 1) != 0)
		return -1;
	wk->buf[0].x = x;
	wk->buf[0].y = y;
	len = 1;
	for (;;) {
		int more;

		if (plan_buf_fit(wk, len + READ_CHUNK) != 0)
			return -1;
		len += distmap_walk(ks->dm, &ks->grid, x, y, wk->buf + len,
		                    wk->bufcap - len, &more);
		x = wk->buf[len - 1].x;
		y = wk->buf[len - 1].y;
		if (!more)
			break;
	}
	/* Reading counts against the tick's budget like a search. */
	tick_charge(wk, len, WORK_READ);
	ks->ema_read = (uint32_t)(((uint64_t)ks->ema_read * 7 +
	                           work_nodes(len, WORK_READ)) /
	                          8);
	if (plan_keep_path(mi, wk->buf, len) != 0)
		return -1;
	md->stats.map_paths++;
	md->stats.reasons[why]++;
	plan_made(mi, w, why);
	mi->partial = x != w->px || y != w->py;
	mi->cache = MIND_CACHE_SHARED;
	event_emit(log, w->turn, WEV_REPLANNED, (int)i, -2, mi->goal_x,
	           mi->goal_y, (int)why);
	return 0;
}
