/* SPDX-License-Identifier: MIT */
/* reload.h - carrying a world over to data files edited while it runs.
 *
 * When the new dungeon has the same size, the game goes on: the player
 * keeps its place (when it can still stand there), hit points, keys and
 * turn; every monster keeps its place, hit points and energy under its
 * kind's new definition; keys already taken stay taken; the player
 * remembers the map as it saw it (fov.h).  The terrain, doors included,
 * is the file's.  A dungeon of another size starts the game over on the
 * new map (same seed).  What the monsters know is the
 * minds' to carry over (core/game.c does both). */
#ifndef HUNTED_RELOAD_H
#define HUNTED_RELOAD_H

#include "world.h"

struct reload_report {
	int restarted;   /* the size changed: a new game on the new map */
	int player_kept; /* the player stayed where it stood */
	size_t kept;     /* monsters carried over */
	size_t dropped;  /* monsters whose kind is gone or cannot stand on
	                    their cell any more */
};

/* Makes the world that continues old on data d (error-free, owned by the
 * new world, freed on failure).  old is left untouched: the caller frees
 * it once it has the new one.  Unless the game restarted, from[n] gets
 * the index in old of the new world's monster n (from has room for
 * old->nmonsters).  Returns NULL when out of memory or when d cannot be
 * played, with the reason in diags. */
struct world *reload_world(const struct world *old, struct data *d,
                           struct diag_list *diags, struct reload_report *rep,
                           size_t *from);

#endif
