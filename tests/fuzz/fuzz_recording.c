/* SPDX-License-Identifier: MIT */
/* fuzz_recording.c - libFuzzer target for replays (hunted --replay FILE),
 * end to end: any bytes, written to a file, must read without a crash, a
 * leak or undefined behaviour; a recording refused must say where; one
 * accepted must be exactly what its text says; and an accepted one is
 * replayed by the session's own loop, as hunted --headless --replay
 * does, to the same end or to a divergence at a line of the file.
 *
 * The game's data come from $HUNTED_DATA (make check sets it; set it to
 * the source tree's data/ when fuzzing).  Generated dungeons larger than
 * FUZZ_GEN_MAX cells are read but not played, to keep each input fast. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_file.h"
#include "core/world/cmd.h"
#include "core/world/gen.h"
#include "session/files.h"
#include "session/headless.h"
#include "session/replay.h"
#include "session/session.h"
#include "session/setup.h"

#define FUZZ_GEN_MAX (128 * 128)

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

/* The number of the line starting at byte at of buf. */
static int line_of(const uint8_t *buf, size_t at)
{
	size_t i;
	int n = 1;

	for (i = 0; i < at; i++)
		n += buf[i] == '\n';
	return n;
}

/* Lines in the input, a last one without '\n' included. */
static int count_lines(const uint8_t *buf, size_t len)
{
	return len ? line_of(buf, len) - (buf[len - 1] == '\n') : 0;
}

/* Only a setup the command line could have given. */
static void check_setup(const struct setup *s)
{
	if (s->map && (s->map != s->map_buf ||
	               !memchr(s->map_buf, '\0', sizeof(s->map_buf))))
		abort();
	if (s->map && s->gen_w)
		abort();
	if ((unsigned)s->mind.strategy >= MIND_STRATEGY_COUNT ||
	    s->monsters < -1 || s->monsters > DATA_MONSTERS_MAX ||
	    (s->mind.hunt != 0 && s->mind.hunt != 1) ||
	    (s->gen_w && (s->gen_w < GEN_MIN_W || s->gen_h < GEN_MIN_H ||
	                  s->gen_w > GEN_MAX_DIM || s->gen_h > GEN_MAX_DIM)) ||
	    (s->gen_w == 0) != (s->gen_h == 0))
		abort();
}

/* An accepted recording is what its text says: every turn line read in
 * order, numbered from 1, and the end line last. */
static void check_turns(const struct replay *r, const uint8_t *buf, size_t len)
{
	size_t i, n = 0, at = 0;
	int lines = count_lines(buf, len);

	if (!len || buf[len - 1] != '\n' || memchr(buf, '\0', len))
		abort();
	while (at < len) {
		const uint8_t *nl = memchr(buf + at, '\n', len - at);

		if (len - at > 5 && !memcmp(buf + at, "turn ", 5)) {
			if (n >= r->nturns ||
			    r->turns[n].line != line_of(buf, at))
				abort();
			n++;
		}
		at = (size_t)(nl - buf) + 1;
	}
	if (n != r->nturns || r->end_line != lines || r->next != 0)
		abort();
	for (i = 0; i < r->nturns; i++) {
		char letters[CMD_LETTERS_MAX + 1];

		if (cmd_format(r->turns[i].cmd, letters) == 0 ||
		    (i && r->turns[i].line <= r->turns[i - 1].line))
			abort();
	}
	if (r->nturns && r->end_sum != r->turns[r->nturns - 1].sum)
		abort();
}

/* The session hunted --headless --replay makes, without its printing:
 * the game the header describes, played by the session's loop from the
 * recording's turns. */
static void play(struct setup *setup, struct replay *rep, int lines)
{
	struct diag_list diags;
	struct session s;
	struct session_source src;
	struct headless h;
	struct data *d;
	int rc;

	if ((long)setup->gen_w * setup->gen_h > FUZZ_GEN_MAX)
		return;
	memset(&s, 0, sizeof(s));
	s.setup = *setup;
	if (setup->map == setup->map_buf)
		s.setup.map = s.setup.map_buf;
	diag_list_init(&diags, 0);
	d = files_load(&s.setup, &diags);
	if (d)
		s.game = game_new(d, s.setup.seed,
		                  s.setup.gen_w ? -1 : s.setup.monsters,
		                  &s.setup.mind, &diags);
	if (!s.game) {
		if (!diags.len)
			abort();
		diag_list_fini(&diags);
		return;
	}
	diag_list_fini(&diags);
	s.rep = *rep;
	memset(rep, 0, sizeof(*rep));
	if (headless_source(&h, &s, stdout, &src) != 0)
		abort();
	rc = session_run(&s, &src, NULL, 0);
	if (rc != 0 && rc != EXIT_DIVERGED)
		abort();
	/* A replay that matched played every turn and ended as the end
	 * line says; one that did not stopped at a line of the file. */
	if (rc == 0 && (s.diverged || replay_left(&s.rep) ||
	                !replay_end_matches(&s.rep, s.game)))
		abort();
	if (rc == EXIT_DIVERGED &&
	    (!s.diverged || s.div_line < 1 || s.div_line > lines))
		abort();
	headless_fini(&h);
	replay_fini(&s.rep);
	game_free(s.game);
}

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	struct diag_list diags;
	struct setup setup;
	struct replay rep;
	char path[4096];
	int lines = count_lines(buf, len);

	if (fuzz_tmp_write(path, sizeof(path), "fuzz-recording", buf, len) != 0)
		return 0;
	setup_init(&setup);
	setup.mode = SETUP_HEADLESS;
	setup.replay = path;
	setup.data_dir = getenv("HUNTED_DATA");
	diag_list_init(&diags, 0);
	if (replay_load(&rep, path, &setup, &diags) != 0) {
		const struct diag *x = diags.items;

		/* One problem, of this file, at one of its lines or the
		 * whole of it. */
		if (diags.len != 1 || strcmp(x->file, path) || !x->message ||
		    !*x->message || x->line < 0 || x->line > lines ||
		    x->col != 0 || rep.turns || rep.nturns || rep.path)
			abort();
	} else {
		if (diags.len || rep.path != path)
			abort();
		check_setup(&setup);
		check_turns(&rep, buf, len);
		play(&setup, &rep, lines);
	}
	replay_fini(&rep);
	diag_list_fini(&diags);
	unlink(path);
	return 0;
}
