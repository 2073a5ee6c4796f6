/* SPDX-License-Identifier: MIT */
/* cast.h - screens written as an asciicast v2 file, the format that
 * `asciinema play` plays: a header line (a JSON object: version 2, the
 * width and height, a title) and one event line per frame,
 * [SECONDS, "o", TEXT], where TEXT clears the screen and draws the
 * canvas with its colours and attributes (SGR codes).  Used by --cast
 * (every turn of a headless game or replay, drawn by dump.c) and by the AI
 * view's export of a search (every step).  The format is described in
 * doc/formats.md. */
#ifndef HUNTED_CAST_H
#define HUNTED_CAST_H

#include <stdio.h>

#include "canvas.h"

struct cast {
	FILE *out;
	const char *path;
	int width, height;
	int failed; /* a write failed: cast_close says so */
	int err;    /* why, when known (an errno) */
};

/* Creates path (a regular file only) and writes the header for a
 * width x height screen titled title.  Returns 0, or -1 with the problem
 * in err. */
int cast_open(struct cast *k, const char *path, int width, int height,
              const char *title, char *err, size_t size);
/* The canvas as the frame at t seconds. */
void cast_frame(struct cast *k, double t, const struct canvas *c);
/* Closes the file.  Returns 0, or -1 with the problem in err when a
 * write failed. */
int cast_close(struct cast *k, char *err, size_t size);

#endif
