/* SPDX-License-Identifier: MIT */
/* endscreen.c - the end of the game: how it ended, the score, how to play
 * the dungeon again, the morgue file and the high scores with this game
 * marked; q then leaves, any other key shows the map. */
#include "config.h"

#include <limits.h>

#include "screen_impl.h"

/* "1st", "2nd", "3rd", "11th"... */
static const char *endscreen_ordinal(int n)
{
	if (n % 100 >= 11 && n % 100 <= 13)
		return "th";
	return n % 10 == 1   ? "st"
	       : n % 10 == 2 ? "nd"
	       : n % 10 == 3 ? "rd"
	                     : "th";
}

/* One game of the high scores; the one just played is marked with '>'
 * and in reverse video. */
static void endscreen_score_row(struct canvas *c, int y, const struct scores *l,
                                int i, int mine)
{
	const struct score_entry *e = &l->items[i];

	canvas_printf(c, 0, y, c->width, CANVAS_DEFAULT,
	              mine ? CANVAS_REVERSE | CANVAS_BOLD : 0,
	              "%c%3d %7ld  %s  %-12.12s %s", mine ? '>' : ' ', i + 1,
	              e->score, e->date, e->dungeon, e->text);
}

/* The end of the game: how it ended, the score, how to play it again,
 * the morgue file, and the high scores with this game marked. */
void endscreen_draw(struct view *v, struct canvas *c)
{
	const struct session *s = v->s;
	const struct session_records *r = &s->records;
	char text[256], score[256], args[SETUP_MAP_MAX + 64];
	char line[SETUP_MAP_MAX + PATH_MAX + 128];
	struct ending e;
	int y = 0, i, shown;
	size_t k;

	session_ending(s, &e);
	ending_text(&e, text, sizeof(text));
	ending_score_text(&e, score, sizeof(score));
	setup_game_args(&s->setup, args, sizeof(args));
	canvas_text(c, 1, y++, c->width, CANVAS_DEFAULT, CANVAS_BOLD, text);
	y++;
	canvas_printf(c, 1, y++, c->width, CANVAS_DEFAULT, 0, _("Score %s"),
	              score);
	snprintf(line, sizeof(line),
	         _("Seed %llu: hunted %s plays this dungeon "
	         "again."),
	         (unsigned long long)s->game->seed, args);
	y = canvas_wrap(c, 1, y, y + 2, c->width - 2, 2, CANVAS_DEFAULT, 0,
	                line);
	if (r->morgue[0]) {
		snprintf(line, sizeof(line), _("Morgue file: %s"), r->morgue);
		y = canvas_wrap(c, 1, y, y + 2, c->width - 2, 2, CANVAS_DEFAULT,
		                0, line);
	}
	for (k = 0; k < r->nproblems; k++)
		y = canvas_wrap(c, 1, y, c->height - 1, c->width - 2, 2,
		                CANVAS_DEFAULT, CANVAS_BOLD, r->problems[k]);
	y++;
	if (r->rank >= 0) {
		char place[32];

		/* TRANSLATORS: a place in the high scores, "1st": %s is the
		 * English suffix ("%.0s" leaves it out). */
		snprintf(place, sizeof(place), _("%d%s"), r->rank + 1,
		         endscreen_ordinal(r->rank + 1));
		if (r->scores[0])
			snprintf(line, sizeof(line),
			         _("High scores: this game is %s of %zu in %s"),
			         place, r->list.n, r->scores);
		else
			snprintf(line, sizeof(line),
			         _("High scores: this game is %s of %zu"),
			         place, r->list.n);
		y = canvas_wrap(c, 1, y, y + 2, c->width - 2, 2, CANVAS_DEFAULT,
		                CANVAS_BOLD, line);
		canvas_text(
		        c, 0, y++, c->width, CANVAS_DEFAULT, CANVAS_UNDERLINE,
		        _("   #   score  date        dungeon      how it ended"));
		shown = (int)r->list.n < SCORES_SHOWN ? (int)r->list.n
		                                      : SCORES_SHOWN;
		for (i = 0; i < shown && y < c->height - 1; i++)
			endscreen_score_row(c, y++, &r->list, i, i == r->rank);
		if (r->rank >= shown && y + 1 < c->height - 1) {
			canvas_text(c, 0, y++, c->width, CANVAS_DEFAULT, 0,
			            "   ...");
			endscreen_score_row(c, y++, &r->list, r->rank, 1);
		}
	} else if (s->keep_records) {
		canvas_printf(c, 1, y++, c->width, CANVAS_DEFAULT, 0,
		              _("Not among the %d best games."), SCORES_KEEP);
	}
	canvas_text(c, 1, c->height - 1, c->width, CANVAS_DEFAULT, CANVAS_BOLD,
	            _("q leaves; any other key shows the map (q then leaves)."));
}

enum view_result endscreen_key(struct view *v, int key, struct world_cmd *cmd)
{
	(void)cmd;
	if (key == 'q' || key == VK_CTRL_C)
		return VIEW_QUIT;
	if (key == VK_CTRL_R)
		return VIEW_REDRAW;
	v->mode = MODE_PLAY;
	screen_log(v, _("The end of the game: q leaves."));
	return VIEW_OK;
}
