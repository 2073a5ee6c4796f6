/* SPDX-License-Identifier: MIT */
/* scores.c - reading, ranking and writing the high-score list (the
 * format is in scores.h). */
#include "scores.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/base/file.h"
#include "core/base/num.h"
#include "fault.h"
#include "userdir.h"

#define SCORES_LINE_MAX 512
#define SCORES_FIELDS   7 /* before the text */

/* Splits line at single spaces into the SCORES_FIELDS fields and the
 * rest.  Returns 0, or -1 when a field is missing or empty. */
static int scores_split(char *line, char **f, char **rest)
{
	char *p = line;
	int i;

	for (i = 0; i < SCORES_FIELDS; i++) {
		char *sp = strchr(p, ' ');

		if (!sp || sp == p)
			return -1;
		*sp = '\0';
		f[i] = p;
		p = sp + 1;
	}
	*rest = p;
	return *p ? 0 : -1;
}

static int scores_date_ok(const char *d)
{
	int i;

	if (strlen(d) != 10)
		return 0;
	for (i = 0; i < 10; i++)
		if (i == 4 || i == 7 ? d[i] != '-' : d[i] < '0' || d[i] > '9')
			return 0;
	return 1;
}

/* One game's line into e.  Returns NULL, or what is wrong. */
static const char *scores_parse(char *line, struct score_entry *e)
{
	char *f[SCORES_FIELDS], *text;
	uint64_t v;

	if (scores_split(line, f, &text) != 0)
		return "expected 'SCORE DATE SEED LEVEL TURNS KILLS DUNGEON "
		       "END'";
	if (num_parse_u64(f[0], 10, LONG_MAX, &v) != 0)
		return "the score is not a number";
	e->score = (long)v;
	if (!scores_date_ok(f[1]))
		return "the date is not YYYY-MM-DD";
	memcpy(e->date, f[1], sizeof(e->date));
	if (num_parse_u64(f[2], 10, UINT64_MAX, &e->seed) != 0)
		return "the seed is not a number";
	if (num_parse_u64(f[3], 10, 1000000, &v) != 0 || v == 0)
		return "the level is not a number from 1";
	e->level = (unsigned)v;
	if (num_parse_u64(f[4], 10, UINT32_MAX, &v) != 0)
		return "the turns are not a number";
	e->turns = (uint32_t)v;
	if (num_parse_u64(f[5], 10, UINT32_MAX, &v) != 0)
		return "the kills are not a number";
	e->kills = (unsigned)v;
	if (strlen(f[6]) >= sizeof(e->dungeon))
		return "the dungeon's name is too long";
	strcpy(e->dungeon, f[6]);
	if (strlen(text) >= sizeof(e->text))
		return "the end's words are too long";
	strcpy(e->text, text);
	return NULL;
}

/* Best first; a game keeps its place above later games of its score. */
static void scores_sort(struct scores *l)
{
	size_t i, j;

	for (i = 1; i < l->n; i++) {
		struct score_entry e = l->items[i];

		for (j = i; j > 0 && l->items[j - 1].score < e.score; j--)
			l->items[j] = l->items[j - 1];
		l->items[j] = e;
	}
}

__attribute__((format(printf, 4, 5))) static int
scores_problem(char *err, size_t size, const char *path, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(err, size, "%s:%s", path, msg);
	return -1;
}

/* Every line of buf, in order. */
static int scores_parse_all(struct scores *l, const char *path, char *buf,
                            size_t len, char *err, size_t err_size)
{
	size_t start = 0;
	int lineno = 0, magic = 0;

	while (start < len) {
		char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len, i;
		char *line = buf + start;
		struct score_entry e;
		const char *why;

		lineno++;
		if (!nl)
			return scores_problem(err, err_size, path,
			                      "%d: the last line has no end of "
			                      "line: the file is cut short",
			                      lineno);
		if (end - start > SCORES_LINE_MAX)
			return scores_problem(err, err_size, path,
			                      "%d: line longer than %d bytes",
			                      lineno, SCORES_LINE_MAX);
		buf[end] = '\0';
		start = end + 1;
		for (i = 0; line[i]; i++)
			if ((unsigned char)line[i] < 0x20 ||
			    (unsigned char)line[i] >= 0x7f)
				return scores_problem(
				        err, err_size, path,
				        "%d: byte 0x%02x is not printable "
				        "ASCII",
				        lineno, (unsigned char)line[i]);
		if (i < end - (size_t)(line - buf))
			return scores_problem(err, err_size, path,
			                      "%d: NUL byte in the line (is it "
			                      "a binary file?)",
			                      lineno);
		if (line[0] == '#')
			continue;
		if (!magic) {
			char want[32];

			snprintf(want, sizeof(want), "%s %d", SCORES_MAGIC,
			         SCORES_VERSION);
			if (strcmp(line, want))
				return scores_problem(
				        err, err_size, path,
				        "%d: not a hunted high-score list: it "
				        "must start with '%s'",
				        lineno, want);
			magic = 1;
			continue;
		}
		memset(&e, 0, sizeof(e));
		why = scores_parse(line, &e);
		if (why)
			return scores_problem(err, err_size, path, "%d: %s",
			                      lineno, why);
		if (l->n < SCORES_KEEP)
			l->items[l->n++] = e;
		else if (e.score > l->items[SCORES_KEEP - 1].score)
			l->items[SCORES_KEEP - 1] = e;
		scores_sort(l);
	}
	if (!magic)
		return scores_problem(err, err_size, path,
		                      " not a hunted high-score list: no "
		                      "'%s %d' line",
		                      SCORES_MAGIC, SCORES_VERSION);
	return 0;
}

int scores_read(struct scores *l, const char *path, char *err, size_t err_size)
{
	char msg[PATH_MAX + 128];
	char *buf;
	size_t len;
	int rc;

	l->n = 0;
	if (access(path, F_OK) != 0 && errno == ENOENT)
		return 0;
	if (file_read(path, SCORES_FILE_MAX, &buf, &len, NULL, msg,
	              sizeof(msg)) != FILE_OK) {
		snprintf(err, err_size, "%s", msg);
		return -1;
	}
	rc = scores_parse_all(l, path, buf, len, err, err_size);
	free(buf);
	if (rc != 0)
		l->n = 0;
	return rc;
}

void scores_format(const struct score_entry *e, char *buf, size_t size)
{
	snprintf(buf, size, "%ld %s %llu %u %u %u %s %s", e->score, e->date,
	         (unsigned long long)e->seed, e->level, e->turns, e->kills,
	         e->dungeon, e->text);
}

int scores_write(const struct scores *l, const char *path, char *err,
                 size_t err_size)
{
	struct userdir_tmp t;
	char line[SCORES_LINE_MAX];
	size_t i;

	if (userdir_begin(&t, path, err, err_size) != 0)
		return -1;
	fprintf(t.f, "# hunted high scores, best first: SCORE DATE SEED "
	             "LEVEL TURNS KILLS\n"
	             "# DUNGEON END (doc/formats.md)\n");
	fprintf(t.f, "%s %d\n", SCORES_MAGIC, SCORES_VERSION);
	for (i = 0; i < l->n; i++) {
		scores_format(&l->items[i], line, sizeof(line));
		fprintf(t.f, "%s\n", line);
	}
	return userdir_commit(&t, err, err_size);
}

int scores_add(struct scores *l, const struct score_entry *e)
{
	size_t at = l->n;

	while (at > 0 && l->items[at - 1].score < e->score)
		at--;
	if (at >= SCORES_KEEP)
		return -1;
	if (l->n < SCORES_KEEP)
		l->n++;
	memmove(&l->items[at + 1], &l->items[at],
	        (l->n - 1 - at) * sizeof(l->items[0]));
	l->items[at] = *e;
	return (int)at;
}

void scores_word(const char *name, char *buf, size_t size)
{
	size_t i;

	if (!size)
		return;
	for (i = 0; name[i] && i + 1 < size; i++) {
		unsigned char c = (unsigned char)name[i];

		buf[i] = c == ' ' ? '_' : c > 0x20 && c < 0x7f ? (char)c : '?';
	}
	buf[i] = '\0';
	if (!i && size > 1)
		snprintf(buf, size, "?");
}

/* Takes the lock every game recording into the list at path holds: the
 * folder the list is in.  A lock file beside the list could be made a
 * folder or a dangling link, or be left read-only, and every game ending
 * then wrote without a lock; the folder must be there and be writable
 * for the list to be written at all.  The old lock file is the fallback
 * where a folder cannot be locked.  Returns the descriptor to close, or
 * -1 when no lock could be had. */
static int scores_lock(const char *path)
{
	char folder[PATH_MAX], lock[PATH_MAX + 8];
	const char *slash = strrchr(path, '/');
	int fd;

	if (fault_fails("lock"))
		return -1;
	if (!slash)
		snprintf(folder, sizeof(folder), ".");
	else if (slash == path)
		snprintf(folder, sizeof(folder), "/");
	else
		snprintf(folder, sizeof(folder), "%.*s", (int)(slash - path),
		         path);
	fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		int rc;

		while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
			;
		if (rc == 0)
			return fd;
		close(fd);
	}
	snprintf(lock, sizeof(lock), "%s.lock", path);
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd >= 0)
		while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
			;
	return fd;
}

/* The results kept aside (PATH.pending-PID) when no lock could be had,
 * at most max of them, into names; not the temporary files of one being
 * written.  Returns how many. */
static size_t scores_pending(const char *path, char (*names)[PATH_MAX + 32],
                             size_t max)
{
	size_t i, n = 0;
	glob_t g;

	if (!userdir_siblings(path, "pending", &g))
		return 0;
	for (i = 0; i < g.gl_pathc && n < max; i++)
		if (!strstr(g.gl_pathv[i] + strlen(path), ".tmp-") &&
		    strlen(g.gl_pathv[i]) < PATH_MAX + 32)
			snprintf(names[n++], PATH_MAX + 32, "%s",
			         g.gl_pathv[i]);
	globfree(&g);
	return n;
}

/* The results kept aside added to l (under the lock); their files, to
 * be removed once l is written, into names.  Returns how many. */
static size_t scores_take_pending(const char *path, struct scores *l,
                                  char (*names)[PATH_MAX + 32], size_t max)
{
	static struct scores one; /* large: kept off the stack */
	char err[PATH_MAX + 128];
	size_t i, j, n = scores_pending(path, names, max), taken = 0;

	for (i = 0; i < n; i++) {
		/* A damaged one is left for the player to see. */
		if (scores_read(&one, names[i], err, sizeof(err)) != 0)
			continue;
		for (j = 0; j < one.n; j++)
			scores_add(l, &one.items[j]);
		if (taken != i)
			memcpy(names[taken], names[i], sizeof(names[i]));
		taken++;
	}
	return taken;
}

/* No lock: the result is not written into the list, where a game ending
 * at the same moment could lose it, but kept aside in a file of its own
 * for the next start to add (scores_merge).  l and rank say where it
 * would stand now. */
static int scores_pend(const char *path, const struct score_entry *e,
                       struct scores *l, int *rank, char *err, size_t err_size)
{
	static struct scores one; /* large: kept off the stack */
	char side[PATH_MAX + 32], why[PATH_MAX + 128];

	if (scores_read(l, path, why, sizeof(why)) != 0)
		l->n = 0;
	*rank = scores_add(l, e);
	one.n = 0;
	scores_add(&one, e);
	snprintf(side, sizeof(side), "%s.pending-%ld", path, (long)getpid());
	if (scores_write(&one, side, why, sizeof(why)) != 0) {
		snprintf(err, err_size,
		         "they could not be locked, and the result could not "
		         "be kept aside: %s",
		         why);
		return -1;
	}
	snprintf(err, err_size,
	         "they could not be locked; the result waits in %s, added "
	         "to them on the next start",
	         side);
	return -1;
}

int scores_merge(const char *path, char *err, size_t err_size)
{
	static struct scores l; /* large: kept off the stack */
	static char names[SCORES_KEEP][PATH_MAX + 32];
	char why[PATH_MAX + 300];
	size_t n, i;
	int fd, rc;

	if (!scores_pending(path, names, 1))
		return 0;
	fd = scores_lock(path);
	if (fd < 0)
		return 0;
	if (scores_read(&l, path, why, sizeof(why)) != 0) {
		/* The next game's end deals with a damaged list. */
		close(fd);
		return 0;
	}
	n = scores_take_pending(path, &l, names, SCORES_KEEP);
	rc = n ? scores_write(&l, path, err, err_size) : 0;
	if (rc == 0)
		for (i = 0; i < n; i++)
			unlink(names[i]);
	close(fd);
	return rc == 0 ? (int)n : -1;
}

int scores_record(const char *path, const struct score_entry *e,
                  struct scores *l, int *rank, char *note, size_t note_size,
                  char *err, size_t err_size)
{
	static char pending[SCORES_KEEP][PATH_MAX + 32];
	char why[PATH_MAX + 300], moved[PATH_MAX + 64];
	size_t n, i;
	int fd, rc;

	*note = '\0';
	fd = scores_lock(path);
	if (fd < 0)
		return scores_pend(path, e, l, rank, err, err_size);
	if (scores_read(l, path, why, sizeof(why)) != 0) {
		char merr[PATH_MAX + 128];

		if (userdir_move_aside(path, "bad", moved, sizeof(moved), merr,
		                       sizeof(merr)) != 0) {
			/* Never written over: the list stays as it is. */
			*rank = scores_add(l, e);
			snprintf(err, err_size,
			         "%s; %s, so it is left as it is", why, merr);
			close(fd);
			return -1;
		}
		snprintf(note, note_size,
		         "%s; it was moved aside to %s and a new list begun",
		         why, moved);
	}
	n = scores_take_pending(path, l, pending, SCORES_KEEP);
	*rank = scores_add(l, e);
	rc = scores_write(l, path, err, err_size);
	if (rc == 0)
		for (i = 0; i < n; i++)
			unlink(pending[i]);
	close(fd);
	return rc;
}
