/* SPDX-License-Identifier: MIT */
/* world.h - the state of a game: the dungeon as it is now, the player,
 * the monsters, the keys, the turn counter, the one seeded RNG, the log
 * of changes to the dungeon and the events of the turn.
 *
 * The world knows nothing of minds: it carries out the player's commands
 * and the monsters' actions (act.h) and records what changed, which the
 * minds read when they decide.  Nothing here prints, allocates per turn
 * in the steady state, or touches a terminal. */
#ifndef HUNTED_WORLD_H
#define HUNTED_WORLD_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/diag.h"
#include "core/base/rng.h"
#include "core/data/data.h"
#include "event.h"

/* A turn's energy: an action costs it, times the cost of the cell a step
 * enters; every tick each actor gains its speed (the player's and the
 * kinds' in monsters.txt, 100 by default). */
#define WORLD_TURN_ENERGY 100
/* The player gets a hit point back every this many turns. */
#define WORLD_REGEN_TURNS 8
/* Hit points the player's body gains on each new level of a campaign;
 * it comes down the stairs healed. */
#define WORLD_GROWTH_HP 5

/* A command of the player's. */
enum world_cmd_kind {
	WCMD_WAIT = 0,
	WCMD_MOVE,   /* step by dx, dy; into a monster attacks it */
	WCMD_OPEN,   /* open (or unlock) the door at dx, dy */
	WCMD_CLOSE,  /* close the door at dx, dy */
	WCMD_PICKUP, /* pick up what lies here (stepping on keys does too) */
	/* WCMD_USE + k: use a tool of item kind k (a key index below
	 * DATA_KEY_MAX) from the pack, towards dx, dy (0, 0: here).  The
	 * item rides in the kind so that a command stays three bytes. */
	WCMD_USE,
};

struct world_cmd {
	uint8_t kind; /* enum world_cmd_kind */
	int8_t dx, dy;
};

/* The command that uses a tool of item kind item towards dx, dy. */
static inline struct world_cmd world_cmd_use(int item, int dx, int dy)
{
	struct world_cmd c = {(uint8_t)(WCMD_USE + item), (int8_t)dx,
	                      (int8_t)dy};

	return c;
}

/* The item kind a command uses, or -1 when it uses none. */
static inline int world_cmd_item(struct world_cmd c)
{
	return c.kind >= WCMD_USE && c.kind < WCMD_USE + DATA_KEY_MAX
	               ? c.kind - WCMD_USE
	               : -1;
}

/* An action of a monster's, as its mind decided it. */
enum world_action_kind {
	WACT_WAIT = 0,
	WACT_MOVE,   /* to x, y */
	WACT_ATTACK, /* the player at x, y */
	WACT_OPEN,   /* the door at x, y (unlocking it if need be) */
	WACT_BASH,   /* the locked door at x, y */
	WACT_SWAP,   /* with monster other, standing at x, y */
};

struct world_action {
	enum world_action_kind kind;
	int x, y;
	int other;
};

enum world_state {
	WORLD_PLAYING = 0,
	WORLD_WON,  /* the player reached the exit */
	WORLD_LOST, /* the player's hit points reached 0 */
};

struct world_monster {
	int kind; /* index into w->data->monsters */
	int x, y;
	int hp;
	int energy;
	int alive;
	int guard; /* placed by the map: holds its post until it sees you */
	int home_x, home_y;
	int prev_x, prev_y; /* the cell it left last, -1 before it moved */
	uint32_t prev_turn; /* the turn it left it */
};

/* An item lying in the dungeon: a key, or a tool (a key record with a
 * use, data_key.use) that goes into the pack. */
struct world_item {
	int key; /* key index */
	int x, y;
	int taken;
};

/* One change to the dungeon: serial numbers grow by one per change, so a
 * reader remembers the last serial it read and reads on from there. */
struct world_change {
	uint32_t serial;
	int x, y;
	uint8_t from, to; /* terrain indices */
};

#define WORLD_CHANGES_KEPT 1024

/* What a tool laid on a cell, undone on turn `until`: the cell goes back
 * to terrain `back` if it still holds what was laid. */
struct world_fade {
	int x, y;
	uint8_t back, laid;
	uint32_t until;
};

#define WORLD_FADES_MAX 256

struct world {
	struct data *data; /* owned */
	int width, height;
	uint8_t *terrain; /* current terrain per cell, row major */
	int32_t *occ;     /* per cell: monster index + 1, 0 if none */
	/* What entering each terrain costs each mover, 0 when it may not:
	 * row kind + 1 (row 0 is the player, with every key), column
	 * terrain index. */
	uint8_t *cost;
	struct world_item *items;
	size_t nitems;
	int exit_x, exit_y;

	int px, py;
	int php, php_max;
	/* The player acts when it is 0 or more; a step spends the cost of
	 * the cell entered times WORLD_TURN_ENERGY, and the monsters tick
	 * until the player's speed has paid it back (core/game.c). */
	int penergy;
	uint64_t keys;              /* bit k: the player holds key k */
	uint8_t pack[DATA_KEY_MAX]; /* tools of each item kind carried */

	/* What the player sees and remembers (fov.h), kept up to date by
	 * fov_update, called from above the world: when a game or a level
	 * is made (core/game.c), after the player's command (core/game.c),
	 * after a terrain change within sight (the rules, act.c, through
	 * fov_changed) and after a reload.  Not part of the game: no rule
	 * reads it. */
	int sight;       /* radius in cells, the player entry's sight */
	uint8_t *seen;   /* per cell: enum fov_seen */
	uint8_t *memory; /* per cell: terrain index + 1 as last seen, 0 never */
	int fov_x0, fov_y0, fov_x1, fov_y1; /* the box of the last update */

	struct world_monster *monsters;
	size_t nmonsters;
	int monsters_asked; /* world_new's count: -1 the map's own */

	struct rng rng;
	uint64_t seed;
	uint32_t turn;
	enum world_state state;

	struct event_log events; /* this turn's */

	struct world_change changes[WORLD_CHANGES_KEPT];
	uint32_t change_serial; /* serial of the latest change, 0: none */

	uint64_t swaps; /* monsters that traded places */

	struct world_fade fades[WORLD_FADES_MAX];
	size_t nfades;
};

/* Makes a world from loaded data (d->map must be set and error-free); the
 * world takes ownership of d, also on failure.  Monsters the map places
 * come first; with monsters >= 0 the list is cut or filled up to that
 * many with kinds and places drawn from seed.  Returns NULL when out of
 * memory or when the monsters do not fit, with a message in diags. */
struct world *world_new(struct data *d, uint64_t seed, int monsters,
                        struct diag_list *diags);
void world_free(struct world *w);

/* Changes the terrain of a cell (door opened, ...) and records the
 * change.  The player's view is not worked out again here (the world
 * never calls fov.c): the caller does, with fov_changed.  Returns -1
 * when out of the map or t is unknown. */
int world_set_terrain(struct world *w, int x, int y, int t);
/* Puts the player (actor -1) or monster actor on (x, y) at once, outside
 * the rules and the turns: the sandbox's editing.  The cell must be one
 * the mover may enter, free of the player and of monsters; the caller
 * works the player's view out again (fov_update) when it moved the
 * player.  Returns 0, or -1 when it is not. */
int world_put(struct world *w, int actor, int x, int y);

/* The change with serial s, or NULL when it is no longer kept (or never
 * was).  Inline: the minds read every change since their last plan. */
static inline const struct world_change *world_change(const struct world *w,
                                                      uint32_t s)
{
	const struct world_change *c = &w->changes[s % WORLD_CHANGES_KEPT];

	return s && c->serial == s ? c : NULL;
}

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

/* Adds an event of this turn. */
void world_emit(struct world *w, enum world_event_kind kind, int actor,
                int other, int x, int y, int value);

/* The monster at (x, y), or -1. */
int world_monster_at(const struct world *w, int x, int y);
/* The item at (x, y) not yet taken, or -1. */
int world_item_at(const struct world *w, int x, int y);

/* Whether a mover of monster kind `kind` (-1: the player, who may open
 * every door) could enter (x, y) as its terrain is now; 0 off the map. */
int world_enterable(const struct world *w, int kind, int x, int y);

/* What entering (x, y) costs a mover of kind `kind` (-1: the player): the
 * multiplier its searches plan with and the turns a step onto it takes
 * (a closed door as the open door it becomes); 0 when it may not enter,
 * or off the map.  The one answer the rules, the minds and the player's
 * planners share. */
int world_cost(const struct world *w, int kind, int x, int y);

/* The hit points a mover of kind `kind` (-1: the player) loses stepping
 * onto (x, y) (data_terrain_harm); 0 off the map. */
int world_harm(const struct world *w, int kind, int x, int y);

/* Whether an actor may step (or strike) diagonally from (x, y) to
 * (x+dx, y+dy), by its diagonal rule (the path engine's): the player, kind
 * -1, and a monster whose kind moves no-corner need both corner cells to
 * be cells it could enter (for the player every door counts); a 4-way
 * kind never moves diagonally, and an "always" kind squeezes past any
 * corner.  Straight steps always pass. */
int world_corner_ok(const struct world *w, int kind, int x, int y, int dx,
                    int dy);

#endif
