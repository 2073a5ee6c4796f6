/* SPDX-License-Identifier: MIT */
/* fov.c - line of sight, and the player's field of view and memory; the
 * rule, and why it is the monsters' own line of sight, are in fov.h. */
#include "fov.h"

#include <stdlib.h>
#include <string.h>

int fov_sees(const struct world *w, int x, int y, int tx, int ty, int r)
{
	int dx = abs(tx - x), dy = abs(ty - y);
	int sx = x < tx ? 1 : -1, sy = y < ty ? 1 : -1;
	int err = dx - dy;

	if ((long)dx * dx + (long)dy * dy > (long)r * r)
		return 0;
	/* Bresenham from the viewer; the end cells themselves never block. */
	for (;;) {
		int e2;

		if (x == tx && y == ty)
			return 1;
		e2 = 2 * err;
		if (e2 > -dy) {
			err -= dy;
			x += sx;
		}
		if (e2 < dx) {
			err += dx;
			y += sy;
		}
		if ((x != tx || y != ty) && world_terrain_at(w, x, y)->opaque)
			return 0;
	}
}

/* Whether (x, y) lights an opaque cell beside it: the player's cell, or
 * a cell in line of sight that does not block sight itself (a wall seen
 * never lights the wall behind it). */
static int fov_lights(const struct world *w, int x, int y)
{
	return w->seen[world_idx(w, x, y)] == FOV_LOS &&
	       ((x == w->px && y == w->py) ||
	        !world_terrain_at(w, x, y)->opaque);
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

void fov_update(struct world *w)
{
	const int r = w->sight > 0 ? w->sight : 0;
	const long r2 = (long)r * r;
	int x, y, x0, y0, x1, y1;

	/* Nothing is in sight outside the box of the last update. */
	for (y = w->fov_y0; y <= w->fov_y1; y++)
		memset(&w->seen[world_idx(w, w->fov_x0, y)], FOV_NONE,
		       (size_t)(w->fov_x1 - w->fov_x0 + 1));
	w->fov_x0 = w->fov_y0 = 0;
	w->fov_x1 = w->fov_y1 = -1;
	if (!world_in(w, w->px, w->py))
		return;
	x0 = w->px - r < 0 ? 0 : w->px - r;
	y0 = w->py - r < 0 ? 0 : w->py - r;
	x1 = w->px + r >= w->width ? w->width - 1 : w->px + r;
	y1 = w->py + r >= w->height ? w->height - 1 : w->py + r;
	/* Line of sight: the monsters' test (fov_sees from the cell to the
	 * player), so that seeing is mutual. */
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++)
			if (fov_sees(w, x, y, w->px, w->py, r))
				w->seen[world_idx(w, x, y)] = FOV_LOS;
	/* Opaque cells lit by the ground in front of them, which is nearer
	 * the player and so inside the box. */
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++) {
			const int sx = sign(w->px - x), sy = sign(w->py - y);
			const long dx = x - w->px, dy = y - w->py;

			if (w->seen[world_idx(w, x, y)] != FOV_NONE ||
			    dx * dx + dy * dy > r2 ||
			    !world_terrain_at(w, x, y)->opaque)
				continue;
			if ((sx && fov_lights(w, x + sx, y)) ||
			    (sy && fov_lights(w, x, y + sy)) ||
			    (sx && sy && fov_lights(w, x + sx, y + sy)))
				w->seen[world_idx(w, x, y)] = FOV_LIT;
		}
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++) {
			const size_t i = world_idx(w, x, y);

			if (w->seen[i] != FOV_NONE)
				w->memory[i] = (uint8_t)(w->terrain[i] + 1);
		}
	w->fov_x0 = x0;
	w->fov_y0 = y0;
	w->fov_x1 = x1;
	w->fov_y1 = y1;
}

void fov_changed(struct world *w, int x, int y)
{
	/* A door opened or shut within sight changes what the player sees
	 * (lines through it), at once and not at the end of the turn. */
	if ((long)(x - w->px) * (x - w->px) + (long)(y - w->py) * (y - w->py) <=
	    (long)w->sight * w->sight)
		fov_update(w);
}
