/* autopilot.c - the headless player: the cheapest way to the exit. */
#include "autopilot.h"

#include <stdlib.h>
#include <string.h>

#include "core/path/path.h"

struct autopilot {
	struct grid grid; /* what the player may walk, with its keys */
	struct path_ctx *ctx;
	struct path_point *buf;
	size_t cap;
	uint32_t serial; /* w->change_serial the grid was made at */
	uint64_t keys;
	int built;
	const struct world *world; /* the one the grid was made for */
};

/* The grid and the search's memory for w's size: a campaign's next
 * level is another world.  Returns 0, or -1 when out of memory. */
static int autopilot_fit(struct autopilot *a, const struct world *w)
{
	if (a->world == w && a->grid.width == w->width &&
	    a->grid.height == w->height)
		return 0;
	grid_fini(&a->grid);
	path_ctx_free(a->ctx);
	a->ctx = path_ctx_new(w->width, w->height);
	a->built = 0;
	a->world = w;
	if (!a->ctx || grid_init(&a->grid, w->width, w->height) != GRID_OK) {
		a->world = NULL;
		return -1;
	}
	return 0;
}

struct autopilot *autopilot_new(const struct world *w)
{
	struct autopilot *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	a->cap = 256;
	a->buf = malloc(a->cap * sizeof(*a->buf));
	if (!a->buf || autopilot_fit(a, w) != 0) {
		autopilot_free(a);
		return NULL;
	}
	return a;
}

void autopilot_free(struct autopilot *a)
{
	if (!a)
		return;
	grid_fini(&a->grid);
	path_ctx_free(a->ctx);
	free(a->buf);
	free(a);
}

static uint8_t player_cost(const struct world *w, uint64_t keys, int t)
{
	const struct data_terrain *tt = &w->data->terrain[t];

	if (tt->door == DATA_DOOR_LOCKED)
		return tt->unlocked_by >= 0 && tt->unlocked_by < 64 &&
		                       (keys >> tt->unlocked_by & 1)
		               ? data_terrain_cost(w->data, NULL, 1, t)
		               : 0;
	if (tt->door == DATA_DOOR_CLOSED && !tt->bump_opens)
		return 0;
	return data_terrain_cost(w->data, NULL, 0, t);
}

static void rebuild(struct autopilot *a, const struct world *w)
{
	int x, y;

	if (a->built && a->serial == w->change_serial && a->keys == w->keys)
		return;
	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++)
			a->grid.cost[grid_index(&a->grid, x, y)] = player_cost(
			        w, w->keys, w->terrain[world_idx(w, x, y)]);
	a->serial = w->change_serial;
	a->keys = w->keys;
	a->built = 1;
}

/* A* from the player to (gx, gy); the first step into *step.  Returns
 * the path cost, or UINT32_MAX when there is none. */
static uint32_t route(struct autopilot *a, const struct world *w, int gx,
                      int gy, struct path_point *step)
{
	struct path_params p;
	struct path_result res;

	path_params_default(&p);
	for (;;) {
		path_find(a->ctx, &a->grid, &p, w->px, w->py, gx, gy, a->buf,
		          a->cap, &res, NULL);
		if (res.status != PATH_FOUND || res.length <= a->cap)
			break;
		{
			struct path_point *b =
			        realloc(a->buf, res.length * sizeof(*b));

			if (!b)
				return UINT32_MAX;
			a->buf = b;
			a->cap = res.length;
		}
	}
	if (res.status != PATH_FOUND || res.length < 2)
		return UINT32_MAX;
	*step = a->buf[1];
	return res.cost;
}

int autopilot_next(struct autopilot *a, const struct world *w,
                   struct world_cmd *out)
{
	struct path_point step, best_step = {0, 0};
	uint32_t best = UINT32_MAX;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->kind = WCMD_WAIT;
	if (w->state != WORLD_PLAYING)
		return 0;
	if (autopilot_fit(a, w) != 0)
		return -1;
	rebuild(a, w);
	if (w->exit_x >= 0)
		best = route(a, w, w->exit_x, w->exit_y, &best_step);
	if (best == UINT32_MAX) {
		for (i = 0; i < w->nitems; i++) {
			const struct world_item *it = &w->items[i];
			uint32_t c;

			if (it->taken)
				continue;
			c = route(a, w, it->x, it->y, &step);
			if (c < best) {
				best = c;
				best_step = step;
			}
		}
	}
	if (best == UINT32_MAX)
		return 0;
	out->kind = WCMD_MOVE;
	out->dx = (int8_t)(best_step.x - w->px);
	out->dy = (int8_t)(best_step.y - w->py);
	return 0;
}
