/* SPDX-License-Identifier: MIT */
/* repairbench.c - what a monster pays when a door shuts or opens near
 * its path: D* Lite's repair (core/path/dlite.h) against today's answer,
 * a new A* search (path_find) from where the monster stands, on the same
 * changes in the same run, on a Moving AI map.
 *
 * For each chosen problem of the .scen file a walker plans from the
 * problem's start to its goal, then walks its path a few steps at a time.
 * After each walk a door-like change happens near it: a cell of its path
 * two to six steps ahead shuts (is blocked), or a door shut earlier opens
 * again.  Both engines then answer for the walker's place on the changed
 * map: D* Lite with dlite_cells_changed and dlite_replan, A* with a
 * fresh path_find.  Both are timed, their expansions counted, and their
 * answers compared (status and cost must agree; a disagreement is a
 * mismatch, reported, and makes the exit status 1).  The walker follows
 * D* Lite's path.
 *
 * Ends with one line:
 *   summary: map=NAME repairs=N dlite_expanded=MEAN astar_expanded=MEAN
 *   dlite_us=MEAN astar_us=MEAN ratio=A/D queries=Q mismatches=M ...
 * where ratio is A*'s mean time over D* Lite's (above 1: the repair is
 * faster), followed by the medians, the means over the repairs that
 * still found a way, the first plans' costs and the bytes per cell of
 * each context (see print_summary). */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/data/movingai.h"
#include "core/path/dlite.h"
#include "core/path/grid.h"
#include "core/path/path.h"
#include "clock.h"

#define MAX_DOORS 16

struct options {
	const char *map_path;
	const char *scen_path;
	size_t queries;
	unsigned events;
	uint64_t seed;
};

struct sample {
	double dlite_ns, astar_ns;
	double dlite_exp, astar_exp;
	int found; /* the walker still had a way to its goal */
};

struct bench {
	struct grid g;
	struct movingai_scen sc;
	struct path_ctx *actx;
	struct dlite_ctx *dctx;
	struct path_point *path, *abuf;
	size_t cap;
	struct sample *s;
	size_t ns, scap;
	size_t mismatches;
	size_t no_path;
	double plan_dlite_ns, plan_astar_ns;
	double plan_dlite_exp, plan_astar_exp;
	size_t plans;
	uint64_t rng;
};

static void usage(FILE *out)
{
	fprintf(out, "usage: repairbench MAP.map SCEN.scen [--queries N] "
	             "[--events N] [--seed N]\n"
	             "  --queries N  problems taken, evenly over the file "
	             "(default 200)\n"
	             "  --events N   door changes per problem (default 8)\n"
	             "  --seed N     the walk's random choices (default 1)\n");
}

static uint64_t next_rand(struct bench *b)
{
	uint64_t z = (b->rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static size_t rand_range(struct bench *b, size_t lo, size_t hi)
{
	return lo + (size_t)(next_rand(b) % (hi - lo + 1));
}

static double median_of(const struct sample *s, size_t n, size_t field)
{
	double *v = malloc((n ? n : 1) * sizeof(*v)), m;
	size_t i;

	if (!v || !n) {
		free(v);
		return 0.0;
	}
	for (i = 0; i < n; i++)
		v[i] = *(const double *)(const void *)((const char *)&s[i] +
		                                       field);
	qsort(v, n, sizeof(*v), bench_cmp_double);
	m = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
	free(v);
	return m;
}

/* The mean of a field over every sample (found < 0) or over those whose
 * found is the given one. */
static double mean_of(const struct sample *s, size_t n, size_t field, int found)
{
	double sum = 0.0;
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (found >= 0 && s[i].found != found)
			continue;
		sum += *(const double *)(const void *)((const char *)&s[i] +
		                                       field);
		k++;
	}
	return k ? sum / (double)k : 0.0;
}

static int parse_args(int argc, char **argv, struct options *o)
{
	int i, pos = 0;

	memset(o, 0, sizeof(*o));
	o->queries = 200;
	o->events = 8;
	o->seed = 1;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		}
		if ((!strcmp(a, "--queries") || !strcmp(a, "--events") ||
		     !strcmp(a, "--seed")) &&
		    i + 1 < argc) {
			char *end;
			unsigned long long v = strtoull(argv[++i], &end, 10);

			if (*end || end == argv[i]) {
				usage(stderr);
				return 2;
			}
			if (!strcmp(a, "--queries"))
				o->queries = (size_t)v;
			else if (!strcmp(a, "--events"))
				o->events = (unsigned)v;
			else
				o->seed = v;
			continue;
		}
		if (a[0] == '-') {
			usage(stderr);
			return 2;
		}
		if (pos == 0)
			o->map_path = a;
		else if (pos == 1)
			o->scen_path = a;
		else {
			usage(stderr);
			return 2;
		}
		pos++;
	}
	if (pos != 2) {
		usage(stderr);
		return 2;
	}
	return -1;
}

static int load(struct bench *b, const struct options *o)
{
	struct movingai_error err;

	if (movingai_load_map(o->map_path, &b->g, &err)) {
		fprintf(stderr, "%s:%d: error: %s\n", o->map_path, err.line,
		        err.message);
		return -1;
	}
	if (movingai_load_scen(o->scen_path, &b->sc, &err)) {
		fprintf(stderr, "%s:%d: error: %s\n", o->scen_path, err.line,
		        err.message);
		return -1;
	}
	b->actx = path_ctx_new(b->g.width, b->g.height);
	b->dctx = dlite_ctx_new(b->g.width, b->g.height);
	b->cap = (size_t)b->g.width * (size_t)b->g.height;
	b->path = malloc(b->cap * sizeof(*b->path));
	b->abuf = malloc(b->cap * sizeof(*b->abuf));
	b->scap = o->queries * o->events + 1;
	b->s = calloc(b->scap, sizeof(*b->s));
	if (!b->actx || !b->dctx || !b->path || !b->abuf || !b->s) {
		fprintf(stderr, "repairbench: out of memory\n");
		return -1;
	}
	b->rng = o->seed;
	return 0;
}

/* One repair by both engines, for the walker at (x, y) after the change
 * of cell; the answer (D* Lite's path) into b->path and *res. */
static void repair(struct bench *b, const struct path_params *p, int x, int y,
                   const struct movingai_problem *q, struct path_point cell,
                   struct path_result *res)
{
	struct path_result ares;
	struct sample *s = &b->s[b->ns++];
	double t0, t1, t2;

	t0 = (double)bench_now_ns();
	dlite_cells_changed(b->dctx, &cell, 1);
	dlite_replan(b->dctx, b->path, b->cap, res);
	t1 = (double)bench_now_ns();
	path_find(b->actx, &b->g, p, x, y, q->goal_x, q->goal_y, b->abuf,
	          b->cap, &ares, NULL);
	t2 = (double)bench_now_ns();
	s->dlite_ns = t1 - t0;
	s->astar_ns = t2 - t1;
	s->dlite_exp = res->stats.expanded;
	s->astar_exp = ares.stats.expanded;
	if (res->status != ares.status ||
	    (res->status == PATH_FOUND && res->cost != ares.cost)) {
		b->mismatches++;
		fprintf(stderr,
		        "mismatch: line %d walker (%d,%d) after (%d,%d): D* "
		        "Lite %s %u, A* %s %u\n",
		        q->line, x, y, cell.x, cell.y,
		        path_status_name(res->status), res->cost,
		        path_status_name(ares.status), ares.cost);
	}
	if (res->status != PATH_FOUND)
		b->no_path++;
	s->found = res->status == PATH_FOUND;
}

/* One problem: plan, then walk and change doors events times. */
static void run_problem(struct bench *b, const struct options *o,
                        const struct path_params *p,
                        const struct movingai_problem *q)
{
	struct path_point doors[MAX_DOORS];
	size_t ndoors = 0, at = 0, i;
	struct path_result res, ares;
	int x = q->start_x, y = q->start_y;
	unsigned e;
	double t0, t1, t2;

	t0 = (double)bench_now_ns();
	dlite_plan(b->dctx, &b->g, p, x, y, q->goal_x, q->goal_y, b->path,
	           b->cap, &res);
	t1 = (double)bench_now_ns();
	path_find(b->actx, &b->g, p, x, y, q->goal_x, q->goal_y, b->abuf,
	          b->cap, &ares, NULL);
	t2 = (double)bench_now_ns();
	b->plan_dlite_ns += t1 - t0;
	b->plan_astar_ns += t2 - t1;
	b->plan_dlite_exp += res.stats.expanded;
	b->plan_astar_exp += ares.stats.expanded;
	b->plans++;
	if (res.status != ares.status || res.cost != ares.cost) {
		b->mismatches++;
		fprintf(stderr, "mismatch: line %d first plan\n", q->line);
	}
	for (e = 0; e < o->events; e++) {
		struct path_point cell;
		const int can_shut = res.status == PATH_FOUND &&
		                     res.length > 4 && ndoors < MAX_DOORS;

		/* Walk a few steps (none when stuck). */
		if (res.status == PATH_FOUND) {
			size_t steps = rand_range(b, 1, 5);

			if (steps > res.length - 1)
				steps = res.length - 1;
			for (at = 1; at <= steps; at++)
				dlite_move_start(b->dctx, b->path[at].x,
				                 b->path[at].y);
			x = b->path[steps].x;
			y = b->path[steps].y;
			memmove(b->path, b->path + steps,
			        (res.length - steps) * sizeof(*b->path));
			res.length -= steps;
		}
		if (can_shut && res.length > 4 &&
		    (ndoors == 0 || rand_range(b, 0, 2) != 0)) {
			size_t ahead = rand_range(b, 2, 6);

			if (ahead > res.length - 2)
				ahead = res.length - 2;
			cell = b->path[ahead];
			grid_set_cost(&b->g, cell.x, cell.y, GRID_BLOCKED);
			doors[ndoors++] = cell;
		} else if (ndoors) {
			size_t k = rand_range(b, 0, ndoors - 1);

			cell = doors[k];
			doors[k] = doors[--ndoors];
			grid_set_cost(&b->g, cell.x, cell.y, 1);
		} else {
			break; /* at the goal, nothing shut */
		}
		repair(b, p, x, y, q, cell, &res);
	}
	/* The map as it was, for the next problem. */
	for (i = 0; i < ndoors; i++)
		grid_set_cost(&b->g, doors[i].x, doors[i].y, 1);
}

#define FIELD(f) offsetof(struct sample, f)

/* The summary line: means over every repair first (ratio is A*'s mean
 * time over D* Lite's), then medians, then the means over the repairs
 * that still found a way (found_*: a door that cuts the map in two makes
 * both engines flood the walker's side, each in its own way), then the
 * first plans and the memory. */
static void print_summary(const struct bench *b, const struct options *o,
                          size_t taken, double cells)
{
	const size_t n = b->ns;
	const double dm = mean_of(b->s, n, FIELD(dlite_ns), -1),
	             am = mean_of(b->s, n, FIELD(astar_ns), -1),
	             dmed = median_of(b->s, n, FIELD(dlite_ns)),
	             amed = median_of(b->s, n, FIELD(astar_ns)),
	             dfm = mean_of(b->s, n, FIELD(dlite_ns), 1),
	             afm = mean_of(b->s, n, FIELD(astar_ns), 1);
	const double plans = b->plans ? (double)b->plans : 1.0;

	printf("summary: map=%s repairs=%zu dlite_expanded=%.1f "
	       "astar_expanded=%.1f dlite_us=%.3f astar_us=%.3f ratio=%.2f",
	       movingai_basename(o->map_path), n,
	       mean_of(b->s, n, FIELD(dlite_exp), -1),
	       mean_of(b->s, n, FIELD(astar_exp), -1), dm / 1000.0, am / 1000.0,
	       dm > 0 ? am / dm : 0.0);
	printf(" queries=%zu mismatches=%zu no_path=%zu", taken, b->mismatches,
	       b->no_path);
	printf(" dlite_expanded_median=%.1f astar_expanded_median=%.1f "
	       "dlite_us_median=%.3f astar_us_median=%.3f ratio_median=%.2f",
	       median_of(b->s, n, FIELD(dlite_exp)),
	       median_of(b->s, n, FIELD(astar_exp)), dmed / 1000.0,
	       amed / 1000.0, dmed > 0 ? amed / dmed : 0.0);
	printf(" found_dlite_expanded=%.1f found_astar_expanded=%.1f "
	       "found_dlite_us=%.3f found_astar_us=%.3f found_ratio=%.2f",
	       mean_of(b->s, n, FIELD(dlite_exp), 1),
	       mean_of(b->s, n, FIELD(astar_exp), 1), dfm / 1000.0,
	       afm / 1000.0, dfm > 0 ? afm / dfm : 0.0);
	printf(" plan_dlite_us=%.3f plan_astar_us=%.3f "
	       "plan_dlite_expanded=%.1f plan_astar_expanded=%.1f "
	       "dlite_bytes_per_cell=%.1f astar_bytes_per_cell=%.1f\n",
	       b->plan_dlite_ns / plans / 1000.0,
	       b->plan_astar_ns / plans / 1000.0, b->plan_dlite_exp / plans,
	       b->plan_astar_exp / plans,
	       (double)dlite_ctx_bytes(b->dctx) / cells,
	       (double)path_ctx_bytes(b->actx) / cells);
}

int main(int argc, char **argv)
{
	struct options o;
	struct bench b;
	struct path_params p;
	size_t i, taken = 0, n;
	double cells;
	int rc;

	rc = parse_args(argc, argv, &o);
	if (rc >= 0)
		return rc;
	memset(&b, 0, sizeof(b));
	if (load(&b, &o))
		return 1;
	/* The game's own parameters: 10/14 steps, no corner cutting,
	 * octile distance. */
	path_params_default(&p);
	n = b.sc.count;
	for (i = 0; i < o.queries && n; i++) {
		const struct movingai_problem *q =
		        &b.sc.problems[i * n / o.queries];

		if (!movingai_problem_fits(q, &b.g))
			continue;
		run_problem(&b, &o, &p, q);
		taken++;
	}
	cells = (double)b.g.width * (double)b.g.height;
	print_summary(&b, &o, taken, cells);
	rc = b.mismatches ? 1 : 0;
	dlite_ctx_free(b.dctx);
	path_ctx_free(b.actx);
	free(b.path);
	free(b.abuf);
	free(b.s);
	movingai_scen_free(&b.sc);
	grid_fini(&b.g);
	return rc;
}
