/* autopilot.h - a simple, deterministic player for headless games and
 * benchmarks, and the one-letter command language shared by --keys,
 * recordings and the terminal.
 *
 * Commands: h j k l y u b n move west, south, north, east, north-west,
 * north-east, south-west, south-east; '.' waits; 'o' or 'c' followed by a
 * direction letter opens or closes a door there; 'g' picks up. */
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
int autopilot_next(struct autopilot *a, struct world *w, struct world_cmd *out);

/* Parses one command from s into out; returns the characters used (1 or
 * 2), or 0 when s does not start with a command (*s == '\0' included). */
size_t cmd_parse(const char *s, struct world_cmd *out);

/* Writes cmd as its letters (1 or 2) and a NUL into buf[3]; returns the
 * number of letters, 0 when cmd has no letters. */
size_t cmd_format(struct world_cmd cmd, char buf[3]);

/* The direction letter for dx, dy, or 0. */
char cmd_dir_letter(int dx, int dy);

#endif
