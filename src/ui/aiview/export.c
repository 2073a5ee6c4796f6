/* SPDX-License-Identifier: MIT */
/* export.c - the shown search written out: every layer alone as plain
 * text (the golden dumps), and the search as a JSON trace
 * (doc/formats.md), with step mode's state for the asciicast export. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "aiview_impl.h"

/* Draws one layer alone over the whole map into c (sized to the map). */
static void dump_layer(struct aiview *a, struct canvas *c, FILE *out,
                       const char *title, int paths, int open, char value,
                       int arrows, int cost, int hier)
{
	const struct aiview saved = *a; /* the switches to restore */
	const struct world *w = a->game->world;
	char *row = malloc(CANVAS_ROW_BYTES(c->width));
	int x, y;
	size_t i;

	if (!row)
		return;
	a->paths = paths;
	a->open = open;
	a->value = value;
	a->arrows = arrows;
	a->cost = cost;
	a->hier = hier;
	a->cache = 0;
	a->all = 0;
	canvas_clear(c);
	for (y = 0; y < w->height; y++)
		for (x = 0; x < w->width; x++)
			canvas_put(c, x, y, world_terrain_at(w, x, y)->glyph,
			           CANVAS_DEFAULT, 0);
	aiview_draw_map(a, c, 0, 0, w->width, w->height, 0, 0);
	for (i = 0; i < w->nmonsters; i++)
		if (w->monsters[i].alive)
			canvas_put(c, w->monsters[i].x, w->monsters[i].y,
			           w->data->monsters[w->monsters[i].kind].glyph,
			           CANVAS_DEFAULT, 0);
	canvas_put(c, w->px, w->py, '@', CANVAS_DEFAULT, 0);
	fprintf(out, "layer %s:\n", title);
	for (y = 0; y < c->height; y++) {
		canvas_row_text(c, y, row);
		fprintf(out, "|%s\n", row);
	}
	free(row);
	a->paths = saved.paths;
	a->open = saved.open;
	a->value = saved.value;
	a->arrows = saved.arrows;
	a->cost = saved.cost;
	a->hier = saved.hier;
	a->cache = saved.cache;
	a->all = saved.all;
}

void aiview_dump_layers(struct aiview *a, FILE *out)
{
	struct canvas c = {0};
	int i;

	if (!aiview_alive(a, a->sel)) {
		fprintf(out, "ai: no monster to follow\n");
		return;
	}
	if (canvas_resize(&c, a->game->world->width, a->game->world->height) !=
	    0)
		return;
	{
		struct canvas line = {0};
		char *row = malloc(CANVAS_ROW_BYTES(400));

		if (row && canvas_resize(&line, 400, 2) == 0) {
			aiview_draw_stats(a, &line, 0, 400);
			canvas_row_text(&line, 0, row);
			fprintf(out, "ai: %s\n", row);
			canvas_row_text(&line, 1, row);
			fprintf(out, "ai: %s\n", row);
			canvas_fini(&line);
		}
		free(row);
	}
	for (i = 0; i < aiview_trace_rows(a) && a->have; i++)
		fprintf(out, "compare: %s expanded=%u cost=%u status=%s\n",
		        a->cmp[i].label, a->cmp[i].expanded, a->cmp[i].cost,
		        aiview_trace_status(a, i));
	dump_layer(a, &c, out, "paths", 1, 0, 0, 0, 0, 0);
	dump_layer(a, &c, out, "open", 0, 1, 0, 0, 0, 0);
	dump_layer(a, &c, out, "g", 0, 0, 'g', 0, 0, 0);
	dump_layer(a, &c, out, "h", 0, 0, 'h', 0, 0, 0);
	dump_layer(a, &c, out, "f", 0, 0, 'f', 0, 0, 0);
	dump_layer(a, &c, out, "arrows", 0, 0, 0, 1, 0, 0);
	dump_layer(a, &c, out, "cost", 0, 0, 0, 0, 1, 0);
	if (a->hier)
		dump_layer(a, &c, out, "hierarchy", 0, 0, 0, 0, 0, 1);
	canvas_fini(&c);
}

size_t aiview_steps(struct aiview *a)
{
	aiview_trace_ensure(a);
	return a->have ? a->total_exp : 0;
}

void aiview_step_state(const struct aiview *a, int *on, size_t *k)
{
	*on = a->step;
	*k = a->step_shown;
}

void aiview_step_to(struct aiview *a, int on, size_t k)
{
	a->step = on;
	a->step_shown = k;
	a->cells_ok = 0;
}

int aiview_export_name(struct aiview *a, char *buf, size_t size)
{
	const struct world *w = a->game->world;

	if (!a->on || !aiview_alive(a, a->sel))
		return -1;
	snprintf(buf, size, "hunted-search-t%u-%s%ld", w->turn,
	         w->data->monsters[w->monsters[a->sel].kind].name, a->sel);
	return 0;
}

/* The JSON trace's name of each kind of event (doc/formats.md). */
static const char *const export_kinds[PATH_TRACE_KIND_COUNT] = {
        [PATH_TRACE_PUSH] = "push",
        [PATH_TRACE_EXPAND] = "expand",
        [PATH_TRACE_NEIGHBOUR] = "neighbour",
        [PATH_TRACE_SKIP_WALL] = "wall",
        [PATH_TRACE_SKIP_CORNER] = "corner",
        [PATH_TRACE_SKIP_CLOSED] = "closed",
        [PATH_TRACE_COST] = "cost",
        [PATH_TRACE_NOT_BETTER] = "not better",
        [PATH_TRACE_GOAL] = "goal",
        [PATH_TRACE_NO_PATH] = "no path",
        [PATH_TRACE_BUDGET] = "budget",
};

/* One event of the trace as a JSON object; steps counts expansions. */
static void export_event(FILE *out, const struct path_trace_event *e,
                         size_t *steps)
{
	switch (e->kind) {
	case PATH_TRACE_EXPAND:
		fprintf(out,
		        "{\"kind\": \"expand\", \"step\": %zu, \"x\": %d, "
		        "\"y\": %d}",
		        ++*steps, e->x, e->y);
		break;
	case PATH_TRACE_PUSH:
		fprintf(out,
		        "{\"kind\": \"push\", \"x\": %d, \"y\": %d, "
		        "\"g\": %u, \"h\": %u, \"f\": %llu, "
		        "\"parent\": [%d, %d]}",
		        e->x, e->y, e->g, e->h, (unsigned long long)e->f, e->px,
		        e->py);
		break;
	case PATH_TRACE_NEIGHBOUR:
	case PATH_TRACE_SKIP_WALL:
	case PATH_TRACE_SKIP_CORNER:
		fprintf(out,
		        "{\"kind\": \"%s\", \"x\": %d, \"y\": %d, "
		        "\"from\": [%d, %d]}",
		        export_kinds[e->kind], e->x, e->y, e->px, e->py);
		break;
	case PATH_TRACE_COST:
		fprintf(out,
		        "{\"kind\": \"cost\", \"x\": %d, \"y\": %d, "
		        "\"from\": [%d, %d], \"g\": %u, \"h\": %u}",
		        e->x, e->y, e->px, e->py, e->g, e->h);
		break;
	case PATH_TRACE_SKIP_CLOSED:
	case PATH_TRACE_NOT_BETTER:
		fprintf(out,
		        "{\"kind\": \"%s\", \"x\": %d, \"y\": %d, "
		        "\"from\": [%d, %d], \"g\": %u}",
		        export_kinds[e->kind], e->x, e->y, e->px, e->py, e->g);
		break;
	case PATH_TRACE_GOAL:
	case PATH_TRACE_BUDGET:
		fprintf(out,
		        "{\"kind\": \"%s\", \"x\": %d, \"y\": %d, "
		        "\"g\": %u}",
		        export_kinds[e->kind], e->x, e->y, e->g);
		break;
	default:
		fprintf(out, "{\"kind\": \"no path\"}");
		break;
	}
}

int aiview_export_json(struct aiview *a, FILE *out)
{
	const struct world *w = a->game->world;
	char name[64];
	size_t i, n, steps = 0;

	aiview_trace_ensure(a);
	if (!a->on || !aiview_alive(a, a->sel) || !a->have)
		return -1;
	/* The trace line by line (the code panel's), whose pushes and
	 * expansions are the shown trace's. */
	if (!a->lines_ok && aiview_trace_lines(a, &a->lines) == 0)
		a->lines_ok = 1;
	fprintf(out,
	        "{\n  \"format\": \"hunted-search\",\n  \"version\": 2,\n");
	fprintf(out, "  \"turn\": %u,\n  \"monster\": \"%s\",\n", w->turn,
	        aiview_monster_name(a, a->sel, name, sizeof(name)));
	fprintf(out, "  \"width\": %d,\n  \"height\": %d,\n", w->width,
	        w->height);
	fprintf(out, "  \"start\": [%d, %d],\n  \"goal\": [%d, %d],\n", a->sx,
	        a->sy, a->gx, a->gy);
	fprintf(out,
	        "  \"algorithm\": \"%s\",\n  \"heuristic\": \"%s\",\n"
	        "  \"diagonal\": \"%s\",\n  \"weight\": %u.%03u,\n"
	        "  \"straight_cost\": %u,\n  \"diagonal_cost\": %u,\n",
	        path_algo_name(a->p.algo), path_heuristic_name(a->p.heuristic),
	        path_diagonal_name(a->p.diagonal), a->p.weight / 1000,
	        a->p.weight % 1000, a->p.straight_cost, a->p.diagonal_cost);
	fprintf(out, "  \"ties\": \"%s\",\n",
	        a->jps ? "lower h" : path_ties_name(a->p.ties));
	fprintf(out,
	        "  \"status\": \"%s\",\n  \"cost\": %u,\n  \"expanded\": %zu,\n"
	        "  \"truncated\": %s,\n",
	        path_status_name(a->res.status), a->res.cost, a->total_exp,
	        a->trace.truncated ? "true" : "false");
	fprintf(out, "  \"events\": [");
	{
		const struct path_trace *t =
		        a->lines_ok ? &a->lines : &a->trace;

		for (i = 0; i < t->len; i++) {
			fprintf(out, "%s\n    ", i ? "," : "");
			export_event(out, &t->events[i], &steps);
		}
	}
	/* A search that fails still gives the way to the cell nearest the
	 * goal: said as partial, with the cell it ends at, so that no
	 * reader takes it for a way to the goal. */
	n = a->res.status == PATH_FOUND || a->res.partial ? a->res.length : 0;
	if (n > a->bufcap)
		n = a->bufcap;
	fprintf(out, "\n  ],\n  \"partial\": %s,\n  \"end\": ",
	        n && a->res.status != PATH_FOUND ? "true" : "false");
	if (n)
		fprintf(out, "[%d, %d]", a->buf[n - 1].x, a->buf[n - 1].y);
	else
		fprintf(out, "null");
	fprintf(out, ",\n  \"path\": [");
	for (i = 0; i < n; i++)
		fprintf(out, "%s[%d, %d]", i ? ", " : "", a->buf[i].x,
		        a->buf[i].y);
	fprintf(out, "]\n}\n");
	return ferror(out) ? -1 : 0;
}
