/* world.h - the rules of hunted: one struct world holds the dungeon, the
 * player, the monsters, the keys, the turn counter and the one seeded RNG.
 *
 * Time is measured in energy: every tick each actor gains its speed (the
 * player 100) and acts once for every WORLD_TURN_ENERGY it has, so a
 * speed-200 monster acts twice per player turn and a speed-50 one every
 * other turn.  A player turn is one call to world_step: the player's
 * action, then ticks until the player may act again.
 *
 * Everything that happens is reported as a struct world_event in
 * w->events (cleared at the start of each world_step), for the message log
 * and the AI view.  Nothing here prints, allocates per turn in the steady
 * state, or touches a terminal. */
#ifndef HUNTED_WORLD_H
#define HUNTED_WORLD_H

#include <stddef.h>
#include <stdint.h>

#include "core/mind/ai.h"
#include "core/data/data.h"
#include "core/base/diag.h"
#include "core/base/rng.h"

#define WORLD_TURN_ENERGY   100
#define WORLD_PLAYER_SPEED  100
#define WORLD_PLAYER_HP     30
#define WORLD_PLAYER_ATTACK 3
#define WORLD_MONSTERS_MAX  65536

enum world_cmd_kind {
	WCMD_WAIT = 0,
	WCMD_MOVE,   /* step by dx, dy; into a monster attacks it */
	WCMD_OPEN,   /* open (or unlock) the door at dx, dy */
	WCMD_CLOSE,  /* close the door at dx, dy */
	WCMD_PICKUP, /* pick up what lies here (stepping on keys does too) */
};

struct world_cmd {
	uint8_t kind; /* enum world_cmd_kind */
	int8_t dx, dy;
};

enum world_state {
	WORLD_PLAYING = 0,
	WORLD_WON,  /* the player reached the exit */
	WORLD_LOST, /* the player's hit points reached 0 */
};

/* Why a monster searched again; counted in struct world_stats. */
enum ai_reason {
	AI_REASON_NEW = 0, /* no path yet, or a new goal */
	AI_REASON_DRIFT,   /* the target moved beyond the tolerance */
	AI_REASON_CHANGED, /* a cell on the path changed */
	AI_REASON_BLOCKED, /* another monster blocks the next step */
	AI_REASON_PARTIAL, /* the end of a partial (budget) path */
	AI_REASON_MAPWIDE, /* a change may have made the target reachable */
	AI_REASON_NOCACHE, /* the path cache is off (benchmarks) */
	AI_REASON_COUNT
};

enum world_event_kind {
	WEV_MOVED = 0,     /* actor moved to x, y */
	WEV_BUMP,          /* the player walked into something solid */
	WEV_DOOR_OPENED,   /* actor opened the door at x, y */
	WEV_DOOR_CLOSED,   /* actor closed the door at x, y */
	WEV_DOOR_UNLOCKED, /* actor unlocked the door at x, y (value: key) */
	WEV_DOOR_BASHED,   /* actor broke the door at x, y open */
	WEV_DOOR_HOLDS,    /* actor tried to bash the door; it held */
	WEV_DOOR_LOCKED,   /* the player has no key (value: key) */
	WEV_DOOR_STUCK,    /* something stands in the doorway */
	WEV_NOTHING_THERE, /* no door to open or close, nothing to pick */
	WEV_KEY_TAKEN,     /* the player picked up key value */
	WEV_ATTACK,        /* actor hit other for value damage */
	WEV_KILLED,        /* actor killed monster other */
	WEV_PLAYER_DIED,   /* killed by monster actor */
	WEV_WON,           /* the player reached the exit */
	WEV_SPOTTED,       /* monster actor saw the player at x, y */
	WEV_LOST_SIGHT,    /* monster actor lost sight; heads for x, y */
	WEV_REPLANNED,     /* monster actor searched (value: reason) */
	WEV_UNREACHABLE,   /* monster actor cannot reach its goal x, y */
	WEV_WAITING,       /* monster actor waits for other to move */
	WEV_SWAPPED,       /* monster actor swapped places with other */
	WEV_KIND_COUNT
};

struct world_event {
	uint16_t kind; /* enum world_event_kind */
	int actor;     /* -1 the player, else a monster index */
	int other;     /* -1 the player, a monster index, or -2 nobody */
	int x, y;      /* where it happened */
	int value;     /* damage, key index, reason, ... */
	uint32_t turn;
};

struct world_monster {
	int kind; /* index into w->data->monsters */
	int x, y;
	int hp;
	int energy;
	int alive;
	int guard; /* placed by the map: holds its post until it sees you */
	int home_x, home_y;
	struct ai_mind mind;
};

struct world_item {
	int key; /* key index */
	int x, y;
	int taken;
};

/* One change to the dungeon, for the path cache: serial numbers grow by
 * one per change, and a cached path remembers the serial it was planned
 * at. */
struct world_change {
	uint32_t serial;
	int x, y;
	uint8_t from, to; /* terrain indices */
};

#define WORLD_CHANGES_KEPT 1024

struct world_stats {
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
	uint64_t swaps;
	uint64_t reasons[AI_REASON_COUNT];
};

/* Nodes all monsters may expand (or settle, for shared distance maps) in
 * one tick unless told otherwise: about 2-3 ms of planning on a 2-core
 * development machine; monsters past it follow their kept paths. */
#define WORLD_TURN_BUDGET 35000u

struct world_options {
	int monsters;         /* -1: the map's own; else exactly this many */
	uint32_t turn_budget; /* nodes all monsters may expand per tick;
	                         0 = unlimited */
	enum ai_strategy strategy;
	int no_cache; /* search again every turn (for comparison only) */
	/* Every monster always knows where the player is and hunts it,
	 * seen or not (the --hunt game; the turn benchmark's load). */
	int hunt;
};

struct world {
	struct data *data; /* owned */
	int width, height;
	uint8_t *terrain; /* current terrain per cell, row major */
	int32_t *occ;     /* per cell: monster index + 1, 0 if none */
	struct world_item *items;
	size_t nitems;
	int exit_x, exit_y;

	int px, py;
	int php, php_max;
	int penergy;
	uint64_t keys; /* bit k: the player holds key k */

	struct world_monster *monsters;
	size_t nmonsters;

	struct rng rng;
	uint64_t seed;
	uint32_t turn;
	enum world_state state;

	struct world_event *events;
	size_t nevents, events_cap;

	struct world_change changes[WORLD_CHANGES_KEPT];
	uint32_t change_serial; /* serial of the latest change, 0: none */

	struct world_stats stats;
	struct world_options opt;
	struct ai *ai;
};

void world_options_default(struct world_options *o);

/* Makes a world from loaded data (d->map must be set and error-free); the
 * world takes ownership of d, also on failure.  Monsters the map places
 * come first; with o->monsters >= 0 the list is cut or filled up to that
 * many with kinds and places drawn from seed.  Returns NULL when out of
 * memory, with a message in diags. */
struct world *world_new(struct data *d, uint64_t seed,
                        const struct world_options *o, struct diag_list *diags);
void world_free(struct world *w);

/* One player turn: cmd, then the monsters until the player may act again.
 * Returns 1 when time passed, 0 when the command took no time (walking
 * into a wall, opening nothing) and -1 when the game is over. */
int world_step(struct world *w, struct world_cmd cmd);

/* The two halves of world_step, for programs that time the monsters:
 * world_monsters_act runs one tick and ends the turn (turn + 1); call it
 * only after world_player_act returned 1. */
int world_player_act(struct world *w, struct world_cmd cmd);
void world_monsters_act(struct world *w);

/* Changes the terrain of a cell (door opened, ...), records the change
 * and tells the AI.  Returns -1 when out of the map or t is unknown. */
int world_set_terrain(struct world *w, int x, int y, int t);

static inline int world_in(const struct world *w, int x, int y)
{
	return x >= 0 && y >= 0 && x < w->width && y < w->height;
}

static inline size_t world_idx(const struct world *w, int x, int y)
{
	return (size_t)y * (size_t)w->width + (size_t)x;
}

static inline const struct data_terrain *world_terrain_at(const struct world *w,
                                                          int x, int y)
{
	return &w->data->terrain[w->terrain[world_idx(w, x, y)]];
}

/* Adds an event to w->events (dropped silently when out of memory). */
void world_emit(struct world *w, enum world_event_kind kind, int actor,
                int other, int x, int y, int value);

/* The monster at (x, y), or -1. */
int world_monster_at(const struct world *w, int x, int y);
/* The item at (x, y) not yet taken, or -1. */
int world_item_at(const struct world *w, int x, int y);

/* Whether a monster at (x, y) with sight radius r sees (tx, ty): within
 * the radius and no opaque cell on the line between them. */
int world_sees(const struct world *w, int x, int y, int tx, int ty, int r);

/* Whether an actor may step (or strike) diagonally from (x, y) to
 * (x+dx, y+dy) past the two corner cells: both must be cells the actor
 * could enter (kind -1 is the player, for whom every door counts).
 * Straight steps always pass.  The same rule as the path engine's
 * PATH_DIAG_NO_CORNER on the actor's cost grid. */
int world_corner_ok(const struct world *w, int kind, int x, int y, int dx,
                    int dy);

/* A one-line English description of e, e.g. "The goblin opens a door.". */
void world_event_text(const struct world *w, const struct world_event *e,
                      char *buf, size_t size);

/* A checksum of the whole game state, for replays. */
uint64_t world_checksum(const struct world *w);

const char *ai_reason_name(enum ai_reason r);

#endif
