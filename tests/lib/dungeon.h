/* SPDX-License-Identifier: MIT */
/* dungeon.h - hand-made dungeons for the tests of the world, the minds
 * and the game: monster kinds, a legend and a map's rows, loaded as if
 * they were data/maps/test.txt (so that "../terrain.txt" is the shipped
 * terrain), a game made from them, and what the tests ask of it. */
#ifndef HUNTED_TESTS_DUNGEON_H
#define HUNTED_TESTS_DUNGEON_H

#include <stdint.h>

#include <stddef.h>

#include "core/data/data.h"
#include "core/game.h"

/* Plain monster kinds whose speed and senses are easy to reason about
 * (opener, shut, lazy, fast, slow, firewary), and a legend for them and
 * for every kind of terrain the tests use. */
extern const char dungeon_kinds[];
extern const char dungeon_legend[];

/* The data of kinds + legend + "MAP" rows "ENDMAP"; a problem in them
 * prints every diagnostic and fails the test. */
struct data *dungeon_load(const char *kinds, const char *legend,
                          const char *rows);

/* A game on that data with the map's own monsters, under o (NULL: the
 * defaults); fails the test when it cannot be made. */
struct game *dungeon_game(const char *kinds, const char *legend,
                          const char *rows, uint64_t seed,
                          const struct mind_options *o);

/* A game on rows with dungeon_kinds and dungeon_legend, whose player
 * cannot die: the tests watch the monsters. */
struct game *dungeon_play(const char *rows, uint64_t seed,
                          const struct mind_options *o);

/* A game on a shipped dungeon, data/maps/FILE of the source tree, with
 * seed and monsters as game_new takes them (-1: the map's own). */
struct game *dungeon_shipped(const char *file, uint64_t seed, int monsters);

/* The map as the player would see it, with every monster's mind, for
 * the log of a failing test. */
void dungeon_dump(const struct game *g);

/* A failed check that first shows the dungeon and the minds. */
#define ASSERT_GAME(g, cond)                                                   \
	do {                                                                   \
		if (!(cond)) {                                                 \
			dungeon_dump(g);                                       \
			fail_msg("%s", #cond);                                 \
		}                                                              \
	} while (0)

/* Every actor in its own cell, and the occupancy agrees with the
 * monsters (a cmocka failure otherwise). */
void dungeon_check_occupancy(const struct world *w);

/* Whether (x, y) is on the mind's kept path. */
int dungeon_path_has(const struct mind *mi, int x, int y);

/* Monster i told where the player is, as if it had seen it there. */
void dungeon_tell(struct game *g, size_t i);

/* Whether monster i stands next to the player. */
int dungeon_adjacent(const struct world *w, size_t i);

#endif
