/* SPDX-License-Identifier: MIT */
/* ending.h - how a game ended, in the words a roguelike player expects
 * ("Killed by a goblin on level 1, turn 412.", "Escaped from level 1 on
 * turn 98."), and its score.
 *
 * What the end needs to know that the world does not keep (who killed
 * the player, how many monsters the player killed, the last messages) is
 * noted turn by turn from the turn's events (ending_note_turn), so a game
 * rebuilt from its commands (a replay, a resumed save) notes the same.
 *
 * The score, documented in doc/manual.md and doc/formats.md:
 *
 *   100 per level reached (the level the game ended on)
 * +  50 per monster the player killed
 * +   1 per 10 turns played
 * + 1000 for escaping, and 2 more for each turn under 500 it took
 */
#ifndef HUNTED_ENDING_H
#define HUNTED_ENDING_H

#include <stddef.h>
#include <stdint.h>

#include "core/world/world.h"

#define ENDING_POINTS_LEVEL  100
#define ENDING_POINTS_KILL   50
#define ENDING_TURNS_POINT   10 /* turns for one point */
#define ENDING_POINTS_ESCAPE 1000
#define ENDING_QUICK_TURNS   500 /* an escape in fewer scores... */
#define ENDING_POINTS_QUICK  2   /* ...this much per turn fewer */

/* Messages kept for the end (a morgue file's "last messages"). */
#define ENDING_MESSAGES 16
#define ENDING_LINE     160

/* What the turns told, noted as they are played. */
struct ending_notes {
	unsigned kills; /* monsters the player killed */
	int killer;     /* the monster kind that killed the player, or -1 */
	/* The last messages, a ring: msgs[(first + i) % ENDING_MESSAGES]
	 * for i < nmsgs, each with its turn. */
	char msgs[ENDING_MESSAGES][ENDING_LINE];
	uint32_t msg_turn[ENDING_MESSAGES];
	size_t first, nmsgs;
};

enum ending_how {
	ENDING_PLAYING = 0, /* not over: the session stopped (--turns...) */
	ENDING_KILLED,
	ENDING_ESCAPED,
	ENDING_QUIT,
	ENDING_SAVED, /* not over: saved to be resumed */
};

struct ending {
	enum ending_how how;
	unsigned level;
	uint32_t turns; /* turns played, the last one included */
	unsigned kills;
	char killer[DATA_NAME_MAX + 8]; /* "a goblin", for ENDING_KILLED */
	char killer_said[64];           /* the same in the player's language */
	/* The score and its parts. */
	long score;
	long points_level, points_kills, points_turns, points_escape;
};

void ending_notes_init(struct ending_notes *n);

/* Notes what the turn just played did (its events in w->events): kills,
 * the killer, the messages a player reads. */
void ending_note_turn(struct ending_notes *n, const struct world *w);

/* The message number i of the last ones kept (0 the oldest), and its
 * turn. */
const char *ending_message(const struct ending_notes *n, size_t i,
                           uint32_t *turn);

/* The end of the game in w as it stands, with how it ended (for a game
 * over, the world's state decides: killed or escaped), on level. */
void ending_make(struct ending *e, const struct world *w,
                 const struct ending_notes *n, unsigned level,
                 enum ending_how how);

/* The score of an end (sets e->score and its parts). */
long ending_score(struct ending *e);

/* The sentence: "Killed by a goblin on level 1, turn 412.", "Escaped
 * from level 1 on turn 98.", "Quit on level 1, turn 37.", "Saved on
 * level 1, turn 37.", "Still alive on level 1, turn 1000.", in the
 * player's language. */
void ending_text(const struct ending *e, char *buf, size_t size);

/* The same sentence in English, for the files that keep it (the high
 * scores are printable ASCII, the morgue file is English). */
void ending_record(const struct ending *e, char *buf, size_t size);

/* The score with its parts: "523 (level 1: 100, 3 kills: 150, 412
 * turns: 41)". */
void ending_score_text(const struct ending *e, char *buf, size_t size);

#endif
