/* SPDX-License-Identifier: MIT */
/* keymap.h - the game screen's key tables, one a mode, as text: what
 * --list-keys prints, and what the manual page and the README are
 * checked against. */
#ifndef HUNTED_KEYMAP_H
#define HUNTED_KEYMAP_H

#include <stdio.h>

/* Every key of every mode's table, one a line: MODE<TAB>KEY<TAB>HELP
 * (KEY as keys_name names it; "any" for what the mode does with a key
 * its table does not name). */
void keymap_list(FILE *out);

#endif
