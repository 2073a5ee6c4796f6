/* SPDX-License-Identifier: MIT */
/* gen_rooms.c - rooms and corridors for `hunted --generate WxH`.
 *
 * A binary space partition cuts the map into leaves, one room per leaf.
 * Every cut leaves a line of wall between its two parts that only the
 * corridors joining those two parts cross, and each corridor crosses it at
 * one cell.  The root's cut is crossed by a single corridor, so that one
 * cell separates the two halves of the map: the locked gate goes there,
 * the player and the key on one side, the stairs on the other.  Below the
 * root some parts get a second corridor, which makes loops.  Doors go
 * where a corridor enters a room through a gap in its wall; terrain
 * patches only in the core of a room (see gen.c). */
#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "gen_state_impl.h"

/* Leaves of the partition: parts smaller than twice the minimum (plus the
 * wall between) are not cut, parts larger than the maximum always are. */
#define LEAF_MIN_W    6
#define LEAF_MIN_H    5
#define LEAF_MAX_W    24
#define LEAF_MAX_H    12
#define LEAF_STOP_PCT 50 /* a part of leaf size stays whole */
#define ROOM_MIN      3  /* floor cells across a room, walls excluded */
#define LOOP_PCT      40 /* a part below the root gets a second corridor */
#define PATCH_PCT     55 /* a room with a core gets a terrain patch */
#define DOORWAY_PCT   10 /* a door place is left as a bare gap */
#define DOOR_OPEN_PCT 20 /* ... or gets an open door (the rest: closed) */

/* Rooms per spring (when the data has springs). */
#define SPRING_ROOMS 4

/* The odds of a room's patch (gen_patch_cell). */
static const uint32_t room_odds[4] = {25, 40, 60, 72};

/* ---- rooms and the partition ------------------------------------------ */

/* A room of random size and place inside the leaf (x0, y0)-(x1, y1). */
static int gen_room(struct gen *g, int x0, int y0, int x1, int y1)
{
	int lw = x1 - x0 + 1, lh = y1 - y0 + 1, rw, rh, x, y;
	struct gen_room *r;

	if (g->nrooms == g->roomcap) {
		size_t cap = g->roomcap ? 2 * g->roomcap : 64;

		r = realloc(g->rooms, cap * sizeof(*r));
		if (!r)
			return -1;
		g->rooms = r;
		g->roomcap = cap;
	}
	rw = rng_range(&g->rng, gen_min(lw, gen_max(ROOM_MIN, lw / 3)), lw);
	rh = rng_range(&g->rng, gen_min(lh, gen_max(ROOM_MIN, lh / 3)), lh);
	r = &g->rooms[g->nrooms++];
	r->x0 = x0 + rng_range(&g->rng, 0, lw - rw);
	r->y0 = y0 + rng_range(&g->rng, 0, lh - rh);
	r->x1 = r->x0 + rw - 1;
	r->y1 = r->y0 + rh - 1;
	for (y = r->y0; y <= r->y1; y++) {
		for (x = r->x0; x <= r->x1; x++) {
			gen_set(g, x, y, GT_FLOOR);
			g->mark[gen_idx(g, x, y)] |= MARK_ROOM;
		}
	}
	return 0;
}

/* A cut is vertical (a column of wall at x = s) or horizontal (a row at
 * y = s).  Corridors are written in the cut's own axes: "across" runs over
 * the line (x for a vertical cut), "along" runs beside it. */
static void gen_room_axes(const struct gen_room *r, int vertical, int *c0,
                          int *c1, int *a0, int *a1)
{
	*c0 = vertical ? r->x0 : r->y0;
	*c1 = vertical ? r->x1 : r->y1;
	*a0 = vertical ? r->y0 : r->x0;
	*a1 = vertical ? r->y1 : r->x1;
}

static void gen_carve(struct gen *g, int vertical, int c, int a)
{
	if (vertical)
		gen_set(g, c, a, GT_FLOOR);
	else
		gen_set(g, a, c, GT_FLOOR);
}

static void gen_carve_across(struct gen *g, int vertical, int c0, int c1, int a)
{
	int c;

	for (c = gen_min(c0, c1); c <= gen_max(c0, c1); c++)
		gen_carve(g, vertical, c, a);
}

static void gen_carve_along(struct gen *g, int vertical, int c, int a0, int a1)
{
	int a;

	for (a = gen_min(a0, a1); a <= gen_max(a0, a1); a++)
		gen_carve(g, vertical, c, a);
}

/* The room of rooms[r0, r1) nearest to the point (s, t) of the cut line,
 * in steps; the first such room on ties. */
static size_t gen_nearest(const struct gen *g, int vertical, size_t r0,
                          size_t r1, int s, int t)
{
	size_t i, best = r0;
	long bestd = -1;

	for (i = r0; i < r1; i++) {
		int c0, c1, a0, a1;
		long dc, da;

		gen_room_axes(&g->rooms[i], vertical, &c0, &c1, &a0, &a1);
		dc = s < c0 ? c0 - s : s - c1;
		da = t < a0 ? a0 - t : t > a1 ? t - a1 : 0;
		if (bestd < 0 || dc + da < bestd) {
			bestd = dc + da;
			best = i;
		}
	}
	return best;
}

/* Joins a room of rooms[r0, r1) (before the line s) to one of rooms[r1, r2)
 * (after it) with a corridor that crosses the line once, near a random
 * point between lo and hi along it.  The corridor is straight or has one
 * jog, which is never on the line itself.  Returns where along the line
 * it crosses. */
static int gen_connect(struct gen *g, int vertical, int s, int lo, int hi,
                       size_t r0, size_t r1, size_t r2)
{
	int t = rng_range(&g->rng, lo, hi);
	size_t ia = gen_nearest(g, vertical, r0, r1, s, t);
	size_t ib = gen_nearest(g, vertical, r1, r2, s, t);
	int ac0, ac1, aa0, aa1, bc0, bc1, ba0, ba1, aa, ba, c;

	gen_room_axes(&g->rooms[ia], vertical, &ac0, &ac1, &aa0, &aa1);
	gen_room_axes(&g->rooms[ib], vertical, &bc0, &bc1, &ba0, &ba1);
	aa = gen_clamp(t, aa0, aa1);
	ba = gen_clamp(t, ba0, ba1);
	if (aa == ba) {
		gen_carve_across(g, vertical, ac1, bc0, aa);
		return aa;
	}
	/* ac1 < s < bc0, so there are at least two places for the jog. */
	c = rng_range(&g->rng, ac1, bc0 - 1);
	if (c >= s)
		c++;
	gen_carve_across(g, vertical, ac1, c, aa);
	gen_carve_along(g, vertical, c, aa, ba);
	gen_carve_across(g, vertical, c, bc0, ba);
	return c < s ? ba : aa;
}

/* Partitions (x0, y0)-(x1, y1), puts a room in every leaf and joins the
 * two parts of every cut.  The root is always cut when it can be. */
static int gen_bsp(struct gen *g, int x0, int y0, int x1, int y1, int root)
{
	int w = x1 - x0 + 1, h = y1 - y0 + 1;
	int can_v = w >= 2 * LEAF_MIN_W + 1, can_h = h >= 2 * LEAF_MIN_H + 1;
	int vertical, n, min, lo, hi, s, cross;
	size_t first = g->nrooms, mid;

	if (!can_v && !can_h)
		return gen_room(g, x0, y0, x1, y1);
	if (!root && w <= LEAF_MAX_W && h <= LEAF_MAX_H &&
	    rng_percent(&g->rng, LEAF_STOP_PCT))
		return gen_room(g, x0, y0, x1, y1);
	if (can_v && can_h) {
		/* Cut the side that is longer for its maximum. */
		long rw = (long)w * LEAF_MAX_H, rh = (long)h * LEAF_MAX_W;

		vertical = rw != rh ? rw > rh : rng_percent(&g->rng, 50);
	} else {
		vertical = can_v;
	}
	n = vertical ? w : h;
	min = vertical ? LEAF_MIN_W : LEAF_MIN_H;
	lo = gen_max(min, n * 3 / 10);
	hi = gen_min(n - 1 - min, n * 7 / 10);
	if (lo > hi) {
		lo = min;
		hi = n - 1 - min;
	}
	s = (vertical ? x0 : y0) + rng_range(&g->rng, lo, hi);
	if (vertical) {
		if (gen_bsp(g, x0, y0, s - 1, y1, 0) != 0)
			return -1;
		mid = g->nrooms;
		if (gen_bsp(g, s + 1, y0, x1, y1, 0) != 0)
			return -1;
		lo = y0;
		hi = y1;
	} else {
		if (gen_bsp(g, x0, y0, x1, s - 1, 0) != 0)
			return -1;
		mid = g->nrooms;
		if (gen_bsp(g, x0, s + 1, x1, y1, 0) != 0)
			return -1;
		lo = x0;
		hi = x1;
	}
	cross = gen_connect(g, vertical, s, lo, hi, first, mid, g->nrooms);
	if (root) {
		g->split = mid;
		g->gate_x = vertical ? s : cross;
		g->gate_y = vertical ? cross : s;
	} else if (rng_percent(&g->rng, LOOP_PCT)) {
		gen_connect(g, vertical, s, lo, hi, first, mid, g->nrooms);
	}
	return 0;
}

/* ---- doors and terrain ------------------------------------------------- */

/* A door where a corridor enters a room: a cell outside the room with wall
 * on two opposite sides and open ground on the other two, one of them the
 * room's. */
static void gen_doors(struct gen *g)
{
	const uint8_t wall = (uint8_t)g->t[GT_WALL];
	const size_t w = (size_t)g->w;
	int x, y;

	for (y = 1; y < g->h - 1; y++) {
		for (x = 1; x < g->w - 1; x++) {
			size_t i = gen_idx(g, x, y);
			int n, s, e, west, room;
			uint32_t r;

			if (g->cells[i] != g->t[GT_FLOOR] ||
			    (g->mark[i] & (MARK_ROOM | MARK_DOOR)))
				continue;
			n = g->cells[i - w] != wall;
			s = g->cells[i + w] != wall;
			e = g->cells[i + 1] != wall;
			west = g->cells[i - 1] != wall;
			if (n && s && !e && !west)
				room = (g->mark[i - w] | g->mark[i + w]) &
				       MARK_ROOM;
			else if (!n && !s && e && west)
				room = (g->mark[i - 1] | g->mark[i + 1]) &
				       MARK_ROOM;
			else
				continue;
			if (!room || ((g->mark[i - w] | g->mark[i + w] |
			               g->mark[i - 1] | g->mark[i + 1]) &
			              MARK_DOOR))
				continue;
			r = rng_below(&g->rng, 100);
			if (r < DOORWAY_PCT)
				continue;
			gen_set(g, x, y,
			        r < DOORWAY_PCT + DOOR_OPEN_PCT
			                ? GT_DOOR_OPEN
			                : GT_DOOR_CLOSED);
			g->mark[i] |= MARK_DOOR;
		}
	}
}

/* One blob of terrain in the core of room r. */
static void gen_patch(struct gen *g, const struct gen_room *r)
{
	int cx0 = r->x0 + 1, cx1 = r->x1 - 1, cy0 = r->y0 + 1, cy1 = r->y1 - 1;
	int rx = rng_range(&g->rng, 1, (cx1 - cx0 + 2) / 2);
	int ry = rng_range(&g->rng, 1, (cy1 - cy0 + 2) / 2);
	int mx = rng_range(&g->rng, cx0, cx1),
	    my = rng_range(&g->rng, cy0, cy1);
	uint32_t kind = rng_below(&g->rng, 100);
	int x, y;

	for (y = cy0; y <= cy1; y++) {
		for (x = cx0; x <= cx1; x++) {
			int dx = x - mx, dy = y - my;

			if (!gen_in_ellipse(dx, dy, rx, ry))
				continue;
			gen_set(g, x, y,
			        gen_patch_cell(g, room_odds, kind, x, y, dx, dy,
			                       rx, ry));
		}
	}
}

static void gen_patches(struct gen *g)
{
	size_t i;

	for (i = 0; i < g->nrooms; i++) {
		const struct gen_room *r = &g->rooms[i];

		if (r->x1 - r->x0 + 1 < ROOM_MIN + 2 ||
		    r->y1 - r->y0 + 1 < ROOM_MIN + 2)
			continue;
		if (rng_percent(&g->rng, PATCH_PCT))
			gen_patch(g, r);
	}
}

/* ---- placing things ---------------------------------------------------- */

/* A random floor cell of room r with nothing on it: its index, or -1. */
static long gen_free_floor(struct gen *g, const struct gen_room *r)
{
	uint32_t count = 0, k = 0;
	int x, y, pass;

	for (pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			if (count == 0)
				return -1;
			k = rng_below(&g->rng, count);
		}
		for (y = r->y0; y <= r->y1; y++) {
			for (x = r->x0; x <= r->x1; x++) {
				size_t i = gen_idx(g, x, y);

				if (g->cells[i] != g->t[GT_FLOOR] ||
				    (g->mark[i] & MARK_TAKEN))
					continue;
				if (pass == 0)
					count++;
				else if (k-- == 0)
					return (long)i;
			}
		}
	}
	return -1;
}

/* Steps from the player to the nearest cell of room r, or NO_DIST. */
static uint32_t gen_room_dist(const struct gen *g, const struct gen_room *r)
{
	uint32_t best = NO_DIST;
	int x, y;

	for (y = r->y0; y <= r->y1; y++)
		for (x = r->x0; x <= r->x1; x++)
			if (g->dist[gen_idx(g, x, y)] < best)
				best = g->dist[gen_idx(g, x, y)];
	return best;
}

/* Springs, when the data has them (a terrain named "spring"): one in a
 * random room for every SPRING_ROOMS rooms, never the exit's room. */
static void gen_springs(struct gen *g, size_t exit_room)
{
	int spring = data_terrain_find(g->d, "spring");
	size_t n, k;

	if (spring < 0 || g->nrooms < 2)
		return;
	n = (g->nrooms + SPRING_ROOMS - 1) / SPRING_ROOMS;
	for (k = 0; k < n; k++) {
		size_t r = rng_below(&g->rng, (uint32_t)g->nrooms);
		long c;

		if (r == exit_room)
			continue;
		c = gen_free_floor(g, &g->rooms[r]);
		if (c < 0)
			continue;
		g->cells[c] = (uint8_t)spring;
		g->mark[c] |= MARK_TAKEN;
	}
}

/* The player in a random room of one side of the gate, the stairs in the
 * farthest room of the other side, the key in a far room of the player's
 * side.  Returns 0, or -1 when something found no room (not expected). */
static int gen_place_all(struct gen *g)
{
	const struct data *d = g->d;
	size_t s0 = 0, s1 = g->nrooms, o0 = 0, o1 = g->nrooms, pr, er, i;
	uint8_t pass[256];
	uint32_t best;
	long c;

	if (g->gate_x >= 0) {
		if (rng_percent(&g->rng, 50)) {
			s1 = g->split;
			o0 = g->split;
		} else {
			s0 = g->split;
			o1 = g->split;
		}
	}
	pr = s0 + rng_below(&g->rng, (uint32_t)(s1 - s0));
	c = gen_free_floor(g, &g->rooms[pr]);
	if (c < 0)
		return -1;
	g->px = (int)(c % g->w);
	g->py = (int)(c / g->w);
	gen_place(g, DATA_PLACE_PLAYER, -1, g->px, g->py);

	for (i = 0; i < d->nterrain; i++)
		pass[i] = data_terrain_cost(d, NULL, 1, (int)i) != 0;
	gen_bfs(g, pass);
	er = SIZE_MAX;
	best = 0;
	for (i = o0; i < o1; i++) {
		uint32_t rd;

		if (i == pr && o1 - o0 > 1)
			continue;
		rd = gen_room_dist(g, &g->rooms[i]);
		if (rd != NO_DIST && (er == SIZE_MAX || rd > best)) {
			er = i;
			best = rd;
		}
	}
	if (er == SIZE_MAX)
		return -1;
	c = gen_free_floor(g, &g->rooms[er]);
	if (c < 0)
		return -1;
	g->cells[c] = (uint8_t)g->t[GT_STAIRS];
	gen_place(g, DATA_PLACE_EXIT, -1, (int)(c % g->w), (int)(c / g->w));

	if (g->gate_x >= 0) {
		/* The farthest of a few rooms, so that fetching the key is a
		 * walk but not always the same one. */
		size_t kr = pr, tries;

		best = 0;
		for (tries = 0; s1 - s0 > 1 && tries < 3; tries++) {
			size_t r = s0 + rng_below(&g->rng, (uint32_t)(s1 - s0));
			uint32_t rd = gen_room_dist(g, &g->rooms[r]);

			if (r != pr && rd != NO_DIST && rd >= best) {
				kr = r;
				best = rd;
			}
		}
		c = gen_free_floor(g, &g->rooms[kr]);
		if (c < 0)
			return -1;
		gen_place(g, DATA_PLACE_KEY, g->key, (int)(c % g->w),
		          (int)(c / g->w));
	}
	gen_springs(g, er);
	return 0;
}

/* One dungeon from the current RNG state (gen_state_impl.h). */
int gen_rooms_attempt(struct gen *g)
{
	size_t cells = (size_t)g->w * (size_t)g->h;

	memset(g->cells, g->t[GT_WALL], cells);
	memset(g->mark, 0, cells);
	g->nrooms = 0;
	g->nplaces = 0;
	g->split = 0;
	g->gate_x = g->gate_y = -1;
	if (gen_bsp(g, 1, 1, g->w - 2, g->h - 2, 1) != 0)
		return -1;
	if (g->gate_x >= 0) {
		gen_set(g, g->gate_x, g->gate_y, GT_GATE);
		g->mark[gen_idx(g, g->gate_x, g->gate_y)] |= MARK_DOOR;
	}
	gen_doors(g);
	gen_patches(g);
	if (gen_place_all(g) != 0)
		return 0;
	return gen_exit_reachable(g);
}
