/* SPDX-License-Identifier: MIT */
/* sandbox.c - the AI view's sandbox (see sandbox.h): its keys and clicks,
 * the edits it sends the game as commands and undoes with the inverse
 * ones, and the dungeon saved as a map file. */
#include "config.h"

#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/base/i18n.h"
#include "ui/keys.h"

/* A fresh board with a wall brush; the count of files written stays, so
 * that a save does not try the names taken before. */
static void sandbox_init(struct sandbox *b, const struct world *w)
{
	const unsigned saves = b->saves;
	int wall = data_terrain_find(w->data, "wall");

	memset(b, 0, sizeof(*b));
	b->saves = saves;
	b->brush = wall >= 0 ? wall : 0;
}

void sandbox_fini(struct sandbox *b)
{
	free(b->edits);
	memset(b, 0, sizeof(*b));
}

static void sandbox_brush(struct sandbox *b, const struct world *w, int step)
{
	const int n = (int)w->data->nterrain;

	b->brush = ((b->brush + step) % n + n) % n;
}

/* Notes an edit for undo, in the current batch. */
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

/* One cell painted, in the current batch.  Returns 1 when it changed, 0
 * when it had the terrain already, -1 when out of memory and -2 when the
 * rules refused it (a mover stands there that could not stay). */
static int sandbox_paint_one(struct sandbox *b, struct game *g, int x, int y,
                             int t)
{
	const struct world *w = g->world;
	const int from = w->terrain[world_idx(w, x, y)];

	if (from == t)
		return 0;
	if (sandbox_note(b, -2, x, y, from) != 0)
		return -1;
	if (game_edit(g, (struct cmd_edit){CMD_EDIT_PAINT, 0, x, y, t}) != 0) {
		b->n--;
		return -2;
	}
	return 1;
}

/* Paints the brush on (x, y).  Returns 0, or -1 with why in msg. */
static int sandbox_paint(struct sandbox *b, struct game *g, int x, int y,
                         char *msg, size_t size)
{
	const struct world *w = g->world;
	int r;

	if (!world_in(w, x, y))
		return -1;
	b->batch++;
	r = sandbox_paint_one(b, g, x, y, b->brush);
	if (r == -2) {
		b->batch--; /* nothing was done */
		snprintf(msg, size,
		         _("Something stands there that cannot stand on %s."),
		         w->data->terrain[b->brush].name);
		return -1;
	}
	if (r < 0) {
		snprintf(msg, size, _("Out of memory."));
		return -1;
	}
	return 0;
}

/* Moves the player (actor -1) or monster actor to (x, y).  Returns 0, or
 * -1 with why in msg. */
static int sandbox_put(struct sandbox *b, struct game *g, int actor, int x,
                       int y, char *msg, size_t size)
{
	const struct world *w = g->world;
	const int ox = actor < 0 ? w->px : w->monsters[actor].x;
	const int oy = actor < 0 ? w->py : w->monsters[actor].y;

	if (ox == x && oy == y)
		return 0;
	if (sandbox_note(b, actor, ox, oy, 0) != 0) {
		snprintf(msg, size, _("Out of memory."));
		return -1;
	}
	if (game_edit(g, (struct cmd_edit){CMD_EDIT_PUT, actor, x, y, 0}) !=
	    0) {
		b->n--;
		snprintf(msg, size, "%s",
		         actor < 0 ? _("You cannot stand there.")
		                   : _("It cannot stand there."));
		return -1;
	}
	b->batch++;
	b->edits[b->n - 1].batch = b->batch;
	return 0;
}

/* Floor everywhere but the map's edge and the exit, where no mover
 * stands.  Returns the cells changed, or -1 when out of memory. */
static long sandbox_clear(struct sandbox *b, struct game *g)
{
	const struct world *w = g->world;
	const int floor = data_terrain_find(w->data, "floor");
	long changed = 0;
	int x, y;

	if (floor < 0)
		return 0;
	b->batch++;
	for (y = 1; y + 1 < w->height; y++)
		for (x = 1; x + 1 < w->width; x++) {
			int r;

			if (x == w->exit_x && y == w->exit_y)
				continue;
			r = sandbox_paint_one(b, g, x, y, floor);
			if (r == -1)
				return -1;
			changed += r > 0;
		}
	return changed;
}

/* Undoes the last batch of edits by the inverse ones.  Returns 0, or -1
 * when there is none. */
static int sandbox_undo(struct sandbox *b, struct game *g)
{
	unsigned batch;

	if (!b->n)
		return -1;
	batch = b->edits[b->n - 1].batch;
	while (b->n && b->edits[b->n - 1].batch == batch) {
		const struct sandbox_edit *e = &b->edits[--b->n];

		if (e->actor == -2)
			game_edit(g, (struct cmd_edit){CMD_EDIT_PAINT, 0, e->x,
			                               e->y, e->from});
		else
			game_edit(g, (struct cmd_edit){CMD_EDIT_PUT, e->actor,
			                               e->x, e->y, 0});
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
	 * no other terrain uses it (the exit on the stairs stays '>'), else
	 * a spare one. */
	for (i = 0; thing != THING_NONE && i < w->data->nterrain; i++)
		if (w->data->terrain[i].glyph == want && (int)i != terrain)
			want = 0;
	if (!want || glyph_taken(e, *n, want)) {
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
	else if (c == '\\')
		fputs("'\\\\'", out);
	else
		fprintf(out, "'%c'", c);
}

static int sandbox_save_file(const struct world *w, const char *monsters,
                             const char *path, char *msg, size_t size)
{
	struct legend_entry e[128];
	size_t n = 0, i;
	char *rows;
	FILE *out;
	int fd, x, y;

	rows = malloc((size_t)w->width * (size_t)w->height);
	if (!rows) {
		snprintf(msg, size, _("out of memory"));
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
				         _("too many kinds of cell for one "
				           "legend"));
				return -1;
			}
			rows[world_idx(w, x, y)] = c;
		}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	          0644);
	out = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!out) {
		snprintf(msg, size, _("cannot write '%s': %s"), path,
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
		snprintf(msg, size, _("cannot write '%s'"), path);
		return -1;
	}
	return 0;
}

/* w: the dungeon as a map file in the current directory, never over an
 * existing file. */
static void sandbox_save(struct sandbox *b, struct session *s, char *msg,
                         size_t size)
{
	char path[64], err[512];
	int tries;

	for (tries = 0; tries < 1000; tries++) {
		snprintf(path, sizeof(path), "hunted-sandbox-%u.txt",
		         ++b->saves);
		if (access(path, F_OK) != 0)
			break;
	}
	/* By its name in the data folder, which the loader finds from any
	 * folder on any machine. */
	if (sandbox_save_file(s->game->world, "monsters.txt", path, err,
	                      sizeof(err)) != 0) {
		snprintf(msg, size, _("Save failed: %s"), err);
		return;
	}
	snprintf(msg, size, _("Saved %s: hunted --map ./%s plays it."), path,
	         path);
}

/* ---- keys -------------------------------------------------------------- */

int sandbox_enter(struct sandbox *b, struct session *s, int replaying,
                  struct aiview *ai, int *x, int *y, char *msg, size_t size)
{
	const struct world *w = s->game->world;

	if (s->rec || replaying) {
		snprintf(msg, size,
		         _("No sandbox while recording or replaying: its edits "
		           "are not turns."));
		return 0;
	}
	if (aiview_selected(ai) < 0) {
		snprintf(msg, size,
		         _("The sandbox needs a monster to follow (Tab)."));
		return 0;
	}
	if (!b->batch && !b->n)
		sandbox_init(b, w);
	/* A save replays the game's turns: edits are none. */
	session_unsaveable(s, "the sandbox changed the dungeon");
	*x = w->px;
	*y = w->py;
	snprintf(msg, size,
	         _("Sandbox: space paints %s ([ ]), s start, g goal, U undo, "
	           "C clear, w save."),
	         w->data->terrain[b->brush].name);
	return 1;
}

int sandbox_key(struct sandbox *b, struct session *s, struct aiview *ai,
                int key, int *x, int *y, char *msg, size_t size)
{
	struct game *g = s->game;
	const struct world *w = g->world;
	int dx, dy, closed = 0;

	msg[0] = '\0';
	if (keys_dir(key, &dx, &dy)) {
		if (world_in(w, *x + dx, *y + dy)) {
			*x += dx;
			*y += dy;
		}
		return 0;
	}
	switch (key) {
	case ' ':
	case VK_ENTER:
		sandbox_paint(b, g, *x, *y, msg, size);
		break;
	case ']':
	case '[':
		sandbox_brush(b, w, key == ']' ? 1 : -1);
		snprintf(msg, size, _("Brush: %s."),
		         w->data->terrain[b->brush].name);
		break;
	case 's':
	case 'g':
		sandbox_put(b, g, key == 'g' ? -1 : (int)aiview_selected(ai),
		            *x, *y, msg, size);
		break;
	case 'U':
	case 127:
	case 8:
		if (sandbox_undo(b, g) != 0)
			snprintf(msg, size, _("Nothing to undo."));
		break;
	case 'C':
		if (sandbox_clear(b, g) < 0)
			snprintf(msg, size, _("Out of memory."));
		break;
	case 'w':
		sandbox_save(b, s, msg, size);
		break;
	case VK_ESC:
	case 'S':
		closed = 1;
		snprintf(msg, size,
		         _("Sandbox closed; the dungeon stays as drawn."));
		break;
	default:
		break;
	}
	/* The search runs again on the dungeon as it is now. */
	aiview_forget(ai);
	return closed;
}

int sandbox_click(struct sandbox *b, struct game *g, struct aiview *ai, int mx,
                  int my, int button, int *x, int *y, char *msg, size_t size)
{
	int logged = 0;

	msg[0] = '\0';
	if (!world_in(g->world, mx, my))
		return 0;
	*x = mx;
	*y = my;
	if (button == 1)
		logged = sandbox_paint(b, g, mx, my, msg, size) != 0;
	aiview_forget(ai);
	return logged;
}
