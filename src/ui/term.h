/* SPDX-License-Identifier: MIT */
/* term.h - the terminal: the only part of hunted that uses curses. */
#ifndef HUNTED_TERM_H
#define HUNTED_TERM_H

#include "session/session.h"

/* Whether standard input and output are a terminal (nothing said). */
int term_available(void);

/* Plays session s in the terminal (the game, or a watched replay) until
 * the player quits or a signal asks it to stop; the terminal is restored
 * in every case, and then the end of the game is said.  Returns the exit
 * status: 0, 128 + the signal's number, 3 when a watched replay
 * diverged, or 1 when there is no usable terminal.  A lesson picked in
 * the lesson menu (M) ends the game: its name is left in lesson (size
 * bytes), "" when none was picked. */
int term_play(struct session *s, char *lesson, size_t size);

#endif
