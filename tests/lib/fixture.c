/* SPDX-License-Identifier: MIT */
/* fixture.c - the test fixtures and the source tree (see fixture.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/path/path.h"
#include "lib/fixture.h"
#include "lib/tap.h"

const char *fixture_srcdir(void)
{
	const char *top = getenv("top_srcdir");

	return top && *top ? top : ".";
}

void fixture_path(char *buf, size_t cap, const char *name)
{
	snprintf(buf, cap, "%s/tests/fixtures/%s", fixture_srcdir(), name);
}

void fixture_load_den312d(struct grid *g, struct movingai_scen *sc)
{
	char map_path[1024], scen_path[1024];
	struct movingai_error err;

	fixture_path(map_path, sizeof(map_path), "den312d.map");
	fixture_path(scen_path, sizeof(scen_path), "den312d.map.scen");
	if (movingai_load_map(map_path, g, &err) != MOVINGAI_OK)
		print_error("%s:%d:%d: %s\n", map_path, err.line, err.col,
		            err.message);
	assert_non_null(g->cost);
	if (movingai_load_scen(scen_path, sc, &err) != MOVINGAI_OK)
		print_error("%s:%d:%d: %s\n", scen_path, err.line, err.col,
		            err.message);
	assert_int_equal(sc->count, 320);
}

int fixture_matches_optimal(const struct movingai_problem *q, int status,
                            uint64_t cost, uint32_t straight)
{
	double got = status == PATH_FOUND ? (double)cost / straight : -1.0;
	double tol = 0.005 + 1e-5 * q->optimal;

	if (status == PATH_FOUND && fabs(got - q->optimal) <= tol)
		return 1;
	print_error("row %d: (%d,%d)->(%d,%d) expected %.5f got %.5f (%s)\n",
	            q->line, q->start_x, q->start_y, q->goal_x, q->goal_y,
	            q->optimal, got, path_status_name(status));
	return 0;
}
