/* SPDX-License-Identifier: MIT */
/* rows.c - the AI view's row writer: text put on a panel's next rows,
 * kept apart so that every part of the panel writes through it without
 * calling the panel that places them. */
#include "config.h"

#include "aiview_impl.h"

/* Text on the panel's next rows, broken at spaces to fit its width; the
 * rows after the first are indented by three. */
void aiview_rows_wrap(struct canvas *c, struct rows *r, int attr,
                      const char *text)
{
	r->row = canvas_wrap(c, r->x0, r->row, r->last, r->mx - r->x0, 3,
	                     CANVAS_DEFAULT, attr, text);
}
