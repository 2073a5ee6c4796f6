/* SPDX-License-Identifier: MIT */
/* panel.c - the AI view's side panel and stats lines: the followed
 * monster, its path cache and repairs, the inspector of one cell, and
 * where each part of the panel goes. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aiview_impl.h"
#include "core/world/event_text.h"

/* Why a context went back, as repair_text ends. */
static const char *give_back_text(uint8_t why)
{
	switch (why) {
	case MIND_GIVE_BACK_CHEAP:
		return ", given back: A* is cheap now";
	case MIND_GIVE_BACK_DEAR:
		return ", given back: dearer than A*";
	case MIND_GIVE_BACK_NEAR:
		return ", given back: near the goal";
	case MIND_GIVE_BACK_NO_WAY:
		return ", given back: no way to the goal";
	default:
		return ", given back";
	}
}

/* How monster i made its path again the last time a change broke it,
 * while that path is still its own (to follow the cache text that says
 * what broke it), or _("holds a D* Lite context") when it holds one for
 * its goal and its path is not a broken one's; "" when there is nothing
 * to say.  The monster's own repairs, not the view's D* Lite row (r),
 * which runs a context of the view's. */
static void repair_text(const struct aiview *a, long i, char *buf, size_t size)
{
	const struct world *w = a->game->world;
	const struct mind *mi = aiview_mind(a, i);
	uint32_t expanded;
	int holds;
	enum mind_repair how =
	        minds_repair(a->game->minds, (size_t)i, &expanded, &holds);

	buf[0] = '\0';
	if (!aiview_broken_by_change(mi) || mi->cache == MIND_CACHE_SHARED) {
		if (holds)
			snprintf(buf, size, _("holds a D* Lite context"));
		return;
	}
	switch (how) {
	case MIND_REPAIR_SEARCH:
		snprintf(buf, size, _("%s: %u expanded"),
		         mi->hier ? _("hierarchy")
		         : minds_kind_jumps(w, w->monsters[i].kind) ? "JPS"
		                                                    : "A*",
		         expanded);
		break;
	case MIND_REPAIR_DLITE_PLAN:
		snprintf(buf, size, _("D* Lite lent: %u expanded%s"), expanded,
		         holds ? "" : give_back_text(mi->given_back));
		break;
	case MIND_REPAIR_DLITE:
		snprintf(buf, size, _("repaired by D* Lite: %u expanded%s"),
		         expanded, holds ? "" : give_back_text(mi->given_back));
		break;
	default:
		break;
	}
}

/* The spoken name of the tool whose use at (invalid_x, invalid_y) was
 * the change that broke the monster's way, in name; NULL for none. */
static const char *cache_tool(const struct world *w, const struct mind *mi,
                              char *name, size_t size)
{
	const int tool = aiview_tool_at(w, mi->invalid_x, mi->invalid_y);

	return tool >= 0 ? aiview_spoken(w->data->keys[tool].name, name, size)
	                 : NULL;
}

static void cache_text(const struct aiview *a, long i, char *buf, size_t size)
{
	const struct world *w = a->game->world;
	const struct mind *mi = aiview_mind(a, i);
	uint32_t age = w->turn - mi->plan_turn;
	struct path_point pts[64];
	size_t from, n = aiview_coop_steps(a, i, pts, 64, &from);
	char name[DATA_NAME_MAX + 1];
	const char *tool;

	if (n) {
		snprintf(buf, size, _("cooperative (reserved %zu steps)"), n);
		return;
	}
	if (aiview_broken_by_change(mi) && mi->cache != MIND_CACHE_SHARED) {
		tool = cache_tool(w, mi, name, sizeof(name));
		if (tool)
			snprintf(buf, size,
			         _("re-planned %u ago: the %s at %d,%d"), age,
			         tool, mi->invalid_x, mi->invalid_y);
		else
			snprintf(buf, size, _("re-planned %u ago: %d,%d broke it"),
			         age, mi->invalid_x, mi->invalid_y);
		return;
	}
	if (mi->mode == MIND_CHASE && mi->unreachable && !mi->len) {
		/* Out of reach and far off: it stays, with no search
		 * (decide.c); a change that cut it off is named. */
		if (mi->last_reason != REPLAN_CHANGED || mi->invalid_x < 0)
			snprintf(buf, size, _("out of reach: stays"));
		else if ((tool = cache_tool(w, mi, name, sizeof(name))))
			snprintf(buf, size,
			         _("out of reach %u ago: the %s at %d,%d"), age,
			         tool, mi->invalid_x, mi->invalid_y);
		else
			snprintf(buf, size,
			         _("out of reach %u ago: %d,%d cut it off"), age,
			         mi->invalid_x, mi->invalid_y);
		return;
	}
	switch (mi->cache) {
	case MIND_CACHE_REUSED:
		snprintf(buf, size, _("reused (age %u)"), age);
		break;
	case MIND_CACHE_FRESH:
		if (aiview_heard_tool(a, i) >= 0) {
			snprintf(buf, size, _("fresh (heard the %s)"),
			         aiview_spoken(
			                 w->data->keys[aiview_heard_tool(a, i)]
			                         .name,
			                 name, sizeof(name)));
			break;
		}
		snprintf(buf, size, _("fresh (%s%s)"),
		         _(event_reason_name(
		                 (enum replan_reason)mi->last_reason)),
		         mi->hier ? _(", hierarchy") : "");
		break;
	case MIND_CACHE_INVALIDATED:
		snprintf(buf, size, _("broken at %d,%d"), mi->invalid_x,
		         mi->invalid_y);
		break;
	default:
		snprintf(buf, size, "%s", _(mind_cache_name(mi->cache)));
		break;
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The inspector's lines for cell (x, y). */
static void aiview_panel_inspect(struct aiview *a, struct canvas *c, int x0,
                                 int y0, int w, int x, int y)
{
	struct world *wo = a->game->world;
	const struct data_terrain *t = world_terrain_at(wo, x, y);
	int mx = x0 + w, row = y0;

	char said[DATA_NAME_MAX + 1];
	/* A shipped terrain by its translated name, a modder's as its data
	 * spells it. */
	const char *name = event_text_name(t->name, said, sizeof(said));

	canvas_printf(c, x0, row++, mx, CANVAS_DEFAULT, CANVAS_BOLD,
	              _("cell %d,%d %s"), x, y,
	              strcmp(name, said) ? name : t->name);
	{
		const struct grid *g = aiview_search_grid(a);

		if (g)
			canvas_printf(c, x0, row++, mx, CANVAS_DEFAULT, 0,
			              aiview_you(a) ? _(" cost x%u for you%s")
			                            : _(" cost x%u for it%s"),
			              (unsigned)g->cost[grid_index(g, x, y)],
			              g->cost[grid_index(g, x, y)]
			                      ? ""
			                      : _(" (blocked)"));
	}
	if (!a->have || !a->cells_ok) {
		canvas_text(c, x0, row, mx, CANVAS_DEFAULT, 0, _(" no search"));
		return;
	}
	{
		size_t k = world_idx(wo, x, y);

		if (!a->state[k]) {
			canvas_text(c, x0, row, mx, CANVAS_DEFAULT, 0,
			            _(" not reached by the search"));
			return;
		}
		canvas_printf(c, x0, row++, mx, CANVAS_DEFAULT, 0,
		              " g %u h %u f %u", a->g[k], a->h[k], a->f[k]);
		if (a->dir[k] >= 0)
			canvas_printf(c, x0, row++, mx, CANVAS_DEFAULT, 0,
			              _(" parent %d,%d"),
			              x + dir_dx[(int)a->dir[k]],
			              y + dir_dy[(int)a->dir[k]]);
		else
			canvas_text(c, x0, row++, mx, CANVAS_DEFAULT, 0,
			            _(" the start (no parent)"));
		if (a->state[k] == 2)
			canvas_printf(c, x0, row, mx, CANVAS_DEFAULT, 0,
			              _(" closed, expanded #%d"),
			              a->order[k] + 1);
		else
			canvas_text(c, x0, row, mx, CANVAS_DEFAULT, 0,
			            _(" open (not expanded yet)"));
	}
}

/* Every monster's path cache, nearest the player first. */
static void panel_caches(struct aiview *a, struct canvas *c, struct rows *r)
{
	const struct world *wo = a->game->world;
	uint64_t *nearest;
	char name[64], buf[96], line[128];
	size_t k, n;

	if (r->row + 1 >= r->last)
		return;
	canvas_text(c, r->x0, r->row++, r->mx, CANVAS_DEFAULT, CANVAS_BOLD,
	            _("path cache, nearest first"));
	nearest =
	        malloc((wo->nmonsters ? wo->nmonsters : 1) * sizeof(*nearest));
	for (k = 0, n = 0; nearest && k < wo->nmonsters; k++) {
		const struct world_monster *m = &wo->monsters[k];
		int dx = abs(m->x - wo->px), dy = abs(m->y - wo->py);

		if (m->alive)
			nearest[n++] = (uint64_t)(dx > dy ? dx : dy) << 32 |
			               (uint64_t)k;
	}
	if (nearest)
		qsort(nearest, n, sizeof(*nearest), cmp_u64);
	for (k = 0; k < n && r->row < r->last; k++) {
		size_t mi = (size_t)(nearest[k] & 0xffffffffu);

		cache_text(a, (long)mi, buf, sizeof(buf));
		snprintf(line, sizeof(line), "%c%-12.12s %s",
		         (long)mi == a->sel ? '>' : ' ',
		         aiview_monster_name(a, (long)mi, name, sizeof(name)),
		         buf);
		aiview_rows_wrap(c, r, 0, line);
	}
	free(nearest);
}

/* Why the followed monster runs, in the numbers its kind is read by. */
static void flee_text(const struct aiview *a, char *buf, size_t size)
{
	const struct world *w = a->game->world;
	const struct world_monster *m = &w->monsters[a->sel];
	const struct data_monster *k = &w->data->monsters[m->kind];

	snprintf(buf, size,
	         _(" fleeing: hurt, %d of %d HP (flees at %d%% or below);"
	           " safety map"),
	         m->hp, k->hp, k->flee);
}

void aiview_draw_panel(struct aiview *a, struct canvas *c, int x0, int y0,
                       int w, int h, const int *look)
{
	/* A panel wide enough for two (under a wide map) has the monster
	 * on the left and the comparison on the right. */
	const int split = w >= 60;
	struct rows r = {split ? x0 + 1 : x0 + 2, split ? x0 + w / 2 : x0 + w,
	                 y0, y0 + h};
	struct rows right = {x0 + w / 2 + 2, x0 + w, y0, y0 + h};
	const struct mind *mi;
	char name[64], buf[128];
	int i;

	canvas_fill(c, x0, y0, w, h);
	for (i = y0; i < r.last; i++)
		canvas_put(c, split ? x0 + w / 2 : x0, i, '|', CANVAS_DEFAULT,
		           CANVAS_DIM);
	aiview_trace_ensure(a);
	/* Unlike the game screen, which shows what the player sees, the
	 * view draws everything, seen or not. */
	canvas_text(c, r.x0, r.row++, r.mx, CANVAS_DEFAULT, CANVAS_BOLD,
	            _("AI VIEW: whole map (? keys)"));
	canvas_printf(c, r.x0, r.row++, r.mx, CANVAS_DEFAULT, 0,
	              _("on:%s%s%s%s%s%s%s%s%s"), a->paths ? " p" : "",
	              a->open ? " o" : "",
	              a->value == 'g'   ? " g"
	              : a->value == 'h' ? " h"
	              : a->value == 'f' ? " f"
	                                : "",
	              a->arrows ? " a" : "", a->cost ? " c" : "",
	              a->cache ? " k" : "", a->step ? " s" : "",
	              a->all ? " *" : "", a->dmap ? " m" : "");
	if (aiview_you(a)) {
		/* You, a searcher like the monsters: your travel or your
		 * explore, on the map as you know it. */
		canvas_text(c, r.x0, r.row++, r.mx, CANVAS_DEFAULT, CANVAS_BOLD,
		            _("you (Tab)"));
		if (a->travel->kind == TRAVEL_GO)
			snprintf(buf, sizeof(buf), " travel, goal %d,%d",
			         a->travel->tx, a->travel->ty);
		else if (a->have)
			snprintf(buf, sizeof(buf),
			         " explore to %d,%d (m: its map)", a->gx,
			         a->gy);
		else
			snprintf(buf, sizeof(buf), " explore");
		aiview_rows_wrap(c, &r, 0, buf);
		aiview_rows_wrap(c, &r, 0, " over the map you know");
		mi = NULL;
	} else if (!aiview_alive(a, a->sel)) {
		canvas_text(c, r.x0, r.row++, r.mx, CANVAS_DEFAULT, 0,
		            _("no monster to follow"));
		return;
	} else {
		mi = aiview_mind(a, a->sel);
		canvas_printf(
		        c, r.x0, r.row++, r.mx, CANVAS_DEFAULT, CANVAS_BOLD,
		        "%s (Tab)",
		        aiview_monster_name(a, a->sel, name, sizeof(name)));
		if (mi->fleeing)
			flee_text(a, buf, sizeof(buf));
		else
			snprintf(buf, sizeof(buf), _(" %s, goal %d,%d"),
			         _(mind_mode_name(mi->mode)), mi->goal_x,
			         mi->goal_y);
		aiview_rows_wrap(c, &r, 0, buf);
	}
	if (mi) {
		char cache[96];
		char how[64];

		cache_text(a, a->sel, cache, sizeof(cache));
		repair_text(a, a->sel, how, sizeof(how));
		/* How a broken path was made again goes on the row that
		 * says it broke. */
		snprintf(buf, sizeof(buf), _(" cache %s%s%s"), cache,
		         how[0] ? _("; ") : "", how);
		aiview_rows_wrap(c, &r, 0, buf);
	}
	if (look && r.last - r.row >= 6) {
		r.last -= 6;
		canvas_text(c, r.x0, r.last, r.mx, CANVAS_DEFAULT, CANVAS_BOLD,
		            _("inspector"));
		aiview_panel_inspect(a, c, r.x0, r.last + 1, r.mx - r.x0,
		                     look[0], look[1]);
	}
	/* The comparison and the legend always; the path caches (k) where
	 * room is left: under the monster in two columns, else under the
	 * legend. */
	if (split) {
		struct rows left = r;

		r = right;
		if (a->step) {
			left.row += left.row < left.last;
			aiview_narrate_open(a, c, &left);
		} else if (a->cache && mi) {
			aiview_narrate_history(a, c, &left);
			left.row += left.row < left.last;
			panel_caches(a, c, &left);
		}
	}
	if (a->step)
		aiview_narrate_step(a, c, &r);
	else
		aiview_trace_table(a, c, &r);
	aiview_draw_legend(a, c, &r);
	if (a->step && !split)
		aiview_narrate_open(a, c, &r);
	if (a->cache && !split && mi) {
		aiview_narrate_history(a, c, &r);
		panel_caches(a, c, &r);
	}
}

/* One part of the stats lines, between the bars. */
struct stat_part {
	char text[128];
	int attr;
	int aside; /* said in brackets after the part before, no bar */
	int spare; /* left out, from the end, when the row is too narrow */
};

/* The columns parts from..to take on screen, with their separators. */
static int stat_width(const struct stat_part *p, int from, int to)
{
	int n = 0, i;

	for (i = from; i < to; i++)
		n += canvas_columns(p[i].text, strlen(p[i].text)) +
		     (i == from ? 0 : p[i].aside ? 1 : 3);
	return n;
}

/* The parts on two rows, split only between parts: the first row's that
 * do not fit move to the front of the second; then the time and the
 * cache, also on the panel, give way before anything is cut. */
static void stat_rows(struct canvas *c, int y, int w, struct stat_part *p,
                      int first, int n)
{
	int split = first, i, x;

	while (split > 1 && stat_width(p, 0, split) > w)
		split--;
	while (n > split + 1 && stat_width(p, split, n) > w && p[n - 1].spare)
		n--;
	for (i = 0, x = 0; i < n; i++) {
		if (i == split) {
			y++;
			x = 0;
		} else if (i > 0) {
			x = canvas_text(c, x, y, w, CANVAS_DEFAULT,
			                p[i - 1].attr & p[i].attr,
			                p[i].aside ? " " : " | ");
		}
		x = canvas_text(c, x, y, w, CANVAS_DEFAULT, p[i].attr,
		                p[i].text);
	}
}

void aiview_draw_stats(struct aiview *a, struct canvas *c, int y, int w)
{
	char name[64], cache[64], weight[16];
	struct stat_part p[9];
	int n = 0, first, i;

	aiview_trace_ensure(a);
	if (aiview_you(a) && !a->have) {
		canvas_text(c, 0, y, w, CANVAS_DEFAULT, 0,
		            _("AI view: you have no search to show"));
		return;
	}
	if ((!aiview_alive(a, a->sel) && !aiview_you(a)) || !a->have) {
		canvas_text(c, 0, y, w, CANVAS_DEFAULT, 0,
		            _("AI view: no monster to follow"));
		return;
	}
	memset(p, 0, sizeof(p));
	if (aiview_you(a))
		snprintf(cache, sizeof(cache), "%s",
		         a->travel->kind == TRAVEL_GO ? _("kept until the map "
		                                        "you know changes")
		                                      : _("planned every step"));
	else
		cache_text(a, a->sel, cache, sizeof(cache));
	if (a->p.weight % 1000)
		snprintf(weight, sizeof(weight), "%u.%u", a->p.weight / 1000,
		         a->p.weight % 1000 / 100);
	else
		snprintf(weight, sizeof(weight), "%u", a->p.weight / 1000);
	snprintf(p[n++].text, sizeof(p[0].text), "%s %s%s",
	         aiview_monster_name(a, a->sel, name, sizeof(name)),
	         _(aiview_you(a)
	                   ? travel_kind_name(a->travel->kind)
	                   : mind_mode_name(aiview_mind(a, a->sel)->mode)),
	         a->whatif ? _(" (if it hunted you)") : "");
	/* What each algorithm really uses: no heuristic for Dijkstra and
	 * breadth-first search, no weight but for A*, no costs for
	 * breadth-first search. */
	switch (a->jps ? PATH_ALGO_COUNT : (int)a->p.algo) {
	case PATH_ALGO_COUNT:
		snprintf(p[n].text, sizeof(p[0].text),
		         _("JPS octile %s (f=g+h, jump points)"),
		         _(path_diagonal_name(a->p.diagonal)));
		break;
	case PATH_BFS:
		snprintf(p[n].text, sizeof(p[0].text),
		         _("BFS %s (steps, costs ignored)"),
		         _(path_diagonal_name(a->p.diagonal)));
		break;
	case PATH_DIJKSTRA:
		snprintf(p[n].text, sizeof(p[0].text),
		         _("Dijkstra %s (f=g, no h)"),
		         _(path_diagonal_name(a->p.diagonal)));
		break;
	case PATH_GREEDY:
		snprintf(p[n].text, sizeof(p[0].text), _("greedy %s %s (f=h)"),
		         _(path_heuristic_name(a->p.heuristic)),
		         _(path_diagonal_name(a->p.diagonal)));
		break;
	default:
		snprintf(p[n].text, sizeof(p[0].text), "A* %s %s w=%s (%s)",
		         _(path_heuristic_name(a->p.heuristic)),
		         _(path_diagonal_name(a->p.diagonal)), weight,
		         aiview_draw_value_rule(a));
		break;
	}
	/* Ties are said only when they are not broken, the usual way. */
	if (!a->jps && a->p.ties == PATH_TIES_FIFO) {
		size_t k = strlen(p[n].text);

		snprintf(p[n].text + k, sizeof(p[0].text) - k, "%s",
		         _(" FIFO ties"));
	}
	n++;
	if (a->custom && !a->by_page) {
		p[n].aside = 1;
		snprintf(p[n++].text, sizeof(p[0].text), _("(changed: 0 resets)"));
	}
	if (a->step && a->jumping)
		snprintf(p[n++].text, sizeof(p[0].text),
		         _("step %zu/%zu, jump to: %zu_"), a->step_shown,
		         a->total_exp, a->jump_to);
	else if (a->step)
		snprintf(p[n++].text, sizeof(p[0].text), _("step %zu/%zu"),
		         a->step_shown, a->total_exp);
	first = n;
	for (i = 0; i < first; i++)
		p[i].attr = CANVAS_BOLD;
	snprintf(p[n++].text, sizeof(p[0].text), _("expanded %zu open %zu"),
	         a->step ? a->step_shown : a->total_exp, a->nopen);
	if (a->res.status == PATH_FOUND) {
		snprintf(p[n++].text, sizeof(p[0].text), _("path %zu cost %u"),
		         a->res.length, a->res.cost);
	} else if (a->jps && a->res.status == PATH_BAD_ARG) {
		/* Said where the path would be: it is why there is none. */
		p[n].attr = CANVAS_BOLD;
		snprintf(p[n++].text, sizeof(p[0].text), "JPS %s",
		         a->p.diagonal == PATH_DIAG_NEVER ? _("n/a on 4-way")
		                                          : _("n/a, costs vary"));
	} else {
		p[n].attr = CANVAS_BOLD;
		snprintf(p[n++].text, sizeof(p[0].text), "%s%s",
		         _(path_status_name(a->res.status)),
		         a->res.partial ? _(" (partial path)") : "");
	}
	p[n].spare = 1;
	snprintf(p[n++].text, sizeof(p[0].text), _("cache %s"), cache);
	p[n].spare = 1;
	if (a->ms < 1)
		snprintf(p[n++].text, sizeof(p[0].text), "%.0f us",
		         a->ms * 1000);
	else
		snprintf(p[n++].text, sizeof(p[0].text), "%.2f ms", a->ms);
	stat_rows(c, y, w, p, first, n);
}
