/* SPDX-License-Identifier: MIT */
/* dump.c - the headless screen sinks: the screen as text at the end of a
 * headless session (--dump-screen), and every turn as an asciicast frame
 * (--cast). */
#include "dump.h"

#include <stdio.h>
#include <string.h>

#include "keys.h"
#include "view.h"

/* A view of the session's game and a canvas of the screen's size, for
 * both sinks.  Returns 0, or -1 after printing why (nothing is kept). */
static int dump_screen_open(struct session *s, struct view **v,
                            struct canvas *c)
{
	char err[256];

	*c = (struct canvas){0};
	*v = view_new(s, err, sizeof(err));
	if (!*v) {
		fprintf(stderr, "hunted: %s\n", err);
		return -1;
	}
	if (canvas_resize(c, s->setup.screen_w, s->setup.screen_h) != 0) {
		fprintf(stderr, "hunted: out of memory\n");
		view_free(*v);
		*v = NULL;
		return -1;
	}
	return 0;
}

static void dump_screen_close(struct view **v, struct canvas *c)
{
	canvas_fini(c);
	view_free(*v);
	*v = NULL;
}

int dump_init(struct dump *d, struct session *s)
{
	d->failed = 0;
	return dump_screen_open(s, &d->view, &d->canvas);
}

void dump_fini(struct dump *d)
{
	dump_screen_close(&d->view, &d->canvas);
}

/* Every turn is drawn, AI view included, as the terminal would draw it:
 * a game recorded with --dump-screen must not differ from one recorded
 * without. */
static void dump_turn(void *self, struct session *s, struct world_cmd cmd,
                      int took_time)
{
	struct dump *d = self;

	(void)s;
	(void)cmd;
	(void)took_time;
	view_note_turn(d->view);
	if (d->canvas.cells)
		view_draw(d->view, &d->canvas);
}

/* The view keys, then the screen. */
static void dump_end(void *self, struct session *s)
{
	struct dump *d = self;
	struct canvas c = {0};
	const char *k = s->setup.view_keys;
	struct world_cmd cmd;

	if (s->status != 0)
		return;
	while (k && *k) {
		int key = keys_parse_name(&k);

		if (key < 0) {
			fprintf(stderr,
			        "hunted: --view-keys: unknown key name at "
			        "'%s'\n",
			        k);
			d->failed = 1;
			return;
		}
		/* A key may play a turn, as in the terminal, through the
		 * session's own turn (it is not recorded: the recording
		 * ended with the session). */
		if (view_key(d->view, key, &cmd) == VIEW_CMD) {
			struct session_sink v = view_sink(d->view);

			v.turn(v.self, s, cmd, session_play_cmd(s, cmd) != 0);
		}
		/* A travel, explore, run or rest the key began plays on. */
		while (view_walk(d->view, &cmd) == VIEW_CMD) {
			struct session_sink v = view_sink(d->view);

			v.turn(v.self, s, cmd, session_play_cmd(s, cmd) != 0);
		}
	}
	if (canvas_resize(&c, s->setup.screen_w, s->setup.screen_h) != 0) {
		d->failed = 1;
		return;
	}
	view_dump(d->view, &c, stdout);
	canvas_fini(&c);
	canvas_fini(&d->canvas);
}

struct session_sink dump_sink(struct dump *d)
{
	struct session_sink k = {dump_turn, dump_end, d};

	return k;
}

/* ---- --cast: every turn of a headless session as an asciicast --------- */

#define CAST_TURN_S 0.25 /* seconds between turns in the cast */

int dump_cast_init(struct dump_cast *k, struct session *s)
{
	char err[512], title[256];

	memset(k, 0, sizeof(*k));
	if (dump_screen_open(s, &k->view, &k->canvas) != 0)
		return -1;
	snprintf(title, sizeof(title), "hunted: %s, seed %llu%s", s->label,
	         (unsigned long long)s->game->world->seed,
	         s->setup.replay ? " (a replay)" : "");
	if (cast_open(&k->cast, s->setup.cast, s->setup.screen_w,
	              s->setup.screen_h, title, err, sizeof(err)) != 0) {
		fprintf(stderr, "%s: error: %s\n", s->setup.cast, err);
		dump_screen_close(&k->view, &k->canvas);
		return -1;
	}
	/* The first frame: the game before any turn. */
	view_draw(k->view, &k->canvas);
	cast_frame(&k->cast, 0, &k->canvas);
	k->frames = 1;
	return 0;
}

int dump_cast_fini(struct dump_cast *k)
{
	char err[512];
	int rc = cast_close(&k->cast, err, sizeof(err));

	if (rc != 0)
		fprintf(stderr, "hunted: %s\n", err);
	dump_screen_close(&k->view, &k->canvas);
	return rc;
}

static void dump_cast_turn(void *self, struct session *s, struct world_cmd cmd,
                           int took_time)
{
	struct dump_cast *k = self;

	(void)s;
	(void)cmd;
	view_note_turn(k->view);
	if (!took_time)
		return;
	view_draw(k->view, &k->canvas);
	cast_frame(&k->cast, k->frames++ * CAST_TURN_S, &k->canvas);
}

static void dump_cast_end(void *self, struct session *s)
{
	struct dump_cast *k = self;

	(void)s;
	/* The last screen, with the end said in the log. */
	view_draw(k->view, &k->canvas);
	cast_frame(&k->cast, k->frames++ * CAST_TURN_S, &k->canvas);
}

struct session_sink dump_cast_sink(struct dump_cast *k)
{
	struct session_sink sink = {dump_cast_turn, dump_cast_end, k};

	return sink;
}
