/* SPDX-License-Identifier: MIT */
/* lesson.c - a lesson: its pages under the map, turned with space and
 * PgUp, each setting the AI view as it says. */
#include "config.h"

#include "screen_impl.h"

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
	              "%s - page %zu/%zu (space: next, PgUp: back)",
	              d->map && d->map->title ? d->map->title : "Lesson",
	              v->page + 1, d->npages);
	canvas_wrap(c, 0, y0 + 1, y0 + rows, c->width - 1, 0, CANVAS_DEFAULT, 0,
	            pg->text ? pg->text : "");
}
