/* SPDX-License-Identifier: MIT */
/* canvas.h - a screen in memory: a grid of characters with a colour and
 * attributes each.  The game and the AI view draw into a canvas; the
 * terminal code copies it to curses, and --dump-screen prints it as
 * plain text, so what is drawn and what is dumped are the same. */
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

struct canvas_cell {
	char ch;
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

/* Writes one cell; ignored off the canvas.  Non-printable bytes are
 * drawn as '?'. */
void canvas_put(struct canvas *c, int x, int y, char ch, int fg, int attr);
/* The same with a background colour. */
void canvas_put_bg(struct canvas *c, int x, int y, char ch, int fg, int bg,
                   int attr);
/* Writes text from (x, y), clipped at max_x (exclusive); returns the x
 * after the last character written. */
int canvas_text(struct canvas *c, int x, int y, int max_x, int fg, int attr,
                const char *s);
__attribute__((format(printf, 7, 8))) int canvas_printf(struct canvas *c, int x,
                                                        int y, int max_x,
                                                        int fg, int attr,
                                                        const char *fmt, ...);
/* The next row of text broken at spaces into rows of room columns: its
 * length in *n (a word longer than a row is cut), and the text after it
 * and the spaces that follow. */
const char *canvas_next_row(const char *text, int room, int *n);

/* Writes text broken at spaces over rows y, y + 1, ... before last, each from
 * x (the rows after the first from x + indent) to width columns; a word
 * longer than a row is cut.  Returns the row after the last one
 * written. */
int canvas_wrap(struct canvas *c, int x, int y, int last, int width, int indent,
                int fg, int attr, const char *text);
/* Fills a rectangle with spaces. */
void canvas_fill(struct canvas *c, int x, int y, int w, int h);
/* A line of the canvas as text without trailing blanks, into buf (at
 * least width + 1 bytes). */
void canvas_row_text(const struct canvas *c, int y, char *buf);

#endif
