/* SPDX-License-Identifier: MIT */
/* watch.h - the data files of a game and whether one of them changed
 * since it was loaded, for reloading while the game runs. */
#ifndef HUNTED_WATCH_H
#define HUNTED_WATCH_H

#include <stddef.h>
#include <stdint.h>

#include "core/data/data.h"

struct watch {
	size_t n;
	char **paths;
	int64_t *mtimes; /* nanoseconds; -1 when the file could not be read */
	int64_t *sizes;  /* bytes; -1 likewise */
};

/* Records d's files and their times now.  Returns 0 or -1 (no memory). */
int watch_snapshot(const struct data *d, struct watch *f);
/* Whether any file's modification time or size differs from the
 * snapshot. */
int watch_changed(const struct watch *f);
void watch_fini(struct watch *f);

#endif
