/* term.h - the terminal: the only part of hunted that uses curses. */
#ifndef HUNTED_TERM_H
#define HUNTED_TERM_H

#include "view.h"

/* Runs the game in the terminal until the player quits or a signal asks
 * it to stop; the terminal is restored in every case.  Returns the exit
 * status: 0, 128 + the signal's number, 3 when a watched replay diverged,
 * or 1 when the terminal could not be set up. */
int term_run(struct view *v);

/* Whether standard input and output are a terminal curses can use; when
 * not, a message pointing to --headless is written to stderr. */
int term_usable(void);

#endif
