/* SPDX-License-Identifier: MIT */
/* draw.c - the AI view's layers drawn over the map (paths, open and
 * closed sets, g h f, parent arrows, costs, the path cache's breaks, the
 * shared distance map, jump points, the hierarchy, cooperative
 * reservations) and the legend of those shown. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aiview_impl.h"

/* The parent arrow drawn for each direction of base/dir.h. */
const char aiview_draw_arrows[DIR_COUNT] = {'^', '>',  'v', '<',
                                            '/', '\\', '/', '\\'};

/* A value in the search's units as one character: 0-9, a-z, then '+'. */
static char value_char(uint32_t s)
{
	if (s < 10)
		return (char)('0' + s);
	if (s < 36)
		return (char)('a' + s - 10);
	return '+';
}

/* Heat colours from cold to hot. */
static int heat(uint32_t value, uint32_t max)
{
	static const int ramp[] = {DATA_COLOR_BLUE,  DATA_COLOR_CYAN,
	                           DATA_COLOR_GREEN, DATA_COLOR_YELLOW,
	                           DATA_COLOR_RED,   DATA_COLOR_MAGENTA};
	uint64_t k;

	if (!max)
		return ramp[0];
	k = (uint64_t)value * 5 / max;
	return ramp[k > 5 ? 5 : k];
}

static int cost_color(unsigned cost)
{
	if (cost == 0)
		return DATA_COLOR_WHITE;
	if (cost == 1)
		return DATA_COLOR_BLUE;
	if (cost <= 3)
		return DATA_COLOR_GREEN;
	if (cost <= 6)
		return DATA_COLOR_YELLOW;
	return DATA_COLOR_RED;
}

static uint32_t value_of(const struct aiview *a, size_t k)
{
	return a->value == 'g' ? a->g[k] : a->value == 'h' ? a->h[k] : a->f[k];
}

/* What one unit of a drawn g, h or f is: a step for breadth-first search
 * (its g counts steps, costs ignored), a straight move's cost for the
 * others. */
static uint32_t value_unit(const struct aiview *a)
{
	if (a->p.algo == PATH_BFS || !a->p.straight_cost)
		return 1;
	return a->p.straight_cost;
}

/* Cell k's value of the shown layer, in units, as drawn.  g and f are
 * rounded down; where f = g + h (A* with w = 1) h is drawn as f - g, so
 * that the three add up on screen as they do in the search (the
 * inspector gives them exactly). */
static uint32_t value_drawn(const struct aiview *a, size_t k)
{
	const uint32_t u = value_unit(a);
	const uint32_t g = a->g[k] / u, f = a->f[k] / u;

	if (a->value == 'g')
		return g;
	if (a->value == 'f')
		return f;
	if (a->p.algo == PATH_ASTAR && a->p.weight == PATH_WEIGHT_ONE && f >= g)
		return f - g;
	return a->h[k] / u;
}

/* What the search's f is, for the header and the legend. */
const char *aiview_draw_value_rule(const struct aiview *a)
{
	switch (a->p.algo) {
	case PATH_BFS:
		return "g=f=steps";
	case PATH_DIJKSTRA:
		return "f=g, no h";
	case PATH_GREEDY:
		return "f=h";
	default:
		return a->p.weight == PATH_WEIGHT_ONE ? "f=g+h" : "f=g+w*h";
	}
}

/* Where the map is drawn: the world's cell (ox, oy) at canvas cell
 * (x0, y0), w x h cells. */
struct port {
	int x0, y0, w, h, ox, oy;
};

/* Draws the world's cell (x, y) when it is in the port. */
static void port_put(struct canvas *c, const struct port *pt, int x, int y,
                     char ch, int fg, int attr)
{
	x -= pt->ox;
	y -= pt->oy;
	if (x < 0 || y < 0 || x >= pt->w || y >= pt->h)
		return;
	canvas_put(c, pt->x0 + x, pt->y0 + y, ch, fg, attr);
}

/* Marks the world's cell (x, y) when it is in the port: its character
 * stays, drawn in fg with attr. */
static void port_mark(struct canvas *c, const struct port *pt, int x, int y,
                      int fg, int attr)
{
	x -= pt->ox;
	y -= pt->oy;
	if (x < 0 || y < 0 || x >= pt->w || y >= pt->h)
		return;
	canvas_put(c, pt->x0 + x, pt->y0 + y,
	           c->cells[(size_t)(pt->y0 + y) * (size_t)c->width +
	                    (size_t)(pt->x0 + x)]
	                   .ch,
	           fg, attr);
}

/* Whether a layer of per-cell values (g, h, f, arrows, costs) is on: the
 * markers then keep the values visible. */
static int values_on(const struct aiview *a)
{
	return a->value || a->arrows || a->cost || a->dmap;
}

/* Whether (x, y) shows a marker of the shown search while the markers
 * are drawn, one a path must not hide: jump point search's jump points,
 * and with every the open and closed cells of any search too. */
static int on_marker(const struct aiview *a, int x, int y, int every)
{
	const struct world *w = a->game->world;
	size_t k;

	if (!a->open || !a->have || !a->cells_ok || !a->state ||
	    !(a->jps || every) || !world_in(w, x, y))
		return 0;
	k = world_idx(w, x, y);
	return k < a->cells && a->state[k] != 0;
}

/* Draws a path of points from index from, skipping the monster's own
 * cell: '*', or in reverse video over a layer of values or a marker, so
 * that the path hides neither.  own: the followed monster's path, its
 * next step highlighted, which is its search's answer and so drawn as
 * '*' over the search's plain o and : (the lessons teach it so) but
 * not over its jump points; another's path hides no marker at all. */
static void draw_path(struct aiview *a, struct canvas *c, const struct port *pt,
                      const struct path_point *pts, size_t from, size_t len,
                      int color, int own)
{
	size_t i;

	for (i = from + 1; i < len; i++) {
		int attr = i == from + 1 && own ? CANVAS_BOLD | CANVAS_REVERSE
		                                : CANVAS_BOLD;

		if (values_on(a) || on_marker(a, pts[i].x, pts[i].y, !own))
			port_mark(c, pt, pts[i].x, pts[i].y, color,
			          attr | CANVAS_REVERSE);
		else
			port_put(c, pt, pts[i].x, pts[i].y, '*', color, attr);
	}
}

/* The cells whose change broke a monster's kept path: X. */
static void draw_breaks(struct aiview *a, struct canvas *c,
                        const struct port *pt)
{
	const struct world *w = a->game->world;
	size_t i;

	for (i = 0; i < w->nmonsters; i++) {
		const struct mind *mi = aiview_mind(a, (long)i);

		if (w->monsters[i].alive &&
		    (mi->cache == MIND_CACHE_INVALIDATED ||
		     aiview_broken_by_change(mi)) &&
		    mi->invalid_x >= 0 && mi->invalid_y >= 0)
			port_put(c, pt, mi->invalid_x, mi->invalid_y, 'X',
			         DATA_COLOR_RED, CANVAS_BOLD | CANVAS_REVERSE);
	}
}

/* Every other monster's path, in its colour. */
static void draw_other_paths(struct aiview *a, struct canvas *c,
                             const struct port *pt)
{
	const struct world *w = a->game->world;
	size_t i;

	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		const struct mind *mi = aiview_mind(a, (long)i);

		if (m->alive && (long)i != a->sel && mi->path)
			draw_path(a, c, pt, mi->path, mi->pos, mi->len,
			          w->data->monsters[m->kind].color, 0);
	}
}

/* The selected monster's cost of every cell: 1-9, + dearer, # never. */
static void draw_costs(struct aiview *a, struct canvas *c,
                       const struct port *pt)
{
	const struct world *w = a->game->world;
	const struct grid *g = aiview_search_grid(a);
	int x, y;

	for (y = 0; g && y < pt->h && pt->oy + y < w->height; y++)
		for (x = 0; x < pt->w && pt->ox + x < w->width; x++) {
			unsigned k =
			        g->cost[grid_index(g, pt->ox + x, pt->oy + y)];
			char ch = k == 0 ? '#' : k > 9 ? '+' : (char)('0' + k);

			port_put(c, pt, pt->ox + x, pt->oy + y, ch,
			         cost_color(k), k == 0 ? CANVAS_DIM : 0);
		}
}

/* The shared distance map the selected monster's kind walks: each cell's
 * distance to its target in straight moves, or the way downhill from it
 * (the step a chaser there takes). */
static void draw_distmap(struct aiview *a, struct canvas *c,
                         const struct port *pt)
{
	const struct world *w = a->game->world;
	const struct grid *g = aiview_search_grid(a);
	const struct distmap *dm = NULL;
	struct path_params p;
	uint32_t vmax = 0, unit;
	int x, y, tx, ty;

	if (aiview_you(a)) {
		/* Explore's Dijkstra map from the frontier. */
		if (a->travel->map_built)
			dm = a->travel->map;
		p = a->travel->params;
	} else {
		const int kind = w->monsters[a->sel].kind;

		dm = minds_kind_distmap(a->game->minds, kind, &tx, &ty);
		minds_params(w, kind, &p);
	}
	if (!dm || !g)
		return;
	unit = distmap_straight(&p);
	if (!unit)
		unit = 1;
	for (y = pt->oy; y < pt->oy + pt->h && y < w->height; y++)
		for (x = pt->ox; x < pt->ox + pt->w && x < w->width; x++) {
			uint32_t d = distmap_at(dm, x, y);

			if (d != DISTMAP_UNREACHED && d > vmax)
				vmax = d;
		}
	for (y = pt->oy; y < pt->oy + pt->h && y < w->height; y++)
		for (x = pt->ox; x < pt->ox + pt->w && x < w->width; x++) {
			const uint32_t d = distmap_at(dm, x, y);
			int nx, ny, dir;

			if (d == DISTMAP_UNREACHED)
				continue;
			if (a->dmap == 1) {
				port_put(c, pt, x, y, value_char(d / unit),
				         heat(d, vmax), 0);
				continue;
			}
			if (!distmap_step(dm, g, &p, x, y, &nx, &ny))
				continue;
			dir = dir_of(nx - x, ny - y);
			if (dir >= 0)
				port_put(c, pt, x, y, aiview_draw_arrows[dir],
				         heat(d, vmax), 0);
		}
}

/* The safety map of the selected monster while it flees, drawn as the
 * shared map is: each cell's value above the safest one shown, in
 * straight moves, or the way downhill from it (to its lowest
 * neighbour). */
static void draw_safety(struct aiview *a, struct canvas *c,
                        const struct port *pt, const int32_t *v)
{
	const struct world *w = a->game->world;
	struct path_params p;
	int32_t vmin = INT32_MAX, vmax = INT32_MIN;
	uint32_t unit;
	int x, y, k;

	minds_params(w, w->monsters[a->sel].kind, &p);
	unit = p.straight_cost ? p.straight_cost : 1;
	for (y = pt->oy; y < pt->oy + pt->h && y < w->height; y++)
		for (x = pt->ox; x < pt->ox + pt->w && x < w->width; x++) {
			int32_t d = v[world_idx(w, x, y)];

			if (d == INT32_MAX)
				continue;
			vmin = d < vmin ? d : vmin;
			vmax = d > vmax ? d : vmax;
		}
	for (y = pt->oy; y < pt->oy + pt->h && y < w->height; y++)
		for (x = pt->ox; x < pt->ox + pt->w && x < w->width; x++) {
			int32_t d = v[world_idx(w, x, y)], best = d;
			uint32_t up;
			int dir = -1;

			if (d == INT32_MAX)
				continue;
			up = (uint32_t)(d - vmin);
			if (a->dmap == 1) {
				port_put(c, pt, x, y, value_char(up / unit),
				         heat(up, (uint32_t)(vmax - vmin)), 0);
				continue;
			}
			for (k = 0; k < DIR_COUNT; k++) {
				static const int ddx[DIR_COUNT] = {
				        0, 1, 0, -1, 1, 1, -1, -1};
				static const int ddy[DIR_COUNT] = {
				        -1, 0, 1, 0, -1, 1, 1, -1};
				int nx = x + ddx[k], ny = y + ddy[k];

				if (world_in(w, nx, ny) &&
				    v[world_idx(w, nx, ny)] < best) {
					best = v[world_idx(w, nx, ny)];
					dir = dir_of(ddx[k], ddy[k]);
				}
			}
			if (dir >= 0)
				port_put(c, pt, x, y, aiview_draw_arrows[dir],
				         heat(up, (uint32_t)(vmax - vmin)), 0);
		}
}

/* Jump point search's jumps as far as the shown step: the cells each
 * jump ran over, between the jump point it left and the one it found,
 * drawn as the lines it ran along (diagonally first, then straight). */
static void draw_jumps(struct aiview *a, struct canvas *c,
                       const struct port *pt)
{
	static const char line[DIR_COUNT] = {'|', '-',  '|', '-',
	                                     '/', '\\', '/', '\\'};
	const size_t limit = a->step ? a->step_shown : (size_t)-1;
	size_t i, expansions = 0;

	for (i = 0; i < a->trace.len; i++) {
		const struct path_trace_event *e = &a->trace.events[i];
		int d, x = e->px, y = e->py;

		if (e->kind == PATH_TRACE_EXPAND) {
			if (expansions++ == limit)
				break;
			continue;
		}
		for (;;) {
			d = dir_of((e->x > x) - (e->x < x),
			           (e->y > y) - (e->y < y));
			if (d < 0)
				break;
			x += dir_dx[d];
			y += dir_dy[d];
			if (x == e->x && y == e->y)
				break;
			port_put(c, pt, x, y, line[d], DATA_COLOR_CYAN, 0);
		}
	}
}

/* Every cell the search reached: its g, h or f, its parent arrow, or
 * open and closed. */
static void draw_search(struct aiview *a, struct canvas *c,
                        const struct port *pt)
{
	const struct world *w = a->game->world;
	uint32_t vmax = 0;
	size_t i;
	int x, y;

	if (a->value)
		for (i = 0; i < a->cells; i++)
			if (a->state[i] && value_of(a, i) > vmax)
				vmax = value_of(a, i);
	for (y = pt->oy; y < pt->oy + pt->h && y < w->height; y++)
		for (x = pt->ox; x < pt->ox + pt->w && x < w->width; x++) {
			const size_t k = world_idx(w, x, y);
			const int closed = a->state[k] == 2;

			if (!a->state[k])
				continue;
			/* Over a layer of values, open cells are bold and
			 * underlined, closed ones plain. */
			if (a->value)
				port_put(c, pt, x, y,
				         value_char(value_drawn(a, k)),
				         heat(value_of(a, k), vmax),
				         closed ? 0
				                : CANVAS_BOLD |
				                          CANVAS_UNDERLINE);
			else if (a->arrows && a->dir[k] >= 0)
				port_put(c, pt, x, y,
				         aiview_draw_arrows[(int)a->dir[k]],
				         closed ? DATA_COLOR_BLUE
				                : DATA_COLOR_GREEN,
				         closed ? 0
				                : CANVAS_BOLD |
				                          CANVAS_UNDERLINE);
			else if (a->cost || a->dmap)
				port_mark(c, pt, x, y,
				          closed ? DATA_COLOR_BLUE
				                 : DATA_COLOR_GREEN,
				          closed ? 0
				                 : CANVAS_BOLD |
				                           CANVAS_UNDERLINE);
			else if (a->open)
				port_put(c, pt, x, y, closed ? ':' : 'o',
				         closed ? DATA_COLOR_BLUE
				                : DATA_COLOR_GREEN,
				         closed ? 0 : CANVAS_BOLD);
		}
}

/* The hierarchy's layer: the subgoals !, the subgoal path's points 0-9
 * in turn, and the path of cells between them, *, drawn instead of the
 * monster's own. */
static void draw_hier(struct aiview *a, struct canvas *c, const struct port *pt)
{
	const struct world *w = a->game->world;
	size_t i;
	int x, y;

	if (!a->hierarchy.sg)
		return;
	for (y = pt->oy; y < pt->oy + pt->h && y < w->height; y++)
		for (x = pt->ox; x < pt->ox + pt->w && x < w->width; x++) {
			if (subgoal_is_node(a->hierarchy.sg, x, y))
				port_put(c, pt, x, y, '!', DATA_COLOR_CYAN, 0);
		}
	if (a->hierarchy.res.status != PATH_FOUND)
		return;
	for (i = 1; i + 1 < a->hierarchy.res.length && i < a->bufcap; i++)
		if (on_marker(a, a->hierarchy.buf[i].x, a->hierarchy.buf[i].y,
		              0))
			port_mark(c, pt, a->hierarchy.buf[i].x,
			          a->hierarchy.buf[i].y, DATA_COLOR_GREEN,
			          CANVAS_BOLD | CANVAS_REVERSE);
		else
			port_put(c, pt, a->hierarchy.buf[i].x,
			         a->hierarchy.buf[i].y, '*', DATA_COLOR_GREEN,
			         CANVAS_BOLD);
	for (i = 0; i < a->hierarchy.nabs; i++)
		port_put(c, pt, a->hierarchy.abs[i].x, a->hierarchy.abs[i].y,
		         (char)('0' + i % 10), DATA_COLOR_YELLOW, CANVAS_BOLD);
}

/* The cells the selected monster has reserved ahead by its cooperative
 * plan, each numbered by the turn it holds it (1 the next, then 2-9 and
 * a-z); a cell held over several turns (a wait) shows the last. */
static void draw_reserved(struct aiview *a, struct canvas *c,
                          const struct port *pt)
{
	struct path_point pts[64];
	size_t from, k, n = aiview_coop_steps(a, a->sel, pts, 64, &from);

	for (k = 0; k < n; k++)
		port_put(c, pt, pts[from + k].x, pts[from + k].y,
		         value_char((uint32_t)k + 1), DATA_COLOR_CYAN,
		         CANVAS_BOLD | CANVAS_REVERSE);
}

/* The selected monster's own path; the re-run's when the settings
 * differ, or step mode has finished it, or it is the hunt it would make. */
static void draw_own_path(struct aiview *a, struct canvas *c,
                          const struct port *pt)
{
	const int you = aiview_you(a);
	const struct mind *mi = you ? NULL : aiview_mind(a, a->sel);
	int finished = !a->step || a->step_shown >= a->total_exp;

	if (you) {
		/* Your way is the search's own. */
		if (finished && (a->res.status == PATH_FOUND || a->res.partial))
			draw_path(a, c, pt, a->buf, 0,
			          a->res.length < a->bufcap ? a->res.length
			                                    : a->bufcap,
			          DATA_COLOR_MAGENTA, 1);
		return;
	}
	if ((a->custom || a->step || a->whatif) && finished &&
	    (a->res.status == PATH_FOUND || a->res.partial))
		draw_path(a, c, pt, a->buf, 0,
		          a->res.length < a->bufcap ? a->res.length : a->bufcap,
		          DATA_COLOR_MAGENTA, 1);
	else if (!a->custom && !a->step && mi->path)
		draw_path(a, c, pt, mi->path, mi->pos, mi->len,
		          DATA_COLOR_MAGENTA, 1);
	draw_reserved(a, c, pt);
}

void aiview_draw_map(struct aiview *a, struct canvas *c, int x0, int y0, int vw,
                     int vh, int ox, int oy)
{
	const struct port pt = {x0, y0, vw, vh, ox, oy};
	const struct world *w = a->game->world;
	int followed, shown, nx, ny;

	aiview_trace_ensure(a);
	followed = aiview_alive(a, a->sel) || aiview_you(a);
	shown = followed && a->have && a->cells_ok;
	/* Bottom up: the values of the cells, the paths, then the markers
	 * (current node, the neighbour the code panel's line is on, goal,
	 * the cells that broke a path) over them all.  The paths keep the
	 * search's markers that matter visible (draw_path); while a search
	 * is stepped only its own path is drawn. */
	if (followed && a->cost)
		draw_costs(a, c, &pt);
	if (followed && a->dmap &&
	    minds_flee_map(a->game->minds, (size_t)a->sel))
		draw_safety(a, c, &pt,
		            minds_flee_map(a->game->minds, (size_t)a->sel));
	else if (followed && a->dmap)
		draw_distmap(a, c, &pt);
	if (shown && a->jps && !values_on(a) && a->open)
		draw_jumps(a, c, &pt);
	if (shown)
		draw_search(a, c, &pt);
	if (a->all && a->paths && !a->step)
		draw_other_paths(a, c, &pt);
	if (shown && a->paths && !a->hier)
		draw_own_path(a, c, &pt);
	if (shown && a->hier)
		draw_hier(a, c, &pt);
	/* The node step mode stands on, and the goal when it is not the
	 * player. */
	if (shown && a->step && a->cur_x >= 0) {
		if (values_on(a))
			port_mark(c, &pt, a->cur_x, a->cur_y, DATA_COLOR_YELLOW,
			          CANVAS_BOLD | CANVAS_REVERSE |
			                  CANVAS_UNDERLINE);
		else
			port_put(c, &pt, a->cur_x, a->cur_y, 'O',
			         DATA_COLOR_YELLOW,
			         CANVAS_BOLD | CANVAS_REVERSE);
	}
	if (shown && aiview_code_next(a, &nx, &ny)) {
		if (values_on(a))
			port_mark(c, &pt, nx, ny, DATA_COLOR_CYAN,
			          CANVAS_BOLD | CANVAS_REVERSE |
			                  CANVAS_UNDERLINE);
		else
			port_put(c, &pt, nx, ny, 'N', DATA_COLOR_CYAN,
			         CANVAS_BOLD | CANVAS_REVERSE);
	}
	if (shown && (a->gx != w->px || a->gy != w->py))
		port_put(c, &pt, a->gx, a->gy, 'G', DATA_COLOR_YELLOW,
		         CANVAS_BOLD);
	if (a->cache)
		draw_breaks(a, c, &pt);
}

void aiview_draw_marks(struct aiview *a, struct canvas *c, int x0, int y0,
                       int vw, int vh, int ox, int oy)
{
	const struct port pt = {x0, y0, vw, vh, ox, oy};
	const int attr = CANVAS_BOLD | CANVAS_REVERSE |
	                 (values_on(a) ? CANVAS_UNDERLINE : 0);
	int nx, ny;

	if (!a->on || !a->have || !a->cells_ok)
		return;
	if (a->step && a->cur_x >= 0)
		port_mark(c, &pt, a->cur_x, a->cur_y, DATA_COLOR_YELLOW, attr);
	if (aiview_code_next(a, &nx, &ny))
		port_mark(c, &pt, nx, ny, DATA_COLOR_CYAN, attr);
}

/* One more entry of the legend, on the current row if it fits, else on
 * the next; *x is where the row's text ends (r->x0 when it is empty). */
static void legend_add(struct canvas *c, struct rows *r, int *x,
                       const char *text)
{
	const int n = canvas_columns(text, strlen(text));

	if (*x > r->x0 && *x + 2 + n > r->mx) {
		r->row++;
		*x = r->x0;
	}
	if (r->row >= r->last)
		return;
	if (*x > r->x0)
		*x += 2;
	*x = canvas_text(c, *x, r->row, r->mx, CANVAS_DEFAULT, 0, text);
}

/* The legend of the map layer (m) for the selected monster: its safety
 * map while it flees, else its kind's shared map, and where a far map
 * is rooted. */
static void legend_monster_map(struct aiview *a, struct canvas *c,
                               struct rows *r, int *x)
{
	const struct world *w = a->game->world;
	const int kind = w->monsters[a->sel].kind;
	struct path_params p;
	int tx, ty;

	if (minds_flee_map(a->game->minds, (size_t)a->sel)) {
		legend_add(c, r, x,
		           a->dmap == 1 ? _("fleeing: safety map 0-9 a-z +")
		                        : _("fleeing: safety map ^>v</\\"));
		return;
	}
	if (!minds_kind_distmap(a->game->minds, kind, &tx, &ty)) {
		legend_add(c, r, x, _("no shared map for this kind"));
		return;
	}
	/* A breadth-first kind's map counts steps. */
	minds_params(w, kind, &p);
	legend_add(c, r, x,
	           a->dmap != 1        ? _("shared map: ^>v</\\ downhill")
	           : p.algo == PATH_BFS ? _("shared map: steps 0-9 a-z +")
	                                : _("shared map: moves 0-9 a-z +"));
	/* A far map stays rooted where the player stood while its far
	 * chasers read it (shared.c). */
	if (tx != w->px || ty != w->py) {
		char root[48];
		int dx = abs(tx - w->px), dy = abs(ty - w->py);

		snprintf(root, sizeof(root), _("root %d,%d, %d away"), tx, ty,
		         dx > dy ? dx : dy);
		legend_add(c, r, x, root);
	}
}

/* The legend: every symbol the layers that are on draw, and nothing
 * else. */
void aiview_draw_legend(struct aiview *a, struct canvas *c, struct rows *r)
{
	const struct world *w = a->game->world;
	const int values = values_on(a);
	char rule[48];
	int x = r->x0;

	if (r->row + 1 >= r->last)
		return;
	r->row++;
	if (a->value == 'h' &&
	    (a->p.algo == PATH_BFS || a->p.algo == PATH_DIJKSTRA)) {
		legend_add(c, r, &x, "h unused: all 0");
	} else if (a->value) {
		/* The layer shown by name: f by its rule, g and h by what
		 * they mean to the search; its scale after it, or on a row
		 * of its own where the two do not fit one. */
		const char *what = a->value == 'h' ? "h = estimate"
		                   : a->value == 'g' && a->p.algo != PATH_BFS
		                           ? "g = cost"
		                           : aiview_draw_value_rule(a);
		char scale[24];

		if (value_unit(a) == 1)
			snprintf(scale, sizeof(scale), "0-9 a-z +");
		else
			snprintf(scale, sizeof(scale), "/%u: 0-9 a-z +",
			         value_unit(a));
		snprintf(rule, sizeof(rule), "%s%s%s", what,
		         value_unit(a) == 1 ? ": " : ", ", scale);
		if ((int)strlen(rule) <= r->mx - r->x0) {
			legend_add(c, r, &x, rule);
		} else {
			legend_add(c, r, &x, what);
			legend_add(c, r, &x, scale);
		}
	}
	if (a->arrows)
		legend_add(c, r, &x, "^>v</\\ to parent");
	if (a->cost)
		legend_add(c, r, &x, "1-9 cost  + dearer  # never");
	if (a->dmap && aiview_you(a)) {
		legend_add(c, r, &x,
		           !a->travel->map_built ? _("no explore map")
		           : a->dmap == 1 ? _("explore map: moves 0-9 a-z +")
		                          : _("explore map: ^>v</\\ downhill"));
	} else if (a->dmap && aiview_alive(a, a->sel)) {
		legend_monster_map(a, c, r, &x);
	}
	if (a->paths && !a->hier)
		legend_add(c, r, &x,
		           values              ? _("reverse: path")
		           : a->jps && a->open ? _("*/reverse: path")
		                               : _("* path"));
	if (a->paths && a->all && !a->step)
		legend_add(c, r, &x, _("others' in their colour"));
	if (a->have && (a->gx != w->px || a->gy != w->py))
		legend_add(c, r, &x, _("G goal"));
	if (a->step)
		legend_add(c, r, &x,
		           values ? _("reverse+underlined: current")
		                  : _("O current"));
	if (values) {
		legend_add(c, r, &x, _("underlined: open"));
	} else if (a->open) {
		/* The jumps first: beside the path's entry, the four fit two
		 * rows of the narrow panel. */
		if (a->jps)
			legend_add(c, r, &x, _("-|/\\ jumps"));
		legend_add(c, r, &x,
		           a->jps ? _("o open jump point") : _("o open"));
		legend_add(c, r, &x, _(": closed"));
	}
	if (a->cache)
		legend_add(c, r, &x, _("X broke a path"));
	if (a->hier) {
		legend_add(c, r, &x, _("! subgoal"));
		legend_add(c, r, &x, _("0-9 subgoal path"));
		legend_add(c, r, &x, _("* its cells"));
	}
	if (a->boxes) {
		legend_add(c, r, &x, _("box: f ^ / g h"));
		if (a->box_div > 1) {
			char div[32];

			snprintf(div, sizeof(div), _("values /%u"), a->box_div);
			legend_add(c, r, &x, div);
		}
	}
	if (x > r->x0)
		r->row++;
}
