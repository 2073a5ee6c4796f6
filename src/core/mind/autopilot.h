/* SPDX-License-Identifier: MIT */
/* autopilot.h - the player's mind for headless games and benchmarks: a
 * simple, deterministic player that heads for the exit. */
#ifndef HUNTED_AUTOPILOT_H
#define HUNTED_AUTOPILOT_H

#include <stddef.h>

#include "core/world/world.h"

struct autopilot;

enum autopilot_style {
	AUTOPILOT_STRAIGHT = 0, /* the cheapest way to the exit, no more */
	AUTOPILOT_CAREFUL,      /* round the monsters, fights where it pays,
	                           doors shut, rests and drinks */
	AUTOPILOT_STYLE_COUNT
};

/* A straight autopilot, and one of either style. */
struct autopilot *autopilot_new(const struct world *w);
struct autopilot *autopilot_new_style(const struct world *w,
                                      enum autopilot_style style);
const char *autopilot_style_name(enum autopilot_style s);
void autopilot_free(struct autopilot *a);

/* The player's next command: the cheapest way to the exit (doors opened,
 * locked ones only with their key; for the careful style, cells near
 * monsters dearer); when the exit is out of reach, the nearest key not
 * yet held; else wait.  A monster in the way is attacked by walking into
 * it.  The careful style first fights, flees, shuts a door or rests
 * when that is wiser.  Returns 0, or -1 when out of memory (out is then
 * a wait). */
int autopilot_next(struct autopilot *a, const struct world *w,
                   struct world_cmd *out);

#endif
