/* main.c - hunted's command line: parses options and hands over to the
 * mode asked for.  Usage mistakes print the usage on stderr and exit 2;
 * data-file problems are printed as FILE:LINE:COL diagnostics before the
 * terminal is ever touched, and exit 1. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "diag.h"
#include "gen.h"
#include "headless.h"
#include "world.h"

#define EXIT_USAGE 2

static const char usage_text[] =
        "Usage: hunted [OPTION]...\n"
        "       hunted --check FILE...\n"
        "A turn-based terminal roguelike whose monsters hunt you with A*.\n"
        "\n"
        "Options:\n"
        "  -m, --map NAME|FILE   dungeon to play (default: the shipped "
        "default)\n"
        "  -s, --seed N          seed for the game's random numbers\n"
        "  -d, --data-dir DIR    where the data files are (before "
        "$HUNTED_DATA\n"
        "                        and " HUNTED_DATADIR ")\n"
        "      --check FILE...   validate data files and exit (0 ok, 1 "
        "errors)\n"
        "\n"
        "Headless play (no terminal):\n"
        "      --headless        play with the autopilot or --keys, print a "
        "summary\n"
        "  -g, --generate WxH    play a generated dungeon instead of a map\n"
        "  -k, --monsters K      exactly K monsters (default: the map's "
        "own)\n"
        "  -t, --turns T         stop after T turns (default 1000)\n"
        "      --keys KEYS       play these commands instead of the "
        "autopilot\n"
        "                        (hjklyubn move, . wait, o/c+dir "
        "open/close, g take)\n"
        "      --record FILE     write the game to FILE\n"
        "      --replay FILE     play FILE back; exit 3 if it diverges\n"
        "      --log             print every event\n"
        "      --strategy S      auto, astar or distmap (shared distance "
        "maps)\n"
        "      --turn-budget N   nodes all monsters may expand per turn "
        "(0: no limit)\n"
        "      --no-timing       print 0 for the timings "
        "(reproducible output)\n"
        "  -h, --help            show this help and exit\n"
        "  -V, --version         show the version and exit\n"
        "\n"
        "Exit status: 0 ok, 1 data-file errors, 2 bad usage, 3 a replay "
        "diverged.\n";

__attribute__((format(printf, 1, 2))) static void usage_error(const char *fmt,
                                                              ...)
{
	va_list ap;

	fprintf(stderr, "hunted: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'hunted --help' for more information.\n");
}

struct options {
	const char *map;
	const char *data_dir;
	unsigned long seed;
	int have_seed;
	int check;
	int headless;
	int gen_w, gen_h;
	long monsters;
	long turns;
	const char *keys;
	const char *record;
	const char *replay;
	int log;
	int no_timing;
	enum ai_strategy strategy;
	unsigned long turn_budget;
};

/* The line of file numbered line, read again for a diagnostic that did not
 * keep its source line; NULL when it cannot be read. */
static char *read_line(const char *file, int line, char *buf, size_t size)
{
	FILE *f = fopen(file, "rb");
	int n = 1, c;
	size_t len = 0;

	if (!f)
		return NULL;
	while (n < line && (c = getc(f)) != EOF)
		if (c == '\n')
			n++;
	while (n == line && (c = getc(f)) != EOF && c != '\n')
		if (len + 1 < size)
			buf[len++] = (char)c;
	fclose(f);
	if (n != line)
		return NULL;
	if (len > 0 && buf[len - 1] == '\r')
		len--;
	buf[len] = '\0';
	return buf;
}

/* FILE:LINE:COL: error: MESSAGE; HINT, then the line and a caret under the
 * column.  Tabs before the column are copied so the caret lines up. */
static void print_diag(const struct diag *d)
{
	char buf[DIAG_SOURCE_MAX + 1];
	const char *src = d->source;
	int i;

	fprintf(stderr, "%s:%d:%d: %s: %s%s%s\n", d->file, d->line, d->col,
	        diag_severity_name(d->severity), d->message,
	        d->hint ? "; " : "", d->hint ? d->hint : "");
	if (!src)
		src = read_line(d->file, d->line, buf, sizeof(buf));
	if (!src || !*src)
		return;
	fputs("    ", stderr);
	for (i = 0; src[i]; i++) {
		unsigned char c = (unsigned char)src[i];

		/* Never send a control byte from a bad file to the terminal. */
		fputc(c == '\t' || (c >= 0x20 && c != 0x7f) ? c : '?', stderr);
	}
	fputs("\n    ", stderr);
	for (i = 0; i < d->col - 1 && src[i]; i++)
		fputc(src[i] == '\t' ? '\t' : ' ', stderr);
	for (; i < d->col - 1; i++)
		fputc(' ', stderr);
	fputs("^\n", stderr);
}

static void print_diags(const struct diag_list *l)
{
	size_t i;

	for (i = 0; i < l->len; i++)
		print_diag(&l->items[i]);
	if (l->truncated)
		fprintf(stderr,
		        "hunted: too many problems; only the first "
		        "%zu are shown\n",
		        l->len);
	if (l->nomem)
		fprintf(stderr, "hunted: out of memory; some problems are not "
		                "shown\n");
}

/* The data directory: --data-dir, then $HUNTED_DATA, then the compiled-in
 * $(pkgdatadir). */
static const char *data_dir(const struct options *opt)
{
	const char *env = getenv("HUNTED_DATA");

	if (opt->data_dir)
		return opt->data_dir;
	if (env && *env)
		return env;
	return HUNTED_DATADIR;
}

static int is_movingai(const char *path)
{
	size_t n = strlen(path);

	return n > 4 && !strcmp(path + n - 4, ".map");
}

/* Loads one data file (and its includes) with every check, printing the
 * problems.  A Moving AI .map is played with the terrain and monsters of
 * the data directory, placed by the seed.  Returns 0 when it has no
 * errors. */
static int check_file(const char *path, const struct options *opt,
                      struct data **out)
{
	struct diag_list diags;
	struct data *d = data_new();
	int rc;

	diag_list_init(&diags, 0);
	if (!d) {
		fprintf(stderr, "hunted: out of memory\n");
		return -1;
	}
	if (is_movingai(path)) {
		char kinds[4096];

		snprintf(kinds, sizeof(kinds), "%s/monsters.txt",
		         data_dir(opt));
		rc = data_load(d, kinds, &diags);
		if (rc == 0)
			rc = data_load_movingai(d, path,
			                        opt->have_seed ? opt->seed : 1,
			                        &diags);
	} else {
		rc = data_load(d, path, &diags);
	}
	if (rc == 0 && data_check_reachable(d, &diags) < 0)
		fprintf(stderr, "hunted: out of memory checking '%s'\n", path);
	print_diags(&diags);
	if (diags.errors)
		rc = -1;
	diag_list_fini(&diags);
	if (out && rc == 0)
		*out = d;
	else
		data_free(d);
	return rc;
}

/* --map accepts a file (anything with a '/' or a known extension) or the
 * name of a map in DIR/maps.  Returns a malloc'd path. */
static char *map_path(const struct options *opt)
{
	const char *name = opt->map ? opt->map : "default";
	const char *dot = strrchr(name, '.');
	const char *dir = data_dir(opt);
	size_t n;
	char *p;

	if (strchr(name, '/') ||
	    (dot && (!strcmp(dot, ".txt") || !strcmp(dot, ".map"))))
		return strdup(name);
	n = strlen(dir) + strlen(name) + sizeof("/maps/.txt");
	p = malloc(n);
	if (p)
		snprintf(p, n, "%s/maps/%s.txt", dir, name);
	return p;
}

static int parse_seed(const char *s, unsigned long *out)
{
	char *end;

	if (*s == '\0' || *s == '-')
		return -1;
	errno = 0;
	*out = strtoul(s, &end, 10);
	return *end == '\0' && errno == 0 ? 0 : -1;
}

static int parse_count(const char *s, long max, long *out)
{
	unsigned long v;

	if (parse_seed(s, &v) != 0 || v > (unsigned long)max)
		return -1;
	*out = (long)v;
	return 0;
}

static int parse_size(const char *s, int *w, int *h)
{
	char *end;
	long a, b;

	if (*s < '0' || *s > '9')
		return -1;
	a = strtol(s, &end, 10);
	if (*end != 'x' || end[1] < '0' || end[1] > '9')
		return -1;
	b = strtol(end + 1, &end, 10);
	if (*end != '\0' || a < GEN_MIN_W || b < GEN_MIN_H || a > GEN_MAX_DIM ||
	    b > GEN_MAX_DIM)
		return -1;
	*w = (int)a;
	*h = (int)b;
	return 0;
}

/* The game's data: a generated dungeon, or the map file with every check
 * (problems printed as --check prints them).  Returns NULL on errors. */
static struct data *load_game_data(const struct options *opt)
{
	struct data *d = NULL;

	if (opt->gen_w) {
		struct diag_list diags;
		char kinds[4096];

		diag_list_init(&diags, 0);
		d = data_new();
		if (!d) {
			fprintf(stderr, "hunted: out of memory\n");
			return NULL;
		}
		snprintf(kinds, sizeof(kinds), "%s/monsters.txt",
		         data_dir(opt));
		if (data_load(d, kinds, &diags) != 0 ||
		    gen_dungeon(d, opt->gen_w, opt->gen_h,
		                opt->have_seed ? opt->seed : 1,
		                opt->monsters >= 0 ? (int)opt->monsters : 10,
		                &diags) != 0) {
			print_diags(&diags);
			data_free(d);
			d = NULL;
		}
		diag_list_fini(&diags);
		return d;
	} else {
		char *path = map_path(opt);

		if (!path) {
			fprintf(stderr, "hunted: out of memory\n");
			return NULL;
		}
		if (check_file(path, opt, &d) != 0)
			d = NULL;
		free(path);
		return d;
	}
}

static int run_headless(struct options *opt)
{
	struct headless_opts ho;
	struct world_options wo;
	struct diag_list diags;
	struct data *d;
	struct world *w;
	char map_buf[4096];

	memset(&ho, 0, sizeof(ho));
	if (opt->replay) {
		char err[512];

		if (replay_read_setup(opt->replay, &ho.setup, map_buf,
		                      sizeof(map_buf), err, sizeof(err)) != 0) {
			fprintf(stderr, "hunted: %s\n", err);
			return EXIT_FAILURE;
		}
		opt->map = ho.setup.map;
		opt->gen_w = ho.setup.gen_w;
		opt->gen_h = ho.setup.gen_h;
		opt->seed = (unsigned long)ho.setup.seed;
		opt->have_seed = 1;
		opt->monsters = ho.setup.monsters;
		opt->turn_budget = ho.setup.turn_budget;
		opt->strategy = ho.setup.strategy;
		if (!opt->turns)
			opt->turns = LONG_MAX;
	}
	d = load_game_data(opt);
	if (!d)
		return EXIT_FAILURE;
	world_options_default(&wo);
	wo.monsters = opt->gen_w ? -1 : (int)opt->monsters;
	wo.turn_budget = (uint32_t)opt->turn_budget;
	wo.strategy = opt->strategy;
	diag_list_init(&diags, 0);
	w = world_new(d, opt->have_seed ? opt->seed : 1, &wo, &diags);
	if (!w) {
		print_diags(&diags);
		diag_list_fini(&diags);
		return EXIT_FAILURE;
	}
	diag_list_fini(&diags);
	ho.setup.map = opt->map;
	ho.setup.gen_w = opt->gen_w;
	ho.setup.gen_h = opt->gen_h;
	ho.setup.seed = opt->have_seed ? opt->seed : 1;
	ho.setup.monsters = (int)opt->monsters;
	ho.setup.turn_budget = wo.turn_budget;
	ho.setup.strategy = wo.strategy;
	ho.turns = opt->turns;
	ho.keys = opt->keys;
	ho.record = opt->record;
	ho.replay = opt->replay;
	ho.log = opt->log;
	ho.no_timing = opt->no_timing;
	return headless_run(w, &ho, stdout);
}

int main(int argc, char **argv)
{
	enum {
		OPT_CHECK = 256,
		OPT_HEADLESS,
		OPT_KEYS,
		OPT_RECORD,
		OPT_REPLAY,
		OPT_LOG,
		OPT_STRATEGY,
		OPT_TURN_BUDGET,
		OPT_NO_TIMING,
	};
	static const struct option longopts[] = {
	        {"map", required_argument, NULL, 'm'},
	        {"seed", required_argument, NULL, 's'},
	        {"data-dir", required_argument, NULL, 'd'},
	        {"check", no_argument, NULL, OPT_CHECK},
	        {"headless", no_argument, NULL, OPT_HEADLESS},
	        {"generate", required_argument, NULL, 'g'},
	        {"monsters", required_argument, NULL, 'k'},
	        {"turns", required_argument, NULL, 't'},
	        {"keys", required_argument, NULL, OPT_KEYS},
	        {"record", required_argument, NULL, OPT_RECORD},
	        {"replay", required_argument, NULL, OPT_REPLAY},
	        {"log", no_argument, NULL, OPT_LOG},
	        {"strategy", required_argument, NULL, OPT_STRATEGY},
	        {"turn-budget", required_argument, NULL, OPT_TURN_BUDGET},
	        {"no-timing", no_argument, NULL, OPT_NO_TIMING},
	        {"help", no_argument, NULL, 'h'},
	        {"version", no_argument, NULL, 'V'},
	        {NULL, 0, NULL, 0},
	};
	struct options opt = {0};
	int c, k;

	opt.monsters = -1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":m:s:d:g:k:t:hV", longopts,
	                        NULL)) != -1) {
		switch (c) {
		case OPT_HEADLESS:
			opt.headless = 1;
			break;
		case 'g':
			if (parse_size(optarg, &opt.gen_w, &opt.gen_h) != 0) {
				usage_error("invalid size '%s' for --generate "
				            "(expected WxH, %dx%d to %dx%d)",
				            optarg, GEN_MIN_W, GEN_MIN_H,
				            GEN_MAX_DIM, GEN_MAX_DIM);
				return EXIT_USAGE;
			}
			break;
		case 'k':
			if (parse_count(optarg, WORLD_MONSTERS_MAX,
			                &opt.monsters) != 0) {
				usage_error("invalid monster count '%s' "
				            "(expected 0 to %d)",
				            optarg, WORLD_MONSTERS_MAX);
				return EXIT_USAGE;
			}
			break;
		case 't':
			if (parse_count(optarg, 100000000L, &opt.turns) != 0 ||
			    opt.turns == 0) {
				usage_error("invalid turn count '%s' (expected "
				            "1 to 100000000)",
				            optarg);
				return EXIT_USAGE;
			}
			break;
		case OPT_KEYS:
			opt.keys = optarg;
			break;
		case OPT_RECORD:
			opt.record = optarg;
			break;
		case OPT_REPLAY:
			opt.replay = optarg;
			break;
		case OPT_LOG:
			opt.log = 1;
			break;
		case OPT_NO_TIMING:
			opt.no_timing = 1;
			break;
		case OPT_STRATEGY:
			for (k = 0; k < AI_STRATEGY_COUNT; k++)
				if (!strcmp(optarg, ai_strategy_name(k)))
					break;
			if (k == AI_STRATEGY_COUNT) {
				usage_error("unknown strategy '%s' (expected "
				            "auto, astar or distmap)",
				            optarg);
				return EXIT_USAGE;
			}
			opt.strategy = (enum ai_strategy)k;
			break;
		case OPT_TURN_BUDGET: {
			long v;

			if (parse_count(optarg, 0x7fffffffL, &v) != 0) {
				usage_error("invalid turn budget '%s'", optarg);
				return EXIT_USAGE;
			}
			opt.turn_budget = (unsigned long)v;
			break;
		}
		case 'm':
			opt.map = optarg;
			break;
		case 's':
			if (parse_seed(optarg, &opt.seed) != 0) {
				usage_error("invalid seed '%s' (expected a "
				            "non-negative integer)",
				            optarg);
				return EXIT_USAGE;
			}
			opt.have_seed = 1;
			break;
		case 'd':
			opt.data_dir = optarg;
			break;
		case OPT_CHECK:
			opt.check = 1;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return EXIT_SUCCESS;
		case 'V':
			printf("hunted %s\n", PACKAGE_VERSION);
			return EXIT_SUCCESS;
		case ':':
			usage_error("option '%s' needs an argument",
			            argv[optind - 1]);
			return EXIT_USAGE;
		default:
			usage_error("unknown option '%s'", argv[optind - 1]);
			return EXIT_USAGE;
		}
	}
	if (opt.check && optind >= argc) {
		usage_error("%s", "--check needs at least one FILE");
		return EXIT_USAGE;
	}
	if (!opt.check && optind < argc) {
		usage_error("unexpected argument '%s'", argv[optind]);
		return EXIT_USAGE;
	}
	if (opt.gen_w && opt.map) {
		usage_error("%s", "--map and --generate cannot be combined");
		return EXIT_USAGE;
	}
	if (opt.replay && (opt.keys || opt.record || opt.map || opt.gen_w)) {
		usage_error("%s", "--replay takes the game from its file; drop "
		                  "--keys, --record, --map and --generate");
		return EXIT_USAGE;
	}
	if (!opt.headless && !opt.check &&
	    (opt.keys || opt.record || opt.replay || opt.log || opt.no_timing ||
	     opt.turns)) {
		usage_error("%s", "--keys, --record, --replay, --log, --turns "
		                  "and --no-timing need --headless");
		return EXIT_USAGE;
	}
	if (opt.headless)
		return run_headless(&opt);
	if (opt.check) {
		int bad = 0;

		for (; optind < argc; optind++)
			if (check_file(argv[optind], &opt, NULL) != 0)
				bad = 1;
		return bad ? EXIT_FAILURE : EXIT_SUCCESS;
	}
	{
		char *path = map_path(&opt);
		struct data *d = NULL;
		int rc;

		if (!path) {
			fprintf(stderr, "hunted: out of memory\n");
			return EXIT_FAILURE;
		}
		rc = check_file(path, &opt, &d);
		free(path);
		data_free(d);
		if (rc != 0)
			return EXIT_FAILURE;
	}
	fprintf(stderr,
	        "hunted: this build has the path engine only; the "
	        "game arrives with the game-core and terminal issues.\n");
	return EXIT_FAILURE;
}
