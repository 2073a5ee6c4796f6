/* SPDX-License-Identifier: MIT */
/* game.h - one game of hunted: the world and the minds that play it, and
 * the order of a turn.
 *
 * A turn is the player's command (core/world/act.h), then a tick of the
 * monsters, each deciding (core/mind/mind.h) and acting as often as its
 * speed allows, then the end of the turn.  The world never calls the
 * minds: this file orders the phases, and the minds read what the world
 * recorded.  The same seed, data and commands give the same game, byte
 * for byte (game_checksum). */
#ifndef HUNTED_GAME_H
#define HUNTED_GAME_H

#include <stdint.h>

#include "core/base/diag.h"
#include "core/data/data.h"
#include "core/mind/mind.h"
#include "core/world/cmd.h"
#include "core/world/event_text.h" /* what a front end says of a turn */
#include "core/world/reload.h"
#include "core/world/world.h"

/* Where a campaign's levels come from: the data of level depth (2 and
 * on), loaded or made by the caller, with seed for what it generates;
 * NULL with the reason in diags. */
typedef struct data *(*game_level_fn)(void *ctx, int depth, uint64_t seed,
                                      struct diag_list *diags);

struct game {
	struct world *world;
	struct minds *minds;
	/* A campaign: the level played (1 first) out of levels (0: a game
	 * of one level), and where the next comes from. */
	int depth, levels;
	game_level_fn next_level;
	void *level_ctx;
	uint64_t seed;
	/* The next level could not be made: the game ended on the stairs,
	 * and why is here. */
	char level_error[160];
};

/* A game on loaded data (d->map set and error-free; the game owns d, also
 * on failure): the world as world_new makes it (monsters: -1 the map's
 * own, else exactly so many) and the monsters' minds under o (NULL: the
 * defaults).  Returns NULL with the reason in diags. */
struct game *game_new(struct data *d, uint64_t seed, int monsters,
                      const struct mind_options *o, struct diag_list *diags);
void game_free(struct game *g);

/* The player's command: 1 when time passed (the monsters' tick is then
 * due), 0 when it took no time, -1 when the game is already over. */
int game_player_act(struct game *g, struct world_cmd cmd);

/* The monsters' ticks, each with the end of its turn, until the player
 * may act again (one after a step onto ground of cost 1, three after a
 * step into mud of cost 3, none for a fast player with energy left);
 * call it once after game_player_act returned 1. */
void game_monsters_act(struct game *g);

/* A whole turn: the player's command and, when it took time, the
 * monsters' tick.  Returns 1 when the game goes on after a turn, 0 when
 * the command took no time, -1 when the game is over. */
int game_step(struct game *g, struct world_cmd cmd);

/* An edit of the dungeon between turns (the sandbox's), carried out by
 * the rules (act_edit): the minds see it in the change log when they next
 * decide.  No time passes.  Returns 0, or -1 when refused. */
int game_edit(struct game *g, struct cmd_edit e);

/* Makes g the first of levels levels (2 or more): reaching the stairs
 * of one below the last takes the player down to the next, made by fn
 * (ctx passed on), with the player's hit points and the turn count
 * carried over, and an event WEV_DESCENDED in the new level's log.  The
 * seed of level k > 1 is game_level_seed(g's seed, k). */
void game_campaign(struct game *g, int levels, game_level_fn fn, void *ctx);
uint64_t game_level_seed(uint64_t seed, int depth);

/* A checksum of the whole game state, for replays. */
uint64_t game_checksum(const struct game *g);

/* The game that continues old on data d edited while it runs (owned by
 * the new game, freed on failure): the world carried over (reload.h) and
 * what each monster knew.  old is left untouched.  Returns NULL with the
 * reason in diags. */
struct game *game_reload(const struct game *old, struct data *d,
                         struct diag_list *diags, struct reload_report *rep);

#endif
