/* SPDX-License-Identifier: MIT */
/* record.c - writing recordings (the format is in record.h). */
#include "record.h"

#include <inttypes.h>

#include "core/world/cmd.h"

void record_write_header(FILE *f, const struct setup *s)
{
	fprintf(f, "# hunted recording: hunted --headless --replay FILE\n");
	fprintf(f, "%s %d\n", RECORD_MAGIC, RECORD_VERSION);
	setup_write_game(f, s);
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
