/* SPDX-License-Identifier: MIT */
/* pathbench.c - hunted's A* and jump point search on the Moving AI
 * benchmark maps: checked against the published optimal lengths (--check),
 * and timed side by side with libtcod's TCOD_path_compute on the same
 * queries (--vs-libtcod).  Jump point search runs on every query next to
 * A* when the map's passable cells all cost the same (as on every Moving
 * AI map), unless --no-jps is given.  --hpa adds the hierarchy for big
 * maps (subgoal.h, a subgoal graph): its query time against A*'s, its
 * cost over the optimal one, its preprocessing time and memory, and the time it
 * takes to repair itself after a door-like change.  With --check each
 * engine answers all the problems in turn, A* first, so that each is
 * timed with its own memory in the caches, as in a program that runs
 * only that engine.
 *
 * A program rather than a test: it prints mismatches on stderr and ends
 * every run with one `summary: key=value ...` line on stdout, which
 * tests/bench/run-all.sh and CI read. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef HAVE_LIBTCOD
#include <libtcod.h>
#endif

#include "core/path/grid.h"
#include "core/path/subgoal.h"
#include "core/path/jps.h"
#include "core/data/movingai.h"
#include "core/path/path.h"
#include "clock.h"

/* sqrt(2) ~ 1393/985, to better than 3e-7 relative: far below the
 * benchmark's printed precision even on the longest maze paths. */
#define CHECK_STRAIGHT 985u
#define CHECK_DIAGONAL 1393u
/* libtcod is given a diagonal cost of 1.41f; we use the same ratio. */
#define VS_STRAIGHT 100u
#define VS_DIAGONAL 141u
/* Door-like changes the hierarchy repairs after, with --hpa. */
#define REPAIRS 100

enum mode { MODE_NONE, MODE_CHECK, MODE_VS_LIBTCOD };

struct options {
	enum mode mode;
	const char *map_path;
	const char *scen_path;
	size_t limit; /* 0 = every scenario */
	unsigned long repeat;
	int no_jps;
	int hpa; /* run the hierarchy too */
};

struct bench {
	struct grid g;
	struct movingai_scen sc;
	struct path_ctx *ctx;
	struct path_point *buf;
	size_t cap;
	size_t n;     /* scenarios run */
	size_t nsamp; /* timed queries so far (rows that fit x repeat) */
	double *hunted_ns;
	double *libtcod_ns;
	double total_ns;
	uint64_t total_expanded;
	/* Jump point search, when it runs (jps non-NULL). */
	struct jps_ctx *jps;
	double *jps_ns;
	uint64_t jps_expanded;
	uint64_t astar_expanded_first; /* A* expansions, first round only */
	uint64_t jps_expanded_first;
	size_t mismatches;
	/* Every first-round answer (status, cost, length, statistics) of A*
	 * and of jump point search, hashed: two builds that print the same
	 * digest found the same paths with the same work. */
	uint64_t digest;
	size_t libtcod_longer; /* queries where libtcod's path cost more */
	size_t libtcod_odd;    /* libtcod failures or invalid paths */
	/* The hierarchy, with --hpa. */
	struct subgoal *hpa;
	double *hpa_ns;       /* whole paths */
	double *hpa_first_ns; /* the first window only */
	double hpa_build_ms;
	double cost_sum, cost_worst; /* its cost over A*'s, first round */
	size_t cost_n;
	uint64_t hpa_expanded_first;
	double *repair_ns;
	size_t nrepair;
	uint64_t repair_subgoals;
};

static void usage(FILE *out)
{
	fprintf(out,
	        "usage: pathbench --check MAP.map SCEN.scen [options]\n"
	        "       pathbench --vs-libtcod MAP.map SCEN.scen [options]\n"
	        "\n"
	        "  --check        run every scenario with no corner cutting,\n"
	        "                 straight/diagonal costs %u/%u and the "
	        "octile\n"
	        "                 heuristic; a mismatch is a length more than\n"
	        "                 0.005 + 1e-5 * optimal from the file's\n"
	        "  --vs-libtcod   run the same start/goal pairs through "
	        "hunted\n"
	        "                 (diagonals always allowed, costs %u/%u) and\n"
	        "                 libtcod's TCOD_path_compute (diagonal "
	        "1.41f),\n"
	        "                 interleaved; a mismatch is a hunted path "
	        "that\n"
	        "                 costs more than libtcod's\n"
	        "  --limit N      only the first N scenarios\n"
	        "  --repeat R     run every query R times (timings only)\n"
	        "  --no-jps       leave out jump point search (by default it "
	        "runs\n"
	        "                 every query after A*, when every passable "
	        "cell\n"
	        "                 of the map costs the same; checked like A*:\n"
	        "                 against the optimal lengths (--check), or\n"
	        "                 for a cost equal to A*'s and no more than\n"
	        "                 libtcod's (--vs-libtcod))\n"
	        "  --hpa          also run the hierarchy for big maps "
	        "(--check\n"
	        "                 only): whole paths and first windows timed\n"
	        "                 against A*, cost over optimal, build time,\n"
	        "                 memory, and repair after a door-like change\n"
	        "  --help         this text\n"
	        "\n"
	        "Ends with one line: summary: map=NAME scenarios=N "
	        "mismatches=M\n"
	        "hunted_us=X [libtcod_us=Y speedup=Z] ns_per_expansion=E "
	        "bytes_per_cell=B\n"
	        "[jps_us=J jps_over_astar=X/J] (--check) or\n"
	        "[jps_us=J jps_speedup=Y/J] (--vs-libtcod), then\n"
	        "[jps_expanded=N] (JPS's jump points expanded a query)\n"
	        "[hpa_us=H hpa_first_us=F hpa_over_astar=X/H "
	        "hpa_first_over_astar=X/F\n"
	        "hpa_cost_mean=M hpa_cost_worst=W hpa_build_ms=B "
	        "hpa_bytes_per_cell=C\n"
	        "hpa_repair_us=R] (--hpa): hunted_us, "
	        "speedup,\n"
	        "ns_per_expansion and bytes_per_cell are A*'s; jps_us is "
	        "JPS's median;\n"
	        "and last results=HEX, a digest of every answer (status, "
	        "cost, length,\n"
	        "expanded, pushes, max open, reopened): the same digest, the "
	        "same searches.\n"
	        "Exit status: 0 no mismatches, 1 mismatches or unreadable "
	        "input, 2 bad usage.\n"
	        "libtcod comparison: %s\n",
	        CHECK_STRAIGHT, CHECK_DIAGONAL, VS_STRAIGHT, VS_DIAGONAL,
#ifdef HAVE_LIBTCOD
	        "available"
#else
	        "not compiled in"
#endif
	);
}

static int bad_usage(const char *msg, const char *arg)
{
	if (arg)
		fprintf(stderr, "pathbench: %s '%s'\n", msg, arg);
	else
		fprintf(stderr, "pathbench: %s\n", msg);
	fprintf(stderr, "Try 'pathbench --help'.\n");
	return 2;
}

static int parse_count(const char *s, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v == 0)
		return -1;
	*out = v;
	return 0;
}

/* Returns -1 to go on, or an exit status. */
static int parse_args(int argc, char **argv, struct options *o)
{
	const char *pos[2];
	int npos = 0, i;
	unsigned long v;

	memset(o, 0, sizeof(*o));
	o->repeat = 1;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "--check") ||
		           !strcmp(a, "--vs-libtcod")) {
			enum mode m =
			        a[2] == 'c' ? MODE_CHECK : MODE_VS_LIBTCOD;

			if (o->mode != MODE_NONE && o->mode != m)
				return bad_usage("--check and --vs-libtcod "
				                 "exclude each other",
				                 NULL);
			o->mode = m;
		} else if (!strcmp(a, "--no-jps")) {
			o->no_jps = 1;
		} else if (!strcmp(a, "--hpa")) {
			o->hpa = 1;
		} else if (!strcmp(a, "--limit") || !strcmp(a, "--repeat")) {
			if (i + 1 >= argc)
				return bad_usage("missing number after", a);
			if (parse_count(argv[i + 1], &v))
				return bad_usage("expected a positive number, "
				                 "found",
				                 argv[i + 1]);
			if (a[2] == 'l')
				o->limit = v;
			else
				o->repeat = v;
			i++;
		} else if (a[0] == '-' && a[1]) {
			return bad_usage("unknown option", a);
		} else {
			if (npos == 2)
				return bad_usage("unexpected argument", a);
			pos[npos++] = a;
		}
	}
	if (o->mode == MODE_NONE)
		return bad_usage("give --check or --vs-libtcod", NULL);
	if (npos != 2)
		return bad_usage("expected a map and a scenario file", NULL);
	if (o->hpa && o->mode != MODE_CHECK)
		return bad_usage("--hpa goes with --check", NULL);
#ifndef HAVE_LIBTCOD
	if (o->mode == MODE_VS_LIBTCOD) {
		fprintf(stderr, "pathbench: --vs-libtcod needs libtcod, and "
		                "this build was configured without it\n"
		                "(install libtcod-dev and re-run configure)\n");
		return 2;
	}
#endif
	o->map_path = pos[0];
	o->scen_path = pos[1];
	return -1;
}

static double median(double *v, size_t n)
{
	if (!n)
		return 0.0;
	qsort(v, n, sizeof(*v), bench_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

static void set_params(struct path_params *p, enum mode mode)
{
	path_params_default(p);
	p->algo = PATH_ASTAR;
	p->heuristic = PATH_H_OCTILE;
	if (mode == MODE_CHECK) {
		p->diagonal = PATH_DIAG_NO_CORNER;
		p->straight_cost = CHECK_STRAIGHT;
		p->diagonal_cost = CHECK_DIAGONAL;
	} else {
		/* libtcod's map-based search only asks whether the cell
		 * entered is walkable: it steps diagonally between two
		 * walls.  PATH_DIAG_ALWAYS is the same rule. */
		p->diagonal = PATH_DIAG_ALWAYS;
		p->straight_cost = VS_STRAIGHT;
		p->diagonal_cost = VS_DIAGONAL;
	}
}

/* FILE:LINE:COL: error: MESSAGE, as the game's --check prints. */
static void load_error(const char *path, const struct movingai_error *err)
{
	if (err->line > 0 && err->col > 0)
		fprintf(stderr, "%s:%d:%d: error: %s\n", path, err->line,
		        err->col, err->message);
	else if (err->line > 0)
		fprintf(stderr, "%s:%d: error: %s\n", path, err->line,
		        err->message);
	else
		fprintf(stderr, "%s: error: %s\n", path, err->message);
}

static int load(struct bench *b, const struct options *o)
{
	struct movingai_error err;
	size_t i;

	if (movingai_load_map(o->map_path, &b->g, &err)) {
		load_error(o->map_path, &err);
		return -1;
	}
	if (movingai_load_scen(o->scen_path, &b->sc, &err)) {
		load_error(o->scen_path, &err);
		return -1;
	}
	for (i = 0; i < b->sc.map_count; i++)
		if (strcmp(movingai_basename(b->sc.maps[i]),
		           movingai_basename(o->map_path)))
			fprintf(stderr,
			        "pathbench: warning: %s names map %s, not "
			        "%s\n",
			        o->scen_path, b->sc.maps[i],
			        movingai_basename(o->map_path));
	b->n = b->sc.count;
	if (o->limit && o->limit < b->n)
		b->n = o->limit;
	b->ctx = path_ctx_new(b->g.width, b->g.height);
	/* A simple path visits each cell at most once. */
	b->cap = (size_t)b->g.width * (size_t)b->g.height;
	b->buf = malloc(b->cap * sizeof(*b->buf));
	b->hunted_ns = calloc(b->n * o->repeat + 1, sizeof(double));
	b->libtcod_ns = calloc(b->n * o->repeat + 1, sizeof(double));
	b->jps_ns = calloc(b->n * o->repeat + 1, sizeof(double));
	if (!b->ctx || !b->buf || !b->hunted_ns || !b->libtcod_ns ||
	    !b->jps_ns) {
		fprintf(stderr, "pathbench: out of memory\n");
		return -1;
	}
	if (!o->no_jps) {
		b->jps = jps_ctx_new(b->g.width, b->g.height);
		if (!b->jps) {
			fprintf(stderr, "pathbench: out of memory\n");
			return -1;
		}
		/* The one scan of the map, as a game would do per map. */
		if (jps_ctx_set_grid(b->jps, &b->g) <= 0) {
			fprintf(stderr,
			        "note: %s: passable cells cost differently, no "
			        "jump point search\n",
			        o->map_path);
			jps_ctx_free(b->jps);
			b->jps = NULL;
		}
	}
	if (o->hpa) {
		struct path_params p;
		double t0;

		set_params(&p, MODE_CHECK);
		b->hpa = subgoal_new(b->g.width, b->g.height);
		b->hpa_ns = calloc(b->n * o->repeat + 1, sizeof(double));
		b->hpa_first_ns = calloc(b->n * o->repeat + 1, sizeof(double));
		b->repair_ns = calloc(2 * REPAIRS, sizeof(double));
		if (!b->hpa || !b->hpa_ns || !b->hpa_first_ns ||
		    !b->repair_ns) {
			fprintf(stderr, "pathbench: out of memory\n");
			return -1;
		}
		t0 = (double)bench_now_ns();
		if (subgoal_build(b->hpa, &b->g, &p)) {
			fprintf(stderr, "pathbench: out of memory\n");
			return -1;
		}
		b->hpa_build_ms = ((double)bench_now_ns() - t0) / 1e6;
	}
	memset(b->buf, 0, b->cap * sizeof(*b->buf));
	return 0;
}

/* One untimed Dijkstra search for the longest problem, to touch the
 * context's lazily mapped pages before timing starts: the first queries
 * on a fresh 512x512 context otherwise pay tens of microseconds of page
 * faults each, which a game reusing its context never sees.  Dijkstra
 * rather than A* because it floods nearly the whole map; its open list
 * stays smaller than A*'s on these maps, so bytes_per_cell is not
 * inflated by it. */
static void warm_up(struct bench *b)
{
	const struct movingai_problem *q;
	struct path_params p;
	struct path_result res;
	size_t i, far = 0;

	/* From every row, not just the --limit ones: the point is to reach
	 * as much of the map as possible. */
	for (i = 0; i < b->sc.count; i++)
		if (movingai_problem_fits(&b->sc.problems[i], &b->g) &&
		    (!far || b->sc.problems[i].optimal >
		                     b->sc.problems[far - 1].optimal))
			far = i + 1;
	if (!far)
		return;
	q = &b->sc.problems[far - 1];
	set_params(&p, MODE_CHECK);
	p.algo = PATH_DIJKSTRA;
	path_find(b->ctx, &b->g, &p, q->start_x, q->start_y, q->goal_x,
	          q->goal_y, b->buf, b->cap, &res, NULL);
	/* The jump point search context is written before use; one query
	 * warms its code and open list. */
	if (b->jps) {
		p.algo = PATH_ASTAR;
		jps_find(b->jps, &b->g, &p, q->start_x, q->start_y, q->goal_x,
		         q->goal_y, b->buf, b->cap, &res);
	}
	if (b->hpa) {
		p.algo = PATH_ASTAR;
		subgoal_find(b->hpa, &b->g, &p, q->start_x, q->start_y,
		             q->goal_x, q->goal_y, 0, b->buf, b->cap, &res,
		             NULL);
	}
}

static void bench_free(struct bench *b)
{
	path_ctx_free(b->ctx);
	jps_ctx_free(b->jps);
	subgoal_free(b->hpa);
	free(b->hpa_ns);
	free(b->hpa_first_ns);
	free(b->repair_ns);
	free(b->buf);
	free(b->hunted_ns);
	free(b->libtcod_ns);
	free(b->jps_ns);
	movingai_scen_free(&b->sc);
	grid_fini(&b->g);
}

/* Adds one answer to the digest (FNV-1a over its fields). */
static void digest_add(struct bench *b, int status,
                       const struct path_result *res)
{
	const uint64_t v[7] = {(uint64_t)(int64_t)status,
	                       res->cost,
	                       res->length,
	                       res->stats.expanded,
	                       res->stats.pushes,
	                       res->stats.max_open,
	                       res->stats.reopened};
	const unsigned char *p = (const unsigned char *)v;
	size_t i;

	if (!b->digest)
		b->digest = 0xcbf29ce484222325ull;
	for (i = 0; i < sizeof(v); i++) {
		b->digest ^= p[i];
		b->digest *= 0x100000001b3ull;
	}
}

/* One timed hunted query; returns the status. */
static int run_hunted(struct bench *b, const struct path_params *p,
                      const struct movingai_problem *q, double *ns,
                      struct path_result *res)
{
	double t0, t1;
	int st;

	t0 = (double)bench_now_ns();
	st = path_find(b->ctx, &b->g, p, q->start_x, q->start_y, q->goal_x,
	               q->goal_y, b->buf, b->cap, res, NULL);
	t1 = (double)bench_now_ns();
	*ns = t1 - t0;
	b->total_ns += *ns;
	b->total_expanded += res->stats.expanded;
	return st;
}

/* One timed jump point search query on the same problem. */
static int run_jps(struct bench *b, const struct path_params *p,
                   const struct movingai_problem *q, double *ns,
                   struct path_result *res)
{
	double t0;
	int st;

	t0 = (double)bench_now_ns();
	st = jps_find(b->jps, &b->g, p, q->start_x, q->start_y, q->goal_x,
	              q->goal_y, b->buf, b->cap, res);
	*ns = (double)bench_now_ns() - t0;
	b->jps_expanded += res->stats.expanded;
	return st;
}

/* One timed query of the hierarchy: the whole path (windows 0) or its
 * first window (the cells of its first edge). */
static int run_hpa(struct bench *b, const struct path_params *p,
                   const struct movingai_problem *q, unsigned windows,
                   double *ns, struct path_result *res)
{
	double t0;
	int st;

	t0 = (double)bench_now_ns();
	st = subgoal_find(b->hpa, &b->g, p, q->start_x, q->start_y, q->goal_x,
	                  q->goal_y, windows, b->buf, b->cap, res, NULL);
	*ns = (double)bench_now_ns() - t0;
	return st;
}

/* The hierarchy's answer against A*'s on the first round: the same
 * status, never cheaper, and how much dearer. */
static void hpa_against_astar(struct bench *b, const struct movingai_problem *q,
                              int ast, const struct path_result *ares, int hst,
                              const struct path_result *hres)
{
	double ratio;

	b->hpa_expanded_first += hres->stats.expanded;
	if (hst != ast || (hst == PATH_FOUND && hres->cost < ares->cost)) {
		b->mismatches++;
		fprintf(stderr,
		        "mismatch: row %d: (%d,%d)->(%d,%d) A* %s %u, "
		        "hierarchy %s %u\n",
		        q->line, q->start_x, q->start_y, q->goal_x, q->goal_y,
		        path_status_name(ast),
		        ast == PATH_FOUND ? ares->cost : 0,
		        path_status_name(hst),
		        hst == PATH_FOUND ? hres->cost : 0);
		return;
	}
	if (hst != PATH_FOUND || !ares->cost)
		return;
	ratio = (double)hres->cost / (double)ares->cost;
	b->cost_sum += ratio;
	b->cost_n++;
	if (ratio > b->cost_worst)
		b->cost_worst = ratio;
}

/* Door-like changes: REPAIRS cells on the scenarios' optimal paths are
 * blocked, each in turn, and opened again; each change is told to the
 * hierarchy and its repair (the subgoals near it redone) timed. */
static void run_repairs(struct bench *b)
{
	struct path_params p;
	struct path_result res;
	size_t i, step;

	set_params(&p, MODE_CHECK);
	step = b->n / REPAIRS ? b->n / REPAIRS : 1;
	for (i = 0; i < b->n && b->nrepair + 2 <= 2 * REPAIRS; i += step) {
		const struct movingai_problem *q = &b->sc.problems[i];
		int x, y, k, rc;
		double t0;

		if (!movingai_problem_fits(q, &b->g) ||
		    path_find(b->ctx, &b->g, &p, q->start_x, q->start_y,
		              q->goal_x, q->goal_y, b->buf, b->cap, &res,
		              NULL) != PATH_FOUND ||
		    res.length < 3)
			continue;
		x = b->buf[res.length / 2].x;
		y = b->buf[res.length / 2].y;
		for (k = 0; k < 2; k++) {
			grid_set_cost(&b->g, x, y, k ? 1 : 0);
			t0 = (double)bench_now_ns();
			subgoal_cells_changed(b->hpa, x, y);
			rc = subgoal_update(b->hpa, &b->g);
			b->repair_ns[b->nrepair++] =
			        (double)bench_now_ns() - t0;
			if (rc > 0)
				b->repair_subgoals += (uint64_t)rc;
		}
	}
}

/* A length against the file's optimal one: a mismatch is more than half
 * a unit in the last printed digit plus the approximation of sqrt(2)
 * away, or no path at all.  Prints it and returns 1. */
static int check_length(const struct movingai_problem *q, const char *who,
                        int st, const struct path_result *res)
{
	double got =
	        st == PATH_FOUND ? res->cost / (double)CHECK_STRAIGHT : -1.0;
	double tol = 0.005 + 1e-5 * q->optimal;

	if (st == PATH_FOUND && fabs(got - q->optimal) <= tol)
		return 0;
	fprintf(stderr,
	        "mismatch: row %d: (%d,%d)->(%d,%d) expected %.6f got "
	        "%.6f%s%s%s\n",
	        q->line, q->start_x, q->start_y, q->goal_x, q->goal_y,
	        q->optimal, got, who, st == PATH_FOUND ? "" : " status ",
	        st == PATH_FOUND ? "" : path_status_name(st));
	return 1;
}

/* Counts and reports (once, on the first round) a row that cannot be
 * run on the loaded map. */
static int row_fits(struct bench *b, const struct movingai_problem *q,
                    unsigned long round)
{
	if (movingai_problem_fits(q, &b->g))
		return 1;
	if (round)
		return 0;
	b->mismatches++;
	fprintf(stderr,
	        "mismatch: row %d: (%d,%d)->(%d,%d) on a %dx%d map does not "
	        "fit the %dx%d map or starts or ends on a wall\n",
	        q->line, q->start_x, q->start_y, q->goal_x, q->goal_y,
	        q->map_width, q->map_height, b->g.width, b->g.height);
	return 0;
}

/* The hierarchy on every problem of one round, after A* (its answers
 * in ast and ares, the rows that fit in slot). */
static void run_check_hpa(struct bench *b, const struct path_params *p,
                          unsigned long r, const size_t *slot, const int *ast,
                          const struct path_result *ares)
{
	size_t i;

	for (i = 0; i < b->n; i++) {
		const struct movingai_problem *q = &b->sc.problems[i];
		struct path_result hres, fres;
		int hst, fst;

		if (slot[i] == SIZE_MAX)
			continue;
		hst = run_hpa(b, p, q, 0, &b->hpa_ns[slot[i]], &hres);
		if (!r)
			hpa_against_astar(b, q, ast[i], &ares[i], hst, &hres);
		fst = run_hpa(b, p, q, 1, &b->hpa_first_ns[slot[i]], &fres);
		if (!r && fst != hst) {
			b->mismatches++;
			fprintf(stderr,
			        "mismatch: row %d: the hierarchy's first "
			        "window says %s\n",
			        q->line, path_status_name(fst));
		}
	}
}

/* Each engine answers every problem of a round before the next engine
 * starts, as a program that runs one engine would: timed in between,
 * one engine's memory would push the other's out of the caches and
 * charge it for that. */
static void run_check(struct bench *b, const struct options *o)
{
	struct path_params p;
	struct path_result *ares = calloc(b->n + 1, sizeof(*ares));
	struct path_result *jres = calloc(b->n + 1, sizeof(*jres));
	int *ast = calloc(b->n + 1, sizeof(*ast));
	int *jst = calloc(b->n + 1, sizeof(*jst));
	size_t *slot = calloc(b->n + 1, sizeof(*slot));
	unsigned long r;
	size_t i;

	if (!ares || !jres || !ast || !jst || !slot) {
		fprintf(stderr, "pathbench: out of memory\n");
		b->mismatches++;
		goto out;
	}
	set_params(&p, MODE_CHECK);
	for (r = 0; r < o->repeat; r++) {
		for (i = 0; i < b->n; i++) {
			const struct movingai_problem *q = &b->sc.problems[i];

			slot[i] = SIZE_MAX;
			if (!row_fits(b, q, r))
				continue;
			slot[i] = b->nsamp++;
			ast[i] = run_hunted(b, &p, q, &b->hunted_ns[slot[i]],
			                    &ares[i]);
			if (!r)
				b->mismatches +=
				        check_length(q, "", ast[i], &ares[i]);
		}
		if (b->hpa)
			run_check_hpa(b, &p, r, slot, ast, ares);
		for (i = 0; b->jps && i < b->n; i++) {
			const struct movingai_problem *q = &b->sc.problems[i];

			if (slot[i] == SIZE_MAX)
				continue;
			jst[i] = run_jps(b, &p, q, &b->jps_ns[slot[i]],
			                 &jres[i]);
			if (r)
				continue;
			b->astar_expanded_first += ares[i].stats.expanded;
			b->jps_expanded_first += jres[i].stats.expanded;
			b->mismatches +=
			        check_length(q, " (jps)", jst[i], &jres[i]);
		}
		/* The digest in the order of old: each problem's A* answer,
		 * then its jump point search's. */
		for (i = 0; !r && i < b->n; i++) {
			if (slot[i] == SIZE_MAX)
				continue;
			digest_add(b, ast[i], &ares[i]);
			if (b->jps)
				digest_add(b, jst[i], &jres[i]);
		}
	}
out:
	free(ares);
	free(jres);
	free(ast);
	free(jst);
	free(slot);
}

#ifdef HAVE_LIBTCOD
static TCOD_map_t tcod_map_from_grid(const struct grid *g)
{
	TCOD_map_t m = TCOD_map_new(g->width, g->height);
	int x, y;

	if (!m)
		return NULL;
	for (y = 0; y < g->height; y++)
		for (x = 0; x < g->width; x++)
			TCOD_map_set_properties(m, x, y, true,
			                        grid_passable(g, x, y));
	return m;
}

/* Walks libtcod's path (which leaves out the origin) and prices it with
 * our step costs.  Returns 0 and the cost, or -1 when a step is not a
 * legal one under p. */
static int tcod_path_cost(TCOD_path_t tp, const struct grid *g,
                          const struct path_params *p, int x, int y,
                          uint64_t *cost)
{
	int nx, ny;

	*cost = 0;
	/* TCOD_path_walk pops one step in O(1); TCOD_path_get would start
	 * from the origin each time. */
	while (TCOD_path_walk(tp, &nx, &ny, false)) {
		uint32_t c = path_step_cost(g, p, x, y, nx, ny);

		if (!c)
			return -1;
		*cost += c;
		x = nx;
		y = ny;
	}
	return TCOD_path_is_empty(tp) ? 0 : -1;
}

static int run_vs_libtcod(struct bench *b, const struct options *o)
{
	struct path_params p;
	TCOD_map_t map;
	TCOD_path_t tp;
	unsigned long r;
	size_t i;

	set_params(&p, MODE_VS_LIBTCOD);
	/* Built once per map, as a game would. */
	map = tcod_map_from_grid(&b->g);
	tp = map ? TCOD_path_new_using_map(map, 1.41f) : NULL;
	if (!tp) {
		fprintf(stderr, "pathbench: libtcod could not allocate\n");
		if (map)
			TCOD_map_delete(map);
		return -1;
	}
	/* libtcod clears its whole grid on every query, so one untimed
	 * query is enough to map its pages. */
	if (b->n)
		TCOD_path_compute(tp, b->sc.problems[0].start_x,
		                  b->sc.problems[0].start_y,
		                  b->sc.problems[0].goal_x,
		                  b->sc.problems[0].goal_y);
	for (r = 0; r < o->repeat; r++) {
		for (i = 0; i < b->n; i++) {
			const struct movingai_problem *q = &b->sc.problems[i];
			size_t k = b->nsamp;
			struct path_result res, jres;
			int st = PATH_BAD_ARG, jst = PATH_BAD_ARG, found = 0;
			uint64_t tcost = 0;
			int order, slot;

			if (!row_fits(b, q, r))
				continue;
			b->nsamp++;
			/* Rotate who goes first so no one always gets the
			 * warm cache: A*, libtcod, then JPS when it runs,
			 * each first in turn. */
			order = (int)((i + r) % (b->jps ? 3 : 2));
			for (slot = 0; slot < 3; slot++) {
				int who = (slot + order) % 3;

				if (who == 0) {
					st = run_hunted(b, &p, q,
					                &b->hunted_ns[k], &res);
				} else if (who == 1) {
					double t0 = (double)bench_now_ns();

					found = TCOD_path_compute(
					        tp, q->start_x, q->start_y,
					        q->goal_x, q->goal_y);
					b->libtcod_ns[k] =
					        (double)bench_now_ns() - t0;
				} else if (b->jps) {
					jst = run_jps(b, &p, q, &b->jps_ns[k],
					              &jres);
				}
			}
			if (r)
				continue;
			digest_add(b, st, &res);
			if (b->jps)
				digest_add(b, jst, &jres);
			if (found && tcod_path_cost(tp, &b->g, &p, q->start_x,
			                            q->start_y, &tcost)) {
				fprintf(stderr,
				        "note: row %d: libtcod's path has a "
				        "step hunted cannot price\n",
				        q->line);
				b->libtcod_odd++;
				found = 0;
			}
			/* JPS must agree with A* exactly, and so never cost
			 * more than libtcod. */
			if (b->jps) {
				b->astar_expanded_first += res.stats.expanded;
				b->jps_expanded_first += jres.stats.expanded;
				if (jst != st ||
				    (jst == PATH_FOUND &&
				     jres.cost != res.cost) ||
				    (found && (jst != PATH_FOUND ||
				               jres.cost > tcost))) {
					b->mismatches++;
					fprintf(stderr,
					        "mismatch: row %d: "
					        "(%d,%d)->(%d,%d) "
					        "libtcod cost %llu, A* %s %u, "
					        "jps "
					        "%s %u\n",
					        q->line, q->start_x, q->start_y,
					        q->goal_x, q->goal_y,
					        (unsigned long long)tcost,
					        path_status_name(st),
					        st == PATH_FOUND ? res.cost
					                         : 0u,
					        path_status_name(jst),
					        jst == PATH_FOUND ? jres.cost
					                          : 0u);
				}
			}
			if (!found) {
				if (st != PATH_FOUND)
					continue;
				b->libtcod_odd++;
				fprintf(stderr,
				        "note: row %d: libtcod found no path, "
				        "hunted did (cost %u)\n",
				        q->line, res.cost);
				continue;
			}
			if (st == PATH_FOUND && res.cost <= tcost) {
				b->libtcod_longer += res.cost < tcost;
				continue;
			}
			b->mismatches++;
			fprintf(stderr,
			        "mismatch: row %d: (%d,%d)->(%d,%d) libtcod "
			        "cost %llu, hunted %s %u\n",
			        q->line, q->start_x, q->start_y, q->goal_x,
			        q->goal_y, (unsigned long long)tcost,
			        path_status_name(st),
			        st == PATH_FOUND ? res.cost : 0u);
		}
	}
	TCOD_path_delete(tp);
	TCOD_map_delete(map);
	if (b->libtcod_longer)
		fprintf(stderr,
		        "note: libtcod's path cost more than hunted's on "
		        "%zu of %zu queries\n",
		        b->libtcod_longer, b->n);
	return 0;
}
#endif

static void print_summary(struct bench *b, const struct options *o)
{
	size_t samples = b->nsamp;
	double hunted_us = median(b->hunted_ns, samples) / 1000.0;
	double libtcod_us = median(b->libtcod_ns, samples) / 1000.0;
	double jps_us = median(b->jps_ns, samples) / 1000.0;
	double cells = (double)b->g.width * (double)b->g.height;

	if (b->jps)
		fprintf(stderr,
		        "note: expansions per query: A* %.1f, jump point "
		        "search %.1f (%.1f bytes per cell)\n",
		        b->n ? (double)b->astar_expanded_first / (double)b->n
		             : 0.0,
		        b->n ? (double)b->jps_expanded_first / (double)b->n
		             : 0.0,
		        (double)jps_ctx_bytes(b->jps) / cells);
	printf("summary: map=%s scenarios=%zu mismatches=%zu hunted_us=%.3f",
	       movingai_basename(o->map_path), b->n, b->mismatches, hunted_us);
	if (o->mode == MODE_VS_LIBTCOD)
		printf(" libtcod_us=%.3f speedup=%.2f", libtcod_us,
		       hunted_us > 0 ? libtcod_us / hunted_us : 0.0);
	printf(" ns_per_expansion=%.1f bytes_per_cell=%.1f",
	       b->total_expanded ? b->total_ns / (double)b->total_expanded
	                         : 0.0,
	       (double)path_ctx_bytes(b->ctx) / cells);
	/* Jump point search's keys come after A*'s, so the ones before
	 * keep their places and meanings; the digest of every answer
	 * ends the line. */
	if (b->jps && o->mode == MODE_VS_LIBTCOD)
		printf(" jps_us=%.3f jps_speedup=%.2f", jps_us,
		       jps_us > 0 ? libtcod_us / jps_us : 0.0);
	else if (b->jps)
		printf(" jps_us=%.3f jps_over_astar=%.2f", jps_us,
		       jps_us > 0 ? hunted_us / jps_us : 0.0);
	/* Jump points expanded per query (the first round's): counts,
	 * unlike times, compare across machines and with other JPS. */
	if (b->jps)
		printf(" jps_expanded=%.1f",
		       b->n ? (double)b->jps_expanded_first / (double)b->n
		            : 0.0);
	if (b->hpa) {
		double hpa_us = median(b->hpa_ns, samples) / 1000.0;
		double first_us = median(b->hpa_first_ns, samples) / 1000.0;
		size_t nn, ne;

		subgoal_counts(b->hpa, &nn, &ne);
		fprintf(stderr,
		        "note: hierarchy: %zu subgoals, %zu edges; %.1f "
		        "subgoals expanded per query (A* %.1f cells); a "
		        "repair redid the edges of %.2f subgoals\n",
		        nn, ne,
		        b->n ? (double)b->hpa_expanded_first / (double)b->n : 0,
		        b->n ? (double)b->total_expanded /
		                        (double)(b->nsamp ? b->nsamp : 1)
		             : 0,
		        b->nrepair ? (double)b->repair_subgoals /
		                             (double)b->nrepair
		                   : 0.0);
		printf(" hpa_us=%.3f hpa_first_us=%.3f hpa_over_astar=%.2f "
		       "hpa_first_over_astar=%.2f hpa_cost_mean=%.4f "
		       "hpa_cost_worst=%.4f hpa_build_ms=%.1f "
		       "hpa_bytes_per_cell=%.1f hpa_repair_us=%.1f",
		       hpa_us, first_us, hpa_us > 0 ? hunted_us / hpa_us : 0.0,
		       first_us > 0 ? hunted_us / first_us : 0.0,
		       b->cost_n ? b->cost_sum / (double)b->cost_n : 1.0,
		       b->cost_n ? b->cost_worst : 1.0, b->hpa_build_ms,
		       (double)subgoal_bytes(b->hpa) / cells,
		       median(b->repair_ns, b->nrepair) / 1000.0);
	}
	printf(" results=%016llx\n", (unsigned long long)b->digest);
}

int main(int argc, char **argv)
{
	struct options o;
	struct bench b;
	int rc;

	rc = parse_args(argc, argv, &o);
	if (rc >= 0)
		return rc;
	memset(&b, 0, sizeof(b));
	if (load(&b, &o)) {
		bench_free(&b);
		return 1;
	}
	warm_up(&b);
	if (o.mode == MODE_CHECK) {
		run_check(&b, &o);
		if (b.hpa)
			run_repairs(&b);
	} else {
#ifdef HAVE_LIBTCOD
		if (run_vs_libtcod(&b, &o)) {
			bench_free(&b);
			return 1;
		}
#endif
	}
	print_summary(&b, &o);
	rc = b.mismatches ? 1 : 0;
	bench_free(&b);
	return rc;
}
