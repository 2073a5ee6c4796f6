/* SPDX-License-Identifier: MIT */
/* datawatch.c - the data files a game was loaded from, watched while it
 * is played and reloaded when they change (or on R): the game goes on
 * with the new data, or unchanged with the errors in a panel over the
 * map until they are fixed. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "session/files.h"
#include "session/report.h"

#include "screen_impl.h"

/* The problems as --check run in the data folder says them: the same
 * text, file names relative to the folder. */
static void datawatch_show_errors(struct view *v, const struct diag_list *l)
{
	char dir[PATH_MAX];
	char *text;
	size_t n;

	v->nerrors = l->errors;
	if (files_data_dir(v->s->setup.data_dir, dir, sizeof(dir)) < 0)
		dir[0] = '\0';
	text = l->len ? report_text(l, dir) : NULL;
	snprintf(v->errors, sizeof(v->errors), "%s",
	         text ? text : "the data could not be loaded\n");
	free(text);
	/* A text cut short ends at its last whole line. */
	n = strlen(v->errors);
	if (n == sizeof(v->errors) - 1) {
		char *nl = strrchr(v->errors, '\n');

		if (nl)
			nl[1] = '\0';
	}
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

/* The problems' lines, each cut into rows of the panel's width as a
 * terminal wraps them, tabs set every eight columns as a terminal sets
 * them (the caret's line copies the source line's tabs, so it still
 * lines up). */
void datawatch_draw_errors(struct view *v, struct canvas *c, int x0, int y0,
                           int w, int h)
{
	const char *p = v->errors;
	char row[1024];
	int y = y0;

	canvas_fill(c, x0, y0, w, h);
	canvas_text(
	        c, x0, y++, x0 + w, DATA_COLOR_RED, CANVAS_BOLD,
	        "Reload failed; the old map stays. Fix the files and save,");
	canvas_text(c, x0, y++, x0 + w, DATA_COLOR_RED, CANVAS_BOLD,
	            "or press R to try again, Esc to hide this panel:");
	if (w < 1)
		return;
	if ((size_t)w >= sizeof(row))
		w = sizeof(row) - 1;
	while (*p && y < y0 + h) {
		size_t col = 0, n = 0;

		/* One line of text, row by row. */
		while (*p && *p != '\n' && y < y0 + h) {
			if (*p == '\t' && (col + n) % 8 != 7) {
				row[n++] = ' ';
			} else {
				row[n++] = *p == '\t' ? ' ' : *p;
				p++;
			}
			if (n == (size_t)w) {
				row[n] = '\0';
				canvas_text(c, x0, y++, x0 + w, CANVAS_DEFAULT,
				            0, row);
				col += n;
				n = 0;
			}
		}
		if (n || col == 0) {
			row[n] = '\0';
			if (y < y0 + h)
				canvas_text(c, x0, y++, x0 + w, CANVAS_DEFAULT,
				            0, row);
		}
		if (*p == '\n')
			p++;
	}
}
