/* SPDX-License-Identifier: MIT */
/* replay.h - reading a recording back (record.h writes them).
 *
 * The whole file is read through the opener (core/base/file.h) and
 * checked before a single turn is played: the header into a setup, every
 * turn into memory, the end line against the turns.  A recording that is
 * cut short, out of order or malformed anywhere is refused with the line
 * and what is wrong, as a data file is, and nothing is played; what is
 * left to the replay is whether the game still comes out the same. */
#ifndef HUNTED_REPLAY_H
#define HUNTED_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/diag.h"
#include "core/game.h"
#include "setup.h"

/* Largest recording read: 1 GiB.  hunted writes no more than
 * REPLAY_TURNS_MAX turns of at most 36 bytes each into a save or a
 * recording, so that everything it writes it reads back. */
#define REPLAY_FILE_MAX  (1L << 30)
#define REPLAY_TURNS_MAX 25000000u
/* Longest line: a header line with the longest map path. */
#define REPLAY_LINE_MAX (SETUP_MAP_MAX + 64)
/* Longest version of hunted a header may name. */
#define REPLAY_VERSION_MAX 40

struct replay_turn {
	struct world_cmd cmd;
	int line;     /* the line of the file it was read from */
	uint64_t sum; /* the game's checksum after the command */
};

struct replay {
	const char *path; /* NULL when nothing is replayed */
	struct replay_turn *turns;
	size_t nturns, cap;
	size_t next;      /* the next turn to give */
	int end_line;     /* the end line's line */
	uint64_t end_sum; /* the checksum the game ends with */
	/* The last command given: its line, and the checksum it must leave
	 * the game with. */
	int line;
	uint64_t want;
	/* The version of hunted that wrote it ("version" in the header),
	 * and its line; "" and 0 when the header has none. */
	char version[REPLAY_VERSION_MAX + 1];
	int version_line;
};

/* Reads and checks the whole recording at path: the game's options of
 * its header into s, its turns into r.  Returns 0, or -1 with the first
 * problem in diags (FILE:LINE: MESSAGE, or FILE: for the whole file) and
 * r empty. */
int replay_load(struct replay *r, const char *path, struct setup *s,
                struct diag_list *diags);
void replay_fini(struct replay *r);

/* The next command into *cmd, with its line and checksum in r->line and
 * r->want.  Returns 1, or 0 when every turn has been given. */
int replay_next(struct replay *r, struct world_cmd *cmd);

/* Turns not yet given. */
size_t replay_left(const struct replay *r);

/* Whether g is where the recording says the last command left it. */
int replay_matches(const struct replay *r, const struct game *g);

/* Whether g is where the end line says the game ended. */
int replay_end_matches(const struct replay *r, const struct game *g);

#endif
