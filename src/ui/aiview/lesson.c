/* SPDX-License-Identifier: MIT */
/* lesson.c - a lesson's page applied to the AI view: the search, layers
 * and step the page asks for. */
#include "config.h"

#include "aiview_impl.h"

void aiview_apply_page(struct aiview *a, const struct data_page *pg)
{
	const struct world *w = a->game->world;

	a->on = 1;
	if (!aiview_alive(a, a->sel))
		aiview_follow(a);
	if (aiview_alive(a, a->sel))
		minds_params(w, w->monsters[a->sel].kind, &a->p);
	a->custom = 1;
	a->by_page = 1;
	a->jps = pg->algorithm == PATH_ALGO_COUNT;
	a->p.algo = a->jps ? PATH_ASTAR : (enum path_algo)pg->algorithm;
	a->p.heuristic = (enum path_heuristic)pg->heuristic;
	a->p.diagonal = (enum path_diagonal)pg->diagonal;
	a->p.weight = (uint32_t)pg->weight * 100;
	a->value = pg->layer == DATA_LAYER_G   ? 'g'
	           : pg->layer == DATA_LAYER_H ? 'h'
	           : pg->layer == DATA_LAYER_F ? 'f'
	                                       : 0;
	a->arrows = pg->layer == DATA_LAYER_ARROWS;
	a->cost = pg->layer == DATA_LAYER_COST;
	a->dmap = 0;
	a->open = pg->open;
	a->boxes = pg->boxes;
	a->htable = pg->heuristics;
	a->p.ties = (enum path_ties)pg->ties;
	a->step = pg->step >= 0;
	a->step_shown = pg->step >= 0 ? (size_t)pg->step : 0;
	a->have = 0;
	a->cells_ok = 0;
}
