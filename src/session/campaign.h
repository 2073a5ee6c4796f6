/* SPDX-License-Identifier: MIT */
/* campaign.h - a run of hunted: the levels a game without --map or
 * --generate goes down through, one after the other by their stairs, as
 * campaign.txt (or --campaign FILE) lists them. */
#ifndef HUNTED_CAMPAIGN_H
#define HUNTED_CAMPAIGN_H

#include <stdint.h>

#include "core/base/diag.h"
#include "core/data/data.h"
#include "setup.h"

/* Levels in the campaign s plays; 0 when its file is broken. */
int campaign_levels(const struct setup *s);

/* Whether s plays the campaign: no --map, no --generate, no lesson. */
int campaign_active(const struct setup *s);

/* The data of level depth (1 first) for the game s sets up, with seed
 * for what it generates: a game_level_fn (core/game.h) whose ctx is a
 * const struct setup *.  NULL with the reason in diags. */
struct data *campaign_load(void *setup, int depth, uint64_t seed,
                           struct diag_list *diags);

/* A level's name for the status line, e.g. "maze" or "generated
 * 100x40". */
void campaign_label(const struct setup *s, int depth, char *buf, size_t size);

#endif
