/* SPDX-License-Identifier: MIT */
/* setup.h - how a game session was set up: the one description of it,
 * and the one table of options that fills it.
 *
 * The table (setup.c) is what getopt_long reads, what --help prints, and
 * what a recording's header stores: a recording begins with the options
 * that made its game, one per line as "NAME VALUE", and a replay reads
 * them back through the same table. */
#ifndef HUNTED_SETUP_H
#define HUNTED_SETUP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/mind/mind.h"

#define EXIT_USAGE    2 /* a mistake on the command line */
#define EXIT_DIVERGED 3 /* a replay no longer matches its recording */

/* Longest map name or path a recording's header may give. */
#define SETUP_MAP_MAX 4096
/* The size of a dumped screen unless --screen says otherwise. */
#define SETUP_SCREEN_W 80
#define SETUP_SCREEN_H 24
/* The time between a watched game's turns unless --pace says otherwise,
 * and the longest --pace takes. */
#define SETUP_PACE_MS     250
#define SETUP_PACE_MAX_MS 10000

enum setup_mode {
	SETUP_PLAY = 0, /* the game in the terminal (or watching a replay) */
	SETUP_HEADLESS, /* no terminal: a summary line */
	SETUP_CHECK,    /* --check FILE... */
	SETUP_LESSONS,  /* --lesson alone: the list of lessons */
	SETUP_HELP,
	SETUP_VERSION,
	SETUP_LIST_KEYS, /* --list-keys: every mode's keys */
};

struct setup {
	enum setup_mode mode;

	/* The game itself (what a recording's header keeps). */
	const char *map;  /* --map NAME|FILE; NULL: the shipped default */
	int gen_w, gen_h; /* --generate WxH; 0 when not generated */
	int gen_cave;     /* --cave: the generated dungeon is a cave */
	/* A campaign's generated level: its monster kinds, or none: any. */
	const char (*gen_kinds)[DATA_NAME_MAX + 1];
	int gen_nkinds;
	uint64_t seed;            /* --seed */
	int fresh_seed;           /* no --seed: each game draws its own */
	int monsters;             /* --monsters; -1: the map's own */
	struct mind_options mind; /* --hunt, --strategy, --turn-budget */

	/* Where the data files are. */
	const char *data_dir; /* --data-dir, or NULL */
	const char *campaign; /* --campaign FILE, or NULL: campaign.txt */
	const char *argv0;    /* how the program was started */

	/* How the session runs. */
	long turns;              /* --turns; 0: no limit given */
	const char *keys;        /* --keys */
	int autopilot;           /* --autopilot: enum autopilot_style */
	const char *record;      /* --record FILE */
	const char *replay;      /* --replay FILE */
	int log;                 /* --log */
	int no_timing;           /* --no-timing */
	int ai_view;             /* --ai-view */
	int lesson;              /* --lesson */
	const char *lesson_name; /* its NAME, or NULL: list them */
	/* The language the words are in ("zh_CN", i18n_language), "" for
	 * English: a lesson is read from lessons/LANGUAGE/ when it is
	 * translated there. */
	char language[16];
	int dump_screen;         /* --dump-screen */
	const char *cast;        /* --cast FILE */
	const char *view_keys;
	int screen_w, screen_h; /* --screen, 80x24 by default */
	int no_watch;
	int watch;        /* --watch: the autopilot plays in the terminal */
	int pace_ms;      /* --pace: ms between its turns; 0 starts paused */
	const char *save; /* --save FILE: the save to resume and write */
	int morgue;       /* --morgue: a headless game's morgue, scores */
	int force;        /* --force: write over a file not hunted's own */

	/* --check's files. */
	char *const *files;
	size_t nfiles;

	int no_color;       /* --no-color */
	const char *keymap; /* --keymap NAME|FILE */

	/* Options given, by their index in the table (for the checks of
	 * which options go together). */
	uint64_t given;
	/* Options the options file set, by the same index. */
	uint64_t defaulted;

	char map_buf[SETUP_MAP_MAX];      /* a recording's map */
	char campaign_buf[SETUP_MAP_MAX]; /* ...and campaign */
};

/* The defaults: the shipped dungeon, seed 1, the map's own monsters,
 * the minds' default options, an 80x24 dump. */
void setup_init(struct setup *s);

/* Fills s from the command line.  Returns 0, or EXIT_USAGE after
 * printing the problem and a pointer to --help on stderr. */
int setup_parse(struct setup *s, int argc, char **argv);

/* A default of the options file: an option's long name and its value
 * (yes or no for a switch). */
struct setup_default {
	const char *name;
	const char *value;
};

/* Checks one default as setup_parse_defaults would take it.  Returns 0,
 * or -1 with the problem in err and *at_value 0 when the name is wrong
 * (unknown, or an option that is no default: a mode, --lesson), 1 when
 * its value is. */
int setup_check_default(const char *name, const char *value, char *err,
                        size_t size, int *at_value);

/* Every option's long name, into names (up to max): for "did you mean".
 * Returns how many. */
size_t setup_option_names(const char **names, size_t max);

/* setup_parse over the n defaults d (checked, their strings kept as long
 * as s): the command line wins, a default that does not go with it (a
 * map when it names another dungeon, the game's options for a replay or
 * a lesson, an option of headless play in the terminal...) is left out,
 * and for --help, --check and the other modes that play no game the
 * defaults are not read. */
int setup_parse_defaults(struct setup *s, const struct setup_default *d,
                         size_t n, int argc, char **argv);

/* The --help text, from the table. */
void setup_help(FILE *f);

/* Writes the options that make the game (map or generate, seed,
 * monsters, hunt, strategy, turn-budget) as "NAME VALUE" lines. */
void setup_write_game(FILE *f, const struct setup *s);

/* Takes one "NAME VALUE" line of a recording's header into s.  *seen
 * (0 before the first line) keeps the names read, so that a name given
 * twice, or both map and generate, is refused.  Returns 0, or -1 with the
 * problem in err. */
int setup_read_game(struct setup *s, const char *name, const char *value,
                    uint64_t *seen, char *err, size_t err_size);

/* Whether a game made by saved (a save's header) is the one the command
 * line in given asks for: every option of the game given on the command
 * line has the same value in saved (with none given, any game is). */
int setup_same_game(const struct setup *given, const struct setup *saved);

/* The options of given's game that were given on the command line, as
 * "--map crowd --seed 3", into buf ("" when none). */
void setup_given_game(const struct setup *given, char *buf, size_t size);

/* The options of the game s, as the command line takes them ("--map
 * doors --seed 4 --monsters 12 --hunt"): what plays it again.  Options
 * at their defaults are left out. */
void setup_game_args(const struct setup *s, char *buf, size_t size);

/* A short name for the game for the status line: the map's name, or
 * "generated WxH". */
void setup_label(const struct setup *s, const char *map_name, char *buf,
                 size_t size);

#endif
