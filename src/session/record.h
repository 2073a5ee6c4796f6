/* SPDX-License-Identifier: MIT */
/* record.h - writing a recording, format 2:
 *
 *   # hunted recording: hunted --headless --replay FILE
 *   hunted-recording 2
 *   version 0.1.0              the hunted that wrote it (saves only)
 *   map doors                  the options that made the game, NAME VALUE
 *   seed 4                     (setup.c's table), each at most once
 *   turn 1 l 5e893ed4bb150a0e  every turn: its number (1, 2, 3...), the
 *   turn 2 k a79c086aa944639a  command that took it, the whole game's
 *   ...                        checksum after it, in 16 hex digits
 *   end 2 a79c086aa944639a     the number of turns, the final checksum
 *
 * A replay can so tell the first turn that no longer matches, and a
 * recording cut short (the game crashed, the disk filled) from a whole
 * one: the end line is written only when the session ends, however it
 * ends (won, caught, quit, the turn limit, a signal the loop handled).
 * A command that took no time (walking into a wall) changes nothing and
 * is left out.  replay.h reads them. */
#ifndef HUNTED_RECORD_H
#define HUNTED_RECORD_H

#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "setup.h"

/* The first line a recording must have after its comments. */
#define RECORD_MAGIC   "hunted-recording"
#define RECORD_VERSION 2

/* Writes the game's options, NAME VALUE each (setup_write_game), a map
 * name's newlines and backslashes written \n and \\ so that it stays
 * one line. */
void record_write_game(FILE *f, const struct setup *s);

/* Undoes that writing of a map name in place.  Returns 0, or -1 when a
 * backslash is followed by neither n nor another backslash. */
int record_unescape(char *value);

/* Writes the header: a comment, the format, the game's options. */
void record_write_header(FILE *f, const struct setup *s);

/* Appends the turn the command cmd took, and the checksum of g after
 * it. */
void record_write_turn(FILE *f, const struct game *g, struct world_cmd cmd);

/* Appends the line of turn n: the command cmd that took it and the
 * checksum sum it left. */
void record_write_line(FILE *f, uint32_t n, struct world_cmd cmd, uint64_t sum);

/* Appends the end line: the turns played and g's checksum now. */
void record_write_end(FILE *f, const struct game *g);

#endif
