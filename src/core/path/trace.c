/* SPDX-License-Identifier: MIT */
/* trace.c - the record of a traced search: every push and expansion with
 * its g, h, f and parent, for the AI view, and when the trace asks for
 * lines every neighbour looked at and what became of it.  The search
 * loops call trace_add and trace_line only in their traced instances, so
 * a search without a trace pays nothing for it. */
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

void trace_line(struct path_trace *t, const struct path_ctx *c,
                enum path_trace_kind kind, size_t idx, size_t parent, int dir,
                uint32_t g, uint32_t h, uint64_t key)
{
	if (!t->lines)
		return;
	trace_event(t, kind, (int)(idx % (size_t)c->stride) - 1,
	            (int)(idx / (size_t)c->stride) - 1,
	            (int)(parent % (size_t)c->stride) - 1,
	            (int)(parent / (size_t)c->stride) - 1, dir, g, h, key);
}

void trace_skipped(struct path_trace *t, const struct path_ctx *c,
                   const uint8_t *cost, const struct query *q,
                   enum path_diagonal diag, int bfs, size_t cur, int d)
{
	const size_t nb = cur + (size_t)q->off[d];
	uint32_t gv, ng;

	if (!t->lines)
		return;
	trace_line(t, c, PATH_TRACE_NEIGHBOUR, nb, cur, d, c->g[cur], 0, 0);
	if (d >= 4 && diag == PATH_DIAG_NO_CORNER &&
	    (!cost[cur + (size_t)q->off[d - 4]] ||
	     !cost[cur + (size_t)q->off[(d - 3) & 3]])) {
		trace_line(t, c, PATH_TRACE_SKIP_CORNER, nb, cur, d, 0, 0, 0);
		return;
	}
	if (!cost[nb]) {
		trace_line(t, c, PATH_TRACE_SKIP_WALL, nb, cur, d, 0, 0, 0);
		return;
	}
	/* A neighbour the loop passed over without a look: one that cannot
	 * be made cheaper this way (see prune_mask), so closed, or reached
	 * already at a cost no higher. */
	gv = c->stamps[nb >> BLOCK_SHIFT] == c->gen ? c->g[nb] : G_UNSEEN;
	if (gv != G_UNSEEN && (c->flags[nb] & CELL_CLOSED)) {
		trace_line(t, c, PATH_TRACE_SKIP_CLOSED, nb, cur, d, gv, 0, 0);
		return;
	}
	ng = c->g[cur] +
	     (bfs ? 1 : (d < 4 ? q->straight : q->diagonal) * cost[nb]);
	trace_line(t, c, PATH_TRACE_COST, nb, cur, d, ng,
	           query_h(q, PATH_H_COUNT, (int)(nb % (size_t)c->stride) - 1,
	                   (int)(nb / (size_t)c->stride) - 1),
	           0);
	trace_line(t, c, PATH_TRACE_NOT_BETTER, nb, cur, d, gv, 0, 0);
}

void trace_fine(struct path_trace *t, enum path_trace_kind kind, int x, int y,
                int px, int py, int dir, uint32_t g, uint32_t h, uint64_t key)
{
	if (t->lines)
		trace_event(t, kind, x, y, px, py, dir, g, h, key);
}

void trace_offer(struct path_trace *t, int x, int y, int px, int py, int dir,
                 uint32_t pg, uint64_t ng, uint32_t h, int known, uint32_t kg,
                 int closed)
{
	const uint32_t g = ng > PATH_COST_MAX ? PATH_COST_MAX : (uint32_t)ng;

	if (!t->lines)
		return;
	trace_event(t, PATH_TRACE_NEIGHBOUR, x, y, px, py, dir, pg, 0, 0);
	if (known && ng >= kg && closed) {
		trace_event(t, PATH_TRACE_SKIP_CLOSED, x, y, px, py, dir, kg, 0,
		            0);
		return;
	}
	trace_event(t, PATH_TRACE_COST, x, y, px, py, dir, g, h, 0);
	if (ng > PATH_COST_MAX || (known && ng >= kg))
		trace_event(t, PATH_TRACE_NOT_BETTER, x, y, px, py, dir,
		            known ? kg : UINT32_MAX, 0, 0);
}

enum path_status trace_budget(struct path_trace *t, int x, int y, uint32_t g,
                              uint64_t key)
{
	if (t && t->lines)
		trace_event(t, PATH_TRACE_BUDGET, x, y, x, y, -1, g, 0, key);
	return PATH_BUDGET;
}
