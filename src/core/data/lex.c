/* SPDX-License-Identifier: MIT */
/* lex.c - the tokens of a line of a data file: words, glyphs in single
 * quotes, strings in double quotes, and '#' comments; then the typed
 * values read from them (a name, an integer, a glyph, one of a list of
 * words), each reporting at the token's own column when it is not one. */
#include "data_impl.h"

#include <stdio.h>
#include <string.h>

#include "core/base/num.h"

int lex_is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* After a bad token the rest of the line is skipped: one mistake, one
 * message. */
static int lex_bad(struct parser *p, struct tok *t)
{
	p->pos = p->len;
	return t->kind = TOK_BAD;
}

/* A token must be followed by a space, a comment or the end of the line:
 * reports and returns 0 when the byte at end is none of them. */
static int lex_ends_at(struct parser *p, size_t end, const char *what)
{
	if (end < p->len && !lex_is_space(p->line[end]) &&
	    p->line[end] != '#') {
		problem_here(p, (int)end + 1, NULL,
		             "expected a space after the %s", what);
		return 0;
	}
	return 1;
}

/* 'x', '\'' or '\\' */
static int lex_glyph(struct parser *p, struct tok *t)
{
	const char *s = p->line;
	size_t n = p->len, i = p->pos, end;

	if (i + 3 < n && s[i + 1] == '\\' && s[i + 3] == '\'' &&
	    (s[i + 2] == '\'' || s[i + 2] == '\\')) {
		t->glyph = s[i + 2];
		end = i + 4;
	} else if (i + 2 < n && s[i + 2] == '\'' && s[i + 1] != '\\') {
		t->glyph = s[i + 1];
		end = i + 3;
	} else {
		problem_here(p, t->col, NULL,
		             "bad glyph: a glyph is one printable ASCII "
		             "character in quotes, as in '#'");
		return lex_bad(p, t);
	}
	if (!lex_ends_at(p, end, "glyph"))
		return lex_bad(p, t);
	p->pos = end;
	return t->kind = TOK_CHAR;
}

/* "text", with \" and \\ as its only escapes */
static int lex_string(struct parser *p, struct tok *t)
{
	const char *s = p->line;
	size_t n = p->len, i, len = 0;

	for (i = p->pos + 1; i < n && s[i] != '"'; i++) {
		char c = s[i];

		if (c == '\\') {
			if (i + 1 < n &&
			    (s[i + 1] == '"' || s[i + 1] == '\\')) {
				c = s[++i];
			} else {
				problem_here(p, (int)i + 1, NULL,
				             "unknown escape in string (only "
				             "\\\" and \\\\ are allowed)");
				return lex_bad(p, t);
			}
		}
		if (len >= DATA_TEXT_MAX) {
			problem_here(p, t->col, NULL,
			             "string is longer than %d bytes",
			             DATA_TEXT_MAX);
			return lex_bad(p, t);
		}
		t->buf[len++] = c;
	}
	if (i >= n) {
		problem_here(p, t->col, NULL, "unterminated string");
		return lex_bad(p, t);
	}
	i++;
	if (!lex_ends_at(p, i, "string"))
		return lex_bad(p, t);
	t->buf[len] = '\0';
	t->s = t->buf;
	t->n = len;
	t->glyph = len == 1 ? t->buf[0] : 0;
	p->pos = i;
	return t->kind = TOK_STRING;
}

/* Anything else, up to the next space: a '#' inside a word is part of it. */
static int lex_word(struct parser *p, struct tok *t)
{
	size_t i = p->pos;

	while (i < p->len && !lex_is_space(p->line[i]))
		i++;
	t->n = i - p->pos;
	memcpy(t->word, p->line + p->pos, t->n);
	t->word[t->n] = '\0';
	t->s = t->word;
	p->pos = i;
	return t->kind = TOK_WORD;
}

int lex_next(struct parser *p, struct tok *t)
{
	while (p->pos < p->len && lex_is_space(p->line[p->pos]))
		p->pos++;
	t->col = (int)p->pos + 1;
	if (p->pos >= p->len || p->line[p->pos] == '#') {
		p->pos = p->len;
		return t->kind = TOK_END;
	}
	if (p->line[p->pos] == '\'')
		return lex_glyph(p, t);
	if (p->line[p->pos] == '"')
		return lex_string(p, t);
	return lex_word(p, t);
}

const char *lex_show(const struct tok *t, char *buf, size_t size)
{
	char q[PROBLEM_QUOTE_SIZE];

	switch (t->kind) {
	case TOK_WORD:
		snprintf(buf, size, "'%s'",
		         problem_quote(t->s, t->n, q, sizeof(q)));
		break;
	case TOK_CHAR:
		snprintf(buf, size, "the glyph '%s'",
		         problem_quote(&t->glyph, 1, q, sizeof(q)));
		break;
	case TOK_STRING:
		snprintf(buf, size, "a string");
		break;
	default:
		snprintf(buf, size, "the end of the line");
		break;
	}
	return buf;
}

int lex_is_name(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || n > DATA_NAME_MAX)
		return 0;
	if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
	      s[0] == '_'))
		return 0;
	for (i = 1; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '_' || c == '-'))
			return 0;
	}
	return 1;
}

int lex_long(const char *s, long min, long max, long *out)
{
	uint64_t v;

	if (num_parse_u64(s, 10, (uint64_t)max, &v) != NUM_OK ||
	    v < (uint64_t)min)
		return -1;
	*out = (long)v;
	return 0;
}

int lex_expect_name(struct parser *p, struct tok *t, const char *what)
{
	char shown[LEX_SHOW_SIZE];

	if (lex_next(p, t) == TOK_BAD)
		return -1;
	if (t->kind != TOK_WORD) {
		problem_here(p, t->col, NULL, "expected %s, got %s", what,
		             lex_show(t, shown, sizeof(shown)));
		return -1;
	}
	if (!lex_is_name(t->s, t->n)) {
		problem_here(p, t->col, NULL,
		             "%s is not a valid name (letters, digits, '_' and "
		             "'-', starting with a letter, at most %d bytes)",
		             lex_show(t, shown, sizeof(shown)), DATA_NAME_MAX);
		return -1;
	}
	return 0;
}

int lex_expect_choice(struct parser *p, struct tok *t, const char *attr,
                      const char *const *names, size_t n, size_t first,
                      const char *expect)
{
	char shown[LEX_SHOW_SIZE], hint[96];
	size_t i;

	if (lex_next(p, t) == TOK_BAD)
		return -1;
	if (t->kind == TOK_WORD)
		for (i = first; i < n; i++)
			if (!strcmp(t->s, names[i]))
				return (int)i;
	problem_here(p, t->col,
	             t->kind == TOK_WORD
	                     ? problem_hint(t->s, names + first, n - first,
	                                    hint, sizeof(hint))
	                     : NULL,
	             "'%s' must be %s, got %s", attr, expect,
	             lex_show(t, shown, sizeof(shown)));
	return -1;
}

int lex_expect_int(struct parser *p, struct tok *t, const char *attr, long min,
                   long max, const char *unit, long *out)
{
	char shown[LEX_SHOW_SIZE];

	if (lex_next(p, t) == TOK_BAD)
		return -1;
	if (t->kind == TOK_WORD && lex_long(t->s, min, max, out) == 0)
		return 0;
	problem_here(p, t->col, NULL,
	             "'%s' must be an integer from %ld to %ld%s%s%s, got %s",
	             attr, min, max, unit ? " (" : "", unit ? unit : "",
	             unit ? ")" : "", lex_show(t, shown, sizeof(shown)));
	return -1;
}

int lex_expect_glyph(struct parser *p, struct tok *t, const char *attr,
                     char *out)
{
	char shown[LEX_SHOW_SIZE];

	if (lex_next(p, t) == TOK_BAD)
		return -1;
	if ((t->kind == TOK_CHAR || (t->kind == TOK_STRING && t->n == 1)) &&
	    t->glyph > 0x20 && t->glyph < 0x7f) {
		*out = t->glyph;
		return 0;
	}
	problem_here(p, t->col, NULL,
	             "'%s' must be one printable ASCII character in quotes, as "
	             "in '#', got %s",
	             attr, lex_show(t, shown, sizeof(shown)));
	return -1;
}
