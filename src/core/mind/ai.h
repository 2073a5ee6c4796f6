/* ai.h - the monsters' minds: what each one wants, the path it keeps, and
 * the planner that decides its next action.
 *
 * Every monster plans with A* over a cost grid made for its kind (terrain
 * costs, its own overrides, the doors it can pass, plus the turn it takes
 * to open one) and keeps the path while it stays valid: the goal has not
 * drifted beyond the kind's tolerance and no cell on the rest of the path
 * changed in a way that matters to that kind.  Other monsters near the
 * mover add cost rather than walls, so a crowd spreads out instead of
 * sealing a corridor.  A target out of reach is recognised from the
 * kind's connected components without a search, and the monster settles
 * on the closest reachable cell until the map changes. */
#ifndef HUNTED_AI_H
#define HUNTED_AI_H

#include <stddef.h>
#include <stdint.h>

#include "core/path/grid.h"
#include "core/path/path.h"

struct world;
struct ai;
struct jps_ctx;

enum ai_mode {
	AI_GUARD = 0, /* holds its post (home) until it sees the player */
	AI_WANDER,    /* walks to random places */
	AI_CHASE,     /* sees the player and goes for it */
	AI_SEARCH,    /* lost sight: goes to the last place it saw it */
	AI_MODE_COUNT
};

enum ai_strategy {
	AI_STRATEGY_AUTO = 0, /* distance map when it costs less */
	AI_STRATEGY_ASTAR,    /* every monster runs its own A* */
	AI_STRATEGY_DISTMAP,  /* chasers share a distance map per kind */
	AI_STRATEGY_COUNT
};

enum ai_cache_state {
	AI_CACHE_NONE = 0,    /* no path kept */
	AI_CACHE_FRESH,       /* planned this turn */
	AI_CACHE_REUSED,      /* an older path still valid */
	AI_CACHE_INVALIDATED, /* a change (invalid_x, invalid_y) broke it */
	AI_CACHE_SHARED,      /* walking a shared distance map */
};

enum ai_action_kind {
	AI_ACT_WAIT = 0,
	AI_ACT_MOVE,   /* to x, y */
	AI_ACT_ATTACK, /* the player at x, y */
	AI_ACT_OPEN,   /* the door at x, y (unlocking it if need be) */
	AI_ACT_BASH,   /* the locked door at x, y */
	AI_ACT_SWAP,   /* with monster other, standing at x, y */
};

struct ai_action {
	enum ai_action_kind kind;
	int x, y;
	int other;
};

/* What one monster knows and intends.  path[pos] is where the monster
 * stands; the path runs on to (path[len-1]). */
struct ai_mind {
	uint8_t mode;       /* enum ai_mode */
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
	uint8_t cache;            /* enum ai_cache_state */
	uint8_t last_reason;      /* enum ai_reason of the last search */
	int invalid_x, invalid_y; /* the change that broke the last path */

	/* The last search, for the AI view to re-run with a trace. */
	int search_sx, search_sy, search_gx, search_gy;
	uint32_t last_expanded;
	uint32_t last_us; /* microseconds are not measured here: 0 */

	int blocked_turns;
	int detours_refused; /* detours in a row found too dear */
	int prev_x, prev_y; /* the cell it left last */
	uint32_t prev_turn; /* the turn it left it */
	uint32_t goal_turn; /* the turn the goal last moved */
	int wander_x, wander_y;
};

void ai_mind_fini(struct ai_mind *m);

/* Made by world_new, freed by world_free. */
struct ai *ai_new(struct world *w);
/* Builds, for every kind of monster alive in w, what its planning needs
 * (cost grid, components), so the first turn does not pay for it.
 * Optional: everything is built on first use otherwise. */
void ai_prepare(struct world *w);
void ai_free(struct ai *ai);

/* Called by world_set_terrain after every change. */
void ai_on_change(struct world *w, int x, int y, int from, int to);

/* Called at the start of every tick: resets the tick's node budget. */
void ai_tick(struct world *w);

/* Decides what monster i does now; the world carries it out.  May search
 * (counted in w->stats) and update the monster's mind. */
void ai_decide(struct world *w, size_t i, struct ai_action *out);

/* The cost grid monster kind k plans on (doors as it can pass them), or
 * NULL when out of memory. */
const struct grid *ai_kind_grid(struct world *w, int kind);

/* The parameters every monster search uses. */
void ai_params(const struct world *w, int kind, struct path_params *p);

/* Runs monster i's last search again from its current cell to its goal,
 * with params p (any algorithm, heuristic, rule, weight) and optional
 * trace, on its kind's grid, without touching the game: for the AI view.
 * ctx must be sized for the map.  Returns the path status. */
int ai_search_again(struct world *w, size_t i, const struct path_params *p,
                    struct path_ctx *ctx, struct path_point *buf, size_t cap,
                    struct path_result *res, struct path_trace *trace);

/* The same query by jump point search (jps.h), for the AI view's
 * comparison: p's rule and step costs, A* with w = 1.  The kind's grid is
 * scanned first, as the monster sees it (other monsters add their crowd
 * cost); PATH_BAD_ARG when jump point search cannot take it: costs that
 * differ from cell to cell, or a 4-way rule.  ctx must be sized for the
 * map. */
int ai_jump_again(struct world *w, size_t i, const struct path_params *p,
                  struct jps_ctx *ctx, struct path_point *buf, size_t cap,
                  struct path_result *res);

const char *ai_mode_name(enum ai_mode m);
const char *ai_strategy_name(enum ai_strategy s);
const char *ai_cache_name(enum ai_cache_state c);

#endif
