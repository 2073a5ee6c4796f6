/* SPDX-License-Identifier: MIT */
/* gen.h - seeded rooms-and-corridors dungeons (`hunted --generate WxH`)
 * and caves (`--generate WxH --cave`).
 *
 * The generator fills struct data's map exactly as data_load fills it from
 * a hand-made map file: terrain indices, glyphs, and DATA_PLACE_* entries
 * for the player start, the exit stairs, the keys and the monsters.  The
 * same width, height, seed and monster count give byte-identical dungeons
 * on every machine.
 *
 * What a generated dungeon holds:
 * - rooms of varied sizes inside walls, joined by corridors with some
 *   loops, so that a chase can go round in circles;
 * - doors where corridors meet rooms, mostly closed, some open;
 * - one locked gate that every way to the exit goes through, and its key
 *   lying on the player's side of it;
 * - patches of mud, water (shallow, and deep pools), lava, grass and trees
 *   inside some rooms, never on the only way through a room;
 * - the player in one room and the stairs in the room farthest from it;
 * - the monsters, of kinds drawn from the seed, each on a cell its kind
 *   crosses easily (eels only in water), none next to the player. */
#ifndef HUNTED_GEN_H
#define HUNTED_GEN_H

#include <stdint.h>

#include "core/data/data.h"
#include "core/base/diag.h"

/* Sizes a dungeon may have, walls included. */
#define GEN_MIN_W   20
#define GEN_MIN_H   10
#define GEN_MAX_DIM 1024

/* Generates a seeded rooms-and-corridors dungeon of width x height into d.
 * d must hold no dungeon yet, and must hold the terrain kinds of
 * data/terrain.txt (floor, wall, stairs, door_open, door_closed,
 * gate_locked and its key, mud, shallow_water, deep_water, lava, grass,
 * tree) and the monster kinds to place: load data/monsters.txt into it
 * first.
 *
 * nmonsters monsters are placed; each stands on a cell that is not a door,
 * at least two cells (Chebyshev) from the player, and that some monster
 * kind enters at a multiplier of 4 or less.  Asking for more monsters than
 * the dungeon has such cells is an error whose message ends in "has room
 * for N".
 *
 * Returns 0 with d->map set, or -1 with d->map left NULL and the reason
 * in diags: a size outside GEN_MIN_W x GEN_MIN_H .. GEN_MAX_DIM, a
 * monster count below 0, over DATA_MONSTERS_MAX or over the room
 * available, a missing terrain or
 * monster kind, or no memory. */
int gen_dungeon(struct data *d, int width, int height, uint64_t seed,
                int nmonsters, struct diag_list *diags);

/* Generates a seeded cave instead (`hunted --generate WxH --cave`), with
 * the same arguments, data, guarantees and errors: caverns grown by a
 * cellular automaton and joined by winding passages, one connected cave
 * with no doors, gate or key, patches of the same terrain as rooms get,
 * the player on a random floor cell and the stairs on the floor cell
 * farthest from it. */
int gen_cave(struct data *d, int width, int height, uint64_t seed,
             int nmonsters, struct diag_list *diags);

#endif
