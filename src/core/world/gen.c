/* gen.c - the seeded dungeon generator behind `hunted --generate WxH`.
 *
 * A binary space partition cuts the map into leaves, one room per leaf.
 * Every cut leaves a line of wall between its two parts that only the
 * corridors joining those two parts cross, and each corridor crosses it at
 * one cell.  The root's cut is crossed by a single corridor, so that one
 * cell separates the two halves of the map: the locked gate goes there,
 * the player and the key on one side, the stairs on the other.  Below the
 * root some parts get a second corridor, which makes loops.
 *
 * Doors go where a corridor enters a room through a gap in its wall.
 * Terrain patches go only in the core of a room, one cell in from its
 * walls, so the ring of floor along the walls keeps every door of the room
 * connected whatever the patch is (and trees never touch, so they cannot
 * wall in a cell of grass).  A breadth-first search then checks
 * that the player can pick up the key and reach the stairs; the dungeon is
 * remade from a derived seed if not (which the construction should never
 * need). */
#include "gen.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/path/flood.h"

/* The file name diagnostics and the map's src give. */
#define GEN_FILE "<generated>"

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
#define TREE_PCT      15 /* a grass cell grows a tree */
/* Monsters start at least MONSTER_NEAR cells from the player, and at least
 * MONSTER_GAP while there is room, on terrain they cross at a multiplier
 * of at most MONSTER_COST_MAX (no goblin waiting in lava). */
#define MONSTER_NEAR     2
#define MONSTER_GAP      6
#define MONSTER_COST_MAX 4
#define GEN_TRIES        8 /* seeds tried before giving up */

#define NO_DIST UINT32_MAX

enum gen_terrain {
	GT_FLOOR,
	GT_WALL,
	GT_STAIRS,
	GT_DOOR_OPEN,
	GT_DOOR_CLOSED,
	GT_GATE,
	GT_MUD,
	GT_SHALLOW,
	GT_DEEP,
	GT_LAVA,
	GT_GRASS,
	GT_TREE,
	GT_COUNT
};

static const char *const gen_terrain_names[GT_COUNT] = {
        "floor",       "wall",        "stairs", "door_open",
        "door_closed", "gate_locked", "mud",    "shallow_water",
        "deep_water",  "lava",        "grass",  "tree",
};

/* Rooms per spring (when the data has springs). */
#define SPRING_ROOMS 4

/* What a cell holds besides its terrain. */
enum {
	MARK_ROOM = 1,  /* inside a room's walls */
	MARK_DOOR = 2,  /* a door or the gate: no other door beside it */
	MARK_TAKEN = 4, /* something is placed on it */
};

struct gen_room {
	int x0, y0, x1, y1; /* its floor, walls excluded, inclusive */
};

struct gen {
	struct data *d;
	struct rng rng;
	int w, h;
	int t[GT_COUNT]; /* terrain indices */
	int key;         /* the key kind that opens the gate */
	uint8_t *cells;  /* terrain, row major */
	uint8_t *mark;   /* MARK_* */
	uint32_t *dist;  /* BFS steps from the player */
	uint32_t *queue;
	struct grid pass; /* where a flood from the player may go */
	struct gen_room *rooms;
	size_t nrooms, roomcap;
	size_t split;       /* rooms [0, split) lie before the root's cut */
	int gate_x, gate_y; /* -1 when the map was not cut */
	struct data_place *places;
	size_t nplaces;
	int px, py;
	int cave;          /* a cave (gen_cave), not rooms and corridors */
	size_t cave_cells; /* ... of so many floor cells */
};

static size_t gen_idx(const struct gen *g, int x, int y)
{
	return (size_t)y * (size_t)g->w + (size_t)x;
}

static void gen_set(struct gen *g, int x, int y, int gt)
{
	g->cells[gen_idx(g, x, y)] = (uint8_t)g->t[gt];
}

static int gen_min(int a, int b)
{
	return a < b ? a : b;
}

static int gen_max(int a, int b)
{
	return a > b ? a : b;
}

static int gen_clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

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

/* Is (dx, dy) inside the ellipse of radii rx, ry (a line when one is 0)? */
static int gen_in_ellipse(int dx, int dy, int rx, int ry)
{
	long long a, b, r;

	if (rx == 0)
		return dx == 0 && dy >= -ry && dy <= ry;
	if (ry == 0)
		return dy == 0 && dx >= -rx && dx <= rx;
	a = (long long)dx * dx * ry * ry;
	b = (long long)dy * dy * rx * rx;
	r = (long long)rx * rx * ry * ry;
	return a + b <= r;
}

/* Is there a tree among the neighbours of (x, y) already written (above
 * and to the left)?  Trees that never touch, even corner to corner,
 * cannot wall in a cell of grass. */
static int gen_tree_near(const struct gen *g, int x, int y)
{
	const uint8_t tree = (uint8_t)g->t[GT_TREE];

	return g->cells[gen_idx(g, x - 1, y - 1)] == tree ||
	       g->cells[gen_idx(g, x, y - 1)] == tree ||
	       g->cells[gen_idx(g, x + 1, y - 1)] == tree ||
	       g->cells[gen_idx(g, x - 1, y)] == tree;
}

/* What a patch of the given kind (0-99) puts on its cell (x, y), (dx, dy)
 * from its middle in an ellipse of radii rx, ry: below odds[0] mud,
 * below odds[1] shallow water, below odds[2] a pool (deep inside
 * shallow), below odds[3] lava, else grass with a tree now and then. */
static int gen_patch_cell(struct gen *g, const uint32_t odds[4], uint32_t kind,
                          int x, int y, int dx, int dy, int rx, int ry)
{
	if (kind < odds[0])
		return GT_MUD;
	if (kind < odds[1])
		return GT_SHALLOW;
	if (kind < odds[2])
		return gen_in_ellipse(dx, dy, rx - 1, ry - 1) ? GT_DEEP
		                                              : GT_SHALLOW;
	if (kind < odds[3])
		return GT_LAVA;
	if (rng_percent(&g->rng, TREE_PCT) && !gen_tree_near(g, x, y))
		return GT_TREE;
	return GT_GRASS;
}

/* The patches of rooms, and (more mud and pools) of caves. */
static const uint32_t room_odds[4] = {25, 40, 60, 72};
static const uint32_t cave_odds[4] = {30, 45, 70, 78};

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

/* ---- reachability ------------------------------------------------------ */

/* Breadth-first steps from the player, four ways, over the terrain pass[]
 * allows; 4-way reachable is reachable under every diagonal rule.
 * Returns the number of cells reached. */
static size_t gen_bfs(struct gen *g, const uint8_t *pass)
{
	const size_t n = (size_t)g->w * (size_t)g->h;
	size_t i;

	for (i = 0; i < n; i++)
		g->pass.cost[grid_index(&g->pass, (int)(i % (size_t)g->w),
		                        (int)(i / (size_t)g->w))] =
		        pass[g->cells[i]] != 0;
	memset(g->dist, 0xff, n * sizeof(*g->dist));
	return flood_steps(&g->pass, PATH_DIAG_NEVER, g->px, g->py, g->dist,
	                   g->queue);
}

/* Can the player, starting with no key and picking up every key it comes
 * across, reach an exit? */
static int gen_exit_reachable(struct gen *g)
{
	const struct data *d = g->d;
	uint8_t pass[256], held[DATA_KEY_MAX] = {0};
	size_t i, t;
	int more = 1;

	while (more) {
		more = 0;
		for (t = 0; t < d->nterrain; t++) {
			const struct data_terrain *tt = &d->terrain[t];

			if (tt->door == DATA_DOOR_LOCKED)
				pass[t] = tt->unlocked_by >= 0 &&
				          held[tt->unlocked_by] &&
				          data_terrain_cost(d, NULL, 1, (int)t);
			else
				pass[t] = data_terrain_cost(d, NULL, 0,
				                            (int)t) != 0;
		}
		gen_bfs(g, pass);
		for (i = 0; i < g->nplaces; i++) {
			const struct data_place *p = &g->places[i];

			if (p->kind == DATA_PLACE_KEY && !held[p->what] &&
			    g->dist[gen_idx(g, p->x, p->y)] != NO_DIST) {
				held[p->what] = 1;
				more = 1;
			}
		}
	}
	for (i = 0; i < g->nplaces; i++) {
		const struct data_place *p = &g->places[i];

		if (p->kind == DATA_PLACE_EXIT &&
		    g->dist[gen_idx(g, p->x, p->y)] != NO_DIST)
			return 1;
	}
	return 0;
}

/* ---- placing things ---------------------------------------------------- */

static void gen_place(struct gen *g, int kind, int what, int x, int y)
{
	struct data_place *p = &g->places[g->nplaces++];

	p->kind = (uint8_t)kind;
	p->what = what;
	p->x = x;
	p->y = y;
	g->mark[gen_idx(g, x, y)] |= MARK_TAKEN;
}

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

/* One dungeon from the current RNG state.  Returns 1 when it is playable,
 * 0 when it is not, -1 when out of memory. */
static int gen_attempt(struct gen *g)
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

/* ---- caves ------------------------------------------------------------ */

/* A cave is grown by a cellular automaton: every cell inside the border
 * starts as rock with CAVE_ROCK_PCT percent chance, then CAVE_ROUNDS
 * times every cell becomes rock when CAVE_ROCK_MIN or more of the nine
 * cells of its 3x3 square (itself included) are rock, and floor
 * otherwise.  Noise settles into rounded caverns joined by winding
 * passages.  The caverns are then made one cave (gen_cave_join), which
 * must hold CAVE_MIN_PCT percent of the inside. */
#define CAVE_ROCK_PCT 45
#define CAVE_ROUNDS   5
#define CAVE_ROCK_MIN 5
#define CAVE_MIN_PCT  25
#define CAVE_JOIN_MIN 6
/* One terrain patch for every CAVE_PATCH_CELLS floor cells, and one
 * spring (when the data has springs) for every CAVE_SPRING_CELLS. */
#define CAVE_PATCH_CELLS  600
#define CAVE_SPRING_CELLS 2500
/* Random cells tried when looking for a free floor cell. */
#define CAVE_TRIES 10000

/* One round of the automaton, through scratch (w * h bytes). */
static void gen_cave_round(struct gen *g, uint8_t *scratch)
{
	const uint8_t rock = (uint8_t)g->t[GT_WALL];
	const uint8_t floor = (uint8_t)g->t[GT_FLOOR];
	int x, y, dx, dy;

	memcpy(scratch, g->cells, (size_t)g->w * (size_t)g->h);
	for (y = 1; y < g->h - 1; y++) {
		for (x = 1; x < g->w - 1; x++) {
			int n = 0;

			for (dy = -1; dy <= 1; dy++)
				for (dx = -1; dx <= 1; dx++)
					n += g->cells[gen_idx(g, x + dx,
					                      y + dy)] == rock;
			scratch[gen_idx(g, x, y)] =
			        n >= CAVE_ROCK_MIN ? rock : floor;
		}
	}
	memcpy(g->cells, scratch, (size_t)g->w * (size_t)g->h);
}

/* Labels the 4-connected caverns (flood_components): dist[] gets each
 * floor cell's cavern, 1 up in the row-major order of their first cells
 * (0 for rock), and size[] (indexed by label) its cells.  Returns the
 * largest's label (the first of the largest), or 0 when out of memory or
 * there is none. */
static uint32_t gen_cave_label(struct gen *g, uint32_t *size)
{
	const size_t n = (size_t)g->w * (size_t)g->h;
	const uint8_t rock = (uint8_t)g->t[GT_WALL];
	uint32_t count = 0, l, best = 0;
	size_t i;

	for (i = 0; i < n; i++)
		g->pass.cost[grid_index(&g->pass, (int)(i % (size_t)g->w),
		                        (int)(i / (size_t)g->w))] =
		        g->cells[i] != rock;
	if (flood_components(&g->pass, PATH_DIAG_NEVER, g->dist, &count) != 0) {
		memset(g->dist, 0, n * sizeof(*g->dist));
		return 0;
	}
	memset(size, 0, ((size_t)count + 1) * sizeof(*size));
	for (i = 0; i < n; i++)
		size[g->dist[i]]++;
	for (l = 1; l <= count; l++)
		if (size[l] > size[best] || !best)
			best = l;
	return best;
}

/* Makes the cave one: caverns of fewer than CAVE_JOIN_MIN cells are
 * filled in, and every other one is joined to the largest by a tunnel
 * dug along the shortest way through the rock (a breadth-first search
 * from the largest cavern, four ways, each cell remembering the step
 * back).  g->cave_cells gets the cells of the cave.  Returns 0, or -1
 * when out of memory. */
static int gen_cave_join(struct gen *g)
{
	const size_t n = (size_t)g->w * (size_t)g->h;
	const uint8_t rock = (uint8_t)g->t[GT_WALL];
	const uint8_t floor = (uint8_t)g->t[GT_FLOOR];
	static const int dx4[4] = {0, 1, 0, -1}, dy4[4] = {-1, 0, 1, 0};
	uint32_t *size = malloc((n + 1) * sizeof(*size)), main_at;
	size_t i, head = 0, tail = 0, cells = 0;

	if (!size)
		return -1;
	main_at = gen_cave_label(g, size);
	for (i = 0; i < n; i++)
		if (g->dist[i] && size[g->dist[i]] < CAVE_JOIN_MIN) {
			g->cells[i] = rock;
			g->dist[i] = 0;
		}
	/* mark[]: 0 unseen, else 1 + the direction of the step back
	 * towards the largest cavern (5 for its own cells). */
	memset(g->mark, 0, n);
	for (i = 0; i < n; i++)
		if (main_at && g->dist[i] == main_at) {
			g->mark[i] = 5;
			g->queue[tail++] = (uint32_t)i;
		}
	while (head < tail) {
		const uint32_t c = g->queue[head++];
		const int x = (int)(c % (uint32_t)g->w);
		const int y = (int)(c / (uint32_t)g->w);
		int d;

		/* The first cell of a cavern the search meets is its nearest
		 * to the cave: dig back from it. */
		if (g->dist[c] && g->dist[c] != main_at && size[g->dist[c]]) {
			size_t k = c;

			size[g->dist[c]] = 0; /* joined */
			while (g->mark[k] != 5) {
				int back = g->mark[k] - 1;

				g->cells[k] = floor;
				g->dist[k] = main_at;
				k = gen_idx(
				        g, (int)(k % (size_t)g->w) + dx4[back],
				        (int)(k / (size_t)g->w) + dy4[back]);
			}
		}
		for (d = 0; d < 4; d++) {
			const int nx = x + dx4[d], ny = y + dy4[d];
			size_t k;

			/* The border stays rock. */
			if (nx < 1 || ny < 1 || nx > g->w - 2 || ny > g->h - 2)
				continue;
			k = gen_idx(g, nx, ny);
			if (g->mark[k])
				continue;
			g->mark[k] = (uint8_t)(1 + (d + 2) % 4);
			g->queue[tail++] = (uint32_t)k;
		}
	}
	memset(g->mark, 0, n);
	for (i = 0; i < n; i++)
		cells += g->cells[i] != rock;
	free(size);
	g->cave_cells = cells;
	return 0;
}

/* A random free floor cell of the cave: its index, or -1. */
static long gen_cave_free_floor(struct gen *g)
{
	int k;

	for (k = 0; k < CAVE_TRIES; k++) {
		size_t i = gen_idx(g, rng_range(&g->rng, 1, g->w - 2),
		                   rng_range(&g->rng, 1, g->h - 2));

		if (g->cells[i] == g->t[GT_FLOOR] && !(g->mark[i] & MARK_TAKEN))
			return (long)i;
	}
	return -1;
}

/* A blob of terrain round a random floor cell, on floor only: mud,
 * shallow water, a pool (deep inside shallow), lava, or grass with a few
 * trees, as in rooms. */
static void gen_cave_patch(struct gen *g)
{
	long c = gen_cave_free_floor(g);
	int rx = rng_range(&g->rng, 1, 6), ry = rng_range(&g->rng, 1, 4);
	uint32_t kind = rng_below(&g->rng, 100);
	int mx, my, x, y;

	if (c < 0)
		return;
	mx = (int)(c % g->w);
	my = (int)(c / g->w);
	for (y = gen_max(1, my - ry); y <= gen_min(g->h - 2, my + ry); y++) {
		for (x = gen_max(1, mx - rx); x <= gen_min(g->w - 2, mx + rx);
		     x++) {
			int dx = x - mx, dy = y - my;

			if (g->cells[gen_idx(g, x, y)] != g->t[GT_FLOOR] ||
			    !gen_in_ellipse(dx, dy, rx, ry))
				continue;
			gen_set(g, x, y,
			        gen_patch_cell(g, cave_odds, kind, x, y, dx, dy,
			                       rx, ry));
		}
	}
}

/* Opens every cell the player could stand on that the patches cut off
 * (a pool or a tree across a passage): while some such cell is not
 * reached from the player, the shortest way to it from what is, through
 * anything but rock, gets floor for its cells the player cannot cross.
 * Returns 0, or -1 when out of memory. */
static int gen_cave_open(struct gen *g, const uint8_t *pass)
{
	const size_t n = (size_t)g->w * (size_t)g->h;
	const uint8_t rock = (uint8_t)g->t[GT_WALL];
	static const int dx4[4] = {0, 1, 0, -1}, dy4[4] = {-1, 0, 1, 0};
	uint32_t *from = malloc(n * sizeof(*from));
	size_t i = 0;

	if (!from)
		return -1;
	gen_bfs(g, pass);
	for (;;) {
		size_t head = 0, tail = 0, at = SIZE_MAX;

		while (i < n && !(pass[g->cells[i]] && g->dist[i] == NO_DIST))
			i++;
		if (i == n)
			break;
		/* From the cut-off cell to the nearest reached one. */
		for (head = 0; head < n; head++)
			from[head] = UINT32_MAX;
		head = 0;
		from[i] = (uint32_t)i;
		g->queue[tail++] = (uint32_t)i;
		while (head < tail && at == SIZE_MAX) {
			const uint32_t c = g->queue[head++];
			int d;

			for (d = 0; d < 4; d++) {
				size_t k = gen_idx(
				        g, (int)(c % (uint32_t)g->w) + dx4[d],
				        (int)(c / (uint32_t)g->w) + dy4[d]);

				if (g->cells[k] == rock ||
				    from[k] != UINT32_MAX)
					continue;
				from[k] = c;
				if (g->dist[k] != NO_DIST) {
					at = k;
					break;
				}
				g->queue[tail++] = (uint32_t)k;
			}
		}
		if (at == SIZE_MAX)
			break; /* not expected: the cave is one */
		for (;; at = from[at]) {
			if (!pass[g->cells[at]])
				g->cells[at] = (uint8_t)g->t[GT_FLOOR];
			g->pass.cost[grid_index(&g->pass,
			                        (int)(at % (size_t)g->w),
			                        (int)(at / (size_t)g->w))] = 1;
			if (at == i)
				break;
		}
		/* What the way joined is reached now: marked so by a flood of
		 * its own, not a search of the whole map (the steps from the
		 * player come after). */
		flood_steps(&g->pass, PATH_DIAG_NEVER, (int)(i % (size_t)g->w),
		            (int)(i / (size_t)g->w), g->dist, g->queue);
	}
	free(from);
	gen_bfs(g, pass);
	return 0;
}

/* One cave from the current RNG state: the player on a random floor
 * cell, the stairs on the floor cell farthest from it.  Returns 1 when
 * it is playable, 0 when it is not, -1 when out of memory. */
static int gen_cave_attempt(struct gen *g)
{
	const size_t cells = (size_t)g->w * (size_t)g->h;
	const size_t inside = (size_t)(g->w - 2) * (size_t)(g->h - 2);
	int spring = data_terrain_find(g->d, "spring");
	uint8_t pass[256];
	size_t i, k, far = SIZE_MAX;
	int x, y;
	long c;

	g->nrooms = 0;
	g->nplaces = 0;
	g->split = 0;
	g->gate_x = g->gate_y = -1;
	memset(g->cells, g->t[GT_WALL], cells);
	for (y = 1; y < g->h - 1; y++)
		for (x = 1; x < g->w - 1; x++)
			if (!rng_percent(&g->rng, CAVE_ROCK_PCT))
				gen_set(g, x, y, GT_FLOOR);
	for (k = 0; k < CAVE_ROUNDS; k++)
		gen_cave_round(g, g->mark);
	if (gen_cave_join(g) != 0)
		return -1;
	if (g->cave_cells * 100 < inside * CAVE_MIN_PCT)
		return 0;
	for (k = 0; k < g->cave_cells / CAVE_PATCH_CELLS + 1; k++)
		gen_cave_patch(g);
	c = gen_cave_free_floor(g);
	if (c < 0)
		return 0;
	g->px = (int)(c % g->w);
	g->py = (int)(c / g->w);
	gen_place(g, DATA_PLACE_PLAYER, -1, g->px, g->py);
	for (i = 0; i < g->d->nterrain; i++)
		pass[i] = data_terrain_cost(g->d, NULL, 1, (int)i) != 0;
	if (gen_cave_open(g, pass) != 0)
		return -1;
	for (i = 0; i < cells; i++)
		if (g->cells[i] == g->t[GT_FLOOR] && g->dist[i] != NO_DIST &&
		    !(g->mark[i] & MARK_TAKEN) &&
		    (far == SIZE_MAX || g->dist[i] > g->dist[far]))
			far = i;
	if (far == SIZE_MAX)
		return 0;
	g->cells[far] = (uint8_t)g->t[GT_STAIRS];
	gen_place(g, DATA_PLACE_EXIT, -1, (int)(far % (size_t)g->w),
	          (int)(far / (size_t)g->w));
	for (k = 0; spring >= 0 && k < g->cave_cells / CAVE_SPRING_CELLS; k++) {
		c = gen_cave_free_floor(g);
		if (c < 0)
			break;
		g->cells[c] = (uint8_t)spring;
		g->mark[c] |= MARK_TAKEN;
	}
	return gen_exit_reachable(g);
}

/* nmonsters monsters on cells their kinds cross easily, far from the
 * player first.  Returns 0, -1 with an error in diags when there is not
 * room, -2 when out of memory. */
static int gen_monsters(struct gen *g, int nmonsters, struct diag_list *dl)
{
	const struct data *d = g->d;
	const size_t nk = d->nmonsters;
	size_t nok[256] = {0}, cells = (size_t)g->w * (size_t)g->h;
	size_t i, j, nfar = 0, n = 0, t;
	uint8_t *kinds, pass[256];
	int tier;

	if (nmonsters == 0)
		return 0;
	/* kinds[t * nk ...]: the kinds that may start on terrain t. */
	kinds = malloc(d->nterrain * nk);
	if (!kinds)
		return -2;
	for (t = 0; t < d->nterrain; t++) {
		if (d->terrain[t].door != DATA_DOOR_NONE)
			continue;
		for (i = 0; i < nk; i++) {
			uint8_t c = data_terrain_cost(d, &d->monsters[i], 0,
			                              (int)t);

			if (c && c <= MONSTER_COST_MAX)
				kinds[t * nk + nok[t]++] = (uint8_t)i;
		}
	}
	/* A monster starts where the player can go, or in what the player
	 * never enters (an eel in a pool), but not in the walls: never shut
	 * in where it could not get at the player. */
	for (t = 0; t < d->nterrain; t++)
		pass[t] = data_terrain_cost(d, NULL, 1, (int)t) != 0;
	gen_bfs(g, pass);
	/* queue: the far cells [0, nfar), then the near ones [nfar, n). */
	for (tier = 0; tier < 2; tier++) {
		if (tier == 1)
			nfar = n;
		for (i = 0; i < cells; i++) {
			int x = (int)(i % (size_t)g->w);
			int y = (int)(i / (size_t)g->w);
			int cheb = gen_max(abs(x - g->px), abs(y - g->py));

			if ((g->mark[i] & MARK_TAKEN) || !nok[g->cells[i]] ||
			    g->cells[i] == g->t[GT_WALL] ||
			    (g->dist[i] == NO_DIST && pass[g->cells[i]]) ||
			    cheb < MONSTER_NEAR ||
			    (tier == 0) != (cheb >= MONSTER_GAP))
				continue;
			g->queue[n++] = (uint32_t)i;
		}
	}
	if ((size_t)nmonsters > n) {
		diag_add(dl, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "too many monsters: %d asked, but this %dx%d dungeon "
		         "has room for %zu",
		         nmonsters, g->w, g->h, n);
		free(kinds);
		return -1;
	}
	for (i = 0; i < (size_t)nmonsters; i++) {
		size_t end = i < nfar ? nfar : n;
		uint32_t c;

		j = i + rng_below(&g->rng, (uint32_t)(end - i));
		c = g->queue[j];
		g->queue[j] = g->queue[i];
		g->queue[i] = c;
		t = g->cells[c];
		gen_place(g, DATA_PLACE_MONSTER,
		          kinds[t * nk + rng_below(&g->rng, (uint32_t)nok[t])],
		          (int)(c % (uint32_t)g->w), (int)(c / (uint32_t)g->w));
	}
	free(kinds);
	return 0;
}

/* ---- the dungeon ------------------------------------------------------- */

/* Places in row-major order, as data_load lists them. */
static int gen_place_cmp(const void *a, const void *b)
{
	const struct data_place *p = a, *q = b;

	if (p->y != q->y)
		return p->y < q->y ? -1 : 1;
	return p->x < q->x ? -1 : p->x > q->x;
}

/* Finds every terrain kind the generator uses.  Returns 0 or -1. */
static int gen_find_terrain(struct gen *g, struct diag_list *dl)
{
	const struct data *d = g->d;
	const struct data_terrain *gate;
	int i, missing = 0;

	for (i = 0; i < GT_COUNT; i++) {
		g->t[i] = data_terrain_find(d, gen_terrain_names[i]);
		if (g->t[i] < 0) {
			diag_add(dl, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
			         "generated dungeons need a terrain named '%s' "
			         "(load terrain.txt first)",
			         gen_terrain_names[i]);
			missing = 1;
		}
	}
	if (missing)
		return -1;
	/* The border must hold every search in, and the gate needs a key. */
	if (data_terrain_cost(d, NULL, 1, g->t[GT_WALL]) != 0) {
		diag_add(dl, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "generated dungeons need terrain 'wall' to be "
		         "impassable (walk no)");
		return -1;
	}
	gate = &d->terrain[g->t[GT_GATE]];
	if (gate->door != DATA_DOOR_LOCKED || gate->unlocked_by < 0) {
		diag_add(dl, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "generated dungeons need terrain 'gate_locked' to be "
		         "a locked door with a key (door locked, unlocked_by)");
		return -1;
	}
	g->key = gate->unlocked_by;
	return 0;
}

static char *gen_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);

	if (p)
		memcpy(p, s, n);
	return p;
}

/* Moves the generated cells and places into a new d->map. */
static int gen_commit(struct gen *g, uint64_t seed)
{
	struct data *d = g->d;
	struct data_map *m = calloc(1, sizeof(*m));
	size_t cells = (size_t)g->w * (size_t)g->h, i;
	char buf[256];

	if (!m)
		return -1;
	snprintf(m->name, sizeof(m->name), "generated");
	snprintf(buf, sizeof(buf), "Generated %s%dx%d, seed %" PRIu64,
	         g->cave ? "cave " : "", g->w, g->h, seed);
	m->title = gen_strdup(buf);
	if (g->cave) {
		snprintf(buf, sizeof(buf),
		         "A cave of %zu cells from seed %" PRIu64 ".  Take the "
		         "stairs down.",
		         g->cave_cells, seed);
	} else if (g->gate_x >= 0) {
		char key[DATA_NAME_MAX + 1], *p;

		/* "iron_key" reads "iron key" in a sentence. */
		snprintf(key, sizeof(key), "%s", d->keys[g->key].name);
		for (p = key; *p; p++)
			if (*p == '_')
				*p = ' ';
		snprintf(buf, sizeof(buf),
		         "%zu rooms from seed %" PRIu64 ".  Find the %s, "
		         "open the gate and take the stairs down.",
		         g->nrooms, seed, key);
	} else {
		snprintf(buf, sizeof(buf),
		         "%zu rooms from seed %" PRIu64 ".  Take the stairs "
		         "down.",
		         g->nrooms, seed);
	}
	m->description = gen_strdup(buf);
	m->glyphs = malloc(cells);
	m->src.file = data_file_name(d, GEN_FILE);
	if (!m->title || !m->description || !m->glyphs || !m->src.file) {
		free(m->title);
		free(m->description);
		free(m->glyphs);
		free(m);
		return -1;
	}
	for (i = 0; i < cells; i++)
		m->glyphs[i] = d->terrain[g->cells[i]].glyph;
	qsort(g->places, g->nplaces, sizeof(*g->places), gen_place_cmp);
	m->width = g->w;
	m->height = g->h;
	m->cells = g->cells;
	g->cells = NULL;
	m->first_row_line = 1;
	m->places = g->places;
	m->nplaces = g->nplaces;
	g->places = NULL;
	m->player_x = g->px;
	m->player_y = g->py;
	m->src.line = 1;
	m->src.col = 1;
	d->map = m;
	return 0;
}

/* With the player, the exit and the key, the monsters fit in a map file. */
_Static_assert(DATA_MONSTERS_MAX + 3 <= DATA_PLACE_MAX,
               "a generated dungeon has more things than a map may hold");

/* A dungeon (cave 0) or a cave (cave 1): see gen_dungeon and gen_cave. */
static int gen_make(struct data *d, int width, int height, uint64_t seed,
                    int nmonsters, int cave, struct diag_list *diags)
{
	struct gen g;
	size_t cells;
	int try, ok = 0, rc = -1;

	memset(&g, 0, sizeof(g));
	g.d = d;
	g.cave = cave;
	if (width < GEN_MIN_W || height < GEN_MIN_H || width > GEN_MAX_DIM ||
	    height > GEN_MAX_DIM) {
		diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "cannot generate a %dx%d dungeon: the size must be "
		         "%dx%d to %dx%d",
		         width, height, GEN_MIN_W, GEN_MIN_H, GEN_MAX_DIM,
		         GEN_MAX_DIM);
		return -1;
	}
	if (nmonsters < 0 || nmonsters > DATA_MONSTERS_MAX) {
		diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "cannot place %d monsters: the count must be 0 to %d",
		         nmonsters, DATA_MONSTERS_MAX);
		return -1;
	}
	if (d->map) {
		diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "a dungeon is already loaded ('%s')", d->map->name);
		return -1;
	}
	if (gen_find_terrain(&g, diags) != 0)
		return -1;
	if (nmonsters > 0 && d->nmonsters == 0) {
		diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "no monster kinds to place (load monsters.txt first)");
		return -1;
	}
	g.w = width;
	g.h = height;
	cells = (size_t)width * (size_t)height;
	g.cells = malloc(cells);
	g.mark = malloc(cells);
	g.dist = malloc(cells * sizeof(*g.dist));
	g.queue = malloc(cells * sizeof(*g.queue));
	/* calloc: the padding of every place is zero, so a dungeon is the
	 * same bytes every time. */
	g.places = calloc((size_t)nmonsters + 3, sizeof(*g.places));
	if (!g.cells || !g.mark || !g.dist || !g.queue || !g.places ||
	    grid_init(&g.pass, width, height) != GRID_OK)
		goto nomem;
	for (try = 0; try < GEN_TRIES && !ok; try++) {
		rng_seed(&g.rng, seed + (uint64_t)try * 0x9e3779b97f4a7c15u);
		ok = cave ? gen_cave_attempt(&g) : gen_attempt(&g);
		if (ok < 0)
			goto nomem;
	}
	if (!ok) {
		diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
		         "could not generate a %dx%d %s whose exit the "
		         "player can reach (are floor and doors walkable in "
		         "terrain.txt?)",
		         width, height, cave ? "cave" : "dungeon");
		goto out;
	}
	switch (gen_monsters(&g, nmonsters, diags)) {
	case -1:
		goto out;
	case -2:
		goto nomem;
	}
	if (gen_commit(&g, seed) != 0)
		goto nomem;
	rc = 0;
	goto out;
nomem:
	diag_add(diags, DIAG_ERROR, GEN_FILE, 1, 1, NULL, 0, NULL,
	         "out of memory generating a %dx%d %s", width, height,
	         cave ? "cave" : "dungeon");
out:
	free(g.cells);
	free(g.mark);
	free(g.dist);
	free(g.queue);
	grid_fini(&g.pass);
	free(g.rooms);
	free(g.places);
	return rc;
}

int gen_dungeon(struct data *d, int width, int height, uint64_t seed,
                int nmonsters, struct diag_list *diags)
{
	return gen_make(d, width, height, seed, nmonsters, 0, diags);
}

int gen_cave(struct data *d, int width, int height, uint64_t seed,
             int nmonsters, struct diag_list *diags)
{
	return gen_make(d, width, height, seed, nmonsters, 1, diags);
}
