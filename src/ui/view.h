/* view.h - what the player sees: the map viewport, the status line, the
 * message log, look mode, help, message history, the quit prompt, the
 * reload error panel and the AI view.  It draws into a struct canvas and
 * takes keys as enum view_key codes, so it never touches curses: the
 * terminal code (term.c) feeds it keys and shows the canvas, and
 * --dump-screen prints the same canvas as text.
 *
 * Overlays only read the game: the AI view re-runs a monster's search on
 * its own path context, and nothing here uses the world's RNG. */
#ifndef HUNTED_VIEW_H
#define HUNTED_VIEW_H

#include <stdint.h>
#include <stdio.h>

#include "canvas.h"
#include "session/files.h"
#include "core/path/path.h"
#include "core/game.h"
#include "core/world/world.h"

#define VIEW_MIN_W 80
#define VIEW_MIN_H 24

/* Keys: printable ASCII and control characters as themselves, the rest
 * as these codes (the terminal code translates curses' keys). */
enum view_key {
	VK_CTRL_C = 3,
	VK_TAB = 9,
	VK_ENTER = 10,
	VK_CTRL_P = 16,
	VK_CTRL_R = 18,
	VK_ESC = 27,
	VK_UP = 0x101,
	VK_DOWN,
	VK_LEFT,
	VK_RIGHT,
	VK_UP_LEFT,    /* Home, keypad 7 */
	VK_UP_RIGHT,   /* PgUp, keypad 9 */
	VK_DOWN_LEFT,  /* End, keypad 1 */
	VK_DOWN_RIGHT, /* PgDn, keypad 3 */
	VK_CENTER,     /* keypad 5 with NumLock off */
	VK_F2,
	VK_F5,
	VK_RESIZE,
};

/* What the caller should do after a key. */
enum view_result {
	VIEW_OK = 0,
	VIEW_QUIT,   /* leave the game (exit status 0) */
	VIEW_REDRAW, /* repaint the whole terminal */
};

struct view_config {
	const char *map_label;     /* for the status line */
	int ai_view;               /* start with the AI view on */
	const char *record;        /* record the game to this file, or NULL */
	const char *replay;        /* watch this recording, or NULL */
	struct game_source source; /* for reloading the data files */
	int watch_files;           /* reload when a data file changes */
	int no_timing;             /* show 0 for search times (golden dumps) */
};

struct view;

/* Takes ownership of g.  Returns NULL when out of memory or when the
 * recording or replay file cannot be opened (message in err). */
struct view *view_new(struct game *g, const struct view_config *cfg, char *err,
                      size_t err_size);
void view_free(struct view *v);
/* From now on the caller frees the game (headless --dump-screen). */
void view_borrow_world(struct view *v);

/* Handles one key. */
enum view_result view_key(struct view *v, int key);

/* Draws everything into c at c's size. */
void view_draw(struct view *v, struct canvas *c);

/* Called by the terminal loop when no key came for a while: reloads
 * changed data files, plays the next replayed turn when it is due.
 * now_ms is a monotonic clock.  Returns the milliseconds until it wants
 * to be called again. */
int view_idle(struct view *v, uint64_t now_ms);

/* Reloads the data files now.  Returns 0 when the new data was taken,
 * -1 when it had errors (the game goes on unchanged, the errors are
 * shown in a panel). */
int view_reload(struct view *v);

/* Takes note of what the last turn did (message log, AI view).  The
 * terminal never needs it; headless play calls it after every command so
 * a dump shows the same log. */
void view_after_turn(struct view *v);

/* Whether a watched replay stopped because the game diverged from it. */
int view_replay_diverged(const struct view *v);

/* The game as it stands, and whether the player won, lost or quit. */
const struct game *view_game(const struct view *v);

/* Writes the canvas as text, one line per row, and then the AI layers of
 * the selected monster over the whole map. */
void view_dump(struct view *v, struct canvas *c, FILE *out);

#endif
