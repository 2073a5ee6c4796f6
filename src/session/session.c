/* session.c - making a session from its setup, and the one loop that
 * plays it. */
#include "session.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/base/file.h"
#include "campaign.h"
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

/* A seed for a game started without --seed: from the system's random
 * source, else from the clock and the process.  Kept to eight digits, to
 * be read off the status line and typed back after --seed. */
static uint64_t session_fresh_seed(void)
{
	uint64_t v = 0;
	FILE *f = fopen("/dev/urandom", "rb");

	if (!f || fread(&v, sizeof(v), 1, f) != 1) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		v = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15u ^
		    (uint64_t)ts.tv_sec ^ (uint64_t)getpid() << 32;
	}
	if (f)
		fclose(f);
	return 1 + v % 99999999u;
}

/* The game the setup describes, every problem printed: without --map or
 * --generate, the campaign's first level, the others to come by its
 * stairs (setup is the session's own copy: the campaign reads it). */
static struct game *session_game(const struct setup *setup)
{
	struct diag_list diags;
	struct data *d;
	struct game *g = NULL;
	int campaign = campaign_active(setup);

	diag_list_init(&diags, 0);
	d = campaign ? campaign_load((void *)setup, 1, setup->seed, &diags)
	             : files_load(setup, &diags);
	if (d)
		g = game_new(d, setup->seed,
		             setup->gen_w ? -1 : setup->monsters, &setup->mind,
		             &diags);
	if (g && campaign)
		game_campaign(g, campaign_levels(), campaign_load,
		              (void *)setup);
	report_diags(stderr, &diags);
	diag_list_fini(&diags);
	return g;
}

/* The recording to replay, read and checked whole, its game's options
 * into s->setup; every problem printed. */
static int session_replay_load(struct session *s)
{
	struct diag_list diags;
	int rc;

	diag_list_init(&diags, 0);
	rc = replay_load(&s->rep, s->setup.replay, &s->setup, &diags);
	report_diags(stderr, &diags);
	diag_list_fini(&diags);
	return rc;
}

/* The recording to write, through the opener: a FIFO or a device named by
 * mistake is refused at once rather than waited on. */
static int session_record_open(struct session *s)
{
	char msg[PATH_MAX + 128];
	int fd = file_create(s->setup.record, msg, sizeof(msg));

	if (fd >= 0) {
		s->rec = fdopen(fd, "w");
		if (s->rec)
			return 0;
		snprintf(msg, sizeof(msg), "cannot write '%s': %s",
		         s->setup.record, strerror(errno));
		close(fd);
	}
	fprintf(stderr, "hunted: %s\n", msg);
	return -1;
}

struct session *session_open(const struct setup *setup)
{
	struct session *s = calloc(1, sizeof(*s));

	if (!s) {
		fprintf(stderr, "hunted: out of memory\n");
		return NULL;
	}
	s->setup = *setup;
	if (setup->map == setup->map_buf)
		s->setup.map = s->setup.map_buf;
	if (s->setup.fresh_seed)
		s->setup.seed = session_fresh_seed();
	if (setup->replay && session_replay_load(s) != 0)
		goto fail;
	s->game = session_game(&s->setup);
	if (!s->game)
		goto fail;
	setup_label(&s->setup, s->game->world->data->map->name, s->label,
	            sizeof(s->label));
	if (setup->record) {
		if (session_record_open(s) != 0)
			goto fail;
		record_write_header(s->rec, &s->setup);
		fflush(s->rec);
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
	replay_fini(&s->rep);
	game_free(s->game);
	free(s);
	return rc;
}

/* The replay no longer matches its recording: why, where, and the exit
 * status that says so. */
static void session_diverge(struct session *s, enum session_divergence why,
                            int line, uint64_t want)
{
	s->diverged = why;
	s->div_line = line;
	s->div_turn = s->game->world->turn;
	s->div_want = want;
	s->div_got = game_checksum(s->game);
	s->status = EXIT_DIVERGED;
}

int session_replay_next(struct session *s, struct world_cmd *cmd)
{
	int r = replay_next(&s->rep, cmd);

	s->replayed = r == 1;
	/* Every turn played: the game must end as the end line says. */
	if (r == 0 && !s->diverged && !replay_end_matches(&s->rep, s->game))
		session_diverge(s, SESSION_DIVERGED_END, s->rep.end_line,
		                s->rep.end_sum);
	return r;
}

void session_divergence(const struct session *s, char *buf, size_t size)
{
	switch (s->diverged) {
	case SESSION_DIVERGED_TURN:
		snprintf(buf, size,
		         "%s:%d: the replay diverged at turn %u (recorded "
		         "checksum %016" PRIx64 ", got %016" PRIx64 ")",
		         s->setup.replay, s->div_line, s->div_turn, s->div_want,
		         s->div_got);
		break;
	case SESSION_DIVERGED_END:
		snprintf(buf, size,
		         "%s:%d: the replay diverged at its end, turn %u "
		         "(recorded checksum %016" PRIx64 ", got %016" PRIx64
		         ")",
		         s->setup.replay, s->div_line, s->div_turn, s->div_want,
		         s->div_got);
		break;
	case SESSION_DIVERGED_OVER:
		snprintf(buf, size,
		         "%s:%d: the replay diverged at turn %u: the game is "
		         "over, the recording goes on",
		         s->setup.replay, s->div_line, s->div_turn);
		break;
	default:
		snprintf(buf, size, "%s: the replay matches its recording",
		         s->setup.replay ? s->setup.replay : "");
		break;
	}
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
	/* A command that took no time changed nothing: it is not a turn of
	 * the recording. */
	if (s->rec && r == 1) {
		record_write_turn(s->rec, g, *cmd);
		/* In the terminal a game can end at any moment: keep the
		 * recording whole. */
		if (s->setup.mode == SETUP_PLAY)
			fflush(s->rec);
	}
	if (s->replayed && !s->diverged) {
		if (!replay_matches(&s->rep, g))
			session_diverge(s, SESSION_DIVERGED_TURN, s->rep.line,
			                s->rep.want);
		else if (g->world->state != WORLD_PLAYING &&
		         replay_left(&s->rep))
			session_diverge(s, SESSION_DIVERGED_OVER, s->rep.line,
			                s->rep.want);
	}
	s->replayed = 0;
	return r;
}

/* The end line, and no more turns: the recording is finished. */
static void session_record_end(struct session *s)
{
	if (!s->rec)
		return;
	record_write_end(s->rec, s->game);
	fflush(s->rec);
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
	/* However the loop ended, the recording is whole up to here. */
	session_record_end(s);
	for (k = 0; k < nsinks; k++)
		if (sinks[k].end)
			sinks[k].end(sinks[k].self, s);
	return s->status;
}

int session_reload(struct session *s, struct diag_list *diags,
                   struct reload_report *rep)
{
	/* A campaign's level is the one being played. */
	struct data *d =
	        s->game->levels ? campaign_load(&s->setup, s->game->depth,
	                                        game_level_seed(s->setup.seed,
	                                                        s->game->depth),
	                                        diags)
	                        : files_load(&s->setup, diags);
	struct game *g;

	if (!d)
		return -1;
	g = game_reload(s->game, d, diags, rep);
	if (!g)
		return -1;
	/* The recording stops with the game it recorded, whole. */
	session_record_end(s);
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
