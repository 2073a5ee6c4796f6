/* SPDX-License-Identifier: MIT */
/* scores.h - the high-score list: a small text file, best game first
 * (the format is in doc/formats.md):
 *
 *   # hunted high scores, best first: SCORE DATE SEED LEVEL TURNS KILLS
 *   # DUNGEON END (doc/formats.md)
 *   hunted-scores 1
 *   1994 2026-11-25 4 1 3 0 escape Escaped from level 1 on turn 3.
 *   104 2026-11-24 3 1 41 0 crowd Killed by a rat on level 1, turn 41.
 *
 * Each game one line, its fields separated by single spaces: the score,
 * the date it ended, its seed, the level it ended on, the turns played,
 * the monsters killed, the dungeon (one word: spaces become '_'), and
 * how it ended, the rest of the line.  Only printable ASCII.  At most
 * SCORES_KEEP games are kept, the best. */
#ifndef HUNTED_SCORES_H
#define HUNTED_SCORES_H

#include <stddef.h>
#include <stdint.h>

#define SCORES_MAGIC   "hunted-scores"
#define SCORES_VERSION 1
#define SCORES_KEEP    100
#define SCORES_SHOWN   10 /* on the end of the game screen */
/* The largest file read: SCORES_KEEP lines and many comments. */
#define SCORES_FILE_MAX (1L << 20)

struct score_entry {
	long score;
	char date[11]; /* YYYY-MM-DD */
	uint64_t seed;
	unsigned level;
	uint32_t turns;
	unsigned kills;
	char dungeon[64];
	char text[160];
};

struct scores {
	struct score_entry items[SCORES_KEEP];
	size_t n;
};

/* Reads the list at path into l, best first; a missing file is an empty
 * list.  Returns 0, or -1 with "PATH:LINE: what is wrong" (or "PATH:
 * ..." for the whole file) in err and l empty. */
int scores_read(struct scores *l, const char *path, char *err, size_t err_size);

/* Writes l to path, whole or not at all.  Returns 0, or -1 with the
 * reason in err. */
int scores_write(const struct scores *l, const char *path, char *err,
                 size_t err_size);

/* Puts e in its place (below the games of the same score already
 * there).  Returns its rank from 0, or -1 when it is not among the best
 * SCORES_KEEP (l unchanged). */
int scores_add(struct scores *l, const struct score_entry *e);

/* e as its line of the file, without the newline. */
void scores_format(const struct score_entry *e, char *buf, size_t size);

/* The dungeon's name as one word of the file: spaces as '_', bytes
 * outside printable ASCII as '?'. */
void scores_word(const char *name, char *buf, size_t size);

/* Adds e to the list at path, under a lock (its folder, else path.lock)
 * so that two games ending at once both count: reads it (a damaged list
 * is moved aside, never deleted, and a new one begun, said in note),
 * adds e and the results kept aside before, writes it.  When no lock
 * can be had, e is not written unlocked but kept aside in
 * path.pending-PID, for the next start (scores_merge).  *l gets the
 * list as written and *rank e's place (-1: not in it).  Returns 0, or
 * -1 when e is not in the list (the reason in err; *l and *rank still
 * say where e would stand). */
int scores_record(const char *path, const struct score_entry *e,
                  struct scores *l, int *rank, char *note, size_t note_size,
                  char *err, size_t err_size);

/* The results kept aside by scores_record added to the list at path,
 * under its lock; none, or no lock, leaves everything as it is.  Returns
 * how many were added, or -1 with the reason in err. */
int scores_merge(const char *path, char *err, size_t err_size);

#endif
