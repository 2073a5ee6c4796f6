/* SPDX-License-Identifier: MIT */
/* campaign.c - a run of hunted: the shipped dungeons in an order that
 * teaches (one wall, doors and keys, kinds of ground, all of it, hunters
 * that each search their own way, a maze, a cave too big to see, a
 * crowd), then generated dungeons that grow in
 * size and in monsters.  The stairs of the last lead out. */
#include "campaign.h"

#include <stdio.h>

#include "files.h"

static const struct {
	const char *map;    /* a shipped dungeon's name, or NULL: generated */
	int w, h, monsters; /* a generated one's size and monsters */
} campaign[] = {
        {"tutorial", 0, 0, 0}, {"doors", 0, 0, 0},   {"elements", 0, 0, 0},
        {"default", 0, 0, 0},  {"kennels", 0, 0, 0}, {"maze", 0, 0, 0},
        {"cave", 0, 0, 0},     {"crowd", 0, 0, 0},   {NULL, 80, 30, 12},
        {NULL, 100, 40, 18},   {NULL, 128, 50, 26},
};

#define CAMPAIGN_LEVELS ((int)(sizeof(campaign) / sizeof(campaign[0])))

int campaign_levels(void)
{
	return CAMPAIGN_LEVELS;
}

int campaign_active(const struct setup *s)
{
	return !s->map && !s->gen_w && !s->lesson_name;
}

struct data *campaign_load(void *setup, int depth, uint64_t seed,
                           struct diag_list *diags)
{
	struct setup s = *(const struct setup *)setup;

	if (depth < 1 || depth > CAMPAIGN_LEVELS) {
		diag_add(diags, DIAG_ERROR, "campaign", 1, 1, NULL, 0, NULL,
		         "there is no level %d", depth);
		return NULL;
	}
	s.seed = seed;
	s.map = campaign[depth - 1].map;
	if (!s.map) {
		s.gen_w = campaign[depth - 1].w;
		s.gen_h = campaign[depth - 1].h;
		if (s.monsters < 0)
			s.monsters = campaign[depth - 1].monsters;
	}
	return files_load(&s, diags);
}

void campaign_label(int depth, char *buf, size_t size)
{
	if (depth < 1 || depth > CAMPAIGN_LEVELS)
		snprintf(buf, size, "?");
	else if (campaign[depth - 1].map)
		snprintf(buf, size, "%s", campaign[depth - 1].map);
	else
		snprintf(buf, size, "generated %dx%d", campaign[depth - 1].w,
		         campaign[depth - 1].h);
}
