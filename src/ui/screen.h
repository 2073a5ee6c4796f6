/* SPDX-License-Identifier: MIT */
/* screen.h - what the game screen's files and its callers share below
 * view.h: the smallest screen the game is drawn on, and what a key's
 * handling asks the caller to do. */
#ifndef HUNTED_SCREEN_H
#define HUNTED_SCREEN_H

#define VIEW_MIN_W 80
#define VIEW_MIN_H 24

/* What the caller should do after a key. */
enum view_result {
	VIEW_OK = 0,
	VIEW_QUIT,   /* leave the game */
	VIEW_REDRAW, /* repaint the whole terminal */
	VIEW_CMD,    /* play the command the view filled in */
};

#endif
