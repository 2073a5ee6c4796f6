/* SPDX-License-Identifier: MIT */
/* narrate.c - step mode's narration: what the current expansion did to
 * each neighbour, the open list in order, and the history of re-plans
 * noted turn by turn. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aiview_impl.h"
#include "core/world/event_text.h"

static const char *const dir_name[DIR_COUNT] = {"N",  "E",  "S",  "W",
                                                "NE", "SE", "SW", "NW"};

/* The events of expansion number k (1-based): its EXPAND event at *from,
 * the pushes it made before *to.  0, or -1 when there is none. */
static int step_span(const struct aiview *a, size_t k, size_t *from, size_t *to)
{
	const struct path_trace_event *ev = a->trace.events;
	size_t i, n = 0;

	for (i = 0; i < a->trace.len; i++)
		if (ev[i].kind == PATH_TRACE_EXPAND && ++n == k) {
			*from = i;
			for (i++; i < a->trace.len &&
			          ev[i].kind != PATH_TRACE_EXPAND;
			     i++)
				;
			*to = i;
			return 0;
		}
	return -1;
}

/* The last push of cell (x, y) among the trace's events before end, or
 * NULL when there is none. */
static const struct path_trace_event *trace_last_push(const struct aiview *a,
                                                      int x, int y, size_t end)
{
	const struct path_trace_event *ev = a->trace.events;

	while (end-- > 0)
		if (ev[end].kind == PATH_TRACE_PUSH && ev[end].x == x &&
		    ev[end].y == y)
			return &ev[end];
	return NULL;
}

/* What one neighbour of the expanded cell came to. */
struct step_nb {
	int x, y, d;
	const struct path_trace_event *before; /* its last push before */
	const struct path_trace_event *now;    /* its push in this step */
};

/* The open cells after this step, lowest f first (then higher g, as the
 * open list takes them). */
static int cmp_open(const void *pa, const void *pb)
{
	const uint64_t *x = pa, *y = pb;

	return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* Why: the lowest f, and among equal f the higher g (lower h), or
 * without tie-breaking the first pushed.  The cells open just before
 * this step with the same f are the ties.  Ties with the same g (and so
 * the same h) too are left to the open list's order: the narration says
 * which of them was pushed first rather than claim g decided. */
static void step_why(const struct aiview *a, struct canvas *c, struct rows *r,
                     const struct path_trace_event *e, size_t from, size_t to)
{
	const struct world *w = a->game->world;
	const struct path_trace_event *ev = a->trace.events;
	size_t i, k, ties = 0, same = 0, before = 0;
	const char *rule;
	char buf[160];
	const struct path_trace_event *pushed = NULL;
	uint64_t f = 0;

	pushed = trace_last_push(a, e->x, e->y, from);
	if (pushed)
		f = pushed->f;
	for (k = 0; k < a->cells && pushed; k++) {
		const int kx = (int)(k % (size_t)w->width);
		const int ky = (int)(k / (size_t)w->width);
		int fresh = 0;

		if (a->state[k] != 1 || a->f[k] != f)
			continue;
		/* Not a cell this step pushed for the first time. */
		for (i = from + 1; i < to; i++)
			if (ev[i].x == kx && ev[i].y == ky)
				fresh = 1;
		ties += !fresh;
		if (!fresh && a->g[k] == pushed->g) {
			const struct path_trace_event *t =
			        trace_last_push(a, kx, ky, from);

			same++;
			before += t && t < pushed;
		}
	}
	if (!a->jps && a->p.ties == PATH_TIES_FIFO)
		rule = _("the first pushed goes first");
	else if (!same)
		rule = _("the higher g goes first");
	else if (same == ties)
		rule = !before ? _("same g and h: the first pushed goes first")
		       : before == same
		               ? _("same g and h: the last pushed goes first")
		               : _("same g and h: the open list's order decides");
	else
		rule = !before ? _("the higher g, then the first pushed, goes "
		                 "first")
		       : before == same ? _("the higher g, then the last pushed, "
		                          "goes first")
		                        : _("the higher g, then the open list's "
		                          "order, decides");
	if (pushed && ties)
		snprintf(buf, sizeof(buf),
		         _("lowest f %llu (g %u h %u), tied with %zu: %s"),
		         (unsigned long long)f, pushed->g, pushed->h, ties,
		         rule);
	else if (pushed)
		snprintf(buf, sizeof(buf), _("lowest f %llu (g %u h %u)"),
		         (unsigned long long)f, pushed->g, pushed->h);
	else
		snprintf(buf, sizeof(buf), _("the start"));
	aiview_rows_wrap(c, r, 0, buf);
}

/* Jump point search's step: it looks along the lines the way in allows
 * and pushes the jump points it finds at their ends. */
static void step_jumps(const struct aiview *a, struct canvas *c, struct rows *r,
                       const struct path_trace_event *e, size_t from, size_t to)
{
	const struct path_trace_event *ev = a->trace.events;
	char buf[128];
	size_t i, jumps = 0;

	for (i = from + 1; i < to; i++) {
		const struct path_trace_event *q = &ev[i];
		int dj = dir_of((q->x > e->x) - (q->x < e->x),
		                (q->y > e->y) - (q->y < e->y));
		const int before = trace_last_push(a, q->x, q->y, from) != NULL;

		snprintf(buf, sizeof(buf),
		         _("jump %s to %d,%d: %s g %u h %u f %llu"),
		         dj >= 0 ? dir_name[dj] : "?", q->x, q->y,
		         before ? _("better") : _("new"), q->g, q->h,
		         (unsigned long long)q->f);
		aiview_rows_wrap(c, r, 0, buf);
		jumps++;
	}
	if (!jumps)
		aiview_rows_wrap(c, r, 0,
		                 _("no jump point along the lines from here"));
}

/* The expanded cell's neighbours on the map, each with its push in this
 * step and its last push before, if any.  Returns how many. */
static size_t step_gather(const struct aiview *a,
                          const struct path_trace_event *e, size_t from,
                          size_t to, struct step_nb *nb)
{
	const struct world *w = a->game->world;
	const struct path_trace_event *ev = a->trace.events;
	size_t i, k, n = 0;
	int d, dirs;

	dirs = a->p.diagonal == PATH_DIAG_NEVER ? DIR_STRAIGHT : DIR_COUNT;
	for (d = 0; d < dirs; d++) {
		nb[n].x = e->x + dir_dx[d];
		nb[n].y = e->y + dir_dy[d];
		nb[n].d = d;
		nb[n].before = nb[n].now = NULL;
		if (world_in(w, nb[n].x, nb[n].y))
			n++;
	}
	for (i = from + 1; i < to; i++)
		for (k = 0; k < n; k++)
			if (ev[i].x == nb[k].x && ev[i].y == nb[k].y)
				nb[k].now = &ev[i];
	for (i = from, k = 0; i-- > 0 && k < n;) {
		size_t j;

		if (ev[i].kind != PATH_TRACE_PUSH)
			continue;
		for (j = 0; j < n; j++)
			if (!nb[j].before && ev[i].x == nb[j].x &&
			    ev[i].y == nb[j].y) {
				nb[j].before = &ev[i];
				k++;
			}
	}
	return n;
}

/* Each neighbour: new, improved, not better, closed, blocked or refused
 * by the corner rule; new and improved ones a line each, the others
 * grouped by what stopped them. */
static void step_tell(const struct aiview *a, struct canvas *c, struct rows *r,
                      const struct path_trace_event *e, const struct grid *g,
                      const struct step_nb *nb, size_t n)
{
	const struct world *w = a->game->world;
	char buf[128];
	size_t k;
	static const char *const what[] = {N_("not better"), N_("closed"),
	                                   N_("blocked"), N_("corner rule")};
	/* The corner rule first: the one a reader looks for. */
	static const int order[] = {3, 0, 1, 2};
	char group[4][40];
	int m;

	for (m = 0; m < 4; m++)
		group[m][0] = '\0';
	for (k = 0; k < n; k++) {
		const struct step_nb *q = &nb[k];
		const size_t qi = world_idx(w, q->x, q->y);
		int corner = 0, kind = -1;

		if (q->d >= DIR_STRAIGHT &&
		    a->p.diagonal == PATH_DIAG_NO_CORNER && g)
			corner = g->cost[grid_index(g, e->x + dir_dx[q->d],
			                            e->y)] == 0 ||
			         g->cost[grid_index(g, e->x,
			                            e->y + dir_dy[q->d])] == 0;
		if (q->now && q->before) {
			snprintf(buf, sizeof(buf),
			         _("%s %d,%d better: g %u -> %u f %llu"),
			         dir_name[q->d], q->x, q->y, q->before->g,
			         q->now->g, (unsigned long long)q->now->f);
			aiview_rows_wrap(c, r, 0, buf);
		} else if (q->now) {
			snprintf(buf, sizeof(buf),
			         _("%s %d,%d new: g %u h %u f %llu"),
			         dir_name[q->d], q->x, q->y, q->now->g,
			         q->now->h, (unsigned long long)q->now->f);
			aiview_rows_wrap(c, r, 0, buf);
		} else if (!g || g->cost[grid_index(g, q->x, q->y)] == 0) {
			kind = 2;
		} else if (corner) {
			kind = 3;
		} else if (a->order[qi] >= 0 &&
		           (size_t)a->order[qi] + 1 < a->step_shown) {
			kind = 1;
		} else {
			kind = 0;
		}
		if (kind >= 0) {
			size_t len = strlen(group[kind]);

			snprintf(group[kind] + len, sizeof(group[kind]) - len,
			         " %s", dir_name[q->d]);
		}
	}
	for (m = 0; m < 4; m++)
		if (group[order[m]][0]) {
			snprintf(buf, sizeof(buf), "%s:%.39s", _(what[order[m]]),
			         group[order[m]]);
			aiview_rows_wrap(c, r, 0, buf);
		}
}

/* Step mode's panel: the step in words, which cell left the open list
 * and why, and what became of each neighbour. */
void aiview_narrate_step(struct aiview *a, struct canvas *c, struct rows *r)
{
	const struct path_trace_event *ev = a->trace.events, *e;
	const struct grid *g;
	struct step_nb nb[DIR_COUNT];
	size_t from, to, n;
	char buf[128];

	if (r->row >= r->last)
		return;
	if (a->step_shown == 0 || step_span(a, a->step_shown, &from, &to)) {
		snprintf(buf, sizeof(buf),
		         _("step 0/%zu: the start %d,%d is the open list; n "
		         "takes the first step"),
		         a->total_exp, a->sx, a->sy);
		aiview_rows_wrap(c, r, 0, buf);
		return;
	}
	e = &ev[from];
	snprintf(buf, sizeof(buf), _("step %zu/%zu: expands %d,%d"), a->step_shown,
	         a->total_exp, e->x, e->y);
	aiview_rows_wrap(c, r, CANVAS_BOLD, buf);
	step_why(a, c, r, e, from, to);
	if (e->x == a->gx && e->y == a->gy) {
		aiview_rows_wrap(c, r, CANVAS_BOLD,
		                 _("the goal: the search ends"));
		return;
	}
	if (a->jps) {
		step_jumps(a, c, r, e, from, to);
		return;
	}
	g = aiview_search_grid(a);
	n = step_gather(a, e, from, to, nb);
	step_tell(a, c, r, e, g, nb, n);
}

/* The first entries of the open list after the shown step, lowest f
 * first (then the higher g, as the search takes them). */
void aiview_narrate_open(struct aiview *a, struct canvas *c, struct rows *open)
{
	const struct world *w = a->game->world;
	uint64_t top[4][2];
	size_t ntop = 0, k;
	char buf[64];

	if (open->row + 1 >= open->last)
		return;
	for (k = 0; k < a->cells; k++) {
		uint64_t key;
		size_t j;

		if (a->state[k] != 1)
			continue;
		key = (uint64_t)a->f[k] << 32 | (uint32_t)~a->g[k];
		if (ntop < 4) {
			top[ntop][0] = key;
			top[ntop++][1] = k;
			qsort(top, ntop, sizeof(top[0]), cmp_open);
			continue;
		}
		if (key >= top[3][0])
			continue;
		top[3][0] = key;
		top[3][1] = k;
		for (j = 3; j > 0 && top[j][0] < top[j - 1][0]; j--) {
			uint64_t t0 = top[j][0], t1 = top[j][1];

			top[j][0] = top[j - 1][0];
			top[j][1] = top[j - 1][1];
			top[j - 1][0] = t0;
			top[j - 1][1] = t1;
		}
	}
	snprintf(buf, sizeof(buf), _("open list (%zu), first:"), a->nopen);
	canvas_text(c, open->x0, open->row++, open->mx, CANVAS_DEFAULT,
	            CANVAS_BOLD, buf);
	for (k = 0; k < ntop && open->row < open->last; k++) {
		const size_t q = (size_t)top[k][1];

		canvas_printf(
		        c, open->x0, open->row++, open->mx, CANVAS_DEFAULT, 0,
		        " %d,%d f %u g %u h %u", (int)(q % (size_t)w->width),
		        (int)(q / (size_t)w->width), a->f[q], a->g[q], a->h[q]);
	}
}

const char *aiview_spoken(const char *name, char *buf, size_t size)
{
	return event_text_name(name, buf, size);
}

int aiview_tool_at(const struct world *w, int x, int y)
{
	size_t k;

	if (!world_in(w, x, y))
		return -1;
	for (k = 0; k < w->data->nkeys; k++)
		if (w->data->keys[k].use != DATA_USE_NONE &&
		    w->data->keys[k].makes == w->terrain[world_idx(w, x, y)])
			return (int)k;
	return -1;
}

/* The tool whose noise monster m heard earlier in this turn's events
 * (before event `before`), or -1. */
static int narrate_heard(const struct world *w, int m, size_t before)
{
	size_t i;

	for (i = before; i-- > 0;) {
		const struct world_event *e = &w->events.items[i];

		if (e->kind == WEV_HEARD && e->actor == m)
			return e->value - 1;
	}
	return -1;
}

int aiview_heard_tool(const struct aiview *a, long i)
{
	size_t n = a->nreplans < HISTORY_KEEP ? a->nreplans : HISTORY_KEEP;
	size_t k;

	for (k = 0; k < n; k++) {
		const struct ai_replan *h =
		        &a->replans[(a->nreplans - 1 - k) % HISTORY_KEEP];

		if (h->monster == i)
			return h->x < 0 && h->turn == a->game->world->turn
			               ? h->tool
			               : -1;
	}
	return -1;
}

void aiview_note_events(struct aiview *a)
{
	const struct world *w = a->game->world;
	size_t i;

	for (i = 0; i < w->events.len; i++) {
		const struct world_event *e = &w->events.items[i];
		struct ai_replan *h;
		const struct mind *mi;

		if (e->kind != WEV_REPLANNED || e->actor < 0 ||
		    (size_t)e->actor >= w->nmonsters)
			continue;
		mi = aiview_mind(a, e->actor);
		h = &a->replans[a->nreplans++ % HISTORY_KEEP];
		h->turn = e->turn + 1; /* as the status line counts */
		h->monster = e->actor;
		h->reason = e->value;
		h->x = e->value == REPLAN_CHANGED ? mi->invalid_x : -1;
		h->y = e->value == REPLAN_CHANGED ? mi->invalid_y : -1;
		h->tool = h->x >= 0 ? aiview_tool_at(w, h->x, h->y)
		                    : narrate_heard(w, e->actor, i);
	}
}

/* The selected monster's last re-plans, newest first: turn, reason and
 * the cell whose change broke the path, in as few rows as they take. */
void aiview_narrate_history(struct aiview *a, struct canvas *c, struct rows *r)
{
	size_t n = a->nreplans < HISTORY_KEEP ? a->nreplans : HISTORY_KEEP;
	const struct world *w = a->game->world;
	size_t i, shown = 0, len;
	char name[64], buf[256], tool[DATA_NAME_MAX + 1];

	if (r->row >= r->last)
		return;
	len = (size_t)snprintf(
	        buf, sizeof(buf), _("%s re-planned:"),
	        aiview_monster_name(a, a->sel, name, sizeof(name)));
	for (i = 0; i < n && shown < 6 && len < sizeof(buf) - 48; i++) {
		const struct ai_replan *h =
		        &a->replans[(a->nreplans - 1 - i) % HISTORY_KEEP];

		if (h->monster != a->sel)
			continue;
		if (h->tool >= 0 && h->tool < (int)w->data->nkeys)
			len += (size_t)snprintf(
			        buf + len, sizeof(buf) - len,
			        _("%s turn %u %s %s"), shown ? ";" : "", h->turn,
			        h->x >= 0 ? _("the way changed by the")
			                  : _("heard the"),
			        aiview_spoken(w->data->keys[h->tool].name, tool,
			                      sizeof(tool)));
		else if (h->x >= 0)
			len += (size_t)snprintf(buf + len, sizeof(buf) - len,
			                        _("%s turn %u %d,%d changed"),
			                        shown ? ";" : "", h->turn, h->x,
			                        h->y);
		else
			len += (size_t)snprintf(
			        buf + len, sizeof(buf) - len, _("%s turn %u %s"),
			        shown ? ";" : "", h->turn,
			        _(event_reason_name(
			                (enum replan_reason)h->reason)));
		shown++;
	}
	if (!shown)
		snprintf(buf, sizeof(buf), _("%s: no re-plan seen yet"), name);
	aiview_rows_wrap(c, r, 0, buf);
}
