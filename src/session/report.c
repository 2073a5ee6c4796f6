/* SPDX-License-Identifier: MIT */
/* report.c - diagnostics as a compiler prints them: FILE:LINE:COL:
 * SEVERITY: MESSAGE, the source line and a caret under the column
 * (FILE:LINE: for a whole line, FILE: for a whole file). */
#include "report.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "core/base/file.h"
#include "core/data/data.h"
#include "core/data/movingai.h"

/* The largest file whose lines a diagnostic may quote without keeping
 * them: the largest file any reader takes.  A file above it was refused
 * by its reader, with a diagnostic of the whole file. */
#define REPORT_FILE_MAX DATA_FILE_MAX
/* Bytes of a source line quoted: with the indent and the "..." either
 * side, a line of 80 columns. */
#define REPORT_WIDTH 70
_Static_assert(MOVINGAI_FILE_MAX <= REPORT_FILE_MAX,
               "a Moving AI file's lines could not be quoted");

/* The line of file numbered line (up to size - 1 bytes of it), read
 * again for a diagnostic that did not keep its source line, through the
 * opener: a file that became a FIFO or a device since, or grew past any
 * reader's limit, is not read.  NULL when it cannot be read. */
static char *report_source_line(const char *file, int line, char *buf,
                                size_t size)
{
	char chunk[4096], msg[PATH_MAX + 128];
	struct stat st;
	int64_t left;
	size_t len = 0;
	int fd = file_open(file, REPORT_FILE_MAX, &st, msg, sizeof(msg));
	int n = 1, done = 0;

	if (fd < 0)
		return NULL;
	/* No more than the size the file had when it was opened. */
	left = (int64_t)st.st_size;
	while (!done && left > 0) {
		ssize_t r = read(fd, chunk,
		                 left < (int64_t)sizeof(chunk) ? (size_t)left
		                                               : sizeof(chunk));
		ssize_t i;

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		left -= r;
		for (i = 0; i < r && !done; i++) {
			if (n < line) {
				n += chunk[i] == '\n';
			} else if (chunk[i] == '\n') {
				done = 1;
			} else if (len + 1 < size) {
				buf[len++] = chunk[i];
			}
		}
	}
	close(fd);
	if (n != line)
		return NULL;
	if (len > 0 && buf[len - 1] == '\r')
		len--;
	buf[len] = '\0';
	return buf;
}

/* A line longer than a screen is cut round the column, with "..." where
 * text is left out.  Tabs before the column are copied so the caret
 * lines up. */
static void report_diag(FILE *f, const struct diag *d)
{
	char buf[DIAG_SOURCE_MAX + 1], where[PATH_MAX + 32];
	const char *src = d->source;
	size_t start, n, i, c;

	diag_where(d, where, sizeof(where));
	fprintf(f, "%s: %s: %s%s%s\n", where, diag_severity_name(d->severity),
	        d->message, d->hint ? "; " : "", d->hint ? d->hint : "");
	if (d->line < 1)
		return;
	if (!src)
		src = report_source_line(d->file, d->line, buf, sizeof(buf));
	if (!src || !*src)
		return;
	n = diag_window(strlen(src), d->col, REPORT_WIDTH, &start);
	fputs(start ? "    ..." : "    ", f);
	for (i = start; i < start + n; i++) {
		unsigned char ch = (unsigned char)src[i];

		/* Never send a control byte or a byte above ASCII from a bad
		 * file to the terminal (a stray byte can start an escape
		 * sequence); one '?' per byte keeps the caret under its
		 * column, which counts bytes. */
		fputc(ch == '\t' || (ch >= 0x20 && ch < 0x7f) ? ch : '?', f);
	}
	fputs(src[i] ? "...\n" : "\n", f);
	c = d->col > 0 ? (size_t)d->col - 1 : 0;
	/* No caret for a column beyond the text kept of the line. */
	if (d->col < 1 || c > start + n)
		return;
	fputs(start ? "       " : "    ", f);
	for (i = start; i < c; i++)
		fputc(src[i] == '\t' ? '\t' : ' ', f);
	fputs("^\n", f);
}

void report_diags(FILE *f, const struct diag_list *l)
{
	size_t i;

	for (i = 0; i < l->len; i++)
		report_diag(f, &l->items[i]);
	if (l->truncated)
		fprintf(f,
		        "hunted: too many problems; only the first "
		        "%zu are shown\n",
		        l->len);
	if (l->nomem)
		fprintf(f, "hunted: out of memory; some problems are not "
		           "shown\n");
}
