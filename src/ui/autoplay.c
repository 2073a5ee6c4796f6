/* SPDX-License-Identifier: MIT */
/* autoplay.c - watch mode (--watch): the careful autopilot plays a new
 * game at a pace, the AI view following the monster that hunts it, for a
 * screen at a meetup or in a classroom, as an arcade game's attract mode
 * plays itself.  Space pauses, . and , step one turn forward and back
 * (back plays the game again from its start: it is deterministic), + and
 * - change the pace; any other key gives the player the controls, and
 * the game goes on as any other.  Left to itself, the end of a game
 * gives way to the next seed's. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/mind/autopilot.h"
#include "screen_impl.h"

#define PACE_MIN_MS 16
#define PACE_MAX_MS 4000
/* How long the end of a game stays on the screen before the next one
 * starts, in turns of the pace. */
#define END_PACES 12

struct autoplay {
	struct autopilot *pilot;
	/* Every turn played from the first: the game stands after turn n;
	 * those from n to end were stepped back over, and are played
	 * again by a step forward. */
	struct world_cmd *cmds;
	size_t n, end, cap;
	int paused;
	int delay_ms;
	uint64_t next_ms;
	int waiting; /* the next turn a whole pace from now: just started */
	uint64_t over_ms; /* when the game that ended gives way, or 0 */
	int lost;         /* a turn could not be kept: no step back */
	long hunter;      /* the monster followed as the one hunting, or -1 */
	int depth;        /* ...on this level of the game */
};

int autoplay_start(struct view *v)
{
	struct autoplay *a = calloc(1, sizeof(*a));
	const struct setup *st = &v->s->setup;

	if (!a)
		return -1;
	a->pilot = autopilot_new_style(v->s->game->world, AUTOPILOT_CAREFUL);
	if (!a->pilot) {
		free(a);
		return -1;
	}
	a->paused = st->pace_ms == 0;
	a->delay_ms = st->pace_ms ? st->pace_ms : SETUP_PACE_MS;
	a->hunter = -1;
	v->autoplay = a;
	a->depth = v->s->game->depth;
	screen_log(v, _("Watch mode: space pauses, . and , step, + - pace; any "
	              "other key takes over."));
	autoplay_follow(v);
	return 0;
}

void autoplay_free(struct autoplay *a)
{
	if (!a)
		return;
	autopilot_free(a->pilot);
	free(a->cmds);
	free(a);
}

/* ---- following the hunt ---------------------------------------------- */

/* How a monster hunts the player: 2 it chases it in sight, 1 it looks
 * for it where it saw it last, 0 not at all (or dead). */
static int autoplay_hunting(const struct view *v, long i)
{
	const struct game *g = v->s->game;
	const struct world *w = g->world;

	if (i < 0 || (size_t)i >= w->nmonsters || !w->monsters[i].alive)
		return 0;
	switch (g->minds->mind[i].mode) {
	case MIND_CHASE:
		return 2;
	case MIND_SEARCH:
		return 1;
	default:
		return 0;
	}
}

/* The monster that hunts hardest (chasing before searching), the
 * nearest the player among those, ties to the lower index; -1 none. */
static long autoplay_hunter(const struct view *v)
{
	const struct world *w = v->s->game->world;
	long best = -1;
	int bestk = 0, bestd = 0;
	size_t i;

	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		int k = autoplay_hunting(v, (long)i);
		int dx = abs(m->x - w->px), dy = abs(m->y - w->py);
		int d = dx > dy ? dx : dy;

		if (!k)
			continue;
		if (best < 0 || k > bestk || (k == bestk && d < bestd)) {
			best = (long)i;
			bestk = k;
			bestd = d;
		}
	}
	return best;
}

static void autoplay_name(const struct view *v, long i, char *buf, size_t size)
{
	const struct world *w = v->s->game->world;

	snprintf(buf, size, "%s#%ld",
	         w->data->monsters[w->monsters[i].kind].name, i);
}

/* Why monster i hunts: what it did this turn, else how it hunts. */
static const char *autoplay_why(const struct view *v, long i)
{
	const struct world *w = v->s->game->world;
	size_t k;

	for (k = 0; k < w->events.len; k++) {
		const struct world_event *e = &w->events.items[k];

		if (e->actor != i)
			continue;
		if (e->kind == WEV_SPOTTED)
			return _("it saw you");
		if (e->kind == WEV_HEARD)
			return _("it heard you");
	}
	return autoplay_hunting(v, i) == 2 ? _("it sees you")
	                                   : _("it looks where it saw you last");
}

/* Why the one followed before is left for another. */
static const char *autoplay_left(const struct view *v, long old)
{
	const struct world *w = v->s->game->world;

	if (!w->monsters[old].alive)
		return _("is dead");
	if (!autoplay_hunting(v, old))
		return _("lost you");
	return autoplay_hunting(v, old) == 1 ? _("lost sight of you")
	                                     : _("is further away");
}

void autoplay_follow(struct view *v)
{
	struct autoplay *a = v->autoplay;
	long now;
	char name[DATA_NAME_MAX + 24], old[DATA_NAME_MAX + 24];

	if (!a)
		return;
	if (a->depth != v->s->game->depth) {
		/* Another level: other monsters. */
		a->depth = v->s->game->depth;
		a->hunter = -1;
	}
	now = autoplay_hunter(v);
	/* The one followed is kept while it hunts as hard as any. */
	if (autoplay_hunting(v, a->hunter) &&
	    autoplay_hunting(v, a->hunter) >= autoplay_hunting(v, now))
		now = a->hunter;
	if (now != a->hunter && now >= 0) {
		autoplay_name(v, now, name, sizeof(name));
		if (a->hunter < 0) {
			screen_log(v, _("The view follows %s: %s."), name,
			           autoplay_why(v, now));
		} else {
			autoplay_name(v, a->hunter, old, sizeof(old));
			screen_log(v, _("The view follows %s: %s (%s %s)."), name,
			           autoplay_why(v, now), old,
			           autoplay_left(v, a->hunter));
		}
	} else if (now != a->hunter) {
		autoplay_name(v, a->hunter, old, sizeof(old));
		screen_log(v, _("No one hunts you now (%s %s)."), old,
		           autoplay_left(v, a->hunter));
	}
	a->hunter = now;
	if (now >= 0)
		aiview_select(v->ai, now);
}

/* ---- the turns --------------------------------------------------------- */

/* The next turn's command: the one played before when it was stepped
 * back over, else the autopilot's. */
static enum view_result autoplay_next(struct view *v, struct world_cmd *cmd)
{
	struct autoplay *a = v->autoplay;

	if (v->s->game->world->state != WORLD_PLAYING) {
		screen_log(v, _("The game is over: , steps back."));
		return VIEW_OK;
	}
	if (a->n < a->end)
		*cmd = a->cmds[a->n];
	else if (autopilot_next(a->pilot, v->s->game->world, cmd) != 0)
		return VIEW_OK;
	msglog_mark_seen(&v->log);
	return VIEW_CMD;
}

void autoplay_turn(struct view *v, struct world_cmd cmd, int took_time)
{
	struct autoplay *a = v->autoplay;

	if (!a || !took_time)
		return;
	if (a->n < a->end && !memcmp(&a->cmds[a->n], &cmd, sizeof(cmd))) {
		a->n++;
		return;
	}
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 256;
		struct world_cmd *c = realloc(a->cmds, cap * sizeof(*c));

		if (!c) {
			a->lost = 1;
			return;
		}
		a->cmds = c;
		a->cap = cap;
	}
	a->cmds[a->n++] = cmd;
	a->end = a->n;
}

/* One turn back: the game played again from its start to the turn
 * before. */
static void autoplay_back(struct view *v)
{
	struct autoplay *a = v->autoplay;

	if (!a->n) {
		screen_log(v, _("This is the first turn: there is none before."));
		return;
	}
	if (a->lost || session_rewind(v->s, a->cmds, a->n - 1) != 0) {
		screen_log(v, _("The turn before cannot be played again."));
		return;
	}
	a->n--;
	v->ended = 0;
	v->depth = v->s->game->depth;
	aiview_set_game(v->ai, v->s->game);
	autoplay_follow(v);
	screen_log(v, _("Back to turn %u."), v->s->game->world->turn);
}

/* As an arcade game's attract mode does, the next game after the end of
 * one: the next seed's, from its start. */
static void autoplay_next_game(struct view *v)
{
	struct autoplay *a = v->autoplay;
	uint64_t seed = v->s->setup.seed;

	v->s->setup.seed = seed + 1;
	if (session_rewind(v->s, NULL, 0) != 0) {
		v->s->setup.seed = seed;
		return;
	}
	a->n = a->end = 0;
	a->lost = 0;
	a->hunter = -1;
	a->waiting = 1;
	v->ended = 0;
	v->depth = v->s->game->depth;
	aiview_set_game(v->ai, v->s->game);
	screen_log(v, _("A new game: seed %llu."),
	           (unsigned long long)v->s->game->seed);
	autoplay_follow(v);
}

enum view_result autoplay_idle(struct view *v, uint64_t now_ms,
                               struct world_cmd *cmd, int *wait_ms)
{
	struct autoplay *a = v->autoplay;

	if (!a || a->paused) {
		if (a)
			a->over_ms = 0;
		return VIEW_OK;
	}
	if (v->s->game->world->state != WORLD_PLAYING) {
		if (!a->over_ms)
			a->over_ms = now_ms + END_PACES * (uint64_t)a->delay_ms;
		if (now_ms >= a->over_ms) {
			a->over_ms = 0;
			autoplay_next_game(v);
		} else if (a->over_ms - now_ms < (uint64_t)*wait_ms) {
			*wait_ms = (int)(a->over_ms - now_ms);
		}
		return VIEW_OK;
	}
	if (a->delay_ms < *wait_ms)
		*wait_ms = a->delay_ms;
	if (a->waiting) {
		a->waiting = 0;
		a->next_ms = now_ms + (uint64_t)a->delay_ms;
	}
	if (now_ms < a->next_ms)
		return VIEW_OK;
	a->next_ms = now_ms + (uint64_t)a->delay_ms;
	return autoplay_next(v, cmd);
}

/* ---- the keys ---------------------------------------------------------- */

static enum view_result autoplay_key_pause(struct view *v, int key,
                                           struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	v->autoplay->paused = !v->autoplay->paused;
	v->autoplay->waiting = 1;
	screen_log(v, v->autoplay->paused ? _("Paused: . and , step a turn.")
	                                  : _("Playing."));
	return VIEW_OK;
}

static enum view_result autoplay_key_step(struct view *v, int key,
                                          struct world_cmd *cmd)
{
	v->autoplay->paused = 1;
	if (key == ',' || key == '<') {
		autoplay_back(v);
		return VIEW_OK;
	}
	return autoplay_next(v, cmd);
}

static enum view_result autoplay_key_pace(struct view *v, int key,
                                          struct world_cmd *cmd)
{
	struct autoplay *a = v->autoplay;

	(void)cmd;
	if (key == '+' && a->delay_ms > PACE_MIN_MS)
		a->delay_ms /= 2;
	else if (key == '-' && a->delay_ms < PACE_MAX_MS)
		a->delay_ms *= 2;
	screen_log(v, _("A turn every %d ms."), a->delay_ms);
	return VIEW_OK;
}

/* Any key but the watch's: the player has the controls, and the key
 * goes on to the game (VIEW_PASS). */
static enum view_result autoplay_take_over(struct view *v, int key,
                                           struct world_cmd *cmd)
{
	struct autoplay *a = v->autoplay;

	(void)key;
	(void)cmd;
	if (!a)
		return VIEW_PASS;
	v->autoplay = NULL;
	/* The game so far is played again for the save to keep it whole;
	 * it is the same game, made anew. */
	if (!a->lost && session_take_over(v->s, a->cmds, a->n) == 0)
		aiview_set_game(v->ai, v->s->game);
	autoplay_free(a);
	screen_log(v, _("You have the controls."));
	if (v->ended)
		msglog_hold_last(&v->log, screen_msg_width(v));
	return VIEW_PASS;
}

/* Quitting a watched game leaves it as a replay is left: unkept. */
static enum view_result autoplay_key_quit(struct view *v, int key,
                                          struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	return prompt_ask_quit(v);
}

static const struct keymap_row watch_rows[] = {
        {' ', N_("pause or play"), autoplay_key_pause},
        {'.', N_("a turn forward, back"), autoplay_key_step},
        {'>', NULL, autoplay_key_step},
        {',', NULL, autoplay_key_step},
        {'<', NULL, autoplay_key_step},
        {'+', N_("faster, slower"), autoplay_key_pace},
        {'-', NULL, autoplay_key_pace},
        {'q', N_("quit (asked first)"), autoplay_key_quit},
        {VK_CTRL_C, NULL, autoplay_key_quit},
};
const struct keymap keymap_watch = {
        "watch",
        NULL,
        watch_rows,
        sizeof(watch_rows) / sizeof(watch_rows[0]),
        autoplay_take_over,
        N_("takes over: you have the controls, the key does what it does")};

enum view_result autoplay_key(struct view *v, int key, struct world_cmd *cmd)
{
	enum view_result r = keymap_run(&keymap_watch, v, key, cmd);

	if (r == VIEW_PASS && v->autoplay)
		autoplay_take_over(v, key, cmd);
	return r;
}

void autoplay_status(const struct view *v, char *buf, size_t size)
{
	const struct autoplay *a = v->autoplay;

	snprintf(buf, size, _("  WATCH %s %dms"),
	         v->s->game->world->state != WORLD_PLAYING ? _("over")
	         : a->paused                               ? _("paused")
	                                                   : _("playing"),
	         a->delay_ms);
}
