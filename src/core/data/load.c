/* SPDX-License-Identifier: MIT */
/* load.c - reading data files: a file and the files it includes, line by
 * line.  A line is a directive (include, a record header, legend, MAP),
 * more keywords of the record above it, or a row of a MAP block.  Then
 * the whole load around it: names resolved, the terrain checked, the
 * dungeon built, and the problems put in reading order. */
#include "data_impl.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/base/file.h"
#include "core/base/utf8.h"

static void load_include(struct parser *p, struct tok *kw);

struct load_directive {
	const char *name;
	void (*parse)(struct parser *p, struct tok *kw);
};

/* The order is the one "did you mean" weighs them in, before the
 * keywords of the record being read. */
static const struct load_directive load_directives[] = {
        {"include", load_include}, {"terrain", record_parse},
        {"key", record_parse},     {"monster", record_parse},
        {"dungeon", record_parse}, {"legend", map_legend},
        {"MAP", map_begin},        {"page", record_parse},
        {"player", record_parse},  {"vary", vary_parse},
        {"deal", vary_parse},      {"shuffle", vary_parse},
        {"level", record_parse},
};

#define LOAD_DIRECTIVE_COUNT                                                   \
	(sizeof(load_directives) / sizeof(load_directives[0]))

/* ---- files and includes ------------------------------------------------ */

/* Joins an include's path to the directory of the including file. */
static char *load_include_path(const char *from, const char *rel)
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

static int load_same_file(const struct data_file *f, const struct stat *st)
{
	return f->has_id && f->dev == st->st_dev && f->ino == st->st_ino;
}

/* 1 when the file st is one of those being read: it includes itself. */
static int load_in_cycle(const struct parser *p, const struct stat *st)
{
	int i;

	for (i = 0; i < p->nstack; i++)
		if (load_same_file(p->stack[i], st))
			return 1;
	return 0;
}

/* 1 when the file st has been read into d before. */
static int load_was_read(const struct data *d, const struct stat *st)
{
	const struct data_file *f;

	for (f = d->files; f; f = f->next)
		if (load_same_file(f, st))
			return 1;
	return 0;
}

static void load_buffer(struct parser *p, const char *buf, size_t len);

/* Reads one file as part of p: the top file (at NULL) or an include (at:
 * the file name's token in the include line). */
static void load_file(struct parser *p, const char *path, const struct tok *at)
{
	struct parser saved = *p;
	struct data_file *f;
	struct stat st;
	char msg[512 + PATH_MAX];
	char *buf = NULL;
	size_t len = 0;

	if (file_read(path, DATA_FILE_MAX, &buf, &len, &st, msg, sizeof(msg)) !=
	    FILE_OK) {
		/* The include line, or the whole top file (line 0). */
		if (at)
			problem_here(p, at->col, NULL, "%s", msg);
		else
			diag_add(p->diags, DIAG_ERROR, path, 0, 0, NULL, 0,
			         NULL, "%s", msg);
		p->d->pending->incomplete = 1;
		problem_check_full(p);
		return;
	}
	if (load_in_cycle(p, &st)) {
		problem_here(p, at ? at->col : 1, NULL,
		             "include cycle: '%s' is already being read (it "
		             "includes itself)",
		             path);
		free(buf);
		return;
	}
	/* Include once: a second include adds nothing. */
	if (load_was_read(p->d, &st)) {
		free(buf);
		return;
	}
	f = data_file_intern(p->d, path);
	if (!f) {
		problem_here(p, at ? at->col : 1, NULL, "out of memory");
		free(buf);
		return;
	}
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	f->has_id = 1;
	p->stack[p->nstack++] = f;
	p->file = f->path;
	p->rec = NULL;
	p->in_map = MAP_OUTSIDE;
	load_buffer(p, buf, len);
	free(buf);
	/* Back to the including file's line and record. */
	saved.stop = p->stop;
	*p = saved;
}

/* The file an include line names, into t, with the line checked: 0, or
 * -1 with the problem reported. */
static int load_include_name(struct parser *p, const struct tok *kw,
                             struct tok *t)
{
	struct tok rest;
	char shown[LEX_SHOW_SIZE];

	if (lex_next(p, t) == TOK_BAD)
		return -1;
	if (t->kind != TOK_STRING) {
		problem_here(
		        p, t->col, NULL,
		        "'include' needs a file name in double quotes, got "
		        "%s",
		        lex_show(t, shown, sizeof(shown)));
		return -1;
	}
	/* A string holds no NUL: the line it was read from holds none. */
	if (t->n == 0) {
		problem_here(p, t->col, NULL,
		             "the file name of 'include' is empty");
		return -1;
	}
	if (p->depth >= DATA_INCLUDE_DEPTH) {
		problem_here(p, kw->col, NULL,
		             "includes nested deeper than %d levels",
		             DATA_INCLUDE_DEPTH);
		return -1;
	}
	if (lex_next(p, &rest) != TOK_END) {
		if (rest.kind != TOK_BAD)
			problem_here(p, rest.col, NULL,
			             "unexpected %s after the include",
			             lex_show(&rest, shown, sizeof(shown)));
		return -1;
	}
	return 0;
}

/* The part of path below folder ("maps/../monsters.txt"), or NULL. */
static const char *load_below(const char *folder, const char *path)
{
	size_t n = folder ? strlen(folder) : 0;

	/* the current folder holds every relative path */
	if (n == 1 && folder[0] == '.')
		return path[0] != '/' ? path : NULL;
	if (!n || strncmp(path, folder, n) || path[n] != '/')
		return NULL;
	return path + n + 1;
}

/* folder/rel with rel's "x/.." taken out, malloc'd: the folder of the
 * including file ("maps/") need not be there in the other folder.  NULL
 * when out of memory. */
static char *load_join(const char *folder, const char *rel)
{
	size_t n = strlen(folder) + strlen(rel) + 2, root = strlen(folder) + 1;
	char *s = malloc(n), *r, *dots;

	if (!s)
		return NULL;
	if (!strcmp(folder, ".")) /* "monsters.txt", not "./monsters.txt" */
		root = 0;
	snprintf(s, n, "%s%s%s", root ? folder : "", root ? "/" : "", rel);
	r = s + root;
	while ((dots = strstr(r, "/../")) && dots > r) {
		char *start = dots;

		while (start > r && start[-1] != '/')
			start--;
		if (!strncmp(start, "../", 3))
			break;
		memmove(start, dots + 4, strlen(dots + 4) + 1);
	}
	return s;
}

/* An include of a file of the data folders: the shipped one, then the
 * player's of the same name over it.  Returns 0 when path is not one
 * (the caller reads path itself). */
static int load_include_layers(struct parser *p, const char *path,
                               const struct tok *t)
{
	char *const *dirs = p->d->folders;
	const char *rel = load_below(dirs[0], path);
	char *shipped, *user;

	if (!rel)
		rel = load_below(dirs[1], path);
	if (!rel || !dirs[0] || !dirs[1])
		return 0;
	shipped = load_join(dirs[1], rel);
	user = load_join(dirs[0], rel);
	if (!shipped || !user || access(shipped, R_OK) != 0) {
		free(shipped);
		free(user);
		return 0;
	}
	load_file(p, shipped, t);
	if (access(user, F_OK) == 0) {
		p->overlay = 1;
		load_file(p, user, t);
		p->overlay = 0;
	}
	free(shipped);
	free(user);
	return 1;
}

/* An include of no data folder's file: path, or when path is not there
 * and t is relative, t in the data folders ("monsters.txt" from any
 * folder: what the sandbox writes). */
static void load_include_plain(struct parser *p, const char *path,
                               const struct tok *t)
{
	char *data;

	if (t->s[0] == '/' || access(path, F_OK) == 0 || !p->d->folders[1]) {
		load_file(p, path, t);
		return;
	}
	data = load_join(p->d->folders[1], t->s);
	if (!data)
		problem_here(p, t->col, NULL, "out of memory");
	else if (!load_include_layers(p, data, t))
		load_file(p, data, t);
	free(data);
}

/* include "FILE" */
static void load_include(struct parser *p, struct tok *kw)
{
	struct tok t;
	char *path;

	if (load_include_name(p, kw, &t) != 0) {
		/* Whatever file it meant is not read. */
		p->d->pending->incomplete = 1;
		return;
	}
	path = load_include_path(p->file, t.s);
	if (!path) {
		problem_here(p, t.col, NULL, "out of memory");
		p->d->pending->incomplete = 1;
		return;
	}
	p->depth++;
	if (!load_include_layers(p, path, &t))
		load_include_plain(p, path, &t);
	p->depth--;
	free(path);
}

/* ---- lines ------------------------------------------------------------- */

/* Runs the directive t when it is one; returns 1 when it was. */
static int load_directive(struct parser *p, struct tok *t)
{
	size_t i;

	for (i = 0; i < LOAD_DIRECTIVE_COUNT; i++) {
		if (strcmp(t->s, load_directives[i].name))
			continue;
		/* A directive ends the record above it. */
		if (p->rec)
			record_finish(p);
		p->rec_skip = 1;
		load_directives[i].parse(p, t);
		if (p->rec)
			p->rec_skip = 0;
		return 1;
	}
	return 0;
}

/* A word that starts a line but is neither a directive nor a keyword of
 * the record being read. */
static void load_unknown(struct parser *p, const struct tok *t)
{
	const char *cands[LOAD_DIRECTIVE_COUNT + RECORD_KEYWORD_MAX];
	char hint[96], q[PROBLEM_QUOTE_SIZE];
	size_t n = 0, i;

	if (!p->rec && record_keyword_any(t->s)) {
		problem_here(p, t->col, NULL,
		             "'%s' outside a record (start one with 'terrain "
		             "NAME', 'monster NAME', ...)",
		             t->s);
		return;
	}
	for (i = 0; i < LOAD_DIRECTIVE_COUNT; i++)
		cands[n++] = load_directives[i].name;
	n += record_keywords(p->rec, cands + n);
	problem_here(p, t->col,
	             problem_hint(t->s, cands, n, hint, sizeof(hint)),
	             "unknown keyword '%s'",
	             problem_quote(t->s, t->n, q, sizeof(q)));
}

static void load_line(struct parser *p)
{
	struct tok t;

	p->pos = 0;
	if (lex_next(p, &t) == TOK_END || t.kind == TOK_BAD)
		return;
	p->records++;
	if (t.kind != TOK_WORD) {
		char shown[LEX_SHOW_SIZE];

		problem_here(p, t.col, NULL, "expected a keyword, got %s",
		             lex_show(&t, shown, sizeof(shown)));
		return;
	}
	if (load_directive(p, &t))
		return;
	/* After a directive that opened no record (a record header that
	 * failed, legend, MAP, include), keyword lines pass in silence:
	 * after a failed header they belong to the record it did not
	 * start, and its problem has been reported. */
	if (!p->rec && p->rec_skip && record_keyword_any(t.s))
		return;
	if (p->rec && record_keyword_of(p->rec, t.s)) {
		p->pos = (size_t)t.col - 1;
		record_attrs(p);
		return;
	}
	load_unknown(p, &t);
}

/* Reports the first NUL or other control character of the line, or else
 * its first byte that is not UTF-8, if any, and returns 1 for it: the rest of the file is not read, so nothing it
 * might have held (the end of a MAP block, a record) is missing. */
static int load_bad_byte(struct parser *p)
{
	size_t i;

	for (i = 0; i < p->len; i++) {
		unsigned char c = (unsigned char)p->line[i];

		if (c == '\t' || (c >= 0x20 && c != 0x7f))
			continue;
		if (c == 0)
			problem_here(p, (int)i + 1, NULL,
			             "NUL byte in the file (is it a binary "
			             "file?)");
		else if (c == '\r')
			problem_here(p, (int)i + 1, NULL,
			             "carriage return in the middle of a line");
		else
			problem_here(p, (int)i + 1, NULL,
			             "control character 0x%02x in the file (is "
			             "it a binary file?)",
			             c);
		if (p->in_map)
			p->d->pending->map_broken = 1;
		p->in_map = MAP_OUTSIDE;
		p->d->pending->incomplete = 1;
		return 1;
	}
	/* Text may be UTF-8 (a name in any language), never other bytes:
	 * what shows on screen is what the file says. */
	i = utf8_invalid_at(p->line, p->len);
	if (i < p->len) {
		problem_here(p, (int)i + 1, NULL,
		             "byte 0x%02x is not UTF-8 (save the file as "
		             "UTF-8)",
		             (unsigned char)p->line[i]);
		if (p->in_map)
			p->d->pending->map_broken = 1;
		p->in_map = MAP_OUTSIDE;
		p->d->pending->incomplete = 1;
		return 1;
	}
	return 0;
}

/* What is still open at the end of a file, and a file of nothing but
 * blank lines and comments (errors: the errors count before it). */
static void load_end(struct parser *p, size_t errors)
{
	if (p->rec)
		record_finish(p);
	if (p->in_map && !p->stop)
		map_unclosed(p);
	if (p->records == 0 && !p->stop && p->diags->errors == errors) {
		diag_add(p->diags, DIAG_ERROR, p->file, 1, 1, NULL, 0, NULL,
		         "file has no records (only blank lines and "
		         "comments)");
		problem_check_full(p);
	}
}

static void load_buffer(struct parser *p, const char *buf, size_t len)
{
	size_t start = 0, errors;
	int lineno = 0;

	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		start = 3;
	if (len == start) {
		diag_add(p->diags, DIAG_ERROR, p->file, 1, 1, NULL, 0, NULL,
		         "file is empty");
		problem_check_full(p);
		return;
	}
	p->records = 0;
	errors = p->diags->errors;
	while (start < len && !p->stop) {
		const char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;
		size_t n = end - start;

		if (n > 0 && buf[end - 1] == '\r')
			n--;
		p->line = buf + start;
		p->len = n > DATA_LINE_MAX ? DATA_LINE_MAX : n;
		p->lineno = ++lineno;
		start = end + 1;
		if (n > DATA_LINE_MAX) {
			problem_here(p, DATA_LINE_MAX + 1, NULL,
			             "line is longer than %d bytes",
			             DATA_LINE_MAX);
			if (p->in_map)
				p->d->pending->map_broken = 1;
			p->d->pending->incomplete = 1;
			continue;
		}
		/* A binary file would give an error per line: one is
		 * enough, and the rest of the file is skipped. */
		if (load_bad_byte(p))
			break;
		if (p->in_map)
			map_row(p);
		else
			load_line(p);
	}
	load_end(p, errors);
}

/* ---- the whole load ---------------------------------------------------- */

static int load_file_rank(const struct data *d, const char *file)
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
static void load_sort_diags(const struct data *d, struct diag_list *dl,
                            size_t from)
{
	size_t i, j;

	for (i = from + 1; i < dl->len; i++) {
		struct diag x = dl->items[i];
		int rx = load_file_rank(d, x.file);

		for (j = i; j > from; j--) {
			const struct diag *y = &dl->items[j - 1];
			int ry = load_file_rank(d, y->file);

			if (ry < rx || (ry == rx && (y->line < x.line ||
			                             (y->line == x.line &&
			                              y->col <= x.col))))
				break;
			dl->items[j] = *y;
		}
		dl->items[j] = x;
	}
}

/* What this load must resolve and build, new for each load. */
static int load_pending_new(struct data *d, const char *name,
                            struct diag_list *diags)
{
	data_pending_free(d->pending);
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
	return 0;
}

/* Text in memory as the top file: it has no device and inode, so it is
 * never taken for a file it includes. */
static void load_top_buffer(struct parser *p, const char *name, const char *buf,
                            size_t len)
{
	struct data_file *f = data_file_intern(p->d, name);

	if (!f) {
		diag_add(p->diags, DIAG_ERROR, name, 1, 1, NULL, 0, NULL,
		         "out of memory");
		return;
	}
	p->file = f->path;
	p->stack[p->nstack++] = f;
	load_buffer(p, buf, len);
}

/* Loads the file name, or buf (len bytes) under that name when buf is not
 * NULL. */
static int load_all(struct data *d, const char *name, const char *buf,
                    size_t len, struct diag_list *diags)
{
	struct parser p;
	size_t errors = diags->errors, first = diags->len;

	memset(&p, 0, sizeof(p));
	p.d = d;
	p.diags = diags;
	if (load_pending_new(d, name, diags) != 0)
		return -1;
	problem_check_full(&p);
	if (buf)
		load_top_buffer(&p, name, buf, len);
	else
		load_file(&p, name, NULL);
	problem_loc_fini(&p.rec_loc);
	/* What is left to check needs every line: with some unread, it would
	 * report the missing text's doing, as often as not before the
	 * problem that left it unread. */
	if (!p.stop && !d->pending->incomplete) {
		map_resolve(d, diags);
		map_check_terrain(d, diags);
		if (d->map && !d->map->cells)
			map_build(d, diags);
	}
	data_pending_free(d->pending);
	d->pending = NULL;
	load_sort_diags(d, diags, first);
	return diags->errors == errors ? 0 : -1;
}

int data_load(struct data *d, const char *path, struct diag_list *diags)
{
	return load_all(d, path, NULL, 0, diags);
}

int data_load_buffer(struct data *d, const char *name, const char *buf,
                     size_t len, struct diag_list *diags)
{
	return load_all(d, name, buf ? buf : "", buf ? len : 0, diags);
}
