/* SPDX-License-Identifier: MIT */
/* prompt.c - the questions asked on the last message line: really quit,
 * save and quit, and which way to open or close a door. */
#include "config.h"

#include <limits.h>

#include "screen_impl.h"

/* q or Ctrl-C: leave at once when the game or the watched replay is
 * over, else ask first. */
enum view_result prompt_ask_quit(struct view *v)
{
	if (v->s->game->world->state != WORLD_PLAYING ||
	    (v->replaying && v->rep_done != REPLAY_ON))
		return VIEW_QUIT;
	v->mode = MODE_QUIT;
	return VIEW_OK;
}

/* S: save and quit, once asked; a game that cannot be saved says why. */
void prompt_ask_save(struct view *v)
{
	const struct session *s = v->s;

	if (!s->save_path[0])
		screen_log(v, "%s",
		           s->nnews ? s->news[0]
		                    : _("This game is not saved."));
	else if (s->unsaveable)
		screen_log(v, _("This game can no longer be saved: %s."),
		           s->unsaveable);
	else
		v->mode = MODE_SAVE;
}

/* o or c, or a tool: which way? */
void prompt_ask_direction(struct view *v, int cmd_kind)
{
	v->mode = MODE_DIRECTION;
	v->prompt_cmd = cmd_kind;
}

enum view_result prompt_key_quit(struct view *v, int key, struct world_cmd *cmd)
{
	(void)cmd;
	if (key == 'y' || key == 'Y')
		return VIEW_QUIT;
	v->mode = MODE_PLAY;
	screen_log(v, _("Good, the hunt goes on."));
	return VIEW_OK;
}

enum view_result prompt_key_save(struct view *v, int key, struct world_cmd *cmd)
{
	char err[PATH_MAX + 400];

	(void)cmd;
	v->mode = MODE_PLAY;
	if (key != 'y' && key != 'Y') {
		screen_log(v, _("Not saved; the hunt goes on."));
		return VIEW_OK;
	}
	if (session_save(v->s, err, sizeof(err)) != 0) {
		screen_log(v, _("Not saved: %s. The hunt goes on."), err);
		return VIEW_OK;
	}
	return VIEW_QUIT;
}

enum view_result prompt_key_direction(struct view *v, int key,
                                      struct world_cmd *cmd)
{
	int dx, dy;

	if (keys_dir(key, &dx, &dy)) {
		v->mode = MODE_PLAY;
		return screen_command(v, cmd, (uint8_t)v->prompt_cmd, dx, dy);
	}
	if (key == VK_ESC || key == 'q' || key == VK_CTRL_C)
		v->mode = MODE_PLAY;
	return VIEW_OK;
}

/* The question of the prompt the view is in, on row y. */
void prompt_draw(const struct view *v, struct canvas *c, int y)
{
	if (v->mode == MODE_PACK ||
	    (v->mode == MODE_DIRECTION && v->prompt_cmd >= WCMD_USE))
		pack_draw(v, c, y);
	else if (v->mode == MODE_DIRECTION)
		canvas_text(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
		            v->prompt_cmd == WCMD_OPEN
		                    ? _("Open which way? (direction, Esc)")
		                    : _("Close which way? (direction, Esc)"));
	else
		canvas_text(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
		            v->mode == MODE_QUIT
		                    ? _("Really quit? (y/n)")
		                    : _("Save the game and quit? (y/n)"));
}
