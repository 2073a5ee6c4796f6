/* SPDX-License-Identifier: MIT */
/* coop.c - cooperative path-finding for monsters in a crowd: a short
 * plan in space and time, planned round the turns and cells the others
 * have reserved, so that a crowd flows past itself instead of jamming.
 *
 * This is windowed cooperative A* in the manner of Silver (2005), for a
 * game where monsters act one after another rather than all at once:
 *
 * - A monster with others near it or on its way plans its next
 *   COOP_WINDOW turns: a search over (x, y, turn) whose moves are the
 *   kind's steps (its diagonal rule, its terrain costs) and waiting in
 *   place, and which never enters a (cell, turn) another monster has
 *   reserved, never trades cells with another in one turn, and never
 *   steps into a cell whose holder acts later in the turn and so will
 *   still be standing there.  It then reserves the cells of its plan.
 * - The heuristic, and the value of where the window ends, is the
 *   abstract distance to the goal ignoring everyone else ("hierarchical"
 *   in Silver's sense): a Dijkstra over the square the window can reach,
 *   from the next cells of the monster's ordinary kept path, each valued
 *   at the path's cost on from it.  Walls count, so a corridor doubling
 *   back behind a wall does not look close, and it is a shortest-walk
 *   distance, so the search stays consistent.  Beyond the window the
 *   ordinary path leads on; nothing is reserved there.
 * - Waiting is a move, and costs a step's worth (nothing once arrived);
 *   waiting in a narrow place, whose taking cuts its neighbours in two,
 *   costs more, so that a plan that has to wait does it in a pocket or
 *   a room and leaves the corridor to the others.
 * - The turns a monster will not act (a slow one gathering energy) are
 *   known from its energy and speed: it cannot move in those turns, and
 *   its plan says so.  A fast monster moves at most once a turn while it
 *   cooperates: its extra actions are spent waiting.
 * - A plan is kept while the monster keeps to it and more than half the
 *   window is left; a monster the plan holds still plans again on its
 *   first turns of waiting and every few after.  Each new plan is made
 *   after dropping the monster's own reservations, against everyone
 *   else's: whoever holds a corridor keeps it and the others plan round
 *   it, so priorities rotate with the plans themselves, and a monster
 *   kept waiting longer than its patience asks for a new ordinary path
 *   (which prices the crowd in) to find another way.
 * - Monsters that hold no reservations (far from any crowd, fighting the
 *   player) are walls for the whole window where they stand.
 *
 * Monsters away from others never pay for any of this: the test for a
 * crowd is a look at a few cells round the monster and along its next
 * steps.
 *
 * Under --strategy coop every crowd plans so.  The automatic strategy
 * keeps it for jams (coop_jammed, the rule by COOP_JAM_RECENT below): a
 * monster held up lately by another, in a corridor or a doorway where
 * that one means to move on too, or held up eight actions in a row
 * anywhere, plans so until a plan's window after the jam while others
 * are near, on a small share of the tick's planning budget of its own;
 * everyone else takes the ordinary way, at its usual cost.  Under it:
 * - a fast monster keeps its extra moves: on them it takes its plan's
 *   next step early when nobody else's plan needs that cell
 *   (coop_early);
 * - a plan never steps straight back to the cell just left while the
 *   goal stands still, the ordinary way's rule against oscillation;
 * - a path that stops next to the player leads to any cell next to it;
 * - one held up behind a fight searches round it, with the fight's
 *   cells walls (coop_round_parked);
 * - the ordinary way trades places with nobody that keeps to a plan
 *   (coop_holds), so no two monsters pass through a reservation. */
#include <stdlib.h>
#include <string.h>

#include "kind_impl.h"
#include "state_impl.h"
#include "reserve.h"

/* Turns a plan looks ahead. */
#define COOP_WINDOW 8
/* Space-time states a plan may expand. */
#define COOP_NODES 512
/* Another monster within this many cells of the mover, or standing on
 * or next to its next COOP_AHEAD path cells, makes it cooperate ... */
#define COOP_NEAR  2
#define COOP_AHEAD 6
/* ... and it goes on cooperating this many turns after the last time. */
#define COOP_LINGER 8
/* Under the automatic strategy only a jam makes a monster cooperate
 * (coop_jammed): it pays there, and only there, for the crowdbench
 * measures ten times the turn time when every crowd plans in space and
 * time.  A monster is in a jam when another, on the next cell of its
 * path, held it up (it waited behind it) in this turn or the last
 * COOP_JAM_RECENT - 1 (a monster of half speed acts every other turn),
 * and either
 * - it stands in a narrow place, or is about to step into one (a
 *   corridor, a doorway: where two ways meet head on), and the one in
 *   its way means to move on itself (waiting behind one parked or
 *   fighting is a queue, which the ordinary way handles as well), or
 * - it has been held up COOP_JAM_STUCK actions in a row, wherever it is:
 *   the ordinary way has found no detour it would take by then (it
 *   looks after 2, 4 and 8 turns), and a plan in space and time finds
 *   the free cells round the crowd, or a search round the fight a
 *   longer way; unless it hunts the player and every cell next to the
 *   player is taken (a queue nothing shortens).
 * Held up on the last step of its path, by one standing on its goal, it
 * is in no jam: only a trade of places, the ordinary way's, helps. */
#define COOP_JAM_RECENT 3
#define COOP_JAM_STUCK  8
/* ... and it goes on cooperating this many turns after it was last found
 * in a jam, while others are near: a plan's window, long enough for the
 * reservations of a jam's monsters to sort them out, short enough that
 * a monster is soon back to the ordinary way. */
#define COOP_JAM_LINGER COOP_WINDOW
/* The work on a tick's jams (the nodes their plans expand, and their
 * heuristics settle; the searches round a fight) is kept to this share
 * of the tick's planning budget, apart from it: the ordinary searches
 * are never put off for jams, and a game full of them pays a bounded
 * price.  A node of a plan costs some four of A*'s.  turnbench's 500
 * hunters closing on the player take 10-15% more turn time at 1/256
 * (no share makes it free there: jams found and no plans made cost
 * 12-17%), as much at 1/128 and 50% more at 1/16; crowdbench's crowds
 * lose half the walk they have left at each, and 5% of their blocked
 * turns at 1/256 against 11% at 1/16 (of 20,000: 1/192 of 15,000). */
#define COOP_JAM_SHARE 192
/* ... but the monster of a jam that has waited longest for it, at least
 * this many turns, is worked on past the share, one a tick: the share
 * goes to the first monsters in the order they act, and the last ones
 * must not wait for good. */
#define COOP_JAM_STARVE 4
/* Path cells ahead the heuristic looks at: twice the window, so the
 * farthest a plan can get is always within them. */
#define COOP_HORIZON (2 * COOP_WINDOW)
/* Turns a plan may keep a monster in place before it asks for another
 * ordinary path (doubled each time that path leads the same way). */
#define COOP_PATIENCE 4
/* Waiting in a narrow place costs this many turns' worth. */
#define COOP_CHOKE_WAIT 3

#define COOP_SIDE   (2 * COOP_WINDOW + 1)
#define COOP_AREA   (COOP_SIDE * COOP_SIDE)
#define COOP_STATES ((COOP_WINDOW + 1) * COOP_AREA)

/* One monster's cooperative plan: cells[k] at turn turn + k. */
struct coop_plan {
	uint32_t turn;
	uint8_t len;
	uint8_t touched;     /* decided by the plan this action */
	uint8_t refused;     /* ordinary re-plans that led nowhere new */
	uint16_t waited;     /* turns in a row the plan held it still */
	uint8_t behind;      /* turns in a row behind a monster with no plan */
	uint32_t crowd_turn; /* the last turn it found a crowd near */
	uint32_t crowd_seen; /* ... plus one; 0 for never */
	uint32_t jam_turn;   /* the last turn it was in a jam, + 1 (auto) */
	uint32_t served;     /* the last turn its jam was worked on, + 1 */
	uint8_t had;         /* it held a plan at the start of the tick */
	uint32_t acted_turn; /* the last turn it acted by its plan, + 1 */
	struct path_point cells[COOP_WINDOW + 1];
};

struct coop_heap_item {
	uint32_t f;
	uint32_t id;
};

struct coop {
	struct reserve *res;
	struct coop_plan *plan;
	size_t n;
	/* Under the automatic strategy, the work this tick's jams have done:
	 * nodes their plans expanded, cells their heuristics settled, and
	 * nodes their searches round a fight expanded. */
	uint32_t spent;
	long favoured;     /* the jam kept waiting longest, served past the
	                      share this tick; -1 for none */
	uint32_t hsettled; /* cells the last heuristic settled */
	/* The search's state, over a square of COOP_SIDE cells round the
	 * mover and COOP_WINDOW + 1 turns. */
	uint32_t stamp;
	uint32_t *seen;   /* per state: the search that reached it */
	uint32_t *g;      /* per state */
	uint16_t *parent; /* per state: the cell one turn before */
	uint8_t *closed;  /* per state: expanded (valid when seen) */
	uint32_t *hseen;  /* per cell: the search that priced it */
	uint32_t *h;      /* per cell */
	struct coop_heap_item *heap;
	size_t nheap, heapcap;
	/* The path cells ahead the heuristic measures from. */
	struct path_point ahead[COOP_HORIZON + 1];
	uint32_t rem[COOP_HORIZON + 1];
	size_t nahead;
};

void coop_free(struct coop *c)
{
	if (!c)
		return;
	reserve_free(c->res);
	free(c->plan);
	free(c->seen);
	free(c->g);
	free(c->parent);
	free(c->closed);
	free(c->hseen);
	free(c->h);
	free(c->heap);
	free(c);
}

size_t coop_bytes(const struct coop *c, size_t *per_monster)
{
	*per_monster = c ? c->n * sizeof(*c->plan) : 0;
	if (!c)
		return 0;
	return sizeof(*c) + reserve_bytes(c->res) +
	       (size_t)COOP_STATES * (2 * sizeof(uint32_t) + sizeof(uint16_t) +
	                              sizeof(uint8_t) + sizeof(uint32_t)) +
	       (size_t)COOP_AREA * 2 * sizeof(uint32_t) +
	       c->heapcap * sizeof(*c->heap);
}

/* The cooperative planner of md, made on first use. */
static struct coop *coop_get(struct minds *md, const struct world *w)
{
	struct minds_work *wk = md->work;
	struct coop *c = wk->coop;

	if (c)
		return c;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->n = w->nmonsters;
	c->favoured = -1;
	c->res = reserve_new(w->width, w->height, COOP_WINDOW, c->n ? c->n : 1);
	c->plan = calloc(c->n ? c->n : 1, sizeof(*c->plan));
	c->seen = calloc(COOP_STATES, sizeof(*c->seen));
	c->g = malloc(COOP_STATES * sizeof(*c->g));
	c->parent = malloc(COOP_STATES * sizeof(*c->parent));
	c->closed = malloc(COOP_STATES * sizeof(*c->closed));
	c->hseen = calloc(COOP_AREA, sizeof(*c->hseen));
	c->h = malloc(COOP_AREA * sizeof(*c->h));
	c->heapcap = (size_t)COOP_NODES * 9 + 16;
	c->heap = malloc(c->heapcap * sizeof(*c->heap));
	if (!c->res || !c->plan || !c->seen || !c->g || !c->parent ||
	    !c->closed || !c->hseen || !c->h || !c->heap) {
		coop_free(c);
		return NULL;
	}
	reserve_roll(c->res, w->turn);
	wk->coop = c;
	return c;
}

/* ---- the heap of the search --------------------------------------------- */

/* Lower f first; among equal f, the later turn (the deeper plan). */
static int coop_before(const struct coop_heap_item *a,
                       const struct coop_heap_item *b)
{
	return a->f < b->f || (a->f == b->f && a->id > b->id);
}

static void coop_push(struct coop *c, uint32_t f, uint32_t id)
{
	size_t k = c->nheap++;

	while (k) {
		size_t up = (k - 1) / 2;
		struct coop_heap_item it = {f, id};

		if (!coop_before(&it, &c->heap[up]))
			break;
		c->heap[k] = c->heap[up];
		k = up;
	}
	c->heap[k].f = f;
	c->heap[k].id = id;
}

static struct coop_heap_item coop_pop(struct coop *c)
{
	struct coop_heap_item top = c->heap[0], last = c->heap[--c->nheap];
	size_t k = 0;

	for (;;) {
		size_t l = 2 * k + 1, best = k;
		const struct coop_heap_item *b = &last;

		if (l < c->nheap && coop_before(&c->heap[l], b)) {
			best = l;
			b = &c->heap[l];
		}
		if (l + 1 < c->nheap && coop_before(&c->heap[l + 1], b))
			best = l + 1;
		if (best == k)
			break;
		c->heap[k] = c->heap[best];
		k = best;
	}
	if (c->nheap)
		c->heap[k] = last;
	return top;
}

/* ---- the search --------------------------------------------------------- */

/* What one search needs to know, beyond the planner's arrays. */
struct coop_query {
	const struct world *w;
	const struct grid *grid;
	struct path_params p;
	int me;
	int kind;
	int ox, oy; /* the square's corner */
	int sx, sy; /* where the mover stands */
	uint32_t now;
	int ex, ey;    /* the end of the ordinary path */
	int gx, gy;    /* where it goes: the end, or the player next to it */
	int goal_near; /* ...a cell it stops next to (the player's) */
	int bx, by;    /* a cell its first step may not go back to, or -1 */
	uint8_t acts[COOP_WINDOW]; /* whether it acts in turn now + dt */
};

/* The octile (or, for a 4-way kind, Manhattan) distance under q's step
 * costs: never more than a walk between the cells costs. */
static uint32_t coop_octile(const struct coop_query *q, int ax, int ay, int bx,
                            int by)
{
	uint32_t dx = (uint32_t)abs(ax - bx), dy = (uint32_t)abs(ay - by);
	uint32_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;

	if (q->p.diagonal == PATH_DIAG_NEVER)
		return (dx + dy) * q->p.straight_cost;
	if (q->p.diagonal_cost >= 2 * q->p.straight_cost)
		return (dx + dy) * q->p.straight_cost;
	return hi * q->p.straight_cost +
	       lo * (q->p.diagonal_cost - q->p.straight_cost);
}

/* Whether a monster standing at (x, y) has arrived: at the end of its
 * path, or next to it when that is a cell it stops short of. */
static int coop_done(const struct coop *c, const struct coop_query *q, int x,
                     int y)
{
	if (c->nahead == 0 || c->ahead[c->nahead - 1].x != q->ex ||
	    c->ahead[c->nahead - 1].y != q->ey)
		return 0; /* the path's end is beyond the horizon */
	if (x == q->gx && y == q->gy)
		return !q->goal_near;
	return q->goal_near && chebyshev(x, y, q->gx, q->gy) <= 1 &&
	       world_corner_ok(q->w, q->kind, x, y, q->gx - x, q->gy - y);
}

/* A value beyond any walk the window can see, with room to add to it. */
#define COOP_FAR (UINT32_MAX / 4)

static uint32_t coop_h(const struct coop *c, const struct coop_query *q, int x,
                       int y)
{
	size_t lc = (size_t)(y - q->oy) * COOP_SIDE + (size_t)(x - q->ox);

	return c->hseen[lc] == c->stamp ? c->h[lc] : COOP_FAR;
}

/* Sets h(c) = c's value as a source if it is cheaper. */
static void coop_h_source(struct coop *c, const struct coop_query *q, int x,
                          int y, uint32_t v)
{
	size_t lc;

	if (x < q->ox || y < q->oy || x >= q->ox + COOP_SIDE ||
	    y >= q->oy + COOP_SIDE)
		return;
	lc = (size_t)(y - q->oy) * COOP_SIDE + (size_t)(x - q->ox);
	if (c->hseen[lc] == c->stamp && c->h[lc] <= v)
		return;
	c->hseen[lc] = c->stamp;
	c->h[lc] = v;
	coop_push(c, v, (uint32_t)lc);
}

/* The heuristic over the square round the mover: the cheapest walk,
 * ignoring other monsters, from each cell to a cell of the ordinary path
 * ahead plus the path's cost on from there (or to a cell where the
 * monster has arrived).  A Dijkstra over the square from those cells:
 * walls count, which an octile distance to the path would not (a
 * corridor doubling back behind a wall looks close), and it is a
 * shortest-walk distance, so the search stays consistent. */
static void coop_h_build(struct coop *c, const struct coop_query *q)
{
	static const int dx8[8] = {0, 1, 0, -1, 1, 1, -1, -1};
	static const int dy8[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
	size_t k;
	int x, y;
	uint32_t limit = COOP_FAR;

	c->nheap = 0;
	for (k = 0; k < c->nahead; k++)
		if (grid_cost(q->grid, c->ahead[k].x, c->ahead[k].y))
			coop_h_source(c, q, c->ahead[k].x, c->ahead[k].y,
			              c->rem[k]);
	if (c->nahead && c->ahead[c->nahead - 1].x == q->ex &&
	    c->ahead[c->nahead - 1].y == q->ey)
		for (y = q->gy - 1; y <= q->gy + 1; y++)
			for (x = q->gx - 1; x <= q->gx + 1; x++)
				if (grid_cost(q->grid, x, y) &&
				    coop_done(c, q, x, y))
					coop_h_source(c, q, x, y, 0);
	while (c->nheap) {
		struct coop_heap_item it = coop_pop(c);
		int bx = q->ox + (int)(it.id % COOP_SIDE),
		    by = q->oy + (int)(it.id / COOP_SIDE), d;

		if (it.f != c->h[it.id])
			continue; /* a stale entry */
		c->hsettled++;
		/* No plan ends where its heuristic exceeds waiting out the
		 * whole window where the mover stands: enough is settled. */
		if (it.f > limit)
			break;
		if (bx == q->sx && by == q->sy)
			limit = it.f + (COOP_WINDOW + 1) * q->p.straight_cost;
		for (d = 0; d < 8; d++) {
			int ax = bx + dx8[d], ay = by + dy8[d];
			uint32_t cost;

			if (ax < q->ox || ay < q->oy ||
			    ax >= q->ox + COOP_SIDE || ay >= q->oy + COOP_SIDE)
				continue;
			cost = path_step_cost(q->grid, &q->p, ax, ay, bx, by);
			if (cost)
				coop_h_source(c, q, ax, ay, it.f + cost);
		}
	}
}

/* Whether the monster of q may stand on (x, y) at turn now + dt, having
 * come from (fx, fy) at now + dt - 1, as far as everyone else goes. */
static int coop_cell_free(const struct coop *c, const struct coop_query *q,
                          int fx, int fy, int x, int y, int dt)
{
	const struct world *w = q->w;
	uint32_t t = q->now + (uint32_t)dt;
	int occ, o;

	if (x == w->px && y == w->py)
		return 0;
	occ = (int)w->occ[world_idx(w, x, y)] - 1;
	if (occ >= 0 && occ != q->me) {
		/* Where it stands now: still there at the end of this
		 * turn (the ones that acted already have moved, the others
		 * move after this monster). */
		if (dt == 1)
			return 0;
		/* Holding no reservations ahead, it stays a wall. */
		if (!c->plan[occ].len ||
		    c->plan[occ].turn + c->plan[occ].len <= q->now + 1)
			return 0;
	}
	if (!reserve_step_ok(c->res, q->me, fx, fy, x, y, t - 1))
		return 0;
	if (fx == x && fy == y)
		return 1;
	/* A holder acting later in the turn is still there when this one
	 * would step in. */
	o = reserve_owner(c->res, x, y, t - 1);
	return o < 0 || o == q->me || o < q->me;
}

/* Whether (x, y) is a narrow place, one whose taking cuts its
 * neighbours in two (a corridor, a doorway): a monster waiting there
 * holds up everyone behind, so waiting there costs COOP_CHOKE_WAIT turns'
 * worth, and a plan that has to wait does it in a pocket or a room when
 * one is at hand. */
static int coop_choke(const struct grid *grid, int x, int y)
{
	static const int rx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
	static const int ry[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
	int d, runs = 0, prev = grid_cost(grid, x + rx[7], y + ry[7]) != 0;

	for (d = 0; d < 8; d++) {
		int open = grid_cost(grid, x + rx[d], y + ry[d]) != 0;

		runs += open && !prev;
		prev = open;
	}
	return runs >= 2;
}

static uint32_t coop_id(int dt, size_t lc)
{
	return (uint32_t)dt * COOP_AREA + (uint32_t)lc;
}

/* The search itself, from (sx, sy) at turn now: the state it ends on
 * (a state of turn now + COOP_WINDOW when it got that far, otherwise
 * the latest and cheapest it reached), and the expansions in *expanded. */
static uint32_t coop_search(struct coop *c, const struct coop_query *q, int sx,
                            int sy, uint32_t *expanded)
{
	static const int dx8[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
	static const int dy8[9] = {0, -1, 0, 1, 0, -1, 1, 1, -1};
	size_t slc = (size_t)(sy - q->oy) * COOP_SIDE + (size_t)(sx - q->ox);
	uint32_t start = coop_id(0, slc), best = start, best_f = UINT32_MAX;
	int best_dt = -1;
	uint32_t n = 0;

	c->nheap = 0;
	c->seen[start] = c->stamp;
	c->g[start] = 0;
	c->closed[start] = 0;
	c->parent[start] = (uint16_t)slc;
	coop_push(c, coop_h(c, q, sx, sy), start);
	while (c->nheap && n < COOP_NODES) {
		struct coop_heap_item it = coop_pop(c);
		uint32_t id = it.id, g;
		int dt = (int)(id / COOP_AREA), lc = (int)(id % COOP_AREA);
		int x = q->ox + lc % COOP_SIDE, y = q->oy + lc / COOP_SIDE, d;

		if (c->closed[id])
			continue;
		c->closed[id] = 1;
		n++;
		if (dt > best_dt || (dt == best_dt && it.f < best_f)) {
			best = id;
			best_dt = dt;
			best_f = it.f;
		}
		if (dt == COOP_WINDOW)
			break;
		g = c->g[id];
		/* 0 waits; 1..8 step, when the monster acts this turn. */
		for (d = 0; d < (q->acts[dt] ? 9 : 1); d++) {
			int nx = x + dx8[d], ny = y + dy8[d];
			uint32_t cost, ng, nid;
			size_t nlc;

			if (d == 0) {
				cost = coop_done(c, q, x, y) ? 0
				       : coop_choke(q->grid, x, y)
				               ? COOP_CHOKE_WAIT *
				                         q->p.straight_cost
				               : q->p.straight_cost;
			} else {
				cost = path_step_cost(q->grid, &q->p, x, y, nx,
				                      ny);
				if (!cost)
					continue;
				/* Straight back where it came from: dancing
				 * to and fro in a corridor holds it as surely
				 * as waiting there, and must not be cheaper. */
				if (dt > 0 &&
				    c->parent[id] ==
				            (uint16_t)((ny - q->oy) *
				                               COOP_SIDE +
				                       (nx - q->ox)))
					cost += 2 * COOP_CHOKE_WAIT *
					        q->p.straight_cost;
			}
			if (dt == 0 && nx == q->bx && ny == q->by)
				continue;
			if (!coop_cell_free(c, q, x, y, nx, ny, dt + 1))
				continue;
			nlc = (size_t)(ny - q->oy) * COOP_SIDE +
			      (size_t)(nx - q->ox);
			nid = coop_id(dt + 1, nlc);
			ng = g + cost;
			if (c->seen[nid] == c->stamp &&
			    (c->closed[nid] || c->g[nid] <= ng))
				continue;
			c->seen[nid] = c->stamp;
			c->g[nid] = ng;
			c->closed[nid] = 0;
			c->parent[nid] = (uint16_t)lc;
			if (c->nheap < c->heapcap)
				coop_push(c, ng + coop_h(c, q, nx, ny), nid);
		}
	}
	*expanded = n;
	return best;
}

/* The ordinary path's next cells, as the heuristic measures from them:
 * the cost of walking on from each to the last of them. */
static void coop_ahead(struct coop *c, const struct coop_query *q,
                       const struct mind *mi)
{
	size_t k, end = mi->pos + COOP_HORIZON + 1;

	if (end > mi->len)
		end = mi->len;
	c->nahead = end > mi->pos ? end - mi->pos : 0;
	for (k = 0; k < c->nahead; k++)
		c->ahead[k] = mi->path[mi->pos + k];
	if (!c->nahead)
		return;
	c->rem[c->nahead - 1] = 0;
	for (k = c->nahead - 1; k-- > 0;) {
		uint32_t s = path_step_cost(q->grid, &q->p, c->ahead[k].x,
		                            c->ahead[k].y, c->ahead[k + 1].x,
		                            c->ahead[k + 1].y);

		/* A step the grid no longer allows (the goal cell opened
		 * for the search, a door shut since) counts as a step. */
		c->rem[k] =
		        c->rem[k + 1] +
		        (s ? s
		           : coop_octile(q, c->ahead[k].x, c->ahead[k].y,
		                         c->ahead[k + 1].x, c->ahead[k + 1].y));
	}
}

/* Which of the next turns the monster acts in, from its energy now (its
 * action now already paid for). */
static void coop_turns(const struct world *w, size_t i, uint8_t *acts)
{
	const struct world_monster *m = &w->monsters[i];
	int speed = w->data->monsters[m->kind].speed, e = m->energy, dt;

	acts[0] = 1;
	e %= WORLD_TURN_ENERGY; /* its other actions this turn */
	for (dt = 1; dt < COOP_WINDOW; dt++) {
		e += speed;
		acts[dt] = e >= WORLD_TURN_ENERGY;
		e %= WORLD_TURN_ENERGY;
	}
}

/* Whether monster i may not step back now to the cell it left last,
 * (*bx, *by): under the automatic strategy a plan keeps the ordinary
 * way's rule (decide.c), never straight back while the goal stands
 * still, for that is how oscillation starts; the coop strategy's plans
 * may, to make way. */
static int coop_no_back(const struct minds *md, const struct world *w, size_t i,
                        int *bx, int *by)
{
	const struct world_monster *m = &w->monsters[i];
	const struct mind *mi = &md->mind[i];

	*bx = *by = -1;
	if (md->opt.strategy != MIND_STRATEGY_AUTO || m->prev_x < 0 ||
	    m->prev_turn + 1 < w->turn || mi->goal_turn > m->prev_turn)
		return 0;
	*bx = m->prev_x;
	*by = m->prev_y;
	return 1;
}

/* Plans monster i's next COOP_WINDOW turns and reserves them.  Returns
 * 0, or -1 when there is nothing to plan with. */
static int coop_plan_now(struct minds *md, struct coop *c,
                         const struct world *w, size_t i, struct kind_state *ks)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];
	struct coop_plan *pl = &c->plan[i];
	struct coop_query q;
	const struct path_point *end = &mi->path[mi->len - 1];
	uint32_t best, expanded, id;
	int dt, last;
	size_t gi;
	uint8_t gold;

	q.w = w;
	q.grid = &ks->grid;
	kind_params(w, m->kind, &q.p);
	q.me = (int)i;
	q.kind = m->kind;
	q.sx = m->x;
	q.sy = m->y;
	q.ox = m->x - COOP_WINDOW;
	q.oy = m->y - COOP_WINDOW;
	q.now = w->turn;
	q.ex = q.gx = end->x;
	q.ey = q.gy = end->y;
	q.goal_near = (end->x == w->px && end->y == w->py) ||
	              !ks->cost[w->terrain[world_idx(w, end->x, end->y)]];
	/* A path that stops next to the player (one cut short by its
	 * budget) leads to the player all the same: any cell next to it
	 * will do, not only the one the path ends on, which another may
	 * hold while it fights (a zombie's greedy search stops there for
	 * good).  Under the automatic strategy, whose jams are the ones
	 * found so; the coop strategy plans as it was measured. */
	if (md->opt.strategy == MIND_STRATEGY_AUTO && !q.goal_near &&
	    mi->mode == MIND_CHASE &&
	    chebyshev(end->x, end->y, w->px, w->py) <= 1) {
		q.gx = w->px;
		q.gy = w->py;
		q.goal_near = 1;
	}
	coop_turns(w, i, q.acts);
	coop_no_back(md, w, i, &q.bx, &q.by);
	reserve_release(c->res, (int)i);
	pl->len = 0;
	if (++c->stamp == 0) {
		memset(c->seen, 0, COOP_STATES * sizeof(*c->seen));
		memset(c->hseen, 0, COOP_AREA * sizeof(*c->hseen));
		c->stamp = 1;
	}
	/* The goal cell is opened for a search that ends on it (as the
	 * ordinary search does), but coop_cell_free keeps the player's cell
	 * closed: a chaser's plan ends next to it. */
	gi = grid_index(&ks->grid, end->x, end->y);
	gold = ks->grid.cost[gi];
	if (!gold)
		ks->grid.cost[gi] = 1;
	coop_ahead(c, &q, mi);
	c->hsettled = 0;
	coop_h_build(c, &q);
	best = coop_search(c, &q, m->x, m->y, &expanded);
	ks->grid.cost[gi] = gold;
	md->stats.coop_plans++;
	md->stats.expanded += expanded;
	if (md->opt.strategy == MIND_STRATEGY_AUTO)
		c->spent += expanded + c->hsettled;
	else
		md->work->tick_left -= expanded < md->work->tick_left
		                               ? expanded
		                               : md->work->tick_left;
	/* Read the plan back from its last state. */
	last = (int)(best / COOP_AREA);
	for (id = best, dt = last;; dt--) {
		size_t lc = id % COOP_AREA;

		pl->cells[dt].x = q.ox + (int)(lc % COOP_SIDE);
		pl->cells[dt].y = q.oy + (int)(lc / COOP_SIDE);
		if (dt == 0)
			break;
		id = coop_id(dt - 1, c->parent[id]);
	}
	pl->turn = w->turn;
	pl->len = 1;
	/* Reserve it, then the turns after its end standing still, as far
	 * as they are free. */
	for (dt = 1; dt <= COOP_WINDOW; dt++) {
		struct path_point *a = &pl->cells[dt - 1], *b = &pl->cells[dt];

		if (dt > last) {
			*b = *a;
			if (!coop_cell_free(c, &q, a->x, a->y, b->x, b->y, dt))
				break;
		}
		if (reserve_claim(c->res, b->x, b->y, w->turn + (uint32_t)dt,
		                  (int)i) != 0)
			break;
		pl->len = (uint8_t)(dt + 1);
	}
	return 0;
}

/* Whether monster i is in a crowd now: another monster near it, on or
 * next to its next path cells, or a reservation of another on them. */
static int coop_crowded(const struct minds *md, const struct world *w, size_t i)
{
	const struct world_monster *m = &w->monsters[i];
	const struct mind *mi = &md->mind[i];
	const struct coop *c = md->work->coop;
	int x, y;
	size_t k;

	for (y = m->y - COOP_NEAR; y <= m->y + COOP_NEAR; y++)
		for (x = m->x - COOP_NEAR; x <= m->x + COOP_NEAR; x++)
			if (world_in(w, x, y) && w->occ[world_idx(w, x, y)] &&
			    (size_t)w->occ[world_idx(w, x, y)] != i + 1)
				return 1;
	for (k = mi->pos + 1; k < mi->len && k <= mi->pos + COOP_AHEAD; k++) {
		const struct path_point *a = &mi->path[k];
		int o;

		for (y = a->y - 1; y <= a->y + 1; y++)
			for (x = a->x - 1; x <= a->x + 1; x++)
				if (world_in(w, x, y) &&
				    w->occ[world_idx(w, x, y)] &&
				    (size_t)w->occ[world_idx(w, x, y)] != i + 1)
					return 1;
		if (!c)
			continue;
		o = reserve_owner(c->res, a->x, a->y,
		                  w->turn + (uint32_t)(k - mi->pos));
		if (o >= 0 && o != (int)i)
			return 1;
	}
	return 0;
}

/* Whether monster j, in another's way, means to move on: it has a step
 * of its kept path ahead, and is not fighting the player. */
static int coop_moving_on(const struct minds *md, const struct world *w, int j)
{
	const struct world_monster *o = &w->monsters[j];
	const struct mind *mj = &md->mind[j];

	if (mj->mode == MIND_CHASE && chebyshev(o->x, o->y, w->px, w->py) <= 1)
		return 0;
	return mj->len && mj->pos + 1 < mj->len &&
	       mj->path[mj->pos].x == o->x && mj->path[mj->pos].y == o->y;
}

/* Whether mi hunts the player and every cell next to it that the kind
 * may enter is taken: then a monster held up behind the others is in a
 * queue that no plan and no way round shortens. */
static int coop_ring_full(const struct world *w, const struct kind_state *ks,
                          const struct mind *mi)
{
	int dx, dy;

	if (mi->mode != MIND_CHASE || mi->goal_x != w->px ||
	    mi->goal_y != w->py)
		return 0;
	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++) {
			int x = w->px + dx, y = w->py + dy;

			if ((dx || dy) && world_in(w, x, y) &&
			    grid_cost(&ks->grid, x, y) &&
			    !w->occ[world_idx(w, x, y)])
				return 0;
		}
	return 1;
}

/* Whether monster i is in a jam now (COOP_JAM_RECENT above). */
static int coop_jammed(const struct minds *md, const struct world *w, size_t i,
                       const struct kind_state *ks)
{
	const struct world_monster *m = &w->monsters[i];
	const struct mind *mi = &md->mind[i];
	const struct path_point *next;
	int j;

	if (!mi->held_turn || w->turn + 1 - mi->held_turn >= COOP_JAM_RECENT)
		return 0;
	/* Held up on the last step, by one standing on its goal: only a
	 * trade of places (the ordinary way's) gets it there. */
	if (mi->pos + 2 >= mi->len)
		return 0;
	next = &mi->path[mi->pos + 1];
	j = world_monster_at(w, next->x, next->y);
	if (j < 0 || (size_t)j == i)
		return 0;
	if (mi->held_streak >= COOP_JAM_STUCK)
		return !coop_ring_full(w, ks, mi);
	return coop_moving_on(md, w, j) &&
	       (coop_choke(&ks->grid, m->x, m->y) ||
	        coop_choke(&ks->grid, next->x, next->y));
}

/* Whether monster i plans cooperatively now; *jam is set when it is in a
 * jam now (the automatic strategy's reason). */
static int coop_wanted(struct minds *md, const struct world *w, size_t i,
                       const struct kind_state *ks, int *jam)
{
	const struct coop *c = md->work->coop;
	const struct coop_plan *pl = c && i < c->n ? &c->plan[i] : NULL;

	*jam = 0;
	if (md->opt.strategy == MIND_STRATEGY_COOP) {
		/* Every crowd, and a while after. */
		if (coop_crowded(md, w, i))
			return 1;
		return pl && pl->crowd_seen &&
		       w->turn - pl->crowd_turn < COOP_LINGER;
	}
	/* The automatic strategy: a jam's monsters only, a few turns. */
	if (md->opt.strategy != MIND_STRATEGY_AUTO || md->opt.no_jam_coop)
		return 0;
	if (coop_jammed(md, w, i, ks)) {
		*jam = 1;
		return 1;
	}
	return pl && pl->jam_turn &&
	       w->turn + 1 - pl->jam_turn < COOP_JAM_LINGER &&
	       coop_crowded(md, w, i);
}

/* Whether the next cell of the monster's ordinary path holds a monster
 * without a cooperative plan. */
static int coop_parked_ahead(const struct coop *c, const struct world *w,
                             const struct mind *mi)
{
	int j;

	if (mi->pos + 1 >= mi->len)
		return 0;
	j = world_monster_at(w, mi->path[mi->pos + 1].x,
	                     mi->path[mi->pos + 1].y);
	return j >= 0 && (size_t)j < c->n && !c->plan[j].len;
}

/* Whether monster m stands where its plan put it for this turn, with a
 * step of the plan still ahead. */
static int coop_on_track(const struct coop_plan *pl, const struct world *w,
                         const struct world_monster *m)
{
	uint32_t dt = w->turn - pl->turn;

	return pl->len && dt + 1 < pl->len && pl->cells[dt].x == m->x &&
	       pl->cells[dt].y == m->y;
}

/* The nodes the jams of this tick may still spend (COOP_JAM_SHARE). */
static uint32_t coop_jam_left(const struct minds *md, const struct coop *c)
{
	uint32_t cap = md->work->tick_budget / COOP_JAM_SHARE;

	return c->spent < cap ? cap - c->spent : 0;
}

/* The nodes monster i's jam may be worked on with now, 0 for none:
 * what the tick's jams have left of their share, or a share's worth for
 * one kept waiting COOP_JAM_STARVE turns, once a tick. */
static uint32_t coop_jam_serve(const struct minds *md, struct coop *c,
                               const struct world *w, size_t i)
{
	struct coop_plan *pl = &c->plan[i];
	uint32_t left = coop_jam_left(md, c);

	if (!left && c->favoured == (long)i) {
		c->favoured = -1;
		left = md->work->tick_budget / COOP_JAM_SHARE;
	}
	if (left)
		pl->served = w->turn + 1;
	return left;
}

/* Whether a cooperative plan may be made now: under the automatic
 * strategy while its jam may be worked on, otherwise while the planning
 * budget lasts. */
static int coop_may_plan(const struct minds *md, struct coop *c,
                         const struct world *w, size_t i)
{
	if (md->opt.strategy == MIND_STRATEGY_AUTO)
		return coop_jam_serve(md, c, w, i) > 0;
	return md->work->tick_left > 0;
}

/* Whether a plan that is on track (or none) is made again now: when
 * there is none, when less than half the window is left, and, for a
 * monster the plan holds still, on its first two turns of waiting and
 * every fourth after (the reservations round it change, but a crowd
 * that waits should not search every turn to learn it still must). */
static int coop_plan_again(const struct coop_plan *pl)
{
	if (pl->len < COOP_WINDOW / 2 + 1)
		return 1;
	if (pl->cells[1].x != pl->cells[0].x ||
	    pl->cells[1].y != pl->cells[0].y)
		return 0;
	return pl->waited < 2 || pl->waited % 4 == 0;
}

/* A fast monster's extra action in a turn it has moved by its plan
 * already: the plan's next step, taken a turn early, when it is a step
 * and nobody else's plan has that cell at the start or the end of this
 * turn (and nobody stands there): so it keeps its extra moves as the
 * ordinary way would, and never passes through another's reservation.
 * Its plan is then a turn behind it, and made again at its next turn.
 * Returns 1 with the cell in (*nx, *ny), 0 to wait. */
static int coop_early(const struct coop *c, const struct world *w, size_t i,
                      int *nx, int *ny)
{
	const struct coop_plan *pl = &c->plan[i];
	const struct world_monster *m = &w->monsters[i];
	const struct path_point *a, *b;
	uint32_t k = w->turn + 1 - pl->turn;
	int o;

	if (pl->turn > w->turn || k + 1 >= pl->len)
		return 0;
	a = &pl->cells[k];
	b = &pl->cells[k + 1];
	if (a->x != m->x || a->y != m->y || (b->x == a->x && b->y == a->y) ||
	    (b->x == m->prev_x && b->y == m->prev_y))
		return 0;
	if (w->occ[world_idx(w, b->x, b->y)] ||
	    (b->x == w->px && b->y == w->py))
		return 0;
	o = reserve_owner(c->res, b->x, b->y, w->turn);
	if (o >= 0 && (size_t)o != i)
		return 0;
	o = reserve_owner(c->res, b->x, b->y, w->turn + 1);
	if (o >= 0 && (size_t)o != i)
		return 0;
	*nx = b->x;
	*ny = b->y;
	return 1;
}

/* Monsters within this many cells of one searching round a fight, and
 * not moving on, are walls to that search. */
#define COOP_ROUND_NEAR 2

/* A monster of a jam (or, under --strategy coop, of a crowd) held up a
 * while by one that plans with nobody (fighting, or parked as near its goal as
 * it gets) searches again with the cells of those near it that will not move on
 * (that one, the others of the fight) walls, and takes the way found, however
 * long, when its first step is free: the ordinary detour takes a long way round
 * only after waiting a while, and a plan's window cannot see a long one, so
 * a crowd queued behind a fight in a corridor would wait there for good.
 * Otherwise the old path stays. */
static void coop_round_parked(struct minds *md, struct coop *c,
                              const struct world *w, struct event_log *log,
                              size_t i, struct kind_state *ks)
{
	enum { SIDE = 2 * COOP_ROUND_NEAR + 1 };
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];
	struct path_point *keep = mi->path;
	size_t klen = mi->len, kpos = mi->pos, kcap = mi->cap, k, nwall = 0;
	size_t wall[SIDE * SIDE];
	uint8_t old[SIDE * SIDE];
	uint32_t before = md->work->tick_left;
	int ok, x, y;

	/* Under the automatic strategy the jams' share says when
	 * (COOP_JAM_SHARE); the search runs on the tick's budget, as a
	 * detour does, and counts in the share. */
	if (!md->work->tick_left || (md->opt.strategy == MIND_STRATEGY_AUTO &&
	                             !coop_jam_serve(md, c, w, i)))
		return;
	for (y = m->y - COOP_ROUND_NEAR; y <= m->y + COOP_ROUND_NEAR; y++)
		for (x = m->x - COOP_ROUND_NEAR; x <= m->x + COOP_ROUND_NEAR;
		     x++) {
			int j = world_in(w, x, y) ? world_monster_at(w, x, y)
			                          : -1;
			size_t gi;

			if (j < 0 || (size_t)j == i || coop_moving_on(md, w, j))
				continue;
			gi = grid_index(&ks->grid, x, y);
			wall[nwall] = gi;
			old[nwall++] = ks->grid.cost[gi];
			ks->grid.cost[gi] = 0;
		}
	ks->grid.serial++;
	mi->path = NULL;
	mi->len = mi->cap = mi->pos = 0;
	ok = plan_search(md, w, log, i, ks, REPLAN_BLOCKED) == 0;
	c->spent += before - md->work->tick_left;
	ok = ok && mi->len > 1 && !mi->unreachable &&
	     !w->occ[world_idx(w, mi->path[1].x, mi->path[1].y)] &&
	     (mi->path[1].x != w->px || mi->path[1].y != w->py);
	for (k = nwall; k-- > 0;)
		ks->grid.cost[wall[k]] = old[k];
	ks->grid.serial++;
	if (ok) {
		free(keep);
		return;
	}
	free(mi->path);
	mi->path = keep;
	mi->len = klen;
	mi->pos = kpos;
	mi->cap = kcap;
}

int coop_next(struct minds *md, const struct world *w, struct event_log *log,
              size_t i, struct kind_state *ks, int *nx, int *ny)
{
	const struct world_monster *m = &w->monsters[i];
	struct mind *mi = &md->mind[i];
	struct coop *c;
	struct coop_plan *pl;
	int crowd, jam;

	if (!coop_wanted(md, w, i, ks, &jam))
		return -1;
	c = coop_get(md, w);
	if (!c || i >= c->n)
		return -1;
	reserve_roll(c->res, w->turn);
	pl = &c->plan[i];
	pl->touched = 1;
	if (jam)
		pl->jam_turn = w->turn + 1;
	crowd = coop_crowded(md, w, i);
	if (crowd || !pl->crowd_seen) {
		pl->crowd_turn = w->turn;
		pl->crowd_seen = 1;
	}
	if (pl->acted_turn == w->turn + 1)
		/* Acted this turn already: the rest is waiting, but for a
		 * fast monster in a jam under the automatic strategy. */
		return md->opt.strategy == MIND_STRATEGY_AUTO &&
		       coop_early(c, w, i, nx, ny);
	pl->acted_turn = w->turn + 1;
	/* Held up a while by a monster that plans with nobody (parked as
	 * near its goal as it gets, or fighting), waiting or dancing round
	 * it: the ordinary way this turn, which trades places with one that
	 * is willing, or looks for a way round. */
	pl->behind =
	        coop_parked_ahead(c, w, mi)
	                ? (uint8_t)(pl->behind < 255 ? pl->behind + 1 : 255)
	                : 0;
	if (pl->behind > COOP_PATIENCE) {
		reserve_release(c->res, (int)i);
		pl->len = 0;
		pl->behind = 0;
		coop_round_parked(md, c, w, log, i, ks);
		return -1;
	}
	if (coop_on_track(pl, w, m)) {
		/* Where the plan said it would be: the plan, from now. */
		uint32_t dt = w->turn - pl->turn;

		int bx, by;

		memmove(pl->cells, pl->cells + dt,
		        (pl->len - dt) * sizeof(*pl->cells));
		pl->len = (uint8_t)(pl->len - dt);
		pl->turn = w->turn;
		/* A plan that goes back where it just came from is made
		 * again, without that step. */
		if (coop_no_back(md, w, i, &bx, &by) && pl->cells[1].x == bx &&
		    pl->cells[1].y == by)
			pl->len = 0;
	} else {
		pl->len = 0;
	}
	if (coop_plan_again(pl) && coop_may_plan(md, c, w, i)) {
		coop_plan_now(md, c, w, i, ks);
	} else if (pl->len < 2) {
		/* Out of budget and off its plan: the ordinary way. */
		reserve_release(c->res, (int)i);
		pl->len = 0;
		return -1;
	}
	if (pl->len < 2 || (pl->cells[1].x == m->x && pl->cells[1].y == m->y)) {
		int done = pl->len >= 1 &&
		           chebyshev(m->x, m->y, w->px, w->py) <= 1;

		if (!done) {
			md->stats.waits++;
			event_emit(log, w->turn, WEV_WAITING, (int)i, -2, m->x,
			           m->y, 0);
			/* Held up by another on its way: still in the jam. */
			if (world_monster_at(w, mi->path[mi->pos + 1].x,
			                     mi->path[mi->pos + 1].y) >= 0) {
				mi->held_turn = w->turn + 1;
				if (mi->held_streak < UINT16_MAX)
					mi->held_streak++;
			}
		}
		/* Held still too long: perhaps the ordinary path, which
		 * prices the crowd, finds another way. */
		if (!done &&
		    ++pl->waited >=
		            COOP_PATIENCE
		                    << (pl->refused < 4 ? pl->refused : 4) &&
		    md->work->tick_left > 0) {
			size_t oldlen = mi->len;
			struct path_point oldnext =
			        mi->pos + 1 < mi->len ? mi->path[mi->pos + 1]
			                              : mi->path[mi->pos];

			pl->waited = 0;
			if (plan_search(md, w, log, i, ks, REPLAN_BLOCKED) ==
			            0 &&
			    mi->len > 1 &&
			    (mi->len != oldlen || mi->path[1].x != oldnext.x ||
			     mi->path[1].y != oldnext.y))
				pl->refused = 0;
			else
				pl->refused++;
		}
		return 0;
	}
	pl->waited = 0;
	*nx = pl->cells[1].x;
	*ny = pl->cells[1].y;
	return 1;
}

void coop_begin(struct minds *md, size_t i)
{
	struct coop *c = md->work->coop;

	if (c && i < c->n)
		c->plan[i].touched = 0;
}

void coop_end(struct minds *md, size_t i)
{
	struct coop *c = md->work->coop;

	/* A monster that did not act by a plan holds no reservations: a
	 * wall where it stands, to the others. */
	if (c && i < c->n && !c->plan[i].touched && c->plan[i].len) {
		reserve_release(c->res, (int)i);
		c->plan[i].len = 0;
	}
}

void coop_tick(struct minds *md, const struct world *w)
{
	struct coop *c = md->work->coop;
	size_t i;

	if (!c)
		return;
	c->spent = 0;
	c->favoured = -1;
	reserve_roll(c->res, w->turn);
	for (i = 0; i < c->n && i < w->nmonsters; i++) {
		struct coop_plan *pl = &c->plan[i];

		if (pl->len && !w->monsters[i].alive) {
			reserve_release(c->res, (int)i);
			c->plan[i].len = 0;
		}
		pl->had = pl->len != 0;
		/* In a jam lately, and not worked on the longest. */
		if (w->monsters[i].alive && pl->jam_turn &&
		    w->turn + 1 - pl->jam_turn < COOP_JAM_LINGER &&
		    w->turn + 1 - pl->served >= COOP_JAM_STARVE &&
		    (c->favoured < 0 ||
		     pl->served < c->plan[c->favoured].served))
			c->favoured = (long)i;
	}
}

int coop_holds(const struct minds *md, const struct world *w, size_t j)
{
	const struct coop *c = md->work->coop;

	const struct coop_plan *pl;

	if (md->opt.strategy != MIND_STRATEGY_AUTO || !c || j >= c->n)
		return 0;
	/* A plan now, or at the start of the tick (dropped since, at the
	 * end of a jam). */
	pl = &c->plan[j];
	(void)w;
	return pl->len || pl->had;
}

size_t coop_plan_cells(const struct minds *md, size_t i, uint32_t *turn,
                       struct path_point *buf, size_t cap)
{
	const struct coop *c = md->work->coop;
	const struct coop_plan *pl;
	size_t k;

	if (!c || i >= c->n)
		return 0;
	pl = &c->plan[i];
	*turn = pl->turn;
	for (k = 0; k < pl->len && k < cap; k++)
		buf[k] = pl->cells[k];
	return pl->len;
}

const struct reserve *coop_reserve(const struct minds *md)
{
	return md->work->coop ? md->work->coop->res : NULL;
}
