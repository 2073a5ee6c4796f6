/* SPDX-License-Identifier: MIT */
/* plan.c - a monster's search and the path it keeps: the crowd priced
 * into its kind's grid, the search itself (A*, jump point search, on big
 * maps the hierarchy, or the D* Lite context repair.c lent it), and
 * whether a kept path is still good after the dungeon changed. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/path/dlite.h"
#include "core/path/subgoal.h"
#include "core/path/jps.h"
#include "kind_impl.h"
#include "state_impl.h"

/* Other monsters within OCC_RADIUS cells of a mover make their cell cost
 * OCC_PENALTY more: a crowd is expensive to push through, never a wall. */
#define OCC_PENALTY 8

/* Makes the cells of other monsters near (x, y) cost more in ks->grid for
 * one search (with wk->crowd_walls, shuts them); plan_crowd_restore
 * undoes it.  Returns whether a cost changed. */
static int plan_crowd_add(struct minds_work *wk, const struct world *w,
                          struct kind_state *ks, int x, int y)
{
	int cx, cy, changed = 0;

	wk->npen = 0;
	for (cy = y - OCC_RADIUS; cy <= y + OCC_RADIUS; cy++) {
		for (cx = x - OCC_RADIUS; cx <= x + OCC_RADIUS; cx++) {
			size_t gi;
			unsigned c;

			if (!world_in(w, cx, cy) ||
			    !w->occ[world_idx(w, cx, cy)] ||
			    (cx == x && cy == y))
				continue;
			gi = grid_index(&ks->grid, cx, cy);
			c = ks->grid.cost[gi];
			if (!c)
				continue;
			wk->pen_idx[wk->npen] = gi;
			wk->pen_old[wk->npen] = (uint8_t)c;
			wk->npen++;
			c += OCC_PENALTY;
			ks->grid.cost[gi] =
			        wk->crowd_walls
			                ? 0
			                : (uint8_t)(c > GRID_COST_MAX
			                                    ? GRID_COST_MAX
			                                    : c);
			changed |=
			        ks->grid.cost[gi] != wk->pen_old[wk->npen - 1];
		}
	}
	return changed;
}

static void plan_crowd_restore(struct minds_work *wk, struct kind_state *ks)
{
	while (wk->npen) {
		wk->npen--;
		ks->grid.cost[wk->pen_idx[wk->npen]] = wk->pen_old[wk->npen];
	}
}

int plan_run_search(struct minds *md, const struct world *w, size_t i,
                    struct kind_state *ks, int gx, int gy,
                    const struct path_params *p, struct path_ctx *ctx,
                    struct jps_ctx *jctx, struct path_point *buf, size_t cap,
                    struct path_result *res, struct path_trace *trace)
{
	const struct world_monster *m = &w->monsters[i];
	size_t gi = grid_index(&ks->grid, gx, gy);
	uint8_t gold = ks->grid.cost[gi];
	int rc, crowd;

	crowd = plan_crowd_add(md->work, w, ks, m->x, m->y);

	/* A goal cell the kind cannot enter (an eel's prey on the shore) is
	 * opened for the search, so the path ends next to it; jump point
	 * search is told of the cell (or, through the serial, to look at the
	 * grid again). */
	if (!gold) {
		(void)grid_set_cost(&ks->grid, gx, gy, 1);
		jps_ctx_cell_changed(md->work->jctx, &ks->grid, gx, gy);
	}
	if (jctx && crowd) {
		/* A crowd priced in leaves the costs mixed, where jump point
		 * search cannot answer: say so without scanning the whole
		 * grid to find it out (the caller asks A* instead). */
		memset(res, 0, sizeof(*res));
		res->status = PATH_BAD_ARG;
		rc = PATH_BAD_ARG;
	} else if (jctx) {
		/* Scans the grid again only when it changed (doors, or the
		 * goal opened above) since the last scan. */
		rc = jps_find_traced(jctx, &ks->grid, p, m->x, m->y, gx, gy,
		                     buf, cap, res, trace);
	} else {
		rc = path_find(ctx, &ks->grid, p, m->x, m->y, gx, gy, buf, cap,
		               res, trace);
	}
	if (!gold) {
		(void)grid_set_cost(&ks->grid, gx, gy, gold);
		jps_ctx_cell_changed(md->work->jctx, &ks->grid, gx, gy);
	}
	plan_crowd_restore(md->work, ks);
	return rc;
}

/* Grows *buf, of *cap points, to hold at least need, doubling (from 16
 * for an empty one).  Returns 0, or -1 when out of memory (*buf kept). */
static int plan_points_fit(struct path_point **buf, size_t *cap, size_t need)
{
	size_t c = *cap ? *cap : 16;
	struct path_point *b;

	if (need <= *cap)
		return 0;
	while (c < need)
		c *= 2;
	b = realloc(*buf, c * sizeof(*b));
	if (!b)
		return -1;
	*buf = b;
	*cap = c;
	return 0;
}

int plan_buf_fit(struct minds_work *wk, size_t need)
{
	return plan_points_fit(&wk->buf, &wk->bufcap, need);
}

int plan_keep_path(struct mind *mi, const struct path_point *buf, size_t len)
{
	size_t k;

	if (plan_points_fit(&mi->path, &mi->cap, len) != 0)
		return -1;
	memcpy(mi->path, buf, len * sizeof(*buf));
	mi->len = len;
	mi->pos = 0;
	mi->box_x0 = mi->box_y0 = INT_MAX;
	mi->box_x1 = mi->box_y1 = INT_MIN;
	for (k = 0; k < len; k++) {
		if (buf[k].x < mi->box_x0)
			mi->box_x0 = buf[k].x;
		if (buf[k].x > mi->box_x1)
			mi->box_x1 = buf[k].x;
		if (buf[k].y < mi->box_y0)
			mi->box_y0 = buf[k].y;
		if (buf[k].y > mi->box_y1)
			mi->box_y1 = buf[k].y;
	}
	return 0;
}

void plan_made(struct mind *mi, const struct world *w, enum replan_reason why)
{
	mi->last_reason = (uint8_t)why;
	mi->plan_goal_x = mi->goal_x;
	mi->plan_goal_y = mi->goal_y;
	mi->plan_serial = w->change_serial;
	mi->plan_turn = w->turn;
	mi->blocked_turns = 0;
	mi->unreachable = 0;
}

/* The hierarchy (subgoal.h) takes a search on a map of at least
 * HIER_MIN_CELLS cells whose goal, not the player it chases, is
 * HIER_MIN_STEPS or more steps away,
 * for a kind that searches for the cheapest way with A*, when the kind's
 * long A* searches here cost on average at least HIER_PAYS expansions and
 * twice what its hierarchy's answers cost.  It answers with the whole
 * cheapest path: its search is the same work whatever part of the path
 * is asked for. */
#define HIER_MIN_CELLS (128 * 128)
#define HIER_MIN_STEPS 32
#define HIER_PAYS      3000u
#define HIER_WINDOWS   0u
/* What one unit of the hierarchy's work (a subgoal expanded, with its
 * edges, the start's and goal's links and the path's cells) costs
 * against one A* expansion, in time (pathbench --hpa on brc202d: about
 * 140 ns against 30): the planning budget is charged that much. */
#define HIER_WORK_WEIGHT 5u

/* Whether the kind may plan with the hierarchy on this map at all. */
static int plan_hier_allowed(const struct minds *md, const struct world *w,
                             int kind)
{
	struct path_params p;

	kind_params(w, kind, &p);
	/* Under --hunt every monster chases, and chasers keep to A*. */
	return md->opt.strategy == MIND_STRATEGY_AUTO && !md->opt.no_cache &&
	       !md->opt.hunt &&
	       (size_t)w->width * (size_t)w->height >= HIER_MIN_CELLS &&
	       p.algo == PATH_ASTAR && kind_optimal(w, kind) &&
	       !kind_jumps(w, kind);
}

/* What the hierarchy's answers cost on this map, in nodes' worth, from
 * HIER_PROBES whole paths between open cells picked by a generator of
 * its own with a fixed seed (not the game's: the game's draws stay as
 * they were): what a first search would otherwise
 * find out by running over a tick's budget several times (a whole path
 * across maze512 is 13,000-31,000 units of work, five nodes' worth
 * each, against a budget of 20,000).  Never below HIER_PAYS. */
#define HIER_PROBES      8
#define HIER_PROBE_TRIES 64
#define HIER_PROBE_SEED  0x9e3779b97f4a7c15u

static uint32_t plan_hier_probe(struct minds_work *wk, struct kind_state *ks,
                                const struct path_params *p)
{
	struct rng r;
	uint64_t work = 0;
	int pt[2][2], k, n = 0, e, tries;

	rng_seed(&r, HIER_PROBE_SEED);
	for (k = 0; k < HIER_PROBES; k++) {
		struct path_result res;

		for (e = 0; e < 2; e++) {
			pt[e][0] = -1;
			for (tries = 0; tries < HIER_PROBE_TRIES; tries++) {
				int x = (int)rng_below(&r,
				                       (uint32_t)ks->grid.width);
				int y = (int)rng_below(&r,
				                       (uint32_t)ks->grid.height);

				if (grid_cost(&ks->grid, x, y)) {
					pt[e][0] = x;
					pt[e][1] = y;
					break;
				}
			}
		}
		if (pt[0][0] < 0 || pt[1][0] < 0)
			continue;
		if (subgoal_find(ks->sg, &ks->grid, p, pt[0][0], pt[0][1],
		                 pt[1][0], pt[1][1], 0, wk->buf, wk->bufcap,
		                 &res, NULL) != 0 ||
		    res.status != PATH_FOUND)
			continue;
		work += (uint64_t)res.stats.expanded * HIER_WORK_WEIGHT;
		n++;
	}
	work = n ? work / (uint64_t)n : 0;
	return work > HIER_PAYS
	               ? (work < UINT32_MAX ? (uint32_t)work : UINT32_MAX)
	               : HIER_PAYS;
}

int plan_hier_prepare(struct minds *md, const struct world *w, int kind,
                      struct kind_state *ks)
{
	struct path_params p;

	if (ks->sg || !plan_hier_allowed(md, w, kind))
		return 0;
	kind_params(w, kind, &p);
	ks->sg = subgoal_new(w->width, w->height);
	if (!ks->sg || subgoal_build(ks->sg, &ks->grid, &p) != 0) {
		subgoal_free(ks->sg);
		ks->sg = NULL;
		return -1;
	}
	ks->ema_hier = plan_hier_probe(md->work, ks, &p);
	return 0;
}

static int plan_is_long(const struct world *w, size_t i, int gx, int gy)
{
	const struct world_monster *m = &w->monsters[i];

	return (size_t)w->width * (size_t)w->height >= HIER_MIN_CELLS &&
	       chebyshev(m->x, m->y, gx, gy) >= HIER_MIN_STEPS;
}

static int plan_hier_pays(const struct minds *md, const struct world *w,
                          size_t i, const struct kind_state *ks)
{
	const struct mind *mi = &md->mind[i];

	/* A chaser's goal moves every turn: the first windows of a way to
	 * where the player was pay less than a whole path that the drift
	 * tolerance keeps (turnbench: a fifth slower per turn, hunting). */
	return mi->mode != MIND_CHASE && ks->ema_long >= HIER_PAYS &&
	       ks->ema_long >= 2 * ks->ema_hier &&
	       md->work->tick_left >= ks->ema_hier &&
	       plan_is_long(w, i, mi->goal_x, mi->goal_y) &&
	       plan_hier_allowed(md, w, w->monsters[i].kind);
}

int plan_run_hier(struct minds *md, const struct world *w, size_t i,
                  struct kind_state *ks, struct subgoal *h, int gx, int gy,
                  const struct path_params *p, unsigned windows,
                  struct path_point *buf, size_t cap, struct path_result *res,
                  struct subgoal_info *info)
{
	const struct world_monster *m = &w->monsters[i];
	size_t gi = grid_index(&ks->grid, gx, gy);
	uint8_t gold = ks->grid.cost[gi];
	int rc;

	/* The graph learns of the kind's changes first, so that none is
	 * repaired while the crowd is priced in (the graph does not see
	 * the crowd). */
	rc = subgoal_update(h, &ks->grid);
	if (rc < 0) {
		memset(res, 0, sizeof(*res));
		return res->status = (enum path_status)rc;
	}
	plan_crowd_add(md->work, w, ks, m->x, m->y);
	if (!ks->grid.cost[gi])
		ks->grid.cost[gi] = 1;
	rc = subgoal_find(h, &ks->grid, p, m->x, m->y, gx, gy, windows, buf,
	                  cap, res, info);
	ks->grid.cost[gi] = gold;
	plan_crowd_restore(md->work, ks);
	return rc;
}

int plan_run_dlite(struct minds *md, const struct world *w, size_t i,
                   struct kind_state *ks, int gx, int gy,
                   const struct path_params *p, struct dlite_ctx *ctx,
                   uint8_t *snap, int fresh, struct path_point *buf, size_t cap,
                   struct path_result *res, size_t *changed)
{
	const struct world_monster *m = &w->monsters[i];
	const size_t n =
	        (size_t)ks->grid.stride * (size_t)(ks->grid.height + 2);
	size_t gi = grid_index(&ks->grid, gx, gy), k, nc = 0;
	uint8_t gold = ks->grid.cost[gi];
	struct path_point *cells = NULL;
	int rc;

	memset(res, 0, sizeof(*res));
	plan_crowd_add(md->work, w, ks, m->x, m->y);
	if (!ks->grid.cost[gi])
		ks->grid.cost[gi] = 1;
	if (fresh) {
		rc = dlite_plan(ctx, &ks->grid, p, m->x, m->y, gx, gy, buf, cap,
		                res);
	} else {
		/* What changed since the last call, crowd and doors alike. */
		for (k = 0; k < n; k++)
			nc += snap[k] != ks->grid.cost[k];
		cells = malloc((nc ? nc : 1) * sizeof(*cells));
		nc = 0;
		for (k = 0; cells && k < n; k++)
			if (snap[k] != ks->grid.cost[k]) {
				cells[nc].x = grid_index_x(&ks->grid, k);
				cells[nc].y = grid_index_y(&ks->grid, k);
				nc++;
			}
		rc = cells ? dlite_cells_changed(ctx, cells, nc) : PATH_NOMEM;
		if (!rc)
			rc = dlite_move_start(ctx, m->x, m->y);
		if (!rc)
			rc = dlite_replan(ctx, buf, cap, res);
		else
			res->status = (enum path_status)rc;
		free(cells);
	}
	memcpy(snap, ks->grid.cost, n);
	ks->grid.cost[gi] = gold;
	plan_crowd_restore(md->work, ks);
	*changed = nc;
	return rc;
}

/* Appends to cells[nc...] the cells of a (crowd cells, by grid index)
 * that b lacks: priced then and not now, or the other way round.  A cell
 * in both costs the same unless its terrain changed, which the world's
 * log reports.  The sets hold the monsters near one, a few dozen at
 * most: a plain scan is quickest.  Returns the new count. */
static size_t plan_crowd_moved(const struct kind_state *ks, const size_t *a,
                               size_t na, const size_t *b, size_t nb,
                               struct path_point *cells, size_t nc)
{
	size_t k, j;

	for (k = 0; k < na; k++) {
		for (j = 0; j < nb && b[j] != a[k]; j++)
			;
		if (j < nb)
			continue;
		cells[nc].x = grid_index_x(&ks->grid, a[k]);
		cells[nc].y = grid_index_y(&ks->grid, a[k]);
		nc++;
	}
	return nc;
}

int plan_run_slot(struct minds *md, const struct world *w, size_t i,
                  struct kind_state *ks, struct repair_slot *s, int fresh,
                  const struct path_params *p, struct path_point *buf,
                  size_t cap, struct path_result *res)
{
	struct minds_work *wk = md->work;
	const struct world_monster *m = &w->monsters[i];
	struct path_point *cells = wk->repair_cells;
	size_t gi, nc = 0;
	uint8_t gold;
	int rc;

	kind_sync(md, w);
	gi = grid_index(&ks->grid, s->gx, s->gy);
	gold = ks->grid.cost[gi];
	/* The changes since the last search, while the world keeps them,
	 * and the crowd's cells priced then and not now or now and not
	 * then: the context read its costs with the old crowd in. */
	if (w->change_serial - s->serial >= WORLD_CHANGES_KEPT)
		fresh = 1;
	if (!fresh) {
		uint32_t q;

		for (q = s->serial + 1; q != w->change_serial + 1; q++) {
			const struct world_change *c = world_change(w, q);

			if (c && ks->cost[c->from] != ks->cost[c->to]) {
				cells[nc].x = c->x;
				cells[nc].y = c->y;
				nc++;
			}
		}
	}
	plan_crowd_add(wk, w, ks, m->x, m->y);
	if (!ks->grid.cost[gi])
		ks->grid.cost[gi] = 1;
	if (fresh) {
		rc = dlite_plan(s->ctx, &ks->grid, p, m->x, m->y, s->gx, s->gy,
		                buf, cap, res);
	} else {
		nc = plan_crowd_moved(ks, s->pen, s->npen, wk->pen_idx,
		                      wk->npen, cells, nc);
		nc = plan_crowd_moved(ks, wk->pen_idx, wk->npen, s->pen,
		                      s->npen, cells, nc);
		/* The walker first, so that the changed cells are keyed from
		 * where it stands now. */
		rc = dlite_move_start(s->ctx, m->x, m->y);
		if (!rc)
			rc = dlite_cells_changed(s->ctx, cells, nc);
		if (!rc) {
			rc = dlite_replan(s->ctx, buf, cap, res);
		} else {
			memset(res, 0, sizeof(*res));
			res->status = (enum path_status)rc;
		}
	}
	memcpy(s->pen, wk->pen_idx, wk->npen * sizeof(*s->pen));
	s->npen = wk->npen;
	s->serial = w->change_serial;
	ks->grid.cost[gi] = gold;
	plan_crowd_restore(wk, ks);
	return rc;
}

/* The monster's own search by its kind's hierarchy. */
static int plan_run_subgoal(struct minds *md, const struct world *w, size_t i,
                            struct kind_state *ks, int gx, int gy,
                            const struct path_params *p, struct path_point *buf,
                            size_t cap, struct path_result *res)
{
	if (plan_hier_prepare(md, w, w->monsters[i].kind, ks) != 0 || !ks->sg) {
		memset(res, 0, sizeof(*res));
		return res->status = PATH_NOMEM;
	}
	return plan_run_hier(md, w, i, ks, ks->sg, gx, gy, p, HIER_WINDOWS, buf,
	                     cap, res, NULL);
}

/* Searches into the planner's buffer, growing it until the whole path
 * fits.  A kind that jumps tries jump point search first, and A* when
 * that cannot answer: costs that vary (a crowd around it, say), or no
 * path, for which A* leaves the way to the closest cell.  Returns 0, or
 * -1 when out of memory. */
static int plan_search_buffered(struct minds *md, const struct world *w,
                                size_t i, struct kind_state *ks,
                                const struct path_params *p,
                                struct path_result *res)
{
	struct minds_work *wk = md->work;
	const struct mind *mi = &md->mind[i];
	int jump = kind_jumps(w, w->monsters[i].kind) &&
	           p->diagonal != PATH_DIAG_NEVER;
	uint32_t tried = 0;
	int hier = plan_hier_pays(md, w, i, ks);

	if (jump && !wk->jctx)
		wk->jctx = jps_ctx_new(w->width, w->height);
	if (!wk->jctx)
		jump = 0;
	for (;;) {
		if (hier)
			plan_run_subgoal(md, w, i, ks, mi->goal_x, mi->goal_y,
			                 p, wk->buf, wk->bufcap, res);
		else
			plan_run_search(md, w, i, ks, mi->goal_x, mi->goal_y, p,
			                jump ? NULL : wk->ctx,
			                jump ? wk->jctx : NULL, wk->buf,
			                wk->bufcap, res, NULL);
		if (hier && res->status != PATH_FOUND) {
			/* No way, or no memory: A* says which, and leaves
			 * the way to the closest cell. */
			tried = res->stats.expanded;
			hier = 0;
			continue;
		}
		if (jump && res->status != PATH_FOUND) {
			tried = res->stats.expanded;
			jump = 0;
			continue;
		}
		if ((res->status != PATH_FOUND && !res->partial) ||
		    res->length <= wk->bufcap) {
			/* Both searches' work counts. */
			res->stats.expanded += tried;
			md->mind[i].hier = (uint8_t)hier;
			md->stats.hpa_plans += (uint64_t)hier;
			return 0;
		}
		if (plan_buf_fit(wk, res->length) != 0)
			return -1;
	}
}

int plan_adopt(struct minds *md, const struct world *w, struct event_log *log,
               size_t i, enum replan_reason why, const struct path_result *res)
{
	struct mind *mi = &md->mind[i];
	int was_unreachable = mi->unreachable;

	plan_made(mi, w, why);
	if (why == REPLAN_NEW || why == REPLAN_CHANGED || why == REPLAN_MAPWIDE)
		mi->detours_refused = 0; /* a new situation */
	mi->partial = 0;
	mi->cache = MIND_CACHE_FRESH;
	event_emit(log, w->turn, WEV_REPLANNED, (int)i, -2, mi->goal_x,
	           mi->goal_y, (int)why);
	switch (res->status) {
	case PATH_FOUND:
		/* A part of a path only: asked again at the end. */
		mi->partial = (uint8_t)res->partial;
		break;
	case PATH_NO_PATH:
		mi->unreachable = 1;
		mi->partial = 1;
		md->stats.unreachable++;
		/* (Not when the crowd was walls: a detour, which is only
		 * refused.) */
		if (!was_unreachable && !md->work->crowd_walls)
			event_emit(log, w->turn, WEV_UNREACHABLE, (int)i, -2,
			           mi->goal_x, mi->goal_y, 0);
		break;
	case PATH_BUDGET:
		mi->partial = 1;
		md->stats.budget_cut++;
		/* Not a step nearer a place it chose itself (to wander to,
		 * patrol or search): out of its reach for now.  Asked again
		 * each tick, the same search would spend the same budget for
		 * nothing while the monster stood; it picks another place
		 * (goal.c). */
		if (res->length <= 1 && mi->mode != MIND_CHASE)
			mi->unreachable = 1;
		break;
	default:
		mi->len = mi->pos = 0;
		mi->cache = MIND_CACHE_NONE;
		return -1;
	}
	if (plan_keep_path(mi, md->work->buf, res->length) != 0) {
		mi->len = mi->pos = 0;
		mi->cache = MIND_CACHE_NONE;
		return -1;
	}
	mi->path_cost = res->cost;
	return 0;
}

/* A wait longer than this is counted apart (mind_stats.long_waits). */
#define WAIT_LONG 8u
/* The least a plan is guessed to cost, in nodes, however cheap the
 * kind's searches have been. */
#define PLAN_GUESS_MIN 16u

/* How many ticks monster i has waited for its plan, 0 if it does not. */
static uint32_t plan_waited(const struct world *w, const struct mind *mi)
{
	return mi->wait_since ? w->turn + 1 - mi->wait_since : 0;
}

/* What a plan of the kind is guessed to cost this tick (plan_guess). */
static uint32_t plan_guess_kind(const struct minds *md, const struct world *w,
                                size_t kind)
{
	const struct minds_work *wk = md->work;
	uint32_t g = PLAN_GUESS_MIN, most = wk->tick_budget;

	if (wk->kinds[kind].ema_expanded > g)
		g = wk->kinds[kind].ema_expanded;
	if (w->data->monsters[kind].budget &&
	    w->data->monsters[kind].budget < most)
		most = w->data->monsters[kind].budget;
	g += (uint32_t)work_nodes(1, WORK_SEARCH);
	return g < most ? g : most;
}

/* The bucket of a wait of a ticks. */
static uint32_t plan_wait_bucket(uint32_t a)
{
	return a < WAIT_BUCKETS ? a : WAIT_BUCKETS - 1;
}

/* The bucket of the queue monster i's wait is in: a path a change broke
 * before any other (its monster walks on toward the wall or the shut
 * door, where the player sees it stand), then the longest waits. */
static uint32_t plan_queue_bucket(const struct world *w, const struct mind *mi)
{
	return plan_broken(mi) ? QUEUE_BROKEN
	                       : plan_wait_bucket(plan_waited(w, mi));
}

/* Where in the order of play the monsters that have waited a ticks are
 * taken from, of n: a place drawn from the tick they began to wait in,
 * the same for all of them. */
static size_t plan_queue_start(const struct world *w, uint32_t a, size_t n)
{
	uint32_t since = w->turn + 1 - a;

	return (size_t)((since * 2654435761u) % (uint32_t)n);
}

/* Whether monster i will act in the tick about to start: one that
 * cannot (too slow to have a turn's energy this tick) is no plan due
 * now, or the budget held for it would go unspent. */
static int plan_acts_now(const struct world *w, size_t i)
{
	const struct world_monster *m = &w->monsters[i];

	return m->alive && m->energy + w->data->monsters[m->kind].speed >=
	                           WORLD_TURN_ENERGY;
}

/* The queue of the plans the budget put off: the monsters whose paths a
 * change broke, then those that have waited longest, are made due, as
 * many as the tick's budget is guessed to serve and one more, and what
 * their plans are guessed to cost is held back from the others
 * (minds_decide), so that a monster late in
 * the order of play is not put off for ever by those before it, nor one
 * that waits by those that ask after it.  Among waits as long, those
 * from a place in the order of play that their first tick of waiting
 * picks come first, so that none is always last. */
static void plan_queue(struct minds *md, const struct world *w)
{
	struct minds_work *wk = md->work;
	uint64_t need[QUEUE_BUCKETS] = {0}, sum = 0;
	uint32_t a, b, whole = QUEUE_BUCKETS, part = QUEUE_BUCKETS;
	size_t i, k, n, start = 0;

	n = md->n < w->nmonsters ? md->n : w->nmonsters;
	wk->held = 0;
	wk->due_sum = 0;
	wk->ndue_b = 0;
	memset(wk->due_rem, 0, sizeof(wk->due_rem));
	for (i = 0; i < n; i++) {
		md->mind[i].due = 0;
		if (md->mind[i].wait_since && plan_acts_now(w, i))
			need[plan_queue_bucket(w, &md->mind[i])] +=
			        plan_guess(md, w, i);
	}
	/* The longest waits whose guesses fit, whole buckets of them, and
	 * the bucket after them, the one that does not fit whole. */
	for (a = QUEUE_BUCKETS; a-- > 0;) {
		if (!need[a])
			continue;
		if (sum + need[a] > wk->tick_budget) {
			part = a;
			break;
		}
		sum += need[a];
		whole = a;
	}
	/* ...and of that bucket as many as the budget is left for, and one
	 * more: while any wait, no monster that asks now is served first. */
	/* (Broken paths, whose waits are told apart by none, are taken
	 * from a place drawn from this tick.) */
	if (part < QUEUE_BUCKETS)
		start = plan_queue_start(w, part < WAIT_BUCKETS ? part : 1, n);
	for (k = 0; k < n; k++) {
		struct mind *mi;

		i = (start + k) % n;
		mi = &md->mind[i];
		if (!mi->wait_since || !plan_acts_now(w, i))
			continue;
		b = plan_queue_bucket(w, mi);
		if (b >= whole && whole < QUEUE_BUCKETS) {
			mi->due = (uint16_t)(b + 1);
			wk->due_rem[b] += plan_guess(md, w, i);
			continue;
		}
		if (b == part && sum < wk->tick_budget) {
			uint32_t g = plan_guess(md, w, i);

			mi->due = (uint16_t)(b + 1);
			wk->due_rem[b] += g;
			sum += g;
		}
	}
	for (a = QUEUE_BUCKETS; a-- > 0;)
		if (wk->due_rem[a])
			wk->due_b[wk->ndue_b++] = (uint16_t)a;
	wk->due_sum = sum;
	wk->held = sum;
}

uint32_t plan_held_before(const struct minds *md, size_t i, uint32_t guess)
{
	const struct minds_work *wk = md->work;
	uint32_t b = (uint32_t)md->mind[i].due - 1u;
	uint64_t sum = 0;
	size_t k;

	for (k = 0; k < wk->ndue_b && wk->due_b[k] > b; k++)
		sum += wk->due_rem[wk->due_b[k]];
	/* ...and, of broken paths, the parts of the others still to
	 * decide: a monster late in the order of play is not left only
	 * what those before it did not spend.  (Kept for every wait, the
	 * parts fed the searches the kinds' budgets cut short, whose
	 * partial ways lead off: on 2,000 hunters the share of the way
	 * walked for nothing went from 22% to 46%.) */
	if (b == QUEUE_BROKEN && wk->due_rem[b] > guess)
		sum += wk->due_rem[b] - guess;
	return sum < UINT32_MAX ? (uint32_t)sum : UINT32_MAX;
}

void plan_decided(struct minds *md, size_t i, uint32_t guess)
{
	struct minds_work *wk = md->work;
	struct mind *mi = &md->mind[i];
	uint32_t b = (uint32_t)mi->due - 1u;

	wk->due_rem[b] -= guess < wk->due_rem[b] ? guess : wk->due_rem[b];
	wk->held -= guess < wk->held ? guess : wk->held;
	/* Once a tick: a monster that acts again in it (a fast one) does
	 * so as any other. */
	mi->due = 0;
}

void plan_waits_tick(struct minds *md, const struct world *w)
{
	size_t i;

	for (i = 0; i < md->work->nkinds; i++) {
		struct kind_state *ks = &md->work->kinds[i];

		ks->guess = plan_guess_kind(md, w, i);
		ks->guess_read = ks->ema_read > PLAN_GUESS_MIN ? ks->ema_read
		                                               : PLAN_GUESS_MIN;
		if (ks->guess_read > md->work->tick_budget)
			ks->guess_read = md->work->tick_budget;
	}
	for (i = 0; i < md->n && i < w->nmonsters; i++) {
		struct mind *mi = &md->mind[i];
		uint32_t a;

		if (!mi->wait_since)
			continue;
		if (!w->monsters[i].alive) {
			mi->wait_since = 0;
			continue;
		}
		if (mi->acted_turn != w->turn && mi->wait_since < w->turn)
			mi->wait_since++; /* that tick it could not act */
		/* Counted as each tick starts, so that the ones never
		 * served count too: the longest, and once each wait that
		 * passes WAIT_LONG. */
		a = plan_waited(w, mi);
		if (a > md->stats.max_wait)
			md->stats.max_wait = a;
		if (mi->wait_why <= REPLAN_COUNT &&
		    a > md->stats.max_wait_by[mi->wait_why])
			md->stats.max_wait_by[mi->wait_why] = a;
		if (a == WAIT_LONG + 1)
			md->stats.long_waits++;
	}
	if (md->opt.turn_budget)
		plan_queue(md, w);
}

void plan_wait(struct minds *md, const struct world *w, size_t i,
               enum replan_reason why)
{
	struct mind *mi = &md->mind[i];

	md->stats.deferred++;
	/* A change that breaks the path of one waiting already (for the
	 * player to come in reach of its old path, say) starts its wait
	 * afresh, at the head of the queue. */
	if (!mi->wait_since ||
	    (why == REPLAN_CHANGED && mi->len &&
	     mi->wait_why != REPLAN_CHANGED)) {
		mi->wait_since = w->turn + 1;
		mi->wait_why = (uint8_t)(mi->len ? why : REPLAN_COUNT);
	}
}

void plan_served(struct minds *md, size_t i)
{
	/* Its wait was counted as this tick started (plan_waits_tick). */
	md->mind[i].wait_since = 0;
}

int plan_search(struct minds *md, const struct world *w, struct event_log *log,
                size_t i, struct kind_state *ks, enum replan_reason why)
{
	struct minds_work *wk = md->work;
	struct mind *mi = &md->mind[i];
	struct path_params p;
	struct path_result res;
	uint32_t budget;
	int walls, rc;

	kind_params(w, w->monsters[i].kind, &p);
	budget = p.budget ? p.budget : UINT32_MAX;
	if (budget > wk->tick_left)
		budget = wk->tick_left;
	p.budget = budget == UINT32_MAX ? 0 : budget;
	walls = wk->crowd_walls;
	wk->crowd_walls |= mi->round_until > w->turn;
	rc = plan_search_buffered(md, w, i, ks, &p, &res);
	if (rc == 0 && !walls && wk->crowd_walls && res.status != PATH_FOUND) {
		/* No way round the crowd it is going round: through it, dear
		 * as it is (a detour, asked with walls, is only refused). */
		uint32_t tried = res.stats.expanded;

		mi->round_until = 0;
		wk->crowd_walls = 0;
		rc = plan_search_buffered(md, w, i, ks, &p, &res);
		res.stats.expanded += tried;
	}
	wk->crowd_walls = walls;
	if (rc != 0)
		return -1;
	md->stats.plans++;
	md->stats.reasons[why]++;
	md->stats.expanded += res.stats.expanded;
	if (why == REPLAN_CHANGED) {
		md->stats.changed_expanded += res.stats.expanded;
		mi->repair = MIND_REPAIR_SEARCH;
		mi->repair_expanded = res.stats.expanded;
	}
	{
		uint64_t work = (uint64_t)res.stats.expanded *
		                (mi->hier ? HIER_WORK_WEIGHT : 1u);

		tick_charge(wk, work, WORK_NODE);
		tick_charge(wk, 1, WORK_SEARCH);
		if (mi->hier)
			ks->ema_hier =
			        (uint32_t)((ks->ema_hier * 7 +
			                    (work < UINT32_MAX ? work
			                                       : UINT32_MAX)) /
			                   8);
	}
	ks->ema_expanded = (ks->ema_expanded * 7 + res.stats.expanded) / 8;
	if (!mi->hier && plan_is_long(w, i, mi->goal_x, mi->goal_y)) {
		/* A search the budget cut short would have cost at least a
		 * whole tick's budget. */
		uint32_t e = res.status == PATH_BUDGET && wk->tick_budget
		                     ? wk->tick_budget
		                     : res.stats.expanded;

		ks->ema_long = (ks->ema_long * 7 + e) / 8;
	}
	return plan_adopt(md, w, log, i, why, &res);
}

/* Whether a change of the cell (x, y) touches the rest of the path: the
 * cell is on it, or is a corner a diagonal step of it squeezes past.  A
 * cell more than one outside the path's box is neither (a monster that
 * rejoined its path stands one cell off it at most). */
static int plan_path_touches(const struct mind *mi, int x, int y)
{
	size_t k;

	if (x < mi->box_x0 - 1 || x > mi->box_x1 + 1 || y < mi->box_y0 - 1 ||
	    y > mi->box_y1 + 1)
		return 0;

	for (k = mi->pos; k < mi->len; k++) {
		const struct path_point *a = &mi->path[k];

		if (a->x == x && a->y == y)
			return 1;
		if (k + 1 < mi->len) {
			const struct path_point *b = &mi->path[k + 1];

			if (a->x != b->x && a->y != b->y &&
			    ((b->x == x && a->y == y) ||
			     (a->x == x && b->y == y)))
				return 1;
		}
	}
	return 0;
}

int plan_changes_break(struct minds *md, const struct world *w, size_t i,
                       struct kind_state *ks, int *mapwide)
{
	struct mind *mi = &md->mind[i];
	uint32_t s;

	*mapwide = 0;
	if (mi->plan_serial == w->change_serial)
		return 0;
	if (w->change_serial - mi->plan_serial >= WORLD_CHANGES_KEPT) {
		/* Too many changes to read back: assume the worst. */
		*mapwide = 1;
		mi->invalid_x = mi->invalid_y = -1;
		return 1;
	}
	for (s = mi->plan_serial + 1; s <= w->change_serial; s++) {
		const struct world_change *c = world_change(w, s);
		uint8_t before = ks->cost[c->from], after = ks->cost[c->to];

		if (before == after)
			continue;
		*mapwide = 1;
		/* A cell on the path that became cheaper (a door someone
		 * else opened) leaves the path as good as it was. */
		if ((after == 0 || after > before) &&
		    plan_path_touches(mi, c->x, c->y)) {
			mi->invalid_x = c->x;
			mi->invalid_y = c->y;
			return 1;
		}
	}
	return 0;
}
