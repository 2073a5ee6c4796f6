/* SPDX-License-Identifier: MIT */
/* msglog.c - the message log, --More-- and the history (see msglog.h). */
#include "msglog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"

#define MSG_INDENT 2 /* the rows of a message after its first */
#define MORE_LEN   9 /* room for " --More--" after a row */

int msglog_init(struct msglog *l)
{
	memset(l, 0, sizeof(*l));
	l->shown = calloc(MSGLOG_KEEP, sizeof(*l->shown));
	l->text = calloc(MSGLOG_KEEP, sizeof(*l->text));
	l->count = calloc(MSGLOG_KEEP, sizeof(*l->count));
	l->turn = calloc(MSGLOG_KEEP, sizeof(*l->turn));
	l->fold = calloc(MSGLOG_KEEP, sizeof(*l->fold));
	return l->shown && l->text && l->count && l->turn && l->fold ? 0 : -1;
}

void msglog_fini(struct msglog *l)
{
	free(l->shown);
	free(l->text);
	free(l->count);
	free(l->turn);
	free(l->fold);
	memset(l, 0, sizeof(*l));
}

void msglog_add(struct msglog *l, uint32_t turn, const char *line)
{
	/* The same message again counts up instead of filling the log. */
	if (l->n && !strcmp(l->text[l->n - 1], line)) {
		l->count[l->n - 1]++;
		snprintf(l->shown[l->n - 1], MSGLOG_LINE, "%.*s (x%u)",
		         MSGLOG_LINE - 16, line, l->count[l->n - 1]);
		l->turn[l->n - 1] = turn;
		if (l->seen == l->n)
			l->seen--;
		return;
	}
	if (l->n == MSGLOG_KEEP) {
		memmove(l->shown, l->shown + 1,
		        (MSGLOG_KEEP - 1) * sizeof(*l->shown));
		memmove(l->text, l->text + 1,
		        (MSGLOG_KEEP - 1) * sizeof(*l->text));
		memmove(l->turn, l->turn + 1,
		        (MSGLOG_KEEP - 1) * sizeof(*l->turn));
		memmove(l->count, l->count + 1,
		        (MSGLOG_KEEP - 1) * sizeof(*l->count));
		memmove(l->fold, l->fold + 1,
		        (MSGLOG_KEEP - 1) * sizeof(*l->fold));
		l->n--;
		if (l->seen)
			l->seen--;
	}
	snprintf(l->shown[l->n], MSGLOG_LINE, "%s", line);
	snprintf(l->text[l->n], MSGLOG_LINE, "%s", line);
	l->turn[l->n] = turn;
	l->count[l->n] = 1;
	l->fold[l->n] = 0;
	l->n++;
}

void msglog_fold(struct msglog *l, uint32_t turn, int fold, const char *line,
                 void (*many)(char *buf, size_t size, unsigned n))
{
	size_t k;

	/* Only the news of this turn folds: what the player has read
	 * stays as it was. */
	for (k = l->n; k > l->seen && fold; k--) {
		if (l->fold[k - 1] != fold || l->turn[k - 1] != turn)
			continue;
		l->count[k - 1]++;
		many(l->shown[k - 1], MSGLOG_LINE, l->count[k - 1]);
		snprintf(l->text[k - 1], MSGLOG_LINE, "%s", l->shown[k - 1]);
		return;
	}
	msglog_add(l, turn, line);
	/* A line equal to the last one counted up rather than added. */
	if (l->n && l->count[l->n - 1] == 1 && !strcmp(l->text[l->n - 1], line))
		l->fold[l->n - 1] = fold;
}

void msglog_mark_seen(struct msglog *l)
{
	l->seen = l->n;
}

/* The rows a message takes in the message lines, broken at spaces as
 * canvas_wrap breaks it (the rows after the first indented), and the
 * length of its last row. */
static int msglog_layout(const char *text, int width, int *last_len)
{
	int rows = 0, in = 0, n = 0;

	if (width <= MSG_INDENT)
		width = MSG_INDENT + 1;
	while (*text) {
		const char *row = text;

		text = canvas_next_row(text, width - in, &n);
		n = canvas_columns(row, (size_t)n) + in;
		rows++;
		in = MSG_INDENT;
	}
	if (last_len)
		*last_len = n;
	return rows ? rows : 1;
}

int msglog_rows_from(const struct msglog *l, size_t from, int width)
{
	int rows = 0;

	for (; from < l->n; from++)
		rows += msglog_layout(l->shown[from], width, NULL);
	return rows;
}

/* The first message of the last page: the most recent ones that fit. */
static size_t msglog_last_page(const struct msglog *l, int width)
{
	size_t k = l->n;
	int rows = 0;

	while (k > 0) {
		int nr = msglog_layout(l->shown[k - 1], width, NULL);

		if (rows + nr > MSGLOG_ROWS && k < l->n)
			break;
		rows += nr;
		k--;
	}
	return k;
}

void msglog_hold(struct msglog *l, size_t from, int width)
{
	if (!l->more && msglog_rows_from(l, from, width) > MSGLOG_ROWS) {
		l->more = 1;
		l->more_at = from;
	}
}

void msglog_hold_last(struct msglog *l, int width)
{
	if (!l->more) {
		l->more = 1;
		l->more_at = msglog_last_page(l, width);
	}
	l->more_final = 1;
}

static int msglog_more_fits(int len, int width)
{
	return len + MORE_LEN <= width;
}

/* The message after the last one of the page that starts at more_at:
 * as many as fit in rows with --More-- after the last, at least one. */
static size_t msglog_more_end(const struct msglog *l, int width, int rows)
{
	size_t k = l->more_at;
	int used = 0, last;

	while (k < l->n) {
		int nr = msglog_layout(l->shown[k], width, &last);

		if (used + nr + !msglog_more_fits(last, width) > rows &&
		    k > l->more_at)
			break;
		used += nr;
		k++;
	}
	return k;
}

int msglog_more_key(struct msglog *l, int width)
{
	size_t end = msglog_more_end(l, width, MSGLOG_ROWS);

	if (end >= l->n) {
		l->more = 0;
		if (l->more_final) {
			l->more_final = 0;
			return 1;
		}
		return 0;
	}
	l->more_at = end;
	if (!l->more_final && msglog_rows_from(l, end, width) <= MSGLOG_ROWS)
		l->more = 0;
	return 0;
}

/* A page of messages waiting, from more_at, and --More-- after the
 * last one (on a row of its own when the last has no room for it). */
static void msglog_draw_more(const struct msglog *l, struct canvas *c, int y0,
                             int rows)
{
	static const char more[] = "--More--";
	const int mlen = MORE_LEN - 1;
	size_t end = msglog_more_end(l, c->width, rows), k;
	int y = y0, last = 0;

	for (k = l->more_at; k < end && y < y0 + rows; k++) {
		int nr = msglog_layout(l->shown[k], c->width, &last);

		canvas_wrap(c, 0, y, y0 + rows, c->width, MSG_INDENT,
		            CANVAS_DEFAULT, k >= l->seen ? CANVAS_BOLD : 0,
		            l->shown[k]);
		y += nr;
	}
	if (y > y0 + rows)
		y = y0 + rows;
	if (msglog_more_fits(last, c->width))
		canvas_text(c, last + 1, y - 1, c->width, CANVAS_DEFAULT,
		            CANVAS_REVERSE, more);
	else if (y < y0 + rows)
		canvas_text(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_REVERSE,
		            more);
	else
		canvas_text(c, c->width - mlen, y - 1, c->width, CANVAS_DEFAULT,
		            CANVAS_REVERSE, more);
}

void msglog_draw(const struct msglog *l, struct canvas *c, int y0, int rows)
{
	size_t k;
	int y;

	if (l->more && rows > 0) {
		msglog_draw_more(l, c, y0, rows);
		return;
	}
	/* The latest messages, the newest at the bottom, each broken over
	 * the rows it needs. */
	y = y0 + rows;
	for (k = l->n; k > 0; k--) {
		int nr = msglog_layout(l->shown[k - 1], c->width, NULL);

		if (y - nr < y0)
			break;
		y -= nr;
		canvas_wrap(c, 0, y, y + nr, c->width, MSG_INDENT,
		            CANVAS_DEFAULT, k - 1 >= l->seen ? CANVAS_BOLD : 0,
		            l->shown[k - 1]);
	}
}

void msglog_history_open(struct msglog *l)
{
	l->hist_top = -1;
}

int msglog_history_key(struct msglog *l, int key)
{
	if (key == VK_UP || key == 'k')
		l->hist_top = (l->hist_top < 0 ? 1000000 : l->hist_top) - 1;
	else if (key == VK_DOWN || key == 'j')
		l->hist_top = l->hist_top < 0 ? -1 : l->hist_top + 1;
	else if (key == VK_UP_RIGHT)
		l->hist_top = (l->hist_top < 0 ? 1000000 : l->hist_top) - 10;
	else if (key == VK_DOWN_RIGHT)
		l->hist_top = l->hist_top < 0 ? -1 : l->hist_top + 10;
	else
		return 0;
	return 1;
}

void msglog_draw_history(struct msglog *l, struct canvas *c)
{
	int rows = c->height - 1, y;
	long top, maxtop = (long)l->n - rows;

	if (maxtop < 0)
		maxtop = 0;
	top = l->hist_top < 0 || l->hist_top > maxtop ? maxtop : l->hist_top;
	if (top < 0)
		top = 0;
	l->hist_top = top == maxtop ? -1 : top;
	canvas_printf(c, 0, 0, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	              "Message history (%zu) - up/down scroll, any other key "
	              "returns",
	              l->n);
	for (y = 0; y < rows && (size_t)(top + y) < l->n; y++)
		canvas_printf(c, 0, y + 1, c->width, CANVAS_DEFAULT, 0,
		              "%5u %s", l->turn[top + y], l->shown[top + y]);
}
