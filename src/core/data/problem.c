/* SPDX-License-Identifier: MIT */
/* problem.c - how the loader reports a problem: at a column of the line
 * being read, or at a location saved for later, since names are resolved
 * and the dungeon is checked only after every file has been read. */
#include "data_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One error into dl, its message formatted from fmt and ap. */
__attribute__((format(printf, 8, 0))) static void
problem_add(struct diag_list *dl, const char *file, int line, int col,
            const char *source, size_t source_len, const char *hint,
            const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	diag_add(dl, DIAG_ERROR, file, line, col, source, source_len, hint,
	         "%s", msg);
}

void problem_here(struct parser *p, int col, const char *hint, const char *fmt,
                  ...)
{
	va_list ap;

	va_start(ap, fmt);
	problem_add(p->diags, p->file, p->lineno, col, p->line, p->len, hint,
	            fmt, ap);
	va_end(ap);
	problem_check_full(p);
}

void problem_at(struct diag_list *dl, const struct loc *l, const char *hint,
                const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	problem_add(dl, l->file, l->line, l->col, l->source,
	            l->source ? strlen(l->source) : 0, hint, fmt, ap);
	va_end(ap);
}

void problem_src(struct diag_list *dl, const struct data_src *s,
                 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	problem_add(dl, s->file, s->line, s->col, NULL, 0, NULL, fmt, ap);
	va_end(ap);
}

/* Once a problem has been dropped for lack of room, reading on would only
 * find more to drop. */
void problem_check_full(struct parser *p)
{
	if (p->diags->truncated || p->diags->nomem)
		p->stop = 1;
}

const char *problem_quote(const char *s, size_t n, char *buf, size_t size)
{
	return diag_quote(s, n, PROBLEM_QUOTE_BYTES, buf, size);
}

const char *problem_hint(const char *word, const char *const *cands, size_t n,
                         char *buf, size_t size)
{
	const char *best = diag_closest(word, cands, n);

	if (!best)
		return NULL;
	snprintf(buf, size, "did you mean '%s'?", best);
	return buf;
}

void problem_loc(struct parser *p, int col, struct loc *l)
{
	size_t n = p->len > DIAG_SOURCE_MAX ? DIAG_SOURCE_MAX : p->len;

	problem_loc_fini(l);
	l->file = p->file;
	l->line = p->lineno;
	l->col = col;
	/* The lines parsed hold no NUL (load.c refuses them first), so this
	 * copies n bytes. */
	l->source = strndup(p->line, n);
}

void problem_loc_fini(struct loc *l)
{
	free(l->source);
	l->source = NULL;
}
