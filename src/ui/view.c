/* view.c - the game screen: map viewport, status line, message log, look
 * mode, help, history, quit prompt, reload panel, and the pacing of a
 * watched replay.  It turns keys into commands for the session and draws
 * into a canvas; no curses here. */
#include "config.h"

#include "view.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui/aiview/aiview.h"
#include "cast.h"
#include "ui/aiview/sandbox.h"
#include "session/campaign.h"
#include "session/files.h"
#include "core/base/file.h"
#include "core/world/fov.h"
#include "session/watch.h"

#define LOG_KEEP         1000 /* messages kept for the history (Ctrl-P) */
#define LOG_LINE         256  /* a message: at most three rows of 80 */
#define LOG_ROWS         3    /* message lines under the map */
#define ERR_KEEP         64   /* reload problems shown in the panel */
#define POLL_MS          500  /* how often data files are looked at */
#define REPLAY_DELAY_MS  250  /* default time between replayed turns */
#define PANEL_W          30   /* the AI view's side panel */
#define PANEL_ROWS_BELOW 11   /* rows the panel needs in two columns */
#define LESSON_ROWS      6    /* rows a lesson's page takes under the map */

enum view_mode {
	MODE_PLAY = 0,
	MODE_DIRECTION, /* open or close: waiting for a direction */
	MODE_LOOK,
	MODE_HELP,
	MODE_HISTORY,
	MODE_QUIT,
	MODE_SANDBOX, /* painting the dungeon for the AI view's search */
	MODE_SAVE,    /* S: save and quit? */
	MODE_END,     /* the end of the game: score and high scores */
};

/* Where a watched replay stands. */
enum replay_state {
	REPLAY_ON = 0,
	REPLAY_ENDED,    /* its last turn was played */
	REPLAY_DIVERGED, /* the game no longer matches it */
};

struct view {
	struct session *s;
	struct aiview *ai;
	enum view_mode mode;
	int ai_keys;   /* the AI view has the keys (v gives and takes them) */
	int too_small; /* the last screen drawn was too small for the game */
	int last_w, last_h; /* the size of the last screen drawn */
	int map_ox, map_oy, map_w, map_h; /* the map cells last drawn */
	struct sandbox sandbox;
	int lesson;     /* a lesson: its pages under the map */
	size_t page;    /* the page shown */
	int prompt_cmd; /* WCMD_OPEN or WCMD_CLOSE in MODE_DIRECTION */
	int look_x, look_y;

	char (*log)[LOG_LINE];      /* as shown, with a (xN) count */
	char (*log_text)[LOG_LINE]; /* as written */
	unsigned *log_count;
	uint32_t *log_turn;
	size_t nlog;
	long hist_top;   /* first line shown by the history */
	size_t log_seen; /* messages already on screen before this turn */
	/* --More--: the messages from more_at on wait, a page at a time,
	 * for a key that is nothing else; more_final holds the last page
	 * of a game that ended, and then shows the end screen. */
	int more, more_final;
	size_t more_at;
	int ended; /* the end of the game was said */

	int watching; /* reload the data files when they change */
	int depth;    /* the campaign's level shown */
	int level_error_said;
	struct watch files;
	char errors[ERR_KEEP][LOG_LINE];
	size_t nerrors;
	int show_errors;
	uint64_t next_poll_ms;

	int replaying; /* watching a recording in the terminal */
	int rep_done;  /* enum replay_state */
	int rep_paused;
	int rep_delay_ms;
	uint64_t rep_next_ms;
};

/* ---- messages ---------------------------------------------------------- */

__attribute__((format(printf, 2, 3))) static void view_log(struct view *v,
                                                           const char *fmt, ...)
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
		v->log_turn[v->nlog - 1] = v->s->game->world->turn;
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
	v->log_turn[v->nlog] = v->s->game->world->turn;
	v->log_count[v->nlog] = 1;
	v->nlog++;
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

/* The rows a message takes in the message lines, broken at spaces as
 * canvas_wrap breaks it (the rows after the first indented by 2), and the
 * length of its last row. */
#define MSG_INDENT 2
static int msg_layout(const char *text, int width, int *last_len)
{
	int rows = 0, in = 0, n = 0;

	if (width <= MSG_INDENT)
		width = MSG_INDENT + 1;
	while (*text) {
		text = canvas_next_row(text, width - in, &n);
		n += in;
		rows++;
		in = MSG_INDENT;
	}
	if (last_len)
		*last_len = n;
	return rows ? rows : 1;
}

/* The width the message lines have: the last screen's. */
static int view_msg_width(const struct view *v)
{
	return v->last_w >= VIEW_MIN_W ? v->last_w : VIEW_MIN_W;
}

/* The rows the messages from `from` on take. */
static int view_rows_from(const struct view *v, size_t from)
{
	int rows = 0;

	for (; from < v->nlog; from++)
		rows += msg_layout(v->log[from], view_msg_width(v), NULL);
	return rows;
}

/* The first message of the last page: the most recent ones that fit. */
static size_t view_last_page(const struct view *v)
{
	size_t k = v->nlog;
	int rows = 0;

	while (k > 0) {
		int nr = msg_layout(v->log[k - 1], view_msg_width(v), NULL);

		if (rows + nr > LOG_ROWS && k < v->nlog)
			break;
		rows += nr;
		k--;
	}
	return k;
}

/* Room for " --More--" after a row of len characters. */
#define MORE_LEN 9
static int more_fits(int len, int width)
{
	return len + MORE_LEN <= width;
}

/* The message after the last one of the page that starts at more_at:
 * as many as fit in rows with --More-- after the last, at least one. */
static size_t view_more_end(const struct view *v, int width, int rows)
{
	size_t k = v->more_at;
	int used = 0, last;

	while (k < v->nlog) {
		int nr = msg_layout(v->log[k], width, &last);

		if (used + nr + !more_fits(last, width) > rows &&
		    k > v->more_at)
			break;
		used += nr;
		k++;
	}
	return k;
}

/* A key at --More--: the next page, or the messages as usual once the
 * rest fits (a game's last page goes on to the end screen). */
static void view_more_key(struct view *v)
{
	size_t end = view_more_end(v, view_msg_width(v), LOG_ROWS);

	if (end >= v->nlog) {
		v->more = 0;
		if (v->more_final) {
			v->more_final = 0;
			v->mode = MODE_END;
		}
		return;
	}
	v->more_at = end;
	if (!v->more_final && view_rows_from(v, end) <= LOG_ROWS)
		v->more = 0;
}

/* Which events a player reads in the log: everything it saw but the
 * walking (with the AI view on, everything), and the planner's chatter
 * only about the monster the AI view follows. */
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
		return aiview_on(v->ai) ||
		       view_event_seen(v->s->game->world, e);
	}
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
		view_log(v, "%s", buf);
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

	(void)cmd;
	(void)took_time;
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
	if (descended && w->data->map && w->data->map->title)
		view_log(v, "%s%s%s", w->data->map->title,
		         w->data->map->description ? ": " : "",
		         w->data->map->description ? w->data->map->description
		                                   : "");
	if (s->game->level_error[0] && !v->level_error_said) {
		v->level_error_said = 1;
		view_log(v, "The stairs lead nowhere: %s.",
		         s->game->level_error);
	}
	if (s->diverged && v->rep_done != REPLAY_DIVERGED) {
		v->rep_done = REPLAY_DIVERGED;
		view_log(v, "The replay diverged at turn %u (line %d).",
		         s->div_turn, s->div_line);
	}
	/* Messages that do not fit wait behind --More--. */
	if (!v->replaying && !v->lesson && !v->more &&
	    view_rows_from(v, v->log_seen) > LOG_ROWS) {
		v->more = 1;
		v->more_at = v->log_seen;
	}
	if (w->state != WORLD_PLAYING && !v->ended) {
		struct ending e;
		char text[160];

		v->ended = 1;
		session_ending(s, &e);
		ending_text(&e, text, sizeof(text));
		view_log(v, "%s Score %ld.", text, e.score);
		/* The last page waits for a key, then the end screen. */
		if (!v->replaying) {
			if (!v->more) {
				v->more = 1;
				v->more_at = view_last_page(v);
			}
			v->more_final = 1;
		}
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
	v->depth = s->game->depth;
	v->log = calloc(LOG_KEEP, sizeof(*v->log));
	v->log_turn = calloc(LOG_KEEP, sizeof(*v->log_turn));
	v->log_text = calloc(LOG_KEEP, sizeof(*v->log_text));
	v->log_count = calloc(LOG_KEEP, sizeof(*v->log_count));
	v->ai = aiview_new(s->game, s->setup.ai_view, s->setup.no_timing);
	v->rep_delay_ms = REPLAY_DELAY_MS;
	v->replaying = s->rep.path && s->setup.mode == SETUP_PLAY;
	v->watching = s->setup.mode == SETUP_PLAY && !s->setup.replay &&
	              !s->setup.no_watch;
	if (!v->log || !v->log_turn || !v->log_text || !v->log_count ||
	    !v->ai ||
	    (v->watching && watch_snapshot(w->data, &v->files) != 0)) {
		snprintf(err, err_size, "out of memory");
		view_free(v);
		return NULL;
	}
	if (w->data->map && w->data->map->title)
		view_log(v, "%s", w->data->map->title);
	/* A save resumed, or one that could not be. */
	for (i = 0; i < s->nnews; i++)
		view_log(v, "%s", s->news[i]);
	if (s->setup.lesson_name && w->data->npages) {
		/* A lesson: the view has the keys and shows page 1. */
		v->lesson = 1;
		v->ai_keys = 1;
		aiview_apply_page(v->ai, &w->data->pages[0]);
	}
	if (v->replaying)
		view_log(v,
		         "Watching %s: space pauses, . steps, + and - "
		         "change the speed.",
		         s->setup.replay);
	else
		view_log(v, "Reach the exit '>'. Press ? for help, ` for the "
		            "AI view.");
	if (!v->replaying && !v->lesson && view_rows_from(v, 0) > LOG_ROWS) {
		v->more = 1;
		v->more_at = 0;
	}
	return v;
}

void view_free(struct view *v)
{
	if (!v)
		return;
	aiview_free(v->ai);
	sandbox_fini(&v->sandbox);
	watch_fini(&v->files);
	free(v->log);
	free(v->log_turn);
	free(v->log_text);
	free(v->log_count);
	free(v);
}

/* ---- a replay, turn by turn ---------------------------------------------- */

/* The next turn of the replay into *cmd.  Returns VIEW_CMD, or VIEW_OK
 * at its end (the recording was checked whole before it started). */
static enum view_result view_replay_step(struct view *v, struct world_cmd *cmd)
{
	struct session *s = v->s;

	if (!v->replaying || v->rep_done != REPLAY_ON)
		return VIEW_OK;
	if (s->game->world->state == WORLD_PLAYING &&
	    session_replay_next(s, cmd))
		return VIEW_CMD;
	if (s->diverged) {
		v->rep_done = REPLAY_DIVERGED;
		view_log(v,
		         "The replay diverged at its end, turn %u (line %d).",
		         s->div_turn, s->div_line);
		return VIEW_OK;
	}
	v->rep_done = REPLAY_ENDED;
	view_log(v, "End of the recording (line %d).", s->rep.end_line);
	return VIEW_OK;
}

/* ---- reloading --------------------------------------------------------- */

static void view_show_errors(struct view *v, const struct diag_list *l)
{
	size_t i, n;
	char *e;

	v->nerrors = 0;
	for (i = 0; i < l->len && v->nerrors < ERR_KEEP; i++) {
		const struct diag *d = &l->items[i];

		if (d->severity != DIAG_ERROR)
			continue;
		e = v->errors[v->nerrors++];
		diag_where(d, e, LOG_LINE);
		n = strlen(e);
		snprintf(e + n, LOG_LINE - n, ": %s", d->message);
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
	int recording = v->s->rec != NULL;
	const struct world *w;

	diag_list_init(&diags, ERR_KEEP);
	if (session_reload(v->s, &diags, &rep) != 0) {
		view_show_errors(v, &diags);
		view_log(v, "Reload failed (%zu error%s): the old map stays.",
		         v->nerrors, v->nerrors == 1 ? "" : "s");
		diag_list_fini(&diags);
		/* Wait for the next change before trying again. */
		watch_fini(&v->files);
		watch_snapshot(v->s->game->world->data, &v->files);
		return -1;
	}
	diag_list_fini(&diags);
	w = v->s->game->world;
	v->show_errors = 0;
	v->nerrors = 0;
	watch_fini(&v->files);
	watch_snapshot(w->data, &v->files);
	if (recording)
		view_log(v, "Recording stopped: the data changed.");
	if (v->mode == MODE_LOOK && !world_in(w, v->look_x, v->look_y))
		v->mode = MODE_PLAY;
	aiview_set_game(v->ai, v->s->game);
	aiview_forget(v->ai);
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

enum view_result view_idle(struct view *v, uint64_t now_ms,
                           struct world_cmd *cmd, int *wait_ms)
{
	*wait_ms = POLL_MS;
	if (v->watching && now_ms >= v->next_poll_ms) {
		v->next_poll_ms = now_ms + POLL_MS;
		if (watch_changed(&v->files))
			view_reload(v);
	}
	if (v->replaying && v->rep_done == REPLAY_ON && !v->rep_paused) {
		if (v->rep_delay_ms < *wait_ms)
			*wait_ms = v->rep_delay_ms;
		if (now_ms >= v->rep_next_ms) {
			v->rep_next_ms = now_ms + (uint64_t)v->rep_delay_ms;
			return view_replay_step(v, cmd);
		}
	}
	return VIEW_OK;
}

/* ---- keys -------------------------------------------------------------- */

/* A command for the session: the messages logged from now on are news. */
static enum view_result view_command(struct view *v, struct world_cmd *cmd,
                                     uint8_t kind, int dx, int dy)
{
	cmd->kind = kind;
	cmd->dx = (int8_t)dx;
	cmd->dy = (int8_t)dy;
	v->log_seen = v->nlog;
	return VIEW_CMD;
}

static enum view_result view_key_replay(struct view *v, int key,
                                        struct world_cmd *cmd)
{
	switch (key) {
	case ' ':
		v->rep_paused = !v->rep_paused;
		view_log(v, v->rep_paused ? "Paused." : "Playing.");
		break;
	case '.':
	case '>':
		v->rep_paused = 1;
		if (view_replay_step(v, cmd) == VIEW_CMD) {
			v->log_seen = v->nlog;
			return VIEW_CMD;
		}
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

/* ---- lessons ----------------------------------------------------------- */

/* Space or PgDn: the next page; PgUp or Backspace: the one before.  Each
 * page sets the AI view as it says. */
static int view_key_lesson(struct view *v, int key)
{
	const struct data *d = v->s->game->world->data;
	size_t page = v->page;

	if (!d->npages)
		return 0;
	if (key == ' ' || key == VK_DOWN_RIGHT)
		page = page + 1 < d->npages ? page + 1 : page;
	else if (key == VK_UP_RIGHT || key == 127 || key == 8)
		page = page ? page - 1 : 0;
	else
		return 0;
	if (page != v->page) {
		v->page = page;
		aiview_apply_page(v->ai, &d->pages[page]);
	}
	return 1;
}

/* The page under the map: the lesson's title, where the page stands, and
 * its text broken at spaces to the screen's width. */
static void draw_page(struct view *v, struct canvas *c, int y0, int rows)
{
	const struct data *d = v->s->game->world->data;
	const struct data_page *pg = &d->pages[v->page];

	canvas_printf(c, 0, y0, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	              "%s - page %zu/%zu (space: next, PgUp: back)",
	              d->map && d->map->title ? d->map->title : "Lesson",
	              v->page + 1, d->npages);
	canvas_wrap(c, 0, y0 + 1, y0 + rows, c->width - 1, 0, CANVAS_DEFAULT, 0,
	            pg->text ? pg->text : "");
}

/* A mouse click on the screen at (x, y): in the sandbox, the cursor goes
 * there, and button 1 paints. */
void view_click(struct view *v, int x, int y, int button)
{
	char msg[LOG_LINE];

	if (v->mode != MODE_SANDBOX || x < 0 || y < 0 || x >= v->map_w ||
	    y >= v->map_h)
		return;
	if (sandbox_click(&v->sandbox, v->s->game, v->ai, v->map_ox + x,
	                  v->map_oy + y, button, &v->look_x, &v->look_y, msg,
	                  sizeof(msg)))
		view_log(v, "%s", msg);
}

#define EXPORT_FRAMES 2000 /* steps drawn into an exported search's cast */

/* E: the search the AI view shows, written to the current directory as
 * a JSON trace (every push and expansion in order, g, h, f, parents, the
 * path) and as an asciicast of every step as the screen shows it; a
 * search of more than EXPORT_FRAMES steps is cast at evenly spaced
 * steps, its last included. */
static void view_export(struct view *v)
{
	char base[128], json[160], cast[160], err[512];
	struct canvas c = {0};
	struct cast k;
	FILE *out;
	size_t steps, i, n;
	int was_on, fd;
	size_t was_k;

	if (aiview_export_name(v->ai, base, sizeof(base)) != 0) {
		view_log(v, "No search to export.");
		return;
	}
	snprintf(json, sizeof(json), "%s.json", base);
	snprintf(cast, sizeof(cast), "%s.cast", base);
	fd = file_create(json, err, sizeof(err));
	out = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!out) {
		if (fd >= 0)
			close(fd);
		view_log(v, "Export failed: %s",
		         fd >= 0 ? "out of memory" : err);
		return;
	}
	if (aiview_export_json(v->ai, out) != 0) {
		fclose(out);
		view_log(v, "Export failed: cannot write '%s'", json);
		return;
	}
	if (fclose(out) != 0) {
		view_log(v, "Export failed: cannot write '%s'", json);
		return;
	}
	if (canvas_resize(&c, v->last_w ? v->last_w : VIEW_MIN_W,
	                  v->last_h ? v->last_h : VIEW_MIN_H) != 0) {
		view_log(v, "Export failed: out of memory");
		return;
	}
	if (cast_open(&k, cast, c.width, c.height, base, err, sizeof(err)) !=
	    0) {
		canvas_fini(&c);
		view_log(v, "Export failed: %s", err);
		return;
	}
	aiview_step_state(v->ai, &was_on, &was_k);
	steps = aiview_steps(v->ai);
	n = steps + 1 > EXPORT_FRAMES ? EXPORT_FRAMES : steps + 1;
	for (i = 0; i < n; i++) {
		/* Step 0 to the last, evenly spaced when there are more. */
		size_t step = n > 1 ? i * steps / (n - 1) : 0;

		aiview_step_to(v->ai, 1, step);
		view_draw(v, &c);
		cast_frame(&k, (double)i * 0.5, &c);
	}
	aiview_step_to(v->ai, was_on, was_k);
	canvas_fini(&c);
	if (cast_close(&k, err, sizeof(err)) != 0) {
		view_log(v, "Export failed: %s", err);
		return;
	}
	view_log(v, "Exported the search: %s (trace), %s (%zu steps).", json,
	         cast, steps);
}

/* The AI view's keys.  ` and F2 show and hide it, v gives it the keys
 * and takes them back (Esc too), Tab picks the next monster: none of them
 * is a game command.  While the view has the keys its letters are its
 * own, and a key it does not know is not passed to the game either (a
 * replay's keys excepted): the player is told how to get them back.
 * While the game has them, the view takes nothing else.  Returns 1 when
 * the key was the view's. */
static int view_key_ai(struct view *v, int key)
{
	char msg[LOG_LINE];

	if (key == 'v') {
		if (!aiview_on(v->ai))
			aiview_key(v->ai, '`', msg, sizeof(msg));
		v->ai_keys = !v->ai_keys;
		view_log(v, "%s",
		         v->ai_keys
		                 ? "The AI view has the keys (? lists them); "
		                   "v or Esc gives them back to the game."
		                 : "The game has the keys again; v gives "
		                   "them to the AI view.");
		return 1;
	}
	if (key == '`' || key == VK_F2) {
		aiview_key(v->ai, key, msg, sizeof(msg));
		if (!aiview_on(v->ai))
			v->ai_keys = 0;
		view_log(v, "%s",
		         aiview_on(v->ai) ? "AI view on: the game keeps its "
		                            "keys, v gives them to the view."
		                          : "AI view off.");
		return 1;
	}
	if (!aiview_on(v->ai))
		return 0;
	if (key == VK_TAB) {
		aiview_key(v->ai, key, msg, sizeof(msg));
		return 1;
	}
	if (!v->ai_keys)
		return 0;
	if (aiview_entering(v->ai)) {
		aiview_key(v->ai, key, msg, sizeof(msg));
		if (*msg)
			view_log(v, "%s", msg);
		return 1;
	}
	if (key == 'E') {
		view_export(v);
		return 1;
	}
	if (key == 'S') {
		if (sandbox_enter(&v->sandbox, v->s, v->replaying, v->ai,
		                  &v->look_x, &v->look_y, msg, sizeof(msg)))
			v->mode = MODE_SANDBOX;
		view_log(v, "%s", msg);
		return 1;
	}
	if (key == VK_ESC) {
		v->ai_keys = 0;
		view_log(v, "The game has the keys again; v gives them to the "
		            "AI view.");
		return 1;
	}
	if (aiview_key(v->ai, key, msg, sizeof(msg))) {
		if (*msg)
			view_log(v, "%s", msg);
		return 1;
	}
	if (v->replaying)
		return 0;
	view_log(v, "The AI view has the keys: v or Esc gives them back to "
	            "the game.");
	return 1;
}

/* q or Ctrl-C: leave at once when the game or the watched replay is
 * over, else ask first. */
static enum view_result view_ask_quit(struct view *v)
{
	if (v->s->game->world->state != WORLD_PLAYING ||
	    (v->replaying && v->rep_done != REPLAY_ON))
		return VIEW_QUIT;
	v->mode = MODE_QUIT;
	return VIEW_OK;
}

/* S: save and quit, once asked; a game that cannot be saved says why. */
static void view_ask_save(struct view *v)
{
	const struct session *s = v->s;

	if (!s->save_path[0])
		view_log(v, "%s",
		         s->nnews ? s->news[0] : "This game is not saved.");
	else if (s->unsaveable)
		view_log(v, "This game can no longer be saved: %s.",
		         s->unsaveable);
	else
		v->mode = MODE_SAVE;
}

static enum view_result view_key_save(struct view *v, int key)
{
	char err[PATH_MAX + 400];

	v->mode = MODE_PLAY;
	if (key != 'y' && key != 'Y') {
		view_log(v, "Not saved; the hunt goes on.");
		return VIEW_OK;
	}
	if (session_save(v->s, err, sizeof(err)) != 0) {
		view_log(v, "Not saved: %s. The hunt goes on.", err);
		return VIEW_OK;
	}
	return VIEW_QUIT;
}

static enum view_result view_key_play(struct view *v, int key,
                                      struct world_cmd *cmd)
{
	const struct world *w = v->s->game->world;
	int dx, dy;

	if (key == 'q' || key == VK_CTRL_C)
		return view_ask_quit(v);
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
	if (v->lesson && view_key_lesson(v, key))
		return VIEW_OK;
	if (view_key_ai(v, key))
		return VIEW_OK;
	if (v->replaying)
		return view_key_replay(v, key, cmd);
	if (w->state != WORLD_PLAYING)
		return VIEW_OK;
	if (key == 'S') {
		view_ask_save(v);
		return VIEW_OK;
	}
	if (key == 'o' || key == 'c') {
		v->mode = MODE_DIRECTION;
		v->prompt_cmd = key == 'o' ? WCMD_OPEN : WCMD_CLOSE;
		return VIEW_OK;
	}
	if (key == 'g' || key == ',')
		return view_command(v, cmd, WCMD_PICKUP, 0, 0);
	if (keys_wait(key))
		return view_command(v, cmd, WCMD_WAIT, 0, 0);
	if (keys_dir(key, &dx, &dy))
		return view_command(v, cmd, WCMD_MOVE, dx, dy);
	return VIEW_OK;
}

/* While the screen is too small to show the game, only redrawing and
 * quitting act: a key the player cannot see the effect of does
 * nothing. */
static enum view_result view_key_small(struct view *v, int key)
{
	if (key == VK_CTRL_R)
		return VIEW_REDRAW;
	if (v->mode == MODE_QUIT) {
		if (key == 'y' || key == 'Y')
			return VIEW_QUIT;
		if (key == 'n' || key == 'N' || key == VK_ESC) {
			v->mode = MODE_PLAY;
			view_log(v, "Good, the hunt goes on.");
		}
		return VIEW_OK;
	}
	if (key == 'q' || key == VK_CTRL_C)
		return view_ask_quit(v);
	return VIEW_OK;
}

enum view_result view_key(struct view *v, int key, struct world_cmd *cmd)
{
	char msg[LOG_LINE];
	int dx, dy;

	if (key == VK_RESIZE)
		return VIEW_OK; /* never a command */
	if (v->too_small)
		return view_key_small(v, key);
	/* A key at --More-- is nothing else. */
	if (v->more) {
		if (key == VK_CTRL_R)
			return VIEW_REDRAW;
		view_more_key(v);
		return VIEW_OK;
	}
	switch (v->mode) {
	case MODE_PLAY:
		return view_key_play(v, key, cmd);
	case MODE_DIRECTION:
		if (keys_dir(key, &dx, &dy)) {
			v->mode = MODE_PLAY;
			return view_command(v, cmd, (uint8_t)v->prompt_cmd, dx,
			                    dy);
		}
		if (key == VK_ESC || key == 'q' || key == VK_CTRL_C)
			v->mode = MODE_PLAY;
		return VIEW_OK;
	case MODE_LOOK:
		if (keys_dir(key, &dx, &dy)) {
			if (world_in(v->s->game->world, v->look_x + dx,
			             v->look_y + dy)) {
				v->look_x += dx;
				v->look_y += dy;
			}
		} else if (key == VK_ESC || key == ';' || key == 'x' ||
		           key == 'q' || key == VK_ENTER) {
			v->mode = MODE_PLAY;
		} else if (key == VK_TAB || key == '`' || key == VK_F2) {
			view_key_ai(v, key);
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
	case MODE_SANDBOX:
		if (key == 'q' || key == VK_CTRL_C) {
			v->mode = MODE_QUIT;
			return VIEW_OK;
		}
		if (key == '?') {
			v->mode = MODE_HELP;
			return VIEW_OK;
		}
		if (sandbox_key(&v->sandbox, v->s, v->ai, key, &v->look_x,
		                &v->look_y, msg, sizeof(msg)))
			v->mode = MODE_PLAY;
		if (*msg)
			view_log(v, "%s", msg);
		return VIEW_OK;
	case MODE_QUIT:
		if (key == 'y' || key == 'Y')
			return VIEW_QUIT;
		v->mode = MODE_PLAY;
		view_log(v, "Good, the hunt goes on.");
		return VIEW_OK;
	case MODE_SAVE:
		return view_key_save(v, key);
	case MODE_END:
		if (key == 'q' || key == VK_CTRL_C)
			return VIEW_QUIT;
		if (key == VK_CTRL_R)
			return VIEW_REDRAW;
		v->mode = MODE_PLAY;
		view_log(v, "The end of the game: q leaves.");
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
        "Messages     Ctrl-P       Redraw  Ctrl-R      Help  ?     Quit  q "
        "Ctrl-C",
        "Reload data  R F5 (automatic too)   Save and quit  S (resumed next "
        "start)",
        "Sight        8 cells; what you saw before stays, dim; the AI view "
        "shows all",
        "Replays      space pause, . step, + faster, - slower",
        "AI view      ` F2 show/hide (or --ai-view), Tab next monster. The "
        "game",
        "             keeps its keys; v gives them to the view, v or Esc back:",
        "  p      planned path (*: every monster's)",
        "  o      open set o, closed set :, current node O (step mode)",
        "  g h f  each reached cell's g, h or f: 0-9 a-z +, unit in the legend",
        "  a c m  parent arrows; each cell's cost; m the kind's shared map",
        "         (g h f a c m: one at a time; the legend names what is shown)",
        "  k      every monster's path cache; X: the cell that broke one",
        "  T z y r  table: algorithms or A* by heuristic; z boxes; y HPA*; "
        "r D* Lite",
        "  E S    export the search (JSON, asciicast); S sandbox: draw, save",
        "  s      step mode, narrated: n next, b back, J jump, B start, N end",
        "  H D W A  cycle heuristic, diagonal rule, weight, algorithm (A: JPS "
        "too)",
        "  t      ties: toward the lower h, or first in, first out (none)",
        "  0      back to the monster's own settings; ; x inspect a cell",
        "@ you  > exit  # wall  + door  ' open  = gate  - key  & spring  "
        "A-z monsters",
};

/* The help's "Sight" line gives the radius in words. */
_Static_assert(WORLD_PLAYER_SIGHT == 8, "help_lines: say the new sight");

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

static void draw_too_small(const struct view *v, struct canvas *c)
{
	char a[64], b[64];
	int y;

	snprintf(a, sizeof(a), "terminal too small: %dx%d,", c->width,
	         c->height);
	snprintf(b, sizeof(b), "need %dx%d", VIEW_MIN_W, VIEW_MIN_H);
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
		            "(the game waits; q quits)");
	if (v->mode == MODE_QUIT && y + 1 < c->height)
		canvas_text(c, 0, y + 1, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
		            "Really quit? (y/n)");
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
	if (w->px - ox < vw && w->py - oy < vh && w->px >= ox && w->py >= oy)
		canvas_put(c, x0 + w->px - ox, y0 + w->py - oy, '@',
		           DATA_COLOR_WHITE, CANVAS_BOLD);
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
	        minds_kind_jumps(w, kind) ? "JPS" : path_algo_name(p.algo));
	if (n < size && p.weight != PATH_WEIGHT_ONE)
		n += (size_t)snprintf(buf + n, size - n, " w=%u.%u",
		                      p.weight / PATH_WEIGHT_ONE,
		                      p.weight % PATH_WEIGHT_ONE / 100);
	if (n < size && p.diagonal != PATH_DIAG_NO_CORNER)
		snprintf(buf + n, size - n, "%s",
		         p.diagonal == PATH_DIAG_NEVER ? " 4-way"
		                                       : " cutting corners");
}

/* One line saying what is at (x, y), for look mode. */
static void describe_cell(const struct view *v, int x, int y, char *buf,
                          size_t size)
{
	const struct world *w = v->s->game->world;
	const struct data_terrain *t = world_terrain_at(w, x, y);
	int mi = world_monster_at(w, x, y), ii = world_item_at(w, x, y);
	const int knows = view_knows(v, x, y);
	size_t n;

	if (knows == 0) {
		snprintf(buf, size, "(%d,%d) unexplored: you have not seen it",
		         x, y);
		return;
	}
	if (knows < 0) {
		/* What was there when last seen: no monster, a key still
		 * (only the player takes them). */
		t = &w->data->terrain[fov_remembered(w, x, y)];
		n = (size_t)snprintf(buf, size, "(%d,%d) remembered: %s", x, y,
		                     t->description ? t->description : t->name);
		if (n < size && ii >= 0)
			snprintf(buf + n, size - n, "; %s",
			         w->data->keys[w->items[ii].key].name);
		return;
	}
	/* A monster is told of where it could be seen: in line of sight,
	 * not on a wall lit from the front. */
	if (!aiview_on(v->ai) && fov_seen(w, x, y) != FOV_LOS)
		mi = -1;
	n = (size_t)snprintf(buf, size, "(%d,%d) %s", x, y,
	                     t->description ? t->description : t->name);
	if (n < size && x == w->px && y == w->py)
		n += (size_t)snprintf(buf + n, size - n, "; you are here");
	if (n < size && mi >= 0) {
		const struct world_monster *m = &w->monsters[mi];
		const struct data_monster *k = &w->data->monsters[m->kind];

		char how[48];

		kind_search_words(w, m->kind, how, sizeof(how));
		n += (size_t)snprintf(
		        buf + n, size - n, "; %s#%d, %d/%d hp, %s, hunts by %s",
		        k->name, mi, m->hp, k->hp,
		        mind_mode_name(v->s->game->minds->mind[mi].mode), how);
	}
	if (n < size && ii >= 0)
		snprintf(buf + n, size - n, "; %s",
		         w->data->keys[w->items[ii].key].name);
}

static void draw_status(struct view *v, struct canvas *c, int y)
{
	const struct world *w = v->s->game->world;
	char keys[128] = "", where[80];
	size_t k, n = 0;
	int x;

	for (k = 0; k < w->data->nkeys && k < 64; k++)
		if (w->keys & ((uint64_t)1 << k))
			n += (size_t)snprintf(keys + n, sizeof(keys) - n,
			                      "%s%s", n ? "," : "",
			                      w->data->keys[k].name);
	if (v->s->game->levels) {
		/* A campaign: the level out of how many, by name. */
		char name[48];

		campaign_label(v->s->game->depth, name, sizeof(name));
		snprintf(where, sizeof(where), "Depth %d/%d %s",
		         v->s->game->depth, v->s->game->levels, name);
	} else {
		snprintf(where, sizeof(where), "%s", v->s->label);
	}
	x = canvas_printf(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_REVERSE,
	                  "HP %d/%d  Turn %u  Keys %s  %s  seed %llu", w->php,
	                  w->php_max, w->turn, n ? keys : "-", where,
	                  (unsigned long long)v->s->game->seed);
	if (v->replaying)
		x = canvas_printf(c, x, y, c->width, CANVAS_DEFAULT,
		                  CANVAS_REVERSE, "  REPLAY %s %dms",
		                  v->rep_done == REPLAY_DIVERGED ? "DIVERGED"
		                  : v->rep_done                  ? "ended"
		                  : v->rep_paused                ? "paused"
		                                                 : "playing",
		                  v->rep_delay_ms);
	if (w->state == WORLD_WON)
		x = canvas_text(c, x, y, c->width, CANVAS_DEFAULT,
		                CANVAS_REVERSE, "  ESCAPED");
	else if (w->state == WORLD_LOST)
		x = canvas_text(c, x, y, c->width, CANVAS_DEFAULT,
		                CANVAS_REVERSE, "  DEAD");
	if (aiview_on(v->ai))
		x = canvas_text(c, x, y, c->width, CANVAS_DEFAULT,
		                CANVAS_REVERSE,
		                v->ai_keys ? "  [AI VIEW has the keys: v/Esc]"
		                           : "  [AI VIEW] v: its keys");
	for (; x < c->width; x++)
		canvas_put(c, x, y, ' ', CANVAS_DEFAULT, CANVAS_REVERSE);
}

/* A page of messages waiting, from more_at, and --More-- after the
 * last one (on a row of its own when the last has no room for it). */
static void draw_more(struct view *v, struct canvas *c, int y0, int rows)
{
	static const char more[] = "--More--";
	const int mlen = MORE_LEN - 1;
	size_t end = view_more_end(v, c->width, rows), k;
	int y = y0, last = 0;

	for (k = v->more_at; k < end && y < y0 + rows; k++) {
		int nr = msg_layout(v->log[k], c->width, &last);

		canvas_wrap(c, 0, y, y0 + rows, c->width, MSG_INDENT,
		            CANVAS_DEFAULT, k >= v->log_seen ? CANVAS_BOLD : 0,
		            v->log[k]);
		y += nr;
	}
	if (y > y0 + rows)
		y = y0 + rows;
	if (more_fits(last, c->width))
		canvas_text(c, last + 1, y - 1, c->width, CANVAS_DEFAULT,
		            CANVAS_REVERSE, more);
	else if (y < y0 + rows)
		canvas_text(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_REVERSE,
		            more);
	else
		canvas_text(c, c->width - mlen, y - 1, c->width, CANVAS_DEFAULT,
		            CANVAS_REVERSE, more);
}

static void draw_messages(struct view *v, struct canvas *c, int y0, int rows)
{
	char buf[LOG_LINE];
	size_t k;
	int y;

	if (v->mode == MODE_QUIT || v->mode == MODE_SAVE) {
		canvas_text(c, 0, y0 + rows - 1, c->width, CANVAS_DEFAULT,
		            CANVAS_BOLD,
		            v->mode == MODE_QUIT
		                    ? "Really quit? (y/n)"
		                    : "Save the game and quit? (y/n)");
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
	} else if (v->mode == MODE_SANDBOX) {
		const struct world *w = v->s->game->world;

		canvas_printf(c, 0, y0 + rows - 1, c->width, CANVAS_DEFAULT,
		              CANVAS_BOLD,
		              "SANDBOX %d,%d %s | brush %s ([ ]) | space s g U "
		              "C w Esc",
		              v->look_x, v->look_y,
		              world_terrain_at(w, v->look_x, v->look_y)->name,
		              w->data->terrain[v->sandbox.brush].name);
		rows--;
	}
	if (v->more && rows > 0) {
		draw_more(v, c, y0, rows);
		return;
	}
	/* The latest messages, the newest at the bottom, each broken over
	 * the rows it needs. */
	y = y0 + rows;
	for (k = v->nlog; k > 0; k--) {
		int nr = msg_layout(v->log[k - 1], c->width, NULL);

		if (y - nr < y0)
			break;
		y -= nr;
		canvas_wrap(
		        c, 0, y, y + nr, c->width, MSG_INDENT, CANVAS_DEFAULT,
		        k - 1 >= v->log_seen ? CANVAS_BOLD : 0, v->log[k - 1]);
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

/* "1st", "2nd", "3rd", "11th"... */
static const char *ordinal(int n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	return n % 10 == 1   ? "st"
	       : n % 10 == 2 ? "nd"
	       : n % 10 == 3 ? "rd"
	                     : "th";
}

/* One game of the high scores; the one just played is marked with '>'
 * and in reverse video. */
static void draw_score_row(struct canvas *c, int y, const struct scores *l,
                           int i, int mine)
{
	const struct score_entry *e = &l->items[i];

	canvas_printf(c, 0, y, c->width, CANVAS_DEFAULT,
	              mine ? CANVAS_REVERSE | CANVAS_BOLD : 0,
	              "%c%3d %7ld  %s  %-12.12s %s", mine ? '>' : ' ', i + 1,
	              e->score, e->date, e->dungeon, e->text);
}

/* The end of the game: how it ended, the score, how to play it again,
 * the morgue file, and the high scores with this game marked. */
static void draw_end(struct view *v, struct canvas *c)
{
	const struct session *s = v->s;
	const struct session_records *r = &s->records;
	char text[256], score[256], args[SETUP_MAP_MAX + 64];
	char line[SETUP_MAP_MAX + PATH_MAX + 128];
	struct ending e;
	int y = 0, i, shown;
	size_t k;

	session_ending(s, &e);
	ending_text(&e, text, sizeof(text));
	ending_score_text(&e, score, sizeof(score));
	setup_game_args(&s->setup, args, sizeof(args));
	canvas_text(c, 1, y++, c->width, CANVAS_DEFAULT, CANVAS_BOLD, text);
	y++;
	canvas_printf(c, 1, y++, c->width, CANVAS_DEFAULT, 0, "Score %s",
	              score);
	snprintf(line, sizeof(line),
	         "Seed %llu: hunted %s plays this dungeon "
	         "again.",
	         (unsigned long long)s->game->world->seed, args);
	y = canvas_wrap(c, 1, y, y + 2, c->width - 2, 2, CANVAS_DEFAULT, 0,
	                line);
	if (r->morgue[0]) {
		snprintf(line, sizeof(line), "Morgue file: %s", r->morgue);
		y = canvas_wrap(c, 1, y, y + 2, c->width - 2, 2, CANVAS_DEFAULT,
		                0, line);
	}
	for (k = 0; k < r->nproblems; k++)
		y = canvas_wrap(c, 1, y, c->height - 1, c->width - 2, 2,
		                CANVAS_DEFAULT, CANVAS_BOLD, r->problems[k]);
	y++;
	if (r->rank >= 0) {
		snprintf(line, sizeof(line),
		         "High scores: this game is %d%s of %zu%s%s",
		         r->rank + 1, ordinal(r->rank + 1), r->list.n,
		         r->scores[0] ? " in " : "", r->scores);
		y = canvas_wrap(c, 1, y, y + 2, c->width - 2, 2, CANVAS_DEFAULT,
		                CANVAS_BOLD, line);
		canvas_text(
		        c, 0, y++, c->width, CANVAS_DEFAULT, CANVAS_UNDERLINE,
		        "   #   score  date        dungeon      how it ended");
		shown = (int)r->list.n < SCORES_SHOWN ? (int)r->list.n
		                                      : SCORES_SHOWN;
		for (i = 0; i < shown && y < c->height - 1; i++)
			draw_score_row(c, y++, &r->list, i, i == r->rank);
		if (r->rank >= shown && y + 1 < c->height - 1) {
			canvas_text(c, 0, y++, c->width, CANVAS_DEFAULT, 0,
			            "   ...");
			draw_score_row(c, y++, &r->list, r->rank, 1);
		}
	} else if (s->keep_records) {
		canvas_printf(c, 1, y++, c->width, CANVAS_DEFAULT, 0,
		              "Not among the %d best games.", SCORES_KEEP);
	}
	canvas_text(c, 1, c->height - 1, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	            "q leaves; any other key shows the map (q then leaves).");
}

void view_draw(struct view *v, struct canvas *c)
{
	const struct world *w = v->s->game->world;
	const int on = aiview_on(v->ai), stats = on ? 2 : 0;
	const long sel = aiview_selected(v->ai);
	int rows, mapw, maph, ox, oy, fx, fy, below = 0;

	canvas_clear(c);
	v->last_w = c->width;
	v->last_h = c->height;
	v->too_small = c->width < VIEW_MIN_W || c->height < VIEW_MIN_H;
	if (v->too_small) {
		draw_too_small(v, c);
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
	if (v->mode == MODE_END) {
		draw_end(v, c);
		return;
	}
	rows = v->lesson ? LESSON_ROWS : LOG_ROWS;
	maph = c->height - 1 - rows - stats;
	mapw = on ? c->width - PANEL_W : c->width;
	/* A map too wide for the side panel that leaves room below it has
	 * the panel there, in two columns, and is seen whole. */
	if (on && w->width > mapw && w->width <= c->width &&
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
	if (on && aiview_boxes(v->ai)) {
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
		mapw = c->width - PANEL_W;
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

		if (below)
			aiview_draw_panel(v->ai, c, 0, w->height + 1, c->width,
			                  maph - w->height - 1,
			                  v->mode == MODE_LOOK ? look : NULL);
		else
			aiview_draw_panel(v->ai, c, mapw, 0, PANEL_W, maph,
			                  v->mode == MODE_LOOK ? look : NULL);
		aiview_draw_stats(v->ai, c, maph + 1, c->width);
	}
	if (v->show_errors)
		draw_errors(v, c, 0, 0, mapw, maph);
	draw_status(v, c, maph);
	/* A reload may have taken pages away. */
	if (v->page >= w->data->npages)
		v->page = w->data->npages ? w->data->npages - 1 : 0;
	if (v->lesson && v->mode == MODE_PLAY && w->data->npages)
		draw_page(v, c, maph + 1 + stats, rows);
	else
		draw_messages(v, c, maph + 1 + stats, rows);
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
	if (aiview_on(v->ai))
		aiview_dump_layers(v->ai, out);
	else if (!v->too_small && v->mode != MODE_HELP &&
	         v->mode != MODE_HISTORY)
		view_dump_sight(v, out);
}
