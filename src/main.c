/* SPDX-License-Identifier: MIT */
/* main.c - hunted's command line: reads the options with the one table
 * (session/setup.c), picks the front end (the terminal, headless play,
 * or --check) and runs the session.  Usage mistakes print the usage on
 * stderr and exit 2; data-file problems are printed as FILE:LINE:COL
 * diagnostics before the terminal is ever touched, and exit 1. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "session/files.h"
#include "session/headless.h"
#include "session/report.h"
#include "session/session.h"
#include "session/setup.h"
#include "ui/dump.h"
#include "ui/keymap.h"
#include "ui/term.h"

/* --check FILE...: every problem of every file, and "FILE: ok" for each
 * file without an error. */
static int check_files(const struct setup *setup)
{
	struct diag_list diags;
	size_t i;
	int bad = 0;

	for (i = 0; i < setup->nfiles; i++) {
		const char *path = setup->files[i];

		diag_list_init(&diags, 0);
		if (files_check(path, setup, NULL, &diags) != 0)
			bad = 1;
		report_diags(stderr, &diags);
		if (!diags.errors && diags.warnings)
			printf("%s: ok, %zu warning%s\n", path, diags.warnings,
			       diags.warnings == 1 ? "" : "s");
		else if (!diags.errors)
			printf("%s: ok\n", path);
		diag_list_fini(&diags);
	}
	return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* Headless play: the commands from --keys, the autopilot or the
 * recording; the log, the screen dump and the summary on stdout. */
static int play_headless(struct session *s)
{
	struct headless h;
	struct session_source src;
	struct session_sink sinks[4];
	struct dump d;
	struct dump_cast cast;
	size_t n = 0;
	int rc, dumping = s->setup.dump_screen, casting = s->setup.cast != NULL;

	if (headless_source(&h, s, stdout, &src) != 0)
		return EXIT_FAILURE;
	if (dumping && dump_init(&d, s) != 0) {
		headless_fini(&h);
		return EXIT_FAILURE;
	}
	if (casting && dump_cast_init(&cast, s) != 0) {
		if (dumping)
			dump_fini(&d);
		headless_fini(&h);
		return EXIT_FAILURE;
	}
	if (s->setup.log)
		sinks[n++] = headless_log_sink(&h);
	if (dumping)
		sinks[n++] = dump_sink(&d);
	if (casting)
		sinks[n++] = dump_cast_sink(&cast);
	sinks[n++] = headless_summary_sink(&h);
	rc = session_run(s, &src, sinks, n);
	if (rc == 0 && s->save_failed)
		rc = EXIT_FAILURE;
	if (rc == 0 && dumping && d.failed)
		rc = EXIT_FAILURE;
	if (casting && dump_cast_fini(&cast) != 0 && rc == 0)
		rc = EXIT_FAILURE;
	if (dumping)
		dump_fini(&d);
	headless_fini(&h);
	return rc;
}

int main(int argc, char **argv)
{
	struct setup setup;
	struct session *s;
	char lesson[64] = "", next[64] = "";
	int rc;

	setup_init(&setup);
	rc = setup_parse(&setup, argc, argv);
	if (rc != 0)
		return rc;
	switch (setup.mode) {
	case SETUP_HELP:
		setup_help(stdout);
		return EXIT_SUCCESS;
	case SETUP_VERSION:
		printf("hunted %s\n", PACKAGE_VERSION);
		return EXIT_SUCCESS;
	case SETUP_LIST_KEYS:
		keymap_list(stdout);
		return EXIT_SUCCESS;
	case SETUP_CHECK:
		return check_files(&setup);
	case SETUP_LESSONS:
		return files_list_lessons(&setup, stdout) == 0 ? EXIT_SUCCESS
		                                               : EXIT_FAILURE;
	default:
		break;
	}
	s = session_open(&setup);
	if (!s)
		return EXIT_FAILURE;
	/* A saved game is looked for only once a game can be played: a
	 * start without a terminal leaves the save as it is. */
	if (setup.mode == SETUP_HEADLESS)
		session_resume(s);
	else if (term_available())
		session_resume(s);
	rc = setup.mode == SETUP_HEADLESS ? play_headless(s)
	                                  : term_play(s, next, sizeof(next));
	/* A lesson picked in the game's lesson menu: the game was saved, and
	 * the lesson starts as hunted --lesson NAME would. */
	while (setup.mode != SETUP_HEADLESS && rc == 0 && next[0]) {
		if (session_close(s) != 0)
			return EXIT_FAILURE;
		snprintf(lesson, sizeof(lesson), "%s", next);
		setup.lesson = 1;
		setup.lesson_name = lesson;
		setup.ai_view = 1;
		setup.map = NULL;
		setup.gen_w = setup.gen_h = 0;
		setup.replay = NULL;
		setup.fresh_seed = 0;
		s = session_open(&setup);
		if (!s)
			return EXIT_FAILURE;
		rc = term_play(s, next, sizeof(next));
	}
	if (session_close(s) != 0 && rc == 0)
		rc = EXIT_FAILURE;
	return rc;
}
