/* SPDX-License-Identifier: MIT */
/* morgue.h - the morgue file: what is left of a finished game, as text
 * (how it ended, the score, the seed that plays it again, the last
 * messages and the dungeon at the end), written for each game that ends
 * to the player's folder as morgue-YYYYmmdd-HHMMSS-SEED.txt. */
#ifndef HUNTED_MORGUE_H
#define HUNTED_MORGUE_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "ending.h"
#include "setup.h"

/* What a morgue tells of a finished game. */
struct morgue_game {
	const struct world *world; /* as the game ended */
	const struct ending *end;
	const struct ending_notes *notes; /* its last messages */
	const struct setup *setup;        /* how to play it again */
	const char *label;                /* the dungeon's name */
	uint64_t seed;                    /* the game's, as the status line */
	int level; /* in a campaign, the level it ended on; else 0 */
	const char *unsaveable; /* why it could not be saved, or NULL */
	/* Its place in the high-score list of nscores games at scores (a
	 * path), or rank -1 when not in it. */
	int rank;
	size_t nscores;
	const char *scores;
};

/* The widest and tallest part of the dungeon drawn: a larger one is
 * drawn around the player. */
#define MORGUE_MAP_MAX 256

/* Writes the morgue of game m, which has ended, to the player's folder,
 * never over another file.  Returns 0 with the file's name in path, or
 * -1 with the reason in err. */
int morgue_write(const struct morgue_game *m, char *path, size_t path_size,
                 char *err, size_t err_size);

/* The morgue's text, as of when. */
void morgue_print(FILE *f, const struct morgue_game *m, time_t when);

#endif
