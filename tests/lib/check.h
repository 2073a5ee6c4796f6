/* SPDX-License-Identifier: MIT */
/* check.h - checks that print the case they failed on.  A property test
 * runs thousands of random cases, and a failure is only useful with the
 * one that broke it: describe each case (cheaply: it is only formatted on
 * failure), then CHECK it; a failure prints the case, its map drawn, and
 * fails the test.  Also the check every path test makes of a path the
 * engine returns. */
#ifndef HUNTED_TESTS_CHECK_H
#define HUNTED_TESTS_CHECK_H

#include <stdint.h>

#include "core/path/path.h"
#include "lib/map.h"
#include "lib/tap.h"

/* Maps wider or taller than this are not drawn. */
#define CHECK_DRAW_MAX 64

struct check_case {
	int is_query; /* a search (the fields below) or text */
	char text[256];
	uint64_t seed;
	struct path_params p;
	int sx, sy, gx, gy;
	const struct test_map *map; /* drawn when given */
};

/* The case now being checked. */
extern struct check_case check_case;

void check_describe(uint64_t seed, const struct test_map *m,
                    const struct path_params *p, int sx, int sy, int gx,
                    int gy);
void __attribute__((format(printf, 2, 3)))
check_describe_text(const struct test_map *m, const char *fmt, ...);
/* Prints the case described last. */
void check_dump(void);

#define CHECK(cond)                                                            \
	do {                                                                   \
		if (!(cond)) {                                                 \
			check_dump();                                          \
			fail_msg("%s:%d: %s", __FILE__, __LINE__, #cond);      \
		}                                                              \
	} while (0)

#define CHECK_EQ(a, b)                                                         \
	do {                                                                   \
		long long check_a_ = (long long)(a);                           \
		long long check_b_ = (long long)(b);                           \
		if (check_a_ != check_b_) {                                    \
			check_dump();                                          \
			fail_msg("%s:%d: %s == %s: %lld != %lld", __FILE__,    \
			         __LINE__, #a, #b, check_a_, check_b_);        \
		}                                                              \
	} while (0)

/* Search parameters: the defaults with these instead, h_scale 1 and no
 * budget. */
void check_params(struct path_params *p, enum path_algo algo,
                  enum path_heuristic heur, enum path_diagonal rule,
                  const struct test_costs *c, uint32_t weight);

/* The path must run from start to goal through steps the oracle's rule
 * allows, and the reported cost and length must be those of the returned
 * points. */
void check_path(const struct test_map *m, enum path_diagonal rule,
                const struct test_costs *c, int sx, int sy, int gx, int gy,
                const struct path_point *pts, const struct path_result *res);

#endif
