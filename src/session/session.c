/* session.c - making a session from its setup, and the one loop that
 * plays it. */
#include "session.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "files.h"
#include "record.h"
#include "report.h"

/* Turns a headless game plays unless --turns says otherwise. */
#define SESSION_TURNS 1000

static uint64_t session_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The game the setup describes, every problem printed. */
static struct game *session_game(const struct setup *setup)
{
	struct diag_list diags;
	struct data *d;
	struct game *g = NULL;

	diag_list_init(&diags, 0);
	d = files_load(setup, &diags);
	if (d)
		g = game_new(d, setup->seed,
		             setup->gen_w ? -1 : setup->monsters, &setup->mind,
		             &diags);
	report_diags(stderr, &diags);
	diag_list_fini(&diags);
	return g;
}

struct session *session_open(const struct setup *setup)
{
	struct session *s = calloc(1, sizeof(*s));
	char err[512];

	if (!s) {
		fprintf(stderr, "hunted: out of memory\n");
		return NULL;
	}
	s->setup = *setup;
	if (setup->map == setup->map_buf)
		s->setup.map = s->setup.map_buf;
	if (setup->replay && replay_read_setup(setup->replay, &s->setup, err,
	                                       sizeof(err)) != 0) {
		fprintf(stderr, "hunted: %s\n", err);
		goto fail;
	}
	s->game = session_game(&s->setup);
	if (!s->game)
		goto fail;
	setup_label(&s->setup, s->game->world->data->map->name, s->label,
	            sizeof(s->label));
	if (setup->record) {
		s->rec = fopen(setup->record, "w");
		if (!s->rec) {
			fprintf(stderr, "hunted: cannot write '%s': %s\n",
			        setup->record, strerror(errno));
			goto fail;
		}
		record_write_header(s->rec, &s->setup);
		fflush(s->rec);
	}
	if (setup->replay &&
	    replay_open(&s->rep, setup->replay, err, sizeof(err)) != 0) {
		fprintf(stderr, "hunted: %s\n", err);
		goto fail;
	}
	return s;
fail:
	session_close(s);
	return NULL;
}

int session_close(struct session *s)
{
	int rc = 0;

	if (!s)
		return 0;
	if (s->rec && fclose(s->rec) != 0) {
		fprintf(stderr, "hunted: cannot write '%s'\n", s->setup.record);
		rc = -1;
	}
	replay_close(&s->rep);
	game_free(s->game);
	free(s);
	return rc;
}

int session_replay_next(struct session *s, struct world_cmd *cmd)
{
	int r = replay_next(&s->rep, cmd);

	s->replayed = r == 1;
	return r;
}

/* One command: the player's, the monsters' tick when time passed, the
 * recording, the replay's check.  Returns what game_player_act said. */
static int session_play(struct session *s, struct world_cmd *cmd, int no_stall)
{
	struct game *g = s->game;
	int r = game_player_act(g, *cmd);

	if (r == 0 && no_stall) {
		cmd->kind = WCMD_WAIT;
		r = game_player_act(g, *cmd);
	}
	if (r == 1) {
		uint64_t t0 = session_now_ns();

		game_monsters_act(g);
		timing_add(&s->times, session_now_ns() - t0);
	}
	if (s->rec && r >= 0) {
		record_write_turn(s->rec, g, *cmd);
		/* In the terminal a game can end at any moment: keep the
		 * recording whole. */
		if (s->setup.mode == SETUP_PLAY)
			fflush(s->rec);
	}
	if (s->replayed && !replay_matches(&s->rep, g)) {
		s->diverged = 1;
		s->div_line = s->rep.line;
		s->div_turn = g->world->turn;
		s->div_want = s->rep.want;
		s->div_got = game_checksum(g);
		s->status = EXIT_DIVERGED;
	}
	s->replayed = 0;
	return r;
}

int session_run(struct session *s, struct session_source *src,
                struct session_sink *sinks, size_t nsinks)
{
	long limit = s->setup.turns, done = 0;
	size_t k;

	if (limit <= 0)
		limit = s->setup.mode == SETUP_HEADLESS && !s->setup.replay
		                ? SESSION_TURNS
		                : LONG_MAX;
	while (done < limit) {
		struct world_cmd cmd;
		int r;

		if (!src->after_end &&
		    (s->game->world->state != WORLD_PLAYING || s->diverged))
			break;
		if (src->next(src->self, s, &cmd) != SOURCE_CMD)
			break;
		r = session_play(s, &cmd, src->no_stall);
		if (r == 1)
			done++;
		for (k = 0; k < nsinks; k++)
			if (sinks[k].turn)
				sinks[k].turn(sinks[k].self, s, cmd, r == 1);
	}
	for (k = 0; k < nsinks; k++)
		if (sinks[k].end)
			sinks[k].end(sinks[k].self, s);
	return s->status;
}

int session_reload(struct session *s, struct diag_list *diags,
                   struct reload_report *rep)
{
	struct data *d = files_load(&s->setup, diags);
	struct game *g;

	if (!d)
		return -1;
	g = game_reload(s->game, d, diags, rep);
	if (!g)
		return -1;
	game_free(s->game);
	s->game = g;
	if (s->rec) {
		fclose(s->rec);
		s->rec = NULL;
	}
	return 0;
}

uint64_t session_median_ns(const struct session *s)
{
	return timing_quantile(&s->times, 0.5);
}
