/* SPDX-License-Identifier: MIT */
/* map.c - the dungeon of a map file: its legend and its MAP block as they
 * are read; then, once every file has been read (a name may be used
 * before the record that defines it, even in a later file), the names
 * resolved, the doors of the terrain checked, and the dungeon built: the
 * terrain of each cell, the things placed on it, and whether each may
 * stand where it is. */
#include "data_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names to resolve -------------------------------------------------- */

int map_ref_add(struct parser *p, int kind, int owner, int index, size_t off,
                const struct tok *t)
{
	struct data_pending *pd = p->d->pending;
	struct ref *r;

	if (pd->nrefs == pd->capref) {
		size_t cap = pd->capref ? pd->capref * 2 : 32;
		struct ref *refs = realloc(pd->refs, cap * sizeof(*refs));

		if (!refs) {
			problem_here(p, t->col, NULL, "out of memory");
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
	problem_loc(p, t->col, &r->loc);
	return 0;
}

/* The index of r's name among the records of its kind, or -1; the names
 * of that kind go into cands (when not NULL) for "did you mean". */
static int map_ref_lookup(const struct data *d, const struct ref *r,
                          const char **cands, size_t *n)
{
	size_t j;

	*n = 0;
	switch (r->kind) {
	case REF_TERRAIN:
		for (j = 0; cands && j < d->nterrain; j++)
			cands[(*n)++] = d->terrain[j].name;
		return data_terrain_find(d, r->name);
	case REF_KEY:
		for (j = 0; cands && j < d->nkeys; j++)
			cands[(*n)++] = d->keys[j].name;
		return data_key_find(d, r->name);
	case REF_MONSTER:
		for (j = 0; cands && j < d->nmonsters; j++)
			cands[(*n)++] = d->monsters[j].name;
		return data_monster_find(d, r->name);
	}
	return -1;
}

/* The item whose field r fills. */
static char *map_ref_owner(struct data *d, const struct ref *r)
{
	switch (r->owner) {
	case OWN_TERRAIN:
		return (char *)&d->terrain[r->index];
	case OWN_MONSTER:
		return (char *)&d->monsters[r->index];
	case OWN_PLAYER:
		return (char *)d->player;
	case OWN_KEY:
		return (char *)&d->keys[r->index];
	default:
		return (char *)&d->pending->legend[r->index];
	}
}

void map_resolve(struct data *d, struct diag_list *dl)
{
	static const char *const kind_names[] = {"terrain", "key", "monster"};
	struct data_pending *pd = d->pending;
	size_t i, max = d->nterrain + d->nkeys + d->nmonsters + 1;
	/* No room for candidates only costs the hints. */
	const char **cands = malloc(max * sizeof(*cands));

	for (i = 0; i < pd->nrefs; i++) {
		struct ref *r = &pd->refs[i];
		char hint[96];
		size_t n;
		int idx = map_ref_lookup(d, r, cands, &n);

		if (idx < 0) {
			problem_at(dl, &r->loc,
			           cands ? problem_hint(r->name, cands, n, hint,
			                                sizeof(hint))
			                 : NULL,
			           "unknown %s '%s'", kind_names[r->kind],
			           r->name);
			if (r->owner == OWN_LEGEND)
				pd->legend[r->index].broken = 1;
			else if (r->owner == OWN_TERRAIN)
				pd->terrain_broken[r->index] = 1;
			else if (r->owner == OWN_MONSTER)
				pd->monster_broken[r->index] = 1;
			continue;
		}
		memcpy(map_ref_owner(d, r) + r->off, &idx, sizeof(idx));
	}
	free(cands);
}

void map_check_terrain(struct data *d, struct diag_list *dl)
{
	size_t i;

	for (i = 0; i < d->nterrain; i++) {
		struct data_terrain *t = &d->terrain[i];

		/* A name it gives is unknown (reported): its door would be
		 * judged without that name, "needs 'opens_to'" for one that
		 * has it. */
		if (d->pending->terrain_broken[i])
			continue;
		if ((t->door == DATA_DOOR_CLOSED ||
		     t->door == DATA_DOOR_LOCKED) &&
		    t->opens_to < 0)
			problem_src(
			        dl, &t->src,
			        "door '%s' needs 'opens_to' (the terrain it "
			        "becomes when opened)",
			        t->name);
		if (t->opens_to >= 0 &&
		    d->terrain[t->opens_to].door != DATA_DOOR_OPEN)
			problem_src(
			        dl, &t->src,
			        "'opens_to' of '%s' names '%s', which is not "
			        "a 'door open' terrain",
			        t->name, d->terrain[t->opens_to].name);
		if (t->closes_to >= 0 &&
		    d->terrain[t->closes_to].door != DATA_DOOR_CLOSED &&
		    d->terrain[t->closes_to].door != DATA_DOOR_LOCKED)
			problem_src(
			        dl, &t->src,
			        "'closes_to' of '%s' names '%s', which is not "
			        "a closed or locked door",
			        t->name, d->terrain[t->closes_to].name);
		if (t->door != DATA_DOOR_LOCKED && t->unlocked_by >= 0)
			problem_src(dl, &t->src,
			            "'%s' has 'unlocked_by' but is not 'door "
			            "locked'",
			            t->name);
	}
	/* A tool that lays terrain names it. */
	for (i = 0; i < d->nkeys; i++) {
		const struct data_key *k = &d->keys[i];

		if (k->makes < 0 &&
		    (k->use == DATA_USE_CALTROPS || k->use == DATA_USE_WEDGE ||
		     k->use == DATA_USE_SMOKE))
			problem_src(dl, &k->src,
			            "tool '%s' needs 'makes' (the terrain it "
			            "lays)",
			            k->name);
	}
}

/* ---- the legend -------------------------------------------------------- */

static const char *const map_place_names[] = {"", "player", "monster", "key",
                                              "exit"};

/* What may follow a legend's terrain: player, exit, monster NAME or key
 * NAME, into e.  Returns -1 when the line does not say what it places. */
static int map_legend_thing(struct parser *p, struct legend *e, char glyph)
{
	struct tok t;
	char shown[LEX_SHOW_SIZE];
	int place;

	if (lex_next(p, &t) == TOK_BAD)
		return -1;
	if (t.kind == TOK_END)
		return 0;
	p->pos = (size_t)t.col - 1;
	place = lex_expect_choice(p, &t, "legend", map_place_names, 5, 1,
	                          "player, exit, monster NAME or key NAME "
	                          "after the terrain");
	if (place < 0) {
		e->broken = 1;
		return -1;
	}
	e->place = place;
	if (place == DATA_PLACE_MONSTER || place == DATA_PLACE_KEY) {
		if (lex_expect_name(p, &t,
		                    place == DATA_PLACE_KEY
		                            ? "a key name"
		                            : "a monster name") != 0) {
			e->broken = 1;
			return -1;
		}
		if (map_ref_add(p,
		                place == DATA_PLACE_KEY ? REF_KEY : REF_MONSTER,
		                OWN_LEGEND, (unsigned char)glyph,
		                offsetof(struct legend, what), &t) != 0)
			return -1;
	}
	if (lex_next(p, &t) != TOK_END && t.kind != TOK_BAD)
		problem_here(p, t.col, NULL,
		             "unexpected %s at the end of the legend",
		             lex_show(&t, shown, sizeof(shown)));
	return 0;
}

/* "legend GLYPH TERRAIN [player | exit | monster NAME | key NAME]" */
void map_legend(struct parser *p, struct tok *kw)
{
	struct data_pending *pd = p->d->pending;
	struct legend *e;
	struct tok t, g;
	char glyph;

	if (!pd->dungeon_seen) {
		problem_here(p, kw->col, NULL,
		             "'legend' outside a dungeon (start one with "
		             "'dungeon NAME')");
		return;
	}
	if (lex_expect_glyph(p, &g, "legend", &glyph) != 0)
		goto unread;
	e = &pd->legend[(unsigned char)glyph];
	if (e->defined) {
		problem_here(p, g.col, NULL,
		             "glyph '%c' is already in the legend (line %d)",
		             glyph, e->loc.line);
		return;
	}
	memset(e, 0, sizeof(*e));
	e->terrain = -1;
	e->what = -1;
	if (lex_expect_name(p, &t, "a terrain name") != 0)
		goto unread;
	e->defined = 1;
	problem_loc(p, g.col, &e->loc);
	if (map_ref_add(p, REF_TERRAIN, OWN_LEGEND, (unsigned char)glyph,
	                offsetof(struct legend, terrain), &t) != 0 ||
	    map_legend_thing(p, e, glyph) != 0)
		goto unread;
	return;
unread:
	/* What a glyph means is not known: an unknown glyph or a missing
	 * player start on the map would only be this line's doing. */
	pd->map_broken = 1;
}

/* ---- the MAP block ----------------------------------------------------- */

void map_begin(struct parser *p, struct tok *kw)
{
	struct data_pending *pd = p->d->pending;
	struct tok t;
	char shown[LEX_SHOW_SIZE];

	if (lex_next(p, &t) != TOK_END) {
		if (t.kind != TOK_BAD)
			problem_here(
			        p, t.col, NULL,
			        "unexpected %s after MAP (the rows start on "
			        "the next line)",
			        lex_show(&t, shown, sizeof(shown)));
	}
	p->in_map = MAP_READING;
	if (!pd->dungeon_seen) {
		problem_here(p, kw->col, NULL,
		             "MAP outside a dungeon (start one with 'dungeon "
		             "NAME')");
		pd->map_broken = 1;
	}
	if (pd->map_seen) {
		problem_here(p, kw->col, NULL,
		             "a second MAP block (the first is at line %d)",
		             pd->map_loc.line);
		/* Read it as rows to find its ENDMAP, but keep the first. */
		p->in_map = MAP_SKIPPING;
		return;
	}
	pd->map_seen = 1;
	problem_loc(p, kw->col, &pd->map_loc);
	pd->first_row_line = p->lineno + 1;
}

/* The file ended inside a MAP block. */
void map_unclosed(struct parser *p)
{
	struct data_pending *pd = p->d->pending;

	if (p->in_map == MAP_READING)
		problem_at(p->diags, &pd->map_loc, NULL,
		           "MAP block is not closed (no ENDMAP line)");
	pd->map_broken = 1;
	p->in_map = MAP_OUTSIDE;
}

/* ENDMAP, alone on its line (spaces after it allowed), ends the block. */
static int map_row_is_end(struct parser *p)
{
	struct data_pending *pd = p->d->pending;
	size_t n = p->len;

	while (n > 0 && lex_is_space(p->line[n - 1]))
		n--;
	if (n != 6 || memcmp(p->line, "ENDMAP", 6))
		return 0;
	if (pd->height == 0 && !pd->map_broken && p->in_map == MAP_READING) {
		problem_here(p, 1, NULL, "the MAP block has no rows");
		pd->map_broken = 1;
	}
	p->in_map = MAP_OUTSIDE;
	return 1;
}

/* Reports a row that cannot join the map: a byte that is not ASCII, a
 * first row empty or too wide (else it sets the width), a row of another
 * width, one row too many. */
static int map_row_check(struct parser *p)
{
	struct data_pending *pd = p->d->pending;
	size_t i;

	for (i = 0; i < p->len; i++) {
		if ((unsigned char)p->line[i] >= 0x80) {
			problem_here(
			        p, (int)i + 1, NULL,
			        "byte 0x%02x in a map row (glyphs are ASCII)",
			        (unsigned char)p->line[i]);
			return -1;
		}
	}
	if (pd->height == 0) {
		if (p->len == 0) {
			problem_here(p, 1, NULL, "empty map row");
			return -1;
		}
		if (p->len > DATA_MAP_MAX_DIM) {
			problem_here(p, DATA_MAP_MAX_DIM + 1, NULL,
			             "map is wider than %d columns",
			             DATA_MAP_MAX_DIM);
			return -1;
		}
		pd->width = (int)p->len;
	} else if (p->len != (size_t)pd->width) {
		problem_here(p,
		             (int)(p->len < (size_t)pd->width
		                           ? p->len
		                           : (size_t)pd->width) +
		                     1,
		             NULL,
		             "map row is %zu columns wide but the first row is "
		             "%d (maps must be rectangular)",
		             p->len, pd->width);
		return -1;
	}
	if (pd->height >= DATA_MAP_MAX_DIM) {
		problem_here(p, 1, NULL, "map has more than %d rows",
		             DATA_MAP_MAX_DIM);
		return -1;
	}
	return 0;
}

void map_row(struct parser *p)
{
	struct data_pending *pd = p->d->pending;

	if (map_row_is_end(p) || p->in_map == MAP_SKIPPING || pd->map_broken)
		return;
	if (map_row_check(p) != 0) {
		pd->map_broken = 1;
		return;
	}
	if (data_grow((void **)&pd->rows, (size_t)pd->height,
	              (size_t)pd->width) != 0) {
		problem_here(p, 1, NULL, "out of memory");
		pd->map_broken = 1;
		return;
	}
	memcpy(pd->rows + (size_t)pd->height * (size_t)pd->width, p->line,
	       p->len);
	pd->height++;
}

/* ---- building the dungeon ---------------------------------------------- */

void map_cell_report(struct diag_list *dl, enum diag_severity sev,
                     const struct data_map *m, int x, int y, const char *msg)
{
	const size_t i = (size_t)y * (size_t)m->width + (size_t)x;
	const char *row = (m->source ? m->source : m->glyphs) +
	                  (size_t)y * (size_t)m->width;
	const struct data_rule *r;

	if (!m->varied) {
		diag_add(dl, sev, m->src.file, m->first_row_line + y, x + 1,
		         row, (size_t)m->width, NULL, "%s", msg);
		return;
	}
	/* A variant's problem is the seed's and, when a rule wrote the
	 * cell, that rule's: the rule is what to change. */
	if (!m->rule_of || !m->rule_of[i]) {
		diag_add(dl, sev, m->src.file, m->first_row_line + y, x + 1,
		         row, (size_t)m->width, NULL, "seed %llu: %s",
		         (unsigned long long)m->variant, msg);
		return;
	}
	r = &m->rules[m->rule_of[i] - 1];
	diag_add(dl, sev, r->src.file, r->src.line, r->src.col, r->line,
	         strlen(r->line), NULL,
	         "seed %llu: %s (this rule made '%c' at %d:%d)",
	         (unsigned long long)m->variant, msg, m->glyphs[i],
	         m->first_row_line + y, x + 1);
}

/* Shows a glyph in a message: 'x', or its byte value when unprintable. */
static const char *map_glyph_show(unsigned char c, char *buf, size_t size)
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

int map_place_add(struct data_map *m, int kind, int what, int x, int y)
{
	struct data_place *pl;

	if (data_grow((void **)&m->places, m->nplaces, sizeof(*pl)) != 0)
		return -1;
	pl = m->places + m->nplaces++;
	memset(pl, 0, sizeof(*pl));
	pl->kind = (uint8_t)kind;
	pl->what = what;
	pl->x = x;
	pl->y = y;
	return 0;
}

/* What filling the cells from the rows has found so far. */
struct map_fill {
	unsigned char seen[128]; /* unknown glyphs already reported */
	int players;
	int px; /* the first player start */
	int py;
	int exits;
	int dropped; /* things past DATA_PLACE_MAX */
};

/* The rows read become the map's glyphs, with a cell for each. */
static int map_take_rows(struct data *d, struct diag_list *dl)
{
	struct data_pending *pd = d->pending;
	struct data_map *m = d->map;
	size_t ncells;

	m->width = pd->width;
	m->height = pd->height;
	m->first_row_line = pd->first_row_line;
	m->glyphs = pd->rows;
	pd->rows = NULL;
	ncells = (size_t)m->width * (size_t)m->height;
	m->cells = calloc(ncells ? ncells : 1, 1);
	if (!m->cells) {
		problem_at(dl, &pd->map_loc, NULL, "out of memory");
		return -1;
	}
	return 0;
}

/* Cell (x, y) from its glyph's legend: its terrain, and what the legend
 * places there.  Returns -1 only when out of memory. */
static int map_fill_cell(struct data *d, struct diag_list *dl,
                         struct map_fill *f, int x, int y)
{
	struct data_map *m = d->map;
	size_t i = (size_t)y * m->width + x;
	unsigned char c = (unsigned char)m->glyphs[i];
	const struct legend *e = &d->pending->legend[c & 0x7f];
	char msg[256], g[32];

	if (!e->defined) {
		if (!f->seen[c & 0x7f]) {
			f->seen[c & 0x7f] = 1;
			snprintf(msg, sizeof(msg),
			         "unknown glyph %s (not in the legend)",
			         map_glyph_show(c, g, sizeof(g)));
			map_cell_report(dl, DIAG_ERROR, m, x, y, msg);
		}
		return 0;
	}
	if (!e->broken && e->terrain >= 0)
		m->cells[i] = (uint8_t)e->terrain;
	if (e->place == DATA_PLACE_NONE)
		return 0;
	/* A player start or an exit counts even when a name of its legend
	 * is unknown (reported), so that none is said to be missing. */
	if (e->place == DATA_PLACE_PLAYER) {
		if (f->players++ > 0) {
			snprintf(msg, sizeof(msg),
			         "a second player start (the first is at "
			         "%d:%d)",
			         m->first_row_line + f->py, f->px + 1);
			map_cell_report(dl, DIAG_ERROR, m, x, y, msg);
			return 0;
		}
		f->px = x;
		f->py = y;
	}
	if (e->place == DATA_PLACE_EXIT)
		f->exits++;
	if (e->broken || e->terrain < 0)
		return 0;
	if (m->nplaces >= DATA_PLACE_MAX) {
		if (f->dropped++ == 0) {
			snprintf(msg, sizeof(msg),
			         "too many things placed on the map (at most "
			         "%d: the player, the exits, the keys and the "
			         "monsters)",
			         DATA_PLACE_MAX);
			map_cell_report(dl, DIAG_ERROR, m, x, y, msg);
		}
		return 0;
	}
	if (map_place_add(m, e->place, e->what, x, y) != 0) {
		map_cell_report(dl, DIAG_ERROR, m, x, y, "out of memory");
		return -1;
	}
	return 0;
}

/* A map needs a player start and an exit. */
static void map_check_ends(struct data *d, struct diag_list *dl,
                           const struct map_fill *f)
{
	struct data_pending *pd = d->pending;
	size_t i;

	if (f->players == 0) {
		for (i = 0; i < 128; i++)
			if (pd->legend[i].defined &&
			    pd->legend[i].place == DATA_PLACE_PLAYER)
				break;
		if (i < 128)
			problem_at(
			        dl, &pd->map_loc, NULL,
			        "no player start: the player's glyph '%c' is "
			        "not on the map",
			        (int)i);
		else
			problem_at(
			        dl, &pd->map_loc, NULL,
			        "no player start: no legend entry places the "
			        "player");
	}
	if (f->exits == 0)
		problem_at(
		        dl, &pd->map_loc, NULL,
		        "no exit: no legend entry with 'exit' is on the map");
}

int map_place_fits(const struct data *d, const struct data_place *pl, int t,
                   char *who, size_t size)
{
	const struct data_terrain *tt = &d->terrain[t];
	int ok = tt->walk;

	switch (pl->kind) {
	case DATA_PLACE_MONSTER:
		snprintf(who, size, "monster '%s'", d->monsters[pl->what].name);
		ok = data_terrain_cost(d, &d->monsters[pl->what], 0, t) != 0;
		break;
	case DATA_PLACE_KEY:
		snprintf(who, size, "key '%s'", d->keys[pl->what].name);
		break;
	case DATA_PLACE_EXIT:
		snprintf(who, size, "the exit");
		break;
	default:
		snprintf(who, size, "the player");
		break;
	}
	if (tt->door == DATA_DOOR_CLOSED || tt->door == DATA_DOOR_LOCKED)
		ok = 0;
	return ok;
}

/* Everything placed must stand on a cell it may be on. */
static void map_check_places(struct data *d, struct diag_list *dl)
{
	const struct data_map *m = d->map;
	size_t i;

	for (i = 0; i < m->nplaces; i++) {
		const struct data_place *pl = &m->places[i];
		int t = m->cells[(size_t)pl->y * m->width + pl->x];
		char who[64], msg[256];

		/* Its name was never resolved, or a name its kind gives
		 * was not (its costs are not known): an error already said
		 * so. */
		if (pl->what < 0 && (pl->kind == DATA_PLACE_MONSTER ||
		                     pl->kind == DATA_PLACE_KEY))
			continue;
		if (pl->kind == DATA_PLACE_MONSTER &&
		    d->pending->monster_broken[pl->what])
			continue;
		if (!map_place_fits(d, pl, t, who, sizeof(who))) {
			snprintf(msg, sizeof(msg), "%s cannot stand on '%s'",
			         who, d->terrain[t].name);
			map_cell_report(dl, DIAG_ERROR, m, pl->x, pl->y, msg);
		}
	}
}

/* The glyphs as written, and the legend, for drawing variants later. */
static int map_keep_source(struct data *d, struct diag_list *dl)
{
	struct data_map *m = d->map;
	const size_t cells = (size_t)m->width * (size_t)m->height;
	size_t i;

	for (i = 0; i < 128; i++) {
		const struct legend *e = &d->pending->legend[i];

		m->legend[i].defined =
		        e->defined && !e->broken && e->terrain >= 0;
		m->legend[i].place = (uint8_t)e->place;
		m->legend[i].terrain = e->terrain;
		m->legend[i].what = e->what;
	}
	if (!m->nrules)
		return 0;
	m->source = malloc(cells ? cells : 1);
	if (!m->source) {
		problem_at(dl, &d->pending->map_loc, NULL, "out of memory");
		return -1;
	}
	memcpy(m->source, m->glyphs, cells);
	return 0;
}

void map_build(struct data *d, struct diag_list *dl)
{
	struct data_pending *pd = d->pending;
	struct data_map *m = d->map;
	struct map_fill f;
	int x, y;

	if (!m)
		return;
	if (!pd->map_seen) {
		problem_at(dl, &pd->dungeon_loc, NULL,
		           "dungeon '%s' has no MAP block", m->name);
		return;
	}
	if (pd->map_broken || map_take_rows(d, dl) != 0)
		return;
	if (map_keep_source(d, dl) != 0)
		return;
	if (m->nrules) {
		/* The map as written holds marks the rules rewrite: what is
		 * built is the variant of seed 1, as a game would draw it. */
		size_t errors = dl->errors, i;

		vary_check(d, dl);
		for (i = 0; i < 128; i++)
			if (pd->legend[i].broken)
				return;
		if (dl->errors == errors)
			data_vary(d, 1, dl);
		return;
	}
	memset(&f, 0, sizeof(f));
	f.px = f.py = -1;
	for (y = 0; y < m->height; y++)
		for (x = 0; x < m->width; x++)
			if (map_fill_cell(d, dl, &f, x, y) != 0)
				return;
	m->player_x = f.px;
	m->player_y = f.py;
	map_check_ends(d, dl, &f);
	map_check_places(d, dl);
}
