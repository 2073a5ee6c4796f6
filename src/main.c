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

#include "core/data/data.h"
#include "core/base/diag.h"
#include "core/world/gen.h"
#include "session/files.h"
#include "session/headless.h"
#include "ui/term.h"
#include "ui/view.h"
#include "core/world/world.h"

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
        "      --ai-view         start with the AI view on\n"
        "      --record FILE     write the game to FILE\n"
        "      --replay FILE     watch FILE (in the terminal) or check it\n"
        "                        (with --headless; exit 3 if it diverges)\n"
        "      --no-watch        do not reload data files when they "
        "change\n"
        "      --hunt            every monster knows where you are and "
        "hunts you\n"
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
        "      --log             print every event\n"
        "      --strategy S      auto, astar or distmap (shared distance "
        "maps)\n"
        "      --turn-budget N   nodes all monsters may expand per turn "
        "(default 35000,\n"
        "                        0: no limit)\n"
        "      --no-timing       print 0 for the timings "
        "(reproducible output)\n"
        "      --dump-screen     print the screen (and with --ai-view the "
        "AI layers)\n"
        "                        as text at the end\n"
        "      --screen WxH      the dumped screen's size (default "
        "80x24)\n"
        "      --view-keys KEYS  keys for the view before the dump, e.g. "
        "'`sn<tab>'\n"
        "  -h, --help            show this help and exit\n"
        "  -V, --version         show the version and exit\n"
        "\n"
        "Exit status: 0 ok, 1 data-file errors or no terminal, 2 bad usage, "
        "3 a replay\n"
        "diverged, 128+N killed by signal N.\n";

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
	enum mind_strategy strategy;
	unsigned long turn_budget;
	int hunt;
	int ai_view;
	int dump_screen;
	const char *view_keys;
	int screen_w, screen_h, screen_set;
	int no_watch;
};

static void source_of(const struct options *opt, struct game_source *s)
{
	memset(s, 0, sizeof(*s));
	s->map = opt->map;
	s->data_dir = opt->data_dir;
	s->gen_w = opt->gen_w;
	s->gen_h = opt->gen_h;
	s->seed = opt->have_seed ? opt->seed : 1;
	s->monsters = opt->monsters;
}

/* The game's data with every check, problems printed as --check prints
 * them.  Returns NULL on errors. */
static struct data *load_game_data(const struct options *opt)
{
	struct game_source src;
	struct diag_list diags;
	struct data *d;

	source_of(opt, &src);
	diag_list_init(&diags, 0);
	d = game_load(&src, &diags);
	game_print_diags(stderr, &diags);
	diag_list_fini(&diags);
	return d;
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

/* Takes the game's setup from a recording's header. */
static int setup_from_replay(struct options *opt, struct game_setup *setup,
                             char *map_buf, size_t map_size)
{
	char err[512];

	if (replay_read_setup(opt->replay, setup, map_buf, map_size, err,
	                      sizeof(err)) != 0) {
		fprintf(stderr, "hunted: %s\n", err);
		return -1;
	}
	opt->map = setup->map;
	opt->gen_w = setup->gen_w;
	opt->gen_h = setup->gen_h;
	opt->seed = (unsigned long)setup->seed;
	opt->have_seed = 1;
	opt->monsters = setup->monsters;
	opt->turn_budget = setup->turn_budget;
	opt->strategy = setup->strategy;
	opt->hunt = setup->hunt;
	return 0;
}

/* The game the options describe, every problem printed; NULL on
 * errors. */
static struct game *make_game(const struct options *opt)
{
	struct mind_options mo;
	struct diag_list diags;
	struct data *d = load_game_data(opt);
	struct game *g;

	if (!d)
		return NULL;
	mind_options_default(&mo);
	mo.turn_budget = (uint32_t)opt->turn_budget;
	mo.strategy = opt->strategy;
	mo.hunt = opt->hunt;
	diag_list_init(&diags, 0);
	g = game_new(d, opt->have_seed ? opt->seed : 1,
	             opt->gen_w ? -1 : (int)opt->monsters, &mo, &diags);
	if (!g)
		game_print_diags(stderr, &diags);
	diag_list_fini(&diags);
	return g;
}

static void view_config_of(const struct options *opt, const struct world *w,
                           struct view_config *cfg, char *label,
                           size_t label_size)
{
	memset(cfg, 0, sizeof(*cfg));
	if (opt->gen_w)
		snprintf(label, label_size, "generated %dx%d", opt->gen_w,
		         opt->gen_h);
	else
		snprintf(label, label_size, "%s",
		         w->data->map->name[0] ? w->data->map->name
		         : opt->map            ? opt->map
		                               : "default");
	cfg->map_label = label;
	cfg->ai_view = opt->ai_view;
	source_of(opt, &cfg->source);
}

/* --view-keys: characters as keys, and <tab> <esc> <enter> <up> <down>
 * <left> <right> <f2> <f5>.  Returns the key and advances *s, or -1 for
 * an unknown <name>. */
static int next_view_key(const char **s)
{
	static const struct {
		const char *name;
		int key;
	} names[] = {
	        {"<tab>", VK_TAB},     {"<esc>", VK_ESC},
	        {"<enter>", VK_ENTER}, {"<up>", VK_UP},
	        {"<down>", VK_DOWN},   {"<left>", VK_LEFT},
	        {"<right>", VK_RIGHT}, {"<f2>", VK_F2},
	        {"<f5>", VK_F5},       {"<lt>", '<'},
	};
	size_t i;

	if (**s == '<') {
		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (!strncmp(*s, names[i].name,
			             strlen(names[i].name))) {
				*s += strlen(names[i].name);
				return names[i].key;
			}
		return -1;
	}
	return (unsigned char)*(*s)++;
}

struct dump {
	struct view *view;
	struct canvas canvas;
	const char *keys;
	int width, height;
	int failed;
};

/* Every turn is drawn, AI view included, as the terminal would draw it:
 * a recording made with --dump-screen must not differ from one made
 * without. */
static void dump_on_turn(struct game *g, void *arg)
{
	struct dump *d = arg;

	(void)g;
	view_after_turn(d->view);
	if (d->canvas.cells)
		view_draw(d->view, &d->canvas);
}

static void dump_at_end(struct game *g, void *arg)
{
	struct dump *d = arg;
	struct canvas c = {0};
	const char *k = d->keys;

	(void)g;
	while (k && *k) {
		int key = next_view_key(&k);

		if (key < 0) {
			fprintf(stderr,
			        "hunted: --view-keys: unknown key "
			        "name at '%s'\n",
			        k);
			d->failed = 1;
			return;
		}
		view_key(d->view, key);
	}
	if (canvas_resize(&c, d->width, d->height) != 0) {
		d->failed = 1;
		return;
	}
	view_dump(d->view, &c, stdout);
	canvas_fini(&c);
	canvas_fini(&d->canvas);
}

static int run_headless(struct options *opt)
{
	struct headless_opts ho;
	struct game *g;
	struct dump dump = {0};
	char map_buf[4096];
	int rc;

	memset(&ho, 0, sizeof(ho));
	if (opt->replay) {
		if (setup_from_replay(opt, &ho.setup, map_buf,
		                      sizeof(map_buf)) != 0)
			return EXIT_FAILURE;
		if (!opt->turns)
			opt->turns = LONG_MAX;
	}
	g = make_game(opt);
	if (!g)
		return EXIT_FAILURE;
	ho.setup.map = opt->map;
	ho.setup.gen_w = opt->gen_w;
	ho.setup.gen_h = opt->gen_h;
	ho.setup.seed = opt->have_seed ? opt->seed : 1;
	ho.setup.monsters = (int)opt->monsters;
	ho.setup.turn_budget = g->minds->opt.turn_budget;
	ho.setup.strategy = g->minds->opt.strategy;
	ho.setup.hunt = g->minds->opt.hunt;
	ho.turns = opt->turns;
	ho.keys = opt->keys;
	ho.record = opt->record;
	ho.replay = opt->replay;
	ho.log = opt->log;
	ho.no_timing = opt->no_timing;
	if (opt->dump_screen) {
		struct view_config cfg;
		char label[64], err[256];

		view_config_of(opt, g->world, &cfg, label, sizeof(label));
		cfg.no_timing = opt->no_timing;
		dump.view = view_new(g, &cfg, err, sizeof(err));
		if (!dump.view) {
			fprintf(stderr, "hunted: %s\n", err);
			game_free(g);
			return EXIT_FAILURE;
		}
		view_borrow_world(dump.view);
		dump.keys = opt->view_keys;
		dump.width = opt->screen_w;
		dump.height = opt->screen_h;
		if (canvas_resize(&dump.canvas, dump.width, dump.height) != 0) {
			fprintf(stderr, "hunted: out of memory\n");
			view_free(dump.view);
			game_free(g);
			return EXIT_FAILURE;
		}
		ho.on_turn = dump_on_turn;
		ho.at_end = dump_at_end;
		ho.hook_arg = &dump;
	}
	rc = headless_run(g, &ho, stdout);
	canvas_fini(&dump.canvas);
	view_free(dump.view);
	return rc == 0 && dump.failed ? EXIT_FAILURE : rc;
}

/* The game in the terminal. */
static int run_terminal(struct options *opt)
{
	struct game_setup setup;
	struct view_config cfg;
	struct view *v;
	struct game *g;
	const struct world *w;
	char map_buf[4096], label[64], err[256];
	int rc;

	if (opt->replay &&
	    setup_from_replay(opt, &setup, map_buf, sizeof(map_buf)) != 0)
		return EXIT_FAILURE;
	g = make_game(opt);
	if (!g)
		return EXIT_FAILURE;
	if (!term_usable()) {
		game_free(g);
		return EXIT_FAILURE;
	}
	view_config_of(opt, g->world, &cfg, label, sizeof(label));
	cfg.record = opt->record;
	cfg.replay = opt->replay;
	cfg.watch_files = !opt->replay && !opt->no_watch;
	v = view_new(g, &cfg, err, sizeof(err));
	if (!v) {
		fprintf(stderr, "hunted: %s\n", err);
		game_free(g);
		return EXIT_FAILURE;
	}
	rc = term_run(v);
	w = view_game(v)->world;
	if (rc == 0 && w->state == WORLD_WON)
		printf("You escaped the %s in %u turns.\n", label, w->turn);
	else if (rc == 0 && w->state == WORLD_LOST)
		printf("You were hunted down on turn %u.\n", w->turn);
	else if (rc == EXIT_DIVERGED)
		fprintf(stderr, "hunted: %s: the replay diverged at turn %u\n",
		        opt->replay, w->turn);
	view_free(v);
	return rc;
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
		OPT_AI_VIEW,
		OPT_DUMP_SCREEN,
		OPT_VIEW_KEYS,
		OPT_SCREEN,
		OPT_NO_WATCH,
		OPT_HUNT,
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
	        {"ai-view", no_argument, NULL, OPT_AI_VIEW},
	        {"dump-screen", no_argument, NULL, OPT_DUMP_SCREEN},
	        {"view-keys", required_argument, NULL, OPT_VIEW_KEYS},
	        {"screen", required_argument, NULL, OPT_SCREEN},
	        {"no-watch", no_argument, NULL, OPT_NO_WATCH},
	        {"hunt", no_argument, NULL, OPT_HUNT},
	        {"help", no_argument, NULL, 'h'},
	        {"version", no_argument, NULL, 'V'},
	        {NULL, 0, NULL, 0},
	};
	struct options opt = {0};
	int c, k;

	opt.monsters = -1;
	opt.turn_budget = MIND_TURN_BUDGET;
	opt.screen_w = VIEW_MIN_W;
	opt.screen_h = VIEW_MIN_H;
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
		case OPT_AI_VIEW:
			opt.ai_view = 1;
			break;
		case OPT_DUMP_SCREEN:
			opt.dump_screen = 1;
			break;
		case OPT_VIEW_KEYS:
			opt.view_keys = optarg;
			break;
		case OPT_NO_WATCH:
			opt.no_watch = 1;
			break;
		case OPT_HUNT:
			opt.hunt = 1;
			break;
		case OPT_SCREEN: {
			char *end;
			long a = strtol(optarg, &end, 10), b = 0;

			if (*end == 'x')
				b = strtol(end + 1, &end, 10);
			if (*optarg < '0' || *optarg > '9' || *end != '\0' ||
			    a < 1 || b < 1 || a > 1000 || b > 1000) {
				usage_error(
				        "invalid screen size '%s' (expected "
				        "WxH, 1x1 to 1000x1000)",
				        optarg);
				return EXIT_USAGE;
			}
			opt.screen_w = (int)a;
			opt.screen_h = (int)b;
			opt.screen_set = 1;
			break;
		}
		case OPT_STRATEGY:
			for (k = 0; k < MIND_STRATEGY_COUNT; k++)
				if (!strcmp(optarg, mind_strategy_name(k)))
					break;
			if (k == MIND_STRATEGY_COUNT) {
				usage_error("unknown strategy '%s' (expected "
				            "auto, astar or distmap)",
				            optarg);
				return EXIT_USAGE;
			}
			opt.strategy = (enum mind_strategy)k;
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
	    (opt.keys || opt.log || opt.no_timing || opt.turns ||
	     opt.dump_screen || opt.view_keys || opt.screen_set)) {
		usage_error("%s",
		            "--keys, --log, --turns, --no-timing, "
		            "--dump-screen, --view-keys and --screen need "
		            "--headless");
		return EXIT_USAGE;
	}
	if (opt.headless && opt.no_watch) {
		usage_error("%s", "--no-watch is for the terminal game");
		return EXIT_USAGE;
	}
	if ((opt.view_keys || opt.screen_set) && !opt.dump_screen) {
		usage_error("%s",
		            "--view-keys and --screen need --dump-screen");
		return EXIT_USAGE;
	}
	if (opt.headless)
		return run_headless(&opt);
	if (opt.check) {
		struct game_source src;
		struct diag_list diags;
		int bad = 0;

		source_of(&opt, &src);
		for (; optind < argc; optind++) {
			diag_list_init(&diags, 0);
			if (game_check_file(argv[optind], &src, NULL, &diags) !=
			    0)
				bad = 1;
			game_print_diags(stderr, &diags);
			diag_list_fini(&diags);
		}
		return bad ? EXIT_FAILURE : EXIT_SUCCESS;
	}
	return run_terminal(&opt);
}
