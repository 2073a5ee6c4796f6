/* SPDX-License-Identifier: MIT */
/* conf.c - settings files read line by line with the data files' lexer
 * (lex.c) and reported through its problems (problem.c): a line becomes
 * a list of words for the caller, who says what they mean. */
#include "data_impl.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "core/base/file.h"

/* One line and the decoded text of its words. */
struct conf_reader {
	struct conf_line line;
	char store[DATA_LINE_MAX + CONF_WORDS_MAX + 1];
};

/* The words of the line p holds, into r; 0, or -1 after a problem. */
static int conf_words(struct parser *p, struct conf_reader *r, struct tok *t)
{
	size_t used = 0;

	r->line.nwords = 0;
	for (;;) {
		struct conf_word *w = &r->line.words[r->line.nwords];
		const char *s;
		size_t n;

		if (lex_next(p, t) == TOK_BAD)
			return -1;
		if (t->kind == TOK_END)
			return 0;
		if (r->line.nwords == CONF_WORDS_MAX) {
			problem_here(p, t->col, NULL,
			             "more than %d words on one line",
			             CONF_WORDS_MAX);
			return -1;
		}
		s = t->kind == TOK_CHAR ? &t->glyph : t->s;
		n = t->kind == TOK_CHAR ? 1 : t->n;
		w->kind = t->kind == TOK_WORD   ? CONF_WORD
		          : t->kind == TOK_CHAR ? CONF_GLYPH
		                                : CONF_STRING;
		w->col = t->col;
		memcpy(r->store + used, s, n);
		r->store[used + n] = '\0';
		w->s = r->store + used;
		w->n = n;
		used += n + 1;
		r->line.nwords++;
	}
}

/* A NUL or another control byte: the rest of the file is not read. */
static int conf_bad_byte(struct parser *p)
{
	size_t i;

	for (i = 0; i < p->len; i++) {
		unsigned char c = (unsigned char)p->line[i];

		if (c == '\t' || (c >= 0x20 && c != 0x7f))
			continue;
		problem_here(p, (int)i + 1, NULL,
		             "control character 0x%02x in the file (is it a "
		             "binary file?)",
		             c);
		return 1;
	}
	return 0;
}

int conf_read_buffer(const char *name, const char *buf, size_t len,
                     conf_line_fn *fn, void *user, struct diag_list *diags)
{
	struct conf_reader *r = malloc(sizeof(*r));
	struct tok *t = malloc(sizeof(*t));
	struct parser p;
	size_t start = 0, errors = diags->errors;
	int lineno = 0;

	if (!r || !t) {
		free(r);
		free(t);
		diag_add(diags, DIAG_ERROR, name, 0, 0, NULL, 0, NULL,
		         "out of memory");
		return -1;
	}
	memset(&p, 0, sizeof(p));
	p.diags = diags;
	p.file = name;
	problem_check_full(&p);
	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		start = 3;
	while (start < len && !p.stop) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;
		size_t n = end - start;

		if (n > 0 && buf[end - 1] == '\r')
			n--;
		p.line = buf + start;
		p.len = n > DATA_LINE_MAX ? DATA_LINE_MAX : n;
		p.lineno = ++lineno;
		p.pos = 0;
		start = end + 1;
		if (n > DATA_LINE_MAX) {
			problem_here(&p, DATA_LINE_MAX + 1, NULL,
			             "line is longer than %d bytes",
			             DATA_LINE_MAX);
			continue;
		}
		if (conf_bad_byte(&p))
			break;
		if (conf_words(&p, r, t) != 0 || r->line.nwords == 0)
			continue;
		r->line.file = name;
		r->line.line = lineno;
		r->line.text = p.line;
		r->line.len = p.len;
		fn(user, &r->line, diags);
		problem_check_full(&p);
	}
	free(r);
	free(t);
	return diags->errors == errors ? 0 : -1;
}

int conf_read(const char *path, conf_line_fn *fn, void *user,
              struct diag_list *diags)
{
	char msg[512 + PATH_MAX];
	char *buf = NULL;
	size_t len = 0;
	int rc;

	if (file_read(path, DATA_FILE_MAX, &buf, &len, NULL, msg,
	              sizeof(msg)) != FILE_OK) {
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, 0, NULL, "%s",
		         msg);
		return -1;
	}
	rc = conf_read_buffer(path, buf, len, fn, user, diags);
	free(buf);
	return rc;
}

void conf_error(struct diag_list *diags, const struct conf_line *l, size_t i,
                const char *hint, const char *fmt, ...)
{
	char msg[512];
	int col = i < l->nwords ? l->words[i].col : (int)l->len + 1;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_add(diags, DIAG_ERROR, l->file, l->line, col, l->text, l->len,
	         hint, "%s", msg);
}

const char *conf_hint(const char *word, const char *const *cands, size_t n,
                      char *buf, size_t size)
{
	return problem_hint(word, cands, n, buf, size);
}
