/* turnbench.c - the cost of the monsters' turn, strategy against strategy,
 * in one run on the same generated dungeon and the same seeded game:
 *
 *   nocache  every monster searches again every turn (A*, no path cache)
 *   cache    per-monster A* with the path cache
 *   distmap  chasers share one distance map per kind
 *   auto     the game's own choice, per kind and per turn
 *
 * For each: the monsters' phase of a turn (median, max), searches, nodes
 * expanded, cache hit rate, and path quality: of the distance the chasing
 * monsters walked, the share that did not bring them closer to the player
 * (measured with an exact distance map per kind, outside the timing).
 * Fresh optimal re-planning every turn sets the baseline; the others are
 * reported as overhead above it.  Ends with one `summary:` line per
 * strategy and a final one with the ratios. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/mind/ai.h"
#include "core/mind/autopilot.h"
#include "core/data/data.h"
#include "core/path/distmap.h"
#include "core/world/gen.h"
#include "core/world/world.h"

struct bopts {
	int w, h;
	int monsters;
	long turns;
	uint64_t seed;
	const char *data_dir;
	int verbose;
};

struct result {
	const char *name;
	long turns;
	uint64_t median_ns, max_ns, p99_ns;
	uint64_t plans, expanded, hits, decisions, distmaps;
	double walked, gained; /* chasers' step costs and distance gained */
	uint64_t reasons[AI_REASON_COUNT], deferred, map_paths;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static struct world *make_world(const struct bopts *o, enum ai_strategy s,
                                int no_cache)
{
	char path[4096];
	struct diag_list dl;
	struct data *d = data_new();
	struct world_options wo;
	struct world *w;
	size_t i;

	diag_list_init(&dl, 0);
	snprintf(path, sizeof(path), "%s/monsters.txt", o->data_dir);
	if (!d || data_load(d, path, &dl) != 0 ||
	    gen_dungeon(d, o->w, o->h, o->seed, o->monsters, &dl) != 0) {
		for (i = 0; i < dl.len; i++)
			fprintf(stderr, "turnbench: %s:%d: %s\n",
			        dl.items[i].file, dl.items[i].line,
			        dl.items[i].message);
		diag_list_fini(&dl);
		data_free(d);
		return NULL;
	}
	world_options_default(&wo);
	wo.strategy = s;
	wo.no_cache = no_cache;
	wo.hunt = 1; /* all of them, every turn */
	/* The baseline re-plans in full, every turn: no budget cuts. */
	if (no_cache)
		wo.turn_budget = 0;
	w = world_new(d, o->seed, &wo, &dl);
	diag_list_fini(&dl);
	if (w)
		w->php = w->php_max = 1 << 30; /* the chase goes on */
	return w;
}

/* Exact distances to the player for every kind that has a chaser.  The
 * maps are kept from turn to turn (built[] says which are this turn's),
 * so the measuring does not churn memory under the measured code. */
struct oracle {
	struct distmap **dm;
	int *built;
	size_t nkinds;
};

static int oracle_build(struct oracle * or, struct world *w)
{
	size_t i;
	struct path_point src = {w->px, w->py};

	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		struct path_params p;
		size_t settled;

		if (!m->alive || m->mind.mode != AI_CHASE)
			continue;
		if (or->built[m->kind])
			continue; /* built this turn already */
		if (! or->dm[m->kind])
			or->dm[m->kind] = distmap_new(w->width, w->height);
		if (! or->dm[m->kind])
			return -1;
		or->built[m->kind] = 1;
		ai_params(w, m->kind, &p);
		/* A player on a cell the kind cannot enter fails the build,
		 * which leaves every cell unreached: those monsters are
		 * simply not measured this turn. */
		(void)distmap_build(or->dm[m->kind], ai_kind_grid(w, m->kind),
		                    &p, &src, 1, 0, &settled);
	}
	return 0;
}

static int run(const struct bopts *o, const char *name, enum ai_strategy s,
               int no_cache, struct result *r)
{
	struct world *w = make_world(o, s, no_cache);
	struct autopilot *ap;
	struct oracle or ;
	uint64_t *times;
	uint32_t *before;
	int *bx, *by;
	long t;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->name = name;
	if (!w)
		return -1;
	ap = autopilot_new(w);
	times = malloc((size_t)o->turns * sizeof(*times));
	before = malloc(w->nmonsters * sizeof(*before));
	bx = malloc(w->nmonsters * sizeof(*bx));
	by = malloc(w->nmonsters * sizeof(*by));
	or.nkinds = w->data->nmonsters;
	or.dm = calloc(or.nkinds, sizeof(* or.dm));
	or.built = calloc(or.nkinds, sizeof(* or.built));
	if (!ap || !times || !before || !bx || !by || ! or.dm || ! or.built) {
		fprintf(stderr, "turnbench: out of memory\n");
		return -1;
	}
	for (t = 0; t < o->turns && w->state == WORLD_PLAYING; t++) {
		struct world_cmd c;
		uint64_t t0;

		autopilot_next(ap, w, &c);
		if (world_player_act(w, c) != 1) {
			c.kind = WCMD_WAIT;
			world_player_act(w, c);
		}
		/* Before the monsters move: how far each chaser is. */
		memset(or.built, 0, or.nkinds * sizeof(* or.built));
		if (oracle_build(& or, w) != 0) {
			fprintf(stderr, "turnbench: out of memory\n");
			return -1;
		}
		for (i = 0; i < w->nmonsters; i++) {
			const struct world_monster *m = &w->monsters[i];

			before[i] = UINT32_MAX;
			bx[i] = m->x;
			by[i] = m->y;
			if (m->alive && m->mind.mode == AI_CHASE &&
			    or.built[m->kind])
				before[i] =
				        distmap_at(or.dm[m->kind], m->x, m->y);
		}
		{
			uint64_t p0 = w->stats.plans, e0 = w->stats.expanded,
			         d0 = w->stats.distmaps,
			         c0 = w->stats.distmap_cells;

			t0 = now_ns();
			world_monsters_act(w);
			times[t] = now_ns() - t0;
			if (o->verbose)
				printf("%s: turn %ld us=%.1f searches=%" PRIu64
				       " expanded=%" PRIu64 " maps=%" PRIu64
				       " map_cells=%" PRIu64 "\n",
				       name, t, times[t] / 1e3,
				       w->stats.plans - p0,
				       w->stats.expanded - e0,
				       w->stats.distmaps - d0,
				       w->stats.distmap_cells - c0);
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
			ai_params(w, m->kind, &p);
			for (e = 0; e < w->nevents; e++) {
				const struct world_event *ev = &w->events[e];

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
		qsort(times, (size_t)t, sizeof(*times), cmp_u64);
		r->median_ns = times[t / 2];
		r->p99_ns = times[(size_t)(t * 99 / 100)];
		r->max_ns = times[t - 1];
	}
	r->plans = w->stats.plans;
	r->expanded = w->stats.expanded;
	r->hits = w->stats.cache_hits;
	r->decisions = w->stats.cache_hits + w->stats.plans;
	r->distmaps = w->stats.distmaps;
	memcpy(r->reasons, w->stats.reasons, sizeof(r->reasons));
	r->deferred = w->stats.deferred;
	r->map_paths = w->stats.map_paths;
	for (i = 0; i < or.nkinds; i++)
		distmap_free(or.dm[i]);
	free(or.dm);
	free(or.built);
	free(times);
	free(before);
	free(bx);
	free(by);
	autopilot_free(ap);
	world_free(w);
	return 0;
}

static double overhead(const struct result *r)
{
	return r->walked > 0 ? 100.0 * (r->walked - r->gained) / r->walked
	                     : 0.0;
}

static void print(const struct bopts *o, const struct result *r,
                  const struct result *base)
{
	int k;

	printf("%s: searches by reason:", r->name);
	for (k = 0; k < AI_REASON_COUNT; k++)
		printf(" %s=%" PRIu64, ai_reason_name((enum ai_reason)k),
		       r->reasons[k]);
	printf(" (deferred %" PRIu64 ", read off maps %" PRIu64 ")\n",
	       r->deferred, r->map_paths);
	printf("summary: strategy=%s map=%dx%d monsters=%d turns=%ld "
	       "turn_us_median=%.1f turn_us_p99=%.1f turn_us_max=%.1f "
	       "plans=%" PRIu64 " expanded=%" PRIu64 " distmaps=%" PRIu64
	       " cache_hit_rate=%.3f wasted_pct=%.2f overhead_pct=%.2f\n",
	       r->name, o->w, o->h, o->monsters, r->turns, r->median_ns / 1e3,
	       r->p99_ns / 1e3, r->max_ns / 1e3, r->plans, r->expanded,
	       r->distmaps,
	       r->decisions ? (double)r->hits / (double)r->decisions : 0.0,
	       overhead(r), overhead(r) - overhead(base));
}

static const char usage[] =
        "Usage: turnbench [--size WxH] [--monsters K] [--turns T] "
        "[--seed N] [--data-dir DIR] [--only STRATEGY] [--verbose]\n"
        "Defaults: 256x256, 500 monsters, 300 turns, seed 1, data from "
        "the source tree.\n"
        "--only runs one of nocache, cache, distmap, auto (for profiling);\n"
        "--verbose prints every turn's time, searches and map work.\n";

int main(int argc, char **argv)
{
	struct bopts o = {256, 256, 500, 300, 1, TURNBENCH_DATA, 0};
	static const struct {
		const char *name;
		enum ai_strategy s;
		int no_cache;
	} runs[] = {
	        {"nocache", AI_STRATEGY_ASTAR, 1},
	        {"cache", AI_STRATEGY_ASTAR, 0},
	        {"distmap", AI_STRATEGY_DISTMAP, 0},
	        {"auto", AI_STRATEGY_AUTO, 0},
	};
	struct result res[4];
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
		else if (!strcmp(a, "--only"))
			only = v, i++;
		else {
			fprintf(stderr, "turnbench: bad argument '%s'\n%s", a,
			        usage);
			return 2;
		}
	}
	for (i = 0; i < 4; i++) {
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
