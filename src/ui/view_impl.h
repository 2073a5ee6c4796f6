/* view_impl.h - the inside of struct view, shared by view.c (the game
 * screen) and aiview.c (the AI view). */
#ifndef HUNTED_VIEW_IMPL_H
#define HUNTED_VIEW_IMPL_H

#include "core/path/jps.h"
#include "view.h"

#define LOG_KEEP  1000 /* messages kept for the history (Ctrl-P) */
#define LOG_LINE  160
#define ERR_KEEP  64 /* reload problems shown in the panel */
#define CMP_COUNT 6  /* searches in the side-by-side comparison */
#define CMP_JPS   5  /* the last: jump point search, where it applies */

enum view_mode {
	MODE_PLAY = 0,
	MODE_DIRECTION, /* open or close: waiting for a direction */
	MODE_LOOK,
	MODE_HELP,
	MODE_HISTORY,
	MODE_QUIT,
};

/* One search of the comparison table. */
struct ai_cmp {
	const char *label;
	enum path_status status;
	uint32_t expanded, cost;
	size_t length;
};

struct aiview {
	int on;
	int paths, open, arrows, cost, cache; /* layers */
	char value;                           /* 'g', 'h', 'f' or 0 */
	int all;                              /* every monster's path */
	long sel;                             /* selected monster, -1 none */
	int locked; /* chosen with Tab: kept while it lives */

	int step;          /* step mode */
	size_t step_shown; /* expansions shown in step mode */
	int custom;        /* params changed with H D W A */
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
};

struct view {
	struct game *g;
	struct world *w; /* g's */
	struct view_config cfg;
	char label[64]; /* cfg.map_label points here */
	int borrowed;   /* the caller frees w */
	enum view_mode mode;
	int prompt_cmd; /* WCMD_OPEN or WCMD_CLOSE in MODE_DIRECTION */
	int look_x, look_y;

	char (*log)[LOG_LINE];      /* as shown, with a (xN) count */
	char (*log_text)[LOG_LINE]; /* as written */
	unsigned *log_count;
	uint32_t *log_turn;
	size_t nlog;
	long hist_top;   /* first line shown by the history */
	size_t log_seen; /* messages already on screen before this turn */

	struct aiview ai;

	struct game_files files;
	char errors[ERR_KEEP][LOG_LINE];
	size_t nerrors;
	int show_errors;
	uint64_t next_poll_ms;

	FILE *rec;
	FILE *rep;
	int rep_line;
	int rep_paused;
	int rep_delay_ms;
	uint64_t rep_next_ms;
	int rep_done;

};

/* view.c */
void view_log(struct view *v, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));
int view_key_dir(int key, int *dx, int *dy);

/* aiview.c */
int aiview_init(struct view *v);
void aiview_fini(struct view *v);
/* Forgets every search (new turn, new world, new selection). */
void aiview_invalidate(struct view *v);
/* Handles a key of the AI view; returns 1 when it used it. */
int aiview_key(struct view *v, int key);
/* Draws the overlays over the map, whose top-left cell is (ox, oy) of
 * the world at canvas cell (x0, y0), w x h cells. */
void aiview_draw_map(struct view *v, struct canvas *c, int x0, int y0, int w,
                     int h, int ox, int oy);
void aiview_draw_panel(struct view *v, struct canvas *c, int x0, int y0, int w,
                       int h);
void aiview_draw_stats(struct view *v, struct canvas *c, int y, int w);
/* The inspector's lines for cell (x, y). */
void aiview_inspect(struct view *v, struct canvas *c, int x0, int y0, int w,
                    int x, int y);
/* Plain-text layers over the whole map. */
void aiview_dump_layers(struct view *v, FILE *out);
/* The monster the view follows by default: the nearest living one. */
void aiview_select_default(struct view *v);

#endif
