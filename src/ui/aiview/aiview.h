/* SPDX-License-Identifier: MIT */
/* aiview.h - the AI view: the selected monster's search run again with a
 * trace and drawn on the real dungeon (paths, open and closed sets, g, h
 * and f per cell, parent arrows, terrain costs, the path cache), step
 * mode, the side-by-side comparison of the algorithms on the same query,
 * and the inspector.
 *
 * It watches one game and only reads it: the searches it shows run on
 * its own path contexts, and it never uses the game's RNG.  The game
 * screen (view.c) owns one and gives it keys and room to draw in. */
#ifndef HUNTED_AIVIEW_H
#define HUNTED_AIVIEW_H

#include <stddef.h>
#include <stdio.h>

#include "ui/canvas.h"
#include "core/game.h"
#include "core/mind/travel.h"

struct aiview;

/* What aiview_selected says while the view follows the player's own
 * search (a travel or an explore), which Tab reaches after the
 * monsters. */
#define AIVIEW_YOU (-2L)

/* An AI view of g, on or off; no_timing shows 0 for the searches' times
 * (golden dumps).  NULL when out of memory. */
struct aiview *aiview_new(struct game *g, int on, int no_timing);
void aiview_free(struct aiview *a);

/* The game to watch from now on (a reload made a new one). */
void aiview_set_game(struct aiview *a, struct game *g);

int aiview_on(const struct aiview *a);
/* The monster the view follows, AIVIEW_YOU, or -1 (and -1 while the
 * view is off). */
long aiview_selected(const struct aiview *a);

/* The player's travel, explore, run or rest (NULL: none), which the view
 * shows as a searcher like the monsters while it is planned or under
 * way. */
void aiview_set_travel(struct aiview *a, const struct travel *t);

/* Takes note of the last turn's re-plans (the history k shows). */
void aiview_note_events(struct aiview *a);

/* Forgets every search (a new turn, a new selection). */
void aiview_forget(struct aiview *a);
/* Follows the monster nearest the player that is going somewhere, unless
 * one was picked with Tab and still lives. */
void aiview_follow(struct aiview *a);

/* Follows monster i from now on (watch mode's choice: the hunter), until
 * aiview_follow picks again. */
void aiview_select(struct aiview *a, long i);

/* Handles a key of the AI view; returns 1 when it used it, with a
 * message for the log in msg (empty when there is none). */
int aiview_key(struct aiview *a, int key, char *msg, size_t size);
/* Whether the view is in the middle of reading a number (J in step
 * mode): every key goes to it, Esc included. */
int aiview_entering(const struct aiview *a);

/* Cell boxes (z): whether the map is drawn as boxes; the cell they are
 * centred on (the current node in step mode, else the monster); and the
 * boxes over the w x h cells at (x0, y0), centred on (fx, fy). */
int aiview_boxes(const struct aiview *a);
/* Whether the code panel (C) is shown, and the panel drawn in w x h
 * columns and rows from (x0, y0): the search's loop as pseudocode, the
 * line the trace is on marked, its values.  It needs AIVIEW_CODE_W
 * columns; wider, the marked line's value goes beside it. */
#define AIVIEW_CODE_W 60
int aiview_code_on(const struct aiview *a);
int aiview_draw_code(struct aiview *a, struct canvas *c, int x0, int y0, int w,
                     int h);
void aiview_box_focus(struct aiview *a, int *x, int *y);
void aiview_draw_boxes(struct aiview *a, struct canvas *c, int x0, int y0,
                       int w, int h, int fx, int fy);

/* A lesson's page: the view on, showing the search, layers and step the
 * page asks for (data.h's struct data_page). */
void aiview_apply_page(struct aiview *a, const struct data_page *pg);

/* Export: the shown search's expansions (0 when there is none), step
 * mode's state and a way to show step k (on = 0 leaves step mode); the
 * base of the file names an export of the search takes
 * ("hunted-search-tTURN-KINDINDEX"), or -1 when no search is shown; and
 * the search as a JSON trace (doc/formats.md).  Returns 0, or -1 when
 * there is no search or a write failed. */
size_t aiview_steps(struct aiview *a);
void aiview_step_state(const struct aiview *a, int *on, size_t *k);
void aiview_step_to(struct aiview *a, int on, size_t k);
int aiview_export_name(struct aiview *a, char *buf, size_t size);
int aiview_export_json(struct aiview *a, FILE *out);

/* Draws the overlays over the map, whose top-left cell is (ox, oy) of
 * the world at canvas cell (x0, y0), w x h cells. */
void aiview_draw_map(struct aiview *a, struct canvas *c, int x0, int y0, int w,
                     int h, int ox, int oy);
/* After the monsters and the player are drawn over the map (same port):
 * the cells step mode and the code panel's line speak of (current, next)
 * keep whoever stands there, in their markers' colours. */
void aiview_draw_marks(struct aiview *a, struct canvas *c, int x0, int y0,
                       int w, int h, int ox, int oy);
/* The side panel; with look (x, y) the inspector of that cell too. */
void aiview_draw_panel(struct aiview *a, struct canvas *c, int x0, int y0,
                       int w, int h, const int *look);
/* The two stats lines under the status line. */
void aiview_draw_stats(struct aiview *a, struct canvas *c, int y, int w);
/* The stats and every layer alone over the whole map, as plain text. */
void aiview_dump_layers(struct aiview *a, FILE *out);

#endif
