/* SPDX-License-Identifier: MIT */
/* campaign.c - a run of hunted: the levels of campaign.txt (or of the
 * file --campaign names), one after the other by their stairs.  The file
 * says which shipped dungeon each level is, or what size of dungeon to
 * generate with how many monsters; the stairs of the last lead out.
 *
 * The file is read once per session and kept: every level, the status
 * line and a reload ask for it again, and the same file must answer the
 * same way all game long. */
#include "campaign.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"

/* The campaign last read, by the path it was read from. */
static struct {
	char path[PATH_MAX];
	struct data *d;
} campaign_read;

/* The campaign s plays, read when it is not the one kept; NULL with the
 * reason in diags. */
static const struct data *campaign_get(const struct setup *s,
                                       struct diag_list *diags)
{
	char path[PATH_MAX];
	struct data *d;

	if (files_campaign_path(s, path, sizeof(path)) != 0) {
		diag_add(diags, DIAG_ERROR, "campaign.txt", 0, 0, NULL, 0, NULL,
		         "the campaign's file name is too long");
		return NULL;
	}
	if (campaign_read.d && !strcmp(campaign_read.path, path))
		return campaign_read.d;
	if (files_check(path, s, &d, diags) != 0)
		return NULL;
	if (!d->nlevels) {
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, 0,
		         "a level is e.g. 'level first map tutorial'",
		         "the campaign has no levels");
		data_free(d);
		return NULL;
	}
	data_free(campaign_read.d);
	campaign_read.d = d;
	snprintf(campaign_read.path, sizeof(campaign_read.path), "%s", path);
	return d;
}

/* Level depth of s's campaign, or NULL when there is none. */
static const struct data_level *campaign_level(const struct setup *s, int depth)
{
	struct diag_list diags;
	const struct data *d;

	diag_list_init(&diags, 0);
	d = campaign_get(s, &diags);
	diag_list_fini(&diags);
	if (!d || depth < 1 || (size_t)depth > d->nlevels)
		return NULL;
	return &d->levels[depth - 1];
}

int campaign_levels(const struct setup *s)
{
	struct diag_list diags;
	const struct data *d;

	diag_list_init(&diags, 0);
	d = campaign_get(s, &diags);
	diag_list_fini(&diags);
	return d ? (int)d->nlevels : 0;
}

int campaign_active(const struct setup *s)
{
	return !s->map && !s->gen_w && !s->lesson_name;
}

struct data *campaign_load(void *setup, int depth, uint64_t seed,
                           struct diag_list *diags)
{
	struct setup s = *(const struct setup *)setup;
	const struct data *d = campaign_get(&s, diags);
	const struct data_level *l;

	if (!d)
		return NULL;
	if (depth < 1 || (size_t)depth > d->nlevels) {
		diag_add(diags, DIAG_ERROR, "campaign", 1, 1, NULL, 0, NULL,
		         "there is no level %d", depth);
		return NULL;
	}
	l = &d->levels[depth - 1];
	s.seed = seed;
	if (l->map[0]) {
		s.map = l->map;
	} else {
		s.gen_w = l->width;
		s.gen_h = l->height;
		s.gen_cave = l->cave;
		s.gen_kinds = l->kinds;
		s.gen_nkinds = l->nkinds;
		if (s.monsters < 0)
			s.monsters = l->monsters;
	}
	return files_load(&s, diags);
}

void campaign_label(const struct setup *s, int depth, char *buf, size_t size)
{
	const struct data_level *l = campaign_level(s, depth);

	if (!l)
		snprintf(buf, size, "?");
	else if (l->map[0])
		snprintf(buf, size, "%s", l->map);
	else
		snprintf(buf, size, "generated %dx%d", l->width, l->height);
}
