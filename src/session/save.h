/* SPDX-License-Identifier: MIT */
/* save.h - saved games.  The game is deterministic from its seed and
 * its commands, so a save is a recording (record.h) of the game so far:
 *
 *   # hunted save: the next start of hunted resumes it (doc/formats.md)
 *   hunted-recording 2
 *   version 0.1.0              required: only this hunted resumes it
 *   map default                a map file by its absolute path
 *   seed 48213377
 *   ...
 *   # start 0c3f...            the checksum on turn 0 (for recovery)
 *   # result 140 1 12 0 5 doors    the result so far (session.c)
 *   turn 1 l 5e893ed4bb150a0e
 *   ...
 *   end 37 a79c086aa944639a    the turns so far; the game is not over
 *
 * Resuming replays it, checking every turn's checksum, and goes on from
 * there: a resumed game comes to the same end, byte for byte, as one
 * never interrupted.  A save is also a recording that --replay plays.
 *
 * The save stays on disk while the game is played, written again as it
 * goes (session.c says when), each time whole or not at all: a temporary
 * file, synced, renamed over the save, the folder synced.  It is removed
 * only once the game has ended and its result is kept. */
#ifndef HUNTED_SAVE_H
#define HUNTED_SAVE_H

#include <limits.h>
#include <stddef.h>

#include <stdint.h>

#include "core/base/diag.h"
#include "core/world/cmd.h"
#include "replay.h"
#include "setup.h"

/* A turn of the game so far, as its save keeps it. */
struct save_turn {
	struct world_cmd cmd;
	uint64_t sum; /* the game's checksum after it */
};

/* Writes the save of a game as it is now to path, whole or not at all:
 * the game set up by setup, its n turns so far, start and sum, its
 * checksums on turn 0 and after them, and result (or NULL), the game's
 * result as it stands, kept as the comment "# result RESULT" to be
 * recorded should the save not be resumed.  Refuses a game too long to
 * be read back (REPLAY_TURNS_MAX).  Returns 0, or -1 with the reason in
 * err. */
int save_write(const struct setup *setup, const struct save_turn *turns,
               size_t n, uint64_t start, uint64_t sum, const char *result,
               const char *path, char *err, size_t err_size);

/* The result a save keeps (the text after "# result "), into buf.
 * Returns 1, or 0 when it has none. */
int save_result(const char *path, char *buf, size_t size);

/* A map given as a relative file name made absolute, so that the game
 * resumes from any folder. */
void save_map_absolute(struct setup *st);

/* Looks for the temporary files of saves to path that a crash left
 * behind (PATH.tmp-PID of a process gone).  One whose header is whole
 * becomes the save, cut to its last whole turn, when there is no save
 * now; any other is moved aside.  Returns 1 with what was done, for the
 * player, in what, or 0 when none was found. */
int save_recover(const char *path, char *what, size_t size);

/* A game started while another game's save waits at PATH is kept on
 * disk beside it, in PATH.also-PID, never over it.  The names of those
 * of processes gone (at most max) into names; returns how many. */
#define SAVE_BESIDE_MAX (PATH_MAX + 32)
size_t save_beside(const char *path, char (*names)[SAVE_BESIDE_MAX],
                   size_t max);

/* Reads and checks the save at path as replay_load does (the game's
 * options into *setup, the turns into r), and that this hunted wrote it.
 * Returns 0, or -1 with the problem in diags (FILE:LINE: what). */
int save_load(struct replay *r, const char *path, struct setup *setup,
              struct diag_list *diags);

#endif
