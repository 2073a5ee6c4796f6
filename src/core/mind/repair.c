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
 * one of REPAIR_PAYS nodes or more, it is lent a context, which plans
 * afresh (D* Lite's first plan costs some three A* searches); every
 * further break toward that goal is then repaired from the cells that
 * changed since: the world's changes the kind minds, read from its log,
 * and the crowd cells priced in or out since the last search.  The
 * context goes back to the pool when the goal or the mode changes, near
 * the goal, when the monster dies, when a repair costs more than the
 * search it replaces (the monster then gets none again for that goal),
 * or to a monster that needs one more, the one that served least
 * recently first, but only one idle for REPAIR_WINDOW turns.
 *
 * Why so careful: the game's A* settles a node in some 40 ns (a bucket
 * queue), a D* Lite node costs four times that, and a repair pays some
 * 20 us before it expands anything; with the crowd moving round the
 * monster, a repair expands more than repairbench's lone doors.  Only
 * breaks whose search is big enough are worth a context (turnbench
 * --keeper, doc/benchmarks.md).
 *
 * Only kinds whose searches D* Lite answers the same way take part: A*
 * with w = 1 and an admissible heuristic, or Dijkstra; not the kinds
 * that jump (jump point search is cheaper than a first D* Lite plan on
 * open ground), nor the --strategy astar and distmap games, nor
 * --no-cache. */
#include <stdlib.h>
#include <string.h>

#include "core/path/dlite.h"
#include "mind_impl.h"

/* Breaks toward one goal before a context is lent, the last two at most
 * REPAIR_WINDOW turns apart: one break says little about the next, two
 * in a row on the same way are a door keeper at work; and the search of
 * the break before tells what a search costs from about here. */
#define REPAIR_AFTER  2
#define REPAIR_WINDOW 8u
/* A repair costs some 20 us whatever it expands (the changes and the
 * crowd's cells reported, the queue's stale keys, the path read off the
 * costs), as much as an A* search of about REPAIR_FIXED nodes, and each
 * node it expands DLITE_WORK_WEIGHT times an A* node: turnbench
 * --keeper, D* Lite's repairs against A* beside them on the same
 * queries, lose below 1,000 A* nodes (20 us against 4-9) and win from
 * there (28-43 us against 48-50 for 1,000-4,000).  A context is lent only
 * to a monster whose last break cost a search of REPAIR_PAYS nodes... */
#define REPAIR_FIXED 500u
#define REPAIR_PAYS  2000u
/* ...and only while that many steps of the broken path are still to go
 * (the context goes back when fewer are): near its goal, a monster's
 * searches are small whatever the last one cost (turnbench --keeper:
 * contexts lent without this served repairs whose A* beside them took
 * 2-6 us). */
#define REPAIR_MIN_STEPS 32u
/* ...and what one D* Lite node costs against one A* expansion, in time
 * (repairbench on brc202d: 119 ns a node in a first plan, about 160 in a
 * repair, against A*'s 36): the planning budget is charged that much.  A
 * repair that costs, in these units, more than the search it replaces
 * (a wall that cuts the only way: every cell behind it is raised and
 * lowered again) returns the context, and the monster gets none again
 * for that goal. */
#define DLITE_WORK_WEIGHT 4u

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
	if (mi->mode == MIND_CHASE || minds_kind_jumps(w, kind) ||
	    !minds_kind_optimal(w, kind))
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
	if (p->budget && est > p->budget)
		return 0;
	return est * DLITE_WORK_WEIGHT <= md->work->tick_left;
}

int repair_try(struct minds *md, const struct world *w, struct event_log *log,
               size_t i, struct kind_state *ks)
{
	struct minds_work *wk = md->work;
	struct mind *mi = &md->mind[i];
	struct repair_slot *s;
	struct path_params p;
	struct path_result res;
	uint64_t work;
	uint32_t prev;
	int fresh = 0, rc;

	minds_params(w, w->monsters[i].kind, &p);
	if (!repair_allowed(md, w, i, &p)) {
		repair_release(md, i);
		return 1;
	}
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
		return 1;
	}
	if (!s) {
		if (mi->breaks < REPAIR_AFTER ||
		    !repair_plan_fits(md, w, prev, mi, &p))
			return 1;
		s = repair_lend(md, w, i);
		if (!s)
			return 1;
		s->est = mi->repair_expanded;
		fresh = 1;
	}
	rc = plan_run_slot(md, w, i, ks, s, fresh, &p, wk->buf, wk->bufcap,
	                   &res);
	if (rc == PATH_FOUND && res.length > wk->bufcap) {
		/* The path did not fit: the same answer again into a bigger
		 * buffer, which costs the context no more search. */
		struct path_result more;

		if (plan_buf_fit(wk, res.length) != 0)
			return -1;
		plan_run_slot(md, w, i, ks, s, 0, &p, wk->buf, wk->bufcap,
		              &more);
		more.stats.expanded += res.stats.expanded;
		res = more;
	}
	s->used = w->turn;
	work = (uint64_t)res.stats.expanded * DLITE_WORK_WEIGHT;
	wk->tick_left -= work < wk->tick_left ? (uint32_t)work : wk->tick_left;
	md->stats.expanded += res.stats.expanded;
	md->stats.dlite_expanded += res.stats.expanded;
	md->stats.changed_expanded += res.stats.expanded;
	if (res.status != PATH_FOUND) {
		/* No way (A* then leaves the way to the closest cell), or the
		 * context lost its plan (out of memory). */
		if (res.status != PATH_NO_PATH)
			repair_release(md, i);
		return 1;
	}
	md->stats.plans++;
	md->stats.reasons[REPLAN_CHANGED]++;
	if (fresh)
		md->stats.dlite_plans++;
	else
		md->stats.dlite_repairs++;
	mi->repair = fresh ? MIND_REPAIR_DLITE_PLAN : MIND_REPAIR_DLITE;
	mi->repair_expanded = res.stats.expanded;
	mi->hier = 0;
	if (!fresh && work + REPAIR_FIXED > s->est) {
		/* Dearer than a search: the path is kept, the context
		 * goes. */
		repair_release(md, i);
		mi->no_repair = 1;
	}
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
