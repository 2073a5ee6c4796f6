/* dump.c - the screen as text, at the end of a headless session. */
#include "dump.h"

#include <stdio.h>

#include "keys.h"
#include "view.h"

int dump_init(struct dump *d, struct session *s)
{
	char err[256];

	d->failed = 0;
	d->canvas = (struct canvas){0};
	d->view = view_new(s, err, sizeof(err));
	if (!d->view) {
		fprintf(stderr, "hunted: %s\n", err);
		return -1;
	}
	if (canvas_resize(&d->canvas, s->setup.screen_w, s->setup.screen_h) !=
	    0) {
		fprintf(stderr, "hunted: out of memory\n");
		dump_fini(d);
		return -1;
	}
	return 0;
}

void dump_fini(struct dump *d)
{
	canvas_fini(&d->canvas);
	view_free(d->view);
	d->view = NULL;
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
