/* SPDX-License-Identifier: MIT */
/* event.c - the log of a turn's events; their words are in event_text.c. */
#include "config.h"

#include "event.h"

#include <stdlib.h>

#include "core/base/i18n.h"

void event_log_fini(struct event_log *l)
{
	free(l->items);
	l->items = NULL;
	l->len = l->cap = 0;
}

void event_log_clear(struct event_log *l)
{
	l->len = 0;
}

void event_emit(struct event_log *l, uint32_t turn, enum world_event_kind kind,
                int actor, int other, int x, int y, int value)
{
	struct world_event *e;

	if (l->len == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		struct world_event *ev = realloc(l->items, cap * sizeof(*ev));

		if (!ev)
			return;
		l->items = ev;
		l->cap = cap;
	}
	e = &l->items[l->len++];
	e->kind = (uint16_t)kind;
	e->actor = actor;
	e->other = other;
	e->x = x;
	e->y = y;
	e->value = value;
	e->turn = turn;
}

const char *event_reason_name(enum replan_reason r)
{
	/* Marked for translation, translated where they are shown. */
	static const char *const names[] = {
	        /* TRANSLATORS: why a monster searched again. */
	        N_("new goal"),  N_("target moved"), N_("path changed"),
	        N_("blocked"),   N_("partial path"), N_("map changed"),
	        N_("cache off"),
	};

	return (unsigned)r < REPLAN_COUNT ? names[r] : "?";
}
