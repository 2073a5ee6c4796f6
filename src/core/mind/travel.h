/* SPDX-License-Identifier: MIT */
/* travel.h - the player's own path-finding: travel to a chosen cell,
 * explore, run and rest, planned here with the path engine the monsters
 * use and played one ordinary command a turn.
 *
 * Every plan is made over what the player knows: the map as remembered
 * (w->memory), never the cells it has not seen, which are not assumed
 * free.  A cell costs what the player pays to enter it (travel_cost,
 * the one place that says so), cells next to a monster in view and
 * harmful terrain are left out unless they are the cell asked for.  A
 * multi-turn action stops the turn a monster comes into view, the player
 * is hurt or something worth reading happens, and travel_why says why.
 *
 * The front end asks travel_next for each turn's command and plays it
 * through the session's one loop like a key, so recordings, replays and
 * saves hold only ordinary commands. */
#ifndef HUNTED_TRAVEL_H
#define HUNTED_TRAVEL_H

#include <stddef.h>
#include <stdint.h>

#include "core/path/distmap.h"
#include "core/path/path.h"
#include "core/world/world.h"

/* Rest stops after this many turns even when not yet healed. */
#define TRAVEL_REST_TURNS 100

enum travel_kind {
	TRAVEL_NONE = 0,
	TRAVEL_GO,      /* to a chosen cell */
	TRAVEL_EXPLORE, /* to the nearest place not yet seen, again and again */
	TRAVEL_RUN,     /* straight on (or along a corridor) */
	TRAVEL_REST,    /* wait until healed */
};

/* What travel_next says. */
enum travel_stop {
	TRAVEL_STEP = 0, /* *out is this turn's command */
	TRAVEL_ARRIVED,  /* at the chosen cell */
	TRAVEL_EXPLORED, /* nothing reachable is left unseen */
	TRAVEL_NO_WAY,   /* no known way there that is safe */
	TRAVEL_MONSTER,  /* a monster came into view (t->monster) */
	TRAVEL_HURT,     /* the player lost hit points */
	TRAVEL_MESSAGE,  /* something worth reading happened (t->event) */
	TRAVEL_HEALED,   /* rest: whole again */
	TRAVEL_RESTED,   /* rest: TRAVEL_REST_TURNS went by */
	TRAVEL_WALL,     /* run: the way ahead is closed */
	TRAVEL_DOOR,     /* run: a door */
	TRAVEL_BRANCH,   /* run: the way branches or opens */
	TRAVEL_ITEM,     /* run: something lies here or beside */
	TRAVEL_DANGER,   /* run: the next step is in reach of a monster or
	                    on harmful ground */
	TRAVEL_OVER,     /* the game is over, or a new level began */
};

struct travel {
	enum travel_kind kind;
	const struct world *world; /* the world the memory below is of */
	struct grid grid;          /* the player's known map, its costs */
	struct grid planned;       /* the grid the route was planned on */
	struct path_ctx *ctx;
	struct distmap *map; /* explore's Dijkstra map from the frontier */
	int map_built;
	struct path_params params;
	struct path_trace trace; /* the last search, for the AI view */
	struct path_point *route;
	size_t nroute, cap;
	uint32_t route_cost;
	int tx, ty;   /* travel's chosen cell */
	int dx, dy;   /* run's direction */
	int sides;    /* run: which cells beside the way were open */
	int started;  /* travel_next was called since the start */
	int turns;    /* turns played */
	int hp;       /* hit points at the last look */
	uint8_t *saw; /* per monster: in view at the last look */
	size_t nsaw;
	/* Why it stopped: the monster that came into view, the event. */
	int monster;
	int event;
	/* Work done, for the tests: cells expanded and settled, searches. */
	uint64_t work;
	uint32_t searches;
};

/* A travel for w's size.  Returns NULL when out of memory. */
struct travel *travel_new(const struct world *w);
void travel_free(struct travel *t);

/* The multiplier the player pays to enter terrain t holding keys: 0 when
 * it cannot.  Closed doors cost what the door open costs (walking into
 * one opens it), locked ones only with their key. */
uint8_t travel_cost(const struct world *w, uint64_t keys, int t);

/* Whether terrain t harms the player who enters it (its harm, data):
 * travel, explore and run keep out of it unless it is the cell asked
 * for. */
int travel_harmful(const struct world *w, int t);

/* The player's known map into t->grid: remembered cells at travel_cost,
 * unknown and harmful cells, the stairs and cells in reach of a monster
 * in view blocked, but (keep_x, keep_y) (-1: none) as its terrain
 * costs. */
void travel_known_grid(struct travel *t, const struct world *w, int keep_x,
                       int keep_y);

/* Plans a travel to (x, y) and keeps its route (travel_route) for the
 * front end to draw; the travel starts with the first travel_next.
 * Returns TRAVEL_STEP when there is a way, TRAVEL_ARRIVED when the
 * player is there, TRAVEL_NO_WAY when there is none, -1 when out of
 * memory. */
int travel_plan(struct travel *t, const struct world *w, int x, int y);

/* Starts exploring: the route to the nearest unseen place is kept for
 * drawing.  Returns TRAVEL_STEP, TRAVEL_EXPLORED or -1. */
int travel_explore(struct travel *t, const struct world *w);

/* Starts a run by (dx, dy), or a rest. */
void travel_run(struct travel *t, const struct world *w, int dx, int dy);
void travel_rest(struct travel *t, const struct world *w);

/* Stops what is under way (Esc, a key). */
void travel_cancel(struct travel *t);

/* This turn's command of what is under way into *out (TRAVEL_STEP), or
 * why it stopped; it is then over (t->kind is TRAVEL_NONE).  Call it
 * once a turn, after the last command was played. */
enum travel_stop travel_next(struct travel *t, const struct world *w,
                             struct world_cmd *out);

/* The route planned last, start first, and its length. */
const struct path_point *travel_route(const struct travel *t, size_t *n);

/* What the player reads when it stops: "You stop: a goblin comes into
 * view.", "Explored.", "You arrive."... */
void travel_why(const struct travel *t, const struct world *w,
                enum travel_stop why, char *buf, size_t size);

/* The name of a kind ("travel", "explore", "run", "rest"). */
const char *travel_kind_name(enum travel_kind k);

#endif
