/* SPDX-License-Identifier: MIT */
/* cast.c - screens as an asciicast v2 file (see cast.h). */
#include "config.h"

#include "cast.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/base/file.h"
#include "core/base/utf8.h"

/* s as the body of a JSON string: UTF-8 as it is (JSON is UTF-8), and
 * escapes only for what JSON needs escaped; bytes that are no UTF-8
 * become U+FFFD. */
static void cast_json_text(FILE *out, const char *s)
{
	size_t n = strlen(s);

	while (n > 0) {
		unsigned char ch = (unsigned char)*s;
		uint32_t cp;
		int len;

		if (ch == '"' || ch == '\\') {
			fprintf(out, "\\%c", ch);
		} else if (ch < 0x20 || ch == 0x7f) {
			fprintf(out, "\\u%04x", ch);
		} else if (ch < 0x80) {
			fputc(ch, out);
		} else if ((len = utf8_decode(s, n, &cp)) > 0) {
			fwrite(s, 1, (size_t)len, out);
			s += len;
			n -= (size_t)len;
			continue;
		} else {
			fputs("\\ufffd", out);
		}
		s++;
		n--;
	}
}

int cast_open(struct cast *k, const char *path, int width, int height,
              const char *title, char *err, size_t size)
{
	int fd = file_create(path, err, size);

	memset(k, 0, sizeof(*k));
	if (fd < 0)
		return -1;
	k->out = fdopen(fd, "w");
	if (!k->out) {
		snprintf(err, size, "cannot write '%s': %s", path,
		         strerror(errno));
		close(fd);
		return -1;
	}
	k->path = path;
	k->width = width;
	k->height = height;
	fprintf(k->out,
	        "{\"version\": 2, \"width\": %d, \"height\": %d, "
	        "\"title\": \"",
	        width, height);
	cast_json_text(k->out, title);
	fprintf(k->out, "\", \"env\": {\"TERM\": \"xterm-256color\"}}\n");
	return 0;
}

/* The SGR sequence that sets a cell's colour and attributes, written
 * into buf (the escape as \u001b for JSON). */
static void cast_sgr(char *buf, size_t size, int fg, int attr, int color)
{
	size_t n = (size_t)snprintf(buf, size, "\\u001b[0");

	if (attr & CANVAS_BOLD)
		n += (size_t)snprintf(buf + n, size - n, ";1");
	if (attr & CANVAS_DIM)
		n += (size_t)snprintf(buf + n, size - n, ";2");
	if (attr & CANVAS_UNDERLINE)
		n += (size_t)snprintf(buf + n, size - n, ";4");
	if (attr & CANVAS_REVERSE)
		n += (size_t)snprintf(buf + n, size - n, ";7");
	if (color && fg < 8)
		n += (size_t)snprintf(buf + n, size - n, ";%d", 30 + fg);
	snprintf(buf + n, size - n, "m");
}

void cast_frame(struct cast *k, double t, const struct canvas *c)
{
	const int color = getenv("NO_COLOR") == NULL;
	int x, y, fg = -1, attr = -1;

	if (!k->out)
		return;
	fprintf(k->out, "[%.3f, \"o\", \"\\u001b[H\\u001b[2J", t);
	for (y = 0; y < c->height && y < k->height; y++) {
		for (x = 0; x < c->width && x < k->width; x++) {
			const struct canvas_cell *cell =
			        &c->cells[(size_t)y * (size_t)c->width +
			                  (size_t)x];
			char sgr[48], ch[5];

			if (cell->ch == CANVAS_WIDE_TAIL)
				continue;
			ch[canvas_utf8_encode(cell->ch, ch)] = '\0';
			if (cell->fg != fg || cell->attr != attr) {
				fg = cell->fg;
				attr = cell->attr;
				cast_sgr(sgr, sizeof(sgr), fg, attr, color);
				fputs(sgr, k->out);
			}
			cast_json_text(k->out, ch);
		}
		if (y + 1 < c->height && y + 1 < k->height)
			fputs("\\r\\n", k->out);
	}
	fputs("\\u001b[0m\"]\n", k->out);
	if (ferror(k->out) && !k->failed) {
		k->failed = 1;
		k->err = errno;
	}
}

int cast_close(struct cast *k, char *err, size_t size)
{
	int rc;

	if (!k->out)
		return 0;
	rc = file_close_written(k->out, k->err, k->path, err, size);
	k->out = NULL;
	return rc;
}
