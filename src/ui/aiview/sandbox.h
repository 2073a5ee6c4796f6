/* SPDX-License-Identifier: MIT */
/* sandbox.h - the AI view's sandbox: the dungeon as a drawing board for
 * the search the view shows.  Paint terrain, move the search's start (the
 * followed monster) and goal (the player), undo, clear, and save the
 * result as a map file that --check accepts and --map plays.  Edits are
 * commands the rules carry out (game_edit), so the world's change log has
 * them, the monsters' grids follow them and the search runs again at
 * once; no turn passes while editing.  The game screen owns one sandbox
 * and gives it the keys and clicks of its sandbox mode. */
#ifndef HUNTED_SANDBOX_H
#define HUNTED_SANDBOX_H

#include <stddef.h>

#include "core/game.h"
#include "session/session.h"
#include "ui/aiview/aiview.h"

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
	unsigned saves; /* files written */
};

/* Frees what the sandbox holds (its undo list). */
void sandbox_fini(struct sandbox *b);

/* S: opens the sandbox on s's game for the monster ai follows, the
 * cursor (*x, *y) on the player.  Not while recording or replaying: the
 * edits are not turns, and a recording could not play them back.
 * Returns 1 when it opened, else 0; either way with a message for the
 * log in msg. */
int sandbox_enter(struct sandbox *b, struct session *s, int replaying,
                  struct aiview *ai, int *x, int *y, char *msg, size_t size);
/* A key in the sandbox, the cursor at (*x, *y).  Returns 1 when the key
 * closes the sandbox, else 0; with a message for the log in msg (empty
 * when there is none). */
int sandbox_key(struct sandbox *b, struct session *s, struct aiview *ai,
                int key, int *x, int *y, char *msg, size_t size);
/* A click on the map's cell (mx, my): the cursor (*x, *y) goes there,
 * and button 1 paints.  Returns 1 when msg has a message for the log. */
int sandbox_click(struct sandbox *b, struct game *g, struct aiview *ai, int mx,
                  int my, int button, int *x, int *y, char *msg, size_t size);

#endif
