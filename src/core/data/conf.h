/* SPDX-License-Identifier: MIT */
/* conf.h - files of settings (the player's options and key map) read
 * with the data files' own lexer: the same words, 'glyphs', "strings"
 * and # comments, the same limits, and problems reported the same way,
 * at FILE:LINE:COL in a diagnostics list the caller owns.
 *
 * A settings file is a list of lines of words; what the words mean is
 * the caller's: it is handed each line that is not blank, and reports
 * what it does not take with conf_error at the word's own column. */
#ifndef HUNTED_CONF_H
#define HUNTED_CONF_H

#include <stddef.h>

#include "core/base/diag.h"

/* Most words one line may hold; more is an error at the first too many. */
#define CONF_WORDS_MAX 32

enum conf_kind {
	CONF_WORD = 1, /* a bare word */
	CONF_GLYPH,    /* 'x': one character in single quotes */
	CONF_STRING,   /* "text", its escapes decoded */
};

struct conf_word {
	enum conf_kind kind;
	int col;       /* where it starts, from 1 */
	const char *s; /* its text, NUL-terminated (a glyph's character) */
	size_t n;
};

struct conf_line {
	const char *file;
	int line;
	const char *text; /* the line as read, for the diagnostics */
	size_t len;
	struct conf_word words[CONF_WORDS_MAX];
	size_t nwords;
};

/* Called for each line with words; diags is the reader's list. */
typedef void conf_line_fn(void *user, const struct conf_line *l,
                          struct diag_list *diags);

/* Reads path (a regular file of at most DATA_FILE_MAX bytes) line by
 * line.  Returns 0 when neither the file nor fn reported an error, -1
 * otherwise; every problem is in diags. */
int conf_read(const char *path, conf_line_fn *fn, void *user,
              struct diag_list *diags);

/* The same for len bytes at buf, named name in the diagnostics. */
int conf_read_buffer(const char *name, const char *buf, size_t len,
                     conf_line_fn *fn, void *user, struct diag_list *diags);

/* An error at word i of l (its column; i == l->nwords: the end of the
 * line), with hint ("did you mean ...?") when not NULL. */
void conf_error(struct diag_list *diags, const struct conf_line *l, size_t i,
                const char *hint, const char *fmt, ...)
        __attribute__((format(printf, 5, 6)));

/* "did you mean 'x'?" for the candidate closest to word, into buf, or
 * NULL when none is close. */
const char *conf_hint(const char *word, const char *const *cands, size_t n,
                      char *buf, size_t size);

#endif
