/* SPDX-License-Identifier: MIT */
/* report.c - diagnostics as a compiler prints them: FILE:LINE:COL:
 * SEVERITY: MESSAGE, the source line and a caret under the column
 * (FILE:LINE: for a whole line, FILE: for a whole file). */
#include "report.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/base/file.h"
#include "core/data/data.h"
#include "core/data/movingai.h"

/* The largest file whose lines a diagnostic may quote without keeping
 * them: the largest file any reader takes.  A file above it was refused
 * by its reader, with a diagnostic of the whole file. */
#define REPORT_FILE_MAX DATA_FILE_MAX
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

/* One problem's text (diag_format's), with file shown in place of its
 * own name when not NULL: malloc'd, NULL when out of memory. */
static char *report_one(const struct diag *d, const char *file)
{
	char buf[DIAG_SOURCE_MAX + 1], *text;
	const char *src = d->source;
	size_t n;

	if (!src && d->line >= 1)
		src = report_source_line(d->file, d->line, buf, sizeof(buf));
	n = diag_format(d, file, src, NULL, 0);
	text = malloc(n + 1);
	if (text)
		diag_format(d, file, src, text, n + 1);
	return text;
}

static void report_diag(FILE *f, const struct diag *d)
{
	char *text = report_one(d, NULL);

	if (text)
		fputs(text, f);
	free(text);
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

/* What a diagnostic's file is called: the part after dir and a slash
 * when it lies in dir, else the name itself. */
static const char *report_name(const char *file, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (n && !strncmp(file, dir, n) && file[n] == '/' && file[n + 1])
		return file + n + 1;
	return file;
}

/* Appends text to *buf (*len bytes used, *cap allocated): 0, or -1 when
 * out of memory. */
static int report_append(char **buf, size_t *len, size_t *cap, const char *text)
{
	size_t n = strlen(text);

	if (*len + n + 1 > *cap) {
		size_t c = (*len + n + 1) * 2;
		char *g = realloc(*buf, c);

		if (!g)
			return -1;
		*buf = g;
		*cap = c;
	}
	memcpy(*buf + *len, text, n + 1);
	*len += n;
	return 0;
}

char *report_text(const struct diag_list *l, const char *dir)
{
	char *buf = NULL, *one, line[160];
	size_t len = 0, cap = 0, i;
	int bad = report_append(&buf, &len, &cap, "");

	for (i = 0; !bad && i < l->len; i++) {
		const struct diag *d = &l->items[i];

		one = report_one(d, report_name(d->file, dir));
		bad = !one || report_append(&buf, &len, &cap, one);
		free(one);
	}
	if (!bad && l->truncated) {
		snprintf(line, sizeof(line),
		         "hunted: too many problems; only the first %zu are "
		         "shown\n",
		         l->len);
		bad = report_append(&buf, &len, &cap, line);
	}
	if (!bad && l->nomem)
		bad = report_append(&buf, &len, &cap,
		                    "hunted: out of memory; some problems are "
		                    "not shown\n");
	if (bad) {
		free(buf);
		return NULL;
	}
	return buf;
}
