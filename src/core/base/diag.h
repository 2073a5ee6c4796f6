/* SPDX-License-Identifier: MIT */
/* diag.h - a list of problems found in data files, owned by the caller.
 *
 * Loaders never print and never stop at the first problem: they add every
 * problem here (up to a limit) with the file, line and column it belongs
 * to, and the front end decides how to show them.  Lines and columns count
 * from 1; a column counts bytes, so a tab is one column.  A problem of the
 * whole file (it cannot be opened, it is not a regular file, it is too
 * large) has line 0 and no column; one of a whole line has column 0. */
#ifndef HUNTED_DIAG_H
#define HUNTED_DIAG_H

#include <stddef.h>

/* Default cap on the number of problems kept by one list. */
#define DIAG_LIMIT_DEFAULT 100
/* Longest source line copied into a diagnostic, in bytes. */
#define DIAG_SOURCE_MAX 512

enum diag_severity {
	DIAG_ERROR = 0,
	DIAG_WARNING,
};

struct diag {
	enum diag_severity severity;
	char *file;    /* as the loader named it */
	int line;      /* >= 1, or 0 for the whole file */
	int col;       /* >= 1, or 0 for the whole line (0 when line is) */
	char *message; /* no trailing newline, no location */
	char *hint;    /* e.g. "did you mean 'walk'?", or NULL */
	char *source;  /* the offending line, or NULL when unavailable */
};

struct diag_list {
	struct diag *items;
	size_t len;
	size_t cap;
	size_t limit;    /* most items kept; 0 means DIAG_LIMIT_DEFAULT */
	size_t errors;   /* every error reported, kept or not */
	size_t warnings; /* every warning reported, kept or not */
	int truncated;   /* an item was dropped because of limit */
	int nomem;       /* an item was dropped for lack of memory */
};

void diag_list_init(struct diag_list *l, size_t limit);
void diag_list_fini(struct diag_list *l);
/* Forgets every item but keeps the limit. */
void diag_list_clear(struct diag_list *l);

/* Adds one problem.  A line below 1 means the whole file, a column below
 * 1 the whole line.  source (source_len bytes, may be NULL) is copied up
 * to DIAG_SOURCE_MAX bytes; hint may be NULL.  Returns 0, or -1 when the
 * item could not be kept (limit reached or no memory); the counters are
 * updated either way. */
int diag_add(struct diag_list *l, enum diag_severity sev, const char *file,
             int line, int col, const char *source, size_t source_len,
             const char *hint, const char *fmt, ...)
        __attribute__((format(printf, 9, 10)));

/* The candidate closest to word by edit distance (insertions, deletions,
 * substitutions and swaps of neighbours), or NULL when none is close
 * enough to be a likely misspelling.  Comparison ignores case. */
const char *diag_closest(const char *word, const char *const *candidates,
                         size_t n);

const char *diag_severity_name(enum diag_severity sev);

/* Where d is, as a compiler says it: "FILE:LINE:COL", "FILE:LINE" for a
 * whole line, "FILE" for the whole file. */
void diag_where(const struct diag *d, char *buf, size_t size);

/* One problem as a compiler prints it, the one text --check prints and
 * the reload panel shows: "WHERE: SEVERITY: MESSAGE; HINT" and a
 * newline, then, when src (the problem's source line) is given and not
 * empty and the problem has a line, the line and a caret under its
 * column, each indented by four spaces and ended by a newline.  A byte of
 * src outside printable ASCII is shown as '?' (one column, as the caret
 * counts bytes); tabs stay.  file, when not NULL, is shown in place of
 * d->file.  Writes at most size bytes into buf, NUL-terminated, and
 * returns the length of the whole text, as snprintf does. */
size_t diag_format(const struct diag *d, const char *file, const char *src,
                   char *buf, size_t size);

/* Up to max bytes of the n at s for a message, into buf (size bytes,
 * DIAG_QUOTE_SIZE(max) is enough for all of them), with "..." after a
 * longer text: a byte outside printable ASCII becomes \xNN, so that
 * neither a control byte nor a UTF-8 sequence cut in the middle reaches a
 * terminal.  Returns buf. */
#define DIAG_QUOTE_SIZE(max) ((max)*4 + 4)
const char *diag_quote(const char *s, size_t n, size_t max, char *buf,
                       size_t size);

/* The part of a source line of len bytes to quote under a problem at
 * col (1-based, below 1: the whole line), at most width bytes around the
 * column so that a line of any length fits a screen: *start is its first
 * byte, the return value its length. */
size_t diag_window(size_t len, int col, size_t width, size_t *start);

#endif
