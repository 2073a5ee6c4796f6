/* headless.c - games without a terminal, recordings and replays.
 *
 * A recording is a text file: a header naming how the game was set up,
 * then one line per command: "turn N CMD CHECKSUM", CHECKSUM being
 * world_checksum after the command.  A replay plays the commands again
 * and stops at the first line whose checksum differs. */
#include "config.h"

#include "headless.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "autopilot.h"

#define DEFAULT_TURNS 1000
#define REPLAY_LINE   512

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void print_events(const struct world *w, FILE *out)
{
	size_t i;
	char buf[160];

	for (i = 0; i < w->nevents; i++) {
		world_event_text(w, &w->events[i], buf, sizeof(buf));
		fprintf(out, "%u: %s\n", w->events[i].turn, buf);
	}
}

void replay_write_setup(FILE *f, const struct game_setup *s)
{
	fprintf(f, "# hunted recording: hunted --headless --replay FILE\n");
	fprintf(f, "hunted-recording 1\n");
	if (s->gen_w)
		fprintf(f, "generate %dx%d\n", s->gen_w, s->gen_h);
	else
		fprintf(f, "map %s\n", s->map ? s->map : "default");
	fprintf(f, "seed %" PRIu64 "\n", s->seed);
	fprintf(f, "monsters %d\n", s->monsters);
	fprintf(f, "turn-budget %" PRIu32 "\n", s->turn_budget);
	fprintf(f, "strategy %s\n", ai_strategy_name(s->strategy));
	if (s->hunt)
		fprintf(f, "hunt 1\n");
}

int replay_read_setup(const char *path, struct game_setup *s, char *map_buf,
                      size_t map_size, char *err, size_t err_size)
{
	FILE *f = fopen(path, "r");
	char line[REPLAY_LINE];
	int n = 0, have_version = 0, rc = -1;

	memset(s, 0, sizeof(*s));
	s->monsters = -1;
	if (!f) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char word[32], arg[REPLAY_LINE];
		int k;

		n++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%31s %511[^\n]", word, arg) != 2) {
			snprintf(err, err_size, "%s:%d: expected KEY VALUE",
			         path, n);
			goto out;
		}
		if (!strcmp(word, "turn"))
			break;
		if (!strcmp(word, "hunted-recording")) {
			if (strcmp(arg, "1") != 0) {
				snprintf(
				        err, err_size,
				        "%s:%d: unknown recording version '%s'",
				        path, n, arg);
				goto out;
			}
			have_version = 1;
		} else if (!strcmp(word, "map")) {
			snprintf(map_buf, map_size, "%s", arg);
			s->map = map_buf;
		} else if (!strcmp(word, "generate")) {
			if (sscanf(arg, "%dx%d", &s->gen_w, &s->gen_h) != 2) {
				snprintf(err, err_size, "%s:%d: expected WxH",
				         path, n);
				goto out;
			}
		} else if (!strcmp(word, "seed")) {
			s->seed = strtoull(arg, NULL, 10);
		} else if (!strcmp(word, "monsters")) {
			s->monsters = atoi(arg);
		} else if (!strcmp(word, "turn-budget")) {
			s->turn_budget = (uint32_t)strtoul(arg, NULL, 10);
		} else if (!strcmp(word, "hunt")) {
			s->hunt = atoi(arg) != 0;
		} else if (!strcmp(word, "strategy")) {
			for (k = 0; k < AI_STRATEGY_COUNT; k++)
				if (!strcmp(arg, ai_strategy_name(k)))
					s->strategy = (enum ai_strategy)k;
		} else {
			snprintf(err, err_size, "%s:%d: unknown line '%s'",
			         path, n, word);
			goto out;
		}
	}
	if (!have_version) {
		snprintf(err, err_size, "%s: not a hunted recording", path);
		goto out;
	}
	rc = 0;
out:
	fclose(f);
	return rc;
}

void replay_write_turn(FILE *f, const struct world *w, struct world_cmd cmd)
{
	char letters[3];

	cmd_format(cmd, letters);
	fprintf(f, "turn %u %s %016" PRIx64 "\n", w->turn, letters,
	        world_checksum(w));
}

int replay_next(FILE *f, int *lineno, struct world_cmd *cmd, uint64_t *sum)
{
	char line[REPLAY_LINE];

	while (fgets(line, sizeof(line), f)) {
		char word[16], c[8];
		unsigned long turn;

		++*lineno;
		if (strncmp(line, "turn ", 5) != 0)
			continue;
		if (sscanf(line, "%15s %lu %7s %" SCNx64, word, &turn, c,
		           sum) != 4 ||
		    cmd_parse(c, cmd) != strlen(c))
			return -1;
		return 1;
	}
	return 0;
}

int headless_run(struct world *w, const struct headless_opts *o, FILE *out)
{
	struct autopilot *ap = NULL;
	FILE *rec = NULL, *rep = NULL;
	uint64_t *times = NULL;
	long turns = o->turns > 0 ? o->turns : DEFAULT_TURNS, done = 0;
	const char *keys = o->keys;
	int status = 0, lineno = 0;
	uint64_t max_ns = 0;
	size_t times_cap = 1024;

	times = malloc(times_cap * sizeof(*times));
	if (!o->keys && !o->replay)
		ap = autopilot_new(w);
	if (!times || (!o->keys && !o->replay && !ap)) {
		fprintf(stderr, "hunted: out of memory\n");
		status = 1;
		goto out;
	}
	if (o->record) {
		rec = fopen(o->record, "w");
		if (!rec) {
			fprintf(stderr, "hunted: cannot write '%s': %s\n",
			        o->record, strerror(errno));
			status = 1;
			goto out;
		}
		replay_write_setup(rec, &o->setup);
	}
	if (o->replay) {
		rep = fopen(o->replay, "r");
		if (!rep) {
			fprintf(stderr, "hunted: cannot read '%s': %s\n",
			        o->replay, strerror(errno));
			status = 1;
			goto out;
		}
	}
	while (done < turns && w->state == WORLD_PLAYING) {
		struct world_cmd cmd;
		uint64_t want = 0, t0;
		int r;

		if (rep) {
			r = replay_next(rep, &lineno, &cmd, &want);
			if (r == 0)
				break;
			if (r < 0) {
				fprintf(stderr,
				        "hunted: %s:%d: malformed turn line\n",
				        o->replay, lineno);
				status = 1;
				goto out;
			}
		} else if (keys) {
			size_t used;

			while (*keys == ' ' || *keys == '\n')
				keys++;
			if (!*keys)
				break;
			used = cmd_parse(keys, &cmd);
			if (!used) {
				fprintf(stderr,
				        "hunted: --keys: unknown command "
				        "'%c'\n",
				        *keys);
				status = 2;
				goto out;
			}
			keys += used;
		} else if (autopilot_next(ap, w, &cmd) != 0) {
			fprintf(stderr, "hunted: out of memory\n");
			status = 1;
			goto out;
		}
		r = world_player_act(w, cmd);
		if (r == 0 && !keys && !rep) {
			/* The autopilot never stalls the game. */
			cmd.kind = WCMD_WAIT;
			r = world_player_act(w, cmd);
		}
		if (r == 1 && (size_t)done == times_cap) {
			uint64_t *tt =
			        realloc(times, 2 * times_cap * sizeof(*tt));

			if (!tt) {
				fprintf(stderr, "hunted: out of memory\n");
				status = 1;
				goto out;
			}
			times = tt;
			times_cap *= 2;
		}
		if (r == 1) {
			t0 = now_ns();
			world_monsters_act(w);
			times[done] = now_ns() - t0;
			if (times[done] > max_ns)
				max_ns = times[done];
			done++;
		}
		if (o->log)
			print_events(w, out);
		if (rec)
			replay_write_turn(rec, w, cmd);
		if (o->on_turn)
			o->on_turn(w, o->hook_arg);
		if (rep && world_checksum(w) != want) {
			fprintf(stderr,
			        "hunted: %s:%d: the replay diverged at turn %u "
			        "(recorded checksum %016" PRIx64
			        ", got %016" PRIx64 ")\n",
			        o->replay, lineno, w->turn, want,
			        world_checksum(w));
			status = EXIT_DIVERGED;
			goto out;
		}
	}
	if (o->at_end)
		o->at_end(w, o->hook_arg);
	{
		uint64_t median = 0;

		if (done) {
			qsort(times, (size_t)done, sizeof(*times), cmp_u64);
			median = times[done / 2];
		}
		if (o->no_timing)
			median = max_ns = 0;
		fprintf(out,
		        "summary: turns=%ld monsters=%zu plans=%" PRIu64
		        " cache_hits=%" PRIu64 " expanded=%" PRIu64
		        " turn_us_median=%" PRIu64 " turn_us_max=%" PRIu64
		        " caught=%d won=%d\n",
		        done, w->nmonsters, w->stats.plans, w->stats.cache_hits,
		        w->stats.expanded, median / 1000, max_ns / 1000,
		        w->state == WORLD_LOST, w->state == WORLD_WON);
	}
out:
	if (rec && fclose(rec) != 0 && status == 0) {
		fprintf(stderr, "hunted: cannot write '%s'\n", o->record);
		status = 1;
	}
	if (rep)
		fclose(rep);
	free(times);
	autopilot_free(ap);
	world_free(w);
	return status;
}
