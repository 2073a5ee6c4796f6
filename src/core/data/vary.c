/* SPDX-License-Identifier: MIT */
/* vary.c - levels that vary with the seed: the rules of a map file that
 * rewrite its glyphs as written (vary, deal, shuffle), checked once
 * every file has been read, and the variant a seed draws from them.
 *
 * The rules rewrite glyphs only, in the order of the file, and the
 * legend reads the result: so a cell may be a monster in one game and
 * floor in the next, a wall one game and a door the next, and any thing
 * a legend can place joins a rule without the rules knowing what it is.
 * The draw uses its own generator seeded from the level's seed, so the
 * world's generator and everything after it is the same whether a map
 * varies or not; a replay, a resumed save and a reload, which make the
 * world from the same seed, make the same variant. */
#include "data_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"

/* Mixed into the level's seed so that the variant and the world's own
 * generator do not draw the same numbers. */
#define VARY_SEED_SALT 0x76617269616e7473ull

static const char *const vary_names[] = {"", "vary", "deal", "shuffle"};

/* ---- reading a rule ---------------------------------------------------- */

/* What the next token is, without taking it: TOK_END at the end of the
 * line, TOK_BAD for one already reported. */
static int vary_peek(struct parser *p)
{
	size_t pos = p->pos;
	struct tok t;
	int kind = lex_next(p, &t);

	if (kind != TOK_BAD)
		p->pos = pos;
	return kind;
}

/* The next token as a glyph into c; reported when it is not one. */
static int vary_glyph(struct parser *p, const char *what, struct data_choice *c)
{
	struct tok t;

	if (lex_expect_glyph(p, &t, what, &c->glyph) != 0)
		return -1;
	c->col = t.col;
	return 0;
}

/* After a choice's glyph: a weight (vary) or a count or "rest" (deal). */
static int vary_number(struct parser *p, const struct data_rule *r,
                       struct data_choice *c)
{
	size_t pos = p->pos;
	struct tok t;
	long n;

	if (r->kind == DATA_RULE_VARY) {
		c->n = 1;
		if (lex_next(p, &t) != TOK_WORD) {
			p->pos = pos;
			return t.kind == TOK_BAD ? -1 : 0;
		}
		p->pos = pos;
		if (lex_expect_int(p, &t, "vary", 1, DATA_WEIGHT_MAX, NULL,
		                   &n) != 0)
			return -1;
		c->n = (int)n;
		return 0;
	}
	if (lex_next(p, &t) == TOK_WORD && !strcmp(t.s, "rest")) {
		c->n = DATA_CHOICE_REST;
		return 0;
	}
	if (t.kind == TOK_BAD)
		return -1;
	p->pos = pos;
	if (lex_expect_int(p, &t, "deal", 0, DATA_PLACE_MAX, NULL, &n) != 0)
		return -1;
	c->n = (int)n;
	return 0;
}

/* The rule's glyphs after its marked glyph, up to the end of the line. */
static int vary_choices(struct parser *p, struct data_rule *r, int kwcol)
{
	size_t i;

	for (;;) {
		struct data_choice *c = &r->choices[r->nchoices];
		int next = vary_peek(p);

		if (next == TOK_BAD)
			return -1;
		if (next == TOK_END)
			break;

		if (r->nchoices == DATA_CHOICE_MAX) {
			problem_here(p, (int)p->pos + 1, NULL,
			             "more than %d glyphs in one rule",
			             DATA_CHOICE_MAX);
			return -1;
		}
		if (vary_glyph(p, vary_names[r->kind], c) != 0)
			return -1;
		if (r->kind == DATA_RULE_SHUFFLE) {
			c->n = 1;
			for (i = 0; i < r->nchoices; i++)
				if (r->choices[i].glyph == c->glyph) {
					problem_here(
					        p, c->col, NULL,
					        "glyph '%c' is twice in the "
					        "shuffle",
					        c->glyph);
					return -1;
				}
		} else if (vary_number(p, r, c) != 0) {
			return -1;
		}
		if (r->kind == DATA_RULE_DEAL && r->nchoices > 0 &&
		    r->choices[r->nchoices - 1].n == DATA_CHOICE_REST) {
			problem_here(p, c->col, NULL,
			             "nothing may follow 'rest' in a deal");
			return -1;
		}
		r->nchoices++;
	}
	if (r->kind == DATA_RULE_SHUFFLE && r->nchoices < 2) {
		problem_here(p, r->nchoices ? r->choices[0].col : kwcol, NULL,
		             "'shuffle' needs at least two glyphs, as in "
		             "shuffle 'A' 'B'");
		return -1;
	}
	if (r->nchoices == 0) {
		problem_here(p, (int)p->pos + 1, NULL,
		             "'%s' needs the glyphs the marked cells become, "
		             "as in %s",
		             vary_names[r->kind],
		             r->kind == DATA_RULE_VARY
		                     ? "vary 'A' '#' 3 '.' 1"
		                     : "deal 'k' 'g' 1 '.' rest");
		return -1;
	}
	if (r->kind == DATA_RULE_DEAL &&
	    r->choices[r->nchoices - 1].n != DATA_CHOICE_REST) {
		problem_here(p, (int)p->pos + 1, NULL,
		             "a deal ends with the glyph the cells left over "
		             "become, as in '.' rest");
		return -1;
	}
	return 0;
}

/* "vary G (G [W])+", "deal G (G N)* G rest", "shuffle G G+" */
void vary_parse(struct parser *p, struct tok *kw)
{
	struct data_map *m = p->d->map;
	struct data_rule r;
	struct data_choice marked;
	size_t i;

	memset(&r, 0, sizeof(r));
	memset(&marked, 0, sizeof(marked));
	for (i = 1; i < 4; i++)
		if (!strcmp(kw->s, vary_names[i]))
			r.kind = (uint8_t)i;
	if (!p->d->pending->dungeon_seen || !m) {
		problem_here(p, kw->col, NULL,
		             "'%s' outside a dungeon (start one with 'dungeon "
		             "NAME')",
		             kw->s);
		return;
	}
	if (m->nrules == DATA_RULE_MAX) {
		problem_here(p, kw->col, NULL, "more than %d rules in one map",
		             DATA_RULE_MAX);
		p->d->pending->map_broken = 1;
		return;
	}
	if ((r.kind != DATA_RULE_SHUFFLE &&
	     vary_glyph(p, vary_names[r.kind], &marked) != 0) ||
	    vary_choices(p, &r, kw->col) != 0) {
		/* What the rule meant is not known: the glyphs it would have
		 * rewritten are not unknown for all that. */
		p->d->pending->map_broken = 1;
		return;
	}
	r.glyph = marked.glyph;
	r.src.file = p->file;
	r.src.line = p->lineno;
	r.src.col = kw->col;
	r.line = malloc(p->len + 1);
	if (!r.line ||
	    data_grow((void **)&m->rules, m->nrules, sizeof(r)) != 0) {
		free(r.line);
		problem_here(p, kw->col, NULL, "out of memory");
		return;
	}
	memcpy(r.line, p->line, p->len);
	r.line[p->len] = '\0';
	m->rules[m->nrules++] = r;
}

/* ---- checking the rules ------------------------------------------------ */

static void vary_report(struct diag_list *dl, enum diag_severity sev,
                        const struct data_rule *r, int col, const char *msg)
{
	diag_add(dl, sev, r->src.file, r->src.line, col, r->line,
	         strlen(r->line), NULL, "%s", msg);
}

/* Every glyph a variant may hold must be in the legend: follows the
 * glyphs that may be on the map through the rules, and reports a glyph
 * a rule brings that the legend lacks at that rule, and one as written
 * that no rule takes away at its first cell. */
void vary_check(struct data *d, struct diag_list *dl)
{
	const struct data_map *m = d->map;
	const size_t cells = (size_t)m->width * (size_t)m->height;
	int from[128]; /* -1: as written; else the rule that brought it */
	int col[128];
	size_t i, j;
	char msg[256];

	for (i = 0; i < 128; i++)
		from[i] = -2;
	for (i = 0; i < cells; i++)
		from[m->source[i] & 0x7f] = -1;
	for (i = 0; i < m->nrules; i++) {
		const struct data_rule *r = &m->rules[i];
		int any = 0;

		if (r->kind == DATA_RULE_SHUFFLE) {
			for (j = 0; j < r->nchoices; j++)
				any |= from[(int)r->choices[j].glyph] != -2;
			if (!any)
				continue;
			for (j = 0; j < r->nchoices; j++)
				if (from[(int)r->choices[j].glyph] == -2) {
					from[(int)r->choices[j].glyph] = (int)i;
					col[(int)r->choices[j].glyph] =
					        r->choices[j].col;
				}
			continue;
		}
		if (from[(int)r->glyph] == -2) {
			snprintf(msg, sizeof(msg),
			         "no cell is '%c' when this rule is read: it "
			         "changes nothing",
			         r->glyph);
			vary_report(dl, DIAG_WARNING, r, r->src.col, msg);
			continue;
		}
		/* Both rules rewrite every marked cell. */
		from[(int)r->glyph] = -2;
		for (j = 0; j < r->nchoices; j++) {
			int g = r->choices[j].glyph;

			if (from[g] == -2 || from[g] == -1) {
				from[g] = (int)i;
				col[g] = r->choices[j].col;
			}
		}
	}
	for (i = 0; i < 128; i++) {
		/* A legend line with a problem has had it reported. */
		if (from[i] == -2 || d->pending->legend[i].defined)
			continue;
		if (from[i] >= 0) {
			snprintf(msg, sizeof(msg),
			         "glyph '%c' is not in the legend", (int)i);
			vary_report(dl, DIAG_ERROR, &m->rules[from[i]], col[i],
			            msg);
			continue;
		}
		for (j = 0; j < cells && (m->source[j] & 0x7f) != (char)i; j++)
			;
		snprintf(msg, sizeof(msg),
		         "unknown glyph '%c' (not in the legend)", (int)i);
		diag_add(dl, DIAG_ERROR, m->src.file,
		         m->first_row_line + (int)(j / (size_t)m->width),
		         (int)(j % (size_t)m->width) + 1,
		         m->source + (j / m->width) * m->width,
		         (size_t)m->width, NULL, "%s", msg);
	}
}

/* ---- drawing a variant ------------------------------------------------- */

/* Each marked cell on its own, by the weights. */
static void vary_each(struct data_map *m, struct rng *g, size_t rule)
{
	const struct data_rule *r = &m->rules[rule];
	const size_t cells = (size_t)m->width * (size_t)m->height;
	uint32_t total = 0;
	size_t i, j;

	for (j = 0; j < r->nchoices; j++)
		total += (uint32_t)r->choices[j].n;
	for (i = 0; i < cells; i++) {
		uint32_t pick;

		if (m->glyphs[i] != r->glyph)
			continue;
		pick = rng_below(g, total);
		for (j = 0; pick >= (uint32_t)r->choices[j].n; j++)
			pick -= (uint32_t)r->choices[j].n;
		m->glyphs[i] = r->choices[j].glyph;
		m->rule_of[i] = (uint16_t)(rule + 1);
	}
}

/* The marked cells in a random order, dealt the counts in turn; a count
 * the cells left cannot fill gets what there is. */
static int vary_deal(struct data_map *m, struct rng *g, size_t rule)
{
	const struct data_rule *r = &m->rules[rule];
	const size_t cells = (size_t)m->width * (size_t)m->height;
	size_t *at = malloc((cells ? cells : 1) * sizeof(*at));
	size_t n = 0, i, j, k = 0;

	if (!at)
		return -1;
	for (i = 0; i < cells; i++)
		if (m->glyphs[i] == r->glyph)
			at[n++] = i;
	for (i = n; i > 1; i--) {
		size_t s = rng_below(g, (uint32_t)i), t = at[i - 1];

		at[i - 1] = at[s];
		at[s] = t;
	}
	for (j = 0; j < r->nchoices; j++) {
		const struct data_choice *c = &r->choices[j];
		size_t give = c->n == DATA_CHOICE_REST ? n : (size_t)c->n;

		for (i = 0; i < give && k < n; i++, k++) {
			m->glyphs[at[k]] = c->glyph;
			m->rule_of[at[k]] = (uint16_t)(rule + 1);
		}
	}
	free(at);
	return 0;
}

/* The group's glyphs trade places: each becomes another of the group. */
static void vary_shuffle(struct data_map *m, struct rng *g, size_t rule)
{
	const struct data_rule *r = &m->rules[rule];
	const size_t cells = (size_t)m->width * (size_t)m->height;
	char to[128];
	char perm[DATA_CHOICE_MAX];
	size_t i;

	for (i = 0; i < r->nchoices; i++)
		perm[i] = r->choices[i].glyph;
	for (i = r->nchoices; i > 1; i--) {
		size_t s = rng_below(g, (uint32_t)i);
		char t = perm[i - 1];

		perm[i - 1] = perm[s];
		perm[s] = t;
	}
	memset(to, 0, sizeof(to));
	for (i = 0; i < r->nchoices; i++)
		to[(int)r->choices[i].glyph] = perm[i];
	for (i = 0; i < cells; i++) {
		char c = to[m->glyphs[i] & 0x7f];

		if (c) {
			m->glyphs[i] = c;
			m->rule_of[i] = (uint16_t)(rule + 1);
		}
	}
}

/* The cells and places from the variant's glyphs through the legend,
 * each checked as a map as written is. */
static int vary_fill(struct data *d, struct diag_list *dl)
{
	struct data_map *m = d->map;
	const size_t cells = (size_t)m->width * (size_t)m->height;
	size_t i, errors = dl->errors;
	int players = 0, exits = 0;
	char msg[256], who[64];

	m->nplaces = 0;
	m->player_x = m->player_y = -1;
	for (i = 0; i < cells; i++) {
		const struct data_legend *e = &m->legend[m->glyphs[i] & 0x7f];
		const int x = (int)(i % (size_t)m->width);
		const int y = (int)(i / (size_t)m->width);

		m->cells[i] = (uint8_t)e->terrain;
		if (e->place == DATA_PLACE_NONE)
			continue;
		if (e->place == DATA_PLACE_PLAYER && players++ > 0) {
			map_cell_report(dl, DIAG_ERROR, m, x, y,
			                "a second player start");
			continue;
		}
		if (e->place == DATA_PLACE_PLAYER) {
			m->player_x = x;
			m->player_y = y;
		}
		exits += e->place == DATA_PLACE_EXIT;
		if (m->nplaces >= DATA_PLACE_MAX) {
			map_cell_report(dl, DIAG_ERROR, m, x, y,
			                "too many things placed on the map");
			break;
		}
		if (map_place_add(m, e->place, e->what, x, y) != 0)
			return -1;
		if (!map_place_fits(d, &m->places[m->nplaces - 1], e->terrain,
		                    who, sizeof(who))) {
			snprintf(msg, sizeof(msg), "%s cannot stand on '%s'",
			         who, d->terrain[e->terrain].name);
			map_cell_report(dl, DIAG_ERROR, m, x, y, msg);
		}
	}
	if (players == 0 || exits == 0) {
		/* A deal that ran short, or a glyph a rule took away: the
		 * last rule that wrote the thing's glyph is the one to see. */
		const int want =
		        players == 0 ? DATA_PLACE_PLAYER : DATA_PLACE_EXIT;
		size_t k, j;

		for (k = m->nrules; k-- > 0;) {
			const struct data_rule *r = &m->rules[k];

			for (j = 0; j < r->nchoices; j++)
				if (m->legend[r->choices[j].glyph & 0x7f]
				            .place == want)
					break;
			if (j < r->nchoices ||
			    m->legend[r->glyph & 0x7f].place == want)
				break;
		}
		snprintf(msg, sizeof(msg), "seed %llu: no %s on the map",
		         (unsigned long long)m->variant,
		         players == 0 ? "player start" : "exit");
		if (k < m->nrules)
			vary_report(dl, DIAG_ERROR, &m->rules[k],
			            m->rules[k].src.col, msg);
		else
			diag_add(dl, DIAG_ERROR, m->src.file,
			         m->first_row_line - 1, 1, NULL, 0, NULL, "%s",
			         msg);
	}
	return dl->errors == errors ? 0 : -1;
}

int data_vary(struct data *d, uint64_t seed, struct diag_list *dl)
{
	struct data_map *m = d ? d->map : NULL;
	const size_t cells = m ? (size_t)m->width * (size_t)m->height : 0;
	struct rng g;
	size_t i;

	if (!m || !m->nrules || !m->source || !m->cells)
		return 0;
	if (!m->rule_of) {
		m->rule_of = malloc(cells * sizeof(*m->rule_of));
		if (!m->rule_of)
			goto nomem;
	}
	memcpy(m->glyphs, m->source, cells);
	memset(m->rule_of, 0, cells * sizeof(*m->rule_of));
	m->varied = 1;
	m->variant = seed;
	rng_seed(&g, seed ^ VARY_SEED_SALT);
	for (i = 0; i < m->nrules; i++) {
		switch (m->rules[i].kind) {
		case DATA_RULE_VARY:
			vary_each(m, &g, i);
			break;
		case DATA_RULE_DEAL:
			if (vary_deal(m, &g, i) != 0)
				goto nomem;
			break;
		default:
			vary_shuffle(m, &g, i);
			break;
		}
	}
	if (vary_fill(d, dl) == 0)
		return 0;
	return -1;
nomem:
	diag_add(dl, DIAG_ERROR, m->src.file, 1, 1, NULL, 0, NULL,
	         "out of memory");
	return -1;
}

/* ---- a copy to draw in ------------------------------------------------- */

int vary_copy(const struct data_map *m, struct data_map *out)
{
	const size_t cells = (size_t)m->width * (size_t)m->height;

	*out = *m;
	out->cells = malloc(cells ? cells : 1);
	out->glyphs = malloc(cells ? cells : 1);
	out->rule_of = NULL;
	out->places = NULL;
	out->nplaces = 0;
	if (!out->cells || !out->glyphs) {
		vary_copy_fini(out);
		return -1;
	}
	return 0;
}

void vary_copy_fini(struct data_map *out)
{
	free(out->cells);
	free(out->glyphs);
	free(out->rule_of);
	free(out->places);
	out->cells = NULL;
	out->glyphs = NULL;
	out->rule_of = NULL;
	out->places = NULL;
}
