/* SPDX-License-Identifier: MIT */
/* view.c - the game screen: the map viewport, the status line, look
 * mode, and the screen's modes in one table (view_modes: each mode's key
 * table, how it draws, what it does while no key comes).  It turns keys
 * into commands for the session and draws into a canvas; no curses here.
 * The other jobs of the screen have files of their own below it
 * (screen_impl.h lists them); view.c calls down into them, never the
 * other way. */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "session/campaign.h"
#include "session/files.h"
#include "core/world/event_text.h"
#include "core/world/fov.h"
#include "screen_impl.h"
#include "view.h"

/* ---- messages ---------------------------------------------------------- */

/* A text of the data files (a description, a level's title) in the
 * player's language: the shipped data's are in the catalog (the
 * generator po/data-strings.sh puts them there), a modder's are not and
 * show as written.  "" is not looked up: gettext answers it with the
 * catalog's header. */
static const char *view_data_text(const char *s)
{
	return s && *s ? _(s) : s;
}

/* A monster kind's or a key's name in the player's language when it is
 * a shipped one (event_text_name), else as the data spells it
 * ("iron_key" stays so in English). */
static const char *view_data_name(const char *name, char *buf, size_t size)
{
	const char *said = event_text_name(name, buf, size);

	return strcmp(said, buf) ? said : name;
}

/* Whether the player saw what e tells: its own doings, what a monster
 * in its line of sight does, and a door in sight opening or shutting. */
static int view_event_seen(const struct world *w, const struct world_event *e)
{
	if (e->actor < 0)
		return 1;
	if ((size_t)e->actor < w->nmonsters &&
	    fov_seen(w, w->monsters[e->actor].x, w->monsters[e->actor].y) ==
	            FOV_LOS)
		return 1;
	switch (e->kind) {
	case WEV_DOOR_OPENED:
	case WEV_DOOR_CLOSED:
	case WEV_DOOR_UNLOCKED:
	case WEV_DOOR_BASHED:
	case WEV_DOOR_HOLDS:
		return world_in(w, e->x, e->y) &&
		       fov_seen(w, e->x, e->y) != FOV_NONE;
	default:
		return 0;
	}
}

/* Which events a player reads in the log: everything it saw but the
 * walking, and the planner's chatter and what it did unseen only about
 * the monster the AI view follows (a crowd's unseen doings would ask for
 * a --More-- page after page). */
static int view_event_logged(const struct view *v, const struct world_event *e)
{
	switch (e->kind) {
	case WEV_MOVED:
		return 0;
	case WEV_REPLANNED:
	case WEV_WAITING:
	case WEV_SWAPPED:
	case WEV_UNREACHABLE:
		return e->actor == aiview_selected(v->ai);
	default:
		return view_event_seen(v->s->game->world, e) ||
		       (aiview_on(v->ai) && e->actor == aiview_selected(v->ai));
	}
}

/* "N monsters spot you!", for a crowd's sightings folded into one. */
static void view_spotted_many(char *buf, size_t size, unsigned n)
{
	snprintf(buf, size,
	         P_("%u monster spots you!", "%u monsters spot you!", n), n);
}

void view_note_turn(struct view *v)
{
	const struct world *w = v->s->game->world;
	size_t i;
	char buf[LOG_LINE];

	for (i = 0; i < w->events.len; i++) {
		if (!view_event_logged(v, &w->events.items[i]))
			continue;
		event_text(w, &w->events.items[i], buf, sizeof(buf));
		if (w->events.items[i].kind == WEV_SPOTTED)
			msglog_fold(&v->log, w->turn, WEV_SPOTTED + 1, buf,
			            view_spotted_many);
		else
			screen_log(v, "%s", buf);
	}
	aiview_note_events(v->ai);
	aiview_follow(v->ai);
	aiview_forget(v->ai);
}

static void view_turn(void *self, struct session *s, struct world_cmd cmd,
                      int took_time)
{
	struct view *v = self;
	const struct world *w = s->game->world;
	int descended = 0;

	autoplay_turn(v, cmd, took_time);
	if (v->depth != s->game->depth) {
		/* Down the stairs: a new level, the view starts on it. */
		v->depth = s->game->depth;
		aiview_set_game(v->ai, s->game);
		aiview_forget(v->ai);
		if (v->mode == MODE_LOOK)
			v->mode = MODE_PLAY;
		descended = 1;
	}
	view_note_turn(v);
	autoplay_follow(v);
	if (descended && w->data->map && w->data->map->title)
		screen_log(v, "%s%s%s", view_data_text(w->data->map->title),
		           w->data->map->description ? ": " : "",
		           w->data->map->description
		                   ? view_data_text(w->data->map->description)
		                   : "");
	if (s->game->level_error[0] && !v->level_error_said) {
		v->level_error_said = 1;
		screen_log(v, _("The stairs lead nowhere: %s."),
		           s->game->level_error);
	}
	if (s->diverged && v->rep_done != REPLAY_DIVERGED) {
		v->rep_done = REPLAY_DIVERGED;
		screen_log(v, _("The replay diverged at turn %u (line %d)."),
		           s->div_turn, s->div_line);
	}
	/* Messages that do not fit wait behind --More--, but not while
	 * the game plays itself. */
	if (!v->replaying && !v->lesson && !v->autoplay)
		msglog_hold(&v->log, v->log.seen, screen_msg_width(v));
	if (w->state != WORLD_PLAYING && !v->ended) {
		struct ending e;
		char text[160];

		v->ended = 1;
		session_ending(s, &e);
		ending_text(&e, text, sizeof(text));
		screen_log(v, _("%s Score %ld."), text, e.score);
		/* The last page waits for a key, then the end screen (a
		 * watched game's once the player takes it over). */
		if (!v->replaying && !v->autoplay)
			msglog_hold_last(&v->log, screen_msg_width(v));
	}
}

struct session_sink view_sink(struct view *v)
{
	struct session_sink k = {view_turn, NULL, v};

	return k;
}

/* ---- life -------------------------------------------------------------- */

struct view *view_new(struct session *s, char *err, size_t err_size)
{
	struct view *v = calloc(1, sizeof(*v));
	const struct world *w = s->game->world;
	size_t i;

	if (!v) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	v->s = s;
	v->draw = view_draw;
	v->depth = s->game->depth;
	v->ai = aiview_new(s->game, s->setup.ai_view || s->setup.watch,
	                   s->setup.no_timing);
	v->rep_delay_ms = REPLAY_DELAY_MS;
	v->replaying = s->rep.path && s->setup.mode == SETUP_PLAY;
	/* A watched game is played again from its start to step back:
	 * its data files stay as they were. */
	v->watching = s->setup.mode == SETUP_PLAY && !s->setup.replay &&
	              !s->setup.no_watch && !s->setup.watch;
	if (msglog_init(&v->log) != 0 || !v->ai ||
	    (v->watching && watch_snapshot(w->data, &v->files) != 0)) {
		snprintf(err, err_size, "out of memory");
		view_free(v);
		return NULL;
	}
	if (w->data->map && w->data->map->title)
		screen_log(v, "%s", view_data_text(w->data->map->title));
	/* A save resumed, or one that could not be. */
	for (i = 0; i < s->nnews; i++)
		screen_log(v, "%s", s->news[i]);
	if (s->setup.lesson_name && w->data->npages) {
		/* A lesson: the view has the keys and shows page 1. */
		v->lesson = 1;
		v->ai_keys = 1;
		aiview_apply_page(v->ai, &w->data->pages[0]);
	}
	if (v->replaying)
		screen_log(v,
		           _("Watching %s: space pauses, . steps, + and - "
		           "change the speed."),
		           s->setup.replay);
	else if (s->setup.watch && s->setup.mode == SETUP_PLAY && !v->lesson) {
		if (autoplay_start(v) != 0) {
			snprintf(err, err_size, "out of memory");
			view_free(v);
			return NULL;
		}
	} else
		screen_log(v, _("Reach the exit '>'. Press ? for help, ` for the "
		              "AI view, M for lessons."));
	if (!v->replaying && !v->lesson && !v->autoplay) {
		msglog_hold(&v->log, 0, screen_msg_width(v));
		v->more_at_start = v->log.more;
	}
	return v;
}

void view_free(struct view *v)
{
	if (!v)
		return;
	autoplay_free(v->autoplay);
	aiview_free(v->ai);
	travel_free(v->travel);
	sandbox_fini(&v->sandbox);
	watch_fini(&v->files);
	msglog_fini(&v->log);
	free(v->lessons);
	free(v);
}

int view_reload(struct view *v)
{
	return datawatch_reload(v);
}

/* The mode the keys and the screen are in: a screen too small for the
 * game, then messages held behind --More--, stand over the others. */
static enum view_mode view_mode_now(const struct view *v)
{
	if (v->too_small)
		return MODE_SMALL;
	if (v->log.more)
		return MODE_MORE;
	return v->mode;
}

/* ---- the sandbox: its work is in aiview/sandbox.c --------------------- */

/* A mouse click on the screen at (x, y): in the sandbox, the cursor goes
 * there, and button 1 paints; in the game, button 1 picks a cell to
 * travel to. */
void view_click(struct view *v, int x, int y, int button)
{
	char msg[LOG_LINE];

	if (x < 0 || y < 0 || x >= v->map_w || y >= v->map_h ||
	    view_mode_now(v) != v->mode || v->autoplay)
		return;
	if (v->mode != MODE_SANDBOX) {
		if (button == 1 && !v->replaying && !v->ai_keys &&
		    v->s->game->world->state == WORLD_PLAYING)
			walk_click(v, v->map_ox + x, v->map_oy + y);
		return;
	}
	if (sandbox_click(&v->sandbox, v->s->game, v->ai, v->map_ox + x,
	                  v->map_oy + y, button, &v->look_x, &v->look_y, msg,
	                  sizeof(msg)))
		screen_log(v, "%s", msg);
}

/* ---- drawing ----------------------------------------------------------- */

/* The help's page on the ground: each terrain the player may meet, what
 * it is and what a step onto it costs, from the data; the corner rule
 * and how the player grows. */
static void draw_help_ground(struct view *v, struct canvas *c)
{
	const struct data *d = v->s->game->world->data;
	char line[256], what[128];
	size_t t;
	int y = 1;

	canvas_text(c, 1, 0, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	            _("hunted - the ground              (? the keys, any other "
	              "key returns)"));
	for (t = 0; t < d->nterrain && y < c->height - 3; t++) {
		const struct data_terrain *tt = &d->terrain[t];
		size_t n;

		n = (size_t)snprintf(line, sizeof(line), "%s",
		                     tt->description
		                             ? view_data_text(tt->description)
		                             : tt->name);
		if (data_terrain_effect(d, (int)t, what, sizeof(what)) > 0 &&
		    n < sizeof(line)) {
			what[0] = (char)toupper((unsigned char)what[0]);
			/* TRANSLATORS: the sentence of a terrain's cost
			 * after its description: " Moving onto it takes 3
			 * turns." */
			snprintf(line + n, sizeof(line) - n, _(" %s."), what);
		}
		canvas_put(c, 1, y, tt->glyph, tt->color,
		           tt->bright ? CANVAS_BOLD : 0);
		canvas_text(c, 3, y++, c->width, CANVAS_DEFAULT, 0, line);
	}
	canvas_text(c, 1, c->height - 2, c->width, CANVAS_DEFAULT, 0,
	            _("No one cuts a corner past a wall: \"You cannot squeeze "
	              "past the corner.\""));
	snprintf(line, sizeof(line),
	         _("Each new level makes you %d hit points stronger, and "
	           "heals you."),
	         WORLD_GROWTH_HP);
	canvas_text(c, 1, c->height - 1, c->width, CANVAS_DEFAULT, 0, line);
}

static void draw_help(struct view *v, struct canvas *c)
{
	if (v->help_ground)
		draw_help_ground(v, c);
	else
		keymap_draw_help(c);
}

static void draw_too_small(struct view *v, struct canvas *c)
{
	char a[64], b[64];
	int y;

	snprintf(a, sizeof(a), _("terminal too small: %dx%d,"), c->width,
	         c->height);
	snprintf(b, sizeof(b), _("need %dx%d"), VIEW_MIN_W, VIEW_MIN_H);
	if ((int)(strlen(a) + strlen(b)) + 1 <= c->width) {
		canvas_printf(c, 0, 0, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
		              "%s %s", a, b);
		y = 1;
	} else {
		canvas_text(c, 0, 0, c->width, CANVAS_DEFAULT, CANVAS_BOLD, a);
		canvas_text(c, 0, 1, c->width, CANVAS_DEFAULT, CANVAS_BOLD, b);
		y = 2;
	}
	if (y < c->height)
		canvas_text(c, 0, y, c->width, CANVAS_DEFAULT, 0,
		            _("(the game waits; q quits)"));
	if (v->mode == MODE_QUIT && y + 1 < c->height)
		canvas_text(c, 0, y + 1, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
		            _("Really quit? (y/n)"));
}

/* The first map cell shown so that focus is in view: centred, clamped to
 * the map. */
static int scroll_origin(int focus, int map, int view)
{
	int o;

	if (map <= view)
		return 0;
	o = focus - view / 2;
	if (o < 0)
		o = 0;
	if (o > map - view)
		o = map - view;
	return o;
}

/* The first map cell shown so that focus is in view and, when both fit,
 * other too: centred on the two. */
static int scroll_origin2(int focus, int other, int map, int view)
{
	int lo = focus < other ? focus : other;
	int hi = focus < other ? other : focus;

	if (hi - lo >= view)
		return scroll_origin(focus, map, view);
	return scroll_origin((lo + hi) / 2, map, view);
}

/* How the player knows (x, y): 1 in sight (or the AI view, which shows
 * everything), -1 only remembered, 0 never seen. */
static int view_knows(const struct view *v, int x, int y)
{
	const struct world *w = v->s->game->world;

	if (aiview_on(v->ai) || fov_seen(w, x, y) != FOV_NONE)
		return 1;
	return fov_remembered(w, x, y) >= 0 ? -1 : 0;
}

/* The dungeon as the player knows it: what is in sight as it is, what is
 * only remembered as it was last seen, dimmed (an attribute, so it shows
 * without colours too), and the rest blank; monsters only in line of
 * sight.  The AI view draws the whole map as it is. */
static void draw_map(struct view *v, struct canvas *c, int x0, int y0, int vw,
                     int vh, int ox, int oy)
{
	const struct world *w = v->s->game->world;
	const int all = aiview_on(v->ai);
	int x, y;
	size_t i;

	/* Where the map is, for a mouse click. */
	v->map_ox = ox;
	v->map_oy = oy;
	v->map_w = vw;
	v->map_h = vh;
	for (y = 0; y < vh && oy + y < w->height; y++)
		for (x = 0; x < vw && ox + x < w->width; x++) {
			const int knows = view_knows(v, ox + x, oy + y);
			const struct data_terrain *t;

			if (!knows)
				continue;
			t = knows > 0 ? world_terrain_at(w, ox + x, oy + y)
			              : &w->data->terrain[fov_remembered(
			                        w, ox + x, oy + y)];
			canvas_put(c, x0 + x, y0 + y, t->glyph, t->color,
			           knows < 0   ? CANVAS_DIM
			           : t->bright ? CANVAS_BOLD
			                       : 0);
		}
	for (i = 0; i < w->nitems; i++) {
		const struct world_item *it = &w->items[i];
		const struct data_key *k = &w->data->keys[it->key];
		int knows;

		if (it->taken || it->x < ox || it->y < oy || it->x - ox >= vw ||
		    it->y - oy >= vh)
			continue;
		/* Only the player takes keys: one seen lies there still. */
		knows = view_knows(v, it->x, it->y);
		if (knows)
			canvas_put(c, x0 + it->x - ox, y0 + it->y - oy,
			           k->glyph, k->color,
			           knows < 0   ? CANVAS_DIM
			           : k->bright ? CANVAS_BOLD
			                       : 0);
	}
	if (all)
		aiview_draw_map(v->ai, c, x0, y0, vw, vh, ox, oy);
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		const struct data_monster *k = &w->data->monsters[m->kind];
		int attr = k->bright ? CANVAS_BOLD : 0;

		if (!m->alive || m->x < ox || m->y < oy || m->x - ox >= vw ||
		    m->y - oy >= vh || (!all && !fov_sees_monster(w, i)))
			continue;
		if ((long)i == aiview_selected(v->ai))
			attr |= CANVAS_REVERSE;
		canvas_put(c, x0 + m->x - ox, y0 + m->y - oy, k->glyph,
		           k->color, attr);
	}
	if (w->px - ox < vw && w->py - oy < vh && w->px >= ox && w->py >= oy) {
		const struct data_monster *pl = data_player(w->data);

		canvas_put(c, x0 + w->px - ox, y0 + w->py - oy, pl->glyph,
		           pl->color, pl->bright ? CANVAS_BOLD : 0);
	}
	if (all)
		aiview_draw_marks(v->ai, c, x0, y0, vw, vh, ox, oy);
	walk_draw_route(v, c, x0, y0, vw, vh, ox, oy);
	if (v->mode == MODE_LOOK || v->mode == MODE_SANDBOX) {
		c->cursor_x = x0 + v->look_x - ox;
		c->cursor_y = y0 + v->look_y - oy;
		if (c->cursor_x >= 0 && c->cursor_x < c->width &&
		    c->cursor_y >= 0 && c->cursor_y < c->height) {
			struct canvas_cell *cell =
			        &c->cells[(size_t)c->cursor_y *
			                          (size_t)c->width +
			                  (size_t)c->cursor_x];

			cell->attr |= CANVAS_UNDERLINE;
		}
	}
}

/* A monster kind's search in a few words: "A*", "greedy", "A* w=3
 * 4-way", "JPS cutting corners"... */
static void kind_search_words(const struct world *w, int kind, char *buf,
                              size_t size)
{
	struct path_params p;
	size_t n;

	minds_params(w, kind, &p);
	n = (size_t)snprintf(
	        buf, size, "%s",
	        minds_kind_jumps(w, kind) ? "JPS" : _(path_algo_name(p.algo)));
	if (n < size && p.weight != PATH_WEIGHT_ONE)
		n += (size_t)snprintf(buf + n, size - n, " w=%u.%u",
		                      p.weight / PATH_WEIGHT_ONE,
		                      p.weight % PATH_WEIGHT_ONE / 100);
	if (n < size && p.diagonal != PATH_DIAG_NO_CORNER)
		snprintf(buf + n, size - n, "%s",
		         p.diagonal == PATH_DIAG_NEVER ? _(" 4-way")
		                                       : _(" cutting corners"));
}

/* What the ground of terrain t does to the player, after its
 * description: " Moving onto it takes 3 turns.", from the data. */
static size_t describe_ground(const struct world *w, int t, char *buf,
                              size_t size)
{
	char what[96];

	if (data_terrain_effect(w->data, t, what, sizeof(what)) <= 0 ||
	    size == 0)
		return 0;
	what[0] = (char)toupper((unsigned char)what[0]);
	return (size_t)snprintf(buf, size, _(" %s."), what);
}

/* One line saying what is at (x, y), for look mode. */
static void describe_cell(const struct view *v, int x, int y, char *buf,
                          size_t size)
{
	const struct world *w = v->s->game->world;
	const struct data_terrain *t = world_terrain_at(w, x, y);
	int mi = world_monster_at(w, x, y), ii = world_item_at(w, x, y);
	const int knows = view_knows(v, x, y);
	char said[DATA_NAME_MAX + 1];
	size_t n;

	if (knows == 0) {
		snprintf(buf, size,
		         _("(%d,%d) unexplored: you have not seen it"), x, y);
		return;
	}
	if (knows < 0) {
		/* What was there when last seen: no monster, a key still
		 * (only the player takes them). */
		t = &w->data->terrain[fov_remembered(w, x, y)];
		n = (size_t)snprintf(
		        buf, size, _("(%d,%d) remembered: %s"), x, y,
		        t->description ? view_data_text(t->description)
		                       : t->name);
		if (n < size)
			n += describe_ground(w, fov_remembered(w, x, y),
			                     buf + n, size - n);
		if (n < size && ii >= 0)
			snprintf(buf + n, size - n, "; %s",
			         view_data_name(
			                 w->data->keys[w->items[ii].key].name,
			                 said, sizeof(said)));
		return;
	}
	/* A monster is told of where it could be seen: in line of sight,
	 * not on a wall lit from the front. */
	if (!aiview_on(v->ai) && fov_seen(w, x, y) != FOV_LOS)
		mi = -1;
	n = (size_t)snprintf(buf, size, "(%d,%d) %s", x, y,
	                     t->description ? view_data_text(t->description)
	                                    : t->name);
	if (n < size)
		n += describe_ground(w, w->terrain[world_idx(w, x, y)], buf + n,
		                     size - n);
	if (n < size && x == w->px && y == w->py)
		n += (size_t)snprintf(buf + n, size - n, "%s",
		                      _("; you are here"));
	if (n < size && mi >= 0) {
		const struct world_monster *m = &w->monsters[mi];
		const struct data_monster *k = &w->data->monsters[m->kind];

		char how[48];

		kind_search_words(w, m->kind, how, sizeof(how));
		n += (size_t)snprintf(
		        buf + n, size - n,
		        _("; %s#%d, %d/%d hp, %s, hunts by %s"),
		        view_data_name(k->name, said, sizeof(said)), mi, m->hp,
		        k->hp,
		        _(mind_mode_name(v->s->game->minds->mind[mi].mode)),
		        how);
	}
	if (n < size && ii >= 0)
		snprintf(buf + n, size - n, "; %s",
		         view_data_name(w->data->keys[w->items[ii].key].name,
		                        said, sizeof(said)));
}

static void draw_status(struct view *v, struct canvas *c, int y)
{
	const struct world *w = v->s->game->world;
	char keys[128] = "", where[80], said[DATA_NAME_MAX + 1];
	size_t k, n = 0;
	int x;

	for (k = 0; k < w->data->nkeys && k < 64; k++)
		if (w->keys & ((uint64_t)1 << k))
			n += (size_t)snprintf(
			        keys + n, sizeof(keys) - n, "%s%s",
			        n ? "," : "",
			        view_data_name(w->data->keys[k].name, said,
			                       sizeof(said)));
	if (v->s->game->levels) {
		/* A campaign: the level out of how many, by name. */
		char name[48];

		campaign_label(&v->s->setup, v->s->game->depth, name,
		               sizeof(name));
		snprintf(where, sizeof(where), _("Depth %d/%d %s"),
		         v->s->game->depth, v->s->game->levels, name);
	} else {
		snprintf(where, sizeof(where), "%s", v->s->label);
	}
	x = canvas_printf(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_REVERSE,
	                  _("HP %d/%d  Turn %u  Keys %s  %s  seed %llu"), w->php,
	                  w->php_max, w->turn, n ? keys : "-", where,
	                  (unsigned long long)v->s->game->seed);
	if (v->replaying)
		x = canvas_printf(c, x, y, c->width, CANVAS_DEFAULT,
		                  CANVAS_REVERSE, _("  REPLAY %s %dms"),
		                  v->rep_done == REPLAY_DIVERGED ? _("DIVERGED")
		                  : v->rep_done                  ? _("ended")
		                  : v->rep_paused                ? _("paused")
		                                                 : _("playing"),
		                  v->rep_delay_ms);
	if (v->autoplay) {
		char watch[48];

		autoplay_status(v, watch, sizeof(watch));
		x = canvas_text(c, x, y, c->width, CANVAS_DEFAULT,
		                CANVAS_REVERSE, watch);
	}
	if (w->state == WORLD_WON)
		x = canvas_text(c, x, y, c->width, CANVAS_DEFAULT,
		                CANVAS_REVERSE, _("  ESCAPED"));
	else if (w->state == WORLD_LOST)
		x = canvas_text(c, x, y, c->width, CANVAS_DEFAULT,
		                CANVAS_REVERSE, _("  DEAD"));
	if (aiview_on(v->ai) && !v->autoplay) {
		/* The short form where the long one would be cut. */
		const char *tag = v->ai_keys ? _("  [AI VIEW has the keys: v/Esc]")
		                             : _("  [AI VIEW] v: its keys");

		if (v->ai_keys && x + canvas_columns(tag, strlen(tag)) > c->width)
			tag = _("  [AI VIEW keys: v/Esc]");
		x = canvas_text(c, x, y, c->width, CANVAS_DEFAULT,
		                CANVAS_REVERSE, tag);
	}
	for (; x < c->width; x++)
		canvas_put(c, x, y, ' ', CANVAS_DEFAULT, CANVAS_REVERSE);
}

/* The last message line in look mode: what the cursor is on. */
static void draw_look_line(const struct view *v, struct canvas *c, int y)
{
	char buf[LOG_LINE];

	describe_cell(v, v->look_x, v->look_y, buf, sizeof(buf));
	canvas_printf(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	              _("Look: %s"), buf);
}

/* The last message line in the sandbox: the cursor and the brush. */
static void draw_sandbox_line(const struct view *v, struct canvas *c, int y)
{
	const struct world *w = v->s->game->world;

	canvas_printf(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	              _("SANDBOX %d,%d %s | brush %s ([ ]) | space s g U "
	                "C w Esc"),
	              v->look_x, v->look_y,
	              world_terrain_at(w, v->look_x, v->look_y)->name,
	              w->data->terrain[v->sandbox.brush].name);
}

/* A mode's own line at the bottom of the message lines (a prompt, what
 * the cursor is on), drawn under the messages. */
typedef void view_line_fn(const struct view *v, struct canvas *c, int y);

/* The AI view's side panel: PANEL_W columns on an 80-column screen, and
 * half of every column beyond, so that a wide screen shows its lines
 * whole and its tables side by side. */
static int view_panel_w(const struct canvas *c)
{
	return PANEL_W + (c->width > 80 ? (c->width - 80) / 2 : 0);
}

/* The game screen: the map (or the AI view's cell boxes), the AI view's
 * panel, the panel of reload errors, the status line, and under them a
 * lesson's page or the message lines ending with the mode's line. */
static void draw_game(struct view *v, struct canvas *c, view_line_fn *line)
{
	const struct world *w = v->s->game->world;
	const int on = aiview_on(v->ai), stats = on ? 2 : 0;
	const long sel = aiview_selected(v->ai);
	/* The code panel takes the side panel's place when that is wide
	 * enough for it, else the map's and the side panel's. */
	const int code = on && aiview_code_on(v->ai);
	const int code_full = code && view_panel_w(c) < AIVIEW_CODE_W;
	int rows, mapw, maph, ox, oy, fx, fy, below = 0;

	rows = v->lesson ? LESSON_ROWS : LOG_ROWS;
	maph = c->height - 1 - rows - stats;
	mapw = on ? c->width - view_panel_w(c) : c->width;
	/* A map too wide for the side panel that leaves room below it has
	 * the panel there, in two columns, and is seen whole. */
	if (on && !code && w->width > mapw && w->width <= c->width &&
	    w->height + 1 + PANEL_ROWS_BELOW <= maph) {
		below = 1;
		mapw = c->width;
	}
	fx = v->mode == MODE_LOOK || v->mode == MODE_SANDBOX ? v->look_x
	                                                     : w->px;
	fy = v->mode == MODE_LOOK || v->mode == MODE_SANDBOX ? v->look_y
	                                                     : w->py;
	if (on && sel >= 0 && v->mode != MODE_LOOK && v->mode != MODE_SANDBOX) {
		/* The monster the view follows is kept in sight with the
		 * player; when both do not fit, whoever has the keys wins. */
		const struct world_monster *m = &w->monsters[sel];

		if (v->ai_keys) {
			ox = scroll_origin2(m->x, fx, w->width, mapw);
			oy = scroll_origin2(m->y, fy, w->height,
			                    below ? w->height : maph);
		} else {
			ox = scroll_origin2(fx, m->x, w->width, mapw);
			oy = scroll_origin2(fy, m->y, w->height,
			                    below ? w->height : maph);
		}
	} else {
		ox = scroll_origin(fx, w->width, mapw);
		oy = scroll_origin(fy, w->height, maph);
	}
	if (code_full) {
		aiview_draw_code(v->ai, c, 0, 0, c->width, maph);
	} else if (on && aiview_boxes(v->ai)) {
		/* Cell boxes in the map's place, centred on the look cursor
		 * or on what the view follows. */
		int bx, by;

		if (v->mode == MODE_LOOK) {
			bx = v->look_x;
			by = v->look_y;
		} else {
			aiview_box_focus(v->ai, &bx, &by);
		}
		below = 0;
		mapw = c->width - view_panel_w(c);
		aiview_draw_boxes(v->ai, c, 0, 0, mapw, maph, bx, by);
	} else if (below) {
		int x;

		draw_map(v, c, 0, 0, mapw, w->height, ox, oy);
		for (x = 0; x < c->width; x++)
			canvas_put(c, x, w->height, '-', CANVAS_DEFAULT,
			           CANVAS_DIM);
	} else {
		draw_map(v, c, 0, 0, mapw, maph, ox, oy);
	}
	if (on) {
		const int look[2] = {v->look_x, v->look_y};

		/* The code panel at full width was drawn in the map's
		 * place. */
		if (code && !code_full)
			aiview_draw_code(v->ai, c, mapw, 0, view_panel_w(c),
			                 maph);
		else if (!code && below)
			aiview_draw_panel(v->ai, c, 0, w->height + 1, c->width,
			                  maph - w->height - 1,
			                  v->mode == MODE_LOOK ? look : NULL);
		else if (!code)
			aiview_draw_panel(v->ai, c, mapw, 0, view_panel_w(c),
			                  maph,
			                  v->mode == MODE_LOOK ? look : NULL);
		aiview_draw_stats(v->ai, c, maph + 1, c->width);
	}
	if (v->show_errors)
		datawatch_draw_errors(v, c, 0, 0, mapw, maph);
	draw_status(v, c, maph);
	/* A reload may have taken pages away. */
	if (v->page >= w->data->npages)
		v->page = w->data->npages ? w->data->npages - 1 : 0;
	if (!line && v->lesson && w->data->npages) {
		lesson_draw(v, c, maph + 1 + stats, rows);
		return;
	}
	if (line) {
		line(v, c, maph + stats + rows);
		rows--;
	}
	msglog_draw(&v->log, c, maph + 1 + stats, rows);
}

static void draw_play(struct view *v, struct canvas *c)
{
	draw_game(v, c, NULL);
}

static void draw_prompt(struct view *v, struct canvas *c)
{
	draw_game(v, c, prompt_draw);
}

static void draw_look(struct view *v, struct canvas *c)
{
	draw_game(v, c, draw_look_line);
}

static void draw_sandbox(struct view *v, struct canvas *c)
{
	draw_game(v, c, draw_sandbox_line);
}

static void draw_travel(struct view *v, struct canvas *c)
{
	draw_game(v, c, walk_draw_line);
}

static void draw_history(struct view *v, struct canvas *c)
{
	msglog_draw_history(&v->log, c);
}

static void draw_more(struct view *v, struct canvas *c);

/* ---- the modes ----------------------------------------------------------- */

/* Behind every screen the data files are watched and a watched replay
 * goes on at its pace. */
static enum view_result view_idle_all(struct view *v, uint64_t now_ms,
                                      struct world_cmd *cmd, int *wait_ms)
{
	datawatch_poll(v, now_ms);
	if (v->autoplay)
		return autoplay_idle(v, now_ms, cmd, wait_ms);
	return playback_idle(v, now_ms, cmd, wait_ms);
}

/* What each mode does with a key (its key table), how it draws the
 * screen, and what it does while no key comes. */
static const struct view_mode_ops {
	const struct keymap *keys;
	void (*draw)(struct view *v, struct canvas *c);
	enum view_result (*idle)(struct view *v, uint64_t now_ms,
	                         struct world_cmd *cmd, int *wait_ms);
} view_modes[] = {
        [MODE_PLAY] = {&keymap_play, draw_play, view_idle_all},
        [MODE_DIRECTION] = {&keymap_direction, draw_prompt, view_idle_all},
        [MODE_PACK] = {&keymap_pack, draw_prompt, view_idle_all},
        [MODE_LOOK] = {&keymap_look, draw_look, view_idle_all},
        [MODE_HELP] = {&keymap_help, draw_help, view_idle_all},
        [MODE_HISTORY] = {&keymap_history, draw_history, view_idle_all},
        [MODE_QUIT] = {&keymap_quit, draw_prompt, view_idle_all},
        [MODE_SANDBOX] = {&keymap_sandbox, draw_sandbox, view_idle_all},
        [MODE_SAVE] = {&keymap_save, draw_prompt, view_idle_all},
        [MODE_END] = {&keymap_end, endscreen_draw, view_idle_all},
        [MODE_TRAVEL] = {&keymap_travel, draw_travel, view_idle_all},
        [MODE_LESSONS] = {&keymap_lessons, lesson_menu_draw, view_idle_all},
        [MODE_MORE] = {&keymap_more, draw_more, view_idle_all},
        [MODE_SMALL] = {&keymap_small, draw_too_small, view_idle_all},
};

/* --More-- keeps the screen of the mode under it. */
static void draw_more(struct view *v, struct canvas *c)
{
	view_modes[v->mode].draw(v, c);
}

enum view_result view_key(struct view *v, int key, struct world_cmd *cmd)
{
	if (key == VK_RESIZE)
		return VIEW_OK; /* never a command */
	if (walk_interrupt(v, key))
		return VIEW_OK;
	if (v->autoplay && view_mode_now(v) == MODE_PLAY) {
		const enum view_result w = autoplay_key(v, key, cmd);

		if (w != VIEW_PASS)
			return w;
	}
	const enum view_result r =
	        keymap_run(view_modes[view_mode_now(v)].keys, v, key, cmd);

	return r == VIEW_PASS ? VIEW_OK : r;
}

enum view_result view_idle(struct view *v, uint64_t now_ms,
                           struct world_cmd *cmd, int *wait_ms)
{
	enum view_result r;

	*wait_ms = POLL_MS;
	r = view_modes[view_mode_now(v)].idle(v, now_ms, cmd, wait_ms);
	/* A travel, explore, run or rest under way goes on in the game's
	 * own screen, not behind --More-- or a prompt. */
	if (r != VIEW_CMD && view_mode_now(v) == MODE_PLAY)
		r = walk_idle(v, cmd, wait_ms);
	return r;
}

int view_watching(const struct view *v)
{
	return v->autoplay != NULL;
}

enum view_result view_walk(struct view *v, struct world_cmd *cmd)
{
	return view_mode_now(v) == MODE_PLAY ? walk_next(v, cmd) : VIEW_OK;
}

void view_draw(struct view *v, struct canvas *c)
{
	canvas_clear(c);
	v->last_w = c->width;
	v->last_h = c->height;
	v->too_small = c->width < VIEW_MIN_W || c->height < VIEW_MIN_H;
	view_modes[view_mode_now(v)].draw(v, c);
}

/* The whole map as the player knows it, cell by cell: the text twin of
 * what the screen tells by drawing a cell or not and dimming it. */
static void view_dump_sight(const struct view *v, FILE *out)
{
	const struct world *w = v->s->game->world;
	int x, y;

	fprintf(out, "layer sight: o line of sight, l lit wall, - remembered, "
	             "blank never seen\n");
	for (y = 0; y < w->height; y++) {
		int end = 0;

		for (x = 0; x < w->width; x++)
			if (view_knows(v, x, y))
				end = x + 1;
		fputc('|', out);
		for (x = 0; x < end; x++) {
			const int seen = fov_seen(w, x, y);

			fputc(seen == FOV_LOS       ? 'o'
			      : seen == FOV_LIT     ? 'l'
			      : view_knows(v, x, y) ? '-'
			                            : ' ',
			      out);
		}
		fputc('\n', out);
	}
}

void view_dump(struct view *v, struct canvas *c, FILE *out)
{
	char *buf = malloc(CANVAS_ROW_BYTES(c->width));
	int y;

	if (!buf)
		return;
	view_draw(v, c);
	fprintf(out, "screen %dx%d:\n", c->width, c->height);
	for (y = 0; y < c->height; y++) {
		canvas_row_text(c, y, buf);
		fprintf(out, "|%s\n", buf);
	}
	free(buf);
	if (c->cut)
		fprintf(out, "cut: %ld characters did not fit their lines\n",
		        c->cut);
	if (aiview_on(v->ai))
		aiview_dump_layers(v->ai, out);
	else if (!v->too_small && v->mode != MODE_HELP &&
	         v->mode != MODE_HISTORY)
		view_dump_sight(v, out);
}
