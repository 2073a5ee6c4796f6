/* SPDX-License-Identifier: MIT */
/* crowdbench.c - crowds of monsters, the ordinary way against
 * cooperative planning, in one run on the same dungeons and seeds.
 *
 * Every monster hunts a player who stands still and cannot die.  Three
 * ways play each dungeon: "auto-old", the automatic strategy with its
 * rule for jams off (mind_options.no_jam_coop: crowds priced into each
 * monster's search, a blocked monster waits or looks for a detour);
 * "auto", the automatic strategy, whose jams plan cooperatively; and
 * "coop" (every crowd plans in space and time round each other's
 * reserved steps).  Measured:
 *
 *   blocked   monster-turns a monster not yet next to the player ended
 *             where it began
 *   ring      the turn every cell next to the player that a monster can
 *             take was taken (or every monster was next to it)
 *   left      the mean cost the monsters still had to walk to a cell
 *             next to the player at the end (10 a straight step)
 *   quality   the cost the monsters walked until they first stood next to
 *             the player, over the cheapest walks there from where they
 *             started (1.00 is perfect)
 *   turn time the monsters' phase of a turn, median and 99th percentile
 *
 * Dungeons: data/maps/crowd.txt and generated ones (--gen N of them).
 * Ends with a `summary:` line per dungeon and way and a last one with
 * the sums, means and ratios (over auto-old) over all dungeons. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/data/data.h"
#include "core/game.h"
#include "core/path/distmap.h"
#include "core/world/gen.h"
#include "core/world/world.h"
#include "session/files.h"
#include "clock.h"

struct bopts {
	long turns;
	uint64_t seed;
	int gens, gen_w, gen_h, gen_monsters;
	const char *data_dir;
	const char *map;
};

struct result {
	long turns;
	uint64_t blocked;
	long ring;
	double walked, shortest;
	int arrived, monsters;
	uint64_t median_ns, p99_ns;
	uint64_t waits, plans, coop_plans, expanded;
	double left; /* mean cost still to walk to the player, at the end */
};

/* One way of playing: a strategy, and for the automatic one whether
 * its jams plan cooperatively. */
struct way {
	const char *name;
	enum mind_strategy s;
	int no_jam_coop;
};

static const struct way ways[] = {
        {"auto-old", MIND_STRATEGY_AUTO, 1},
        {"auto", MIND_STRATEGY_AUTO, 0},
        {"coop", MIND_STRATEGY_COOP, 0},
};
#define NWAYS (sizeof(ways) / sizeof(ways[0]))

/* The game of dungeon k (0: the crowd map, else generated number k). */
static struct game *make_game(const struct bopts *o, int k,
                              const struct way *way)
{
	char path[4096];
	struct diag_list dl;
	struct data *d = data_new();
	struct mind_options mo;
	struct game *g;
	int rc;

	diag_list_init(&dl, 0);
	if (k == 0) {
		rc = d ? data_load(d, o->map, &dl) : -1;
	} else {
		snprintf(path, sizeof(path), "%s/monsters.txt", o->data_dir);
		rc = !d || data_load(d, path, &dl) != 0 ||
		     gen_dungeon(d, o->gen_w, o->gen_h, o->seed + (uint64_t)k,
		                 o->gen_monsters, &dl) != 0;
	}
	if (rc != 0) {
		size_t i;

		for (i = 0; i < dl.len; i++)
			fprintf(stderr, "crowdbench: %s:%d: %s\n",
			        dl.items[i].file, dl.items[i].line,
			        dl.items[i].message);
		diag_list_fini(&dl);
		data_free(d);
		return NULL;
	}
	mind_options_default(&mo);
	mo.strategy = way->s;
	mo.no_jam_coop = way->no_jam_coop;
	mo.hunt = 1;
	g = game_new(d, o->seed, -1, &mo, &dl);
	diag_list_fini(&dl);
	if (g)
		g->world->php = g->world->php_max = 1 << 30;
	return g;
}

static int adjacent(const struct world *w, const struct world_monster *m)
{
	return abs(m->x - w->px) <= 1 && abs(m->y - w->py) <= 1;
}

/* Cells next to the player that monster kind `kind` may stand on. */
static int ring_cells(const struct world *w, int kind)
{
	int dx, dy, n = 0;

	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++)
			if ((dx || dy) && world_in(w, w->px + dx, w->py + dy) &&
			    world_enterable(w, kind, w->px + dx, w->py + dy))
				n++;
	return n;
}

static int run(const struct bopts *o, int k, const struct way *way,
               struct result *r)
{
	struct game *g = make_game(o, k, way);
	struct world *w;
	uint64_t *times;
	struct distmap **dm;
	double *walked;
	uint32_t *first;
	int *bx, *by, *sx, *sy, *arrived, ring_want;
	size_t i, nk;
	long t;
	const struct world_cmd wait = {WCMD_WAIT, 0, 0};

	memset(r, 0, sizeof(*r));
	if (!g)
		return -1;
	w = g->world;
	nk = w->data->nmonsters;
	times = calloc((size_t)o->turns, sizeof(*times));
	dm = calloc(nk, sizeof(*dm));
	walked = calloc(w->nmonsters + 1, sizeof(*walked));
	first = calloc(w->nmonsters + 1, sizeof(*first));
	bx = calloc(w->nmonsters + 1, sizeof(*bx));
	by = calloc(w->nmonsters + 1, sizeof(*by));
	sx = calloc(w->nmonsters + 1, sizeof(*sx));
	sy = calloc(w->nmonsters + 1, sizeof(*sy));
	arrived = calloc(w->nmonsters + 1, sizeof(*arrived));
	if (!times || !dm || !walked || !first || !bx || !by || !sx || !sy ||
	    !arrived)
		return -1;
	/* The cheapest walk of each monster to a cell next to the player:
	 * one Dijkstra per kind from the ring round the player. */
	for (i = 0; i < w->nmonsters; i++) {
		const struct world_monster *m = &w->monsters[i];
		struct path_point src[8];
		struct path_params p;
		size_t nsrc = 0;
		int dx, dy;

		first[i] = UINT32_MAX;
		if (!dm[m->kind]) {
			dm[m->kind] = distmap_new(w->width, w->height);
			if (!dm[m->kind])
				return -1;
			for (dy = -1; dy <= 1; dy++)
				for (dx = -1; dx <= 1; dx++)
					if ((dx || dy) &&
					    world_in(w, w->px + dx,
					             w->py + dy) &&
					    world_enterable(w, m->kind,
					                    w->px + dx,
					                    w->py + dy)) {
						src[nsrc].x = w->px + dx;
						src[nsrc].y = w->py + dy;
						nsrc++;
					}
			minds_params(w, m->kind, &p);
			distmap_build(dm[m->kind],
			              minds_kind_grid(g->minds, w, m->kind), &p,
			              src, nsrc, 0, NULL);
		}
		first[i] = distmap_at(dm[m->kind], m->x, m->y);
	}
	ring_want = ring_cells(w, w->nmonsters ? w->monsters[0].kind : 0);
	if (ring_want > (int)w->nmonsters)
		ring_want = (int)w->nmonsters;
	r->ring = -1;
	r->monsters = (int)w->nmonsters;
	for (t = 0; t < o->turns && w->state == WORLD_PLAYING; t++) {
		uint64_t t0;
		int ring = 0;
		size_t e;

		game_player_act(g, wait);
		for (i = 0; i < w->nmonsters; i++) {
			sx[i] = bx[i] = w->monsters[i].x;
			sy[i] = by[i] = w->monsters[i].y;
		}
		t0 = bench_now_ns();
		game_monsters_act(g);
		times[t] = bench_now_ns() - t0;
		r->turns = t + 1;
		for (e = 0; e < w->events.len; e++) {
			const struct world_event *ev = &w->events.items[e];
			struct path_params p;
			int a = ev->actor;

			if ((ev->kind != WEV_MOVED &&
			     ev->kind != WEV_SWAPPED) ||
			    a < 0 || arrived[a])
				continue;
			minds_params(w, w->monsters[a].kind, &p);
			walked[a] += ev->x != bx[a] && ev->y != by[a]
			                     ? p.diagonal_cost
			                     : p.straight_cost;
			bx[a] = ev->x;
			by[a] = ev->y;
		}
		for (i = 0; i < w->nmonsters; i++) {
			const struct world_monster *m = &w->monsters[i];

			if (!m->alive)
				continue;
			if (adjacent(w, m)) {
				ring++;
				if (!arrived[i] &&
				    first[i] != DISTMAP_UNREACHED) {
					arrived[i] = 1;
					r->arrived++;
					r->walked += walked[i];
					r->shortest += first[i];
				}
				continue;
			}
			if (m->x == sx[i] && m->y == sy[i])
				r->blocked++;
		}
		if (r->ring < 0 && ring >= ring_want)
			r->ring = t + 1;
	}
	{
		double sum = 0;
		int n = 0;

		for (i = 0; i < w->nmonsters; i++) {
			const struct world_monster *m = &w->monsters[i];
			uint32_t d;

			if (!m->alive || first[i] == DISTMAP_UNREACHED)
				continue;
			d = distmap_at(dm[m->kind], m->x, m->y);
			if (d == DISTMAP_UNREACHED)
				continue;
			sum += d;
			n++;
		}
		r->left = n ? sum / n : 0;
	}
	qsort(times, (size_t)r->turns, sizeof(*times), bench_cmp_u64);
	r->median_ns = r->turns ? times[r->turns / 2] : 0;
	r->p99_ns = r->turns ? times[(size_t)r->turns * 99 / 100] : 0;
	r->waits = g->minds->stats.waits;
	r->plans = g->minds->stats.plans;
	r->coop_plans = g->minds->stats.coop_plans;
	r->expanded = g->minds->stats.expanded;
	for (i = 0; i < nk; i++)
		distmap_free(dm[i]);
	free(dm);
	free(times);
	free(walked);
	free(first);
	free(bx);
	free(by);
	free(sx);
	free(sy);
	free(arrived);
	game_free(g);
	return 0;
}

static void print(const char *dungeon, const char *name, const struct result *r)
{
	printf("summary: dungeon=%s strategy=%s monsters=%d turns=%ld "
	       "blocked=%" PRIu64 " ring_turn=%ld arrived=%d "
	       "left=%.1f quality=%.3f turn_us_median=%.1f "
	       "turn_us_p99=%.1f waits=%" PRIu64 " plans=%" PRIu64
	       " coop_plans=%" PRIu64 " expanded=%" PRIu64 "\n",
	       dungeon, name, r->monsters, r->turns, r->blocked, r->ring,
	       r->arrived, r->left,
	       r->shortest > 0 ? r->walked / r->shortest : 0.0,
	       r->median_ns / 1e3, r->p99_ns / 1e3, r->waits, r->plans,
	       r->coop_plans, r->expanded);
}

static const char usage[] =
        "usage: crowdbench [--turns N] [--seed S] [--gen N] [--size WxH]\n"
        "                  [--monsters N] [--map FILE] [--data-dir DIR]\n"
        "Plays data/maps/crowd.txt (or --map FILE) and N generated\n"
        "dungeons of --size with --monsters each, player standing still,\n"
        "with the automatic strategy without its rule for jams (auto-old)\n"
        "and with it (auto), and cooperative planning (coop).\n"
        "Defaults: 400 turns, seed 1, 3 generated 80x40 with 60 monsters.\n";

int main(int argc, char **argv)
{
	struct bopts o = {400, 1, 3, 80, 40, 60, NULL, NULL};
	char data_dir[4096], map[4200];
	struct result r;
	uint64_t blocked[NWAYS] = {0}, med[NWAYS] = {0}, p99[NWAYS] = {0};
	long ring[NWAYS] = {0};
	double walked[NWAYS] = {0}, shortest[NWAYS] = {0}, left[NWAYS] = {0};
	double n;
	size_t w;
	int i, k;

	for (i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(argv[i], "--help")) {
			fputs(usage, stdout);
			return 0;
		}
		if (!v) {
			fprintf(stderr, "crowdbench: bad argument '%s'\n%s",
			        argv[i], usage);
			return 2;
		}
		if (!strcmp(argv[i], "--turns") && (o.turns = atol(v)) > 0)
			i++;
		else if (!strcmp(argv[i], "--seed"))
			o.seed = strtoull(v, NULL, 10), i++;
		else if (!strcmp(argv[i], "--gen") && (o.gens = atoi(v)) >= 0)
			i++;
		else if (!strcmp(argv[i], "--size") &&
		         sscanf(v, "%dx%d", &o.gen_w, &o.gen_h) == 2)
			i++;
		else if (!strcmp(argv[i], "--monsters") &&
		         (o.gen_monsters = atoi(v)) > 0)
			i++;
		else if (!strcmp(argv[i], "--map"))
			o.map = v, i++;
		else if (!strcmp(argv[i], "--data-dir"))
			o.data_dir = v, i++;
		else {
			fprintf(stderr, "crowdbench: bad argument '%s'\n%s",
			        argv[i], usage);
			return 2;
		}
	}
	if (files_data_dir(o.data_dir, data_dir, sizeof(data_dir)) < 0) {
		fprintf(stderr, "crowdbench: the data directory's name is too "
		                "long\n");
		return 2;
	}
	o.data_dir = data_dir;
	if (!o.map) {
		snprintf(map, sizeof(map), "%s/maps/crowd.txt", data_dir);
		o.map = map;
	}
	for (k = 0; k <= o.gens; k++) {
		char name[64];

		if (k == 0)
			snprintf(name, sizeof(name), "crowd");
		else
			snprintf(name, sizeof(name), "gen%dx%d-%" PRIu64,
			         o.gen_w, o.gen_h, o.seed + (uint64_t)k);
		for (w = 0; w < NWAYS; w++) {
			if (run(&o, k, &ways[w], &r) != 0) {
				fprintf(stderr,
				        "crowdbench: %s could not be played\n",
				        name);
				return 1;
			}
			print(name, ways[w].name, &r);
			fflush(stdout);
			blocked[w] += r.blocked;
			/* A dungeon whose ring never filled counts all its
			 * turns. */
			ring[w] += r.ring < 0 ? r.turns : r.ring;
			left[w] += r.left;
			walked[w] += r.walked;
			shortest[w] += r.shortest;
			med[w] += r.median_ns;
			p99[w] += r.p99_ns;
		}
	}
	n = o.gens + 1;
	printf("summary: dungeons=%d", o.gens + 1);
	for (w = 0; w < NWAYS; w++)
		printf(" blocked_%s=%" PRIu64, ways[w].name, blocked[w]);
	for (w = 1; w < NWAYS; w++)
		printf(" blocked_%s_over_old=%.3f", ways[w].name,
		       (double)blocked[w] /
		               (double)(blocked[0] ? blocked[0] : 1));
	for (w = 0; w < NWAYS; w++)
		printf(" ring_turns_%s=%ld", ways[w].name, ring[w]);
	for (w = 0; w < NWAYS; w++)
		printf(" left_%s=%.1f", ways[w].name, left[w] / n);
	for (w = 0; w < NWAYS; w++)
		printf(" quality_%s=%.3f", ways[w].name,
		       shortest[w] > 0 ? walked[w] / shortest[w] : 0.0);
	for (w = 0; w < NWAYS; w++)
		printf(" turn_us_median_%s=%.1f", ways[w].name,
		       med[w] / 1e3 / n);
	for (w = 1; w < NWAYS; w++)
		printf(" turn_median_%s_over_old=%.2f", ways[w].name,
		       (double)med[w] / (double)(med[0] ? med[0] : 1));
	for (w = 0; w < NWAYS; w++)
		printf(" turn_us_p99_%s=%.1f", ways[w].name, p99[w] / 1e3 / n);
	printf("\n");
	return 0;
}
