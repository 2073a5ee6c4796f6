/* SPDX-License-Identifier: MIT */
/* event_text.c - the words for each event, naming the world's monsters
 * and keys.
 *
 * Each sentence is one translatable string, whole: who acts (you, a
 * monster, or something no longer known) picks the sentence, and the
 * names fill its placeholders, so that a language without articles or
 * capitals, or with another word order, says it its own way.  The names
 * of the shipped monsters, terrains and keys are translated words of
 * their own; a modder's kind keeps the words of its data file. */
#include "config.h"

#include "event_text.h"

#include <stdio.h>
#include <string.h>

#include "core/base/i18n.h"

/* The names the shipped data gives, as players read them ("iron_key" is
 * "iron key"): only these are looked up in the catalog, so a modder's
 * kind is never renamed by some other text that happens to match. */
static const char *const event_text_words[] = {
        /* TRANSLATORS: the shipped monsters' names (data/monsters.txt),
         * used in the game's messages: "The %s opens the door." */
        N_("rat"),
        N_("goblin"),
        N_("orc"),
        N_("jailer"),
        N_("eel"),
        N_("salamander"),
        N_("wolf"),
        N_("zombie"),
        N_("hound"),
        N_("kobold"),
        N_("bat"),
        N_("golem"),
        /* TRANSLATORS: the shipped terrains' names (data/terrain.txt),
         * used in "The %s hurts you for %d." */
        N_("floor"),
        N_("wall"),
        N_("stairs"),
        N_("grass"),
        N_("tree"),
        N_("mud"),
        N_("shallow water"),
        N_("deep water"),
        N_("lava"),
        N_("swamp"),
        N_("door open"),
        N_("door closed"),
        N_("gate open"),
        N_("gate locked"),
        N_("spring"),
        N_("door wedged"),
        N_("caltrops"),
        N_("smoke"),
        /* TRANSLATORS: the shipped keys' and tools' names, used in "You
         * pick up the %s." */
        N_("iron key"),
        N_("caltrops bag"),
        N_("noisemaker"),
        N_("wedge"),
        N_("smoke bomb"),
        /* TRANSLATORS: a key, a tool or the ground the data does not
         * name. */
        N_("key"),
        N_("tool"),
        N_("ground"),
};

const char *event_text_name(const char *name, char *buf, size_t size)
{
	size_t i;

	for (i = 0; name[i] && i + 1 < size; i++)
		buf[i] = name[i] == '_' ? ' ' : name[i];
	buf[i] = '\0';
	for (i = 0; i < sizeof(event_text_words) / sizeof(*event_text_words);
	     i++)
		if (strcmp(buf, event_text_words[i]) == 0)
			return _(event_text_words[i]);
	return buf;
}

/* Who an actor of an event is: the player, a monster of the world, or
 * one the world no longer holds (the monsters were reloaded). */
enum party { PARTY_YOU, PARTY_MONSTER, PARTY_SOMETHING };

static enum party party(const struct world *w, int actor)
{
	if (actor == -1)
		return PARTY_YOU;
	if (actor < 0 || (size_t)actor >= w->nmonsters)
		return PARTY_SOMETHING;
	return PARTY_MONSTER;
}

/* The name of monster actor's kind, when it is one ("" if not). */
static const char *monster_name(const struct world *w, int actor, char *buf,
                                size_t size)
{
	if (party(w, actor) != PARTY_MONSTER) {
		buf[0] = '\0';
		return buf;
	}
	return event_text_name(w->data->monsters[w->monsters[actor].kind].name,
	                       buf, size);
}

/* The ground at the event's cell, as players say it: "lava". */
static const char *ground(const struct world *w, const struct world_event *e,
                          char *buf, size_t size)
{
	if (!world_in(w, e->x, e->y))
		return event_text_name("ground", buf, size);
	return event_text_name(world_terrain_at(w, e->x, e->y)->name, buf,
	                       size);
}

/* The name of key or tool k of the data, or the word for one. */
static const char *key_name(const struct world *w, int k, const char *none,
                            char *buf, size_t size)
{
	if (k >= 0 && (size_t)k < w->data->nkeys)
		return event_text_name(w->data->keys[k].name, buf, size);
	return event_text_name(none, buf, size);
}

/* Who acts on whom in a two-party event, as one number for a switch:
 * the player on a monster, and so on.  The player never acts on the
 * player; were it so, the second is told as something. */
enum pair {
	PAIR_YOU_MONSTER,
	PAIR_YOU_SOMETHING,
	PAIR_MONSTER_YOU,
	PAIR_MONSTER_MONSTER,
	PAIR_MONSTER_SOMETHING,
	PAIR_SOMETHING_YOU,
	PAIR_SOMETHING_MONSTER,
	PAIR_SOMETHING_SOMETHING
};

static enum pair pair(const struct world *w, const struct world_event *e)
{
	enum party a = party(w, e->actor), b = party(w, e->other);

	if (a == PARTY_YOU)
		return b == PARTY_MONSTER ? PAIR_YOU_MONSTER
		                          : PAIR_YOU_SOMETHING;
	if (a == PARTY_MONSTER)
		return b == PARTY_YOU       ? PAIR_MONSTER_YOU
		       : b == PARTY_MONSTER ? PAIR_MONSTER_MONSTER
		                            : PAIR_MONSTER_SOMETHING;
	return b == PARTY_YOU       ? PAIR_SOMETHING_YOU
	       : b == PARTY_MONSTER ? PAIR_SOMETHING_MONSTER
	                            : PAIR_SOMETHING_SOMETHING;
}

/* The names of the two parties of an event, in their buffers. */
struct names {
	char a[DATA_NAME_MAX + 1], b[DATA_NAME_MAX + 1];
	const char *A, *B;
};

static void names_fill(const struct world *w, const struct world_event *e,
                       struct names *n)
{
	n->A = monster_name(w, e->actor, n->a, sizeof(n->a));
	n->B = monster_name(w, e->other, n->b, sizeof(n->b));
}

/* One party hits, kills or misses the other. */
static void event_text_blow(const struct world *w, const struct world_event *e,
                            char *buf, size_t size)
{
	struct names n;
	int v = e->value;

	names_fill(w, e, &n);
	if (e->kind == WEV_ATTACK) {
		switch (pair(w, e)) {
		case PAIR_YOU_MONSTER:
			snprintf(buf, size, _("You hit the %s for %d."), n.B,
			         v);
			break;
		case PAIR_YOU_SOMETHING:
			snprintf(buf, size, _("You hit something for %d."), v);
			break;
		case PAIR_MONSTER_YOU:
			snprintf(buf, size, _("The %s hits you for %d."), n.A,
			         v);
			break;
		case PAIR_MONSTER_MONSTER:
			snprintf(buf, size, _("The %s hits the %s for %d."),
			         n.A, n.B, v);
			break;
		case PAIR_MONSTER_SOMETHING:
			snprintf(buf, size, _("The %s hits something for %d."),
			         n.A, v);
			break;
		case PAIR_SOMETHING_YOU:
			snprintf(buf, size, _("Something hits you for %d."), v);
			break;
		case PAIR_SOMETHING_MONSTER:
			snprintf(buf, size, _("Something hits the %s for %d."),
			         n.B, v);
			break;
		default:
			snprintf(buf, size,
			         _("Something hits something for %d."), v);
			break;
		}
	} else if (e->kind == WEV_KILLED) {
		switch (pair(w, e)) {
		case PAIR_YOU_MONSTER:
			snprintf(buf, size, _("You kill the %s!"), n.B);
			break;
		case PAIR_YOU_SOMETHING:
			snprintf(buf, size, _("You kill something!"));
			break;
		case PAIR_MONSTER_YOU:
			snprintf(buf, size, _("The %s kills you!"), n.A);
			break;
		case PAIR_MONSTER_MONSTER:
			snprintf(buf, size, _("The %s kills the %s!"), n.A,
			         n.B);
			break;
		case PAIR_MONSTER_SOMETHING:
			snprintf(buf, size, _("The %s kills something!"), n.A);
			break;
		case PAIR_SOMETHING_YOU:
			snprintf(buf, size, _("Something kills you!"));
			break;
		case PAIR_SOMETHING_MONSTER:
			snprintf(buf, size, _("Something kills the %s!"), n.B);
			break;
		default:
			snprintf(buf, size, _("Something kills something!"));
			break;
		}
	} else {
		switch (pair(w, e)) {
		case PAIR_YOU_MONSTER:
			snprintf(buf, size, _("You miss the %s."), n.B);
			break;
		case PAIR_YOU_SOMETHING:
			snprintf(buf, size, _("You miss something."));
			break;
		case PAIR_MONSTER_YOU:
			snprintf(buf, size, _("The %s misses you."), n.A);
			break;
		case PAIR_MONSTER_MONSTER:
			snprintf(buf, size, _("The %s misses the %s."), n.A,
			         n.B);
			break;
		case PAIR_MONSTER_SOMETHING:
			snprintf(buf, size, _("The %s misses something."), n.A);
			break;
		case PAIR_SOMETHING_YOU:
			snprintf(buf, size, _("Something misses you."));
			break;
		case PAIR_SOMETHING_MONSTER:
			snprintf(buf, size, _("Something misses the %s."), n.B);
			break;
		default:
			snprintf(buf, size, _("Something misses something."));
			break;
		}
	}
}

/* The ground hurts or kills a party, or the player dies. */
static void event_text_harm(const struct world *w, const struct world_event *e,
                            char *buf, size_t size)
{
	struct names n;
	char gb[DATA_NAME_MAX + 1];
	const char *G = ground(w, e, gb, sizeof(gb));
	enum party b = party(w, e->other);

	names_fill(w, e, &n);
	if (e->kind == WEV_PLAYER_DIED) {
		if (e->actor == -2)
			snprintf(buf, size, _("You die... the %s got you."), G);
		else if (party(w, e->actor) == PARTY_MONSTER)
			/* TRANSLATORS: the capital "The" is the English
			 * game's own. */
			snprintf(buf, size, _("You die... The %s got you."),
			         n.A);
		else if (e->actor == -1)
			snprintf(buf, size, _("You die... You got you."));
		else
			snprintf(buf, size, _("You die... Something got you."));
	} else if (e->kind == WEV_KILLED) {
		if (b == PARTY_YOU)
			snprintf(buf, size, _("The %s kills you!"), G);
		else if (b == PARTY_MONSTER)
			/* TRANSLATORS: the ground (lava) kills a monster. */
			snprintf(buf, size, _("The %s kills the %s!"), G, n.B);
		else
			snprintf(buf, size, _("The %s kills something!"), G);
	} else {
		if (b == PARTY_YOU)
			snprintf(buf, size, _("The %s hurts you for %d."), G,
			         e->value);
		else if (b == PARTY_MONSTER)
			snprintf(buf, size, _("The %s hurts the %s for %d."), G,
			         n.B, e->value);
		else
			snprintf(buf, size, _("The %s hurts something for %d."),
			         G, e->value);
	}
}

/* Two monsters make way for each other: the world gives these to
 * monsters only, so an actor that is not one is told as something. */
static void event_text_crowd(const struct world *w, const struct world_event *e,
                             char *buf, size_t size)
{
	struct names n;

	names_fill(w, e, &n);
	if (e->kind == WEV_WAITING) {
		switch (pair(w, e)) {
		case PAIR_MONSTER_YOU:
			snprintf(buf, size, _("The %s waits for you to move."),
			         n.A);
			break;
		case PAIR_MONSTER_MONSTER:
			snprintf(buf, size,
			         _("The %s waits for the %s to move."), n.A,
			         n.B);
			break;
		case PAIR_MONSTER_SOMETHING:
			snprintf(buf, size,
			         _("The %s waits for something to move."), n.A);
			break;
		case PAIR_SOMETHING_YOU:
			snprintf(buf, size,
			         _("Something waits for you to move."));
			break;
		case PAIR_SOMETHING_MONSTER:
			snprintf(buf, size,
			         _("Something waits for the %s to move."), n.B);
			break;
		default:
			snprintf(buf, size,
			         _("Something waits for something to move."));
			break;
		}
	} else {
		switch (pair(w, e)) {
		case PAIR_MONSTER_YOU:
			snprintf(buf, size, _("The %s swaps places with you."),
			         n.A);
			break;
		case PAIR_MONSTER_MONSTER:
			snprintf(buf, size,
			         _("The %s swaps places with the %s."), n.A,
			         n.B);
			break;
		case PAIR_MONSTER_SOMETHING:
			snprintf(buf, size,
			         _("The %s swaps places with something."), n.A);
			break;
		case PAIR_SOMETHING_YOU:
			snprintf(buf, size,
			         _("Something swaps places with you."));
			break;
		case PAIR_SOMETHING_MONSTER:
			snprintf(buf, size,
			         _("Something swaps places with the %s."), n.B);
			break;
		default:
			snprintf(buf, size,
			         _("Something swaps places with something."));
			break;
		}
	}
}

/* A monster (named A; NULL when unseen) that cannot reach (e->x, e->y):
 * it waits near it, or (value 1) too far to see it, stays where it is. */
static void event_text_unreachable(const struct world_event *e,
                                   const char *A, char *buf, size_t size)
{
	if (A && e->value == 1)
		snprintf(buf, size,
		         _("The %s cannot reach %d,%d; it stays where it is."),
		         A, e->x, e->y);
	else if (A)
		snprintf(buf, size,
		         _("The %s cannot reach %d,%d; it waits nearby."), A,
		         e->x, e->y);
	else if (e->value == 1)
		snprintf(buf, size,
		         _("Something cannot reach %d,%d; it stays where it "
		           "is."),
		         e->x, e->y);
	else
		snprintf(buf, size,
		         _("Something cannot reach %d,%d; it waits nearby."),
		         e->x, e->y);
}

/* What a monster alone does: the world gives these to monsters only, so
 * an actor that is not one of its monsters is told as something. */
static void event_text_monster(const struct world *w,
                               const struct world_event *e, char *buf,
                               size_t size)
{
	char ab[DATA_NAME_MAX + 1], kb[DATA_NAME_MAX + 1];
	const char *A = monster_name(w, e->actor, ab, sizeof(ab));
	int m = party(w, e->actor) == PARTY_MONSTER;
	const struct data_terrain *here = world_terrain_at(w, w->px, w->py);

	switch (e->kind) {
	case WEV_DOOR_BASHED:
		if (m)
			snprintf(buf, size, _("The %s smashes the door open!"),
			         A);
		else
			snprintf(buf, size,
			         _("Something smashes the door open!"));
		break;
	case WEV_DOOR_HOLDS:
		if (m)
			snprintf(buf, size,
			         _("The %s throws itself at the door; it "
			           "holds."),
			         A);
		else
			snprintf(buf, size,
			         _("Something throws itself at the door; it "
			           "holds."));
		break;
	case WEV_SPOTTED:
		if (m)
			snprintf(buf, size, _("The %s spots you!"), A);
		else
			snprintf(buf, size, _("Something spots you!"));
		break;
	case WEV_LOST_SIGHT:
		/* Standing in smoke is why, when you do. */
		if (here->opaque && m)
			snprintf(buf, size,
			         _("The %s lost sight of you in the %s; it "
			           "heads "
			           "for %d,%d."),
			         A, event_text_name(here->name, kb, sizeof(kb)),
			         e->x, e->y);
		else if (here->opaque)
			snprintf(buf, size,
			         _("Something lost sight of you in the %s; it "
			           "heads for %d,%d."),
			         event_text_name(here->name, kb, sizeof(kb)),
			         e->x, e->y);
		else if (m)
			snprintf(buf, size,
			         _("The %s lost sight of you; it heads for "
			           "%d,%d."),
			         A, e->x, e->y);
		else
			snprintf(buf, size,
			         _("Something lost sight of you; it heads for "
			           "%d,%d."),
			         e->x, e->y);
		break;
	case WEV_REPLANNED:
		if (m)
			snprintf(buf, size, _("The %s re-plans (%s)."), A,
			         _(event_reason_name(
			                 (enum replan_reason)e->value)));
		else
			snprintf(buf, size, _("Something re-plans (%s)."),
			         _(event_reason_name(
			                 (enum replan_reason)e->value)));
		break;
	case WEV_UNREACHABLE:
		event_text_unreachable(e, m ? A : NULL, buf, size);
		break;
	default: /* WEV_HEARD: value is the tool heard, plus one; 0 none */
		if (e->value > 0 && (size_t)e->value <= w->data->nkeys) {
			const char *K = key_name(w, e->value - 1, "tool", kb,
			                         sizeof(kb));

			if (m)
				snprintf(buf, size,
				         _("The %s hears the %s at %d,%d and "
				           "comes to look."),
				         A, K, e->x, e->y);
			else
				snprintf(
				        buf, size,
				        _("Something hears the %s at %d,%d and "
				          "comes to look."),
				        K, e->x, e->y);
		} else if (m) {
			snprintf(buf, size,
			         _("The %s hears something at %d,%d and comes "
			           "to look."),
			         A, e->x, e->y);
		} else {
			snprintf(buf, size,
			         _("Something hears something at %d,%d and "
			           "comes to look."),
			         e->x, e->y);
		}
		break;
	}
}

/* A move or a door, by the player, a monster or something. */
static void event_text_deed(const struct world *w, const struct world_event *e,
                            char *buf, size_t size)
{
	char ab[DATA_NAME_MAX + 1], kb[DATA_NAME_MAX + 1];
	const char *A = monster_name(w, e->actor, ab, sizeof(ab));
	enum party a = party(w, e->actor);

	switch (e->kind) {
	case WEV_MOVED:
		if (a == PARTY_YOU)
			snprintf(buf, size, _("You move to %d,%d."), e->x,
			         e->y);
		else if (a == PARTY_MONSTER)
			snprintf(buf, size, _("The %s moves to %d,%d."), A,
			         e->x, e->y);
		else
			snprintf(buf, size, _("Something moves to %d,%d."),
			         e->x, e->y);
		break;
	case WEV_DOOR_OPENED:
		if (a == PARTY_YOU)
			snprintf(buf, size, _("You open the door."));
		else if (a == PARTY_MONSTER)
			snprintf(buf, size, _("The %s opens the door."), A);
		else
			snprintf(buf, size, _("Something opens the door."));
		break;
	case WEV_DOOR_CLOSED:
		if (a == PARTY_YOU)
			snprintf(buf, size, _("You close the door."));
		else if (a == PARTY_MONSTER)
			snprintf(buf, size, _("The %s closes the door."), A);
		else
			snprintf(buf, size, _("Something closes the door."));
		break;
	default: /* WEV_DOOR_UNLOCKED */
		if (a == PARTY_YOU)
			snprintf(buf, size,
			         _("You unlock the door with the %s."),
			         key_name(w, e->value, "key", kb, sizeof(kb)));
		else if (a == PARTY_MONSTER)
			snprintf(buf, size, _("The %s unlocks the door."), A);
		else
			snprintf(buf, size, _("Something unlocks the door."));
		break;
	}
}

void event_text(const struct world *w, const struct world_event *e, char *buf,
                size_t size)
{
	char kb[DATA_NAME_MAX + 1];

	switch ((enum world_event_kind)e->kind) {
	case WEV_MOVED:
	case WEV_DOOR_OPENED:
	case WEV_DOOR_CLOSED:
	case WEV_DOOR_UNLOCKED:
		event_text_deed(w, e, buf, size);
		break;
	case WEV_BUMP:
		snprintf(buf, size, "%s",
		         e->value == 1
		                 ? _("You cannot squeeze past the corner.")
		                 : _("Something solid is in the way."));
		break;
	case WEV_DOOR_STUCK:
		snprintf(buf, size, _("Something is in the doorway."));
		break;
	case WEV_NOTHING_THERE:
		snprintf(buf, size, _("There is nothing there."));
		break;
	case WEV_KEY_TAKEN:
		snprintf(buf, size, _("You pick up the %s."),
		         key_name(w, e->value, "key", kb, sizeof(kb)));
		break;
	case WEV_KILLED:
		if (e->actor == -2)
			event_text_harm(w, e, buf, size);
		else
			event_text_blow(w, e, buf, size);
		break;
	case WEV_ATTACK:
	case WEV_MISSED:
		event_text_blow(w, e, buf, size);
		break;
	case WEV_PLAYER_DIED:
	case WEV_HARMED:
		event_text_harm(w, e, buf, size);
		break;
	case WEV_WON:
		snprintf(buf, size, _("You escape down the stairs!"));
		break;
	case WEV_DOOR_BASHED:
	case WEV_DOOR_HOLDS:
	case WEV_SPOTTED:
	case WEV_LOST_SIGHT:
	case WEV_REPLANNED:
	case WEV_UNREACHABLE:
	case WEV_HEARD:
		event_text_monster(w, e, buf, size);
		break;
	case WEV_WAITING:
	case WEV_SWAPPED:
		event_text_crowd(w, e, buf, size);
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
		if (e->value < 0 || (size_t)e->value >= w->data->nkeys)
			snprintf(buf, size, _("It is wedged shut."));
		else
			snprintf(buf, size, _("It is locked. You need the %s."),
			         key_name(w, e->value, "key", kb, sizeof(kb)));
		break;
	case WEV_USED:
		snprintf(buf, size, _("You use the %s."),
		         key_name(w, e->value, "tool", kb, sizeof(kb)));
		break;
	case WEV_NOISE:
		snprintf(buf, size, _("Something rattles loudly at %d,%d."),
		         e->x, e->y);
		break;
	default:
		snprintf(buf, size, "?");
		break;
	}
}
