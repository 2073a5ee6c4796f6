/* ai.c - how monsters choose their goal, keep their paths, plan around
 * each other and share distance maps.  See ai.h for the overview. */
#include "ai.h"

#include <stdlib.h>
#include <string.h>

#include "core/path/distmap.h"
#include "core/path/flood.h"
#include "core/path/jps.h"
#include "core/world/world.h"

/* Other monsters within this many cells of a mover make their cell cost
 * OCC_PENALTY more: a crowd is expensive to push through, never a wall. */
#define OCC_RADIUS  6
#define OCC_PENALTY 8
/* A detour taken to get past a blocking monster may cost at most this
 * many straight steps more than waiting for the old path to clear. */
#define DETOUR_STEPS 12
/* Waiting this many turns behind another monster triggers a detour
 * search. */
#define BLOCKED_PATIENCE 2
/* Extra multiplier for the turns spent opening, unlocking or bashing a
 * door on the way. */
#define OPEN_TURNS 1
#define BASH_TURNS 3
/* AUTO uses a shared distance map for a kind once this many of its
 * monsters chase the player and their searches would cost more. */
#define DISTMAP_MIN_CHASERS 4
/* The goal may drift by 1/DRIFT_SHARE of the way still to go. */
#define DRIFT_SHARE         8
#define WANDER_TRIES        32

struct kind_state {
	int built;
	struct grid grid;  /* the multipliers this kind plans with */
	uint8_t cost[256]; /* per terrain, doors' turns included */
	uint32_t *labels;  /* connected components, row major */
	uint32_t *sizes;   /* cells per component, index = label */
	/* Components merged since the labelling: alias[l] leads to the label
	 * l now belongs to (alias[l] == l for a live one). */
	uint32_t *alias;
	uint32_t ncomp, compcap;
	int labels_dirty;
	/* Shared distance map to the player. */
	struct distmap *dm;
	int dm_valid;
	int dm_tx, dm_ty;
	int use_dm;            /* this tick, chasers of this kind walk dm */
	uint32_t chasers;      /* monsters of this kind chasing, this tick */
	uint32_t wanting;      /* ...of which want a new way (estimate) */
	uint32_t ema_expanded; /* running mean of A* expansions per plan */
};

struct ai {
	struct kind_state *kinds;
	size_t nkinds;
	struct path_ctx *ctx;
	struct path_point *buf;
	size_t bufcap;
	uint32_t tick_left;   /* nodes this tick may still expand */
	uint32_t tick_budget; /* ...of so many at its start */
	/* Cells given a crowd penalty for one search, to restore. */
	size_t pen_idx[(2 * OCC_RADIUS + 1) * (2 * OCC_RADIUS + 1)];
	uint8_t pen_old[(2 * OCC_RADIUS + 1) * (2 * OCC_RADIUS + 1)];
	size_t npen;
};

void ai_mind_fini(struct ai_mind *m)
{
	free(m->path);
	m->path = NULL;
	m->len = m->cap = m->pos = 0;
}

/* ---- per-kind grids ---------------------------------------------------- */

static uint8_t kind_cost(const struct world *w, int kind, int t)
{
	const struct data_monster *m = &w->data->monsters[kind];
	const struct data_terrain *tt = &w->data->terrain[t];
	unsigned c = data_terrain_cost(w->data, m, 0, t);

	if (c == 0)
		return 0;
	if (tt->door == DATA_DOOR_CLOSED)
		c += m->opens_doors || m->unlocks_doors ? OPEN_TURNS
		                                        : BASH_TURNS;
	else if (tt->door == DATA_DOOR_LOCKED)
		c += m->unlocks_doors ? OPEN_TURNS : BASH_TURNS;
	return (uint8_t)(c > GRID_COST_MAX ? GRID_COST_MAX : c);
}

static struct kind_state *kind_get(struct world *w, int kind)
{
	struct ai *ai = w->ai;
	struct kind_state *ks = &ai->kinds[kind];
	size_t t, n = (size_t)w->width * (size_t)w->height;
	int x, y;

	if (ks->built)
		return ks;
	for (t = 0; t < w->data->nterrain && t < 256; t++)
		ks->cost[t] = kind_cost(w, kind, (int)t);
	if (grid_init(&ks->grid, w->width, w->height) != GRID_OK)
		return NULL;
	ks->labels = malloc(n * sizeof(*ks->labels));
	if (!ks->labels) {
		grid_fini(&ks->grid);
		return NULL;
	}
	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++)
			ks->grid.cost[grid_index(&ks->grid, x, y)] =
			        ks->cost[w->terrain[world_idx(w, x, y)]];
	ks->labels_dirty = 1;
	ks->built = 1;
	return ks;
}

const struct grid *ai_kind_grid(struct world *w, int kind)
{
	struct kind_state *ks;

	if (kind < 0 || (size_t)kind >= w->ai->nkinds)
		return NULL;
	ks = kind_get(w, kind);
	return ks ? &ks->grid : NULL;
}

static int labels_fresh(struct world *w, struct kind_state *ks)
{
	uint32_t i;

	if (!ks->labels_dirty)
		return 0;
	if (flood_components(&ks->grid, PATH_DIAG_NO_CORNER, ks->labels,
	                    &ks->ncomp) != 0)
		return -1;
	free(ks->sizes);
	free(ks->alias);
	/* Room for the components cells opening up later may add. */
	ks->compcap = ks->ncomp + 64;
	ks->sizes = calloc((size_t)ks->compcap + 1, sizeof(*ks->sizes));
	ks->alias = malloc(((size_t)ks->compcap + 1) * sizeof(*ks->alias));
	if (!ks->sizes || !ks->alias)
		return -1;
	for (i = 0; i <= ks->ncomp; i++)
		ks->alias[i] = i;
	for (i = 0; i < (uint32_t)(w->width * w->height); i++)
		ks->sizes[ks->labels[i]]++;
	ks->labels_dirty = 0;
	return 0;
}

/* The component of the cell at row-major index idx, after merges; 0 for
 * a blocked cell.  Labels must be fresh. */
static uint32_t comp_at(const struct kind_state *ks, size_t idx)
{
	uint32_t l = ks->labels[idx];

	while (ks->alias[l] != l)
		l = ks->alias[l];
	return l;
}

/* A cell became passable for the kind (a door opened, say): it joins the
 * components of its straight neighbours, which it may merge, without
 * labelling the map again.  A cell that became blocked may split a
 * component; that one waits for a full labelling (labels_dirty). */
static void comp_open_cell(struct world *w, struct kind_state *ks, int x, int y)
{
	static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
	size_t idx = world_idx(w, x, y);
	uint32_t root = 0;
	int d;

	if (ks->labels_dirty || ks->labels[idx])
		return;
	for (d = 0; d < 4; d++) {
		uint32_t l;

		if (!world_in(w, x + dx[d], y + dy[d]))
			continue;
		l = comp_at(ks, world_idx(w, x + dx[d], y + dy[d]));
		if (!l || l == root)
			continue;
		if (!root) {
			root = l;
		} else {
			/* The smaller label stays, as a labelling would. */
			uint32_t keep = l < root ? l : root,
			         gone = l < root ? root : l;

			ks->alias[gone] = keep;
			ks->sizes[keep] += ks->sizes[gone];
			ks->sizes[gone] = 0;
			root = keep;
		}
	}
	if (!root) {
		if (ks->ncomp >= ks->compcap) {
			ks->labels_dirty = 1; /* out of room: label afresh */
			return;
		}
		root = ++ks->ncomp;
		ks->alias[root] = root;
	}
	ks->labels[idx] = root;
	ks->sizes[root]++;
}

void ai_on_change(struct world *w, int x, int y, int from, int to)
{
	struct ai *ai = w->ai;
	size_t k;

	if (!ai)
		return;
	for (k = 0; k < ai->nkinds; k++) {
		struct kind_state *ks = &ai->kinds[k];

		if (!ks->built || ks->cost[from] == ks->cost[to])
			continue;
		ks->grid.cost[grid_index(&ks->grid, x, y)] = ks->cost[to];
		if (ks->cost[from] && !ks->cost[to])
			ks->labels_dirty = 1;
		else if (!ks->cost[from] && ks->cost[to])
			comp_open_cell(w, ks, x, y);
		/* A dearer cell can leave the map's ways leading nowhere; a
		 * cheaper one cannot. */
		if (!ks->cost[to] ||
		    (ks->cost[from] && ks->cost[to] > ks->cost[from]))
			ks->dm_valid = 0;
	}
}

/* ---- lifetime ---------------------------------------------------------- */

struct ai *ai_new(struct world *w)
{
	struct ai *ai = calloc(1, sizeof(*ai));

	if (!ai)
		return NULL;
	ai->nkinds = w->data->nmonsters;
	ai->kinds = calloc(ai->nkinds ? ai->nkinds : 1, sizeof(*ai->kinds));
	ai->ctx = path_ctx_new(w->width, w->height);
	ai->bufcap = 1024;
	ai->buf = malloc(ai->bufcap * sizeof(*ai->buf));
	if (!ai->kinds || !ai->ctx || !ai->buf) {
		ai_free(ai);
		return NULL;
	}
	return ai;
}

void ai_prepare(struct world *w)
{
	struct ai *ai = w->ai;
	size_t i, k;

	/* What the first ticks would otherwise do in passing, for each kind
	 * on the map: its cost grid, its components and, for a kind with
	 * enough monsters to share one, its distance map's memory (on maps
	 * up to 1024x1024, so a huge map does not hold one per kind idle). */
	for (k = 0; k < ai->nkinds; k++)
		ai->kinds[k].chasers = 0;
	for (i = 0; i < w->nmonsters; i++)
		if (w->monsters[i].alive)
			ai->kinds[w->monsters[i].kind].chasers++;
	for (k = 0; k < ai->nkinds; k++) {
		struct kind_state *ks = &ai->kinds[k];

		if (!ks->chasers || !kind_get(w, (int)k))
			continue;
		labels_fresh(w, ks);
		if (!ks->dm && ks->chasers >= DISTMAP_MIN_CHASERS &&
		    (size_t)w->width * (size_t)w->height <= (size_t)1 << 20)
			ks->dm = distmap_new(w->width, w->height);
		ks->chasers = 0;
	}
}

void ai_free(struct ai *ai)
{
	size_t k;

	if (!ai)
		return;
	for (k = 0; k < ai->nkinds && ai->kinds; k++) {
		grid_fini(&ai->kinds[k].grid);
		free(ai->kinds[k].labels);
		free(ai->kinds[k].sizes);
		free(ai->kinds[k].alias);
		distmap_free(ai->kinds[k].dm);
	}
	free(ai->kinds);
	path_ctx_free(ai->ctx);
	free(ai->buf);
	free(ai);
}

void ai_params(const struct world *w, int kind, struct path_params *p)
{
	path_params_default(p);
	p->budget = w->data->monsters[kind].budget;
}

/* ---- the tick ---------------------------------------------------------- */

static int chebyshev(int ax, int ay, int bx, int by)
{
	int dx = abs(ax - bx), dy = abs(ay - by);

	return dx > dy ? dx : dy;
}

/* How far the goal may move from where the kept path ends before the
 * monster plans again: the kind's own tolerance, or a share of the way
 * still to go when that is more.  A hunter far away loses almost nothing
 * by heading for where the player was a few turns ago (the first steps
 * of both ways are nearly always the same), and as it closes in, the
 * tolerance shrinks back to the kind's. */
static int drift_tolerance(const struct world *w, const struct world_monster *m)
{
	const struct ai_mind *mi = &m->mind;
	int own = w->data->monsters[m->kind].drift;
	int far = mi->len > mi->pos ? (int)((mi->len - mi->pos) / DRIFT_SHARE)
	                            : 0;

	return far > own ? far : own;
}

/* Whether a chaser will want a new way this tick (its path is gone or
 * spent, or the player moved too far from where it leads); map changes
 * are left out of this estimate. */
static int wants_plan(const struct world *w, const struct world_monster *m)
{
	const struct ai_mind *mi = &m->mind;

	return !mi->len || mi->pos + 1 >= mi->len ||
	       chebyshev(w->px, w->py, mi->plan_goal_x, mi->plan_goal_y) >
	               drift_tolerance(w, m);
}

/* Chooses, per kind, whether its chasers share a distance map this tick:
 * always, never, or when the searches they would run are expected to
 * settle more cells than one map over the player's region. */
static void choose_strategy(struct world *w)
{
	struct ai *ai = w->ai;
	size_t k, i;

	for (k = 0; k < ai->nkinds; k++)
		ai->kinds[k].chasers = ai->kinds[k].wanting = 0;
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];

		/* Under --hunt every monster chases from its first tick. */
		if (!m->alive || (m->mind.mode != AI_CHASE && !w->opt.hunt))
			continue;
		ai->kinds[m->kind].chasers++;
		if (wants_plan(w, m))
			ai->kinds[m->kind].wanting++;
	}
	for (k = 0; k < ai->nkinds; k++) {
		struct kind_state *ks = &ai->kinds[k];
		uint64_t astar_work, map_work, per_search;

		ks->use_dm = 0;
		if (!ks->chasers || w->opt.strategy == AI_STRATEGY_ASTAR)
			continue;
		if (w->opt.strategy == AI_STRATEGY_DISTMAP) {
			ks->use_dm = 1;
			continue;
		}
		if (ks->wanting < DISTMAP_MIN_CHASERS)
			continue;
		if (ks->dm && ks->dm_valid && ks->dm_tx == w->px &&
		    ks->dm_ty == w->py) {
			ks->use_dm = 1; /* built already: free to use */
			continue;
		}
		if (!kind_get(w, (int)k) || labels_fresh(w, ks) != 0)
			continue;
		/* One map costs about the cells of the player's region; the
		 * searches it replaces, what searches of the kind have been
		 * costing (before the first, a guess: an eighth of it). */
		map_work = ks->sizes[comp_at(ks, world_idx(w, w->px, w->py))];
		if (map_work == 0)
			map_work = (uint64_t)w->width * (uint64_t)w->height;
		per_search = ks->ema_expanded ? ks->ema_expanded : map_work / 8;
		astar_work = (uint64_t)ks->wanting * per_search;
		ks->use_dm = 2 * astar_work > map_work;
	}
}

void ai_tick(struct world *w)
{
	w->ai->tick_left = w->opt.turn_budget ? w->opt.turn_budget : UINT32_MAX;
	w->ai->tick_budget = w->ai->tick_left;
	choose_strategy(w);
}

/* ---- perception and goals ---------------------------------------------- */

static int cell_free(const struct world *w, int x, int y)
{
	return world_in(w, x, y) && !w->occ[world_idx(w, x, y)] &&
	       !(x == w->px && y == w->py);
}

/* A random cell of the monster's own component to wander to. */
static void pick_wander(struct world *w, struct world_monster *m,
                        struct kind_state *ks)
{
	uint32_t here;
	int i;

	m->mind.wander_x = m->x;
	m->mind.wander_y = m->y;
	if (labels_fresh(w, ks) != 0)
		return;
	here = comp_at(ks, world_idx(w, m->x, m->y));
	for (i = 0; i < WANDER_TRIES; i++) {
		int x = (int)rng_below(&w->rng, (uint32_t)w->width);
		int y = (int)rng_below(&w->rng, (uint32_t)w->height);

		if (comp_at(ks, world_idx(w, x, y)) == here &&
		    world_terrain_at(w, x, y)->door != DATA_DOOR_CLOSED &&
		    world_terrain_at(w, x, y)->door != DATA_DOOR_LOCKED) {
			m->mind.wander_x = x;
			m->mind.wander_y = y;
			return;
		}
	}
}

static void update_goal(struct world *w, size_t i, struct kind_state *ks)
{
	struct world_monster *m = &w->monsters[i];
	struct ai_mind *mi = &m->mind;
	const struct data_monster *dm = &w->data->monsters[m->kind];
	int sees = w->opt.hunt ||
	           world_sees(w, m->x, m->y, w->px, w->py, dm->sight);
	int gx = mi->goal_x, gy = mi->goal_y;

	if (sees) {
		if (!mi->sees)
			world_emit(w, WEV_SPOTTED, (int)i, -1, w->px, w->py, 0);
		mi->mode = AI_CHASE;
		mi->seen = 1;
		mi->last_x = w->px;
		mi->last_y = w->py;
		gx = w->px;
		gy = w->py;
	} else if (mi->mode == AI_CHASE) {
		mi->mode = AI_SEARCH;
		world_emit(w, WEV_LOST_SIGHT, (int)i, -1, mi->last_x,
		           mi->last_y, 0);
	}
	mi->sees = (uint8_t)sees;
	if (mi->mode == AI_SEARCH) {
		if (m->x == mi->last_x && m->y == mi->last_y) {
			mi->mode = m->guard ? AI_GUARD : AI_WANDER;
			mi->wander_x = m->x;
			mi->wander_y = m->y;
		} else {
			gx = mi->last_x;
			gy = mi->last_y;
		}
	}
	if (mi->mode == AI_GUARD) {
		gx = m->home_x;
		gy = m->home_y;
	} else if (mi->mode == AI_WANDER) {
		if ((m->x == mi->wander_x && m->y == mi->wander_y) ||
		    mi->unreachable)
			pick_wander(w, m, ks);
		gx = mi->wander_x;
		gy = mi->wander_y;
	}
	if (gx != mi->goal_x || gy != mi->goal_y)
		mi->goal_turn = w->turn;
	mi->goal_x = gx;
	mi->goal_y = gy;
}

/* ---- searching --------------------------------------------------------- */

/* Makes the cells of other monsters near (x, y) cost more in ks->grid for
 * one search; restore_crowd undoes it. */
static void add_crowd(struct world *w, struct kind_state *ks, int x, int y)
{
	struct ai *ai = w->ai;
	int cx, cy;

	ai->npen = 0;
	for (cy = y - OCC_RADIUS; cy <= y + OCC_RADIUS; cy++) {
		for (cx = x - OCC_RADIUS; cx <= x + OCC_RADIUS; cx++) {
			size_t gi;
			unsigned c;

			if (!world_in(w, cx, cy) ||
			    !w->occ[world_idx(w, cx, cy)] ||
			    (cx == x && cy == y))
				continue;
			gi = grid_index(&ks->grid, cx, cy);
			c = ks->grid.cost[gi];
			if (!c)
				continue;
			ai->pen_idx[ai->npen] = gi;
			ai->pen_old[ai->npen] = (uint8_t)c;
			ai->npen++;
			c += OCC_PENALTY;
			ks->grid.cost[gi] =
			        (uint8_t)(c > GRID_COST_MAX ? GRID_COST_MAX
			                                    : c);
		}
	}
}

static void restore_crowd(struct world *w, struct kind_state *ks)
{
	struct ai *ai = w->ai;

	while (ai->npen) {
		ai->npen--;
		ks->grid.cost[ai->pen_idx[ai->npen]] = ai->pen_old[ai->npen];
	}
}

/* Runs a search for monster m on its kind's grid with the crowd around
 * it priced in.  A goal cell the kind cannot enter (an eel's prey on the
 * shore) is opened for the search, so the path ends next to it.  With
 * jctx the search is jump point search instead of path_find's, after a
 * scan of the grid, whose costs the crowd has just changed. */
static int run_search(struct world *w, const struct world_monster *m,
                      struct kind_state *ks, const struct path_params *p,
                      struct path_ctx *ctx, struct jps_ctx *jctx,
                      struct path_point *buf, size_t cap,
                      struct path_result *res, struct path_trace *trace)
{
	int gx = m->mind.goal_x, gy = m->mind.goal_y;
	size_t gi = grid_index(&ks->grid, gx, gy);
	uint8_t gold = ks->grid.cost[gi];
	int rc;

	add_crowd(w, ks, m->x, m->y);
	if (!ks->grid.cost[gi])
		ks->grid.cost[gi] = 1;
	if (jctx) {
		jps_ctx_set_grid(jctx, &ks->grid);
		rc = jps_find(jctx, &ks->grid, p, m->x, m->y, gx, gy, buf, cap,
		              res);
	} else {
		rc = path_find(ctx, &ks->grid, p, m->x, m->y, gx, gy, buf, cap,
		               res, trace);
	}
	ks->grid.cost[gi] = gold;
	restore_crowd(w, ks);
	return rc;
}

/* Monster i's search again, by path_find (ctx) or jump point search
 * (jctx), for the AI view. */
static int search_again(struct world *w, size_t i, const struct path_params *p,
                        struct path_ctx *ctx, struct jps_ctx *jctx,
                        struct path_point *buf, size_t cap,
                        struct path_result *res, struct path_trace *trace)
{
	struct kind_state *ks;

	memset(res, 0, sizeof(*res));
	res->status = PATH_BAD_ARG;
	if (i >= w->nmonsters || (!ctx && !jctx))
		return PATH_BAD_ARG;
	ks = kind_get(w, w->monsters[i].kind);
	if (!ks) {
		res->status = PATH_NOMEM;
		return PATH_NOMEM;
	}
	return run_search(w, &w->monsters[i], ks, p, ctx, jctx, buf, cap, res,
	                  trace);
}

int ai_search_again(struct world *w, size_t i, const struct path_params *p,
                    struct path_ctx *ctx, struct path_point *buf, size_t cap,
                    struct path_result *res, struct path_trace *trace)
{
	return search_again(w, i, p, ctx, NULL, buf, cap, res, trace);
}

int ai_jump_again(struct world *w, size_t i, const struct path_params *p,
                  struct jps_ctx *ctx, struct path_point *buf, size_t cap,
                  struct path_result *res)
{
	return search_again(w, i, p, NULL, ctx, buf, cap, res, NULL);
}

/* Whether the kind could ever get from (x, y) to the goal, or next to it
 * when the goal cell itself is closed to it. */
static int goal_reachable(struct world *w, struct kind_state *ks, int x, int y,
                          int gx, int gy)
{
	uint32_t here;
	int dx, dy;

	if (labels_fresh(w, ks) != 0)
		return 1; /* out of memory: let the search decide */
	here = comp_at(ks, world_idx(w, x, y));
	if (ks->cost[w->terrain[world_idx(w, gx, gy)]])
		return comp_at(ks, world_idx(w, gx, gy)) == here;
	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++)
			if (world_in(w, gx + dx, gy + dy) &&
			    comp_at(ks, world_idx(w, gx + dx, gy + dy)) == here)
				return 1;
	return 0;
}

static int keep_path(struct ai_mind *mi, const struct path_point *buf,
                     size_t len)
{
	if (len > mi->cap) {
		size_t cap = mi->cap ? mi->cap : 16;
		struct path_point *p;

		while (cap < len)
			cap *= 2;
		p = realloc(mi->path, cap * sizeof(*p));
		if (!p)
			return -1;
		mi->path = p;
		mi->cap = cap;
	}
	memcpy(mi->path, buf, len * sizeof(*buf));
	mi->len = len;
	mi->pos = 0;
	return 0;
}

/* Searches for monster i and keeps the result.  Returns 0 when the mind
 * now holds a path (perhaps partial), -1 when it holds none. */
static int plan(struct world *w, size_t i, struct kind_state *ks,
                enum ai_reason why)
{
	struct ai *ai = w->ai;
	struct world_monster *m = &w->monsters[i];
	struct ai_mind *mi = &m->mind;
	struct path_params p;
	struct path_result res;
	uint32_t budget;
	int was_unreachable = mi->unreachable;

	ai_params(w, m->kind, &p);
	budget = p.budget ? p.budget : UINT32_MAX;
	if (budget > ai->tick_left)
		budget = ai->tick_left;
	p.budget = budget == UINT32_MAX ? 0 : budget;
	for (;;) {
		run_search(w, m, ks, &p, ai->ctx, NULL, ai->buf, ai->bufcap,
		           &res, NULL);
		if ((res.status != PATH_FOUND && !res.partial) ||
		    res.length <= ai->bufcap)
			break;
		{
			size_t cap = ai->bufcap * 2;
			struct path_point *b;

			while (cap < res.length)
				cap *= 2;
			b = realloc(ai->buf, cap * sizeof(*b));
			if (!b)
				return -1;
			ai->buf = b;
			ai->bufcap = cap;
		}
	}
	w->stats.plans++;
	w->stats.reasons[why]++;
	w->stats.expanded += res.stats.expanded;
	ai->tick_left -= res.stats.expanded < ai->tick_left ? res.stats.expanded
	                                                    : ai->tick_left;
	ks->ema_expanded = (ks->ema_expanded * 7 + res.stats.expanded) / 8;
	mi->last_expanded = res.stats.expanded;
	mi->last_reason = (uint8_t)why;
	mi->search_sx = m->x;
	mi->search_sy = m->y;
	mi->search_gx = mi->goal_x;
	mi->search_gy = mi->goal_y;
	mi->plan_goal_x = mi->goal_x;
	mi->plan_goal_y = mi->goal_y;
	mi->plan_serial = w->change_serial;
	mi->plan_turn = w->turn;
	mi->blocked_turns = 0;
	if (why == AI_REASON_NEW || why == AI_REASON_CHANGED ||
	    why == AI_REASON_MAPWIDE)
		mi->detours_refused = 0; /* a new situation */
	mi->partial = 0;
	mi->unreachable = 0;
	mi->cache = AI_CACHE_FRESH;
	world_emit(w, WEV_REPLANNED, (int)i, -2, mi->goal_x, mi->goal_y,
	           (int)why);
	switch (res.status) {
	case PATH_FOUND:
		break;
	case PATH_NO_PATH:
		mi->unreachable = 1;
		mi->partial = 1;
		w->stats.unreachable++;
		if (!was_unreachable)
			world_emit(w, WEV_UNREACHABLE, (int)i, -2, mi->goal_x,
			           mi->goal_y, 0);
		break;
	case PATH_BUDGET:
		mi->partial = 1;
		w->stats.budget_cut++;
		break;
	default:
		mi->len = mi->pos = 0;
		mi->cache = AI_CACHE_NONE;
		return -1;
	}
	if (keep_path(mi, ai->buf, res.length) != 0) {
		mi->len = mi->pos = 0;
		mi->cache = AI_CACHE_NONE;
		return -1;
	}
	mi->path_cost = res.cost;
	return 0;
}

/* Whether a change of the cell (x, y) touches the rest of the path: the
 * cell is on it, or is a corner a diagonal step of it squeezes past. */
static int path_touches(const struct ai_mind *mi, int x, int y)
{
	size_t k;

	for (k = mi->pos; k < mi->len; k++) {
		const struct path_point *a = &mi->path[k];

		if (a->x == x && a->y == y)
			return 1;
		if (k + 1 < mi->len) {
			const struct path_point *b = &mi->path[k + 1];

			if (a->x != b->x && a->y != b->y &&
			    ((b->x == x && a->y == y) ||
			     (a->x == x && b->y == y)))
				return 1;
		}
	}
	return 0;
}

/* Reads the changes since the path was planned.  Returns 1 when one that
 * matters to this kind touches the path (and counts the invalidation), 0
 * otherwise; *mapwide is set when some change mattered to the kind
 * anywhere. */
static int changes_break_path(struct world *w, struct world_monster *m,
                              struct kind_state *ks, int *mapwide)
{
	struct ai_mind *mi = &m->mind;
	uint32_t s;

	*mapwide = 0;
	if (mi->plan_serial == w->change_serial)
		return 0;
	if (w->change_serial - mi->plan_serial >= WORLD_CHANGES_KEPT) {
		/* Too many changes to read back: assume the worst. */
		*mapwide = 1;
		mi->invalid_x = mi->invalid_y = -1;
		return 1;
	}
	for (s = mi->plan_serial + 1; s <= w->change_serial; s++) {
		const struct world_change *c =
		        &w->changes[s % WORLD_CHANGES_KEPT];

		uint8_t before = ks->cost[c->from], after = ks->cost[c->to];

		if (before == after)
			continue;
		*mapwide = 1;
		/* A cell on the path that became cheaper (a door someone
		 * else opened) leaves the path as good as it was. */
		if ((after == 0 || after > before) &&
		    path_touches(mi, c->x, c->y)) {
			mi->invalid_x = c->x;
			mi->invalid_y = c->y;
			return 1;
		}
	}
	return 0;
}

/* ---- deciding ---------------------------------------------------------- */

static int at_goal(const struct world *w, const struct world_monster *m,
                   const struct kind_state *ks)
{
	const struct ai_mind *mi = &m->mind;

	if (m->x == mi->goal_x && m->y == mi->goal_y)
		return 1;
	/* Next to a goal it cannot enter is as close as it gets. */
	return !ks->cost[w->terrain[world_idx(w, mi->goal_x, mi->goal_y)]] &&
	       chebyshev(m->x, m->y, mi->goal_x, mi->goal_y) <= 1;
}

/* Finds the monster on its path: it may have moved on, or been pushed
 * aside by a swap.  A monster pushed next to its path rejoins it at the
 * farthest of the next few cells it can step to, without a search. */
static int sync_path(const struct world *w, const struct world_monster *m,
                     struct kind_state *ks)
{
	struct ai_mind *mi = (struct ai_mind *)&m->mind;
	size_t k, end = mi->pos + 4 < mi->len ? mi->pos + 4 : mi->len;

	for (k = mi->pos; k < end; k++)
		if (mi->path[k].x == m->x && mi->path[k].y == m->y) {
			mi->pos = k;
			return 1;
		}
	for (k = end; k-- > mi->pos + 1;) {
		int dx = mi->path[k].x - m->x, dy = mi->path[k].y - m->y;

		if (abs(dx) <= 1 && abs(dy) <= 1 &&
		    grid_cost(&ks->grid, mi->path[k].x, mi->path[k].y) &&
		    world_corner_ok(w, m->kind, m->x, m->y, dx, dy)) {
			mi->pos = k - 1;
			mi->path[k - 1].x = m->x;
			mi->path[k - 1].y = m->y;
			return 1;
		}
	}
	return 0;
}

/* What to do about the door, if any, at the next cell. */
static int door_action(const struct world *w, const struct world_monster *m,
                       int x, int y, struct ai_action *out)
{
	const struct data_terrain *t = world_terrain_at(w, x, y);
	const struct data_monster *dm = &w->data->monsters[m->kind];

	if (t->door == DATA_DOOR_CLOSED) {
		out->kind = dm->opens_doors || dm->unlocks_doors ? AI_ACT_OPEN
		                                                 : AI_ACT_BASH;
	} else if (t->door == DATA_DOOR_LOCKED) {
		out->kind = dm->unlocks_doors ? AI_ACT_OPEN : AI_ACT_BASH;
	} else {
		return 0;
	}
	out->x = x;
	out->y = y;
	return 1;
}

/* Whether monster j would gladly trade places with one at (x, y): it is
 * heading there itself, or it has nowhere to be. */
static int willing(const struct world *w, int j, int x, int y)
{
	const struct world_monster *o = &w->monsters[j];
	const struct ai_mind *mi = &o->mind;

	if (mi->mode == AI_CHASE && chebyshev(o->x, o->y, w->px, w->py) <= 1)
		return 0; /* busy fighting */
	if (mi->len && mi->pos + 1 < mi->len && mi->path[mi->pos].x == o->x &&
	    mi->path[mi->pos].y == o->y)
		return mi->path[mi->pos + 1].x == x &&
		       mi->path[mi->pos + 1].y == y;
	/* At the end of its path (its goal, or as near as it gets). */
	return mi->len && mi->pos + 1 >= mi->len &&
	       mi->path[mi->pos].x == o->x && mi->path[mi->pos].y == o->y;
}

/* Makes ks->dm the distance map to where the player stands now, building
 * it when the player has moved or a change made some cell dearer for the
 * kind (cheaper cells leave it a good guide: every way down it still
 * leads to the player).  The cells it settles count against the tick's
 * planning budget.  Returns 0, or -1 when out of memory or budget. */
static int map_current(struct world *w, struct kind_state *ks, int kind)
{
	struct ai *ai = w->ai;
	struct path_params p;
	struct path_point src = {w->px, w->py};
	size_t settled = 0, gi;
	uint8_t gold;

	if (ks->dm && ks->dm_valid && ks->dm_tx == w->px && ks->dm_ty == w->py)
		return 0;
	if (ai->tick_left == 0)
		return -1;
	/* A map settles about the player's region: build it only when the
	 * rest of the budget covers that, or on a tick's fresh budget (a
	 * region larger than the whole budget must still get its map). */
	if (!ks->labels_dirty && ai->tick_left < ai->tick_budget &&
	    ks->sizes[comp_at(ks, world_idx(w, w->px, w->py))] > ai->tick_left)
		return -1;
	if (!ks->dm) {
		ks->dm = distmap_new(w->width, w->height);
		if (!ks->dm)
			return -1;
	}
	ai_params(w, kind, &p);
	gi = grid_index(&ks->grid, w->px, w->py);
	gold = ks->grid.cost[gi];
	if (!gold)
		ks->grid.cost[gi] = 1;
	if (distmap_build(ks->dm, &ks->grid, &p, &src, 1, 0, &settled) != 0) {
		ks->grid.cost[gi] = gold;
		ks->dm_valid = 0;
		return -1;
	}
	ks->grid.cost[gi] = gold;
	ks->dm_valid = 1;
	ks->dm_tx = w->px;
	ks->dm_ty = w->py;
	w->stats.distmaps++;
	w->stats.distmap_cells += settled;
	ai->tick_left -=
	        settled < ai->tick_left ? (uint32_t)settled : ai->tick_left;
	return 0;
}

/* Plans a chaser's way by reading it off the kind's shared distance map:
 * downhill from the monster to the player, one cell at a time, with no
 * search.  The path is kept and reused like a searched one.  Returns 0,
 * or -1 when the map cannot serve (no map, out of budget, or the monster
 * is out of the map's reach), and the caller searches instead. */
static int plan_from_map(struct world *w, size_t i, struct kind_state *ks,
                         enum ai_reason why)
{
	struct ai *ai = w->ai;
	struct world_monster *m = &w->monsters[i];
	struct ai_mind *mi = &m->mind;
	struct path_params p;
	size_t len = 0;
	int x = m->x, y = m->y;

	if (map_current(w, ks, m->kind) != 0 || ai->tick_left == 0 ||
	    distmap_at(ks->dm, x, y) == DISTMAP_UNREACHED)
		return -1;
	ai_params(w, m->kind, &p);
	for (;;) {
		int nx, ny;

		if (len == ai->bufcap) {
			struct path_point *b =
			        realloc(ai->buf, 2 * ai->bufcap * sizeof(*b));

			if (!b)
				return -1;
			ai->buf = b;
			ai->bufcap *= 2;
		}
		ai->buf[len].x = x;
		ai->buf[len].y = y;
		len++;
		if (!distmap_step(ks->dm, &ks->grid, &p, x, y, &nx, &ny))
			break;
		x = nx;
		y = ny;
	}
	/* Reading costs about a node per step: it counts against the
	 * tick's budget like a search. */
	ai->tick_left -= len < ai->tick_left ? (uint32_t)len : ai->tick_left;
	if (keep_path(mi, ai->buf, len) != 0)
		return -1;
	w->stats.map_paths++;
	w->stats.reasons[why]++;
	mi->last_expanded = 0;
	mi->last_reason = (uint8_t)why;
	mi->search_sx = m->x;
	mi->search_sy = m->y;
	mi->search_gx = mi->goal_x;
	mi->search_gy = mi->goal_y;
	mi->plan_goal_x = mi->goal_x;
	mi->plan_goal_y = mi->goal_y;
	mi->plan_serial = w->change_serial;
	mi->plan_turn = w->turn;
	mi->blocked_turns = 0;
	mi->partial = x != w->px || y != w->py;
	mi->unreachable = 0;
	mi->cache = AI_CACHE_SHARED;
	world_emit(w, WEV_REPLANNED, (int)i, -2, mi->goal_x, mi->goal_y,
	           (int)why);
	return 0;
}

void ai_decide(struct world *w, size_t i, struct ai_action *out)
{
	struct ai *ai = w->ai;
	struct world_monster *m = &w->monsters[i];
	struct ai_mind *mi = &m->mind;
	struct kind_state *ks = kind_get(w, m->kind);
	int nx, ny, j, mapwide = 0;
	enum ai_reason why = AI_REASON_COUNT;

	memset(out, 0, sizeof(*out));
	out->kind = AI_ACT_WAIT;
	out->other = -1;
	if (!ks)
		return;
	update_goal(w, i, ks);

	/* Next to the player it can strike: strike. */
	if (mi->sees && chebyshev(m->x, m->y, w->px, w->py) <= 1 &&
	    world_corner_ok(w, m->kind, m->x, m->y, w->px - m->x,
	                    w->py - m->y)) {
		out->kind = AI_ACT_ATTACK;
		out->x = w->px;
		out->y = w->py;
		mi->len = mi->pos = 0;
		return;
	}
	if (at_goal(w, m, ks)) {
		mi->len = mi->pos = 0;
		mi->cache = AI_CACHE_NONE;
		return;
	}

	/* Is the kept path still good? */
	if (mi->len && !sync_path(w, m, ks))
		why = AI_REASON_NEW;
	else if (!mi->len || mi->cache == AI_CACHE_NONE)
		why = AI_REASON_NEW;
	else if (chebyshev(mi->goal_x, mi->goal_y, mi->plan_goal_x,
	                   mi->plan_goal_y) > drift_tolerance(w, m))
		why = AI_REASON_DRIFT;
	else if (changes_break_path(w, m, ks, &mapwide)) {
		why = AI_REASON_CHANGED;
		w->stats.invalidations++;
		mi->cache = AI_CACHE_INVALIDATED;
	} else if (mi->unreachable && mapwide) {
		if (goal_reachable(w, ks, m->x, m->y, mi->goal_x, mi->goal_y))
			why = AI_REASON_MAPWIDE;
		else
			mi->plan_serial = w->change_serial;
	} else if (mi->pos + 1 >= mi->len && !mi->unreachable) {
		/* At the end of the kept path but not at the goal: a partial
		 * path that ran out, or a goal that moved less than the
		 * drift tolerance past the path's end. */
		why = mi->partial ? AI_REASON_PARTIAL : AI_REASON_DRIFT;
	}
	else if (w->opt.no_cache && !mi->unreachable)
		why = AI_REASON_NOCACHE;
	if (why == AI_REASON_COUNT) {
		mi->plan_serial = w->change_serial;
		if (mi->cache == AI_CACHE_FRESH && mi->plan_turn != w->turn)
			mi->cache = AI_CACHE_REUSED;
		w->stats.cache_hits++;
	} else if (ks->use_dm && mi->mode == AI_CHASE &&
	           plan_from_map(w, i, ks, why) == 0) {
		/* Many chasers of the kind need a new way this tick: one
		 * distance map to the player serves them all. */
	} else if (ai->tick_left == 0) {
		/* Out of planning budget this tick: keep to the old path if
		 * there is one, and plan next tick. */
		w->stats.deferred++;
		if (!mi->len || why == AI_REASON_CHANGED ||
		    why == AI_REASON_NEW)
			return;
	} else if (plan(w, i, ks, why) != 0) {
		return;
	}
	if (!mi->len || mi->pos + 1 >= mi->len)
		return; /* at the end of a path that goes no further */

	nx = mi->path[mi->pos + 1].x;
	ny = mi->path[mi->pos + 1].y;
	if (nx == w->px && ny == w->py)
		return; /* the player is there but out of sight: wait */
	j = world_monster_at(w, nx, ny);
	if (j >= 0) {
		if (willing(w, j, m->x, m->y)) {
			out->kind = AI_ACT_SWAP;
			out->x = nx;
			out->y = ny;
			out->other = j;
			return;
		}
		/* Patience doubles with every detour found too dear, so a
		 * monster stuck in a crowd (round the player, say) waits its
		 * turn instead of searching every other turn. */
		if (++mi->blocked_turns >=
		            BLOCKED_PATIENCE << (mi->detours_refused < 4
		                                         ? mi->detours_refused
		                                         : 4) &&
		    ai->tick_left > 0) {
			/* Look for a way around, but keep the old path
			 * when the detour costs too much more. */
			uint32_t old_left = 0;
			size_t k;
			struct path_params p;

			ai_params(w, m->kind, &p);
			for (k = mi->pos + 1; k < mi->len; k++)
				old_left += path_step_cost(
				        &ks->grid, &p, mi->path[k - 1].x,
				        mi->path[k - 1].y, mi->path[k].x,
				        mi->path[k].y);
			{
				struct path_point *keep = mi->path;
				size_t klen = mi->len, kpos = mi->pos,
				       kcap = mi->cap;

				mi->path = NULL;
				mi->len = mi->cap = mi->pos = 0;
				if (plan(w, i, ks, AI_REASON_BLOCKED) == 0 &&
				    mi->len > 1 && !mi->unreachable &&
				    mi->path_cost <=
				            old_left +
				                    (uint32_t)DETOUR_STEPS *
				                            p.straight_cost &&
				    cell_free(w, mi->path[1].x,
				              mi->path[1].y)) {
					free(keep);
					mi->detours_refused = 0;
				} else {
					free(mi->path);
					mi->path = keep;
					mi->len = klen;
					mi->pos = kpos;
					mi->cap = kcap;
					mi->blocked_turns = 0;
					mi->detours_refused++;
				}
			}
			nx = mi->len > mi->pos + 1 ? mi->path[mi->pos + 1].x
			                           : m->x;
			ny = mi->len > mi->pos + 1 ? mi->path[mi->pos + 1].y
			                           : m->y;
		}
		if (!cell_free(w, nx, ny)) {
			w->stats.waits++;
			world_emit(w, WEV_WAITING, (int)i,
			           world_monster_at(w, nx, ny), nx, ny, 0);
			return;
		}
	}
	/* No stepping straight back while the goal stands still, unless
	 * the map changed under the path: that is how oscillation starts. */
	if (nx == mi->prev_x && ny == mi->prev_y &&
	    mi->prev_turn + 1 >= w->turn && mi->goal_turn <= mi->prev_turn &&
	    why != AI_REASON_CHANGED && why != AI_REASON_MAPWIDE) {
		w->stats.waits++;
		return;
	}
	mi->blocked_turns = 0;
	if (door_action(w, m, nx, ny, out))
		return;
	out->kind = AI_ACT_MOVE;
	out->x = nx;
	out->y = ny;
}

const char *ai_mode_name(enum ai_mode m)
{
	static const char *const names[] = {"guard", "wander", "chase",
	                                    "search"};

	return (unsigned)m < AI_MODE_COUNT ? names[m] : "?";
}

const char *ai_strategy_name(enum ai_strategy s)
{
	static const char *const names[] = {"auto", "astar", "distmap"};

	return (unsigned)s < AI_STRATEGY_COUNT ? names[s] : "?";
}

const char *ai_cache_name(enum ai_cache_state c)
{
	static const char *const names[] = {"none", "fresh", "reused",
	                                    "invalidated", "shared"};

	return (unsigned)c <= AI_CACHE_SHARED ? names[c] : "?";
}
