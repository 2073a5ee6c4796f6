/* SPDX-License-Identifier: MIT */
/* gen_state_impl.h - what the dungeon generator's files share: the
 * generator's state, its terrain and cell marks, and the steps both kinds
 * of dungeon use.  gen.c runs a generation and places the monsters;
 * gen_rooms.c makes rooms and corridors, gen_cave.c caves, and
 * gen_common.c holds what both of those use.  The state lies below all
 * four files, so it has a header of its own rather than gen.c's: the
 * makers use it without reaching up into the file that calls them. */
#ifndef HUNTED_GEN_STATE_IMPL_H
#define HUNTED_GEN_STATE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/rng.h"
#include "core/data/data.h"

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

static inline size_t gen_idx(const struct gen *g, int x, int y)
{
	return (size_t)y * (size_t)g->w + (size_t)x;
}

static inline void gen_set(struct gen *g, int x, int y, int gt)
{
	g->cells[gen_idx(g, x, y)] = (uint8_t)g->t[gt];
}

static inline int gen_min(int a, int b)
{
	return a < b ? a : b;
}

static inline int gen_max(int a, int b)
{
	return a > b ? a : b;
}

static inline int gen_clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* gen_common.c: the patches both kinds of dungeon get, reachability
 * and placing things. */
int gen_in_ellipse(int dx, int dy, int rx, int ry);
int gen_patch_cell(struct gen *g, const uint32_t odds[4], uint32_t kind, int x,
                   int y, int dx, int dy, int rx, int ry);
size_t gen_bfs(struct gen *g, const uint8_t *pass);
int gen_exit_reachable(struct gen *g);
void gen_place(struct gen *g, int kind, int what, int x, int y);

/* One dungeon of rooms and corridors (gen_rooms.c) or one cave
 * (gen_cave.c) from the current RNG state: 1 when it is playable, 0 when
 * it is not, -1 when out of memory. */
int gen_rooms_attempt(struct gen *g);
int gen_cave_attempt(struct gen *g);

#endif
