/* SPDX-License-Identifier: MIT */
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

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "ending.h"
#include "replay.h"
#include "save.h"
#include "scores.h"
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

/* How the source left the session, when it was not the game's end. */
enum session_leave {
	SESSION_LEAVE_NONE = 0, /* the commands ran out, --turns, game over */
	SESSION_LEAVE_QUIT,     /* the player quit: the game ends there */
	SESSION_LEAVE_SAVE,     /* the game was saved, to be resumed */
};

/* What the end of a game left in the player's folder (userdir.h). */
#define SESSION_NOTE_MAX (PATH_MAX + 400)
struct session_records {
	char morgue[PATH_MAX]; /* the morgue file written, or "" */
	char scores[PATH_MAX]; /* the high-score list, or "" */
	struct scores list;    /* as written, or as it would have been */
	int rank;              /* the game's place in it, -1: not in it */
	char problems[3][SESSION_NOTE_MAX]; /* what could not be written */
	size_t nproblems;
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
	int rec_over;      /* ...whose end line is written */
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

	/* The end: what the turns told, how the game ended (end.how stays
	 * ENDING_PLAYING until it does), how the source left. */
	struct ending_notes notes;
	struct ending end;
	enum session_leave leave;
	int keep_records; /* a morgue file and the high scores at the end */
	struct session_records records;

	/* Saving (a save is a recording of the game so far, resumed by
	 * replaying it): where, and the turns so far.  save_path is "" when
	 * this session does not save; unsaveable says why a game can no
	 * longer be saved (its data changed under it), or is NULL. */
	char save_path[PATH_MAX];
	int save_at_end; /* headless --save: save when stopped mid-game */
	int save_failed; /* ...and that save could not be written */
	const char *unsaveable;
	struct save_turn *hist;
	size_t nhist, hist_cap;
	char save_note[SESSION_NOTE_MAX]; /* an older save moved aside */
	/* The save on disk is this game's (written or resumed by it), as
	 * of its turn saved_turn; autosave_said: a failure was said. */
	int save_ours;
	uint32_t saved_turn;
	/* Another game's save waiting at save_path: this game kept beside
	 * it (save_beside), or "". */
	char side_path[SAVE_BESIDE_MAX];
	int rebuilding;     /* a save's turns replayed: nothing is written */
	uint64_t start_sum; /* the game's checksum on turn 0 */
	int autosave_said;
	/* The data the game plays on, and the checksum of its files'
	 * bytes when it was loaded. */
	const struct data *data_now;
	uint64_t data_sum;

	/* What to tell the player as the game starts: a save resumed, or
	 * one that could not be and was moved aside. */
	char news[6][SESSION_NOTE_MAX];
	size_t nnews;
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

/* Plays one more command after session_run's loop has ended (a screen
 * dump's view keys) through the loop's own turn: timed, told and kept
 * like every other, but not recorded (the recording ended with the
 * loop).  Returns what game_player_act said: 1 when time passed, 0 when
 * the command took none, -1 when the game was already over. */
int session_play_cmd(struct session *s, struct world_cmd cmd);

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
 * longer replay past it.  Returns 0; 1 when the files hold the same
 * bytes as the game's, which then goes on untouched (and can still be
 * saved); or -1 with the problems in diags and the game unchanged. */
int session_reload(struct session *s, struct diag_list *diags,
                   struct reload_report *rep);

/* The game made again from its start (s->setup's: another seed makes
 * another game) and played by the n commands cmds (each one that took a
 * turn), quietly, nothing told to a sink: a watched game stepped back a
 * turn, or the next one started.  A recording being written ends
 * first, whole.  Returns 0, or -1 (out of memory) with the game as it
 * was. */
int session_rewind(struct session *s, const struct world_cmd *cmds, size_t n);

/* The player takes over a watched game, played so far by the n commands
 * cmds: from now on it is saved and its end recorded as any terminal
 * game's (the game is made again by cmds for the save, which keeps
 * every turn; a recording goes on).  Returns 0, or -1 (out of memory)
 * with the game as it was. */
int session_take_over(struct session *s, const struct world_cmd *cmds,
                      size_t n);

/* The monsters' phase: the median, in nanoseconds (the longest is
 * times.max). */
uint64_t session_median_ns(const struct session *s);

/* The level the player is on: 1 for a game of one dungeon, the depth of
 * a run (core/game.h). */
unsigned session_depth(const struct session *s);

/* The name of the dungeon the game is on now: in a campaign, the level's
 * (the status line's), else the session's label. */
void session_where(const struct session *s, char *buf, size_t size);

/* Looks for the saved game (s->save_path) and, when it is the game the
 * command line asks for, resumes it: its turns are replayed, checked
 * turn by turn, and the save is deleted.  A save that is damaged, cut
 * short, of another version of hunted, or that no longer plays the same
 * is moved aside (renamed, never deleted) and the session keeps its
 * fresh game; what happened is printed on stderr and kept in s->news.
 * A save of another game is left alone.  Returns 1 when a game was
 * resumed, else 0. */
int session_resume(struct session *s);

/* Saves the game as it is now to s->save_path, whole or not at all (a
 * save of another game found there is moved aside first).  The session
 * then ends as saved (s->leave, s->end).  Returns 0, or -1 with the
 * reason in err and nothing changed. */
int session_save(struct session *s, char *err, size_t size);

/* From now on the game cannot be saved, for the reason why (a string
 * that lives as long as the session). */
void session_unsaveable(struct session *s, const char *why);

/* How the game ended (s->end), or where it stands now when it has not
 * ended, into *e. */
void session_ending(const struct session *s, struct ending *e);

#endif
