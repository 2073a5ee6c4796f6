/* SPDX-License-Identifier: MIT */
/* code.c - the AI view's code panel (C): the search's loop as short
 * pseudocode in the tutorials' words, with the line the traced search is
 * on marked and the values of current, next, new_cost and the priority
 * beside it, stepped line by line (. ,) or expansion by expansion (n b).
 * BFS, Dijkstra and greedy best-first read as the frontier loop of the
 * Red Blob tutorial (frontier, came_from, cost_so_far); A* and jump point
 * search as the open and closed lists, jump point search's neighbours
 * being the ends of its jumps.  Every kind of trace event has one line in
 * each form (code_roles, the lines' roles). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "aiview_impl.h"

/* What a line of pseudocode does, as far as the trace can tell: each
 * event kind has one role (code_role_of), each role at most one line in
 * a form. */
enum code_role {
	ROLE_NONE = 0,
	ROLE_START,  /* the start's push */
	ROLE_POP,    /* EXPAND */
	ROLE_GOAL,   /* GOAL */
	ROLE_FOR,    /* NEIGHBOUR */
	ROLE_WALL,   /* SKIP_WALL */
	ROLE_CORNER, /* SKIP_CORNER */
	ROLE_CLOSED, /* SKIP_CLOSED */
	ROLE_COST,   /* COST */
	ROLE_IF,     /* NOT_BETTER */
	ROLE_PUSH,   /* PUSH */
	ROLE_NOPATH, /* NO_PATH */
	ROLE_BUDGET, /* BUDGET */
	ROLE_COUNT
};

/* One line: its text and the roles it plays (a bit per role). */
struct code_line {
	const char *text;
	unsigned roles;
};

#define R(x)           (1u << (x))
#define CODE_LINES_MAX 16

/* The frontier loop (BFS, Dijkstra, greedy); lines 6, 7 and 9 differ by
 * algorithm (see code_form). */
static const struct code_line code_frontier[] = {
        {N_("frontier.put(start, 0); cost_so_far[start] = 0"), R(ROLE_START)},
        {N_("while not frontier.empty():"), 0},
        {N_("  current = frontier.get()"), R(ROLE_POP)},
        {N_("  if current == goal: break"), R(ROLE_GOAL)},
        {N_("  for next in neighbours(current):"),
         R(ROLE_FOR) | R(ROLE_WALL) | R(ROLE_CORNER)},
        {N_("    new_cost = cost_so_far[current] + cost(current, next)"),
         R(ROLE_COST)},
        {N_("    if next not in cost_so_far or new_cost < cost_so_far[next]:"),
         R(ROLE_IF) | R(ROLE_CLOSED)},
        {N_("      cost_so_far[next] = new_cost"), 0},
        {N_("      priority = new_cost"), 0},
        {N_("      frontier.put(next, priority)"), R(ROLE_PUSH)},
        {N_("      came_from[next] = current"), 0},
        {N_("# the frontier is empty: no path"), R(ROLE_NOPATH)},
        {N_("# out of budget: stop before the goal"), R(ROLE_BUDGET)},
};

/* The open and closed lists (A*, weighted A*, jump point search). */
static const struct code_line code_open[] = {
        {N_("open = [start]; closed = []; g[start] = 0"), R(ROLE_START)},
        {N_("while open is not empty:"), 0},
        {N_("  current = the cell in open with the lowest f"), R(ROLE_POP)},
        {N_("  move current from open to closed"), 0},
        {N_("  if current == goal: stop, the path is found"), R(ROLE_GOAL)},
        {N_("  for each neighbour next of current:"), R(ROLE_FOR)},
        {N_("    if next is a wall: skip it"), R(ROLE_WALL)},
        {N_("    if the step cuts a corner: skip it"), R(ROLE_CORNER)},
        {N_("    if next is closed: skip it"), R(ROLE_CLOSED)},
        {N_("    new_cost = g[current] + cost(current, next)"), R(ROLE_COST)},
        {N_("    if next not in open or new_cost < g[next]:"), R(ROLE_IF)},
        {N_("      parent[next] = current; g[next] = new_cost"), 0},
        {N_("      f = new_cost + h(next); push next on open"), R(ROLE_PUSH)},
        {N_("# open is empty: no path"), R(ROLE_NOPATH)},
        {N_("# out of budget: stop before the goal"), R(ROLE_BUDGET)},
};

/* The role of each event kind; the start's push is ROLE_START. */
static const enum code_role code_roles[PATH_TRACE_KIND_COUNT] = {
        [PATH_TRACE_PUSH] = ROLE_PUSH,
        [PATH_TRACE_EXPAND] = ROLE_POP,
        [PATH_TRACE_NEIGHBOUR] = ROLE_FOR,
        [PATH_TRACE_SKIP_WALL] = ROLE_WALL,
        [PATH_TRACE_SKIP_CORNER] = ROLE_CORNER,
        [PATH_TRACE_SKIP_CLOSED] = ROLE_CLOSED,
        [PATH_TRACE_COST] = ROLE_COST,
        [PATH_TRACE_NOT_BETTER] = ROLE_IF,
        [PATH_TRACE_GOAL] = ROLE_GOAL,
        [PATH_TRACE_NO_PATH] = ROLE_NOPATH,
        [PATH_TRACE_BUDGET] = ROLE_BUDGET,
};

/* What each event kind did, in words, under the code. */
static const char *const code_said[PATH_TRACE_KIND_COUNT] = {
        [PATH_TRACE_PUSH] = N_("cheaper this way: parent set, pushed"),
        [PATH_TRACE_EXPAND] = N_("the lowest priority leaves the list"),
        [PATH_TRACE_NEIGHBOUR] = N_("the next neighbour"),
        [PATH_TRACE_SKIP_WALL] = N_("a wall (or off the map): skipped"),
        [PATH_TRACE_SKIP_CORNER] = N_("the step would cut a corner: skipped"),
        [PATH_TRACE_SKIP_CLOSED] = N_("closed, and no cheaper: skipped"),
        [PATH_TRACE_COST] = N_("its cost by this way"),
        [PATH_TRACE_NOT_BETTER] = N_("no cheaper than it was: left alone"),
        [PATH_TRACE_GOAL] = N_("the goal leaves the list: path found"),
        [PATH_TRACE_NO_PATH] = N_("nothing left to look at: no path"),
        [PATH_TRACE_BUDGET] = N_("the budget is spent: the search stops "
                                 "before taking the next cell"),
};

/* The form a search reads in, and its lines (the variants of the
 * frontier loop and of the push picked for the algorithm). */
static size_t code_form(const struct aiview *a, struct code_line *out)
{
	size_t n;

	if (a->jps || a->p.algo == PATH_ASTAR) {
		n = sizeof(code_open) / sizeof(code_open[0]);
		memcpy(out, code_open, sizeof(code_open));
		if (a->jps)
			out[5].text =
			        N_("  for each jump point next from current:");
		else if (a->p.weight != PATH_WEIGHT_ONE)
			out[12].text = N_(
			        "      f = new_cost + w * h(next); push next "
			        "on open");
		return n;
	}
	n = sizeof(code_frontier) / sizeof(code_frontier[0]);
	memcpy(out, code_frontier, sizeof(code_frontier));
	if (a->p.algo == PATH_BFS) {
		out[5].text = N_("    new_cost = cost_so_far[current] + 1");
		out[8].text = N_("      priority = new_cost  # a plain queue");
	} else if (a->p.algo == PATH_GREEDY) {
		out[6].text = N_("    if next not in cost_so_far:");
		out[8].text = N_("      priority = heuristic(goal, next)");
	}
	return n;
}

static enum code_role code_role_of(const struct path_trace_event *e)
{
	if (e->kind >= PATH_TRACE_KIND_COUNT)
		return ROLE_NONE;
	if (e->kind == PATH_TRACE_PUSH && e->dir < 0)
		return ROLE_START;
	return code_roles[e->kind];
}

int aiview_code_line(const struct aiview *a, const struct path_trace_event *e)
{
	struct code_line lines[CODE_LINES_MAX];
	const size_t n = code_form(a, lines);
	const enum code_role role = code_role_of(e);
	size_t i;

	for (i = 0; role != ROLE_NONE && i < n; i++)
		if (lines[i].roles & R(role))
			return (int)i;
	return -1;
}

void aiview_code_ensure(struct aiview *a)
{
	if (!a->code || !a->have || a->lines_ok)
		return;
	if (aiview_trace_lines(a, &a->lines) != 0)
		return;
	a->lines_ok = 1;
	aiview_code_sync(a);
}

/* The plain trace's events (pushes and expansions) up to and with event
 * pos of the line-by-line trace, and the expansions among them. */
static void code_count(const struct aiview *a, size_t pos, size_t *events,
                       size_t *exp)
{
	size_t i;

	*events = *exp = 0;
	for (i = 0; i <= pos && i < a->lines.len; i++) {
		const uint8_t k = a->lines.events[i].kind;

		*events += k == PATH_TRACE_PUSH || k == PATH_TRACE_EXPAND;
		*exp += k == PATH_TRACE_EXPAND;
	}
}

/* The map shows the search up to the marked line; step mode counts the
 * expansions up to it. */
static void code_show(struct aiview *a)
{
	size_t events, exp;

	code_count(a, a->code_ev, &events, &exp);
	a->ev_shown = events;
	a->step_shown = exp;
	a->cells_ok = 0;
}

void aiview_code_sync(struct aiview *a)
{
	size_t i, n = 0;

	if (!a->code || !a->lines_ok)
		return;
	a->code_ev = 0;
	for (i = 0; i < a->lines.len && a->step_shown; i++)
		if (a->lines.events[i].kind == PATH_TRACE_EXPAND &&
		    ++n == a->step_shown) {
			a->code_ev = i;
			break;
		}
	code_show(a);
}

void aiview_code_move(struct aiview *a, int delta, char *msg, size_t size)
{
	if (!a->step) {
		a->step = 1;
		a->step_shown = 0;
	}
	aiview_trace_ensure(a);
	aiview_code_ensure(a);
	if (!a->lines_ok || !a->lines.len) {
		snprintf(msg, size, "%s", _("No search to show."));
		return;
	}
	if (delta > 0 && a->code_ev + 1 >= a->lines.len)
		snprintf(msg, size, "%s", _("The search ends on this line."));
	else if (delta < 0 && a->code_ev == 0)
		snprintf(msg, size, "%s", _("The search starts on this line."));
	else
		a->code_ev = delta > 0 ? a->code_ev + 1 : a->code_ev - 1;
	code_show(a);
}

int aiview_code_next(const struct aiview *a, int *x, int *y)
{
	const struct path_trace_event *e;

	if (!a->code || !a->lines_ok || a->code_ev >= a->lines.len)
		return 0;
	e = &a->lines.events[a->code_ev];
	switch (e->kind) {
	case PATH_TRACE_PUSH:
		if (e->dir < 0)
			return 0; /* the start's push: no neighbour yet */
		break;
	case PATH_TRACE_NEIGHBOUR:
	case PATH_TRACE_SKIP_WALL:
	case PATH_TRACE_SKIP_CORNER:
	case PATH_TRACE_SKIP_CLOSED:
	case PATH_TRACE_COST:
	case PATH_TRACE_NOT_BETTER:
		break;
	default:
		return 0;
	}
	*x = e->x;
	*y = e->y;
	return 1;
}

int aiview_code_on(const struct aiview *a)
{
	return a->on && a->code && (aiview_alive(a, a->sel) || aiview_you(a));
}

/* The values the marked line works with, from the events of its
 * expansion up to it: the cell expanded, the neighbour, its new cost,
 * and the priority it was pushed with (or the g it kept). */
struct code_values {
	const struct path_trace_event *cur, *next, *cost, *end;
};

static void code_values(const struct aiview *a, struct code_values *v)
{
	const struct path_trace_event *ev = a->lines.events;
	size_t i = a->code_ev + 1;
	/* The search's last line speaks of no neighbour: the last one
	 * looked at is not its next. */
	const int over = ev[a->code_ev].kind == PATH_TRACE_NO_PATH ||
	                 ev[a->code_ev].kind == PATH_TRACE_BUDGET;

	memset(v, 0, sizeof(*v));
	while (i-- > 0) {
		const struct path_trace_event *e = &ev[i];

		if (e->kind == PATH_TRACE_EXPAND) {
			v->cur = e;
			break;
		}
		if (over)
			continue;
		if (e->kind == PATH_TRACE_NEIGHBOUR && !v->next)
			v->next = e;
		if (!v->next && !v->end &&
		    (e->kind == PATH_TRACE_PUSH ||
		     e->kind == PATH_TRACE_NOT_BETTER ||
		     e->kind == PATH_TRACE_SKIP_CLOSED))
			v->end = e;
		if (!v->next && !v->cost && e->kind == PATH_TRACE_COST)
			v->cost = e;
		if (e->kind == PATH_TRACE_PUSH && e->dir < 0)
			v->end = v->end ? v->end : e;
	}
}

/* The values as one line of text. */
static void code_values_text(const struct aiview *a,
                             const struct code_values *v, char *buf,
                             size_t size)
{
	const int open = a->jps || a->p.algo == PATH_ASTAR;
	size_t n = 0;

	buf[0] = '\0';
	if (v->cur)
		n += (size_t)snprintf(buf + n, size - n,
		                      _("current %d,%d g %u"), v->cur->x,
		                      v->cur->y, v->cur->g);
	else
		n += (size_t)snprintf(buf + n, size - n, "%s",
		                      _("current none yet"));
	if (n < size && v->next)
		n += (size_t)snprintf(buf + n, size - n, _("  next %d,%d"),
		                      v->next->x, v->next->y);
	if (n < size && v->cost)
		n += (size_t)snprintf(buf + n, size - n, _("  new_cost %u"),
		                      v->cost->g);
	if (n < size && v->end && v->end->kind == PATH_TRACE_PUSH)
		n += (size_t)snprintf(buf + n, size - n,
		                      open ? _("  f %llu")
		                           : _("  priority %llu"),
		                      (unsigned long long)v->end->f);
	else if (n < size && v->end)
		snprintf(buf + n, size - n,
		         open ? _("  g[next] %u") : _("  cost_so_far[next] %u"),
		         v->end->g);
}

/* The short value beside the marked line. */
static void code_beside(const struct aiview *a, const struct code_values *v,
                        const struct path_trace_event *e, char *buf,
                        size_t size)
{
	buf[0] = '\0';
	switch (e->kind) {
	case PATH_TRACE_EXPAND:
	case PATH_TRACE_GOAL:
	case PATH_TRACE_BUDGET:
		snprintf(buf, size, "<- %d,%d", e->x, e->y);
		break;
	case PATH_TRACE_NEIGHBOUR:
	case PATH_TRACE_SKIP_WALL:
	case PATH_TRACE_SKIP_CORNER:
		snprintf(buf, size, "<- %d,%d", e->x, e->y);
		break;
	case PATH_TRACE_COST:
		snprintf(buf, size, "<- %u", e->g);
		break;
	case PATH_TRACE_SKIP_CLOSED:
	case PATH_TRACE_NOT_BETTER:
		if (v->cost)
			snprintf(buf, size, "<- %u >= %u", v->cost->g, e->g);
		else
			snprintf(buf, size, "<- %d,%d", e->x, e->y);
		break;
	case PATH_TRACE_PUSH:
		snprintf(buf, size, "<- %llu", (unsigned long long)e->f);
		break;
	default:
		break;
	}
	(void)a;
}

/* The form's name for the title. */
static const char *code_form_name(const struct aiview *a)
{
	if (a->jps)
		return _("jump point search (open/closed, jumps)");
	switch (a->p.algo) {
	case PATH_ASTAR:
		return a->p.weight == PATH_WEIGHT_ONE
		               ? _("A* (open/closed)")
		               : _("weighted A* (open/closed)");
	case PATH_DIJKSTRA:
		return _("Dijkstra (frontier)");
	case PATH_GREEDY:
		return _("greedy best-first (frontier)");
	default:
		return _("breadth-first (frontier)");
	}
}

int aiview_draw_code(struct aiview *a, struct canvas *c, int x0, int y0, int w,
                     int h)
{
	struct code_line lines[CODE_LINES_MAX];
	size_t n = code_form(a, lines);
	const int mx = x0 + w, last = y0 + h;
	struct code_values v;
	const struct path_trace_event *e = NULL;
	char buf[256], beside[64];
	int row = y0, mark = -1;
	size_t i, first;

	canvas_fill(c, x0, y0, w, h);
	aiview_trace_ensure(a);
	aiview_code_ensure(a);
	if (a->lines_ok && a->code_ev < a->lines.len) {
		e = &a->lines.events[a->code_ev];
		mark = aiview_code_line(a, e);
	}
	snprintf(buf, sizeof(buf), _("CODE: %s  step %zu/%zu, line %zu/%zu"),
	         code_form_name(a), a->step_shown, a->total_exp,
	         e ? a->code_ev + 1 : 0, a->lines.len);
	canvas_text(c, x0 + 1, row++, mx, CANVAS_DEFAULT, CANVAS_BOLD, buf);
	if (e)
		code_values(a, &v);
	/* Short of rows (under a lesson's page), the code scrolls to keep
	 * the marked line in sight, with room for the values and the words
	 * under it. */
	first = 0;
	if (last - row - 3 < (int)n && last - row - 3 > 0) {
		const int rows = last - row - 3;
		int top = mark - rows / 2;

		if (top > (int)n - rows)
			top = (int)n - rows;
		first = top > 0 ? (size_t)top : 0;
		if (first + (size_t)rows < n)
			n = first + (size_t)rows;
	}
	for (i = first; i < n && row < last; i++, row++) {
		const int marked = (int)i == mark;
		int end;

		snprintf(buf, sizeof(buf), "%c%2zu %s", marked ? '>' : ' ',
		         i + 1, _(lines[i].text));
		end = canvas_text(c, x0 + 1, row, mx, CANVAS_DEFAULT,
		                  marked ? CANVAS_REVERSE | CANVAS_BOLD : 0,
		                  buf);
		if (!marked)
			continue;
		code_beside(a, &v, e, beside, sizeof(beside));
		if (beside[0] &&
		    end + 2 + canvas_columns(beside, strlen(beside)) <= mx)
			canvas_text(c, end + 2, row, mx, CANVAS_DEFAULT,
			            CANVAS_BOLD, beside);
	}
	if (!e) {
		if (row < last)
			canvas_text(c, x0 + 1, row, mx, CANVAS_DEFAULT, 0,
			            _("no search to show"));
		return w;
	}
	row += row < last;
	code_values_text(a, &v, buf, sizeof(buf));
	row = canvas_wrap(c, x0 + 1, row, last, w - 1, 2, CANVAS_DEFAULT, 0,
	                  buf);
	if (row < last)
		row = canvas_wrap(c, x0 + 1, row, last, w - 1, 2,
		                  CANVAS_DEFAULT, CANVAS_BOLD,
		                  e->kind == PATH_TRACE_PUSH && e->dir < 0
		                          ? _("the start goes on the list, g 0")
		                          : _(code_said[e->kind]));
	if (row < last)
		row = canvas_wrap(
		        c, x0 + 1, row, last, w - 1, 2, CANVAS_DEFAULT,
		        CANVAS_DIM,
		        _(". next line, , back; n b a step; C closes"));
	/* Beside the map (x0 past its left edge), the map's marks of the
	 * cells the line speaks of. */
	if (x0 > 0 && row < last)
		canvas_wrap(c, x0 + 1, row, last, w - 1, 2, CANVAS_DEFAULT,
		            CANVAS_DIM,
		            _("on the map: O current, N next (reverse over "
		              "values)"));
	return w;
}
