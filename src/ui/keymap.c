/* SPDX-License-Identifier: MIT */
/* keymap.c - the game screen's keys: one table a mode, rows of
 * {key, help, action}, from which the keys are dispatched, the help
 * screen (?) is drawn and --list-keys is printed.  The play mode is
 * layered: the keys every game screen has, then a lesson's pages, the AI
 * view's keys, a watched replay's and last the game's commands. */
#include "config.h"

#include <string.h>

#include "keymap.h"
#include "screen_impl.h"

#define ROWS(a) a, sizeof(a) / sizeof(a[0])

/* ---- actions ----------------------------------------------------------- */

static enum view_result key_redraw(struct view *v, int key,
                                   struct world_cmd *cmd)
{
	(void)v;
	(void)key;
	(void)cmd;
	return VIEW_REDRAW;
}

static enum view_result key_quit(struct view *v, int key, struct world_cmd *cmd)
{
	(void)v;
	(void)key;
	(void)cmd;
	return VIEW_QUIT;
}

static enum view_result key_set_mode(struct view *v, enum view_mode mode)
{
	v->mode = mode;
	return VIEW_OK;
}

static enum view_result key_back(struct view *v, int key, struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	return key_set_mode(v, MODE_PLAY);
}

static enum view_result key_help(struct view *v, int key, struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	v->help_ground = 0;
	return key_set_mode(v, MODE_HELP);
}

/* The help's other page: the keys, or the ground and what it costs. */
static enum view_result key_help_ground(struct view *v, int key,
                                        struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	v->help_ground = !v->help_ground;
	return VIEW_REDRAW;
}

static enum view_result key_ask_quit(struct view *v, int key,
                                     struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	return prompt_ask_quit(v);
}

static enum view_result key_history(struct view *v, int key,
                                    struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	msglog_history_open(&v->log);
	return key_set_mode(v, MODE_HISTORY);
}

static enum view_result key_history_scroll(struct view *v, int key,
                                           struct world_cmd *cmd)
{
	(void)cmd;
	msglog_history_key(&v->log, key);
	return VIEW_OK;
}

static enum view_result key_reload(struct view *v, int key,
                                   struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	datawatch_reload(v);
	return VIEW_OK;
}

/* Esc hides the panel of reload errors; without one it is the next
 * table's (the AI view's: its keys back to the game). */
static enum view_result key_hide_errors(struct view *v, int key,
                                        struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	if (!v->show_errors)
		return VIEW_PASS;
	v->show_errors = 0;
	return VIEW_OK;
}

static enum view_result key_look(struct view *v, int key, struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	v->look_x = v->s->game->world->px;
	v->look_y = v->s->game->world->py;
	return key_set_mode(v, MODE_LOOK);
}

static enum view_result key_look_move(struct view *v, int key,
                                      struct world_cmd *cmd)
{
	int dx, dy;

	(void)cmd;
	if (keys_dir(key, &dx, &dy) &&
	    world_in(v->s->game->world, v->look_x + dx, v->look_y + dy)) {
		v->look_x += dx;
		v->look_y += dy;
	}
	return VIEW_OK;
}

static enum view_result key_lesson(struct view *v, int key,
                                   struct world_cmd *cmd)
{
	(void)cmd;
	return lesson_key(v, key) ? VIEW_OK : VIEW_PASS;
}

static enum view_result key_ask_save(struct view *v, int key,
                                     struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	prompt_ask_save(v);
	return VIEW_OK;
}

static enum view_result key_open_close(struct view *v, int key,
                                       struct world_cmd *cmd)
{
	(void)cmd;
	prompt_ask_direction(v, key == 'o' ? WCMD_OPEN : WCMD_CLOSE);
	return VIEW_OK;
}

static enum view_result key_pickup(struct view *v, int key,
                                   struct world_cmd *cmd)
{
	(void)key;
	return screen_command(v, cmd, WCMD_PICKUP, 0, 0);
}

static enum view_result key_wait(struct view *v, int key, struct world_cmd *cmd)
{
	(void)key;
	return screen_command(v, cmd, WCMD_WAIT, 0, 0);
}

static enum view_result key_move(struct view *v, int key, struct world_cmd *cmd)
{
	int dx, dy;

	if (!keys_dir(key, &dx, &dy))
		return VIEW_PASS;
	return screen_command(v, cmd, WCMD_MOVE, dx, dy);
}

/* The AI view's keys.  ` and F2 show and hide it, v gives it the keys
 * and takes them back (Esc too), Tab picks the next monster: none of them
 * is a game command.  While the view has the keys its letters are its
 * own, and a key it does not know is not passed to the game either (a
 * replay's keys excepted): the player is told how to get them back.
 * While the game has them, the view takes nothing else. */
static enum view_result key_ai_keys(struct view *v, int key,
                                    struct world_cmd *cmd)
{
	char msg[LOG_LINE];

	(void)key;
	(void)cmd;
	if (!aiview_on(v->ai))
		aiview_key(v->ai, '`', msg, sizeof(msg));
	v->ai_keys = !v->ai_keys;
	screen_log(v, "%s",
	           v->ai_keys ? "The AI view has the keys (? lists them); "
	                        "v or Esc gives them back to the game."
	                      : "The game has the keys again; v gives "
	                        "them to the AI view.");
	return VIEW_OK;
}

static enum view_result key_ai_show(struct view *v, int key,
                                    struct world_cmd *cmd)
{
	char msg[LOG_LINE];

	(void)cmd;
	aiview_key(v->ai, key, msg, sizeof(msg));
	if (!aiview_on(v->ai))
		v->ai_keys = 0;
	screen_log(v, "%s",
	           aiview_on(v->ai) ? "AI view on: the game keeps its "
	                              "keys, v gives them to the view."
	                            : "AI view off.");
	return VIEW_OK;
}

static enum view_result key_ai_tab(struct view *v, int key,
                                   struct world_cmd *cmd)
{
	char msg[LOG_LINE];

	(void)cmd;
	if (!aiview_on(v->ai))
		return VIEW_PASS;
	aiview_key(v->ai, key, msg, sizeof(msg));
	return VIEW_OK;
}

static enum view_result key_ai_give_back(struct view *v, int key,
                                         struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	v->ai_keys = 0;
	screen_log(v, "The game has the keys again; v gives them to the "
	              "AI view.");
	return VIEW_OK;
}

static enum view_result key_export(struct view *v, int key,
                                   struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	export_search(v);
	return VIEW_OK;
}

/* A key for the AI view itself (aiview_key). */
static enum view_result key_ai(struct view *v, int key, struct world_cmd *cmd)
{
	char msg[LOG_LINE];

	(void)cmd;
	if (aiview_key(v->ai, key, msg, sizeof(msg))) {
		if (*msg)
			screen_log(v, "%s", msg);
		return VIEW_OK;
	}
	if (v->replaying)
		return VIEW_PASS;
	screen_log(v, "The AI view has the keys: v or Esc gives them back to "
	              "the game.");
	return VIEW_OK;
}

static const struct keymap_row ai_rows[] = {
        {'`', "show or hide the AI view", key_ai_show},
        {VK_F2, NULL, key_ai_show},
        {'v', "its keys (v or Esc: back)", key_ai_keys},
        {VK_TAB, "the next monster", key_ai_tab},
};
static const struct keymap keymap_ai = {
        "ai", "AI view (the game keeps its keys)", ROWS(ai_rows), NULL, NULL};

static const struct keymap_row aikeys_rows[] = {
        {'p', "planned path (*: all)", NULL},
        {'*', NULL, NULL},
        {'o', "open o, closed :, current O", NULL},
        {'g', "g, h or f of each cell", NULL},
        {'h', NULL, NULL},
        {'f', NULL, NULL},
        {'a', "arrows to the parents", NULL},
        {'c', "each cell's cost", NULL},
        {'m', "the kind's shared map", NULL},
        {'k', "path caches and re-plans", NULL},
        {'T', "the comparison table", NULL},
        {'z', "cell boxes", NULL},
        {'y', "the hierarchy (HPA*)", NULL},
        {'r', "D* Lite beside the others", NULL},
        {'s', "step mode, narrated", NULL},
        {'n', "next, back, jump, start, end", NULL},
        {'b', NULL, NULL},
        {'J', NULL, NULL},
        {'B', NULL, NULL},
        {'N', NULL, NULL},
        {'H', "cycle heuristic, diagonal", NULL},
        {'D', NULL, NULL},
        {'W', "cycle weight, algorithm", NULL},
        {'A', NULL, NULL},
        {'t', "ties: lower h first, or FIFO", NULL},
        {'0', "the monster's own settings", NULL},
        {'E', "export the search", key_export},
        {'S', "sandbox: draw the dungeon", screen_sandbox_enter},
        {VK_ESC, "the keys back to the game", key_ai_give_back},
};
static const struct keymap keymap_aikeys = {
        "ai-keys", "While the AI view has the keys (v)", ROWS(aikeys_rows),
        key_ai,
        "the AI view's if it knows it, else it says how to get the keys "
        "back"};

/* The AI view's keys, theirs whoever has the keys, and then while it has
 * them its own. */
static enum view_result keymap_ai_key(struct view *v, int key,
                                      struct world_cmd *cmd)
{
	enum view_result r = keymap_run(&keymap_ai, v, key, cmd);
	char msg[LOG_LINE];

	if (r != VIEW_PASS)
		return r;
	if (!aiview_on(v->ai) || !v->ai_keys)
		return VIEW_PASS;
	if (aiview_entering(v->ai)) {
		aiview_key(v->ai, key, msg, sizeof(msg));
		if (*msg)
			screen_log(v, "%s", msg);
		return VIEW_OK;
	}
	return keymap_run(&keymap_aikeys, v, key, cmd);
}

static enum view_result key_look_ai(struct view *v, int key,
                                    struct world_cmd *cmd)
{
	keymap_ai_key(v, key, cmd);
	return VIEW_OK;
}

/* ---- the layers of the play mode ---------------------------------------- */

static const struct keymap_row lesson_rows[] = {
        {' ', "the next page", key_lesson},
        {VK_DOWN_RIGHT, NULL, key_lesson},
        {VK_UP_RIGHT, "the page before", key_lesson},
        {127, NULL, key_lesson},
        {8, NULL, key_lesson},
};
static const struct keymap keymap_lesson = {"lesson", NULL, ROWS(lesson_rows),
                                            NULL, NULL};

static const struct keymap_row replay_rows[] = {
        {' ', "pause or play", playback_key},
        {'.', "the next turn", playback_key},
        {'>', NULL, playback_key},
        {'+', "faster, slower", playback_key},
        {'-', NULL, playback_key},
};
static const struct keymap keymap_replay = {"replay", "Watching a replay",
                                            ROWS(replay_rows), NULL, NULL};

static const struct keymap_row game_rows[] = {
        {VK_MOVE, "move (opens doors)", key_move},
        {'.', "wait a turn", key_wait},
        {'5', NULL, key_wait},
        {'s', NULL, key_wait},
        {VK_CENTER, NULL, key_wait},
        {'o', "open or close a door", key_open_close},
        {'c', NULL, key_open_close},
        {'g', "pick up", key_pickup},
        {',', NULL, key_pickup},
        {'i', "the pack: your tools", pack_key_list},
        {'a', "use a tool", pack_key_use},
        {'S', "save and quit (resumed)", key_ask_save},
};
static const struct keymap keymap_game = {"game", "", ROWS(game_rows), NULL,
                                          NULL};

/* A key no key of every game screen: the lesson's, the AI view's, the
 * replay's, else the game's once it is still played. */
static enum view_result key_play_layers(struct view *v, int key,
                                        struct world_cmd *cmd)
{
	enum view_result r;

	if (v->lesson &&
	    (r = keymap_run(&keymap_lesson, v, key, cmd)) != VIEW_PASS)
		return r;
	if ((r = keymap_ai_key(v, key, cmd)) != VIEW_PASS)
		return r;
	if (v->replaying)
		return keymap_run(&keymap_replay, v, key, cmd);
	if (v->s->game->world->state != WORLD_PLAYING)
		return VIEW_OK;
	return keymap_run(&keymap_game, v, key, cmd);
}

/* ---- the modes ------------------------------------------------------------
 */

static const struct keymap_row play_rows[] = {
        {'q', "quit (asked first)", key_ask_quit},
        {VK_CTRL_C, NULL, key_ask_quit},
        {'?', "this help", key_help},
        {VK_CTRL_P, "the message history", key_history},
        {VK_CTRL_R, "redraw the screen", key_redraw},
        {'R', "reload the data files", key_reload},
        {VK_F5, NULL, key_reload},
        {VK_ESC, "hide the reload errors", key_hide_errors},
        {';', "look: a cursor (Esc leaves)", key_look},
        {'x', NULL, key_look},
};
const struct keymap keymap_play = {
        "play", "The game", ROWS(play_rows), key_play_layers,
        "the lesson's, the AI view's, the replay's or the game's keys"};

static const struct keymap_row look_rows[] = {
        {VK_MOVE, "move the cursor", key_look_move},
        {VK_ESC, "back to the game", key_back},
        {';', NULL, key_back},
        {'x', NULL, key_back},
        {'q', NULL, key_back},
        {VK_ENTER, NULL, key_back},
        {VK_TAB, "the AI view's monster, showing", key_look_ai},
        {'`', NULL, key_look_ai},
        {VK_F2, NULL, key_look_ai},
};
const struct keymap keymap_look = {"look", NULL, ROWS(look_rows), NULL, NULL};

static const struct keymap_row direction_rows[] = {
        {VK_MOVE, "that way", prompt_key_direction},
        {VK_ESC, "never mind", prompt_key_direction},
        {'q', NULL, prompt_key_direction},
        {VK_CTRL_C, NULL, prompt_key_direction},
};
const struct keymap keymap_direction = {"direction", NULL, ROWS(direction_rows),
                                        NULL, NULL};

static const struct keymap_row pack_rows[] = {
        {VK_ESC, "never mind", pack_key_choose},
        {'q', NULL, pack_key_choose},
        {VK_CTRL_C, NULL, pack_key_choose},
};
const struct keymap keymap_pack = {"pack", NULL, ROWS(pack_rows),
                                   pack_key_choose, "the tool of that letter"};

static const struct keymap_row help_rows[] = {
        {'?', "the ground: what each terrain costs you", key_help_ground},
        {VK_CTRL_R, "redraw the screen", key_redraw},
};
const struct keymap keymap_help = {"help", NULL, ROWS(help_rows), key_back,
                                   "back to the game"};

static const struct keymap_row history_rows[] = {
        {VK_UP, "scroll", key_history_scroll},
        {'k', NULL, key_history_scroll},
        {VK_DOWN, NULL, key_history_scroll},
        {'j', NULL, key_history_scroll},
        {VK_UP_RIGHT, NULL, key_history_scroll},
        {VK_DOWN_RIGHT, NULL, key_history_scroll},
        {VK_CTRL_R, "redraw the screen", key_redraw},
};
const struct keymap keymap_history = {"history", NULL, ROWS(history_rows),
                                      key_back, "back to the game"};

static enum view_result key_sandbox_quit(struct view *v, int key,
                                         struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	return key_set_mode(v, MODE_QUIT);
}

static const struct keymap_row sandbox_rows[] = {
        {'q', "quit (asked first)", key_sandbox_quit},
        {VK_CTRL_C, NULL, key_sandbox_quit},
        {'?', "the help", key_help},
        {VK_MOVE, "move the cursor", screen_sandbox_key},
        {' ', "paint with the brush", screen_sandbox_key},
        {VK_ENTER, NULL, screen_sandbox_key},
        {']', "the next brush, the one before", screen_sandbox_key},
        {'[', NULL, screen_sandbox_key},
        {'s', "the monster's start, the goal", screen_sandbox_key},
        {'g', NULL, screen_sandbox_key},
        {'U', "undo", screen_sandbox_key},
        {127, NULL, screen_sandbox_key},
        {8, NULL, screen_sandbox_key},
        {'C', "clear the dungeon", screen_sandbox_key},
        {'w', "save it as a map file", screen_sandbox_key},
        {VK_ESC, "close the sandbox", screen_sandbox_key},
        {'S', NULL, screen_sandbox_key},
};
const struct keymap keymap_sandbox = {"sandbox", NULL, ROWS(sandbox_rows),
                                      screen_sandbox_key, NULL};

static const struct keymap_row quit_rows[] = {
        {'y', "quit", prompt_key_quit},
        {'Y', NULL, prompt_key_quit},
};
const struct keymap keymap_quit = {"quit", NULL, ROWS(quit_rows),
                                   prompt_key_quit, "the hunt goes on"};

static const struct keymap_row save_rows[] = {
        {'y', "save and quit", prompt_key_save},
        {'Y', NULL, prompt_key_save},
};
const struct keymap keymap_save = {"save", NULL, ROWS(save_rows),
                                   prompt_key_save, "not saved"};

static const struct keymap_row end_rows[] = {
        {'q', "leave", key_quit},
        {VK_CTRL_C, NULL, key_quit},
        {VK_CTRL_R, "redraw the screen", key_redraw},
};
const struct keymap keymap_end = {"end", NULL, ROWS(end_rows), endscreen_key,
                                  "the map (q then leaves)"};

/* A key at --More-- is nothing else. */
static enum view_result key_more(struct view *v, int key, struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	if (msglog_more_key(&v->log, screen_msg_width(v)))
		v->mode = MODE_END;
	return VIEW_OK;
}

static const struct keymap_row more_rows[] = {
        {VK_CTRL_R, "redraw the screen", key_redraw},
};
const struct keymap keymap_more = {"more", NULL, ROWS(more_rows), key_more,
                                   "the next page of messages"};

/* While the screen is too small to show the game, only redrawing and
 * quitting act: a key the player cannot see the effect of does
 * nothing. */
static enum view_result key_small_quit(struct view *v, int key,
                                       struct world_cmd *cmd)
{
	if (v->mode == MODE_QUIT)
		return key == 'y' || key == 'Y' ? VIEW_QUIT : VIEW_OK;
	if (key == 'q' || key == VK_CTRL_C)
		return key_ask_quit(v, key, cmd);
	return VIEW_OK;
}

static enum view_result key_small_no(struct view *v, int key,
                                     struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	if (v->mode == MODE_QUIT) {
		v->mode = MODE_PLAY;
		screen_log(v, "Good, the hunt goes on.");
	}
	return VIEW_OK;
}

static const struct keymap_row small_rows[] = {
        {VK_CTRL_R, "redraw the screen", key_redraw},
        {'q', "quit (asked first)", key_small_quit},
        {VK_CTRL_C, NULL, key_small_quit},
        {'y', "yes, quit", key_small_quit},
        {'Y', NULL, key_small_quit},
        {'n', "no, the hunt goes on", key_small_no},
        {'N', NULL, key_small_no},
        {VK_ESC, NULL, key_small_no},
};
const struct keymap keymap_small = {"small", NULL, ROWS(small_rows), NULL,
                                    NULL};

/* ---- reading the tables ---------------------------------------------------
 */

static const struct keymap *const keymap_all[] = {
        &keymap_play, &keymap_game,    &keymap_lesson,  &keymap_replay,
        &keymap_ai,   &keymap_aikeys,  &keymap_look,    &keymap_direction,
        &keymap_help, &keymap_history, &keymap_sandbox, &keymap_quit,
        &keymap_save, &keymap_end,     &keymap_more,    &keymap_small,
        &keymap_pack,
};

enum view_result keymap_run(const struct keymap *t, struct view *v, int key,
                            struct world_cmd *cmd)
{
	enum view_result r;
	size_t i;
	int dx, dy;

	for (i = 0; i < t->n; i++) {
		const struct keymap_row *row = &t->rows[i];

		if (row->key == key ||
		    (row->key == VK_MOVE && keys_dir(key, &dx, &dy))) {
			if (!row->act)
				break;
			r = row->act(v, key, cmd);
			if (r != VIEW_PASS)
				return r;
			break;
		}
	}
	return t->other ? t->other(v, key, cmd) : VIEW_PASS;
}

/* The keys of rows[i] and the rows after it that share its help, as the
 * help shows them; returns the row after them. */
static size_t keymap_label(const struct keymap *t, size_t i, char *buf,
                           size_t size)
{
	size_t n = 0;
	char name[16];

	buf[0] = 0;
	do {
		const int key = t->rows[i].key;
		const char *s = key == VK_MOVE
		                        ? "arrows hjklyubn 1-9"
		                        : keys_name(key, name, sizeof(name));

		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s",
		                      n ? " " : "", s);
		i++;
	} while (i < t->n && !t->rows[i].help);
	return i;
}

#define HELP_COL  40 /* each of the help's two columns */
#define HELP_KEYS 10 /* the keys' width in a column, at least */

void keymap_draw_help(struct canvas *c)
{
	const int rows = c->height - 2;
	int line = 0;
	size_t k, i;
	char keys[64];

	canvas_text(
	        c, 1, 0, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	        "hunted - keys                    (? the ground, any other key "
	        "returns)");
	/* The tables with a title, flowing down two columns. */
	for (k = 0; k < sizeof(keymap_all) / sizeof(keymap_all[0]); k++) {
		const struct keymap *t = keymap_all[k];

		if (!t->title)
			continue;
		if (*t->title && line % rows == rows - 1)
			line++; /* a heading at the foot of a column */
		if (*t->title) {
			canvas_text(c, 1 + line / rows * HELP_COL,
			            1 + line % rows, c->width, CANVAS_DEFAULT,
			            CANVAS_BOLD, t->title);
			line++;
		}
		for (i = 0; i < t->n; line++) {
			const int x = 1 + line / rows * HELP_COL;
			const char *help = t->rows[i].help;
			int end;

			i = keymap_label(t, i, keys, sizeof(keys));
			end = canvas_text(c, x, 1 + line % rows,
			                  x + HELP_COL - 1, CANVAS_DEFAULT, 0,
			                  keys);
			if (end < x + HELP_KEYS)
				end = x + HELP_KEYS;
			canvas_text(c, end + 1, 1 + line % rows,
			            x + HELP_COL - 1, CANVAS_DEFAULT, 0, help);
		}
	}
	canvas_text(c, 1, c->height - 1, c->width, CANVAS_DEFAULT, 0,
	            "@ you  > exit  # wall  + door  ' open  = gate  - key  & "
	            "spring  A-z monsters");
}

void keymap_list(FILE *out)
{
	size_t k, i, m;
	char name[16];

	for (k = 0; k < sizeof(keymap_all) / sizeof(keymap_all[0]); k++) {
		const struct keymap *t = keymap_all[k];
		const char *help = "";

		for (i = 0; i < t->n; i++) {
			const int key = t->rows[i].key;

			if (t->rows[i].help)
				help = t->rows[i].help;
			if (key != VK_MOVE) {
				fprintf(out, "%s\t%s\t%s\n", t->mode,
				        keys_name(key, name, sizeof(name)),
				        help);
				continue;
			}
			for (m = 0; keys_move_key(m) >= 0; m++)
				fprintf(out, "%s\t%s\t%s\n", t->mode,
				        keys_name(keys_move_key(m), name,
				                  sizeof(name)),
				        help);
		}
		if (t->other_help)
			fprintf(out, "%s\tany\t%s\n", t->mode, t->other_help);
	}
}
