/* SPDX-License-Identifier: MIT */
/* dump.h - the headless screen sinks.  The screen as text
 * (--dump-screen): a headless session's sink that draws every turn as the
 * terminal would, and at the end prints the screen (and with the AI view
 * on, every AI layer over the whole map).  The screen as an asciicast
 * (--cast): every turn drawn and written as a frame by cast.c. */
#ifndef HUNTED_DUMP_H
#define HUNTED_DUMP_H

#include "canvas.h"
#include "cast.h"
#include "session/session.h"

struct view;

struct dump {
	struct view *view;
	struct canvas canvas; /* drawn every turn, as in the terminal */
	int failed;           /* --view-keys named an unknown key */
};

/* Returns 0, or -1 after printing why. */
int dump_init(struct dump *d, struct session *s);
void dump_fini(struct dump *d);

struct session_sink dump_sink(struct dump *d);

/* --cast FILE: every turn of a headless session drawn as the terminal
 * would draw it (the AI view too with --ai-view), a quarter of a second
 * apart. */
struct dump_cast {
	struct cast cast;
	struct view *view;
	struct canvas canvas;
	unsigned frames;
};

/* Returns 0, or -1 after printing why. */
int dump_cast_init(struct dump_cast *k, struct session *s);
/* Returns 0, or -1 after printing why (a write failed). */
int dump_cast_fini(struct dump_cast *k);
struct session_sink dump_cast_sink(struct dump_cast *k);

#endif
