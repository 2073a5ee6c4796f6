/* SPDX-License-Identifier: MIT */
/* keymap.c - the game screen's keys: one table a mode, rows of
 * {key, help, action}, from which the keys are dispatched, the help
 * screen (?) is drawn and --list-keys is printed.  The play mode is
 * layered: the keys every game screen has, then a lesson's pages, the AI
 * view's keys, a watched replay's and last the game's commands.  The
 * player's key map binds and unbinds keys over the tables: the dispatch,
 * the help and the list read the tables through it. */
#include "config.h"

#include <string.h>
#include <strings.h>

#include "core/data/conf.h"
#include "keymap.h"
#include "screen_impl.h"
#include "view.h"

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

static enum view_result key_lessons(struct view *v, int key,
                                    struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	return lesson_menu_open(v);
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
	           v->ai_keys ? _("The AI view has the keys (? lists them); "
	                        "v or Esc gives them back to the game.")
	                      : _("The game has the keys again; v gives "
	                        "them to the AI view."));
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
	           aiview_on(v->ai) ? _("AI view on: the game keeps its "
	                                "keys, v gives them to the view.")
	                            : _("AI view off."));
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
	if (*msg)
		screen_log(v, "%s", msg);
	return VIEW_OK;
}

static enum view_result key_ai_give_back(struct view *v, int key,
                                         struct world_cmd *cmd)
{
	(void)key;
	(void)cmd;
	v->ai_keys = 0;
	screen_log(v, _("The game has the keys again; v gives them to the "
	              "AI view."));
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
	screen_log(v, _("The AI view has the keys: v or Esc gives them back to "
	              "the game."));
	return VIEW_OK;
}

static const struct keymap_row ai_rows[] = {
        {'`', N_("show or hide the AI view"), key_ai_show},
        {VK_F2, NULL, key_ai_show},
        {'v', N_("its keys (v or Esc: back)"), key_ai_keys},
        {VK_TAB, N_("the next monster"), key_ai_tab},
};
static const struct keymap keymap_ai = {
        "ai", N_("AI view (the game keeps its keys)"), ROWS(ai_rows), NULL, NULL};

static const struct keymap_row aikeys_rows[] = {
        {'p', N_("planned path (*: all)"), NULL},
        {'*', NULL, NULL},
        {'o', N_("open o, closed :, current O"), NULL},
        {'g', N_("g, h or f of each cell"), NULL},
        {'h', NULL, NULL},
        {'f', NULL, NULL},
        {'a', N_("parents, or each cell's cost"), NULL},
        {'c', NULL, NULL},
        {'m', N_("the kind's shared map"), NULL},
        {'k', N_("path caches and re-plans"), NULL},
        {'T', N_("the comparison table"), NULL},
        {'z', N_("cell boxes"), NULL},
        {'y', N_("the hierarchy (HPA*)"), NULL},
        {'r', N_("D* Lite beside the others"), NULL},
        {'s', N_("step mode; code line by line"), NULL},
        {'C', NULL, NULL},
        {'.', NULL, NULL},
        {',', NULL, NULL},
        {'n', N_("next, back, jump, start, end"), NULL},
        {'b', NULL, NULL},
        {'J', NULL, NULL},
        {'B', NULL, NULL},
        {'N', NULL, NULL},
        {'H', N_("cycle heuristic, diagonal"), NULL},
        {'D', NULL, NULL},
        {'W', N_("cycle weight, algorithm"), NULL},
        {'A', NULL, NULL},
        {'t', N_("ties: lower h first, or FIFO"), NULL},
        {'e', N_("early stop (a mistake)"), NULL},
        {'0', N_("the monster's own settings"), NULL},
        {'E', N_("export the search"), key_export},
        {'S', N_("sandbox: draw the dungeon"), screen_sandbox_enter},
        {VK_ESC, N_("the keys back to the game"), key_ai_give_back},
};
static const struct keymap keymap_aikeys = {
        "ai-keys", N_("While the AI view has the keys (v)"), ROWS(aikeys_rows),
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
        {' ', N_("the next page"), key_lesson},
        {VK_DOWN_RIGHT, NULL, key_lesson},
        {VK_UP_RIGHT, N_("the page before"), key_lesson},
        {127, NULL, key_lesson},
        {8, NULL, key_lesson},
};
static const struct keymap keymap_lesson = {"lesson", NULL, ROWS(lesson_rows),
                                            NULL, NULL};

static const struct keymap_row replay_rows[] = {
        {' ', N_("pause or play"), playback_key},
        {'.', N_("the next turn"), playback_key},
        {'>', NULL, playback_key},
        {'+', N_("faster, slower"), playback_key},
        {'-', NULL, playback_key},
};
static const struct keymap keymap_replay = {"replay", N_("Watching a replay"),
                                            ROWS(replay_rows), NULL, NULL};

static const struct keymap_row game_rows[] = {
        {VK_MOVE, N_("move (opens doors)"), key_move},
        {'.', N_("wait a turn"), key_wait},
        {'5', NULL, key_wait},
        {'s', NULL, key_wait},
        {VK_CENTER, NULL, key_wait},
        {'o', N_("open or close a door"), key_open_close},
        {'c', NULL, key_open_close},
        {'g', N_("pick up"), key_pickup},
        {',', NULL, key_pickup},
        {'>', N_("> stairs, X explore, Z rest"), walk_key_stairs},
        {'X', NULL, walk_key_explore},
        {'Z', NULL, walk_key_rest},
        {'H', N_("run (shift + direction)"), walk_key_run},
        {'J', NULL, walk_key_run},
        {'K', NULL, walk_key_run},
        {'L', NULL, walk_key_run},
        {'Y', NULL, walk_key_run},
        {'U', NULL, walk_key_run},
        {'B', NULL, walk_key_run},
        {'N', NULL, walk_key_run},
        {'i', N_("the pack; a uses a tool"), pack_key_list},
        {'a', NULL, pack_key_use},
        {'S', N_("save and quit (resumed)"), key_ask_save},
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
        {'q', N_("quit (asked first)"), key_ask_quit},
        {VK_CTRL_C, NULL, key_ask_quit},
        {'?', N_("this help"), key_help},
        {'M', N_("the lessons: pick one"), key_lessons},
        {VK_CTRL_P, N_("messages, redraw"), key_history},
        {VK_CTRL_R, NULL, key_redraw},
        {'R', N_("reload; Esc hides its errors"), key_reload},
        {VK_F5, NULL, key_reload},
        {VK_ESC, NULL, key_hide_errors},
        {';', N_("look; Enter travels there"), key_look},
        {'x', NULL, key_look},
        {'_', NULL, walk_key_pick},
};
const struct keymap keymap_play = {
        "play", N_("The game"), ROWS(play_rows), key_play_layers,
        "the lesson's, the AI view's, the replay's or the game's keys"};

static const struct keymap_row look_rows[] = {
        {VK_MOVE, N_("move the cursor"), key_look_move},
        {VK_ESC, N_("back to the game"), key_back},
        {';', NULL, key_back},
        {'x', NULL, key_back},
        {'q', NULL, key_back},
        {VK_ENTER, N_("travel there (shown first)"), walk_key_look},
        {'.', NULL, walk_key_look},
        {VK_TAB, N_("the AI view's monster, showing"), key_look_ai},
        {'`', NULL, key_look_ai},
        {VK_F2, NULL, key_look_ai},
};
const struct keymap keymap_look = {"look", NULL, ROWS(look_rows), NULL, NULL};

static const struct keymap_row direction_rows[] = {
        {VK_MOVE, N_("that way"), prompt_key_direction},
        {VK_ESC, N_("never mind"), prompt_key_direction},
        {'q', NULL, prompt_key_direction},
        {VK_CTRL_C, NULL, prompt_key_direction},
};
const struct keymap keymap_direction = {"direction", NULL, ROWS(direction_rows),
                                        NULL, NULL};

/* A route shown: while the AI view has the keys, every key but Enter
 * is the view's (your search stepped like a monster's). */
static enum view_result key_travel(struct view *v, int key,
                                   struct world_cmd *cmd)
{
	if (v->ai_keys && aiview_on(v->ai) && key != VK_ENTER)
		return key_look_ai(v, key, cmd);
	return walk_key_confirm(v, key, cmd);
}

static const struct keymap_row travel_rows[] = {
        {VK_ENTER, N_("go along the route shown"), key_travel},
        {'.', NULL, key_travel},
        {'>', NULL, key_travel},
        {'_', NULL, key_travel},
        {VK_ESC, N_("cancel"), key_travel},
        {VK_TAB, N_("the AI view's next searcher: you"), key_look_ai},
        {'`', NULL, key_look_ai},
        {VK_F2, NULL, key_look_ai},
        {'v', N_("the AI view's keys (all but Enter)"), key_look_ai},
};
const struct keymap keymap_travel = {"travel", NULL, ROWS(travel_rows),
                                     key_travel, "cancel (its own key goes)"};

static const struct keymap_row pack_rows[] = {
        {VK_ESC, N_("never mind"), pack_key_choose},
        {'q', NULL, pack_key_choose},
        {VK_CTRL_C, NULL, pack_key_choose},
};
const struct keymap keymap_pack = {"pack", NULL, ROWS(pack_rows),
                                   pack_key_choose, "the tool of that letter"};

static const struct keymap_row help_rows[] = {
        {'?', N_("the ground: what each terrain costs you"), key_help_ground},
        {VK_CTRL_R, N_("redraw the screen"), key_redraw},
};
const struct keymap keymap_help = {"help", NULL, ROWS(help_rows), key_back,
                                   "back to the game"};

static const struct keymap_row lessons_rows[] = {
        {VK_ESC, N_("back to the game"), key_back},
};
const struct keymap keymap_lessons = {"lessons", NULL, ROWS(lessons_rows),
                                      lesson_menu_key,
                                      "a letter starts its lesson"};

static const struct keymap_row history_rows[] = {
        {VK_UP, N_("scroll"), key_history_scroll},
        {'k', NULL, key_history_scroll},
        {VK_DOWN, NULL, key_history_scroll},
        {'j', NULL, key_history_scroll},
        {VK_UP_RIGHT, NULL, key_history_scroll},
        {VK_DOWN_RIGHT, NULL, key_history_scroll},
        {VK_CTRL_R, N_("redraw the screen"), key_redraw},
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
        {'q', N_("quit (asked first)"), key_sandbox_quit},
        {VK_CTRL_C, NULL, key_sandbox_quit},
        {'?', N_("the help"), key_help},
        {VK_MOVE, N_("move the cursor"), screen_sandbox_key},
        {' ', N_("paint with the brush"), screen_sandbox_key},
        {VK_ENTER, NULL, screen_sandbox_key},
        {']', N_("the next brush, the one before"), screen_sandbox_key},
        {'[', NULL, screen_sandbox_key},
        {'s', N_("the monster's start, the goal"), screen_sandbox_key},
        {'g', NULL, screen_sandbox_key},
        {'U', N_("undo"), screen_sandbox_key},
        {127, NULL, screen_sandbox_key},
        {8, NULL, screen_sandbox_key},
        {'C', N_("clear the dungeon"), screen_sandbox_key},
        {'w', N_("save it as a map file"), screen_sandbox_key},
        {VK_ESC, N_("close the sandbox"), screen_sandbox_key},
        {'S', NULL, screen_sandbox_key},
};
const struct keymap keymap_sandbox = {"sandbox", NULL, ROWS(sandbox_rows),
                                      screen_sandbox_key, NULL};

static const struct keymap_row quit_rows[] = {
        {'y', N_("quit"), prompt_key_quit},
        {'Y', NULL, prompt_key_quit},
};
const struct keymap keymap_quit = {"quit", NULL, ROWS(quit_rows),
                                   prompt_key_quit, "the hunt goes on"};

static const struct keymap_row save_rows[] = {
        {'y', N_("save and quit"), prompt_key_save},
        {'Y', NULL, prompt_key_save},
};
const struct keymap keymap_save = {"save", NULL, ROWS(save_rows),
                                   prompt_key_save, "not saved"};

static const struct keymap_row end_rows[] = {
        {'q', N_("leave"), key_quit},
        {VK_CTRL_C, NULL, key_quit},
        {VK_CTRL_R, N_("redraw the screen"), key_redraw},
};
const struct keymap keymap_end = {"end", NULL, ROWS(end_rows), endscreen_key,
                                  "the map (q then leaves)"};

/* A key at --More-- is nothing else, but at the game's first messages:
 * there any key but space, Enter and Escape passes them all and acts. */
static enum view_result key_more(struct view *v, int key, struct world_cmd *cmd)
{
	if (v->more_at_start && key != ' ' && key != VK_ENTER &&
	    key != VK_ESC) {
		while (v->log.more &&
		       !msglog_more_key(&v->log, screen_msg_width(v)))
			;
		v->more_at_start = 0;
		return view_key(v, key, cmd);
	}
	if (msglog_more_key(&v->log, screen_msg_width(v)))
		v->mode = MODE_END;
	if (!v->log.more)
		v->more_at_start = 0;
	return VIEW_OK;
}

static const struct keymap_row more_rows[] = {
        {VK_CTRL_R, N_("redraw the screen"), key_redraw},
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
		screen_log(v, _("Good, the hunt goes on."));
	}
	return VIEW_OK;
}

static const struct keymap_row small_rows[] = {
        {VK_CTRL_R, N_("redraw the screen"), key_redraw},
        {'q', N_("quit (asked first)"), key_small_quit},
        {VK_CTRL_C, NULL, key_small_quit},
        {'y', N_("yes, quit"), key_small_quit},
        {'Y', NULL, key_small_quit},
        {'n', N_("no, the hunt goes on"), key_small_no},
        {'N', NULL, key_small_no},
        {VK_ESC, NULL, key_small_no},
};
const struct keymap keymap_small = {"small", NULL, ROWS(small_rows), NULL,
                                    NULL};

/* ---- reading the tables ---------------------------------------------------
 */

static const struct keymap *const keymap_all[] = {
        &keymap_play,      &keymap_game,    &keymap_lesson,  &keymap_replay,
        &keymap_ai,        &keymap_aikeys,  &keymap_look,    &keymap_travel,
        &keymap_direction, &keymap_help,    &keymap_history, &keymap_sandbox,
        &keymap_quit,      &keymap_save,    &keymap_end,     &keymap_more,
        &keymap_small,     &keymap_lessons, &keymap_pack,    &keymap_watch,
};
static const size_t keymap_count = sizeof(keymap_all) / sizeof(keymap_all[0]);

/* ---- the player's key map --------------------------------------------------
 */

/* A key the key map gave a table: key does what to does by default (-1:
 * nothing).  t NULL: the movement keys of every table that moves. */
struct keymap_bind {
	const struct keymap *t;
	int key;
	int to;
};

#define KEYMAP_BINDS_MAX 512
static struct keymap_bind keymap_binds[KEYMAP_BINDS_MAX];
static size_t keymap_nbinds;

/* The names a key map gives actions: the directions of "move", and the
 * commands most often moved.  Any other action is named by the key that
 * does it by default. */
static const struct {
	const char *table;
	const char *name;
	int key;
} keymap_names[] = {
        {"move", "west", VK_LEFT},
        {"move", "east", VK_RIGHT},
        {"move", "north", VK_UP},
        {"move", "south", VK_DOWN},
        {"move", "northwest", VK_UP_LEFT},
        {"move", "northeast", VK_UP_RIGHT},
        {"move", "southwest", VK_DOWN_LEFT},
        {"move", "southeast", VK_DOWN_RIGHT},
        {"game", "wait", '.'},
        {"game", "open", 'o'},
        {"game", "close", 'c'},
        {"game", "pickup", 'g'},
        {"game", "save", 'S'},
        {"play", "quit", 'q'},
        {"play", "help", '?'},
        {"play", "history", VK_CTRL_P},
        {"play", "redraw", VK_CTRL_R},
        {"play", "reload", 'R'},
        {"play", "look", ';'},
        {"ai", "show", '`'},
        {"ai", "keys", 'v'},
        {"ai", "next", VK_TAB},
};

static int keymap_moves(const struct keymap *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->rows[i].key == VK_MOVE)
			return 1;
	return 0;
}

/* What key is in table t with the key map: the key whose row it takes,
 * -1 for none; the last binding wins, the table's own before the
 * movement keys'. */
static int keymap_key(const struct keymap *t, int key)
{
	size_t i;

	for (i = keymap_nbinds; i-- > 0;)
		if (keymap_binds[i].t == t && keymap_binds[i].key == key)
			return keymap_binds[i].to;
	if (keymap_moves(t))
		for (i = keymap_nbinds; i-- > 0;)
			if (!keymap_binds[i].t && keymap_binds[i].key == key)
				return keymap_binds[i].to;
	return key;
}

static void keymap_put(char *buf, size_t size, size_t *n, const char *s)
{
	*n += (size_t)snprintf(buf + *n, *n < size ? size - *n : 0, "%s%s",
	                       *n ? " " : "", s);
}

/* The movement keys of t as the help shows them: "arrows hjklyubn 1-9"
 * by default, the letters as bound. */
static void keymap_move_label(const struct keymap *t, char *buf, size_t size,
                              size_t *n)
{
	static const char vi[] = "hjklyubn";
	char letters[64], name[16];
	size_t l = 0, i, b;
	int dx, dy, ex, ey;

	for (i = 0; vi[i]; i++) {
		keys_dir(vi[i], &dx, &dy);
		if (keymap_key(t, vi[i]) == vi[i] && l + 1 < sizeof(letters))
			letters[l++] = vi[i];
		for (b = 0; b < keymap_nbinds; b++) {
			const struct keymap_bind *e = &keymap_binds[b];

			if (e->t || e->to < 0 ||
			    keymap_key(t, e->key) != e->to ||
			    !keys_dir(e->to, &ex, &ey) || ex != dx ||
			    ey != dy || l + 8 >= sizeof(letters))
				continue;
			l += (size_t)snprintf(
			        letters + l, sizeof(letters) - l, "%s",
			        keys_name(e->key, name, sizeof(name)));
		}
	}
	letters[l] = '\0';
	keymap_put(buf, size, n, "arrows");
	if (l)
		keymap_put(buf, size, n, letters);
	keymap_put(buf, size, n, "1-9");
}

/* A key as a key map names it: a glyph ('d'), one character (d), or a
 * key's name in the help (Space, Tab, Esc, Up, PgDn, Ctrl-P, F2...). */
static int keymap_parse_key(const struct conf_word *w)
{
	char name[16];
	int c;

	if (w->kind == CONF_GLYPH || (w->n == 1 && w->s[0] > ' '))
		return (unsigned char)w->s[0];
	for (c = 1; c < VK_MOVE; c++)
		if (!strcasecmp(keys_name(c, name, sizeof(name)), w->s))
			return c;
	return -1;
}

/* The table a key map names, or NULL ("move": *move set). */
static const struct keymap *keymap_table(const char *name, int *move)
{
	size_t k;

	*move = !strcmp(name, "move");
	for (k = 0; k < keymap_count; k++)
		if (!strcmp(keymap_all[k]->mode, name))
			return keymap_all[k];
	return NULL;
}

/* Whether t has a row for key (a movement key: its VK_MOVE row). */
static int keymap_has(const struct keymap *t, int key)
{
	size_t i;
	int dx, dy;

	for (i = 0; i < t->n; i++)
		if (t->rows[i].key == key ||
		    (t->rows[i].key == VK_MOVE && keys_dir(key, &dx, &dy)))
			return 1;
	return 0;
}

/* The key doing action (word w) in the table named table: a name of
 * keymap_names, else a key of the table (of "move": a movement key, as
 * the arrow of its way).  -1 when none. */
static int keymap_action(const char *table, int move, const struct keymap *t,
                         const struct conf_word *w)
{
	size_t i;
	int key, dx, dy, ex, ey;

	for (i = 0; i < sizeof(keymap_names) / sizeof(keymap_names[0]); i++)
		if (!strcmp(keymap_names[i].table, table) &&
		    !strcmp(keymap_names[i].name, w->s))
			return keymap_names[i].key;
	key = keymap_parse_key(w);
	if (key < 0)
		return -1;
	if (move) {
		if (!keys_dir(key, &dx, &dy))
			return -1;
		for (i = 0; i < 8; i++)
			if (keys_dir(keymap_names[i].key, &ex, &ey) &&
			    ex == dx && ey == dy)
				return keymap_names[i].key;
		return -1;
	}
	return keymap_has(t, key) ? key : -1;
}

static void keymap_line(void *user, const struct conf_line *l,
                        struct diag_list *diags)
{
	static const char *const verbs[] = {"bind", "unbind"};
	const char *names[64];
	char hint[96];
	const struct keymap *t;
	size_t i, n = 0, first;
	int move, unbind, to = -1;

	(void)user;
	if (!strcmp(l->words[0].s, "bind"))
		unbind = 0;
	else if (!strcmp(l->words[0].s, "unbind"))
		unbind = 1;
	else {
		conf_error(
		        diags, l, 0,
		        conf_hint(l->words[0].s, verbs, 2, hint, sizeof(hint)),
		        "expected bind or unbind, got '%s'", l->words[0].s);
		return;
	}
	if (l->nwords < 2) {
		conf_error(diags, l, 1, NULL, "expected a table of keys");
		return;
	}
	t = keymap_table(l->words[1].s, &move);
	if (!t && !move) {
		names[n++] = "move";
		for (i = 0; i < keymap_count && n < 64; i++)
			names[n++] = keymap_all[i]->mode;
		conf_error(
		        diags, l, 1,
		        conf_hint(l->words[1].s, names, n, hint, sizeof(hint)),
		        "unknown table of keys '%s' (hunted --list-keys "
		        "names them)",
		        l->words[1].s);
		return;
	}
	first = unbind ? 2 : 3;
	if (!unbind) {
		if (l->nwords < 3) {
			conf_error(diags, l, 2, NULL,
			           "expected an action of '%s'", l->words[1].s);
			return;
		}
		to = keymap_action(l->words[1].s, move, t, &l->words[2]);
		if (to < 0) {
			for (i = n = 0;
			     i < sizeof(keymap_names) /
			                     sizeof(keymap_names[0]) &&
			     n < 64;
			     i++)
				if (!strcmp(keymap_names[i].table,
				            l->words[1].s))
					names[n++] = keymap_names[i].name;
			conf_error(diags, l, 2,
			           conf_hint(l->words[2].s, names, n, hint,
			                     sizeof(hint)),
			           "'%s' is no action of '%s' (a name, or the "
			           "key that does it by default)",
			           l->words[2].s, l->words[1].s);
			return;
		}
	}
	if (l->nwords <= first) {
		conf_error(diags, l, first, NULL, "expected a key");
		return;
	}
	for (i = first; i < l->nwords; i++) {
		int key = keymap_parse_key(&l->words[i]);

		if (key < 0) {
			conf_error(diags, l, i, NULL,
			           "unknown key '%s' (a character, as 'd', or "
			           "a name: Space Tab Enter Esc Backspace Up "
			           "Down Left Right Home End PgUp PgDn F2 F5 "
			           "Ctrl-P...)",
			           l->words[i].s);
			return;
		}
		if (keymap_nbinds == KEYMAP_BINDS_MAX) {
			conf_error(diags, l, i, NULL, "more than %d bindings",
			           KEYMAP_BINDS_MAX);
			return;
		}
		keymap_binds[keymap_nbinds].t = move ? NULL : t;
		keymap_binds[keymap_nbinds].key = key;
		keymap_binds[keymap_nbinds].to = to;
		keymap_nbinds++;
	}
}

void keymap_reset(void)
{
	keymap_nbinds = 0;
}

int keymap_load(const char *path, struct diag_list *diags)
{
	keymap_reset();
	if (conf_read(path, keymap_line, NULL, diags) == 0)
		return 0;
	keymap_reset();
	return -1;
}

enum view_result keymap_run(const struct keymap *t, struct view *v, int key,
                            struct world_cmd *cmd)
{
	enum view_result r;
	size_t i;
	int dx, dy, bound = keymap_key(t, key);

	/* An unbound key is none of this table's: the play table's other
	 * layers have their own bindings. */
	if (bound < 0)
		return t == &keymap_play && t->other ? t->other(v, key, cmd)
		                                     : VIEW_PASS;
	key = bound;
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
		size_t b;

		if (key == VK_MOVE) {
			keymap_move_label(t, buf, size, &n);
		} else {
			if (keymap_key(t, key) == key)
				keymap_put(buf, size, &n,
				           keys_name(key, name, sizeof(name)));
			for (b = 0; b < keymap_nbinds; b++)
				if (keymap_binds[b].t == t &&
				    keymap_binds[b].to == key &&
				    keymap_key(t, keymap_binds[b].key) == key)
					keymap_put(
					        buf, size, &n,
					        keys_name(keymap_binds[b].key,
					                  name, sizeof(name)));
		}
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
	        _("hunted - keys                    (? the ground, any other key "
	        "returns)"));
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
			            CANVAS_BOLD, _(t->title));
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
			            x + HELP_COL - 1, CANVAS_DEFAULT, 0,
			            help ? _(help) : "");
		}
	}
	canvas_text(c, 1, c->height - 1, c->width, CANVAS_DEFAULT, 0,
	            _("@ you  > exit  # wall  + door  ' open  = gate  - key  & "
	            "spring  A-z monsters"));
}

void keymap_list(FILE *out)
{
	size_t k, i, m, b;
	char name[16];

	for (k = 0; k < sizeof(keymap_all) / sizeof(keymap_all[0]); k++) {
		const struct keymap *t = keymap_all[k];
		const char *help = "";

		for (i = 0; i < t->n; i++) {
			const int key = t->rows[i].key;

			if (t->rows[i].help)
				help = t->rows[i].help;
			if (key != VK_MOVE) {
				if (keymap_key(t, key) == key)
					fprintf(out, "%s\t%s\t%s\n", t->mode,
					        keys_name(key, name,
					                  sizeof(name)),
					        help);
				for (b = 0; b < keymap_nbinds; b++)
					if (keymap_binds[b].t == t &&
					    keymap_binds[b].to == key &&
					    keymap_key(t,
					               keymap_binds[b].key) ==
					            key)
						fprintf(out, "%s\t%s\t%s\n",
						        t->mode,
						        keys_name(
						                keymap_binds[b]
						                        .key,
						                name,
						                sizeof(name)),
						        help);
				continue;
			}
			for (m = 0; keys_move_key(m) >= 0; m++)
				if (keymap_key(t, keys_move_key(m)) ==
				    keys_move_key(m))
					fprintf(out, "%s\t%s\t%s\n", t->mode,
					        keys_name(keys_move_key(m),
					                  name, sizeof(name)),
					        help);
			for (b = 0; b < keymap_nbinds; b++)
				if (!keymap_binds[b].t &&
				    keymap_binds[b].to >= 0 &&
				    keymap_key(t, keymap_binds[b].key) ==
				            keymap_binds[b].to)
					fprintf(out, "%s\t%s\t%s\n", t->mode,
					        keys_name(keymap_binds[b].key,
					                  name, sizeof(name)),
					        help);
		}
		if (t->other_help)
			fprintf(out, "%s\tany\t%s\n", t->mode, t->other_help);
	}
}
