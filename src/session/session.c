/* SPDX-License-Identifier: MIT */
/* session.c - making a session from its setup, and the one loop that
 * plays it. */
#include "config.h"

#include "session.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/base/file.h"
#include "core/base/i18n.h"
#include "campaign.h"
#include "fault.h"
#include "files.h"
#include "morgue.h"
#include "record.h"
#include "report.h"
#include "save.h"
#include "userdir.h"

/* Turns a headless game plays unless --turns says otherwise. */
#define SESSION_TURNS 1000

/* How often the save on disk is brought up to date: on turn 2, on every
 * new level, and every SESSION_SAVE_EVERY turns; for a long game every
 * eighth of its length, so that writing it stays a small part of the
 * time played.  A crash costs at most the turns since. */
#define SESSION_SAVE_EVERY 100
#define SESSION_SAVE_LONG  8000

/* The data the game plays on now, and the checksum of its files. */
static void session_note_data(struct session *s)
{
	s->data_now = s->game->world->data;
	s->data_sum = files_data_sum(s->data_now);
}

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
static struct game *session_game(const struct setup *setup, int quiet)
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
		game_campaign(g, campaign_levels(setup), campaign_load,
		              (void *)setup);
	/* Said once, when the game was first made. */
	if (!quiet)
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

/* Something to tell the player as the game starts, kept for the game
 * screen; headless play says it on stderr at once (unless quiet: said
 * already). */
__attribute__((format(printf, 3, 0))) static void
session_vnews(struct session *s, int quiet, const char *fmt, va_list ap)
{
	char *n;

	if (s->nnews == sizeof(s->news) / sizeof(s->news[0]))
		return;
	n = s->news[s->nnews++];
	vsnprintf(n, SESSION_NOTE_MAX, fmt, ap);
	if (!quiet && s->setup.mode == SETUP_HEADLESS)
		fprintf(stderr, "hunted: %s\n", n);
}

__attribute__((format(printf, 2, 3))) static void
session_news(struct session *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	session_vnews(s, 0, fmt, ap);
	va_end(ap);
}

__attribute__((format(printf, 2, 3))) static void
session_news_quiet(struct session *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	session_vnews(s, 1, fmt, ap);
	va_end(ap);
}

/* Where this session saves, and whether its end is kept: the terminal
 * game saves to the player's folder (or --save) and keeps every end;
 * headless play saves only with --save and keeps its end with --morgue;
 * a replay and a lesson do neither. */
static void session_keeping(struct session *s)
{
	const struct setup *st = &s->setup;
	char err[PATH_MAX + 128], path[PATH_MAX];
	int n;

	s->records.rank = -1;
	/* A watched game is kept once the player takes it over. */
	if (st->replay || st->lesson || st->watch)
		return;
	if ((st->mode == SETUP_PLAY || st->morgue) &&
	    userdir_file(USERDIR_SCORES, path, sizeof(path), err,
	                 sizeof(err)) == 0) {
		/* Results of games that ended when the list could not be
		 * locked. */
		n = scores_merge(path, err, sizeof(err));
		if (n > 0)
			session_news(s,
			             "%d result%s kept aside %s now in the "
			             "high scores.",
			             n, n == 1 ? "" : "s",
			             n == 1 ? "is" : "are");
		else if (n < 0)
			session_news(s,
			             _("Results kept aside could not be added "
			               "to the high scores: %s."),
			             err);
	}
	if (st->mode == SETUP_PLAY) {
		s->keep_records = 1;
		if (st->save)
			snprintf(s->save_path, sizeof(s->save_path), "%s",
			         st->save);
		else if (userdir_file(USERDIR_SAVE, s->save_path,
		                      sizeof(s->save_path), err,
		                      sizeof(err)) != 0) {
			s->save_path[0] = '\0';
			session_news(s, _("This game cannot be saved: %s."),
			             err);
		}
	} else if (st->mode == SETUP_HEADLESS) {
		s->keep_records = st->morgue;
		if (st->save) {
			snprintf(s->save_path, sizeof(s->save_path), "%s",
			         st->save);
			s->save_at_end = 1;
		}
	}
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
	s->game = session_game(&s->setup, 0);
	if (!s->game)
		goto fail;
	setup_label(&s->setup, s->game->world->data->map->name, s->label,
	            sizeof(s->label));
	ending_notes_init(&s->notes);
	session_note_data(s);
	s->start_sum = game_checksum(s->game);
	session_keeping(s);
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
	char msg[PATH_MAX + 128];
	int rc = 0;

	if (!s)
		return 0;
	if (s->rec && file_close_written(s->rec, 0, s->setup.record, msg,
	                                 sizeof(msg)) != 0) {
		fprintf(stderr, "hunted: %s\n", msg);
		rc = -1;
	}
	replay_fini(&s->rep);
	game_free(s->game);
	free(s->hist);
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

unsigned session_depth(const struct session *s)
{
	return s->game->depth > 0 ? (unsigned)s->game->depth : 1;
}

static int session_write_save(struct session *s, char *err, size_t size);
static int session_write_to(struct session *s, const char *path, char *err,
                            size_t size);
static void session_autosave(struct session *s, int now);

void session_unsaveable(struct session *s, const char *why)
{
	if (s->unsaveable)
		return;
	s->unsaveable = why;
	/* The save keeps its turns so far, and from now on the result as it
	 * stands: should the game be lost, the next start records it. */
	session_autosave(s, 1);
}

/* The save on disk brought up to date when it is due (the cadence is
 * at SESSION_SAVE_EVERY), or now.  A failure is said once; play goes
 * on. */
static void session_autosave(struct session *s, int now)
{
	char err[PATH_MAX + 400];
	uint32_t turn = s->game->world->turn;
	uint32_t every =
	        turn / 8 > SESSION_SAVE_EVERY && turn > SESSION_SAVE_LONG
	                ? turn / 8
	                : SESSION_SAVE_EVERY;
	int new_level = s->game->world->data != s->data_now;
	struct stat st;

	if (new_level)
		session_note_data(s);
	if (!s->save_path[0] || s->rebuilding ||
	    s->leave != SESSION_LEAVE_NONE ||
	    s->game->world->state != WORLD_PLAYING || turn < 2)
		return;
	if (!now && !new_level && turn != 2 && turn - s->saved_turn < every)
		return;
	/* Another game's save waiting there is left alone until the
	 * player saves this one: this game is kept beside it. */
	if (!s->save_ours && lstat(s->save_path, &st) == 0) {
		if (!s->side_path[0])
			snprintf(s->side_path, sizeof(s->side_path),
			         "%s.also-%ld", s->save_path, (long)getpid());
		if (session_write_to(s, s->side_path, err, sizeof(err)) != 0 &&
		    !s->autosave_said) {
			s->autosave_said = 1;
			session_news(
			        s, _("The game could not be kept on disk: %s."),
			        err);
		}
		return;
	}
	if (session_write_save(s, err, sizeof(err)) != 0 && !s->autosave_said) {
		s->autosave_said = 1;
		session_news(s, _("The game could not be kept on disk: %s."),
		             err);
	}
}

/* Keeps the turn just played for the save. */
static void session_keep_turn(struct session *s, struct world_cmd cmd,
                              uint64_t sum)
{
	if (!s->save_path[0] || s->unsaveable)
		return;
	if (s->nhist == s->hist_cap) {
		size_t cap = s->hist_cap ? 2 * s->hist_cap : 256;
		struct save_turn *h = realloc(s->hist, cap * sizeof(*h));

		if (!h) {
			session_unsaveable(s, _("out of memory"));
			return;
		}
		s->hist = h;
		s->hist_cap = cap;
	}
	s->hist[s->nhist].cmd = cmd;
	s->hist[s->nhist].sum = sum;
	s->nhist++;
}

__attribute__((format(printf, 2, 3))) static void
session_records_problem(struct session *s, const char *fmt, ...)
{
	struct session_records *r = &s->records;
	va_list ap;

	if (r->nproblems == sizeof(r->problems) / sizeof(r->problems[0]))
		return;
	va_start(ap, fmt);
	vsnprintf(r->problems[r->nproblems++], SESSION_NOTE_MAX, fmt, ap);
	va_end(ap);
}

void session_where(const struct session *s, char *buf, size_t size)
{
	if (s->game->levels)
		campaign_label(&s->setup, s->game->depth, buf, size);
	else
		snprintf(buf, size, "%s", s->label);
}

/* The ended game in the high scores and in a morgue file.  A file that
 * cannot be written is said (s->records.problems), and the game's end
 * stands as it is.  Returns whether the result is in one of them. */
static int session_write_records(struct session *s)
{
	struct session_records *r = &s->records;
	char err[PATH_MAX + 400], note[SESSION_NOTE_MAX], where[64];
	struct morgue_game m;
	struct score_entry e;
	time_t now = time(NULL);
	struct tm tm;
	size_t i;
	int kept = 0;

	memset(&e, 0, sizeof(e));
	e.score = s->end.score;
	if (!localtime_r(&now, &tm) ||
	    !strftime(e.date, sizeof(e.date), "%Y-%m-%d", &tm))
		snprintf(e.date, sizeof(e.date), "1970-01-01");
	/* The seed the status line shows, and the level the game ended
	 * on (in a campaign, not the first). */
	e.seed = s->game->seed;
	e.level = s->end.level;
	e.turns = s->end.turns;
	e.kills = s->end.kills;
	session_where(s, where, sizeof(where));
	scores_word(where, e.dungeon, sizeof(e.dungeon));
	ending_record(&s->end, e.text, sizeof(e.text));
	for (i = 0; e.text[i]; i++)
		if ((unsigned char)e.text[i] < 0x20 ||
		    (unsigned char)e.text[i] >= 0x7f)
			e.text[i] = '?';
	r->list.n = 0;
	r->rank = -1;
	if (userdir_file(USERDIR_SCORES, r->scores, sizeof(r->scores), err,
	                 sizeof(err)) != 0) {
		r->scores[0] = '\0';
		r->rank = scores_add(&r->list, &e);
		session_records_problem(s,
		                        _("No high scores and no morgue file: "
		                          "%s."),
		                        err);
		return 0;
	}
	fault_gate("records");
	if (scores_record(r->scores, &e, &r->list, &r->rank, note, sizeof(note),
	                  err, sizeof(err)) != 0)
		session_records_problem(s,
		                        _("The high scores were not written: "
		                          "%s."),
		                        err);
	else
		kept = 1;
	if (*note)
		session_records_problem(s, "%s.", note);
	m.world = s->game->world;
	m.end = &s->end;
	m.notes = &s->notes;
	m.setup = &s->setup;
	m.label = where;
	m.seed = s->game->seed;
	m.level = s->game->levels ? s->game->depth : 0;
	m.unsaveable = s->unsaveable;
	m.rank = r->rank;
	m.nscores = r->list.n;
	m.scores = r->scores;
	if (morgue_write(&m, r->morgue, sizeof(r->morgue), err, sizeof(err)) !=
	    0) {
		r->morgue[0] = '\0';
		session_records_problem(s, _("No morgue file: %s."), err);
	} else {
		kept = 1;
	}
	return kept;
}

/* The game kept beside another's save is in the save, or recorded. */
static void session_drop_side(struct session *s)
{
	if (s->side_path[0])
		unlink(s->side_path);
	s->side_path[0] = '\0';
}

/* The game has ended (how: ENDING_QUIT, or ENDING_PLAYING for the
 * world's own end, killed or escaped): said once, and kept. */
static void session_finish(struct session *s, enum ending_how how)
{
	if (s->end.how != ENDING_PLAYING)
		return;
	ending_make(&s->end, s->game->world, &s->notes, session_depth(s), how);
	if (s->keep_records && !session_write_records(s) &&
	    ((s->save_ours && s->save_path[0]) || s->side_path[0])) {
		/* The result is nowhere: the save keeps the game, and the
		 * next start plays it again to its end. */
		session_records_problem(s,
		                        _("The save is kept: the next start of "
		                          "hunted resumes it."));
		return;
	}
	/* The result is kept: the save of the game has done its work. */
	if (s->save_ours && s->save_path[0] && unlink(s->save_path) == 0)
		s->save_ours = 0;
	session_drop_side(s);
}

void session_ending(const struct session *s, struct ending *e)
{
	if (s->end.how != ENDING_PLAYING)
		*e = s->end;
	else
		ending_make(e, s->game->world, &s->notes, session_depth(s),
		            ENDING_PLAYING);
}

static void session_record_end(struct session *s);

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
		ending_note_turn(&s->notes, g->world);
		session_keep_turn(s, *cmd, game_checksum(g));
		session_autosave(s, 0);
		fault_point("turn");
	}
	/* A command that took no time changed nothing: it is not a turn of
	 * the recording, nor is one played after its end line. */
	if (s->rec && !s->rec_over && r == 1) {
		record_write_turn(s->rec, g, *cmd);
		/* In the terminal a game can end at any moment: keep the
		 * recording whole. */
		if (s->setup.mode == SETUP_PLAY)
			fflush(s->rec);
		/* A recording stops, whole, at the longest hunted reads
		 * back. */
		if (g->world->turn >= fault_turns_max(REPLAY_TURNS_MAX))
			session_record_end(s);
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
	if (g->world->state != WORLD_PLAYING)
		session_finish(s, ENDING_PLAYING);
	return r;
}

/* The end line, and no more turns: the recording is finished. */
static void session_record_end(struct session *s)
{
	if (!s->rec || s->rec_over)
		return;
	record_write_end(s->rec, s->game);
	fflush(s->rec);
	s->rec_over = 1;
}

int session_play_cmd(struct session *s, struct world_cmd cmd)
{
	return session_play(s, &cmd, 0);
}

/* The one loop: commands from src, each played and given to every sink,
 * until the source has no more, the game is over or a replay diverged
 * (unless the source wants commands after the end), or limit turns have
 * passed. */
static void session_loop(struct session *s, struct session_source *src,
                         struct session_sink *sinks, size_t nsinks, long limit)
{
	long done = 0;
	size_t k;

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
}

int session_run(struct session *s, struct session_source *src,
                struct session_sink *sinks, size_t nsinks)
{
	long limit = s->setup.turns;
	size_t k;

	if (limit <= 0)
		limit = s->setup.mode == SETUP_HEADLESS && !s->setup.replay
		                ? SESSION_TURNS
		                : LONG_MAX;
	session_loop(s, src, sinks, nsinks, limit);
	/* However the loop ended, the recording is whole up to here. */
	session_record_end(s);
	if (!s->diverged && s->game->world->state == WORLD_PLAYING) {
		char err[PATH_MAX + 400];

		/* Quit, or stopped by a signal when it could not be saved:
		 * the game is recorded. */
		if (s->leave == SESSION_LEAVE_QUIT)
			session_finish(s, ENDING_QUIT);
		else if (s->status == 0 && s->leave == SESSION_LEAVE_NONE &&
		         s->save_at_end &&
		         session_save(s, err, sizeof(err)) != 0) {
			/* The game's result is still said; the exit status
			 * says the save failed. */
			fprintf(stderr, "hunted: the game was not saved: %s\n",
			        err);
			s->save_failed = 1;
		}
	}
	for (k = 0; k < nsinks; k++)
		if (sinks[k].end)
			sinks[k].end(sinks[k].self, s);
	return s->status;
}

/* The game made again and played by cmds, quietly (session_rewind). */
static int session_replay_cmds(struct session *s, const struct world_cmd *cmds,
                               size_t n)
{
	struct game *g = session_game(&s->setup, 1);
	size_t i;

	if (!g)
		return -1;
	game_free(s->game);
	s->game = g;
	s->start_sum = game_checksum(g); /* another seed: another game */
	ending_notes_init(&s->notes);
	memset(&s->end, 0, sizeof(s->end));
	s->nhist = 0;
	for (i = 0; i < n && g->world->state == WORLD_PLAYING; i++) {
		if (game_player_act(g, cmds[i]) != 1)
			continue;
		game_monsters_act(g);
		ending_note_turn(&s->notes, g->world);
		session_keep_turn(s, cmds[i], game_checksum(g));
	}
	session_note_data(s);
	if (g->world->state != WORLD_PLAYING)
		session_finish(s, ENDING_PLAYING);
	return 0;
}

int session_rewind(struct session *s, const struct world_cmd *cmds, size_t n)
{
	/* The recording is whole up to the turn left: it ends there. */
	session_record_end(s);
	return session_replay_cmds(s, cmds, n);
}

int session_take_over(struct session *s, const struct world_cmd *cmds, size_t n)
{
	s->setup.watch = 0;
	session_keeping(s);
	/* Played again for the save, which keeps every turn: the same
	 * game, which the recording goes on with. */
	return session_replay_cmds(s, cmds, n);
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
	/* The same bytes as the game's: nothing to reload, and the save
	 * still replays the game. */
	if (files_data_sum(d) == s->data_sum) {
		data_free(d);
		memset(rep, 0, sizeof(*rep));
		rep->kept = s->game->world->nmonsters;
		fault_point("reload");
		return 1;
	}
	g = game_reload(s->game, d, diags, rep);
	if (!g)
		return -1;
	/* The recording stops with the game it recorded, whole; a save,
	 * which replays the game from its start, can no longer be made. */
	session_record_end(s);
	game_free(s->game);
	s->game = g;
	if (s->rec) {
		fclose(s->rec);
		s->rec = NULL;
	}
	session_unsaveable(s, _("the data files changed during the game"));
	fault_point("reload");
	return 0;
}

uint64_t session_median_ns(const struct session *s)
{
	return timing_quantile(&s->times, 0.5);
}

/* ---- saving and resuming --------------------------------------------------
 */

/* Writes the save of the game as it is now: a save of another game in
 * the way is moved aside first (and said), never written over. */
static int session_write_save(struct session *s, char *err, size_t size)
{
	char moved[PATH_MAX + 64], merr[PATH_MAX + 128];
	struct stat st;

	if (!s->save_ours && lstat(s->save_path, &st) == 0) {
		if (userdir_move_aside(s->save_path, "old", moved,
		                       sizeof(moved), merr,
		                       sizeof(merr)) != 0) {
			snprintf(err, size, "another save is in the way: %s",
			         merr);
			return -1;
		}
		snprintf(s->save_note, sizeof(s->save_note),
		         "The save that was there is now %s.", moved);
		if (s->setup.mode == SETUP_PLAY)
			session_news(s, "%s", s->save_note);
	}
	if (session_write_to(s, s->save_path, err, size) != 0)
		return -1;
	s->save_ours = 1;
	s->saved_turn = s->game->world->turn;
	/* The game is in the save: what kept it beside is done with. */
	session_drop_side(s);
	return 0;
}

/* Writes the game as it is now to path. */
static int session_write_to(struct session *s, const char *path, char *err,
                            size_t size)
{
	char result[256], where[64], word[64];
	struct ending e;

	session_ending(s, &e);
	session_where(s, where, sizeof(where));
	scores_word(where, word, sizeof(word));
	snprintf(result, sizeof(result), "%ld %u %u %u %" PRIu64 " %s", e.score,
	         e.level, e.turns, e.kills, s->game->seed, word);
	/* The turns kept: all of them, or those before the game became
	 * unsaveable. */
	if (save_write(&s->setup, s->hist, s->nhist, s->start_sum,
	               s->nhist ? s->hist[s->nhist - 1].sum : s->start_sum,
	               result, path, err, size) != 0)
		return -1;
	s->saved_turn = s->game->world->turn;
	return 0;
}

int session_save(struct session *s, char *err, size_t size)
{
	const struct world *w = s->game->world;

	if (!s->save_path[0]) {
		snprintf(err, size, "%s",
		         s->nnews ? s->news[0] : "this game is not saved");
		return -1;
	}
	if (s->unsaveable) {
		snprintf(err, size, "this game can no longer be saved: %s",
		         s->unsaveable);
		return -1;
	}
	if (w->state != WORLD_PLAYING) {
		snprintf(err, size, "the game is over");
		return -1;
	}
	if (session_write_save(s, err, size) != 0)
		return -1;
	s->leave = SESSION_LEAVE_SAVE;
	ending_make(&s->end, w, &s->notes, session_depth(s), ENDING_SAVED);
	return 0;
}

/* The options that make a game, cleared to what a save's header starts
 * from (every one of them is in the header). */
static void session_clear_game(struct setup *st)
{
	st->map = NULL;
	st->gen_w = st->gen_h = 0;
	st->gen_cave = 0;
	st->seed = 1;
	st->fresh_seed = 0;
	st->monsters = -1;
	mind_options_default(&st->mind);
}

/* A save that cannot be resumed (at moved) still has its game's result
 * as it stood when it was last written: that goes into the high scores,
 * so that the game is never lost without a trace.  Said in the news. */
static void session_record_refused(struct session *s, const char *moved)
{
	char result[256], path[PATH_MAX], err[PATH_MAX + 400];
	char note[SESSION_NOTE_MAX];
	struct score_entry e;
	unsigned long long seed;
	time_t now = time(NULL);
	struct tm tm;
	int rank;

	if (!s->keep_records || !save_result(moved, result, sizeof(result)))
		return;
	memset(&e, 0, sizeof(e));
	if (sscanf(result, "%ld %u %u %u %llu %63s", &e.score, &e.level,
	           &e.turns, &e.kills, &seed, e.dungeon) != 6)
		return;
	e.seed = seed;
	if (!localtime_r(&now, &tm) ||
	    !strftime(e.date, sizeof(e.date), "%Y-%m-%d", &tm))
		snprintf(e.date, sizeof(e.date), "1970-01-01");
	snprintf(e.text, sizeof(e.text),
	         "Lost on level %u, turn %u: the save could not be resumed.",
	         e.level, e.turns);
	if (userdir_file(USERDIR_SCORES, path, sizeof(path), err,
	                 sizeof(err)) != 0 ||
	    scores_record(path, &e, &s->records.list, &rank, note, sizeof(note),
	                  err, sizeof(err)) != 0) {
		session_news(s, _("Its game could not be recorded: %s."), err);
		return;
	}
	session_news(s,
	             _("Its game, up to turn %u, is in the high scores (score "
	               "%ld)."),
	             e.turns, e.score);
}

/* The save could not be resumed: what is wrong (in diags, FILE:LINE:
 * error: MESSAGE on stderr when headless) for the player, and the save
 * moved aside. */
static void session_save_refused(struct session *s, struct diag_list *diags)
{
	char where[PATH_MAX + 32], moved[PATH_MAX + 64], err[PATH_MAX + 128];
	const struct diag *d = diags->len ? &diags->items[0] : NULL;

	if (s->setup.mode == SETUP_HEADLESS)
		report_diags(stderr, diags);
	if (d) {
		diag_where(d, where, sizeof(where));
		session_news_quiet(s, "%s: %s", where, d->message);
	}
	if (userdir_move_aside(s->save_path, "bad", moved, sizeof(moved), err,
	                       sizeof(err)) == 0) {
		session_news(s,
		             _("The save could not be resumed: it is now %s. A "
		               "new game begins."),
		             moved);
		session_record_refused(s, moved);
	} else
		session_news(s,
		             _("The save could not be resumed, nor moved aside "
		               "(%s). A new game begins."),
		             err);
}

/* A save being resumed, played through the one loop: its turns are the
 * source, and a sink checks each turn played against the save. */
struct session_check {
	struct replay *rep;
	const char *path;
	struct diag_list *diags;
	int failed;
};

static enum source_result session_check_next(void *self, struct session *s,
                                             struct world_cmd *cmd)
{
	struct session_check *c = self;
	const struct game *g = s->game;

	if (c->failed)
		return SOURCE_STOP;
	if (!replay_next(c->rep, cmd)) {
		if (g->world->state != WORLD_PLAYING) {
			diag_add(c->diags, DIAG_ERROR, c->path,
			         c->rep->end_line, 0, NULL, 0, NULL,
			         "the saved game is already over");
			c->failed = 1;
		} else if (!replay_end_matches(c->rep, g)) {
			diag_add(c->diags, DIAG_ERROR, c->path,
			         c->rep->end_line, 0, NULL, 0, NULL,
			         "the saved game ends with another checksum "
			         "(the data files or hunted changed since it "
			         "was saved)");
			c->failed = 1;
		}
		return SOURCE_END;
	}
	if (g->world->state != WORLD_PLAYING) {
		diag_add(
		        c->diags, DIAG_ERROR, c->path, c->rep->line, 0, NULL, 0,
		        NULL,
		        "the saved game is over before turn %u (the data files "
		        "or hunted changed since it was saved)",
		        g->world->turn + 1);
		c->failed = 1;
		return SOURCE_STOP;
	}
	return SOURCE_CMD;
}

static void session_check_turn(void *self, struct session *s,
                               struct world_cmd cmd, int took_time)
{
	struct session_check *c = self;
	const struct game *g = s->game;
	uint64_t got;

	(void)cmd;
	if (c->failed)
		return;
	if (!took_time) {
		diag_add(c->diags, DIAG_ERROR, c->path, c->rep->line, 0, NULL,
		         0, NULL,
		         "turn %u of the save takes no time when it is played "
		         "(the data files or hunted changed since it was "
		         "saved)",
		         g->world->turn + 1);
		c->failed = 1;
		return;
	}
	got = game_checksum(g);
	if (got != c->rep->want) {
		diag_add(c->diags, DIAG_ERROR, c->path, c->rep->line, 0, NULL,
		         0, NULL,
		         "the saved game plays differently at turn %u (saved "
		         "checksum %016" PRIx64 ", got %016" PRIx64
		         "): the data files or hunted changed since it was "
		         "saved",
		         g->world->turn, c->rep->want, got);
		c->failed = 1;
	}
}

/* Plays the save's turns, checked, on the game g made as it was set up
 * (saved), in a session of its own that keeps the turns and what they
 * told.  Returns that session, or NULL with what went wrong in diags (g
 * is then freed). */
static struct session *session_replay_save(const struct session *s,
                                           const struct setup *saved,
                                           struct game *g, struct replay *rep,
                                           struct diag_list *diags)
{
	struct session_check c = {rep, s->save_path, diags, 0};
	struct session_source src = {session_check_next, &c, 0, 1};
	struct session_sink sink = {session_check_turn, NULL, &c};
	struct session *t = calloc(1, sizeof(*t));

	if (!t) {
		diag_add(diags, DIAG_ERROR, s->save_path, 0, 0, NULL, 0, NULL,
		         "out of memory");
		game_free(g);
		return NULL;
	}
	t->setup = *saved;
	if (saved->map == saved->map_buf)
		t->setup.map = t->setup.map_buf;
	t->game = g;
	ending_notes_init(&t->notes);
	t->records.rank = -1;
	snprintf(t->save_path, sizeof(t->save_path), "%s", s->save_path);
	t->rebuilding = 1;
	t->start_sum = game_checksum(g);
	session_loop(t, &src, &sink, 1, LONG_MAX);
	if (!c.failed && t->unsaveable) {
		diag_add(diags, DIAG_ERROR, s->save_path, 0, 0, NULL, 0, NULL,
		         "out of memory");
		c.failed = 1;
	}
	if (c.failed) {
		session_close(t);
		return NULL;
	}
	return t;
}

/* The recording being written (--record) starts again with the resumed
 * game's header and the turns it has had. */
static void session_record_again(struct session *s)
{
	size_t i;

	if (!s->rec)
		return;
	fflush(s->rec);
	if (ftruncate(fileno(s->rec), 0) != 0)
		return;
	rewind(s->rec);
	record_write_header(s->rec, &s->setup);
	for (i = 0; i < s->nhist; i++)
		record_write_line(s->rec, (uint32_t)(i + 1), s->hist[i].cmd,
		                  s->hist[i].sum);
	fflush(s->rec);
}

/* No save at save_path: a game kept beside one that is gone (its game
 * ended, or it was resumed elsewhere) takes its place.  Returns 1 when
 * there is a save now. */
static int session_side_promote(struct session *s)
{
	static char names[1][SAVE_BESIDE_MAX];

	if (save_beside(s->save_path, names, 1) == 0)
		return 0;
	/* link then unlink: never over a save written meanwhile. */
	if (link(names[0], s->save_path) != 0 && rename(names[0], s->save_path))
		return 0;
	unlink(names[0]);
	session_news(s, _("A game kept on disk beside a save is now %s."),
	             s->save_path);
	return 1;
}

/* The save at save_path is another game than the one given: when one
 * kept beside it is the one given, the two change places, and the
 * other waits beside.  Returns 1 when they did. */
static int session_side_swap(struct session *s, const struct setup *given)
{
	static char names[8][SAVE_BESIDE_MAX];
	static struct setup other; /* large: kept off the stack */
	char aside[SAVE_BESIDE_MAX];
	struct diag_list diags;
	struct replay rep;
	size_t i, n = save_beside(s->save_path, names, 8);
	int same;

	for (i = 0; i < n; i++) {
		other = s->setup;
		session_clear_game(&other);
		diag_list_init(&diags, 0);
		same = save_load(&rep, names[i], &other, &diags) == 0;
		if (same) {
			replay_fini(&rep);
			same = setup_same_game(given, &other);
		}
		diag_list_fini(&diags);
		if (!same)
			continue;
		snprintf(aside, sizeof(aside), "%s.also-%ld", s->save_path,
		         (long)getpid());
		if (rename(s->save_path, aside) != 0)
			return 0;
		if (rename(names[i], s->save_path) != 0) {
			rename(aside, s->save_path);
			return 0;
		}
		session_news(s,
		             _("The other game's save, which was %s, now "
		               "waits in %s."),
		             s->save_path, aside);
		return 1;
	}
	return 0;
}

int session_resume(struct session *s)
{
	struct diag_list diags;
	struct replay rep;
	static struct setup saved, given; /* large: kept off the stack */
	struct session *t;
	struct game *g;
	struct stat st;
	char label[64], what[SESSION_NOTE_MAX];

	if (!s->save_path[0])
		return 0;
	if (save_recover(s->save_path, what, sizeof(what)))
		session_news(s, "%s", what);
	if (lstat(s->save_path, &st) != 0 && !session_side_promote(s))
		return 0;
	/* Only a regular file is a save (or a link to one): a directory or
	 * a device named by mistake is neither read, nor moved, nor
	 * written over. */
	if (stat(s->save_path, &st) != 0 || !S_ISREG(st.st_mode)) {
		session_news(
		        s,
		        "%s is not a regular file: no game is resumed from "
		        "it or saved to it.",
		        s->save_path);
		s->save_path[0] = '\0';
		return 0;
	}
	saved = s->setup;
	session_clear_game(&saved);
	diag_list_init(&diags, 0);
	if (save_load(&rep, s->save_path, &saved, &diags) != 0) {
		session_save_refused(s, &diags);
		diag_list_fini(&diags);
		return 0;
	}
	/* A map named by a relative path is the save's if it is the same
	 * file. */
	given = s->setup;
	if (s->setup.map == s->setup.map_buf)
		given.map = given.map_buf;
	save_map_absolute(&given);
	if (!setup_same_game(&given, &saved)) {
		char opts[SETUP_MAP_MAX + 256];

		size_t nturns = rep.nturns;

		replay_fini(&rep);
		diag_list_fini(&diags);
		/* The game asked for may be one kept beside the save. */
		if (session_side_swap(s, &given))
			return session_resume(s);
		setup_given_game(&s->setup, opts, sizeof(opts));
		setup_label(&saved, NULL, label, sizeof(label));
		session_news(s,
		             _("A game saved on turn %zu (%s) waits in %s; "
		               "hunted without %s resumes it."),
		             nturns, label, s->save_path, opts);
		return 0;
	}
	g = session_game(&saved, 0);
	if (!g) {
		diag_add(
		        &diags, DIAG_ERROR, s->save_path, 0, 0, NULL, 0, NULL,
		        "the saved game's dungeon cannot be made (the problems "
		        "are above)");
		replay_fini(&rep);
		session_save_refused(s, &diags);
		diag_list_fini(&diags);
		return 0;
	}
	t = session_replay_save(s, &saved, g, &rep, &diags);
	if (!t) {
		replay_fini(&rep);
		session_save_refused(s, &diags);
		diag_list_fini(&diags);
		return 0;
	}
	replay_fini(&rep);
	diag_list_fini(&diags);
	/* The saved game, the turns and what they told in the fresh game's
	 * place. */
	game_free(s->game);
	s->game = g;
	s->notes = t->notes;
	s->start_sum = t->start_sum;
	free(s->hist);
	s->hist = t->hist;
	s->nhist = s->hist_cap = t->nhist;
	t->game = NULL;
	t->hist = NULL;
	session_close(t);
	s->setup.map =
	        saved.map == saved.map_buf ? s->setup.map_buf : saved.map;
	memcpy(s->setup.map_buf, saved.map_buf, sizeof(saved.map_buf));
	s->setup.gen_w = saved.gen_w;
	s->setup.gen_h = saved.gen_h;
	s->setup.gen_cave = saved.gen_cave;
	s->setup.seed = saved.seed;
	s->setup.fresh_seed = 0;
	s->setup.monsters = saved.monsters;
	s->setup.mind = saved.mind;
	setup_label(&s->setup, g->world->data->map->name, s->label,
	            sizeof(s->label));
	session_record_again(s);
	/* The save stays until the game's end is kept: a crash from here
	 * on resumes it again. */
	s->save_ours = 1;
	s->saved_turn = g->world->turn;
	session_note_data(s);
	fault_point("resume");
	session_news(s, _("Resumed the game saved on turn %u."),
	             g->world->turn);
	return 1;
}
