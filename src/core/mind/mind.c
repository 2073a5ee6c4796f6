/* SPDX-License-Identifier: MIT */
/* mind.c - the minds of a world's monsters: making and freeing them,
 * carrying them over a reload, the start of a tick, and the entry points
 * of a decision and of the AI view's searches. */
#include "config.h"

#include "mind.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/i18n.h"
#include "core/path/distmap.h"
#include "core/path/flood.h"
#include "core/path/jps.h"
#include "kind_impl.h"
#include "state_impl.h"

void mind_options_default(struct mind_options *o)
{
	memset(o, 0, sizeof(*o));
	o->turn_budget = MIND_TURN_BUDGET;
	o->strategy = MIND_STRATEGY_AUTO;
}

struct minds *minds_new(const struct world *w, const struct mind_options *o)
{
	struct minds *md = calloc(1, sizeof(*md));
	struct minds_work *wk;
	size_t i;

	if (!md)
		return NULL;
	md->n = w->nmonsters;
	if (o)
		md->opt = *o;
	else
		mind_options_default(&md->opt);
	md->mind = calloc(md->n ? md->n : 1, sizeof(*md->mind));
	md->work = wk = calloc(1, sizeof(*wk));
	if (!md->mind || !wk) {
		minds_free(md);
		return NULL;
	}
	for (i = 0; i < md->n; i++) {
		const struct world_monster *m = &w->monsters[i];

		md->mind[i].mode = m->guard ? MIND_GUARD : MIND_WANDER;
		md->mind[i].goal_x = m->x;
		md->mind[i].goal_y = m->y;
		/* Where it stands: a wanderer picks its first place on its
		 * first turn, a guard starts at its post. */
		md->mind[i].wander_x = m->x;
		md->mind[i].wander_y = m->y;
	}
	wk->nkinds = w->data->nmonsters;
	wk->kinds = calloc(wk->nkinds ? wk->nkinds : 1, sizeof(*wk->kinds));
	wk->synced = w->change_serial;
	wk->ctx = path_ctx_new(w->width, w->height);
	wk->bufcap = 1024;
	wk->buf = malloc(wk->bufcap * sizeof(*wk->buf));
	if (!wk->kinds || !wk->ctx || !wk->buf) {
		minds_free(md);
		return NULL;
	}
	return md;
}

void minds_free(struct minds *md)
{
	struct minds_work *wk;
	size_t k;

	if (!md)
		return;
	for (k = 0; md->mind && k < md->n; k++)
		free(md->mind[k].path);
	free(md->mind);
	wk = md->work;
	if (wk) {
		for (k = 0; k < wk->nkinds && wk->kinds; k++)
			kind_free(&wk->kinds[k]);
		free(wk->kinds);
		path_ctx_free(wk->ctx);
		jps_ctx_free(wk->jctx);
		flood_cut_free(wk->cut);
		free(wk->noise);
		free(wk->buf);
		coop_free(wk->coop);
		repair_free(wk);
		flee_free(wk);
		free(wk);
	}
	free(md);
}

void minds_prepare(struct minds *md, const struct world *w)
{
	struct minds_work *wk = md->work;
	size_t i, k;

	/* What the first ticks would otherwise do in passing, for each kind
	 * on the map: its cost grid, its components and, for a kind with
	 * enough monsters to share one, its distance map's memory, and on a
	 * big map its hierarchy. */
	for (k = 0; k < wk->nkinds; k++)
		wk->kinds[k].chasers = 0;
	for (i = 0; i < w->nmonsters; i++)
		if (w->monsters[i].alive)
			wk->kinds[w->monsters[i].kind].chasers++;
	for (k = 0; k < wk->nkinds; k++) {
		struct kind_state *ks = &wk->kinds[k];

		if (!ks->chasers || !kind_get(md, w, (int)k))
			continue;
		kind_labels_fresh(ks, w);
		if (!ks->dm && shared_map_worth_keeping(ks->chasers, w))
			ks->dm = distmap_new(w->width, w->height);
		/* On a big map, the hierarchy its long searches may use. */
		plan_hier_prepare(md, w, (int)k, ks);
		ks->chasers = 0;
	}
}

void minds_carry(struct minds *md, const struct minds *from,
                 const size_t *index)
{
	size_t n;

	for (n = 0; n < md->n; n++) {
		const struct mind *o = &from->mind[index[n]];
		struct mind *mi = &md->mind[n];

		/* What it knows stays; the path goes. */
		free(mi->path);
		memset(mi, 0, sizeof(*mi));
		mi->mode = o->mode;
		mi->sees = o->sees;
		mi->seen = o->seen;
		mi->last_x = o->last_x;
		mi->last_y = o->last_y;
		mi->goal_x = o->goal_x;
		mi->goal_y = o->goal_y;
		mi->wander_x = o->wander_x;
		mi->wander_y = o->wander_y;
	}
	md->stats = from->stats;
}

/* What each monster reads first as it decides, fetched for all of them
 * in one sweep as the tick starts: its kept path where it stands, and
 * the occupancy rows round it (world_monster_at).  They decide one after
 * another, each of those a cache miss of its own otherwise, and the
 * misses of a sweep overlap: with 2,000 hunters on 512x512 it takes
 * about a tenth off the turn. */
static void minds_prefetch(const struct minds *md, const struct world *w)
{
#if defined(__GNUC__)
	size_t i;
	int dy;

	for (i = 0; i < md->n && i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		const struct mind *mi = &md->mind[i];

		if (!m->alive)
			continue;
		if (mi->pos < mi->len)
			__builtin_prefetch(&mi->path[mi->pos]);
		for (dy = -1; dy <= 1; dy++)
			if (world_in(w, m->x, m->y + dy))
				__builtin_prefetch(
				        &w->occ[world_idx(w, m->x, m->y + dy)]);
	}
#else
	(void)md;
	(void)w;
#endif
}

void minds_tick(struct minds *md, const struct world *w)
{
	struct minds_work *wk = md->work;

	kind_sync(md, w);
	wk->tick_left = md->opt.turn_budget ? md->opt.turn_budget : UINT32_MAX;
	wk->tick_budget = wk->tick_left;
	/* The kinds that hunt by a shared map first: the queue's guesses
	 * read it (plan_guess). */
	shared_choose(md, w);
	plan_waits_tick(md, w);
	coop_tick(md, w);
	repair_tick(md, w);
	minds_prefetch(md, w);
}

/* Monster i decides, within what of the tick's budget is its to spend
 * (plan.c): a monster whose plan is due, what is left beyond the budget
 * held back for those due that waited longer (and for the other broken
 * paths still to decide); any other, what is left beyond all that is held
 * back.  What is left to it and less than its plan is guessed to cost
 * is none: a search cut short of that would lead it into some dead end
 * (it waits a tick instead). */
static void minds_decide_within(struct minds *md, const struct world *w,
                                struct rng *rng, struct event_log *log,
                                size_t i, struct kind_state *ks,
                                struct world_action *out)
{
	struct minds_work *wk = md->work;
	struct mind *mi = &md->mind[i];
	uint32_t guess = plan_guess(md, w, i);
	uint64_t before = mi->due ? plan_held_before(md, i, guess) : wk->held;
	uint32_t hold = before < wk->tick_left ? (uint32_t)before
	                                       : wk->tick_left;

	if (wk->tick_left - hold < guess)
		hold = wk->tick_left;
	if (mi->due)
		/* What it may put into a map it waits for: its guess, as
		 * much larger as the budget is than all the due guesses. */
		wk->part = (uint32_t)((uint64_t)guess * wk->tick_budget /
		                      (wk->due_sum ? wk->due_sum : 1)) + 1u;
	wk->tick_left -= hold;
	decide_act(md, w, rng, log, i, ks, out);
	wk->tick_left += hold;
	wk->part = 0;
	if (mi->due)
		plan_decided(md, i, guess);
}

void minds_decide(struct minds *md, const struct world *w, struct rng *rng,
                  struct event_log *log, size_t i, struct world_action *out)
{
	struct kind_state *ks = kind_get(md, w, w->monsters[i].kind);

	memset(out, 0, sizeof(*out));
	out->kind = WACT_WAIT;
	out->other = -1;
	if (!ks)
		return;
	coop_begin(md, i);
	minds_decide_within(md, w, rng, log, i, ks, out);
	coop_end(md, i);
}

const struct grid *minds_kind_grid(struct minds *md, const struct world *w,
                                   int kind)
{
	struct kind_state *ks;

	if (kind < 0 || (size_t)kind >= md->work->nkinds)
		return NULL;
	ks = kind_get(md, w, kind);
	return ks ? &ks->grid : NULL;
}

uint8_t minds_kind_cost(const struct world *w, int kind, int terrain)
{
	return kind_cost(w, kind, terrain);
}

uint32_t minds_kind_region(struct minds *md, const struct world *w, int kind,
                           int x, int y)
{
	struct kind_state *ks;

	if (kind < 0 || (size_t)kind >= md->work->nkinds || !world_in(w, x, y))
		return 0;
	ks = kind_get(md, w, kind);
	if (!ks || kind_labels_fresh(ks, w) != 0)
		return 0;
	return kind_comp_at(ks, world_idx(w, x, y));
}

const struct distmap *minds_kind_distmap(const struct minds *md, int kind,
                                         int *tx, int *ty)
{
	const struct kind_state *ks;

	if (kind < 0 || (size_t)kind >= md->work->nkinds)
		return NULL;
	ks = &md->work->kinds[kind];
	if (!ks->dm || !ks->dm_valid)
		return NULL;
	*tx = ks->dm_tx;
	*ty = ks->dm_ty;
	return ks->dm;
}

const int32_t *minds_flee_map(const struct minds *md, size_t i)
{
	if (i >= md->n || !md->mind[i].fleeing || md->work->flee_of != i + 1)
		return NULL;
	return flee_view(md, md->work->flee_of_kind);
}

void minds_params(const struct world *w, int kind, struct path_params *p)
{
	kind_params(w, kind, p);
}

void minds_bytes(const struct minds *md, size_t *per_monster, size_t *per_map)
{
	const struct minds_work *wk = md->work;
	size_t i, k, mon = md->n * sizeof(*md->mind), map = sizeof(*md);
	size_t coop_mon;

	for (i = 0; i < md->n; i++)
		mon += md->mind[i].cap * sizeof(*md->mind[i].path);
	map += sizeof(*wk) + path_ctx_bytes(wk->ctx) +
	       (wk->jctx ? jps_ctx_bytes(wk->jctx) : 0) +
	       wk->bufcap * sizeof(*wk->buf) +
	       wk->noisecap * sizeof(*wk->noise) +
	       wk->nkinds * sizeof(*wk->kinds);
	for (k = 0; k < wk->nkinds; k++) {
		const struct kind_state *ks = &wk->kinds[k];

		if (ks->built)
			map += (size_t)ks->grid.stride *
			               (size_t)(ks->grid.height + 2) +
			       (size_t)ks->grid.width *
			               (size_t)ks->grid.height *
			               sizeof(*ks->labels) +
			       2 * ((size_t)ks->compcap + 1) * sizeof(uint32_t);
		map += distmap_bytes(ks->dm);
	}
	map += coop_bytes(wk->coop, &coop_mon) + repair_bytes(wk);
	*per_monster = mon + coop_mon;
	*per_map = map;
}

int minds_kind_jumps(const struct world *w, int kind)
{
	return kind_jumps(w, kind);
}

int minds_kind_optimal(const struct world *w, int kind)
{
	return kind_optimal(w, kind);
}

int minds_kind_maps(const struct world *w, int kind)
{
	return kind_maps(w, kind);
}

/* What every search of a monster's again (for the AI view) starts with:
 * res cleared, the arguments checked (ok: the caller's own), and the
 * kind's planning state.  NULL, with res->status saying why, when there
 * is nothing to search with. */
static struct kind_state *minds_again_kind(struct minds *md,
                                           const struct world *w, size_t i,
                                           int gx, int gy, int ok,
                                           struct path_result *res)
{
	struct kind_state *ks;

	memset(res, 0, sizeof(*res));
	res->status = PATH_BAD_ARG;
	if (i >= w->nmonsters || !ok || !world_in(w, gx, gy))
		return NULL;
	ks = kind_get(md, w, w->monsters[i].kind);
	if (!ks)
		res->status = PATH_NOMEM;
	return ks;
}

/* Monster i's search again, by path_find (ctx) or jump point search
 * (jctx). */
static int minds_search(struct minds *md, const struct world *w, size_t i,
                        int gx, int gy, const struct path_params *p,
                        struct path_ctx *ctx, struct jps_ctx *jctx,
                        struct path_point *buf, size_t cap,
                        struct path_result *res, struct path_trace *trace)
{
	struct kind_state *ks =
	        minds_again_kind(md, w, i, gx, gy, ctx || jctx, res);

	if (!ks)
		return res->status;
	return plan_run_search(md, w, i, ks, gx, gy, p, ctx, jctx, buf, cap,
	                       res, trace);
}

int minds_search_again(struct minds *md, const struct world *w, size_t i,
                       int gx, int gy, const struct path_params *p,
                       struct path_ctx *ctx, struct path_point *buf, size_t cap,
                       struct path_result *res, struct path_trace *trace)
{
	return minds_search(md, w, i, gx, gy, p, ctx, NULL, buf, cap, res,
	                    trace);
}

int minds_jump_again(struct minds *md, const struct world *w, size_t i, int gx,
                     int gy, const struct path_params *p, struct jps_ctx *ctx,
                     struct path_point *buf, size_t cap,
                     struct path_result *res, struct path_trace *trace)
{
	return minds_search(md, w, i, gx, gy, p, NULL, ctx, buf, cap, res,
	                    trace);
}

int minds_hier_again(struct minds *md, const struct world *w, size_t i, int gx,
                     int gy, const struct path_params *p, struct subgoal *h,
                     struct path_point *buf, size_t cap,
                     struct path_result *res, struct subgoal_info *info)
{
	struct kind_state *ks =
	        minds_again_kind(md, w, i, gx, gy, h != NULL, res);

	if (!ks)
		return res->status;
	return plan_run_hier(md, w, i, ks, h, gx, gy, p, 0, buf, cap, res,
	                     info);
}

int minds_dlite_again(struct minds *md, const struct world *w, size_t i, int gx,
                      int gy, const struct path_params *p,
                      struct dlite_ctx *ctx, uint8_t *snap, int fresh,
                      struct path_point *buf, size_t cap,
                      struct path_result *res, size_t *changed)
{
	struct kind_state *ks =
	        minds_again_kind(md, w, i, gx, gy, ctx && snap, res);

	*changed = 0;
	if (!ks)
		return res->status;
	return plan_run_dlite(md, w, i, ks, gx, gy, p, ctx, snap, fresh, buf,
	                      cap, res, changed);
}

size_t minds_coop_plan(const struct minds *md, size_t i, uint32_t *turn,
                       struct path_point *buf, size_t cap)
{
	return coop_plan_cells(md, i, turn, buf, cap);
}

const struct reserve *minds_reserve(const struct minds *md)
{
	return coop_reserve(md);
}

enum mind_repair minds_repair(const struct minds *md, size_t i,
                              uint32_t *expanded, int *holds)
{
	const struct mind *mi = &md->mind[i];

	*expanded = mi->repair_expanded;
	*holds = mi->repair_slot != 0;
	return (enum mind_repair)mi->repair;
}

const char *mind_mode_name(enum mind_mode m)
{
	/* TRANSLATORS: a monster's mode, shown in the AI view and the
	 * look text. */
	static const char *const names[] = {N_("guard"), N_("wander"),
	                                    N_("chase"), N_("search")};

	return (unsigned)m < MIND_MODE_COUNT ? names[m] : "?";
}

const char *mind_strategy_name(enum mind_strategy s)
{
	static const char *const names[] = {"auto", "astar", "distmap", "coop"};

	return (unsigned)s < MIND_STRATEGY_COUNT ? names[s] : "?";
}

const char *mind_cache_name(enum mind_cache c)
{
	/* TRANSLATORS: the state of a monster's kept path, in the AI
	 * view's "cache %s". */
	static const char *const names[] = {N_("none"), N_("fresh"),
	                                    N_("reused"), N_("invalidated"),
	                                    N_("shared")};

	return (unsigned)c < MIND_CACHE_COUNT ? names[c] : "?";
}
