/* SPDX-License-Identifier: MIT */
/* state.h - what the minds are made of: each monster's mind (its mode,
 * goal and kept path), the options, the counters, and struct minds that
 * holds them.  mind.c, the folder's front door, and the planner's files
 * below it (plan.c, decide.c, coop.c, ...) all read these, so they stand
 * in a header of their own under every one of those files; mind.h
 * includes it for the minds' users. */
#ifndef HUNTED_STATE_H
#define HUNTED_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "core/path/path.h"
#include "core/world/world.h"

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
	/* The box the kept path lies in, as kept (plan_keep_path): a change
	 * more than a cell outside it touches none of the path. */
	int box_x0, box_y0, box_x1, box_y1;
	int plan_goal_x, plan_goal_y; /* the goal the path was made for */
	uint32_t plan_serial;         /* map change serial at that time */
	uint32_t plan_turn;
	uint32_t path_cost;
	uint8_t partial;          /* the path stops short of its goal */
	uint8_t unreachable;      /* the goal was out of reach at plan_serial
	                             (or, one it chose, out of its budget's) */
	uint8_t cache;            /* enum mind_cache */
	uint8_t last_reason;      /* enum replan_reason of the last search */
	int invalid_x, invalid_y; /* the change that broke the last path */

	int blocked_turns;
	int detours_refused;    /* detours in a row found too dear */
	uint32_t round_until;   /* going the long way round a crowd (its
	                           searches take the crowd for walls) until
	                           this turn (decide.c) */
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
	/* Hurt to its kind's flee threshold: it runs down the safety map
	 * (flee.c) until healed above it or out of the player's sight
	 * FLEE_UNSEEN turns; unseen counts those turns. */
	uint8_t fleeing;
	uint16_t unseen;
	/* The turn its re-plan was first put off by the budget, plus one;
	 * 0 while it waits for none (plan.c counts how long it waits). */
	uint32_t wait_since;
	/* Its wait is among the longest this tick (plan.c): the bucket of
	 * its wait plus one, 0 when its plan is not due. */
	uint16_t due;
	/* Why it waits (enum replan_reason; REPLAN_COUNT: it has no path
	 * at all), as it began to. */
	uint8_t wait_why;
	/* The last turn it decided in, plus one: a tick it could not act
	 * in (its energy spent, in mud, say) is no tick lost waiting. */
	uint32_t acted_turn;
	/* Where it stood when it last found its goal out of reach, and the
	 * raw component label there, under labelling reach_gen - 1 of its
	 * kind (0: none): looked at again each turn with no read of the
	 * labels of the map (decide.c). */
	int reach_x, reach_y;
	uint32_t reach_label, reach_gen;
};

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
	uint64_t max_wait;      /* the most turns a monster waited for one */
	/* ...by why it waited: a path a change broke (REPLAN_CHANGED), the
	 * player gone too far from where the path leads (REPLAN_DRIFT), and
	 * so on; [REPLAN_COUNT] a monster with no path at all */
	uint64_t max_wait_by[REPLAN_COUNT + 1];
	uint64_t long_waits;    /* re-plans that waited more than 8 turns */
	uint64_t flee_maps;     /* safety maps made (flee.c) */
	uint64_t flee_cells;    /* cells they settled and relaxed */
	uint64_t distmaps;      /* shared distance maps built */
	uint64_t distmap_cells; /* cells they settled */
	uint64_t map_paths;     /* paths read off them instead of a search */
	uint64_t waits;         /* turns a monster waited for another */
	uint64_t out_of_reach;  /* decisions to stay, the goal out of reach
	                           and out of sight (decide.c) */
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

#endif
