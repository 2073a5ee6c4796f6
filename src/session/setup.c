/* SPDX-License-Identifier: MIT */
/* setup.c - the table of hunted's options: parsing the command line with
 * it, printing --help from it, and writing and reading the options that
 * make a game in a recording's header. */
#include "config.h"

#include "setup.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/i18n.h"
#include "core/base/num.h"
#include "core/mind/autopilot.h"
#include "core/world/gen.h"
#include "core/world/world.h"

/* A number as text, for --help. */
#define SETUP_STR(n)  SETUP_STR_(n)
#define SETUP_STR_(n) #n

#define TURNS_MAX       100000000L
#define TURN_BUDGET_MAX 0x7fffffffL
#define SCREEN_MAX      1000

/* What an option needs beside it, or may not have. */
enum {
	NEED_HEADLESS = 1, /* only without a terminal */
	NEED_TERMINAL = 2, /* only with a terminal */
	NEED_DUMP = 4,     /* only with --dump-screen */
	NOT_REPLAY = 8,    /* a replay takes it from its recording */
	GAME = 16,         /* makes the game: kept in a recording's header */
	NEED_SCREEN = 32,  /* only with --dump-screen or --cast */
	NAMED = 64,        /* its value names a file or a folder */
};

/* The sections of --help. */
enum group { G_GAME, G_DATA, G_PLAY, G_HEADLESS, G_INFO };

/* How an option's value is kept. */
enum kind {
	K_SWITCH, /* an int of struct setup set to 1 (0 or 1 in a recording) */
	K_TEXT,   /* a const char * of struct setup: the argument itself */
	K_MODE,   /* the mode of the session */
	K_PARSED, /* read by the option's own `set` */
};

struct option_def {
	const char *name;
	char letter;     /* short option, or 0 */
	const char *arg; /* the argument's name in --help, NULL: a switch */
	enum group group;
	unsigned flags;
	const char *help; /* lines after the first start with '\n' */
	enum kind kind;
	size_t field;         /* K_SWITCH, K_TEXT: where in struct setup */
	enum setup_mode mode; /* K_MODE */
	/* K_PARSED: takes the value; from_record: it comes from a
	 * recording's header.  Returns 0, or -1 with the problem in err. */
	int (*set)(struct setup *s, const char *arg, int from_record, char *err,
	           size_t size);
	/* The game's options: writes the value for a recording's header;
	 * returns 0 when the option is left out. */
	int (*show)(const struct setup *s, char *buf, size_t size);
};

#define SWITCH(f)    K_SWITCH, offsetof(struct setup, f), SETUP_PLAY, NULL, NULL
#define TEXT(f)      K_TEXT, offsetof(struct setup, f), SETUP_PLAY, NULL, NULL
#define MODE(m)      K_MODE, 0, m, NULL, NULL
#define PARSED(s, w) K_PARSED, 0, SETUP_PLAY, s, w

__attribute__((format(printf, 3, 4))) static int problem(char *err, size_t size,
                                                         const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- the options, one setter (and for the game's, one shower) each ---- */

static int set_map(struct setup *s, const char *arg, int from_record, char *err,
                   size_t size)
{
	if (from_record) {
		if (strlen(arg) >= sizeof(s->map_buf))
			return problem(err, size,
			               _("map name longer than %zu characters"),
			               sizeof(s->map_buf) - 1);
		snprintf(s->map_buf, sizeof(s->map_buf), "%s", arg);
		arg = s->map_buf;
	}
	s->map = arg;
	return 0;
}

static int set_campaign(struct setup *s, const char *arg, int from_record,
                        char *err, size_t size)
{
	if (from_record) {
		if (strlen(arg) >= sizeof(s->campaign_buf))
			return problem(err, size,
			               _("campaign name longer than %zu "
			                 "characters"),
			               sizeof(s->campaign_buf) - 1);
		snprintf(s->campaign_buf, sizeof(s->campaign_buf), "%s", arg);
		arg = s->campaign_buf;
	}
	s->campaign = arg;
	return 0;
}

/* Only a game of another campaign than the data's says which. */
static int show_campaign(const struct setup *s, char *buf, size_t size)
{
	if (!s->campaign)
		return 0;
	snprintf(buf, size, "%s", s->campaign);
	return 1;
}

/* A recording of the campaign (no map, no generated dungeon) has no map
 * line: its replay plays the campaign too. */
static int show_map(const struct setup *s, char *buf, size_t size)
{
	if (s->gen_w || (!s->map && !s->lesson_name))
		return 0;
	snprintf(buf, size, "%s", s->map ? s->map : "default");
	return 1;
}

static int set_generate(struct setup *s, const char *arg, int from_record,
                        char *err, size_t size)
{
	if (num_parse_size(arg, GEN_MIN_W, GEN_MIN_H, GEN_MAX_DIM, GEN_MAX_DIM,
	                   &s->gen_w, &s->gen_h) != 0)
		return problem(
		        err, size,
		        _("invalid size '%s' for --generate (expected WxH, "
		          "%dx%d to %dx%d)"),
		        arg, GEN_MIN_W, GEN_MIN_H, GEN_MAX_DIM, GEN_MAX_DIM);
	return 0;
}

static int show_generate(const struct setup *s, char *buf, size_t size)
{
	if (!s->gen_w)
		return 0;
	snprintf(buf, size, "%dx%d", s->gen_w, s->gen_h);
	return 1;
}

static int set_seed(struct setup *s, const char *arg, int from_record,
                    char *err, size_t size)
{
	if (num_parse_u64(arg, 10, UINT64_MAX, &s->seed) != 0)
		return problem(err, size,
		               _("invalid seed '%s' (expected a non-negative "
		                 "integer)"),
		               arg);
	return 0;
}

static int show_seed(const struct setup *s, char *buf, size_t size)
{
	snprintf(buf, size, "%" PRIu64, s->seed);
	return 1;
}

static int set_monsters(struct setup *s, const char *arg, int from_record,
                        char *err, size_t size)
{
	uint64_t v;

	/* A recording says -1 for the map's own. */
	if (from_record && !strcmp(arg, "-1")) {
		s->monsters = -1;
		return 0;
	}
	if (num_parse_u64(arg, 10, DATA_MONSTERS_MAX, &v) != 0)
		return problem(
		        err, size,
		        _("invalid monster count '%s' (expected 0 to %d)"), arg,
		        DATA_MONSTERS_MAX);
	s->monsters = (int)v;
	return 0;
}

static int show_monsters(const struct setup *s, char *buf, size_t size)
{
	snprintf(buf, size, "%d", s->monsters);
	return 1;
}

static int set_strategy(struct setup *s, const char *arg, int from_record,
                        char *err, size_t size)
{
	int k;

	for (k = 0; k < MIND_STRATEGY_COUNT; k++)
		if (!strcmp(arg, mind_strategy_name((enum mind_strategy)k))) {
			s->mind.strategy = (enum mind_strategy)k;
			return 0;
		}
	return problem(err, size,
	               _("unknown strategy '%s' (expected auto, astar, "
	                 "distmap or coop)"),
	               arg);
}

static int show_strategy(const struct setup *s, char *buf, size_t size)
{
	snprintf(buf, size, "%s", mind_strategy_name(s->mind.strategy));
	return 1;
}

static int set_autopilot(struct setup *s, const char *arg, int from_record,
                         char *err, size_t size)
{
	int k;

	(void)from_record;
	for (k = 0; k < AUTOPILOT_STYLE_COUNT; k++)
		if (!strcmp(arg,
		            autopilot_style_name((enum autopilot_style)k))) {
			s->autopilot = k;
			return 0;
		}
	return problem(
	        err, size,
	        _("unknown autopilot '%s' (expected straight or careful)"),
	        arg);
}

static int show_autopilot(const struct setup *s, char *buf, size_t size)
{
	snprintf(buf, size, "%s",
	         autopilot_style_name((enum autopilot_style)s->autopilot));
	return 1;
}

static int set_turn_budget(struct setup *s, const char *arg, int from_record,
                           char *err, size_t size)
{
	uint64_t v;

	if (num_parse_u64(arg, 10, TURN_BUDGET_MAX, &v) != 0)
		return problem(
		        err, size,
		        _("invalid turn budget '%s' (expected 0 to %ld)"), arg,
		        TURN_BUDGET_MAX);
	s->mind.turn_budget = (uint32_t)v;
	return 0;
}

static int show_turn_budget(const struct setup *s, char *buf, size_t size)
{
	snprintf(buf, size, "%" PRIu32, s->mind.turn_budget);
	return 1;
}

static int set_turns(struct setup *s, const char *arg, int from_record,
                     char *err, size_t size)
{
	uint64_t v;

	if (num_parse_u64(arg, 10, (uint64_t)TURNS_MAX, &v) != 0 || v == 0)
		return problem(err, size,
		               _("invalid turn count '%s' (expected 1 to %ld)"),
		               arg, TURNS_MAX);
	s->turns = (long)v;
	return 0;
}

static int set_pace(struct setup *s, const char *arg, int from_record,
                    char *err, size_t size)
{
	uint64_t v;

	(void)from_record;
	if (num_parse_u64(arg, 10, SETUP_PACE_MAX_MS, &v) != 0)
		return problem(err, size,
		               _("invalid pace '%s' (expected 0 to %d "
		                 "milliseconds)"),
		               arg, SETUP_PACE_MAX_MS);
	s->pace_ms = (int)v;
	return 0;
}

static int set_screen(struct setup *s, const char *arg, int from_record,
                      char *err, size_t size)
{
	if (num_parse_size(arg, 1, 1, SCREEN_MAX, SCREEN_MAX, &s->screen_w,
	                   &s->screen_h) != 0)
		return problem(
		        err, size,
		        _("invalid screen size '%s' (expected WxH, 1x1 to "
		          "%dx%d)"),
		        arg, SCREEN_MAX, SCREEN_MAX);
	return 0;
}

/* The order is --help's; the game's options are written to a recording
 * in this order too (the order recordings have always had). */
static const struct option_def options[] = {
        {"map", 'm', "NAME|FILE", G_GAME, GAME | NOT_REPLAY | NAMED,
         N_("dungeon to play alone (default: a run down the shipped\n"
            "dungeons, from the tutorial)"),
         PARSED(set_map, show_map)},
        {"generate", 'g', "WxH", G_GAME, GAME | NOT_REPLAY,
         N_("play a generated dungeon instead of a map"),
         PARSED(set_generate, show_generate)},
        {"cave", 0, NULL, G_GAME, GAME | NOT_REPLAY,
         N_("with --generate: a cave grown by a cellular automaton\n"
            "(caverns and winding passages, no doors) instead of rooms\n"
            "and corridors"),
         SWITCH(gen_cave)},
        {"seed", 's', "N", G_GAME, GAME,
         N_("seed for the game's random numbers: the same seed plays the\n"
            "same game (default: a fresh one each game, shown on the\n"
            "status line and at the end; a lesson's is 1)"),
         PARSED(set_seed, show_seed)},
        {"monsters", 'k', "K", G_GAME, GAME,
         N_("exactly K monsters, 0 to %s\n"
            "(default: the map's own)"),
         PARSED(set_monsters, show_monsters)},
        {"turn-budget", 0, "N", G_GAME, GAME,
         N_("nodes all monsters may expand per turn (default 15000,\n"
            "0: no limit)"),
         PARSED(set_turn_budget, show_turn_budget)},
        {"strategy", 0, "S", G_GAME, GAME,
         N_("auto, astar, distmap (shared distance maps) or coop\n"
            "(crowds plan round each other's reserved steps)"),
         PARSED(set_strategy, show_strategy)},
        {"hunt", 0, NULL, G_GAME, GAME,
         N_("every monster knows where you are and hunts you"),
         SWITCH(mind.hunt)},
        {"data-dir", 'd', "DIR", G_DATA, NAMED,
         N_("where the data files are: DIR, else $HUNTED_DATA, else\n"
            "the data/ beside the build tree of this program when it\n"
            "runs from one, else %s\n"
            "(but a map, lesson or campaign.txt of\n"
            "$XDG_DATA_HOME/hunted/ first, and its monsters.txt and\n"
            "terrain.txt after the shipped ones)"),
         TEXT(data_dir)},
        {"campaign", 0, "FILE", G_DATA, GAME | NOT_REPLAY,
         N_("without --map or --generate: play the levels FILE lists\n"
            "(default: campaign.txt of the data directory)"),
         PARSED(set_campaign, show_campaign)},
        {"check", 0, NULL, G_DATA, 0,
         N_("validate the FILEs named after the options and exit\n"
            "(0 ok, 1 errors)"),
         MODE(SETUP_CHECK)},
        {"ai-view", 0, NULL, G_PLAY, 0, N_("start with the AI view on"),
         SWITCH(ai_view)},
        {"lesson", 0, NULL, G_PLAY, NOT_REPLAY,
         N_("--lesson NAME starts a lesson; alone, lists them"),
         SWITCH(lesson)},
        {"record", 0, "FILE", G_PLAY, NOT_REPLAY | NAMED,
         N_("write the game to FILE"), TEXT(record)},
        {"replay", 0, "FILE", G_PLAY, NAMED,
         N_("watch FILE (in the terminal) or check it\n"
            "(with --headless; exit 3 if it diverges)"),
         TEXT(replay)},
        {"watch", 0, NULL, G_PLAY, NEED_TERMINAL | NOT_REPLAY,
         N_("the careful autopilot plays a new game with the AI view\n"
            "on, following the monster that hunts it: space pauses,\n"
            ". and , step a turn forward and back, + and - change the\n"
            "pace; any other key takes over as the player"),
         SWITCH(watch)},
        {"pace", 0, "MS", G_PLAY, NEED_TERMINAL,
         N_("with --watch: milliseconds between turns (default %s,\n"
            "0: start paused)"),
         PARSED(set_pace, NULL)},
        {"no-watch", 0, NULL, G_PLAY, NEED_TERMINAL,
         N_("do not reload data files when they change"), SWITCH(no_watch)},
        {"no-color", 0, NULL, G_PLAY, 0,
         N_("no colours (as NO_COLOR=1 in the environment)"), SWITCH(no_color)},
        {"keymap", 0, "NAME|FILE", G_PLAY, NEED_TERMINAL,
         N_("the key map: DIR/keymaps/NAME.txt (dvorak, azerty,\n"
            "no-vi-keys) or FILE (default: keys.txt of the folder of\n"
            "options, when there is one)"),
         TEXT(keymap)},
        {"save", 0, "FILE", G_PLAY, NOT_REPLAY | NAMED,
         N_("the saved game to resume and to save to (default in the\n"
            "terminal: $XDG_DATA_HOME/hunted/save.rec; headless, only\n"
            "with it: resumed, and saved when the game is not over)"),
         TEXT(save)},
        {"force", 0, NULL, G_PLAY, 0,
         N_("let --record and --cast write over a file that is\n"
            "not one of hunted's own (never over a file the game reads)"),
         SWITCH(force)},
        {"headless", 0, NULL, G_HEADLESS, 0,
         N_("play with the autopilot or --keys, print a summary"),
         MODE(SETUP_HEADLESS)},
        {"turns", 't', "T", G_HEADLESS, NEED_HEADLESS,
         N_("stop after T turns (default 1000)"), PARSED(set_turns, NULL)},
        {"keys", 0, "KEYS", G_HEADLESS, NEED_HEADLESS | NOT_REPLAY,
         N_("play these commands instead of the autopilot\n"
            "(hjklyubn move, . wait, o/c+dir open/close, g take)"),
         TEXT(keys)},
        {"autopilot", 0, "STYLE", G_HEADLESS, NEED_HEADLESS | NOT_REPLAY,
         N_("who plays without --keys: straight (the cheapest way to\n"
            "the exit, no more; the default) or careful (round the\n"
            "monsters, fights in corridors, shuts doors, rests)"),
         PARSED(set_autopilot, show_autopilot)},
        {"log", 0, NULL, G_HEADLESS, NEED_HEADLESS, N_("print every event"),
         SWITCH(log)},
        {"no-timing", 0, NULL, G_HEADLESS, NEED_HEADLESS,
         N_("print 0 for the timings (reproducible output)"),
         SWITCH(no_timing)},
        {"morgue", 0, NULL, G_HEADLESS, NEED_HEADLESS | NOT_REPLAY,
         N_("when the game ends, write its morgue file and its high\n"
            "score in $XDG_DATA_HOME/hunted (the terminal game always\n"
            "does)"),
         SWITCH(morgue)},
        {"dump-screen", 0, NULL, G_HEADLESS, NEED_HEADLESS,
         N_("print the screen (and with --ai-view the AI layers)\n"
            "as text at the end"),
         SWITCH(dump_screen)},
        {"cast", 0, "FILE", G_HEADLESS, NEED_HEADLESS | NAMED,
         N_("write every turn's screen to FILE as an asciicast\n"
            "(asciinema play FILE), a replay's too"),
         TEXT(cast)},
        {"screen", 0, "WxH", G_HEADLESS, NEED_HEADLESS | NEED_SCREEN,
         N_("the dumped or cast screen's size (default 80x24)"),
         PARSED(set_screen, NULL)},
        {"view-keys", 0, "KEYS", G_HEADLESS, NEED_HEADLESS | NEED_DUMP,
         N_("keys pressed before the dump, the game's until v gives\n"
            "them to the AI view, e.g. 'vsnnn': step mode, 3 steps"),
         TEXT(view_keys)},
        {"help", 'h', NULL, G_INFO, 0, N_("show this help and exit"),
         MODE(SETUP_HELP)},
        {"version", 'V', NULL, G_INFO, 0, N_("show the version and exit"),
         MODE(SETUP_VERSION)},
        {"list-keys", 0, NULL, G_INFO, 0,
         N_("list every key of the game screen, mode by mode\n"
            "(MODE, KEY, what it does; tab-separated) and exit"),
         MODE(SETUP_LIST_KEYS)},
};

#define OPTION_COUNT (sizeof(options) / sizeof(options[0]))

static const char *const group_titles[] = {
        N_("The game:"),
        N_("Data files:"),
        N_("Playing, recording and watching:"),
        N_("Headless play (no terminal):"),
        "",
};

/* Takes an option's value (NULL for a switch on the command line) into s,
 * whatever its kind; a mode option sets *mode instead. */
static int option_set(const struct option_def *o, struct setup *s,
                      const char *arg, int from_record, enum setup_mode *mode,
                      char *err, size_t size)
{
	char *at = (char *)s + o->field;
	uint64_t v = 1;

	switch (o->kind) {
	case K_SWITCH:
		if (arg && num_parse_u64(arg, 10, 1, &v) != 0)
			return problem(err, size,
			               _("expected %s 0 or 1, got '%s'"),
			               o->name, arg);
		*(int *)(void *)at = (int)v;
		return 0;
	case K_TEXT:
		*(const char **)(void *)at = arg;
		return 0;
	case K_MODE:
		*mode = o->mode;
		return 0;
	case K_PARSED:
		return o->set(s, arg, from_record, err, size);
	}
	return 0;
}

/* An option's value for a recording's header, into buf; 0 when it is
 * left out (a switch that is off). */
static int option_show(const struct option_def *o, const struct setup *s,
                       char *buf, size_t size)
{
	if (o->kind == K_SWITCH) {
		if (!*(const int *)(const void *)((const char *)s + o->field))
			return 0;
		snprintf(buf, size, "1");
		return 1;
	}
	return o->show(s, buf, size);
}

void setup_init(struct setup *s)
{
	memset(s, 0, sizeof(*s));
	s->mode = SETUP_PLAY;
	s->seed = 1;
	s->monsters = -1;
	mind_options_default(&s->mind);
	s->screen_w = SETUP_SCREEN_W;
	s->screen_h = SETUP_SCREEN_H;
	s->pace_ms = SETUP_PACE_MS;
}

/* ---- --help ------------------------------------------------------------ */

/* What the "%s" of an option's help stands for: a number or a folder of
 * the build, kept out of the words a translator sees; NULL if none. */
static const char *setup_help_value(const struct option_def *o)
{
	if (!strcmp(o->name, "monsters"))
		return SETUP_STR(DATA_MONSTERS_MAX);
	if (!strcmp(o->name, "data-dir"))
		return HUNTED_DATADIR;
	if (!strcmp(o->name, "pace"))
		return SETUP_STR(SETUP_PACE_MS);
	return NULL;
}

void setup_help(FILE *f)
{
	size_t i;
	int g;

	fputs(_("Usage: hunted [OPTION]...\n"
	        "       hunted --check FILE...\n"
	        "A turn-based terminal roguelike whose monsters hunt you with "
	        "A*.\n"),
	      f);
	for (g = G_GAME; g <= G_INFO; g++) {
		fprintf(f, "\n%s%s", *group_titles[g] ? _(group_titles[g]) : "",
		        *group_titles[g] ? "\n" : "");
		for (i = 0; i < OPTION_COUNT; i++) {
			const struct option_def *o = &options[i];
			char head[40];
			const char *h, *at, *value;
			int n;

			if ((int)o->group != g)
				continue;
			n = snprintf(head, sizeof(head), "  %c%c%c --%s%s%s",
			             o->letter ? '-' : ' ',
			             o->letter ? o->letter : ' ',
			             o->letter ? ',' : ' ', o->name,
			             o->arg ? " " : "", o->arg ? o->arg : "");
			fprintf(f, "%s%*s", head, n < 24 ? 24 - n : 1, "");
			h = _(o->help);
			value = setup_help_value(o);
			at = value ? strstr(h, "%s") : NULL;
			for (; *h; h++) {
				if (h == at) {
					fputs(value, f);
					h++;
					continue;
				}
				fputc(*h, f);
				if (*h == '\n')
					fprintf(f, "%24s", "");
			}
			fputc('\n', f);
		}
	}
	fputs(_("\nFiles: $XDG_CONFIG_HOME/hunted/ (default ~/.config/hunted/) "
	        "holds options.txt,\n"
	        "the player's defaults for the options above (\"seed 42\", "
	        "\"ai-view yes\";\n"
	        "the command line wins: --ai-view=no turns off a switch), and "
	        "keys.txt,\n"
	        "the key map (\"bind game wait 'w'\").\n"
	        "Both are described in the data folder's README.\n"),
	      f);
	fputs(_("\nExit status: 0 ok, 1 errors in a data file or a recording, "
	        "no terminal,\n"
	        "or a save not written, 2 bad usage, 3 a replay diverged, "
	        "128+N killed by\n"
	        "signal N (SIGHUP, SIGTERM and SIGINT save the terminal game "
	        "first).\n"),
	      f);
}

/* ---- the command line -------------------------------------------------- */

__attribute__((format(printf, 1, 2))) static int usage_error(const char *fmt,
                                                             ...)
{
	va_list ap;

	fprintf(stderr, "hunted: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n%s\n",
	        _("Try 'hunted --help' for more information."));
	return EXIT_USAGE;
}

static int given(const struct setup *s, const char *name)
{
	size_t i;

	for (i = 0; i < OPTION_COUNT; i++)
		if (!strcmp(options[i].name, name))
			return (s->given >> i & 1) != 0;
	return 0;
}

static const char *default_value(const struct option_def *o, const char *v);

static int defaulted(const struct setup *s, const char *name)
{
	size_t i;

	for (i = 0; i < OPTION_COUNT; i++)
		if (!strcmp(options[i].name, name))
			return (s->defaulted >> i & 1) != 0;
	return 0;
}

/* Which options go together: the flags of the table. */
static int setup_check_combinations(const struct setup *s)
{
	size_t i;

	if (given(s, "map") && given(s, "generate"))
		return usage_error(
		        _("--map and --generate cannot be combined"));
	/* The autopilot plays only when no --keys do. */
	if (given(s, "keys") && given(s, "autopilot"))
		return usage_error(
		        _("--keys and --autopilot cannot be combined"));
	if (given(s, "cave") && !given(s, "generate"))
		return usage_error(_("--cave needs --generate WxH"));
	/* A watched game is a new one played in the terminal. */
	if (s->watch && s->mode == SETUP_HEADLESS)
		return usage_error(
		        _("--watch and --headless cannot be combined: "
		          "watching is in the terminal (--autopilot "
		          "plays headless)"));
	if (s->watch && s->replay)
		return usage_error(_("--watch and --replay cannot be combined: "
		                     "a replay is watched without --watch"));
	if (s->watch && s->lesson)
		return usage_error(
		        _("--watch and --lesson cannot be combined"));
	if (given(s, "pace") && !s->watch)
		return usage_error(_("--pace needs --watch"));
	for (i = 0; i < OPTION_COUNT; i++) {
		const struct option_def *o = &options[i];

		if (!(s->given >> i & 1))
			continue;
		if (s->replay && (o->flags & (NOT_REPLAY | GAME)))
			return usage_error(
			        _("--replay and --%s cannot be "
			          "combined: a replay takes the game "
			          "from its file"),
			        o->name);
		if ((o->flags & NEED_HEADLESS) && s->mode == SETUP_PLAY)
			return usage_error(_("--%s needs --headless"), o->name);
		if ((o->flags & NEED_TERMINAL) && s->mode == SETUP_HEADLESS)
			return usage_error(_("--%s is for the terminal game"),
			                   o->name);
		if ((o->flags & NEED_DUMP) && !s->dump_screen)
			return usage_error(_("--%s needs --dump-screen"),
			                   o->name);
		if ((o->flags & NEED_SCREEN) && !s->dump_screen && !s->cast)
			return usage_error(
			        _("--%s needs --dump-screen or --cast"),
			        o->name);
	}
	return 0;
}

int setup_parse(struct setup *s, int argc, char **argv)
{
	struct option longopts[OPTION_COUNT + 1];
	char shorts[2 * OPTION_COUNT + 2], err[256];
	size_t i, n = 0;
	int c, index, headless = 0, check = 0, list_keys = 0;

	s->argv0 = argc > 0 ? argv[0] : "hunted";
	/* From the first argument, however often the line is read. */
	optind = 0;
	shorts[n++] = ':';
	for (i = 0; i < OPTION_COUNT; i++) {
		longopts[i].name = options[i].name;
		/* A switch takes =yes or =no too: the command line turns
		 * off what the options file turned on. */
		longopts[i].has_arg = options[i].arg ? required_argument
		                      : options[i].kind == K_SWITCH
		                              ? optional_argument
		                              : no_argument;
		longopts[i].flag = NULL;
		longopts[i].val = 256 + (int)i;
		if (options[i].letter) {
			shorts[n++] = options[i].letter;
			if (options[i].arg)
				shorts[n++] = ':';
		}
	}
	memset(&longopts[OPTION_COUNT], 0, sizeof(longopts[0]));
	shorts[n] = '\0';
	opterr = 0;
	while ((c = getopt_long(argc, argv, shorts, longopts, &index)) != -1) {
		const struct option_def *o = NULL;
		enum setup_mode mode = SETUP_PLAY;

		if (c >= 256)
			o = &options[c - 256];
		for (i = 0; !o && i < OPTION_COUNT; i++)
			if (options[i].letter && options[i].letter == c)
				o = &options[i];
		if (c == ':')
			return usage_error(_("option '%s' needs an argument"),
			                   argv[optind - 1]);
		if (!o)
			return usage_error(_("unknown option '%s'"),
			                   argv[optind - 1]);
		/* An empty name would be taken as the current folder or
		 * quietly as no file at all. */
		if ((o->flags & NAMED) && optarg && !*optarg)
			return usage_error(_("--%s needs a %s, not an empty "
			                     "name"),
			                   o->name, o->arg);
		if (option_set(o, s,
		               o->kind == K_SWITCH && optarg
		                       ? default_value(o, optarg)
		                       : optarg,
		               0, &mode, err, sizeof(err)) != 0)
			return usage_error("%s", err);
		/* --help and --version answer at once; --list-keys once the
		 * line is read, which may name a key map. */
		if (mode == SETUP_HELP || mode == SETUP_VERSION) {
			s->mode = mode;
			return 0;
		}
		list_keys |= mode == SETUP_LIST_KEYS;
		s->given |= (uint64_t)1 << (o - options);
		headless |= mode == SETUP_HEADLESS;
		check |= mode == SETUP_CHECK;
	}
	if (list_keys) {
		s->mode = SETUP_LIST_KEYS;
		return 0;
	}
	/* --check wins over --headless. */
	s->mode = check ? SETUP_CHECK : headless ? SETUP_HEADLESS : SETUP_PLAY;
	if (s->mode == SETUP_CHECK) {
		/* --check reads the data directory (and a Moving AI map
		 * places its monsters with the seed): nothing else. */
		for (i = 0; i < OPTION_COUNT; i++)
			if ((s->given >> i & 1) &&
			    strcmp(options[i].name, "check") &&
			    strcmp(options[i].name, "data-dir") &&
			    strcmp(options[i].name, "seed"))
				return usage_error(_("--check and --%s cannot "
				                     "be combined"),
				                   options[i].name);
		if (optind >= argc)
			return usage_error(
			        _("--check needs at least one FILE"));
		s->files = argv + optind;
		s->nfiles = (size_t)(argc - optind);
		return 0;
	}
	if (s->lesson) {
		/* --lesson NAME plays data/lessons/NAME.txt with the AI view
		 * teaching; --lesson alone lists the lessons. */
		if (s->map || s->gen_w)
			return usage_error(
			        _("--lesson brings its own map: drop "
			          "--map and --generate"));
		if (optind + 1 < argc)
			return usage_error(_("unexpected argument '%s'"),
			                   argv[optind + 1]);
		if (optind == argc) {
			s->mode = SETUP_LESSONS;
			return 0;
		}
		s->lesson_name = argv[optind++];
		s->ai_view = 1;
	}
	if (optind < argc)
		return usage_error(_("unexpected argument '%s'"), argv[optind]);
	/* A replay takes its recording's seed; a lesson is always the same. */
	s->fresh_seed = !given(s, "seed") && !defaulted(s, "seed") &&
	                !s->replay && !s->lesson;
	return setup_check_combinations(s);
}

/* ---- recordings ---------------------------------------------------------- */

void setup_write_game(FILE *f, const struct setup *s)
{
	char buf[SETUP_MAP_MAX + 64];
	size_t i;

	for (i = 0; i < OPTION_COUNT; i++)
		if ((options[i].flags & GAME) &&
		    option_show(&options[i], s, buf, sizeof(buf)))
			fprintf(f, "%s %s\n", options[i].name, buf);
}

/* Whether option i says which dungeon to play: a game has one. */
static int option_is_dungeon(size_t i)
{
	return !strcmp(options[i].name, "map") ||
	       !strcmp(options[i].name, "generate");
}

int setup_read_game(struct setup *s, const char *name, const char *value,
                    uint64_t *seen, char *err, size_t err_size)
{
	size_t i, other;

	for (i = 0; i < OPTION_COUNT; i++) {
		if (!(options[i].flags & GAME) || strcmp(options[i].name, name))
			continue;
		if (*seen >> i & 1)
			return problem(err, err_size, "'%s' given twice", name);
		for (other = 0; option_is_dungeon(i) && other < OPTION_COUNT;
		     other++)
			if ((*seen >> other & 1) && option_is_dungeon(other))
				return problem(err, err_size,
				               "'%s' and '%s' cannot both be "
				               "given",
				               options[other].name, name);
		*seen |= (uint64_t)1 << i;
		return option_set(&options[i], s, value, 1, NULL, err,
		                  err_size);
	}
	return problem(err, err_size, "unknown key '%s' in the header", name);
}

int setup_same_game(const struct setup *given, const struct setup *saved)
{
	char a[SETUP_MAP_MAX + 64], b[SETUP_MAP_MAX + 64];
	size_t i;

	for (i = 0; i < OPTION_COUNT; i++) {
		const struct option_def *o = &options[i];
		int ha, hb;

		if (!(o->flags & GAME) || !(given->given >> i & 1))
			continue;
		ha = option_show(o, given, a, sizeof(a));
		hb = option_show(o, saved, b, sizeof(b));
		if (ha != hb || (ha && strcmp(a, b)))
			return 0;
	}
	return 1;
}

void setup_given_game(const struct setup *given, char *buf, size_t size)
{
	char v[SETUP_MAP_MAX + 64];
	size_t i, n = 0;

	if (size)
		*buf = '\0';
	for (i = 0; i < OPTION_COUNT && n < size; i++) {
		const struct option_def *o = &options[i];

		if (!(o->flags & GAME) || !(given->given >> i & 1))
			continue;
		if (o->kind == K_SWITCH)
			n += (size_t)snprintf(buf + n, size - n, "%s--%s",
			                      n ? " " : "", o->name);
		else if (option_show(o, given, v, sizeof(v)))
			n += (size_t)snprintf(buf + n, size - n, "%s--%s %s",
			                      n ? " " : "", o->name, v);
	}
}

void setup_game_args(const struct setup *s, char *buf, size_t size)
{
	struct setup def;
	char v[SETUP_MAP_MAX + 64], d[SETUP_MAP_MAX + 64];
	size_t i, n = 0;

	setup_init(&def);
	if (size)
		*buf = '\0';
	for (i = 0; i < OPTION_COUNT && n < size; i++) {
		const struct option_def *o = &options[i];
		int hd;

		if (!(o->flags & GAME) || !option_show(o, s, v, sizeof(v)))
			continue;
		/* The defaults go without saying; the seed never does. */
		hd = option_show(o, &def, d, sizeof(d));
		if (strcmp(o->name, "seed") && hd && !strcmp(v, d))
			continue;
		if (!strcmp(o->name, "monsters") && s->monsters < 0)
			continue;
		if (o->kind == K_SWITCH)
			n += (size_t)snprintf(buf + n, size - n, "%s--%s",
			                      n ? " " : "", o->name);
		else
			n += (size_t)snprintf(buf + n, size - n, "%s--%s %s",
			                      n ? " " : "", o->name, v);
	}
}

void setup_label(const struct setup *s, const char *map_name, char *buf,
                 size_t size)
{
	if (s->gen_w)
		snprintf(buf, size, "generated %s%dx%d",
		         s->gen_cave ? "cave " : "", s->gen_w, s->gen_h);
	else
		snprintf(buf, size, "%s",
		         map_name && *map_name ? map_name
		         : s->map              ? s->map
		                               : "default");
}

/* ---- the options file's defaults ----------------------------------------- */

static const struct option_def *option_find(const char *name)
{
	size_t i;

	for (i = 0; i < OPTION_COUNT; i++)
		if (!strcmp(options[i].name, name))
			return &options[i];
	return NULL;
}

/* A default's value as option_set takes it: yes and no for a switch. */
static const char *default_value(const struct option_def *o, const char *v)
{
	if (o->kind != K_SWITCH)
		return v;
	if (!strcmp(v, "yes"))
		return "1";
	if (!strcmp(v, "no"))
		return "0";
	return v;
}

size_t setup_option_names(const char **names, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < OPTION_COUNT && n < max; i++)
		names[n++] = options[i].name;
	return n;
}

int setup_check_default(const char *name, const char *value, char *err,
                        size_t size, int *at_value)
{
	const struct option_def *o = option_find(name);
	struct setup scratch;
	enum setup_mode mode = SETUP_PLAY;

	*at_value = 0;
	if (!o)
		return problem(err, size, _("unknown option '%s'"), name);
	if (o->kind == K_MODE || !strcmp(name, "lesson"))
		return problem(
		        err, size,
		        _("'%s' is not a default: give it on the command "
		          "line"),
		        name);
	*at_value = 1;
	if (o->kind == K_SWITCH && strcmp(value, "yes") && strcmp(value, "no"))
		return problem(err, size, _("'%s' must be yes or no, got '%s'"),
		               name, value);
	setup_init(&scratch);
	return option_set(o, &scratch, default_value(o, value), 0, &mode, err,
	                  size);
}

/* Whether the default for option i stands beside the command line cmd:
 * not when cmd gives it, or another way to the dungeon, or a replay or
 * a lesson (which bring their game, seed included), or a mode the
 * option is not for. */
static int default_applies(size_t i, const struct setup *cmd)
{
	const struct option_def *o = &options[i];

	if (cmd->given >> i & 1)
		return 0;
	if (option_is_dungeon(i) || !strcmp(o->name, "cave"))
		if (given(cmd, "map") || given(cmd, "generate") ||
		    given(cmd, "lesson") || given(cmd, "replay"))
			return 0;
	if ((cmd->replay || cmd->lesson) && (o->flags & (NOT_REPLAY | GAME)))
		return 0;
	if ((o->flags & NEED_HEADLESS) && cmd->mode != SETUP_HEADLESS)
		return 0;
	if ((o->flags & NEED_TERMINAL) && cmd->mode == SETUP_HEADLESS)
		return 0;
	return 1;
}

int setup_parse_defaults(struct setup *s, const struct setup_default *d,
                         size_t n, int argc, char **argv)
{
	struct setup cmd;
	size_t k;
	char err[256];
	int rc;

	setup_init(&cmd);
	rc = setup_parse(&cmd, argc, argv);
	if (rc != 0 || !n ||
	    (cmd.mode != SETUP_PLAY && cmd.mode != SETUP_HEADLESS)) {
		*s = cmd;
		return rc;
	}
	setup_init(s);
	for (k = 0; k < n; k++) {
		const struct option_def *o = option_find(d[k].name);
		enum setup_mode mode = SETUP_PLAY;
		size_t i;

		if (!o)
			continue;
		i = (size_t)(o - options);
		if (!default_applies(i, &cmd) ||
		    option_set(o, s, default_value(o, d[k].value), 0, &mode,
		               err, sizeof(err)) != 0)
			continue;
		s->defaulted |= (uint64_t)1 << i;
	}
	/* The command line again, over the defaults. */
	return setup_parse(s, argc, argv);
}
