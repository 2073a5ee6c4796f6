/* SPDX-License-Identifier: MIT */
/* repair.c - the few D* Lite contexts (core/path/dlite.h) the minds lend
 * to monsters whose way to a goal that stays put keeps being broken by
 * changes of the map: a door shut in a guard's face, a cell the sandbox
 * walls up on a wanderer's way.
 *
 * A monster's first break toward a goal is searched again the ordinary
 * way.  On its second break toward the same goal, when the goal does not
 * move (any mode but the chase: a chaser's goal is the player, and a
 * search rooted at a goal that moves every turn repairs nothing), when
 * the break before came a few turns earlier and its search was a whole
 * one of REPAIR_PAYS nodes or more, within the kind's budget, it is lent
 * a context, which plans afresh (D* Lite's first plan, a backward A* on
 * buckets, costs about one and a half A* searches); every further break
 * toward that goal is then repaired from the cells that changed since:
 * the world's changes the kind minds, read from its log, and the crowd
 * cells priced in or out since the last search.  The context goes back
 * to the pool when the goal or the mode changes, near the goal, when the
 * monster dies, when the way it answers is so plain that an A* search
 * would now cost less than a repair, or to a monster that needs one
 * more, the one that served least recently first, but only one idle for
 * REPAIR_WINDOW turns.  It goes back for good (the monster gets none
 * again for that goal) when its repairs have cost, all told, clearly
 * more than the searches they spared, when a plan or a repair runs past
 * twice the search it spares, or when the goal is out of reach.  Lends
 * that give up before they serve make the next lend, anyone's, wait.
 *
 * Why so careful: the game's A* settles a node in some 30 ns, a D* Lite
 * repair node costs six times that, and a repair pays as much as 250 A*
 * nodes before it expands anything; with the crowd moving round the
 * monster and other monsters' doors, a repair expands more than
 * repairbench's lone doors.  Only breaks whose search is big enough are
 * worth a context, and only while searches stay big (turnbench --keeper,
 * doc/benchmark-history.md).
 *
 * Only kinds whose searches D* Lite answers the same way take part: A*
 * with w = 1 and an admissible heuristic, or Dijkstra; not the kinds
 * that jump (jump point search is cheaper than a first D* Lite plan on
 * open ground), nor the --strategy astar and distmap games, nor
 * --no-cache. */
#include <stdlib.h>
#include <string.h>

#include "core/path/dlite.h"
#include "kind_impl.h"
#include "state_impl.h"

/* Breaks toward one goal before a context is lent, the last two at most
 * REPAIR_WINDOW turns apart: one break says little about the next, two
 * in a row on the same way are a door keeper at work; and the search of
 * the break before tells what a search costs from about here. */
#define REPAIR_AFTER  2
#define REPAIR_WINDOW 8u
/* What D* Lite's work costs, in A* expansions (the game's A* settles a
 * node in some 30 ns, on buckets): a repair REPAIR_FIXED whatever it
 * expands (the changes reported, the queue's stale keys, the way read off
 * the costs) and DLITE_REPAIR_WEIGHT a node it expands (a raise looks
 * again at the best steps of eight neighbours); a first plan, a backward
 * A* on buckets, DLITE_PLAN_WEIGHT a node.  turnbench --keeper on
 * split120, 611 repairs each beside an A* on the same query: a repair
 * took 11.7 us and 0.164 us a node (its decision included), an A* 3.9 us
 * and 0.029 a node.  The planning budget is charged at these weights. */
#define REPAIR_FIXED        250u
#define DLITE_REPAIR_WEIGHT 6u
#define DLITE_PLAN_WEIGHT   2u
/* A context is lent only to a monster whose last break cost a search of
 * REPAIR_PAYS nodes... */
#define REPAIR_PAYS 2000u
/* ...and only while that many steps of the broken path are still to go
 * (the context goes back when fewer are): near its goal, a monster's
 * searches are small whatever the last one cost... */
#define REPAIR_MIN_STEPS 32u
/* ...and, after lends that gave up (a first plan or a first repair past
 * its limit, or no way), only when REPAIR_WINDOW turns have passed since
 * the last, doubled for each in a row, at most REPAIR_FAILS_MAX times
 * (8 << 6 = 512 turns); a repair that serves ends the wait.  On a
 * generated dungeon every lend gave up (turnbench --keeper: first plans
 * from the goal's side past the kind's budget), on split120 one in four. */
#define REPAIR_FAILS_MAX 6u
/* A context is kept while the A* it spares would cost REPAIR_KEEP nodes
 * or more, as a repair of the usual twenty nodes does: each answer tells
 * what an A* on its way would expand (repair_astar_estimate).  Once a
 * monster is past the doors that made its way long (its way is then
 * about as dear as the heuristic says), A* costs about a node a step and
 * the context goes back (turnbench --keeper: before this, contexts kept
 * for the rest of the way served repairs of 6-20 us where A* took 3-8).
 * Of the 611 repairs above, those with an estimate of 300 nodes or more
 * saved 4.9 ms against A*, all of them 2.2 ms. */
#define REPAIR_KEEP 400u
/* The repairs of one lend may cost, all told, that much more than the
 * searches they spared before the context goes back for good: one repair
 * dearer than its search (a wall cut the way, and the cells behind it
 * were raised) is paid back by the cheap ones around it. */
#define REPAIR_SLACK (2u * REPAIR_KEEP)
/* A first plan may expand that many times the nodes of the search before
 * it, a repair that many times the search it spares (in time); past that
 * it stops and the monster searches as before, and gets no context again
 * for that goal: D* Lite searches from the goal, and where the goal's
 * side is wide open it can flood far more than the monster's own search
 * from its side (turnbench --keeper on a generated dungeon: a repair of
 * 26,000 nodes, 3 ms, where the search from the monster's pocket took
 * 29). */
#define REPAIR_OVER 2u
/* The widening of A*'s search with the way's length per unit of cost
 * over the heuristic, as a divisor (see repair_astar_estimate). */
#define REPAIR_SPREAD 5u
/* The shape's estimate assumes open ground; in corridors A* expands far
 * less (turnbench --keeper on a generated dungeon: estimates of 14,000
 * to 100,000 nodes where A* took 600 to 1,300).  Each context scales it
 * by what its first plan expanded against the estimate then, in 256ths,
 * between 1/64 and 4. */
#define REPAIR_CALIB_ONE 256u
#define REPAIR_CALIB_MIN 4u
#define REPAIR_CALIB_MAX 1024u

/* What an A* search from the monster to its goal would expand for the way
 * D* Lite has just given (res), in nodes, judged from the way's shape:
 * about one a step while the way costs what the heuristic h says (a
 * straight walk over open ground), and for every unit of cost above it a
 * band of cells whose f stays under the way's, wider the longer the way:
 * steps + steps^2 (cost / h - 1) / REPAIR_SPREAD.  Against A* beside
 * 611 of D* Lite's answers on split120 (turnbench --keeper), it came to
 * 0.6-1.12 times A*'s nodes for the middle half of them. */
static uint64_t repair_astar_estimate(const struct path_result *res, uint32_t h)
{
	const uint64_t steps = res->length ? res->length - 1 : 0;

	if (!h || res->cost <= h)
		return steps;
	return steps +
	       steps * steps * (res->cost - h) / ((uint64_t)REPAIR_SPREAD * h);
}

static struct repair_slot *repair_held(struct minds *md, size_t i)
{
	const struct mind *mi = &md->mind[i];

	return mi->repair_slot ? &md->work->repair[mi->repair_slot - 1] : NULL;
}

void repair_release(struct minds *md, size_t i)
{
	struct repair_slot *s = repair_held(md, i);

	if (s)
		s->owner = 0;
	md->mind[i].repair_slot = 0;
	md->mind[i].given_back = MIND_GIVE_BACK_NONE;
}

void repair_check(struct minds *md, size_t i)
{
	const struct mind *mi = &md->mind[i];
	const struct repair_slot *s = repair_held(md, i);

	if (s &&
	    (s->gx != mi->goal_x || s->gy != mi->goal_y || s->mode != mi->mode))
		repair_release(md, i);
}

void repair_tick(struct minds *md, const struct world *w)
{
	struct minds_work *wk = md->work;
	size_t k;

	for (k = 0; k < REPAIR_POOL; k++) {
		size_t o = wk->repair[k].owner;

		if (o && (o > w->nmonsters || !w->monsters[o - 1].alive))
			repair_release(md, o - 1);
	}
}

/* Whether monster i's broken path may be made again by D* Lite at all. */
static int repair_allowed(const struct minds *md, const struct world *w,
                          size_t i, const struct path_params *p)
{
	const struct mind *mi = &md->mind[i];
	int kind = w->monsters[i].kind;

	if (md->opt.no_dlite || md->opt.no_cache ||
	    (md->opt.strategy != MIND_STRATEGY_AUTO &&
	     md->opt.strategy != MIND_STRATEGY_COOP))
		return 0;
	if (mi->mode == MIND_CHASE || kind_jumps(w, kind) ||
	    !kind_optimal(w, kind))
		return 0;
	/* The goal the broken path led to is still the goal. */
	if (mi->goal_x != mi->plan_goal_x || mi->goal_y != mi->plan_goal_y)
		return 0;
	return p->algo == PATH_DIJKSTRA ||
	       (p->algo == PATH_ASTAR && p->weight == PATH_WEIGHT_ONE);
}

/* A context for monster i, free or taken from the monster it served
 * least recently, if that was more than REPAIR_WINDOW turns ago (taking
 * one that still serves would only make the two plan afresh by turns),
 * made on first use; NULL when none. */
static struct repair_slot *repair_lend(struct minds *md, const struct world *w,
                                       size_t i)
{
	struct minds_work *wk = md->work;
	struct mind *mi = &md->mind[i];
	struct repair_slot *s = NULL;
	size_t k;

	for (k = 0; k < REPAIR_POOL; k++) {
		struct repair_slot *c = &wk->repair[k];

		if (!c->owner) {
			s = c;
			break;
		}
		if (w->turn - c->used > REPAIR_WINDOW &&
		    (!s || c->used < s->used))
			s = c;
	}
	if (!s)
		return NULL;
	if (!s->ctx)
		s->ctx = dlite_ctx_new(w->width, w->height);
	if (!s->ctx)
		return NULL;
	if (s->owner)
		repair_release(md, s->owner - 1);
	s->owner = i + 1;
	s->kind = w->monsters[i].kind;
	s->gx = mi->goal_x;
	s->gy = mi->goal_y;
	s->mode = mi->mode;
	s->npen = 0;
	s->spent = 0;
	s->spared = 0;
	s->repairs = 0;
	mi->repair_slot = (uint8_t)(s - wk->repair + 1);
	return s;
}

/* Whether the first plan of a context pays and fits this tick: the path
 * broken was a whole one, made by a search (not the hierarchy's first
 * windows, whose cost says nothing of a whole path's) of REPAIR_PAYS
 * nodes or more; D* Lite's first plan expands about as much, at its
 * price, which the tick must still have; and the kind's own budget
 * cannot cut it short. */
static int repair_plan_fits(const struct minds *md, const struct world *w,
                            uint32_t prev, const struct mind *mi,
                            const struct path_params *p)
{
	uint64_t est = mi->repair_expanded;

	if (mi->repair != MIND_REPAIR_SEARCH || mi->partial || mi->hier ||
	    mi->no_repair || est < REPAIR_PAYS ||
	    w->turn - prev > REPAIR_WINDOW ||
	    mi->len < mi->pos + REPAIR_MIN_STEPS)
		return 0;
	/* A search that used the kind's whole budget was cut short: its
	 * size says nothing of the way's. */
	if (p->budget && est >= p->budget)
		return 0;
	/* After lends that gave up, the next waits: REPAIR_WINDOW turns,
	 * doubled for each in a row. */
	if (md->work->lend_fails && w->turn - md->work->lend_fail_turn <
	                                    REPAIR_WINDOW
	                                            << md->work->lend_fails)
		return 0;
	return est * DLITE_PLAN_WEIGHT <= md->work->tick_left;
}

/* Counts monster i's path broken again for the same goal, and finds the
 * context its repair runs in: the one it holds, or one lent now (*fresh
 * set) with its first plan's limit in p.  NULL when this break is not
 * repaired (too soon, too near the goal, no context to lend). */
static struct repair_slot *repair_take(struct minds *md, const struct world *w,
                                       size_t i, struct path_params *p,
                                       int *fresh)
{
	struct mind *mi = &md->mind[i];
	struct repair_slot *s;
	uint32_t prev, limit;

	if (mi->break_x != mi->goal_x || mi->break_y != mi->goal_y) {
		mi->break_x = mi->goal_x;
		mi->break_y = mi->goal_y;
		mi->breaks = 0;
		mi->no_repair = 0;
	}
	if (mi->breaks < UINT8_MAX)
		mi->breaks++;
	prev = mi->break_turn;
	mi->break_turn = w->turn;
	s = repair_held(md, i);
	if (s && mi->len < mi->pos + REPAIR_MIN_STEPS) {
		/* Near the goal a search is small: the context goes. */
		repair_release(md, i);
		mi->given_back = MIND_GIVE_BACK_NEAR;
		return NULL;
	}
	if (!s) {
		if (mi->breaks < REPAIR_AFTER ||
		    !repair_plan_fits(md, w, prev, mi, p))
			return NULL;
		s = repair_lend(md, w, i);
		if (!s)
			return NULL;
		*fresh = 1;
		limit = mi->repair_expanded * REPAIR_OVER;
		if (!p->budget || limit < p->budget)
			p->budget = limit;
	} else {
		/* A repair may cost twice the search it spares. */
		const uint64_t room =
		        s->est * REPAIR_OVER / DLITE_REPAIR_WEIGHT;

		dlite_set_limit(s->ctx, room > UINT32_MAX ? UINT32_MAX
		                                          : (uint32_t)room);
	}
	return s;
}

/* Runs the first plan or the repair in slot s into the planner's buffer,
 * and charges its work (*work, in A* nodes) to the turn and the
 * statistics.  Returns 0, or -1 when out of memory. */
static int repair_run(struct minds *md, const struct world *w, size_t i,
                      struct kind_state *ks, struct repair_slot *s, int fresh,
                      const struct path_params *p, struct path_result *res,
                      uint64_t *work)
{
	struct minds_work *wk = md->work;
	int rc;

	rc = plan_run_slot(md, w, i, ks, s, fresh, p, wk->buf, wk->bufcap, res);
	if (rc == PATH_FOUND && res->length > wk->bufcap) {
		/* The path did not fit: the same answer again into a bigger
		 * buffer, which costs the context no more search. */
		struct path_result more;

		if (plan_buf_fit(wk, res->length) != 0)
			return -1;
		plan_run_slot(md, w, i, ks, s, 0, p, wk->buf, wk->bufcap,
		              &more);
		more.stats.expanded += res->stats.expanded;
		*res = more;
	}
	s->used = w->turn;
	*work = (uint64_t)res->stats.expanded *
	        (fresh ? DLITE_PLAN_WEIGHT : DLITE_REPAIR_WEIGHT);
	wk->tick_left -=
	        *work < wk->tick_left ? (uint32_t)*work : wk->tick_left;
	md->stats.expanded += res->stats.expanded;
	md->stats.dlite_expanded += res->stats.expanded;
	md->stats.changed_expanded += res->stats.expanded;
	return 0;
}

/* The repair in slot s found no way (status in res). */
static void repair_gave_up(struct minds *md, const struct world *w, size_t i,
                           struct repair_slot *s, const struct path_result *res)
{
	struct minds_work *wk = md->work;
	struct mind *mi = &md->mind[i];

	/* No way: the search the monster falls back on leaves it the
	 * way to the closest cell, which D* Lite cannot give, and
	 * searching from the goal floods the goal's side of the cut,
	 * which may be the bigger one (turnbench --keeper on a
	 * generated dungeon: a repair of 26,000 nodes where the search
	 * from the monster's pocket took 29).  Or the context lost its
	 * plan (out of memory), or its search ran past REPAIR_OVER
	 * times the search it spares (from the goal's side, again).
	 * Either way the context goes, and the monster gets none
	 * again for that goal. */
	repair_release(md, i);
	mi->no_repair = 1;
	mi->given_back = res->status == PATH_NO_PATH ? MIND_GIVE_BACK_NO_WAY
	                                             : MIND_GIVE_BACK_DEAR;
	if (s->repairs == 0) {
		/* The lend gave up before it served once. */
		if (wk->lend_fails < REPAIR_FAILS_MAX)
			wk->lend_fails++;
		wk->lend_fail_turn = w->turn;
	}
}

/* The repair in slot s found a way: counts it, estimates what a search
 * would have cost, and gives the context back when it is no longer
 * worth its memory. */
static void repair_found(struct minds *md, const struct world *w, size_t i,
                         struct repair_slot *s, int fresh, uint64_t work,
                         const struct path_params *p,
                         const struct path_result *res)
{
	struct minds_work *wk = md->work;
	struct mind *mi = &md->mind[i];
	uint64_t est;

	md->stats.plans++;
	md->stats.reasons[REPLAN_CHANGED]++;
	if (fresh) {
		md->stats.dlite_plans++;
	} else {
		md->stats.dlite_repairs++;
		s->repairs++;
		wk->lend_fails = 0;
	}
	mi->repair = fresh ? MIND_REPAIR_DLITE_PLAN : MIND_REPAIR_DLITE;
	mi->repair_expanded = res->stats.expanded;
	mi->hier = 0;
	est = repair_astar_estimate(res, path_heuristic(p, w->monsters[i].x,
	                                                w->monsters[i].y, s->gx,
	                                                s->gy));
	if (fresh) {
		/* What the shape says against what a search (the plan, a
		 * backward A*) took: kept for every later estimate. */
		uint64_t c = (uint64_t)res->stats.expanded * REPAIR_CALIB_ONE /
		             (est ? est : 1);

		s->calib = c < REPAIR_CALIB_MIN   ? REPAIR_CALIB_MIN
		           : c > REPAIR_CALIB_MAX ? REPAIR_CALIB_MAX
		                                  : (uint32_t)c;
	}
	est = est * s->calib / REPAIR_CALIB_ONE;
	s->est = est;
	if (est < REPAIR_KEEP) {
		/* A* would now be cheap: the path is kept, the context goes
		 * (a later long way may have one again). */
		repair_release(md, i);
		mi->given_back = MIND_GIVE_BACK_CHEAP;
	} else if (!fresh) {
		s->spent += work + REPAIR_FIXED;
		s->spared += est;
		if (s->spent > s->spared + REPAIR_SLACK) {
			/* Dearer than the searches it spared: the path is
			 * kept, the context goes, for good for this goal. */
			repair_release(md, i);
			mi->no_repair = 1;
			mi->given_back = MIND_GIVE_BACK_DEAR;
		}
	}
}

int repair_try(struct minds *md, const struct world *w, struct event_log *log,
               size_t i, struct kind_state *ks)
{
	struct repair_slot *s;
	struct path_params p;
	struct path_result res;
	uint64_t work;
	int fresh = 0;

	kind_params(w, w->monsters[i].kind, &p);
	if (!repair_allowed(md, w, i, &p)) {
		repair_release(md, i);
		return 1;
	}
	s = repair_take(md, w, i, &p, &fresh);
	if (!s)
		return 1;
	if (repair_run(md, w, i, ks, s, fresh, &p, &res, &work) != 0)
		return -1;
	if (res.status != PATH_FOUND) {
		repair_gave_up(md, w, i, s, &res);
		return 1;
	}
	repair_found(md, w, i, s, fresh, work, &p, &res);
	return plan_adopt(md, w, log, i, REPLAN_CHANGED, &res);
}

void repair_free(struct minds_work *wk)
{
	size_t k;

	for (k = 0; k < REPAIR_POOL; k++)
		dlite_ctx_free(wk->repair[k].ctx);
}

size_t repair_bytes(const struct minds_work *wk)
{
	size_t k, n = 0;

	for (k = 0; k < REPAIR_POOL; k++)
		if (wk->repair[k].ctx)
			n += dlite_ctx_bytes(wk->repair[k].ctx);
	return n;
}
