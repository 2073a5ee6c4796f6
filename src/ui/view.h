/* SPDX-License-Identifier: MIT */
/* view.h - what the player sees: the map viewport, the status line, the
 * message log, look mode, help, message history, the prompts, the
 * reload error panel and the AI view (the files that draw them:
 * screen_impl.h).  It draws into a struct canvas and
 * takes keys as enum key codes (keys.h), so it never touches curses: the
 * terminal code (term.c) feeds it keys and shows the canvas, and
 * --dump-screen prints the same canvas as text.
 *
 * The view is the terminal session's source of commands (a key becomes a
 * command for the session) and one of its sinks (each turn's events
 * become messages).  Overlays only read the game. */
#ifndef HUNTED_VIEW_H
#define HUNTED_VIEW_H

#include <stdint.h>
#include <stdio.h>

#include "canvas.h"
#include "keys.h"
#include "screen.h"
#include "session/session.h"

struct view;

/* A view of the session's game.  Returns NULL when out of memory
 * (message in err). */
struct view *view_new(struct session *s, char *err, size_t err_size);
void view_free(struct view *v);
/* lesson.c: the lesson picked in the lesson menu, "" when none was. */
const char *lesson_picked(const struct view *v);

/* Handles one key; with VIEW_CMD, *cmd is the command to play. */
enum view_result view_key(struct view *v, int key, struct world_cmd *cmd);

/* Called by the terminal loop when no key came for a while: reloads
 * changed data files, and when a watched replay's next turn is due,
 * returns VIEW_CMD with it in *cmd.  now_ms is a monotonic clock;
 * *wait_ms gets the milliseconds until it wants to be called again. */
enum view_result view_idle(struct view *v, uint64_t now_ms,
                           struct world_cmd *cmd, int *wait_ms);

/* The next turn's command of a travel, explore, run or rest under way
 * (VIEW_CMD), or VIEW_OK when none is or it just stopped (and said why):
 * for callers that play the view's keys without an idle loop. */
enum view_result view_walk(struct view *v, struct world_cmd *cmd);

/* Whether the game plays itself (--watch) until a key takes it over:
 * its commands are the autopilot's, which never stalls the game. */
int view_watching(const struct view *v);

/* Reloads the data files now.  Returns 0 when the new data was taken,
 * -1 when it had errors (the game goes on unchanged, the errors are
 * shown in a panel). */
int view_reload(struct view *v);

/* A mouse click at screen cell (x, y) with button (1 the left): in the
 * sandbox it moves the cursor there and button 1 paints; on the game's
 * map button 1 picks a cell to travel to. */
void view_click(struct view *v, int x, int y, int button);

/* Takes note of what the last turn did (message log, AI view). */
void view_note_turn(struct view *v);

/* The view as a sink of the terminal session: every turn's events in
 * the log, and the end of the game or of a replay said. */
struct session_sink view_sink(struct view *v);

/* Draws everything into c at c's size. */
void view_draw(struct view *v, struct canvas *c);

/* Writes the canvas as text, one line per row, and then the AI layers of
 * the selected monster over the whole map. */
void view_dump(struct view *v, struct canvas *c, FILE *out);

#endif
