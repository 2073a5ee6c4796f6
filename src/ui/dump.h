/* dump.h - the screen as text (--dump-screen): a headless session's sink
 * that draws every turn as the terminal would, and at the end prints the
 * screen (and with the AI view on, every AI layer over the whole map). */
#ifndef HUNTED_DUMP_H
#define HUNTED_DUMP_H

#include "canvas.h"
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

#endif
