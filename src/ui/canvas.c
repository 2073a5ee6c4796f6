/* SPDX-License-Identifier: MIT */
/* canvas.c - the screen in memory. */
#include "config.h"

#include "canvas.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int canvas_resize(struct canvas *c, int width, int height)
{
	struct canvas_cell *cells;

	if (width < 1 || height < 1 || width > 4096 || height > 4096)
		return -1;
	cells = realloc(c->cells,
	                (size_t)width * (size_t)height * sizeof(*cells));
	if (!cells) {
		free(c->cells);
		c->cells = NULL;
		c->width = c->height = 0;
		return -1;
	}
	c->cells = cells;
	c->width = width;
	c->height = height;
	canvas_clear(c);
	return 0;
}

void canvas_fini(struct canvas *c)
{
	free(c->cells);
	c->cells = NULL;
	c->width = c->height = 0;
}

void canvas_clear(struct canvas *c)
{
	canvas_fill(c, 0, 0, c->width, c->height);
	c->cursor_x = c->cursor_y = -1;
	c->cut = 0;
}

void canvas_put_bg(struct canvas *c, int x, int y, char ch, int fg, int bg,
                   int attr)
{
	struct canvas_cell *cell;
	unsigned char u = (unsigned char)ch;

	if (x < 0 || y < 0 || x >= c->width || y >= c->height)
		return;
	cell = &c->cells[(size_t)y * (size_t)c->width + (size_t)x];
	cell->ch = (u >= 0x20 && u < 0x7f) ? ch : '?';
	cell->fg =
	        (uint8_t)(fg >= 0 && fg < CANVAS_DEFAULT ? fg : CANVAS_DEFAULT);
	cell->bg =
	        (uint8_t)(bg >= 0 && bg < CANVAS_DEFAULT ? bg : CANVAS_DEFAULT);
	cell->attr = (uint8_t)attr;
}

void canvas_put(struct canvas *c, int x, int y, char ch, int fg, int attr)
{
	canvas_put_bg(c, x, y, ch, fg, CANVAS_DEFAULT, attr);
}

int canvas_text(struct canvas *c, int x, int y, int max_x, int fg, int attr,
                const char *s)
{
	size_t n;

	if (max_x > c->width)
		max_x = c->width;
	for (; *s && x < max_x; s++, x++)
		canvas_put(c, x, y, *s, fg, attr);
	/* Blanks that pad a line out are no loss. */
	for (n = strlen(s); n > 0 && s[n - 1] == ' '; n--)
		;
	c->cut += (long)n;
	return x;
}

int canvas_printf(struct canvas *c, int x, int y, int max_x, int fg, int attr,
                  const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return canvas_text(c, x, y, max_x, fg, attr, buf);
}

void canvas_fill(struct canvas *c, int x, int y, int w, int h)
{
	int i, j;

	for (j = y; j < y + h; j++)
		for (i = x; i < x + w; i++)
			canvas_put(c, i, j, ' ', CANVAS_DEFAULT, 0);
}

void canvas_row_text(const struct canvas *c, int y, char *buf)
{
	int x, end = 0;

	for (x = 0; x < c->width; x++) {
		buf[x] = c->cells[(size_t)y * (size_t)c->width + (size_t)x].ch;
		if (buf[x] != ' ')
			end = x + 1;
	}
	buf[end] = '\0';
}

const char *canvas_next_row(const char *text, int room, int *n)
{
	int k = (int)strlen(text);

	if (k > room) {
		k = room;
		while (k > 0 && text[k] != ' ')
			k--;
		if (k == 0)
			k = room;
	}
	*n = k;
	text += k;
	while (*text == ' ')
		text++;
	return text;
}

int canvas_wrap(struct canvas *c, int x, int y, int last, int width, int indent,
                int fg, int attr, const char *text)
{
	int in = 0;

	while (*text && y < last) {
		const char *row = text;
		int n;

		text = canvas_next_row(text, width - in, &n);
		if (row[n] && row[n] != ' ' && n > 0 && row[n - 1] != ' ')
			c->cut++; /* a word longer than a row, broken */
		canvas_printf(c, x + in, y++, x + width, fg, attr, "%.*s", n,
		              row);
		in = indent;
	}
	return y;
}
