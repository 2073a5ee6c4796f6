/* SPDX-License-Identifier: MIT */
/* aiview.c - the AI view's front door: its state made and freed, the game
 * it watches, and the monster it follows (the nearest going somewhere,
 * or the one picked with Tab). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aiview_impl.h"

double aiview_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

struct aiview *aiview_new(struct game *g, int on, int no_timing)
{
	struct aiview *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	a->game = g;
	a->on = on;
	a->no_timing = no_timing;
	a->sel = -1;
	a->box_div = 1;
	a->paths = 1;
	a->open = 1;
	path_trace_init(&a->trace, TRACE_LIMIT);
	path_trace_init(&a->lines, TRACE_LIMIT);
	aiview_follow(a);
	return a;
}

void aiview_free_cells(struct aiview *a)
{
	free(a->state);
	free(a->g);
	free(a->h);
	free(a->f);
	free(a->dir);
	free(a->order);
	a->state = NULL;
	a->g = a->h = a->f = NULL;
	a->dir = NULL;
	a->order = NULL;
	a->cells = 0;
}

/* The two search contexts go together: both sized for the map. */
void aiview_free_contexts(struct aiview *a)
{
	path_ctx_free(a->ctx);
	a->ctx = NULL;
	jps_ctx_free(a->jctx);
	a->jctx = NULL;
}

void aiview_free(struct aiview *a)
{
	if (!a)
		return;
	aiview_free_contexts(a);
	path_trace_fini(&a->trace);
	path_trace_fini(&a->lines);
	free(a->buf);
	aiview_free_cells(a);
	subgoal_free(a->hierarchy.sg);
	free(a->hierarchy.buf);
	free(a->hierarchy.abs);
	aiview_dlite_drop(a);
	free(a);
}

void aiview_dlite_drop(struct aiview *a)
{
	dlite_ctx_free(a->dlite.ctx);
	free(a->dlite.snap);
	free(a->dlite.buf);
	a->dlite.ctx = NULL;
	a->dlite.snap = NULL;
	a->dlite.buf = NULL;
	a->dlite.ok = 0;
}

void aiview_set_game(struct aiview *a, struct game *g)
{
	a->game = g;
	a->dlite.ok = 0; /* its grid was the old game's */
	aiview_follow(a);
}

int aiview_on(const struct aiview *a)
{
	return a->on;
}

long aiview_selected(const struct aiview *a)
{
	return a->on ? a->sel : -1;
}

void aiview_set_travel(struct aiview *a, const struct travel *t)
{
	a->travel = t;
	if (a->sel == AIVIEW_YOU)
		aiview_forget(a);
}

/* Travel and explore search; a run or a rest has no search to show. */
static int you_searching(const struct aiview *a)
{
	return a->travel && a->travel->world == a->game->world &&
	       (a->travel->kind == TRAVEL_GO ||
	        a->travel->kind == TRAVEL_EXPLORE);
}

int aiview_you(const struct aiview *a)
{
	return a->on && a->sel == AIVIEW_YOU && you_searching(a);
}

const struct grid *aiview_search_grid(const struct aiview *a)
{
	const struct world *w = a->game->world;

	if (aiview_you(a))
		return &a->travel->grid;
	if (!aiview_alive(a, a->sel))
		return NULL;
	return minds_kind_grid(a->game->minds, w, w->monsters[a->sel].kind);
}

void aiview_forget(struct aiview *a)
{
	a->have = 0;
	a->cells_ok = 0;
	a->step_shown = 0;
}

const struct mind *aiview_mind(const struct aiview *a, long i)
{
	return &a->game->minds->mind[i];
}

int aiview_alive(const struct aiview *a, long i)
{
	return i >= 0 && (size_t)i < a->game->world->nmonsters &&
	       a->game->world->monsters[i].alive;
}

void aiview_follow(struct aiview *a)
{
	const struct world *w = a->game->world;
	long best = -1;
	int bestd = 0;
	size_t i;

	if (a->locked && (aiview_alive(a, a->sel) || aiview_you(a)))
		return;
	a->locked = 0;
	/* The nearest monster that is going somewhere; a guard holding its
	 * post has nothing to show.  Ties to the lower index. */
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		int dx = abs(m->x - w->px), dy = abs(m->y - w->py);
		int d = dx > dy ? dx : dy;

		if (!m->alive)
			continue;
		if (aiview_mind(a, (long)i)->goal_x == m->x &&
		    aiview_mind(a, (long)i)->goal_y == m->y)
			d += 1 << 20;
		if (best < 0 || d < bestd) {
			best = (long)i;
			bestd = d;
		}
	}
	if (best != a->sel)
		a->custom = 0;
	a->sel = best;
	aiview_forget(a);
}

void aiview_select(struct aiview *a, long i)
{
	if (i == a->sel)
		return;
	a->sel = i;
	a->locked = 0;
	a->custom = 0;
	aiview_forget(a);
}

void aiview_select_next(struct aiview *a)
{
	/* The monsters in turn, then you (number n) while you search. */
	size_t n = a->game->world->nmonsters, k;
	long start = a->sel == AIVIEW_YOU ? (long)n : a->sel < 0 ? -1 : a->sel;

	for (k = 1; k <= n + 1; k++) {
		long i = (long)(((size_t)(start + 1) + k - 1) % (n + 1));

		if ((size_t)i == n && you_searching(a)) {
			a->sel = AIVIEW_YOU;
			a->locked = 1;
			break;
		}
		if (aiview_alive(a, i)) {
			a->sel = i;
			a->locked = 1;
			break;
		}
	}
	a->custom = 0;
	aiview_forget(a);
}

const char *aiview_monster_name(const struct aiview *a, long i, char *buf,
                                size_t size)
{
	const struct world *w = a->game->world;

	if (i == AIVIEW_YOU) {
		snprintf(buf, size, "you");
		return buf;
	}
	snprintf(buf, size, "%s#%ld",
	         w->data->monsters[w->monsters[i].kind].name, i);
	return buf;
}

/* Whether monster m's current path was made because a map change broke
 * the one before: the cell that broke it is (invalid_x, invalid_y). */
int aiview_broken_by_change(const struct mind *mi)
{
	return mi->len && mi->last_reason == REPLAN_CHANGED &&
	       mi->invalid_x >= 0;
}

/* The turns ahead monster i has reserved by its cooperative plan
 * (coop.c), from the next on: how many, with the first of them in
 * pts[*from], or 0 when it does not plan cooperatively now. */
size_t aiview_coop_steps(const struct aiview *a, long i, struct path_point *pts,
                         size_t cap, size_t *from)
{
	uint32_t turn, now = a->game->world->turn;
	size_t n = minds_coop_plan(a->game->minds, (size_t)i, &turn, pts, cap);

	if (n > cap)
		n = cap;
	/* pts[k] is the cell for turn + k; the world is at turn now. */
	if (!n || turn + n <= now + 1)
		return 0;
	*from = now + 1 - turn;
	return n - *from;
}
