/* aiview.c - the AI view: the selected monster's search run again with a
 * trace and drawn on the real dungeon (paths, open and closed sets, g, h
 * and f per cell, parent arrows, terrain costs, the path cache), step
 * mode, the side-by-side comparison of the algorithms on the same query,
 * the hierarchy for big maps (its clusters, entrances, abstract path and
 * refinement), and the inspector.  It only reads the game. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aiview.h"

#include "core/base/dir.h"
#include "core/path/distmap.h"
#include "core/path/dlite.h"
#include "core/path/hpa.h"
#include "core/path/jps.h"
#include "keys.h"

#define TRACE_LIMIT  (1u << 22) /* events kept of one traced search */
#define HISTORY_KEEP 1024       /* re-plans kept, of all monsters */
#define NO_DIR       (-1)
#define CMP_COUNT    7 /* searches in the side-by-side comparison */
#define CMP_JPS      5 /* jump point search, where it applies */
#define CMP_HPA      6 /* the last: the hierarchy for big maps */
#define CMP_DIJKSTRA 1 /* the cheapest way, to compare with */
/* The hierarchy's clusters as the AI view shows them: the monsters' own
 * size on a map big enough for them to use one, smaller on the small
 * maps, so that a level shows a few. */
#define HIER_SMALL_CSIZE 8
#define HIER_BIG_CELLS   (128 * 128)

/* The parent arrow drawn for each direction of base/dir.h. */
static const char dir_arrow[DIR_COUNT] = {'^', '>',  'v', '<',
                                          '/', '\\', '/', '\\'};

/* One search of the comparison table. */
struct ai_cmp {
	const char *label;
	enum path_status status;
	uint32_t expanded, cost;
	size_t length;
};

struct aiview {
	struct game *game; /* the game watched */
	int no_timing;     /* show 0 for search times (golden dumps) */
	int on;
	int paths, open, arrows, cost, cache; /* layers */
	char value;                           /* 'g', 'h', 'f' or 0 */
	int all;                              /* every monster's path */
	long sel;                             /* selected monster, -1 none */
	int locked; /* chosen with Tab: kept while it lives */

	int step;          /* step mode */
	size_t step_shown; /* expansions shown in step mode */
	int jumping;       /* J: a step number is being typed */
	size_t jump_to;    /* the number typed so far */
	int custom;        /* params changed with H D W A t, or by a page */
	int by_page;       /* ...by a lesson's page, which says so itself */
	int jps;           /* the shown search is jump point search's */
	struct path_params p;

	/* The selected monster's search, run again with a trace. */
	struct path_ctx *ctx;
	struct jps_ctx *jctx; /* for the comparison's jump point search */
	int ctx_w, ctx_h;
	struct path_trace trace;
	struct path_point *buf;
	size_t bufcap;
	struct path_result res;
	int have;         /* res and trace are current */
	int cells_ok;     /* the cell arrays match step_shown */
	int stale;        /* run it again before drawing */
	double ms;        /* time the traced search took */
	size_t total_exp; /* expansions in the trace */
	int sx, sy, gx, gy;
	int whatif; /* the monster goes nowhere: its search for the player */

	/* The search as it stood after step_shown expansions (or at the
	 * end), per cell. */
	uint8_t *state; /* 0 untouched, 1 open, 2 closed */
	uint32_t *g, *h, *f;
	int8_t *dir;    /* direction to the parent, -1 the start */
	int32_t *order; /* expansion number, -1 if not expanded */
	int cur_x, cur_y;
	size_t nopen, nclosed;
	size_t cells; /* size of the arrays */

	struct ai_cmp cmp[CMP_COUNT];
	struct ai_cmp hcmp[PATH_H_COUNT]; /* A*, w = 1, by heuristic */
	int htable;                       /* T: the heuristics' table shown */
	int boxes;                        /* z: the map as cell boxes */
	int dmap;         /* m: the kind's shared distance map, 1 distances, 2
	                   * downhill arrows */
	uint32_t box_div; /* what the boxes' values were divided by */

	/* y: the hierarchy's layer; the hierarchy for the selected kind's
	 * grid, built for the map as it was at change hpa_serial, its
	 * answer to the same query (whole) and that answer's abstract
	 * path. */
	int hier;
	struct hpa *hpa;
	int hpa_kind;
	uint32_t hpa_serial;
	struct path_params hpa_moves;
	struct path_point *hbuf, *habs;
	size_t nhabs;
	struct hpa_info hinfo;
	struct path_result hres;
	double hms;

	/* r: the same query by D* Lite, repaired from one refresh to the
	 * next while the monster and its goal stay the same: the context,
	 * the kind grid as it was priced last (dsnap), whose query it holds,
	 * and its last answer (dres, the cells it was told of). */
	int repair;
	struct dlite_ctx *dl;
	uint8_t *dsnap;
	struct path_point *dbuf;
	size_t dsnap_n;
	int dl_ok;
	long dl_sel;
	int dl_gx, dl_gy;
	struct path_params dl_moves;
	int dl_fresh;
	size_t dl_changed;
	struct path_result dres;

	/* The last re-plans of every monster, a ring: when, who, why, and
	 * for a changed cell which one. */
	struct ai_replan {
		uint32_t turn;
		int monster, reason, x, y;
	} replans[HISTORY_KEEP];
	size_t nreplans; /* ever noted; the ring holds the last ones */
};

/* Weights H/D/W/A cycle through, in thousandths. */
static const uint32_t weights[] = {1000, 1500, 2000, 3000, 5000};

static double now_ms(void)
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
	aiview_follow(a);
	return a;
}

static void free_cells(struct aiview *a)
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
static void free_contexts(struct aiview *a)
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
	free_contexts(a);
	path_trace_fini(&a->trace);
	free(a->buf);
	free_cells(a);
	hpa_free(a->hpa);
	free(a->hbuf);
	free(a->habs);
	dlite_ctx_free(a->dl);
	free(a->dsnap);
	free(a->dbuf);
	free(a);
}

void aiview_set_game(struct aiview *a, struct game *g)
{
	a->game = g;
	a->dl_ok = 0; /* its grid was the old game's */
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

void aiview_forget(struct aiview *a)
{
	a->have = 0;
	a->cells_ok = 0;
	a->step_shown = 0;
}

static const struct mind *mind_of(const struct aiview *a, long i)
{
	return &a->game->minds->mind[i];
}

static int alive(const struct aiview *a, long i)
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

	if (a->locked && alive(a, a->sel))
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
		if (mind_of(a, (long)i)->goal_x == m->x &&
		    mind_of(a, (long)i)->goal_y == m->y)
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

static void select_next(struct aiview *a)
{
	size_t n = a->game->world->nmonsters, k;
	long start = a->sel < 0 ? -1 : a->sel;

	for (k = 1; k <= n; k++) {
		long i = (long)(((size_t)(start + 1) + k - 1) % n);

		if (alive(a, i)) {
			a->sel = i;
			a->locked = 1;
			break;
		}
	}
	a->custom = 0;
	aiview_forget(a);
}

/* ---- the search ------------------------------------------------------ */

static int ensure_memory(struct aiview *a)
{
	const struct world *w = a->game->world;
	size_t cells = (size_t)w->width * (size_t)w->height;

	if (a->ctx && (a->ctx_w != w->width || a->ctx_h != w->height))
		free_contexts(a);
	if (!a->ctx) {
		a->ctx = path_ctx_new(w->width, w->height);
		a->jctx = jps_ctx_new(w->width, w->height);
		if (!a->ctx || !a->jctx) {
			free_contexts(a);
			return -1;
		}
		a->ctx_w = w->width;
		a->ctx_h = w->height;
	}
	if (a->cells != cells) {
		free_cells(a);
		free(a->buf);
		free(a->hbuf);
		free(a->habs);
		a->buf = malloc(cells * sizeof(*a->buf));
		a->hbuf = malloc(cells * sizeof(*a->hbuf));
		a->habs = malloc(cells * sizeof(*a->habs));
		a->bufcap = a->buf && a->hbuf && a->habs ? cells : 0;
		a->state = malloc(cells);
		a->g = malloc(cells * sizeof(*a->g));
		a->h = malloc(cells * sizeof(*a->h));
		a->f = malloc(cells * sizeof(*a->f));
		a->dir = malloc(cells);
		a->order = malloc(cells * sizeof(*a->order));
		if (!a->bufcap || !a->state || !a->g || !a->h || !a->f ||
		    !a->dir || !a->order) {
			free_cells(a);
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

	memset(a->state, 0, a->cells);
	memset(a->order, 0xff, a->cells * sizeof(*a->order));
	a->cur_x = a->cur_y = -1;
	for (i = 0; i < a->trace.len; i++) {
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

static const char *cmp_status(const struct aiview *a, int i)
{
	if (cmp_refused(a, i))
		return a->p.diagonal == PATH_DIAG_NEVER ? "n/a: 4-way"
		                                        : "n/a: costs vary";
	return path_status_name(a->cmp[i].status);
}

/* A search's outcome short enough for the panel's tables (the stats
 * line under the map gives the whole word for the shown search). */
static const char *cmp_short_name(enum path_status st)
{
	switch (st) {
	case PATH_BUDGET:
		return "budget";
	case PATH_COST_RANGE:
		return "range";
	case PATH_NOMEM:
		return "no memory";
	default:
		return path_status_name(st);
	}
}

static const char *cmp_status_short(const struct aiview *a, int i)
{
	if (cmp_refused(a, i))
		return cmp_status(a, i);
	return cmp_short_name(a->cmp[i].status);
}

/* The hierarchy for the selected monster's kind grid and a->p's moves,
 * built again when the kind, the moves or the map changed; NULL when it
 * cannot be made. */
static struct hpa *hier_ready(struct aiview *a)
{
	const struct world *w = a->game->world;
	const int kind = w->monsters[a->sel].kind;
	const struct grid *g = minds_kind_grid(a->game->minds, w, kind);

	if (!g)
		return NULL;
	if (a->hpa && a->hpa_kind == kind &&
	    a->hpa_serial == w->change_serial &&
	    a->hpa_moves.diagonal == a->p.diagonal &&
	    a->hpa_moves.straight_cost == a->p.straight_cost &&
	    a->hpa_moves.diagonal_cost == a->p.diagonal_cost)
		return a->hpa;
	hpa_free(a->hpa);
	a->hpa = hpa_new(w->width, w->height,
	                 (size_t)w->width * (size_t)w->height >= HIER_BIG_CELLS
	                         ? HPA_CSIZE_DEFAULT
	                         : HIER_SMALL_CSIZE);
	if (!a->hpa || hpa_build(a->hpa, g, &a->p) != 0) {
		hpa_free(a->hpa);
		a->hpa = NULL;
		return NULL;
	}
	a->hpa_kind = kind;
	a->hpa_serial = w->change_serial;
	a->hpa_moves = a->p;
	return a->hpa;
}

/* The same query by the hierarchy, whole, into the table's last row and
 * the layer's buffers. */
static void compare_hier(struct aiview *a)
{
	struct ai_cmp *q = &a->cmp[CMP_HPA];
	struct hpa *h = hier_ready(a);
	double t0 = now_ms();

	memset(&a->hinfo, 0, sizeof(a->hinfo));
	memset(&a->hres, 0, sizeof(a->hres));
	a->hres.status = PATH_NOMEM;
	a->nhabs = 0;
	if (h) {
		minds_hier_again(a->game->minds, a->game->world, (size_t)a->sel,
		                 a->gx, a->gy, &a->p, h, a->hbuf, a->bufcap,
		                 &a->hres, &a->hinfo);
		if (a->hres.status == PATH_FOUND)
			a->nhabs = hpa_last_abstract(h, a->habs, a->bufcap);
		if (a->nhabs > a->bufcap)
			a->nhabs = a->bufcap;
	}
	a->hms = a->no_timing ? 0 : now_ms() - t0;
	q->label = "HPA*";
	q->status = a->hres.status;
	q->expanded = a->hres.stats.expanded;
	q->cost = a->hres.cost;
	q->length = a->hres.length;
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
	if (a->dl && a->dsnap_n != n) {
		dlite_ctx_free(a->dl);
		free(a->dsnap);
		free(a->dbuf);
		a->dl = NULL;
		a->dsnap = NULL;
		a->dbuf = NULL;
		a->dl_ok = 0;
	}
	if (!a->dl) {
		a->dl = dlite_ctx_new(w->width, w->height);
		a->dsnap = malloc(n);
		a->dbuf = malloc(a->bufcap * sizeof(*a->dbuf));
		a->dsnap_n = n;
		if (!a->dl || !a->dsnap || !a->dbuf) {
			dlite_ctx_free(a->dl);
			free(a->dsnap);
			free(a->dbuf);
			a->dl = NULL;
			a->dsnap = NULL;
			a->dbuf = NULL;
			return;
		}
	}
	same = a->dl_ok && a->dl_sel == a->sel && a->dl_gx == a->gx &&
	       a->dl_gy == a->gy && a->dl_moves.algo == a->p.algo &&
	       a->dl_moves.heuristic == a->p.heuristic &&
	       a->dl_moves.diagonal == a->p.diagonal &&
	       a->dl_moves.straight_cost == a->p.straight_cost &&
	       a->dl_moves.diagonal_cost == a->p.diagonal_cost;
	minds_dlite_again(a->game->minds, w, (size_t)a->sel, a->gx, a->gy,
	                  &a->p, a->dl, a->dsnap, !same, a->dbuf, a->bufcap,
	                  &a->dres, &a->dl_changed);
	a->dl_fresh = !same;
	a->dl_ok =
	        a->dres.status == PATH_FOUND || a->dres.status == PATH_NO_PATH;
	a->dl_sel = a->sel;
	a->dl_gx = a->gx;
	a->dl_gy = a->gy;
	a->dl_moves = a->p;
}

/* The table's rows: the hierarchy's only with its layer (y). */
static int cmp_rows(const struct aiview *a)
{
	return a->hier ? CMP_COUNT : CMP_HPA;
}

static void compare(struct aiview *a)
{
	static const struct {
		const char *label;
		enum path_algo algo;
		uint32_t weight;
	} runs[CMP_HPA] = {
	        {"BFS", PATH_BFS, 1000},
	        {"Dijkstra", PATH_DIJKSTRA, 1000},
	        {"greedy", PATH_GREEDY, 1000},
	        {"A*", PATH_ASTAR, 1000},
	        {"A* w=2", PATH_ASTAR, 2000},
	        {"JPS", PATH_ASTAR, 1000},
	};
	struct path_result res;
	int i;

	for (i = 0; i < CMP_HPA; i++) {
		struct path_params p = a->p;

		p.algo = runs[i].algo;
		p.weight = runs[i].weight;
		if (i == CMP_JPS) {
			/* Jump points break ties toward the lower h. */
			p.ties = PATH_TIES_LOW_H;
			minds_jump_again(a->game->minds, a->game->world,
			                 (size_t)a->sel, a->gx, a->gy, &p,
			                 a->jctx, a->buf, a->bufcap, &res,
			                 NULL);
		} else {
			minds_search_again(a->game->minds, a->game->world,
			                   (size_t)a->sel, a->gx, a->gy, &p,
			                   a->ctx, a->buf, a->bufcap, &res,
			                   NULL);
		}
		a->cmp[i].label = runs[i].label;
		a->cmp[i].status = res.status;
		a->cmp[i].expanded = res.stats.expanded;
		a->cmp[i].cost = res.cost;
		a->cmp[i].length = res.length;
	}
	if (a->hier)
		compare_hier(a);
	if (a->repair)
		compare_dlite(a);
	/* A* with w = 1 under each heuristic: the same query, the same
	 * rule and costs; only while that table is shown (T). */
	for (i = 0; a->htable && i < PATH_H_COUNT; i++) {
		struct path_params p = a->p;

		p.algo = PATH_ASTAR;
		p.weight = PATH_WEIGHT_ONE;
		p.heuristic = (enum path_heuristic)i;
		minds_search_again(a->game->minds, a->game->world,
		                   (size_t)a->sel, a->gx, a->gy, &p, a->ctx,
		                   a->buf, a->bufcap, &res, NULL);
		a->hcmp[i].label = path_heuristic_name((enum path_heuristic)i);
		a->hcmp[i].status = res.status;
		a->hcmp[i].expanded = res.stats.expanded;
		a->hcmp[i].cost = res.cost;
		a->hcmp[i].length = res.length;
	}
}

/* Runs the selected monster's search again if it is not current. */
static void ensure_search(struct aiview *a)
{
	struct world *w = a->game->world;
	struct world_monster *mm;
	double t0;
	int gx, gy;

	if (!a->on || !alive(a, a->sel))
		return;
	if (a->have) {
		if (!a->cells_ok)
			replay_trace(a);
		return;
	}
	if (ensure_memory(a) != 0)
		return;
	mm = &w->monsters[a->sel];
	if (!a->custom) {
		/* The kind's own search, jump point search included. */
		minds_params(w, mm->kind, &a->p);
		a->jps = minds_kind_jumps(w, mm->kind);
	}
	/* A monster going nowhere (a guard at its post) has no search to
	 * show: show the one it would make to hunt the player, and say so. */
	gx = mind_of(a, a->sel)->goal_x;
	gy = mind_of(a, a->sel)->goal_y;
	a->whatif = gx == mm->x && gy == mm->y;
	a->sx = mm->x;
	a->sy = mm->y;
	a->gx = a->whatif ? w->px : gx;
	a->gy = a->whatif ? w->py : gy;
	compare(a);
	if (a->jps) {
		/* Jump point search is A* with w = 1, the octile distance
		 * and ties toward the lower h, whatever else was chosen. */
		struct path_params jp = a->p;

		jp.algo = PATH_ASTAR;
		jp.weight = PATH_WEIGHT_ONE;
		jp.heuristic = PATH_H_OCTILE;
		jp.ties = PATH_TIES_LOW_H;
		t0 = now_ms();
		minds_jump_again(a->game->minds, w, (size_t)a->sel, a->gx,
		                 a->gy, &jp, a->jctx, a->buf, a->bufcap,
		                 &a->res, NULL);
		a->ms = a->no_timing ? 0 : now_ms() - t0;
		path_trace_clear(&a->trace);
		minds_jump_again(a->game->minds, w, (size_t)a->sel, a->gx,
		                 a->gy, &jp, a->jctx, a->buf, a->bufcap,
		                 &a->res, &a->trace);
	} else {
		t0 = now_ms();
		minds_search_again(a->game->minds, w, (size_t)a->sel, a->gx,
		                   a->gy, &a->p, a->ctx, a->buf, a->bufcap,
		                   &a->res, NULL);
		a->ms = a->no_timing ? 0 : now_ms() - t0;
		path_trace_clear(&a->trace);
		minds_search_again(a->game->minds, w, (size_t)a->sel, a->gx,
		                   a->gy, &a->p, a->ctx, a->buf, a->bufcap,
		                   &a->res, &a->trace);
	}
	a->total_exp = a->res.stats.expanded;
	if (a->step_shown > a->total_exp)
		a->step_shown = a->total_exp;
	a->have = 1;
	replay_trace(a);
}

/* ---- keys -------------------------------------------------------------- */

static void cycle_params(struct aiview *a, int key)
{
	size_t i, n = sizeof(weights) / sizeof(weights[0]);

	if (!alive(a, a->sel))
		return;
	if (!a->custom) {
		minds_params(a->game->world,
		             a->game->world->monsters[a->sel].kind, &a->p);
		a->jps = minds_kind_jumps(
		        a->game->world, a->game->world->monsters[a->sel].kind);
	}
	a->custom = 1;
	a->by_page = 0;
	switch (key) {
	case 'H':
		a->p.heuristic = (enum path_heuristic)((a->p.heuristic + 1) %
		                                       PATH_H_COUNT);
		break;
	case 'D':
		a->p.diagonal = (enum path_diagonal)((a->p.diagonal + 1) %
		                                     PATH_DIAG_COUNT);
		break;
	case 'W':
		for (i = 0; i < n && weights[i] != a->p.weight; i++)
			;
		a->p.weight = weights[i < n ? (i + 1) % n : 0];
		break;
	case 't':
		a->p.ties = (enum path_ties)((a->p.ties + 1) % PATH_TIES_COUNT);
		break;
	case 'A':
		/* A*, Dijkstra, greedy, BFS, then jump point search. */
		if (a->jps) {
			a->jps = 0;
			a->p.algo = PATH_ASTAR;
		} else if (a->p.algo + 1 == PATH_ALGO_COUNT) {
			a->jps = 1;
		} else {
			a->p.algo = (enum path_algo)(a->p.algo + 1);
		}
		break;
	}
	a->have = 0;
	a->cells_ok = 0;
}

int aiview_entering(const struct aiview *a)
{
	return a->on && a->jumping;
}

/* A key while a step number is typed: digits, Backspace, Enter, Esc. */
static int jump_key(struct aiview *a, int key, char *msg, size_t size)
{
	if (key >= '0' && key <= '9') {
		if (a->jump_to < 100000000)
			a->jump_to = a->jump_to * 10 + (size_t)(key - '0');
		return 1;
	}
	if (key == 127 || key == 8) {
		a->jump_to /= 10;
		return 1;
	}
	a->jumping = 0;
	if (key != VK_ENTER && key != '\r')
		return 1;
	ensure_search(a);
	if (a->jump_to > a->total_exp)
		snprintf(msg, size, "The search has %zu steps: step %zu shown.",
		         a->total_exp, a->total_exp);
	a->step_shown = a->jump_to > a->total_exp ? a->total_exp : a->jump_to;
	a->cells_ok = 0;
	return 1;
}

int aiview_key(struct aiview *a, int key, char *msg, size_t size)
{
	msg[0] = '\0';
	if (a->on && a->jumping)
		return jump_key(a, key, msg, size);
	if (key == '`' || key == VK_F2) {
		a->on = !a->on;
		if (a->on)
			aiview_follow(a);
		aiview_forget(a);
		snprintf(msg, size, "%s",
		         a->on ? "AI view on: ? lists its keys."
		               : "AI view off.");
		return 1;
	}
	if (!a->on)
		return 0;
	switch (key) {
	case 'p':
		a->paths = !a->paths;
		return 1;
	case 'o':
		a->open = !a->open;
		return 1;
	/* One layer of per-cell values at a time: g, h, f, the parent
	 * arrows or the costs; the markers are drawn over it. */
	case 'g':
	case 'h':
	case 'f':
		a->value = a->value == key ? 0 : (char)key;
		a->arrows = a->cost = a->dmap = 0;
		return 1;
	case 'a':
		a->arrows = !a->arrows;
		a->value = 0;
		a->cost = a->dmap = 0;
		return 1;
	case 'c':
		a->cost = !a->cost;
		a->value = 0;
		a->arrows = a->dmap = 0;
		return 1;
	case 'm':
		a->dmap = (a->dmap + 1) % 3;
		a->value = 0;
		a->arrows = a->cost = 0;
		return 1;
	case 'k':
		a->cache = !a->cache;
		return 1;
	case '*':
		a->all = !a->all;
		return 1;
	case 'T':
		a->htable = !a->htable;
		a->have = 0; /* the table's searches run with the next */
		a->cells_ok = 0;
		return 1;
	case 'y':
		a->hier = !a->hier;
		a->have = 0; /* the table gains or loses its row */
		a->cells_ok = 0;
		snprintf(msg, size, "%s",
		         a->hier ? "Hierarchy: cluster edges dim, ! entrances, "
		                   "0-9 the abstract path, * its refinement."
		                 : "Hierarchy off.");
		return 1;
	case 'r':
		a->repair = !a->repair;
		a->dl_ok = 0;
		a->have = 0;
		a->cells_ok = 0;
		snprintf(msg, size, "%s",
		         a->repair ? "D* Lite: the same query, repaired after "
		                     "each change instead of searched again."
		                   : "D* Lite off.");
		return 1;
	case 'z':
		a->boxes = !a->boxes;
		snprintf(msg, size, "%s",
		         a->boxes ? "Cell boxes: f top left, g bottom left, h "
		                    "bottom right, the arrow to the parent."
		                  : "Cell boxes off.");
		return 1;
	case VK_TAB:
		select_next(a);
		return 1;
	case 's':
		a->step = !a->step;
		a->step_shown = 0;
		a->cells_ok = 0;
		snprintf(msg, size, "%s",
		         a->step ? "Step mode: n next, b back, N end, B start, "
		                   "J jump to a step."
		                 : "Step mode off.");
		return 1;
	case 'n':
	case 'b':
	case 'N':
	case 'B':
	case 'J':
		if (!a->step) {
			a->step = 1;
			a->step_shown = 0;
		}
		ensure_search(a);
		if (key == 'n' && a->step_shown < a->total_exp)
			a->step_shown++;
		else if (key == 'b' && a->step_shown > 0)
			a->step_shown--;
		else if (key == 'N')
			a->step_shown = a->total_exp;
		else if (key == 'B')
			a->step_shown = 0;
		else if (key == 'J') {
			a->jumping = 1;
			a->jump_to = 0;
			snprintf(msg, size,
			         "Jump to step: type it, then Enter "
			         "(Esc cancels).");
		}
		a->cells_ok = 0;
		return 1;
	case 'H':
	case 'D':
	case 'W':
	case 'A':
		cycle_params(a, key);
		return 1;
	case 't':
		cycle_params(a, key);
		snprintf(
		        msg, size, "%s",
		        a->p.ties == PATH_TIES_FIFO
		                ? "Ties: first in, first out (no tie-breaking)."
		                : "Ties: toward the lower h.");
		return 1;
	case '0':
		a->custom = 0;
		a->jps = 0;
		a->have = 0;
		a->cells_ok = 0;
		return 1;
	default:
		return 0;
	}
}

/* Whether monster m's current path was made because a map change broke
 * the one before: the cell that broke it is (invalid_x, invalid_y). */
static int broken_by_change(const struct mind *mi)
{
	return mi->len && mi->last_reason == REPLAN_CHANGED &&
	       mi->invalid_x >= 0;
}

/* The turns ahead monster i has reserved by its cooperative plan
 * (coop.c), from the next on: how many, with the first of them in
 * pts[*from], or 0 when it does not plan cooperatively now. */
static size_t coop_steps(const struct aiview *a, long i, struct path_point *pts,
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

/* Why a context went back, as repair_text ends. */
static const char *give_back_text(uint8_t why)
{
	switch (why) {
	case MIND_GIVE_BACK_CHEAP:
		return ", given back: A* is cheap now";
	case MIND_GIVE_BACK_DEAR:
		return ", given back: dearer than A*";
	case MIND_GIVE_BACK_NEAR:
		return ", given back: near the goal";
	case MIND_GIVE_BACK_NO_WAY:
		return ", given back: no way to the goal";
	default:
		return ", given back";
	}
}

/* How monster i made its path again the last time a change broke it,
 * while that path is still its own (to follow the cache text that says
 * what broke it), or "holds a D* Lite context" when it holds one for
 * its goal and its path is not a broken one's; "" when there is nothing
 * to say.  The monster's own repairs, not the view's D* Lite row (r),
 * which runs a context of the view's. */
static void repair_text(const struct aiview *a, long i, char *buf, size_t size)
{
	const struct world *w = a->game->world;
	const struct mind *mi = mind_of(a, i);
	uint32_t expanded;
	int holds;
	enum mind_repair how =
	        minds_repair(a->game->minds, (size_t)i, &expanded, &holds);

	buf[0] = '\0';
	if (!broken_by_change(mi) || mi->cache == MIND_CACHE_SHARED) {
		if (holds)
			snprintf(buf, size, "holds a D* Lite context");
		return;
	}
	switch (how) {
	case MIND_REPAIR_SEARCH:
		snprintf(buf, size, "%s: %u expanded",
		         mi->hier ? "hierarchy"
		         : minds_kind_jumps(w, w->monsters[i].kind) ? "JPS"
		                                                    : "A*",
		         expanded);
		break;
	case MIND_REPAIR_DLITE_PLAN:
		snprintf(buf, size, "D* Lite lent: %u expanded%s", expanded,
		         holds ? "" : give_back_text(mi->given_back));
		break;
	case MIND_REPAIR_DLITE:
		snprintf(buf, size, "repaired by D* Lite: %u expanded%s",
		         expanded, holds ? "" : give_back_text(mi->given_back));
		break;
	default:
		break;
	}
}

static void cache_text(const struct aiview *a, long i, char *buf, size_t size)
{
	const struct world *w = a->game->world;
	const struct mind *mi = mind_of(a, i);
	uint32_t age = w->turn - mi->plan_turn;
	struct path_point pts[64];
	size_t from, n = coop_steps(a, i, pts, 64, &from);

	if (n) {
		snprintf(buf, size, "cooperative (reserved %zu steps)", n);
		return;
	}
	if (broken_by_change(mi) && mi->cache != MIND_CACHE_SHARED) {
		snprintf(buf, size, "re-planned %u ago: %d,%d broke it", age,
		         mi->invalid_x, mi->invalid_y);
		return;
	}
	switch (mi->cache) {
	case MIND_CACHE_REUSED:
		snprintf(buf, size, "reused (age %u)", age);
		break;
	case MIND_CACHE_FRESH:
		snprintf(buf, size, "fresh (%s%s)",
		         event_reason_name((enum replan_reason)mi->last_reason),
		         mi->hier ? ", hierarchy" : "");
		break;
	case MIND_CACHE_INVALIDATED:
		snprintf(buf, size, "broken at %d,%d", mi->invalid_x,
		         mi->invalid_y);
		break;
	default:
		snprintf(buf, size, "%s", mind_cache_name(mi->cache));
		break;
	}
}

/* ---- drawing ----------------------------------------------------------- */

/* A value in the search's units as one character: 0-9, a-z, then '+'. */
static char value_char(uint32_t s)
{
	if (s < 10)
		return (char)('0' + s);
	if (s < 36)
		return (char)('a' + s - 10);
	return '+';
}

/* Heat colours from cold to hot. */
static int heat(uint32_t value, uint32_t max)
{
	static const int ramp[] = {DATA_COLOR_BLUE,  DATA_COLOR_CYAN,
	                           DATA_COLOR_GREEN, DATA_COLOR_YELLOW,
	                           DATA_COLOR_RED,   DATA_COLOR_MAGENTA};
	uint64_t k;

	if (!max)
		return ramp[0];
	k = (uint64_t)value * 5 / max;
	return ramp[k > 5 ? 5 : k];
}

static int cost_color(unsigned cost)
{
	if (cost == 0)
		return DATA_COLOR_WHITE;
	if (cost == 1)
		return DATA_COLOR_BLUE;
	if (cost <= 3)
		return DATA_COLOR_GREEN;
	if (cost <= 6)
		return DATA_COLOR_YELLOW;
	return DATA_COLOR_RED;
}

static uint32_t value_of(const struct aiview *a, size_t k)
{
	return a->value == 'g' ? a->g[k] : a->value == 'h' ? a->h[k] : a->f[k];
}

/* What one unit of a drawn g, h or f is: a step for breadth-first search
 * (its g counts steps, costs ignored), a straight move's cost for the
 * others. */
static uint32_t value_unit(const struct aiview *a)
{
	if (a->p.algo == PATH_BFS || !a->p.straight_cost)
		return 1;
	return a->p.straight_cost;
}

/* Cell k's value of the shown layer, in units, as drawn.  g and f are
 * rounded down; where f = g + h (A* with w = 1) h is drawn as f - g, so
 * that the three add up on screen as they do in the search (the
 * inspector gives them exactly). */
static uint32_t value_drawn(const struct aiview *a, size_t k)
{
	const uint32_t u = value_unit(a);
	const uint32_t g = a->g[k] / u, f = a->f[k] / u;

	if (a->value == 'g')
		return g;
	if (a->value == 'f')
		return f;
	if (a->p.algo == PATH_ASTAR && a->p.weight == PATH_WEIGHT_ONE && f >= g)
		return f - g;
	return a->h[k] / u;
}

/* What the search's f is, for the header and the legend. */
static const char *value_rule(const struct aiview *a)
{
	switch (a->p.algo) {
	case PATH_BFS:
		return "g=f=steps";
	case PATH_DIJKSTRA:
		return "f=g, no h";
	case PATH_GREEDY:
		return "f=h";
	default:
		return a->p.weight == PATH_WEIGHT_ONE ? "f=g+h" : "f=g+w*h";
	}
}

/* Where the map is drawn: the world's cell (ox, oy) at canvas cell
 * (x0, y0), w x h cells. */
struct port {
	int x0, y0, w, h, ox, oy;
};

/* Draws the world's cell (x, y) when it is in the port. */
static void port_put(struct canvas *c, const struct port *pt, int x, int y,
                     char ch, int fg, int attr)
{
	x -= pt->ox;
	y -= pt->oy;
	if (x < 0 || y < 0 || x >= pt->w || y >= pt->h)
		return;
	canvas_put(c, pt->x0 + x, pt->y0 + y, ch, fg, attr);
}

/* Marks the world's cell (x, y) when it is in the port: its character
 * stays, drawn in fg with attr. */
static void port_mark(struct canvas *c, const struct port *pt, int x, int y,
                      int fg, int attr)
{
	x -= pt->ox;
	y -= pt->oy;
	if (x < 0 || y < 0 || x >= pt->w || y >= pt->h)
		return;
	canvas_put(c, pt->x0 + x, pt->y0 + y,
	           c->cells[(size_t)(pt->y0 + y) * (size_t)c->width +
	                    (size_t)(pt->x0 + x)]
	                   .ch,
	           fg, attr);
}

/* Whether a layer of per-cell values (g, h, f, arrows, costs) is on: the
 * markers then keep the values visible. */
static int values_on(const struct aiview *a)
{
	return a->value || a->arrows || a->cost || a->dmap;
}

/* Draws a path of points from index from, skipping the monster's own
 * cell: '*', or over a layer of values the value in reverse video. */
static void draw_path(struct aiview *a, struct canvas *c, const struct port *pt,
                      const struct path_point *pts, size_t from, size_t len,
                      int color, int highlight_next)
{
	size_t i;

	for (i = from + 1; i < len; i++) {
		int attr = i == from + 1 && highlight_next
		                   ? CANVAS_BOLD | CANVAS_REVERSE
		                   : CANVAS_BOLD;

		if (values_on(a))
			port_mark(c, pt, pts[i].x, pts[i].y, color,
			          attr | CANVAS_REVERSE);
		else
			port_put(c, pt, pts[i].x, pts[i].y, '*', color, attr);
	}
}

/* The cells whose change broke a monster's kept path: X. */
static void draw_breaks(struct aiview *a, struct canvas *c,
                        const struct port *pt)
{
	const struct world *w = a->game->world;
	size_t i;

	for (i = 0; i < w->nmonsters; i++) {
		const struct mind *mi = mind_of(a, (long)i);

		if (w->monsters[i].alive &&
		    (mi->cache == MIND_CACHE_INVALIDATED ||
		     broken_by_change(mi)) &&
		    mi->invalid_x >= 0 && mi->invalid_y >= 0)
			port_put(c, pt, mi->invalid_x, mi->invalid_y, 'X',
			         DATA_COLOR_RED, CANVAS_BOLD | CANVAS_REVERSE);
	}
}

/* Every other monster's path, in its colour. */
static void draw_other_paths(struct aiview *a, struct canvas *c,
                             const struct port *pt)
{
	const struct world *w = a->game->world;
	size_t i;

	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		const struct mind *mi = mind_of(a, (long)i);

		if (m->alive && (long)i != a->sel && mi->path)
			draw_path(a, c, pt, mi->path, mi->pos, mi->len,
			          w->data->monsters[m->kind].color, 0);
	}
}

/* The selected monster's cost of every cell: 1-9, + dearer, # never. */
static void draw_costs(struct aiview *a, struct canvas *c,
                       const struct port *pt)
{
	const struct world *w = a->game->world;
	const struct grid *g =
	        minds_kind_grid(a->game->minds, w, w->monsters[a->sel].kind);
	int x, y;

	for (y = 0; g && y < pt->h && pt->oy + y < w->height; y++)
		for (x = 0; x < pt->w && pt->ox + x < w->width; x++) {
			unsigned k =
			        g->cost[grid_index(g, pt->ox + x, pt->oy + y)];
			char ch = k == 0 ? '#' : k > 9 ? '+' : (char)('0' + k);

			port_put(c, pt, pt->ox + x, pt->oy + y, ch,
			         cost_color(k), k == 0 ? CANVAS_DIM : 0);
		}
}

/* The shared distance map the selected monster's kind walks: each cell's
 * distance to its target in straight moves, or the way downhill from it
 * (the step a chaser there takes). */
static void draw_distmap(struct aiview *a, struct canvas *c,
                         const struct port *pt)
{
	const struct world *w = a->game->world;
	const int kind = w->monsters[a->sel].kind;
	const struct grid *g = minds_kind_grid(a->game->minds, w, kind);
	const struct distmap *dm;
	struct path_params p;
	uint32_t vmax = 0, unit;
	int x, y, tx, ty;

	dm = minds_kind_distmap(a->game->minds, kind, &tx, &ty);
	if (!dm || !g)
		return;
	minds_params(w, kind, &p);
	unit = p.straight_cost ? p.straight_cost : 1;
	for (y = pt->oy; y < pt->oy + pt->h && y < w->height; y++)
		for (x = pt->ox; x < pt->ox + pt->w && x < w->width; x++) {
			uint32_t d = distmap_at(dm, x, y);

			if (d != DISTMAP_UNREACHED && d > vmax)
				vmax = d;
		}
	for (y = pt->oy; y < pt->oy + pt->h && y < w->height; y++)
		for (x = pt->ox; x < pt->ox + pt->w && x < w->width; x++) {
			const uint32_t d = distmap_at(dm, x, y);
			int nx, ny, dir;

			if (d == DISTMAP_UNREACHED)
				continue;
			if (a->dmap == 1) {
				port_put(c, pt, x, y, value_char(d / unit),
				         heat(d, vmax), 0);
				continue;
			}
			if (!distmap_step(dm, g, &p, x, y, &nx, &ny))
				continue;
			dir = dir_of(nx - x, ny - y);
			if (dir >= 0)
				port_put(c, pt, x, y, dir_arrow[dir],
				         heat(d, vmax), 0);
		}
}

/* Jump point search's jumps as far as the shown step: the cells each
 * jump ran over, between the jump point it left and the one it found,
 * drawn as the line it ran along. */
static void draw_jumps(struct aiview *a, struct canvas *c,
                       const struct port *pt)
{
	static const char line[DIR_COUNT] = {'|', '-',  '|', '-',
	                                     '/', '\\', '/', '\\'};
	const size_t limit = a->step ? a->step_shown : (size_t)-1;
	size_t i, expansions = 0;

	for (i = 0; i < a->trace.len; i++) {
		const struct path_trace_event *e = &a->trace.events[i];
		int d, x, y;

		if (e->kind == PATH_TRACE_EXPAND) {
			if (expansions++ == limit)
				break;
			continue;
		}
		d = dir_of((e->x > e->px) - (e->x < e->px),
		           (e->y > e->py) - (e->y < e->py));
		if (d < 0)
			continue;
		for (x = e->px + dir_dx[d], y = e->py + dir_dy[d];
		     x != e->x || y != e->y; x += dir_dx[d], y += dir_dy[d])
			port_put(c, pt, x, y, line[d], DATA_COLOR_CYAN, 0);
	}
}

/* Every cell the search reached: its g, h or f, its parent arrow, or
 * open and closed. */
static void draw_search(struct aiview *a, struct canvas *c,
                        const struct port *pt)
{
	const struct world *w = a->game->world;
	uint32_t vmax = 0;
	size_t i;
	int x, y;

	if (a->value)
		for (i = 0; i < a->cells; i++)
			if (a->state[i] && value_of(a, i) > vmax)
				vmax = value_of(a, i);
	for (y = pt->oy; y < pt->oy + pt->h && y < w->height; y++)
		for (x = pt->ox; x < pt->ox + pt->w && x < w->width; x++) {
			const size_t k = world_idx(w, x, y);
			const int closed = a->state[k] == 2;

			if (!a->state[k])
				continue;
			/* Over a layer of values, open cells are bold and
			 * underlined, closed ones plain. */
			if (a->value)
				port_put(c, pt, x, y,
				         value_char(value_drawn(a, k)),
				         heat(value_of(a, k), vmax),
				         closed ? 0
				                : CANVAS_BOLD |
				                          CANVAS_UNDERLINE);
			else if (a->arrows && a->dir[k] >= 0)
				port_put(c, pt, x, y, dir_arrow[(int)a->dir[k]],
				         closed ? DATA_COLOR_BLUE
				                : DATA_COLOR_GREEN,
				         closed ? 0
				                : CANVAS_BOLD |
				                          CANVAS_UNDERLINE);
			else if (a->cost || a->dmap)
				port_mark(c, pt, x, y,
				          closed ? DATA_COLOR_BLUE
				                 : DATA_COLOR_GREEN,
				          closed ? 0
				                 : CANVAS_BOLD |
				                           CANVAS_UNDERLINE);
			else if (a->open)
				port_put(c, pt, x, y, closed ? ':' : 'o',
				         closed ? DATA_COLOR_BLUE
				                : DATA_COLOR_GREEN,
				         closed ? 0 : CANVAS_BOLD);
		}
}

/* The hierarchy's layer: the clusters' edges dimmed, the entrances !,
 * the abstract path's points 0-9 in turn, and the path its windows
 * refined, *, drawn instead of the monster's own. */
static void draw_hier(struct aiview *a, struct canvas *c, const struct port *pt)
{
	const struct world *w = a->game->world;
	const int cs = hpa_csize(a->hpa);
	size_t i;
	int x, y;

	if (!a->hpa || cs <= 0)
		return;
	for (y = pt->oy; y < pt->oy + pt->h && y < w->height; y++)
		for (x = pt->ox; x < pt->ox + pt->w && x < w->width; x++) {
			if (hpa_is_node(a->hpa, x, y))
				port_put(c, pt, x, y, '!', DATA_COLOR_CYAN, 0);
			else if (x % cs == 0 || y % cs == 0)
				port_mark(c, pt, x, y, DATA_COLOR_BLUE,
				          CANVAS_DIM);
		}
	if (a->hres.status != PATH_FOUND)
		return;
	for (i = 1; i + 1 < a->hres.length && i < a->bufcap; i++)
		port_put(c, pt, a->hbuf[i].x, a->hbuf[i].y, '*',
		         DATA_COLOR_GREEN, CANVAS_BOLD);
	for (i = 0; i < a->nhabs; i++)
		port_put(c, pt, a->habs[i].x, a->habs[i].y,
		         (char)('0' + i % 10), DATA_COLOR_YELLOW, CANVAS_BOLD);
}

/* The cells the selected monster has reserved ahead by its cooperative
 * plan, each numbered by the turn it holds it (1 the next, then 2-9 and
 * a-z); a cell held over several turns (a wait) shows the last. */
static void draw_reserved(struct aiview *a, struct canvas *c,
                          const struct port *pt)
{
	struct path_point pts[64];
	size_t from, k, n = coop_steps(a, a->sel, pts, 64, &from);

	for (k = 0; k < n; k++)
		port_put(c, pt, pts[from + k].x, pts[from + k].y,
		         value_char((uint32_t)k + 1), DATA_COLOR_CYAN,
		         CANVAS_BOLD | CANVAS_REVERSE);
}

/* The selected monster's own path; the re-run's when the settings
 * differ, or step mode has finished it, or it is the hunt it would make. */
static void draw_own_path(struct aiview *a, struct canvas *c,
                          const struct port *pt)
{
	const struct mind *mi = mind_of(a, a->sel);
	int finished = !a->step || a->step_shown >= a->total_exp;

	if ((a->custom || a->step || a->whatif) && finished &&
	    (a->res.status == PATH_FOUND || a->res.partial))
		draw_path(a, c, pt, a->buf, 0,
		          a->res.length < a->bufcap ? a->res.length : a->bufcap,
		          DATA_COLOR_MAGENTA, 1);
	else if (!a->custom && !a->step && mi->path)
		draw_path(a, c, pt, mi->path, mi->pos, mi->len,
		          DATA_COLOR_MAGENTA, 1);
	draw_reserved(a, c, pt);
}

void aiview_draw_map(struct aiview *a, struct canvas *c, int x0, int y0, int vw,
                     int vh, int ox, int oy)
{
	const struct port pt = {x0, y0, vw, vh, ox, oy};
	const struct world *w = a->game->world;
	int followed, shown;

	ensure_search(a);
	followed = alive(a, a->sel);
	shown = followed && a->have && a->cells_ok;
	/* Bottom up: the values of the cells, the paths, then the markers
	 * (current node, goal, the cells that broke a path) over them all. */
	if (followed && a->cost)
		draw_costs(a, c, &pt);
	if (followed && a->dmap)
		draw_distmap(a, c, &pt);
	if (shown && a->jps && !values_on(a) && a->open)
		draw_jumps(a, c, &pt);
	if (shown)
		draw_search(a, c, &pt);
	if (a->all && a->paths)
		draw_other_paths(a, c, &pt);
	if (shown && a->paths && !a->hier)
		draw_own_path(a, c, &pt);
	if (shown && a->hier)
		draw_hier(a, c, &pt);
	/* The node step mode stands on, and the goal when it is not the
	 * player. */
	if (shown && a->step && a->cur_x >= 0) {
		if (values_on(a))
			port_mark(c, &pt, a->cur_x, a->cur_y, DATA_COLOR_YELLOW,
			          CANVAS_BOLD | CANVAS_REVERSE |
			                  CANVAS_UNDERLINE);
		else
			port_put(c, &pt, a->cur_x, a->cur_y, 'O',
			         DATA_COLOR_YELLOW,
			         CANVAS_BOLD | CANVAS_REVERSE);
	}
	if (shown && (a->gx != w->px || a->gy != w->py))
		port_put(c, &pt, a->gx, a->gy, 'G', DATA_COLOR_YELLOW,
		         CANVAS_BOLD);
	if (a->cache)
		draw_breaks(a, c, &pt);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static const char *monster_name(const struct aiview *a, long i, char *buf,
                                size_t size)
{
	const struct world *w = a->game->world;

	snprintf(buf, size, "%s#%ld",
	         w->data->monsters[w->monsters[i].kind].name, i);
	return buf;
}

/* The inspector's lines for cell (x, y). */
static void aiview_inspect(struct aiview *a, struct canvas *c, int x0, int y0,
                           int w, int x, int y)
{
	struct world *wo = a->game->world;
	const struct data_terrain *t = world_terrain_at(wo, x, y);
	int mx = x0 + w, row = y0;

	canvas_printf(c, x0, row++, mx, CANVAS_DEFAULT, CANVAS_BOLD,
	              "cell %d,%d %s", x, y, t->name);
	if (alive(a, a->sel)) {
		const struct grid *g = minds_kind_grid(
		        a->game->minds, wo, wo->monsters[a->sel].kind);

		if (g)
			canvas_printf(c, x0, row++, mx, CANVAS_DEFAULT, 0,
			              " cost x%u for it%s",
			              (unsigned)g->cost[grid_index(g, x, y)],
			              g->cost[grid_index(g, x, y)]
			                      ? ""
			                      : " (blocked)");
	}
	if (!a->have || !a->cells_ok) {
		canvas_text(c, x0, row, mx, CANVAS_DEFAULT, 0, " no search");
		return;
	}
	{
		size_t k = world_idx(wo, x, y);

		if (!a->state[k]) {
			canvas_text(c, x0, row, mx, CANVAS_DEFAULT, 0,
			            " not reached by the search");
			return;
		}
		canvas_printf(c, x0, row++, mx, CANVAS_DEFAULT, 0,
		              " g %u h %u f %u", a->g[k], a->h[k], a->f[k]);
		if (a->dir[k] >= 0)
			canvas_printf(c, x0, row++, mx, CANVAS_DEFAULT, 0,
			              " parent %d,%d",
			              x + dir_dx[(int)a->dir[k]],
			              y + dir_dy[(int)a->dir[k]]);
		else
			canvas_text(c, x0, row++, mx, CANVAS_DEFAULT, 0,
			            " the start (no parent)");
		if (a->state[k] == 2)
			canvas_printf(c, x0, row, mx, CANVAS_DEFAULT, 0,
			              " closed, expanded #%d", a->order[k] + 1);
		else
			canvas_text(c, x0, row, mx, CANVAS_DEFAULT, 0,
			            " open (not expanded yet)");
	}
}

/* The panel's rows: text from x0 to mx, the next free row, and the row
 * the text must stay above. */
struct rows {
	int x0, mx, row, last;
};

static void panel_history(struct aiview *a, struct canvas *c, struct rows *r);

/* Text on the panel's next rows, broken at spaces to fit its width; the
 * rows after the first are indented by three. */
static void panel_wrap(struct canvas *c, struct rows *r, int attr,
                       const char *text)
{
	r->row = canvas_wrap(c, r->x0, r->row, r->last, r->mx - r->x0, 3,
	                     CANVAS_DEFAULT, attr, text);
}

/* Every monster's path cache, nearest the player first. */
static void panel_caches(struct aiview *a, struct canvas *c, struct rows *r)
{
	const struct world *wo = a->game->world;
	uint64_t *nearest;
	char name[64], buf[96];
	size_t k, n;

	if (r->row + 1 >= r->last)
		return;
	canvas_text(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT, CANVAS_BOLD,
	            "path cache, nearest first");
	nearest =
	        malloc((wo->nmonsters ? wo->nmonsters : 1) * sizeof(*nearest));
	for (k = 0, n = 0; nearest && k < wo->nmonsters; k++) {
		const struct world_monster *m = &wo->monsters[k];
		int dx = abs(m->x - wo->px), dy = abs(m->y - wo->py);

		if (m->alive)
			nearest[n++] = (uint64_t)(dx > dy ? dx : dy) << 32 |
			               (uint64_t)k;
	}
	if (nearest)
		qsort(nearest, n, sizeof(*nearest), cmp_u64);
	for (k = 0; k < n && r->row < r->last; k++) {
		size_t mi = (size_t)(nearest[k] & 0xffffffffu);

		cache_text(a, (long)mi, buf, sizeof(buf));
		canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT, 0,
		              "%c%-12.12s %s", (long)mi == a->sel ? '>' : ' ',
		              monster_name(a, (long)mi, name, sizeof(name)),
		              buf);
	}
	free(nearest);
}

/* The same query by A* under every heuristic: whether it is admissible
 * under the current rule and costs, and what a heuristic that is not
 * costs over the optimal path. */
static void panel_heuristics(struct aiview *a, struct canvas *c, struct rows *r)
{
	const uint32_t best = a->cmp[1].cost; /* Dijkstra's: optimal */
	char over[128] = "";
	int i;

	if (r->row < r->last)
		canvas_text(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
		            CANVAS_BOLD, "A* by h:  adm expanded cost");
	for (i = 0; i < PATH_H_COUNT && r->row < r->last && a->have; i++) {
		const struct ai_cmp *q = &a->hcmp[i];
		const int adm = path_heuristic_admissible(
		        &a->p, (enum path_heuristic)i);

		if (q->status == PATH_FOUND)
			canvas_printf(
			        c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			        i == (int)a->p.heuristic ? CANVAS_BOLD : 0,
			        "%c%-9s %-3s %6u %5u",
			        i == (int)a->p.heuristic ? '>' : ' ', q->label,
			        adm ? "yes" : "no", q->expanded, q->cost);
		else
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, "%c%-9s %-3s %6u %s",
			              i == (int)a->p.heuristic ? '>' : ' ',
			              q->label, adm ? "yes" : "no", q->expanded,
			              cmp_short_name(q->status));
		if (q->status == PATH_FOUND && a->cmp[1].status == PATH_FOUND &&
		    q->cost > best) {
			size_t n = strlen(over);

			snprintf(over + n, sizeof(over) - n, " %s +%u",
			         q->label, q->cost - best);
		}
	}
	if (*over && r->row < r->last) {
		char buf[160];

		snprintf(buf, sizeof(buf), "over optimal:%s", over);
		panel_wrap(c, r, 0, buf);
	}
}

/* The same query by every algorithm, and the legend. */
static void panel_compare(struct aiview *a, struct canvas *c, struct rows *r)
{
	if (a->htable) {
		panel_heuristics(a, c, r);
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
		            CANVAS_BOLD, "same query:  expanded cost");
	for (i = 0; i < cmp_rows(a) && r->row < r->last && a->have; i++) {
		const struct ai_cmp *q = &a->cmp[i];

		if (q->status == PATH_FOUND && i == CMP_HPA && best)
			/* How far from the cheapest: Dijkstra's, or jump
			 * point search's when Dijkstra ran out of budget. */
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %-8s %6u %5u +%.1f%%", q->label,
			              q->expanded, q->cost,
			              100.0 * ((double)q->cost - best) / best);
		else if (q->status == PATH_FOUND)
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %-8s %6u %5u", q->label, q->expanded,
			              q->cost);
		else if (cmp_refused(a, i))
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %-8s %s", q->label,
			              cmp_status_short(a, i));
		else
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %-8s %6u %s", q->label, q->expanded,
			              cmp_status_short(a, i));
	}
	if (a->repair && a->have && a->dl && r->row < r->last) {
		char buf[256];

		if (a->dres.status == PATH_FOUND)
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %-8s %6u %5u", "D* Lite",
			              a->dres.stats.expanded, a->dres.cost);
		else
			canvas_printf(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT,
			              0, " %-8s %6u %s", "D* Lite",
			              a->dres.stats.expanded,
			              cmp_short_name(a->dres.status));
		if (a->dl_fresh)
			snprintf(buf, sizeof(buf),
			         "D* Lite planned afresh; from now on it "
			         "repairs this search as the map and the "
			         "crowd change");
		else
			snprintf(buf, sizeof(buf),
			         "D* Lite repaired its search after %zu "
			         "cells changed: %u expanded, where the "
			         "shown search started over with %zu",
			         a->dl_changed, a->dres.stats.expanded,
			         a->total_exp);
		panel_wrap(c, r, 0, buf);
	} else if (a->repair && a->have && !dlite_takes(a) &&
	           r->row < r->last) {
		panel_wrap(c, r, 0,
		           "D* Lite: n/a (A* with w=1 and an admissible h, "
		           "or Dijkstra)");
	}
	if (a->hier && a->have && a->hpa && r->row < r->last) {
		char buf[256];
		size_t ncl, nn;

		hpa_counts(a->hpa, &ncl, &nn, NULL);
		snprintf(buf, sizeof(buf),
		         "hierarchy: %zu clusters of %d, %zu entrances; "
		         "abstract path %zu points, %u expanded; %u window%s "
		         "refined it, %u cells; %.2f ms",
		         ncl, hpa_csize(a->hpa), nn, a->nhabs,
		         a->hinfo.abstract_expanded, a->hinfo.windows,
		         a->hinfo.windows == 1 ? "" : "s",
		         a->hinfo.link_expanded + a->hinfo.refine_expanded,
		         a->hms);
		panel_wrap(c, r, 0, buf);
	}
}

/* One more entry of the legend, on the current row if it fits, else on
 * the next; *x is where the row's text ends (r->x0 when it is empty). */
static void legend_add(struct canvas *c, struct rows *r, int *x,
                       const char *text)
{
	const int n = (int)strlen(text);

	if (*x > r->x0 && *x + 2 + n > r->mx) {
		r->row++;
		*x = r->x0;
	}
	if (r->row >= r->last)
		return;
	if (*x > r->x0)
		*x += 2;
	*x = canvas_text(c, *x, r->row, r->mx, CANVAS_DEFAULT, 0, text);
}

/* The legend: every symbol the layers that are on draw, and nothing
 * else. */
static void panel_legend(struct aiview *a, struct canvas *c, struct rows *r)
{
	const struct world *w = a->game->world;
	const int values = values_on(a);
	char rule[48];
	int x = r->x0;

	if (r->row + 1 >= r->last)
		return;
	r->row++;
	if (a->value) {
		if (value_unit(a) == 1)
			snprintf(rule, sizeof(rule), "%s: 0-9 a-z +",
			         value_rule(a));
		else
			snprintf(rule, sizeof(rule), "%s, /%u: 0-9 a-z +",
			         value_rule(a), value_unit(a));
		legend_add(c, r, &x, rule);
	}
	if (a->arrows)
		legend_add(c, r, &x, "^>v</\\ to parent");
	if (a->cost)
		legend_add(c, r, &x, "1-9 cost  + dearer  # never");
	if (a->dmap) {
		int tx, ty;
		const int kind = w->monsters[a->sel].kind;

		if (!minds_kind_distmap(a->game->minds, kind, &tx, &ty)) {
			legend_add(c, r, &x, "no shared map for this kind");
		} else {
			legend_add(c, r, &x,
			           a->dmap == 1
			                   ? "shared map: moves 0-9 a-z +"
			                   : "shared map: ^>v</\\ downhill");
			/* A far map stays rooted where the player stood while
			 * its far chasers read it (shared.c). */
			if (tx != w->px || ty != w->py) {
				char root[48];
				int dx = abs(tx - w->px), dy = abs(ty - w->py);

				snprintf(root, sizeof(root),
				         "root %d,%d, %d away", tx, ty,
				         dx > dy ? dx : dy);
				legend_add(c, r, &x, root);
			}
		}
	}
	if (a->paths && !a->hier)
		legend_add(c, r, &x, values ? "reverse: path" : "* path");
	if (a->paths && a->all)
		legend_add(c, r, &x, "others' in their colour");
	if (a->have && (a->gx != w->px || a->gy != w->py))
		legend_add(c, r, &x, "G goal");
	if (a->step)
		legend_add(c, r, &x,
		           values ? "reverse+underlined: current"
		                  : "O current");
	if (values) {
		legend_add(c, r, &x, "underlined: open");
	} else if (a->open) {
		legend_add(c, r, &x, a->jps ? "o open jump point" : "o open");
		legend_add(c, r, &x, ": closed");
		if (a->jps)
			legend_add(c, r, &x, "-|/\\ jumps");
	}
	if (a->cache)
		legend_add(c, r, &x, "X broke a path");
	if (a->hier) {
		legend_add(c, r, &x, "dim: cluster edges");
		legend_add(c, r, &x, "! entrance");
		legend_add(c, r, &x, "0-9 abstract path");
		legend_add(c, r, &x, "* refined");
	}
	if (a->boxes) {
		legend_add(c, r, &x, "box: f ^ / g h");
		if (a->box_div > 1) {
			char div[32];

			snprintf(div, sizeof(div), "values /%u", a->box_div);
			legend_add(c, r, &x, div);
		}
	}
	if (x > r->x0)
		r->row++;
}

/* ---- step mode's narration --------------------------------------------- */

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

/* Step mode's panel: the step in words, which cell left the open list
 * and why, and what became of each neighbour. */
static void panel_step(struct aiview *a, struct canvas *c, struct rows *r)
{
	const struct world *w = a->game->world;
	const struct path_trace_event *ev = a->trace.events, *e;
	const struct grid *g;
	struct step_nb nb[DIR_COUNT];
	size_t from, to, i, n = 0, ties = 0, k;
	int d, dirs;
	char buf[128];

	if (r->row >= r->last)
		return;
	if (a->step_shown == 0 || step_span(a, a->step_shown, &from, &to)) {
		snprintf(buf, sizeof(buf),
		         "step 0/%zu: the start %d,%d is the open list; n "
		         "takes the first step",
		         a->total_exp, a->sx, a->sy);
		panel_wrap(c, r, 0, buf);
		return;
	}
	e = &ev[from];
	snprintf(buf, sizeof(buf), "step %zu/%zu: expands %d,%d", a->step_shown,
	         a->total_exp, e->x, e->y);
	panel_wrap(c, r, CANVAS_BOLD, buf);
	/* Why: the lowest f, and among equal f the higher g (lower h), or
	 * without tie-breaking the first pushed.  The cells open just before
	 * this step with the same f are the ties. */
	{
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
		}
		if (pushed && ties)
			snprintf(buf, sizeof(buf),
			         "lowest f %llu (g %u h %u), tied with %zu: "
			         "%s",
			         (unsigned long long)f, pushed->g, pushed->h,
			         ties,
			         !a->jps && a->p.ties == PATH_TIES_FIFO
			                 ? "the first pushed goes first"
			                 : "the higher g goes first");
		else if (pushed)
			snprintf(buf, sizeof(buf), "lowest f %llu (g %u h %u)",
			         (unsigned long long)f, pushed->g, pushed->h);
		else
			snprintf(buf, sizeof(buf), "the start");
		panel_wrap(c, r, 0, buf);
	}
	if (e->x == a->gx && e->y == a->gy) {
		panel_wrap(c, r, CANVAS_BOLD, "the goal: the search ends");
		return;
	}
	if (a->jps) {
		/* Jump point search looks along the lines the way in allows
		 * and pushes the jump points it finds at their ends. */
		size_t jumps = 0;

		for (i = from + 1; i < to; i++) {
			const struct path_trace_event *q = &ev[i];
			int dj = dir_of((q->x > e->x) - (q->x < e->x),
			                (q->y > e->y) - (q->y < e->y));
			const int before =
			        trace_last_push(a, q->x, q->y, from) != NULL;

			snprintf(buf, sizeof(buf),
			         "jump %s to %d,%d: %s g %u h %u f %llu",
			         dj >= 0 ? dir_name[dj] : "?", q->x, q->y,
			         before ? "better" : "new", q->g, q->h,
			         (unsigned long long)q->f);
			panel_wrap(c, r, 0, buf);
			jumps++;
		}
		if (!jumps)
			panel_wrap(c, r, 0,
			           "no jump point along the lines from here");
		return;
	}
	/* Each neighbour: new, improved, not better, closed, blocked or
	 * refused by the corner rule. */
	g = minds_kind_grid(a->game->minds, w, w->monsters[a->sel].kind);
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
	{
		/* New and improved ones a line each; the others grouped by
		 * what stopped them. */
		static const char *const what[] = {"not better", "closed",
		                                   "blocked", "corner rule"};
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
				corner = g->cost[grid_index(g,
				                            e->x + dir_dx[q->d],
				                            e->y)] == 0 ||
				         g->cost[grid_index(
				                 g, e->x,
				                 e->y + dir_dy[q->d])] == 0;
			if (q->now && q->before) {
				snprintf(buf, sizeof(buf),
				         "%s %d,%d better: g %u -> %u f %llu",
				         dir_name[q->d], q->x, q->y,
				         q->before->g, q->now->g,
				         (unsigned long long)q->now->f);
				panel_wrap(c, r, 0, buf);
			} else if (q->now) {
				snprintf(buf, sizeof(buf),
				         "%s %d,%d new: g %u h %u f %llu",
				         dir_name[q->d], q->x, q->y, q->now->g,
				         q->now->h,
				         (unsigned long long)q->now->f);
				panel_wrap(c, r, 0, buf);
			} else if (!g ||
			           g->cost[grid_index(g, q->x, q->y)] == 0) {
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

				snprintf(group[kind] + len,
				         sizeof(group[kind]) - len, " %s",
				         dir_name[q->d]);
			}
		}
		for (m = 0; m < 4; m++)
			if (group[order[m]][0]) {
				snprintf(buf, sizeof(buf), "%s:%.39s",
				         what[order[m]], group[order[m]]);
				panel_wrap(c, r, 0, buf);
			}
	}
}

/* The first entries of the open list after the shown step, lowest f
 * first (then the higher g, as the search takes them). */
static void panel_open(struct aiview *a, struct canvas *c, struct rows *open)
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
	snprintf(buf, sizeof(buf), "open list (%zu), first:", a->nopen);
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

void aiview_draw_panel(struct aiview *a, struct canvas *c, int x0, int y0,
                       int w, int h, const int *look)
{
	/* A panel wide enough for two (under a wide map) has the monster
	 * on the left and the comparison on the right. */
	const int split = w >= 60;
	struct rows r = {split ? x0 + 1 : x0 + 2, split ? x0 + w / 2 : x0 + w,
	                 y0, y0 + h};
	struct rows right = {x0 + w / 2 + 2, x0 + w, y0, y0 + h};
	const struct mind *mi;
	char name[64], buf[128];
	int i;

	canvas_fill(c, x0, y0, w, h);
	for (i = y0; i < r.last; i++)
		canvas_put(c, split ? x0 + w / 2 : x0, i, '|', CANVAS_DEFAULT,
		           CANVAS_DIM);
	ensure_search(a);
	/* Unlike the game screen, which shows what the player sees, the
	 * view draws everything, seen or not. */
	canvas_text(c, r.x0, r.row++, r.mx, CANVAS_DEFAULT, CANVAS_BOLD,
	            "AI VIEW: whole map (? keys)");
	canvas_printf(c, r.x0, r.row++, r.mx, CANVAS_DEFAULT, 0,
	              "on:%s%s%s%s%s%s%s%s%s", a->paths ? " p" : "",
	              a->open ? " o" : "",
	              a->value == 'g'   ? " g"
	              : a->value == 'h' ? " h"
	              : a->value == 'f' ? " f"
	                                : "",
	              a->arrows ? " a" : "", a->cost ? " c" : "",
	              a->cache ? " k" : "", a->step ? " s" : "",
	              a->all ? " *" : "", a->dmap ? " m" : "");
	if (!alive(a, a->sel)) {
		canvas_text(c, r.x0, r.row++, r.mx, CANVAS_DEFAULT, 0,
		            "no monster to follow");
		return;
	}
	mi = mind_of(a, a->sel);
	canvas_printf(c, r.x0, r.row++, r.mx, CANVAS_DEFAULT, CANVAS_BOLD,
	              "%s (Tab)", monster_name(a, a->sel, name, sizeof(name)));
	snprintf(buf, sizeof(buf), " %s, goal %d,%d", mind_mode_name(mi->mode),
	         mi->goal_x, mi->goal_y);
	panel_wrap(c, &r, 0, buf);
	{
		char cache[96];

		char how[64];

		cache_text(a, a->sel, cache, sizeof(cache));
		repair_text(a, a->sel, how, sizeof(how));
		/* How a broken path was made again goes on the row that
		 * says it broke. */
		snprintf(buf, sizeof(buf), " cache %s%s%s", cache,
		         how[0] ? "; " : "", how);
		panel_wrap(c, &r, 0, buf);
	}
	if (look && r.last - r.row >= 6) {
		r.last -= 6;
		canvas_text(c, r.x0, r.last, r.mx, CANVAS_DEFAULT, CANVAS_BOLD,
		            "inspector");
		aiview_inspect(a, c, r.x0, r.last + 1, r.mx - r.x0, look[0],
		               look[1]);
	}
	/* The comparison and the legend always; the path caches (k) where
	 * room is left: under the monster in two columns, else under the
	 * legend. */
	if (split) {
		struct rows left = r;

		r = right;
		if (a->step) {
			left.row += left.row < left.last;
			panel_open(a, c, &left);
		} else if (a->cache) {
			panel_history(a, c, &left);
			left.row += left.row < left.last;
			panel_caches(a, c, &left);
		}
	}
	if (a->step)
		panel_step(a, c, &r);
	else
		panel_compare(a, c, &r);
	panel_legend(a, c, &r);
	if (a->step && !split)
		panel_open(a, c, &r);
	if (a->cache && !split) {
		panel_history(a, c, &r);
		panel_caches(a, c, &r);
	}
}

void aiview_draw_stats(struct aiview *a, struct canvas *c, int y, int w)
{
	char name[64], cache[64], step[48] = "", weight[16], settings[96];
	int x;

	ensure_search(a);
	if (!alive(a, a->sel) || !a->have) {
		canvas_text(c, 0, y, w, CANVAS_DEFAULT, 0,
		            "AI view: no monster to follow");
		return;
	}
	cache_text(a, a->sel, cache, sizeof(cache));
	if (a->step && a->jumping)
		snprintf(step, sizeof(step), " | step %zu/%zu, jump to: %zu_",
		         a->step_shown, a->total_exp, a->jump_to);
	else if (a->step)
		snprintf(step, sizeof(step), " | step %zu/%zu", a->step_shown,
		         a->total_exp);
	if (a->p.weight % 1000)
		snprintf(weight, sizeof(weight), "%u.%u", a->p.weight / 1000,
		         a->p.weight % 1000 / 100);
	else
		snprintf(weight, sizeof(weight), "%u", a->p.weight / 1000);
	/* What each algorithm really uses: no heuristic for Dijkstra and
	 * breadth-first search, no weight but for A*, no costs for
	 * breadth-first search. */
	switch (a->jps ? PATH_ALGO_COUNT : (int)a->p.algo) {
	case PATH_ALGO_COUNT:
		snprintf(settings, sizeof(settings),
		         "JPS octile %s (f=g+h over jump points)%s",
		         path_diagonal_name(a->p.diagonal),
		         a->res.status == PATH_BAD_ARG
		                 ? a->p.diagonal == PATH_DIAG_NEVER
		                           ? ": n/a on 4-way"
		                           : ": n/a, costs vary"
		                 : "");
		break;
	case PATH_BFS:
		snprintf(settings, sizeof(settings),
		         "BFS %s (steps, costs ignored)",
		         path_diagonal_name(a->p.diagonal));
		break;
	case PATH_DIJKSTRA:
		snprintf(settings, sizeof(settings), "Dijkstra %s (f=g, no h)",
		         path_diagonal_name(a->p.diagonal));
		break;
	case PATH_GREEDY:
		snprintf(settings, sizeof(settings), "greedy %s %s (f=h)",
		         path_heuristic_name(a->p.heuristic),
		         path_diagonal_name(a->p.diagonal));
		break;
	default:
		snprintf(settings, sizeof(settings), "A* %s %s w=%s (%s)",
		         path_heuristic_name(a->p.heuristic),
		         path_diagonal_name(a->p.diagonal), weight,
		         value_rule(a));
		break;
	}
	/* Ties are said only when they are not broken, the usual way. */
	if (!a->jps && a->p.ties == PATH_TIES_FIFO) {
		size_t n = strlen(settings);

		snprintf(settings + n, sizeof(settings) - n, " FIFO ties");
	}
	canvas_printf(
	        c, 0, y, w, CANVAS_DEFAULT, CANVAS_BOLD, "%s %s%s | %s%s%s",
	        monster_name(a, a->sel, name, sizeof(name)),
	        mind_mode_name(mind_of(a, a->sel)->mode),
	        a->whatif ? " (if it hunted you)" : "", settings,
	        a->custom && !a->by_page ? " (changed: 0 resets)" : "", step);
	x = canvas_printf(c, 0, y + 1, w, CANVAS_DEFAULT, 0,
	                  "expanded %zu open %zu | ",
	                  a->step ? a->step_shown : a->total_exp, a->nopen);
	if (a->res.status == PATH_FOUND)
		x = canvas_printf(c, x, y + 1, w, CANVAS_DEFAULT, 0,
		                  "path %zu cost %u", a->res.length,
		                  a->res.cost);
	else
		x = canvas_printf(c, x, y + 1, w, CANVAS_DEFAULT, CANVAS_BOLD,
		                  "%s%s", path_status_name(a->res.status),
		                  a->res.partial ? " (partial path)" : "");
	if (a->ms < 1)
		canvas_printf(c, x, y + 1, w, CANVAS_DEFAULT, 0,
		              " | cache %s | %.0f us", cache, a->ms * 1000);
	else
		canvas_printf(c, x, y + 1, w, CANVAS_DEFAULT, 0,
		              " | cache %s | %.2f ms", cache, a->ms);
}

/* Draws one layer alone over the whole map into c (sized to the map). */
static void dump_layer(struct aiview *a, struct canvas *c, FILE *out,
                       const char *title, int paths, int open, char value,
                       int arrows, int cost, int hier)
{
	const struct aiview saved = *a; /* the switches to restore */
	const struct world *w = a->game->world;
	char *row = malloc((size_t)c->width + 1);
	int x, y;
	size_t i;

	if (!row)
		return;
	a->paths = paths;
	a->open = open;
	a->value = value;
	a->arrows = arrows;
	a->cost = cost;
	a->hier = hier;
	a->cache = 0;
	a->all = 0;
	canvas_clear(c);
	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++)
			canvas_put(c, x, y, world_terrain_at(w, x, y)->glyph,
			           CANVAS_DEFAULT, 0);
	aiview_draw_map(a, c, 0, 0, w->width, w->height, 0, 0);
	for (i = 0; i < w->nmonsters; i++)
		if (w->monsters[i].alive)
			canvas_put(c, w->monsters[i].x, w->monsters[i].y,
			           w->data->monsters[w->monsters[i].kind].glyph,
			           CANVAS_DEFAULT, 0);
	canvas_put(c, w->px, w->py, '@', CANVAS_DEFAULT, 0);
	fprintf(out, "layer %s:\n", title);
	for (y = 0; y < c->height; y++) {
		canvas_row_text(c, y, row);
		fprintf(out, "|%s\n", row);
	}
	free(row);
	a->paths = saved.paths;
	a->open = saved.open;
	a->value = saved.value;
	a->arrows = saved.arrows;
	a->cost = saved.cost;
	a->hier = saved.hier;
	a->cache = saved.cache;
	a->all = saved.all;
}

void aiview_dump_layers(struct aiview *a, FILE *out)
{
	struct canvas c = {0};
	int i;

	if (!alive(a, a->sel)) {
		fprintf(out, "ai: no monster to follow\n");
		return;
	}
	if (canvas_resize(&c, a->game->world->width, a->game->world->height) !=
	    0)
		return;
	{
		struct canvas line = {0};
		char *row = malloc(401);

		if (row && canvas_resize(&line, 400, 2) == 0) {
			aiview_draw_stats(a, &line, 0, 400);
			canvas_row_text(&line, 0, row);
			fprintf(out, "ai: %s\n", row);
			canvas_row_text(&line, 1, row);
			fprintf(out, "ai: %s\n", row);
			canvas_fini(&line);
		}
		free(row);
	}
	for (i = 0; i < cmp_rows(a) && a->have; i++)
		fprintf(out, "compare: %s expanded=%u cost=%u status=%s\n",
		        a->cmp[i].label, a->cmp[i].expanded, a->cmp[i].cost,
		        cmp_status(a, i));
	dump_layer(a, &c, out, "paths", 1, 0, 0, 0, 0, 0);
	dump_layer(a, &c, out, "open", 0, 1, 0, 0, 0, 0);
	dump_layer(a, &c, out, "g", 0, 0, 'g', 0, 0, 0);
	dump_layer(a, &c, out, "h", 0, 0, 'h', 0, 0, 0);
	dump_layer(a, &c, out, "f", 0, 0, 'f', 0, 0, 0);
	dump_layer(a, &c, out, "arrows", 0, 0, 0, 1, 0, 0);
	dump_layer(a, &c, out, "cost", 0, 0, 0, 0, 1, 0);
	if (a->hier)
		dump_layer(a, &c, out, "hierarchy", 0, 0, 0, 0, 0, 1);
	canvas_fini(&c);
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
		mi = mind_of(a, e->actor);
		h = &a->replans[a->nreplans++ % HISTORY_KEEP];
		h->turn = e->turn + 1; /* as the status line counts */
		h->monster = e->actor;
		h->reason = e->value;
		h->x = e->value == REPLAN_CHANGED ? mi->invalid_x : -1;
		h->y = e->value == REPLAN_CHANGED ? mi->invalid_y : -1;
	}
}

/* The selected monster's last re-plans, newest first: turn, reason and
 * the cell whose change broke the path, in as few rows as they take. */
static void panel_history(struct aiview *a, struct canvas *c, struct rows *r)
{
	size_t n = a->nreplans < HISTORY_KEEP ? a->nreplans : HISTORY_KEEP;
	size_t i, shown = 0, len;
	char name[64], buf[256];

	if (r->row >= r->last)
		return;
	len = (size_t)snprintf(buf, sizeof(buf), "%s re-planned:",
	                       monster_name(a, a->sel, name, sizeof(name)));
	for (i = 0; i < n && shown < 6 && len < sizeof(buf) - 48; i++) {
		const struct ai_replan *h =
		        &a->replans[(a->nreplans - 1 - i) % HISTORY_KEEP];

		if (h->monster != a->sel)
			continue;
		if (h->x >= 0)
			len += (size_t)snprintf(buf + len, sizeof(buf) - len,
			                        "%s turn %u %d,%d changed",
			                        shown ? ";" : "", h->turn, h->x,
			                        h->y);
		else
			len += (size_t)snprintf(
			        buf + len, sizeof(buf) - len, "%s turn %u %s",
			        shown ? ";" : "", h->turn,
			        event_reason_name(
			                (enum replan_reason)h->reason));
		shown++;
	}
	if (!shown)
		snprintf(buf, sizeof(buf), "%s: no re-plan seen yet", name);
	panel_wrap(c, r, 0, buf);
}

/* ---- cell boxes -------------------------------------------------------- */

#define BOX_W 8 /* columns per cell box, its left border included */
#define BOX_H 4 /* rows per cell box, its top border included */

int aiview_boxes(const struct aiview *a)
{
	return a->on && a->boxes && alive(a, a->sel);
}

void aiview_box_focus(struct aiview *a, int *x, int *y)
{
	const struct world_monster *m = &a->game->world->monsters[a->sel];

	ensure_search(a);
	if (a->step && a->cur_x >= 0) {
		*x = a->cur_x;
		*y = a->cur_y;
	} else {
		*x = m->x;
		*y = m->y;
	}
}

/* The first cell shown of n on a map of size map, so that focus is in
 * view. */
static int box_origin(int focus, int map, int n)
{
	int o = focus - n / 2;

	if (o > map - n)
		o = map - n;
	return o < 0 ? 0 : o;
}

/* One cell's box at canvas (bx, by): f top left and the arrow to the
 * parent top right, the cell in the middle (what stands on it, or its
 * mark: * path, G goal, o open, : closed), g bottom left and h bottom
 * right, as the classic figure draws them. */
static void draw_box(struct aiview *a, struct canvas *c, int bx, int by, int x,
                     int y, const uint8_t *on_path, const struct grid *g)
{
	const struct world *w = a->game->world;
	const size_t k = world_idx(w, x, y);
	const struct data_terrain *t = world_terrain_at(w, x, y);
	const int reached = a->cells_ok && a->state[k];
	const int current = a->step && x == a->cur_x && y == a->cur_y;
	const int mon = world_monster_at(w, x, y);
	int attr = current ? CANVAS_REVERSE | CANVAS_BOLD : 0;
	int fg = !reached           ? CANVAS_DEFAULT
	         : a->state[k] == 2 ? DATA_COLOR_BLUE
	                            : DATA_COLOR_GREEN;
	const int wall =
	        g ? g->cost[grid_index(g, x, y)] == 0 : !t->walk && !t->door;
	char mid, buf[16];
	int i, j;

	for (i = 1; i < BOX_W; i++)
		canvas_put(c, bx + i, by, '-', CANVAS_DEFAULT, CANVAS_DIM);
	canvas_put(c, bx, by, '+', CANVAS_DEFAULT, CANVAS_DIM);
	for (j = 1; j < BOX_H; j++) {
		canvas_put(c, bx, by + j, '|', CANVAS_DEFAULT, CANVAS_DIM);
		for (i = 1; i < BOX_W; i++)
			canvas_put(c, bx + i, by + j, wall ? '#' : ' ',
			           CANVAS_DEFAULT,
			           (wall ? CANVAS_DIM : 0) | attr);
	}
	if (x == w->px && y == w->py)
		mid = '@';
	else if (mon >= 0)
		mid = w->data->monsters[w->monsters[mon].kind].glyph;
	else if (current)
		mid = 'O';
	else if (x == a->gx && y == a->gy)
		mid = 'G';
	else if (on_path && on_path[k])
		mid = '*';
	else if (reached)
		mid = a->state[k] == 2 ? ':' : 'o';
	else
		mid = t->glyph;
	canvas_put(c, bx + BOX_W / 2, by + 2, mid,
	           mid == '*' ? DATA_COLOR_MAGENTA : fg, CANVAS_BOLD | attr);
	if (!reached)
		return;
	snprintf(buf, sizeof(buf), "%u", a->f[k] / a->box_div);
	canvas_text(c, bx + 1, by + 1, bx + BOX_W - 1, fg, CANVAS_BOLD | attr,
	            buf);
	if (a->dir[k] >= 0)
		canvas_put(c, bx + BOX_W - 1, by + 1, dir_arrow[(int)a->dir[k]],
		           fg, attr);
	snprintf(buf, sizeof(buf), "%u", a->g[k] / a->box_div);
	canvas_text(c, bx + 1, by + 3, bx + BOX_W / 2, fg, attr, buf);
	snprintf(buf, sizeof(buf), "%u", a->h[k] / a->box_div);
	canvas_text(c, bx + BOX_W - (int)strlen(buf), by + 3, bx + BOX_W, fg,
	            attr, buf);
}

void aiview_draw_boxes(struct aiview *a, struct canvas *c, int x0, int y0,
                       int w, int h, int fx, int fy)
{
	const struct world *wo = a->game->world;
	const int cols = (w - 1) / BOX_W, rows = (h - 1) / BOX_H;
	const int nx = cols < wo->width ? cols : wo->width;
	const int ny = rows < wo->height ? rows : wo->height;
	const int ox = box_origin(fx, wo->width, nx);
	const int oy = box_origin(fy, wo->height, ny);
	uint8_t *on_path = NULL;
	uint32_t vmax = 0;
	int x, y;

	ensure_search(a);
	canvas_fill(c, x0, y0, w, h);
	if (nx <= 0 || ny <= 0)
		return;
	/* The search's path, as marks, once step mode has found it. */
	if (a->paths && a->have &&
	    (!a->step || a->step_shown >= a->total_exp) &&
	    (a->res.status == PATH_FOUND || a->res.partial)) {
		on_path = calloc(a->cells, 1);
		if (on_path) {
			size_t i;

			for (i = 0; i < a->res.length && i < a->bufcap; i++)
				on_path[world_idx(wo, a->buf[i].x,
				                  a->buf[i].y)] = 1;
		}
	}
	/* The values as they are, or divided by 10, 100... until the
	 * largest shown fits in three digits. */
	for (y = oy; y < oy + ny; y++)
		for (x = ox; x < ox + nx; x++) {
			const size_t k = world_idx(wo, x, y);

			if (a->cells_ok && a->state[k]) {
				if (a->f[k] > vmax)
					vmax = a->f[k];
				if (a->g[k] > vmax)
					vmax = a->g[k];
				if (a->h[k] > vmax)
					vmax = a->h[k];
			}
		}
	for (a->box_div = 1; vmax / a->box_div > 999; a->box_div *= 10)
		;
	for (y = 0; y < ny; y++)
		for (x = 0; x < nx; x++)
			draw_box(a, c, x0 + x * BOX_W, y0 + y * BOX_H, ox + x,
			         oy + y, on_path,
			         minds_kind_grid(a->game->minds, wo,
			                         wo->monsters[a->sel].kind));
	/* The right and bottom borders. */
	for (y = 0; y <= ny * BOX_H; y++)
		canvas_put(c, x0 + nx * BOX_W, y0 + y, y % BOX_H ? '|' : '+',
		           CANVAS_DEFAULT, CANVAS_DIM);
	for (x = 0; x < nx * BOX_W; x++)
		canvas_put(c, x0 + x, y0 + ny * BOX_H, x % BOX_W ? '-' : '+',
		           CANVAS_DEFAULT, CANVAS_DIM);
	free(on_path);
}

/* ---- export ------------------------------------------------------------ */

size_t aiview_steps(struct aiview *a)
{
	ensure_search(a);
	return a->have ? a->total_exp : 0;
}

void aiview_step_state(const struct aiview *a, int *on, size_t *k)
{
	*on = a->step;
	*k = a->step_shown;
}

void aiview_step_to(struct aiview *a, int on, size_t k)
{
	a->step = on;
	a->step_shown = k;
	a->cells_ok = 0;
}

int aiview_export_name(struct aiview *a, char *buf, size_t size)
{
	const struct world *w = a->game->world;

	if (!a->on || !alive(a, a->sel))
		return -1;
	snprintf(buf, size, "hunted-search-t%u-%s%ld", w->turn,
	         w->data->monsters[w->monsters[a->sel].kind].name, a->sel);
	return 0;
}

int aiview_export_json(struct aiview *a, FILE *out)
{
	const struct world *w = a->game->world;
	char name[64];
	size_t i, steps = 0;

	ensure_search(a);
	if (!a->on || !alive(a, a->sel) || !a->have)
		return -1;
	fprintf(out,
	        "{\n  \"format\": \"hunted-search\",\n  \"version\": 1,\n");
	fprintf(out, "  \"turn\": %u,\n  \"monster\": \"%s\",\n", w->turn,
	        monster_name(a, a->sel, name, sizeof(name)));
	fprintf(out, "  \"width\": %d,\n  \"height\": %d,\n", w->width,
	        w->height);
	fprintf(out, "  \"start\": [%d, %d],\n  \"goal\": [%d, %d],\n", a->sx,
	        a->sy, a->gx, a->gy);
	fprintf(out,
	        "  \"algorithm\": \"%s\",\n  \"heuristic\": \"%s\",\n"
	        "  \"diagonal\": \"%s\",\n  \"weight\": %u.%03u,\n"
	        "  \"straight_cost\": %u,\n  \"diagonal_cost\": %u,\n",
	        path_algo_name(a->p.algo), path_heuristic_name(a->p.heuristic),
	        path_diagonal_name(a->p.diagonal), a->p.weight / 1000,
	        a->p.weight % 1000, a->p.straight_cost, a->p.diagonal_cost);
	fprintf(out, "  \"ties\": \"%s\",\n",
	        a->jps ? "lower h" : path_ties_name(a->p.ties));
	fprintf(out,
	        "  \"status\": \"%s\",\n  \"cost\": %u,\n  \"expanded\": %zu,\n"
	        "  \"truncated\": %s,\n",
	        path_status_name(a->res.status), a->res.cost, a->total_exp,
	        a->trace.truncated ? "true" : "false");
	fprintf(out, "  \"events\": [");
	for (i = 0; i < a->trace.len; i++) {
		const struct path_trace_event *e = &a->trace.events[i];

		fprintf(out, "%s\n    ", i ? "," : "");
		if (e->kind == PATH_TRACE_EXPAND)
			fprintf(out,
			        "{\"kind\": \"expand\", \"step\": %zu, \"x\": "
			        "%d, "
			        "\"y\": %d}",
			        ++steps, e->x, e->y);
		else
			fprintf(out,
			        "{\"kind\": \"push\", \"x\": %d, \"y\": %d, "
			        "\"g\": %u, \"h\": %u, \"f\": %llu, "
			        "\"parent\": [%d, %d]}",
			        e->x, e->y, e->g, e->h,
			        (unsigned long long)e->f, e->px, e->py);
	}
	fprintf(out, "\n  ],\n  \"path\": [");
	if (a->res.status == PATH_FOUND || a->res.partial)
		for (i = 0; i < a->res.length && i < a->bufcap; i++)
			fprintf(out, "%s[%d, %d]", i ? ", " : "", a->buf[i].x,
			        a->buf[i].y);
	fprintf(out, "]\n}\n");
	return ferror(out) ? -1 : 0;
}

/* ---- lessons ----------------------------------------------------------- */

void aiview_apply_page(struct aiview *a, const struct data_page *pg)
{
	const struct world *w = a->game->world;

	a->on = 1;
	if (!alive(a, a->sel))
		aiview_follow(a);
	if (alive(a, a->sel))
		minds_params(w, w->monsters[a->sel].kind, &a->p);
	a->custom = 1;
	a->by_page = 1;
	a->jps = pg->algorithm == PATH_ALGO_COUNT;
	a->p.algo = a->jps ? PATH_ASTAR : (enum path_algo)pg->algorithm;
	a->p.heuristic = (enum path_heuristic)pg->heuristic;
	a->p.diagonal = (enum path_diagonal)pg->diagonal;
	a->p.weight = (uint32_t)pg->weight * 100;
	a->value = pg->layer == DATA_LAYER_G   ? 'g'
	           : pg->layer == DATA_LAYER_H ? 'h'
	           : pg->layer == DATA_LAYER_F ? 'f'
	                                       : 0;
	a->arrows = pg->layer == DATA_LAYER_ARROWS;
	a->cost = pg->layer == DATA_LAYER_COST;
	a->dmap = 0;
	a->open = pg->open;
	a->boxes = pg->boxes;
	a->htable = pg->heuristics;
	a->p.ties = (enum path_ties)pg->ties;
	a->step = pg->step >= 0;
	a->step_shown = pg->step >= 0 ? (size_t)pg->step : 0;
	a->have = 0;
	a->cells_ok = 0;
}
