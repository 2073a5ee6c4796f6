/* SPDX-License-Identifier: MIT */
/* cmd.c - the player's commands as letters, both ways. */
#include "cmd.h"

#include <string.h>

#include "core/base/dir.h"

/* The letter of each direction, in the order of base/dir.h: north k, east
 * l, south j, west h, then u n b y. */
static const char dir_letters[DIR_COUNT + 1] = "kljhunby";

char cmd_dir_letter(int dx, int dy)
{
	int d = dir_of(dx, dy);

	return d < 0 ? 0 : dir_letters[d];
}

/* The step of a direction letter; 0 when c is not one. */
static int cmd_letter_step(char c, int *dx, int *dy)
{
	const char *p = c ? strchr(dir_letters, c) : NULL;

	if (!p)
		return 0;
	*dx = dir_dx[p - dir_letters];
	*dy = dir_dy[p - dir_letters];
	return 1;
}

size_t cmd_parse(const char *s, struct world_cmd *out)
{
	int dx, dy;

	memset(out, 0, sizeof(*out));
	if (cmd_letter_step(s[0], &dx, &dy)) {
		out->kind = WCMD_MOVE;
		out->dx = (int8_t)dx;
		out->dy = (int8_t)dy;
		return 1;
	}
	switch (s[0]) {
	case '.':
		out->kind = WCMD_WAIT;
		return 1;
	case 'g':
		out->kind = WCMD_PICKUP;
		return 1;
	case 'a':
		/* a, the item kind as one letter, a direction or '.' */
		if (s[1] < CMD_ITEM_FIRST ||
		    s[1] >= CMD_ITEM_FIRST + DATA_KEY_MAX)
			return 0;
		if (s[2] == '.')
			dx = dy = 0;
		else if (!cmd_letter_step(s[2], &dx, &dy))
			return 0;
		*out = world_cmd_use(s[1] - CMD_ITEM_FIRST, dx, dy);
		return 3;
	case 'o':
	case 'c':
		if (!cmd_letter_step(s[1], &dx, &dy))
			return 0;
		out->kind = s[0] == 'o' ? WCMD_OPEN : WCMD_CLOSE;
		out->dx = (int8_t)dx;
		out->dy = (int8_t)dy;
		return 2;
	default:
		return 0;
	}
}

size_t cmd_format(struct world_cmd cmd, char buf[CMD_LETTERS_MAX + 1])
{
	char d = cmd_dir_letter(cmd.dx, cmd.dy);

	memset(buf, 0, CMD_LETTERS_MAX + 1);
	if (world_cmd_item(cmd) >= 0) {
		if (!d && (cmd.dx || cmd.dy))
			return 0;
		buf[0] = 'a';
		buf[1] = (char)(CMD_ITEM_FIRST + world_cmd_item(cmd));
		buf[2] = d ? d : '.';
		return 3;
	}
	switch (cmd.kind) {
	case WCMD_WAIT:
		buf[0] = '.';
		return 1;
	case WCMD_PICKUP:
		buf[0] = 'g';
		return 1;
	case WCMD_MOVE:
		buf[0] = d;
		return d ? 1 : 0;
	case WCMD_OPEN:
	case WCMD_CLOSE:
		if (!d)
			return 0;
		buf[0] = cmd.kind == WCMD_OPEN ? 'o' : 'c';
		buf[1] = d;
		return 2;
	}
	return 0;
}
