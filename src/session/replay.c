/* SPDX-License-Identifier: MIT */
/* replay.c - reading recordings: the whole file checked line by line
 * before anything is played (the format is in record.h). */
#include "replay.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/file.h"
#include "core/base/num.h"
#include "core/world/cmd.h"
#include "record.h"

/* Longest word quoted back in a message. */
#define REPLAY_QUOTE_MAX 40
/* Characters of a checksum, as the recorder writes it. */
#define REPLAY_SUM_DIGITS 16

/* Where the reading stands. */
enum replay_part {
	REPLAY_START,  /* before "hunted-recording 2": comments only */
	REPLAY_HEADER, /* the game's options, comments */
	REPLAY_TURNS,  /* turn lines */
	REPLAY_ENDED,  /* after the end line: nothing more */
};

struct replay_reader {
	struct replay *r;
	struct setup *s;
	struct diag_list *diags;
	const char *path;
	enum replay_part part;
	uint64_t seen; /* the header's options, for setup_read_game */
	char *line;    /* the current line, NUL-terminated in place */
	size_t len;
	int lineno;
	/* The words of the line are split in a copy: the line itself is
	 * quoted whole under a problem. */
	char words[REPLAY_LINE_MAX + 1];
};

/* The problem of the current line (or of the whole file when lineno is
 * 0), with the line itself for the report.  Returns -1. */
__attribute__((format(printf, 2, 3))) static int
replay_problem(struct replay_reader *rd, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_add(rd->diags, DIAG_ERROR, rd->path, rd->lineno, 0,
	         rd->lineno ? rd->line : NULL, rd->lineno ? rd->len : 0, NULL,
	         "%s", msg);
	return -1;
}

/* A word of the file for a message: printable ASCII as it is, any other
 * byte as \xNN, long words cut (diag_quote). */
static const char *replay_quote(const char *s, char *buf, size_t size)
{
	return diag_quote(s, strlen(s), REPLAY_QUOTE_MAX, buf, size);
}

/* Splits a copy of the current line at single spaces into at most max
 * words.  Returns the number of words, or -1 for an empty word (two
 * spaces in a row, a space at either end) or more than max. */
static int replay_split(struct replay_reader *rd, char **words, int max)
{
	char *p = rd->words;
	int n = 0;

	memcpy(rd->words, rd->line, rd->len + 1);
	for (;;) {
		char *sp = strchr(p, ' ');

		if (n == max || sp == p || !*p)
			return -1;
		words[n++] = p;
		if (!sp)
			return n;
		*sp = '\0';
		p = sp + 1;
	}
}

/* A checksum: exactly REPLAY_SUM_DIGITS hexadecimal digits. */
static int replay_sum(struct replay_reader *rd, const char *w, uint64_t *sum)
{
	char q[DIAG_QUOTE_SIZE(REPLAY_QUOTE_MAX)];

	if (strlen(w) != REPLAY_SUM_DIGITS ||
	    num_parse_u64(w, 16, UINT64_MAX, sum) != 0)
		return replay_problem(rd,
		                      "checksum '%s' is not %d hexadecimal "
		                      "digits",
		                      replay_quote(w, q, sizeof(q)),
		                      REPLAY_SUM_DIGITS);
	return 0;
}

/* The bytes of a line: no NUL, no control character; outside ASCII only
 * in the map's name (a path may be UTF-8). */
static int replay_bytes(struct replay_reader *rd)
{
	size_t i, free_from = rd->len;

	if (rd->part == REPLAY_HEADER && !strncmp(rd->line, "map ", 4))
		free_from = 4;
	for (i = 0; i < rd->len; i++) {
		unsigned char c = (unsigned char)rd->line[i];

		if (c == 0)
			return replay_problem(rd, "NUL byte in the line (is it "
			                          "a binary file?)");
		if (c < 0x20 || c == 0x7f)
			return replay_problem(rd,
			                      "control character 0x%02x in the "
			                      "line",
			                      c);
		if (c >= 0x80 && i < free_from)
			return replay_problem(rd,
			                      "byte 0x%02x is not ASCII (only "
			                      "the map's name may have such "
			                      "bytes)",
			                      c);
	}
	return 0;
}

/* The first line that is not a comment: the format. */
static int replay_magic(struct replay_reader *rd)
{
	char *w[2], q[64];
	uint64_t v;

	if (replay_split(rd, w, 2) != 2 || strcmp(w[0], RECORD_MAGIC))
		return replay_problem(rd,
		                      "not a hunted recording: it must start "
		                      "with '%s %d'",
		                      RECORD_MAGIC, RECORD_VERSION);
	if (num_parse_u64(w[1], 10, UINT32_MAX, &v) != 0)
		return replay_problem(rd, "unknown recording format '%s'",
		                      replay_quote(w[1], q, sizeof(q)));
	if (v != RECORD_VERSION)
		return replay_problem(rd,
		                      "this recording is in format %u; this "
		                      "hunted reads format %d only (record "
		                      "the game again)",
		                      (unsigned)v, RECORD_VERSION);
	rd->part = REPLAY_HEADER;
	return 0;
}

/* NAME VALUE: one of the game's options; the value is the rest of the
 * line (a map's path may hold spaces). */
static int replay_option(struct replay_reader *rd)
{
	char *name = rd->words, *sp, why[256], q[64];
	size_t i;

	memcpy(rd->words, rd->line, rd->len + 1);
	sp = strchr(name, ' ');
	if (!sp || sp == name || !sp[1])
		return replay_problem(rd,
		                      "expected 'NAME VALUE', 'turn N CMD "
		                      "CHECKSUM' or 'end TURNS CHECKSUM', got "
		                      "'%s'",
		                      replay_quote(rd->line, q, sizeof(q)));
	*sp = '\0';
	for (i = 0; name[i]; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyz-", name[i]))
			return replay_problem(rd,
			                      "unknown key '%s' in the header",
			                      replay_quote(name, q, sizeof(q)));
	if (!strcmp(name, RECORD_MAGIC))
		return replay_problem(rd, "'%s' given twice", RECORD_MAGIC);
	/* Which hunted wrote it: a save must be resumed by the same. */
	if (!strcmp(name, "version")) {
		if (rd->r->version_line)
			return replay_problem(rd, "'version' given twice");
		if (strlen(sp + 1) > REPLAY_VERSION_MAX || strchr(sp + 1, ' '))
			return replay_problem(
			        rd,
			        "version '%s' is not one word of "
			        "at most %d characters",
			        replay_quote(sp + 1, q, sizeof(q)),
			        REPLAY_VERSION_MAX);
		strcpy(rd->r->version, sp + 1);
		rd->r->version_line = rd->lineno;
		return 0;
	}
	if (!strcmp(name, "map") && record_unescape(sp + 1) != 0)
		return replay_problem(rd,
		                      "map '%s': a backslash is followed by "
		                      "neither 'n' nor another backslash",
		                      replay_quote(sp + 1, q, sizeof(q)));
	if (setup_read_game(rd->s, name, sp + 1, &rd->seen, why, sizeof(why)) !=
	    0)
		return replay_problem(rd, "%s", why);
	return 0;
}

/* turn N CMD CHECKSUM, N being one more than the turn before. */
static int replay_turn(struct replay_reader *rd)
{
	struct replay *r = rd->r;
	struct replay_turn t;
	char *w[4], q[64];
	uint64_t n;
	size_t want = r->nturns + 1;

	if (replay_split(rd, w, 4) != 4)
		return replay_problem(rd, "expected 'turn N CMD CHECKSUM'");
	if (num_parse_u64(w[1], 10, UINT32_MAX, &n) != 0)
		return replay_problem(rd,
		                      "turn number '%s' is not a number from "
		                      "1 to %u",
		                      replay_quote(w[1], q, sizeof(q)),
		                      UINT32_MAX);
	if (n != want)
		return replay_problem(rd,
		                      "turn %llu where turn %zu was expected "
		                      "(the turns run 1, 2, 3...)",
		                      (unsigned long long)n, want);
	if (cmd_parse(w[2], &t.cmd) != strlen(w[2]))
		return replay_problem(rd, "unknown command '%s'",
		                      replay_quote(w[2], q, sizeof(q)));
	if (replay_sum(rd, w[3], &t.sum) != 0)
		return -1;
	t.line = rd->lineno;
	if (r->nturns == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 256;
		struct replay_turn *nt = realloc(r->turns, cap * sizeof(*nt));

		if (!nt)
			return replay_problem(rd, "out of memory");
		r->turns = nt;
		r->cap = cap;
	}
	r->turns[r->nturns++] = t;
	return 0;
}

/* end TURNS CHECKSUM: as many turns as were read, and the checksum the
 * last one left. */
static int replay_end(struct replay_reader *rd)
{
	struct replay *r = rd->r;
	char *w[3], q[64];
	uint64_t n;

	if (replay_split(rd, w, 3) != 3)
		return replay_problem(rd, "expected 'end TURNS CHECKSUM'");
	if (num_parse_u64(w[1], 10, UINT32_MAX, &n) != 0)
		return replay_problem(rd,
		                      "turn count '%s' is not a number from 0 "
		                      "to %u",
		                      replay_quote(w[1], q, sizeof(q)),
		                      UINT32_MAX);
	if (n != r->nturns)
		return replay_problem(rd,
		                      "the end line counts %llu turns, the "
		                      "recording has %zu",
		                      (unsigned long long)n, r->nturns);
	if (replay_sum(rd, w[2], &r->end_sum) != 0)
		return -1;
	if (r->nturns && r->end_sum != r->turns[r->nturns - 1].sum)
		return replay_problem(rd,
		                      "the end line's checksum is not the "
		                      "one turn %zu left",
		                      r->nturns);
	r->end_line = rd->lineno;
	rd->part = REPLAY_ENDED;
	return 0;
}

static int replay_line(struct replay_reader *rd)
{
	char q[DIAG_QUOTE_SIZE(REPLAY_QUOTE_MAX)];

	if (replay_bytes(rd) != 0)
		return -1;
	if (rd->len == 0)
		return replay_problem(rd, "empty line");
	if (rd->line[0] == '#') {
		if (rd->part > REPLAY_HEADER)
			return replay_problem(rd, "a comment after the header");
		return 0;
	}
	switch (rd->part) {
	case REPLAY_START:
		return replay_magic(rd);
	case REPLAY_HEADER:
	case REPLAY_TURNS:
		if (!strncmp(rd->line, "turn ", 5)) {
			rd->part = REPLAY_TURNS;
			return replay_turn(rd);
		}
		if (!strncmp(rd->line, "end ", 4))
			return replay_end(rd);
		if (rd->part == REPLAY_HEADER)
			return replay_option(rd);
		return replay_problem(rd,
		                      "expected 'turn N CMD CHECKSUM' or 'end "
		                      "TURNS CHECKSUM', got '%s'",
		                      replay_quote(rd->line, q, sizeof(q)));
	case REPLAY_ENDED:
		break;
	}
	return replay_problem(rd, "text after the end line");
}

/* Every line of buf (len bytes), in order, until the first problem. */
static int replay_parse(struct replay_reader *rd, char *buf, size_t len)
{
	size_t start = 0;

	if (len == 0) {
		rd->lineno = 0;
		return replay_problem(rd, "empty file: not a hunted "
		                          "recording");
	}
	while (start < len) {
		char *nl = memchr(buf + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - buf) : len;

		rd->line = buf + start;
		rd->len = end - start;
		rd->lineno++;
		if (rd->len > REPLAY_LINE_MAX) {
			rd->len = REPLAY_LINE_MAX;
			return replay_problem(rd, "line longer than %d bytes",
			                      REPLAY_LINE_MAX);
		}
		/* The line ends here: its '\n' becomes its NUL. */
		buf[end] = '\0';
		if (!nl)
			return replay_problem(
			        rd, "the last line has no end of line: "
			            "the file is cut short");
		if (replay_line(rd) != 0)
			return -1;
		start = end + 1;
	}
	if (rd->part == REPLAY_START) {
		rd->lineno = 0;
		return replay_problem(rd,
		                      "not a hunted recording: no '%s %d' "
		                      "line",
		                      RECORD_MAGIC, RECORD_VERSION);
	}
	if (rd->part != REPLAY_ENDED)
		return replay_problem(rd,
		                      "the recording is cut short after turn "
		                      "%zu: it has no end line (the game was "
		                      "not recorded to its end)",
		                      rd->r->nturns);
	return 0;
}

int replay_load(struct replay *r, const char *path, struct setup *s,
                struct diag_list *diags)
{
	struct replay_reader rd;
	char msg[PATH_MAX + 128];
	char *buf;
	size_t len;
	int rc;

	memset(r, 0, sizeof(*r));
	memset(&rd, 0, sizeof(rd));
	rd.r = r;
	rd.s = s;
	rd.diags = diags;
	rd.path = path;
	if (file_read(path, REPLAY_FILE_MAX, &buf, &len, NULL, msg,
	              sizeof(msg)) != FILE_OK) {
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, 0, NULL, "%s",
		         msg);
		return -1;
	}
	rc = replay_parse(&rd, buf, len);
	free(buf);
	if (rc != 0) {
		replay_fini(r);
		return -1;
	}
	r->path = path;
	return 0;
}

void replay_fini(struct replay *r)
{
	free(r->turns);
	memset(r, 0, sizeof(*r));
}

int replay_next(struct replay *r, struct world_cmd *cmd)
{
	if (r->next >= r->nturns)
		return 0;
	*cmd = r->turns[r->next].cmd;
	r->line = r->turns[r->next].line;
	r->want = r->turns[r->next].sum;
	r->next++;
	return 1;
}

size_t replay_left(const struct replay *r)
{
	return r->nturns - r->next;
}

int replay_matches(const struct replay *r, const struct game *g)
{
	return game_checksum(g) == r->want;
}

int replay_end_matches(const struct replay *r, const struct game *g)
{
	return game_checksum(g) == r->end_sum;
}
