/* SPDX-License-Identifier: MIT */
/* walk.c - the front end's side of the player's own path-finding:
 * travel to a cell picked with the look cursor, a click or '>', explore,
 * run and rest.  The planning is the core's (core/mind/travel.c); here a
 * planned route is drawn and confirmed, and while one is under way each
 * turn's command is asked for and handed to the session like a key, so
 * that the turns are ordinary commands.  A key pressed meanwhile stops
 * it. */
#include "config.h"

#include "screen_impl.h"

/* Milliseconds a step waits while the AI view is on. */
#define WALK_AI_DELAY_MS 100

/* The travel for this level's world (a new level is a new world). */
static struct travel *walk_travel(struct view *v)
{
	if (!v->travel) {
		v->travel = travel_new(v->s->game->world);
		aiview_set_travel(v->ai, v->travel);
	}
	return v->travel;
}

static void walk_say(struct view *v, enum travel_stop why)
{
	char buf[LOG_LINE];

	travel_why(v->travel, v->s->game->world, why, buf, sizeof(buf));
	if (*buf)
		screen_log(v, "%s", buf);
}

/* Plans a travel to (x, y) and shows its route for the player to
 * confirm. */
void walk_pick(struct view *v, int x, int y, int key)
{
	struct travel *t = walk_travel(v);
	int r;

	v->walking = 0;
	if (!t) {
		screen_log(v, _("Out of memory."));
		return;
	}
	r = travel_plan(t, v->s->game->world, x, y);
	aiview_forget(v->ai);
	if (r == TRAVEL_STEP) {
		v->mode = MODE_TRAVEL;
		v->travel_key = key;
		return;
	}
	v->mode = MODE_PLAY;
	if (r == TRAVEL_ARRIVED)
		screen_log(v, _("You are there already."));
	else if (r < 0)
		screen_log(v, _("Out of memory."));
	else if (fov_remembered(v->s->game->world, x, y) < 0)
		screen_log(v, _("You have not seen that place: no known way "
		                "there."));
	else
		walk_say(v, (enum travel_stop)r);
}

/* ---- keys --------------------------------------------------------------- */

/* '.' or Enter in look mode: travel to the cursor. */
enum view_result walk_key_look(struct view *v, int key, struct world_cmd *cmd)
{
	(void)cmd;
	if (v->replaying || v->s->game->world->state != WORLD_PLAYING) {
		v->mode = MODE_PLAY;
		return VIEW_OK;
	}
	walk_pick(v, v->look_x, v->look_y, key);
	return VIEW_OK;
}

/* '_': the look cursor, to pick where to travel. */
enum view_result walk_key_pick(struct view *v, int key, struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	v->look_x = v->s->game->world->px;
	v->look_y = v->s->game->world->py;
	v->mode = MODE_LOOK;
	if (!v->replaying && v->s->game->world->state == WORLD_PLAYING)
		screen_log(v, _("Travel where? Move the cursor; . or Enter "
		                "travels there."));
	return VIEW_OK;
}

/* '>': to the stairs, when the player has seen them. */
enum view_result walk_key_stairs(struct view *v, int key, struct world_cmd *cmd)
{
	const struct world *w = v->s->game->world;

	(void)cmd;
	if (!world_in(w, w->exit_x, w->exit_y) ||
	    fov_remembered(w, w->exit_x, w->exit_y) < 0) {
		screen_log(v, _("You have not found the stairs yet."));
		return VIEW_OK;
	}
	walk_pick(v, w->exit_x, w->exit_y, key);
	return VIEW_OK;
}

/* Under way: the first step is asked for by the idle loop. */
static void walk_begin(struct view *v)
{
	v->walking = 1;
	v->walk_shown = 0;
	v->mode = MODE_PLAY;
	msglog_mark_seen(&v->log);
}

/* The confirmation of a planned travel: its own key, Enter or '.' go,
 * anything else (Esc) cancels. */
enum view_result walk_key_confirm(struct view *v, int key,
                                  struct world_cmd *cmd)
{
	(void)cmd;
	if (key == VK_ENTER || key == '.' || key == v->travel_key) {
		walk_begin(v);
		return VIEW_OK;
	}
	travel_cancel(v->travel);
	v->mode = MODE_PLAY;
	screen_log(v, _("Travel cancelled."));
	return VIEW_OK;
}

enum view_result walk_key_explore(struct view *v, int key,
                                  struct world_cmd *cmd)
{
	struct travel *t = walk_travel(v);
	int r;

	(void)key;
	(void)cmd;
	if (!t)
		return VIEW_OK;
	r = travel_explore(t, v->s->game->world);
	aiview_forget(v->ai);
	if (r == TRAVEL_STEP)
		walk_begin(v);
	else if (r < 0)
		screen_log(v, _("Out of memory."));
	else
		walk_say(v, (enum travel_stop)r);
	return VIEW_OK;
}

/* Shift and a direction: run that way. */
enum view_result walk_key_run(struct view *v, int key, struct world_cmd *cmd)
{
	struct travel *t = walk_travel(v);
	int dx, dy;

	(void)cmd;
	if (!t || key < 'A' || key > 'Z' ||
	    !keys_dir(key - 'A' + 'a', &dx, &dy))
		return VIEW_PASS;
	travel_run(t, v->s->game->world, dx, dy);
	walk_begin(v);
	return VIEW_OK;
}

enum view_result walk_key_rest(struct view *v, int key, struct world_cmd *cmd)
{
	struct travel *t = walk_travel(v);

	(void)key;
	(void)cmd;
	if (!t)
		return VIEW_OK;
	travel_rest(t, v->s->game->world);
	walk_begin(v);
	return VIEW_OK;
}

/* A key while under way stops it, and is nothing else; but the AI
 * view's keys (Tab, `, F2, v, and every key while it has them) only
 * change what it shows. */
int walk_interrupt(struct view *v, int key)
{
	if (!v->walking || key == VK_TAB || key == '`' || key == VK_F2 ||
	    key == 'v' || (v->ai_keys && aiview_on(v->ai)))
		return 0;
	v->walking = 0;
	travel_cancel(v->travel);
	screen_log(v, _("You stop."));
	return 1;
}

/* A click on the map: travel there (shown first); a click on the cell
 * already shown goes. */
void walk_click(struct view *v, int x, int y)
{
	if (v->mode == MODE_TRAVEL && v->travel &&
	    v->travel->kind == TRAVEL_GO && x == v->travel->tx &&
	    y == v->travel->ty) {
		walk_begin(v);
		return;
	}
	if (v->mode != MODE_PLAY && v->mode != MODE_TRAVEL &&
	    v->mode != MODE_LOOK)
		return;
	walk_pick(v, x, y, VK_ENTER);
}

/* ---- turns -------------------------------------------------------------- */

enum view_result walk_next(struct view *v, struct world_cmd *cmd)
{
	enum travel_stop r;

	if (!v->walking)
		return VIEW_OK;
	r = travel_next(v->travel, v->s->game->world, cmd);
	if (r == TRAVEL_STEP) {
		msglog_mark_seen(&v->log);
		return VIEW_CMD;
	}
	v->walking = 0;
	walk_say(v, r);
	return VIEW_OK;
}

/* While under way, every other call draws the screen and looks for a
 * key (the caller's loop does both when told to wait no time), and the
 * next plays a step.  With the AI view on the steps come at a pace that
 * lets its layers be read and its keys be pressed. */
enum view_result walk_idle(struct view *v, struct world_cmd *cmd, int *wait_ms)
{
	if (!v->walking)
		return VIEW_OK;
	if (!v->walk_shown) {
		v->walk_shown = 1;
		*wait_ms = aiview_on(v->ai) ? WALK_AI_DELAY_MS : 0;
		return VIEW_OK;
	}
	v->walk_shown = 0;
	return walk_next(v, cmd);
}

/* ---- drawing ------------------------------------------------------------ */

/* The planned route over the map, '*' a cell and the cell picked in
 * reverse, while it waits to be confirmed. */
void walk_draw_route(const struct view *v, struct canvas *c, int x0, int y0,
                     int vw, int vh, int ox, int oy)
{
	const struct path_point *r;
	size_t n, i;

	/* The AI view following you draws it as a monster's. */
	if (v->mode != MODE_TRAVEL || !v->travel ||
	    aiview_selected(v->ai) == AIVIEW_YOU)
		return;
	r = travel_route(v->travel, &n);
	for (i = 1; i < n; i++) {
		const int x = r[i].x - ox, y = r[i].y - oy;

		if (x < 0 || y < 0 || x >= vw || y >= vh)
			continue;
		if (i + 1 == n) {
			struct canvas_cell *cell =
			        &c->cells[(size_t)(y0 + y) * (size_t)c->width +
			                  (size_t)(x0 + x)];

			cell->attr |= CANVAS_REVERSE;
		} else {
			canvas_put(c, x0 + x, y0 + y, '*', DATA_COLOR_YELLOW,
			           CANVAS_BOLD);
		}
	}
}

/* The line under the messages while a route waits. */
void walk_draw_line(const struct view *v, struct canvas *c, int y)
{
	size_t n = 0;

	if (v->travel)
		travel_route(v->travel, &n);
	canvas_printf(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	              _("Travel to %d,%d: %zu steps, cost %u. Enter goes, Esc "
	                "cancels."),
	              v->travel ? v->travel->tx : 0,
	              v->travel ? v->travel->ty : 0, n ? n - 1 : 0,
	              v->travel ? v->travel->route_cost : 0);
}
