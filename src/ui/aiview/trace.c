/* SPDX-License-Identifier: MIT */
/* trace.c - the selected monster's search run again with a trace on the
 * view's own contexts, the per-cell state step mode shows, and the same
 * query by every algorithm of the comparison (D* Lite repaired from one
 * refresh to the next, the hierarchy on big maps), with the comparison
 * and heuristics tables drawn on the panel. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aiview_impl.h"

static int ensure_memory(struct aiview *a)
{
	const struct world *w = a->game->world;
	size_t cells = (size_t)w->width * (size_t)w->height;

	if (a->ctx && (a->ctx_w != w->width || a->ctx_h != w->height))
		aiview_free_contexts(a);
	if (!a->ctx) {
		a->ctx = path_ctx_new(w->width, w->height);
		a->jctx = jps_ctx_new(w->width, w->height);
		if (!a->ctx || !a->jctx) {
			aiview_free_contexts(a);
			return -1;
		}
		a->ctx_w = w->width;
		a->ctx_h = w->height;
	}
	if (a->cells != cells) {
		aiview_free_cells(a);
		free(a->buf);
		free(a->hierarchy.buf);
		free(a->hierarchy.abs);
		a->buf = malloc(cells * sizeof(*a->buf));
		a->hierarchy.buf = malloc(cells * sizeof(*a->hierarchy.buf));
		a->hierarchy.abs = malloc(cells * sizeof(*a->hierarchy.abs));
		a->bufcap = a->buf && a->hierarchy.buf && a->hierarchy.abs
		                    ? cells
		                    : 0;
		a->state = malloc(cells);
		a->g = malloc(cells * sizeof(*a->g));
		a->h = malloc(cells * sizeof(*a->h));
		a->f = malloc(cells * sizeof(*a->f));
		a->dir = malloc(cells);
		a->order = malloc(cells * sizeof(*a->order));
		if (!a->bufcap || !a->state || !a->g || !a->h || !a->f ||
		    !a->dir || !a->order) {
			aiview_free_cells(a);
			return -1;
		}
		a->cells = cells;
	}
	return 0;
}

/* The search state after a->step_shown expansions (all of them outside
 * step mode), rebuilt from the trace. */
static void replay_trace(struct aiview *a)
{
	const struct world *w = a->game->world;
	size_t i, expansions = 0;
	size_t limit = a->step ? a->step_shown : (size_t)-1;
	/* The code panel stops the map at its marked line. */
	const size_t events =
	        a->step && a->code && a->lines_ok ? a->ev_shown : a->trace.len;

	memset(a->state, 0, a->cells);
	memset(a->order, 0xff, a->cells * sizeof(*a->order));
	a->cur_x = a->cur_y = -1;
	for (i = 0; i < a->trace.len && i < events; i++) {
		const struct path_trace_event *e = &a->trace.events[i];
		size_t k = world_idx(w, e->x, e->y);
		int d;

		if (e->kind == PATH_TRACE_EXPAND) {
			if (expansions == limit)
				break;
			a->state[k] = 2;
			a->order[k] = (int32_t)expansions++;
			a->cur_x = e->x;
			a->cur_y = e->y;
			continue;
		}
		a->state[k] = 1;
		a->g[k] = e->g;
		a->h[k] = e->h;
		a->f[k] = e->f > UINT32_MAX ? UINT32_MAX : (uint32_t)e->f;
		/* Towards the parent: a neighbour, or for jump point search
		 * the jump point along the same line. */
		d = dir_of((e->px > e->x) - (e->px < e->x),
		           (e->py > e->y) - (e->py < e->y));
		a->dir[k] = d >= 0 ? (int8_t)d : NO_DIR;
	}
	a->nopen = a->nclosed = 0;
	for (i = 0; i < a->cells; i++) {
		a->nopen += a->state[i] == 1;
		a->nclosed += a->state[i] == 2;
	}
	a->cells_ok = 1;
}

/* A comparison row's outcome in words.  Jump point search refuses grids
 * whose costs differ from cell to cell (terrain, or other monsters' crowd
 * costs) and 4-way moves: the row says which. */
static int cmp_refused(const struct aiview *a, int i)
{
	return i == CMP_JPS && a->cmp[i].status == PATH_BAD_ARG;
}

const char *aiview_trace_status(const struct aiview *a, int i)
{
	if (cmp_refused(a, i))
		return a->p.diagonal == PATH_DIAG_NEVER ? N_("n/a: 4-way")
		                                        : N_("n/a: costs vary");
	return path_status_name(a->cmp[i].status);
}

/* A search's outcome short enough for the panel's tables (the stats
 * line under the map gives the whole word for the shown search); the
 * English the export writes, translated where a table draws it. */
static const char *cmp_short_name(enum path_status st)
{
	switch (st) {
	case PATH_BUDGET:
		return N_("budget");
	case PATH_COST_RANGE:
		return N_("range");
	case PATH_NOMEM:
		return N_("no memory");
	default:
		return path_status_name(st);
	}
}

/* s into buf, then spaces up to cols terminal columns: printf's %-9s
 * counts bytes, which leaves a translated word of wide characters
 * short of its column. */
static void cmp_pad(const char *s, int cols, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "%s", s);
	int w;

	if (n >= size)
		return;
	for (w = canvas_columns(buf, n); w < cols && n + 1 < size; w++)
		buf[n++] = ' ';
	buf[n] = '\0';
}

static const char *cmp_status_short(const struct aiview *a, int i)
{
	if (cmp_refused(a, i))
		return aiview_trace_status(a, i);
	return cmp_short_name(a->cmp[i].status);
}

/* The hierarchy for the selected monster's kind grid and a->p's moves,
 * built again when the kind, the moves or the map changed; NULL when it
 * cannot be made. */
static struct subgoal *hier_ready(struct aiview *a)
{
	const struct world *w = a->game->world;
	const int kind = w->monsters[a->sel].kind;
	const struct grid *g = minds_kind_grid(a->game->minds, w, kind);

	if (!g)
		return NULL;
	if (a->hierarchy.sg && a->hierarchy.kind == kind &&
	    a->hierarchy.serial == w->change_serial &&
	    a->hierarchy.moves.diagonal == a->p.diagonal &&
	    a->hierarchy.moves.straight_cost == a->p.straight_cost &&
	    a->hierarchy.moves.diagonal_cost == a->p.diagonal_cost)
		return a->hierarchy.sg;
	subgoal_free(a->hierarchy.sg);
	a->hierarchy.sg = subgoal_new(w->width, w->height);
	if (!a->hierarchy.sg || subgoal_build(a->hierarchy.sg, g, &a->p) != 0) {
		subgoal_free(a->hierarchy.sg);
		a->hierarchy.sg = NULL;
		return NULL;
	}
	a->hierarchy.kind = kind;
	a->hierarchy.serial = w->change_serial;
	a->hierarchy.moves = a->p;
	return a->hierarchy.sg;
}

/* The same query by the hierarchy, whole, into the table's last row and
 * the layer's buffers. */
static void compare_hier(struct aiview *a)
{
	struct ai_cmp *q = &a->cmp[CMP_HIER];
	struct subgoal *h = hier_ready(a);
	double t0 = aiview_now_ms();

	memset(&a->hierarchy.info, 0, sizeof(a->hierarchy.info));
	memset(&a->hierarchy.res, 0, sizeof(a->hierarchy.res));
	a->hierarchy.res.status = PATH_NOMEM;
	a->hierarchy.nabs = 0;
	if (h) {
		minds_hier_again(a->game->minds, a->game->world, (size_t)a->sel,
		                 a->gx, a->gy, &a->p, h, a->hierarchy.buf,
		                 a->bufcap, &a->hierarchy.res,
		                 &a->hierarchy.info);
		if (a->hierarchy.res.status == PATH_FOUND)
			a->hierarchy.nabs = subgoal_last_abstract(
			        h, a->hierarchy.abs, a->bufcap);
		if (a->hierarchy.nabs > a->bufcap)
			a->hierarchy.nabs = a->bufcap;
	}
	a->hierarchy.ms = a->no_timing ? 0 : aiview_now_ms() - t0;
	q->label = N_("subgoals");
	q->status = a->hierarchy.res.status;
	q->expanded = a->hierarchy.res.stats.expanded;
	q->cost = a->hierarchy.res.cost;
	q->length = a->hierarchy.res.length;
}

/* Whether D* Lite takes the shown settings: A* with w = 1 and an
 * admissible heuristic, or Dijkstra. */
static int dlite_takes(const struct aiview *a)
{
	return a->p.algo == PATH_DIJKSTRA ||
	       (a->p.algo == PATH_ASTAR && a->p.weight == PATH_WEIGHT_ONE &&
	        path_heuristic_admissible(&a->p, a->p.heuristic));
}

/* The same query by D* Lite: a repair of the last one when the monster,
 * its goal and the settings are the same as then, else a first plan. */
static void compare_dlite(struct aiview *a)
{
	const struct world *w = a->game->world;
	const size_t n = (size_t)(w->width + 2) * (size_t)(w->height + 2);
	int same;

	if (!dlite_takes(a))
		return;
	if (a->dlite.ctx && a->dlite.snap_n != n)
		aiview_dlite_drop(a);
	if (!a->dlite.ctx) {
		a->dlite.ctx = dlite_ctx_new(w->width, w->height);
		a->dlite.snap = malloc(n);
		a->dlite.buf = malloc(a->bufcap * sizeof(*a->dlite.buf));
		a->dlite.snap_n = n;
		if (!a->dlite.ctx || !a->dlite.snap || !a->dlite.buf) {
			aiview_dlite_drop(a);
			return;
		}
	}
	same = a->dlite.ok && a->dlite.sel == a->sel && a->dlite.gx == a->gx &&
	       a->dlite.gy == a->gy && a->dlite.moves.algo == a->p.algo &&
	       a->dlite.moves.heuristic == a->p.heuristic &&
	       a->dlite.moves.diagonal == a->p.diagonal &&
	       a->dlite.moves.straight_cost == a->p.straight_cost &&
	       a->dlite.moves.diagonal_cost == a->p.diagonal_cost;
	minds_dlite_again(a->game->minds, w, (size_t)a->sel, a->gx, a->gy,
	                  &a->p, a->dlite.ctx, a->dlite.snap, !same,
	                  a->dlite.buf, a->bufcap, &a->dlite.res,
	                  &a->dlite.changed);
	a->dlite.fresh = !same;
	a->dlite.ok = a->dlite.res.status == PATH_FOUND ||
	              a->dlite.res.status == PATH_NO_PATH;
	a->dlite.sel = a->sel;
	a->dlite.gx = a->gx;
	a->dlite.gy = a->gy;
	a->dlite.moves = a->p;
}

/* The table's rows: the hierarchy's only with its layer (y). */
int aiview_trace_rows(const struct aiview *a)
{
	return a->hier ? CMP_COUNT : CMP_HIER;
}

/* The followed search's query again under p: the monster's by its mind
 * (its kind grid, the crowd priced in), yours on the map you know. */
static void search_again(struct aiview *a, const struct path_params *p,
                         struct path_result *res, struct path_point *buf,
                         size_t cap, struct path_trace *trace)
{
	if (aiview_you(a))
		path_find(a->ctx, &a->travel->grid, p, a->sx, a->sy, a->gx,
		          a->gy, buf, cap, res, trace);
	else
		minds_search_again(a->game->minds, a->game->world,
		                   (size_t)a->sel, a->gx, a->gy, p, a->ctx, buf,
		                   cap, res, trace);
}

static void jump_again(struct aiview *a, const struct path_params *p,
                       struct path_result *res, struct path_point *buf,
                       size_t cap, struct path_trace *trace)
{
	if (aiview_you(a))
		jps_find_traced(a->jctx, &a->travel->grid, p, a->sx, a->sy,
		                a->gx, a->gy, buf, cap, res, trace);
	else
		minds_jump_again(a->game->minds, a->game->world, (size_t)a->sel,
		                 a->gx, a->gy, p, a->jctx, buf, cap, res,
		                 trace);
}

void aiview_trace_compare(struct aiview *a)
{
	static const struct {
		const char *label;
		enum path_algo algo;
		uint32_t weight;
	} runs[CMP_HIER] = {
	        {"BFS", PATH_BFS, 1000},
	        {"Dijkstra", PATH_DIJKSTRA, 1000},
	        {N_("greedy"), PATH_GREEDY, 1000},
	        {"A*", PATH_ASTAR, 1000},
	        {"A* w=2", PATH_ASTAR, 2000},
	        {"JPS", PATH_ASTAR, 1000},
	};
	struct path_result res;
	int i;

	for (i = 0; i < CMP_HIER; i++) {
		struct path_params p = a->p;

		p.algo = runs[i].algo;
		p.weight = runs[i].weight;
		if (i == CMP_JPS) {
			/* Jump points break ties toward the lower h. */
			p.ties = PATH_TIES_LOW_H;
			jump_again(a, &p, &res, a->buf, a->bufcap, NULL);
		} else {
			search_again(a, &p, &res, a->buf, a->bufcap, NULL);
		}
		a->cmp[i].label = runs[i].label;
		a->cmp[i].status = res.status;
		a->cmp[i].expanded = res.stats.expanded;
		a->cmp[i].cost = res.cost;
		a->cmp[i].length = res.length;
	}
	/* The hierarchy and D* Lite are the monsters' own. */
	a->cmp[CMP_HIER].label = "HPA*";
	a->cmp[CMP_HIER].status = PATH_BAD_ARG;
	if (a->hier && !aiview_you(a))
		compare_hier(a);
	if (a->repair && !aiview_you(a))
		compare_dlite(a);
	/* A* with w = 1 under each heuristic: the same query, the same
	 * rule and costs; only while that table is shown (T). */
	for (i = 0; a->htable && i < PATH_H_COUNT; i++) {
		struct path_params p = a->p;

		p.algo = PATH_ASTAR;
		p.weight = PATH_WEIGHT_ONE;
		p.heuristic = (enum path_heuristic)i;
		search_again(a, &p, &res, a->buf, a->bufcap, NULL);
		a->hcmp[i].label = path_heuristic_name((enum path_heuristic)i);
		a->hcmp[i].status = res.status;
		a->hcmp[i].expanded = res.stats.expanded;
		a->hcmp[i].cost = res.cost;
		a->hcmp[i].length = res.length;
	}
}

/* Your search: a travel's, to the cell picked, or an explore's, to the
 * nearest place not yet seen down its Dijkstra map, on the map you
 * know.  Returns 0 when there is none to show. */
static int you_query(struct aiview *a)
{
	const struct world *w = a->game->world;
	const struct travel *t = a->travel;
	size_t n;
	const struct path_point *r = travel_route(t, &n);

	if (!a->custom) {
		a->p = t->params;
		a->jps = 0;
	}
	a->whatif = 0;
	a->sx = w->px;
	a->sy = w->py;
	if (t->kind == TRAVEL_GO) {
		a->gx = t->tx;
		a->gy = t->ty;
		return 1;
	}
	if (n < 2)
		return 0;
	a->gx = r[n - 1].x;
	a->gy = r[n - 1].y;
	return 1;
}

/* The mistake some tutorials teach, shown on the traced run only: the
 * search ends as soon as the goal enters the open list.  The trace is cut
 * after the goal's first push, and the path follows the parents as they
 * stood then; its cost is the g the goal was pushed with, which can be
 * dearer than the path the full search finds. */
static void stop_early(struct aiview *a)
{
	const struct world *w = a->game->world;
	size_t i, j, n = 0, exp = 0;
	int x = a->gx, y = a->gy;

	for (i = 0; i < a->trace.len; i++) {
		const struct path_trace_event *e = &a->trace.events[i];

		exp += e->kind == PATH_TRACE_EXPAND;
		if (e->kind == PATH_TRACE_PUSH && e->x == a->gx &&
		    e->y == a->gy)
			break;
	}
	if (i == a->trace.len)
		return;
	a->trace.len = i + 1;
	a->total_exp = exp;
	a->res.status = PATH_FOUND;
	a->res.partial = 0;
	a->res.cost = a->trace.events[i].g;
	/* Back from the goal through each cell's last push before the cut. */
	while (n < a->bufcap && n <= (size_t)w->width * (size_t)w->height) {
		a->buf[n].x = x;
		a->buf[n].y = y;
		n++;
		if (x == a->sx && y == a->sy)
			break;
		for (j = a->trace.len; j-- > 0;) {
			const struct path_trace_event *e = &a->trace.events[j];

			if (e->kind == PATH_TRACE_PUSH && e->x == x &&
			    e->y == y) {
				x = e->px;
				y = e->py;
				break;
			}
		}
	}
	for (j = 0; j < n / 2; j++) {
		struct path_point t = a->buf[j];

		a->buf[j] = a->buf[n - 1 - j];
		a->buf[n - 1 - j] = t;
	}
	a->res.length = n;
}

int aiview_trace_lines(struct aiview *a, struct path_trace *t)
{
	struct path_params p = a->p;
	struct path_result res;
	size_t i;

	if (!a->have)
		return -1;
	path_trace_clear(t);
	t->lines = 1;
	/* No path buffer: the shown path (cut short by e) stays. */
	if (a->jps) {
		p.algo = PATH_ASTAR;
		p.weight = PATH_WEIGHT_ONE;
		p.heuristic = PATH_H_OCTILE;
		p.ties = PATH_TIES_LOW_H;
		jump_again(a, &p, &res, NULL, 0, t);
	} else {
		search_again(a, &p, &res, NULL, 0, t);
	}
	if (a->early && !a->jps)
		for (i = 0; i < t->len; i++)
			if (t->events[i].kind == PATH_TRACE_PUSH &&
			    t->events[i].x == a->gx &&
			    t->events[i].y == a->gy) {
				t->len = i + 1;
				break;
			}
	return 0;
}

/* Runs the selected monster's search again if it is not current. */
void aiview_trace_ensure(struct aiview *a)
{
	struct world *w = a->game->world;
	struct world_monster *mm;
	double t0;
	int gx, gy;

	if (!a->on || (!aiview_alive(a, a->sel) && !aiview_you(a)))
		return;
	if (a->have) {
		if (!a->cells_ok)
			replay_trace(a);
		return;
	}
	if (ensure_memory(a) != 0)
		return;
	if (aiview_you(a)) {
		if (!you_query(a) ||
		    !grid_passable(&a->travel->grid, a->sx, a->sy) ||
		    !grid_passable(&a->travel->grid, a->gx, a->gy))
			return;
		aiview_trace_compare(a);
		t0 = aiview_now_ms();
		search_again(a, &a->p, &a->res, a->buf, a->bufcap, NULL);
		a->ms = a->no_timing ? 0 : aiview_now_ms() - t0;
		path_trace_clear(&a->trace);
		if (a->jps) {
			struct path_params jp = a->p;

			jp.algo = PATH_ASTAR;
			jp.weight = PATH_WEIGHT_ONE;
			jp.heuristic = PATH_H_OCTILE;
			jp.ties = PATH_TIES_LOW_H;
			jump_again(a, &jp, &a->res, a->buf, a->bufcap,
			           &a->trace);
		} else {
			search_again(a, &a->p, &a->res, a->buf, a->bufcap,
			             &a->trace);
		}
		a->total_exp = a->res.stats.expanded;
		if (a->step_shown > a->total_exp)
			a->step_shown = a->total_exp;
		a->have = 1;
		a->lines_ok = 0;
		aiview_code_ensure(a);
		replay_trace(a);
		return;
	}
	mm = &w->monsters[a->sel];
	if (!a->custom) {
		/* The kind's own search, jump point search included. */
		minds_params(w, mm->kind, &a->p);
		a->jps = minds_kind_jumps(w, mm->kind);
	}
	/* A monster going nowhere (a guard at its post) has no search to
	 * show: show the one it would make to hunt the player, and say so. */
	gx = aiview_mind(a, a->sel)->goal_x;
	gy = aiview_mind(a, a->sel)->goal_y;
	a->whatif = gx == mm->x && gy == mm->y;
	a->sx = mm->x;
	a->sy = mm->y;
	a->gx = a->whatif ? w->px : gx;
	a->gy = a->whatif ? w->py : gy;
	aiview_trace_compare(a);
	if (a->jps) {
		/* Jump point search is A* with w = 1, the octile distance
		 * and ties toward the lower h, whatever else was chosen. */
		struct path_params jp = a->p;

		jp.algo = PATH_ASTAR;
		jp.weight = PATH_WEIGHT_ONE;
		jp.heuristic = PATH_H_OCTILE;
		jp.ties = PATH_TIES_LOW_H;
		t0 = aiview_now_ms();
		minds_jump_again(a->game->minds, w, (size_t)a->sel, a->gx,
		                 a->gy, &jp, a->jctx, a->buf, a->bufcap,
		                 &a->res, NULL);
		a->ms = a->no_timing ? 0 : aiview_now_ms() - t0;
		path_trace_clear(&a->trace);
		minds_jump_again(a->game->minds, w, (size_t)a->sel, a->gx,
		                 a->gy, &jp, a->jctx, a->buf, a->bufcap,
		                 &a->res, &a->trace);
	} else {
		t0 = aiview_now_ms();
		minds_search_again(a->game->minds, w, (size_t)a->sel, a->gx,
		                   a->gy, &a->p, a->ctx, a->buf, a->bufcap,
		                   &a->res, NULL);
		a->ms = a->no_timing ? 0 : aiview_now_ms() - t0;
		path_trace_clear(&a->trace);
		minds_search_again(a->game->minds, w, (size_t)a->sel, a->gx,
		                   a->gy, &a->p, a->ctx, a->buf, a->bufcap,
		                   &a->res, &a->trace);
	}
	a->total_exp = a->res.stats.expanded;
	if (a->early && !a->jps)
		stop_early(a);
	if (a->step_shown > a->total_exp)
		a->step_shown = a->total_exp;
	a->have = 1;
	a->lines_ok = 0;
	aiview_code_ensure(a);
	replay_trace(a);
}

/* The same query by A* under every heuristic: whether it is admissible
 * under the current rule and costs, and what a heuristic that is not
 * costs over the optimal path. */
void aiview_trace_heuristics(struct aiview *a, struct canvas *c, struct rows *r)
{
	const uint32_t best = a->cmp[1].cost; /* Dijkstra's: optimal */
	char over[128] = "";
	int i;

	if (r->row < r->last)
		canvas_text(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
		            CANVAS_BOLD, _("A* by h:  adm expanded cost"));
	for (i = 0; i < PATH_H_COUNT && r->row < r->last && a->have; i++) {
		const struct ai_cmp *q = &a->hcmp[i];
		const int adm = path_heuristic_admissible(
		        &a->p, (enum path_heuristic)i);
		char label[64], yes[16];

		cmp_pad(q->label ? _(q->label) : "", 9, label, sizeof(label));
		cmp_pad(adm ? _("yes") : _("no"), 3, yes, sizeof(yes));

		if (q->status == PATH_FOUND)
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              i == (int)a->p.heuristic ? CANVAS_BOLD
			                                       : 0,
			              "%c%s %s %6u %5u",
			              i == (int)a->p.heuristic ? '>' : ' ',
			              label, yes, q->expanded, q->cost);
		else
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, "%c%s %s %6u %s",
			              i == (int)a->p.heuristic ? '>' : ' ',
			              label, yes, q->expanded,
			              _(cmp_short_name(q->status)));
		if (q->status == PATH_FOUND && a->cmp[1].status == PATH_FOUND &&
		    q->cost > best) {
			size_t n = strlen(over);

			snprintf(over + n, sizeof(over) - n, " %s +%u",
			         q->label ? _(q->label) : "", q->cost - best);
		}
	}
	if (*over && r->row < r->last) {
		char buf[160];

		snprintf(buf, sizeof(buf), _("over optimal:%s"), over);
		aiview_rows_wrap(c, r, 0, buf);
	}
}

/* The same query by every algorithm, and the legend. */
void aiview_trace_table(struct aiview *a, struct canvas *c, struct rows *r)
{
	if (a->htable) {
		aiview_trace_heuristics(a, c, r);
		return;
	}
	int i;
	const uint32_t best = a->cmp[CMP_DIJKSTRA].status == PATH_FOUND
	                              ? a->cmp[CMP_DIJKSTRA].cost
	                      : a->cmp[CMP_JPS].status == PATH_FOUND
	                              ? a->cmp[CMP_JPS].cost
	                              : 0;

	if (r->row < r->last)
		canvas_text(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
		            CANVAS_BOLD, _("same query:  expanded cost"));
	for (i = 0; i < aiview_trace_rows(a) && r->row < r->last && a->have;
	     i++) {
		const struct ai_cmp *q = &a->cmp[i];
		char label[64];

		cmp_pad(q->label ? _(q->label) : "", 8, label, sizeof(label));
		if (q->status == PATH_FOUND && i == CMP_HIER && best)
			/* How far from the cheapest: Dijkstra's, or jump
			 * point search's when Dijkstra ran out of budget. */
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %s %6u %5u +%.1f%%", label,
			              q->expanded, q->cost,
			              100.0 * ((double)q->cost - best) / best);
		else if (q->status == PATH_FOUND)
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %s %6u %5u", label, q->expanded,
			              q->cost);
		else if (cmp_refused(a, i))
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %s %s", label,
			              _(cmp_status_short(a, i)));
		else
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %s %6u %s", label, q->expanded,
			              _(cmp_status_short(a, i)));
	}
	if (a->repair && a->have && a->dlite.ctx && r->row < r->last) {
		char buf[256];

		if (a->dlite.res.status == PATH_FOUND)
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %-8s %6u %5u", "D* Lite",
			              a->dlite.res.stats.expanded,
			              a->dlite.res.cost);
		else
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %-8s %6u %s", "D* Lite",
			              a->dlite.res.stats.expanded,
			              _(cmp_short_name(a->dlite.res.status)));
		if (a->dlite.fresh)
			snprintf(buf, sizeof(buf),
			         _("D* Lite planned afresh; from now on it "
			           "repairs this search as the map and the "
			           "crowd change"));
		else
			snprintf(buf, sizeof(buf),
			         _("D* Lite repaired its search after %zu "
			           "cells changed: %u expanded, where the "
			           "shown search started over with %zu"),
			         a->dlite.changed, a->dlite.res.stats.expanded,
			         a->total_exp);
		aiview_rows_wrap(c, r, 0, buf);
	} else if (a->repair && a->have && !dlite_takes(a) &&
	           r->row < r->last) {
		aiview_rows_wrap(
		        c, r, 0,
		        _("D* Lite: n/a (A* with w=1 and an admissible h, "
		          "or Dijkstra)"));
	}
	if (a->hier && a->have && a->hierarchy.sg && r->row < r->last) {
		char buf[256];
		size_t nn, ne;

		subgoal_counts(a->hierarchy.sg, &nn, &ne);
		snprintf(buf, sizeof(buf),
		         _("hierarchy: %zu subgoals, %zu edges; subgoal path "
		           "%zu points, %u expanded; %u linked to start and "
		           "goal; %.2f ms"),
		         nn, ne, a->hierarchy.nabs,
		         a->hierarchy.info.abstract_expanded,
		         a->hierarchy.info.link_found, a->hierarchy.ms);
		aiview_rows_wrap(c, r, 0, buf);
	}
}
