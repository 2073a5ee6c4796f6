/* SPDX-License-Identifier: MIT */
/* check.c - the case being checked, and the path check (see check.h). */
#include <stdio.h>
#include <string.h>

#include "lib/check.h"
#include "lib/oracle.h"

struct check_case check_case;

void check_describe(uint64_t seed, const struct test_map *m,
                    const struct path_params *p, int sx, int sy, int gx, int gy)
{
	check_case.is_query = 1;
	check_case.seed = seed;
	check_case.map = m;
	check_case.p = *p;
	check_case.sx = sx;
	check_case.sy = sy;
	check_case.gx = gx;
	check_case.gy = gy;
}

void check_describe_text(const struct test_map *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(check_case.text, sizeof(check_case.text), fmt, ap);
	va_end(ap);
	check_case.is_query = 0;
	check_case.map = m;
}

void check_dump(void)
{
	const struct check_case *c = &check_case;
	const struct test_map *m = c->map;
	const struct path_params *p = &c->p;
	char row[CHECK_DRAW_MAX + 1];
	int x, y;

	if (!c->is_query)
		print_message("case: %s\n", c->text);
	else
		print_message(
		        "case: seed %#llx %dx%d %s/%s/%s costs %u/%u "
		        "weight %u h_scale %u budget %u start (%d,%d) "
		        "goal (%d,%d)\n",
		        (unsigned long long)c->seed, m ? m->w : 0, m ? m->h : 0,
		        path_algo_name(p->algo < PATH_ALGO_COUNT ? p->algo : 0),
		        path_heuristic_name(
		                p->heuristic < PATH_H_COUNT ? p->heuristic : 0),
		        path_diagonal_name(p->diagonal < PATH_DIAG_COUNT
		                                   ? p->diagonal
		                                   : 0),
		        p->straight_cost, p->diagonal_cost, p->weight,
		        p->h_scale, p->budget, c->sx, c->sy, c->gx, c->gy);
	if (!m || m->w > CHECK_DRAW_MAX || m->h > CHECK_DRAW_MAX)
		return;
	for (y = 0; y < m->h; y++) {
		for (x = 0; x < m->w; x++) {
			uint8_t v = test_map_at(m, x, y);
			char ch = v == 0 ? '#' : (char)('0' + (v > 9 ? 9 : v));

			if (c->is_query && x == c->sx && y == c->sy)
				ch = 'S';
			else if (c->is_query && x == c->gx && y == c->gy)
				ch = 'G';
			row[x] = ch;
		}
		row[m->w] = '\0';
		print_message("  %s\n", row);
	}
}

void check_params(struct path_params *p, enum path_algo algo,
                  enum path_heuristic heur, enum path_diagonal rule,
                  const struct test_costs *c, uint32_t weight)
{
	path_params_default(p);
	p->algo = algo;
	p->heuristic = heur;
	p->diagonal = rule;
	p->straight_cost = c->s;
	p->diagonal_cost = c->d;
	p->weight = weight;
	p->h_scale = 1;
	p->budget = 0;
}

void check_path(const struct test_map *m, enum path_diagonal rule,
                const struct test_costs *c, int sx, int sy, int gx, int gy,
                const struct path_point *pts, const struct path_result *res)
{
	uint64_t sum = 0;
	size_t i;

	CHECK_EQ(res->status, PATH_FOUND);
	CHECK(res->length >= 1);
	CHECK(res->length <= (size_t)m->w * (size_t)m->h);
	CHECK_EQ(pts[0].x, sx);
	CHECK_EQ(pts[0].y, sy);
	CHECK_EQ(pts[res->length - 1].x, gx);
	CHECK_EQ(pts[res->length - 1].y, gy);
	for (i = 1; i < res->length; i++) {
		uint64_t step = 0;

		if (!oracle_step(m, rule, c, pts[i - 1].x, pts[i - 1].y,
		                 pts[i].x, pts[i].y, &step)) {
			check_dump();
			fail_msg("illegal step %zu: (%d,%d) -> (%d,%d) under "
			         "%s",
			         i, pts[i - 1].x, pts[i - 1].y, pts[i].x,
			         pts[i].y, path_diagonal_name(rule));
		}
		sum += step;
	}
	CHECK_EQ(sum, res->cost);
}
