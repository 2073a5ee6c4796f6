/* headless.h - playing without a terminal: the autopilot or --keys drive
 * the player, the monsters do what they always do, and one summary line
 * says what happened.  Also records and replays games. */
#ifndef HUNTED_HEADLESS_H
#define HUNTED_HEADLESS_H

#include <stdint.h>
#include <stdio.h>

#include "world.h"

#define EXIT_DIVERGED 3 /* a replay no longer matches its recording */

/* What a game was started from, written at the top of a recording. */
struct game_setup {
	const char *map;  /* NAME or FILE, or NULL with generate */
	int gen_w, gen_h; /* --generate WxH, 0 when not generated */
	uint64_t seed;
	int monsters; /* -1: the map's own */
	uint32_t turn_budget;
	enum ai_strategy strategy;
};

struct headless_opts {
	struct game_setup setup;
	long turns;         /* stop after this many turns; <= 0: 1000 */
	const char *keys;   /* commands to play, or NULL: autopilot */
	const char *record; /* file to record to, or NULL */
	const char *replay; /* file to play back, or NULL */
	int log;            /* print every event */
	int no_timing;      /* print 0 for the timings (golden files) */
};

/* Plays a game on w (which it frees) as o says, printing the log and the
 * summary on out.  Returns the exit status. */
int headless_run(struct world *w, const struct headless_opts *o, FILE *out);

/* Reads the setup of a recording; returns 0, or -1 with a message in err. */
int replay_read_setup(const char *path, struct game_setup *s, char *map_buf,
                      size_t map_size, char *err, size_t err_size);

#endif
