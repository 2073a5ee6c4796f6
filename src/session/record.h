/* record.h - writing a recording: the options that made the game, then
 * one line per command, "turn N CMD CHECKSUM", CHECKSUM being the whole
 * game's checksum after the command, so that a replay can tell the first
 * turn that no longer matches (replay.h reads them). */
#ifndef HUNTED_RECORD_H
#define HUNTED_RECORD_H

#include <stdio.h>

#include "core/game.h"
#include "setup.h"

/* The first line a recording must have after its comments. */
#define RECORD_MAGIC   "hunted-recording"
#define RECORD_VERSION 1

/* Writes the header: a comment, the version, the game's options. */
void record_write_header(FILE *f, const struct setup *s);

/* Appends one command and the checksum of g after it. */
void record_write_turn(FILE *f, const struct game *g, struct world_cmd cmd);

#endif
