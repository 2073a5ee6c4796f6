/* SPDX-License-Identifier: MIT */
/* mind.h - the monsters' minds: what each one wants, the path it keeps,
 * and the planner that decides its next action.
 *
 * Every monster plans with A* over a cost grid made for its kind (terrain
 * costs, its own overrides, the doors it can pass, plus the turn it takes
 * to open one) and keeps the path while it stays valid: the goal has not
 * drifted beyond the kind's tolerance and no cell on the rest of the path
 * changed in a way that matters to that kind.  Other monsters near the
 * mover add cost rather than walls, so a crowd spreads out instead of
 * sealing a corridor; under the coop strategy a crowd also plans its
 * next turns in space and time round the cells each has reserved
 * (coop.c, reserve.h), and under the automatic one the monsters of a
 * jam do, for a few turns.  On a big map, a long search that costs A* enough
 * goes to the hierarchy (core/path/subgoal.h), which gives the cheapest
 * way at a fraction of the work.  A monster whose way to
 * a goal that stays put keeps being broken by changes (doors shut in its
 * face) is lent one of a few D* Lite contexts (core/path/dlite.h,
 * repair.c), which repairs its search instead of starting over.  A
 * target out of reach is recognised from the kind's connected components
 * without a search, and the monster settles on the closest reachable
 * cell until the map changes.  When many chasers of a kind need a new way
 * at once, one distance map from the player can serve them all.
 *
 * The minds only read the world.  They learn what changed in the dungeon
 * from the world's log of changes, and a decision may draw on the game's
 * RNG and report events, both lent by the turn (core/game.c). */
#ifndef HUNTED_MIND_H
#define HUNTED_MIND_H

#include <stddef.h>
#include <stdint.h>

#include "core/path/grid.h"
#include "core/path/path.h"
#include "core/world/world.h"
#include "state.h"

struct jps_ctx;

/* Nodes all monsters may expand in one tick unless told otherwise, other
 * work (cells of distance maps, a search's start) charged at what it
 * costs against a node (state_impl.h): with 2,000 hunters on 512x512, a
 * monsters' phase of under a millisecond on the 2-core development
 * machine, their planning about two thirds of it (turnbench,
 * doc/benchmarks.md); monsters past it follow their kept paths. */
#define MIND_TURN_BUDGET 15000u

void mind_options_default(struct mind_options *o);

/* Minds for the monsters of w as they stand: guards hold their posts,
 * the others wander.  Returns NULL when out of memory. */
struct minds *minds_new(const struct world *w, const struct mind_options *o);
void minds_free(struct minds *m);

/* Builds, for every kind of monster alive in w, what its planning needs
 * (cost grid, components), so the first turn does not pay for it.
 * Optional: everything is built on first use otherwise. */
void minds_prepare(struct minds *m, const struct world *w);

/* What the monsters of `from` knew, carried over to the minds of a
 * reloaded world whose monster n was from's monster index[n]: modes, what
 * they saw, their goals; their paths are forgotten.  The counters carry
 * over too. */
void minds_carry(struct minds *m, const struct minds *from,
                 const size_t *index);

/* The start of the monsters' tick: the planning budget is refilled and
 * the shared distance maps are chosen for the kinds that want them. */
void minds_tick(struct minds *m, const struct world *w);

/* Decides what monster i does now; the world carries it out (act.h).
 * May search (counted in m->stats), updates the monster's mind, draws on
 * rng (the game's) and reports events into log (the turn's). */
void minds_decide(struct minds *m, const struct world *w, struct rng *rng,
                  struct event_log *log, size_t i, struct world_action *out);

/* The cost grid monster kind k plans on (doors as it can pass them), as
 * the dungeon is now, or NULL when out of memory. */
const struct grid *minds_kind_grid(struct minds *m, const struct world *w,
                                   int kind);

/* What a cell of terrain t costs on monster kind k's grid (0: it cannot
 * enter it; a door with the turns opening or bashing it takes), from the
 * data alone: for a grid kept apart from the minds, which reading
 * minds_kind_grid would bring up to the world's changes. */
uint8_t minds_kind_cost(const struct world *w, int kind, int terrain);

/* The region of (x, y) for monster kind k: the connected area of its
 * grid the cell is in, as the minds keep it up to date through doors
 * opened and shut; two cells with the same region join.  0 for a cell
 * the kind cannot stand on, off the map, or when out of memory. */
uint32_t minds_kind_region(struct minds *m, const struct world *w, int kind,
                           int x, int y);

/* The shared distance map monster kind k's chasers walk (distmap.h),
 * with the cell it leads to in *tx, *ty, or NULL when the kind has none
 * that is current. */
struct distmap;
const struct distmap *minds_kind_distmap(const struct minds *m, int kind,
                                         int *tx, int *ty);

/* Monster i's safety map (flee.c) when it flees and the last step read
 * off one was its own: one value a cell, row major, lower is safer,
 * INT32_MAX where it cannot go or the map does not reach.  NULL
 * otherwise. */
const int32_t *minds_flee_map(const struct minds *m, size_t i);

/* The memory the minds hold now: *per_monster, what grows with the
 * monsters (each one's mind and kept path), and *per_map, what grows with
 * the map (the planner's search contexts, each kind's cost grid and
 * components, shared distance maps, buffers). */
void minds_bytes(const struct minds *md, size_t *per_monster, size_t *per_map);

/* The parameters a monster kind searches with: its algorithm, heuristic,
 * diagonal rule and weight from monsters.txt (A* for jump point search,
 * which is A* over jump points), its budget. */
void minds_params(const struct world *w, int kind, struct path_params *p);
/* Whether the kind searches with jump point search (where the grid
 * allows: every cell it may enter costs the same, crowd included, and
 * diagonal moves; otherwise with A*). */
int minds_kind_jumps(const struct world *w, int kind);
/* Whether the kind's searches find the cheapest path (A* with w = 1 and
 * an admissible heuristic, Dijkstra, jump point search). */
int minds_kind_optimal(const struct world *w, int kind);
/* Whether the kind's chasers may walk a shared distance map, whose way
 * keeps what the kind's own search promises: the cheapest way (optimal
 * kinds), the fewest steps (breadth-first, its map counting steps:
 * distmap.h), or a way at most w times the cheapest (weighted A* under
 * an admissible heuristic: the map's is the cheapest).  Greedy
 * best-first promises nothing, and keeps to its own search. */
int minds_kind_maps(const struct world *w, int kind);

/* Runs monster i's search again from its cell to (gx, gy), with params p
 * (any algorithm, heuristic, rule, weight) and an optional trace, on its
 * kind's grid with the crowd around it priced in, without touching the
 * game: for the AI view.  ctx must be sized for the map.  Returns the
 * path status. */
int minds_search_again(struct minds *m, const struct world *w, size_t i, int gx,
                       int gy, const struct path_params *p,
                       struct path_ctx *ctx, struct path_point *buf, size_t cap,
                       struct path_result *res, struct path_trace *trace);

/* The same query by jump point search (jps.h), for the AI view: p's rule
 * and step costs, A* with w = 1, and an optional trace of the jump
 * points.  The kind's grid is scanned first, as the monster sees it
 * (other monsters add their crowd cost); PATH_BAD_ARG when jump point
 * search cannot take it: costs that differ from cell to cell, or a 4-way
 * rule.  ctx must be sized for the map. */
int minds_jump_again(struct minds *m, const struct world *w, size_t i, int gx,
                     int gy, const struct path_params *p, struct jps_ctx *ctx,
                     struct path_point *buf, size_t cap,
                     struct path_result *res, struct path_trace *trace);

/* The same query by a hierarchy (subgoal.h) the caller built on the kind's
 * grid (minds_kind_grid) for p's moves, whole, with the crowd priced in
 * as the monster sees it: for the AI view.  Returns the path status. */
struct subgoal;
struct subgoal_info;
int minds_hier_again(struct minds *md, const struct world *w, size_t i, int gx,
                     int gy, const struct path_params *p, struct subgoal *h,
                     struct path_point *buf, size_t cap,
                     struct path_result *res, struct subgoal_info *info);
/* Monster i's cooperative plan (coop.c): the cells it has reserved,
 * buf[k] for turn *turn + k (buf[0] where it stood when it planned), at
 * most cap of them.  Returns how many the plan holds, 0 when the monster
 * does not plan cooperatively now. */
size_t minds_coop_plan(const struct minds *m, size_t i, uint32_t *turn,
                       struct path_point *buf, size_t cap);
/* The reservation table of the cooperative planner, NULL before the
 * first cooperative plan (reserve.h). */
struct reserve;
const struct reserve *minds_reserve(const struct minds *m);

/* The same query by D* Lite (dlite.h) on the kind's grid with the crowd
 * priced in as the monster sees it, for the AI view: with fresh, a first
 * plan; otherwise a repair of the last one (same monster and goal), after
 * the cells whose priced cost differs from snap are reported and the
 * walker moved to where the monster stands.  snap holds the kind grid's
 * (width + 2) * (height + 2) padded cells as the last call priced them
 * and is brought up to date; *changed gets how many cells were reported.
 * Returns the path status. */
struct dlite_ctx;
int minds_dlite_again(struct minds *md, const struct world *w, size_t i, int gx,
                      int gy, const struct path_params *p,
                      struct dlite_ctx *ctx, uint8_t *snap, int fresh,
                      struct path_point *buf, size_t cap,
                      struct path_result *res, size_t *changed);

/* How monster i made its path again the last time a change broke it
 * (MIND_REPAIR_NONE if never), with the nodes that search expanded in
 * *expanded; *holds is 1 while the monster holds a D* Lite context (its
 * next break toward the same goal is repaired). */
enum mind_repair minds_repair(const struct minds *md, size_t i,
                              uint32_t *expanded, int *holds);

const char *mind_mode_name(enum mind_mode m);
const char *mind_strategy_name(enum mind_strategy s);
const char *mind_cache_name(enum mind_cache c);

#endif
