/* SPDX-License-Identifier: MIT */
/* kind_impl.h - kind.c's part of the minds' inside, for the files of
 * src/core/mind/: each monster kind's grid and components, kept up to
 * date from the world's log of changes, and the kind's search
 * parameters.  Its own header, so that the inline check of kind_sync
 * stays with kind.c rather than in the state every file reads. */
#ifndef HUNTED_KIND_IMPL_H
#define HUNTED_KIND_IMPL_H

#include "state_impl.h"

struct kind_state *kind_get(struct minds *md, const struct world *w, int kind);
/* What minds_kind_cost (mind.h) answers: a cell of terrain t on the
 * kind's grid. */
uint8_t kind_cost(const struct world *w, int kind, int t);
void kind_sync_changes(struct minds *md, const struct world *w);

/* Brings every kind's grid up to the world's latest change (nothing to
 * do, the usual case, costs one comparison). */
static inline void kind_sync(struct minds *md, const struct world *w)
{
	if (md->work->synced != w->change_serial)
		kind_sync_changes(md, w);
}
void kind_free(struct kind_state *ks);
int kind_labels_fresh(struct kind_state *ks, const struct world *w);
/* The component of label l (a raw label, as labels[] holds it), and of
 * the cell at idx. */
uint32_t kind_comp_root(const struct kind_state *ks, uint32_t l);
uint32_t kind_comp_at(const struct kind_state *ks, size_t idx);
int kind_goal_reachable(struct kind_state *ks, const struct world *w, int x,
                        int y, int gx, int gy);
/* Whether (gx, gy), or a cell next to it where the kind cannot stand
 * there, is in component here; the labels fresh. */
int kind_goal_joins(const struct kind_state *ks, const struct world *w,
                    uint32_t here, int gx, int gy);
/* What minds_params, minds_kind_jumps, minds_kind_optimal and
 * minds_kind_maps (mind.h) answer, kept here below every file of the
 * folder that plans so that none of them calls back up into mind.c. */
void kind_params(const struct world *w, int kind, struct path_params *p);
int kind_jumps(const struct world *w, int kind);
int kind_optimal(const struct world *w, int kind);
int kind_maps(const struct world *w, int kind);

#endif
