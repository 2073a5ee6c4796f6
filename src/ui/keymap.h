/* SPDX-License-Identifier: MIT */
/* keymap.h - the game screen's key tables, one a mode, as text: what
 * --list-keys prints, and what the manual page and the README are
 * checked against. */
#ifndef HUNTED_KEYMAP_H
#define HUNTED_KEYMAP_H

#include <stdio.h>

#include "core/base/diag.h"

/* Every key of every mode's table, one a line: MODE<TAB>KEY<TAB>HELP
 * (KEY as keys_name names it; "any" for what the mode does with a key
 * its table does not name). */
void keymap_list(FILE *out);

/* Reads a key map (the player's keys.txt, or a shipped one): lines
 *   bind TABLE ACTION KEY...   the KEYs do ACTION in TABLE too
 *   unbind TABLE KEY...        the KEYs do nothing there
 * TABLE a mode of --list-keys, or "move" for the movement keys of every
 * table that moves; ACTION a direction of "move" (west, northeast...), a
 * name (wait, open, close, pickup, save, quit, help, look...) or the key
 * that does it by default.  The dispatch, the help and --list-keys then
 * show the keys as bound.  Returns 0, or -1 with every problem in diags
 * and the default keys kept. */
int keymap_load(const char *path, struct diag_list *diags);

/* The default keys again. */
void keymap_reset(void);

#endif
