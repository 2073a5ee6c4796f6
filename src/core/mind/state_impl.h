/* SPDX-License-Identifier: MIT */
/* state_impl.h - the inside of the minds, shared by the files of
 * src/core/mind/: each monster kind's planning state, the planner's
 * memory, and the steps of a decision.  It lies under mind.c and the
 * planner's files alike (mind.c calls down into them, and they read the
 * state), so it is not mind.c's: state.h below it holds the minds
 * themselves. */
#ifndef HUNTED_STATE_IMPL_H
#define HUNTED_STATE_IMPL_H

#include "state.h"

struct coop;
struct dlite_ctx;
struct distmap;
struct subgoal;
struct jps_ctx;

/* Other monsters within this many cells of a mover make their cell cost
 * more for its search (plan.c). */
#define OCC_RADIUS 6

/* The cells one crowd pricing may touch. */
#define OCC_CELLS ((2 * OCC_RADIUS + 1) * (2 * OCC_RADIUS + 1))

/* D* Lite contexts lent to monsters (repair.c): so many at most, each
 * O(cells) of memory (dlite.h: 12 bytes a cell). */
#define REPAIR_POOL 4

/* One context of the pool and what its search was last priced with, so
 * that the next repair reports exactly the cells that differ since. */
struct repair_slot {
	struct dlite_ctx *ctx; /* made on first lend, kept */
	size_t owner;          /* monster index + 1, 0: free */
	int kind, gx, gy;      /* the owner's kind and goal */
	uint8_t mode;          /* the owner's mode when lent */
	uint32_t serial;       /* the world's changes read up to */
	uint32_t used;         /* the turn it last served (LRU) */
	/* Since it was lent, in A* nodes: what its repairs cost, and what
	 * the searches they spared would have (see repair.c); the last
	 * answer's estimate of a search, and the scale of the estimates. */
	uint64_t spent, spared, est;
	uint32_t calib;
	uint32_t repairs; /* since it was lent */
	/* The cells the crowd was priced into at the last search. */
	size_t pen[OCC_CELLS];
	size_t npen;
};

/* What one monster kind plans with. */
struct kind_state {
	int built;
	struct grid grid;  /* the multipliers this kind plans with */
	uint8_t cost[256]; /* per terrain, doors' turns included */
	uint32_t *labels;  /* connected components, row major */
	uint32_t *sizes;   /* cells per component, index = label */
	/* Components merged since the labelling: alias[l] leads to the label
	 * l now belongs to (alias[l] == l for a live one). */
	uint32_t *alias;
	uint32_t ncomp, compcap;
	int labels_dirty;
	uint32_t labels_gen; /* the labellings made, and areas a blocked
	                        cell cut off and labelled anew: a raw label
	                        of labels[] holds while this does */
	enum path_diagonal diag; /* the kind's moves, for its components */
	/* Shared distance map to the player, settled only as far as the
	 * chasers reading it have needed (shared.c); dm_sealed when the
	 * grid changed since it started, so it can no longer grow. */
	struct distmap *dm;
	int dm_valid, dm_sealed;
	uint8_t dm_far; /* grown a budget at a time, kept as the player moves */
	int dm_tx, dm_ty;
	uint32_t dm_turn;      /* the last turn it started or grew in */
	uint32_t dm_cells;     /* the cells it has settled */
	int use_dm;            /* this tick, chasers of this kind walk dm */
	uint32_t chasers;      /* monsters of this kind chasing, this tick */
	uint32_t wanting;      /* ...of which want a new way (estimate) */
	uint32_t ema_expanded; /* running mean of A* expansions per plan */
	uint32_t guess;        /* what a plan of the kind is guessed to cost
	                          this tick (plan.c), fixed as it starts */
	/* ...a way read off its shared map instead, by the running mean of
	 * the steps read (shared.c), in nodes (WORK_READ) */
	uint32_t ema_read, guess_read;
	/* The hierarchy over grid (subgoal.h), built for kinds that may use it
	 * on a big map (plan.c), kept up to date from the world's changes;
	 * and the running mean of the expansions of the kind's long A*
	 * searches, which decides when it pays... */
	struct subgoal *sg;
	uint32_t ema_long;
	/* ...and of its hierarchy's answers, in the same units (plan.c). */
	uint32_t ema_hier;
};

/* Waits for a plan are told apart by the tick, up to this many; longer
 * ones are all alike (plan.c).  The queue has one bucket more, above
 * them all: the waits for a path a change broke (QUEUE_BROKEN). */
#define WAIT_BUCKETS  1024u
#define QUEUE_BROKEN  WAIT_BUCKETS
#define QUEUE_BUCKETS (WAIT_BUCKETS + 1u)

struct minds_work {
	struct kind_state *kinds;
	size_t nkinds;
	uint32_t synced; /* the world's changes are read up to this serial */
	struct path_ctx *ctx;
	struct jps_ctx *jctx; /* made for the first kind that jumps */
	struct flood_cut *cut; /* what a blocked cell cut off (kind.c) */
	struct path_point *buf;
	size_t bufcap;
	uint32_t tick_left;   /* nodes this tick may still expand */
	uint32_t tick_budget; /* ...of so many at its start */
	uint32_t tick_frac;   /* quarters of a node charged over */
	/* Of tick_left, the nodes held back for the monsters whose plans
	 * are due (plan.c): only they may spend them. */
	uint64_t held;
	uint64_t due_sum; /* what all the due plans were guessed to cost */
	/* ...those still to decide, by how long they waited (bucket), and
	 * the buckets that have any, longest first. */
	uint32_t due_rem[QUEUE_BUCKETS];
	uint16_t due_b[QUEUE_BUCKETS];
	size_t ndue_b;
	/* What the monster deciding may put into growing a far map it
	 * waits for (shared.c), 0 for all that is left to it. */
	uint32_t part;
	/* Cells given a crowd penalty for one search, to restore. */
	size_t pen_idx[OCC_CELLS];
	uint8_t pen_old[OCC_CELLS];
	size_t npen;
	int crowd_walls; /* the search under way takes the crowd for walls */
	/* The noises of this turn's log so far (goal.c), read once: the
	 * log's length read up to, the turn, and the noises' indices. */
	size_t noise_read;
	uint32_t noise_turn;
	size_t *noise, nnoise, noisecap;
	struct coop *coop; /* the cooperative planner, made on first use */
	struct repair_slot repair[REPAIR_POOL];
	/* Lends in a row whose D* Lite gave up (a first plan or a first
	 * repair past its limit, or no way), and the turn of the last: the
	 * next lend waits longer after each (repair.c). */
	uint32_t lend_fails, lend_fail_turn;
	/* The cells one repair reports: the changes the world keeps, and
	 * the crowd where it was and where it is. */
	struct path_point repair_cells[WORLD_CHANGES_KEPT + 2 * OCC_CELLS];
	/* The safety maps (flee.c), one a kind (nflees of them, made on
	 * first use), the distance map they are made from and the open list
	 * of their relaxation.  flee is the AI view's copy of one of them
	 * spread over the whole map, made when asked for: of kind view_kind
	 * at its build view_built (minds_flee_map). */
	struct flee_map *flees;
	size_t nflees;
	struct distmap *flee_dm;
	struct flee_entry *flee_heap;
	size_t flee_heapcap;
	int32_t *flee;
	size_t fleecap;
	size_t flee_of;   /* the monster the last step was read for, plus one */
	int flee_of_kind; /* ...its kind */
	int view_kind;
	uint32_t view_built;
};

/* A kind's safety map over a window of the dungeon round the cell fled
 * from (flee.c).  Kept across turns and shared by every fleeing monster
 * of the kind; made again when the cell fled from or the dungeon has
 * changed and the budget affords it, and at once when too old, too far
 * off or too small for the monster asking. */
struct flee_map {
	int32_t *v; /* w x h values, row major, FLEE_NONE: not reached */
	size_t cap;
	int made;
	int sx, sy;       /* the cell fled from */
	int mw, mh;       /* the dungeon's size */
	int x0, y0, w, h; /* the window */
	int radius;       /* its half side in cells; 0: the whole dungeon */
	int reach;        /* the farthest a monster asked from, this build */
	uint32_t serial;  /* the world's changes read up to */
	uint32_t turn;    /* when it was made */
	uint32_t built;   /* builds so far, for the AI view's copy */
	uint64_t work;    /* the cells the last build settled and relaxed */
};

struct flee_entry {
	int32_t key;
	uint32_t at;
};

/* flee.c: the safety map of a kind from (sx, sy), and a fleeing
 * monster's step down it. */
int flee_build(struct minds *md, const struct world *w, struct kind_state *ks,
               int kind, int sx, int sy, int mx, int my);
int flee_step(const struct minds *md, const struct world *w,
              const struct kind_state *ks, int kind, int x, int y, int *nx,
              int *ny);
/* The safety map of a kind spread over the whole dungeon (the AI
 * view's), NULL when there is none. */
const int32_t *flee_view(const struct minds *md, int kind);
void flee_free(struct minds_work *wk);

/* The Chebyshev distance: the steps between two cells on an 8-way
 * grid. */
static inline int chebyshev(int ax, int ay, int bx, int by)
{
	int dx = ax > bx ? ax - bx : bx - ax, dy = ay > by ? ay - by : by - ay;

	return dx > dy ? dx : dy;
}

/* plan.c: the kind's hierarchy built now, when the kind may plan with
 * one on this map (big enough, the automatic strategy, a kind searching
 * for the cheapest way with A*); 0 when built or not wanted, -1 when out
 * of memory. */
int plan_hier_prepare(struct minds *md, const struct world *w, int kind,
                      struct kind_state *ks);

/* goal.c: what a monster sees and where it wants to go. */
void goal_update(struct minds *md, const struct world *w, struct rng *rng,
                 struct event_log *log, size_t i, struct kind_state *ks);

/* plan.c: searching, keeping paths and checking them. */

/* The goal may drift by 1/DRIFT_SHARE of the way still to go. */
#define DRIFT_SHARE 8

/* How far the goal may move from where the kept path ends before the
 * monster plans again: the kind's own tolerance, or a share of the way
 * still to go when that is more.  A hunter far away loses almost nothing
 * by heading for where the player was a few turns ago (the first steps
 * of both ways are nearly always the same), and as it closes in, the
 * tolerance shrinks back to the kind's. */
static inline int plan_drift_tolerance(const struct world *w,
                                       const struct minds *md, size_t i)
{
	const struct mind *mi = &md->mind[i];
	int own = w->data->monsters[w->monsters[i].kind].drift;
	int far = mi->len > mi->pos ? (int)((mi->len - mi->pos) / DRIFT_SHARE)
	                            : 0;

	return far > own ? far : own;
}
int plan_run_search(struct minds *md, const struct world *w, size_t i,
                    struct kind_state *ks, int gx, int gy,
                    const struct path_params *p, struct path_ctx *ctx,
                    struct jps_ctx *jctx, struct path_point *buf, size_t cap,
                    struct path_result *res, struct path_trace *trace);
/* Monster i's search by hierarchy h (built on ks->grid for p's moves),
 * with the crowd and an unenterable goal priced in as plan_run_search
 * does: the whole path (windows 0) or its first windows (subgoal.h). */
struct subgoal_info;
int plan_run_hier(struct minds *md, const struct world *w, size_t i,
                  struct kind_state *ks, struct subgoal *h, int gx, int gy,
                  const struct path_params *p, unsigned windows,
                  struct path_point *buf, size_t cap, struct path_result *res,
                  struct subgoal_info *info);
/* Monster i's search by D* Lite (dlite.h), with the crowd and an
 * unenterable goal priced in as plan_run_search does: a first plan
 * (fresh), or a repair after the cells that differ from snap (the kind
 * grid's padded cells as the last call priced them) are reported and the
 * walker is moved to the monster's cell.  snap is brought up to date;
 * *changed gets the cells reported. */
struct dlite_ctx;
int plan_run_dlite(struct minds *md, const struct world *w, size_t i,
                   struct kind_state *ks, int gx, int gy,
                   const struct path_params *p, struct dlite_ctx *ctx,
                   uint8_t *snap, int fresh, struct path_point *buf, size_t cap,
                   struct path_result *res, size_t *changed);
int plan_keep_path(struct mind *mi, const struct path_point *buf, size_t len);
/* Makes the work buffer hold at least need points (doubling it): 0, or -1
 * when out of memory. */
int plan_buf_fit(struct minds_work *wk, size_t need);
/* What a mind remembers of a new plan, however it was made: why, for
 * which goal, when, and at which change of the map. */
void plan_made(struct mind *mi, const struct world *w, enum replan_reason why);
int plan_search(struct minds *md, const struct world *w, struct event_log *log,
                size_t i, struct kind_state *ks, enum replan_reason why);
/* plan.c: how long re-plans put off by the budget wait.  plan_wait marks
 * monster i waiting (if it was not already), plan_served ends its wait;
 * plan_waits_tick, at the start of a tick, counts every wait so far,
 * the last tick not counted against a waiter that could not act in
 * it, and makes the longest waits due (struct mind's due), holding back
 * for them the budget they are guessed to need (minds_work's held). */
void plan_wait(struct minds *md, const struct world *w, size_t i,
               enum replan_reason why);
void plan_served(struct minds *md, size_t i);
void plan_waits_tick(struct minds *md, const struct world *w);
/* Whether the mind waits for a plan since a change broke its path (it
 * is first in the queue). */
static inline int plan_broken(const struct mind *mi)
{
	return mi->wait_since && mi->wait_why == REPLAN_CHANGED;
}

/* What a plan of monster i's kind is guessed to cost this tick, in
 * nodes: its kind's searches lately, within its kind's budget and the
 * tick's, and what starting one costs; worked out once for every kind as
 * the tick starts (plan_waits_tick), so that the budget held back for a
 * due plan is the budget freed when it is made. */
static inline uint32_t plan_guess(const struct minds *md,
                                  const struct world *w, size_t i)
{
	const struct kind_state *ks = &md->work->kinds[w->monsters[i].kind];
	const struct mind *mi = &md->mind[i];

	/* A chaser whose path a change broke, of a kind that hunts by its
	 * shared map this tick (shared_choose, before the queue is made),
	 * reads its way again off the mended map. */
	return ks->use_dm && mi->mode == MIND_CHASE && plan_broken(mi)
	               ? ks->guess_read
	               : ks->guess;
}
/* Of the budget held back for the due plans, what is held for those that
 * waited longer than monster i, which is due, and have yet to decide
 * (plan.c); and i having decided, its part is no longer held. */
uint32_t plan_held_before(const struct minds *md, size_t i, uint32_t guess);
void plan_decided(struct minds *md, size_t i, uint32_t guess);
int plan_changes_break(struct minds *md, const struct world *w, size_t i,
                       struct kind_state *ks, int *mapwide);

/* Monster i's search by the D* Lite context of slot s, with the crowd
 * and an unenterable goal priced in as plan_run_search does: a first plan
 * (fresh), or a repair after the cells that changed since the slot's last
 * search (the world's changes the kind minds, the crowd where it was and
 * where it is now) are reported and the walker is moved to the monster's
 * cell.  Returns the path status. */
int plan_run_slot(struct minds *md, const struct world *w, size_t i,
                  struct kind_state *ks, struct repair_slot *s, int fresh,
                  const struct path_params *p, struct path_point *buf,
                  size_t cap, struct path_result *res);
/* What a mind takes from a finished search (res, its path in the
 * planner's buffer): the plan's bookkeeping, events, the kept path.
 * Returns 0, or -1 (no usable answer, or out of memory). */
int plan_adopt(struct minds *md, const struct world *w, struct event_log *log,
               size_t i, enum replan_reason why, const struct path_result *res);

/* repair.c: the pool of D* Lite contexts.  repair_try makes monster i's
 * path broken by a change again by its context, lending it one when the
 * rule says so: 0 when it did (the path is kept), 1 when the monster
 * should search the ordinary way, -1 when out of memory.  repair_check
 * returns the context of a monster whose goal or mode changed;
 * repair_release returns monster i's; repair_tick those of the dead. */
int repair_try(struct minds *md, const struct world *w, struct event_log *log,
               size_t i, struct kind_state *ks);
void repair_check(struct minds *md, size_t i);
void repair_release(struct minds *md, size_t i);
void repair_tick(struct minds *md, const struct world *w);
void repair_free(struct minds_work *wk);
size_t repair_bytes(const struct minds_work *wk);

/* shared.c: distance maps shared by many chasers of a kind. */
void shared_choose(struct minds *md, const struct world *w);
int shared_map_worth_keeping(uint32_t monsters, const struct world *w);
int shared_plan(struct minds *md, const struct world *w, struct event_log *log,
                size_t i, struct kind_state *ks, enum replan_reason why);

/* coop.c: cooperative planning in a crowd.  coop_next gives monster i's
 * next cell by its space-time plan: 1 to step to (*nx, *ny), 0 to wait,
 * -1 when it is not in a crowd (or cannot plan) and steps the ordinary
 * way.  coop_begin and coop_end bracket each decision (a monster that
 * did not act by its plan drops its reservations); coop_tick starts a
 * tick. */
int coop_next(struct minds *md, const struct world *w, struct event_log *log,
              size_t i, struct kind_state *ks, int *nx, int *ny);
void coop_begin(struct minds *md, size_t i);
void coop_end(struct minds *md, size_t i);
void coop_tick(struct minds *md, const struct world *w);
void coop_free(struct coop *c);
/* Whether monster j, under the automatic strategy, keeps to a
 * cooperative plan, or did at the start of this turn: the ordinary way
 * does not trade places with it, nor does it trade places itself
 * (decide.c), which would pass through reservations. */
int coop_holds(const struct minds *md, const struct world *w, size_t j);
size_t coop_bytes(const struct coop *c, size_t *per_monster);
/* What minds_coop_plan and minds_reserve (mind.h) answer: monster i's
 * cooperative plan, and the reservation table. */
size_t coop_plan_cells(const struct minds *md, size_t i, uint32_t *turn,
                       struct path_point *buf, size_t cap);
struct reserve;
const struct reserve *coop_reserve(const struct minds *md);

/* decide.c: the decision itself. */
void decide_act(struct minds *md, const struct world *w, struct rng *rng,
                struct event_log *log, size_t i, struct kind_state *ks,
                struct world_action *out);

/* The planning budget counts A* expansions.  Other work is charged at
 * what one unit of it costs against one expansion, in quarters of one,
 * as tests/bench/costbench measures it on 256 to 1024 square maps: a
 * distance map's cell settled (shared, far and safety maps) 1.25-1.27
 * expansions, and what a search pays to start, beyond its nodes, 4.4-10
 * (the bigger the map, the more): six, as on 512x512.  A step of a way
 * read off a map (distmap_walk) costs 0.38-0.60, but is charged a node:
 * charged what it costs, more reads went into a turn, the maps grew to
 * serve more chasers, and the work they bring that no budget bounds (a
 * far map grown as far as it must in the tick it started, mended when a
 * wall cuts it) grew with them: the worst turns of 500 hunters on a
 * 1024x1024 cave went from 3.4-3.7 to 3.9-5.8 ms (p99), of 2,000 on
 * 512x512 with a wall a turn from 23 to 37-45 ms. */
#define WORK_NODE   4u
#define WORK_CELL   5u
#define WORK_READ   4u
#define WORK_SEARCH 24u

/* What units of work at quarters (WORK_*) each cost, in nodes... */
static inline uint64_t work_nodes(uint64_t units, uint32_t quarters)
{
	return units * quarters / WORK_NODE;
}

/* ...and the units of work at quarters each that `left` nodes of
 * budget pay for. */
static inline uint32_t work_affords(uint32_t left, uint32_t quarters)
{
	return (uint32_t)((uint64_t)left * WORK_NODE / quarters);
}

/* Charges units of work at quarters (WORK_*) each to the tick's budget,
 * the fractions carried over to the next charge. */
static inline void tick_charge(struct minds_work *wk, uint64_t units,
                               uint32_t quarters)
{
	uint64_t q = units * quarters + wk->tick_frac;
	uint64_t nodes = q / WORK_NODE;

	wk->tick_frac = (uint32_t)(q % WORK_NODE);
	wk->tick_left -=
	        nodes < wk->tick_left ? (uint32_t)nodes : wk->tick_left;
}

#endif
