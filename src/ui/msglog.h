/* SPDX-License-Identifier: MIT */
/* msglog.h - the message log under the map: what the game said, a
 * message repeated counted up instead of written again, the latest drawn
 * on the message lines, the news of a turn that does not fit held back
 * behind --More-- a page at a time, and the whole history (Ctrl-P).  It
 * knows nothing of the game: the view writes messages into it and says
 * how wide the screen is. */
#ifndef HUNTED_MSGLOG_H
#define HUNTED_MSGLOG_H

#include <stddef.h>
#include <stdint.h>

#include "canvas.h"

#define MSGLOG_KEEP 1000 /* messages kept for the history */
#define MSGLOG_LINE 256  /* a message: at most three rows of 80 */
#define MSGLOG_ROWS 3    /* message lines under the map */

struct msglog {
	char (*shown)[MSGLOG_LINE]; /* as shown, with a (xN) count */
	char (*text)[MSGLOG_LINE];  /* as written */
	unsigned *count;
	int *fold; /* the kind of like messages it folds, 0 for none */
	uint32_t *turn;
	size_t n;
	size_t seen;   /* messages already on screen before this turn */
	long hist_top; /* first line shown by the history, -1 the end */
	/* --More--: the messages from more_at on wait, a page at a time,
	 * for a key that is nothing else; more_final holds the last page
	 * of a game that ended, and then the end screen shows. */
	int more, more_final;
	size_t more_at;
};

/* Returns 0, or -1 when out of memory (then msglog_fini still frees). */
int msglog_init(struct msglog *l);
void msglog_fini(struct msglog *l);

/* Adds line, written at the given turn. */
void msglog_add(struct msglog *l, uint32_t turn, const char *line);

/* Adds line, of a kind of message (fold, not 0) that a flood folds: when
 * a message of that kind is already among this turn's news, it counts
 * this one instead and is written again as many(n) says, n the count so
 * far (a plural form: "12 monsters spot you!"). */
void msglog_fold(struct msglog *l, uint32_t turn, int fold, const char *line,
                 void (*many)(char *buf, size_t size, unsigned n));

/* Every message so far counts as seen: the ones logged from now on are
 * the next turn's news. */
void msglog_mark_seen(struct msglog *l);

/* The rows the messages from `from` on take at width. */
int msglog_rows_from(const struct msglog *l, size_t from, int width);

/* Holds the messages from `from` on behind --More-- when they do not fit
 * on the message lines (and nothing is held already). */
void msglog_hold(struct msglog *l, size_t from, int width);

/* The game ended: its last page waits for a key, then the end screen. */
void msglog_hold_last(struct msglog *l, int width);

/* A key at --More--: the next page, or the messages as usual once the
 * rest fits.  Returns 1 when the last page of a game that ended was
 * passed: the end screen is due. */
int msglog_more_key(struct msglog *l, int width);

/* The message lines, rows of them from y0: the page held behind
 * --More--, or the latest messages, the news in bold. */
void msglog_draw(const struct msglog *l, struct canvas *c, int y0, int rows);

/* The history: opened at its end, scrolled by key (1 when it was a
 * scrolling key: up, down, k, j, PgUp, PgDn), drawn on the whole canvas
 * with each message's turn. */
void msglog_history_open(struct msglog *l);
int msglog_history_key(struct msglog *l, int key);
void msglog_draw_history(struct msglog *l, struct canvas *c);

#endif
