/* replay.c - reading recordings. */
#include "replay.h"

#include <errno.h>
#include <string.h>

#include "core/base/num.h"
#include "core/world/cmd.h"
#include "record.h"

#define REPLAY_LINE 512

/* Reads one line of a recording into buf (of size bytes) without its "\n"
 * or "\r\n".  Returns 1, 0 at the end of the file, REPLAY_TOO_LONG for a
 * line that does not fit or REPLAY_NUL for one holding a NUL byte; either
 * way the whole line is consumed, so line numbers stay right. */
#define REPLAY_TOO_LONG (-1)
#define REPLAY_NUL      (-2)
static int replay_line(FILE *f, char *buf, size_t size)
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

/* Splits s in place at runs of spaces and tabs.  Returns the number of
 * words; only the first max are stored in words. */
static size_t replay_words(char *s, char **words, size_t max)
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

int replay_read_setup(const char *path, struct setup *s, char *err,
                      size_t err_size)
{
	FILE *f = fopen(path, "r");
	char line[REPLAY_LINE];
	int n = 0, have_version = 0, rc = -1, r;

	if (!f) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return -1;
	}
	while ((r = replay_line(f, line, sizeof(line))) != 0) {
		char word[32], arg[REPLAY_LINE], why[256];

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
		if (!strcmp(word, RECORD_MAGIC)) {
			if (strcmp(arg, "1") != 0) {
				snprintf(
				        err, err_size,
				        "%s:%d: unknown recording version '%s'",
				        path, n, arg);
				goto out;
			}
			have_version = 1;
		} else if (setup_read_game(s, word, arg, why, sizeof(why)) !=
		           0) {
			snprintf(err, err_size, "%s:%d: %s", path, n, why);
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

int replay_open(struct replay *r, const char *path, char *err, size_t err_size)
{
	memset(r, 0, sizeof(*r));
	r->path = path;
	r->f = fopen(path, "r");
	if (!r->f) {
		snprintf(err, err_size, "cannot read '%s': %s", path,
		         strerror(errno));
		return -1;
	}
	return 0;
}

void replay_close(struct replay *r)
{
	if (r->f)
		fclose(r->f);
	r->f = NULL;
}

int replay_next(struct replay *r, struct world_cmd *cmd)
{
	char line[REPLAY_LINE];
	int k;

	while ((k = replay_line(r->f, line, sizeof(line))) != 0) {
		char *w[4];
		uint64_t turn;

		r->line++;
		if (k < 0)
			return -1;
		if (strncmp(line, "turn ", 5) != 0)
			continue;
		/* turn N CMD CHECKSUM, and nothing else */
		if (replay_words(line, w, 4) != 4 ||
		    num_parse_u64(w[1], 10, UINT32_MAX, &turn) != 0 ||
		    strlen(w[3]) > 16 ||
		    num_parse_u64(w[3], 16, UINT64_MAX, &r->want) != 0 ||
		    cmd_parse(w[2], cmd) != strlen(w[2]))
			return -1;
		return 1;
	}
	return 0;
}

int replay_matches(const struct replay *r, const struct game *g)
{
	return game_checksum(g) == r->want;
}
