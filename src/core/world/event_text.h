/* SPDX-License-Identifier: MIT */
/* event_text.h - what the front ends and the end of a game say of an
 * event.  Apart from event.h because it reads the world (the names of
 * its monsters and keys), which itself holds the log of events. */
#ifndef HUNTED_EVENT_TEXT_H
#define HUNTED_EVENT_TEXT_H

#include <stddef.h>

#include "event.h"
#include "world.h"

/* A one-line description of e in the player's language, e.g. "The
 * goblin opens the door.", naming the monsters and keys of w. */
void event_text(const struct world *w, const struct world_event *e, char *buf,
                size_t size);

/* A name of the data as players read it ("iron_key" is "iron key"),
 * written into buf; in the players' language when it is one of the
 * shipped data's names (a modder's kind keeps its own words). */
const char *event_text_name(const char *name, char *buf, size_t size);

#endif
