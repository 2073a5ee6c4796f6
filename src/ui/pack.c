/* SPDX-License-Identifier: MIT */
/* pack.c - the player's pack of tools: i lists it on the message line,
 * a uses one (asking which when there are several, and which way when
 * the tool is thrown or wedged), and the prompt line that asks.  A tool
 * is named by its item letter, the one its command's letters carry
 * (core/world/cmd.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/world/cmd.h"
#include "screen_impl.h"

/* The tool's name as the player reads it: "caltrops bag". */
static void pack_name(const struct world *w, int k, char *buf, size_t size)
{
	char spoken[DATA_NAME_MAX + 1];

	snprintf(
	        buf, size, "%s",
	        event_text_name(w->data->keys[k].name, spoken, sizeof(spoken)));
}

/* The pack as "1 caltrops bag x2, 3 wedge" into buf; returns the kinds
 * of tool in it, and the last one's item kind in *last. */
static int pack_list(const struct world *w, char *buf, size_t size, int *last)
{
	size_t k, len = 0;
	int n = 0;

	buf[0] = '\0';
	for (k = 0; k < w->data->nkeys && k < DATA_KEY_MAX; k++) {
		char name[DATA_NAME_MAX + 1];

		if (!w->pack[k] || len >= size)
			continue;
		pack_name(w, (int)k, name, sizeof(name));
		len += (size_t)snprintf(buf + len, size - len, "%s%c %s",
		                        n ? ", " : "",
		                        (char)(CMD_ITEM_FIRST + (int)k), name);
		if (w->pack[k] > 1 && len < size)
			len += (size_t)snprintf(buf + len, size - len, " x%d",
			                        w->pack[k]);
		*last = (int)k;
		n++;
	}
	return n;
}

enum view_result pack_key_list(struct view *v, int key, struct world_cmd *cmd)
{
	char list[LOG_LINE];
	int last;

	(void)key;
	(void)cmd;
	if (!pack_list(v->s->game->world, list, sizeof(list), &last))
		screen_log(v, _("Your pack is empty."));
	else
		screen_log(v, _("Pack: %s. (a uses one)"), list);
	return VIEW_OK;
}

/* Uses tool k: at once when it needs no direction, else asks which
 * way. */
static enum view_result pack_use(struct view *v, int k, struct world_cmd *cmd)
{
	const struct world_cmd use = world_cmd_use(k, 0, 0);

	if (v->s->game->world->data->keys[k].use == DATA_USE_SMOKE) {
		v->mode = MODE_PLAY;
		return screen_command(v, cmd, use.kind, 0, 0);
	}
	prompt_ask_direction(v, use.kind);
	return VIEW_OK;
}

enum view_result pack_key_use(struct view *v, int key, struct world_cmd *cmd)
{
	char list[LOG_LINE];
	int last = -1, n;

	(void)key;
	n = pack_list(v->s->game->world, list, sizeof(list), &last);
	if (!n) {
		screen_log(v, _("You have no tools."));
		return VIEW_OK;
	}
	if (n == 1)
		return pack_use(v, last, cmd);
	v->mode = MODE_PACK;
	return VIEW_OK;
}

enum view_result pack_key_choose(struct view *v, int key, struct world_cmd *cmd)
{
	const struct world *w = v->s->game->world;
	const int k = key - CMD_ITEM_FIRST;

	if (k >= 0 && k < DATA_KEY_MAX && (size_t)k < w->data->nkeys &&
	    w->pack[k])
		return pack_use(v, k, cmd);
	if (key == VK_ESC || key == 'q' || key == VK_CTRL_C)
		v->mode = MODE_PLAY;
	return VIEW_OK;
}

void pack_draw(const struct view *v, struct canvas *c, int y)
{
	const struct world *w = v->s->game->world;
	char list[LOG_LINE], name[DATA_NAME_MAX + 1];
	int last, k = world_cmd_item(
	                  (struct world_cmd){(uint8_t)v->prompt_cmd, 0, 0});

	if (v->mode == MODE_PACK) {
		pack_list(w, list, sizeof(list), &last);
		canvas_printf(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
		              _("Use which? %s (Esc)"), list);
		return;
	}
	if (k < 0 || (size_t)k >= w->data->nkeys)
		return;
	pack_name(w, k, name, sizeof(name));
	if (w->data->keys[k].use == DATA_USE_WEDGE)
		canvas_printf(
		        c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
		        _("Wedge with the %s which way? (direction, Esc)"),
		        name);
	else
		canvas_printf(c, 0, y, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
		              _("Throw the %s which way? (direction, Esc)"),
		              name);
}
