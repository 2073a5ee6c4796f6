/* SPDX-License-Identifier: MIT */
/* kinds.c - warnings for kinds that load but do not do what their file
 * seems to say: a glyph two kinds share (the screen shows them alike), a
 * pack whose own search is not the cheapest way (the pack hunts by one
 * shared distance map, so that search is not how it hunts), and a monster
 * that may enter no terrain at all (it can reach nothing). */
#include "data_impl.h"

#include <stdio.h>

#include "core/path/path.h"

/* The first kind seen with each glyph. */
struct kinds_glyph {
	const char *what; /* "terrain", "key", "monster"; NULL: none yet */
	const char *name;
	const struct data_src *src;
};

static void kinds_warn(struct diag_list *diags, const struct data_src *s,
                       const char *msg)
{
	diag_add(diags, DIAG_WARNING, s->file, s->line, s->col, NULL, 0, NULL,
	         "%s", msg);
}

/* One kind's glyph: a warning when a kind before it took it. */
static int kinds_glyph(struct kinds_glyph *seen, struct diag_list *diags,
                       const char *what, const char *name, char glyph,
                       const struct data_src *src)
{
	struct kinds_glyph *g = &seen[(unsigned char)glyph & 127];
	char msg[512];

	if (!glyph)
		return 0;
	if (!g->what) {
		g->what = what;
		g->name = name;
		g->src = src;
		return 0;
	}
	snprintf(msg, sizeof(msg),
	         "%s '%s' has the glyph '%c' of %s '%s' (%s:%d): the screen "
	         "shows them alike",
	         what, name, glyph, g->what, g->name, g->src->file,
	         g->src->line);
	kinds_warn(diags, src, msg);
	return 1;
}

/* How monster m's search misses the cheapest way, into buf, or NULL when
 * it finds it. */
static const char *kinds_not_cheapest(const struct data_monster *m, char *buf,
                                      size_t size)
{
	if (m->algorithm == PATH_GREEDY)
		return "greedy best-first";
	if (m->algorithm == PATH_BFS)
		return "breadth-first, which counts steps, not costs";
	if (m->algorithm != PATH_ASTAR)
		return NULL;
	if (m->weight > 10) {
		snprintf(buf, size, "weighted A*, w = %d.%d", m->weight / 10,
		         m->weight % 10);
		return buf;
	}
	if (m->heuristic == PATH_H_MANHATTAN && m->diagonal != PATH_DIAG_NEVER)
		return "A* by the Manhattan distance, which overestimates "
		       "diagonal steps";
	return NULL;
}

int data_check_kinds(const struct data *d, struct diag_list *diags)
{
	struct kinds_glyph seen[128] = {{0}};
	char how[64], msg[512];
	const char *not_cheapest;
	size_t i, t;
	int warnings = 0;

	for (i = 0; i < d->nterrain; i++)
		warnings +=
		        kinds_glyph(seen, diags, "terrain", d->terrain[i].name,
		                    d->terrain[i].glyph, &d->terrain[i].src);
	for (i = 0; i < d->nkeys; i++)
		warnings += kinds_glyph(seen, diags, "key", d->keys[i].name,
		                        d->keys[i].glyph, &d->keys[i].src);
	for (i = 0; i < d->nmonsters; i++) {
		const struct data_monster *m = &d->monsters[i];

		warnings += kinds_glyph(seen, diags, "monster", m->name,
		                        m->glyph, &m->src);
		not_cheapest = kinds_not_cheapest(m, how, sizeof(how));
		if (m->pack && not_cheapest) {
			snprintf(msg, sizeof(msg),
			         "monster '%s' hunts in a pack, by one shared "
			         "map of the cheapest ways, not by its own "
			         "search (%s), which does not find the "
			         "cheapest way",
			         m->name, not_cheapest);
			kinds_warn(diags, &m->src, msg);
			warnings++;
		}
		for (t = 0; t < d->nterrain; t++)
			if (data_terrain_cost(d, m, 1, (int)t))
				break;
		if (d->nterrain && t == d->nterrain) {
			snprintf(msg, sizeof(msg),
			         "monster '%s' may enter no terrain: it can "
			         "reach nothing",
			         m->name);
			kinds_warn(diags, &m->src, msg);
			warnings++;
		}
	}
	return warnings;
}
