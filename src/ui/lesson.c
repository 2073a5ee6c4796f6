/* SPDX-License-Identifier: MIT */
/* lesson.c - a lesson: its pages under the map, turned with space and
 * PgUp, each setting the AI view as it says; and the lesson menu (L),
 * which lists the lessons and starts the one picked. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "screen_impl.h"
#include "session/files.h"
#include "view.h"

/* Space or PgDn: the next page; PgUp or Backspace: the one before.  Each
 * page sets the AI view as it says. */
int lesson_key(struct view *v, int key)
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
void lesson_draw(struct view *v, struct canvas *c, int y0, int rows)
{
	const struct data *d = v->s->game->world->data;
	const struct data_page *pg = &d->pages[v->page];

	canvas_printf(c, 0, y0, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	              _("%s - page %zu/%zu (space: next, PgUp: back)"),
	              d->map && d->map->title ? d->map->title : _("Lesson"),
	              v->page + 1, d->npages);
	canvas_wrap(c, 0, y0 + 1, y0 + rows, c->width - 1, 0, CANVAS_DEFAULT, 0,
	            pg->text ? pg->text : "");
}

/* The menu lists at most one lesson a letter. */
#define MENU_MAX 26

/* The line of the menu's list (as --lesson prints it: a heading, then
 * "  NAME  TITLE (N pages)" a lesson) for the lesson at index i, or
 * NULL past the last. */
static const char *menu_line(const char *list, int i, size_t *len)
{
	const char *p = strchr(list, '\n');
	int k;

	for (k = 0; p && k <= i; k++) {
		p++;
		if (!*p)
			return NULL;
		if (k < i)
			p = strchr(p, '\n');
	}
	if (!p)
		return NULL;
	*len = strcspn(p, "\n");
	return p;
}

enum view_result lesson_menu_open(struct view *v)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);

	if (!out) {
		screen_log(v, "%s", _("No lessons: out of memory."));
		return VIEW_OK;
	}
	if (files_list_lessons(&v->s->setup, out) != 0) {
		fclose(out);
		free(buf);
		screen_log(v, "%s",
		           _("No lessons found in the data directory."));
		return VIEW_OK;
	}
	fclose(out);
	free(v->lessons);
	v->lessons = buf;
	v->mode = MODE_LESSONS;
	return VIEW_OK;
}

/* A letter starts its lesson: the game is saved first (a lesson is not
 * a game to keep), then the game ends and starts again on the lesson. */
enum view_result lesson_menu_key(struct view *v, int key, struct world_cmd *cmd)
{
	char err[PATH_MAX + 400];
	const char *line;
	size_t len, n;

	(void)cmd;
	v->mode = MODE_PLAY;
	if (key < 'a' || key >= 'a' + MENU_MAX ||
	    !(line = menu_line(v->lessons, key - 'a', &len)))
		return VIEW_OK;
	line += strspn(line, " ");
	n = strcspn(line, " ");
	if (n == 0 || n >= sizeof(v->lesson_pick))
		return VIEW_OK;
	if (!v->lesson && v->s->game->world->state == WORLD_PLAYING &&
	    session_save(v->s, err, sizeof(err)) != 0) {
		screen_log(v, _("Not saved: %s. No lesson, the hunt goes on."),
		           err);
		return VIEW_OK;
	}
	memcpy(v->lesson_pick, line, n);
	v->lesson_pick[n] = '\0';
	return VIEW_QUIT;
}

void lesson_menu_draw(struct view *v, struct canvas *c)
{
	const char *line;
	size_t len;
	int i;

	canvas_text(c, 0, 0, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	            _("Lessons: a letter starts one (your game is saved "
	              "first); Esc: back"));
	for (i = 0; i < MENU_MAX && i + 2 < c->height &&
	            (line = menu_line(v->lessons, i, &len));
	     i++) {
		size_t skip = strspn(line, " ");

		canvas_printf(c, 0, i + 2, c->width, CANVAS_DEFAULT, 0,
		              "  %c  %.*s", 'a' + i, (int)(len - skip),
		              line + skip);
	}
}

const char *lesson_picked(const struct view *v)
{
	return v->lesson_pick;
}
