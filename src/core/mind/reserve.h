/* SPDX-License-Identifier: MIT */
/* reserve.h - the reservation table of cooperative path-finding: which
 * monster has claimed which cell at which future turn.
 *
 * A monster planning through a crowd claims the cell it means to stand on
 * at each turn of a short window ahead (now .. now + window); the others
 * plan round those claims.  The table holds one small hash set of
 * (cell -> owner) per turn in a ring of window + 1 turns: rolling it to a
 * new turn drops the turns gone by.  An owner holds at most one cell per
 * turn, so a turn's set never holds more entries than there are owners,
 * and the memory is fixed when the table is made: about
 * (window + 1) * (4 * owners * 8 + owners * 8) bytes.
 *
 * The table itself only refuses a second claim on a (cell, turn); the
 * rules of moving through claims (no stepping into a claimed cell, no two
 * monsters trading cells in one turn) are reserve_step_ok. */
#ifndef HUNTED_RESERVE_H
#define HUNTED_RESERVE_H

#include <stddef.h>
#include <stdint.h>

struct reserve;

/* A table for a width x height map, claims up to window turns ahead
 * (1..64), owners 0..owners-1.  NULL when out of memory or the arguments
 * are out of range. */
struct reserve *reserve_new(int width, int height, int window, size_t owners);
void reserve_free(struct reserve *r);

/* The turn the table starts at, and its window. */
uint32_t reserve_now(const struct reserve *r);
int reserve_window(const struct reserve *r);

/* Moves the table on to turn now: the claims of every turn before it are
 * dropped.  A table never goes back in time (an earlier now is ignored). */
void reserve_roll(struct reserve *r, uint32_t now);

/* The owner of (x, y) at turn t, or -1 when nobody claimed it (or t is
 * outside the window, or the cell off the map). */
int reserve_owner(const struct reserve *r, int x, int y, uint32_t t);

/* Claims (x, y) at turn t for owner.  Returns 0 when done (also when the
 * owner already holds it), -1 when another owner holds it, t is outside
 * the window or the cell off the map, and -2 when the owner already
 * holds another cell at turn t. */
int reserve_claim(struct reserve *r, int x, int y, uint32_t t, int owner);

/* Drops every claim of owner. */
void reserve_release(struct reserve *r, int owner);

/* The cell owner holds at turn t: 1 with *x, *y set, or 0. */
int reserve_held(const struct reserve *r, int owner, uint32_t t, int *x,
                 int *y);

/* Whether owner may step from (x0, y0) at turn t to (x1, y1) at turn t + 1
 * (a wait when the cells are the same) as far as the others' claims go:
 * nobody else holds (x1, y1) at t + 1, and no other monster steps the
 * other way, from (x1, y1) at t to (x0, y0) at t + 1 (a swap). */
int reserve_step_ok(const struct reserve *r, int owner, int x0, int y0, int x1,
                    int y1, uint32_t t);

/* Claims held now, and the bytes the table holds. */
size_t reserve_count(const struct reserve *r);
size_t reserve_bytes(const struct reserve *r);

#endif
