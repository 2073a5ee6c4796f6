/* SPDX-License-Identifier: MIT */
/* trace.c - the record of a traced search: every push and expansion with
 * its g, h, f and parent, for the AI view.  The search loops call
 * trace_add only in their traced instances, so a search without a trace
 * pays nothing for it. */
#include "path_impl.h"

#include <stdlib.h>
#include <string.h>

void path_trace_init(struct path_trace *t, size_t limit)
{
	memset(t, 0, sizeof(*t));
	t->limit = limit;
}

void path_trace_clear(struct path_trace *t)
{
	t->len = 0;
	t->truncated = 0;
	t->nomem = 0;
}

void path_trace_fini(struct path_trace *t)
{
	if (!t)
		return;
	free(t->events);
	memset(t, 0, sizeof(*t));
}

void trace_add(struct path_trace *t, const struct path_ctx *c,
               enum path_trace_kind kind, size_t idx, size_t parent, int dir,
               uint32_t h, uint64_t key)
{
	trace_event(t, kind, (int)(idx % (size_t)c->stride) - 1,
	            (int)(idx / (size_t)c->stride) - 1,
	            (int)(parent % (size_t)c->stride) - 1,
	            (int)(parent / (size_t)c->stride) - 1, dir, c->g[idx], h,
	            key);
}

void trace_event(struct path_trace *t, enum path_trace_kind kind, int x, int y,
                 int px, int py, int dir, uint32_t g, uint32_t h, uint64_t key)
{
	struct path_trace_event *e;

	if (t->limit && t->len >= t->limit) {
		t->truncated = 1;
		return;
	}
	if (t->len == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 256;
		struct path_trace_event *ev =
		        realloc(t->events, cap * sizeof(*ev));

		if (!ev) {
			t->nomem = 1;
			t->truncated = 1;
			return;
		}
		t->events = ev;
		t->cap = cap;
	}
	e = &t->events[t->len++];
	memset(e, 0, sizeof(*e)); /* padding too: events compare with memcmp */
	e->kind = (uint8_t)kind;
	e->dir = (int16_t)dir;
	e->x = x;
	e->y = y;
	e->px = px;
	e->py = py;
	e->g = g;
	e->h = h;
	e->f = key >> 32;
}
