/* SPDX-License-Identifier: MIT */
/* main.c - hunted's command line: reads the options with the one table
 * (session/setup.c) over the player's options file (session/options.c)
 * and the key map (ui/keymap.c), picks the front end (the terminal,
 * headless play, or --check) and runs the session.  Usage mistakes
 * print the usage on stderr and exit 2; data-file problems are printed
 * as FILE:LINE:COL diagnostics before the terminal is ever touched, and
 * exit 1; a mistake in the player's own files is printed the same way,
 * and the game goes on with the defaults. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/base/i18n.h"
#include "session/files.h"
#include "session/headless.h"
#include "session/options.h"
#include "session/outputs.h"
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

		struct data *d = NULL;

		diag_list_init(&diags, 0);
		if (files_check(path, setup, &d, &diags) != 0)
			bad = 1;
		report_diags(stderr, &diags);
		if (!diags.errors && diags.warnings)
			printf("%s: ok, %zu warning%s\n", path, diags.warnings,
			       diags.warnings == 1 ? "" : "s");
		else if (!diags.errors)
			printf("%s: ok\n", path);
		if (d)
			files_origins(d, setup, stdout);
		data_free(d);
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

/* Like GNU tools: what was printed but could not be written (a full
 * disk, /dev/full, a closed pipe's EIO) is an error, found by the final
 * flush and close of stdout, never lost with exit 0.  A write that failed
 * earlier left its reason in errno, which nothing after it has changed
 * when the program's last words went to stdout. */
static int stdout_close(int rc)
{
	int err = ferror(stdout) ? errno : 0, bad = ferror(stdout);

	if (fflush(stdout) != 0) {
		err = errno;
		bad = 1;
	}
	if (fclose(stdout) != 0 && !bad) {
		err = errno;
		bad = 1;
	}
	if (!bad)
		return rc;
	if (err)
		fprintf(stderr, _("hunted: write error: %s\n"), strerror(err));
	else
		fprintf(stderr, "%s", _("hunted: write error\n"));
	return EXIT_FAILURE;
}

/* The command line over the player's options file, for a game; the
 * file's mistakes said on stderr, and then the game goes on without it.
 * Returns what setup_parse returns. */
static int read_setup(struct setup *setup, struct options *opts, int argc,
                      char **argv)
{
	struct diag_list diags;
	char path[PATH_MAX];
	int rc;

	setup_init(setup);
	rc = setup_parse(setup, argc, argv);
	if (rc != 0 ||
	    (setup->mode != SETUP_PLAY && setup->mode != SETUP_HEADLESS) ||
	    options_path(OPTIONS_FILE, path, sizeof(path)) != 0)
		return rc;
	diag_list_init(&diags, 0);
	if (options_read(opts, path, &diags) != 0) {
		report_diags(stderr, &diags);
		fprintf(stderr,
		        _("hunted: %s has mistakes: the game starts "
		          "without it\n"),
		        path);
	}
	diag_list_fini(&diags);
	if (!opts->n)
		return 0;
	return setup_parse_defaults(setup, opts->d, opts->n, argc, argv);
}

/* The key map: --keymap's (a name of DIR/keymaps, or a file), else the
 * player's keys.txt when there is one.  Its mistakes are said on stderr,
 * and the keys stay the default ones. */
static void read_keymap(const struct setup *setup)
{
	struct diag_list diags;
	char path[2 * PATH_MAX];

	if (files_keymap_path(setup, path, sizeof(path)) != 0)
		return;
	diag_list_init(&diags, 0);
	if (keymap_load(path, &diags) != 0) {
		report_diags(stderr, &diags);
		fprintf(stderr,
		        _("hunted: %s has mistakes: the keys are the "
		          "default ones\n"),
		        path);
	}
	diag_list_fini(&diags);
}

/* What the command line asks for. */
static int run(const struct setup *setup)
{
	struct session *s;
	struct setup ls; /* the setup of a lesson picked in the game */
	char lesson[64] = "", next[64] = "";
	int rc;

	switch (setup->mode) {
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
		return check_files(setup);
	case SETUP_LESSONS:
		return files_list_lessons(setup, stdout) == 0 ? EXIT_SUCCESS
		                                              : EXIT_FAILURE;
	default:
		break;
	}
	rc = outputs_check(setup);
	if (rc != 0)
		return rc;
	s = session_open(setup);
	if (!s)
		return EXIT_FAILURE;
	/* The terminal game looks for its save once its terminal is open
	 * (term_play): a start that cannot draw leaves the save as it is. */
	if (setup->mode == SETUP_HEADLESS)
		session_resume(s);
	rc = setup->mode == SETUP_HEADLESS ? play_headless(s)
	                                   : term_play(s, next, sizeof(next));
	/* A lesson picked in the game's lesson menu: the game was saved, and
	 * the lesson starts as hunted --lesson NAME would. */
	while (setup->mode != SETUP_HEADLESS && rc == 0 && next[0]) {
		if (session_close(s) != 0)
			return EXIT_FAILURE;
		snprintf(lesson, sizeof(lesson), "%s", next);
		ls = *setup;
		ls.lesson = 1;
		ls.lesson_name = lesson;
		ls.ai_view = 1;
		ls.map = NULL;
		ls.gen_w = ls.gen_h = 0;
		ls.replay = NULL;
		ls.watch = 0;
		ls.fresh_seed = 0;
		s = session_open(&ls);
		if (!s)
			return EXIT_FAILURE;
		rc = term_play(s, next, sizeof(next));
	}
	if (session_close(s) != 0 && rc == 0)
		rc = EXIT_FAILURE;
	return rc;
}

/* The translations: the build tree's when run from it (so ./src/hunted
 * speaks the player's language before make install), else the installed
 * ones; always as UTF-8, which the screen lays out whatever the
 * locale's character set. */
static void i18n_bind(void)
{
#if ENABLE_NLS
	char dir[PATH_MAX];

	if (files_locale_dir(dir, sizeof(dir)) < 0)
		return;
	bindtextdomain(PACKAGE, dir);
	bind_textdomain_codeset(PACKAGE, "UTF-8");
#endif
}

int main(int argc, char **argv)
{
	struct setup setup;
	struct options opts = {0};
	int rc;

	/* The user's language and character set; numbers stay as C writes
	 * them, for the files hunted writes are read back anywhere. */
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	i18n_bind();
	rc = read_setup(&setup, &opts, argc, argv);
	if (rc != 0) {
		options_fini(&opts);
		return stdout_close(rc);
	}
	i18n_language(setup.language, sizeof(setup.language));
	if (setup.no_color)
		setenv("NO_COLOR", "1", 1);
	if (setup.mode == SETUP_PLAY || setup.mode == SETUP_LIST_KEYS)
		read_keymap(&setup);
	rc = run(&setup);
	options_fini(&opts);
	return stdout_close(rc);
}
