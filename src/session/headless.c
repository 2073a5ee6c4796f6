/* SPDX-License-Identifier: MIT */
/* headless.c - headless play: commands from --keys, the autopilot or a
 * recording, and the log and the summary line they print. */
#include "headless.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>

#include "core/mind/autopilot.h"
#include "core/world/cmd.h"
#include "core/world/event_text.h"

static enum source_result headless_keys_next(void *self, struct session *s,
                                             struct world_cmd *cmd)
{
	struct headless *h = self;
	size_t used;

	while (*h->keys == ' ' || *h->keys == '\n')
		h->keys++;
	if (!*h->keys)
		return SOURCE_END;
	used = cmd_parse(h->keys, cmd);
	if (!used) {
		fprintf(stderr, "hunted: --keys: unknown command '%c'\n",
		        *h->keys);
		s->status = EXIT_USAGE;
		return SOURCE_STOP;
	}
	h->keys += used;
	return SOURCE_CMD;
}

static enum source_result headless_autopilot_next(void *self, struct session *s,
                                                  struct world_cmd *cmd)
{
	struct headless *h = self;

	if (autopilot_next(h->ap, s->game->world, cmd) != 0) {
		fprintf(stderr, "hunted: out of memory\n");
		s->status = 1;
		return SOURCE_STOP;
	}
	return SOURCE_CMD;
}

static enum source_result headless_replay_next(void *self, struct session *s,
                                               struct world_cmd *cmd)
{
	(void)self;
	return session_replay_next(s, cmd) ? SOURCE_CMD : SOURCE_END;
}

int headless_source(struct headless *h, struct session *s, FILE *out,
                    struct session_source *src)
{
	h->keys = s->setup.keys;
	h->ap = NULL;
	h->out = out;
	src->self = h;
	src->after_end = 0;
	src->no_stall = 0;
	if (s->setup.replay) {
		src->next = headless_replay_next;
	} else if (h->keys) {
		src->next = headless_keys_next;
	} else {
		h->ap = autopilot_new_style(
		        s->game->world,
		        (enum autopilot_style)s->setup.autopilot);
		if (!h->ap) {
			fprintf(stderr, "hunted: out of memory\n");
			return -1;
		}
		src->next = headless_autopilot_next;
		src->no_stall = 1;
	}
	return 0;
}

void headless_fini(struct headless *h)
{
	autopilot_free(h->ap);
	h->ap = NULL;
}

static void headless_log_turn(void *self, struct session *s,
                              struct world_cmd cmd, int took_time)
{
	const struct headless *h = self;
	const struct world *w = s->game->world;
	char buf[160];
	size_t i;

	(void)cmd;
	(void)took_time;
	for (i = 0; i < w->events.len; i++) {
		event_text(w, &w->events.items[i], buf, sizeof(buf));
		fprintf(h->out, "%u: %s\n", w->events.items[i].turn, buf);
	}
}

struct session_sink headless_log_sink(struct headless *h)
{
	struct session_sink k = {headless_log_turn, NULL, h};

	return k;
}

/* How the game ended, and its score: "end: Killed by a goblin on level
 * 1, turn 412. Score 523.", then what the end left in the player's
 * folder, and where the save went. */
static void headless_end_line(FILE *out, const struct session *s)
{
	const struct session_records *r = &s->records;
	struct ending e;
	char text[256];
	size_t i;

	session_ending(s, &e);
	ending_text(&e, text, sizeof(text));
	fprintf(out, "end: %s Score %ld.\n", text, e.score);
	for (i = 0; i < r->nproblems; i++)
		fprintf(stderr, "hunted: %s\n", r->problems[i]);
	if (r->morgue[0])
		fprintf(stderr, "hunted: morgue file %s\n", r->morgue);
	if (s->leave == SESSION_LEAVE_SAVE) {
		if (s->save_note[0])
			fprintf(stderr, "hunted: %s\n", s->save_note);
		fprintf(stderr, "hunted: saved in %s; --save %s resumes it\n",
		        s->save_path, s->save_path);
	}
}

static void headless_summary_end(void *self, struct session *s)
{
	const struct headless *h = self;
	const struct world *w = s->game->world;
	const struct mind_stats *st = &s->game->minds->stats;
	uint64_t median = session_median_ns(s), max_ns = s->times.max;

	if (s->diverged) {
		char why[PATH_MAX + 160];

		session_divergence(s, why, sizeof(why));
		fprintf(stderr, "hunted: %s\n", why);
		return;
	}
	if (s->status != 0)
		return;
	if (s->game->level_error[0])
		fprintf(stderr, "hunted: the stairs lead nowhere: %s\n",
		        s->game->level_error);
	if (s->setup.no_timing)
		median = max_ns = 0;
	headless_end_line(h->out, s);
	fprintf(h->out,
	        "summary: turns=%u monsters=%zu plans=%" PRIu64
	        " cache_hits=%" PRIu64 " expanded=%" PRIu64 " distmaps=%" PRIu64
	        " distmap_cells=%" PRIu64 " map_paths=%" PRIu64
	        " hpa_plans=%" PRIu64 " dlite_repairs=%" PRIu64
	        " dlite_expanded=%" PRIu64 " turn_us_median=%" PRIu64
	        " turn_us_max=%" PRIu64 " caught=%d won=%d seed=%" PRIu64
	        " depth=%d\n",
	        w->turn, w->nmonsters, st->plans, st->cache_hits, st->expanded,
	        st->distmaps, st->distmap_cells, st->map_paths, st->hpa_plans,
	        st->dlite_plans + st->dlite_repairs, st->dlite_expanded,
	        median / 1000, max_ns / 1000, w->state == WORLD_LOST,
	        w->state == WORLD_WON, s->game->seed, s->game->depth);
}

struct session_sink headless_summary_sink(struct headless *h)
{
	struct session_sink k = {NULL, headless_summary_end, h};

	return k;
}
