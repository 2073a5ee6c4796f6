/* SPDX-License-Identifier: MIT */
/* winrate.c - how hard each level of the campaign is, measured: each
 * level played alone on many seeds by the two autopilots, the careful
 * one (round the monsters, fights where it pays, doors shut on hunters,
 * rest and springs) and the straight one (the cheapest way to the exit
 * and nothing else, a careless player), and their win rates side by side;
 * then whole runs down the campaign by each.  Good play should win most
 * levels most of the time, careless play should not.
 *
 *   winrate [--seeds N] [--turns T] [--data-dir DIR] [--level K|run]
 *
 * Prints a table, one `summary: level=...` line per level, and a last
 * `summary: run ...` line for whole runs.  Deterministic: the same
 * options give the same numbers on any machine. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/num.h"
#include "core/game.h"
#include "core/mind/autopilot.h"
#include "core/world/world.h"
#include "session/campaign.h"
#include "session/files.h"
#include "session/setup.h"

struct wopts {
	long seeds;
	long turns;
	int level; /* 0: every level, -1: none (whole runs alone) */
	const char *data_dir;
};

/* One game: won (1), lost (0) or out of turns (-1).  levels 0 plays the
 * level alone, else the whole campaign from level 1; *depth is where it
 * ended. */
static int play(const struct setup *base, int level, uint64_t seed,
                enum autopilot_style style, long turns, int campaign,
                int *depth)
{
	struct setup s = *base;
	struct diag_list dl;
	struct data *d;
	struct game *g;
	struct autopilot *ap;
	long t;
	int r = -1;

	s.seed = seed;
	diag_list_init(&dl, 0);
	d = campaign_load(&s, level, seed, &dl);
	g = d ? game_new(d, seed, -1, &s.mind, &dl) : NULL;
	if (!g) {
		size_t i;

		for (i = 0; i < dl.len; i++)
			fprintf(stderr, "winrate: %s:%d: %s\n",
			        dl.items[i].file, dl.items[i].line,
			        dl.items[i].message);
		diag_list_fini(&dl);
		exit(1);
	}
	diag_list_fini(&dl);
	if (campaign)
		game_campaign(g, campaign_levels(&s), campaign_load, &s);
	else if (level > 1) {
		/* A level played alone is met by the player a whole run
		 * brings there: grown on every level before it. */
		g->world->php_max += WORLD_GROWTH_HP * (level - 1);
		g->world->php = g->world->php_max;
	}
	ap = autopilot_new_style(g->world, style);
	if (!ap) {
		fprintf(stderr, "winrate: out of memory\n");
		exit(1);
	}
	for (t = 0; t < turns && g->world->state == WORLD_PLAYING; t++) {
		struct world_cmd cmd;

		if (autopilot_next(ap, g->world, &cmd) != 0) {
			fprintf(stderr, "winrate: out of memory\n");
			exit(1);
		}
		/* A command that takes no time (a bump) becomes a wait, as in
		 * headless play. */
		if (game_step(g, cmd) == 0)
			game_step(g, (struct world_cmd){WCMD_WAIT, 0, 0});
	}
	if (g->world->state == WORLD_WON)
		r = 1;
	else if (g->world->state == WORLD_LOST)
		r = 0;
	*depth = g->depth;
	autopilot_free(ap);
	game_free(g);
	return r;
}

static void usage(void)
{
	fprintf(stderr, "usage: winrate [--seeds N] [--turns T] "
	                "[--data-dir DIR] [--level K|run]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct wopts o = {200, 5000, 0, NULL};
	struct setup base;
	char dir[4096];
	long won[2] = {0, 0}, lost[2] = {0, 0}, games = 0;
	int i, k, levels;

	/* Every option takes a value: two words a step. */
	for (i = 1; i < argc; i += 2) {
		uint64_t v;

		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--seeds") &&
		    num_parse_u64(argv[i + 1], 10, 100000, &v) == 0 && v)
			o.seeds = (long)v;
		else if (!strcmp(argv[i], "--turns") &&
		         num_parse_u64(argv[i + 1], 10, 1000000, &v) == 0 && v)
			o.turns = (long)v;
		else if (!strcmp(argv[i], "--level") &&
		         !strcmp(argv[i + 1], "run"))
			o.level = -1; /* whole runs alone */
		else if (!strcmp(argv[i], "--level") &&
		         num_parse_u64(argv[i + 1], 10, DATA_LEVEL_MAX, &v) ==
		                 0 &&
		         v)
			o.level = (int)v;
		else if (!strcmp(argv[i], "--data-dir"))
			o.data_dir = argv[i + 1];
		else
			usage();
	}
	setup_init(&base);
	if (files_data_dir(o.data_dir, dir, sizeof(dir)) < 0) {
		fprintf(stderr, "winrate: no data directory\n");
		return 1;
	}
	base.data_dir = dir;
	levels = campaign_levels(&base);
	printf("win rates over %ld seeds (1..%ld), at most %ld turns a "
	       "game\n\n",
	       o.seeds, o.seeds, o.turns);
	printf("%-3s %-16s %9s %9s %9s %9s\n", "", "level", "careful", "lost",
	       "straight", "lost");
	for (k = 1; k <= levels; k++) {
		long w[2] = {0, 0}, l[2] = {0, 0};
		char name[48], key[48];
		long seed;
		int style;

		if (o.level && k != o.level)
			continue;
		campaign_label(&base, k, name, sizeof(name));
		for (i = 0; name[i]; i++) /* one word in the summary */
			key[i] = name[i] == ' ' ? '-' : name[i];
		key[i] = '\0';
		for (style = 0; style < 2; style++)
			for (seed = 1; seed <= o.seeds; seed++) {
				int depth, r = play(&base, k, (uint64_t)seed,
				                    style ? AUTOPILOT_STRAIGHT
				                          : AUTOPILOT_CAREFUL,
				                    o.turns, 0, &depth);

				w[style] += r == 1;
				l[style] += r == 0;
			}
		printf("%-3d %-16s %8.1f%% %8.1f%% %8.1f%% %8.1f%%\n", k, name,
		       100.0 * w[0] / o.seeds, 100.0 * l[0] / o.seeds,
		       100.0 * w[1] / o.seeds, 100.0 * l[1] / o.seeds);
		printf("summary: level=%d name=%s seeds=%ld careful_win=%.3f "
		       "careful_lost=%.3f straight_win=%.3f "
		       "straight_lost=%.3f\n",
		       k, key, o.seeds, (double)w[0] / o.seeds,
		       (double)l[0] / o.seeds, (double)w[1] / o.seeds,
		       (double)l[1] / o.seeds);
		fflush(stdout);
	}
	if (o.level > 0)
		return 0;
	/* Whole runs: how deep each gets. */
	{
		long deep[2] = {0, 0};
		long seed;
		int style;

		for (style = 0; style < 2; style++)
			for (seed = 1; seed <= o.seeds; seed++) {
				int depth,
				        r = play(&base, 1, (uint64_t)seed,
				                 style ? AUTOPILOT_STRAIGHT
				                       : AUTOPILOT_CAREFUL,
				                 o.turns * levels, 1, &depth);

				won[style] += r == 1;
				lost[style] += r == 0;
				deep[style] += depth;
				games += style == 0;
			}
		printf("\nwhole runs: careful escapes %.1f%% (mean depth "
		       "%.2f), "
		       "straight %.1f%% (mean depth %.2f)\n",
		       100.0 * won[0] / games, (double)deep[0] / games,
		       100.0 * won[1] / games, (double)deep[1] / games);
		printf("summary: run seeds=%ld careful_win=%.3f "
		       "careful_depth=%.2f straight_win=%.3f "
		       "straight_depth=%.2f\n",
		       games, (double)won[0] / games, (double)deep[0] / games,
		       (double)won[1] / games, (double)deep[1] / games);
	}
	return 0;
}
