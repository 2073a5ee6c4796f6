/* SPDX-License-Identifier: MIT */
/* aiview_impl.h - the AI view's state, shared by the files of
 * src/ui/aiview/ alone: the view's settings, the traced search and its
 * per-cell arrays, the comparison, the hierarchy's and D* Lite's
 * contexts, and the re-plan history; and the helpers one file of the
 * folder lends the others. */
#ifndef HUNTED_AIVIEW_IMPL_H
#define HUNTED_AIVIEW_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "aiview.h"

#include "core/base/dir.h"
#include "core/base/i18n.h"
#include "core/path/distmap.h"
#include "core/path/dlite.h"
#include "core/path/subgoal.h"
#include "core/path/jps.h"
#include "ui/canvas.h"

#define TRACE_LIMIT  (1u << 22) /* events kept of one traced search */
#define HISTORY_KEEP 1024       /* re-plans kept, of all monsters */
#define NO_DIR       (-1)
#define CMP_COUNT    7 /* searches in the side-by-side comparison */
#define CMP_JPS      5 /* jump point search, where it applies */
#define CMP_HIER     6 /* the last: the hierarchy for big maps */
#define CMP_DIJKSTRA 1 /* the cheapest way, to compare with */

/* One search of the comparison table. */
struct ai_cmp {
	const char *label;
	enum path_status status;
	uint32_t expanded, cost;
	size_t length;
};

struct aiview {
	struct game *game; /* the game watched */
	/* The player's own search, shown as "you" (AIVIEW_YOU). */
	const struct travel *travel;
	int no_timing; /* show 0 for search times (golden dumps) */
	int on;
	int paths, open, arrows, cost, cache; /* layers */
	char value;                           /* 'g', 'h', 'f' or 0 */
	int all;                              /* every monster's path */
	long sel;                             /* selected monster, -1 none */
	int locked; /* chosen with Tab: kept while it lives */

	int step;          /* step mode */
	size_t step_shown; /* expansions shown in step mode */
	int jumping;       /* J: a step number is being typed */
	size_t jump_to;    /* the number typed so far */
	int custom;        /* params changed with H D W A t, or by a page */
	int by_page;       /* ...by a lesson's page, which says so itself */
	int jps;           /* the shown search is jump point search's */
	struct path_params p;

	/* The selected monster's search, run again with a trace. */
	struct path_ctx *ctx;
	struct jps_ctx *jctx; /* for the comparison's jump point search */
	int ctx_w, ctx_h;
	struct path_trace trace;
	struct path_point *buf;
	size_t bufcap;
	struct path_result res;
	int have;         /* res and trace are current */
	int cells_ok;     /* the cell arrays match step_shown */
	int stale;        /* run it again before drawing */
	double ms;        /* time the traced search took */
	size_t total_exp; /* expansions in the trace */
	int sx, sy, gx, gy;
	int whatif; /* the monster goes nowhere: its search for the player */

	/* The search as it stood after step_shown expansions (or at the
	 * end), per cell. */
	uint8_t *state; /* 0 untouched, 1 open, 2 closed */
	uint32_t *g, *h, *f;
	int8_t *dir;    /* direction to the parent, -1 the start */
	int32_t *order; /* expansion number, -1 if not expanded */
	int cur_x, cur_y;
	size_t nopen, nclosed;
	size_t cells; /* size of the arrays */

	struct ai_cmp cmp[CMP_COUNT];
	struct ai_cmp hcmp[PATH_H_COUNT]; /* A*, w = 1, by heuristic */
	int htable;                       /* T: the heuristics' table shown */
	int boxes;                        /* z: the map as cell boxes */
	int early; /* e: the traced run stops when the goal is pushed */
	/* C: the code panel, the search's loop as pseudocode beside the
	 * map.  It reads the same search traced line by line (lines, made
	 * again after every new trace: lines_ok) and marks the line of
	 * event code_ev; shown, the map stops at that event (ev_shown: how
	 * many of the plain trace's events it has seen). */
	int code;
	struct path_trace lines;
	int lines_ok;
	size_t code_ev;
	size_t ev_shown;
	int dmap;         /* m: the kind's shared distance map, 1 distances, 2
	                   * downhill arrows */
	uint32_t box_div; /* what the boxes' values were divided by */

	/* y: the hierarchy's layer; the hierarchy for the selected kind's
	 * grid, built for the map as it was at change serial, its
	 * answer to the same query (whole) and that answer's abstract
	 * path. */
	int hier;
	struct ai_hierarchy {
		struct subgoal *sg;
		int kind;
		uint32_t serial;
		struct path_params moves;
		struct path_point *buf, *abs;
		size_t nabs;
		struct subgoal_info info;
		struct path_result res;
		double ms;
	} hierarchy;

	/* r: the same query by D* Lite, repaired from one refresh to the
	 * next while the monster and its goal stay the same: the context,
	 * the kind grid as it was priced last (snap), whose query it holds,
	 * and its last answer (res, the cells it was told of). */
	int repair;
	struct ai_dlite {
		struct dlite_ctx *ctx;
		uint8_t *snap;
		struct path_point *buf;
		size_t snap_n;
		int ok;
		long sel;
		int gx, gy;
		struct path_params moves;
		int fresh;
		size_t changed;
		struct path_result res;
	} dlite;

	/* The last re-plans of every monster, a ring: when, who, why, and
	 * for a changed cell which one. */
	struct ai_replan {
		uint32_t turn;
		int monster, reason, x, y;
		/* What a tool did that made it: the item kind whose noise it
		 * heard, or whose terrain lies on (x, y); -1 none. */
		int tool;
	} replans[HISTORY_KEEP];
	size_t nreplans; /* ever noted; the ring holds the last ones */
};

/* The panel's rows: text from x0 to mx, the next free row, and the row
 * the text must stay above. */
struct rows {
	int x0, mx, row, last;
};

/* aiview.c: the clock for the searches' times; freeing the per-cell
 * arrays and the search contexts; the mind of monster i and whether it
 * lives; the next monster Tab picks; a monster's name ("kind#i"). */
double aiview_now_ms(void);
/* Whether the view follows the player's own search, and one is planned
 * or under way; the grid the followed search runs on (the player's known
 * map, or the monster's kind grid), NULL when none. */
int aiview_you(const struct aiview *a);
const struct grid *aiview_search_grid(const struct aiview *a);
void aiview_free_cells(struct aiview *a);
void aiview_free_contexts(struct aiview *a);
/* Frees the D* Lite context of the comparison and what it kept. */
void aiview_dlite_drop(struct aiview *a);
const struct mind *aiview_mind(const struct aiview *a, long i);
int aiview_alive(const struct aiview *a, long i);
void aiview_select_next(struct aiview *a);
const char *aiview_monster_name(const struct aiview *a, long i, char *buf,
                                size_t size);
/* Whether monster's path was made because a map change broke the one
 * before; the turns ahead monster i reserved by its cooperative plan. */
int aiview_broken_by_change(const struct mind *mi);
size_t aiview_coop_steps(const struct aiview *a, long i, struct path_point *pts,
                         size_t cap, size_t *from);

/* trace.c: the selected monster's search run again with a trace when it
 * is stale, and the comparison of the algorithms on the same query; a
 * comparison row's status and the rows shown; the comparison table and
 * the heuristics' table on the panel. */
void aiview_trace_ensure(struct aiview *a);
void aiview_trace_compare(struct aiview *a);
const char *aiview_trace_status(const struct aiview *a, int i);
int aiview_trace_rows(const struct aiview *a);
void aiview_trace_heuristics(struct aiview *a, struct canvas *c,
                             struct rows *r);
void aiview_trace_table(struct aiview *a, struct canvas *c, struct rows *r);

/* trace.c: the shown search run again into t, traced line by line (cut
 * like the shown one when it stops early); 0, or -1 when there is none. */
int aiview_trace_lines(struct aiview *a, struct path_trace *t);

/* code.c: the code panel's line for an event, the trace line by line
 * made current, the marked event moved to expansion step_shown's, the
 * marked event moved by delta lines (says why not in msg), and the panel
 * drawn in the map's place (returns the columns it took). */
int aiview_code_line(const struct aiview *a, const struct path_trace_event *e);
void aiview_code_ensure(struct aiview *a);
void aiview_code_sync(struct aiview *a);
void aiview_code_move(struct aiview *a, int delta, char *msg, size_t size);
/* code.c: the neighbour the marked line speaks of (next), in *x, *y:
 * 1, or 0 when the line is about no neighbour (or the panel is off). */
int aiview_code_next(const struct aiview *a, int *x, int *y);

/* draw.c: the parent arrow for each direction of base/dir.h; the rule
 * the value layer shows; the legend of the layers on. */
extern const char aiview_draw_arrows[DIR_COUNT];
const char *aiview_draw_value_rule(const struct aiview *a);
void aiview_draw_legend(struct aiview *a, struct canvas *c, struct rows *r);

/* rows.c: text on the panel's next rows, wrapped to its width. */
void aiview_rows_wrap(struct canvas *c, struct rows *r, int attr,
                      const char *text);

/* narrate.c: step mode's narration of the current expansion, the open
 * list, and the selected monster's last re-plans. */
void aiview_narrate_step(struct aiview *a, struct canvas *c, struct rows *r);
void aiview_narrate_open(struct aiview *a, struct canvas *c, struct rows *open);
/* The tool (item kind) whose laid terrain lies on (x, y), or -1: the
 * change a monster re-planned by, named. */
int aiview_tool_at(const struct world *w, int x, int y);
/* The tool whose noise made monster i re-plan this turn, or -1. */
int aiview_heard_tool(const struct aiview *a, long i);
/* A name as players read it, a shipped one in their language:
 * "smoke_bomb" is "smoke bomb" (event_text_name). */
const char *aiview_spoken(const char *name, char *buf, size_t size);
void aiview_narrate_history(struct aiview *a, struct canvas *c, struct rows *r);

#endif
