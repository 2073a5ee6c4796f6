/* SPDX-License-Identifier: MIT */
/* ending.c - how a game ended: the notes taken turn by turn, the
 * sentence and the score (the rules are in ending.h). */
#include "config.h"

#include "ending.h"

#include <stdio.h>
#include <string.h>

#include "core/base/i18n.h"
#include "core/world/event_text.h"

void ending_notes_init(struct ending_notes *n)
{
	memset(n, 0, sizeof(*n));
	n->killer = -1;
}

/* The events a player reads: what the game screen's log shows without
 * the AI view (no walking, none of the planners' chatter). */
static int ending_event_told(const struct world_event *e)
{
	switch (e->kind) {
	case WEV_MOVED:
	case WEV_REPLANNED:
	case WEV_WAITING:
	case WEV_SWAPPED:
	case WEV_UNREACHABLE:
		return 0;
	default:
		return 1;
	}
}

static void ending_note_message(struct ending_notes *n, const struct world *w,
                                const struct world_event *e)
{
	size_t at;

	if (n->nmsgs < ENDING_MESSAGES) {
		at = (n->first + n->nmsgs) % ENDING_MESSAGES;
		n->nmsgs++;
	} else {
		at = n->first;
		n->first = (n->first + 1) % ENDING_MESSAGES;
	}
	event_text(w, e, n->msgs[at], ENDING_LINE);
	n->msg_turn[at] = e->turn;
}

void ending_note_turn(struct ending_notes *n, const struct world *w)
{
	size_t i;

	for (i = 0; i < w->events.len; i++) {
		const struct world_event *e = &w->events.items[i];

		if (e->kind == WEV_KILLED && e->actor == -1)
			n->kills++;
		if (e->kind == WEV_PLAYER_DIED)
			n->killer =
			        e->actor >= 0 && (size_t)e->actor < w->nmonsters
			                ? w->monsters[e->actor].kind
			                : -1;
		if (ending_event_told(e))
			ending_note_message(n, w, e);
	}
}

const char *ending_message(const struct ending_notes *n, size_t i,
                           uint32_t *turn)
{
	size_t at = (n->first + i) % ENDING_MESSAGES;

	if (i >= n->nmsgs)
		return NULL;
	if (turn)
		*turn = n->msg_turn[at];
	return n->msgs[at];
}

/* "a goblin", "an orc", "an iron golem": a kind's name as players say it
 * (underscores as spaces), with its article. */
static void ending_killer(const struct world *w, int kind, char *buf,
                          size_t size)
{
	char name[DATA_NAME_MAX + 1];
	const char *src;
	size_t i;

	if (kind < 0 || (size_t)kind >= w->data->nmonsters) {
		snprintf(buf, size, "something");
		return;
	}
	src = w->data->monsters[kind].name;
	for (i = 0; src[i] && i + 1 < sizeof(name); i++)
		name[i] = src[i] == '_' ? ' ' : src[i];
	name[i] = '\0';
	snprintf(buf, size, "%s %s",
	         strchr("aeiouAEIOU", name[0]) && *name ? "an" : "a", name);
}

/* The killer in the player's language: the shipped kind's translated
 * name, with the article the translation gives it. */
static void ending_killer_said(const struct world *w, int kind, char *buf,
                               size_t size)
{
	char spoken[DATA_NAME_MAX + 1];
	const char *name;

	if (kind < 0 || (size_t)kind >= w->data->nmonsters) {
		snprintf(buf, size, "%s", _("something"));
		return;
	}
	name = event_text_name(w->data->monsters[kind].name, spoken,
	                       sizeof(spoken));
	if (strchr("aeiouAEIOU", name[0]) && *name)
		/* TRANSLATORS: what killed the player: "an orc". */
		snprintf(buf, size, _("an %s"), name);
	else
		/* TRANSLATORS: what killed the player: "a goblin". */
		snprintf(buf, size, _("a %s"), name);
}

long ending_score(struct ending *e)
{
	e->points_level = (long)ENDING_POINTS_LEVEL * e->level;
	e->points_kills = (long)ENDING_POINTS_KILL * e->kills;
	e->points_turns = (long)(e->turns / ENDING_TURNS_POINT);
	e->points_escape = 0;
	if (e->how == ENDING_ESCAPED) {
		e->points_escape = ENDING_POINTS_ESCAPE;
		if (e->turns < ENDING_QUICK_TURNS)
			e->points_escape += (long)ENDING_POINTS_QUICK *
			                    (ENDING_QUICK_TURNS - e->turns);
	}
	e->score = e->points_level + e->points_kills + e->points_turns +
	           e->points_escape;
	return e->score;
}

void ending_make(struct ending *e, const struct world *w,
                 const struct ending_notes *n, unsigned level,
                 enum ending_how how)
{
	memset(e, 0, sizeof(*e));
	if (w->state == WORLD_LOST)
		how = ENDING_KILLED;
	else if (w->state == WORLD_WON)
		how = ENDING_ESCAPED;
	e->how = how;
	e->level = level;
	e->turns = w->turn;
	e->kills = n->kills;
	if (how == ENDING_KILLED) {
		ending_killer(w, n->killer, e->killer, sizeof(e->killer));
		ending_killer_said(w, n->killer, e->killer_said,
		                   sizeof(e->killer_said));
	}
	ending_score(e);
}

void ending_text(const struct ending *e, char *buf, size_t size)
{
	switch (e->how) {
	case ENDING_KILLED:
		snprintf(buf, size, _("Killed by %s on level %u, turn %u."),
		         e->killer_said[0] ? e->killer_said : e->killer,
		         e->level, e->turns);
		break;
	case ENDING_ESCAPED:
		snprintf(buf, size, _("Escaped from level %u on turn %u."),
		         e->level, e->turns);
		break;
	case ENDING_QUIT:
		snprintf(buf, size, _("Quit on level %u, turn %u."), e->level,
		         e->turns);
		break;
	case ENDING_SAVED:
		snprintf(buf, size, _("Saved on level %u, turn %u."), e->level,
		         e->turns);
		break;
	default:
		snprintf(buf, size, _("Still alive on level %u, turn %u."),
		         e->level, e->turns);
		break;
	}
}

void ending_record(const struct ending *e, char *buf, size_t size)
{
	switch (e->how) {
	case ENDING_KILLED:
		snprintf(buf, size, "Killed by %s on level %u, turn %u.",
		         e->killer, e->level, e->turns);
		break;
	case ENDING_ESCAPED:
		snprintf(buf, size, "Escaped from level %u on turn %u.",
		         e->level, e->turns);
		break;
	case ENDING_QUIT:
		snprintf(buf, size, "Quit on level %u, turn %u.", e->level,
		         e->turns);
		break;
	case ENDING_SAVED:
		snprintf(buf, size, "Saved on level %u, turn %u.", e->level,
		         e->turns);
		break;
	default:
		snprintf(buf, size, "Still alive on level %u, turn %u.",
		         e->level, e->turns);
		break;
	}
}

void ending_score_text(const struct ending *e, char *buf, size_t size)
{
	size_t n;

	/* One sentence for each of one and more kills and turns: the
	 * translation, not the code, says how a number counts. */
	if (e->kills == 1 && e->turns == 1)
		n = (size_t)snprintf(
		        buf, size,
		        _("%ld (level %u: %ld, %u kill: %ld, %u turn: %ld"),
		        e->score, e->level, e->points_level, e->kills,
		        e->points_kills, e->turns, e->points_turns);
	else if (e->kills == 1)
		n = (size_t)snprintf(
		        buf, size,
		        _("%ld (level %u: %ld, %u kill: %ld, %u turns: %ld"),
		        e->score, e->level, e->points_level, e->kills,
		        e->points_kills, e->turns, e->points_turns);
	else if (e->turns == 1)
		n = (size_t)snprintf(
		        buf, size,
		        _("%ld (level %u: %ld, %u kills: %ld, %u turn: %ld"),
		        e->score, e->level, e->points_level, e->kills,
		        e->points_kills, e->turns, e->points_turns);
	else
		n = (size_t)snprintf(
		        buf, size,
		        _("%ld (level %u: %ld, %u kills: %ld, %u turns: %ld"),
		        e->score, e->level, e->points_level, e->kills,
		        e->points_kills, e->turns, e->points_turns);
	if (n < size && e->points_escape)
		n += (size_t)snprintf(buf + n, size - n, _(", escape: %ld"),
		                      e->points_escape);
	if (n < size)
		snprintf(buf + n, size - n, ")");
}
