/* SPDX-License-Identifier: MIT */
/* headless.h - playing without a terminal: where the commands come from
 * (--keys, the autopilot, or a recording being checked) and what is
 * printed (every event with --log, one summary line at the end). */
#ifndef HUNTED_HEADLESS_H
#define HUNTED_HEADLESS_H

#include <stdio.h>

#include "session.h"

struct autopilot;

struct headless {
	const char *keys;     /* what --keys has left to play */
	struct autopilot *ap; /* the player when there are no keys */
	FILE *out;            /* where the log and the summary go */
};

/* The source of a headless session's commands: the recording with
 * --replay, else --keys, else the autopilot.  Returns 0, or -1 when out
 * of memory (the message printed). */
int headless_source(struct headless *h, struct session *s, FILE *out,
                    struct session_source *src);
void headless_fini(struct headless *h);

/* Prints every event of every turn (--log). */
struct session_sink headless_log_sink(struct headless *h);

/* Prints the summary line at the end, or what stopped the session. */
struct session_sink headless_summary_sink(struct headless *h);

#endif
