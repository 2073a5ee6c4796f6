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

#include "core/mind/autopilot.h"
#include "core/world/cmd.h"
#include "core/world/gen.h"

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

	for (i = 0; i < w->events.len; i++) {
		event_text(w, &w->events.items[i], buf, sizeof(buf));
		fprintf(out, "%u: %s\n", w->events.items[i].turn, buf);
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
	fprintf(f, "strategy %s\n", mind_strategy_name(s->strategy));
	if (s->hunt)
		fprintf(f, "hunt 1\n");
}

/* Reads one line of a recording into buf (of size bytes) without its "\n"
 * or "\r\n".  Returns 1, 0 at the end of the file, REPLAY_TOO_LONG for a
 * line that does not fit or REPLAY_NUL for one holding a NUL byte; either
 * way the whole line is consumed, so line numbers stay right. */
#define REPLAY_TOO_LONG (-1)
#define REPLAY_NUL      (-2)
static int read_line(FILE *f, char *buf, size_t size)
{
	size_t len = 0;
	int c, rc = 1;

	while ((c = getc(f)) != EOF && c != '\n') {
		if (c == '\0')
			rc = REPLAY_NUL;
		else if (len + 1 >= size)
			rc = rc == 1 ? REPLAY_TOO_LONG : rc;
		else
			buf[len++] = (char)c;
	}
	if (c == EOF && len == 0 && rc == 1)
		return 0;
	if (len && buf[len - 1] == '\r')
		len--;
	buf[len] = '\0';
	return rc;
}

/* Parses the whole of s as a decimal (base 10) or hexadecimal (base 16)
 * number no greater than max: digits only, no sign, no spaces.  Returns 0,
 * or -1 for anything else (an overflow included). */
static int parse_u64(const char *s, unsigned base, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		unsigned k;

		if (*s >= '0' && *s <= '9')
			k = (unsigned)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			k = (unsigned)(*s - 'a') + 10;
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			k = (unsigned)(*s - 'A') + 10;
		else
			return -1;
		if (k >= base || k > max || v > (max - k) / base)
			return -1;
		v = v * base + k;
	}
	*out = v;
	return 0;
}

/* Splits s in place at runs of spaces and tabs.  Returns the number of
 * words; only the first max are stored in words. */
static size_t split_words(char *s, char **words, size_t max)
{
	size_t n = 0;

	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			return n;
		if (n < max)
			words[n] = s;
		n++;
		while (*s && *s != ' ' && *s != '\t')
			s++;
		if (*s)
			*s++ = '\0';
	}
}

int replay_read_setup(const char *path, struct game_setup *s, char *map_buf,
                      size_t map_size, char *err, size_t err_size)
{
	FILE *f = fopen(path, "r");
	char line[REPLAY_LINE];
	int n = 0, have_version = 0, rc = -1, r;

	memset(s, 0, sizeof(*s));
	s->monsters = -1;
	if (!f) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return -1;
	}
	while ((r = read_line(f, line, sizeof(line))) != 0) {
		char word[32], arg[REPLAY_LINE];
		uint64_t v = 0, v2 = 0;
		int k;

		n++;
		if (r == REPLAY_TOO_LONG) {
			snprintf(err, err_size, "%s:%d: line too long", path,
			         n);
			goto out;
		}
		if (r == REPLAY_NUL) {
			snprintf(err, err_size, "%s:%d: NUL byte in the line",
			         path, n);
			goto out;
		}
		if (line[0] == '#' || line[0] == '\0')
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
			if (strlen(arg) >= map_size) {
				snprintf(err, err_size,
				         "%s:%d: map name longer than %zu "
				         "characters",
				         path, n, map_size - 1);
				goto out;
			}
			snprintf(map_buf, map_size, "%s", arg);
			s->map = map_buf;
		} else if (!strcmp(word, "generate")) {
			char *x = strchr(arg, 'x');

			if (x)
				*x = '\0';
			if (!x || parse_u64(arg, 10, GEN_MAX_DIM, &v) != 0 ||
			    parse_u64(x + 1, 10, GEN_MAX_DIM, &v2) != 0 ||
			    v < GEN_MIN_W || v2 < GEN_MIN_H) {
				snprintf(err, err_size,
				         "%s:%d: expected WxH, %dx%d to %dx%d",
				         path, n, GEN_MIN_W, GEN_MIN_H,
				         GEN_MAX_DIM, GEN_MAX_DIM);
				goto out;
			}
			s->gen_w = (int)v;
			s->gen_h = (int)v2;
		} else if (!strcmp(word, "seed")) {
			if (parse_u64(arg, 10, UINT64_MAX, &s->seed) != 0) {
				snprintf(
				        err, err_size,
				        "%s:%d: expected a seed, 0 to %" PRIu64,
				        path, n, UINT64_MAX);
				goto out;
			}
		} else if (!strcmp(word, "monsters")) {
			if (strcmp(arg, "-1") != 0 &&
			    parse_u64(arg, 10, WORLD_MONSTERS_MAX, &v) != 0) {
				snprintf(
				        err, err_size,
				        "%s:%d: expected -1 (the map's own) or "
				        "0 to %d monsters",
				        path, n, WORLD_MONSTERS_MAX);
				goto out;
			}
			s->monsters = strcmp(arg, "-1") ? (int)v : -1;
		} else if (!strcmp(word, "turn-budget")) {
			if (parse_u64(arg, 10, UINT32_MAX, &v) != 0) {
				snprintf(err, err_size,
				         "%s:%d: expected a turn budget, 0 to "
				         "%" PRIu32,
				         path, n, UINT32_MAX);
				goto out;
			}
			s->turn_budget = (uint32_t)v;
		} else if (!strcmp(word, "hunt")) {
			if (parse_u64(arg, 10, 1, &v) != 0) {
				snprintf(err, err_size,
				         "%s:%d: expected hunt 0 or 1", path,
				         n);
				goto out;
			}
			s->hunt = (int)v;
		} else if (!strcmp(word, "strategy")) {
			for (k = 0; k < MIND_STRATEGY_COUNT; k++)
				if (!strcmp(arg, mind_strategy_name(k)))
					break;
			if (k == MIND_STRATEGY_COUNT) {
				snprintf(err, err_size,
				         "%s:%d: unknown strategy '%s'", path,
				         n, arg);
				goto out;
			}
			s->strategy = (enum mind_strategy)k;
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

void replay_write_turn(FILE *f, const struct game *g, struct world_cmd cmd)
{
	char letters[3];

	cmd_format(cmd, letters);
	fprintf(f, "turn %u %s %016" PRIx64 "\n", g->world->turn, letters,
	        game_checksum(g));
}

int replay_next(FILE *f, int *lineno, struct world_cmd *cmd, uint64_t *sum)
{
	char line[REPLAY_LINE];
	int r;

	while ((r = read_line(f, line, sizeof(line))) != 0) {
		char *w[4];
		uint64_t turn;

		++*lineno;
		if (r < 0)
			return -1;
		if (strncmp(line, "turn ", 5) != 0)
			continue;
		/* turn N CMD CHECKSUM, and nothing else */
		if (split_words(line, w, 4) != 4 ||
		    parse_u64(w[1], 10, UINT32_MAX, &turn) != 0 ||
		    strlen(w[3]) > 16 || parse_u64(w[3], 16, UINT64_MAX, sum) ||
		    cmd_parse(w[2], cmd) != strlen(w[2]))
			return -1;
		return 1;
	}
	return 0;
}

int headless_run(struct game *g, const struct headless_opts *o, FILE *out)
{
	struct world *w = g->world;
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
		r = game_player_act(g, cmd);
		if (r == 0 && !keys && !rep) {
			/* The autopilot never stalls the game. */
			cmd.kind = WCMD_WAIT;
			r = game_player_act(g, cmd);
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
			game_monsters_act(g);
			times[done] = now_ns() - t0;
			if (times[done] > max_ns)
				max_ns = times[done];
			done++;
		}
		if (o->log)
			print_events(w, out);
		if (rec)
			replay_write_turn(rec, g, cmd);
		if (o->on_turn)
			o->on_turn(g, o->hook_arg);
		if (rep && game_checksum(g) != want) {
			fprintf(stderr,
			        "hunted: %s:%d: the replay diverged at turn %u "
			        "(recorded checksum %016" PRIx64
			        ", got %016" PRIx64 ")\n",
			        o->replay, lineno, w->turn, want,
			        game_checksum(g));
			status = EXIT_DIVERGED;
			goto out;
		}
	}
	if (o->at_end)
		o->at_end(g, o->hook_arg);
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
		        done, w->nmonsters, g->minds->stats.plans,
		        g->minds->stats.cache_hits, g->minds->stats.expanded,
		        median / 1000, max_ns / 1000,
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
	game_free(g);
	return status;
}
