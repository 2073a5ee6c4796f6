/* SPDX-License-Identifier: MIT */
/* screen_impl.h - the game screen's insides, shared by the files that do
 * its jobs, from the floor up: screen.c (the log, a command, the
 * sandbox's keys), keymap.c
 * (each mode's key table, the help drawn from them), msglog.c
 * (the message log and --More--), playback.c (a watched replay's pace),
 * datawatch.c (data files watched and reloaded, the panel of errors),
 * export.c (E), prompt.c (quit, save, a direction), pack.c (the tools),
 * lesson.c (a lesson's pages), endscreen.c (the end of the game), walk.c
 * (the player's travel, explore, run and rest), autoplay.c (--watch:
 * the game playing itself); view.c (the screen, its modes
 * and their table) stands on them all.  Private to src/ui. */
#ifndef HUNTED_SCREEN_IMPL_H
#define HUNTED_SCREEN_IMPL_H

#include <stdint.h>

#include "ui/aiview/aiview.h"
#include "keys.h"
#include "msglog.h"
#include "ui/aiview/sandbox.h"
#include "session/watch.h"
#include "canvas.h"
#include "core/base/i18n.h"
#include "core/mind/travel.h"
#include "core/world/fov.h"
#include "screen.h"
#include "session/session.h"

#define LOG_LINE         MSGLOG_LINE
#define LOG_ROWS         MSGLOG_ROWS
#define ERR_KEEP         64  /* reload problems shown in the panel */
#define POLL_MS          500 /* how often data files are looked at */
#define REPLAY_DELAY_MS  250 /* default time between replayed turns */
#define PANEL_W          30  /* the AI view's side panel */
#define PANEL_ROWS_BELOW 11  /* rows the panel needs in two columns */
#define LESSON_ROWS      6   /* rows a lesson's page takes under the map */

/* The text of the reload panel's problems, as --check says them. */
#define ERR_TEXT 32768

enum view_mode {
	MODE_PLAY = 0,
	MODE_DIRECTION, /* open, close or a tool: waiting for a direction */
	MODE_PACK,      /* a: which tool? */
	MODE_LOOK,
	MODE_HELP,
	MODE_HISTORY,
	MODE_QUIT,
	MODE_SANDBOX, /* painting the dungeon for the AI view's search */
	MODE_SAVE,    /* S: save and quit? */
	MODE_END,     /* the end of the game: score and high scores */
	MODE_TRAVEL,  /* a planned travel shown, waiting to be confirmed */
	MODE_LESSONS, /* M: the list of lessons, one to pick */
	/* Never v->mode: modes that stand over the others while they last
	 * (see view_mode_now). */
	MODE_MORE,  /* messages held behind --More-- */
	MODE_SMALL, /* the screen is too small for the game */
};

/* Where a watched replay stands. */
enum replay_state {
	REPLAY_ON = 0,
	REPLAY_ENDED,    /* its last turn was played */
	REPLAY_DIVERGED, /* the game no longer matches it */
};

struct view {
	struct session *s;
	struct aiview *ai;
	/* The whole screen drawn into a canvas (view_draw), for the jobs
	 * below view.c that draw frames of it (export.c). */
	void (*draw)(struct view *v, struct canvas *c);
	enum view_mode mode;
	int ai_keys;   /* the AI view has the keys (v gives and takes them) */
	int too_small; /* the last screen drawn was too small for the game */
	/* The game's first messages wait behind --More--: a key that is a
	 * command passes them and plays, so no key of the game is lost. */
	int more_at_start;
	int last_w, last_h; /* the size of the last screen drawn */
	int map_ox, map_oy, map_w, map_h; /* the map cells last drawn */
	struct sandbox sandbox;
	int lesson;      /* a lesson: its pages under the map */
	size_t page;     /* the page shown */
	int prompt_cmd;  /* WCMD_OPEN, WCMD_CLOSE or a WCMD_USE + item in
	                    MODE_DIRECTION */
	int help_ground; /* the help shows the ground, not the keys */
	int look_x, look_y;
	/* The player's own travel, explore, run or rest (walk.c): walking
	 * while one is under way; travel_key the key that confirms. */
	struct travel *travel;
	int walking;
	int walk_shown;
	int travel_key;

	struct msglog log;
	int ended; /* the end of the game was said */

	int watching; /* reload the data files when they change */
	int depth;    /* the campaign's level shown */
	int level_error_said;
	struct watch files;
	char errors[ERR_TEXT]; /* the reload's problems, lines of text */
	size_t nerrors;
	int show_errors;
	uint64_t next_poll_ms;

	int replaying; /* watching a recording in the terminal */
	int rep_done;  /* enum replay_state */
	int rep_paused;
	int rep_delay_ms;
	uint64_t rep_next_ms;

	struct autoplay *autoplay; /* --watch, until the player takes over */

	char *lessons; /* the lesson menu's list, as --lesson prints it */
	char lesson_pick[64]; /* the lesson picked in it, "" none */
};

/* A key table's answer: this key is not the table's after all, the next
 * table's (view_key makes it VIEW_OK when no table is left). */
#define VIEW_PASS ((enum view_result)(VIEW_CMD + 1))

/* What a key does in a mode. */
typedef enum view_result view_action(struct view *v, int key,
                                     struct world_cmd *cmd);

/* One key of a mode's table. */
struct keymap_row {
	int key;          /* a key code, or VK_MOVE: every movement key */
	const char *help; /* what it does; NULL: as the row above */
	view_action *act; /* NULL: the table's other action does it */
};

/* A mode's keys (tmux's key tables are the model): the help, the lists
 * of keys and the dispatch all read it, so they cannot drift apart. */
struct keymap {
	const char
	        *mode; /* its name in --list-keys, the README, the man page */
	/* Its heading in the help; "" none (it goes on from the table
	 * above), NULL not in the help. */
	const char *title;
	const struct keymap_row *rows;
	size_t n;
	view_action *other;     /* a key no row names, or NULL: nothing */
	const char *other_help; /* what other does, in the lists */
};

/* keymap.c: the tables of the modes and the layers of the play mode
 * (the lesson's, the AI view's, the replay's and the game's keys under
 * the keys every game screen has). */
extern const struct keymap keymap_play, keymap_look, keymap_direction,
        keymap_pack, keymap_help, keymap_history, keymap_sandbox, keymap_quit,
        keymap_save, keymap_end, keymap_more, keymap_small, keymap_travel,
        keymap_lessons;
/* The row of t for key, and then what it does: VIEW_PASS when t has
 * nothing for it. */
enum view_result keymap_run(const struct keymap *t, struct view *v, int key,
                            struct world_cmd *cmd);
/* The help screen: the tables with a title, two columns. */
void keymap_draw_help(struct canvas *c);

/* screen.c */
__attribute__((format(printf, 2, 3))) void screen_log(struct view *v,
                                                      const char *fmt, ...);
/* A command for the session: the messages logged from now on are news. */
enum view_result screen_command(struct view *v, struct world_cmd *cmd,
                                uint8_t kind, int dx, int dy);
/* The width the message lines have: the last screen's. */
int screen_msg_width(const struct view *v);
/* S with the AI view's keys: the sandbox; a key in the sandbox. */
enum view_result screen_sandbox_enter(struct view *v, int key,
                                      struct world_cmd *cmd);
enum view_result screen_sandbox_key(struct view *v, int key,
                                    struct world_cmd *cmd);

/* pack.c: i lists the pack, a uses a tool (asking which, then which
 * way), a key while asked which; the question's line. */
enum view_result pack_key_list(struct view *v, int key, struct world_cmd *cmd);
enum view_result pack_key_use(struct view *v, int key, struct world_cmd *cmd);
enum view_result pack_key_choose(struct view *v, int key,
                                 struct world_cmd *cmd);
void pack_draw(const struct view *v, struct canvas *c, int y);

/* playback.c: a replay watched in the terminal, at its pace. */
enum view_result playback_step(struct view *v, struct world_cmd *cmd);
enum view_result playback_key(struct view *v, int key, struct world_cmd *cmd);
enum view_result playback_idle(struct view *v, uint64_t now_ms,
                               struct world_cmd *cmd, int *wait_ms);

/* datawatch.c: the data files watched, reloaded, their errors shown. */
int datawatch_reload(struct view *v);
void datawatch_poll(struct view *v, uint64_t now_ms);
void datawatch_draw_errors(struct view *v, struct canvas *c, int x0, int y0,
                           int w, int h);

/* export.c: E, the search the AI view shows as files. */
void export_search(struct view *v);

/* prompt.c: the questions on the last message line. */
enum view_result prompt_ask_quit(struct view *v);
void prompt_ask_save(struct view *v);
void prompt_ask_direction(struct view *v, int cmd_kind);
enum view_result prompt_key_quit(struct view *v, int key,
                                 struct world_cmd *cmd);
enum view_result prompt_key_save(struct view *v, int key,
                                 struct world_cmd *cmd);
enum view_result prompt_key_direction(struct view *v, int key,
                                      struct world_cmd *cmd);
void prompt_draw(const struct view *v, struct canvas *c, int y);

/* lesson.c: a lesson's pages under the map. */
int lesson_key(struct view *v, int key);
void lesson_draw(struct view *v, struct canvas *c, int y0, int rows);
/* The lesson menu (L): opens it, takes its keys, draws it. */
enum view_result lesson_menu_open(struct view *v);
enum view_result lesson_menu_key(struct view *v, int key,
                                 struct world_cmd *cmd);
void lesson_menu_draw(struct view *v, struct canvas *c);

/* walk.c: travel, explore, run and rest. */
void walk_pick(struct view *v, int x, int y, int key);
enum view_result walk_key_look(struct view *v, int key, struct world_cmd *cmd);
enum view_result walk_key_pick(struct view *v, int key, struct world_cmd *cmd);
enum view_result walk_key_stairs(struct view *v, int key,
                                 struct world_cmd *cmd);
enum view_result walk_key_confirm(struct view *v, int key,
                                  struct world_cmd *cmd);
enum view_result walk_key_explore(struct view *v, int key,
                                  struct world_cmd *cmd);
enum view_result walk_key_run(struct view *v, int key, struct world_cmd *cmd);
enum view_result walk_key_rest(struct view *v, int key, struct world_cmd *cmd);
int walk_interrupt(struct view *v, int key);
void walk_click(struct view *v, int x, int y);
enum view_result walk_next(struct view *v, struct world_cmd *cmd);
enum view_result walk_idle(struct view *v, struct world_cmd *cmd, int *wait_ms);
void walk_draw_route(const struct view *v, struct canvas *c, int x0, int y0,
                     int vw, int vh, int ox, int oy);
void walk_draw_line(const struct view *v, struct canvas *c, int y);

/* autoplay.c: --watch, the autopilot playing at a pace.  Starts it
 * (0, or -1 out of memory); its keys (the watch table's, any other
 * taking over and then VIEW_PASS: the key goes on to the game); the
 * turn played, the monster to follow, its next turn when due, the
 * status line's words. */
struct autoplay;
extern const struct keymap keymap_watch;
int autoplay_start(struct view *v);
void autoplay_free(struct autoplay *a);
enum view_result autoplay_key(struct view *v, int key, struct world_cmd *cmd);
void autoplay_turn(struct view *v, struct world_cmd cmd, int took_time);
void autoplay_follow(struct view *v);
enum view_result autoplay_idle(struct view *v, uint64_t now_ms,
                               struct world_cmd *cmd, int *wait_ms);
void autoplay_status(const struct view *v, char *buf, size_t size);

/* endscreen.c: the end of the game, its score and the high scores. */
void endscreen_draw(struct view *v, struct canvas *c);
enum view_result endscreen_key(struct view *v, int key, struct world_cmd *cmd);

#endif
