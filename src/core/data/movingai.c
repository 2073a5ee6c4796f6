/* SPDX-License-Identifier: MIT */
/* movingai.c - readers for the Moving AI Lab `.map` and `.scen` files.
 *
 * The files come from outside the project, so nothing in them is trusted:
 * every line is read into a bounded buffer, every number is range checked
 * before it is used, and the first problem found is reported with its line
 * and column.  Numbers are read by num.h's strict parser rather than with
 * strtol/strtod, so that the result does not depend on the locale a front
 * end may have set (ncurses programs call setlocale). */
#include "movingai.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/file.h"
#include "core/base/num.h"

#if defined(__GNUC__)
#define MOVINGAI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define MOVINGAI_PRINTF(a, b)
#endif

/* Longest token quoted back in an error message. */
#define QUOTE_MAX   32
#define SCEN_FIELDS 9

/* ------------------------------------------------------------------ */
/* errors */

static void error_clear(struct movingai_error *err)
{
	if (!err)
		return;
	err->line = 0;
	err->col = 0;
	err->message[0] = '\0';
}

static MOVINGAI_PRINTF(5, 6) int fail(struct movingai_error *err, int code,
                                      int line, int col, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return code;
	err->line = line;
	err->col = col;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return code;
}

/* Copies a token into dst for an error message: non-printable bytes become
 * \xNN and long tokens are cut, so a binary file cannot produce an
 * unreadable or unbounded message. */
static const char *quote(char *dst, size_t cap, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, o = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (o + 8 >= cap || i >= QUOTE_MAX) {
			memcpy(dst + o, "...", 3);
			o += 3;
			break;
		}
		if (c >= 0x20 && c < 0x7f) {
			dst[o++] = (char)c;
		} else {
			dst[o++] = '\\';
			dst[o++] = 'x';
			dst[o++] = hex[c >> 4];
			dst[o++] = hex[c & 15];
		}
	}
	dst[o] = '\0';
	return dst;
}

/* ------------------------------------------------------------------ */
/* line reading */

struct line_reader {
	FILE *f;
	char *buf;  /* max + 2 bytes: room for the line, a '\r' and a NUL */
	size_t max; /* longest line kept; a longer one sets too_long */
	size_t len; /* length of the line, '\r\n' or '\n' removed */
	int too_long;
	int line; /* number of the line in buf, 1-based */
};

/* Reads the next line.  Returns 1 with a line in r->buf (of r->len bytes,
 * at most r->max of them kept), 0 at the end of the file, MOVINGAI_EIO on
 * a read error.  A final line without '\n' still counts. */
static int reader_next(struct line_reader *r)
{
	size_t len = 0;
	int c, last = EOF;

	while ((c = getc(r->f)) != EOF && c != '\n') {
		/* Keep one byte past max so that a line of exactly max
		 * characters followed by '\r' is not taken as too long. */
		if (len <= r->max)
			r->buf[len] = (char)c;
		len++;
		last = c;
	}
	if (c == EOF && ferror(r->f))
		return MOVINGAI_EIO;
	if (c == EOF && len == 0)
		return 0;
	if (last == '\r')
		len--;
	r->too_long = len > r->max;
	r->len = r->too_long ? r->max : len;
	r->buf[r->len] = '\0';
	r->line++;
	return 1;
}

/* ------------------------------------------------------------------ */
/* fields and numbers */

struct field {
	const char *s;
	size_t len;
	int col; /* 1-based column of the first character */
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Splits on runs of spaces and tabs.  Returns the number of fields in the
 * line; only the first max are stored. */
static size_t split_fields(const char *s, size_t len, struct field *out,
                           size_t max)
{
	size_t i = 0, n = 0;

	while (i < len) {
		size_t start;

		while (i < len && is_blank(s[i]))
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && !is_blank(s[i]))
			i++;
		if (n < max) {
			out[n].s = s + start;
			out[n].len = i - start;
			out[n].col = (int)start + 1;
		}
		n++;
	}
	return n;
}

static int field_is(const struct field *f, const char *word)
{
	size_t n = strlen(word);

	return f->len == n && memcmp(f->s, word, n) == 0;
}

/* Column of the first non-blank character, 0 for a blank line. */
static int first_text_col(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!is_blank(s[i]))
			return (int)i + 1;
	return 0;
}

/* Parses a decimal integer filling the whole field and checks it lies in
 * lo..hi (lo >= 0).  The digits are num's, strict; a minus sign before
 * them still makes a number, one below every range here, so that "-3" is
 * reported as out of range rather than as not a number. */
static int parse_int(const struct field *f, long lo, long hi, long *out)
{
	uint64_t v;
	int rc;

	if (hi < lo)
		return NUM_RANGE;
	if (f->len > 1 && f->s[0] == '-')
		return num_parse_span(f->s + 1, f->len - 1, 10, UINT64_MAX,
		                      &v) == NUM_OK
		               ? NUM_RANGE
		               : NUM_SYNTAX;
	rc = num_parse_span(f->s, f->len, 10, (uint64_t)hi, &v);
	if (rc != NUM_OK)
		return rc;
	if (v < (uint64_t)lo)
		return NUM_RANGE;
	*out = (long)v;
	return NUM_OK;
}

/* ------------------------------------------------------------------ */
/* maps */

static int movingai_header_number(const struct line_reader *r,
                                  const struct field *fl, size_t nf, long *out,
                                  struct movingai_error *err)
{
	char q[QUOTE_MAX + 8];
	int rc;

	if (nf < 2)
		return fail(err, MOVINGAI_EFORMAT, r->line, (int)r->len + 1,
		            "missing number after '%.*s'", (int)fl[0].len,
		            fl[0].s);
	if (nf > 2)
		return fail(err, MOVINGAI_EFORMAT, r->line, fl[2].col,
		            "unexpected text after the %.*s", (int)fl[0].len,
		            fl[0].s);
	rc = parse_int(&fl[1], 1, GRID_MAX_DIM, out);
	if (rc == NUM_SYNTAX)
		return fail(err, MOVINGAI_EFORMAT, r->line, fl[1].col,
		            "expected a number after '%.*s', found '%s'",
		            (int)fl[0].len, fl[0].s,
		            quote(q, sizeof(q), fl[1].s, fl[1].len));
	if (rc != NUM_OK)
		return fail(err, MOVINGAI_EFORMAT, r->line, fl[1].col,
		            "%.*s %s is out of range 1..%d", (int)fl[0].len,
		            fl[0].s, quote(q, sizeof(q), fl[1].s, fl[1].len),
		            GRID_MAX_DIM);
	return MOVINGAI_OK;
}

/* Reads "type octile", then "height H" and "width W" (in either order),
 * then "map". */
static int movingai_read_header(struct line_reader *r, long *width,
                                long *height, struct movingai_error *err)
{
	char q[QUOTE_MAX + 8];
	struct field fl[3];
	size_t nf;
	int rc;

	*width = 0;
	*height = 0;
	for (;;) {
		rc = reader_next(r);
		if (rc < 0)
			return fail(err, rc, r->line + 1, 0, "read error: %s",
			            strerror(errno));
		if (rc == 0) {
			if (r->line == 0)
				return fail(err, MOVINGAI_EFORMAT, 1, 1,
				            "empty file: expected 'type "
				            "octile'");
			return fail(err, MOVINGAI_EFORMAT, r->line + 1, 1,
			            "unexpected end of file in the header: "
			            "expected '%s'",
			            !*height  ? "height"
			            : !*width ? "width"
			                      : "map");
		}
		if (r->too_long)
			return fail(err, MOVINGAI_EFORMAT, r->line,
			            (int)r->max + 1, "header line too long");
		nf = split_fields(r->buf, r->len, fl, 3);
		if (r->line == 1) {
			if (nf == 0 || !field_is(&fl[0], "type"))
				return fail(err, MOVINGAI_EFORMAT, 1,
				            nf ? fl[0].col : 1,
				            "expected 'type octile' on the "
				            "first line");
			if (nf < 2)
				return fail(err, MOVINGAI_EFORMAT, 1,
				            (int)r->len + 1,
				            "missing map type after 'type'");
			if (!field_is(&fl[1], "octile"))
				return fail(err, MOVINGAI_EFORMAT, 1, fl[1].col,
				            "unsupported map type '%s' "
				            "(only 'octile' is known)",
				            quote(q, sizeof(q), fl[1].s,
				                  fl[1].len));
			if (nf > 2)
				return fail(err, MOVINGAI_EFORMAT, 1, fl[2].col,
				            "unexpected text after 'type "
				            "octile'");
			continue;
		}
		if (nf == 0)
			return fail(err, MOVINGAI_EFORMAT, r->line, 1,
			            "blank line in the header: expected "
			            "'height', 'width' or 'map'");
		if (field_is(&fl[0], "height") || field_is(&fl[0], "width")) {
			long *dst = fl[0].s[0] == 'h' ? height : width;

			if (*dst)
				return fail(err, MOVINGAI_EFORMAT, r->line,
				            fl[0].col, "'%.*s' given twice",
				            (int)fl[0].len, fl[0].s);
			rc = movingai_header_number(r, fl, nf, dst, err);
			if (rc)
				return rc;
			continue;
		}
		if (field_is(&fl[0], "map")) {
			if (!*height || !*width)
				return fail(err, MOVINGAI_EFORMAT, r->line,
				            fl[0].col,
				            "'map' before the '%s' line",
				            !*height ? "height" : "width");
			if (nf > 1)
				return fail(err, MOVINGAI_EFORMAT, r->line,
				            fl[1].col,
				            "unexpected text after 'map'");
			return MOVINGAI_OK;
		}
		return fail(err, MOVINGAI_EFORMAT, r->line, fl[0].col,
		            "unknown header line '%s': expected 'height', "
		            "'width' or 'map'",
		            quote(q, sizeof(q), fl[0].s, fl[0].len));
	}
}

static int movingai_cell_cost(char c, uint8_t swamp_cost)
{
	switch (c) {
	case '.':
	case 'G':
		return 1;
	case 'S':
		return swamp_cost;
	case '@':
	case 'O':
	case 'T':
	case 'W':
		return GRID_BLOCKED;
	default:
		return -1;
	}
}

static int movingai_read_rows(struct line_reader *r, uint8_t swamp_cost,
                              struct grid *g, struct movingai_error *err)
{
	char q[QUOTE_MAX + 8];
	int x, y, rc;

	for (y = 0; y < g->height; y++) {
		uint8_t *row = g->cost + grid_index(g, 0, y);
		size_t n;

		rc = reader_next(r);
		if (rc < 0)
			return fail(err, rc, r->line + 1, 0, "read error: %s",
			            strerror(errno));
		if (rc == 0)
			return fail(err, MOVINGAI_EFORMAT, r->line + 1, 1,
			            "missing map rows: the header says "
			            "height %d, found %d rows",
			            g->height, y);
		/* Characters first, so a stray byte in a short row is
		 * reported where it is rather than as a length problem. */
		n = r->len < (size_t)g->width ? r->len : (size_t)g->width;
		for (x = 0; x < (int)n; x++) {
			int c = movingai_cell_cost(r->buf[x], swamp_cost);

			if (c < 0)
				return fail(err, MOVINGAI_EFORMAT, r->line,
				            x + 1, "unknown map character '%s'",
				            quote(q, sizeof(q), r->buf + x, 1));
			row[x] = (uint8_t)c;
		}
		if (r->len < (size_t)g->width)
			return fail(err, MOVINGAI_EFORMAT, r->line,
			            (int)r->len + 1,
			            "short map row: %zu characters, the "
			            "header says width %d",
			            r->len, g->width);
		if (r->too_long || r->len > (size_t)g->width)
			return fail(err, MOVINGAI_EFORMAT, r->line,
			            g->width + 1,
			            "long map row: more than the %d "
			            "characters the header's width allows",
			            g->width);
	}
	/* Only blank lines may follow: more text means the height is
	 * wrong, which would otherwise go unnoticed. */
	while ((rc = reader_next(r)) > 0) {
		int col = r->too_long ? 1 : first_text_col(r->buf, r->len);

		if (col)
			return fail(err, MOVINGAI_EFORMAT, r->line, col,
			            "text after the last map row: the "
			            "header says height %d",
			            g->height);
	}
	if (rc < 0)
		return fail(err, rc, r->line + 1, 0, "read error: %s",
		            strerror(errno));
	return MOVINGAI_OK;
}

int movingai_read_map(FILE *f, uint8_t swamp_cost, struct grid *g,
                      struct movingai_error *err)
{
	char buf[GRID_MAX_DIM + 2];
	struct line_reader r = {
	        .f = f,
	        .buf = buf,
	        .max = GRID_MAX_DIM,
	};
	long width, height;
	int rc;

	error_clear(err);
	if (!g)
		return fail(err, MOVINGAI_EINVAL, 0, 0, "no grid given");
	memset(g, 0, sizeof(*g));
	if (!f)
		return fail(err, MOVINGAI_EINVAL, 0, 0, "no file given");
	rc = movingai_read_header(&r, &width, &height, err);
	if (rc)
		return rc;
	rc = grid_init(g, (int)width, (int)height);
	if (rc == GRID_ENOMEM)
		return fail(err, MOVINGAI_ENOMEM, r.line, 0,
		            "out of memory for a %ldx%ld map", width, height);
	if (rc)
		return fail(err, MOVINGAI_EFORMAT, r.line, 0,
		            "bad map size %ldx%ld", width, height);
	rc = movingai_read_rows(&r, swamp_cost, g, err);
	if (rc)
		grid_fini(g);
	return rc;
}

/* The file at path in memory, read through the opener (no FIFO, device
 * or oversized file is ever read), as a stream *f for the readers above;
 * *buf is the caller's to free after fclose.  Returns MOVINGAI_OK or the
 * failure, with err filled in. */
static int open_or_fail(const char *path, FILE **f, char **buf,
                        struct movingai_error *err)
{
	size_t len;
	int rc;

	*f = NULL;
	*buf = NULL;
	if (!path)
		return fail(err, MOVINGAI_EINVAL, 0, 0, "no path given");
	rc = file_read(path, MOVINGAI_FILE_MAX, buf, &len, NULL,
	               err ? err->message : NULL,
	               err ? sizeof(err->message) : 0);
	if (rc != FILE_OK)
		return rc == FILE_ENOMEM ? MOVINGAI_ENOMEM : MOVINGAI_EIO;
	*f = fmemopen(*buf, len, "r");
	if (!*f) {
		free(*buf);
		*buf = NULL;
		return fail(err, MOVINGAI_ENOMEM, 0, 0, "out of memory");
	}
	return MOVINGAI_OK;
}

int movingai_load_map_swamp(const char *path, uint8_t swamp_cost,
                            struct grid *g, struct movingai_error *err)
{
	char *buf;
	FILE *f;
	int rc;

	error_clear(err);
	if (g)
		memset(g, 0, sizeof(*g));
	rc = open_or_fail(path, &f, &buf, err);
	if (rc)
		return rc;
	rc = movingai_read_map(f, swamp_cost, g, err);
	fclose(f);
	free(buf);
	return rc;
}

int movingai_load_map(const char *path, struct grid *g,
                      struct movingai_error *err)
{
	return movingai_load_map_swamp(path, 1, g, err);
}

/* ------------------------------------------------------------------ */
/* scenarios */

static int scen_map_index(struct movingai_scen *s, const struct field *f,
                          size_t *out)
{
	size_t i;
	char *name, **maps;

	/* Newest first: the rows of a file nearly always share one map. */
	for (i = s->map_count; i-- > 0;) {
		if (strlen(s->maps[i]) == f->len &&
		    memcmp(s->maps[i], f->s, f->len) == 0) {
			*out = i;
			return MOVINGAI_OK;
		}
	}
	if (s->map_count == s->maps_cap) {
		size_t cap = s->maps_cap ? s->maps_cap * 2 : 4;

		maps = realloc(s->maps, cap * sizeof(*maps));
		if (!maps)
			return MOVINGAI_ENOMEM;
		s->maps = maps;
		s->maps_cap = cap;
	}
	name = malloc(f->len + 1);
	if (!name)
		return MOVINGAI_ENOMEM;
	memcpy(name, f->s, f->len);
	name[f->len] = '\0';
	s->maps[s->map_count] = name;
	*out = s->map_count++;
	return MOVINGAI_OK;
}

static int scen_grow(struct movingai_scen *s)
{
	size_t cap = s->cap ? s->cap * 2 : 64;
	struct movingai_problem *p;

	if (cap > ((size_t)-1) / sizeof(*p))
		return MOVINGAI_ENOMEM;
	p = realloc(s->problems, cap * sizeof(*p));
	if (!p)
		return MOVINGAI_ENOMEM;
	s->problems = p;
	s->cap = cap;
	return MOVINGAI_OK;
}

static int scen_version(const struct line_reader *r, struct movingai_error *err)
{
	struct field fl[3];
	size_t nf = split_fields(r->buf, r->len, fl, 3);
	char q[QUOTE_MAX + 8];

	if (r->too_long || nf == 0 || !field_is(&fl[0], "version"))
		return fail(err, MOVINGAI_EFORMAT, 1, nf ? fl[0].col : 1,
		            "expected 'version 1' on the first line");
	if (nf < 2)
		return fail(err, MOVINGAI_EFORMAT, 1, (int)r->len + 1,
		            "missing version number");
	if (!field_is(&fl[1], "1") && !field_is(&fl[1], "1.0"))
		return fail(err, MOVINGAI_EFORMAT, 1, fl[1].col,
		            "unsupported scenario version '%s' (expected 1 "
		            "or 1.0)",
		            quote(q, sizeof(q), fl[1].s, fl[1].len));
	if (nf > 2)
		return fail(err, MOVINGAI_EFORMAT, 1, fl[2].col,
		            "unexpected text after the version");
	return MOVINGAI_OK;
}

static int scen_int(const struct line_reader *r, const struct field *f,
                    const char *what, long lo, long hi, int *out,
                    struct movingai_error *err)
{
	char q[QUOTE_MAX + 8];
	long v;
	int rc = parse_int(f, lo, hi, &v);

	if (rc == NUM_SYNTAX)
		return fail(err, MOVINGAI_EFORMAT, r->line, f->col,
		            "%s: expected a whole number, found '%s'", what,
		            quote(q, sizeof(q), f->s, f->len));
	if (rc != NUM_OK)
		return fail(err, MOVINGAI_EFORMAT, r->line, f->col,
		            "%s %s is out of range %ld..%ld", what,
		            quote(q, sizeof(q), f->s, f->len), lo, hi);
	*out = (int)v;
	return MOVINGAI_OK;
}

static int scen_row(struct movingai_scen *s, const struct line_reader *r,
                    struct movingai_error *err)
{
	struct field fl[SCEN_FIELDS + 1];
	struct movingai_problem p;
	size_t nf = split_fields(r->buf, r->len, fl, SCEN_FIELDS + 1);
	char q[QUOTE_MAX + 8];
	const char *nul;
	int rc;

	if (nf < SCEN_FIELDS)
		return fail(err, MOVINGAI_EFORMAT, r->line, (int)r->len + 1,
		            "expected %d fields, found %zu", SCEN_FIELDS, nf);
	if (nf > SCEN_FIELDS)
		return fail(err, MOVINGAI_EFORMAT, r->line, fl[SCEN_FIELDS].col,
		            "expected %d fields, found more", SCEN_FIELDS);
	memset(&p, 0, sizeof(p));
	p.line = r->line;
	if ((rc = scen_int(r, &fl[0], "bucket", 0, 1000000000L, &p.bucket,
	                   err)) ||
	    (rc = scen_int(r, &fl[2], "map width", 1, GRID_MAX_DIM,
	                   &p.map_width, err)) ||
	    (rc = scen_int(r, &fl[3], "map height", 1, GRID_MAX_DIM,
	                   &p.map_height, err)) ||
	    (rc = scen_int(r, &fl[4], "start x", 0, p.map_width - 1, &p.start_x,
	                   err)) ||
	    (rc = scen_int(r, &fl[5], "start y", 0, p.map_height - 1,
	                   &p.start_y, err)) ||
	    (rc = scen_int(r, &fl[6], "goal x", 0, p.map_width - 1, &p.goal_x,
	                   err)) ||
	    (rc = scen_int(r, &fl[7], "goal y", 0, p.map_height - 1, &p.goal_y,
	                   err)))
		return rc;
	/* The name is kept as a C string: a NUL byte would cut it. */
	nul = memchr(fl[1].s, '\0', fl[1].len);
	if (nul)
		return fail(err, MOVINGAI_EFORMAT, r->line,
		            fl[1].col + (int)(nul - fl[1].s),
		            "map name: unexpected byte '\\x00'");
	if (num_parse_decimal(fl[8].s, fl[8].len, &p.optimal) != NUM_OK)
		return fail(err, MOVINGAI_EFORMAT, r->line, fl[8].col,
		            "optimal length: expected a non-negative "
		            "number, found '%s'",
		            quote(q, sizeof(q), fl[8].s, fl[8].len));
	if (scen_map_index(s, &fl[1], &p.map) ||
	    (s->count == s->cap && scen_grow(s)))
		return fail(err, MOVINGAI_ENOMEM, r->line, 0, "out of memory");
	s->problems[s->count++] = p;
	return MOVINGAI_OK;
}

int movingai_read_scen(FILE *f, struct movingai_scen *out,
                       struct movingai_error *err)
{
	char buf[MOVINGAI_SCEN_LINE_MAX + 2];
	struct line_reader r = {
	        .f = f,
	        .buf = buf,
	        .max = MOVINGAI_SCEN_LINE_MAX,
	};
	int rc;

	error_clear(err);
	if (!out)
		return fail(err, MOVINGAI_EINVAL, 0, 0, "no scenario given");
	memset(out, 0, sizeof(*out));
	if (!f)
		return fail(err, MOVINGAI_EINVAL, 0, 0, "no file given");
	rc = reader_next(&r);
	if (rc == 0)
		return fail(err, MOVINGAI_EFORMAT, 1, 1,
		            "empty file: expected 'version 1'");
	if (rc > 0)
		rc = scen_version(&r, err);
	while (rc == MOVINGAI_OK && (rc = reader_next(&r)) > 0) {
		if (r.too_long)
			rc = fail(err, MOVINGAI_EFORMAT, r.line, (int)r.max + 1,
			          "line longer than %d characters",
			          MOVINGAI_SCEN_LINE_MAX);
		else if (!first_text_col(r.buf, r.len))
			rc = MOVINGAI_OK; /* blank lines are harmless */
		else
			rc = scen_row(out, &r, err);
	}
	if (rc == MOVINGAI_EIO)
		fail(err, rc, r.line + 1, 0, "read error: %s", strerror(errno));
	if (rc)
		movingai_scen_free(out);
	return rc;
}

int movingai_load_scen(const char *path, struct movingai_scen *out,
                       struct movingai_error *err)
{
	char *buf;
	FILE *f;
	int rc;

	error_clear(err);
	if (out)
		memset(out, 0, sizeof(*out));
	rc = open_or_fail(path, &f, &buf, err);
	if (rc)
		return rc;
	rc = movingai_read_scen(f, out, err);
	fclose(f);
	free(buf);
	return rc;
}

void movingai_scen_free(struct movingai_scen *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->map_count; i++)
		free(s->maps[i]);
	free(s->maps);
	free(s->problems);
	memset(s, 0, sizeof(*s));
}

int movingai_problem_fits(const struct movingai_problem *p,
                          const struct grid *g)
{
	return p->map_width == g->width && p->map_height == g->height &&
	       grid_passable(g, p->start_x, p->start_y) &&
	       grid_passable(g, p->goal_x, p->goal_y);
}

const char *movingai_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}
