/* SPDX-License-Identifier: MIT */
/* outputs.h - before a session writes anything: the files it would
 * write checked against every file it reads. */
#ifndef HUNTED_OUTPUTS_H
#define HUNTED_OUTPUTS_H

#include "setup.h"

/* Whether the files the session would write (--record, --cast, --save)
 * leave alone every file it reads (the map and its includes, the data
 * files and the player's over them, every level of a campaign and the
 * campaign file, options.txt, the key map, the recording replayed, the
 * save), compared by device and inode, and
 * every file that is not hunted's own (unless --force; a --save that is
 * not a save is moved aside by the resume).  Returns 0, or
 * EXIT_USAGE after saying which file and why on stderr. */
int outputs_check(const struct setup *s);

#endif
