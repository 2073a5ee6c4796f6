/* headless.h - playing without a terminal: the autopilot or --keys drive
 * the player, the monsters do what they always do, and one summary line
 * says what happened.  Also records and replays games. */
#ifndef HUNTED_HEADLESS_H
#define HUNTED_HEADLESS_H

#include <stdint.h>
#include <stdio.h>

#include "core/game.h"

#define EXIT_DIVERGED 3 /* a replay no longer matches its recording */

/* What a game was started from, written at the top of a recording. */
struct game_setup {
	const char *map;  /* NAME or FILE, or NULL with generate */
	int gen_w, gen_h; /* --generate WxH, 0 when not generated */
	uint64_t seed;
	int monsters; /* -1: the map's own */
	uint32_t turn_budget;
	enum mind_strategy strategy;
	int hunt; /* --hunt: every monster knows where the player is */
};

struct headless_opts {
	struct game_setup setup;
	long turns;         /* stop after this many turns; <= 0: 1000 */
	const char *keys;   /* commands to play, or NULL: autopilot */
	const char *record; /* file to record to, or NULL */
	const char *replay; /* file to play back, or NULL */
	int log;            /* print every event */
	int no_timing;      /* print 0 for the timings (golden files) */
	/* Called after every command and once before the world is freed
	 * (both may be NULL): how --dump-screen follows the game. */
	void (*on_turn)(struct game *g, void *arg);
	void (*at_end)(struct game *g, void *arg);
	void *hook_arg;
};

/* Plays game g (which it frees) as o says, printing the log and the
 * summary on out.  Returns the exit status. */
int headless_run(struct game *g, const struct headless_opts *o, FILE *out);

/* Reads the setup of a recording; returns 0, or -1 with a message in err. */
int replay_read_setup(const char *path, struct game_setup *s, char *map_buf,
                      size_t map_size, char *err, size_t err_size);

/* Writes the header of a recording. */
void replay_write_setup(FILE *f, const struct game_setup *s);

/* The next command of a recording open in f (past its header lines), and
 * the checksum recorded after it; *lineno counts the lines read.  Returns
 * 1, 0 at the end, -1 on a malformed line. */
int replay_next(FILE *f, int *lineno, struct world_cmd *cmd, uint64_t *sum);

/* Appends one command to a recording: "turn N CMD CHECKSUM". */
void replay_write_turn(FILE *f, const struct game *g, struct world_cmd cmd);

#endif
