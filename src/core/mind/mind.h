/* SPDX-License-Identifier: MIT */
/* mind.h - the monsters' minds: what each one wants, the path it keeps,
 * and the planner that decides its next action.
 *
 * Every monster plans with A* over a cost grid made for its kind (terrain
 * costs, its own overrides, the doors it can pass, plus the turn it takes
 * to open one) and keeps the path while it stays valid: the goal has not
 * drifted beyond the kind's tolerance and no cell on the rest of the path
 * changed in a way that matters to that kind.  Other monsters near the
 * mover add cost rather than walls, so a crowd spreads out instead of
 * sealing a corridor; under the coop strategy a crowd also plans its
 * next turns in space and time round the cells each has reserved
 * (coop.c, reserve.h), and under the automatic one the monsters of a
 * jam do, for a few turns.  On a big map, a long search that costs A* enough
 * goes to the hierarchy (core/path/hpa.h), which gives the first part of
 * a near-cheapest way at a fraction of the work.  A monster whose way to
 * a goal that stays put keeps being broken by changes (doors shut in its
 * face) is lent one of a few D* Lite contexts (core/path/dlite.h,
 * repair.c), which repairs its search instead of starting over.  A
 * target out of reach is recognised from the kind's connected components
 * without a search, and the monster settles on the closest reachable
 * cell until the map changes.  When many chasers of a kind need a new way
 * at once, one distance map from the player can serve them all.
 *
 * The minds only read the world.  They learn what changed in the dungeon
 * from the world's log of changes, and a decision may draw on the game's
 * RNG and report events, both lent by the turn (core/game.c). */
#ifndef HUNTED_MIND_H
#define HUNTED_MIND_H

#include <stddef.h>
#include <stdint.h>

#include "core/path/grid.h"
#include "core/path/path.h"
#include "core/world/world.h"

struct jps_ctx;
struct minds_work;

enum mind_mode {
	MIND_GUARD = 0, /* patrols round its post (home) until it sees the
	                   player or hears something */
	MIND_WANDER,    /* walks to random places */
	MIND_CHASE,     /* sees the player and goes for it */
	MIND_SEARCH,    /* lost sight: goes to the last place it saw it */
	MIND_MODE_COUNT
};

enum mind_strategy {
	MIND_STRATEGY_AUTO = 0, /* distance map when it costs less, and
	                           cooperative plans in a jam */
	MIND_STRATEGY_ASTAR,    /* every monster runs its own A* */
	MIND_STRATEGY_DISTMAP,  /* chasers share a distance map per kind */
	MIND_STRATEGY_COOP,     /* auto, and crowds plan cooperatively */
	MIND_STRATEGY_COUNT
};

enum mind_cache {
	MIND_CACHE_NONE = 0,    /* no path kept */
	MIND_CACHE_FRESH,       /* planned this turn */
	MIND_CACHE_REUSED,      /* an older path still valid */
	MIND_CACHE_INVALIDATED, /* a change (invalid_x, invalid_y) broke it */
	MIND_CACHE_SHARED,      /* walking a shared distance map */
	MIND_CACHE_COUNT
};

/* How a monster made its path again the last time a change of the map
 * broke the one it kept (REPLAN_CHANGED). */
enum mind_repair {
	MIND_REPAIR_NONE = 0,   /* no path of its broken yet */
	MIND_REPAIR_SEARCH,     /* a new search (A*, jump points, hierarchy) */
	MIND_REPAIR_DLITE_PLAN, /* lent a D* Lite context: its first plan */
	MIND_REPAIR_DLITE,      /* the context's search repaired */
	MIND_REPAIR_COUNT
};

/* Why a monster's D* Lite context last went back to the pool by the
 * rule of repair.c (NONE while it holds one, and when it went back
 * otherwise: the goal or the mode changed, the monster died, or another
 * took it after it had stood idle). */
enum mind_give_back {
	MIND_GIVE_BACK_NONE = 0,
	MIND_GIVE_BACK_CHEAP,  /* its way grew plain: a search now costs less
	                          than a repair */
	MIND_GIVE_BACK_DEAR,   /* its repairs cost more than the searches they
	                          spared, or a plan or a repair ran past twice
	                          the search it spares */
	MIND_GIVE_BACK_NEAR,   /* near its goal, where searches are small */
	MIND_GIVE_BACK_NO_WAY, /* its goal went out of reach */
	MIND_GIVE_BACK_COUNT
};

/* What one monster knows and intends.  path[pos] is where the monster
 * stands; the path runs on to (path[len-1]). */
struct mind {
	uint8_t mode;       /* enum mind_mode */
	uint8_t sees;       /* sees the player now */
	uint8_t seen;       /* has ever seen it */
	int last_x, last_y; /* where it last saw the player */
	int goal_x, goal_y; /* where it is going now */

	struct path_point *path;
	size_t len, cap, pos;
	int plan_goal_x, plan_goal_y; /* the goal the path was made for */
	uint32_t plan_serial;         /* map change serial at that time */
	uint32_t plan_turn;
	uint32_t path_cost;
	uint8_t partial;          /* the path stops short of its goal */
	uint8_t unreachable;      /* the goal was out of reach at plan_serial */
	uint8_t cache;            /* enum mind_cache */
	uint8_t last_reason;      /* enum replan_reason of the last search */
	int invalid_x, invalid_y; /* the change that broke the last path */

	int blocked_turns;
	int detours_refused;    /* detours in a row found too dear */
	uint32_t held_turn;     /* the last turn another monster held it up
	                           (it waited behind one), plus one; 0 for
	                           never (coop.c reads it for jams) */
	uint16_t held_streak;   /* its actions in a row another held it up */
	uint32_t goal_turn;     /* the turn the goal last moved */
	int wander_x, wander_y; /* where it wanders, or patrols to */
	uint8_t patrolling;     /* a guard out on its round */
	uint8_t search_left;    /* places still to look round the last spot */
	uint8_t hier; /* the last search was the hierarchy's (its first
	                 windows: the path ends on the way) */
	/* Paths to (break_x, break_y) that changes broke; the D* Lite
	 * context it holds (repair.c), pool slot + 1, 0 for none; how the
	 * last broken path was made again (enum mind_repair) and the nodes
	 * that took (D* Lite's own, not weighted). */
	uint8_t breaks;
	uint8_t no_repair; /* the rule gave its context back for good: no
	                      context for this goal again */
	uint8_t repair_slot;
	uint8_t repair;
	uint8_t given_back; /* enum mind_give_back */
	int break_x, break_y;
	uint32_t break_turn; /* the turn of the last break */
	uint32_t repair_expanded;
};

/* Nodes all monsters may expand (or settle, for shared distance maps) in
 * one tick unless told otherwise: under a millisecond of planning on the
 * 2-core development machine (35,000 took 1.2-1.4 ms there, with chases
 * no better for it: turnbench, doc/benchmark-history.md); monsters past it
 * follow their kept paths. */
#define MIND_TURN_BUDGET 20000u

struct mind_options {
	uint32_t turn_budget; /* nodes all monsters may expand per tick;
	                         0 = unlimited */
	enum mind_strategy strategy;
	int no_cache; /* search again every turn (for comparison only) */
	/* The automatic strategy never plans cooperatively, not even in a
	 * jam (coop.c), as before it could (for comparison only). */
	int no_jam_coop;
	/* Every monster always knows where the player is and hunts it,
	 * seen or not (the --hunt game; the turn benchmark's load). */
	int hunt;
	/* Paths a change broke are always searched again, never repaired
	 * by D* Lite (for comparison only). */
	int no_dlite;
};

struct mind_stats {
	uint64_t plans;         /* searches run */
	uint64_t cache_hits;    /* turns a monster reused its path */
	uint64_t invalidations; /* cached paths a map change invalidated */
	uint64_t expanded;      /* nodes expanded by all searches */
	uint64_t unreachable;   /* searches that found no path */
	uint64_t budget_cut;    /* searches that ran out of budget */
	uint64_t deferred;      /* re-plans postponed by the turn budget */
	uint64_t distmaps;      /* shared distance maps built */
	uint64_t distmap_cells; /* cells they settled */
	uint64_t map_paths;     /* paths read off them instead of a search */
	uint64_t waits;         /* turns a monster waited for another */
	uint64_t hpa_plans;     /* searches the hierarchy answered */
	uint64_t coop_plans;    /* cooperative (space-time) plans made */
	/* Paths a change broke, made again by D* Lite (repair.c): first
	 * plans of a lent context, repairs of one, and the nodes both
	 * expanded (counted in plans and expanded too)... */
	uint64_t dlite_plans, dlite_repairs, dlite_expanded;
	/* ...and all the searches for paths a change broke, however made,
	 * with their nodes. */
	uint64_t changed_expanded;
	uint64_t reasons[REPLAN_COUNT];
};

/* The minds of every monster of one world. */
struct minds {
	struct mind *mind; /* mind[i] is monster i's */
	size_t n;
	struct mind_options opt;
	struct mind_stats stats;
	struct minds_work *work; /* the planner's own state */
};

void mind_options_default(struct mind_options *o);

/* Minds for the monsters of w as they stand: guards hold their posts,
 * the others wander.  Returns NULL when out of memory. */
struct minds *minds_new(const struct world *w, const struct mind_options *o);
void minds_free(struct minds *m);

/* Builds, for every kind of monster alive in w, what its planning needs
 * (cost grid, components), so the first turn does not pay for it.
 * Optional: everything is built on first use otherwise. */
void minds_prepare(struct minds *m, const struct world *w);

/* What the monsters of `from` knew, carried over to the minds of a
 * reloaded world whose monster n was from's monster index[n]: modes, what
 * they saw, their goals; their paths are forgotten.  The counters carry
 * over too. */
void minds_carry(struct minds *m, const struct minds *from,
                 const size_t *index);

/* The start of the monsters' tick: the planning budget is refilled and
 * the shared distance maps are chosen for the kinds that want them. */
void minds_tick(struct minds *m, const struct world *w);

/* Decides what monster i does now; the world carries it out (act.h).
 * May search (counted in m->stats), updates the monster's mind, draws on
 * rng (the game's) and reports events into log (the turn's). */
void minds_decide(struct minds *m, const struct world *w, struct rng *rng,
                  struct event_log *log, size_t i, struct world_action *out);

/* The cost grid monster kind k plans on (doors as it can pass them), as
 * the dungeon is now, or NULL when out of memory. */
const struct grid *minds_kind_grid(struct minds *m, const struct world *w,
                                   int kind);

/* The shared distance map monster kind k's chasers walk (distmap.h),
 * with the cell it leads to in *tx, *ty, or NULL when the kind has none
 * that is current. */
struct distmap;
const struct distmap *minds_kind_distmap(const struct minds *m, int kind,
                                         int *tx, int *ty);

/* The memory the minds hold now: *per_monster, what grows with the
 * monsters (each one's mind and kept path), and *per_map, what grows with
 * the map (the planner's search contexts, each kind's cost grid and
 * components, shared distance maps, buffers). */
void minds_bytes(const struct minds *md, size_t *per_monster, size_t *per_map);

/* The parameters a monster kind searches with: its algorithm, heuristic,
 * diagonal rule and weight from monsters.txt (A* for jump point search,
 * which is A* over jump points), its budget. */
void minds_params(const struct world *w, int kind, struct path_params *p);
/* Whether the kind searches with jump point search (where the grid
 * allows: every cell it may enter costs the same, crowd included, and
 * diagonal moves; otherwise with A*). */
int minds_kind_jumps(const struct world *w, int kind);
/* Whether the kind's searches find the cheapest path (A* with w = 1 and
 * an admissible heuristic, Dijkstra, jump point search): only such kinds
 * may walk a shared distance map, which gives the cheapest way too. */
int minds_kind_optimal(const struct world *w, int kind);

/* Runs monster i's search again from its cell to (gx, gy), with params p
 * (any algorithm, heuristic, rule, weight) and an optional trace, on its
 * kind's grid with the crowd around it priced in, without touching the
 * game: for the AI view.  ctx must be sized for the map.  Returns the
 * path status. */
int minds_search_again(struct minds *m, const struct world *w, size_t i, int gx,
                       int gy, const struct path_params *p,
                       struct path_ctx *ctx, struct path_point *buf, size_t cap,
                       struct path_result *res, struct path_trace *trace);

/* The same query by jump point search (jps.h), for the AI view: p's rule
 * and step costs, A* with w = 1, and an optional trace of the jump
 * points.  The kind's grid is scanned first, as the monster sees it
 * (other monsters add their crowd cost); PATH_BAD_ARG when jump point
 * search cannot take it: costs that differ from cell to cell, or a 4-way
 * rule.  ctx must be sized for the map. */
int minds_jump_again(struct minds *m, const struct world *w, size_t i, int gx,
                     int gy, const struct path_params *p, struct jps_ctx *ctx,
                     struct path_point *buf, size_t cap,
                     struct path_result *res, struct path_trace *trace);

/* The same query by a hierarchy (hpa.h) the caller built on the kind's
 * grid (minds_kind_grid) for p's moves, whole, with the crowd priced in
 * as the monster sees it: for the AI view.  Returns the path status. */
struct hpa;
struct hpa_info;
int minds_hier_again(struct minds *md, const struct world *w, size_t i, int gx,
                     int gy, const struct path_params *p, struct hpa *h,
                     struct path_point *buf, size_t cap,
                     struct path_result *res, struct hpa_info *info);
/* Monster i's cooperative plan (coop.c): the cells it has reserved,
 * buf[k] for turn *turn + k (buf[0] where it stood when it planned), at
 * most cap of them.  Returns how many the plan holds, 0 when the monster
 * does not plan cooperatively now. */
size_t minds_coop_plan(const struct minds *m, size_t i, uint32_t *turn,
                       struct path_point *buf, size_t cap);
/* The reservation table of the cooperative planner, NULL before the
 * first cooperative plan (reserve.h). */
struct reserve;
const struct reserve *minds_reserve(const struct minds *m);

/* The same query by D* Lite (dlite.h) on the kind's grid with the crowd
 * priced in as the monster sees it, for the AI view: with fresh, a first
 * plan; otherwise a repair of the last one (same monster and goal), after
 * the cells whose priced cost differs from snap are reported and the
 * walker moved to where the monster stands.  snap holds the kind grid's
 * (width + 2) * (height + 2) padded cells as the last call priced them
 * and is brought up to date; *changed gets how many cells were reported.
 * Returns the path status. */
struct dlite_ctx;
int minds_dlite_again(struct minds *md, const struct world *w, size_t i, int gx,
                      int gy, const struct path_params *p,
                      struct dlite_ctx *ctx, uint8_t *snap, int fresh,
                      struct path_point *buf, size_t cap,
                      struct path_result *res, size_t *changed);

/* How monster i made its path again the last time a change broke it
 * (MIND_REPAIR_NONE if never), with the nodes that search expanded in
 * *expanded; *holds is 1 while the monster holds a D* Lite context (its
 * next break toward the same goal is repaired). */
enum mind_repair minds_repair(const struct minds *md, size_t i,
                              uint32_t *expanded, int *holds);

const char *mind_mode_name(enum mind_mode m);
const char *mind_strategy_name(enum mind_strategy s);
const char *mind_cache_name(enum mind_cache c);

#endif
