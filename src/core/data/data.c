/* data.c - the data-file loader: reads terrain, key, monster and dungeon
 * records (data/README has the format), then resolves the names they use.
 *
 * Parsing is line by line and table driven: a line starts with a record
 * keyword (terrain, monster, legend, ...) or with an attribute of the
 * record above it, and each attribute's row in attr_table says which
 * struct field it fills and what values it takes.  Names may be used
 * before they are defined, so references are queued and resolved once
 * every file has been read.  After a problem on a line the rest of that
 * line is skipped, so one mistake gives one message. */
#include "data.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- loader state ------------------------------------------------------ */

struct data_file {
	char *path;
	dev_t dev;
	ino_t ino;
	int has_id;
	struct data_file *next;
};

/* A copied location, kept until names are resolved. */
struct loc {
	const char *file;
	int line;
	int col;
	char *source;
};

enum ref_kind { REF_TERRAIN, REF_KEY, REF_MONSTER };
enum ref_owner { OWN_TERRAIN, OWN_MONSTER, OWN_LEGEND };

/* "put the index of name (a ref_kind) into the int at offset off of item
 * index of owner". */
struct ref {
	uint8_t kind;
	uint8_t owner;
	int index;
	size_t off;
	char name[DATA_NAME_MAX + 1];
	struct loc loc;
};

struct legend {
	int defined;
	int broken; /* a name in it did not resolve */
	int terrain;
	int place;
	int what;
	struct loc loc;
};

struct data_pending {
	struct ref *refs;
	size_t nrefs;
	size_t capref;
	struct legend legend[128];
	/* The MAP block as read: glyphs row by row while rectangular. */
	char *rows;
	int width;
	int height;
	int map_seen;
	int map_broken; /* too big, ragged, bad bytes: skip glyph checks */
	struct loc map_loc;
	int first_row_line;
	/* Records needing a check once names are known. */
	struct loc dungeon_loc;
	int dungeon_seen;
};

enum rec_kind { REC_NONE = 0, REC_TERRAIN, REC_KEY, REC_MONSTER, REC_DUNGEON };

struct parser {
	struct data *d;
	struct diag_list *diags;
	const char *file; /* interned in d->files */
	int depth;
	struct data_file *stack[DATA_INCLUDE_DEPTH + 2];
	int nstack;
	/* the current line */
	const char *line;
	size_t len;
	int lineno;
	size_t pos;
	/* the current record */
	int rec;
	int rec_index;
	int rec_skip;      /* the header failed: ignore its attribute lines */
	size_t rec_errors; /* errors before the record, to spot new ones */
	uint64_t rec_seen;
	struct loc rec_loc;
	/* the current MAP block, when inside one */
	int in_map;
	int records; /* records and directives in this file */
	int stop;    /* the diagnostics list is full */
};

/* ---- small helpers ----------------------------------------------------- */

static char *str_dup_n(const char *s, size_t n)
{
	char *p = malloc(n + 1);

	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static void loc_fini(struct loc *l)
{
	free(l->source);
	l->source = NULL;
}

static void loc_here(struct parser *p, int col, struct loc *l)
{
	size_t n = p->len > DIAG_SOURCE_MAX ? DIAG_SOURCE_MAX : p->len;

	loc_fini(l);
	l->file = p->file;
	l->line = p->lineno;
	l->col = col;
	l->source = str_dup_n(p->line, n);
}

/* Once a problem has been dropped for lack of room, reading on would only
 * find more to drop. */
static void full_check(struct parser *p)
{
	if (p->diags->truncated || p->diags->nomem)
		p->stop = 1;
}

__attribute__((format(printf, 4, 5))) static void
perr(struct parser *p, int col, const char *hint, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_add(p->diags, DIAG_ERROR, p->file, p->lineno, col, p->line, p->len,
	         hint, "%s", msg);
	full_check(p);
}

__attribute__((format(printf, 4, 5))) static void loc_err(struct diag_list *dl,
                                                          const struct loc *l,
                                                          const char *hint,
                                                          const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_add(dl, DIAG_ERROR, l->file, l->line, l->col, l->source,
	         l->source ? strlen(l->source) : 0, hint, "%s", msg);
}

/* "did you mean 'x'?" for the closest candidate, into buf; NULL if none. */
static const char *hint_for(const char *word, const char *const *cands,
                            size_t n, char *buf, size_t size)
{
	const char *best = diag_closest(word, cands, n);

	if (!best)
		return NULL;
	snprintf(buf, size, "did you mean '%s'?", best);
	return buf;
}

static int valid_name(const char *s, size_t n)
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

/* Shows a glyph in a message: 'x', or its byte value when unprintable. */
static const char *glyph_show(unsigned char c, char *buf, size_t size)
{
	if (c > 0x20 && c < 0x7f)
		snprintf(buf, size, "'%c'", c);
	else if (c == ' ')
		snprintf(buf, size, "' ' (a space)");
	else if (c == '\t')
		snprintf(buf, size, "a tab");
	else
		snprintf(buf, size, "byte 0x%02x", c);
	return buf;
}

/* ---- tokens ------------------------------------------------------------ */

enum tok_kind { TOK_END = 0, TOK_WORD, TOK_CHAR, TOK_STRING, TOK_BAD };

struct tok {
	int kind;
	int col;
	const char *s; /* TOK_WORD: the word; TOK_STRING: decoded text */
	size_t n;
	char glyph;                  /* TOK_CHAR, or 1-byte TOK_STRING */
	char buf[DATA_TEXT_MAX + 1]; /* decoded string */
	char word[DATA_LINE_MAX + 1];
};

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* Reads the next token of the current line.  Reports lexical problems
 * itself and returns TOK_BAD for them. */
static int lex(struct parser *p, struct tok *t)
{
	const char *s = p->line;
	size_t n = p->len, i;

	while (p->pos < n && is_space(s[p->pos]))
		p->pos++;
	t->col = (int)p->pos + 1;
	if (p->pos >= n || s[p->pos] == '#') {
		p->pos = n;
		return t->kind = TOK_END;
	}
	i = p->pos;
	if (s[i] == '\'') {
		size_t end;

		if (i + 3 < n + 0 && s[i + 1] == '\\' && s[i + 3] == '\'' &&
		    (s[i + 2] == '\'' || s[i + 2] == '\\')) {
			t->glyph = s[i + 2];
			end = i + 4;
		} else if (i + 2 < n && s[i + 2] == '\'' && s[i + 1] != '\\') {
			t->glyph = s[i + 1];
			end = i + 3;
		} else {
			perr(p, t->col, NULL,
			     "bad glyph: a glyph is one printable ASCII "
			     "character in quotes, as in '#'");
			p->pos = n;
			return t->kind = TOK_BAD;
		}
		if (end < n && !is_space(s[end]) && s[end] != '#') {
			perr(p, (int)end + 1, NULL,
			     "expected a space after the glyph");
			p->pos = n;
			return t->kind = TOK_BAD;
		}
		p->pos = end;
		return t->kind = TOK_CHAR;
	}
	if (s[i] == '"') {
		size_t len = 0;

		for (i++; i < n && s[i] != '"'; i++) {
			char c = s[i];

			if (c == '\\') {
				if (i + 1 < n &&
				    (s[i + 1] == '"' || s[i + 1] == '\\')) {
					c = s[++i];
				} else {
					perr(p, (int)i + 1, NULL,
					     "unknown escape in string (only "
					     "\\\" and \\\\ are allowed)");
					p->pos = n;
					return t->kind = TOK_BAD;
				}
			}
			if (len >= DATA_TEXT_MAX) {
				perr(p, t->col, NULL,
				     "string is longer than %d bytes",
				     DATA_TEXT_MAX);
				p->pos = n;
				return t->kind = TOK_BAD;
			}
			t->buf[len++] = c;
		}
		if (i >= n) {
			perr(p, t->col, NULL, "unterminated string");
			p->pos = n;
			return t->kind = TOK_BAD;
		}
		i++;
		if (i < n && !is_space(s[i]) && s[i] != '#') {
			perr(p, (int)i + 1, NULL,
			     "expected a space after the string");
			p->pos = n;
			return t->kind = TOK_BAD;
		}
		t->buf[len] = '\0';
		t->s = t->buf;
		t->n = len;
		t->glyph = len == 1 ? t->buf[0] : 0;
		p->pos = i;
		return t->kind = TOK_STRING;
	}
	while (i < n && !is_space(s[i]))
		i++;
	t->n = i - p->pos;
	memcpy(t->word, s + p->pos, t->n);
	t->word[t->n] = '\0';
	t->s = t->word;
	p->pos = i;
	return t->kind = TOK_WORD;
}

/* A short description of a token for "got ..." in messages. */
static const char *tok_show(const struct tok *t, char *buf, size_t size)
{
	switch (t->kind) {
	case TOK_WORD:
		snprintf(buf, size, "'%.40s%s'", t->s, t->n > 40 ? "..." : "");
		break;
	case TOK_CHAR:
		snprintf(buf, size, "the glyph '%c'", t->glyph);
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

/* ---- records ----------------------------------------------------------- */

enum arg_type {
	ARG_GLYPH,
	ARG_COLOR,
	ARG_BOOL,
	ARG_INT,
	ARG_TEXT,
	ARG_DOOR,
	ARG_TERRAIN_REF,
	ARG_KEY_REF,
	ARG_OVERRIDE,
};

struct attr {
	const char *name;
	uint8_t rec;
	uint8_t type;
	uint8_t repeat; /* may be given more than once in a record */
	size_t off;
	size_t size; /* of the field, for ARG_INT, ARG_BOOL, ARG_DOOR */
	long min;
	long max;
};

#define T(f)                                                                   \
	offsetof(struct data_terrain, f), sizeof(((struct data_terrain *)0)->f)
#define K(f) offsetof(struct data_key, f), sizeof(((struct data_key *)0)->f)
#define M(f)                                                                   \
	offsetof(struct data_monster, f), sizeof(((struct data_monster *)0)->f)
#define D(f) offsetof(struct data_map, f), sizeof(((struct data_map *)0)->f)

/* Order matters only for messages: the first row of a name is used. */
static const struct attr attr_table[] = {
        {"glyph", REC_TERRAIN, ARG_GLYPH, 0, T(glyph), 0, 0},
        {"color", REC_TERRAIN, ARG_COLOR, 0, T(color), 0, 0},
        {"walk", REC_TERRAIN, ARG_BOOL, 0, T(walk), 0, 1},
        {"cost", REC_TERRAIN, ARG_INT, 0, T(cost), 1, DATA_COST_MAX},
        {"opaque", REC_TERRAIN, ARG_BOOL, 0, T(opaque), 0, 1},
        {"door", REC_TERRAIN, ARG_DOOR, 0, T(door), 0, 0},
        {"opens_to", REC_TERRAIN, ARG_TERRAIN_REF, 0, T(opens_to), 0, 0},
        {"closes_to", REC_TERRAIN, ARG_TERRAIN_REF, 0, T(closes_to), 0, 0},
        {"bump_opens", REC_TERRAIN, ARG_BOOL, 0, T(bump_opens), 0, 1},
        {"unlocked_by", REC_TERRAIN, ARG_KEY_REF, 0, T(unlocked_by), 0, 0},
        {"description", REC_TERRAIN, ARG_TEXT, 0, T(description), 0, 0},

        {"glyph", REC_KEY, ARG_GLYPH, 0, K(glyph), 0, 0},
        {"color", REC_KEY, ARG_COLOR, 0, K(color), 0, 0},
        {"description", REC_KEY, ARG_TEXT, 0, K(description), 0, 0},

        {"glyph", REC_MONSTER, ARG_GLYPH, 0, M(glyph), 0, 0},
        {"color", REC_MONSTER, ARG_COLOR, 0, M(color), 0, 0},
        {"speed", REC_MONSTER, ARG_INT, 0, M(speed), 1, 1000},
        {"hp", REC_MONSTER, ARG_INT, 0, M(hp), 1, 10000},
        {"attack", REC_MONSTER, ARG_INT, 0, M(attack), 0, 1000},
        {"sight", REC_MONSTER, ARG_INT, 0, M(sight), 0, DATA_MAP_MAX_DIM},
        {"opens_doors", REC_MONSTER, ARG_BOOL, 0, M(opens_doors), 0, 1},
        {"unlocks_doors", REC_MONSTER, ARG_BOOL, 0, M(unlocks_doors), 0, 1},
        {"bashes_doors", REC_MONSTER, ARG_BOOL, 0, M(bashes_doors), 0, 1},
        {"cost", REC_MONSTER, ARG_OVERRIDE, 1, M(overrides), 0, 0},
        {"drift", REC_MONSTER, ARG_INT, 0, M(drift), 0, DATA_MAP_MAX_DIM},
        {"budget", REC_MONSTER, ARG_INT, 0, M(budget), 0, 100000000},
        {"description", REC_MONSTER, ARG_TEXT, 0, M(description), 0, 0},

        {"title", REC_DUNGEON, ARG_TEXT, 0, D(title), 0, 0},
        {"description", REC_DUNGEON, ARG_TEXT, 0, D(description), 0, 0},
};

#define ATTR_COUNT (sizeof(attr_table) / sizeof(attr_table[0]))

static const char *const rec_names[] = {"", "terrain", "key", "monster",
                                        "dungeon"};

static const char *const color_names[DATA_COLOR_COUNT] = {
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
};

static const char *const door_names[] = {"none", "closed", "open", "locked"};

static const char *const bool_names[] = {"no", "yes"};

static void parse_include(struct parser *p, struct tok *t);
static void parse_record(struct parser *p, struct tok *t);
static void parse_legend(struct parser *p, struct tok *t);
static void parse_map(struct parser *p, struct tok *t);

struct directive {
	const char *name;
	void (*parse)(struct parser *p, struct tok *t);
};

static const struct directive directive_table[] = {
        {"include", parse_include}, {"terrain", parse_record},
        {"key", parse_record},      {"monster", parse_record},
        {"dungeon", parse_record},  {"legend", parse_legend},
        {"MAP", parse_map},
};

#define DIRECTIVE_COUNT (sizeof(directive_table) / sizeof(directive_table[0]))

static void *rec_base(struct data *d, int rec, int index)
{
	switch (rec) {
	case REC_TERRAIN:
		return &d->terrain[index];
	case REC_KEY:
		return &d->keys[index];
	case REC_MONSTER:
		return &d->monsters[index];
	case REC_DUNGEON:
		return d->map;
	}
	return NULL;
}

static int attr_any(const char *name)
{
	size_t i;

	for (i = 0; i < ATTR_COUNT; i++)
		if (!strcmp(attr_table[i].name, name))
			return 1;
	return 0;
}

static const struct attr *attr_find(int rec, const char *name)
{
	size_t i;

	for (i = 0; i < ATTR_COUNT; i++)
		if (attr_table[i].rec == rec &&
		    !strcmp(attr_table[i].name, name))
			return &attr_table[i];
	return NULL;
}

/* Keywords that may start a line inside record rec, for "did you mean". */
static size_t keywords_for(int rec, int with_directives, const char **out)
{
	size_t i, n = 0;

	if (with_directives)
		for (i = 0; i < DIRECTIVE_COUNT; i++)
			out[n++] = directive_table[i].name;
	for (i = 0; i < ATTR_COUNT; i++)
		if (attr_table[i].rec == rec)
			out[n++] = attr_table[i].name;
	return n;
}

static void store_int(void *base, const struct attr *a, long v)
{
	char *f = (char *)base + a->off;

	switch (a->size) {
	case 1: {
		uint8_t x = (uint8_t)v;
		memcpy(f, &x, 1);
		break;
	}
	case 4: {
		int32_t x = (int32_t)v;
		memcpy(f, &x, 4);
		break;
	}
	}
}

static int add_ref(struct parser *p, int kind, int owner, int index, size_t off,
                   const struct tok *t)
{
	struct data_pending *pd = p->d->pending;
	struct ref *r;

	if (pd->nrefs == pd->capref) {
		size_t cap = pd->capref ? pd->capref * 2 : 32;
		struct ref *refs = realloc(pd->refs, cap * sizeof(*refs));

		if (!refs) {
			perr(p, t->col, NULL, "out of memory");
			return -1;
		}
		pd->refs = refs;
		pd->capref = cap;
	}
	r = &pd->refs[pd->nrefs++];
	memset(r, 0, sizeof(*r));
	r->kind = (uint8_t)kind;
	r->owner = (uint8_t)owner;
	r->index = index;
	r->off = off;
	memcpy(r->name, t->s, t->n);
	r->name[t->n] = '\0';
	loc_here(p, t->col, &r->loc);
	return 0;
}

/* A name argument: reports and returns -1 when it is not one. */
static int expect_name(struct parser *p, struct tok *t, const char *what)
{
	char shown[64];

	if (lex(p, t) == TOK_BAD)
		return -1;
	if (t->kind != TOK_WORD) {
		perr(p, t->col, NULL, "expected %s, got %s", what,
		     tok_show(t, shown, sizeof(shown)));
		return -1;
	}
	if (!valid_name(t->s, t->n)) {
		perr(p, t->col, NULL,
		     "'%.40s%s' is not a valid name (letters, digits, '_' "
		     "and '-', starting with a letter, at most %d bytes)",
		     t->s, t->n > 40 ? "..." : "", DATA_NAME_MAX);
		return -1;
	}
	return 0;
}

/* A word argument that must be one of names[0..n); returns its index. */
static int expect_choice(struct parser *p, struct tok *t, const char *attr,
                         const char *const *names, size_t n, size_t first,
                         const char *expect)
{
	char shown[64], hint[96];
	size_t i;

	if (lex(p, t) == TOK_BAD)
		return -1;
	if (t->kind == TOK_WORD)
		for (i = first; i < n; i++)
			if (!strcmp(t->s, names[i]))
				return (int)i;
	perr(p, t->col,
	     t->kind == TOK_WORD ? hint_for(t->s, names + first, n - first,
	                                    hint, sizeof(hint))
	                         : NULL,
	     "'%s' must be %s, got %s", attr, expect,
	     tok_show(t, shown, sizeof(shown)));
	return -1;
}

/* Parses an integer word in [min, max]; returns 0 or -1. */
static int parse_long(const char *s, long min, long max, long *out)
{
	long v = 0;
	int neg = 0;

	if (*s == '-') {
		neg = 1;
		s++;
	}
	if (*s == '\0')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		/* Saturate: anything this big is out of every range. */
		if (v < 1000000000L)
			v = v * 10 + (*s - '0');
	}
	if (neg)
		v = -v;
	if (v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int expect_int(struct parser *p, struct tok *t, const char *attr,
                      long min, long max, long *out)
{
	char shown[64];

	if (lex(p, t) == TOK_BAD)
		return -1;
	if (t->kind == TOK_WORD && parse_long(t->s, min, max, out) == 0)
		return 0;
	perr(p, t->col, NULL, "'%s' must be an integer from %ld to %ld, got %s",
	     attr, min, max, tok_show(t, shown, sizeof(shown)));
	return -1;
}

static int parse_glyph_arg(struct parser *p, struct tok *t, const char *attr,
                           char *out)
{
	char shown[64];

	if (lex(p, t) == TOK_BAD)
		return -1;
	if ((t->kind == TOK_CHAR || (t->kind == TOK_STRING && t->n == 1)) &&
	    t->glyph > 0x20 && t->glyph < 0x7f) {
		*out = t->glyph;
		return 0;
	}
	perr(p, t->col, NULL,
	     "'%s' must be one printable ASCII character in quotes, as in "
	     "'#', got %s",
	     attr, tok_show(t, shown, sizeof(shown)));
	return -1;
}

static int parse_color_arg(struct parser *p, struct tok *t, const char *attr,
                           uint8_t *color, uint8_t *bright)
{
	static const char *const all[] = {
	        "black",        "red",
	        "green",        "yellow",
	        "blue",         "magenta",
	        "cyan",         "white",
	        "bright_black", "bright_red",
	        "bright_green", "bright_yellow",
	        "bright_blue",  "bright_magenta",
	        "bright_cyan",  "bright_white",
	};
	int i = expect_choice(p, t, attr, all, 16, 0,
	                      "a color (black, red, green, yellow, blue, "
	                      "magenta, cyan, white, or bright_ and one of "
	                      "them)");

	if (i < 0)
		return -1;
	*color = (uint8_t)(i % 8);
	*bright = (uint8_t)(i / 8);
	return 0;
}

static int parse_override(struct parser *p, struct tok *t, const struct attr *a)
{
	struct data_monster *m = &p->d->monsters[p->rec_index];
	struct data_override *o;
	char shown[64];
	struct tok name;
	long v;

	if (lex(p, &name) == TOK_BAD)
		return -1;
	if (name.kind != TOK_WORD ||
	    (strcmp(name.s, "*") && !valid_name(name.s, name.n))) {
		perr(p, name.col, NULL,
		     "'cost' needs a terrain name (or '*') and a value, got %s",
		     tok_show(&name, shown, sizeof(shown)));
		return -1;
	}
	if (m->noverrides >= DATA_OVERRIDE_MAX) {
		perr(p, name.col, NULL,
		     "too many cost overrides for one monster (at most %d)",
		     DATA_OVERRIDE_MAX);
		return -1;
	}
	if (lex(p, t) == TOK_BAD)
		return -1;
	if (t->kind == TOK_WORD && !strcmp(t->s, "never")) {
		v = 0;
	} else if (!strcmp(name.s, "*")) {
		perr(p, t->col, NULL, "'cost *' only takes 'never', got %s",
		     tok_show(t, shown, sizeof(shown)));
		return -1;
	} else if (t->kind != TOK_WORD ||
	           parse_long(t->s, 1, DATA_COST_MAX, &v) != 0) {
		perr(p, t->col, NULL,
		     "'cost %s' must be an integer from 1 to %d or 'never', "
		     "got %s",
		     name.s, DATA_COST_MAX, tok_show(t, shown, sizeof(shown)));
		return -1;
	}
	o = &m->overrides[m->noverrides];
	o->cost = (uint8_t)v;
	o->terrain = -1;
	if (strcmp(name.s, "*") &&
	    add_ref(p, REF_TERRAIN, OWN_MONSTER, p->rec_index,
	            a->off + m->noverrides * sizeof(*o) +
	                    offsetof(struct data_override, terrain),
	            &name) != 0)
		return -1;
	m->noverrides++;
	return 0;
}

/* Parses the value(s) of attribute a into the current record. */
static int parse_attr_value(struct parser *p, const struct attr *a)
{
	void *base = rec_base(p->d, p->rec, p->rec_index);
	struct tok t;
	long v;

	switch (a->type) {
	case ARG_GLYPH:
		return parse_glyph_arg(p, &t, a->name, (char *)base + a->off);
	case ARG_COLOR:
		/* bright always follows color in the structs. */
		return parse_color_arg(p, &t, a->name, (uint8_t *)base + a->off,
		                       (uint8_t *)base + a->off + 1);
	case ARG_BOOL:
		v = expect_choice(p, &t, a->name, bool_names, 2, 0,
		                  "'yes' or 'no'");
		if (v < 0)
			return -1;
		store_int(base, a, v);
		return 0;
	case ARG_INT:
		if (expect_int(p, &t, a->name, a->min, a->max, &v) != 0)
			return -1;
		store_int(base, a, v);
		return 0;
	case ARG_DOOR:
		v = expect_choice(p, &t, a->name, door_names, 4, 1,
		                  "closed, open or locked");
		if (v < 0)
			return -1;
		store_int(base, a, v);
		return 0;
	case ARG_TEXT: {
		char **f = (char **)((char *)base + a->off);
		char shown[64];

		if (lex(p, &t) == TOK_BAD)
			return -1;
		if (t.kind != TOK_STRING) {
			perr(p, t.col, NULL,
			     "'%s' must be a string in double quotes, got %s",
			     a->name, tok_show(&t, shown, sizeof(shown)));
			return -1;
		}
		free(*f);
		*f = str_dup_n(t.s, t.n);
		if (!*f) {
			perr(p, t.col, NULL, "out of memory");
			return -1;
		}
		return 0;
	}
	case ARG_TERRAIN_REF:
	case ARG_KEY_REF:
		if (expect_name(p, &t,
		                a->type == ARG_KEY_REF ? "a key name"
		                                       : "a terrain name") != 0)
			return -1;
		return add_ref(p,
		               a->type == ARG_KEY_REF ? REF_KEY : REF_TERRAIN,
		               OWN_TERRAIN, p->rec_index, a->off, &t);
	case ARG_OVERRIDE:
		return parse_override(p, &t, a);
	}
	return -1;
}

/* Checks what a record needs once all its lines are read. */
static void finish_record(struct parser *p)
{
	const char *what = rec_names[p->rec];
	char glyph = 0;
	const char *name = "";

	switch (p->rec) {
	case REC_TERRAIN:
		glyph = p->d->terrain[p->rec_index].glyph;
		name = p->d->terrain[p->rec_index].name;
		break;
	case REC_KEY:
		glyph = p->d->keys[p->rec_index].glyph;
		name = p->d->keys[p->rec_index].name;
		break;
	case REC_MONSTER:
		glyph = p->d->monsters[p->rec_index].glyph;
		name = p->d->monsters[p->rec_index].name;
		break;
	default:
		glyph = 1;
	}
	/* A record whose lines had errors may have lost its glyph to them:
	 * say nothing more about it. */
	if (!glyph && p->diags->errors == p->rec_errors)
		loc_err(p->diags, &p->rec_loc, NULL, "%s '%s' has no glyph",
		        what, name);
	full_check(p);
	p->rec = REC_NONE;
	loc_fini(&p->rec_loc);
}

/* Parses "attr value attr value ..." to the end of the line. */
static void parse_attrs(struct parser *p)
{
	struct tok t;
	char hint[96];

	while (!p->stop && lex(p, &t) == TOK_WORD) {
		const struct attr *a = attr_find(p->rec, t.s);
		uint64_t bit;

		if (!a) {
			const char *cands[ATTR_COUNT + DIRECTIVE_COUNT];
			size_t n = keywords_for(p->rec, 0, cands);
			const char *h =
			        hint_for(t.s, cands, n, hint, sizeof(hint));

			perr(p, t.col, h, "unknown keyword '%.40s' for a %s",
			     t.s, rec_names[p->rec]);
			return;
		}
		bit = (uint64_t)1 << (a - attr_table);
		if ((p->rec_seen & bit) && !a->repeat) {
			perr(p, t.col, NULL, "'%s' is given twice for %s",
			     a->name, rec_names[p->rec]);
			return;
		}
		p->rec_seen |= bit;
		if (parse_attr_value(p, a) != 0)
			return;
	}
	if (t.kind == TOK_CHAR || t.kind == TOK_STRING) {
		char shown[64];

		perr(p, t.col, NULL, "expected a keyword, got %s",
		     tok_show(&t, shown, sizeof(shown)));
	}
}

/* Grows one of struct data's arrays by one zeroed element. */
static void *grow(void **arr, size_t *n, size_t size)
{
	char *a = realloc(*arr, (*n + 1) * size);

	if (!a)
		return NULL;
	*arr = a;
	memset(a + *n * size, 0, size);
	return a + (*n)++ * size;
}

static const struct data_src *find_src(struct data *d, int rec,
                                       const char *name)
{
	size_t i;

	switch (rec) {
	case REC_TERRAIN:
		for (i = 0; i < d->nterrain; i++)
			if (!strcmp(d->terrain[i].name, name))
				return &d->terrain[i].src;
		break;
	case REC_KEY:
		for (i = 0; i < d->nkeys; i++)
			if (!strcmp(d->keys[i].name, name))
				return &d->keys[i].src;
		break;
	case REC_MONSTER:
		for (i = 0; i < d->nmonsters; i++)
			if (!strcmp(d->monsters[i].name, name))
				return &d->monsters[i].src;
		break;
	case REC_DUNGEON:
		if (d->map)
			return &d->map->src;
		break;
	}
	return NULL;
}

/* "terrain NAME attr value ..." and the other record headers. */
static void parse_record(struct parser *p, struct tok *kw)
{
	static const size_t limits[] = {0, DATA_TERRAIN_MAX, DATA_KEY_MAX,
	                                DATA_MONSTER_MAX, 1};
	struct data *d = p->d;
	const struct data_src *prev;
	int rec = REC_NONE;
	struct data_src src;
	struct tok t;
	void *item = NULL;
	size_t count = 0;

	for (rec = REC_TERRAIN; rec <= REC_DUNGEON; rec++)
		if (!strcmp(kw->s, rec_names[rec]))
			break;
	if (expect_name(p, &t,
	                rec == REC_DUNGEON ? "a dungeon name" : "a name") != 0)
		return;
	prev = find_src(d, rec, t.s);
	if (prev && rec == REC_DUNGEON) {
		perr(p, kw->col, NULL,
		     "a second dungeon '%s' (the first is '%s' at %s:%d; "
		     "one dungeon per map file)",
		     t.s, d->map->name, prev->file, prev->line);
		return;
	}
	if (prev) {
		perr(p, t.col, NULL,
		     "duplicate %s '%s' (first defined at %s:%d)",
		     rec_names[rec], t.s, prev->file, prev->line);
		return;
	}
	switch (rec) {
	case REC_TERRAIN:
		count = d->nterrain;
		break;
	case REC_KEY:
		count = d->nkeys;
		break;
	case REC_MONSTER:
		count = d->nmonsters;
		break;
	case REC_DUNGEON:
		count = d->map ? 1 : 0;
		break;
	}
	if (count >= limits[rec]) {
		perr(p, kw->col, NULL, "too many %s records (at most %zu)",
		     rec_names[rec], limits[rec]);
		return;
	}
	src.file = p->file;
	src.line = p->lineno;
	src.col = kw->col;
	switch (rec) {
	case REC_TERRAIN: {
		struct data_terrain *x =
		        grow((void **)&d->terrain, &d->nterrain, sizeof(*x));
		if (x) {
			x->walk = 1;
			x->cost = 1;
			x->color = DATA_COLOR_WHITE;
			x->bump_opens = 1;
			x->opens_to = x->closes_to = x->unlocked_by = -1;
		}
		item = x;
		break;
	}
	case REC_KEY: {
		struct data_key *x =
		        grow((void **)&d->keys, &d->nkeys, sizeof(*x));
		if (x)
			x->color = DATA_COLOR_YELLOW;
		item = x;
		break;
	}
	case REC_MONSTER: {
		struct data_monster *x =
		        grow((void **)&d->monsters, &d->nmonsters, sizeof(*x));
		if (x) {
			x->color = DATA_COLOR_WHITE;
			x->speed = 100;
			x->hp = 10;
			x->attack = 1;
			x->sight = 8;
			x->drift = 2;
		}
		item = x;
		break;
	}
	case REC_DUNGEON:
		d->map = calloc(1, sizeof(*d->map));
		if (d->map) {
			d->map->player_x = d->map->player_y = -1;
			loc_here(p, kw->col, &d->pending->dungeon_loc);
			d->pending->dungeon_seen = 1;
		}
		item = d->map;
		break;
	}
	if (!item) {
		perr(p, kw->col, NULL, "out of memory");
		return;
	}
	/* Every record struct starts with its name. */
	memcpy(item, t.s, t.n);
	((char *)item)[t.n] = '\0';
	switch (rec) {
	case REC_TERRAIN:
		d->terrain[d->nterrain - 1].src = src;
		break;
	case REC_KEY:
		d->keys[d->nkeys - 1].src = src;
		break;
	case REC_MONSTER:
		d->monsters[d->nmonsters - 1].src = src;
		break;
	case REC_DUNGEON:
		d->map->src = src;
		break;
	}
	p->rec = rec;
	p->rec_index = (int)count;
	p->rec_seen = 0;
	p->rec_errors = p->diags->errors;
	loc_here(p, kw->col, &p->rec_loc);
	parse_attrs(p);
}

static const char *const place_names[] = {"", "player", "monster", "key",
                                          "exit"};

/* "legend GLYPH TERRAIN [player | exit | monster NAME | key NAME]" */
static void parse_legend(struct parser *p, struct tok *kw)
{
	struct data_pending *pd = p->d->pending;
	struct legend *e;
	struct tok t, g;
	char shown[64], glyph;
	int place = DATA_PLACE_NONE;

	if (!pd->dungeon_seen) {
		perr(p, kw->col, NULL,
		     "'legend' outside a dungeon (start one with 'dungeon "
		     "NAME')");
		return;
	}
	if (parse_glyph_arg(p, &g, "legend", &glyph) != 0)
		return;
	e = &pd->legend[(unsigned char)glyph];
	if (e->defined) {
		perr(p, g.col, NULL,
		     "glyph '%c' is already in the legend (line %d)", glyph,
		     e->loc.line);
		return;
	}
	memset(e, 0, sizeof(*e));
	e->terrain = -1;
	e->what = -1;
	if (expect_name(p, &t, "a terrain name") != 0)
		return;
	e->defined = 1;
	loc_here(p, g.col, &e->loc);
	if (add_ref(p, REF_TERRAIN, OWN_LEGEND, (unsigned char)glyph,
	            offsetof(struct legend, terrain), &t) != 0)
		return;
	if (lex(p, &t) == TOK_BAD || t.kind == TOK_END)
		return;
	p->pos = (size_t)t.col - 1;
	place = expect_choice(p, &t, "legend", place_names, 5, 1,
	                      "player, exit, monster NAME or key NAME after "
	                      "the terrain");
	if (place < 0) {
		e->broken = 1;
		return;
	}
	e->place = place;
	if (place == DATA_PLACE_MONSTER || place == DATA_PLACE_KEY) {
		if (expect_name(p, &t,
		                place == DATA_PLACE_KEY
		                        ? "a key name"
		                        : "a monster name") != 0) {
			e->broken = 1;
			return;
		}
		if (add_ref(p, place == DATA_PLACE_KEY ? REF_KEY : REF_MONSTER,
		            OWN_LEGEND, (unsigned char)glyph,
		            offsetof(struct legend, what), &t) != 0)
			return;
	}
	if (lex(p, &t) != TOK_END && t.kind != TOK_BAD)
		perr(p, t.col, NULL, "unexpected %s at the end of the legend",
		     tok_show(&t, shown, sizeof(shown)));
}

static void parse_map(struct parser *p, struct tok *kw)
{
	struct data_pending *pd = p->d->pending;
	struct tok t;
	char shown[64];

	if (lex(p, &t) != TOK_END) {
		if (t.kind != TOK_BAD)
			perr(p, t.col, NULL,
			     "unexpected %s after MAP (the rows start on the "
			     "next line)",
			     tok_show(&t, shown, sizeof(shown)));
	}
	p->in_map = 1;
	if (!pd->dungeon_seen) {
		perr(p, kw->col, NULL,
		     "MAP outside a dungeon (start one with 'dungeon NAME')");
		pd->map_broken = 1;
	}
	if (pd->map_seen) {
		perr(p, kw->col, NULL,
		     "a second MAP block (the first is at line %d)",
		     pd->map_loc.line);
		/* Read it as rows to find its ENDMAP, but keep the first. */
		p->in_map = 2;
		return;
	}
	pd->map_seen = 1;
	loc_here(p, kw->col, &pd->map_loc);
	pd->first_row_line = p->lineno + 1;
}

static void parse_map_row(struct parser *p)
{
	struct data_pending *pd = p->d->pending;
	size_t n = p->len, i;
	char *rows;

	while (n > 0 && is_space(p->line[n - 1]))
		n--;
	if (n == 6 && !memcmp(p->line, "ENDMAP", 6)) {
		if (pd->height == 0 && !pd->map_broken && p->in_map == 1) {
			perr(p, 1, NULL, "the MAP block has no rows");
			pd->map_broken = 1;
		}
		p->in_map = 0;
		return;
	}
	if (p->in_map == 2 || pd->map_broken)
		return;
	for (i = 0; i < p->len; i++) {
		if ((unsigned char)p->line[i] >= 0x80) {
			perr(p, (int)i + 1, NULL,
			     "byte 0x%02x in a map row (glyphs are ASCII)",
			     (unsigned char)p->line[i]);
			pd->map_broken = 1;
			return;
		}
	}
	if (pd->height == 0) {
		if (p->len == 0) {
			perr(p, 1, NULL, "empty map row");
			pd->map_broken = 1;
			return;
		}
		if (p->len > DATA_MAP_MAX_DIM) {
			perr(p, DATA_MAP_MAX_DIM + 1, NULL,
			     "map is wider than %d columns", DATA_MAP_MAX_DIM);
			pd->map_broken = 1;
			return;
		}
		pd->width = (int)p->len;
	} else if (p->len != (size_t)pd->width) {
		perr(p,
		     (int)(p->len < (size_t)pd->width ? p->len
		                                      : (size_t)pd->width) +
		             1,
		     NULL,
		     "map row is %zu columns wide but the first row is %d "
		     "(maps must be rectangular)",
		     p->len, pd->width);
		pd->map_broken = 1;
		return;
	}
	if (pd->height >= DATA_MAP_MAX_DIM) {
		perr(p, 1, NULL, "map has more than %d rows", DATA_MAP_MAX_DIM);
		pd->map_broken = 1;
		return;
	}
	rows = realloc(pd->rows, (size_t)(pd->height + 1) * (size_t)pd->width);
	if (!rows) {
		perr(p, 1, NULL, "out of memory");
		pd->map_broken = 1;
		return;
	}
	memcpy(rows + (size_t)pd->height * (size_t)pd->width, p->line, p->len);
	pd->rows = rows;
	pd->height++;
}

/* ---- files and includes ------------------------------------------------ */

static void parse_buffer(struct parser *p, const char *buf, size_t len);
static struct data_file *file_intern(struct data *d, const char *path);

/* Reads a whole regular file into *out.  On failure returns -1 with a
 * message in msg. */
static int read_file(const char *path, char **out, size_t *len, struct stat *st,
                     char *msg, size_t size)
{
	/* O_NONBLOCK: opening a FIFO must not hang the check. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	char *buf;
	size_t n = 0;

	if (fd < 0) {
		snprintf(msg, size, "cannot open '%s': %s", path,
		         strerror(errno));
		return -1;
	}
	if (fstat(fd, st) != 0) {
		snprintf(msg, size, "cannot read '%s': %s", path,
		         strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		snprintf(msg, size, "cannot read '%s': %s", path,
		         S_ISDIR(st->st_mode) ? "it is a directory"
		                              : "not a regular file");
		close(fd);
		return -1;
	}
	if (st->st_size > DATA_FILE_MAX) {
		snprintf(msg, size, "'%s' is larger than %ld MiB", path,
		         DATA_FILE_MAX >> 20);
		close(fd);
		return -1;
	}
	buf = malloc((size_t)st->st_size + 1);
	if (!buf) {
		snprintf(msg, size, "out of memory reading '%s'", path);
		close(fd);
		return -1;
	}
	/* The size may change under us: read at most what fstat said. */
	while (n < (size_t)st->st_size) {
		ssize_t r = read(fd, buf + n, (size_t)st->st_size - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			snprintf(msg, size, "cannot read '%s': %s", path,
			         strerror(errno));
			free(buf);
			close(fd);
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	*out = buf;
	*len = n;
	return 0;
}

/* Joins an include's path to the directory of the including file. */
static char *include_path(const char *from, const char *rel)
{
	const char *slash = strrchr(from, '/');
	size_t dir = slash ? (size_t)(slash - from) + 1 : 0;
	size_t n = strlen(rel);
	char *s;

	if (rel[0] == '/')
		dir = 0;
	s = malloc(dir + n + 1);
	if (!s)
		return NULL;
	memcpy(s, from, dir);
	memcpy(s + dir, rel, n + 1);
	return s;
}

/* Reads one file as part of p: the top file (loc NULL) or an include. */
static void load_file(struct parser *p, const char *path, const struct tok *at)
{
	struct parser saved = *p;
	struct data_file *f;
	struct stat st;
	char msg[512 + PATH_MAX];
	char *buf = NULL;
	size_t len = 0;
	int i;

	if (read_file(path, &buf, &len, &st, msg, sizeof(msg)) != 0) {
		if (at)
			perr(p, at->col, NULL, "%s", msg);
		else
			diag_add(p->diags, DIAG_ERROR, path, 1, 1, NULL, 0,
			         NULL, "%s", msg);
		full_check(p);
		return;
	}
	for (i = 0; i < p->nstack; i++) {
		if (p->stack[i]->has_id && p->stack[i]->dev == st.st_dev &&
		    p->stack[i]->ino == st.st_ino) {
			perr(p, at ? at->col : 1, NULL,
			     "include cycle: '%s' is already being read "
			     "(it includes itself)",
			     path);
			free(buf);
			return;
		}
	}
	for (f = p->d->files; f; f = f->next) {
		if (f->has_id && f->dev == st.st_dev && f->ino == st.st_ino) {
			/* Include once: a second include adds nothing. */
			free(buf);
			return;
		}
	}
	f = file_intern(p->d, path);
	if (!f) {
		perr(p, at ? at->col : 1, NULL, "out of memory");
		free(buf);
		return;
	}
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	f->has_id = 1;
	p->stack[p->nstack++] = f;
	p->file = f->path;
	p->rec = REC_NONE;
	p->in_map = 0;
	parse_buffer(p, buf, len);
	free(buf);
	saved.stop = p->stop;
	*p = saved;
}

static void parse_include(struct parser *p, struct tok *kw)
{
	struct tok t;
	char shown[64];
	char *path;

	if (lex(p, &t) == TOK_BAD)
		return;
	if (t.kind != TOK_STRING || t.n == 0 || memchr(t.s, '\0', t.n)) {
		perr(p, t.col, NULL,
		     "'include' needs a file name in double quotes, got %s",
		     tok_show(&t, shown, sizeof(shown)));
		return;
	}
	if (p->depth >= DATA_INCLUDE_DEPTH) {
		perr(p, kw->col, NULL, "includes nested deeper than %d levels",
		     DATA_INCLUDE_DEPTH);
		return;
	}
	{
		struct tok rest;

		if (lex(p, &rest) != TOK_END) {
			if (rest.kind != TOK_BAD)
				perr(p, rest.col, NULL,
				     "unexpected %s after the include",
				     tok_show(&rest, shown, sizeof(shown)));
			return;
		}
	}
	path = include_path(p->file, t.s);
	if (!path) {
		perr(p, t.col, NULL, "out of memory");
		return;
	}
	p->depth++;
	load_file(p, path, &t);
	p->depth--;
	free(path);
}

static void parse_line(struct parser *p)
{
	struct tok t;
	char hint[96];
	size_t i;

	p->pos = 0;
	if (lex(p, &t) == TOK_END || t.kind == TOK_BAD)
		return;
	p->records++;
	if (t.kind != TOK_WORD) {
		char shown[64];

		perr(p, t.col, NULL, "expected a keyword, got %s",
		     tok_show(&t, shown, sizeof(shown)));
		return;
	}
	for (i = 0; i < DIRECTIVE_COUNT; i++) {
		if (!strcmp(t.s, directive_table[i].name)) {
			if (p->rec != REC_NONE)
				finish_record(p);
			p->rec_skip = 1;
			directive_table[i].parse(p, &t);
			if (p->rec != REC_NONE)
				p->rec_skip = 0;
			return;
		}
	}
	if (p->rec == REC_NONE && p->rec_skip && attr_any(t.s))
		return;
	if (p->rec != REC_NONE && attr_find(p->rec, t.s)) {
		p->pos = (size_t)t.col - 1;
		parse_attrs(p);
		return;
	}
	{
		const char *cands[ATTR_COUNT + DIRECTIVE_COUNT];
		size_t n = keywords_for(p->rec, 1, cands);
		const char *h = hint_for(t.s, cands, n, hint, sizeof(hint));

		if (p->rec == REC_NONE && attr_any(t.s))
			perr(p, t.col, NULL,
			     "'%s' outside a record (start one with "
			     "'terrain NAME', 'monster NAME', ...)",
			     t.s);
		else
			perr(p, t.col, h, "unknown keyword '%.40s%s'", t.s,
			     t.n > 40 ? "..." : "");
	}
}

static void parse_buffer(struct parser *p, const char *buf, size_t len)
{
	size_t start = 0, errors;
	int lineno = 0;

	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		start = 3;
	if (len == start) {
		diag_add(p->diags, DIAG_ERROR, p->file, 1, 1, NULL, 0, NULL,
		         "file is empty");
		full_check(p);
		return;
	}
	p->records = 0;
	errors = p->diags->errors;
	while (start < len && !p->stop) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;
		size_t n = end - start, i;

		lineno++;
		if (n > 0 && buf[end - 1] == '\r')
			n--;
		p->line = buf + start;
		p->len = n > DATA_LINE_MAX ? DATA_LINE_MAX : n;
		p->lineno = lineno;
		start = end + 1;
		if (n > DATA_LINE_MAX) {
			perr(p, DATA_LINE_MAX + 1, NULL,
			     "line is longer than %d bytes", DATA_LINE_MAX);
			if (p->in_map)
				p->d->pending->map_broken = 1;
			continue;
		}
		for (i = 0; i < n; i++) {
			unsigned char c = (unsigned char)p->line[i];

			if (c == '\t' || (c >= 0x20 && c != 0x7f))
				continue;
			if (c == 0)
				perr(p, (int)i + 1, NULL,
				     "NUL byte in the file (is it a binary "
				     "file?)");
			else if (c == '\r')
				perr(p, (int)i + 1, NULL,
				     "carriage return in the middle of a line");
			else
				perr(p, (int)i + 1, NULL,
				     "control character 0x%02x in the file "
				     "(is it a binary file?)",
				     c);
			/* A binary file would give an error per line:
			 * one is enough. */
			if (p->in_map)
				p->d->pending->map_broken = 1;
			goto done;
		}
		if (p->in_map)
			parse_map_row(p);
		else
			parse_line(p);
	}
done:
	if (p->rec != REC_NONE)
		finish_record(p);
	if (p->in_map && !p->stop) {
		struct data_pending *pd = p->d->pending;

		if (p->in_map == 1)
			loc_err(p->diags, &pd->map_loc, NULL,
			        "MAP block is not closed (no ENDMAP line)");
		pd->map_broken = 1;
		p->in_map = 0;
	}
	if (p->records == 0 && !p->stop && p->diags->errors == errors) {
		diag_add(p->diags, DIAG_ERROR, p->file, 1, 1, NULL, 0, NULL,
		         "file has no records (only blank lines and "
		         "comments)");
		full_check(p);
	}
}

static struct data_file *file_intern(struct data *d, const char *path)
{
	struct data_file *f = calloc(1, sizeof(*f)), **tail;

	if (!f)
		return NULL;
	f->path = str_dup_n(path, strlen(path));
	if (!f->path) {
		free(f);
		return NULL;
	}
	/* Appended, so the list is in reading order. */
	for (tail = &d->files; *tail; tail = &(*tail)->next)
		;
	*tail = f;
	return f;
}

const char *data_file_name(struct data *d, const char *path)
{
	struct data_file *f;

	for (f = d->files; f; f = f->next)
		if (!strcmp(f->path, path))
			return f->path;
	f = file_intern(d, path);
	return f ? f->path : NULL;
}

size_t data_file_count(const struct data *d)
{
	const struct data_file *f;
	size_t n = 0;

	for (f = d ? d->files : NULL; f; f = f->next)
		n++;
	return n;
}

const char *data_file_path(const struct data *d, size_t i)
{
	const struct data_file *f;

	for (f = d ? d->files : NULL; f; f = f->next)
		if (i-- == 0)
			return f->path;
	return NULL;
}

/* ---- resolving names and checking the dungeon ---------------------------
 */

int data_terrain_find(const struct data *d, const char *name)
{
	size_t i;

	for (i = 0; i < d->nterrain; i++)
		if (!strcmp(d->terrain[i].name, name))
			return (int)i;
	return -1;
}

int data_key_find(const struct data *d, const char *name)
{
	size_t i;

	for (i = 0; i < d->nkeys; i++)
		if (!strcmp(d->keys[i].name, name))
			return (int)i;
	return -1;
}

int data_monster_find(const struct data *d, const char *name)
{
	size_t i;

	for (i = 0; i < d->nmonsters; i++)
		if (!strcmp(d->monsters[i].name, name))
			return (int)i;
	return -1;
}

static void resolve_refs(struct data *d, struct diag_list *dl)
{
	struct data_pending *pd = d->pending;
	static const char *const kind_names[] = {"terrain", "key", "monster"};
	const char **cands;
	size_t i, max = d->nterrain + d->nkeys + d->nmonsters + 1;

	cands = malloc(max * sizeof(*cands));
	for (i = 0; i < pd->nrefs; i++) {
		struct ref *r = &pd->refs[i];
		size_t n = 0, j;
		int idx = -1;
		char hint[96];
		char *base;

		switch (r->kind) {
		case REF_TERRAIN:
			idx = data_terrain_find(d, r->name);
			for (j = 0; cands && j < d->nterrain; j++)
				cands[n++] = d->terrain[j].name;
			break;
		case REF_KEY:
			idx = data_key_find(d, r->name);
			for (j = 0; cands && j < d->nkeys; j++)
				cands[n++] = d->keys[j].name;
			break;
		case REF_MONSTER:
			idx = data_monster_find(d, r->name);
			for (j = 0; cands && j < d->nmonsters; j++)
				cands[n++] = d->monsters[j].name;
			break;
		}
		if (idx < 0) {
			loc_err(dl, &r->loc,
			        cands ? hint_for(r->name, cands, n, hint,
			                         sizeof(hint))
			              : NULL,
			        "unknown %s '%s'", kind_names[r->kind],
			        r->name);
			if (r->owner == OWN_LEGEND)
				pd->legend[r->index].broken = 1;
			continue;
		}
		switch (r->owner) {
		case OWN_TERRAIN:
			base = (char *)&d->terrain[r->index];
			break;
		case OWN_MONSTER:
			base = (char *)&d->monsters[r->index];
			break;
		default:
			base = (char *)&pd->legend[r->index];
			break;
		}
		memcpy(base + r->off, &idx, sizeof(idx));
	}
	free(cands);
}

__attribute__((format(printf, 3, 4))) static void
src_err(struct diag_list *dl, const struct data_src *s, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_add(dl, DIAG_ERROR, s->file, s->line, s->col, NULL, 0, NULL, "%s",
	         msg);
}

static void check_terrain(struct data *d, struct diag_list *dl)
{
	size_t i;

	for (i = 0; i < d->nterrain; i++) {
		struct data_terrain *t = &d->terrain[i];

		if ((t->door == DATA_DOOR_CLOSED ||
		     t->door == DATA_DOOR_LOCKED) &&
		    t->opens_to < 0)
			src_err(dl, &t->src,
			        "door '%s' needs 'opens_to' (the terrain it "
			        "becomes when opened)",
			        t->name);
		if (t->opens_to >= 0 &&
		    d->terrain[t->opens_to].door != DATA_DOOR_OPEN)
			src_err(dl, &t->src,
			        "'opens_to' of '%s' names '%s', which is not "
			        "a 'door open' terrain",
			        t->name, d->terrain[t->opens_to].name);
		if (t->closes_to >= 0 &&
		    d->terrain[t->closes_to].door != DATA_DOOR_CLOSED &&
		    d->terrain[t->closes_to].door != DATA_DOOR_LOCKED)
			src_err(dl, &t->src,
			        "'closes_to' of '%s' names '%s', which is not "
			        "a closed or locked door",
			        t->name, d->terrain[t->closes_to].name);
		if (t->door == DATA_DOOR_LOCKED && t->unlocked_by < 0)
			src_err(dl, &t->src,
			        "locked door '%s' needs 'unlocked_by' (the key "
			        "that opens it)",
			        t->name);
		if (t->door != DATA_DOOR_LOCKED && t->unlocked_by >= 0)
			src_err(dl, &t->src,
			        "'%s' has 'unlocked_by' but is not 'door "
			        "locked'",
			        t->name);
	}
}

static void cell_err(struct diag_list *dl, enum diag_severity sev,
                     const struct data_map *m, int x, int y, const char *msg)
{
	const char *row = m->glyphs + (size_t)y * (size_t)m->width;

	diag_add(dl, sev, m->src.file, m->first_row_line + y, x + 1, row,
	         (size_t)m->width, NULL, "%s", msg);
}

static void build_map(struct data *d, struct diag_list *dl)
{
	struct data_pending *pd = d->pending;
	struct data_map *m = d->map;
	unsigned char seen[128] = {0};
	size_t ncells, i;
	int x, y, nplayer = 0, nexit = 0, px = -1, py = -1;
	char msg[256], g[32];

	if (!m)
		return;
	if (!pd->map_seen) {
		loc_err(dl, &pd->dungeon_loc, NULL,
		        "dungeon '%s' has no MAP block", m->name);
		return;
	}
	if (pd->map_broken)
		return;
	m->width = pd->width;
	m->height = pd->height;
	m->first_row_line = pd->first_row_line;
	m->glyphs = pd->rows;
	pd->rows = NULL;
	ncells = (size_t)m->width * (size_t)m->height;
	m->cells = calloc(ncells ? ncells : 1, 1);
	if (!m->cells) {
		loc_err(dl, &pd->map_loc, NULL, "out of memory");
		return;
	}
	for (y = 0; y < m->height; y++) {
		for (x = 0; x < m->width; x++) {
			unsigned char c =
			        (unsigned char)
			                m->glyphs[(size_t)y * m->width + x];
			struct legend *e = &pd->legend[c & 0x7f];
			struct data_place *pl;

			if (!e->defined) {
				if (!seen[c & 0x7f]) {
					seen[c & 0x7f] = 1;
					snprintf(msg, sizeof(msg),
					         "unknown glyph %s (not in "
					         "the legend)",
					         glyph_show(c, g, sizeof(g)));
					cell_err(dl, DIAG_ERROR, m, x, y, msg);
				}
				continue;
			}
			if (e->broken || e->terrain < 0)
				continue;
			m->cells[(size_t)y * m->width + x] =
			        (uint8_t)e->terrain;
			if (e->place == DATA_PLACE_NONE)
				continue;
			if (e->place == DATA_PLACE_PLAYER) {
				if (nplayer++ > 0) {
					snprintf(msg, sizeof(msg),
					         "a second player start (the "
					         "first is at %d:%d)",
					         m->first_row_line + py,
					         px + 1);
					cell_err(dl, DIAG_ERROR, m, x, y, msg);
					continue;
				}
				px = x;
				py = y;
			}
			if (e->place == DATA_PLACE_EXIT)
				nexit++;
			if (m->nplaces >= DATA_PLACE_MAX) {
				if (m->nplaces++ == DATA_PLACE_MAX)
					cell_err(dl, DIAG_ERROR, m, x, y,
					         "too many things placed on "
					         "the map");
				continue;
			}
			pl = grow((void **)&m->places, &m->nplaces,
			          sizeof(*pl));
			if (!pl) {
				cell_err(dl, DIAG_ERROR, m, x, y,
				         "out of memory");
				return;
			}
			pl->kind = (uint8_t)e->place;
			pl->what = e->what;
			pl->x = x;
			pl->y = y;
		}
	}
	if (m->nplaces > DATA_PLACE_MAX)
		m->nplaces = DATA_PLACE_MAX;
	m->player_x = px;
	m->player_y = py;
	if (nplayer == 0) {
		for (i = 0; i < 128; i++)
			if (pd->legend[i].defined &&
			    pd->legend[i].place == DATA_PLACE_PLAYER)
				break;
		if (i < 128)
			snprintf(msg, sizeof(msg),
			         "no player start: the player's glyph '%c' is "
			         "not on the map",
			         (int)i);
		else
			snprintf(msg, sizeof(msg),
			         "no player start: no legend entry places the "
			         "player");
		loc_err(dl, &pd->map_loc, NULL, "%s", msg);
	}
	if (nexit == 0)
		loc_err(dl, &pd->map_loc, NULL,
		        "no exit: no legend entry with 'exit' is on the map");
	/* Everything placed must stand on a cell it may be on. */
	for (i = 0; i < m->nplaces; i++) {
		struct data_place *pl = &m->places[i];
		int t = m->cells[(size_t)pl->y * m->width + pl->x];
		const struct data_terrain *tt = &d->terrain[t];
		char who[64];
		int ok = tt->walk;

		if (pl->what < 0 && (pl->kind == DATA_PLACE_MONSTER ||
		                     pl->kind == DATA_PLACE_KEY))
			continue;
		switch (pl->kind) {
		case DATA_PLACE_MONSTER:
			snprintf(who, sizeof(who), "monster '%s'",
			         d->monsters[pl->what].name);
			ok = data_terrain_cost(d, &d->monsters[pl->what], 0,
			                       t) != 0;
			break;
		case DATA_PLACE_KEY:
			snprintf(who, sizeof(who), "key '%s'",
			         d->keys[pl->what].name);
			break;
		case DATA_PLACE_EXIT:
			snprintf(who, sizeof(who), "the exit");
			break;
		default:
			snprintf(who, sizeof(who), "the player");
			break;
		}
		if (tt->door == DATA_DOOR_CLOSED ||
		    tt->door == DATA_DOOR_LOCKED)
			ok = 0;
		if (!ok) {
			snprintf(msg, sizeof(msg), "%s cannot stand on '%s'",
			         who, tt->name);
			cell_err(dl, DIAG_ERROR, m, pl->x, pl->y, msg);
		}
	}
}

static void pending_free(struct data_pending *pd)
{
	size_t i;

	if (!pd)
		return;
	for (i = 0; i < pd->nrefs; i++)
		loc_fini(&pd->refs[i].loc);
	for (i = 0; i < 128; i++)
		loc_fini(&pd->legend[i].loc);
	loc_fini(&pd->map_loc);
	loc_fini(&pd->dungeon_loc);
	free(pd->refs);
	free(pd->rows);
	free(pd);
}

static int file_rank(const struct data *d, const char *file)
{
	const struct data_file *f;
	int i = 0;

	for (f = d->files; f; f = f->next, i++)
		if (!strcmp(f->path, file))
			return i;
	return i;
}

/* Puts the problems of one load in reading order (file, line, column):
 * names are checked after all files are read, but a reader wants them
 * next to the lines around them.  Insertion sort: it is stable, and the
 * list is short and nearly sorted. */
static void sort_diags(const struct data *d, struct diag_list *dl, size_t from)
{
	size_t i, j;

	for (i = from + 1; i < dl->len; i++) {
		struct diag x = dl->items[i];
		int rx = file_rank(d, x.file);

		for (j = i; j > from; j--) {
			const struct diag *y = &dl->items[j - 1];
			int ry = file_rank(d, y->file);

			if (ry < rx || (ry == rx && (y->line < x.line ||
			                             (y->line == x.line &&
			                              y->col <= x.col))))
				break;
			dl->items[j] = *y;
		}
		dl->items[j] = x;
	}
}

static int load_common(struct data *d, const char *name, const char *buf,
                       size_t len, struct diag_list *diags)
{
	struct parser p;
	size_t errors = diags->errors, first = diags->len;

	memset(&p, 0, sizeof(p));
	p.d = d;
	p.diags = diags;
	if (d->pending)
		pending_free(d->pending);
	d->pending = calloc(1, sizeof(*d->pending));
	if (!d->pending) {
		diag_add(diags, DIAG_ERROR, name, 1, 1, NULL, 0, NULL,
		         "out of memory");
		return -1;
	}
	if (d->map) {
		/* One dungeon per struct data: a second load adds kinds. */
		d->pending->dungeon_seen = 1;
		d->pending->map_seen = 1;
		d->pending->map_broken = 1;
	}
	full_check(&p);
	if (buf) {
		struct data_file *f = file_intern(d, name);

		if (!f) {
			diag_add(diags, DIAG_ERROR, name, 1, 1, NULL, 0, NULL,
			         "out of memory");
		} else {
			p.file = f->path;
			p.stack[p.nstack++] = f;
			parse_buffer(&p, buf, len);
		}
	} else {
		load_file(&p, name, NULL);
	}
	loc_fini(&p.rec_loc);
	if (!p.stop) {
		resolve_refs(d, diags);
		check_terrain(d, diags);
		if (d->map && !d->map->cells)
			build_map(d, diags);
	}
	pending_free(d->pending);
	d->pending = NULL;
	sort_diags(d, diags, first);
	return diags->errors == errors ? 0 : -1;
}

int data_load(struct data *d, const char *path, struct diag_list *diags)
{
	return load_common(d, path, NULL, 0, diags);
}

int data_load_buffer(struct data *d, const char *name, const char *buf,
                     size_t len, struct diag_list *diags)
{
	return load_common(d, name, buf ? buf : "", buf ? len : 0, diags);
}

/* ---- lifetime ---------------------------------------------------------- */

struct data *data_new(void)
{
	return calloc(1, sizeof(struct data));
}

static void map_free(struct data_map *m)
{
	if (!m)
		return;
	free(m->title);
	free(m->description);
	free(m->cells);
	free(m->glyphs);
	free(m->places);
	free(m);
}

void data_free(struct data *d)
{
	struct data_file *f, *next;
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->nterrain; i++)
		free(d->terrain[i].description);
	for (i = 0; i < d->nkeys; i++)
		free(d->keys[i].description);
	for (i = 0; i < d->nmonsters; i++)
		free(d->monsters[i].description);
	free(d->terrain);
	free(d->keys);
	free(d->monsters);
	map_free(d->map);
	pending_free(d->pending);
	for (f = d->files; f; f = next) {
		next = f->next;
		free(f->path);
		free(f);
	}
	free(d);
}

const char *data_color_name(enum data_color c)
{
	return (unsigned)c < DATA_COLOR_COUNT ? color_names[c] : "?";
}
