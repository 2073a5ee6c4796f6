/* SPDX-License-Identifier: MIT */
/* keys.c - the movement keys and the names of keys. */
#include "keys.h"

#include <stdio.h>
#include <string.h>

#include "core/base/dir.h"

static const struct {
	int key;
	enum dir dir;
} keys_dirs[] = {
        {VK_LEFT, DIR_W},       {VK_RIGHT, DIR_E},
        {VK_UP, DIR_N},         {VK_DOWN, DIR_S},
        {VK_UP_LEFT, DIR_NW},   {VK_UP_RIGHT, DIR_NE},
        {VK_DOWN_LEFT, DIR_SW}, {VK_DOWN_RIGHT, DIR_SE},
        {'h', DIR_W},           {'l', DIR_E},
        {'k', DIR_N},           {'j', DIR_S},
        {'y', DIR_NW},          {'u', DIR_NE},
        {'b', DIR_SW},          {'n', DIR_SE},
        {'4', DIR_W},           {'6', DIR_E},
        {'8', DIR_N},           {'2', DIR_S},
        {'7', DIR_NW},          {'9', DIR_NE},
        {'1', DIR_SW},          {'3', DIR_SE},
};

int keys_dir(int key, int *dx, int *dy)
{
	size_t i;

	for (i = 0; i < sizeof(keys_dirs) / sizeof(keys_dirs[0]); i++)
		if (keys_dirs[i].key == key) {
			*dx = dir_dx[keys_dirs[i].dir];
			*dy = dir_dy[keys_dirs[i].dir];
			return 1;
		}
	return 0;
}

int keys_move_key(size_t i)
{
	return i < sizeof(keys_dirs) / sizeof(keys_dirs[0]) ? keys_dirs[i].key
	                                                    : -1;
}

const char *keys_name(int key, char *buf, size_t size)
{
	static const struct {
		int key;
		const char *name;
	} names[] = {
	        {' ', "Space"},          {VK_TAB, "Tab"},
	        {VK_ENTER, "Enter"},     {VK_ESC, "Esc"},
	        {127, "Backspace"},      {8, "Ctrl-H"},
	        {VK_CTRL_C, "Ctrl-C"},   {VK_CTRL_P, "Ctrl-P"},
	        {VK_CTRL_R, "Ctrl-R"},   {VK_UP, "Up"},
	        {VK_DOWN, "Down"},       {VK_LEFT, "Left"},
	        {VK_RIGHT, "Right"},     {VK_UP_LEFT, "Home"},
	        {VK_UP_RIGHT, "PgUp"},   {VK_DOWN_LEFT, "End"},
	        {VK_DOWN_RIGHT, "PgDn"}, {VK_CENTER, "Keypad-5"},
	        {VK_F2, "F2"},           {VK_F5, "F5"},
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].key == key)
			return names[i].name;
	if (key > ' ' && key < 127)
		snprintf(buf, size, "%c", key);
	else
		snprintf(buf, size, "key-%d", key);
	return buf;
}

int keys_wait(int key)
{
	return key == '.' || key == '5' || key == 's' || key == VK_CENTER;
}

int keys_parse_name(const char **s)
{
	static const struct {
		const char *name;
		int key;
	} names[] = {
	        {"<tab>", VK_TAB},     {"<esc>", VK_ESC},
	        {"<enter>", VK_ENTER}, {"<up>", VK_UP},
	        {"<down>", VK_DOWN},   {"<left>", VK_LEFT},
	        {"<right>", VK_RIGHT}, {"<f2>", VK_F2},
	        {"<f5>", VK_F5},       {"<lt>", '<'},
	};
	size_t i;

	if (**s == '<') {
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (!strncmp(*s, names[i].name,
			             strlen(names[i].name))) {
				*s += strlen(names[i].name);
				return names[i].key;
			}
		return -1;
	}
	return (unsigned char)*(*s)++;
}
