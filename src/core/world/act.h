/* SPDX-License-Identifier: MIT */
/* act.h - the rules of hunted: what the player's commands and the
 * monsters' actions do to the world.
 *
 * Time is measured in energy: every tick each monster gains its speed
 * (the player's is 100) and acts once for every WORLD_TURN_ENERGY it has,
 * so a speed-200 monster acts twice per player turn and a speed-50 one
 * every other turn.  An action spends WORLD_TURN_ENERGY, and a step onto
 * a cell of cost c (world_cost, what the mover's searches weigh it by)
 * spends c times that: the mover owes the rest, and acts again once its
 * speed has paid it back.  A turn is the player's command, then ticks of
 * the monsters until the player may act again, each with its end; the
 * order is core/game.c's.  Everything that happens is reported as an
 * event of the turn (w->events). */
#ifndef HUNTED_ACT_H
#define HUNTED_ACT_H

#include "cmd.h"
#include "world.h"

/* Carries out the player's command, starting the turn's event log.
 * Returns 1 when time passed, 0 when the command took no time (walking
 * into a wall, opening nothing) and -1 when the game is already over. */
int act_player(struct world *w, struct world_cmd cmd);

/* Carries out monster i's action.  Every action is checked against the
 * rules again, so a mistaken one does nothing (never two actors in a
 * cell, never a step through a wall). */
void act_monster(struct world *w, size_t i, const struct world_action *a);

/* Gives monster i its speed's worth of energy for this tick.  Returns 0
 * when the monster is dead (it gets none). */
static inline int act_charge(struct world *w, size_t i)
{
	struct world_monster *m = &w->monsters[i];

	if (!m->alive)
		return 0;
	m->energy += w->data->monsters[m->kind].speed;
	return 1;
}

/* Whether monster i acts (once more) this tick: it lives, the game goes
 * on and it has a turn's energy, which it spends. */
static inline int act_ready(struct world *w, size_t i)
{
	struct world_monster *m = &w->monsters[i];

	if (m->energy < WORLD_TURN_ENERGY || !m->alive ||
	    w->state != WORLD_PLAYING)
		return 0;
	m->energy -= WORLD_TURN_ENERGY;
	return 1;
}

/* Carries out an edit of the dungeon (cmd.h) between turns: the terrain
 * goes through world_set_terrain, so the change log the minds read has
 * it, and a mover through world_put; what the player sees follows both
 * (fov.h).  No time passes.  Returns 0 when
 * done (painting a cell the terrain it has changes nothing), -1 when the
 * edit is refused: off the map, an unknown terrain or mover, a mover that
 * could not stand on the new terrain, or a cell it may not enter or that
 * is taken. */
int act_edit(struct world *w, struct cmd_edit e);

/* Ends the turn: the turn counter moves on. */
void act_end_turn(struct world *w);

#endif
