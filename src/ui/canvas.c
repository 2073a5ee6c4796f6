/* SPDX-License-Identifier: MIT */
/* canvas.c - the screen in memory. */
#include "config.h"

#include "canvas.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "core/base/utf8.h"

/* The double-width blocks of East Asian scripts: the width when the
 * locale cannot say (wcwidth in the C locale knows no CJK), so that a
 * dump lays Chinese out the same whatever the locale. */
static const struct {
	uint32_t lo, hi;
} wide_blocks[] = {
        {0x1100, 0x115f}, {0x2e80, 0x303e}, {0x3041, 0x33ff},
        {0x3400, 0x4dbf}, {0x4e00, 0x9fff}, {0xa000, 0xa4cf},
        {0xac00, 0xd7a3}, {0xf900, 0xfaff}, {0xfe30, 0xfe4f},
        {0xff00, 0xff60}, {0xffe0, 0xffe6}, {0x20000, 0x3fffd},
};

int canvas_char_width(uint32_t ch)
{
	size_t i;
	int w;

	if (ch < 0x7f)
		return 1;
	w = wcwidth((wchar_t)ch);
	if (w >= 0)
		return w > 2 ? 2 : w;
	if (ch >= 0x300 && ch < 0x370)
		return 0;
	for (i = 0; i < sizeof(wide_blocks) / sizeof(wide_blocks[0]); i++)
		if (ch >= wide_blocks[i].lo && ch <= wide_blocks[i].hi)
			return 2;
	return 1;
}

/* One character of s (n bytes left): its length (at least 1) and code
 * point. */
static int canvas_next_char(const char *s, size_t n, uint32_t *ch)
{
	int len = utf8_decode(s, n, ch);

	return len < 0 ? 1 : len;
}

int canvas_columns(const char *s, size_t n)
{
	int cols = 0;

	while (n > 0 && *s) {
		uint32_t ch;
		int len = canvas_next_char(s, n, &ch);

		cols += canvas_char_width(ch);
		s += len;
		n -= (size_t)len;
	}
	return cols;
}

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

static struct canvas_cell *canvas_cell_at(struct canvas *c, int x, int y)
{
	return &c->cells[(size_t)y * (size_t)c->width + (size_t)x];
}

static void canvas_set(struct canvas_cell *cell, uint32_t ch, int fg, int bg,
                       int attr)
{
	cell->ch = ch;
	cell->fg =
	        (uint8_t)(fg >= 0 && fg < CANVAS_DEFAULT ? fg : CANVAS_DEFAULT);
	cell->bg =
	        (uint8_t)(bg >= 0 && bg < CANVAS_DEFAULT ? bg : CANVAS_DEFAULT);
	cell->attr = (uint8_t)attr;
}

void canvas_put_bg(struct canvas *c, int x, int y, int ch, int fg, int bg,
                   int attr)
{
	struct canvas_cell *cell;
	uint32_t u = ch < 0 ? '?' : (uint32_t)ch;
	int w;

	if (x < 0 || y < 0 || x >= c->width || y >= c->height)
		return;
	if (u < 0x20 || (u >= 0x7f && u < 0xa0) || u > 0x10ffff)
		u = '?';
	w = canvas_char_width(u);
	if (w == 0)
		return;
	if (w == 2 && x + 1 >= c->width)
		u = ' ';
	cell = canvas_cell_at(c, x, y);
	/* Half a double-width character is no character: the other half
	 * becomes a blank. */
	if (cell->ch == CANVAS_WIDE_TAIL && x > 0)
		canvas_cell_at(c, x - 1, y)->ch = ' ';
	if (x + 1 < c->width &&
	    canvas_cell_at(c, x + 1, y)->ch == CANVAS_WIDE_TAIL)
		canvas_cell_at(c, x + 1, y)->ch = ' ';
	canvas_set(cell, u, fg, bg, attr);
	if (u != ' ' && w == 2) {
		if (x + 2 < c->width &&
		    canvas_cell_at(c, x + 2, y)->ch == CANVAS_WIDE_TAIL)
			canvas_cell_at(c, x + 2, y)->ch = ' ';
		canvas_set(canvas_cell_at(c, x + 1, y), CANVAS_WIDE_TAIL, fg,
		           bg, attr);
	}
}

void canvas_put(struct canvas *c, int x, int y, int ch, int fg, int attr)
{
	canvas_put_bg(c, x, y, ch, fg, CANVAS_DEFAULT, attr);
}

int canvas_text(struct canvas *c, int x, int y, int max_x, int fg, int attr,
                const char *s)
{
	size_t n = strlen(s);

	if (max_x > c->width)
		max_x = c->width;
	while (*s && x < max_x) {
		uint32_t ch;
		int len = canvas_next_char(s, n, &ch);
		int w = canvas_char_width(ch);

		if (x + w > max_x)
			break;
		canvas_put(c, x, y, (int)ch, fg, attr);
		x += w;
		s += len;
		n -= (size_t)len;
	}
	/* What did not fit is counted: blanks that pad a line out are no
	 * loss. */
	while (n > 0 && s[n - 1] == ' ')
		n--;
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

size_t canvas_utf8_encode(uint32_t ch, char *out)
{
	if (ch < 0x80) {
		out[0] = (char)ch;
		return 1;
	}
	if (ch < 0x800) {
		out[0] = (char)(0xc0 | (ch >> 6));
		out[1] = (char)(0x80 | (ch & 0x3f));
		return 2;
	}
	if (ch < 0x10000) {
		out[0] = (char)(0xe0 | (ch >> 12));
		out[1] = (char)(0x80 | ((ch >> 6) & 0x3f));
		out[2] = (char)(0x80 | (ch & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (ch >> 18));
	out[1] = (char)(0x80 | ((ch >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((ch >> 6) & 0x3f));
	out[3] = (char)(0x80 | (ch & 0x3f));
	return 4;
}

void canvas_row_text(const struct canvas *c, int y, char *buf)
{
	size_t n = 0, end = 0;
	int x;

	for (x = 0; x < c->width; x++) {
		uint32_t ch =
		        c->cells[(size_t)y * (size_t)c->width + (size_t)x].ch;

		if (ch == CANVAS_WIDE_TAIL)
			continue;
		n += canvas_utf8_encode(ch, buf + n);
		if (ch != ' ')
			end = n;
	}
	buf[end] = '\0';
}

const char *canvas_next_row(const char *text, int room, int *n)
{
	size_t left = strlen(text), k = 0, brk = 0;
	int cols = 0;

	while (k < left) {
		uint32_t ch;
		int len = canvas_next_char(text + k, left - k, &ch);
		int w = canvas_char_width(ch);

		if (cols + w > room && k > 0) {
			if (ch == ' ' || brk == 0)
				brk = k;
			break;
		}
		cols += w;
		k += (size_t)len;
		/* A row may end at a space, or after a double-width
		 * character: such scripts break between characters. */
		if (ch == ' ')
			brk = k - 1;
		else if (w == 2)
			brk = k;
		if (k == left)
			brk = k;
	}
	if (brk == 0)
		brk = k;
	*n = (int)brk;
	text += brk;
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
		/* A word longer than a row, broken (double-width text breaks
		 * between any two characters, and is not counted). */
		if (row[n] && row[n] != ' ' && n > 0 && row[n - 1] != ' ' &&
		    (unsigned char)row[n] < 0x80 &&
		    (unsigned char)row[n - 1] < 0x80)
			c->cut++;
		canvas_printf(c, x + in, y++, x + width, fg, attr, "%.*s", n,
		              row);
		in = indent;
	}
	return y;
}
