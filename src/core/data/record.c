/* SPDX-License-Identifier: MIT */
/* record.c - terrain, key, monster and dungeon records: a header line
 * ("terrain NAME") and then keywords with their values, on the header's
 * line or on the lines below it.
 *
 * Table driven: each kind of record has its own table of keywords (which
 * field of its struct a keyword fills and what values it takes), and
 * record_kinds says for each kind its name, its keyword table and where
 * its records live in struct data.  A name that a record uses is queued
 * with map_ref_add and resolved once every file has been read. */
#include "data_impl.h"

#include <stdlib.h>
#include <string.h>

enum record_arg {
	ARG_GLYPH,
	ARG_COLOR,
	ARG_BOOL,
	ARG_INT,
	ARG_TEXT,
	ARG_DOOR,
	ARG_TERRAIN_REF,
	ARG_KEY_REF,
	ARG_OVERRIDE,
	ARG_CHOICE, /* one of the words of names */
	ARG_NAME,   /* a name, into a char array of size bytes */
	ARG_KIND,   /* a level's monster kind, appended to its kinds */
};

struct record_keyword {
	const char *name;
	uint8_t type;   /* enum record_arg */
	uint8_t repeat; /* may be given more than once in a record */
	size_t off;     /* of the field it fills */
	size_t size;    /* of that field, for ARG_INT, ARG_BOOL, ARG_DOOR */
	long min;       /* the values an ARG_INT takes */
	long max;
	const char *const *names; /* ARG_CHOICE's words, max of them */
	/* ARG_CHOICE: its words as a message lists them; ARG_INT: the
	 * unit, when the number is not what it looks like. */
	const char *expect;
};

/* A weight is written in tenths, which "weight 3" forgets. */
#define RECORD_TENTHS "tenths: 30 means 3.0"

#define T(f)                                                                   \
	offsetof(struct data_terrain, f), sizeof(((struct data_terrain *)0)->f)
#define K(f) offsetof(struct data_key, f), sizeof(((struct data_key *)0)->f)
#define M(f)                                                                   \
	offsetof(struct data_monster, f), sizeof(((struct data_monster *)0)->f)
#define D(f) offsetof(struct data_map, f), sizeof(((struct data_map *)0)->f)

/* The order of a table is the order in which "did you mean" weighs its
 * keywords: of two as close to a misspelt word, the first is offered. */
static const struct record_keyword record_terrain_keywords[] = {
        {"glyph", ARG_GLYPH, 0, T(glyph), 0, 0, NULL, NULL},
        {"color", ARG_COLOR, 0, T(color), 0, 0, NULL, NULL},
        {"walk", ARG_BOOL, 0, T(walk), 0, 0, NULL, NULL},
        {"cost", ARG_INT, 0, T(cost), 1, DATA_COST_MAX, NULL, NULL},
        {"opaque", ARG_BOOL, 0, T(opaque), 0, 0, NULL, NULL},
        {"door", ARG_DOOR, 0, T(door), 0, 0, NULL, NULL},
        {"opens_to", ARG_TERRAIN_REF, 0, T(opens_to), 0, 0, NULL, NULL},
        {"closes_to", ARG_TERRAIN_REF, 0, T(closes_to), 0, 0, NULL, NULL},
        {"bump_opens", ARG_BOOL, 0, T(bump_opens), 0, 0, NULL, NULL},
        {"unlocked_by", ARG_KEY_REF, 0, T(unlocked_by), 0, 0, NULL, NULL},
        {"heals", ARG_INT, 0, T(heals), 0, 10000, NULL, NULL},
        {"dries_to", ARG_TERRAIN_REF, 0, T(dries_to), 0, 0, NULL, NULL},
        {"harm", ARG_INT, 0, T(harm), 0, 10000, NULL, NULL},
        {"description", ARG_TEXT, 0, T(description), 0, 0, NULL, NULL},
};

static const char *const record_use_names[] = {"none", "caltrops", "noise",
                                               "wedge", "smoke"};

static const struct record_keyword record_key_keywords[] = {
        {"glyph", ARG_GLYPH, 0, K(glyph), 0, 0, NULL, NULL},
        {"color", ARG_COLOR, 0, K(color), 0, 0, NULL, NULL},
        {"use", ARG_CHOICE, 0, K(use), 0, DATA_USE_COUNT, record_use_names,
         "none, caltrops, noise, wedge or smoke"},
        {"makes", ARG_TERRAIN_REF, 0, K(makes), 0, 0, NULL, NULL},
        {"range", ARG_INT, 0, K(range), 0, DATA_MAP_MAX_DIM, NULL, NULL},
        {"radius", ARG_INT, 0, K(radius), 0, DATA_MAP_MAX_DIM, NULL, NULL},
        {"turns", ARG_INT, 0, K(turns), 0, 100000, NULL, NULL},
        {"description", ARG_TEXT, 0, K(description), 0, 0, NULL, NULL},
};

/* A monster's search and a lesson's pages: the words name the engine's
 * enums in their order (path.h), "jps" last after the four algorithms. */
static const char *const record_algo_names[] = {"astar", "dijkstra", "greedy",
                                                "bfs", "jps"};
static const char *const record_heur_names[] = {
        "manhattan", "octile", "chebyshev", "euclidean", "zero"};
static const char *const record_diag_names[] = {"4-way", "no-corner", "always"};
static const char *const record_layer_names[] = {"none", "g",      "h",
                                                 "f",    "arrows", "cost"};
static const char *const record_table_names[] = {"algorithms", "heuristics"};
static const char *const record_ties_names[] = {"lower-h", "first-in"};

static const struct record_keyword record_monster_keywords[] = {
        {"glyph", ARG_GLYPH, 0, M(glyph), 0, 0, NULL, NULL},
        {"color", ARG_COLOR, 0, M(color), 0, 0, NULL, NULL},
        {"speed", ARG_INT, 0, M(speed), 1, 1000, NULL, NULL},
        {"hp", ARG_INT, 0, M(hp), 1, 10000, NULL, NULL},
        {"attack", ARG_INT, 0, M(attack), 0, 1000, NULL, NULL},
        {"accuracy", ARG_INT, 0, M(accuracy), 0, 100, NULL, NULL},
        {"sight", ARG_INT, 0, M(sight), 0, DATA_MAP_MAX_DIM, NULL, NULL},
        {"opens_doors", ARG_BOOL, 0, M(opens_doors), 0, 0, NULL, NULL},
        {"unlocks_doors", ARG_BOOL, 0, M(unlocks_doors), 0, 0, NULL, NULL},
        {"bashes_doors", ARG_BOOL, 0, M(bashes_doors), 0, 0, NULL, NULL},
        {"cost", ARG_OVERRIDE, 1, M(overrides), 0, 0, NULL, NULL},
        {"drift", ARG_INT, 0, M(drift), 0, DATA_MAP_MAX_DIM, NULL, NULL},
        {"budget", ARG_INT, 0, M(budget), 0, 100000000, NULL, NULL},
        {"algorithm", ARG_CHOICE, 0, M(algorithm), 0, 5, record_algo_names,
         "astar, dijkstra, greedy, bfs or jps"},
        {"heuristic", ARG_CHOICE, 0, M(heuristic), 0, 5, record_heur_names,
         "manhattan, octile, chebyshev, euclidean or zero"},
        {"diagonal", ARG_CHOICE, 0, M(diagonal), 0, 3, record_diag_names,
         "4-way, no-corner or always"},
        {"weight", ARG_INT, 0, M(weight), 10, 100, NULL, RECORD_TENTHS},
        {"pack", ARG_BOOL, 0, M(pack), 0, 0, NULL, NULL},
        {"flee", ARG_INT, 0, M(flee), 0, 99, NULL, NULL},
        {"description", ARG_TEXT, 0, M(description), 0, 0, NULL, NULL},
};

/* The player's own entry: what a monster kind says of itself, less the
 * search it hunts with and the doors (the player opens every door and
 * carries its keys). */
static const struct record_keyword record_player_keywords[] = {
        {"glyph", ARG_GLYPH, 0, M(glyph), 0, 0, NULL, NULL},
        {"color", ARG_COLOR, 0, M(color), 0, 0, NULL, NULL},
        {"speed", ARG_INT, 0, M(speed), 1, 1000, NULL, NULL},
        {"hp", ARG_INT, 0, M(hp), 1, 10000, NULL, NULL},
        {"attack", ARG_INT, 0, M(attack), 0, 1000, NULL, NULL},
        {"accuracy", ARG_INT, 0, M(accuracy), 0, 100, NULL, NULL},
        {"sight", ARG_INT, 0, M(sight), 0, DATA_MAP_MAX_DIM, NULL, NULL},
        {"cost", ARG_OVERRIDE, 1, M(overrides), 0, 0, NULL, NULL},
        {"description", ARG_TEXT, 0, M(description), 0, 0, NULL, NULL},
};

static const struct record_keyword record_dungeon_keywords[] = {
        {"title", ARG_TEXT, 0, D(title), 0, 0, NULL, NULL},
        {"description", ARG_TEXT, 0, D(description), 0, 0, NULL, NULL},
};

#define L(f) offsetof(struct data_level, f), sizeof(((struct data_level *)0)->f)
/* A generated level's size: the smallest dungeon the generator makes. */
static const struct record_keyword record_level_keywords[] = {
        {"map", ARG_NAME, 0, L(map), 0, 0, NULL, NULL},
        {"width", ARG_INT, 0, L(width), 20, DATA_MAP_MAX_DIM, NULL, NULL},
        {"height", ARG_INT, 0, L(height), 10, DATA_MAP_MAX_DIM, NULL, NULL},
        {"monsters", ARG_INT, 0, L(monsters), 0, 1000, NULL, NULL},
        {"cave", ARG_BOOL, 0, L(cave), 0, 0, NULL, NULL},
        {"kind", ARG_KIND, 1, L(kinds), 0, 0, NULL, NULL},
};
#undef L

#define P(f) offsetof(struct data_page, f), sizeof(((struct data_page *)0)->f)
static const struct record_keyword record_page_keywords[] = {
        {"text", ARG_TEXT, 0, P(text), 0, 0, NULL, NULL},
        {"algorithm", ARG_CHOICE, 0, P(algorithm), 0, 5, record_algo_names,
         "astar, dijkstra, greedy, bfs or jps"},
        {"heuristic", ARG_CHOICE, 0, P(heuristic), 0, 5, record_heur_names,
         "manhattan, octile, chebyshev, euclidean or zero"},
        {"diagonal", ARG_CHOICE, 0, P(diagonal), 0, 3, record_diag_names,
         "4-way, no-corner or always"},
        {"weight", ARG_INT, 0, P(weight), 10, 100, NULL, RECORD_TENTHS},
        {"layer", ARG_CHOICE, 0, P(layer), 0, 6, record_layer_names,
         "none, g, h, f, arrows or cost"},
        {"open", ARG_BOOL, 0, P(open), 0, 0, NULL, NULL},
        {"boxes", ARG_BOOL, 0, P(boxes), 0, 0, NULL, NULL},
        {"table", ARG_CHOICE, 0, P(heuristics), 0, 2, record_table_names,
         "algorithms or heuristics"},
        {"step", ARG_INT, 0, P(step), 0, 100000000, NULL, NULL},
        {"ties", ARG_CHOICE, 0, P(ties), 0, 2, record_ties_names,
         "lower-h or first-in"},
};
#undef P

#undef T
#undef K
#undef M
#undef D

static const char *const record_bool_names[] = {"no", "yes"};
static const char *const record_door_names[] = {"none", "closed", "open",
                                                "locked"};

/* Grows one of struct data's arrays by one zeroed element. */
static void *record_grow(void **arr, size_t *n, size_t size)
{
	char *a;

	if (data_grow(arr, *n, size) != 0)
		return NULL;
	a = *arr;
	memset(a + *n * size, 0, size);
	return a + (*n)++ * size;
}

/* Where each kind's records live (list: n of them at the address it
 * returns) and how a new one starts (add: with its defaults; NULL when
 * out of memory). */

static void *record_terrain_list(struct data *d, size_t *n)
{
	*n = d->nterrain;
	return d->terrain;
}

static void *record_terrain_add(struct parser *p, int col)
{
	struct data *d = p->d;
	struct data_terrain *x =
	        record_grow((void **)&d->terrain, &d->nterrain, sizeof(*x));

	if (x) {
		x->walk = 1;
		x->cost = 1;
		x->color = DATA_COLOR_WHITE;
		x->bump_opens = 1;
		x->opens_to = x->closes_to = x->unlocked_by = -1;
		x->dries_to = -1;
	}
	return x;
}

static void *record_key_list(struct data *d, size_t *n)
{
	*n = d->nkeys;
	return d->keys;
}

static void *record_key_add(struct parser *p, int col)
{
	struct data *d = p->d;
	struct data_key *x =
	        record_grow((void **)&d->keys, &d->nkeys, sizeof(*x));

	if (x) {
		x->color = DATA_COLOR_YELLOW;
		x->makes = -1;
	}
	return x;
}

static void *record_monster_list(struct data *d, size_t *n)
{
	*n = d->nmonsters;
	return d->monsters;
}

static void *record_monster_add(struct parser *p, int col)
{
	struct data *d = p->d;
	struct data_monster *x =
	        record_grow((void **)&d->monsters, &d->nmonsters, sizeof(*x));

	if (x) {
		x->color = DATA_COLOR_WHITE;
		x->speed = 100;
		x->hp = 10;
		x->attack = 1;
		x->accuracy = 70;
		x->sight = 8;
		x->drift = 2;
		x->heuristic = 1; /* octile */
		x->diagonal = 1;  /* no-corner */
		x->weight = 10;
	}
	return x;
}

static void *record_player_list(struct data *d, size_t *n)
{
	*n = d->player ? 1 : 0;
	return d->player;
}

static void *record_player_add(struct parser *p, int col)
{
	struct data *d = p->d;

	(void)col;
	d->player = malloc(sizeof(*d->player));
	if (d->player)
		*d->player = *data_player(NULL);
	return d->player;
}

static void *record_dungeon_list(struct data *d, size_t *n)
{
	*n = d->map ? 1 : 0;
	return d->map;
}

static void *record_dungeon_add(struct parser *p, int col)
{
	struct data *d = p->d;

	d->map = calloc(1, sizeof(*d->map));
	if (d->map) {
		d->map->player_x = d->map->player_y = -1;
		/* For legend and MAP, which need a dungeon, and for
		 * map_build's "no MAP block". */
		problem_loc(p, col, &d->pending->dungeon_loc);
		d->pending->dungeon_seen = 1;
	}
	return d->map;
}

static void *record_page_list(struct data *d, size_t *n)
{
	*n = d->npages;
	return d->pages;
}

static void *record_page_add(struct parser *p, int col)
{
	struct data *d = p->d;
	struct data_page *x =
	        record_grow((void **)&d->pages, &d->npages, sizeof(*x));

	(void)col;
	if (x) {
		x->diagonal = 1;  /* no-corner, as the monsters search */
		x->heuristic = 1; /* octile */
		x->weight = 10;
		x->open = 1;
		x->step = -1;
	}
	return x;
}

static void *record_level_list(struct data *d, size_t *n)
{
	*n = d->nlevels;
	return d->levels;
}

static void *record_level_add(struct parser *p, int col)
{
	struct data *d = p->d;
	struct data_level *x =
	        record_grow((void **)&d->levels, &d->nlevels, sizeof(*x));

	(void)col;
	if (x)
		x->monsters = -1;
	return x;
}

/* A level is either a map or a generated dungeon, never both nor
 * neither: the keywords given say which. */
static void record_level_finish(struct parser *p, char *item)
{
	const struct data_level *l = (const struct data_level *)item;
	int sized = l->width || l->height;

	if (l->map[0] && (sized || l->cave))
		problem_at(p->diags, &p->rec_loc,
		           "a level plays either its map or a generated "
		           "dungeon: drop 'map' or its size",
		           "level '%s' has both a map and a size", l->name);
	else if (!l->map[0] && (!l->width || !l->height))
		problem_at(p->diags, &p->rec_loc,
		           "e.g. 'map tutorial', or 'width 80 height 30'",
		           "level '%s' needs a map, or a width and a height",
		           l->name);
	else if (l->map[0] && (l->monsters >= 0 || l->nkinds))
		problem_at(p->diags, &p->rec_loc, NULL,
		           "level '%s': 'monsters' and 'kind' are for a "
		           "generated level (a map places its own)",
		           l->name);
	else if (!l->map[0] && l->monsters < 0)
		problem_at(p->diags, &p->rec_loc, NULL,
		           "level '%s' needs 'monsters' (how many to place)",
		           l->name);
}

#define RECORD_NO_GLYPH ((size_t)-1)

struct record_kind {
	const char *name;   /* its keyword, and what messages call it */
	const char *expect; /* "expected ..." when its name is missing */
	const struct record_keyword *keywords;
	size_t nkeywords;
	size_t max;   /* records of this kind, at most */
	int single;   /* one per map file, whatever its name: a second one
	               * is an error of its own */
	size_t size;  /* of one record; every record starts with its name */
	size_t src;   /* offset of its struct data_src */
	size_t glyph; /* offset of its glyph, or RECORD_NO_GLYPH */
	void *(*list)(struct data *d, size_t *n);
	void *(*add)(struct parser *p, int col);
	/* What a record needs once its lines are read, or NULL. */
	void (*finish)(struct parser *p, char *item);
};

#define KEYWORD_COUNT(table) (sizeof(table) / sizeof(table[0]))

static const struct record_kind record_kinds[] = {
        {
                .name = "terrain",
                .expect = "a name",
                .keywords = record_terrain_keywords,
                .nkeywords = KEYWORD_COUNT(record_terrain_keywords),
                .max = DATA_TERRAIN_MAX,
                .size = sizeof(struct data_terrain),
                .src = offsetof(struct data_terrain, src),
                .glyph = offsetof(struct data_terrain, glyph),
                .list = record_terrain_list,
                .add = record_terrain_add,
        },
        {
                .name = "key",
                .expect = "a name",
                .keywords = record_key_keywords,
                .nkeywords = KEYWORD_COUNT(record_key_keywords),
                .max = DATA_KEY_MAX,
                .size = sizeof(struct data_key),
                .src = offsetof(struct data_key, src),
                .glyph = offsetof(struct data_key, glyph),
                .list = record_key_list,
                .add = record_key_add,
        },
        {
                .name = "monster",
                .expect = "a name",
                .keywords = record_monster_keywords,
                .nkeywords = KEYWORD_COUNT(record_monster_keywords),
                .max = DATA_MONSTER_MAX,
                .size = sizeof(struct data_monster),
                .src = offsetof(struct data_monster, src),
                .glyph = offsetof(struct data_monster, glyph),
                .list = record_monster_list,
                .add = record_monster_add,
        },
        {
                .name = "player",
                .expect = "a name",
                .keywords = record_player_keywords,
                .nkeywords = KEYWORD_COUNT(record_player_keywords),
                .max = 1,
                .single = 1,
                .size = sizeof(struct data_monster),
                .src = offsetof(struct data_monster, src),
                .glyph = offsetof(struct data_monster, glyph),
                .list = record_player_list,
                .add = record_player_add,
        },
        {
                .name = "page",
                .expect = "a page name",
                .keywords = record_page_keywords,
                .nkeywords = KEYWORD_COUNT(record_page_keywords),
                .max = DATA_PAGE_MAX,
                .size = sizeof(struct data_page),
                .src = offsetof(struct data_page, src),
                .glyph = RECORD_NO_GLYPH,
                .list = record_page_list,
                .add = record_page_add,
        },
        {
                .name = "dungeon",
                .expect = "a dungeon name",
                .keywords = record_dungeon_keywords,
                .nkeywords = KEYWORD_COUNT(record_dungeon_keywords),
                .max = 1,
                .single = 1,
                .size = sizeof(struct data_map),
                .src = offsetof(struct data_map, src),
                .glyph = RECORD_NO_GLYPH,
                .list = record_dungeon_list,
                .add = record_dungeon_add,
        },
        {
                .name = "level",
                .expect = "a level name",
                .keywords = record_level_keywords,
                .nkeywords = KEYWORD_COUNT(record_level_keywords),
                .max = DATA_LEVEL_MAX,
                .size = sizeof(struct data_level),
                .src = offsetof(struct data_level, src),
                .glyph = RECORD_NO_GLYPH,
                .list = record_level_list,
                .add = record_level_add,
                .finish = record_level_finish,
        },
};

#define RECORD_KIND_COUNT (sizeof(record_kinds) / sizeof(record_kinds[0]))

_Static_assert(offsetof(struct data_terrain, name) == 0 &&
                       offsetof(struct data_key, name) == 0 &&
                       offsetof(struct data_monster, name) == 0 &&
                       offsetof(struct data_map, name) == 0 &&
                       offsetof(struct data_page, name) == 0 &&
                       offsetof(struct data_level, name) == 0,
               "every record starts with its name");
#define RECORD_FITS(table)                                                     \
	_Static_assert(KEYWORD_COUNT(table) <= RECORD_KEYWORD_MAX,             \
	               #table " has more than RECORD_KEYWORD_MAX keywords")
RECORD_FITS(record_terrain_keywords);
RECORD_FITS(record_key_keywords);
RECORD_FITS(record_monster_keywords);
RECORD_FITS(record_player_keywords);
RECORD_FITS(record_dungeon_keywords);
RECORD_FITS(record_page_keywords);
RECORD_FITS(record_level_keywords);

/* ---- keywords ---------------------------------------------------------- */

static const struct record_keyword *
record_keyword_find(const struct record_kind *k, const char *name)
{
	size_t i;

	for (i = 0; k && i < k->nkeywords; i++)
		if (!strcmp(k->keywords[i].name, name))
			return &k->keywords[i];
	return NULL;
}

int record_keyword_of(const struct record_kind *k, const char *name)
{
	return record_keyword_find(k, name) != NULL;
}

int record_keyword_any(const char *name)
{
	size_t i;

	for (i = 0; i < RECORD_KIND_COUNT; i++)
		if (record_keyword_find(&record_kinds[i], name))
			return 1;
	return 0;
}

size_t record_keywords(const struct record_kind *k, const char **out)
{
	size_t i;

	for (i = 0; k && i < k->nkeywords; i++)
		out[i] = k->keywords[i].name;
	return k ? k->nkeywords : 0;
}

/* ---- values ------------------------------------------------------------ */

/* The record the parser is in; its address may change as records are
 * added, so it is found again each time. */
static char *record_current(struct parser *p)
{
	size_t n;
	char *items = p->rec->list(p->d, &n);

	return items + (size_t)p->rec_index * p->rec->size;
}

static int record_store_int(char *base, const struct record_keyword *kw, long v)
{
	char *f = base + kw->off;

	switch (kw->size) {
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
	return 0;
}

static int record_color(struct parser *p, struct tok *t, const char *attr,
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
	int i = lex_expect_choice(p, t, attr, all, 16, 0,
	                          "a color (black, red, green, yellow, blue, "
	                          "magenta, cyan, white, or bright_ and one of "
	                          "them)");

	if (i < 0)
		return -1;
	*color = (uint8_t)(i % 8);
	*bright = (uint8_t)(i / 8);
	return 0;
}

static int record_text(struct parser *p, struct tok *t,
                       const struct record_keyword *kw, char *base)
{
	char **f = (char **)(base + kw->off);
	char shown[LEX_SHOW_SIZE];

	if (lex_next(p, t) == TOK_BAD)
		return -1;
	if (t->kind != TOK_STRING) {
		problem_here(p, t->col, NULL,
		             "'%s' must be a string in double quotes, got %s",
		             kw->name, lex_show(t, shown, sizeof(shown)));
		return -1;
	}
	free(*f);
	/* A string holds no NUL: the line it was read from holds none. */
	*f = strndup(t->s, t->n);
	if (!*f) {
		problem_here(p, t->col, NULL, "out of memory");
		return -1;
	}
	return 0;
}

static int record_ref(struct parser *p, struct tok *t,
                      const struct record_keyword *kw)
{
	int key = kw->type == ARG_KEY_REF;

	if (lex_expect_name(p, t, key ? "a key name" : "a terrain name") != 0)
		return -1;
	/* Terrain records name others, and a tool the terrain it lays. */
	return map_ref_add(
	        p, key ? REF_KEY : REF_TERRAIN,
	        p->rec->keywords == record_key_keywords ? OWN_KEY : OWN_TERRAIN,
	        p->rec_index, kw->off, t);
}

/* The TERRAIN (or '*') of a monster's "cost TERRAIN N|never", into name. */
static int record_override_name(struct parser *p, struct data_monster *m,
                                struct tok *name)
{
	char shown[LEX_SHOW_SIZE];

	if (lex_next(p, name) == TOK_BAD)
		return -1;
	if (name->kind != TOK_WORD ||
	    (strcmp(name->s, "*") && !lex_is_name(name->s, name->n))) {
		problem_here(
		        p, name->col, NULL,
		        "'cost' needs a terrain name (or '*') and a value, "
		        "got %s",
		        lex_show(name, shown, sizeof(shown)));
		return -1;
	}
	if (m->noverrides >= DATA_OVERRIDE_MAX) {
		problem_here(p, name->col, NULL,
		             "too many cost overrides for one monster (at most "
		             "%d)",
		             DATA_OVERRIDE_MAX);
		return -1;
	}
	return 0;
}

/* Its N or never (0), into v. */
static int record_override_cost(struct parser *p, const struct tok *name,
                                struct tok *t, long *v)
{
	char shown[LEX_SHOW_SIZE];

	if (lex_next(p, t) == TOK_BAD)
		return -1;
	if (t->kind == TOK_WORD && !strcmp(t->s, "never")) {
		*v = 0;
	} else if (!strcmp(name->s, "*")) {
		problem_here(p, t->col, NULL,
		             "'cost *' only takes 'never', got %s",
		             lex_show(t, shown, sizeof(shown)));
		return -1;
	} else if (t->kind != TOK_WORD ||
	           lex_long(t->s, 1, DATA_COST_MAX, v) != 0) {
		problem_here(p, t->col, NULL,
		             "'cost %s' must be an integer from 1 to %d or "
		             "'never', got %s",
		             name->s, DATA_COST_MAX,
		             lex_show(t, shown, sizeof(shown)));
		return -1;
	}
	return 0;
}

static int record_override(struct parser *p, struct tok *t,
                           const struct record_keyword *kw, char *base)
{
	struct data_monster *m = (struct data_monster *)base;
	struct data_override *o;
	struct tok name;
	long v;

	if (record_override_name(p, m, &name) != 0 ||
	    record_override_cost(p, &name, t, &v) != 0)
		return -1;
	o = &m->overrides[m->noverrides];
	o->cost = (uint8_t)v;
	o->terrain = -1;
	if (strcmp(name.s, "*") &&
	    map_ref_add(p, REF_TERRAIN,
	                m == p->d->player ? OWN_PLAYER : OWN_MONSTER,
	                p->rec_index,
	                kw->off + m->noverrides * sizeof(*o) +
	                        offsetof(struct data_override, terrain),
	                &name) != 0)
		return -1;
	m->noverrides++;
	return 0;
}

/* Parses the value(s) of keyword kw into the current record. */
static int record_value(struct parser *p, const struct record_keyword *kw)
{
	char *base = record_current(p);
	struct tok t;
	long v;

	switch (kw->type) {
	case ARG_GLYPH:
		return lex_expect_glyph(p, &t, kw->name, base + kw->off);
	case ARG_COLOR:
		/* bright always follows color in the structs. */
		return record_color(p, &t, kw->name, (uint8_t *)base + kw->off,
		                    (uint8_t *)base + kw->off + 1);
	case ARG_BOOL:
		v = lex_expect_choice(p, &t, kw->name, record_bool_names, 2, 0,
		                      "'yes' or 'no'");
		return v < 0 ? -1 : record_store_int(base, kw, v);
	case ARG_INT:
		if (lex_expect_int(p, &t, kw->name, kw->min, kw->max,
		                   kw->expect, &v) != 0)
			return -1;
		return record_store_int(base, kw, v);
	case ARG_DOOR:
		v = lex_expect_choice(p, &t, kw->name, record_door_names, 4, 1,
		                      "closed, open or locked");
		return v < 0 ? -1 : record_store_int(base, kw, v);
	case ARG_CHOICE:
		v = lex_expect_choice(p, &t, kw->name, kw->names,
		                      (size_t)kw->max, 0, kw->expect);
		return v < 0 ? -1 : record_store_int(base, kw, v);
	case ARG_TEXT:
		return record_text(p, &t, kw, base);
	case ARG_TERRAIN_REF:
	case ARG_KEY_REF:
		return record_ref(p, &t, kw);
	case ARG_OVERRIDE:
		return record_override(p, &t, kw, base);
	case ARG_KIND: {
		struct data_level *l = (struct data_level *)base;

		if (lex_expect_name(p, &t, "a monster kind's name") != 0)
			return -1;
		if (l->nkinds >= DATA_LEVEL_KINDS) {
			problem_here(
			        p, t.col, NULL,
			        "too many kinds for one level (at most %d)",
			        DATA_LEVEL_KINDS);
			return -1;
		}
		memcpy(l->kinds[l->nkinds], t.s, t.n);
		l->kinds[l->nkinds++][t.n] = '\0';
		return 0;
	}
	case ARG_NAME:
		if (lex_expect_name(p, &t, "a map name") != 0)
			return -1;
		/* A name is at most DATA_NAME_MAX bytes, as is the field. */
		memcpy(base + kw->off, t.s, t.n);
		base[kw->off + t.n] = '\0';
		return 0;
	}
	return -1;
}

/* ---- lines of a record ------------------------------------------------- */

/* Reports a keyword given twice (most may be given once per record). */
static int record_twice(struct parser *p, const struct record_keyword *kw,
                        const struct tok *t)
{
	uint64_t bit = (uint64_t)1 << (kw - p->rec->keywords);

	if ((p->rec_seen & bit) && !kw->repeat) {
		problem_here(p, t->col, NULL, "'%s' is given twice for %s",
		             kw->name, p->rec->name);
		return 1;
	}
	p->rec_seen |= bit;
	return 0;
}

void record_attrs(struct parser *p)
{
	struct tok t;
	char hint[96], q[PROBLEM_QUOTE_SIZE];

	t.kind = TOK_END;
	while (!p->stop && lex_next(p, &t) == TOK_WORD) {
		const struct record_keyword *kw =
		        record_keyword_find(p->rec, t.s);

		if (!kw) {
			const char *cands[RECORD_KEYWORD_MAX];
			size_t n = record_keywords(p->rec, cands);

			problem_here(
			        p, t.col,
			        problem_hint(t.s, cands, n, hint, sizeof(hint)),
			        "unknown keyword '%s' for a %s",
			        problem_quote(t.s, t.n, q, sizeof(q)),
			        p->rec->name);
			return;
		}
		if (record_twice(p, kw, &t) || record_value(p, kw) != 0)
			return;
	}
	if (t.kind == TOK_CHAR || t.kind == TOK_STRING) {
		char shown[LEX_SHOW_SIZE];

		problem_here(p, t.col, NULL, "expected a keyword, got %s",
		             lex_show(&t, shown, sizeof(shown)));
	}
}

void record_finish(struct parser *p)
{
	const struct record_kind *k = p->rec;
	const char *item = record_current(p);

	/* A record whose lines had errors may have lost its glyph to them:
	 * say nothing more about it. */
	if (k->glyph != RECORD_NO_GLYPH && !item[k->glyph] &&
	    p->diags->errors == p->rec_errors)
		problem_at(p->diags, &p->rec_loc, NULL, "%s '%s' has no glyph",
		           k->name, item);
	else if (k->finish && p->diags->errors == p->rec_errors)
		k->finish(p, (char *)item);
	problem_check_full(p);
	p->rec = NULL;
	problem_loc_fini(&p->rec_loc);
}

/* ---- record headers ---------------------------------------------------- */

/* A record of kind k named name, or NULL; for a single kind, its one
 * record whatever the name. */
static const char *record_find(struct data *d, const struct record_kind *k,
                               const char *name)
{
	size_t n, i;
	const char *items = k->list(d, &n);

	for (i = 0; i < n; i++) {
		const char *item = items + i * k->size;

		if (k->single || !strcmp(item, name))
			return item;
	}
	return NULL;
}

/* Whether a record of kind k named t may be added: the first of its name
 * and not one too many (1), or one that a player's file over the shipped
 * one changes (2).  Its index goes into *count. */
static int record_may_add(struct parser *p, const struct record_kind *k,
                          const struct tok *kw, const struct tok *t,
                          size_t *count)
{
	const char *prev = record_find(p->d, k, t->s);
	const struct data_src *src =
	        prev ? (const struct data_src *)(prev + k->src) : NULL;

	if (prev && k->single) {
		problem_here(
		        p, kw->col, NULL,
		        "a second %s '%s' (the first is '%s' at %s:%d; one "
		        "%s per map file)",
		        k->name, t->s, prev, src->file, src->line, k->name);
		return 0;
	}
	if (prev && p->overlay) {
		/* The player's file changes the record it names. */
		const char *items = k->list(p->d, count);

		*count = (size_t)(prev - items) / k->size;
		return 2;
	}
	if (prev) {
		problem_here(p, t->col, NULL,
		             "duplicate %s '%s' (first defined at %s:%d)",
		             k->name, t->s, src->file, src->line);
		return 0;
	}
	k->list(p->d, count);
	if (*count >= k->max) {
		problem_here(p, kw->col, NULL,
		             "too many %s records (at most %zu)", k->name,
		             k->max);
		p->d->pending->incomplete = 1;
		return 0;
	}
	return 1;
}

void record_parse(struct parser *p, struct tok *kw)
{
	const struct record_kind *k = NULL;
	struct data_src src = {p->file, p->lineno, kw->col, 0};
	struct tok t;
	size_t i, count;
	char *item;
	int may;

	/* The directives of load.c send only record keywords here. */
	for (i = 0; i < RECORD_KIND_COUNT && !k; i++)
		if (!strcmp(kw->s, record_kinds[i].name))
			k = &record_kinds[i];
	if (lex_expect_name(p, &t, k->expect) != 0 ||
	    !(may = record_may_add(p, k, kw, &t, &count)))
		return;
	item = may == 2 ? (char *)k->list(p->d, &i) + count * k->size
	                : k->add(p, kw->col);
	if (!item) {
		problem_here(p, kw->col, NULL, "out of memory");
		return;
	}
	memcpy(item, t.s, t.n);
	item[t.n] = '\0';
	src.changed = may == 2;
	memcpy(item + k->src, &src, sizeof(src));
	p->rec = k;
	p->rec_index = (int)count;
	p->rec_seen = 0;
	p->rec_errors = p->diags->errors;
	problem_loc(p, kw->col, &p->rec_loc);
	record_attrs(p);
}
