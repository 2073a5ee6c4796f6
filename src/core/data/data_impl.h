/* SPDX-License-Identifier: MIT */
/* data_impl.h - what the files of the data loader share, and nothing the rest
 * of the game needs (that is data.h).
 *
 * The loader's files, in the order a line travels through them:
 *   load.c    files and includes, read line by line; the whole load
 *   lex.c     the tokens of a line and the typed values read from them
 *   record.c  terrain, key, monster and dungeon records, table driven
 *   map.c     the legend and the MAP block; once every file is read, the
 *             names resolved, the terrain checked, the dungeon built
 *   vary.c    the rules of a map that varies with the seed, and the
 *             variant a seed draws
 *   problem.c problems, at a column of the line being read or at a
 *             location saved for later
 *   cost.c    what entering each terrain costs whom, as a grid
 *   data.c    struct data's lifetime, lookups by name, the files read */
#ifndef HUNTED_DATA_IMPL_H
#define HUNTED_DATA_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "data.h"

/* One file read into a struct data: its name is what struct data_src
 * points to, its device and inode tell a file included twice. */
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
enum ref_owner { OWN_TERRAIN, OWN_MONSTER, OWN_LEGEND, OWN_PLAYER, OWN_KEY };

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

/* What a glyph of the map means, as its legend line said. */
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
	/* The MAP block as read: glyphs row by row while rectangular (an
	 * array of rows of width bytes, grown by data_grow). */
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
	/* Some text was not read: a file cut short at a bad byte or a line
	 * too long, an include that could not be read, a record past a
	 * limit.  Names, doors and the dungeon are then not checked. */
	int incomplete;
	/* A name a terrain gives (opens_to, ...) did not resolve: its door
	 * rules are not checked.  One a monster gives (cost TERRAIN ...):
	 * where its monsters stand is not checked. */
	uint8_t terrain_broken[DATA_TERRAIN_MAX];
	uint8_t monster_broken[DATA_MONSTER_MAX];
};

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

/* Where the parser is with respect to a MAP block. */
enum map_state {
	MAP_OUTSIDE = 0,
	MAP_READING,  /* the rows of the dungeon's MAP block */
	MAP_SKIPPING, /* a second MAP block, read only to find its ENDMAP */
};

struct record_kind;

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
	/* the current record: NULL outside one */
	const struct record_kind *rec;
	int rec_index;
	int rec_skip; /* a directive opened no record: skip keyword lines */
	size_t rec_errors; /* errors before the record, to spot new ones */
	uint64_t rec_seen; /* its keywords given so far, one bit each */
	struct loc rec_loc;
	int in_map;  /* enum map_state */
	int overlay; /* reading the player's file over a shipped one */
	int records; /* records and directives in this file */
	int stop;    /* the diagnostics list is full */
};

/* ---- problem.c --------------------------------------------------------- */

/* A problem at column col of the line being read. */
void problem_here(struct parser *p, int col, const char *hint, const char *fmt,
                  ...) __attribute__((format(printf, 4, 5)));
/* A problem at a saved location. */
void problem_at(struct diag_list *dl, const struct loc *l, const char *hint,
                const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A problem with no source line to show, where a record was defined. */
void problem_src(struct diag_list *dl, const struct data_src *s,
                 const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Stops the parser once the diagnostics list has dropped a problem. */
void problem_check_full(struct parser *p);
/* Up to PROBLEM_QUOTE_BYTES bytes of the n at s for a message, into buf
 * (PROBLEM_QUOTE_SIZE bytes): diag_quote with the loader's bound.
 * Returns buf. */
#define PROBLEM_QUOTE_BYTES 40
#define PROBLEM_QUOTE_SIZE  DIAG_QUOTE_SIZE(PROBLEM_QUOTE_BYTES)
const char *problem_quote(const char *s, size_t n, char *buf, size_t size);
/* "did you mean 'x'?" for the closest candidate, into buf; NULL if none. */
const char *problem_hint(const char *word, const char *const *cands, size_t n,
                         char *buf, size_t size);
/* Saves column col of the line being read into l (freeing what l held). */
void problem_loc(struct parser *p, int col, struct loc *l);
void problem_loc_fini(struct loc *l);

/* ---- lex.c ------------------------------------------------------------- */

/* Reads the next token of the current line.  Reports lexical problems
 * itself and returns TOK_BAD for them. */
int lex_next(struct parser *p, struct tok *t);
/* A short description of a token for "got ..." in messages, into buf
 * (LEX_SHOW_SIZE bytes will do). */
#define LEX_SHOW_SIZE (PROBLEM_QUOTE_SIZE + 16)
const char *lex_show(const struct tok *t, char *buf, size_t size);
int lex_is_space(char c);
int lex_is_name(const char *s, size_t n);
/* Parses an integer word in [min, max], 0 <= min <= max, with num.h's
 * strict parser (digits only: no sign); returns 0 or -1. */
int lex_long(const char *s, long min, long max, long *out);
/* The next token as a value of the kind named; each reports and returns
 * -1 when the token is not one. */
int lex_expect_name(struct parser *p, struct tok *t, const char *what);
/* A word that must be one of names[first..n); returns its index. */
int lex_expect_choice(struct parser *p, struct tok *t, const char *attr,
                      const char *const *names, size_t n, size_t first,
                      const char *expect);
/* An integer in [min, max]; unit (or NULL) is said in the message, for a
 * number that is not what it looks like ("tenths: 30 means 3.0"). */
int lex_expect_int(struct parser *p, struct tok *t, const char *attr, long min,
                   long max, const char *unit, long *out);
int lex_expect_glyph(struct parser *p, struct tok *t, const char *attr,
                     char *out);

/* ---- record.c ---------------------------------------------------------- */

/* Most keywords one kind of record has. */
#define RECORD_KEYWORD_MAX 24

/* The directive "terrain NAME ..." and the other record headers. */
void record_parse(struct parser *p, struct tok *kw);
/* Parses "keyword value keyword value ..." to the end of the line into
 * the current record. */
void record_attrs(struct parser *p);
/* Checks what the current record needs once all its lines are read. */
void record_finish(struct parser *p);
/* 1 when name is a keyword of records of kind k, or (record_keyword_any)
 * of any kind. */
int record_keyword_of(const struct record_kind *k, const char *name);
int record_keyword_any(const char *name);
/* The names of k's keywords into out (RECORD_KEYWORD_MAX of them at
 * most), for "did you mean"; returns how many.  k may be NULL: none. */
size_t record_keywords(const struct record_kind *k, const char **out);

/* ---- map.c ------------------------------------------------------------- */

/* Queues name t for resolving once every file is read. */
int map_ref_add(struct parser *p, int kind, int owner, int index, size_t off,
                const struct tok *t);
/* The directives legend and MAP, and a line read inside a MAP block. */
void map_legend(struct parser *p, struct tok *kw);
void map_begin(struct parser *p, struct tok *kw);
void map_row(struct parser *p);
/* The file ended inside a MAP block. */
void map_unclosed(struct parser *p);
/* Once every file is read. */
void map_resolve(struct data *d, struct diag_list *dl);
void map_check_terrain(struct data *d, struct diag_list *dl);
void map_build(struct data *d, struct diag_list *dl);
/* A problem at cell (x, y) of m, with its row as the source line. */
void map_cell_report(struct diag_list *dl, enum diag_severity sev,
                     const struct data_map *m, int x, int y, const char *msg);
/* Whether pl may stand on terrain t; who it is goes into who. */
int map_place_fits(const struct data *d, const struct data_place *pl, int t,
                   char *who, size_t size);
/* Appends a placed thing to m, whose places only this function allocates
 * (data_grow); returns 0, or -1 when out of memory. */
int map_place_add(struct data_map *m, int kind, int what, int x, int y);

/* ---- vary.c ------------------------------------------------------------ */

/* "vary ...", "deal ..." and "shuffle ...": a rule of the dungeon. */
void vary_parse(struct parser *p, struct tok *kw);
/* Once the map is built: every glyph the rules may leave on it is in the
 * legend. */
void vary_check(struct data *d, struct diag_list *dl);
/* A copy of m to draw variants in, sharing m's rules and source (out's
 * own arrays freed by vary_copy_fini).  Returns 0, or -1 when out of
 * memory. */
int vary_copy(const struct data_map *m, struct data_map *out);
void vary_copy_fini(struct data_map *out);

/* ---- data.c ------------------------------------------------------------ */

/* Makes room for element n of *arr, an array of n elements of size bytes
 * that only this function allocates: its room is implied by n (8, then
 * the next power of two), so it doubles whenever it is full and n appends
 * copy fewer than 2n elements.  Returns 0, or -1 when out of memory (*arr
 * unchanged). */
int data_grow(void **arr, size_t n, size_t size);
/* Appends path to d's list of files read; NULL when out of memory. */
struct data_file *data_file_intern(struct data *d, const char *path);
/* Both accept NULL. */
void data_map_free(struct data_map *m);
void data_pending_free(struct data_pending *pd);

#endif
