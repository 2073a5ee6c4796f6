/* sandbox.h - the AI view's sandbox: the dungeon as a drawing board for
 * the search the view shows.  Paint terrain, move the search's start (the
 * followed monster) and goal (the player), undo, clear, and save the
 * result as a map file that --check accepts and --map plays.  Edits go
 * through the world's own change log (world_set_terrain, world_put), so
 * the monsters' grids follow them and the search runs again at once; no
 * turn passes while editing. */
#ifndef HUNTED_SANDBOX_H
#define HUNTED_SANDBOX_H

#include <stddef.h>

#include "core/world/world.h"

/* One undoable edit: a cell's terrain, or a mover's place. */
struct sandbox_edit {
	unsigned batch; /* edits of one batch are undone together */
	int actor;      /* -2 a terrain edit, -1 the player, else a monster */
	int x, y;       /* the cell painted, or where the mover was */
	int from;       /* the terrain before */
};

struct sandbox {
	int brush; /* terrain index painted */
	unsigned batch;
	struct sandbox_edit *edits;
	size_t n, cap;
};

void sandbox_init(struct sandbox *b, const struct world *w);
void sandbox_fini(struct sandbox *b);

/* The next (step 1) or previous (-1) terrain as the brush. */
void sandbox_brush(struct sandbox *b, const struct world *w, int step);
/* Paints the brush on (x, y).  Returns 0, or -1 with why in msg (a mover
 * stands there and could not stay, or out of memory). */
int sandbox_paint(struct sandbox *b, struct world *w, int x, int y, char *msg,
                  size_t size);
/* Moves the player (actor -1) or monster actor to (x, y).  Returns 0, or
 * -1 with why in msg. */
int sandbox_put(struct sandbox *b, struct world *w, int actor, int x, int y,
                char *msg, size_t size);
/* Floor everywhere but the map's edge, where no mover stands.  Returns
 * the cells changed, or -1 when out of memory. */
long sandbox_clear(struct sandbox *b, struct world *w);
/* Undoes the last batch of edits.  Returns 0, or -1 when there is none. */
int sandbox_undo(struct sandbox *b, struct world *w);

/* Writes the dungeon as it stands to path (a new file: an existing one is
 * never overwritten) as a map file including monsters (the path of the
 * data directory's monsters.txt).  Returns 0, or -1 with why in msg. */
int sandbox_save(const struct world *w, const char *monsters, const char *path,
                 char *msg, size_t size);

#endif
