/* SPDX-License-Identifier: MIT */
/* cmd.h - the player's commands as letters: the one language of --keys,
 * recordings and the autopilot.
 *
 * h j k l y u b n move west, south, north, east, north-west, north-east,
 * south-west, south-east; '.' waits; 'o' or 'c' followed by a direction
 * letter opens or closes a door there; 'g' picks up; 'a', an item
 * letter and a direction letter (or '.' for here) uses a tool from the
 * pack: the item letter is CMD_ITEM_FIRST plus its item kind. */
#ifndef HUNTED_CMD_H
#define HUNTED_CMD_H

#include <stddef.h>
#include <stdint.h>

#include "world.h"

/* An edit of the dungeon between turns (the sandbox's), which the rules
 * carry out (act_edit) like every other change: a cell painted with a
 * terrain, or the player or a monster put on a cell.  An edit is not a
 * turn: no time passes and no monster moves.  Undoing an edit is the
 * inverse edit. */
enum cmd_edit_kind {
	CMD_EDIT_PAINT = 0, /* terrain on (x, y) */
	CMD_EDIT_PUT,       /* actor (-1 the player, else a monster) to x, y */
};

struct cmd_edit {
	uint8_t kind; /* enum cmd_edit_kind */
	int actor;
	int x, y;
	int terrain;
};

/* The most letters one command takes. */
#define CMD_LETTERS_MAX 3
/* The letter of item kind 0 in a use command ('0', '1', ... on). */
#define CMD_ITEM_FIRST '0'

/* Parses one command from s into out; returns the characters used (1 to
 * CMD_LETTERS_MAX), or 0 when s does not start with a command (*s == '\0'
 * included). */
size_t cmd_parse(const char *s, struct world_cmd *out);

/* Writes cmd as its letters and a NUL into buf[CMD_LETTERS_MAX + 1];
 * returns the number of letters, 0 when cmd has no letters. */
size_t cmd_format(struct world_cmd cmd, char buf[CMD_LETTERS_MAX + 1]);

/* The direction letter for dx, dy, or 0. */
char cmd_dir_letter(int dx, int dy);

#endif
