/* morgue.h - the morgue file: what is left of a finished game, as text
 * (how it ended, the score, the seed that plays it again, the last
 * messages and the dungeon at the end), written for each game that ends
 * to the player's folder as morgue-YYYYmmdd-HHMMSS-SEED.txt. */
#ifndef HUNTED_MORGUE_H
#define HUNTED_MORGUE_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

struct session;

/* The widest and tallest part of the dungeon drawn: a larger one is
 * drawn around the player. */
#define MORGUE_MAP_MAX 256

/* Writes the morgue of s's game, which has ended (s->end), to the
 * player's folder, never over another file.  Returns 0 with the file's
 * name in path, or -1 with the reason in err. */
int morgue_write(const struct session *s, char *path, size_t path_size,
                 char *err, size_t err_size);

/* The morgue's text, as of when. */
void morgue_print(FILE *f, const struct session *s, time_t when);

#endif
