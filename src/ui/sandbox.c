/* sandbox.c - the AI view's sandbox (see sandbox.h). */
#include "config.h"

#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void sandbox_init(struct sandbox *b, const struct world *w)
{
	int wall = data_terrain_find(w->data, "wall");

	memset(b, 0, sizeof(*b));
	b->brush = wall >= 0 ? wall : 0;
}

void sandbox_fini(struct sandbox *b)
{
	free(b->edits);
	memset(b, 0, sizeof(*b));
}

void sandbox_brush(struct sandbox *b, const struct world *w, int step)
{
	const int n = (int)w->data->nterrain;

	b->brush = ((b->brush + step) % n + n) % n;
}

static int sandbox_note(struct sandbox *b, int actor, int x, int y, int from)
{
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 64;
		struct sandbox_edit *e = realloc(b->edits, cap * sizeof(*e));

		if (!e)
			return -1;
		b->edits = e;
		b->cap = cap;
	}
	b->edits[b->n++] = (struct sandbox_edit){b->batch, actor, x, y, from};
	return 0;
}

/* Whether the mover standing on (x, y), if any, may stay there on
 * terrain t. */
static int sandbox_stays(const struct world *w, int x, int y, int t)
{
	const int m = world_monster_at(w, x, y);
	const size_t nt = w->data->nterrain;

	if (x == w->px && y == w->py)
		return w->enter[(size_t)t];
	if (m >= 0)
		return w->enter[(size_t)(w->monsters[m].kind + 1) * nt +
		                (size_t)t];
	return 1;
}

/* One cell painted, in the current batch. */
static int sandbox_paint_one(struct sandbox *b, struct world *w, int x, int y,
                             int t)
{
	const int from = w->terrain[world_idx(w, x, y)];

	if (from == t)
		return 0;
	if (sandbox_note(b, -2, x, y, from) != 0)
		return -1;
	world_set_terrain(w, x, y, t);
	return 1;
}

int sandbox_paint(struct sandbox *b, struct world *w, int x, int y, char *msg,
                  size_t size)
{
	if (!world_in(w, x, y))
		return -1;
	if (!sandbox_stays(w, x, y, b->brush)) {
		snprintf(msg, size,
		         "Something stands there that cannot stand on %s.",
		         w->data->terrain[b->brush].name);
		return -1;
	}
	b->batch++;
	if (sandbox_paint_one(b, w, x, y, b->brush) < 0) {
		snprintf(msg, size, "Out of memory.");
		return -1;
	}
	return 0;
}

int sandbox_put(struct sandbox *b, struct world *w, int actor, int x, int y,
                char *msg, size_t size)
{
	const int ox = actor < 0 ? w->px : w->monsters[actor].x;
	const int oy = actor < 0 ? w->py : w->monsters[actor].y;

	if (ox == x && oy == y)
		return 0;
	if (world_put(w, actor, x, y) != 0) {
		snprintf(msg, size, "%s cannot stand there.",
		         actor < 0 ? "You" : "It");
		return -1;
	}
	b->batch++;
	if (sandbox_note(b, actor, ox, oy, 0) != 0) {
		world_put(w, actor, ox, oy);
		snprintf(msg, size, "Out of memory.");
		return -1;
	}
	return 0;
}

long sandbox_clear(struct sandbox *b, struct world *w)
{
	const int floor = data_terrain_find(w->data, "floor");
	long changed = 0;
	int x, y;

	if (floor < 0)
		return 0;
	b->batch++;
	for (y = 1; y + 1 < w->height; y++)
		for (x = 1; x + 1 < w->width; x++) {
			int r;

			if (!sandbox_stays(w, x, y, floor) ||
			    (x == w->exit_x && y == w->exit_y))
				continue;
			r = sandbox_paint_one(b, w, x, y, floor);
			if (r < 0)
				return -1;
			changed += r;
		}
	return changed;
}

int sandbox_undo(struct sandbox *b, struct world *w)
{
	unsigned batch;

	if (!b->n)
		return -1;
	batch = b->edits[b->n - 1].batch;
	while (b->n && b->edits[b->n - 1].batch == batch) {
		const struct sandbox_edit *e = &b->edits[--b->n];

		if (e->actor == -2)
			world_set_terrain(w, e->x, e->y, e->from);
		else
			world_put(w, e->actor, e->x, e->y);
	}
	return 0;
}

/* ---- saving ------------------------------------------------------------ */

/* What a cell holds besides its terrain, for the legend. */
enum { THING_NONE, THING_PLAYER, THING_EXIT, THING_MONSTER, THING_KEY };

struct legend_entry {
	int terrain, thing, which; /* which: monster kind or key */
	char glyph;
};

/* Characters a cell with a thing on it may be written as, after the
 * thing's own glyph. */
static const char spare[] =
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        "!$&*+-/:;<=?^_`|(){}[]";

static int glyph_taken(const struct legend_entry *e, size_t n, char c)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (e[i].glyph == c)
			return 1;
	return 0;
}

/* The legend entry of (terrain, thing, which), added if new.  Returns its
 * glyph, or 0 when no character is left. */
static char legend_glyph(const struct world *w, struct legend_entry *e,
                         size_t *n, size_t cap, int terrain, int thing,
                         int which)
{
	char want = 0;
	size_t i;

	for (i = 0; i < *n; i++)
		if (e[i].terrain == terrain && e[i].thing == thing &&
		    e[i].which == which)
			return e[i].glyph;
	if (*n == cap)
		return 0;
	switch (thing) {
	case THING_NONE:
		want = w->data->terrain[terrain].glyph;
		break;
	case THING_PLAYER:
		want = '@';
		break;
	case THING_EXIT:
		want = '>';
		break;
	case THING_MONSTER:
		want = w->data->monsters[which].glyph;
		break;
	default:
		want = w->data->keys[which].glyph;
		break;
	}
	/* A terrain's own glyph is kept for it; a thing takes its glyph when
	 * no terrain uses it, else a spare one. */
	for (i = 0; thing != THING_NONE && i < w->data->nterrain; i++)
		if (w->data->terrain[i].glyph == want)
			want = 0;
	if (!want || glyph_taken(e, *n, want) || want == '\'' || want == '"' ||
	    want == '\\') {
		const char *s;

		for (s = spare, want = 0; *s && !want; s++) {
			size_t t;
			int used = glyph_taken(e, *n, *s);

			for (t = 0; t < w->data->nterrain; t++)
				used |= w->data->terrain[t].glyph == *s;
			if (!used)
				want = *s;
		}
		if (!want)
			return 0;
	}
	e[*n] = (struct legend_entry){terrain, thing, which, want};
	(*n)++;
	return want;
}

/* What stands on (x, y). */
static void cell_thing(const struct world *w, int x, int y, int *thing,
                       int *which)
{
	const int m = world_monster_at(w, x, y);
	const int k = world_item_at(w, x, y);

	*which = 0;
	if (x == w->px && y == w->py)
		*thing = THING_PLAYER;
	else if (x == w->exit_x && y == w->exit_y)
		*thing = THING_EXIT;
	else if (m >= 0) {
		*thing = THING_MONSTER;
		*which = w->monsters[m].kind;
	} else if (k >= 0) {
		*thing = THING_KEY;
		*which = w->items[k].key;
	} else {
		*thing = THING_NONE;
	}
}

static void write_glyph(FILE *out, char c)
{
	if (c == '\'')
		fputs("\"'\"", out);
	else
		fprintf(out, "'%c'", c);
}

int sandbox_save(const struct world *w, const char *monsters, const char *path,
                 char *msg, size_t size)
{
	struct legend_entry e[128];
	size_t n = 0, i;
	char *rows;
	FILE *out;
	int fd, x, y;

	rows = malloc((size_t)w->width * (size_t)w->height);
	if (!rows) {
		snprintf(msg, size, "out of memory");
		return -1;
	}
	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++) {
			int thing, which;
			char c;

			cell_thing(w, x, y, &thing, &which);
			c = legend_glyph(w, e, &n, sizeof(e) / sizeof(e[0]),
			                 w->terrain[world_idx(w, x, y)], thing,
			                 which);
			if (!c) {
				free(rows);
				snprintf(msg, size,
				         "too many kinds of cell for one "
				         "legend");
				return -1;
			}
			rows[world_idx(w, x, y)] = c;
		}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	          0644);
	out = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!out) {
		snprintf(msg, size, "cannot write '%s': %s", path,
		         strerror(errno));
		if (fd >= 0)
			close(fd);
		free(rows);
		return -1;
	}
	fprintf(out, "# %s - drawn in hunted's sandbox.\n", path);
	fprintf(out, "include \"%s\"\n\ndungeon sandbox\n", monsters);
	fprintf(out, "\ttitle \"The sandbox\"\n\n");
	for (i = 0; i < n; i++) {
		fputs("legend ", out);
		write_glyph(out, e[i].glyph);
		fprintf(out, " %s", w->data->terrain[e[i].terrain].name);
		switch (e[i].thing) {
		case THING_PLAYER:
			fputs(" player", out);
			break;
		case THING_EXIT:
			fputs(" exit", out);
			break;
		case THING_MONSTER:
			fprintf(out, " monster %s",
			        w->data->monsters[e[i].which].name);
			break;
		case THING_KEY:
			fprintf(out, " key %s", w->data->keys[e[i].which].name);
			break;
		default:
			break;
		}
		fputc('\n', out);
	}
	fputs("\nMAP\n", out);
	for (y = 0; y < w->height; y++) {
		fwrite(rows + (size_t)y * (size_t)w->width, 1, (size_t)w->width,
		       out);
		fputc('\n', out);
	}
	fputs("ENDMAP\n", out);
	free(rows);
	if (ferror(out) | fclose(out)) {
		snprintf(msg, size, "cannot write '%s'", path);
		return -1;
	}
	return 0;
}
