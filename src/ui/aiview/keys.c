/* SPDX-License-Identifier: MIT */
/* keys.c - the AI view's keys: the layers, the selection, step mode and
 * its jumps, and the search parameters cycled with H D W A t. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "aiview_impl.h"

#include "ui/keys.h"

/* Weights H/D/W/A cycle through, in thousandths. */
static const uint32_t weights[] = {1000, 1500, 2000, 3000, 5000};

static void cycle_params(struct aiview *a, int key)
{
	size_t i, n = sizeof(weights) / sizeof(weights[0]);

	if (aiview_you(a)) {
		if (!a->custom) {
			a->p = a->travel->params;
			a->jps = 0;
		}
	} else if (!aiview_alive(a, a->sel)) {
		return;
	} else if (!a->custom) {
		minds_params(a->game->world,
		             a->game->world->monsters[a->sel].kind, &a->p);
		a->jps = minds_kind_jumps(
		        a->game->world, a->game->world->monsters[a->sel].kind);
	}
	a->custom = 1;
	a->by_page = 0;
	switch (key) {
	case 'H':
		a->p.heuristic = (enum path_heuristic)((a->p.heuristic + 1) %
		                                       PATH_H_COUNT);
		break;
	case 'D':
		a->p.diagonal = (enum path_diagonal)((a->p.diagonal + 1) %
		                                     PATH_DIAG_COUNT);
		break;
	case 'W':
		for (i = 0; i < n && weights[i] != a->p.weight; i++)
			;
		a->p.weight = weights[i < n ? (i + 1) % n : 0];
		break;
	case 't':
		a->p.ties = (enum path_ties)((a->p.ties + 1) % PATH_TIES_COUNT);
		break;
	case 'A':
		/* A*, Dijkstra, greedy, BFS, then jump point search. */
		if (a->jps) {
			a->jps = 0;
			a->p.algo = PATH_ASTAR;
		} else if (a->p.algo + 1 == PATH_ALGO_COUNT) {
			a->jps = 1;
		} else {
			a->p.algo = (enum path_algo)(a->p.algo + 1);
		}
		break;
	}
	a->have = 0;
	a->cells_ok = 0;
}

int aiview_entering(const struct aiview *a)
{
	return a->on && a->jumping;
}

/* A key while a step number is typed: digits, Backspace, Enter, Esc. */
static int jump_key(struct aiview *a, int key, char *msg, size_t size)
{
	if (key >= '0' && key <= '9') {
		if (a->jump_to < 100000000)
			a->jump_to = a->jump_to * 10 + (size_t)(key - '0');
		return 1;
	}
	if (key == 127 || key == 8) {
		a->jump_to /= 10;
		return 1;
	}
	a->jumping = 0;
	if (key != VK_ENTER && key != '\r')
		return 1;
	aiview_trace_ensure(a);
	if (a->jump_to > a->total_exp)
		snprintf(msg, size,
		         _("The search has %zu steps: step %zu shown."),
		         a->total_exp, a->total_exp);
	a->step_shown = a->jump_to > a->total_exp ? a->total_exp : a->jump_to;
	a->cells_ok = 0;
	aiview_code_sync(a);
	return 1;
}

/* The layers' keys: each toggles a layer, and says which; one layer of
 * per-cell values at a time.  Returns 1 when key is one of them. */
static int layer_key(struct aiview *a, int key, char *msg, size_t size)
{
	const char *said;

	switch (key) {
	case 'p':
		a->paths = !a->paths;
		said = a->paths ? _("Paths shown.") : _("Paths hidden.");
		break;
	case 'o':
		a->open = !a->open;
		said = a->open ? _("Open and closed cells shown.")
		               : _("Open and closed cells hidden.");
		break;
	/* One layer of per-cell values at a time: g, h, f, the parent
	 * arrows or the costs; the markers are drawn over it. */
	case 'g':
	case 'h':
	case 'f':
		a->value = a->value == key ? 0 : (char)key;
		a->arrows = a->cost = a->dmap = 0;
		said = a->value == 'g' ? _("Layer g: the cost so far.")
		       : a->value == 'h'
		               ? _("Layer h: the estimate to the goal.")
		       : a->value == 'f' ? _("Layer f: the open list's key.")
		                         : _("Value layer off.");
		break;
	case 'a':
		a->arrows = !a->arrows;
		a->value = 0;
		a->cost = a->dmap = 0;
		said = a->arrows ? _("Arrows to each cell's parent shown.")
		                 : _("Parent arrows off.");
		break;
	case 'c':
		a->cost = !a->cost;
		a->value = 0;
		a->arrows = a->dmap = 0;
		said = a->cost ? _("Layer: each cell's cost.")
		               : _("Cost layer off.");
		break;
	case 'm':
		a->dmap = (a->dmap + 1) % 3;
		a->value = 0;
		a->arrows = a->cost = 0;
		said = a->dmap == 1   ? _("Shared map: distance to the goal.")
		       : a->dmap == 2 ? _("Shared map: arrows downhill.")
		                      : _("Shared map off.");
		break;
	case 'k':
		a->cache = !a->cache;
		said = a->cache ? _("Path caches and re-plans shown.")
		                : _("Path caches hidden.");
		break;
	case '*':
		a->all = !a->all;
		/* A stepped search shows its own path alone (draw.c). */
		said = !a->all   ? _("Only the followed monster's path shown.")
		       : a->step ? _("Every monster's path shown when step "
		                     "mode ends.")
		                 : _("Every monster's path shown.");
		break;
	default:
		return 0;
	}
	snprintf(msg, size, "%s", said);
	return 1;
}

/* Step mode's keys: s toggles it, n b N B move through the expansions, J
 * starts reading a step number.  Returns 1 when key is one of them. */
static int step_key(struct aiview *a, int key, char *msg, size_t size)
{
	switch (key) {
	case 's':
		a->step = !a->step;
		a->step_shown = 0;
		a->cells_ok = 0;
		snprintf(msg, size, "%s",
		         a->step ? _("Step mode: n next, b back, N end, B "
		                     "start, "
		                     "J jump to a step.")
		                 : _("Step mode off."));
		return 1;
	case 'n':
	case 'b':
	case 'N':
	case 'B':
	case 'J':
		if (!a->step) {
			a->step = 1;
			a->step_shown = 0;
		}
		aiview_trace_ensure(a);
		if (key == 'n' && a->step_shown < a->total_exp)
			a->step_shown++;
		else if (key == 'b' && a->step_shown > 0)
			a->step_shown--;
		else if (key == 'n')
			/* The stats line cannot move: say why. */
			snprintf(msg, size, _("The search ends at step %zu."),
			         a->total_exp);
		else if (key == 'b')
			snprintf(msg, size,
			         _("Step 0: the search starts here."));
		else if (key == 'N' && a->step_shown < a->total_exp)
			a->step_shown = a->total_exp;
		else if (key == 'B' && a->step_shown > 0)
			a->step_shown = 0;
		else if (key == 'N')
			snprintf(msg, size, _("The search ends at step %zu."),
			         a->total_exp);
		else if (key == 'B')
			snprintf(msg, size,
			         _("Step 0: the search starts here."));
		else if (key == 'J') {
			a->jumping = 1;
			a->jump_to = 0;
			snprintf(msg, size,
			         _("Jump to step: type it, then Enter "
			           "(Esc cancels)."));
		}
		a->cells_ok = 0;
		aiview_code_sync(a);
		return 1;
	default:
		return 0;
	}
}

/* The code panel's keys: C shows or hides it, . and , move its marked
 * line (showing it first).  Returns 1 when key is one of them. */
static int code_key(struct aiview *a, int key, char *msg, size_t size)
{
	if (key != 'C' && key != '.' && key != ',')
		return 0;
	if (key != 'C' && a->code) {
		aiview_code_move(a, key == '.' ? 1 : -1, msg, size);
		return 1;
	}
	/* The code panel steps the search: step mode comes with it. */
	a->code = !a->code;
	if (a->code && !a->step) {
		a->step = 1;
		a->step_shown = 0;
	}
	a->lines_ok = 0;
	a->cells_ok = 0;
	aiview_trace_ensure(a);
	aiview_code_ensure(a);
	snprintf(msg, size, "%s",
	         a->code ? _("Code panel: . next line, , back, n b a whole "
	                     "step.")
	                 : _("Code panel off."));
	return 1;
}

/* Says which of two things a toggle did: 1, for a key's return. */
static int aiview_key_said(char *msg, size_t size, int on, const char *yes,
                           const char *no)
{
	snprintf(msg, size, "%s", on ? yes : no);
	return 1;
}

int aiview_key(struct aiview *a, int key, char *msg, size_t size)
{
	msg[0] = '\0';
	if (a->on && a->jumping)
		return jump_key(a, key, msg, size);
	if (key == '`' || key == VK_F2) {
		a->on = !a->on;
		if (a->on)
			aiview_follow(a);
		aiview_forget(a);
		return aiview_key_said(msg, size, a->on,
		                       _("AI view on: ? lists its keys."),
		                       _("AI view off."));
	}
	if (!a->on)
		return 0;
	if (layer_key(a, key, msg, size) || step_key(a, key, msg, size) ||
	    code_key(a, key, msg, size))
		return 1;
	switch (key) {
	case 'T':
		a->htable = !a->htable;
		a->have = 0; /* the table's searches run with the next */
		a->cells_ok = 0;
		return aiview_key_said(
		        msg, size, a->htable,
		        _("Heuristics table: A* by each heuristic."),
		        _("Heuristics table off."));
	case 'y':
		a->hier = !a->hier;
		a->have = 0; /* the table gains or loses its row */
		a->cells_ok = 0;
		return aiview_key_said(
		        msg, size, a->hier,
		        _("Hierarchy: ! subgoals, 0-9 the subgoal path, * its "
		          "cells."),
		        _("Hierarchy off."));
	case 'r':
		a->repair = !a->repair;
		a->dlite.ok = 0;
		a->have = 0;
		a->cells_ok = 0;
		return aiview_key_said(
		        msg, size, a->repair,
		        _("D* Lite: the same query, repaired after "
		          "each change instead of searched again."),
		        _("D* Lite off."));
	case 'e':
		/* Only the view's traced re-run: the monsters' own searches
		 * always stop when the goal leaves the open list. */
		a->early = !a->early;
		a->have = 0;
		a->cells_ok = 0;
		return aiview_key_said(
		        msg, size, a->early,
		        _("Early stop: the search ends when the goal "
		          "enters the open list (a mistake)."),
		        _("Early stop off: the search ends when the "
		          "goal leaves the open list."));
	case 'z':
		a->boxes = !a->boxes;
		return aiview_key_said(
		        msg, size, a->boxes,
		        _("Cell boxes: f top left, g bottom left, h "
		          "bottom right, the arrow to the parent."),
		        _("Cell boxes off."));
	case VK_TAB: {
		char name[64];

		aiview_select_next(a);
		if (aiview_alive(a, a->sel))
			snprintf(msg, size, _("Following %s."),
			         aiview_monster_name(a, a->sel, name,
			                             sizeof(name)));
		else
			snprintf(msg, size, _("No monster to follow."));
		return 1;
	}
	case 'H':
	case 'D':
	case 'W':
	case 'A':
		cycle_params(a, key);
		if (!a->custom)
			snprintf(msg, size, _("No monster to follow."));
		else if (key == 'H')
			snprintf(msg, size, _("Heuristic: %s."),
			         _(path_heuristic_name(a->p.heuristic)));
		else if (key == 'D')
			snprintf(msg, size, _("Diagonal rule: %s."),
			         _(path_diagonal_name(a->p.diagonal)));
		else if (key == 'W')
			snprintf(msg, size, _("Weight: %u.%u."),
			         a->p.weight / 1000, a->p.weight % 1000 / 100);
		else
			snprintf(msg, size, _("Algorithm: %s."),
			         a->jps ? _("jump point search")
			                : _(path_algo_name(a->p.algo)));
		return 1;
	case 't':
		cycle_params(a, key);
		return aiview_key_said(msg, size, a->p.ties == PATH_TIES_FIFO,
		                       _("Ties: first in, first out (no "
		                         "tie-breaking)."),
		                       _("Ties: toward the lower h."));
	case '0':
		a->custom = 0;
		a->jps = 0;
		a->have = 0;
		a->cells_ok = 0;
		snprintf(msg, size, _("The monster's own settings again."));
		return 1;
	default:
		return 0;
	}
}
