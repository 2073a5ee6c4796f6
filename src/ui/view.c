/* view.c - the game screen: map viewport, status line, message log, look
 * mode, help, history, quit prompt, reload panel, replays.  Draws into a
 * canvas; no curses here. */
#include "config.h"

#include "view.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/mind/autopilot.h"
#include "session/headless.h"
#include "core/world/reload.h"
#include "view_impl.h"

#define LOG_ROWS        3   /* message lines under the map */
#define POLL_MS         500 /* how often data files are looked at */
#define REPLAY_DELAY_MS 250 /* default time between replayed turns */
#define PANEL_W         30  /* the AI view's side panel */

/* ---- messages ---------------------------------------------------------- */

void view_log(struct view *v, const char *fmt, ...)
{
	char line[LOG_LINE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	/* The same message again counts up instead of filling the log. */
	if (v->nlog && !strcmp(v->log_text[v->nlog - 1], line)) {
		v->log_count[v->nlog - 1]++;
		snprintf(v->log[v->nlog - 1], LOG_LINE, "%.*s (x%u)",
		         LOG_LINE - 16, line, v->log_count[v->nlog - 1]);
		v->log_turn[v->nlog - 1] = v->w->turn;
		if (v->log_seen == v->nlog)
			v->log_seen--;
		return;
	}
	if (v->nlog == LOG_KEEP) {
		memmove(v->log, v->log + 1, (LOG_KEEP - 1) * sizeof(*v->log));
		memmove(v->log_text, v->log_text + 1,
		        (LOG_KEEP - 1) * sizeof(*v->log_text));
		memmove(v->log_turn, v->log_turn + 1,
		        (LOG_KEEP - 1) * sizeof(*v->log_turn));
		memmove(v->log_count, v->log_count + 1,
		        (LOG_KEEP - 1) * sizeof(*v->log_count));
		v->nlog--;
		if (v->log_seen)
			v->log_seen--;
	}
	memcpy(v->log[v->nlog], line, LOG_LINE);
	memcpy(v->log_text[v->nlog], line, LOG_LINE);
	v->log_turn[v->nlog] = v->w->turn;
	v->log_count[v->nlog] = 1;
	v->nlog++;
}

/* Which events a player reads in the log: everything but the walking,
 * and the planner's chatter only about the monster the AI view follows. */
static int event_logged(const struct view *v, const struct world_event *e)
{
	switch (e->kind) {
	case WEV_MOVED:
		return 0;
	case WEV_REPLANNED:
	case WEV_WAITING:
	case WEV_SWAPPED:
	case WEV_UNREACHABLE:
		return v->ai.on && e->actor == v->ai.sel;
	default:
		return 1;
	}
}

void view_after_turn(struct view *v)
{
	struct world *w = v->w;
	size_t i;
	char buf[LOG_LINE];

	for (i = 0; i < w->events.len; i++) {
		if (!event_logged(v, &w->events.items[i]))
			continue;
		event_text(w, &w->events.items[i], buf, sizeof(buf));
		view_log(v, "%s", buf);
	}
	aiview_select_default(v);
	aiview_invalidate(v);
}

/* ---- life -------------------------------------------------------------- */

struct view *view_new(struct game *g, const struct view_config *cfg, char *err,
                      size_t err_size)
{
	struct view *v = calloc(1, sizeof(*v));

	if (!v) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	struct world *w = g->world;

	v->g = g;
	v->w = w;
	v->cfg = *cfg;
	snprintf(v->label, sizeof(v->label), "%s",
	         cfg->map_label ? cfg->map_label : "");
	v->cfg.map_label = v->label;
	v->log = calloc(LOG_KEEP, sizeof(*v->log));
	v->log_turn = calloc(LOG_KEEP, sizeof(*v->log_turn));
	v->log_text = calloc(LOG_KEEP, sizeof(*v->log_text));
	v->log_count = calloc(LOG_KEEP, sizeof(*v->log_count));
	v->rep_delay_ms = REPLAY_DELAY_MS;
	if (!v->log || !v->log_turn || !v->log_text || !v->log_count ||
	    aiview_init(v) != 0) {
		snprintf(err, err_size, "out of memory");
		goto fail;
	}
	if (cfg->watch_files && game_files_snapshot(w->data, &v->files) != 0) {
		snprintf(err, err_size, "out of memory");
		goto fail;
	}
	if (cfg->record) {
		struct game_setup s;

		v->rec = fopen(cfg->record, "w");
		if (!v->rec) {
			snprintf(err, err_size, "cannot write '%s': %s",
			         cfg->record, strerror(errno));
			goto fail;
		}
		memset(&s, 0, sizeof(s));
		s.map = cfg->source.map;
		s.gen_w = cfg->source.gen_w;
		s.gen_h = cfg->source.gen_h;
		s.seed = w->seed;
		s.monsters = (int)cfg->source.monsters;
		s.turn_budget = g->minds->opt.turn_budget;
		s.strategy = g->minds->opt.strategy;
		s.hunt = g->minds->opt.hunt;
		replay_write_setup(v->rec, &s);
		fflush(v->rec);
	}
	if (cfg->replay) {
		v->rep = fopen(cfg->replay, "r");
		if (!v->rep) {
			snprintf(err, err_size, "cannot read '%s': %s",
			         cfg->replay, strerror(errno));
			goto fail;
		}
	}
	v->ai.on = cfg->ai_view;
	aiview_select_default(v);
	if (w->data->map && w->data->map->title)
		view_log(v, "%s", w->data->map->title);
	if (v->rep)
		view_log(v,
		         "Watching %s: space pauses, . steps, + and - "
		         "change the speed.",
		         cfg->replay);
	else
		view_log(v, "Reach the exit '>'. Press ? for help, ` for the "
		            "AI view.");
	return v;
fail:
	v->g = NULL;
	v->w = NULL;
	view_free(v);
	return NULL;
}

void view_free(struct view *v)
{
	if (!v)
		return;
	aiview_fini(v);
	if (v->rec)
		fclose(v->rec);
	if (v->rep)
		fclose(v->rep);
	game_files_fini(&v->files);
	if (!v->borrowed)
		game_free(v->g);
	free(v->log);
	free(v->log_turn);
	free(v->log_text);
	free(v->log_count);
	free(v);
}

void view_borrow_world(struct view *v)
{
	v->borrowed = 1;
}

const struct game *view_game(const struct view *v)
{
	return v->g;
}

int view_replay_diverged(const struct view *v)
{
	return v->rep_done == 2;
}

/* ---- turns ------------------------------------------------------------- */

static void play(struct view *v, struct world_cmd cmd)
{
	struct world *w = v->w;
	int r;

	v->log_seen = v->nlog;
	r = game_player_act(v->g, cmd);
	if (r == 1)
		game_monsters_act(v->g);
	if (v->rec && r >= 0) {
		replay_write_turn(v->rec, v->g, cmd);
		fflush(v->rec);
	}
	view_after_turn(v);
	if (w->state == WORLD_WON)
		view_log(v, "You escaped in %u turns! Press q to leave.",
		         w->turn);
	else if (w->state == WORLD_LOST)
		view_log(v, "You die on turn %u. Press q to leave.", w->turn);
}

/* One turn of the replay.  Returns 0, or -1 at its end. */
static int replay_step(struct view *v)
{
	struct world_cmd cmd;
	uint64_t want;
	int r;

	if (!v->rep || v->rep_done)
		return -1;
	r = replay_next(v->rep, &v->rep_line, &cmd, &want);
	if (r <= 0 || v->w->state != WORLD_PLAYING) {
		v->rep_done = 1;
		view_log(v,
		         r < 0 ? "The recording is damaged at line %d."
		               : "End of the recording (line %d).",
		         v->rep_line);
		return -1;
	}
	play(v, cmd);
	if (game_checksum(v->g) != want) {
		v->rep_done = 2;
		view_log(v, "The replay diverged at turn %u (line %d).",
		         v->w->turn, v->rep_line);
		return -1;
	}
	return 0;
}

int view_key_dir(int key, int *dx, int *dy)
{
	static const struct {
		int key, dx, dy;
	} map[] = {
	        {VK_LEFT, -1, 0},      {VK_RIGHT, 1, 0},
	        {VK_UP, 0, -1},        {VK_DOWN, 0, 1},
	        {VK_UP_LEFT, -1, -1},  {VK_UP_RIGHT, 1, -1},
	        {VK_DOWN_LEFT, -1, 1}, {VK_DOWN_RIGHT, 1, 1},
	        {'h', -1, 0},          {'l', 1, 0},
	        {'k', 0, -1},          {'j', 0, 1},
	        {'y', -1, -1},         {'u', 1, -1},
	        {'b', -1, 1},          {'n', 1, 1},
	        {'4', -1, 0},          {'6', 1, 0},
	        {'8', 0, -1},          {'2', 0, 1},
	        {'7', -1, -1},         {'9', 1, -1},
	        {'1', -1, 1},          {'3', 1, 1},
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (map[i].key == key) {
			*dx = map[i].dx;
			*dy = map[i].dy;
			return 1;
		}
	return 0;
}

/* ---- reloading --------------------------------------------------------- */

static void show_errors(struct view *v, const struct diag_list *l)
{
	size_t i;

	v->nerrors = 0;
	for (i = 0; i < l->len && v->nerrors < ERR_KEEP; i++) {
		const struct diag *d = &l->items[i];

		if (d->severity != DIAG_ERROR)
			continue;
		snprintf(v->errors[v->nerrors++], LOG_LINE, "%s:%d:%d: %s",
		         d->file, d->line, d->col, d->message);
	}
	if (!v->nerrors)
		snprintf(v->errors[v->nerrors++], LOG_LINE,
		         "the data could not be loaded");
	v->show_errors = 1;
}

int view_reload(struct view *v)
{
	struct reload_report rep;
	struct diag_list diags;
	struct data *d;
	struct game *ng = NULL;
	struct world *nw;

	diag_list_init(&diags, ERR_KEEP);
	d = game_load(&v->cfg.source, &diags);
	if (d)
		ng = game_reload(v->g, d, &diags, &rep);
	if (!ng) {
		show_errors(v, &diags);
		view_log(v, "Reload failed (%zu error%s): the old map stays.",
		         v->nerrors, v->nerrors == 1 ? "" : "s");
		diag_list_fini(&diags);
		/* Wait for the next change before trying again. */
		game_files_fini(&v->files);
		game_files_snapshot(v->w->data, &v->files);
		return -1;
	}
	diag_list_fini(&diags);
	if (!v->borrowed)
		game_free(v->g);
	v->borrowed = 0;
	v->g = ng;
	v->w = nw = ng->world;
	v->show_errors = 0;
	v->nerrors = 0;
	game_files_fini(&v->files);
	game_files_snapshot(nw->data, &v->files);
	if (v->rec) {
		fclose(v->rec);
		v->rec = NULL;
		view_log(v, "Recording stopped: the data changed.");
	}
	if (v->mode == MODE_LOOK && !world_in(nw, v->look_x, v->look_y))
		v->mode = MODE_PLAY;
	aiview_select_default(v);
	aiview_invalidate(v);
	if (rep.restarted)
		view_log(v, "Reloaded: the map's size changed, so a new game "
		            "begins.");
	else
		view_log(v,
		         "Reloaded the data files: %zu monster%s re-plan%s, "
		         "%zu left out.",
		         rep.kept, rep.kept == 1 ? "" : "s",
		         rep.kept == 1 ? "s" : "", rep.dropped);
	return 0;
}

int view_idle(struct view *v, uint64_t now_ms)
{
	int wait = POLL_MS;

	if (v->cfg.watch_files && now_ms >= v->next_poll_ms) {
		v->next_poll_ms = now_ms + POLL_MS;
		if (game_files_changed(&v->files))
			view_reload(v);
	}
	if (v->rep && !v->rep_done && !v->rep_paused) {
		if (now_ms >= v->rep_next_ms) {
			replay_step(v);
			v->rep_next_ms = now_ms + (uint64_t)v->rep_delay_ms;
		}
		if (v->rep_delay_ms < wait)
			wait = v->rep_delay_ms;
	}
	return wait;
}

/* ---- keys -------------------------------------------------------------- */

static int key_is_wait(int key)
{
	return key == '.' || key == '5' || key == 's' || key == VK_CENTER;
}

static enum view_result key_play(struct view *v, int key)
{
	struct world *w = v->w;
	struct world_cmd cmd = {WCMD_WAIT, 0, 0};
	int dx, dy;

	if (key == 'q' || key == VK_CTRL_C) {
		if (w->state != WORLD_PLAYING || (v->rep && v->rep_done))
			return VIEW_QUIT;
		v->mode = MODE_QUIT;
		return VIEW_OK;
	}
	if (key == '?') {
		v->mode = MODE_HELP;
		return VIEW_OK;
	}
	if (key == VK_CTRL_P) {
		v->mode = MODE_HISTORY;
		v->hist_top = -1;
		return VIEW_OK;
	}
	if (key == VK_CTRL_R)
		return VIEW_REDRAW;
	if (key == 'R' || key == VK_F5) {
		view_reload(v);
		return VIEW_OK;
	}
	if (key == VK_ESC && v->show_errors) {
		v->show_errors = 0;
		return VIEW_OK;
	}
	if (key == ';' || key == 'x') {
		v->mode = MODE_LOOK;
		v->look_x = w->px;
		v->look_y = w->py;
		return VIEW_OK;
	}
	if (aiview_key(v, key))
		return VIEW_OK;
	if (v->rep) {
		switch (key) {
		case ' ':
			v->rep_paused = !v->rep_paused;
			view_log(v, v->rep_paused ? "Paused." : "Playing.");
			break;
		case '.':
		case '>':
			v->rep_paused = 1;
			replay_step(v);
			break;
		case '+':
			if (v->rep_delay_ms > 16)
				v->rep_delay_ms /= 2;
			break;
		case '-':
			if (v->rep_delay_ms < 4000)
				v->rep_delay_ms *= 2;
			break;
		default:
			break;
		}
		return VIEW_OK;
	}
	if (w->state != WORLD_PLAYING)
		return VIEW_OK;
	if (key == 'o' || key == 'c') {
		v->mode = MODE_DIRECTION;
		v->prompt_cmd = key == 'o' ? WCMD_OPEN : WCMD_CLOSE;
		return VIEW_OK;
	}
	if (key == 'g' || key == ',') {
		cmd.kind = WCMD_PICKUP;
		play(v, cmd);
		return VIEW_OK;
	}
	if (key_is_wait(key)) {
		play(v, cmd);
		return VIEW_OK;
	}
	if (view_key_dir(key, &dx, &dy)) {
		cmd.kind = WCMD_MOVE;
		cmd.dx = (int8_t)dx;
		cmd.dy = (int8_t)dy;
		play(v, cmd);
	}
	return VIEW_OK;
}

enum view_result view_key(struct view *v, int key)
{
	int dx, dy;

	if (key == VK_RESIZE)
		return VIEW_OK; /* never a command */
	switch (v->mode) {
	case MODE_PLAY:
		return key_play(v, key);
	case MODE_DIRECTION:
		if (view_key_dir(key, &dx, &dy)) {
			struct world_cmd cmd = {(uint8_t)v->prompt_cmd,
			                        (int8_t)dx, (int8_t)dy};

			v->mode = MODE_PLAY;
			play(v, cmd);
		} else if (key == VK_ESC || key == 'q' || key == VK_CTRL_C) {
			v->mode = MODE_PLAY;
		}
		return VIEW_OK;
	case MODE_LOOK:
		if (view_key_dir(key, &dx, &dy)) {
			if (world_in(v->w, v->look_x + dx, v->look_y + dy)) {
				v->look_x += dx;
				v->look_y += dy;
			}
		} else if (key == VK_ESC || key == ';' || key == 'x' ||
		           key == 'q' || key == VK_ENTER) {
			v->mode = MODE_PLAY;
		} else if (key == VK_TAB || key == '`' || key == VK_F2) {
			aiview_key(v, key);
		}
		return VIEW_OK;
	case MODE_HELP:
		if (key == VK_CTRL_R)
			return VIEW_REDRAW;
		v->mode = MODE_PLAY;
		return VIEW_OK;
	case MODE_HISTORY:
		if (key == VK_UP || key == 'k')
			v->hist_top =
			        (v->hist_top < 0 ? 1000000 : v->hist_top) - 1;
		else if (key == VK_DOWN || key == 'j')
			v->hist_top = v->hist_top < 0 ? -1 : v->hist_top + 1;
		else if (key == VK_UP_RIGHT)
			v->hist_top =
			        (v->hist_top < 0 ? 1000000 : v->hist_top) - 10;
		else if (key == VK_DOWN_RIGHT)
			v->hist_top = v->hist_top < 0 ? -1 : v->hist_top + 10;
		else if (key == VK_CTRL_R)
			return VIEW_REDRAW;
		else
			v->mode = MODE_PLAY;
		return VIEW_OK;
	case MODE_QUIT:
		if (key == 'y' || key == 'Y')
			return VIEW_QUIT;
		v->mode = MODE_PLAY;
		view_log(v, "Good, the hunt goes on.");
		return VIEW_OK;
	}
	return VIEW_OK;
}

/* ---- drawing ----------------------------------------------------------- */

static const char *const help_lines[] = {
        "hunted - keys                                    (any key returns)",
        "Move         arrows, hjklyubn, keypad 1-9 (NumLock on or off)",
        "Wait         . 5 s        Open/close door   o / c, then a direction",
        "Pick up      g ,          Walking into a closed door opens it",
        "Look         ; x  (a cursor; Esc leaves)",
        "Messages     Ctrl-P       Redraw  Ctrl-R      Help  ?",
        "Reload data  R F5 (also automatic when a data file changes)",
        "Quit         q Ctrl-C (asks first)",
        "Replays      space pause, . step, + faster, - slower",
        "",
        "AI view      ` F2 (or --ai-view). While it is on, its letters win:",
        "             move with the arrows, the keypad, j l y u b.",
        "  p      planned path (Tab: next monster, *: every monster's)",
        "  o      open set o, closed set :, current node O (step mode)",
        "  g h f  each reached cell's g, h or f in steps: 0-9 a-z, + more",
        "  a      arrows to each cell's parent",
        "  c      the monster's cost of each cell (# never)",
        "  k      every monster's path cache; X: the cell that broke one",
        "  s      step mode: n expands one node, N finishes the search",
        "  H D W A  cycle heuristic, diagonal rule, weight, algorithm",
        "  0      back to the monster's own settings; ; x inspect a cell",
        "",
        "@ you  > exit  # wall  + door  ' open door  - key  letters: monsters",
};

static void draw_help(struct canvas *c)
{
	int n = (int)(sizeof(help_lines) / sizeof(help_lines[0]));
	int i;

	for (i = 0; i < c->height && i < n; i++)
		canvas_text(c, 1, i, c->width, CANVAS_DEFAULT,
		            i == 0 ? CANVAS_BOLD : 0, help_lines[i]);
}

static void draw_history(struct view *v, struct canvas *c)
{
	int rows = c->height - 1, y;
	long top, maxtop = (long)v->nlog - rows;

	if (maxtop < 0)
		maxtop = 0;
	top = v->hist_top < 0 || v->hist_top > maxtop ? maxtop : v->hist_top;
	if (top < 0)
		top = 0;
	v->hist_top = top == maxtop ? -1 : top;
	canvas_printf(c, 0, 0, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	              "Message history (%zu) - up/down scroll, any other key "
	              "returns",
	              v->nlog);
	for (y = 0; y < rows && (size_t)(top + y) < v->nlog; y++)
		canvas_printf(c, 0, y + 1, c->width, CANVAS_DEFAULT, 0,
		              "%5u %s", v->log_turn[top + y], v->log[top + y]);
}

static void draw_too_small(struct canvas *c)
{
	char a[64], b[64];

	snprintf(a, sizeof(a), "terminal too small: %dx%d,", c->width,
	         c->height);
	snprintf(b, sizeof(b), "need %dx%d", VIEW_MIN_W, VIEW_MIN_H);
	if ((int)(strlen(a) + strlen(b)) + 1 <= c->width) {
		canvas_printf(c, 0, 0, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
		              "%s %s", a, b);
	} else {
		canvas_text(c, 0, 0, c->width, CANVAS_DEFAULT, CANVAS_BOLD, a);
		canvas_text(c, 0, 1, c->width, CANVAS_DEFAULT, CANVAS_BOLD, b);
	}
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

static void draw_map(struct view *v, struct canvas *c, int x0, int y0, int vw,
                     int vh, int ox, int oy)
{
	const struct world *w = v->w;
	int x, y;
	size_t i;

	for (y = 0; y < vh && oy + y < w->height; y++)
		for (x = 0; x < vw && ox + x < w->width; x++) {
			const struct data_terrain *t =
			        world_terrain_at(w, ox + x, oy + y);

			canvas_put(c, x0 + x, y0 + y, t->glyph, t->color,
			           t->bright ? CANVAS_BOLD : 0);
		}
	for (i = 0; i < w->nitems; i++) {
		const struct world_item *it = &w->items[i];
		const struct data_key *k = &w->data->keys[it->key];

		if (!it->taken && it->x >= ox && it->y >= oy)
			canvas_put(c, x0 + it->x - ox, y0 + it->y - oy,
			           k->glyph, k->color,
			           k->bright ? CANVAS_BOLD : 0);
	}
	if (v->ai.on)
		aiview_draw_map(v, c, x0, y0, vw, vh, ox, oy);
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		const struct data_monster *k = &w->data->monsters[m->kind];
		int attr = k->bright ? CANVAS_BOLD : 0;

		if (!m->alive || m->x < ox || m->y < oy || m->x - ox >= vw ||
		    m->y - oy >= vh)
			continue;
		if (v->ai.on && (long)i == v->ai.sel)
			attr |= CANVAS_REVERSE;
		canvas_put(c, x0 + m->x - ox, y0 + m->y - oy, k->glyph,
		           k->color, attr);
	}
	if (w->px - ox < vw && w->py - oy < vh && w->px >= ox && w->py >= oy)
		canvas_put(c, x0 + w->px - ox, y0 + w->py - oy, '@',
		           DATA_COLOR_WHITE, CANVAS_BOLD);
	if (v->mode == MODE_LOOK) {
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

/* One line saying what is at (x, y), for look mode. */
static void describe_cell(const struct view *v, int x, int y, char *buf,
                          size_t size)
{
	const struct world *w = v->w;
	const struct data_terrain *t = world_terrain_at(w, x, y);
	int mi = world_monster_at(w, x, y), ii = world_item_at(w, x, y);
	size_t n;

	n = (size_t)snprintf(buf, size, "(%d,%d) %s", x, y,
	                     t->description ? t->description : t->name);
	if (n < size && x == w->px && y == w->py)
		n += (size_t)snprintf(buf + n, size - n, "; you are here");
	if (n < size && mi >= 0) {
		const struct world_monster *m = &w->monsters[mi];
		const struct data_monster *k = &w->data->monsters[m->kind];

		n += (size_t)snprintf(buf + n, size - n,
		                      "; %s#%d, %d/%d hp, %s", k->name, mi,
		                      m->hp, k->hp,
		                      mind_mode_name(v->g->minds->mind[mi].mode));
	}
	if (n < size && ii >= 0)
		snprintf(buf + n, size - n, "; %s",
		         w->data->keys[w->items[ii].key].name);
}

static void draw_status(struct view *v, struct canvas *c, int y)
{
	const struct world *w = v->w;
	char keys[128] = "";
	size_t k, n = 0;
	int x;

	for (k = 0; k < w->data->nkeys && k < 64; k++)
		if (w->keys & ((uint64_t)1 << k))
			n += (size_t)snprintf(keys + n, sizeof(keys) - n,
			                      "%s%s", n ? "," : "",
			                      w->data->keys[k].name);
	x = canvas_printf(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_REVERSE,
	                  "HP %d/%d  Turn %u  Keys %s  %s  seed %llu", w->php,
	                  w->php_max, w->turn, n ? keys : "-",
	                  v->cfg.map_label ? v->cfg.map_label : "",
	                  (unsigned long long)w->seed);
	if (v->rep)
		x = canvas_printf(c, x, y, c->width, CANVAS_DEFAULT,
		                  CANVAS_REVERSE, "  REPLAY %s %dms",
		                  v->rep_done == 2 ? "DIVERGED"
		                  : v->rep_done    ? "ended"
		                  : v->rep_paused  ? "paused"
		                                   : "playing",
		                  v->rep_delay_ms);
	if (w->state == WORLD_WON)
		x = canvas_text(c, x, y, c->width, CANVAS_DEFAULT,
		                CANVAS_REVERSE, "  ESCAPED");
	else if (w->state == WORLD_LOST)
		x = canvas_text(c, x, y, c->width, CANVAS_DEFAULT,
		                CANVAS_REVERSE, "  DEAD");
	if (v->ai.on)
		x = canvas_text(c, x, y, c->width, CANVAS_DEFAULT,
		                CANVAS_REVERSE, "  [AI VIEW]");
	for (; x < c->width; x++)
		canvas_put(c, x, y, ' ', CANVAS_DEFAULT, CANVAS_REVERSE);
}

static void draw_messages(struct view *v, struct canvas *c, int y0, int rows)
{
	char buf[LOG_LINE];
	int i;

	if (v->mode == MODE_QUIT) {
		canvas_text(c, 0, y0 + rows - 1, c->width, CANVAS_DEFAULT,
		            CANVAS_BOLD, "Really quit? (y/n)");
		rows--;
	} else if (v->mode == MODE_DIRECTION) {
		canvas_printf(c, 0, y0 + rows - 1, c->width, CANVAS_DEFAULT,
		              CANVAS_BOLD, "%s which way? (direction, Esc)",
		              v->prompt_cmd == WCMD_OPEN ? "Open" : "Close");
		rows--;
	} else if (v->mode == MODE_LOOK) {
		describe_cell(v, v->look_x, v->look_y, buf, sizeof(buf));
		canvas_printf(c, 0, y0 + rows - 1, c->width, CANVAS_DEFAULT,
		              CANVAS_BOLD, "Look: %s", buf);
		rows--;
	}
	for (i = 0; i < rows && (size_t)i < v->nlog; i++) {
		size_t k = v->nlog - 1 - (size_t)i;

		canvas_text(c, 0, y0 + rows - 1 - i, c->width, CANVAS_DEFAULT,
		            k >= v->log_seen ? CANVAS_BOLD : 0, v->log[k]);
	}
}

static void draw_errors(struct view *v, struct canvas *c, int x0, int y0, int w,
                        int h)
{
	int y = y0, i;

	canvas_fill(c, x0, y0, w, h);
	canvas_text(
	        c, x0, y++, x0 + w, DATA_COLOR_RED, CANVAS_BOLD,
	        "Reload failed; the old map stays. Fix the files and save,");
	canvas_text(c, x0, y++, x0 + w, DATA_COLOR_RED, CANVAS_BOLD,
	            "or press R to try again, Esc to hide this panel:");
	for (i = 0; (size_t)i < v->nerrors && y < y0 + h; i++)
		canvas_text(c, x0, y++, x0 + w, CANVAS_DEFAULT, 0,
		            v->errors[i]);
}

void view_draw(struct view *v, struct canvas *c)
{
	const struct world *w = v->w;
	int rows, mapw, maph, ox, oy, fx, fy, stats = v->ai.on ? 2 : 0;

	canvas_clear(c);
	if (c->width < VIEW_MIN_W || c->height < VIEW_MIN_H) {
		draw_too_small(c);
		return;
	}
	if (v->mode == MODE_HELP) {
		draw_help(c);
		return;
	}
	if (v->mode == MODE_HISTORY) {
		draw_history(v, c);
		return;
	}
	rows = LOG_ROWS;
	maph = c->height - 1 - rows - stats;
	mapw = v->ai.on ? c->width - PANEL_W : c->width;
	fx = v->mode == MODE_LOOK ? v->look_x : w->px;
	fy = v->mode == MODE_LOOK ? v->look_y : w->py;
	ox = scroll_origin(fx, w->width, mapw);
	oy = scroll_origin(fy, w->height, maph);
	draw_map(v, c, 0, 0, mapw, maph, ox, oy);
	if (v->ai.on) {
		aiview_draw_panel(v, c, mapw, 0, PANEL_W, maph);
		aiview_draw_stats(v, c, maph + 1, c->width);
	}
	if (v->show_errors)
		draw_errors(v, c, 0, 0, mapw, maph);
	draw_status(v, c, maph);
	draw_messages(v, c, maph + 1 + stats, rows);
}

void view_dump(struct view *v, struct canvas *c, FILE *out)
{
	char *buf = malloc((size_t)c->width + 1);
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
	if (v->ai.on)
		aiview_dump_layers(v, out);
}
