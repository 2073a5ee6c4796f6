/* SPDX-License-Identifier: MIT */
/* event.h - what happened in a turn, as a list of events that the front
 * ends turn into messages and the AI view reads.
 *
 * The world reports what the rules did (moves, doors, fights), the minds
 * report what the monsters thought (spotting the player, planning again,
 * waiting), all into the one log of the turn, in the order it happened. */
#ifndef HUNTED_EVENT_H
#define HUNTED_EVENT_H

#include <stddef.h>
#include <stdint.h>

enum world_event_kind {
	WEV_MOVED = 0,     /* actor moved to x, y */
	WEV_BUMP,          /* the player walked into something solid (value
	                    * 1: past a corner) */
	WEV_DOOR_OPENED,   /* actor opened the door at x, y */
	WEV_DOOR_CLOSED,   /* actor closed the door at x, y */
	WEV_DOOR_UNLOCKED, /* actor unlocked the door at x, y (value: key) */
	WEV_DOOR_BASHED,   /* actor broke the door at x, y open */
	WEV_DOOR_HOLDS,    /* actor tried to bash the door; it held */
	WEV_DOOR_LOCKED,   /* the player has no key (value: key) */
	WEV_DOOR_STUCK,    /* something stands in the doorway */
	WEV_NOTHING_THERE, /* no door to open or close, nothing to pick */
	WEV_KEY_TAKEN,     /* the player picked up key value */
	WEV_ATTACK,        /* actor hit other for value damage */
	WEV_KILLED,        /* actor (-2: the ground) killed monster other */
	WEV_PLAYER_DIED,   /* killed by monster actor (-2: the ground) */
	WEV_WON,           /* the player reached the exit */
	WEV_SPOTTED,       /* monster actor saw the player at x, y */
	WEV_LOST_SIGHT,    /* monster actor lost sight; heads for x, y */
	WEV_REPLANNED,     /* monster actor searched (value: reason) */
	WEV_UNREACHABLE,   /* monster actor cannot reach its goal x, y: it
	                      waits near it, or (value 1) stays where it is */
	WEV_WAITING,       /* monster actor waits for other to move */
	WEV_SWAPPED,       /* monster actor swapped places with other */
	WEV_MISSED,        /* actor swung at other and missed */
	WEV_HEALED,        /* the player drank at x, y: value hit points */
	WEV_HEARD,         /* monster actor heard a noise at x, y (value: the
	                    * item kind + 1 that made it, 0 none) */
	WEV_DESCENDED,     /* the player came down to level value */
	WEV_HARMED,        /* the ground at x, y (actor -2) hurt other for
	                    * value */
	WEV_USED,          /* the player used a tool of item kind value,
	                    * landing at x, y */
	WEV_NOISE,         /* a noise at x, y, heard value cells away (other:
	                    * the item kind that made it) */
	WEV_KIND_COUNT
};

/* Why a monster searched again: the value of a WEV_REPLANNED event. */
enum replan_reason {
	REPLAN_NEW = 0, /* no path yet, or a new goal */
	REPLAN_DRIFT,   /* the target moved beyond the tolerance */
	REPLAN_CHANGED, /* a cell on the path changed */
	REPLAN_BLOCKED, /* another monster blocks the next step */
	REPLAN_PARTIAL, /* the end of a partial (budget) path */
	REPLAN_MAPWIDE, /* a change may have made the target reachable */
	REPLAN_NOCACHE, /* the path cache is off (benchmarks) */
	REPLAN_COUNT
};

struct world_event {
	uint16_t kind; /* enum world_event_kind */
	int actor;     /* -1 the player, else a monster index */
	int other;     /* -1 the player, a monster index, or -2 nobody */
	int x, y;      /* where it happened */
	int value;     /* damage, key index, reason, ... */
	uint32_t turn;
};

/* The events of one turn.  The memory is kept from turn to turn. */
struct event_log {
	struct world_event *items;
	size_t len, cap;
};

void event_log_fini(struct event_log *l);
/* Forgets the events, keeps the memory. */
void event_log_clear(struct event_log *l);

/* Adds an event (dropped silently when out of memory: a lost message,
 * never a lost game). */
void event_emit(struct event_log *l, uint32_t turn, enum world_event_kind kind,
                int actor, int other, int x, int y, int value);

const char *event_reason_name(enum replan_reason r);

#endif
