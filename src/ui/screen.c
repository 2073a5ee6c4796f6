/* SPDX-License-Identifier: MIT */
/* screen.c - the floor of the game screen: what every job of the screen
 * (view.c and the files beside it, screen_impl.h) calls to say a thing
 * in the message log, to hand the session a command, and to open the
 * sandbox or give it a key.  It calls nothing of the screen above it. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "screen_impl.h"

void screen_log(struct view *v, const char *fmt, ...)
{
	char line[LOG_LINE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	msglog_add(&v->log, v->s->game->world->turn, line);
}

int screen_msg_width(const struct view *v)
{
	return v->last_w >= VIEW_MIN_W ? v->last_w : VIEW_MIN_W;
}

enum view_result screen_command(struct view *v, struct world_cmd *cmd,
                                uint8_t kind, int dx, int dy)
{
	cmd->kind = kind;
	cmd->dx = (int8_t)dx;
	cmd->dy = (int8_t)dy;
	msglog_mark_seen(&v->log);
	return VIEW_CMD;
}

/* ---- the sandbox's keys (aiview/sandbox.c does the work) -------------- */

enum view_result screen_sandbox_enter(struct view *v, int key,
                                      struct world_cmd *cmd)
{
	char msg[LOG_LINE];

	(void)key;
	(void)cmd;
	if (sandbox_enter(&v->sandbox, v->s, v->replaying, v->ai, &v->look_x,
	                  &v->look_y, msg, sizeof(msg)))
		v->mode = MODE_SANDBOX;
	screen_log(v, "%s", msg);
	return VIEW_OK;
}

enum view_result screen_sandbox_key(struct view *v, int key,
                                    struct world_cmd *cmd)
{
	char msg[LOG_LINE] = "";

	(void)cmd;
	if (sandbox_key(&v->sandbox, v->s, v->ai, key, &v->look_x, &v->look_y,
	                msg, sizeof(msg)))
		v->mode = MODE_PLAY;
	if (*msg)
		screen_log(v, "%s", msg);
	return VIEW_OK;
}
