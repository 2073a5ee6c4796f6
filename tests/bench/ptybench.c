/* SPDX-License-Identifier: MIT */
/* ptybench.c - how fast the real terminal game answers a key, on a big
 * hunt with the AI view on.  The program starts `hunted` in a
 * pseudo-terminal (200x60, TERM=xterm-256color, LANG=C.UTF-8 by default)
 * on a generated 512x512 dungeon with 2,000 monsters that all hunt the
 * player (--generate, --monsters, --hunt, a fixed --seed), turns the AI
 * view on with ` and then sends keys one at a time: waits, moves, the
 * next monster (Tab), and the view's layers (v gives the keys to the
 * view, v takes them back).  The game reads its data from a temporary
 * folder, a copy of the shipped monsters.txt and terrain.txt with one
 * change: the player has 10,000 hit points, so that 2,000 hunters do not
 * end the game half-way through the keys (turnbench keeps its player
 * alive the same way).  The game's options have no way to do that.
 *
 * What is measured, for each key: the time from writing it to the pty to
 * the arrival of the last byte of the screen's update, the update being
 * read until the pty has been quiet for --quiet-ms (50 ms by default).
 * Its limits: it is the time the game takes to read the key, play the
 * turn, draw and write the screen, as seen through the kernel's pty, not
 * the time a terminal emulator then takes to paint it; a game that went
 * quiet for longer than --quiet-ms in the middle of an update would be
 * cut short (curses writes an update in one go); a key that changes
 * nothing on the screen has no time at all (counted as `silent`, left
 * out of the figures); every key waits for the one before to be drawn,
 * so keys typed faster than the game answers are not measured.  On a
 * busy machine the times include waiting for a core.
 *
 * After each key, outside the timing, Ctrl-R makes the game draw its
 * whole screen again, which says whether a --More-- prompt is showing
 * (curses sends only what changed, so a page like the one before would
 * not show in the key's own update) and which turn it is.  Each --More--
 * is answered with a space and counted: those of the first two turns
 * are `more_first2`, the later ones `more_later`.
 *
 * The game always ends killed and waited for, the pty closed, and its
 * folders (XDG_DATA_HOME, XDG_CONFIG_HOME: a temporary folder, so no
 * saved game or option of the user's counts) removed.  A game that stops
 * answering or dies is reported, exit 1.  Ends with one line
 * `summary: keys=N max_ms=... p99_ms=... median_ms=... over16=K
 * more_first2=M ...`. */
#define _GNU_SOURCE /* forkpty, mkdtemp, nftw's FTW_DEPTH */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "clock.h"

#define MS              1000000u
#define START_WAIT_MS   120000 /* the first screen of a big dungeon */
#define START_QUIET_MS  500    /* ...and everything it draws after it */
#define MORE_PAGES_MAX  100000 /* a flood beyond this is a hang */
#define SILENT_IN_A_ROW 3      /* keys unanswered: the game has hung */
#define PLAYER_HP       10000  /* the most a data file allows */

struct popts {
	int keys;
	int cols, rows;
	int monsters;
	int dw, dh; /* the dungeon */
	unsigned long seed;
	const char *binary;
	const char *data_dir; /* the shipped data the game's is made from */
	const char *term, *lang;
	int quiet_ms;
	int answer_ms; /* how long a key may take to show anything */
	int verbose;
};

/* One update of the screen: its bytes, and when the last one came. */
struct update {
	char *buf;
	size_t len, cap;
	uint64_t last_ns;
	int eof;
};

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

static void usage(FILE *f)
{
	fprintf(f,
	        "usage: ptybench [OPTIONS]\n"
	        "Times each key of the real terminal game in a pty, from the "
	        "key to the\n"
	        "last byte of the screen's update, with the AI view on.\n"
	        "  --keys N       keys sent after ` (default 80)\n"
	        "  --size WxH     the terminal (default 200x60)\n"
	        "  --monsters N   hunters (default 2000)\n"
	        "  --dungeon WxH  the generated dungeon (default 512x512)\n"
	        "  --seed N       the game's seed (default 1)\n"
	        "  --binary PATH  hunted (default: src/hunted of this build)\n"
	        "  --data-dir DIR the shipped data (default: $HUNTED_DATA,\n"
	        "                 else data/ beside the binary's src/)\n"
	        "  --quiet-ms Q   an update ends after Q ms of quiet "
	        "(default 50)\n"
	        "  --answer-ms A  a key unanswered for A ms is silent "
	        "(default 10000)\n"
	        "  --term T       TERM (default xterm-256color)\n"
	        "  --lang L       LANG (default C.UTF-8; the turn is read in\n"
	        "                 English, so another language counts every\n"
	        "                 --More-- as the first two turns')\n"
	        "  --verbose      print every key's time\n"
	        "  --help         this help\n");
}

static int parse_int(const char *s, long lo, long hi, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

static int parse_size(const char *s, int lo, int hi, int *w, int *h)
{
	char buf[32], *x;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	x = strchr(buf, 'x');
	if (!x)
		return -1;
	*x = '\0';
	return parse_int(buf, lo, hi, w) || parse_int(x + 1, lo, hi, h) ? -1
	                                                                : 0;
}

/* 0 ok, 1 --help, 2 bad usage. */
static int parse_options(int argc, char **argv, struct popts *o)
{
	static const struct option longs[] = {
	        {"keys", required_argument, NULL, 'k'},
	        {"size", required_argument, NULL, 's'},
	        {"monsters", required_argument, NULL, 'm'},
	        {"dungeon", required_argument, NULL, 'd'},
	        {"seed", required_argument, NULL, 'S'},
	        {"binary", required_argument, NULL, 'b'},
	        {"data-dir", required_argument, NULL, 'D'},
	        {"quiet-ms", required_argument, NULL, 'q'},
	        {"answer-ms", required_argument, NULL, 'a'},
	        {"term", required_argument, NULL, 't'},
	        {"lang", required_argument, NULL, 'l'},
	        {"verbose", no_argument, NULL, 'v'},
	        {"help", no_argument, NULL, 'h'},
	        {NULL, 0, NULL, 0}};
	int c, seed;

	while ((c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
		int bad = 0;

		switch (c) {
		case 'k':
			bad = parse_int(optarg, 1, 100000, &o->keys);
			break;
		case 's':
			bad = parse_size(optarg, 10, 1000, &o->cols, &o->rows);
			break;
		case 'm':
			bad = parse_int(optarg, 0, 65533, &o->monsters);
			break;
		case 'd':
			bad = parse_size(optarg, 16, 4096, &o->dw, &o->dh);
			break;
		case 'S':
			bad = parse_int(optarg, 0, INT_MAX, &seed);
			o->seed = (unsigned long)seed;
			break;
		case 'b':
			o->binary = optarg;
			break;
		case 'D':
			o->data_dir = optarg;
			break;
		case 'q':
			bad = parse_int(optarg, 1, 10000, &o->quiet_ms);
			break;
		case 'a':
			bad = parse_int(optarg, 1, 600000, &o->answer_ms);
			break;
		case 't':
			o->term = optarg;
			break;
		case 'l':
			o->lang = optarg;
			break;
		case 'v':
			o->verbose = 1;
			break;
		case 'h':
			return 1;
		default:
			return 2;
		}
		if (bad) {
			fprintf(stderr, "ptybench: bad value '%s'\n", optarg);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "ptybench: unexpected '%s'\n", argv[optind]);
		return 2;
	}
	return 0;
}

/* The keys, over and over: the first two play the first two turns. */
static const struct key {
	const char *seq, *name;
} key_cycle[] = {
        {".", "."},    {".", "."},    {"h", "h"},    {"j", "j"},
        {"l", "l"},    {"k", "k"},    {"\t", "Tab"}, {"y", "y"},
        {"u", "u"},    {"b", "b"},    {"n", "n"},    {".", "."},
        {"\t", "Tab"}, {"v", "v"},    {"p", "v:p"},  {"o", "v:o"},
        {"g", "v:g"},  {"f", "v:f"},  {"a", "v:a"},  {"m", "v:m"},
        {"k", "v:k"},  {"z", "v:z"},  {"T", "v:T"},  {"v", "v"},
        {"l", "l"},    {"h", "h"},    {"j", "j"},    {"k", "k"},
        {".", "."},    {"\t", "Tab"}, {"\t", "Tab"}, {".", "."},
};
#define NCYCLE (sizeof(key_cycle) / sizeof(key_cycle[0]))

static int update_add(struct update *u, const char *b, size_t n)
{
	if (u->len + n + 1 > u->cap) {
		size_t cap = u->cap ? u->cap : 65536;
		char *p;

		while (cap < u->len + n + 1)
			cap *= 2;
		p = realloc(u->buf, cap);
		if (!p)
			return -1;
		u->buf = p;
		u->cap = cap;
	}
	memcpy(u->buf + u->len, b, n);
	u->len += n;
	u->buf[u->len] = '\0';
	return 0;
}

/* Reads the pty into u: waits up to first_ms for a byte, then until
 * quiet_ms pass without one.  0 when something came, 1 when nothing did,
 * -1 on an error, the end of the game (u->eof) or an interruption. */
static int pty_read_update(int fd, int first_ms, int quiet_ms, struct update *u)
{
	char chunk[16384];

	u->len = 0;
	u->last_ns = 0;
	for (;;) {
		struct pollfd p = {fd, POLLIN, 0};
		int r, wait = u->len ? quiet_ms : first_ms;
		ssize_t n;

		if (interrupted)
			return -1;
		r = poll(&p, 1, wait);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			return u->len ? 0 : 1;
		n = read(fd, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) { /* EIO: the game closed its side */
			u->eof = 1;
			return -1;
		}
		u->last_ns = bench_now_ns();
		if (update_add(u, chunk, (size_t)n) != 0)
			return -1;
	}
}

static int pty_write(int fd, const char *s)
{
	size_t n = strlen(s);

	while (n > 0) {
		ssize_t w = write(fd, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The turn on the status line of a whole screen, -1 if none shows. */
static long screen_turn(const struct update *u)
{
	const char *p = u->buf, *hit = NULL;

	if (!p)
		return -1;
	while ((p = strstr(p, "Turn ")) != NULL) {
		hit = p;
		p += 5;
	}
	if (!hit || hit[5] < '0' || hit[5] > '9')
		return -1;
	return strtol(hit + 5, NULL, 10);
}

static int screen_more(const struct update *u)
{
	return u->buf && strstr(u->buf, "--More--") != NULL;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) &&
	    fread(buf, 1, (size_t)n, f) == (size_t)n) {
		buf[n] = '\0';
		*len = (size_t)n;
	} else {
		free(buf);
		buf = NULL;
	}
	if (f)
		fclose(f);
	return buf;
}

static int spit(const char *path, const char *buf, size_t len)
{
	FILE *f = fopen(path, "wb");
	int bad = !f || fwrite(buf, 1, len, f) != len;

	if (f && fclose(f) != 0)
		bad = 1;
	return bad ? -1 : 0;
}

/* The game's data with one change: the player's hit points raised to
 * PLAYER_HP, so that the hunt goes on for every key (as turnbench keeps
 * its player alive), whatever the monsters do to it.  The shipped
 * monsters.txt and terrain.txt of SRC are copied to DST with the hp of
 * the player entry changed. */
static int make_data(const char *src, const char *dst)
{
	char in[PATH_MAX + 32], out[PATH_MAX + 32];
	size_t len, n;
	char *t, *m = NULL, *player, *hp, *end;
	int bad;

	snprintf(in, sizeof(in), "%s/terrain.txt", src);
	snprintf(out, sizeof(out), "%s/terrain.txt", dst);
	t = slurp(in, &len);
	bad = !t || spit(out, t, len) != 0;
	free(t);
	if (!bad) {
		snprintf(in, sizeof(in), "%s/monsters.txt", src);
		m = slurp(in, &len);
	}
	if (bad || !m) {
		fprintf(stderr, "ptybench: cannot copy %s: %s\n", in,
		        strerror(errno));
		return -1;
	}
	player = strncmp(m, "player ", 7) ? strstr(m, "\nplayer ") : m;
	hp = player ? strstr(player, " hp ") : NULL;
	end = player ? strstr(player + 1, "\n\n") : NULL;
	if (!hp || (end && hp > end)) {
		fprintf(stderr, "ptybench: %s: no hp in the player entry\n",
		        in);
		free(m);
		return -1;
	}
	hp += 4;
	n = strspn(hp, "0123456789");
	t = malloc(len + 16);
	bad = !t;
	if (t) {
		size_t pre = (size_t)(hp - m);
		int k;

		memcpy(t, m, pre);
		k = snprintf(t + pre, 16, "%d", PLAYER_HP);
		memcpy(t + pre + (size_t)k, hp + n, len - pre - n);
		snprintf(out, sizeof(out), "%s/monsters.txt", dst);
		bad = spit(out, t, len - n + (size_t)k) != 0;
		if (bad)
			fprintf(stderr, "ptybench: cannot write %s\n", out);
	}
	free(t);
	free(m);
	return bad ? -1 : 0;
}

static pid_t spawn(const struct popts *o, const char *home, int *fd)
{
	struct winsize ws = {0};
	char gen[32], mon[16], seed[24];
	char data[PATH_MAX + 16], conf[PATH_MAX + 16], game[PATH_MAX + 16];
	pid_t pid;

	ws.ws_col = (unsigned short)o->cols;
	ws.ws_row = (unsigned short)o->rows;
	snprintf(gen, sizeof(gen), "%dx%d", o->dw, o->dh);
	snprintf(mon, sizeof(mon), "%d", o->monsters);
	snprintf(seed, sizeof(seed), "%lu", o->seed);
	snprintf(data, sizeof(data), "%s/data", home);
	snprintf(conf, sizeof(conf), "%s/config", home);
	snprintf(game, sizeof(game), "%s/game", home);
	pid = forkpty(fd, NULL, NULL, &ws);
	if (pid != 0)
		return pid;
	/* The child: the game, in the language and terminal asked for,
	 * with folders of its own. */
	setenv("TERM", o->term, 1);
	setenv("LANG", o->lang, 1);
	unsetenv("LC_ALL");
	unsetenv("LC_MESSAGES");
	unsetenv("LANGUAGE");
	unsetenv("NO_COLOR");
	setenv("XDG_DATA_HOME", data, 1);
	setenv("XDG_CONFIG_HOME", conf, 1);
	execl(o->binary, o->binary, "--generate", gen, "--monsters", mon,
	      "--seed", seed, "--hunt", "--data-dir", game, (char *)NULL);
	fprintf(stderr, "ptybench: cannot run %s: %s\n", o->binary,
	        strerror(errno));
	_exit(127);
}

/* Ends the game whatever its state: the pty closed (a hangup, on which
 * the game saves and leaves), then SIGKILL if it is still there after
 * two seconds.  1 when it had to be killed. */
static int finish(pid_t pid, int fd, int *status)
{
	int i, killed = 0;

	if (fd >= 0)
		close(fd);
	kill(pid, SIGHUP);
	for (i = 0; i < 200; i++) {
		pid_t r = waitpid(pid, status, WNOHANG);

		if (r == pid || (r < 0 && errno != EINTR))
			return 0;
		usleep(10000);
	}
	kill(pid, SIGKILL);
	killed = 1;
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	return killed;
}

static int remove_one(const char *path, const struct stat *st, int flag,
                      struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static double ms_of(uint64_t ns)
{
	return (double)ns / MS;
}

struct run {
	double *times; /* each answered key's, in ms */
	int ntimed, silent, silent_row;
	long more_first2, more_later, turn;
	double start_ms, ai_view_ms;
	const char *failed; /* why the run stopped, NULL if it did not */
};

/* Sends one key and times the update it brings: 0 answered (*ms), 1
 * nothing came, -1 the game is gone. */
static int key_timed(int fd, const struct popts *o, const char *seq,
                     struct update *u, double *ms)
{
	uint64_t t0 = bench_now_ns();
	int r;

	if (pty_write(fd, seq) != 0)
		return -1;
	r = pty_read_update(fd, o->answer_ms, o->quiet_ms, u);
	if (r == 0)
		*ms = ms_of(u->last_ns - t0);
	return r;
}

/* Outside the timing: the whole screen drawn again (Ctrl-R), the turn
 * read from it, and every --More-- showing answered and counted. */
static int settle(int fd, const struct popts *o, struct update *u,
                  struct run *r)
{
	long pages;

	for (pages = 0; pages < MORE_PAGES_MAX; pages++) {
		long turn;

		if (pty_write(fd, "\022") != 0 ||
		    pty_read_update(fd, o->answer_ms, o->quiet_ms, u) != 0) {
			r->failed = u->eof ? "the game ended"
			                   : "the game stopped answering";
			return -1;
		}
		turn = screen_turn(u);
		if (turn >= 0)
			r->turn = turn;
		if (!screen_more(u))
			return 0;
		if (r->turn <= 2)
			r->more_first2++;
		else
			r->more_later++;
		if (pty_write(fd, " ") != 0 ||
		    pty_read_update(fd, o->answer_ms, o->quiet_ms, u) < 0) {
			r->failed = u->eof ? "the game ended" : "no answer";
			return -1;
		}
	}
	r->failed = "--More-- without end";
	return -1;
}

static int play(int fd, const struct popts *o, uint64_t t_spawn,
                struct update *u, struct run *r)
{
	int i;

	if (pty_read_update(fd, START_WAIT_MS, START_QUIET_MS, u) != 0) {
		r->failed = "no first screen";
		return -1;
	}
	r->start_ms = ms_of(u->last_ns - t_spawn);
	if (settle(fd, o, u, r) != 0)
		return -1;
	if (key_timed(fd, o, "`", u, &r->ai_view_ms) != 0) {
		r->failed = "no answer to `";
		return -1;
	}
	if (settle(fd, o, u, r) != 0)
		return -1;
	for (i = 0; i < o->keys; i++) {
		const struct key *k = &key_cycle[(size_t)i % NCYCLE];
		double ms = 0;
		size_t bytes;
		int got = key_timed(fd, o, k->seq, u, &ms);

		if (got < 0) {
			r->failed = u->eof ? "the game ended" : "read error";
			return -1;
		}
		if (got == 1) {
			r->silent++;
			if (++r->silent_row >= SILENT_IN_A_ROW) {
				r->failed = "the game stopped answering";
				return -1;
			}
		} else {
			r->silent_row = 0;
			r->times[r->ntimed++] = ms;
		}
		bytes = u->len;
		if (settle(fd, o, u, r) != 0)
			return -1;
		if (o->verbose && got)
			printf("key %d %s: no update, turn %ld\n", i + 1,
			       k->name, r->turn);
		else if (o->verbose)
			printf("key %d %s: %.2f ms, %zu bytes, turn %ld\n",
			       i + 1, k->name, ms, bytes, r->turn);
	}
	return 0;
}

static void report(const struct popts *o, const struct run *r)
{
	double *t = r->times, med = 0, p99 = 0, max = 0;
	int i, n = r->ntimed, over = 0;

	qsort(t, (size_t)n, sizeof(*t), bench_cmp_double);
	if (n > 0) {
		/* The nearest rank: under 100 keys, the p99 is the worst. */
		int k = (99 * n + 99) / 100;

		med = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
		p99 = t[k - 1];
		max = t[n - 1];
	}
	for (i = 0; i < n; i++)
		over += t[i] > 16.0;
	printf("summary: keys=%d max_ms=%.2f p99_ms=%.2f median_ms=%.2f "
	       "over16=%d more_first2=%ld more_later=%ld silent=%d "
	       "ai_view_ms=%.2f start_ms=%.0f turn=%ld size=%dx%d "
	       "monsters=%d dungeon=%dx%d quiet_ms=%d\n",
	       n, max, p99, med, over, r->more_first2, r->more_later, r->silent,
	       r->ai_view_ms, r->start_ms, r->turn, o->cols, o->rows,
	       o->monsters, o->dw, o->dh, o->quiet_ms);
}

/* The words of the game's last output (a game that leaves at once says
 * why on its terminal), without the terminal's escape sequences. */
static void print_text(const struct update *u)
{
	size_t i;
	int col = 0;

	if (!u->len)
		return;
	fputs("ptybench: the game's last words: ", stderr);
	for (i = 0; i < u->len && col < 400; i++) {
		unsigned char c = (unsigned char)u->buf[i];

		if (c == 0x1b && i + 1 < u->len && u->buf[i + 1] == '[') {
			for (i += 2; i < u->len &&
			             (u->buf[i] < 0x40 || u->buf[i] > 0x7e);
			     i++)
				;
			continue;
		}
		if (c < 0x20 || c == 0x7f)
			c = ' ';
		if (c == ' ' && col > 0 && u->buf[i - 1] == ' ')
			continue;
		fputc(c, stderr);
		col++;
	}
	fputc('\n', stderr);
}

/* This build's hunted: src/hunted two folders above this program. */
static int default_binary(char *buf, size_t size)
{
	char self[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0)
		return -1;
	self[n] = '\0';
	slash = strrchr(self, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	if ((size_t)snprintf(buf, size, "%s/../../src/hunted", self) >= size)
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	struct popts o = {.keys = 80,
	                  .cols = 200,
	                  .rows = 60,
	                  .monsters = 2000,
	                  .dw = 512,
	                  .dh = 512,
	                  .seed = 1,
	                  .term = "xterm-256color",
	                  .lang = "C.UTF-8",
	                  .quiet_ms = 50,
	                  .answer_ms = 10000};
	char binary[PATH_MAX], data[PATH_MAX + 16], home[PATH_MAX];
	char sub[PATH_MAX + 16];
	struct update u = {0};
	struct run r = {0};
	struct sigaction sa;
	uint64_t t_spawn;
	int fd = -1, status = 0, killed, rc;
	pid_t pid;

	rc = parse_options(argc, argv, &o);
	if (rc == 1) {
		usage(stdout);
		return 0;
	}
	if (rc == 2) {
		usage(stderr);
		return 2;
	}
	if (!o.binary) {
		if (default_binary(binary, sizeof(binary)) != 0) {
			fprintf(stderr, "ptybench: where is hunted? "
			                "(--binary PATH)\n");
			return 2;
		}
		o.binary = binary;
	}
	if (!o.data_dir)
		o.data_dir = getenv("HUNTED_DATA");
	if (!o.data_dir) {
		const char *slash = strrchr(o.binary, '/');

		snprintf(data, sizeof(data), "%.*s../data",
		         slash ? (int)(slash - o.binary + 1) : 0, o.binary);
		o.data_dir = data;
	}
	if (access(o.binary, X_OK) != 0) {
		fprintf(stderr, "ptybench: cannot run %s: %s\n", o.binary,
		        strerror(errno));
		return 1;
	}
	r.times = calloc((size_t)o.keys, sizeof(*r.times));
	snprintf(home, sizeof(home), "%s/ptybench.XXXXXX",
	         getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!r.times || !mkdtemp(home)) {
		fprintf(stderr, "ptybench: %s\n", strerror(errno));
		return 1;
	}
	snprintf(sub, sizeof(sub), "%s/data", home);
	mkdir(sub, 0700);
	snprintf(sub, sizeof(sub), "%s/config", home);
	mkdir(sub, 0700);
	snprintf(sub, sizeof(sub), "%s/game", home);
	mkdir(sub, 0700);
	if (make_data(o.data_dir, sub) != 0) {
		nftw(home, remove_one, 16, FTW_DEPTH | FTW_PHYS);
		return 1;
	}

	/* A signal ends the run through the same end as any other: the
	 * game killed, its folders removed. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	t_spawn = bench_now_ns();
	pid = spawn(&o, home, &fd);
	if (pid < 0) {
		fprintf(stderr, "ptybench: forkpty: %s\n", strerror(errno));
		rc = 1;
	} else {
		rc = play(fd, &o, t_spawn, &u, &r) != 0;
		if (interrupted)
			r.failed = "interrupted";
		killed = finish(pid, fd, &status);
		if (killed)
			fprintf(stderr, "ptybench: hunted did not leave on a "
			                "hangup: killed\n");
		if (rc) {
			fprintf(stderr,
			        "ptybench: %s after %d keys (turn %ld)\n",
			        r.failed ? r.failed : "stopped", r.ntimed,
			        r.turn);
			if (u.eof)
				print_text(&u);
		} else {
			report(&o, &r);
		}
		rc = rc || killed;
	}
	nftw(home, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	free(u.buf);
	free(r.times);
	return rc;
}
