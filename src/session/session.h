/* session.h - a game session: the game a setup describes, and the one
 * loop that plays it from a source of commands to the sinks that show,
 * print or record what happened.
 *
 * Terminal play, headless play and replays are configurations of the
 * same loop: the terminal view is a source (the keys) and a sink (the
 * screen); headless play takes its commands from --keys, the autopilot
 * or a recording and prints a summary; a recording can be written by any
 * of them.  The session itself writes the recording (--record) and checks
 * a replay's checksums after every command. */
#ifndef HUNTED_SESSION_H
#define HUNTED_SESSION_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "replay.h"
#include "timing.h"
#include "setup.h"

struct session;

enum source_result {
	SOURCE_CMD = 0, /* a command to play */
	SOURCE_END,     /* no more commands: the session ends normally */
	SOURCE_STOP,    /* the session must stop: s->status says why */
};

/* Where commands come from. */
struct session_source {
	enum source_result (*next)(void *self, struct session *s,
	                           struct world_cmd *cmd);
	void *self;
	/* A command that takes no time is replaced by a wait (the autopilot
	 * never stalls the game). */
	int no_stall;
	/* Asked for commands after the game is over or a replay diverged
	 * (the terminal shows the end until the player leaves). */
	int after_end;
};

/* Where what happened goes. */
struct session_sink {
	/* After every command played; took_time says whether the turn
	 * passed. */
	void (*turn)(void *self, struct session *s, struct world_cmd cmd,
	             int took_time);
	/* Once, at the end (s->status is then final). */
	void (*end)(void *self, struct session *s);
	void *self;
};

/* How a replay stopped matching its recording. */
enum session_divergence {
	SESSION_MATCHES = 0,
	SESSION_DIVERGED_TURN, /* a turn's checksum differs */
	SESSION_DIVERGED_END,  /* the game ends with another checksum */
	SESSION_DIVERGED_OVER, /* the game is over, the recording goes on */
};

struct session {
	struct setup setup; /* the session's own copy */
	struct game *game;
	FILE *rec;         /* --record, or NULL */
	struct replay rep; /* --replay: rep.path is NULL otherwise */
	int replayed;      /* the command to play came from rep: check it */
	int status;        /* the exit status so far */
	/* A replay that no longer matches: why, the line, the turn and the
	 * checksums. */
	enum session_divergence diverged;
	int div_line;
	uint32_t div_turn;
	uint64_t div_want, div_got;
	/* The monsters' phase of every turn, in nanoseconds (timed here so
	 * that every front end times the same thing), in bounded memory. */
	struct timing times;
	char label[64]; /* the game's name for a status line */
};

/* Makes the session the setup describes: the game's options from a
 * recording with --replay, the data loaded (every problem printed to
 * stderr as --check prints them), the game made, the recording to write
 * opened.  A recording to replay is read and checked whole first, its
 * problems printed as data files' are.  Returns NULL after printing
 * why. */
struct session *session_open(const struct setup *setup);
/* Returns 0, or -1 when the recording could not be written out (said on
 * stderr). */
int session_close(struct session *s);

/* Plays the session: commands from src until it ends or stops (or the
 * setup's --turns ran out, or the game is over unless the source wants
 * more), every command to every sink, and ends the recording being
 * written with its end line.  Returns the exit status. */
int session_run(struct session *s, struct session_source *src,
                struct session_sink *sinks, size_t nsinks);

/* The next command of the recording being replayed.  Returns 1 with
 * *cmd set, or 0 at its end, where the game is checked against the end
 * line (s->diverged). */
int session_replay_next(struct session *s, struct world_cmd *cmd);

/* What s->diverged says, as one line for the player:
 * "FILE:LINE: the replay diverged at turn N (...)". */
void session_divergence(const struct session *s, char *buf, size_t size);

/* The game carried over to the data files as they are now (the player,
 * the monsters and what they know kept; another size starts over).  A
 * recording being written ends there (with its end line): it would no
 * longer replay past it.  Returns 0,
 * or -1 with the problems in diags and the game unchanged. */
int session_reload(struct session *s, struct diag_list *diags,
                   struct reload_report *rep);

/* The monsters' phase: the median, in nanoseconds (the longest is
 * times.max). */
uint64_t session_median_ns(const struct session *s);

#endif
