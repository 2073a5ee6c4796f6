/* SPDX-License-Identifier: MIT */
/* record.c - writing recordings (the format is in record.h). */
#include "record.h"

#include <inttypes.h>
#include <string.h>

#include "core/world/cmd.h"

void record_write_game(FILE *f, const struct setup *s)
{
	static struct setup t; /* large: kept off the stack */
	size_t i, n = 0;

	if (!s->map || (!strchr(s->map, '\n') && !strchr(s->map, '\\'))) {
		setup_write_game(f, s);
		return;
	}
	t = *s;
	/* A map's name is one line: a newline in it is written \n. */
	for (i = 0; s->map[i] && n + 2 < sizeof(t.map_buf); i++) {
		if (s->map[i] == '\n' || s->map[i] == '\\') {
			t.map_buf[n++] = '\\';
			t.map_buf[n++] = s->map[i] == '\n' ? 'n' : '\\';
		} else {
			t.map_buf[n++] = s->map[i];
		}
	}
	t.map_buf[n] = '\0';
	t.map = t.map_buf;
	setup_write_game(f, &t);
}

int record_unescape(char *value)
{
	char *r = value, *w = value;

	while (*r) {
		if (*r != '\\') {
			*w++ = *r++;
			continue;
		}
		if (r[1] == 'n')
			*w++ = '\n';
		else if (r[1] == '\\')
			*w++ = '\\';
		else
			return -1;
		r += 2;
	}
	*w = '\0';
	return 0;
}

void record_write_header(FILE *f, const struct setup *s)
{
	fprintf(f, "# hunted recording: hunted --headless --replay FILE\n");
	fprintf(f, "%s %d\n", RECORD_MAGIC, RECORD_VERSION);
	record_write_game(f, s);
}

void record_write_line(FILE *f, uint32_t n, struct world_cmd cmd, uint64_t sum)
{
	char letters[CMD_LETTERS_MAX + 1];

	cmd_format(cmd, letters);
	fprintf(f, "turn %u %s %016" PRIx64 "\n", n, letters, sum);
}

void record_write_turn(FILE *f, const struct game *g, struct world_cmd cmd)
{
	record_write_line(f, g->world->turn, cmd, game_checksum(g));
}

void record_write_end(FILE *f, const struct game *g)
{
	fprintf(f, "end %u %016" PRIx64 "\n", g->world->turn, game_checksum(g));
}
