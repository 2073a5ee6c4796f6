/* SPDX-License-Identifier: MIT */
/* travel.c - the player's own searches: travel by A* over the map as
 * the player remembers it, explore by a Dijkstra map from the frontier
 * (known open cells beside unknown ones), run by the rules players of
 * the classic roguelikes know, and rest; each hands out one ordinary
 * command a turn and stops when something needs the player's eyes. */
#include "config.h"

#include "travel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/dir.h"
#include "core/base/i18n.h"
#include "core/world/fov.h"

#define TRACE_LIMIT (1u << 18)

static int travel_fit(struct travel *t, const struct world *w)
{
	if (t->world == w && t->grid.width == w->width &&
	    t->grid.height == w->height && t->nsaw == w->nmonsters)
		return 0;
	if (t->grid.width != w->width || t->grid.height != w->height) {
		grid_fini(&t->grid);
		grid_fini(&t->planned);
		path_ctx_free(t->ctx);
		distmap_free(t->map);
		t->ctx = path_ctx_new(w->width, w->height);
		t->map = distmap_new(w->width, w->height);
		if (!t->ctx || !t->map ||
		    grid_init(&t->grid, w->width, w->height) != GRID_OK ||
		    grid_init(&t->planned, w->width, w->height) != GRID_OK) {
			t->world = NULL;
			return -1;
		}
	}
	free(t->saw);
	t->saw = calloc(w->nmonsters ? w->nmonsters : 1, 1);
	if (!t->saw) {
		t->world = NULL;
		t->nsaw = 0;
		return -1;
	}
	t->nsaw = w->nmonsters;
	t->world = w;
	t->map_built = 0;
	t->nroute = 0;
	return 0;
}

struct travel *travel_new(const struct world *w)
{
	struct travel *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	path_params_default(&t->params);
	t->params.algo = PATH_ASTAR;
	t->params.heuristic = PATH_H_OCTILE;
	t->params.diagonal = PATH_DIAG_NO_CORNER;
	path_trace_init(&t->trace, TRACE_LIMIT);
	t->monster = -1;
	if (travel_fit(t, w) != 0) {
		travel_free(t);
		return NULL;
	}
	return t;
}

void travel_free(struct travel *t)
{
	if (!t)
		return;
	grid_fini(&t->grid);
	grid_fini(&t->planned);
	path_ctx_free(t->ctx);
	distmap_free(t->map);
	path_trace_fini(&t->trace);
	free(t->route);
	free(t->saw);
	free(t);
}

/* ---- what the player knows -------------------------------------------- */

uint8_t travel_cost(const struct world *w, uint64_t keys, int t)
{
	const struct data_terrain *tt;

	if (t < 0 || (size_t)t >= w->data->nterrain)
		return 0;
	tt = &w->data->terrain[t];
	if (tt->door == DATA_DOOR_LOCKED)
		return tt->unlocked_by >= 0 && tt->unlocked_by < 64 &&
		                       (keys >> tt->unlocked_by & 1)
		               ? data_terrain_cost(w->data, NULL, 1, t)
		               : 0;
	if (tt->door == DATA_DOOR_CLOSED && !tt->bump_opens)
		return 0;
	return data_terrain_cost(w->data, NULL, 0, t);
}

int travel_harmful(const struct world *w, int t)
{
	if (t < 0 || (size_t)t >= w->data->nterrain)
		return 0;
	return data_terrain_harm(w->data, NULL, t) > 0;
}

/* Whether (x, y) is next to (or under) a monster the player sees. */
static int in_reach(const struct world *w, int x, int y)
{
	size_t i;

	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];

		if (fov_sees_monster(w, i) && abs(m->x - x) <= 1 &&
		    abs(m->y - y) <= 1)
			return 1;
	}
	return 0;
}

void travel_known_grid(struct travel *t, const struct world *w, int keep_x,
                       int keep_y)
{
	size_t i;
	int x, y;

	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++) {
			const int m = fov_remembered(w, x, y);
			uint8_t c = m < 0 ? 0 : travel_cost(w, w->keys, m);

			if (c && travel_harmful(w, m) &&
			    (x != keep_x || y != keep_y))
				c = 0;
			t->grid.cost[grid_index(&t->grid, x, y)] = c;
		}
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];

		if (!fov_sees_monster(w, i))
			continue;
		for (y = m->y - 1; y <= m->y + 1; y++)
			for (x = m->x - 1; x <= m->x + 1; x++)
				if (world_in(w, x, y) &&
				    (x != keep_x || y != keep_y))
					t->grid.cost[grid_index(&t->grid, x,
					                        y)] = 0;
	}
	/* The stairs end the level: only a walk asked to go there takes
	 * them. */
	if (world_in(w, w->exit_x, w->exit_y) &&
	    (w->exit_x != keep_x || w->exit_y != keep_y))
		t->grid.cost[grid_index(&t->grid, w->exit_x, w->exit_y)] = 0;
	/* The player's own cell is where every search starts. */
	{
		uint8_t c = travel_cost(w, w->keys,
		                        w->terrain[world_idx(w, w->px, w->py)]);

		t->grid.cost[grid_index(&t->grid, w->px, w->py)] = c ? c : 1;
	}
	t->grid.serial++;
}

/* ---- noticing what stops a travel -------------------------------------- */

/* Whether event e is one the player should read before going on. */
static int worth_reading(const struct world *w, const struct world_event *e)
{
	switch (e->kind) {
	case WEV_BUMP:
	case WEV_DOOR_LOCKED:
	case WEV_DOOR_STUCK:
	case WEV_NOTHING_THERE:
	case WEV_HEALED:
	case WEV_DESCENDED:
		return e->actor < 0;
	case WEV_ATTACK:
	case WEV_MISSED:
		return e->other == -1 || e->actor == -1;
	case WEV_DOOR_OPENED:
	case WEV_DOOR_CLOSED:
	case WEV_DOOR_UNLOCKED:
	case WEV_DOOR_BASHED:
	case WEV_DOOR_HOLDS:
		return e->actor >= 0 && world_in(w, e->x, e->y) &&
		       fov_seen(w, e->x, e->y) != FOV_NONE;
	default:
		return 0;
	}
}

/* Takes note of the monsters in view and the hit points, and says what
 * changed since the last look that should stop a travel. */
static enum travel_stop travel_look(struct travel *t, const struct world *w,
                                    int judge)
{
	enum travel_stop r = TRAVEL_STEP;
	size_t i;

	if (judge) {
		for (i = 0; i < w->events.len; i++)
			if (worth_reading(w, &w->events.items[i])) {
				t->event = w->events.items[i].kind;
				r = TRAVEL_MESSAGE;
				break;
			}
	}
	for (i = 0; i < w->nmonsters && i < t->nsaw; i++) {
		const int now = fov_sees_monster(w, i);

		if (judge && now && !t->saw[i] && r != TRAVEL_HURT) {
			t->monster = (int)i;
			r = TRAVEL_MONSTER;
		}
		t->saw[i] = (uint8_t)now;
	}
	if (judge && w->php < t->hp)
		r = TRAVEL_HURT;
	t->hp = w->php;
	return r;
}

/* A new action: what the player sees now is its baseline. */
static int travel_begin(struct travel *t, const struct world *w,
                        enum travel_kind kind)
{
	if (travel_fit(t, w) != 0)
		return -1;
	t->kind = kind;
	t->started = 0;
	t->turns = 0;
	t->monster = -1;
	t->event = -1;
	travel_look(t, w, 0);
	return 0;
}

void travel_cancel(struct travel *t)
{
	t->kind = TRAVEL_NONE;
}

const struct path_point *travel_route(const struct travel *t, size_t *n)
{
	*n = t->nroute;
	return t->route;
}

/* ---- travel ------------------------------------------------------------- */

static int route_room(struct travel *t, size_t n)
{
	struct path_point *r;

	if (n <= t->cap)
		return 0;
	r = realloc(t->route, n * sizeof(*r));
	if (!r)
		return -1;
	t->route = r;
	t->cap = n;
	return 0;
}

/* A* from the player to the chosen cell on t->grid; the route kept with
 * the grid it was planned on. */
static int plan_route(struct travel *t, const struct world *w)
{
	struct path_result res;

	memcpy(t->planned.cost, t->grid.cost,
	       (size_t)t->grid.stride * (size_t)(t->grid.height + 2));
	t->nroute = 0;
	if (!grid_passable(&t->grid, t->tx, t->ty))
		return TRAVEL_NO_WAY;
	for (;;) {
		path_trace_clear(&t->trace);
		path_find(t->ctx, &t->grid, &t->params, w->px, w->py, t->tx,
		          t->ty, t->route, t->cap, &res, &t->trace);
		t->work += res.stats.expanded;
		t->searches++;
		if (res.status != PATH_FOUND)
			return res.status == PATH_NOMEM ? -1 : TRAVEL_NO_WAY;
		if (res.length <= t->cap)
			break;
		if (route_room(t, res.length) != 0)
			return -1;
	}
	t->nroute = res.length;
	t->route_cost = res.cost;
	return TRAVEL_STEP;
}

int travel_plan(struct travel *t, const struct world *w, int x, int y)
{
	if (travel_begin(t, w, TRAVEL_GO) != 0)
		return -1;
	t->tx = x;
	t->ty = y;
	if (!world_in(w, x, y)) {
		t->kind = TRAVEL_NONE;
		return TRAVEL_NO_WAY;
	}
	if (w->px == x && w->py == y) {
		t->kind = TRAVEL_NONE;
		return TRAVEL_ARRIVED;
	}
	travel_known_grid(t, w, x, y);
	const int r = plan_route(t, w);

	if (r != TRAVEL_STEP)
		t->kind = TRAVEL_NONE;
	return r;
}

static void move_cmd(struct world_cmd *out, const struct world *w, int x, int y)
{
	out->kind = WCMD_MOVE;
	out->dx = (int8_t)(x - w->px);
	out->dy = (int8_t)(y - w->py);
}

static enum travel_stop go_step(struct travel *t, const struct world *w,
                                struct world_cmd *out)
{
	size_t i, at = t->nroute;

	if (w->px == t->tx && w->py == t->ty)
		return TRAVEL_ARRIVED;
	travel_known_grid(t, w, t->tx, t->ty);
	for (i = 0; i < t->nroute; i++)
		if (t->route[i].x == w->px && t->route[i].y == w->py) {
			at = i;
			break;
		}
	if (at + 1 >= t->nroute ||
	    memcmp(t->planned.cost, t->grid.cost,
	           (size_t)t->grid.stride * (size_t)(t->grid.height + 2))) {
		/* What the player knows changed: the way is planned again
		 * from here. */
		const int r = plan_route(t, w);

		if (r != TRAVEL_STEP)
			return r < 0 ? TRAVEL_NO_WAY : (enum travel_stop)r;
		at = 0;
	}
	move_cmd(out, w, t->route[at + 1].x, t->route[at + 1].y);
	return TRAVEL_STEP;
}

/* ---- explore ------------------------------------------------------------ */

/* Whether (x, y), open on the known map, has a neighbour never seen. */
static int frontier(const struct travel *t, const struct world *w, int x, int y)
{
	int d;

	if (!grid_passable(&t->grid, x, y))
		return 0;
	for (d = 0; d < DIR_COUNT; d++) {
		const int nx = x + dir_dx[d], ny = y + dir_dy[d];

		if (world_in(w, nx, ny) && fov_remembered(w, nx, ny) < 0)
			return 1;
	}
	return 0;
}

/* The Dijkstra map from every frontier cell and every key the player
 * knows of; the route down it from the player kept for drawing.  Returns
 * TRAVEL_STEP when some of it can be reached, else TRAVEL_EXPLORED. */
static int explore_map(struct travel *t, const struct world *w)
{
	struct path_point *src;
	size_t n = 0, i, settled = 0;
	int x, y, cx, cy;

	travel_known_grid(t, w, -1, -1);
	t->map_built = 0;
	t->nroute = 0;
	if (route_room(t, (size_t)w->width * (size_t)w->height) != 0)
		return -1;
	/* The route's buffer holds the sources first, then the route. */
	src = t->route;
	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++)
			if (frontier(t, w, x, y)) {
				src[n].x = x;
				src[n++].y = y;
			}
	for (i = 0; i < w->nitems; i++) {
		const struct world_item *it = &w->items[i];

		if (!it->taken && fov_remembered(w, it->x, it->y) >= 0 &&
		    grid_passable(&t->grid, it->x, it->y)) {
			src[n].x = it->x;
			src[n++].y = it->y;
		}
	}
	if (!n)
		return TRAVEL_EXPLORED;
	if (distmap_build(t->map, &t->grid, &t->params, src, n, 0, &settled) !=
	    0)
		return -1;
	t->work += settled;
	t->searches++;
	t->map_built = 1;
	cx = w->px;
	cy = w->py;
	if (distmap_at(t->map, cx, cy) == DISTMAP_UNREACHED ||
	    distmap_at(t->map, cx, cy) == 0)
		return TRAVEL_EXPLORED;
	t->route[0].x = cx;
	t->route[0].y = cy;
	t->nroute = 1;
	while (t->nroute < t->cap &&
	       distmap_step(t->map, &t->grid, &t->params, cx, cy, &cx, &cy)) {
		t->route[t->nroute].x = cx;
		t->route[t->nroute++].y = cy;
	}
	return t->nroute > 1 ? TRAVEL_STEP : TRAVEL_EXPLORED;
}

int travel_explore(struct travel *t, const struct world *w)
{
	int r;

	if (travel_begin(t, w, TRAVEL_EXPLORE) != 0)
		return -1;
	r = explore_map(t, w);
	if (r != TRAVEL_STEP)
		t->kind = TRAVEL_NONE;
	return r;
}

static enum travel_stop explore_step(struct travel *t, const struct world *w,
                                     struct world_cmd *out)
{
	const int r = explore_map(t, w);

	if (r != TRAVEL_STEP)
		return TRAVEL_EXPLORED;
	move_cmd(out, w, t->route[1].x, t->route[1].y);
	return TRAVEL_STEP;
}

/* ---- run ---------------------------------------------------------------- */

/* Whether the player could walk onto (x, y) as it remembers it. */
static int open_known(const struct world *w, int x, int y)
{
	const int m = world_in(w, x, y) ? fov_remembered(w, x, y) : -1;

	return m >= 0 && travel_cost(w, w->keys, m) != 0;
}

/* Which cells beside the way at (x, y) are open: bit 0 the left, bit 1
 * the right of the direction (dx, dy). */
static int run_sides(const struct world *w, int x, int y, int dx, int dy)
{
	return open_known(w, x - dy, y + dx) | open_known(w, x + dy, y - dx)
	                                               << 1;
}

void travel_run(struct travel *t, const struct world *w, int dx, int dy)
{
	if (travel_begin(t, w, TRAVEL_RUN) != 0)
		return;
	t->dx = dx;
	t->dy = dy;
	t->sides = run_sides(w, w->px, w->py, dx, dy);
	t->nroute = 0;
}

/* Whether something worth stopping for is next to (x, y) that was not
 * next to the cell before it, (px, py): a door, a key, the stairs. */
static enum travel_stop run_notices(const struct world *w, int x, int y, int px,
                                    int py)
{
	int d;

	if (world_item_at(w, x, y) >= 0 || (x == w->exit_x && y == w->exit_y))
		return TRAVEL_ITEM;
	for (d = 0; d < DIR_COUNT; d++) {
		const int nx = x + dir_dx[d], ny = y + dir_dy[d];
		int m;

		if (!world_in(w, nx, ny) ||
		    (abs(nx - px) <= 1 && abs(ny - py) <= 1))
			continue;
		m = fov_remembered(w, nx, ny);
		if (m < 0)
			continue;
		if (w->data->terrain[m].door != DATA_DOOR_NONE)
			return TRAVEL_DOOR;
		if ((world_item_at(w, nx, ny) >= 0 &&
		     fov_seen(w, nx, ny) != FOV_NONE) ||
		    (nx == w->exit_x && ny == w->exit_y))
			return TRAVEL_ITEM;
	}
	return TRAVEL_STEP;
}

static enum travel_stop run_step(struct travel *t, const struct world *w,
                                 struct world_cmd *out)
{
	int nx, ny, m, sides;

	if (t->started) {
		const enum travel_stop r = run_notices(
		        w, w->px, w->py, w->px - t->dx, w->py - t->dy);

		if (r != TRAVEL_STEP)
			return r;
	}
	sides = run_sides(w, w->px, w->py, t->dx, t->dy);
	nx = w->px + t->dx;
	ny = w->py + t->dy;
	if (t->sides == 0 && (t->dx == 0 || t->dy == 0) &&
	    !open_known(w, nx, ny) && (sides == 1 || sides == 2)) {
		/* A corridor bends: the run follows it. */
		const int dx = t->dx, dy = t->dy;

		if (sides == 1) {
			t->dx = -dy;
			t->dy = dx;
		} else {
			t->dx = dy;
			t->dy = -dx;
		}
		nx = w->px + t->dx;
		ny = w->py + t->dy;
		/* Beside the new way lie the cell it came from and a
		 * wall: no branch. */
		sides = t->sides;
	}
	if (t->started && sides != t->sides)
		return TRAVEL_BRANCH;
	m = world_in(w, nx, ny) ? fov_remembered(w, nx, ny) : -1;
	if (m >= 0 && w->data->terrain[m].door != DATA_DOOR_NONE &&
	    w->data->terrain[m].door != DATA_DOOR_OPEN)
		return TRAVEL_DOOR;
	if (!open_known(w, nx, ny) ||
	    !world_corner_ok(w, -1, w->px, w->py, t->dx, t->dy))
		return TRAVEL_WALL;
	if (nx == w->exit_x && ny == w->exit_y)
		return TRAVEL_ITEM;
	if (travel_harmful(w, m) || in_reach(w, nx, ny))
		return TRAVEL_DANGER;
	move_cmd(out, w, nx, ny);
	return TRAVEL_STEP;
}

/* ---- rest --------------------------------------------------------------- */

void travel_rest(struct travel *t, const struct world *w)
{
	if (travel_begin(t, w, TRAVEL_REST) == 0)
		t->nroute = 0;
}

static enum travel_stop rest_step(struct travel *t, const struct world *w,
                                  struct world_cmd *out)
{
	if (w->php >= w->php_max)
		return TRAVEL_HEALED;
	if (t->turns >= TRAVEL_REST_TURNS)
		return TRAVEL_RESTED;
	out->kind = WCMD_WAIT;
	out->dx = out->dy = 0;
	return TRAVEL_STEP;
}

/* ---- each turn ---------------------------------------------------------- */

enum travel_stop travel_next(struct travel *t, const struct world *w,
                             struct world_cmd *out)
{
	enum travel_stop r = TRAVEL_STEP;

	out->kind = WCMD_WAIT;
	out->dx = out->dy = 0;
	if (t->kind == TRAVEL_NONE)
		return TRAVEL_OVER;
	if (w != t->world || w->state != WORLD_PLAYING) {
		t->kind = TRAVEL_NONE;
		return TRAVEL_OVER;
	}
	if (t->kind == TRAVEL_GO && w->px == t->tx && w->py == t->ty)
		r = TRAVEL_ARRIVED;
	else if (t->started)
		r = travel_look(t, w, 1);
	if (r == TRAVEL_STEP) {
		switch (t->kind) {
		case TRAVEL_GO:
			r = go_step(t, w, out);
			break;
		case TRAVEL_EXPLORE:
			r = explore_step(t, w, out);
			break;
		case TRAVEL_RUN:
			r = run_step(t, w, out);
			break;
		case TRAVEL_REST:
			r = rest_step(t, w, out);
			break;
		case TRAVEL_NONE:
			r = TRAVEL_OVER;
			break;
		}
	}
	t->started = 1;
	if (r == TRAVEL_STEP &&
	    t->turns > 4 * w->width * w->height + TRAVEL_REST_TURNS)
		r = TRAVEL_NO_WAY; /* a guard: never reached by the rules */
	if (r == TRAVEL_STEP) {
		t->turns++;
		return r;
	}
	out->kind = WCMD_WAIT;
	out->dx = out->dy = 0;
	t->kind = TRAVEL_NONE;
	return r;
}

/* ---- words -------------------------------------------------------------- */

const char *travel_kind_name(enum travel_kind k)
{
	/* TRANSLATORS: what the player's own search is doing, in the AI
	 * view. */
	switch (k) {
	case TRAVEL_GO:
		return N_("travel");
	case TRAVEL_EXPLORE:
		return N_("explore");
	case TRAVEL_RUN:
		return N_("run");
	case TRAVEL_REST:
		return N_("rest");
	case TRAVEL_NONE:
		break;
	}
	return N_("none");
}

static const char *event_why(int kind)
{
	switch (kind) {
	case WEV_BUMP:
		return "something is in the way";
	case WEV_DOOR_LOCKED:
		return "the door is locked";
	case WEV_DOOR_STUCK:
		return "something stands in the doorway";
	case WEV_HEALED:
		return "you drank";
	case WEV_DESCENDED:
		return "a new level";
	case WEV_ATTACK:
	case WEV_MISSED:
		return "a fight";
	default:
		return "a door moves nearby";
	}
}

void travel_why(const struct travel *t, const struct world *w,
                enum travel_stop why, char *buf, size_t size)
{
	switch (why) {
	case TRAVEL_STEP:
	case TRAVEL_OVER:
		snprintf(buf, size, "%s", "");
		break;
	case TRAVEL_ARRIVED:
		snprintf(buf, size, "You arrive.");
		break;
	case TRAVEL_EXPLORED:
		snprintf(buf, size, "Explored.");
		break;
	case TRAVEL_NO_WAY:
		snprintf(buf, size, "You know no safe way there.");
		break;
	case TRAVEL_MONSTER:
		if (t->monster >= 0 && (size_t)t->monster < w->nmonsters)
			snprintf(buf, size, "You stop: a %s comes into view.",
			         w->data->monsters[w->monsters[t->monster].kind]
			                 .name);
		else
			snprintf(buf, size,
			         "You stop: a monster comes into "
			         "view.");
		break;
	case TRAVEL_HURT:
		snprintf(buf, size, "You stop: you are hurt.");
		break;
	case TRAVEL_MESSAGE:
		snprintf(buf, size, "You stop: %s.", event_why(t->event));
		break;
	case TRAVEL_HEALED:
		snprintf(buf, size, "%s",
		         t->turns ? "You rest until healed."
		                  : "You are not hurt: no need to rest.");
		break;
	case TRAVEL_RESTED:
		snprintf(buf, size, "You rest for %d turns.", t->turns);
		break;
	case TRAVEL_WALL:
		snprintf(buf, size, "You stop: the way ahead is closed.");
		break;
	case TRAVEL_DOOR:
		snprintf(buf, size, "You stop at a door.");
		break;
	case TRAVEL_BRANCH:
		snprintf(buf, size, "You stop: the way branches.");
		break;
	case TRAVEL_ITEM:
		snprintf(buf, size, "You stop: something lies here.");
		break;
	case TRAVEL_DANGER:
		snprintf(buf, size, "You stop: the next step is not safe.");
		break;
	}
}
