/* replay.h - reading a recording back (record.h writes them): its header
 * into a setup, then its commands one by one with the checksum each one
 * must leave the game with. */
#ifndef HUNTED_REPLAY_H
#define HUNTED_REPLAY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "setup.h"

struct replay {
	FILE *f;
	const char *path;
	int line;      /* lines read so far */
	uint64_t want; /* the checksum recorded after the last command */
};

/* Reads the header of the recording at path into s's game options.
 * Returns 0, or -1 with the problem (FILE:LINE: ...) in err. */
int replay_read_setup(const char *path, struct setup *s, char *err,
                      size_t err_size);

/* Opens the recording for its commands.  Returns 0, or -1 with the
 * problem in err. */
int replay_open(struct replay *r, const char *path, char *err, size_t err_size);
void replay_close(struct replay *r);

/* The next command, and the checksum recorded after it (r->want).
 * Returns 1, 0 at the end, -1 on a malformed line (r->line). */
int replay_next(struct replay *r, struct world_cmd *cmd);

/* Whether g is where the recording says the last command left it. */
int replay_matches(const struct replay *r, const struct game *g);

#endif
