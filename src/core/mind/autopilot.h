/* autopilot.h - the player's mind for headless games and benchmarks: a
 * simple, deterministic player that heads for the exit. */
#ifndef HUNTED_AUTOPILOT_H
#define HUNTED_AUTOPILOT_H

#include <stddef.h>

#include "core/world/world.h"

struct autopilot;

struct autopilot *autopilot_new(const struct world *w);
void autopilot_free(struct autopilot *a);

/* The player's next command: the cheapest way to the exit (doors opened,
 * locked ones only with their key); when the exit is out of reach, the
 * nearest key not yet held; else wait.  A monster in the way is attacked
 * by walking into it.  Returns 0, or -1 when out of memory (out is then a
 * wait). */
int autopilot_next(struct autopilot *a, const struct world *w,
                   struct world_cmd *out);

#endif
