/* SPDX-License-Identifier: MIT */
/* hpa.h - hunted's third path engine: a hierarchy for big maps, after
 * hierarchical path-finding A* (HPA*, Botea, Mueller and Schaeffer 2004),
 * the "waypoints" the path-finding tutorials suggest once a map grows.
 *
 * The map is cut into square clusters of csize x csize cells.  Wherever
 * two neighbouring clusters touch through open cells (a run of open
 * cell pairs across their border) the run gets one crossing, in its
 * middle, or two, at its ends, when it is 6 cells or longer; under
 * PATH_DIAG_ALWAYS a diagonal step across a border whose two corner cells
 * are both blocked gets one too, so that no way between clusters is lost.
 * The cells on either side of a crossing are the abstract graph's nodes.
 * Inside each cluster the cheapest way from every node to every other,
 * staying in the cluster, is worked out once (a Dijkstra from each node)
 * and kept: those are the graph's edges, with the single steps of the
 * crossings between clusters.
 *
 * A query links the start to the nodes of its cluster and the nodes of
 * the goal's cluster to the goal (one small search in each cluster),
 * searches the abstract graph with A* (octile distance times the smallest
 * multiplier: consistent), then turns the abstract path into cells.  The
 * refinement is also the smoothing: the abstract path visits clusters
 * in turn, and a window spanning the bounding box of three of them
 * searches from where the way stands to the abstract path's last node in
 * the third (the goal in the last window), keeping its answer up to
 * where it last enters the next window's box; then the window moves on
 * one cluster.  Each window can only shorten the way (the abstract path
 * through it is one of the paths it weighs), so the result never costs
 * more than the abstract path, and the crossings the hierarchy fixed
 * move to where the way is cheapest, corners are cut where the rule
 * allows, and a cluster can be skipped altogether.
 * The answer is close to the cheapest path but not always it: the cost
 * over optimal is measured by pathbench --hpa.
 *
 * Terrain costs and doors: a hierarchy is built for one grid (its
 * multipliers, doors as that grid has them) and one set of moves (step
 * costs and diagonal rule).  When cells of the grid change, tell it
 * (hpa_cells_changed): the cluster of the cell is rebuilt, and when the
 * cell lies on a cluster's edge, the neighbour across that edge too, at
 * the next query (or hpa_update).  Nothing else is rebuilt.
 *
 * Completeness: a query finds a path exactly when one exists; the
 * statuses are path_find's (PATH_FOUND, PATH_NO_PATH, PATH_BAD_ARG,
 * PATH_NOMEM, PATH_COST_RANGE).  The whole path is returned, or, with
 * windows > 0, only the first windows of it: enough for a monster to
 * start walking (partial = 1, the path ends on the way, and cost and
 * length are those of the part returned).
 *
 * Memory: two bytes per padded cell (which node a cell is), per cluster
 * its nodes and their distance table, the abstract search's state (12
 * bytes per possible node: 4 * csize per cluster) and window buffers of
 * (3 * csize)^2 cells; see hpa_bytes. */
#ifndef HUNTED_HPA_H
#define HUNTED_HPA_H

#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "path.h"

#define HPA_CSIZE_MIN     4
#define HPA_CSIZE_MAX     64
#define HPA_CSIZE_DEFAULT 16

struct hpa;

/* What one query did, beyond struct path_result's totals. */
struct hpa_info {
	uint32_t abstract_expanded; /* abstract nodes taken off the open list */
	uint32_t abstract_nodes;    /* nodes on the abstract path, start and
	                               goal included */
	uint32_t abstract_cost;     /* the abstract path's cost */
	uint32_t link_expanded;     /* cells settled linking start and goal */
	uint32_t refine_expanded;   /* cells expanded by the windows */
	uint32_t windows;           /* windows searched */
	uint32_t rebuilt;           /* clusters rebuilt before this query */
};

/* A hierarchy for grids of width x height cut into csize x csize
 * clusters (HPA_CSIZE_MIN..HPA_CSIZE_MAX).  NULL when out of memory or
 * the sizes are out of range.  It is built by the first query or
 * hpa_build. */
struct hpa *hpa_new(int width, int height, int csize);
void hpa_free(struct hpa *h);
/* Memory the hierarchy holds now. */
size_t hpa_bytes(const struct hpa *h);
int hpa_csize(const struct hpa *h);
/* Clusters, nodes and directed edges of the abstract graph now. */
void hpa_counts(const struct hpa *h, size_t *clusters, size_t *nodes,
                size_t *edges);

/* Builds every cluster for grid g and the moves of p (its diagonal rule
 * and step costs; the rest is ignored).  0, PATH_BAD_ARG (a grid of
 * another size, bad moves) or PATH_NOMEM. */
int hpa_build(struct hpa *h, const struct grid *g, const struct path_params *p);

/* (x, y) of the grid changed (blocked, opened, another multiplier): its
 * cluster, and the one across when the cell is on a cluster's edge, are
 * rebuilt by the next query or hpa_update.  Cells off the map are
 * ignored. */
void hpa_cells_changed(struct hpa *h, int x, int y);
/* Rebuilds the clusters changes touched, now; returns how many (or
 * PATH_NOMEM).  The grid must be the one the hierarchy was built for. */
int hpa_update(struct hpa *h, const struct grid *g);

/* Searches from (sx, sy) to (gx, gy) on g with p's moves, which must be
 * the ones the hierarchy was built with (else PATH_BAD_ARG); the first
 * query builds it.  p's algorithm, heuristic, weight and ties are
 * ignored, its budget too.  windows = 0 returns the whole path; n > 0
 * stops after n windows once the path has a step (a window may leave
 * all it found to the next).  The path, start first, goes into buf
 * (min(length, cap) points); res (required) receives status, cost,
 * length and the total work (stats.expanded: abstract nodes, linking
 * and window cells); info (may be NULL) the work by part.  Returns
 * res->status. */
int hpa_find(struct hpa *h, const struct grid *g, const struct path_params *p,
             int sx, int sy, int gx, int gy, unsigned windows,
             struct path_point *buf, size_t cap, struct path_result *res,
             struct hpa_info *info);

/* For the AI view: the cluster size, and whether (x, y) is a node of the
 * abstract graph (a crossing's cell) as last built. */
int hpa_is_node(const struct hpa *h, int x, int y);

/* The abstract path of the last successful query (start, the nodes,
 * goal): up to cap points into buf; returns how many there are. */
size_t hpa_last_abstract(const struct hpa *h, struct path_point *buf,
                         size_t cap);

#endif
