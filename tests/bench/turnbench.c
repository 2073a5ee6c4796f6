/* SPDX-License-Identifier: MIT */
/* turnbench.c - the cost of the monsters' turn, strategy against strategy,
 * in one run on the same generated dungeon and the same seeded game:
 *
 *   nocache  every monster searches again every turn (A*, no path cache)
 *   cache    per-monster A* with the path cache
 *   distmap  chasers share one distance map per kind
 *   auto     the game's own choice, per kind and per turn
 *   coop     auto, with crowds planning cooperatively (coop.c)
 *
 * For each: the monsters' phase of a turn (median, max), searches, nodes
 * expanded, cache hit rate, and path quality: of the distance the chasing
 * monsters walked, the share that did not bring them closer to the player
 * (measured with an exact distance map per kind, outside the timing).
 * Fresh optimal re-planning every turn sets the baseline; the others are
 * reported as overhead above it.  With --wander the monsters guard and
 * wander instead (long searches to random places, where the automatic
 * choice brings in the hierarchy): steps taken, searches the budget cut
 * and re-plans it put off say how far the planning got.  max_wait is
 * the most turns a monster waited for a re-plan the budget put off
 * (counting the turns it could act in), long_waits the re-plans that
 * waited more than 8, stood the monsters alive at the end that never
 * took a step; max_wait_broken, max_wait_pathless and max_wait_drift
 * the longest waits for a path a change broke, for a first path (or
 * one after the old was dropped) and for a path whose end the player
 * has gone too far from.  reach_moves counts the steps of the chasers
 * the player was in reach of (by the oracle's distance maps) as they
 * took them, reach_stood the chasers in reach at the end that never
 * took a step, and out_of_reach the decisions of chasers that stayed,
 * the player out of their reach and sight.  Ends with one `summary:`
 * line per strategy and a final one with the ratios.
 *
 * With --keeper K the monsters wander and a door keeper walls up, every
 * turn, a cell two to six steps ahead on the paths of K of them (the
 * same K while they can be found: --keeper-spread picks K at random each
 * turn instead), opening each again eight turns later, as a player or
 * the AI view's sandbox would.  Two games are played, the automatic
 * strategy with paths a change broke always searched again (old), and
 * with D* Lite repairing them (new, repair.c); every decision is timed,
 * and the searches for broken paths are told apart by how they were
 * made: time and expansions per repair, and the whole turn's.
 *
 * With --breaks K the hunt goes on as above, and every turn a cell on
 * the ways of K hunters drawn at random is walled up, opening again
 * eight turns later: what doors shut in a big hunt cost the turn, and
 * how long a broken path waits for its plan (max_wait_broken). */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/mind/autopilot.h"
#include "core/data/data.h"
#include "core/game.h"
#include "core/path/distmap.h"
#include "core/path/path.h"
#include "core/world/act.h"
#include "core/world/gen.h"
#include "core/world/world.h"
#include "session/files.h"
#include "clock.h"

struct bopts {
	int w, h;
	int monsters;
	long turns;
	uint64_t seed;
	const char *data_dir;
	int verbose;
	const char *map; /* a Moving AI .map instead of a generated one */
	int wander;      /* monsters guard and wander instead of hunting */
	int cave;        /* a generated cave instead of rooms */
	int keeper;      /* monsters the door keeper harasses each turn */
	int spread;      /* ...chosen afresh every turn */
	int sweep;       /* seeds of the keeper's sweep, 0: one game */
	long budget;     /* the minds' turn budget, -1: the game's */
	int breaks;      /* hunters whose ways are walled up each turn */
};

struct result {
	const char *name;
	long turns;
	uint64_t median_ns, max_ns, p99_ns;
	uint64_t plans, expanded, hits, decisions, distmaps;
	double walked, gained; /* chasers' step costs and distance gained */
	uint64_t reasons[REPLAN_COUNT], deferred, map_paths;
	uint64_t hpa_plans, budget_cut, moves; /* monsters' steps taken */
	uint64_t max_wait, long_waits; /* how long put-off re-plans waited */
	/* ...the longest of them by why: a path a change broke, no path at
	 * all, the player gone too far from where the path leads */
	uint64_t wait_broken, wait_pathless, wait_drift;
	uint64_t walls; /* cells --breaks walled up */
	uint64_t stood; /* monsters alive at the end that never stepped */
	/* Steps of chasers the player was in reach of, and of those alive
	 * and chasing the player in reach at the end, the ones that never
	 * stepped; decisions to stay, the player out of reach. */
	uint64_t reach_moves, reach_stood, out_of_reach;
	uint64_t dlite_repairs, dlite_expanded; /* D* Lite's, first plans in */
	double bytes_per_monster, bytes_per_cell; /* the minds', at the end */
};

static struct game *make_game(const struct bopts *o, enum mind_strategy s,
                              int no_cache, int no_dlite)
{
	char path[4096];
	struct diag_list dl;
	struct data *d = data_new();
	struct mind_options mo;
	struct game *g;
	size_t i;

	diag_list_init(&dl, 0);
	snprintf(path, sizeof(path), "%s/monsters.txt", o->data_dir);
	if (!d || data_load(d, path, &dl) != 0 ||
	    (o->map    ? data_load_movingai(d, o->map, o->seed, &dl)
	     : o->cave ? gen_cave(d, o->w, o->h, o->seed, o->monsters, &dl)
	               : gen_dungeon(d, o->w, o->h, o->seed, o->monsters,
	                             &dl)) != 0) {
		for (i = 0; i < dl.len; i++)
			fprintf(stderr, "turnbench: %s:%d: %s\n",
			        dl.items[i].file, dl.items[i].line,
			        dl.items[i].message);
		diag_list_fini(&dl);
		data_free(d);
		return NULL;
	}
	mind_options_default(&mo);
	mo.strategy = s;
	mo.no_cache = no_cache;
	mo.no_dlite = no_dlite;
	if (o->budget >= 0)
		mo.turn_budget = (uint32_t)o->budget;
	mo.hunt = !o->wander; /* all of them, every turn */
	/* The baseline re-plans in full, every turn: no budget cuts. */
	if (no_cache)
		mo.turn_budget = 0;
	/* A generated dungeon places its monsters; a Moving AI map gets
	 * them at random from the seed. */
	g = game_new(d, o->seed, o->map ? o->monsters : -1, &mo, &dl);
	diag_list_fini(&dl);
	if (g) /* the chase goes on */
		g->world->php = g->world->php_max = 1 << 30;
	return g;
}

/* Exact distances to the player for every kind that has a chaser.  The
 * maps are kept from turn to turn (built[] says which are this turn's),
 * so the measuring does not churn memory under the measured code.  They
 * stand on grids of the oracle's own: reading the minds'
 * (minds_kind_grid) would have the minds take in the changes made before
 * the monsters' turn outside its timing. */
struct oracle {
	struct distmap **dm;
	struct grid *grid;
	int *built;
	size_t nkinds;
};

/* Kind k's grid as the dungeon is now. */
static int oracle_grid(struct oracle * or, const struct world *w, int k)
{
	struct grid *g = & or->grid[k];
	uint8_t cost[256];
	size_t t;
	int x, y;

	if (!g->cost && grid_init(g, w->width, w->height) != GRID_OK)
		return -1;
	for (t = 0; t < w->data->nterrain && t < 256; t++)
		cost[t] = minds_kind_cost(w, k, (int)t);
	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++)
			g->cost[grid_index(g, x, y)] =
			        cost[w->terrain[world_idx(w, x, y)]];
	return 0;
}

static int oracle_build(struct oracle * or, struct game *g)
{
	const struct world *w = g->world;
	size_t i;
	struct path_point src = {w->px, w->py};

	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		struct path_params p;
		size_t settled;

		if (!m->alive || g->minds->mind[i].mode != MIND_CHASE)
			continue;
		if (or->built[m->kind])
			continue; /* built this turn already */
		if (! or->dm[m->kind])
			or->dm[m->kind] = distmap_new(w->width, w->height);
		if (! or->dm[m->kind] || oracle_grid(or, w, m->kind) != 0)
			return -1;
		or->built[m->kind] = 1;
		minds_params(w, m->kind, &p);
		/* Distances are costs, as the steps walked are counted, a
		 * breadth-first kind's too (its map of steps would not be). */
		p.algo = PATH_DIJKSTRA;
		/* A player on a cell the kind cannot enter fails the build,
		 * which leaves every cell unreached: those monsters are
		 * simply not measured this turn. */
		(void)distmap_build(or->dm[m->kind], & or->grid[m->kind], &p,
		                    &src, 1, 0, &settled);
	}
	return 0;
}

/* ---- walls on the monsters' ways (--keeper, --breaks) ------------------- */

/* Turns a cell stays walled up. */
#define KEEP_TURNS 8

struct shut {
	int x, y, t; /* the cell, its terrain before */
	long turn;
};

static uint64_t keeper_rand(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 33;
}

/* Walls up a cell two to six steps ahead of monster i on its path;
 * returns 1 when it did. */
static int keeper_break(struct game *g, size_t i, uint64_t *rng,
                        struct shut *sh, size_t *nsh, size_t cap)
{
	struct world *w = g->world;
	const struct world_monster *m = &w->monsters[i];
	const struct mind *mi = &g->minds->mind[i];
	const int wall = data_terrain_find(w->data, "wall");
	size_t k, here = mi->len;
	int x, y;

	for (k = mi->pos; k < mi->len && k < mi->pos + 4; k++)
		if (mi->path[k].x == m->x && mi->path[k].y == m->y)
			here = k;
	if (*nsh >= cap || wall < 0 || here + 3 >= mi->len)
		return 0;
	k = here + 2 + (size_t)(keeper_rand(rng) % 5);
	if (k >= mi->len - 1)
		k = mi->len - 2;
	x = mi->path[k].x;
	y = mi->path[k].y;
	if (w->occ[world_idx(w, x, y)] || (x == w->px && y == w->py) ||
	    (x == w->exit_x && y == w->exit_y) ||
	    w->terrain[world_idx(w, x, y)] == wall)
		return 0;
	sh[*nsh].x = x;
	sh[*nsh].y = y;
	sh[*nsh].t = w->terrain[world_idx(w, x, y)];
	sh[*nsh].turn = w->turn;
	(*nsh)++;
	world_set_terrain(w, x, y, wall);
	return 1;
}

/* Opens again the cells walled up KEEP_TURNS turns ago or more. */
static void keeper_open(struct world *w, struct shut *sh, size_t *nsh)
{
	size_t k;

	for (k = 0; k < *nsh;) {
		if (sh[k].turn + KEEP_TURNS <= (long)w->turn) {
			world_set_terrain(w, sh[k].x, sh[k].y, sh[k].t);
			sh[k] = sh[--*nsh];
		} else {
			k++;
		}
	}
}

/* --breaks K: walls up a cell on the ways of K chasers drawn at random
 * (of 4K draws at most: one with no way left to go is passed over).
 * Returns how many it walled up. */
static uint64_t hunt_breaks(struct game *g, int k, uint64_t *rng,
                            struct shut *sh, size_t *nsh, size_t cap)
{
	const struct world *w = g->world;
	uint64_t done = 0;
	int draws;

	for (draws = 0; draws < 4 * k && done < (uint64_t)k; draws++) {
		size_t i = (size_t)(keeper_rand(rng) % w->nmonsters);
		const struct mind *mi = &g->minds->mind[i];

		if (w->monsters[i].alive && mi->mode == MIND_CHASE &&
		    mi->len > mi->pos + 4)
			done += (uint64_t)keeper_break(g, i, rng, sh, nsh, cap);
	}
	return done;
}

static int run(const struct bopts *o, const char *name, enum mind_strategy s,
               int no_cache, struct result *r)
{
	struct game *g = make_game(o, s, no_cache, 0);
	struct world *w = g ? g->world : NULL;
	struct autopilot *ap;
	struct oracle or ;
	const size_t shcap = (size_t)o->breaks * (KEEP_TURNS + 1) + 16;
	struct shut *sh = o->breaks ? malloc(shcap * sizeof(*sh)) : NULL;
	size_t nsh = 0;
	uint64_t brng = o->seed * 2654435761u + 1;
	uint64_t *times;
	uint32_t *before;
	int *bx, *by;
	unsigned char *stepped;
	long t;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->name = name;
	if (!g)
		return -1;
	ap = autopilot_new(w);
	times = malloc((size_t)o->turns * sizeof(*times));
	before = malloc(w->nmonsters * sizeof(*before));
	bx = malloc(w->nmonsters * sizeof(*bx));
	stepped = calloc(w->nmonsters, 1);
	by = malloc(w->nmonsters * sizeof(*by));
	or.nkinds = w->data->nmonsters;
	or.dm = calloc(or.nkinds, sizeof(* or.dm));
	or.grid = calloc(or.nkinds, sizeof(* or.grid));
	or.built = calloc(or.nkinds, sizeof(* or.built));
	if (!ap || !times || !before || !bx || !by || !stepped || ! or.dm ||
	    ! or.grid ||
	    ! or.built || (o->breaks && !sh)) {
		fprintf(stderr, "turnbench: out of memory\n");
		return -1;
	}
	for (t = 0; t < o->turns && w->state == WORLD_PLAYING; t++) {
		struct world_cmd c;
		uint64_t t0;

		autopilot_next(ap, w, &c);
		if (game_player_act(g, c) != 1) {
			c.kind = WCMD_WAIT;
			game_player_act(g, c);
		}
		if (o->breaks) {
			keeper_open(w, sh, &nsh);
			r->walls += hunt_breaks(g, o->breaks, &brng, sh, &nsh,
			                        shcap);
		}
		/* Before the monsters move: how far each chaser is. */
		memset(or.built, 0, or.nkinds * sizeof(* or.built));
		if (oracle_build(& or, g) != 0) {
			fprintf(stderr, "turnbench: out of memory\n");
			return -1;
		}
		for (i = 0; i < w->nmonsters; i++) {
			const struct world_monster *m = &w->monsters[i];

			before[i] = UINT32_MAX;
			bx[i] = m->x;
			by[i] = m->y;
			if (m->alive && g->minds->mind[i].mode == MIND_CHASE &&
			    or.built[m->kind])
				before[i] =
				        distmap_at(or.dm[m->kind], m->x, m->y);
		}
		{
			const struct mind_stats *st = &g->minds->stats;
			uint64_t p0 = st->plans, e0 = st->expanded,
			         d0 = st->distmaps, c0 = st->distmap_cells;

			t0 = bench_now_ns();
			game_monsters_act(g);
			times[t] = bench_now_ns() - t0;
			if (o->verbose)
				printf("%s: turn %ld us=%.1f searches=%" PRIu64
				       " expanded=%" PRIu64 " maps=%" PRIu64
				       " map_cells=%" PRIu64 "\n",
				       name, t, times[t] / 1e3, st->plans - p0,
				       st->expanded - e0, st->distmaps - d0,
				       st->distmap_cells - c0);
		}
		for (i = 0; i < w->events.len; i++) {
			const struct world_event *ev = &w->events.items[i];

			if (ev->kind != WEV_MOVED || ev->actor < 0)
				continue;
			r->moves++;
			r->reach_moves += before[ev->actor] != UINT32_MAX;
			stepped[ev->actor] = 1;
		}
		/* The player stood still meanwhile: what each chaser gained
		 * against what its steps cost. */
		for (i = 0; i < w->nmonsters; i++) {
			const struct world_monster *m = &w->monsters[i];
			uint32_t after;
			struct path_params p;
			size_t e;
			double walked = 0;

			if (before[i] == UINT32_MAX || !m->alive)
				continue;
			minds_params(w, m->kind, &p);
			for (e = 0; e < w->events.len; e++) {
				const struct world_event *ev =
				        &w->events.items[e];

				if (ev->kind != WEV_MOVED ||
				    ev->actor != (int)i)
					continue;
				walked += ev->x != bx[i] && ev->y != by[i]
				                  ? p.diagonal_cost
				                  : p.straight_cost;
				bx[i] = ev->x;
				by[i] = ev->y;
			}
			after = distmap_at(or.dm[m->kind], m->x, m->y);
			if (!walked || after == UINT32_MAX)
				continue;
			r->walked += walked;
			r->gained += (double)before[i] - (double)after;
		}
	}
	r->turns = t;
	if (t) {
		qsort(times, (size_t)t, sizeof(*times), bench_cmp_u64);
		r->median_ns = times[t / 2];
		r->p99_ns = times[(size_t)(t * 99 / 100)];
		r->max_ns = times[t - 1];
	}
	r->plans = g->minds->stats.plans;
	r->expanded = g->minds->stats.expanded;
	r->hits = g->minds->stats.cache_hits;
	r->decisions = g->minds->stats.cache_hits + g->minds->stats.plans;
	r->distmaps = g->minds->stats.distmaps;
	memcpy(r->reasons, g->minds->stats.reasons, sizeof(r->reasons));
	r->deferred = g->minds->stats.deferred;
	r->max_wait = g->minds->stats.max_wait;
	r->wait_broken = g->minds->stats.max_wait_by[REPLAN_CHANGED];
	r->wait_pathless = g->minds->stats.max_wait_by[REPLAN_COUNT];
	r->wait_drift = g->minds->stats.max_wait_by[REPLAN_DRIFT];
	r->long_waits = g->minds->stats.long_waits;
	for (i = 0; i < w->nmonsters; i++) {
		r->stood += w->monsters[i].alive && !stepped[i];
		r->reach_stood += before[i] != UINT32_MAX &&
		                  w->monsters[i].alive && !stepped[i];
	}
	r->out_of_reach = g->minds->stats.out_of_reach;
	r->map_paths = g->minds->stats.map_paths;
	r->hpa_plans = g->minds->stats.hpa_plans;
	r->dlite_repairs =
	        g->minds->stats.dlite_plans + g->minds->stats.dlite_repairs;
	r->dlite_expanded = g->minds->stats.dlite_expanded;
	r->budget_cut = g->minds->stats.budget_cut;
	{
		size_t mon, map;

		minds_bytes(g->minds, &mon, &map);
		r->bytes_per_monster = (double)mon / (double)o->monsters;
		r->bytes_per_cell = (double)map / ((double)g->world->width *
		                                   (double)g->world->height);
	}
	for (i = 0; i < or.nkinds; i++) {
		distmap_free(or.dm[i]);
		grid_fini(& or.grid[i]);
	}
	free(or.dm);
	free(or.grid);
	free(or.built);
	free(times);
	free(before);
	free(bx);
	free(by);
	free(stepped);
	free(sh);
	autopilot_free(ap);
	game_free(g);
	return 0;
}

static double overhead(const struct result *r)
{
	return r->walked > 0 ? 100.0 * (r->walked - r->gained) / r->walked
	                     : 0.0;
}

/* The map a summary names: the Moving AI file's, or the generated
 * dungeon's size (a cave's prefixed so). */
static const char *map_label(const struct bopts *o, char *buf, size_t size)
{
	const char *b = o->map ? strrchr(o->map, '/') : NULL;

	if (o->map)
		snprintf(buf, size, "%s", b ? b + 1 : o->map);
	else
		snprintf(buf, size, "%s%dx%d", o->cave ? "cave" : "", o->w,
		         o->h);
	return buf;
}

static void print(const struct bopts *o, const struct result *r,
                  const struct result *base)
{
	char where[64];
	int k;

	printf("%s: searches by reason:", r->name);
	for (k = 0; k < REPLAN_COUNT; k++)
		printf(" %s=%" PRIu64, event_reason_name((enum replan_reason)k),
		       r->reasons[k]);
	printf(" (deferred %" PRIu64 ", read off maps %" PRIu64 ")\n",
	       r->deferred, r->map_paths);
	map_label(o, where, sizeof(where));
	printf("summary: strategy=%s map=%s monsters=%d turns=%ld "
	       "turn_us_median=%.1f turn_us_p99=%.1f turn_us_max=%.1f "
	       "plans=%" PRIu64 " expanded=%" PRIu64 " distmaps=%" PRIu64
	       " cache_hit_rate=%.3f wasted_pct=%.2f overhead_pct=%.2f"
	       " bytes_per_monster=%.0f bytes_per_cell=%.1f hpa_plans=%" PRIu64
	       " dlite_repairs=%" PRIu64 " dlite_expanded=%" PRIu64
	       " budget_cut=%" PRIu64 " deferred=%" PRIu64 " moves=%" PRIu64
	       " max_wait=%" PRIu64 " long_waits=%" PRIu64 " stood=%" PRIu64
	       " reach_moves=%" PRIu64 " reach_stood=%" PRIu64
	       " out_of_reach=%" PRIu64 " max_wait_broken=%" PRIu64
	       " max_wait_pathless=%" PRIu64 " max_wait_drift=%" PRIu64
	       " breaks=%d walls=%" PRIu64 "\n",
	       r->name, where, o->monsters, r->turns, r->median_ns / 1e3,
	       r->p99_ns / 1e3, r->max_ns / 1e3, r->plans, r->expanded,
	       r->distmaps,
	       r->decisions ? (double)r->hits / (double)r->decisions : 0.0,
	       overhead(r), overhead(r) - overhead(base), r->bytes_per_monster,
	       r->bytes_per_cell, r->hpa_plans, r->dlite_repairs,
	       r->dlite_expanded, r->budget_cut, r->deferred, r->moves,
	       r->max_wait, r->long_waits, r->stood, r->reach_moves,
	       r->reach_stood, r->out_of_reach, r->wait_broken,
	       r->wait_pathless, r->wait_drift, o->breaks, r->walls);
}

/* ---- the door keeper's games (--keeper) ---------------------------------- */

/* Searches for broken paths, by how they were made. */
enum { BY_SEARCH, BY_DLITE_PLAN, BY_DLITE, BY_COUNT };

struct keeper_result {
	const char *name;
	long turns;
	uint64_t median_ns, p99_ns, total_ns;
	uint64_t n[BY_COUNT], ns[BY_COUNT], expanded[BY_COUNT];
	/* A* from the same cell to the same goal on the same grid, within
	 * the kind's budget, run beside each of D* Lite's answers (outside
	 * the turn's time). */
	uint64_t astar_ns[BY_COUNT], astar_expanded[BY_COUNT];
	/* Decisions that kept their path: what a decision costs anyway. */
	uint64_t keeps, keep_ns;
	/* D* Lite's repairs by the size of the A* beside them: under 1k,
	 * 4k, 16k and 64k nodes, and more; how many, and both times. */
	uint64_t sz_n[5], sz_dlite_ns[5], sz_astar_ns[5];
	uint64_t plans, expanded_all, breaks, moves;
	uint64_t wait_broken; /* the longest wait for a broken path's plan */
	double bytes_per_cell;
};

/* What the A* beside D* Lite needs. */
struct shadow {
	struct path_ctx *ctx;
	struct path_point *buf;
	size_t cap;
};

/* Whether the keeper may pick monster i: it walks to a place of its own
 * (not the player) along a path with some way still to go. */
static int keeper_victim(const struct game *g, size_t i)
{
	const struct mind *mi = &g->minds->mind[i];

	return g->world->monsters[i].alive && mi->mode != MIND_CHASE &&
	       mi->len > mi->pos + 4;
}

/* The monsters' tick as game_monsters_act plays it, every decision
 * timed and put down to how its broken path, if any, was made again. */
static void keeper_monsters_act(struct game *g, struct keeper_result *r,
                                struct shadow *sd, uint64_t *shadow_ns)
{
	struct world *w = g->world;
	const struct mind_stats *st = &g->minds->stats;
	struct world_action a;
	size_t i;

	minds_tick(g->minds, w);
	for (i = 0; i < w->nmonsters && w->state == WORLD_PLAYING; i++) {
		if (!act_charge(w, i))
			continue;
		while (act_ready(w, i)) {
			uint64_t c0 = st->reasons[REPLAN_CHANGED],
			         d0 = st->dlite_plans, r0 = st->dlite_repairs,
			         x0 = st->dlite_expanded, e0 = st->expanded,
			         p0 = st->plans, t0 = bench_now_ns(), dt, ns0;
			int by;

			minds_decide(g->minds, w, &w->rng, &w->events, i, &a);
			dt = bench_now_ns() - t0;
			if (st->plans == p0) {
				r->keeps++;
				r->keep_ns += dt;
			}
			if (st->reasons[REPLAN_CHANGED] == c0) {
				act_monster(w, i, &a);
				continue;
			}
			/* A context that gave up (a first plan past its
			 * limit, no way left) before the search that then
			 * answered: D* Lite's cost too, put with the first
			 * plans. */
			by = st->dlite_plans != d0      ? BY_DLITE_PLAN
			     : st->dlite_repairs != r0  ? BY_DLITE
			     : st->dlite_expanded != x0 ? BY_DLITE_PLAN
			                                : BY_SEARCH;
			ns0 = r->ns[by];
			r->n[by]++;
			r->ns[by] += dt;
			r->expanded[by] += st->expanded - e0;
			if (by != BY_SEARCH) {
				/* The same query, afresh by A* within the
				 * kind's budget (the search the monster would
				 * have made instead), before it moves. */
				const struct mind *mi = &g->minds->mind[i];
				struct path_params p;
				struct path_result res;

				minds_params(w, w->monsters[i].kind, &p);
				t0 = bench_now_ns();
				minds_search_again(g->minds, w, i, mi->goal_x,
				                   mi->goal_y, &p, sd->ctx,
				                   sd->buf, sd->cap, &res,
				                   NULL);
				dt = bench_now_ns() - t0;
				r->astar_ns[by] += dt;
				*shadow_ns += dt;
				r->astar_expanded[by] += res.stats.expanded;
				if (by == BY_DLITE) {
					int z = 0;

					while (z < 4 &&
					       res.stats.expanded >=
					               1000u << (2 * z))
						z++;
					r->sz_n[z]++;
					r->sz_astar_ns[z] += dt;
					r->sz_dlite_ns[z] += r->ns[by] - ns0;
				}
			}
			act_monster(w, i, &a);
		}
	}
	act_end_turn(w);
}

static int run_keeper(const struct bopts *o, const char *name, int no_dlite,
                      struct keeper_result *r)
{
	struct game *g = make_game(o, MIND_STRATEGY_AUTO, 0, no_dlite);
	struct world *w = g ? g->world : NULL;
	const size_t cap = (size_t)o->keeper * (KEEP_TURNS + 1) + 16;
	struct shut *sh = malloc(cap * sizeof(*sh));
	size_t *victims = malloc(((size_t)o->keeper + 1) * sizeof(*victims));
	uint64_t *times = malloc((size_t)o->turns * sizeof(*times));
	uint64_t rng = o->seed * 2654435761u + 1;
	size_t nsh = 0, nv = 0, i, k;
	struct shadow sd;
	long t;

	memset(r, 0, sizeof(*r));
	r->name = name;
	sd.cap = 1u << 16;
	sd.buf = malloc(sd.cap * sizeof(*sd.buf));
	sd.ctx = w ? path_ctx_new(w->width, w->height) : NULL;
	if (!g || !sh || !victims || !times || !sd.buf || !sd.ctx) {
		fprintf(stderr, "turnbench: out of memory\n");
		return -1;
	}
	for (t = 0; t < o->turns && w->state == WORLD_PLAYING; t++) {
		struct world_cmd c = {WCMD_WAIT, 0, 0};
		uint64_t t0;

		game_player_act(g, c);
		/* Cells shut long enough open again. */
		keeper_open(w, sh, &nsh);
		/* The same victims while they can be found (or new ones
		 * each turn), a wall on each one's way. */
		if (o->spread)
			nv = 0;
		for (k = 0; k < nv;)
			if (keeper_victim(g, victims[k]))
				k++;
			else
				victims[k] = victims[--nv];
		for (i = 0; i < w->nmonsters && nv < (size_t)o->keeper; i++) {
			size_t j = o->spread ? (size_t)(keeper_rand(&rng) %
			                                w->nmonsters)
			                     : i;

			for (k = 0; k < nv && victims[k] != j; k++)
				;
			if (k == nv && keeper_victim(g, j))
				victims[nv++] = j;
		}
		for (k = 0; k < nv; k++)
			r->breaks += (uint64_t)keeper_break(g, victims[k], &rng,
			                                    sh, &nsh, cap);
		{
			uint64_t shadow_ns = 0;

			t0 = bench_now_ns();
			keeper_monsters_act(g, r, &sd, &shadow_ns);
			times[t] = bench_now_ns() - t0 - shadow_ns;
		}
		r->total_ns += times[t];
		for (i = 0; i < w->events.len; i++)
			r->moves += w->events.items[i].kind == WEV_MOVED &&
			            w->events.items[i].actor >= 0;
	}
	r->turns = t;
	if (t) {
		qsort(times, (size_t)t, sizeof(*times), bench_cmp_u64);
		r->median_ns = times[t / 2];
		r->p99_ns = times[(size_t)(t * 99 / 100)];
	}
	r->plans = g->minds->stats.plans;
	r->expanded_all = g->minds->stats.expanded;
	r->wait_broken = g->minds->stats.max_wait_by[REPLAN_CHANGED];
	{
		size_t mon, map;

		minds_bytes(g->minds, &mon, &map);
		r->bytes_per_cell =
		        (double)map / ((double)w->width * (double)w->height);
	}
	free(times);
	free(victims);
	free(sh);
	free(sd.buf);
	path_ctx_free(sd.ctx);
	game_free(g);
	return 0;
}

static double per(uint64_t a, uint64_t n)
{
	return n ? (double)a / (double)n : 0.0;
}

static void print_keeper(const struct bopts *o, const struct keeper_result *r)
{
	uint64_t n = r->n[BY_SEARCH] + r->n[BY_DLITE_PLAN] + r->n[BY_DLITE];
	uint64_t ns = r->ns[BY_SEARCH] + r->ns[BY_DLITE_PLAN] + r->ns[BY_DLITE];
	char where[64];

	map_label(o, where, sizeof(where));
	printf("summary: keeper=%s repair=%s map=%s monsters=%d victims=%d "
	       "budget=%ld turns=%ld breaks=%" PRIu64 " turn_us_median=%.1f "
	       "turn_us_p99=%.1f turn_us_mean=%.1f plans=%" PRIu64
	       " expanded=%" PRIu64 " changed=%" PRIu64
	       " changed_us_total=%.0f changed_us=%.2f keep_us=%.2f"
	       " searched=%" PRIu64 " searched_us=%.2f searched_expanded=%.1f"
	       " dlite_plans=%" PRIu64 " dlite_plan_us=%.2f"
	       " dlite_plan_expanded=%.1f plan_astar_us=%.2f"
	       " plan_astar_expanded=%.1f dlite_repairs=%" PRIu64
	       " dlite_repair_us=%.2f dlite_repair_expanded=%.1f"
	       " repair_astar_us=%.2f repair_astar_expanded=%.1f"
	       " moves=%" PRIu64 " max_wait_broken=%" PRIu64
	       " bytes_per_cell=%.1f\n",
	       o->spread ? "spread" : "stick", r->name, where, o->monsters,
	       o->keeper, o->budget >= 0 ? o->budget : (long)MIND_TURN_BUDGET,
	       r->turns, r->breaks, r->median_ns / 1e3, r->p99_ns / 1e3,
	       per(r->total_ns, (uint64_t)r->turns) / 1e3, r->plans,
	       r->expanded_all, n, ns / 1e3, per(ns, n) / 1e3,
	       per(r->keep_ns, r->keeps) / 1e3, r->n[BY_SEARCH],
	       per(r->ns[BY_SEARCH], r->n[BY_SEARCH]) / 1e3,
	       per(r->expanded[BY_SEARCH], r->n[BY_SEARCH]),
	       r->n[BY_DLITE_PLAN],
	       per(r->ns[BY_DLITE_PLAN], r->n[BY_DLITE_PLAN]) / 1e3,
	       per(r->expanded[BY_DLITE_PLAN], r->n[BY_DLITE_PLAN]),
	       per(r->astar_ns[BY_DLITE_PLAN], r->n[BY_DLITE_PLAN]) / 1e3,
	       per(r->astar_expanded[BY_DLITE_PLAN], r->n[BY_DLITE_PLAN]),
	       r->n[BY_DLITE], per(r->ns[BY_DLITE], r->n[BY_DLITE]) / 1e3,
	       per(r->expanded[BY_DLITE], r->n[BY_DLITE]),
	       per(r->astar_ns[BY_DLITE], r->n[BY_DLITE]) / 1e3,
	       per(r->astar_expanded[BY_DLITE], r->n[BY_DLITE]), r->moves,
	       r->wait_broken, r->bytes_per_cell);
	if (r->n[BY_DLITE]) {
		static const char *const size[] = {"<1k", "1k-4k", "4k-16k",
		                                   "16k-64k", ">=64k"};
		int z;

		printf("%s: repairs by A*'s nodes beside them (count, D* Lite "
		       "us, A* us):",
		       r->name);
		for (z = 0; z < 5; z++)
			printf(" %s %" PRIu64 " %.1f %.1f", size[z], r->sz_n[z],
			       per(r->sz_dlite_ns[z], r->sz_n[z]) / 1e3,
			       per(r->sz_astar_ns[z], r->sz_n[z]) / 1e3);
		printf("\n");
	}
}

/* What D* Lite's answers saved in its game, in us: the A* beside each
 * (same cell, same goal, same grid) less the decision that used D* Lite
 * (which counts the decision's own work too: a bound from below). */
static double keeper_saved_us(const struct keeper_result *r)
{
	return ((double)(r->astar_ns[BY_DLITE_PLAN] + r->astar_ns[BY_DLITE]) -
	        (double)(r->ns[BY_DLITE_PLAN] + r->ns[BY_DLITE])) /
	       1e3;
}

/* Old and new in one run, and the ratios: above 1, D* Lite's game spent
 * less; and, in D* Lite's game, its answers against A* beside them on
 * the same queries: the first plans' price, each repair's gain, and
 * what the contexts saved in all (saved_us, net of the first plans;
 * below 0, a loss). */
static int main_keeper(const struct bopts *o)
{
	struct keeper_result old, neu;
	uint64_t n_old, n_new, ns_old, ns_new;

	if (run_keeper(o, "search", 1, &old) != 0)
		return 1;
	print_keeper(o, &old);
	fflush(stdout);
	if (run_keeper(o, "dlite", 0, &neu) != 0)
		return 1;
	print_keeper(o, &neu);
	n_old = old.n[BY_SEARCH] + old.n[BY_DLITE_PLAN] + old.n[BY_DLITE];
	n_new = neu.n[BY_SEARCH] + neu.n[BY_DLITE_PLAN] + neu.n[BY_DLITE];
	ns_old = old.ns[BY_SEARCH] + old.ns[BY_DLITE_PLAN] + old.ns[BY_DLITE];
	ns_new = neu.ns[BY_SEARCH] + neu.ns[BY_DLITE_PLAN] + neu.ns[BY_DLITE];
	printf("summary: keeper=%s changed_us_ratio=%.2f "
	       "changed_us_total_ratio=%.2f turn_us_mean_ratio=%.2f "
	       "turn_us_median_ratio=%.2f dlite_share=%.3f "
	       "plan_over_astar=%.2f repair_astar_over_dlite=%.2f "
	       "repair_expanded_ratio=%.1f saved_us=%.0f\n",
	       o->spread ? "spread" : "stick",
	       per(ns_old, n_old) / (per(ns_new, n_new) + 1e-9),
	       (double)ns_old / ((double)ns_new + 1e-9),
	       per(old.total_ns, (uint64_t)old.turns) /
	               (per(neu.total_ns, (uint64_t)neu.turns) + 1e-9),
	       (double)old.median_ns / ((double)neu.median_ns + 1e-9),
	       per(neu.n[BY_DLITE_PLAN] + neu.n[BY_DLITE], n_new),
	       (double)neu.ns[BY_DLITE_PLAN] /
	               ((double)neu.astar_ns[BY_DLITE_PLAN] + 1e-9),
	       (double)neu.astar_ns[BY_DLITE] /
	               ((double)neu.ns[BY_DLITE] + 1e-9),
	       (double)neu.astar_expanded[BY_DLITE] /
	               ((double)neu.expanded[BY_DLITE] + 1e-9),
	       keeper_saved_us(&neu));
	return 0;
}

/* The pair of games of main_keeper over seeds, harassed monsters and
 * both keepers: a line per pair, and a summary of them all. */
static int main_keeper_sweep(struct bopts *o)
{
	static const int keepers[] = {1, 2, 4, 8};
	const uint64_t first = o->seed;
	struct keeper_result old, neu;
	unsigned games = 0, lent = 0, wins = 0, losses = 0;
	uint64_t plans = 0, repairs = 0, plan_ns = 0, plan_astar_ns = 0;
	uint64_t repair_ns = 0, repair_astar_ns = 0, old_ns = 0, new_ns = 0;
	double saved = 0;
	char where[64];
	int s, k, spread;

	for (s = 0; s < o->sweep; s++) {
		for (k = 0; k < (int)(sizeof(keepers) / sizeof(keepers[0]));
		     k++) {
			for (spread = 0; spread < 2; spread++) {
				double one;

				o->seed = first + (uint64_t)s;
				o->keeper = keepers[k];
				o->spread = spread;
				if (run_keeper(o, "search", 1, &old) != 0 ||
				    run_keeper(o, "dlite", 0, &neu) != 0)
					return 1;
				one = keeper_saved_us(&neu);
				printf("game: seed=%" PRIu64 " keeper=%s "
				       "victims=%d dlite_plans=%" PRIu64
				       " dlite_repairs=%" PRIu64
				       " saved_us=%.0f\n",
				       o->seed, spread ? "spread" : "stick",
				       o->keeper, neu.n[BY_DLITE_PLAN],
				       neu.n[BY_DLITE], one);
				fflush(stdout);
				games++;
				lent += neu.n[BY_DLITE_PLAN] > 0;
				wins += one > 0;
				losses += one < 0;
				saved += one;
				plans += neu.n[BY_DLITE_PLAN];
				repairs += neu.n[BY_DLITE];
				plan_ns += neu.ns[BY_DLITE_PLAN];
				plan_astar_ns += neu.astar_ns[BY_DLITE_PLAN];
				repair_ns += neu.ns[BY_DLITE];
				repair_astar_ns += neu.astar_ns[BY_DLITE];
				old_ns += old.total_ns;
				new_ns += neu.total_ns;
			}
		}
	}
	printf("summary: keeper=sweep map=%s monsters=%d turns=%ld games=%u "
	       "lent=%u wins=%u losses=%u saved_us=%.0f dlite_plans=%" PRIu64
	       " plan_over_astar=%.2f dlite_repairs=%" PRIu64
	       " repair_astar_over_dlite=%.2f turn_us_total_ratio=%.3f\n",
	       map_label(o, where, sizeof(where)), o->monsters, o->turns, games,
	       lent, wins, losses, saved, plans,
	       (double)plan_ns / ((double)plan_astar_ns + 1e-9), repairs,
	       (double)repair_astar_ns / ((double)repair_ns + 1e-9),
	       (double)old_ns / ((double)new_ns + 1e-9));
	return 0;
}

static const char usage[] =
        "Usage: turnbench [--size WxH] [--monsters K] [--turns T] "
        "[--seed N] [--data-dir DIR] [--map FILE.map] [--only STRATEGY]\n"
        "       [--wander] [--cave] [--turn-budget N] [--verbose]\n"
        "       [--keeper K [--keeper-spread]] [--keeper-sweep N] [--breaks K]\n"
        "--map plays a Moving AI map (the monsters placed from the seed)\n"
        "instead of a generated dungeon of --size.\n"
        "Defaults: 256x256, 500 monsters, 300 turns, seed 1, data where "
        "the game\nwould find them ($HUNTED_DATA, else the data/ of this "
        "build tree).\n"
        "--only runs one of nocache, cache, distmap, auto, coop (for "
        "profiling);\n"
        "--wander lets the monsters guard and wander (long searches to\n"
        "random places: what the hierarchy is for) instead of hunting;\n"
        "--cave generates a cave (hunted --generate WxH --cave) instead\n"
        "of rooms and corridors;\n"
        "--turn-budget N gives the monsters another planning budget per\n"
        "turn than the game's (hunted --turn-budget; 0: none);\n"
        "--verbose prints every turn's time, searches and map work;\n"
        "--keeper K walls up cells on the ways of K wandering monsters\n"
        "every turn and plays the game with broken paths searched again\n"
        "and repaired by D* Lite (--keeper-spread: K others each turn);\n"
        "--keeper-sweep N plays that pair of games for N seeds from\n"
        "--seed, with 1, 2, 4 and 8 monsters harassed, sticking to them\n"
        "and spread, and sums up what D* Lite saved;\n"
        "--breaks K walls up, every turn, a cell on the ways of K hunters\n"
        "drawn at random, opening each again eight turns later\n"
        "(max_wait_broken: the longest wait for the plans they broke).\n";

int main(int argc, char **argv)
{
	struct bopts o = {256,  256, 500, 300, 1, NULL, 0,
	                  NULL, 0,   0,   0,   0, 0,    -1, 0};
	char data_dir[4096];
	static const struct {
		const char *name;
		enum mind_strategy s;
		int no_cache;
	} runs[] = {
	        {"nocache", MIND_STRATEGY_ASTAR, 1},
	        {"cache", MIND_STRATEGY_ASTAR, 0},
	        {"distmap", MIND_STRATEGY_DISTMAP, 0},
	        {"auto", MIND_STRATEGY_AUTO, 0},
	        {"coop", MIND_STRATEGY_COOP, 0},
	};
	struct result res[5];
	const char *only = NULL;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--help")) {
			fputs(usage, stdout);
			return 0;
		}
		if (!strcmp(a, "--verbose")) {
			o.verbose = 1;
			continue;
		}
		if (!strcmp(a, "--wander")) {
			o.wander = 1;
			continue;
		}
		if (!strcmp(a, "--cave")) {
			o.cave = 1;
			continue;
		}
		if (!strcmp(a, "--keeper-spread")) {
			o.spread = 1;
			continue;
		}
		if (!v) {
			fprintf(stderr, "turnbench: bad argument '%s'\n%s", a,
			        usage);
			return 2;
		}
		if (!strcmp(a, "--size") &&
		    sscanf(v, "%dx%d", &o.w, &o.h) == 2 && o.w >= GEN_MIN_W &&
		    o.h >= GEN_MIN_H && o.w <= GEN_MAX_DIM &&
		    o.h <= GEN_MAX_DIM)
			i++;
		else if (!strcmp(a, "--monsters") &&
		         (o.monsters = atoi(v)) >= 0)
			i++;
		else if (!strcmp(a, "--turns") && (o.turns = atol(v)) > 0)
			i++;
		else if (!strcmp(a, "--seed"))
			o.seed = strtoull(v, NULL, 10), i++;
		else if (!strcmp(a, "--data-dir"))
			o.data_dir = v, i++;
		else if (!strcmp(a, "--map"))
			o.map = v, i++;
		else if (!strcmp(a, "--only"))
			only = v, i++;
		else if (!strcmp(a, "--keeper") && (o.keeper = atoi(v)) > 0)
			o.wander = 1, i++;
		else if (!strcmp(a, "--keeper-sweep") &&
		         (o.sweep = atoi(v)) > 0)
			o.wander = 1, o.keeper = 1, i++;
		else if (!strcmp(a, "--turn-budget") &&
		         (o.budget = atol(v)) >= 0)
			i++;
		else if (!strcmp(a, "--breaks") && (o.breaks = atoi(v)) > 0)
			i++;
		else {
			fprintf(stderr, "turnbench: bad argument '%s'\n%s", a,
			        usage);
			return 2;
		}
	}
	/* The game's own lookup: --data-dir, $HUNTED_DATA, this tree. */
	if (files_data_dir(o.data_dir, data_dir, sizeof(data_dir)) < 0) {
		fprintf(stderr, "turnbench: the data directory's name is too "
		                "long\n");
		return 2;
	}
	o.data_dir = data_dir;
	if (o.sweep)
		return main_keeper_sweep(&o);
	if (o.keeper)
		return main_keeper(&o);
	for (i = 0; i < 5; i++) {
		if (only && strcmp(only, runs[i].name)) {
			memset(&res[i], 0, sizeof(res[i]));
			continue;
		}
		if (run(&o, runs[i].name, runs[i].s, runs[i].no_cache,
		        &res[i]) != 0)
			return 1;
		print(&o, &res[i], &res[0]);
		fflush(stdout);
	}
	printf("summary: nocache_over_auto_median=%.2f "
	       "cache_over_auto_median=%.2f distmap_over_auto_median=%.2f "
	       "auto_turn_us_median=%.1f auto_turn_us_max=%.1f "
	       "auto_overhead_pct=%.2f auto_cache_hit_rate=%.3f\n",
	       (double)res[0].median_ns / (double)(res[3].median_ns + 1),
	       (double)res[1].median_ns / (double)(res[3].median_ns + 1),
	       (double)res[2].median_ns / (double)(res[3].median_ns + 1),
	       res[3].median_ns / 1e3, res[3].max_ns / 1e3, overhead(&res[3]),
	       res[3].decisions ? (double)res[3].hits / (double)res[3].decisions
	                        : 0.0);
	return 0;
}
