/* SPDX-License-Identifier: MIT */
/* boxes.c - the map as cell boxes (z): each cell big enough to show its
 * g, h and f and its parent arrow, centred on the current node. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aiview_impl.h"

#define BOX_W 8 /* columns per cell box, its left border included */
#define BOX_H 4 /* rows per cell box, its top border included */

int aiview_boxes(const struct aiview *a)
{
	return a->on && a->boxes && (aiview_alive(a, a->sel) || aiview_you(a));
}

void aiview_box_focus(struct aiview *a, int *x, int *y)
{
	const struct world *w = a->game->world;

	aiview_trace_ensure(a);
	if (a->step && a->cur_x >= 0) {
		*x = a->cur_x;
		*y = a->cur_y;
	} else if (aiview_you(a)) {
		*x = w->px;
		*y = w->py;
	} else {
		*x = w->monsters[a->sel].x;
		*y = w->monsters[a->sel].y;
	}
}

/* The first cell shown of n on a map of size map, so that focus is in
 * view. */
static int box_origin(int focus, int map, int n)
{
	int o = focus - n / 2;

	if (o > map - n)
		o = map - n;
	return o < 0 ? 0 : o;
}

/* One cell's box at canvas (bx, by): f top left and the arrow to the
 * parent top right, the cell in the middle (what stands on it, or its
 * mark: * path, G goal, o open, : closed), g bottom left and h bottom
 * right, as the classic figure draws them. */
static void draw_box(struct aiview *a, struct canvas *c, int bx, int by, int x,
                     int y, const uint8_t *on_path, const struct grid *g)
{
	const struct world *w = a->game->world;
	const size_t k = world_idx(w, x, y);
	const struct data_terrain *t = world_terrain_at(w, x, y);
	const int reached = a->cells_ok && a->state[k];
	const int current = a->step && x == a->cur_x && y == a->cur_y;
	const int mon = world_monster_at(w, x, y);
	int attr = current ? CANVAS_REVERSE | CANVAS_BOLD : 0;
	int fg = !reached           ? CANVAS_DEFAULT
	         : a->state[k] == 2 ? DATA_COLOR_BLUE
	                            : DATA_COLOR_GREEN;
	const int wall =
	        g ? g->cost[grid_index(g, x, y)] == 0 : !t->walk && !t->door;
	char mid, buf[16];
	int i, j;

	for (i = 1; i < BOX_W; i++)
		canvas_put(c, bx + i, by, '-', CANVAS_DEFAULT, CANVAS_DIM);
	canvas_put(c, bx, by, '+', CANVAS_DEFAULT, CANVAS_DIM);
	for (j = 1; j < BOX_H; j++) {
		canvas_put(c, bx, by + j, '|', CANVAS_DEFAULT, CANVAS_DIM);
		for (i = 1; i < BOX_W; i++)
			canvas_put(c, bx + i, by + j, wall ? '#' : ' ',
			           CANVAS_DEFAULT,
			           (wall ? CANVAS_DIM : 0) | attr);
	}
	if (x == w->px && y == w->py)
		mid = '@';
	else if (mon >= 0)
		mid = w->data->monsters[w->monsters[mon].kind].glyph;
	else if (current)
		mid = 'O';
	else if (x == a->gx && y == a->gy)
		mid = 'G';
	else if (on_path && on_path[k])
		mid = '*';
	else if (reached)
		mid = a->state[k] == 2 ? ':' : 'o';
	else
		mid = t->glyph;
	canvas_put(c, bx + BOX_W / 2, by + 2, mid,
	           mid == '*' ? DATA_COLOR_MAGENTA : fg, CANVAS_BOLD | attr);
	if (!reached)
		return;
	snprintf(buf, sizeof(buf), "%u", a->f[k] / a->box_div);
	canvas_text(c, bx + 1, by + 1, bx + BOX_W - 1, fg, CANVAS_BOLD | attr,
	            buf);
	if (a->dir[k] >= 0)
		canvas_put(c, bx + BOX_W - 1, by + 1,
		           aiview_draw_arrows[(int)a->dir[k]], fg, attr);
	snprintf(buf, sizeof(buf), "%u", a->g[k] / a->box_div);
	canvas_text(c, bx + 1, by + 3, bx + BOX_W / 2, fg, attr, buf);
	snprintf(buf, sizeof(buf), "%u", a->h[k] / a->box_div);
	canvas_text(c, bx + BOX_W - (int)strlen(buf), by + 3, bx + BOX_W, fg,
	            attr, buf);
}

void aiview_draw_boxes(struct aiview *a, struct canvas *c, int x0, int y0,
                       int w, int h, int fx, int fy)
{
	const struct world *wo = a->game->world;
	const int cols = (w - 1) / BOX_W, rows = (h - 1) / BOX_H;
	const int nx = cols < wo->width ? cols : wo->width;
	const int ny = rows < wo->height ? rows : wo->height;
	const int ox = box_origin(fx, wo->width, nx);
	const int oy = box_origin(fy, wo->height, ny);
	uint8_t *on_path = NULL;
	uint32_t vmax = 0;
	int x, y;

	aiview_trace_ensure(a);
	canvas_fill(c, x0, y0, w, h);
	if (nx <= 0 || ny <= 0)
		return;
	/* The search's path, as marks, once step mode has found it. */
	if (a->paths && a->have &&
	    (!a->step || a->step_shown >= a->total_exp) &&
	    (a->res.status == PATH_FOUND || a->res.partial)) {
		on_path = calloc(a->cells, 1);
		if (on_path) {
			size_t i;

			for (i = 0; i < a->res.length && i < a->bufcap; i++)
				on_path[world_idx(wo, a->buf[i].x,
				                  a->buf[i].y)] = 1;
		}
	}
	/* The values as they are, or divided by 10, 100... until the
	 * largest shown fits in three digits. */
	for (y = oy; y < oy + ny; y++)
		for (x = ox; x < ox + nx; x++) {
			const size_t k = world_idx(wo, x, y);

			if (a->cells_ok && a->state[k]) {
				if (a->f[k] > vmax)
					vmax = a->f[k];
				if (a->g[k] > vmax)
					vmax = a->g[k];
				if (a->h[k] > vmax)
					vmax = a->h[k];
			}
		}
	for (a->box_div = 1; vmax / a->box_div > 999; a->box_div *= 10)
		;
	for (y = 0; y < ny; y++)
		for (x = 0; x < nx; x++)
			draw_box(a, c, x0 + x * BOX_W, y0 + y * BOX_H, ox + x,
			         oy + y, on_path, aiview_search_grid(a));
	/* The right and bottom borders. */
	for (y = 0; y <= ny * BOX_H; y++)
		canvas_put(c, x0 + nx * BOX_W, y0 + y, y % BOX_H ? '|' : '+',
		           CANVAS_DEFAULT, CANVAS_DIM);
	for (x = 0; x < nx * BOX_W; x++)
		canvas_put(c, x0 + x, y0 + ny * BOX_H, x % BOX_W ? '-' : '+',
		           CANVAS_DEFAULT, CANVAS_DIM);
	free(on_path);
}
