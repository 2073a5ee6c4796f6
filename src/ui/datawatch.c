/* SPDX-License-Identifier: MIT */
/* datawatch.c - the data files a game was loaded from, watched while it
 * is played and reloaded when they change (or on R): the game goes on
 * with the new data, or unchanged with the errors in a panel over the
 * map until they are fixed. */
#include "config.h"

#include <string.h>

#include "screen_impl.h"

static void datawatch_show_errors(struct view *v, const struct diag_list *l)
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

int datawatch_reload(struct view *v)
{
	struct reload_report rep;
	struct diag_list diags;
	int recording = v->s->rec != NULL;
	const struct world *w;
	int rc;

	diag_list_init(&diags, ERR_KEEP);
	rc = session_reload(v->s, &diags, &rep);
	if (rc == 1) {
		diag_list_fini(&diags);
		if (v->watching) {
			watch_fini(&v->files);
			watch_snapshot(v->s->game->world->data, &v->files);
		}
		screen_log(v, "The data files are as they were: nothing to "
		              "reload.");
		return 0;
	}
	if (rc != 0) {
		datawatch_show_errors(v, &diags);
		screen_log(v, "Reload failed (%zu error%s): the old map stays.",
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
		screen_log(v, "Recording stopped: the data changed.");
	if (v->mode == MODE_LOOK && !world_in(w, v->look_x, v->look_y))
		v->mode = MODE_PLAY;
	aiview_set_game(v->ai, v->s->game);
	aiview_forget(v->ai);
	if (rep.restarted)
		screen_log(v, "Reloaded: the map's size changed, so a new game "
		              "begins.");
	else
		screen_log(v,
		           "Reloaded the data files: %zu monster%s re-plan%s, "
		           "%zu left out.",
		           rep.kept, rep.kept == 1 ? "" : "s",
		           rep.kept == 1 ? "s" : "", rep.dropped);
	return 0;
}

void datawatch_poll(struct view *v, uint64_t now_ms)
{
	if (v->watching && now_ms >= v->next_poll_ms) {
		v->next_poll_ms = now_ms + POLL_MS;
		if (watch_changed(&v->files))
			datawatch_reload(v);
	}
}

void datawatch_draw_errors(struct view *v, struct canvas *c, int x0, int y0,
                           int w, int h)
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
