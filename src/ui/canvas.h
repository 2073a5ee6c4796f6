/* SPDX-License-Identifier: MIT */
/* canvas.h - a screen in memory: a grid of characters with a colour and
 * attributes each.  The game and the AI view draw into a canvas; the
 * terminal code copies it to curses, and --dump-screen prints it as
 * plain text, so what is drawn and what is dumped are the same.
 *
 * Text comes in as UTF-8 and is laid out by columns, not bytes: a
 * double-width character (Chinese, say) takes two cells, the second of
 * them CANVAS_WIDE_TAIL, and is never cut in half. */
#ifndef HUNTED_CANVAS_H
#define HUNTED_CANVAS_H

#include <stddef.h>
#include <stdint.h>

/* Colours are the eight of enum data_color; CANVAS_DEFAULT is the
 * terminal's own. */
#define CANVAS_DEFAULT 8

enum canvas_attr {
	CANVAS_BOLD = 1,
	CANVAS_REVERSE = 2,
	CANVAS_UNDERLINE = 4,
	CANVAS_DIM = 8,
};

/* The second cell of a double-width character. */
#define CANVAS_WIDE_TAIL 0u

/* Bytes enough for canvas_row_text of a canvas width columns wide. */
#define CANVAS_ROW_BYTES(width) ((size_t)(width)*4 + 1)

struct canvas_cell {
	uint32_t ch;  /* a Unicode code point, or CANVAS_WIDE_TAIL */
	uint8_t fg;   /* 0..7 or CANVAS_DEFAULT */
	uint8_t bg;   /* 0..7 or CANVAS_DEFAULT */
	uint8_t attr; /* enum canvas_attr bits */
};

struct canvas {
	int width, height;
	struct canvas_cell *cells;
	/* Where the terminal cursor should be, or -1 to hide it. */
	int cursor_x, cursor_y;
	/* Characters of text cut since the last clear: clipped at a
	 * line's end or a word broken because it was longer than its row.
	 * A screen that cuts none reads whole at its size. */
	long cut;
};

/* Returns 0, or -1 when out of memory (the canvas is then 0x0). */
int canvas_resize(struct canvas *c, int width, int height);
void canvas_fini(struct canvas *c);
void canvas_clear(struct canvas *c);

/* Writes one character (a code point: an ASCII char as it is); ignored
 * off the canvas.  Control characters are drawn as '?'; a double-width
 * one takes this cell and the next, or is drawn as ' ' in the last
 * column. */
void canvas_put(struct canvas *c, int x, int y, int ch, int fg, int attr);
/* The same with a background colour. */
void canvas_put_bg(struct canvas *c, int x, int y, int ch, int fg, int bg,
                   int attr);
/* The columns a code point takes: 0 (a combining mark), 1 or 2. */
int canvas_char_width(uint32_t ch);
/* Writes ch as UTF-8 into out (4 bytes room); returns the bytes
 * written. */
size_t canvas_utf8_encode(uint32_t ch, char *out);
/* The columns the first n bytes of s take on screen. */
int canvas_columns(const char *s, size_t n);
/* Writes UTF-8 text from (x, y), clipped at max_x (exclusive) before a
 * character that would not fit whole; returns the x after the last
 * character written. */
int canvas_text(struct canvas *c, int x, int y, int max_x, int fg, int attr,
                const char *s);
__attribute__((format(printf, 7, 8))) int canvas_printf(struct canvas *c, int x,
                                                        int y, int max_x,
                                                        int fg, int attr,
                                                        const char *fmt, ...);
/* The next row of text broken at spaces (or between double-width
 * characters, which need no spaces) into rows of room columns: its
 * length in bytes in *n (a word longer than a row is cut between two
 * characters), and the text after it and the spaces that follow. */
const char *canvas_next_row(const char *text, int room, int *n);

/* Writes text broken at spaces over rows y, y + 1, ... before last, each from
 * x (the rows after the first from x + indent) to width columns; a word
 * longer than a row is cut.  Returns the row after the last one
 * written. */
int canvas_wrap(struct canvas *c, int x, int y, int last, int width, int indent,
                int fg, int attr, const char *text);
/* Fills a rectangle with spaces. */
void canvas_fill(struct canvas *c, int x, int y, int w, int h);
/* A line of the canvas as UTF-8 text without trailing blanks, into buf
 * (at least CANVAS_ROW_BYTES(width) bytes). */
void canvas_row_text(const struct canvas *c, int y, char *buf);

#endif
