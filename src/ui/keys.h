/* SPDX-License-Identifier: MIT */
/* keys.h - the keys of the terminal front end: the codes the view takes
 * (printable ASCII and control characters as themselves, the rest as the
 * codes below, which term.c translates from curses), the movement keys,
 * and the names --view-keys gives keys. */
#ifndef HUNTED_KEYS_H
#define HUNTED_KEYS_H

#include <stddef.h>

enum key {
	VK_CTRL_C = 3,
	VK_TAB = 9,
	VK_ENTER = 10,
	VK_CTRL_P = 16,
	VK_CTRL_R = 18,
	VK_ESC = 27,
	VK_UP = 0x101,
	VK_DOWN,
	VK_LEFT,
	VK_RIGHT,
	VK_UP_LEFT,    /* Home, keypad 7 */
	VK_UP_RIGHT,   /* PgUp, keypad 9 */
	VK_DOWN_LEFT,  /* End, keypad 1 */
	VK_DOWN_RIGHT, /* PgDn, keypad 3 */
	VK_CENTER,     /* keypad 5 with NumLock off */
	VK_F2,
	VK_F5,
	VK_RESIZE,
	/* Not a key: a key table's row for every movement key at once. */
	VK_MOVE = 0x200,
};

/* The step a movement key makes (arrows, hjklyubn, the keypad's digits
 * and its keys with NumLock off): 1 with *dx, *dy set, or 0. */
int keys_dir(int key, int *dx, int *dy);

/* The i-th movement key (i from 0), or -1 past the last: the keys a
 * VK_MOVE row stands for, for the lists of keys. */
int keys_move_key(size_t i);

/* The key's name in the help and the lists of keys: a printable
 * character as itself, the others as Space, Tab, Enter, Esc, Backspace,
 * Ctrl-C, Up, PgUp, Keypad-5, F2... */
const char *keys_name(int key, char *buf, size_t size);

/* Whether the key waits a turn: . 5 s and the keypad's centre. */
int keys_wait(int key);

/* The next key of a --view-keys string: a character as itself, or one
 * of <tab> <esc> <enter> <up> <down> <left> <right> <f2> <f5> <lt>.
 * Returns the key and advances *s, or -1 for an unknown <name>. */
int keys_parse_name(const char **s);

#endif
