/* SPDX-License-Identifier: MIT */
/* event_text.c - the words for each event, naming the world's monsters
 * and keys. */
#include "config.h"

#include "event_text.h"

#include <stdio.h>

#include "core/base/i18n.h"

/* A name as players read it: "iron_key" is "iron key". */
static const char *spoken(const char *name, char *buf, size_t size)
{
	size_t i;

	for (i = 0; name[i] && i + 1 < size; i++)
		buf[i] = name[i] == '_' ? ' ' : name[i];
	buf[i] = '\0';
	return buf;
}

static const char *who(const struct world *w, int actor, char *buf, size_t size,
                       int capital)
{
	if (actor == -1)
		return capital ? "You" : "you";
	if (actor < 0 || (size_t)actor >= w->nmonsters)
		return capital ? "Something" : "something";
	{
		char nb[DATA_NAME_MAX + 1];

		snprintf(buf, size, "%s %s", capital ? "The" : "the",
		         spoken(w->data->monsters[w->monsters[actor].kind].name,
		                nb, sizeof(nb)));
	}
	return buf;
}

/* The ground at the event's cell, as players say it: "lava". */
static const char *ground(const struct world *w, const struct world_event *e,
                          char *buf, size_t size)
{
	if (!world_in(w, e->x, e->y))
		return "ground";
	return spoken(world_terrain_at(w, e->x, e->y)->name, buf, size);
}

/* The tools' events (a wedged door among them), and what the monsters
 * hear and lose sight of. */
static void event_text_tools(const struct world *w, const struct world_event *e,
                             const char *A, char *buf, size_t size)
{
	char kb[DATA_NAME_MAX + 1];
	const struct data_terrain *here = world_terrain_at(w, w->px, w->py);

	switch (e->kind) {
	case WEV_LOST_SIGHT:
		/* Standing in smoke is why, when you do. */
		snprintf(buf, size,
		         "%s lost sight of you%s%s; it heads for %d,%d.", A,
		         here->opaque ? " in the " : "",
		         here->opaque ? spoken(here->name, kb, sizeof(kb)) : "",
		         e->x, e->y);
		break;
	case WEV_DOOR_LOCKED:
		if (e->value < 0 || (size_t)e->value >= w->data->nkeys)
			snprintf(buf, size, _("It is wedged shut."));
		else
			snprintf(buf, size, "It is locked. You need the %s.",
			         spoken(w->data->keys[e->value].name, kb,
			                sizeof(kb)));
		break;
	case WEV_USED:
		snprintf(buf, size, "You use the %s.",
		         e->value >= 0 && (size_t)e->value < w->data->nkeys
		                 ? spoken(w->data->keys[e->value].name, kb,
		                          sizeof(kb))
		                 : "tool");
		break;
	case WEV_NOISE:
		snprintf(buf, size, _("Something rattles loudly at %d,%d."), e->x,
		         e->y);
		break;
	default:
		if (e->value > 0 && (size_t)e->value <= w->data->nkeys)
			snprintf(buf, size,
			         "%s hears the %s at %d,%d and comes to look.",
			         A,
			         spoken(w->data->keys[e->value - 1].name, kb,
			                sizeof(kb)),
			         e->x, e->y);
		else
			snprintf(buf, size,
			         "%s hears something at %d,%d and comes to "
			         "look.",
			         A, e->x, e->y);
		break;
	}
}

void event_text(const struct world *w, const struct world_event *e, char *buf,
                size_t size)
{
	char a[64], b[64];
	const char *A = who(w, e->actor, a, sizeof(a), 1);
	const char *B = who(w, e->other, b, sizeof(b), 0);
	int you = e->actor == -1;
	char kb[DATA_NAME_MAX + 1], gb[DATA_NAME_MAX + 1];
	const char *G = ground(w, e, gb, sizeof(gb));
	const char *key =
	        e->value >= 0 && (size_t)e->value < w->data->nkeys
	                ? spoken(w->data->keys[e->value].name, kb, sizeof(kb))
	                : "key";

	switch ((enum world_event_kind)e->kind) {
	case WEV_MOVED:
		snprintf(buf, size, "%s move%s to %d,%d.", A, you ? "" : "s",
		         e->x, e->y);
		break;
	case WEV_BUMP:
		snprintf(buf, size, "%s",
		         e->value == 1 ? _("You cannot squeeze past the corner.")
		                       : _("Something solid is in the way."));
		break;
	case WEV_DOOR_OPENED:
		snprintf(buf, size, "%s open%s the door.", A, you ? "" : "s");
		break;
	case WEV_DOOR_CLOSED:
		snprintf(buf, size, "%s close%s the door.", A, you ? "" : "s");
		break;
	case WEV_DOOR_UNLOCKED:
		snprintf(buf, size, "%s unlock%s the door%s%s.", A,
		         you ? "" : "s", you ? " with the " : "",
		         you ? key : "");
		break;
	case WEV_DOOR_BASHED:
		snprintf(buf, size, "%s smashes the door open!", A);
		break;
	case WEV_DOOR_HOLDS:
		snprintf(buf, size, "%s throws itself at the door; it holds.",
		         A);
		break;
	case WEV_DOOR_STUCK:
		snprintf(buf, size, _("Something is in the doorway."));
		break;
	case WEV_NOTHING_THERE:
		snprintf(buf, size, _("There is nothing there."));
		break;
	case WEV_KEY_TAKEN:
		snprintf(buf, size, "You pick up the %s.", key);
		break;
	case WEV_ATTACK:
		snprintf(buf, size, "%s hit%s %s for %d.", A, you ? "" : "s", B,
		         e->value);
		break;
	case WEV_KILLED:
		if (e->actor != -2)
			snprintf(buf, size, "%s kill%s %s!", A, you ? "" : "s",
			         B);
		else
			snprintf(buf, size, "The %s kills %s!", G, B);
		break;
	case WEV_PLAYER_DIED:
		snprintf(buf, size, "You die... %s%s got you.",
		         e->actor == -2 ? "the " : "", e->actor == -2 ? G : a);
		break;
	case WEV_HARMED:
		snprintf(buf, size, "The %s hurts %s for %d.", G, B, e->value);
		break;
	case WEV_WON:
		snprintf(buf, size, _("You escape down the stairs!"));
		break;
	case WEV_SPOTTED:
		snprintf(buf, size, "%s spots you!", A);
		break;
	case WEV_REPLANNED:
		snprintf(buf, size, "%s re-plans (%s).", A,
		         event_reason_name((enum replan_reason)e->value));
		break;
	case WEV_UNREACHABLE:
		snprintf(buf, size, "%s cannot reach %d,%d; it waits nearby.",
		         A, e->x, e->y);
		break;
	case WEV_WAITING:
		snprintf(buf, size, "%s waits for %s to move.", A, B);
		break;
	case WEV_SWAPPED:
		snprintf(buf, size, "%s swaps places with %s.", A, B);
		break;
	case WEV_MISSED:
		snprintf(buf, size, "%s miss%s %s.", A, you ? "" : "es", B);
		break;
	case WEV_HEALED:
		snprintf(buf, size,
		         _("You drink from the spring and feel better (+%d). "
		         "It runs dry."),
		         e->value);
		break;
	case WEV_DESCENDED:
		snprintf(buf, size, _("You go down the stairs to level %d."),
		         e->value);
		break;
	case WEV_DOOR_LOCKED:
	case WEV_LOST_SIGHT:
	case WEV_USED:
	case WEV_NOISE:
	case WEV_HEARD:
		event_text_tools(w, e, A, buf, size);
		break;
	default:
		snprintf(buf, size, "?");
		break;
	}
}
