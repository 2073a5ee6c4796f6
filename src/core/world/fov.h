/* SPDX-License-Identifier: MIT */
/* fov.h - what the player sees and remembers: the field of view, worked
 * out again after the player's command and after every change to the
 * terrain near the player, and the map as the player last saw it.
 *
 * The rule.  A cell is within sight when it is no farther from the
 * player than w->sight (dx * dx + dy * dy <= sight * sight, the circle
 * the monsters' sight uses) and:
 *
 *  - FOV_LOS, in line of sight: it is the player's cell, or no cell
 *    between it and the player blocks sight (terrain `opaque yes`: walls,
 *    closed doors, trees) on the line fov_sees draws from it to the
 *    player.  That line is Bresenham's: with n = max(|dx|, |dy|) steps,
 *    its k-th cell is the cell's own coordinates plus round(k dx / n) and
 *    round(k dy / n), halves rounded toward the cell.  It is exactly the
 *    test a monster standing on that cell makes to see the player
 *    (fov_sees from the monster to the player, in mind/goal.c), so the
 *    two are symmetric by construction: you see a monster, and it is
 *    drawn, exactly when it would see you if its sight reached as far;
 *    and a monster that sees you from within your sight is drawn.
 *  - FOV_LIT, lit by the ground before it: an opaque cell not in line of
 *    sight next to a non-opaque cell in line of sight (or to the player)
 *    that is one step nearer the player: a step toward the player in x,
 *    in y, or in both, of those that move.  So a room's walls and
 *    corners show whole, and a closed door shows in its wall, but a wall
 *    behind a wall never shows.  Its terrain is seen, not what stands
 *    on it.
 *
 * Everything seen is remembered: the terrain it had when last seen
 * (a door shows the state it was last seen in, not the one it has now).
 * The core keeps this state and never draws it; the terminal front end
 * draws what is in sight, dims what is only remembered and leaves the
 * rest blank; the AI view draws everything. */
#ifndef HUNTED_FOV_H
#define HUNTED_FOV_H

#include "world.h"

enum fov_seen {
	FOV_NONE = 0, /* not in sight */
	FOV_LOS,      /* in line of sight: its terrain and who stands there */
	FOV_LIT,      /* an opaque cell lit by the ground before it */
};

/* Whether a monster at (x, y) with sight radius r sees (tx, ty): within
 * the radius and no opaque cell on the line between them, drawn from
 * (x, y) (Bresenham's, as above).  The player's field of view is this
 * test from each cell to the player. */
int fov_sees(const struct world *w, int x, int y, int tx, int ty, int r);

/* Works out what the player at (w->px, w->py) sees within w->sight and
 * adds it to the memory.  Costs (2 sight + 1)^2 line walks of at most
 * sight cells, whatever the map's size.  The world never calls it (this
 * file reads the world): whoever makes a world, moves the player or
 * changes the terrain does, from above. */
void fov_update(struct world *w);

/* The terrain at (x, y) has just changed (world_set_terrain): when the
 * cell is within sight, what the player sees is worked out again at
 * once, not at the end of the turn. */
void fov_changed(struct world *w, int x, int y);

/* Whether (x, y), a cell of the map, is within sight (enum fov_seen). */
static inline int fov_seen(const struct world *w, int x, int y)
{
	return w->seen[world_idx(w, x, y)];
}

/* The terrain index (x, y) had when the player last saw it, or -1 when
 * the player never saw it. */
static inline int fov_remembered(const struct world *w, int x, int y)
{
	return (int)w->memory[world_idx(w, x, y)] - 1;
}

/* Whether the player sees monster i (alive, standing in line of
 * sight). */
static inline int fov_sees_monster(const struct world *w, size_t i)
{
	const struct world_monster *m = &w->monsters[i];

	return m->alive && fov_seen(w, m->x, m->y) == FOV_LOS;
}

#endif
