/* SPDX-License-Identifier: MIT */
/* diag.c - the diagnostics list, the "did you mean" helper, and the one
 * text of a problem that --check prints and the reload panel shows. */
#include "diag.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longer words are never misspellings of a keyword; this also bounds the
 * edit-distance table. */
#define SUGGEST_MAX 64

void diag_list_init(struct diag_list *l, size_t limit)
{
	memset(l, 0, sizeof(*l));
	l->limit = limit ? limit : DIAG_LIMIT_DEFAULT;
}

static void diag_free_item(struct diag *d)
{
	free(d->file);
	free(d->message);
	free(d->hint);
	free(d->source);
}

void diag_list_clear(struct diag_list *l)
{
	size_t i;

	for (i = 0; i < l->len; i++)
		diag_free_item(&l->items[i]);
	l->len = 0;
	l->errors = 0;
	l->warnings = 0;
	l->truncated = 0;
	l->nomem = 0;
}

void diag_list_fini(struct diag_list *l)
{
	if (!l)
		return;
	diag_list_clear(l);
	free(l->items);
	l->items = NULL;
	l->cap = 0;
}

static char *dup_n(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

int diag_add(struct diag_list *l, enum diag_severity sev, const char *file,
             int line, int col, const char *source, size_t source_len,
             const char *hint, const char *fmt, ...)
{
	struct diag d = {0};
	va_list ap;
	int n;

	if (sev == DIAG_ERROR)
		l->errors++;
	else
		l->warnings++;
	if (l->len >= l->limit) {
		l->truncated = 1;
		return -1;
	}
	if (l->len == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;
		struct diag *items = realloc(l->items, cap * sizeof(*items));

		if (!items) {
			l->nomem = 1;
			return -1;
		}
		l->items = items;
		l->cap = cap;
	}
	d.severity = sev;
	d.line = line < 1 ? 0 : line;
	d.col = col < 1 || line < 1 ? 0 : col;
	d.file = dup_n(file ? file : "", strlen(file ? file : ""));
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n >= 0) {
		d.message = malloc((size_t)n + 1);
		if (d.message) {
			va_start(ap, fmt);
			vsnprintf(d.message, (size_t)n + 1, fmt, ap);
			va_end(ap);
		}
	}
	if (hint)
		d.hint = dup_n(hint, strlen(hint));
	if (source) {
		if (source_len > DIAG_SOURCE_MAX)
			source_len = DIAG_SOURCE_MAX;
		d.source = dup_n(source, source_len);
	}
	if (!d.file || !d.message || (hint && !d.hint) ||
	    (source && !d.source)) {
		diag_free_item(&d);
		l->nomem = 1;
		return -1;
	}
	l->items[l->len++] = d;
	return 0;
}

/* Optimal string alignment distance, case-insensitive. */
static size_t edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
	size_t d[SUGGEST_MAX + 1][SUGGEST_MAX + 1];
	size_t i, j;

	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++) {
		for (j = 1; j <= lb; j++) {
			int ca = tolower((unsigned char)a[i - 1]);
			int cb = tolower((unsigned char)b[j - 1]);
			size_t best = d[i - 1][j - 1] + (ca != cb);

			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 &&
			    ca == tolower((unsigned char)b[j - 2]) &&
			    cb == tolower((unsigned char)a[i - 2]) &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[la][lb];
}

const char *diag_closest(const char *word, const char *const *candidates,
                         size_t n)
{
	size_t lw = strlen(word), i, best_d = (size_t)-1, limit;
	const char *best = NULL;

	if (lw == 0 || lw > SUGGEST_MAX)
		return NULL;
	/* Short words tolerate one slip; longer ones a few more. */
	limit = lw <= 4 ? 1 : lw <= 8 ? 2 : 3;
	for (i = 0; i < n; i++) {
		size_t lc = strlen(candidates[i]), dist;

		if (lc == 0 || lc > SUGGEST_MAX)
			continue;
		dist = edit_distance(word, lw, candidates[i], lc);
		if (dist < best_d) {
			best_d = dist;
			best = candidates[i];
		}
	}
	if (!best || best_d > limit || best_d >= lw)
		return NULL;
	return best;
}

const char *diag_severity_name(enum diag_severity sev)
{
	return sev == DIAG_ERROR ? "error" : "warning";
}

void diag_where(const struct diag *d, char *buf, size_t size)
{
	if (d->line < 1)
		snprintf(buf, size, "%s", d->file);
	else if (d->col < 1)
		snprintf(buf, size, "%s:%d", d->file, d->line);
	else
		snprintf(buf, size, "%s:%d:%d", d->file, d->line, d->col);
}

const char *diag_quote(const char *s, size_t n, size_t max, char *buf,
                       size_t size)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, o = 0;

	for (i = 0; i < n && i < max && o + 8 <= size; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 0x20 && c < 0x7f) {
			buf[o++] = (char)c;
		} else {
			buf[o++] = '\\';
			buf[o++] = 'x';
			buf[o++] = hex[c >> 4];
			buf[o++] = hex[c & 15];
		}
	}
	if (i < n && o + 4 <= size) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o] = '\0';
	return buf;
}

size_t diag_window(size_t len, int col, size_t width, size_t *start)
{
	size_t c = col > 0 ? (size_t)col - 1 : 0;

	*start = 0;
	if (len <= width)
		return len;
	/* The column a little left of the middle, as far as the line
	 * goes: a column past the kept text shows the line's end. */
	if (c > width / 2)
		*start = c - width / 2;
	if (*start > len - width)
		*start = len - width;
	return width;
}

/* Appends to buf as snprintf would, counting what did not fit. */
__attribute__((format(printf, 4, 5))) static void
diag_put(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(*n < size ? buf + *n : NULL, *n < size ? size - *n : 0,
	              fmt, ap);
	va_end(ap);
	if (k > 0)
		*n += (size_t)k;
}

/* Columns of a source line quoted under a problem: a line of any length
 * fits a screen. */
#define DIAG_QUOTE_WIDTH 70

/* The source line, at most DIAG_QUOTE_WIDTH bytes round the column with
 * "..." where text is left out, then the caret under its column: a byte
 * that could start an escape sequence becomes one '?' (the column counts
 * bytes), and tabs before the column are copied so the caret lines up.
 * No caret for a column beyond the text kept of the line. */
static void diag_put_source(const struct diag *d, const char *src, char *buf,
                            size_t size, size_t *n)
{
	size_t start, len, i, c;

	len = diag_window(strlen(src), d->col, DIAG_QUOTE_WIDTH, &start);
	diag_put(buf, size, n, start ? "    ..." : "    ");
	for (i = start; i < start + len; i++) {
		unsigned char ch = (unsigned char)src[i];

		diag_put(buf, size, n, "%c",
		         ch == '\t' || (ch >= 0x20 && ch < 0x7f) ? ch : '?');
	}
	diag_put(buf, size, n, src[i] ? "...\n" : "\n");
	c = d->col > 0 ? (size_t)d->col - 1 : 0;
	if (d->col < 1 || c > start + len)
		return;
	diag_put(buf, size, n, start ? "       " : "    ");
	for (i = start; i < c; i++)
		diag_put(buf, size, n, "%c", src[i] == '\t' ? '\t' : ' ');
	diag_put(buf, size, n, "^\n");
}

size_t diag_format(const struct diag *d, const char *file, const char *src,
                   char *buf, size_t size)
{
	struct diag shown = *d;
	size_t n = 0;

	if (size)
		buf[0] = '\0';
	if (file)
		shown.file = (char *)file;
	if (shown.line < 1)
		diag_put(buf, size, &n, "%s", shown.file);
	else if (shown.col < 1)
		diag_put(buf, size, &n, "%s:%d", shown.file, shown.line);
	else
		diag_put(buf, size, &n, "%s:%d:%d", shown.file, shown.line,
		         shown.col);
	diag_put(buf, size, &n, ": %s: %s%s%s\n",
	         diag_severity_name(d->severity), d->message ? d->message : "",
	         d->hint ? "; " : "", d->hint ? d->hint : "");
	if (d->line >= 1 && src && *src)
		diag_put_source(d, src, buf, size, &n);
	return n;
}
